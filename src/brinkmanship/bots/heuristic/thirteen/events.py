"""The 39 13 Days events as effects on the heuristic's :class:`~.model._Model`.

The rules are in ``thirteen/cards/``. Each function takes (model, resolver
is us, card played by us, our capacity after, extra value) and returns our
score after the event, each choice in it made greedily by whoever makes it;
``@_event`` registers it in ``model.EVENTS``, where ``_Model.event`` finds it.
"""

from __future__ import annotations

from collections.abc import Callable

from brinkmanship.bots.heuristic.thirteen.model import (
    ALL,
    BAN_V,
    BRINK_V,
    EVENTS,
    MILITARY,
    POLITICAL,
    SOPS_V,
    STEAL_V,
    SUMMIT_V,
    WORLD,
    Capacity,
    EventFn,
    _Model,
)
from brinkmanship.thirteen.board import (
    ALL_TRACKS,
    ALLIANCES,
    ATLANTIC,
    BERLIN,
    CARD_FACTION,
    CUBA,
    ITALY,
    MILITARY_TRACK,
    POLITICAL_TRACK,
    TELEVISION,
    TURKEY,
    UNITED_NATIONS,
)
from brinkmanship.thirteen.data.board import ARENA_MAX, DEFCON2_FROM, DEFCON_MAX, DEFCON_MIN


def _event(*numbers: int) -> Callable[[EventFn], EventFn]:
    def deco(fn: EventFn) -> EventFn:
        for n in numbers:
            EVENTS[n] = fn
        return fn
    return deco


