"""Twilight Struggle knowledge for the heuristic bot (and ISMCTS priors and leaf values).

Both functions read only a view (``state.view(side)``) and the legal
actions, never the state: a bot using them cannot see the opponent's hand.
Of the view they read data only: the pending decision's fields
(``view["decision"]``, see ``twilight/decisions.py``), never its prompt or
the log, so a view without the log (``log=False``) is enough.

Every score is in *VP equivalents*: what an action is worth measured in
victory points, now or expected later. That one unit lets very different
things be compared (a coup, a Space Race attempt, an opposing event handed
to the opponent) and lets ``evaluate`` turn the same position value into a
winning chance.

The position value of a side is

* the VP marker;
* for every region, the scoring VP it would earn now against the
  opponent's (presence, domination, control, battlegrounds, countries next
  to the enemy superpower), weighted by how many more times the region is
  likely to be scored: final scoring, plus each of its scoring cards by
  where it is (held: certain; unseen: likely; discarded: after a reshuffle;
  removed: never). Southeast Asia counts too while its card is out;
* a little for each controlled country (battlegrounds more: coups, Kitchen
  Debates, OPEC...) and for influence toward (or beyond) control;
* the Military Operations shortfall each side will pay at the end of the
  turn, The China Card, cards in hand, and DEFCON danger.

``score_actions`` measures each action as the change it makes to that value
(placements with a short look-ahead so that control is completed, coups and
realignments as an expectation over the dice) and adds the knowledge the
value does not see: the timing of scoring cards, the events each card
carries (for its owner: an opposing event played for operations is a cost),
DEFCON suicide, the Military Operations requirement and the Space Race as
a way to get rid of a bad opposing card.

DEFCON suicide has two faces. Directly: a battleground coup, an own event
or an opposing event played for operations that brings DEFCON 1 in one's
own round. Indirectly: opposing cards whose event lowers DEFCON or hands
the opponent a coup (Duck and Cover, Lone Gunman, CIA Created...) become
unplayable at DEFCON 2, and a hand left with too few other cards for the
remaining rounds must play one. Such cards are dumped early (Space Race,
UN Intervention, headline at DEFCON 4+), and a battleground coup that would
leave the hand in that state is avoided.

Every decision kind the rules ask is scored: set-up, headline, action
round (event, operations, Space Race, a trap's discard, lifting the Cuban
Missile Crisis, Grain Sales' return), each op, the opposing event's order,
Eagle/Bear Has Landed, event placements and removals, and each event
question (``ASK``, by question code). Chance and unknown kinds get
neutral scores.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from brinkmanship.core.actions import Action
from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import (
    ADJACENT,
    BATTLEGROUND,
    CARD_OPS,
    CARD_SIDE,
    CHINA,
    IN_REGION,
    INDEX,
    N_COUNTRIES,
    NAMES,
    REGION,
    REGIONS,
    SCORING,
    STABILITY,
    SUPERPOWER,
)
from brinkmanship.twilight.data.setup import (
    DEFCON_CLOSED,
    LATE_WAR_TURN,
    MID_WAR_TURN,
    REGION_SCORING,
    SPACE_BOXES,
    TURNS,
    VP_TO_WIN,
    action_rounds,
)

View = dict[str, Any]
US = "US"
USSR = "USSR"
OTHER = {US: USSR, USSR: US}

# ---------------------------------------------------------------------------
# Tuning (VP equivalents)
# ---------------------------------------------------------------------------
OPV = 1.3            # one operation point spent well
LAMBDA = 0.6         # share of a card's future worth charged when it is spent now
BG_FLAT = 0.6        # a controlled battleground beyond region scoring
NBG_FLAT = 0.15      # any other controlled country
LOC_BG = 0.10        # each point of influence margin in a battleground ...
LOC_NBG = 0.05       # ... and elsewhere (toward control, or protection past it)
EUROPE_CONTROL = 14  # Control of Europe wins when scored: worth far more than domination
FINAL_WEIGHT = 1.0   # final scoring counts every region once
MILOPS_VP = 1.0      # a point of Military Operations shortfall costs 1 VP at the turn's end
CHINA_HOLD = 1.0     # holding The China Card: 1 VP at final scoring and a 4-ops card to come
HAND_CARD = 0.35     # each card in hand (more plays to come)
SPACE_ABILITY = {2: 0.5, 4: 1.0, 6: 1.0, 8: 1.5}
HAZARD_KEEP = 5.0     # holding an opposing card that is deadly at DEFCON 2
SUICIDE = -1000.0    # an action that loses the game outright
GAME_LOSS = 60.0     # what a lost game costs when it is only a risk (times its chance)
WIN = 1000.0         # an action that wins it
# evaluate(): a logistic of the position value, its weights fitted (log loss)
# to 600 games between noisy heuristic bots. The scale grows with the turn
# (less time left to turn things round): a 20 VP lead is a 95% win in turn 1
# and 99.8% in turn 10, a 10 VP lead 64% and 76%.
EVAL_K_BASE = 0.05
EVAL_K_STEP = 0.006
BOARD_SHARE_BASE = 0.40  # share of the board term trusted in turn 1 ...
BOARD_SHARE_STEP = 0.04  # ... and this much more each turn
MILOPS_SHARE = 0.78
OTHER_SHARE = 2.66

# ---------------------------------------------------------------------------
# Board tables, indexed by country (built once at import)
# ---------------------------------------------------------------------------
N = N_COUNTRIES
SEA = 6  # the seventh "region": Southeast Asia (its own scoring card)
REGION_ID: tuple[int, ...] = tuple(REGIONS.index(REGION[i]) for i in range(N))
SEA_POINTS: tuple[int, ...] = tuple(
    (2 if NAMES[i] == "Thailand" else 1) if i in IN_REGION["Southeast Asia"] else 0 for i in range(N))
STAB = STABILITY
BGF: tuple[int, ...] = tuple(int(b) for b in BATTLEGROUND)
LOCW: tuple[float, ...] = tuple(LOC_BG if b else LOC_NBG for b in BATTLEGROUND)
LIMIT: tuple[int, ...] = tuple(STABILITY[i] + (2 if BATTLEGROUND[i] else 1) for i in range(N))
TOTAL_BG: tuple[int, ...] = tuple(sum(BGF[i] for i in IN_REGION[r]) for r in REGIONS)
REGION_VP: tuple[tuple[int, int, int], ...] = tuple(
    (p, dom, EUROPE_CONTROL if ctl is None else ctl)
    for p, dom, ctl in (REGION_SCORING[r] for r in REGIONS))
# (region, battleground, Southeast Asia points, adjacent superpower) by country
COUNTRY: tuple[tuple[int, int, int, str | None], ...] = tuple(
    (REGION_ID[i], BGF[i], SEA_POINTS[i], SUPERPOWER[i]) for i in range(N))
NAME_MARGIN: dict[str, tuple[float, int]] = {NAMES[i]: (LOCW[i], LIMIT[i]) for i in range(N)}
# Countries alike for region scoring share one entry of the flip cache.
_FLIP_CLASSES: dict[tuple[int, int, int, str | None], int] = {}
FLIP_CLASS: tuple[int, ...] = tuple(_FLIP_CLASSES.setdefault(COUNTRY[i], len(_FLIP_CLASSES)) for i in range(N))
# Scoring cards and the region (index) each scores; Southeast Asia is SEA.
SCORING_REGION: dict[int, int] = {1: 1, 2: 0, 3: 2, 37: 4, 38: SEA, 79: 3, 81: 5}
MID_WAR_SCORING = frozenset({37, 38, 79, 81})
OPTION = {name: k for k, name in enumerate(OPTIONS)}
DEFCON_OPTION: dict[int, int] = {OPTION[f"DEFCON {n}"]: n for n in range(1, 6)}
REGION_OPTION: dict[int, int] = {OPTION[r]: k for k, r in enumerate(REGIONS)}

_C = INDEX
WEST_GERMANY, SOUTH_KOREA, ISRAEL, CUBA = _C["West Germany"], _C["South Korea"], _C["Israel"], _C["Cuba"]
SOUTH_AFRICA, UK, LIBYA, INDIA, PAKISTAN = _C["South Africa"], _C["UK"], _C["Libya"], _C["India"], _C["Pakistan"]
IRAN, IRAQ = _C["Iran"], _C["Iraq"]
EUROPE_IDX = IN_REGION["Europe"]
EAST_EUROPE = IN_REGION["Eastern Europe"]
WEST_EUROPE = IN_REGION["Western Europe"]
MIDDLE_EAST = IN_REGION["Middle East"]
LATIN_AMERICA = tuple(sorted(IN_REGION["Central America"] + IN_REGION["South America"]))
LATAM_BG = tuple(i for i in LATIN_AMERICA if BATTLEGROUND[i])
SOUTH_AMERICA = IN_REGION["South America"]
OIL = tuple(_C[n] for n in ("Egypt", "Iran", "Libya", "Saudi Arabia", "Iraq", "Gulf States", "Venezuela"))
MUSLIM = tuple(_C[n] for n in ("Sudan", "Iran", "Iraq", "Egypt", "Libya", "Saudi Arabia", "Syria", "Jordan"))
INDEPENDENT_REDS = tuple(_C[n] for n in ("Yugoslavia", "Romania", "Bulgaria", "Hungary", "Czechoslovakia"))
SUEZ = (_C["France"], UK, ISRAEL)
ALL_BG = tuple(i for i in range(N) if BATTLEGROUND[i])
OPEN_REGIONS: dict[int, frozenset[int]] = {
    level: frozenset(k for k, r in enumerate(REGIONS) if r not in closed) for level, closed in DEFCON_CLOSED.items()}
# Realignment margins: for a modifier difference ``mod``, P(margin = k) and
# P(margin >= k) for k = 0..16, the margin being my roll minus the other's.
REALIGN_SPAN = 10


def _margins(mod: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    exact = [0.0] * 17
    for a in range(1, 7):
        for b in range(1, 7):
            x = a - b + mod
            if 0 < x <= 16:
                exact[x] += 1 / 36
    tail = [sum(exact[k:]) for k in range(17)]
    return tuple(exact), tuple(tail)


REALIGN_WIN: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {
    mod: _margins(mod) for mod in range(-REALIGN_SPAN, REALIGN_SPAN + 1)}

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
# The per-call context: the view turned into arrays from one side's seat
# ---------------------------------------------------------------------------
def _rs(r: int, n: int, b: int, adj: int, n2: int, b2: int) -> int:
    """Scoring VP of a side with ``n`` countries, ``b`` battlegrounds and
    ``adj`` countries next to the enemy superpower in region ``r``, against
    an opponent with ``n2`` and ``b2`` (rule 10.1.2)."""
    if n == 0:
        return 0
    pres, dom, ctl = REGION_VP[r]
    if b == TOTAL_BG[r] and n > n2:
        base = ctl
    elif n > n2 and b > b2 and n > b:
        base = dom
    else:
        base = pres
    return base + b + adj


def _net(r: int, c: list[int]) -> int:
    """My scoring VP minus the opponent's in region ``r`` from its counts."""
    if r == SEA:
        return c[0] - c[3]
    return _rs(r, c[0], c[1], c[2], c[3], c[4]) - _rs(r, c[3], c[4], c[5], c[0], c[1])


