"""Throughput of the Gymnasium environments (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_gym.py [--seconds S] [--repeats R]``

One agent step is one decision of the agent's side, with everything the
environment does to reach the next one: the random opponent's moves, the
chance nodes, the observation tensor and the action mask (resets when a
game ends are counted in the time too). The agent picks uniformly among the
legal ids of the mask, vectorised with numpy so that its own cost stays
small. Measured for both games, the agent as the USSR, against a random
opponent (``--opponent SPEC`` for another):

- ``single``: one ``BrinkEnv`` stepped in this process;
- ``sync N=8`` and ``sync N=64``: ``make_vec(game, N, "sync")``, N games in
  this process;
- ``async N=2`` and ``async N=8``: ``make_vec(game, N, "async")``, one worker
  process per game (``fork``), the main process choosing the actions;
- ``batched N=8``, ``N=32`` and ``N=64``: ``make_vec(game, N, "batched",
  workers=2)``, two worker processes (``fork``) each stepping half of the
  games per message, through shared memory.

Each figure is the best of ``--repeats`` runs of ``--seconds`` seconds: on a
shared machine other work only ever takes time away. The machine's cores
and load average are printed with the figures, since async forms depend on
free cores.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from brinkmanship.envs.gym import make, make_vec

GAMES = ("thirteen", "twilight")


def pick(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A uniformly random legal id per row of ``masks`` (the argmax of
    random keys, zero where illegal)."""
    keys = rng.random(masks.shape) * masks
    result: np.ndarray = keys.argmax(axis=-1)
    return result


def run_single(game: str, seconds: float, opponent: str) -> tuple[int, float]:
    env = make(game, side="USSR", opponent=opponent)
    rng = np.random.default_rng(0)
    _obs, info = env.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(100):
            _obs, _r, terminated, truncated, info = env.step(int(pick(rng, info["action_mask"])))
            if terminated or truncated:
                _obs, info = env.reset()
        steps += 100
        now = time.perf_counter()
        if now >= end:
            env.close()
            return steps, now - start


def vector_runner(mode: str, num_envs: int, **kwargs: Any) -> Callable[[str, float, str], tuple[int, float]]:
    def run(game: str, seconds: float, opponent: str) -> tuple[int, float]:
        context = "fork" if mode != "sync" else None
        envs = make_vec(game, num_envs, mode, side="USSR", opponent=opponent, context=context, **kwargs)
        rng = np.random.default_rng(0)
        _obs, info = envs.reset(seed=0)
        steps = 0
        start = time.perf_counter()
        end = start + seconds
        try:
            while True:
                for _ in range(20):
                    # Same-step autoreset: every mask is a live decision's.
                    _obs, _r, _term, _trunc, info = envs.step(pick(rng, info["action_mask"]))
                steps += 20 * num_envs
                now = time.perf_counter()
                if now >= end:
                    return steps, now - start
        finally:
            envs.close()

    return run


FORMS: dict[str, Callable[[str, float, str], tuple[int, float]]] = {
    "single": run_single,
    "sync N=8": vector_runner("sync", 8),
    "sync N=64": vector_runner("sync", 64),
    "async N=2": vector_runner("async", 2),
    "async N=8": vector_runner("async", 8),
    "batched N=8": vector_runner("batched", 8, workers=2),
    "batched N=32": vector_runner("batched", 32, workers=2),
    "batched N=64": vector_runner("batched", 64, workers=2),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one run (default 3)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure; the best is shown (default 3)")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--opponent", default="random", help="the opponent's bot spec (default random)")
    parser.add_argument("--forms", nargs="+", choices=list(FORMS), default=list(FORMS))
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"agent steps per second, {args.opponent} opponent, best of {args.repeats} x {args.seconds:g} s")
    print(f"{'game':10} {'form':12} {'steps/s':>9}   runs")
    for game in args.games:
        for form in args.forms:
            run = FORMS[form]
            rates = []
            for _ in range(args.repeats):
                steps, elapsed = run(game, args.seconds, args.opponent)
                rates.append(steps / elapsed)
            shown = " ".join(f"{r:,.0f}" for r in rates)
            print(f"{game:10} {form:12} {max(rates):9,.0f}   {shown}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
