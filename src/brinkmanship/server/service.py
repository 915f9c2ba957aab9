"""The game service: live games, seats, bots and watchers around the store.

Every change to a game goes through :meth:`GameService._change`, under the
game's lock: check the ply the change answers, compute it on a copy
(``LiveGame.prepare``), store it in one transaction, and only then make it
current, tell the watchers and let a bot seat move. A change is
acknowledged (the HTTP response, the WebSocket ``ack``) only after its
transaction has committed, so a server killed at any moment loses no
acknowledged action; the store's ``(game, ply)`` key keeps two servers on
one database from both accepting a move for the same ply.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import brinkmanship as bm
from brinkmanship.bots import derive_seed
from brinkmanship.core.game import get_game
from brinkmanship.core.log import Message, msg
from brinkmanship.server import logs
from brinkmanship.server.bots import BotPool, check_spec
from brinkmanship.server.config import Settings
from brinkmanship.server.live import BOT, HUMAN, LiveGame, Pending, UndoRefused, public_seats, rebuild
from brinkmanship.server.store import Append, GameRecord, SeatRecord, Store, now

GAMES = ("twilight", "thirteen")
#: What a live game keeps when it is reloaded from the database: who waits
#: on it and who watches it.
_KEPT_ON_RELOAD = frozenset({"lock", "watchers", "bot_task", "last_used"})


class ApiError(Exception):
    """A refusal with its HTTP status, a short code and a catalog message."""

    def __init__(self, status: int, error: str, message: Message, **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.message = message
        self.extra = extra


class Watcher(Protocol):
    """A connection that wants to hear of every change (a WebSocket)."""

    seat: str | None

    def notify(self) -> None: ...


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token. Tokens are 256 random
    bits, so a plain SHA-256 cannot be reversed by guessing."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def effective_actions(rows: list[Any]) -> list[str]:
    """The action list a saved game replays: the history with every undone
    action taken out (an undo takes back the last action still standing)."""
    out: list[str] = []
    for r in rows:
        if r.kind == "undo":
            out.pop()
        else:
            out.append(r.text)
    return out


class GameService:
    """Holds the live games of one server process."""

    def __init__(self, settings: Settings, store: Store, pool: BotPool) -> None:
        self.settings = settings
        self.store = store
        self.pool = pool
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}
        self.closing = False
        self._inflight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._tasks: set[asyncio.Task[Any]] = set()
        # Writes have one thread of their own (see _append).
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="brink-write")
        self._appends: list[tuple[Append, asyncio.Future[bool]]] = []
        self._flushing: asyncio.Task[None] | None = None

    # -- lifecycle ---------------------------------------------------------------------
    async def resume_bots(self) -> None:
        """Load every running game with a bot seat and let its bots move again."""
        ids = await asyncio.to_thread(self.store.running_with_bots)
        for gid in ids:
            if self.closing:
                return
            try:
                live = await self.live(gid)
            except Exception:
                logs.error("game.resume_failed", game=gid)
                continue
            self._schedule_bot(live)
        logs.event("server.resumed", games=len(ids))

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """A background task the service cancels at shutdown."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def shutdown(self) -> None:
        """Stop bots, then wait (at most ``shutdown_seconds``) for the
        transactions in flight to finish."""
        self.closing = True
        for task in list(self._tasks):
            task.cancel()
        try:
            await asyncio.wait_for(self._idle.wait(), self.settings.shutdown_seconds)
        except TimeoutError:
            logs.event("server.shutdown_timeout", logging.WARNING, inflight=self._inflight)
        for live in self.games.values():
            for w in list(live.watchers):
                w.notify()
        self._writer.shutdown(wait=False)

    # -- games ---------------------------------------------------------------------------
    async def create(self, game: str, options: dict[str, Any], seats: dict[str, str], listed: bool,
                     base_url: str) -> dict[str, Any]:
        """Start a game; one secret token per human seat."""
        if self.closing:
            raise ApiError(503, "shutting_down", msg("server.error.shutting_down"))
        try:
            g = get_game(game)
        except bm.UnknownGameError:
            raise ApiError(400, "bad_game", msg("server.error.bad_game", game=str(game)[:40],
                                                games=", ".join(GAMES))) from None
        sides = list(g.players)
        if set(seats) != set(sides):
            raise ApiError(400, "bad_seats", msg("server.error.bad_seats", sides=", ".join(sides)))
        for side, spec in seats.items():
            if spec != HUMAN:
                try:
                    check_spec(spec, self.settings)
                except ValueError as exc:
                    raise ApiError(400, "bad_bot", msg("server.error.bad_bot", side=side, reason=str(exc))) from None
        seed = secrets.randbelow(2**53)
        try:
            state = bm.new_game(g.name, seed=seed, options=options, backend=self.settings.backend)
        except (ValueError, TypeError) as exc:
            raise ApiError(400, "bad_options", msg("server.error.bad_options", reason=str(exc)[:300])) from None
        gid = secrets.token_urlsafe(9)
        t = now()
        record = GameRecord(gid, g.name, dict(options), seed, "running", 0, bool(listed), None, None, t, t)
        tokens: dict[str, str] = {}
        for side in sides:
            if seats[side] == HUMAN:
                tokens[side] = secrets.token_urlsafe(32)
                record.seats[side] = SeatRecord(side, HUMAN, None, token_hash(tokens[side]))
            else:
                record.seats[side] = SeatRecord(side, BOT, seats[side], None)
        await self._stored(self.store.create_game, record)
        live = LiveGame(record, state, 0, 0, [len(state.log_entries)])
        self._remember(live)
        logs.event("game.created", game=gid, kind=g.name, seats={s: r.kind for s, r in record.seats.items()},
                   bots={s: r.bot for s, r in record.seats.items() if r.bot})
        self._schedule_bot(live)
        base = (self.settings.public_url or base_url).rstrip("/")
        return {
            "id": gid,
            "game": g.name,
            "options": record.options,
            "seats": {side: {"token": tok, "url": f"{base}/play/{gid}#token={tok}"} for side, tok in tokens.items()},
            "bots": {side: r.bot for side, r in record.seats.items() if r.kind == BOT},
        }

    async def live(self, game_id: str) -> LiveGame:
        """The live game ``game_id``, loaded from the database if needed."""
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
            return live
        fut = self._loading.get(game_id)
        if fut is not None:
            return await asyncio.shield(fut)
        fut = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            live = await asyncio.to_thread(self._load, game_id)
            self._remember(live)
            fut.set_result(live)
            return live
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: no "never retrieved" warning when nobody else waits
            raise
        finally:
            del self._loading[game_id]

    def _load(self, game_id: str) -> LiveGame:
        record = self.store.game(game_id)
        if record is None:
            raise ApiError(404, "unknown_game", msg("server.error.unknown_game"))
        snap = self.store.latest_snapshot(game_id, record.ply)
        rows = self.store.history(game_id, snap[0] if snap else 0)
        started = time.perf_counter()
        live = rebuild(record, rows, snap, self.settings.backend)
        logs.event("game.loaded", game=game_id, ply=live.ply, from_snapshot=snap[0] if snap else None,
                   ms=round((time.perf_counter() - started) * 1000, 1))
        return live

    def _remember(self, live: LiveGame) -> None:
        live.last_used = time.monotonic()
        self.games[live.id] = live
        self.games.move_to_end(live.id)
        excess = len(self.games) - self.settings.cache_games
        if excess > 0:
            for gid, g in list(self.games.items()):
                if excess <= 0:
                    break
                if g is live or g.watchers or (g.bot_task and not g.bot_task.done()) or g.lock.locked():
                    continue
                del self.games[gid]
                excess -= 1

    def seat(self, live: LiveGame, token: str | None) -> str | None:
        """The seat ``token`` holds in ``live`` (``None``: no token, a
        spectator); a token that is not one of its seats is refused."""
        if token is None:
            return None
        h = token_hash(token)
        found = None
        for side, s in live.record.seats.items():
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                found = side
        if found is None:
            raise ApiError(401, "bad_token", msg("server.error.bad_token"))
        return found

    # -- changes -----------------------------------------------------------------------
    async def act(self, live: LiveGame, seat: str | None, action: str | int, ply: int) -> None:
        """Play ``action`` for ``seat``, answering ``ply``."""
        if seat is None:
            raise ApiError(401, "no_token", msg("server.error.no_token"))
        await self._change(live, ply, lambda: live.prepare(seat, action))

    async def undo(self, live: LiveGame, seat: str | None, ply: int) -> None:
        """Take back ``seat``'s last move, answering ``ply``."""
        if seat is None:
            raise ApiError(401, "no_token", msg("server.error.no_token"))

        def prepare() -> Pending:
            try:
                return live.prepare_undo(seat)
            except UndoRefused:
                raise ApiError(409, "nothing_to_undo", msg("server.error.nothing_to_undo")) from None

        await self._change(live, ply, prepare)

    async def _change(self, live: LiveGame, ply: int, prepare: Callable[[], Pending]) -> None:
        async with live.lock:
            if self.closing:
                raise ApiError(503, "shutting_down", msg("server.error.shutting_down"))
            if ply != live.ply:
                raise ApiError(409, "stale_ply", msg("server.error.stale_ply", given=ply, ply=live.ply), ply=live.ply)
            pending = prepare()
            snapshot = None
            if live.wants_snapshot(pending, self.settings.snapshot_every):
                snapshot = pending.state.to_json()
            # Shielded: once the transaction is under way, the game takes its
            # result even if the caller goes away (a cancelled bot, a closed socket).
            ok = await asyncio.shield(self._store_change(live, pending, snapshot))
        if not ok:
            # The game as the database has it now: its watchers see it, a
            # bot to move moves, and the refusal names the current ply.
            for w in list(live.watchers):
                w.notify()
            self._schedule_bot(live)
            raise ApiError(409, "stale_ply", msg("server.error.stale_ply", given=ply, ply=live.ply), ply=live.ply)
        self._changed(live, pending)

    async def _store_change(self, live: LiveGame, pending: Pending, snapshot: str | None) -> bool:
        with self._in_flight():
            ok = await self._append(Append(live.id, live.ply, pending.rows, pending.outcome, snapshot))
        if not ok:
            logs.event("game.conflict", logging.WARNING, game=live.id, ply=live.ply)
            await self._reload(live)
            return False
        live.commit(pending)
        if snapshot is not None:
            live.snap_ply = live.ply
        return True

    async def _reload(self, live: LiveGame) -> None:
        """Another server process moved ``live``: load it again from the
        database into the same object, so that the WebSockets watching it
        and a bot moving in it carry on with the game as it now is (a new
        object would leave them on the old copy for good)."""
        try:
            fresh = await asyncio.to_thread(self._load, live.id)
        except Exception:
            logs.error("game.reload_failed", game=live.id)
            if self.games.get(live.id) is live:
                del self.games[live.id]  # the next request loads it again
            return
        for f in dataclasses.fields(LiveGame):
            if f.name not in _KEPT_ON_RELOAD:
                setattr(live, f.name, getattr(fresh, f.name))

    async def _stored(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a store write on the writer thread, counted as a transaction in flight."""
        with self._in_flight():
            return await asyncio.get_running_loop().run_in_executor(self._writer, fn, *args)

    @contextlib.contextmanager
    def _in_flight(self) -> Iterator[None]:
        self._inflight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._inflight -= 1
            if not self._inflight:
                self._idle.set()

    async def _append(self, append: Append) -> bool:
        """Store one change (``Store.append``), in a transaction shared with
        the changes of other games that arrive meanwhile.

        Every write runs on one thread: the changes that arrive while a
        transaction commits are stored together in the next one, so a busy
        server makes one commit (and, on SQLite with synchronous FULL, one
        sync to disk) for many actions, and each action still learns its
        own result only once its transaction has committed. Before, each
        change took a thread of the default executor, where they queued
        behind one another and behind reads, and on SQLite concurrent
        writers waited for the file's lock in SQLite's busy handler, which
        sleeps 1, 2, 5 ... 100 ms between tries."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[bool] = loop.create_future()
        self._appends.append((append, fut))
        if self._flushing is None or self._flushing.done():
            self._flushing = loop.create_task(self._flush())
        return await fut

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._appends:
            batch, self._appends = self._appends, []
            try:
                kept = await loop.run_in_executor(self._writer, self.store.append_many, [a for a, _ in batch])
            except Exception as exc:
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(exc)
                continue
            for (_, fut), ok in zip(batch, kept, strict=True):
                if not fut.done():
                    fut.set_result(ok)

    def _changed(self, live: LiveGame, pending: Pending) -> None:
        first = pending.rows[0]
        logs.event("game.undo" if first.kind == "undo" else "game.action", game=live.id, ply=live.ply,
                   seat=first.seat, rolls=len(pending.rows) - 1)
        if live.over:
            logs.event("game.over", game=live.id, ply=live.ply, winner=live.record.winner, result=live.record.result)
        for w in list(live.watchers):
            w.notify()
        self._schedule_bot(live)

    # -- bots ----------------------------------------------------------------------------
    def _schedule_bot(self, live: LiveGame) -> None:
        if self.closing or live.bot_to_move() is None:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        live.bot_task = self.spawn(self._bot_loop(live))

    async def _bot_loop(self, live: LiveGame) -> None:
        """Move for the bot seats of ``live`` while one of them is to move."""
        while not self.closing:
            side = live.bot_to_move()
            if side is None or self.games.get(live.id) is not live:
                return
            ply = live.ply
            spec = live.record.seats[side].bot or "random"
            seed = derive_seed(live.record.seed, side, ply)
            started = time.perf_counter()
            try:
                text = await self.pool.move(live.record.game, live.state.to_json(), side, spec, seed,
                                            self.settings.backend)
            except asyncio.CancelledError:
                raise
            except Exception:
                logs.error("bot.failed", game=live.id, ply=ply, seat=side, bot=spec)
                await asyncio.sleep(1.0)
                continue
            if live.ply != ply:
                continue  # the game moved while the bot thought (an undo): think again
            try:
                await self.act(live, side, text, ply)
            except ApiError as exc:
                if exc.status == 409 or exc.status == 503:
                    continue
                raise
            except bm.IllegalActionError:
                logs.error("bot.illegal", game=live.id, ply=ply, seat=side, bot=spec)
                await asyncio.sleep(1.0)
                continue
            logs.event("bot.moved", logging.DEBUG, game=live.id, ply=ply, seat=side,
                       ms=round((time.perf_counter() - started) * 1000, 1))

    # -- reading -------------------------------------------------------------------------
    async def listing(self, status: str | None, game: str | None, limit: int, offset: int) -> dict[str, Any]:
        records, total = await asyncio.to_thread(self.store.list_games, status, game, limit, offset)
        return {"games": [summary(r) for r in records], "total": total, "limit": limit, "offset": offset}

    async def replay(self, live: LiveGame) -> dict[str, Any]:
        """A finished game as the saved-game file ``brink replay`` reads."""
        if not live.over:
            raise ApiError(409, "not_over", msg("server.error.not_over"))
        rows = await asyncio.to_thread(self.store.history, live.id, 0)
        rec = live.record
        return {
            "format": "brinkmanship-game",
            "version": 1,
            "game": rec.game,
            "seed": rec.seed,
            "options": rec.options,
            "seats": {side: (HUMAN if s.kind == HUMAN else s.bot or "random") for side, s in rec.seats.items()},
            "actions": effective_actions(rows),
            "id": rec.id,
            "winner": rec.winner,
            "result": rec.result,
        }

    def watch(self, live: LiveGame, watcher: Watcher) -> None:
        live.watchers.add(watcher)

    def unwatch(self, live: LiveGame, watcher: Watcher) -> None:
        live.watchers.discard(watcher)


def summary(r: GameRecord) -> dict[str, Any]:
    """A game as the list shows it to anyone."""
    return {
        "id": r.id, "game": r.game, "options": r.options, "status": r.status, "ply": r.ply,
        "seats": public_seats(r), "winner": r.winner, "result": r.result,
        "created_at": r.created_at.isoformat(), "updated_at": r.updated_at.isoformat(),
    }
