"""Everything a seat's page receives and holds, and a scan for cards hidden from that seat.

A :class:`PageRecorder` is attached to a Playwright page before it opens a
game. It keeps, in order of arrival, every HTTP response body
(``page.on("response")``), every WebSocket frame the page receives or sends
(``page.on("websocket")``: ``framereceived``, ``framesent``) and, at the
moments a test chooses, snapshots of the DOM (``page.content()``, the body's
``innerText``, every attribute and every text node, shown or hidden) and of
the page's storage. The same records can be fed in directly
(:meth:`PageRecorder.http`, :meth:`PageRecorder.frame`,
:meth:`PageRecorder.dom`), which is how ``tests/web/test_recorder.py`` checks
that the scan catches planted leaks without a browser.

The truth is the server's own: :class:`Truth` rebuilds the game from its
database (the seed and the history rows, replayed the way the server
commits them, die rolls and undos included) under the instrumentation of
``tests/server/scan.py``, so that every state the server has been in is
known by ply, and every log entry is checked against its readers the moment
the rules append it. What is secret to a side at a ply is the engine
scanner's rule (``tests/test_hidden_info_scan.py``, imported): the draw
pile, the other side's hand unless shown, its face-down headline or
Aftermath cards, its kept agenda.

What the scan reads (:meth:`PageRecorder.scan`):

* everything, as text: the game's seed, the other seat's token and every
  token hash, the fields of the engine's state JSON (``"deck":``,
  ``"hands":``, ``"rng":``...) and the draw pile's order;
* a game state (HTTP or WebSocket; a replay step too): the view is the
  reader's (``seat``), card numbers under card keys and card names (English
  and Russian) in the view, the decision and the words (``text``) name no
  card secret at the state's ply; each log entry is the one the reader may
  read at that place of its log (``Ledger.readable``), and each log sentence
  is that entry rendered;
* any other message of the game (an ack, an error, another answer):
  the same card rules against what was secret throughout the plies it may
  have been made at, except a card the page itself named in what it sent;
* the public data (``/static/``, the board facts, the catalogs, the server
  info): not for cards, they hold them all (the catalog is public rules
  text);
* a DOM snapshot: every ``data-card*`` attribute, every attribute value
  and every text node (hidden ones too) outside ``EXCLUDE`` name no card
  secret at the ply the page shows. The log sentences the page received
  (about cards that were in the open when they were logged), the card texts
  of the catalog (rules text naming other cards) and the names of the
  effects in play (named after the cards that started them) are taken out
  of the text before it is read; the storage is read as text too.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import brinkmanship as bm
from brinkmanship.core.game import CHANCE
from brinkmanship.core.log import visible
from brinkmanship.i18n import catalog, render
from brinkmanship.server import db
from brinkmanship.server.live import LiveGame
from brinkmanship.server.service import token_hash
from brinkmanship.server.store import Store
from tests.server.scan import SECRET_OF, STATE_KEYS, Ledger, instrument
from tests.test_hidden_info_scan import CARD_KEYS, _numbers

LANGS = ("en", "ru")
#: Parts of the DOM the scan does not read: code, and a card-text reference
#: that a page may mark ``data-catalog`` (the catalog is public).
EXCLUDE = "script, style, template, [data-catalog]"
#: Addresses of public data: the client's files, the printed facts, the catalogs.
PUBLIC = re.compile(r"/static/|/api/board/|/api/catalog/|/api/info\b|/api/health\b|/favicon")
CARD_ATTR = re.compile(r"^data-card(?:-[\w-]+)?$")


# -- names and texts ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Names:
    """A game's card names in every language, and the texts that may name them."""

    by_name: dict[str, int]
    pattern: re.Pattern[str]
    texts: tuple[str, ...]  # card texts of the catalog (whole, then by paragraph), longest first
    effects: dict[str, tuple[str, ...]]  # effect key -> its names in every language


