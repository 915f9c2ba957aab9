"""A leak scanner for the server: everything a seat or a spectator receives.

``tests/server/test_leaks.py`` plays whole games through the API with
client-side bots and scans every HTTP response body and every WebSocket
message that each seat (USSR, US) and a spectator receive. What is secret to
whom is the engine scanner's rule (``tests/test_hidden_info_scan.py``,
imported, not copied): the draw pile, the other side's hand unless shown,
its face-down headline or Aftermath cards. The truth is the server's own:
:func:`instrument` patches, for the test only,

* ``LiveGame.commit``, to keep every state the game has been in, by ply
  (:class:`Ledger`): a message is checked against the state of the ply it
  carries, which is the state it was made from;
* ``LiveGame.prepare`` and ``State.clone``, so that the log of each state
  the server computes is the engine scanner's ``_Watched`` list, which checks
  each entry against its readers at the moment the rules append it (a card
  named as it is played may be back in the draw pile by the time the entry
  is sent). The scan of a message then shows that each log entry received is
  one of the live log's entries that its receiver may read.

Every message is also searched, as text, for the game's seed (from the
database), the generator's state, the other seat's token (any token, for a
spectator) and the token hashes, fields of the state JSON (``rng``,
``seed``, ``deck``, ``hands``, ``stack``...) and the four cards at either
end of the draw pile in a row, either way round. Card numbers are read under
the card keys of the engine scanner wherever they are (except in log
entries, checked as they were appended), card names anywhere in the view
but its effects in play and the ``event`` places of sentences, which name
a card for its rule (the full English names, as the engine scanner reads
them, and the Russian ones for a reader of Russian; readers ask for either
language), and in error details (but for the card the refused action
named itself, which the refusal quotes).

On the native backend (``backend="native"``) the server's states are
:class:`~brinkmanship.native.NativeState` objects, whose log is read from a
snapshot of the native state rather than appended to in place, so the
entries cannot be watched as the rules append them. There the tracker keeps
a Python twin of every state the server commits: each change the server
stores is applied to the twin of the state before it, on the Python engine,
with the watched log; the twin must then equal the server's native state
(``to_json``, byte for byte), and every message is scanned against the
server's states as on Python.

The app runs in the test's own event loop: HTTP through httpx's ASGI
transport, WebSockets through :class:`Socket`, a small ASGI client. The
same app under Starlette's TestClient costs about twice the CPU per action
(each message crosses into the portal's thread and back), which the 400
games of the scan cannot afford.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import httpx

import brinkmanship as bm
from brinkmanship.bots import make_bot
from brinkmanship.core.game import get_game
from brinkmanship.core.log import may_read
from brinkmanship.core.state import State
from brinkmanship.i18n import catalog, compiled, name, render
from brinkmanship.native import to_python
from brinkmanship.server.app import create_app
from brinkmanship.server.config import Settings
from brinkmanship.server.live import LiveGame
from brinkmanship.server.service import GameService, token_hash
from brinkmanship.thirteen.board import CARD_NAME as TD_NAME
from brinkmanship.thirteen.options import OPTION_CHOICES as TD_OPTIONS
from brinkmanship.twilight.board import CARD_NAME as TS_NAME
from tests.test_hidden_info_scan import (
    CARD_KEYS,
    SIDES,
    _all_names,
    _numbers,
    _secret_thirteen,
    _secret_twilight,
    _Watched,
)

VIEWERS: tuple[str | None, ...] = (*SIDES, None)
SECRET_OF = {"twilight": _secret_twilight, "thirteen": _secret_thirteen}
NAMES = {"twilight": TS_NAME, "thirteen": TD_NAME}
#: The languages a reader may ask for; a reader of another language than
#: English is scanned for the names in both (error details the engine
#: writes are English, the server's sentences are in the reader's language).
LANGS = ("en", "ru")

#: Every event on: Twilight's optional cards in, events played.
TWILIGHT_OPTIONS = {"events": True, "optional_cards": True}

# A card key of the engine scanner, as a key of compact JSON (a key in a
# string would be escaped: \"card\").
CARD_KEY = re.compile(r'"((?:' + "|".join(sorted(CARD_KEYS)) + r')\d*)":')
STATE_KEYS = ('"rng":', '"seed":', '"deck":', '"hands":', '"stack":', '"known":', '"agenda_deck":')
DECODE = json.JSONDecoder().raw_decode
LOG_TAIL = ',"log":{"start":'
TIMEOUT = 60.0


def options_for(game: str, rng: random.Random) -> dict[str, Any]:
    """Twilight with every event on; 13 Days with each rules reading drawn
    at random, so that the games cover all of them."""
    if game == "twilight":
        return dict(TWILIGHT_OPTIONS)
    return {name: rng.choice(choices) for name, choices in TD_OPTIONS.items()}


def _without(text: str, key: str) -> str:
    """``text`` (JSON) without the values of ``key``."""
    at = text.find(key)
    while at >= 0:
        _, end = DECODE(text, at + len(key))
        text = text[:at] + text[end:]
        at = text.find(key, at)
    return text


def _event_sentences(game: str, lang: str, card_names: tuple[str, ...]) -> re.Pattern[str]:
    """Every sentence of ``lang`` with an ``event`` argument, as a pattern
    over compact JSON text whose groups ``eN`` are the card names
    (``card_names``) in those places.

    An ``event`` argument names a card for its rule ("Camp David Accords: ...;
    Arab-Israeli War may no longer be played as an event"), not for where it
    is, so the engine scanner does not read it as a card shown (see
    :mod:`brinkmanship.i18n`). A warning or an error may render such a
    sentence about a card of the reader's own; the name in that place is the
    card's rule, while the same name anywhere else is still a leak.
    """
    names = "|".join(map(re.escape, sorted((n for n in card_names if n), key=len, reverse=True)))
    sentences: list[str] = []
    slot = 0
    for code, template in sorted(catalog(lang).items()):
        if not code.startswith(f"{game}.") or "{event" not in template:
            continue
        parts: list[str] = []
        for node in compiled(lang, code):
            if isinstance(node, str):
                parts.append(re.escape(json.dumps(node, ensure_ascii=False)[1:-1]))
            elif node.get("type") is None and re.fullmatch(r"event\d*", node["name"]):
                parts.append(f"(?P<e{slot}>{names})")
                slot += 1
            else:
                parts.append(r'[^"]*?')
        sentences.append("".join(parts))
    return re.compile("|".join(f"(?:{s})" for s in sentences) or r"(?!)")


def _without_event_names(text: str, table: NameTable) -> str:
    """``text`` with the card names that fill an ``event`` place of a
    sentence of ``table``'s language cut out (the rest of each sentence
    stays, to be scanned)."""
    spans: list[tuple[int, int]] = []
    for m in table.events.finditer(text):
        spans.extend(m.span(g) for g, v in m.groupdict().items() if v is not None)
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + text[end:]
    return text


@dataclass(frozen=True)
class NameTable:
    """A game's card names in one language, as the scan reads them."""

    names: tuple[str, ...]  # by card number ("" for none)
    pattern: re.Pattern[str]  # every name, longest first
    by_name: dict[str, int]
    events: re.Pattern[str]  # the sentences with an ``event`` place (``_event_sentences``)


