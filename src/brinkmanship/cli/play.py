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
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

import brinkmanship as bm
from brinkmanship.bots import Bot, decide, derive_seed, make_bot
from brinkmanship.cli import savefile
from brinkmanship.cli.games import GameUI, Renderer, ui_for
from brinkmanship.cli.labels import label, matches, prefixes, words
from brinkmanship.cli.savefile import SavedGame
from brinkmanship.i18n import DEFAULT_LANG, text

HUMAN = "human"

ReadLine = Callable[[str], "str | None"]

#: How many legal actions a refusal lists before "and N more".
SHOWN_IN_ERRORS = 10
#: Answers that confirm a question (any language we speak).
YES = frozenset({"y", "yes", "д", "да"})


def help_text(ui: GameUI, lang: str = DEFAULT_LANG) -> str:
    """The ``help`` text of a game (its own action examples and undo limits)."""
    return text("cli.play.help", lang, examples=text(f"cli.{ui.name}.examples", lang),
                undo_limits=text(f"cli.{ui.name}.undo_limits", lang))


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
    :func:`resume_session`. ``lang`` is the language of every screen;
    ``autosave`` the file an unfinished game is kept in (``None``: none).
    """

    state: bm.State
    saved: SavedGame
    console: Console
    read_line: ReadLine
    bots: dict[str, Bot] = field(default_factory=dict)
    history: bm.UndoHistory = field(default_factory=bm.UndoHistory)
    lang: str = DEFAULT_LANG
    autosave: Path | None = None
    # Per human side: log length shown so far, and the action count right
    # after that side last acted (to tell "I am still deciding" from "others
    # moved since").
    seen_log: dict[str, int] = field(default_factory=dict)
    own_mark: dict[str, int] = field(default_factory=dict)
    saved_at: int = -1
    autosaved_at: int = -1
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

    def t(self, code: str, **args: Any) -> str:
        """A message of the catalog in the session's language."""
        return text(code, self.lang, **args)

    def say(self, code: str, style: str | None = None, **args: Any) -> None:
        """Print a message of the catalog (plain text: no markup)."""
        self.console.print(Text(self.t(code, **args), style=style or ""))

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
                self.keep()
                self._say_goodbye()
                return Outcome.QUIT
        self._drop_autosave()
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
        with self.console.status(self.t("cli.play.thinking", side=side, bot=self.saved.seats[side]),
                                 spinner="dots"):
            return decide(bot, self.state, side)

    def _record(self, action_text: str) -> None:
        """An action by a bot or chance: keep it and end the undo window."""
        self.saved.actions.append(action_text)
        self.history.clear()

    # -- autosave ---------------------------------------------------------------
    def keep(self) -> None:
        """Write the autosave if anything was played since the last one (an
        unfinished game is never lost: ``brink play --resume`` continues it)."""
        if self.autosave is None or self.state.is_terminal or self.autosaved_at == len(self.saved.actions):
            return
        try:
            savefile.save(self.autosave, self.saved)
        except OSError as exc:
            self.say("cli.play.autosave_failed", "red", path=str(self.autosave), reason=exc.strerror or str(exc))
            self.autosave = None
            return
        self.autosaved_at = len(self.saved.actions)

    def _drop_autosave(self) -> None:
        """A finished game needs no autosave (``save FILE`` keeps it for replays)."""
        if self.autosave is not None and self.autosaved_at >= 0:
            self.autosave.unlink(missing_ok=True)
            self.autosaved_at = -1

    @property
    def unsaved(self) -> bool:
        """Were moves played since the last ``save FILE`` (or the start)?"""
        return self.saved_at != len(self.saved.actions) and bool(self.saved.actions)

    def _confirm_quit(self, end_of_input: bool) -> bool:
        """Ask before leaving a game with unsaved moves; True: leave. A second
        end of input (or none left, as in a pipe) leaves."""
        if not self.unsaved:
            return True
        kept = self.t("cli.play.kept", path=str(self.autosave)) if self.autosave is not None else ""
        code = "cli.play.confirm_eof" if end_of_input else "cli.play.confirm_quit"
        answer = self.read_line(self.t(code, kept=kept) + " ")
        return answer is None or answer.strip().lower() in YES

    # -- a human decision -------------------------------------------------------
    def _human_turn(self, side: str) -> bool:
        """Prompt ``side`` until one action is applied; False means quit."""
        self.keep()
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
        legal = self.state.legal_actions()
        self._show_prompt(view, legal, full=others_moved or news)
        while True:
            line = self.read_line(f"{self.t(f'side.{side}')}> ")
            if line is None:
                if self._confirm_quit(end_of_input=True):
                    return False
                continue
            line = " ".join(line.split())
            word, _, rest = line.partition(" ")
            command = word.lower()
            if not line:
                continue
            if command in ("quit", "exit", "q") and not rest:
                if self._confirm_quit(end_of_input=False):
                    return False
            elif command in ("help", "?", "h") and not rest:
                self.console.print(help_text(self.ui, self.lang), markup=False, highlight=False)
            elif command == "actions" and not rest:
                self._show_actions(view, legal)
            elif command == "board" and not rest:
                self.console.print(self.render.status(view, lang=self.lang))
                self.console.print(self.render.board(view, everything=True, lang=self.lang))
            elif command == "hand" and not rest:
                self.console.print(self.render.hand(view, lang=self.lang, texts=True))
            elif command == "card":
                self._show_card(rest)
            elif command == "log" and not rest:
                self.console.print(self.render.log_lines(view["log"], numbered=True, lang=self.lang))
            elif command == "undo" and not rest:
                if self._undo(side):
                    view = self.state.view(side)
                    legal = self.state.legal_actions()
                    self._show_prompt(view, legal, full=True)
            elif command == "save":
                self._save(rest)
            else:
                action = self._read_action(line, legal)
                if action is None:
                    continue
                self.state = self.history.apply(self.state, action)
                if _learned(view, self.state.view(side)):
                    self.history.clear()
                self.saved.actions.append(action.text)
                self.own_mark[side] = len(self.saved.actions)
                return True

    def _read_action(self, line: str, legal: list[bm.Action]) -> bm.Action | None:
        """The legal action ``line`` names (its number in the list, its
        notation, its label or an abbreviation of either); else the refusal
        is shown and ``None`` returned. Nothing is applied here."""
        if line.isdigit():
            k = int(line)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            self._error(self.t("cli.play.no_such_number", k=k, n=len(legal)))
            return None
        refusal: bm.IllegalActionError | None
        action: bm.Action | None
        try:
            action = self.state.parse(line)
        except bm.IllegalActionError as exc:
            action, refusal = None, exc
        else:
            if action in legal:
                return action
            refusal = None
        found = matches(line, legal, self.lang)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            self._error(self.t("cli.play.ambiguous", given=line, n=len(found)))
            self._list_some(found, "cli.play.candidates")
            return None
        if action is not None:
            # Notation the engine reads, but not legal now: the engine says
            # why (asked of a copy: nothing is ever applied to refuse).
            try:
                self.state.clone().apply(action)
            except bm.IllegalActionError as exc:
                refusal = exc
        self._refuse(line, refusal, legal)
        return None

    def _refuse(self, line: str, exc: bm.IllegalActionError | None, legal: list[bm.Action]) -> None:
        """A short refusal: why, then at most ``SHOWN_IN_ERRORS`` of the legal actions."""
        render = getattr(exc, "render", None)
        if exc is None:
            reason = self.t("cli.play.not_understood", given=line)
        elif callable(render):
            reason = render(self.lang)
        else:
            reason = str(exc).split("; legal now:")[0]
        self._error(reason)
        self._list_some([a for a in legal if a.verb != "roll"])

    def _list_some(self, actions: list[bm.Action], code: str = "cli.play.legal_now") -> None:
        """Up to ``SHOWN_IN_ERRORS`` actions as labels, then how many more."""
        if not actions:
            return
        shown = ", ".join(label(a, self.lang) for a in actions[:SHOWN_IN_ERRORS])
        more = len(actions) - SHOWN_IN_ERRORS
        tail = self.t("cli.play.and_more", n=more) if more > 0 else ""
        self.console.print(Text(self.t(code, actions=shown, more=tail), style="yellow"))

    def _show_card(self, query: str) -> None:
        """``card NAME``: one card (13 Days: or agenda) with its text."""
        if not query:
            self._error(self.t("cli.play.card_usage"))
            return
        found = card_query(self.saved.game, query, self.lang, SHOWN_IN_ERRORS)
        if isinstance(found, str):
            self._error(found)
        else:
            kind, number = found
            self.console.print(self.render.card(number, lang=self.lang, kind=kind))

    def _show_prompt(self, view: dict[str, Any], legal: list[bm.Action], full: bool) -> None:
        side = view["viewer"]
        start = self.seen_log.get(side, 0)
        log = view["log"]
        if start > len(log):  # after an undo
            start = len(log)
        r = self.render
        lang = self.lang
        if log[start:]:
            self.console.print(r.log_lines(log[start:], lang=lang))
        self.seen_log[side] = len(log)
        if full:
            self.console.rule(Text(self.t("cli.play.your_move", side=side), style="bold"))
            self.console.print(r.status(view, lang=lang))
            self.console.print(r.board(view, lang=lang))
            self.console.print(r.hand(view, lang=lang))
        else:
            self.console.print(r.status_line(view, lang=lang))
            if view["decision_kind"] in self.ui.board_kinds:
                self.console.print(r.board(view, lang=lang))
            if view["decision_kind"] in self.ui.hand_kinds:
                self.console.print(r.hand(view, lang=lang))
        self._show_actions(view, legal)

    def _show_actions(self, view: dict[str, Any], legal: list[bm.Action]) -> None:
        self.console.print(self.render.decision(view, lang=self.lang))
        self.console.print(self.render.actions([label(a, self.lang) for a in legal], lang=self.lang))

    def _error(self, message: str) -> None:
        self.console.print(Text(message, style="red"))

    def _undo(self, side: str) -> bool:
        if not self.history.can_undo():
            self._error(self.t("cli.play.nothing_to_undo", limits=self.t(f"cli.{self.ui.name}.undo_limits")))
            return False
        self.state, action_text = self.history.undo()
        undone = self.saved.actions.pop()
        assert undone == action_text, (undone, action_text)
        self.say("cli.play.took_back", "yellow", action=label(self.state.game.parse(action_text), self.lang))
        self.seen_log[side] = min(self.seen_log.get(side, 0), len(self.state.view(side)["log"]))
        return True

    def _save(self, path: str) -> bool:
        if not path:
            self._error(self.t("cli.play.save_usage"))
            return False
        try:
            savefile.save(path, self.saved)
        except OSError as exc:
            self._error(self.t("cli.play.save_failed", path=path, reason=exc.strerror or str(exc)))
            return False
        self.saved_at = len(self.saved.actions)
        code = "cli.play.saved_over" if self.state.is_terminal else "cli.play.saved"
        self.say(code, n=len(self.saved.actions), path=path)
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
        self.say("cli.play.hand_over", side=side)
        if self.read_line("") is None:
            return False
        self._wipe()
        return True

    def _final_prompt(self) -> None:
        """After the game: a human may look at the board and the log again,
        or save the game (for ``brink replay``), before leaving."""
        if not self.humans:
            return
        view = self._end_view()
        self.say("cli.play.over_help")
        while True:
            line = self.read_line(self.t("cli.play.over_prompt") + "> ")
            if line is None:
                return
            word, _, rest = " ".join(line.split()).partition(" ")
            command = word.lower()
            if command == "save":
                self._save(rest)
            elif command == "board" and not rest:
                self.console.print(self.render.status(view, lang=self.lang))
                self.console.print(self.render.board(view, everything=True, lang=self.lang))
            elif command == "log" and not rest:
                self.console.print(self.render.log_lines(view["log"], numbered=True, lang=self.lang))
            elif command == "card":
                self._show_card(rest)
            elif command in ("help", "?", "h") and not rest:
                self.say("cli.play.over_help")
            else:
                return

    def _say_goodbye(self) -> None:
        if not self.saved.actions:
            self.say("cli.play.left_empty")
        elif not self.unsaved:
            self.say("cli.play.left_saved")
        elif self.autosave is not None and self.autosaved_at == len(self.saved.actions):
            self.say("cli.play.left_autosaved", path=str(self.autosave))
        else:
            self.say("cli.play.left_unsaved")

    def _end_view(self) -> dict[str, Any]:
        """One human sees their own view; hot-seat players and bot-only games
        get the spectator's view, which hides both hands."""
        humans = self.humans
        return self.state.view(humans[0] if len(humans) == 1 else None)

    def _show_end(self) -> None:
        """The last log lines, the final position and the result."""
        view = self._end_view()
        start = min((self.seen_log.get(s, 0) for s in self.humans), default=0)
        r = self.render
        lang = self.lang
        self.console.print(r.log_lines(view["log"][start:], lang=lang))
        self.console.rule(self.t("cli.play.final_position"))
        self.console.print(r.status(view, lang=lang))
        self.console.print(r.board(view, lang=lang))
        self.console.print(r.result(view, lang=lang))
        if self.humans:  # the seed stays secret while a human plays: it gives away the deck
            self.say("cli.play.seed_was", seed=self.saved.seed)


