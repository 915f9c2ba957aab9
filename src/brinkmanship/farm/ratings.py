"""Ratings and win rates from finished games: openskill, Bradley-Terry, Wilson intervals.

Everything here is a pure function of the game records (in game-index
order), so a tournament's tables are reproducible from its saved file.

>>> lo, hi = wilson(95, 100)
>>> round(lo, 4), round(hi, 4)
(0.8882, 0.9785)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``successes / n`` (``(0, 1)`` for no trials).

    Unlike the normal approximation it stays inside [0, 1] and is sensible
    at 0% and 100%, which is where bot-versus-bot win rates often are.
    """
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n={n}, not {successes}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Game:
    """One result between two named players: ``winner`` is one of them or ``None`` (a draw)."""

    a: str
    b: str
    winner: str | None


@dataclass(frozen=True)
class SkillRow:
    """A player's openskill rating: ``ordinal`` = mu - 3 sigma, a conservative estimate."""

    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


def openskill_table(players: Sequence[str], games: Sequence[Game]) -> list[SkillRow]:
    """Plackett-Luce (openskill) ratings after feeding ``games`` in order, best ordinal first.

    The model's defaults (mu 25, sigma 25/3) are kept, so figures compare
    with other openskill tables. Ties in ordinal keep the order of ``players``.
    """
    model = PlackettLuce()
    ratings = {p: model.rating(name=p) for p in players}
    counts = dict.fromkeys(players, 0)
    for g in games:
        ranks: list[float] = [0.0, 0.0] if g.winner is None else ([0.0, 1.0] if g.winner == g.a else [1.0, 0.0])
        [[ra], [rb]] = model.rate([[ratings[g.a]], [ratings[g.b]]], ranks=ranks)
        ratings[g.a], ratings[g.b] = ra, rb
        counts[g.a] += 1
        counts[g.b] += 1
    rows = [SkillRow(p, ratings[p].mu, ratings[p].sigma, ratings[p].ordinal(), counts[p]) for p in players]
    order = {p: i for i, p in enumerate(players)}
    return sorted(rows, key=lambda r: (-r.ordinal, order[r.name]))


def bradley_terry(players: Sequence[str], games: Sequence[Game], prior_draws: float = 1.0,
                  iterations: int = 1000) -> dict[str, float]:
    """Bradley-Terry strengths on the Elo scale (400 log10 odds), mean 0.

    Fitted by minorization-maximization (Hunter, 2004), a draw counting
    half a win for each side. ``prior_draws`` virtual draws between every
    pair that met keep the fit finite when a player won every game (with a
    perfect record the maximum-likelihood strength is infinite). Unlike
    openskill, the fit does not depend on the order of the games.
    """
    index = {p: i for i, p in enumerate(players)}
    k = len(players)
    wins = [[0.0] * k for _ in range(k)]  # wins[i][j]: i's score against j
    for g in games:
        i, j = index[g.a], index[g.b]
        if g.winner is None:
            wins[i][j] += 0.5
            wins[j][i] += 0.5
        else:
            w, lo = (i, j) if g.winner == g.a else (j, i)
            wins[w][lo] += 1.0
    met = [[wins[i][j] + wins[j][i] > 0 for j in range(k)] for i in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and met[i][j]:
                wins[i][j] += prior_draws / 2
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(wins[i])
            denom = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(total / denom if denom > 0 else strength[i])
        # Fix the scale: geometric mean 1 (mean 0 on the Elo scale).
        mean = math.exp(sum(math.log(s) for s in new) / k) if all(s > 0 for s in new) else 1.0
        new = [s / mean for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    return {p: 400 * math.log10(strength[index[p]]) if strength[index[p]] > 0 else -math.inf for p in players}


__all__ = ["Z95", "Game", "SkillRow", "bradley_terry", "openskill_table", "wilson"]
