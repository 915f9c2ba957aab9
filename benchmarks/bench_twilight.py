"""Speed of the Twilight Struggle engine on one core (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_twilight.py [--games N] [--events]``

Reports random full games per second, decisions (actions applied, chance
included) per second, and the cost of ``clone()``, ``legal_actions()`` and a
JSON round trip measured over states sampled from real games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import brinkmanship as bm


def random_games(n: int, options: dict[str, bool]) -> tuple[float, int, list[bm.State]]:
    """Play ``n`` random games; return seconds, decisions and sampled states."""
    samples: list[bm.State] = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(n):
        s = bm.new_game("twilight", seed=seed, options=options)
        rng = random.Random(seed)
        apply_random = s.apply_random
        k = 0
        while not s.is_terminal:
            apply_random(rng)
            k += 1
            if seed < 20 and k % 25 == 0:
                samples.append(s.clone())
        decisions += k
    return time.perf_counter() - start, decisions, samples


def per_call(fn: object, states: list[bm.State], repeat: int = 5) -> float:
    """Median microseconds per call of ``fn(state)`` over the sample."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for s in states:
            fn(s)  # type: ignore[operator]
        times.append((time.perf_counter() - t) / len(states))
    return statistics.median(times) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--events", action="store_true", help="play with card events on")
    args = ap.parse_args()
    options = {"events": args.events}
    random_games(10, options)  # warm up
    secs, decisions, samples = random_games(args.games, options)
    live = [s for s in samples if not s.is_terminal]
    print(f"random games ({'events on' if args.events else 'ops only'}), one core:")
    print(f"  games/s            {args.games / secs:10.1f}")
    print(f"  decisions/s        {decisions / secs:10.0f}")
    print(f"  decisions/game     {decisions / args.games:10.1f}")
    print(f"  clone()            {per_call(lambda s: s.clone(), samples):10.2f} us")
    print(f"  legal_actions()    {per_call(lambda s: s.game.legal_actions(s.data), live):10.2f} us")
    print(f"  to_json()+load()   {per_call(lambda s: bm.load(s.to_json()), samples, 1):10.2f} us")
    print(f"  states sampled     {len(samples):10d}")


if __name__ == "__main__":
    main()
