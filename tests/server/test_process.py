"""A real ``brink serve`` process: the README's example, WebSockets over real
sockets, and bots that do not hold up other games."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import httpx
import websockets

from tests.server.conftest import ROOT, ServerProcess, auth


def test_the_readme_example_plays_against_a_real_server(server_process: ServerProcess) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Online play", 1)[1].split("\n## ", 1)[0]
    bodies = [json.loads(b) for b in re.findall(r"-d '(\{.*?\})'", section)]
    assert len(bodies) == 2
    create, act = bodies
    with httpx.Client(base_url=server_process.url, timeout=30) as http:
        r = http.post("/api/games", json=create)
        assert r.status_code == 201, r.text
        g = r.json()
        tok = g["seats"]["USSR"]["token"]
        view = http.get(f"/api/games/{g['id']}", headers=auth(tok)).json()
        assert view["to_move"] == "USSR" and view["ply"] == act["ply"]
        # The README's action is "one of view.legal_actions": play the first.
        action = view["view"]["legal_actions"][0]
        assert action.split()[0] == act["action"].split()[0]
        r = http.post(f"/api/games/{g['id']}/actions", headers=auth(tok), json={"action": action, "ply": act["ply"]})
        assert r.status_code == 200, r.text
        assert http.get("/openapi.json").json()["info"]["title"] == "Brinkmanship"


def test_websocket_over_a_real_socket_plays_a_game_to_the_end(server_process: ServerProcess) -> None:
    with httpx.Client(base_url=server_process.url, timeout=30) as http:
        g = http.post("/api/games", json={"game": "thirteen", "seats": {"USSR": "human", "US": "random"}}).json()
    url = server_process.url.replace("http", "ws") + f"/ws/games/{g['id']}"
    token = g["seats"]["USSR"]["token"]

    async def play() -> dict[str, object]:
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"token": token}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
                assert msg["type"] in ("state", "ack"), msg
                if msg["type"] != "state":
                    continue
                if msg["status"] == "over":
                    return msg
                if msg["to_move"] == "USSR":
                    await ws.send(json.dumps({"action": msg["view"]["legal_actions"][0], "ply": msg["ply"]}))

    end = asyncio.run(play())
    assert end["winner"] in ("USSR", "US", None) and end["result"]


def test_a_slow_bot_does_not_hold_up_other_games(db_url: str, tmp_path: Path) -> None:
    srv = ServerProcess(db_url, tmp_path / "server.log", BRINK_BOT_WORKERS="2").start()
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            slow = http.post("/api/games", json={"game": "thirteen",
                                                 "seats": {"USSR": "ismcts:time=20", "US": "human"}}).json()
            time.sleep(0.5)  # the slow bot is thinking
            fast = http.post("/api/games", json={"game": "thirteen",
                                                 "seats": {"USSR": "random", "US": "random"}}).json()
            started = time.monotonic()
            while http.get(f"/api/games/{fast['id']}").json()["status"] != "over":
                assert time.monotonic() - started < 18, "the fast game waited for the slow bot"
                time.sleep(0.05)
            took = time.monotonic() - started
            # The fast game (about a hundred bot moves) ended while the slow bot still thought about its first.
            assert http.get(f"/api/games/{slow['id']}").json()["ply"] == 0, took
    finally:
        srv.stop()
