"""Reads and writes of the server's tables, each in one short transaction.

Every method is synchronous (the server calls them in worker threads, off
the event loop) and independent of the dialect. :meth:`Store.append` is the
one write of play: it moves ``games.ply`` from the ply the caller saw to the
new one and inserts the history rows, all in one transaction, and reports a
conflict instead of writing when another writer moved the game first
(:meth:`Store.append_many` does that for several games in one transaction). The
primary key ``(game_id, ply)`` of ``actions`` refuses a second row for the
same ply even from another server process, so two submissions for one ply
can never both be kept.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from brinkmanship.server.db import actions, games, seats, snapshots


def now() -> dt.datetime:
    """The time stamps of the tables: UTC, aware."""
    return dt.datetime.now(dt.UTC)


@dataclass(frozen=True)
class Row:
    """One row of a game's history."""

    ply: int
    seat: str  # a side, or "chance"
    kind: str  # "action" or "undo"
    action_id: int | None = None
    text: str | None = None


@dataclass
class SeatRecord:
    """A seat as stored: its kind, a bot's spec, a human's token hash."""

    side: str
    kind: str
    bot: str | None = None
    token_hash: str | None = None


@dataclass
class GameRecord:
    """A game row with its seats."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    ply: int
    listed: bool
    winner: str | None
    result: str | None
    created_at: dt.datetime
    updated_at: dt.datetime
    seats: dict[str, SeatRecord] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The game row's new status after an append."""

    status: str = "running"
    winner: str | None = None
    result: str | None = None


@dataclass(frozen=True)
class Append:
    """The arguments of one :meth:`Store.append`, for :meth:`Store.append_many`."""

    game_id: str
    expected_ply: int
    rows: Sequence[Row]
    outcome: Outcome
    snapshot: str | None = None


