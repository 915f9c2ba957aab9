"""The 13 USSR strategy card events (cards 27-39, cards.md "USSR cards").

Each test is a small table situation: a position with explicit hands and
deck, the actions by their text, then the exact cubes, DEFCON markers,
prestige and pending decision. Three ways a USSR event happens are covered:
the USSR plays the card for its event; the US commands with it and the USSR
accepts the offered event (resolved during the US turn, before the US
Command); the USSR declines and only the US Command happens.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core.state import State
from tests.thirteen.helpers import cube, cubes, defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

# A few cards nobody plays in these tests: hands keep a spare card, the deck
# is explicit so nothing depends on a shuffle.
DECK = ["Nuclear Submarines", "Close Allies", "Speech to the Nation", "Scramble"]
USSR_SPARE = "Air Strike"
US_SPARE = "Summit Meeting"


def ussr_plays(card: str, **fields: Any) -> State:
    """The USSR is about to play ``card`` (its first play of round 1)."""
    hands = fields.pop("hands", {})
    fields["hands"] = {"USSR": hands.get("USSR", [card, USSR_SPARE]), "US": hands.get("US", [US_SPARE])}
    fields.setdefault("deck", DECK)
    fields.setdefault("next", "USSR")
    return position(**fields)


def us_commands(card: str, **fields: Any) -> State:
    """The US is about to play the USSR card ``card`` (for Command only)."""
    hands = fields.pop("hands", {})
    fields["hands"] = {"US": hands.get("US", [card, US_SPARE]), "USSR": hands.get("USSR", [USSR_SPARE])}
    fields.setdefault("deck", DECK)
    fields.setdefault("next", "US")
    return position(**fields)


def refused(s: State, action: str, reason: str) -> None:
    """``action`` is illegal, the reason names why, and the state is unchanged."""
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as exc:
        s.apply(action)
    assert reason in exc.value.reason
    assert s.to_json() == before


def kind(s: State) -> str | None:
    """The pending decision's frame kind (turn, offer, command, cubes, ...)."""
    k: str | None = s.view(None)["decision_kind"]
    return k


def prestige(s: State) -> int:
    """The prestige marker (positive: US ahead)."""
    p: int = s.data["prestige"]
    return p


def offer_accepted(s: State, card: str) -> None:
    """The US commands with a USSR card; the USSR is offered the event and accepts."""
    s.apply(f"command {card}")
    assert s.current_player == "USSR" and kind(s) == "offer"
    assert texts(s) == ["accept", "decline"]
    s.apply("accept")


# ---------------------------------------------------------------------------
# Every USSR card: the US may only command with it, and a declined offer
# changes nothing but the US Command.
# ---------------------------------------------------------------------------
USSR_CARDS = [
    ("MRBMs & IRBMs", 3), ("Moscow is our Brain", 3), ("Missile Trade", 3), ("Fidel Castro", 3),
    ("Berlin Blockade", 2), ("Suez-Hungary", 2), ("Maskirovka", 2), ("Bay of Pigs", 2),
    ("Turn Back the Ships", 1), ("Strategic Balance", 1), ("National Liberation", 1), ("U-2 Downed", 2),
    ("Defensive Missiles", 1),
]


@pytest.mark.parametrize(("card", "value"), USSR_CARDS)
def test_ussr_card_event_is_never_the_us_players(card: str, value: int) -> None:
    s = us_commands(card)
    assert texts(s) == [f"command {US_SPARE}", f"command {card}", f"event {US_SPARE}"]
    refused(s, f"event {card}", f"{card} is a USSR card: US may only command with it")


@pytest.mark.parametrize(("card", "value"), USSR_CARDS)
def test_ussr_card_offer_declined_then_the_us_commands(card: str, value: int) -> None:
    s = us_commands(card, cubes={"US": {"Alliances": 2, "Italy": 1}, "USSR": {"Berlin": 1, "Italy": 1}},
                    prestige=1)
    s.apply(f"command {card}")
    assert s.current_player == "USSR" and kind(s) == "offer"
    refused(s, "place Berlin", "does not answer this decision")
    s.apply("decline")
    assert s.log[-1] == f"USSR declines the event of {card}."
    # Nothing of the event happened: the US now commands the card's value.
    assert s.current_player == "US" and kind(s) == "command"
    assert cubes(s, "USSR") == {"Berlin": 1, "Italy": 1}
    assert cubes(s, "US") == {"Alliances": 2, "Italy": 1}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert prestige(s) == 1 and s.data["fx"]["bay_of_pigs"] == []
    for _ in range(value):
        s.apply("place Atlantic")
    assert cube(s, "US", "Atlantic") == value
    assert defcon(s, "US")["Military"] == 1 + value - 1
    assert s.current_player == "USSR" and kind(s) == "turn"
    assert s.data["plays"] == {"USSR": 0, "US": 1}


# ---------------------------------------------------------------------------
# 27 MRBMs & IRBMs: USSR military 0-2 steps either way, then Command 1.
# ---------------------------------------------------------------------------
def test_mrbms_irbms_escalates_military_two_then_commands_one_cube() -> None:
    s = ussr_plays("MRBMs & IRBMs", defcon={"USSR": {"Military": 2}})
    s.apply("event MRBMs & IRBMs")
    assert s.current_player == "USSR" and kind(s) == "shift"
    assert texts(s) == ["escalate Military 1", "escalate Military 2", "de-escalate Military 1", "pass"]
    s.apply("escalate Military 2")
    assert defcon(s, "USSR")["Military"] == 4
    assert kind(s) == "command"
    s.apply("place Atlantic")
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1, "Atlantic": 1}
    # A single cube never moves DEFCON, even with the DEFCON symbol.
    assert defcon(s, "USSR") == {"Military": 4, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US" and kind(s) == "turn"


def test_mrbms_irbms_de_escalates_and_the_command_may_remove() -> None:
    s = ussr_plays("MRBMs & IRBMs", defcon={"USSR": {"Military": 5}},
                   cubes={"USSR": {"Berlin": 2}})
    play(s, "event MRBMs", "de-escalate Military 2", "remove Berlin")
    assert defcon(s, "USSR")["Military"] == 3
    assert cubes(s, "USSR") == {"Berlin": 1}
    assert s.current_player == "US"


def test_mrbms_irbms_pass_and_empty_command_change_nothing() -> None:
    s = ussr_plays("MRBMs & IRBMs")
    play(s, "event MRBMs", "pass", "done")
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1}
    assert s.current_player == "US"


