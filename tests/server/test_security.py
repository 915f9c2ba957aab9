"""Seats are safe (issue 13, item 5): tokens, and the bad-input contract.

Every refusal here is checked twice: the answer is a clear 4xx
``{"error": CODE, "detail": SENTENCE}``, and nothing changed: the same ply,
the same state for both seats and a spectator, the same rows in the
database (the game row, its seats and its whole history, read with SQL,
not through the server). Each test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import random
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from brinkmanship.i18n import text
from brinkmanship.server import db
from tests.server.conftest import ServerProcess, auth, create

MAX_BODY = 65536  # the default limit of a request body and a WebSocket message
TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32): 32 random bytes
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


# -- helpers ----------------------------------------------------------------------------------------
def refused(r: httpx.Response, status: int, error: str) -> dict[str, Any]:
    """The answer is ``status`` with ``{"error": error, "detail": SENTENCE}``."""
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert body["error"] == error, body
    assert isinstance(body["detail"], str) and len(body["detail"]) > 10, body
    return body  # type: ignore[no-any-return]


@pytest.fixture
def engine(db_url: str) -> Iterator[sa.Engine]:
    """A connection of our own to the server's database, to read its rows directly."""
    e = db.make_engine(db_url)
    yield e
    e.dispose()


@dataclass
class Table:
    """A game with two human seats, seen through the API and through SQL."""

    client: TestClient
    engine: sa.Engine
    gid: str
    tokens: dict[str, str]

    def state(self, side: str | None = None, **params: Any) -> dict[str, Any]:
        r = self.client.get(f"/api/games/{self.gid}", headers=auth(self.tokens[side]) if side else {}, params=params)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def act(self, body: Any = None, side: str | None = None, *, what: str = "actions",
            headers: dict[str, str] | None = None, **kw: Any) -> httpx.Response:
        """POST to the game's ``what`` as ``side`` (a JSON ``body``, or ``content=`` as it is)."""
        h = {**(auth(self.tokens[side]) if side else {}), **(headers or {})}
        if "content" not in kw:
            kw["json"] = body
        return self.client.post(f"/api/games/{self.gid}/{what}", headers=h, **kw)

    def play(self, side: str, action: str | int | None = None) -> dict[str, Any]:
        """A legal move of ``side`` (the first legal action unless named)."""
        st = self.state(side)
        r = self.act({"action": st["view"]["legal_actions"][0] if action is None else action, "ply": st["ply"]}, side)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def rows(self) -> dict[str, Any]:
        """The game's rows as the database holds them."""
        with self.engine.connect() as conn:
            game = conn.execute(db.games.select().where(db.games.c.id == self.gid)).mappings().one()
            seats = conn.execute(db.seats.select().where(db.seats.c.game_id == self.gid)
                                 .order_by(db.seats.c.side)).all()
            history = conn.execute(db.actions.select().where(db.actions.c.game_id == self.gid)
                                   .order_by(db.actions.c.ply)).all()
        return {"game": dict(game), "seats": seats, "history": history}

    def everything(self) -> dict[str, Any]:
        """What each seat and a spectator are shown, and the database rows."""
        return {"USSR": self.state("USSR"), "US": self.state("US"), "spectator": self.state(), **self.rows()}

    @contextlib.contextmanager
    def unchanged(self) -> Iterator[None]:
        before = self.everything()
        yield
        after = self.everything()
        assert after == before


def new_table(client: TestClient, engine: sa.Engine, game: str = "twilight") -> Table:
    g = create(client, game)
    return Table(client, engine, g["id"], {side: v["token"] for side, v in g["seats"].items()})


@pytest.fixture
def table(client: TestClient, engine: sa.Engine) -> Table:
    """A Twilight Struggle game two plies in: the USSR placed two influence
    (so there is a history, and a move the USSR may take back)."""
    t = new_table(client, engine)
    t.play("USSR", "place Poland")
    t.play("USSR", "place Poland")
    assert t.state()["to_move"] == "USSR"
    return t


def finished(client: TestClient, engine: sa.Engine) -> Table:
    """A 13 Days game both seats played to its end (random legal moves)."""
    t = new_table(client, engine, "thirteen")
    rng = random.Random(11)
    st = t.state()
    while st["status"] == "running":
        side = st["to_move"]
        st = t.play(side, rng.choice(t.state(side)["view"]["legal_actions"]))
    return t


