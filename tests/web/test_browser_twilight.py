"""Twilight Struggle in a real browser, by clicks (issue 14, items 3, 6, 7).

* From the lobby, a game as the USSR against the heuristic bot: the set-up
  placements clicked on the map, the US bot's set-up, a headline clicked in
  the hand, an action round's operations placed on the map (the page
  reloaded mid-round, then closed and resumed through "My games"), and a
  coup through a country's chooser, whose dice and modifiers the table
  shows. After each step the table (every box's influence, the DEFCON, VP,
  turn, round, military operations and Space Race tracks, The China Card,
  the hand) and the actions it offers are the server's.
* A USSR coup in a battleground at DEFCON 2 (reached by both seats playing
  through the API): the page asks first, naming why; "no" sends nothing,
  "yes" plays it and the game is lost.
* The map by keyboard: Tab to a lit country, Enter places; Enter on a
  country with several actions opens its chooser, whose buttons take Tab
  and Enter.
* A 390x844 phone: no horizontal overflow of the page, the map, the hand
  and the decision reachable, a placement by tapping.

Every page is recorded from its first byte and scanned for any card hidden
from its seat (what it received and what its DOM held); every step saves a
screenshot in ``artifacts/screenshots/``.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.i18n import catalog, name, text
from tests.web.conftest import DESKTOP, PHONE, TIMEOUT_MS, Pages, Seat, WebServer, open_seat, shot
from tests.web.flows import (
    TW_BATTLEGROUNDS,
    TW_CARDS,
    click_action,
    css,
    defcon2_pick,
    influence,
    log_lines,
    ops_card,
    play_until,
    read_twilight,
    wait_state,
    wait_twilight,
)
from tests.web.recorder import PageRecorder

SETUP_ORDER = ["Poland", "East Germany", "Yugoslavia", "Czechoslovakia", "Hungary", "Poland", "Romania", "Bulgaria"]
#: Collects what the roll box showed in every state the page drew (the bot
#: moves right after my coup: its state may replace mine before a test looks).
WATCH_ROLLS = """() => {
  window.__rolls = [];
  const root = document.querySelector('.table-root');
  new MutationObserver(() => {
    const box = document.querySelector('.tw-roll');
    if (!box || box.hidden) return;
    const dice = [...box.querySelectorAll('.tw-die')].map((d) => d.getAttribute('aria-label'));
    const seen = {kind: box.dataset.roll, text: box.innerText, dice};
    const last = window.__rolls[window.__rolls.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(seen)) window.__rolls.push(seen);
  }).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def mine(server: WebServer, gid: str, token: str, ply: int = -1) -> dict[str, Any]:
    """The game when it is the USSR's move again after ``ply`` (the bot has moved)."""
    return wait_state(server, gid, token,
                      lambda s: s["ply"] > ply and (s["to_move"] == "USSR" or s["status"] == "over"))


def click_country(page: Any, country: str, action: str) -> None:
    """Click a lit country on the map that offers exactly ``action``."""
    box = page.locator(f".tw-map [data-country={css(country)}]")
    assert box.get_attribute("data-action") == action
    assert "legal" in (box.get_attribute("class") or "")
    box.click()


def other_decision(page: Any, st: dict[str, Any]) -> None:
    """Answer a decision the test has no plan for (an event's question): a
    placement on the map if there is one, else the first legal action the
    server does not warn about."""
    legal = [a for a in st["view"]["legal_actions"] if a not in st["text"]["warnings"]]
    place = [a for a in legal if a.startswith("place ") and st["view"]["control"].get(a[6:]) != "US"]
    click_action(page, (place or legal)[0])


def test_a_game_against_the_bot_from_the_lobby_by_clicks(pages: Pages, web_server: WebServer) -> None:
    # -- the lobby: me as the USSR, the heuristic bot as the US --------------------------------------------
    page = pages.new(DESKTOP, name="USSR")
    rec = PageRecorder("twilight", "USSR").attach(page)
    page.goto(web_server.url + "/")
    page.click('[data-game="twilight"]')
    page.select_option('[data-seat-kind="USSR"]', "me")
    page.select_option('[data-seat-kind="US"]', "bot")
    page.select_option('[data-seat-bot="US"]', "heuristic")
    shot(page, "lobby")
    with page.expect_response(lambda r: r.url.endswith("/api/games") and r.request.method == "POST") as answer:
        page.click("[data-create]")
    created = answer.value.json()
    page.wait_for_url("**/play/**")
    gid, token = created["id"], created["seats"]["USSR"]["token"]
    assert created["bots"] == {"US": "heuristic"} and set(created["seats"]) == {"USSR"}
    rec.game_id = gid
    seat = Seat(page, "USSR", "twilight", created, rec)

    # -- the set-up: six influence in Eastern Europe, one click each ---------------------------------------
    st = mine(web_server, gid, token)
    wait_twilight(page, st)
    assert st["view"]["decision"]["kind"] == "setup"
    us_before = sum(st["view"]["influence"]["US"].values())
    shot(page, "setup")
    placed = 0
    while st["view"]["decision"]["kind"] == "setup" and st["to_move"] == "USSR":
        legal = st["view"]["legal_actions"]
        country = next(c for c in SETUP_ORDER if f"place {c}" in legal)
        before = influence(st, "USSR", country)
        click_country(page, country, f"place {country}")
        st = mine(web_server, gid, token, st["ply"])
        assert influence(st, "USSR", country) == before + 1
        wait_twilight(page, st)
        placed += 1
    assert placed == 6
    # The US bot has placed its seven in Western Europe: the page shows them.
    assert st["view"]["decision"]["kind"] == "headline"
    assert sum(st["view"]["influence"]["US"].values()) == us_before + 7, st["view"]["influence"]["US"]
    shot(page, "after-setup")
    seat.snapshot("after set-up")

    # -- the headline: a card of my hand, its headline button ---------------------------------------------
    heads = [a for a in st["view"]["legal_actions"] if a.startswith("headline ")]
    head = next((a for a in heads if not TW_CARDS[a[9:]]["scoring"]), heads[0])
    card = TW_CARDS[head[9:]]["number"]
    page.locator(f'.tw-hand .tw-card:has([data-card="{card}"]) [data-action={css(head)}]').click()
    st = mine(web_server, gid, token, st["ply"])
    while not (st["view"]["decision"]["kind"] == "action" and st["view"]["action_round"] == 1):
        wait_twilight(page, st)
        other_decision(page, st)  # my headline's event may ask me things
        st = mine(web_server, gid, token, st["ply"])
    wait_twilight(page, st)
    entries = st["log"]["entries"]
    assert st["log"]["start"] == 0 and len(entries) == len(st["text"]["log"])
    told = next(i for i, e in enumerate(entries) if e["code"].startswith("twilight.headline.revealed"))
    assert entries[told]["args"]["card"] == card
    assert st["text"]["log"][told] in log_lines(page)
    shot(page, "headline")
    seat.snapshot("after the headlines")

    # -- action round 1: a card for operations, placed on the map -------------------------------------------
    play = ops_card(st["view"]["legal_actions"], "USSR")
    assert play, st["view"]["legal_actions"]
    click_action(page, play)
    st = mine(web_server, gid, token, st["ply"])
    if st["view"]["decision"]["kind"] == "order":  # a US card: its event after my operations
        wait_twilight(page, st)
        click_action(page, play)
        st = mine(web_server, gid, token, st["ply"])
    assert st["view"]["decision"]["kind"] == "ops"
    wait_twilight(page, st)
    shot(page, "ops-lit")
    resumed = False
    while st["view"]["decision"]["kind"] == "ops" and st["to_move"] == "USSR":
        control = st["view"]["control"]
        legal = st["view"]["legal_actions"]
        # One op each: a country the US does not control; alone on its box (no coup there).
        places = [a[6:] for a in legal if a.startswith("place ") and control.get(a[6:]) != "US"
                  and f"coup {a[6:]}" not in legal]
        country = places[0]
        before = influence(st, "USSR", country)
        left = st["view"]["decision"]["ops"]
        click_country(page, country, f"place {country}")
        st = mine(web_server, gid, token, st["ply"])
        assert influence(st, "USSR", country) == before + 1
        wait_twilight(page, st)
        if not resumed and st["view"]["decision"]["kind"] == "ops":
            assert st["view"]["decision"]["ops"] < left  # (by more than 1 when a regional bonus is lost)
            prompt = page.locator("[data-prompt]").inner_text()
            # -- reload mid-round: the same position --------------------------------------------------------
            page.reload()
            page.wait_for_selector('[data-conn="open"]')
            assert web_server.state(gid, token)["ply"] == st["ply"]
            wait_twilight(page, st)
            assert page.locator("[data-prompt]").inner_text() == prompt
            shot(page, "reloaded")
            # -- the tab closed: "My games" lists it, Resume reopens it -------------------------------------
            page.goto(web_server.url + "/")
            row = page.locator(f'[data-my-game="{gid}"]')
            row.wait_for()
            assert "your-move" in (row.get_attribute("class") or "").split()
            assert catalog("en")["web.turn.you"] in row.inner_text()
            shot(page, "my-games")
            row.locator(f'[data-resume="{gid}"]').click()
            page.wait_for_url(f"**/play/{gid}**")
            page.wait_for_selector('[data-conn="open"]')
            wait_twilight(page, st)
            assert page.locator("[data-prompt]").inner_text() == prompt
            resumed = True
    assert resumed
    seat.snapshot("after the operations")

    # -- whatever follows (the US card's event, the bot's round), up to my next round -----------------------
    while not (st["view"]["decision"]["kind"] == "action" and st["view"]["action_round"] == 2):
        wait_twilight(page, st)
        other_decision(page, st)
        st = mine(web_server, gid, token, st["ply"])
    wait_twilight(page, st)
    shot(page, "round-2")

    # -- action round 2: a coup through a country's chooser --------------------------------------------------
    play = ops_card(st["view"]["legal_actions"], "USSR")
    assert play
    click_action(page, play)
    st = mine(web_server, gid, token, st["ply"])
    if st["view"]["decision"]["kind"] == "order":
        wait_twilight(page, st)
        click_action(page, play)
        st = mine(web_server, gid, token, st["ply"])
    wait_twilight(page, st)
    legal = st["view"]["legal_actions"]
    coups = sorted((a[5:] for a in legal if a.startswith("coup ") and a not in st["text"]["warnings"]),
                   key=lambda c: (c not in TW_BATTLEGROUNDS, c))
    assert coups, legal
    target = coups[0]
    box = page.locator(f".tw-map [data-country={css(target)}]")
    assert f"coup {target}" in (box.get_attribute("data-actions") or "").split("|")
    box.click()
    chooser = page.locator(".tw-chooser")
    chooser.locator(f"[data-action={css(f'coup {target}')}]").wait_for()
    assert sorted(chooser.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")) == sorted(
        a for a in legal if a.split(" ", 1)[1] == target)
    shot(page, "chooser")
    page.evaluate(WATCH_ROLLS)
    defcon, milops = st["view"]["defcon"], st["view"]["milops"]["USSR"]
    ply = st["ply"]
    chooser.locator(f"[data-action={css(f'coup {target}')}]").click()
    st = mine(web_server, gid, token, ply)
    entries = web_server.state(gid, token)["log"]["entries"]
    roll = next(e for e in reversed(entries) if e["code"] in ("twilight.coup.success", "twilight.coup.fails")
                and e["args"]["country"] == target)
    a = roll["args"]
    math = text("web.twilight.roll.coup_math", "en", roll=a["roll"], ops=a["ops"], defense=a["defense"],
                total=a["total"])
    head = text("web.twilight.roll.coup", "en", side=catalog("en")["side.USSR"],
                country=name("twilight", "country", target, "en"))
    seen = page.evaluate("window.__rolls")
    assert any(r["kind"] == "coup" and r["dice"] == [str(a["roll"])] and math in r["text"]
               and head in r["text"] for r in seen), seen
    # The coup is in the log, in the server's words; DEFCON fell for a battleground, my military operations rose.
    coup_line = next(line for line in reversed(st["text"]["log"]) if line.startswith(f"Coup in {target}: roll"))
    assert coup_line in log_lines(page)
    after = entries[entries.index(roll) + 1]
    if target in TW_BATTLEGROUNDS:
        assert after["code"] == "twilight.defcon.falls" and after["args"]["defcon"] == defcon - 1, after
    wait_twilight(page, st)
    assert read_twilight(page)["milops"] == sorted(f"{sd} {n}" for sd, n in st["view"]["milops"].items())
    assert st["view"]["milops"]["USSR"] > milops
    page.locator(".tw-roll:not([hidden]) .tw-die").first.wait_for()
    assert log_at_end(page), "the log panel does not show its newest lines"
    shot(page, "coup")
    seat.check_hidden(web_server, "end", min_states=20)
    pages.check()


def log_at_end(page: Any) -> bool:
    """The log panel shows its newest line (scrolled to its end)."""
    return bool(page.evaluate("""() => {
      const list = document.querySelector('.log');
      return list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
    }"""))


def sent(seat: Seat) -> int:
    return seat.recorder.count("sent")


def test_a_coup_that_would_bring_defcon_1_is_confirmed_first(pages: Pages, web_server: WebServer) -> None:
    """Both seats play through the API (coups in battlegrounds take DEFCON
    down to 2) to a USSR operations decision where a coup in a battleground
    would bring DEFCON 1; the USSR's page then plays it by clicks."""
    created = web_server.create("twilight", {"USSR": "human", "US": "human"})
    gid = created["id"]
    tokens = {side: s["token"] for side, s in created["seats"].items()}
    st = play_until(web_server, gid, tokens, defcon2_pick,
                    lambda s: s["to_move"] == "USSR" and any(a.startswith("coup ") for a in s["text"]["warnings"]))
    assert st["view"]["defcon"] == 2 and st["view"]["decision"]["kind"] == "ops"
    warned = sorted(a for a in st["text"]["warnings"] if a.startswith("coup "))
    action = warned[0]
    target = action[5:]
    reason = st["text"]["warnings"][action]
    assert target in TW_BATTLEGROUNDS and "DEFCON" in reason

    seat = open_seat(pages, web_server, created, "USSR")
    page = seat.page
    wait_twilight(page, st)
    box = page.locator(f".tw-map [data-country={css(target)}]")
    assert "warned" in (box.get_attribute("class") or "").split()
    shot(page, "defcon-2")

    # "No": nothing is sent, the position stays.
    before = sent(seat)
    click_action(page, action, confirm=False)
    page.locator("dialog.confirm").wait_for(state="detached")
    assert web_server.state(gid, tokens["USSR"])["ply"] == st["ply"]
    assert sent(seat) == before
    wait_twilight(page, st)

    # Again, and look at the question: it names the reason.
    box.click()
    if box.get_attribute("data-actions"):
        choice = page.locator(f".tw-chooser [data-action={css(action)}]")
        assert "warned" in (choice.get_attribute("class") or "").split()
        choice.click()
    dialog = page.locator("dialog.confirm[open]")
    dialog.wait_for()
    assert reason in dialog.inner_text()
    shot(page, "confirm")
    seat.snapshot("the question")
    page.locator('dialog.confirm [data-confirm="yes"]').click()

    # "Yes": the coup is played; DEFCON 1 loses the game for the USSR.
    over = wait_state(web_server, gid, tokens["USSR"], lambda s: s["status"] == "over")
    assert over["winner"] == "US" and over["view"]["defcon"] == 1
    assert sent(seat) == before + 1
    page.locator('[data-result="US"]').wait_for()
    assert over["text"]["result"] in page.locator("[data-result]").inner_text()
    wait_twilight(page, over)
    shot(page, "lost")
    seat.check_hidden(web_server, "end")
    pages.check()


def focused(page: Any) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate("""() => {
      const el = document.activeElement;
      return {country: el && el.getAttribute('data-country'), action: el && el.getAttribute('data-action'),
              legal: !!(el && el.classList.contains('legal')), chooser: !!(el && el.closest('.tw-chooser'))};
    }""")
    return got


def tab_until(page: Any, ok: Any, limit: int = 120) -> dict[str, Any]:
    """Press Tab until the focused element is what ``ok`` wants."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if ok(now):
            return now
    raise AssertionError(f"Tab never reached it (last: {focused(page)})")


def test_the_map_by_keyboard(pages: Pages, web_server: WebServer) -> None:
    created = web_server.create("twilight", {"USSR": "human", "US": "heuristic"})
    gid, token = created["id"], created["seats"]["USSR"]["token"]
    seat = open_seat(pages, web_server, created, "USSR")
    page = seat.page
    st = mine(web_server, gid, token)
    wait_twilight(page, st)
    # Tab from the top of the page to the first lit country; Enter places there.
    page.locator(".brand").focus()
    placed = 0
    while st["view"]["decision"]["kind"] == "setup" and st["to_move"] == "USSR":
        now = focused(page) if placed else tab_until(page, lambda f: f["legal"])
        if placed % 2 == 0 and placed:  # every other placement: on to the next lit country
            now = tab_until(page, lambda f, c=now["country"]: f["legal"] and f["country"] != c)
        country = now["country"]
        assert f"place {country}" in st["view"]["legal_actions"]
        before = influence(st, "USSR", country)
        page.keyboard.press("Enter" if placed % 2 == 0 else " ")
        st = mine(web_server, gid, token, st["ply"])
        assert influence(st, "USSR", country) == before + 1
        wait_twilight(page, st)
        assert focused(page)["country"] == country  # the focus stays on the box
        placed += 1
    assert placed == 6
    shot(page, "keyboard-setup")

    # The headline and whatever follows through the API, up to my first action round.
    while not (st["view"]["decision"]["kind"] == "action" and st["view"]["action_round"] == 1):
        legal = [a for a in st["view"]["legal_actions"] if a not in st["text"]["warnings"]]
        web_server.act(gid, token, legal[0], st["ply"])
        st = mine(web_server, gid, token, st["ply"])
    wait_twilight(page, st)
    # The card's Ops button, by Tab from its face; Enter plays it.
    play = ops_card(st["view"]["legal_actions"], "USSR")
    assert play
    number = TW_CARDS[play[4:]]["number"]
    page.locator(f'.tw-hand .tw-card-face[data-card="{number}"]').focus()
    tab_until(page, lambda f: f["action"] == play, limit=6)
    page.keyboard.press("Enter")
    st = mine(web_server, gid, token, st["ply"])
    if st["view"]["decision"]["kind"] == "order":
        wait_twilight(page, st)
        page.locator(f".decision [data-action={css(play)}]").focus()
        page.keyboard.press("Enter")
        st = mine(web_server, gid, token, st["ply"])
    assert st["view"]["decision"]["kind"] == "ops", st["view"]["decision"]
    wait_twilight(page, st)

    # A country with several actions: Enter opens its chooser, focus in it;
    # Escape closes it (the focus back on the box); Tab and Enter choose.
    legal = st["view"]["legal_actions"]
    several = [a[6:] for a in legal if a.startswith("place ") and f"coup {a[6:]}" in legal
               and st["view"]["control"].get(a[6:]) != "US"]
    assert several, legal
    country = several[0]
    # From whatever comes before it in the tab order (Shift+Tab), one Tab. (The
    # first box on the map has no box before it, so no sibling is assumed.)
    page.locator(f".tw-map [data-country={css(country)}]").focus()
    page.keyboard.press("Shift+Tab")
    assert focused(page)["country"] != country
    tab_until(page, lambda f: f["country"] == country, limit=1)
    page.keyboard.press("Enter")
    assert focused(page)["chooser"]
    page.keyboard.press("Escape")
    page.locator(".tw-chooser").wait_for(state="hidden")
    assert focused(page)["country"] == country
    page.keyboard.press("Enter")
    assert focused(page)["chooser"]
    shot(page, "keyboard-chooser")
    now = focused(page)
    if now["action"] != f"place {country}":
        now = tab_until(page, lambda f: f["action"] == f"place {country}", limit=5)
    before = influence(st, "USSR", country)
    page.keyboard.press("Enter")
    st = mine(web_server, gid, token, st["ply"])
    assert influence(st, "USSR", country) == before + 1
    wait_twilight(page, st)
    assert log_at_end(page), "the log panel does not show its newest lines"
    shot(page, "keyboard-placed")
    seat.check_hidden(web_server, "end")
    pages.check()


def test_a_phone_screen_by_taps(pages: Pages, web_server: WebServer) -> None:
    created = web_server.create("twilight", {"USSR": "human", "US": "heuristic"})
    gid, token = created["id"], created["seats"]["USSR"]["token"]
    context = pages.browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    context.set_default_timeout(TIMEOUT_MS)
    seat = open_seat(pages, web_server, created, "USSR", context=context)
    page = seat.page
    st = mine(web_server, gid, token)
    wait_twilight(page, st)
    overflow = """() => ({page: document.documentElement.scrollWidth, body: document.body.scrollWidth,
                          width: window.innerWidth})"""

    def no_overflow() -> None:
        got = page.evaluate(overflow)
        assert got["page"] <= got["width"] and got["body"] <= got["width"], got

    def reachable(selector: str) -> None:
        el = page.locator(selector).first
        el.scroll_into_view_if_needed()
        box = el.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, (selector, box)

    no_overflow()
    shot(page, "phone-top")
    # The map's frame fits the screen; the map pans inside it.
    for selector in (".tw-map-wrap", ".tw-hand-box", ".decision [data-prompt]", ".tw-status [data-defcon]"):
        reachable(selector)
    page.locator(".tw-hand-box").scroll_into_view_if_needed()
    shot(page, "phone-hand")
    page.locator(".decision").scroll_into_view_if_needed()
    shot(page, "phone-decision")

    # Two taps on the fitted map, then zoomed in (the map scrolls inside its frame, not the page).
    for zoom in (False, True):
        if zoom:
            page.locator("[data-zoom]").tap()
            page.locator('[data-zoom="zoomed"]').wait_for()
            no_overflow()
        country = next(c for c in SETUP_ORDER if f"place {c}" in st["view"]["legal_actions"])
        before = influence(st, "USSR", country)
        page.locator(f".tw-map [data-country={css(country)}]").tap()
        st = mine(web_server, gid, token, st["ply"])
        assert influence(st, "USSR", country) == before + 1
        wait_twilight(page, st)
        no_overflow()
        shot(page, f"phone-tapped{'-zoomed' if zoom else ''}")
    seat.check_hidden(web_server, "end")
    pages.check()
