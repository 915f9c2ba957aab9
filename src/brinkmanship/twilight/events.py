"""The registry of card events, kept apart from the card modules so that the
rules can look events up without importing the cards (which import the rules).

An event is a function ``(state_data, side) -> bool | None`` run when the
card's event happens for ``side``. It changes the state directly or pushes
generic decision frames (see ``brinkmanship.twilight.rules``). Returning
``False`` means the event did not take place (a prerequisite was missing),
so a starred card goes to the discard pile instead of being removed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = Callable[[dict[str, Any], str], "bool | None"]

EVENTS: dict[int, Event] = {}


def event(number: int) -> Callable[[Event], Event]:
    """Register the decorated function as the event of card ``number``."""

    def register(fn: Event) -> Event:
        if number in EVENTS:
            raise ValueError(f"card #{number} has two events")
        EVENTS[number] = fn
        return fn

    return register
