"""Nothing acknowledged is ever lost: real ``brink serve`` processes killed,
stopped and restarted on one database, on SQLite and on PostgreSQL.

Scripted human seats play over HTTP and over the WebSocket while bots play
each other, and every change a client sees acknowledged (a 200 answer, a
WebSocket ``ack``) is written down. The server is then killed with SIGKILL
(no shutdown code runs) or stopped with SIGTERM, and the database, read
directly with SQLAlchemy, must hold every acknowledged change at its ply;
a new server on the same database must load every game, let the bots move
again and the humans play on to the end. Two submissions for one ply, on
one server or on two server processes, are accepted once. Snapshots are
only a cache: without them every game rebuilds to the same views.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
import websockets
from websockets.sync.client import connect as ws_connect

from brinkmanship.server.db import actions, games, normalize_url, snapshots
from tests.server.conftest import ServerProcess, auth

StartServer = Callable[..., ServerProcess]


# -- servers ----------------------------------------------------------------------------------------
@pytest.fixture
def servers(db_url: str, tmp_path: Path) -> Iterator[StartServer]:
    """Start ``brink serve`` processes on ``db_url`` (all logging to one
    file); whatever is still running at the end is killed."""
    started: list[ServerProcess] = []

    def start(**env: str) -> ServerProcess:
        srv = ServerProcess(db_url, tmp_path / "server.log", **env)
        started.append(srv)
        return srv.start()

    yield start
    for srv in started:
        if srv.proc is not None and srv.proc.poll() is None:
            srv.kill()


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (bot workers, the forkserver, the
    resource tracker), from /proc (none known without it)."""
    children: dict[int, list[int]] = {}
    if not Path("/proc/self/stat").exists():
        return set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in out:
                out.add(c)
                todo.append(c)
    return out


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def assert_children_exit(pids: set[int], within: float = 10.0) -> None:
    """The server's helper processes must not outlive it: a server killed
    with SIGKILL must not leave bot workers waiting for work forever."""
    deadline = time.monotonic() + within
    while any(alive(p) for p in pids):
        assert time.monotonic() < deadline, f"processes left behind by the server: {[p for p in pids if alive(p)]}"
        time.sleep(0.1)


def kill_hard(srv: ServerProcess) -> None:
    """SIGKILL the server; its helper processes must then end by themselves."""
    assert srv.proc is not None
    below = descendants(srv.proc.pid)
    srv.kill()
    assert_children_exit(below)


def server_events(log: Path) -> list[dict[str, Any]]:
    """The JSON lines of the servers' log."""
    out = []
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith("{"):
            with contextlib.suppress(ValueError):
                out.append(json.loads(line))
    return out


# -- the database, read directly -------------------------------------------------------------------
@dataclass
class Stored:
    """What the database holds: each game's row and its history rows."""

    games: dict[str, dict[str, Any]]
    rows: dict[tuple[str, int], dict[str, Any]]
    snapshots: dict[str, list[int]]


class Database:
    """The test's own reader of the server's database. Each read sees one
    consistent snapshot even while a server writes: REPEATABLE READ on
    PostgreSQL; on SQLite the driver leaves transactions to us and each
    read is one read transaction (WAL keeps its snapshot)."""

    def __init__(self, db_url: str) -> None:
        url = normalize_url(db_url)
        if url.startswith("sqlite"):
            self.engine = sa.create_engine(url, connect_args={"isolation_level": None, "timeout": 30})

            @sa.event.listens_for(self.engine, "begin")
            def _begin(conn: sa.Connection) -> None:
                conn.exec_driver_sql("BEGIN")
        else:
            self.engine = sa.create_engine(url, isolation_level="REPEATABLE READ")

    def read(self) -> Stored:
        with self.engine.begin() as conn:
            g = {r["id"]: dict(r) for r in conn.execute(sa.select(games)).mappings()}
            rows = {(r["game_id"], r["ply"]): dict(r) for r in conn.execute(sa.select(actions)).mappings()}
            snaps: dict[str, list[int]] = {}
            for gid, ply in conn.execute(sa.select(snapshots.c.game_id, snapshots.c.ply).order_by(snapshots.c.ply)):
                snaps.setdefault(gid, []).append(ply)
        return Stored(g, rows, snaps)

    def plies(self, running: bool = False) -> dict[str, int]:
        """Each game's ply (``running``: of the games still running)."""
        q = sa.select(games.c.id, games.c.ply)
        if running:
            q = q.where(games.c.status == "running")
        with self.engine.begin() as conn:
            return {gid: ply for gid, ply in conn.execute(q)}

    def delete_snapshots(self) -> int:
        with self.engine.begin() as conn:
            return conn.execute(snapshots.delete()).rowcount


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    db = Database(db_url)
    yield db
    db.engine.dispose()


