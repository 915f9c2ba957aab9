"""The position model of the 13 Days heuristic: :class:`_Model`.

A :class:`_Model` turns one side's view into small lists (cubes, DEFCON
markers, prestige from the side's point of view) and values a position in
prestige points (see the package docstring for the terms); it also applies
the effects of actions (placements, Commands, shifts, events) to itself so
that every action can be scored by a one-step look-ahead. Here too are the
tuning weights and the de-escalation :class:`Capacity` of a side's plays.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from brinkmanship.thirteen.board import (
    AGENDA_NAME,
    AGENDA_TYPES,
    ALLIANCES,
    ARENAS,
    ARENAS_OF_TRACK,
    CARD_COMMAND,
    CARD_FACTION,
    CARD_NAME,
    CATEGORY,
    FIFTY_FIFTY,
    INVASION_OF_CUBA,
    MATHEMATICAL_PRECISION,
    MISSILE_TRADE,
    MRBMS_AND_IRBMS,
    N_CARDS,
    NON_INVASION_PLEDGE,
    TELEVISION,
    THE_GUNS_OF_AUGUST,
    TRACKS,
    TURN_BACK_THE_SHIPS,
    U_THANT,
    UNITED_NATIONS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import (
    AFTERMATH_BONUS,
    ARENA_MAX,
    CARIBBEAN,
    DEFCON2_FROM,
    DEFCON_MAX,
    DEFCON_MIN,
    MAX_LEAD,
    PLAYS_PER_ROUND,
    ROUNDS,
)
from brinkmanship.thirteen.defcon import CALM_MAX, SAFE_MAX, push_top, safe_limit, steps_to_safety
from brinkmanship.thirteen.options import DEFAULT_OPTIONS

OPP = {US: USSR, USSR: US}
ARENA_AT = {name: i for i, name in enumerate(ARENAS)}
CARD_AT = {CARD_NAME[n]: n for n in range(1, N_CARDS + 1)}
AGENDA_AT = {name: k for k, name in enumerate(AGENDA_NAME)}
AGENDA_KIND = tuple(a.kind for a in AGENDA_TYPES)
AGENDA_TARGET = tuple(a.target for a in AGENDA_TYPES)
MIL, POL, WO = TRACKS

ALL = tuple(range(len(ARENAS)))
NEG = tuple(range(-ARENA_MAX, 0))
POS = tuple(range(1, ARENA_MAX + 1))
FUT_SHAPE = (0.0, 1.0, 1.4, 1.8, 2.2, 2.2)   # future value of leading an arena by 0..5 cubes
MILITARY, POLITICAL, WORLD = ARENAS_OF_TRACK

# Steps the events that lower one's own markers can take off each track
# (Turn Back the Ships, Invasion of Cuba, Missile Trade and Fifty-Fifty
# depend on the position and are worked out in ``_Model._pots``).
EVENT_POTS: dict[int, tuple[int, int, int]] = {
    U_THANT: (1, 1, 1), THE_GUNS_OF_AUGUST: (2, 2, 2), MRBMS_AND_IRBMS: (2, 0, 0),
    MATHEMATICAL_PRECISION: (0, 2, 0), NON_INVASION_PLEDGE: (0, 2, 0), FIFTY_FIFTY: (1, 1, 1),
}


# ---------------------------------------------------------------------------
# Weights, in prestige points unless said otherwise (tuned in self-play and
# against the random bot, see benchmarks/bench_heuristic_thirteen.py).
# ---------------------------------------------------------------------------
K_WIN = 10.0        # score units per unit of win probability
L_ME = 25.0         # extra aversion to one's own nuclear war
FUT_W = 0.15        # per round still to come: leading an arena, for future agendas
CUBE_V = 0.02       # a cube on the board, all else equal (idle cubes stay where they are)
TV_NOW, AL_NOW = 0.5, 0.4       # Television and Alliances bonuses of this round
TV_FUT, UN_FUT, AL_FUT = 0.25, 0.25, 0.2   # ... and of each round to come
TIE_FINAL, TIE_EARLY = 0.45, 0.25          # the Letter's tie-break, in the last round / before
LETTER_USE = 0.3    # holding the Letter: one more cube for a later Command
C_NOW = 1.2         # each DEFCON step needed before this round's check costs part of a play
C_STEP = 1.2        # ... and each one needed before the last check
HOT_K, HOT_B = 2.0, 1.5    # war later from markers that start the next round in DEFCON 1
CAP_UNSEEN = 0.6    # steps a play of unseen cards de-escalates, on some track
CAP_POOL = 0.6      # ... on a track where the side has cubes to remove
CAP_BARE = 0.2      # ... on a track where it has none (a few events)
SPOIL_BASE, SPOIL_PER_PLAY = 0.02, 0.04     # a de-escalation plan fails anyway / per opponent play
CAP_CMD = 0.9       # discount on the steps our Commands could remove (plans go wrong)
CAP_EVENT = 0.9    # ... and our events (the opponent may ban them)
E_UNKNOWN = 1.0     # Aftermath lead an unseen opponent Aftermath card gives it
SOPS_V, BRINK_V = 0.6, 0.5   # per Command still to come this round
STEAL_V, SUMMIT_V = 1.0, 0.4
BAN_V = 0.2         # a de-escalation ban on us, beyond the capacity it takes away
AGENDA_POT = 1.0    # share of the cubes we can still add to the arena of a kept agenda
# evaluate(): margin = capped lead + EV_AFT * Aftermath + EV_HOLD * Letter
# tie-break + EV_DEF * DEFCON costs, spread^2 = EV_S0 + EV_S1 * plays left;
# war chances times EV_WAR (fitted on noisy heuristic self-play).
EV_AFT, EV_HOLD, EV_DEF, EV_S0, EV_S1, EV_WAR = 3.0, 0.8, 0.5, 40.0, 6.4, 0.25
FIRST_BONUS = 0.1   # a small preference for playing last in a round (the last word)
NEW_CARD = 0.9      # worth of an unseen card drawn (Summit Meeting)


def _sigmoid(x: float) -> float:
    if x > 30.0:
        return 1.0
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


def _plays_left(plays: int, hand: int) -> int:
    """Card plays a side still has this round (all four before the deal)."""
    if plays == 0 and hand == 0:
        return PLAYS_PER_ROUND
    return max(0, min(PLAYS_PER_ROUND - plays, hand))


def _fsteps(end: Sequence[float]) -> float:
    """Steps (possibly fractional) that bring markers ``end`` within the
    limits of a check without agenda pushes."""
    hi = 0.0
    low = []
    for v in end:
        h = v - SAFE_MAX if v > SAFE_MAX else 0.0
        hi += h
        low.append(v - h)
    lo = min(low) - CALM_MAX
    return hi + (lo if lo > 0 else 0.0)


def _pushed(pos: float, pushes: float, mode: str) -> float:
    """Marker position after (possibly fractional, expected) agenda pushes."""
    if mode == "none" or not pushes or pos < DEFCON2_FROM:
        return pos
    top = push_top(mode)
    if pos > top:
        return pos
    return min(pos + pushes, top + 1.0)


def _aftval(card: int, side: str) -> int:
    """What ``card`` in the Aftermath adds to ``side``'s lead there."""
    fac = CARD_FACTION[card]
    if fac == side:
        return CARD_COMMAND[card]
    if fac == "UN":
        return 0
    return -CARD_COMMAND[card]



