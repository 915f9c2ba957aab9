"""The worth of one operation for the Twilight Struggle heuristic.

Placing and removing influence (with a short look-ahead so that control is
completed), coups and realignments (as expectations over the die), each
measured as the change it makes to the position value of :mod:`.model`.
"""

from __future__ import annotations

from brinkmanship.bots.heuristic.twilight.events import doomed_at_defcon2
from brinkmanship.bots.heuristic.twilight.model import (
    BGF,
    LIMIT,
    LOCW,
    MILOPS_VP,
    REALIGN_SPAN,
    REALIGN_WIN,
    REGION_ID,
    STAB,
    SUICIDE,
    US,
    WIN,
    Ctx,
)
from brinkmanship.twilight.board import ADJACENT, SUPERPOWER


# ---------------------------------------------------------------------------
# Operations: placements, coups, realignments
# ---------------------------------------------------------------------------
def place_value(ctx: Ctx, i: int, ops_left: int, max_per: int = 0, free: bool = False) -> float:
    """Best value per op of putting 1..k of my influence into country ``i``
    (k up to the ops left, so that breaking the opponent's control or
    completing mine is seen). With operations a point into an
    opponent-controlled country costs 2; ``free``: an event's placements,
    which cost 1 each."""
    s = STAB[i]
    d = ctx.mine[i] - ctx.theirs[i]
    lim = LIMIT[i]
    if d >= lim:
        return 0.0
    locw = LOCW[i]
    if d >= s:  # already mine: only a safety margin
        return locw
    room = ops_left if ops_left < 4 else 4
    if max_per and max_per < room:
        room = max_per
    if d > -s:  # nobody's: the ops to take control (the margin term is linear here)
        need = s - d
        if need == 1:
            return locw + ctx.flip(i, 0, 1)
        if need > room:
            return locw
        v = locw + ctx.flip(i, 0, 1) / need
        return v if v > locw else locw
    # The opponent's: the first op costs 2 and may break control; more ops may take it.
    expensive = 1 if free else 2
    c1 = -lim if d < -lim else d
    d1 = d + 1
    b = -1 if d1 <= -s else 0
    best = (locw * ((-lim if d1 < -lim else d1) - c1) + (ctx.flip(i, -1, 0) if b == 0 else 0.0)) / expensive
    if room < 2:
        return best
    spent = 0
    k = 0
    while k < room:
        spent += expensive if d + k <= -s else 1
        k += 1
        if spent > ops_left:
            break
        d2 = d + k
        if d2 == -s + 1 or d2 == s:
            b = 1 if d2 >= s else 0
            v = (locw * ((lim if d2 > lim else (-lim if d2 < -lim else d2)) - c1) + ctx.flip(i, -1, b)) / spent
            if v > best:
                best = v
    return best


def remove_value(ctx: Ctx, side: str, i: int, left: int, max_per: int = 0) -> float:
    """Best value per point to me of removing 1..k of ``side``'s influence in ``i``."""
    inf = ctx.inf(side)
    n = inf[i]
    if n <= 0:
        return -0.5
    limit = min(left, n, max_per or 4, 4)
    best = -1e9
    for k in range(1, limit + 1):
        if side == ctx.opp:
            v = ctx.delta(i, ctx.mine[i], n - k) / k
        else:
            v = ctx.delta(i, n - k, ctx.theirs[i]) / k
        if v > best:
            best = v
    return best


