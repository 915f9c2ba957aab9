"""Early War events: Five Year Plan, Vietnam Revolts, Blockade, Arab-Israeli
War, Warsaw Pact Formed, De Gaulle Leads France, NATO, Independent Reds,
Indo-Pakistani War, CIA Created, US/Japan Mutual Defense Pact, East European
Unrest, Red Scare/Purge, De-Stalinization, Formosan Resolution."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def position(**fields: Any) -> bm.State:
    """A position with events on."""
    return bm.from_position("twilight", {"options": EVENTS_ON, **fields})


def decision(s: bm.State) -> str:
    player = s.current_player
    assert player is not None
    text: str = s.view(player)["decision"]["prompt"]
    return text


# -- #5 Five Year Plan -----------------------------------------------------------------
def test_five_year_plan_discards_a_ussr_card_without_its_event() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Five Year Plan"]},
                 influence={"US": {"Cuba": 2}, "USSR": {}})
    s.apply("event Five Year Plan")
    assert s.data["hands"]["USSR"] == []
    assert 8 in s.data["discard"] and 5 in s.data["discard"]
    assert inf(s, "US", "Cuba") == 2  # Fidel's event does not happen
    assert "Five Year Plan (at random): USSR discards Fidel." in s.log


def test_five_year_plan_discarded_us_event_happens_for_the_us() -> None:
    s = position(phasing="US", hands={"USSR": ["Containment"], "US": ["Five Year Plan", "Truman Doctrine"]})
    s.apply("event Five Year Plan")
    assert "Containment" in s.data["effects"]
    assert 25 in s.data["removed"]  # starred and its event happened
    assert 5 in s.data["discard"]
    assert s.current_player == "USSR"


def test_five_year_plan_played_by_the_ussr_for_ops_pulls_duck_and_cover() -> None:
    """The discarded US event happens during the USSR's round: Duck and Cover
    lowers DEFCON with the USSR as the phasing player."""
    s = position(defcon=3, hands={"USSR": ["Five Year Plan", "Duck and Cover"], "US": ["NATO"]})
    s.apply("ops Five Year Plan")
    s.apply("event Five Year Plan")  # event first
    assert s.data["defcon"] == 2 and s.data["vp"] == 3
    assert 4 in s.data["discard"]
    assert decision(s).startswith("USSR: 3 ops of Five Year Plan")


def test_five_year_plan_discarded_nato_without_prerequisite_goes_to_discard() -> None:
    s = position(phasing="US", hands={"USSR": ["NATO"], "US": ["Five Year Plan"]})
    s.apply("event Five Year Plan")
    assert 21 in s.data["discard"] and 21 not in s.data["removed"]
    assert "NATO" not in s.data["effects"]


def test_five_year_plan_picks_at_random_and_spares_the_china_card() -> None:
    seen = set()
    for seed in range(40):
        s = position(seed=seed, phasing="US",
                     hands={"USSR": ["Fidel", "Nasser", "COMECON"], "US": ["Five Year Plan"]})
        s.apply("event Five Year Plan")
        assert len(s.data["hands"]["USSR"]) == 2 and s.data["china"] == "USSR"
        (gone,) = {8, 15, 14} - set(s.data["hands"]["USSR"])
        assert gone in s.data["discard"]
        seen.add(gone)
    assert seen == {8, 15, 14}


def test_five_year_plan_with_an_empty_ussr_hand() -> None:
    s = position(phasing="US", hands={"USSR": [], "US": ["Five Year Plan", "NATO"]})
    s.apply("event Five Year Plan")
    assert "Five Year Plan: the USSR has no card to discard." in s.log
    assert s.data["china"] == "USSR"


# -- #9 Vietnam Revolts ------------------------------------------------------------------
def test_vietnam_revolts_adds_influence_and_an_op_in_southeast_asia() -> None:
    s = position(hands={"USSR": ["Vietnam Revolts", "Fidel"], "US": ["Truman Doctrine", "NATO"]},
                 influence={"US": {}, "USSR": {}})
    s.apply("event Vietnam Revolts")
    assert inf(s, "USSR", "Vietnam") == 2
    assert 9 in s.data["removed"]
    s.apply_many(["ops Truman Doctrine", "place Mexico"])
    s.apply("ops Fidel")
    assert decision(s).startswith("USSR: 3 ops of Fidel")
    s.apply_many(["place Thailand", "place Thailand", "place Laos/Cambodia"])
    assert inf(s, "USSR", "Thailand") == 2 and inf(s, "USSR", "Laos/Cambodia") == 1
    assert s.current_player == "US"


def test_vietnam_revolts_bonus_lost_outside_southeast_asia_and_at_turn_end() -> None:
    s = position(action_round=6, hands={"USSR": ["Fidel"], "US": ["Truman Doctrine"]},
                 effects={"Vietnam Revolts": {"until": "turn"}},
                 influence={"US": {}, "USSR": {"Vietnam": 2, "North Korea": 3}})
    s.apply("ops Fidel")
    s.apply("place North Korea")  # outside Southeast Asia: the bonus is gone
    assert "place Vietnam" in texts(s)
    s.apply("place Vietnam")
    assert s.current_player == "US"
    s.apply_many(["ops Truman Doctrine", "place Mexico"])
    assert s.data["turn"] == 2 and "Vietnam Revolts" not in s.data["effects"]
    assert "Vietnam Revolts ends." in s.log


# -- #10 Blockade ------------------------------------------------------------------------
def test_blockade_the_us_discards_a_three_op_card() -> None:
    s = position(hands={"USSR": ["Blockade"], "US": ["Containment", "NATO", "Fidel", "Korean War"]},
                 influence={"US": {"West Germany": 4}, "USSR": {}})
    s.apply("event Blockade")
    assert s.current_player == "US"
    assert texts(s) == ["discard Containment", "discard NATO", "pass"]
    s.apply("discard NATO")
    assert inf(s, "US", "West Germany") == 4
    assert 21 in s.data["discard"] and 21 not in s.data["hands"]["US"]
    assert "NATO" not in s.data["effects"]  # a discarded card's event does not happen
    assert 10 in s.data["removed"]


def test_blockade_the_us_keeps_its_cards_and_loses_west_germany() -> None:
    s = position(hands={"USSR": ["Blockade"], "US": ["Containment"]},
                 influence={"US": {"West Germany": 4, "France": 1}, "USSR": {}})
    s.apply_many(["event Blockade", "pass"])
    assert inf(s, "US", "West Germany") == 0 and inf(s, "US", "France") == 1
    assert s.data["hands"]["US"] == [25]


def test_blockade_red_scare_leaves_no_card_worth_three() -> None:
    s = position(hands={"USSR": ["Blockade"], "US": ["Containment", "Fidel"]},
                 effects={"Red Scare/Purge": {"until": "turn", "side": "US"}},
                 influence={"US": {"West Germany": 4}, "USSR": {}})
    s.apply("event Blockade")  # Containment is worth only 2: nothing to discard
    assert inf(s, "US", "West Germany") == 0
    assert s.current_player == "US" and s.view("US")["decision_kind"] == "action"


def test_blockade_containment_makes_a_two_op_card_worth_three() -> None:
    s = position(hands={"USSR": ["Blockade"], "US": ["Korean War"]},
                 effects={"Containment": {"until": "turn"}},
                 influence={"US": {"West Germany": 4}, "USSR": {}})
    s.apply("event Blockade")
    assert texts(s) == ["discard Korean War", "pass"]


# -- #13 Arab-Israeli War ----------------------------------------------------------------
def test_arab_israeli_war_us_control_of_israel_costs_one_more() -> None:
    s = position(hands={"USSR": ["Arab-Israeli War"], "US": ["NATO"]},
                 influence={"US": {"Israel": 4, "Jordan": 2}, "USSR": {}})
    s.apply("event Arab-Israeli War")
    assert s.data["milops"]["USSR"] == 2
    s.apply("roll 5")  # 5 - 1 (Jordan) - 1 (Israel) = 3: lost
    assert inf(s, "US", "Israel") == 4 and s.data["vp"] == 0
    assert 13 in s.data["discard"]  # not starred


def test_arab_israeli_war_win() -> None:
    s = position(hands={"USSR": ["Arab-Israeli War"], "US": ["NATO"]},
                 influence={"US": {"Israel": 4, "Jordan": 2}, "USSR": {"Israel": 1}})
    s.apply_many(["event Arab-Israeli War", "roll 6"])  # 6 - 2 = 4: won
    assert inf(s, "US", "Israel") == 0 and inf(s, "USSR", "Israel") == 5
    assert s.data["vp"] == -2 and s.data["defcon"] == 5


def test_arab_israeli_war_blocked_by_camp_david() -> None:
    s = position(phasing="US", hands={"USSR": ["NATO"], "US": ["Arab-Israeli War"]},
                 effects={"Camp David Accords": {"until": "game", "blocks": [13]}},
                 influence={"US": {"Israel": 1}, "USSR": {}})
    s.apply("ops Arab-Israeli War")  # no event to order: straight to the ops
    assert decision(s).startswith("US: 2 ops of Arab-Israeli War")
    assert s.data["milops"]["USSR"] == 0


def test_arab_israeli_war_blocked_is_not_offered_as_event() -> None:
    s = position(hands={"USSR": ["Arab-Israeli War"], "US": ["NATO"]},
                 effects={"Camp David Accords": {"until": "game", "blocks": [13]}})
    assert "event Arab-Israeli War" not in texts(s)


# -- #16 Warsaw Pact Formed ----------------------------------------------------------------
def test_warsaw_pact_formed_removes_all_us_influence_from_four_countries() -> None:
    s = position(hands={"USSR": ["Warsaw Pact Formed"], "US": ["NATO"]},
                 influence={"US": {"Poland": 3, "Hungary": 1, "Austria": 2, "Finland": 1, "Romania": 2,
                                   "Italy": 2}, "USSR": {}})
    s.apply("event Warsaw Pact Formed")
    assert texts(s) == ["choose remove", "choose add"]
    s.apply("choose remove")
    assert "target Italy" not in texts(s) and "target Poland" in texts(s)
    s.apply_many(["target Poland", "target Austria", "target Romania"])
    assert "target Poland" not in texts(s)
    s.apply("target Hungary")
    assert [inf(s, "US", c) for c in ("Poland", "Austria", "Romania", "Hungary", "Finland")] == [0, 0, 0, 0, 1]
    assert s.current_player == "US"
    assert 16 in s.data["in_play"] and "Warsaw Pact Formed" in s.data["effects"]  # on the table


def test_warsaw_pact_formed_adds_five_at_most_two_per_country() -> None:
    s = position(hands={"USSR": ["Warsaw Pact Formed"], "US": ["NATO"]},
                 influence={"US": {}, "USSR": {}})
    s.apply_many(["event Warsaw Pact Formed", "choose add", "place Poland", "place Poland"])
    assert "place Poland" not in texts(s) and "place France" not in texts(s)
    s.apply_many(["place Hungary", "place Hungary", "place Austria"])
    assert [inf(s, "USSR", c) for c in ("Poland", "Hungary", "Austria")] == [2, 2, 1]
    assert s.current_player == "US"


def test_warsaw_pact_formed_with_little_us_influence_to_remove() -> None:
    s = position(hands={"USSR": ["Warsaw Pact Formed"], "US": ["NATO"]},
                 influence={"US": {"Poland": 1}, "USSR": {}})
    s.apply_many(["event Warsaw Pact Formed", "choose remove", "target Poland"])
    assert inf(s, "US", "Poland") == 0 and s.current_player == "US"


# -- #17 De Gaulle Leads France ------------------------------------------------------------
def test_de_gaulle_leads_france() -> None:
    s = position(hands={"USSR": ["De Gaulle Leads France"], "US": ["NATO"]},
                 influence={"US": {"France": 3}, "USSR": {}})
    s.apply("event De Gaulle Leads France")
    assert inf(s, "US", "France") == 1 and inf(s, "USSR", "France") == 1
    assert 17 in s.data["in_play"] and "De Gaulle Leads France" in s.data["effects"]  # on the table


def test_de_gaulle_leads_france_lifts_nato_protection_of_france_only() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["Containment"]},
                 effects={"NATO": {"until": "game"}, "De Gaulle Leads France": {"until": "game"}},
                 influence={"US": {"France": 4, "West Germany": 5}, "USSR": {}})
    s.apply("ops Fidel")
    assert "coup France" in texts(s) and "realign France" in texts(s)
    assert "coup West Germany" not in texts(s)


# -- #21 NATO ------------------------------------------------------------------------------
def test_nato_needs_warsaw_pact_or_marshall_plan() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["NATO"]})
    s.apply("event NATO")
    assert "NATO" not in s.data["effects"]
    assert 21 in s.data["discard"] and 21 not in s.data["removed"]  # not removed: no event


def test_nato_after_marshall_plan_protects_us_controlled_europe() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["NATO"]},
                 effects={"Marshall Plan": {"until": "game"}},
                 influence={"US": {"Italy": 3, "France": 1}, "USSR": {}})
    s.apply("event NATO")
    assert "NATO" in s.data["effects"] and 21 in s.data["in_play"]  # on the table
    s.apply("ops Fidel")
    assert "coup Italy" not in texts(s) and "realign Italy" not in texts(s)
    assert "coup France" in texts(s)  # not US-controlled


def test_nato_after_warsaw_pact_formed_event() -> None:
    s = position(hands={"USSR": ["Warsaw Pact Formed"], "US": ["NATO"]},
                 influence={"US": {"Poland": 1, "West Germany": 4}, "USSR": {}})
    s.apply_many(["event Warsaw Pact Formed", "choose remove", "target Poland"])
    s.apply("event NATO")
    assert "NATO" in s.data["effects"] and 21 in s.data["in_play"]  # on the table


# -- #22 Independent Reds ----------------------------------------------------------------
def test_independent_reds_matches_ussr_influence() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Independent Reds"]},
                 influence={"US": {"Hungary": 2}, "USSR": {"Romania": 3, "Hungary": 2, "Poland": 4}})
    s.apply("event Independent Reds")
    assert texts(s) == ["target Romania"]  # Poland is not eligible; Hungary is already even
    s.apply("target Romania")
    assert inf(s, "US", "Romania") == 3
    assert 22 in s.data["removed"] and s.current_player == "USSR"


def test_independent_reds_with_nothing_to_match() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Independent Reds"]},
                 influence={"US": {}, "USSR": {"Poland": 4}})
    s.apply("event Independent Reds")
    assert s.current_player == "USSR" and sum(s.data["inf"]["US"]) == 0


# -- #24 Indo-Pakistani War ---------------------------------------------------------------
def test_indo_pakistani_war_us_attacks_india() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Indo-Pakistani War"]},
                 influence={"US": {}, "USSR": {"India": 2, "Burma": 2}})
    s.apply("event Indo-Pakistani War")
    assert texts(s) == ["target Pakistan", "target India"]
    s.apply("target India")
    assert s.data["milops"]["US"] == 2
    s.apply("roll 5")  # 5 - 1 (Burma is USSR-controlled) = 4: won
    assert inf(s, "USSR", "India") == 0 and inf(s, "US", "India") == 2
    assert s.data["vp"] == 2
    assert 24 in s.data["discard"]


def test_indo_pakistani_war_ussr_loses() -> None:
    s = position(hands={"USSR": ["Indo-Pakistani War"], "US": ["NATO"]},
                 influence={"US": {"Pakistan": 2, "India": 3}, "USSR": {}})
    s.apply_many(["event Indo-Pakistani War", "target Pakistan", "roll 4"])  # 4 - 1 (India) = 3
    assert inf(s, "US", "Pakistan") == 2 and s.data["vp"] == 0
    assert s.data["milops"]["USSR"] == 2


def test_indo_pakistani_war_for_ops_does_not_fire() -> None:
    s = position(hands={"USSR": ["Indo-Pakistani War"], "US": ["NATO"]})
    s.apply("ops Indo-Pakistani War")
    assert s.view("USSR")["decision_kind"] == "ops" and s.data["milops"]["USSR"] == 0


# -- #26 CIA Created ---------------------------------------------------------------------
def test_cia_created_reveals_the_ussr_hand_then_one_op() -> None:
    s = position(phasing="US", hands={"USSR": ["Nasser", "Fidel"], "US": ["CIA Created"]},
                 influence={"US": {"Mexico": 1}, "USSR": {}})
    s.apply("event CIA Created")
    assert "CIA Created: USSR reveals its hand: Fidel, Nasser." in s.log
    assert s.view("US")["opponent_known"] == [8, 15]
    assert decision(s).startswith("US: 1 op of CIA Created")
    assert not any(t.startswith("space") for t in texts(s))
    s.apply("place Mexico")
    assert inf(s, "US", "Mexico") == 2
    assert 26 in s.data["removed"] and s.current_player == "USSR"


def test_cia_created_played_by_the_ussr_for_ops_gives_the_us_a_coup() -> None:
    s = position(hands={"USSR": ["CIA Created", "Fidel"], "US": ["NATO"]},
                 influence={"US": {}, "USSR": {"Panama": 1}},
                 effects={"Containment": {"until": "turn"}})
    s.apply_many(["ops CIA Created", "event CIA Created"])
    assert s.current_player == "US"
    assert decision(s).startswith("US: 2 ops of CIA Created")  # Containment applies
    s.apply_many(["coup Panama", "roll 3"])  # 3 + 2 - 4 = 1
    assert inf(s, "USSR", "Panama") == 0 and s.data["milops"]["US"] == 2
    assert s.data["defcon"] == 4  # Panama is a battleground
    assert decision(s).startswith("USSR: 1 op of CIA Created")


# -- #27 US/Japan Mutual Defense Pact -------------------------------------------------------
def test_us_japan_mutual_defense_pact() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["US/Japan Mutual Defense Pact"]},
                 influence={"US": {"Japan": 1}, "USSR": {"Japan": 2, "South Korea": 1}})
    s.apply("event US/Japan Mutual Defense Pact")
    assert inf(s, "US", "Japan") == 6  # 2 + stability 4
    assert 27 in s.data["in_play"]  # on the table
    s.apply("ops Fidel")
    assert "coup Japan" not in texts(s) and "realign Japan" not in texts(s)


def test_us_japan_mutual_defense_pact_protects_japan_even_uncontrolled() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]},
                 effects={"US/Japan Mutual Defense Pact": {"until": "game"}},
                 influence={"US": {"Japan": 1, "Taiwan": 1}, "USSR": {"Japan": 1}})
    s.apply("ops Fidel")
    assert "coup Japan" not in texts(s) and "coup Taiwan" in texts(s)


# -- #29 East European Unrest -------------------------------------------------------------
def test_east_european_unrest_early_war_one_from_each_of_three() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["East European Unrest"]},
                 influence={"US": {}, "USSR": {"Poland": 3, "East Germany": 3, "Hungary": 1, "Bulgaria": 1,
                                               "Italy": 1}})
    s.apply("event East European Unrest")
    assert "target Italy" not in texts(s)
    s.apply("target Poland")
    assert "target Poland" not in texts(s)  # three different countries
    s.apply_many(["target East Germany", "target Hungary"])
    assert [inf(s, "USSR", c) for c in ("Poland", "East Germany", "Hungary", "Bulgaria")] == [2, 2, 0, 1]
    assert s.current_player == "USSR" and 29 in s.data["discard"]


def test_east_european_unrest_late_war_two_from_each() -> None:
    s = position(turn=8, phasing="US", hands={"USSR": ["Fidel"], "US": ["East European Unrest"]},
                 influence={"US": {}, "USSR": {"Poland": 3, "East Germany": 1}})
    s.apply_many(["event East European Unrest", "target Poland", "target East Germany"])
    assert inf(s, "USSR", "Poland") == 1 and inf(s, "USSR", "East Germany") == 0
    assert s.current_player == "USSR"  # no third country holds USSR influence


# -- #31 Red Scare/Purge ------------------------------------------------------------------
def test_red_scare_purge_by_the_us_costs_the_ussr_one_op() -> None:
    s = position(phasing="US", hands={"USSR": ["COMECON", "Fidel"], "US": ["Red Scare/Purge", "NATO"]})
    s.apply("event Red Scare/Purge")
    assert s.data["effects"]["Red Scare/Purge"]["side"] == "USSR"
    s.apply("ops COMECON")
    assert decision(s).startswith("USSR: 2 ops of COMECON")
    assert 31 in s.data["discard"]


def test_red_scare_purge_never_below_one_and_the_player_is_spared() -> None:
    s = position(hands={"USSR": ["Red Scare/Purge", "Fidel"], "US": ["Truman Doctrine", "NATO"]})
    s.apply("event Red Scare/Purge")
    s.apply("ops Truman Doctrine")
    assert decision(s).startswith("US: 1 op of Truman Doctrine")
    s.apply("place Mexico")
    s.apply("ops Fidel")
    assert decision(s).startswith("USSR: 2 ops of Fidel")


def test_red_scare_purge_ends_with_the_turn() -> None:
    s = position(action_round=6, phasing="US", hands={"USSR": [], "US": ["Red Scare/Purge"]})
    s.apply("event Red Scare/Purge")
    assert s.data["turn"] == 2 and "Red Scare/Purge" not in s.data["effects"]


# -- #33 De-Stalinization -----------------------------------------------------------------
def test_de_stalinization_moves_influence_to_countries_not_us_controlled() -> None:
    s = position(hands={"USSR": ["De-Stalinization"], "US": ["NATO"]},
                 influence={"US": {"Italy": 2, "France": 1}, "USSR": {"Poland": 4, "East Germany": 3}})
    s.apply("event De-Stalinization")
    assert set(texts(s)) == {"target Poland", "target East Germany", "pass"}
    s.apply_many(["target Poland", "target Poland", "target East Germany", "pass"])
    assert inf(s, "USSR", "Poland") == 2 and inf(s, "USSR", "East Germany") == 2
    assert "place Italy" not in texts(s)  # US-controlled
    assert "place France" in texts(s) and "place Angola" in texts(s)  # no access needed
    s.apply_many(["place Angola", "place Angola"])
    assert "place Angola" not in texts(s)  # at most 2 per country
    s.apply("place France")
    assert inf(s, "USSR", "Angola") == 2 and inf(s, "USSR", "France") == 1
    assert sum(s.data["inf"]["USSR"]) == 7
    assert s.current_player == "US" and 33 in s.data["removed"]


def test_de_stalinization_at_most_four() -> None:
    s = position(hands={"USSR": ["De-Stalinization"], "US": ["NATO"]},
                 influence={"US": {}, "USSR": {"Poland": 6}})
    s.apply("event De-Stalinization")
    s.apply_many(["target Poland"] * 4)
    assert s.view("USSR")["decision_kind"] == "place_inf"
    s.apply_many(["place Cuba", "place Cuba", "place Iraq", "place Iraq"])
    assert inf(s, "USSR", "Poland") == 2 and s.current_player == "US"


def test_de_stalinization_may_move_nothing() -> None:
    s = position(hands={"USSR": ["De-Stalinization"], "US": ["NATO"]},
                 influence={"US": {}, "USSR": {"Poland": 2}})
    s.apply_many(["event De-Stalinization", "pass"])
    assert inf(s, "USSR", "Poland") == 2 and s.current_player == "US"
    assert 33 in s.data["removed"]


# -- #35 Formosan Resolution ---------------------------------------------------------------
ASIA_US = {"Japan": 4, "Taiwan": 3, "Philippines": 2}


def test_formosan_resolution_us_controlled_taiwan_scores_as_a_battleground() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Formosan Resolution", "Asia Scoring"]},
                 influence={"US": ASIA_US, "USSR": {}})
    s.apply("event Formosan Resolution")
    assert 35 in s.data["in_play"]  # on the table
    s.apply_many(["ops Fidel", "place Poland", "place Poland"])
    s.apply("event Asia Scoring")
    # Domination 7 + Japan + Taiwan; without the resolution it would be 8.
    assert s.data["vp"] == 9


def test_formosan_resolution_without_the_effect_for_comparison() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Asia Scoring"]},
                 influence={"US": ASIA_US, "USSR": {}})
    s.apply("event Asia Scoring")
    assert s.data["vp"] == 8


def test_formosan_resolution_taiwan_not_a_battleground_when_not_us_controlled() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Asia Scoring"]},
                 effects={"Formosan Resolution": {"until": "game"}},
                 influence={"US": {"Japan": 4, "Philippines": 2}, "USSR": {"Taiwan": 3}})
    s.apply("event Asia Scoring")
    # US: Domination 7 + Japan = 8; USSR: Presence 3 (Taiwan is no battleground for it).
    assert s.data["vp"] == 5


def test_formosan_resolution_coup_in_taiwan_does_not_lower_defcon() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]},
                 effects={"Formosan Resolution": {"until": "game"}},
                 influence={"US": {"Taiwan": 3}, "USSR": {}})
    s.apply_many(["ops Fidel", "coup Taiwan", "roll 6"])
    assert s.data["defcon"] == 5


def test_formosan_resolution_ends_when_the_us_plays_the_china_card() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["NATO"]},
                 china={"holder": "US", "face_up": True},
                 effects={"Formosan Resolution": {"until": "game"}},
                 influence={"US": {}, "USSR": {"Burma": 1}})
    s.apply_many(["ops The China Card", "coup Burma", "roll 1"])
    assert "Formosan Resolution" not in s.data["effects"]
    assert "Formosan Resolution no longer applies." in s.log
    assert s.data["china"] == "USSR"


def test_formosan_resolution_survives_the_ussr_playing_the_china_card() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]},
                 effects={"Formosan Resolution": {"until": "game"}},
                 influence={"US": {"Burma": 1}, "USSR": {}})
    s.apply_many(["ops The China Card", "coup Burma", "roll 1"])
    assert s.data["china"] == "US"
    assert "Formosan Resolution" in s.data["effects"]


@pytest.mark.parametrize("card", ["Formosan Resolution", "#35"])
def test_formosan_resolution_in_final_scoring(card: str) -> None:
    """Turn 10, last round: the US plays Formosan Resolution, then final
    scoring counts a US-controlled Taiwan as an Asian battleground."""
    s = position(turn=10, action_round=7, phasing="US", hands={"USSR": [], "US": [card]},
                 china={"holder": "USSR", "face_up": True},
                 influence={"US": ASIA_US, "USSR": {}}, milops={"USSR": 5, "US": 5}, defcon=5)
    s.apply(f"event {card}")
    assert s.is_terminal and s.result == "final_scoring"
    # Asia 9 for the US; every other region 0; the USSR holds The China Card: 9 - 1.
    assert s.data["vp"] == 8


def test_red_scare_purge_played_by_both_sides_in_one_turn() -> None:
    # The USSR purged the US earlier this turn; the US then plays the card
    # again (e.g. taken back with SALT Negotiations): both sides suffer.
    s = bm.from_position("twilight", {
        "options": {"events": True}, "phasing": "US",
        "effects": {"Red Scare/Purge": {"until": "turn", "side": "US"}},
        "hands": {"USSR": ["Fidel"], "US": ["Red Scare/Purge", "Nasser"]},
    })
    s.apply("event Red Scare/Purge")
    assert s.data["effects"]["Red Scare/Purge"]["side"] == "both"
    s.apply("ops Fidel")
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 1 op ")