@_event(1)
def _speech(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(r, 3, WORLD, 2, extra=x, ctx=ctx)


@_event(2)
def _guns(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.shift(r, r, ALL_TRACKS, 2, True, m.may_lower(r, r, by), x + m.one_cube(r), ctx)


@_event(3)
def _fifty_fifty(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    d = m.cu[TELEVISION] - m.co[TELEVISION]
    if not d:
        return m.score(extra=x, ctx=ctx)
    lead_me = d > 0
    down = m.may_lower(lead_me, r, by)
    base = m.dm if lead_me else m.do
    vals = [m.score(extra=x, ctx=ctx)]
    for t1 in range(3):
        for s1 in (1, -1):
            if s1 < 0 and not down:
                continue
            a = m.shifted(base, t1, s1)
            for t2 in range(t1 + 1, 3):
                for s2 in (1, -1, 0):
                    if s2 < 0 and not down:
                        continue
                    b = m.shifted(a, t2, s2) if s2 else a
                    vals.append(m.on(lead_me, 0.0, b, x, ctx, 0.0))
    return m.choice(vals, lead_me)


@_event(4)
def _sops(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    v = SOPS_V * m.plays_after(r)
    return m.score(extra=x + (v if r else -v), ctx=ctx)


@_event(5)
def _close_allies(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(r, 2, POLITICAL, extra=x, ctx=ctx)


@_event(6)
def _intelligence(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.score(extra=x + (STEAL_V if r else -STEAL_V), ctx=ctx)


@_event(7)
def _summit_meeting(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    v = SUMMIT_V
    if r and m.hand_known:
        v *= 1 + sum(1 for c in m.hand if CARD_FACTION[c] == m.op)
    return m.score(extra=x + (v if r else -v), ctx=ctx)


@_event(8)
def _to_the_brink(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    v = BRINK_V * m.plays_after(not r)
    return m.score(extra=x + (v if r else -v), ctx=ctx)


@_event(9)
def _submarines(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(r, 2, MILITARY, extra=x, ctx=ctx)


@_event(10)
def _u_thant(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    if not m.may_lower(r, r, by):
        return m.score(extra=x, ctx=ctx)
    b = m.dm if r else m.do
    new = (max(DEFCON_MIN, b[0] - 1), max(DEFCON_MIN, b[1] - 1), max(DEFCON_MIN, b[2] - 1))
    return m.on(r, 0.0, new, x, ctx, 0.0)


@_event(11)
def _containment(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    if r:
        return m.score(extra=x + m.ban_cost(), ctx=ctx)
    return m.score(extra=x - BAN_V, ctx=m.banned(ctx))


@_event(12)
def _face_saver(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    # The resolver's Command 3, then the other side's Command 1 (a cube).
    other = m.one_cube(not r)
    return m.command(r, m.size(3, r), ALL, extra=x + other, ctx=ctx)


@_event(13)
def _scramble(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(r, 3, ALL, 1, extra=x, ctx=ctx)


@_event(14)
def _mathematical_precision(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    return m.shift(us, us, (POLITICAL_TRACK,), 2, True, m.may_lower(us, r, by), x + m.one_cube(us), ctx)


@_event(15)
def _excomm(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    base = m.cu if us else m.co
    return m.placement(us, 4, [a for a in ALL if not base[a]], 2, symbol=True, extra=x, ctx=ctx)


@_event(16)
def _public_protests(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.score(extra=x, ctx=ctx)    # removing one's own cubes gains nothing here


@_event(17)
def _lessons_of_munich(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(m.us, 4, (BERLIN, TURKEY, ITALY), 2, extra=x, ctx=ctx)


@_event(18)
def _mongoose(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    # US +1 prestige; then the USSR moves one US marker one step.
    return m.shift(us, not us, ALL_TRACKS, 1, extra=x, ctx=ctx, pg=1.0 if us else -1.0)


@_event(19)
def _air_strike(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    vals = [m.placement(us, 2, (ALLIANCES,), extra=x, ctx=ctx)]
    for a in CUBA:
        if (m.co if us else m.cu)[a]:
            ad, ag = m.halve(not us, a)
            vals.append(m.score(ad, None, None, x, ctx, ag))
    return m.choice(vals, us)


@_event(20)
def _non_invasion_pledge(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    n = (m.co if us else m.cu)[TURKEY]
    ad, ag = m.moved(not us, TURKEY, -min(2, n))
    return m.shift(us, us, (POLITICAL_TRACK,), 2, True, m.may_lower(us, r, by), x, ctx, ad, ag)


@_event(21)
def _offensive_missiles(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    if (m.dm if us else m.do)[1] >= DEFCON2_FROM:
        return m.score(extra=x, ctx=ctx)
    return m.placement(us, 3, POLITICAL, 1, extra=x, ctx=ctx)


@_event(22)
def _invasion_of_cuba(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    base = m.dm if us else m.do
    down = m.may_lower(us, r, by)
    vals = [m.score(extra=x, ctx=ctx)]
    for k in (1, 2):
        if base[0] + k > DEFCON_MAX:
            break
        a = m.shifted(base, 0, k)
        for b in ([m.shifted(a, t, -k) for t in (1, 2)] if down else [a]):
            vals.append(m.on(us, 0.0, b, x, ctx, 0.0))
    return m.choice(vals, us)


@_event(23)
def _quarantine(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(m.us, 2, (ATLANTIC,), extra=x, ctx=ctx)


@_event(24)
def _u2_photographs(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    low = m.may_lower(us, r, by) or not m.ban_blocks_symbol
    return m.command(us, m.size(3, us), MILITARY, low=low, extra=x, ctx=ctx)


@_event(25)
def _wave_and_smile(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    base = m.cu if us else m.co
    sgn = 1.0 if us else -1.0
    # Take off the US cubes that matter least and put them where they do most.
    losses = sorted((-m.moved(us, a, -1)[0] * sgn, a) for a in ALL if base[a])
    vals = [m.score(extra=x, ctx=ctx)]
    ad_rm = ag_rm = 0.0
    taken: list[int] = []
    for _, a in losses[:2]:
        d_ad, d_ag = m.moved(us, a, -1)
        ad_rm += d_ad
        ag_rm += d_ag
        taken.append(a)
        ad, ag, _ = m.place(us, len(taken), [b for b in ALL if b not in taken])
        vals.append(m.score(ad_rm + ad, None, None, x, ctx, ag_rm + ag))
    return m.choice(vals, us)


@_event(26)
def _eyeball(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    us_mil, su_mil = (m.dm[0], m.do[0]) if us else (m.do[0], m.dm[0])
    if us_mil <= su_mil:
        return m.score(extra=x, ctx=ctx)
    return m.placement(us, 3, CUBA, symbol=True, extra=x, ctx=ctx)


@_event(27)
def _mrbms(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    return m.shift(su, su, (MILITARY_TRACK,), 2, True, m.may_lower(su, r, by), x + m.one_cube(su), ctx)


@_event(28)
def _moscow(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    base = m.cu if su else m.co
    return m.placement(su, 4, [a for a in ALL if base[a]], 2, symbol=True, extra=x, ctx=ctx)


@_event(29)
def _missile_trade(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    low = m.may_lower(su, r, by) or not m.ban_blocks_symbol
    return m.command(su, 3, ALL, low=low, extra=x, ctx=ctx, place=False)


@_event(30)
def _castro(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(not m.us, 3, CUBA, extra=x, ctx=ctx)


@_event(31)
def _blockade(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    # USSR +2 prestige; then the US moves one USSR marker up to 2 steps.
    return m.shift(su, not su, ALL_TRACKS, 2, extra=x, ctx=ctx, pg=2.0 if su else -2.0)


@_event(32)
def _suez(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    mine, theirs = (m.cu, m.co) if su else (m.co, m.cu)
    n = mine[ITALY]
    room = m.res_me if su else m.res_op
    target = min(ARENA_MAX, max(n, theirs[ITALY] + 1), n + room)
    ad, ag = m.moved(su, ITALY, target - n)
    return m.score(ad, None, None, x, ctx, ag)


@_event(33)
def _maskirovka(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    if (m.dm if su else m.do)[0] >= DEFCON2_FROM:
        return m.score(extra=x, ctx=ctx)
    return m.placement(su, 3, MILITARY, 1, extra=x, ctx=ctx)


@_event(34)
def _bay_of_pigs(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    us = m.us
    if us:
        vals = [m.score(extra=x - BAN_V, ctx=m.banned(ctx))]
    else:
        vals = [m.score(extra=x + m.ban_cost(), ctx=ctx)]
    if (m.cu if us else m.co)[ALLIANCES] >= 2:
        ad, ag = m.moved(us, ALLIANCES, -2)
        vals.append(m.score(ad, None, None, x, ctx, ag))
    return m.choice(vals, us)


@_event(35)
def _turn_back_the_ships(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    if not m.may_lower(su, r, by):
        return m.score(extra=x, ctx=ctx)
    b = m.dm if su else m.do
    top = max(b)
    return m.shift(su, su, [t for t in range(3) if b[t] == top], 2, up=False, extra=x, ctx=ctx)


@_event(36)
def _strategic_balance(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    n = (m.cu if su else m.co)[ATLANTIC]
    m0 = m.dm if su else m.do
    vals = [m.score(extra=x, ctx=ctx)]
    for k in range(1, min(3, ARENA_MAX - n, m.res_me if su else m.res_op) + 1):
        ad, ag = m.moved(su, ATLANTIC, k)
        vals.append(m.on(su, ad, m.shifted(m0, 0, k - 1) if k > 1 else m0, x, ctx, ag))
    return m.choice(vals, su)


@_event(37)
def _national_liberation(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    low = m.may_lower(su, r, by) or not m.ban_blocks_symbol
    return m.command(su, m.size(3, su), POLITICAL, low=low, extra=x, ctx=ctx)


@_event(38)
def _u2_downed(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    su = not m.us
    ad, ag, _ = m.place(su, 2, (TURKEY,))
    vals = []
    for a in CUBA:
        had, hag = m.halve(not su, a)
        vals.append(m.score(ad + had, None, None, x, ctx, ag + hag))
    return m.choice(vals, su)


@_event(39)
def _defensive_missiles(m: _Model, r: bool, by: bool, ctx: Capacity | None, x: float) -> float:
    return m.placement(not m.us, 2, (TELEVISION, UNITED_NATIONS), symbol=True, extra=x, ctx=ctx)
