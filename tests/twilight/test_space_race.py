"""The Space Race (rule 6.4) and the abilities of boxes 2, 4, 6 and 8.

Covered: one attempt per turn (two for the Animal in Space holder while the
other side has not reached box 2); the Ops needed for each box (2,2,2,2,3,3,3,4);
the winning rolls (1-3, 1-4, 1-3, 1-4, 1-3, 1-4, 1-3, 1-2); the VP for the first
and second arrival (2/1, 0/0, 2/0, 0/0, 3/1, 0/0, 4/2, 2/0); scoring cards cannot
be used; the card's event does not happen and the card is discarded (even a
starred one); The China Card may be used and passes face down; the
Eagle/Bear Has Landed holder (box 6) may discard a held non-scoring card at the
end of the turn or pass; the Space Station holder (box 8) may take an 8th action
round or pass; every ability is cancelled once the other side reaches the box.
(Box 4, Man in Earth Orbit, is tested in test_headline.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import CHINA, card_number
from tests.twilight.helpers import ops_only, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

# box: (Ops needed, highest winning roll, VP first, VP second)
BOXES = {
    1: (2, 3, 2, 1),
    2: (2, 4, 0, 0),
    3: (2, 3, 2, 0),
    4: (2, 4, 0, 0),
    5: (3, 3, 3, 1),
    6: (3, 4, 0, 0),
    7: (3, 3, 4, 2),
    8: (4, 2, 2, 0),
}
# A USSR-side card for each Ops value.
CARD_WITH_OPS = {1: "Nasser", 2: "Decolonization", 3: "COMECON", 4: "Red Scare/Purge"}


def position(**fields: Any) -> bm.State:
    pos: dict[str, Any] = {"turn": 4, "action_round": 1, "phasing": "USSR"}
    pos.update(fields)
    return ops_only(pos)


def play_ops(s: bm.State, card: str, country: str) -> None:
    side = s.current_player
    s.apply(f"ops {card}")
    while not s.is_terminal and s.current_player == side and s.data["stack"][-1]["f"] == "ops":
        s.apply(f"place {country}")


@pytest.mark.parametrize("box", range(1, 9))
def test_ops_needed_for_each_box(box: int) -> None:
    need = BOXES[box][0]
    enough, short = CARD_WITH_OPS[need], CARD_WITH_OPS[need - 1]
    s = position(space={"USSR": box - 1}, hands={"USSR": [enough, short], "US": ["NATO"]})
    assert f"space {enough}" in texts(s)
    assert f"space {short}" not in texts(s)
    with pytest.raises(bm.IllegalActionError):
        s.apply(f"space {short}")


@pytest.mark.parametrize("box", range(1, 9))
def test_winning_roll_and_vp_for_the_first_arrival(box: int) -> None:
    need, best, first_vp, _ = BOXES[box]
    card = CARD_WITH_OPS[need]
    s = position(vp=3, space={"USSR": box - 1, "US": box - 1}, hands={"USSR": [card], "US": ["NATO"]})
    s.apply(f"space {card}")
    assert s.current_player == "chance"
    assert texts(s) == [f"roll {r}" for r in range(1, 7)]
    s.apply(f"roll {best}")
    assert s.data["space"] == {"USSR": box, "US": box - 1}
    assert s.data["vp"] == 3 - first_vp
    assert s.data["space_tries"]["USSR"] == 1
    assert s.current_player == "US"


@pytest.mark.parametrize("box", range(1, 9))
def test_a_roll_above_the_range_fails(box: int) -> None:
    need, best, _, _ = BOXES[box]
    card = CARD_WITH_OPS[need]
    s = position(vp=3, space={"USSR": box - 1}, hands={"USSR": [card], "US": ["NATO"]})
    s.apply(f"space {card}")
    s.apply(f"roll {best + 1}")
    assert s.data["space"]["USSR"] == box - 1
    assert s.data["vp"] == 3
    assert s.log[-1] == f"Space Race: USSR rolls {best + 1} and fails."
    assert card_number(card) in s.data["discard"]


@pytest.mark.parametrize("box", range(1, 9))
def test_vp_for_the_second_arrival(box: int) -> None:
    need, _, _, second_vp = BOXES[box]
    # US-side or neutral cards for the US: 2 Ops Independent Reds, 3 Containment, 4 NATO.
    card = {2: "Independent Reds", 3: "Containment", 4: "NATO"}[need]
    s = position(phasing="US", vp=-3, space={"USSR": box, "US": box - 1},
                 hands={"USSR": ["Fidel"], "US": [card]})
    s.apply(f"space {card}")
    s.apply("roll 1")
    assert s.data["space"] == {"USSR": box, "US": box}
    assert s.data["vp"] == -3 + second_vp


def test_earth_satellite_example() -> None:
    # Turn 1, action round 1: the USSR sends Decolonization (2 Ops) to space and rolls 2.
    s = position(turn=1, hands={"USSR": ["Decolonization", "Fidel"], "US": ["NATO"]})
    s.apply("space Decolonization")
    assert s.log[-1] == "USSR plays Decolonization to the Space Race (Earth Satellite, needs 1-3)."
    s.apply("roll 2")
    assert s.log[-2] == "Space Race: USSR rolls 2 and reaches Earth Satellite (box 1)."
    assert s.log[-1] == "USSR gains 2 VP (space race box 1). VP: USSR +2."
    assert s.data["vp"] == -2
    assert s.data["discard"] == [card_number("Decolonization")]
    # The US follows and arrives second: 1 VP.
    s.apply("space NATO")
    s.apply("roll 3")
    assert s.data["vp"] == -1
    assert s.data["space"] == {"USSR": 1, "US": 1}


def test_the_event_does_not_happen_even_a_starred_card_is_discarded() -> None:
    # The USSR disposes of NATO (a starred US event) through the Space Race.
    s = position(hands={"USSR": ["NATO", "Fidel"], "US": ["Duck and Cover"]})
    before = s.view(None)["influence"]
    s.apply("space NATO")
    s.apply("roll 5")
    assert not any(x.startswith("NATO:") for x in s.log)
    assert s.data["discard"] == [card_number("NATO")]
    assert s.data["removed"] == []
    assert s.view(None)["influence"] == before
    assert s.data["effects"] == {}


def test_scoring_cards_cannot_be_used_for_the_space_race() -> None:
    s = position(hands={"USSR": ["Asia Scoring", "Fidel"], "US": ["NATO"]})
    assert "space Asia Scoring" not in texts(s)
    assert "space Fidel" in texts(s)
    with pytest.raises(bm.IllegalActionError):
        s.apply("space Asia Scoring")


def test_only_one_attempt_per_turn() -> None:
    s = position(hands={"USSR": ["Decolonization", "Fidel"], "US": ["NATO", "Independent Reds"]})
    s.apply("space Decolonization")
    s.apply("roll 6")
    assert s.data["space"]["USSR"] == 0
    play_ops(s, "Independent Reds", "Canada")
    assert s.current_player == "USSR" and s.data["ar"] == 2
    assert texts(s) == ["ops Fidel", "ops The China Card"]
    # The other side still has its own attempt.
    play_ops(s, "Fidel", "Poland")
    assert "space NATO" in texts(s)


def test_animal_in_space_holder_may_try_twice_per_turn() -> None:
    s = position(space={"USSR": 2, "US": 1}, space_attempts={"USSR": 1},
                 hands={"USSR": ["Decolonization", "Fidel"], "US": ["NATO", "Independent Reds"]})
    assert "space Decolonization" in texts(s)
    s.apply("space Decolonization")
    s.apply("roll 6")
    assert s.data["space_tries"]["USSR"] == 2
    play_ops(s, "Independent Reds", "Canada")
    assert "space Fidel" not in texts(s)
    # The US, behind on the track, has only its single attempt.
    t = position(phasing="US", space={"USSR": 2, "US": 1}, space_attempts={"US": 1},
                 hands={"USSR": ["Fidel"], "US": ["NATO"]})
    assert "space NATO" not in texts(t)


def test_animal_in_space_is_cancelled_when_the_other_side_reaches_box_2() -> None:
    s = position(space={"USSR": 3, "US": 2}, space_attempts={"USSR": 1},
                 hands={"USSR": ["COMECON", "Fidel"], "US": ["NATO"]})
    assert texts(s) == ["ops COMECON", "ops Fidel", "ops The China Card"]


def test_the_china_card_can_be_used_and_passes_face_down() -> None:
    # Box 8 needs 4 Ops: The China Card (4, its Asia bonus does not count) is enough.
    s = position(space={"USSR": 7, "US": 5}, hands={"USSR": ["Fidel"], "US": ["NATO"]})
    assert "space The China Card" in texts(s)
    s.apply("space The China Card")
    s.apply("roll 2")
    assert s.data["space"]["USSR"] == 8
    assert s.data["vp"] == -2
    assert s.view(None)["china_card"] == {"holder": "US", "face_up": False}
    assert CHINA not in s.data["discard"]


def test_no_attempt_beyond_the_last_box() -> None:
    s = position(space={"USSR": 8, "US": 2}, hands={"USSR": ["Red Scare/Purge"], "US": ["NATO"]})
    assert texts(s) == ["ops Red Scare/Purge", "ops The China Card"]


# -- Box 6: Eagle/Bear Has Landed ------------------------------------------------------


def end_of_turn_position(space: dict[str, int], ussr: list[str], us: list[str], **extra: Any) -> bm.State:
    """Turn 2, the US's last action round (the USSR has played its sixth)."""
    return position(turn=2, action_round=6, phasing="US", space=space,
                    hands={"USSR": ussr, "US": us}, **extra)


