"""Small readers shared by the rules tests."""

from __future__ import annotations

from typing import Any

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


OPS_ONLY = {"events": False}


def ops_only(position: dict[str, Any]) -> bm.State:
    """A position in the game with non-scoring events switched off: the base
    rules tests (turn sequence, operations, Space Race, scoring) use it so
    that their legal-action lists are those of the ops-only game."""
    options = {**OPS_ONLY, **position.get("options", {})}
    return bm.from_position("twilight", {**position, "options": options})
