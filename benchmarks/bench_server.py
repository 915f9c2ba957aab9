"""Load on the game server: many concurrent games over WebSocket (issue 13, item 7; figures, not a test).

Starts a real ``brink serve`` process on a fresh database and plays ``--games``
games at once on loopback, each a scripted human seat (a client-side random
player) against a server-side bot seat (``--bot``, heuristic by default),
one WebSocket per game. A game that ends is replaced by a new one at once, so
``--games`` games stay running for the whole measurement. Then it prints, for
each game and database, the games played, the human actions, the errors,
the actions per second and the latency of a human action::

    python benchmarks/bench_server.py                       # SQLite, both games, 100 games, 30 s
    python benchmarks/bench_server.py --db sqlite postgres --synchronous FULL NORMAL
    python benchmarks/bench_server.py --game thirteen --think 0 --seconds 20   # saturation

Databases: ``sqlite`` is a new file in a temporary folder (``--synchronous``
sets its ``PRAGMA synchronous``; the server's default is FULL); ``postgres``
is a new database created on the server at ``BRINK_TEST_POSTGRES_URL`` and
dropped afterwards; anything else is used as the server's database URL as is.
Each game and database gets a server of its own.

The scripted human. When a state says it is the human's turn, it waits its
think time (uniform in 0..2 x ``--think`` seconds; 0: it answers at once, a
saturation test), picks one of the view's legal actions at random and sends
``{"action", "ply", "ref"}``. It sends its next action only once it has the
state that includes the previous one.

Latency of a human action: from just before the client sends the action to
the moment it receives the first ``state`` message whose ``ply`` is past the
ply the action answered (the state that includes it). The server answers an
accepted action with an ``ack`` that carries the ply right after the action
and the die rolls it caused, then pushes the state; the bot's reply is a
later change and is pushed as a later state, so bot thinking is not in the
figure. The server coalesces: a connection's writer sends one state with
everything that changed since the last one it sent, so when the writer runs
late the first state after an action may already hold the bot's reply too
(its ``ply`` is past the ack's). Such actions are counted as "coalesced" and
timed all the same, to that state (the first moment the client sees its
action): the figure never leaves them out, and the count says whether the
bot could have been in it. ``ack`` latencies (send to ack) are printed too.

Errors (they must be 0): an ``error`` message, a connection that closes or
fails, a game that cannot be created, no message for ``--timeout`` seconds,
and an ``error`` line in the server's log. A 409 counts as an error: the
scripted human only ever answers the current ply, so it never should get one.

Throughput: human actions per second, and plies per second (every history
row: the human's actions, the bot's and the die rolls and shuffles), over
the measurement window: ``--warmup`` seconds after the start, for
``--seconds`` seconds; only actions sent in the window count.

CPU: the share of one core used over the window by the server process, by
its bot workers, by all PostgreSQL processes, by each client process, and
by the rest of the machine (other users of a shared machine: on 2 cores,
what they take is what the server lacks, and the latencies say so); and
the server's CPU milliseconds per ply, which load elsewhere changes less.
A client process near 100% is itself the bottleneck: ``--clients N``
splits the games over N processes.

Inside the server. ``--probe`` runs the server with timing probes around
the steps of a change (the game's lock, the engine, the database write and
its queue, back on the event loop), the views of state messages, the bot
pool's round trips and the event loop's lag, and prints their
distributions after the table: where an action's time goes. ``--profile
FILE`` adds cProfile over all the server's threads and prints the top of it.

Figures (December 2026, 2 cores, 100 games, think 0.5 s, heuristic bot,
30 s windows). On a quiet machine (the rest of it under 5% of a core):
about 190 human actions/s and 410-530 plies/s; latency p50 / p99 in ms:
SQLite FULL 6-9 / 21-73, SQLite NORMAL 3-8 / 20-34, PostgreSQL 10-11 /
41-107 (its commit waits for the disk: about 4 ms here, and longer when
others write). With other work taking a core, p99 is 60-500 ms. Saturated
(``--think 0``): 240-290 human actions/s, about 640 plies/s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from brinkmanship.server.db import scratch_database

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")


# -- the server ----------------------------------------------------------------------------------
def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh database URL for ``kind``: ``sqlite``, ``postgres`` or a URL."""
    if kind == "sqlite":
        yield str(folder / f"bench-{uuid.uuid4().hex[:8]}.sqlite3")
        return
    if kind != "postgres":
        yield kind
        return
    admin = os.environ.get("BRINK_TEST_POSTGRES_URL")
    if not admin:
        sys.exit("postgres: set BRINK_TEST_POSTGRES_URL (scripts/postgres.sh prints one)")
    with scratch_database(admin, "brink_bench_") as url:
        yield url


