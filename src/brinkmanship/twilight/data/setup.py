"""Starting position and turn-structure numbers (Deluxe Edition, rule 3 and 4)."""

from __future__ import annotations

# Influence printed on the map at the start (rule 3).
FIXED_INFLUENCE: dict[str, dict[str, int]] = {
    "USSR": {"Syria": 1, "Iraq": 1, "North Korea": 3, "East Germany": 3, "Finland": 1},
    "US": {
        "Canada": 2, "Iran": 1, "Israel": 1, "Japan": 1, "Australia": 4,
        "Philippines": 1, "South Korea": 1, "Panama": 1, "South Africa": 1, "UK": 5,
    },
}

# Influence each side then places freely, and where (rule 3).
FREE_INFLUENCE: dict[str, tuple[int, str]] = {
    "USSR": (6, "Eastern Europe"),
    "US": (7, "Western Europe"),
}

TURNS = 10
MID_WAR_TURN = 4
LATE_WAR_TURN = 8
VP_TO_WIN = 20


def hand_size(turn: int) -> int:
    """Cards each side is dealt up to at the start of a turn (rule 4.1)."""
    return 8 if turn < MID_WAR_TURN else 9


def action_rounds(turn: int) -> int:
    """Action rounds per side in a turn (rule 4.1)."""
    return 6 if turn < MID_WAR_TURN else 7


# Space Race track (rule 6.4): (name, ops needed, highest winning roll,
# VP for the first side to arrive, VP for the second).
SPACE_BOXES: tuple[tuple[str, int, int, int, int], ...] = (
    ("Start", 0, 0, 0, 0),
    ("Earth Satellite", 2, 3, 2, 1),
    ("Animal in Space", 2, 4, 0, 0),
    ("Man in Space", 2, 3, 2, 0),
    ("Man in Earth Orbit", 2, 4, 0, 0),
    ("Lunar Orbit", 3, 3, 3, 1),
    ("Eagle/Bear Has Landed", 3, 4, 0, 0),
    ("Space Shuttle", 3, 3, 4, 2),
    ("Space Station", 4, 2, 2, 0),
)

# Regional scoring (rule 10.1.2): presence, domination, control VP.
# Europe control wins the game outright, written here as None.
REGION_SCORING: dict[str, tuple[int, int, int | None]] = {
    "Europe": (3, 7, None),
    "Asia": (3, 7, 9),
    "Middle East": (3, 5, 7),
    "Central America": (1, 3, 5),
    "South America": (2, 5, 6),
    "Africa": (1, 4, 6),
}

# Coups and realignments are forbidden in these regions at each DEFCON (8.1.5).
DEFCON_CLOSED: dict[int, frozenset[str]] = {
    5: frozenset(),
    4: frozenset({"Europe"}),
    3: frozenset({"Europe", "Asia"}),
    2: frozenset({"Europe", "Asia", "Middle East"}),
    1: frozenset({"Europe", "Asia", "Middle East"}),
}
