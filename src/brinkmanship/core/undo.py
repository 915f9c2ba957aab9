"""Undo for human play.

A player may take back actions within their own turn until a die is rolled,
hidden information is revealed or the other side must act; then the history
is cleared. The rule lives here, once, for the CLI and the server alike.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action
from brinkmanship.core.state import State


class UndoHistory:
    """Snapshots taken before each undoable action of the player to move."""

    def __init__(self) -> None:
        self._stack: list[tuple[State, str]] = []

    def apply(self, state: State, action: Action | str) -> State:
        """Apply ``action`` to a copy of ``state``; return the new state.

        The old state is kept for undo when the same player moves next and
        nothing hidden was revealed; otherwise the history is cleared.
        """
        before = state.clone()
        player = state.current_player
        reveals = state.reveals
        after = state.clone()
        after.apply(action)
        if (
            player is not None
            and after.current_player == player
            and after.reveals == reveals
        ):
            self._stack.append((before, str(action)))
        else:
            self._stack.clear()
        return after

    def can_undo(self) -> bool:
        """True when the last action may be taken back."""
        return bool(self._stack)

    def undo(self) -> tuple[State, str]:
        """The state before the last undoable action, and that action's text."""
        return self._stack.pop()

    def clear(self) -> None:
        """Forget the history (e.g. after loading a game)."""
        self._stack.clear()

    def __len__(self) -> int:
        return len(self._stack)
