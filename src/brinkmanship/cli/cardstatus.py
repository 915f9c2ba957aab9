"""Which card events are implemented, and which have a test named after them.

Implementation status comes from the event registry. Test status comes from
the test suite of a source checkout (``tests/`` next to ``src/``): a card
counts as tested when some test function's name starts with ``test_`` plus
the card's name in snake case (``test_fidel_...``). Installed without the
tests, the test column shows "?".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from brinkmanship.twilight.board import CARD, CHINA
from brinkmanship.twilight.events import EVENTS

_TEST_DEF = re.compile(r"^def (test_\w+)\(", re.MULTILINE)


def snake(name: str) -> str:
    """A card name as it appears in test names.

    >>> snake("US/Japan Mutual Defense Pact"), snake("“We Will Bury You”")
    ('us_japan_mutual_defense_pact', 'we_will_bury_you')
    """
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


@dataclass(frozen=True)
class CardStatus:
    """One card's row in ``brink cards``."""

    number: int
    implemented: bool
    tested: bool | None  # None: no test suite to look at


def find_tests_dir() -> Path | None:
    """The ``tests/`` folder of a source checkout, if this is one."""
    root = Path(__file__).resolve().parents[3]
    t = root / "tests"
    return t if (t / "twilight").is_dir() else None


def collected_test_names(folder: Path) -> set[str]:
    """Every test function name under ``folder``."""
    names: set[str] = set()
    for path in folder.rglob("test_*.py"):
        names.update(_TEST_DEF.findall(path.read_text(encoding="utf-8")))
    return names


def statuses(folder: Path | None = None) -> list[CardStatus]:
    """Status of every Twilight Struggle card, in number order."""
    import brinkmanship.twilight  # noqa: F401  (registers the events)

    folder = folder if folder is not None else find_tests_dir()
    names = collected_test_names(folder) if folder is not None else None
    out = []
    for n in sorted(CARD):
        # The China Card has no event: it is complete when the rules play it.
        implemented = n == CHINA or n in EVENTS
        tested = None
        if names is not None:
            prefix = "test_" + snake(CARD[n].name)
            tested = any(t == prefix or t.startswith(prefix + "_") for t in names)
        out.append(CardStatus(n, implemented, tested))
    return out
