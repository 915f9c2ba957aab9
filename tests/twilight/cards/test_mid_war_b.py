"""Mid War events #61-#80 (second half of the Mid War deck)."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight import rules
from brinkmanship.twilight.board import INDEX
from tests.twilight.helpers import inf, placements, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def position(**fields: Any) -> bm.State:
    """A Mid War position with events on (turn 4 unless given)."""
    return bm.from_position("twilight", {"options": EVENTS_ON, "turn": 4, **fields})


# -- #61 OPEC --------------------------------------------------------------------
def test_opec_one_vp_per_controlled_oil_country() -> None:
    s = position(hands={"USSR": ["OPEC"], "US": ["NATO"]}, influence={
        "USSR": {"Egypt": 2, "Iran": 2, "Gulf States": 3, "Venezuela": 2, "Libya": 1, "Syria": 2},
        "US": {"Iran": 1},  # Iran: 2 vs 1 is not control
    })
    s.apply("event OPEC")
    assert s.data["vp"] == -3  # Egypt, Gulf States, Venezuela; Syria is not an oil country
    assert 61 in s.data["discard"]  # not starred


def test_opec_blocked_by_north_sea_oil() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["OPEC"]},
                 effects={"North Sea Oil": {"until": "game", "blocks": [61]}},
                 influence={"USSR": {"Egypt": 2}, "US": {"Japan": 1}})
    s.apply("ops OPEC")
    assert s.view("US")["decision_kind"] == "ops"  # no event-first/after choice
    s.apply_many(["place Japan", "place Japan", "place Japan"])
    assert s.data["vp"] == 0 and s.current_player == "USSR"


# -- #62 Lone Gunman -----------------------------------------------------------
def test_lone_gunman_reveals_the_us_hand_then_one_op() -> None:
    s = position(hands={"USSR": ["Lone Gunman"], "US": ["NATO", "Nixon Plays the China Card"]},
                 influence={"USSR": {"Poland": 1}, "US": {}})
    s.apply("event Lone Gunman")
    assert s.view("USSR")["opponent_known"] == [21, 71]
    assert "Lone Gunman: US reveals its hand: NATO, Nixon Plays the China Card." in s.log
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 1 op of Lone Gunman")
    s.apply("place Poland")
    assert inf(s, "USSR", "Poland") == 2 and s.current_player == "US"
    assert 62 in s.data["removed"]


def test_lone_gunman_ops_get_modifiers() -> None:
    s = position(hands={"USSR": ["Lone Gunman"], "US": ["NATO"]},
                 effects={"Brezhnev Doctrine": {"until": "turn"}})
    s.apply("event Lone Gunman")
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 2 ops")


def test_lone_gunman_played_by_the_us_at_defcon_2_can_cost_the_us_the_game() -> None:
    s = position(phasing="US", defcon=2, hands={"USSR": ["Fidel"], "US": ["Lone Gunman"]},
                 influence={"USSR": {}, "US": {"Angola": 1, "Japan": 1}})
    s.apply("ops Lone Gunman")
    s.apply("event Lone Gunman")  # the event first: the USSR conducts its op now
    assert s.current_player == "USSR"
    s.apply("coup Angola")  # a battleground: DEFCON falls in the US action round
    s.apply("roll 1")
    assert s.is_terminal and s.winner == "USSR" and s.result == "defcon"


# -- #63 Colonial Rear Guards ------------------------------------------------------
def test_colonial_rear_guards_four_different_countries() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Colonial Rear Guards"]})
    s.apply("event Colonial Rear Guards")
    assert "Angola" in placements(s) and "Vietnam" in placements(s)
    assert "France" not in placements(s) and "Japan" not in placements(s)
    s.apply("place Angola")
    assert "Angola" not in placements(s)
    for c in ("Zaire", "Thailand", "Malaysia"):
        s.apply(f"place {c}")
    assert [inf(s, "US", c) for c in ("Angola", "Zaire", "Thailand", "Malaysia")] == [1, 1, 1, 1]
    assert s.current_player == "USSR" and 63 in s.data["discard"]


# -- #64 Panama Canal Returned -----------------------------------------------------
def test_panama_canal_returned() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Panama Canal Returned"]},
                 influence={"US": {"Panama": 1}, "USSR": {}})
    s.apply("event Panama Canal Returned")
    assert [inf(s, "US", c) for c in ("Panama", "Costa Rica", "Venezuela")] == [2, 1, 1]
    assert 64 in s.data["removed"]


# -- #65 Camp David Accords --------------------------------------------------------
def test_camp_david_accords_blocks_arab_israeli_war() -> None:
    s = position(phasing="US", hands={"USSR": ["Arab-Israeli War"], "US": ["Camp David Accords"]},
                 influence={"US": {"Israel": 1}, "USSR": {"Egypt": 1}})
    assert not rules.event_blocked(s.data, 13)
    s.apply("event Camp David Accords")
    assert s.data["vp"] == 1
    assert [inf(s, "US", c) for c in ("Israel", "Jordan", "Egypt")] == [2, 1, 1]
    assert rules.event_blocked(s.data, 13)
    assert "event Arab-Israeli War" not in texts(s)
    assert 65 in s.data["in_play"]  # on the table


# -- #66 Puppet Governments --------------------------------------------------------
def test_puppet_governments_up_to_three_empty_countries() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Puppet Governments"]},
                 influence={"US": {"Japan": 1}, "USSR": {"Burma": 1}})
    s.apply("event Puppet Governments")
    offered = placements(s)
    assert "Japan" not in offered and "Burma" not in offered  # someone has influence there
    assert {"Laos/Cambodia", "Chile", "Finland"} <= offered
    assert "done" in texts(s)  # "up to"
    s.apply("place Chile")
    assert "Chile" not in placements(s)
    s.apply("done")
    assert inf(s, "US", "Chile") == 1 and sum(s.data["inf"]["US"]) == 2
    assert s.current_player == "USSR" and 66 in s.data["removed"]


# -- #68 John Paul II Elected Pope ---------------------------------------------------
def test_john_paul_ii_elected_pope_enables_solidarity() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["John Paul II Elected Pope"]},
                 influence={"USSR": {"Poland": 3}, "US": {}})
    s.apply("event John Paul II Elected Pope")
    assert inf(s, "USSR", "Poland") == 1 and inf(s, "US", "Poland") == 1
    assert s.data["effects"]["John Paul II Elected Pope"]["until"] == "game"
    assert 68 in s.data["in_play"]  # on the table


def test_john_paul_ii_elected_pope_with_little_ussr_influence() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["John Paul II Elected Pope"]},
                 influence={"USSR": {"Poland": 1}, "US": {"Poland": 1}})
    s.apply("event John Paul II Elected Pope")
    assert inf(s, "USSR", "Poland") == 0 and inf(s, "US", "Poland") == 2


# -- #69 Latin American Death Squads -------------------------------------------------
def test_latin_american_death_squads_helps_the_player_and_hurts_the_opponent() -> None:
    s = position(hands={"USSR": ["Latin American Death Squads", "Fidel"], "US": ["Duck and Cover", "NATO"]},
                 influence={"USSR": {"Panama": 1, "Cuba": 1}, "US": {"Panama": 1, "Mexico": 1}})
    s.apply("event Latin American Death Squads")
    assert s.data["effects"]["Latin American Death Squads"] == {"until": "turn", "side": "USSR"}
    s.apply_many(["ops Duck and Cover", "coup Panama", "roll 4"])  # 4 - 1 + 3 ops - 2 x 2 = 2
    assert inf(s, "USSR", "Panama") == 0 and inf(s, "US", "Panama") == 2
    assert s.data["milops"]["US"] == 3  # Military Ops unaffected
    s.apply_many(["ops Fidel", "coup Mexico", "roll 3"])  # 3 + 1 + 2 ops - 2 x 2 = 2
    assert inf(s, "US", "Mexico") == 0 and inf(s, "USSR", "Mexico") == 1
    assert s.data["milops"]["USSR"] == 2


def test_latin_american_death_squads_only_in_the_americas_and_ends_with_the_turn() -> None:
    s = position(action_round=6, phasing="US",
                 hands={"USSR": ["Nasser"], "US": ["Latin American Death Squads", "Panama Canal Returned"]},
                 influence={"USSR": {"Poland": 1}, "US": {"Japan": 1}})
    s.apply("event Latin American Death Squads")  # played by the US: the US gets +1
    d = s.data
    assert rules.coup_die_modifier(d, "US", INDEX["Chile"]) == 1
    assert rules.coup_die_modifier(d, "USSR", INDEX["Chile"]) == -1
    assert rules.coup_die_modifier(d, "USSR", INDEX["Iran"]) == 0
    s.apply_many(["ops Nasser", "place Poland", "ops Panama Canal Returned", "place Japan"])
    assert s.data["turn"] == 5 and s.view("USSR")["decision_kind"] == "headline"
    assert "Latin American Death Squads" not in s.data["effects"]
    assert "Latin American Death Squads ends." in s.log


# -- #70 OAS Founded -----------------------------------------------------------------
def test_oas_founded_two_influence_may_stack() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["OAS Founded"]})
    s.apply("event OAS Founded")
    assert {"Mexico", "Chile", "Panama", "Brazil"} <= placements(s)
    assert "Cuba" in placements(s) and "Spain/Portugal" not in placements(s)
    s.apply_many(["place Chile", "place Chile"])
    assert inf(s, "US", "Chile") == 2 and s.current_player == "USSR"
    assert 70 in s.data["removed"]


# -- #71 Nixon Plays the China Card ---------------------------------------------------
def test_nixon_plays_the_china_card_takes_it_face_down() -> None:
    s = position(action_round=6, phasing="US", hands={"USSR": ["Nasser"], "US": ["Nixon Plays the China Card", "NATO"]})
    s.apply("event Nixon Plays the China Card")
    assert s.data["china"] == "US" and s.data["china_up"] is False and s.data["vp"] == 0
    s.apply_many(["ops Nasser", "place Poland"])
    assert "ops The China Card" not in texts(s)  # face down until the end of the turn
    assert 71 in s.data["removed"]


def test_nixon_plays_the_china_card_when_the_us_already_holds_it() -> None:
    s = position(phasing="US", china={"holder": "US", "face_up": False},
                 hands={"USSR": ["Nasser"], "US": ["Nixon Plays the China Card"]})
    s.apply("event Nixon Plays the China Card")
    assert s.data["vp"] == 2 and s.data["china"] == "US" and s.data["china_up"] is False


# -- #72 Sadat Expels Soviets ----------------------------------------------------------
def test_sadat_expels_soviets() -> None:
    s = position(phasing="US", hands={"USSR": ["Nasser"], "US": ["Sadat Expels Soviets"]},
                 influence={"USSR": {"Egypt": 3}, "US": {}})
    s.apply("event Sadat Expels Soviets")
    assert inf(s, "USSR", "Egypt") == 0 and inf(s, "US", "Egypt") == 1
    assert 72 in s.data["removed"]


# -- #73 Shuttle Diplomacy ---------------------------------------------------------------
MIDDLE_EAST = {"USSR": {"Iraq": 3, "Libya": 2, "Syria": 2}, "US": {"Israel": 4}}


def test_shuttle_diplomacy_stays_until_middle_east_scoring() -> None:
    s = position(phasing="US", influence=MIDDLE_EAST,
                 hands={"USSR": ["Middle East Scoring", "Nasser"], "US": ["Shuttle Diplomacy", "NATO"]})
    s.apply("event Shuttle Diplomacy")
    assert 73 in s.data["in_play"] and 73 not in s.data["discard"]
    assert "Shuttle Diplomacy" in s.view("USSR")["effects"]
    s.apply("event Middle East Scoring")
    assert s.current_player == "US"
    assert texts(s) == ["target Libya", "target Iraq"]  # USSR-controlled battlegrounds only
    s.apply("target Iraq")
    # Without Iraq the USSR has Libya and Syria: Presence 3 + 1, not Domination 5 + 2.
    assert ("Middle East scoring: USSR Presence 3 + 1 battleground = 4 VP; "
            "US Presence 3 + 1 battleground = 4 VP.") in s.log
    assert s.data["vp"] == 0
    assert 73 in s.data["discard"] and 73 not in s.data["in_play"]
    assert "Shuttle Diplomacy" not in s.data["effects"]
    assert s.current_player == "US"


def test_shuttle_diplomacy_without_a_ussr_battleground_is_still_used_up() -> None:
    s = position(phasing="US", influence={"USSR": {"Syria": 2}, "US": {"Israel": 4}},
                 hands={"USSR": ["Middle East Scoring", "Nasser"], "US": ["Shuttle Diplomacy", "NATO"]})
    s.apply_many(["event Shuttle Diplomacy", "event Middle East Scoring"])
    assert s.data["vp"] == 1  # US Presence 3 + 1 (Israel) vs USSR Presence 3 (Syria)
    assert 73 in s.data["discard"] and "Shuttle Diplomacy" not in s.data["effects"]


def test_shuttle_diplomacy_in_asia_scoring_played_by_the_ussr_for_ops() -> None:
    s = position(influence={"USSR": {"North Korea": 3, "Afghanistan": 2}, "US": {"Japan": 4}},
                 hands={"USSR": ["Shuttle Diplomacy", "Nasser"], "US": ["Asia Scoring", "NATO"]})
    s.apply_many(["ops Shuttle Diplomacy", "ops Shuttle Diplomacy"])  # ops first, then the US event
    s.apply_many(["place Afghanistan", "place Afghanistan", "place Afghanistan"])
    assert 73 in s.data["in_play"] and "Shuttle Diplomacy" in s.data["effects"]
    assert s.current_player == "US"
    s.apply("event Asia Scoring")
    assert texts(s) == ["target North Korea"]
    s.apply("target North Korea")
    # USSR: Afghanistan only (Presence 3); US: Japan (Presence 3 + 1 battleground).
    assert s.data["vp"] == 1
    assert 73 in s.data["discard"]


def test_shuttle_diplomacy_ignores_southeast_asia_scoring() -> None:
    s = position(phasing="US", influence={"USSR": {"Thailand": 2}, "US": {}},
                 hands={"USSR": ["Southeast Asia Scoring", "Nasser"], "US": ["Shuttle Diplomacy", "NATO"]})
    s.apply_many(["event Shuttle Diplomacy", "event Southeast Asia Scoring"])
    assert s.data["vp"] == -2
    assert 73 in s.data["in_play"] and "Shuttle Diplomacy" in s.data["effects"]


def test_shuttle_diplomacy_does_not_apply_in_final_scoring() -> None:
    s = position(turn=10, action_round=7, phasing="US", influence=MIDDLE_EAST,
                 hands={"USSR": [], "US": ["Shuttle Diplomacy"]})
    s.apply("event Shuttle Diplomacy")
    assert s.is_terminal and s.result == "final_scoring"
    assert ("Middle East scoring: USSR Domination 5 + 2 battlegrounds = 7 VP; "
            "US Presence 3 + 1 battleground = 4 VP.") in s.log
    assert not any(line.startswith("Shuttle Diplomacy:") and "count" in line for line in s.log)


# -- #74 The Voice of America -----------------------------------------------------------
def test_the_voice_of_america_outside_europe_at_most_two_each() -> None:
    s = position(phasing="US", hands={"USSR": ["Nasser"], "US": ["The Voice of America"]},
                 influence={"USSR": {"Poland": 3, "Iraq": 3, "Cuba": 1, "Angola": 2}, "US": {}})
    s.apply("event The Voice of America")
    assert set(texts(s)) == {"remove Cuba", "remove Iraq", "remove Angola"}  # not Poland
    s.apply_many(["remove Iraq", "remove Iraq"])
    assert "remove Iraq" not in texts(s)
    s.apply_many(["remove Cuba", "remove Angola"])
    assert [inf(s, "USSR", c) for c in ("Poland", "Iraq", "Cuba", "Angola")] == [3, 1, 0, 1]
    assert s.current_player == "USSR" and 74 in s.data["discard"]


# -- #75 Liberation Theology ------------------------------------------------------------
def test_liberation_theology_central_america_at_most_two_each() -> None:
    s = position(hands={"USSR": ["Liberation Theology"], "US": ["NATO"]})
    s.apply("event Liberation Theology")
    assert "Cuba" in placements(s) and "Chile" not in placements(s)
    s.apply_many(["place Cuba", "place Cuba"])
    assert "Cuba" not in placements(s)
    s.apply("place Nicaragua")
    assert inf(s, "USSR", "Cuba") == 2 and inf(s, "USSR", "Nicaragua") == 1
    assert s.current_player == "US" and 75 in s.data["discard"]


# -- #76 Ussuri River Skirmish ------------------------------------------------------------
def test_ussuri_river_skirmish_takes_the_china_card_face_up() -> None:
    s = position(phasing="US", action_round=5,
                 hands={"USSR": ["Nasser"], "US": ["Ussuri River Skirmish", "NATO"]})
    s.apply("event Ussuri River Skirmish")
    assert s.data["china"] == "US" and s.data["china_up"] is True
    s.apply_many(["ops Nasser", "place Poland"])
    assert "ops The China Card" in texts(s)  # usable at once
    assert 76 in s.data["removed"]


def test_ussuri_river_skirmish_when_the_us_holds_the_china_card() -> None:
    s = position(phasing="US", china={"holder": "US", "face_up": False}, influence={"USSR": {}, "US": {}},
                 hands={"USSR": ["Nasser"], "US": ["Ussuri River Skirmish"]})
    s.apply("event Ussuri River Skirmish")
    assert "Japan" in placements(s) and "Thailand" in placements(s) and "Iran" not in placements(s)
    s.apply_many(["place Japan", "place Japan"])
    assert "Japan" not in placements(s)
    s.apply_many(["place Thailand", "place India"])
    assert [inf(s, "US", c) for c in ("Japan", "Thailand", "India")] == [2, 1, 1]
    assert s.data["china_up"] is False and s.current_player == "USSR"


# -- #78 Alliance for Progress -------------------------------------------------------------
def test_alliance_for_progress_one_vp_per_american_battleground() -> None:
    s = position(phasing="US", hands={"USSR": ["Nasser"], "US": ["Alliance for Progress"]},
                 influence={"US": {"Panama": 2, "Mexico": 2, "Chile": 3, "Costa Rica": 3, "Brazil": 1},
                            "USSR": {}})
    s.apply("event Alliance for Progress")
    assert s.data["vp"] == 3  # Panama, Mexico, Chile; Costa Rica is no battleground, Brazil not controlled
    assert 78 in s.data["removed"]


# -- #80 One Small Step ---------------------------------------------------------------------
def test_one_small_step_two_boxes_when_behind() -> None:
    s = position(phasing="US", space={"US": 1, "USSR": 2},
                 hands={"USSR": ["Nasser"], "US": ["One Small Step"]})
    assert rules.space_ability(s.data, "USSR", 2)
    s.apply("event One Small Step")
    assert s.data["space"]["US"] == 3 and s.data["vp"] == 2  # Man in Space, first there
    assert s.data["space_tries"]["US"] == 0
    assert not rules.space_ability(s.data, "USSR", 2)  # the US reached Animal in Space too
    assert 80 in s.data["discard"]


def test_one_small_step_does_nothing_when_not_behind() -> None:
    s = position(space={"US": 2, "USSR": 2}, hands={"USSR": ["One Small Step"], "US": ["NATO"]})
    s.apply("event One Small Step")
    assert s.data["space"] == {"US": 2, "USSR": 2} and s.data["vp"] == 0
    assert "One Small Step: the event does not take place." in s.log
    assert 80 in s.data["discard"]


def test_latin_american_death_squads_played_by_both_sides_cancel_out() -> None:
    s = bm.from_position("twilight", {
        "options": {"events": True}, "phasing": "US", "turn": 5,
        "effects": {"Latin American Death Squads": {"until": "turn", "side": "USSR"}},
        "hands": {"USSR": ["Fidel"], "US": ["Latin American Death Squads", "NATO"]},
        "influence": {"USSR": {"Cuba": 3}, "US": {"Panama": 1, "Nicaragua": 1}},
    })
    s.apply("event Latin American Death Squads")
    assert s.data["effects"]["Latin American Death Squads"]["side"] == "both"
    s.apply_many(["ops Fidel", "coup Nicaragua", "roll 3"])
    assert "roll 3 + 2 ops - 2 = 3" in " ".join(s.log[-3:])
