"""Shared helpers for 13 Days tests: positions and short accessors.

Tests read like rulebook examples: set up a position, apply actions by
their text, check the outcome.
"""

from __future__ import annotations

from typing import Any

import brinkmanship as bm
from brinkmanship.core.state import State
from brinkmanship.thirteen.board import ARENAS, TRACKS


def position(**fields: Any) -> State:
    """``bm.from_position("thirteen", fields)``."""
    return bm.from_position("thirteen", fields)


def texts(s: State) -> list[str]:
    """The legal actions as text."""
    return [a.text for a in s.legal_actions()]


def play(s: State, *actions: str) -> State:
    """Apply actions in order (each validated); returns the state."""
    for a in actions:
        s.apply(a)
    return s


def cubes(s: State, side: str) -> dict[str, int]:
    """``side``'s cubes by arena name (arenas with none left out)."""
    row = s.data["cubes"][side]
    return {ARENAS[i]: n for i, n in enumerate(row) if n}


def cube(s: State, side: str, arena: str) -> int:
    """``side``'s cubes in one arena."""
    return int(s.data["cubes"][side][ARENAS.index(arena)])


def defcon(s: State, side: str) -> dict[str, int]:
    """``side``'s DEFCON markers by track name."""
    row = s.data["defcon"][side]
    return {TRACKS[t]: row[t] for t in range(3)}
