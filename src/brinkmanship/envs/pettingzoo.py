"""PettingZoo environments for both games (docs/pettingzoo.md).

``env(game, **options)`` is an AEC environment (``pettingzoo.AECEnv``) and
``parallel_env(game, **options)`` a parallel one (``pettingzoo.ParallelEnv``).
Agents are ``"USSR"`` and ``"US"``; chance (dice, shuffles, draws) is answered
inside, from the game's seed, by :class:`~brinkmanship.envs.driver.Driver`.

Each agent observes ``{"observation": float32 tensor, "action_mask": int8}``:
its ``State.observation_tensor`` and a mask over the game's fixed id space.
Rewards are ``State.returns()`` when the game ends (0 before).

``backend="auto"`` (a keyword of both): the engine of the games, the native
core when it is built for the game, else the Python engine; ``"python"``
or ``"native"`` (``NativeUnavailableError`` when it is not built). The
observations, masks and rewards are the same on both.

Two turn modes, because PettingZoo's tools assume two different things:

- ``turns="natural"`` (the default): ``agent_selection`` is the side to
  decide, however many decisions in a row it makes (the USSR places six
  set-up influence in a row in Twilight Struggle). ``max_cycles`` counts
  decisions.
- ``turns="cycle"``: every cycle both agents step once, USSR then US. The side
  to decide at the cycle's start gives its decision, the other sends
  ``wait`` (one extra id, ``space.size``; it is then the only id in that
  agent's mask). One decision per cycle, so ``max_cycles`` counts decisions
  here too; a game ends, or is truncated, only with a cycle. ``parallel_env``
  is this mode in the parallel API: one step is one cycle.

An action outside the mask raises ``IllegalActionError`` (naming what was
wrong and what is legal) and changes nothing; ``illegal="lose"`` ends the
game instead, the offending agent losing (-1, the other +1).

``action_space(agent).sample()`` with no mask draws from the agent's own
mask (a legal id, or ``wait``), so that naive random loops and PettingZoo's
``max_cycles_test`` never send an illegal action.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from brinkmanship.core.errors import IllegalActionError
from brinkmanship.core.state import State
from brinkmanship.envs.driver import Driver, illegal_mode

AGENTS: tuple[str, str] = ("USSR", "US")
TURN_MODES = ("natural", "cycle")
RENDER_MODES = ("ansi", "human")
# The environments' own keyword arguments: every other keyword is a game
# option, so no game may have an option of one of these names (a test checks).
ENV_KEYWORDS = ("max_cycles", "render_mode", "turns", "illegal", "backend")

Obs = dict[str, np.ndarray]
_OTHER = {"USSR": "US", "US": "USSR"}


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask samples with the
    agent's current mask (the legal ids of its pending decision, ``wait``
    in the cycle mode, or nothing: ``start``, as gymnasium does for an empty
    mask). With a mask or probabilities it is plain ``Discrete``. It draws
    from its own ``np_random`` (``seed()`` it like any space).

    Naive loops (``env.action_space(agent).sample()``) therefore play legal
    games instead of hitting an error at the first step; nothing is replaced
    after the fact.
    """

    def __init__(self, n: int, mask_of: Callable[[str], np.ndarray], agent: str) -> None:
        super().__init__(n)
        self._mask_of = mask_of
        self.agent = agent

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._mask_of(self.agent)
        return super().sample(mask, probability)


def cap(max_cycles: object) -> int:
    """``max_cycles`` checked: a positive integer."""
    if isinstance(max_cycles, bool) or not isinstance(max_cycles, int | np.integer) or max_cycles < 1:
        raise ValueError(f"max_cycles must be a positive int, not {max_cycles!r}")
    return int(max_cycles)


