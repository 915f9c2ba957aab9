"""The saved-game format: round trips, replay and refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import brinkmanship as bm
from brinkmanship.cli import savefile
from brinkmanship.cli.savefile import SavedGame, SaveFileError


def _played(seed: int, n: int) -> tuple[SavedGame, bm.State]:
    import random

    state = bm.new_game("twilight", seed=seed)
    rng = random.Random(seed)
    actions = []
    while len(actions) < n and not state.is_terminal:
        actions.append(state.apply_random(rng).text)
    return SavedGame("twilight", seed, {"optional_cards": True}, {"USSR": "human", "US": "random"}, actions), state


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    saved, state = _played(4, 150)
    path = tmp_path / "g.json"
    savefile.save(path, saved)
    data = json.loads(path.read_text())
    assert data["format"] == "brinkmanship-game" and data["version"] == 1
    assert data["game"] == "twilight" and data["seed"] == 4
    assert data["seats"] == {"USSR": "human", "US": "random"}
    assert data["options"] == {"optional_cards": True}
    assert data["actions"] == saved.actions
    assert any(a.startswith("roll ") for a in data["actions"])
    back = savefile.load(path)
    assert back == saved
    assert savefile.replay(back).to_json() == state.to_json()
    assert not list(tmp_path.glob("*.tmp"))


def test_dumps_puts_one_action_per_line() -> None:
    saved, _ = _played(1, 10)
    text = savefile.dumps(saved)
    for a in saved.actions:
        assert f'  "{a}"' in text.splitlines() or f'  "{a}",' in text.splitlines()
    assert savefile.loads(text) == saved


def test_replay_steps_name_who_acted() -> None:
    saved, state = _played(2, 40)
    steps = [(p, s.clone()) for p, s in savefile.replay_steps(saved)]
    assert len(steps) == 40
    assert steps[0][0] == "USSR"
    assert steps[-1][1].to_json() == state.to_json()
    players = {p for p, _ in steps}
    assert players <= {"USSR", "US", "chance"}


def test_options_change_the_game() -> None:
    a = savefile.replay(SavedGame("twilight", 1, {"optional_cards": True}, {}, []))
    b = savefile.replay(SavedGame("twilight", 1, {"optional_cards": False}, {}, []))
    assert a.to_json() != b.to_json()


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "invalid JSON"),
    ('{"format": "chess"}', "'format' must be"),
    ('{"format": "brinkmanship-game", "version": 2}', "unsupported saved-game version 2"),
    ('{"format": "brinkmanship-game", "version": 1, "game": "twilight", "seed": "x", "actions": []}',
     "'seed' must be an integer"),
    ('{"format": "brinkmanship-game", "version": 1, "game": "twilight", "seed": 1, "actions": [1]}',
     "'actions' must be a list"),
    ('{"format": "brinkmanship-game", "version": 1, "game": "twilight", "seed": 1}', "'actions' must be"),
])
def test_malformed_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        savefile.loads(text)


def test_an_action_that_no_longer_replays_is_named() -> None:
    saved = SavedGame("twilight", 1, {}, {}, ["place Poland", "place Poland", "place France"])
    with pytest.raises(SaveFileError, match=r"action 3 \('place France'\) is refused"):
        savefile.replay(saved)


def test_unknown_options_and_games_are_refused() -> None:
    with pytest.raises(SaveFileError, match="unknown option 'fog'"):
        savefile.replay(SavedGame("twilight", 1, {"fog": True}, {}, []))
    with pytest.raises(SaveFileError, match="unknown game"):
        savefile.replay(SavedGame("chess", 1, {}, {}, []))


def test_missing_file() -> None:
    with pytest.raises(SaveFileError, match="cannot read"):
        savefile.load("/nonexistent/game.json")
