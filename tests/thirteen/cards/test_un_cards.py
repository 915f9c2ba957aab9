"""The 13 UN strategy card events (cards 1-13, cards.md "UN cards").

UN events are open to both sides with no offer step, so most cards are
played here by the USSR and by the US. Each test sets up an explicit
position (hands, deck, cubes, DEFCON, round effects), plays the card by its
action texts and checks the exact outcome: cubes, DEFCON markers, who acts
next, and where the cards went. Refusals must raise ``bm.IllegalActionError``
with a reason and leave the state exactly as it was.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core.state import State
from brinkmanship.thirteen.board import CARD_FACTION, CARD_NAME, CARD_SYMBOL, card_number
from brinkmanship.thirteen.rules import cards_in_game
from tests.thirteen.helpers import cube, cubes, defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

UN_CARDS = [CARD_NAME[n] for n in range(1, 14)]
ALL_CARDS = list(range(1, 40))


# ---------------------------------------------------------------------------
# Helpers local to this file
# ---------------------------------------------------------------------------
def deck_after(*used: str) -> list[int]:
    """Every card not named in ``used``, in number order (top first): a
    fully known deck, so draws are predictable and all 39 cards are placed."""
    taken = {card_number(c) for c in used}
    return [c for c in ALL_CARDS if c not in taken]


def refused(s: State, action: str, reason: str) -> None:
    """``action`` is refused with a message containing ``reason`` and the
    state does not change at all."""
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match=re.escape(reason)):
        s.apply(action)
    assert s.to_json() == before


def kind(s: State) -> str | None:
    """The kind of the pending decision (turn, command, cubes, shift, ...)."""
    k: str | None = s.view(None)["decision_kind"]
    return k


def conserved(s: State) -> bool:
    """Deck + discard + hands + held + Aftermath hold each of the 39 cards once."""
    return sorted(cards_in_game(s.data)) == ALL_CARDS


def hand(s: State, side: str) -> list[str]:
    """``side``'s hand as card names, sorted by card number."""
    return [CARD_NAME[c] for c in sorted(s.data["hands"][side])]


def place_until_done(s: State, side: str, arena: str) -> int:
    """Place ``side`` cubes in ``arena`` while ``side``'s pending Command
    still takes one; returns how many went in (the Command's size)."""
    n = 0
    while s.current_player == side and kind(s) == "command" and f"place {arena}" in texts(s):
        s.apply(f"place {arena}")
        n += 1
    return n


def on_turn(s: State, side: str) -> bool:
    """``side`` is choosing its next card."""
    return s.current_player == side and kind(s) == "turn"


def pos(**fields: Any) -> State:
    """A position in the card-play step; both hands default to a spare card
    so that the turn passes on after the event."""
    hands = fields.pop("hands", {})
    hands = {"USSR": hands.get("USSR", ["Fidel Castro"]), "US": hands.get("US", ["Quarantine"])}
    fields.setdefault("deck", deck_after(*hands["USSR"], *hands["US"], *fields.get("discard", [])))
    return position(hands=hands, **fields)


# ---------------------------------------------------------------------------
# All UN cards: either side, no offer step, the DEFCON symbol list
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("side", ["USSR", "US"])
@pytest.mark.parametrize("card", UN_CARDS)
def test_every_un_card_event_is_open_to_both_sides(card: str, side: str) -> None:
    other = "US" if side == "USSR" else "USSR"
    s = pos(hands={side: [card], other: ["Close Allies" if card != "Close Allies" else "Scramble"]}, next=side)
    assert s.current_player == side
    assert f"event {card}" in texts(s)
    assert f"command {card}" in texts(s)


@pytest.mark.parametrize("side", ["USSR", "US"])
@pytest.mark.parametrize("card", UN_CARDS)
def test_every_un_card_command_has_no_offer_step(card: str, side: str) -> None:
    other = "US" if side == "USSR" else "USSR"
    s = pos(hands={side: [card], other: ["Close Allies" if card != "Close Allies" else "Scramble"]}, next=side)
    s.apply(f"command {card}")
    assert s.current_player == side and kind(s) == "command"
    assert "accept" not in texts(s)


def test_un_cards_with_the_defcon_symbol_are_guns_intelligence_and_face_saver() -> None:
    assert [CARD_NAME[n] for n in range(1, 14) if CARD_SYMBOL[n]] == [
        "The Guns of August", "Intelligence Reports", "A Face-Saver"]
    assert {CARD_FACTION[n] for n in range(1, 14)} == {"UN"}


# ---------------------------------------------------------------------------
# 1 Speech to the Nation
# ---------------------------------------------------------------------------
def test_speech_to_the_nation_three_world_opinion_cubes_at_most_two_per_arena() -> None:
    s = pos(hands={"USSR": ["Speech to the Nation", "Scramble"]})
    s.apply("event Speech to the Nation")
    assert s.current_player == "USSR"
    assert texts(s) == ["place Television", "place United Nations", "place Alliances", "done"]
    play(s, "place Television", "place Television")
    assert "place Television" not in texts(s)
    refused(s, "place Television", "at most 2 per arena")
    refused(s, "place Berlin", "may only use Television, United Nations, Alliances")
    s.apply("place United Nations")
    # Three cubes placed: the event is over and the US plays.
    assert on_turn(s, "US")
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1, "Television": 2, "United Nations": 1}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}  # no DEFCON symbol
    assert s.data["discard"] == [card_number("Speech to the Nation")]
    assert s.log[-1] == "USSR places 3 cubes: 2 in Television, 1 in United Nations."


def test_speech_to_the_nation_by_the_us_may_place_fewer() -> None:
    s = pos(hands={"US": ["Speech to the Nation", "Quarantine"]}, next="US")
    play(s, "event Speech to the Nation", "place Alliances", "done")
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1, "Alliances": 1}
    assert on_turn(s, "USSR")


