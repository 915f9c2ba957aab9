"""The cost of one 13 Days observation tensor (issue 15: at most 10 µs).

Positions come from random games (options mixed); each position and side is
timed with ``timeit`` over many calls, and the median over positions is
printed, with the quartiles, the view's cost for comparison, and the fastest
and slowest decision kinds. One process, one core: run it on a quiet
machine, or repeat it and keep the best.

    python benchmarks/bench_observation_thirteen.py [--games N] [--calls N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import timeit
from collections import defaultdict

import brinkmanship as bm
from brinkmanship.core.state import State
from brinkmanship.thirteen.game import OPTION_CHOICES


def positions(games: int) -> list[State]:
    out = []
    for seed in range(games):
        r = random.Random(seed)
        options = {k: r.choice(v) for k, v in OPTION_CHOICES.items()} if seed % 2 else {}
        s = bm.new_game("thirteen", seed=seed, options=options)
        out.append(s.clone())
        while not s.is_terminal:
            s.apply_random(r)
            out.append(s.clone())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--every", type=int, default=5, help="time every Nth position")
    args = ap.parse_args()
    sample = positions(args.games)[::args.every]
    per_call: list[float] = []
    views: list[float] = []
    by_kind: dict[str, list[float]] = defaultdict(list)
    for k, s in enumerate(sample):
        side = ("USSR", "US")[k % 2]
        t = min(timeit.repeat(lambda s=s, side=side: s.observation_tensor(side), number=args.calls, repeat=3))
        per_call.append(t / args.calls * 1e6)
        top = s.data["stack"][-1]["f"] if s.data["stack"] else "over"
        by_kind[top].append(per_call[-1])
        if k % 10 == 0:
            v = min(timeit.repeat(lambda s=s, side=side: s.view(side, log=False), number=args.calls // 4, repeat=3))
            views.append(v / (args.calls // 4) * 1e6)
    q = statistics.quantiles(per_call, n=4)
    print(f"13 Days observation_tensor over {len(sample)} positions of {args.games} random games:")
    print(f"  median {statistics.median(per_call):.2f} µs (quartiles {q[0]:.2f}-{q[2]:.2f}, "
          f"max {max(per_call):.2f}); length {bm.game_info('thirteen')['observation_shape'][0]}")
    print(f"  view(side, log=False) for comparison: median {statistics.median(views):.1f} µs")
    for kind, ts in sorted(by_kind.items(), key=lambda kv: statistics.median(kv[1])):
        print(f"  {kind:<11} {statistics.median(ts):6.2f} µs  ({len(ts)} positions)")


if __name__ == "__main__":
    main()
