"""13 Days: The Cuban Missile Crisis, 1962, on the Brinkmanship core.

Importing the package registers the game as ``"thirteen"``.
"""

from __future__ import annotations

from brinkmanship.thirteen.game import GAME, Thirteen

__all__ = ["GAME", "Thirteen"]
