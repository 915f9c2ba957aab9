"""The printed facts: map and card counts match the Deluxe Edition."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from brinkmanship.twilight import board
from brinkmanship.twilight.data.cards import CARD_FACTS
from brinkmanship.twilight.data.countries import COUNTRY_FACTS

# No state is made here: one run, on Python (tests/conftest.py).
pytestmark = [pytest.mark.usefixtures("on_backend"),
              pytest.mark.python_backend("reads the board and card tables; it makes no state")]


def test_country_counts() -> None:
    assert len(COUNTRY_FACTS) == 84
    assert sum(board.BATTLEGROUND) == 29
    assert sum(board.STABILITY) == 192
    assert Counter(board.REGION) == {
        "Europe": 21, "Middle East": 10, "Asia": 15, "Africa": 18,
        "Central America": 10, "South America": 10,
    }
    bgs = Counter(r for r, bg in zip(board.REGION, board.BATTLEGROUND, strict=True) if bg)
    assert bgs == {"Europe": 5, "Middle East": 6, "Asia": 6, "Africa": 5,
                   "Central America": 3, "South America": 4}
    assert len(board.IN_REGION["Western Europe"]) == 14
    assert len(board.IN_REGION["Eastern Europe"]) == 9
    assert len(board.IN_REGION["Southeast Asia"]) == 7


def test_adjacency_is_symmetric_with_112_links() -> None:
    links = set()
    for i, nbrs in enumerate(board.ADJACENT):
        for j in nbrs:
            assert i in board.ADJACENT[j], f"{board.NAMES[i]} - {board.NAMES[j]} one way only"
            links.add(frozenset((i, j)))
    assert len(links) == 112


def test_superpower_adjacency() -> None:
    names = {s: sorted(board.NAMES[i] for i in board.NEXT_TO[s]) for s in ("US", "USSR")}
    assert names["US"] == ["Canada", "Cuba", "Japan", "Mexico"]
    assert names["USSR"] == ["Afghanistan", "Finland", "North Korea", "Poland", "Romania"]


def test_austria_and_finland_are_in_both_europes() -> None:
    for name in ("Austria", "Finland"):
        i = board.INDEX[name]
        assert i in board.IN_REGION["Western Europe"] and i in board.IN_REGION["Eastern Europe"]


def test_card_counts() -> None:
    assert len(CARD_FACTS) == 110
    assert [c.number for c in CARD_FACTS] == list(range(1, 111))
    assert sum(c.scoring for c in CARD_FACTS) == 7
    assert sum(c.starred for c in CARD_FACTS) == 70
    assert sum(c.optional for c in CARD_FACTS) == 7
    assert sum(c.stays_in_play for c in CARD_FACTS) == 21
    assert Counter(c.side for c in CARD_FACTS) == {"Neutral": 28, "US": 42, "USSR": 40}
    assert sorted(c.name for c in CARD_FACTS if c.war) == [
        "Arab-Israeli War", "Brush War", "Indo-Pakistani War", "Iran-Iraq War", "Korean War"]
    periods = Counter((c.period, c.optional) for c in CARD_FACTS)
    assert periods == {("Early", False): 36, ("Early", True): 3, ("Mid", False): 46,
                       ("Mid", True): 2, ("Late", False): 21, ("Late", True): 2}


def test_decks_exclude_the_china_card() -> None:
    assert len(board.PERIOD_CARDS["Early"]) == 35
    assert board.CHINA not in board.PERIOD_CARDS["Early"]
    assert 103 in board.PERIOD_CARDS["Early"]  # Defectors is an Early War card
    assert board.OPTIONAL_CARDS == {"Early": (104, 105, 106), "Mid": (107, 108), "Late": (109, 110)}


def test_scoring_cards_have_no_ops() -> None:
    for c in CARD_FACTS:
        assert (c.ops == 0) == c.scoring


def test_every_scoring_card_scores_a_region_read_from_data() -> None:
    scoring = {n for n in range(1, board.N_CARDS + 1) if board.SCORING[n]}
    assert set(board.SCORING_CARD_REGION) == scoring
    assert all(board.SCORING_CARD_REGION[n] in board.IN_REGION for n in scoring)
    assert board.SCORING_CARD_REGION[38] == "Southeast Asia"
    # No rule derives a region from a card's English name.
    src = Path(board.__file__).parent
    derived = [p.name for p in src.rglob("*.py") if 'removesuffix(" Scoring")' in p.read_text(encoding="utf-8")]
    assert not derived