def test_mrbms_irbms_command_is_one_arena_one_cube_without_the_letter() -> None:
    s = ussr_plays("MRBMs & IRBMs", letter="USSR")
    play(s, "event MRBMs", "pass")
    assert "letter" not in texts(s)
    refused(s, "letter", "the Personal Letter only strengthens a Command made with a played card")
    s.apply("place Italy")
    assert cube(s, "USSR", "Italy") == 1
    assert s.current_player == "US" and s.data["letter"] == "USSR"


def test_mrbms_irbms_command_may_remove_even_with_event_command_remove_off() -> None:
    # Q12 only restricts the "Command N in these arenas" events; a Command of
    # 1 in any arena (like The Guns of August) may always place or remove.
    s = ussr_plays("MRBMs & IRBMs", options={"event_command_remove": False})
    play(s, "event MRBMs", "pass")
    assert "remove Berlin" in texts(s)
    s.apply("remove Berlin")
    assert cubes(s, "USSR") == {"Cuba (Military)": 1}


def test_mrbms_irbms_refuses_more_than_two_steps_and_steps_off_the_track() -> None:
    s = ussr_plays("MRBMs & IRBMs", defcon={"USSR": {"Military": 7}})
    s.apply("event MRBMs")
    assert texts(s) == ["escalate Military 1", "de-escalate Military 1", "de-escalate Military 2", "pass"]
    refused(s, "escalate Military 2", "the marker is at 7; the track ends at 8")
    refused(s, "escalate Political 1", "this may only move the Military marker")
    refused(s, "escalate Military 3", "a DEFCON move is 1-2 steps")


def test_mrbms_irbms_under_containment_may_only_escalate() -> None:
    s = ussr_plays("MRBMs & IRBMs", defcon={"USSR": {"Military": 4}}, effects={"Containment": ["USSR"]})
    s.apply("event MRBMs")
    assert texts(s) == ["escalate Military 1", "escalate Military 2", "pass"]
    refused(s, "de-escalate Military 1", "USSR may not de-escalate here")
    play(s, "escalate Military 1", "done")
    assert defcon(s, "USSR")["Military"] == 5


def test_mrbms_irbms_with_sops_commands_two_cubes_and_the_symbol_escalates() -> None:
    s = ussr_plays("MRBMs & IRBMs", effects={"SOPs": ["USSR"]})
    play(s, "event MRBMs", "pass", "place Italy", "place Italy")
    assert cube(s, "USSR", "Italy") == 2
    assert defcon(s, "USSR") == {"Military": 2, "Political": 2, "World Opinion": 1}
    assert s.current_player == "US"


def test_mrbms_irbms_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("MRBMs & IRBMs", defcon={"USSR": {"Military": 3}})
    offer_accepted(s, "MRBMs & IRBMs")
    assert s.current_player == "USSR" and kind(s) == "shift"
    play(s, "escalate Military 1", "place Cuba (Political)")
    assert defcon(s, "USSR")["Military"] == 4
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1, "Cuba (Political)": 1}
    # Back to the US Command of 3 (the US still holds the Letter: +1 possible).
    assert s.current_player == "US" and kind(s) == "command"
    assert "letter" in texts(s)
    play(s, "place Berlin", "place Berlin", "place Berlin")
    assert cube(s, "US", "Berlin") == 3
    assert defcon(s, "US")["Military"] == 3
    assert s.current_player == "USSR" and s.data["plays"] == {"USSR": 0, "US": 1}


