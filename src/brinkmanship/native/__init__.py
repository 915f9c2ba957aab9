"""The native backend: the same game states, played by the compiled core.

The Rust crate in ``native/`` (the extension module ``brinkmanship_native``,
built by ``scripts/bootstrap.sh`` when cargo is present) implements the
rules of each game as a class (``TwilightState``, ``ThirteenState``) with a
small contract: new game, load, to_json, clone, current player, legal ids,
apply an id, the chance roll, the outcome. :class:`NativeState` wraps one
such object behind the whole public API of :class:`~brinkmanship.core.state.State`,
so every client (bots, environments, the server, the CLI) takes either.

The Python engine stays the reference. Whatever the native class does not
compute itself (views, log entries, decision data, observation tensors,
error explanations, resampling) is computed by the Python game's own
functions from a snapshot of the state (``data``: ``json.loads`` of the
native ``to_json``), so it is identical by construction, and the
differential tests (``tests/native``) check that the native ``to_json``
equals the Python one after every action.

Which backend ``bm.new_game``, ``bm.load`` and ``bm.from_position`` use:
their ``backend`` argument, else the environment variable ``BRINK_BACKEND``
(``python``, ``native``, or ``auto``: native when it is built for the game),
else ``python``.

>>> import brinkmanship as bm
>>> sorted(bm.backends()["python"])
['thirteen', 'twilight']
"""

from __future__ import annotations

import importlib
import json
import os
import random
from typing import Any

from brinkmanship.core.actions import Action
from brinkmanship.core.errors import BrinkmanshipError, IllegalActionError, NotYourTurnError, StateError, quote_arg
from brinkmanship.core.game import CHANCE, PLUGINS, Data, Game, get_game
from brinkmanship.core.log import msg
from brinkmanship.core.state import State

#: The environment variable naming the default backend.
BACKEND_ENV = "BRINK_BACKEND"
#: The values ``backend=`` (and ``BRINK_BACKEND``) take.
BACKEND_CHOICES = ("python", "native", "auto")
#: The extension module, and the class of each game in it.
MODULE = "brinkmanship_native"
CLASSES = {"twilight": "TwilightState", "thirteen": "ThirteenState"}

_SEPARATORS = (",", ":")


class NativeUnavailableError(BrinkmanshipError, ImportError):
    """The native backend was asked for, but the extension module (or the
    game's class in it) is not built here. The message says what is
    missing and how to build it."""


# The import is tried once (importing the Python package must not need the
# extension): (module or None, why it is missing).
_LOADED: list[tuple[Any, str]] = []


def _module() -> tuple[Any, str]:
    if not _LOADED:
        try:
            mod: Any = importlib.import_module(MODULE)
            _LOADED.append((mod, ""))
        except ImportError as exc:
            _LOADED.append((None, f"the extension module {MODULE} is not installed ({exc})"))
    return _LOADED[0]


def _canonical(game: str) -> str:
    """The game's own name for a name or alias (``UnknownGameError`` else)."""
    return get_game(game).name


def native_games() -> list[str]:
    """The games the installed extension implements (empty without it)."""
    mod, _ = _module()
    if mod is None:
        return []
    return sorted(name for name, cls in CLASSES.items() if hasattr(mod, cls))


def available(game: str | None = None) -> bool:
    """Whether the native backend is built here (for ``game``, when given:
    the extension may hold some games before others).

    >>> available("no such game")
    False
    """
    if game is None:
        return _module()[0] is not None
    try:
        name = _canonical(game)
    except ValueError:
        return False
    return name in native_games()


def default_backend() -> str:
    """The backend used when none is given: ``BRINK_BACKEND`` (``python``,
    ``native`` or ``auto``), ``python`` when unset. Any other value raises
    ``ValueError``: a typo must not quietly pick the other engine."""
    value = os.environ.get(BACKEND_ENV, "").strip().lower()
    if not value:
        return "python"
    if value not in BACKEND_CHOICES:
        raise ValueError(f"{BACKEND_ENV}={value!r}: the backends are {', '.join(BACKEND_CHOICES)}")
    return value


