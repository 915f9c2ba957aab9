"""The worth of each Twilight Struggle card for the heuristic bot.

What each event is worth to the side it helps (a typical value per card,
and a function of the position for the cards whose worth depends on it),
what a card is worth kept in hand or played for operations, the timing of
scoring cards, and DEFCON hazards: opposing cards whose event would lose
the game at DEFCON 2 and hands that would be forced to play one.
"""

from __future__ import annotations

from collections.abc import Callable

from brinkmanship.bots.heuristic.twilight.model import (
    ALL_BG,
    CHINA_HOLD,
    CUBA,
    EAST_EUROPE,
    EUROPE_IDX,
    HAZARD_KEEP,
    INDEPENDENT_REDS,
    INDIA,
    IRAN,
    IRAQ,
    ISRAEL,
    LATAM_BG,
    LIBYA,
    MIDDLE_EAST,
    MILOPS_VP,
    MUSLIM,
    OIL,
    OPEN_REGIONS,
    OPV,
    OTHER,
    PAKISTAN,
    REGION_ID,
    SCORING_REGION,
    SOUTH_KOREA,
    SPACE_ABILITY,
    SUEZ,
    SUICIDE,
    TOTAL_BG,
    UK,
    US,
    USSR,
    WEST_EUROPE,
    WIN,
    Ctx,
)
from brinkmanship.twilight.board import ADJACENT, CARD_OPS, CARD_SIDE, CHINA, SCORING, SUPERPOWER
from brinkmanship.twilight.data.setup import LATE_WAR_TURN, SPACE_BOXES, TURNS

# ---------------------------------------------------------------------------
# Card knowledge: what each event is worth to the side it helps
# ---------------------------------------------------------------------------
# Typical value of each event for its beneficiary (the card's side; for a
# Neutral card, whoever plays it), in VP equivalents. Cards whose worth
# depends on the board have a function in EVENT_FN as well; these numbers
# are then what a card is "usually" worth, used for cards still to be played.
STATIC_EVENT: dict[int, float] = {
    4: 2.5, 5: 1.8, 6: 0.0, 7: 2.6, 8: 2.8, 9: 2.4, 10: 2.2, 11: 1.8, 12: 1.6, 13: 1.8, 14: 3.2, 15: 2.0,
    16: 3.2, 17: 2.6, 18: 1.0, 19: 1.5, 20: 1.3, 21: 3.0, 22: 2.0, 23: 4.6, 24: 1.6, 25: 2.2, 26: 1.3,
    27: 2.4, 28: 3.0, 29: 2.6, 30: 3.0, 31: 3.4, 32: 0.0, 33: 2.0, 34: 1.5, 35: 0.8, 36: 1.8, 39: 1.0,
    40: 1.2, 41: 1.2, 42: 3.5, 43: 2.4, 44: 3.5, 45: 1.0, 46: 1.8, 47: 2.8, 48: 1.5, 49: 1.8, 50: 3.5,
    51: 2.0, 52: 3.0, 53: 2.0, 54: 1.5, 55: 2.2, 56: 3.5, 57: 4.2, 58: 2.0, 59: 2.0, 60: 1.3, 61: 2.0,
    62: 1.2, 63: 3.0, 64: 2.4, 65: 3.0, 66: 2.0, 67: 2.2, 68: 2.6, 69: 1.0, 70: 1.8, 71: 2.5, 72: 2.4,
    73: 2.0, 74: 3.0, 75: 2.4, 76: 3.0, 77: 2.0, 78: 1.0, 80: 1.5, 82: 2.6, 83: 3.0, 84: 1.0, 85: 2.0,
    86: 3.0, 87: 3.5, 88: 2.6, 89: 3.0, 90: 2.5, 91: 2.2, 92: 1.6, 93: 1.0, 94: 2.0, 95: 2.0, 96: 3.2,
    97: 1.5, 98: 3.0, 99: 3.0, 100: 0.0, 101: 2.5, 102: 1.8, 103: 1.2, 104: 1.0, 105: 2.0, 106: 1.5,
    107: 2.8, 108: 1.2, 109: 1.0, 110: 2.2,
}
# Influence events: their worth follows the weight of the region they work in.
CARD_REGION: dict[int, int] = {
    7: 0, 8: 4, 9: 1, 12: 0, 14: 0, 15: 2, 16: 0, 17: 0, 22: 0, 23: 0, 27: 1, 28: 0, 29: 0, 30: 3,
    52: 3, 53: 3, 54: 5, 55: 0, 56: 2, 63: 3, 64: 4, 65: 2, 68: 0, 70: 4, 72: 2, 75: 4, 76: 1, 82: 2,
    83: 0, 87: 0, 88: 2, 91: 4, 96: 0, 99: 0, 101: 0, 105: 0, 107: 3, 110: 2,
}
REF_WEIGHT = 1.8
# Events that lower DEFCON by themselves while the phasing player is playing
# them: at DEFCON 2 the phasing player loses (Duck and Cover, We Will Bury
# You, Soviets Shoot Down KAL-007).
DEFCON_DROP = frozenset({4, 50, 89})
WAR_CARDS = frozenset({11, 13, 24, 36, 102})
UN_INTERVENTION = 32


