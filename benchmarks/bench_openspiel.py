"""What the OpenSpiel layer costs (the figures in docs/openspiel.md; not a timed test).

For each game it plays random games twice, through the engine
(``State.apply_random``) and through OpenSpiel's API (``legal_actions``,
``chance_outcomes``, ``apply_action``: each a call from Python into
OpenSpiel's C++ and back), and prints steps per second; then, at positions
taken from those games, the cost of one ``clone``, information-state string
(the first on a state encodes its whole readable log; later ones, on the
state or its clones and determinizations, only what was added), observation
string, observation tensor and serialization round trip; and
the time of one ISMCTS decision (OpenSpiel's Python ISMCTS with a random
rollout, our determinizations)::

    python benchmarks/bench_openspiel.py
    python benchmarks/bench_openspiel.py --games 50 --repeat 5

Each figure is the best of ``--repeat`` runs (the machine is shared: the
best run is the one least disturbed).
"""

from __future__ import annotations

import argparse
import pickle
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import brinkmanship as bm
from brinkmanship.envs import openspiel as bos


def best(repeat: int, run: Callable[..., float], *args: object) -> float:
    """The least of ``repeat`` measurements of ``run(*args)``."""
    return min(run(*args) for _ in range(repeat))


def engine_steps(game: str, games: int) -> float:
    """Steps per second of random games played by the engine alone."""
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        s = bm.new_game(game, seed)
        r = random.Random(seed)
        while not s.is_terminal:
            s.apply_random(r)
            steps += 1
    return steps / (time.perf_counter() - start)


def spiel_steps(game: pyspiel.Game, games: int) -> float:
    """Steps per second of random games played through OpenSpiel's API."""
    steps = 0
    r = random.Random(0)
    start = time.perf_counter()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(r.random() * len(outcomes))][0])  # all uniform
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(r.random() * len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def positions(game: pyspiel.Game, n: int) -> list[pyspiel.State]:
    """``n`` decision states from random games (a few from each)."""
    out: list[pyspiel.State] = []
    r = random.Random(1)
    while len(out) < n:
        s = game.new_initial_state()
        while not s.is_terminal() and len(out) < n:
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(r.random() * len(outcomes))][0])
            else:
                if r.random() < 0.05:
                    out.append(s.clone())
                legal = s.legal_actions()
                s.apply_action(legal[int(r.random() * len(legal))])
    return out


def per_call(states: list[pyspiel.State], call: Callable[[pyspiel.State], object], cold: bool = False) -> float:
    """Mean microseconds of ``call`` over ``states`` (``cold``: over fresh
    copies that have encoded no log yet; else the log encoded by earlier
    calls on the same states is reused, as along a game or a search)."""
    if cold:
        states = [pickle.loads(pickle.dumps(s)) for s in states]
    start = time.perf_counter()
    for s in states:
        call(s)
    return (time.perf_counter() - start) / len(states) * 1e6


def round_trip(game: pyspiel.Game) -> Callable[[pyspiel.State], object]:
    def run(s: pyspiel.State) -> object:
        return pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))
    return run


def ismcts_decision(game: pyspiel.Game, states: list[pyspiel.State], sims: int) -> float:
    """Mean seconds of one ISMCTS decision with ``sims`` simulations."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=sims,
                           random_state=np.random.RandomState(0))
    bot.set_resampler(bos.resampler(0))
    start = time.perf_counter()
    for s in states:
        bot.step(s)
    return (time.perf_counter() - start) / len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the best is shown)")
    parser.add_argument("--positions", type=int, default=200, help="positions for the per-call figures")
    parser.add_argument("--sims", type=int, default=20, help="ISMCTS simulations per decision")
    args = parser.parse_args()
    for name in ("thirteen", "twilight"):
        game = pyspiel.load_game(bos.short_name(name))
        print(f"{name}:")
        eng = max(engine_steps(name, args.games) for _ in range(args.repeat))
        spl = max(spiel_steps(game, args.games) for _ in range(args.repeat))
        print(f"  random play: engine {eng:,.0f} steps/s, through OpenSpiel {spl:,.0f} steps/s")
        states = positions(game, args.positions)
        info = best(args.repeat, per_call, states, lambda s: s.information_state_string(s.current_player()), True)
        print(f"  information_state_string, first on a state: {info:,.0f} µs")
        calls: dict[str, Callable[[pyspiel.State], object]] = {
            "clone": lambda s: s.clone(),
            "information_state_string, again": lambda s: s.information_state_string(s.current_player()),
            "observation_string": lambda s: s.observation_string(s.current_player()),
            "observation_tensor": lambda s: s.observation_tensor(s.current_player()),
            "resample_from_infostate": lambda s: bos.BrinkmanshipState.resample_with(
                s, s.current_player(), random.Random(0)),
            "serialize + deserialize": round_trip(game),
        }
        for label, call in calls.items():
            us = best(args.repeat, per_call, states, call)
            print(f"  {label}: {us:,.0f} µs")
        few = states[: max(1, args.positions // 20)]
        secs = best(args.repeat, ismcts_decision, game, few, args.sims)
        print(f"  ISMCTS decision, {args.sims} simulations: {secs * 1000:,.0f} ms")


if __name__ == "__main__":
    main()
