"""Differential check of the native resample against the Python engine's:
along seeded random games of both games, at every decision and for both
sides, ``Game.resample(d, side, random.Random(k))`` and the native
``brinkmanship_native.resample(state, side, getstate())`` must give the
same JSON byte for byte and leave the generator in the same state.

    PYTHONPATH=<worktree>/src:<native site> python native/tests/check_resample.py \
        [--games N] [--first SEED] [--every K] [--events]

Twilight is played with events=False unless --events is given (the card
events are still being ported). On a difference the game, seed, ply, side
and a short diff are printed, and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import brinkmanship_native as native

from brinkmanship.core import get_game

SEP = (",", ":")
CLASSES = {"thirteen": native.ThirteenState, "twilight": native.TwilightState}


def diff(a: str, b: str) -> str:
    """The first differing top-level keys of two state JSONs, shortly."""
    da, db = json.loads(a), json.loads(b)
    out = [f"  {k}:\n    python {json.dumps(da.get(k))[:500]}\n    native {json.dumps(db.get(k))[:500]}"
           for k in da if da.get(k) != db.get(k)]
    return "\n".join(out[:4]) or f"  same data, other bytes:\n    python {a[:300]}\n    native {b[:300]}"


def check_game(game: str, seed: int, options: dict, every: int) -> tuple[int, str | None]:
    """Play one random game, comparing resamples; (positions checked, error)."""
    g = get_game(game)
    d = g.new(seed, dict(options))
    pick = random.Random(seed)
    cls = CLASSES[game]
    checked = 0
    ply = 0
    while True:
        player = g.current_player(d)
        if player is None:
            return checked, None
        if ply % every == 0 and player != "chance":
            text = json.dumps(d, separators=SEP)
            ns = cls.from_json(text)
            for side in g.players:
                k = seed * 100_003 + ply * 2 + (side == "US")
                r_py = random.Random(k)
                expected = json.dumps(g.resample(d, side, r_py), separators=SEP)
                r_nat = random.Random(k)
                got, after = native.resample(ns, side, r_nat.getstate())
                got_text = got.to_json()
                if got_text != expected:
                    where = f"{game} seed {seed} ply {ply} side {side}"
                    return checked, f"{where}: JSON differs\n{diff(expected, got_text)}"
                if after != r_py.getstate():
                    return checked, f"{game} seed {seed} ply {ply} side {side}: the generator's state differs"
                if json.dumps(d, separators=SEP) != text:
                    return checked, f"{game} seed {seed} ply {ply}: Python's resample changed the state"
                checked += 1
        if player == "chance":
            action = g.chance_action(d)
        else:
            action = pick.choice(g.legal_actions(d))
        g.apply(d, action)
        ply += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="games per game (default 10)")
    ap.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--every", type=int, default=1, help="check every K-th decision (default 1)")
    ap.add_argument("--events", action="store_true", help="Twilight with its card events")
    args = ap.parse_args()
    # A bad side is refused like Python's (ValueError).
    try:
        native.resample(native.ThirteenState.from_json(json.dumps(get_game("thirteen").new(1, {}))), "UN",
                        random.Random(1).getstate())
        print("FAIL: a bad side was accepted")
        return 1
    except ValueError:
        pass
    total = 0
    for game in ("thirteen", "twilight"):
        options = {} if game == "thirteen" or args.events else {"events": False}
        start = time.perf_counter()
        count = 0
        for seed in range(args.first, args.first + args.games):
            checked, error = check_game(game, seed, options, args.every)
            count += checked
            if error:
                print("FAIL:", error)
                return 1
        total += count
        print(f"{game}: {args.games} games, {count} resamples (both sides) identical "
              f"({time.perf_counter() - start:.1f} s)")
    print(f"OK: {total} resamples, 0 differences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
