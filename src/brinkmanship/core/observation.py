"""Observation tensors: the fixed layout each game declares for learners.

A game's tensor is a flat float32 vector whose length depends only on the
game (never on the options or the position), built from what one side may
know: its view. The layout is declared once, slice by slice, so that the
encoder, ``docs/observation.md`` and the tests read the same table, and a
slice can be found by name (``layout["defcon"]``) rather than by counting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Slice:
    """One named run of the tensor: where it starts, how long it is, and
    what each entry means and how it is scaled (for the docs)."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """An ordered table of slices, built once per game at import.

    >>> lay = Layout("demo")
    >>> lay.add("defcon", 1, "DEFCON / 5").start, lay.add("hand", 3, "one per card").start
    (0, 1)
    >>> lay.size, lay["hand"].stop
    (4, 4)
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.slices: list[Slice] = []
        self._by_name: dict[str, Slice] = {}
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> Slice:
        """Append a slice of ``size`` entries (names are unique)."""
        if name in self._by_name:
            raise ValueError(f"slice {name!r} declared twice")
        if size <= 0:
            raise ValueError(f"slice {name!r} must have at least one entry")
        s = Slice(name, self.size, size, meaning)
        self.slices.append(s)
        self._by_name[name] = s
        self.size += size
        return s

    def __getitem__(self, name: str) -> Slice:
        return self._by_name[name]

    def describe(self) -> list[dict[str, Any]]:
        """The table as data: ``[{"name", "start", "size", "meaning"}]``."""
        return [{"name": s.name, "start": s.start, "size": s.size, "meaning": s.meaning} for s in self.slices]

    def markdown(self) -> str:
        """The table as the Markdown that ``docs/observation.md`` carries
        (a test checks the page still matches the code)."""
        rows = ["| Slice | Start | Size | Meaning |", "|---|---:|---:|---|"]
        rows += [f"| `{s.name}` | {s.start} | {s.size} | {s.meaning} |" for s in self.slices]
        return "\n".join(rows)
