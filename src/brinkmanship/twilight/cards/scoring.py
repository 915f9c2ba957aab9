"""The seven scoring cards (#1, #2, #3, #37, #38, #79, #81).

Scoring cards are events even when other events are switched off: they have
no ops, may be headlined, and may not be held at the end of a turn.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core.events import Play
from brinkmanship.twilight import effect
from brinkmanship.twilight.board import IN_REGION, NAMES
from brinkmanship.twilight.events import event, then
from brinkmanship.twilight.rules import (
    US,
    USSR,
    Data,
    ask,
    battleground,
    control,
    end_effect,
    has_effect,
    leave_table,
    log,
    score_region,
    score_southeast_asia,
)

_SHUTTLE_DIPLOMACY = 73


@event(1)
def asia_scoring(d: Data, play: Play) -> None:
    """Asia Scoring: presence 3, domination 7, control 9 (Southeast Asia is part of Asia).
    Shuttle Diplomacy applies (see ``_score_with_shuttle``)."""
    _score_with_shuttle(d, "Asia")


@event(2)
def europe_scoring(d: Data, play: Play) -> None:
    """Europe Scoring: presence 3, domination 7; Control of Europe wins the game."""
    score_region(d, "Europe")


@event(3)
def middle_east_scoring(d: Data, play: Play) -> None:
    """Middle East Scoring: presence 3, domination 5, control 7.
    Shuttle Diplomacy applies (see ``_score_with_shuttle``)."""
    _score_with_shuttle(d, "Middle East")


def _score_with_shuttle(d: dict[str, Any], region: str) -> None:
    """Score Asia or the Middle East. While Shuttle Diplomacy lies in front
    of the US, the US first picks one battleground the USSR controls there,
    which is not counted for the USSR; the card is discarded after this
    scoring even when there is nothing to pick. Final scoring never uses it."""
    if not has_effect(d, effect.SHUTTLE_DIPLOMACY):
        score_region(d, region)
        return
    options = [i for i in IN_REGION[region] if battleground(d, i) and control(d, i) == USSR]
    if not ask(d, US, "target", options, "shuttle_diplomacy", data={"region": region}):
        _shuttle_diplomacy(d, {"data": {"region": region}}, -1)


@then("shuttle_diplomacy")
def _shuttle_diplomacy(d: dict[str, Any], f: dict[str, Any], i: int) -> None:
    if i >= 0:
        log(d, "twilight.card.shuttle_diplomacy.excluded", country=NAMES[i])
    else:
        log(d, "twilight.card.shuttle_diplomacy.none")
    score_region(d, f["data"]["region"], exclude=i)
    end_effect(d, effect.SHUTTLE_DIPLOMACY)
    if _SHUTTLE_DIPLOMACY in d["in_play"]:
        leave_table(d, _SHUTTLE_DIPLOMACY)


@event(37)
def central_america_scoring(d: Data, play: Play) -> None:
    """Central America Scoring: presence 1, domination 3, control 5."""
    score_region(d, "Central America")


@event(38)
def southeast_asia_scoring(d: Data, play: Play) -> None:
    """Southeast Asia Scoring: 1 VP per controlled country there, Thailand 2."""
    score_southeast_asia(d)


@event(79)
def africa_scoring(d: Data, play: Play) -> None:
    """Africa Scoring: presence 1, domination 4, control 6."""
    score_region(d, "Africa")


@event(81)
def south_america_scoring(d: Data, play: Play) -> None:
    """South America Scoring: presence 2, domination 5, control 6."""
    score_region(d, "South America")