def _read_only(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


class _Table:
    """The game and what both environment classes derive from it: spaces,
    masks and observations (computed when asked, once per position), action
    checks, seeds."""

    def __init__(self, game: str, options: dict[str, Any], turns: str, illegal: str,
                 max_cycles: int | None, render_mode: str | None, backend: str | None = "auto") -> None:
        if turns not in TURN_MODES:
            raise ValueError(f"turns must be one of {', '.join(TURN_MODES)}, not {turns!r}")
        illegal_mode(illegal)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.driver = Driver(game, options, backend)
        g = self.driver.game
        # No game reaches the default (docs/architecture.md, The longest
        # game): by default a game is never truncated.
        self.max_cycles = cap(g.max_game_length if max_cycles is None else max_cycles)
        self.cycle = turns == "cycle"
        self.illegal = illegal
        self.render_mode = render_mode
        self.size = self.driver.size
        # In the cycle mode, id ``size`` is ``wait``.
        self.n = self.size + 1 if self.cycle else self.size
        self.wait = self.size if self.cycle else -1
        self.obs_size: int = g.observation_layout().size
        self.zero_mask = _read_only(np.zeros(self.n, np.int8))
        wait_mask = np.zeros(self.n, np.int8)
        if self.cycle:
            wait_mask[self.wait] = 1
        self.wait_mask = _read_only(wait_mask)
        # The side whose mask holds the legal ids: the mover (natural mode);
        # the cycle's decider until it has decided, then None (cycle mode).
        self.decider: str | None = None
        self.over = True
        self._cache: dict[str, Obs] = {}
        # Draws the game seed of every reset without one; reseeded by a
        # reset with one, so a run is reproducible from its first seed.
        self.seeds = np.random.default_rng()

    # -- spaces ---------------------------------------------------------------
    def observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            # Entries are scaled so that ordinary values lie in [-1, 1]
            # (docs/observation.md), but counts such as influence have no
            # cap in the rules: no finite bound would be true.
            "observation": spaces.Box(-np.inf, np.inf, (self.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n,), np.int8),
        })

    def action_space(self, agent: str) -> LegalDiscrete:
        return LegalDiscrete(self.n, self.mask, agent)

    # -- games ----------------------------------------------------------------
    def new_game(self, seed: int | None, options: dict[str, Any] | None) -> None:
        if seed is None:
            seed = int(self.seeds.integers(1 << 63))
        else:
            seed = int(seed)
            self.seeds = np.random.default_rng(seed)
        start = (options or {}).get("state")
        driver = self.driver
        if start is None:
            driver.reset(seed)
        else:
            try:
                driver.reset_to(start)
            except ValueError as exc:
                raise ValueError(f"reset(options={{'state': ...}}): {exc}") from None
        self.over = False
        self.decider = driver.to_move
        self._cache = {}

    def end(self) -> None:
        """The game is over for the environment (``illegal="lose"`` ends it
        with the state where it was)."""
        self.over = True
        self.decider = None
        self._cache = {}

    def stop(self) -> None:
        """No more decisions (an illegal action lost the game); in the cycle
        mode the other agent still waits until the cycle ends."""
        self.decider = None
        self._cache = {}

    def start_cycle(self) -> None:
        """Cycle mode: the side to move decides in the cycle that starts."""
        self.decider = self.driver.to_move
        self._cache = {}

    # -- what an agent sees -----------------------------------------------------
    def mask(self, agent: str) -> np.ndarray:
        """``agent``'s action mask now (int8 over ``n`` ids)."""
        if agent == self.decider:
            obs = self._cache.get(agent)
            if obs is not None:
                return obs["action_mask"]
            # Byte by byte into a bytearray beats numpy's fancy indexing
            # for a few dozen ids (no id list, no index array).
            b = bytearray(self.n)
            for a in self.driver.state.legal_actions():
                b[a.id] = 1
            return np.frombuffer(b, np.int8)
        if self.cycle and not self.over:
            return self.wait_mask
        return self.zero_mask

    def observe(self, agent: str) -> Obs:
        obs = self._cache.get(agent)
        if obs is None:
            obs = {"observation": self.driver.state.observation_tensor(agent), "action_mask": self.mask(agent)}
            self._cache[agent] = obs
        return obs

    # -- actions ----------------------------------------------------------------
    def legal_ids(self, agent: str) -> list[int]:
        if agent == self.decider:
            return self.driver.legal_ids()
        if self.cycle and not self.over:
            return [self.wait]
        return []

    def _refuse(self, agent: str, action: object, reason: str) -> IllegalActionError:
        if agent == self.decider:
            legal = [a.text for a in self.driver.state.legal_actions()]
        else:
            legal = ["wait"] if self.cycle and not self.over else []
        exc = IllegalActionError(action, reason, legal)
        self._note(exc, agent, action)
        return exc

    def _note(self, exc: IllegalActionError, agent: str, action: object) -> None:
        ids = self.legal_ids(agent)
        shown = ", ".join(map(str, ids[:40])) + (f", ... ({len(ids)} in all)" if len(ids) > 40 else "")
        exc.add_note(f"PettingZoo env: {agent} sent {action!r}; legal ids now: {shown or 'none'}")

    def as_id(self, agent: str, action: object) -> int:
        """The id meant by ``action`` (an int, numpy integer or 0-d integer
        array, as ``Discrete.contains`` accepts); anything else is refused."""
        if isinstance(action, np.integer):
            return int(action)
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            return int(action)
        raise self._refuse(agent, action, f"an action of this environment is an id (an int in "
                                          f"Discrete({self.n})), not {type(action).__name__}")

    def apply(self, agent: str, action: object) -> None:
        """``agent``'s action: the decider's id is applied (then chance is
        answered); a waiter's must be ``wait``. Anything else raises
        ``IllegalActionError`` and changes nothing."""
        if type(action) is not int:
            action = self.as_id(agent, action)
        if agent != self.decider:
            if not self.cycle or self.over or action != self.wait:
                if self.cycle and not self.over:
                    reason = (f"{agent} does not decide in this cycle: its only legal action is "
                              f"wait (id {self.wait})")
                else:
                    reason = f"it is not {agent}'s decision"
                raise self._refuse(agent, action, reason)
            return
        if action == self.wait:
            raise self._refuse(agent, action, f"{agent} decides in this cycle: wait (id {self.wait}) is for "
                                              f"the side that does not")
        driver = self.driver
        try:
            driver.step(action)
        except IllegalActionError as exc:
            self._note(exc, agent, action)
            raise
        self._cache = {}
        if self.cycle:
            # The cycle's decision is made; the game, if it is over, ends
            # with the cycle (the environments check the driver then).
            self.decider = None
        else:
            mover = driver.to_move
            self.decider = mover
            self.over = mover is None

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = position_text(self.driver.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def position_text(state: State) -> str:
    """The position as the terminal shows it to a spectator (no hand, no
    hidden card): status, board and the pending decision or the result."""
    from rich.console import Console

    from brinkmanship.cli.games import ui_for

    r = ui_for(state.game.name).render
    view = state.view(None, log=False)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    console.print(r.status(view))
    console.print(r.board(view))
    console.print(r.result(view) if state.is_terminal else r.decision(view))
    return out.getvalue()


class _OnTable:
    """What both environments (AEC and parallel) read off their table: the
    spaces, the game being played, the truncation cap, rendering."""

    _t: _Table
    render_mode: str | None
    metadata: dict[str, Any]
    possible_agents: list[str]
    observation_spaces: dict[str, spaces.Dict]
    action_spaces: dict[str, LegalDiscrete]
    agents: list[str]

    def _set_table(self, t: _Table) -> None:
        self._t = t
        self.render_mode = t.render_mode
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"brinkmanship_{t.driver.name}_v0"}
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {a: t.observation_space() for a in AGENTS}
        self.action_spaces = {a: t.action_space(a) for a in AGENTS}
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> LegalDiscrete:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> State:
        """The game being played (the whole truth, hidden cards included:
        for analysis and search; ``clone()`` it before changing it). Not
        PettingZoo's ``state()``, which these environments do not define."""
        return self._t.driver.state

    @property
    def max_cycles(self) -> int:
        """Decisions after which both agents are truncated (docs/pettingzoo.md)."""
        return self._t.max_cycles

    @max_cycles.setter
    def max_cycles(self, value: int) -> None:
        self._t.max_cycles = cap(value)

    def render(self) -> str | None:
        """The position in text, as a spectator sees it (``render_mode``
        ``"ansi"`` returns it, ``"human"`` prints it)."""
        return self._t.render()

    def close(self) -> None:
        """Nothing to release (text rendering holds no window)."""


