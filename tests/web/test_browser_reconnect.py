"""The page reconnects by itself when the connection drops (issue 14, item 6).

A seat plays 13 Days against the random bot. The server is killed (SIGKILL:
no goodbye on the socket) while the page is open; the page says the
connection is lost; the server comes back on the same port and database,
and the page reconnects by itself, shows whose move it is and takes the
next click. A reload afterwards resumes the same seat. The page is
recorded and scanned throughout.
"""

from __future__ import annotations

import random

from tests.web.conftest import Pages, WebServer, click, open_seat, shot, wait_offered


def test_the_page_reconnects_after_the_server_comes_back(pages: Pages, web_server: WebServer) -> None:
    created = web_server.create("thirteen", {"USSR": "human", "US": "random"})
    seat = open_seat(pages, web_server, created, "USSR")
    page = seat.page
    page.wait_for_selector('[data-conn="open"]')
    rng = random.Random(6)

    def play(n: int) -> None:
        for _ in range(n):
            st = web_server.wait(seat.gid, lambda s: s["to_move"] == "USSR" or s["status"] == "over", seat.token)
            if st["status"] == "over":
                return
            wait_offered(page, st["view"]["legal_actions"])
            click(page, rng.choice(st["view"]["legal_actions"]))
            web_server.wait(seat.gid, lambda s, ply=st["ply"]: s["ply"] > ply, timeout=15, every=0.01)

    play(3)
    seat.snapshot("before")
    # The server dies: the page's socket and its retries fail until it is back.
    pages.allow(r"WebSocket|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|Failed to fetch|NetworkError")
    web_server.proc.kill()
    page.wait_for_selector('[data-conn]:not([data-conn="open"])')
    page.wait_for_selector(".banner:not([hidden])")
    shot(page, "connection-lost", full_page=True)
    web_server.proc.start()
    page.wait_for_selector('[data-conn="open"]', timeout=30_000)
    st = web_server.wait(seat.gid, lambda s: s["to_move"] == "USSR" or s["status"] == "over", seat.token)
    if st["status"] == "running":
        wait_offered(page, st["view"]["legal_actions"])
        assert page.locator("[data-turn]").inner_text().strip()  # whose move it is, said again
    shot(page, "reconnected")
    play(3)
    # A reload resumes the same seat (the token is in the address's fragment).
    page.reload()
    page.wait_for_selector('[data-conn="open"]')
    st = web_server.wait(seat.gid, lambda s: s["to_move"] == "USSR" or s["status"] == "over", seat.token)
    if st["status"] == "running":
        wait_offered(page, st["view"]["legal_actions"])
    shot(page, "reloaded")
    seat.check_hidden(web_server, min_states=5)
