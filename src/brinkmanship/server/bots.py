"""Bot seats: their moves are computed in worker processes, off the event loop.

A bot move is a pure function of the state, the side and the bot's spec and
seed (:func:`bot_move`), so it can run in any process: the pool gets the
state's data (trusted: it comes from the server's own memory), builds the
bot and asks it through :func:`brinkmanship.bots.decide`, which hands the
bot only its view and a sampler, as everywhere else. The answer is an action
text that the server then submits like any seat's, with the ply it answers:
if the game moved meanwhile (an undo), the answer is dropped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import json
import math
import multiprocessing
import os
import select
import threading
import time
from typing import Any

from brinkmanship.bots import make_bot, parse_spec
from brinkmanship.server.config import Settings


def check_spec(spec: str, settings: Settings) -> str:
    """``spec`` if it names a bot within the server's limits; else
    ``ValueError`` saying what is allowed."""
    if not isinstance(spec, str) or len(spec) > 200:
        raise ValueError("a bot spec is a short text such as 'heuristic' or 'ismcts:0.5'")
    name, params = parse_spec(spec)
    make_bot(spec, 0)  # unknown or malformed parameters raise here
    seconds = params.get("time", params.get("strength"))
    if name == "ismcts":
        if seconds is None and "iters" not in params:
            seconds = "1"
        if seconds is not None and float(seconds) > settings.max_bot_seconds:
            raise ValueError(f"a bot may think at most {settings.max_bot_seconds:g} s per decision on this server")
        if "iters" in params and int(params["iters"]) > settings.max_bot_iters:
            raise ValueError(f"a bot may search at most {settings.max_bot_iters} iterations per decision "
                             "on this server")
        if int(params.get("workers", "1")) > settings.max_bot_workers:
            raise ValueError(f"a bot may use at most {settings.max_bot_workers} search processes on this server")
    for key, value in params.items():
        try:
            number = float(value)
        except ValueError:
            continue
        if not math.isfinite(number) or number < 0:
            raise ValueError(f"bot parameter {key!r} must be a finite number, 0 or more (got {value!r})")
    return spec


def bot_move(game: str, data: dict[str, Any] | str, side: str, spec: str, seed: int,
             backend: str | None = "python") -> str:
    """The action text ``spec`` plays as ``side`` (runs in a worker), on
    the engine ``backend`` (``auto``, ``python`` or ``native``: a search
    bot's playouts run on it; the bot sees only its view either way).
    ``data``: the state as data or as its JSON (the server sends the JSON,
    which crosses to a worker process cheaper than nested dicts)."""

    from brinkmanship import native
    from brinkmanship.bots import decide
    from brinkmanship.core.game import get_game
    from brinkmanship.core.state import State

    g = get_game(game)
    d: dict[str, Any] = json.loads(data) if isinstance(data, str) else data
    state: State = (native.from_data(g, d) if native.choose_backend(backend, g.name) == "native"
                    else State(g, d))
    return decide(make_bot(spec, seed), state, side).text


def _warm(server: int) -> None:
    """Import the engines in a fresh worker before its first move, and
    watch the server process ``server``."""
    import brinkmanship.bots.heuristic
    import brinkmanship.thirteen.game
    import brinkmanship.twilight.game  # noqa: F401

    threading.Thread(target=_exit_with, args=(server,), name="watch-server", daemon=True).start()


def _exit_with(server: int) -> None:
    """End this worker when the server process ends. A server killed with
    SIGKILL (or by the kernel's OOM killer) runs no shutdown code, and its
    workers would otherwise wait for work forever, keeping the forkserver
    and the resource tracker alive with them."""
    try:
        fd = os.pidfd_open(server)
    except (AttributeError, OSError):  # not Linux 5.3+ (workers run on POSIX only: forkserver): poll
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                break
            except PermissionError:
                pass
    else:
        select.select([fd], [], [])  # readable once the process has ended
    os._exit(0)


class BotPool:
    """A process pool for bot moves that replaces itself if a worker dies."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: cf.ProcessPoolExecutor | None = None

    def _executor(self) -> cf.ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: workers start from a clean process, not a copy of
            # the server's threads and sockets.
            ctx = multiprocessing.get_context("forkserver")
            self._pool = cf.ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_warm,
                                                initargs=(os.getpid(),))
        return self._pool

    async def move(self, game: str, data: dict[str, Any] | str, side: str, spec: str, seed: int,
                   backend: str | None = "python") -> str:
        """The bot's action text, computed in a worker (on the engine ``backend``)."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            try:
                return await loop.run_in_executor(self._executor(), bot_move, game, data, side, spec, seed,
                                                  backend)
            except cf.process.BrokenProcessPool:
                self._pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers now: a bot in the middle of a long search is
        cut short (its game resumes when the server starts again)."""
        if self._pool is not None:
            # The executor has no public way to stop a running call; its
            # processes are terminated so that shutdown never waits for a search.
            processes = list(getattr(self._pool, "_processes", {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for p in processes:
                p.terminate()
            self._pool = None