def assert_consistent(stored: Stored) -> None:
    """Each game's history is rows 1..ply, no gap, nothing past its ply:
    a transaction is stored whole or not at all."""
    plies: dict[str, list[int]] = {}
    for gid, ply in stored.rows:
        plies.setdefault(gid, []).append(ply)
    for gid, g in stored.games.items():
        assert sorted(plies.get(gid, [])) == list(range(1, g["ply"] + 1)), f"game {gid}: history is not 1..{g['ply']}"


# -- scripted seats --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ack:
    """A change a client saw acknowledged, and the history row it must be."""

    game: str
    ply: int
    side: str
    kind: str  # "action" or "undo"
    text: str | None
    via: str


@dataclass
class Seat:
    game: str
    side: str
    token: str
    via: str  # "http" or "ws"


@dataclass
class Game:
    id: str
    kind: str
    seats: dict[str, str]
    humans: list[Seat] = field(default_factory=list)

    @property
    def bots_only(self) -> bool:
        return not self.humans


@dataclass
class Record:
    """What the clients of one round saw."""

    acks: list[Ack] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    ends: dict[str, str] = field(default_factory=dict)  # "game/side" -> how the seat's client ended


def create_games(url: str, plan: list[tuple[str, str, str, str, str]]) -> list[Game]:
    """``plan``: (game, USSR, US, via of USSR, via of US); a seat is
    "human" or a bot spec."""
    out = []
    with httpx.Client(base_url=url, timeout=30) as c:
        for kind, ussr, us, via_ussr, via_us in plan:
            r = c.post("/api/games", json={"game": kind, "seats": {"USSR": ussr, "US": us}})
            assert r.status_code == 201, r.text
            body = r.json()
            g = Game(body["id"], kind, {"USSR": ussr, "US": us})
            for side, via in (("USSR", via_ussr), ("US", via_us)):
                if g.seats[side] == "human":
                    g.humans.append(Seat(g.id, side, body["seats"][side]["token"], via))
            out.append(g)
    return out


def choose(rng: random.Random, st: dict[str, Any]) -> str:
    return str(rng.choice(st["view"]["legal_actions"]))


UNDO_ODDS = 0.1
LOST = (httpx.TransportError, websockets.ConnectionClosed, websockets.InvalidHandshake, OSError,
        asyncio.TimeoutError)


async def play_http(client: httpx.AsyncClient, seat: Seat, rng: random.Random, rec: Record,
                    stop: asyncio.Event) -> str:
    """Play ``seat`` over HTTP: poll while the other side thinks (backing
    off, and asking only for the log entries new since the last answer),
    play a random legal action (now and then take one back) when it may."""
    head = auth(seat.token)
    st = None
    seen = -1  # the ply of the last answer
    rolled_at = -1
    idle = 0.005
    try:
        while not stop.is_set():
            if st is None:
                params = {"since": seen} if seen >= 0 else {}
                r = await client.get(f"/api/games/{seat.game}", headers=head, params=params)
                if r.status_code != 200:
                    rec.unexpected.append(f"GET {seat.game} as {seat.side}: {r.status_code} {r.text[:200]}")
                    return "error"
                st = r.json()
            if st["status"] == "over":
                return "over"
            ply = seen = st["ply"]
            undo = st["can_undo"] and ply > rolled_at and rng.random() < UNDO_ODDS
            rolled_at = max(rolled_at, ply)  # the dice for an undo are rolled once per ply
            if undo:
                r = await client.post(f"/api/games/{seat.game}/undo", headers=head, json={"ply": ply})
                kind, text = "undo", None
            elif st["to_move"] == seat.side:
                text = choose(rng, st)
                r = await client.post(f"/api/games/{seat.game}/actions", headers=head,
                                      json={"action": text, "ply": ply})
                kind = "action"
            else:
                await asyncio.sleep(idle)
                idle = min(idle * 2, 0.1)
                st = None
                continue
            idle = 0.005
            if r.status_code == 200:
                rec.acks.append(Ack(seat.game, ply + 1, seat.side, kind, text, "http"))
                st = r.json()
            elif r.status_code == 409 and r.json()["error"] in ("stale_ply", "nothing_to_undo"):
                st = None  # the other seat moved first
            else:
                rec.unexpected.append(f"{kind} {seat.game} as {seat.side}: {r.status_code} {r.text[:300]}")
                return "error"
        return "stopped"
    except LOST as exc:
        return f"lost: {type(exc).__name__}"