# ---------------------------------------------------------------------------
# 28 Moscow is our Brain: up to 4, at most 2 per arena, only arenas already
# holding USSR cubes; 2 in one arena escalates that category by 1.
# ---------------------------------------------------------------------------
def test_moscow_is_our_brain_places_in_held_arenas_and_escalates_per_arena() -> None:
    s = ussr_plays("Moscow is our Brain", cubes={"USSR": {"Berlin": 1, "Cuba (Military)": 1, "Italy": 1}})
    s.apply("event Moscow is our Brain")
    assert kind(s) == "cubes"
    assert texts(s) == ["place Cuba (Military)", "place Berlin", "place Italy", "done"]
    play(s, "place Berlin", "place Berlin")
    assert "place Berlin" not in texts(s)
    play(s, "place Italy", "place Cuba (Military)")
    assert cubes(s, "USSR") == {"Cuba (Military)": 2, "Berlin": 3, "Italy": 2}
    # Berlin got 2: military +1; Italy and Cuba (Military) got 1 each: nothing.
    assert defcon(s, "USSR") == {"Military": 3, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US"


def test_moscow_is_our_brain_counts_arenas_separately() -> None:
    s = ussr_plays("Moscow is our Brain", cubes={"USSR": {"Berlin": 1, "Cuba (Military)": 1}})
    play(s, "event Moscow", "place Berlin", "place Berlin", "place Cuba (Military)", "place Cuba (Military)")
    assert cubes(s, "USSR") == {"Cuba (Military)": 3, "Berlin": 3}
    # Two arenas of 2 each: +1 and +1, not the +3 of four cubes in one arena.
    assert defcon(s, "USSR")["Military"] == 4


def test_moscow_is_our_brain_refuses_empty_arenas_and_a_third_cube() -> None:
    s = ussr_plays("Moscow is our Brain", cubes={"USSR": {"Berlin": 1, "Italy": 1}})
    s.apply("event Moscow")
    refused(s, "place Atlantic", "this event may only use Berlin, Italy")
    refused(s, "remove Berlin", "this event places cubes")
    play(s, "place Berlin", "place Berlin")
    refused(s, "place Berlin", "at most 2 per arena")


def test_moscow_is_our_brain_up_to_four_may_stop_early() -> None:
    s = ussr_plays("Moscow is our Brain", cubes={"USSR": {"Berlin": 1, "Italy": 1}})
    play(s, "event Moscow", "place Italy", "done")
    assert cubes(s, "USSR") == {"Berlin": 1, "Italy": 2}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US"


def test_moscow_is_our_brain_respects_the_five_cube_cap() -> None:
    s = ussr_plays("Moscow is our Brain", cubes={"USSR": {"Berlin": 4, "Television": 5}})
    s.apply("event Moscow")
    assert texts(s) == ["place Berlin", "done"]
    s.apply("place Berlin")
    # Berlin is full and Television was full from the start: the event ends.
    assert cubes(s, "USSR") == {"Berlin": 5, "Television": 5}
    assert defcon(s, "USSR")["Military"] == 2
    assert s.current_player == "US"


def test_moscow_is_our_brain_stops_when_the_supply_of_17_is_used_up() -> None:
    s = ussr_plays("Moscow is our Brain",
                   cubes={"USSR": {"Berlin": 1, "Television": 5, "United Nations": 5, "Alliances": 5}})
    play(s, "event Moscow", "place Berlin")
    assert sum(s.data["cubes"]["USSR"]) == 17
    assert cube(s, "USSR", "Berlin") == 2
    assert s.current_player == "US"


def test_moscow_is_our_brain_with_no_ussr_cubes_does_nothing() -> None:
    s = ussr_plays("Moscow is our Brain", cubes={"US": {"Italy": 1}})
    s.apply("event Moscow")
    assert cubes(s, "USSR") == {}
    assert s.current_player == "US" and kind(s) == "turn"


def test_moscow_is_our_brain_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("Moscow is our Brain", cubes={"USSR": {"Italy": 2}, "US": {"Italy": 1}})
    offer_accepted(s, "Moscow is our Brain")
    assert s.current_player == "USSR" and texts(s) == ["place Italy", "done"]
    play(s, "place Italy", "place Italy")
    assert cube(s, "USSR", "Italy") == 4
    assert defcon(s, "USSR")["Political"] == 2
    assert s.current_player == "US" and kind(s) == "command"
    play(s, "place Italy", "done")
    assert cube(s, "US", "Italy") == 2
    assert s.current_player == "USSR" and kind(s) == "turn"


# ---------------------------------------------------------------------------
# 29 Missile Trade: remove up to 3; each arena losing k >= 2 de-escalates its
# category by k-1; a ban keeps the marker (Q11) unless ban_blocks_symbol is off.
# ---------------------------------------------------------------------------
def test_missile_trade_removes_three_and_de_escalates_per_arena() -> None:
    s = ussr_plays("Missile Trade", defcon={"USSR": {"Military": 5, "Political": 4}},
                   cubes={"USSR": {"Berlin": 3, "Italy": 2}})
    s.apply("event Missile Trade")
    assert texts(s) == ["remove Berlin", "remove Italy", "done"]
    play(s, "remove Berlin", "remove Berlin", "remove Italy")
    assert cubes(s, "USSR") == {"Berlin": 1, "Italy": 1}
    assert defcon(s, "USSR") == {"Military": 4, "Political": 4, "World Opinion": 1}
    assert s.current_player == "US"


def test_missile_trade_three_from_one_arena_lowers_two_steps() -> None:
    s = ussr_plays("Missile Trade", defcon={"USSR": {"World Opinion": 6}}, cubes={"USSR": {"Alliances": 4}})
    play(s, "event Missile Trade", "remove Alliances", "remove Alliances", "remove Alliances")
    assert cubes(s, "USSR") == {"Alliances": 1}
    assert defcon(s, "USSR")["World Opinion"] == 4
    assert s.current_player == "US"


def test_missile_trade_one_cube_per_arena_moves_nothing() -> None:
    s = ussr_plays("Missile Trade", defcon={"USSR": {"Military": 5, "Political": 5}},
                   cubes={"USSR": {"Berlin": 1, "Atlantic": 1, "Italy": 1}})
    play(s, "event Missile Trade", "remove Berlin", "remove Atlantic", "remove Italy")
    assert cubes(s, "USSR") == {}
    assert defcon(s, "USSR") == {"Military": 5, "Political": 5, "World Opinion": 1}


def test_missile_trade_up_to_three_may_stop_early_and_refuses_empty_arenas() -> None:
    s = ussr_plays("Missile Trade", defcon={"USSR": {"Military": 5}}, cubes={"USSR": {"Berlin": 3}})
    s.apply("event Missile Trade")
    refused(s, "remove Atlantic", "USSR has no cubes in Atlantic")
    refused(s, "place Berlin", "this event removes cubes")
    play(s, "remove Berlin", "done")
    assert cubes(s, "USSR") == {"Berlin": 2}
    assert defcon(s, "USSR")["Military"] == 5


def test_missile_trade_under_a_ban_removes_cubes_but_the_marker_stays() -> None:
    s = ussr_plays("Missile Trade", defcon={"USSR": {"Military": 5}}, cubes={"USSR": {"Berlin": 3}},
                   effects={"Containment": ["USSR"]})
    play(s, "event Missile Trade", "remove Berlin", "remove Berlin", "remove Berlin")
    assert cubes(s, "USSR") == {}
    assert defcon(s, "USSR")["Military"] == 5
    assert s.log[-1] == "USSR may not de-escalate by events this round: its marker stays."


def test_missile_trade_ban_with_ban_blocks_symbol_off_lowers_the_marker() -> None:
    s = ussr_plays("Missile Trade", defcon={"USSR": {"Military": 5}}, cubes={"USSR": {"Berlin": 3}},
                   effects={"Containment": ["USSR"]}, options={"ban_blocks_symbol": False})
    play(s, "event Missile Trade", "remove Berlin", "remove Berlin", "remove Berlin")
    assert cubes(s, "USSR") == {}
    assert defcon(s, "USSR")["Military"] == 3


def test_missile_trade_stops_at_the_bottom_of_the_track() -> None:
    s = ussr_plays("Missile Trade", defcon={"USSR": {"Military": 2}}, cubes={"USSR": {"Berlin": 3}})
    play(s, "event Missile Trade", "remove Berlin", "remove Berlin", "remove Berlin")
    assert defcon(s, "USSR")["Military"] == 1


def test_missile_trade_accepted_under_containment_lowers_only_with_containment_offered_off() -> None:
    # Q10 default (the seed): the accepted event counts as played by the USSR, so the ban holds.
    fields: dict[str, Any] = {"defcon": {"USSR": {"Military": 5}}, "cubes": {"USSR": {"Berlin": 2}},
                              "effects": {"Containment": ["USSR"]}}
    s = us_commands("Missile Trade", **fields)
    offer_accepted(s, "Missile Trade")
    play(s, "remove Berlin", "remove Berlin")
    assert cubes(s, "USSR") == {}
    assert defcon(s, "USSR")["Military"] == 5
    assert s.current_player == "US" and kind(s) == "command"
    # containment_offered=False (Saito): the US played this card, so Containment does not apply.
    s = us_commands("Missile Trade", options={"containment_offered": False}, **fields)
    offer_accepted(s, "Missile Trade")
    play(s, "remove Berlin", "remove Berlin")
    assert cubes(s, "USSR") == {}
    assert defcon(s, "USSR")["Military"] == 4


# ---------------------------------------------------------------------------
# 30 Fidel Castro: up to 3 on the Cuba arenas, no DEFCON symbol.
# ---------------------------------------------------------------------------
def test_fidel_castro_places_three_in_cuba_without_moving_defcon() -> None:
    s = ussr_plays("Fidel Castro", cubes={"USSR": {"Cuba (Military)": 1}})
    s.apply("event Fidel Castro")
    assert texts(s) == ["place Cuba (Military)", "place Cuba (Political)", "done"]
    play(s, "place Cuba (Political)", "place Cuba (Political)", "place Cuba (Political)")
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Cuba (Political)": 3}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US"


def test_fidel_castro_splits_and_refuses_other_arenas() -> None:
    s = ussr_plays("Fidel Castro", cubes={})
    play(s, "event Fidel Castro", "place Cuba (Military)")
    refused(s, "place Berlin", "this event may only use Cuba (Military), Cuba (Political)")
    play(s, "place Cuba (Military)", "place Cuba (Political)")
    assert cubes(s, "USSR") == {"Cuba (Military)": 2, "Cuba (Political)": 1}
    assert defcon(s, "USSR")["Military"] == 2
    assert s.current_player == "US"


def test_fidel_castro_respects_the_five_cube_cap() -> None:
    s = ussr_plays("Fidel Castro", cubes={"USSR": {"Cuba (Military)": 4}})
    play(s, "event Fidel Castro", "place Cuba (Military)")
    assert texts(s) == ["place Cuba (Political)", "done"]
    refused(s, "place Cuba (Military)", "USSR already has 5 cubes in Cuba (Military)")
    s.apply("place Cuba (Political)")
    s.apply("done")
    assert cubes(s, "USSR") == {"Cuba (Military)": 5, "Cuba (Political)": 1}


def test_fidel_castro_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("Fidel Castro", cubes={"US": {"Cuba (Political)": 1}})
    offer_accepted(s, "Fidel Castro")
    play(s, "place Cuba (Military)", "place Cuba (Military)", "place Cuba (Military)")
    assert cubes(s, "USSR") == {"Cuba (Military)": 3}
    assert defcon(s, "USSR")["Military"] == 2
    assert s.current_player == "US" and kind(s) == "command"
    play(s, "letter", "place Cuba (Political)", "place Cuba (Political)", "place Cuba (Political)",
         "place Cuba (Political)")
    assert cube(s, "US", "Cuba (Political)") == 5
    assert defcon(s, "US")["Political"] == 5
    assert s.data["letter"] == "USSR"


# ---------------------------------------------------------------------------
# 31 Berlin Blockade: USSR +2 prestige (lead capped at 5); then the US may
# move one USSR marker 0-2 steps either way.
# ---------------------------------------------------------------------------
def test_berlin_blockade_gives_two_prestige_then_the_us_moves_a_ussr_marker() -> None:
    s = ussr_plays("Berlin Blockade", prestige=1, defcon={"USSR": {"Military": 3}})
    s.apply("event Berlin Blockade")
    assert prestige(s) == -1
    assert s.log[-1] == "USSR gains 2 prestige (Berlin Blockade). Prestige: USSR +1."
    assert s.current_player == "US" and kind(s) == "shift"
    assert texts(s) == [
        "escalate Military 1", "escalate Military 2", "de-escalate Military 1", "de-escalate Military 2",
        "escalate Political 1", "escalate Political 2",
        "escalate World Opinion 1", "escalate World Opinion 2", "pass",
    ]
    s.apply("escalate Military 2")
    assert defcon(s, "USSR") == {"Military": 5, "Political": 1, "World Opinion": 1}
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert s.current_player == "US" and kind(s) == "turn"


def test_berlin_blockade_us_may_lower_a_ussr_marker_or_pass() -> None:
    s = ussr_plays("Berlin Blockade", defcon={"USSR": {"Political": 5}})
    play(s, "event Berlin Blockade", "de-escalate Political 2")
    assert defcon(s, "USSR")["Political"] == 3
    s = ussr_plays("Berlin Blockade", defcon={"USSR": {"Political": 5}})
    play(s, "event Berlin Blockade", "pass")
    assert defcon(s, "USSR") == {"Military": 2, "Political": 5, "World Opinion": 1}
    assert prestige(s) == -2


def test_berlin_blockade_prestige_lead_is_capped_at_five() -> None:
    s = ussr_plays("Berlin Blockade", prestige=-4)
    s.apply("event Berlin Blockade")
    assert prestige(s) == -5
    assert "(capped at a lead of 5)" in s.log[-1]
    s = ussr_plays("Berlin Blockade", prestige=-5)
    s.apply("event Berlin Blockade")
    assert prestige(s) == -5


def test_berlin_blockade_refuses_moves_off_the_track_and_by_the_ussr() -> None:
    s = ussr_plays("Berlin Blockade", defcon={"USSR": {"Military": 8}})
    s.apply("event Berlin Blockade")
    refused(s, "de-escalate Political 1", "the marker is at 1; the track ends at 1")
    refused(s, "escalate Military 1", "the marker is at 8; the track ends at 8")
    refused(s, "place Berlin", "does not answer this decision")
    assert s.current_player == "US"


def test_berlin_blockade_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("Berlin Blockade", defcon={"USSR": {"World Opinion": 3}})
    offer_accepted(s, "Berlin Blockade")
    assert prestige(s) == -2
    assert s.current_player == "US" and kind(s) == "shift"
    s.apply("escalate World Opinion 2")
    assert defcon(s, "USSR")["World Opinion"] == 5
    assert s.current_player == "US" and kind(s) == "command"
    play(s, "place Alliances", "place Alliances")
    assert cube(s, "US", "Alliances") == 2
    assert defcon(s, "US")["World Opinion"] == 2
    assert s.current_player == "USSR"


# ---------------------------------------------------------------------------
# 32 Suez-Hungary: USSR cubes into Italy one at a time until one more than
# the US, 5 there, or an empty reserve; nothing if already ahead. No choices.
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("us", "ussr", "after"), [
    (2, 0, 3),   # one more than the US
    (1, 1, 2),   # tied: one cube is enough
    (0, 0, 1),
    (5, 1, 5),   # the 5-cube cap stops it at a tie
    (4, 4, 5),
    (1, 2, 2),   # already ahead: nothing
    (0, 3, 3),
])
def test_suez_hungary_fills_italy_to_one_more_than_the_us(us: int, ussr: int, after: int) -> None:
    s = ussr_plays("Suez-Hungary", cubes={"US": {"Italy": us}, "USSR": {"Italy": ussr}},
                   defcon={"USSR": {"Political": 2}})
    s.apply("event Suez-Hungary")
    assert cube(s, "USSR", "Italy") == after
    assert cube(s, "US", "Italy") == us
    # No decision and no DEFCON symbol, however many cubes went in.
    assert defcon(s, "USSR")["Political"] == 2
    assert s.current_player == "US" and kind(s) == "turn"
    n = after - ussr
    word = "cube" if n == 1 else "cubes"
    assert s.log[-1] == f"Suez-Hungary: the USSR places {n} {word} in Italy (USSR {after}, US {us})."


