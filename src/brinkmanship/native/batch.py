"""Batch play and search in the native core, with no Python call per decision.

Research farms and benchmarks want many random games or rollouts at once;
the extension plays them wholly in Rust (with the GIL released) and hands
back one column per field, read here into numpy arrays:

>>> from brinkmanship.native import available
>>> if available("thirteen"):
...     r = random_games("thirteen", 4, seed=1)
...     assert len(r) == 4 and set(r.winner_names()) <= {"USSR", "US", None}

Game ``i`` of :func:`random_games` starts from seed ``seed + i`` and draws
its choices from a generator seeded with ``seed + i``, so a batch is
reproducible and any one game of it can be replayed alone.
:func:`ismcts_search` is the native ISMCTS behind ``ismcts:backend=native``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from brinkmanship.core.game import get_game
from brinkmanship.core.state import State

_SEPARATORS = (",", ":")


@dataclass(frozen=True)
class BatchResult:
    """The outcomes of a batch, one entry per game or rollout.

    ``winner``: int8, the index into ``players`` (-1: none, a draw or not
    over); ``length``: uint32, decisions played; ``result``: uint8 codes
    into ``result_names`` (whose ``None`` means stopped before the end).
    """

    game: str
    players: tuple[str, ...]
    winner: np.ndarray
    length: np.ndarray
    result: np.ndarray
    result_names: tuple[str | None, ...]

    def __len__(self) -> int:
        return int(self.winner.shape[0])

    def winner_names(self) -> list[str | None]:
        """The winners as side names (``None`` for no winner)."""
        return [self.players[w] if w >= 0 else None for w in self.winner.tolist()]

    def results(self) -> list[str | None]:
        """Why each game ended (``None``: stopped before the end)."""
        return [self.result_names[c] for c in self.result.tolist()]

    def counts(self) -> dict[str | None, int]:
        """How many games each result name has."""
        codes = np.bincount(self.result, minlength=len(self.result_names))
        return {name: int(n) for name, n in zip(self.result_names, codes, strict=True) if n}


def _module() -> Any:
    from brinkmanship.native import _module as load
    from brinkmanship.native import native_class

    mod, _ = load()
    if mod is None or not hasattr(mod, "random_games"):
        native_class("thirteen")  # raises NativeUnavailableError saying why
        raise ImportError("brinkmanship_native is too old for batch play: rebuild it (scripts/bootstrap.sh)")
    return mod


def _result(game: str, columns: tuple[bytes, bytes, bytes, list[str | None]]) -> BatchResult:
    winner, length, result, names = columns
    return BatchResult(game=game, players=tuple(get_game(game).players),
                       winner=np.frombuffer(winner, dtype=np.int8),
                       length=np.frombuffer(length, dtype="<u4").astype(np.uint32),
                       result=np.frombuffer(result, dtype=np.uint8), result_names=tuple(names))


def _native_of(state: State) -> Any:
    from brinkmanship.native import to_native

    return to_native(state).native


def _until(until: str | int) -> str | int:
    if isinstance(until, bool) or not (until in ("game", "stage") or (isinstance(until, int) and until >= 0)):
        raise ValueError(f"until must be 'game', 'stage' or a number of decisions (0 or more), not {until!r}")
    return until


def random_games(game: str, n: int, seed: int = 0, options: dict[str, Any] | None = None) -> BatchResult:
    """``n`` whole games of uniformly random play (chance from each game's
    own generator), with the game's ``options`` (defaults filled in)."""
    from brinkmanship.core.options import make_options

    g = get_game(game)
    if n < 0:
        raise ValueError(f"n must be 0 or more, not {n}")
    full = make_options(g.option_choices, dict(options or {}))
    cols = _module().random_games(g.name, n, seed % 2**64, json.dumps(full, separators=_SEPARATORS))
    return _result(g.name, cols)


def rollouts(state: State, n: int, seed: int = 0, until: str | int = "game") -> BatchResult:
    """``n`` random continuations of ``state`` (which is not changed): to
    the end of the game (``"game"``), of the round or turn (``"stage"``),
    or for ``until`` decisions. ``length`` counts each one's decisions."""
    if n < 0:
        raise ValueError(f"n must be 0 or more, not {n}")
    cols = _module().rollouts(_native_of(state), n, seed % 2**64, _until(until))
    return _result(state.game.name, cols)


def ismcts_search(state: State, side: str, c: float = 0.7, until: str | int = "stage", iters: int | None = None,
                  seconds: float | None = None, seed: int = 0,
                  sharpness: float = 3.0, greedy: float = 0.0,
                  root_priors: list[tuple[int, float]] | None = None) -> tuple[list[tuple[int, int, float]], int]:
    """The native ISMCTS over ``side``'s information set behind ``state``:
    ``([(action id, visits, reward sum), ...], iterations)`` for the root's
    actions. Every iteration redeals what ``side`` cannot see, so callers
    that must not learn hidden cards may run it on the real state (the
    bots do so through ``Sampler``). ``sharpness`` shapes the priors the
    search draws from a one-step lookahead with each game's native
    position value (0: uniform priors); ``greedy`` is the share of rollout
    moves that lookahead picks (the rest are uniformly random);
    ``root_priors`` (``[(action id, weight), ...]``) replaces the root's priors."""
    if side not in state.game.players:
        raise ValueError(f"unknown side {side!r}; sides are {', '.join(state.game.players)}")
    stats, iterations = _module().ismcts_search(_native_of(state), side, float(c), _until(until), iters, seconds,
                                                seed % 2**64, float(sharpness), float(greedy),
                                                root_priors)
    return list(stats), int(iterations)


__all__ = ["BatchResult", "ismcts_search", "random_games", "rollouts"]