def test_speech_to_the_nation_stops_at_the_five_cube_cap_and_the_supply() -> None:
    # 15 US cubes on the board: room for only 2 more, and Television holds 4.
    s = pos(hands={"US": ["Speech to the Nation", "Quarantine"]}, next="US",
            cubes={"US": {"Television": 4, "Berlin": 5, "Italy": 5, "Turkey": 1}})
    play(s, "event Speech to the Nation", "place Television")
    assert texts(s) == ["place United Nations", "place Alliances", "done"]
    refused(s, "place Television", "already has 5 cubes in Television")
    s.apply("place United Nations")
    # The 17th cube is on the board: the third cube cannot be placed.
    assert sum(s.data["cubes"]["US"]) == 17
    assert cube(s, "US", "Television") == 5 and cube(s, "US", "United Nations") == 1
    assert on_turn(s, "USSR")


def test_speech_to_the_nation_with_no_room_does_nothing() -> None:
    s = pos(hands={"USSR": ["Speech to the Nation", "Scramble"]},
            cubes={"USSR": {"Television": 5, "United Nations": 5, "Alliances": 5}})
    s.apply("event Speech to the Nation")
    assert on_turn(s, "US")
    assert cubes(s, "USSR") == {"Television": 5, "United Nations": 5, "Alliances": 5}


# ---------------------------------------------------------------------------
# 2 The Guns of August
# ---------------------------------------------------------------------------
def test_the_guns_of_august_moves_one_own_marker_then_commands_one_cube() -> None:
    s = pos(hands={"USSR": ["The Guns of August", "Scramble"]}, letter="USSR")
    s.apply("event The Guns of August")
    assert s.current_player == "USSR" and kind(s) == "shift"
    # USSR markers: Military 2, Political 1, World Opinion 1.
    assert texts(s) == ["escalate Military 1", "escalate Military 2", "de-escalate Military 1",
                        "escalate Political 1", "escalate Political 2",
                        "escalate World Opinion 1", "escalate World Opinion 2", "pass"]
    refused(s, "de-escalate Military 2", "the marker is at 2; the track ends at 1")
    s.apply("escalate Political 2")
    assert defcon(s, "USSR") == {"Military": 2, "Political": 3, "World Opinion": 1}
    # Then a Command of 1 cube anywhere; an event's Command never takes the Letter.
    assert s.current_player == "USSR" and kind(s) == "command"
    assert "letter" not in texts(s)
    refused(s, "letter", "only strengthens a Command made with a played card")
    s.apply("place Italy")
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1, "Italy": 1}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 3, "World Opinion": 1}
    assert s.data["letter"] == "USSR"
    assert on_turn(s, "US")


def test_the_guns_of_august_by_the_us_de_escalates_and_removes() -> None:
    s = pos(hands={"US": ["The Guns of August", "Quarantine"]}, next="US", defcon={"US": {"Military": 4}})
    play(s, "event The Guns of August", "de-escalate Military 2", "remove Italy")
    assert defcon(s, "US") == {"Military": 2, "Political": 2, "World Opinion": 1}
    assert cubes(s, "US") == {"Turkey": 1}
    assert on_turn(s, "USSR")


def test_the_guns_of_august_zero_steps_and_no_cube() -> None:
    s = pos(hands={"USSR": ["The Guns of August", "Scramble"]})
    play(s, "event The Guns of August", "pass", "done")
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1}
    assert on_turn(s, "US")


def test_the_guns_of_august_under_a_ban_may_only_escalate() -> None:
    # Containment on the USSR: the USSR played the card itself.
    s = pos(hands={"USSR": ["The Guns of August", "Scramble"]}, effects={"Containment": ["USSR"]},
            defcon={"USSR": {"Military": 4}})
    s.apply("event The Guns of August")
    assert not [t for t in texts(s) if t.startswith("de-escalate")]
    assert "escalate Military 2" in texts(s) and "pass" in texts(s)
    refused(s, "de-escalate Military 1", "may not de-escalate here")
    # Bay of Pigs on the US bans it too.
    s = pos(hands={"US": ["The Guns of August", "Quarantine"]}, next="US", effects={"Bay of Pigs": ["US"]},
            defcon={"US": {"Military": 4}})
    s.apply("event The Guns of August")
    assert not [t for t in texts(s) if t.startswith("de-escalate")]


def test_the_guns_of_august_command_with_sops_handles_two_cubes_and_escalates() -> None:
    """The event's Command 1 is a Command: SOPs makes it 2 cubes (Q9), and two
    cubes into one arena escalate that category by 1 (DEFCON symbol)."""
    s = pos(hands={"USSR": ["The Guns of August", "Scramble"]}, effects={"SOPs": ["USSR"]})
    play(s, "event The Guns of August", "pass")
    assert place_until_done(s, "USSR", "Berlin") == 2
    assert cube(s, "USSR", "Berlin") == 3
    assert defcon(s, "USSR") == {"Military": 3, "Political": 1, "World Opinion": 1}
    assert on_turn(s, "US")


def test_the_guns_of_august_command_ignores_sops_when_event_command_modifiers_is_off() -> None:
    s = pos(hands={"USSR": ["The Guns of August", "Scramble"]}, effects={"SOPs": ["USSR"]},
            options={"event_command_modifiers": False})
    play(s, "event The Guns of August", "pass")
    assert place_until_done(s, "USSR", "Berlin") == 1
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}


# ---------------------------------------------------------------------------
# 3 Fifty-Fifty
# ---------------------------------------------------------------------------
def test_fifty_fifty_television_leader_moves_two_different_markers() -> None:
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]},
            cubes={"USSR": {"Television": 2}, "US": {"Television": 1}},
            defcon={"USSR": {"Military": 3, "Political": 3, "World Opinion": 3}})
    s.apply("event Fifty-Fifty")
    assert s.current_player == "USSR" and kind(s) == "shift"
    assert texts(s) == ["escalate Military 1", "de-escalate Military 1", "escalate Political 1",
                        "de-escalate Political 1", "escalate World Opinion 1", "de-escalate World Opinion 1", "pass"]
    refused(s, "escalate Military 2", "at most 1 step")
    s.apply("escalate Military 1")
    # The second marker must be another track.
    assert texts(s) == ["escalate Political 1", "de-escalate Political 1", "escalate World Opinion 1",
                        "de-escalate World Opinion 1", "pass"]
    refused(s, "escalate Military 1", "may only move the Political, World Opinion marker")
    s.apply("de-escalate Political 1")
    assert defcon(s, "USSR") == {"Military": 4, "Political": 2, "World Opinion": 3}
    assert on_turn(s, "US")


