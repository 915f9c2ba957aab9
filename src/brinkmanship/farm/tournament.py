"""Round-robin tournaments between bots: schedule, play on a farm, tabulate.

Every pair of bots plays ``n`` games. Games come in pairs on the same deal
with the sides swapped: game ``2k`` of a pairing seats the first bot as the
USSR, game ``2k + 1`` seats it as the US, and both use seed ``seed + k``.
Every pairing plays the same deals, so luck of the draw cancels out as far
as it can. With an odd ``n`` the first-listed bot of each pair has the USSR
once more.

>>> [(d.index, d.seed, d.seats["USSR"]) for d in schedule(["random", "heuristic"], 3, seed=10)]
[(0, 10, 'random'), (1, 10, 'heuristic'), (2, 11, 'random')]
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from brinkmanship.bots import make_bot, parse_spec
from brinkmanship.farm import Farm, FarmRun, run_games
from brinkmanship.farm.local import Progress
from brinkmanship.farm.ratings import Game, SkillRow, bradley_terry, openskill_table, wilson
from brinkmanship.farm.tasks import Deal, GameRecord

SIDES = ("USSR", "US")


def check_bots(specs: Sequence[str]) -> list[str]:
    """The bot specs of a tournament, stripped; refuses unknown bots, bad
    parameters, duplicates and fewer than two bots (``ValueError``)."""
    bots = [s.strip() for s in specs if s.strip()]
    if len(bots) < 2:
        raise ValueError(f"a tournament needs at least two bots (got {len(bots)}: {', '.join(bots) or 'none'})")
    seen: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}
    for spec in bots:
        name, params = parse_spec(spec)
        try:
            close = getattr(make_bot(spec), "close", None)  # built to check the spec, then let go
            if close is not None:
                close()
        except ImportError as exc:
            raise ValueError(f"bot {spec!r} is not available: {exc}") from None
        key = (name, tuple(sorted(params.items())))
        if key in seen:
            raise ValueError(f"bot {spec!r} is listed twice (as {seen[key]!r}); give a version other "
                             "parameters to tell the two apart")
        seen[key] = spec
    return bots


def pairings(bots: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of bots once, in the order listed."""
    return list(itertools.combinations(bots, 2))


def schedule(bots: Sequence[str], n: int, seed: int) -> list[Deal]:
    """The games of a round robin: ``n`` per pairing, sides alternated on paired deals."""
    if n < 1:
        raise ValueError(f"games per pairing must be at least 1, not {n}")
    deals: list[Deal] = []
    for a, b in pairings(bots):
        for j in range(n):
            ussr, us = (a, b) if j % 2 == 0 else (b, a)
            deals.append(Deal(len(deals), seed + j // 2, {"USSR": ussr, "US": us}))
    return deals


@dataclass
class Score:
    """Wins, draws and losses of one bot (in some set of games)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """Games counted."""
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        """Wins over games (draws count as not won)."""
        return self.wins / self.games if self.games else 0.0

    def add(self, bot: str, winner: str | None) -> None:
        """Count one game's winner (a bot spec or None) from ``bot``'s side."""
        if winner is None:
            self.draws += 1
        elif winner == bot:
            self.wins += 1
        else:
            self.losses += 1

    def __str__(self) -> str:
        return f"{self.wins}-{self.draws}-{self.losses}"


@dataclass
class PairStats:
    """How bot ``a`` did against bot ``b``: overall and by the side ``a`` played."""

    a: str
    b: str
    score: Score = field(default_factory=Score)
    by_side: dict[str, Score] = field(default_factory=lambda: {s: Score() for s in SIDES})

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of ``a``'s win rate."""
        return wilson(self.score.wins, self.score.games)


def winning_bot(record: GameRecord) -> str | None:
    """The spec of the bot that won ``record`` (None: a draw)."""
    return None if record.winner is None else record.seats[record.winner]


def pair_stats(bots: Sequence[str], records: Sequence[GameRecord]) -> list[PairStats]:
    """One :class:`PairStats` per pairing, from the first-listed bot's point of view."""
    stats = {(a, b): PairStats(a, b) for a, b in pairings(bots)}
    for r in records:
        seat_a = next((s for s in SIDES if (r.seats[s], r.seats[_other(s)]) in stats), None)
        if seat_a is None:
            continue
        st = stats[(r.seats[seat_a], r.seats[_other(seat_a)])]
        winner = winning_bot(r)
        st.score.add(st.a, winner)
        st.by_side[seat_a].add(st.a, winner)
    return list(stats.values())


def _other(side: str) -> str:
    return "US" if side == "USSR" else "USSR"


def rating_games(records: Sequence[GameRecord]) -> list[Game]:
    """The records as two-player results, in game-index order."""
    return [Game(r.seats["USSR"], r.seats["US"], winning_bot(r)) for r in sorted(records, key=lambda r: r.index)]


@dataclass
class Standings:
    """Everything a tournament's tables show, computed from its records."""

    bots: list[str]
    skills: list[SkillRow]
    elo: dict[str, float]
    pairs: list[PairStats]
    overall: dict[str, Score]
    results: Counter[str]
    side_wins: Counter[str]


def standings(bots: Sequence[str], records: Sequence[GameRecord]) -> Standings:
    """Ratings, win rates and end reasons of a finished tournament."""
    games = rating_games(records)
    overall = {b: Score() for b in bots}
    for g in games:
        overall[g.a].add(g.a, g.winner)
        overall[g.b].add(g.b, g.winner)
    return Standings(
        bots=list(bots),
        skills=openskill_table(bots, games),
        elo=bradley_terry(bots, games),
        pairs=pair_stats(bots, records),
        overall=overall,
        results=Counter(r.result or "unfinished" for r in records),
        side_wins=Counter(r.winner or "draw" for r in records),
    )


@dataclass
class Tournament:
    """A finished round robin: how it was set up, its games and their standings."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    n: int
    seed: int
    run: FarmRun
    standings: Standings

    @property
    def records(self) -> list[GameRecord]:
        """Every game, in index order."""
        return self.run.records


def play_tournament(game: str, options: dict[str, Any], bots: Sequence[str], n: int, seed: int = 0,
                    farm: Farm | None = None, *, workers: int | None = None, ray: bool = False,
                    batch_size: int | None = None, on_progress: Progress | None = None,
                    backend: str | None = "auto") -> Tournament:
    """Play a round robin of ``n`` games per pairing on a farm and tabulate it.

    ``backend``: the engine of the games (``"auto"``, ``"python"`` or
    ``"native"``, see :func:`brinkmanship.farm.resolve_backend`); the one
    used is ``run.engine``. The games and standings are the same on both.
    """
    checked = check_bots(bots)
    deals = schedule(checked, n, seed)
    run = run_games(game, options, deals, farm, workers=workers, ray=ray, batch_size=batch_size,
                    keep_actions=True, on_progress=on_progress, backend=backend)
    return Tournament(game, dict(options), checked, n, seed, run, standings(checked, run.records))


__all__ = ["SIDES", "PairStats", "Score", "Standings", "Tournament", "check_bots", "pair_stats", "pairings",
           "play_tournament", "rating_games", "schedule", "standings", "winning_bot"]
