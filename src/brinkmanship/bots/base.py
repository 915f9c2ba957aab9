"""The contract every bot meets: it sees a view and the legal actions, nothing else.

Bots are clients of the public API like the CLI and the server. Keeping the
interface this small (no access to the State) makes it impossible for a bot
to peek at the opponent's hand or the deck order, and lets the same bot run
in the terminal, on the server, in a simulation farm or behind an RL env.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from brinkmanship.core.actions import Action


@runtime_checkable
class Bot(Protocol):
    """A player that picks one of the legal actions.

    ``name`` is the registry name (``"random"``), shown to players and
    written into saved games. ``reseed`` makes a bot's choices reproducible:
    the same seed, views and legal actions give the same choices.
    """

    name: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick one action out of ``legal`` (never empty) given ``view``."""
        ...

    def reseed(self, seed: int) -> None:
        """Restart the bot's own random generator from ``seed``."""
        ...