def test_fifty_fifty_helps_the_television_leader_when_the_opponent_plays_it() -> None:
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]},
            cubes={"USSR": {"Television": 1}, "US": {"Television": 3}},
            defcon={"US": {"Military": 5, "Political": 5, "World Opinion": 5}})
    s.apply("event Fifty-Fifty")
    # The US leads in Television: the US chooses, and moves its own markers.
    assert s.current_player == "US" and kind(s) == "shift"
    play(s, "de-escalate World Opinion 1", "de-escalate Military 1")
    assert defcon(s, "US") == {"Military": 4, "Political": 5, "World Opinion": 4}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert on_turn(s, "US")
    assert s.data["plays"] == {"USSR": 1, "US": 0}


def test_fifty_fifty_by_the_us_with_the_ussr_ahead() -> None:
    s = pos(hands={"US": ["Fifty-Fifty", "Quarantine"]}, next="US",
            cubes={"USSR": {"Television": 2}, "US": {"Television": 1}})
    s.apply("event Fifty-Fifty")
    assert s.current_player == "USSR"
    play(s, "escalate World Opinion 1", "pass")
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 2}
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert on_turn(s, "USSR")


def test_fifty_fifty_tied_television_does_nothing() -> None:
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]},
            cubes={"USSR": {"Television": 2}, "US": {"Television": 2}})
    before = s.data["defcon"]["USSR"][:], s.data["defcon"]["US"][:]
    s.apply("event Fifty-Fifty")
    assert on_turn(s, "US")
    assert (s.data["defcon"]["USSR"], s.data["defcon"]["US"]) == before
    assert s.log[-1] == "Television is tied: Fifty-Fifty does nothing."


def test_fifty_fifty_pass_on_the_first_marker_ends_the_event() -> None:
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]}, cubes={"USSR": {"Television": 1}})
    play(s, "event Fifty-Fifty", "pass")
    assert on_turn(s, "US")
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}


def test_fifty_fifty_same_track_option_allows_one_marker_twice() -> None:
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]}, cubes={"USSR": {"Television": 1}},
            options={"fifty_fifty_same_track": True})
    play(s, "event Fifty-Fifty", "escalate Military 1")
    assert "escalate Military 1" in texts(s)
    s.apply("escalate Military 1")
    assert defcon(s, "USSR") == {"Military": 4, "Political": 1, "World Opinion": 1}
    assert on_turn(s, "US")


def test_fifty_fifty_containment_binds_the_leader_only_on_its_own_card() -> None:
    # The contained USSR plays it and leads: it may not de-escalate.
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]}, cubes={"USSR": {"Television": 1}},
            effects={"Containment": ["USSR"]}, defcon={"USSR": {"Military": 3}})
    s.apply("event Fifty-Fifty")
    assert texts(s) == ["escalate Military 1", "escalate Political 1", "escalate World Opinion 1", "pass"]
    refused(s, "de-escalate Military 1", "may not de-escalate here")
    s.apply("escalate Political 1")
    assert texts(s) == ["escalate Military 1", "escalate World Opinion 1", "pass"]
    # The contained US leads but the USSR played the card: the US may de-escalate.
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]}, cubes={"US": {"Television": 1}},
            effects={"Containment": ["US"]}, defcon={"US": {"Military": 3}})
    play(s, "event Fifty-Fifty", "de-escalate Military 1", "de-escalate Political 1")
    assert defcon(s, "US") == {"Military": 2, "Political": 1, "World Opinion": 1}


def test_fifty_fifty_bay_of_pigs_blocks_us_de_escalation_even_on_a_ussr_play() -> None:
    s = pos(hands={"USSR": ["Fifty-Fifty", "Scramble"]}, cubes={"US": {"Television": 1}},
            effects={"Bay of Pigs": ["US"]}, defcon={"US": {"Military": 3}})
    s.apply("event Fifty-Fifty")
    assert s.current_player == "US"
    assert texts(s) == ["escalate Military 1", "escalate Political 1", "escalate World Opinion 1", "pass"]


# ---------------------------------------------------------------------------
# 4 SOPs
# ---------------------------------------------------------------------------
def test_sops_adds_one_cube_to_each_later_command_of_its_player() -> None:
    s = pos(hands={"USSR": ["SOPs", "Close Allies", "Scramble"], "US": ["Quarantine", "Excomm"]})
    s.apply("event SOPs")
    assert s.data["fx"]["sops"] == ["USSR"]
    assert s.view("US")["effects"] == {"SOPs": ["USSR"]}
    assert s.log[-1] == "SOPs: USSR's Commands handle one extra cube for the rest of the round."
    # The US is not helped: Quarantine commands 1 cube.
    s.apply("command Quarantine")
    assert "letter" in texts(s)  # the US holds the Letter but keeps it
    assert place_until_done(s, "US", "Atlantic") == 1
    # The USSR's Close Allies (2) now commands 3 cubes; 3 in one arena escalate by 2.
    s.apply("command Close Allies")
    assert place_until_done(s, "USSR", "Berlin") == 3
    assert cube(s, "USSR", "Berlin") == 4
    assert defcon(s, "USSR") == {"Military": 4, "Political": 1, "World Opinion": 1}
    assert on_turn(s, "US")


def test_sops_by_the_us_stacks_with_the_personal_letter() -> None:
    s = pos(hands={"US": ["SOPs", "Close Allies", "Quarantine"], "USSR": ["Scramble", "Fidel Castro"]},
            next="US")
    play(s, "event SOPs", "command Scramble", "done", "command Close Allies", "letter")
    assert s.data["letter"] == "USSR"
    assert place_until_done(s, "US", "Atlantic") == 4
    assert cube(s, "US", "Atlantic") == 4
    assert defcon(s, "US") == {"Military": 4, "Political": 2, "World Opinion": 1}
    assert on_turn(s, "USSR")


