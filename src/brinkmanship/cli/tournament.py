"""``brink tournament``: the tables of a finished round robin, and its file.

The games are played and counted in :mod:`brinkmanship.farm.tournament`;
this module only presents them (rich tables, in English or Russian: codes
``cli.farm.*`` of the catalogs) and writes the results file, in which every
game is a saved game that ``brink replay FILE --game K`` steps through. The
file keeps the engine's own words (``"result": "final_scoring"``) whatever
the language.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from brinkmanship.cli import savefile
from brinkmanship.cli.games import shown_value, ui_for
from brinkmanship.cli.savefile import SavedGame
from brinkmanship.cli.simulate import DRAW, backend_text, game_words, length_text, result_text, winner_text
from brinkmanship.farm.tasks import GameRecord
from brinkmanship.farm.tournament import PairStats, Score, Tournament
from brinkmanship.i18n import DEFAULT_LANG, text


def default_path(game: str, seed: int) -> Path:
    """Where results go without ``--out``: ``tournament-<game>-seed<S>.jsonl``."""
    return Path(f"tournament-{game}-seed{seed}.jsonl")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _table(title: str, first: tuple[str, ...], numbers: tuple[str, ...], bots: list[str]) -> Table:
    """A compact table: text columns ``first``, the last of them the bots' (bot specs kept whole where
    the width allows, else folded rather than cut), then ``numbers``."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1))
    widest = min(30, max((len(b) for b in bots), default=3))
    for k, name in enumerate(first):
        table.add_column(name, overflow="fold", min_width=widest if k == len(first) - 1 else None)
    for name in numbers:
        table.add_column(name, justify="right", no_wrap=True)
    return table


def _cols(lang: str, *keys: str) -> tuple[str, ...]:
    return tuple(text(f"cli.farm.col.{k}", lang) for k in keys)


def rating_table(t: Tournament, lang: str = DEFAULT_LANG) -> Table:
    """Bots by openskill ordinal (mu - 3 sigma), with a Bradley-Terry fit and overall scores."""
    s = t.standings
    table = _table(text("cli.farm.ratings.title", lang), _cols(lang, "rank", "bot"),
                   _cols(lang, "mu", "sigma", "ordinal", "elo", "wdl", "win_rate"), t.bots)
    for rank, row in enumerate(s.skills, start=1):
        score = s.overall[row.name]
        table.add_row(str(rank), row.name, f"{row.mu:.2f}", f"{row.sigma:.2f}", f"{row.ordinal:.2f}",
                      f"{s.elo[row.name]:+.0f}", str(score), _pct(score.win_rate))
    return table


def _flipped(p: PairStats) -> PairStats:
    """``p`` from the second bot's point of view."""
    def flip(x: Score) -> Score:
        return Score(x.losses, x.draws, x.wins)

    return PairStats(p.b, p.a, flip(p.score), {"USSR": flip(p.by_side["US"]), "US": flip(p.by_side["USSR"])})


def pairing_table(t: Tournament, lang: str = DEFAULT_LANG) -> Table:
    """Each pairing from both bots' points of view: W-D-L, win rate with its
    Wilson 95% interval, and the results with each side."""
    sides = tuple(text("cli.farm.col.as_side", lang, side=side) for side in ("USSR", "US"))
    table = _table(text("cli.farm.pairings.title", lang), _cols(lang, "bot"),
                   _cols(lang, "wdl", "win_rate", "interval") + sides, t.bots)
    for k, pair in enumerate(t.standings.pairs):
        for p in (pair, _flipped(pair)):
            lo, hi = p.interval
            table.add_row(p.a, str(p.score), _pct(p.score.win_rate), f"{100 * lo:.1f}-{_pct(hi)}",
                          str(p.by_side["USSR"]), str(p.by_side["US"]),
                          end_section=k < len(t.standings.pairs) - 1 and p is not pair)
    return table


