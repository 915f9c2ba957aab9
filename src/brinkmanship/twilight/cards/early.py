"""Early War events (work in progress: the events issue adds the rest)."""

from __future__ import annotations

from typing import Any

from brinkmanship.core.events import Play
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import IN_REGION, INDEX, NAMES, OPPONENT, STABILITY
from brinkmanship.twilight.events import event, then
from brinkmanship.twilight.rules import (
    US,
    USSR,
    add_effect,
    advance_space,
    ask,
    begin_ops,
    change_defcon,
    control,
    gain_vp,
    log,
    push_influence,
    roll_for,
    war,
)

Data = dict[str, Any]

_CUBA = INDEX["Cuba"]
_ROMANIA = INDEX["Romania"]
_EGYPT = INDEX["Egypt"]
_SOUTH_KOREA = INDEX["South Korea"]
_PARTICIPATE = OPTIONS.index("participate")
_BOYCOTT = OPTIONS.index("boycott")
_SUEZ = [INDEX["France"], INDEX["UK"], INDEX["Israel"]]
_AFRICA_SE_ASIA = sorted(IN_REGION["Africa"] + IN_REGION["Southeast Asia"])


def _clear_and_control(d: Data, i: int, code: str) -> None:
    """Remove all US influence from country ``i``, then top the USSR's up to
    its stability: just enough for USSR control. ``code`` is the card's log
    message."""
    d["inf"][US][i] = 0
    d["inf"][USSR][i] = max(d["inf"][USSR][i], STABILITY[i])
    log(d, code, country=NAMES[i])


@event(4)
def duck_and_cover(d: Data, play: Play) -> None:
    """Duck and Cover: DEFCON falls by 1, then the US gains 5 minus the new
    DEFCON in VP. A fall to DEFCON 1 ends the game first (the phasing player
    loses), so the USSR playing it for ops at DEFCON 2 loses."""
    change_defcon(d, -1, d["phasing"])
    if not d["over"]:
        gain_vp(d, US, 5 - d["defcon"], play.card)


@event(7)
def socialist_governments(d: Data, play: Play) -> None:
    """Socialist Governments: the USSR removes 3 US influence from Western
    Europe, at most 2 from any one country."""
    push_influence(d, "remove", USSR, US, 3, list(IN_REGION["Western Europe"]), max_per=2)


@event(8)
def fidel(d: Data, play: Play) -> None:
    """Fidel: all US influence leaves Cuba, then the USSR tops its influence
    there up to Cuba's stability (3), enough to control it."""
    _clear_and_control(d, _CUBA, "twilight.card.fidel.control")


@event(12)
def romanian_abdication(d: Data, play: Play) -> None:
    """Romanian Abdication: all US influence leaves Romania, then the USSR
    tops its influence there up to Romania's stability (3)."""
    _clear_and_control(d, _ROMANIA, "twilight.card.romanian_abdication.control")


@event(14)
def comecon(d: Data, play: Play) -> None:
    """COMECON: the USSR adds 1 influence to each of 4 different Eastern
    European countries that are not US-controlled when the event happens."""
    allowed = [i for i in IN_REGION["Eastern Europe"] if control(d, i) != US]
    push_influence(d, "place", USSR, USSR, 4, allowed, max_per=1)


@event(15)
def nasser(d: Data, play: Play) -> None:
    """Nasser: the USSR adds 2 influence to Egypt, then half the US influence
    there (rounded up) is removed."""
    d["inf"][USSR][_EGYPT] += 2
    removed = (d["inf"][US][_EGYPT] + 1) // 2
    d["inf"][US][_EGYPT] -= removed
    log(d, "twilight.card.nasser.influence", n=removed)


@event(23)
def marshall_plan(d: Data, play: Play) -> None:
    """Marshall Plan: the US adds 1 influence to each of 7 different Western
    European countries that are not USSR-controlled; from now on NATO may be
    played as an event (a lasting effect for the rest of the game)."""
    allowed = [i for i in IN_REGION["Western Europe"] if control(d, i) != USSR]
    add_effect(d, effect.MARSHALL_PLAN, "game")
    push_influence(d, "place", US, US, 7, allowed, max_per=1)


@event(28)
def suez_crisis(d: Data, play: Play) -> None:
    """Suez Crisis: the USSR removes 4 US influence in total from France,
    the UK and Israel, at most 2 from each."""
    push_influence(d, "remove", USSR, US, 4, _SUEZ, max_per=2)


