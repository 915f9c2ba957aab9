"""Victory conditions (rule 10.3) and the end-of-turn checks that can end the game.

Covered: 20 VP wins at once (from scoring, the Space Race or the Military
Operations check; result "vp"); Control of Europe when Europe is scored wins
(result "europe"); a side holding a scoring card at the end of a turn loses
(result "scoring_card_held"), checked before the Military Operations VP (the
10.3.1 exception), a draw when both hold one (engine policy); final scoring
after turn 10: all six regions in order, Southeast Asia only inside Asia, 1 VP
for The China Card holder, 20 VP during final scoring is not an automatic win
but Control of Europe is, the winner by the sign of the VP marker and a draw at
0 (result "final_scoring").
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.twilight.helpers import ops_only

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

Influence = dict[str, dict[str, int]]


def play_ops(s: bm.State, card: str, country: str) -> None:
    side = s.current_player
    s.apply(f"ops {card}")
    while not s.is_terminal and s.current_player == side and s.data["stack"][-1]["f"] == "ops":
        s.apply(f"place {country}")


def assert_over(s: bm.State, winner: str | None, result: str) -> None:
    assert s.is_terminal
    assert s.current_player is None
    assert s.legal_actions() == []
    assert s.winner == winner
    assert s.result == result
    with pytest.raises(bm.IllegalActionError):
        s.apply("pass")


# -- 20 VP ------------------------------------------------------------------------------


def test_us_scoring_to_twenty_one_wins_at_once() -> None:
    # US +17 plays South America Scoring: domination 5 + 2 battlegrounds = 7 against USSR 2 + 1 = 3.
    s = ops_only({
        "turn": 5, "action_round": 3, "phasing": "US", "vp": 17,
        "influence": {"US": {"Venezuela": 2, "Brazil": 2, "Colombia": 1}, "USSR": {"Chile": 3}},
        "hands": {"US": ["South America Scoring", "NATO"], "USSR": ["Fidel"]},
    })
    s.apply("event South America Scoring")
    assert s.data["vp"] == 21
    assert s.log[-1] == "US reaches 20 VP and wins."
    assert_over(s, "US", "vp")


def test_ussr_reaching_exactly_twenty_wins() -> None:
    # USSR +16 plays Africa Scoring: domination 4 + 2 = 6 against US presence 1 + 1 = 2.
    s = ops_only({
        "turn": 5, "action_round": 3, "phasing": "USSR", "vp": -16,
        "influence": {"USSR": {"Angola": 1, "Zaire": 1, "Ethiopia": 1}, "US": {"South Africa": 3}},
        "hands": {"USSR": ["Africa Scoring", "Fidel"], "US": ["NATO"]},
    })
    s.apply("event Africa Scoring")
    assert s.data["vp"] == -20
    assert_over(s, "USSR", "vp")


def test_nineteen_vp_is_not_enough() -> None:
    s = ops_only({
        "turn": 5, "action_round": 3, "phasing": "USSR", "vp": -16,
        "influence": {"USSR": {"Angola": 1, "Zaire": 1}, "US": {"South Africa": 3}},
        "hands": {"USSR": ["Africa Scoring", "Fidel"], "US": ["NATO"]},
    })
    s.apply("event Africa Scoring")  # USSR 1 + 2 = 3 against US 1 + 1 = 2
    assert s.data["vp"] == -17
    assert not s.is_terminal
    assert s.current_player == "US"


def test_space_race_vp_can_win() -> None:
    s = ops_only({
        "turn": 2, "action_round": 2, "phasing": "USSR", "vp": -18,
        "hands": {"USSR": ["Decolonization", "Fidel"], "US": ["NATO"]},
    })
    s.apply("space Decolonization")
    s.apply("roll 1")
    assert s.data["vp"] == -20
    assert_over(s, "USSR", "vp")


def test_military_operations_shortfall_can_push_vp_to_twenty() -> None:
    # DEFCON 3 at the end of turn 2: the USSR conducted 1 Military Operation, the US 3.
    s = ops_only({
        "turn": 2, "action_round": 6, "phasing": "US", "vp": 18, "defcon": 3,
        "milops": {"USSR": 1, "US": 3},
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
    })
    play_ops(s, "Truman Doctrine", "Canada")
    assert "USSR is 2 short of the required 3 Military Operations." in s.log
    assert s.data["vp"] == 20
    assert_over(s, "US", "vp")


def test_military_operations_shortfall_for_the_us() -> None:
    s = ops_only({
        "turn": 6, "action_round": 7, "phasing": "US", "vp": -15, "defcon": 5,
        "milops": {"USSR": 5, "US": 0},
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
    })
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.data["vp"] == -20
    assert_over(s, "USSR", "vp")


# -- Control of Europe -----------------------------------------------------------------------


EUROPE_US_CONTROL: Influence = {
    # US: all 5 battlegrounds and the UK; USSR: Romania only.
    "US": {"France": 3, "Italy": 2, "West Germany": 4, "East Germany": 3, "Poland": 3, "UK": 5},
    "USSR": {"Romania": 3},
}


def test_us_control_of_europe_wins_when_europe_is_scored() -> None:
    s = ops_only({
        "turn": 2, "action_round": 1, "phasing": "USSR", "vp": -15,
        "influence": EUROPE_US_CONTROL,
        "hands": {"USSR": ["Europe Scoring", "Fidel"], "US": ["NATO"]},
    })
    # The USSR plays it (it is ahead on VP): the US still wins.
    s.apply("event Europe Scoring")
    assert s.log[-1] == "US controls Europe and wins."
    assert s.data["vp"] == -15
    assert_over(s, "US", "europe")


def test_ussr_control_of_europe_wins_from_the_headline() -> None:
    # USSR: all 5 battlegrounds and Bulgaria (6 countries); US: UK, Canada, Norway (3).
    s = ops_only({
        "turn": 2, "phase": "headline", "vp": 12,
        "influence": {
            "USSR": {"France": 3, "Italy": 2, "West Germany": 4, "East Germany": 3, "Poland": 3, "Bulgaria": 3},
            "US": {"UK": 5, "Canada": 4, "Norway": 4},
        },
        "hands": {"USSR": ["Europe Scoring", "Fidel"], "US": ["NATO", "Duck and Cover"]},
    })
    s.apply("headline Europe Scoring")
    s.apply("headline NATO")
    assert_over(s, "USSR", "europe")


def test_control_of_another_region_does_not_win() -> None:
    s = ops_only({
        "turn": 5, "action_round": 1, "phasing": "USSR",
        "influence": {"USSR": {"Libya": 2, "Egypt": 2, "Israel": 4, "Iraq": 3, "Iran": 2,
                               "Saudi Arabia": 3, "Syria": 2}, "US": {}},
        "hands": {"USSR": ["Middle East Scoring", "Fidel"], "US": ["NATO"]},
    })
    s.apply("event Middle East Scoring")
    assert s.data["vp"] == -13
    assert not s.is_terminal


# -- Holding a scoring card ------------------------------------------------------------------------


def test_holding_a_scoring_card_at_turn_end_loses() -> None:
    # USSR, last action round, two scoring cards: it can play only one of them.
    s = ops_only({
        "turn": 2, "action_round": 6, "phasing": "USSR", "vp": 10,
        "influence": {"US": {}, "USSR": {}},
        "hands": {"USSR": ["Asia Scoring", "Europe Scoring"], "US": ["Truman Doctrine"]},
    })
    assert [a.text for a in s.legal_actions()] == ["event Asia Scoring", "event Europe Scoring"]
    s.apply("event Asia Scoring")
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.log[-1] == "USSR holds a scoring card at the end of the turn and loses."
    assert_over(s, "US", "scoring_card_held")


def test_us_holding_a_scoring_card_loses() -> None:
    s = ops_only({
        "turn": 6, "action_round": 7, "phasing": "US", "vp": 5,
        "hands": {"USSR": [], "US": ["Africa Scoring", "Central America Scoring"]},
    })
    s.apply("event Africa Scoring")
    assert_over(s, "USSR", "scoring_card_held")


def test_both_sides_holding_a_scoring_card_is_a_draw() -> None:
    s = ops_only({
        "turn": 2, "action_round": 6, "phasing": "USSR",
        "influence": {"US": {}, "USSR": {}},
        "hands": {"USSR": ["Asia Scoring", "Europe Scoring"],
                  "US": ["Middle East Scoring", "Southeast Asia Scoring"]},
    })
    s.apply("event Asia Scoring")
    s.apply("event Middle East Scoring")
    assert_over(s, None, "scoring_card_held")


def test_a_held_scoring_card_beats_twenty_vp_from_military_operations() -> None:
    # The US would reach 20 VP from the USSR's shortfall, but it holds a scoring card (10.3.1).
    s = ops_only({
        "turn": 2, "action_round": 6, "phasing": "US", "vp": 18, "defcon": 3,
        "milops": {"USSR": 1, "US": 3},
        "influence": {"US": {}, "USSR": {}},
        "hands": {"USSR": [], "US": ["Asia Scoring", "Europe Scoring"]},
    })
    s.apply("event Asia Scoring")
    assert s.data["vp"] == 18
    assert_over(s, "USSR", "scoring_card_held")


# -- Final scoring -------------------------------------------------------------------------------------


def final_turn(influence: Influence, vp: int = 0, china: str = "USSR", **extra: Any) -> bm.State:
    """Turn 10, the US plays its last card (1 Op in Canada); no Military Operations shortfall."""
    pos: dict[str, Any] = {
        "turn": 10, "action_round": 7, "phasing": "US", "vp": vp, "influence": influence,
        "milops": {"USSR": 5, "US": 5}, "china": {"holder": china, "face_up": True},
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
    }
    pos.update(extra)
    s = ops_only(pos)
    play_ops(s, "Truman Doctrine", "Canada")
    return s


def test_final_scoring_every_region_then_the_china_card() -> None:
    # Southeast Asia is scored only as part of Asia: Vietnam counts as a USSR country there.
    s = final_turn({
        "US": {"UK": 5, "Israel": 4, "Panama": 2, "Venezuela": 2, "Colombia": 1},
        "USSR": {"North Korea": 3, "Vietnam": 1, "Angola": 1, "Zaire": 1, "Ethiopia": 1},
    }, china="US")
    start = s.log.index("=== Final scoring ===")
    assert s.log[start + 1:] == [
        "Europe scoring: USSR no presence, 0 VP; US Presence 3 VP.",
        "US gains 3 VP (Europe scoring). VP: US +3.",
        "Asia scoring: USSR Domination 7 + 1 battleground = 8 VP; US no presence, 0 VP.",
        "US loses 8 VP (Asia scoring). VP: USSR +5.",
        "Middle East scoring: USSR no presence, 0 VP; US Presence 3 + 1 battleground = 4 VP.",
        "US gains 4 VP (Middle East scoring). VP: USSR +1.",
        "Africa scoring: USSR Domination 4 + 2 battlegrounds = 6 VP; US no presence, 0 VP.",
        "US loses 6 VP (Africa scoring). VP: USSR +7.",
        "Central America scoring: USSR no presence, 0 VP; US Presence 1 + 1 battleground = 2 VP.",
        "US gains 2 VP (Central America scoring). VP: USSR +5.",
        "South America scoring: USSR no presence, 0 VP; US Domination 5 + 1 battleground = 6 VP.",
        "US gains 6 VP (South America scoring). VP: US +1.",
        "US gains 1 VP (The China Card). VP: US +2.",
        "Final VP US +2: US wins.",
    ]
    assert s.data["vp"] == 2
    assert_over(s, "US", "final_scoring")


def test_final_scoring_china_card_vp_decides_the_game() -> None:
    s = final_turn({"US": {}, "USSR": {}}, china="US")
    assert s.data["vp"] == 1
    assert_over(s, "US", "final_scoring")


def test_the_china_card_counts_even_face_down() -> None:
    # The USSR played it this turn: the US holds it face down until the end of the turn.
    s = ops_only({
        "turn": 10, "action_round": 7, "phasing": "US", "vp": 2,
        "influence": {"US": {}, "USSR": {}},
        "milops": {"USSR": 5, "US": 5}, "china": {"holder": "US", "face_up": False},
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
    })
    play_ops(s, "Truman Doctrine", "Canada")
    assert "The China Card turns face up (US)." in s.log
    assert s.data["vp"] == 3
    assert_over(s, "US", "final_scoring")


def test_final_scoring_draw_at_zero() -> None:
    s = final_turn({"US": {}, "USSR": {}}, vp=-1, china="US")
    assert s.data["vp"] == 0
    assert s.log[-1] == "Final VP 0: the game is drawn."
    assert_over(s, None, "final_scoring")


def test_twenty_vp_during_final_scoring_is_not_an_automatic_win() -> None:
    # US +17; Europe (US domination 7 + 1 = 8) takes it to US +25, then Asia
    # (USSR Control 9 + 6 + 1 = 16) and the Middle East (USSR Control 7 + 6 = 13) turn it round.
    s = final_turn({
        "US": {"UK": 5, "France": 3},
        "USSR": {"Pakistan": 2, "India": 3, "Japan": 4, "South Korea": 3, "North Korea": 3, "Thailand": 2,
                 "Libya": 2, "Egypt": 2, "Israel": 4, "Iraq": 3, "Iran": 2, "Saudi Arabia": 3},
    }, vp=17)
    assert "US gains 8 VP (Europe scoring). VP: US +25." in s.log
    assert "US reaches 20 VP and wins." not in s.log
    assert s.data["vp"] == 25 - 16 - 13 - 1
    assert_over(s, "USSR", "final_scoring")


def test_control_of_europe_still_wins_in_final_scoring() -> None:
    # The USSR is far ahead elsewhere, but the US controls Europe.
    s = final_turn({
        "US": EUROPE_US_CONTROL["US"],
        "USSR": {"Romania": 3, "Libya": 2, "Egypt": 2, "Israel": 4, "Iraq": 3, "Iran": 2, "Saudi Arabia": 3},
    }, vp=-18)
    assert s.log[-1] == "US controls Europe and wins."
    assert not any(x.startswith("Middle East scoring") for x in s.log)
    assert_over(s, "US", "europe")


def test_a_held_scoring_card_at_the_end_of_turn_10_loses_before_final_scoring() -> None:
    s = ops_only({
        "turn": 10, "action_round": 7, "phasing": "US", "vp": 10,
        "milops": {"USSR": 5, "US": 5},
        "hands": {"USSR": ["Asia Scoring"], "US": ["Truman Doctrine"]},
    })
    play_ops(s, "Truman Doctrine", "Canada")
    assert "=== Final scoring ===" not in s.log
    assert_over(s, "US", "scoring_card_held")
