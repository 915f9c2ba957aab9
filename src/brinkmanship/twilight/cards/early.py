"""Early War events (work in progress: the events issue adds the rest)."""

from __future__ import annotations

from typing import Any

from brinkmanship.twilight.board import IN_REGION, INDEX
from brinkmanship.twilight.events import event
from brinkmanship.twilight.rules import US, USSR, change_defcon, gain_vp, log, push_influence

Data = dict[str, Any]

_CUBA = INDEX["Cuba"]
_SUEZ = [INDEX["France"], INDEX["UK"], INDEX["Israel"]]
_AFRICA_SE_ASIA = sorted(IN_REGION["Africa"] + IN_REGION["Southeast Asia"])


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
    d["inf"][US][_CUBA] = 0
    d["inf"][USSR][_CUBA] = max(d["inf"][USSR][_CUBA], 3)
    log(d, "Fidel: US influence is removed from Cuba; the USSR controls Cuba.")


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
