"""The `brink` terminal front end after a review of play at the keyboard:
hot-seat handovers, secrets in replays and seeds, the nuclear-war warning,
saving finished games, cards shown at decisions, narrow terminals, prefix input."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import brinkmanship as bm
from brinkmanship.bots import derive_seed, make_bot
from brinkmanship.cli import render, render_thirteen, savefile
from brinkmanship.cli.games import ui_for
from brinkmanship.cli.play import Outcome, PlaySession, help_text, resume_session
from brinkmanship.cli.replay import ReplayCursor, browse
from brinkmanship.cli.savefile import SavedGame
from brinkmanship.cli.simulate import play_game
from brinkmanship.thirteen.board import CARDS
from tests.cli.helpers import brink

from .conftest import Keyboard

CLEAR_SCROLLBACK = "\x1b[3J"


def text_of(renderable: Any, width: int = 160) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def session_on(kb: Keyboard, state: bm.State, seats: dict[str, str]) -> PlaySession:
    """A play session on a position, wired to ``kb``."""
    bots = {side: make_bot(kind, derive_seed(1, side)) for side, kind in seats.items() if kind != "human"}
    session = PlaySession(state=state, saved=SavedGame("thirteen", 1, {}, dict(seats)), console=kb.console,
                          read_line=kb.read, bots=bots)
    kb.session = session
    return session


def last_action(kb: Keyboard, at_handover: str | None = "") -> Iterator[str | None]:
    """Pick the last legal action at every prompt; ``at_handover`` at the hand-over pause."""
    while True:
        if kb.prompts[-1] == "":
            yield at_handover
        elif kb.session.state.is_terminal:
            yield ""
        else:
            yield str(len(kb.session.state.legal_actions()))


class TerminalKeyboard(Keyboard):
    """A Keyboard whose console believes it is a terminal (so clears are written)."""

    def __init__(self, lines: Any = ()) -> None:
        super().__init__(lines)
        self.console = Console(file=self.file, width=120, color_system=None, highlight=False, force_terminal=True)


# -- 1. hot seat --------------------------------------------------------------------------------------
def test_hot_seat_handover_clears_screen_and_scrollback_before_and_after_the_pause() -> None:
    kb = TerminalKeyboard()
    kb.lines = last_action(kb)  # type: ignore[assignment]
    session = PlaySession(state=bm.new_game("thirteen", seed=4), console=kb.console, read_line=kb.read,
                          saved=SavedGame("thirteen", 4, {}, {"USSR": "human", "US": "human"}))
    kb.session = session
    session.run()
    pauses = [k for k, p in enumerate(kb.prompts) if p == ""]
    assert len(pauses) > 10
    for k in pauses:
        before = kb.chunks[k]  # printed since the previous player's prompt
        handover = before.index("Hand the keyboard to")
        assert CLEAR_SCROLLBACK in before[:handover]  # the old screen is gone before the pause line
        assert "hand" not in before[before.rindex(CLEAR_SCROLLBACK):handover]
        after = kb.chunks[k + 1]
        assert CLEAR_SCROLLBACK in after and after.index(CLEAR_SCROLLBACK) < after.index("Your move")


def test_loading_a_hot_seat_save_hands_over_before_the_first_private_screen(tmp_path: Path) -> None:
    saved = SavedGame("thirteen", 4, {}, {"USSR": "human", "US": "human"}, ["agenda Atlantic"])
    kb = Keyboard(["", "quit"])
    session = resume_session(saved, kb.console, kb.read)
    kb.session = session
    assert session.run() is Outcome.QUIT
    assert kb.prompts[:2] == ["", "US> "]
    assert "Hand the keyboard to US" in kb.chunks[0] and "US hand" not in kb.chunks[0]
    assert "agenda" in kb.chunks[1] and "Your move, US" in kb.chunks[1]


def test_end_of_input_at_the_handover_quits_without_showing_the_next_player() -> None:
    kb = Keyboard([])
    kb.lines = last_action(kb, at_handover=None)  # type: ignore[assignment]
    session = PlaySession(state=bm.new_game("thirteen", seed=4), console=kb.console, read_line=kb.read,
                          saved=SavedGame("thirteen", 4, {}, {"USSR": "human", "US": "human"}))
    kb.session = session
    assert session.run() is Outcome.QUIT
    assert kb.prompts[-1] == ""
    tail = kb.output[kb.output.rindex("Hand the keyboard to"):]
    assert "Your move" not in tail and "agenda" not in tail.split("\n", 2)[-1]
    assert "Game left without saving" in tail


# -- 2. replay --side hides the other side's secret choices ------------------------------------------
def _cursor(game: str, seed: int) -> ReplayCursor:
    seats = {"USSR": "random", "US": "random"}
    _state, res = play_game(game, seed, {}, seats, keep_actions=True)
    assert res.actions is not None
    return ReplayCursor(SavedGame(game, seed, {}, seats, list(res.actions)))


def test_replay_as_one_side_does_not_name_the_other_sides_agenda_or_alliances_card() -> None:
    cursor = _cursor("thirteen", 0)  # the USSR dominates Alliances at action 81
    n = cursor.last
    seen = {}
    for k in range(1, n + 1):
        cursor.go(k)
        seen[k] = (cursor.heading("US").plain, cursor.heading("USSR").plain, cursor.heading().plain)
    assert seen[1] == (f"Action 1 of {n}: USSR keeps an agenda", f"Action 1 of {n}: USSR: agenda World Opinion Track",
                       f"Action 1 of {n}: USSR: agenda World Opinion Track")
    assert seen[2][1] == f"Action 2 of {n}: US keeps an agenda"
    assert seen[2][0] == f"Action 2 of {n}: US: agenda Personal Letter"
    assert seen[81][0] == f"Action 81 of {n}: USSR decides on its Alliances card"
    assert seen[81][1] == seen[81][2] == f"Action 81 of {n}: USSR: aftermath Intelligence Reports"
    # Nothing else is hidden: the cards played are public.
    assert seen[3][0] == seen[3][1] == seen[3][2]


def test_replay_as_one_side_hides_the_other_twilight_headline_until_revealed() -> None:
    cursor = _cursor("twilight", 1)
    first = next(k for k in range(1, cursor.last + 1) if cursor.saved.actions[k - 1].startswith("headline "))
    cursor.go(first)
    assert cursor.players[first] == "USSR"
    assert cursor.heading("US").plain == f"Action {first} of {cursor.last}: USSR chooses its headline card"
    assert cursor.heading("USSR").plain.endswith(f"USSR: {cursor.saved.actions[first - 1]}")
    cursor.go(first + 1)  # the US headline: both are revealed at once
    assert cursor.heading("USSR").plain.endswith(f"US: {cursor.saved.actions[first]}")


def test_replay_command_with_side_hides_the_choice(runner: CliRunner, tmp_path: Path) -> None:
    cursor = _cursor("thirteen", 0)
    path = tmp_path / "g.json"
    savefile.save(path, cursor.saved)
    code, out = brink(runner, "replay", str(path), "--side", "US", input="\n" * 3 + "q\n")
    assert code == 0
    assert "USSR keeps an agenda" in out and "agenda World Opinion Track" not in out


# -- 3. the seed stays secret while a human plays --------------------------------------------------------
@pytest.mark.parametrize("game", ["thirteen", "twilight"])
def test_the_seed_is_shown_at_the_end_when_a_human_plays(runner: CliRunner, tmp_path: Path, game: str) -> None:
    path = tmp_path / "g.json"
    code, out = brink(runner, "play", game, "--seed", "17", input=f"1\n1\nsave {path}\nquit\n")
    assert code == 0 and "seed" not in out.lower().replace(str(tmp_path).lower(), "")
    assert "17" not in out.split("\n")[0]
    assert savefile.load(path).seed == 17
    code, out = brink(runner, "play", "--load", str(path), input="quit\n")
    assert "17" not in out.split("\n")[0].replace(str(path), "")  # the temporary path may hold a 17
    code, out = brink(runner, "play", game, "--seed", "17", "--ussr", "random", "--us", "random")
    assert code == 0 and ", seed 17" in out.split("\n")[0]


def test_the_seed_is_printed_when_a_played_game_ends(keyboard, session_for) -> None:
    kb = keyboard([])
    kb.lines = last_action(kb)
    session_for(kb, seed=5, game="thirteen").run()
    assert "The seed of this game was 5." in kb.output.split("Game over")[1]
    assert "seed" not in kb.output.split("Game over")[0].lower()


# -- 4. the nuclear-war warning counts the DEFCON-track agenda push -------------------------------------
def _warnings(state: bm.State, viewer: str | None) -> list[str]:
    return [t.plain for t in render_thirteen.war_warnings(state.view(viewer))]


def _track_position(push: str = "zone", kept: str = "Military Track") -> bm.State:
    return bm.from_position("thirteen", {
        "options": {"agenda_push": push},
        "defcon": {"USSR": {"Military": 6, "Political": 2, "World Opinion": 2},
                   "US": {"Military": 5, "Political": 2, "World Opinion": 2}},
        "agendas": {"USSR": {"offered": ["Berlin", "Military Track", "Italy"], "kept": kept},
                    "US": {"offered": ["Turkey", "Atlantic", "Personal Letter"], "kept": "Atlantic"}},
    })


def test_warning_counts_the_push_of_the_viewers_own_track_agenda() -> None:
    s = _track_position()
    assert _warnings(s, "USSR") == ["Warning: USSR would trigger nuclear war if the round ended now "
                                    "(after the Military Track agenda pushes its markers)."]
    # The US does not know the USSR kept it, but sees it flagged.
    assert _warnings(s, "US") == ["Careful: USSR would trigger nuclear war if USSR kept its Military Track agenda "
                                  "(it pushes the markers at 4-6 on that track one step before the check)."]
    assert "Warning: USSR would trigger" in text_of(render_thirteen.board(s.view("USSR")))


def test_warning_follows_the_agenda_push_option() -> None:
    assert _warnings(_track_position(push="none"), "USSR") == []
    assert _warnings(_track_position(push="none"), "US") == []
    assert _warnings(_track_position(push="saito"), "USSR") == []  # 'saito' pushes 4-5 only: 6 stays
    s = _track_position(kept="Berlin")
    assert _warnings(s, "USSR") == []  # the USSR knows it kept Berlin
    assert len(_warnings(s, "US")) == 1  # the US cannot know


# -- 5. a finished game can be saved --------------------------------------------------------------------
def test_a_finished_game_can_be_saved_at_the_last_prompt(keyboard, session_for, tmp_path: Path) -> None:
    path = tmp_path / "done" / "game.json"
    kb = keyboard([])

    def lines() -> Iterator[str]:
        while not kb.session.state.is_terminal:
            yield str(len(kb.session.state.legal_actions()))
        yield f"save {path}"
        yield ""

    kb.lines = lines()
    assert session_for(kb, seed=5, game="thirteen").run() is Outcome.OVER
    assert kb.prompts[-2:] == ["game over> ", "game over> "]
    assert f"(replay with: brink replay {path})" in " ".join(kb.output.split())
    saved = savefile.load(path)
    assert savefile.replay(saved).to_json() == kb.session.state.to_json()


# -- 6. cards the viewer does not hold are shown at the decision ---------------------------------------
def _summary_of(name: str) -> str:
    """The start of a 13 Days card's event text (the whole text is shown)."""
    number = next(c.number for c in CARDS if c.name == name)
    text = next(c["text"] for c in bm.cards("thirteen") if c["number"] == number)
    return " ".join(text.split())