def backends() -> dict[str, Any]:
    """Which backends exist here and which games each one plays (also
    ``bm.backends()``; ``brink --version`` prints it): ``default`` (what
    ``backend=None`` means now, from ``BRINK_BACKEND``), ``python`` and
    ``native`` (game names; the latter empty when the extension is not
    built), ``native_version`` (``None`` without it) and ``native_missing``
    (why games are missing from ``native``, or ``None``)."""
    mod, why = _module()
    games = native_games()
    try:
        default = default_backend()
    except ValueError as exc:
        default = f"invalid ({exc})"
    missing: str | None = why or None
    if mod is not None and len(games) < len(CLASSES):
        lacking = [g for g in sorted(CLASSES) if g not in games]
        missing = f"{MODULE} {getattr(mod, '__version__', '?')} has no class for {', '.join(lacking)} yet"
    return {
        "default": default,
        "python": sorted(PLUGINS),
        "native": games,
        "native_version": getattr(mod, "__version__", None) if mod is not None else None,
        "native_missing": missing,
    }


def native_class(game: str) -> Any:
    """The extension's class for ``game``; ``NativeUnavailableError`` saying
    what is missing when the extension or that game is not built."""
    name = _canonical(game)
    mod, why = _module()
    if mod is None:
        raise NativeUnavailableError(
            f"the native backend is not available: {why}; build it with scripts/bootstrap.sh (needs cargo), "
            f"or use backend='python'")
    cls = getattr(mod, CLASSES.get(name, ""), None)
    if cls is None:
        raise NativeUnavailableError(
            f"the native backend has no {name} yet: {MODULE} {getattr(mod, '__version__', '?')} lacks "
            f"{CLASSES.get(name, name)}; rebuild it with scripts/bootstrap.sh, or use backend='python'")
    return cls


def choose_backend(backend: str | None, game: str) -> str:
    """``"python"`` or ``"native"``: what ``backend`` (``None``: the
    default) means for ``game``; explicit ``native`` that is not built
    raises ``NativeUnavailableError``."""
    chosen = default_backend() if backend is None else backend
    if not isinstance(chosen, str) or chosen not in BACKEND_CHOICES:
        raise ValueError(f"unknown backend {chosen!r}; backends: {', '.join(BACKEND_CHOICES)}")
    if chosen == "auto":
        return "native" if available(game) else "python"
    if chosen == "native":
        native_class(game)  # raises, naming what is missing
    return chosen


# -- building native states ----------------------------------------------------------


def new_state(game: Game, seed: Any, options: dict[str, Any]) -> NativeState:
    """A new native game (``bm.new_game(..., backend="native")``). The
    options are checked and completed as the Python game does; a seed that
    is not an int goes through the Python game's ``new`` (whatever it does
    with it, the native state then starts from its JSON)."""
    from brinkmanship.core.options import make_options

    cls = native_class(game.name)
    if type(seed) is not int:
        return NativeState(game, cls.from_json(json.dumps(game.new(seed, options), separators=_SEPARATORS)))
    full = make_options(game.option_choices, options)
    return NativeState(game, cls.new_game(seed, json.dumps(full, separators=_SEPARATORS)))


def from_data(game: Game, data: Data) -> NativeState:
    """A native state holding ``data`` (a state the Python engine built or
    validated). ``StateError`` if the native core cannot hold it (see
    ``native_from_text``)."""
    return NativeState(game, native_from_text(game, json.dumps(data, separators=_SEPARATORS)))


def native_from_text(game: Game, text: str) -> Any:
    """The native object for a state's JSON (which the Python engine has
    validated), holding it exactly: it must write the text back byte for
    byte. The Python engine writes back the key order it was given; the
    native core writes the engines' own order (a hand-edited file may have
    another), so such a state, valid as it is, cannot be held natively:
    ``NativeRefusedError`` says where (``bm.load`` with ``backend="auto"``
    then loads it on Python)."""
    try:
        obj = native_class(game.name).from_json(text)
    except ValueError as exc:  # a reader stricter than the validator (13 Days: key order)
        raise NativeRefusedError(_refusal(game, str(exc))) from None
    if obj.to_json() != text:
        raise NativeRefusedError(_refusal(game, _first_reordered(json.loads(text), json.loads(obj.to_json()))))
    return obj


