"""Loading a 13 Days state checks it against the rules.

Every state the engine reaches loads back equal, in the middle of any event.
A file changed by hand is refused with ``StateError`` naming the field when it
breaks a rule of the game: a strategy or agenda card in two places or in
none, cubes beyond an arena's five or a side's seventeen, a marker off its
track, a card held out of the piles with no decision about it, a pending
decision its event never asks or that does not belong to the round's phase.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any, NotRequired, get_origin, get_type_hints

import pytest

import brinkmanship as bm
from brinkmanship.thirteen import cards, rules
from brinkmanship.thirteen.events import REGISTRY
from brinkmanship.thirteen.game import make_options
from brinkmanship.thirteen.rules.kinds import KINDS
from brinkmanship.thirteen.validate import ASKS, CUBES, FRAMES, SHAPES, SHIFTS, TOP
from tests.core.loading import data, refused
from tests.thirteen.helpers import play, position
from tests.thirteen.invariants import check

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def plays(**fields: Any) -> bm.State:
    """A round in its card plays, the US to play."""
    return position(**{"next": "US", "hands": {"US": ["Excomm", "Quarantine", "SOPs"],
                                                "USSR": ["Fidel Castro", "U Thant", "Scramble"]}, **fields})


# ---------------------------------------------------------------------------
# Every state of a game loads
# ---------------------------------------------------------------------------
def test_every_state_of_random_games_loads_back_equal() -> None:
    seen: set[str] = set()
    for seed in range(6):
        r = random.Random(seed)
        s = bm.new_game("thirteen", seed=seed)
        while not s.is_terminal:
            s.apply_random(r)
            assert bm.load(s.to_json()) == s, f"game {seed} at ply {s.data['ply']}"
            seen.update(f["f"] for f in s.data["stack"])
    assert {"agenda", "turn", "command", "cubes", "shift", "offer"} <= seen


def test_a_state_in_the_middle_of_an_event_loads() -> None:
    s = plays(hands={"US": ["Wave and Smile", "SOPs"], "USSR": ["Fidel Castro", "U Thant"]})
    play(s, "event Wave and Smile", "remove Italy", "done")
    assert s.view(None)["decision_kind"] == "cubes"
    t = bm.load(s.to_json())
    assert t == s
    play(t, "place Berlin")
    play(s, "place Berlin")
    assert t == s


# ---------------------------------------------------------------------------
# The validator knows what the code writes
# ---------------------------------------------------------------------------
def _calls(name: str) -> list[ast.Call]:
    files = [*Path(rules.__file__).parent.glob("*.py"), *Path(cards.__file__).parent.glob("*.py")]
    return [node for path in files for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name]


def _keywords(call: ast.Call, params: set[str]) -> tuple[str, list[str]]:
    """The continuation a push names and the keys of the ``data`` it stores."""
    then = next((k.value.value for k in call.keywords if k.arg == "then" and isinstance(k.value, ast.Constant)), "")
    assert all(k.arg in params | {"then", "data"} for k in call.keywords), ast.unparse(call)
    data = next((k.value for k in call.keywords if k.arg == "data"), None)
    assert data is None or isinstance(data, ast.Dict), ast.unparse(call)
    keys = [] if data is None else [k.value for k in data.keys if isinstance(k, ast.Constant)]
    return str(then), sorted(keys)


def test_every_continuation_is_known_with_its_frame_and_data() -> None:
    named = (set(ASKS) | set(SHIFTS) | set(CUBES)) - {""}
    assert named == set(REGISTRY.continuations)
    for call in _calls("ask"):
        kind, then = (a.value for a in call.args[2:5:2] if isinstance(a, ast.Constant))
        assert ASKS[then][0] == kind and not call.keywords, then
    for call in _calls("push_shift"):
        then, data = _keywords(call, {"up", "down", "exact", "optional"})
        assert sorted(SHIFTS[then].fields) == data, then
    for call in _calls("push_cubes"):
        then, data = _keywords(call, {"per_arena", "one_arena", "symbol", "low", "optional"})
        assert sorted(CUBES[then].fields) == data, then


def test_every_frame_kind_has_a_check() -> None:
    assert set(FRAMES) == set(rules.LEGAL) | set(rules.PROCS)


def test_every_frame_kind_is_typed_with_the_fields_it_checks() -> None:
    assert set(KINDS) == set(SHAPES) == set(FRAMES)
    for kind, shape in KINDS.items():
        hints = get_type_hints(shape, include_extras=True)
        optional = {k for k, hint in hints.items() if get_origin(hint) is NotRequired}
        assert set(hints) - optional == set(SHAPES[kind].fields), kind
        assert optional == set(SHAPES[kind].optional), kind


def test_the_schema_is_the_blank_state() -> None:
    assert sorted(TOP) == sorted(rules.blank_state(0, make_options({})))


# ---------------------------------------------------------------------------
# Cards and agendas: each in exactly one place
# ---------------------------------------------------------------------------
def test_a_strategy_card_in_two_places_is_refused() -> None:
    d = data(plays())
    d["discard"].append(d["hands"]["US"][0])
    refused(d, "field 'discard[0]': card 15 (Excomm) is also at hands.US[0]")


def test_a_missing_strategy_card_is_refused() -> None:
    d = data(plays())
    d["deck"].pop()
    refused(d, "is missing: every card (the strategy cards 1-39) is in exactly one place")


def test_an_agenda_in_two_places_is_refused() -> None:
    d = data(plays(agendas={"US": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Berlin"}}))
    d["offered"]["USSR"].append(d["offered"]["US"][0])
    refused(d, "field 'offered.US[0]'", "is also at offered.USSR[")


def test_a_kept_agenda_is_one_of_the_sides_flags() -> None:
    d = data(plays(agendas={"US": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Berlin"}}))
    d["kept"]["US"] = d["agenda_deck"][0]
    refused(d, "field 'kept.US'", "is not one of the US's flags")


def test_a_card_held_out_of_the_piles_belongs_to_a_decision() -> None:
    s = plays(hands={"US": ["Intelligence Reports", "SOPs"], "USSR": ["Fidel Castro", "U Thant"]})
    s.apply("event Intelligence Reports")
    assert s.view(None)["decision_kind"] == "stolen"
    d = data(s)
    d["discard"].append(d["held"].pop())
    refused(d, "field 'held'", "a card out of every pile belongs to a decision")


def test_a_hand_holds_five_cards_less_those_played() -> None:
    d = data(plays(plays={"US": 2}))
    d["hands"]["US"] += [d["deck"].pop(), d["deck"].pop(), d["deck"].pop()]
    refused(d, "field 'hands.US': 6 cards; the US holds at most 3 now")


# ---------------------------------------------------------------------------
# Numbers on their tracks, sides, options, round effects
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("path", "value", "fragment"), [
    (("cubes", "US", 2), 6, "field 'cubes.US[2]': 6 is out of range 0 to 5"),
    (("cubes", "US", 2), -1, "field 'cubes.US[2]': -1 is out of range"),
    (("defcon", "USSR", 0), 9, "field 'defcon.USSR[0]': 9 is out of range 1 to 8"),
    (("defcon", "USSR", 0), 0, "field 'defcon.USSR[0]': 0 is out of range 1 to 8"),
    (("prestige",), 6, "field 'prestige': 6 is out of range -5 to 5"),
    (("round",), 4, "field 'round': 4 is out of range 1 to 3"),
    (("plays", "US"), 5, "field 'plays.US': 5 is out of range 0 to 4"),
    (("letter",), "UN", "field 'letter': 'UN' is not one of 'USSR', 'US'"),
    (("next",), None, "field 'next': 'None' is not one of"),
    (("fx", "sops"), ["UN"], "field 'fx.sops[0]': 'UN' is not one of"),
    (("fx", "fog"), [], "field 'fx.fog': unknown field"),
    (("aftermath",), [["US"]], "field 'aftermath[0]': ['US'] is not [side, card]"),
    (("options", "agenda_push"), "always", "option 'agenda_push' must be one of 'zone', 'saito', 'none'"),
    (("agendas_open",), 1, "field 'agendas_open': expected boolean, got integer"),
])
def test_numbers_sides_and_options_are_checked(path: tuple[Any, ...], value: Any, fragment: str) -> None:
    d = data(plays())
    target = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(d, fragment)


def test_a_side_has_seventeen_cubes() -> None:
    d = data(plays())
    d["cubes"]["US"] = [5, 5, 5, 3, 0, 0, 0, 0, 0]
    refused(d, "field 'cubes.US': 18 cubes on the board, but a side has 17")


# ---------------------------------------------------------------------------
# Pending decisions
# ---------------------------------------------------------------------------
def air_strike() -> bm.State:
    s = plays(hands={"US": ["Air Strike", "SOPs"], "USSR": ["Fidel Castro", "U Thant"]})
    s.apply("event Air Strike")
    assert s.view(None)["decision_kind"] == "ask"
    return s


def test_an_unknown_continuation_is_refused() -> None:
    d = data(air_strike())
    d["stack"][-1]["then"] = "teleport"
    refused(d, "field 'stack[1].then': 'teleport' is not a continuation of a question")


def test_a_question_offers_what_its_event_offers() -> None:
    d = data(air_strike())
    d["stack"][-1]["options"].append(2)  # "ban" is Bay of Pigs' option
    refused(d, "field 'stack[1].options[2]': 2 is not an option air_strike offers")
    d = data(air_strike())
    d["stack"][-1]["p"] = "USSR"
    refused(d, "field 'stack[1].p': 'USSR'; air_strike is answered by the US")


def test_bay_of_pigs_offers_the_removal_only_with_two_cubes_there() -> None:
    s = plays(next="USSR", cubes={"US": {"Alliances": 2}},
              hands={"US": ["SOPs", "Quarantine"], "USSR": ["Bay of Pigs Invasion", "U Thant"]})
    s.apply("event Bay of Pigs Invasion")
    d = data(s)
    d["cubes"]["US"][8] = 1
    refused(d, "the US may remove 2 cubes from Alliances, but has fewer there")


def test_a_defcon_move_is_at_most_two_steps() -> None:
    s = plays(hands={"US": ["Mathematical Precision", "SOPs"], "USSR": ["Fidel Castro", "U Thant"]})
    s.apply("event Mathematical Precision")
    d = data(s)
    assert d["stack"][-1]["f"] == "shift"
    d["stack"][-1]["steps"] = 3
    refused(d, "field 'stack[2].steps': 3 is out of range 1 to 2")


def test_a_command_sets_mode_arena_and_count_together() -> None:
    s = plays()
    play(s, "command Excomm", "place Berlin")
    d = data(s)
    d["stack"][-1]["arena"] = -1
    refused(d, "a Command's mode, arena and cube count are set together by its first cube")
    d = data(s)
    d["stack"][-1]["n"] = d["stack"][-1]["left"]
    refused(d, "the Command is over")


def test_decisions_belong_to_the_phase_of_the_round() -> None:
    d = data(plays())
    d["stack"][-1] = {"f": "agenda", "p": "US"}
    refused(d, "field 'stack[1].f': a 'agenda' frame at round step 'plays'")
    d = data(plays())
    d["stack"][0]["step"] = "nuclear"
    refused(d, "field 'stack[0].step': 'nuclear': the round never waits for a decision at this step")


def test_a_side_without_a_card_has_no_card_play() -> None:
    d = data(plays())
    d["deck"] += d["hands"]["US"]
    d["hands"]["US"] = []
    refused(d, "field 'stack[1]': the US plays a card, but has no card or no play left")


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------
def test_a_position_hand_holds_five_cards_less_those_played() -> None:
    with pytest.raises(bm.PositionError, match=r"'hands'\['US'\]: 4 cards, but a hand holds at most 3"):
        plays(plays={"US": 2}, hands={"US": ["Excomm", "Quarantine", "SOPs", "U Thant"]})


def test_a_position_with_every_card_placed_loads() -> None:
    s = plays(agendas={"US": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Berlin"}},
              effects={"To the Brink": ["US"]})
    check(s.data, full_game=False)
    assert bm.load(s.to_json()) == s
