"""Refused actions: illegal or malformed input raises ``bm.IllegalActionError``.

Every refusal names its reason, lists the legal actions, and leaves the
state unchanged (``to_json`` before and after are equal). Examples from the
issue: the event of an opposing faction card, a sixth cube, placing with an
empty supply, splitting a Command, placing after removing, the Letter when
not the holder or after the first cube, a card not in hand, an unknown arena
(with a "did you mean" hint); plus malformed text and out-of-turn answers.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def refused(s: bm.State, action: str, reason: str) -> bm.IllegalActionError:
    """Apply ``action``, expect a refusal with exactly ``reason``, check the
    legal actions are listed and nothing changed."""
    before = s.to_json()
    legal = texts(s)
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply(action)
    e = err.value
    assert e.reason == reason
    assert e.legal == legal
    assert isinstance(e, ValueError)
    assert str(e).startswith(f"illegal action {action!r}: {reason}")
    if legal:
        assert "; legal now: " + ", ".join(legal) in str(e)
    assert s.to_json() == before
    assert texts(s) == legal
    return e


def us_turn(**fields: object) -> bm.State:
    base: dict[str, object] = {"hands": {"US": ["Close Allies", "Excomm", "Fidel Castro"],
                                         "USSR": ["U Thant", "Missile Trade"]},
                               "plays": {"US": 2, "USSR": 3}, "next": "US"}
    base.update(fields)
    return position(**base)


def test_error_event_of_an_opposing_faction_card() -> None:
    s = us_turn()
    refused(s, "event Fidel Castro",
            "Fidel Castro is a USSR card: US may only command with it (its event is offered to USSR)")


def test_error_card_not_in_hand() -> None:
    s = us_turn()
    refused(s, "command U Thant", "U Thant is not in US's hand")
    refused(s, "event Missile Trade", "Missile Trade is not in US's hand")


def test_error_placing_a_sixth_cube() -> None:
    s = us_turn(cubes={"US": {"Berlin": 5}})
    play(s, "command Excomm")
    refused(s, "place Berlin", "US already has 5 cubes in Berlin, the most allowed")


def test_error_placing_with_an_empty_supply() -> None:
    s = us_turn(cubes={"US": {"Berlin": 5, "Italy": 5, "Turkey": 5, "Atlantic": 2}})
    play(s, "command Excomm")
    refused(s, "place Television", "US has no cubes left in its supply (17 are all on the board)")


def test_error_splitting_a_command_across_arenas() -> None:
    s = us_turn()
    play(s, "command Excomm", "place Berlin")
    refused(s, "place Italy", "a Command uses one arena: this one is Berlin")
    refused(s, "remove Italy", "a Command uses one arena: this one is Berlin")


def test_error_placing_after_removing() -> None:
    s = us_turn(cubes={"US": {"Italy": 3}})
    play(s, "command Excomm", "remove Italy")
    refused(s, "place Italy", "a Command never both places and removes: this one removes")


def test_error_removing_after_placing() -> None:
    s = us_turn(cubes={"US": {"Italy": 3}})
    play(s, "command Excomm", "place Italy")
    refused(s, "remove Italy", "a Command never both places and removes: this one places")


def test_error_removing_from_an_arena_without_own_cubes() -> None:
    s = us_turn(cubes={"USSR": {"Berlin": 3}})
    play(s, "command Excomm")
    refused(s, "remove Berlin", "US has no cubes in Berlin")


def test_error_letter_when_not_the_holder() -> None:
    s = us_turn(letter="USSR")
    play(s, "command Excomm")
    refused(s, "letter", "US does not hold the Personal Letter (USSR does)")


def test_error_letter_after_the_first_cube() -> None:
    s = us_turn()
    play(s, "command Excomm", "place Berlin")
    refused(s, "letter", "the Personal Letter must be added before the first cube")


def test_error_letter_in_an_event_command() -> None:
    s = us_turn(hands={"US": ["A Face-Saver", "Excomm"], "USSR": ["U Thant", "Missile Trade"]})
    play(s, "event A Face-Saver")
    refused(s, "letter", "the Personal Letter only strengthens a Command made with a played card, never an event")


def test_error_letter_twice() -> None:
    s = us_turn()
    play(s, "command Excomm", "letter")
    refused(s, "letter", "US does not hold the Personal Letter (USSR does)")


def test_error_unknown_arena_with_a_did_you_mean_hint() -> None:
    s = us_turn()
    play(s, "command Excomm")
    refused(s, "place Berln", "unknown arena 'Berln'; did you mean Berlin?")
    refused(s, "place Narnia", "unknown arena 'Narnia'")


def test_error_unknown_card_with_a_did_you_mean_hint() -> None:
    s = us_turn()
    refused(s, "command Exxcomm", "unknown card 'Exxcomm'; did you mean Excomm?")
    refused(s, "command 40", "no card number 40; strategy cards are #1-#39")


@pytest.mark.parametrize(("action", "reason"), [
    ("fly Berlin", "unknown verb 'fly'; verbs are: command, event, place, remove, letter, accept, decline, agenda, "
                   "first, escalate, de-escalate, target, discard, aftermath, choose, done, pass"),
    ("command", "'command' needs an argument"),
    ("", "empty action text"),
    ("first UK", "a side is USSR or US, got 'UK'"),
    ("escalate Military 3", "a DEFCON move is 1-2 steps, got 3"),
    ("de-escalate Milk 1", "unknown DEFCON track 'Milk'; did you mean Military?"),
    ("agenda Bern", "unknown agenda 'Bern'; did you mean Berlin?"),
])
def test_error_malformed_text(action: str, reason: str) -> None:
    s = us_turn()
    e = refused(s, action, reason)
    assert e.action == action


TURN = "US: play a card (round 1, play 3 of 4): 'command <card>' or 'event <card>'"


@pytest.mark.parametrize("action", ["accept", "decline", "done", "pass", "place Berlin", "agenda Berlin",
                                    "first US", "aftermath Excomm", "discard Excomm", "choose remove",
                                    "target Berlin", "escalate Military 1"])
def test_error_action_that_does_not_answer_the_decision(action: str) -> None:
    s = us_turn()
    refused(s, action, f"{action!r} does not answer this decision; the pending decision is: {TURN}")


def test_error_letter_on_its_own_at_a_turn() -> None:
    s = us_turn()
    refused(s, "letter", "the Personal Letter is added during a Command: play 'command <card>' first")


def test_error_letter_at_a_turn_by_the_side_without_it() -> None:
    s = position(hands={"US": ["Close Allies"], "USSR": ["U Thant"]}, letter="US", next="USSR")
    refused(s, "letter", "USSR does not hold the Personal Letter (US does)")


def test_error_playing_while_an_offer_is_pending() -> None:
    s = us_turn()
    play(s, "command Fidel Castro")
    refused(s, "command U Thant", "USSR must first 'accept' or 'decline' the offered event")
    refused(s, "place Berlin", "'place Berlin' does not answer this decision; the pending decision is: "
                               "USSR: US commands with Fidel Castro: 'accept' its event or 'decline'")


def test_error_television_move_beyond_the_track_or_the_bonus() -> None:
    s = position(phase="aftermath", cubes={"US": {"Television": 1}}, hands={"US": ["Excomm"], "USSR": ["U Thant"]})
    refused(s, "de-escalate Military 1", "the marker is at 1; the track ends at 1")
    refused(s, "escalate Military 2", "at most 1 step")


def test_error_alliances_card_choice() -> None:
    s = position(phase="aftermath", cubes={"US": {"Alliances": 1}}, hands={"US": ["Excomm"], "USSR": ["U Thant"]},
                 deck=["SOPs", "Scramble"])
    refused(s, "aftermath Scramble", "the Alliances card is SOPs: 'aftermath' or 'discard' it")


def test_error_after_the_game_is_over() -> None:
    s = position(phase="resolve", defcon={"US": {"Military": 8}})
    assert s.is_terminal
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply("done")
    assert err.value.reason == "the game is over"
    assert err.value.legal == []
    assert s.to_json() == before


def test_error_action_of_another_game() -> None:
    s = us_turn()
    other = bm.new_game("twilight", seed=1)
    foreign = other.legal_actions()[0]
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply(foreign)
    assert err.value.reason == "not an action of this game (an action of twilight)"
    assert s.to_json() == before


def test_error_refusals_in_a_row_leave_the_game_playable() -> None:
    s = us_turn()
    for bad in ("event Fidel Castro", "place Berlin", "letter", "command Nope"):
        with pytest.raises(bm.IllegalActionError):
            s.apply(bad)
    play(s, "command Excomm", "place Berlin", "done")
    assert s.current_player == "USSR"
