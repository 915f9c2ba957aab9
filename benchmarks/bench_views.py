"""Cost of views on one core (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_views.py [--games N]``

Views are what every client reads: bots and environments at every decision
(usually without the log: ``view(side, log=False)``), the CLI and servers
with it. This script samples states from random games of both games (every
event on) and reports the median microseconds of a view with and without the
log for the side to move and for a spectator, and of ``to_json``/``load``.
The side to move's view holds its legal actions: measured both when the view
computes them and when the state has them cached (a bot that asked for them).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import brinkmanship as bm


def sample_states(game: str, games: int) -> list[bm.State]:
    """Every 7th state of ``games`` random games, the finished ones left out."""
    out: list[bm.State] = []
    for seed in range(games):
        s = bm.new_game(game, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal:
            s.apply_random(rng)
            k += 1
            if k % 7 == 0 and not s.is_terminal:
                out.append(s.clone())
    return out


def per_call(fn: Callable[[bm.State], object], states: list[bm.State], repeat: int = 5) -> float:
    """Median microseconds per call of ``fn(state)`` over the sample."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for s in states:
            fn(s)
        times.append((time.perf_counter() - t) / len(states))
    return statistics.median(times) * 1e6


def mover(s: bm.State) -> str | None:
    p = s.current_player
    return p if p in ("USSR", "US") else "USSR"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    for game in ("twilight", "thirteen"):
        states = sample_states(game, args.games)
        texts = [s.to_json() for s in states]
        print(f"{game}: {len(states)} states from {args.games} random games, one core (median µs per call)")
        # The first: the legal actions of the side to move are computed for
        # the view (nothing cached). The second: a bot that asked for them
        # first (``legal_actions()``) has them cached in the state.
        print(f"  view(side, log=False)   {per_call(lambda s: s.game.view(s.data, mover(s), False), states):8.1f}"
              "   (legal actions computed)")
        for s in states:
            s.legal_actions()
        print(f"  view(side, log=False)   {per_call(lambda s: s.view(mover(s), log=False), states):8.1f}"
              "   (after legal_actions())")
        print(f"  view(None, log=False)   {per_call(lambda s: s.view(None, log=False), states):8.1f}")
        print(f"  view(side)              {per_call(lambda s: s.view(mover(s)), states):8.1f}")
        print(f"  to_json()               {per_call(lambda s: s.to_json(), states):8.1f}")
        t = time.perf_counter()
        for text in texts:
            bm.load(text)
        print(f"  load()                  {(time.perf_counter() - t) / len(texts) * 1e6:8.1f}")


if __name__ == "__main__":
    main()
