"""The frame-stack machine that both games run on.

A game state keeps its pending decisions as a stack of plain-data frames
(``d["stack"]``). The frame on top is either a decision, answered through
the game's ``legal``/``apply`` tables, or a procedure (the turn or round
sequence, a step after an event) that ``advance`` runs until a decision is
on top. Games supply the tables; the machine and the plugin methods that
only read the common state keys (``over``, ``winner``, ``result``, ``log``,
``reveals``, ``ply``, ``stack``) live here once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from brinkmanship.core.actions import Action, ActionSpace

Data = dict[str, Any]
Frame = dict[str, Any]
LegalTable = dict[str, Callable[[Data, Frame], list[Action]]]
ApplyTable = dict[str, Callable[[Data, Frame, Action], None]]
ProcTable = dict[str, Callable[[Data, Frame], None]]


class FrameMachine:
    """Dispatch on the top frame's kind (``frame["f"]``).

    The tables are held by reference, so a game may keep adding entries
    (for example procedures registered by card modules) after creating it.
    """

    __slots__ = ("apply_table", "legal_table", "procs")

    def __init__(self, legal: LegalTable, apply: ApplyTable, procs: ProcTable) -> None:
        self.legal_table = legal
        self.apply_table = apply
        self.procs = procs

    def advance(self, d: Data) -> None:
        """Run procedure frames until a decision is pending or the game ends
        (then the stack is emptied)."""
        stack = d["stack"]
        procs = self.procs
        while not d["over"]:
            f = stack[-1]
            proc = procs.get(f["f"])
            if proc is None:
                return
            proc(d, f)
        d["stack"] = []

    def legal_actions(self, d: Data) -> list[Action]:
        """Legal actions of the pending decision (empty when the game is over)."""
        if d["over"]:
            return []
        f = d["stack"][-1]
        return self.legal_table[f["f"]](d, f)

    def apply(self, d: Data, a: Action) -> None:
        """Apply a legal action and run the game on to the next decision."""
        f = d["stack"][-1]
        d["ply"] += 1
        self.apply_table[f["f"]](d, f, a)
        self.advance(d)


def end_game(d: Data, winner: str | None, result: str, text: str) -> None:
    """End the game at once with a public log line; later calls in the same
    action are ignored (the first cause of the end stands)."""
    if d["over"]:
        return
    d["over"] = True
    d["winner"] = winner
    d["result"] = result
    d["log"].append(text)


class FrameGame:
    """The plugin methods shared by every frame-stack game (see ``core.game.Game``)."""

    space: ActionSpace
    machine: FrameMachine

    def describe(self, d: Data) -> str:
        """A one-line public prompt for the pending decision (game-specific)."""
        raise NotImplementedError

    def decision_view(self, d: Data, side: str | None) -> Data:
        """The part of a view every frame-stack game shares: who acts, the
        prompt, the legal actions (only for the side to act), the public log,
        the options and the outcome."""
        player = self.current_player(d)
        return {
            "current_player": player,
            "decision": self.describe(d),
            "decision_kind": None if d["over"] else d["stack"][-1]["f"],
            "legal_actions": (
                [a.text for a in self.machine.legal_actions(d)] if player is not None and player == side else []
            ),
            "log": list(d["log"]),
            "options": dict(d["options"]),
            "over": d["over"],
            "winner": d["winner"],
            "result": d["result"],
        }

    def current_player(self, d: Data) -> str | None:
        if d["over"]:
            return None
        p: str = d["stack"][-1]["p"]
        return p

    def legal_actions(self, d: Data) -> list[Action]:
        # A fresh list: some decisions hand out shared constant lists.
        return list(self.machine.legal_actions(d))

    def apply(self, d: Data, action: Action) -> None:
        self.machine.apply(d, action)

    def parse(self, text: str) -> Action:
        return self.space.parse(text)

    def winner(self, d: Data) -> str | None:
        w: str | None = d["winner"]
        return w

    def result(self, d: Data) -> str | None:
        r: str | None = d["result"]
        return r

    def log(self, d: Data) -> list[str]:
        lines: list[str] = d["log"]
        return lines

    def reveals(self, d: Data) -> int:
        n: int = d["reveals"]
        return n
