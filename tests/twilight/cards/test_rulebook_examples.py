"""Examples from the rulebook on how events and ops modifiers combine (rule 7.4, 5.2)."""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def test_brezhnev_doctrine_makes_a_one_ops_card_satisfy_bear_trap() -> None:
    """If the USSR played Brezhnev Doctrine earlier this turn, a 1-ops card
    satisfies Bear Trap's discard."""
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "turn": 5,
        "effects": {"Bear Trap": {"until": "game"}, "Brezhnev Doctrine": {"until": "turn"}},
        "hands": {"USSR": ["Nasser", "Allende"], "US": ["NATO"]},
    })
    assert "discard Nasser" in texts(s)
    s.apply("discard Nasser")
    s.apply("roll 3")  # 1-4 escapes
    assert "Bear Trap" not in s.data["effects"]
    assert 15 in s.data["discard"]


def test_without_brezhnev_a_one_ops_card_cannot_feed_bear_trap() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "turn": 5, "effects": {"Bear Trap": {"until": "game"}},
        "hands": {"USSR": ["Nasser", "Allende"], "US": ["NATO"]},
    })
    assert "discard Nasser" not in texts(s)


def test_containment_makes_cia_created_worth_two_ops() -> None:
    """If the US played Containment earlier this turn, CIA Created gives 2 ops."""
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US", "effects": {"Containment": {"until": "turn"}},
        "hands": {"USSR": ["Fidel"], "US": ["CIA Created", "NATO"]},
        "influence": {"US": {"Mexico": 1}, "USSR": {}},
    })
    s.apply("event CIA Created")
    assert s.view("US")["opponent_known"] == [8]  # the USSR hand was shown
    assert s.view("US")["decision"]["prompt"].startswith("US: 2 ops")
    s.apply_many(["place Mexico", "place Mexico"])
    assert inf(s, "US", "Mexico") == 3


def test_china_card_modifiers_combine() -> None:
    """Rule 7.4: the USSR, under an opposing Red Scare/Purge and with Vietnam
    Revolts in effect, plays The China Card entirely in Southeast Asia:
    4 + 1 (Asia) + 1 (Vietnam Revolts) - 1 = 5 ops."""
    s = bm.from_position("twilight", {
        "options": EVENTS_ON,
        "effects": {"Red Scare/Purge": {"until": "turn", "side": "USSR"},
                    "Vietnam Revolts": {"until": "turn"}},
        "hands": {"USSR": ["Fidel"], "US": ["NATO"]},
        "influence": {"USSR": {"Vietnam": 1}, "US": {}},
    })
    s.apply("ops The China Card")
    for _ in range(5):
        s.apply("place Vietnam")
    assert inf(s, "USSR", "Vietnam") == 6
    assert s.current_player == "US"


def test_opponent_event_for_ops_is_removed_when_starred_and_it_happened() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US",
        "hands": {"USSR": ["NATO"], "US": ["Allende"]},
        "influence": {"US": {"Mexico": 1}, "USSR": {}},
    })
    s.apply_many(["ops Allende", "event Allende", "place Mexico"])
    assert inf(s, "USSR", "Chile") == 2
    assert 54 in s.data["removed"]


def test_event_whose_prerequisite_is_missing_is_discarded_not_removed() -> None:
    """5.2 example 4: NATO without Warsaw Pact or Marshall Plan does nothing
    and the starred card goes to the discard pile."""
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US", "hands": {"USSR": ["Fidel"], "US": ["NATO"]},
    })
    s.apply("event NATO")
    assert "NATO" not in s.data["effects"]
    assert 21 in s.data["discard"] and 21 not in s.data["removed"]
