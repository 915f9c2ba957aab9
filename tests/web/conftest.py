"""Fixtures of the browser tests: a real ``brink serve``, Debian's Chromium, pages that fail on errors.

* ``web_server``: ``brink serve`` in a process of its own on a SQLite file
  (one per test module), with helpers to create games through the API and
  to read them back (:class:`WebServer`).
* ``browser``: headless Chromium at ``BRINK_CHROMIUM`` (default
  ``/usr/bin/chromium``; ``scripts/chromium.sh`` installs Debian's package),
  driven by Playwright for Python. Playwright's own browser download is never
  used. Without Chromium or Playwright the browser tests are skipped, unless
  ``BRINK_REQUIRE_BROWSER=1`` (set by ``./test``, so CI): then they fail.
  One browser per test module: while Playwright's synchronous API runs, the
  process has a running event loop, which the other tests of the same
  pytest worker (``asyncio.run``) must not meet.
* ``pages``: a factory of pages (:class:`Pages`), each in a fresh browser
  context (its own storage) at a viewport (``DESKTOP`` 1366x768, ``PHONE``
  390x844). Every JavaScript error, console error, failed request, failed
  WebSocket and HTTP answer >= 400 is collected; the test fails on any that
  it did not declare expected (``pages.allow``). ``shot(page, step)`` saves
  ``artifacts/screenshots/<test>-<step>.png``; when a test fails, every open
  page is saved as ``<test>-failed-<n>.png``.
* :func:`open_seat`: a seat's page on ``/play/{id}#token=TOKEN``, with a
  :class:`~tests.web.recorder.PageRecorder` attached before it loads.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import httpx
import pytest

from tests.server.conftest import ServerProcess
from tests.web.recorder import PageRecorder, Truth

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
CHROMIUM = os.environ.get("BRINK_CHROMIUM") or "/usr/bin/chromium"
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
#: How long a page may take for anything a test waits for (ms).
TIMEOUT_MS = 15_000


def unavailable(why: str) -> NoReturn:
    """Skip, or fail when the browser tests are required (``./test``, CI)."""
    if os.environ.get("BRINK_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{why} (BRINK_REQUIRE_BROWSER=1: scripts/chromium.sh installs Chromium)", pytrace=False)
    pytest.skip(why)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test, for the fixtures to see whether it failed."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)


# -- the server --------------------------------------------------------------------------------------------
@dataclass
class WebServer:
    """A running ``brink serve`` and the API calls the browser tests need."""

    proc: ServerProcess
    db: str

    @property
    def url(self) -> str:
        return self.proc.url

    def api(self, method: str, path: str, token: str | None = None, **kw: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.request(method, self.url + path, headers=headers, timeout=30, **kw)

    def create(self, game: str, seats: dict[str, str] | None = None, options: dict[str, Any] | None = None,
               listed: bool = True) -> dict[str, Any]:
        """``POST /api/games``; the answer (id, seats with token and url, bots)."""
        body = {"game": game, "seats": seats or {"USSR": "human", "US": "random"}, "options": options or {},
                "listed": listed}
        r = self.api("POST", "/api/games", json=body)
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def state(self, gid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
        """``GET /api/games/{id}`` as a seat (or a spectator)."""
        r = self.api("GET", f"/api/games/{gid}", token, params=params)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def act(self, gid: str, token: str, action: str, ply: int | None = None) -> dict[str, Any]:
        """Play ``action`` for a seat through the API (the other seat, say)."""
        if ply is None:
            ply = self.state(gid, token)["ply"]
        r = self.api("POST", f"/api/games/{gid}/actions", token, json={"action": action, "ply": ply})
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def wait(self, gid: str, until: Callable[[dict[str, Any]], Any], token: str | None = None,
             timeout: float = 30, every: float = 0.05) -> dict[str, Any]:
        """Poll the game until ``until(state)`` holds (a bot's move, the end)."""
        deadline = time.monotonic() + timeout
        while True:
            st = self.state(gid, token)
            if until(st):
                return st
            assert time.monotonic() < deadline, f"timed out at ply {st['ply']} ({st['to_move']} to move)"
            time.sleep(every)

    def truth(self, created: dict[str, Any], finished: bool = False) -> Truth:
        """The game as the server played it, for a recorder's scan (with the
        saved game too once it is over, for replay steps)."""
        gid = created["id"]
        tokens = {side: s["token"] for side, s in created["seats"].items()}
        saved = None
        if finished:
            r = self.api("GET", f"/api/games/{gid}/replay")
            assert r.status_code == 200, r.text
            saved = r.json()
        return Truth.load(self.db, gid, tokens, saved)


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[WebServer]:
    """``brink serve`` on a fresh SQLite file, for the whole module. Its log
    goes to ``artifacts/logs/<module>.log``."""
    db = str(tmp_path_factory.mktemp("web") / "server.sqlite3")
    logs = ARTIFACTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    log = logs / f"{request.module.__name__.rsplit('.', 1)[-1]}-{os.getpid()}.log"
    log.unlink(missing_ok=True)
    proc = ServerProcess(db, log).start()
    try:
        yield WebServer(proc, db)
    finally:
        proc.stop()


# -- the browser ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (``--no-sandbox`` as root, where its sandbox cannot run)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (the dev extra of pyproject.toml)")
    if not os.access(CHROMIUM, os.X_OK):
        unavailable(f"no Chromium at {CHROMIUM}")
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    with sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
        except Exception as exc:
            unavailable(f"Chromium at {CHROMIUM} does not start: {exc}")
        try:
            yield b
        finally:
            b.close()


def _slug(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text).strip("_")


#: The page -> (its Pages, its name), for :func:`shot`.
_OWNERS: dict[int, tuple[Pages, str]] = {}


@dataclass
class Pages:
    """The pages of one test, and everything that went wrong in them."""

    browser: Any
    test: str
    pages: list[tuple[Any, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)
    shots: list[Path] = field(default_factory=list)

    def new(self, viewport: dict[str, int] | None = None, name: str = "", locale: str = "en-US",
            context: Any = None) -> Any:
        """A page in a fresh context (or another tab of ``context``: the same storage)."""
        if context is None:
            context = self.browser.new_context(viewport=viewport or DESKTOP, locale=locale, device_scale_factor=1)
            context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        name = name or f"page{len(self.pages) + 1}"
        self.pages.append((page, name))
        _OWNERS[id(page)] = (self, name)
        self._watch(page, name)
        return page

    def _watch(self, page: Any, name: str) -> None:
        def note(what: str) -> None:
            if not any(p.search(what) for p in self.allowed):
                self.errors.append(f"{name}: {what}")

        def on_console(m: Any) -> None:
            if m.type == "error":
                loc = m.location or {}
                note(f"console error: {m.text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})")

        def on_request_failed(r: Any) -> None:
            failure = r.failure or ""
            if "ERR_ABORTED" not in failure:  # a navigation or reload cancels what is under way
                note(f"request failed: {r.method} {r.url}: {failure}")

        def on_response(r: Any) -> None:
            if r.status >= 400:
                note(f"HTTP {r.status}: {r.request.method} {r.url}")

        def on_socket(ws: Any) -> None:
            ws.on("socketerror", lambda e: note(f"WebSocket error: {ws.url.split('?')[0]}: {e}"))

        page.on("console", on_console)
        page.on("pageerror", lambda e: note(f"JavaScript error: {e}"))
        page.on("requestfailed", on_request_failed)
        page.on("response", on_response)
        page.on("websocket", on_socket)

    def allow(self, pattern: str) -> None:
        """Errors matching ``pattern`` are expected (a refused move, a server stopped on purpose)."""
        self.allowed.append(re.compile(pattern))

    def check(self) -> None:
        """Fail now if anything went wrong in a page so far."""
        errors, self.errors = self.errors, []
        assert not errors, "errors in the pages:\n" + "\n".join(errors[:20])

    def shot(self, page: Any, step: str, full_page: bool = False) -> Path:
        """Save what ``page`` shows as ``artifacts/screenshots/<test>-<step>.png``."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{self.test}-{_slug(step)}.png"
        page.screenshot(path=str(path), full_page=full_page)
        self.shots.append(path)
        return path

    def close(self, failed: bool) -> None:
        for page, name in self.pages:
            _OWNERS.pop(id(page), None)
            if failed and not page.is_closed():
                with contextlib.suppress(Exception):  # a page that died with the failure shows nothing
                    self.shot(page, f"failed-{name}", full_page=True)
        contexts = {id(p.context): p.context for p, _ in self.pages}
        for context in contexts.values():
            with contextlib.suppress(Exception):
                context.close()


def shot(page: Any, step: str, full_page: bool = False) -> Path:
    """Save what ``page`` shows as ``artifacts/screenshots/<test>-<step>.png``."""
    owner, _ = _OWNERS[id(page)]
    return owner.shot(page, step, full_page)


@pytest.fixture
def pages(browser: Any, request: pytest.FixtureRequest) -> Iterator[Pages]:
    """Pages for this test; it fails on any error in them that it did not allow."""
    p = Pages(browser, _slug(request.node.name))
    try:
        yield p
    finally:
        call = getattr(request.node, "rep_call", None)
        failed = call is None or call.failed
        p.close(failed)
    if not failed and p.errors:
        pytest.fail("errors in the pages:\n" + "\n".join(p.errors[:20]), pytrace=False)


# -- playing by clicks -----------------------------------------------------------------------------------------
ACTIONS = ".table-root [data-action], .decision [data-action]"
SHOWN = f"""() => [...document.querySelectorAll('{ACTIONS}')].map(e => e.dataset.action).sort()"""


def wait_offered(page: Any, legal: list[str], timeout: float = 10_000) -> None:
    """Until ``page`` offers exactly the legal actions (its state is the
    server's), on the table and in the decision panel: for a table that
    shows every legal action at once (13 Days; not a Twilight Struggle
    country whose several actions open a chooser)."""
    page.wait_for_function(f"""(legal) => {{
        const shown = ({SHOWN})();
        return JSON.stringify(shown) === JSON.stringify(legal) && !document.querySelector('.game-page.busy');
      }}""", arg=sorted(legal), timeout=timeout)


def click(page: Any, action: str) -> None:
    """Click the control of ``action``; confirm when the page asks."""
    page.locator(f'[data-action="{action}"]').first.click()
    dialog = page.locator("dialog.confirm[open]")
    if dialog.count():
        page.locator('[data-confirm="yes"]').click()


# -- seats -----------------------------------------------------------------------------------------------------
@dataclass
class Seat:
    """A seat's page of a game, with what it received and held."""

    page: Any
    side: str
    game: str
    created: dict[str, Any]
    recorder: PageRecorder

    @property
    def gid(self) -> str:
        return str(self.created["id"])

    @property
    def token(self) -> str:
        return str(self.created["seats"][self.side]["token"])

    def snapshot(self, label: str) -> None:
        """Keep what the page holds now, for the leak scan."""
        self.recorder.snapshot(self.page, label)

    def check_hidden(self, server: WebServer, label: str = "end", min_states: int = 1) -> None:
        """Snapshot the page and scan everything it received and held."""
        self.snapshot(label)
        finished = server.state(self.gid)["status"] == "over"
        self.recorder.check(server.truth(self.created, finished), min_states=min_states)


def lobby_with_a_friend(host: Any, server: WebServer, game: str, me: str = "USSR", friend: str = "US") -> None:
    """Fill the lobby's form as a player does: ``game``, me at one seat and a
    friend by link at the other (the caller clicks "create")."""
    host.goto(server.url + "/")
    host.click(f'[data-game="{game}"]')
    host.select_option(f'[data-seat-kind="{me}"]', "me")
    host.select_option(f'[data-seat-kind="{friend}"]', "friend")


def play_url(server: WebServer, created: dict[str, Any], side: str) -> str:
    """A seat's page: ``/play/{id}#token=TOKEN``."""
    return f"{server.url}/play/{created['id']}#token={created['seats'][side]['token']}"


def open_seat(pages: Pages, server: WebServer, created: dict[str, Any], side: str,
              viewport: dict[str, int] | None = None, locale: str = "en-US", context: Any = None,
              wait_for: str | None = "[data-action], [data-card], [data-country], [data-arena]") -> Seat:
    """Open ``side``'s page of game ``created`` (recorded from its first byte)
    and wait until it shows the game (``wait_for``, a selector; None: do not wait)."""
    page = pages.new(viewport, name=side, locale=locale, context=context)
    recorder = PageRecorder(created["game"], side, created["id"]).attach(page)
    page.goto(play_url(server, created, side))
    if wait_for:
        page.wait_for_selector(wait_for, state="attached")
    return Seat(page, side, created["game"], created, recorder)
