"""The Personal Letter.

Rules covered (rules.md 2.7, 3 phase 3, 3 phase 5, 4.3; docs/rulings.md 52, 55):
- the US starts with the Letter;
- during its own turn the holder may add it to the card it commands with:
  +1 cube, decided before the first cube; then it passes to the opponent at
  once, face up;
- it may join a Command on an opposing faction card (after the offer);
- "the usual reserve, arena and DEFCON limits still apply" (seed 004): when
  the supply and the 5-cube limit leave no arena room for one cube more than
  the Command already moves, and no arena holds that many of the side's
  cubes to remove, the Letter would add nothing: it is not offered and stays
  with its holder (docs/rulings.md 79);
- it never strengthens an event, so it is not offered in a Command granted
  by an event (A Face-Saver, U-2 Photographs...);
- its holder wins the Personal Letter agenda and a final prestige tie (see
  test_agendas.py and test_final_scoring.py); the United Nations bonus moves
  it (test_world_opinion.py).
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import cube, defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def test_personal_letter_starts_with_the_us() -> None:
    s = bm.new_game("thirteen", seed=5)
    assert s.data["letter"] == "US"
    assert s.view("USSR")["personal_letter"] == "US"


def test_personal_letter_adds_one_cube_and_passes_to_the_opponent() -> None:
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "command Close Allies")
    assert "letter" in texts(s)
    play(s, "letter")
    # Passed at once, before any cube is placed.
    assert s.data["letter"] == "USSR"
    assert s.log[-1] == "US adds the Personal Letter (+1 cube) and passes it to USSR."
    assert s.view("US")["decision"]["prompt"] == (
        "US: Command 3 cubes in one arena (any arena): place or remove, 'done' to stop")
    play(s, "place Italy", "place Italy", "place Italy")
    assert cube(s, "US", "Italy") == 4
    assert defcon(s, "US")["Political"] == 4
    assert s.current_player == "USSR"


def test_personal_letter_is_offered_only_to_its_holder() -> None:
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US", letter="USSR")
    play(s, "command Close Allies")
    assert "letter" not in texts(s)
    play(s, "done")
    play(s, "command Missile Trade")
    assert "letter" in texts(s)
    play(s, "letter", "place Berlin", "place Berlin", "place Berlin", "place Berlin")
    assert cube(s, "USSR", "Berlin") == 5
    assert s.data["letter"] == "US"


def test_personal_letter_goes_back_and_forth() -> None:
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "command Close Allies", "letter", "done")
    assert s.data["letter"] == "USSR"
    play(s, "command U Thant", "letter", "place Television", "place Television")
    assert s.data["letter"] == "US"
    assert cube(s, "USSR", "Television") == 2


def test_personal_letter_is_added_before_the_first_cube_only() -> None:
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "command Close Allies", "place Italy")
    assert texts(s) == ["place Italy", "done"]
    before = s.to_json()
    try:
        s.apply("letter")
    except bm.IllegalActionError as e:
        assert e.reason == "the Personal Letter must be added before the first cube"
    else:
        raise AssertionError("the Letter was added after the first cube")
    assert s.to_json() == before
    assert s.data["letter"] == "US"


def test_personal_letter_joins_a_command_on_an_opposing_faction_card_after_the_offer() -> None:
    s = position(hands={"US": ["Fidel Castro", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "command Fidel Castro")
    assert texts(s) == ["accept", "decline"]
    play(s, "decline")
    assert s.current_player == "US"
    assert "letter" in texts(s)
    play(s, "letter", "place Atlantic", "place Atlantic", "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 4
    assert defcon(s, "US")["Military"] == 4
    assert s.data["letter"] == "USSR"


def test_personal_letter_never_strengthens_an_event_command() -> None:
    # A Face-Saver: the player's Command 3, then the opponent's Command 1,
    # both granted by the event: no Letter for either.
    s = position(hands={"US": ["A Face-Saver", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "event A Face-Saver")
    assert s.current_player == "US"
    assert "letter" not in texts(s)
    before = s.to_json()
    try:
        s.apply("letter")
    except bm.IllegalActionError as e:
        assert e.reason == "the Personal Letter only strengthens a Command made with a played card, never an event"
    else:
        raise AssertionError("the Letter strengthened an event")
    assert s.to_json() == before
    play(s, "place Berlin", "place Berlin", "place Berlin")
    assert cube(s, "US", "Berlin") == 3
    # The USSR's Command 1 of A Face-Saver: the USSR does not hold the
    # Letter, and nobody could add it to an event anyway.
    assert s.current_player == "USSR"
    assert "letter" not in texts(s)
    play(s, "place Berlin")
    assert s.data["letter"] == "US"
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "turn"


def test_personal_letter_is_not_offered_in_u2_photographs_command() -> None:
    s = position(hands={"US": ["U-2 Photographs", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "event U-2 Photographs")
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "done"]
    play(s, "place Atlantic", "place Atlantic", "place Atlantic")
    assert cube(s, "US", "Atlantic") == 3
    assert s.data["letter"] == "US"


def test_personal_letter_is_not_a_turn_action() -> None:
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant"]}, plays={"US": 3, "USSR": 4},
                 next="US")
    before = s.to_json()
    try:
        s.apply("letter")
    except bm.IllegalActionError as e:
        assert e.reason == "the Personal Letter is added during a Command: play 'command <card>' first"
    else:
        raise AssertionError("the Letter was played on its own")
    assert s.to_json() == before


def test_personal_letter_used_with_zero_cubes_still_passes() -> None:
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    play(s, "command Close Allies", "letter", "done")
    assert s.data["letter"] == "USSR"
    assert s.log[-1] == "US commands no cubes."


# Fourteen US cubes on the board, at most 3 in any arena: 3 left in the supply.
CROWDED = {"US": {"Berlin": 3, "Turkey": 3, "Italy": 3, "Atlantic": 3, "Television": 2}}


def test_personal_letter_is_not_offered_when_it_can_add_no_cube() -> None:
    # Excomm commands 3. With the Letter, 4: but 3 cubes are all the US has
    # left to place, and no arena holds more than 3 US cubes to remove.
    s = position(hands={"US": ["Excomm", "Close Allies"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US", cubes=CROWDED)
    assert s.view("US")["reserve"]["US"] == 3
    play(s, "command Excomm")
    assert "letter" not in texts(s)
    x = s.view("US")["decision"]
    assert x["letter"] is False and "'letter'" not in x["prompt"]
    before = s.to_json()
    try:
        s.apply("letter")
    except bm.IllegalActionError as exc:
        # The refusal says why, not that the Letter comes too late.
        assert exc.message["code"] == "thirteen.error.letter_adds_nothing"
        assert "could add nothing to this Command" in exc.render("en")
        assert "ничего не добавит" in exc.render("ru")
    else:
        raise AssertionError("the Letter was spent on a Command it cannot enlarge")
    assert s.to_json() == before
    play(s, "place Alliances", "place Alliances", "place Alliances")
    # The supply is empty; the Letter is still the US's to use later.
    assert s.view("US")["reserve"]["US"] == 0
    assert s.data["letter"] == "US"


def test_personal_letter_is_offered_when_one_arena_could_use_the_cube() -> None:
    # Close Allies commands 2: removing 3 cubes from Berlin needs the Letter.
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US", cubes=CROWDED)
    play(s, "command Close Allies")
    assert "letter" in texts(s)
    play(s, "letter", "remove Berlin", "remove Berlin", "remove Berlin")
    assert cube(s, "US", "Berlin") == 0
    assert s.data["letter"] == "USSR"

