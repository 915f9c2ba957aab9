"""Fuzz: many random full games, invariants checked after every action.

After every action: no crash, a legal action exists unless the game is over,
cards are conserved and influence is never negative. After every tenth
action (each game at its own offset, so that the games together cover every
step) and at the end, the state survives a JSON round trip unchanged (so any
state can be saved and resumed): writing and validating a late state costs
fifty times an action, and doing it after every action made this file most
of the suite's time. Every 41
actions, each side's determinization (``resample``) must show that side the
same view and play on.
"""

from __future__ import annotations

import random

import pytest

import brinkmanship as bm
from tests.twilight.invariants import check

# The in-suite differential (tests/native) plays random games on the native
# backend and compares its to_json with Python's after every action, so these
# invariants hold there by equality; a second fuzz run would double this file,
# the largest of the rules tests.
pytestmark = pytest.mark.python_backend("the fuzz runs on Python; tests/native checks native equals it")

OPS_ONLY_GAMES = 500
EVENT_GAMES = 1000  # events and optional cards on (the defaults)
CHUNK = 50
ROUND_TRIP_EVERY = 10


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(OPS_ONLY_GAMES // CHUNK))
def test_random_ops_only_games_keep_invariants(chunk: int) -> None:
    play_games(range(chunk * CHUNK, (chunk + 1) * CHUNK), {"events": False})


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(EVENT_GAMES // CHUNK))
def test_random_games_with_every_event_keep_invariants(chunk: int) -> None:
    start = 100_000 + chunk * CHUNK
    play_games(range(start, start + CHUNK), {"events": True, "optional_cards": True})


MAX_LENGTH = bm.game_info("twilight")["max_game_length"]


def play_games(seeds: range, options: dict[str, bool]) -> None:
    """Play one random game per seed, checking invariants after every action."""
    for seed in seeds:
        rng = random.Random(seed)
        s = bm.new_game("twilight", seed=seed, options=options)
        steps = 0
        while not s.is_terminal:
            legal = s.legal_actions()
            assert legal, f"dead end in game {seed} at step {steps}: {s.view(None)['decision']}"
            s.apply_random(rng)
            steps += 1
            check(s.data)
            if (steps + seed) % ROUND_TRIP_EVERY == 0 or s.is_terminal:
                assert bm.load(s.to_json()) == s
            assert steps <= MAX_LENGTH, f"game {seed} is longer than game_info's max_game_length"
            if steps % 41 == 0 and not s.is_terminal:
                # A determinization looks the same to its side and plays on.
                for side in ("USSR", "US"):
                    r = s.resample(side, rng)
                    assert r.view(side) == s.view(side), f"resample differs in game {seed}"
                    r.apply_random(rng)
                    check(r.data)
        assert s.winner in ("USSR", "US", None)
        assert s.result is not None
