"""A bot that picks uniformly among the legal actions.

It is the baseline every other bot must beat and the engine of ``brink
simulate``. It draws exactly as ``State.apply_random`` does (one
``rng.random()`` per decision, scaled to the list), so a game of two
RandomBots driven through ``choose`` and the lean simulation loop driven
through ``apply_random(bot.rng)`` are the same game, move for move.
"""

from __future__ import annotations

import random
from typing import Any

from brinkmanship.core.actions import Action


class RandomBot:
    """Uniformly random legal moves from its own seeded generator.

    >>> from brinkmanship import new_game
    >>> s = new_game("twilight", seed=1)
    >>> a = RandomBot(seed=5).choose(s.view("USSR"), s.legal_actions())
    >>> a in s.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """A uniformly random element of ``legal`` (the view is not needed)."""
        if not legal:
            raise ValueError("RandomBot.choose needs at least one legal action")
        return legal[int(self.rng.random() * len(legal))]

    def reseed(self, seed: int) -> None:
        """Restart from ``seed``."""
        self.seed = seed
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
