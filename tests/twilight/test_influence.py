"""Placing influence with operations, as the rulebook's examples play it.

Rules covered (rules.md):
- 6.0   all of a card's ops go into one kind of operation and must be spent;
- 6.1.1 access: countries holding own influence at the start of the action
        round, their neighbours, and countries next to one's own superpower;
        influence placed in the same round does not extend access;
- 6.1   cost: 1 op per point, 2 ops into an opponent-controlled country, the
        cheaper rate as soon as control breaks (the Turkey example);
- an illegal placement raises ``IllegalActionError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, ops_only, placements

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def position(influence: dict[str, dict[str, int]], ussr_card: str, **extra: Any) -> bm.State:
    """The USSR to play ``ussr_card`` in action round 1 of turn 1."""
    pos: dict[str, Any] = {
        "turn": 1,
        "action_round": 1,
        "phasing": "USSR",
        "influence": influence,
        "hands": {"USSR": [ussr_card], "US": ["Fidel"]},
    }
    pos.update(extra)
    return ops_only(pos)


def test_access_is_own_influence_its_neighbours_and_own_superpower() -> None:
    # The USSR's only influence is in Syria: it may place in Syria, next to
    # Syria (Turkey, Israel, Lebanon) and next to the USSR itself.
    s = position({"USSR": {"Syria": 1}, "US": {}}, "Decolonization")
    s.apply("ops Decolonization")
    assert placements(s) == {
        "Syria", "Turkey", "Israel", "Lebanon",
        "Finland", "Poland", "Romania", "Afghanistan", "North Korea",
    }


def test_us_with_no_influence_reaches_only_the_countries_next_to_the_us() -> None:
    s = ops_only({
        "phasing": "US",
        "influence": {"USSR": {"Syria": 1}, "US": {}},
        "hands": {"USSR": ["Fidel"], "US": ["Independent Reds"]},
    })
    s.apply("ops Independent Reds")
    assert placements(s) == {"Canada", "Mexico", "Cuba", "Japan"}


def test_influence_placed_this_round_does_not_extend_access() -> None:
    # Lebanon is next to Syria; Jordan is next to Lebanon but not to Syria.
    s = position({"USSR": {"Syria": 1}, "US": {}}, "COMECON")
    s.apply("ops COMECON")
    s.apply("place Lebanon")
    assert inf(s, "USSR", "Lebanon") == 1
    assert "Jordan" not in placements(s)
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match="cannot reach Jordan"):
        s.apply("place Jordan")
    assert s.to_json() == before
    s.apply("place Lebanon")
    s.apply("place Lebanon")
    assert inf(s, "USSR", "Lebanon") == 3
    assert s.current_player == "US"


def test_influence_placed_last_round_gives_access_in_the_next_round() -> None:
    s = ops_only({
        "phasing": "USSR",
        "influence": {"USSR": {"Syria": 1}, "US": {}},
        "hands": {"USSR": ["Nasser", "Blockade"], "US": ["CIA Created", "Truman Doctrine"]},
    })
    s.apply("ops Nasser")
    s.apply("place Lebanon")
    s.apply("ops CIA Created")
    s.apply("place Japan")
    assert s.current_player == "USSR" and s.data["ar"] == 2
    s.apply("ops Blockade")
    assert "Jordan" in placements(s)
    s.apply("place Jordan")
    assert inf(s, "USSR", "Jordan") == 1


def test_placing_in_an_opponent_controlled_country_costs_two_ops() -> None:
    s = position({"USSR": {"Syria": 1}, "US": {"Turkey": 2}}, "Decolonization")
    s.apply("ops Decolonization")
    s.apply("place Turkey")
    assert inf(s, "USSR", "Turkey") == 1
    assert s.log[-1] == "USSR places 1 influence in Turkey (2 ops)."
    assert s.current_player == "US"  # both ops went into that one point


def test_turkey_example_cost_drops_once_us_control_is_broken() -> None:
    # Rulebook example: Turkey US 2 / USSR 0 (stability 2). The USSR's first
    # point costs 2 and breaks US control; every later point costs 1. With a
    # 4-ops card that is 3 points (2 + 1 + 1), not 2.
    s = position({"USSR": {"Syria": 1}, "US": {"Turkey": 2}}, "Red Scare/Purge")
    s.apply("ops Red Scare/Purge")
    s.apply("place Turkey")
    assert s.current_player == "USSR"
    s.apply("place Turkey")
    assert s.log[-1] == "USSR places 1 influence in Turkey."
    s.apply("place Turkey")
    assert inf(s, "USSR", "Turkey") == 3
    assert inf(s, "US", "Turkey") == 2
    assert s.current_player == "US"


def test_with_one_op_left_an_opponent_controlled_country_is_not_offered() -> None:
    s = position({"USSR": {"Syria": 1}, "US": {"Turkey": 2, "Israel": 4}}, "Decolonization")
    s.apply("ops Decolonization")
    assert {"Turkey", "Israel"} <= placements(s)
    s.apply("place Syria")
    left = placements(s)
    assert "Turkey" not in left and "Israel" not in left
    assert {"Syria", "Lebanon", "Poland"} <= left
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match="Turkey is US-controlled: 1 influence there costs 2 ops"):
        s.apply("place Turkey")
    assert s.to_json() == before


def test_a_one_op_card_cannot_place_in_an_opponent_controlled_country() -> None:
    s = position({"USSR": {"Syria": 1}, "US": {"Turkey": 2}}, "Nasser")
    s.apply("ops Nasser")
    assert "Turkey" not in placements(s)
    assert "coup Turkey" in {a.text for a in s.legal_actions()}  # a coup is still possible


def test_all_ops_must_be_spent_while_a_placement_is_possible() -> None:
    s = position({"USSR": {"Syria": 1}, "US": {}}, "COMECON")
    s.apply("ops COMECON")
    s.apply("place Syria")
    assert "done" not in {a.text for a in s.legal_actions()}
    assert "pass" not in {a.text for a in s.legal_actions()}
    with pytest.raises(bm.IllegalActionError, match="expected place, not 'done'"):
        s.apply("done")
    s.apply("place Syria")
    assert s.current_player == "USSR"
    s.apply("place Syria")
    assert inf(s, "USSR", "Syria") == 4
    assert s.current_player == "US"


def test_placing_influence_is_one_kind_of_operation() -> None:
    # Once a point is placed the rest of the ops cannot coup or realign (6.0).
    s = position({"USSR": {"Syria": 1}, "US": {"Turkey": 1}}, "COMECON")
    s.apply("ops COMECON")
    assert {"coup Turkey", "realign Turkey"} <= {a.text for a in s.legal_actions()}
    s.apply("place Syria")
    assert all(a.text.startswith("place ") for a in s.legal_actions())
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError):
        s.apply("coup Turkey")
    assert s.to_json() == before


def test_an_unreachable_placement_is_refused_with_its_reason_and_changes_nothing() -> None:
    s = position({"USSR": {"Syria": 1}, "US": {}}, "Decolonization")
    s.apply("ops Decolonization")
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as caught:
        s.apply("place Angola")
    err = caught.value
    assert err.reason == (
        "USSR cannot reach Angola: influence goes only where USSR had influence "
        "at the start of the action round, next to it, or next to its superpower"
    )
    assert "place Syria" in err.legal and "place Angola" not in err.legal
    assert s.to_json() == before
    assert inf(s, "USSR", "Angola") == 0