@cache
def names_of(game: str) -> Names:
    by_name: dict[str, int] = {}
    texts: set[str] = set()
    effects: dict[str, set[str]] = {}
    for lang in LANGS:
        cat = catalog(lang)
        for code, value in cat.items():
            if code.startswith(f"{game}.name.card."):
                by_name[value] = int(code.rsplit(".", 1)[1])
            elif code.startswith(f"{game}.text."):
                texts.add(value)
                texts.update(p.strip() for p in value.split("\n") if p.strip())
            elif code.startswith(f"{game}.name.effect."):
                effects.setdefault(code.split(".", 3)[3], set()).add(value)
    cards_en = {n: name for name, n in by_name.items() if catalog("en").get(f"{game}.name.card.{n}") == name}
    for n, name in cards_en.items():  # 13 Days names effects after their cards
        effects.setdefault(name, set()).update(v for v, m in by_name.items() if m == n)
    ordered = sorted(by_name, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ordered)) + r")(?![\w-])")
    return Names(by_name, pattern, tuple(sorted(texts, key=len, reverse=True)),
                 {k: tuple(sorted(v, key=len, reverse=True)) for k, v in effects.items()})


def named_cards(text: str, game: str) -> set[int]:
    """The cards ``text`` names (English or Russian names)."""
    n = names_of(game)
    return {n.by_name[m] for m in n.pattern.findall(text)}


def _without(text: str, parts: Any) -> str:
    for p in parts:
        if p and p in text:
            text = text.replace(p, "\u241f")
    return text


# -- the server's truth ---------------------------------------------------------------------------------------
class Truth:
    """One game as the server has played it, rebuilt from its database."""

    def __init__(self, game: str, seed: int, ledger: Ledger, failures: list[str], tokens: dict[str, str]) -> None:
        self.game = game
        self.seed = seed
        self.ledger = ledger
        self.failures = failures
        self.tokens = tokens
        self.secret_of = SECRET_OF[game]
        self._steps: list[bm.State] | None = None
        self.saved: dict[str, Any] | None = None
        self.history: list[Any] = []  # the database's rows

    @classmethod
    def load(cls, database_url: str, game_id: str, tokens: dict[str, str],
             saved: dict[str, Any] | None = None) -> Truth:
        """Read game ``game_id`` (its seed and history) from the server's
        database and play it again as the server did; ``tokens``: every seat's
        token (the test has them from the create answer; the database keeps
        only their hashes). ``saved``: the finished game's saved file, for
        replay steps."""
        engine = db.make_engine(database_url)
        try:
            store = Store(engine)
            record = store.game(game_id)
            assert record is not None, f"no game {game_id} in {database_url}"
            rows = store.history(game_id)
        finally:
            engine.dispose()
        with instrument() as tracker:
            state = bm.new_game(record.game, seed=record.seed, options=dict(record.options))
            live = LiveGame(record, state, 0, 0, [len(state.data["log"])])
            ledger = tracker.ledger(live)
            i = 0
            while i < len(rows):
                row = rows[i]
                assert row.ply == live.ply + 1, f"history row {row.ply} after ply {live.ply}"
                assert row.seat != CHANCE, f"a chance row ({row.ply}) that no action caused"
                if row.kind == "undo":
                    pending = live.prepare_undo(row.seat)
                else:  # the action with the die rolls that follow it, as the server commits them
                    pending = live.prepare(row.seat, row.text or "")
                got = [(r.ply, r.seat, r.kind, r.text) for r in pending.rows]
                want = [(r.ply, r.seat, r.kind, r.text) for r in rows[i:i + len(got)]]
                assert got == want, f"the history does not replay: {got} != {want}"
                live.commit(pending)
                i += len(got)
        truth = cls(record.game, record.seed, ledger, tracker.failures, tokens)
        truth.saved = saved
        truth.history = rows
        return truth

    def plies(self) -> list[int]:
        return sorted(self.ledger.states)

    def secret(self, ply: int, viewer: str | None) -> set[int]:
        return self.ledger.secret(ply, viewer)

    def secret_over(self, plies: Any, viewer: str | None) -> set[int]:
        """What was secret at every one of ``plies`` (the plies a message or
        a DOM may stand for; only those the game stood at)."""
        known = [p for p in plies if p in self.ledger.states]
        if not known:
            known = [self.plies()[-1]]
        return set.intersection(*(self.secret(p, viewer) for p in known))

    def step(self, step: int) -> bm.State:
        """The position after ``step`` effective actions (a replay step)."""
        if self._steps is None:
            assert self.saved is not None, "a replay step, but no saved game to replay"
            s = bm.new_game(self.game, seed=self.seed, options=dict(self.saved["options"]))
            self._steps = [s.clone()]
            for a in self.saved["actions"]:
                s.apply(a)
                self._steps.append(s.clone())
        return self._steps[step]