# ---------------------------------------------------------------------------
# Event values
# ---------------------------------------------------------------------------
def war_value(ctx: Ctx, side: str, i: int, win: int, vp: int, milops: int, extra: int = 0) -> float:
    """Expected worth to ``side`` of a war card against country ``i``."""
    enemy = OTHER[side]
    pen = extra + sum(1 for j in ADJACENT[i] if ctx.controls(enemy, j))
    if SUPERPOWER[i] == enemy:
        pen += 1
    p = max(0, min(6, 7 - win - pen)) / 6
    own = ctx.inf(side)[i]
    other = ctx.inf(enemy)[i]
    swing = ctx.delta_for(side, i, own + other, 0) if other else 0.0
    v = p * (vp + swing) + milops_value(ctx, side, milops)
    if side == US and "Flower Power" in ctx.effects:
        v -= 2
    return v


def milops_value(ctx: Ctx, side: str, n: int) -> float:
    """Worth to ``side`` of ``n`` more Military Operations this turn."""
    short = ctx.shortfall(side)
    return MILOPS_VP * min(n, short) * ctx.urgency(side) if short else 0.0


def space_box_value(ctx: Ctx, side: str, box: int) -> float:
    """VP and ability of reaching Space Race ``box`` now."""
    if box >= len(SPACE_BOXES):
        return 0.0
    first = ctx.view["space"][OTHER[side]] < box
    vp = SPACE_BOXES[box][3] if first else SPACE_BOXES[box][4]
    return vp + SPACE_ABILITY.get(box, 0.0)


def _ops_bonus(ctx: Ctx, side: str) -> float:
    """Extra ops a side's remaining rounds get from a turn-long effect."""
    return 0.5 * OPV * min(5, ctx.rounds_left(side))


def _removal_share(ctx: Ctx, side: str, countries: tuple[int, ...] | list[int], per: int, total: int) -> float:
    """How much of an influence-removal event against ``side``'s opponent has
    something to remove (0..1)."""
    other = ctx.inf(OTHER[side])
    n = 0
    for i in countries:
        n += min(per, other[i])
    return min(n, total) / total


def _china_holder(ctx: Ctx) -> str:
    holder: str = ctx.view["china_card"]["holder"]
    return holder


EventFn = Callable[[Ctx, str], float]


def _duck_and_cover(ctx: Ctx, side: str) -> float:
    return (6 - ctx.defcon) if ctx.defcon > 2 else 0.0


def _korean_war(ctx: Ctx, side: str) -> float:
    return war_value(ctx, USSR, SOUTH_KOREA, 4, 2, 2)


