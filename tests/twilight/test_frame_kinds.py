"""The frame shapes the type checker sees (``rules.kinds``) are those a
loaded state is checked against (``validate``): the same kinds, the same
required and optional keys, the same small sets of values."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from brinkmanship.core.validate import Record
from brinkmanship.twilight import rules, validate
from brinkmanship.twilight.rules import kinds

# No state is made here: one run, on Python (tests/conftest.py).
pytestmark = [pytest.mark.usefixtures("on_backend"),
              pytest.mark.python_backend("compares the Python frame types with validate's records; it makes no state")]


# Every frame kind: its declared shape and the record validate checks it with.
SHAPES: dict[str, tuple[Any, Record]] = {
    "turn": (kinds.TurnFrame, validate._TURN),
    "finish": (kinds.FinishFrame, validate._FINISH),
    "fire_event": (kinds.FireEventFrame, validate._FIRE),
    "setup": (kinds.SetupFrame, validate._SETUP),
    "headline": (kinds.HeadlineFrame, validate._JUST_P),
    "eagle": (kinds.EagleFrame, validate._JUST_P),
    "action": (kinds.ActionFrame, validate._ACTION),
    "ops": (kinds.OpsFrame, validate._OPS),
    "order": (kinds.OrderFrame, validate._ORDER),
    "place_inf": (kinds.InfluenceFrame, validate._INFLUENCE),
    "remove_inf": (kinds.InfluenceFrame, validate._INFLUENCE),
    "ask": (kinds.AskFrame, validate._ASK),
    "roll realign": (kinds.RealignRollFrame, validate._ROLL["realign"]),
    "roll coup": (kinds.CoupRollFrame, validate._ROLL["coup"]),
    "roll event": (kinds.EventRollFrame, validate._ROLL["event"]),
    "roll space": (kinds.SpaceRollFrame, validate._ROLL["space"]),
}
# Keys declared ahead of the code that writes them: the influence frames'
# continuation (issue 11, item 8), which validate checks once it exists.
DECLARED_AHEAD = {"place_inf": {"then", "data"}, "remove_inf": {"then", "data"}}


def test_every_frame_kind_has_a_shape() -> None:
    kinds_run = set(rules.LEGAL) | set(rules.APPLY) | set(rules.PROCS)
    assert {name.split()[0] for name in SHAPES} == kinds_run == set(validate.FRAMES)
    assert {name.split()[1] for name in SHAPES if name.startswith("roll ")} == set(validate._ROLL)
    assert set(get_args(kinds.RollFrame)) == {shape for name, (shape, _) in SHAPES.items() if name.startswith("roll ")}
    assert set(get_args(kinds.AnyFrame)) >= {shape for shape, _ in SHAPES.values() if shape is not kinds.RollFrame}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_shape_has_the_keys_validate_checks(name: str) -> None:
    shape, record = SHAPES[name]
    assert set(shape.__required_keys__) == set(record.fields), name
    ahead = DECLARED_AHEAD.get(name, set())
    assert set(shape.__optional_keys__) == set(record.optional) | ahead, name
    kind = get_args(shape.__annotations__["f"])
    assert name.split()[0] in kind


def test_small_sets_of_values_match() -> None:
    assert set(get_args(kinds.TurnStep)) == set(validate.TURN_STEPS)
    assert set(get_args(kinds.AskKind)) == set(validate.ASK_RANGE)
    check_mode = validate._OPS.fields["mode"]
    for mode in get_args(kinds.OpsMode):
        check_mode(mode, "mode")
    with pytest.raises(Exception, match="not one of '', 'place', 'realign'"):
        check_mode("coup", "mode")
