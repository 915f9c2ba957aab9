"""Differential check of the native Mid War card events against the Python
engine: seeded random games with events on, played on both engines and
compared after every action (to_json byte for byte, the current player, the
legal ids in order).

    PYTHONPATH=<worktree>/src:<native site> python native/tests/check_twilight_mid.py \
        [--games N] [--planted N] [--first SEED]

Only the Mid War events are native so far: the events of the other cards
are taken out of Python's registry (the scoring cards stay: the rules run
them), so both engines treat those cards as having no event.

Two kinds of games:

- plain: random play from turn 1 (optional cards on for even seeds, off for
  odd ones);
- planted: random play in which, at headline and action-round decisions, a
  Mid War card is often put into the deciding side's hand (swapped with one
  of its cards, the swapped card taking the Mid War card's place in the
  deck, discard pile or removed pile) and then usually played, for its
  event or for ops. The changed Python state is loaded into the native
  engine with `from_json`, so every event runs in many positions, also
  during the Early War and in later turns that random games rarely reach.

Chance nodes apply the id `chance_action_id` picks on both. On a difference
the seed, the ply, the last action and a short diff are printed and the
script exits with status 1. At the end, how often each event ran and each
of its log messages appeared.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time

import brinkmanship_native as native

from brinkmanship.core import get_game
from brinkmanship.core.options import make_options
from brinkmanship.twilight.board import SCORING
from brinkmanship.twilight.events import REGISTRY

SEP = (",", ":")

MID = [36, 39, 41, 43, 45, 46, 47, 48, 51, 52, 53, 54, 55, 56, 57, 58,
       61, 62, 63, 64, 65, 66, 68, 69, 70, 71, 72, 73, 74, 75, 76, 78, 80]

# Ids of the actions that play a card (actions.py: headline, event, ops).
ID_HEADLINE, ID_EVENT, ID_OPS = 0, 110, 220

RUNS: collections.Counter[int] = collections.Counter()
CODES: collections.Counter[str] = collections.Counter()


def _counted(card: int, fn):  # type: ignore[no-untyped-def]
    def run(d, play):  # type: ignore[no-untyped-def]
        RUNS[card] += 1
        lads = d["effects"].get("Latin American Death Squads")
        if card == 69 and lads is not None and lads["side"] != play.side:
            CODES["Latin American Death Squads by both sides"] += 1
        return fn(d, play)
    return run


def restrict_registry() -> None:
    """Keep only the Mid War events (counted) and the scoring cards."""
    for c in list(REGISTRY.events):
        if c in MID:
            REGISTRY.events[c] = _counted(c, REGISTRY.events[c])
        elif not SCORING[c]:
            del REGISTRY.events[c]
    missing = [c for c in MID if c not in REGISTRY.events]
    assert not missing, missing


def count_codes(log: list[dict]) -> None:
    """Count the branches the Mid War events took, from a finished game's
    log: the events' own messages, VP they gave, failed events, Brush War's
    outcomes and Junta's free coups."""
    for e in log:
        code, a = e["code"], e["args"]
        if code.startswith("twilight.card."):
            CODES[code] += 1
        elif code == "twilight.vp.gain" and a["why"].get("code") == "twilight.why.card" \
                and a["why"]["args"]["card"] in MID:
            CODES[f"VP from #{a['why']['args']['card']}"] += 1
        elif code == "twilight.event.fails" and a["card"] in MID:
            CODES[f"event fails #{a['card']}"] += 1
        elif code in ("twilight.war.won", "twilight.war.lost") and a["card"] == 36:
            CODES[f"{code} (Brush War)"] += 1
        elif code in ("twilight.coup.declared_free", "twilight.space.advance", "twilight.hand.revealed",
                      "twilight.hand.revealed_empty"):
            CODES[code] += 1


def diff(a: str, b: str) -> str:
    """The first differing top-level keys of two state JSONs, shortly."""
    da, db = json.loads(a), json.loads(b)
    out = []
    for k in da:
        if da.get(k) != db.get(k):
            va, vb = json.dumps(da.get(k))[:600], json.dumps(db.get(k))[:600]
            if k == "log":
                la, lb = da[k], db[k]
                n = next((i for i in range(min(len(la), len(lb))) if la[i] != lb[i]), min(len(la), len(lb)))
                va, vb = json.dumps(la[max(0, n - 2):n + 3])[:1200], json.dumps(lb[max(0, n - 2):n + 3])[:1200]
            out.append(f"  {k}:\n    python {va}\n    native {vb}")
    if not out:
        out.append(f"  same data, other bytes:\n    python {a[:300]}\n    native {b[:300]}")
    return "\n".join(out[:4])