def test_sops_offsets_to_the_brink() -> None:
    s = pos(hands={"USSR": ["Close Allies", "Scramble"]}, effects={"SOPs": ["USSR"], "To the Brink": ["USSR"]})
    s.apply("command Close Allies")
    assert place_until_done(s, "USSR", "Berlin") == 2
    assert defcon(s, "USSR") == {"Military": 3, "Political": 1, "World Opinion": 1}


def test_sops_applies_to_the_commands_of_a_face_saver() -> None:
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, effects={"SOPs": ["USSR", "US"]})
    s.apply("event A Face-Saver")
    assert place_until_done(s, "USSR", "Atlantic") == 4
    assert defcon(s, "USSR") == {"Military": 5, "Political": 1, "World Opinion": 1}
    assert place_until_done(s, "US", "Turkey") == 2
    assert defcon(s, "US") == {"Military": 1, "Political": 3, "World Opinion": 1}
    assert on_turn(s, "US")


def test_sops_does_not_change_event_commands_when_event_command_modifiers_is_off() -> None:
    s = pos(hands={"USSR": ["A Face-Saver", "Close Allies"]}, effects={"SOPs": ["USSR", "US"]},
            options={"event_command_modifiers": False})
    s.apply("event A Face-Saver")
    assert place_until_done(s, "USSR", "Atlantic") == 3
    assert place_until_done(s, "US", "Turkey") == 1
    # A Command from a played card still gets SOPs.
    s.apply("command Quarantine")
    assert place_until_done(s, "US", "Italy") == 2
    s.apply("command Close Allies")
    assert place_until_done(s, "USSR", "Berlin") == 3


def test_sops_to_the_brink_and_containment_expire_at_the_end_of_the_round() -> None:
    deck = deck_after("SOPs", "Scramble", "Containment", "Quarantine")
    s = position(hands={"USSR": ["SOPs", "Scramble"], "US": ["Containment", "Quarantine"]},
                 plays={"USSR": 3, "US": 3}, deck=deck,
                 effects={"To the Brink": ["US"], "Bay of Pigs": ["US"]})
    s.apply("event SOPs")
    assert s.view(None)["effects"] == {"SOPs": ["USSR"], "To the Brink": ["US"], "Bay of Pigs": ["US"]}
    s.apply("event Containment")
    assert "Containment: USSR may not de-escalate DEFCON with events of cards it plays this round." in s.log
    # Each side had one card left: it went to the Aftermath and the round ended.
    assert sorted(c for _, c in s.data["aftermath"]) == [card_number("Scramble"), card_number("Quarantine")]
    assert s.data["round"] == 2
    assert s.data["fx"] == {"sops": [], "brink": [], "containment": [], "bay_of_pigs": []}
    assert s.view(None)["effects"] == {}
    # Round 2: keep agendas, the USSR chooses to go first, and its Commands are normal again.
    while kind(s) == "agenda":
        s.apply(texts(s)[0])
    s.apply("first USSR")
    assert hand(s, "USSR") == [CARD_NAME[c] for c in sorted(deck[:5])]
    assert deck[0] == card_number("Speech to the Nation")
    s.apply("command Speech to the Nation")
    assert place_until_done(s, "USSR", "Turkey") == 3


# ---------------------------------------------------------------------------
# 5 Close Allies
# ---------------------------------------------------------------------------
def test_close_allies_places_two_political_cubes_without_defcon() -> None:
    s = pos(hands={"US": ["Close Allies", "Quarantine"]}, next="US")
    s.apply("event Close Allies")
    assert texts(s) == ["place Cuba (Political)", "place Turkey", "place Italy", "done"]
    refused(s, "place Berlin", "may only use Cuba (Political), Turkey, Italy")
    play(s, "place Turkey", "place Turkey")
    assert cubes(s, "US") == {"Turkey": 3, "Italy": 1}
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert on_turn(s, "USSR")


def test_close_allies_by_the_ussr_split_and_five_cube_cap() -> None:
    s = pos(hands={"USSR": ["Close Allies", "Scramble"]}, cubes={"USSR": {"Italy": 5}})
    s.apply("event Close Allies")
    assert texts(s) == ["place Cuba (Political)", "place Turkey", "done"]
    refused(s, "place Italy", "already has 5 cubes in Italy")
    play(s, "place Cuba (Political)", "place Turkey")
    assert cubes(s, "USSR") == {"Cuba (Political)": 1, "Turkey": 1, "Italy": 5}
    assert on_turn(s, "US")


# ---------------------------------------------------------------------------
# 6 Intelligence Reports
# ---------------------------------------------------------------------------
def test_intelligence_reports_takes_the_only_card_and_the_victim_draws_a_replacement() -> None:
    s = pos(hands={"USSR": ["Intelligence Reports", "Scramble"], "US": ["Quarantine"]})
    top = CARD_NAME[s.data["deck"][-1]]
    assert top == "Speech to the Nation"
    s.apply("event Intelligence Reports")
    assert s.current_player == "USSR" and kind(s) == "stolen"
    assert s.data["held"] == [card_number("Quarantine")]
    assert hand(s, "US") == []  # the replacement comes once the taken card is resolved
    assert s.view("USSR")["looking_at"] == ["Quarantine"]
    # A US card: the USSR may command with it or discard it, never use its event.
    assert texts(s) == ["command Quarantine", "discard Quarantine"]
    refused(s, "event Quarantine",
            "Quarantine is a US card: USSR may command with it or discard it, never use its event")
    assert conserved(s)
    s.apply("discard Quarantine")
    assert s.data["held"] == []
    assert s.data["discard"] == [card_number("Intelligence Reports"), card_number("Quarantine")]
    assert hand(s, "USSR") == ["Scramble"] and hand(s, "US") == [top]
    assert s.log[-1] == "US draws a replacement card."
    assert s.data["plays"] == {"USSR": 1, "US": 0}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}  # the symbol does nothing
    assert conserved(s)
    assert on_turn(s, "US")