# -- tokens -----------------------------------------------------------------------------------------
def test_tokens_are_256_random_bits_and_only_their_hashes_are_stored(
        client: TestClient, engine: sa.Engine, db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    server_log = logging.getLogger("brinkmanship.server")
    server_log.addHandler(caplog.handler)  # whether or not the logger propagates to the root
    caplog.set_level(logging.DEBUG, logger="brinkmanship.server")
    try:
        _tokens_are_random_and_only_hashed(client, engine, db_url, caplog)
    finally:
        server_log.removeHandler(caplog.handler)


def _tokens_are_random_and_only_hashed(client: TestClient, engine: sa.Engine, db_url: str,
                                       caplog: pytest.LogCaptureFixture) -> None:
    tables = [new_table(client, engine, game) for game in ["twilight", "thirteen"] * 10]
    tokens = [tok for t in tables for tok in t.tokens.values()]
    # 43 characters of the URL-safe base64 alphabet: 32 random bytes (256 bits, >= 128).
    assert all(TOKEN.match(tok) for tok in tokens)
    assert len(set(tokens)) == len(tokens) == 40
    # Random, not a counter or a hash of the id: they share no prefix and use the whole alphabet.
    assert len({tok[:8] for tok in tokens}) == len(tokens)
    assert len(set("".join(tokens))) >= 60
    # Each seat is reached by its token (a play, and the WebSocket with the token in its address).
    t = tables[0]
    t.play("USSR")
    with client.websocket_connect(f"/ws/games/{t.gid}?token={t.tokens['US']}") as ws:
        assert ws.receive_json()["seat"] == "US"

    with engine.connect() as conn:
        stored = {(r.game_id, r.side): r.token_hash for r in conn.execute(db.seats.select())}
        dumped = repr([tuple(row) for tb in db.metadata.sorted_tables for row in conn.execute(tb.select())])
    for tb in tables:
        for side, tok in tb.tokens.items():
            assert stored[(tb.gid, side)] == hashlib.sha256(tok.encode()).hexdigest()
    # No column of any table holds a token (or a piece of one).
    assert not [tok for tok in tokens if tok[:16] in dumped]
    if "://" not in db_url:
        # Nor does any byte of the SQLite files: the database, its WAL and shared memory.
        files = [p for p in Path(db_url).parent.iterdir() if p.name.startswith(Path(db_url).name)]
        raw = b"".join(p.read_bytes() for p in files)
        assert len(raw) > 0 and stored[(t.gid, "USSR")].encode() in raw
        assert not [tok for tok in tokens if tok.encode() in raw or tok[:16].encode() in raw]
    # Nor do the server's logs.
    logged = " ".join(f"{r.getMessage()} {getattr(r, 'fields', '')}" for r in caplog.records)
    assert "request" in logged and "game.created" in logged
    assert not [tok for tok in tokens if tok[:16] in logged]


def test_forged_foreign_and_malformed_tokens_are_refused(client: TestClient, engine: sa.Engine,
                                                         table: Table) -> None:
    other = new_table(client, engine)
    forged = secrets.token_urlsafe(32)
    body = {"action": "place Poland", "ply": table.state()["ply"]}
    bad_headers = [
        auth(forged), auth(other.tokens["USSR"]), auth(other.tokens["US"]),
        auth(table.tokens["USSR"][:-1]), auth(table.tokens["USSR"] + "A"), auth(table.tokens["USSR"].upper()),
        {"Authorization": "Bearer"}, {"Authorization": "Bearer    "}, {"Authorization": f"Basic {forged}"},
        {"Authorization": table.tokens["USSR"]}, {"Authorization": f"Token {table.tokens['USSR']}"},
        {"Authorization": "Bearer " + "A" * 5000},
    ]
    with table.unchanged():
        for h in bad_headers:
            for what, b in (("actions", body), ("undo", {"ply": body["ply"]})):
                e = refused(table.act(b, headers=h, what=what), 401, "bad_token")
                assert table.tokens["USSR"] not in json.dumps(e) and forged not in json.dumps(e)
            # A bad token does not quietly make a spectator of its bearer.
            refused(client.get(f"/api/games/{table.gid}", headers=h), 401, "bad_token")
        # No token at all: anyone may watch, only a seat may act.
        refused(table.act(body), 401, "no_token")
        refused(table.act({"ply": body["ply"]}, what="undo"), 401, "no_token")
    # The other game's seats were not touched either.
    assert other.state()["ply"] == 0


# -- turns and plies --------------------------------------------------------------------------------
def test_the_seat_not_to_move_learns_nothing_from_its_refusal(table: Table) -> None:
    ply = table.state()["ply"]
    mover = table.state("USSR")["view"]
    assert mover["legal_actions"] and table.state("US")["view"]["legal_actions"] == []
    with table.unchanged():
        answers = [refused(table.act({"action": a, "ply": ply}, "US"), 403, "not_your_turn")
                   for a in [*mover["legal_actions"], "zzz nonsense", "place Nowhere", 0, 7, 2**31]]
    # The same answer whatever the action, legal for the mover or garbage: no
    # legal list, no card, nothing the mover's options would change.
    assert all(a == answers[0] for a in answers), answers
    assert set(answers[0]) == {"error", "detail"}
    detail = answers[0]["detail"]
    assert "legal" not in detail.lower() and "place" not in detail.lower() and not re.search(r"\d", detail)
    hand = [text(f"twilight.name.card.{c}") for c in mover["hand"]]
    assert len(hand) == 8 and not [name for name in hand if name in detail]


def test_the_movers_refusal_says_nothing_of_where_a_hidden_card_is(table: Table) -> None:
    """Headlining a card it does not hold, the USSR hears the same sentence
    whether the card is in the US hand or still in the deck."""
    for _ in range(40):
        st = table.state()
        mine = table.state(st["to_move"])["view"]["legal_actions"]
        if st["to_move"] == "USSR" and mine[0].startswith("headline "):
            break
        table.play(st["to_move"], mine[0])
    ply, hands = table.state()["ply"], {side: table.state(side)["view"]["hand"] for side in ("USSR", "US")}
    # Not #6, The China Card: never in a hand, everyone knows who holds it.
    elsewhere = [c for c in range(1, 36) if c not in [*hands["USSR"], *hands["US"], 6]][:4]
    with table.unchanged():
        said = {}
        for card in [*hands["US"][:4], *elsewhere]:
            name = text(f"twilight.name.card.{card}")
            e = refused(table.act({"action": f"headline {name}", "ply": ply}, "USSR"), 422, "illegal_action")
            said[card] = e["detail"].replace(name, "CARD").replace(f"#{card} ", "#N ")
    assert len(set(said.values())) == 1, said


def test_stale_and_future_plies_are_refused_with_the_current_one(table: Table) -> None:
    ply = table.state()["ply"]
    with table.unchanged():
        for given in (0, ply - 1, ply + 1, ply + 1000, 10**9):
            e = refused(table.act({"action": "place Poland", "ply": given}, "USSR"), 409, "stale_ply")
            assert e["ply"] == ply
            e = refused(table.act({"ply": given}, "USSR", what="undo"), 409, "stale_ply")
            assert e["ply"] == ply


#: Bodies of a move that no server may take: (body, error, the field named).
MALFORMED_MOVES: list[tuple[bytes, str, str | None]] = [
    (b"{", "invalid_json", None),
    (b'{"action": "place Poland", "ply": 2', "invalid_json", None),
    (b'{"action": "place Poland", "ply": 2}}', "invalid_json", None),
    (b"place Poland", "invalid_json", None),
    (b"\xff\xfe\x00{}", "invalid_json", None),
    (b"", "malformed", "body"),
    (b"null", "malformed", "body"),
    (b"[]", "malformed", "body"),
    (b'["place Poland", 2]', "malformed", "body"),
    (b'"place Poland"', "malformed", "body"),
    (b"2", "malformed", "body"),
    (b'{"action": "place Poland"}', "malformed", "ply"),
    (b'{"ply": 2}', "malformed", "action"),
    (b'{"action": "place Poland", "ply": "2"}', "malformed", "ply"),
    (b'{"action": "place Poland", "ply": true}', "malformed", "ply"),
    (b'{"action": "place Poland", "ply": 2.5}', "malformed", "ply"),
    (b'{"action": "place Poland", "ply": null}', "malformed", "ply"),
    (b'{"action": "place Poland", "ply": -1}', "malformed", "ply"),
    (b'{"action": "place Poland", "ply": 1e30}', "malformed", "ply"),
    (b'{"action": ["place Poland"], "ply": 2}', "malformed", "action"),
    (b'{"action": {"text": "place Poland"}, "ply": 2}', "malformed", "action"),
    (b'{"action": null, "ply": 2}', "malformed", "action"),
    (b'{"action": true, "ply": 2}', "malformed", "action"),
    (b'{"action": 1.5, "ply": 2}', "malformed", "action"),
    (b'{"action": -1, "ply": 2}', "malformed", "action"),
    (b'{"action": 2147483649, "ply": 2}', "malformed", "action"),
    (b'{"action": "' + b"x" * 201 + b'", "ply": 2}', "malformed", "action"),
    (b'{"action": "place Poland", "ply": 2, "seat": "US"}', "malformed", "seat"),
    (b'{"action": "place Poland", "ply": 2, "token": "x"}', "malformed", "token"),
]


def test_a_malformed_move_is_400_naming_what_is_wrong(table: Table) -> None:
    assert table.state()["ply"] == 2  # the bodies above would be a move, if they were well formed
    with table.unchanged():
        for content, error, field in MALFORMED_MOVES:
            r = table.act(side="USSR", content=content, headers={"Content-Type": "application/json"})
            e = refused(r, 400, error)
            if field is not None:
                assert e["fields"] == [field] and field in e["detail"], (content, e)


def test_a_whole_number_is_an_integer_as_the_openapi_document_says(table: Table) -> None:
    """``2.0`` is the ply 2 (JSON Schema's integer), ``2.5`` is refused above."""
    legal = table.state("USSR")["view"]["legal_actions"]
    r = table.act(content=json.dumps({"action": legal[0], "ply": 2.0}).encode(), side="USSR",
                  headers={"Content-Type": "application/json"})
    assert r.status_code == 200 and r.json()["ply"] == 3, r.text


def test_unknown_actions_and_ids_out_of_range_are_refused(table: Table) -> None:
    ply = table.state()["ply"]
    with table.unchanged():
        for action in ("fly to the moon", "place Narnia", "place", "", "   ", "place Poland; drop table games",
                       "coup France", "\u0000", "ПОЛЬША"):
            refused(table.act({"action": action, "ply": ply}, "USSR"), 422, "illegal_action")
        for action_id in (99999, 2**31):  # schema-valid ids no action has
            e = refused(table.act({"action": action_id, "ply": ply}, "USSR"), 422, "illegal_action")
            assert str(action_id) in e["detail"]
        for action_id in (-1, -(2**40), 2**31 + 1, 2**70):  # outside the documented range
            refused(table.act({"action": action_id, "ply": ply}, "USSR"), 400, "malformed")


def test_a_body_over_64_kb_is_413_with_or_without_its_length(table: Table) -> None:
    ply = table.state()["ply"]
    # Exactly at the limit the body is read (and judged: a stale ply here).
    at_limit = json.dumps({"action": "place Poland", "ply": ply - 1}).encode()
    at_limit = at_limit[:-1] + b" " * (MAX_BODY - len(at_limit)) + b"}"
    assert len(at_limit) == MAX_BODY

    def chunks(data: bytes) -> Iterator[bytes]:
        for i in range(0, len(data), 4096):
            yield data[i:i + 4096]

    with table.unchanged():
        refused(table.act(side="USSR", content=at_limit, headers={"Content-Type": "application/json"}),
                409, "stale_ply")
        over = at_limit[:-1] + b" }"
        for what in ("actions", "undo"):
            refused(table.act(side="USSR", what=what, content=over, headers={"Content-Type": "application/json"}),
                    413, "too_large")
            # Chunked: no Content-Length, the server counts as it reads.
            refused(table.act(side="USSR", what=what, content=chunks(over),
                              headers={"Content-Type": "application/json"}), 413, "too_large")
            refused(table.act(side="USSR", what=what, content=chunks(b"x" * 10 * MAX_BODY)), 413, "too_large")
        r = table.client.post("/api/games", content=over, headers={"Content-Type": "application/json"})
        refused(r, 413, "too_large")


def test_unknown_and_malformed_game_ids_are_404(client: TestClient, table: Table) -> None:
    body = {"action": "place Poland", "ply": 2}
    with table.unchanged():
        for gid in ("nosuchgame", table.gid[:-1], table.gid + "x", table.gid.upper() if table.gid.upper() != table.gid
                    else table.gid.lower(), "x" * 32, "x" * 33, "a.b", "a%20b", "%00", "ümlaut", "a'--"):
            refused(client.get(f"/api/games/{gid}"), 404, "unknown_game")
            refused(client.get(f"/api/games/{gid}", headers=auth(table.tokens["USSR"])), 404, "unknown_game")
            refused(client.post(f"/api/games/{gid}/actions", json=body, headers=auth(table.tokens["USSR"])),
                    404, "unknown_game")
            refused(client.post(f"/api/games/{gid}/undo", json={"ply": 2}, headers=auth(table.tokens["USSR"])),
                    404, "unknown_game")
            refused(client.get(f"/api/games/{gid}/replay"), 404, "unknown_game")
        # An address that is no route at all.
        refused(client.get(f"/api/games/{table.gid}/seats"), 404, "not_found")
        refused(client.get("/api/games/a/b/c"), 404, "not_found")
        r = client.delete(f"/api/games/{table.gid}")
        refused(r, 405, "method")
        assert r.headers["allow"] == "GET"
        assert client.put("/api/games").headers["allow"] == "GET, POST"


# -- undo, the end, the replay ----------------------------------------------------------------------
def test_undo_with_nothing_to_undo_is_409(table: Table) -> None:
    with table.unchanged():
        # The US has made no move; the USSR's moves are its own to take back.
        refused(table.act({"ply": 2}, "US", what="undo"), 409, "nothing_to_undo")
    r = table.act({"ply": 2}, "USSR", what="undo")
    assert r.status_code == 200, r.text
    r = table.act({"ply": 3}, "USSR", what="undo")
    assert r.status_code == 200, r.text
    assert table.state()["ply"] == 4 and not table.state("USSR")["can_undo"]
    with table.unchanged():
        # Both moves are taken back: nothing is left to undo.
        refused(table.act({"ply": 4}, "USSR", what="undo"), 409, "nothing_to_undo")
        refused(table.act({"ply": 4}, "US", what="undo"), 409, "nothing_to_undo")


def test_a_finished_game_takes_no_moves_and_a_running_one_has_no_replay(
        client: TestClient, engine: sa.Engine, table: Table) -> None:
    over = finished(client, engine)
    st = over.state()
    assert st["status"] == "over" and st["to_move"] is None
    with over.unchanged():
        for side in ("USSR", "US"):
            for action in ("pass", "zzz", 0):
                refused(over.act({"action": action, "ply": st["ply"]}, side), 409, "game_over")
            refused(over.act({"ply": st["ply"]}, side, what="undo"), 409, "nothing_to_undo")
    assert client.get(f"/api/games/{over.gid}/replay").status_code == 200
    with table.unchanged():
        refused(client.get(f"/api/games/{table.gid}/replay"), 409, "not_over")


# -- creating games ---------------------------------------------------------------------------------
#: New games the server refuses: (body, error, a word its detail must hold).
BAD_NEW_GAMES: list[tuple[Any, str, str]] = [
    ({"game": "chess", "seats": {"USSR": "human", "US": "human"}}, "bad_game", "twilight"),
    ({"game": "", "seats": {"USSR": "human", "US": "human"}}, "bad_game", "thirteen"),
    ({"game": "twilight", "seats": {"USSR": "human"}}, "bad_seats", "US"),
    ({"game": "twilight", "seats": {}}, "bad_seats", "USSR"),
    ({"game": "twilight", "seats": {"USSR": "human", "US": "human", "China": "human"}}, "bad_seats", "USSR"),
    ({"game": "thirteen", "seats": {"USSR": "human", "USA": "human"}}, "bad_seats", "US"),
    ({"game": "twilight", "seats": {"USSR": "human", "US": "deep blue"}}, "bad_bot", "heuristic"),
    ({"game": "twilight", "seats": {"USSR": "human", "US": ""}}, "bad_bot", "US"),
    ({"game": "twilight", "seats": {"USSR": "human", "US": "random:fast=1"}}, "bad_bot", "random"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:999", "US": "human"}}, "bad_bot", "30"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:time=1e9", "US": "human"}}, "bad_bot", "30"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:inf", "US": "human"}}, "bad_bot", "30"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:nan", "US": "human"}}, "bad_bot", "nan"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:0", "US": "human"}}, "bad_bot", "0"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:iters=200001", "US": "human"}}, "bad_bot", "200000"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:iters=" + "9" * 150, "US": "human"}}, "bad_bot", "200000"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:iters=100,workers=64", "US": "human"}}, "bad_bot", "2"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:iters=100,workers=0", "US": "human"}}, "bad_bot", "workers"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:iters=-5", "US": "human"}}, "bad_bot", "iters"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:iters=10,time=1", "US": "human"}}, "bad_bot", "time"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:depth=x", "US": "human"}}, "bad_bot", "depth"),
    ({"game": "twilight", "seats": {"USSR": "ismcts:" + "a=1," * 60, "US": "human"}}, "bad_bot", "bot"),
    ({"game": "twilight", "options": {"deck": "short"}, "seats": {"USSR": "human", "US": "human"}},
     "bad_options", "deck"),
    ({"game": "twilight", "options": {"events": "yes"}, "seats": {"USSR": "human", "US": "human"}},
     "bad_options", "events"),
    ({"game": "twilight", "options": {"events": 1}, "seats": {"USSR": "human", "US": "human"}},
     "bad_options", "events"),
    ({"game": "thirteen", "options": {"agenda_push": "everywhere"}, "seats": {"USSR": "human", "US": "human"}},
     "bad_options", "zone"),
    ({"game": "twilight", "options": {"events": [True]}, "seats": {"USSR": "human", "US": "human"}},
     "malformed", "options"),
    ({"game": "twilight", "options": ["events"], "seats": {"USSR": "human", "US": "human"}}, "malformed", "options"),
    ({"game": "twilight", "seats": {"USSR": "human", "US": None}}, "malformed", "seats"),
    ({"game": "twilight", "seats": ["human", "human"]}, "malformed", "seats"),
    ({"game": "twilight"}, "malformed", "seats"),
    ({"seats": {"USSR": "human", "US": "human"}}, "malformed", "game"),
    ({"game": 1, "seats": {"USSR": "human", "US": "human"}}, "malformed", "game"),
    ({"game": "twilight", "seats": {"USSR": "human", "US": "human"}, "listed": "yes"}, "malformed", "listed"),
    ({"game": "twilight", "seats": {"USSR": "human", "US": "human"}, "seed": 1}, "malformed", "seed"),
    ([], "malformed", "body"),
]