def test_suez_hungary_stops_when_the_reserve_is_empty() -> None:
    s = ussr_plays("Suez-Hungary", cubes={
        "US": {"Italy": 4}, "USSR": {"Italy": 1, "Television": 5, "United Nations": 5, "Alliances": 5}})
    s.apply("event Suez-Hungary")
    assert cube(s, "USSR", "Italy") == 2
    assert sum(s.data["cubes"]["USSR"]) == 17


def test_suez_hungary_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("Suez-Hungary", cubes={"US": {"Italy": 2}})
    offer_accepted(s, "Suez-Hungary")
    assert cube(s, "USSR", "Italy") == 3
    assert s.current_player == "US" and kind(s) == "command"
    play(s, "place Italy", "place Italy")
    assert cubes(s, "US") == {"Italy": 4}
    assert defcon(s, "US")["Political"] == 3


# ---------------------------------------------------------------------------
# 33 Maskirovka: only with USSR military in the DEFCON 3 zone (1-3); up to
# one cube on each military arena.
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("military", [1, 2, 3])
def test_maskirovka_places_one_cube_per_military_arena_in_defcon_3(military: int) -> None:
    s = ussr_plays("Maskirovka", defcon={"USSR": {"Military": military}}, cubes={"USSR": {"Berlin": 1}})
    s.apply("event Maskirovka")
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "done"]
    play(s, "place Berlin", "place Atlantic", "place Cuba (Military)")
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Atlantic": 1, "Berlin": 2}
    assert defcon(s, "USSR")["Military"] == military
    assert s.current_player == "US"


