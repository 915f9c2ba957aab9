"""The 13 US strategy card events (cards 14-26), as cards.md describes them.

Each test sets up a position with explicit hands and deck, plays the event by
its action texts and checks the exact cubes, DEFCON markers and prestige that
result. Events are exercised both ways a US card reaches its event: the US
plays it for the event, or the USSR commands with it and the event is offered
to the US first (who then resolves it as "you" during the USSR's turn).

Positions start at phase "plays", so the printed DEFCON start applies unless
a test sets it: US Military 1, Political 2, World Opinion 1; USSR Military 2,
Political 1, World Opinion 1. Default cubes: US 1 Italy, 1 Turkey; USSR 1
Berlin, 1 Cuba (Military).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core.state import State
from brinkmanship.thirteen.board import CARD_NAME
from tests.thirteen.helpers import cube, cubes, defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

# Filler cards that play no part in the tests; they keep both hands non-empty
# so the round carries on to the next turn after an event.
US_FILLER = ["Close Allies"]
USSR_FILLER = ["Fidel Castro"]
DECK = ["SOPs", "U Thant", "Scramble"]
ALL_PLACES = [
    "place Cuba (Military)", "place Atlantic", "place Berlin", "place Cuba (Political)", "place Turkey",
    "place Italy", "place Television", "place United Nations", "place Alliances",
]


def us_event(card: str, **fields: Any) -> State:
    """A position where the US is about to play ``card`` for its event (and
    does so), so the event's first decision is pending."""
    s = position(**{"hands": {"US": [card, *US_FILLER], "USSR": list(USSR_FILLER)}, "deck": list(DECK),
                    "next": "US", **fields})
    s.apply(f"event {card}")
    return s


def ussr_commands(card: str, **fields: Any) -> State:
    """A position where the USSR has just played the US card ``card`` for
    Command, so its event is being offered to the US."""
    s = position(hands={"US": list(US_FILLER), "USSR": [card, *USSR_FILLER]}, deck=list(DECK), next="USSR",
                 **fields)
    s.apply(f"command {card}")
    assert s.current_player == "US"
    assert texts(s) == ["accept", "decline"]
    return s


def refused(s: State, action: str, reason: str) -> None:
    """``action`` raises IllegalActionError naming ``reason``; the state is unchanged."""
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match=re.escape(reason)):
        s.apply(action)
    assert s.to_json() == before


def at_ussr_turn(s: State) -> bool:
    """The event is over and the USSR is to play its next card."""
    return s.current_player == "USSR" and s.data["stack"][-1]["f"] == "turn"


def at_ussr_command(s: State, size: int) -> bool:
    """The offered event is over and the USSR's own Command of ``size`` cubes is pending."""
    f = s.data["stack"][-1]
    return s.current_player == "USSR" and f["f"] == "command" and f["left"] == size and not f["granted"]


START_US = {"Military": 1, "Political": 2, "World Opinion": 1}
START_USSR = {"Military": 2, "Political": 1, "World Opinion": 1}


# ---------------------------------------------------------------------------
# 14 Mathematical Precision: US political 0-2 either way, then Command 1
# ---------------------------------------------------------------------------
def test_mathematical_precision_escalates_political_then_commands_one_cube() -> None:
    s = us_event("Mathematical Precision")
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "de-escalate Political 1", "pass"]
    s.apply("escalate Political 2")
    assert defcon(s, "US") == {"Military": 1, "Political": 4, "World Opinion": 1}
    # The Command: any arena, place or remove, no Personal Letter (an event).
    assert texts(s) == [*ALL_PLACES, "remove Turkey", "remove Italy", "done"]
    s.apply("place Berlin")
    # One cube: the Command ends by itself and moves no marker.
    assert cubes(s, "US") == {"Berlin": 1, "Turkey": 1, "Italy": 1}
    assert defcon(s, "US") == {"Military": 1, "Political": 4, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_mathematical_precision_de_escalates_two_and_may_remove() -> None:
    s = us_event("Mathematical Precision", defcon={"US": {"Political": 5}})
    play(s, "de-escalate Political 2", "remove Italy")
    assert defcon(s, "US") == {"Military": 1, "Political": 3, "World Opinion": 1}
    assert cubes(s, "US") == {"Turkey": 1}
    assert at_ussr_turn(s)


def test_mathematical_precision_pass_and_command_nothing() -> None:
    s = us_event("Mathematical Precision")
    play(s, "pass", "done")
    assert defcon(s, "US") == START_US
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    assert at_ussr_turn(s)


def test_mathematical_precision_refusals_leave_the_state_unchanged() -> None:
    s = us_event("Mathematical Precision")
    refused(s, "escalate Military 1", "this may only move the Political marker")
    refused(s, "de-escalate Political 2", "the marker is at 2; the track ends at 1")
    refused(s, "place Berlin", "does not answer this decision")
    s.apply("pass")
    refused(s, "letter", "the Personal Letter only strengthens a Command made with a played card, never an event")
    s.apply("place Berlin")
    assert cube(s, "US", "Berlin") == 1


def test_mathematical_precision_carries_the_defcon_symbol_with_sops() -> None:
    # SOPs make the event's Command 2 cubes (Q9); two cubes in one arena move
    # the track 1 (Command rule, the card has the DEFCON symbol).
    s = us_event("Mathematical Precision", effects={"SOPs": ["US"]})
    play(s, "pass", "place Television", "place Television")
    assert cube(s, "US", "Television") == 2
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 2}
    assert at_ussr_turn(s)


def test_mathematical_precision_sops_removal_drops_the_marker() -> None:
    s = us_event("Mathematical Precision", effects={"SOPs": ["US"]}, cubes={"US": {"Italy": 3}},
                 defcon={"US": {"Political": 4}})
    play(s, "pass", "remove Italy", "remove Italy")
    assert cube(s, "US", "Italy") == 1
    assert defcon(s, "US")["Political"] == 3


@pytest.mark.parametrize("ban", ["Bay of Pigs", "Containment"])
def test_mathematical_precision_under_a_ban_only_escalates(ban: str) -> None:
    s = us_event("Mathematical Precision", effects={ban: ["US"]}, defcon={"US": {"Political": 4}},
                 cubes={"US": {"Italy": 3}})
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "pass"]
    refused(s, "de-escalate Political 1", "US may not de-escalate here")
    s.apply("pass")
    assert defcon(s, "US")["Political"] == 4


