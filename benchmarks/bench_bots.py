"""Bot strength and search speed: the figures of issue 5 (not a timed test).

Strength: ``match`` plays two bots against each other on the farm, sides
alternated on paired deals (the same seed once with each bot as USSR), and
prints the first bot's wins, draws and losses with a Wilson 95% interval,
its results on each side and how the games ended::

    python benchmarks/bench_bots.py match thirteen heuristic random -n 1000
    python benchmarks/bench_bots.py match twilight ismcts:iters=40 heuristic -n 200

Search speed: ``speed`` searches positions taken from heuristic games with
``ismcts`` at a time budget and prints iterations per second (one worker
and, with ``--workers 2``, both cores), plus the heuristic bot's own speed::

    python benchmarks/bench_bots.py speed thirteen --time 0.1

An iteration budget (``ismcts:iters=N``) makes a match reproducible and
independent of machine load; ``speed`` tells which N equals 0.1 s here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

import brinkmanship as bm
from brinkmanship.bots import derive_seed, make_bot
from brinkmanship.bots.base import decide
from brinkmanship.bots.heuristic import HeuristicBot
from brinkmanship.bots.ismcts import IsmctsBot
from brinkmanship.farm import GameRecord, run_games
from brinkmanship.farm.ratings import wilson
from brinkmanship.farm.tournament import schedule


def match(game: str, a: str, b: str, n: int, seed: int, workers: int | None) -> None:
    """Play ``n`` games of ``a`` against ``b`` and print ``a``'s results."""
    deals = schedule([a, b], n, seed)
    done = [0]

    def progress(records: list[GameRecord]) -> None:
        done[0] += len(records)
        if sys.stderr.isatty():
            print(f"\r{done[0]}/{n} games", end="", file=sys.stderr, flush=True)

    run = run_games(game, {}, deals, workers=workers, keep_actions=False, on_progress=progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    wins = draws = 0
    per_side: dict[str, Counter[str]] = {"USSR": Counter(), "US": Counter()}
    endings: Counter[str] = Counter()
    for r in run.records:
        side = "USSR" if r.seats["USSR"] == a else "US"
        outcome = "draw" if r.winner is None else ("win" if r.winner == side else "loss")
        per_side[side][outcome] += 1
        wins += outcome == "win"
        draws += outcome == "draw"
        endings[f"{outcome} by {r.result}"] += 1
    losses = n - wins - draws
    lo, hi = wilson(wins, n)
    print(f"{game}: {a} vs {b}, {n} games (seeds {seed}..{seed + (n - 1) // 2}, sides alternated), "
          f"{run.backend}, batch {run.batch_size}")
    print(f"  {a}: {wins} wins, {draws} draws, {losses} losses; win rate {wins / n:.1%} "
          f"(95% interval {lo:.1%}-{hi:.1%})")
    for side, c in per_side.items():
        g = sum(c.values())
        print(f"  as {side}: {c['win']}/{g} wins, {c['draw']} draws, {c['loss']} losses")
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))
    print(f"  {run.seconds:.1f} s, {run.games_per_second:.2f} games/s")


def _positions(game: str, count: int, seed: int) -> list[bm.State]:
    """Decision points with a real choice, from heuristic-vs-heuristic games."""
    out: list[bm.State] = []
    k = 0
    while len(out) < count:
        state = bm.new_game(game, seed=seed + k)
        bots = {side: HeuristicBot(derive_seed(seed + k, side), noise=0.3) for side in state.game.players}
        rng = random.Random(seed + k)
        ply = 0
        while not state.is_terminal and len(out) < count:
            side = state.current_player
            if side == bm.CHANCE:
                state.apply_random(rng)
                continue
            assert side is not None
            if ply % 9 == 4 and len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply(decide(bots[side], state, side))
            ply += 1
        k += 1
    return out


def speed(game: str, seconds: float, positions: int, workers: int) -> None:
    """Print ISMCTS iterations per second and the heuristic bot's speed."""
    states = _positions(game, positions, 900)
    for w in sorted({1, workers}):
        bot = IsmctsBot(seed=1, seconds=seconds, workers=w)
        try:
            per: list[float] = []
            for s in states:
                side = s.current_player
                assert side is not None
                decide(bot, s, side)
                per.append(bot.last_iterations)
            print(f"{game}: ismcts time={seconds:g} s, workers={w}: {bot.iterations_per_second:,.0f} iterations/s "
                  f"over {bot.searched} decisions (median {statistics.median(per):.0f} iterations per decision, "
                  f"min {min(per):.0f}, max {max(per):.0f})")
        finally:
            bot.close()
    heuristic = make_bot("heuristic", 1)
    start = time.perf_counter()
    decisions = 0
    games = 0
    while time.perf_counter() - start < 5.0:
        state = bm.new_game(game, seed=5000 + games)
        rng = random.Random(games)
        while not state.is_terminal:
            side = state.current_player
            if side == bm.CHANCE:
                state.apply_random(rng)
                continue
            assert side is not None
            state.apply(decide(heuristic, state, side))
            decisions += 1
        games += 1
    took = time.perf_counter() - start
    print(f"{game}: heuristic vs heuristic: {games / took:.1f} games/s, {decisions / took:,.0f} decisions/s "
          "(views included)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("match", help="two bots, sides alternated")
    m.add_argument("game")
    m.add_argument("a")
    m.add_argument("b")
    m.add_argument("-n", type=int, default=200)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--workers", type=int, default=None)
    s = sub.add_parser("speed", help="ISMCTS iterations per second")
    s.add_argument("game")
    s.add_argument("--time", type=float, default=0.1)
    s.add_argument("--positions", type=int, default=30)
    s.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.command == "match":
        match(args.game, args.a, args.b, args.n, args.seed, args.workers)
    else:
        speed(args.game, args.time, args.positions, args.workers)


if __name__ == "__main__":
    main()
