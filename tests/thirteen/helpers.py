"""Shared helpers for 13 Days tests: positions and short accessors.

Tests read like rulebook examples: set up a position, apply actions by
their text, check the outcome.
"""

from __future__ import annotations

import contextlib
from typing import Any

import brinkmanship as bm
from brinkmanship.core.state import State
from brinkmanship.thirteen.board import ARENAS, N_CARDS, TRACKS, card_number


def _numbers(cards: Any) -> list[int]:
    return [c if isinstance(c, int) else card_number(str(c)) for c in cards]


def complete_deck(fields: dict[str, Any]) -> list[int]:
    """The position's explicit ``deck`` (top first) with every strategy card
    placed nowhere else under it, in number order: the state then has each
    card in exactly one place, a legal state on both backends (the native
    core, like ``bm.load``, refuses a state with cards missing)."""
    placed = set(_numbers(fields["deck"]))
    for cards in (*fields.get("hands", {}).values(), fields.get("discard", []),
                  *fields.get("aftermath", {}).values()):
        placed.update(_numbers(cards))
    return [*fields["deck"], *(c for c in range(1, N_CARDS + 1) if c not in placed)]


def position(**fields: Any) -> State:
    """``bm.from_position("thirteen", fields)``; an explicit ``deck`` is
    completed (:func:`complete_deck`) so that the state is a legal one."""
    if "deck" in fields:
        # A malformed position is left as it is: from_position says what is wrong.
        with contextlib.suppress(LookupError, TypeError, AttributeError):
            fields["deck"] = complete_deck(fields)

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
