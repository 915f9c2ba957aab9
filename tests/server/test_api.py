"""The HTTP API and the WebSocket, end to end, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from brinkmanship.cli import savefile
from tests.server.conftest import auth, create


def _state(client: TestClient, gid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=auth(token) if token else {}, params=params)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def _wait(client: TestClient, gid: str, token: str | None, until: Any, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        st = _state(client, gid, token)
        if until(st):
            return st
        assert time.monotonic() < deadline, f"timed out at ply {st['ply']} ({st['to_move']} to move)"
        time.sleep(0.02)


def test_health_reports_the_database(client: TestClient, db_url: str) -> None:
    h = client.get("/api/health").json()
    assert h["status"] == "ok" and h["revision"] == "0001"
    assert h["database"] == ("sqlite" if "://" not in db_url else "postgresql")


def test_two_humans_play_a_whole_game_and_the_replay_is_a_save_file(client: TestClient) -> None:
    g = create(client, "thirteen")
    gid, tokens = g["id"], {s: v["token"] for s, v in g["seats"].items()}
    assert g["seats"]["US"]["url"].endswith(f"/play/{gid}#token={tokens['US']}")
    rng = random.Random(3)
    st = _state(client, gid, tokens["USSR"])
    while st["status"] == "running":
        side = st["to_move"]
        mine = _state(client, gid, tokens[side])
        action = rng.choice(mine["view"]["legal_actions"])
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[side]),
                        json={"action": action, "ply": mine["ply"]})
        assert r.status_code == 200, r.text
        st = r.json()
    # Replay: the same game as a saved-game file, which replays to the same end.
    r = client.get(f"/api/games/{gid}/replay")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    saved = savefile.from_dict(r.json())
    final = savefile.replay(saved)
    assert final.is_terminal and final.winner == st["winner"] and final.result == st["result"]


def test_the_log_delta_adds_up_to_the_whole_log(client: TestClient) -> None:
    g = create(client, "twilight", us="random")
    gid, tok = g["id"], g["seats"]["USSR"]["token"]
    rng = random.Random(1)
    for _ in range(30):
        st = _wait(client, gid, tok, lambda s: s["to_move"] == "USSR" or s["status"] == "over")
        if st["status"] == "over":
            break
        ply = st["ply"]
        log = st["log"]["entries"]
        # A delta since an earlier ply ends the same way as the whole log.
        delta = _state(client, gid, tok, since=max(ply - 5, 0))
        assert log[: delta["log"]["start"]] + delta["log"]["entries"] == log
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tok),
                        json={"action": rng.choice(st["view"]["legal_actions"]), "ply": ply})
        assert r.status_code == 200, r.text
        new = r.json()
        log = log[: new["log"]["start"]] + new["log"]["entries"]
        full = _state(client, gid, tok)
        # Entries after our action may have been added by the bot meanwhile.
        assert full["log"]["entries"][: len(log)] == log
        log = full["log"]["entries"]


def test_a_seat_plays_against_a_bot_which_moves_by_itself(client: TestClient) -> None:
    g = create(client, "thirteen", us="heuristic")
    gid, tok = g["id"], g["seats"]["USSR"]["token"]
    assert g["bots"] == {"US": "heuristic"} and "US" not in g["seats"]
    rng = random.Random(5)
    moves = 0
    while True:
        st = _wait(client, gid, tok, lambda s: s["to_move"] == "USSR" or s["status"] == "over")
        if st["status"] == "over":
            break
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tok),
                        json={"action": rng.choice(st["view"]["legal_actions"]), "ply": st["ply"]})
        assert r.status_code == 200, r.text
        moves += 1
    assert moves > 10
    rows = client.get(f"/api/games/{gid}/replay").json()
    assert rows["seats"] == {"USSR": "human", "US": "heuristic"}


def test_a_doubled_submission_is_accepted_once(client: TestClient) -> None:
    g = create(client, "twilight")
    gid, tok = g["id"], g["seats"]["USSR"]["token"]
    body = {"action": "place Poland", "ply": 0}
    first = client.post(f"/api/games/{gid}/actions", headers=auth(tok), json=body)
    second = client.post(f"/api/games/{gid}/actions", headers=auth(tok), json=body)
    assert first.status_code == 200 and second.status_code == 409
    assert second.json()["error"] == "stale_ply" and second.json()["ply"] == 1
    assert _state(client, gid, tok)["ply"] == 1


def test_undo_takes_back_my_moves_until_the_other_side_acts(client: TestClient) -> None:
    g = create(client, "twilight")
    gid, tokens = g["id"], {s: v["token"] for s, v in g["seats"].items()}
    ussr = auth(tokens["USSR"])
    for ply in (0, 1):
        r = client.post(f"/api/games/{gid}/actions", headers=ussr, json={"action": "place Poland", "ply": ply})
        assert r.status_code == 200, r.text
    st = _state(client, gid, tokens["USSR"])
    assert st["can_undo"] and st["view"]["influence"]["USSR"]["Poland"] == 2
    # The other seat may not undo my moves.
    r = client.post(f"/api/games/{gid}/undo", headers=auth(tokens["US"]), json={"ply": 2})
    assert r.status_code == 409 and r.json()["error"] == "nothing_to_undo"
    r = client.post(f"/api/games/{gid}/undo", headers=ussr, json={"ply": 2})
    assert r.status_code == 200, r.text
    st = r.json()
    assert st["ply"] == 3 and st["view"]["influence"]["USSR"]["Poland"] == 1
    assert st["log"]["start"] + len(st["log"]["entries"]) == len(_state(client, gid, tokens["USSR"])["log"]["entries"])
    # One more placement of the two may still be taken back.
    assert _state(client, gid, tokens["USSR"])["can_undo"]


def test_websocket_pushes_every_change_to_seats_and_spectators(client: TestClient) -> None:
    g = create(client, "thirteen")
    gid, tokens = g["id"], {s: v["token"] for s, v in g["seats"].items()}
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens['USSR']}") as ussr, \
            client.websocket_connect(f"/ws/games/{gid}") as spectator:
        spectator.send_json({"token": None})
        first = ussr.receive_json()
        assert first["type"] == "state" and first["seat"] == "USSR" and first["ply"] == 0
        assert spectator.receive_json()["seat"] is None
        action = first["view"]["legal_actions"][0]
        ussr.send_json({"action": action, "ply": 0, "ref": "a1"})
        got = [ussr.receive_json(), ussr.receive_json()]
        assert {m["type"] for m in got} == {"ack", "state"}
        ack = next(m for m in got if m["type"] == "ack")
        assert ack["ref"] == "a1" and ack["ply"] >= 1
        pushed = spectator.receive_json()
        assert pushed["type"] == "state" and pushed["ply"] == ack["ply"] and pushed["seat"] is None
        assert not pushed["view"].get("hand")
        ussr.send_json({"action": action, "ply": 0})
        err = ussr.receive_json()
        assert err["type"] == "error" and err["status"] == 409


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_bots_play_each_other_to_the_end(client: TestClient, game: str) -> None:
    g = create(client, game, ussr="random", us="random")
    st = _wait(client, g["id"], None, lambda s: s["status"] == "over", timeout=120)
    assert st["winner"] in ("USSR", "US", None)
    saved = savefile.from_dict(client.get(f"/api/games/{g['id']}/replay").json())
    assert savefile.replay(saved).is_terminal