def _safety_scenarios(m: Sequence[int], scens: Sequence[tuple[float, Any, tuple[int, int, int]]]
                      ) -> tuple[list[tuple[float, int, int, int, int]], float]:
    """For markers ``m``, each push scenario's probability with the steps
    needed to be safe (in all and per track), and the expected steps."""
    out = []
    expected = 0.0
    for prob, lim, _ in scens:
        steps, h0, h1, h2 = steps_to_safety(m, lim)
        out.append((prob, steps, h0, h1, h2))
        expected += prob * steps
    return out, expected

class Capacity:
    """What we can still do this round to de-escalate: plays left, and the
    steps our remaining cards can take off (any marker, and each track)."""

    __slots__ = ("cap", "cap_t", "hand", "k", "memo")

    def __init__(self, k: int, cap: float, cap_t: tuple[float, float, float], hand: tuple[int, ...] = ()) -> None:
        self.k = k
        self.cap = cap
        self.cap_t = cap_t
        self.hand = hand
        self.memo: dict[tuple[int, int, int], tuple[float, float]] = {}


def _unseen(cubes: Sequence[int], k: int, tv: float) -> Capacity:
    """De-escalation capacity of ``k`` plays of unseen cards: most cards can
    remove cubes where the side has two or more in an arena of the track;
    elsewhere only a few events help."""
    caps = []
    for t in range(3):
        pool = sum(max(0, cubes[a] - 1) for a in (3 * t, 3 * t + 1, 3 * t + 2))
        caps.append(min(CAP_POOL * k, CAP_CMD * pool + CAP_BARE * k) + tv)
    return Capacity(k, CAP_UNSEEN * k + tv, (caps[0], caps[1], caps[2]))


def _war_chance(m: Sequence[int], scen: Sequence[tuple[float, int, int, int, int]], ctx: Capacity,
                foes: int) -> float:
    """Chance of failing this round's nuclear check with markers ``m``,
    over the push scenarios ``scen`` (probability, steps, per-track steps),
    given the capacity ``ctx`` to de-escalate before it and the ``foes``
    plays the other side still has to spoil the plan (To the Brink, bans,
    cubes halved)."""
    floor = SPOIL_BASE + SPOIL_PER_PLAY * foes
    cap = ctx.cap
    c0, c1, c2 = ctx.cap_t
    hopeless = ctx.k == 0 and cap <= 0
    war = 0.0
    for prob, steps, h0, h1, h2 in scen:
        if steps <= 0:
            continue
        if hopeless:
            war += prob
            continue
        # Try each marker as the one brought down to 3; keep the easiest.
        best = math.inf
        for low in range(3):
            n0 = h0 + (max(0, m[0] - h0 - CALM_MAX) if low == 0 else 0)
            n1 = h1 + (max(0, m[1] - h1 - CALM_MAX) if low == 1 else 0)
            n2 = h2 + (max(0, m[2] - h2 - CALM_MAX) if low == 2 else 0)
            d = max(n0 + n1 + n2 - cap, n0 - c0, n1 - c1, n2 - c2)
            if d < best:
                best = d
        war += prob * max(floor, _sigmoid(2.8 * best - 1.1))
    return war