def _arab_israeli_war(ctx: Ctx, side: str) -> float:
    return war_value(ctx, USSR, ISRAEL, 4, 2, 2, 1 if ctx.controls(US, ISRAEL) else 0)


def _nazi_scientist(ctx: Ctx, side: str) -> float:
    return space_box_value(ctx, side, ctx.view["space"][side] + 1)


def _truman(ctx: Ctx, side: str) -> float:
    ussr = ctx.inf(USSR)
    best = 0.0
    for i in EUROPE_IDX:
        if ussr[i] and ctx.ctrl[i] == 0:
            best = max(best, ctx.delta_for(US, i, ctx.inf(US)[i], 0))
    return best


def _nato(ctx: Ctx, side: str) -> float:
    return 3.0 if ("Warsaw Pact Formed" in ctx.effects or "Marshall Plan" in ctx.effects) else 0.0


def _independent_reds(ctx: Ctx, side: str) -> float:
    us, ussr = ctx.inf(US), ctx.inf(USSR)
    best = 0.0
    for i in INDEPENDENT_REDS:
        if ussr[i] > us[i]:
            best = max(best, ctx.delta_for(US, i, ussr[i], ussr[i]))
    return best


def _indo_pakistani(ctx: Ctx, side: str) -> float:
    return max(war_value(ctx, side, INDIA, 4, 2, 2), war_value(ctx, side, PAKISTAN, 4, 2, 2))


def _iran_iraq(ctx: Ctx, side: str) -> float:
    return max(war_value(ctx, side, IRAN, 4, 2, 2), war_value(ctx, side, IRAQ, 4, 2, 2))


def _containment(ctx: Ctx, side: str) -> float:
    return _ops_bonus(ctx, US)


def _brezhnev(ctx: Ctx, side: str) -> float:
    return _ops_bonus(ctx, USSR)


def _red_scare(ctx: Ctx, side: str) -> float:
    return 0.7 * OPV * min(6, ctx.rounds_left(OTHER[side]))


def _test_ban(ctx: Ctx, side: str) -> float:
    return ctx.defcon - 2 + 0.3


def _arms_race(ctx: Ctx, side: str) -> float:
    mine = ctx.view["milops"][side]
    if mine <= ctx.view["milops"][OTHER[side]]:
        return 0.0
    return 3.0 if mine >= ctx.defcon else 1.0


def _kitchen_debates(ctx: Ctx, side: str) -> float:
    us = sum(1 for i in ALL_BG if ctx.controls(US, i))
    ussr = sum(1 for i in ALL_BG if ctx.controls(USSR, i))
    return 2.0 if us > ussr else 0.0


def _muslim_revolution(ctx: Ctx, side: str) -> float:
    us, ussr = ctx.inf(US), ctx.inf(USSR)
    gains = sorted((ctx.delta_for(USSR, i, ussr[i], 0) for i in MUSLIM if us[i]), reverse=True)
    return sum(gains[:2])


def _cultural_revolution(ctx: Ctx, side: str) -> float:
    return 3.0 if _china_holder(ctx) == US else 1.0


def _opec(ctx: Ctx, side: str) -> float:
    return float(sum(1 for i in OIL if ctx.controls(USSR, i)))


def _nixon(ctx: Ctx, side: str) -> float:
    return 2.0 if _china_holder(ctx) == US else 2.5


def _ussuri(ctx: Ctx, side: str) -> float:
    return 3.0 if _china_holder(ctx) == USSR else 2.6


def _alliance_for_progress(ctx: Ctx, side: str) -> float:
    return float(sum(1 for i in LATAM_BG if ctx.controls(US, i)))


def _one_small_step(ctx: Ctx, side: str) -> float:
    space = ctx.view["space"]
    if space[side] >= space[OTHER[side]]:
        return 0.0
    return space_box_value(ctx, side, min(len(SPACE_BOXES) - 1, space[side] + 2))


