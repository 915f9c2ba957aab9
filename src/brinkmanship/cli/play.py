"""The play loop: humans at the keyboard, bots and dice answered in between.

:class:`PlaySession` owns one game in progress. It takes its input as a
``read_line(prompt)`` callable and writes to a rich ``Console``, so tests
drive it with scripted lines and inspect the output, and the CLI plugs in
the real terminal. A human is only ever shown ``state.view(side)`` of the
side at the keyboard; the State itself never reaches the rendering code.

Each human prompt starts with what changed since that side last acted: the
new log lines, then the whole situation (status, map, hand) if anybody else
acted meanwhile, or a one-line status while the same side keeps deciding
(e.g. spending ops one influence at a time, or placing a Command's cubes);
a new turn or round, or a reveal of hidden cards, always redraws everything.
Once the game is over, a human may ``save FILE`` it for ``brink replay``.
Bots (``random``, ``heuristic``, ``ismcts:2``...) are asked through
``bots.decide``, which gives each only its own view (and a search bot its
sampler of determinizations); while a search bot thinks, a spinner names
the side and the bot, nothing more.
What differs between games (renderer, help, which decisions redraw the hand
or the map) comes from ``games.ui_for``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rich.console import Console
from rich.text import Text

import brinkmanship as bm
from brinkmanship.bots import Bot, decide, derive_seed, make_bot
from brinkmanship.cli import savefile
from brinkmanship.cli.games import GameUI, Renderer, ui_for
from brinkmanship.cli.render import side_text
from brinkmanship.cli.savefile import SavedGame

HUMAN = "human"

ReadLine = Callable[[str], "str | None"]


HELP = """\
Type an action in notation or its number from the list, for example:
{examples}

