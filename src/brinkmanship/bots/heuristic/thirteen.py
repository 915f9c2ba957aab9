"""13 Days knowledge for the heuristic bot (see :mod:`brinkmanship.bots.heuristic`).

Everything here reads one side's view and the legal actions, never the
state. A :class:`_Model` turns the view into small lists (cubes, DEFCON
markers, prestige from the side's point of view) and values a position in
*prestige points*, the currency of the game:

* **agendas**: each arena and DEFCON track is worth the prestige its kept
  agendas would score at the end of the round (``score_agenda`` in
  ``thirteen/rules.py``: cube or step difference + 1, the Caribbean links,
  the pushes of track agendas), weighted by how likely each agenda is kept:
  the side's own kept agenda for sure, each of the opponent's three flags a
  third. The round's agenda prestige is added to the prestige marker and the
  lead capped at 5, as the rules do: a side already 5 ahead gains nothing
  from more, and only risks.
* **world opinion**: Television (a DEFCON step), the United Nations (the
  Personal Letter: the tie-break and the Letter agenda) and Alliances (an
  Aftermath card) for whoever dominates them, this round and in the rounds
  to come; leading an arena is also worth a little for future agendas.
* **the Aftermath**: the command values of each faction's cards there, the
  card the side will keep this round, and the +2 they decide at the end.
* **DEFCON**: the steps each side must still de-escalate before this
  round's nuclear check (the opponent's kept agenda is one of its flags, so
  its track-agenda push is a mixture over them) against what its remaining
  plays can de-escalate (its own cards when seen, and only with cubes to
  remove or events that do it) give its chance of nuclear war, with a floor
  for the opponent's plays that may spoil the plan; each step needed now or
  before the last check (one escalation per round still to come) costs part
  of a play, and a marker that would start the next round in DEFCON 1 risks
  war then.

:meth:`_Model.score` combines these into the chance of winning (the lead as
a normal variable whose spread shrinks as plays run out, mixed with both
sides' chances of nuclear war, a mutual war being a draw) plus the expected
lead and an extra aversion to one's own nuclear war, so that a bot far ahead
or behind still prefers better moves and never gambles its survival. Every
action is scored by a one-step look-ahead: its effect (a Command's best
plan, an event played out with greedy choices by whoever makes them, an
opposing event the opponent accepts only when it hurts us) is applied to
the model and the result scored. :func:`evaluate`, the search bot's leaf
value, weighs the same terms as they predict results in self-play.

A decision is read from the view's decision data (``thirteen.decisions``),
never from its prompt: the card it belongs to, the cubes left, whose cubes
or marker, the per-arena limit. The data also says how many cubes an event
has already moved in each arena; this bot was tuned on an estimate of them
from the count still to move (see ``_cubes``), which it keeps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from brinkmanship.core.actions import Action
from brinkmanship.thirteen.actions import OPTIONS
from brinkmanship.thirteen.board import (
    A_FACE_SAVER,
    AGENDA_NAME,
    AGENDA_TYPES,
    AIR_STRIKE,
    ALL_TRACKS,
    ALLIANCES,
    ARENAS,
    ARENAS_OF_TRACK,
    ATLANTIC,
    BAY_OF_PIGS,
    BERLIN,
    CARD_COMMAND,
    CARD_FACTION,
    CARD_NAME,
    CATEGORY,
    CUBA,
    DEFENSIVE_MISSILES,
    EXCOMM,
    EYEBALL_TO_EYEBALL,
    FIFTY_FIFTY,
    INVASION_OF_CUBA,
    ITALY,
    MATHEMATICAL_PRECISION,
    MILITARY_TRACK,
    MISSILE_TRADE,
    MOSCOW_IS_OUR_BRAIN,
    MRBMS_AND_IRBMS,
    N_CARDS,
    NATIONAL_LIBERATION,
    NON_INVASION_PLEDGE,
    POLITICAL_TRACK,
    SIDES,
    STRATEGIC_BALANCE,
    TELEVISION,
    THE_GUNS_OF_AUGUST,
    TRACKS,
    TURKEY,
    TURN_BACK_THE_SHIPS,
    U_2_PHOTOGRAPHS,
    U_THANT,
    UNITED_NATIONS,
    US,
    USSR,
    WORLD_OPINION_TRACK,
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
# Events that move cubes with the DEFCON symbol, and how many cubes at most
# (to estimate what the event already moved from the count still to move).
SYMBOL_TOTAL = {EXCOMM: 4, EYEBALL_TO_EYEBALL: 3, MOSCOW_IS_OUR_BRAIN: 4, MISSILE_TRADE: 3, STRATEGIC_BALANCE: 3,
                DEFENSIVE_MISSILES: 2}
# Events that grant a Command, and its size (its removals obey bans). A
# Command of another size on that card is a normal Command with it.
GRANTED = {THE_GUNS_OF_AUGUST: 1, A_FACE_SAVER: 3, MATHEMATICAL_PRECISION: 1, U_2_PHOTOGRAPHS: 3,
           MRBMS_AND_IRBMS: 1, NATIONAL_LIBERATION: 3}

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


class _Ctx:
    """What we can still do this round to de-escalate: plays left, and the
    steps our remaining cards can take off (any marker, and each track)."""

    __slots__ = ("cap", "cap_t", "hand", "k", "memo")

    def __init__(self, k: int, cap: float, cap_t: tuple[float, float, float], hand: tuple[int, ...] = ()) -> None:
        self.k = k
        self.cap = cap
        self.cap_t = cap_t
        self.hand = hand
        self.memo: dict[tuple[int, int, int], tuple[float, float]] = {}


def _unseen(cubes: Sequence[int], k: int, tv: float) -> _Ctx:
    """De-escalation capacity of ``k`` plays of unseen cards: most cards can
    remove cubes where the side has two or more in an arena of the track;
    elsewhere only a few events help."""
    caps = []
    for t in range(3):
        pool = sum(max(0, cubes[a] - 1) for a in (3 * t, 3 * t + 1, 3 * t + 2))
        caps.append(min(CAP_POOL * k, CAP_CMD * pool + CAP_BARE * k) + tv)
    return _Ctx(k, CAP_UNSEEN * k + tv, (caps[0], caps[1], caps[2]))


def _war_chance(m: Sequence[int], scen: Sequence[tuple[float, int, int, int, int]], ctx: _Ctx,
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
        self.kind = kind = view.get("decision_kind")
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
        opts = view["options"]
        self.push_mode = opts.get("agenda_push", "zone")
        self.bonus = int(bool(opts.get("agenda_bonus", True)))
        self.cont_offered = bool(opts.get("containment_offered", False))
        self.ban_blocks_symbol = bool(opts.get("ban_blocks_symbol", True))
        # The pending decision's data, and the card it belongs to (0: none).
        self.dec: dict[str, Any] = view.get("decision") or {}
        self.card: int = self.dec.get("card") or 0
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
        self._ctxs: dict[tuple[Any, ...], _Ctx] = {}
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

    def capacity(self, hand: Sequence[int], k: int, banned: bool = False) -> _Ctx:
        """Our de-escalation capacity (one shared object per distinct value,
        so that what is worked out with it is shared too)."""
        c = self._capacity(hand, k, banned)
        c.hand = tuple(sorted(hand))
        sig = (c.k, c.cap, c.cap_t, c.hand)
        got = self._ctxs.get(sig)
        if got is None:
            self._ctxs[sig] = got = c
        return got

    def _capacity(self, hand: Sequence[int], k: int, banned: bool = False) -> _Ctx:
        """Our de-escalation capacity with ``k`` plays left from ``hand``:
        per track, the best ``k`` cards (Commands removing cubes share the
        track's cubes); in all, each card used once on its best track."""
        tv = 1.0 if self.tv_pending and self.cu[TELEVISION] > self.co[TELEVISION] else 0.0
        if k <= 0:
            return _Ctx(0, tv, (tv, tv, tv))
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
        return _Ctx(k, sum(anys) + tv, (caps[0], caps[1], caps[2]))

    def _dme(self, m: tuple[int, int, int]) -> tuple[float, list[tuple[float, int, int, int, int]], float]:
        """Our markers ``m``: (prestige the de-escalation still needed costs,
        for each push scenario its probability, the steps needed now and
        per track, and our chance of war in a later round)."""
        hit = self._cache_me.get(m)
        if hit is not None:
            return hit
        scen = []
        expected = 0.0
        for p, lim, _ in self.scen_me:
            steps, h0, h1, h2 = steps_to_safety(m, lim)
            scen.append((p, steps, h0, h1, h2))
            expected += p * steps
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

    def _pme(self, m: tuple[int, int, int], ctx: _Ctx) -> tuple[float, float]:
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
        scen = []
        expected = 0.0
        for prob, lim, _ in self.scen_op:
            steps, h0, h1, h2 = steps_to_safety(m, lim)
            scen.append((prob, steps, h0, h1, h2))
            expected += prob * steps
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
              do: tuple[int, int, int] | None = None, extra: float = 0.0, ctx: _Ctx | None = None,
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

    def on(self, mine: bool, ad: float, m: tuple[int, int, int], extra: float, ctx: _Ctx | None,
           ag: float, pg: float = 0.0) -> float:
        """Score with one side's markers set to ``m``."""
        if mine:
            return self.score(ad, m, None, extra, ctx, ag, pg)
        return self.score(ad, None, m, extra, ctx, ag, pg)

    def choice(self, values: Sequence[float], chooser_me: bool) -> float:
        """What the chooser picks: our best if we choose, our worst if not."""
        return max(values) if chooser_me else min(values)

    def placement(self, mine: bool, n: int, arenas: Sequence[int], per_max: int = 0, symbol: bool = False,
                  extra: float = 0.0, ctx: _Ctx | None = None) -> float:
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
                extra: float = 0.0, ctx: _Ctx | None = None, place: bool = True) -> float:
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
              down: bool = True, extra: float = 0.0, ctx: _Ctx | None = None, ad: float = 0.0, ag: float = 0.0,
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

    def banned(self, ctx: _Ctx | None) -> _Ctx:
        """Our capacity ``ctx`` once our events may no longer de-escalate."""
        ctx = ctx or self.ctx
        return self.capacity(ctx.hand, ctx.k, banned=True)

    def ban_cost(self) -> float:
        """What a ban on event de-escalation costs the opponent this round,
        by the steps it must still take off (for ourselves, ``banned``
        takes our events out of our capacity instead)."""
        steps = sum(p * steps_to_safety(self.do, lim)[0] for p, lim, _ in self.scen_op)
        return BAN_V + 0.8 * min(steps, 2.0)

    def event(self, c: int, r_me: bool, by_me: bool, ctx: _Ctx | None = None, extra: float = 0.0) -> float:
        """Our score after the event of card ``c`` is resolved by us
        (``r_me``) or the opponent, the card played by us (``by_me``) or
        not; each choice in it made greedily by whoever makes it."""
        fn = EVENTS.get(c)
        if fn is None:
            return self.score(extra=extra, ctx=ctx)
        return fn(self, r_me, by_me, ctx, extra)