def test_the_offer_prompt_shows_the_commanded_card() -> None:
    s = bm.from_position("thirteen", {"next": "US", "hands": {"US": ["Fidel Castro", "Excomm"],
                                                                "USSR": ["SOPs", "Scramble"]}})
    s.apply("command Fidel Castro")
    out = text_of(render_thirteen.decision(s.view("USSR")))
    assert "The card commanded" in out and "Fidel Castro" in out and "USSR" in out
    assert _summary_of("Fidel Castro")[:40] in " ".join(out.split())


def test_the_stolen_card_and_the_alliances_draw_are_shown() -> None:
    s = bm.from_position("thirteen", {"next": "USSR", "hands": {"USSR": ["Intelligence Reports", "Excomm"],
                                                                  "US": ["Air Strike", "SOPs"]}})
    s.apply("event Intelligence Reports")
    out = " ".join(text_of(render_thirteen.decision(s.view("USSR"))).split())
    assert "The stolen card" in out and _summary_of("SOPs")[:40] in out
    s = bm.from_position("thirteen", {"phase": "aftermath", "cubes": {"USSR": {"Alliances": 3}},
                                      "aftermath": {"USSR": ["Scramble"], "US": ["Excomm"]}})
    v = s.view("USSR")
    assert v["decision_kind"] == "alliances"
    out = " ".join(text_of(render_thirteen.decision(v)).split())
    drawn = v["looking_at"][0]
    assert "Drawn for Alliances" in out and _summary_of(drawn)[:40] in out