def test_a_bad_new_game_is_400_with_its_reason_and_creates_nothing(client: TestClient, engine: sa.Engine) -> None:
    def count() -> tuple[int, ...]:
        with engine.connect() as conn:
            return tuple(conn.execute(sa.select(sa.func.count()).select_from(t)).scalar_one()
                         for t in (db.games, db.seats, db.actions))

    before = count()
    for body, error, says in BAD_NEW_GAMES:
        e = refused(client.post("/api/games", json=body), 400, error)
        assert says in e["detail"], (body, e)
    assert count() == before
    assert client.get("/api/games", params={"status": "all"}).json()["total"] == before[0]


# -- languages --------------------------------------------------------------------------------------
def test_errors_are_in_russian_when_asked(client: TestClient, table: Table) -> None:
    ply = table.state()["ply"]
    ussr, us = auth(table.tokens["USSR"]), auth(table.tokens["US"])
    calls = [
        ("POST", f"/api/games/{table.gid}/actions", {"json": {"action": "place Poland", "ply": ply}, "headers": us},
         403, "not_your_turn"),
        ("POST", f"/api/games/{table.gid}/actions", {"json": {"action": "place Narnia", "ply": ply},
                                                      "headers": ussr}, 422, "illegal_action"),
        ("POST", f"/api/games/{table.gid}/actions", {"json": {"action": "place Poland", "ply": 0}, "headers": ussr},
         409, "stale_ply"),
        ("POST", f"/api/games/{table.gid}/actions", {"json": {"action": "place Poland", "ply": ply}}, 401, "no_token"),
        ("POST", f"/api/games/{table.gid}/actions", {"json": {"ply": ply}, "headers": ussr}, 400, "malformed"),
        ("POST", f"/api/games/{table.gid}/actions", {"content": b"{", "headers": {
            **ussr, "Content-Type": "application/json"}}, 400, "invalid_json"),
        ("POST", f"/api/games/{table.gid}/actions", {"content": b" " * (MAX_BODY + 1), "headers": ussr},
         413, "too_large"),
        ("POST", f"/api/games/{table.gid}/undo", {"json": {"ply": ply}, "headers": us}, 409, "nothing_to_undo"),
        ("GET", f"/api/games/{table.gid}", {"headers": {"Authorization": "Bearer forged"}}, 401, "bad_token"),
        ("GET", "/api/games/nosuchgame", {}, 404, "unknown_game"),
        ("GET", f"/api/games/{table.gid}/replay", {}, 409, "not_over"),
        ("GET", "/api/nowhere", {}, 404, "not_found"),
        ("DELETE", "/api/games", {}, 405, "method"),
        ("POST", "/api/games", {"json": {"game": "chess", "seats": {}}}, 400, "bad_game"),
        ("POST", "/api/games", {"json": {"game": "twilight", "seats": {"USSR": "human"}}}, 400, "bad_seats"),
        ("POST", "/api/games", {"json": {"game": "twilight", "seats": {"USSR": "human", "US": "ismcts:999"}}},
         400, "bad_bot"),
        ("POST", "/api/games", {"json": {"game": "twilight", "options": {"events": 3},
                                         "seats": {"USSR": "human", "US": "human"}}}, 400, "bad_options"),
    ]
    with table.unchanged():
        for method, url, kw, status, error in calls:
            english = refused(client.request(method, url, **kw), status, error)["detail"]
            assert not CYRILLIC.search(english), english
            for how in ({"params": {"lang": "ru"}}, {"headers": {**kw.get("headers", {}),
                                                                  "Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}}):
                r = client.request(method, url, **{**kw, **how})
                russian = refused(r, status, error)["detail"]
                assert CYRILLIC.search(russian) and russian != english, (error, russian)


# -- the WebSocket ----------------------------------------------------------------------------------
def test_a_websocket_with_a_bad_token_is_closed_with_an_error(client: TestClient, engine: sa.Engine,
                                                              table: Table) -> None:
    other = new_table(client, engine)
    with table.unchanged():
        for url, first in [
            (f"/ws/games/{table.gid}?token={secrets.token_urlsafe(32)}", None),
            (f"/ws/games/{table.gid}?token={other.tokens['USSR']}", None),
            (f"/ws/games/{table.gid}?token=", None),
            (f"/ws/games/{table.gid}", json.dumps({"token": secrets.token_urlsafe(32)})),
            (f"/ws/games/{table.gid}", json.dumps({"token": 12345})),
            (f"/ws/games/{table.gid}", json.dumps(["token"])),
            (f"/ws/games/{table.gid}", "not json"),
            (f"/ws/games/{table.gid}", "x" * (2 * MAX_BODY)),
        ]:
            with client.websocket_connect(url) as ws:
                if first is not None:
                    ws.send_text(first)
                err = ws.receive_json()
                assert err["type"] == "error" and err["status"] == 401 and err["error"] == "bad_token", err
                assert table.tokens["USSR"] not in json.dumps(err) and len(err["detail"]) > 10
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4401
        with client.websocket_connect(f"/ws/games/nosuchgame?token={table.tokens['USSR']}&lang=ru") as ws:
            err = ws.receive_json()
            assert err["status"] == 404 and err["error"] == "unknown_game" and CYRILLIC.search(err["detail"])
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404


def test_bad_websocket_messages_get_errors_and_the_connection_stays_usable(table: Table) -> None:
    client = table.client
    ply = table.state()["ply"]
    legal = table.state("USSR")["view"]["legal_actions"]
    with client.websocket_connect(f"/ws/games/{table.gid}?token={table.tokens['USSR']}") as ussr, \
            client.websocket_connect(f"/ws/games/{table.gid}?token={table.tokens['US']}") as us:
        assert ussr.receive_json()["ply"] == ply and us.receive_json()["ply"] == ply
        bad: list[tuple[Any, Any, int, str]] = [
            (ussr, "not json", 400, "invalid_json"),
            (ussr, "{", 400, "invalid_json"),
            (ussr, "[1, 2]", 400, "bad_message"),
            (ussr, "null", 400, "bad_message"),
            (ussr, json.dumps({"action": legal[0]}), 400, "bad_message"),
            (ussr, json.dumps({"action": legal[0], "ply": "2"}), 400, "bad_message"),
            (ussr, json.dumps({"action": legal[0], "ply": True}), 400, "bad_message"),
            (ussr, json.dumps({"action": legal[0], "ply": 2.5}), 400, "bad_message"),
            (ussr, json.dumps({"action": legal[0], "ply": -1}), 400, "bad_message"),
            (ussr, json.dumps({"action": [legal[0]], "ply": ply}), 400, "bad_message"),
            (ussr, json.dumps({"action": None, "ply": ply}), 400, "bad_message"),
            (ussr, json.dumps({"action": -1, "ply": ply}), 400, "bad_message"),
            (ussr, json.dumps({"action": "x" * 201, "ply": ply}), 400, "bad_message"),
            (ussr, json.dumps({"action": legal[0], "ply": ply, "seat": "US"}), 400, "bad_message"),
            (ussr, json.dumps({"undo": "yes", "ply": ply}), 400, "bad_message"),
            (ussr, json.dumps({"token": table.tokens["US"]}), 400, "bad_message"),
            (ussr, json.dumps({"action": legal[0], "ply": ply, "pad": "x" * MAX_BODY}), 413, "too_large"),
            (ussr, json.dumps({"action": "place Narnia", "ply": ply}), 422, "illegal_action"),
            (ussr, json.dumps({"action": 99999, "ply": ply}), 422, "illegal_action"),
            (ussr, json.dumps({"action": legal[0], "ply": ply - 1}), 409, "stale_ply"),
            (ussr, json.dumps({"action": legal[0], "ply": ply + 1}), 409, "stale_ply"),
            (us, json.dumps({"action": legal[0], "ply": ply}), 403, "not_your_turn"),
            (us, json.dumps({"action": "zzz", "ply": ply}), 403, "not_your_turn"),
            (us, json.dumps({"undo": True, "ply": ply}), 409, "nothing_to_undo"),
        ]
        with table.unchanged():
            for n, (ws, message, status, error) in enumerate(bad):
                # A JSON object carries a ref, which its answer names (not so text too long to read).
                with_ref = message.startswith("{") and message.endswith("}") and status != 413
                if with_ref:
                    message = message[:-1] + f', "ref": {n}}}'
                ws.send_text(message)
                err = ws.receive_json()
                assert err["type"] == "error" and err["status"] == status and err["error"] == error, (message, err)
                assert len(err["detail"]) > 10 and err["ref"] == (n if with_ref else None)
                if error == "stale_ply":
                    assert err["ply"] == ply
        # Out of turn, the answer is the same for the mover's legal action and for garbage.
        us.send_text(json.dumps({"action": legal[1], "ply": ply}))
        us.send_text(json.dumps({"action": 0, "ply": ply}))
        a, b = us.receive_json(), us.receive_json()
        assert a == b and "place" not in a["detail"]
        # Still usable: a good move is acknowledged and pushed to both seats.
        ussr.send_text(json.dumps({"action": legal[0], "ply": ply, "ref": "ok"}))
        got = [ussr.receive_json(), ussr.receive_json()]
        assert {m["type"] for m in got} == {"ack", "state"}
        ack = next(m for m in got if m["type"] == "ack")
        assert ack["ref"] == "ok" and ack["ply"] == ply + 1
        pushed = us.receive_json()
        assert pushed["type"] == "state" and pushed["ply"] == ply + 1
    assert table.state()["ply"] == ply + 1 and len(table.rows()["history"]) == ply + 1


# -- a real server, real sockets ------------------------------------------------------------------
def test_a_real_server_refuses_big_bodies_and_messages(server_process: ServerProcess) -> None:
    """Over a socket, through uvicorn: 413 for a body over the limit, with
    its Content-Length and chunked without one; a WebSocket message over the
    limit gets a 413 error and the connection goes on, one far over it (4x,
    uvicorn's ``ws_max_size``) ends the connection. The game stays as it was."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = server_process.url
    g = httpx.post(url + "/api/games", json={"game": "twilight", "seats": {"USSR": "human", "US": "human"}}).json()
    gid, tok = g["id"], g["seats"]["USSR"]["token"]
    before = httpx.get(f"{url}/api/games/{gid}", headers=auth(tok)).json()
    big = json.dumps({"action": "place Poland", "ply": 0, "pad": " " * MAX_BODY}).encode()

    def chunks() -> Iterator[bytes]:
        for i in range(0, len(big), 1000):
            yield big[i:i + 1000]

    with httpx.Client(base_url=url, headers={**auth(tok), "Content-Type": "application/json"}) as http:
        refused(http.post(f"/api/games/{gid}/actions", content=big), 413, "too_large")
        r = http.post(f"/api/games/{gid}/actions", content=chunks())
        assert r.request.headers.get("transfer-encoding") == "chunked" and "content-length" not in r.request.headers
        refused(r, 413, "too_large")
        refused(http.post(f"/api/games/{gid}/actions", content=b"{"), 400, "invalid_json")
    ws_url = url.replace("http://", "ws://") + f"/ws/games/{gid}?token={tok}"
    with connect(ws_url) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send(big.decode())
        err = json.loads(ws.recv(timeout=10))
        assert err["status"] == 413 and err["error"] == "too_large", err
        ws.send(json.dumps({"action": "place Narnia", "ply": 0, "ref": 1}))
        assert json.loads(ws.recv(timeout=10))["error"] == "illegal_action"
        ws.send(" " * (4 * MAX_BODY + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    assert httpx.get(f"{url}/api/games/{gid}", headers=auth(tok)).json() == before
