"""Stepping through a saved game: ``brink replay``.

:class:`ReplayCursor` keeps a copy of the state after every action (a game
is a few hundred small states), so going back or jumping anywhere is
instant. The interactive loop takes ``read_line`` and a Console like the
play loop, so it is tested with scripted keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

import brinkmanship as bm
from brinkmanship.cli import savefile
from brinkmanship.cli.games import Renderer, hidden_choice, ui_for
from brinkmanship.cli.savefile import SavedGame
from brinkmanship.core.log import may_read

ReadLine = Callable[[str], "str | None"]

HELP = "Enter: next action   b: back   g N: go to action N (0 = start)   log: log so far   q: quit"


class ReplayCursor:
    """A saved game replayed once, then browsed by action number.

    Position 0 is the game before its first action; position ``k`` is the
    game right after action ``k`` (1-based, as shown to users).
    """

    def __init__(self, saved: SavedGame) -> None:
        self.saved = saved
        first = savefile.new_state(saved)
        self.states: list[bm.State] = [first.clone()]
        self.players: list[str | None] = [None]
        # The public kind of decision each action answered (None at position 0).
        self.kinds: list[str | None] = [None]
        kind = first.view(None)["decision_kind"]
        for player, state in savefile.replay_steps(saved):
            self.states.append(state.clone())
            self.players.append(player)
            self.kinds.append(kind)
            kind = state.view(None)["decision_kind"]
        self.position = 0

    @property
    def render(self) -> Renderer:
        """The renderer of the saved game's game."""
        return ui_for(self.saved.game).render

    @property
    def last(self) -> int:
        """The number of actions in the game."""
        return len(self.states) - 1

    @property
    def state(self) -> bm.State:
        """The state at the current position."""
        return self.states[self.position]

    def go(self, position: int) -> int:
        """Move to ``position`` (clamped to the game); returns the new position."""
        self.position = max(0, min(self.last, position))
        return self.position

    def new_log(self, side: str | None = None) -> list[dict[str, Any]]:
        """The log entries the action at the current position produced that
        ``side`` may read (``None``: a spectator, public entries only)."""
        entries = self.state.log_entries
        if self.position:
            entries = entries[len(self.states[self.position - 1].log_entries):]
        return [e for e in entries if may_read(e["to"], side)]

    def heading(self, side: str | None = None) -> Text:
        """Which action this is, and who took it. Seen as ``side``, the other
        side's secret choices (13 Days: its kept agenda, Aftermath and
        Alliances cards; Twilight: its headline until revealed) are not named."""
        if self.position == 0:
            return Text(f"Start of the game (seed {self.saved.seed}); {self.last} actions follow.")
        who = self.players[self.position]
        text = self.saved.actions[self.position - 1]
        secret = hidden_choice(self.saved.game, self.kinds[self.position], who, side, self.state.view(side))
        if secret is not None:
            return Text(f"Action {self.position} of {self.last}: {secret}", style="bold")
        return Text(f"Action {self.position} of {self.last}: {who}: {text}", style="bold")


def show(console: Console, cursor: ReplayCursor, side: str | None) -> None:
    """The board and the log lines of the action at the cursor."""
    view = cursor.state.view(side)
    r = cursor.render
    console.rule(cursor.heading(side))
    console.print(r.status(view))
    console.print(r.board(view))
    if side is not None:
        console.print(r.hand(view))
    console.print(r.log_lines(cursor.new_log(side)))
    if view["over"]:
        console.print(r.result(view))


def show_end(console: Console, cursor: ReplayCursor, side: str | None) -> None:
    """The whole log, then the final board and result (non-interactive)."""
    cursor.go(cursor.last)
    view = cursor.state.view(side)
    r = cursor.render
    console.print(r.log_lines(view["log"], numbered=True))
    console.rule(cursor.heading(side))
    console.print(r.status(view))
    console.print(r.board(view, everything=True))
    if side is not None:
        console.print(r.hand(view))
    if view["over"]:
        console.print(r.result(view))
    else:
        console.print(Text(f"The game is not over: {view['decision']['prompt']}.", style="bold"))


def browse(console: Console, cursor: ReplayCursor, read_line: ReadLine, side: str | None) -> None:
    """Step through the game until the user quits (or input ends)."""
    console.print(HELP, highlight=False)
    show(console, cursor, side)
    while True:
        line = read_line(f"[{cursor.position}/{cursor.last}] > ")
        if line is None:
            return
        word, _, rest = " ".join(line.split()).lower().partition(" ")
        if word in ("q", "quit", "exit"):
            return
        if word in ("", "n", "next"):
            if cursor.position == cursor.last:
                view = cursor.state.view(side)
                where = ("End of the game." if view["over"]
                         else f"End of the saved actions; the game is not over: {view['decision']['prompt']}.")
                console.print(f"{where} (b: back, g N: go to action N, q: quit)", highlight=False, markup=False)
                continue
            cursor.go(cursor.position + 1)
        elif word in ("b", "back"):
            if cursor.position == 0:
                console.print("Already at the start.", highlight=False)
                continue
            cursor.go(cursor.position - 1)
        elif word in ("g", "go", "goto") and rest.isdigit():
            cursor.go(int(rest))
        elif word == "log":
            console.print(cursor.render.log_lines(cursor.state.view(side)["log"], numbered=True))
            continue
        else:
            console.print(Text(f"Unknown key {line.strip()!r}. {HELP}", style="red"))
            continue
        show(console, cursor, side)
