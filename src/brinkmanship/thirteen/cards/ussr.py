"""USSR cards (27-39): events only the USSR resolves (cards.md)."""

from __future__ import annotations

from typing import Any

from brinkmanship.thirteen.actions import OPTIONS
from brinkmanship.thirteen.board import (
    ALL_ARENAS,
    ALL_TRACKS,
    ALLIANCES,
    ARENAS,
    ATLANTIC,
    BAY_OF_PIGS,
    BERLIN_BLOCKADE,
    CUBA,
    DEFENSIVE_MISSILES,
    FIDEL_CASTRO,
    ITALY,
    MASKIROVKA,
    MILITARY_ARENAS,
    MILITARY_TRACK,
    MISSILE_TRADE,
    MOSCOW_IS_OUR_BRAIN,
    MRBMS_AND_IRBMS,
    NATIONAL_LIBERATION,
    POLITICAL_ARENAS,
    STRATEGIC_BALANCE,
    SUEZ_HUNGARY,
    TELEVISION,
    TURKEY,
    TURN_BACK_THE_SHIPS,
    U_2_DOWNED,
    UNITED_NATIONS,
    US,
    USSR,
)
from brinkmanship.thirteen.cards.us import halve
from brinkmanship.thirteen.data.board import ARENA_MAX, DEFCON2_FROM
from brinkmanship.thirteen.events import Play, event, then
from brinkmanship.thirteen.rules import (
    AskFrame,
    Data,
    ask,
    can_place,
    gain_prestige,
    log,
    may_lower,
    push_command,
    push_cubes,
    push_move_then_command,
    push_shift,
)

REMOVE, BAN = OPTIONS.index("remove"), OPTIONS.index("ban")


@event(MRBMS_AND_IRBMS)
def mrbms_and_irbms(d: Data, play: Play) -> None:
    """Move the USSR military marker 0-2 steps either way, then Command 1."""
    push_move_then_command(d, USSR, [MILITARY_TRACK], play)


@event(MOSCOW_IS_OUR_BRAIN)
def moscow_is_our_brain(d: Data, play: Play) -> None:
    """Up to 4 USSR cubes, at most 2 per arena, in arenas that already
    hold USSR cubes."""
    held = [i for i in ALL_ARENAS if d["cubes"][USSR][i]]
    push_cubes(d, USSR, USSR, "place", 4, held, per_arena=2, symbol=True)


@event(MISSILE_TRADE)
def missile_trade(d: Data, play: Play) -> None:
    """Remove up to 3 USSR cubes; each arena losing k >= 2 de-escalates its
    track by k-1, unless a ban forbids de-escalation (Q11)."""
    low = may_lower(d, USSR, USSR, play.by) or not d["options"]["ban_blocks_symbol"]
    push_cubes(d, USSR, USSR, "remove", 3, ALL_ARENAS, symbol=True, low=low)


@event(FIDEL_CASTRO)
def fidel_castro(d: Data, play: Play) -> None:
    """Up to 3 USSR cubes on the Cuba arenas."""
    push_cubes(d, USSR, USSR, "place", 3, CUBA)


@event(BERLIN_BLOCKADE)
def berlin_blockade(d: Data, play: Play) -> None:
    """USSR +2 prestige; then the US may move one USSR marker 0-2 steps."""
    gain_prestige(d, USSR, 2, play.card)
    push_shift(d, US, USSR, ALL_TRACKS, 2)


@event(SUEZ_HUNGARY)
def suez_hungary(d: Data, play: Play) -> None:
    """Add USSR cubes to Italy until the USSR has one more than the US there
    (or 5 there, or an empty reserve). No choices."""
    cubes = d["cubes"]
    n = 0
    while cubes[USSR][ITALY] <= cubes[US][ITALY] and cubes[USSR][ITALY] < ARENA_MAX and can_place(d, USSR, ITALY):
        cubes[USSR][ITALY] += 1
        n += 1
    log(d, "thirteen.event.suez_hungary", card=play.card, side=USSR, n=n, arena=ARENAS[ITALY],
        now=cubes[USSR][ITALY], opp=US, now2=cubes[US][ITALY])


