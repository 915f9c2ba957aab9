"""Store.append_many: several games' changes in one transaction, each kept or
refused as Store.append would, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa

from brinkmanship.server import db
from brinkmanship.server.store import Append, GameRecord, Outcome, Row, SeatRecord, Store, now


def _store(url: str) -> Store:
    engine = db.make_engine(url)
    db.migrate(engine)
    return Store(engine)


def _game(store: Store, gid: str) -> None:
    t = now()
    store.create_game(GameRecord(gid, "thirteen", {}, 7, "running", 0, False, None, None, t, t,
                                 {"USSR": SeatRecord("USSR", "human", None, "h-" + gid),
                                  "US": SeatRecord("US", "bot", "random", None)}))


def _move(gid: str, ply: int, n: int = 1, snapshot: str | None = None, over: bool = False) -> Append:
    rows = [Row(ply + 1, "USSR", "action", 3, f"act {gid} {ply + 1}")]
    rows += [Row(ply + k, "chance", "action", k, f"roll {k}") for k in range(2, n + 1)]
    return Append(gid, ply, rows, Outcome("over", "US", "prestige") if over else Outcome(), snapshot)


def test_a_batch_keeps_every_change_in_one_transaction(db_url: str) -> None:
    store = _store(db_url)
    for gid in ("b", "a", "c"):
        _game(store, gid)
    assert store.append_many([_move("b", 0, 2), _move("a", 0), _move("c", 0, snapshot='{"s": 1}', over=True)]) \
        == [True, True, True]
    assert [r.ply for r in store.history("b")] == [1, 2] and [r.text for r in store.history("b")][1] == "roll 2"
    assert [r.text for r in store.history("a")] == ["act a 1"]
    assert store.latest_snapshot("c") == (1, '{"s": 1}')
    rec = store.game("c")
    assert rec is not None and (rec.ply, rec.status, rec.winner, rec.result) == (1, "over", "US", "prestige")
    b = store.game("b")
    assert b is not None and (b.ply, b.status) == (2, "running")
    # And on from there.
    assert store.append_many([_move("a", 1), _move("b", 2)]) == [True, True]
    assert [r.ply for r in store.history("a")] == [1, 2]


def test_a_stale_change_is_refused_alone_and_the_others_kept(db_url: str) -> None:
    store = _store(db_url)
    for gid in ("a", "b", "c"):
        _game(store, gid)
    assert store.append("b", 0, _move("b", 0).rows, Outcome())  # another writer moved b first
    assert store.append_many([_move("a", 0), _move("b", 0), _move("c", 0)]) == [True, False, True]
    assert [r.text for r in store.history("b")] == ["act b 1"]  # the first writer's row, once
    assert [r.ply for r in store.history("a")] == [1] and [r.ply for r in store.history("c")] == [1]
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM actions")).scalar_one() == 3


def test_a_batch_of_one_is_an_append(db_url: str) -> None:
    store = _store(db_url)
    _game(store, "a")
    assert store.append_many([_move("a", 0)]) == [True]
    assert store.append_many([_move("a", 0)]) == [False]
    assert [r.ply for r in store.history("a")] == [1]
