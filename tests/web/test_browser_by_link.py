"""A whole game between two browsers by link, from the lobby to the replay (issue 14, items 2, 5, 6, 7).

The USSR's player creates a 13 Days game in the lobby with the US seat
for "a friend by link"; the friend opens the link in a browser of their own
(a phone's screen). Both play the whole game by clicking what their pages
offer, at random. On the way the friend switches to Russian, the USSR's
player closes the tab and comes back through "My games", and a spectator
watches. At the end both pages show the result, and the replay steps
through the game. Every page is recorded from its first byte and scanned
for any card hidden from its reader: what it received (HTTP, WebSocket) and
what its DOM held at many moments.
"""

from __future__ import annotations

import random

from tests.web.conftest import DESKTOP, PHONE, Pages, WebServer, click, lobby_with_a_friend, shot, wait_offered
from tests.web.recorder import PageRecorder


def test_a_whole_game_by_link_from_the_lobby_to_the_replay(pages: Pages, web_server: WebServer) -> None:
    rng = random.Random(1914)
    # -- the lobby: a game for me and a friend --------------------------------------------------------
    host = pages.new(DESKTOP, name="USSR")
    rec = {"USSR": PageRecorder("thirteen", "USSR").attach(host)}
    lobby_with_a_friend(host, web_server, "thirteen")
    shot(host, "lobby")
    host.click("[data-create]")
    link = host.locator('[data-friend-link="US"]').input_value()
    shot(host, "lobby-created")
    gid = host.locator("[data-created]").get_attribute("data-created")
    assert gid and link.startswith(f"{web_server.url}/play/{gid}#token=")
    created = next(r.data for r in rec["USSR"].records if r.kind == "http" and r.url.endswith("/api/games")
                   and isinstance(r.data, dict) and "seats" in r.data)
    tokens = {side: s["token"] for side, s in created["seats"].items()}
    assert link.endswith(tokens["US"])
    rec["USSR"].own_tokens = (tokens["US"],)  # the creator holds the friend's link to send it
    rec["USSR"].game_id = gid

    # -- the friend opens the link on a phone; the creator opens its seat --------------------------------
    guest = pages.new(PHONE, name="US")
    rec["US"] = PageRecorder("thirteen", "US", gid).attach(guest)
    guest.goto(link)
    host.click(f'[data-open-game="{gid}"]')
    page = {"USSR": host, "US": guest}
    for side in page:
        page[side].wait_for_selector('[data-conn="open"]')
    # A spectator, from the lobby's list of games to watch.
    watcher = pages.new(DESKTOP, name="spectator")
    rec[None] = PageRecorder("thirteen", None, gid).attach(watcher)  # type: ignore[index]
    watcher.goto(web_server.url + "/")
    watcher.click(f'[data-spectate="{gid}"]')
    watcher.wait_for_selector("[data-arena]")

    # -- the whole game, by clicks ------------------------------------------------------------------------
    moves = 0
    kinds: set[str] = set()
    while True:
        st = web_server.state(gid, tokens["USSR"])
        if st["status"] == "over":
            break
        side = st["to_move"]
        mine = web_server.state(gid, tokens[side])
        legal = mine["view"]["legal_actions"]
        wait_offered(page[side], legal)
        kinds.add(mine["view"]["decision"]["kind"])
        if moves == 4:
            shot(host, "first-moves-ussr")
            shot(guest, "first-moves-us-phone")
        if moves == 10:  # the friend reads the game in Russian from now on
            guest.select_option("[data-lang-picker]", "ru")
            guest.wait_for_selector('[data-conn="open"]')
            wait_offered(guest, web_server.state(gid, tokens["US"])["view"].get("legal_actions") or [])
            shot(guest, "russian-phone")
            assert guest.locator("html[lang=ru]").count() or "ru" in guest.evaluate("document.documentElement.lang")
        if moves == 20:  # the creator closes the tab and comes back through My games
            host.goto(web_server.url + "/")
            host.wait_for_selector(f'[data-my-game="{gid}"]')
            shot(host, "my-games")
            host.click(f'[data-resume="{gid}"]')
            host.wait_for_selector('[data-conn="open"]')
            wait_offered(page[side], legal)
        if moves % 15 == 0:
            for who, r in rec.items():
                if who is not None or not watcher.is_closed():
                    r.snapshot(page[who] if who else watcher, f"move {moves}")
        if moves == 16:  # the spectator has seen enough (three pages to draw slow the machine down)
            shot(watcher, "spectator")
            watcher.close()
        action = rng.choice(legal)
        click(page[side], action)
        web_server.wait(gid, lambda s, ply=st["ply"]: s["ply"] > ply, timeout=15, every=0.01)
        moves += 1
        assert moves < 400, "the game does not end"

    # -- the end, in both pages, and the replay ------------------------------------------------------------
    for side in ("USSR", "US"):
        page[side].wait_for_selector("[data-result]")
    shot(host, "over-ussr")
    shot(guest, "over-us-phone")
    for who in ("USSR", "US"):
        rec[who].snapshot(page[who], "over")
    assert {"agenda", "turn", "command"} <= kinds, kinds
    host.click("[data-replay-link]")
    host.wait_for_selector("[data-replay-control]")
    steps = web_server.api("GET", f"/api/games/{gid}/replay/0").json()["steps"]
    for key, step in (("last", steps), ("back", steps - 1), ("back", steps - 2), ("first", 0), ("forward", 1)):
        host.click(f'[data-replay-control="{key}"]')
        host.wait_for_selector(f'[data-step="{step}"]')
        rec["USSR"].snapshot(host, f"replay {key}")
    shot(host, "replay")
    assert steps > 20
    # Step 1 is the USSR keeping an agenda: a secret choice, named only as the choice it was.
    assert host.inner_text("[data-replay-action]") == "Last action: USSR keeps an agenda"

    # -- nothing hidden reached any page -------------------------------------------------------------------
    truth = web_server.truth(created, finished=True)
    for r in rec.values():
        r.check(truth, min_states=10, min_snapshots=2)
    pages.check()