class Ctx:
    """One side's reading of a view: influence arrays, controls, region counts
    and region weights, plus small caches. Built once per call (cheap)."""

    __slots__ = ("blocked", "counts", "ctrl", "defcon", "effects", "events_on", "flips", "hand", "me", "mine",
                 "nets", "opp", "phasing", "theirs", "turn", "urg", "view", "weights")

    def __init__(self, view: View, me: str) -> None:
        self.view = view
        self.me = me
        opp = self.opp = OTHER[me]
        self.turn: int = view["turn"]
        self.defcon: int = view["defcon"]
        self.phasing: str = view["phasing"]
        self.effects: dict[str, Any] = view["effects"]
        self.events_on: bool = view["options"]["events"]
        self.hand: list[int] = view["hand"] if view.get("viewer") == me else []
        inf = view["influence"]
        mine = [0] * N
        theirs = [0] * N
        index = INDEX
        for name, n in inf[me].items():
            mine[index[name]] = n
        for name, n in inf[opp].items():
            theirs[index[name]] = n
        self.mine = mine
        self.theirs = theirs
        ctrl = [0] * N
        counts = region_counts(view["control"], me, ctrl)
        self.ctrl = ctrl
        self.counts = counts
        self.nets: list[int | None] = [None] * 7
        self.flips: dict[int, float] = {}
        self.urg: dict[str, float] = {}
        self.weights = region_weights(view)
        blocked: set[int] = set()
        for e in self.effects.values():
            b = e.get("blocks") if isinstance(e, dict) else None
            if b:
                blocked.update(b)
        self.blocked = blocked

    # -- values ------------------------------------------------------------
    def net(self, r: int) -> int:
        """My scoring VP minus the opponent's in region ``r`` now."""
        v = self.nets[r]
        if v is None:
            v = self.nets[r] = _net(r, self.counts[r])
        return v

    def flip(self, i: int, a: int, b: int) -> float:
        """Value to me of country ``i`` going from control status ``a`` to
        ``b`` (1 mine, 0 nobody's, -1 the opponent's), region scoring included."""
        if a == b:
            return 0.0
        key = FLIP_CLASS[i] * 9 + (a + 1) * 3 + b + 1
        v = self.flips.get(key)
        if v is not None:
            return v
        r = REGION_ID[i]
        c = self.counts[r][:]
        bg = BGF[i]
        adj_me = 1 if SUPERPOWER[i] == self.opp else 0
        adj_opp = 1 if SUPERPOWER[i] == self.me else 0
        if a == 1:
            c[0] -= 1
            c[1] -= bg
            c[2] -= adj_me
        elif a == -1:
            c[3] -= 1
            c[4] -= bg
            c[5] -= adj_opp
        if b == 1:
            c[0] += 1
            c[1] += bg
            c[2] += adj_me
        elif b == -1:
            c[3] += 1
            c[4] += bg
            c[5] += adj_opp
        w = self.weights
        v = (_net(r, c) - self.net(r)) * w[r]
        pts = SEA_POINTS[i]
        if pts:
            v += (b - a) * pts * w[SEA]
        v += (b - a) * (BG_FLAT if bg else NBG_FLAT)
        self.flips[key] = v
        return v

    def delta(self, i: int, m2: int, o2: int) -> float:
        """Value to me of country ``i`` changing to ``m2`` of my influence and
        ``o2`` of the opponent's."""
        s = STAB[i]
        lim = LIMIT[i]
        d1 = self.mine[i] - self.theirs[i]
        d2 = m2 - o2
        c1 = lim if d1 > lim else (-lim if d1 < -lim else d1)
        c2 = lim if d2 > lim else (-lim if d2 < -lim else d2)
        v = LOCW[i] * (c2 - c1)
        a = 1 if d1 >= s else (-1 if d1 <= -s else 0)
        b = 1 if d2 >= s else (-1 if d2 <= -s else 0)
        if a != b:
            v += self.flip(i, a, b)
        return v

    def delta_for(self, side: str, i: int, own: int, other: int) -> float:
        """Value to ``side`` of country ``i`` changing to ``own`` influence of
        ``side`` and ``other`` of its opponent's."""
        if side == self.me:
            return self.delta(i, own, other)
        return -self.delta(i, other, own)

    def inf(self, side: str) -> list[int]:
        return self.mine if side == self.me else self.theirs

    def controls(self, side: str, i: int) -> bool:
        return self.ctrl[i] == (1 if side == self.me else -1)

    def rounds_left(self, side: str) -> int:
        """Action rounds ``side`` still has this turn, the current one included
        if it is ``side``'s (0 during the headline counts all)."""
        total = action_rounds(self.turn)
        ar = self.view["action_round"]
        if ar == 0:
            return total
        if side == USSR:
            return total - ar + (1 if self.phasing == USSR else 0)
        return total - ar + 1

    def shortfall(self, side: str, defcon: int | None = None) -> int:
        return max(0, (self.defcon if defcon is None else defcon) - self.view["milops"][side])

    def urgency(self, side: str) -> float:
        """How surely a Military Operations shortfall will be paid: more
        rounds left leave time to make it up."""
        u = self.urg.get(side)
        if u is None:
            left = self.rounds_left(side)
            u = self.urg[side] = 1.0 if left <= 1 else (0.85 if left <= 3 else 0.6)
        return u

    def event_ok(self, card: int) -> bool:
        """Can ``card``'s event happen (events on, not blocked)?"""
        if SCORING[card]:
            return True
        return self.events_on and card != CHINA and card not in self.blocked


