"""Gymnasium environments: one side of a game, a bot on the other.

The agent plays one side (``"USSR"``, ``"US"``, or ``"random"``: drawn per
episode); the opponent is a bot built from a spec as ``brink simulate`` and
the farm build them (``"random"``, ``"heuristic"``, ``"ismcts:iters=40"``),
and it decides through ``bots.decide``: from its own view only. Between two
agent decisions the environment plays the opponent's moves and answers
chance from the state's own generator (``envs.driver.Driver``), so every
``step`` is one decision of the agent and nothing else.

- Observation: the agent's observation tensor (``state.observation_tensor``,
  docs/observation.md), a float32 ``Box``.
- Action: an id of the game's fixed action space (``Discrete``). The legal
  ids of the pending decision are ``info["action_mask"]`` (int8, the form
  ``Discrete.sample(mask=...)`` takes) and ``env.action_masks()`` (bool, what
  sb3-contrib's ``MaskablePPO`` reads).
- Reward: 0 until the game ends, then ``returns()[side]`` (1 win, -1 loss,
  0 draw; 13 Days: both -1 when both sides trigger nuclear war).
- ``terminated`` when the game ends; ``truncated`` when it reaches
  ``max_game_length`` actions (chance included) without ending, by default the
  game's own bound (``game_info``), which no game reaches.
- An illegal id raises ``IllegalActionError`` and changes nothing
  (``illegal="raise"``), or ends the episode with reward -1
  (``illegal="lose"``).

``reset(seed=s)`` plays the game ``bm.new_game(game, s)`` with the opponent
seeded ``derive_seed(s, its side)``: the game the farm plays for seed ``s``.

>>> env = make("thirteen", side="US", opponent="random")
>>> obs, info = env.reset(seed=7)
>>> obs.dtype, obs.shape == env.observation_space.shape, info["side"]
(dtype('float32'), True, 'US')
>>> action = env.action_space.sample(mask=info["action_mask"])
>>> obs, reward, terminated, truncated, info = env.step(action)
>>> reward, terminated, truncated
(0.0, False, False)

Importing this module registers ``brinkmanship/Twilight-v0`` and
``brinkmanship/Thirteen-v0`` with Gymnasium (:data:`ENV_IDS`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv

import brinkmanship as bm
from brinkmanship.bots import Bot, RandomBot, decide, derive_seed, make_bot
from brinkmanship.core.errors import IllegalActionError
from brinkmanship.core.log import Message, msg
from brinkmanship.envs.driver import Driver, illegal_mode

#: The registered Gymnasium id of each game.
ENV_IDS: dict[str, str] = {
    "twilight": "brinkmanship/Twilight-v0",
    "thirteen": "brinkmanship/Thirteen-v0",
}

SIDES = ("USSR", "US")


class BrinkEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One side of ``game`` against the bot ``opponent``; see the module's docstring.

    ``options`` are the game's options (``bm.new_game``). A bad game, side,
    bot spec, option or ``illegal`` value raises ``ValueError`` here rather
    than at the first ``reset``. ``backend`` is the engine of the games:
    ``"auto"`` (native when built for the game, else Python), ``"python"``
    or ``"native"`` (``NativeUnavailableError`` when it is not built); both
    give the same observations and rewards.
    """

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (Gymnasium's class attribute)

    def __init__(self, game: str, side: str = "USSR", opponent: str = "random", illegal: str = "raise",
                 max_game_length: int | None = None, render_mode: str | None = None,
                 backend: str | None = "auto", **options: Any) -> None:
        if side not in (*SIDES, "random"):
            raise ValueError(f"side must be 'USSR', 'US' or 'random', not {side!r}")
        illegal_mode(illegal)
        if render_mode is not None:
            raise ValueError(f"no render modes (got {render_mode!r}): read env.unwrapped.state.view(side)")
        self.driver = Driver(game, options, backend)
        self.backend = backend
        info = self.driver.game.info()
        if max_game_length is None:
            max_game_length = int(info["max_game_length"])
        elif max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {max_game_length}")
        self.game = self.driver.name
        self.side_choice = side
        self.illegal = illegal
        self.max_game_length = max_game_length
        self.render_mode = render_mode
        self.opponent_spec = opponent
        # One bot for the env's life, reseeded per episode: a search bot
        # may hold worker processes (closed by ``close``).
        self.opponent: Bot = make_bot(opponent)
        self._random_opponent = isinstance(self.opponent, RandomBot)
        self.action_space = spaces.Discrete(self.driver.size)
        # Entries are scaled so that ordinary values lie in [-1, 1]
        # (docs/observation.md), but some counts (influence) have no cap in
        # the rules: no finite bound would be true.
        self.observation_space = spaces.Box(-np.inf, np.inf, (int(info["observation_shape"][0]),), np.float32)
        self.side = side if side in SIDES else "USSR"
        self.other = _other(self.side)
        self._over = True  # step before the first reset raises
        env_id = ENV_IDS.get(self.game)
        if env_id is not None:
            # What remakes this env (``env.spec.make()``), as ``gymnasium.make`` would record it.
            self.spec = dataclasses.replace(gymnasium.spec(env_id), kwargs={
                "game": self.game, "side": side, "opponent": opponent, "illegal": illegal,
                "max_game_length": max_game_length, "backend": backend, **options})

    @property
    def state(self) -> bm.State:
        """The game in progress: the whole state, hidden cards included (for
        analysis; what the agent may see is ``state.view(env.side)``)."""
        return self.driver.state

    # -- the Gymnasium API -------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game; ``seed`` fixes it (deal, dice, the opponent's choices
        and a random side). Without a seed the game's seed is drawn from the
        env's generator, so the episodes after ``reset(seed=s)`` repeat too.
        ``options={"side": "US"}`` sets the agent's side for this episode."""
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = seed if seed is not None else int(rng.integers(2**63))
        options = options or {}
        if set(options) - {"side"}:
            raise ValueError(f"reset options: only 'side' is known (got {', '.join(sorted(options))})")
        side = options.get("side", self.side_choice)
        if side == "random":
            side = SIDES[int(rng.integers(2))]
        elif side not in SIDES:
            raise ValueError(f"side must be 'USSR', 'US' or 'random', not {side!r}")
        self.side, self.other = side, _other(side)
        self.opponent.reseed(derive_seed(game_seed, self.other))
        self.driver.reset(game_seed)
        self._over = False
        self._play_opponent()
        if self.driver.to_move != self.side:
            # Both games give each side a decision (set-up, agendas) before
            # either can end, so this would be an engine fault.
            raise RuntimeError(f"{self.game}: the game ended before {self.side}'s first decision")
        return self.driver.observe(side), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action`` (an id), then the opponent's moves up to
        the agent's next decision or the end."""
        if self._over:
            raise gymnasium.error.ResetNeeded("the episode is over (or not begun): call reset()")
        driver = self.driver
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise IllegalStepError(action, f"an action is an id of the action space (an integer), "
                                             f"not {type(action).__name__}")
        try:
            driver.step(int(action))
        except IllegalActionError as exc:
            if self.illegal == "raise":
                raise IllegalStepError(exc) from None
            self._over = True
            info = self._info()
            info["illegal_action"] = int(action)
            return driver.observe(self.side), -1.0, True, False, info
        self._play_opponent()
        if driver.to_move is None:
            self._over = True
            info = self._info()
            info["returns"] = returns = driver.returns()
            info["result"] = driver.state.result
            return driver.observe(self.side), float(returns[self.side]), True, False, info
        if driver.ply >= self.max_game_length:
            self._over = True
            return driver.observe(self.side), 0.0, False, True, self._info()
        return driver.observe(self.side), 0.0, False, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal ids of the agent's pending decision as bools (all False
        once the episode is over): what sb3-contrib's ``MaskablePPO`` reads."""
        if self._over:
            return np.zeros(self.driver.size, bool)
        return self.driver.mask().astype(bool)

    def close(self) -> None:
        """Stop the opponent's worker processes, if it has any (``close``
        may be called more than once)."""
        close = getattr(self.opponent, "close", None)
        if close is not None:
            close()

    # -- inside ------------------------------------------------------------------
    def _play_opponent(self) -> None:
        """The opponent's decisions until the agent's turn, the game's end or
        the length cap. Each is the bot's choice from its own view; a random
        bot skips the view it would not read (the same draw as its
        ``choose``, so the same game)."""
        driver = self.driver
        state = driver.state
        other = self.other
        bot = self.opponent
        cap = self.max_game_length
        while driver.to_move == other and driver.ply < cap:
            if self._random_opponent:
                legal = state.legal_actions()
                action = legal[int(bot.rng.random() * len(legal))]  # type: ignore[attr-defined]
            else:
                action = decide(bot, state, other)
            driver.step(action.id)

    def _info(self) -> dict[str, Any]:
        over = self._over or self.driver.to_move != self.side
        mask = np.zeros(self.driver.size, np.int8) if over else self.driver.mask()
        return {"side": self.side, "action_mask": mask}


