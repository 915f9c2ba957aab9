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
from brinkmanship.core.errors import (
    IllegalActionError,
    NotYourTurnError,
    StateError,
    UnknownGameError,
    quote,
    quote_arg,
    reason_of,
)
from brinkmanship.core.game import CHANCE, Data, Game, get_game
from brinkmanship.core.log import msg

# Longest action text ``apply`` reads: every canonical action is far shorter.
MAX_ACTION_TEXT = 200


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

    def legal_action_ids(self) -> list[int]:
        """The ids of the legal actions, sorted ascending (for masks)."""
        return sorted(a.id for a in self.legal_actions())

    def parse(self, text: str) -> Action:
        """Turn action text into an Action (legal or not); malformed raises."""
        if not isinstance(text, str):
            raise IllegalActionError(text, msg("error.not_text"), self._legal_texts())
        if len(text) > MAX_ACTION_TEXT:
            raise IllegalActionError(text, msg("error.too_long", max=MAX_ACTION_TEXT), self._legal_texts())
        try:
            return self.game.parse(text)
        except LookupError as exc:
            raise IllegalActionError(text, reason_of(exc), self._legal_texts()) from None

    def _legal_texts(self) -> list[str]:
        if self.game.current_player(self.data) is None:
            return []
        if self._legal is None:
            self._legal = self.game.legal_actions(self.data)
        return [a.text for a in self._legal]

    def to_action(self, action: Action | str | int) -> Action:
        """The Action meant by an object, text or id of this game (legal or
        not); anything else raises ``IllegalActionError``."""
        if isinstance(action, Action):
            if action.game != self.game.name:
                raise IllegalActionError(action, msg("error.foreign_action", game=action.game),
                                         self._legal_texts())
            return action
        if isinstance(action, str):
            return self.parse(action)
        if type(action) is int:
            try:
                return self.game.space.from_id(action)
            except LookupError as exc:
                raise IllegalActionError(action, reason_of(exc), self._legal_texts()) from None
        raise IllegalActionError(action, msg("error.not_an_action", type=type(action).__name__),
                                 self._legal_texts())

    def apply(self, action: Action | str | int, by: str | None = None) -> None:
        """Apply an action (object, text or id). Illegal input leaves the state
        unchanged and raises ``IllegalActionError`` naming what was wrong.

        ``by`` is the seat that sent the action; a server always passes it. A
        seat that is not to move gets ``NotYourTurnError``, which says only
        whose turn it is: nothing of the mover's options, whatever it sent.
        """
        game = self.game
        d = self.data
        if by is not None:
            mover = game.current_player(d)
            if by != mover:
                if by not in game.players and by != CHANCE:
                    given, chars = quote_arg(by)
                    raise IllegalActionError(action, msg("error.unknown_seat", given=given, chars=chars,
                                                         sides=list(game.players)))
                raise NotYourTurnError(action, by, mover)
        if not isinstance(action, Action) or action.game != game.name:
            action = self.to_action(action)
        if game.current_player(d) is None:
            raise IllegalActionError(action, msg("error.game_over"))
        if self._legal is None:
            self._legal = game.legal_actions(d)
        if action not in self._legal:
            raise IllegalActionError(action, game.explain(d, action),
                                     [a.text for a in self._legal])
        self._legal = None
        game.apply(d, action)

    def apply_many(self, actions: Sequence[Action | str]) -> None:
        """Apply actions in order (each validated)."""
        for a in actions:
            self.apply(a)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each outcome with its probability (uniform)."""
        acts = self.legal_actions() if self.is_chance else []
        return [(a, 1.0 / len(acts)) for a in acts]

    def chance_action(self) -> Action:
        """At a chance node, the outcome the state's own generator draws
        (what ``apply_random`` plays there); a server replaying or driving
        a game asks for it without reaching into ``data``. Elsewhere the
        game's own error."""
        return self.game.chance_action(self.data)

    def apply_random(self, rng: random.Random) -> Action:
        """Apply a random legal action: chance from the state's own generator,
        players' choices uniformly with ``rng``. Returns the action taken."""
        d = self.data
        game = self.game
        legal = self._legal
        if legal is None:
            # The game's own step does the same in fewer calls (random
            # playouts and simulations run through here).
            self._legal = None
            return game.apply_random(d, rng)
        player = game.current_player(d)
        if player is None:
            raise IllegalActionError("random", msg("error.game_over"))
        action = game.chance_action(d) if player == CHANCE else legal[int(rng.random() * len(legal))]
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

    def returns(self) -> dict[str, float]:
        """Each side's outcome: 1 a win, -1 a loss, 0 a draw; both -1 when
        both sides lose (13 Days: both trigger nuclear war). All 0 while the
        game is still going."""
        return self.game.returns(self.data)

    # -- information -------------------------------------------------------------
    def view(self, side: str | None, log: bool = True) -> dict[str, Any]:
        """What ``side`` may know, JSON-ready (``None``: a spectator).
        ``log=False`` leaves the log out: cheap, for bots and environments.

        The side to move gets the legal actions in its view; they come from
        the same cache as ``legal_actions()``, so a bot asking for both pays
        for them once."""
        game = self.game
        d = self.data
        legal = None
        if side is not None and side == game.current_player(d):
            if self._legal is None:
                self._legal = game.legal_actions(d)
            legal = self._legal
        return game.view(d, side, log, legal)

    def observation_tensor(self, side: str) -> Any:
        """``side``'s observation for learners: a float32 numpy vector whose
        length is ``game_info(game)["observation_shape"][0]`` whatever the
        options or position. It is built from ``side``'s view only, so a
        determinization (``resample(side)``) gives the same tensor; every
        slice is documented in docs/observation.md."""
        game = self.game
        if side not in game.players:
            raise ValueError(f"observation_tensor: unknown side {side!r}; sides: {', '.join(game.players)}")
        return game.observation_tensor(self.data, side)

    @property
    def log_entries(self) -> list[dict[str, Any]]:
        """Every log entry as data, private ones included (the state holder
        knows everything; ``view(side)["log"]`` is what one side may read)."""
        return self.game.log(self.data)

    @property
    def log(self) -> list[str]:
        """Every log entry rendered in English (private ones included)."""
        from brinkmanship.i18n import render_all

        return render_all(self.game.log(self.data))

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


