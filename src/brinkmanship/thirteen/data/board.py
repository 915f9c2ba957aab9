"""The 13 Days board: arenas, DEFCON tracks and the supply, as data.

Facts come from ``shared/reference/thirteen_days`` (rules.md section 1-2 and
cards.json). The DEFCON track geometry is a Saito-only fact (open question
Q1), so it lives here as data, to be corrected against a physical board
without touching any rule.
"""

from __future__ import annotations

# Arena order is fixed: the index is the arena id, and ``index // 3`` is its
# DEFCON category (0 military, 1 political, 2 world opinion).
ARENAS: tuple[str, ...] = (
    "Cuba (Military)", "Atlantic", "Berlin",
    "Cuba (Political)", "Turkey", "Italy",
    "Television", "United Nations", "Alliances",
)
TRACKS: tuple[str, ...] = ("Military", "Political", "World Opinion")

# Cuba (Military), Atlantic and Cuba (Political): the agendas of these three
# arenas score a bonus for each other Caribbean arena the same side dominates.
CARIBBEAN: tuple[int, ...] = tuple(ARENAS.index(a) for a in ("Cuba (Military)", "Atlantic", "Cuba (Political)"))

# Cubes on the board at the start (rules.md 2.3).
START_CUBES: dict[str, dict[str, int]] = {
    "US": {"Italy": 1, "Turkey": 1},
    "USSR": {"Berlin": 1, "Cuba (Military)": 1},
}

# DEFCON markers: positions 1 (calmest) to 8, per side, per track (Q1).
DEFCON_MIN = 1
DEFCON_MAX = 8
START_DEFCON: dict[str, tuple[int, int, int]] = {
    "US": (1, 2, 1),       # military, political, world opinion
    "USSR": (2, 1, 1),
}
# Zones: 1-3 is DEFCON 3, 4-6 is DEFCON 2, 7-8 is DEFCON 1.
DEFCON2_FROM = 4
DEFCON1_FROM = 7

SUPPLY = 17          # cubes per side
ARENA_MAX = 5        # cubes per side per arena
MAX_LEAD = 5         # prestige lead cap
ROUNDS = 3
PLAYS_PER_ROUND = 4
HAND_SIZE = 5
AGENDAS_DEALT = 3
AFTERMATH_BONUS = 2
LETTER_AGENDA_PRESTIGE = 2


def zone(position: int) -> int:
    """The DEFCON zone (3, 2 or 1) of a marker position.

    >>> [zone(p) for p in range(1, 9)]
    [3, 3, 3, 2, 2, 2, 1, 1]
    """
    if position >= DEFCON1_FROM:
        return 1
    if position >= DEFCON2_FROM:
        return 2
    return 3
