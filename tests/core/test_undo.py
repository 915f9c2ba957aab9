"""Undo for human play: within one's own turn, until a roll, a reveal or the other side acts."""

from __future__ import annotations

import pytest

import brinkmanship as bm
from brinkmanship.core.undo import UndoHistory

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def test_undo_within_own_placements() -> None:
    s = bm.from_position("twilight", {"options": {"events": False},
                                      "hands": {"USSR": ["Decolonization"], "US": ["NATO"]}})
    h = UndoHistory()
    s = h.apply(s, "ops Decolonization")
    s = h.apply(s, "place Poland")
    assert h.can_undo()
    s2, text = h.undo()
    assert text == "place Poland"
    assert s2.current_player == "USSR"
    assert "place Poland" in [str(a) for a in s2.legal_actions()]
    s3, text = h.undo()
    assert text == "ops Decolonization"
    assert str(s3.legal_actions()[0]).startswith("ops")


def test_roll_clears_history() -> None:
    s = bm.from_position("twilight", {
        "hands": {"USSR": ["Decolonization"], "US": ["NATO"]},
        "influence": {"US": {"Zaire": 1}, "USSR": {}},
    })
    h = UndoHistory()
    s = h.apply(s, "ops Decolonization")
    s = h.apply(s, "coup Zaire")  # now chance must roll
    assert not h.can_undo()
    s = h.apply(s, "roll 3")
    assert not h.can_undo()


def test_other_side_to_act_clears_history() -> None:
    s = bm.new_game("twilight", seed=5)
    h = UndoHistory()
    for _ in range(5):
        s = h.apply(s, "place Poland")
    assert len(h) == 5
    s = h.apply(s, "place Poland")  # last USSR set-up point: the US acts next
    assert s.current_player == "US"
    assert not h.can_undo()
