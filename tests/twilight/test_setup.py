"""Set-up (rule 3): the printed influence, the free placements and the opening deal.

Covered: the USSR places 6 influence in Eastern Europe first, then the US 7 in
Western Europe (Austria and Finland belong to both); influence totals 15 and 25
afterwards; 8 Early War cards dealt to each side; The China Card starts face up
with the USSR; DEFCON 5, VP 0, Military Operations and Space Race at zero.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import CARD, CHINA
from tests.twilight.helpers import OPS_ONLY, ops_only, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

EASTERN_EUROPE = [
    "Austria", "Finland", "East Germany", "Poland", "Czechoslovakia", "Hungary",
    "Yugoslavia", "Romania", "Bulgaria",
]
WESTERN_EUROPE = [
    "Canada", "UK", "Norway", "Sweden", "Denmark", "Benelux", "France", "Spain/Portugal",
    "Italy", "Greece", "Turkey", "Austria", "Finland", "West Germany",
]


def total(s: bm.State, side: str) -> int:
    return sum(s.view(None)["influence"][side].values())


def test_printed_influence_before_the_free_placements() -> None:
    s = bm.new_game("twilight", seed=1, options=OPS_ONLY)
    v = s.view(None)
    assert v["influence"]["USSR"] == {
        "Syria": 1, "Iraq": 1, "North Korea": 3, "East Germany": 3, "Finland": 1,
    }
    assert v["influence"]["US"] == {
        "Canada": 2, "Iran": 1, "Israel": 1, "Japan": 1, "Australia": 4,
        "Philippines": 1, "South Korea": 1, "Panama": 1, "South Africa": 1, "UK": 5,
    }
    assert total(s, "USSR") == 9
    assert total(s, "US") == 18


def test_ussr_places_six_in_eastern_europe_first() -> None:
    s = bm.new_game("twilight", seed=1, options=OPS_ONLY)
    assert s.current_player == "USSR"
    assert sorted(texts(s)) == sorted(f"place {c}" for c in EASTERN_EUROPE)
    with pytest.raises(bm.IllegalActionError):
        s.apply("place France")
    for _ in range(5):
        s.apply("place Poland")
        assert s.current_player == "USSR"
    s.apply("place Austria")
    assert s.current_player == "US"
    assert s.view(None)["influence"]["USSR"]["Poland"] == 5
    assert s.view(None)["influence"]["USSR"]["Austria"] == 1
    assert total(s, "USSR") == 15


def test_us_then_places_seven_in_western_europe() -> None:
    s = bm.new_game("twilight", seed=1, options=OPS_ONLY)
    for _ in range(6):
        s.apply("place East Germany")
    assert s.current_player == "US"
    assert sorted(texts(s)) == sorted(f"place {c}" for c in WESTERN_EUROPE)
    with pytest.raises(bm.IllegalActionError):
        s.apply("place Poland")
    for country in ("West Germany", "West Germany", "West Germany", "West Germany",
                    "Italy", "Italy", "Finland"):
        s.apply(f"place {country}")
    v = s.view(None)
    assert total(s, "USSR") == 15
    assert total(s, "US") == 25
    assert v["influence"]["US"]["West Germany"] == 4
    assert v["influence"]["US"]["Finland"] == 1
    assert v["influence"]["USSR"]["East Germany"] == 9
    # Set-up is over: turn 1 begins with the USSR's headline choice.
    assert s.current_player == "USSR"
    assert all(t.startswith("headline ") for t in texts(s))
    assert "=== Turn 1 ===" in s.log


def test_austria_and_finland_are_offered_to_both_sides() -> None:
    s = bm.new_game("twilight", seed=2, options=OPS_ONLY)
    assert {"place Austria", "place Finland"} <= set(texts(s))
    for _ in range(6):
        s.apply("place Finland")
    assert {"place Austria", "place Finland"} <= set(texts(s))
    for _ in range(7):
        s.apply("place Austria")
    v = s.view(None)
    assert v["influence"]["USSR"]["Finland"] == 7
    assert v["influence"]["US"]["Austria"] == 7


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_opening_deal_china_card_and_tracks(seed: int) -> None:
    s = bm.new_game("twilight", seed=seed, options=OPS_ONLY)
    d = s.data
    assert len(d["hands"]["USSR"]) == 8
    assert len(d["hands"]["US"]) == 8
    dealt = d["hands"]["USSR"] + d["hands"]["US"]
    assert all(CARD[c].period == "Early" for c in dealt)
    assert CHINA not in dealt
    assert CHINA not in d["deck"]
    # Early War: #1-#35 less The China Card, #103 Defectors, optional #104-#106.
    assert len(dealt) + len(d["deck"]) == 34 + 1 + 3
    assert s.view("USSR")["china_card"] == {"holder": "USSR", "face_up": True}
    assert d["defcon"] == 5
    assert d["vp"] == 0
    assert d["turn"] == 1
    assert d["milops"] == {"USSR": 0, "US": 0}
    assert d["space"] == {"USSR": 0, "US": 0}
    assert d["discard"] == [] and d["removed"] == []


def test_without_optional_cards_the_early_war_deck_has_35_cards() -> None:
    s = bm.new_game("twilight", seed=5, options={"optional_cards": False, **OPS_ONLY})
    d = s.data
    assert len(d["hands"]["USSR"]) + len(d["hands"]["US"]) + len(d["deck"]) == 35


def test_setup_phase_from_a_position() -> None:
    s = ops_only({"phase": "setup", "hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    assert s.current_player == "USSR"
    assert total(s, "USSR") == 9
    for _ in range(6):
        s.apply("place Hungary")
    for _ in range(7):
        s.apply("place France")
    assert total(s, "USSR") == 15
    assert total(s, "US") == 25
    # Turn 1 starts: hands are filled up to 8 from the deck.
    assert len(s.data["hands"]["USSR"]) == 8
    assert len(s.data["hands"]["US"]) == 8