def _name_table(game: str, lang: str) -> NameTable:
    names = ("", *(name(game, "card", c, lang) for c in range(1, len(NAMES[game]))))
    by_name = {n: c for c, n in enumerate(names) if n}
    assert len(by_name) == len(names) - 1, f"two {game} cards share a {lang} name"
    return NameTable(names, _all_names(names), by_name, _event_sentences(game, lang, names))


TABLES = {g: {lang: _name_table(g, lang) for lang in LANGS} for g in NAMES}


def _around(text: str, names: tuple[str, ...], cards: set[int]) -> str:
    """Where in ``text`` the first of ``cards`` is named."""
    for c in sorted(cards):
        at = text.find(names[c])
        if at >= 0:
            return f"...{text[max(0, at - 300):at + 100]}..."
    return text[:400]


# -- the server's truth ---------------------------------------------------------------------------
class _Recorder(_Watched):
    """The engine scanner's checking log, installed in the server's states:
    a refused entry is recorded (the server goes on) instead of raising in
    the middle of a request, and pickles as a plain list (bot workers)."""

    failures: list[str]

    def append(self, e: dict[str, Any]) -> None:
        try:
            super().append(e)
        except AssertionError as exc:
            self.failures.append(f"{self.state.game.name}: {exc}")
            list.append(self, e)

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return (list, (list(self),))