@pytest.mark.parametrize("military", [4, 6, 7])
def test_maskirovka_does_nothing_outside_the_defcon_3_zone(military: int) -> None:
    s = ussr_plays("Maskirovka", defcon={"USSR": {"Military": military}}, cubes={"USSR": {"Berlin": 1}})
    s.apply("event Maskirovka")
    assert cubes(s, "USSR") == {"Berlin": 1}
    assert s.log[-1] == "The USSR military marker is not in the DEFCON 3 zone: Maskirovka does nothing."
    assert s.current_player == "US" and kind(s) == "turn"


def test_maskirovka_refuses_a_second_cube_and_non_military_arenas() -> None:
    s = ussr_plays("Maskirovka", cubes={})
    play(s, "event Maskirovka", "place Atlantic")
    refused(s, "place Atlantic", "at most 1 per arena")
    refused(s, "place Cuba (Political)", "this event may only use Cuba (Military), Atlantic, Berlin")
    s.apply("done")
    assert cubes(s, "USSR") == {"Atlantic": 1}
    assert s.current_player == "US"


def test_maskirovka_offered_checks_the_marker_when_it_resolves() -> None:
    s = us_commands("Maskirovka", defcon={"USSR": {"Military": 3}}, cubes={})
    offer_accepted(s, "Maskirovka")
    play(s, "place Berlin", "done")
    assert cubes(s, "USSR") == {"Berlin": 1}
    assert s.current_player == "US" and kind(s) == "command"
    s = us_commands("Maskirovka", defcon={"USSR": {"Military": 4}}, cubes={})
    offer_accepted(s, "Maskirovka")
    assert cubes(s, "USSR") == {}
    assert s.current_player == "US" and kind(s) == "command"


# ---------------------------------------------------------------------------
# 34 Bay of Pigs: the US removes 2 of its cubes from Alliances (only with 2+
# there) or accepts a ban on event de-escalation for the rest of the round.
# ---------------------------------------------------------------------------
def test_bay_of_pigs_us_chooses_to_remove_two_from_alliances() -> None:
    s = ussr_plays("Bay of Pigs", cubes={"US": {"Alliances": 2}})
    s.apply("event Bay of Pigs")
    assert s.current_player == "US" and kind(s) == "ask"
    assert texts(s) == ["choose remove", "choose ban"]
    refused(s, "choose place", "does not answer this decision")
    s.apply("choose remove")
    assert cubes(s, "US") == {}
    assert s.data["fx"]["bay_of_pigs"] == []
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert s.current_player == "US" and kind(s) == "turn"


def test_bay_of_pigs_us_chooses_the_ban_and_keeps_its_cubes() -> None:
    s = ussr_plays("Bay of Pigs", cubes={"US": {"Alliances": 3}})
    play(s, "event Bay of Pigs", "choose ban")
    assert cubes(s, "US") == {"Alliances": 3}
    assert s.data["fx"]["bay_of_pigs"] == ["US"]
    assert s.view("US")["effects"] == {"Bay of Pigs": ["US"]}


@pytest.mark.parametrize("alliances", [0, 1])
def test_bay_of_pigs_without_two_in_alliances_the_ban_is_forced(alliances: int) -> None:
    s = ussr_plays("Bay of Pigs", cubes={"US": {"Alliances": alliances}})
    s.apply("event Bay of Pigs")
    assert s.current_player == "US" and kind(s) == "turn"
    assert s.data["fx"]["bay_of_pigs"] == ["US"]
    assert cube(s, "US", "Alliances") == alliances
    refused(s, "choose remove", "does not answer this decision")


def test_bay_of_pigs_ban_blocks_u_thant() -> None:
    s = ussr_plays("Bay of Pigs", cubes={}, defcon={"US": {"Military": 3, "Political": 3, "World Opinion": 3}},
                   hands={"US": ["U Thant", US_SPARE]})
    play(s, "event Bay of Pigs", "event U Thant")
    assert defcon(s, "US") == {"Military": 3, "Political": 3, "World Opinion": 3}
    assert s.log[-1] == "US may not de-escalate by events this round: U Thant does nothing."


def test_bay_of_pigs_ban_blocks_the_mathematical_precision_down_move_only() -> None:
    s = ussr_plays("Bay of Pigs", cubes={"US": {"Italy": 3}}, defcon={"US": {"Political": 4}},
                   hands={"US": ["Mathematical Precision", US_SPARE]}, effects={"SOPs": ["US"]})
    play(s, "event Bay of Pigs", "event Mathematical Precision")
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "pass"]
    refused(s, "de-escalate Political 2", "US may not de-escalate here")
    s.apply("pass")
    # Its Command (2 cubes with SOPs) may remove, but the marker stays.
    play(s, "remove Italy", "remove Italy")
    assert cubes(s, "US") == {"Italy": 1}
    assert defcon(s, "US")["Political"] == 4
    assert s.log[-1] == "US may not de-escalate by events this round: its marker stays."


