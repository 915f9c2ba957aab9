"""Operating the server: migrations, settings, structured logs, the command,
undo's limits, listings and replays read back by ``brink replay``."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from brinkmanship.server import db
from brinkmanship.server.config import Settings
from tests.cli.helpers import brink
from tests.server.conftest import auth, create


def test_migrations_create_and_upgrade_the_schema_idempotently(db_url: str) -> None:
    engine = db.make_engine(db_url)
    try:
        assert db.revision(engine) is None
        db.migrate(engine)
        assert db.revision(engine) == "0001"
        db.migrate(engine)  # a second start changes nothing
        names = set(sa.inspect(engine).get_table_names())
        assert {"games", "seats", "actions", "snapshots", "alembic_version"} <= names
        # The migration and the tables the code writes agree, column for column.
        for table in db.metadata.sorted_tables:
            cols = {c["name"] for c in sa.inspect(engine).get_columns(table.name)}
            assert cols == {c.name for c in table.columns}, table.name
        # Downgrade to nothing and back up.
        from alembic import command

        cfg = db.alembic_config(engine)
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "base")
        assert "games" not in sa.inspect(engine).get_table_names()
        db.migrate(engine)
        assert db.revision(engine) == "0001"
    finally:
        engine.dispose()


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    engine = db.make_engine(str(tmp_path / "x.sqlite3"))
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    engine.dispose()
    with pytest.raises(ValueError, match="synchronous"):
        db.make_engine(str(tmp_path / "y.sqlite3"), sqlite_synchronous="sometimes")


def test_database_urls_are_normalised() -> None:
    assert db.normalize_url("postgresql://u:p@h/d") == "postgresql+psycopg://u:p@h/d"
    assert db.normalize_url("postgres://u:p@h/d") == "postgresql+psycopg://u:p@h/d"
    assert db.normalize_url("/tmp/g.sqlite3") == "sqlite:////tmp/g.sqlite3"
    assert db.dialect_of("postgres://u@h/d") == "postgresql"


def test_settings_come_from_options_then_environment_then_defaults() -> None:
    s = Settings.from_env(environ={"BRINK_PORT": "9000", "BRINK_DATABASE_URL": "postgresql://x/y",
                                   "BRINK_BOT_WORKERS": "3"}, port=9100)
    assert (s.port, s.database_url, s.bot_workers, s.host) == (9100, "postgresql://x/y", 3, "127.0.0.1")
    assert Settings.from_env(environ={}).database_url.endswith("server.sqlite3")
    with pytest.raises(ValueError, match="BRINK_PORT"):
        Settings.from_env(environ={"BRINK_PORT": "eighty"})
    with pytest.raises(ValueError, match="port"):
        Settings.from_env(environ={}, port=0)
    assert Settings.from_env(environ={}, bot_workers=0).workers >= 1


def test_serve_help_names_every_setting() -> None:
    code, out = brink(CliRunner(), "serve", "--help")
    assert code == 0
    for word in ("--host", "--port", "--db", "--bot-workers", "--public-url", "--log-level", "--proxy-headers",
                 "BRINK_DATABASE_URL"):
        assert word in out, word


def test_logs_are_one_json_line_per_request_and_event_and_hold_no_token(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    from brinkmanship.server.logs import JsonFormatter

    caplog.set_level(logging.INFO, logger="brinkmanship.server")
    g = create(client, "thirteen")
    tok = g["seats"]["USSR"]["token"]
    st = client.get(f"/api/games/{g['id']}", headers=auth(tok)).json()
    client.post(f"/api/games/{g['id']}/actions", headers=auth(tok),
                json={"action": st["view"]["legal_actions"][0], "ply": 0})
    with client.websocket_connect(f"/ws/games/{g['id']}?token={tok}") as ws:
        ws.receive_json()
    records = [r for r in caplog.records if r.name == "brinkmanship.server"]
    lines = [JsonFormatter().format(r) for r in records]
    events = [json.loads(line) for line in lines]
    assert all("\n" not in line for line in lines)
    requests = [e for e in events if e["event"] == "request"]
    assert [(e["method"], e["status"]) for e in requests] == [("POST", 201), ("GET", 200), ("POST", 200)]
    assert all(isinstance(e["ms"], float) and e["ts"] for e in requests)
    kinds = {e["event"] for e in events}
    assert {"game.created", "game.action", "ws.open", "ws.close"} <= kinds
    text = "\n".join(lines)
    for side in g["seats"].values():
        assert side["token"] not in text
    assert st["view"]["legal_actions"][0] not in text  # an action's text may name a hidden card


def test_undo_stops_at_a_die_roll(client: TestClient) -> None:
    # 13 Days: the USSR's first decision is an agenda... play until a command
    # with a die, then check that nothing can be taken back after the roll.
    g = create(client, "twilight")
    gid, tok = g["id"], {s: v["token"] for s, v in g["seats"].items()}
    rng = random.Random(11)
    found = False
    for _ in range(400):
        st = client.get(f"/api/games/{gid}").json()
        if st["status"] == "over":
            break
        side = st["to_move"]
        mine = client.get(f"/api/games/{gid}", headers=auth(tok[side])).json()
        legal = mine["view"]["legal_actions"]
        coups = [a for a in legal if a.startswith(("coup", "realign"))]
        action = coups[0] if coups else rng.choice(legal)
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tok[side]), json={"action": action, "ply": st["ply"]})
        assert r.status_code == 200, r.text
        after = r.json()
        if coups and after["ply"] > st["ply"] + 1:  # a die was rolled right after
            found = True
            assert not after["can_undo"]
            u = client.post(f"/api/games/{gid}/undo", headers=auth(tok[side]), json={"ply": after["ply"]})
            assert u.status_code == 409 and u.json()["error"] == "nothing_to_undo"
            break
    assert found


def test_undo_is_refused_once_the_other_side_has_acted(client: TestClient) -> None:
    g = create(client, "twilight")
    gid, tok = g["id"], {s: v["token"] for s, v in g["seats"].items()}
    ply = 0
    # The USSR places its 6 set-up influence; then the US places one.
    for _ in range(6):
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tok["USSR"]),
                        json={"action": "place Poland", "ply": ply})
        assert r.status_code == 200, r.text
        ply = r.json()["ply"]
    assert r.json()["to_move"] == "US"
    # The USSR's last placement passed the turn; the US has not acted: it may still be taken back.
    assert r.json()["can_undo"]
    canada = r.json()["view"]["influence"]["US"]["Canada"]
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tok["US"]), json={"action": "place Canada", "ply": ply})
    assert r.status_code == 200 and r.json()["view"]["influence"]["US"]["Canada"] == canada + 1
    ply = r.json()["ply"]
    u = client.post(f"/api/games/{gid}/undo", headers=auth(tok["USSR"]), json={"ply": ply})
    assert u.status_code == 409 and u.json()["error"] == "nothing_to_undo"
    u = client.post(f"/api/games/{gid}/undo", headers=auth(tok["US"]), json={"ply": ply})
    assert u.status_code == 200 and u.json()["view"]["influence"]["US"]["Canada"] == canada


def test_listing_shows_listed_games_by_status(client: TestClient) -> None:
    a = create(client, "thirteen")
    b = create(client, "twilight", listed=False)
    c = create(client, "twilight", ussr="random", us="random")
    listed = client.get("/api/games", params={"status": "all"}).json()
    ids = {x["id"] for x in listed["games"]}
    assert a["id"] in ids and c["id"] in ids and b["id"] not in ids
    only = client.get("/api/games", params={"game": "thirteen"}).json()
    assert [x["id"] for x in only["games"]] == [a["id"]]
    assert only["games"][0]["seats"] == {"USSR": {"kind": "human"}, "US": {"kind": "human"}}
    assert "seed" not in json.dumps(only)
    # An unlisted game is still reachable by its id (a link shared with friends).
    assert client.get(f"/api/games/{b['id']}").status_code == 200


def test_an_ismcts_bot_seat_moves_in_a_worker(client: TestClient) -> None:
    g = create(client, "thirteen", ussr="ismcts:iters=30", us="human")
    tok = g["seats"]["US"]["token"]
    import time

    deadline = time.monotonic() + 60
    while True:
        st = client.get(f"/api/games/{g['id']}", headers=auth(tok)).json()
        if st["to_move"] == "US":
            break
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert st["ply"] >= 1


def test_a_finished_game_downloads_as_a_file_brink_replay_reads(client: TestClient, tmp_path: Path) -> None:
    import time

    g = create(client, "thirteen", ussr="random", us="heuristic")
    deadline = time.monotonic() + 120
    while client.get(f"/api/games/{g['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    r = client.get(f"/api/games/{g['id']}/replay")
    name = r.headers["content-disposition"].split("filename=")[1].strip('"')
    path = tmp_path / name
    path.write_bytes(r.content)
    code, out = brink(CliRunner(), "replay", str(path), "--to-end")
    assert code == 0, out
    saved: dict[str, Any] = r.json()
    assert saved["winner"] in (None, "USSR", "US") and saved["seats"] == {"USSR": "random", "US": "heuristic"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_info_describes_games_options_and_bots_for_a_lobby(client: TestClient, lang: str) -> None:
    import brinkmanship as bm
    from brinkmanship.i18n import text

    info = client.get("/api/info", params={"lang": lang}).json()
    assert set(info["games"]) == {"twilight", "thirteen"} and info["languages"]["ru"] == "Русский"
    for name, g in info["games"].items():
        choices = bm.get_game(name).option_choices
        assert set(g["options"]) == set(choices)
        for k, o in g["options"].items():
            assert o["values"] == list(choices[k]) and o["default"] == choices[k][0]
            assert o["help"] == text(f"cli.option_help.{name}.{k}", lang)
    assert set(info["bots"]) == {"random", "heuristic", "ismcts"}
    assert info["limits"]["max_bot_seconds"] == 30
    if lang == "ru":
        assert any("а" <= ch <= "я" for ch in info["bots"]["heuristic"]["help"])


@pytest.mark.parametrize("spec", ["ismcts:c=nan", "ismcts:c=inf", "ismcts:c=-5", "ismcts:c=1e999"])
def test_a_bot_parameter_must_be_a_finite_number(spec: str) -> None:
    from brinkmanship.server.bots import check_spec

    with pytest.raises(ValueError, match="finite number"):
        check_spec(spec, Settings.from_env(environ={}))