class PyJson:
    """Python's state JSON, the log's entries encoded once each: the log only
    grows, so each action encodes only its new entries (a full encoding is
    compared too every `FULL_EVERY` actions and at the end)."""

    MARK = "\x00log\x00"
    FULL_EVERY = 64

    def __init__(self) -> None:
        self.entries: list[str] = []

    def dumps(self, d: dict, full: bool) -> str:
        if full:
            return json.dumps(d, separators=SEP)
        log = d["log"]
        self.entries.extend(json.dumps(e, separators=SEP) for e in log[len(self.entries):])
        d["log"] = self.MARK
        try:
            text = json.dumps(d, separators=SEP)
        finally:
            d["log"] = log
        return text.replace(json.dumps(self.MARK), "[" + ",".join(self.entries) + "]", 1)


def plant(d: dict, side: str, card: int) -> bool:
    """Put ``card`` into ``side``'s hand, swapping it with one of its cards
    (which goes where ``card`` was). False if the card cannot move (in the
    opponent's hand, in play, or the hand holds no other card)."""
    hand = d["hands"][side]
    if card in hand:
        return True
    for pile in (d["deck"], d["discard"], d["removed"]):
        if card in pile:
            others = [c for c in hand if c != 6]
            if not others:
                return False
            out = random.choice(others)
            pile[pile.index(card)] = out
            hand[hand.index(out)] = card
            for known in d["known"].values():
                if out in known:
                    known.remove(out)
            return True
    return False


def play(seed: int, options: dict, planted: bool) -> tuple[int, str | None]:
    g = get_game("twilight")
    full = make_options(g.option_choices, options)
    d = g.new(seed, dict(options))
    n = native.TwilightState.new_game(seed, json.dumps(full, separators=SEP))
    pick = random.Random(seed)
    random.seed(seed * 7 + 1)
    last = "new"
    ply = 0
    enc = PyJson()
    while True:
        over = g.current_player(d) is None
        pj = enc.dumps(d, full=over or ply % PyJson.FULL_EVERY == 0)
        nj = n.to_json()
        if pj != nj:
            return ply, f"to_json differs after {last}\n{diff(pj, nj)}"
        cp = g.current_player(d)
        if n.current_player() != cp:
            return ply, f"current player {n.current_player()!r} != {cp!r} after {last}"
        if cp is None:
            count_codes(d["log"])
            return ply, None
        top = d["stack"][-1]
        card = 0
        if planted and cp != "chance" and top["f"] in ("headline", "action") and not top.get("only") \
                and pick.random() < 0.5:
            card = pick.choice(MID)
            if plant(d, cp, card):
                pj = json.dumps(d, separators=SEP)
                n = native.TwilightState.from_json(pj)
                if n.to_json() != pj:
                    return ply, f"from_json differs after planting #{card}\n{diff(pj, n.to_json())}"
            else:
                card = 0
        if cp == "chance":
            a = g.chance_action(d)
            if n.chance_action_id() != a.id:
                return ply, f"chance id {n.chance_action_id()} != {a.id}"
        else:
            legal = g.legal_actions(d)
            ids = [x.id for x in legal]
            nids = n.legal_action_ids()
            if nids != ids:
                sp = g.space.actions
                return ply, (f"legal ids differ after {last} (frame {d['stack'][-1]})\n"
                             f"  python {[sp[i].text for i in ids]}\n  native {[sp[i].text for i in nids]}")
            a = legal[pick.randrange(len(legal))]
            if card:
                mine = [x for x in legal if x.id in (ID_HEADLINE + card - 1, ID_EVENT + card - 1, ID_OPS + card - 1)]
                if mine and pick.random() < 0.85:
                    a = pick.choice(mine)
        last = f"{a.text} (id {a.id})"
        g.apply(d, a)
        n.apply_id(a.id)
        ply += 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20, help="plain random games")
    ap.add_argument("--planted", type=int, default=20, help="games with planted Mid War cards")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--progress", type=int, default=0, help="print running totals every N games")
    args = ap.parse_args()
    restrict_registry()
    t0 = time.time()
    plies = 0
    runs = [(seed, False) for seed in range(args.first, args.first + args.games)]
    runs += [(seed, True) for seed in range(args.first, args.first + args.planted)]
    for k, (seed, planted) in enumerate(runs, 1):
        options = {"events": True, "optional_cards": seed % 2 == 0}
        ply, err = play(seed, options, planted)
        plies += ply
        if err is not None:
            print(f"seed {seed} {'planted' if planted else 'plain'} ply {ply}: {err}", flush=True)
            return 1
        if args.progress and k % args.progress == 0:
            print(f"{k} games ({'planted' if planted else 'plain'} up to seed {seed}), {plies} actions, "
                  f"0 differences, {sum(RUNS.values())} Mid War events run ({time.time() - t0:.0f}s)", flush=True)
    print(f"{args.games} plain + {args.planted} planted games, {plies} actions, 0 differences "
          f"({time.time() - t0:.1f}s)")
    print("events run:", " ".join(f"#{c}:{RUNS[c]}" for c in MID))
    never = [c for c in MID if not RUNS[c]]
    if never:
        print("never run:", never)
    print("card log codes:")
    for code, k in sorted(CODES.items()):
        print(f"  {k:7d} {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