class Server:
    """``brink serve`` in a process of its own, on a free port."""

    def __init__(self, db: str, log: Path, env: dict[str, str], probe: Path | None = None,
                 profile: Path | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.env = {**os.environ, "BRINK_DATABASE_URL": db, "BRINK_PORT": str(self.port), **env}
        self.probe = probe
        self.profile = profile
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> None:
        if self.probe is None:
            cmd = [sys.executable, "-m", "brinkmanship.cli.main", "serve"]
        else:
            # ``-c``, not this file: the bot workers' forkserver re-imports a
            # main module that has a file, and this one need not run there.
            cmd = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
                   f"import bench_server; bench_server.serve_probed({str(self.probe)!r}, "
                   f"{str(self.profile) if self.profile else None!r})"]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, env=self.env, stdout=out, stderr=out, cwd=str(ROOT))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                sys.exit(f"the server exited with {self.proc.returncode}:\n{self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        self.stop()
        sys.exit(f"the server did not answer in {timeout:g} s:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        """SIGTERM, as an operator stops it (then the probe writes its file)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)

    def cpu(self) -> tuple[float, float]:
        """CPU seconds used so far by the server process and by its
        descendants (the bot workers and the forkserver that starts them)."""
        assert self.proc is not None
        own = _cpu_of(self.proc.pid)
        rest = sum(_cpu_of(p) for p in _descendants(self.proc.pid))
        return own, rest

    def log_errors(self) -> list[str]:
        """``error`` lines of the server's log (JSON lines)."""
        out = []
        for line in self.log.read_text(errors="replace").splitlines():
            if '"level": "error"' in line or line.startswith("Traceback"):
                out.append(line[:300])
        return out


def _cpu_of(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def _descendants(pid: int) -> list[int]:
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            with contextlib.suppress(OSError):
                kids = [int(k) for k in (task / "children").read_text().split()]
                out += kids
                todo += kids
    return out


def machine_cpu() -> float:
    """CPU seconds all cores have been busy since boot (``/proc/stat``)."""
    parts = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in parts[:8])
    return (user + nice + system + irq + softirq + steal) / TICK


# -- the client -------------------------------------------------------------------------------------
@dataclass
class Config:
    url: str
    game: str
    bot: str
    think: float
    actions: int | None  # per game slot (None: until the window ends)
    start: float  # time.time() of the window's start
    end: float  # and of its end (inf: no end)
    timeout: float
    seed: int


@dataclass
class Figures:
    """What one client process measured (added up over processes)."""

    games: int = 0
    finished: int = 0
    actions: int = 0  # human actions sent in the window and seen in a state
    plies: int = 0  # history rows seen in states, in the window
    latency: list[float] = field(default_factory=list)  # seconds, send to state
    ack: list[float] = field(default_factory=list)  # seconds, send to ack
    coalesced: int = 0
    errors: list[str] = field(default_factory=list)
    cpu: float = 0.0  # the client process's CPU seconds in the window
    last: float = 0.0  # time.time() of the last counted action's state

    def add(self, other: Figures) -> None:
        self.games += other.games
        self.finished += other.finished
        self.actions += other.actions
        self.plies += other.plies
        self.latency += other.latency
        self.ack += other.ack
        self.coalesced += other.coalesced
        self.errors += other.errors
        self.cpu += other.cpu
        self.last = max(self.last, other.last)


class Slot:
    """One game at a time, played by a scripted human against a bot."""

    def __init__(self, cfg: Config, http: httpx.AsyncClient, figures: Figures, index: int) -> None:
        self.cfg = cfg
        self.http = http
        self.f = figures
        self.rng = random.Random(cfg.seed * 1_000_003 + index)
        self.sent = 0

    def done(self) -> bool:
        return time.time() >= self.cfg.end or (self.cfg.actions is not None and self.sent >= self.cfg.actions)

    async def run(self) -> None:
        while not self.done():
            try:
                await self.game()
            except (OSError, websockets.ConnectionClosed, httpx.HTTPError, TimeoutError) as exc:
                self.f.errors.append(f"{type(exc).__name__}: {exc}"[:300])
                await asyncio.sleep(0.5)

    async def game(self) -> None:
        cfg = self.cfg
        human, bot = ("USSR", "US") if self.rng.random() < 0.5 else ("US", "USSR")
        r = await self.http.post("/api/games", json={"game": cfg.game, "seats": {human: "human", bot: cfg.bot},
                                                     "listed": False})
        if r.status_code != 201:
            self.f.errors.append(f"create: {r.status_code} {r.text[:200]}")
            await asyncio.sleep(0.5)
            return
        created = r.json()
        token = created["seats"][human]["token"]
        ws_url = cfg.url.replace("http://", "ws://") + f"/ws/games/{created['id']}?token={token}"
        self.f.games += 1
        async with websockets.connect(ws_url, max_size=None, compression=None) as ws:
            await self.play(ws, human)

    async def play(self, ws: Any, human: str) -> None:
        cfg = self.cfg
        f = self.f
        last_ply: int | None = None
        # The action in flight: the ply it answers, when it was sent, in the window or not, the ack's ply.
        answers: int | None = None
        sent_at = 0.0
        counted = False
        acked: int | None = None
        while True:
            text = await asyncio.wait_for(ws.recv(), cfg.timeout)
            got = time.perf_counter()
            msg = json.loads(text)
            kind = msg.get("type")
            if kind == "ack":
                if answers is not None and msg.get("ply") is not None:
                    acked = msg["ply"]
                    if counted:
                        f.ack.append(got - sent_at)
                continue
            if kind == "error":
                f.errors.append(f"error {msg.get('status')} {msg.get('error')}: {msg.get('detail')}"[:300])
                answers = None
                continue
            if kind != "state":
                f.errors.append(f"unexpected message {text[:200]}")
                continue
            ply = msg["ply"]
            if counted and last_ply is not None:
                f.plies += ply - last_ply
            last_ply = ply
            if answers is not None and ply > answers:
                if counted:
                    f.actions += 1
                    f.latency.append(got - sent_at)
                    f.last = max(f.last, time.time())
                    if acked is None or ply > acked:
                        f.coalesced += 1
                answers = None
            if msg["status"] != "running":
                f.finished += 1
                return
            if answers is not None or msg["to_move"] != human:
                continue
            if self.done():
                return
            if cfg.think > 0:
                await asyncio.sleep(self.rng.uniform(0, 2 * cfg.think))
            action = self.rng.choice(msg["view"]["legal_actions"])
            self.sent += 1
            answers, acked = ply, None
            counted = cfg.start <= time.time() < cfg.end
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"action": action, "ply": ply, "ref": self.sent}))


