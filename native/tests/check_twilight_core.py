"""Differential check of the native Twilight Struggle core against the
Python engine: seeded random games played on both, compared after every
action (to_json byte for byte, the current player, the legal ids in order).

    PYTHONPATH=<worktree>/src:<native site> python native/tests/check_twilight_core.py \
        [--games N] [--first SEED] [--events] [--roundtrip] [--no-optional]

Chance nodes apply the id `chance_action_id` picks on both. With
--roundtrip every Python state is also read by the native `from_json` and
must write the same JSON back. On a difference the seed, the ply, the last
action and a short diff are printed and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import brinkmanship_native as native

from brinkmanship.core import get_game
from brinkmanship.core.options import make_options

SEP = (",", ":")


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
                va, vb = json.dumps(la[n:n + 3])[:800], json.dumps(lb[n:n + 3])[:800]
            out.append(f"  {k}:\n    python {va}\n    native {vb}")
    if not out:
        out.append(f"  same data, other bytes:\n    python {a[:300]}\n    native {b[:300]}")
    return "\n".join(out[:4])


def play(seed: int, options: dict, roundtrip: bool) -> tuple[int, str | None]:
    g = get_game("twilight")
    full = make_options(g.option_choices, options)
    d = g.new(seed, dict(options))
    n = native.TwilightState.new_game(seed, json.dumps(full, separators=SEP))
    pick = random.Random(seed)
    last = "new"
    ply = 0
    while True:
        pj = json.dumps(d, separators=SEP)
        nj = n.to_json()
        if pj != nj:
            return ply, f"to_json differs after {last}\n{diff(pj, nj)}"
        if roundtrip:
            back = native.TwilightState.from_json(pj).to_json()
            if back != pj:
                return ply, f"from_json/to_json differs after {last}\n{diff(pj, back)}"
        cp = g.current_player(d)
        if n.current_player() != cp:
            return ply, f"current player {n.current_player()!r} != {cp!r} after {last}"
        if cp is None:
            return ply, None
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
        last = f"{a.text} (id {a.id})"
        g.apply(d, a)
        n.apply_id(a.id)
        ply += 1


def check_new_games() -> int:
    """new_game for many seeds (any size, negative) and every option
    combination: the JSON must equal the Python engine's. Returns how many."""
    g = get_game("twilight")
    seeds = [*range(-50, 300), 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**64 + 5, -2**63, -2**63 - 1, -2**64,
             10**40, -10**40]
    n = 0
    for seed in seeds:
        for events in (True, False):
            for optional in (True, False):
                options = {"events": events, "optional_cards": optional}
                pj = json.dumps(g.new(seed, dict(options)), separators=SEP)
                nj = native.TwilightState.new_game(seed, json.dumps(options, separators=SEP)).to_json()
                if pj != nj:
                    print(f"new_game({seed}, {options}) differs\n{diff(pj, nj)}")
                    return -1
                n += 1
    return n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--events", action="store_true", help="events on (default: off)")
    ap.add_argument("--no-optional", action="store_true")
    ap.add_argument("--roundtrip", action="store_true")
    args = ap.parse_args()
    options = {"events": args.events, "optional_cards": not args.no_optional}
    t0 = time.time()
    made = check_new_games()
    if made < 0:
        return 1
    print(f"{made} new games identical")
    plies = 0
    for seed in range(args.first, args.first + args.games):
        ply, err = play(seed, options, args.roundtrip)
        plies += ply
        if err is not None:
            print(f"seed {seed} ply {ply}: {err}")
            return 1
        done = seed - args.first + 1
        if done % 25 == 0:
            print(f"  {done} games, {plies} actions, 0 differences so far ({time.time() - t0:.0f}s)", flush=True)
    print(f"{args.games} games, {plies} actions, 0 differences ({time.time() - t0:.1f}s) options={options}"
          f"{' with from_json round trips' if args.roundtrip else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
