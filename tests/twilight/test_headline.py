"""The headline phase (rule 4.5.C) and the Man in Earth Orbit ability (6.4, box 4).

Covered: both sides choose a headline card secretly (the USSR's choice is hidden
from the US view and from the log until both are revealed); The China Card
cannot be headlined; headlines are events only; the higher Ops value resolves
first, ties go to the US, scoring cards count as 0 Ops; a headlined scoring card
scores and goes to the discard pile; the box 4 holder's opponent must choose
first and its card is shown to the holder; the ability is cancelled once both
sides reach box 4. (Non-scoring events are off in these tests.)
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import card_number
from tests.twilight.helpers import ops_only, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def headline_position(ussr: list[str], us: list[str], **extra: Any) -> bm.State:
    pos: dict[str, Any] = {"turn": 2, "phase": "headline", "hands": {"USSR": ussr, "US": us}}
    pos.update(extra)
    return ops_only(pos)


def line(s: bm.State, text: str) -> int:
    """Index of the log line starting with ``text``."""
    return next(i for i, x in enumerate(s.log) if x.startswith(text))


def test_headlines_are_chosen_secretly_ussr_first() -> None:
    s = headline_position(["Fidel", "Nasser"], ["NATO", "Defectors"])
    assert s.current_player == "USSR"
    assert sorted(texts(s)) == ["headline Fidel", "headline Nasser"]
    s.apply("headline Fidel")
    assert s.current_player == "US"
    assert s.view("US")["headline"]["USSR"] == "hidden"
    assert s.view(None)["headline"]["USSR"] == "hidden"
    assert s.view("USSR")["headline"]["USSR"] == card_number("Fidel")
    assert s.log[-1] == "USSR chooses a headline card."
    assert not any("Fidel" in x for x in s.log)
    assert sorted(texts(s)) == ["headline Defectors", "headline NATO"]
    s.apply("headline NATO")
    assert "Headlines: USSR Fidel, US NATO." in s.log
    # Both headlines have resolved (no events here) and action round 1 begins.
    assert s.current_player == "USSR"
    assert s.data["ar"] == 1
    assert s.data["discard"] == [card_number("NATO"), card_number("Fidel")]


def test_the_china_card_cannot_be_headlined() -> None:
    s = headline_position(["Fidel"], ["NATO"])
    assert s.data["china"] == "USSR"
    assert texts(s) == ["headline Fidel"]
    with pytest.raises(bm.IllegalActionError):
        s.apply("headline The China Card")
    assert s.current_player == "USSR"


def test_headline_cards_are_played_only_as_events() -> None:
    s = headline_position(["Decolonization"], ["Duck and Cover"])
    with pytest.raises(bm.IllegalActionError):
        s.apply("ops Decolonization")
    with pytest.raises(bm.IllegalActionError):
        s.apply("space Decolonization")
    s.apply("headline Decolonization")
    s.apply("headline Duck and Cover")
    assert s.data["space"] == {"USSR": 0, "US": 0}
    assert s.view(None)["influence"] == ops_only({}).view(None)["influence"]


def test_higher_ops_headline_resolves_first() -> None:
    # USSR Fidel (2 Ops) against US Duck and Cover (3 Ops): the US card goes first.
    s = headline_position(["Fidel"], ["Duck and Cover"])
    s.apply("headline Fidel")
    s.apply("headline Duck and Cover")
    assert line(s, "Duck and Cover:") < line(s, "Fidel:")


def test_higher_ops_ussr_headline_resolves_first() -> None:
    s = headline_position(["Socialist Governments"], ["Truman Doctrine"])
    s.apply("headline Socialist Governments")
    s.apply("headline Truman Doctrine")
    assert line(s, "Socialist Governments:") < line(s, "Truman Doctrine:")


def test_equal_ops_the_us_headline_resolves_first() -> None:
    s = headline_position(["Fidel"], ["Independent Reds"])
    s.apply("headline Fidel")
    s.apply("headline Independent Reds")
    assert line(s, "Independent Reds:") < line(s, "Fidel:")


def test_a_scoring_card_counts_as_zero_ops_and_scores() -> None:
    # The US headlines Asia Scoring against a 1-Ops USSR card: the USSR card goes first.
    # Asia: US controls Japan (battleground) and Australia; USSR controls nothing.
    s = headline_position(["Nasser"], ["Asia Scoring"], influence={
        "US": {"Japan": 4, "Australia": 4}, "USSR": {"North Korea": 2}})
    s.apply("headline Nasser")
    s.apply("headline Asia Scoring")
    assert line(s, "Nasser:") < line(s, "Asia scoring:")
    # US: 2 countries, 1 battleground, 1 non-battleground: domination 7 + 1 = 8.
    assert "Asia scoring: USSR no presence, 0 VP; US Domination 7 + 1 battleground = 8 VP." in s.log
    assert s.data["vp"] == 8
    assert card_number("Asia Scoring") in s.data["discard"]


def test_two_scoring_headlines_the_us_card_first_can_win_before_the_ussr_card() -> None:
    # US +18. US Middle East Scoring: Israel and Iran, presence 3 + 2 battlegrounds = 5.
    # The USSR's Europe Scoring would have brought the US back below 20.
    s = headline_position(["Europe Scoring"], ["Middle East Scoring"], vp=18, influence={
        "US": {"Israel": 4, "Iran": 2},
        "USSR": {"East Germany": 3, "Poland": 3, "Czechoslovakia": 3, "Hungary": 3}})
    s.apply("headline Europe Scoring")
    s.apply("headline Middle East Scoring")
    assert s.data["vp"] == 23
    assert s.winner == "US"
    assert s.result == "vp"
    assert not any(x.startswith("Europe scoring") for x in s.log)


def test_two_scoring_headlines_both_score_in_order() -> None:
    s = headline_position(["Europe Scoring"], ["Middle East Scoring"], influence={
        "US": {"Israel": 4, "Iran": 2},
        "USSR": {"East Germany": 3, "Poland": 3, "Czechoslovakia": 3, "Hungary": 3}})
    s.apply("headline Europe Scoring")
    s.apply("headline Middle East Scoring")
    assert line(s, "Middle East scoring:") < line(s, "Europe scoring:")
    # Middle East: US +5. Europe: USSR domination 7 + 2 battlegrounds = 9. Net USSR +4.
    assert s.data["vp"] == -4
    assert s.current_player == "USSR" and s.data["ar"] == 1


def test_a_side_without_cards_headlines_nothing() -> None:
    s = headline_position(["Fidel"], [])
    s.apply("headline Fidel")
    assert texts(s) == ["pass"]
    s.apply("pass")
    assert "US has no card to headline." in s.log
    assert "Headlines: USSR Fidel, US nothing." in s.log


def test_man_in_earth_orbit_us_holder_sees_the_ussr_headline_first() -> None:
    s = headline_position(["Fidel", "Nasser"], ["NATO", "Defectors"], space={"US": 4, "USSR": 3})
    assert "USSR must choose its headline first and show it (Man in Earth Orbit)." in s.log
    assert s.current_player == "USSR"
    s.apply("headline Fidel")
    assert s.log[-1] == "USSR headlines Fidel (shown first)."
    assert s.view("US")["headline"]["USSR"] == card_number("Fidel")
    assert s.current_player == "US"
    s.apply("headline Defectors")
    assert "Headlines: USSR Fidel, US Defectors." in s.log


def test_man_in_earth_orbit_ussr_holder_makes_the_us_choose_first() -> None:
    s = headline_position(["Fidel", "Nasser"], ["NATO", "Defectors"], space={"USSR": 5, "US": 2})
    assert s.current_player == "US"
    s.apply("headline NATO")
    assert s.view("USSR")["headline"]["US"] == card_number("NATO")
    assert s.current_player == "USSR"
    s.apply("headline Nasser")
    # Resolution order is unchanged: NATO (4 Ops) before Nasser (1 Op).
    assert line(s, "NATO:") < line(s, "Nasser:")


def test_man_in_earth_orbit_is_cancelled_once_both_sides_reach_box_4() -> None:
    s = headline_position(["Fidel"], ["NATO"], space={"US": 5, "USSR": 4})
    assert s.current_player == "USSR"
    s.apply("headline Fidel")
    assert s.view("US")["headline"]["USSR"] == "hidden"
    assert s.log[-1] == "USSR chooses a headline card."