def region_weights(view: View) -> list[float]:
    """How many more times each region (and Southeast Asia) is likely to be
    scored: final scoring plus each scoring card by where it is."""
    turn = view["turn"]
    viewer = view.get("viewer")
    if viewer in OTHER:
        hand = view["hand"]
        other_hand = view["hand_sizes"][OTHER[viewer]]
    else:
        hand = ()
        other_hand = 0
    soon = other_hand / max(1, view["deck_size"] + other_hand)
    reshuffle = 0.04 * (TURNS - turn)
    unseen = soon + (1 - soon) * (0.45 if turn < TURNS else 0.0) + reshuffle
    played = 0.15 + reshuffle
    # Where each scoring card is, when it is not unseen.
    where: dict[int, float] = {}
    for c in view["discard"]:
        if SCORING[c]:
            where[c] = played
    for c in view["in_play"]:
        if SCORING[c]:
            where[c] = played
    for c in view["removed"]:
        if SCORING[c]:
            where[c] = 0.0
    for c in hand:
        if SCORING[c]:
            where[c] = 1.0
    early = turn < MID_WAR_TURN
    w = [FINAL_WEIGHT] * 6 + [0.0]
    for card, r in SCORING_REGION.items():
        f = where.get(card)
        if f is None:
            f = 0.5 if early and card in MID_WAR_SCORING else unseen
        w[r] += f
    return w


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