class _Model:
    """One side's picture of a 13 Days position, valued in prestige points."""

    def __init__(self, view: dict[str, Any], side: str) -> None:
        me = side
        op = OPP[side]
        self.me, self.op = me, op
        self.us = me == US
        cubes = view["cubes"]
        cu = [0] * 9
        co = [0] * 9
        for name, n in cubes[me].items():
            cu[ARENA_AT[name]] = n
        for name, n in cubes[op].items():
            co[ARENA_AT[name]] = n
        self.cu, self.co = cu, co
        dfc = view["defcon"]
        dme, dop = dfc[me], dfc[op]
        self.dm = (dme[MIL], dme[POL], dme[WO])
        self.do = (dop[MIL], dop[POL], dop[WO])
        self.pres = view["prestige"] if self.us else -view["prestige"]
        self.holder_me = view["personal_letter"] == me
        self.after = ROUNDS - view["round"]      # rounds still to come after this one
        # The pending decision's data, and the card it belongs to (0: none).
        self.dec: dict[str, Any] = view.get("decision") or {}
        self.card: int = self.dec.get("card") or 0
        self.kind = kind = self.dec.get("kind")
        plays, hs = view["plays"], view["hand_sizes"]
        self.km = _plays_left(plays[me], hs[me])
        self.ko = _plays_left(plays[op], hs[op])
        end = hs[me] == 0 and hs[op] == 0 and plays[me] + plays[op] > 0
        self.end = end
        self.tv_pending = not (end and kind in ("shift", "alliances"))
        self.un_pending = not (end and kind == "alliances")
        hand = view["hand"] if view.get("viewer") == me else []
        self.hand: list[int] = list(hand)
        self.hand_known = len(self.hand) == hs[me]
        res = view["reserve"]
        self.res_me, self.res_op = res[me], res[op]
        fx = view["effects"]
        self.sops_me, self.sops_op = me in fx.get("SOPs", ()), op in fx.get("SOPs", ())
        self.brink_me, self.brink_op = me in fx.get("To the Brink", ()), op in fx.get("To the Brink", ())
        self.bay_me, self.bay_op = me in fx.get("Bay of Pigs", ()), op in fx.get("Bay of Pigs", ())
        self.cont_me, self.cont_op = me in fx.get("Containment", ()), op in fx.get("Containment", ())
        opts = {**DEFAULT_OPTIONS, **view["options"]}   # a view names every option; defaults for a partial one
        self.push_mode = opts["agenda_push"]
        self.bonus = int(bool(opts["agenda_bonus"]))
        self.cont_offered = bool(opts["containment_offered"])
        self.ban_blocks_symbol = bool(opts["ban_blocks_symbol"])
        # Agendas: a kept one when known, else the flags, each as likely.
        ag = view["agendas"]
        self.flags_op = [AGENDA_AT[f] for f in ag[op]["flags"]]
        self.flags_me = [AGENDA_AT[f] for f in ag[me]["flags"]]
        kept = ag[me]["kept"]
        self.kept_me = AGENDA_AT.get(kept, -1)
        kept = ag[op]["kept"]
        self.kept_op = AGENDA_AT.get(kept, -1)
        # The Aftermath: our own cards there are known, the opponent's not.
        aft = view["aftermath"]
        self.aft_known = sum(_aftval(CARD_AT[name], me) for name in aft["own"])
        self.aft_unseen = aft["size"] - len(aft["own"])
        self.setup()

    # -- set-up ---------------------------------------------------------------------
    def setup(self) -> None:
        """Everything that depends on the agendas (redone when the bot
        weighs which agenda to keep)."""
        self.dist_me = self._dist(self.kept_me, self.flags_me)
        self.dist_op = self._dist(self.kept_op, self.flags_op)
        wa = [0.0] * 9
        wt = [0.0, 0.0, 0.0]
        wl = 0.0
        for k, p in self.dist_me + self.dist_op:
            kind = AGENDA_KIND[k]
            if kind == "arena":
                wa[AGENDA_TARGET[k]] += p
            elif kind == "track":
                wt[AGENDA_TARGET[k]] += p
            else:
                wl += p
        self.wa, self.wt = wa, wt
        self.has_tracks = bool(wt[0] or wt[1] or wt[2])
        mode = self.push_mode
        # Pushes before the check: our kept track agenda for sure, and each
        # agenda the opponent may have kept (a mixture over its flags). For
        # the opponent, our kept agenda and each of its own.
        mine = [0, 0, 0]
        if self.kept_me >= 0 and AGENDA_KIND[self.kept_me] == "track":
            mine[AGENDA_TARGET[self.kept_me]] += 1
        self.scen_me = self.scen_op = self._scenarios(mine, self.dist_op, mode)
        self.letter_ag = 2.0 * wl
        self.letter_tb = TIE_FINAL if self.after == 0 else TIE_EARLY
        self._tables()
        self._cache_me: dict[tuple[int, int, int], tuple[float, list[tuple[float, int, int, int, int]], float]] = {}
        self._cache_op: dict[tuple[int, int, int], tuple[float, float]] = {}
        self._cache_tr: dict[tuple[tuple[int, int, int], tuple[int, int, int]], float] = {}
        self._cache_cmd: dict[tuple[Any, ...], float] = {}
        self._cache_plans: dict[tuple[Any, ...], dict[tuple[int, int, int], tuple[float, float]]] = {}
        self._ctxs: dict[tuple[Any, ...], Capacity] = {}
        self.ctx = self.capacity(self.hand, self.km)
        tv_op = 1.0 if self.tv_pending and self.co[TELEVISION] > self.cu[TELEVISION] else 0.0
        self.ctx_op = _unseen(self.co, self.ko, tv_op)
        self.aft0 = self.aftermath(self._keep(self.hand))
        # Capped part: prestige and this round's agendas; the rest is not.
        cap = self.pres + self.ag0
        rest = self.arena0 - self.ag0 + self.aft0
        if not self.un_pending:
            sign = 1.0 if self.holder_me else -1.0
            cap += sign * self.letter_ag
            rest += sign * self.letter_tb
        if self.km or self.after:
            rest += LETTER_USE if self.holder_me else -LETTER_USE
        self.cap_base = cap
        self.rest_base = rest
        self.sigma = math.sqrt(0.5 + 0.3 * (self.km + self.ko + 2 * PLAYS_PER_ROUND * self.after))
        self.inv_sigma = 0.7071067811865476 / self.sigma

    @staticmethod
    def _scenarios(base: list[int], dist: list[tuple[int, float]], mode: str
                   ) -> list[tuple[float, tuple[int, int, int], tuple[int, int, int]]]:
        """(probability, safe limits per track, pushes per track) for each
        agenda the opponent may have kept, on top of the pushes ``base`` of ours."""
        out: dict[tuple[int, int, int], float] = {}
        for k, p in dist or [(-1, 1.0)]:
            pushes = list(base)
            if k >= 0 and AGENDA_KIND[k] == "track":
                pushes[AGENDA_TARGET[k]] += 1
            key = (pushes[0], pushes[1], pushes[2])
            out[key] = out.get(key, 0.0) + p
        return [(p, (safe_limit(k[0], mode), safe_limit(k[1], mode), safe_limit(k[2], mode)), k)
                for k, p in out.items()]

    @staticmethod
    def _dist(kept: int, flags: list[int]) -> list[tuple[int, float]]:
        if kept >= 0:
            return [(kept, 1.0)]
        if not flags:
            return []
        p = 1.0 / len(flags)
        return [(f, p) for f in flags]

    def _tables(self) -> None:
        """Per arena, the coefficients of its value as a function of the
        cube difference d (ours minus theirs), the other arenas as now:
        the agenda part is ``w*d + gp`` above a tie, ``w*d - gm`` below it
        and ``g0`` at a tie; the rest is ``CUBE_V*d`` plus the future value
        and ``wo`` (world opinion bonuses) signed by the leader, ``o0`` at a
        tie. Sets the value of the board now; ``rows`` builds the tables."""
        cu, co = self.cu, self.co
        dom = [(cu[a] > co[a]) - (cu[a] < co[a]) for a in ALL]
        self.dom = dom
        wa = self.wa
        bonus = self.bonus
        after = self.after
        f = FUT_W * after
        self.fut = fut = [f * x for x in FUT_SHAPE]
        coef = []
        arena0 = ag0 = 0.0
        for a in ALL:
            w = wa[a]
            if a in CARIBBEAN:
                gp = gm = 0.0
                if bonus:
                    for b in CARIBBEAN:
                        if b != a and dom[b] > 0:
                            gp += w + wa[b]
                        elif b != a and dom[b] < 0:
                            gm += w + wa[b]
            else:
                gp = gm = w * bonus
            g0 = o0 = wo = 0.0
            if a == TELEVISION:
                wo = TV_NOW * self.tv_pending + TV_FUT * after
            elif a == UNITED_NATIONS:
                wo = UN_FUT * after
                if self.un_pending:
                    la, lt = self.letter_ag, self.letter_tb
                    gp += la
                    gm += la
                    wo += lt
                    h = 1.0 if self.holder_me else -1.0
                    g0, o0 = h * la, h * lt
            elif a == ALLIANCES:
                wo = AL_NOW * self.un_pending + AL_FUT * after
            coef.append((w, gp, gm, g0, o0, wo))
            d = cu[a] - co[a]
            if d > 0:
                g = w * d + gp
                arena0 += g + CUBE_V * d + fut[d] + wo
            elif d < 0:
                g = w * d - gm
                arena0 += g + CUBE_V * d - fut[-d] - wo
            else:
                g = g0
                arena0 += g0 + o0
            ag0 += g
        self.coef = coef
        self.arena0, self.ag0 = arena0, ag0
        self._rv: list[list[float]] | None = None
        self._rg: list[list[float]] = []

    def rows(self) -> tuple[list[list[float]], list[list[float]]]:
        """Per arena, its value and agenda part for each cube difference
        -5..5: ``rv[a][d + 5]``, ``rg[a][d + 5]`` (built on first use)."""
        if self._rv is not None:
            return self._rv, self._rg
        fut = self.fut
        rv = []
        rg = []
        for w, gp, gm, g0, o0, wo in self.coef:
            row_g = [w * d - gm for d in NEG] + [g0] + [w * d + gp for d in POS]
            rv.append([g + CUBE_V * d - fut[-d] - wo for g, d in zip(row_g[:5], NEG, strict=True)] + [g0 + o0]
                      + [g + CUBE_V * d + fut[d] + wo for g, d in zip(row_g[6:], POS, strict=True)])
            rg.append(row_g)
        self._rv, self._rg = rv, rg
        return rv, rg

    # -- the Aftermath -----------------------------------------------------------------
    def _keep(self, hand: Sequence[int]) -> int:
        """The Aftermath value of the best card to keep from ``hand``."""
        if not hand:
            return 0
        me = self.me
        return max(_aftval(c, me) for c in hand)

    def aftermath(self, keep: int, extra: int = 0) -> float:
        """Expected Aftermath bonus (+2 or -2 at the end of the game)."""
        lead = self.aft_known + extra - E_UNKNOWN * self.aft_unseen
        unsure = self.aft_unseen + 2 * self.after
        if self.km > 0 or self.kind == "aftermath":
            lead += keep
        if self.ko > 0:
            lead -= E_UNKNOWN
            unsure += 1
        return AFTERMATH_BONUS * math.tanh(lead / (2.0 + 0.8 * unsure))

    # -- DEFCON ------------------------------------------------------------------------------
    def may_lower(self, x_me: bool, r_me: bool, by_me: bool) -> bool:
        """``rules.may_lower``: may side X (us if ``x_me``) lower its markers
        with an event resolved by R and played by B?"""
        bay, cont = (self.bay_me, self.cont_me) if x_me else (self.bay_op, self.cont_op)
        if bay:
            return False
        if cont:
            if by_me == x_me:
                return False
            if r_me == x_me and self.cont_offered:
                return False
        return True

    def size(self, base: int, mine: bool) -> int:
        """Cubes a Command of ``base`` handles with SOPs and To the Brink."""
        sops, brink = (self.sops_me, self.brink_me) if mine else (self.sops_op, self.brink_op)
        n = base + sops
        return max(1, n - 1) if brink else n

    def _pots(self, c: int, banned: bool) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        """Steps card ``c`` could take off each of our markers in one play:
        by a Command removing cubes, and by its event (both discounted)."""
        size = self.size(CARD_COMMAND[c], True)
        cu = self.cu
        cmd = [0.0, 0.0, 0.0]
        for t in range(3):
            most = max(cu[3 * t], cu[3 * t + 1], cu[3 * t + 2])
            n = min(size, most) - 1
            if n > 0:
                cmd[t] = CAP_CMD * n
        evs = (0.0, 0.0, 0.0)
        fac = CARD_FACTION[c]
        if (fac == self.me or fac == "UN") and not banned and self.may_lower(True, True, True):
            ev = EVENT_POTS.get(c)
            dm = self.dm
            if c == TURN_BACK_THE_SHIPS:
                top = max(dm)
                ev = (2 if dm[0] == top else 0, 2 if dm[1] == top else 0, 2 if dm[2] == top else 0)
            elif c == INVASION_OF_CUBA:
                room = min(2, SAFE_MAX - dm[0])
                ev = (0, room, room) if room > 0 else None
            elif c == MISSILE_TRADE:
                mt = [max(0, min(3, max(cu[3 * t], cu[3 * t + 1], cu[3 * t + 2])) - 1) for t in range(3)]
                ev = (mt[0], mt[1], mt[2])
            elif c == FIFTY_FIFTY and not cu[TELEVISION] > self.co[TELEVISION]:
                ev = None
            if ev is not None:
                evs = (CAP_EVENT * ev[0], CAP_EVENT * ev[1], CAP_EVENT * ev[2])
        return (cmd[0], cmd[1], cmd[2]), evs

    def capacity(self, hand: Sequence[int], k: int, banned: bool = False) -> Capacity:
        """Our de-escalation capacity (one shared object per distinct value,
        so that what is worked out with it is shared too)."""
        c = self._capacity(hand, k, banned)
        c.hand = tuple(sorted(hand))
        sig = (c.k, c.cap, c.cap_t, c.hand)
        got = self._ctxs.get(sig)
        if got is None:
            self._ctxs[sig] = got = c
        return got

    def _capacity(self, hand: Sequence[int], k: int, banned: bool = False) -> Capacity:
        """Our de-escalation capacity with ``k`` plays left from ``hand``:
        per track, the best ``k`` cards (Commands removing cubes share the
        track's cubes); in all, each card used once on its best track."""
        tv = 1.0 if self.tv_pending and self.cu[TELEVISION] > self.co[TELEVISION] else 0.0
        if k <= 0:
            return Capacity(0, tv, (tv, tv, tv))
        if not self.hand_known or not hand:
            return _unseen(self.cu, k, tv)
        pots = [self._pots(c, banned) for c in hand]
        cu = self.cu
        caps = []
        for t in range(3):
            pool = CAP_CMD * sum(max(0, cu[a] - 1) for a in (3 * t, 3 * t + 1, 3 * t + 2))
            picks = sorted(((max(cmd[t], ev[t]), cmd[t] > ev[t]) for cmd, ev in pots), reverse=True)[:k]
            by_cmd = sum(v for v, is_cmd in picks if is_cmd)
            by_event = sum(v for v, is_cmd in picks if not is_cmd)
            caps.append(by_event + min(by_cmd, pool) + tv)
        # U Thant and Fifty-Fifty lower several markers at once.
        each = [max(max(cmd), sum(ev) if c in (FIFTY_FIFTY, U_THANT) else max(ev))
                for c, (cmd, ev) in zip(hand, pots, strict=True)]
        anys = sorted(each, reverse=True)[:k]
        return Capacity(k, sum(anys) + tv, (caps[0], caps[1], caps[2]))

    def _dme(self, m: tuple[int, int, int]) -> tuple[float, list[tuple[float, int, int, int, int]], float]:
        """Our markers ``m``: (prestige the de-escalation still needed costs,
        for each push scenario its probability, the steps needed now and
        per track, and our chance of war in a later round)."""
        hit = self._cache_me.get(m)
        if hit is not None:
            return hit
        scen, expected = _safety_scenarios(m, self.scen_me)
        mu, pfut = self._later(m, self.scen_me)
        out = (mu - C_NOW * expected, scen, pfut)
        self._cache_me[m] = out
        return out

    def _later(self, m: Sequence[int], scen: Sequence[tuple[float, Any, tuple[int, int, int]]]
               ) -> tuple[float, float]:
        """Prestige cost of the steps a side with markers ``m`` must still
        de-escalate in the rounds to come (each starts with an escalation),
        and its chance of war then: a marker that would start the next round
        in DEFCON 1 must come down on its own track. Averaged over the push
        scenarios ``scen`` of this round."""
        e = self.after
        if not e:
            return 0.0, 0.0
        mode = self.push_mode
        debt = 0.0
        war = 0.0
        for prob, _, pushes in scen:
            end = [_pushed(m[t], pushes[t], mode) for t in range(3)]
            d = _fsteps([v + e for v in end])
            hot = 0.0
            for v in end:
                if v + 1 > SAFE_MAX:
                    hot += v + 1 - SAFE_MAX
            p = _sigmoid(HOT_K * hot - HOT_B) if hot > 0 else 0.0
            if d > 0:
                # About 1.5 steps a round can be spared for de-escalation.
                p = 1.0 - (1.0 - p) * (1.0 - _sigmoid(1.3 * (d - 1.0 - 1.5 * e)))
            debt += prob * d
            war += prob * p
        return -C_STEP * debt, war

    def _pme(self, m: tuple[int, int, int], ctx: Capacity) -> tuple[float, float]:
        """(DEFCON cost, chance of our nuclear war) with our markers at ``m``."""
        hit = ctx.memo.get(m)
        if hit is not None:
            return hit
        mu, scen, pfut = self._dme(m)
        war = _war_chance(m, scen, ctx, self.ko)
        out = (mu, 1.0 - (1.0 - war) * (1.0 - pfut))
        ctx.memo[m] = out
        return out

    def _dop(self, m: tuple[int, int, int]) -> tuple[float, float]:
        """The opponent's markers ``m``: (what its de-escalation still costs
        it, its chance of nuclear war)."""
        hit = self._cache_op.get(m)
        if hit is not None:
            return hit
        scen, expected = _safety_scenarios(m, self.scen_op)
        war = _war_chance(m, scen, self.ctx_op, self.km)
        mu, pf = self._later(m, self.scen_op)
        if pf:
            war = 1.0 - (1.0 - war) * (1.0 - pf)
        out = (C_NOW * expected - mu, war)
        self._cache_op[m] = out
        return out

    def _tracks(self, dm: tuple[int, int, int], do: tuple[int, int, int]) -> float:
        """Expected prestige of the DEFCON-track agendas (the higher marker
        wins, after the push)."""
        key = (dm, do)
        hit = self._cache_tr.get(key)
        if hit is not None:
            return hit
        v = 0.0
        wt = self.wt
        mode = self.push_mode
        for t in range(3):
            w = wt[t]
            if not w:
                continue
            a = _pushed(dm[t], 1.0, mode)
            b = _pushed(do[t], 1.0, mode)
            if a > b:
                v += w * (a - b + self.bonus)
            elif b > a:
                v -= w * (b - a + self.bonus)
        self._cache_tr[key] = v
        return v

    # -- the value of a position ---------------------------------------------------------
    def score(self, ad: float = 0.0, dm: tuple[int, int, int] | None = None,
              do: tuple[int, int, int] | None = None, extra: float = 0.0, ctx: Capacity | None = None,
              ag: float = 0.0, pg: float = 0.0) -> float:
        """Our score after a change: arena value ``ad`` (of which ``ag`` is
        this round's agendas), markers ``dm`` and ``do``, prestige gained
        now ``pg``, other value ``extra``; ``ctx``: our capacity afterwards."""
        if dm is None:
            dm = self.dm
        if do is None:
            do = self.do
        if ctx is None:
            ctx = self.ctx
        hit = ctx.memo.get(dm)
        mu_d, pme = hit if hit is not None else self._pme(dm, ctx)
        hit = self._cache_op.get(do)
        mu_o, pop = hit if hit is not None else self._dop(do)
        cap = self.cap_base + ag + pg
        if self.has_tracks:
            cap += self._tracks(dm, do)
        if cap > MAX_LEAD:
            cap = MAX_LEAD
        elif cap < -MAX_LEAD:
            cap = -MAX_LEAD
        mu = cap + self.rest_base + ad - ag + extra + mu_d + mu_o
        pw = 0.5 * (1.0 + math.erf(mu * self.inv_sigma))
        win = (1.0 - pme) * ((1.0 - pop) * pw + pop) + 0.5 * pme * pop
        return K_WIN * win + mu - L_ME * pme

    def win_probability(self) -> float:
        """The chance that our side wins (a draw counts half).

        The same terms as :meth:`score`, weighed as they predict results in
        heuristic self-play (fitted by log loss, see the benchmark): the
        lead after this round's agendas (capped), the Aftermath, the Letter's
        tie-break and the DEFCON costs make the expected margin; the spread
        is wide (late agendas and the unseen Aftermath swing games) and
        narrows with the plays left; the war chances that drive play are
        cautious, so they are scaled down to how often wars happen."""
        mu_d, pme = self._pme(self.dm, self.ctx)
        mu_o, pop = self._dop(self.do)
        cap = self.cap_base + (self._tracks(self.dm, self.do) if self.has_tracks else 0.0)
        cap = max(-MAX_LEAD, min(MAX_LEAD, cap))
        mu = cap + EV_AFT * self.aft0 + EV_HOLD * (1.0 if self.holder_me else -1.0) + EV_DEF * (mu_d + mu_o)
        plays = self.km + self.ko + 2 * PLAYS_PER_ROUND * self.after
        pw = _phi(mu / math.sqrt(EV_S0 + EV_S1 * plays + self._agenda_variance()))
        pme *= EV_WAR
        pop *= EV_WAR
        return (1.0 - pme) * ((1.0 - pop) * pw + pop) + 0.5 * pme * pop

    def _agenda_variance(self) -> float:
        """Variance of this round's agenda prestige from not knowing which
        agendas were kept."""
        var = 0.0
        for dist in (self.dist_me, self.dist_op):
            if len(dist) < 2:
                continue
            vals = [(self.agenda_score(k), p) for k, p in dist]
            mean = sum(v * p for v, p in vals)
            var += sum(p * (v - mean) ** 2 for v, p in vals)
        return var

    def agenda_score(self, k: int) -> float:
        """Prestige (for us, signed) agenda type ``k`` scores on the board now."""
        kind, target = AGENDA_KIND[k], AGENDA_TARGET[k]
        if kind == "letter":
            if self.un_pending:
                d = self.cu[UNITED_NATIONS] - self.co[UNITED_NATIONS]
                if d:
                    return 2.0 if d > 0 else -2.0
            return 2.0 if self.holder_me else -2.0
        if kind == "track":
            a = _pushed(self.dm[target], 1.0, self.push_mode)
            b = _pushed(self.do[target], 1.0, self.push_mode)
            if a == b:
                return 0.0
            return (a - b + self.bonus) if a > b else -(b - a + self.bonus)
        x, y = self.cu[target], self.co[target]
        if x == y:
            return 0.0
        s = 1 if x > y else -1
        extra = 0
        if self.bonus:
            if target in CARIBBEAN:
                extra = sum(1 for b in CARIBBEAN if b != target and self.dom[b] == s)
            else:
                extra = 1
        return float(s * (abs(x - y) + extra))

    # -- effects ---------------------------------------------------------------------------
    def shifted(self, m: tuple[int, int, int], t: int, delta: int) -> tuple[int, int, int]:
        """Markers ``m`` with track ``t`` moved ``delta`` steps (within 1-8)."""
        v = m[t] + delta
        v = DEFCON_MIN if v < DEFCON_MIN else (DEFCON_MAX if v > DEFCON_MAX else v)
        if t == 0:
            return (v, m[1], m[2])
        if t == 1:
            return (m[0], v, m[2])
        return (m[0], m[1], v)

    def moved(self, mine: bool, a: int, k: int) -> tuple[float, float]:
        """(value, agenda part) change of ``k`` cubes of one side added to
        arena ``a`` (removed if negative)."""
        i = self.cu[a] - self.co[a] + 5
        j = i + k if mine else i - k
        rows_v, rows_g = self.rows()
        rv, rg = rows_v[a], rows_g[a]
        return rv[j] - rv[i], rg[j] - rg[i]

    def halve(self, mine_cubes: bool, a: int) -> tuple[float, float]:
        """Change when half (rounded up) of one side's cubes in ``a`` go."""
        n = (self.cu if mine_cubes else self.co)[a]
        return self.moved(mine_cubes, a, -((n + 1) // 2))

    def place(self, mine: bool, n: int, arenas: Sequence[int], per_max: int = 0
              ) -> tuple[float, float, list[int]]:
        """Greedy placement of up to ``n`` cubes of one side (ours if
        ``mine``), each where it helps that side most; returns the (value,
        agenda part) change for us and the cubes placed per arena."""
        base = self.cu if mine else self.co
        room = self.res_me if mine else self.res_op
        step = 1 if mine else -1
        cu, co = self.cu, self.co
        rv, rg = self.rows()
        cnt = [0] * 9
        ad = ag = 0.0
        for _ in range(min(n, room)):
            best = 0.0
            ba = -1
            for a in arenas:
                c = cnt[a]
                if (per_max and c >= per_max) or base[a] + c >= ARENA_MAX:
                    continue
                i = cu[a] - co[a] + 5 + step * c
                g = (rv[a][i + step] - rv[a][i]) * step
                if g > best:
                    best, ba = g, a
            if ba < 0:
                break
            i = cu[ba] - co[ba] + 5 + step * cnt[ba]
            ad += rv[ba][i + step] - rv[ba][i]
            ag += rg[ba][i + step] - rg[ba][i]
            cnt[ba] += 1
        return ad, ag, cnt

    def on(self, mine: bool, ad: float, m: tuple[int, int, int], extra: float, ctx: Capacity | None,
           ag: float, pg: float = 0.0) -> float:
        """Score with one side's markers set to ``m``."""
        if mine:
            return self.score(ad, m, None, extra, ctx, ag, pg)
        return self.score(ad, None, m, extra, ctx, ag, pg)

    def choice(self, values: Sequence[float], chooser_me: bool) -> float:
        """What the chooser picks: our best if we choose, our worst if not."""
        return max(values) if chooser_me else min(values)

    def placement(self, mine: bool, n: int, arenas: Sequence[int], per_max: int = 0, symbol: bool = False,
                  extra: float = 0.0, ctx: Capacity | None = None) -> float:
        """Score after one side places up to ``n`` cubes (greedily; with the
        DEFCON symbol also the spread-out placement that escalates nothing)."""
        ad, ag, cnt = self.place(mine, n, arenas, per_max)
        if not symbol:
            return self.score(ad, None, None, extra, ctx, ag)
        m = self.dm if mine else self.do
        for a in ALL:
            if cnt[a] > 1:
                m = self.shifted(m, CATEGORY[a], cnt[a] - 1)
        s1 = self.on(mine, ad, m, extra, ctx, ag)
        ad2, ag2, _ = self.place(mine, n, arenas, 1)
        s2 = self.score(ad2, None, None, extra, ctx, ag2)
        return self.choice((s1, s2), mine)

    def command(self, mine: bool, size: int, arenas: Sequence[int], remove: bool = True, low: bool = True,
                extra: float = 0.0, ctx: Capacity | None = None, place: bool = True) -> float:
        """Score after the best Command of ``size`` cubes by one side (our
        best if ours, our worst if the opponent's), stopping included."""
        ctx = ctx or self.ctx
        key = (mine, size, tuple(arenas), remove, low, extra, id(ctx), place)
        hit = self._cache_cmd.get(key)
        if hit is not None:
            return hit
        out = [self.score(0.0, None, None, extra, ctx)]
        for m, (ad, ag) in self._plans(mine, size, tuple(arenas), remove, low, place).items():
            out.append(self.on(mine, ad, m, extra, ctx, ag))
        best = self.choice(out, mine)
        self._cache_cmd[key] = best
        return best

    def _plans(self, mine: bool, size: int, arenas: tuple[int, ...], remove: bool, low: bool, place: bool
               ) -> dict[tuple[int, int, int], tuple[float, float]]:
        """The Commands worth scoring: plans leaving the same markers differ
        only in their arena value, so only the best one per marker set is
        kept (our best, or our worst for the opponent's Command), as its
        (value, agenda part) change."""
        key = (mine, size, arenas, remove, low, place)
        hit = self._cache_plans.get(key)
        if hit is not None:
            return hit
        m0 = self.dm if mine else self.do
        base = self.cu if mine else self.co
        room = self.res_me if mine else self.res_op
        cu, co = self.cu, self.co
        rv, rg = self.rows()
        step = 1 if mine else -1
        groups: dict[tuple[int, int, int], tuple[float, float, float]] = {}
        capb = self.cap_base
        track_cap: dict[tuple[int, int, int], float] = {}
        for a in arenas:
            t = CATEGORY[a]
            x = base[a]
            i = cu[a] - co[a] + 5
            row_v, row_g = rv[a], rg[a]
            ks: list[int] = []
            if place:
                ks.extend(range(1, min(size, ARENA_MAX - x, room) + 1))
            if remove:
                ks.extend(range(-1, -min(size, x) - 1, -1))
            for k in ks:
                j = i + step * k
                ad = row_v[j] - row_v[i]
                ag = row_g[j] - row_g[i]
                if k > 1:
                    m = self.shifted(m0, t, k - 1)
                elif k < -1 and low:
                    m = self.shifted(m0, t, k + 1)
                else:
                    m = m0
                c = track_cap.get(m)
                if c is None:
                    c = capb
                    if self.has_tracks:
                        c += self._tracks(m, self.do) if mine else self._tracks(self.dm, m)
                    track_cap[m] = c
                c += ag
                c = MAX_LEAD if c > MAX_LEAD else (-MAX_LEAD if c < -MAX_LEAD else c)
                v = c + ad - ag
                old = groups.get(m)
                if old is None or (v > old[0] if mine else v < old[0]):
                    groups[m] = (v, ad, ag)
        out = {m: (ad, ag) for m, (_, ad, ag) in groups.items()}
        self._cache_plans[key] = out
        return out

    def shift(self, mine: bool, chooser_me: bool, tracks: Sequence[int], steps: int, up: bool = True,
              down: bool = True, extra: float = 0.0, ctx: Capacity | None = None, ad: float = 0.0, ag: float = 0.0,
              pg: float = 0.0) -> float:
        """Score after the chooser moves one of a side's markers on
        ``tracks`` up to ``steps`` (or none)."""
        m0 = self.dm if mine else self.do
        vals = [self.on(mine, ad, m0, extra, ctx, ag, pg)]
        for t in tracks:
            for k in range(1, steps + 1):
                if up and m0[t] + k <= DEFCON_MAX:
                    vals.append(self.on(mine, ad, self.shifted(m0, t, k), extra, ctx, ag, pg))
                if down and m0[t] - k >= DEFCON_MIN:
                    vals.append(self.on(mine, ad, self.shifted(m0, t, -k), extra, ctx, ag, pg))
        return self.choice(vals, chooser_me)

    def one_cube(self, mine: bool) -> float:
        """Our value change of one side's best single cube (a Command 1)."""
        ad, _, _ = self.place(mine, 1, ALL)
        return ad

    def plays_after(self, r_me: bool) -> int:
        """Commands a side still makes this round after the current play."""
        if r_me:
            return max(0, self.km - 1) if self.kind == "turn" else self.km
        return self.ko

    def banned(self, ctx: Capacity | None) -> Capacity:
        """Our capacity ``ctx`` once our events may no longer de-escalate."""
        ctx = ctx or self.ctx
        return self.capacity(ctx.hand, ctx.k, banned=True)

    def ban_cost(self) -> float:
        """What a ban on event de-escalation costs the opponent this round,
        by the steps it must still take off (for ourselves, ``banned``
        takes our events out of our capacity instead)."""
        steps = sum(p * steps_to_safety(self.do, lim)[0] for p, lim, _ in self.scen_op)
        return BAN_V + 0.8 * min(steps, 2.0)

    def event(self, c: int, r_me: bool, by_me: bool, ctx: Capacity | None = None, extra: float = 0.0) -> float:
        """Our score after the event of card ``c`` is resolved by us
        (``r_me``) or the opponent, the card played by us (``by_me``) or
        not; each choice in it made greedily by whoever makes it."""
        fn = EVENTS.get(c)
        if fn is None:
            return self.score(extra=extra, ctx=ctx)
        return fn(self, r_me, by_me, ctx, extra)


# The events as effects on the model, by card number: filled in by
# ``events.py`` (which the package imports), read by ``_Model.event``.
EventFn = Callable[[_Model, bool, bool, "Capacity | None", float], float]
EVENTS: dict[int, EventFn] = {}