def card_query(game: str, query: str, lang: str = DEFAULT_LANG, shown: int | None = None) -> tuple[str, int] | str:
    """The one card (``kind``, ``number``) ``query`` names (see
    ``find_cards``), or why there is none, in ``lang``: no such card, or the
    names it could be (the first ``shown`` of them)."""
    found = find_cards(game, query, lang)
    if len(found) == 1:
        return found[0]
    if not found:
        return text("cli.play.no_such_card", lang, given=query)
    names = {(c["kind"], c["number"]): c["name"] for c in bm.cards(game, lang)}
    return text("cli.play.ambiguous_card", lang, given=query, names=", ".join(names[k] for k in found[:shown]))


def find_cards(game: str, query: str, lang: str = DEFAULT_LANG) -> list[tuple[str, int]]:
    """The cards (13 Days: and agendas) ``query`` names, as ``(kind, number)``:
    a number (``21``, ``#21``), or a name in ``lang`` or in English, whole or
    abbreviated (each typed word the start of a word of the name, in order).

    >>> find_cards("twilight", "#21"), find_cards("twilight", "cambridge")
    ([('card', 21)], [('card', 104)])
    """
    q = query.strip().lstrip("#")
    every = bm.cards(game, lang)
    if q.isdigit():
        return [(c["kind"], c["number"]) for c in every if c["number"] == int(q) and c["kind"] == "card"]
    typed = words(q)
    if not typed:
        return []
    # Several agenda cards share one agenda (and its text): the first stands for all.
    seen: set[Any] = set()
    unique = []
    for c in every:
        key = ("agenda", c["agenda_type"]) if c["kind"] == "agenda" else ("card", c["number"])
        if key not in seen:
            seen.add(key)
            unique.append(c)
    exact = [(c["kind"], c["number"]) for c in unique
             if typed in (words(c["name"]), words(c["english_name"]))]
    if exact:
        return exact
    return [(c["kind"], c["number"]) for c in unique
            if prefixes(typed, words(c["name"])) or prefixes(typed, words(c["english_name"]))]


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
                console: Console, read_line: ReadLine, lang: str = DEFAULT_LANG,
                autosave: Path | None = None, backend: str | None = "python") -> PlaySession:
    """A session for a new game; ``seats`` maps each side to "human" or a bot spec.
    ``backend``: the engine of the state (``"python"``, ``"native"``, ``"auto"``;
    as for ``bm.new_game``). Both show and play the same game."""
    state = bm.new_game(game, seed=seed, options=options, backend=backend)
    effective = state.view(None)["options"]
    saved = SavedGame(state.game.name, seed, effective, dict(seats))
    return _session(state, saved, console, read_line, lang, autosave)


