"""Commanding with a strategy card, exactly as the seed rules say.

Rules covered (rules.md 3, phase 3, and 5; docs/rulings.md 51-52):
- a Command places up to the card's command value of your own cubes in one
  arena, or removes up to that many from one arena; fewer are allowed, zero
  too (``done`` at once); never both, never split across arenas;
- placing is atomic, one cube per action, with an explicit stop (``done``);
  the Command ends by itself at its size or when no further cube can move,
  and then the log says why (arena full, supply empty, arena emptied);
- the 17-cube supply and the 5-cubes-per-side-per-arena limit;
- DEFCON: cubes - 1 steps on that arena's track (0 or 1 cube: none; 2: 1;
  3: 2; 4: 3; 5: 4), up when placing, down when removing, stopping at the
  track ends; applied when the Command ends;
- modifiers: SOPs +1, To the Brink -1 (never below 1, before the Letter);
- a Command is one of the side's four plays; the card goes to the discards.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import cube, cubes, defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


ALL_PLACES = [
    "place Cuba (Military)", "place Atlantic", "place Berlin", "place Cuba (Political)", "place Turkey",
    "place Italy", "place Television", "place United Nations", "place Alliances",
]


def us_to_play(**fields: object) -> bm.State:
    """The US to play with Excomm (3), Quarantine (1) and Close Allies (2) in
    hand; the USSR holds two cards so the round goes on after the US play."""
    base: dict[str, object] = {
        "hands": {"US": ["Excomm", "Quarantine", "Close Allies"], "USSR": ["Fidel Castro", "Maskirovka"]},
        "plays": {"US": 2, "USSR": 3},
        "next": "US",
    }
    base.update(fields)
    return position(**base)


# The seed's table: cubes moved by a Command -> DEFCON steps on that track.
DEFCON_TABLE = [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (5, 4)]


@pytest.mark.parametrize(("moved", "steps"), DEFCON_TABLE)
def test_command_defcon_table_placing_escalates_cubes_minus_one(moved: int, steps: int) -> None:
    # Excomm (3) + SOPs (+1) + the Personal Letter (+1): a Command of 5.
    s = us_to_play(effects={"SOPs": ["US"]}, defcon={"US": {"Military": 2}})
    play(s, "command Excomm", "letter")
    for _ in range(moved):
        play(s, "place Berlin")
    if moved < 5:
        play(s, "done")
    assert cube(s, "US", "Berlin") == moved
    assert defcon(s, "US") == {"Military": 2 + steps, "Political": 2, "World Opinion": 1}


@pytest.mark.parametrize(("moved", "steps"), DEFCON_TABLE)
def test_command_defcon_table_removing_de_escalates_cubes_minus_one(moved: int, steps: int) -> None:
    s = us_to_play(effects={"SOPs": ["US"]}, cubes={"US": {"Italy": 5}}, defcon={"US": {"Political": 6}})
    play(s, "command Excomm", "letter")
    for _ in range(moved):
        play(s, "remove Italy")
    if moved < 5:
        play(s, "done")
    assert cube(s, "US", "Italy") == 5 - moved
    assert defcon(s, "US") == {"Military": 1, "Political": 6 - steps, "World Opinion": 1}


@pytest.mark.parametrize(("arena", "track"), [
    ("Cuba (Military)", "Military"), ("Atlantic", "Military"), ("Berlin", "Military"),
    ("Cuba (Political)", "Political"), ("Turkey", "Political"), ("Italy", "Political"),
    ("Television", "World Opinion"), ("United Nations", "World Opinion"), ("Alliances", "World Opinion"),
])
def test_command_moves_the_marker_of_the_arena_category(arena: str, track: str) -> None:
    s = us_to_play(defcon={"US": {"Military": 3, "Political": 3, "World Opinion": 3}})
    play(s, "command Excomm", f"place {arena}", f"place {arena}", f"place {arena}")
    expected = {"Military": 3, "Political": 3, "World Opinion": 3}
    expected[track] = 5
    assert defcon(s, "US") == expected
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}


def test_command_escalation_stops_at_the_top_of_the_track() -> None:
    s = us_to_play(defcon={"US": {"Military": 7}})
    play(s, "command Excomm", "place Atlantic", "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 3
    assert defcon(s, "US")["Military"] == 8
    assert s.log[-1] == "US Military DEFCON escalates 1 step, to 8 (Command)."


def test_command_de_escalation_stops_at_the_bottom_of_the_track() -> None:
    s = us_to_play(cubes={"US": {"Turkey": 3}}, defcon={"US": {"Political": 2}})
    play(s, "command Excomm", "remove Turkey", "remove Turkey", "remove Turkey")
    assert cube(s, "US", "Turkey") == 0
    assert defcon(s, "US")["Political"] == 1
    assert s.log[-1] == "US Political DEFCON de-escalates 1 step, to 1 (Command)."


def test_command_offers_every_arena_to_place_and_own_cubes_to_remove() -> None:
    s = us_to_play()
    play(s, "command Excomm")
    assert s.current_player == "US"
    # Printed start: US cubes in Turkey and Italy only; the US holds the Letter.
    assert texts(s) == [*ALL_PLACES, "remove Turkey", "remove Italy", "letter", "done"]


def test_command_places_cube_by_cube_in_one_arena_then_ends_at_its_size() -> None:
    s = us_to_play()
    play(s, "command Excomm", "place Berlin")
    assert cube(s, "US", "Berlin") == 1
    assert s.current_player == "US"
    assert texts(s) == ["place Berlin", "done"]
    play(s, "place Berlin")
    assert texts(s) == ["place Berlin", "done"]
    # The DEFCON change comes when the Command ends, not cube by cube.
    assert defcon(s, "US")["Military"] == 1
    play(s, "place Berlin")
    # Three cubes, the card's value: the Command is over and the USSR plays.
    assert s.current_player == "USSR"
    assert cubes(s, "US") == {"Berlin": 3, "Turkey": 1, "Italy": 1}
    assert s.log[-2:] == ["US places 3 cubes in Berlin (now 3).",
                          "US Military DEFCON escalates 2 steps, to 3 (Command)."]


def test_command_may_stop_early_with_done() -> None:
    s = us_to_play()
    play(s, "command Excomm", "place Television", "done")
    assert cube(s, "US", "Television") == 1
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert s.log[-1] == "US places 1 cube in Television (now 1)."
    assert s.current_player == "USSR"


def test_command_of_zero_cubes_is_a_de_facto_pass() -> None:
    s = us_to_play()
    before = s.to_json()
    play(s, "command Excomm", "done")
    assert s.data["cubes"] == bm.load(before).data["cubes"]
    assert s.data["defcon"] == bm.load(before).data["defcon"]
    assert s.log[-1] == "US commands no cubes."
    assert s.data["plays"] == {"US": 3, "USSR": 3}
    assert s.view("US")["hand"] == [5, 23]  # Close Allies, Quarantine: Excomm is played
    assert s.current_player == "USSR"


def test_command_removes_up_to_the_value_from_one_arena() -> None:
    s = us_to_play(cubes={"US": {"Italy": 4, "Turkey": 2}}, defcon={"US": {"Political": 5}})
    play(s, "command Excomm", "remove Italy")
    assert texts(s) == ["remove Italy", "done"]
    play(s, "remove Italy", "done")
    assert cubes(s, "US") == {"Italy": 2, "Turkey": 2}
    assert defcon(s, "US")["Political"] == 4
    assert s.log[-2:] == ["US removes 2 cubes from Italy (now 2).",
                          "US Political DEFCON de-escalates 1 step, to 4 (Command)."]


def test_command_removal_ends_when_the_arena_is_empty() -> None:
    s = us_to_play(cubes={"US": {"Italy": 2}}, defcon={"US": {"Political": 5}})
    play(s, "command Excomm", "remove Italy", "remove Italy")
    # No US cube is left in Italy: the Command of 3 ends after 2, and says why.
    assert s.current_player == "USSR"
    assert cubes(s, "US") == {}
    assert defcon(s, "US")["Political"] == 4
    assert s.log[-3:] == ["US removes 2 cubes from Italy (now 0).",
                          "The Command stops early: US has no cubes left in Italy (1 cube unused).",
                          "US Political DEFCON de-escalates 1 step, to 4 (Command)."]


def test_command_removed_cubes_return_to_the_supply() -> None:
    s = us_to_play(cubes={"US": {"Italy": 5, "Turkey": 5, "Berlin": 5, "Atlantic": 2}})
    assert s.view("US")["reserve"] == {"USSR": 17, "US": 0}
    play(s, "command Excomm", "remove Berlin", "remove Berlin", "done")
    assert s.view("US")["reserve"] == {"USSR": 17, "US": 2}


def test_command_only_removes_the_commanding_sides_own_cubes() -> None:
    s = us_to_play(cubes={"USSR": {"Berlin": 3}, "US": {"Atlantic": 1}})
    play(s, "command Excomm")
    assert [a for a in texts(s) if a.startswith("remove")] == ["remove Atlantic"]


def test_command_never_places_a_sixth_cube_in_an_arena() -> None:
    s = us_to_play(cubes={"US": {"Berlin": 5, "Turkey": 4}})
    play(s, "command Excomm")
    assert "place Berlin" not in texts(s)
    play(s, "place Turkey")
    # Turkey is full at 5: the Command ends although 2 cubes were left.
    assert s.current_player == "USSR"
    assert cube(s, "US", "Turkey") == 5
    assert s.log[-2:] == ["US places 1 cube in Turkey (now 5).",
                          "The Command stops early: US has 5 cubes in Turkey, the most a side may have there "
                          "(2 cubes unused)."]


def test_command_never_places_more_than_the_17_cube_supply() -> None:
    s = us_to_play(cubes={"US": {"Berlin": 5, "Turkey": 5, "Italy": 5, "Atlantic": 1}})
    assert s.view("US")["reserve"]["US"] == 1
    play(s, "command Excomm", "place Television")
    # The last cube of the supply is on the board: the Command ends.
    assert s.current_player == "USSR"
    assert sum(s.data["cubes"]["US"]) == 17
    assert cube(s, "US", "Television") == 1
    assert s.log[-2:] == ["US places 1 cube in Television (now 1).",
                          "The Command stops early: US has no cubes left in its supply (2 cubes unused)."]


def test_command_with_an_empty_supply_can_only_remove() -> None:
    s = us_to_play(cubes={"US": {"Berlin": 5, "Turkey": 5, "Italy": 5, "Atlantic": 2}})
    play(s, "command Excomm")
    assert texts(s) == ["remove Atlantic", "remove Berlin", "remove Turkey", "remove Italy", "letter", "done"]


def test_command_the_other_side_is_unaffected_by_the_supply_of_one_side() -> None:
    s = us_to_play(cubes={"US": {"Berlin": 5, "Turkey": 5, "Italy": 5, "Atlantic": 2}},
                   hands={"US": ["Excomm", "Quarantine"], "USSR": ["Fidel Castro", "Maskirovka", "Missile Trade"]},
                   next="USSR", plays={"US": 3, "USSR": 2})
    play(s, "command Fidel Castro")
    # Fidel Castro is a USSR card: no offer. The USSR may place anywhere.
    assert [a for a in texts(s) if a.startswith("place")] == ALL_PLACES


def test_command_places_and_removes_cubes_of_its_arena_only_on_its_own_side() -> None:
    s = us_to_play(cubes={"US": {"Berlin": 1}, "USSR": {"Berlin": 2}})
    play(s, "command Excomm", "place Berlin", "place Berlin", "place Berlin")
    assert cube(s, "US", "Berlin") == 4
    assert cube(s, "USSR", "Berlin") == 2


def test_command_with_sops_handles_one_more_cube() -> None:
    s = us_to_play(effects={"SOPs": ["US"]})
    play(s, "command Quarantine", "place Atlantic")
    assert texts(s) == ["place Atlantic", "done"]
    play(s, "place Atlantic")
    assert s.current_player == "USSR"
    assert cube(s, "US", "Atlantic") == 2


def test_command_sops_of_the_other_side_does_not_help() -> None:
    s = us_to_play(effects={"SOPs": ["USSR"]})
    play(s, "command Quarantine", "place Atlantic")
    assert s.current_player == "USSR"
    assert cube(s, "US", "Atlantic") == 1


def test_command_to_the_brink_handles_one_cube_fewer() -> None:
    s = us_to_play(effects={"To the Brink": ["US"]})
    play(s, "command Excomm", "place Atlantic", "place Atlantic")
    assert s.current_player == "USSR"
    assert cube(s, "US", "Atlantic") == 2


def test_command_to_the_brink_never_goes_below_one_before_the_letter() -> None:
    s = us_to_play(effects={"To the Brink": ["US"]})
    play(s, "command Quarantine", "place Atlantic")
    assert s.current_player == "USSR"
    s = us_to_play(effects={"To the Brink": ["US"]})
    # Quarantine (1), To the Brink keeps it at 1, the Letter adds 1: 2 cubes.
    play(s, "command Quarantine", "letter", "place Atlantic")
    assert s.current_player == "US"
    play(s, "place Atlantic")
    assert cube(s, "US", "Atlantic") == 2
    assert s.current_player == "USSR"


def test_command_sops_and_to_the_brink_cancel_out() -> None:
    s = us_to_play(effects={"SOPs": ["US"], "To the Brink": ["US"]})
    play(s, "command Close Allies", "place Italy", "place Italy")
    assert s.current_player == "USSR"
    assert cube(s, "US", "Italy") == 3


def test_command_removal_by_a_card_is_not_an_event_so_bans_do_not_stop_the_drop() -> None:
    s = us_to_play(cubes={"US": {"Italy": 3}}, defcon={"US": {"Political": 5}},
                   effects={"Containment": ["US"], "Bay of Pigs": ["US"]})
    play(s, "command Excomm", "remove Italy", "remove Italy", "remove Italy")
    assert defcon(s, "US")["Political"] == 3


def test_command_is_one_play_and_the_card_goes_to_the_discards() -> None:
    s = us_to_play()
    play(s, "command Close Allies", "done")
    assert s.data["plays"] == {"US": 3, "USSR": 3}
    assert s.view("US")["hand"] == [15, 23]  # Excomm, Quarantine
    assert s.view(None)["discard"] == [5]  # Close Allies
    assert s.current_player == "USSR"


def test_command_log_names_the_card_and_its_value() -> None:
    s = us_to_play()
    play(s, "command Close Allies")
    assert s.log[-1] == "US plays Close Allies for Command (2)."
