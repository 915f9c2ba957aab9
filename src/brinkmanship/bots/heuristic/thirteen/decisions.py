"""Scorers for the 13 Days heuristic: one per decision kind.

:func:`score_actions` builds the :class:`~.model._Model` of the side to move
and hands the legal actions to the scorer of the decision's kind (``KINDS``),
which scores each by its effect on the model.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from brinkmanship.bots.heuristic.thirteen.model import (
    AGENDA_KIND,
    AGENDA_POT,
    AGENDA_TARGET,
    ALL,
    ARENA_AT,
    BAN_V,
    FIRST_BONUS,
    LETTER_USE,
    NEW_CARD,
    OPP,
    Capacity,
    _aftval,
    _Model,
)
from brinkmanship.core.actions import Action
from brinkmanship.thirteen.actions import OPTIONS
from brinkmanship.thirteen.board import (
    AIR_STRIKE,
    ALLIANCES,
    BAY_OF_PIGS,
    CARD_COMMAND,
    CARD_FACTION,
    CATEGORY,
    CUBA,
    DEFENSIVE_MISSILES,
    EXCOMM,
    EYEBALL_TO_EYEBALL,
    FIFTY_FIFTY,
    INVASION_OF_CUBA,
    MILITARY_TRACK,
    MISSILE_TRADE,
    MOSCOW_IS_OUR_BRAIN,
    POLITICAL_TRACK,
    SIDES,
    STRATEGIC_BALANCE,
    TRACKS,
    UNITED_NATIONS,
    WORLD_OPINION_TRACK,
)
from brinkmanship.thirteen.data.board import ARENA_MAX

# Events that move cubes with the DEFCON symbol, and how many cubes at most
# (to estimate what the event already moved from the count still to move).
SYMBOL_TOTAL = {EXCOMM: 4, EYEBALL_TO_EYEBALL: 3, MOSCOW_IS_OUR_BRAIN: 4, MISSILE_TRADE: 3, STRATEGIC_BALANCE: 3,
                DEFENSIVE_MISSILES: 2}


# ---------------------------------------------------------------------------
# Decisions: one scorer per decision kind (rules.LEGAL)
# ---------------------------------------------------------------------------
Scorer = Callable[[_Model, list[Action]], list[float]]


def _letter_delta(m: _Model) -> float:
    """Value change of adding the Personal Letter to a Command (the extra
    cube is in the plan): the Letter passes to the opponent, and with the
    United Nations tied so do its tie-break and agenda."""
    d = -2.0 * LETTER_USE
    if m.un_pending and m.cu[UNITED_NATIONS] == m.co[UNITED_NATIONS]:
        d -= 2.0 * (m.letter_tb + m.letter_ag)
    return d


def _command_card(m: _Model, c: int, ctx: Capacity, x: float) -> float:
    """Score of commanding with card ``c``: the best plan (with the Letter
    when that is better), after the opponent has taken the card's event if
    it is theirs and hurts us."""
    size = m.size(CARD_COMMAND[c], True)
    best = m.command(True, size, ALL, extra=x, ctx=ctx)
    if m.holder_me:
        best = max(best, m.command(True, size + 1, ALL, extra=x + _letter_delta(m), ctx=ctx))
    if CARD_FACTION[c] == m.op:
        base = m.score(extra=x, ctx=ctx)
        accepted = m.event(c, False, True, ctx, x)
        if accepted < base:
            best += accepted - base
    return best


def _turn(m: _Model, legal: list[Action]) -> list[float]:
    k_after = max(0, m.km - 1)
    per_card: dict[int, tuple[Capacity, float]] = {}
    out = []
    for a in legal:
        c = a.arg
        assert c is not None
        if c not in per_card:
            rest = list(m.hand)
            if c in rest:
                rest.remove(c)
            per_card[c] = (m.capacity(rest, k_after), m.aftermath(m._keep(rest)) - m.aft0)
        ctx, x = per_card[c]
        out.append(_command_card(m, c, ctx, x) if a.verb == "command" else m.event(c, True, True, ctx, x))
    return out


def _stolen(m: _Model, legal: list[Action]) -> list[float]:
    """Intelligence Reports: play the taken card now (it is no play of ours) or discard it."""
    out = []
    for a in legal:
        c = a.arg
        assert c is not None
        if a.verb == "command":
            out.append(_command_card(m, c, m.ctx, 0.0))
        elif a.verb == "event":
            out.append(m.event(c, True, True))
        else:
            out.append(m.score())
    return out


def _offer(m: _Model, legal: list[Action]) -> list[float]:
    card = m.card
    base = m.score()
    accept = m.event(card, True, False) if card else base
    return [accept if a.verb == "accept" else base for a in legal]


def _command(m: _Model, legal: list[Action]) -> list[float]:
    dec = m.dec
    done: int = dec["moved"]
    left: int = dec["cubes"]
    mode: str = dec["mode"]
    arena = ARENA_AT[dec["arena"]] if dec["arena"] is not None else -1
    # Whether removals lower our marker: a ban (Bay of Pigs, Containment)
    # stops it for a Command an event grants; the decision data says.
    low: bool = dec["lowers"]
    out = []
    for a in legal:
        v = a.verb
        if v in ("place", "remove"):
            assert a.arg is not None
            out.append(_more_cubes(m, left, a.arg, v, done, low))
        elif v == "letter":
            out.append(m.command(True, left + 1, ALL, low=low, extra=_letter_delta(m)))
        elif done and arena >= 0:
            out.append(_stop(m, done, arena, mode, low))
        else:
            out.append(m.score())
    return out


def _stop(m: _Model, done: int, arena: int, mode: str, low: bool) -> float:
    """Score of ending a Command after ``done`` cubes (its DEFCON change applies)."""
    if done < 2 or (mode == "remove" and not low):
        return m.score()
    return m.score(0.0, m.shifted(m.dm, CATEGORY[arena], (done - 1) if mode == "place" else (1 - done)))


def _more_cubes(m: _Model, left: int, a: int, verb: str, done: int, low: bool) -> float:
    """Best score of moving 1..``left`` more of our cubes in arena ``a`` in
    this Command, ``done`` cubes already moved."""
    t = CATEGORY[a]
    x = m.cu[a]
    best = -math.inf
    if verb == "place":
        for k in range(1, min(left, ARENA_MAX - x, m.res_me) + 1):
            n = k + done
            ad, ag = m.moved(True, a, k)
            best = max(best, m.score(ad, m.shifted(m.dm, t, n - 1) if n > 1 else m.dm, None, 0.0, None, ag))
    else:
        for k in range(1, min(left, x) + 1):
            n = k + done
            ad, ag = m.moved(True, a, -k)
            dm = m.shifted(m.dm, t, 1 - n) if n > 1 and low else m.dm
            best = max(best, m.score(ad, dm, None, 0.0, None, ag))
    return best if best > -math.inf else m.score()


def _cubes(m: _Model, legal: list[Action]) -> list[float]:
    """An event's cubes, one at a time (greedy: each cube where it helps most).

    With the DEFCON symbol, the marker moves when the event ends, by the
    cubes moved in each arena less one. The decision data names the cubes
    already moved per arena, but the bot was tuned on an estimate from the
    count still to move, kept here: exact for Strategic Balance (one arena)
    and Excomm (only arenas it found empty), otherwise the worst case, all
    in the same arena (up to the event's per-arena limit)."""
    dec = m.dec
    left: int = dec["cubes"] if dec["cubes"] is not None else 99
    mine = dec["side"] == m.me
    card = m.card
    total = SYMBOL_TOTAL.get(card, 0)
    moved = max(0, total - left) if total else 0
    per: int = dec["per_arena"] or 0
    marks = m.dm if mine else m.do
    sign = -1 if card == MISSILE_TRADE else 1
    if card == MISSILE_TRADE and not dec["lowers"]:
        total = 0                                   # a ban keeps Missile Trade's marker where it is
    arenas = [a.arg for a in legal if a.verb in ("place", "remove") and a.arg is not None]
    base = m.cu if mine else m.co

    def prior(i: int) -> int:
        if card == EXCOMM:
            return 1 if base[i] else 0
        return min(moved, per - 1) if per else moved

    # Stopping now: the cubes already placed still escalate (worst case).
    stop = m.score()
    if total and moved > 1 and sign > 0 and card != EXCOMM:
        pending = (min(moved, per) if per else moved) - 1
        worst = [m.on(mine, 0.0, m.shifted(marks, t, pending), 0.0, None, 0.0)
                 for t in sorted({CATEGORY[i] for i in arenas})]
        stop = min(worst, default=stop)
    out = []
    for a in legal:
        i = a.arg
        if a.verb not in ("place", "remove") or i is None:
            out.append(stop)
            continue
        k = 1 if a.verb == "place" else -1
        ad, ag = m.moved(mine, i, k)
        steps = prior(i) if total else 0
        mk = m.shifted(marks, CATEGORY[i], sign * steps) if steps else marks
        out.append(m.on(mine, ad, mk, 0.0, None, ag))
    return out


def _shift(m: _Model, legal: list[Action]) -> list[float]:
    mine = m.dec["side"] == m.me
    card = m.card
    tracks = sorted({a.arg // 2 for a in legal if a.arg is not None and a.verb != "pass"})
    ups = any(a.verb == "escalate" for a in legal)
    downs = any(a.verb == "de-escalate" for a in legal)
    marks = m.dm if mine else m.do
    out = []
    for a in legal:
        t, k = -1, 0
        new = marks
        if a.verb != "pass" and a.arg is not None:
            t, k = divmod(a.arg, 2)
            k = k + 1 if a.verb == "escalate" else -(k + 1)
            new = m.shifted(marks, t, k)
        if mine and card == INVASION_OF_CUBA and tracks == [MILITARY_TRACK] and not downs and not m.end:
            # Invasion of Cuba: the military steps come off another US marker.
            others = (POLITICAL_TRACK, WORLD_OPINION_TRACK)
            opts = [m.shifted(new, u, -k) for u in others] if k > 0 and m.may_lower(True, True, True) else [new]
            out.append(max(m.score(0.0, o) for o in opts))
        elif card == FIFTY_FIFTY and not m.end and len(tracks) == len(TRACKS) and ups and t >= 0:
            # Fifty-Fifty: a second marker, on another track, may follow.
            vals = []
            for u in range(3):
                if u == t:
                    continue
                for s in (1, -1, 0):
                    if s < 0 and not downs:
                        continue
                    vals.append(m.on(mine, 0.0, m.shifted(new, u, s) if s else new, 0.0, None, 0.0))
            out.append(max(vals) if mine else min(vals))
        else:
            out.append(m.on(mine, 0.0, new, 0.0, None, 0.0))
    return out


def _ask(m: _Model, legal: list[Action]) -> list[float]:
    card = m.card
    out = []
    for a in legal:
        i = a.arg
        assert i is not None
        if a.verb == "target":
            # Air Strike / U-2 Downed: halve the opponent's cubes there.
            ad, ag = m.halve(False, i)
            out.append(m.score(ad, None, None, 0.0, None, ag))
            continue
        opt = OPTIONS[i]
        if card == AIR_STRIKE and opt == "remove":
            vals = []
            for c in CUBA:
                ad, ag = m.halve(False, c)
                vals.append(m.score(ad, None, None, 0.0, None, ag))
            out.append(max(vals))
        elif card == AIR_STRIKE:
            out.append(m.placement(True, 2, (ALLIANCES,)))
        elif card == BAY_OF_PIGS and opt == "remove":
            ad, ag = m.moved(True, ALLIANCES, -min(2, m.cu[ALLIANCES]))
            out.append(m.score(ad, None, None, 0.0, None, ag))
        elif card == BAY_OF_PIGS:
            out.append(m.score(extra=-BAN_V, ctx=m.banned(None)))
        else:
            out.append(0.0)
    return out


def _agenda(m: _Model, legal: list[Action]) -> list[float]:
    out = []
    for a in legal:
        k = a.arg
        assert k is not None
        m.kept_me = k
        m.setup()
        out.append(m.score() + _potential(m, k))
    return out


def _potential(m: _Model, k: int) -> float:
    """What our plays can still add to agenda ``k`` this round (its arena)."""
    if AGENDA_KIND[k] != "arena":
        return 0.0
    a = AGENDA_TARGET[k]
    now = m.agenda_score(k)
    x = m.cu[a]
    m.cu[a] = x + min(3, ARENA_MAX - x, m.res_me)
    m.dom[a] = (m.cu[a] > m.co[a]) - (m.cu[a] < m.co[a])
    later = m.agenda_score(k)
    m.cu[a] = x
    m.dom[a] = (x > m.co[a]) - (x < m.co[a])
    return AGENDA_POT * (later - now)


def _initiative(m: _Model, legal: list[Action]) -> list[float]:
    # Playing last gives the final word on the arenas and on DEFCON.
    them = SIDES.index(m.op)
    return [FIRST_BONUS if a.arg == them else 0.0 for a in legal]


def _aftermath(m: _Model, legal: list[Action]) -> list[float]:
    return [float(_aftval(a.arg, m.me)) if a.arg else 0.0 for a in legal]


def _alliances(m: _Model, legal: list[Action]) -> list[float]:
    return [float(_aftval(a.arg, m.me)) if a.verb == "aftermath" and a.arg else 0.0 for a in legal]


def _hand_value(m: _Model, c: int) -> float:
    """Rough worth of holding card ``c``: an opposing card can only be
    commanded (its event goes to the opponent) or kept for its Aftermath."""
    fac = CARD_FACTION[c]
    cmd = CARD_COMMAND[c]
    if fac == m.me:
        return 1.0 + 0.3 * cmd
    if fac == "UN":
        return 0.7 + 0.3 * cmd
    return 0.2 * cmd - 0.8


def _summit(m: _Model, legal: list[Action]) -> list[float]:
    return [NEW_CARD - _hand_value(m, a.arg) if a.verb == "discard" and a.arg else 0.0 for a in legal]


KINDS: dict[str, Scorer] = {
    "turn": _turn,
    "offer": _offer,
    "command": _command,
    "cubes": _cubes,
    "shift": _shift,
    "ask": _ask,
    "agenda": _agenda,
    "initiative": _initiative,
    "aftermath": _aftermath,
    "alliances": _alliances,
    "stolen": _stolen,
    "summit": _summit,
}


def score_actions(view: dict[str, Any], legal: list[Action]) -> list[float]:
    """How good each legal action looks to the side to move (see the module
    package docstring); a decision this module does not know scores every action 0."""
    side = view.get("viewer")
    if side not in OPP:
        side = view.get("current_player")
    fn = KINDS.get((view.get("decision") or {}).get("kind") or "")
    if fn is None or side not in OPP or view.get("over") or not legal:
        return [0.0] * len(legal)
    return fn(_Model(view, side), legal)