async def play_ws(base: str, seat: Seat, rng: random.Random, rec: Record, stop: asyncio.Event) -> str:
    """Play ``seat`` over the WebSocket: act on the pushed states, count
    an action as acknowledged on its ``ack``."""
    url = base.replace("http://", "ws://", 1) + f"/ws/games/{seat.game}?token={seat.token}"
    n = 0
    try:
        async with websockets.connect(url, max_size=2**24, open_timeout=20, close_timeout=2) as ws:
            latest: dict[str, Any] | None = None
            pending: dict[str, Ack] = {}
            acted_at = rolled_at = -1
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue
                m = json.loads(raw)
                if m["type"] == "state":
                    latest = m
                elif m["type"] == "ack":
                    rec.acks.append(pending.pop(m["ref"]))
                elif m["type"] == "error":
                    pending.pop(m["ref"], None)
                    if not (m["status"] == 409 and m["error"] in ("stale_ply", "nothing_to_undo")):
                        rec.unexpected.append(f"ws {seat.game} as {seat.side}: {m}")
                        return "error"
                if latest is None or pending:
                    continue
                if latest["status"] == "over":
                    return "over"
                ply = latest["ply"]
                if ply <= acted_at:
                    continue
                n += 1
                ref = f"{seat.side}-{n}"
                undo = latest["can_undo"] and ply > rolled_at and rng.random() < UNDO_ODDS
                rolled_at = max(rolled_at, ply)
                if undo:
                    pending[ref] = Ack(seat.game, ply + 1, seat.side, "undo", None, "ws")
                    await ws.send(json.dumps({"undo": True, "ply": ply, "ref": ref}))
                elif latest["to_move"] == seat.side:
                    text = choose(rng, latest)
                    pending[ref] = Ack(seat.game, ply + 1, seat.side, "action", text, "ws")
                    await ws.send(json.dumps({"action": text, "ply": ply, "ref": ref}))
                else:
                    continue
                acted_at = ply
            return "stopped"
    except LOST as exc:
        code = getattr(getattr(exc, "rcvd", None), "code", None)
        return f"lost: {type(exc).__name__}" + (f" {code}" if code is not None else "")


async def play_round(url: str, seats: list[Seat], seed: int, rec: Record,
                     until: Callable[[], bool] | None = None, timeout: float = 120.0,
                     interrupt: Callable[[], None] | None = None) -> None:
    """Play every seat at once. With ``interrupt``: call it (in a thread)
    as soon as ``until()`` holds, then wait for the clients to notice;
    without: play until every seat's game is over (or ``until()``)."""
    stop = asyncio.Event()
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=20, limits=limits) as client:
        tasks = {
            f"{s.game}/{s.side}": asyncio.create_task(
                play_http(client, s, random.Random(rng.random()), rec, stop) if s.via == "http"
                else play_ws(url, s, random.Random(rng.random()), rec, stop))
            for s in seats}
        deadline = time.monotonic() + timeout
        while not all(t.done() for t in tasks.values()):
            if until is not None and await asyncio.to_thread(until):
                break
            assert time.monotonic() < deadline, f"the round did not finish in {timeout} s: {rec.unexpected[:3]}"
            await asyncio.sleep(0.1)
        if interrupt is not None:
            await asyncio.to_thread(interrupt)
        else:
            stop.set()
        done, _ = await asyncio.wait(tasks.values(), timeout=30)
        assert len(done) == len(tasks), "a client did not notice the server going away"
        rec.ends.update({k: t.result() for k, t in tasks.items()})


def wait_over(db: Database, ids: list[str], timeout: float = 120.0) -> None:
    """Wait until every game of ``ids`` is over, by the database."""
    deadline = time.monotonic() + timeout
    while True:
        running = set(ids) & set(db.plies(running=True))
        if not running:
            return
        assert time.monotonic() < deadline, f"games still running: {running}"
        time.sleep(0.2)


