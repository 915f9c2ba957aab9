"""Before a Twilight Struggle move that loses the game at once, the client asks
for confirmation, naming why (``web.warn_twilight``). Each test is a table
position, the moves on offer, and which of them are warned.
"""

from __future__ import annotations

import brinkmanship as bm
from brinkmanship.i18n import render
from brinkmanship.web import texts
from brinkmanship.web.warn_twilight import warnings

DEFCON_EN = "DEFCON would fall to 1: you would lose the game (nuclear war)."


def central_america_at_defcon_2() -> bm.State:
    """Turn 3, USSR action round 2, DEFCON 2: Europe, Asia and the Middle East
    are closed to coups; the US holds Panama (a battleground) and Guatemala."""
    return bm.from_position("twilight", {
        "turn": 3, "action_round": 2, "phasing": "USSR", "defcon": 2,
        "influence": {"USSR": {"Cuba": 1}, "US": {"Panama": 1, "Guatemala": 1, "Iran": 1}},
        "hands": {"USSR": ["Decolonization", "Duck and Cover", "Fidel"], "US": ["NATO", "Marshall Plan"]},
    })


def test_a_coup_in_a_battleground_at_defcon_2_is_warned_a_coup_elsewhere_is_not() -> None:
    s = central_america_at_defcon_2()
    s.apply("ops Decolonization")
    warned = warnings(s, "en")
    legal = s.view("USSR", log=False)["legal_actions"]
    assert "coup Panama" in legal and "coup Guatemala" in legal and "place Nicaragua" in legal
    assert warned == {"coup Panama": DEFCON_EN}


def test_the_same_battleground_coup_at_defcon_3_is_not_warned() -> None:
    s = bm.from_position("twilight", {
        "turn": 3, "action_round": 2, "phasing": "USSR", "defcon": 3,
        "influence": {"USSR": {"Cuba": 1}, "US": {"Panama": 1, "Guatemala": 1}},
        "hands": {"USSR": ["Decolonization"], "US": ["NATO"]},
    })
    s.apply("ops Decolonization")
    assert "coup Panama" in s.view("USSR", log=False)["legal_actions"]
    assert warnings(s, "en") == {}


def test_playing_the_opponents_defcon_event_for_ops_at_defcon_2_is_warned() -> None:
    """Duck and Cover (a US event: DEFCON falls one level) played by the USSR
    for operations happens in the USSR's round: the USSR starts the war. Its
    Space Race play triggers no event."""
    s = central_america_at_defcon_2()
    warned = warnings(s, "en")
    assert warned == {"ops Duck and Cover": DEFCON_EN}
    assert "space Duck and Cover" in s.view("USSR", log=False)["legal_actions"]


def test_event_first_and_ops_first_are_both_warned_once_the_card_is_played() -> None:
    s = central_america_at_defcon_2()
    s.apply("ops Duck and Cover")
    assert s.view("USSR", log=False)["decision"]["kind"] == "order"
    assert warnings(s, "en") == {"event Duck and Cover": DEFCON_EN, "ops Duck and Cover": DEFCON_EN}


def test_an_own_event_that_lowers_defcon_is_warned() -> None:
    """We Will Bury You lowers DEFCON by one: at DEFCON 2 the USSR loses."""
    s = bm.from_position("twilight", {
        "turn": 5, "action_round": 3, "phasing": "USSR", "defcon": 2,
        "hands": {"USSR": ["We Will Bury You", "Decolonization"], "US": ["NATO"]},
    })
    warned = warnings(s, "en")
    assert warned == {"event We Will Bury You": DEFCON_EN}


def test_a_scoring_card_held_into_the_end_of_the_turn_is_warned() -> None:
    """The engine forces scoring cards out while they are at least as many as
    the action rounds left (so a normal round never loses this way), but an
    extra round may be passed: the US, with the Space Station, holds two
    scoring cards in round 7; it must play one now, and in its extra round
    passing would keep the other to the end of the turn, which loses."""
    s = bm.from_position("twilight", {
        "turn": 5, "action_round": 7, "phasing": "US", "space": {"US": 8, "USSR": 2},
        "hands": {"US": ["Asia Scoring", "Europe Scoring"], "USSR": []},
    })
    assert sorted(s.view("US", log=False)["legal_actions"]) == ["event Asia Scoring", "event Europe Scoring"]
    assert warnings(s, "en") == {}
    s.apply("event Asia Scoring")
    while s.current_player == "chance":
        s.apply("roll 1")
    view = s.view("US", log=False)
    assert view["decision"]["extra"] is True
    assert sorted(view["legal_actions"]) == ["event Europe Scoring", "pass"]
    warned = warnings(s, "en")
    assert list(warned) == ["pass"]
    assert warned["pass"].startswith("Europe Scoring would still be in your hand when the turn ends")
    assert warnings(s, "ru")["pass"].startswith("Европа: подсчёт очков останется у вас в руке в конце хода")


def test_harmless_moves_are_not_warned() -> None:
    """The opening: set-up placements, then the headline; then a first round
    at DEFCON 5 with every kind of play."""
    s = bm.new_game("twilight", seed=3)
    assert warnings(s, "en") == {}
    s = bm.from_position("twilight", {"turn": 1, "action_round": 1, "phasing": "USSR"})
    assert len(s.legal_actions()) > 10
    assert warnings(s, "en") == {}


def test_a_move_every_outcome_of_which_loses_on_vp_is_warned_with_the_end_of_the_game() -> None:
    """Wargames at DEFCON 2: ending the game gives the opponent 6 VP, then the
    side ahead wins. At US +15, the USSR's 'yes' hands the US the game."""
    s = bm.from_position("twilight", {
        "turn": 9, "action_round": 2, "phasing": "USSR", "defcon": 2, "vp": 15,
        "hands": {"USSR": ["Wargames", "Decolonization"], "US": ["NATO"]},
    })
    s.apply("event Wargames")
    assert sorted(s.view("USSR", log=False)["legal_actions"]) == ["no", "yes"]
    warned = warnings(s, "en")
    assert list(warned) == ["yes"]
    assert warned["yes"].startswith("This ends the game and you lose: ")
    assert warned["yes"].endswith(render({"code": "twilight.card.wargames.win", "args": {"winner": "US"}}, "en"))


def test_the_reasons_come_in_the_readers_language_and_reach_the_client_texts() -> None:
    s = central_america_at_defcon_2()
    view = s.view("USSR", log=False)
    out = texts(s, view, [], "ru")
    assert out["warnings"] == {"ops Duck and Cover": "DEFCON упадёт до 1: вы проиграете партию (ядерная война)."}


def test_warnings_do_not_depend_on_the_opponents_hidden_hand() -> None:
    """The look-ahead runs on the mover's own view: two tables that differ only
    in the US hand give the USSR the same warnings."""
    a = central_america_at_defcon_2()
    b = bm.from_position("twilight", {
        "turn": 3, "action_round": 2, "phasing": "USSR", "defcon": 2,
        "influence": {"USSR": {"Cuba": 1}, "US": {"Panama": 1, "Guatemala": 1, "Iran": 1}},
        "hands": {"USSR": ["Decolonization", "Duck and Cover", "Fidel"], "US": ["Blockade", "Containment"]},
    })
    assert a.view("USSR", log=False) == b.view("USSR", log=False)
    assert warnings(a, "en") == warnings(b, "en")
    for s in (a, b):
        s.apply("ops Decolonization")
    assert warnings(a, "en") == warnings(b, "en") == {"coup Panama": DEFCON_EN}
