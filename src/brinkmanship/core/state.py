"""The game-independent State: a plain-data dict plus the game that reads it.

The dict is the truth (it is what ``to_json`` writes); this class adds the
public API, validation of incoming actions and a cache of the legal actions
of the current decision, so that asking for them and then applying one of
them costs a single generation.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from brinkmanship.core.actions import Action
from brinkmanship.core.errors import IllegalActionError
from brinkmanship.core.game import CHANCE, Data, Game, get_game


class State:
    """A game in progress (or finished).

    >>> import brinkmanship as bm
    >>> s = bm.new_game("twilight", seed=1)
    >>> s.current_player
    'USSR'
    >>> s.apply(s.legal_actions()[0]) is None
    True
    """

    __slots__ = ("_legal", "data", "game")

    def __init__(self, game: Game, data: Data) -> None:
        self.game = game
        self.data = data
        self._legal: list[Action] | None = None

    # -- decisions -----------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        """``"USSR"``/``"US"`` (or the game's sides), ``"chance"``, or ``None``."""
        return self.game.current_player(self.data)

    @property
    def is_chance(self) -> bool:
        """True when the pending decision is a die roll."""
        return self.game.current_player(self.data) == CHANCE

    def legal_actions(self) -> list[Action]:
        """The actions legal now, in a stable order (a fresh list each call)."""
        if self._legal is None:
            self._legal = self.game.legal_actions(self.data)
        return list(self._legal)

    def parse(self, text: str) -> Action:
        """Turn action text into an Action (legal or not); malformed raises."""
        try:
            return self.game.parse(text)
        except LookupError as exc:
            raise IllegalActionError(text, str(exc.args[0] if exc.args else exc),
                                     self._legal_texts()) from None

    def _legal_texts(self) -> list[str]:
        if self.game.current_player(self.data) is None:
            return []
        if self._legal is None:
            self._legal = self.game.legal_actions(self.data)
        return [a.text for a in self._legal]

    def apply(self, action: Action | str) -> None:
        """Apply an action (object or text). Illegal input leaves the state unchanged."""
        if isinstance(action, str):
            action = self.parse(action)
        elif not isinstance(action, Action) or action.game != self.game.name:
            raise IllegalActionError(action, "not an action of this game",
                                     self._legal_texts())
        if self.game.current_player(self.data) is None:
            raise IllegalActionError(action, "the game is over")
        if self._legal is None:
            self._legal = self.game.legal_actions(self.data)
        if action not in self._legal:
            raise IllegalActionError(action, self.game.explain(self.data, action),
                                     [a.text for a in self._legal])
        self._legal = None
        self.game.apply(self.data, action)

    def apply_many(self, actions: Sequence[Action | str]) -> None:
        """Apply actions in order (each validated)."""
        for a in actions:
            self.apply(a)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each outcome with its probability (uniform)."""
        acts = self.legal_actions() if self.is_chance else []
        return [(a, 1.0 / len(acts)) for a in acts]

    def apply_random(self, rng: random.Random) -> Action:
        """Apply a random legal action: chance from the state's own generator,
        players' choices uniformly with ``rng``. Returns the action taken."""
        d = self.data
        game = self.game
        player = game.current_player(d)
        if player is None:
            raise IllegalActionError("random", "the game is over")
        if player == CHANCE:
            action = game.chance_action(d)
        else:
            legal = self._legal
            if legal is None:
                legal = game.legal_actions(d)
            action = legal[int(rng.random() * len(legal))]
        self._legal = None
        game.apply(d, action)
        return action

    # -- outcome ---------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        """True once the game has ended."""
        return self.game.current_player(self.data) is None

    @property
    def winner(self) -> str | None:
        """The winning side; ``None`` for a draw or a game still going."""
        return self.game.winner(self.data)

    @property
    def result(self) -> str | None:
        """Why the game ended (e.g. ``"vp"``, ``"defcon"``), or ``None``."""
        return self.game.result(self.data)

    # -- information -------------------------------------------------------------
    def view(self, side: str | None) -> dict[str, Any]:
        """What ``side`` may know, JSON-ready (``None``: a spectator)."""
        return self.game.view(self.data, side)

    @property
    def log(self) -> list[str]:
        """The public, human-readable log."""
        return self.game.log(self.data)

    @property
    def reveals(self) -> int:
        """Grows whenever hidden information is revealed (used by undo)."""
        return self.game.reveals(self.data)

    def resample(self, side: str, rng: random.Random) -> State:
        """A determinization: same view for ``side``, unseen cards redealt."""
        return State(self.game, self.game.resample(self.data, side, rng))

    # -- copies and serialization ---------------------------------------------------
    def clone(self) -> State:
        """A fast, fully independent copy."""
        return State(self.game, self.game.clone(self.data))

    def to_json(self) -> str:
        """The exact state as JSON (``brinkmanship.load`` reads it back)."""
        return json.dumps(self.data, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.data == other.data

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        d = self.data
        return f"<State {self.game.name} player={self.current_player!r} ply={d.get('ply')}>"


def load(text: str) -> State:
    """Read a state written by :meth:`State.to_json`."""
    data = json.loads(text)
    if not isinstance(data, dict) or "game" not in data:
        raise ValueError("not a Brinkmanship state: missing 'game'")
    return State(get_game(data["game"]), data)