Commands:
  help           this text
  actions        list the legal actions again
  board          the full map
  hand           your hand
  log            the whole game log
  undo           take back your last action (only within your own turn,
                 {undo_limits})
  save FILE      save the game (resume with: brink play --load FILE)
  quit           leave the game (save first to keep it)"""


def help_text(ui: GameUI) -> str:
    """The ``help`` text of a game (its own action examples and undo limits)."""
    return HELP.format(examples=ui.examples, undo_limits=ui.undo_limits)


class Outcome(Enum):
    """How a session ended."""

    OVER = "over"
    QUIT = "quit"


@dataclass
class PlaySession:
    """One game being played in the terminal.

    ``saved`` records how the game started (seed, options, and ``seats``:
    each side ``"human"`` or a bot name) and every action taken since, so it
    doubles as the save file. Build one with :func:`new_session` or
    :func:`resume_session`.
    """

    state: bm.State
    saved: SavedGame
    console: Console
    read_line: ReadLine
    bots: dict[str, Bot] = field(default_factory=dict)
    history: bm.UndoHistory = field(default_factory=bm.UndoHistory)
    # Per human side: log length shown so far, and the action count right
    # after that side last acted (to tell "I am still deciding" from "others
    # moved since").
    seen_log: dict[str, int] = field(default_factory=dict)
    own_mark: dict[str, int] = field(default_factory=dict)
    saved_at: int = -1
    last_human: str | None = None
    # A resumed hot-seat game hands the keyboard over before the first
    # private screen: whoever loaded the file may not be the side to act.
    hand_over_first: bool = False
    # Per human side: (round or turn, reveal count) at its last prompt; a
    # new round or a reveal redraws the whole board even for the same side.
    seen_mark: dict[str, tuple[Any, int]] = field(default_factory=dict)
    # Dice are answered from the state's own generator; apply_random needs
    # an rng argument but does not draw from it at a chance node.
    _chance_rng: random.Random = field(default_factory=lambda: random.Random(0))

    @property
    def ui(self) -> GameUI:
        """How this game is shown in the terminal."""
        return ui_for(self.saved.game)

    @property
    def render(self) -> Renderer:
        """The game's renderer (looked up at each use)."""
        return ui_for(self.saved.game).render

    @property
    def humans(self) -> list[str]:
        """The sides played at the keyboard."""
        return [s for s, kind in self.saved.seats.items() if kind == HUMAN]

    # -- the loop ---------------------------------------------------------------
    def run(self) -> Outcome:
        """Play until the game ends or a human quits."""
        try:
            return self._run()
        finally:
            for bot in self.bots.values():
                close = getattr(bot, "close", None)  # a search bot's worker processes
                if close is not None:
                    close()

    def _run(self) -> Outcome:
        while not self.state.is_terminal:
            player = self.state.current_player
            assert player is not None
            if player == bm.CHANCE:
                self._record(self.state.apply_random(self._chance_rng).text)
            elif player in self.bots:
                action = self._bot_move(player)
                self.state.apply(action)
                self._record(action.text)
            elif not self._human_turn(player):
                self._say_goodbye()
                return Outcome.QUIT
        self._show_end()
        self._final_prompt()
        return Outcome.OVER

    def _bot_move(self, side: str) -> bm.Action:
        """The bot's choice for ``side``; a search bot thinks under a spinner.

        The spinner is transient (rich draws it only on a terminal and erases
        it afterwards) and says only who is thinking, so it cannot leak a card.
        """
        bot = self.bots[side]
        if not hasattr(bot, "choose_with") or len(self.state.legal_actions()) == 1:
            return decide(bot, self.state, side)
        with self.console.status(f"{side} ({self.saved.seats[side]}) is thinking...", spinner="dots"):
            return decide(bot, self.state, side)

    def _record(self, text: str) -> None:
        """An action by a bot or chance: keep it and end the undo window."""
        self.saved.actions.append(text)
        self.history.clear()

    # -- a human decision -------------------------------------------------------
    def _human_turn(self, side: str) -> bool:
        """Prompt ``side`` until one action is applied; False means quit."""
        first = self.last_human is None and self.hand_over_first
        handing = (first or self.last_human not in (None, side)) and len(self.humans) > 1
        if handing and not self._hand_over(side):
            return False
        self.last_human = side
        view = self.state.view(side)
        others_moved = self.own_mark.get(side) != len(self.saved.actions)
        mark = (view.get(self.ui.length_key), self.state.reveals)
        news = self.seen_mark.get(side) != mark
        self.seen_mark[side] = mark
        self._show_prompt(view, full=others_moved or news)
        while True:
            line = self.read_line(f"{side}> ")
            if line is None:
                return False
            line = " ".join(line.split())
            word, _, rest = line.partition(" ")
            command = word.lower()
            legal = view["legal_actions"]
            if not line:
                continue
            if command in ("quit", "exit", "q") and not rest:
                return False
            if command in ("help", "?", "h") and not rest:
                self.console.print(help_text(self.ui), markup=False, highlight=False)
            elif command == "actions" and not rest:
                self._show_actions(view)
            elif command == "board" and not rest:
                self.console.print(self.render.status(view))
                self.console.print(self.render.board(view, everything=True))
            elif command == "hand" and not rest:
                self.console.print(self.render.hand(view))
            elif command == "log" and not rest:
                self.console.print(self.render.log_lines(view["log"], numbered=True))
            elif command == "undo" and not rest:
                if self._undo(side):
                    view = self.state.view(side)
                    self._show_prompt(view, full=True)
            elif command == "save":
                self._save(rest)
            else:
                if line.isdigit():
                    k = int(line)
                    if not 1 <= k <= len(legal):
                        self._error(f"there is no action {k}: choose 1-{len(legal)} "
                                    "(type `actions` to list them)")
                        continue
                    line = legal[k - 1]
                try:
                    action = self.state.parse(line)
                    self.state = self.history.apply(self.state, action)
                except bm.IllegalActionError as exc:
                    # A prefix or an ambiguous name: one matching legal action wins.
                    matches = matching_actions(line, legal)
                    if len(matches) != 1:
                        self._error(str(exc))
                        if len(matches) > 1:
                            self._error(f"{line!r} could be: {', '.join(matches)}")
                        continue
                    action = self.state.parse(matches[0])
                    self.state = self.history.apply(self.state, action)
                if _learned(view, self.state.view(side)):
                    self.history.clear()
                self.saved.actions.append(action.text)
                self.own_mark[side] = len(self.saved.actions)
                return True

    def _show_prompt(self, view: dict[str, Any], full: bool) -> None:
        side = view["viewer"]
        start = self.seen_log.get(side, 0)
        log = view["log"]
        if start > len(log):  # after an undo
            start = len(log)
        r = self.render
        if log[start:]:
            self.console.print(r.log_lines(log[start:]))
        self.seen_log[side] = len(log)
        if full:
            self.console.rule(Text.assemble("Your move, ", side_text(side)))
            self.console.print(r.status(view))
            self.console.print(r.board(view))
            self.console.print(r.hand(view))
        else:
            self.console.print(r.status_line(view))
            if view["decision_kind"] in self.ui.board_kinds:
                self.console.print(r.board(view))
            if view["decision_kind"] in self.ui.hand_kinds:
                self.console.print(r.hand(view))
        self._show_actions(view)

    def _show_actions(self, view: dict[str, Any]) -> None:
        self.console.print(self.render.decision(view))
        self.console.print(self.render.actions(view["legal_actions"]))

    def _error(self, message: str) -> None:
        self.console.print(Text(message, style="red"))

    def _undo(self, side: str) -> bool:
        if not self.history.can_undo():
            self._error("Nothing to undo: undo only takes back your own actions within your turn, "
                        f"{self.ui.undo_limits}.")
            return False
        self.state, text = self.history.undo()
        undone = self.saved.actions.pop()
        assert undone == text, (undone, text)
        self.console.print(Text(f"Took back: {text}", style="yellow"))
        self.seen_log[side] = min(self.seen_log.get(side, 0), len(self.state.view(side)["log"]))
        return True

    def _save(self, path: str) -> bool:
        if not path:
            self._error("save needs a file name: save FILE")
            return False
        try:
            savefile.save(path, self.saved)
        except OSError as exc:
            self._error(f"could not save to {path!r}: {exc.strerror or exc}")
            return False
        self.saved_at = len(self.saved.actions)
        again = (f"replay with: brink replay {path}" if self.state.is_terminal
                 else f"resume with: brink play --load {path}")
        n = len(self.saved.actions)
        self.console.print(f"Saved {n} action{'' if n == 1 else 's'} to {path} ({again})",
                           markup=False, highlight=False)
        return True

    def _wipe(self) -> None:
        """Clear the screen and, on a terminal, its scrollback too (rich's
        clear leaves the scrollback, where the last player's hand would
        still be one scroll away)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _hand_over(self, side: str) -> bool:
        """Hot seat: hide the previous player's screen before showing ``side``'s.
        False when input ends at the pause (the player is gone: quit)."""
        self._wipe()
        self.console.print(Text.assemble("Hand the keyboard to ", side_text(side),
                                         " and press Enter."))
        if self.read_line("") is None:
            return False
        self._wipe()
        return True

    def _final_prompt(self) -> None:
        """After the game: a human may save it (for ``brink replay``) before leaving."""
        if not self.humans:
            return
        self.console.print("Type `save FILE` to keep this game (replay with: brink replay FILE), "
                           "or press Enter to leave.", markup=False, highlight=False)
        while True:
            line = self.read_line("game over> ")
            if line is None:
                return
            word, _, rest = " ".join(line.split()).partition(" ")
            if word.lower() != "save":
                return
            self._save(rest)

    def _say_goodbye(self) -> None:
        if self.saved_at != len(self.saved.actions):
            self.console.print("Game left without saving its last moves "
                               "(next time, `save FILE` first to resume it later).", highlight=False)
        else:
            self.console.print("Game left (it is saved).", highlight=False)

    def _show_end(self) -> None:
        """The last log lines, the final position and the result.

        One human sees their own view; hot-seat players and bot-only games
        get the spectator's view, which hides both hands.
        """
        humans = self.humans
        side = humans[0] if len(humans) == 1 else None
        view = self.state.view(side)
        start = min((self.seen_log.get(s, 0) for s in humans), default=0)
        r = self.render
        self.console.print(r.log_lines(view["log"][start:]))
        self.console.rule("Final position")
        self.console.print(r.status(view))
        self.console.print(r.board(view))
        self.console.print(r.result(view))
        if self.humans:  # the seed stays secret while a human plays: it gives away the deck
            self.console.print(f"The seed of this game was {self.saved.seed}.", markup=False, highlight=False)


def matching_actions(typed: str, legal: list[str]) -> list[str]:
    """The legal actions ``typed`` abbreviates: the same text ignoring case,
    or each typed word the start of the action's word at its place.

    >>> matching_actions("command m", ["command Missile Trade", "command Excomm", "event Missile Trade"])
    ['command Missile Trade']
    >>> matching_actions("EVENT excomm", ["command Excomm", "event Excomm"])
    ['event Excomm']
    """
    low = typed.lower().strip()
    exact = [a for a in legal if a.lower() == low]
    if exact:
        return exact
    words = low.split()
    out = []
    for a in legal:
        aw = a.lower().split()
        if a.lower().startswith(low) or (
                len(words) <= len(aw) and all(w == x or (k > 0 and x.startswith(w))
                                              for k, (w, x) in enumerate(zip(words, aw, strict=False)))):
            out.append(a)
    return out


def _known_cards(view: dict[str, Any]) -> set[Any]:
    """What the viewer privately knows about cards: its hand, the cards only
    it is looking at (13 Days: an Alliances draw) and its agenda flags."""
    known: set[Any] = set(view.get("hand", ()))
    known.update(("looking", c) for c in view.get("looking_at", ()))
    agendas = view.get("agendas")
    if agendas and view["viewer"] in agendas:
        known.update(("agenda", a) for a in agendas[view["viewer"]]["flags"])
    return known


def _learned(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Did the viewer learn a card it did not know (a deal, a draw)?

    The engine's reveal counter ends the undo window when hidden cards are
    shown; this second guard also ends it whenever a new card reaches the
    player, so that undo can never be used to peek at a draw and choose
    again (e.g. keeping an agenda, then seeing the strategy cards dealt).
    """
    return bool(_known_cards(after) - _known_cards(before))