def test_air_strike_and_bay_of_pigs_choices_say_what_each_option_does() -> None:
    s = bm.from_position("thirteen", {"next": "US", "hands": {"US": ["Air Strike", "Excomm"]}})
    s.apply("event Air Strike")
    out = text_of(render_thirteen.decision(s.view("US")))
    assert "1. halve (rounded up) the USSR cubes in one Cuba arena" in out
    assert "2. place up to 2 US cubes on Alliances" in out
    s = bm.from_position("thirteen", {"next": "USSR", "hands": {"USSR": ["Bay of Pigs", "SOPs"]},
                                      "cubes": {"US": {"Alliances": 2}}})
    s.apply("event Bay of Pigs")
    out = text_of(render_thirteen.decision(s.view("US")))
    assert "1. remove 2 US cubes from Alliances" in out
    assert "2. the US may not de-escalate DEFCON by events for the rest of the round" in out


# -- 7. narrow terminals --------------------------------------------------------------------------------
def test_the_hand_at_80_columns_puts_each_text_on_its_own_lines() -> None:
    s = bm.from_position("thirteen", {"hands": {"USSR": ["Fidel Castro", "Mathematical Precision", "SOPs"]}})
    out = text_of(render_thirteen.hand(s.view("USSR"), texts=True), width=80)
    for name in ("Fidel Castro", "Mathematical Precision", "SOPs"):
        assert _summary_of(name)[:50] in " ".join(out.split()), name
    assert max(len(line) for line in out.splitlines()) <= 80


