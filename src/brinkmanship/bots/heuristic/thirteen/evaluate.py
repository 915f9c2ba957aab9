"""Leaf evaluation for 13 Days: the chance that a side wins.

The model's win probability, and at the start of a round the fitted
logistic model ``ROUND_START_W`` over it and a few board facts.
"""

from __future__ import annotations

import math
from typing import Any

from brinkmanship.bots.heuristic.thirteen.model import CARD_AT, OPP, _aftval, _Model, _sigmoid
from brinkmanship.thirteen.board import US
from brinkmanship.thirteen.data.board import ROUNDS

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
    return ((view.get("decision") or {}).get("kind") == "agenda" and view["round"] > 1
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