def assert_acks_stored(db: Database, acks: list[Ack]) -> Stored:
    """Every acknowledged change is the history row at its ply, for its
    seat, of its kind and (an action) with its text."""
    stored = db.read()
    assert_consistent(stored)
    for a in acks:
        row = stored.rows.get((a.game, a.ply))
        assert row is not None, f"acknowledged {a} is not in the database"
        assert (row["seat"], row["kind"]) == (a.side, a.kind), f"acknowledged {a}, stored {row}"
        if a.kind == "action":
            assert row["text"] == a.text, f"acknowledged {a}, stored {row}"
    return stored


def last_acked(acks: list[Ack]) -> dict[str, int]:
    out: dict[str, int] = {}
    for a in acks:
        out[a.game] = max(out.get(a.game, 0), a.ply)
    return out


def assert_games_load(url: str, gs: list[Game], at_least: dict[str, int]) -> dict[str, int]:
    """Every game loads (200) for a spectator and for each human seat, at
    a ply no lower than its last acknowledged change; the plies seen."""
    plies = {}
    with httpx.Client(base_url=url, timeout=30) as c:
        for g in gs:
            r = c.get(f"/api/games/{g.id}")
            assert r.status_code == 200, r.text
            plies[g.id] = r.json()["ply"]
            assert plies[g.id] >= at_least.get(g.id, 0), f"game {g.id} loads at ply {plies[g.id]}"
            for s in g.humans:
                r = c.get(f"/api/games/{g.id}", headers=auth(s.token), params={"since": plies[g.id]})
                assert r.status_code == 200 and r.json()["seat"] == s.side, r.text
    return plies


# -- 1. SIGKILL in the middle of many games ------------------------------------------------------------
KILL_PLAN = [
    # bots against bots
    ("twilight", "heuristic", "random", "", ""),
    ("thirteen", "random", "random", "", ""),
    ("thirteen", "random", "heuristic", "", ""),
    ("thirteen", "heuristic", "random", "", ""),
    # a scripted human against a bot
    ("thirteen", "human", "random", "http", ""),
    ("thirteen", "random", "human", "", "ws"),
    ("thirteen", "human", "heuristic", "ws", ""),
    ("thirteen", "heuristic", "human", "", "http"),
    ("thirteen", "human", "random", "ws", ""),
    # two scripted humans
    ("thirteen", "human", "human", "ws", "ws"),
    ("thirteen", "human", "human", "http", "http"),
    ("thirteen", "human", "human", "ws", "ws"),
    ("thirteen", "human", "human", "ws", "http"),
    ("thirteen", "human", "human", "http", "ws"),
    ("thirteen", "human", "human", "ws", "ws"),
    ("thirteen", "human", "human", "http", "http"),
    ("thirteen", "human", "human", "http", "ws"),
    ("thirteen", "human", "human", "ws", "http"),
    ("thirteen", "human", "human", "http", "http"),
    ("thirteen", "human", "human", "ws", "ws"),
]


def test_sigkill_loses_no_acknowledged_action(servers: StartServer, database: Database) -> None:
    env = {"BRINK_SNAPSHOT_EVERY": "8"}  # games are often resumed from a snapshot
    srv = servers(**env)
    gs = create_games(srv.url, KILL_PLAN)
    seats = [s for g in gs for s in g.humans]
    bot_games = [g.id for g in gs if g.bots_only]
    acks: list[Ack] = []
    kills = 0
    for round_no in range(3):
        rec = Record()
        start_plies = database.plies(running=True)
        start_acks = len(acks)

        def busy(rec: Record = rec, start_plies: dict[str, int] = start_plies) -> bool:
            # Kill only once the humans have been acknowledged a good many
            # changes and every running bot-vs-bot game has moved again.
            now_plies = database.plies()
            return len(rec.acks) >= 40 and all(now_plies[g] > start_plies[g] for g in bot_games if g in start_plies)

        if round_no < 2:
            asyncio.run(play_round(srv.url, seats, round_no, rec, until=busy, interrupt=lambda srv=srv: kill_hard(srv),
                                   timeout=60))
            kills += 1
            assert not rec.unexpected, rec.unexpected
            lost = [k for k, e in rec.ends.items() if e.startswith("lost")]
            assert lost, f"no client saw the server die: {rec.ends}"
            assert all(e.startswith("lost") or e == "over" for e in rec.ends.values()), rec.ends
        else:
            asyncio.run(play_round(srv.url, seats, round_no, rec, timeout=120))
            assert not rec.unexpected, rec.unexpected
            assert all(e == "over" for e in rec.ends.values()), rec.ends
        acks += rec.acks
        assert len(acks) > start_acks
        assert {a.via for a in rec.acks} == {"http", "ws"}
        stored = assert_acks_stored(database, acks)
        if round_no < 2:
            # A new server on the same database: every game loads at least
            # where it was acknowledged, and the bots move again (the next
            # round's kill waits for every bot-vs-bot game to move).
            srv = servers(**env)
            assert_games_load(srv.url, gs, last_acked(acks))
    # The bots play their games to the end too.
    wait_over(database, [g.id for g in gs])
    stored = assert_acks_stored(database, acks)
    served = assert_games_load(srv.url, gs, last_acked(acks))
    for g in gs:
        assert stored.games[g.id]["status"] == "over" and served[g.id] == stored.games[g.id]["ply"]
    assert kills == 2 and any(stored.snapshots.values())
    assert sum(a.kind == "undo" for a in acks) > 0