class IllegalStepError(IllegalActionError):
    """An illegal id given to :meth:`BrinkEnv.step`: the engine's
    ``IllegalActionError`` (same fields), and one that survives a worker
    process. ``AsyncVectorEnv`` re-raises a worker's error in the main
    process as ``type(exc)(exc)``, which the base class's constructor
    refuses; this one takes the error alone and copies it."""

    def __init__(self, action: object, reason: str | Message | None = None, legal: Sequence[str] = ()) -> None:
        if reason is None and isinstance(action, IllegalActionError):
            Exception.__init__(self, *action.args)
            self.__dict__.update(action.__dict__)
            return
        super().__init__(action, reason if reason is not None else msg("error.text", text=str(action)), legal)


def _other(side: str) -> str:
    return "US" if side == "USSR" else "USSR"


def make(game: str, side: str = "USSR", opponent: str = "random", **options: Any) -> BrinkEnv:
    """A :class:`BrinkEnv` (no Gymnasium wrappers): ``side`` is the agent's,
    ``opponent`` a bot spec; other keywords are ``illegal``,
    ``max_game_length``, ``backend`` and the game's options."""
    return BrinkEnv(game, side=side, opponent=opponent, **options)


def make_vec(game: str, num_envs: int, vectorization_mode: str = "sync", *,
             autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP, context: str | None = None,
             workers: int | None = None, **env_kwargs: Any) -> VectorEnv:
    """``num_envs`` games at once: ``"sync"`` steps them in this process
    (``gymnasium.vector.SyncVectorEnv``), ``"async"`` in one worker process
    each (``AsyncVectorEnv``, started with ``context``: ``"fork"``,
    ``"spawn"``, ``"forkserver"`` or the platform's default), ``"batched"``
    in ``workers`` processes (default: the cores, at most ``num_envs``)
    that each step all of their games per message
    (:class:`brinkmanship.envs.vector.BatchedVectorEnv`: the same results
    as ``"sync"``, and faster than one process when cores are free).

    ``autoreset_mode`` is ``SAME_STEP`` by default: a game that ends is
    reset within the same ``step``, so the observations and
    ``info["action_mask"]`` returned are always those of a live decision
    (the finished game's are ``info["final_obs"]`` and
    ``info["final_info"]``). ``env_kwargs`` go to every :class:`BrinkEnv`.
    """
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {num_envs}")
    mode = AutoresetMode(autoreset_mode)
    if workers is not None and vectorization_mode != "batched":
        raise ValueError(f"workers is for the 'batched' mode, not {vectorization_mode!r}")
    fns = [functools.partial(BrinkEnv, game, **env_kwargs) for _ in range(num_envs)]
    if vectorization_mode == "sync":
        return SyncVectorEnv(fns, autoreset_mode=mode)
    if vectorization_mode == "async":
        return AsyncVectorEnv(fns, context=context, autoreset_mode=mode)
    if vectorization_mode == "batched":
        from brinkmanship.envs.vector import BatchedVectorEnv  # it imports this module

        return BatchedVectorEnv(game, num_envs, workers, autoreset_mode=mode, context=context, **env_kwargs)
    raise ValueError(f"vectorization_mode must be 'sync', 'async' or 'batched', not {vectorization_mode!r}")


def register() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (done at import; idempotent)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:BrinkEnv", kwargs={"game": game})


register()

__all__ = ["ENV_IDS", "BrinkEnv", "IllegalStepError", "make", "make_vec", "register"]
