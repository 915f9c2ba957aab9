"""The 13 Days table in a real browser, against a real server process.

Two human seats of one game, each in its own Chromium page: the moves are
made by clicking what the table (js/thirteen.js) and the shell's decision
panel offer, as a player would. What the table promises (docs: the brief of
issue 14):

- every legal action of the seat to move is offered exactly once, by the
  table (an arena, a DEFCON cell, a card, the offer, an agenda, the Letter)
  or by the panel, each control carrying ``data-action``;
- the nine arenas carry ``data-arena``, the hand's cards ``data-card``, and
  no card of the opponent's hand is anywhere in a seat's page;
- the opponent's event offered to me is an accept/decline on the table,
  with the card and its text;
- the table reads in Russian and fits a phone's width.

Screenshots go to ``artifacts/screenshots/``. The browser is conftest's
(Debian's Chromium; without it the tests skip, unless
``BRINK_REQUIRE_BROWSER=1`` (``./test``), which makes them fail).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.conftest import ROOT, ServerProcess

ARTIFACTS = ROOT / "artifacts" / "screenshots"
SIDES = ("USSR", "US")
CARDS = "els => els.map(e => e.dataset.card)"

pw = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("thirteen-table")
    srv = ServerProcess(str(tmp / "server.sqlite3"), tmp / "server.log").start()
    try:
        yield srv
    finally:
        srv.stop()


class Game:
    """A 13 Days game with two human seats, read and played through the API."""

    def __init__(self, srv: ServerProcess) -> None:
        r = httpx.post(srv.url + "/api/games", json={"game": "thirteen", "seats": {"USSR": "human", "US": "human"}})
        assert r.status_code == 201, r.text
        self.srv = srv
        self.created = r.json()
        self.id = self.created["id"]
        self.token = {sd: self.created["seats"][sd]["token"] for sd in SIDES}

    def state(self, side: str) -> dict[str, Any]:
        r = httpx.get(f"{self.srv.url}/api/games/{self.id}",
                      headers={"Authorization": f"Bearer {self.token[side]}"})
        return r.json()  # type: ignore[no-any-return]

    def play(self, side: str, action: str) -> dict[str, Any]:
        ply = self.state(side)["ply"]
        r = httpx.post(f"{self.srv.url}/api/games/{self.id}/actions", json={"action": action, "ply": ply},
                       headers={"Authorization": f"Bearer {self.token[side]}"})
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def url(self, side: str) -> str:
        return f"{self.srv.url}/play/{self.id}#token={self.token[side]}"


ERRORS: dict[int, list[str]] = {}


def open_seat(browser: Any, game: Game, side: str, lang: str = "en", size: tuple[int, int] = (1366, 768)) -> Any:
    """A seat's page, with its script errors and console errors kept in ``errors(page)``."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    ctx.add_init_script(f"localStorage.setItem('brink.lang', '{lang}')")
    page = ctx.new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(game.url(side))
    page.wait_for_selector(".td-table")
    return page


def errors(page: Any) -> list[str]:
    return ERRORS[id(page)]


def offered(page: Any) -> tuple[list[str], list[str]]:
    """The data-action controls of the table and of the decision panel."""
    got: tuple[list[str], list[str]] = page.evaluate("""() => [
        [...document.querySelectorAll('.td [data-action]')].map(e => e.dataset.action),
        [...document.querySelectorAll('.decision [data-action]')].map(e => e.dataset.action)]""")
    return got


def wait_for_ply(page: Any, game: Game, side: str) -> dict[str, Any]:
    """The seat's state once its page shows it: the legal actions are on the page."""
    st = game.state(side)
    legal = sorted(st["view"].get("legal_actions") or [])
    try:
        page.wait_for_function("""(legal) => {
            const shown = [...document.querySelectorAll('.td [data-action], .decision [data-action]')]
              .map(e => e.dataset.action).sort();
            return JSON.stringify(shown) === JSON.stringify(legal);
          }""", arg=legal, timeout=10000)
    except pw.TimeoutError:
        table, panel = offered(page)
        shot(page, "timeout")
        pytest.fail(f"{side}'s page offers {table} on the table and {panel} in the panel; legal: {legal}; "
                    f"decision {st['view']['decision']}")
    return st


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"thirteen-{name}.png"), full_page=True)


