"""Early War events (work in progress: the events issue adds the rest)."""

from __future__ import annotations

from typing import Any

from brinkmanship.twilight.board import IN_REGION, INDEX, NAMES, STABILITY
from brinkmanship.twilight.events import event
from brinkmanship.twilight.rules import US, USSR, change_defcon, control, gain_vp, log, push_influence

Data = dict[str, Any]

_CUBA = INDEX["Cuba"]
_ROMANIA = INDEX["Romania"]
_EGYPT = INDEX["Egypt"]
_SUEZ = [INDEX["France"], INDEX["UK"], INDEX["Israel"]]
_AFRICA_SE_ASIA = sorted(IN_REGION["Africa"] + IN_REGION["Southeast Asia"])


def _clear_and_control(d: Data, i: int, card: str) -> None:
    """Remove all US influence from country ``i``, then top the USSR's up to
    its stability: just enough for USSR control."""
    d["inf"][US][i] = 0
    d["inf"][USSR][i] = max(d["inf"][USSR][i], STABILITY[i])
    log(d, f"{card}: US influence is removed from {NAMES[i]}; the USSR controls {NAMES[i]}.")


@event(4)
def duck_and_cover(d: Data, side: str) -> None:
    """Duck and Cover: DEFCON falls by 1, then the US gains 5 minus the new
    DEFCON in VP. A fall to DEFCON 1 ends the game first (the phasing player
    loses), so the USSR playing it for ops at DEFCON 2 loses."""
    change_defcon(d, -1, d["phasing"])
    if not d["over"]:
        gain_vp(d, US, 5 - d["defcon"], "Duck and Cover")


@event(7)
def socialist_governments(d: Data, side: str) -> None:
    """Socialist Governments: the USSR removes 3 US influence from Western
    Europe, at most 2 from any one country."""
    push_influence(d, "remove", USSR, US, 3, list(IN_REGION["Western Europe"]), max_per=2)


@event(8)
def fidel(d: Data, side: str) -> None:
    """Fidel: all US influence leaves Cuba, then the USSR tops its influence
    there up to Cuba's stability (3), enough to control it."""
    _clear_and_control(d, _CUBA, "Fidel")


@event(12)
def romanian_abdication(d: Data, side: str) -> None:
    """Romanian Abdication: all US influence leaves Romania, then the USSR
    tops its influence there up to Romania's stability (3)."""
    _clear_and_control(d, _ROMANIA, "Romanian Abdication")


@event(14)
def comecon(d: Data, side: str) -> None:
    """COMECON: the USSR adds 1 influence to each of 4 different Eastern
    European countries that are not US-controlled when the event happens."""
    allowed = [i for i in IN_REGION["Eastern Europe"] if control(d, i) != US]
    push_influence(d, "place", USSR, USSR, 4, allowed, max_per=1)


@event(15)
def nasser(d: Data, side: str) -> None:
    """Nasser: the USSR adds 2 influence to Egypt, then half the US influence
    there (rounded up) is removed."""
    d["inf"][USSR][_EGYPT] += 2
    removed = (d["inf"][US][_EGYPT] + 1) // 2
    d["inf"][US][_EGYPT] -= removed
    log(d, f"Nasser: USSR influence +2 in Egypt, US influence -{removed} in Egypt.")


@event(23)
def marshall_plan(d: Data, side: str) -> None:
    """Marshall Plan: the US adds 1 influence to each of 7 different Western
    European countries that are not USSR-controlled; from now on NATO may be
    played as an event (a lasting effect for the rest of the game)."""
    allowed = [i for i in IN_REGION["Western Europe"] if control(d, i) != USSR]
    d["effects"]["Marshall Plan"] = {"until": "game"}
    push_influence(d, "place", US, US, 7, allowed, max_per=1)


@event(28)
def suez_crisis(d: Data, side: str) -> None:
    """Suez Crisis: the USSR removes 4 US influence in total from France,
    the UK and Israel, at most 2 from each."""
    push_influence(d, "remove", USSR, US, 4, _SUEZ, max_per=2)


@event(30)
def decolonization(d: Data, side: str) -> None:
    """Decolonization: the USSR adds 1 influence to each of 4 different
    countries in Africa and/or Southeast Asia."""
    push_influence(d, "place", USSR, USSR, 4, _AFRICA_SE_ASIA, max_per=1)


@event(34)
def nuclear_test_ban(d: Data, side: str) -> None:
    """Nuclear Test Ban: the player gains VP equal to DEFCON minus 2, then
    DEFCON improves by 2 (never above 5)."""
    gain_vp(d, side, d["defcon"] - 2, "Nuclear Test Ban")
    change_defcon(d, +2, side)