class Ledger:
    """Every state one live game has been in, by ply, and what each reader
    may read of its log (kept as it grows: the entries are shared)."""

    def __init__(self, game: str, failures: list[str]) -> None:
        self.game = game
        self.secret_of = SECRET_OF[game]
        self.states: dict[int, bm.State] = {}
        self._readable: dict[int, dict[str | None, list[dict[str, Any]]]] = {}
        self._secret: dict[tuple[int, str | None], set[int]] = {}
        self._deck_runs: dict[int, list[str]] = {}
        self.failures = failures

    def add(self, ply: int, state: bm.State, parent: bm.State | None = None) -> None:
        self.states[ply] = state
        key = id(state)
        if key in self._readable:  # an undo: back to a state seen before
            return
        log = state.data["log"]
        native = type(state) is not bm.State
        if parent is None or id(parent) not in self._readable:
            # The game's first state: its set-up entries were appended
            # before any watching; check them now, nothing has moved since.
            check = _Recorder(state, self.secret_of, [])
            check.failures = self.failures
            for e in log:
                check.append(e)
            self._readable[key] = {v: [e for e in log if may_read(e["to"], v)] for v in VIEWERS}
            return
        before = parent.data["log"]
        n = len(before)
        if native:
            # A native state's log is a snapshot: equal entries, not the same objects.
            assert len(log) >= n and log[:n] == before, "a state's log does not extend its parent's"
        else:
            assert len(log) >= n and (not n or log[n - 1] is before[-1]), "a state's log does not extend its parent's"
        new = log[n:]
        prev = self._readable[id(parent)]
        self._readable[key] = {v: prev[v] + [e for e in new if may_read(e["to"], v)] for v in VIEWERS}

    def state(self, ply: int) -> bm.State:
        assert ply in self.states, f"a message at ply {ply}, a ply the game never was at"
        return self.states[ply]

    def readable(self, ply: int, viewer: str | None) -> list[dict[str, Any]]:
        return self._readable[id(self.state(ply))][viewer]

    def secret(self, ply: int, viewer: str | None) -> set[int]:
        key = (ply, viewer)
        out = self._secret.get(key)
        if out is None:
            out = self._secret[key] = self.secret_of(self.state(ply), viewer)
        return out

    def deck_runs(self, ply: int) -> list[str]:
        """The draw pile's four top and four bottom cards, either way round,
        as a list of numbers reads in JSON: the deck's order, if it is sent."""
        out = self._deck_runs.get(ply)
        if out is None:
            deck = self.state(ply).data["deck"]
            runs = [deck[:4], deck[-4:]] if len(deck) >= 4 else []
            out = self._deck_runs[ply] = [",".join(map(str, r)) for run in runs for r in (run, run[::-1])]
        return out


class Tracker:
    """The ledgers of every game of one app, and the log entries refused
    as they were appended."""

    def __init__(self) -> None:
        self.ledgers: dict[str, Ledger] = {}
        self.failures: list[str] = []
        # By game: the Python twin of each native state committed, by the
        # state's id (the state is kept with it, so that its id is not reused).
        self.twins: dict[str, dict[int, tuple[bm.State, bm.State]]] = {}

    def ledger(self, live: LiveGame) -> Ledger:
        led = self.ledgers.get(live.id)
        if led is None:
            led = self.ledgers[live.id] = Ledger(live.record.game, self.failures)
        if live.ply not in led.states:
            led.add(live.ply, live.state)
        return led

    def watch(self, src: bm.State, new: bm.State) -> None:
        """Make ``new`` (a copy of ``src``) check its log entries, carrying
        on where ``src``'s checking log was."""
        old = src.data["log"]
        w = _Recorder(new, SECRET_OF[new.game.name], new.data["log"])
        w.failures = self.failures
        if isinstance(old, _Watched):
            old.sync()
            w.public, w.open, w.where = set(old.public), set(old.open), dict(old.where)
        new.data["log"] = w

    def twin_of(self, game_id: str, state: bm.State) -> bm.State:
        """The Python twin of a native state, its log watched (a state
        not seen before, the game's first: its entries checked now)."""
        twins = self.twins.setdefault(game_id, {})
        held = twins.get(id(state))
        if held is not None:
            return held[1]
        twin = to_python(state)
        w = _Recorder(twin, SECRET_OF[twin.game.name], [])
        w.failures = self.failures
        for e in twin.data["log"]:
            w.append(e)
        twin.data["log"] = w
        twins[id(state)] = (state, twin)
        return twin

    def replayed(self, live: LiveGame, pending: Any) -> None:
        """A change the server commits on the native backend, applied to
        the twin of the state before it on the Python engine (its log
        entries checked as they are appended): it must give the same state."""
        if pending.rows[0].kind == "undo":
            twin = self.twin_of(live.id, pending.state)
        else:
            parent = self.twin_of(live.id, live.state)
            twin = State.clone(parent)
            self.watch(parent, twin)
            try:
                for row in pending.rows:
                    twin.apply(row.text)
            except bm.IllegalActionError as exc:
                self.failures.append(f"{twin.game.name}: the Python engine refuses the native backend's "
                                     f"ply {row.ply} ({row.text!r}): {exc}")
                return
            self.twins[live.id][id(pending.state)] = (pending.state, twin)
        if twin.to_json() != pending.state.to_json():
            self.failures.append(f"{twin.game.name}: the native state after ply {pending.rows[-1].ply} differs "
                                 "from the Python engine's")

    def committed(self, live: LiveGame, old: bm.State, before: int) -> None:
        led = self.ledgers.get(live.id)
        if led is None:
            led = self.ledgers[live.id] = Ledger(live.record.game, self.failures)
        if before not in led.states:
            led.add(before, old)
        led.add(live.ply, live.state, old)

    def forget(self, game_id: str) -> None:
        self.ledgers.pop(game_id, None)
        self.twins.pop(game_id, None)


