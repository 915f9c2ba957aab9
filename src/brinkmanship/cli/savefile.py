"""Saved games: the seed, the options, the seats and the list of actions.

The action list (die rolls included) is the source of truth: loading a file
starts a new game with the same seed and options and applies every action
again, each one validated by the engine. A file therefore stays small and
readable, and a file that no longer replays (say, after a rules fix) fails
loudly at the first action that became illegal instead of silently
resuming a position the rules cannot reach.

The format (version 1)::

    {"format": "brinkmanship-game", "version": 1, "game": "twilight",
     "seed": 7, "options": {"optional_cards": true},
     "seats": {"USSR": "human", "US": "random"},
     "actions": ["place Poland", ..., "roll 4", ...]}

Tournaments (``brink tournament``) write JSON Lines: a header line
(``"format": "brinkmanship-tournament"``: game, options, bots, seed, games
per pairing), then one line per game, each a saved game as above plus its
``index``, ``winner``, ``result``, ``decisions``, ``turns`` and
``seconds``, then a summary line (``"format":
"brinkmanship-tournament-summary"``: ratings, win rates, end reasons).
:func:`load_game` reads a game out of either kind of file, so ``brink
replay FILE --game K`` replays game ``K`` of a tournament.

>>> g = SavedGame("twilight", seed=7, options={}, seats={"USSR": "human", "US": "random"})
>>> g.actions.append("place Poland")
>>> replay(loads(dumps(g))).log[-1]
'USSR places 1 influence in Poland (set-up).'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

import brinkmanship as bm

FORMAT = "brinkmanship-game"
VERSION = 1
TOURNAMENT_FORMAT = "brinkmanship-tournament"
SUMMARY_FORMAT = "brinkmanship-tournament-summary"
TOURNAMENT_VERSION = 1


class SaveFileError(bm.BrinkmanshipError, ValueError):
    """A saved game that cannot be read or no longer replays."""


@dataclass
class SavedGame:
    """Everything needed to rebuild a game: how it started and what was played."""

    game: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, str]
    actions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object written to disk."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": dict(self.seats),
            "actions": list(self.actions),
        }


def dumps(saved: SavedGame) -> str:
    """The saved game as JSON text; ``indent`` puts one action per line, which
    keeps files readable and their diffs small."""
    return json.dumps(saved.to_dict(), indent=1) + "\n"


def loads(text: str) -> SavedGame:
    """Parse and check a saved game (not yet replayed: see :func:`replay`)."""
    if _tournament_header(text) is not None:
        raise SaveFileError("this is a tournament file, not a single game: pick one of its games "
                            "(brink replay FILE --game K)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"not a saved game: invalid JSON ({exc})") from None
    return from_dict(data)


def from_dict(data: Any) -> SavedGame:
    """Check a saved game already parsed from JSON (extra keys are ignored)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"not a saved game: 'format' must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise SaveFileError(f"unsupported saved-game version {data.get('version')!r}; "
                            f"this Brinkmanship reads version {VERSION}")
    game, seed = data.get("game"), data.get("seed")
    options = data.get("options", {})
    seats = data.get("seats", {})
    actions = data.get("actions")
    if not isinstance(game, str):
        raise SaveFileError("saved game: 'game' must be a string")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFileError("saved game: 'seed' must be an integer")
    if not isinstance(options, dict):
        raise SaveFileError("saved game: 'options' must be an object")
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
        raise SaveFileError("saved game: 'seats' must map sides to 'human' or a bot name")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveFileError("saved game: 'actions' must be a list of action texts")
    return SavedGame(game, seed, options, seats, actions)


