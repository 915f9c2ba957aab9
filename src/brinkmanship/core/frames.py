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

import random
from collections.abc import Callable
from typing import Any

from brinkmanship.core.actions import Action, ActionSpace
from brinkmanship.core.errors import IllegalActionError
from brinkmanship.core.log import PUBLIC, msg, visible

CHANCE = "chance"

Data = dict[str, Any]
Frame = dict[str, Any]
# Handlers take the frame kind they serve: each game declares its frames'
# shapes as TypedDicts, so the tables accept any frame type.
LegalTable = dict[str, Callable[[Data, Any], list[Action]]]
ApplyTable = dict[str, Callable[[Data, Any, Action], None]]
ProcTable = dict[str, Callable[[Data, Any], None]]


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


def end_game(d: Data, winner: str | None, result: str, code: str, /, **args: Any) -> None:
    """End the game at once with a public log entry ``code``; later calls in
    the same action are ignored (the first cause of the end stands)."""
    if d["over"]:
        return
    d["over"] = True
    d["winner"] = winner
    d["result"] = result
    add_log(d, code, PUBLIC, **args)


def add_log(d: Data, code: str, /, to: str = PUBLIC, **args: Any) -> None:
    """Append a log entry to the state (see ``core.log``)."""
    d["log"].append({"code": code, "args": args, "to": to})


class FrameGame:
    """The plugin methods shared by every frame-stack game (see ``core.game.Game``)."""

    space: ActionSpace
    machine: FrameMachine

    def describe(self, d: Data) -> str:
        """A one-line public prompt for the pending decision (game-specific)."""
        raise NotImplementedError

    def decision(self, d: Data, side: str | None) -> Data | None:
        """The pending decision as data for ``side``'s view (``None`` when the
        game is over): who decides (``player``), its ``kind``, and the
        game-specific facts clients need; ``prompt`` renders it as a sentence."""
        if d["over"]:
            return None
        f = d["stack"][-1]
        return {"player": f["p"], "kind": f["f"], "prompt": self.describe(d)}

    def add_decision_view(self, v: Data, d: Data, side: str | None, log: bool = True,
                          legal: list[Action] | None = None) -> None:
        """Add to view ``v`` the part every frame-stack game shares: who
        acts, the decision, the legal actions (only for the side to act;
        ``legal`` when the caller has them), the log ``side`` may read, the
        options and the outcome. Written into the game's view dict rather
        than merged from a second one: views are on every bot's hot path."""
        over = d["over"]
        player = None if over else d["stack"][-1]["p"]
        v["current_player"] = player
        v["decision"] = self.decision(d, side)
        v["decision_kind"] = None if over else d["stack"][-1]["f"]
        if player is not None and player == side:
            v["legal_actions"] = [a.text for a in (self.machine.legal_actions(d) if legal is None else legal)]
        else:
            v["legal_actions"] = []
        v["options"] = d["options"].copy()
        v["over"] = over
        v["winner"] = d["winner"]
        v["result"] = d["result"]
        if log:
            v["log"] = visible(d["log"], side)

    # Facts declared by each game (see ``info``); its options (name -> the
    # allowed values, the default first), so clients never ask for a
    # game's name to know them.
    option_choices: dict[str, tuple[Any, ...]] = {}  # noqa: RUF012
    max_chance_outcomes = 0
    zero_sum = True

    def info(self) -> Data:
        """The game's facts for programs, as OpenSpiel declares them."""
        players: tuple[str, ...] = self.players  # type: ignore[attr-defined]
        return {
            "name": self.name,  # type: ignore[attr-defined]
            "players": list(players),
            "num_players": len(players),
            "num_distinct_actions": self.space.size,
            "action_space_digest": self.space.digest,
            "max_game_length": self.max_game_length,  # type: ignore[attr-defined]
            "max_chance_outcomes": self.max_chance_outcomes,
            "min_utility": -1.0,
            "max_utility": 1.0,
            "zero_sum": self.zero_sum,
            "dynamics": "sequential",
            "information": "imperfect",
            "chance": "explicit" if self.max_chance_outcomes else "none",
            "sampled_chance": "shuffles and draws use the generator stored in the state",
            "observation_shape": [self.observation_layout().size],  # type: ignore[attr-defined]
        }

    def validate(self, d: Data) -> None:
        """Check a loaded state; see ``core.validate``."""
        from brinkmanship.core.validate import validate_common

        validate_common(self, d)

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

    def chance_action(self, d: Data) -> Action:
        raise NotImplementedError

    def apply_random(self, d: Data, rng: random.Random) -> Action:
        """One random step in as few calls as possible: the hot path of
        random playouts (``State.apply_random``)."""
        if d["over"]:
            raise IllegalActionError("random", msg("error.game_over"))
        f = d["stack"][-1]
        machine = self.machine
        if f["p"] == CHANCE:
            a = self.chance_action(d)
        else:
            legal = machine.legal_table[f["f"]](d, f)
            a = legal[int(rng.random() * len(legal))]
        d["ply"] += 1
        machine.apply_table[f["f"]](d, f, a)
        machine.advance(d)
        return a

    def parse(self, text: str) -> Action:
        return self.space.parse(text)

    def winner(self, d: Data) -> str | None:
        w: str | None = d["winner"]
        return w

    def result(self, d: Data) -> str | None:
        r: str | None = d["result"]
        return r

    def returns(self, d: Data) -> dict[str, float]:
        """1 for the winner, -1 for the loser, 0 each for a draw or a game
        still going (a game where both sides lose overrides this)."""
        players: tuple[str, ...] = self.players  # type: ignore[attr-defined]
        w = d["winner"]
        if not d["over"] or w is None:
            return dict.fromkeys(players, 0.0)
        return {p: 1.0 if p == w else -1.0 for p in players}

    def log(self, d: Data) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = d["log"]
        return entries

    def reveals(self, d: Data) -> int:
        n: int = d["reveals"]
        return n