def _refusal(game: Game, why: str) -> str:
    return (f"the native core cannot hold this {game.name} state exactly: {why}. It holds every state the "
            "engines write; this one loads with backend='python'")


def _first_reordered(given: Any, written: Any, path: str = "$") -> str:
    """Where the native core would write ``given`` differently (the first
    object whose keys it orders otherwise), for the refusal's message."""
    if isinstance(given, dict) and isinstance(written, dict):
        if list(given) != list(written):
            return f"{path}: keys {list(given)} would be written in the engines' order {list(written)}"
        for k, v in given.items():
            found = _first_reordered(v, written.get(k), f"{path}.{k}")
            if found:
                return found
    elif isinstance(given, list) and isinstance(written, list):
        for k, (a, b) in enumerate(zip(given, written, strict=False)):
            found = _first_reordered(a, b, f"{path}[{k}]")
            if found:
                return found
    elif given != written:
        return f"{path}: {given!r} would be written as {written!r}"
    return ""


class NativeRefusedError(StateError):
    """A valid state the native core cannot hold exactly (keys in an order
    the engines never write): ``backend="auto"`` falls back to Python on it."""


def to_native(state: State) -> NativeState:
    """The same state on the native backend (itself if it is native)."""
    if isinstance(state, NativeState):
        return state
    return from_data(state.game, state.data)


def to_python(state: State) -> State:
    """The same state on the Python backend (itself if it is a Python one)."""
    if not isinstance(state, NativeState):
        return state
    return State(state.game, json.loads(state.to_json()))


def _rebuild(game: str, text: str) -> NativeState:
    """Unpickle a native state (it travels as its JSON)."""
    return from_data(get_game(game), json.loads(text))