def save(path: str | Path, saved: SavedGame) -> None:
    """Write ``saved`` to ``path`` (replacing it) via a temporary file, so an
    interrupted save never destroys the previous one. Missing parent
    directories are created (``save saves/game.json`` just works)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(dumps(saved), encoding="utf-8")
    tmp.replace(p)


def load(path: str | Path) -> SavedGame:
    """Read a saved game from ``path``."""
    return loads(_read(path))


# -- autosaves ------------------------------------------------------------------------
def autosave_dir() -> Path:
    """Where unfinished games are kept between sessions: the user's state
    directory (``$XDG_STATE_HOME/brinkmanship``, by default
    ``~/.local/state/brinkmanship`` on Linux; platformdirs elsewhere)."""
    return platformdirs.user_state_path("brinkmanship", appauthor=False)


def autosave_path(game: str) -> Path:
    """The autosave of ``game`` (one per game: each can be resumed)."""
    return autosave_dir() / f"autosave-{game}.json"


def latest_autosave(game: str | None = None) -> Path | None:
    """The autosave to resume: ``game``'s, or the newest of any game."""
    if game is not None:
        p = autosave_path(game)
        return p if p.is_file() else None
    found = sorted(autosave_dir().glob("autosave-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return found[0] if found else None


def save_tournament(path: str | Path, header: dict[str, Any], games: Iterable[tuple[SavedGame, dict[str, Any]]],
                    summary: dict[str, Any]) -> None:
    """Write a tournament file (JSON Lines, see the module docstring) via a temporary file.

    ``header`` and ``summary`` get their ``format`` and ``version`` here;
    each game is a saved game plus ``extra`` keys (index, winner, result...).
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write(json.dumps({"format": TOURNAMENT_FORMAT, "version": TOURNAMENT_VERSION, **header}) + "\n")
        for saved, extra in games:
            f.write(json.dumps({**saved.to_dict(), **extra}) + "\n")
        f.write(json.dumps({"format": SUMMARY_FORMAT, "version": TOURNAMENT_VERSION, **summary}) + "\n")
    tmp.replace(p)


@dataclass
class TournamentFile:
    """A tournament file read back: its header, its game lines (dicts, in file order) and its summary."""

    header: dict[str, Any]
    games: list[dict[str, Any]]
    summary: dict[str, Any] | None

    def game(self, index: int) -> SavedGame:
        """Game ``index`` (the ``index`` of its line) as a saved game."""
        for data in self.games:
            if data.get("index") == index:
                return from_dict(data)
        raise SaveFileError(f"there is no game {index} in this tournament file (games: {_index_range(self)})")


def _read(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveFileError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None


def _tournament_header(text: str) -> dict[str, Any] | None:
    """The header of a tournament file, or None when ``text`` is something else."""
    first = text.split("\n", 1)[0]
    try:
        data = json.loads(first)
    except json.JSONDecodeError:
        return None
    if isinstance(data, dict) and data.get("format") == TOURNAMENT_FORMAT:
        return data
    return None


def parse_tournament(text: str) -> TournamentFile:
    """Read a tournament file's text (JSON Lines)."""
    header = _tournament_header(text)
    if header is None:
        raise SaveFileError(f"not a tournament file: its first line must be a {TOURNAMENT_FORMAT!r} header")
    if header.get("version") != TOURNAMENT_VERSION:
        raise SaveFileError(f"unsupported tournament file version {header.get('version')!r}; "
                            f"this Brinkmanship reads version {TOURNAMENT_VERSION}")
    games: list[dict[str, Any]] = []
    summary = None
    for number, line in enumerate(text.splitlines()[1:], start=2):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"tournament file, line {number}: invalid JSON ({exc})") from None
        if isinstance(data, dict) and data.get("format") == SUMMARY_FORMAT:
            summary = data
        elif isinstance(data, dict) and data.get("format") == FORMAT:
            games.append(data)
        else:
            raise SaveFileError(f"tournament file, line {number}: neither a game nor the summary")
    return TournamentFile(header, games, summary)


def load_tournament(path: str | Path) -> TournamentFile:
    """Read a tournament file from ``path``."""
    return parse_tournament(_read(path))


def load_game(path: str | Path, index: int | None = None) -> SavedGame:
    """A saved game, or game ``index`` of a tournament file.

    A tournament file needs ``index``; a single saved game refuses one
    (both errors say so, rather than guessing which game was meant).
    """
    text = _read(path)
    if _tournament_header(text) is not None:
        tournament = parse_tournament(text)
        if index is None:
            n = len(tournament.games)
            raise SaveFileError(f"this is a tournament file with {n} game{'' if n == 1 else 's'}: "
                                f"choose one with --game K (K = {_index_range(tournament)})")
        return tournament.game(index)
    if index is not None:
        raise SaveFileError("--game picks a game of a tournament file; this file is a single saved game")
    return loads(text)


def _index_range(tournament: TournamentFile) -> str:
    """The game indices of a tournament file, e.g. ``0..11``."""
    indices = [i for d in tournament.games if isinstance(i := d.get("index"), int)]
    if not indices:
        return "none"
    return f"{min(indices)}..{max(indices)}"


def new_state(saved: SavedGame) -> bm.State:
    """The game as it was before its first action."""
    try:
        return bm.new_game(saved.game, seed=saved.seed, options=saved.options)
    except ValueError as exc:
        raise SaveFileError(f"saved game cannot be started: {exc}") from None


def _apply(state: bm.State, index: int, text: str) -> None:
    try:
        state.apply(text)
    except bm.IllegalActionError as exc:
        raise SaveFileError(f"saved game does not replay: action {index + 1} ({text!r}) "
                            f"is refused: {exc.reason}") from None


def replay_steps(saved: SavedGame) -> Iterator[tuple[str | None, bm.State]]:
    """Apply the saved actions one by one, yielding ``(player, state)`` after
    each, where ``player`` took the action (a side or ``"chance"``).

    The state object is the same one each time, mutated; clone it to keep
    it. An action the engine refuses raises :class:`SaveFileError` naming
    its position in the list.
    """
    state = new_state(saved)
    for i, text in enumerate(saved.actions):
        player = state.current_player
        _apply(state, i, text)
        yield player, state


def replay(saved: SavedGame) -> bm.State:
    """The state after every saved action: how a saved game is resumed."""
    state = new_state(saved)
    for i, text in enumerate(saved.actions):
        _apply(state, i, text)
    return state


__all__ = [
    "FORMAT",
    "SUMMARY_FORMAT",
    "TOURNAMENT_FORMAT",
    "TOURNAMENT_VERSION",
    "VERSION",
    "SaveFileError",
    "SavedGame",
    "TournamentFile",
    "dumps",
    "from_dict",
    "load",
    "load_game",
    "load_tournament",
    "loads",
    "new_state",
    "parse_tournament",
    "replay",
    "replay_steps",
    "save",
    "save_tournament",
]
