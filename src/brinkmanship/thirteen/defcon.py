"""The DEFCON tests of 13 Days as pure functions of marker positions.

The nuclear-war check at the end of a round and the push of the DEFCON-track
agendas before it (open question Q3, option ``agenda_push``) are needed by
the rules, by the heuristic bot (how far a side is from war) and by the CLI
(the warnings under the board). They live here once, over plain positions
(1-8, the track geometry of ``data.board``), so that none of them keeps its
own copy of the zone bounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from brinkmanship.thirteen.data.board import DEFCON1_FROM, DEFCON2_FROM, DEFCON_MIN

# The highest position that never triggers war by itself (the top of the
# DEFCON 2 zone), and the highest position of the DEFCON 3 zone: one marker
# at or below it keeps "all three in DEFCON 2" away.
SAFE_MAX = DEFCON1_FROM - 1
CALM_MAX = DEFCON2_FROM - 1

# The highest position a track agenda pushes, by the option ``agenda_push``:
# the whole DEFCON 2 zone (our reading), all of it but its top (Saito's), or
# nothing.
PUSH_TOP: dict[str, int] = {"zone": DEFCON1_FROM - 1, "saito": DEFCON1_FROM - 2, "none": DEFCON_MIN - 1}


def war_at(markers: Sequence[int]) -> bool:
    """Would a side with these three markers trigger nuclear war at the end
    of the round? (one in the DEFCON 1 zone, or all three in DEFCON 2 or worse)

    >>> war_at((7, 1, 1)), war_at((4, 5, 6)), war_at((3, 6, 6))
    (True, True, False)
    """
    return max(markers) >= DEFCON1_FROM or min(markers) >= DEFCON2_FROM


def push_top(mode: str) -> int:
    """The highest marker position a DEFCON-track agenda pushes under the
    option ``agenda_push`` ("zone" 6, "saito" 5; "none" pushes nothing)."""
    return PUSH_TOP[mode]


def is_pushed(position: int, mode: str) -> bool:
    """Does a track agenda push a marker at ``position`` one step up before the check?"""
    return DEFCON2_FROM <= position <= PUSH_TOP[mode]


def pushed(position: int, mode: str) -> int:
    """A marker's position after one track agenda has pushed it.

    >>> pushed(6, "zone"), pushed(6, "saito"), pushed(3, "zone")
    (7, 6, 3)
    """
    return position + 1 if DEFCON2_FROM <= position <= PUSH_TOP[mode] else position


def safe_limit(pushes: int, mode: str) -> int:
    """The highest position from which a marker stays out of the DEFCON 1
    zone through ``pushes`` track-agenda pushes (each agenda pushes once).

    >>> safe_limit(0, "zone"), safe_limit(1, "zone"), safe_limit(2, "zone"), safe_limit(1, "saito")
    (6, 5, 4, 6)
    """
    for start in range(SAFE_MAX, DEFCON_MIN - 1, -1):
        pos = start
        for _ in range(pushes):
            pos = pushed(pos, mode)
        if pos <= SAFE_MAX:
            return start
    return DEFCON_MIN - 1


def steps_to_safety(markers: Sequence[int], limits: Sequence[int] = (SAFE_MAX, SAFE_MAX, SAFE_MAX)
                    ) -> tuple[int, int, int, int]:
    """The fewest de-escalation steps that pass the nuclear check: every
    marker at or below its limit (``limits[t]``, lower than 6 when track
    agendas will push it, see ``safe_limit``) and one of them at 3 or below.

    Returns the total and the part that must come off each track; the rest
    brings the lowest marker down to 3. Zero means no war.

    >>> steps_to_safety((7, 5, 4))
    (2, 1, 0, 0)
    """
    m0, m1, m2 = markers[0], markers[1], markers[2]
    h0 = m0 - limits[0] if m0 > limits[0] else 0
    h1 = m1 - limits[1] if m1 > limits[1] else 0
    h2 = m2 - limits[2] if m2 > limits[2] else 0
    lo = min(m0 - h0, m1 - h1, m2 - h2) - CALM_MAX
    return h0 + h1 + h2 + (lo if lo > 0 else 0), h0, h1, h2


__all__ = ["CALM_MAX", "PUSH_TOP", "SAFE_MAX", "is_pushed", "push_top", "pushed", "safe_limit",
           "steps_to_safety", "war_at"]
