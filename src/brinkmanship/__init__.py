"""Brinkmanship: engines for Cold War card-driven games.

>>> import brinkmanship as bm
>>> state = bm.new_game("twilight", seed=7)
>>> state.current_player
'USSR'
>>> state.apply("place Poland")
>>> state.log[-1]
'USSR places 1 influence in Poland (set-up).'
>>> bm.new_game("thirteen", seed=7).current_player
'USSR'
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import (
    CHANCE,
    Action,
    BrinkmanshipError,
    IllegalActionError,
    NotYourTurnError,
    PositionError,
    State,
    StateError,
    UndoHistory,
    UnknownGameError,
    get_game,
)
from brinkmanship.core import load as _load_python
from brinkmanship.core.cards import cards

__version__ = "0.1.0"


def new_game(game: str, seed: int = 0, options: dict[str, Any] | None = None,
             backend: str | None = None) -> State:
    """Start a new game of ``game`` ("twilight" or "thirteen") with a seed and
    options (a dict; unknown names or values raise ``ValueError``).

    ``backend``: ``"python"``, ``"native"`` (the compiled core; raises
    ``NativeUnavailableError`` saying what is missing when it is not built)
    or ``"auto"`` (native when built for the game); ``None`` reads the
    environment variable ``BRINK_BACKEND``, else ``"python"`` (see
    :func:`backends`). Both give a ``State`` with the same API and JSON.
    """
    from brinkmanship import native

    g = get_game(game)
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option names to values, got {options!r}")
    if native.choose_backend(backend, g.name) == "native":
        return native.new_state(g, seed, dict(options or {}))
    return State(g, g.new(seed, dict(options or {})))


def load(text: str | bytes, backend: str | None = None) -> State:
    """Read a state written by :meth:`State.to_json`, validating it first:
    anything that is not a well-formed state of a known game raises
    ``StateError`` naming the field. ``backend`` as for :func:`new_game`
    (the Python engine validates the text in every case). A valid state the
    native core cannot hold (keys in an order the engines never write, as
    in a hand-edited file) raises ``StateError`` saying so on
    ``backend="native"``; ``"auto"`` loads it on the Python engine."""
    from brinkmanship import native

    state = _load_python(text)
    if native.choose_backend(backend, state.game.name) == "native":
        try:
            return native.from_data(state.game, state.data)
        except native.NativeRefusedError:
            if (native.default_backend() if backend is None else backend) != "auto":
                raise
    return state


def backends() -> dict[str, Any]:
    """Which backends exist here and which games each one plays: ``python``
    and ``native`` (game names; ``native`` is empty when the compiled core
    is not built), ``default`` (what ``backend=None`` means, from
    ``BRINK_BACKEND``), ``native_version`` and ``native_missing`` (why a
    game is not native, or ``None``).

    >>> backends()["python"]
    ['thirteen', 'twilight']
    """
    from brinkmanship import native

    return native.backends()


def game_info(game: str) -> dict[str, Any]:
    """The facts of a game for programs: players, number of distinct actions
    (the id space) and its digest, longest possible game, utility range,
    chance and information type (see docs/architecture.md).

    >>> game_info("thirteen")["players"]
    ['USSR', 'US']
    """
    return get_game(game).info()


def from_position(game: str, position: dict[str, Any], backend: str | None = None) -> State:
    """Set up any position (see docs/positions.md); ``backend`` as for
    :func:`new_game` (the Python engine builds the position in every case)."""
    from brinkmanship import native

    g = get_game(game)
    if native.choose_backend(backend, g.name) == "native":
        return native.from_data(g, g.from_position(position))
    return State(g, g.from_position(position))


__all__ = [
    "CHANCE",
    "Action",
    "BrinkmanshipError",
    "IllegalActionError",
    "NotYourTurnError",
    "PositionError",
    "State",
    "StateError",
    "UndoHistory",
    "UnknownGameError",
    "__version__",
    "backends",
    "cards",
    "from_position",
    "game_info",
    "get_game",
    "load",
    "new_game",
]