# ---------------------------------------------------------------------------
# The pending decision's data (``view["decision"]``, see twilight/decisions.py)
# ---------------------------------------------------------------------------
def _influence_frame(view: View) -> tuple[int, str, int]:
    """(count left, whose influence, per-country limit; 0: none) of an
    event's place/remove decision."""
    dec = view["decision"]
    return dec["left"], dec["side"], dec["max_per_country"] or 0


# ---------------------------------------------------------------------------
# Scorers by decision kind
# ---------------------------------------------------------------------------
Scorer = Callable[[Ctx, list[Action]], list[float]]


def _score_place_list(ctx: Ctx, legal: list[Action], ops_left: int, max_per: int = 0,
                      free: bool = False) -> list[float]:
    out = []
    for a in legal:
        if a.verb == "place" and a.arg is not None:
            out.append(place_value(ctx, a.arg, ops_left, max_per, free))
        else:
            out.append(0.0)
    return out


def _score_setup(ctx: Ctx, legal: list[Action]) -> list[float]:
    return _score_place_list(ctx, legal, 4, free=True)


def _play_value(ctx: Ctx, a: Action) -> float:
    """Worth of playing a card in an action round (or of its alternatives)."""
    me = ctx.me
    verb = a.verb
    c = a.arg
    if verb == "pass":
        return 0.0
    if c is None:
        return 0.0
    if verb == "event":
        if SCORING[c]:
            g = scoring_gain(ctx, c)
            if g >= WIN or g <= SUICIDE:
                return g
            # Play a winning scoring card early (before the opponent repairs
            # the region); hold a losing one while it can wait.
            return g + 1.0 if g > 0 else -0.5 + 0.2 * g
        gain = event_value(ctx, c, beneficiary(c, me))
        if c == UN_INTERVENTION:
            partners = [p for p in ctx.hand if CARD_SIDE[p] == ctx.opp]
            best = max((_un_partner(ctx, p) - LAMBDA * keep_value(ctx, me, p) for p in partners), default=0.0)
            gain = best + (3.0 if me == US and "We Will Bury You" in ctx.effects else 0.0)
            if "U2 Incident" in ctx.effects:
                gain -= 1.0
        hz = defcon_hazard(ctx, c, me, me)
        if hz:
            gain += SUICIDE * hz
        elif ((c in DEFCON_DROP and ctx.defcon == 3) or c == 40) and doomed_at_defcon2(ctx, me, skip=c):
            gain += 0.7 * SUICIDE
        if me == US and c in WAR_CARDS and "Flower Power" in ctx.effects:
            gain -= 2.0
        return gain - LAMBDA * keep_value(ctx, me, c)
    if verb == "ops":
        gain = ops_value(ctx, me, c)
        if c == CHINA:
            gain -= china_swing(ctx)
        elif _opposing_fires(ctx, me, c):
            gain -= event_value(ctx, c, ctx.opp)
            hz = defcon_hazard(ctx, c, ctx.opp, me)
            if hz:
                gain += SUICIDE * hz
            elif c in DEFCON_DROP and ctx.defcon == 3 and doomed_at_defcon2(ctx, me, skip=c):
                gain += 0.7 * SUICIDE
        if me == US and c in WAR_CARDS and "Flower Power" in ctx.effects:
            gain -= 2.0
        return gain - LAMBDA * keep_value(ctx, me, c)
    if verb == "space":
        box = ctx.view["space"][me] + 1
        p = SPACE_BOXES[box][2] / 6 if box < len(SPACE_BOXES) else 0.0
        gain = p * space_box_value(ctx, me, box) + 0.2
        if c == CHINA:
            gain -= china_swing(ctx)
        if ctx.events_on:
            if is_hazard(ctx, me, c):
                gain += hazard_relief(ctx)
            elif _last_space_try(ctx, me) and any(
                    h != c and is_hazard(ctx, me, h) and card_ops(ctx, me, h) >= SPACE_BOXES[box][1]
                    for h in ctx.hand):
                gain -= 0.5 * hazard_relief(ctx)  # keep the attempt for the deadly card
        return gain - LAMBDA * keep_value(ctx, me, c)
    if verb == "discard":  # trapped: the card is lost
        return -keep_value(ctx, me, c) + (hazard_relief(ctx) if is_hazard(ctx, me, c) else 0.0)
    if verb == "remove":  # lifting the Cuban Missile Crisis costs 2 influence
        return -1.5
    return 0.0


def _last_space_try(ctx: Ctx, side: str) -> bool:
    """Is ``side``'s next Space Race attempt its last one this turn?"""
    allowed = 2 if ctx.view["space"][side] >= 2 > ctx.view["space"][OTHER[side]] else 1
    return ctx.view["space_attempts"][side] + 1 >= allowed


def _score_action(ctx: Ctx, legal: list[Action]) -> list[float]:
    out = []
    for a in legal:
        if a.verb == "choose":  # Grain Sales: give the card back, use Grain Sales' 2 ops instead
            taken = next((b.arg for b in legal if b.verb in ("ops", "event") and b.arg), 0)
            back = keep_value(ctx, ctx.opp, taken) if taken else 0.0
            out.append(OPV * card_ops(ctx, ctx.me, 67) - 0.5 * back)
        else:
            out.append(_play_value(ctx, a))
    return out


