"""The seven scoring cards (#1, #2, #3, #37, #38, #79, #81).

Scoring cards are events even when other events are switched off: they have
no ops, may be headlined, and may not be held at the end of a turn.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.twilight.events import event
from brinkmanship.twilight.rules import score_region, score_southeast_asia


@event(1)
def asia_scoring(d: dict[str, Any], side: str) -> None:
    """Asia Scoring: presence 3, domination 7, control 9 (Southeast Asia is part of Asia)."""
    score_region(d, "Asia")


@event(2)
def europe_scoring(d: dict[str, Any], side: str) -> None:
    """Europe Scoring: presence 3, domination 7; Control of Europe wins the game."""
    score_region(d, "Europe")


@event(3)
def middle_east_scoring(d: dict[str, Any], side: str) -> None:
    """Middle East Scoring: presence 3, domination 5, control 7."""
    score_region(d, "Middle East")


@event(37)
def central_america_scoring(d: dict[str, Any], side: str) -> None:
    """Central America Scoring: presence 1, domination 3, control 5."""
    score_region(d, "Central America")


@event(38)
def southeast_asia_scoring(d: dict[str, Any], side: str) -> None:
    """Southeast Asia Scoring: 1 VP per controlled country there, Thailand 2."""
    score_southeast_asia(d)


@event(79)
def africa_scoring(d: dict[str, Any], side: str) -> None:
    """Africa Scoring: presence 1, domination 4, control 6."""
    score_region(d, "Africa")


@event(81)
def south_america_scoring(d: dict[str, Any], side: str) -> None:
    """South America Scoring: presence 2, domination 5, control 6."""
    score_region(d, "South America")