async def client(cfg: Config, slots: range) -> Figures:
    figures = Figures()
    limits = httpx.Limits(max_connections=len(slots) + 4, max_keepalive_connections=len(slots) + 4)
    async with httpx.AsyncClient(base_url=cfg.url, limits=limits, timeout=cfg.timeout) as http:
        tasks = [asyncio.create_task(Slot(cfg, http, figures, i).run()) for i in slots]
        cpu_task = asyncio.create_task(_client_cpu(cfg, figures))
        await asyncio.gather(*tasks)
        cpu_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await cpu_task
    return figures


async def _client_cpu(cfg: Config, figures: Figures) -> None:
    """This process's CPU seconds over the window (up to now if it never ends)."""
    await asyncio.sleep(max(0.0, cfg.start - time.time()))
    begin = time.process_time()
    try:
        await asyncio.sleep(max(0.0, cfg.end - time.time()) if cfg.end != float("inf") else 1e9)
    finally:
        figures.cpu = time.process_time() - begin


def client_process(cfg: Config, slots: range) -> Figures:
    return asyncio.run(client(cfg, slots))


# -- one run ---------------------------------------------------------------------------------------------
@dataclass
class Run:
    game: str
    db: str
    synchronous: str
    figures: Figures
    window: float
    cpu: dict[str, float]  # CPU seconds in the window: server, bots, postgres, others
    clients: int
    probe: dict[str, list[float]] | None = None