# Formats of the CLI's files, which are not states (``brinkmanship.cli.savefile``).
_OTHER_FORMATS = {
    "brinkmanship-game": "a saved game of the brink command (seed and actions): "
                         "replay it with brinkmanship.cli.savefile.load_game, or `brink play --load FILE`",
    "brinkmanship-tournament": "a tournament results file of the brink command: "
                               "`brink replay FILE --game K` replays one of its games",
    "brinkmanship-tournament-summary": "a tournament summary, not a game state",
}


def load(text: str | bytes) -> State:
    """Read a state written by :meth:`State.to_json`, validating it first:
    anything that is not a well-formed state of a known game raises
    ``StateError`` naming the field (see the game's ``validate``)."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise StateError(f"not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise StateError(f"a state is JSON text, got {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise StateError(f"not JSON: {str(exc)[:120]}") from None
    if not isinstance(data, dict):
        raise StateError(f"a state is a JSON object, got {type(data).__name__}")
    fmt = data.get("format")
    if isinstance(fmt, str) and fmt in _OTHER_FORMATS:
        raise StateError(f"this is {_OTHER_FORMATS[fmt]}")
    name = data.get("game")
    if not isinstance(name, str):
        raise StateError("field 'game': missing, or not a game name")
    try:
        game = get_game(name)
    except UnknownGameError as exc:
        raise StateError(f"field 'game': {exc}") from None
    if data.get("game") != game.name:
        raise StateError(f"field 'game': {quote(name)} is an alias; a state names its game {game.name!r}")
    game.validate(data)
    return State(game, data)