def test_intelligence_reports_stolen_opponent_card_offers_its_event_to_the_victim() -> None:
    s = pos(hands={"USSR": ["Intelligence Reports", "Scramble"], "US": ["Quarantine"]})
    play(s, "event Intelligence Reports", "command Quarantine")
    # The Command comes with the offer of the US event to the US, first.
    assert s.current_player == "US" and texts(s) == ["accept", "decline"]
    play(s, "accept", "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 2
    assert s.current_player == "USSR" and kind(s) == "command"
    assert place_until_done(s, "USSR", "Berlin") == 1
    assert cube(s, "USSR", "Berlin") == 2
    assert s.data["plays"] == {"USSR": 1, "US": 0}
    assert conserved(s)
    assert on_turn(s, "US")


def test_intelligence_reports_stolen_card_command_takes_the_personal_letter() -> None:
    """The stolen card is played on the thief's own turn: a normal Command,
    so the Letter may join it (SOPs too)."""
    s = pos(hands={"USSR": ["Intelligence Reports", "Scramble"], "US": ["Close Allies"]}, letter="USSR",
            effects={"SOPs": ["USSR"]})
    play(s, "event Intelligence Reports", "command Close Allies")
    assert s.current_player == "USSR" and "letter" in texts(s)  # a UN card: no offer
    s.apply("letter")
    assert place_until_done(s, "USSR", "Atlantic") == 4
    assert defcon(s, "USSR")["Military"] == 5
    assert s.data["letter"] == "US"
    assert s.data["plays"] == {"USSR": 1, "US": 0}
    assert conserved(s)


def test_intelligence_reports_stolen_own_faction_card_may_be_played_for_its_event() -> None:
    s = pos(hands={"USSR": ["Intelligence Reports", "Scramble"], "US": ["Fidel Castro"]})
    s.apply("event Intelligence Reports")
    assert texts(s) == ["command Fidel Castro", "event Fidel Castro", "discard Fidel Castro"]
    play(s, "event Fidel Castro", "place Cuba (Political)", "place Cuba (Political)", "place Cuba (Military)")
    assert cubes(s, "USSR") == {"Cuba (Military)": 2, "Berlin": 1, "Cuba (Political)": 2}
    assert s.data["discard"] == [card_number("Intelligence Reports"), card_number("Fidel Castro")]
    assert conserved(s)
    assert on_turn(s, "US")


def test_intelligence_reports_by_the_us_random_card_keeps_hand_sizes() -> None:
    ussr = ["Close Allies", "Fidel Castro", "Excomm", "Missile Trade"]
    s = pos(hands={"US": ["Intelligence Reports", "Quarantine"], "USSR": ussr}, next="US", seed=11)
    top = s.data["deck"][-1]
    s.apply("event Intelligence Reports")
    assert s.current_player == "US" and kind(s) == "stolen"
    [stolen] = s.data["held"]
    assert CARD_NAME[stolen] in ussr
    rest = [card_number(c) for c in ussr if c != CARD_NAME[stolen]]
    assert sorted(s.data["hands"]["USSR"]) == sorted(rest)
    assert len(s.data["hands"]["USSR"]) == 3 and hand(s, "US") == ["Quarantine"]
    name = CARD_NAME[stolen]
    assert (f"event {name}" in texts(s)) == (CARD_FACTION[stolen] in ("US", "UN"))
    assert conserved(s)
    s.apply(f"discard {name}")
    assert on_turn(s, "USSR") and conserved(s)
    assert sorted(s.data["hands"]["USSR"]) == sorted([*rest, top])


def test_intelligence_reports_for_command_is_a_plain_command() -> None:
    s = pos(hands={"USSR": ["Intelligence Reports", "Scramble"], "US": ["Quarantine"]})
    s.apply("command Intelligence Reports")
    assert place_until_done(s, "USSR", "Berlin") == 2
    assert hand(s, "US") == ["Quarantine"] and s.data["held"] == []
    assert on_turn(s, "US")


def test_intelligence_reports_against_an_empty_hand_takes_nothing() -> None:
    s = pos(hands={"USSR": ["Intelligence Reports", "Scramble"], "US": []})
    s.apply("event Intelligence Reports")
    assert s.log[-1] == "US has no cards: Intelligence Reports takes nothing."
    assert hand(s, "US") == [] and s.data["held"] == []
    assert on_turn(s, "USSR")  # the US has nothing to play
    assert conserved(s)


# ---------------------------------------------------------------------------
# 7 Summit Meeting
# ---------------------------------------------------------------------------
def test_summit_meeting_discards_any_number_and_draws_as_many() -> None:
    s = pos(hands={"USSR": ["Summit Meeting", "Scramble", "SOPs", "Excomm"]})
    deck = s.data["deck"]
    top2 = [deck[-1], deck[-2]]
    s.apply("event Summit Meeting")
    assert s.current_player == "USSR" and kind(s) == "summit"
    assert texts(s) == ["discard SOPs", "discard Scramble", "discard Excomm", "done"]
    refused(s, "discard Summit Meeting", "Summit Meeting is not in USSR's hand")
    play(s, "discard Scramble", "discard Excomm")
    assert hand(s, "USSR") == ["SOPs"]
    s.apply("done")
    assert sorted(s.data["hands"]["USSR"]) == sorted([card_number("SOPs"), *top2])
    assert s.data["discard"] == [card_number(c) for c in ("Summit Meeting", "Scramble", "Excomm")]
    assert s.log[-1] == "USSR draws 2 cards."
    assert conserved(s)
    assert on_turn(s, "US")


def test_summit_meeting_done_at_once_keeps_the_hand() -> None:
    s = pos(hands={"US": ["Summit Meeting", "Quarantine", "Excomm"]}, next="US")
    play(s, "event Summit Meeting", "done")
    assert hand(s, "US") == ["Excomm", "Quarantine"]
    assert s.log[-1] == "US draws no cards."
    assert on_turn(s, "USSR")


def test_summit_meeting_discarding_every_card_redraws_the_whole_hand() -> None:
    s = pos(hands={"US": ["Summit Meeting", "Quarantine", "Excomm"]}, next="US")
    top2 = sorted([s.data["deck"][-1], s.data["deck"][-2]])
    play(s, "event Summit Meeting", "discard Quarantine", "discard Excomm")
    # The hand is empty: the redraw happens without 'done'.
    assert sorted(s.data["hands"]["US"]) == top2
    assert conserved(s)
    assert on_turn(s, "USSR")


def test_summit_meeting_as_the_last_card_does_nothing() -> None:
    s = pos(hands={"USSR": ["Summit Meeting"]})
    s.apply("event Summit Meeting")
    assert hand(s, "USSR") == []
    assert on_turn(s, "US")


# ---------------------------------------------------------------------------
# 8 To the Brink
# ---------------------------------------------------------------------------
def test_to_the_brink_takes_one_cube_from_each_opponent_command() -> None:
    s = pos(hands={"US": ["To the Brink", "Close Allies"], "USSR": ["Fidel Castro", "Scramble"]}, next="US")
    s.apply("event To the Brink")
    assert s.data["fx"]["brink"] == ["USSR"]
    assert s.log[-1] == ("To the Brink: USSR's Commands handle one cube fewer (at least 1) "
                         "for the rest of the round.")
    # The USSR's Fidel Castro (3) commands 2 cubes.
    s.apply("command Fidel Castro")
    assert place_until_done(s, "USSR", "Berlin") == 2
    assert defcon(s, "USSR") == {"Military": 3, "Political": 1, "World Opinion": 1}
    # The US's own Commands are unaffected.
    s.apply("command Close Allies")
    assert place_until_done(s, "US", "Berlin") == 2


def test_to_the_brink_never_below_one_and_the_letter_is_added_after() -> None:
    s = pos(hands={"USSR": ["Scramble", "SOPs"]}, effects={"To the Brink": ["USSR"]}, letter="USSR")
    # SOPs (1) for Command: 1 - 1 would be 0, but a Command handles at least 1; the Letter adds 1.
    play(s, "command SOPs", "letter")
    assert place_until_done(s, "USSR", "Atlantic") == 2
    assert defcon(s, "USSR") == {"Military": 3, "Political": 1, "World Opinion": 1}
    s = pos(hands={"USSR": ["Scramble", "SOPs"]}, effects={"To the Brink": ["USSR"]})
    s.apply("command SOPs")
    assert place_until_done(s, "USSR", "Atlantic") == 1


def test_to_the_brink_by_the_ussr_targets_the_us() -> None:
    s = pos(hands={"USSR": ["To the Brink", "Scramble"], "US": ["Close Allies", "Quarantine"]})
    s.apply("event To the Brink")
    assert s.data["fx"]["brink"] == ["US"]
    s.apply("command Close Allies")
    assert place_until_done(s, "US", "Italy") == 1


def test_to_the_brink_on_event_commands_and_the_option() -> None:
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, effects={"To the Brink": ["USSR"]})
    s.apply("event A Face-Saver")
    assert place_until_done(s, "USSR", "Berlin") == 2
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, effects={"To the Brink": ["USSR"]},
            options={"event_command_modifiers": False})
    s.apply("event A Face-Saver")
    assert place_until_done(s, "USSR", "Berlin") == 3


