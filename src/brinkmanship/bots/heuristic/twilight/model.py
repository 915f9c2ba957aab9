"""The position model: what the Twilight Struggle heuristic reads from a view.

:class:`Ctx` turns one side's view into per-country arrays from that side's
seat (influence, control, region counts and weights) once per call, so the
scorers and event values can ask what a change is worth (``flip``,
``delta``) cheaply. Here too are the tuning weights in VP equivalents, the
board tables they are applied to (built once at import) and the region
weights: how many more times each region is likely to be scored.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import (
    BATTLEGROUND,
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
from brinkmanship.twilight.data.setup import DEFCON_CLOSED, MID_WAR_TURN, REGION_SCORING, TURNS, action_rounds

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
