"""Late War events (#82-#102, without Star Wars, North Sea Oil and An Evil
Empire), each played out like a rulebook example."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import card_number
from tests.twilight.helpers import inf, placements, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def late(**pos: Any) -> bm.State:
    """A Late War position with events on (turn 8 unless given)."""
    pos.setdefault("turn", 8)
    return bm.from_position("twilight", {"options": EVENTS_ON, **pos})


def end_of_turn(**pos: Any) -> bm.State:
    """The last action round of turn 8, US to play, Military Ops done."""
    return late(**{"action_round": 7, "phasing": "US", "milops": {"USSR": 5, "US": 5}, **pos})


# -- #82 Iranian Hostage Crisis ------------------------------------------------
def test_iranian_hostage_crisis_clears_iran_and_adds_ussr_influence() -> None:
    s = late(hands={"USSR": ["Iranian Hostage Crisis"], "US": ["Wargames"]},
             influence={"US": {"Iran": 2}, "USSR": {"Iran": 1}})
    s.apply("event Iranian Hostage Crisis")
    assert inf(s, "US", "Iran") == 0 and inf(s, "USSR", "Iran") == 3
    assert "Iranian Hostage Crisis" in s.view("US")["effects"]
    assert 82 in s.data["in_play"]  # on the table


def test_iranian_hostage_crisis_fires_when_the_us_plays_it_for_ops() -> None:
    s = late(phasing="US", hands={"USSR": ["Wargames"], "US": ["Iranian Hostage Crisis"]},
             influence={"US": {"Iran": 1, "Canada": 2}, "USSR": {}})
    s.apply_many(["ops Iranian Hostage Crisis", "ops Iranian Hostage Crisis"])  # ops first
    s.apply_many(["place Iran", "place Iran", "place Iran"])
    assert inf(s, "US", "Iran") == 0 and inf(s, "USSR", "Iran") == 2
    assert 82 in s.data["in_play"]  # on the table


# -- #83 The Iron Lady ---------------------------------------------------------
def test_the_iron_lady_argentina_uk_vp_and_socialist_governments_blocked() -> None:
    s = late(phasing="US",
             hands={"USSR": ["Socialist Governments", "Wargames"], "US": ["The Iron Lady", "Terrorism"]},
             influence={"US": {"UK": 5}, "USSR": {"UK": 2}})
    s.apply("event The Iron Lady")
    assert inf(s, "USSR", "Argentina") == 1 and inf(s, "USSR", "UK") == 0
    assert s.data["vp"] == 1
    assert 83 in s.data["in_play"]  # on the table
    # The USSR may no longer play Socialist Governments for its event...
    assert "event Socialist Governments" not in texts(s)
    assert "ops Socialist Governments" in texts(s)


def test_the_iron_lady_blocks_socialist_governments_played_for_ops_by_the_us() -> None:
    s = late(phasing="US", effects={"The Iron Lady": {"until": "game", "blocks": [7]}},
             hands={"USSR": ["Wargames"], "US": ["Socialist Governments"]},
             influence={"US": {"UK": 5, "Italy": 2}, "USSR": {}})
    s.apply("ops Socialist Governments")
    assert s.view("US")["decision_kind"] == "ops"  # no event to order
    s.apply_many(["place Italy"] * 3)
    assert inf(s, "US", "Italy") == 5 and inf(s, "US", "UK") == 5
    assert 7 in s.data["discard"]


# -- #84 Reagan Bombs Libya ------------------------------------------------------
@pytest.mark.parametrize(("libya", "vp"), [(5, 2), (4, 2), (1, 0)])
def test_reagan_bombs_libya_one_vp_per_two_ussr_influence(libya: int, vp: int) -> None:
    s = late(phasing="US", hands={"USSR": ["Wargames"], "US": ["Reagan Bombs Libya"]},
             influence={"US": {}, "USSR": {"Libya": libya}})
    s.apply("event Reagan Bombs Libya")
    assert s.data["vp"] == vp
    assert inf(s, "USSR", "Libya") == libya
    assert 84 in s.data["removed"]


# -- #87 The Reformer ------------------------------------------------------------
@pytest.mark.parametrize(("vp", "count"), [(0, 4), (3, 4), (-1, 6)])
def test_the_reformer_four_or_six_influence_when_the_ussr_leads(vp: int, count: int) -> None:
    s = late(vp=vp, hands={"USSR": ["The Reformer"], "US": ["Wargames"]})
    s.apply("event The Reformer")
    assert s.view("USSR")["decision"]["prompt"] == f"USSR: place {count} USSR influence, at most 2 per country"
    s.apply_many(["place Poland", "place Poland"])
    assert "place Poland" not in texts(s)  # at most 2 per country
    assert "place Iran" not in texts(s)  # Europe only
    for c in ("Italy", "Italy", "France", "France")[: count - 2]:
        s.apply(f"place {c}")
    assert s.current_player == "US"
    assert inf(s, "USSR", "Poland") == 2
    assert 87 in s.data["in_play"]  # on the table


def test_the_reformer_forbids_ussr_coups_in_europe_but_not_realignments() -> None:
    s = late(defcon=5, hands={"USSR": ["The Reformer", "Glasnost"], "US": ["Wargames", "Terrorism"]},
             influence={"US": {"Italy": 1, "Iran": 1}, "USSR": {"Poland": 1}})
    s.apply("event The Reformer")
    s.apply_many(["place Austria"] * 2 + ["place Finland"] * 2)
    s.apply("ops Wargames")  # the US plays a card
    s.apply_many(["place Iran"] * 4)
    s.apply("ops Glasnost")
    legal = texts(s)
    assert "coup Italy" not in legal and "realign Italy" in legal
    assert "coup Iran" in legal


# -- #88 Marine Barracks Bombing ----------------------------------------------------
def test_marine_barracks_bombing_clears_lebanon_then_two_more_in_the_middle_east() -> None:
    s = late(hands={"USSR": ["Marine Barracks Bombing"], "US": ["Wargames"]},
             influence={"US": {"Lebanon": 2, "Israel": 3, "Iran": 1, "Italy": 2}, "USSR": {}})
    s.apply("event Marine Barracks Bombing")
    assert inf(s, "US", "Lebanon") == 0
    assert set(texts(s)) == {"remove Iran", "remove Israel"}  # Italy is not in the Middle East
    s.apply_many(["remove Israel", "remove Israel"])
    assert inf(s, "US", "Israel") == 1 and inf(s, "US", "Iran") == 1
    assert s.current_player == "US" and 88 in s.data["removed"]


# -- #89 Soviets Shoot Down KAL-007 --------------------------------------------------
def test_soviets_shoot_down_kal_007_with_south_korea_gives_four_ops_without_coups() -> None:
    s = late(phasing="US", defcon=4, hands={"USSR": ["Wargames"], "US": ["Soviets Shoot Down KAL-007"]},
             influence={"US": {"South Korea": 3}, "USSR": {"North Korea": 2, "Mexico": 1}})
    s.apply("event KAL-007")
    assert s.data["defcon"] == 3 and s.data["vp"] == 2
    assert s.view("US")["decision"]["prompt"].startswith("US: 4 ops")
    legal = texts(s)
    assert not any(t.startswith("coup") for t in legal)
    assert "realign Mexico" in legal and "place South Korea" in legal
    assert "realign North Korea" not in legal  # Asia is closed at DEFCON 3
    s.apply_many(["place Taiwan"] * 4)
    assert inf(s, "US", "Taiwan") == 4 and s.current_player == "USSR"
    assert 89 in s.data["removed"]


def test_soviets_shoot_down_kal_007_without_south_korea_is_only_defcon_and_vp() -> None:
    s = late(phasing="US", defcon=4, hands={"USSR": ["Wargames"], "US": ["Soviets Shoot Down KAL-007"]},
             influence={"US": {"South Korea": 1}, "USSR": {"South Korea": 1}})
    s.apply("event KAL-007")
    assert s.data["defcon"] == 3 and s.data["vp"] == 2
    assert s.current_player == "USSR"


def test_soviets_shoot_down_kal_007_played_by_the_ussr_for_ops_at_defcon_2_loses() -> None:
    s = late(defcon=2, hands={"USSR": ["Soviets Shoot Down KAL-007"], "US": ["Wargames"]})
    s.apply_many(["ops Soviets Shoot Down KAL-007", "event Soviets Shoot Down KAL-007"])
    assert s.is_terminal and s.winner == "US" and s.result == "defcon"


# -- #90 Glasnost -----------------------------------------------------------------------
def test_glasnost_without_the_reformer_vp_and_defcon_only() -> None:
    s = late(defcon=3, hands={"USSR": ["Glasnost"], "US": ["Wargames"]})
    s.apply("event Glasnost")
    assert s.data["vp"] == -2 and s.data["defcon"] == 4
    assert s.current_player == "US"
    assert 90 in s.data["removed"]


def test_glasnost_with_the_reformer_gives_four_ops_without_coups() -> None:
    s = late(defcon=3, effects={"The Reformer": {"until": "game"}},
             hands={"USSR": ["Glasnost"], "US": ["Wargames"]},
             influence={"US": {"Mexico": 1, "Iran": 1}, "USSR": {"Poland": 1, "Cuba": 1}})
    s.apply("event Glasnost")
    assert s.data["vp"] == -2 and s.data["defcon"] == 4
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 4 ops")
    legal = texts(s)
    assert not any(t.startswith("coup") for t in legal)
    assert "realign Mexico" in legal and "realign Iran" in legal
    s.apply_many(["place Poland"] * 4)
    assert inf(s, "USSR", "Poland") == 5 and s.current_player == "US"


# -- #91 Ortega Elected in Nicaragua ------------------------------------------------------
def test_ortega_elected_in_nicaragua_free_coup_next_to_nicaragua() -> None:
    s = late(defcon=3, hands={"USSR": ["Ortega Elected in Nicaragua"], "US": ["Wargames"]},
             influence={"US": {"Nicaragua": 2, "Cuba": 1, "Honduras": 1, "Mexico": 1}, "USSR": {}})
    s.apply("event Ortega Elected in Nicaragua")
    assert inf(s, "US", "Nicaragua") == 0
    assert texts(s) == ["target Honduras", "target Cuba", "pass"]  # Costa Rica holds no US influence
    s.apply("target Cuba")
    s.apply("roll 6")  # 6 + 2 ops - 2 x 3 = 2: the US loses 1, the USSR gains 1
    assert inf(s, "US", "Cuba") == 0 and inf(s, "USSR", "Cuba") == 1
    assert s.data["milops"]["USSR"] == 0  # a free coup
    assert s.data["defcon"] == 2  # Cuba is a battleground
    assert 91 in s.data["removed"]


def test_ortega_elected_in_nicaragua_the_ussr_may_decline_the_coup() -> None:
    s = late(hands={"USSR": ["Ortega Elected in Nicaragua"], "US": ["Wargames"]},
             influence={"US": {"Nicaragua": 1, "Honduras": 1}, "USSR": {}})
    s.apply_many(["event Ortega Elected in Nicaragua", "pass"])
    assert inf(s, "US", "Honduras") == 1 and s.current_player == "US"


def test_ortega_played_by_the_us_for_ops_at_defcon_2_can_make_it_lose() -> None:
    s = late(defcon=2, phasing="US", hands={"USSR": ["Wargames"], "US": ["Ortega Elected in Nicaragua"]},
             influence={"US": {"Cuba": 1, "Mexico": 1}, "USSR": {}})
    s.apply_many(["ops Ortega Elected in Nicaragua", "event Ortega Elected in Nicaragua"])
    assert s.current_player == "USSR"
    s.apply_many(["target Cuba", "roll 1"])  # fails, but DEFCON still falls in the US round
    assert s.is_terminal and s.winner == "USSR" and s.result == "defcon"


# -- #92 Terrorism -----------------------------------------------------------------------
def test_terrorism_discards_one_random_card_of_the_opponent() -> None:
    s = late(seed=3, hands={"USSR": ["Terrorism"], "US": ["Wargames", "Solidarity", "Chernobyl"]})
    s.apply("event Terrorism")
    hand = s.data["hands"]["US"]
    assert len(hand) == 2
    (lost,) = {100, 101, 94} - set(hand)
    assert s.data["discard"] == [lost, 92]  # the random card, then Terrorism (not starred)
    assert s.current_player == "US"


def test_terrorism_is_seeded() -> None:
    lost = set()
    for seed in range(12):
        s = late(seed=seed, phasing="US", hands={"US": ["Terrorism"], "USSR": ["Glasnost", "Che", "Wargames"]})
        s.apply("event Terrorism")
        again = late(seed=seed, phasing="US", hands={"US": ["Terrorism"], "USSR": ["Glasnost", "Che", "Wargames"]})
        again.apply("event Terrorism")
        assert s.data["hands"] == again.data["hands"]
        lost.add(s.data["discard"][0])
    assert lost == {90, 107, 100}


def test_terrorism_with_iranian_hostage_crisis_costs_the_us_two_cards() -> None:
    s = late(effects={"Iranian Hostage Crisis": {"until": "game"}},
             hands={"USSR": ["Terrorism"], "US": ["Wargames", "Solidarity", "Chernobyl"]})
    s.apply("event Terrorism")
    assert len(s.data["hands"]["US"]) == 1 and len(s.data["discard"]) == 3


def test_terrorism_by_the_us_ignores_iranian_hostage_crisis() -> None:
    s = late(phasing="US", effects={"Iranian Hostage Crisis": {"until": "game"}},
             hands={"USSR": ["Glasnost", "Che", "Wargames"], "US": ["Terrorism"]})
    s.apply("event Terrorism")
    assert len(s.data["hands"]["USSR"]) == 2


def test_terrorism_against_an_empty_hand() -> None:
    s = late(effects={"Iranian Hostage Crisis": {"until": "game"}}, china={"holder": "US", "face_up": True},
             hands={"USSR": ["Terrorism", "Glasnost"], "US": []})
    s.apply("event Terrorism")
    assert s.data["discard"] == [92]
    assert s.data["china"] == "US"  # never The China Card


# -- #93 Iran-Contra Scandal --------------------------------------------------------------
def test_iran_contra_scandal_us_realignments_minus_one_for_the_turn() -> None:
    s = end_of_turn(phasing="USSR", action_round=7,
                    hands={"USSR": ["Iran-Contra Scandal"], "US": ["Terrorism"]},
                    influence={"US": {"Mexico": 1}, "USSR": {"Mexico": 2}})
    s.apply("event Iran-Contra Scandal")
    assert "Iran-Contra Scandal" in s.view("US")["effects"]
    s.apply_many(["ops Terrorism", "realign Mexico", "roll 6", "roll 5"])
    # US 6 + 1 (next to the US) - 1 (Iran-Contra) = 6; USSR 5 + 1 (more influence) = 6.
    assert s.log[-1] == ("Realignment in Mexico: US rolls 6 + 1 (next to the US) - 1 (Iran-Contra Scandal) = 6; "
                         "USSR rolls 5 + 1 (more influence) = 6. A tie: no change.")
    s.apply_many(["realign Mexico", "roll 1", "roll 1"])  # the second op; then the turn ends
    assert s.data["turn"] == 9 and "Iran-Contra Scandal" not in s.data["effects"]


# -- #94 Chernobyl -------------------------------------------------------------------------
def test_chernobyl_no_ussr_ops_placement_in_the_named_region_this_turn() -> None:
    s = end_of_turn(hands={"USSR": ["Wargames"], "US": ["Chernobyl"]},
                    influence={"US": {}, "USSR": {"Poland": 1, "Iraq": 1}})
    s.apply("event Chernobyl")
    assert s.current_player == "US"
    assert "choose Europe" in texts(s) and "choose South America" in texts(s)
    s.apply("choose Europe")
    assert 94 in s.data["removed"]
    # That was the last action round: the effect ends with the turn.
    assert "Chernobyl ends." in s.log
    assert s.data["turn"] == 9 and "Chernobyl" not in s.data["effects"]


def test_chernobyl_blocks_ussr_ops_placement_but_not_events() -> None:
    s = late(phasing="US", hands={"USSR": ["Wargames", "The Reformer"], "US": ["Chernobyl", "Terrorism"]},
             influence={"US": {}, "USSR": {"Poland": 1, "Iraq": 1}})
    s.apply_many(["event Chernobyl", "choose Europe"])
    s.apply("ops Wargames")
    offered = placements(s)
    assert "Poland" not in offered and "East Germany" not in offered
    assert "Iraq" in offered and "Iran" in offered
    s.apply_many(["place Iraq"] * 4)
    s.apply("ops Terrorism")
    s.apply_many(["place Canada"] * 2)
    s.apply("event The Reformer")  # an event still adds influence in Europe
    s.apply("place Poland")
    assert inf(s, "USSR", "Poland") == 2


# -- #95 Latin American Debt Crisis ---------------------------------------------------------
def test_latin_american_debt_crisis_the_us_discards_a_three_ops_card() -> None:
    s = late(hands={"USSR": ["Latin American Debt Crisis"], "US": ["Chernobyl", "Solidarity", "Wargames"]},
             influence={"US": {}, "USSR": {"Argentina": 2, "Chile": 1}})
    s.apply("event Latin American Debt Crisis")
    assert s.current_player == "US"
    assert texts(s) == ["discard Chernobyl", "discard Wargames", "pass"]  # Solidarity is a 2
    s.apply("discard Chernobyl")
    assert 94 in s.data["discard"] and 94 not in s.data["hands"]["US"]
    assert inf(s, "USSR", "Argentina") == 2 and s.current_player == "US"
    assert 95 in s.data["discard"]  # not starred


def test_latin_american_debt_crisis_otherwise_the_ussr_doubles_two_countries() -> None:
    s = late(hands={"USSR": ["Latin American Debt Crisis"], "US": ["Chernobyl"]},
             influence={"US": {}, "USSR": {"Argentina": 2, "Chile": 1, "Peru": 3, "Cuba": 2}})
    s.apply_many(["event Latin American Debt Crisis", "pass"])
    assert s.current_player == "USSR"
    assert texts(s) == ["target Peru", "target Chile", "target Argentina"]  # board order; Cuba is not there
    s.apply("target Argentina")
    assert "target Argentina" not in texts(s)
    s.apply("target Peru")
    assert [inf(s, "USSR", c) for c in ("Argentina", "Chile", "Peru")] == [4, 1, 6]
    assert s.current_player == "US"


def test_latin_american_debt_crisis_counts_ops_modifiers() -> None:
    """Containment makes a 2-ops card a 3 (Z: the discard uses the modified value)."""
    s = late(effects={"Containment": {"until": "turn"}},
             hands={"USSR": ["Latin American Debt Crisis"], "US": ["Solidarity", "Terrorism"]},
             influence={"US": {}, "USSR": {"Argentina": 2}})
    s.apply("event Latin American Debt Crisis")
    assert texts(s) == ["discard Terrorism", "discard Solidarity", "pass"]


def test_latin_american_debt_crisis_without_a_card_to_discard() -> None:
    s = late(hands={"USSR": ["Latin American Debt Crisis"], "US": ["Solidarity"]},
             influence={"US": {}, "USSR": {"Brazil": 1}})
    s.apply("event Latin American Debt Crisis")
    assert s.current_player == "USSR" and texts(s) == ["target Brazil"]
    s.apply("target Brazil")
    assert inf(s, "USSR", "Brazil") == 2 and s.current_player == "US"


# -- #96 Tear Down This Wall ------------------------------------------------------------------
def test_tear_down_this_wall_ends_willy_brandt_and_a_free_coup_in_europe() -> None:
    s = late(defcon=3, phasing="US", effects={"Willy Brandt": {"until": "game"}},
             hands={"USSR": ["Willy Brandt"], "US": ["Tear Down This Wall"]},
             influence={"US": {}, "USSR": {"East Germany": 3, "Italy": 1}})
    s.apply("event Tear Down This Wall")
    assert "Willy Brandt" not in s.data["effects"]
    assert inf(s, "US", "East Germany") == 3
    assert texts(s) == ["choose coup", "choose realign", "pass"]
    s.apply("choose coup")  # Europe is open to it although DEFCON is 3
    assert texts(s) == ["coup Italy", "coup East Germany"]
    s.apply_many(["coup Italy", "roll 4"])  # 4 + 3 - 2 x 2 = 3
    assert inf(s, "USSR", "Italy") == 0 and inf(s, "US", "Italy") == 2
    assert s.data["milops"]["US"] == 0  # free: no Military Ops
    assert s.data["defcon"] == 2  # Italy is a battleground
    assert 96 in s.data["in_play"]  # on the table
    assert "event Willy Brandt" not in texts(s)


def test_tear_down_this_wall_free_realignments() -> None:
    s = late(defcon=2, phasing="US", hands={"USSR": ["Wargames"], "US": ["Tear Down This Wall"]},
             influence={"US": {}, "USSR": {"East Germany": 3, "Poland": 2}})
    s.apply_many(["event Tear Down This Wall", "choose realign"])
    assert texts(s) == ["realign East Germany", "realign Poland"]
    s.apply_many(["realign Poland", "roll 6", "roll 1"])
    assert inf(s, "USSR", "Poland") == 0
    s.apply_many(["realign East Germany", "roll 1", "roll 1", "realign East Germany", "roll 1", "roll 1"])
    assert s.current_player == "USSR"  # three ops spent
    assert s.data["defcon"] == 2


def test_tear_down_this_wall_may_be_declined() -> None:
    s = late(phasing="US", hands={"USSR": ["Wargames"], "US": ["Tear Down This Wall"]},
             influence={"US": {}, "USSR": {"Poland": 2}})
    s.apply_many(["event Tear Down This Wall", "pass"])
    assert inf(s, "USSR", "Poland") == 2 and s.current_player == "USSR"


def test_tear_down_this_wall_blocks_willy_brandt_for_ops_too() -> None:
    s = late(phasing="US", effects={"Tear Down This Wall": {"until": "game", "blocks": [55]}},
             hands={"USSR": ["Wargames"], "US": ["Willy Brandt"]})
    s.apply("ops Willy Brandt")
    assert s.view("US")["decision_kind"] == "ops"
    assert "Willy Brandt" not in s.data["effects"]


# -- #98 Aldrich Ames Remix ------------------------------------------------------------------
def test_aldrich_ames_remix_shows_the_us_hand_and_the_ussr_discards_one() -> None:
    s = end_of_turn(phasing="USSR", hands={"USSR": ["Aldrich Ames Remix"], "US": ["Wargames", "Solidarity"]})
    assert s.view("USSR")["opponent_known"] == []
    s.apply("event Aldrich Ames Remix")
    assert s.view("USSR")["opponent_known"] == [100, 101]
    assert texts(s) == ["discard Wargames", "discard Solidarity"]
    s.apply("discard Wargames")
    assert s.data["hands"]["US"] == [101] and 100 in s.data["discard"]
    assert "Aldrich Ames Remix" in s.data["effects"] and 98 in s.data["removed"]
    assert s.current_player == "US"
    s.apply("ops Solidarity")
    s.apply_many(["place Canada"] * 2)
    assert s.data["turn"] == 9 and "Aldrich Ames Remix" not in s.data["effects"]


def test_aldrich_ames_remix_may_take_a_scoring_card() -> None:
    s = late(hands={"USSR": ["Aldrich Ames Remix"], "US": ["Europe Scoring", "Solidarity"]})
    s.apply_many(["event Aldrich Ames Remix", "discard Europe Scoring"])
    assert 2 in s.data["discard"] and s.data["hands"]["US"] == [101]


# -- #99 Pershing II Deployed ----------------------------------------------------------------
def test_pershing_ii_deployed_vp_and_one_from_each_of_three_countries() -> None:
    s = late(hands={"USSR": ["Pershing II Deployed"], "US": ["Wargames"]},
             influence={"US": {"UK": 5, "Italy": 2, "France": 1, "Greece": 1, "Poland": 1}, "USSR": {}})
    s.apply("event Pershing II Deployed")
    assert s.data["vp"] == -1
    assert "remove Poland" not in texts(s)  # Eastern Europe
    s.apply("remove UK")
    assert "remove UK" not in texts(s)
    s.apply_many(["remove Italy", "remove France"])
    assert [inf(s, "US", c) for c in ("UK", "Italy", "France", "Greece")] == [4, 1, 0, 1]
    assert s.current_player == "US" and 99 in s.data["removed"]


# -- #100 Wargames ---------------------------------------------------------------------------
def test_wargames_above_defcon_2_does_nothing_and_is_discarded() -> None:
    s = late(defcon=3, hands={"USSR": ["Wargames"], "US": ["Terrorism"]})
    s.apply("event Wargames")
    assert not s.is_terminal and s.current_player == "US"
    assert 100 in s.data["discard"] and 100 not in s.data["removed"]


def test_wargames_at_defcon_2_the_player_ends_the_game() -> None:
    s = late(defcon=2, vp=-8, hands={"USSR": ["Wargames"], "US": ["Terrorism"]})
    s.apply("event Wargames")
    assert texts(s) == ["yes", "no"] and s.current_player == "USSR"
    s.apply("yes")
    assert s.data["vp"] == -2  # the US gains 6 first
    assert s.is_terminal and s.winner == "USSR" and s.result == "wargames"


def test_wargames_gift_can_hand_the_opponent_the_game() -> None:
    s = late(defcon=2, vp=3, phasing="US", hands={"USSR": ["Terrorism"], "US": ["Wargames"]})
    s.apply_many(["event Wargames", "yes"])
    assert s.data["vp"] == -3 and s.winner == "USSR" and s.result == "wargames"


def test_wargames_even_vp_after_the_gift_is_a_draw() -> None:
    s = late(defcon=2, vp=-6, hands={"USSR": ["Wargames"], "US": ["Terrorism"]})
    s.apply_many(["event Wargames", "yes"])
    assert s.is_terminal and s.winner is None and s.result == "wargames"


def test_wargames_declined_is_still_removed() -> None:
    s = late(defcon=2, vp=-8, hands={"USSR": ["Wargames"], "US": ["Terrorism"]})
    s.apply_many(["event Wargames", "no"])
    assert not s.is_terminal and s.data["vp"] == -8
    assert 100 in s.data["removed"]


# -- #101 Solidarity -------------------------------------------------------------------------
def test_solidarity_needs_john_paul_ii() -> None:
    s = late(phasing="US", hands={"USSR": ["Wargames"], "US": ["Solidarity"]})
    s.apply("event Solidarity")
    assert inf(s, "US", "Poland") == 0
    assert 101 in s.data["discard"] and 101 not in s.data["removed"]


def test_solidarity_with_john_paul_ii_adds_three_in_poland() -> None:
    s = late(phasing="US", effects={"John Paul II Elected Pope": {"until": "game"}},
             hands={"USSR": ["Wargames"], "US": ["Solidarity"]})
    s.apply("event Solidarity")
    assert inf(s, "US", "Poland") == 3 and 101 in s.data["removed"]


# -- #102 Iran-Iraq War ----------------------------------------------------------------------
def test_iran_iraq_war_win() -> None:
    s = late(hands={"USSR": ["Iran-Iraq War"], "US": ["Wargames"]},
             influence={"US": {"Iran": 2, "Pakistan": 2}, "USSR": {"Iraq": 1}})
    s.apply("event Iran-Iraq War")
    assert texts(s) == ["target Iraq", "target Iran"]
    s.apply("target Iran")
    assert s.data["milops"]["USSR"] == 2
    s.apply("roll 5")  # 5 - 1 (Pakistan is US-controlled) = 4: a win
    assert inf(s, "US", "Iran") == 0 and inf(s, "USSR", "Iran") == 2
    assert s.data["vp"] == -2 and 102 in s.data["removed"]


def test_iran_iraq_war_loss_by_the_us() -> None:
    s = late(phasing="US", hands={"USSR": ["Wargames"], "US": ["Iran-Iraq War"]},
             influence={"US": {}, "USSR": {"Iraq": 3, "Saudi Arabia": 3}})
    s.apply_many(["event Iran-Iraq War", "target Iraq", "roll 4"])  # 4 - 1 = 3: lost
    assert inf(s, "USSR", "Iraq") == 3 and s.data["vp"] == 0
    assert s.data["milops"]["US"] == 2


def test_late_war_cards_are_registered() -> None:
    from brinkmanship.twilight.events import REGISTRY

    mine = [82, 83, 84, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 98, 99, 100, 101, 102]
    assert not REGISTRY.missing(mine)
    assert card_number("KAL-007") == 89