def cpu_sample(server: Server) -> dict[str, float]:
    own, kids = server.cpu()
    return {"server": own, "bots": kids, "postgres": postgres_cpu(), "machine": machine_cpu()}


def postgres_cpu() -> float:
    """CPU seconds of every PostgreSQL process of the machine (its other
    users' included: the server is shared)."""
    total = 0.0
    for comm in Path("/proc").glob("[0-9]*/comm"):
        with contextlib.suppress(OSError):
            if comm.read_text().strip() == "postgres":
                total += _cpu_of(int(comm.parent.name))
    return total


def run(args: argparse.Namespace, game: str, db_kind: str, sync: str, folder: Path) -> Run:
    label = db_kind if db_kind in ("sqlite", "postgres") else db_kind.split("://", 1)[0]
    name = f"{game}-{label}-{sync}"
    log = folder / f"server-{name}.log"
    probe = folder / f"probe-{name}.json" if args.probe or args.profile else None
    profile = Path(f"{args.profile}-{name}") if args.profile else None
    with database(db_kind, folder) as url:
        env = {"BRINK_SQLITE_SYNCHRONOUS": sync, "BRINK_LOG_LEVEL": args.log_level}
        if args.bot_workers is not None:
            env["BRINK_BOT_WORKERS"] = str(args.bot_workers)
        server = Server(url, log, env, probe, profile)
        server.start()
        try:
            now = time.time()
            cfg = Config(server.url, game, args.bot, args.think, args.actions,
                         now + args.warmup, float("inf") if args.actions else now + args.warmup + args.seconds,
                         args.timeout, args.seed)
            per = [range(i, args.games, args.clients) for i in range(args.clients)]
            sample: dict[str, dict[str, float]] = {}

            async def watch() -> None:
                await asyncio.sleep(max(0.0, cfg.start - time.time()))
                sample["start"] = cpu_sample(server)
                if cfg.end != float("inf"):
                    await asyncio.sleep(max(0.0, cfg.end - time.time()))
                    sample["end"] = cpu_sample(server)

            async def drive() -> Figures:
                watcher = asyncio.create_task(watch())
                if args.clients == 1:
                    figures = await client(cfg, per[0])
                else:
                    loop = asyncio.get_running_loop()
                    with ProcessPoolExecutor(args.clients, mp_context=multiprocessing.get_context("spawn")) as ex:
                        parts = await asyncio.gather(*(loop.run_in_executor(ex, client_process, cfg, s) for s in per))
                    figures = Figures()
                    for p in parts:
                        figures.add(p)
                await watcher
                sample.setdefault("end", cpu_sample(server))
                return figures

            figures = asyncio.run(drive())
        finally:
            server.stop()
        figures.errors += [f"server log: {line}" for line in server.log_errors()]
    window = (cfg.end if cfg.end != float("inf") else max(figures.last, cfg.start + 1e-3)) - cfg.start
    cpu = {k: sample["end"][k] - sample["start"][k] for k in sample["start"]}
    cpu["client"] = figures.cpu
    cpu["others"] = max(0.0, cpu.pop("machine") - cpu["server"] - cpu["bots"] - cpu["postgres"] - figures.cpu)
    times = json.loads(probe.read_text()) if probe is not None and probe.exists() else None
    out = Run(game, label, sync if label == "sqlite" else "-", figures, window, cpu, args.clients, times)
    if profile is not None:
        print_profile(profile)
    return out


