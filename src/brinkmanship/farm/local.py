"""The local backend: a pool of worker processes on this machine.

One process per core plays whole batches of games; with one worker the games
are played right here, with no pool at all (the simplest thing to debug and
profile, and what ``--workers 1`` means).

Workers are started with the ``forkserver`` method where it exists (Linux,
macOS): a small server process imports the engine once and forks a worker
from itself on demand. Workers start in milliseconds, as with ``fork``, but
never inherit the parent's threads (a progress bar's refresh thread, a Ray
client), which ``fork`` copies in an undefined state. Elsewhere ``spawn``.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from brinkmanship.farm.tasks import GameRecord, Task, run_task

Progress = Callable[[list[GameRecord]], None]

# What a worker imports before its first task: the engine and both games, so
# that no task pays for an import.
PRELOAD = ["brinkmanship.farm.tasks", "brinkmanship.twilight", "brinkmanship.thirteen",
           "brinkmanship.bots.random_bot"]


def default_workers() -> int:
    """All local cores (``os.cpu_count()``, at least 1)."""
    return max(1, os.cpu_count() or 1)


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


class LocalFarm:
    """``workers`` local processes (1: in this process); use as a context manager.

    The pool lives as long as the farm, so several runs (a benchmark's warm-up
    and its measurement, a tournament's pairings) share worker processes.
    """

    def __init__(self, workers: int | None = None) -> None:
        workers = default_workers() if workers is None else workers
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    @property
    def slots(self) -> int:
        """How many games can be played at once."""
        return self.workers

    def describe(self) -> str:
        """How games are run, for summaries."""
        return "1 process (in-process)" if self.workers == 1 else f"{self.workers} local processes"

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=_context())
        return self._pool

    def run(self, tasks: list[Task], on_progress: Progress | None = None) -> list[GameRecord]:
        """Play every task; records come back in the order of the tasks.

        ``on_progress`` is called with each finished game (in-process) or
        each finished batch (pool), in the order they finish.
        """
        if self.workers == 1:
            return self._run_here(tasks, on_progress)
        pool = self._executor()
        futures: list[Future[list[GameRecord]]] = [pool.submit(run_task, t) for t in tasks]
        pending = set(futures)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    records = f.result()  # a failed game raises here, with its index and seed
                    if on_progress is not None:
                        on_progress(records)
        except BaseException:
            # A failed game or Ctrl-C: stop at once rather than finish the
            # batches already queued to the workers.
            self._abort()
            raise
        return [r for f in futures for r in f.result()]

    def _abort(self) -> None:
        """Stop the workers mid-batch; the next run starts a fresh pool."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
        if terminate is not None:
            terminate()
        else:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    @staticmethod
    def _run_here(tasks: list[Task], on_progress: Progress | None) -> list[GameRecord]:
        out: list[GameRecord] = []
        for task in tasks:
            for deal in task.deals:
                # One deal at a time, so that progress advances per game.
                records = run_task(Task(task.game, task.options, [deal], task.keep_actions, task.backend))
                if on_progress is not None:
                    on_progress(records)
                out.extend(records)
        return out

    def close(self) -> None:
        """Stop the worker processes (waiting for none: a run is over or was interrupted)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> LocalFarm:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["PRELOAD", "LocalFarm", "default_workers"]