def test_a_round_by_clicking_offers_every_legal_action_once(server: ServerProcess, browser: Any) -> None:
    """Round 1, both seats clicking at random among what their page offers:
    agendas, the initiative, Commands cube by cube, events, offers, the
    Letter. At every decision each legal action is on the page exactly once
    (the table's or the panel's), and no page holds the other hand's cards."""
    game = Game(server)
    pages = {sd: open_seat(browser, game, sd) for sd in SIDES}
    rng = random.Random(14)
    kinds = set()
    for _ in range(80):
        probe = game.state("USSR")
        side = probe["to_move"]
        if probe["status"] != "running" or probe["view"]["round"] > 1:
            break
        page = pages[side]
        st = wait_for_ply(page, game, side)
        legal = st["view"]["legal_actions"]
        table, panel = offered(page)
        assert sorted(table + panel) == sorted(legal)  # each one once
        assert not set(table) & set(panel)
        kinds.add(st["view"]["decision"]["kind"])
        assert page.locator(".td [data-arena]").count() == 9
        mine = sorted(int(n) for n in page.eval_on_selector_all(".td-hand [data-card]", CARDS))
        assert mine == sorted(st["view"]["hand"])
        theirs = game.state("US" if side == "USSR" else "USSR")["view"]["hand"]
        shown = {int(n) for n in page.eval_on_selector_all("[data-card]", CARDS)}
        assert not shown & set(theirs)
        commands = [a for a in legal if a.startswith("command ")]
        # One Command at least, cube by cube; then whatever comes.
        action = commands[0] if commands and "command" not in kinds else rng.choice(legal)
        page.locator(f'[data-action="{action}"]').click()
        if page.locator("dialog.confirm").count():
            shot(page, "round-confirm")
            page.click('[data-confirm="yes"]')
        for _ in range(100):
            if game.state(side)["ply"] != st["ply"]:
                break
            page.wait_for_timeout(50)
    shot(pages["USSR"], "round-ussr")
    shot(pages["US"], "round-us")
    assert {"agenda", "turn", "command"} <= kinds
    for sd in SIDES:
        assert errors(pages[sd]) == []
        pages[sd].context.close()


def reach_offer(game: Game, to: str, rng: random.Random) -> dict[str, Any] | None:
    """Play both seats at random through the API until ``to`` is offered an event."""
    for _ in range(150):
        st = game.state(to)
        if st["status"] != "running":
            return None
        dec = st["view"]["decision"]
        if st["to_move"] == to and dec["kind"] == "offer":
            return st
        mover = st["to_move"]
        game.play(mover, rng.choice(game.state(mover)["view"]["legal_actions"]))
    return None


def test_the_opponents_event_offered_is_an_accept_or_decline_on_the_table(
        server: ServerProcess, browser: Any) -> None:
    rng = random.Random(3)
    for _ in range(10):
        game = Game(server)
        st = reach_offer(game, "US", rng)
        if st is not None:
            break
    else:
        pytest.fail("no offer in ten random games")
    card = st["view"]["decision"]["card"]
    page = open_seat(browser, game, "US")
    wait_for_ply(page, game, "US")
    offer = page.locator(".td-offer")
    assert offer.is_visible()
    assert offer.locator(f'[data-card="{card}"]').count() == 1
    text = httpx.get(server.url + "/api/catalog/en").json()[f"thirteen.text.{card}"]
    assert text in offer.inner_text()
    assert page.locator('.td-offer [data-action="accept"]').is_visible()
    assert page.locator('.td-offer [data-action="decline"]').is_visible()
    assert page.locator('.decision [data-action="accept"], .decision [data-action="decline"]').count() == 0
    shot(page, "offer")
    page.click('[data-action="accept"]')
    for _ in range(100):
        if game.state("US")["ply"] != st["ply"]:
            break
        page.wait_for_timeout(50)
    codes = [e["code"] for e in game.state("US")["log"]["entries"]]
    assert "thirteen.offer.accept" in codes
    assert errors(page) == []
    page.context.close()


def test_the_table_reads_in_russian_on_a_phone(server: ServerProcess, browser: Any) -> None:
    game = Game(server)
    page = open_seat(browser, game, "USSR", lang="ru", size=(390, 844))
    wait_for_ply(page, game, "USSR")
    ru = httpx.get(server.url + "/api/catalog/ru").json()
    names = page.eval_on_selector_all(".td-arena", "els => els.map(e => [e.dataset.arena, "
                                      "e.querySelector('.td-arena-name').textContent])")
    assert len(names) == 9
    for arena, shown in names:
        assert shown == ru[f"thirteen.name.arena.{arena}"]
    assert page.eval_on_selector_all(".td-cat h3", "els => els.map(e => e.textContent)") == [
        ru[f"thirteen.name.track.{t}"] for t in ("Military", "Political", "World Opinion")]
    # Nothing wider than the phone: the table stacks.
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    # The agendas to keep are on the table, in Russian.
    agendas = page.eval_on_selector_all(".td-agenda", "els => els.map(e => e.textContent)")
    assert agendas and all(ru["web.thirteen.do.agenda"] in a for a in agendas)
    shot(page, "phone-ru")
    assert errors(page) == []
    page.context.close()
