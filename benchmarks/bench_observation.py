"""Cost of observation tensors on one core (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_observation.py [--games N] [--passes P]``

``state.observation_tensor(side)`` is taken at every step of every
environment (``brinkmanship.envs``), so it must stay well below the cost of
the step itself: the goal is at most 20 µs for Twilight Struggle and 10 µs
for 13 Days (the median call).

Positions are every decision of ``--games`` random games of each game (all
events on, the last position included), visited three ways:

- **both sides**: along each game, the tensor of both sides at every
  position, as an environment that observes for every agent does (the
  figure the goal is about);
- **side to move**: along each game, only the tensor of the side to move
  (none at chance nodes), as a single agent's environment takes it;
- **shuffled**: the positions in random order, both sides: nothing is
  shared with the call before (an encoder may keep what consecutive
  positions share, such as the board, and this shows what it costs when
  they share nothing).

Each call is timed alone through the public ``State`` method, the timer's
own cost taken off; a pass gives the median and the 90th percentile, and
the lowest of ``--passes`` passes is reported, since a shared machine only
ever adds time. ``--clock cpu`` times with the thread's CPU time instead of
the wall clock: on a machine busy with other work it leaves out the time
the process waits for a core (each reading costs more, and is taken off
too).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import brinkmanship as bm

SIDES = ("USSR", "US")


CLOCKS = {"wall": time.perf_counter_ns, "cpu": time.thread_time_ns}


def timer_cost(clock: Callable[[], int]) -> float:
    """Nanoseconds that timing an empty call costs, taken off every sample."""
    samples = []
    for _ in range(20_000):
        t = clock()
        samples.append(clock() - t)
    return statistics.median(samples)


def positions(game: str, games: int) -> list[bm.State]:
    """Every position of ``games`` random games, the finished ones included."""
    out: list[bm.State] = []
    for seed in range(games):
        s = bm.new_game(game, seed=seed)
        rng = random.Random(seed)
        out.append(s.clone())
        while not s.is_terminal:
            s.apply_random(rng)
            out.append(s.clone())
    return out


def one_pass(calls: list[tuple[bm.State, str]], clock: Callable[[], int], overhead: float) -> tuple[float, float]:
    """(median, 90th percentile) µs of one call over ``calls`` (state, side)."""
    samples: list[int] = []
    for s, side in calls:
        t = clock()
        s.observation_tensor(side)
        samples.append(clock() - t)
    samples.sort()
    return ((statistics.median(samples) - overhead) / 1000,
            (samples[int(len(samples) * 0.9)] - overhead) / 1000)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--passes", type=int, default=5, help="passes over the positions (the lowest figures)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="wall clock or the thread's CPU time")
    args = ap.parse_args()
    clock = CLOCKS[args.clock]
    overhead = timer_cost(clock)
    for game in ("twilight", "thirteen"):
        states = positions(game, args.games)
        both = [(s, side) for s in states for side in SIDES]
        mover = [(s, s.current_player) for s in states if s.current_player in SIDES]
        shuffled = both[:]
        random.Random(0).shuffle(shuffled)
        size = bm.game_info(game)["observation_shape"][0]
        print(f"{game}: {len(states)} positions of {args.games} random games, one core; {size} entries; "
              f"observation_tensor(side), {args.clock} clock, lowest of {args.passes} passes")
        for name, calls in (("both sides", both), ("side to move", mover), ("shuffled", shuffled)):
            runs = [one_pass(calls, clock, overhead) for _ in range(args.passes)]
            median = min(m for m, _ in runs)
            p90 = min(p for _, p in runs)
            print(f"  {name:14s} median {median:5.1f} µs   p90 {p90:5.1f} µs   ({len(calls)} calls)")


if __name__ == "__main__":
    main()
