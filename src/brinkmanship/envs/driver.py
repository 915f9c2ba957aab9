"""One game as environments see it: only the players' decisions.

Every environment (PettingZoo, Gymnasium) steps a :class:`Driver`. It
answers chance nodes itself, from the generator stored in the state (so a
seed fixes the dice, shuffles and draws of a whole game), and hands out what
learners need at each decision: who is to move, the legal-action mask over
the game's fixed id space, the observation tensor and the returns.

Every environment takes ``backend`` (``"auto"`` by default: the native core
when it is built for the game, else the Python engine; ``"python"``;
``"native"``: ``NativeUnavailableError`` saying what is missing when it is
not built), the engine of every state it creates or loads. Both engines give
the same observations, masks and rewards for the same seeds and actions.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import brinkmanship as bm
from brinkmanship.core.game import CHANCE, get_game

# What an environment does with an illegal action (its ``illegal=`` keyword):
# raise ``IllegalActionError`` and change nothing, or end the game with the
# offender losing.
ILLEGAL_MODES = ("raise", "lose")


# ``State.apply_random`` answers a chance node from the state's own generator
# and draws nothing from its ``rng`` argument there.
_CHANCE_RNG = random.Random(0)


def illegal_mode(value: object) -> str:
    """``value`` checked as an ``illegal=`` keyword (``ValueError`` if not one)."""
    if value not in ILLEGAL_MODES:
        raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {value!r}")
    return str(value)


class Driver:
    """A game in progress, advanced past chance nodes after every step.

    >>> d = Driver("thirteen")
    >>> d.reset(seed=3)
    >>> d.to_move in ("USSR", "US"), int(d.mask().sum()) == len(d.state.legal_action_ids())
    (True, True)
    """

    __slots__ = ("backend", "game", "name", "options", "size", "state", "steps")

    def __init__(self, game: str, options: dict[str, Any] | None = None, backend: str | None = "auto") -> None:
        from brinkmanship import native

        self.game = get_game(game)
        self.name = self.game.name
        self.options = dict(options or {})
        #: The engine of the states: "python" or "native" (``backend`` resolved once).
        self.backend = native.choose_backend(backend, self.name)
        # Checked now, so that a bad option fails at construction.
        self.state = bm.new_game(self.name, 0, self.options, backend=self.backend)
        self.size: int = self.game.space.size
        self.steps = 0

    def reset(self, seed: int) -> None:
        """A new game from ``seed`` (it fixes every die roll and shuffle)."""
        self.state = bm.new_game(self.name, seed, self.options, backend=self.backend)
        self.steps = 0
        self._skip_chance()

    def reset_to(self, state: bm.State) -> None:
        """Go on from a copy of ``state`` (say, a ``bm.from_position``
        puzzle) instead of a new game; its chance nodes are answered from
        its own generator. A state of another game or a finished one is
        refused with ``ValueError``. The copy is on the driver's engine,
        whichever engine ``state`` is on."""
        from brinkmanship import native

        if not isinstance(state, bm.State) or state.game.name != self.name:
            raise ValueError(f"a State of {self.name} is needed, not {state!r}")
        if state.is_terminal:
            raise ValueError("that game is over")
        if self.backend == "native":
            self.state = native.to_native(state.clone())
        else:
            self.state = native.to_python(state.clone())
        self.steps = 0
        self._skip_chance()

    def _skip_chance(self) -> None:
        state = self.state
        while state.current_player == CHANCE:
            state.apply_random(_CHANCE_RNG)  # the state's own generator, as ``chance_action``

    @property
    def to_move(self) -> str | None:
        """The side to decide, or ``None`` once the game is over."""
        return self.state.current_player

    @property
    def ply(self) -> int:
        """Actions applied in the game so far, die rolls included (the state's ``ply``)."""
        state = self.state
        if self.backend == "native":
            n: int = state.native.ply()  # type: ignore[attr-defined]  # a NativeState: no JSON snapshot
            return n
        return int(state.data["ply"])

    def legal_ids(self) -> list[int]:
        """The legal ids of the pending decision, ascending."""
        return self.state.legal_action_ids()

    def mask(self) -> np.ndarray:
        """1 at every legal id of the pending decision, 0 elsewhere (int8)."""
        m = np.zeros(self.size, np.int8)
        if self.to_move is not None:
            m[self.state.legal_action_ids()] = 1
        return m

    def observe(self, side: str) -> np.ndarray:
        """``side``'s observation tensor (docs/observation.md)."""
        return self.state.observation_tensor(side)

    def step(self, action: int) -> None:
        """Apply the mover's action by id, then answer chance until the next
        decision. An illegal or malformed id raises ``IllegalActionError``
        (naming the legal actions) and changes nothing."""
        if isinstance(action, np.integer):
            action = int(action)
        self.state.apply(action)
        self.steps += 1
        self._skip_chance()

    def returns(self) -> dict[str, float]:
        """Each side's outcome (``State.returns``): 1 win, -1 loss, 0 draw or
        still going; both -1 when both lose (13 Days)."""
        return self.state.returns()
