"""Leaf evaluation for Twilight Struggle: the chance that a side wins.

:func:`position_value` weighs the terms of :func:`value_terms` (VP, board,
Military Operations, the rest) as fitted to the results of heuristic games;
:func:`evaluate`, the search bot's leaf value, is a logistic of it.
"""

from __future__ import annotations

import math

from brinkmanship.bots.heuristic.twilight.model import (
    BG_FLAT,
    CHINA_HOLD,
    HAND_CARD,
    MILOPS_VP,
    NAME_MARGIN,
    NBG_FLAT,
    OTHER,
    SEA,
    US,
    USSR,
    View,
    _net,
    region_counts,
    region_weights,
)
from brinkmanship.twilight.data.setup import VP_TO_WIN, action_rounds

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
