"""Speed of the 13 Days engine on one core (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_thirteen.py [--games N] [--option NAME=VALUE ...]``

Reports random full games per second, decisions (actions applied) per
second and per game, and the cost of ``clone()``, ``legal_actions()``,
``view()`` (and the mover's view without the log, as bots read it),
``resample()`` and a JSON round trip measured over states sampled from
real games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import brinkmanship as bm
from brinkmanship.cli.games import parse_options


def random_games(n: int, options: dict[str, Any]) -> tuple[float, int, list[bm.State]]:
    """Play ``n`` random games; return seconds, decisions and sampled states."""
    samples: list[bm.State] = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(n):
        s = bm.new_game("thirteen", seed=seed, options=options)
        rng = random.Random(seed)
        apply_random = s.apply_random
        k = 0
        while not s.is_terminal:
            apply_random(rng)
            k += 1
            if seed < 40 and k % 5 == 0:
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
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, e.g. agenda_recycle=all or agenda_bonus=false (repeatable)")
    args = ap.parse_args()
    options = parse_options("thirteen", args.option)
    random_games(20, options)  # warm up (and validate the options)
    secs, decisions, samples = random_games(args.games, options)
    live = [s for s in samples if not s.is_terminal]
    rng = random.Random(0)
    print(f"13 Days random games ({', '.join(args.option) or 'default options'}), one core:")
    print(f"  games/s            {args.games / secs:10.1f}")
    print(f"  decisions/s        {decisions / secs:10.0f}")
    print(f"  decisions/game     {decisions / args.games:10.1f}")
    print(f"  clone()            {per_call(lambda s: s.clone(), samples):10.2f} us")
    print(f"  legal_actions()    {per_call(lambda s: s.game.legal_actions(s.data), live):10.2f} us")
    print(f"  view(side)         {per_call(lambda s: s.view('US'), samples):10.2f} us")
    print(f"  view(mover, log=False) {per_call(lambda s: s.view(s.current_player, log=False), live):6.2f} us")
    print(f"  resample(side)     {per_call(lambda s: s.resample('US', rng), live):10.2f} us")
    print(f"  to_json()+load()   {per_call(lambda s: bm.load(s.to_json()), samples, 1):10.2f} us")
    print(f"  states sampled     {len(samples):10d}")


if __name__ == "__main__":
    main()
