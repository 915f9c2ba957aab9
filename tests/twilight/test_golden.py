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

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (2026, 1, 2)


def record(seed: int) -> dict[str, Any]:
    """Play a random game from ``seed`` and describe it completely."""
    s = bm.new_game("twilight", seed=seed)
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
        "state_sha256": hashlib.sha256(s.to_json().encode()).hexdigest(),
        "log": s.log,
    }


@pytest.mark.parametrize("seed", SEEDS)
def test_replay_reproduces_the_golden_game(seed: int) -> None:
    golden = json.loads((GOLDEN / f"twilight_seed{seed}.json").read_text())
    s = bm.new_game("twilight", seed=golden["seed"], options=golden["options"])
    for a in golden["actions"]:
        s.apply(a)
    assert s.log == golden["log"]
    assert (s.winner, s.result, s.data["vp"]) == (golden["winner"], golden["result"], golden["vp"])
    assert hashlib.sha256(s.to_json().encode()).hexdigest() == golden["state_sha256"]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_is_reproducible(seed: int) -> None:
    golden = json.loads((GOLDEN / f"twilight_seed{seed}.json").read_text())
    assert record(seed)["actions"] == golden["actions"]


if __name__ == "__main__":
    for seed in SEEDS:
        path = GOLDEN / f"twilight_seed{seed}.json"
        path.write_text(json.dumps(record(seed), indent=1) + "\n")
        print("wrote", path)
