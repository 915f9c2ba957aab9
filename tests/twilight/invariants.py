"""Invariant checks shared by the fuzz and golden tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from brinkmanship.twilight import rules
from brinkmanship.twilight.board import CHINA, N_COUNTRIES


def cards_in_game(d: dict[str, Any]) -> Counter[int]:
    """Every card that should be somewhere on the table now."""
    periods = ["Early"]
    if d["turn"] >= 4:
        periods.append("Mid")
    if d["turn"] >= 8:
        periods.append("Late")
    return Counter(rules.deck_for_periods(d, *periods))


def card_locations(d: dict[str, Any]) -> Counter[int]:
    """Every card where the state says it is."""
    where: Counter[int] = Counter()
    for key in ("deck", "discard", "removed", "in_play"):
        where.update(d[key])
    for side in ("USSR", "US"):
        where.update(d["hands"][side])
        if d["headline"][side]:
            where[d["headline"][side]] += 1
    return where


def check(d: dict[str, Any]) -> None:
    """Raise AssertionError if the state breaks a game invariant."""
    # Cards are conserved: each card of the periods in play is in exactly one place.
    assert card_locations(d) == cards_in_game(d), "cards not conserved"
    assert CHINA not in card_locations(d)
    assert d["china"] in ("USSR", "US")
    for side in ("USSR", "US"):
        inf = d["inf"][side]
        assert len(inf) == N_COUNTRIES
        assert min(inf) >= 0, "negative influence"
        assert 0 <= d["milops"][side] <= 5
        assert 0 <= d["space"][side] <= 8
    assert 1 <= d["defcon"] <= 5
    assert 1 <= d["turn"] <= 10
    if d["over"]:
        assert d["stack"] == []
        assert d["result"] in ("vp", "defcon", "europe", "final_scoring", "scoring_card_held", "wargames")
    else:
        assert d["result"] is None and d["winner"] is None
        assert abs(d["vp"]) < 20 or d["final"]
        assert d["stack"] and d["stack"][0]["f"] == "turn"
