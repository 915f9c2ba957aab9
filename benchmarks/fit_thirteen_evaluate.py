"""Fit the 13 Days round-start evaluation (``ROUND_START_W``; figures, not a test).

Run: ``.venv/bin/python benchmarks/fit_thirteen_evaluate.py [--games N] [--noise X] [--workers K]``

The search bot's rollouts in 13 Days stop at the start of the next round,
so that is where ``evaluate`` matters most. This script plays ``N`` games of
noisy heuristic self-play (the rollout policy's noise by default), takes
both sides' views at the start of rounds 2 and 3, and fits a logistic
regression of the result (a draw counts half) on
``round_start_features`` by Newton's method on half of the games. It
prints the held-out log loss of a coin, of the model's win probability
alone, of the weights in the code and of the new fit, and the new weights
to paste into ``ROUND_START_W`` in ``bots/heuristic/thirteen/evaluate.py``.
"""

from __future__ import annotations

import argparse
import math
import random
from multiprocessing import Pool

import brinkmanship as bm
from brinkmanship.bots import derive_seed, make_bot
from brinkmanship.bots.base import decide
from brinkmanship.bots.heuristic import thirteen as knowledge

Row = tuple[int, list[float], float]   # (game seed, features, result)


def play(args: tuple[int, float]) -> list[Row]:
    """One self-play game: the features of both sides at each round start, with the result."""
    seed, noise = args
    state = bm.new_game("thirteen", seed=seed)
    bots = {s: make_bot(f"heuristic:noise={noise}", derive_seed(seed, s)) for s in state.game.players}
    rng = random.Random(seed)
    taken: list[tuple[str, list[float]]] = []
    seen = 1
    while not state.is_terminal:
        if state.is_chance:
            state.apply_random(rng)
            continue
        side = state.current_player
        assert side is not None
        stage = state.game.stage(state.data)
        if stage != seen:
            seen = stage
            for s in state.game.players:
                view = state.view(s)
                if knowledge.at_round_start(view):
                    p = knowledge._Model(view, s).win_probability()
                    taken.append((s, knowledge.round_start_features(view, s, p)))
        state.apply(decide(bots[side], state, side))
    out: list[Row] = []
    for s, x in taken:
        y = 0.5 if state.winner is None else float(state.winner == s)
        out.append((seed, x, y))
    return out


def log_loss(w: list[float], rows: list[Row]) -> float:
    total = 0.0
    for _, x, y in rows:
        p = knowledge._sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
        p = min(max(p, 1e-9), 1.0 - 1e-9)
        total -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
    return total / len(rows)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [[*row, v] for row, v in zip(a, b, strict=True)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(rows: list[Row], ridge: float = 1e-3, steps: int = 12) -> list[float]:
    """Logistic regression by Newton's method (a little ridge keeps it well posed)."""
    n = len(rows[0][1])
    w = [0.0] * n
    for _ in range(steps):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for _, x, y in rows:
            p = knowledge._sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            g = p - y
            h = p * (1.0 - p)
            for i in range(n):
                grad[i] += g * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(n):
                    row[j] += hx * x[j]
        for i in range(n):
            grad[i] += ridge * w[i]
            hess[i][i] += ridge
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4000, help="self-play games (default 4000)")
    ap.add_argument("--noise", type=float, default=0.15, help="the bots' score noise (default 0.15, the rollouts')")
    ap.add_argument("--workers", type=int, default=2, help="processes playing the games")
    args = ap.parse_args()
    jobs = [(seed, args.noise) for seed in range(1, args.games + 1)]
    with Pool(args.workers) as pool:
        rows = [r for game in pool.imap(play, jobs, chunksize=25) for r in game]
    train = [r for r in rows if r[0] % 2 == 1]
    test = [r for r in rows if r[0] % 2 == 0]
    width = len(rows[0][1])
    model_only = [1.0] + [0.0] * (width - 1)
    w = fit(train)
    print(f"{len(rows)} round starts from {args.games} games of heuristic:noise={args.noise} self-play; "
          f"fitted on odd seeds, held-out log loss on even seeds:")
    print(f"  coin                    {math.log(2):.4f}")
    print(f"  model win probability   {log_loss(model_only, test):.4f}")
    print(f"  ROUND_START_W (code)    {log_loss(list(knowledge.ROUND_START_W), test):.4f}")
    print(f"  new fit                 {log_loss(w, test):.4f}")
    print("ROUND_START_W = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