def _score_headline(ctx: Ctx, legal: list[Action]) -> list[float]:
    me = ctx.me
    out = []
    for a in legal:
        c = a.arg
        if a.verb != "headline" or c is None:
            out.append(0.0)
            continue
        if SCORING[c]:
            g = scoring_gain(ctx, c)
            out.append(g if g >= WIN or g <= SUICIDE else (g + 1.0 if g > 0 else -0.5 + 0.3 * g))
            continue
        owner = beneficiary(c, me)
        v = event_value(ctx, c, owner)
        gain = v if owner == me else -v
        if c == 103 and me == US:  # Defectors cancels the USSR headline
            gain += 2.0
        if ctx.defcon <= 3 and ctx.event_ok(c):
            # The other headline may resolve first and bring DEFCON 2: then
            # our own DEFCON drop, or a coup handed to the opponent, loses.
            if c in DEFCON_DROP and owner == me:
                gain -= 4.0
            elif owner != me and is_hazard(ctx, me, c):
                gain -= 10.0
        if me == US and c in WAR_CARDS and "Flower Power" in ctx.effects:
            gain -= 2.0
        out.append(gain - LAMBDA * keep_value(ctx, me, c))
    return out


def _score_ops(ctx: Ctx, legal: list[Action]) -> list[float]:
    dec = ctx.view["decision"]
    ops_left: int = dec["ops"]
    card: int = dec["card"]
    me = ctx.me
    free = card in (47, 96, 91) and not any(a.verb == "place" for a in legal)
    # A DEFCON-lowering opposing event still to come after these ops.
    pending = 0
    if card in DEFCON_DROP and CARD_SIDE[card] == ctx.opp and dec["opponent_event_after"]:
        pending = 1
    if pending:
        ctx.defcon -= pending
    places: list[tuple[int, float]] = []
    scores = [0.0] * len(legal)
    realigns: list[tuple[int, float]] = []
    for k, a in enumerate(legal):
        i = a.arg
        if i is None:
            continue
        verb = a.verb
        if verb == "place":
            v = place_value(ctx, i, ops_left)
            places.append((k, v))
            scores[k] = v
        elif verb == "coup":
            ops = ops_left
            if card == CHINA and REGION_ID[i] != 1:
                ops -= 1
            if me == USSR and "Vietnam Revolts" in ctx.effects and not SEA_POINTS[i]:
                ops -= 1
            scores[k] = coup_value(ctx, i, max(1, ops), free)
        elif verb == "realign":
            v = realign_value(ctx, i)
            realigns.append((k, v))
            scores[k] = v
    if (places and len(places) < len(legal)) or (realigns and len(realigns) < len(legal)):
        # The first op of a card: a coup spends every op at once, so compare
        # it with the whole plan a placement or a realignment begins.
        if places:
            per_op = sorted((v for _, v in places), reverse=True)
            plan = sum(max(0.0, v) for v in per_op[:max(1, ops_left)])
            if len(per_op) < ops_left:
                plan += (ops_left - len(per_op)) * max(0.0, per_op[0]) * 0.7
            for k, v in places:
                scores[k] = plan - (per_op[0] - v)
        if realigns:
            best = max(v for _, v in realigns)
            for k, v in realigns:
                scores[k] = v + (ops_left - 1) * max(0.0, best) * 0.9
    if pending:
        ctx.defcon += pending
    return scores


def _score_order(legal: list[Action]) -> list[float]:
    # The opposing event first: its result is known before the ops are spent
    # (influence it removes can be rebuilt; a DEFCON drop is seen before a coup).
    return [0.5 if a.verb == "event" else 0.0 for a in legal]


def discard_value(ctx: Ctx, c: int) -> float:
    """Worth to me of discarding card ``c`` from my hand (no event)."""
    if SCORING[c]:
        return -scoring_gain(ctx, c) - 1.0
    v = -keep_value(ctx, ctx.me, c)
    return v + hazard_relief(ctx) if ctx.events_on and is_hazard(ctx, ctx.me, c) else v


def _score_eagle(ctx: Ctx, legal: list[Action]) -> list[float]:
    return [discard_value(ctx, a.arg) - 0.3 if a.verb == "discard" and a.arg is not None else 0.0
            for a in legal]


def _score_place_inf(ctx: Ctx, legal: list[Action]) -> list[float]:
    left, side, per = _influence_frame(ctx.view)
    sign = 1.0 if side == ctx.me else -1.0
    out = []
    for a in legal:
        if a.verb == "place" and a.arg is not None:
            if sign > 0:
                out.append(place_value(ctx, a.arg, left, per, free=True))
            else:
                out.append(-ctx.delta(a.arg, ctx.mine[a.arg], ctx.theirs[a.arg] + 1))
        else:
            out.append(0.0)
    return out


def _score_remove_inf(ctx: Ctx, legal: list[Action]) -> list[float]:
    left, side, per = _influence_frame(ctx.view)
    out = []
    for a in legal:
        if a.verb == "remove" and a.arg is not None:
            out.append(remove_value(ctx, side, a.arg, left, per))
        else:
            out.append(0.0)
    return out


# -- event questions, by continuation ---------------------------------------------------
AskFn = Callable[[Ctx, Action], float]


def _target(fn: Callable[[Ctx, int], float]) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        return fn(ctx, a.arg) if a.verb == "target" and a.arg is not None else 0.0
    return score


def _card_choice(fn: Callable[[Ctx, int], float]) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        return fn(ctx, a.arg) if a.verb in ("pick", "discard", "ops", "event") and a.arg is not None else 0.0
    return score


def _remove_all(ctx: Ctx, i: int) -> float:
    return ctx.delta(i, ctx.mine[i], 0)


def _war_target(win: int, vp: int, milops: int) -> AskFn:
    return _target(lambda ctx, i: war_value(ctx, ctx.me, i, win, vp, milops))


