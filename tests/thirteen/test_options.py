"""Game options: the open questions of rules.md section 7 with two readings.

Every option's default is the recommended reading (docs/rulings.md 41-77).
Agenda options (agenda_push, agenda_bonus, agenda_recycle) are exercised in
test_agendas.py and initiative_tie in test_round.py; here: defaults,
validation, and one example of each Command/event option.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.thirteen.game import DEFAULT_OPTIONS, OPTION_CHOICES, make_options
from tests.thirteen.helpers import cube, defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def test_options_defaults_are_the_recommended_readings() -> None:
    assert DEFAULT_OPTIONS == {
        "agenda_push": "zone",              # Q3
        "agenda_bonus": True,               # Q2
        "agenda_recycle": "unkept_only",    # Q6
        "agenda_cap": "net",                # Q8
        "initiative_tie": "ussr_chooses",   # Q7
        "event_command_modifiers": True,    # Q9
        "containment_offered": True,        # Q10
        "ban_blocks_symbol": True,          # Q11
        "event_command_remove": True,       # Q12
        "fifty_fifty_same_track": False,
    }
    assert bm.new_game("thirteen", seed=1).data["options"] == DEFAULT_OPTIONS


@pytest.mark.parametrize(("name", "value"), [(k, v) for k, vs in OPTION_CHOICES.items() for v in vs])
def test_options_every_value_is_accepted_and_recorded(name: str, value: Any) -> None:
    s = bm.new_game("thirteen", seed=1, options={name: value})
    assert s.data["options"][name] == value
    assert s.view("US")["options"][name] == value
    assert bm.load(s.to_json()).data["options"][name] == value


@pytest.mark.parametrize(("options", "message"), [
    ({"agenda_pushh": "zone"}, "unknown option 'agenda_pushh'"),
    ({"agenda_push": "always"}, "option 'agenda_push' must be one of 'zone', 'saito', 'none', got 'always'"),
    ({"agenda_bonus": 1}, "option 'agenda_bonus' must be one of True, False, got 1"),
    ({"agenda_recycle": "kept"}, "option 'agenda_recycle' must be one of 'unkept_only', 'all', got 'kept'"),
    ({"initiative_tie": "us_first"}, "option 'initiative_tie' must be one of 'ussr_chooses', 'ussr_first'"),
])
def test_options_unknown_names_and_values_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as err:
        make_options(options)
    assert message in str(err.value)
    with pytest.raises(ValueError) as err2:
        bm.new_game("thirteen", seed=1, options=options)
    assert message in str(err2.value)


def test_options_event_command_modifiers_q9() -> None:
    hands = {"US": ["A Face-Saver", "Excomm"], "USSR": ["U Thant", "Missile Trade"]}
    # Default: SOPs adds a cube to A Face-Saver's Command 3.
    s = position(hands=hands, plays={"US": 3, "USSR": 3}, next="US", effects={"SOPs": ["US"]})
    play(s, "event A Face-Saver", "place Berlin", "place Berlin", "place Berlin")
    assert s.current_player == "US"
    play(s, "place Berlin")
    assert cube(s, "US", "Berlin") == 4
    # Off: the event's Command is exactly 3.
    s = position(hands=hands, plays={"US": 3, "USSR": 3}, next="US", effects={"SOPs": ["US"]},
                 options={"event_command_modifiers": False})
    play(s, "event A Face-Saver", "place Berlin", "place Berlin", "place Berlin")
    assert cube(s, "US", "Berlin") == 3
    assert s.current_player == "USSR"


def test_options_event_command_remove_q12() -> None:
    hands = {"US": ["U-2 Photographs", "Excomm"], "USSR": ["U Thant", "Missile Trade"]}
    s = position(hands=hands, plays={"US": 3, "USSR": 3}, next="US", cubes={"US": {"Atlantic": 2}})
    play(s, "event U-2 Photographs")
    assert "remove Atlantic" in texts(s)
    s = position(hands=hands, plays={"US": 3, "USSR": 3}, next="US", cubes={"US": {"Atlantic": 2}},
                 options={"event_command_remove": False})
    play(s, "event U-2 Photographs")
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Berlin", "done"]
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply("remove Atlantic")
    assert err.value.reason == "this event's Command may only place cubes (option event_command_remove is off)"


def test_options_containment_offered_q10() -> None:
    # The US is under Containment and accepts Non-Invasion Pledge off the
    # USSR's Command: by default (the seed) the ban covers the accepted event;
    # with containment_offered=False (Saito) it may still lower its marker.
    def setup(**opts: Any) -> bm.State:
        return position(hands={"USSR": ["Non-Invasion Pledge", "U Thant"], "US": ["Excomm", "Quarantine"]},
                        plays={"US": 3, "USSR": 3}, next="USSR", effects={"Containment": ["US"]},
                        cubes={"US": {}, "USSR": {}}, defcon={"US": {"Political": 4}}, options=opts)
    s = setup(containment_offered=False)
    play(s, "command Non-Invasion Pledge", "accept")
    assert "de-escalate Political 1" in texts(s)
    s = setup()
    play(s, "command Non-Invasion Pledge", "accept")
    assert texts(s) == ["escalate Political 1", "escalate Political 2", "pass"]


def test_options_ban_blocks_symbol_q11() -> None:
    def setup(**opts: Any) -> bm.State:
        return position(hands={"USSR": ["Missile Trade", "U Thant"], "US": ["Excomm", "Quarantine"]},
                        plays={"US": 3, "USSR": 3}, next="USSR", effects={"Containment": ["USSR"]},
                        cubes={"USSR": {"Berlin": 3}}, defcon={"USSR": {"Military": 5}}, options=opts)
    s = setup()
    play(s, "event Missile Trade", "remove Berlin", "remove Berlin", "done")
    assert cube(s, "USSR", "Berlin") == 1
    assert defcon(s, "USSR")["Military"] == 5
    s = setup(ban_blocks_symbol=False)
    play(s, "event Missile Trade", "remove Berlin", "remove Berlin", "done")
    assert defcon(s, "USSR")["Military"] == 4


def test_options_fifty_fifty_same_track() -> None:
    def setup(**opts: Any) -> bm.State:
        return position(hands={"US": ["Fifty-Fifty", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                        plays={"US": 3, "USSR": 3}, next="US", cubes={"US": {"Television": 1}},
                        defcon={"US": {"Military": 3, "Political": 3, "World Opinion": 3}}, options=opts)
    s = setup()
    play(s, "event Fifty-Fifty", "de-escalate Military 1")
    assert not any("Military" in a for a in texts(s))
    s = setup(fifty_fifty_same_track=True)
    play(s, "event Fifty-Fifty", "de-escalate Military 1")
    assert "de-escalate Military 1" in texts(s)
