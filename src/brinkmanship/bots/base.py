"""The contract every bot meets: it sees a view and the legal actions, nothing else.

Bots are clients of the public API like the CLI and the server. Keeping the
interface this small (no access to the State) makes it impossible for a bot
to peek at the opponent's hand or the deck order, and lets the same bot run
in the terminal, on the server, in a simulation farm or behind an RL env.

Search bots need more than one view: they imagine the hidden cards. They get
a :class:`Sampler`, a sealed capability whose only power is to hand out
*determinizations* (``State.resample``): whole game states that agree with
the bot's own view and have every card the bot cannot see redealt at random.
``resample`` is canonical (it depends only on the view and the generator),
so what a sampler yields carries no trace of the real hidden cards; the
hidden-information tests check exactly that.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from brinkmanship.core.actions import Action

if TYPE_CHECKING:
    from brinkmanship.core.state import State


@runtime_checkable
class Bot(Protocol):
    """A player that picks one of the legal actions.

    ``name`` is the bot's spec (``"random"``, ``"ismcts:time=0.5"``), shown
    to players and written into saved games. ``reseed`` makes a bot's choices
    reproducible: the same seed, views and legal actions give the same
    choices (search bots: with an iteration budget rather than a clock).
    """

    name: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick one action out of ``legal`` (never empty) given ``view``."""
        ...

    def reseed(self, seed: int) -> None:
        """Restart the bot's own random generator from ``seed``."""
        ...


class Sampler:
    """Determinizations of one side's information set, and nothing else.

    The real state is held privately; callers get only ``resample``d copies
    (the side's view is identical, the unseen cards redealt) and the side
    the sampler speaks for.
    """

    __slots__ = ("_state", "side")

    def __init__(self, state: State, side: str) -> None:
        self._state = state
        self.side = side

    def sample(self, rng: random.Random) -> State:
        """A fresh determinization drawn with ``rng``."""
        return self._state.resample(self.side, rng)

    def native_search(self, c: float, until: str | int, iters: int | None, seconds: float | None,
                      seed: int, sharpness: float = 3.0, greedy: float = 0.0,
                      root_priors: list[tuple[int, float]] | None = None) -> tuple[list[tuple[int, int, float]], int]:
        """Run the native ISMCTS over this information set and return only
        its root statistics, ``([(action id, visits, reward sum), ...],
        iterations)`` (``brinkmanship.native.batch.ismcts_search``). The real
        state goes to the compiled core once, which redeals every card the
        side cannot see in each iteration (the native ``resample``), so
        nothing hidden reaches the caller."""
        from brinkmanship.native.batch import ismcts_search

        return ismcts_search(self._state, self.side, c=c, until=until, iters=iters, seconds=seconds, seed=seed,
                             sharpness=sharpness, greedy=greedy, root_priors=root_priors)

    @property
    def game_name(self) -> str:
        """The game being played (public knowledge)."""
        return self._state.game.name

    def __reduce__(self) -> tuple[object, ...]:
        # A search bot's worker processes get their own sealed copy.
        return (_rebuild_sampler, (self._state.game.name, self._state.data, self.side))


def _rebuild_sampler(game: str, data: dict[str, Any], side: str) -> Sampler:
    from brinkmanship.core.game import get_game
    from brinkmanship.core.state import State

    return Sampler(State(get_game(game), data), side)


@runtime_checkable
class SearchBot(Bot, Protocol):
    """A bot that searches over determinizations (ISMCTS).

    Harnesses call :meth:`choose_with` instead of ``choose``; use
    :func:`decide` rather than calling either directly.
    """

    def choose_with(self, view: dict[str, Any], legal: list[Action], sampler: Sampler) -> Action:
        """Pick one action out of ``legal`` given ``view`` and a sampler for the rest."""
        ...


def decide(bot: Bot, state: State, side: str) -> Action:
    """Ask ``bot`` for its move as ``side`` in ``state``, giving it only what it may see.

    Every harness (CLI, farm, server, RL envs) seats bots through this
    function, so the information a bot gets is decided in one place.
    """
    legal = state.legal_actions()
    view = state.view(side)
    choose_with = getattr(bot, "choose_with", None)  # cheaper than a Protocol isinstance
    if choose_with is not None:
        return choose_with(view, legal, Sampler(state, side))
    return bot.choose(view, legal)