def test_bay_of_pigs_ban_leaves_card_commands_and_escalation_alone() -> None:
    s = ussr_plays("Bay of Pigs", cubes={"US": {"Italy": 3}}, defcon={"US": {"Political": 4}},
                   hands={"US": ["Quarantine", US_SPARE]})
    play(s, "event Bay of Pigs", "command Quarantine", "remove Italy")
    # A Command with a played card is no event: Quarantine's 1 cube, no DEFCON.
    assert cubes(s, "US") == {"Italy": 2}
    s = ussr_plays("Bay of Pigs", cubes={"US": {"Italy": 3}}, defcon={"US": {"Political": 4}},
                   hands={"US": ["Excomm", US_SPARE]})
    play(s, "event Bay of Pigs", "command Excomm", "remove Italy", "remove Italy", "remove Italy")
    assert cubes(s, "US") == {}
    assert defcon(s, "US")["Political"] == 2


def test_bay_of_pigs_ban_expires_at_the_end_of_the_round() -> None:
    # Last plays of round 1: the USSR plays Bay of Pigs, the US tries U Thant.
    s = position(
        plays={"USSR": 3, "US": 3}, next="USSR", cubes={},
        defcon={"US": {"Military": 2, "Political": 3, "World Opinion": 2}},
        hands={"USSR": ["Bay of Pigs", "Fidel Castro"], "US": ["U Thant", "Excomm"]},
        deck=["Scramble", "Close Allies", "Nuclear Submarines", "SOPs", "Fifty-Fifty",
              "Quarantine", "Mathematical Precision", "Speech to the Nation", "Public Protests", "Wave and Smile"],
    )
    play(s, "event Bay of Pigs", "event U Thant")
    assert "US may not de-escalate by events this round: U Thant does nothing." in s.log
    # Those were the last plays: the round ends (Aftermath, no world opinion
    # bonuses, no agendas, no war) and round 2 begins with the escalation.
    assert s.data["round"] == 2
    assert s.data["aftermath"] == [["US", 15], ["USSR", 30]]
    assert s.data["fx"]["bay_of_pigs"] == []
    assert defcon(s, "US") == {"Military": 3, "Political": 4, "World Opinion": 3}
    while kind(s) == "agenda":
        s.apply(texts(s)[0])
    assert s.current_player == "USSR" and kind(s) == "initiative"
    s.apply("first US")
    assert s.view("US")["hand"] == [1, 14, 16, 23, 25]
    play(s, "event Mathematical Precision")
    assert "de-escalate Political 2" in texts(s)
    play(s, "de-escalate Political 2", "done")
    assert defcon(s, "US") == {"Military": 3, "Political": 2, "World Opinion": 3}


def test_bay_of_pigs_offered_to_the_ussr_then_the_us_chooses_and_commands() -> None:
    s = us_commands("Bay of Pigs", cubes={"US": {"Alliances": 2}})
    offer_accepted(s, "Bay of Pigs")
    assert s.current_player == "US" and kind(s) == "ask"
    s.apply("choose ban")
    assert s.data["fx"]["bay_of_pigs"] == ["US"]
    assert s.current_player == "US" and kind(s) == "command"
    play(s, "remove Alliances", "remove Alliances")
    # The ban covers events only: this Command is the card's own.
    assert cubes(s, "US") == {}
    assert s.current_player == "USSR"


# ---------------------------------------------------------------------------
# 35 Turn Back the Ships: lower the most escalated USSR marker 0-2 steps
# (the USSR picks among tied markers); a de-escalation ban blocks it.
# ---------------------------------------------------------------------------
def test_turn_back_the_ships_lowers_the_most_escalated_marker() -> None:
    s = ussr_plays("Turn Back the Ships", defcon={"USSR": {"Military": 5, "Political": 3, "World Opinion": 2}})
    s.apply("event Turn Back the Ships")
    assert s.current_player == "USSR" and kind(s) == "shift"
    assert texts(s) == ["de-escalate Military 1", "de-escalate Military 2", "pass"]
    refused(s, "de-escalate Political 1", "this may only move the Military marker")
    refused(s, "escalate Military 1", "this may only de-escalate")
    s.apply("de-escalate Military 2")
    assert defcon(s, "USSR") == {"Military": 3, "Political": 3, "World Opinion": 2}
    assert s.current_player == "US" and kind(s) == "turn"


def test_turn_back_the_ships_tie_lets_the_ussr_pick() -> None:
    s = ussr_plays("Turn Back the Ships", defcon={"USSR": {"Military": 4, "Political": 4, "World Opinion": 1}})
    s.apply("event Turn Back the Ships")
    assert texts(s) == ["de-escalate Military 1", "de-escalate Military 2",
                        "de-escalate Political 1", "de-escalate Political 2", "pass"]
    s.apply("de-escalate Political 1")
    assert defcon(s, "USSR") == {"Military": 4, "Political": 3, "World Opinion": 1}


def test_turn_back_the_ships_may_move_zero_steps() -> None:
    s = ussr_plays("Turn Back the Ships", defcon={"USSR": {"World Opinion": 6}})
    play(s, "event Turn Back the Ships", "pass")
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 6}
    assert s.current_player == "US"