def facts_table(t: Tournament, lang: str = DEFAULT_LANG) -> Table:
    """How games ended, which side won, time and speed."""
    n = len(t.records)
    s = t.standings
    game = ui_for(t.game).name
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()

    def row(label: str, value: str) -> None:
        table.add_row(text(f"cli.farm.row.{label}", lang), value)

    row("winning_side", ", ".join(f"{winner_text(game, k, lang)} {s.side_wins[k]} ({_pct(s.side_wins[k] / n)})"
                                  for k in ("USSR", "US", DRAW)))
    row("results", ", ".join(f"{result_text(k, lang)} {v} ({_pct(v / n)})" for k, v in s.results.most_common()))
    decisions = sum(r.decisions for r in t.records)
    turns = sum(r.turns for r in t.records)
    row("length", length_text(game, decisions / n, turns / n, None, lang))
    run = t.run
    row("time", text("cli.farm.time", lang, seconds=f"{run.seconds:.2f}", games=f"{run.games_per_second:,.2f}",
                     backend=backend_text(run.backend, lang), size=run.batch_size))
    row("engine", text(f"cli.farm.engine.{run.engine}", lang))
    for bot, (searched, iterations, seconds) in search_effort(t.records).items():
        row("search", text("cli.farm.search", lang, bot=bot, rate=f"{iterations / max(seconds, 1e-9):,.0f}",
                           per=f"{iterations / max(searched, 1):,.0f}", searched=f"{searched:,.0f}"))
    if t.options:
        row("options", ", ".join(f"{k}={shown_value(v)}" for k, v in t.options.items()))
    return table


def search_effort(records: Sequence[GameRecord]) -> dict[str, tuple[float, float, float]]:
    """Each search bot's decisions searched, iterations and seconds, over all its games."""
    out: dict[str, list[float]] = {}
    for r in records:
        for side, (searched, iterations, seconds) in r.search.items():
            tot = out.setdefault(r.seats[side], [0.0, 0.0, 0.0])
            tot[0] += searched
            tot[1] += iterations
            tot[2] += seconds
    return {bot: (v[0], v[1], v[2]) for bot, v in out.items()}


def report(t: Tournament, lang: str = DEFAULT_LANG) -> RenderableType:
    """Everything ``brink tournament`` prints about a finished round robin, in ``lang``."""
    head = text("cli.farm.tournament.head", lang, games=len(t.records), game=game_words(ui_for(t.game).name),
                bots=len(t.bots), pairs=len(t.standings.pairs), n=t.n, seed=t.seed,
                last=t.seed + (t.n - 1) // 2)
    return Group(Text(head), "", rating_table(t, lang), "", pairing_table(t, lang), "", facts_table(t, lang))


def summary_dict(t: Tournament) -> dict[str, Any]:
    """The summary line of the results file: the tables as data."""
    s = t.standings
    return {
        "games": len(t.records),
        "seconds": t.run.seconds,
        "backend": t.run.backend,
        "engine": t.run.engine,
        "ratings": [{"bot": r.name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "bt_elo": s.elo[r.name],
                     "wins": s.overall[r.name].wins, "draws": s.overall[r.name].draws,
                     "losses": s.overall[r.name].losses} for r in s.skills],
        "pairings": [{"bot": p.a, "vs": p.b, "wins": p.score.wins, "draws": p.score.draws,
                      "losses": p.score.losses, "win_rate": p.score.win_rate, "interval95": list(p.interval),
                      "as_ussr": vars(p.by_side["USSR"]), "as_us": vars(p.by_side["US"])} for p in s.pairs],
        "results": dict(s.results.most_common()),
        "winning_side": dict(s.side_wins),
        "search": {bot: {"decisions_searched": int(n), "iterations": int(it), "seconds": sec,
                         "iterations_per_second": it / max(sec, 1e-9)}
                   for bot, (n, it, sec) in search_effort(t.records).items()},
    }


def save_results(t: Tournament, path: Path) -> None:
    """Write the tournament file: header, one saved game per line, summary."""
    header = {"game": t.game, "options": t.options, "bots": t.bots, "games_per_pairing": t.n, "seed": t.seed,
              "games": len(t.records), "engine": t.run.engine}
    games = []
    for r in t.records:
        assert r.actions is not None
        saved = SavedGame(t.game, r.seed, t.options, dict(r.seats), r.actions)
        games.append((saved, {"index": r.index, "winner": r.winner, "result": r.result, "decisions": r.decisions,
                              "turns": r.turns, "seconds": round(r.seconds, 6),
                              **({"search": r.search} if r.search else {})}))
    savefile.save_tournament(path, header, games, summary_dict(t))


__all__ = ["default_path", "facts_table", "pairing_table", "rating_table", "report", "save_results",
           "summary_dict"]
