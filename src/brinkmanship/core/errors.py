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
        text = f"illegal action {str(action)!r}: {reason}"
        if self.legal:
            text += f"; legal now: {shown}"
        super().__init__(text)


class PositionError(BrinkmanshipError, ValueError):
    """A position given to ``from_position`` is malformed or impossible."""


class UnknownGameError(BrinkmanshipError, ValueError):
    """A game name that no plugin is registered under."""
