"""The heuristic bot: fast, hand-written knowledge of each game.

Each game has a package here with two functions over views (never the
state), which the search bot reuses as its prior and its leaf evaluation:

``score_actions(view, legal) -> list[float]``
    how good each legal action looks to the player to move (higher is
    better; only the order and the gaps matter);
``evaluate(view, side) -> float``
    the estimated chance that ``side`` wins from this position, in [0, 1]
    (1 or 0 once the game is won or lost, 0.5 for a draw).

:class:`HeuristicBot` plays the best-scored action, breaking ties (and,
with ``noise``, near-ties) with its own seeded generator.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

from brinkmanship.core.actions import Action

_MODULES: dict[str, ModuleType] = {}


def knowledge(game: str) -> ModuleType:
    """The heuristic package of ``game`` (``twilight`` or ``thirteen``)."""
    mod = _MODULES.get(game)
    if mod is None:
        try:
            mod = importlib.import_module(f"brinkmanship.bots.heuristic.{game}")
        except ModuleNotFoundError:
            raise ValueError(f"the heuristic bot does not know the game {game!r}") from None
        _MODULES[game] = mod
    return mod


def score_actions(view: dict[str, Any], legal: list[Action]) -> list[float]:
    """Scores of ``legal`` for the player to move in ``view`` (see the module docstring)."""
    return knowledge(view["game"]).score_actions(view, legal)


def evaluate(view: dict[str, Any], side: str) -> float:
    """Estimated probability that ``side`` wins (see the module docstring)."""
    return knowledge(view["game"]).evaluate(view, side)


class HeuristicBot:
    """Plays the action its game's heuristic scores highest.

    ``noise`` adds Gaussian noise of that size to every score before the
    choice (0, the default, plays the best move; ties are broken at random).

    >>> import brinkmanship as bm
    >>> s = bm.new_game("thirteen", seed=1)
    >>> bot = HeuristicBot(seed=1)
    >>> bot.choose(s.view(s.current_player), s.legal_actions()) in s.legal_actions()
    True
    """

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        if noise < 0:
            raise ValueError(f"heuristic noise must be 0 or more, not {noise}")
        self.seed = seed
        self.noise = noise
        self.rng = random.Random(seed)
        self.name = "heuristic" if noise == 0 else f"heuristic:noise={noise:g}"

    @classmethod
    def from_params(cls, seed: int, params: dict[str, str]) -> HeuristicBot:
        """Build from spec parameters: ``noise=X`` (``heuristic:X`` means the same)."""
        params = dict(params)
        raw = params.pop("noise", params.pop("strength", "0"))
        if params:
            raise ValueError(f"bot 'heuristic' takes only noise=X (got {', '.join(params)})")
        try:
            noise = float(raw)
        except ValueError:
            raise ValueError(f"heuristic noise must be a number, not {raw!r}") from None
        return cls(seed, noise)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The best-scored legal action."""
        if not legal:
            raise ValueError("HeuristicBot.choose needs at least one legal action")
        if len(legal) == 1:
            return legal[0]
        scores = score_actions(view, legal)
        rand = self.rng.random
        gauss = self.rng.gauss
        noise = self.noise
        best_i = 0
        best = float("-inf")
        for i, s in enumerate(scores):
            v = s + (gauss(0.0, noise) if noise else 0.0) + rand() * 1e-9
            if v > best:
                best, best_i = v, i
        return legal[best_i]

    def reseed(self, seed: int) -> None:
        """Restart from ``seed``."""
        self.seed = seed
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed}, noise={self.noise})"


__all__ = ["HeuristicBot", "evaluate", "knowledge", "score_actions"]
