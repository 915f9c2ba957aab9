"""The China Card played for operations and for the Space Race.

Rules covered (rules.md):
- 9 / 6.0 The China Card gives 4 ops, +1 if all of them are spent in Asia
        (Southeast Asia included): five placements in Asia; a placement
        outside Asia forfeits the bonus, and the bonus op alone can only go to
        Asia; the same holds for realignment rolls;
- 6.3 / 8.2 a coup in Asia uses 5 ops and credits 5 Military Operations; a coup
        elsewhere uses 4;
- 9 / 4.5 G after play it passes to the opponent face down, cannot be played
        that turn, and turns face up when the turn ends;
- 6.4.2 / 9.6 it may go to the Space Race (rulings research Q2); the Asia
        bonus never counts there.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import INDEX, IS_ASIA
from tests.twilight.helpers import inf, ops_only, placements

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def position(influence: dict[str, dict[str, int]], **extra: Any) -> bm.State:
    """The USSR, holding The China Card face up, to play in action round 1."""
    pos: dict[str, Any] = {
        "turn": 1,
        "action_round": 1,
        "phasing": "USSR",
        "influence": influence,
        "hands": {"USSR": ["Nasser"], "US": ["Independent Reds"]},
        "china": {"holder": "USSR", "face_up": True},
    }
    pos.update(extra)
    return ops_only(pos)


def test_five_placements_when_all_go_to_asia() -> None:
    s = position({"USSR": {"North Korea": 3}, "US": {}})
    s.apply("ops The China Card")
    for _ in range(5):
        assert s.current_player == "USSR"
        s.apply("place North Korea")
    assert inf(s, "USSR", "North Korea") == 8
    assert s.current_player == "US"


def test_a_placement_outside_asia_forfeits_the_bonus() -> None:
    s = position({"USSR": {"North Korea": 3, "Syria": 1}, "US": {}})
    s.apply("ops The China Card")
    s.apply("place Syria")
    for _ in range(3):
        assert s.current_player == "USSR"
        s.apply("place North Korea")
    assert (inf(s, "USSR", "Syria"), inf(s, "USSR", "North Korea")) == (2, 6)
    assert s.current_player == "US"  # 4 placements in all, not 5


def test_bonus_lost_by_the_last_placement_outside_asia() -> None:
    # Three points in Asia, then one in Syria: the fifth (bonus) op is gone.
    s = position({"USSR": {"North Korea": 3, "Syria": 1}, "US": {}})
    s.apply("ops The China Card")
    for _ in range(3):
        s.apply("place North Korea")
    s.apply("place Syria")
    assert inf(s, "USSR", "Syria") == 2
    assert s.current_player == "US"


def test_with_only_the_bonus_op_left_only_asia_is_offered() -> None:
    s = position({"USSR": {"North Korea": 3, "Syria": 1}, "US": {}})
    s.apply("ops The China Card")
    for _ in range(4):
        s.apply("place North Korea")
    offered = placements(s)
    assert offered == {"North Korea", "South Korea", "Afghanistan"}
    assert all(IS_ASIA[INDEX[c]] for c in offered)
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match="China Card bonus is only for Asia"):
        s.apply("place Syria")
    assert s.to_json() == before
    s.apply("place South Korea")
    assert inf(s, "USSR", "South Korea") == 1
    assert s.current_player == "US"


def test_coup_in_asia_uses_five_ops_and_credits_five_military_ops() -> None:
    # South Korea: stability 3, US 1. Roll 2 + 5 ops - 6 = 1: the US loses 1.
    # (With 4 ops the coup would fail.)
    s = position({"USSR": {}, "US": {"South Korea": 1}})
    s.apply("ops The China Card")
    s.apply("coup South Korea")
    s.apply("roll 2")
    assert inf(s, "US", "South Korea") == 0
    assert s.data["milops"]["USSR"] == 5
    assert s.data["defcon"] == 4
    assert any("coup in South Korea with 5 ops" in line for line in s.log)


def test_coup_outside_asia_uses_four_ops() -> None:
    # Iran: stability 2, US 2. Roll 1 + 4 - 4 = 1: the US loses 1.
    s = position({"USSR": {}, "US": {"Iran": 2}})
    s.apply("ops The China Card")
    s.apply("coup Iran")
    s.apply("roll 1")
    assert inf(s, "US", "Iran") == 1
    assert inf(s, "USSR", "Iran") == 0
    assert s.data["milops"]["USSR"] == 4


def realign_and_lose(s: bm.State, country: str) -> None:
    """One realignment roll that changes nothing (the US has +1 for more
    influence: 1 vs 2, the USSR loses 1 of its 0)."""
    s.apply(f"realign {country}")
    s.apply("roll 1")
    s.apply("roll 1")


def test_five_realignment_rolls_when_all_are_in_asia() -> None:
    s = position({"USSR": {}, "US": {"Pakistan": 5, "Iran": 5}})
    s.apply("ops The China Card")
    for _ in range(4):
        realign_and_lose(s, "Pakistan")
    # Only the bonus op is left: Iran (Middle East) is no longer a target.
    assert {a.text for a in s.legal_actions()} == {"realign Pakistan"}
    realign_and_lose(s, "Pakistan")
    assert s.current_player == "US"
    assert inf(s, "US", "Pakistan") == 5
    assert s.data["milops"]["USSR"] == 0


def test_one_realignment_roll_outside_asia_leaves_four_in_all() -> None:
    s = position({"USSR": {}, "US": {"Pakistan": 5, "Iran": 5}})
    s.apply("ops The China Card")
    realign_and_lose(s, "Iran")
    for _ in range(3):
        assert s.current_player == "USSR"
        realign_and_lose(s, "Pakistan")
    assert s.current_player == "US"


def test_after_play_it_passes_face_down_and_turns_face_up_at_the_end_of_the_turn() -> None:
    s = ops_only({
        "turn": 1,
        "action_round": 6,
        "phasing": "USSR",
        "influence": {"USSR": {"North Korea": 3}, "US": {"Japan": 1}},
        "hands": {"USSR": [], "US": ["Independent Reds"]},
        "milops": {"USSR": 5, "US": 5},
        "china": {"holder": "USSR", "face_up": True},
    })
    s.apply("ops The China Card")
    for _ in range(5):
        s.apply("place North Korea")
    assert s.data["china"] == "US"
    assert s.data["china_up"] is False
    assert "The China Card passes to US face down." in s.log
    # Face down: the US may not play it in its last round of the turn.
    assert {a.text for a in s.legal_actions()} == {"ops Independent Reds", "space Independent Reds"}
    with pytest.raises(bm.IllegalActionError, match="face down until the end of the turn"):
        s.apply("ops The China Card")
    s.apply("ops Independent Reds")
    s.apply("place Japan")
    s.apply("place Japan")
    assert s.data["turn"] == 2
    assert s.data["china"] == "US"
    assert s.data["china_up"] is True
    assert "The China Card turns face up (US)." in s.log


def test_the_china_card_can_go_to_the_space_race() -> None:
    s = position({"USSR": {"North Korea": 3}, "US": {}})
    assert "space The China Card" in {a.text for a in s.legal_actions()}
    s.apply("space The China Card")
    s.apply("roll 3")
    assert s.data["space"]["USSR"] == 1
    assert s.data["vp"] == -2
    assert s.data["china"] == "US"
    assert s.data["china_up"] is False


def test_space_station_accepts_the_china_card_on_its_four_printed_ops() -> None:
    # Box 8 needs 4 ops: the card's own 4 suffice; the Asia bonus (ops not
    # spent in Asia) plays no part. No box needs 5, so the bonus can never
    # make the difference at the Space Race.
    s = position({"USSR": {"North Korea": 3}, "US": {}}, space={"USSR": 7, "US": 0})
    s.apply("space The China Card")
    s.apply("roll 2")
    assert s.data["space"]["USSR"] == 8
    assert s.data["vp"] == -2