# ---------------------------------------------------------------------------
# 9 Nuclear Submarines
# ---------------------------------------------------------------------------
def test_nuclear_submarines_places_two_military_cubes_without_defcon() -> None:
    s = pos(hands={"USSR": ["Nuclear Submarines", "Scramble"]})
    s.apply("event Nuclear Submarines")
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "done"]
    refused(s, "place Turkey", "may only use Cuba (Military), Atlantic, Berlin")
    play(s, "place Atlantic", "place Atlantic")
    assert cube(s, "USSR", "Atlantic") == 2
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert on_turn(s, "US")


def test_nuclear_submarines_by_the_us_up_to_the_supply() -> None:
    s = pos(hands={"US": ["Nuclear Submarines", "Quarantine"]}, next="US",
            cubes={"US": {"Turkey": 5, "Italy": 5, "Berlin": 4, "Cuba (Political)": 2}})
    play(s, "event Nuclear Submarines", "place Berlin")
    # 17 cubes on the board: the second cube cannot come.
    assert cubes(s, "US") == {"Berlin": 5, "Cuba (Political)": 2, "Turkey": 5, "Italy": 5}
    assert on_turn(s, "USSR")


def test_nuclear_submarines_with_every_military_arena_full_does_nothing() -> None:
    s = pos(hands={"USSR": ["Nuclear Submarines", "Scramble"]},
            cubes={"USSR": {"Cuba (Military)": 5, "Atlantic": 5, "Berlin": 5}})
    s.apply("event Nuclear Submarines")
    assert on_turn(s, "US")
    assert s.log[-1] == "USSR plays Nuclear Submarines for its event."


# ---------------------------------------------------------------------------
# 10 U Thant
# ---------------------------------------------------------------------------
def test_u_thant_lowers_all_three_markers_one_step() -> None:
    s = pos(hands={"USSR": ["U Thant", "Scramble"]},
            defcon={"USSR": {"Military": 5, "Political": 1, "World Opinion": 3}})
    s.apply("event U Thant")
    # Political is already at the bottom and stays.
    assert defcon(s, "USSR") == {"Military": 4, "Political": 1, "World Opinion": 2}
    assert on_turn(s, "US")


def test_u_thant_by_the_us() -> None:
    s = pos(hands={"US": ["U Thant", "Quarantine"]}, next="US",
            defcon={"US": {"Military": 7, "Political": 4, "World Opinion": 2}})
    s.apply("event U Thant")
    assert defcon(s, "US") == {"Military": 6, "Political": 3, "World Opinion": 1}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}