def test_turn_back_the_ships_stops_at_the_bottom() -> None:
    s = ussr_plays("Turn Back the Ships", defcon={"USSR": {"Military": 2}})
    s.apply("event Turn Back the Ships")
    assert texts(s) == ["de-escalate Military 1", "pass"]
    refused(s, "de-escalate Military 2", "the marker is at 2; the track ends at 1")
    s = ussr_plays("Turn Back the Ships", defcon={"USSR": {"Military": 1}})
    s.apply("event Turn Back the Ships")
    assert defcon(s, "USSR") == {"Military": 1, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US" and kind(s) == "turn"


def test_turn_back_the_ships_is_blocked_by_a_ban() -> None:
    s = ussr_plays("Turn Back the Ships", defcon={"USSR": {"Military": 5}}, effects={"Containment": ["USSR"]})
    s.apply("event Turn Back the Ships")
    assert defcon(s, "USSR")["Military"] == 5
    assert s.log[-1] == "The USSR may not de-escalate by events this round: Turn Back the Ships does nothing."
    assert s.current_player == "US" and kind(s) == "turn"


def test_turn_back_the_ships_offered_to_the_ussr_then_the_us_commands() -> None:
    fields: dict[str, Any] = {"defcon": {"USSR": {"Political": 6}}, "effects": {"Containment": ["USSR"]}}
    s = us_commands("Turn Back the Ships", options={"containment_offered": False}, **fields)
    offer_accepted(s, "Turn Back the Ships")
    # containment_offered=False (Q10, Saito): the US played the card, so Containment does not apply.
    s.apply("de-escalate Political 2")
    assert defcon(s, "USSR")["Political"] == 4
    assert s.current_player == "US" and kind(s) == "command"
    s.apply("place Turkey")
    assert cube(s, "US", "Turkey") == 2
    assert s.current_player == "USSR"
    # The default (the seed): the accepted event counts as the USSR's own: the ban holds.
    s = us_commands("Turn Back the Ships", **fields)
    offer_accepted(s, "Turn Back the Ships")
    assert defcon(s, "USSR")["Political"] == 6
    assert s.current_player == "US" and kind(s) == "command"


# ---------------------------------------------------------------------------
# 36 Strategic Balance: up to 3 on the Atlantic; military escalates by
# (cubes placed - 1).
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("placed", "military"), [(0, 2), (1, 2), (2, 3), (3, 4)])
def test_strategic_balance_escalates_military_by_cubes_minus_one(placed: int, military: int) -> None:
    s = ussr_plays("Strategic Balance", cubes={})
    s.apply("event Strategic Balance")
    assert texts(s) == ["place Atlantic", "done"]
    for _ in range(placed):
        s.apply("place Atlantic")
    if placed < 3:
        s.apply("done")
    assert cubes(s, "USSR") == ({"Atlantic": placed} if placed else {})
    assert defcon(s, "USSR") == {"Military": military, "Political": 1, "World Opinion": 1}
    assert s.current_player == "US" and kind(s) == "turn"


def test_strategic_balance_refuses_other_arenas_and_respects_the_cap() -> None:
    s = ussr_plays("Strategic Balance", cubes={"USSR": {"Atlantic": 3}})
    s.apply("event Strategic Balance")
    refused(s, "place Berlin", "this event may only use Atlantic")
    play(s, "place Atlantic", "place Atlantic")
    assert cube(s, "USSR", "Atlantic") == 5
    assert defcon(s, "USSR")["Military"] == 3
    assert s.current_player == "US"


def test_strategic_balance_stops_at_the_supply_of_17() -> None:
    s = ussr_plays("Strategic Balance",
                   cubes={"USSR": {"Television": 5, "United Nations": 5, "Alliances": 5, "Berlin": 1}})
    play(s, "event Strategic Balance", "place Atlantic")
    assert cube(s, "USSR", "Atlantic") == 1
    assert defcon(s, "USSR")["Military"] == 2
    assert s.current_player == "US"


def test_strategic_balance_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("Strategic Balance", cubes={})
    offer_accepted(s, "Strategic Balance")
    play(s, "place Atlantic", "place Atlantic", "place Atlantic")
    assert cubes(s, "USSR") == {"Atlantic": 3}
    assert defcon(s, "USSR")["Military"] == 4
    assert s.current_player == "US" and kind(s) == "command"
    s.apply("place Atlantic")
    assert cubes(s, "US") == {"Atlantic": 1}


# ---------------------------------------------------------------------------
# 37 National Liberation: Command 3 in one political arena (place or remove,
# Q12; option event_command_remove False: place only).
# ---------------------------------------------------------------------------
def test_national_liberation_commands_three_in_one_political_arena() -> None:
    s = ussr_plays("National Liberation", cubes={"USSR": {"Turkey": 1}})
    s.apply("event National Liberation")
    assert s.current_player == "USSR" and kind(s) == "command"
    assert texts(s) == ["place Cuba (Political)", "place Turkey", "place Italy", "remove Turkey", "done"]
    play(s, "place Turkey", "place Turkey", "place Turkey")
    assert cubes(s, "USSR") == {"Turkey": 4}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 3, "World Opinion": 1}
    assert s.current_player == "US" and kind(s) == "turn"


def test_national_liberation_refuses_other_arenas_a_second_arena_and_mixing() -> None:
    s = ussr_plays("National Liberation", cubes={"USSR": {"Italy": 2}}, letter="USSR")
    s.apply("event National Liberation")
    refused(s, "place Berlin", "this Command may only use Cuba (Political), Turkey, Italy")
    refused(s, "letter", "the Personal Letter only strengthens a Command made with a played card")
    s.apply("place Turkey")
    refused(s, "place Italy", "a Command uses one arena: this one is Turkey")
    s.apply("place Turkey")
    s.apply("done")
    assert cubes(s, "USSR") == {"Turkey": 2, "Italy": 2}
    assert defcon(s, "USSR")["Political"] == 2


def test_national_liberation_may_remove_and_de_escalate() -> None:
    s = ussr_plays("National Liberation", cubes={"USSR": {"Italy": 3}}, defcon={"USSR": {"Political": 5}})
    play(s, "event National Liberation", "remove Italy")
    refused(s, "place Italy", "a Command never both places and removes: this one removes")
    play(s, "remove Italy", "remove Italy")
    assert cubes(s, "USSR") == {}
    assert defcon(s, "USSR")["Political"] == 3


def test_national_liberation_removal_under_a_ban_keeps_the_marker() -> None:
    s = ussr_plays("National Liberation", cubes={"USSR": {"Italy": 3}}, defcon={"USSR": {"Political": 5}},
                   effects={"Containment": ["USSR"]})
    play(s, "event National Liberation", "remove Italy", "remove Italy", "remove Italy")
    assert cubes(s, "USSR") == {}
    assert defcon(s, "USSR")["Political"] == 5


def test_national_liberation_place_only_when_event_command_remove_is_off() -> None:
    s = ussr_plays("National Liberation", cubes={"USSR": {"Italy": 3}},
                   options={"event_command_remove": False})
    s.apply("event National Liberation")
    assert texts(s) == ["place Cuba (Political)", "place Turkey", "place Italy", "done"]
    refused(s, "remove Italy", "option event_command_remove is off")
    play(s, "place Italy", "place Italy")
    assert cubes(s, "USSR") == {"Italy": 5}
    assert defcon(s, "USSR")["Political"] == 2


