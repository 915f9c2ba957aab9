"""The `brink` command with 13 Days: play, simulate, replay, cards, options,
undo and hidden information, through typer's CliRunner and a scripted keyboard."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import brinkmanship as bm
from brinkmanship.bots import derive_seed, make_bot
from brinkmanship.cli import games, render_thirteen, savefile
from brinkmanship.cli.cardstatus import thirteen_statuses
from brinkmanship.cli.play import Outcome, PlaySession, help_text
from brinkmanship.cli.savefile import SavedGame
from brinkmanship.cli.simulate import play_game
from brinkmanship.thirteen.board import AGENDA_NAME, CARD_NAME, CARDS, OPPONENT
from brinkmanship.thirteen.game import DEFAULT_OPTIONS
from brinkmanship.thirteen.rules import agenda_type
from tests.cli.helpers import brink

Keyboard = Any  # the conftest class, given by the fixture
BOTS = {"USSR": "random", "US": "random"}


def text_of(renderable: Any, width: int = 160) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def keyboard_session(kb: Keyboard, state: bm.State, seats: dict[str, str]) -> PlaySession:
    """A play session on any state (a position), wired to ``kb``."""
    bots = {side: make_bot(kind, derive_seed(1, side)) for side, kind in seats.items() if kind != "human"}
    session = PlaySession(state=state, saved=SavedGame("thirteen", 1, {}, dict(seats)), console=kb.console,
                          read_line=kb.read, bots=bots)
    kb.session = session
    return session


def last_choice(kb: Keyboard, n: int = 2000) -> Iterator[str]:
    """Lines that each pick the last legal action of the session's state."""
    for _ in range(n):
        yield str(len(kb.session.state.legal_actions()))


# -- help --------------------------------------------------------------------------------
def test_help_texts_mention_thirteen(runner: CliRunner) -> None:
    code, out = brink(runner, "--help")
    assert code == 0 and "13 Days (thirteen)" in out
    for command, words in {
        "play": ("thirteen", "--option", "NAME=VALUE", "command Excomm", "hot seat"),
        "simulate": ("thirteen", "--option"),
        "replay": ("thirteen",),
        "cards": ("thirteen", "39 strategy cards", "agendas", "--status"),
    }.items():
        code, out = brink(runner, command, "--help")
        assert code == 0, command
        for w in words:
            assert w in out, (command, w)


def test_in_game_help_shows_13_days_examples() -> None:
    text = help_text(games.ui_for("thirteen"))
    assert "command Excomm" in text and "agenda Berlin" in text and "coup Iran" not in text
    assert "until a card is drawn" in text