# -- what a page received and held --------------------------------------------------------------------------
@dataclass
class Record:
    """One thing the page received (``http``, ``ws``), sent (``sent``) or held (``dom``)."""

    index: int
    kind: str
    url: str
    text: str
    label: str = ""
    data: Any = None
    ply: int | None = None  # a game state's ply
    dom: dict[str, Any] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"#{self.index} {self.kind} {self.label or self.url}"


#: Collects the DOM for the scan: attributes and text nodes outside EXCLUDE.
COLLECT = """(exclude) => {
  const attrs = [], texts = [];
  const walker = document.createTreeWalker(document.documentElement,
                                           NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n = walker.currentNode; n; n = walker.nextNode()) {
    const el = n.nodeType === 1 ? n : n.parentElement;
    if (!el || el.closest(exclude)) continue;
    if (n.nodeType === 1) {
      for (const a of n.attributes) attrs.push([n.tagName.toLowerCase(), a.name, a.value]);
    } else if (n.nodeValue.trim()) {
      texts.push(n.nodeValue.trim());
    }
  }
  const store = (s) => {
    const o = {};
    for (let i = 0; i < s.length; i++) o[s.key(i)] = s.getItem(s.key(i));
    return o;
  };
  return {attrs, texts, inner: document.body ? document.body.innerText : "",
          storage: JSON.stringify({local: store(localStorage), session: store(sessionStorage)})};
}"""


class PageRecorder:
    """What one reader's page of one game received and held.

    ``seat``: the side the page plays (``None``: a spectator or a replay).
    ``own_tokens``: tokens the page may hold besides its seat's (the page
    that created a game holds the friend's join link)."""

    def __init__(self, game: str, seat: str | None, game_id: str = "", own_tokens: tuple[str, ...] = ()) -> None:
        self.game = game
        self.seat = seat
        self.game_id = game_id
        self.own_tokens = own_tokens
        self.records: list[Record] = []
        self.pages: list[Any] = []

    # -- recording ----------------------------------------------------------------------------------
    def _add(self, kind: str, url: str, text: str, **kw: Any) -> Record:
        rec = Record(len(self.records), kind, url, text, **kw)
        if kind in ("http", "ws") and text[:1] == "{":
            try:
                rec.data = json.loads(text)
            except ValueError:
                rec.data = None
            if isinstance(rec.data, dict) and "view" in rec.data and isinstance(rec.data.get("ply"), int):
                rec.ply = rec.data["ply"]
        self.records.append(rec)
        return rec

    def http(self, url: str, text: str, status: int = 200) -> Record:
        """An HTTP response body the page received."""
        return self._add("http", url, text, label=f"{status} {url}")

    def frame(self, url: str, text: str, sent: bool = False) -> Record:
        """A WebSocket frame the page received (or sent)."""
        return self._add("sent" if sent else "ws", url, text)

    def dom(self, label: str, html: str, inner: str, attrs: list[list[str]], texts: list[str],
            storage: str = "{}") -> Record:
        """A snapshot of what the page holds."""
        return self._add("dom", "", html, label=label,
                         dom={"inner": inner, "attrs": attrs, "texts": texts, "storage": storage})

    def attach(self, page: Any) -> PageRecorder:
        """Record every response and WebSocket frame of ``page`` from now on."""
        self.pages.append(page)

        def on_response(response: Any) -> None:
            try:
                body = response.body()
            except Exception:  # a redirect, or the page went away meanwhile: no body to hold
                return
            self.http(response.url, body.decode("utf-8", "replace"), response.status)

        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self.frame(ws.url, _text(payload)))
            ws.on("framesent", lambda payload: self.frame(ws.url, _text(payload), sent=True))

        page.on("response", on_response)
        page.on("websocket", on_socket)
        return self

    def snapshot(self, page: Any, label: str, settle_ms: int = 50) -> Record:
        """What ``page`` holds now: its HTML, its text, every attribute and
        text node, its storage. ``settle_ms``: time for the page to handle
        the messages it has received before it is read."""
        if settle_ms:
            page.wait_for_timeout(settle_ms)
        got = page.evaluate(COLLECT, EXCLUDE)
        return self.dom(label, page.content(), got["inner"], got["attrs"], got["texts"], got["storage"])

    # -- counts -------------------------------------------------------------------------------------------
    def states(self) -> list[Record]:
        return [r for r in self.records if r.ply is not None]

    def count(self, kind: str) -> int:
        return sum(r.kind == kind for r in self.records)

    # -- the scan -------------------------------------------------------------------------------------------
    def scan(self, truth: Truth) -> list[str]:
        """Every leak found: an empty list when the page got and held
        nothing it may not know."""
        return list(_Scan(self, truth).run())

    def check(self, truth: Truth, min_states: int = 1, min_snapshots: int = 1) -> None:
        """Fail on any leak, or when there was too little to read."""
        found = self.scan(truth)
        assert not found, f"{len(found)} leaks to {self.seat or 'a spectator'}:\n" + "\n".join(found[:10])
        assert len(self.states()) >= min_states, f"the page received {len(self.states())} game states"
        assert self.count("dom") >= min_snapshots, f"{self.count('dom')} DOM snapshots"