def test_national_liberation_round_modifiers_change_the_command() -> None:
    # Q9: SOPs adds a cube to event Commands (4 cubes: +3), To the Brink takes one.
    s = ussr_plays("National Liberation", cubes={}, effects={"SOPs": ["USSR"]})
    play(s, "event National Liberation", *["place Italy"] * 4)
    assert cubes(s, "USSR") == {"Italy": 4}
    assert defcon(s, "USSR")["Political"] == 4
    assert s.current_player == "US"
    s = ussr_plays("National Liberation", cubes={}, effects={"To the Brink": ["USSR"]})
    play(s, "event National Liberation", "place Italy", "place Italy")
    assert cubes(s, "USSR") == {"Italy": 2}
    assert s.current_player == "US"
    s = ussr_plays("National Liberation", cubes={}, effects={"SOPs": ["USSR"]},
                   options={"event_command_modifiers": False})
    play(s, "event National Liberation", *["place Italy"] * 3)
    assert cubes(s, "USSR") == {"Italy": 3}
    assert s.current_player == "US"


def test_national_liberation_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("National Liberation", cubes={"US": {"Cuba (Political)": 2}})
    offer_accepted(s, "National Liberation")
    assert s.current_player == "USSR" and kind(s) == "command"
    play(s, "place Cuba (Political)", "place Cuba (Political)", "place Cuba (Political)")
    assert cubes(s, "USSR") == {"Cuba (Political)": 3}
    assert defcon(s, "USSR")["Political"] == 3
    assert s.current_player == "US" and kind(s) == "command"
    s.apply("remove Cuba (Political)")
    assert cubes(s, "US") == {"Cuba (Political)": 1}
    assert s.current_player == "USSR"


# ---------------------------------------------------------------------------
# 38 U-2 Downed: up to 2 on Turkey, then remove half of the US cubes (rounded
# up) in one Cuba arena. No DEFCON symbol.
# ---------------------------------------------------------------------------
def test_u_2_downed_places_in_turkey_then_halves_the_us_in_cuba() -> None:
    s = ussr_plays("U-2 Downed", cubes={"US": {"Cuba (Military)": 3, "Cuba (Political)": 2}},
                   defcon={"USSR": {"Political": 2}})
    s.apply("event U-2 Downed")
    assert s.current_player == "USSR" and kind(s) == "cubes"
    assert texts(s) == ["place Turkey", "done"]
    play(s, "place Turkey", "place Turkey")
    assert kind(s) == "ask"
    assert texts(s) == ["target Cuba (Military)", "target Cuba (Political)"]
    s.apply("target Cuba (Military)")
    assert cubes(s, "USSR") == {"Turkey": 2}
    assert cubes(s, "US") == {"Cuba (Military)": 1, "Cuba (Political)": 2}
    assert defcon(s, "USSR")["Political"] == 2
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert s.log[-1] == "U-2 Downed: 2 US cubes removed from Cuba (Military) (now 1)."
    assert s.current_player == "US" and kind(s) == "turn"


@pytest.mark.parametrize(("us", "left"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_u_2_downed_rounds_the_removal_up(us: int, left: int) -> None:
    s = ussr_plays("U-2 Downed", cubes={"US": {"Cuba (Political)": us}})
    play(s, "event U-2 Downed", "done", "target Cuba (Political)")
    assert cube(s, "US", "Cuba (Political)") == left
    assert cubes(s, "USSR") == {}


def test_u_2_downed_refuses_other_targets_and_a_third_cube() -> None:
    s = ussr_plays("U-2 Downed", cubes={"US": {"Berlin": 2}})
    s.apply("event U-2 Downed")
    refused(s, "place Italy", "this event may only use Turkey")
    play(s, "place Turkey", "place Turkey")
    refused(s, "place Turkey", "does not answer this decision")
    refused(s, "target Berlin", "does not answer this decision")
    s.apply("target Cuba (Military)")
    assert cubes(s, "US") == {"Berlin": 2}


def test_u_2_downed_with_turkey_full_goes_straight_to_the_target() -> None:
    s = ussr_plays("U-2 Downed", cubes={"USSR": {"Turkey": 5}, "US": {"Cuba (Military)": 4}})
    s.apply("event U-2 Downed")
    assert kind(s) == "ask"
    s.apply("target Cuba (Military)")
    assert cubes(s, "US") == {"Cuba (Military)": 2}
    assert cubes(s, "USSR") == {"Turkey": 5}


def test_u_2_downed_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("U-2 Downed", cubes={"US": {"Cuba (Military)": 5}})
    offer_accepted(s, "U-2 Downed")
    play(s, "place Turkey", "done", "target Cuba (Military)")
    assert cubes(s, "USSR") == {"Turkey": 1}
    assert cubes(s, "US") == {"Cuba (Military)": 2}
    assert s.current_player == "US" and kind(s) == "command"
    play(s, "place Cuba (Military)", "place Cuba (Military)")
    assert cubes(s, "US") == {"Cuba (Military)": 4}
    assert defcon(s, "US")["Military"] == 2


# ---------------------------------------------------------------------------
# 39 Defensive Missiles: up to 2 on Television and/or the United Nations;
# 2 in one of them escalates USSR world opinion by 1.
# ---------------------------------------------------------------------------
def test_defensive_missiles_two_in_one_arena_escalate_world_opinion() -> None:
    s = ussr_plays("Defensive Missiles", cubes={})
    s.apply("event Defensive Missiles")
    assert texts(s) == ["place Television", "place United Nations", "done"]
    play(s, "place Television", "place Television")
    assert cubes(s, "USSR") == {"Television": 2}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 2}
    assert s.current_player == "US"


def test_defensive_missiles_split_moves_nothing() -> None:
    s = ussr_plays("Defensive Missiles", cubes={})
    play(s, "event Defensive Missiles", "place United Nations", "place Television")
    assert cubes(s, "USSR") == {"Television": 1, "United Nations": 1}
    assert defcon(s, "USSR")["World Opinion"] == 1
    assert s.current_player == "US"


def test_defensive_missiles_refuses_alliances_and_respects_the_cap() -> None:
    s = ussr_plays("Defensive Missiles", cubes={"USSR": {"Television": 4}})
    s.apply("event Defensive Missiles")
    refused(s, "place Alliances", "this event may only use Television, United Nations")
    s.apply("place Television")
    refused(s, "place Television", "USSR already has 5 cubes in Television")
    s.apply("done")
    assert cubes(s, "USSR") == {"Television": 5}
    assert defcon(s, "USSR")["World Opinion"] == 1


def test_defensive_missiles_offered_to_the_ussr_then_the_us_commands() -> None:
    s = us_commands("Defensive Missiles", cubes={})
    offer_accepted(s, "Defensive Missiles")
    play(s, "place United Nations", "place United Nations")
    assert cubes(s, "USSR") == {"United Nations": 2}
    assert defcon(s, "USSR")["World Opinion"] == 2
    assert s.current_player == "US" and kind(s) == "command"
    s.apply("place United Nations")
    assert cubes(s, "US") == {"United Nations": 1}
    assert s.current_player == "USSR"