def test_u_thant_is_blocked_by_containment_and_bay_of_pigs() -> None:
    for effects in ({"Containment": ["US"]}, {"Bay of Pigs": ["US"]}):
        s = pos(hands={"US": ["U Thant", "Quarantine"]}, next="US", effects=effects,
                defcon={"US": {"Military": 5, "Political": 5, "World Opinion": 5}})
        s.apply("event U Thant")
        assert defcon(s, "US") == {"Military": 5, "Political": 5, "World Opinion": 5}
        assert s.log[-1] == "US may not de-escalate by events this round: U Thant does nothing."
        assert on_turn(s, "USSR")


# ---------------------------------------------------------------------------
# 11 Containment
# ---------------------------------------------------------------------------
def test_containment_bans_the_opponent_de_escalating_with_its_own_events() -> None:
    s = pos(hands={"USSR": ["Containment", "Scramble"], "US": ["U Thant", "Quarantine"]},
            defcon={"US": {"Military": 3, "Political": 3, "World Opinion": 3}})
    s.apply("event Containment")
    assert s.data["fx"]["containment"] == ["US"]
    assert s.log[-1] == "Containment: US may not de-escalate DEFCON with events of cards it plays this round."
    s.apply("event U Thant")
    assert defcon(s, "US") == {"Military": 3, "Political": 3, "World Opinion": 3}


def test_containment_does_not_restrict_its_player() -> None:
    s = pos(hands={"US": ["Containment", "U Thant"], "USSR": ["Scramble", "Fidel Castro"]}, next="US",
            defcon={"US": {"Military": 3, "Political": 3, "World Opinion": 3}})
    play(s, "event Containment", "command Scramble", "done", "event U Thant")
    assert s.data["fx"]["containment"] == ["USSR"]
    assert defcon(s, "US") == {"Military": 2, "Political": 2, "World Opinion": 2}


def test_containment_covers_an_accepted_event_unless_the_option_exempts_it() -> None:
    """Q10: the US accepts Mathematical Precision off a USSR Command. The
    seed: an accepted event is resolved "as though they had played it
    themselves", so Containment bans its de-escalation (the default).
    ``containment_offered=False`` (Saito): only cards from the US's own hand
    are covered, so the US may lower its political marker."""
    for options in ({}, {"containment_offered": True}):
        s = pos(hands={"USSR": ["Mathematical Precision", "Scramble"]}, effects={"Containment": ["US"]},
                defcon={"US": {"Political": 4}}, options=options)
        play(s, "command Mathematical Precision", "accept")
        assert texts(s) == ["escalate Political 1", "escalate Political 2", "pass"]
        refused(s, "de-escalate Political 1", "may not de-escalate here")
    s = pos(hands={"USSR": ["Mathematical Precision", "Scramble"]}, effects={"Containment": ["US"]},
            defcon={"US": {"Political": 4}}, options={"containment_offered": False})
    play(s, "command Mathematical Precision", "accept")
    assert s.current_player == "US" and kind(s) == "shift"
    assert "de-escalate Political 2" in texts(s)
    s.apply("de-escalate Political 2")
    assert defcon(s, "US")["Political"] == 2


def test_containment_bay_of_pigs_effect_blocks_offered_events_too() -> None:
    s = pos(hands={"USSR": ["Mathematical Precision", "Scramble"]}, effects={"Bay of Pigs": ["US"]},
            defcon={"US": {"Political": 4}})
    play(s, "command Mathematical Precision", "accept")
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "pass"]


def test_containment_does_not_stop_escalation_or_cubes() -> None:
    s = pos(hands={"US": ["The Guns of August", "Quarantine"]}, next="US", effects={"Containment": ["US"]})
    play(s, "event The Guns of August", "escalate World Opinion 2", "place Berlin")
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 3}
    assert cube(s, "US", "Berlin") == 1


# ---------------------------------------------------------------------------
# 12 A Face-Saver
# ---------------------------------------------------------------------------
def test_a_face_saver_commands_three_then_the_opponent_may_command_one() -> None:
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]})
    s.apply("event A Face-Saver")
    assert s.current_player == "USSR" and kind(s) == "command"
    play(s, "place Berlin", "place Berlin", "place Berlin")
    # Three cubes into one arena: military escalates by 2.
    assert cube(s, "USSR", "Berlin") == 4
    assert defcon(s, "USSR") == {"Military": 4, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US" and kind(s) == "command"
    s.apply("place Turkey")
    assert cubes(s, "US") == {"Turkey": 2, "Italy": 1}
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert on_turn(s, "US")
    assert s.data["plays"] == {"USSR": 1, "US": 0}


def test_a_face_saver_names_itself_in_both_commands_prompts_and_log() -> None:
    """The opponent's Command 1 comes out of nowhere for it: the prompt and
    the log say that A Face-Saver grants it."""
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]})
    s.apply("event A Face-Saver")
    assert s.view("USSR")["decision"]["prompt"] == (
        "USSR: A Face-Saver grants a Command of 3 cubes in one arena (any arena): place or remove, 'done' to stop")
    play(s, "place Berlin")
    assert s.view("USSR")["decision"]["prompt"] == (
        "USSR: Command of A Face-Saver, 1 of 3 cubes placed in Berlin: place more or 'done'")
    play(s, "place Berlin", "place Berlin")
    assert s.log[-2:] == ["USSR places 3 cubes in Berlin with the Command of A Face-Saver (now 4).",
                          "USSR Military DEFCON escalates 2 steps, to 4 (Command)."]
    x = s.view("US")["decision"]
    assert (x["player"], x["card"], x["granted"]) == ("US", 12, True)
    assert x["prompt"] == ("US: A Face-Saver grants a Command of 1 cube in one arena (any arena): "
                           "place or remove, 'done' to stop")
    s.apply("place Turkey")
    assert s.log[-1] == "US places 1 cube in Turkey with the Command of A Face-Saver (now 2)."


