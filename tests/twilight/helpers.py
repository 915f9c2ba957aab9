"""Small readers shared by the rules tests."""

from __future__ import annotations

import brinkmanship as bm
from brinkmanship.twilight.board import INDEX


def inf(s: bm.State, side: str, country: str) -> int:
    """Influence of ``side`` in ``country``."""
    n: int = s.data["inf"][side][INDEX[country]]
    return n


def texts(s: bm.State) -> list[str]:
    """The legal actions as text, in order."""
    return [a.text for a in s.legal_actions()]


def placements(s: bm.State) -> set[str]:
    """Countries offered by the legal ``place`` actions."""
    return {a.text.removeprefix("place ") for a in s.legal_actions() if a.text.startswith("place ")}