def test_mathematical_precision_ban_keeps_the_marker_when_the_command_removes() -> None:
    s = us_event("Mathematical Precision", effects={"Bay of Pigs": ["US"], "SOPs": ["US"]},
                 cubes={"US": {"Italy": 3}}, defcon={"US": {"Political": 4}})
    play(s, "pass", "remove Italy", "remove Italy")
    assert cube(s, "US", "Italy") == 1
    assert defcon(s, "US")["Political"] == 4


def test_mathematical_precision_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Mathematical Precision", defcon={"US": {"Political": 3}})
    s.apply("accept")
    assert s.current_player == "US"
    play(s, "de-escalate Political 2", "place Alliances")
    assert defcon(s, "US") == {"Military": 1, "Political": 1, "World Opinion": 1}
    assert cube(s, "US", "Alliances") == 1
    # Then the USSR's own Command 3 with the card.
    assert at_ussr_command(s, 3)
    play(s, "place Berlin", "place Berlin", "place Berlin")
    assert cube(s, "USSR", "Berlin") == 4
    assert defcon(s, "USSR") == {"Military": 4, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US"
    assert "US accepts the event of Mathematical Precision." in s.log


def test_mathematical_precision_offered_event_escapes_containment_but_not_bay_of_pigs() -> None:
    # Q10, containment_offered=False (Saito): Containment only covers cards the US played itself.
    s = ussr_commands("Mathematical Precision", effects={"Containment": ["US"]},
                      options={"containment_offered": False})
    s.apply("accept")
    assert "de-escalate Political 1" in texts(s)
    s = ussr_commands("Mathematical Precision", effects={"Bay of Pigs": ["US"]})
    s.apply("accept")
    assert "de-escalate Political 1" not in texts(s)
    # The default (the seed): an accepted event counts as played by the US.
    s = ussr_commands("Mathematical Precision", effects={"Containment": ["US"]})
    s.apply("accept")
    assert "de-escalate Political 1" not in texts(s)


def test_mathematical_precision_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Mathematical Precision")
    s.apply("decline")
    assert at_ussr_command(s, 3)
    assert defcon(s, "US") == START_US
    play(s, "place Atlantic")
    play(s, "done")
    assert cube(s, "USSR", "Atlantic") == 1
    assert "US declines the event of Mathematical Precision." in s.log


# ---------------------------------------------------------------------------
# 15 Excomm: up to 4, at most 2 per arena, only arenas without US cubes; symbol
# ---------------------------------------------------------------------------
def test_excomm_two_and_two_escalate_each_category_once() -> None:
    s = us_event("Excomm")
    # Italy and Turkey hold US cubes: not eligible.
    assert texts(s) == [
        "place Cuba (Military)", "place Atlantic", "place Berlin", "place Cuba (Political)", "place Television",
        "place United Nations", "place Alliances", "done",
    ]
    play(s, "place Berlin", "place Berlin", "place Television", "place Television")
    assert cubes(s, "US") == {"Berlin": 2, "Turkey": 1, "Italy": 1, "Television": 2}
    assert defcon(s, "US") == {"Military": 2, "Political": 2, "World Opinion": 2}
    assert at_ussr_turn(s)


def test_excomm_two_arenas_in_one_category_escalate_separately() -> None:
    s = us_event("Excomm")
    play(s, "place Cuba (Military)", "place Cuba (Military)", "place Atlantic", "place Atlantic")
    assert defcon(s, "US") == {"Military": 3, "Political": 2, "World Opinion": 1}


def test_excomm_single_cubes_move_no_marker() -> None:
    s = us_event("Excomm")
    play(s, "place Berlin", "place Atlantic", "place Cuba (Political)", "place Alliances")
    assert cubes(s, "US") == {"Atlantic": 1, "Berlin": 1, "Cuba (Political)": 1, "Turkey": 1, "Italy": 1,
                              "Alliances": 1}
    assert defcon(s, "US") == START_US
    assert at_ussr_turn(s)


def test_excomm_at_most_two_per_arena_and_only_empty_arenas() -> None:
    s = us_event("Excomm")
    refused(s, "place Italy", "this event may only use")
    play(s, "place Berlin", "place Berlin")
    assert "place Berlin" not in texts(s)
    refused(s, "place Berlin", "at most 2 per arena for this event")
    play(s, "place United Nations", "done")
    assert cubes(s, "US") == {"Berlin": 2, "Turkey": 1, "Italy": 1, "United Nations": 1}
    assert defcon(s, "US") == {"Military": 2, "Political": 2, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_excomm_stops_when_the_supply_runs_out() -> None:
    s = us_event("Excomm", cubes={"US": {"Italy": 5, "Turkey": 5, "Cuba (Political)": 5, "Berlin": 1}})
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Television", "place United Nations",
                        "place Alliances", "done"]
    s.apply("place Atlantic")
    assert sum(s.data["cubes"]["US"]) == 17
    assert at_ussr_turn(s)
    assert defcon(s, "US") == START_US


def test_excomm_with_no_eligible_arena_does_nothing() -> None:
    full = {a.removeprefix("place "): 1 for a in ALL_PLACES}
    s = us_event("Excomm", cubes={"US": full})
    assert at_ussr_turn(s)
    assert cubes(s, "US") == full


def test_excomm_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Excomm", cubes={"US": {"Berlin": 1}, "USSR": {"Atlantic": 1}})
    s.apply("accept")
    # "You" is the US: the arenas without US cubes, whatever the USSR has there.
    assert "place Atlantic" in texts(s) and "place Berlin" not in texts(s)
    play(s, "place Atlantic", "place Atlantic", "place Italy", "place Italy")
    assert cubes(s, "US") == {"Atlantic": 2, "Berlin": 1, "Italy": 2}
    assert defcon(s, "US") == {"Military": 2, "Political": 3, "World Opinion": 1}
    assert at_ussr_command(s, 3)
    play(s, "place Atlantic", "done")
    assert cubes(s, "USSR") == {"Atlantic": 2}
    assert defcon(s, "USSR") == START_USSR


def test_excomm_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Excomm")
    s.apply("decline")
    assert at_ussr_command(s, 3)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    play(s, "place Turkey", "place Turkey")
    s.apply("done")
    assert cube(s, "USSR", "Turkey") == 2
    assert defcon(s, "USSR") == {"Military": 2, "Political": 2, "World Opinion": 1}


# ---------------------------------------------------------------------------
# 16 Public Protests: remove any number of US cubes from one arena; no symbol
# ---------------------------------------------------------------------------
def test_public_protests_empties_one_arena_without_moving_defcon() -> None:
    s = us_event("Public Protests", cubes={"US": {"Berlin": 5, "Italy": 2}}, defcon={"US": {"Military": 6}})
    assert texts(s) == ["remove Berlin", "remove Italy", "done"]
    for _ in range(5):
        s.apply("remove Berlin")
    assert cubes(s, "US") == {"Italy": 2}
    assert defcon(s, "US") == {"Military": 6, "Political": 2, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_public_protests_one_arena_only_and_may_stop() -> None:
    s = us_event("Public Protests", cubes={"US": {"Berlin": 3, "Italy": 2}}, defcon={"US": {"Military": 6}})
    play(s, "remove Berlin")
    assert texts(s) == ["remove Berlin", "done"]
    refused(s, "remove Italy", "this event uses one arena: Berlin")
    refused(s, "place Berlin", "this event removes cubes")
    play(s, "remove Berlin", "done")
    assert cubes(s, "US") == {"Berlin": 1, "Italy": 2}
    assert defcon(s, "US")["Military"] == 6
    assert at_ussr_turn(s)


def test_public_protests_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Public Protests", cubes={"US": {"Atlantic": 3}, "USSR": {"Atlantic": 2}},
                      defcon={"US": {"Military": 5}})
    s.apply("accept")
    # "You" is the US: its own cubes come off.
    assert texts(s) == ["remove Atlantic", "done"]
    play(s, "remove Atlantic", "remove Atlantic", "done")
    assert cube(s, "US", "Atlantic") == 1 and cube(s, "USSR", "Atlantic") == 2
    assert defcon(s, "US")["Military"] == 5
    assert at_ussr_command(s, 3)


def test_public_protests_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Public Protests", cubes={"US": {"Atlantic": 3}})
    s.apply("decline")
    assert at_ussr_command(s, 3)
    assert cube(s, "US", "Atlantic") == 3


# ---------------------------------------------------------------------------
# 17 Lessons of Munich: up to 4 in Berlin, Italy, Turkey, at most 2 each
# ---------------------------------------------------------------------------
def test_lessons_of_munich_places_four_without_moving_defcon() -> None:
    s = us_event("Lessons of Munich")
    assert texts(s) == ["place Berlin", "place Turkey", "place Italy", "done"]
    play(s, "place Berlin", "place Berlin", "place Italy", "place Italy")
    assert cubes(s, "US") == {"Berlin": 2, "Turkey": 1, "Italy": 3}
    assert defcon(s, "US") == START_US
    assert at_ussr_turn(s)


def test_lessons_of_munich_limits_and_refusals() -> None:
    s = us_event("Lessons of Munich", cubes={"US": {"Italy": 4}})
    refused(s, "place Atlantic", "this event may only use Berlin, Turkey, Italy")
    s.apply("place Italy")
    # The 5-cube limit binds before the 2-per-arena limit.
    refused(s, "place Italy", "US already has 5 cubes in Italy")
    play(s, "place Turkey", "place Turkey")
    refused(s, "place Turkey", "at most 2 per arena for this event")
    assert texts(s) == ["place Berlin", "done"]
    s.apply("place Berlin")
    assert cubes(s, "US") == {"Berlin": 1, "Turkey": 2, "Italy": 5}
    assert at_ussr_turn(s)


def test_lessons_of_munich_ends_when_no_cube_fits() -> None:
    s = us_event("Lessons of Munich", cubes={"US": {"Berlin": 5, "Italy": 5, "Turkey": 4}})
    assert texts(s) == ["place Turkey", "done"]
    s.apply("place Turkey")
    assert cubes(s, "US") == {"Berlin": 5, "Turkey": 5, "Italy": 5}
    assert at_ussr_turn(s)


def test_lessons_of_munich_offered_to_the_us_who_accepts_or_declines() -> None:
    s = ussr_commands("Lessons of Munich")
    s.apply("accept")
    play(s, "place Turkey", "done")
    assert cubes(s, "US") == {"Turkey": 2, "Italy": 1}
    assert at_ussr_command(s, 3)
    s = ussr_commands("Lessons of Munich")
    s.apply("decline")
    assert at_ussr_command(s, 3)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}


