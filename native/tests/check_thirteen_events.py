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

``--eventful`` picks, half of the time, among the legal event plays and
accepted offers only (more events per game, and more of them in the same
round: bans, SOPs and To the Brink meeting the events they change).
``--perturb`` rewrites the board now and then at a turn decision (see
``perturb``) and loads the result into a new native state (``from_json``).
``--roundtrip`` also loads the Python JSON into a native state every ply
and checks it writes the same text back (``from_json``).
"""

from __future__ import annotations

import collections
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import brinkmanship_native as native

from brinkmanship.core import StateError
from brinkmanship.core.game import get_game
from brinkmanship.thirteen.board import CARD_NAME
from brinkmanship.thirteen.events import REGISTRY
from brinkmanship.thirteen.options import OPTION_CHOICES, make_options

GAME = get_game("thirteen")
EVENT_RUNS: collections.Counter[int] = collections.Counter()
THEN_RUNS: collections.Counter[str] = collections.Counter()
# Log entries the events write (``thirteen.event.*``: the branches without
# a decision, such as a ban or a missing prerequisite), over all games.
EVENT_CODES: collections.Counter[str] = collections.Counter()
PERTURBED = [0]  # positions rewritten by ``--perturb``



def _counting(card: int, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (the event of ``card``), counting each time it runs."""

    def run(d: dict[str, Any], play: Any) -> Any:
        EVENT_RUNS[card] += 1
        return fn(d, play)

    return run


def _counting_then(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """The continuation ``fn`` (``name``), counting each time it resumes."""

    def then(d: dict[str, Any], frame: Any, answer: Any) -> Any:
        THEN_RUNS[name] += 1
        return fn(d, frame, answer)

    return then


# ``get_game`` imported the cards, so every event is registered by now.
for _card, _fn in list(REGISTRY.events.items()):
    REGISTRY.events[_card] = _counting(_card, _fn)
for _name, _then in list(REGISTRY.continuations.items()):
    REGISTRY.continuations[_name] = _counting_then(_name, _then)


def random_options(r: random.Random) -> dict[str, object]:
    """Each option's value drawn uniformly (every combination can occur)."""
    return make_options({k: r.choice(v) for k, v in OPTION_CHOICES.items()})


def perturb(d: dict[str, Any], r: random.Random) -> bool:
    """Rewrite the board at a turn decision (cubes anywhere up to the
    limits, any DEFCON markers, prestige, round effects, sometimes an empty
    hand for the opponent), so that events meet the positions random play
    rarely reaches: full arenas, an empty supply, markers at the track's
    ends, bans in force. Returns False (the state unchanged) if the
    Python validator refuses the result."""
    from brinkmanship.thirteen.board import SIDES
    from brinkmanship.thirteen.data.board import ARENA_MAX, DEFCON_MAX, DEFCON_MIN, MAX_LEAD, SUPPLY
    from brinkmanship.thirteen.rules import ROUND_EFFECTS

    old = json.loads(json.dumps(d))
    for side in SIDES:
        row = [r.choice((0, 0, 1, 2, 3, 4, 5, ARENA_MAX)) for _ in d["cubes"][side]]
        while sum(row) > SUPPLY:
            i = r.randrange(len(row))
            row[i] = max(0, row[i] - 1)
        d["cubes"][side] = row
        d["defcon"][side] = [r.choice((DEFCON_MIN, DEFCON_MIN, 2, 3, 4, 5, DEFCON_MAX - 2)) for _ in d["defcon"][side]]
    d["prestige"] = r.randint(-MAX_LEAD, MAX_LEAD)
    d["fx"] = {k: [s for s in SIDES if r.random() < 0.3] for k in ROUND_EFFECTS}
    if r.random() < 0.3:
        victim = SIDES[1 - SIDES.index(d["stack"][-1]["p"])]
        d["discard"].extend(d["hands"][victim])
        d["hands"][victim] = []
    try:
        GAME.validate(d)
    except StateError:  # refused: keep the game as it was
        d.clear()
        d.update(old)
        return False
    return True


def first_difference(a: str, b: str, width: int = 160) -> str:
    """Where two JSON texts first differ, with some context."""
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    lo = max(0, i - width)
    return f"at char {i}\n  python: ...{a[lo:i + width]}\n  native: ...{b[lo:i + width]}"


def play(seed: int, roundtrip: bool, eventful: bool, perturbing: bool) -> tuple[bool, int]:
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
            EVENT_CODES.update(e["code"] for e in d["log"] if e["code"].startswith("thirteen.event."))
            return True, ply
        if perturbing and d["stack"][-1]["f"] == "turn" and r.random() < 0.25 and perturb(d, r):
            PERTURBED[0] += 1
            ns = native.ThirteenState.from_json(json.dumps(d, separators=(",", ":")))
            last = "perturbed " + last
            continue
        legal = GAME.legal_actions(d)
        pids = [a.id for a in legal]
        nids = list(ns.legal_action_ids())
        if pids != nids:
            print(f"seed {seed} ply {ply} after {last}: legal ids differ\n  python: {pids}\n  native: {nids}")
            print(f"  python: {[a.text for a in legal]}")
            print(f"  top frame: {d['stack'][-1]}")
            return False, ply
        a = legal[r.randrange(len(legal))]
        if eventful and r.random() < 0.5:
            events = [x for x in legal if x.verb in ("event", "accept")]
            if events:
                a = events[r.randrange(len(events))]
        last = f"{pp}: {a.text} (id {a.id})"
        GAME.apply(d, a)
        ns.apply_id(a.id)
        ply += 1


def main() -> int:
    args = [x for x in sys.argv[1:] if not x.startswith("--")]
    roundtrip = "--roundtrip" in sys.argv
    eventful = "--eventful" in sys.argv
    perturbing = "--perturb" in sys.argv
    games = int(args[0]) if args else 1000
    first = int(args[1]) if len(args) > 1 else 0
    t0 = time.time()
    plies = 0
    failures = 0
    for seed in range(first, first + games):
        ok, n = play(seed, roundtrip, eventful, perturbing)
        plies += n
        if not ok:
            failures += 1
            if failures >= 3:
                break
    dt = time.time() - t0
    print(f"{games} games from seed {first}: {plies} actions compared, {failures} games with differences"
          f" ({dt:.1f}s, {PERTURBED[0]} positions rewritten)")
    print("event runs per card:")
    for c in range(1, len(CARD_NAME)):
        print(f"  {c:2d} {CARD_NAME[c]:<24} {EVENT_RUNS[c]}")
    print("continuations resumed:")
    for name in sorted(REGISTRY.continuations):
        print(f"  {name:<24} {THEN_RUNS[name]}")
    print("event log entries:")
    for code, n in sorted(EVENT_CODES.items()):
        print(f"  {code:<50} {n}")
    never = [c for c in range(1, len(CARD_NAME)) if not EVENT_RUNS[c]]
    if never:
        print(f"never ran: {never}")
    return 1 if failures or never else 0


if __name__ == "__main__":
    sys.exit(main())
