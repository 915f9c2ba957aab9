"""Brinkmanship: engines for Cold War card-driven games.

>>> import brinkmanship as bm
>>> state = bm.new_game("twilight", seed=7)
>>> state.current_player
'USSR'
>>> state.apply("place Poland")
>>> state.log[-1]
'USSR places 1 influence in Poland (set-up).'
>>> bm.new_game("thirteen", seed=7).current_player
'USSR'
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import (
    CHANCE,
    Action,
    BrinkmanshipError,
    IllegalActionError,
    NotYourTurnError,
    PositionError,
    State,
    StateError,
    UndoHistory,
    UnknownGameError,
    get_game,
    load,
)
from brinkmanship.core.cards import cards

__version__ = "0.1.0"


def new_game(game: str, seed: int = 0, options: dict[str, Any] | None = None) -> State:
    """Start a new game of ``game`` ("twilight" or "thirteen") with a seed and
    options (a dict; unknown names or values raise ``ValueError``)."""
    g = get_game(game)
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option names to values, got {options!r}")
    return State(g, g.new(seed, dict(options or {})))


def game_info(game: str) -> dict[str, Any]:
    """The facts of a game for programs: players, number of distinct actions
    (the id space) and its digest, longest possible game, utility range,
    chance and information type (see docs/architecture.md).

    >>> game_info("thirteen")["players"]
    ['USSR', 'US']
    """
    return get_game(game).info()


def from_position(game: str, position: dict[str, Any]) -> State:
    """Set up any position (see docs/positions.md)."""
    g = get_game(game)
    return State(g, g.from_position(position))


__all__ = [
    "CHANCE",
    "Action",
    "BrinkmanshipError",
    "IllegalActionError",
    "NotYourTurnError",
    "PositionError",
    "State",
    "StateError",
    "UndoHistory",
    "UnknownGameError",
    "__version__",
    "cards",
    "from_position",
    "game_info",
    "get_game",
    "load",
    "new_game",
]
