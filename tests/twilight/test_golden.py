"""Golden replays: whole games pinned action by action.

Each file in ``golden/`` holds a seed, every action (rolls included) and the
full log and outcome of one game. Replaying the actions must reproduce the
log and outcome exactly, and a fresh random game from the same seeds must
choose the same actions. A rules change that alters either shows up here as
a readable log diff. After an intended change, regenerate with
``.venv/bin/python -m tests.twilight.test_golden`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def state_hash(s: bm.State) -> str:
    """SHA-256 of the final state without its log: the log is pinned apart,
    as the English text it renders to, so a change in how entries are coded
    that reads the same does not move the hash."""
    data = dict(s.data, log=None)
    return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()

GOLDEN = Path(__file__).parent / "golden"
# (file name, seed, options): three ops-only games (one per way they ended) and
# games with every card event on.
GAMES = (
    ("twilight_seed2026", 2026, {"events": False}),
    ("twilight_seed1", 1, {"events": False}),
    ("twilight_seed2", 2, {"events": False}),
    ("twilight_events_seed3", 3, {"events": True}),
    ("twilight_events_seed4", 4, {"events": True}),
)


def record(seed: int, options: dict[str, bool]) -> dict[str, Any]:
    """Play a random game from ``seed`` and describe it completely."""
    s = bm.new_game("twilight", seed=seed, options=options)
    rng = random.Random(seed)
    actions = []
    while not s.is_terminal:
        actions.append(str(s.apply_random(rng)))
    return {
        "game": "twilight",
        "seed": seed,
        "options": s.data["options"],
        "actions": actions,
        "winner": s.winner,
        "result": s.result,
        "vp": s.data["vp"],
        "turn": s.data["turn"],
        "state_sha256": state_hash(s),
        "log": s.log,
    }


@pytest.mark.parametrize(("name", "seed", "options"), GAMES)
def test_replay_reproduces_the_golden_game(name: str, seed: int, options: dict[str, bool]) -> None:
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    s = bm.new_game("twilight", seed=golden["seed"], options=golden["options"])
    for a in golden["actions"]:
        s.apply(a)
    assert s.log == golden["log"]
    assert (s.winner, s.result, s.data["vp"]) == (golden["winner"], golden["result"], golden["vp"])
    assert state_hash(s) == golden["state_sha256"]


@pytest.mark.parametrize(("name", "seed", "options"), GAMES)
def test_random_play_is_reproducible(name: str, seed: int, options: dict[str, bool]) -> None:
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    assert record(seed, options)["actions"] == golden["actions"]


if __name__ == "__main__":
    for name, seed, options in GAMES:
        path = GOLDEN / f"{name}.json"
        path.write_text(json.dumps(record(seed, options), indent=1) + "\n")
        print("wrote", path)
