"""Coup attempts, as the rulebook's examples play them.

Rules covered (rules.md):
- 6.3.1 the target must hold opponent influence; no adjacency is needed; all
        the card's ops go into one coup;
- 6.3.2 result = die + ops - 2 x stability: a positive result removes that
        much opponent influence and the excess becomes the coup-er's own;
        otherwise nothing changes;
- 6.3 / 8.1 a battleground coup lowers DEFCON by 1 even when it fails, a
        non-battleground coup does not; reaching DEFCON 1 ends the game and the
        phasing player loses;
- 8.2   a coup credits Military Operations equal to the ops used.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, ops_only

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def position(influence: dict[str, dict[str, int]], card: str, side: str = "USSR", **extra: Any) -> bm.State:
    """``side`` to play ``card`` in action round 1 of turn 1."""
    other = "Fidel" if side == "US" else "Independent Reds"
    pos: dict[str, Any] = {
        "turn": 1,
        "action_round": 1,
        "phasing": side,
        "influence": influence,
        "hands": {side: [card], "US" if side == "USSR" else "USSR": [other]},
    }
    pos.update(extra)
    return ops_only(pos)


def test_successful_coup_removes_opponent_influence_then_adds_the_excess() -> None:
    # Iran: stability 2, battleground, US 1. USSR coups with 3 ops and rolls 4:
    # 4 + 3 - 2 x 2 = 3 -> the US loses its 1, the USSR gains the other 2.
    s = position({"USSR": {"Syria": 1}, "US": {"Iran": 1}}, "COMECON")
    s.apply("ops COMECON")
    s.apply("coup Iran")
    assert s.current_player == "chance"
    assert {a.text for a in s.legal_actions()} == {f"roll {n}" for n in range(1, 7)}
    s.apply("roll 4")
    assert inf(s, "US", "Iran") == 0
    assert inf(s, "USSR", "Iran") == 2
    assert s.data["defcon"] == 4
    assert s.data["milops"] == {"USSR": 3, "US": 0}
    assert s.current_player == "US"


def test_coup_that_only_reduces_opponent_influence() -> None:
    # Iran US 3: roll 3 + 3 ops - 4 = 2 -> the US keeps 1, the USSR gains nothing.
    s = position({"USSR": {}, "US": {"Iran": 3}}, "COMECON")
    s.apply("ops COMECON")
    s.apply("coup Iran")
    s.apply("roll 3")
    assert inf(s, "US", "Iran") == 1
    assert inf(s, "USSR", "Iran") == 0


def test_coup_needs_no_adjacency_and_excess_can_be_large() -> None:
    # The US has nothing near Angola (stability 1). 6 + 2 - 2 = 6: USSR's 1 goes,
    # the US gains 5.
    s = position({"USSR": {"Angola": 1}, "US": {"Canada": 1}}, "Independent Reds", side="US")
    s.apply("ops Independent Reds")
    s.apply("coup Angola")
    s.apply("roll 6")
    assert inf(s, "USSR", "Angola") == 0
    assert inf(s, "US", "Angola") == 5
    assert s.data["milops"] == {"USSR": 0, "US": 2}


def test_failed_battleground_coup_changes_no_influence_but_lowers_defcon() -> None:
    # 1 + 3 - 4 = 0: the coup fails, yet Iran is a battleground.
    s = position({"USSR": {"Syria": 1}, "US": {"Iran": 1}}, "COMECON")
    s.apply("ops COMECON")
    s.apply("coup Iran")
    s.apply("roll 1")
    assert inf(s, "US", "Iran") == 1
    assert inf(s, "USSR", "Iran") == 0
    assert s.data["defcon"] == 4
    assert s.data["milops"]["USSR"] == 3
    assert s.log[-2].endswith("= 0: fails.")


def test_non_battleground_coup_does_not_move_defcon() -> None:
    # Jordan: stability 2, not a battleground. 2 + 3 - 4 = 1.
    s = position({"USSR": {"Syria": 1}, "US": {"Jordan": 2}}, "COMECON", defcon=4)
    s.apply("ops COMECON")
    s.apply("coup Jordan")
    s.apply("roll 2")
    assert inf(s, "US", "Jordan") == 1
    assert s.data["defcon"] == 4
    assert s.data["milops"]["USSR"] == 3


def test_military_operations_are_the_ops_value_and_add_to_the_track() -> None:
    s = position({"USSR": {}, "US": {"Zaire": 1}}, "Nasser", milops={"USSR": 2, "US": 0})
    s.apply("ops Nasser")
    s.apply("coup Zaire")
    s.apply("roll 1")  # 1 + 1 - 2 = 0: fails, the Military Ops still count
    assert s.data["milops"] == {"USSR": 3, "US": 0}
    assert s.data["defcon"] == 4  # Zaire is a battleground


def test_coup_target_must_hold_opponent_influence() -> None:
    s = position({"USSR": {"Syria": 1, "Egypt": 1}, "US": {"Iran": 1, "Angola": 2}}, "COMECON")
    s.apply("ops COMECON")
    coups = {a.text for a in s.legal_actions() if a.text.startswith("coup ")}
    assert coups == {"coup Iran", "coup Angola"}
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match="there is no US influence in Egypt to coup"):
        s.apply("coup Egypt")
    assert s.to_json() == before


def test_a_coup_uses_the_whole_card() -> None:
    s = position({"USSR": {"Syria": 1}, "US": {"Lebanon": 1}}, "Red Scare/Purge")
    s.apply("ops Red Scare/Purge")
    s.apply("coup Lebanon")
    s.apply("roll 1")  # 1 + 4 - 2 = 3
    assert inf(s, "US", "Lebanon") == 0
    assert inf(s, "USSR", "Lebanon") == 2
    assert s.current_player == "US"  # no ops left over for anything else
    assert s.data["milops"]["USSR"] == 4


def test_battleground_coup_at_defcon_2_is_nuclear_war_and_the_coup_er_loses() -> None:
    s = position({"USSR": {}, "US": {"Angola": 1}}, "Nasser", defcon=2)
    s.apply("ops Nasser")
    s.apply("coup Angola")
    s.apply("roll 6")
    assert s.data["defcon"] == 1
    assert s.is_terminal
    assert s.result == "defcon"
    assert s.winner == "US"
    assert s.legal_actions() == []


def test_us_battleground_coup_at_defcon_2_loses_for_the_us() -> None:
    s = position({"USSR": {"Panama": 1}, "US": {}}, "CIA Created", side="US", defcon=2)
    s.apply("ops CIA Created")
    s.apply("coup Panama")
    s.apply("roll 1")  # fails, but DEFCON still drops
    assert s.result == "defcon"
    assert s.winner == "USSR"
    assert inf(s, "USSR", "Panama") == 1


def test_non_battleground_coup_at_defcon_2_is_safe() -> None:
    s = position({"USSR": {}, "US": {"Zimbabwe": 1}}, "Nasser", defcon=2)
    s.apply("ops Nasser")
    s.apply("coup Zimbabwe")
    s.apply("roll 3")  # 3 + 1 - 2 = 2
    assert not s.is_terminal
    assert s.data["defcon"] == 2
    assert inf(s, "US", "Zimbabwe") == 0
    assert inf(s, "USSR", "Zimbabwe") == 1
