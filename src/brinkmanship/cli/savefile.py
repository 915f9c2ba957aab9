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

>>> g = SavedGame("twilight", seed=7, options={}, seats={"USSR": "human", "US": "random"})
>>> g.actions.append("place Poland")
>>> replay(loads(dumps(g))).log[-1]
'USSR places 1 influence in Poland (set-up).'
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import brinkmanship as bm

FORMAT = "brinkmanship-game"
VERSION = 1


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
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"not a saved game: invalid JSON ({exc})") from None
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
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveFileError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    return loads(text)


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
    "VERSION",
    "SaveFileError",
    "SavedGame",
    "dumps",
    "load",
    "loads",
    "new_state",
    "replay",
    "replay_steps",
    "save",
]