def _free_coup_best(ctx: Ctx, scope: tuple[int, ...], ops: int) -> float:
    theirs = ctx.theirs
    return max((coup_value(ctx, i, ops, free=True) for i in scope if theirs[i]), default=0.0)


def _realign_best(ctx: Ctx, scope: tuple[int, ...], ops: int) -> float:
    theirs = ctx.theirs
    best = max((realign_value(ctx, i) for i in scope if theirs[i]), default=0.0)
    return best * ops


def _coup_or_realign(scope: tuple[int, ...], card: int) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        if a.verb != "choose":
            return 0.0
        ops = card_ops(ctx, ctx.me, card)
        if a.arg == OPTION["coup"]:
            return _free_coup_best(ctx, scope, ops)
        return _realign_best(ctx, scope, ops)
    return score


def _olympic_choice(ctx: Ctx, a: Action) -> float:
    if a.arg == OPTION["participate"]:
        return -1.25
    if ctx.defcon <= 2:  # a boycott lowers DEFCON in the sponsor's round
        return SUICIDE if ctx.phasing == ctx.me else WIN
    return -4 * OPV - 0.3


def _defcon_choice(hilsw: bool) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        level = DEFCON_OPTION.get(a.arg if a.arg is not None else -1)
        if level is None:
            return 0.0
        if level <= 1:
            return SUICIDE if ctx.phasing == ctx.me else WIN
        me, opp = ctx.me, ctx.opp
        mine = 5 if hilsw else ctx.view["milops"][me]
        v = MILOPS_VP * (max(0, level - ctx.view["milops"][opp]) * ctx.urgency(opp)
                         - max(0, level - mine) * ctx.urgency(me))
        if level == 2:
            v -= 0.8  # my own battleground coups and DEFCON-lowering events become deadly
        return v + 0.1 * level
    return score


def _warsaw_choice(ctx: Ctx, a: Action) -> float:
    if a.arg == OPTION["remove"]:
        gains = sorted((_remove_all(ctx, i) for i in EAST_EUROPE if ctx.theirs[i]), reverse=True)
        return sum(gains[:4])
    per = sorted((place_value(ctx, i, 2, 2, free=True) for i in EAST_EUROPE), reverse=True)
    return 2 * sum(per[:3])


def _south_african_unrest(ctx: Ctx, a: Action) -> float:
    sa = SOUTH_AFRICA
    if a.arg == OPTION["South Africa"]:
        return ctx.delta(sa, ctx.mine[sa] + 2, ctx.theirs[sa])
    rest = max(place_value(ctx, j, 2, free=True) for j in ADJACENT[sa])
    return ctx.delta(sa, ctx.mine[sa] + 1, ctx.theirs[sa]) + 2 * rest


def _de_stalinization(ctx: Ctx, a: Action) -> float:
    if a.verb != "target" or a.arg is None:
        return 0.0
    i = a.arg
    return ctx.delta(i, ctx.mine[i] - 1, ctx.theirs[i]) + OPV * 0.9