# -- report -------------------------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``, in milliseconds."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))] * 1000


def report(runs: list[Run], args: argparse.Namespace) -> None:
    load = Path("/proc/loadavg").read_text().split()[:3]
    workers = "one per core" if not args.bot_workers else args.bot_workers
    print(f"{args.games} concurrent games, human: random (think {args.think:g} s mean), bot: {args.bot}, "
          f"bot workers {workers}, client processes {args.clients}, {os.cpu_count()} cores; "
          f"window {args.warmup:g} s after the start"
          + (f", {args.seconds:g} s" if not args.actions else f", {args.actions} human actions per game slot")
          + f"; load average now {' '.join(load)}")
    print(f"{'game':9s} {'db':8s} {'sync':6s} {'games':>6s} {'actions':>8s} {'errors':>6s} {'act/s':>7s} "
          f"{'plies/s':>8s} {'p50':>6s} {'p90':>6s} {'p99':>6s} {'max':>7s} {'ack50':>6s} {'ack99':>6s} "
          f"{'coal':>5s}  {'server':>6s} {'bots':>5s} {'pg':>5s} {'client':>6s} {'others':>6s} {'ms/ply':>6s}")
    for r in runs:
        f = r.figures
        c = {k: v / r.window for k, v in r.cpu.items()}
        print(f"{r.game:9s} {r.db:8s} {r.synchronous:6s} {f.games:6d} {f.actions:8d} {len(f.errors):6d} "
              f"{f.actions / r.window:7.1f} {f.plies / r.window:8.1f} {pct(f.latency, 0.5):6.1f} "
              f"{pct(f.latency, 0.9):6.1f} {pct(f.latency, 0.99):6.1f} {pct(f.latency, 1.0):7.1f} "
              f"{pct(f.ack, 0.5):6.1f} {pct(f.ack, 0.99):6.1f} {f.coalesced:5d}  {c['server']:6.0%} "
              f"{c['bots']:5.0%} {c['postgres']:5.0%} {c['client'] / r.clients:6.0%} {c['others']:6.0%} "
              f"{r.cpu['server'] / max(1, f.plies) * 1000:6.2f}")
    print("Latencies in ms: send to the state that includes the action (ack: send to ack); coal: of these, states "
          "that already held the bot's reply.\nCPU: share of one core over the window, of the server process, its "
          "bot workers, all PostgreSQL processes, each client process, and the rest of the machine;\n"
          "ms/ply: the server process's CPU milliseconds per ply.")
    for r in runs:
        if r.probe:
            print(f"{r.game} {r.db} {r.synchronous}:")
            print_probe(r.probe)
        for e in r.figures.errors[:10]:
            print(f"  {r.game} {r.db}: {e}")
    if args.json:
        Path(args.json).write_text(json.dumps([{
            "game": r.game, "db": r.db, "synchronous": r.synchronous, "games": r.figures.games,
            "finished": r.figures.finished, "actions": r.figures.actions, "plies": r.figures.plies,
            "errors": r.figures.errors, "window": r.window, "coalesced": r.figures.coalesced,
            "latency_ms": {q: pct(r.figures.latency, v) for q, v in
                           (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))},
            "ack_ms": {q: pct(r.figures.ack, v) for q, v in (("p50", 0.5), ("p99", 0.99))},
            "cpu_seconds": r.cpu, "probe": r.probe,
        } for r in runs], indent=1))


# -- the probe: where a change's time goes, inside the server -------------------------------------------
PROBES = {
    "change": "a change, all told (lock, prepare, database, commit)",
    "lock": "  waiting for the game's lock",
    "prepare": "  the engine: check and apply on a copy",
    "db.queue": "  database (_stored): waiting for a thread",
    "db.call": "  database (_stored): the call in its thread",
    "db.back": "  database (_stored): back on the event loop",
    "append": "  database (_append): queued to committed",
    "batch.call": "    one shared transaction (append_many) on its thread",
    "batch.size": "    changes per shared transaction (a count)",
    "view": "a state message's view and log (snapshot)",
    "bot": "a bot move: the worker pool round trip",
    "lag": "event loop lag (a 10 ms sleep, late by)",
    "gc0": "garbage collector pauses, generation 0",
    "gc1": "garbage collector pauses, generation 1",
    "gc2": "garbage collector pauses, generation 2 (whole heap)",
}