def _text(payload: Any) -> str:
    return payload.decode("utf-8", "replace") if isinstance(payload, bytes | bytearray) else str(payload)


class _Scan:
    """One scan of one recorder against the truth."""

    def __init__(self, rec: PageRecorder, truth: Truth) -> None:
        self.rec = rec
        self.truth = truth
        self.game = truth.game
        self.seat = rec.seat
        self.names = names_of(truth.game)
        others = [t for s, t in truth.tokens.items() if s != rec.seat and t not in rec.own_tokens]
        self.forbidden = [*others, *(token_hash(t) for t in truth.tokens.values())]
        self.seed = re.compile(rf"(?<!\d){truth.seed}(?!\d)")
        self.sentences: set[str] = set()  # the log sentences received so far
        # The states received so far, in order: the position, what was secret
        # in it to this reader (a replay's: to a spectator).
        self.shown: list[tuple[str, bm.State, set[int]]] = []

    def run(self) -> Iterator[str]:
        for f in self.truth.failures:
            yield f"the rules logged an entry its readers may not read: {f}"
        records = self.rec.records
        for i, r in enumerate(records):
            yield from self.everywhere(r)
            if r.kind == "sent":
                continue
            if r.kind == "dom":
                yield from self.dom(r)
            elif PUBLIC.search(r.url) and r.kind == "http":
                continue
            elif r.ply is not None or (isinstance(r.data, dict) and "view" in r.data and "step" in r.data):
                yield from self.state(r)
            elif isinstance(r.data, (dict, list)):
                yield from self.other(r, self.window(records, i), self.echo(records, i))

    # -- everywhere ------------------------------------------------------------------------------
    def everywhere(self, r: Record) -> Iterator[str]:
        texts = [r.text, *(r.dom.get(k, "") for k in ("inner", "storage"))]
        for text in texts:
            if self.seed.search(text):
                yield f"{r.where}: the game's seed"
            for s in self.forbidden:
                if s in text:
                    yield f"{r.where}: another seat's token (or a token hash)"
            if r.kind != "dom" and not PUBLIC.search(r.url):
                for key in STATE_KEYS:
                    if key in text.replace(" ", ""):
                        yield f"{r.where}: a field of the engine's state JSON ({key})"

    # -- the plies a message stands for ----------------------------------------------------------
    def window(self, records: list[Record], i: int) -> range:
        """The plies between the last state before record ``i`` and the first after it."""
        before = next((r.ply for r in reversed(records[:i]) if r.ply is not None), 0)
        after = next((r.ply for r in records[i + 1:] if r.ply is not None), self.truth.plies()[-1])
        return range(min(before, after), max(before, after) + 1)

    def echo(self, records: list[Record], i: int) -> set[int]:
        """The cards the page named in the last thing it sent before record ``i``."""
        sent = next((r for r in reversed(records[:i]) if r.kind == "sent"), None)
        return named_cards(sent.text, self.game) if sent is not None else set()

    # -- card rules ---------------------------------------------------------------------------------
    def cards(self, value: Any, secret: set[int], where: str, skip: tuple[str, ...] = ()) -> Iterator[str]:
        """Card numbers under card keys, card names in any string of ``value``
        (keys in ``skip`` left out: the log, checked entry by entry)."""
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if k not in skip}
        leaked = set(_numbers(value)) & secret
        if leaked:
            yield f"{where}: secret cards {sorted(leaked)} under card keys"
        named = named_cards(json.dumps(value, ensure_ascii=False), self.game) & secret
        if named:
            yield f"{where}: names secret cards {sorted(named)}"
        deck = self.shown[-1][1].data["deck"] if self.shown else []
        if len(deck) >= 4:
            compact = json.dumps(value, separators=(",", ":"))
            for run in (deck[:4], deck[-4:]):
                for r in (run, run[::-1]):
                    p = ",".join(map(str, r))
                    if re.search(rf"(?<![\d.]){p}(?![\d.])", compact):
                        yield f"{where}: the draw pile's order ({p})"

    def state(self, r: Record) -> Iterator[str]:
        msg = r.data
        assert isinstance(msg, dict)
        view = msg["view"]
        lang = (msg.get("text") or {}).get("lang")
        if "step" in msg and r.ply is None:  # a replay step: a spectator's view of a finished game
            state = self.truth.step(msg["step"])
            where = f"{r.where} step {msg['step']}"
            secret = self.truth.secret_of(state, None)
            self.shown.append((f"step {msg['step']}", state, secret))
            if view != _plain(state.view(None, log=False)):
                yield f"{where}: not the spectator's view of this step"
            if view.get("viewer") is not None or view.get("hand"):
                yield f"{where}: a replay holds a seat's view"
            log = visible(state.data["log"], None)
            start, entries = msg["log"]["start"], msg["log"]["entries"]
            if json.loads(json.dumps(log[start:start + len(entries)])) != entries or start + len(entries) != len(log):
                yield f"{where}: log entries that are not the spectator's log at this step"
            yield from self.cards(_no_effects(view), secret, where)
            yield from self.words(msg.get("text"), entries, lang, secret, where)
            yield from self.cards({"action": msg.get("action")}, secret, where + " action")
            # A 13 Days agenda kept in secret is no card: the action that kept it names it.
            action = msg.get("action") or ""
            if action.startswith("agenda ") and msg["step"] > 0:
                mover = self.truth.step(msg["step"] - 1).current_player
                if (view.get("agendas") or {}).get(mover, {}).get("kept") == "hidden":
                    yield f"{where}: the action names the agenda {mover} keeps in secret ({action!r})"
            return
        ply = msg["ply"]
        where = f"{r.where} ply {ply}"
        if ply not in self.truth.ledger.states:
            yield f"{where}: a state at a ply the game never stood at"
            return
        state = self.truth.ledger.state(ply)
        secret = self.truth.secret(ply, self.seat)
        self.shown.append((f"ply {ply}", state, secret))
        if msg.get("seat") != self.seat or view.get("viewer") != self.seat:
            yield f"{where}: the view of {msg.get('seat')}/{view.get('viewer')}, not of {self.seat}"
        # Exactly the reader's view (a kept agenda, say, is no card: it is
        # hidden by the view itself, which the engine scanner checks).
        if view != _plain(state.view(self.seat, log=False)):
            yield f"{where}: not {self.seat or 'a spectator'}'s view at this ply: {_diff(view, state, self.seat)}"
        yield from self.cards(_no_effects(view), secret, where + " view")
        yield from self.cards({k: v for k, v in msg.items() if k not in ("view", "log", "text")}, secret, where)
        # Each log entry is the one this reader may read at that place of its log.
        readable = self.truth.ledger.readable(ply, self.seat)
        start, entries = msg["log"]["start"], msg["log"]["entries"]
        if start + len(entries) != len(readable):
            yield f"{where}: a log of {start}+{len(entries)} entries, the reader may read {len(readable)}"
        for k, e in enumerate(entries):
            if start + k >= len(readable) or json.loads(json.dumps(readable[start + k])) != e:
                yield f"{where}: log entry {start + k} is not the one it may read: {e}"
                break
        yield from self.words(msg.get("text"), entries, lang, secret, where)

    def words(self, text: dict[str, Any] | None, entries: list[dict[str, Any]], lang: str | None,
              secret: set[int], where: str) -> Iterator[str]:
        """The position in words: log sentence i renders entry i; the rest names no secret card."""
        if not text:
            return
        if text.get("log") != [render(e, lang or "en") for e in entries]:
            yield f"{where}: log sentences that are not its entries rendered"
        self.sentences.update(text.get("log") or ())
        for e in entries:  # the same entries in the other language too (the page may switch)
            for other in LANGS:
                self.sentences.add(render(e, other))
        yield from self.cards({k: v for k, v in text.items() if k != "log"}, secret, where + " text")

    def other(self, r: Record, plies: range, echo: set[int]) -> Iterator[str]:
        secret = self.truth.secret_over(plies, self.seat) - echo
        yield from self.cards(r.data, secret, f"{r.where} (plies {plies.start}-{plies.stop - 1})")

    # -- the DOM ------------------------------------------------------------------------------------------
    def dom(self, r: Record) -> Iterator[str]:
        # The page shows the last state it received, or the one before while
        # it has not handled the last yet: what was secret in both.
        shown = self.shown[-2:] or [("ply 0", self.truth.ledger.state(0), self.truth.secret(0, self.seat))]
        secret = set.intersection(*(sec for _, _, sec in shown))
        state = shown[-1][1]
        where = f"{r.where} ({' or '.join(label for label, _, _ in shown)})"
        attrs = r.dom["attrs"]
        for tag, name, value in attrs:
            if CARD_ATTR.match(name):
                nums = {int(v) for v in re.findall(r"\d+", value)}
                if nums & secret:
                    yield f"{where}: <{tag} {name}={value!r}> is a secret card"
            elif value[:1] in "{[":
                try:
                    data = json.loads(value)
                except ValueError:
                    data = None
                if data is not None and set(_numbers(data)) & secret:
                    yield f"{where}: <{tag} {name}> holds secret cards {sorted(set(_numbers(data)) & secret)}"
        effects = self.effect_names(state)
        strip = (*sorted(self.sentences, key=len, reverse=True), *self.names.texts, *effects)
        for tag, name, value in attrs:
            named = named_cards(_without(value, strip), self.game) & secret
            if named:
                yield f"{where}: <{tag} {name}={value[:120]!r}> names secret cards {sorted(named)}"
        text = _without("\n".join(r.dom["texts"]), strip)
        named = named_cards(text, self.game) & secret
        if named:
            yield f"{where}: the page's text names secret cards {sorted(named)}: {_around(text, named, self.game)}"
        storage = r.dom.get("storage") or ""
        named = named_cards(storage, self.game) & secret
        if named:
            yield f"{where}: the page's storage names secret cards {sorted(named)}"
        try:
            held = json.loads(storage)
        except ValueError:
            held = None
        if held is not None:
            for raw in _strings(held):
                try:
                    inner = json.loads(raw)
                except ValueError:
                    continue
                if set(_numbers(inner)) & secret:
                    yield f"{where}: the page's storage holds secret cards {sorted(set(_numbers(inner)) & secret)}"

    def effect_names(self, state: bm.State) -> tuple[str, ...]:
        """The names (every language) of the effects in play in ``state``."""
        keys = state.view(self.seat, log=False).get("effects") or {}
        return tuple(n for k in keys for n in self.names.effects.get(k, (k,)))


def _no_effects(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its effects in play: they are named after the cards
    that started them, which were played in the open."""
    return {k: v for k, v in view.items() if k != "effects"}


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _diff(view: dict[str, Any], state: bm.State, seat: str | None) -> str:
    want = _plain(state.view(seat, log=False))
    keys = sorted(k for k in {*view, *want} if view.get(k) != want.get(k))
    return ", ".join(f"{k}: {json.dumps(view.get(k))[:80]} instead of {json.dumps(want.get(k))[:80]}" for k in keys[:4])


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _around(text: str, cards: set[int], game: str) -> str:
    for name, n in names_of(game).by_name.items():
        if n in cards and name in text:
            at = text.index(name)
            return repr(text[max(0, at - 150):at + 80])
    return repr(text[:200])


def wait_until(check: Any, timeout: float = 20.0, every: float = 0.05) -> Any:
    """Poll ``check()`` until it returns something true."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, "timed out"
        time.sleep(every)


__all__ = ["CARD_KEYS", "EXCLUDE", "PageRecorder", "Record", "Truth", "named_cards", "names_of", "wait_until"]
