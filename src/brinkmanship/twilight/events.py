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


# A continuation resumes an event after a decision or a die roll:
# ``(state_data, frame, answer) -> None``, where ``frame`` is the finished
# frame (its ``data`` holds what the event stored) and ``answer`` is the chosen
# country index / card number / option index, True/False for yes/no, None for
# pass, or the die roll. Continuations are looked up by name, so frames stay
# plain data that can be saved and resumed.
Continuation = Callable[[dict[str, Any], dict[str, Any], Any], None]

CONTINUATIONS: dict[str, Continuation] = {}


def then(name: str) -> Callable[[Continuation], Continuation]:
    """Register the decorated function as the continuation ``name``."""

    def register(fn: Continuation) -> Continuation:
        if name in CONTINUATIONS:
            raise ValueError(f"continuation {name!r} defined twice")
        CONTINUATIONS[name] = fn
        return fn

    return register
