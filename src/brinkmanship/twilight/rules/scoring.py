"""Twilight Struggle rules: scoring (rule 10).

Battlegrounds, Presence/Domination/Control in a region (10.1), the region
scoring cards, Southeast Asia's own scoring, and final scoring (10.3).
"""

from __future__ import annotations

from typing import NamedTuple

from brinkmanship.core.frames import end_game
from brinkmanship.core.log import Message, msg
from brinkmanship.twilight import effect
from brinkmanship.twilight.board import BATTLEGROUND, CHINA, IN_REGION, NAMES, OPPONENT, REGIONS, SUPERPOWER
from brinkmanship.twilight.data.setup import REGION_SCORING
from brinkmanship.twilight.rules.state import US, USSR, Data, control, gain_vp, log


def battleground(d: Data, i: int) -> bool:
    """Is country ``i`` a battleground for scoring? Formosan Resolution adds
    Taiwan while the US controls it (for scoring only: coups there do not
    lower DEFCON)."""
    if BATTLEGROUND[i]:
        return True
    return effect.FORMOSAN_RESOLUTION in d["effects"] and NAMES[i] == "Taiwan" and control(d, i) == US


class SideScore(NamedTuple):
    """What one side scores in a region (10.1.2), part by part: the level
    reached (``Presence``, ``Domination``, ``Control`` or ``none``) and its
    VP, +1 per controlled battleground, +1 per controlled country next to
    the enemy superpower."""

    level: str
    base: int
    battlegrounds: int
    adjacent: int

    @property
    def vp(self) -> int:
        return self.base + self.battlegrounds + self.adjacent


def region_parts(d: Data, region: str, exclude: int = -1, scoring: bool = True) -> dict[str, SideScore]:
    """Each side's score of ``region``, part by part (see ``region_scores``)."""
    countries = {USSR: 0, US: 0}
    bgs = {USSR: 0, US: 0}
    adj = {USSR: 0, US: 0}
    total_bg = 0
    for i in IN_REGION[region]:
        bg = battleground(d, i) if scoring else BATTLEGROUND[i]
        total_bg += bg
        c = control(d, i)
        if c is None or i == exclude:
            continue
        countries[c] += 1
        if bg:
            bgs[c] += 1
        if SUPERPOWER[i] == OPPONENT[c]:
            adj[c] += 1
    presence_vp, domination_vp, control_vp = REGION_SCORING[region]
    out = {}
    for side in (USSR, US):
        opp = OPPONENT[side]
        n, b = countries[side], bgs[side]
        if b == total_bg and n > countries[opp]:
            level, base = "Control", control_vp if control_vp is not None else 0
        elif n > countries[opp] and b > bgs[opp] and b >= 1 and n - b >= 1:
            level, base = "Domination", domination_vp
        elif n >= 1:
            level, base = "Presence", presence_vp
        else:
            level, base = "none", 0
        out[side] = SideScore(level, base, b, adj[side])
    return out


def region_scores(d: Data, region: str, exclude: int = -1, scoring: bool = True
                  ) -> tuple[dict[str, int], dict[str, str], str | None]:
    """VP each side earns for ``region`` (10.1.2), the level each reached,
    and the side that Controls it (None if neither). Country ``exclude``
    counts for neither side (Shuttle Diplomacy), though it stays among the
    region's battlegrounds a side needs for Control. ``scoring=False`` uses
    the printed battlegrounds only (Formosan Resolution is for scoring only:
    Summit's domination count ignores it)."""
    parts = region_parts(d, region, exclude, scoring)
    ctrl_side = next((side for side, p in parts.items() if p.level == "Control"), None)
    return ({side: p.vp for side, p in parts.items()}, {side: p.level for side, p in parts.items()}, ctrl_side)


# The level a side reached in a region (``region_scores``) -> its message
# (a side with no level scores nothing: ``twilight.scoring.side_none``).
LEVEL_CODES = {"Control": "twilight.level.control", "Domination": "twilight.level.domination",
               "Presence": "twilight.level.presence"}


def _side_score(side: str, part: SideScore) -> Message:
    """How the log shows one side's score: the level and its VP, the
    battlegrounds and the countries next to the enemy superpower."""
    if part.level == "none":
        return msg("twilight.scoring.side_none", side=side)
    if not part.battlegrounds and not part.adjacent:
        return msg("twilight.scoring.side_level", side=side, level=msg(LEVEL_CODES[part.level]), points=part.vp)
    return msg("twilight.scoring.side", side=side, level=msg(LEVEL_CODES[part.level]), base=part.base,
               bg=part.battlegrounds, adj=part.adjacent, opp=OPPONENT[side], points=part.vp)


def score_region(d: Data, region: str, exclude: int = -1) -> None:
    """Score a region as its scoring card does; Europe Control wins at once.
    ``exclude``: a country that counts for neither side (Shuttle Diplomacy)."""
    parts = region_parts(d, region, exclude)
    log(d, "twilight.scoring.parts", region=region, ussr=_side_score(USSR, parts[USSR]),
        us=_side_score(US, parts[US]))
    ctrl_side = next((side for side, p in parts.items() if p.level == "Control"), None)
    if region == "Europe" and ctrl_side is not None:
        end_game(d, ctrl_side, "europe", "twilight.end.europe", winner=ctrl_side, region=region)
        return
    gain_vp(d, US, parts[US].vp - parts[USSR].vp, msg("twilight.why.region_scoring", region=region))


def score_southeast_asia(d: Data) -> None:
    """Southeast Asia scoring: 1 VP per controlled country, Thailand 2."""
    vp = {USSR: 0, US: 0}
    scored: dict[str, list[Message]] = {USSR: [], US: []}
    for i in IN_REGION["Southeast Asia"]:
        c = control(d, i)
        if c is not None:
            n = 2 if NAMES[i] == "Thailand" else 1
            vp[c] += n
            scored[c].append(msg("twilight.scoring.country_vp", country=NAMES[i], n=n))
    sides = {side: msg("twilight.scoring.countries", side=side, points=vp[side], scored=scored[side])
             if scored[side] else msg("twilight.scoring.side_none", side=side) for side in (USSR, US)}
    log(d, "twilight.scoring.parts", region="Southeast Asia", ussr=sides[USSR], us=sides[US])
    gain_vp(d, US, vp[US] - vp[USSR], msg("twilight.why.region_scoring", region="Southeast Asia"))


def final_scoring(d: Data) -> None:
    """After turn 10 (10.3.2): every region scores, the China Card holder
    gains 1 VP; 20 VP is not an automatic win here, Control of Europe is."""
    log(d, "twilight.final.start")
    d["final"] = True
    for region in REGIONS:
        score_region(d, region)
        if d["over"]:
            return
    gain_vp(d, d["china"], 1, CHINA)
    vp = d["vp"]
    if vp:
        winner = US if vp > 0 else USSR
        end_game(d, winner, "final_scoring", "twilight.end.final", vp=vp, winner=winner)
    else:
        end_game(d, None, "final_scoring", "twilight.end.final_draw", vp=vp)
