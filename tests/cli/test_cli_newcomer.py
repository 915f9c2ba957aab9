"""What a newcomer meets first: card texts at hand, the language, the
default opponent, option descriptions and help texts that read right."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brinkmanship.cli import savefile
from brinkmanship.cli.main import _default_seats
from brinkmanship.cli.play import find_cards
from tests.cli.helpers import brink


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_cards_prints_each_card_with_its_text(runner: CliRunner) -> None:
    code, out = brink(runner, "cards", "twilight")
    assert code == 0
    assert "The Cambridge Five" in out and "North Korea invades" in " ".join(out.split())
    assert not re.search(r"Notes\s+Event\s+Test", out)
    code, out = brink(runner, "cards", "twilight", "--status")
    assert code == 0 and re.search(r"Notes\s+Event\s+Test", out) and "North Korea invades" not in out


def test_one_card_by_number_or_by_the_start_of_its_name(runner: CliRunner) -> None:
    code, by_number = brink(runner, "cards", "twilight", "104")
    assert code == 0 and "The Cambridge Five" in by_number
    code, by_name = brink(runner, "cards", "twilight", "cambridge")
    assert code == 0 and by_name == by_number
    code, out = brink(runner, "cards", "twilight", "war")  # Korean War, Brush War, ... : ambiguous
    assert code == 1 and "could be" in out and "Korean War" in out
    code, out = brink(runner, "cards", "twilight", "no such card")
    assert code == 1 and "No card is called no such card" in out


def test_cards_in_russian_with_the_seed_names(runner: CliRunner) -> None:
    code, out = brink(runner, "--lang", "ru", "cards", "twilight", "доктрина бр")
    assert code == 0 and "Доктрина Брежнева" in out
    code, out = brink(runner, "--lang", "ru", "cards", "twilight", "Доктрина")  # Truman's too
    assert code == 1 and "Доктрина Трумэна" in out
    code, out = brink(runner, "cards", "twilight", "51", "--lang", "ru")
    assert code == 0 and "Доктрина Брежнева" in out
    code, out = brink(runner, "cards", "thirteen", "--lang", "ru")
    assert code == 0 and "Brezhnev" not in out


def test_thirteen_agendas_are_cards_at_hand_too() -> None:
    assert find_cards("thirteen", "Personal Letter") == [("agenda", 13)]
    kinds = {k for k, _ in find_cards("thirteen", "Berlin")}
    assert "agenda" in kinds


def test_an_unknown_language_is_refused(runner: CliRunner) -> None:
    code, out = brink(runner, "--lang", "de", "cards", "twilight")
    assert code != 0 and "unknown language 'de'" in out


def test_the_heuristic_bot_is_the_default_opponent() -> None:
    assert _default_seats(None, None) == {"USSR": "human", "US": "heuristic"}
    assert _default_seats(None, "human") == {"USSR": "heuristic", "US": "human"}
    assert _default_seats("random", None) == {"USSR": "random", "US": "human"}
    assert _default_seats("human", "human") == {"USSR": "human", "US": "human"}


def test_option_list_describes_each_option(runner: CliRunner) -> None:
    code, out = brink(runner, "play", "thirteen", "--option", "list")
    assert code == 0
    assert "agenda_push: zone|saito|none" in out
    assert "DEFCON-track agenda" in out and "Fifty-Fifty" in out
    code, out = brink(runner, "--lang", "ru", "play", "twilight", "--option", "list")
    assert code == 0 and "события карт" in out


def test_tournament_help_shows_the_ray_extra_intact(runner: CliRunner) -> None:
    code, out = brink(runner, "tournament", "--help")
    assert code == 0
    assert "pip install 'brinkmanship[ray]'" in " ".join(out.replace("│", " ").split())


def test_resume_without_an_autosave_says_where_they_are_kept(runner: CliRunner, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    code, out = brink(runner, "play", "--resume")
    assert code == 1 and "no unfinished game to resume" in out


def test_replay_of_an_unfinished_game_is_a_spectators_without_the_seed(runner: CliRunner, tmp_path: Path) -> None:
    saved = savefile.SavedGame("twilight", seed=424242, options={}, seats={"USSR": "human", "US": "random"},
                               actions=["place Poland", "place East Germany"])
    path = tmp_path / "g.json"
    savefile.save(path, saved)
    code, out = brink(runner, "replay", str(path), "--side", "ussr", "--to-end")
    assert code == 0
    assert "shown as a spectator sees it" in out
    assert "424242" not in out
    assert "Hand" not in out.split("Start of")[0]
    json.loads(path.read_text())  # untouched
