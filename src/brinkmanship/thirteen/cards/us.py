"""US cards (14-26): events only the US resolves (cards.md)."""

from __future__ import annotations

from typing import Any

from brinkmanship.thirteen.actions import OPTIONS
from brinkmanship.thirteen.board import (
    AIR_STRIKE,
    ALL_ARENAS,
    ALL_TRACKS,
    ALLIANCES,
    ARENAS,
    ATLANTIC,
    BERLIN,
    CUBA,
    EXCOMM,
    EYEBALL_TO_EYEBALL,
    INVASION_OF_CUBA,
    ITALY,
    LESSONS_OF_MUNICH,
    MATHEMATICAL_PRECISION,
    MILITARY_ARENAS,
    MILITARY_TRACK,
    NON_INVASION_PLEDGE,
    OFFENSIVE_MISSILES,
    OPERATION_MONGOOSE,
    POLITICAL_ARENAS,
    POLITICAL_TRACK,
    PUBLIC_PROTESTS,
    QUARANTINE,
    TURKEY,
    U_2_PHOTOGRAPHS,
    US,
    USSR,
    WAVE_AND_SMILE,
    WORLD_OPINION_TRACK,
)
from brinkmanship.thirteen.data.board import DEFCON2_FROM
from brinkmanship.thirteen.events import Play, event, then
from brinkmanship.thirteen.rules import (
    AskFrame,
    CubesFrame,
    Data,
    ShiftFrame,
    ask,
    gain_prestige,
    log,
    may_lower,
    push_command,
    push_cubes,
    push_move_then_command,
    push_shift,
)

REMOVE, PLACE = OPTIONS.index("remove"), OPTIONS.index("place")


def halve(d: Data, side: str, arena: int, card: int) -> None:
    """Remove half of ``side``'s cubes in ``arena``, rounded up (the event of ``card``)."""
    n = d["cubes"][side][arena]
    k = (n + 1) // 2
    d["cubes"][side][arena] = n - k
    log(d, "thirteen.event.halve", card=card, n=k, side=side, arena=ARENAS[arena], now=n - k)


@event(MATHEMATICAL_PRECISION)
def mathematical_precision(d: Data, play: Play) -> None:
    """Move the US political marker 0-2 steps either way, then Command 1."""
    push_move_then_command(d, US, [POLITICAL_TRACK], play)


@event(EXCOMM)
def excomm(d: Data, play: Play) -> None:
    """Up to 4 US cubes, at most 2 per arena, in arenas without US cubes."""
    empty = [i for i in ALL_ARENAS if not d["cubes"][US][i]]
    push_cubes(d, US, US, "place", 4, empty, per_arena=2, symbol=True)


@event(PUBLIC_PROTESTS)
def public_protests(d: Data, play: Play) -> None:
    """Remove any number of US cubes from one arena; no DEFCON change."""
    push_cubes(d, US, US, "remove", 99, ALL_ARENAS, one_arena=True)


@event(LESSONS_OF_MUNICH)
def lessons_of_munich(d: Data, play: Play) -> None:
    """Up to 4 US cubes in Berlin, Italy and Turkey, at most 2 in each."""
    push_cubes(d, US, US, "place", 4, (BERLIN, TURKEY, ITALY), per_arena=2)


@event(OPERATION_MONGOOSE)
def operation_mongoose(d: Data, play: Play) -> None:
    """US +1 prestige; then the USSR may move one US marker one step."""
    gain_prestige(d, US, 1, play.card)
    push_shift(d, USSR, US, ALL_TRACKS, 1)


@event(AIR_STRIKE)
def air_strike(d: Data, play: Play) -> None:
    """Halve (rounded up) the USSR cubes in one Cuba arena, or place up to
    2 US cubes on Alliances."""
    ask(d, US, "choose", [REMOVE, PLACE], "air_strike")


