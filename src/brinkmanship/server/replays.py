"""Stepping through a finished game: its position after any number of actions.

The browser's replay viewer asks for step after step, forward and back. A
game's effective actions (undone ones taken out, die rolls and shuffles
kept) are read once; the states at every ``EVERY``-th step are kept as
checkpoints, so any step costs at most ``EVERY`` engine actions. A few
games are kept, the most recently used first.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

import brinkmanship as bm

EVERY = 50


@dataclass
class Replay:
    """One finished game's actions, with checkpoints along them."""

    game: str
    seed: int
    options: dict[str, object]
    actions: list[str]
    checkpoints: dict[int, bm.State] = field(default_factory=dict)
    #: The engine the steps are computed on (``auto``, ``python``, ``native``).
    backend: str | None = "auto"

    def state_at(self, step: int) -> bm.State:
        """The state after the first ``step`` actions (0 <= step <= len)."""
        base = step - step % EVERY
        while base > 0 and base not in self.checkpoints:
            base -= EVERY
        if base == 0 and 0 not in self.checkpoints:
            self.checkpoints[0] = bm.new_game(self.game, seed=self.seed, options=dict(self.options),
                                              backend=self.backend)
        state = self.checkpoints[base].clone()
        for i in range(base, step):
            state.apply(self.actions[i])
            if (i + 1) % EVERY == 0 and i + 1 not in self.checkpoints:
                self.checkpoints[i + 1] = state.clone()
        return state


class ReplayCache:
    """The replays of the last few games asked for."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.games: OrderedDict[str, Replay] = OrderedDict()

    def get(self, game_id: str) -> Replay | None:
        replay = self.games.get(game_id)
        if replay is not None:
            self.games.move_to_end(game_id)
        return replay

    def put(self, game_id: str, replay: Replay) -> None:
        self.games[game_id] = replay
        self.games.move_to_end(game_id)
        while len(self.games) > self.size:
            self.games.popitem(last=False)
