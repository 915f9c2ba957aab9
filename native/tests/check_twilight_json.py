"""The native Twilight Struggle `from_json` against the Python engine's
states: random games played by the Python engine (events on: every frame
kind and lasting effect the cards make), each state after every action
read by the native class and written back, which must give the same bytes
and the same current player. With events off the legal ids of the state
read back are compared too (events on, they depend on the card events).

Then malformed copies of those states (a key dropped, a value of another
type or out of range, at the top level, in a frame or in an effect) must
be refused with ValueError, never a panic.

    PYTHONPATH=<worktree>/src:<native site> python native/tests/check_twilight_json.py [--games N] [--first SEED]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import brinkmanship_native as native

from brinkmanship.core import get_game

SEP = (",", ":")
BAD_VALUES: list[Any] = [None, "x", -1, 10**30, 3.5, [], {}, True, 255, [999], {"x": 1}]


def mutate(d: dict[str, Any], r: random.Random) -> tuple[dict[str, Any], str]:
    """A copy of ``d`` with one value changed or one key dropped."""
    d = json.loads(json.dumps(d))
    targets: list[tuple[Any, Any, str]] = [(d, k, k) for k in d]
    for n, f in enumerate(d["stack"]):
        targets.extend((f, k, f"stack[{n}].{k}") for k in f)
    for name, e in d["effects"].items():
        targets.extend((e, k, f"effects.{name}.{k}") for k in e)
    obj, key, path = targets[r.randrange(len(targets))]
    if r.random() < 0.3:
        del obj[key]
        return d, f"drop {path}"
    v = r.choice(BAD_VALUES)
    obj[key] = v
    return d, f"{path} = {v!r}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--mutations", type=int, default=20, help="malformed copies per game")
    args = ap.parse_args()
    g = get_game("twilight")
    t0 = time.time()
    states = 0
    refused = accepted = 0
    kinds: set[str] = set()
    effects: set[str] = set()
    for seed in range(args.first, args.first + args.games):
        events = seed % 4 != 3
        d = g.new(seed, {"events": events, "optional_cards": seed % 2 == 0})
        pick = random.Random(seed)
        samples = []
        while True:
            text = json.dumps(d, separators=SEP)
            n = native.TwilightState.from_json(text)
            states += 1
            if n.to_json() != text:
                print(f"seed {seed} ply {d['ply']}: the state read back differs")
                return 1
            if n.current_player() != g.current_player(d):
                print(f"seed {seed} ply {d['ply']}: current player {n.current_player()!r}")
                return 1
            if not events and not d["over"] and n.legal_action_ids() != [a.id for a in g.legal_actions(d)]:
                print(f"seed {seed} ply {d['ply']}: legal ids differ")
                return 1
            kinds.update(f["f"] + ("/" + f["why"] if f["f"] == "roll" else "") for f in d["stack"])
            effects.update(d["effects"])
            if pick.random() < 0.02:
                samples.append(json.loads(text))
            if d["over"]:
                break
            if g.current_player(d) == "chance":
                a = g.chance_action(d)
            else:
                legal = g.legal_actions(d)
                a = legal[pick.randrange(len(legal))]
            g.apply(d, a)
        r = random.Random(seed)
        for _ in range(args.mutations):
            if not samples:
                break
            bad, what = mutate(r.choice(samples), r)
            try:
                native.TwilightState.from_json(json.dumps(bad, separators=SEP))
                accepted += 1
            except ValueError:
                refused += 1
            except BaseException as e:  # a panic surfaces as pyo3's PanicException
                print(f"seed {seed}: {what}: {type(e).__name__}: {e}")
                return 1
    print(f"{args.games} games, {states} states read back identically ({time.time() - t0:.1f}s); "
          f"malformed: {refused} refused, {accepted} accepted without a panic")
    print(f"frame kinds seen: {sorted(kinds)}")
    print(f"effects seen ({len(effects)}): {sorted(effects)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