@then("air_strike")
def _air_strike(d: Data, f: AskFrame, answer: Any) -> None:
    if answer == PLACE:
        push_cubes(d, US, US, "place", 2, (ALLIANCES,))
    else:
        ask(d, US, "target", list(CUBA), "air_strike_target")


@then("air_strike_target")
def _air_strike_target(d: Data, f: AskFrame, answer: Any) -> None:
    halve(d, USSR, answer, AIR_STRIKE)


@event(NON_INVASION_PLEDGE)
def non_invasion_pledge(d: Data, play: Play) -> None:
    """Remove up to 2 USSR cubes from Turkey, then move the US political
    marker 0-2 steps either way."""
    push_shift(d, US, US, [POLITICAL_TRACK], 2, down=may_lower(d, US, US, play.by))
    push_cubes(d, US, USSR, "remove", 2, (TURKEY,))


@event(OFFENSIVE_MISSILES)
def offensive_missiles(d: Data, play: Play) -> None:
    """If the US political marker is in the DEFCON 3 zone, up to one US
    cube on each political arena."""
    if d["defcon"][US][POLITICAL_TRACK] >= DEFCON2_FROM:
        log(d, "thirteen.event.offensive_missiles_nothing", side=US, card=play.card)
        return
    push_cubes(d, US, US, "place", 3, POLITICAL_ARENAS, per_arena=1)


@event(INVASION_OF_CUBA)
def invasion_of_cuba(d: Data, play: Play) -> None:
    """Escalate US military 0-2; then de-escalate one other US marker by
    the steps actually escalated."""
    push_shift(d, US, US, [MILITARY_TRACK], 2, down=False, then="invasion_of_cuba", data={"by": play.by})


@then("invasion_of_cuba")
def _invasion_of_cuba(d: Data, f: ShiftFrame, answer: Any) -> None:
    if answer is None or answer[1] <= 0:
        return
    if not may_lower(d, US, US, f["data"]["by"]):
        log(d, "thirteen.event.invasion_of_cuba_banned", side=US)
        return
    push_shift(d, US, US, [POLITICAL_TRACK, WORLD_OPINION_TRACK], answer[1], up=False, exact=True)


@event(QUARANTINE)
def quarantine(d: Data, play: Play) -> None:
    """Up to 2 US cubes on the Atlantic."""
    push_cubes(d, US, US, "place", 2, (ATLANTIC,))


@event(U_2_PHOTOGRAPHS)
def u_2_photographs(d: Data, play: Play) -> None:
    """Command 3 in one military arena."""
    push_command(d, US, play.card, 3, MILITARY_ARENAS, granted=True, resolver=US, by=play.by, command_n=True)


@event(WAVE_AND_SMILE)
def wave_and_smile(d: Data, play: Play) -> None:
    """Take up to 2 US cubes off the board and put them on other arenas."""
    push_cubes(d, US, US, "remove", 2, ALL_ARENAS, then="wave_and_smile")


@then("wave_and_smile")
def _wave_and_smile(d: Data, f: CubesFrame, counts: Any) -> None:
    if not counts:
        return
    n = sum(counts.values())
    others = [i for i in ALL_ARENAS if i not in counts]
    if not push_cubes(d, US, US, "place", n, others, optional=False):
        log(d, "thirteen.event.wave_and_smile_stay", side=US)


@event(EYEBALL_TO_EYEBALL)
def eyeball_to_eyeball(d: Data, play: Play) -> None:
    """If US military is above USSR military, up to 3 US cubes on the Cuba
    arenas (the DEFCON symbol escalates each arena's own track)."""
    if d["defcon"][US][MILITARY_TRACK] <= d["defcon"][USSR][MILITARY_TRACK]:
        log(d, "thirteen.event.eyeball_to_eyeball_nothing", side=US, opp=USSR, card=play.card)
        return
    push_cubes(d, US, US, "place", 3, CUBA, symbol=True)
