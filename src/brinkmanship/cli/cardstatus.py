"""Which card events are implemented, and which have a test named after them.

Implementation status comes from each game's event registry. Test status
comes from the test suite of a source checkout (``tests/`` next to
``src/``), read from the game's own test folder (``tests/twilight``,
``tests/thirteen``) so that a card name both games share (Containment) is
not credited with the other game's tests. A card counts as tested when
some test function's name is ``test_`` plus the card's name in snake case,
alone or followed by ``_`` (``test_fidel_...``); a 13 Days agenda card when
one is named ``test_<agenda>_agenda...`` (``test_military_track_agenda_...``).
Installed without the tests, the test column shows "?".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from brinkmanship.twilight.board import CARD, CHINA
from brinkmanship.twilight.events import REGISTRY

_TEST_DEF = re.compile(r"^def (test_\w+)\(", re.MULTILINE)


def snake(name: str) -> str:
    """A card name as it appears in test names.

    >>> snake("US/Japan Mutual Defense Pact"), snake("“We Will Bury You”"), snake("Cuba (Political)")
    ('us_japan_mutual_defense_pact', 'we_will_bury_you', 'cuba_political')
    """
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


@dataclass(frozen=True)
class CardStatus:
    """One card's row in ``brink cards``.

    ``kind`` tells the 13 Days agenda cards (numbered 1-13) from strategy
    cards; Twilight Struggle cards are all ``"strategy"``.
    """

    number: int
    implemented: bool
    tested: bool | None  # None: no test suite to look at
    kind: str = "strategy"


def find_tests_dir(game: str = "twilight") -> Path | None:
    """The ``tests/`` folder of a source checkout holding ``game``'s tests."""
    root = Path(__file__).resolve().parents[3]
    t = root / "tests"
    return t if (t / game).is_dir() else None


def collected_test_names(folder: Path) -> set[str]:
    """Every test function name under ``folder``."""
    names: set[str] = set()
    for path in folder.rglob("test_*.py"):
        names.update(_TEST_DEF.findall(path.read_text(encoding="utf-8")))
    return names


def _game_test_names(folder: Path | None, game: str) -> set[str] | None:
    """Test names of ``game``: under ``folder/game`` when it exists, else
    under ``folder`` itself; None without a test suite."""
    folder = folder if folder is not None else find_tests_dir(game)
    if folder is None:
        return None
    own = folder / game
    return collected_test_names(own if own.is_dir() else folder)


def named_after(names: set[str], prefix: str) -> bool:
    """Some test is called ``prefix`` or ``prefix_...``."""
    return any(t == prefix or t.startswith(prefix + "_") for t in names)


def statuses(folder: Path | None = None) -> list[CardStatus]:
    """Status of every Twilight Struggle card, in number order."""
    import brinkmanship.twilight  # noqa: F401  (registers the events)

    names = _game_test_names(folder, "twilight")
    out = []
    for n in sorted(CARD):
        # The China Card has no event: it is complete when the rules play it.
        implemented = n == CHINA or n in REGISTRY.events
        tested = None if names is None else named_after(names, "test_" + snake(CARD[n].name))
        out.append(CardStatus(n, implemented, tested))
    return out


def thirteen_statuses(folder: Path | None = None) -> list[CardStatus]:
    """Status of the 39 strategy cards, then the 13 agenda cards, of 13 Days.

    Agenda cards have no event to implement (the rules score them), so they
    count as implemented; two cards of one agenda type share its tests.
    """
    import brinkmanship.thirteen  # noqa: F401  (registers the events)
    from brinkmanship.thirteen.board import AGENDA_CARDS, AGENDA_NAME, CARD_NAME, N_CARDS
    from brinkmanship.thirteen.events import REGISTRY as THIRTEEN

    names = _game_test_names(folder, "thirteen")
    out = []
    for n in range(1, N_CARDS + 1):
        tested = None if names is None else named_after(names, "test_" + snake(CARD_NAME[n]))
        out.append(CardStatus(n, n in THIRTEEN.events, tested))
    for k, type_id in enumerate(AGENDA_CARDS, 1):
        prefix = f"test_{snake(AGENDA_NAME[type_id])}_agenda"
        tested = None if names is None else named_after(names, prefix)
        out.append(CardStatus(k, True, tested, kind="agenda"))
    return out
