"""Golden replays: whole games of 13 Days pinned action by action.

Each file in ``golden/`` holds a seed, the options, every action and the
full log and outcome of one random game. Replaying the actions must
reproduce the log, outcome and state hash exactly (checking the invariants
on the way), and a fresh random game from the same seeds must choose the
same actions. A rules change that alters either shows up here as a readable
log diff. After an intended change, regenerate with
``.venv/bin/python -m tests.thirteen.test_golden`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm
from tests.thirteen.invariants import Referee, check_state

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

GOLDEN = Path(__file__).parent / "golden"


def state_hash(s: bm.State) -> str:
    """SHA-256 of the final state without its log: the log is pinned apart,
    as the English text it renders to, so a change in how entries are coded
    that reads the same does not move the hash."""
    data = dict(s.data, log=None)
    return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()

# Every option at its non-default value (the other reading of each open question).
OTHER_READINGS: dict[str, Any] = {
    "agenda_push": "saito", "agenda_bonus": False, "agenda_recycle": "all", "agenda_cap": "each",
    "initiative_tie": "ussr_first",
    "event_command_modifiers": False, "containment_offered": False, "ban_blocks_symbol": False,
    "event_command_remove": False, "fifty_fifty_same_track": True,
}
# (file name, seed, options): one game per kind of ending with the default
# options, and games with the other readings.
GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("thirteen_seed17", 17, {}),      # USSR wins on prestige
    ("thirteen_seed109", 109, {}),    # US wins on prestige
    ("thirteen_seed153", 153, {}),    # prestige even: the Personal Letter decides
    ("thirteen_seed6", 6, {}),        # the USSR triggers nuclear war in round 3
    ("thirteen_seed1", 1, {}),        # both sides trigger nuclear war
    ("thirteen_other_readings_seed18", 18, OTHER_READINGS),  # Personal Letter
    ("thirteen_other_readings_seed17", 17, OTHER_READINGS),  # USSR on prestige
    ("thirteen_no_agenda_push_seed10", 10, {"agenda_push": "none"}),  # US on prestige
)


def record(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play a random game from ``seed`` and describe it completely."""
    s = bm.new_game("thirteen", seed=seed, options=options)
    rng = random.Random(seed)
    actions = []
    while not s.is_terminal:
        actions.append(s.apply_random(rng).text)
    d = s.data
    return {
        "game": "thirteen",
        "seed": seed,
        "options": d["options"],
        "actions": actions,
        "winner": s.winner,
        "result": s.result,
        "prestige": d["prestige"],
        "round": d["round"],
        "letter": d["letter"],
        "state_sha256": state_hash(s),
        "log": s.log,
    }


@pytest.mark.parametrize(("name", "seed", "options"), GAMES)
def test_replay_reproduces_the_golden_game(name: str, seed: int, options: dict[str, Any]) -> None:
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    assert (golden["seed"], golden["options"]) == (seed, bm.new_game("thirteen", options=options).data["options"])
    s = bm.new_game("thirteen", seed=golden["seed"], options=golden["options"])
    referee = Referee(s)
    for k, a in enumerate(golden["actions"], 1):
        top = s.data["stack"][-1]
        s.apply(a)
        referee.after(top["f"], top["p"], s.parse(a), s)
        check_state(s, steps=k)
    assert s.is_terminal
    assert s.log == golden["log"]
    d = s.data
    assert (s.winner, s.result, d["prestige"], d["round"], d["letter"]) == \
        (golden["winner"], golden["result"], golden["prestige"], golden["round"], golden["letter"])
    assert state_hash(s) == golden["state_sha256"]


@pytest.mark.parametrize(("name", "seed", "options"), GAMES)
def test_random_play_is_reproducible(name: str, seed: int, options: dict[str, Any]) -> None:
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    assert record(seed, options)["actions"] == golden["actions"]


def test_golden_games_cover_every_ending() -> None:
    endings = set()
    for name, _, _ in GAMES:
        g = json.loads((GOLDEN / f"{name}.json").read_text())
        endings.add((g["result"], g["winner"]))
    assert {("prestige", "USSR"), ("prestige", "US"), ("nuclear_war", None)} <= endings
    assert any(r == "personal_letter" for r, _ in endings)
    assert any(r == "nuclear_war" and w is not None for r, w in endings)


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, seed, options in GAMES:
        path = GOLDEN / f"{name}.json"
        path.write_text(json.dumps(record(seed, options), indent=1) + "\n")
        print("wrote", path)
