"""The ISMCTS bot's two modes: the Python search (heuristic priors and
rollouts) and the native one (``ismcts:backend=native``: the whole search
in the compiled core, guided by each game's position value written in
Rust: it gives every node its priors by a one-step lookahead and scores
the end of short rollouts, some of whose moves the lookahead may pick
(``--greedy``); only the real decision's priors come from the Python
heuristic; docs/bots.md has the details and the per-game defaults).
Figures printed, not asserted.

``speed``: iterations per second of both modes on positions of random
games, at the same time per decision. ``match``: native against Python
ISMCTS at equal time per decision over N games, seats alternating (game
``i`` is dealt from seed ``first + i``; the native bot is the USSR in even
games), printing the native bot's wins, draws and losses with a Wilson
95% interval::

    PYTHONPATH=src:<native site> python benchmarks/bench_ismcts_native.py speed thirteen --time 0.05
    PYTHONPATH=src:<native site> python benchmarks/bench_ismcts_native.py match thirteen -n 20 --time 0.05

Twilight Struggle is played with ``events=False`` (every non-scoring card
played for Operations or the Space Race only) unless ``--events`` is
given, which plays it with its card events: the full rules, the game's
default.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

import brinkmanship as bm
from brinkmanship.bots.base import decide
from brinkmanship.bots.ismcts import IsmctsBot
from brinkmanship.farm.ratings import wilson


def _options(game: str, events: bool) -> dict:
    return {} if game == "thirteen" or events else {"events": False}


def speed(game: str, seconds: float, positions: int, events: bool) -> None:
    options = _options(game, events)
    bots = {"python": IsmctsBot(seed=1, seconds=seconds),
            "native": IsmctsBot(seed=1, seconds=seconds, backend="native")}
    for seed in range(positions):
        s = bm.new_game(game, seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(15 + 9 * seed):
            if s.is_terminal:
                break
            s.apply_random(rng)
        while not s.is_terminal and (s.is_chance or len(s.legal_actions()) < 2):
            s.apply_random(rng)
        if s.is_terminal:
            continue
        for bot in bots.values():
            decide(bot, s, s.current_player)
    py, nat = bots["python"].iterations_per_second, bots["native"].iterations_per_second
    print(f"{game} {options or ''}: {bots['python'].searched} positions at {seconds:g} s per decision")
    print(f"  python ISMCTS {py:>12,.0f} iterations/s")
    print(f"  native ISMCTS {nat:>12,.0f} iterations/s   x{nat / py if py else float('nan'):,.0f}")


def match(game: str, n: int, seconds: float, first: int, events: bool, horizon: str | None = None,
          depth: int | None = None, sharpness: float = 3.0, greedy: float | None = None,
          root_priors: bool = True, c: float | None = None) -> None:
    options = _options(game, events)
    results: Counter[str] = Counter()
    by_side: Counter[tuple[str, str]] = Counter()
    ends: Counter[str] = Counter()
    start = time.perf_counter()
    native_bot = IsmctsBot(seed=first, seconds=seconds, backend="native", horizon=horizon, depth=depth,
                           prior_sharpness=sharpness, greedy=greedy, root_priors=root_priors,
                           c=c)
    python_bot = IsmctsBot(seed=first + 1, seconds=seconds)
    for i in range(n):
        state = bm.new_game(game, seed=first + i, options=options)
        p0, p1 = state.game.players
        native_side = p0 if i % 2 == 0 else p1
        seats = {native_side: native_bot, (p1 if native_side == p0 else p0): python_bot}
        native_bot.reseed(first * 1000 + i)
        python_bot.reseed(first * 1000 + i + 500)
        while not state.is_terminal:
            player = state.current_player
            if player == bm.CHANCE:
                state.apply_random(random.Random(0))  # chance comes from the state's own generator
            else:
                state.apply(decide(seats[player], state, player))
        w = state.winner
        outcome = "draw" if w is None else ("win" if w == native_side else "loss")
        results[outcome] += 1
        by_side[(native_side, outcome)] += 1
        ends[state.result or "?"] += 1
        print(f"  game {i + 1}/{n}: native as {native_side}: {outcome} ({state.result})", flush=True)
    played = sum(results.values())
    score = results["win"] + 0.5 * results["draw"]
    lo, hi = wilson(results["win"], played)
    print(f"\n{game} {options or ''}: {native_bot.name} vs {python_bot.name}, {played} games "
          f"({time.perf_counter() - start:.0f} s)")
    print(f"  native: {results['win']} wins, {results['draw']} draws, {results['loss']} losses; "
          f"win rate {results['win'] / played:.1%} (Wilson 95% {lo:.1%}-{hi:.1%}); score {score / played:.1%}")
    for side in state.game.players:
        print(f"  as {side}: " + ", ".join(f"{k} {by_side[(side, k)]}" for k in ("win", "draw", "loss")))
    print("  results: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    print(f"  iterations/s: native {native_bot.iterations_per_second:,.0f}, "
          f"python {python_bot.iterations_per_second:,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("speed", "match"))
    ap.add_argument("game", choices=("thirteen", "twilight"))
    ap.add_argument("-n", "--games", type=int, default=20, help="match games (default 20)")
    ap.add_argument("--time", type=float, default=0.05, help="seconds per decision (default 0.05)")
    ap.add_argument("--positions", type=int, default=10, help="speed: positions searched (default 10)")
    ap.add_argument("--first", type=int, default=1, help="match: first seed (default 1)")
    ap.add_argument("--horizon", choices=("stage", "depth"), help="match: the native bot's rollout horizon")
    ap.add_argument("--depth", type=int, help="match: the native bot's rollout depth")
    ap.add_argument("--sharpness", type=float, default=3.0, help="match: the native bot's prior sharpness")
    ap.add_argument("--greedy", type=float, help="match: the native bot's share of lookahead rollout moves")
    ap.add_argument("--no-root-priors", action="store_true", help="match: the native root's priors by lookahead too")
    ap.add_argument("--c", type=float, help="match: the native bot's exploration constant")
    ap.add_argument("--core", type=int, default=0, help="pin to this core (default 0; -1: do not pin)")
    ap.add_argument("--events", action="store_true", help="Twilight Struggle with its card events")
    args = ap.parse_args()
    if args.core >= 0 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.core})
    if args.what == "speed":
        speed(args.game, args.time, args.positions, args.events)
    else:
        match(args.game, args.games, args.time, args.first, args.events, args.horizon, args.depth,
              args.sharpness, args.greedy, not args.no_root_priors, args.c)


if __name__ == "__main__":
    main()