class BrinkmanshipEnv(_OnTable, AECEnv):  # type: ignore[misc]
    """One game of Twilight Struggle or 13 Days as a PettingZoo AEC
    environment; build it with :func:`env`."""

    def __init__(self, game: str, options: dict[str, Any] | None = None, *, max_cycles: int | None = None,
                 render_mode: str | None = None, turns: str = "natural", illegal: str = "raise",
                 backend: str | None = "auto") -> None:
        super().__init__()
        t = _Table(game, dict(options or {}), turns, illegal, max_cycles, render_mode, backend)
        self._set_table(t)
        # aec_to_parallel needs every agent to step once per cycle.
        self.metadata["is_parallelizable"] = t.cycle
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]
        # The rewards of a game that has ended but whose cycle has not (an
        # illegal action with illegal="lose"; in the cycle mode, any end).
        self._outcome: dict[str, float] | None = None

    # -- facts -----------------------------------------------------------------
    @property
    def turns(self) -> str:
        """``"natural"`` or ``"cycle"``."""
        return "cycle" if self._t.cycle else "natural"

    # -- the API ----------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from ``seed`` (without one: the next seed of the
        environment's own generator). ``options={"state": state}`` starts
        from a copy of a ``State`` of this game instead; other keys of
        ``options`` are not used (game options are given to ``env``)."""
        t = self._t
        t.new_game(seed, options)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self._skip_agent_selection = None
        if t.cycle or t.decider is None:
            self.agent_selection = AGENTS[0]
        else:
            mover = t.decider
            assert mover is not None  # the game goes on: a side decides
            self.agent_selection = mover
        if self.render_mode == "human":
            t.render()

    def observe(self, agent: str) -> Obs:
        return self._t.observe(agent)

    def step(self, action: Any) -> None:
        if not self.agents:
            raise RuntimeError("no game in progress: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self._t
        try:
            t.apply(agent, action)
        except IllegalActionError as exc:
            if t.illegal == "raise":
                raise
            if self._outcome is None:  # a second offence in the same cycle changes nothing
                self._outcome = {agent: -1.0, _OTHER[agent]: 1.0}
                self.infos[agent] = {"illegal_action": exc.action}
            t.stop()
        # Rewards come only at the end, so _cumulative_rewards stays 0 (and
        # rewards untouched) through the game: nothing to reset per step.
        if t.cycle:
            # The game ends, or is truncated, only when a cycle does, so
            # that every cycle has both agents stepping (aec_to_parallel
            # relies on it); a decision that ends the game is followed by
            # the other agent's wait.
            if agent == AGENTS[0]:
                self.agent_selection = AGENTS[1]
            elif self._outcome is not None or t.driver.to_move is None:
                self._finish(agent)
            else:
                self.agent_selection = AGENTS[0]
                if t.driver.steps >= t.max_cycles:
                    self.truncations = dict.fromkeys(AGENTS, True)
                else:
                    t.start_cycle()
        elif t.over or self._outcome is not None:
            self._finish(agent)
        elif t.driver.steps >= t.max_cycles:
            self.truncations = dict.fromkeys(AGENTS, True)
            self.agent_selection = _OTHER[agent]
        else:
            mover = t.decider
            assert mover is not None  # the game goes on: a side decides
            self.agent_selection = mover
        if self.render_mode == "human":
            t.render()

    def _finish(self, agent: str) -> None:
        """The game ended at ``agent``'s step: its returns, or the outcome
        of an illegal action, become the rewards."""
        t = self._t
        outcome = self._outcome if self._outcome is not None else t.driver.returns()
        t.end()
        self.rewards = {a: float(outcome[a]) for a in AGENTS}
        self._cumulative_rewards = {a: self._cumulative_rewards[a] + self.rewards[a] for a in AGENTS}
        self.terminations = dict.fromkeys(AGENTS, True)
        # The dead steps follow, the other agent's first (in the cycle mode,
        # that is also the cycle's order).
        self.agent_selection = _OTHER[agent]


class BrinkmanshipParallelEnv(_OnTable, ParallelEnv):  # type: ignore[misc]
    """One game as a PettingZoo parallel environment (the cycle mode: each
    step, the side to decide gives its id and the other ``wait``); build it
    with :func:`parallel_env`."""

    def __init__(self, game: str, options: dict[str, Any] | None = None, *, max_cycles: int | None = None,
                 render_mode: str | None = None, illegal: str = "raise", backend: str | None = "auto") -> None:
        self._set_table(_Table(game, dict(options or {}), "cycle", illegal, max_cycles, render_mode, backend))

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """As ``BrinkmanshipEnv.reset``; returns observations and infos."""
        t = self._t
        t.new_game(seed, options)
        self.agents = list(AGENTS)
        if self.render_mode == "human":
            t.render()
        return {a: t.observe(a) for a in AGENTS}, {a: {} for a in AGENTS}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        """One decision: ``actions[decider]`` is applied; the other agent's
        action, if given, must be ``wait``. A refused action raises (and
        changes nothing) or, with ``illegal="lose"``, ends the game."""
        if not self.agents:
            raise RuntimeError("no game in progress: call reset() first")
        t = self._t
        unknown = [a for a in actions if a not in AGENTS]
        if unknown:
            raise ValueError(f"actions for unknown agents {unknown}; agents: {', '.join(AGENTS)}")
        decider = t.decider
        assert decider is not None
        waiter = _OTHER[decider]
        infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        rewards = dict.fromkeys(AGENTS, 0.0)
        truncated = False
        offender = None
        try:
            if waiter in actions:
                offender = waiter
                t.apply(waiter, actions[waiter])
            offender = decider
            if decider not in actions:
                raise t._refuse(decider, None, f"{decider} decides in this step: its action is missing")
            t.apply(decider, actions[decider])
        except IllegalActionError as exc:
            if t.illegal == "raise":
                raise
            assert offender is not None
            rewards = {offender: -1.0, _OTHER[offender]: 1.0}
            infos[offender] = {"illegal_action": exc.action}
            t.end()
        else:
            if t.driver.to_move is None:
                rewards = {a: float(r) for a, r in t.driver.returns().items()}
                t.end()
            elif t.driver.steps >= t.max_cycles:
                truncated = True
            else:
                t.start_cycle()
        over = t.over
        obs = {a: t.observe(a) for a in AGENTS}
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            t.render()
        return (obs, rewards, dict.fromkeys(AGENTS, over), dict.fromkeys(AGENTS, truncated), infos)


def env(game: str, *, max_cycles: int | None = None, render_mode: str | None = None, turns: str = "natural",
        illegal: str = "raise", backend: str | None = "auto", **options: Any) -> BrinkmanshipEnv:
    """A PettingZoo AEC environment of ``game`` (``"twilight"``,
    ``"thirteen"`` or an alias) on the engine ``backend`` (``"auto"``,
    ``"python"`` or ``"native"``); every other keyword is a game option
    (``bm.get_game(game).option_choices``)."""
    return BrinkmanshipEnv(game, options, max_cycles=max_cycles, render_mode=render_mode, turns=turns,
                           illegal=illegal, backend=backend)


def parallel_env(game: str, *, max_cycles: int | None = None, render_mode: str | None = None,
                 illegal: str = "raise", backend: str | None = "auto", **options: Any) -> BrinkmanshipParallelEnv:
    """A PettingZoo parallel environment of ``game`` (the cycle mode);
    keywords as :func:`env`."""
    return BrinkmanshipParallelEnv(game, options, max_cycles=max_cycles, render_mode=render_mode,
                                   illegal=illegal, backend=backend)


__all__ = ["AGENTS", "ENV_KEYWORDS", "BrinkmanshipEnv", "BrinkmanshipParallelEnv", "LegalDiscrete", "env",
           "parallel_env", "position_text"]
