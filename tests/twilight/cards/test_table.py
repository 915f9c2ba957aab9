"""Underlined cards stay on the table while their effect lasts (rule 7: a card
whose event stays in play is kept in front of the players until it ends)."""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.twilight.helpers import texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def test_quagmire_stays_on_the_table_until_the_us_escapes() -> None:
    s = bm.from_position("twilight", {
        "turn": 5, "hands": {"USSR": ["Quagmire", "Fidel"], "US": ["NATO", "Duck and Cover"]},
    })
    s.apply("event Quagmire")
    assert 42 in s.data["in_play"] and 42 not in s.data["removed"]
    assert s.view("US")["in_play"] == [42]
    assert "discard NATO" in texts(s)
    s.apply_many(["discard NATO", "roll 2"])  # escapes
    assert "Quagmire" not in s.data["effects"]
    assert 42 in s.data["removed"] and 42 not in s.data["in_play"]


def test_willy_brandt_leaves_the_table_when_tear_down_this_wall_cancels_it() -> None:
    s = bm.from_position("twilight", {
        "turn": 8, "hands": {"USSR": ["Willy Brandt", "Fidel"], "US": ["Tear Down This Wall", "NATO"]},
    })
    s.apply("event Willy Brandt")
    assert 55 in s.data["in_play"]
    s.apply("event Tear Down This Wall")
    while s.current_player == "US" and "pass" in texts(s):
        s.apply("pass")
    assert "Willy Brandt" not in s.data["effects"]
    assert 55 in s.data["removed"] and 55 not in s.data["in_play"]
    assert 96 in s.data["in_play"]  # Tear Down This Wall now stays on the table
