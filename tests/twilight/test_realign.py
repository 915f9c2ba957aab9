"""Realignment rolls, as the rulebook's examples play them.

Rules covered (rules.md):
- 6.2.1 1 op per roll; the target must hold opponent influence; no adjacency
        needed; one card buys several rolls, each resolved before the next
        target is chosen; ops with no target left are lost;
- 6.2.2 each side rolls a die (the acting side's die is rolled first) and adds
        +1 per adjacent country it controls, +1 for more influence in the
        target, +1 if the target is next to its own superpower (counted once);
        the card's ops are not added;
- 6.2.3 the higher total removes the difference from the other side (never
        below 0), ties do nothing, no influence is ever added, and the acting
        side can lose its own influence;
- 8.2.5 realignments earn no Military Operations and never move DEFCON.
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
    pos: dict[str, Any] = {
        "turn": 1,
        "action_round": 1,
        "phasing": side,
        "influence": influence,
        "hands": {side: [card], "US" if side == "USSR" else "USSR": ["Olympic Games"]},
    }
    pos.update(extra)
    return ops_only(pos)


def realignment_line(s: bm.State) -> str:
    """The log line of the latest realignment result."""
    return next(line for line in reversed(s.log) if line.startswith("Realignment in "))


def texts(s: bm.State) -> set[str]:
    return {a.text for a in s.legal_actions()}


def test_higher_total_removes_the_difference_and_adds_nothing() -> None:
    # Angola: US 2, USSR 3 (the USSR has more: +1). The US realigns with 1 op,
    # rolls 6 (its die first), the USSR rolls 2: US 6 vs USSR 3.
    s = position({"USSR": {"Angola": 3}, "US": {"Angola": 2}}, "CIA Created", side="US")
    s.apply("ops CIA Created")
    s.apply("realign Angola")
    s.apply("roll 6")
    assert s.current_player == "chance"  # now the USSR's die
    s.apply("roll 2")
    assert inf(s, "USSR", "Angola") == 0
    assert inf(s, "US", "Angola") == 2  # realignment never adds influence
    assert realignment_line(s) == ("Realignment in Angola: US rolls 6; "
                                   "USSR rolls 2 + 1 (more influence) = 3. USSR loses 3 influence.")


def test_the_acting_sides_die_is_rolled_first() -> None:
    # Equal influence, no modifiers: the first roll is the US's.
    s = position({"USSR": {"Angola": 3}, "US": {"Angola": 3}}, "CIA Created", side="US")
    s.apply("ops CIA Created")
    s.apply("realign Angola")
    s.apply("roll 5")
    s.apply("roll 3")
    assert inf(s, "USSR", "Angola") == 1
    assert inf(s, "US", "Angola") == 3


def test_loss_never_goes_below_zero() -> None:
    s = position({"USSR": {"Zimbabwe": 1}, "US": {"Zimbabwe": 1}}, "CIA Created", side="US")
    s.apply("ops CIA Created")
    s.apply("realign Zimbabwe")
    s.apply("roll 6")
    s.apply("roll 1")  # 6 vs 1: the USSR would lose 5 but has only 1
    assert inf(s, "USSR", "Zimbabwe") == 0
    assert inf(s, "US", "Zimbabwe") == 1


def test_tie_changes_nothing() -> None:
    s = position({"USSR": {"Angola": 2}, "US": {"Angola": 2}}, "CIA Created", side="US")
    s.apply("ops CIA Created")
    s.apply("realign Angola")
    s.apply("roll 4")
    s.apply("roll 4")
    assert inf(s, "USSR", "Angola") == 2
    assert inf(s, "US", "Angola") == 2
    assert realignment_line(s) == "Realignment in Angola: US rolls 4; USSR rolls 4. A tie: no change."


def test_the_acting_side_can_lose_its_own_influence() -> None:
    # Zaire: US 1, USSR 3 (USSR +1 for more influence). US rolls 2, USSR 4:
    # US 2 vs USSR 5, so the US loses 3 -- all it has.
    s = position({"USSR": {"Zaire": 3}, "US": {"Zaire": 1}}, "CIA Created", side="US")
    s.apply("ops CIA Created")
    s.apply("realign Zaire")
    s.apply("roll 2")
    s.apply("roll 4")
    assert inf(s, "US", "Zaire") == 0
    assert inf(s, "USSR", "Zaire") == 3


def test_all_three_modifiers_add_up() -> None:
    # Cuba (next to the US): US 3, USSR 2. The US controls Nicaragua and Haiti,
    # both next to Cuba: +2, +1 for more influence, +1 next to the US = +4.
    # US rolls 1, USSR rolls 6: US 5 vs USSR 6 -> the US loses 1.
    s = position(
        {"USSR": {"Cuba": 2}, "US": {"Cuba": 3, "Nicaragua": 1, "Haiti": 1}}, "CIA Created", side="US")
    s.apply("ops CIA Created")
    s.apply("realign Cuba")
    s.apply("roll 1")
    s.apply("roll 6")
    assert realignment_line(s) == ("Realignment in Cuba: US rolls 1 + 2 (controls Nicaragua, Haiti) "
                                   "+ 1 (more influence) + 1 (next to the US) = 5; "
                                   "USSR rolls 6. US loses 1 influence.")
    assert inf(s, "US", "Cuba") == 2
    assert inf(s, "USSR", "Cuba") == 2


def test_own_superpower_counts_once_not_also_as_a_controlled_neighbour() -> None:
    # Mexico (next to the US): US 1, USSR 1; the US controls Guatemala.
    # US modifiers: +1 Guatemala, +1 next to the US = +2 (not +3).
    # USSR rolls 5, US rolls 3: 5 vs 5, a tie.
    s = position({"USSR": {"Mexico": 1}, "US": {"Mexico": 1, "Guatemala": 1}}, "Nasser")
    s.apply("ops Nasser")
    s.apply("realign Mexico")
    s.apply("roll 5")
    s.apply("roll 3")
    assert realignment_line(s) == ("Realignment in Mexico: USSR rolls 5; "
                                   "US rolls 3 + 1 (controls Guatemala) + 1 (next to the US) = 5. A tie: no change.")
    assert inf(s, "US", "Mexico") == 1


def test_the_cards_ops_are_not_added_to_the_roll() -> None:
    # A 4-ops card gives four rolls, not a bigger roll.
    s = position({"USSR": {}, "US": {"Angola": 5}}, "Red Scare/Purge")
    s.apply("ops Red Scare/Purge")
    s.apply("realign Angola")
    s.apply("roll 6")
    s.apply("roll 5")  # USSR 6 vs US 5 + 1 (more influence) = 6: tie
    assert inf(s, "US", "Angola") == 5


def test_one_card_buys_several_rolls_each_resolved_before_the_next_target() -> None:
    s = position({"USSR": {}, "US": {"Angola": 1, "Zaire": 2}}, "COMECON")
    s.apply("ops COMECON")
    s.apply("realign Angola")
    s.apply("roll 4")
    s.apply("roll 1")  # USSR 4 vs US 1 + 1 = 2: US loses its 1
    assert inf(s, "US", "Angola") == 0
    # Resolved already: Angola is no longer a target; only realignments remain.
    assert s.current_player == "USSR"
    assert texts(s) == {"realign Zaire"}
    s.apply("realign Zaire")
    s.apply("roll 3")
    s.apply("roll 3")  # USSR 3 vs US 3 + 1 = 4: the USSR loses 1 of its 0
    assert inf(s, "US", "Zaire") == 2
    assert inf(s, "USSR", "Zaire") == 0
    assert texts(s) == {"realign Zaire"}
    s.apply("realign Zaire")
    s.apply("roll 6")
    s.apply("roll 1")  # 6 vs 2
    assert inf(s, "US", "Zaire") == 0
    assert s.current_player == "US"  # three ops, three rolls


def test_ops_with_no_target_left_are_lost() -> None:
    s = position({"USSR": {}, "US": {"Angola": 1}}, "COMECON")
    s.apply("ops COMECON")
    s.apply("realign Angola")
    s.apply("roll 6")
    s.apply("roll 1")
    assert inf(s, "US", "Angola") == 0
    assert s.current_player == "US"
    assert s.data["hands"]["USSR"] == []


def test_realignment_target_must_hold_opponent_influence() -> None:
    s = position({"USSR": {"Egypt": 2}, "US": {"Angola": 1, "Israel": 1}}, "Nasser")
    s.apply("ops Nasser")
    realigns = {t for t in texts(s) if t.startswith("realign ")}
    assert realigns == {"realign Angola", "realign Israel"}
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match="there is no US influence in Egypt to realign"):
        s.apply("realign Egypt")
    assert s.to_json() == before


def test_realignment_in_a_battleground_earns_no_military_ops_and_keeps_defcon() -> None:
    s = position({"USSR": {}, "US": {"Angola": 2}}, "Decolonization")
    s.apply("ops Decolonization")
    for _ in range(2):
        s.apply("realign Angola")
        s.apply("roll 2")
        s.apply("roll 2")  # 2 vs 3: USSR loses 1 of its 0
    assert s.data["milops"] == {"USSR": 0, "US": 0}
    assert s.data["defcon"] == 5
    assert inf(s, "US", "Angola") == 2
    assert s.current_player == "US"