# ---------------------------------------------------------------------------
# 18 Operation Mongoose: US +1 prestige, then the USSR may move a US marker 1
# ---------------------------------------------------------------------------
def test_operation_mongoose_gives_prestige_then_the_ussr_moves_a_us_marker() -> None:
    s = us_event("Operation Mongoose")
    assert s.data["prestige"] == 1
    assert s.current_player == "USSR"
    assert texts(s) == ["escalate Military 1", "escalate Political 1", "de-escalate Political 1",
                        "escalate World Opinion 1", "pass"]
    refused(s, "escalate Military 2", "at most 1 step")
    s.apply("escalate Political 1")
    assert defcon(s, "US") == {"Military": 1, "Political": 3, "World Opinion": 1}
    assert defcon(s, "USSR") == START_USSR
    assert at_ussr_turn(s)


def test_operation_mongoose_ussr_may_pass() -> None:
    s = us_event("Operation Mongoose", prestige=-3)
    assert s.data["prestige"] == -2
    s.apply("pass")
    assert defcon(s, "US") == START_US
    assert at_ussr_turn(s)


def test_operation_mongoose_prestige_is_capped_at_a_lead_of_five() -> None:
    s = us_event("Operation Mongoose", prestige=5)
    assert s.data["prestige"] == 5
    assert any("capped at a lead of 5" in line for line in s.log)
    s = us_event("Operation Mongoose", prestige=4)
    assert s.data["prestige"] == 5


def test_operation_mongoose_ussr_move_is_not_blocked_by_a_us_ban() -> None:
    # Ruling 57: the USSR, not the US, moves the marker here.
    s = us_event("Operation Mongoose", effects={"Bay of Pigs": ["US"]}, defcon={"US": {"Military": 4}})
    assert "de-escalate Military 1" in texts(s)
    s.apply("de-escalate Military 1")
    assert defcon(s, "US")["Military"] == 3