@event(30)
def decolonization(d: Data, play: Play) -> None:
    """Decolonization: the USSR adds 1 influence to each of 4 different
    countries in Africa and/or Southeast Asia."""
    push_influence(d, "place", USSR, USSR, 4, _AFRICA_SE_ASIA, max_per=1)


@event(34)
def nuclear_test_ban(d: Data, play: Play) -> None:
    """Nuclear Test Ban: the player gains VP equal to DEFCON minus 2, then
    DEFCON improves by 2 (never above 5)."""
    side = play.side
    gain_vp(d, side, d["defcon"] - 2, play.card)
    change_defcon(d, +2, side)


@event(11)
def korean_war(d: Data, play: Play) -> None:
    """Korean War: North Korea invades South Korea. The USSR rolls, -1 per
    US-controlled country next to South Korea; 4-6 wins 2 VP and all US
    influence there becomes USSR influence. +2 USSR Military Ops either way."""
    war(d, USSR, _SOUTH_KOREA, 4, 2, 2, play.card)


@event(18)
def captured_nazi_scientist(d: Data, play: Play) -> None:
    """Captured Nazi Scientist: the player's Space Race marker advances one
    box at once (no roll, no attempt used), scoring that box's VP."""
    advance_space(d, play.side, 1, play.card)


@event(19)
def truman_doctrine(d: Data, play: Play) -> bool | None:
    """Truman Doctrine: all USSR influence is removed from one European
    country that neither side controls (the US chooses)."""
    options = [i for i in IN_REGION["Europe"] if d["inf"][USSR][i] and control(d, i) is None]
    if not ask(d, US, "target", options, "truman_doctrine"):
        log(d, "twilight.card.truman_doctrine.none")
    return None


@then("truman_doctrine")
def _truman_doctrine(d: Data, f: dict[str, Any], i: int) -> None:
    removed = d["inf"][USSR][i]
    d["inf"][USSR][i] = 0
    log(d, "twilight.card.truman_doctrine.removed", n=removed, country=NAMES[i])


@event(20)
def olympic_games(d: Data, play: Play) -> None:
    """Olympic Games: the player sponsors; the opponent participates (both
    roll, the sponsor +2, the higher gains 2 VP, ties reroll) or boycotts
    (DEFCON falls by 1, then the sponsor conducts operations as if with a
    4-ops card)."""
    side = play.side
    ask(d, OPPONENT[side], "choose", [_PARTICIPATE, _BOYCOTT], "olympic_games", data={"sponsor": side})


@then("olympic_games")
def _olympic_choice(d: Data, f: dict[str, Any], option: int) -> None:
    sponsor = f["data"]["sponsor"]
    if option == _BOYCOTT:
        log(d, "twilight.card.olympic_games.boycott", side=OPPONENT[sponsor])
        change_defcon(d, -1, d["phasing"])
        if not d["over"]:
            begin_ops(d, sponsor, 20, ops=4)
        return
    log(d, "twilight.card.olympic_games.participate", side=OPPONENT[sponsor])
    roll_for(d, "olympic_sponsor_roll", data={"sponsor": sponsor})


@then("olympic_sponsor_roll")
def _olympic_sponsor(d: Data, f: dict[str, Any], roll: int) -> None:
    roll_for(d, "olympic_guest_roll", data={"sponsor": f["data"]["sponsor"], "sponsor_roll": roll})


@then("olympic_guest_roll")
def _olympic_guest(d: Data, f: dict[str, Any], roll: int) -> None:
    sponsor = f["data"]["sponsor"]
    mine = f["data"]["sponsor_roll"] + 2
    log(d, "twilight.card.olympic_games.rolls", side=sponsor, total=mine, opp=OPPONENT[sponsor], roll=roll)
    if mine == roll:
        log(d, "twilight.card.olympic_games.tie")
        roll_for(d, "olympic_sponsor_roll", data={"sponsor": sponsor})
        return
    gain_vp(d, sponsor if mine > roll else OPPONENT[sponsor], 2, 20)


@event(25)
def containment(d: Data, play: Play) -> None:
    """Containment: for the rest of the turn, US cards played for operations
    get +1 op, never above 4 (the Space Race requirement uses it too)."""
    add_effect(d, effect.CONTAINMENT, "turn")
    log(d, "twilight.card.containment.effect")
