"""Mid War events #36-#58 (first half of the Mid War deck)."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def position(**fields: Any) -> bm.State:
    """A Mid War position (turn 4) with events on."""
    return bm.from_position("twilight", {"options": EVENTS_ON, "turn": 4, **fields})


def decision(s: bm.State) -> str:
    text: str = s.view(None)["decision"]["prompt"]
    return text


# ---------------------------------------------------------------------------
# #36 Brush War
# ---------------------------------------------------------------------------
def test_brush_war_ussr_beats_two_penalties_in_mexico() -> None:
    s = position(hands={"USSR": ["Brush War"], "US": ["NATO"]},
                 influence={"US": {"Mexico": 2, "Guatemala": 1}, "USSR": {}})
    s.apply("event Brush War")
    offered = set(texts(s))
    assert {"target Mexico", "target Lebanon", "target Italy"} <= offered
    assert "target France" not in offered  # stability 3
    s.apply("target Mexico")
    assert s.data["milops"]["USSR"] == 3  # win or lose
    s.apply("roll 5")  # 5 - 1 (the US next door) - 1 (US-controlled Guatemala) = 3: a win
    assert inf(s, "US", "Mexico") == 0 and inf(s, "USSR", "Mexico") == 2
    assert s.data["vp"] == -1 and s.data["defcon"] == 5
    assert 36 in s.data["discard"] and s.current_player == "US"


@pytest.mark.parametrize(("roll", "won"), [(3, False), (4, True)])
def test_brush_war_ignores_defcon_restrictions(roll: int, won: bool) -> None:
    s = position(defcon=2, phasing="US", hands={"USSR": ["Fidel"], "US": ["Brush War"]},
                 influence={"US": {}, "USSR": {"Afghanistan": 2}})
    s.apply_many(["event Brush War", "target Afghanistan"])  # Asia is closed to coups at DEFCON 2
    s.apply(f"roll {roll}")  # -1: Afghanistan touches the USSR
    assert s.data["milops"]["US"] == 3 and s.data["defcon"] == 2
    assert inf(s, "US", "Afghanistan") == (2 if won else 0)
    assert inf(s, "USSR", "Afghanistan") == (0 if won else 2)
    assert s.data["vp"] == (1 if won else 0)


def test_brush_war_nato_protects_us_controlled_europe_from_the_ussr() -> None:
    where = {"US": {"Italy": 2, "Greece": 1}, "USSR": {"Spain/Portugal": 2}}
    s = position(hands={"USSR": ["Brush War"], "US": ["NATO"]}, influence=where,
                 effects={"NATO": {"until": "game"}})
    s.apply("event Brush War")
    assert "target Italy" not in texts(s)  # US-controlled, under NATO
    assert "target Greece" in texts(s)
    s = position(hands={"USSR": ["Brush War"], "US": ["NATO"]}, influence=where)
    s.apply("event Brush War")
    assert "target Italy" in texts(s)
    # NATO never shields USSR-controlled countries from the US.
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Brush War"]}, influence=where,
                 effects={"NATO": {"until": "game"}})
    s.apply("event Brush War")
    assert {"target Italy", "target Spain/Portugal"} <= set(texts(s))


def test_brush_war_for_ops_has_no_event() -> None:
    s = position(hands={"USSR": ["Brush War"], "US": ["NATO"]})
    s.apply("ops Brush War")
    assert s.view("USSR")["decision_kind"] == "ops"


# ---------------------------------------------------------------------------
# #39 Arms Race
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("mine", "theirs", "vp"), [(3, 2, 3), (2, 1, 1), (2, 2, 0), (5, 5, 0)])
def test_arms_race(mine: int, theirs: int, vp: int) -> None:
    s = position(defcon=3, phasing="US", milops={"US": mine, "USSR": theirs},
                 hands={"USSR": ["Fidel"], "US": ["Arms Race"]})
    s.apply("event Arms Race")
    assert s.data["vp"] == vp  # 3 VP only with the DEFCON requirement (3) met
    assert 39 in s.data["discard"]


def test_arms_race_ignores_the_opponents_requirement() -> None:
    s = position(defcon=4, milops={"USSR": 4, "US": 3}, hands={"USSR": ["Arms Race"], "US": ["NATO"]})
    s.apply("event Arms Race")
    assert s.data["vp"] == -3


# ---------------------------------------------------------------------------
# #41 Nuclear Subs
# ---------------------------------------------------------------------------
def test_nuclear_subs_us_battleground_coups_keep_defcon() -> None:
    s = position(defcon=3, phasing="US",
                 hands={"USSR": ["Fidel"], "US": ["Nuclear Subs", "Arms Race"]},
                 influence={"US": {"Zaire": 1}, "USSR": {"Angola": 1}})
    s.apply("event Nuclear Subs")
    assert 41 in s.data["removed"]
    s.apply_many(["ops Fidel", "coup Zaire", "roll 1"])  # a USSR battleground coup still lowers DEFCON
    assert s.data["defcon"] == 2
    s.apply_many(["ops Arms Race", "coup Angola", "roll 1"])  # 1 + 3 - 2 = 2
    assert s.data["defcon"] == 2 and not s.is_terminal  # no nuclear war for the US
    assert inf(s, "USSR", "Angola") == 0 and inf(s, "US", "Angola") == 1
    assert s.data["milops"]["US"] == 3


def test_nuclear_subs_ends_with_the_turn() -> None:
    s = position(action_round=7, phasing="US", hands={"USSR": [], "US": ["Nuclear Subs"]})
    s.apply("event Nuclear Subs")
    assert s.data["turn"] == 5 and "Nuclear Subs" not in s.data["effects"]


# ---------------------------------------------------------------------------
# #43 SALT Negotiations
# ---------------------------------------------------------------------------
def test_salt_negotiations_takes_a_card_from_the_discard_pile() -> None:
    s = position(defcon=2, hands={"USSR": ["SALT Negotiations"], "US": ["NATO"]},
                 discard=["Korean War", "Asia Scoring", "Fidel"])
    s.apply("event SALT Negotiations")
    assert s.data["defcon"] == 4 and "SALT Negotiations" in s.data["effects"]
    assert texts(s) == ["pick Fidel", "pick Korean War", "pass"]  # never a scoring card
    s.apply("pick Korean War")
    assert s.data["hands"]["USSR"] == [11] and s.data["discard"] == [1, 8]
    assert s.view("US")["opponent_known"] == [11]  # shown to the US
    assert 43 in s.data["removed"] and s.current_player == "US"


def test_salt_negotiations_the_card_may_be_left() -> None:
    s = position(hands={"USSR": ["SALT Negotiations"], "US": ["NATO"]}, discard=["Fidel"])
    s.apply_many(["event SALT Negotiations", "pass"])
    assert s.data["discard"] == [8] and s.data["hands"]["USSR"] == []


def test_salt_negotiations_no_question_without_a_card_to_take() -> None:
    s = position(hands={"USSR": ["SALT Negotiations"], "US": ["NATO"]}, discard=["Asia Scoring"])
    s.apply("event SALT Negotiations")
    assert s.current_player == "US" and s.data["defcon"] == 5


def test_salt_negotiations_coup_rolls_lose_one_this_turn() -> None:
    s = position(defcon=3, phasing="US",
                 hands={"USSR": ["Fidel"], "US": ["SALT Negotiations", "Arms Race"]},
                 influence={"US": {}, "USSR": {"Angola": 2}})
    s.apply_many(["event SALT Negotiations", "ops Fidel", "place Angola", "place Angola"])
    s.apply_many(["ops Arms Race", "coup Angola", "roll 3"])  # (3 - 1) + 3 - 2 = 3
    assert inf(s, "USSR", "Angola") == 1 and inf(s, "US", "Angola") == 0
    assert s.data["milops"]["US"] == 3  # Military Ops are not reduced

def test_salt_negotiations_ends_with_the_turn() -> None:
    s = position(action_round=7, phasing="US", hands={"USSR": [], "US": ["SALT Negotiations"]})
    s.apply("event SALT Negotiations")
    assert s.data["turn"] == 5 and "SALT Negotiations" not in s.data["effects"]


# ---------------------------------------------------------------------------
# #45 Summit
# ---------------------------------------------------------------------------
# The USSR dominates Central America (Cuba, a battleground, and Nicaragua).
SUMMIT_BOARD = {"USSR": {"Cuba": 3, "Nicaragua": 1}, "US": {}}


def test_summit_winner_gains_2_vp_and_moves_defcon() -> None:
    s = position(defcon=3, hands={"USSR": ["Summit"], "US": ["NATO"]}, influence=SUMMIT_BOARD)
    s.apply_many(["event Summit", "roll 4", "roll 4"])  # USSR 4 + 1 region, US 4
    assert s.data["vp"] == -2
    assert s.current_player == "USSR"
    assert texts(s) == ["choose DEFCON 2", "choose DEFCON 3", "choose DEFCON 4"]
    s.apply("choose DEFCON 4")
    assert s.data["defcon"] == 4 and 45 in s.data["discard"]


def test_summit_tie_does_nothing() -> None:
    s = position(defcon=3, hands={"USSR": ["Summit"], "US": ["NATO"]}, influence=SUMMIT_BOARD)
    s.apply_many(["event Summit", "roll 3", "roll 4"])  # 3 + 1 = 4 vs 4
    assert s.data["vp"] == 0 and s.data["defcon"] == 3 and s.current_player == "US"
    assert s.log[-1] == "Summit: a tie, nothing happens."


def test_summit_defcon_cannot_rise_above_5() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Summit"]}, influence=SUMMIT_BOARD)
    s.apply_many(["event Summit", "roll 1", "roll 6"])  # 1 + 1 vs 6: the US wins
    assert s.data["vp"] == 2 and s.current_player == "US"
    assert texts(s) == ["choose DEFCON 4", "choose DEFCON 5"]


def test_summit_opponent_can_start_a_nuclear_war_on_the_phasing_players_turn() -> None:
    s = position(defcon=2, hands={"USSR": ["Summit"], "US": ["NATO"]}, influence={"US": {}, "USSR": {}})
    s.apply_many(["event Summit", "roll 1", "roll 2"])
    assert "choose DEFCON 1" in texts(s)
    s.apply("choose DEFCON 1")
    assert s.is_terminal and s.winner == "US" and s.result == "defcon"


# ---------------------------------------------------------------------------
# #46 How I Learned to Stop Worrying
# ---------------------------------------------------------------------------
def test_how_i_learned_to_stop_worrying_sets_defcon_and_milops() -> None:
    s = position(defcon=2, phasing="US", milops={"US": 1, "USSR": 2},
                 hands={"USSR": ["Fidel"], "US": ["How I Learned to Stop Worrying"]})
    s.apply("event How I Learned to Stop Worrying")
    assert texts(s) == [f"choose DEFCON {n}" for n in range(1, 6)]
    assert s.data["milops"] == {"US": 5, "USSR": 2}
    s.apply("choose DEFCON 5")
    assert s.data["defcon"] == 5 and 46 in s.data["removed"]
    assert s.current_player == "USSR"


def test_how_i_learned_to_stop_worrying_defcon_1_loses() -> None:
    s = position(defcon=4, hands={"USSR": ["How I Learned to Stop Worrying"], "US": ["NATO"]})
    s.apply_many(["event How I Learned to Stop Worrying", "choose DEFCON 1"])
    assert s.winner == "US" and s.result == "defcon"


# ---------------------------------------------------------------------------
# #47 Junta
# ---------------------------------------------------------------------------
JUNTA_BOARD = {"US": {"Panama": 1, "Venezuela": 2, "Iran": 1}, "USSR": {"Cuba": 1}}


def test_junta_places_two_then_a_free_coup() -> None:
    s = position(defcon=3, hands={"USSR": ["Junta"], "US": ["NATO"]}, influence=JUNTA_BOARD)
    s.apply("event Junta")
    assert len(texts(s)) == 20 and "target Iran" not in texts(s)  # Central and South America only
    s.apply("target Chile")
    assert inf(s, "USSR", "Chile") == 2
    assert texts(s) == ["choose coup", "choose realign", "pass"]
    s.apply("choose coup")
    assert texts(s) == ["coup Panama", "coup Venezuela"]
    s.apply_many(["coup Panama", "roll 3"])  # 3 + 2 - 4 = 1
    assert inf(s, "US", "Panama") == 0 and inf(s, "USSR", "Panama") == 0
    assert s.data["milops"]["USSR"] == 0  # free: no Military Operations
    assert s.data["defcon"] == 2  # but a battleground coup lowers DEFCON
    assert 47 in s.data["discard"] and s.current_player == "US"


def test_junta_realignments_with_the_cards_ops() -> None:
    s = position(defcon=2, phasing="US", hands={"USSR": ["Fidel"], "US": ["Junta"]},
                 influence={"US": {}, "USSR": {"Cuba": 1, "Brazil": 1, "Iran": 1}})
    s.apply_many(["event Junta", "target Mexico", "choose realign"])
    assert texts(s) == ["realign Cuba", "realign Brazil"]
    s.apply_many(["realign Brazil", "roll 5", "roll 1"])
    assert inf(s, "USSR", "Brazil") == 0
    assert texts(s) == ["realign Cuba"]  # the second op, realignments only
    s.apply_many(["realign Cuba", "roll 1", "roll 1"])
    assert s.current_player == "USSR" and s.data["milops"]["US"] == 0


def test_junta_the_coup_or_realignment_may_be_skipped() -> None:
    s = position(hands={"USSR": ["Junta"], "US": ["NATO"]}, influence=JUNTA_BOARD)
    s.apply_many(["event Junta", "target Chile", "pass"])
    assert inf(s, "US", "Panama") == 1 and s.current_player == "US"


def test_junta_no_question_without_targets() -> None:
    s = position(hands={"USSR": ["Junta"], "US": ["NATO"]}, influence={"US": {"Iran": 1}, "USSR": {}})
    s.apply_many(["event Junta", "target Chile"])
    assert s.current_player == "US"


# ---------------------------------------------------------------------------
# #48 Kitchen Debates
# ---------------------------------------------------------------------------
def test_kitchen_debates_us_ahead_in_battlegrounds() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Kitchen Debates"]},
                 influence={"US": {"Iran": 2, "Panama": 2, "Thailand": 1}, "USSR": {"Cuba": 3}})
    s.apply("event Kitchen Debates")
    assert s.data["vp"] == 2 and 48 in s.data["removed"]


def test_kitchen_debates_not_ahead_is_discarded() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Kitchen Debates"]},
                 influence={"US": {"Iran": 2}, "USSR": {"Cuba": 3}})
    s.apply("event Kitchen Debates")
    assert s.data["vp"] == 0 and 48 in s.data["discard"] and 48 not in s.data["removed"]


def test_kitchen_debates_fires_for_the_us_when_the_ussr_plays_it_for_ops() -> None:
    s = position(hands={"USSR": ["Kitchen Debates"], "US": ["NATO"]},
                 influence={"US": {"Iran": 2}, "USSR": {}})
    s.apply_many(["ops Kitchen Debates", "event Kitchen Debates"])
    assert s.data["vp"] == 2


# ---------------------------------------------------------------------------
# #51 Brezhnev Doctrine
# ---------------------------------------------------------------------------
def test_brezhnev_doctrine_adds_one_op_to_ussr_cards() -> None:
    s = position(hands={"USSR": ["Brezhnev Doctrine", "Fidel", "We Will Bury You"],
                        "US": ["Arms Race", "NATO"]})
    s.apply("event Brezhnev Doctrine")
    assert 51 in s.data["removed"]
    s.apply("ops Arms Race")  # the US is not affected
    assert decision(s).startswith("US: 3 ops")
    s.apply_many(["place Canada"] * 3)
    s.apply("ops Fidel")
    assert decision(s).startswith("USSR: 3 ops")


def test_brezhnev_doctrine_never_above_4_and_ends_with_the_turn() -> None:
    s = position(action_round=6, hands={"USSR": ["Brezhnev Doctrine", "Muslim Revolution"], "US": ["Arms Race"]})
    s.apply("event Brezhnev Doctrine")
    s.apply_many(["ops Arms Race"] + ["place Canada"] * 3)
    s.apply("ops Muslim Revolution")
    assert decision(s).startswith("USSR: 4 ops")
    s.apply_many(["place Poland"] * 4)  # then the US has no card left: the turn ends
    assert s.data["turn"] == 5 and "Brezhnev Doctrine" not in s.data["effects"]


# ---------------------------------------------------------------------------
# #52-#54: influence for the USSR
# ---------------------------------------------------------------------------
def test_portuguese_empire_crumbles() -> None:
    s = position(hands={"USSR": ["Portuguese Empire Crumbles"], "US": ["NATO"]},
                 influence={"US": {"Angola": 1}, "USSR": {}})
    s.apply("event Portuguese Empire Crumbles")
    assert inf(s, "USSR", "Angola") == 2 and inf(s, "USSR", "SE African States") == 2
    assert inf(s, "US", "Angola") == 1 and 52 in s.data["removed"]


def test_south_african_unrest_two_in_south_africa() -> None:
    s = position(hands={"USSR": ["South African Unrest"], "US": ["NATO"]})
    s.apply("event South African Unrest")
    assert texts(s) == ["choose South Africa", "choose adjacent"]
    s.apply("choose South Africa")
    assert inf(s, "USSR", "South Africa") == 2 and 53 in s.data["discard"]


def test_south_african_unrest_split_among_neighbours_chosen_by_the_ussr() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["South African Unrest"]},
                 influence={"US": {"South Africa": 1}, "USSR": {}})
    s.apply_many(["ops South African Unrest", "event South African Unrest"])
    assert s.current_player == "USSR"
    s.apply("choose adjacent")
    assert inf(s, "USSR", "South Africa") == 1
    assert texts(s) == ["place Angola", "place Botswana"]
    s.apply_many(["place Angola", "place Botswana"])
    assert inf(s, "USSR", "Angola") == 1 and inf(s, "USSR", "Botswana") == 1
    assert s.current_player == "US" and s.view("US")["decision_kind"] == "ops"


def test_south_african_unrest_both_in_one_neighbour() -> None:
    s = position(hands={"USSR": ["South African Unrest"], "US": ["NATO"]})
    s.apply_many(["event South African Unrest", "choose adjacent", "place Botswana", "place Botswana"])
    assert inf(s, "USSR", "Botswana") == 2 and inf(s, "USSR", "South Africa") == 1


def test_allende() -> None:
    s = position(hands={"USSR": ["Allende"], "US": ["NATO"]}, influence={"US": {"Chile": 1}, "USSR": {}})
    s.apply("event Allende")
    assert inf(s, "USSR", "Chile") == 2 and 54 in s.data["removed"]


# ---------------------------------------------------------------------------
# #55 Willy Brandt
# ---------------------------------------------------------------------------
def test_willy_brandt_takes_west_germany_out_of_nato() -> None:
    s = position(hands={"USSR": ["Willy Brandt", "Fidel"], "US": ["Arms Race"]},
                 influence={"US": {"West Germany": 5, "Italy": 3}, "USSR": {"East Germany": 3}},
                 effects={"NATO": {"until": "game"}})
    s.apply("event Willy Brandt")
    assert s.data["vp"] == -1 and inf(s, "USSR", "West Germany") == 1
    assert "Willy Brandt" in s.data["effects"] and 55 in s.data["in_play"]  # on the table
    s.apply_many(["ops Arms Race", "place Canada", "place Canada", "place Canada"])
    s.apply("ops Fidel")
    assert "realign West Germany" in texts(s)  # still US-controlled (5 against 1), but exempt
    assert "realign Italy" not in texts(s)  # NATO still protects the rest


def test_willy_brandt_blocked_by_tear_down_this_wall() -> None:
    wall = {"Tear Down This Wall": {"until": "game", "blocks": [55]}}
    s = position(hands={"USSR": ["Willy Brandt"], "US": ["NATO"]}, effects=wall)
    assert "event Willy Brandt" not in texts(s)
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Willy Brandt"]}, effects=wall)
    s.apply("ops Willy Brandt")  # no USSR event to order
    assert s.view("US")["decision_kind"] == "ops"
    assert s.data["vp"] == 0


# ---------------------------------------------------------------------------
# #56 Muslim Revolution
# ---------------------------------------------------------------------------
def test_muslim_revolution_clears_two_countries() -> None:
    s = position(hands={"USSR": ["Muslim Revolution"], "US": ["NATO"]},
                 influence={"US": {"Iran": 2, "Egypt": 1, "Israel": 3, "Saudi Arabia": 2}, "USSR": {}})
    s.apply("event Muslim Revolution")
    assert texts(s) == ["target Egypt", "target Iran", "target Saudi Arabia"]  # never Israel
    s.apply("target Iran")
    assert texts(s) == ["target Egypt", "target Saudi Arabia"]
    s.apply("target Saudi Arabia")
    assert [inf(s, "US", c) for c in ("Iran", "Saudi Arabia", "Egypt", "Israel")] == [0, 0, 1, 3]
    assert s.current_player == "US" and 56 in s.data["discard"]


def test_muslim_revolution_with_one_target_only() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Muslim Revolution"]},
                 influence={"US": {"Libya": 2, "Lebanon": 1}, "USSR": {}})
    s.apply_many(["ops Muslim Revolution", "event Muslim Revolution", "target Libya"])
    assert inf(s, "US", "Libya") == 0 and inf(s, "US", "Lebanon") == 1
    assert s.view("US")["decision_kind"] == "ops"


def test_muslim_revolution_blocked_by_awacs() -> None:
    s = position(hands={"USSR": ["Muslim Revolution"], "US": ["NATO"]},
                 effects={"AWACS Sale to Saudis": {"until": "game", "blocks": [56]}})
    assert "event Muslim Revolution" not in texts(s)


# ---------------------------------------------------------------------------
# #57 ABM Treaty
# ---------------------------------------------------------------------------
def test_abm_treaty_improves_defcon_then_four_ops() -> None:
    s = position(defcon=2, hands={"USSR": ["ABM Treaty"], "US": ["NATO"]},
                 influence={"US": {"Iran": 1}, "USSR": {"Iraq": 1}})
    s.apply("event ABM Treaty")
    assert s.data["defcon"] == 3
    assert decision(s).startswith("USSR: 4 ops of ABM Treaty")
    assert "space ABM Treaty" not in texts(s)
    s.apply_many(["coup Iran", "roll 2"])  # the Middle East is open at DEFCON 3; 2 + 4 - 4 = 2
    assert inf(s, "US", "Iran") == 0 and inf(s, "USSR", "Iran") == 1
    assert s.data["milops"]["USSR"] == 4 and s.data["defcon"] == 2  # an ordinary coup
    assert 57 in s.data["discard"]


def test_abm_treaty_ops_modifiers_apply() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["ABM Treaty"]},
                 effects={"Red Scare/Purge": {"until": "turn", "side": "US"}})
    s.apply("event ABM Treaty")
    assert decision(s).startswith("US: 3 ops")


# ---------------------------------------------------------------------------
# #58 Cultural Revolution
# ---------------------------------------------------------------------------
def test_cultural_revolution_takes_the_china_card_face_up() -> None:
    s = position(hands={"USSR": ["Cultural Revolution", "Fidel"], "US": ["NATO"]},
                 china={"holder": "US", "face_up": False})
    s.apply("event Cultural Revolution")
    assert s.data["china"] == "USSR" and s.data["china_up"] and s.data["vp"] == 0
    assert 58 in s.data["removed"]
    s.apply_many(["ops NATO", "place Canada", "place Canada", "place Canada", "place Canada"])
    assert "ops The China Card" in texts(s)  # usable at once


def test_cultural_revolution_ussr_already_holds_it() -> None:
    s = position(hands={"USSR": ["Cultural Revolution"], "US": ["NATO"]},
                 china={"holder": "USSR", "face_up": False})
    s.apply("event Cultural Revolution")
    assert s.data["vp"] == -1 and s.data["china"] == "USSR" and not s.data["china_up"]



def test_summit_ignores_formosan_resolution_taiwan() -> None:
    """Formosan Resolution makes Taiwan a battleground for scoring only: for
    Summit the US still dominates Asia with Taiwan as a non-battleground."""
    s = bm.from_position("twilight", {
        "options": {"events": True}, "turn": 4,
        "effects": {"Formosan Resolution": {"until": "game"}},
        "influence": {"US": {"Taiwan": 3, "South Korea": 3}, "USSR": {"Afghanistan": 2}},
        "hands": {"USSR": ["Summit"], "US": ["Fidel"]},
    })
    s.apply_many(["event Summit", "roll 3", "roll 3"])
    assert s.data["vp"] == 2