def test_operation_mongoose_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Operation Mongoose", prestige=-1)
    s.apply("accept")
    assert s.data["prestige"] == 0
    assert s.current_player == "USSR"
    s.apply("escalate World Opinion 1")
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 2}
    assert at_ussr_command(s, 2)
    play(s, "place Berlin", "place Berlin")
    assert cube(s, "USSR", "Berlin") == 3
    assert defcon(s, "USSR")["Military"] == 3
    assert s.current_player == "US"


def test_operation_mongoose_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Operation Mongoose")
    s.apply("decline")
    assert s.data["prestige"] == 0
    assert at_ussr_command(s, 2)


# ---------------------------------------------------------------------------
# 19 Air Strike: halve USSR cubes in a Cuba arena (round up) or 2 on Alliances
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("arena", "before", "after"), [
    ("Cuba (Military)", 5, 2), ("Cuba (Military)", 3, 1), ("Cuba (Political)", 1, 0),
    ("Cuba (Political)", 4, 2), ("Cuba (Military)", 2, 1),
])
def test_air_strike_removes_half_rounded_up(arena: str, before: int, after: int) -> None:
    s = us_event("Air Strike", cubes={"USSR": {arena: before, "Berlin": 2}}, defcon={"USSR": {"Military": 5}})
    assert texts(s) == ["choose remove", "choose place"]
    s.apply("choose remove")
    assert texts(s) == ["target Cuba (Military)", "target Cuba (Political)"]
    s.apply(f"target {arena}")
    assert cube(s, "USSR", arena) == after
    assert cube(s, "USSR", "Berlin") == 2
    assert defcon(s, "USSR") == {"Military": 5, "Political": 1, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_air_strike_places_up_to_two_on_alliances_without_symbol() -> None:
    s = us_event("Air Strike")
    s.apply("choose place")
    assert texts(s) == ["place Alliances", "done"]
    play(s, "place Alliances", "place Alliances")
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1, "Alliances": 2}
    assert defcon(s, "US") == START_US
    assert at_ussr_turn(s)


def test_air_strike_alliances_respects_the_five_cube_limit() -> None:
    s = us_event("Air Strike", cubes={"US": {"Alliances": 4}})
    s.apply("choose place")
    s.apply("place Alliances")
    assert cube(s, "US", "Alliances") == 5
    assert at_ussr_turn(s)


def test_air_strike_refusals_leave_the_state_unchanged() -> None:
    s = us_event("Air Strike", cubes={"USSR": {"Cuba (Military)": 3}})
    refused(s, "choose ban", "does not answer this decision")
    refused(s, "place Alliances", "does not answer this decision")
    s.apply("choose remove")
    refused(s, "target Berlin", "does not answer this decision")
    s.apply("target Cuba (Military)")
    assert cube(s, "USSR", "Cuba (Military)") == 1


def test_air_strike_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Air Strike", cubes={"USSR": {"Cuba (Political)": 5}})
    s.apply("accept")
    assert s.current_player == "US"
    play(s, "choose remove", "target Cuba (Political)")
    assert cube(s, "USSR", "Cuba (Political)") == 2
    assert at_ussr_command(s, 2)
    play(s, "place Cuba (Political)", "place Cuba (Political)")
    assert cube(s, "USSR", "Cuba (Political)") == 4
    assert defcon(s, "USSR")["Political"] == 2


def test_air_strike_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Air Strike", cubes={"USSR": {"Cuba (Political)": 5}})
    s.apply("decline")
    assert cube(s, "USSR", "Cuba (Political)") == 5
    assert at_ussr_command(s, 2)


# ---------------------------------------------------------------------------
# 20 Non-Invasion Pledge: remove up to 2 USSR from Turkey, then US political 0-2
# ---------------------------------------------------------------------------
def test_non_invasion_pledge_removes_then_moves_the_political_marker() -> None:
    s = us_event("Non-Invasion Pledge", cubes={"USSR": {"Turkey": 3}}, defcon={"US": {"Political": 4},
                                                                             "USSR": {"Political": 4}})
    # The removal comes first.
    assert texts(s) == ["remove Turkey", "done"]
    play(s, "remove Turkey", "remove Turkey")
    assert cubes(s, "USSR") == {"Turkey": 1}
    # No DEFCON symbol: the USSR marker stays although 2 cubes left Turkey.
    assert defcon(s, "USSR")["Political"] == 4
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "de-escalate Political 1",
                        "de-escalate Political 2", "pass"]
    s.apply("de-escalate Political 2")
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_non_invasion_pledge_without_ussr_cubes_in_turkey_only_shifts() -> None:
    s = us_event("Non-Invasion Pledge")
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "de-escalate Political 1", "pass"]
    s.apply("escalate Political 1")
    assert defcon(s, "US")["Political"] == 3
    assert at_ussr_turn(s)


def test_non_invasion_pledge_up_to_two_and_refusals() -> None:
    s = us_event("Non-Invasion Pledge", cubes={"USSR": {"Turkey": 1, "Italy": 2}})
    refused(s, "remove Italy", "this event may only use Turkey")
    refused(s, "escalate Political 1", "does not answer this decision")
    s.apply("remove Turkey")
    assert cubes(s, "USSR") == {"Italy": 2}
    refused(s, "escalate Military 1", "this may only move the Political marker")
    s.apply("pass")
    assert defcon(s, "US") == START_US
    assert at_ussr_turn(s)


def test_non_invasion_pledge_removal_may_stop_early() -> None:
    s = us_event("Non-Invasion Pledge", cubes={"USSR": {"Turkey": 4}})
    play(s, "remove Turkey", "done", "pass")
    assert cube(s, "USSR", "Turkey") == 3


@pytest.mark.parametrize("ban", ["Bay of Pigs", "Containment"])
def test_non_invasion_pledge_under_a_ban_only_escalates(ban: str) -> None:
    s = us_event("Non-Invasion Pledge", effects={ban: ["US"]}, defcon={"US": {"Political": 4}},
                 cubes={"USSR": {"Turkey": 2}})
    play(s, "remove Turkey", "remove Turkey")
    assert cube(s, "USSR", "Turkey") == 0
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "pass"]
    refused(s, "de-escalate Political 1", "US may not de-escalate here")
    s.apply("pass")
    assert defcon(s, "US")["Political"] == 4


