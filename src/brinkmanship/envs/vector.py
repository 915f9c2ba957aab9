"""A batched vector environment: N :class:`~brinkmanship.envs.gym.BrinkEnv`
games spread over W worker processes, every worker stepping all of its
games per message.

Why: Gymnasium's ``AsyncVectorEnv`` gives every game a process and pays a
pipe round trip per game per step (about 0.3 ms on a small machine), several
times the cost of a step itself (40 µs in 13 Days, 90 µs in Twilight
Struggle), so it runs slower than one process. Here each worker owns a
contiguous slice of the games: one ``step`` is one tiny message to each
worker, which steps its N/W games one after the other and writes the
stacked observations, rewards, flags, masks and sides into shared memory
that the main process reads without a copy through the pipe. Only what is
rare travels pickled: the final observation and info of a game that ended
(and any info entry other than the side and the mask).

The results are those of ``make_vec(game, N, "sync")`` with the same
autoreset mode, step by step: the same sub-environments, seeded the same
way (``reset(seed=s)`` seeds game ``i`` with ``s + i``), stepped with the
same actions, the same ``info`` layout (``final_obs``/``final_info`` with
same-step autoreset). A test checks it.

An error in a worker (an illegal id) is raised here with its own type and
message; the games of that step may then be partly stepped, so the vector
env needs a ``reset`` (or ``close``) before it steps again.
"""

from __future__ import annotations

import contextlib
import ctypes
import itertools
import multiprocessing as mp
import os
import pickle
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any

import numpy as np
from gymnasium.error import ClosedEnvironmentError, ResetNeeded
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from brinkmanship.envs.gym import SIDES, BrinkEnv, IllegalStepError

#: The info entries every step carries for every game; they travel through
#: shared memory, everything else pickled.
_HOT = ("side", "action_mask")
_SIDE_INDEX = {side: i for i, side in enumerate(SIDES)}


class _Buffers:
    """Numpy views of the shared blocks: one row per game."""

    def __init__(self, blocks: dict[str, Any], num_envs: int, obs_size: int, n_actions: int) -> None:
        def view(name: str, dtype: Any, shape: tuple[int, ...]) -> np.ndarray:
            return np.frombuffer(blocks[name], dtype=dtype).reshape(shape)

        self.actions = view("actions", np.int64, (num_envs,))
        self.obs = view("obs", np.float32, (num_envs, obs_size))
        self.rewards = view("rewards", np.float64, (num_envs,))
        self.terminated = view("terminated", np.bool_, (num_envs,))
        self.truncated = view("truncated", np.bool_, (num_envs,))
        self.masks = view("masks", np.int8, (num_envs, n_actions))
        self.sides = view("sides", np.int8, (num_envs,))

    @staticmethod
    def allocate(ctx: Any, num_envs: int, obs_size: int, n_actions: int) -> dict[str, Any]:
        sizes = {"actions": 8 * num_envs, "obs": 4 * num_envs * obs_size, "rewards": 8 * num_envs,
                 "terminated": num_envs, "truncated": num_envs, "masks": num_envs * n_actions,
                 "sides": num_envs}
        return {name: ctx.RawArray(ctypes.c_byte, size) for name, size in sizes.items()}


class BatchedVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games of ``BrinkEnv(game, **env_kwargs)`` in ``workers``
    processes (default: the machine's cores, at most ``num_envs``); see the
    module's docstring.

    ``context`` is the multiprocessing start method (``"fork"``,
    ``"spawn"``, ``"forkserver"``; the platform's default if None). Use it
    as a context manager or call ``close()``: the workers close their games
    and exit. ``backend`` (``"auto"``, ``"python"``, ``"native"``) is the
    engine of the games, resolved here once so that every worker plays on
    the same one (``self.backend``: ``"python"`` or ``"native"``).
    """

    def __init__(self, game: str, num_envs: int, workers: int | None = None, *,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
                 context: str | None = None, backend: str | None = "auto", **env_kwargs: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if workers is None:
            workers = min(os.cpu_count() or 1, num_envs)
        if not 1 <= workers <= num_envs:
            raise ValueError(f"workers must be between 1 and num_envs ({num_envs}), not {workers}")
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        # One env here: it checks the arguments (a ValueError now rather
        # than in a worker) and gives the spaces.
        probe = BrinkEnv(game, backend=backend, **env_kwargs)
        probe.close()
        self.backend = probe.driver.backend
        env_kwargs = {**env_kwargs, "backend": self.backend}
        self.num_envs = num_envs
        self.num_workers = workers
        self.game = probe.game
        self.metadata = {**probe.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = None
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        obs_size = int(probe.observation_space.shape[0])  # type: ignore[index]
        n_actions = int(probe.driver.size)
        ctx: Any = mp.get_context(context)
        blocks = _Buffers.allocate(ctx, num_envs, obs_size, n_actions)
        self._buffers = _Buffers(blocks, num_envs, obs_size, n_actions)
        self._side_names = np.array(SIDES, dtype=object)
        # Contiguous slices, the first ones one game longer when N % W != 0.
        bounds = np.linspace(0, num_envs, workers + 1).round().astype(int)
        self._slices = [(int(a), int(b)) for a, b in itertools.pairwise(bounds)]
        self._conns: list[Connection] = []
        self._processes: list[Any] = []
        self._needs_reset = True
        self._autoreset = np.zeros(num_envs, np.bool_)
        for start, stop in self._slices:
            parent, child = ctx.Pipe()
            process = ctx.Process(target=_worker, name=f"brink-vector-{start}-{stop}", daemon=True,
                                  args=(child, parent, game, env_kwargs, start, stop, blocks,
                                        num_envs, obs_size, n_actions, self.autoreset_mode))
            process.start()
            child.close()
            self._conns.append(parent)
            self._processes.append(process)
        self._gather()  # each worker reports its games built (or why not)

    # -- the Gymnasium API -------------------------------------------------------
    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Reset the games: ``seed`` None (each game draws its own), an int
        ``s`` (game ``i`` gets ``s + i``) or one seed per game.
        ``options`` go to every game's reset, except ``reset_mask`` (a bool
        array: reset only those games), as ``SyncVectorEnv`` takes it."""
        self._check_open()
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"{len(seeds)} seeds for {n} environments")
        options = dict(options) if options else {}
        reset_mask = options.pop("reset_mask", None)
        if reset_mask is None:
            reset_mask = np.ones(n, np.bool_)
        elif not isinstance(reset_mask, np.ndarray) or reset_mask.shape != (n,) or reset_mask.dtype != np.bool_:
            raise ValueError(f"options['reset_mask'] must be a bool numpy array of shape ({n},)")
        elif not reset_mask.any():
            raise ValueError("options['reset_mask'] resets no environment")
        buffers = self._buffers
        buffers.terminated[reset_mask] = False
        buffers.truncated[reset_mask] = False
        self._autoreset[reset_mask] = False
        for conn, (start, stop) in zip(self._conns, self._slices, strict=True):
            conn.send(("reset", seeds[start:stop], options or None, reset_mask[start:stop]))
        extras = self._gather()
        self._needs_reset = False
        infos = self._hot_infos(reset_mask)
        return buffers.obs.copy(), self._add_extras(infos, extras)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Step every game with its id in ``actions`` (one per game)."""
        self._check_open()
        if self._needs_reset:
            raise ResetNeeded("call reset() first (before the first step, and after an error in a step)")
        array = np.asarray(actions)
        if array.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {array.shape}")
        if array.dtype.kind not in "iu":
            # What each BrinkEnv would say of its first action; nothing is stepped.
            raise IllegalStepError(array[0].item(), f"an action is an id of the action space (an integer), "
                                                    f"not {array.dtype}")
        buffers = self._buffers
        buffers.actions[:] = array
        if self.autoreset_mode == AutoresetMode.DISABLED and self._autoreset.any():
            raise ResetNeeded(f"games {np.flatnonzero(self._autoreset).tolist()} are over: reset them "
                              f"(options={{'reset_mask': ...}}) before stepping (autoreset_mode DISABLED)")
        for conn in self._conns:
            conn.send_bytes(b"s")
        extras = self._gather()
        terminated = buffers.terminated.copy()
        truncated = buffers.truncated.copy()
        self._autoreset = terminated | truncated
        infos = self._hot_infos(None)
        return buffers.obs.copy(), buffers.rewards.copy(), terminated, truncated, self._add_extras(infos, extras)

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call ``name`` on every game (or read it, if it is not callable):
        ``envs.call("action_masks")``, as ``SyncVectorEnv.call``."""
        self._check_open()
        for conn in self._conns:
            conn.send(("call", name, args, kwargs))
        results: list[Any] = []
        for part in self._gather():
            results.extend(part)
        return tuple(results)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """The attribute ``name`` of every game."""
        return self.call(name)

    def set_attr(self, name: str, values: Any) -> None:
        """Set ``name`` on every game: one value each (a list or tuple of
        ``num_envs``) or the same value for all."""
        self._check_open()
        if not isinstance(values, list | tuple):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(f"{len(values)} values for {self.num_envs} environments")
        for conn, (start, stop) in zip(self._conns, self._slices, strict=True):
            conn.send(("set", name, list(values[start:stop])))
        self._gather()

    def close_extras(self, **kwargs: Any) -> None:
        """Ask every worker to close its games and exit; end those that do
        not within a few seconds."""
        for conn in self._conns:
            with contextlib.suppress(BrokenPipeError, OSError):
                conn.send(("close",))
        for conn in self._conns:
            try:
                if conn.poll(5):
                    conn.recv()
            except (EOFError, OSError):
                pass
            conn.close()
        for process in self._processes:
            process.join(5)
            if process.is_alive():
                process.terminate()
                process.join()
        self._conns = []

    @property
    def exitcodes(self) -> list[int | None]:
        """The workers' exit codes (None while one runs)."""
        return [process.exitcode for process in self._processes]

    def __enter__(self) -> BatchedVectorEnv:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __del__(self) -> None:
        if not getattr(self, "closed", True) and getattr(self, "_conns", None):
            self.close()

    # -- inside ------------------------------------------------------------------
    def _check_open(self) -> None:
        if self.closed:
            raise ClosedEnvironmentError("the vector environment is closed")

    def _gather(self) -> list[Any]:
        """Every worker's reply, in order; the first error among them raised
        here (after all replied, so that the pipes stay in step)."""
        replies: list[Any] = []
        error: BaseException | None = None
        for index, conn in enumerate(self._conns):
            try:
                ok, payload = conn.recv()
            except (EOFError, OSError):
                ok, payload = False, RuntimeError(f"vector worker {index} stopped "
                                                  f"(exit code {self._processes[index].exitcode})")
            if not ok:
                if error is None:
                    error = payload if isinstance(payload, BaseException) else _rebuild(payload)
                continue
            replies.append(payload)
        if error is not None:
            self._needs_reset = True
            raise error
        return replies

    def _hot_infos(self, present: np.ndarray | None) -> dict[str, Any]:
        """The side and mask entries, laid out as ``SyncVectorEnv`` lays out
        the infos of the games in ``present`` (all if None)."""
        buffers = self._buffers
        sides = self._side_names[buffers.sides]
        masks = buffers.masks.copy()
        if present is None:
            flags = np.ones(self.num_envs, np.bool_)
        else:
            flags = present.copy()
            sides[~present] = None
            masks[~present] = 0
        return {"side": sides, "_side": flags, "action_mask": masks, "_action_mask": flags.copy()}

    def _add_extras(self, infos: dict[str, Any], extras: list[Any]) -> dict[str, Any]:
        for part in extras:
            if part:
                for index, info in part:
                    infos = self._add_info(infos, info, index)
        return infos


def _rebuild(payload: tuple[type[BaseException], tuple[Any, ...], dict[str, Any]]) -> BaseException:
    """A worker's error again, of its own type, arguments and fields
    (without calling its constructor, which may take other arguments)."""
    kind, args, fields = payload
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(fields)
    return error


def _worker(conn: Connection, parent: Connection, game: str, env_kwargs: dict[str, Any], start: int, stop: int,
            blocks: dict[str, Any], num_envs: int, obs_size: int, n_actions: int,
            autoreset_mode: AutoresetMode) -> None:
    """Own games ``start:stop``; answer the main process's messages until
    ``close``. Every reply is ``(True, result)`` or ``(False, error)``."""
    parent.close()
    try:
        envs = [BrinkEnv(game, **env_kwargs) for _ in range(start, stop)]
    except Exception as exc:
        _send_error(conn, exc)
        conn.close()
        return
    conn.send((True, None))
    buffers = _Buffers(blocks, num_envs, obs_size, n_actions)
    actions = buffers.actions[start:stop]
    obs = buffers.obs[start:stop]
    rewards = buffers.rewards[start:stop]
    terminated = buffers.terminated[start:stop]
    truncated = buffers.truncated[start:stop]
    masks = buffers.masks[start:stop]
    sides = buffers.sides[start:stop]
    autoreset = np.zeros(stop - start, np.bool_)
    same_step = autoreset_mode == AutoresetMode.SAME_STEP
    next_step = autoreset_mode == AutoresetMode.NEXT_STEP

    def record(k: int, env_obs: np.ndarray, info: dict[str, Any], extras: list[Any]) -> None:
        obs[k] = env_obs
        masks[k] = info["action_mask"]
        sides[k] = _SIDE_INDEX[info["side"]]
        if len(info) > len(_HOT):
            extras.append((start + k, {key: value for key, value in info.items() if key not in _HOT}))

    try:
        while True:
            message = conn.recv_bytes()
            extras: list[Any] = []
            try:
                if message == b"s":
                    for k, env in enumerate(envs):
                        if next_step and autoreset[k]:
                            env_obs, info = env.reset()
                            rewards[k] = 0.0
                            terminated[k] = truncated[k] = False
                        else:
                            env_obs, reward, term, trunc, info = env.step(actions[k])
                            rewards[k] = reward
                            terminated[k] = term
                            truncated[k] = trunc
                            if same_step and (term or trunc):
                                extras.append((start + k, {"final_obs": env_obs, "final_info": info}))
                                env_obs, info = env.reset()
                        record(k, env_obs, info, extras)
                    np.logical_or(terminated, truncated, out=autoreset)
                    conn.send((True, extras))
                    continue
                command = pickle.loads(message)
                if command[0] == "reset":
                    _, seeds, options, mask = command
                    for k, env in enumerate(envs):
                        if mask[k]:
                            env_obs, info = env.reset(seed=seeds[k], options=options)
                            autoreset[k] = False
                            rewards[k] = 0.0
                            terminated[k] = truncated[k] = False
                            record(k, env_obs, info, extras)
                    conn.send((True, extras))
                elif command[0] == "call":
                    _, name, args, kwargs = command
                    results = []
                    for env in envs:
                        value = getattr(env, name)
                        results.append(value(*args, **kwargs) if callable(value) else value)
                    conn.send((True, results))
                elif command[0] == "set":
                    _, name, values = command
                    for env, value in zip(envs, values, strict=True):
                        setattr(env, name, value)
                    conn.send((True, None))
                elif command[0] == "close":
                    for env in envs:
                        env.close()
                    conn.send((True, None))
                    return
                else:
                    raise ValueError(f"unknown command {command[0]!r}")
            except Exception as exc:
                _send_error(conn, exc)
    except (KeyboardInterrupt, EOFError, OSError):
        for env in envs:
            env.close()
    finally:
        conn.close()


def _send_error(conn: Connection, exc: Exception) -> None:
    """Send ``exc`` to rebuild in the main process; one that does not
    pickle goes as a ``RuntimeError`` naming it, with the traceback."""
    payload: Any = (type(exc), exc.args, dict(exc.__dict__))
    try:
        conn.send((False, payload))
    except Exception:
        text = "".join(traceback.format_exception(exc))
        conn.send((False, RuntimeError(f"{type(exc).__name__}: {exc}\n{text}")))


__all__ = ["BatchedVectorEnv"]