# -- 2. two submissions for one ply -----------------------------------------------------------------
def _mover(c: httpx.Client, gid: str, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    st = c.get(f"/api/games/{gid}").json()
    side = st["to_move"]
    return side, c.get(f"/api/games/{gid}", headers=auth(tokens[side]), params={"since": st["ply"]}).json()


def _distinct(rng: random.Random, legal: list[str], n: int) -> list[str]:
    picked = rng.sample(legal, min(n, len(legal)))
    return [picked[k % len(picked)] for k in range(n)]


class WsSeats:
    """WebSocket connections for both seats of a game, in this thread."""

    def __init__(self, url: str, gid: str, tokens: dict[str, str]) -> None:
        base = url.replace("http://", "ws://", 1)
        self.stack = contextlib.ExitStack()
        self.conns = {side: self.stack.enter_context(ws_connect(f"{base}/ws/games/{gid}?token={tok}", max_size=2**24))
                      for side, tok in tokens.items()}

    def submit(self, side: str, action: str, ply: int, ref: str) -> tuple[int, dict[str, Any]]:
        ws = self.conns[side]
        ws.send(json.dumps({"action": action, "ply": ply, "ref": ref}))
        while True:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "ack" and m["ref"] == ref:
                return 200, m
            if m["type"] == "error" and m["ref"] == ref:
                return int(m["status"]), m

    def close(self) -> None:
        self.stack.close()


def race(calls: list[Callable[[], tuple[int, dict[str, Any]]]]) -> list[tuple[int, dict[str, Any]]]:
    """Run ``calls`` in threads released at the same instant."""
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(k: int) -> None:
        barrier.wait()
        try:
            out[k] = calls[k]()
        except BaseException as exc:  # reported below
            out[k] = exc

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for r in out:
        if isinstance(r, BaseException) or r is None:
            raise AssertionError(f"a submission failed: {r!r}")
    return out


def _post(c: httpx.Client, gid: str, token: str, action: str, ply: int) -> Callable[[], tuple[int, dict[str, Any]]]:
    def call() -> tuple[int, dict[str, Any]]:
        r = c.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": action, "ply": ply})
        return r.status_code, r.json()
    return call


def _check_race(results: list[tuple[int, dict[str, Any]]], texts: list[str], db: Database, gid: str,
                ply: int) -> tuple[int, int]:
    """Exactly one submission won; the others are 409 stale_ply naming the
    new ply; the history holds one row for the ply, the winner's. Returns
    (the winner's index, the new ply)."""
    won = [k for k, (status, _) in enumerate(results) if status == 200]
    assert len(won) == 1, results
    k = won[0]
    new_ply = results[k][1]["ply"]
    assert new_ply > ply
    for j, (status, body) in enumerate(results):
        if j != k:
            assert status == 409 and body["error"] == "stale_ply", body
            assert body["ply"] == new_ply, f"the 409 names ply {body['ply']}, the game is at {new_ply}"
    stored = db.read()
    row = stored.rows[(gid, ply + 1)]
    assert row["text"] == texts[k] and row["kind"] == "action"
    assert stored.games[gid]["ply"] == new_ply
    assert_consistent(stored)
    return k, new_ply


def test_two_submissions_for_one_ply_one_is_accepted(servers: StartServer, database: Database,
                                                     tmp_path: Path) -> None:
    rng = random.Random(7)
    a = servers()
    (g,) = create_games(a.url, [("twilight", "human", "human", "http", "ws")])
    tokens = {s.side: s.token for s in g.humans}
    clients = [httpx.Client(base_url=a.url, timeout=30) for _ in range(2)]
    ws = WsSeats(a.url, g.id, tokens)
    try:
        # (a) One server: two HTTP requests and a WebSocket message at once.
        for rep in range(30):
            side, st = _mover(clients[0], g.id, tokens)
            assert st["status"] == "running"
            ply = st["ply"]
            texts = _distinct(rng, st["view"]["legal_actions"], 3)
            results = race([_post(clients[0], g.id, tokens[side], texts[0], ply),
                            _post(clients[1], g.id, tokens[side], texts[1], ply),
                            lambda side=side, text=texts[2], ply=ply, ref=f"r{rep}": ws.submit(side, text, ply, ref)])
            _check_race(results, texts, database, g.id, ply)
    finally:
        ws.close()
    # (b) Two server processes on the one database, each given one of two
    # submissions: the database decides, and the loser's server serves the
    # game as it now is. The first rounds go one after the other, so that
    # each server surely loses to the other at least once; then at once.
    b = servers()
    cb = httpx.Client(base_url=b.url, timeout=30)
    winners = {"a": 0, "b": 0}
    spectators = contextlib.ExitStack()
    watch = {name: spectators.enter_context(ws_connect(srv.url.replace("http://", "ws://", 1) + f"/ws/games/{g.id}",
                                                       max_size=2**24))
             for name, srv in (("a", a), ("b", b))}
    for w in watch.values():
        w.send(json.dumps({"token": None}))
        assert json.loads(w.recv(timeout=10))["type"] == "state"  # both servers hold the game now
    try:
        for rep in range(20):
            side, st = _mover(clients[0], g.id, tokens)
            ply = st["ply"]
            texts = _distinct(rng, st["view"]["legal_actions"], 2)
            calls = [_post(clients[0], g.id, tokens[side], texts[0], ply),
                     _post(cb, g.id, tokens[side], texts[1], ply)]
            if rep < 4:
                first = rep % 2
                results = [(0, {})] * 2
                results[first] = calls[first]()
                results[1 - first] = calls[1 - first]()
            else:
                results = race(calls)
            k, new_ply = _check_race(results, texts, database, g.id, ply)
            assert rep >= 4 or k == rep % 2
            winners["ab"[k]] += 1
            seen = [c.get(f"/api/games/{g.id}", headers=auth(tokens[side])).json() for c in (clients[0], cb)]
            assert seen[0]["ply"] == seen[1]["ply"] == new_ply
            assert seen[0]["view"] == seen[1]["view"] == results[k][1]["view"]
            assert seen[0]["log"] == seen[1]["log"]
            # Spectators on both servers are pushed the new state.
            for name, w in watch.items():
                m: dict[str, Any] = {"ply": -1}
                try:
                    while m["ply"] < new_ply:
                        m = json.loads(w.recv(timeout=10))
                except TimeoutError:
                    pytest.fail(f"the spectator on server {name} was never sent ply {new_ply} (last: {m['ply']})")
                assert m["ply"] == new_ply, f"the spectator on server {name} got ply {m['ply']}"
    finally:
        spectators.close()
        for c in [*clients, cb]:
            c.close()
    assert sum(winners.values()) == 20
    # The servers that lost at the database (at least the first two, one each) said so.
    conflicts = [e for e in server_events(tmp_path / "server.log") if e["event"] == "game.conflict"]
    assert len(conflicts) >= 2


# -- 3. graceful shutdown ----------------------------------------------------------------------------------
STOP_PLAN = [
    ("twilight", "random", "random", "", ""),
    ("thirteen", "heuristic", "random", "", ""),
    ("thirteen", "human", "random", "http", ""),
    ("thirteen", "heuristic", "human", "", "ws"),
    ("twilight", "human", "human", "ws", "http"),
    ("thirteen", "human", "human", "http", "ws"),
]


def test_sigterm_finishes_what_is_in_flight_and_exits_cleanly(servers: StartServer, database: Database,
                                                               tmp_path: Path) -> None:
    grace = 5.0
    env = {"BRINK_SHUTDOWN_SECONDS": str(int(grace))}
    srv = servers(**env)
    gs = create_games(srv.url, STOP_PLAN)
    seats = [s for g in gs for s in g.humans]
    rec = Record()
    timing: dict[str, float] = {}

    def terminate() -> None:
        assert srv.proc is not None
        below = descendants(srv.proc.pid)
        started = time.monotonic()
        srv.proc.send_signal(signal.SIGTERM)
        srv.proc.wait(30)
        timing["exit"] = time.monotonic() - started
        assert_children_exit(below, 5)

    def busy() -> bool:
        plies = database.plies()
        return len(rec.acks) >= 40 and all(plies[g.id] >= 10 for g in gs if g.bots_only)

    asyncio.run(play_round(srv.url, seats, 11, rec, until=busy, interrupt=terminate, timeout=60))
    assert srv.proc is not None
    assert srv.proc.returncode == 0, f"exit code {srv.proc.returncode} after SIGTERM"
    assert timing["exit"] < grace, f"the server took {timing['exit']:.1f} s to stop"
    assert not rec.unexpected, rec.unexpected
    assert all(e.startswith("lost") or e == "over" for e in rec.ends.values()), rec.ends
    # WebSocket clients are told the server is going away (1012: service restart).
    ws_ends = [e for k, e in rec.ends.items() if e != "over" and any(
        f"{s.game}/{s.side}" == k and s.via == "ws" for s in seats)]
    assert ws_ends and all(e.endswith(" 1012") for e in ws_ends), ws_ends
    stored = assert_acks_stored(database, rec.acks)
    # Every change the server itself logged as done (bots' moves included) is stored.
    events = server_events(tmp_path / "server.log")
    names = [e["event"] for e in events]
    assert "server.stopped" in names and "server.shutdown_timeout" not in names
    changes = [e for e in events if e["event"] in ("game.action", "game.undo")]
    assert len(changes) > len(rec.acks)
    for e in changes:
        row = stored.rows.get((e["game"], e["ply"] - e["rolls"]))
        assert row is not None and row["seat"] == e["seat"], f"logged {e}, stored {row}"
    # A restart resumes: the bots move again and every human seat plays on.
    before = database.plies()
    srv = servers(**env)
    assert_games_load(srv.url, gs, last_acked(rec.acks))
    rec2 = Record()
    running = [g for g in gs if stored.games[g.id]["status"] == "running"]

    def resumed() -> bool:
        now_plies = database.plies()
        per_seat: dict[str, int] = {}
        for a in rec2.acks:
            per_seat[f"{a.game}/{a.side}"] = per_seat.get(f"{a.game}/{a.side}", 0) + 1
        return all(now_plies[g.id] > before[g.id] for g in running) and all(
            per_seat.get(f"{s.game}/{s.side}", 0) >= 2 or rec2.ends.get(f"{s.game}/{s.side}") == "over"
            for g in running for s in g.humans)

    asyncio.run(play_round(srv.url, [s for g in running for s in g.humans], 12, rec2, until=resumed, timeout=60))
    assert not rec2.unexpected, rec2.unexpected
    assert resumed(), (rec2.ends, database.plies(), before)
    assert_acks_stored(database, rec.acks + rec2.acks)
    assert srv.stop() == 0


# -- 4. snapshots are only a cache ----------------------------------------------------------------------
def views(url: str, gs: list[Game]) -> dict[tuple[str, str | None], dict[str, Any]]:
    """Everything each reader of each game gets: the spectator, every human seat."""
    out: dict[tuple[str, str | None], dict[str, Any]] = {}
    with httpx.Client(base_url=url, timeout=30) as c:
        for g in gs:
            for s in [None, *g.humans]:
                r = c.get(f"/api/games/{g.id}", headers=auth(s.token) if s else {})
                assert r.status_code == 200, r.text
                out[(g.id, s.side if s else None)] = r.json()
    return out


def loads(log: Path, skip: int) -> dict[str, int | None]:
    """The snapshot each game was loaded from, by the servers' log (after
    the first ``skip`` lines)."""
    return {e["game"]: e["from_snapshot"] for e in server_events(log)[skip:] if e["event"] == "game.loaded"}


def test_snapshots_are_only_a_cache(servers: StartServer, database: Database, tmp_path: Path) -> None:
    env = {"BRINK_SNAPSHOT_EVERY": "8"}
    log = tmp_path / "server.log"
    srv = servers(**env)
    gs = create_games(srv.url, [
        ("thirteen", "random", "heuristic", "", ""),
        ("thirteen", "heuristic", "random", "", ""),
        ("thirteen", "human", "random", "http", ""),
        ("twilight", "human", "human", "http", "http"),
    ])
    bots, vs_bot, undo_game = gs[:2], gs[2], gs[3]
    ussr = auth(undo_game.humans[0].token)
    seen: dict[int, dict[str, Any]] = {}
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        # The undo game: USSR places influence and takes some of it back;
        # with a snapshot every 8 plies, one is kept at ply 8 (an undo that
        # empties the undo stack), with undo rows before and after it.
        places = [a for a in c.get(f"/api/games/{undo_game.id}", headers=ussr).json()["view"]["legal_actions"]
                  if a.startswith("place ")][:3]
        script = ["P", "E", "u", "u", "P", "E", "u", "u", "P", "u", "P", "E", "C", "u"]
        for ply, step in enumerate(script):
            if step == "u":
                r = c.post(f"/api/games/{undo_game.id}/undo", headers=ussr, json={"ply": ply})
            else:
                r = c.post(f"/api/games/{undo_game.id}/actions", headers=ussr,
                           json={"action": places["PEC".index(step)], "ply": ply})
            assert r.status_code == 200, r.text
            seen[ply + 1] = c.get(f"/api/games/{undo_game.id}", headers=ussr).json()
        assert seen[14]["can_undo"] and seen[14]["view"] == seen[12]["view"]
        # The human against a bot plays until a snapshot is kept, and stops on
        # its turn. A random game may end first (the server deals at random):
        # then a new one takes its place, a few times at most.
        tok = auth(vs_bot.humans[0].token)
        rng = random.Random(4)
        fresh = 0
        while True:
            st = c.get(f"/api/games/{vs_bot.id}", headers=tok, params={"since": 0}).json()
            if st["status"] != "running":
                fresh += 1
                assert fresh <= 5, "every game against the bot ended before its first snapshot"
                vs_bot = create_games(srv.url, [("thirteen", "human", "random", "http", "")])[0]
                gs[2] = vs_bot
                tok = auth(vs_bot.humans[0].token)
                continue
            if st["to_move"] != "USSR":
                time.sleep(0.02)
                continue
            if database.read().snapshots.get(vs_bot.id):
                break
            r = c.post(f"/api/games/{vs_bot.id}/actions", headers=tok,
                       json={"action": choose(rng, st), "ply": st["ply"]})
            assert r.status_code == 200, r.text
    wait_over(database, [g.id for g in bots])
    stored = database.read()
    assert stored.snapshots[undo_game.id] == [8]
    assert [stored.rows[(undo_game.id, p)]["kind"] for p in (7, 8, 10, 14)] == ["undo"] * 4
    assert all(stored.snapshots.get(g.id) for g in gs), stored.snapshots
    in_memory = views(srv.url, gs)
    assert srv.stop() == 0

    # Restarted: every game is loaded from its newest snapshot, to the same views.
    skip = len(server_events(log))
    srv = servers(**env)
    assert views(srv.url, gs) == in_memory
    assert loads(log, skip) == {g.id: stored.snapshots[g.id][-1] for g in gs}
    # The game resumed from the snapshot at ply 8 takes back its moves after it.
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        for ply, back_to in ((14, 11), (15, 10)):
            r = c.post(f"/api/games/{undo_game.id}/undo", headers=ussr, json={"ply": ply})
            assert r.status_code == 200, r.text
            st = r.json()
            assert st["view"] == seen[back_to]["view"] and st["can_undo"] == seen[back_to]["can_undo"]
            full = c.get(f"/api/games/{undo_game.id}", headers=ussr).json()
            assert full["log"] == seen[back_to]["log"]
        r = c.post(f"/api/games/{undo_game.id}/undo", headers=ussr, json={"ply": 16})
        assert r.status_code == 409 and r.json()["error"] == "nothing_to_undo"
        r = c.post(f"/api/games/{undo_game.id}/actions", headers=ussr, json={"action": places[2], "ply": 16})
        assert r.status_code == 200, r.text
    resumed = views(srv.url, gs)
    assert srv.stop() == 0

    # Without any snapshot: every game rebuilds from its seed to the same views.
    assert database.delete_snapshots() > 0
    skip = len(server_events(log))
    srv = servers(**env)
    assert views(srv.url, gs) == resumed
    assert loads(log, skip) == {g.id: None for g in gs}
    # And play goes on: the human moves, the bot answers.
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        tok = auth(vs_bot.humans[0].token)
        st = c.get(f"/api/games/{vs_bot.id}", headers=tok).json()
        r = c.post(f"/api/games/{vs_bot.id}/actions", headers=tok, json={"action": choose(random.Random(1), st),
                                                                        "ply": st["ply"]})
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + 30
        while c.get(f"/api/games/{vs_bot.id}").json()["to_move"] not in ("USSR", None):
            assert time.monotonic() < deadline, "the bot did not move after the rebuild"
            time.sleep(0.05)
    assert srv.stop() == 0