def test_non_invasion_pledge_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Non-Invasion Pledge", cubes={"USSR": {"Turkey": 2}}, defcon={"US": {"Political": 3}},
                      effects={"Containment": ["US"]}, options={"containment_offered": False})
    s.apply("accept")
    play(s, "remove Turkey", "remove Turkey")
    # containment_offered=False: Containment does not cover an event accepted off the USSR's card (Q10).
    s.apply("de-escalate Political 2")
    assert defcon(s, "US")["Political"] == 1
    assert cubes(s, "USSR") == {}
    assert at_ussr_command(s, 2)
    play(s, "place Turkey", "place Turkey")
    assert cube(s, "USSR", "Turkey") == 2
    assert defcon(s, "USSR")["Political"] == 2


def test_non_invasion_pledge_offered_event_under_bay_of_pigs_only_escalates() -> None:
    s = ussr_commands("Non-Invasion Pledge", defcon={"US": {"Political": 3}}, effects={"Bay of Pigs": ["US"]})
    s.apply("accept")
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "pass"]


def test_non_invasion_pledge_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Non-Invasion Pledge", cubes={"USSR": {"Turkey": 2}})
    s.apply("decline")
    assert cube(s, "USSR", "Turkey") == 2
    assert at_ussr_command(s, 2)


# ---------------------------------------------------------------------------
# 21 Offensive Missiles: only with US political in 1-3: 1 US cube per political arena
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("political", [1, 2, 3])
def test_offensive_missiles_places_one_per_political_arena(political: int) -> None:
    s = us_event("Offensive Missiles", defcon={"US": {"Political": political}})
    assert texts(s) == ["place Cuba (Political)", "place Turkey", "place Italy", "done"]
    s.apply("place Italy")
    refused(s, "place Italy", "at most 1 per arena for this event")
    refused(s, "place Berlin", "this event may only use Cuba (Political), Turkey, Italy")
    play(s, "place Turkey", "place Cuba (Political)")
    assert cubes(s, "US") == {"Cuba (Political)": 1, "Turkey": 2, "Italy": 2}
    assert defcon(s, "US") == {"Military": 1, "Political": political, "World Opinion": 1}
    assert at_ussr_turn(s)


@pytest.mark.parametrize("political", [4, 6, 8])
def test_offensive_missiles_does_nothing_outside_the_defcon_3_zone(political: int) -> None:
    s = us_event("Offensive Missiles", defcon={"US": {"Political": political}})
    assert at_ussr_turn(s)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    assert s.log[-1] == "The US political marker is not in the DEFCON 3 zone: Offensive Missiles does nothing."


def test_offensive_missiles_skips_full_arenas_and_may_stop() -> None:
    s = us_event("Offensive Missiles", cubes={"US": {"Italy": 5}})
    assert texts(s) == ["place Cuba (Political)", "place Turkey", "done"]
    play(s, "place Turkey", "done")
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 5}
    assert at_ussr_turn(s)


def test_offensive_missiles_offered_to_the_us_who_accepts_or_declines() -> None:
    s = ussr_commands("Offensive Missiles", defcon={"US": {"Political": 3}})
    s.apply("accept")
    play(s, "place Cuba (Political)", "done")
    assert cube(s, "US", "Cuba (Political)") == 1
    assert at_ussr_command(s, 2)
    s = ussr_commands("Offensive Missiles", defcon={"US": {"Political": 4}})
    s.apply("accept")
    assert at_ussr_command(s, 2)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    s = ussr_commands("Offensive Missiles")
    s.apply("decline")
    assert at_ussr_command(s, 2)


