"""Farms: many whole games in parallel, on local cores or on a Ray cluster.

A run is a list of deals (:class:`Deal`: game index, seed, seats), cut into
tasks (:class:`Task`: batches of whole games) and handed to a backend:

- :class:`LocalFarm`: a process pool on this machine, all cores by default
  (``workers=1`` plays in this process, no pool);
- :class:`RayFarm`: Ray, when asked (``ray=True``) or when the ``RAY_ADDRESS``
  environment variable names a cluster (Ray is an optional extra).

Because every game carries its own seed and bots are seeded from it, a run
gives the same records on one core, on N cores, in any batch size, or on a
cluster; only the wall time differs. ``brink simulate`` and ``brink
tournament`` run on this.

The games are played on the engine ``backend`` names (see
:mod:`brinkmanship.native`): ``"auto"`` (the default: the native core when
it is built for the game, else the Python engine), ``"python"`` or
``"native"`` (an error saying what is missing when it is not built). The
farm resolves it once, before cutting the tasks, so every worker (local or
Ray) plays on the engine the run reports in :attr:`FarmRun.engine`. Both
engines play the same games, so the records do not depend on it either.

>>> deals = [Deal(k, 100 + k, {"USSR": "random", "US": "random"}) for k in range(4)]
>>> run = run_games("thirteen", {}, deals, workers=1, batch_size=3)
>>> [r.seed for r in run.records]
[100, 101, 102, 103]
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from brinkmanship import native
from brinkmanship.bots import parse_spec
from brinkmanship.farm.local import LocalFarm, Progress, default_workers
from brinkmanship.farm.ray_backend import INSTALL_HINT, RayFarm
from brinkmanship.farm.tasks import Deal, FarmError, GameRecord, Task, make_tasks, play_game, run_task


class Farm(Protocol):
    """What ``brink simulate`` and ``brink tournament`` need from a backend."""

    @property
    def slots(self) -> int:
        """Games that can run at once."""
        ...

    def describe(self) -> str:
        """A short description for summaries ("2 local processes")."""
        ...

    def run(self, tasks: list[Task], on_progress: Progress | None = None) -> list[GameRecord]:
        """Play the tasks; records in task order."""
        ...

    def close(self) -> None:
        """Release workers."""
        ...


def wants_ray(ray: bool = False) -> bool:
    """Ray is used when asked for or when ``RAY_ADDRESS`` is set (as Ray's own tools do)."""
    return ray or bool(os.environ.get("RAY_ADDRESS"))


def open_farm(workers: int | None = None, ray: bool = False, address: str | None = None) -> Farm:
    """The backend for these settings: Ray (see :func:`wants_ray`) or ``workers`` local processes.

    With Ray, ``workers`` is not used: the cluster's CPUs decide.
    """
    if wants_ray(ray) or address:
        return RayFarm(address)
    return LocalFarm(workers)


@contextmanager
def farm_for(workers: int | None = None, ray: bool = False, address: str | None = None) -> Iterator[Farm]:
    """:func:`open_farm` as a context manager that closes the farm afterwards."""
    farm = open_farm(workers, ray, address)
    try:
        yield farm
    finally:
        farm.close()


# Largest batch by the slowest bot in it: random games take milliseconds, so
# big batches keep pickling and task overhead out of the measurement;
# heuristic games take a fraction of a second; search games take seconds
# to minutes, so each is its own task (progress advances per game).
_MAX_BATCH = {"random": 250, "heuristic": 8}


def auto_batch_size(deals: list[Deal], slots: int) -> int:
    """A batch size giving each slot about eight batches (load balance and
    progress), capped by how slow the bots are (see ``_MAX_BATCH``)."""
    kinds = {parse_spec(spec)[0] for d in deals for spec in d.seats.values()}
    cap = min((_MAX_BATCH.get(k, 1) for k in kinds), default=1)
    return max(1, min(cap, math.ceil(len(deals) / (8 * max(1, slots)))))


def resolve_backend(backend: str | None, game: str) -> str:
    """The engine a farm plays ``game`` on: ``"python"`` or ``"native"``.

    ``backend`` is ``"auto"`` (native when built for the game, else python),
    ``"python"`` or ``"native"``; ``None`` reads ``BRINK_BACKEND``. Asking
    for ``native`` where it is not built raises :class:`FarmError` saying
    what is missing; an unknown name raises ``ValueError``.

    >>> resolve_backend("python", "thirteen")
    'python'
    """
    try:
        return native.choose_backend(backend, game)
    except native.NativeUnavailableError as exc:
        raise FarmError(str(exc)) from None


@dataclass
class FarmRun:
    """The records of a run, in game-index order, and how it was run:
    ``backend`` says where (the farm's description), ``engine`` on what
    (``"python"`` or ``"native"``)."""

    records: list[GameRecord]
    seconds: float
    backend: str
    batch_size: int
    engine: str = "python"

    @property
    def games_per_second(self) -> float:
        """Finished games per second of wall time."""
        return len(self.records) / max(self.seconds, 1e-9)


def run_games(game: str, options: dict[str, Any], deals: list[Deal], farm: Farm | None = None, *,
              workers: int | None = None, ray: bool = False, batch_size: int | None = None,
              keep_actions: bool = True, on_progress: Progress | None = None,
              backend: str | None = "auto") -> FarmRun:
    """Play ``deals`` on ``farm`` (or on a farm opened for ``workers``/``ray`` and closed after),
    on the engine ``backend`` (see :func:`resolve_backend`).

    Records come back sorted by game index whatever the order they finished in.
    """
    engine = resolve_backend(backend, game)  # before any worker starts: a missing engine fails at once
    if farm is None:
        with farm_for(workers, ray) as opened:
            return run_games(game, options, deals, opened, batch_size=batch_size, keep_actions=keep_actions,
                             on_progress=on_progress, backend=engine)
    size = batch_size or auto_batch_size(deals, farm.slots)
    tasks = make_tasks(game, options, deals, size, keep_actions, engine)
    start = time.perf_counter()
    records = farm.run(tasks, on_progress)
    seconds = time.perf_counter() - start
    records.sort(key=lambda r: r.index)
    return FarmRun(records, seconds, farm.describe(), size, engine)


__all__ = ["INSTALL_HINT", "Deal", "Farm", "FarmError", "FarmRun", "GameRecord", "LocalFarm", "RayFarm", "Task",
           "auto_batch_size", "default_workers", "farm_for", "make_tasks", "open_farm", "play_game", "resolve_backend",
           "run_games", "run_task", "wants_ray"]