def test_cards_thirteen_at_80_columns_drops_the_developer_columns() -> None:
    out = text_of(render_thirteen.cards_table(status=True), width=80)
    assert _summary_of(CARDS[0].name)[:50] in " ".join(out.split()) and "Mathematical Precision" in out
    assert not re.search(r"\bTest\b", out) and "Events implemented" not in out
    out = text_of(render_thirteen.cards_table(status=True), width=200)
    assert re.search(r"\bTest\b", out) and "Events implemented" in out


# -- 8. a new round redraws the whole board ------------------------------------------------------------
def test_the_first_prompt_of_a_new_round_shows_the_full_board(keyboard) -> None:
    """The USSR makes the last decision of round 1 (its Alliances draw) and the
    first of round 2 (its agenda): the round-2 prompt is the full screen."""
    state = bm.from_position("thirteen", {"phase": "aftermath", "cubes": {"USSR": {"Alliances": 3}},
                                          "aftermath": {"USSR": ["Scramble"], "US": ["Excomm"]}})
    kb = keyboard(["1", "quit"])
    session_on(kb, state, {"USSR": "human", "US": "random"})
    kb.session.run()
    assert kb.session.state.view("USSR")["round"] == 2
    assert "Round 2:" in kb.chunks[1] and "Your move, USSR" in kb.chunks[1]
    assert "DEFCON zones" in kb.chunks[1]


# -- 9. replaying an unfinished save -------------------------------------------------------------------
def test_browsing_an_unfinished_game_says_it_is_not_over() -> None:
    cursor = ReplayCursor(SavedGame("thirteen", 4, {}, {"USSR": "human", "US": "random"},
                                    ["agenda Atlantic", "agenda Political Track"]))
    kb = Keyboard(["", "", "", "q"])
    browse(kb.console, cursor, kb.read, "USSR")
    assert "End of the game" not in kb.output
    assert "the game is not over: USSR: choose who plays first" in kb.output


