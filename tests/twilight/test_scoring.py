"""Regional scoring (rule 10.1) with the seven scoring cards, and the rule that
scoring cards must be played (5, 9.5).

Covered: control of a country (own influence - opponent's >= stability);
Presence, Domination (more countries and more battlegrounds, with at least one
battleground and one non-battleground) and Control (every battleground and more
countries); +1 VP per controlled battleground; +1 VP per controlled country next
to the enemy superpower (Europe: Finland, Poland, Romania for the US, Canada for
the USSR; Asia: North Korea, Afghanistan for the US, Japan for the USSR; Central
America: Mexico, Cuba for the USSR); only the net difference moves the VP
marker; Southeast Asia scores 1 VP per controlled country and 2 for Thailand and
is removed after play, the other scoring cards are discarded; a worked example
per region. Forced play: a side holding as many scoring cards as it has action
rounds left (the optional Space Station round not counted) may only play
scoring events.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import card_number
from tests.twilight.helpers import ops_only, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

Influence = dict[str, dict[str, int]]


def score(card: str, influence: Influence, vp: int = 0, side: str = "USSR") -> bm.State:
    """``side`` plays ``card`` for its event in action round 1 of turn 5."""
    other = "US" if side == "USSR" else "USSR"
    s = ops_only({
        "turn": 5, "action_round": 1, "phasing": side, "vp": vp, "influence": influence,
        "hands": {side: [card, "Olympic Games"], other: ["Summit"]},
    })
    s.apply(f"event {card}")
    return s


# -- Europe -------------------------------------------------------------------------


def test_europe_scoring_us_domination_with_finland() -> None:
    # US: UK, France, West Germany, Italy, Finland = 5 countries, 3 battlegrounds,
    # Finland next to the USSR. USSR: East Germany, Poland = 2 battlegrounds
    # (Poland is next to the USSR's own space: no bonus for the USSR).
    s = score("Europe Scoring", {
        "US": {"UK": 5, "France": 3, "West Germany": 4, "Italy": 2, "Finland": 4},
        "USSR": {"East Germany": 3, "Poland": 3},
    })
    # US 7 + 3 + 1 = 11; USSR 3 + 2 = 5; net US +6.
    assert ("Europe scoring: USSR Presence 3 + 2 battlegrounds = 5 VP; "
            "US Domination 7 + 3 battlegrounds + 1 next to the USSR = 11 VP.") in s.log
    assert s.data["vp"] == 6
    assert s.data["discard"] == [card_number("Europe Scoring")]
    assert not s.is_terminal


def test_europe_scoring_ussr_domination_with_canada() -> None:
    # USSR: Canada, East Germany, Poland, Hungary = 4 countries, 2 battlegrounds,
    # Canada next to the US. US: France, UK = 2 countries, 1 battleground.
    s = score("Europe Scoring", {
        "USSR": {"Canada": 4, "East Germany": 3, "Poland": 3, "Hungary": 3},
        "US": {"France": 3, "UK": 5},
    }, vp=2)
    # USSR 7 + 2 + 1 = 10; US 3 + 1 = 4; net USSR +6 from US +2.
    assert ("Europe scoring: USSR Domination 7 + 2 battlegrounds + 1 next to the US = 10 VP; "
            "US Presence 3 + 1 battleground = 4 VP.") in s.log
    assert s.data["vp"] == -4


def test_europe_scoring_us_presence_with_poland_romania_and_finland() -> None:
    # US: Poland, Romania, Finland, West Germany (2 battlegrounds, 3 next to the USSR).
    # USSR: East Germany, Italy, Bulgaria (2 battlegrounds). Equal battlegrounds: no domination.
    s = score("Europe Scoring", {
        "US": {"Poland": 3, "Romania": 3, "Finland": 4, "West Germany": 4},
        "USSR": {"East Germany": 3, "Italy": 2, "Bulgaria": 3},
    })
    # US 3 + 2 + 3 = 8; USSR 3 + 2 = 5.
    assert ("Europe scoring: USSR Presence 3 + 2 battlegrounds = 5 VP; "
            "US Presence 3 + 2 battlegrounds + 3 next to the USSR = 8 VP.") in s.log
    assert s.data["vp"] == 3


def test_all_european_battlegrounds_without_more_countries_is_not_control() -> None:
    # USSR: the 5 battlegrounds. US: 5 non-battlegrounds. Not more countries: Presence only.
    s = score("Europe Scoring", {
        "USSR": {"France": 3, "Italy": 2, "West Germany": 4, "East Germany": 3, "Poland": 3},
        "US": {"UK": 5, "Canada": 4, "Norway": 4, "Sweden": 4, "Denmark": 3},
    })
    assert "Europe scoring: USSR Presence 3 + 5 battlegrounds = 8 VP; US Presence 3 VP." in s.log
    assert s.data["vp"] == -5
    assert not s.is_terminal


def test_influence_without_control_is_not_presence() -> None:
    # Italy: USSR 3, US 2, stability 2: a lead of 1 is not control.
    s = score("Europe Scoring", {
        "USSR": {"Italy": 3},
        "US": {"Italy": 2, "Greece": 2},
    })
    assert "Europe scoring: USSR no presence, 0 VP; US Presence 3 VP." in s.log
    assert s.data["vp"] == 3


# -- Asia ---------------------------------------------------------------------------------


def test_asia_scoring_more_countries_but_fewer_battlegrounds_is_presence() -> None:
    # USSR: North Korea, Afghanistan, Pakistan, India = 4 countries, 3 battlegrounds.
    # US: Japan, South Korea, Australia, Taiwan, Philippines = 5 countries, 2 battlegrounds.
    s = score("Asia Scoring", {
        "USSR": {"North Korea": 3, "Afghanistan": 2, "Pakistan": 2, "India": 3},
        "US": {"Japan": 4, "South Korea": 3, "Australia": 4, "Taiwan": 3, "Philippines": 2},
    })
    # USSR 3 + 3 = 6; US 3 + 2 = 5.
    assert "Asia scoring: USSR Presence 3 + 3 battlegrounds = 6 VP; US Presence 3 + 2 battlegrounds = 5 VP." in s.log
    assert s.data["vp"] == -1
    assert s.data["discard"] == [card_number("Asia Scoring")]


def test_asia_scoring_us_bonus_for_north_korea_and_afghanistan() -> None:
    # US: North Korea, Afghanistan (both next to the USSR), Japan, Australia.
    # USSR: Pakistan, India. Battlegrounds 2-2: no domination.
    s = score("Asia Scoring", {
        "US": {"North Korea": 3, "Afghanistan": 2, "Japan": 4, "Australia": 4},
        "USSR": {"Pakistan": 2, "India": 3},
    })
    # US 3 + 2 + 2 = 7; USSR 3 + 2 = 5.
    assert ("Asia scoring: USSR Presence 3 + 2 battlegrounds = 5 VP; "
            "US Presence 3 + 2 battlegrounds + 2 next to the USSR = 7 VP.") in s.log
    assert s.data["vp"] == 2


def test_asia_scoring_ussr_domination_with_japan() -> None:
    # USSR: Japan (next to the US), North Korea, Pakistan, India, Burma = 5 countries, 4 battlegrounds.
    # US: South Korea, Thailand (Southeast Asia counts), Australia = 3 countries, 2 battlegrounds.
    s = score("Asia Scoring", {
        "USSR": {"Japan": 4, "North Korea": 3, "Pakistan": 2, "India": 3, "Burma": 2},
        "US": {"South Korea": 3, "Thailand": 3, "Australia": 4},
    }, vp=-3)
    # USSR 7 + 4 + 1 = 12; US 3 + 2 = 5; net USSR +7.
    assert ("Asia scoring: USSR Domination 7 + 4 battlegrounds + 1 next to the US = 12 VP; "
            "US Presence 3 + 2 battlegrounds = 5 VP.") in s.log
    assert s.data["vp"] == -10


def test_asia_scoring_control() -> None:
    # USSR controls all 6 battlegrounds (Thailand included); the US only Australia.
    s = score("Asia Scoring", {
        "USSR": {"Pakistan": 2, "India": 3, "Japan": 4, "South Korea": 3, "North Korea": 3, "Thailand": 2},
        "US": {"Australia": 4},
    })
    # USSR 9 + 6 + 1 (Japan) = 16; US 3.
    assert "Asia scoring: USSR Control 9 + 6 battlegrounds + 1 next to the US = 16 VP; US Presence 3 VP." in s.log
    assert s.data["vp"] == -13


# -- Middle East ----------------------------------------------------------------------------


def test_middle_east_scoring_ussr_domination() -> None:
    # USSR: Syria, Iraq, Libya, Egypt = 4 countries, 3 battlegrounds. US: Israel, Iran.
    s = score("Middle East Scoring", {
        "USSR": {"Syria": 2, "Iraq": 3, "Libya": 2, "Egypt": 2},
        "US": {"Israel": 4, "Iran": 2},
    })
    # USSR 5 + 3 = 8; US 3 + 2 = 5.
    assert ("Middle East scoring: USSR Domination 5 + 3 battlegrounds = 8 VP; "
            "US Presence 3 + 2 battlegrounds = 5 VP.") in s.log
    assert s.data["vp"] == -3


def test_domination_needs_a_non_battleground() -> None:
    # USSR: Iraq, Libya, Egypt - more countries and battlegrounds, but all battlegrounds.
    s = score("Middle East Scoring", {
        "USSR": {"Iraq": 3, "Libya": 2, "Egypt": 2},
        "US": {"Israel": 4},
    })
    # USSR 3 + 3 = 6; US 3 + 1 = 4.
    assert ("Middle East scoring: USSR Presence 3 + 3 battlegrounds = 6 VP; "
            "US Presence 3 + 1 battleground = 4 VP.") in s.log
    assert s.data["vp"] == -2


def test_domination_needs_a_battleground() -> None:
    # US: Lebanon, Jordan, Gulf States - three non-battlegrounds against nothing.
    s = score("Middle East Scoring", {
        "US": {"Lebanon": 1, "Jordan": 2, "Gulf States": 3},
        "USSR": {},
    }, side="US")
    assert "Middle East scoring: USSR no presence, 0 VP; US Presence 3 VP." in s.log
    assert s.data["vp"] == 3


def test_middle_east_scoring_control() -> None:
    s = score("Middle East Scoring", {
        "USSR": {"Libya": 2, "Egypt": 2, "Israel": 4, "Iraq": 3, "Iran": 2, "Saudi Arabia": 3, "Syria": 2},
        "US": {"Jordan": 2},
    })
    # USSR 7 + 6 = 13; US 3.
    assert "Middle East scoring: USSR Control 7 + 6 battlegrounds = 13 VP; US Presence 3 VP." in s.log
    assert s.data["vp"] == -10


# -- Central America ---------------------------------------------------------------------------


def test_central_america_scoring_ussr_domination_with_mexico_and_cuba() -> None:
    # USSR: Cuba, Mexico (battlegrounds next to the US), Nicaragua. US: Panama.
    s = score("Central America Scoring", {
        "USSR": {"Cuba": 3, "Mexico": 2, "Nicaragua": 1},
        "US": {"Panama": 2},
    })
    # USSR 3 + 2 + 2 = 7; US 1 + 1 = 2.
    assert ("Central America scoring: USSR Domination 3 + 2 battlegrounds + 2 next to the US = 7 VP; "
            "US Presence 1 + 1 battleground = 2 VP.") in s.log
    assert s.data["vp"] == -5
    assert s.data["discard"] == [card_number("Central America Scoring")]


def test_central_america_scoring_us_gets_no_bonus_for_its_own_neighbours() -> None:
    # US: Mexico, Cuba, Guatemala. USSR: Panama.
    s = score("Central America Scoring", {
        "US": {"Mexico": 2, "Cuba": 3, "Guatemala": 1},
        "USSR": {"Panama": 2},
    }, side="US")
    # US 3 + 2 = 5; USSR 1 + 1 = 2.
    assert ("Central America scoring: USSR Presence 1 + 1 battleground = 2 VP; "
            "US Domination 3 + 2 battlegrounds = 5 VP.") in s.log
    assert s.data["vp"] == 3


def test_central_america_scoring_control() -> None:
    s = score("Central America Scoring", {
        "USSR": {"Mexico": 2, "Cuba": 3, "Panama": 2, "Nicaragua": 1},
        "US": {"Haiti": 1},
    })
    # USSR 5 + 3 + 2 = 10; US 1.
    assert ("Central America scoring: USSR Control 5 + 3 battlegrounds + 2 next to the US = 10 VP; "
            "US Presence 1 VP.") in s.log
    assert s.data["vp"] == -9


# -- South America -------------------------------------------------------------------------------


def test_south_america_scoring_us_domination() -> None:
    # US: Venezuela, Brazil, Colombia. USSR: Chile, Peru.
    s = score("South America Scoring", {
        "US": {"Venezuela": 2, "Brazil": 2, "Colombia": 1},
        "USSR": {"Chile": 3, "Peru": 2},
    }, side="US")
    # US 5 + 2 = 7; USSR 2 + 1 = 3.
    assert ("South America scoring: USSR Presence 2 + 1 battleground = 3 VP; "
            "US Domination 5 + 2 battlegrounds = 7 VP.") in s.log
    assert s.data["vp"] == 4
    assert s.data["discard"] == [card_number("South America Scoring")]


def test_south_america_scoring_control() -> None:
    s = score("South America Scoring", {
        "US": {"Venezuela": 2, "Brazil": 2, "Chile": 3, "Argentina": 2},
        "USSR": {},
    }, vp=-5)
    # US 6 + 4 = 10.
    assert "South America scoring: USSR no presence, 0 VP; US Control 6 + 4 battlegrounds = 10 VP." in s.log
    assert s.data["vp"] == 5


# -- Africa -----------------------------------------------------------------------------------------


def test_africa_scoring_neither_dominates() -> None:
    # USSR: Angola, Zaire, Algeria, Ethiopia = 4 countries, 3 battlegrounds.
    # US: South Africa, Nigeria, Kenya, Botswana, Morocco = 5 countries, 2 battlegrounds.
    s = score("Africa Scoring", {
        "USSR": {"Angola": 1, "Zaire": 1, "Algeria": 2, "Ethiopia": 1},
        "US": {"South Africa": 3, "Nigeria": 1, "Kenya": 2, "Botswana": 2, "Morocco": 3},
    })
    # USSR 1 + 3 = 4; US 1 + 2 = 3.
    assert "Africa scoring: USSR Presence 1 + 3 battlegrounds = 4 VP; US Presence 1 + 2 battlegrounds = 3 VP." in s.log
    assert s.data["vp"] == -1
    assert s.data["discard"] == [card_number("Africa Scoring")]


def test_africa_scoring_ussr_domination() -> None:
    s = score("Africa Scoring", {
        "USSR": {"Angola": 1, "Zaire": 1, "Ethiopia": 1},
        "US": {"South Africa": 3},
    })
    # USSR 4 + 2 = 6; US 1 + 1 = 2.
    assert "Africa scoring: USSR Domination 4 + 2 battlegrounds = 6 VP; US Presence 1 + 1 battleground = 2 VP." in s.log
    assert s.data["vp"] == -4


def test_africa_scoring_control() -> None:
    # Control counts influence net of the opponent's: South Africa US 5, USSR 2 (stability 3).
    s = score("Africa Scoring", {
        "US": {"Algeria": 2, "Nigeria": 1, "Zaire": 1, "Angola": 1, "South Africa": 5, "Kenya": 2},
        "USSR": {"South Africa": 2, "Ethiopia": 1},
    }, side="US")
    # US 6 + 5 = 11; USSR 1.
    assert "Africa scoring: USSR Presence 1 VP; US Control 6 + 5 battlegrounds = 11 VP." in s.log
    assert s.data["vp"] == 10


# -- Southeast Asia ------------------------------------------------------------------------------------


def test_southeast_asia_scoring_one_vp_per_country_two_for_thailand() -> None:
    # US: Thailand (2), Philippines, Malaysia = 4 VP. USSR: Vietnam, Laos/Cambodia, Burma = 3 VP.
    # Japan and North Korea are in Asia but not in Southeast Asia.
    s = score("Southeast Asia Scoring", {
        "US": {"Thailand": 3, "Philippines": 2, "Malaysia": 2, "Japan": 4},
        "USSR": {"Thailand": 1, "Vietnam": 1, "Laos/Cambodia": 1, "Burma": 2, "North Korea": 3},
    })
    assert ("Southeast Asia scoring: USSR 3 VP (Burma 1, Laos/Cambodia 1, Vietnam 1); "
            "US 4 VP (Thailand 2, Malaysia 1, Philippines 1).") in s.log
    assert s.data["vp"] == 1
    # The only starred scoring card: removed, not discarded.
    assert s.data["removed"] == [card_number("Southeast Asia Scoring")]
    assert s.data["discard"] == []


def test_southeast_asia_scoring_ussr_sweep() -> None:
    s = score("Southeast Asia Scoring", {
        "USSR": {"Burma": 2, "Laos/Cambodia": 1, "Thailand": 2, "Vietnam": 1, "Malaysia": 2,
                 "Indonesia": 1, "Philippines": 2},
        "US": {},
    }, vp=4, side="US")
    assert ("Southeast Asia scoring: USSR 8 VP (Burma 1, Laos/Cambodia 1, Thailand 2, Vietnam 1, "
            "Malaysia 1, Indonesia 1, Philippines 1); US no presence, 0 VP.") in s.log
    assert s.data["vp"] == -4


def test_scoring_with_nothing_controlled_changes_nothing() -> None:
    s = score("Asia Scoring", {"US": {}, "USSR": {}}, vp=7)
    assert s.data["vp"] == 7
    assert "Asia scoring: USSR no presence, 0 VP; US no presence, 0 VP." in s.log


# -- Scoring cards must be played ------------------------------------------------------------------


def action_position(ar: int, side: str, hand: list[str], **extra: Any) -> bm.State:
    other = "US" if side == "USSR" else "USSR"
    pos: dict[str, Any] = {"turn": 2, "action_round": ar, "phasing": side,
                           "hands": {side: hand, other: ["Summit"]}}
    pos.update(extra)
    return ops_only(pos)


def test_scoring_cards_are_played_only_as_events() -> None:
    s = action_position(1, "USSR", ["Asia Scoring", "Fidel"])
    assert "event Asia Scoring" in texts(s)
    for verb in ("ops", "space"):
        with pytest.raises(bm.IllegalActionError):
            s.apply(f"{verb} Asia Scoring")


def test_as_many_scoring_cards_as_rounds_left_forces_them() -> None:
    # Action round 5 of 6: two rounds left, two scoring cards. No ops, no Space Race, no China Card.
    s = action_position(5, "USSR", ["Asia Scoring", "Europe Scoring", "Fidel"])
    assert texts(s) == ["event Asia Scoring", "event Europe Scoring"]
    with pytest.raises(bm.IllegalActionError):
        s.apply("ops The China Card")
    with pytest.raises(bm.IllegalActionError):
        s.apply("space Fidel")


def test_more_rounds_than_scoring_cards_leaves_the_choice_open() -> None:
    s = action_position(4, "USSR", ["Asia Scoring", "Europe Scoring", "Fidel"])
    assert texts(s) == ["event Asia Scoring", "event Europe Scoring", "ops Fidel", "space Fidel",
                        "ops The China Card", "space The China Card"]


def test_last_round_with_one_scoring_card() -> None:
    s = action_position(6, "US", ["Middle East Scoring", "NATO"])
    assert texts(s) == ["event Middle East Scoring"]
    with pytest.raises(bm.IllegalActionError):
        s.apply("ops NATO")


def test_forced_in_a_mid_war_turn_counts_seven_rounds() -> None:
    s = action_position(6, "US", ["Middle East Scoring", "NATO"], turn=4)
    assert "ops NATO" in texts(s)
    s = action_position(7, "US", ["Middle East Scoring", "NATO"], turn=4)
    assert texts(s) == ["event Middle East Scoring"]


def test_the_optional_eighth_round_is_not_counted() -> None:
    # docs/rulings.md #9: the Space Station round is optional and can be lost if the
    # other side reaches box 8 first, so the US must play its scoring card in round 6.
    s = action_position(6, "US", ["Middle East Scoring", "NATO"], space={"US": 8, "USSR": 7})
    assert texts(s) == ["event Middle East Scoring"]
    s.apply("event Middle East Scoring")
    assert s.current_player == "US"
    assert s.view("US")["decision"]["prompt"].endswith("(extra round)")
    assert texts(s) == ["ops NATO", "pass"]
    s.apply("pass")
    assert s.data["turn"] == 3
    assert not s.is_terminal