def test_a_face_saver_by_the_us_opponent_may_decline() -> None:
    s = pos(hands={"US": ["A Face-Saver", "Quarantine"]}, next="US")
    play(s, "event A Face-Saver", "place Italy", "done")
    assert cube(s, "US", "Italy") == 2
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert s.current_player == "USSR" and kind(s) == "command"
    s.apply("done")
    assert s.log[-1] == "USSR commands no cubes with A Face-Saver."
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1}
    assert on_turn(s, "USSR")


def test_a_face_saver_never_takes_the_personal_letter() -> None:
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, letter="USSR")
    s.apply("event A Face-Saver")
    assert "letter" not in texts(s)
    refused(s, "letter", "only strengthens a Command made with a played card")
    assert place_until_done(s, "USSR", "Atlantic") == 3
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, letter="US")
    play(s, "event A Face-Saver", "done")
    assert s.current_player == "US" and "letter" not in texts(s)
    refused(s, "letter", "only strengthens a Command made with a played card")
    assert place_until_done(s, "US", "Atlantic") == 1
    assert s.data["letter"] == "US"


def test_a_face_saver_removal_de_escalates_unless_banned() -> None:
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, cubes={"USSR": {"Berlin": 4}},
            defcon={"USSR": {"Military": 5}})
    play(s, "event A Face-Saver", "remove Berlin", "remove Berlin", "remove Berlin")
    assert cube(s, "USSR", "Berlin") == 1
    assert defcon(s, "USSR")["Military"] == 3
    # Contained, the USSR still removes the cubes but its marker stays.
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, cubes={"USSR": {"Berlin": 4}},
            defcon={"USSR": {"Military": 5}}, effects={"Containment": ["USSR"]})
    play(s, "event A Face-Saver", "remove Berlin", "remove Berlin", "remove Berlin")
    assert cube(s, "USSR", "Berlin") == 1
    assert defcon(s, "USSR")["Military"] == 5
    assert s.log[-1] == "USSR may not de-escalate by events this round: its marker stays."


def test_a_face_saver_command_refuses_a_second_arena_and_mixing() -> None:
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, cubes={"USSR": {"Berlin": 2}})
    play(s, "event A Face-Saver", "place Berlin")
    refused(s, "place Atlantic", "a Command uses one arena: this one is Berlin")
    refused(s, "remove Berlin", "a Command never both places and removes")
    assert texts(s) == ["place Berlin", "done"]


# ---------------------------------------------------------------------------
# 13 Scramble
# ---------------------------------------------------------------------------
def test_scramble_places_one_cube_in_each_of_three_different_arenas() -> None:
    s = pos(hands={"USSR": ["Scramble", "Close Allies"]})
    play(s, "event Scramble", "place Berlin")
    assert "place Berlin" not in texts(s)
    refused(s, "place Berlin", "at most 1 per arena")
    play(s, "place Turkey", "place Television")
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 2, "Turkey": 1, "Television": 1}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert on_turn(s, "US")


def test_scramble_by_the_us_may_place_fewer_and_skips_full_arenas() -> None:
    s = pos(hands={"US": ["Scramble", "Quarantine"]}, next="US", cubes={"US": {"Italy": 5}})
    s.apply("event Scramble")
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "place Cuba (Political)",
                        "place Turkey", "place Television", "place United Nations", "place Alliances", "done"]
    refused(s, "place Italy", "already has 5 cubes in Italy")
    play(s, "place Alliances", "done")
    assert cubes(s, "US") == {"Italy": 5, "Alliances": 1}
    assert on_turn(s, "USSR")


def test_scramble_stops_when_the_supply_runs_out() -> None:
    s = pos(hands={"USSR": ["Scramble", "Close Allies"]},
            cubes={"USSR": {"Berlin": 5, "Atlantic": 5, "Turkey": 5, "Italy": 1}})
    play(s, "event Scramble", "place Television")
    assert sum(s.data["cubes"]["USSR"]) == 17
    assert on_turn(s, "US")


def test_intelligence_reports_replacement_comes_after_the_taken_card_is_resolved() -> None:
    # The USSR takes Summit Meeting and plays its event: its redraw comes from
    # the top of the deck first; the US replacement is the card after those.
    s = pos(hands={"USSR": ["Intelligence Reports", "Scramble"], "US": ["Summit Meeting"]},
            deck=["SOPs", "U Thant", "Excomm"])
    play(s, "event Intelligence Reports", "event Summit Meeting", "discard Scramble")  # hand empty: draws
    assert hand(s, "USSR") == ["SOPs"]
    assert hand(s, "US") == ["U Thant"]
    assert s.log[-2:] == ["USSR draws 1 card.", "US draws a replacement card."]
    assert on_turn(s, "US")


def test_a_face_saver_removal_under_a_ban_drops_with_option_ban_blocks_symbol_off() -> None:
    for blocks, military in ((True, 4), (False, 2)):
        s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, effects={"Containment": ["USSR"]},
                cubes={"USSR": {"Berlin": 3}}, defcon={"USSR": {"Military": 4}},
                options={"ban_blocks_symbol": blocks})
        play(s, "event A Face-Saver", "remove Berlin", "remove Berlin", "remove Berlin")
        assert cube(s, "USSR", "Berlin") == 0
        assert defcon(s, "USSR")["Military"] == military


def test_a_face_saver_opponent_command_is_not_an_accepted_event_under_containment_offered() -> None:
    # The opponent's Command 1 (2 with SOPs) comes with the card, not as an
    # event the opponent resolves: the containment_offered option does not
    # stop its removal from de-escalating.
    s = pos(hands={"USSR": ["A Face-Saver", "Scramble"]}, options={"containment_offered": True},
            effects={"Containment": ["US"], "SOPs": ["US"]}, cubes={"US": {"Berlin": 3}},
            defcon={"US": {"Military": 5}})
    play(s, "event A Face-Saver", "done", "remove Berlin", "remove Berlin")
    assert cube(s, "US", "Berlin") == 1
    assert defcon(s, "US")["Military"] == 4