@event(MASKIROVKA)
def maskirovka(d: Data, play: Play) -> None:
    """If the USSR military marker is in the DEFCON 3 zone, up to one USSR
    cube on each military arena."""
    if d["defcon"][USSR][MILITARY_TRACK] >= DEFCON2_FROM:
        log(d, "thirteen.event.maskirovka_nothing", side=USSR, card=play.card)
        return
    push_cubes(d, USSR, USSR, "place", 3, MILITARY_ARENAS, per_arena=1)


@event(BAY_OF_PIGS)
def bay_of_pigs(d: Data, play: Play) -> None:
    """The US removes 2 of its cubes from Alliances (only with 2 there) or
    may not de-escalate by events for the rest of the round."""
    if d["cubes"][US][ALLIANCES] >= 2:
        ask(d, US, "choose", [REMOVE, BAN], "bay_of_pigs")
    else:
        _bay_of_pigs_outcome(d, BAN)


@then("bay_of_pigs")
def _bay_of_pigs(d: Data, f: AskFrame, answer: Any) -> None:
    _bay_of_pigs_outcome(d, answer)


def _bay_of_pigs_outcome(d: Data, choice: int) -> None:
    """The US's choice (``REMOVE`` or ``BAN``), asked only with 2 cubes on Alliances."""
    if choice == REMOVE:
        d["cubes"][US][ALLIANCES] -= 2
        log(d, "thirteen.event.bay_of_pigs_remove", card=BAY_OF_PIGS, side=US, n=2, arena=ARENAS[ALLIANCES],
            now=d["cubes"][US][ALLIANCES])
    else:
        d["fx"]["bay_of_pigs"] = [*d["fx"]["bay_of_pigs"], US]
        log(d, "thirteen.event.bay_of_pigs_ban", card=BAY_OF_PIGS, side=US)


@event(TURN_BACK_THE_SHIPS)
def turn_back_the_ships(d: Data, play: Play) -> None:
    """De-escalate the most escalated USSR marker 0-2 steps (the USSR picks
    among tied markers)."""
    if not may_lower(d, USSR, USSR, play.by):
        log(d, "thirteen.event.turn_back_the_ships_banned", side=USSR, card=play.card)
        return
    row = d["defcon"][USSR]
    top = max(row)
    push_shift(d, USSR, USSR, [t for t in ALL_TRACKS if row[t] == top], 2, up=False)


@event(STRATEGIC_BALANCE)
def strategic_balance(d: Data, play: Play) -> None:
    """Up to 3 USSR cubes on the Atlantic; the DEFCON symbol escalates."""
    push_cubes(d, USSR, USSR, "place", 3, (ATLANTIC,), symbol=True)


@event(NATIONAL_LIBERATION)
def national_liberation(d: Data, play: Play) -> None:
    """Command 3 in one political arena."""
    push_command(d, USSR, play.card, 3, POLITICAL_ARENAS, granted=True, resolver=USSR, by=play.by,
                 command_n=True)


@event(U_2_DOWNED)
def u_2_downed(d: Data, play: Play) -> None:
    """Up to 2 USSR cubes on Turkey; then halve (rounded up) the US cubes in
    one Cuba arena."""
    ask(d, USSR, "target", list(CUBA), "u_2_downed")
    push_cubes(d, USSR, USSR, "place", 2, (TURKEY,))


@then("u_2_downed")
def _u_2_downed(d: Data, f: AskFrame, answer: Any) -> None:
    halve(d, US, answer, U_2_DOWNED)


@event(DEFENSIVE_MISSILES)
def defensive_missiles(d: Data, play: Play) -> None:
    """Up to 2 USSR cubes on Television and/or the United Nations."""
    push_cubes(d, USSR, USSR, "place", 2, (TELEVISION, UNITED_NATIONS), symbol=True)
