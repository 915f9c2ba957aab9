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
from brinkmanship.cli.labels import label
from brinkmanship.cli.savefile import SavedGame
from brinkmanship.core.log import may_read
from brinkmanship.i18n import DEFAULT_LANG, text

ReadLine = Callable[[str], "str | None"]


class ReplayCursor:
    """A saved game replayed once, then browsed by action number.

    Position 0 is the game before its first action; position ``k`` is the
    game right after action ``k`` (1-based, as shown to users).
    """

    def __init__(self, saved: SavedGame, lang: str = DEFAULT_LANG) -> None:
        self.saved = saved
        self.lang = lang
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
    def finished(self) -> bool:
        """Does the saved game reach its end? An unfinished one is shown only
        as a spectator sees it, and its seed never (it gives the deck away)."""
        return self.states[-1].is_terminal

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
        lang = self.lang
        if self.position == 0:
            if self.finished:
                return Text(text("cli.replay.start_seed", lang, seed=self.saved.seed, n=self.last))
            return Text(text("cli.replay.start", lang, n=self.last))
        who = self.players[self.position]
        action = self.saved.actions[self.position - 1]
        secret = hidden_choice(self.saved.game, self.kinds[self.position], who, side, self.state.view(side), lang)
        if secret is not None:
            return Text(text("cli.replay.secret", lang, k=self.position, n=self.last, what=secret), style="bold")
        action = label(self.state.game.parse(action), lang)
        return Text(text("cli.replay.action", lang, k=self.position, n=self.last, player=who, action=action),
                    style="bold")


def show(console: Console, cursor: ReplayCursor, side: str | None) -> None:
    """The board and the log lines of the action at the cursor."""
    view = cursor.state.view(side)
    r = cursor.render
    lang = cursor.lang
    console.rule(cursor.heading(side))
    console.print(r.status(view, lang=lang))
    console.print(r.board(view, lang=lang))
    if side is not None:
        console.print(r.hand(view, lang=lang))
    console.print(r.log_lines(cursor.new_log(side), lang=lang))
    if view["over"]:
        console.print(r.result(view, lang=lang))


def show_end(console: Console, cursor: ReplayCursor, side: str | None) -> None:
    """The whole log, then the final board and result (non-interactive)."""
    cursor.go(cursor.last)
    view = cursor.state.view(side)
    r = cursor.render
    lang = cursor.lang
    console.print(r.log_lines(view["log"], numbered=True, lang=lang))
    console.rule(cursor.heading(side))
    console.print(r.status(view, lang=lang))
    console.print(r.board(view, everything=True, lang=lang))
    if side is not None:
        console.print(r.hand(view, lang=lang))
    if view["over"]:
        console.print(r.result(view, lang=lang))
    else:
        console.print(Text(text("cli.replay.not_over", lang, prompt=_prompt(cursor, view)), style="bold"))


def _prompt(cursor: ReplayCursor, view: dict[str, Any]) -> str:
    """The pending decision of ``view`` as a sentence in the cursor's language."""
    from brinkmanship.i18n import render

    dec = view["decision"]
    message = getattr(cursor.state.game, "prompt_message", None)
    if cursor.lang == DEFAULT_LANG or message is None:
        prompt: str = dec["prompt"]
        return prompt
    return render(message(dec), cursor.lang)


def browse(console: Console, cursor: ReplayCursor, read_line: ReadLine, side: str | None) -> None:
    """Step through the game until the user quits (or input ends)."""
    lang = cursor.lang
    keys = text("cli.replay.keys", lang)
    console.print(keys, highlight=False, markup=False)
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
                where = (text("cli.replay.end", lang) if view["over"]
                         else text("cli.replay.end_unfinished", lang, prompt=_prompt(cursor, view)))
                console.print(where, highlight=False, markup=False)
                continue
            cursor.go(cursor.position + 1)
        elif word in ("b", "back"):
            if cursor.position == 0:
                console.print(text("cli.replay.at_start", lang), highlight=False, markup=False)
                continue
            cursor.go(cursor.position - 1)
        elif word in ("g", "go", "goto") and rest.isdigit():
            cursor.go(int(rest))
        elif word == "log":
            console.print(cursor.render.log_lines(cursor.state.view(side)["log"], numbered=True, lang=lang))
            continue
        else:
            console.print(Text(text("cli.replay.unknown_key", lang, given=line.strip(), keys=keys), style="red"))
            continue
        show(console, cursor, side)
