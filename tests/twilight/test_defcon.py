"""DEFCON and Military Operations, as the rulebook's examples play them.

Rules covered (rules.md):
- 8.1.5 coups and realignments are forbidden in Europe at DEFCON 4, also in
        Asia at DEFCON 3, also in the Middle East at DEFCON 2; Africa, Central
        and South America are always open; placing influence is never limited;
- 8.1 / 4.5 A DEFCON improves by 1 at the start of each turn, never above 5;
        a battleground coup at DEFCON 2 is nuclear war: the phasing player loses;
- 8.2.1 / 4.5 E at the end of the turn a side whose Military Operations fall
        short of the DEFCON level (as it stands then) gives the opponent VP
        equal to the shortfall; the tracks reset for the next turn.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, ops_only

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

# One US point in a country of each region.
TARGETS = {
    "Europe": "Italy",
    "Asia": "Thailand",
    "Middle East": "Iran",
    "Africa": "Angola",
    "Central America": "Panama",
    "South America": "Brazil",
}


def one_of_each(defcon: int) -> bm.State:
    s = ops_only({
        "defcon": defcon,
        "phasing": "USSR",
        "influence": {"USSR": {"Syria": 1}, "US": {c: 1 for c in TARGETS.values()}},
        "hands": {"USSR": ["COMECON"], "US": ["Fidel"]},
    })
    s.apply("ops COMECON")
    return s


@pytest.mark.parametrize(("defcon", "open_regions"), [
    (5, ["Europe", "Asia", "Middle East", "Africa", "Central America", "South America"]),
    (4, ["Asia", "Middle East", "Africa", "Central America", "South America"]),
    (3, ["Middle East", "Africa", "Central America", "South America"]),
    (2, ["Africa", "Central America", "South America"]),
])
def test_coup_and_realignment_targets_by_defcon(defcon: int, open_regions: list[str]) -> None:
    s = one_of_each(defcon)
    legal = {a.text for a in s.legal_actions()}
    coups = {t.removeprefix("coup ") for t in legal if t.startswith("coup ")}
    realigns = {t.removeprefix("realign ") for t in legal if t.startswith("realign ")}
    expected = {TARGETS[r] for r in open_regions}
    assert coups == expected
    assert realigns == expected


@pytest.mark.parametrize(("defcon", "country", "region"), [
    (4, "Italy", "Europe"),
    (3, "Thailand", "Asia"),
    (2, "Iran", "Middle East"),
])
def test_a_coup_in_a_closed_region_is_refused(defcon: int, country: str, region: str) -> None:
    s = one_of_each(defcon)
    before = s.to_json()
    for verb in ("coup", "realign"):
        with pytest.raises(bm.IllegalActionError,
                           match=f"at DEFCON {defcon} coups and realignments are forbidden in {region}"):
            s.apply(f"{verb} {country}")
    assert s.to_json() == before


def test_influence_placement_is_never_restricted_by_defcon() -> None:
    s = ops_only({
        "defcon": 2,
        "phasing": "USSR",
        "influence": {"USSR": {"Syria": 1}, "US": {}},
        "hands": {"USSR": ["COMECON"], "US": ["Fidel"]},
    })
    s.apply("ops COMECON")
    s.apply("place Poland")        # Europe
    s.apply("place Afghanistan")   # Asia
    s.apply("place Syria")         # Middle East
    assert (inf(s, "USSR", "Poland"), inf(s, "USSR", "Afghanistan"), inf(s, "USSR", "Syria")) == (1, 1, 2)
    assert s.data["defcon"] == 2


def test_defcon_improves_by_one_at_the_start_of_a_turn() -> None:
    s = ops_only({"turn": 2, "phase": "turn_start", "defcon": 3})
    assert s.data["defcon"] == 4
    assert "DEFCON rises to 4." in s.log
    assert s.current_player == "USSR"  # on to the headline


def test_defcon_never_rises_above_5() -> None:
    s = ops_only({"turn": 2, "phase": "turn_start", "defcon": 5})
    assert s.data["defcon"] == 5
    assert not any(line.startswith("DEFCON") for line in s.log)


def test_us_battleground_coup_at_defcon_2_ends_the_game_for_the_us() -> None:
    s = ops_only({
        "defcon": 2,
        "phasing": "US",
        "influence": {"USSR": {"Brazil": 1}, "US": {}},
        "hands": {"USSR": ["Fidel"], "US": ["Independent Reds"]},
    })
    s.apply("ops Independent Reds")
    s.apply("coup Brazil")
    s.apply("roll 6")
    assert s.data["defcon"] == 1
    assert s.result == "defcon"
    assert s.winner == "USSR"
    assert s.current_player is None


def last_round(defcon: int, milops: dict[str, int], us_card: str = "Independent Reds",
               us_influence: dict[str, int] | None = None) -> bm.State:
    """Turn 1, action round 6, the US's play: the last play of the turn."""
    return ops_only({
        "turn": 1,
        "action_round": 6,
        "phasing": "US",
        "defcon": defcon,
        "milops": milops,
        "vp": 0,
        "influence": {"USSR": {"Syria": 1, "Brazil": 1}, "US": us_influence or {"Iran": 1}},
        "hands": {"USSR": ["Decolonization"], "US": [us_card]},
        "china": {"holder": "USSR", "face_up": False},
    })


def test_side_short_of_military_ops_gives_the_shortfall_as_vp() -> None:
    # DEFCON 4: the USSR has 4 (enough), the US has 1 (3 short): USSR +3 VP.
    s = last_round(4, {"USSR": 4, "US": 1})
    s.apply("ops Independent Reds")
    s.apply("place Iran")
    s.apply("place Iran")
    assert "US is 3 short of the required 4 Military Operations." in s.log
    assert s.data["vp"] == -3
    assert s.data["turn"] == 2
    assert s.data["milops"] == {"USSR": 0, "US": 0}  # reset for the new turn


def test_both_sides_short_pay_each_other() -> None:
    # DEFCON 5: USSR 1 (4 short -> US +4), US 2 (3 short -> USSR +3): net US +1.
    s = last_round(5, {"USSR": 1, "US": 2})
    s.apply("ops Independent Reds")
    s.apply("place Iran")
    s.apply("place Iran")
    assert "USSR is 4 short of the required 5 Military Operations." in s.log
    assert "US is 3 short of the required 5 Military Operations." in s.log
    assert s.data["vp"] == 1


def test_requirement_is_the_defcon_at_the_end_of_the_turn() -> None:
    # DEFCON 3; the US's last play is a 2-ops coup in Brazil (a battleground),
    # which drops DEFCON to 2. The US has 2 Military Ops: enough for DEFCON 2.
    # The USSR has 1: one short, so the US gains 1 VP.
    s = last_round(3, {"USSR": 1, "US": 0})
    s.apply("ops Independent Reds")
    s.apply("coup Brazil")
    s.apply("roll 1")  # 1 + 2 - 4: fails; DEFCON still drops
    assert "USSR is 1 short of the required 2 Military Operations." in s.log
    assert not any(line.startswith("US is") for line in s.log)
    assert s.data["vp"] == 1
    # The new turn then improves DEFCON to 3.
    assert s.data["turn"] == 2
    assert s.data["defcon"] == 3


def test_no_penalty_when_both_meet_the_requirement() -> None:
    s = last_round(2, {"USSR": 2, "US": 5})
    s.apply("ops Independent Reds")
    s.apply("place Iran")
    s.apply("place Iran")
    assert s.data["vp"] == 0
    assert not any("short of the required" in line for line in s.log)