@contextlib.contextmanager
def instrument() -> Iterator[Tracker]:
    """Patch the server (for the duration) so that a :class:`Tracker` sees
    every state it commits and checks every log entry it appends."""
    tracker = Tracker()
    clone, prepare, commit = bm.State.clone, LiveGame.prepare, LiveGame.commit
    armed = [False]

    def clone_watched(self: bm.State) -> bm.State:
        new = clone(self)
        if armed[0]:
            tracker.watch(self, new)
        return new

    def prepare_armed(self: LiveGame, *args: Any, **kw: Any) -> Any:
        armed[0] = True
        try:
            return prepare(self, *args, **kw)
        finally:
            armed[0] = False

    def commit_seen(self: LiveGame, pending: Any) -> None:
        old, before = self.state, self.ply
        if type(old) is not bm.State:
            tracker.replayed(self, pending)
        commit(self, pending)
        tracker.committed(self, old, before)

    with mock.patch.object(bm.State, "clone", clone_watched), \
            mock.patch.object(LiveGame, "prepare", prepare_armed), \
            mock.patch.object(LiveGame, "commit", commit_seen):
        yield tracker


# -- the app in this event loop ---------------------------------------------------------------------
class Socket:
    """A WebSocket client speaking ASGI to the app directly."""

    def __init__(self, app: Any, path: str, query: str = "") -> None:
        self.app = app
        self.path = path
        self.query = query
        self.up: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.down: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.closed: dict[str, Any] | None = None

    async def open(self, state: dict[str, Any]) -> Socket:
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "scheme": "ws", "http_version": "1.1",
                 "path": self.path, "raw_path": self.path.encode(), "root_path": "",
                 "query_string": self.query.encode(), "headers": [(b"host", b"testserver")],
                 "client": ("127.0.0.1", 50000), "server": ("testserver", 80), "subprotocols": [],
                 "extensions": {}, "state": dict(state)}
        self.up.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.get_running_loop().create_task(self.app(scope, self.up.get, self.down.put))
        m = await self.down.get()
        assert m["type"] == "websocket.accept", m
        return self

    def send(self, text: str) -> None:
        self.up.put_nowait({"type": "websocket.receive", "text": text})

    async def receive(self) -> str:
        async with asyncio.timeout(TIMEOUT):
            m = await self.down.get()
        if m["type"] == "websocket.close":
            self.closed = m
            raise AssertionError(f"the server closed the socket: {m}")
        assert m["type"] == "websocket.send" and "text" in m, m
        return str(m["text"])

    async def close(self) -> list[str]:
        """Disconnect; the messages sent meanwhile, not read yet."""
        self.up.put_nowait({"type": "websocket.disconnect", "code": 1000})
        if self.task is not None:
            async with asyncio.timeout(TIMEOUT):
                await self.task
        left = []
        while not self.down.empty():
            m = self.down.get_nowait()
            if m["type"] == "websocket.send":
                left.append(str(m["text"]))
        return left


class App:
    """The server app on a fresh SQLite file, started (lifespan) in the
    running event loop, with an HTTP client and WebSockets on it."""

    def __init__(self, db: Path, backend: str = "python") -> None:
        settings = Settings.from_env(environ={}, database_url=str(db), bot_workers=1, sqlite_synchronous="OFF",
                                     backend=backend)
        self.app = create_app(settings)
        self.state: dict[str, Any] = {}
        self._rx: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._tx: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.http = httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app), base_url="http://testserver")

    @property
    def service(self) -> GameService:
        return self.app.state.service  # type: ignore[no-any-return]

    async def __aenter__(self) -> App:
        self._rx.put_nowait({"type": "lifespan.startup"})
        scope = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": self.state}
        self._task = asyncio.get_running_loop().create_task(self.app(scope, self._rx.get, self._tx.put))
        m = await self._tx.get()
        assert m["type"] == "lifespan.startup.complete", m
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.http.aclose()
        self._rx.put_nowait({"type": "lifespan.shutdown"})
        m = await self._tx.get()
        assert m["type"] == "lifespan.shutdown.complete", m
        assert self._task is not None
        await self._task

    async def socket(self, path: str, query: str = "") -> Socket:
        return await Socket(self.app, path, query).open(self.state)


# -- receivers ------------------------------------------------------------------------------------------
@dataclass
class Stats:
    """What a scan saw: it must have seen each kind of traffic to count."""

    games: int = 0
    bot_games: int = 0
    plies: int = 0
    actions: int = 0
    messages: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    words: Counter[str] = field(default_factory=Counter)  # positions in words, by language
    undos: int = 0
    log_entries: int = 0
    bytes: int = 0


