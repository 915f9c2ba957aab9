"""Compare the native 13 Days engine with the Python one, card events first.

Plays seeded random games on both engines at once: every option combination
of ``thirteen/options.py`` is drawn at random per game, every decision is
uniform among the legal actions (so events, accepted offers, stolen cards,
Summit discards and every event frame are all exercised). After every
action it compares ``to_json`` byte for byte, the current player and the
legal ids in order; the first difference stops the run with the seed, the
ply, the last action and the first differing characters of the JSON.

At the end it prints how many times each card's event ran (counted inside
the Python registry), so a card that is never exercised is visible.

Usage (see /work/agents/BRIEF16.md for building the wheel)::

    PYTHONPATH=src:/tmp/t13cards-site python native/tests/check_thirteen_events.py [games] [first_seed]

``--roundtrip`` also loads the Python JSON into a native state every ply
and checks it writes the same text back (``from_json``).
"""

from __future__ import annotations

import collections
import json
import random
import sys
import time

import brinkmanship_native as native

from brinkmanship.core.game import get_game
from brinkmanship.thirteen.board import CARD_NAME
from brinkmanship.thirteen.events import REGISTRY
from brinkmanship.thirteen.options import OPTION_CHOICES, make_options

GAME = get_game("thirteen")
EVENT_RUNS: collections.Counter[int] = collections.Counter()



def _counting(card: int, fn):  # type: ignore[no-untyped-def]
    """``fn`` (the event of ``card``), counting each time it runs."""

    def run(d, play):  # type: ignore[no-untyped-def]
        EVENT_RUNS[card] += 1
        return fn(d, play)

    return run


# ``get_game`` imported the cards, so every event is registered by now.
for _card, _fn in list(REGISTRY.events.items()):
    REGISTRY.events[_card] = _counting(_card, _fn)


def random_options(r: random.Random) -> dict[str, object]:
    """Each option's value drawn uniformly (every combination can occur)."""
    return make_options({k: r.choice(v) for k, v in OPTION_CHOICES.items()})


def first_difference(a: str, b: str, width: int = 160) -> str:
    """Where two JSON texts first differ, with some context."""
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lo = max(0, i - width)
    return f"at char {i}\n  python: ...{a[lo:i + width]}\n  native: ...{b[lo:i + width]}"


def play(seed: int, roundtrip: bool) -> tuple[bool, int]:
    """One game; returns (no difference, plies)."""
    r = random.Random(seed * 7919 + 17)
    options = random_options(r)
    d = GAME.new(seed, dict(options))
    ns = native.ThirteenState.new_game(seed, json.dumps(options))
    last = "new game"
    ply = 0
    while True:
        pj = json.dumps(d, separators=(",", ":"))
        nj = ns.to_json()
        if pj != nj:
            print(f"seed {seed} ply {ply} after {last}: to_json differs {first_difference(pj, nj)}")
            print(f"  options: {options}")
            return False, ply
        if roundtrip:
            back = native.ThirteenState.from_json(pj).to_json()
            if back != pj:
                print(f"seed {seed} ply {ply}: from_json round trip differs {first_difference(pj, back)}")
                return False, ply
        pp, np_ = GAME.current_player(d), ns.current_player()
        if pp != np_:
            print(f"seed {seed} ply {ply} after {last}: current player {pp!r} vs native {np_!r}")
            return False, ply
        if pp is None:
            return True, ply
        legal = GAME.legal_actions(d)
        pids = [a.id for a in legal]
        nids = list(ns.legal_action_ids())
        if pids != nids:
            print(f"seed {seed} ply {ply} after {last}: legal ids differ\n  python: {pids}\n  native: {nids}")
            print(f"  python: {[a.text for a in legal]}")
            print(f"  top frame: {d['stack'][-1]}")
            return False, ply
        a = legal[r.randrange(len(legal))]
        last = f"{pp}: {a.text} (id {a.id})"
        GAME.apply(d, a)
        ns.apply_id(a.id)
        ply += 1


def main() -> int:
    args = [x for x in sys.argv[1:] if not x.startswith("--")]
    roundtrip = "--roundtrip" in sys.argv
    games = int(args[0]) if args else 1000
    first = int(args[1]) if len(args) > 1 else 0
    t0 = time.time()
    plies = 0
    failures = 0
    for seed in range(first, first + games):
        ok, n = play(seed, roundtrip)
        plies += n
        if not ok:
            failures += 1
            if failures >= 3:
                break
    dt = time.time() - t0
    print(f"{games} games from seed {first}: {plies} actions compared, {failures} games with differences"
          f" ({dt:.1f}s)")
    print("event runs per card:")
    for c in range(1, len(CARD_NAME)):
        print(f"  {c:2d} {CARD_NAME[c]:<24} {EVENT_RUNS[c]}")
    never = [c for c in range(1, len(CARD_NAME)) if not EVENT_RUNS[c]]
    if never:
        print(f"never ran: {never}")
    return 1 if failures or never else 0


if __name__ == "__main__":
    sys.exit(main())
