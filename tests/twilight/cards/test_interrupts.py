"""Events that change how action rounds, headlines and turns run: UN
Intervention, Defectors, Quagmire, Bear Trap, Missile Envy, We Will Bury
You, U2 Incident, Flower Power, An Evil Empire, Cuban Missile Crisis, North
Sea Oil, NORAD, Grain Sales to Soviets, Star Wars, Ask Not."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}
TRAPPED_US = {"Quagmire": {"until": "game"}}
TRAPPED_USSR = {"Bear Trap": {"until": "game"}}


def position(**fields: Any) -> bm.State:
    """A Mid War position with events on (turn 4 unless given)."""
    return bm.from_position("twilight", {"options": EVENTS_ON, "turn": 4, **fields})


def headline(**fields: Any) -> bm.State:
    """The headline phase of a Mid War turn, events on."""
    return position(phase="headline", **fields)


# -- #32 UN Intervention ------------------------------------------------------
def test_un_intervention_cancels_the_opponent_event_and_uses_its_ops() -> None:
    s = position(defcon=3, hands={"USSR": ["UN Intervention", "Duck and Cover", "Fidel"], "US": ["NATO"]},
                 influence={"USSR": {"Poland": 1}, "US": {}})
    s.apply("event UN Intervention")
    assert texts(s) == ["ops Duck and Cover"]  # only a card with the opponent's event
    s.apply("ops Duck and Cover")
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 3 ops of Duck and Cover")
    s.apply_many(["place Poland"] * 3)
    assert inf(s, "USSR", "Poland") == 4
    assert s.data["defcon"] == 3 and s.data["vp"] == 0  # Duck and Cover did not happen
    assert {32, 4} <= set(s.data["discard"]) and s.current_player == "US"


def test_un_intervention_discards_a_starred_card_and_gets_ops_modifiers() -> None:
    s = position(phasing="US", effects={"Containment": {"until": "turn"}},
                 hands={"USSR": ["NATO"], "US": ["UN Intervention", "Fidel"]},
                 influence={"USSR": {"Cuba": 1}, "US": {"Mexico": 1}})
    s.apply_many(["event UN Intervention", "ops Fidel"])
    assert s.view("US")["decision"]["prompt"].startswith("US: 3 ops of Fidel")  # 2 + Containment
    s.apply_many(["place Cuba"] * 3)
    assert inf(s, "US", "Cuba") == 3 and inf(s, "USSR", "Cuba") == 1  # no Fidel
    assert 8 in s.data["discard"] and 8 not in s.data["removed"]


def test_un_intervention_needs_an_opponent_card_and_is_never_headlined() -> None:
    s = position(hands={"USSR": ["UN Intervention", "Fidel", "Missile Envy"], "US": ["NATO"]})
    assert "event UN Intervention" not in texts(s)  # USSR and Neutral cards only
    assert "ops UN Intervention" in texts(s)
    h = headline(hands={"USSR": ["UN Intervention", "Fidel"], "US": ["NATO"]})
    assert "headline UN Intervention" not in texts(h)
    assert texts(h) == ["headline Fidel"]


def test_un_intervention_after_u2_incident_gives_the_ussr_1_vp() -> None:
    s = position(phasing="US", effects={"U2 Incident": {"until": "turn"}},
                 hands={"USSR": ["NATO"], "US": ["UN Intervention", "Fidel"]},
                 influence={"USSR": {}, "US": {"Mexico": 1}})
    s.apply("event UN Intervention")
    assert s.data["vp"] == -1
    s.apply_many(["ops Fidel", "place Mexico", "place Mexico"])
    assert s.data["vp"] == -1 and s.current_player == "USSR"


# -- #103 Defectors -----------------------------------------------------------
def test_defectors_headline_cancels_the_ussr_headline_even_a_scoring_card() -> None:
    s = headline(hands={"USSR": ["Europe Scoring", "Fidel"], "US": ["Defectors", "NATO"]},
                 influence={"USSR": {"Poland": 4, "East Germany": 4}, "US": {}})
    s.apply_many(["headline Europe Scoring", "headline Defectors"])
    assert "Defectors: the USSR headline Europe Scoring is cancelled and discarded." in s.log
    assert s.data["vp"] == 0 and 2 in s.data["discard"] and 103 in s.data["discard"]
    assert s.data["ar"] == 1 and s.current_player == "USSR"


def test_defectors_cancels_a_higher_ops_ussr_headline() -> None:
    s = headline(hands={"USSR": ["Duck and Cover", "Fidel"], "US": ["Defectors", "NATO"]}, defcon=3)
    s.apply_many(["headline Duck and Cover", "headline Defectors"])
    assert s.data["defcon"] == 3 and s.data["vp"] == 0  # Duck and Cover (3 ops) never resolved
    assert 4 in s.data["discard"]


def test_defectors_headlined_by_the_ussr_does_nothing() -> None:
    s = headline(hands={"USSR": ["Defectors", "Fidel"], "US": ["Duck and Cover", "NATO"]}, defcon=4)
    s.apply_many(["headline Defectors", "headline Duck and Cover"])
    assert s.data["defcon"] == 3 and s.data["vp"] == 2  # Duck and Cover resolved; no VP for Defectors


def test_defectors_played_by_the_ussr_for_ops_gives_the_us_1_vp() -> None:
    s = position(hands={"USSR": ["Defectors", "Fidel"], "US": ["NATO"]},
                 influence={"USSR": {"Poland": 1}, "US": {}})
    s.apply_many(["ops Defectors", "ops Defectors", "place Poland", "place Poland"])
    assert s.data["vp"] == 1 and 103 in s.data["discard"]


def test_defectors_played_by_the_us_in_an_action_round_does_nothing() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Defectors", "NATO"]})
    s.apply("event Defectors")
    assert s.data["vp"] == 0 and s.current_player == "USSR"


def test_defectors_to_the_space_race_gives_nothing() -> None:
    s = position(hands={"USSR": ["Defectors", "Fidel"], "US": ["NATO"]})
    s.apply_many(["space Defectors", "roll 6"])
    assert s.data["vp"] == 0


# -- #42 Quagmire -------------------------------------------------------------
def test_quagmire_traps_the_us_until_it_discards_and_rolls_1_to_4() -> None:
    s = position(hands={"USSR": ["Quagmire", "Fidel", "Nasser"],
                        "US": ["NATO", "Kitchen Debates", "Panama Canal Returned", "Defectors"]},
                 effects={"NORAD": {"until": "game"}}, influence={"USSR": {"Poland": 1}, "US": {}})
    s.apply("event Quagmire")
    assert "NORAD" not in s.data["effects"] and 42 in s.data["in_play"]  # on the table
    assert texts(s) == ["discard NATO", "discard Defectors"]  # 1-op cards do not qualify
    s.apply_many(["discard Defectors", "roll 5"])
    assert "Quagmire: US rolls 5 and stays trapped." in s.log and 103 in s.data["discard"]
    s.apply_many(["ops Fidel", "place Poland", "place Poland"])  # the USSR plays on normally
    assert texts(s) == ["discard NATO"]
    s.apply_many(["discard NATO", "roll 4"])
    assert "Quagmire" not in s.data["effects"]
    s.apply_many(["ops Nasser", "place Poland"])
    assert "event Kitchen Debates" in texts(s)  # free again


def test_quagmire_uses_modified_ops_and_falls_back_on_scoring_cards() -> None:
    s = position(phasing="US", effects={**TRAPPED_US, "Red Scare/Purge": {"until": "turn", "side": "US"}},
                 hands={"USSR": ["Fidel"], "US": ["Defectors", "Asia Scoring", "Nasser"]})
    assert texts(s) == ["event Asia Scoring"]  # Defectors is worth 1 under Red Scare/Purge
    s2 = position(phasing="US", effects=TRAPPED_US, hands={"USSR": ["Fidel"], "US": ["Kitchen Debates"]},
                  china={"holder": "US", "face_up": True})
    assert texts(s2) == ["pass"]  # no qualifying card, no scoring card; not The China Card
    s2.apply("pass")
    assert s2.current_player == "USSR"


def test_quagmire_does_not_affect_the_headline_and_lasts_across_turns() -> None:
    s = position(turn=5, action_round=7, phasing="US", effects=TRAPPED_US,
                 hands={"USSR": [], "US": ["Defectors"]}, milops={"USSR": 5, "US": 5})
    s.apply_many(["discard Defectors", "roll 6"])
    assert "Quagmire" in s.data["effects"] and s.data["turn"] == 6
    assert s.view("USSR")["decision_kind"] == "headline"
    s.apply(texts(s)[0])
    assert any(t.startswith("headline") for t in texts(s))  # the US headlines freely


# -- #44 Bear Trap ------------------------------------------------------------
def test_bear_trap_traps_the_ussr_from_its_next_round() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel", "Nasser", "Europe Scoring"], "US": ["Bear Trap", "NATO"]})
    s.apply("event Bear Trap")
    assert 44 in s.data["in_play"]  # on the table
    assert texts(s) == ["discard Fidel"]  # not Nasser (1 op), not the scoring card
    s.apply_many(["discard Fidel", "roll 1"])
    assert "Bear Trap" not in s.data["effects"] and 8 in s.data["discard"]
    assert inf(s, "USSR", "Cuba") == 0  # a trap discard has no event


def test_bear_trap_only_scoring_cards_when_they_must_be_played() -> None:
    s = position(action_round=7, effects=TRAPPED_USSR,
                 hands={"USSR": ["Fidel", "Europe Scoring"], "US": ["NATO"]})
    assert texts(s) == ["event Europe Scoring"]  # last round: the scoring card comes first
    s2 = position(action_round=6, effects=TRAPPED_USSR,
                  hands={"USSR": ["Fidel", "Europe Scoring"], "US": ["NATO"]})
    assert texts(s2) == ["discard Fidel"]


# -- #49 Missile Envy ---------------------------------------------------------
def test_missile_envy_takes_the_highest_card_and_uses_an_opponent_card_for_ops() -> None:
    s = position(hands={"USSR": ["Missile Envy", "Fidel"], "US": ["NATO", "Defectors", "Kitchen Debates"]},
                 influence={"USSR": {"Poland": 1}, "US": {}})
    s.apply("event Missile Envy")
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 4 ops of NATO")
    s.apply_many(["place Poland"] * 4)
    assert "NATO" not in s.data["effects"] and 21 in s.data["discard"]  # no NATO event
    assert sorted(s.data["hands"]["US"]) == [48, 49, 103]
    assert s.view("USSR")["opponent_known"] == [49]
    assert texts(s) == ["ops Missile Envy"]  # the US must play it for ops now
    s.apply_many(["ops Missile Envy", "place Canada", "place Canada"])
    assert "Missile Envy" not in s.data["effects"] and 49 in s.data["discard"]
    assert "event Fidel" in texts(s)


def test_missile_envy_own_card_event_happens_and_ties_are_picked_by_the_giver() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel", "Vietnam Revolts", "Nasser"],
                                      "US": ["Missile Envy", "NATO"]})
    s.apply("event Missile Envy")
    assert s.current_player == "USSR" and texts(s) == ["pick Fidel", "pick Vietnam Revolts"]
    s.apply("pick Vietnam Revolts")  # a USSR card: the US uses its ops
    assert s.view("US")["decision"]["prompt"].startswith("US: 2 ops of Vietnam Revolts")
    assert inf(s, "USSR", "Vietnam") == 0

    s2 = position(phasing="US", hands={"USSR": ["Independent Reds", "Nasser"], "US": ["Missile Envy", "NATO"]},
                  influence={"USSR": {"Yugoslavia": 1}, "US": {}})
    s2.apply_many(["event Missile Envy", "target Yugoslavia"])  # a US event: it happens for the US
    assert inf(s2, "US", "Yugoslavia") == 1 and 22 in s2.data["removed"]


def test_missile_envy_cannot_be_headlined_while_it_must_be_played() -> None:
    s = headline(hands={"USSR": ["Fidel"], "US": ["Missile Envy", "NATO"]},
                 effects={"Missile Envy": {"until": "game", "side": "US"}})
    s.apply("headline Fidel")
    assert texts(s) == ["headline NATO"]


def test_missile_envy_given_away_can_be_taken_back_by_grain_sales_to_soviets() -> None:
    # The USSR gives Grain Sales to Soviets, which happens for the US at once and
    # takes a card from the USSR hand: Missile Envy itself, just handed over.
    s = position(phasing="US", hands={"USSR": ["Grain Sales to Soviets"], "US": ["Missile Envy", "NATO"]})
    s.apply("event Missile Envy")
    assert s.data["hands"]["USSR"] == [] and texts(s) == ["event Missile Envy", "ops Missile Envy", "choose return"]
    s.apply("ops Missile Envy")
    assert bm.load(s.to_json()) == s  # Missile Envy is played inside its own play, and that state loads
    s.apply_many(["place Canada", "place Canada"])
    assert sorted(s.data["discard"]) == [49, 67] and s.data["in_play"] == []
    assert "Missile Envy" not in s.data["effects"]  # the card left the USSR hand: nothing left to force


def test_missile_envy_with_an_empty_opponent_hand_does_nothing() -> None:
    s = position(phasing="US", hands={"USSR": [], "US": ["Missile Envy", "NATO"]})
    s.apply("event Missile Envy")
    assert 49 in s.data["discard"] and "Missile Envy" not in s.data["effects"]


# -- #50 We Will Bury You -----------------------------------------------------
def test_we_will_bury_you_pays_3_vp_as_the_us_plays_its_next_card() -> None:
    s = position(defcon=4, hands={"USSR": ["We Will Bury You", "Fidel"], "US": ["Duck and Cover", "NATO"]})
    s.apply("event We Will Bury You")
    assert s.data["defcon"] == 3 and s.data["vp"] == 0
    s.apply("event Duck and Cover")
    i = s.log.index("USSR gains 3 VP (We Will Bury You). VP: USSR +3.")
    assert "US gains 3 VP (Duck and Cover). VP: 0." in s.log[i:]  # the USSR's VP come first
    assert "We Will Bury You" not in s.data["effects"]


def test_we_will_bury_you_stopped_by_un_intervention() -> None:
    s = position(hands={"USSR": ["We Will Bury You", "Fidel"], "US": ["UN Intervention", "Nasser", "NATO"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply_many(["event We Will Bury You", "event UN Intervention", "ops Nasser", "place Canada"])
    assert s.data["vp"] == 0 and "We Will Bury You" not in s.data["effects"]


@pytest.mark.python_backend("it spies on the Python log list while the Python rules append to it")
def test_we_will_bury_you_is_cancelled_only_once_un_intervention_is_played() -> None:
    """#32 cancels #50 when the US plays it for its event: the card leaves
    the hand and its play is logged first, then the cancellation names it
    (an entry to all never names a card still in a hand)."""
    s = position(phasing="US", effects={"We Will Bury You": {}}, removed=["We Will Bury You"],
                 hands={"USSR": ["Decolonization"], "US": ["UN Intervention", "Fidel", "NATO"]})
    at_entry: dict[str, Any] = {}

    class Spy(list):  # type: ignore[type-arg]
        def append(self, e: dict[str, Any]) -> None:
            if e["code"] == "twilight.we_will_bury_you.cancelled":
                at_entry.update(hand=list(s.data["hands"]["US"]), in_play=list(s.data["in_play"]))
            super().append(e)

    s.data["log"] = Spy(s.data["log"])
    s.apply("event UN Intervention")
    assert at_entry == {"hand": [8, 21], "in_play": [32]}
    played = s.log.index("US plays UN Intervention for its event.")
    assert s.log[played + 1] == "We Will Bury You: the US plays UN Intervention; the USSR gains nothing."
    assert s.data["vp"] == 0 and "We Will Bury You" not in s.data["effects"]
    assert texts(s) == ["ops Fidel"]


def test_we_will_bury_you_can_win_the_game_at_the_us_round() -> None:
    s = position(vp=-17, hands={"USSR": ["We Will Bury You", "Fidel"], "US": ["NATO"]})
    s.apply("event We Will Bury You")
    assert not s.is_terminal
    s.apply("ops NATO")
    assert s.winner == "USSR" and s.result == "vp"


# -- #60 U2 Incident ----------------------------------------------------------
def test_u2_incident_one_vp_and_the_un_rider_ends_with_the_turn() -> None:
    s = position(action_round=7, hands={"USSR": ["U2 Incident"], "US": ["NATO"]}, milops={"USSR": 5, "US": 5})
    s.apply("event U2 Incident")
    assert s.data["vp"] == -1 and "U2 Incident" in s.data["effects"] and 60 in s.data["removed"]
    s.apply_many(["ops NATO"] + ["place Canada"] * 4)
    assert s.data["turn"] == 5 and "U2 Incident" not in s.data["effects"]


# -- #59 Flower Power and #97 An Evil Empire ----------------------------------
def test_flower_power_two_vp_for_each_us_war_card_not_for_space() -> None:
    s = position(phasing="US", effects={"Flower Power": {"until": "game"}},
                 hands={"USSR": ["Fidel", "Nasser"], "US": ["Indo-Pakistani War", "Korean War", "Brush War"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply("event Indo-Pakistani War")
    assert s.data["vp"] == -2  # before the war itself
    s.apply_many(["target Pakistan", "roll 1", "ops Fidel", "place Poland", "place Poland"])
    s.apply_many(["ops Korean War"])  # for ops: counts too
    assert s.data["vp"] == -4
    s.apply_many(["ops Korean War", "place Canada", "place Canada", "roll 1", "ops Nasser", "place Poland"])
    s.apply_many(["space Brush War", "roll 6"])
    assert s.data["vp"] == -4


def test_flower_power_event_and_blocked_arab_israeli_war() -> None:
    s = position(hands={"USSR": ["Flower Power", "Fidel"], "US": ["Arab-Israeli War", "NATO"]},
                 effects={"Camp David Accords": {"until": "game", "blocks": [13]}},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply("event Flower Power")
    assert "Flower Power" in s.data["effects"] and 59 in s.data["in_play"]  # on the table
    s.apply_many(["ops Arab-Israeli War", "place Canada", "place Canada"])
    assert s.data["vp"] == 0  # a war whose event may no longer be played does not count


def test_an_evil_empire_ends_and_blocks_flower_power() -> None:
    s = position(phasing="US", effects={"Flower Power": {"until": "game"}},
                 hands={"USSR": ["Flower Power", "Fidel"], "US": ["An Evil Empire", "Korean War"]},
                 influence={"USSR": {"Poland": 1}, "US": {"Canada": 1}})
    s.apply("event An Evil Empire")
    assert s.data["vp"] == 1 and "Flower Power" not in s.data["effects"] and 97 in s.data["in_play"]  # on the table
    assert "event Flower Power" not in texts(s)
    s.apply_many(["ops Flower Power"] + ["place Poland"] * 4)
    assert 59 in s.data["discard"]  # its event never happened
    s.apply_many(["ops Korean War", "ops Korean War", "place Canada", "place Canada", "roll 1"])
    assert s.data["vp"] == 1  # no Flower Power any more


# -- #40 Cuban Missile Crisis -------------------------------------------------
def test_cuban_missile_crisis_sets_defcon_2_and_a_coup_loses() -> None:
    s = position(hands={"USSR": ["Cuban Missile Crisis", "Fidel"], "US": ["NATO", "Duck and Cover"]},
                 influence={"USSR": {"Angola": 1}, "US": {"Canada": 1}})
    s.apply("event Cuban Missile Crisis")
    assert s.data["defcon"] == 2 and s.data["effects"]["Cuban Missile Crisis"]["side"] == "US"
    assert "remove West Germany" not in texts(s)  # no 2 US influence there
    s.apply_many(["ops NATO", "coup Angola"])
    assert s.winner == "USSR" and s.result == "defcon"


def test_cuban_missile_crisis_lifted_by_removing_two_influence() -> None:
    s = position(phasing="US", effects={"Cuban Missile Crisis": {"until": "turn", "side": "US"}}, defcon=2,
                 hands={"USSR": ["Fidel"], "US": ["NATO", "Duck and Cover"]},
                 influence={"USSR": {"Sudan": 1}, "US": {"Turkey": 2, "West Germany": 3}})
    assert {"remove West Germany", "remove Turkey"} <= set(texts(s))
    s.apply("remove Turkey")
    assert inf(s, "US", "Turkey") == 0 and "Cuban Missile Crisis" not in s.data["effects"]
    assert s.current_player == "US" and "remove West Germany" not in texts(s)  # still its round
    s.apply_many(["ops NATO", "coup Sudan", "roll 6"])
    assert not s.is_terminal and inf(s, "US", "Sudan") == 7


def test_cuban_missile_crisis_ussr_lifts_from_cuba() -> None:
    s = position(effects={"Cuban Missile Crisis": {"until": "turn", "side": "USSR"}},
                 hands={"USSR": ["Fidel"], "US": ["NATO"]}, influence={"USSR": {"Cuba": 3}, "US": {}})
    s.apply("remove Cuba")
    assert inf(s, "USSR", "Cuba") == 1 and "event Fidel" in texts(s)


# -- #86 North Sea Oil --------------------------------------------------------
def test_north_sea_oil_gives_the_us_an_eighth_round_this_turn_and_blocks_opec() -> None:
    s = position(turn=8, action_round=7, phasing="US", milops={"USSR": 5, "US": 5},
                 hands={"USSR": ["OPEC"], "US": ["North Sea Oil", "NATO", "Defectors"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply("event North Sea Oil")
    assert "US may take an extra action round (North Sea Oil)." in s.log
    assert s.current_player == "US" and "pass" in texts(s)
    s.apply_many(["ops Defectors", "place Canada", "place Canada"])
    assert s.data["turn"] == 9
    assert "event OPEC" not in texts(s) and s.data["effects"]["North Sea Oil"]["blocks"] == [61]


def test_north_sea_oil_extra_round_only_in_its_turn() -> None:
    s = position(turn=8, action_round=7, phasing="US", milops={"USSR": 5, "US": 5},
                 effects={"North Sea Oil": {"until": "game", "blocks": [61], "turn": 7}},
                 hands={"USSR": [], "US": ["NATO", "Defectors"]})
    s.apply_many(["ops Defectors", "place Canada", "place Canada"])
    assert s.data["turn"] == 9 and "extra action round" not in " ".join(s.log)


# -- #106 NORAD ---------------------------------------------------------------
def test_norad_adds_one_influence_when_defcon_falls_to_2() -> None:
    s = position(defcon=3, effects={"NORAD": {"until": "game"}},
                 hands={"USSR": ["Duck and Cover", "Fidel"], "US": ["NATO"]},
                 influence={"USSR": {}, "US": {"Canada": 4, "Iran": 1}})
    s.apply_many(["ops Duck and Cover", "event Duck and Cover"])  # DEFCON 2, the US gains 3
    assert s.data["defcon"] == 2 and s.view("USSR")["decision_kind"] == "ops"
    s.apply_many(["place Finland"] * 3)
    assert s.view("US")["decision_kind"] == "place_inf"  # at the end of the round
    assert set(texts(s)) == {"place Canada", "place Iran", "done"}
    s.apply("place Iran")
    assert inf(s, "US", "Iran") == 2 and s.view("US")["decision_kind"] == "action"


def test_norad_needs_canada_and_a_move_to_2() -> None:
    s = position(defcon=3, effects={"NORAD": {"until": "game"}},
                 hands={"USSR": ["Duck and Cover", "Fidel"], "US": ["NATO"]},
                 influence={"USSR": {"Canada": 1}, "US": {"Canada": 3}})
    s.apply_many(["ops Duck and Cover", "event Duck and Cover", "place Finland", "place Finland", "place Finland"])
    assert s.view("US")["decision_kind"] == "action"  # Canada is not US-controlled
    s2 = position(defcon=2, effects={"NORAD": {"until": "game"}},
                  hands={"USSR": ["Fidel"], "US": ["NATO"]}, influence={"USSR": {}, "US": {"Canada": 3}})
    s2.apply_many(["ops Fidel", "place Finland", "place Finland"])
    assert s2.view("US")["decision_kind"] == "action"  # DEFCON did not move


def test_norad_event_and_quagmire_cancels_it() -> None:
    s = position(phasing="US", hands={"USSR": ["Quagmire"], "US": ["NORAD", "NATO"]})
    s.apply("event NORAD")
    assert "NORAD" in s.data["effects"] and 106 in s.data["in_play"]  # on the table
    s.apply("event Quagmire")
    assert "NORAD" not in s.data["effects"]


# -- #67 Grain Sales to Soviets -----------------------------------------------
def test_grain_sales_to_soviets_the_us_plays_the_card_it_takes() -> None:
    s = position(phasing="US", hands={"USSR": ["Independent Reds"], "US": ["Grain Sales to Soviets", "NATO"]},
                 influence={"USSR": {"Yugoslavia": 1}, "US": {}})
    s.apply("event Grain Sales to Soviets")
    assert "Grain Sales to Soviets: the US takes Independent Reds from the USSR hand." in s.log
    assert texts(s) == ["event Independent Reds", "ops Independent Reds", "choose return"]
    s.apply_many(["event Independent Reds", "target Yugoslavia"])
    assert inf(s, "US", "Yugoslavia") == 1 and 22 in s.data["removed"] and s.data["hands"]["USSR"] == []


def test_grain_sales_to_soviets_return_the_card_and_use_two_ops() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Grain Sales to Soviets", "NATO"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply("event Grain Sales to Soviets")
    assert texts(s) == ["ops Fidel", "choose return"]  # a USSR card: ops only
    s.apply("choose return")
    assert s.data["hands"]["USSR"] == [8] and s.view("US")["opponent_known"] == [8]
    assert s.view("US")["decision"]["prompt"].startswith("US: 2 ops of Grain Sales to Soviets")


def test_grain_sales_to_soviets_a_ussr_card_for_ops_fires_its_event() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Grain Sales to Soviets", "NATO"]},
                 influence={"USSR": {}, "US": {"Cuba": 1, "Mexico": 1}})
    s.apply_many(["event Grain Sales to Soviets", "ops Fidel"])
    assert texts(s) == ["event Fidel", "ops Fidel"]  # the event before or after
    s.apply_many(["ops Fidel", "place Cuba", "place Cuba"])
    assert inf(s, "US", "Cuba") == 0 and inf(s, "USSR", "Cuba") == 3 and 8 in s.data["removed"]


def test_grain_sales_to_soviets_with_no_ussr_card_gives_ops() -> None:
    s = position(phasing="US", hands={"USSR": [], "US": ["Grain Sales to Soviets", "NATO"]})
    s.apply("event Grain Sales to Soviets")
    assert s.view("US")["decision"]["prompt"].startswith("US: 2 ops of Grain Sales to Soviets")


def test_grain_sales_to_soviets_played_by_the_ussr_does_not_trigger_we_will_bury_you() -> None:
    s = position(effects={"We Will Bury You": {"until": "game"}},
                 hands={"USSR": ["Grain Sales to Soviets", "Fidel"], "US": ["NATO"]},
                 influence={"USSR": {"Poland": 1}, "US": {"Canada": 1}})
    s.apply_many(["ops Grain Sales to Soviets", "ops Grain Sales to Soviets", "place Poland", "place Poland"])
    s.apply("ops Fidel")  # the US plays the card it took, inside the USSR's round
    assert s.data["vp"] == 0 and "We Will Bury You" in s.data["effects"]


# -- #85 Star Wars ------------------------------------------------------------
def test_star_wars_replays_an_event_from_the_discard_pile() -> None:
    s = position(turn=8, phasing="US", space={"US": 3, "USSR": 2},
                 discard=["Independent Reds", "Europe Scoring", "Fidel"],
                 hands={"USSR": ["OPEC"], "US": ["Star Wars", "NATO"]},
                 influence={"USSR": {"Yugoslavia": 1}, "US": {"Cuba": 2}})
    s.apply("event Star Wars")
    assert texts(s) == ["pick Fidel", "pick Independent Reds"]  # no scoring cards
    s.apply_many(["pick Independent Reds", "target Yugoslavia"])
    assert inf(s, "US", "Yugoslavia") == 1
    assert {22, 85} <= set(s.data["removed"]) and 22 not in s.data["discard"]


def test_star_wars_a_ussr_event_happens_for_the_ussr() -> None:
    s = position(turn=8, phasing="US", space={"US": 1}, discard=["Fidel"],
                 hands={"USSR": ["OPEC"], "US": ["Star Wars", "NATO"]},
                 influence={"USSR": {}, "US": {"Cuba": 2}})
    s.apply_many(["event Star Wars", "pick Fidel"])
    assert inf(s, "USSR", "Cuba") == 3 and 8 in s.data["removed"]


def test_star_wars_not_ahead_in_space_is_discarded() -> None:
    s = position(turn=8, phasing="US", space={"US": 2, "USSR": 2}, discard=["Fidel"],
                 hands={"USSR": ["OPEC"], "US": ["Star Wars", "NATO"]})
    s.apply("event Star Wars")
    assert 85 in s.data["discard"] and 8 in s.data["discard"] and s.current_player == "USSR"


# -- #77 Ask Not What Your Country Can Do For You -----------------------------
def test_ask_not_what_your_country_can_do_for_you_discard_then_draw_as_many() -> None:
    s = position(phasing="US", deck=["Nasser", "Allende", "Brush War"],
                 hands={"USSR": ["Fidel"], "US": ["Ask Not What Your Country Can Do For You", "NATO",
                                                  "Europe Scoring", "Defectors"]})
    s.apply("event Ask Not What Your Country Can Do For You")
    assert texts(s) == ["discard Europe Scoring", "discard NATO", "discard Defectors", "pass"]
    s.apply_many(["discard Europe Scoring", "discard Defectors", "pass"])
    assert sorted(s.data["hands"]["US"]) == [15, 21, 54]  # NATO kept, Nasser and Allende drawn
    assert {2, 103} <= set(s.data["discard"]) and 77 in s.data["removed"]
    assert s.current_player == "USSR"


@pytest.mark.parametrize("n", [0, 2])
def test_ask_not_what_your_country_can_do_for_you_discarding_all_or_none(n: int) -> None:
    s = position(phasing="US", deck=["Nasser", "Allende"],
                 hands={"USSR": ["Fidel"], "US": ["Ask Not What Your Country Can Do For You", "NATO", "Defectors"]})
    s.apply("event Ask Not What Your Country Can Do For You")
    if n:
        s.apply_many(["discard NATO", "discard Defectors"])  # the hand is empty: the draw follows
    else:
        s.apply("pass")
    assert len(s.data["hands"]["US"]) == 2 and len(s.data["deck"]) == 2 - n


# -- interactions -------------------------------------------------------------
def test_defectors_pulled_by_a_five_year_plan_headline_cancels_the_waiting_ussr_headline() -> None:
    s = headline(hands={"USSR": ["Fidel", "Defectors"], "US": ["Five Year Plan", "NATO"]},
                 influence={"USSR": {}, "US": {"Cuba": 1}})
    s.apply_many(["headline Fidel", "headline Five Year Plan"])  # 3 ops: resolves first
    assert "Defectors: the USSR headline Fidel is cancelled and discarded." in s.log
    assert inf(s, "US", "Cuba") == 1 and 8 in s.data["discard"] and s.data["vp"] == 0


def test_trapped_side_holding_missile_envy_must_discard_it() -> None:
    s = position(phasing="US", effects={**TRAPPED_US, "Missile Envy": {"until": "game", "side": "US"}},
                 hands={"USSR": ["Fidel"], "US": ["Missile Envy", "NATO"]})
    assert texts(s) == ["discard Missile Envy"]
    s.apply_many(["discard Missile Envy", "roll 6"])
    assert "Missile Envy" not in s.data["effects"] and 49 in s.data["discard"]


def test_missile_envy_waits_while_scoring_cards_must_be_played() -> None:
    s = position(action_round=7, effects={"Missile Envy": {"until": "game", "side": "USSR"}},
                 hands={"USSR": ["Missile Envy", "Asia Scoring"], "US": ["NATO"]})
    assert texts(s) == ["event Asia Scoring"]


def test_we_will_bury_you_when_the_us_has_no_card_to_play() -> None:
    s = position(hands={"USSR": ["We Will Bury You", "Fidel"], "US": []})
    s.apply("event We Will Bury You")
    assert s.data["vp"] == -3 and "US has no card to play and passes." in s.log


def test_flower_power_counts_a_us_war_headline_and_a_un_intervention_war() -> None:
    s = headline(effects={"Flower Power": {"until": "game"}},
                 hands={"USSR": ["Fidel"], "US": ["Indo-Pakistani War", "NATO"]})
    s.apply_many(["headline Fidel", "headline Indo-Pakistani War"])
    assert s.data["vp"] == -2
    s2 = position(phasing="US", effects={"Flower Power": {"until": "game"}},
                  hands={"USSR": ["Fidel"], "US": ["UN Intervention", "Korean War"]},
                  influence={"USSR": {}, "US": {"Canada": 1}})
    s2.apply_many(["event UN Intervention", "ops Korean War"])
    assert s2.data["vp"] == -2 and s2.data["milops"]["USSR"] == 0  # the war itself is cancelled


def test_grain_sales_to_soviets_a_scoring_card_may_be_played_by_the_us() -> None:
    s = position(phasing="US", hands={"USSR": ["Middle East Scoring"], "US": ["Grain Sales to Soviets", "NATO"]},
                 influence={"USSR": {}, "US": {"Israel": 4}})
    s.apply("event Grain Sales to Soviets")
    assert texts(s) == ["event Middle East Scoring", "choose return"]
    s.apply("event Middle East Scoring")
    assert s.data["vp"] == 4  # presence 3 + 1 battleground


def test_space_station_and_north_sea_oil_give_one_extra_round() -> None:
    s = position(turn=8, action_round=7, phasing="US", space={"US": 8, "USSR": 0}, milops={"USSR": 5, "US": 5},
                 hands={"USSR": [], "US": ["North Sea Oil", "NATO", "Defectors"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply("event North Sea Oil")
    assert "US may take an extra action round (Space Station)." in s.log
    s.apply_many(["ops Defectors", "place Canada", "place Canada"])
    assert texts(s) == ["discard NATO", "pass"]  # Eagle Has Landed (box 6), not a 9th round
    s.apply("pass")
    assert s.data["turn"] == 9


def test_defectors_paired_with_un_intervention_gives_no_vp() -> None:
    s = position(hands={"USSR": ["UN Intervention", "Defectors"], "US": ["NATO"]},
                 influence={"USSR": {"Poland": 1}, "US": {}})
    s.apply_many(["event UN Intervention", "ops Defectors", "place Poland", "place Poland"])
    assert s.data["vp"] == 0 and {32, 103} <= set(s.data["discard"])


def test_north_sea_oil_blocks_headlining_opec() -> None:
    s = bm.from_position("twilight", {
        "options": {"events": True}, "turn": 8, "phase": "headline",
        "effects": {"North Sea Oil": {"until": "game", "blocks": [61], "turn": 7}},
        "hands": {"USSR": ["OPEC", "Fidel"], "US": ["NATO", "Duck and Cover"]},
    })
    assert [a.text for a in s.legal_actions()] == ["headline Fidel"]
