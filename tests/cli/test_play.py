"""The play loop, driven by a scripted keyboard: a human at each prompt."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.cli import render, savefile
from brinkmanship.cli.play import Outcome, PlaySession
from brinkmanship.cli.simulate import play_game
from brinkmanship.twilight.board import CARD_NAME

Keyboard = Any  # the conftest class, given by the fixture


def test_a_whole_game_typing_the_first_action_ends_with_a_result(keyboard, session_for, first_action) -> None:
    kb = keyboard(first_action(2000))
    session = session_for(kb, seed=3)
    assert session.run() is Outcome.OVER
    assert session.state.is_terminal
    assert "Game over:" in kb.output
    # The record replays to the very same game.
    assert savefile.replay(session.saved).to_json() == session.state.to_json()
    assert session.saved.actions[0] == "place Austria"  # "1" is the first legal action


def test_illegal_or_malformed_input_is_explained_and_changes_nothing(keyboard, session_for) -> None:
    kb = keyboard(["coup Narnia", "place West Germany", "ops #999", "frobnicate", "0", "10", "save", "quit"])
    session = session_for(kb)
    before = session.state.to_json()
    assert session.run() is Outcome.QUIT
    assert session.state.to_json() == before
    assert session.saved.actions == []
    out = kb.output
    assert "unknown country 'Narnia'" in out
    # The engine's message names the offending action and what is legal instead.
    assert "illegal action 'place West Germany'" in out and "Legal now: place Austria" in out
    assert "no card number 999" in out
    assert "unknown verb 'frobnicate'" in out
    assert "there is no action 0: choose 1-9" in out
    assert "there is no action 10: choose 1-9" in out
    assert "save needs a file name" in out
    assert len(kb.prompts) == 8  # re-prompted after every refusal


def test_a_number_picks_from_the_listed_actions(keyboard, session_for) -> None:
    kb = keyboard(["4", "place Bulgaria", "quit"])
    session = session_for(kb)
    legal = [a.text for a in bm.new_game("twilight", seed=3).legal_actions()]
    session.run()
    assert session.saved.actions == [legal[3], "place Bulgaria"]
    assert f"4. {legal[3]}" in kb.chunks[0]


def test_undo_takes_back_own_moves_until_the_other_side_acts(keyboard, session_for) -> None:
    # Six set-up placements, then the US bot sets up: after that, no undo.
    lines = ["undo", "1", "2", "undo", "undo", "undo", "3", "3", "3", "3", "3", "3", "undo", "quit"]
    kb = keyboard(lines)
    session = session_for(kb)
    start = bm.new_game("twilight", seed=3)
    session.run()
    out = kb.output
    assert out.count("Nothing to undo") == 3  # at the start, after emptying, after the US moved
    assert "Took back: place Finland" in out and "Took back: place Austria" in out
    assert session.saved.actions[:6] == ["place East Germany"] * 6
    assert session.saved.actions[6].startswith("place ")  # the US bot's set-up is kept
    # The undone moves left no trace in the state.
    replayed = start.clone()
    replayed.apply_many(session.saved.actions)
    assert replayed.to_json() == session.state.to_json()


def test_help_board_hand_log_and_actions_commands(keyboard, session_for) -> None:
    kb = keyboard(["help", "board", "hand", "log", "actions", "quit"])
    session_for(kb).run()
    help_text, board_text, hand_text, log_text, actions_text = kb.chunks[1:6]
    assert "undo" in help_text and "save FILE" in help_text and "coup Iran" in help_text
    assert "Dominican Republic" in board_text  # full map: empty countries too
    assert "Dominican Republic" not in kb.chunks[0]  # the prompt shows a compact map
    assert "USSR hand" in hand_text and "The China Card" in hand_text
    assert "New game. Influence is set up" in log_text
    assert "1. place Austria" in actions_text


def test_save_then_resume_gives_the_same_state(tmp_path: Path, keyboard, session_for, first_action) -> None:
    path = tmp_path / "game.json"
    snapshot: dict[str, str] = {}

    def at_prompt(kb: Keyboard) -> None:
        if len(kb.prompts) == 60:
            snapshot["state"] = kb.session.state.to_json()
            snapshot["actions"] = list(kb.session.saved.actions)

    lines = [*first_action(59), f"save {path}", "quit"]
    kb = keyboard(lines, on_prompt=at_prompt)
    session_for(kb, seed=11)
    assert kb.session.run() is Outcome.QUIT
    assert f"Saved {len(snapshot['actions'])} actions to {path}" in kb.output
    assert "Game left (it is saved)" in kb.output
    saved = savefile.load(path)
    assert saved.actions == snapshot["actions"]
    assert any(a.startswith("roll ") for a in saved.actions)  # dice are part of the record
    assert saved.seats == {"USSR": "human", "US": "random"}
    assert savefile.replay(saved).to_json() == snapshot["state"]


def test_a_resumed_game_continues_the_same_way_every_time(tmp_path: Path, keyboard, first_action) -> None:
    from brinkmanship.cli.play import new_session, resume_session

    path = tmp_path / "g.json"
    kb = keyboard([*first_action(30), f"save {path}", "quit"])
    new_session("twilight", 5, {}, {"USSR": "human", "US": "random"}, kb.console, kb.read).run()
    ends = []
    for _ in range(2):
        kb2 = keyboard([*first_action(40), "quit"])
        s = resume_session(savefile.load(path), kb2.console, kb2.read)
        s.run()
        ends.append(s.state.to_json())
    assert ends[0] == ends[1]


def test_random_against_random_is_the_simulated_game(keyboard, session_for) -> None:
    """RandomBot through the play loop and the lean simulate loop agree."""
    kb = keyboard([])
    session = session_for(kb, seed=8, ussr="random", us="random")
    assert session.run() is Outcome.OVER
    simulated, _result = play_game("twilight", 8, {}, {"USSR": "random", "US": "random"})
    assert session.state.to_json() == simulated.to_json()
    assert kb.prompts == []  # nobody was asked anything
    assert render.result(simulated.view(None)).plain in kb.output


def _hidden_names(state: bm.State, side: str) -> list[str]:
    """Names of the cards in ``side``'s hand that its opponent has not seen."""
    opp = "US" if side == "USSR" else "USSR"
    known = set(state.view(opp)["opponent_known"])
    return [CARD_NAME[c] for c in state.data["hands"][side] if c not in known]