class NativeState(State):
    """A game state held by the native core, with the API of ``State``.

    Decisions (``current_player``, ``legal_actions``, ``apply``...), the
    outcome, ``clone`` and ``to_json`` go straight to the native object.
    Everything else is computed by the Python game from ``data``, a
    snapshot of the native state as Python data, made on first use after
    each action and cached until the next one.

    ``data`` behaves as on the Python backend, at a price: once it (or
    ``log_entries``, which is part of it) has been handed out, the state
    keeps the two in step both ways. Before it next reads the native state
    it compares the snapshot with the JSON it was made from; a change is
    validated (``StateError`` if the result is not a valid state; the
    change is then undone) and loaded into the native core. After each
    action the same dict is refilled in place, so a reference held from
    before sees the new state. That costs a JSON round trip per action, so
    code on a hot path should use the API rather than ``data``. Nested
    lists and dicts are replaced by the refill: a reference to one of them
    (``data["log"]``, ``log_entries``) is the state of its moment.
    """

    __slots__ = ("_lent", "_log", "_log_own", "_native", "_peeked", "_snap", "_text")

    def __init__(self, game: Game, native: Any) -> None:
        self.game = game
        self._native = native
        self._legal: list[Action] | None = None
        self._snap: Data | None = None
        self._text = ""  # the JSON ``_snap`` was made from (meaningful only with it)
        self._lent = False
        self._peeked: Data | None = None
        # The log entries read so far (see ``_log_list``), and whether this
        # state alone holds that list (a clone shares it until either adds).
        self._log: list[dict[str, Any]] | None = None
        self._log_own = True

    # -- the snapshot -----------------------------------------------------------------
    def _snapshot(self) -> Data:
        """The native state as Python data (made once per action)."""
        snap = self._snap
        if snap is None:
            text = self._native.to_json()
            snap = self._snap = json.loads(text)
            self._text = text
        return snap

    def _peek(self) -> Data:
        """The state as data for reading within this class (views, tensors,
        the log, explanations): made once per action from the native
        JSON without the log (``to_json_nolog``), its ``log`` list filled
        from the entries already read plus the new ones (``log_json``), so
        a late-game view does not write and parse the whole log again.
        Never handed out (``data`` is the snapshot a holder may change)."""
        if self._lent:
            self._sync()
            return self._snapshot()
        peek = self._peeked
        if peek is None:
            peek = json.loads(self._native.to_json_nolog())
            peek["log"] = self._log_list()
            self._peeked = peek
        return peek

    def _log_list(self) -> list[dict[str, Any]]:
        """This state's log entries as data. Entries never change once
        written, so only the new ones are read from the native log; a list
        shared with a clone is copied before this state adds to it."""
        native = self._native
        n = native.log_len()
        log = self._log
        if log is None:
            log = self._log = json.loads(native.log_json(0))
            self._log_own = True
            return log
        have = len(log)
        if have == n and self._log_own:
            return log
        if not self._log_own:
            # A clone shares the list: take our own copy of what we hold
            # (the other may have grown it past our entries).
            log = self._log = log[:min(have, n)]
            self._log_own = True
            have = len(log)
        if have < n:
            log.extend(json.loads(native.log_json(have)))
        elif have > n:  # cannot happen: logs only grow; read it afresh
            log = self._log = json.loads(native.log_json(0))
        return log

    def _sync(self) -> None:
        """Load a snapshot changed by its holder into the native state."""
        snap = self._snap
        if snap is None:
            return
        from brinkmanship.core.state import load

        try:
            text = json.dumps(snap, separators=_SEPARATORS)
        except (TypeError, ValueError) as exc:  # a value JSON cannot hold (a set, a cycle...)
            self._refill()
            raise StateError(f"state.data was changed into something that is not JSON, and the change is "
                             f"undone: {exc}") from None
        if text == self._text:
            return
        try:
            loaded = load(text)
            if loaded.game.name != self.game.name:
                raise StateError(f"field 'game': {loaded.game.name!r} in a state of {self.game.name}")
            native = native_from_text(self.game, text)
        except StateError as exc:
            self._refill()
            raise StateError(f"state.data was changed into an invalid state, and the change is undone: {exc}") \
                from None
        self._native = native
        self._text = text
        self._legal = None
        self._peeked = None
        self._log = None

    def _refill(self) -> None:
        """After an action: the lent snapshot takes the new state in place."""
        snap = self._snap
        if snap is None:
            return
        text = self._native.to_json()
        fresh = json.loads(text)
        snap.clear()
        snap.update(fresh)
        self._text = text

    @property
    def data(self) -> Data:
        """The state as Python data (see the class: kept in step with the
        native state, both ways, once handed out)."""
        if self._lent:
            self._sync()
        snap = self._snapshot()
        self._lent = True
        return snap

    @data.setter
    def data(self, value: Data) -> None:
        from brinkmanship.core.state import load

        text = json.dumps(value, separators=_SEPARATORS)
        state = load(text)
        if state.game.name != self.game.name:
            raise StateError(f"field 'game': {state.game.name!r} in a state of {self.game.name}")
        self._native = native_from_text(self.game, text)
        self._snap = value
        self._text = text
        self._lent = True
        self._legal = None
        self._peeked = None
        self._log = None

    @property
    def native(self) -> Any:
        """The native object itself (``brinkmanship_native``'s class)."""
        if self._lent:
            self._sync()
        return self._native

    # -- decisions ----------------------------------------------------------------------
    # The per-step methods below are the hot path of every client: each
    # does one native call and as little else as it can (no property
    # calling another).
    @property
    def current_player(self) -> str | None:
        if self._lent:
            self._sync()
        p: str | None = self._native.current_player()
        return p

    @property
    def is_chance(self) -> bool:
        if self._lent:
            self._sync()
        chance: bool = self._native.current_player() == CHANCE
        return chance

    def _legal_list(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            if self._lent:
                self._sync()
            actions = self.game.space.actions
            legal = self._legal = [actions[i] for i in self._native.legal_action_ids()]
        return legal

    def legal_actions(self) -> list[Action]:
        return list(self._legal_list())

    def legal_action_ids(self) -> list[int]:
        if self._lent:
            self._sync()
        ids: list[int] = self._native.legal_action_ids(True)  # sorted by the native core, a new list
        return ids

    def _legal_texts(self) -> list[str]:
        if self.current_player is None:
            return []
        return [a.text for a in self._legal_list()]

    def apply(self, action: Action | str | int, by: str | None = None) -> None:
        if type(action) is int and by is None and not self._lent:
            # The per-step path (an id from ``legal_action_ids``): straight
            # to the native core, then drop what was cached of the state.
            try:
                self._native.apply_id(action)
            except (ValueError, OverflowError, IndexError, TypeError):
                self._refuse(action)
            self._legal = None
            self._snap = None
            self._peeked = None
            return
        if self._lent:
            self._sync()
        native = self._native
        game = self.game
        if by is not None:
            mover = native.current_player()
            if by != mover:
                if by not in game.players and by != CHANCE:
                    given, chars = quote_arg(by)
                    raise IllegalActionError(action, msg("error.unknown_seat", given=given, chars=chars,
                                                         sides=list(game.players)))
                raise NotYourTurnError(action, by, mover)
        if type(action) is int:
            ident = action
        elif isinstance(action, Action) and action.game == game.name:
            ident = action.id
        else:
            action = self.to_action(action)
            ident = action.id
        try:
            native.apply_id(ident)
        except (ValueError, OverflowError, IndexError, TypeError):
            # Refused (or an id the native signature cannot take): the
            # error path says why exactly as the Python backend does.
            self._refuse(action)
        # The native state moved on: what was cached of it goes (inlined:
        # the per-step hot path), or the lent snapshot takes the new state.
        self._legal = None
        self._peeked = None
        if self._lent:
            self._refill()
        else:
            self._snap = None

    def _refuse(self, given: Action | str | int) -> None:
        """The native core refused an action: raise what the Python backend
        raises for it (the error path, so Python explains it from the
        snapshot)."""
        action = self.to_action(given)
        if self._native.current_player() is None:
            raise IllegalActionError(action, msg("error.game_over"))
        legal = self._legal_list()
        if action in legal:
            raise RuntimeError(f"the native core refused {action.text!r}, which it lists as legal")
        raise IllegalActionError(action, self.game.explain(self._peek(), action), [a.text for a in legal])

    def chance_action(self) -> Action:
        if self._lent:
            self._sync()
        if self._native.current_player() != CHANCE:
            return self.game.chance_action(self._peek())  # the game's own error
        return self.game.space.actions[self._native.chance_action_id()]

    def apply_random(self, rng: random.Random) -> Action:
        if self._lent:
            self._sync()
        native = self._native
        player = native.current_player()
        if player is None:
            raise IllegalActionError("random", msg("error.game_over"))
        if player == CHANCE:
            ident = native.chance_action_id()
        else:
            legal = self._legal
            if legal is not None:
                ident = legal[int(rng.random() * len(legal))].id
            else:
                ids = native.legal_action_ids()
                ident = ids[int(rng.random() * len(ids))]
        native.apply_id(ident)
        self._legal = None
        self._peeked = None
        if self._lent:
            self._refill()
        else:
            self._snap = None
        return self.game.space.actions[ident]

    # -- outcome ---------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        if self._lent:
            self._sync()
        over: bool = self._native.is_over()  # no one to decide (the contract's ``is_over``)
        return over

    @property
    def winner(self) -> str | None:
        if self._lent:
            self._sync()
        w: str | None = self._native.winner()
        return w

    @property
    def result(self) -> str | None:
        if self._lent:
            self._sync()
        r: str | None = self._native.result()
        return r

    def returns(self) -> dict[str, float]:
        # The games' ``returns`` read only these three fields, so the
        # outcome needs no snapshot; a game reading more gets the snapshot.
        if self._lent:
            self._sync()
        native = self._native
        outcome = {"over": native.current_player() is None, "winner": native.winner(), "result": native.result()}
        try:
            return self.game.returns(outcome)
        except KeyError:
            return self.game.returns(self._peek())

    # -- information ---------------------------------------------------------------------------
    def view(self, side: str | None, log: bool = True) -> dict[str, Any]:
        if self._lent:
            self._sync()
        legal = None
        if side is not None and side == self._native.current_player():
            legal = self._legal_list()
        return self.game.view(self._peek(), side, log, legal)

    def observation_tensor(self, side: str) -> Any:
        game = self.game
        if side not in game.players:
            raise ValueError(f"observation_tensor: unknown side {side!r}; sides: {', '.join(game.players)}")
        if self._lent:
            self._sync()
        return game.observation_tensor(self._peek(), side)

    @property
    def log_entries(self) -> list[dict[str, Any]]:
        # Once ``data`` is handed out, the list inside it (as the Python
        # backend hands out its own); else a copy of the entries read so
        # far: reading the log must not put the state on the slow path
        # that keeps a lent ``data`` in step after every action.
        if self._lent:
            return self.game.log(self.data)
        return list(self.game.log(self._peek()))

    @property
    def log(self) -> list[str]:
        from brinkmanship.i18n import render_all

        if self._lent:
            self._sync()
        return render_all(self.game.log(self._peek()))

    @property
    def reveals(self) -> int:
        if self._lent:
            self._sync()
        n: int = self._native.reveals()
        return n

    def resample(self, side: str, rng: random.Random) -> NativeState:
        """A determinization, byte for byte the Python backend's: dealt in
        native code from ``rng``'s state (``rng`` then advances by exactly
        the draws the Python game makes)."""
        if self._lent:
            self._sync()
        resample = getattr(_module()[0], "resample", None)
        if resample is None or type(rng) is not random.Random or side not in self.game.players:
            # No native resample (an older extension), a generator whose
            # draws only Python knows, or a bad side (the Python game's error).
            return from_data(self.game, self.game.resample(self._snapshot(), side, rng))
        native, after = resample(self._native, side, rng.getstate())
        rng.setstate(after)
        return NativeState(self.game, native)

    # -- copies and serialization ----------------------------------------------------------------
    def clone(self) -> NativeState:
        if self._lent:
            self._sync()
        c = object.__new__(NativeState)  # no ``__init__``: every slot is set here
        c.game = self.game
        c._native = self._native.clone()
        c._legal = self._legal  # never changed in place: safe to share
        c._snap = None
        c._lent = False
        c._peeked = None
        # The entries read so far are shared until either state adds one.
        c._log = self._log
        c._log_own = self._log_own = False
        # ``_text`` is written with the first snapshot, and read only then.
        return c

    def to_json(self) -> str:
        if self._lent:
            self._sync()
        text: str = self._native.to_json()
        return text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return False
        if isinstance(other, NativeState):
            return self.to_json() == other.to_json() or bool(self._data_for_eq() == other._data_for_eq())
        return bool(self._data_for_eq() == other.data)

    def _data_for_eq(self) -> Data:
        if self._lent:
            self._sync()
        return self._peek()

    __hash__ = None

    def __repr__(self) -> str:
        if self._lent:
            self._sync()
        return f"<State {self.game.name} player={self._native.current_player()!r} ply={self._native.ply()}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # The native object does not pickle: a state travels as its JSON.
        return _rebuild, (self.game.name, self.to_json())


__all__ = [
    "BACKEND_CHOICES",
    "BACKEND_ENV",
    "NativeRefusedError",
    "NativeState",
    "NativeUnavailableError",
    "available",
    "backends",
    "choose_backend",
    "default_backend",
    "from_data",
    "native_class",
    "native_from_text",
    "native_games",
    "new_state",
    "to_native",
    "to_python",
]
