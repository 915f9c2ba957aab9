"""Fuzz: thousands of random full games of 13 Days, invariants checked after every action.

After every action: no crash, a decision exists unless the game is over,
cubes, cards and agendas are conserved, markers and prestige stay on their
tracks, hand sizes follow the round, and the state survives a JSON round
trip and a clone unchanged (``invariants.check_state``); the sequence of
play (initiative, alternating turns, 4 cards each, offers of opponent
events, the Personal Letter passing on) is followed (``invariants.Referee``). In one game of four,
every legal action of every decision is also tried (each must be accepted)
and a few illegal ones must be refused without changing the state. Every
``RESAMPLE_EVERY`` actions, each side's determinization (``resample``) must
show that side exactly the same view and play on to the end.

Games are spread over chunks so that ``pytest -n 2`` shares them out: half
with the default options (the recommended readings), one chunk per
non-default value of each option of ``OPTION_CHOICES``, chunks with
every option drawn at random, and chunks of cautious players that reach the
final scoring far more often than uniform ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core.actions import Action
from brinkmanship.thirteen.game import DEFAULT_OPTIONS, OPTION_CHOICES
from tests.thirteen.invariants import (
    SIDES,
    Referee,
    check,
    check_every_legal_action,
    check_refusals,
    check_state,
)

# The in-suite differential (tests/native) plays random games on the native
# backend and compares its to_json with Python's after every action, so these
# invariants hold there by equality; a second fuzz run would double this file,
# the largest of the rules tests.
pytestmark = pytest.mark.python_backend("the fuzz runs on Python; tests/native checks native equals it")

CHUNK = 100
DEFAULT_CHUNKS = 10
MIXED_CHUNKS = 2
RESAMPLE_EVERY = 13
FULL_CHECK_EVERY = 4  # every legal action tried in one game of four

# Every non-default value of every option, alone (the rest at the default).
NON_DEFAULT = [(k, v) for k, values in OPTION_CHOICES.items() for v in values[1:]]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(DEFAULT_CHUNKS))
def test_random_games_with_default_options_keep_invariants(chunk: int) -> None:
    results = play_games(range(chunk * CHUNK, (chunk + 1) * CHUNK), lambda seed: {})
    # Random play reaches more than one kind of ending.
    assert results["nuclear_war"] > 0


@pytest.mark.slow
@pytest.mark.parametrize(("option", "value"), NON_DEFAULT, ids=[f"{k}={v}" for k, v in NON_DEFAULT])
def test_random_games_with_each_option_value_keep_invariants(option: str, value: Any) -> None:
    start = 10_000 + 1_000 * NON_DEFAULT.index((option, value))
    play_games(range(start, start + CHUNK), lambda seed: {option: value})


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(MIXED_CHUNKS))
def test_random_games_with_random_options_keep_invariants(chunk: int) -> None:
    def options(seed: int) -> dict[str, Any]:
        r = random.Random(-seed)
        return {k: r.choice(values) for k, values in OPTION_CHOICES.items()}

    start = 50_000 + chunk * CHUNK
    play_games(range(start, start + CHUNK), options)


CAUTIOUS_CHUNKS = 3


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CAUTIOUS_CHUNKS))
def test_cautious_random_games_reach_final_scoring_and_keep_invariants(chunk: int) -> None:
    # Uniform random play ends in a nuclear war 97% of the time; players
    # that prefer de-escalating and removing reach the final scoring in
    # about 40% of games, so the Aftermath and the end of round 3 get fuzzed.
    start = 70_000 + chunk * CHUNK
    results = play_games(range(start, start + CHUNK), lambda seed: {}, policy=cautious)
    assert results["prestige"] + results["personal_letter"] >= 20


def cautious(s: bm.State, rng: random.Random) -> Action:
    """A random player that mostly de-escalates or removes when it can and
    never escalates by choice when something else is legal."""
    legal = s.legal_actions()
    calm = [a for a in legal if a.verb in ("de-escalate", "remove")]
    if calm and rng.random() < 0.8:
        a = rng.choice(calm)
    else:
        a = rng.choice([a for a in legal if a.verb != "escalate"] or legal)
    s.apply(a)
    return a


def test_fuzz_covers_every_option_value() -> None:
    covered = {(k, DEFAULT_OPTIONS[k]) for k in OPTION_CHOICES} | set(NON_DEFAULT)
    assert covered == {(k, v) for k, values in OPTION_CHOICES.items() for v in values}
    assert DEFAULT_CHUNKS * CHUNK + len(covered - set(DEFAULT_OPTIONS.items())) * CHUNK >= 2000


def play_games(seeds: range, options_for: Callable[[int], dict[str, Any]],
               policy: Callable[[bm.State, random.Random], Action] | None = None) -> dict[str, int]:
    """Play one random game per seed (uniform, or ``policy``), checking
    invariants after every action; count the results."""
    results = {"nuclear_war": 0, "prestige": 0, "personal_letter": 0}
    for seed in seeds:
        rng = random.Random(seed)
        s = bm.new_game("thirteen", seed=seed, options=options_for(seed))
        full = seed % FULL_CHECK_EVERY == 0
        referee = Referee(s)
        steps = 0
        check_state(s)
        while not s.is_terminal:
            if full:
                check_every_legal_action(s)
                check_refusals(s, rng)
            top = s.data["stack"][-1]
            kind, player = top["f"], top["p"]
            a = s.apply_random(rng) if policy is None else policy(s, rng)
            referee.after(kind, player, a, s)
            steps += 1
            check_state(s, steps=steps)
            if steps % RESAMPLE_EVERY == 0 and not s.is_terminal:
                for side in SIDES:
                    check_determinization(s, side, rng, seed)
        assert s.result is not None
        results[s.result] += 1
    return results


def check_determinization(s: bm.State, side: str, rng: random.Random, seed: int) -> None:
    """``side``'s determinization looks the same to ``side``, keeps the
    invariants, and plays on to the end of the game."""
    r = s.resample(side, rng)
    assert r.view(side) == s.view(side), f"resample({side}) shows a different view in game {seed}"
    check(r.data)
    steps = 0
    while not r.is_terminal:
        assert r.legal_actions(), f"dead end in a determinization of game {seed}"
        r.apply_random(rng)
        check(r.data)
        steps += 1
        assert steps <= bm.game_info("thirteen")["max_game_length"]
