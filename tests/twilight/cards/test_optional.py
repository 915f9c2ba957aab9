"""Optional cards (#104, #105, #107-#110), each played out like a rulebook
example."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def position(**pos: Any) -> bm.State:
    return bm.from_position("twilight", {"options": EVENTS_ON, **pos})


# -- #104 The Cambridge Five ------------------------------------------------------
def test_the_cambridge_five_one_scoring_card_shown() -> None:
    s = position(hands={"USSR": ["The Cambridge Five"], "US": ["Middle East Scoring", "NATO"]},
                 influence={"US": {}, "USSR": {}})
    s.apply("event The Cambridge Five")
    assert "The Cambridge Five: the US shows Middle East Scoring." in s.log
    assert s.view("USSR")["opponent_known"] == [3]  # NATO stays hidden
    assert s.view("USSR")["decision"]["prompt"] == "USSR: place 1 USSR influence"
    assert "place Italy" not in texts(s)
    s.apply("place Iraq")
    assert inf(s, "USSR", "Iraq") == 1 and s.current_player == "US"
    assert 104 in s.data["discard"]


def test_the_cambridge_five_the_ussr_picks_among_several() -> None:
    s = position(hands={"USSR": ["The Cambridge Five"],
                        "US": ["Asia Scoring", "Europe Scoring", "Southeast Asia Scoring"]},
                 influence={"US": {}, "USSR": {}})
    s.apply("event The Cambridge Five")
    assert texts(s) == ["pick Asia Scoring", "pick Europe Scoring", "pick Southeast Asia Scoring"]
    s.apply("pick Southeast Asia Scoring")
    assert "place Japan" not in texts(s) and "place Vietnam" in texts(s)
    s.apply("place Vietnam")
    assert inf(s, "USSR", "Vietnam") == 1


def test_the_cambridge_five_without_scoring_cards() -> None:
    s = position(hands={"USSR": ["The Cambridge Five"], "US": ["NATO"]}, influence={"US": {}, "USSR": {}})
    s.apply("event The Cambridge Five")
    assert s.current_player == "US" and sum(s.data["inf"]["USSR"]) == 0
    assert s.view("USSR")["opponent_known"] == []


def test_the_cambridge_five_no_event_in_the_late_war() -> None:
    s = position(turn=8, phasing="US", hands={"USSR": ["Wargames"], "US": ["The Cambridge Five"]},
                 influence={"US": {"Canada": 2}, "USSR": {}})
    s.apply_many(["ops The Cambridge Five", "event The Cambridge Five"])
    assert "The Cambridge Five: the event does not take place." in s.log
    assert s.view("US")["decision_kind"] == "ops"


# -- #105 Special Relationship -------------------------------------------------------
def test_special_relationship_without_nato_one_influence_next_to_the_uk() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Special Relationship"]},
                 influence={"US": {"UK": 5}, "USSR": {}})
    s.apply("event Special Relationship")
    assert set(texts(s)) == {"target Canada", "target France", "target Norway", "target Benelux"}
    s.apply("target Norway")
    assert inf(s, "US", "Norway") == 1 and s.data["vp"] == 0


def test_special_relationship_with_nato_two_influence_and_two_vp() -> None:
    s = position(phasing="US", effects={"NATO": {"until": "game"}},
                 hands={"USSR": ["Fidel"], "US": ["Special Relationship"]},
                 influence={"US": {"UK": 5}, "USSR": {}})
    s.apply("event Special Relationship")
    assert "target Italy" in texts(s) and "target Poland" not in texts(s)
    s.apply("target Italy")
    assert inf(s, "US", "Italy") == 2 and s.data["vp"] == 2
    assert 105 in s.data["discard"]  # not starred


def test_special_relationship_needs_the_uk() -> None:
    s = position(phasing="US", effects={"NATO": {"until": "game"}},
                 hands={"USSR": ["Fidel"], "US": ["Special Relationship"]},
                 influence={"US": {"UK": 5}, "USSR": {"UK": 1}})
    s.apply("event Special Relationship")
    assert s.current_player == "USSR" and s.data["vp"] == 0


# -- #107 Che --------------------------------------------------------------------------
def test_che_second_coup_after_removing_us_influence() -> None:
    s = position(turn=4, defcon=2,
                 hands={"USSR": ["Che"], "US": ["NATO"]},
                 influence={"US": {"Guatemala": 1, "Colombia": 1, "Mexico": 1, "Zaire": 1}, "USSR": {}})
    s.apply("event Che")
    assert texts(s) == ["target Guatemala", "target Colombia", "pass"]  # battlegrounds excluded
    s.apply_many(["target Guatemala", "roll 3"])  # 3 + 3 - 2 x 1 = 4: the US loses 1
    assert inf(s, "US", "Guatemala") == 0 and inf(s, "USSR", "Guatemala") == 3
    assert s.data["milops"]["USSR"] == 3  # Che's coups count
    assert texts(s) == ["target Colombia", "pass"]
    s.apply_many(["target Colombia", "roll 1"])  # 1 + 3 - 2 = 2
    assert inf(s, "US", "Colombia") == 0 and inf(s, "USSR", "Colombia") == 1
    assert s.current_player == "US" and s.data["defcon"] == 2
    assert 107 in s.data["discard"]


def test_che_no_second_coup_when_nothing_was_removed() -> None:
    s = position(turn=4, hands={"USSR": ["Che"], "US": ["NATO"]},
                 influence={"US": {"Guatemala": 1, "Ecuador": 1}, "USSR": {}})
    s.apply_many(["event Che", "target Ecuador", "roll 1"])  # 1 + 3 - 2 x 2 = 0: fails
    assert inf(s, "US", "Ecuador") == 1
    assert s.current_player == "US"


def test_che_the_ussr_may_decline() -> None:
    s = position(turn=4, hands={"USSR": ["Che"], "US": ["NATO"]},
                 influence={"US": {"Guatemala": 1}, "USSR": {}})
    s.apply_many(["event Che", "pass"])
    assert inf(s, "US", "Guatemala") == 1 and s.data["milops"]["USSR"] == 0


# -- #108 Our Man in Tehran --------------------------------------------------------------
def test_our_man_in_tehran_discard_some_of_the_top_five() -> None:
    deck = ["Fidel", "Nasser", "Blockade", "Suez Crisis", "COMECON", "Decolonization", "Independent Reds"]
    s = position(turn=4, phasing="US", deck=deck, hands={"USSR": ["Wargames"], "US": ["Our Man in Tehran"]},
                 influence={"US": {"Iran": 2}, "USSR": {}})
    s.apply("event Our Man in Tehran")
    # The top of the draw pile is the first card listed.
    assert texts(s) == ["discard Fidel", "discard Blockade", "discard COMECON", "discard Nasser",
                        "discard Suez Crisis", "pass"]
    assert all("Fidel" not in line for line in s.log)
    s.apply("discard Nasser")
    s.apply("discard Fidel")
    assert "discard Nasser" not in texts(s)
    s.apply("pass")
    assert s.data["discard"] == [15, 8]
    assert sorted(s.data["deck"]) == [10, 14, 22, 28, 30]
    assert 108 in s.data["removed"] and s.current_player == "USSR"


def test_our_man_in_tehran_needs_a_us_controlled_middle_east_country() -> None:
    s = position(turn=4, phasing="US", hands={"USSR": ["Wargames"], "US": ["Our Man in Tehran"]},
                 influence={"US": {"Iran": 1}, "USSR": {}})
    s.apply("event Our Man in Tehran")
    assert s.current_player == "USSR"
    assert 108 in s.data["discard"]


def test_our_man_in_tehran_reshuffles_the_discards_when_the_pile_is_short() -> None:
    s = position(turn=4, phasing="US", deck=["Fidel", "Nasser"], discard=["Blockade", "Suez Crisis", "COMECON"],
                 hands={"USSR": ["Wargames"], "US": ["Our Man in Tehran"]},
                 influence={"US": {"Iran": 2}, "USSR": {}})
    s.apply("event Our Man in Tehran")
    assert len(texts(s)) == 6 and s.data["discard"] == []
    s.apply_many(["discard Fidel", "discard Blockade", "discard Nasser", "discard COMECON", "discard Suez Crisis"])
    assert s.data["deck"] == [] and sorted(s.data["discard"]) == [8, 10, 14, 15, 28]
    assert s.current_player == "USSR"


# -- #109 Yuri and Samantha --------------------------------------------------------------
def test_yuri_and_samantha_ussr_vp_per_us_coup_this_turn() -> None:
    s = position(turn=8, action_round=7, milops={"USSR": 5, "US": 0}, defcon=4,
                 hands={"USSR": ["Yuri and Samantha"], "US": ["Wargames"]},
                 influence={"US": {}, "USSR": {"Iran": 1}})
    s.apply("event Yuri and Samantha")
    assert 109 in s.data["removed"]
    s.apply_many(["ops Wargames", "coup Iran"])
    assert s.data["vp"] == -1  # on the attempt, before the die
    s.apply("roll 6")
    # That was the last action round: the effect ends with turn 8.
    assert s.data["turn"] == 9 and "Yuri and Samantha" not in s.data["effects"]


# -- #110 AWACS Sale to Saudis ------------------------------------------------------------
def test_awacs_sale_to_saudis_influence_and_muslim_revolution_blocked() -> None:
    s = position(turn=8, phasing="US", hands={"USSR": ["Muslim Revolution"], "US": ["AWACS Sale to Saudis"]},
                 influence={"US": {}, "USSR": {}})
    s.apply("event AWACS Sale to Saudis")
    assert inf(s, "US", "Saudi Arabia") == 2 and 110 in s.data["in_play"]  # on the table
    assert "event Muslim Revolution" not in texts(s) and "ops Muslim Revolution" in texts(s)


def test_norad_played_in_the_round_defcon_falls_to_2() -> None:
    """NORAD comes into play during the USSR's round (event first), then the
    USSR's coup drops DEFCON 3 -> 2: at the end of that round the US may add 1."""
    s = bm.from_position("twilight", {
        "options": {"events": True}, "turn": 2, "defcon": 3,
        "influence": {"US": {"Canada": 4, "Iran": 1}, "USSR": {"Iraq": 1}},
        "hands": {"USSR": ["NORAD", "Fidel"], "US": ["Decolonization", "Socialist Governments"]},
    })
    s.apply_many(["ops NORAD", "event NORAD", "coup Iran", "roll 6"])
    assert s.data["defcon"] == 2
    assert s.current_player == "US"
    assert "place Canada" in [a.text for a in s.legal_actions()]
    assert "done" in [a.text for a in s.legal_actions()]
