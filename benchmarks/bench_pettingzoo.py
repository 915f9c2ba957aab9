"""Steps per second of the PettingZoo environments on one core (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_pettingzoo.py [--seconds S] [--repeat N] [--game G]``

Four figures per game, each the best of ``--repeat`` runs (a shared machine
only ever takes speed away). PettingZoo's figure is per second of wall time,
as it measures; ours are per second of this process's CPU time
(``time.process_time``), which other processes on a shared machine disturb
far less: steps per second on one core.

- **PettingZoo's performance_benchmark**: its own loop (5 s, random legal
  ids from the masks, ``last()`` at every turn), its "turns per second"
  (turns include the two dead steps that end each game and the resets).
- **AEC loop**: ours, the same work counted in decisions: ``last()``
  (observation tensor and mask), a random legal id from the mask, ``step``.
- **parallel loop**: ``parallel_env``, one decision per step with both
  agents' observations, the waiter sending ``wait``.
- **engine floor**: the same random games through the environments' Driver
  with no observation and no mask: what the environment adds is the rest.

Goal (issue 15): 20,000 steps/s for 13 Days, 10,000 for Twilight Struggle.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import time
from collections.abc import Callable

import numpy as np
from pettingzoo.test import performance_benchmark

from brinkmanship.envs import pettingzoo as pz
from brinkmanship.envs.driver import Driver

GOALS = {"thirteen": 20_000, "twilight": 10_000}


def pettingzoo_benchmark(game: str, _seconds: float) -> float:
    """PettingZoo's figure (it always runs 5 s), read from what it prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(pz.env(game))
    m = re.search(r"([0-9.]+) turns per second", out.getvalue())
    assert m, out.getvalue()
    return float(m.group(1))


def aec_loop(game: str, seconds: float) -> float:
    env = pz.env(game)
    env.reset(seed=0)
    rng = random.Random(0)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            ids = np.flatnonzero(obs["action_mask"])
            env.step(int(ids[int(rng.random() * len(ids))]))
            decisions += 1
        env.reset()
    return decisions / (time.process_time() - start)


def parallel_loop(game: str, seconds: float) -> float:
    par = pz.parallel_env(game)
    rng = random.Random(0)
    size = par.action_space("USSR").n - 1  # the last id is wait
    decisions = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        obs, _ = par.reset(seed=seed)
        seed += 1
        while par.agents:
            actions = {}
            for agent, o in obs.items():
                ids = np.flatnonzero(o["action_mask"])
                actions[agent] = int(ids[int(rng.random() * len(ids))])
            obs = par.step(actions)[0]
            decisions += 1
            assert list(actions.values()).count(size) == 1
    return decisions / (time.process_time() - start)


def engine_floor(game: str, seconds: float) -> float:
    d = Driver(game)
    rng = random.Random(0)
    decisions = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        d.reset(seed)
        seed += 1
        while d.to_move is not None:
            ids = d.legal_ids()
            d.step(ids[int(rng.random() * len(ids))])
            decisions += 1
    return decisions / (time.process_time() - start)


MEASURES: dict[str, Callable[[str, float], float]] = {
    "PettingZoo performance_benchmark (turns/s)": pettingzoo_benchmark,
    "AEC loop, last + mask + step (decisions/s)": aec_loop,
    "parallel loop, both observations (decisions/s)": parallel_loop,
    "engine floor, no observation (decisions/s)": engine_floor,
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="length of each of our runs")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is shown")
    ap.add_argument("--game", choices=sorted(GOALS), action="append", help="default: both")
    args = ap.parse_args()
    for game in args.game or ["thirteen", "twilight"]:
        print(f"{game} (goal: {GOALS[game]:,} steps/s)")
        for label, measure in MEASURES.items():
            best = max(measure(game, args.seconds) for _ in range(args.repeat))
            print(f"  {label:<48} {best:>9,.0f}")


if __name__ == "__main__":
    main()
