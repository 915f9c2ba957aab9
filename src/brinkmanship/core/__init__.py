"""Game-independent machinery: state, actions, seeded PRNG, errors, undo.

Nothing here knows the rules of any game, prints, or does I/O.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action, ActionSpace, Verb
from brinkmanship.core.errors import (
    BrinkmanshipError,
    IllegalActionError,
    NotYourTurnError,
    PositionError,
    StateError,
    UnknownGameError,
)
from brinkmanship.core.game import CHANCE, Game, get_game, register
from brinkmanship.core.state import State, load
from brinkmanship.core.undo import UndoHistory

__all__ = [
    "CHANCE",
    "Action",
    "ActionSpace",
    "BrinkmanshipError",
    "Game",
    "IllegalActionError",
    "NotYourTurnError",
    "PositionError",
    "State",
    "StateError",
    "UndoHistory",
    "UnknownGameError",
    "Verb",
    "get_game",
    "load",
    "register",
]