def _reagan(ctx: Ctx, side: str) -> float:
    return float(ctx.inf(USSR)[LIBYA] // 2)


def _star_wars(ctx: Ctx, side: str) -> float:
    space = ctx.view["space"]
    return 2.0 if space[US] > space[USSR] and ctx.view["discard"] else 0.0


def _kal(ctx: Ctx, side: str) -> float:
    return 2.0 + (4 * OPV if ctx.controls(US, SOUTH_KOREA) else 0.0)


def _glasnost(ctx: Ctx, side: str) -> float:
    return 2.3 + (4 * OPV if "The Reformer" in ctx.effects else 0.0)


def _evil_empire(ctx: Ctx, side: str) -> float:
    return 1.0 + (2.0 if "Flower Power" in ctx.effects else 0.3)


def _wargames(ctx: Ctx, side: str) -> float:
    if ctx.defcon != 2:
        return 0.0
    lead = ctx.view["vp"] * (1 if side == US else -1)
    return WIN if lead - 6 > 0 else 0.0


def _solidarity(ctx: Ctx, side: str) -> float:
    return 2.5 if "John Paul II Elected Pope" in ctx.effects else 0.0


def _cambridge_five(ctx: Ctx, side: str) -> float:
    return 0.0 if ctx.turn >= LATE_WAR_TURN else 0.8


def _special_relationship(ctx: Ctx, side: str) -> float:
    if not ctx.controls(US, UK):
        return 0.0
    return 3.5 if "NATO" in ctx.effects else 1.0


def _our_man_in_tehran(ctx: Ctx, side: str) -> float:
    return 1.2 if any(ctx.controls(US, i) for i in MIDDLE_EAST) else 0.0


def _flower_power(ctx: Ctx, side: str) -> float:
    return 2.0 if ctx.turn < TURNS - 1 else 1.0


def _socialist_governments(ctx: Ctx, side: str) -> float:
    return STATIC_EVENT[7] * _removal_share(ctx, USSR, WEST_EUROPE, 2, 3)


def _suez(ctx: Ctx, side: str) -> float:
    return STATIC_EVENT[28] * _removal_share(ctx, USSR, SUEZ, 2, 4)


def _east_european_unrest(ctx: Ctx, side: str) -> float:
    per = 2 if ctx.turn >= LATE_WAR_TURN else 1
    return (STATIC_EVENT[29] + (1.5 if per == 2 else 0.0)) * _removal_share(ctx, US, EAST_EUROPE, per, 3 * per)


def _olympic(ctx: Ctx, side: str) -> float:
    return 1.25


EVENT_FN: dict[int, EventFn] = {
    4: _duck_and_cover, 7: _socialist_governments, 11: _korean_war, 13: _arab_israeli_war, 18: _nazi_scientist,
    19: _truman, 20: _olympic, 21: _nato, 22: _independent_reds, 24: _indo_pakistani, 25: _containment,
    28: _suez, 29: _east_european_unrest, 31: _red_scare, 34: _test_ban, 39: _arms_race, 48: _kitchen_debates,
    51: _brezhnev, 56: _muslim_revolution, 58: _cultural_revolution, 59: _flower_power, 61: _opec, 71: _nixon,
    76: _ussuri, 78: _alliance_for_progress, 80: _one_small_step, 84: _reagan, 85: _star_wars, 89: _kal,
    90: _glasnost, 97: _evil_empire, 100: _wargames, 101: _solidarity, 102: _iran_iraq, 104: _cambridge_five,
    105: _special_relationship, 108: _our_man_in_tehran,
}


def beneficiary(card: int, player: str) -> str:
    """The side an event helps when ``player`` makes it happen."""
    side = CARD_SIDE[card]
    return side if side in OTHER else player


def event_value(ctx: Ctx, card: int, side: str) -> float:
    """Worth of ``card``'s event to ``side``, its beneficiary, if it happened now."""
    if not ctx.event_ok(card):
        return 0.0
    fn = EVENT_FN.get(card)
    if fn is not None:
        return fn(ctx, side)
    v = STATIC_EVENT.get(card, 1.0)
    r = CARD_REGION.get(card)
    if r is not None:
        v *= 0.5 + 0.5 * ctx.weights[r] / REF_WEIGHT
    return v


def scoring_gain(ctx: Ctx, card: int) -> float:
    """VP I gain (negative: lose) if scoring card ``card`` is played now;
    Control of Europe wins or loses the game."""
    r = SCORING_REGION[card]
    if r == 0:
        c = ctx.counts[0]
        if c[1] == TOTAL_BG[0] and c[0] > c[3]:
            return WIN
        if c[4] == TOTAL_BG[0] and c[3] > c[0]:
            return SUICIDE
    return float(ctx.net(r))


def card_ops(ctx: Ctx, side: str, card: int) -> int:
    """Ops of ``card`` for ``side`` with the turn's modifiers (no region bonus)."""
    ops = CARD_OPS[card]
    eff = ctx.effects
    if eff:
        if (side == US and "Containment" in eff) or (side == USSR and "Brezhnev Doctrine" in eff):
            ops = min(4, ops + 1) if ops < 4 else ops
        purge = eff.get("Red Scare/Purge")
        if purge is not None and purge.get("side") in (side, "both"):
            ops = max(1, ops - 1)
    return ops


def ops_value(ctx: Ctx, side: str, card: int) -> float:
    """What playing ``card`` for operations now is worth to ``side``."""
    ops = card_ops(ctx, side, card)
    v = OPV * (ops + (0.5 if card == CHINA else 0.0))
    short = ctx.shortfall(side)
    if short:
        v += 0.5 * MILOPS_VP * min(ops, short) * ctx.urgency(side)
    return v


def china_swing(ctx: Ctx) -> float:
    """Cost of passing The China Card to the opponent: it will use it before
    it comes back, and in the last turn the final-scoring VP goes with it."""
    return 2.0 * CHINA_HOLD if ctx.turn >= TURNS else 1.5 * CHINA_HOLD


def keep_value(ctx: Ctx, side: str, card: int) -> float:
    """What holding ``card`` for a later round is typically worth to ``side``
    (negative for an opposing card whose event will have to be given)."""
    if SCORING[card]:
        return 0.0
    ops = OPV * CARD_OPS[card]
    if card == CHINA:
        return OPV * 4.5
    if not ctx.events_on:
        return ops
    owner = CARD_SIDE[card]
    typical = STATIC_EVENT.get(card, 1.0)
    if owner == OTHER[side]:
        if card in HAZARD_CANDIDATES:  # deadly if still held when DEFCON reaches 2
            ops -= HAZARD_KEEP * (1.0 if ctx.defcon <= 3 else (0.5 if ctx.defcon == 4 else 0.2))
        return ops - 0.9 * typical
    return max(typical, ops)


def _opposing_fires(ctx: Ctx, side: str, card: int) -> bool:
    """Does playing ``card`` for operations make the opponent's event happen?"""
    return CARD_SIDE[card] == OTHER[side] and ctx.event_ok(card)


def _opponent_can_coup_bg(ctx: Ctx, side: str, free_europe: bool = False, defcon: int | None = None) -> bool:
    """Could ``side``'s opponent coup a battleground (in the regions open at
    ``defcon``, or any European one for a free coup)?"""
    opp = OTHER[side]
    target = ctx.inf(side)
    open_regions = OPEN_REGIONS[ctx.defcon if defcon is None else defcon]
    for i in ALL_BG:
        if target[i] and (REGION_ID[i] == 0 if free_europe else REGION_ID[i] in open_regions) and not (
                "Cuban Missile Crisis" in ctx.effects and ctx.effects["Cuban Missile Crisis"].get("side") == opp):
            return True
    return False


def defcon_hazard(ctx: Ctx, card: int, event_by: str, player: str, defcon: int | None = None) -> float:
    """Chance that ``card``'s event, made to happen by ``player`` (the phasing
    side) for ``event_by``, brings DEFCON 1 in ``player``'s round: it would
    lose at once. Only DEFCON 2 is dangerous (``defcon`` overrides the
    current level, to ask "what if DEFCON were 2")."""
    if (ctx.defcon if defcon is None else defcon) > 2 or not ctx.event_ok(card):
        return 0.0
    if card in DEFCON_DROP:
        return 1.0
    if event_by == player:
        if card == 20:   # Olympic Games: a boycott lowers DEFCON in the sponsor's round
            return 0.9
        if card == 45:   # Summit: the winner may set DEFCON 1
            return 0.45
        if card == 49:   # Missile Envy: the card received may be one of ours that lowers DEFCON
            return 0.1
        return 0.0
    if card in (26, 62, 67):  # CIA Created, Lone Gunman, Grain Sales (returned): a coup for the opponent
        return 1.0 if _opponent_can_coup_bg(ctx, player, defcon=2) else 0.0
    if card == 91:  # Ortega: a free coup in Cuba
        return 1.0 if ctx.inf(player)[CUBA] else 0.0
    if card == 96:  # Tear Down This Wall: a free coup anywhere in Europe
        return 1.0 if _opponent_can_coup_bg(ctx, player, free_europe=True) else 0.0
    if card == 85:  # Star Wars: the US may pick a DEFCON-lowering event
        return 1.0 if any(c in DEFCON_DROP for c in ctx.view["discard"]) and _star_wars(ctx, US) else 0.0
    if card == 5:  # Five Year Plan: the random USSR discard may be a deadly US event
        hand = ctx.hand
        if len(hand) <= 1:
            return 0.3
        bad = sum(1 for c in hand if c != card and CARD_SIDE[c] == US and c in HAZARD_CANDIDATES)
        return bad / (len(hand) - 1)
    return 0.0


# Opposing cards whose event can bring DEFCON 1 in the round of the side
# playing them for operations (see ``defcon_hazard``).
HAZARD_CANDIDATES = frozenset({4, 50, 89, 26, 62, 91, 96, 85, 5, 67})


def is_hazard(ctx: Ctx, side: str, card: int) -> bool:
    """Would ``card`` lose the game if ``side`` had to play it for operations
    at DEFCON 2 (an opposing event that lowers DEFCON or gives a coup)?"""
    return (card in HAZARD_CANDIDATES and CARD_SIDE[card] == OTHER[side]
            and defcon_hazard(ctx, card, OTHER[side], side, defcon=2) >= 0.5)


def hazards_in_hand(ctx: Ctx, side: str, skip: int = 0) -> int:
    """Opposing cards in ``side``'s hand that would lose the game if played
    for operations at DEFCON 2."""
    return sum(1 for c in ctx.hand if c != skip and is_hazard(ctx, side, c))


def hazard_relief(ctx: Ctx) -> float:
    """Worth of getting a deadly-at-DEFCON-2 card out of hand safely (Space
    Race, UN Intervention, a discard): the lower DEFCON, the more."""
    return 6.0 if ctx.defcon <= 2 else (3.0 if ctx.defcon == 3 else 1.0)


def doomed_at_defcon2(ctx: Ctx, side: str, skip: int = 0) -> bool:
    """Would ``side`` be forced to play a deadly card if DEFCON were 2 for the
    rest of the turn (too few other cards for its remaining rounds, one
    hazard being sent to the Space Race)? ``skip`` is a card being played
    in this round, which is not counted."""
    hz = hazards_in_hand(ctx, side, skip)
    if not hz:
        return False
    left = ctx.rounds_left(side) - 1
    safe = len(ctx.hand) - hz - (1 if skip and skip in ctx.hand else 0)
    china = ctx.view["china_card"]
    if china["holder"] == side and china["face_up"]:
        safe += 1
    if ctx.view["space_attempts"][side] == 0 and ctx.view["space"][side] < len(SPACE_BOXES) - 1:
        safe += 1
    return safe < left
