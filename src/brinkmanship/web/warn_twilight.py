"""Moves of twilight that would lose the game at once (filled in by the twilight table work)."""

from __future__ import annotations

import brinkmanship as bm


def warnings(state: bm.State, lang: str) -> dict[str, str]:
    """Each legal action of the side to move that loses the game at once, with why, in ``lang``."""
    return {}