# ---------------------------------------------------------------------------
# 22 Invasion of Cuba: US military up 0-2, then lower one other marker as much
# ---------------------------------------------------------------------------
def test_invasion_of_cuba_escalates_military_then_lowers_another_marker() -> None:
    s = us_event("Invasion of Cuba", defcon={"US": {"Political": 4, "World Opinion": 3}})
    assert texts(s) == ["escalate Military 1", "escalate Military 2", "pass"]
    s.apply("escalate Military 2")
    assert defcon(s, "US")["Military"] == 3
    assert texts(s) == ["de-escalate Political 2", "de-escalate World Opinion 2", "pass"]
    refused(s, "de-escalate Political 1", "the marker moves exactly 2 steps")
    refused(s, "de-escalate Military 2", "this may only move the Political, World Opinion marker")
    refused(s, "escalate Political 2", "this may only de-escalate")
    s.apply("de-escalate World Opinion 2")
    assert defcon(s, "US") == {"Military": 3, "Political": 4, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_invasion_of_cuba_one_step_and_the_second_step_may_be_skipped() -> None:
    s = us_event("Invasion of Cuba", defcon={"US": {"Political": 4}})
    s.apply("escalate Military 1")
    assert texts(s) == ["de-escalate Political 1", "pass"]
    s.apply("pass")
    assert defcon(s, "US") == {"Military": 2, "Political": 4, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_invasion_of_cuba_second_step_uses_the_steps_actually_escalated() -> None:
    s = us_event("Invasion of Cuba", defcon={"US": {"Military": 7, "Political": 5}})
    # Only one step fits on the track.
    assert texts(s) == ["escalate Military 1", "pass"]
    refused(s, "escalate Military 2", "the marker is at 7; the track ends at 8")
    s.apply("escalate Military 1")
    assert texts(s) == ["de-escalate Political 1", "pass"]
    s.apply("de-escalate Political 1")
    assert defcon(s, "US") == {"Military": 8, "Political": 4, "World Opinion": 1}


def test_invasion_of_cuba_at_the_top_does_nothing() -> None:
    s = us_event("Invasion of Cuba", defcon={"US": {"Military": 8, "Political": 5}})
    assert at_ussr_turn(s)
    assert defcon(s, "US") == {"Military": 8, "Political": 5, "World Opinion": 1}


def test_invasion_of_cuba_pass_first_means_no_second_step() -> None:
    s = us_event("Invasion of Cuba", defcon={"US": {"Political": 5}})
    s.apply("pass")
    assert at_ussr_turn(s)
    assert defcon(s, "US") == {"Military": 1, "Political": 5, "World Opinion": 1}


def test_invasion_of_cuba_second_step_stops_at_the_bottom_of_the_track() -> None:
    # Two steps escalated, but Political can only fall 1 and World Opinion 0.
    s = us_event("Invasion of Cuba")
    s.apply("escalate Military 2")
    assert texts(s) == ["de-escalate Political 1", "pass"]
    s.apply("de-escalate Political 1")
    assert defcon(s, "US") == {"Military": 3, "Political": 1, "World Opinion": 1}


@pytest.mark.parametrize("ban", ["Bay of Pigs", "Containment"])
def test_invasion_of_cuba_ban_blocks_the_second_step(ban: str) -> None:
    s = us_event("Invasion of Cuba", effects={ban: ["US"]}, defcon={"US": {"Political": 5}})
    s.apply("escalate Military 2")
    assert at_ussr_turn(s)
    assert defcon(s, "US") == {"Military": 3, "Political": 5, "World Opinion": 1}
    assert s.log[-1] == "The US may not de-escalate by events this round."


def test_invasion_of_cuba_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Invasion of Cuba", defcon={"US": {"Political": 5}}, effects={"Containment": ["US"]},
                      options={"containment_offered": False})
    s.apply("accept")
    s.apply("escalate Military 2")
    # Q10, containment_offered=False: Containment does not cover the offered event.
    s.apply("de-escalate Political 2")
    assert defcon(s, "US") == {"Military": 3, "Political": 3, "World Opinion": 1}
    assert at_ussr_command(s, 1)
    s.apply("place Atlantic")
    assert cube(s, "USSR", "Atlantic") == 1
    assert s.current_player == "US"


def test_invasion_of_cuba_offered_event_under_bay_of_pigs_skips_the_second_step() -> None:
    s = ussr_commands("Invasion of Cuba", defcon={"US": {"Political": 5}}, effects={"Bay of Pigs": ["US"]})
    play(s, "accept", "escalate Military 1")
    assert at_ussr_command(s, 1)
    assert defcon(s, "US") == {"Military": 2, "Political": 5, "World Opinion": 1}


def test_invasion_of_cuba_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Invasion of Cuba")
    s.apply("decline")
    assert at_ussr_command(s, 1)
    assert defcon(s, "US") == START_US


# ---------------------------------------------------------------------------
# 23 Quarantine: up to 2 US cubes on the Atlantic
# ---------------------------------------------------------------------------
def test_quarantine_places_two_on_the_atlantic_without_moving_defcon() -> None:
    s = us_event("Quarantine")
    assert texts(s) == ["place Atlantic", "done"]
    refused(s, "place Berlin", "this event may only use Atlantic")
    play(s, "place Atlantic", "place Atlantic")
    assert cubes(s, "US") == {"Atlantic": 2, "Turkey": 1, "Italy": 1}
    assert defcon(s, "US") == START_US
    assert at_ussr_turn(s)


def test_quarantine_up_to_means_fewer_and_the_caps_hold() -> None:
    s = us_event("Quarantine")
    play(s, "place Atlantic", "done")
    assert cube(s, "US", "Atlantic") == 1
    s = us_event("Quarantine", cubes={"US": {"Atlantic": 4}})
    s.apply("place Atlantic")
    assert cube(s, "US", "Atlantic") == 5 and at_ussr_turn(s)
    s = us_event("Quarantine", cubes={"US": {"Atlantic": 5}})
    assert at_ussr_turn(s)
    s = us_event("Quarantine", cubes={"US": {"Italy": 5, "Turkey": 5, "Berlin": 5, "Atlantic": 1}})
    s.apply("place Atlantic")
    assert cube(s, "US", "Atlantic") == 2 and sum(s.data["cubes"]["US"]) == 17
    assert at_ussr_turn(s)


def test_quarantine_offered_to_the_us_who_accepts_or_declines() -> None:
    s = ussr_commands("Quarantine")
    play(s, "accept", "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 2
    assert at_ussr_command(s, 1)
    s = ussr_commands("Quarantine")
    s.apply("decline")
    assert cube(s, "US", "Atlantic") == 0
    assert at_ussr_command(s, 1)


# ---------------------------------------------------------------------------
# 24 U-2 Photographs: Command 3 in one military arena; DEFCON symbol
# ---------------------------------------------------------------------------
def test_u_2_photographs_places_three_in_one_military_arena() -> None:
    s = us_event("U-2 Photographs", cubes={"US": {"Berlin": 1}})
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "remove Berlin", "done"]
    refused(s, "place Turkey", "this Command may only use Cuba (Military), Atlantic, Berlin")
    refused(s, "letter", "the Personal Letter only strengthens a Command made with a played card, never an event")
    s.apply("place Atlantic")
    refused(s, "place Berlin", "a Command uses one arena: this one is Atlantic")
    refused(s, "remove Atlantic", "a Command never both places and removes")
    play(s, "place Atlantic", "place Atlantic")
    assert cubes(s, "US") == {"Atlantic": 3, "Berlin": 1}
    assert defcon(s, "US") == {"Military": 3, "Political": 2, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_u_2_photographs_two_cubes_escalate_one() -> None:
    s = us_event("U-2 Photographs")
    play(s, "place Cuba (Military)", "place Cuba (Military)", "done")
    assert cube(s, "US", "Cuba (Military)") == 2
    assert defcon(s, "US")["Military"] == 2


def test_u_2_photographs_may_remove_as_a_command() -> None:
    s = us_event("U-2 Photographs", cubes={"US": {"Berlin": 4}}, defcon={"US": {"Military": 5}})
    play(s, "remove Berlin", "remove Berlin", "remove Berlin")
    assert cubes(s, "US") == {"Berlin": 1}
    assert defcon(s, "US") == {"Military": 3, "Political": 2, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_u_2_photographs_place_only_with_option_event_command_remove_off() -> None:
    s = us_event("U-2 Photographs", cubes={"US": {"Berlin": 4}}, options={"event_command_remove": False})
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "done"]
    refused(s, "remove Berlin", "this event's Command may only place cubes (option event_command_remove is off)")
    s.apply("place Berlin")
    assert cube(s, "US", "Berlin") == 5
    assert at_ussr_turn(s)


@pytest.mark.parametrize("ban", ["Bay of Pigs", "Containment"])
def test_u_2_photographs_ban_keeps_the_marker_when_removing(ban: str) -> None:
    s = us_event("U-2 Photographs", cubes={"US": {"Berlin": 4}}, defcon={"US": {"Military": 5}},
                 effects={ban: ["US"]})
    play(s, "remove Berlin", "remove Berlin", "remove Berlin")
    assert cube(s, "US", "Berlin") == 1
    assert defcon(s, "US")["Military"] == 5
    assert at_ussr_turn(s)


def test_u_2_photographs_command_size_follows_sops_and_to_the_brink() -> None:
    # Q9: event-granted Commands get the round modifiers.
    s = us_event("U-2 Photographs", effects={"SOPs": ["US"]})
    for _ in range(4):
        s.apply("place Atlantic")
    assert cube(s, "US", "Atlantic") == 4
    assert defcon(s, "US")["Military"] == 4
    assert at_ussr_turn(s)
    s = us_event("U-2 Photographs", effects={"To the Brink": ["US"]})
    play(s, "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 2
    assert defcon(s, "US")["Military"] == 2
    assert at_ussr_turn(s)
    s = us_event("U-2 Photographs", effects={"SOPs": ["US"]}, options={"event_command_modifiers": False})
    play(s, "place Atlantic", "place Atlantic", "place Atlantic")
    assert at_ussr_turn(s)


def test_u_2_photographs_stops_at_the_five_cube_limit() -> None:
    s = us_event("U-2 Photographs", cubes={"US": {"Atlantic": 3}})
    play(s, "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 5
    assert defcon(s, "US")["Military"] == 2
    assert at_ussr_turn(s)


def test_u_2_photographs_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("U-2 Photographs")
    s.apply("accept")
    assert s.current_player == "US"
    play(s, "place Berlin", "place Berlin", "place Berlin")
    assert cube(s, "US", "Berlin") == 3
    assert defcon(s, "US")["Military"] == 3
    assert at_ussr_command(s, 1)
    s.apply("place Berlin")
    assert cube(s, "USSR", "Berlin") == 2
    assert defcon(s, "USSR") == START_USSR


def test_u_2_photographs_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("U-2 Photographs")
    s.apply("decline")
    assert at_ussr_command(s, 1)
    assert defcon(s, "US") == START_US


# ---------------------------------------------------------------------------
# 25 Wave and Smile: up to 2 US cubes off arenas and back onto other arenas
# ---------------------------------------------------------------------------
def test_wave_and_smile_moves_two_cubes_onto_other_arenas() -> None:
    s = us_event("Wave and Smile", cubes={"US": {"Italy": 3, "Turkey": 1}}, defcon={"US": {"Political": 4}})
    assert texts(s) == ["remove Turkey", "remove Italy", "done"]
    play(s, "remove Italy", "remove Turkey")
    # Back onto any arena a cube did not come from; no 'done' while one fits.
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "place Cuba (Political)",
                        "place Television", "place United Nations", "place Alliances"]
    refused(s, "place Italy", "this event may only use")
    refused(s, "done", "does not answer this decision")
    play(s, "place Berlin", "place Berlin")
    assert cubes(s, "US") == {"Berlin": 2, "Italy": 2}
    # No DEFCON symbol: neither the two arriving in Berlin nor leaving moves a marker.
    assert defcon(s, "US") == {"Military": 1, "Political": 4, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_wave_and_smile_two_from_one_arena() -> None:
    s = us_event("Wave and Smile", cubes={"US": {"Italy": 3}})
    play(s, "remove Italy", "remove Italy")
    assert "place Italy" not in texts(s)
    play(s, "place Turkey", "place Cuba (Political)")
    assert cubes(s, "US") == {"Cuba (Political)": 1, "Turkey": 1, "Italy": 1}
    assert defcon(s, "US") == START_US


def test_wave_and_smile_one_cube_or_none() -> None:
    s = us_event("Wave and Smile")
    play(s, "remove Italy", "done")
    assert texts(s) == [p for p in ALL_PLACES if p != "place Italy"]
    s.apply("place United Nations")
    assert cubes(s, "US") == {"Turkey": 1, "United Nations": 1}
    assert at_ussr_turn(s)
    s = us_event("Wave and Smile")
    s.apply("done")
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    assert at_ussr_turn(s)


def test_wave_and_smile_only_moves_us_cubes() -> None:
    s = us_event("Wave and Smile", cubes={"US": {"Italy": 1}, "USSR": {"Berlin": 3}})
    assert texts(s) == ["remove Italy", "done"]
    refused(s, "remove Berlin", "US has no cubes in Berlin")


def test_wave_and_smile_re_placement_respects_the_five_cube_limit() -> None:
    s = us_event("Wave and Smile", cubes={"US": {"Berlin": 5, "Atlantic": 5, "Italy": 2}})
    play(s, "remove Italy", "remove Italy")
    assert texts(s) == ["place Cuba (Military)", "place Cuba (Political)", "place Turkey", "place Television",
                        "place United Nations", "place Alliances"]
    refused(s, "place Berlin", "US already has 5 cubes in Berlin")
    play(s, "place Turkey", "place Turkey")
    assert cubes(s, "US") == {"Atlantic": 5, "Berlin": 5, "Turkey": 2}
    assert at_ussr_turn(s)


def test_wave_and_smile_offered_to_the_us_who_accepts_or_declines() -> None:
    s = ussr_commands("Wave and Smile")
    play(s, "accept", "remove Turkey", "remove Italy", "place Television", "place Alliances")
    assert cubes(s, "US") == {"Television": 1, "Alliances": 1}
    assert at_ussr_command(s, 2)
    s = ussr_commands("Wave and Smile")
    s.apply("decline")
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    assert at_ussr_command(s, 2)


# ---------------------------------------------------------------------------
# 26 Eyeball to Eyeball: if US military > USSR military, up to 3 on the Cuba arenas
# ---------------------------------------------------------------------------
def test_eyeball_to_eyeball_three_in_cuba_military_escalates_two() -> None:
    s = us_event("Eyeball to Eyeball", defcon={"US": {"Military": 3}, "USSR": {"Military": 2}})
    assert texts(s) == ["place Cuba (Military)", "place Cuba (Political)", "done"]
    refused(s, "place Atlantic", "this event may only use Cuba (Military), Cuba (Political)")
    play(s, "place Cuba (Military)", "place Cuba (Military)", "place Cuba (Military)")
    assert cubes(s, "US") == {"Cuba (Military)": 3, "Turkey": 1, "Italy": 1}
    assert defcon(s, "US") == {"Military": 5, "Political": 2, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_eyeball_to_eyeball_each_cuba_arena_moves_its_own_track() -> None:
    s = us_event("Eyeball to Eyeball", defcon={"US": {"Military": 3}})
    play(s, "place Cuba (Political)", "place Cuba (Military)", "place Cuba (Political)")
    assert cubes(s, "US") == {"Cuba (Military)": 1, "Cuba (Political)": 2, "Turkey": 1, "Italy": 1}
    assert defcon(s, "US") == {"Military": 3, "Political": 3, "World Opinion": 1}
    assert at_ussr_turn(s)


def test_eyeball_to_eyeball_up_to_and_five_cube_limit() -> None:
    s = us_event("Eyeball to Eyeball", defcon={"US": {"Military": 3}}, cubes={"US": {"Cuba (Military)": 4}})
    s.apply("place Cuba (Military)")
    refused(s, "place Cuba (Military)", "US already has 5 cubes in Cuba (Military)")
    s.apply("done")
    assert cubes(s, "US") == {"Cuba (Military)": 5}
    assert defcon(s, "US")["Military"] == 3
    assert at_ussr_turn(s)


@pytest.mark.parametrize(("us", "ussr"), [(2, 2), (1, 2), (4, 6)])
def test_eyeball_to_eyeball_needs_us_military_strictly_above(us: int, ussr: int) -> None:
    s = us_event("Eyeball to Eyeball", defcon={"US": {"Military": us}, "USSR": {"Military": ussr}})
    assert at_ussr_turn(s)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    assert s.log[-1] == "The US military marker is not above the USSR's: Eyeball to Eyeball does nothing."


def test_eyeball_to_eyeball_offered_to_the_us_who_accepts() -> None:
    s = ussr_commands("Eyeball to Eyeball", defcon={"US": {"Military": 4}, "USSR": {"Military": 3}})
    play(s, "accept", "place Cuba (Military)", "place Cuba (Military)", "done")
    assert cube(s, "US", "Cuba (Military)") == 2
    assert defcon(s, "US")["Military"] == 5
    assert at_ussr_command(s, 1)
    s.apply("place Cuba (Military)")
    assert cube(s, "USSR", "Cuba (Military)") == 2
    assert defcon(s, "USSR")["Military"] == 3
    # The condition fails: accepting does nothing, the USSR commands.
    s = ussr_commands("Eyeball to Eyeball")
    s.apply("accept")
    assert at_ussr_command(s, 1)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}


def test_eyeball_to_eyeball_offered_to_the_us_who_declines() -> None:
    s = ussr_commands("Eyeball to Eyeball", defcon={"US": {"Military": 4}})
    s.apply("decline")
    assert at_ussr_command(s, 1)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}


# ---------------------------------------------------------------------------
# Across the US cards
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["Excomm", "Wave and Smile", "Eyeball to Eyeball"])
def test_us_events_are_never_the_ussrs_to_play(card: str) -> None:
    s = position(hands={"US": list(US_FILLER), "USSR": [card, *USSR_FILLER]}, deck=list(DECK), next="USSR")
    assert f"event {card}" not in texts(s)
    refused(s, f"event {card}", f"{card} is a US card: USSR may only command with it")


def test_u_2_photographs_offered_event_removal_escapes_containment_only_with_containment_offered_off() -> None:
    # Q10, containment_offered=False: the US resolves the event off the USSR's
    # card, so Containment does not stop the Command's DEFCON drop; Bay of Pigs
    # does, and so does Containment by default (the seed).
    s = ussr_commands("U-2 Photographs", cubes={"US": {"Atlantic": 3}}, defcon={"US": {"Military": 5}},
                      effects={"Containment": ["US"]}, options={"containment_offered": False})
    play(s, "accept", "remove Atlantic", "remove Atlantic", "remove Atlantic")
    assert defcon(s, "US")["Military"] == 3
    s = ussr_commands("U-2 Photographs", cubes={"US": {"Atlantic": 3}}, defcon={"US": {"Military": 5}},
                      effects={"Containment": ["US"]})
    play(s, "accept", "remove Atlantic", "remove Atlantic", "remove Atlantic")
    assert defcon(s, "US")["Military"] == 5
    s = ussr_commands("U-2 Photographs", cubes={"US": {"Atlantic": 3}}, defcon={"US": {"Military": 5}},
                      effects={"Bay of Pigs": ["US"]})
    play(s, "accept", "remove Atlantic", "remove Atlantic", "remove Atlantic")
    assert defcon(s, "US")["Military"] == 5
    assert cube(s, "US", "Atlantic") == 0


def test_eyeball_to_eyeball_stops_when_the_supply_runs_out() -> None:
    s = us_event("Eyeball to Eyeball", defcon={"US": {"Military": 3}},
                 cubes={"US": {"Italy": 5, "Turkey": 5, "Berlin": 5, "Atlantic": 1}})
    s.apply("place Cuba (Military)")
    assert sum(s.data["cubes"]["US"]) == 17
    assert defcon(s, "US")["Military"] == 3
    assert at_ussr_turn(s)


@pytest.mark.parametrize(("card", "setup", "first", "rest"), [
    ("Invasion of Cuba", {"defcon": {"US": {"Political": 5}}}, ["escalate Military 2"], ["de-escalate Political 2"]),
    ("Wave and Smile", {}, ["remove Italy", "remove Turkey"], ["place Berlin", "place Television"]),
    ("Air Strike", {"cubes": {"USSR": {"Cuba (Military)": 5}}}, ["choose remove"], ["target Cuba (Military)"]),
    ("Mathematical Precision", {}, ["escalate Political 1"], ["place Alliances"]),
])
def test_us_events_survive_a_save_mid_event(
        card: str, setup: dict[str, Any], first: list[str], rest: list[str]) -> None:
    """A state saved (or cloned) in the middle of an event resumes exactly."""
    # A state loads only with every card somewhere: the rest go under the deck.
    placed = {card, *US_FILLER, *USSR_FILLER, *DECK}
    s = us_event(card, deck=[*DECK, *(n for n in CARD_NAME[1:] if n not in placed)], **setup)
    play(s, *first)
    for side in ("US", "USSR", None):
        s.view(side)
    loaded = bm.load(s.to_json())
    copy = s.clone()
    for t in (s, loaded, copy):
        play(t, *rest)
    assert loaded.to_json() == s.to_json() == copy.to_json()
    assert at_ussr_turn(s)
