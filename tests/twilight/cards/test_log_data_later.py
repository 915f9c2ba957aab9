"""The log of the Mid War, Late War and optional card events is data.

Two checks: no log call of these modules passes English prose (the
transitional ``raw`` entries), and random games that play every one of their
events render every entry from the catalog.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core.log import audiences
from brinkmanship.i18n import catalog
from brinkmanship.twilight.board import CARD, CARD_NAME, NAMES
from brinkmanship.twilight.cards import late_war, mid_war_a, mid_war_b, optional
from brinkmanship.twilight.events import REGISTRY

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


MODULES = (mid_war_a, mid_war_b, late_war, optional)
CARDS = sorted(n for n, fn in REGISTRY.events.items() if fn.__module__ in {m.__name__ for m in MODULES})
SEEDS = 4  # random games per card and side
# Lasting effects some of these events read (Solidarity, Glasnost, Terrorism,
# Special Relationship): each is in play in about half of the games.
EFFECTS = ("John Paul II Elected Pope", "The Reformer", "Iranian Hostage Crisis", "NATO")

# A log call: ``log(d, <first>``, ``rules.log(d, <first>`` or ``end_game(d, winner, result, <first>``.
_CALL = re.compile(r"\b(?:log\(\s*d\s*,|end_game\(\s*d\s*,[^,]+,[^,]+,)\s*(f?\"[^\"]*\"|f?'[^']*')")


@pytest.mark.python_backend("it reads the Python card modules; it makes no state")
def test_the_four_modules_exist_and_hold_events() -> None:
    assert len(CARDS) > 50 and 36 in CARDS and 110 in CARDS


@pytest.mark.python_backend("it scans the Python card sources; it makes no state")
@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_no_log_call_passes_prose(module: Any) -> None:
    source = Path(module.__file__).read_text(encoding="utf-8")
    calls = _CALL.findall(source)
    assert calls, "the pattern finds the log calls"
    prose = [c for c in calls if " " in c or c.startswith(("f'", 'f"'))]
    assert prose == []
    assert all(c.strip("\"'").startswith("twilight.") for c in calls)
    # Codes handed to helpers (``_add``, ``_set_defcon``) are in the catalog too.
    codes = set(re.findall(r"\"(twilight\.card\.[a-z0-9_.]+)\"", source))
    assert codes and codes <= set(catalog("en"))


def _position(card: int, side: str, r: random.Random) -> dict[str, Any]:
    """A varied position with ``card`` in the hand of ``side``, who moves."""
    turn = {"Early": 3, "Mid": r.randint(4, 7), "Late": r.randint(8, 10)}[CARD[card].period]
    influence: dict[str, dict[str, int]] = {"USSR": {}, "US": {}}
    for s in influence:
        for i in r.sample(range(len(NAMES)), 25):
            influence[s][NAMES[i]] = r.randint(1, 4)
    return {
        "seed": r.randrange(1 << 30),
        "turn": turn,
        "action_round": r.randint(1, 5),
        "phasing": side,
        "defcon": r.randint(2, 5),
        "vp": r.randint(-9, 9),
        "milops": {"USSR": r.randint(0, 5), "US": r.randint(0, 5)},
        "space": {"USSR": r.randint(0, 7), "US": r.randint(0, 7)},
        "influence": influence,
        "hands": {side: [card]},
        "china": {"holder": r.choice(("USSR", "US")), "face_up": r.random() < 0.7},
        "effects": {e: {"until": "game"} for e in EFFECTS if r.random() < 0.5},
    }


def event_games(seeds: int = SEEDS) -> Iterator[tuple[str, bm.State]]:
    """Finished random games, each opened by one event of these modules."""
    for card in CARDS:
        for side in ("USSR", "US"):
            for k in range(seeds):
                r = random.Random(f"{card}-{side}-{k}")
                s = bm.from_position("twilight", _position(card, side, r))
                legal = [str(a) for a in s.legal_actions()]
                opening = f"event {CARD_NAME[card]}"
                s.apply(opening if opening in legal else r.choice(legal))
                steps = 0
                while not s.is_terminal and steps < 3000:
                    s.apply_random(r)
                    steps += 1
                yield f"{card}-{side}-{k}", s


def test_every_entry_of_games_with_these_events_renders() -> None:
    codes: set[str] = set()
    for key, s in event_games():
        lines = s.log  # renders every entry, private ones too
        entries = s.data["log"]
        assert len(lines) == len(entries), key
        assert all(e["to"] in audiences(("USSR", "US")) for e in entries), key
        codes.update(e["code"] for e in entries)
    # The games reach many of the modules' own messages.
    assert sum(1 for c in codes if c.startswith("twilight.card.")) > 40


def _play(actions: list[str], **pos: Any) -> bm.State:
    s = bm.from_position("twilight", pos)
    s.apply_many(actions)
    return s


@pytest.mark.parametrize(("state", "line"), [
    (lambda: _play(["event Junta", "target Panama"], hands={"USSR": ["Junta"]}, influence={"US": {}, "USSR": {}}),
     "Junta: no US influence in Central or South America to coup or realign."),
    (lambda: _play(["event Tear Down This Wall"], turn=8, phasing="US", hands={"US": ["Tear Down This Wall"]},
                   influence={"US": {}, "USSR": {"Cuba": 1}}),
     "Tear Down This Wall: no USSR influence in Europe to coup or realign."),
    (lambda: _play(["event Che"], turn=4, hands={"USSR": ["Che"]}, influence={"US": {"Canada": 1}, "USSR": {}}),
     "Che: no US influence in a non-battleground country of the Americas or Africa."),
    (lambda: _play(["event Our Man in Tehran"], turn=4, phasing="US", hands={"US": ["Our Man in Tehran"]},
                   influence={"US": {"Israel": 4}, "USSR": {}}, deck=[], discard=[]),
     "Our Man in Tehran: no card left to draw."),
], ids=["junta", "tear_down_this_wall", "che", "our_man_in_tehran"])
def test_branches_random_games_rarely_reach_read_as_before(state: Any, line: str) -> None:
    assert line in state().log


def test_the_scoring_cards_the_cambridge_five_shows_are_for_the_ussr_alone() -> None:
    s = _play(["event The Cambridge Five"], hands={"USSR": ["The Cambridge Five"],
                                                   "US": ["Asia Scoring", "Europe Scoring"]})
    shown = "The Cambridge Five: the US shows Asia Scoring, Europe Scoring."
    assert shown in s.log
    assert [e["to"] for e in s.log_entries if e["code"] == "twilight.card.the_cambridge_five.shows"] == ["USSR"]
    assert not any(e["code"] == "twilight.card.the_cambridge_five.shows" for e in s.view("US")["log"])
    assert not any(e["code"] == "twilight.card.the_cambridge_five.shows" for e in s.view(None)["log"])