class Receiver:
    """One reader of one game (a seat, or ``None``: a spectator): its socket,
    and the scan of everything it receives."""

    def __init__(self, match: Match, seat: str | None, token: str | None) -> None:
        self.match = match
        self.seat = seat
        self.token = token
        self.ws: Socket | None = None
        self.last: dict[str, Any] = {}
        self.ply = -1  # the ply of the last state its socket brought
        self.log_len = 0  # the readable entries its socket brought so far
        self.sent_at = 0  # the ply when it last sent something
        self.echo = ""  # the action its pending WebSocket message names
        self.lang = "en"  # the language it reads (its socket's ?lang=, its HTTP Accept-Language)
        others = [t for s, t in match.tokens.items() if s != seat]
        self.forbidden = [str(match.seed), *others, *(token_hash(t) for t in match.tokens.values())]

    @property
    def who(self) -> str:
        return self.seat or "spectator"

    def headers(self) -> dict[str, str]:
        auth = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return {**auth, "Accept-Language": self.lang}

    # -- scanning -------------------------------------------------------------------------------------
    def scan(self, text: str, via: str, echo: str = "") -> dict[str, Any]:
        """Check one message or response body; return it parsed. ``echo`` is
        what this receiver sent, if the message answers it (an error may
        quote it)."""
        m = self.match
        where = f"{m.game} game {m.index} (id {m.gid}, seed {m.seed}) {self.who} {via}"
        m.stats.bytes += len(text)
        for s in self.forbidden:
            assert s not in text, f"{where}: the seed or a token it may not have: {text[:300]}"
        for key in STATE_KEYS:
            assert key not in text, f"{where}: a field of the state JSON ({key}): {text[:300]}"
        msg = json.loads(text)
        assert isinstance(msg, dict), f"{where}: not an object"
        kind = msg.get("type") or ("state" if "view" in msg else "error" if "error" in msg else "other")
        m.stats.messages[f"{via} {kind}"] += 1
        if "view" in msg:
            self._scan_state(msg, text, where)
        else:
            plies = range(min(self.sent_at, m.live.ply), m.live.ply + 1)
            self._scan_other(msg, text, where, plies, echo)
        return msg

    def _scan_cards(self, text: str, secret: set[int], ply: int, where: str, echo: set[int] | None = None,
                    view: bool = False) -> None:
        """Card numbers under card keys, card names, the generator's state and
        the draw pile's order in ``text`` (a message without its log)."""
        m = self.match
        led = m.ledger
        state = led.state(ply)
        assert str(state.data["rng"]) not in text, f"{where}: the generator's state"
        leaked: set[int] = set()
        for k in CARD_KEY.finditer(text):
            value, _ = DECODE(text, k.end())
            if type(value) is int:
                if value in secret:
                    leaked.add(value)
            elif type(value) is list and all(type(v) is int for v in value):
                leaked.update(secret.intersection(value))
            else:
                leaked |= set(_numbers(value, k.group(1))) & secret
        assert not leaked, f"{where}: names secret cards {sorted(leaked)} under card keys (ply {ply}): {text[:400]}"
        for run in led.deck_runs(ply):
            if run in text:
                assert not re.search(rf"(?<![\d.]){run}(?![\d.])", text), f"{where}: the draw pile's order ({run})"
        if view:
            # Effects in play are named after the cards that started them,
            # which were played in the open (their card numbers are read).
            text = _without(text, '"effects":')
        for lang in dict.fromkeys(("en", self.lang)):
            table = TABLES[m.game][lang]
            names = table.names
            cut = _without_event_names(text, table)
            if any(names[c] and names[c] in cut for c in secret):
                named = {table.by_name[n] for n in table.pattern.findall(cut)} & secret - (echo or set())
                assert not named, \
                    f"{where}: names secret cards {sorted(named)} in {lang} (ply {ply}): {_around(cut, names, named)}"

    def _scan_state(self, msg: dict[str, Any], text: str, where: str) -> None:
        m = self.match
        ply = msg["ply"]
        where += f" ply {ply}"
        assert list(msg)[-1] == "log", f"{where}: the log is not the last field"
        view = msg["view"]
        assert msg["seat"] == self.seat and view["viewer"] == self.seat, f"{where}: another reader's view"
        if self.seat is None:
            assert view["hand"] == [] and not view.get("legal_actions") and not view.get("opponent_known"), \
                f"{where}: a spectator got a seat's view: {view}"
        head = text[:text.rindex(LOG_TAIL)]
        words = msg.get("text")
        if words is not None:
            # The position in words: its log sentences render the entries
            # (checked below); the rest (prompt, meanings, labels, warnings,
            # result) is scanned like the view.
            lang = words["lang"]
            assert lang == self.lang, f"{where}: words in {lang}, not {self.lang} as asked"
            m.stats.words[lang] += 1
            assert words["log"] == [render(e, lang) for e in msg["log"]["entries"]], \
                f"{where}: the log sentences are not the entries rendered"
            head = head[:head.rindex(',"text":')] + json.dumps({k: v for k, v in words.items() if k != "log"},
                                                              ensure_ascii=False, separators=(",", ":"))
        self._scan_cards(head, m.ledger.secret(ply, self.seat), ply, where, view=True)
        # Each log entry is an entry of the live log that this reader may
        # read (its cards were checked as the rules appended it).
        start, entries = msg["log"]["start"], msg["log"]["entries"]
        readable = m.ledger.readable(ply, self.seat)
        assert start + len(entries) == len(readable), \
            f"{where}: the log delta ({start}+{len(entries)}) does not end at the readable log ({len(readable)})"
        for i, e in enumerate(entries):
            raw = readable[start + i]
            assert e == raw or e == json.loads(json.dumps(raw)), f"{where}: log entry {start + i} is {e}, not {raw}"
        m.stats.log_entries += len(entries)

    def _scan_other(self, msg: dict[str, Any], text: str, where: str, plies: range, echo: str) -> None:
        """An error (or an ack): checked against what was secret throughout
        the plies it may have been made at (one ply unless a bot moved)."""
        m = self.match
        if "error" in msg:
            m.stats.errors[msg["error"]] += 1
        secret = set.intersection(*(m.ledger.secret(p, self.seat) for p in plies if p in m.ledger.states))
        en = TABLES[m.game]["en"]
        said = {en.by_name[n] for n in en.pattern.findall(echo)} if msg.get("error") == "illegal_action" else set()
        self._scan_cards(text, secret, plies[-1], where, said)

    # -- the socket ---------------------------------------------------------------------------------------
    async def receive(self) -> dict[str, Any]:
        assert self.ws is not None
        msg = self.scan(await self.ws.receive(), "ws", self.echo)
        if msg.get("type") == "state":
            assert msg["ply"] >= self.ply, f"{self.who}: a state for ply {msg['ply']} after ply {self.ply}"
            start = msg["log"]["start"]
            assert start <= self.log_len, f"{self.who}: a log delta starting at {start} of {self.log_len} entries"
            self.log_len = start + len(msg["log"]["entries"])
            self.last, self.ply = msg, msg["ply"]
        return msg

    async def drain(self, ply: int) -> None:
        """Read states until one for ``ply`` (or later) has come."""
        while self.ply < ply:
            await self.receive()

    async def reply(self, text: str, echo: str = "") -> dict[str, Any]:
        """Send ``text`` on the socket; the ack or error that answers it
        (``echo``: the action it names, which an error may quote)."""
        assert self.ws is not None
        self.sent_at = self.match.live.ply
        self.echo = echo
        self.ws.send(text)
        try:
            while True:
                msg = await self.receive()
                if msg.get("type") in ("ack", "error"):
                    return msg
        finally:
            self.echo = ""

    async def http(self, method: str, url: str, echo: str = "", **kw: Any) -> tuple[int, dict[str, Any]]:
        """An HTTP request as this reader; the scanned answer."""
        self.sent_at = self.match.live.ply
        async with asyncio.timeout(TIMEOUT):
            r = await self.match.app.http.request(method, url, headers=self.headers(), **kw)
        return r.status_code, self.scan(r.text, "http", echo)


