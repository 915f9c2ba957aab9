"""Exceptions shared by every game.

Errors carry the offending value so that a client (CLI, server, bot harness)
can show the user what was wrong and what would have been accepted.
"""

from __future__ import annotations

from collections.abc import Sequence


class BrinkmanshipError(Exception):
    """Base class of every error raised on purpose by the engine."""


class IllegalActionError(BrinkmanshipError, ValueError):
    """An action was malformed or is not legal in the current state.

    The state is left exactly as it was. ``action`` is what was given,
    ``reason`` says why it was refused and ``legal`` lists the canonical
    text of every action that would have been accepted.
    """

    def __init__(self, action: object, reason: str, legal: Sequence[str] = ()) -> None:
        self.action = action
        self.reason = reason
        self.legal = list(legal)
        shown = ", ".join(self.legal[:40])
        if len(self.legal) > 40:
            shown += f", ... ({len(self.legal)} in all)"
        text = f"illegal action {quote(action)}: {reason}"
        if self.legal:
            text += f"; legal now: {shown}"
        super().__init__(text)


class NotYourTurnError(IllegalActionError):
    """An action sent by a seat that is not to move (``apply(..., by=side)``).

    It tells only whose turn it is, which is public: no legal list and no
    reason that could name a card of the mover's, whatever the input was.
    """

    def __init__(self, action: object, by: str, mover: str | None) -> None:
        who = "the game is over" if mover is None else f"{mover} is to move"
        super().__init__(action, f"it is not {by}'s turn ({who})")
        self.by = by
        self.mover = mover


class StateError(BrinkmanshipError, ValueError):
    """A saved state given to ``load`` is malformed, tampered with or not a
    state at all. The message names the field that is wrong."""


# Longest piece of client input an error message repeats: enough to
# recognise a typo, never a way to echo a large payload back.
MAX_QUOTE = 80


def quote(value: object) -> str:
    """``repr`` of the text of ``value``, cut to ``MAX_QUOTE`` characters."""
    text = str(value)
    if len(text) > MAX_QUOTE:
        return repr(text[:MAX_QUOTE]) + f"... ({len(text)} characters)"
    return repr(text)


class PositionError(BrinkmanshipError, ValueError):
    """A position given to ``from_position`` is malformed or impossible."""


class UnknownGameError(BrinkmanshipError, ValueError):
    """A game name that no plugin is registered under."""
