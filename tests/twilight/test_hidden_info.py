"""Hidden information: views, logs and resampling never leak what a side may not know."""

from __future__ import annotations

import json
import random

import brinkmanship as bm
from brinkmanship.twilight.board import CARD_NAME

SIDES = ("USSR", "US")


def _games(n: int, steps: int = 10_000) -> list[list[bm.State]]:
    """A few random games, every state kept."""
    out = []
    for seed in range(n):
        s = bm.new_game("twilight", seed=seed)
        rng = random.Random(seed)
        states = [s.clone()]
        while not s.is_terminal and len(states) < steps:
            s.apply_random(rng)
            states.append(s.clone())
        out.append(states)
    return out


def test_view_shows_own_hand_and_only_opponent_hand_size() -> None:
    for states in _games(3):
        for s in states[::7]:
            for side in SIDES:
                opp = "US" if side == "USSR" else "USSR"
                v = s.view(side)
                assert v["hand"] == sorted(s.data["hands"][side])
                assert v["hand_sizes"][opp] == len(s.data["hands"][opp])
                assert "deck" not in v and "rng" not in v
                text = json.dumps(v)
                assert '"hands"' not in text
            assert s.view(None)["hand"] == []


def test_resampled_state_looks_the_same_to_the_player() -> None:
    """OpenSpiel-style: a determinization is indistinguishable from the truth."""
    rng = random.Random(0)
    changed = 0
    for states in _games(3):
        for s in states[::5]:
            if s.is_terminal:
                continue
            for side in SIDES:
                r = s.resample(side, rng)
                assert r.view(side) == s.view(side)
                opp = "US" if side == "USSR" else "USSR"
                assert sorted(_unseen(r, side)) == sorted(_unseen(s, side))
                if r.data["hands"][opp] != s.data["hands"][opp]:
                    changed += 1
                assert r.data["rng"] != s.data["rng"]
    assert changed > 50


def _unseen(s: bm.State, side: str) -> list[int]:
    """The cards ``side`` cannot see: opponent hand, deck, hidden headline."""
    opp = "US" if side == "USSR" else "USSR"
    d = s.data
    cards = d["hands"][opp] + d["deck"]
    if s.view(side)["headline"][opp] == "hidden":
        cards.append(d["headline"][opp])
    return cards


def test_resampled_state_plays_on() -> None:
    rng = random.Random(1)
    for states in _games(2, steps=400):
        s = states[-1]
        for side in SIDES:
            if s.is_terminal:
                continue
            r = s.resample(side, rng)
            for _ in range(300):
                if r.is_terminal:
                    break
                r.apply_random(rng)


def test_hidden_headline_choice() -> None:
    s = bm.from_position("twilight", {
        "phase": "headline",
        "hands": {"USSR": ["Fidel", "Decolonization"], "US": ["NATO", "Duck and Cover"]},
    })
    assert s.current_player == "USSR"
    s.apply("headline Fidel")
    assert s.view("US")["headline"]["USSR"] == "hidden"
    assert s.view("USSR")["headline"]["USSR"] == 8
    assert all("Fidel" not in line for line in s.view("US")["log"])
    r = s.resample("US", random.Random(3))
    assert r.view("US") == s.view("US")


def _hidden_places(d: dict[str, object]) -> dict[int, str]:
    """Where each hidden card is: a hand, the deck, or an unrevealed headline."""
    where: dict[int, str] = {}
    for c in d["deck"]:  # type: ignore[attr-defined]
        where[c] = "deck"
    for side in SIDES:
        for c in d["hands"][side]:  # type: ignore[index]
            where[c] = side
        c = d["headline"][side]  # type: ignore[index]
        if c and d["hl_open"] != side:
            where[c] = "headline " + side
    return where


def test_log_never_names_a_hidden_card() -> None:
    """New log lines never name a card that stayed hidden through the action
    (still in the same hand or headline, or drawn from the deck into a hand)."""
    for seed in range(4):
        s = bm.new_game("twilight", seed=seed)
        rng = random.Random(seed)
        seen = len(s.log)
        while not s.is_terminal:
            before = _hidden_places(s.data)
            s.apply_random(rng)
            after = _hidden_places(s.data)
            hidden = {c for c, w in after.items()
                      if c in before and (before[c] == w or before[c] == "deck")}
            new = " ".join(s.log[seen:])
            seen = len(s.log)
            # Blank out the other card names first (longest first), so that
            # "Southeast Asia Scoring" is not read as "Asia Scoring".
            for c in sorted(set(range(1, 111)) - hidden, key=lambda c: -len(CARD_NAME[c])):
                new = new.replace(CARD_NAME[c], "#")
            for c in hidden:
                assert CARD_NAME[c] not in new, f"log names hidden card {CARD_NAME[c]}: {new}"