def _card_for_me(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return scoring_gain(ctx, c) * 0.5
    return keep_value(ctx, ctx.me, c)


def _missile_envy_give(ctx: Ctx, c: int) -> float:
    # The receiver plays the card at once: its event if not mine, else only its ops.
    recv = ctx.opp
    to_them = OPV * CARD_OPS[c] if CARD_SIDE[c] == ctx.me else event_value(ctx, c, recv)
    return -to_them - keep_value(ctx, ctx.me, c)


def _un_partner(ctx: Ctx, c: int) -> float:
    v = event_value(ctx, c, ctx.opp) + OPV * card_ops(ctx, ctx.me, c)
    return v + hazard_relief(ctx) if is_hazard(ctx, ctx.me, c) else v


def _star_wars_pick(ctx: Ctx, c: int) -> float:
    owner = beneficiary(c, US)
    v = event_value(ctx, c, owner)
    v = v if owner == ctx.me else -v
    if ctx.phasing == ctx.me:
        v += SUICIDE * defcon_hazard(ctx, c, owner, ctx.me)
    return v


def scoring_draw_risk(ctx: Ctx, draws: int) -> float:
    """Chance that ``draws`` cards drawn now bring more scoring cards than
    there are rounds left to play them this turn (one held at the turn's
    end loses the game)."""
    held = sum(1 for c in ctx.hand if SCORING[c])
    slack = ctx.rounds_left(ctx.me) - held
    if slack >= draws:
        return 0.0
    view = ctx.view
    pool = view["deck_size"] + view["hand_sizes"][ctx.opp]
    out = set(ctx.hand) | set(view["removed"]) | set(view["in_play"])
    if view["deck_size"] > draws:
        out.update(view["discard"])
    else:  # a short draw pile: the discard pile is reshuffled in for the draws
        pool += len(view["discard"])
    unseen = sum(1 for c in SCORING_REGION if c not in out and (ctx.turn >= MID_WAR_TURN or c not in MID_WAR_SCORING))
    p = min(1.0, unseen / max(1, pool))
    # P(more than ``slack`` scoring cards among the draws), binomial.
    safe = sum(math.comb(draws, k) * p ** k * (1 - p) ** (draws - k) for k in range(max(0, slack + 1)))
    return 1.0 - safe


def _ask_not(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return discard_value(ctx, c)
    # A new card is drawn for each one discarded: usually a gain, but late
    # in the turn it may be a scoring card there is no round left to play.
    draws = 1 + ctx.view["decision"]["discarded"]
    return discard_value(ctx, c) + 0.6 - GAME_LOSS * scoring_draw_risk(ctx, draws)


def _blockade(ctx: Ctx, a: Action) -> float:
    if a.verb == "pass":
        i = WEST_GERMANY
        return ctx.delta(i, 0, ctx.theirs[i])
    return discard_value(ctx, a.arg) if a.arg is not None else 0.0


def _debt_crisis(ctx: Ctx, a: Action) -> float:
    if a.verb == "pass":
        losses = sorted(ctx.delta(i, ctx.mine[i], 2 * ctx.theirs[i]) for i in SOUTH_AMERICA if ctx.theirs[i])
        return sum(losses[:2])
    return discard_value(ctx, a.arg) if a.arg is not None else 0.0


def _aldrich_ames(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return -scoring_gain(ctx, c)
    return keep_value(ctx, ctx.opp, c)


def _tehran_discard(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return -0.5 * scoring_gain(ctx, c)
    side = CARD_SIDE[c]
    if side == ctx.opp:
        return 0.5 * STATIC_EVENT.get(c, 1.0) - 0.1
    if side == ctx.me:
        return -0.5 * STATIC_EVENT.get(c, 1.0) - 0.1
    return -0.1


def _wargames_answer(ctx: Ctx, a: Action) -> float:
    if a.verb != "yes":
        return 0.0
    lead = ctx.view["vp"] * (1 if ctx.me == US else -1) - 6
    return WIN if lead > 0 else (SUICIDE if lead < 0 else -1.0)


def _chernobyl(ctx: Ctx, a: Action) -> float:
    r = REGION_OPTION.get(a.arg if a.arg is not None else -1)
    return ctx.weights[r] if r is not None else 0.0


def _cambridge_pick(ctx: Ctx, c: int) -> float:
    r = SCORING_REGION.get(c)
    return ctx.weights[r] if r is not None else 0.0


def _shuttle(ctx: Ctx, i: int) -> float:
    return ctx.flip(i, -1, 0)


def _special_relationship_target(ctx: Ctx, i: int) -> float:
    amount = 2 if "NATO" in ctx.effects else 1
    return ctx.delta(i, ctx.mine[i] + amount, ctx.theirs[i])


def _che_target(ctx: Ctx, i: int) -> float:
    return coup_value(ctx, i, card_ops(ctx, ctx.me, 107))


def _ortega_target(ctx: Ctx, i: int) -> float:
    return coup_value(ctx, i, card_ops(ctx, ctx.me, 91), free=True)


def _pass_zero(fn: AskFn) -> AskFn:
    """``pass`` (stop, take nothing) is worth 0."""
    def score(ctx: Ctx, a: Action) -> float:
        return 0.0 if a.verb == "pass" else fn(ctx, a)
    return score


# By the question's code: "twilight.ask." + the event's continuation name.
ASK: dict[str, AskFn] = {f"twilight.ask.{name}": fn for name, fn in {
    "truman_doctrine": _target(_remove_all),
    "warsaw_pact_formed": _warsaw_choice,
    "warsaw_pact_remove": _target(_remove_all),
    "independent_reds": _target(lambda ctx, i: ctx.delta(i, ctx.theirs[i], ctx.theirs[i])),
    "indo_pakistani_war": _war_target(4, 2, 2),
    "iran_iraq_war": _war_target(4, 2, 2),
    "brush_war": _war_target(3, 1, 3),
    "east_european_unrest": _target(
        lambda ctx, i: ctx.delta(i, ctx.mine[i], max(0, ctx.theirs[i] - (2 if ctx.turn >= LATE_WAR_TURN else 1)))),
    "muslim_revolution": _target(_remove_all),
    "junta_country": _target(lambda ctx, i: ctx.delta(i, ctx.mine[i] + 2, ctx.theirs[i])),
    "junta_operation": _pass_zero(_coup_or_realign(LATIN_AMERICA, 47)),
    "tear_down_this_wall": _pass_zero(_coup_or_realign(EUROPE_IDX, 96)),
    "latin_american_debt_crisis_double": _target(lambda ctx, i: ctx.delta(i, 2 * ctx.mine[i], ctx.theirs[i])),
    "special_relationship": _target(_special_relationship_target),
    "shuttle_diplomacy": _target(_shuttle),
    "che": _pass_zero(_target(_che_target)),
    "ortega_elected_in_nicaragua": _pass_zero(_target(_ortega_target)),
    "de_stalinization": _de_stalinization,
    "olympic_games": _olympic_choice,
    "summit_defcon": _defcon_choice(False),
    "how_i_learned": _defcon_choice(True),
    "south_african_unrest": _south_african_unrest,
    "chernobyl": _chernobyl,
    "wargames": _wargames_answer,
    "blockade": _blockade,
    "latin_american_debt_crisis": _debt_crisis,
    "salt_negotiations": _pass_zero(_card_choice(_card_for_me)),
    "missile_envy": _card_choice(_missile_envy_give),
    "un_intervention": _card_choice(_un_partner),
    "star_wars": _card_choice(_star_wars_pick),
    "ask_not": _pass_zero(_card_choice(_ask_not)),
    "aldrich_ames_remix": _card_choice(_aldrich_ames),
    "our_man_in_tehran": _pass_zero(_card_choice(_tehran_discard)),
    "the_cambridge_five": _card_choice(_cambridge_pick),
}.items()}


def _score_ask(ctx: Ctx, legal: list[Action]) -> list[float]:
    fn = ASK.get(ctx.view["decision"]["question"])
    if fn is None:
        return [0.0] * len(legal)
    return [fn(ctx, a) for a in legal]


SCORERS: dict[str, Scorer] = {
    "setup": _score_setup,
    "headline": _score_headline,
    "action": _score_action,
    "ops": _score_ops,
    "eagle": _score_eagle,
    "place_inf": _score_place_inf,
    "remove_inf": _score_remove_inf,
    "ask": _score_ask,
}


# ---------------------------------------------------------------------------
# The two entry points
# ---------------------------------------------------------------------------
def score_actions(view: View, legal: list[Action]) -> list[float]:
    """Scores of ``legal`` for the player to move in ``view`` (higher is
    better, in VP equivalents). Chance decisions, decisions of the other
    side and unknown decision kinds get neutral scores.

    >>> import brinkmanship as bm
    >>> s = bm.from_position("twilight", {"defcon": 2, "influence": {"USSR": {"Angola": 1}, "US": {"Nigeria": 2}},
    ...                                   "hands": {"USSR": ["Decolonization"], "US": []}})
    >>> s.apply("ops Decolonization")
    >>> scores = dict(zip((a.text for a in s.legal_actions()), score_actions(s.view("USSR"), s.legal_actions())))
    >>> scores["coup Nigeria"] < -100  # a battleground coup at DEFCON 2 loses
    True
    """
    me = view.get("current_player")
    kind = view.get("decision_kind") or ""
    if kind == "order":  # needs no reading of the board
        return _score_order(legal)
    scorer = SCORERS.get(kind)
    if me not in OTHER or scorer is None or not legal or view.get("viewer") != me:
        return [0.0] * len(legal)
    return scorer(Ctx(view, me), legal)


def region_counts(control: dict[str, str], side: str, ctrl: list[int] | None = None) -> list[list[int]]:
    """Per region, from ``side``'s seat: [countries, battlegrounds, next to the
    enemy superpower] controlled by ``side``, then the same three for the
    opponent (Southeast Asia's row holds its points). With ``ctrl``, also
    marks each country +1 (``side``) or -1 (opponent) by index.
    """
    opp = OTHER[side]
    counts = [[0, 0, 0, 0, 0, 0] for _ in range(7)]
    sea = counts[SEA]
    index = INDEX
    for name, owner in control.items():
        i = index[name]
        r, bg, pts, sp = COUNTRY[i]
        c = counts[r]
        if owner == side:
            if ctrl is not None:
                ctrl[i] = 1
            c[0] += 1
            c[1] += bg
            if sp == opp:
                c[2] += 1
            if pts:
                sea[0] += pts
        else:
            if ctrl is not None:
                ctrl[i] = -1
            c[3] += 1
            c[4] += bg
            if sp == side:
                c[5] += 1
            if pts:
                sea[3] += pts
    return counts


def value_terms(view: View, side: str) -> tuple[float, float, float, float]:
    """The parts of ``side``'s position value: (VP, board, Military
    Operations, other), each in VP equivalents from ``side``'s seat.

    The board is region scoring weighted by the expected number of future
    scorings, controlled countries and influence margins; "other" is The
    China Card, cards in hand and DEFCON danger to the phasing side. Read
    straight from the view's dictionaries: this runs at every leaf of a search.
    """
    opp = OTHER[side]
    inf_me = view["influence"][side]
    inf_opp = view["influence"][opp]
    counts = region_counts(view["control"], side)
    w = region_weights(view)
    board = 0.0
    for r in range(7):
        c = counts[r]
        board += w[r] * _net(r, c)
        if r < SEA:
            board += BG_FLAT * (c[1] - c[4]) + NBG_FLAT * (c[0] - c[1] - c[3] + c[4])
    margin = NAME_MARGIN
    for name, n in inf_me.items():
        locw, lim = margin[name]
        d = n - inf_opp.get(name, 0)
        board += locw * (lim if d > lim else (-lim if d < -lim else d))
    for name, n in inf_opp.items():
        if name not in inf_me:
            locw, lim = margin[name]
            board -= locw * (lim if n > lim else n)
    milops = view["milops"]
    defcon = view["defcon"]
    mil = -MILOPS_VP * (max(0, defcon - milops[side]) * _urgency(view, side)
                        - max(0, defcon - milops[opp]) * _urgency(view, opp))
    china = view["china_card"]
    other = (CHINA_HOLD if china["holder"] == side else -CHINA_HOLD) * (1.0 if china["face_up"] else 0.8)
    sizes = view["hand_sizes"]
    other += HAND_CARD * (sizes[side] - sizes[opp])
    if defcon == 2:
        other += -0.5 if view["phasing"] == side else 0.5
    vp = float(view["vp"] if side == US else -view["vp"])
    return vp, board, mil, other


def _urgency(view: View, side: str) -> float:
    """``Ctx.urgency`` for a bare view."""
    total = action_rounds(view["turn"])
    ar = view["action_round"]
    if ar == 0:
        left = total
    elif side == USSR:
        left = total - ar + (1 if view["phasing"] == USSR else 0)
    else:
        left = total - ar + 1
    return 1.0 if left <= 1 else (0.85 if left <= 3 else 0.6)


def position_value(view: View, side: str) -> float:
    """The value of the position to ``side`` in VP equivalents (see
    :func:`value_terms`), with the board and the other terms weighted as
    fitted to the results of heuristic games: early boards change a lot
    before they are scored, so a turn-1 board counts for less."""
    vp, board, mil, other = value_terms(view, side)
    turn = view["turn"]
    # Reaching 20 VP ends the game at once: a lead close to it is nearly a win.
    vp *= 1 + 2 * (vp / VP_TO_WIN) ** 4
    return vp + (BOARD_SHARE_BASE + BOARD_SHARE_STEP * (turn - 1)) * board + MILOPS_SHARE * mil + OTHER_SHARE * other


def evaluate(view: View, side: str) -> float:
    """Estimated probability that ``side`` wins: 1/0/0.5 once the game is
    over, else a logistic of :func:`position_value` (a 20 VP lead is near
    certain).

    >>> import brinkmanship as bm
    >>> s = bm.from_position("twilight", {"turn": 8, "vp": 18})
    >>> evaluate(s.view("US"), "US") > 0.9 > 0.1 > evaluate(s.view("US"), "USSR")
    True
    """
    if view.get("over"):
        winner = view.get("winner")
        if winner is None:
            return 0.5
        return 1.0 if winner == side else 0.0
    x = position_value(view, side) * (EVAL_K_BASE + EVAL_K_STEP * (view["turn"] - 1))
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["Ctx", "coup_value", "evaluate", "event_value", "place_value", "position_value", "realign_value",
           "region_weights", "score_actions", "scoring_gain"]
