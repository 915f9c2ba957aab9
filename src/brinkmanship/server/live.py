"""A game in play, held in memory: its state, history position, undo and views.

:class:`LiveGame` is pure (no I/O, no event loop): :meth:`LiveGame.prepare`
checks an action or an undo and computes what it would do, on a copy, and
:meth:`LiveGame.commit` makes it current once the database has stored it.
The state is never changed in place, so a refused action or a failed
commit leaves the game exactly as it was, and a state kept for undo stays
valid.

Undo. A seat may take back its own moves while nothing has happened since
that it cannot take back: no die was rolled (or deck shuffled: every random
draw is a chance action), no hidden card was revealed (the engine's
``reveals`` counter), and the other side has not acted. The stack holds the
state before each such move; another seat's move or any chance action
empties it. Each undo is a row of the history too, so the history alone
rebuilds the game, undo stack included.

Log deltas. Log entries are only ever appended, except that an undo goes
back to an earlier log. ``log_len[p - base]`` is the length of the full log
after history row ``p``; the entries a reader has not seen since ply ``p``
start at the shortest length since ``p`` (the part both logs share).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import brinkmanship as bm
from brinkmanship.core.game import CHANCE
from brinkmanship.core.log import may_read, visible
from brinkmanship.server.store import GameRecord, Outcome, Row

HUMAN = "human"
BOT = "bot"


class UndoRefused(Exception):
    """Nothing the seat may take back now."""


@dataclass
class Pending:
    """What an accepted action or undo will do once stored."""

    rows: list[Row]
    state: bm.State
    undo: list[tuple[bm.State, str]]
    log_lens: list[int]
    outcome: Outcome


@dataclass
class LiveGame:
    """A running (or finished) game held by the server."""

    record: GameRecord
    state: bm.State
    ply: int
    base: int  # the first ply whose log length is known (a snapshot's ply)
    log_len: list[int]
    undo: list[tuple[bm.State, str]] = field(default_factory=list)
    snap_ply: int = 0  # the ply of the newest snapshot (or 0)
    #: Per reader, ``readable[side][i]``: how many of the first ``i`` log
    #: entries it may read (grown on demand, cut back by an undo).
    readable: dict[str | None, list[int]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Any] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    last_used: float = 0.0

    # -- facts ---------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.record.id

    @property
    def to_move(self) -> str | None:
        """The seat to move (``None`` once the game is over)."""
        return self.state.current_player

    @property
    def over(self) -> bool:
        return self.state.is_terminal

    def seat_kind(self, side: str) -> str:
        return self.record.seats[side].kind

    def bot_to_move(self) -> str | None:
        """The side to move when it is a bot seat."""
        side = self.to_move
        if side is not None and side in self.record.seats and self.record.seats[side].kind == BOT:
            return side
        return None

    def can_undo(self, seat: str | None) -> bool:
        """Whether ``seat`` may take back its last move now."""
        return seat is not None and bool(self.undo) and self.undo[-1][1] == seat

    def outcome(self, state: bm.State | None = None) -> Outcome:
        s = state or self.state
        if s.is_terminal:
            return Outcome("over", s.winner, s.result)
        return Outcome()

    # -- changes ---------------------------------------------------------------------------
    def prepare(self, seat: str, action: bm.Action | str | int, chance: bool = True) -> Pending:
        """Check ``action`` from ``seat`` and compute its effect, with the
        die rolls and shuffles that follow it (``chance=False``: without
        them, when replaying a history that stores them as rows of their
        own), on a copy. Engine errors (``IllegalActionError``,
        ``NotYourTurnError``) propagate and change nothing."""
        before = self.state
        after = before.clone()
        # ``by`` first: a seat not to move learns nothing of the mover's options.
        after.apply(action, by=seat)
        act = before.to_action(action)
        rows = [Row(self.ply + 1, seat, "action", act.id, act.text)]
        lens = [len(after.log_entries)]
        while chance and after.current_player == CHANCE:
            roll = after.chance_action()
            after.apply(roll)
            rows.append(Row(self.ply + len(rows) + 1, CHANCE, "action", roll.id, roll.text))
            lens.append(len(after.log_entries))
        if after.current_player == CHANCE or len(rows) > 1 or after.reveals != before.reveals:
            undo: list[tuple[bm.State, str]] = []
        else:
            undo = list(self.undo) if self.undo and self.undo[-1][1] == seat else []
            undo.append((before, seat))
        return Pending(rows, after, undo, lens, self.outcome(after))

    def prepare_undo(self, seat: str) -> Pending:
        """Take back ``seat``'s last move, or raise :class:`UndoRefused`."""
        if not self.can_undo(seat):
            raise UndoRefused
        before, _ = self.undo[-1]
        return Pending([Row(self.ply + 1, seat, "undo")], before, self.undo[:-1],
                       [len(before.log_entries)], self.outcome(before))

    def commit(self, pending: Pending) -> None:
        """Make a stored change current."""
        if pending.rows[0].kind == "undo":
            # Back to an earlier log: counts past its end no longer hold.
            keep = len(pending.state.log_entries) + 1
            for counts in self.readable.values():
                del counts[keep:]
        self.state = pending.state
        self.undo = pending.undo
        self.ply += len(pending.rows)
        self.log_len.extend(pending.log_lens)
        o = pending.outcome
        self.record.status, self.record.winner, self.record.result = o.status, o.winner, o.result
        self.record.ply = self.ply

    def wants_snapshot(self, pending: Pending, every: int) -> bool:
        """Keep a snapshot after this change? Only where the undo stack is
        empty (a game resumed from it needs nothing earlier), and at most
        one every ``every`` plies."""
        return (not pending.undo and every > 0
                and (self.ply + len(pending.rows)) - self.snap_ply >= every)

    # -- what readers get ---------------------------------------------------------------
    def log_since(self, side: str | None, since: int | None) -> tuple[int, list[dict[str, Any]]]:
        """The log entries ``side`` may read that are new since ply
        ``since`` (``None``: all of them), and how many readable entries
        come before them (the reader keeps that many and appends these)."""
        log = self.state.log_entries
        start_raw = 0
        if since is not None and self.base <= since <= self.ply:
            start_raw = min(self.log_len[since - self.base:])
        if start_raw == 0:
            return 0, visible(log, side)
        return self._readable_before(side, start_raw), visible(log[start_raw:], side)

    def _readable_before(self, side: str | None, n: int) -> int:
        """How many of the first ``n`` log entries ``side`` may read, counted
        once per entry over the game rather than once per push."""
        counts = self.readable.setdefault(side, [0])
        log = self.state.log_entries
        while len(counts) <= n:
            counts.append(counts[-1] + may_read(log[len(counts) - 1]["to"], side))
        return counts[n]

    def snapshot(self, seat: str | None, since: int | None = None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) receives: the game's public
        facts, its view (without the log) and the log entries new to it."""
        start, entries = self.log_since(seat, since)
        rec = self.record
        return {
            "id": rec.id,
            "game": rec.game,
            "options": rec.options,
            "status": rec.status,
            "ply": self.ply,
            "seat": seat,
            "seats": public_seats(rec),
            "to_move": self.to_move,
            "winner": rec.winner,
            "result": rec.result,
            "can_undo": self.can_undo(seat),
            "view": self.state.view(seat, log=False),
            "log": {"start": start, "entries": entries},
        }

    def state_json(self) -> str:
        return self.state.to_json()


def public_seats(rec: GameRecord) -> dict[str, dict[str, Any]]:
    """Who sits where, as anyone may know it: human, or which bot."""
    return {side: ({"kind": HUMAN} if s.kind == HUMAN else {"kind": BOT, "bot": s.bot})
            for side, s in rec.seats.items()}


def rebuild(record: GameRecord, rows: list[Row], snapshot: tuple[int, str] | None,
            backend: str | None = "auto") -> LiveGame:
    """The live game from its stored history: from the newest snapshot (or
    the seed), each row applied again and checked by the engine, on the
    engine ``backend`` (``auto``, ``python`` or ``native``; the Python engine
    validates a snapshot before the native core reads it)."""
    if snapshot is not None:
        base, text = snapshot
        state = bm.load(text, backend=backend)
    else:
        base = 0
        state = bm.new_game(record.game, seed=record.seed, options=record.options, backend=backend)
    live = LiveGame(record, state, base, base, [len(state.log_entries)], snap_ply=base)
    for row in rows:
        if row.ply <= base:
            continue
        if row.ply != live.ply + 1:
            raise ValueError(f"game {record.id}: history row {row.ply} follows ply {live.ply}")
        if row.kind == "undo":
            pending = live.prepare_undo(row.seat)
            live.commit(pending)
        elif row.seat == CHANCE:
            # Chance rows are replayed with the action that caused them.
            _replay_chance(live, row)
        else:
            pending = live.prepare(row.seat, row.text or "", chance=False)
            live.commit(pending)
    o = live.outcome()
    live.record.ply = live.ply
    live.record.status, live.record.winner, live.record.result = o.status, o.winner, o.result
    return live


def _replay_chance(live: LiveGame, row: Row) -> None:
    """A stored chance row must be what the state's own generator draws."""
    s = live.state.clone()
    expected = s.chance_action()
    if expected.text != row.text:
        raise ValueError(f"game {live.id}: chance at ply {row.ply} was {row.text!r}, the state draws {expected.text!r}")
    s.apply(expected)
    live.state = s
    live.undo = []
    live.ply += 1
    live.log_len.append(len(s.log_entries))


def dumps_compact(value: Any) -> str:
    """JSON as the server sends it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