def serve_probed(out: str, profile: str | None) -> None:
    """Run ``brink serve`` with timing probes around the service's steps (and
    cProfile on the event loop's thread with ``profile``); at exit, write the
    timings to ``out`` as JSON. The probes wrap methods by name: one whose
    method is gone is left out, and the server runs as it is."""
    import cProfile
    from collections import defaultdict

    from brinkmanship.server import live as live_mod
    from brinkmanship.server import service as service_mod
    from brinkmanship.server.bots import BotPool
    from brinkmanship.server.store import Store

    times: dict[str, list[float]] = defaultdict(list)
    clock = time.perf_counter
    svc = service_mod.GameService

    if hasattr(svc, "_stored"):
        stored = svc._stored

        async def _stored(self: Any, fn: Any, *args: Any) -> Any:
            t0 = clock()
            marks: list[float] = []

            def timed(*a: Any) -> Any:
                marks.append(clock())
                try:
                    return fn(*a)
                finally:
                    marks.append(clock())

            try:
                return await stored(self, timed, *args)
            finally:
                if len(marks) == 2:
                    times["db.queue"].append(marks[0] - t0)
                    times["db.call"].append(marks[1] - marks[0])
                    times["db.back"].append(clock() - marks[1])

        svc._stored = _stored  # type: ignore[method-assign]

    if hasattr(svc, "_change"):
        change = svc._change

        async def _change(self: Any, live: Any, ply: int, prepare: Any) -> Any:
            t0 = clock()

            def timed() -> Any:
                t1 = clock()
                times["lock"].append(t1 - t0)
                try:
                    return prepare()
                finally:
                    times["prepare"].append(clock() - t1)

            try:
                return await change(self, live, ply, timed)
            finally:
                times["change"].append(clock() - t0)

        svc._change = _change  # type: ignore[method-assign]

    if hasattr(svc, "_append"):
        append = svc._append

        async def _append(self: Any, *a: Any) -> Any:
            t0 = clock()
            try:
                return await append(self, *a)
            finally:
                times["append"].append(clock() - t0)

        svc._append = _append  # type: ignore[method-assign]
    if hasattr(Store, "append_many"):
        many = Store.append_many

        def append_many(self: Any, appends: Any) -> Any:
            t0 = clock()
            try:
                return many(self, appends)
            finally:
                times["batch.call"].append(clock() - t0)
                times["batch.size"].append(len(appends) / 1000)  # printed as is by pct's x1000

        Store.append_many = append_many  # type: ignore[method-assign]

    snapshot = live_mod.LiveGame.snapshot

    def _snapshot(self: Any, *a: Any, **k: Any) -> Any:
        t0 = clock()
        try:
            return snapshot(self, *a, **k)
        finally:
            times["view"].append(clock() - t0)

    live_mod.LiveGame.snapshot = _snapshot  # type: ignore[method-assign]
    move = BotPool.move

    async def _move(self: Any, *a: Any, **k: Any) -> Any:
        t0 = clock()
        try:
            return await move(self, *a, **k)
        finally:
            times["bot"].append(clock() - t0)

    BotPool.move = _move  # type: ignore[method-assign]
    resume = svc.resume_bots

    async def lag() -> None:
        while True:
            t0 = clock()
            await asyncio.sleep(0.01)
            times["lag"].append(clock() - t0 - 0.01)

    async def _resume(self: Any) -> None:
        self.spawn(lag())
        await resume(self)

    svc.resume_bots = _resume  # type: ignore[method-assign]
    import gc

    gc_started = [0.0]

    def gc_timer(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_started[0] = clock()
        else:
            times[f"gc{info['generation']}"].append(clock() - gc_started[0])

    gc.callbacks.append(gc_timer)

    # uvicorn re-raises the SIGTERM it caught once it has shut down; exit
    # normally instead, so that the timings and the profile are written.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    profs: list[cProfile.Profile] = []
    if profile:
        # Every thread too: the database writer, the executors' threads and
        # the bot pool's manager and feeder threads.
        import threading

        thread_run = threading.Thread.run

        def run_profiled(self: threading.Thread) -> None:
            p = cProfile.Profile()
            profs.append(p)
            p.enable()
            try:
                thread_run(self)
            finally:
                p.disable()

        threading.Thread.run = run_profiled  # type: ignore[method-assign]
        profs.insert(0, cProfile.Profile())  # the main thread's
        profs[0].enable()
    from brinkmanship.cli.main import app

    try:
        app(["serve"], standalone_mode=False)
    finally:
        if profs:
            profs[0].disable()
            for p in profs:
                p.snapshot_stats()  # threads still running are read as they stand
            import pstats

            merged = pstats.Stats(profs[0])
            for p in profs[1:]:
                merged.add(p)
            merged.dump_stats(profile)
        Path(out).write_text(json.dumps(times))


def print_probe(times: dict[str, list[float]]) -> None:
    print(f"  {'inside the server (ms)':58s} {'count':>7s} {'mean':>7s} {'p50':>7s} {'p90':>7s} {'p99':>7s} "
          f"{'max':>8s} {'total s':>8s}")
    for key, label in PROBES.items():
        v = times.get(key)
        if not v:
            continue
        print(f"  {label:58s} {len(v):7d} {statistics.fmean(v) * 1000:7.2f} {pct(v, 0.5):7.2f} {pct(v, 0.9):7.2f} "
              f"{pct(v, 0.99):7.2f} {pct(v, 1.0):8.2f} {sum(v):8.1f}")


def print_profile(path: Path, top: int = 30) -> None:
    import pstats

    if not path.exists():
        print(f"no profile at {path}")
        return
    print(f"cProfile of the server process, all its threads: {path}")
    st = pstats.Stats(str(path))
    st.sort_stats("tottime").print_stats(top)
    st.sort_stats("cumulative").print_stats(top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games played at once (default 100)")
    ap.add_argument("--game", choices=["twilight", "thirteen", "both"], default="both")
    ap.add_argument("--db", nargs="+", default=["sqlite"], help="sqlite, postgres or a database URL")
    ap.add_argument("--synchronous", nargs="+", default=["FULL"], type=str.upper,
                    choices=["OFF", "NORMAL", "FULL", "EXTRA"], help="SQLite's PRAGMA synchronous (default FULL)")
    ap.add_argument("--bot", default="heuristic", help="the bot seat's spec (default heuristic)")
    ap.add_argument("--bot-workers", type=int, default=None,
                    help="the server's bot processes (default: the server's, one per core)")
    ap.add_argument("--think", type=float, default=0.5,
                    help="the human's mean think time in seconds, uniform in 0..2x (0: saturation)")
    ap.add_argument("--seconds", type=float, default=30.0, help="the measurement window")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds before the window opens")
    ap.add_argument("--actions", type=int, default=None,
                    help="instead of a time window: each game slot stops after this many human actions")
    ap.add_argument("--clients", type=int, default=1, help="client processes the games are split over")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds without a message that count as an error")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log-level", default="info", help="the server's log level (default info, as served)")
    ap.add_argument("--probe", action="store_true", help="time the steps of a change inside the server")
    ap.add_argument("--profile", metavar="FILE",
                    help="also run the server under cProfile (all its threads), write FILE-GAME-DB-SYNC and print it")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args()
    if args.actions:
        args.warmup = 0.0
    games = ["twilight", "thirteen"] if args.game == "both" else [args.game]
    runs = []
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        folder = Path(tmp)
        for game in games:
            for db in args.db:
                for sync in args.synchronous if db == "sqlite" else ["FULL"]:
                    runs.append(run(args, game, db, sync, folder))
    report(runs, args)


if __name__ == "__main__":
    main()
