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


def play(seed: int, options: dict, roundtrip: bool, d: dict | None = None) -> tuple[int, str | None]:
    """Play one game on both engines from a new game (or from the Python
    state ``d``, read by the native side) to its end."""
    g = get_game("twilight")
    full = make_options(g.option_choices, options)
    if d is None:
        d = g.new(seed, dict(options))
        n = native.TwilightState.new_game(seed, json.dumps(full, separators=SEP))
    else:
        n = native.TwilightState.from_json(json.dumps(d, separators=SEP))
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


def random_position(k: int) -> dict | None:
    """A random position (``docs/positions.md``) with events off and some
    lasting effects in play, or None if the Python engine refuses it."""
    from brinkmanship.core.errors import PositionError
    from brinkmanship.twilight.position import build
    from brinkmanship.twilight.validate import EFFECTS

    r = random.Random(k)
    effects = {}
    for name, spec in EFFECTS.items():
        if r.random() < 0.25:
            data = {}
            if "side" in spec.fields:
                data["side"] = r.choice(["USSR", "US"])
            if "region" in spec.fields:
                data["region"] = r.choice(["Europe", "Asia", "Middle East", "Africa", "Central America",
                                           "South America"])
            effects[name] = data
    turn = r.randint(1, 10)
    pos = {"seed": k, "options": {"events": False, "optional_cards": r.random() < 0.5}, "turn": turn,
           "phase": r.choice(["turn_start", "headline", "action"]), "defcon": r.randint(2, 5),
           "vp": r.randint(-8, 8), "space": {"USSR": r.randint(0, 8), "US": r.randint(0, 8)},
           "effects": effects}
    if pos["phase"] == "action":
        pos["action_round"] = r.randint(1, 6)
        pos["phasing"] = r.choice(["USSR", "US"])
    try:
        return build(pos)
    except PositionError:
        return None


def check_contract() -> None:
    """The class contract around the rules: illegal ids refused with the
    state unchanged, chance ids only at a roll, clones independent."""
    n = native.TwilightState.new_game(5, json.dumps({"events": False, "optional_cards": True}, separators=SEP))
    before = n.to_json()
    legal = n.legal_action_ids()
    for bad in (-1, 1111, 10**20, next(i for i in range(1111) if i not in legal)):
        try:
            n.apply_id(bad)
        except (ValueError, OverflowError):
            pass
        else:
            raise AssertionError(f"id {bad} was accepted")
        assert n.to_json() == before, "a refused id changed the state"
    try:
        n.chance_action_id()
    except ValueError:
        pass
    else:
        raise AssertionError("chance_action_id outside a roll")
    c = n.clone()
    c.apply_id(legal[0])
    assert n.to_json() == before and c.ply() == 1 and n.ply() == 0
    assert n.stage() == 1 and not n.is_over() and n.winner() is None and n.result() is None
    assert n.current_player() == "USSR" and n.reveals() == 1
    for text in ("", "[]", "{}", before.replace('"defcon":5', '"defcon":"5"')):
        try:
            native.TwilightState.from_json(text)
        except ValueError:
            continue
        raise AssertionError(f"from_json accepted {text[:40]!r}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--events", action="store_true", help="events on (default: off)")
    ap.add_argument("--no-optional", action="store_true")
    ap.add_argument("--roundtrip", action="store_true")
    ap.add_argument("--positions", type=int, default=0,
                    help="then play N games from random positions with lasting effects (events off)")
    args = ap.parse_args()
    options = {"events": args.events, "optional_cards": not args.no_optional}
    t0 = time.time()
    check_contract()
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
          f"{' with from_json round trips' if args.roundtrip else ''}", flush=True)
    played = refused = plies = 0
    for k in range(args.first, args.first + args.positions):
        d = random_position(k)
        if d is None:
            refused += 1
            continue
        ply, err = play(k, d["options"], args.roundtrip, d)
        plies += ply
        played += 1
        if err is not None:
            print(f"position {k} (effects {sorted(d['effects'])}) ply {ply}: {err}")
            return 1
        if played % 10 == 0:
            print(f"  {played} position games, {plies} actions, 0 differences so far", flush=True)
    if args.positions:
        print(f"{played} games from random positions with lasting effects, {plies} actions, 0 differences "
              f"({refused} positions refused by the Python engine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