def coup_value(ctx: Ctx, i: int, ops: int, free: bool = False) -> float:
    """Expected worth to me of a coup in country ``i`` with ``ops``: the
    influence swing over the six rolls (die + ops - 2 x stability), the
    Military Operations earned, and DEFCON (a battleground coup at DEFCON 2
    by the phasing side loses the game)."""
    me = ctx.me
    eff = ctx.effects
    if eff:
        cmc = eff.get("Cuban Missile Crisis")
        if cmc is not None and cmc.get("side") == me:
            return SUICIDE
    m = ctx.mine[i]
    o = ctx.theirs[i]
    mod = 0
    if eff:
        if "SALT Negotiations" in eff:
            mod -= 1
        lads = eff.get("Latin American Death Squads")
        if lads is not None and lads.get("side") != "both" and REGION_ID[i] in (4, 5):
            mod += 1 if lads.get("side") == me else -1
    s = STAB[i]
    base = ops + mod - 2 * s
    ev = 0.0
    if base + 6 > 0:
        # A result t removes t opponent influence and adds any excess as
        # mine: either way the margin (all the value depends on) grows by t.
        d = m - o
        lim = LIMIT[i]
        locw = LOCW[i]
        c1 = lim if d > lim else (-lim if d < -lim else d)
        a = 1 if d >= s else (-1 if d <= -s else 0)
        for roll in range(max(1, 1 - base), 7):
            x = d + base + roll
            if x >= lim:  # every higher roll ends the same: control and a full margin
                ev += (7 - roll) * (locw * (lim - c1) + ctx.flip(i, a, 1))
                break
            b = 1 if x >= s else (-1 if x <= -s else 0)
            ev += locw * ((-lim if x < -lim else x) - c1) + (ctx.flip(i, a, b) if a != b else 0.0)
        ev /= 6
    lowers = BGF[i] and not (me == US and "Nuclear Subs" in eff)
    defcon = ctx.defcon - 1 if lowers else ctx.defcon
    if lowers:
        if defcon <= 1:
            return SUICIDE if ctx.phasing == me else WIN
        if defcon == 2:
            ev -= 0.6
            if ctx.phasing == me and doomed_at_defcon2(ctx, me):
                ev += 0.7 * SUICIDE
    milops = ctx.view["milops"]
    if not free:
        # Military Operations earned, against the requirement DEFCON sets after the coup.
        before = ctx.defcon - milops[me]
        after = defcon - milops[me] - ops
        gained = (before if before > 0 else 0) - (after if after > 0 else 0)
        if gained:
            ev += MILOPS_VP * gained * ctx.urgency(me)
    if lowers:
        opp = ctx.opp
        short = ctx.defcon - milops[opp]
        if short > 0:  # a lower DEFCON asks less of the opponent too
            ev -= MILOPS_VP * ctx.urgency(opp)
    if me == US and "Yuri and Samantha" in eff:
        ev -= 1.0
    return ev


def realign_value(ctx: Ctx, i: int) -> float:
    """Expected worth to me of one realignment roll in country ``i``:
    both sides roll, modified by adjacent controlled countries, more
    influence there and an adjacent superpower; the difference is removed
    from the loser (rule 6.2)."""
    me, opp = ctx.me, ctx.opp
    m = ctx.mine[i]
    o = ctx.theirs[i]
    ctrl = ctx.ctrl
    mod = 0
    for j in ADJACENT[i]:
        mod += ctrl[j]
    mod += (1 if m > o else (-1 if o > m else 0))
    sp = SUPERPOWER[i]
    if sp == me:
        mod += 1
    elif sp == opp:
        mod -= 1
    if "Iran-Contra Scandal" in ctx.effects:
        mod += -1 if me == US else 1
    # The 36 outcomes grouped by how much influence each side loses:
    # exactly k with P(margin = k), everything with P(margin >= k).
    mod = -REALIGN_SPAN if mod < -REALIGN_SPAN else (REALIGN_SPAN if mod > REALIGN_SPAN else mod)
    ev = 0.0
    if o:
        exact, tail = REALIGN_WIN[mod]
        for k in range(1, o if o < len(exact) else len(exact)):
            if exact[k]:
                ev += exact[k] * ctx.delta(i, m, o - k)
        if o < len(tail) and tail[o]:
            ev += tail[o] * ctx.delta(i, m, 0)
    if m:
        exact, tail = REALIGN_WIN[-mod]
        for k in range(1, m if m < len(exact) else len(exact)):
            if exact[k]:
                ev += exact[k] * ctx.delta(i, m - k, o)
        if m < len(tail) and tail[m]:
            ev += tail[m] * ctx.delta(i, 0, o)
    return ev