# -- play ------------------------------------------------------------------------------------
def test_play_thirteen_with_mistakes_undo_save_and_resume(runner: CliRunner, tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    again = tmp_path / "again.json"
    # Seed 3: the USSR keeps an agenda, the US bot keeps one, cards are dealt
    # and the USSR chooses who plays first, then commands with its first card.
    script = ["place Narnia", "99", "undo", "1", "undo", "1", "undo", "1", "1", f"save {first}"] + ["1"] * 400
    code, out = brink(runner, "play", "thirteen", "--seed", "3", "--us", "random", input="\n".join(script) + "\n")
    assert code == 0
    assert "13 Days: USSR human, US random" in out and "seed 3" not in out.split("Game over")[0]
    assert "The seed of this game was 3." in out
    assert "illegal action 'place Narnia': unknown arena 'Narnia'" in out
    assert "there is no action 99: choose 1-2" in out
    # Nothing to undo at the start, nor after the US bot kept its agenda ...
    assert out.count("Nothing to undo") == 2
    # ... but choosing who plays first can be taken back: the USSR plays on.
    assert "Took back: first USSR" in out
    assert f"Saved 4 actions to {first}" in out
    assert re.search(r"Game over: (USSR|US) wins|Game over: nobody wins", out)
    assert "USSR> place Narnia" in out

    saved = savefile.load(first)
    assert saved.game == "thirteen" and saved.seed == 3
    assert saved.seats == {"USSR": "human", "US": "random"}
    assert saved.options == DEFAULT_OPTIONS
    assert saved.actions[0] == "agenda Military Track"
    assert saved.actions[1].startswith("agenda ")  # the US bot
    assert saved.actions[2:] == ["first USSR", "command Summit Meeting"]

    code, out = brink(runner, "play", "--load", str(first), input=f"save {again}\nquit\n")
    assert code == 0
    assert f"Resumed {first}: 4 actions replayed (USSR human, US random)" in out
    assert "USSR: Command 2 cubes in one arena (any arena)" in out
    resumed = savefile.load(again)
    assert resumed.actions == saved.actions
    assert savefile.replay(resumed).to_json() == savefile.replay(saved).to_json()


def test_play_thirteen_between_bots_is_the_simulated_game(runner: CliRunner) -> None:
    code, out = brink(runner, "play", "thirteen", "--seed", "8", "--ussr", "random", "--us", "random")
    assert code == 0
    state, _ = play_game("thirteen", 8, {}, BOTS)
    assert state.log[-1] in out
    assert render_thirteen.result(state.view(None)).plain in out
    assert "USSR hand" not in out and "US hand" not in out  # nobody at the keyboard


def _three_round_seed() -> int:
    """A seed where a human USSR always taking the last listed action, against
    the random US, plays all three rounds (found, not hard-coded, so that
    rules fixes elsewhere do not break this test)."""
    for seed in range(40):
        s = bm.new_game("thirteen", seed=seed)
        bot = make_bot("random", derive_seed(seed, "US", 0))
        while not s.is_terminal:
            legal = s.legal_actions()
            s.apply(bot.choose(s.view("US"), legal) if s.current_player == "US" else legal[-1])
        if s.data["round"] == 3 and s.result != "nuclear_war":
            return seed
    raise AssertionError("no seed plays three rounds")


def test_a_whole_three_round_game_at_the_keyboard(keyboard, session_for) -> None:
    seed = _three_round_seed()
    kb = keyboard([])
    kb.lines = last_choice(kb)
    session = session_for(kb, seed=seed, game="thirteen")
    assert session.run() is Outcome.OVER
    state = session.state
    assert state.is_terminal and state.data["round"] == 3
    out = kb.output
    for r in (1, 2, 3):
        assert f"Round {r}: every DEFCON marker escalates" in out
    assert "The Aftermath is revealed" in out
    assert render_thirteen.result(state.view("USSR")).plain in out
    assert "Final position" in out
    assert savefile.replay(session.saved).to_json() == state.to_json()


def test_play_thirteen_options_reach_the_game_and_its_save(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = brink(runner, "play", "thirteen", "--seed", "2", "--option", "agenda_recycle=all",
                      "-o", "agenda_bonus=false", "--us", "human", "--ussr", "random",
                      input=f"save {path}\nquit\n")
    assert code == 0
    assert "13 Days, agenda_recycle=all, agenda_bonus=false: USSR random, US human" in out
    saved = savefile.load(path)
    assert saved.options["agenda_recycle"] == "all" and saved.options["agenda_bonus"] is False
    assert saved.options["agenda_push"] == "zone"  # the rest keep their defaults
    assert saved.seats == {"USSR": "random", "US": "human"}
    assert saved.actions[0].startswith("agenda ")  # the USSR bot kept its agenda
    assert "US: keep one of your agendas secretly" in out
    assert savefile.replay(saved).data["options"]["agenda_recycle"] == "all"


# -- options -----------------------------------------------------------------------------------
def test_option_values_are_parsed_as_booleans_or_words() -> None:
    assert games.parse_value("TRUE") is True and games.parse_value("false") is False
    assert games.parse_value(" saito ") == "saito"
    assert games.parse_options("thirteen", ["agenda-push=none", "containment_offered=true"]) == {
        "agenda_push": "none", "containment_offered": True}
    assert games.parse_options("twilight", ["events=false"], {"optional_cards": True}) == {
        "optional_cards": True, "events": False}
    assert games.parse_options("13", []) == {}


@pytest.mark.parametrize(("game", "items", "message"), [
    ("thirteen", ["fog=true"], "unknown 13 Days option 'fog'; options are:\n  agenda_push: zone|saito|none"),
    ("thirteen", ["agenda_push=up"], "13 Days option 'agenda_push' must be one of zone, saito, none; got 'up'"),
    ("thirteen", ["agenda_bonus=maybe"], "must be one of true, false; got 'maybe'"),
    ("thirteen", ["agenda_bonus=zone"], "must be one of true, false"),
    ("thirteen", ["agenda_push=true"], "must be one of zone, saito, none; got 'true'"),
    ("thirteen", ["agenda_push"], "'agenda_push' is not NAME=VALUE"),
    ("thirteen", ["=saito"], "is not NAME=VALUE"),
    ("thirteen", ["agenda_push=zone", "agenda_push=saito"], "given twice with different values"),
    ("twilight", ["agenda_push=saito"], "unknown Twilight Struggle option 'agenda_push'"),
    ("twilight", ["events=no"], "'events' must be one of true, false; got 'no'"),
])
def test_bad_options_are_refused(game: str, items: list[str], message: str) -> None:
    with pytest.raises(ValueError) as exc:
        games.parse_options(game, items)
    assert message in str(exc.value)


def test_the_command_line_refuses_bad_options_clearly(runner: CliRunner, tmp_path: Path) -> None:
    code, out = brink(runner, "play", "thirteen", "--option", "fog=1")
    assert code == 2 and "unknown 13 Days option 'fog'" in out and "agenda_recycle" in out
    code, out = brink(runner, "simulate", "thirteen", "-o", "agenda_push=up")
    assert code == 2 and "'agenda_push' must be one of" in out
    code, out = brink(runner, "play", "thirteen", "--no-events")
    assert code == 2 and "--no-events: Twilight Struggle only" in out and "--option NAME=VALUE" in out
    code, out = brink(runner, "simulate", "thirteen", "--optional-cards")
    assert code == 2 and "--optional-cards: Twilight Struggle only" in out
    code, out = brink(runner, "play", "twilight", "--no-events", "--option", "events=true")
    assert code == 2 and "given twice" in out
    path = tmp_path / "g.json"
    savefile.save(path, SavedGame("thirteen", 1, {}, {"USSR": "human", "US": "random"}, []))
    code, out = brink(runner, "play", "--load", str(path), "-o", "agenda_push=saito")
    assert code == 2 and "cannot be changed" in out


def test_the_generic_option_also_works_for_twilight(runner: CliRunner) -> None:
    code, out = brink(runner, "simulate", "twilight", "-n", "2", "--option", "events=false")
    assert code == 0 and "events=false" in out


def test_option_list_shows_every_option_and_its_values(runner: CliRunner) -> None:
    code, out = brink(runner, "play", "thirteen", "--option", "list")
    assert code == 0
    assert "13 Days options (NAME: values, the default first):" in out
    for line in ("agenda_push: zone|saito|none", "agenda_bonus: true|false", "containment_offered: true|false",
                 "initiative_tie: ussr_chooses|ussr_first"):
        assert line in out
    code, out = brink(runner, "simulate", "twilight", "-o", "list")
    assert code == 0 and "events: true|false" in out and "optional_cards: true|false" in out


def test_saved_thirteen_games_refuse_unknown_options() -> None:
    with pytest.raises(savefile.SaveFileError, match="unknown option 'fog'"):
        savefile.replay(SavedGame("thirteen", 1, {"fog": True}, {}, []))


# -- simulate --------------------------------------------------------------------------------------
def test_simulate_thirteen_prints_a_summary_that_matches_the_games(runner: CliRunner, tmp_path: Path) -> None:
    code, out = brink(runner, "simulate", "thirteen", "-n", "6", "--seed", "30", "--save-dir", str(tmp_path))
    assert code == 0
    games_ = [play_game("thirteen", s, {}, BOTS)[1] for s in range(30, 36)]
    assert "6 games of thirteen, seeds 30..35 (USSR random vs US random)" in out
    for side in ("USSR", "US"):
        k = sum(g.winner == side for g in games_)
        assert f"{side} {k} ({100 * k / 6:.1f}%)" in out
    nobody = sum(g.winner is None for g in games_)
    assert f"nobody (both lose) {nobody} ({100 * nobody / 6:.1f}%)" in out
    for reason in {g.result for g in games_}:
        assert f"{reason} {sum(g.result == reason for g in games_)} (" in out
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"thirteen-seed{s}.json" for s in range(30, 36)]
    saved = [savefile.load(f) for f in files]
    decisions = sum(len(g.actions) for g in saved) / 6
    rounds = sum(savefile.replay(g).data["round"] for g in saved) / 6
    assert f"{decisions:.1f} decisions, {rounds:.2f} rounds" in out
    assert "die rolls" not in out  # 13 Days has no dice
    assert "games/s" in out and "decisions/s" in out
    for g, expected in zip(saved, games_, strict=True):
        replayed = savefile.replay(g)
        assert replayed.is_terminal and replayed.winner == expected.winner and replayed.result == expected.result


def test_simulate_thirteen_with_options(runner: CliRunner) -> None:
    code, out = brink(runner, "simulate", "13", "-n", "3", "-o", "agenda_push=saito", "-o", "agenda_bonus=false")
    assert code == 0
    assert "3 games of thirteen" in out and "agenda_push=saito" in out and "agenda_bonus=false" in out


# -- replay ------------------------------------------------------------------------------------------
def _saved_bot_game(tmp_path: Path, seed: int) -> tuple[Path, bm.State, list[str]]:
    state, result = play_game("thirteen", seed, {}, BOTS, keep_actions=True)
    assert result.actions is not None
    path = tmp_path / "g.json"
    savefile.save(path, SavedGame("thirteen", seed, {}, dict(BOTS), result.actions))
    return path, state, result.actions


def test_replay_thirteen_to_end_prints_the_final_board_and_log(runner: CliRunner, tmp_path: Path) -> None:
    path, state, actions = _saved_bot_game(tmp_path, 12)
    code, out = brink(runner, "replay", str(path), "--to-end")
    assert code == 0
    n = len(actions)
    assert f"Action {n} of {n}:" in out
    assert state.log[0] in out and state.log[-1] in out
    assert "13 Days" in out and "Cuba (Political)" in out and "DEFCON  1 2 3|4 5 6|7 8" in out
    assert render_thirteen.result(state.view(None)).plain in out
    assert "USSR hand" not in out  # a spectator sees no hand ...
    code, out = brink(runner, "replay", str(path), "--to-end", "--side", "ussr")
    assert code == 0
    assert "13 Days - USSR's view" in out
    assert "USSR hand" in out or "USSR holds no cards" in out  # ... unless asked


def test_replay_thirteen_steps_forward_back_and_jumps(runner: CliRunner, tmp_path: Path) -> None:
    path, _state, actions = _saved_bot_game(tmp_path, 12)
    code, out = brink(runner, "replay", str(path), input="\n\nb\ng 10\nlog\nwhat\nq\n")
    assert code == 0
    headings = re.findall(r"Action (\d+) of \d+: (\S+): (.+?) ─", out)
    assert [int(h[0]) for h in headings] == [1, 2, 1, 10]
    assert headings[0][1:] == ("USSR", actions[0])
    assert headings[3][2] == actions[9]
    assert "   1  New game. The US holds" in out
    assert 'Unknown key "what"' in out


def test_a_played_game_replays_through_the_browser(keyboard, session_for, tmp_path: Path) -> None:
    kb = keyboard(["1"] * 400)
    session = session_for(kb, seed=5, game="thirteen")
    session.run()
    path = tmp_path / "played.json"
    savefile.save(path, session.saved)
    from brinkmanship.cli.replay import ReplayCursor

    cursor = ReplayCursor(savefile.load(path))
    assert cursor.last == len(session.saved.actions)
    assert cursor.states[-1].to_json() == session.state.to_json()
    assert cursor.players[1] == "USSR"


# -- cards ------------------------------------------------------------------------------------------
def test_cards_thirteen_status_lists_the_39_strategy_and_13_agenda_cards() -> None:
    """`brink cards thirteen --status`: the developer table (no texts)."""
    out = text_of(render_thirteen.cards_table(status=True), width=200)
    rows = re.findall(r"^\s*#(\d+)\s+(\S.*?)\s{2,}(UN|USSR|US)\s+(\d)\s+(symbol)?\s+(yes|no)\s+"
                      r"(yes|no|\?)\s*$", out, re.M)
    assert [int(r[0]) for r in rows] == list(range(1, 40))
    assert [r[1] for r in rows] == [c.name for c in CARDS]
    assert [(r[2], int(r[3]), r[4] == "symbol") for r in rows] == [(c.faction, c.command, c.symbol) for c in CARDS]
    assert rows[14][1:5] == ("Excomm", "US", "3", "symbol")
    assert rows[29][1:5] == ("Fidel Castro", "USSR", "3", "")
    agendas = re.findall(r"^\s*a(\d\d)\s+(\S.*?)\s{2,}(whoever dominates (?:the )?(.*?)|the holder of the "
                         r"Personal Letter)\s{2,}", out, re.M)
    assert [int(a[0]) for a in agendas] == list(range(1, 14))
    assert [a[1] for a in agendas] == [AGENDA_NAME[agenda_type(k)] for k in range(1, 14)]
    assert agendas[0][3] == "Military DEFCON track" and agendas[7][3] == "Berlin"
    assert agendas[12][1:3] == ("Personal Letter", "the holder of the Personal Letter")
    assert "Events implemented: 39 of 39; with a test named after the card: " in out
    m = re.search(r"with a test named after the card: (\d+) of 52 \((\d+) of 39 strategy cards, (\d+) of 13 "
                  r"agenda cards\)", out)
    assert m and int(m[1]) == int(m[2]) + int(m[3])
    assert int(m[2]) == sum(r[6] == "yes" for r in rows)


def test_card_status_reads_13_days_test_names(tmp_path: Path) -> None:
    cards = tmp_path / "thirteen" / "cards"
    cards.mkdir(parents=True)
    (cards / "test_un_cards.py").write_text(
        "def test_excomm_places_cubes():\n    pass\n\n"
        "def test_mrbms_irbms():\n    pass\n\n"
        "def test_u_2_photographs_commands_3():\n    pass\n\n"
        "def test_the_guns_of_augustus():\n    pass\n\n"   # not the card's name: not counted
        "def helper_fidel_castro():\n    pass\n")         # not a test
    (tmp_path / "thirteen" / "test_agendas.py").write_text(
        "def test_military_track_agenda_scores_the_difference():\n    pass\n\n"
        "def test_personal_letter_agenda():\n    pass\n\n"
        "def test_cuba_political_agenda_links():\n    pass\n\n"
        "def test_berlin_scores():\n    pass\n")            # lacks `_agenda`: not counted for Berlin
    # Another game's tests do not count, even for a card both games have.
    (tmp_path / "twilight").mkdir()
    (tmp_path / "twilight" / "test_x.py").write_text("def test_containment_ops():\n    pass\n"
                                                     "def test_berlin_agenda_x():\n    pass\n")
    st = thirteen_statuses(tmp_path)
    strategy = {s.number: s for s in st if s.kind == "strategy"}
    agenda = {s.number: s for s in st if s.kind == "agenda"}
    assert len(strategy) == 39 and len(agenda) == 13
    assert all(s.implemented for s in st)
    assert sorted(n for n, s in strategy.items() if s.tested) == [15, 24, 27]  # Excomm, U-2 Photographs, MRBMs
    # Military Track covers both its cards (a01, a02); Cuba (Political) is a10, the Letter a13.
    assert sorted(n for n, s in agenda.items() if s.tested) == [1, 2, 10, 13]
    assert strategy[11].tested is False  # Containment: only a Twilight test
    assert sum(bool(s.tested) for s in st) == 7


def test_card_status_with_no_tests_counts_none(tmp_path: Path) -> None:
    (tmp_path / "thirteen").mkdir()
    st = thirteen_statuses(tmp_path)
    assert len(st) == 52 and {s.tested for s in st} == {False}


def test_card_status_of_this_checkout_counts_what_exists() -> None:
    """The real tree: every event is implemented; the tested count grows as
    card and agenda tests are written (52 of 52 when all are)."""
    st = thirteen_statuses()
    assert len(st) == 52
    assert all(s.implemented for s in st)
    assert all(s.tested is not None for s in st)  # a source checkout has tests/thirteen


# -- rendering -----------------------------------------------------------------------------------------
POSITION: dict[str, Any] = {
    "round": 2, "next": "USSR", "letter": "USSR", "prestige": -2,
    "hands": {"USSR": ["Fidel Castro", "SOPs", "Excomm"], "US": ["Quarantine", "Air Strike", "U Thant"]},
    "agendas": {"USSR": {"offered": ["Berlin", "Military Track", "Italy"], "kept": "Berlin"},
                "US": {"offered": ["Turkey", "Atlantic", "Personal Letter"], "kept": "Atlantic"}},
    "aftermath": {"USSR": ["Scramble"], "US": ["Maskirovka"]},
    "cubes": {"US": {"Berlin": 2, "Atlantic": 3, "Television": 1}, "USSR": {"Berlin": 3, "Television": 1}},
    "defcon": {"US": {"Military": 7, "Political": 2, "World Opinion": 1},
               "USSR": {"Military": 3, "Political": 5, "World Opinion": 4}},
    "effects": {"SOPs": ["US"], "To the Brink": ["USSR"]},
    "plays": {"USSR": 1, "US": 1},
}


def test_the_board_shows_arenas_by_category_with_dominance_and_both_defcon_markers() -> None:
    s = bm.from_position("thirteen", POSITION)
    out = text_of(render_thirteen.board(s.view("USSR")), width=120)
    lines = out.splitlines()
    assert lines[0].split() == ["Military", "Political", "World", "Opinion"]
    assert re.search(r"Atlantic\s+3  US\s", out)
    assert re.search(r"Berlin\s+3\s+2  USSR\s", out)
    assert re.search(r"Television\s+1\s+1  tied", out)
    assert re.search(r"Cuba \(Military\)\s+Cuba", out)  # nobody there: no cubes, nobody dominates
    # Each category has its DEFCON track: zones 1-3 | 4-6 | 7-8, both markers.
    assert out.count("DEFCON  1 2 3|4 5 6|7 8") == 3
    ussr = next(ln for ln in lines if ln.strip().startswith("USSR  "))
    us = next(ln for ln in lines if ln.strip().startswith("US  "))
    assert re.findall(r"(\d) \(DEFCON (\d)\)", ussr) == [("3", "3"), ("5", "2"), ("4", "2")]
    assert re.findall(r"(\d) \(DEFCON (\d)\)", us) == [("7", "1"), ("2", "3"), ("1", "3")]
    assert "· · ■|· · ·|· ·" in ussr and "· · ·|· · ·|■ ·" in us
    # The US military marker is in DEFCON 1 (nuclear war at the round's end);
    # all three USSR markers are not in DEFCON 2 or worse.
    assert "Warning: US would trigger nuclear war if the round ended now." in out
    assert "Warning: USSR" not in out


def test_the_status_shows_round_prestige_letter_agendas_aftermath_and_effects() -> None:
    s = bm.from_position("thirteen", POSITION)
    out = text_of(render_thirteen.status(s.view("USSR")))
    assert "13 Days - USSR's view" in out
    assert "2 of 3; plays USSR 1 of 4, US 1 of 4; to act: USSR" in out
    assert re.search(r"Prestige\s+USSR \+2", out)
    assert re.search(r"Personal Letter\s+USSR", out)
    assert "flags Berlin, Military Track, Italy; kept: Berlin (yours)" in out
    assert "flags Turkey, Atlantic, Personal Letter; kept: hidden" in out
    assert "2 cards face down (yours: Scramble (UN))" in out and "Maskirovka" not in out
    assert "SOPs: US Commands handle 1 more cube" in out
    assert "To the Brink: USSR Commands handle 1 cube fewer" in out
    assert "hands USSR 3, US 3" in out
    us_out = text_of(render_thirteen.status(s.view("US")))
    assert "kept: Atlantic (yours)" in us_out and "flags Berlin, Military Track, Italy; kept: hidden" in us_out
    assert "(yours: Maskirovka (USSR))" in us_out and "Scramble" not in us_out
    spectator = text_of(render_thirteen.status(s.view(None)))
    assert spectator.count("kept: hidden") == 2 and "yours" not in spectator


def test_the_hand_shows_faction_command_value_symbol_and_whose_event() -> None:
    s = bm.from_position("thirteen", POSITION)
    out = text_of(render_thirteen.hand(s.view("USSR")))
    assert "USSR hand" in out
    assert re.search(r"#4\s+SOPs\s+UN\s+1\s+yours \(UN\)", out)
    assert re.search(r"#15\s+Excomm\s+US\s+3\s+symbol\s+US may take it", out)
    assert re.search(r"#30\s+Fidel Castro\s+USSR\s+3\s+yours\s*$", out, re.M)
    # `hand` at the prompt: each card's text, and the agenda the USSR keeps.
    texts = " ".join(text_of(render_thirteen.hand(s.view("USSR"), texts=True)).split())
    fidel = next(c["text"] for c in bm.cards("thirteen") if c["number"] == 30)
    assert " ".join(fidel.split())[:60] in texts
    assert "Your agenda this round: Berlin" in texts
    assert "US holds 3 cards" in out
    assert "Quarantine" not in out and "Air Strike" not in out and "U Thant" not in out
    assert text_of(render_thirteen.hand(s.view(None))).strip() == "Hands are hidden: USSR holds 3 cards, US 3."


def test_the_status_line_and_the_result() -> None:
    s = bm.from_position("thirteen", POSITION)
    line = render_thirteen.status_line(s.view("US")).plain
    assert line == ("Round 2 | plays USSR 1/4 US 1/4 | Prestige USSR +2 | Letter USSR | "
                    "DEFCON USSR M3 P5 W4, US M7 P2 W1 | Hands USSR 3 US 3")
    view = {"winner": None, "result": "nuclear_war", "prestige": 0}
    assert render_thirteen.result(view).plain == "Game over: nobody wins: both sides triggered nuclear war."
    view = {"winner": "USSR", "result": "nuclear_war", "prestige": 1,
            "defcon": {"US": {"Military": 7, "Political": 2, "World Opinion": 1}}}
    assert render_thirteen.result(view).plain == ("Game over: USSR wins: US triggered nuclear war (Military 7, "
                                                  "Political 2, World Opinion 1).")
    view = {"winner": "US", "result": "personal_letter", "prestige": 0, "aftermath": {}}
    assert render_thirteen.result(view).plain == ("Game over: prestige is even: US wins as the holder of the "
                                                  "Personal Letter.")


def test_log_lines_bold_the_game_start_the_rounds_and_the_aftermath_reveal_by_entry_code() -> None:
    s = bm.new_game("thirteen", seed=17)
    rng = random.Random(17)
    while not s.is_terminal:
        s.apply_random(rng)
    text = render_thirteen.log_lines(s.view(None)["log"], numbered=True)
    assert text.plain.splitlines()[0] == "   1  New game. The US holds the Personal Letter."
    bold = [text.plain[span.start:span.end].rstrip("\n") for span in text.spans if span.style == "bold"]
    assert bold[0] == "New game. The US holds the Personal Letter."
    assert [line.split(":")[0] for line in bold[1:4]] == ["Round 1", "Round 2", "Round 3"]
    assert bold[4].startswith("The Aftermath is revealed: ") and len(bold) == 5
    # Lines already rendered are shown as given, without emphasis.
    assert not render_thirteen.log_lines(s.log).spans


# -- hidden information -------------------------------------------------------------------------------------
def _hidden_from(state: bm.State, viewer: str) -> list[str]:
    """Card names ``viewer`` may not know now: every card except its hand,
    the discards (public), its own Aftermath cards and what it is looking at."""
    d = state.data
    view = state.view(viewer)
    known = set(d["hands"][viewer]) | set(d["discard"])
    known |= {c for s, c in d["aftermath"] if s == viewer}
    names = {CARD_NAME[c] for c in range(1, 40) if c not in known} - set(view["looking_at"])
    return sorted(names)


def _leaked(state: bm.State, viewer: str, chunk: str) -> list[str]:
    """Hidden cards named on the screen. A card's text shown whole (the card
    an opponent commands with, say) may name other cards as rules ("cancels
    To the Brink"): that shows no card, so texts are left out."""
    hidden = _hidden_from(state, viewer)
    words = " ".join(chunk.split())
    for c in bm.cards("thirteen"):
        words = words.replace(" ".join(c["text"].split()), " ")
    return [n for n in hidden if n in words]


def _kept_agenda_leaked(state: bm.State, viewer: str, chunk: str) -> bool:
    """The opponent's kept agenda is shown as anything but hidden before the reveal."""
    d = state.data
    opp = OPPONENT[viewer]
    if d["agendas_open"] or not d["kept"][opp]:
        return False
    return any(f"{opp} agenda" in ln and "kept:" in ln and "kept: hidden" not in ln for ln in chunk.splitlines())


def test_the_human_never_sees_the_opponents_hand(keyboard, session_for) -> None:
    leaks: list[tuple[int, str]] = []
    checked: list[int] = []

    def at_prompt(kb: Keyboard) -> None:
        state = kb.session.state
        if state.is_terminal:  # the save prompt after the end: everything is open
            return
        checked.append(len(state.data["hands"]["US"]))
        leaks.extend((len(kb.prompts), n) for n in _leaked(state, "USSR", kb.chunks[-1]))
        if _kept_agenda_leaked(state, "USSR", kb.chunks[-1]):
            leaks.append((len(kb.prompts), "kept agenda"))

    for seed in (4, 7, 21):
        kb = keyboard([], on_prompt=at_prompt)
        kb.lines = last_choice(kb)
        session_for(kb, seed=seed, game="thirteen").run()
        assert "USSR hand" in kb.output and "kept: hidden" in kb.output
    assert sum(checked) > 100  # the US held cards at many prompts
    assert leaks == []


def test_a_known_position_shows_only_the_viewers_cards(keyboard) -> None:
    """USSR at the keyboard holds Fidel Castro, SOPs and Excomm; the US holds
    Quarantine, Air Strike and U Thant and put Maskirovka in the Aftermath."""
    state = bm.from_position("thirteen", POSITION)
    kb = keyboard(["hand", "board", "log", "actions", "command Excomm", "quit"])
    session = keyboard_session(kb, state, {"USSR": "human", "US": "random"})
    assert session.run() is Outcome.QUIT
    out = kb.output
    for own in ("Fidel Castro", "SOPs", "Excomm", "Scramble"):
        assert own in out
    for hidden in ("Quarantine", "Air Strike", "U Thant", "Maskirovka"):
        assert hidden not in out
    assert "kept: hidden" in out and "Atlantic (yours)" not in out


def test_hot_seat_shows_each_side_only_its_own_hand(keyboard, session_for) -> None:
    leaks: list[tuple[int, str, str]] = []
    sides: set[str] = set()

    def at_prompt(kb: Keyboard) -> None:
        prompt = kb.prompts[-1]
        if not prompt or kb.session.state.is_terminal:  # the hand-over pause, the save prompt at the end
            return
        side = prompt.split(">")[0]
        sides.add(side)
        state = kb.session.state
        leaks.extend((len(kb.prompts), side, n) for n in _leaked(state, side, kb.chunks[-1]))
        if _kept_agenda_leaked(state, side, kb.chunks[-1]):
            leaks.append((len(kb.prompts), side, "kept agenda"))

    kb = keyboard([], on_prompt=at_prompt)
    kb.lines = last_choice(kb, 200)
    session_for(kb, seed=4, ussr="human", us="human", game="thirteen").run()
    assert sides == {"USSR", "US"}
    assert "Hand the keyboard to US" in kb.output and "Hand the keyboard to USSR" in kb.output
    assert "US hand" in kb.output and "USSR hand" in kb.output
    assert leaks == []


def test_rendering_only_ever_gets_the_humans_view(monkeypatch: pytest.MonkeyPatch, keyboard, session_for) -> None:
    viewers: set[str | None] = set()

    def spy(fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(view: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
            viewers.add(view["viewer"])
            return fn(view, *args, **kwargs)
        return wrapped

    for name in ("status", "status_line", "board", "hand", "decision"):
        monkeypatch.setattr(render_thirteen, name, spy(getattr(render_thirteen, name)))
    kb = keyboard([*["1"] * 10, "board", "hand", "quit"])
    session_for(kb, seed=2, game="thirteen").run()
    assert viewers == {"USSR"}


# -- undo -------------------------------------------------------------------------------------------------------
def test_undo_takes_back_steps_of_a_command(keyboard) -> None:
    state = bm.from_position("thirteen", POSITION)
    kb = keyboard(["command Fidel Castro", "place Berlin", "undo", "undo", "undo", "quit"])
    session = keyboard_session(kb, state, {"USSR": "human", "US": "random"})
    before = state.to_json()
    session.run()
    out = kb.output
    assert "Took back: place Berlin" in out and "Took back: command Fidel Castro" in out
    assert "Nothing to undo" in out
    assert session.state.to_json() == before and session.saved.actions == []


def test_undo_cannot_peek_at_newly_dealt_cards(keyboard) -> None:
    """The US keeps its agenda, the strategy cards are dealt and the US (behind
    in prestige) chooses who plays first: it may not take the agenda back
    after seeing its new hand."""
    state = bm.from_position("thirteen", {"round": 2, "phase": "agendas", "prestige": -2})
    kb = keyboard(["1", "undo", "quit"])
    session = keyboard_session(kb, state, {"USSR": "random", "US": "human"})
    session.run()
    assert session.state.current_player == "US" and session.state.view("US")["decision_kind"] == "initiative"
    assert len(session.state.view("US")["hand"]) == 5
    assert "Nothing to undo" in kb.output and "Took back" not in kb.output