def resume_session(saved: SavedGame, console: Console, read_line: ReadLine, lang: str = DEFAULT_LANG,
                   autosave: Path | None = None, backend: str | None = "python") -> PlaySession:
    """A session continuing a saved game (raises SaveFileError if it does not replay),
    on the engine ``backend`` (the Python engine replays and checks the file first)."""
    from brinkmanship import native

    state = savefile.replay(saved)
    if native.choose_backend(backend, state.game.name) == "native":
        state = native.to_native(state)
    session = _session(state, saved, console, read_line, lang, autosave)
    session.saved_at = len(saved.actions)
    session.hand_over_first = True
    return session


def _session(state: bm.State, saved: SavedGame, console: Console, read_line: ReadLine, lang: str,
             autosave: Path | None) -> PlaySession:
    for side in state.game.players:
        kind = saved.seats.setdefault(side, HUMAN)
        if kind != HUMAN:
            make_bot(kind)  # fail early on an unknown bot or a bad spec
    # Bots are seeded from the game seed and the number of actions already
    # played, so a new game and a resumed file are both reproducible.
    n = len(saved.actions)
    bots = {side: make_bot(kind, derive_seed(saved.seed, side, n))
            for side, kind in saved.seats.items() if kind != HUMAN}
    return PlaySession(state=state, saved=saved, console=console, read_line=read_line, bots=bots, lang=lang,
                       autosave=autosave)