class Store:
    """The server's persistence on one SQLAlchemy engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- games -------------------------------------------------------------------------
    def create_game(self, record: GameRecord) -> None:
        """Insert a new game and its seats in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(games.insert().values(
                id=record.id, game=record.game, options=record.options, seed=record.seed,
                status=record.status, ply=record.ply, listed=record.listed, winner=record.winner,
                result=record.result, created_at=record.created_at, updated_at=record.updated_at))
            conn.execute(seats.insert(), [
                {"game_id": record.id, "side": s.side, "kind": s.kind, "bot": s.bot, "token_hash": s.token_hash}
                for s in record.seats.values()])

    def game(self, game_id: str) -> GameRecord | None:
        """The game ``game_id`` with its seats, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(games.select().where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            rec = GameRecord(**{k: row[k] for k in (
                "id", "game", "options", "seed", "status", "ply", "listed", "winner", "result",
                "created_at", "updated_at")})
            for s in conn.execute(seats.select().where(seats.c.game_id == game_id)).mappings():
                rec.seats[s["side"]] = SeatRecord(s["side"], s["kind"], s["bot"], s["token_hash"])
            return rec

    def list_games(self, status: str | None, game: str | None, limit: int, offset: int) -> tuple[list[GameRecord], int]:
        """Listed games, the most recently active first, and how many match."""
        cond: list[sa.ColumnElement[bool]] = [games.c.listed.is_(True)]
        if status is not None:
            cond.append(games.c.status == status)
        if game is not None:
            cond.append(games.c.game == game)
        where = sa.and_(*cond)
        with self.engine.connect() as conn:
            total = conn.execute(sa.select(sa.func.count()).select_from(games).where(where)).scalar_one()
            rows = conn.execute(games.select().where(where).order_by(games.c.updated_at.desc(), games.c.id)
                                .limit(limit).offset(offset)).mappings().all()
            out = []
            ids = [r["id"] for r in rows]
            seat_rows = conn.execute(seats.select().where(seats.c.game_id.in_(ids))).mappings().all() if ids else []
        for r in rows:
            rec = GameRecord(**{k: r[k] for k in (
                "id", "game", "options", "seed", "status", "ply", "listed", "winner", "result",
                "created_at", "updated_at")})
            for s in seat_rows:
                if s["game_id"] == rec.id:
                    rec.seats[s["side"]] = SeatRecord(s["side"], s["kind"], s["bot"], None)
            out.append(rec)
        return out, int(total)

    def running_with_bots(self) -> list[str]:
        """Running games with a bot seat: the server resumes them at start."""
        q = (sa.select(games.c.id).where(games.c.status == "running")
             .where(games.c.id.in_(sa.select(seats.c.game_id).where(seats.c.kind == "bot")))
             .order_by(games.c.updated_at))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(q)]

    # -- history ---------------------------------------------------------------------
    def append(self, game_id: str, expected_ply: int, rows: Sequence[Row], outcome: Outcome,
               snapshot: str | None = None) -> bool:
        """Append ``rows`` (plies ``expected_ply + 1`` on) and set the game's
        status, in one transaction; with ``snapshot``, also keep the state
        JSON after the last row. ``False`` (and nothing written) when the
        game is no longer at ``expected_ply``."""
        new_ply = expected_ply + len(rows)
        t = now()
        try:
            with self.engine.begin() as conn:
                moved = conn.execute(
                    games.update().where(games.c.id == game_id).where(games.c.ply == expected_ply)
                    .values(ply=new_ply, status=outcome.status, winner=outcome.winner, result=outcome.result,
                            updated_at=t))
                if moved.rowcount != 1:
                    raise _Conflict
                conn.execute(actions.insert(), [
                    {"game_id": game_id, "ply": r.ply, "seat": r.seat, "kind": r.kind, "action_id": r.action_id,
                     "text": r.text, "created_at": t} for r in rows])
                if snapshot is not None:
                    conn.execute(snapshots.insert().values(game_id=game_id, ply=new_ply, state=snapshot))
        except (_Conflict, IntegrityError):
            return False
        return True

    def append_many(self, appends: Sequence[Append]) -> list[bool]:
        """Several appends (of different games) in one transaction: one
        commit, so one sync to disk, for all of them, and one statement
        each for the games and the history rows. When every game is still
        at its expected ply (the rule) all are kept; otherwise, or if the
        transaction fails, each append is tried again alone, in a
        transaction of its own, and kept or refused as :meth:`append`
        decides. The answers come in order. Rows are updated in the order
        of the game ids, so that two servers writing to one database cannot
        deadlock."""
        if len(appends) != 1:
            t = now()
            batch = sorted(appends, key=lambda a: a.game_id)
            try:
                with self.engine.begin() as conn:
                    moved = conn.execute(_MOVE, [
                        {"b_id": a.game_id, "b_expected": a.expected_ply, "b_ply": a.expected_ply + len(a.rows),
                         "b_status": a.outcome.status, "b_winner": a.outcome.winner, "b_result": a.outcome.result,
                         "b_updated": t} for a in batch])
                    if moved.rowcount != len(batch):
                        raise _Conflict
                    conn.execute(actions.insert(), [
                        {"game_id": a.game_id, "ply": r.ply, "seat": r.seat, "kind": r.kind,
                         "action_id": r.action_id, "text": r.text, "created_at": t} for a in batch for r in a.rows])
                    snaps = [{"game_id": a.game_id, "ply": a.expected_ply + len(a.rows), "state": a.snapshot}
                             for a in batch if a.snapshot is not None]
                    if snaps:
                        conn.execute(snapshots.insert(), snaps)
                return [True] * len(appends)
            except (_Conflict, sa.exc.SQLAlchemyError):
                pass
        return [self.append(a.game_id, a.expected_ply, a.rows, a.outcome, a.snapshot) for a in appends]

    def history(self, game_id: str, after: int = 0) -> list[Row]:
        """The history rows after ply ``after``, in order."""
        q = (sa.select(actions.c.ply, actions.c.seat, actions.c.kind, actions.c.action_id, actions.c.text)
             .where(actions.c.game_id == game_id).where(actions.c.ply > after).order_by(actions.c.ply))
        with self.engine.connect() as conn:
            return [Row(*r) for r in conn.execute(q)]

    def latest_snapshot(self, game_id: str, at_most: int | None = None) -> tuple[int, str] | None:
        """The newest snapshot (ply, state JSON), at or before ``at_most``."""
        q = sa.select(snapshots.c.ply, snapshots.c.state).where(snapshots.c.game_id == game_id)
        if at_most is not None:
            q = q.where(snapshots.c.ply <= at_most)
        with self.engine.connect() as conn:
            r = conn.execute(q.order_by(snapshots.c.ply.desc()).limit(1)).first()
        return (int(r[0]), str(r[1])) if r is not None else None

    def ping(self) -> None:
        """A trivial query: raises when the database does not answer."""
        with self.engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))


# Many games' moves in one statement (Store.append_many); bind names differ
# from the columns', as SQLAlchemy requires in an UPDATE.
_MOVE = (games.update()
         .where(games.c.id == sa.bindparam("b_id")).where(games.c.ply == sa.bindparam("b_expected"))
         .values(ply=sa.bindparam("b_ply"), status=sa.bindparam("b_status"), winner=sa.bindparam("b_winner"),
                 result=sa.bindparam("b_result"), updated_at=sa.bindparam("b_updated")))


class _Conflict(Exception):
    """Another writer moved the game first."""
