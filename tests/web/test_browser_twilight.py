"""A Twilight Struggle game against the bot, played by clicking the map (issue 14, items 3 and 7).

The USSR's seat does its set-up placements by clicking countries on the map,
picks its headline from the hand, and plays an action round for operations,
placing the influence by clicking the map again (a country with several
legal actions opens a chooser, whose button is clicked). The page is then
reloaded and resumes the same seat. Its whole traffic and DOM are scanned
for cards hidden from the USSR (the US hand, the draw pile, the US
headline before it is shown).
"""

from __future__ import annotations

import random
from typing import Any

from brinkmanship.twilight.data.countries import COUNTRY_FACTS
from tests.web.conftest import DESKTOP, Pages, WebServer, open_seat, shot

COUNTRIES = sorted((c.name for c in COUNTRY_FACTS), key=len, reverse=True)


def country_of(action: str) -> str | None:
    """The country an action names (``place Poland``, ``coup Iran``...)."""
    return next((c for c in COUNTRIES if action.endswith(" " + c)), None)


def act(page: Any, action: str) -> str:
    """Play ``action`` as a player would: its control if it is shown, else
    the country it names on the map, then the chooser's button. How it was
    done: ``control``, ``map`` or ``chooser``."""
    control = page.locator(f'[data-action="{action}"]:visible')
    how = "control"
    if not control.count():
        country = country_of(action)
        assert country, f"{action!r} is offered nowhere on the page"
        page.locator(f'[data-country="{country}"]').first.click()
        control = page.locator(f'.tw-chooser [data-action="{action}"]:visible')
        how = "chooser"
    elif page.locator(f'[data-country][data-action="{action}"]').count():
        how = "map"
    control.first.click()
    if page.locator("dialog.confirm[open]").count():
        page.locator('[data-confirm="yes"]').click()
    return how


def my_turn(server: WebServer, gid: str, token: str) -> dict[str, Any]:
    return server.wait(gid, lambda s: s["to_move"] == "USSR" or s["status"] == "over", token, every=0.02)


def shown(page: Any, st: dict[str, Any]) -> None:
    """Until the page shows the state: not busy, the decision's prompt in view."""
    page.wait_for_function("""(prompt) => !document.querySelector('.game-page.busy')
        && [...document.querySelectorAll('[data-prompt]')].some((e) => e.textContent.includes(prompt))""",
                           arg=st["text"]["prompt"] if st.get("text") else "", timeout=10_000)


def test_set_up_headline_and_an_action_round_by_clicking_the_map(pages: Pages, web_server: WebServer) -> None:
    created = web_server.create("twilight", {"USSR": "human", "US": "random"})
    seat = open_seat(pages, web_server, created, "USSR", DESKTOP, wait_for="[data-country]")
    page, gid, token = seat.page, seat.gid, seat.token
    rng = random.Random(47)
    assert page.locator("[data-country]").count() >= 84
    hows: list[tuple[str, str]] = []

    def step(prefer: str = "") -> dict[str, Any]:
        st = my_turn(web_server, gid, token)
        st = web_server.state(gid, token, lang="en")
        shown(page, st)
        legal = st["view"]["legal_actions"]
        options = [a for a in legal if a.startswith(prefer)] or legal
        action = rng.choice(options)
        hows.append((st["view"]["decision"]["kind"], act(page, action)))
        web_server.wait(gid, lambda s, ply=st["ply"]: s["ply"] > ply, timeout=15, every=0.01)
        return st

    # The set-up: six USSR influence in Eastern Europe, one click on the map each.
    shot(page, "setup")
    while my_turn(web_server, gid, token)["view"]["decision"]["kind"] == "setup":
        step("place ")
    assert sum(k == "setup" for k, _ in hows) == 6 and all(h != "control" for k, h in hows if k == "setup")
    seat.snapshot("after the set-up")
    # The headline: a card of the hand.
    st = my_turn(web_server, gid, token)
    assert st["view"]["decision"]["kind"] == "headline"
    shot(page, "headline")
    step("headline ")
    seat.snapshot("headline chosen")
    # Whatever the headlines ask of the USSR, then its first action round: a card for operations,
    # the influence placed on the map.
    for _ in range(20):
        st = my_turn(web_server, gid, token)
        if st["view"]["decision"]["kind"] == "action":
            break
        step()
    shot(page, "action-round")
    step("ops ")
    placed = 0
    for _ in range(12):  # the operations: influence placed where it may go (or the event first, when asked)
        st = my_turn(web_server, gid, token)
        legal = st["view"]["legal_actions"] if st["status"] == "running" else []
        if not legal or st["view"]["decision"]["kind"] in ("action", "headline"):
            break
        placing = any(a.startswith("place ") for a in legal)
        step("place ")
        placed += placing
        if placed == 1 and placing:
            shot(page, "placing-influence")
    assert placed >= 1 and any(h in ("map", "chooser") for k, h in hows[-placed:]), hows
    seat.snapshot("after the operations")
    # Reload: the same seat, the same game.
    page.reload()
    page.wait_for_selector('[data-conn="open"]')
    st = web_server.state(gid, token, lang="en")
    if st["to_move"] == "USSR":
        shown(page, st)
    shot(page, "reloaded")
    seat.check_hidden(web_server, min_states=8)
