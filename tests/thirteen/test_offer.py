"""Events, and the offer of an opposing faction card's event.

Rules covered (rules.md 3, phase 3, and 5; docs/rulings.md 54, 56, 59):
- a side may use the event of its own faction's cards and of UN cards
  instead of commanding; either side may use any UN card's event;
- an opposing faction's card can only be commanded; before the Command its
  event is offered to the opponent, who accepts (and resolves it at once,
  during the commanding side's turn, as "you") or declines; UN cards and
  own cards are never offered;
- events override the Command restrictions (several arenas, no DEFCON
  change without the DEFCON symbol) but never the 5-cube limit.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import cube, cubes, defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def ussr_to_play(**fields: object) -> bm.State:
    """The USSR to play with a US card (Quarantine), a USSR card (Fidel
    Castro) and a UN card (Close Allies); the US has two cards left."""
    base: dict[str, object] = {
        "hands": {"USSR": ["Quarantine", "Fidel Castro", "Close Allies"], "US": ["Excomm", "U Thant"]},
        "plays": {"USSR": 2, "US": 3},
        "next": "USSR",
    }
    base.update(fields)
    return position(**base)


def test_turn_offers_command_for_every_card_and_events_of_own_and_un_cards() -> None:
    s = ussr_to_play()
    assert s.current_player == "USSR"
    # Close Allies (UN 5), Quarantine (US 23), Fidel Castro (USSR 30).
    assert texts(s) == ["command Close Allies", "command Quarantine", "command Fidel Castro",
                        "event Close Allies", "event Fidel Castro"]


def test_event_of_an_own_faction_card_instead_of_commanding() -> None:
    s = ussr_to_play()
    play(s, "event Fidel Castro")
    assert s.log[-1] == "USSR plays Fidel Castro for its event."
    assert s.current_player == "USSR"
    assert texts(s) == ["place Cuba (Military)", "place Cuba (Political)", "done"]
    play(s, "place Cuba (Political)", "place Cuba (Political)", "done")
    assert cube(s, "USSR", "Cuba (Political)") == 2
    assert s.data["plays"] == {"USSR": 3, "US": 3}
    assert s.current_player == "US"


def test_event_of_a_un_card_by_either_side() -> None:
    s = ussr_to_play()
    play(s, "event Close Allies", "place Turkey", "place Turkey")
    assert cube(s, "USSR", "Turkey") == 2
    assert s.current_player == "US"
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["Fidel Castro"]}, next="US",
                 plays={"US": 3, "USSR": 4})
    assert "event Close Allies" in texts(s)
    play(s, "event Close Allies", "place Italy", "done")
    assert cube(s, "US", "Italy") == 2


def test_opposing_faction_card_event_is_never_legal_for_the_player() -> None:
    s = ussr_to_play()
    assert "event Quarantine" not in texts(s)
    before = s.to_json()
    try:
        s.apply("event Quarantine")
    except bm.IllegalActionError as e:
        assert e.reason == "Quarantine is a US card: USSR may only command with it (its event is offered to US)"
    else:
        raise AssertionError("the USSR played a US event")
    assert s.to_json() == before


def test_opposing_faction_card_command_first_offers_the_event() -> None:
    s = ussr_to_play()
    play(s, "command Quarantine")
    assert s.current_player == "US"
    assert texts(s) == ["accept", "decline"]
    assert s.view("US")["decision"]["prompt"] == "US: USSR commands with Quarantine: 'accept' its event or 'decline'"
    assert s.view("US")["decision_kind"] == "offer"
    # Nothing has moved yet: the offer comes before the Command.
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1}
    assert s.log[-1] == "USSR plays Quarantine for Command (1)."


def test_accepted_event_resolves_for_the_opponent_during_the_players_turn() -> None:
    s = ussr_to_play()
    play(s, "command Quarantine", "accept")
    assert s.log[-1] == "US accepts the event of Quarantine."
    # "You" in the event text is the US: US cubes go to the Atlantic.
    assert s.current_player == "US"
    assert texts(s) == ["place Atlantic", "done"]
    play(s, "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 2
    # Then the USSR makes its Command of 1.
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "command"
    play(s, "place Atlantic")
    assert cube(s, "USSR", "Atlantic") == 1
    # One play for the USSR, none for the US, and the US plays next.
    assert s.data["plays"] == {"USSR": 3, "US": 3}
    assert s.current_player == "US"
    assert s.view("US")["decision_kind"] == "turn"
    assert 23 in s.data["discard"]


def test_accepted_event_gives_prestige_to_the_opponent() -> None:
    s = position(hands={"USSR": ["Operation Mongoose", "Fidel Castro"], "US": ["Excomm", "U Thant"]},
                 plays={"USSR": 3, "US": 3}, next="USSR")
    play(s, "command Operation Mongoose", "accept")
    assert s.data["prestige"] == 1
    # The rest of the event: the USSR may move one US marker one step.
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "shift"
    play(s, "escalate Political 1")
    assert defcon(s, "US")["Political"] == 3
    play(s, "place Berlin", "place Berlin")
    assert cube(s, "USSR", "Berlin") == 3
    assert defcon(s, "USSR")["Military"] == 3


def test_declined_event_does_nothing_and_the_command_follows() -> None:
    s = ussr_to_play()
    before = s.data["cubes"]["US"][:]
    play(s, "command Quarantine", "decline")
    assert s.log[-1] == "US declines the event of Quarantine."
    assert s.data["cubes"]["US"] == before
    assert s.current_player == "USSR"
    play(s, "place Cuba (Political)")
    assert cube(s, "USSR", "Cuba (Political)") == 1
    assert s.current_player == "US"


def test_un_card_command_is_never_offered() -> None:
    s = ussr_to_play()
    play(s, "command Close Allies")
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "command"


def test_own_card_command_is_never_offered() -> None:
    s = ussr_to_play()
    play(s, "command Fidel Castro")
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "command"
    assert s.log[-1] == "USSR plays Fidel Castro for Command (3)."


def test_us_commanding_a_ussr_card_offers_it_to_the_ussr() -> None:
    s = position(hands={"US": ["Fidel Castro", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    assert texts(s) == ["command Excomm", "command Fidel Castro", "event Excomm"]
    play(s, "command Fidel Castro")
    assert s.current_player == "USSR"
    play(s, "accept", "place Cuba (Military)", "done")
    assert cube(s, "USSR", "Cuba (Military)") == 2
    assert s.current_player == "US"
    play(s, "place Cuba (Military)", "place Cuba (Military)", "place Cuba (Military)")
    assert cube(s, "US", "Cuba (Military)") == 3


def test_event_overrides_command_restrictions_several_arenas_in_one_play() -> None:
    # Scramble: one cube in each of up to three different arenas.
    s = position(hands={"US": ["Scramble", "Excomm"], "USSR": ["U Thant"]}, plays={"US": 3, "USSR": 4}, next="US")
    play(s, "event Scramble", "place Berlin", "place Television", "place Atlantic")
    assert cubes(s, "US") == {"Atlantic": 1, "Berlin": 1, "Turkey": 1, "Italy": 1, "Television": 1}


def test_event_never_breaks_the_five_cube_limit() -> None:
    s = position(hands={"US": ["Scramble", "Excomm"], "USSR": ["U Thant"]}, plays={"US": 3, "USSR": 4}, next="US",
                 cubes={"US": {"Berlin": 5, "Italy": 4}})
    play(s, "event Scramble")
    assert "place Berlin" not in texts(s)
    before = s.to_json()
    try:
        s.apply("place Berlin")
    except bm.IllegalActionError as e:
        assert e.reason == "US already has 5 cubes in Berlin; events never break that limit"
    else:
        raise AssertionError("a sixth cube went into Berlin")
    assert s.to_json() == before
    play(s, "place Italy")
    assert cube(s, "US", "Italy") == 5


def test_event_placing_several_cubes_stops_at_five() -> None:
    # Lessons of Munich: up to 2 in each of Berlin, Italy and Turkey.
    s = position(hands={"US": ["Lessons of Munich", "Excomm"], "USSR": ["U Thant"]}, plays={"US": 3, "USSR": 4},
                 next="US", cubes={"US": {"Berlin": 4}})
    play(s, "event Lessons of Munich", "place Berlin")
    assert cube(s, "US", "Berlin") == 5
    assert texts(s) == ["place Turkey", "place Italy", "done"]


def test_event_without_the_defcon_symbol_moves_no_marker_by_cubes() -> None:
    s = position(hands={"US": ["Lessons of Munich", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "event Lessons of Munich", "place Berlin", "place Berlin", "place Italy", "place Italy")
    assert cubes(s, "US") == {"Berlin": 2, "Turkey": 1, "Italy": 3}
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert s.current_player == "USSR"


def test_event_with_the_defcon_symbol_moves_each_arenas_track() -> None:
    # Excomm has the symbol: 2 cubes in one arena escalate that track by 1.
    s = position(hands={"US": ["Excomm", "Quarantine"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US", cubes={"US": {}})
    play(s, "event Excomm", "place Berlin", "place Berlin", "place Television", "place Turkey")
    assert cubes(s, "US") == {"Berlin": 2, "Turkey": 1, "Television": 1}
    assert defcon(s, "US") == {"Military": 2, "Political": 2, "World Opinion": 1}
    assert s.current_player == "USSR"