# ---------------------------------------------------------------------------
# The 39 events as effects on the model (the rules are in thirteen/cards/).
# Each takes (model, resolver is us, card played by us, our capacity after,
# extra value) and returns our score after the event.
# ---------------------------------------------------------------------------
EventFn = Callable[[_Model, bool, bool, "_Ctx | None", float], float]
EVENTS: dict[int, EventFn] = {}


def _event(*numbers: int) -> Callable[[EventFn], EventFn]:
    def deco(fn: EventFn) -> EventFn:
        for n in numbers:
            EVENTS[n] = fn
        return fn
    return deco


@_event(1)
def _speech(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(r, 3, WORLD, 2, extra=x, ctx=ctx)


@_event(2)
def _guns(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.shift(r, r, ALL_TRACKS, 2, True, m.may_lower(r, r, by), x + m.one_cube(r), ctx)


@_event(3)
def _fifty_fifty(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
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
def _sops(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    v = SOPS_V * m.plays_after(r)
    return m.score(extra=x + (v if r else -v), ctx=ctx)


@_event(5)
def _close_allies(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(r, 2, POLITICAL, extra=x, ctx=ctx)


@_event(6)
def _intelligence(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.score(extra=x + (STEAL_V if r else -STEAL_V), ctx=ctx)


@_event(7)
def _summit_meeting(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    v = SUMMIT_V
    if r and m.hand_known:
        v *= 1 + sum(1 for c in m.hand if CARD_FACTION[c] == m.op)
    return m.score(extra=x + (v if r else -v), ctx=ctx)


@_event(8)
def _to_the_brink(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    v = BRINK_V * m.plays_after(not r)
    return m.score(extra=x + (v if r else -v), ctx=ctx)


@_event(9)
def _submarines(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(r, 2, MILITARY, extra=x, ctx=ctx)


@_event(10)
def _u_thant(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    if not m.may_lower(r, r, by):
        return m.score(extra=x, ctx=ctx)
    b = m.dm if r else m.do
    new = (max(DEFCON_MIN, b[0] - 1), max(DEFCON_MIN, b[1] - 1), max(DEFCON_MIN, b[2] - 1))
    return m.on(r, 0.0, new, x, ctx, 0.0)


@_event(11)
def _containment(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    if r:
        return m.score(extra=x + m.ban_cost(), ctx=ctx)
    return m.score(extra=x - BAN_V, ctx=m.banned(ctx))


@_event(12)
def _face_saver(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    # The resolver's Command 3, then the other side's Command 1 (a cube).
    other = m.one_cube(not r)
    return m.command(r, m.size(3, r), ALL, extra=x + other, ctx=ctx)


@_event(13)
def _scramble(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(r, 3, ALL, 1, extra=x, ctx=ctx)


@_event(14)
def _mathematical_precision(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    return m.shift(us, us, (POLITICAL_TRACK,), 2, True, m.may_lower(us, r, by), x + m.one_cube(us), ctx)


@_event(15)
def _excomm(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    base = m.cu if us else m.co
    return m.placement(us, 4, [a for a in ALL if not base[a]], 2, symbol=True, extra=x, ctx=ctx)


@_event(16)
def _public_protests(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.score(extra=x, ctx=ctx)    # removing one's own cubes gains nothing here


@_event(17)
def _lessons_of_munich(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(m.us, 4, (BERLIN, TURKEY, ITALY), 2, extra=x, ctx=ctx)


@_event(18)
def _mongoose(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    # US +1 prestige; then the USSR moves one US marker one step.
    return m.shift(us, not us, ALL_TRACKS, 1, extra=x, ctx=ctx, pg=1.0 if us else -1.0)


@_event(19)
def _air_strike(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    vals = [m.placement(us, 2, (ALLIANCES,), extra=x, ctx=ctx)]
    for a in CUBA:
        if (m.co if us else m.cu)[a]:
            ad, ag = m.halve(not us, a)
            vals.append(m.score(ad, None, None, x, ctx, ag))
    return m.choice(vals, us)


@_event(20)
def _non_invasion_pledge(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    n = (m.co if us else m.cu)[TURKEY]
    ad, ag = m.moved(not us, TURKEY, -min(2, n))
    return m.shift(us, us, (POLITICAL_TRACK,), 2, True, m.may_lower(us, r, by), x, ctx, ad, ag)


@_event(21)
def _offensive_missiles(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    if (m.dm if us else m.do)[1] >= DEFCON2_FROM:
        return m.score(extra=x, ctx=ctx)
    return m.placement(us, 3, POLITICAL, 1, extra=x, ctx=ctx)


@_event(22)
def _invasion_of_cuba(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
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
def _quarantine(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(m.us, 2, (ATLANTIC,), extra=x, ctx=ctx)


@_event(24)
def _u2_photographs(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    low = m.may_lower(us, r, by) or not m.ban_blocks_symbol
    return m.command(us, m.size(3, us), MILITARY, low=low, extra=x, ctx=ctx)


@_event(25)
def _wave_and_smile(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
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
def _eyeball(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    us = m.us
    us_mil, su_mil = (m.dm[0], m.do[0]) if us else (m.do[0], m.dm[0])
    if us_mil <= su_mil:
        return m.score(extra=x, ctx=ctx)
    return m.placement(us, 3, CUBA, symbol=True, extra=x, ctx=ctx)


@_event(27)
def _mrbms(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    return m.shift(su, su, (MILITARY_TRACK,), 2, True, m.may_lower(su, r, by), x + m.one_cube(su), ctx)


@_event(28)
def _moscow(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    base = m.cu if su else m.co
    return m.placement(su, 4, [a for a in ALL if base[a]], 2, symbol=True, extra=x, ctx=ctx)


@_event(29)
def _missile_trade(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    low = m.may_lower(su, r, by) or not m.ban_blocks_symbol
    return m.command(su, 3, ALL, low=low, extra=x, ctx=ctx, place=False)


@_event(30)
def _castro(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(not m.us, 3, CUBA, extra=x, ctx=ctx)


@_event(31)
def _blockade(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    # USSR +2 prestige; then the US moves one USSR marker up to 2 steps.
    return m.shift(su, not su, ALL_TRACKS, 2, extra=x, ctx=ctx, pg=2.0 if su else -2.0)


@_event(32)
def _suez(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    mine, theirs = (m.cu, m.co) if su else (m.co, m.cu)
    n = mine[ITALY]
    room = m.res_me if su else m.res_op
    target = min(ARENA_MAX, max(n, theirs[ITALY] + 1), n + room)
    ad, ag = m.moved(su, ITALY, target - n)
    return m.score(ad, None, None, x, ctx, ag)


@_event(33)
def _maskirovka(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    if (m.dm if su else m.do)[0] >= DEFCON2_FROM:
        return m.score(extra=x, ctx=ctx)
    return m.placement(su, 3, MILITARY, 1, extra=x, ctx=ctx)


@_event(34)
def _bay_of_pigs(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
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
def _turn_back_the_ships(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    if not m.may_lower(su, r, by):
        return m.score(extra=x, ctx=ctx)
    b = m.dm if su else m.do
    top = max(b)
    return m.shift(su, su, [t for t in range(3) if b[t] == top], 2, up=False, extra=x, ctx=ctx)


@_event(36)
def _strategic_balance(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    n = (m.cu if su else m.co)[ATLANTIC]
    m0 = m.dm if su else m.do
    vals = [m.score(extra=x, ctx=ctx)]
    for k in range(1, min(3, ARENA_MAX - n, m.res_me if su else m.res_op) + 1):
        ad, ag = m.moved(su, ATLANTIC, k)
        vals.append(m.on(su, ad, m.shifted(m0, 0, k - 1) if k > 1 else m0, x, ctx, ag))
    return m.choice(vals, su)


@_event(37)
def _national_liberation(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    low = m.may_lower(su, r, by) or not m.ban_blocks_symbol
    return m.command(su, m.size(3, su), POLITICAL, low=low, extra=x, ctx=ctx)


@_event(38)
def _u2_downed(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    su = not m.us
    ad, ag, _ = m.place(su, 2, (TURKEY,))
    vals = []
    for a in CUBA:
        had, hag = m.halve(not su, a)
        vals.append(m.score(ad + had, None, None, x, ctx, ag + hag))
    return m.choice(vals, su)


@_event(39)
def _defensive_missiles(m: _Model, r: bool, by: bool, ctx: _Ctx | None, x: float) -> float:
    return m.placement(not m.us, 2, (TELEVISION, UNITED_NATIONS), symbol=True, extra=x, ctx=ctx)


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


def _command_card(m: _Model, c: int, ctx: _Ctx, x: float) -> float:
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
    per_card: dict[int, tuple[_Ctx, float]] = {}
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
    card = m.card
    # Whether removals lower our marker (``dec["lowers"]`` says it exactly):
    # the estimate the bot was tuned with, from the card and the Command's size.
    low = True
    if card in GRANTED and m.ban_blocks_symbol and not m.may_lower(True, True, True):
        total = left + done
        normal = m.size(CARD_COMMAND[card], True)
        if total not in (normal, normal + 1) and total == m.size(GRANTED[card], True):
            low = False
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
    if card == MISSILE_TRADE and not (m.may_lower(mine, True, True) or not m.ban_blocks_symbol):
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
    docstring); a decision this module does not know scores every action 0."""
    side = view.get("viewer")
    if side not in OPP:
        side = view.get("current_player")
    fn = KINDS.get(view.get("decision_kind") or "")
    if fn is None or side not in OPP or view.get("over") or not legal:
        return [0.0] * len(legal)
    return fn(_Model(view, side), legal)


# At the start of a round (its agenda choice, before the deal), where the
# search's rollouts stop, a logistic model over the model's win probability
# and a few board facts predicts results better than the win probability
# alone: fitted by ``benchmarks/fit_thirteen_evaluate.py`` on noisy heuristic
# self-play (4,000 games: held-out log loss 0.666 -> 0.628; a coin is 0.693).
# Features: logit of the model's win probability, prestige lead / 5, the
# same in the last round, cube difference on the board / 5, arenas led
# minus arenas trailed / 3, our and their markers above DEFCON 5 (summed),
# the Personal Letter (+1 ours, -1 theirs), our known Aftermath value / 3, 1.
ROUND_START_W = (0.469, 0.829, 0.635, -0.451, 0.242, -0.206, 0.192, 0.155, 0.285, 0.141)


def at_round_start(view: dict[str, Any]) -> bool:
    """Is this the start of a round after the first (agendas being chosen, no card dealt)?"""
    return (view.get("decision_kind") == "agenda" and view["round"] > 1
            and not any(view["hand_sizes"].values()) and not any(view["plays"].values()))


def round_start_features(view: dict[str, Any], side: str, p: float) -> list[float]:
    """The features of ``ROUND_START_W`` for ``side``, ``p`` the model's win probability."""
    op = OPP[side]
    p = min(max(p, 1e-4), 1.0 - 1e-4)
    lead = view["prestige"] if side == US else -view["prestige"]
    last = 1.0 if view["round"] >= ROUNDS else 0.0
    cu, co = view["cubes"][side], view["cubes"][op]
    cubes = led = 0
    for a in set(cu) | set(co):
        x, y = cu.get(a, 0), co.get(a, 0)
        cubes += x - y
        led += (x > y) - (x < y)
    hot_me = sum(max(0, v - 5) for v in view["defcon"][side].values())
    hot_op = sum(max(0, v - 5) for v in view["defcon"][op].values())
    letter = 1.0 if view["personal_letter"] == side else -1.0
    aftermath = sum(_aftval(CARD_AT[name], side) for name in view["aftermath"]["own"])
    return [math.log(p / (1.0 - p)), lead / 5, last * lead / 5, cubes / 5, led / 3,
            float(hot_me), float(hot_op), letter, aftermath / 3, 1.0]


def evaluate(view: dict[str, Any], side: str) -> float:
    """Estimated chance that ``side`` wins: 1, 0 or 0.5 once the game is over
    (a mutual nuclear war is a draw), else the model's win probability
    (refined by ``ROUND_START_W`` at the start of a round)."""
    if view.get("over"):
        winner = view.get("winner")
        if winner is None:
            return 0.5
        return 1.0 if winner == side else 0.0
    p = _Model(view, side).win_probability()
    if at_round_start(view):
        z = sum(w * x for w, x in zip(ROUND_START_W, round_start_features(view, side, p), strict=True))
        return _sigmoid(z)
    return p


__all__ = ["evaluate", "score_actions"]
