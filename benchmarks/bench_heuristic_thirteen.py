"""Strength, speed and evaluation quality of the 13 Days heuristic (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_heuristic_thirteen.py [--games N] [--option NAME=VALUE ...]
[--sweep] [--eval-games M]``

1. Heuristic against random: games with seeds 1..N (default 1000), the
   heuristic playing the USSR in odd seeds and the US in even ones. Prints
   wins, draws (a mutual nuclear war is one) and losses, the win rate with
   its Wilson 95% interval, how every game ended, how many nuclear wars the
   heuristic itself triggered, and the speed. ``--sweep`` repeats this
   (N/5 games each) under a few non-default rule options.
2. Heuristic against heuristic on one core: games/s and decisions/s, and the
   cost per call of ``score_actions`` and ``evaluate`` (the view excluded),
   by decision kind.
3. How well ``evaluate`` predicts the result: games between noisy heuristic
   bots (noise 0.5); at the start of rounds 2 and 3 (the agenda choice) and
   in the middle of each round (the fifth card play), the mover's
   ``evaluate`` against the final result: correlation, Brier score, log
   loss, accuracy, next to the same figures for "the side ahead in prestige
   wins" (a draw counts as half a win).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

import brinkmanship as bm
from brinkmanship.bots import derive_seed, make_bot
from brinkmanship.bots.base import decide
from brinkmanship.bots.heuristic import evaluate, score_actions
from brinkmanship.cli.games import parse_options
from brinkmanship.cli.simulate import play_game
from brinkmanship.farm.ratings import wilson
from brinkmanship.thirteen.rules import triggers_war

SWEEP = (
    {"agenda_push": "saito"},
    {"agenda_push": "none"},
    {"agenda_bonus": False},
    {"initiative_tie": "ussr_first", "agenda_recycle": "all", "agenda_cap": "each"},
    {"containment_offered": False, "ban_blocks_symbol": False, "event_command_modifiers": False,
     "event_command_remove": False, "fifty_fifty_same_track": True},
)


def versus_random(n: int, options: dict[str, Any], quiet: bool = False) -> float:
    """Heuristic against random, sides alternated; returns the win rate."""
    outcome: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    own_wars = 0
    decisions = 0
    start = time.perf_counter()
    for seed in range(1, n + 1):
        side = "USSR" if seed % 2 else "US"
        other = "US" if side == "USSR" else "USSR"
        state, res = play_game("thirteen", seed, options, {side: "heuristic", other: "random"})
        decisions += res.decisions
        kind = "win" if state.winner == side else ("draw" if state.winner is None else "loss")
        outcome[kind] += 1
        ends[f"{kind}: {res.result}, round {state.data['round']}"] += 1
        if res.result == "nuclear_war" and triggers_war(state.data, side):
            own_wars += 1
    secs = time.perf_counter() - start
    wins = outcome["win"]
    lo, hi = wilson(wins, n)
    label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
    print(f"Heuristic vs random, {n} games ({label}), sides alternated:")
    print(f"  wins {wins}  draws {outcome['draw']}  losses {outcome['loss']}   "
          f"win rate {wins / n:.3f}  (95% CI {lo:.3f}-{hi:.3f})")
    print(f"  nuclear wars triggered by the heuristic: {own_wars}")
    if not quiet:
        for what, k in ends.most_common():
            print(f"    {k:5d}  {what}")
        print(f"  {n / secs:.1f} games/s, {decisions / secs:.0f} decisions/s (the random side included)")
    return wins / n


def self_play_speed(n: int) -> None:
    """Heuristic against heuristic: throughput, then the cost of each call."""
    samples: list[tuple[dict[str, Any], list[bm.core.actions.Action], str]] = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(1, n + 1):
        _, res = play_game("thirteen", seed, {}, {"USSR": "heuristic", "US": "heuristic"})
        decisions += res.decisions
    secs = time.perf_counter() - start
    print(f"Heuristic vs heuristic, {n} games on one core: {n / secs:.1f} games/s, "
          f"{decisions / secs:.0f} decisions/s ({decisions / n:.0f} decisions a game)")
    for seed in range(1, 11):
        state = bm.new_game("thirteen", seed=seed)
        bots = {s: make_bot("heuristic:noise=0.3", derive_seed(seed, s)) for s in state.game.players}
        while not state.is_terminal:
            side = state.current_player
            assert side is not None
            legal = state.legal_actions()
            if len(legal) > 1:
                samples.append((state.view(side), legal, side))
            state.apply(decide(bots[side], state, side))
    by_kind: dict[str, list[float]] = defaultdict(list)
    for view, legal, _ in samples:
        t = time.perf_counter()
        score_actions(view, legal)
        by_kind[view["decision_kind"]].append(time.perf_counter() - t)
    total = [x for xs in by_kind.values() for x in xs]
    print(f"  score_actions: {statistics.mean(total) * 1e6:.0f} us a call on average over {len(total)} decisions "
          f"(median {statistics.median(total) * 1e6:.0f} us); by kind:")
    for kind, xs in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        print(f"    {kind:11s} {len(xs):5d} calls  {statistics.mean(xs) * 1e6:7.0f} us")
    t = time.perf_counter()
    for view, _, side in samples:
        evaluate(view, side)
    print(f"  evaluate: {(time.perf_counter() - t) / len(samples) * 1e6:.0f} us a call")
    views = [s[0] for s in samples[:300]]
    t = time.perf_counter()
    for _ in range(3):
        for view in views:
            json.dumps(view)
    print(f"  (for scale: one json.dumps of a view costs {(time.perf_counter() - t) / (3 * len(views)) * 1e6:.0f} us)")


def _figures(pairs: list[tuple[float, float]], full: bool = True) -> str:
    """Correlation, accuracy and (with ``full``) Brier score and log loss of
    (prediction, result) pairs; a prediction or result of 1/2 is half right."""
    n = len(pairs)
    mp = sum(p for p, _ in pairs) / n
    mr = sum(r for _, r in pairs) / n
    cov = sum((p - mp) * (r - mr) for p, r in pairs) / n
    sp = math.sqrt(sum((p - mp) ** 2 for p, _ in pairs) / n)
    sr = math.sqrt(sum((r - mr) ** 2 for _, r in pairs) / n)
    corr = cov / (sp * sr) if sp and sr else 0.0
    brier = sum((p - r) ** 2 for p, r in pairs) / n
    loss = -sum(r * math.log(min(max(p, 1e-6), 1 - 1e-6)) + (1 - r) * math.log(min(max(1 - p, 1e-6), 1 - 1e-6))
                for p, r in pairs) / n
    acc = sum(0.5 if p == 0.5 or r == 0.5 else float((p > 0.5) == (r > 0.5)) for p, r in pairs) / n
    if not full:
        return f"corr {corr:+.3f}  accuracy {acc:.3f}"
    return f"corr {corr:+.3f}  accuracy {acc:.3f}  Brier {brier:.3f}  log loss {loss:.3f}"


def evaluation_quality(n: int, noise: float = 0.5) -> None:
    """Noisy heuristic self-play: ``evaluate`` at fixed points against the result."""
    points: dict[str, list[tuple[float, float, float]]] = defaultdict(list)   # (evaluate, prestige sign, result)
    for seed in range(1, n + 1):
        state = bm.new_game("thirteen", seed=seed)
        bots = {s: make_bot(f"heuristic:noise={noise}", derive_seed(seed, s) + 1) for s in state.game.players}
        taken: list[tuple[str, str, float, float]] = []
        seen: set[str] = set()
        while not state.is_terminal:
            side = state.current_player
            assert side is not None
            view = state.view(side)
            kind = view["decision_kind"]
            rnd = view["round"]
            plays = view["plays"]["USSR"] + view["plays"]["US"]
            point = ""
            if kind == "agenda" and rnd > 1:
                point = f"round {rnd} start"
            elif kind == "turn" and plays == 4:
                point = f"round {rnd} middle"
            if point and point not in seen:
                seen.add(point)
                lead = view["prestige"] * (1 if side == "US" else -1)
                taken.append((point, side, evaluate(view, side), 0.5 + 0.5 * ((lead > 0) - (lead < 0))))
            state.apply(decide(bots[side], state, side))
        for point, side, value, naive in taken:
            result = 1.0 if state.winner == side else (0.5 if state.winner is None else 0.0)
            points[point].append((value, naive, result))
    print(f"evaluate() against the result, {n} games of heuristic:noise={noise} self-play "
          "(the mover's view; naive = the side ahead in prestige wins):")
    for point in sorted(points, key=lambda p: (p.split()[1], "middle" in p)):
        rows = points[point]
        print(f"  {point:15s} n={len(rows):4d}  evaluate: {_figures([(v, r) for v, _, r in rows])}")
        print(f"  {'':15s} {'':6s}  naive:    {_figures([(p, r) for _, p, r in rows], full=False)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000, help="games against random (default 1000)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, e.g. agenda_push=saito (repeatable)")
    ap.add_argument("--sweep", action="store_true", help="also play games/5 under each of a few other rule options")
    ap.add_argument("--speed-games", type=int, default=50, help="heuristic self-play games for the speed figures")
    ap.add_argument("--eval-games", type=int, default=400, help="noisy self-play games to judge evaluate (0: skip)")
    args = ap.parse_args()
    options = parse_options("thirteen", args.option)
    versus_random(args.games, options)
    if args.sweep:
        for extra in SWEEP:
            versus_random(max(1, args.games // 5), extra, quiet=True)
    print()
    self_play_speed(args.speed_games)
    if args.eval_games:
        print()
        evaluation_quality(args.eval_games)


if __name__ == "__main__":
    main()