def test_bear_has_landed_holder_may_discard_a_held_card_at_turn_end() -> None:
    s = end_of_turn_position({"USSR": 6, "US": 5}, ["Fidel", "Nasser"], ["Truman Doctrine"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.current_player == "USSR"
    assert s.data["turn"] == 2
    assert sorted(texts(s)) == ["discard Fidel", "discard Nasser", "pass"]
    s.apply("discard Fidel")
    assert "USSR discards Fidel (Eagle/Bear Has Landed)." in s.log
    assert card_number("Fidel") in s.data["discard"]
    assert s.data["turn"] == 3
    assert card_number("Nasser") in s.data["hands"]["USSR"]
    assert card_number("Fidel") not in s.data["hands"]["USSR"]


def test_eagle_has_landed_holder_may_keep_its_hand() -> None:
    s = end_of_turn_position({"USSR": 5, "US": 6}, [], ["Truman Doctrine", "NATO", "Containment"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.current_player == "US"
    assert sorted(texts(s)) == ["discard Containment", "discard NATO", "pass"]
    s.apply("pass")
    assert "US keeps its hand (Eagle/Bear Has Landed)." in s.log
    assert s.data["turn"] == 3
    assert s.data["hands"]["US"][:2] == [card_number("NATO"), card_number("Containment")]


def test_the_landing_discard_excludes_scoring_cards_and_the_china_card() -> None:
    s = end_of_turn_position({"USSR": 6, "US": 0}, ["Europe Scoring", "Fidel"], ["Truman Doctrine"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert texts(s) == ["discard Fidel", "pass"]
    with pytest.raises(bm.IllegalActionError):
        s.apply("discard Europe Scoring")
    s.apply("discard Fidel")
    # The scoring card is still held: the USSR loses.
    assert s.result == "scoring_card_held"
    assert s.winner == "US"


def test_bear_has_landed_is_cancelled_when_the_us_lands_too() -> None:
    s = end_of_turn_position({"USSR": 7, "US": 6}, ["Fidel", "Nasser"], ["Truman Doctrine"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.data["turn"] == 3
    assert not any("Eagle/Bear" in x for x in s.log)


# -- Box 8: Space Station ----------------------------------------------------------------


def test_space_station_holder_takes_an_eighth_action_round() -> None:
    s = end_of_turn_position({"US": 8, "USSR": 7}, [], ["Truman Doctrine", "Containment"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.current_player == "US"
    assert s.data["turn"] == 2
    assert "US may take an extra action round (Space Station)." in s.log
    assert s.view("US")["decision"]["prompt"].endswith("(extra round)")
    assert texts(s) == ["ops Containment", "pass"]
    play_ops(s, "Containment", "Canada")
    assert s.data["turn"] == 3
    assert card_number("Containment") in s.data["discard"]


def test_space_station_holder_may_decline_the_extra_round() -> None:
    # The US has reached box 7, so the USSR holds only the box 8 ability.
    s = end_of_turn_position({"USSR": 8, "US": 7}, ["Fidel"], ["Truman Doctrine"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.current_player == "USSR"
    s.apply("pass")
    assert "USSR passes." in s.log
    assert s.data["turn"] == 3
    assert s.data["hands"]["USSR"][0] == card_number("Fidel")


def test_space_station_extra_round_with_only_the_china_card() -> None:
    s = end_of_turn_position({"USSR": 8, "US": 7}, [], ["Truman Doctrine"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.current_player == "USSR"
    assert texts(s) == ["ops The China Card", "pass"]


def test_space_station_is_cancelled_once_both_sides_reach_box_8() -> None:
    s = end_of_turn_position({"USSR": 8, "US": 8}, ["Fidel"], ["Truman Doctrine"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.data["turn"] == 3
    assert not any("Space Station" in x for x in s.log)


def test_space_station_and_bear_has_landed_both_held() -> None:
    # USSR at box 8, US at box 4: the USSR holds both abilities, the 8th round comes first.
    s = end_of_turn_position({"USSR": 8, "US": 4}, ["Fidel", "Nasser"], ["Truman Doctrine"])
    play_ops(s, "Truman Doctrine", "Canada")
    assert texts(s) == ["ops Fidel", "ops Nasser", "ops The China Card", "pass"]
    play_ops(s, "Fidel", "Poland")
    assert texts(s) == ["discard Nasser", "pass"]
    s.apply("discard Nasser")
    assert s.data["turn"] == 3
    assert s.data["discard"][-2:] == [card_number("Fidel"), card_number("Nasser")]