def _leaked(state: bm.State, side: str, chunk: str) -> list[str]:
    """Hidden card names of ``side`` that appear in ``chunk`` once every other
    card name is blanked out (longest first: "Southeast Asia Scoring" must not
    read as "Asia Scoring")."""
    hidden = _hidden_names(state, side)
    for name in sorted(set(CARD_NAME[1:]) - set(hidden), key=len, reverse=True):
        chunk = chunk.replace(name, "#")
    return [n for n in hidden if n in chunk]


def test_the_human_never_sees_the_opponents_hand(keyboard, session_for, first_action) -> None:
    leaks: list[tuple[int, str]] = []
    checked = []

    def at_prompt(kb: Keyboard) -> None:
        if kb.session.state.is_terminal:  # the save prompt after the end: everything is open
            return
        checked.append(len(_hidden_names(kb.session.state, "US")))
        leaks.extend((len(kb.prompts), name) for name in _leaked(kb.session.state, "US", kb.chunks[-1]))

    kb = keyboard(first_action(2000), on_prompt=at_prompt)
    session_for(kb, seed=21).run()
    assert sum(checked) > 100  # the US held cards at many prompts
    assert "USSR hand" in kb.output
    assert leaks == []


def test_hot_seat_shows_each_side_only_its_own_hand(keyboard, session_for, first_action) -> None:
    leaks: list[tuple[int, str, str]] = []
    sides = set()

    def at_prompt(kb: Keyboard) -> None:
        prompt = kb.prompts[-1]
        if not prompt or kb.session.state.is_terminal:  # the hand-over pause, the save prompt at the end
            return
        side = prompt.split(">")[0]
        sides.add(side)
        other = "US" if side == "USSR" else "USSR"
        leaks.extend((len(kb.prompts), side, n) for n in _leaked(kb.session.state, other, kb.chunks[-1]))

    kb = keyboard([*first_action(150), "quit"], on_prompt=at_prompt)
    session_for(kb, seed=4, ussr="human", us="human").run()
    assert sides == {"USSR", "US"}
    assert "Hand the keyboard to US" in kb.output
    assert "US hand" in kb.output and "USSR hand" in kb.output
    assert leaks == []


def test_rendering_only_ever_gets_the_humans_view(monkeypatch: pytest.MonkeyPatch, keyboard, session_for,
                                                  first_action) -> None:
    """Structural check: every board, status and hand drawn is the USSR's view."""
    viewers: set[str | None] = set()

    def spy(fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(view: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
            viewers.add(view["viewer"])
            return fn(view, *args, **kwargs)
        return wrapped

    for name in ("status", "status_line", "board", "hand", "decision"):
        monkeypatch.setattr(render, name, spy(getattr(render, name)))
    kb = keyboard([*first_action(120), "board", "hand", "quit"])
    session_for(kb, seed=2).run()
    assert viewers == {"USSR"}


def test_quitting_at_end_of_input_keeps_the_state(keyboard, session_for) -> None:
    kb = keyboard(["1", "1"])  # input ends: the player is gone
    session: PlaySession = session_for(kb)
    assert session.run() is Outcome.QUIT
    assert len(session.saved.actions) == 2
    assert "Game left without saving" in kb.output
