"""The Twilight Struggle event registry: one event per card, one signature,
and the ``Play`` each event is given (who resolves it, who played the card)."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core.events import Play
from brinkmanship.twilight.board import CHINA
from brinkmanship.twilight.events import REGISTRY

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


@pytest.mark.python_backend("it reads the Python event registry")
def test_every_card_but_the_china_card_has_one_event() -> None:
    bm.new_game("twilight")  # imports the card modules, which register the events
    # A second event for a card would have raised when it was registered.
    assert REGISTRY.missing(range(1, 111)) == [CHINA]
    assert set(REGISTRY.events) <= set(range(1, 111))


@pytest.mark.python_backend("it reads the Python event functions")
def test_every_event_takes_the_one_signature() -> None:
    bm.new_game("twilight")
    for n, fn in REGISTRY.events.items():
        ann = fn.__annotations__
        assert (ann["d"], ann["play"]) == ("Data", "Play"), (n, fn.__name__)
        assert ann["return"] in ("None", "bool | None"), (n, fn.__name__)


def _recording(monkeypatch: pytest.MonkeyPatch, card: int) -> list[Play]:
    """Record the ``Play`` that ``card``'s event is run with."""
    seen: list[Play] = []
    real = REGISTRY.events[card]

    def record(d: dict[str, Any], play: Play) -> bool | None:
        seen.append(play)
        return real(d, play)

    monkeypatch.setitem(REGISTRY.events, card, record)
    return seen


@pytest.mark.python_backend("it wraps a Python event function, which the native core never calls")
def test_an_own_event_is_played_by_the_side_it_happens_for(monkeypatch: pytest.MonkeyPatch) -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON, "hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    seen = _recording(monkeypatch, 8)
    s.apply("event Fidel")
    assert seen == [Play("USSR", 8, "USSR")]


@pytest.mark.python_backend("it wraps a Python event function, which the native core never calls")
@pytest.mark.parametrize("first", ["event", "ops"])
def test_the_opponents_event_of_an_ops_play_is_played_by_the_phasing_player(
        monkeypatch: pytest.MonkeyPatch, first: str) -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US",
        "hands": {"USSR": ["NATO"], "US": ["Fidel"]},
        "influence": {"US": {"Mexico": 2}, "USSR": {}},
    })
    seen = _recording(monkeypatch, 8)
    s.apply("ops Fidel")
    s.apply(f"{first} Fidel")  # the opponent's event before or after the ops
    while not seen:
        s.apply("place Mexico")
    assert seen == [Play("USSR", 8, "US")]
