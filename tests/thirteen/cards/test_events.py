"""The 13 Days event registry (``thirteen/events.py``): every strategy card
has an event, and the decisions an event's continuation pushes belong to the
card, as those the event pushes itself do."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from brinkmanship.thirteen import cards  # importing the cards registers their events
from brinkmanship.thirteen.board import FIDEL_CASTRO, FIFTY_FIFTY, N_CARDS, QUARANTINE, SCRAMBLE
from brinkmanship.thirteen.events import REGISTRY
from tests.thirteen.helpers import position

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def test_every_strategy_card_has_an_event() -> None:
    assert REGISTRY.missing(range(1, N_CARDS + 1)) == []
    assert sorted(REGISTRY.events) == list(range(1, N_CARDS + 1))


def test_fifty_fifty_second_move_belongs_to_fifty_fifty() -> None:
    # The second marker move is pushed by a continuation, after the first.
    deck = [c for c in range(1, N_CARDS + 1) if c not in (FIFTY_FIFTY, SCRAMBLE, FIDEL_CASTRO, QUARANTINE)]
    s = position(hands={"USSR": ["Fifty-Fifty", "Scramble", "Fidel Castro"], "US": ["Quarantine"]}, deck=deck,
                 cubes={"USSR": {"Television": 2}, "US": {"Television": 1}},
                 defcon={"USSR": {"Military": 3, "Political": 3, "World Opinion": 3}})
    s.apply("event Fifty-Fifty")
    assert s.data["stack"][-1]["card"] == FIFTY_FIFTY
    s.apply("escalate Military 1")
    top = s.data["stack"][-1]
    assert top["f"] == "shift" and top["tracks"] == [1, 2] and top["card"] == FIFTY_FIFTY
    assert s.view("USSR")["decision"]["card"] == FIFTY_FIFTY


def _card_calls() -> list[ast.Call]:
    files = Path(cards.__file__).parent.glob("*.py")
    return [node for path in files for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Call)]


def test_events_name_their_cards_arenas_and_tracks() -> None:
    # Card numbers, arenas and tracks are the named constants of board.py
    # (SPEECH_TO_THE_NATION, CUBA, MILITARY_TRACK ...), never bare numbers.
    for call in _card_calls():
        name = getattr(call.func, "id", None)
        if name == "event":
            assert isinstance(call.args[0], ast.Name), ast.unparse(call)
        if name in ("push_cubes", "push_shift", "ask"):
            for arg in call.args:
                if isinstance(arg, (ast.List, ast.Tuple)):
                    assert not any(isinstance(x, ast.Constant) for x in arg.elts), ast.unparse(call)