# -- 10. saving into a new directory -------------------------------------------------------------------
def test_save_creates_missing_directories(keyboard, session_for, tmp_path: Path) -> None:
    path = tmp_path / "saves" / "deep" / "game.json"
    kb = keyboard(["1", f"save {path}", "quit"])
    session_for(kb, game="thirteen").run()
    n = len(kb.session.saved.actions)
    assert f"Saved {n} actions to {path}" in " ".join(kb.output.split())
    assert savefile.load(path).actions == kb.session.saved.actions


# -- 11. small text ----------------------------------------------------------------------------------------
def test_one_saved_action_is_singular(keyboard, tmp_path: Path) -> None:
    state = bm.from_position("thirteen", {"next": "USSR", "hands": {"USSR": ["Missile Trade", "Excomm", "SOPs"]}})
    kb = keyboard(["command Missile Trade", f"save {tmp_path / 'g.json'}", "quit"])
    session_on(kb, state, {"USSR": "human", "US": "random"})
    kb.session.run()
    assert "Saved 1 action to" in kb.output


def test_one_card_is_singular() -> None:
    s = bm.from_position("thirteen", {"hands": {"USSR": ["SOPs", "Excomm"], "US": ["Scramble"]}})
    assert "US holds 1 card." in text_of(render_thirteen.hand(s.view("USSR")))
    s = bm.from_position("thirteen", {"hands": {"USSR": ["SOPs"], "US": ["Scramble", "Excomm"]}})
    assert "USSR holds 1 card, US 2." in text_of(render_thirteen.hand(s.view(None)))
    view = {"viewer": None, "hand_sizes": {"USSR": 1, "US": 8}}
    assert render.hand(view).plain == "Hands are hidden: USSR holds 1 card, US 8."


def test_flag_errors_and_options_are_spelt_as_typed(runner: CliRunner) -> None:
    code, out = brink(runner, "play", "thirteen", "--no-events")
    assert code == 2 and "--no-events: Twilight Struggle only" in out
    code, out = brink(runner, "play", "thirteen", "--ussr", "random", "--us", "random", "--seed", "1",
                      "-o", "agenda_bonus=false")
    assert "agenda_bonus=false" in out.split("\n")[0] and "False" not in out.split("\n")[0]


@pytest.mark.parametrize("game", ["thirteen", "twilight"])
def test_in_game_help_lists_every_command(game: str) -> None:
    text = help_text(ui_for(game))
    for word in ("help", "actions", "board", "hand", "card NAME", "log", "undo", "save FILE", "quit"):
        assert re.search(rf"^  {word}\b", text, re.M), word
    russian = help_text(ui_for(game), "ru")
    for word in ("help", "actions", "board", "hand", "card", "log", "undo", "save", "quit"):
        assert re.search(rf"^  {word}\b", russian, re.M), word
    assert "справка" in russian


# -- 12. prefixes prefer the legal actions -----------------------------------------------------------------
def test_a_prefix_matching_one_legal_action_is_played(keyboard) -> None:
    """"command m" names four cards, but the USSR holds only Missile Trade of them."""
    state = bm.from_position("thirteen", {"next": "USSR", "hands": {"USSR": ["Missile Trade", "Excomm", "SOPs"]}})
    kb = keyboard(["command m", "quit"])
    session_on(kb, state, {"USSR": "human", "US": "random"})
    kb.session.run()
    assert kb.session.saved.actions[0] == "command Missile Trade"


def test_ambiguous_prefixes_are_refused_and_exact_notation_still_works(keyboard) -> None:
    state = bm.from_position("thirteen", {"next": "USSR", "hands": {"USSR": ["Missile Trade", "Excomm", "SOPs"]}})
    kb = keyboard(["command", "EVENT sops", "quit"])
    session_on(kb, state, {"USSR": "human", "US": "random"})
    kb.session.run()
    assert "command is ambiguous: it could be any of 3 actions:" in kb.output
    could = re.search(r"^  (command .*)$", kb.output.split("command is ambiguous")[1], re.M)
    assert could and sorted(could[1].split(", ")) == ["command Excomm", "command Missile Trade", "command SOPs"]
    assert kb.session.saved.actions[0] == "event SOPs"
