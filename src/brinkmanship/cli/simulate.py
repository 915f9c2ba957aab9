"""Games between bots as fast as the machine goes: ``brink simulate``.

Game ``k`` of a run has seed ``SEED + k`` and its bots are seeded from it,
so the games are played on the farm (all local cores by default, or Ray)
and the run gives the same summary whatever the number of workers. Random
bots keep the engine's lean loop (``State.apply_random`` with each random
bot's own generator, see :func:`brinkmanship.farm.play_game`): each
simulated game is the very game two RandomBots would play through ``brink
play --ussr random --us random`` with the same seed.

The words of the summaries (end reasons, who won, where the games ran) come
from the catalogs, codes ``cli.farm.*``, in the language asked for.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import brinkmanship as bm
from brinkmanship.cli import savefile
from brinkmanship.cli.savefile import SavedGame
from brinkmanship.farm import Deal, Farm, GameRecord, play_game, run_games
from brinkmanship.i18n import DEFAULT_LANG, catalog, msg, text

DRAW = "draw"

#: One finished game (the farm's record: seed, winner, result, lengths, actions).
GameResult = GameRecord


@dataclass
class Summary:
    """Results of a batch of games and how long they took."""

    game: str
    options: dict[str, Any]
    seats: dict[str, str]
    games: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    backend: str = "1 process (in-process)"
    #: The engine the games were played on: "python" or "native".
    engine: str = "python"

    @property
    def winners(self) -> Counter[str]:
        """Games won by each side (``"draw"`` for drawn games)."""
        return Counter(g.winner or DRAW for g in self.games)

    @property
    def results(self) -> Counter[str]:
        """Games per end reason (``state.result``)."""
        return Counter(g.result or "unfinished" for g in self.games)

    @property
    def decisions(self) -> int:
        """Actions applied over all games, die rolls included."""
        return sum(g.decisions for g in self.games)


def simulate(game: str, n: int, seed: int, options: dict[str, Any], seats: dict[str, str],
             save_dir: Path | None = None,
             on_game: Callable[[GameRecord], None] | None = None, *,
             farm: Farm | None = None, workers: int | None = 1, ray: bool = False,
             backend: str | None = "auto") -> Summary:
    """Play ``n`` games with seeds ``seed`` .. ``seed + n - 1`` on ``farm``
    (or on ``workers`` local processes, or Ray), on the engine ``backend``
    (``"auto"``: native when built for the game; ``"python"``; ``"native"``:
    ``FarmError`` when it is not built). The summary's ``engine`` says which.

    With ``save_dir``, each game is written there in the saved-game format
    (``<game>-seed<S>.json``). ``on_game`` is called after every finished
    game (the CLI advances its progress bar with it); on a pool, games are
    reported a batch at a time. The summary's time is the farm's wall time:
    writing the files is not counted.
    """
    probe = bm.new_game(game, seed=seed, options=options)
    summary = Summary(probe.game.name, probe.view(None)["options"], dict(seats))
    deals = [Deal(k, seed + k, dict(seats)) for k in range(n)]

    def progress(records: list[GameRecord]) -> None:
        if on_game is not None:
            for r in records:
                on_game(r)

    run = run_games(summary.game, options, deals, farm, workers=workers, ray=ray,
                    keep_actions=save_dir is not None, on_progress=progress, backend=backend)
    summary.games = run.records
    summary.seconds = run.seconds
    summary.backend = run.backend
    summary.engine = run.engine
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
        for r in run.records:
            assert r.actions is not None
            saved = SavedGame(summary.game, r.seed, summary.options, dict(seats), r.actions)
            savefile.save(save_dir / f"{summary.game}-seed{r.seed}.json", saved)
    return summary


# -- words for the summaries of simulate and tournament ----------------------------------

def game_words(game: str) -> dict[str, Any]:
    """The game as the summaries name it (a message: the command-line name
    in English, the title in Russian)."""
    return msg(f"cli.farm.game.{game}")


def result_text(reason: str, lang: str = DEFAULT_LANG) -> str:
    """An end reason (``state.result``, or ``unfinished``) in ``lang``; English
    keeps the words of the results files (``final_scoring``), an unknown
    reason is shown as written."""
    code = f"cli.farm.result.{reason}"
    return text(code, lang) if code in catalog(lang) else text("cli.farm.result.other", lang, reason=reason)


def winner_text(game: str, winner: str, lang: str = DEFAULT_LANG) -> str:
    """A side's name, or for ``draw`` what a game without a winner is called
    (a draw in Twilight Struggle; in 13 Days nuclear war on both sides)."""
    return text(f"cli.farm.no_winner.{game}", lang) if winner == DRAW else text(f"side.{winner}", lang)


def length_text(game: str, decisions: float, turns: float, rolls: float | None,
                lang: str = DEFAULT_LANG) -> str:
    """Average decisions (die rolls among them when given) and turns or rounds per game."""
    dice = "" if rolls is None else text("cli.farm.length.dice", lang, rolls=f"{rolls:.1f}")
    return text("cli.farm.length", lang, decisions=f"{decisions:.1f}", dice=dice,
                length=text(f"cli.farm.length.{game}", lang, turns=f"{turns:.2f}"))


# The farm describes itself in English (``Farm.describe``, kept in results
# files); these are the descriptions it gives, said again from the catalog.
_BACKENDS = (
    (re.compile(r"1 process \(in-process\)"), "cli.farm.backend.in_process"),
    (re.compile(r"(?P<n>\d+) local processes"), "cli.farm.backend.local"),
    (re.compile(r"Ray cluster at (?P<address>.+), (?P<n>\d+) CPUs"), "cli.farm.backend.ray_cluster"),
    (re.compile(r"Ray local instance, (?P<n>\d+) CPUs"), "cli.farm.backend.ray_local"),
)


def backend_text(backend: str, lang: str = DEFAULT_LANG) -> str:
    """Where the games ran (``Farm.describe()``) in ``lang``; a description
    not known here is shown as written.

    >>> backend_text("2 local processes", "ru")
    '2 локальных процесса'
    """
    for pattern, code in _BACKENDS:
        found = pattern.fullmatch(backend)
        if found:
            args: dict[str, object] = {k: int(v) if k == "n" else v for k, v in found.groupdict().items()}
            return text(code, lang, **args)
    return backend


__all__ = ["DRAW", "GameResult", "Summary", "backend_text", "game_words", "length_text", "play_game",
           "result_text", "simulate", "winner_text"]