# -- a game ---------------------------------------------------------------------------------------------
class Client:
    """A client-side bot for a human seat: it reads only its own view."""

    def __init__(self, game: str, kind: str, seed: int) -> None:
        self.kind = kind
        self.rng = random.Random(seed)
        self.space = get_game(game).space
        self.bot = make_bot("heuristic", seed) if kind == "heuristic" else None

    def choose(self, view: dict[str, Any]) -> str:
        legal = view["legal_actions"]
        if self.bot is None:
            return str(self.rng.choice(legal))
        acts = [self.space.by_text[t.lower()] for t in legal]
        return self.bot.choose(view, acts).text


@dataclass
class Plan:
    """Who sits where: ``"human"`` (a client-side bot of ``clients[side]``)
    or a server-side bot spec."""

    seats: dict[str, str]
    clients: dict[str, str]


def plan_for(index: int, rng: random.Random) -> Plan:
    """Two client-side bots (random; heuristic one time in four), except
    every fifth game: one seat is a server-side bot, in turn the US's and the
    USSR's, random and heuristic (its moves are pushed to the other seat)."""
    clients = {s: ("heuristic" if rng.random() < 0.25 else "random") for s in SIDES}
    seats = dict.fromkeys(SIDES, "human")
    if index % 5 == 4:
        seats[SIDES[(index // 5) % 2]] = ("random", "heuristic")[(index // 10) % 2]
    return Plan(seats, clients)


class Match:
    """One game played through the API and scanned."""

    def __init__(self, app: App, tracker: Tracker, game: str, index: int, rng: random.Random, plan: Plan,
                 stats: Stats, incidents: float) -> None:
        self.app = app
        self.tracker = tracker
        self.game = game
        self.index = index
        self.rng = rng
        self.plan = plan
        self.stats = stats
        self.incidents = incidents
        self.space = get_game(game).space
        self.tokens: dict[str, str] = {}
        self.receivers: dict[str | None, Receiver] = {}
        self.clients: dict[str, Client] = {}
        self.seed = 0
        self.gid = ""
        self._live: LiveGame | None = None
        self._ledger: Ledger | None = None

    @property
    def live(self) -> LiveGame:
        assert self._live is not None
        return self._live

    @property
    def ledger(self) -> Ledger:
        assert self._ledger is not None
        return self._ledger

    async def play(self) -> None:
        body = {"game": self.game, "options": options_for(self.game, self.rng), "seats": self.plan.seats}
        r = await self.app.http.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        created = r.json()
        self.gid = created["id"]
        self.tokens = {s: v["token"] for s, v in created["seats"].items()}
        self._live = self.app.service.games[self.gid]
        self._ledger = self.tracker.ledger(self._live)
        record = await asyncio.to_thread(self.app.service.store.game, self.gid)
        assert record is not None
        self.seed = record.seed
        # The answer to the creator holds the tokens (shown once), nothing else.
        for s in (str(self.seed), *(token_hash(t) for t in self.tokens.values())):
            assert s not in r.text, f"the create answer holds the seed or a token hash: {r.text}"
        assert not any(key in r.text for key in STATE_KEYS), r.text
        self.stats.games += 1
        self.stats.bot_games += len(self.tokens) < 2
        for side, kind in self.plan.clients.items():
            if side in self.tokens:
                self.clients[side] = Client(self.game, kind, self.rng.randrange(2**31))
        for side, token in self.tokens.items():
            rec = self.receivers[side] = Receiver(self, side, token)
            rec.lang = self.rng.choice(LANGS)
            query = f"token={token}" if self.rng.random() < 0.7 else ""
            # Most sockets ask for the position in words too (web client), which is scanned as well.
            if self.rng.random() < 0.6:
                query = "&".join(filter(None, (query, f"lang={rec.lang}")))
            rec.ws = await self.app.socket(f"/ws/games/{self.gid}", query)
            if "token=" not in query:
                rec.ws.send(json.dumps({"token": token}))
        spectator = self.receivers[None] = Receiver(self, None, None)
        spectator.lang = self.rng.choice(LANGS)
        spectator.ws = await self.app.socket(f"/ws/games/{self.gid}", f"lang={spectator.lang}")
        spectator.ws.send(json.dumps({"token": None}))
        try:
            await self._loop()
            await self._finish()
        except BaseException:
            for rec in self.receivers.values():
                if rec.ws is not None:
                    await rec.ws.close()
            raise
        for rec in self.receivers.values():
            assert rec.ws is not None
            for text in await rec.ws.close():  # (none expected: the game is over)
                rec.scan(text, "ws")
        self.stats.plies += self.live.ply
        self.tracker.forget(self.gid)

    async def settle(self) -> None:
        """Read every socket up to the game's ply; while a bot seat is to
        move, wait for its move (pushed to every socket)."""
        while True:
            ply = self.live.ply
            for rec in self.receivers.values():
                await rec.drain(ply)
            assert not self.tracker.failures, "\n".join(self.tracker.failures[:3])
            if self.live.ply != ply:
                continue  # a bot moved meanwhile: read that too
            if self.live.bot_to_move() is None:
                return
            await self.receivers[None].receive()  # the bot's move, when it comes

    async def _loop(self) -> None:
        rng = self.rng
        while True:
            await self.settle()
            live = self.live
            if live.over:
                return
            mover = live.to_move
            assert mover in self.tokens, f"{mover} to move, not a human seat"
            rec = self.receivers[mover]
            roll = rng.random()
            if roll < self.incidents:
                await self.incident(mover)
                continue
            if roll < self.incidents + 0.02:
                await self.look(rng.choice(list(self.receivers.values())))
                continue
            action = self.clients[mover].choose(rec.last["view"])
            await self.act(rec, action)
            self.stats.actions += 1
            if rng.random() < self.incidents:
                await self.settle()
                if not self.live.over and rec.last["can_undo"]:
                    await self.undo(rec)

    async def act(self, rec: Receiver, action: str) -> None:
        """Play ``action`` (its text, or now and then its id), by WebSocket
        or, one time in ten, by HTTP."""
        sent: str | int = action
        if self.rng.random() < 0.2:
            sent = self.space.by_text[action.lower()].id
        ply = self.live.ply
        if self.rng.random() < 0.1:
            status, body = await rec.http("POST", f"/api/games/{self.gid}/actions",
                                          json={"action": sent, "ply": ply})
            assert status == 200, body
        else:
            msg = await rec.reply(json.dumps({"action": sent, "ply": ply, "ref": ply}))
            assert msg["type"] == "ack" and msg["ref"] == ply, msg

    async def undo(self, rec: Receiver) -> None:
        ply = self.live.ply
        if self.rng.random() < 0.5:
            status, body = await rec.http("POST", f"/api/games/{self.gid}/undo", json={"ply": ply})
            assert status == 200, body
        else:
            msg = await rec.reply(json.dumps({"undo": True, "ply": ply}))
            assert msg["type"] == "ack", msg
        self.stats.undos += 1

    async def look(self, rec: Receiver) -> None:
        """A reader asks for the game: since a recent ply, or all of it."""
        since = self.rng.choice([None, max(0, self.live.ply - self.rng.randrange(1, 20))])
        url = f"/api/games/{self.gid}" + ("" if since is None else f"?since={since}")
        status, body = await rec.http("GET", url)
        assert status == 200, body

    async def _refused(self, r: Receiver, url: str, action: str, ply: int, status: int, error: str) -> None:
        """``r`` plays ``action``, over HTTP or the socket at random, and is refused with ``error``."""
        if self.rng.random() < 0.5:
            got, body = await r.http("POST", url + "/actions", json={"action": action, "ply": ply})
            assert got == status and body["error"] == error, body
        else:
            msg = await r.reply(json.dumps({"action": action, "ply": ply}))
            assert msg["type"] == "error" and msg["error"] == error, msg

    async def incident(self, mover: str) -> None:
        """Something refused, so that error answers are scanned too."""
        rng = self.rng
        live = self.live
        rec = self.receivers[mover]
        ply = live.ply
        legal = set(rec.last["view"]["legal_actions"])
        kind = rng.choice(["illegal", "illegal", "out_of_turn", "stale", "spectator", "undo", "bad_message",
                           "replay", "bad_token"])
        url = f"/api/games/{self.gid}"
        if kind == "illegal":
            # An action of the game's vocabulary that is not legal now,
            # often naming a card the mover does not hold.
            while True:
                a = self.space.from_id(rng.randrange(self.space.size))
                if a.text not in legal:
                    break
            sent: str | int = a.text if rng.random() < 0.7 else a.id
            echo = a.text  # the refusal quotes the sender's own text
            if rng.random() < 0.5:
                status, body = await rec.http("POST", url + "/actions", echo, json={"action": sent, "ply": ply})
                assert status == 422 and body["error"] == "illegal_action", body
            else:
                msg = await rec.reply(json.dumps({"action": sent, "ply": ply}), echo)
                assert msg["type"] == "error" and msg["status"] == 422, msg
        elif kind == "out_of_turn":
            other = next((s for s in self.tokens if s != mover), None)
            if other is None:
                return
            a = self.space.from_id(rng.randrange(self.space.size)).text
            await self._refused(self.receivers[other], url, a, ply, 403, "not_your_turn")
        elif kind == "stale":
            if ply == 0:
                return
            a = rng.choice(sorted(legal))
            msg = await rec.reply(json.dumps({"action": a, "ply": ply - 1}))
            assert msg["type"] == "error" and msg["error"] == "stale_ply" and msg["ply"] == ply, msg
        elif kind == "spectator":
            a = rng.choice(sorted(legal))
            await self._refused(self.receivers[None], url, a, ply, 401, "no_token")
        elif kind == "undo":
            # Undo by a seat that has nothing to take back.
            side = rng.choice(list(self.tokens))
            r = self.receivers[side]
            if r.last["can_undo"]:
                return
            status, body = await r.http("POST", url + "/undo", json={"ply": ply})
            assert status == 409 and body["error"] == "nothing_to_undo", body
        elif kind == "bad_message":
            msg = await rec.reply(rng.choice(['{"action": ', '{"move": "x", "ply": 0}', '[1, 2]',
                                              '{"action": "x", "ply": -1}']))
            assert msg["type"] == "error" and msg["status"] == 400, msg
        elif kind == "replay":
            status, body = await rng.choice(list(self.receivers.values())).http("GET", url + "/replay")
            assert status == 409 and body["error"] == "not_over", body
        else:  # a forged token: the answer is scanned as this seat's
            forged = Receiver(self, mover, "x" * 43)
            forged.forbidden = rec.forbidden
            status, body = await forged.http("GET", url)
            assert status == 401 and body["error"] == "bad_token", body

    async def _finish(self) -> None:
        """The game is over: each reader reads the whole game once more; the
        saved game (which holds the seed, the game being over) holds no token."""
        for rec in self.receivers.values():
            status, body = await rec.http("GET", f"/api/games/{self.gid}")
            assert status == 200 and body["status"] == "over", body
        if self.rng.random() < 0.2:
            r = await self.app.http.get(f"/api/games/{self.gid}/replay")
            assert r.status_code == 200 and r.json()["seed"] == self.seed, r.text
            for s in (*self.tokens.values(), *(token_hash(t) for t in self.tokens.values())):
                assert s not in r.text, "the saved game holds a token"


async def scan_games(game: str, count: int, seed: str, db: Path, incidents: float = 0.05,
                     backend: str = "python") -> Stats:
    """Play ``count`` games of ``game`` on a fresh app (SQLite file ``db``)
    and scan them all; at the end the game list is scanned for every seed
    and token. ``incidents``: how often a seat to move does something that
    is refused instead (or a legal undo after its move). ``backend``: the
    server's engine (``python``: every log entry checked as it is appended)."""
    stats = Stats()
    seeds: list[str] = []
    tokens: list[str] = []
    with instrument() as tracker:
        async with App(db, backend) as app:
            for i in range(count):
                rng = random.Random(f"{seed}/{i}")
                match = Match(app, tracker, game, i, rng, plan_for(i, rng), stats, incidents)
                await match.play()
                seeds.append(str(match.seed))
                tokens += match.tokens.values()
            r = await app.http.get("/api/games", params={"status": "all", "limit": 100})
            assert r.status_code == 200 and r.json()["total"] == count, r.text
            for s in (*seeds, *tokens, *map(token_hash, tokens)):
                assert s not in r.text, "the game list holds a seed or a token"
    return stats