def new_session(game: str, seed: int, options: dict[str, Any], seats: dict[str, str],
                console: Console, read_line: ReadLine) -> PlaySession:
    """A session for a new game; ``seats`` maps each side to "human" or a bot spec."""
    state = bm.new_game(game, seed=seed, options=options)
    effective = state.view(None)["options"]
    saved = SavedGame(state.game.name, seed, effective, dict(seats))
    return _session(state, saved, console, read_line)


def resume_session(saved: SavedGame, console: Console, read_line: ReadLine) -> PlaySession:
    """A session continuing a saved game (raises SaveFileError if it does not replay)."""
    state = savefile.replay(saved)
    session = _session(state, saved, console, read_line)
    session.saved_at = len(saved.actions)
    session.hand_over_first = True
    return session


def _session(state: bm.State, saved: SavedGame, console: Console, read_line: ReadLine) -> PlaySession:
    for side in state.game.players:
        kind = saved.seats.setdefault(side, HUMAN)
        if kind != HUMAN:
            make_bot(kind)  # fail early on an unknown bot or a bad spec
    # Bots are seeded from the game seed and the number of actions already
    # played, so a new game and a resumed file are both reproducible.
    n = len(saved.actions)
    bots = {side: make_bot(kind, derive_seed(saved.seed, side, n))
            for side, kind in saved.seats.items() if kind != HUMAN}
    return PlaySession(state=state, saved=saved, console=console, read_line=read_line, bots=bots)
