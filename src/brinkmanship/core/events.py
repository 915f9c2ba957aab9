"""Card events and their continuations: one registry shape for both games.

Each game keeps one ``Registry`` (``twilight/events.py``, ``thirteen/events.py``)
that its card modules fill with decorators, apart from the rules, so the rules
can run an event without importing the cards (which import the rules).

An event is a function ``(state_data, play) -> bool | None``. ``play`` says
which card it is, the side it happens for and the side that played the card
(they differ when a card's event happens for the opponent). The event changes
the state directly or pushes the game's generic decision frames. Returning
``False`` means the event did not take place (a prerequisite was missing);
``None`` or ``True`` mean it did.

A continuation resumes an event after a decision or a die roll:
``(state_data, frame, answer) -> None``, where ``frame`` is the finished frame
(its ``data`` holds what the event stored, given as an explicit ``data=``
argument when the frame was pushed) and ``answer`` is what was chosen (a
country, arena or card, an option index, True/False, None for a pass) or the
die roll. Frames store a continuation's name, never the function, so a state
stays plain data that can be saved and resumed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class Play(NamedTuple):
    """One event about to happen."""

    side: str
    """The side the event happens for (who resolves it)."""
    card: int
    """The card whose event it is."""
    by: str
    """The side that played the card."""


Event = Callable[[dict[str, Any], Play], "bool | None"]
Continuation = Callable[[dict[str, Any], Any, Any], None]


class Registry:
    """A game's card events (by card number) and continuations (by name).

    Registering a card or a name twice is an error: it would silently replace
    a rule.
    """

    __slots__ = ("continuations", "events", "game")

    def __init__(self, game: str) -> None:
        self.game = game
        self.events: dict[int, Event] = {}
        self.continuations: dict[str, Continuation] = {}

    def event(self, number: int) -> Callable[[Event], Event]:
        """Register the decorated function as the event of card ``number``."""

        def register(fn: Event) -> Event:
            if number in self.events:
                raise ValueError(f"{self.game}: card #{number} has two events")
            self.events[number] = fn
            return fn

        return register

    def then(self, name: str) -> Callable[[Continuation], Continuation]:
        """Register the decorated function as the continuation ``name``."""

        def register(fn: Continuation) -> Continuation:
            self.add_continuation(name, fn)
            return fn

        return register

    def add_continuation(self, name: str, fn: Continuation) -> None:
        """Register ``fn`` as the continuation ``name`` (rules that are not
        decorated, such as a war's outcome, use this)."""
        if name in self.continuations:
            raise ValueError(f"{self.game}: continuation {name!r} defined twice")
        self.continuations[name] = fn

    def run(self, d: dict[str, Any], play: Play) -> bool | None:
        """Make ``play.card``'s event happen."""
        return self.events[play.card](d, play)

    def resume(self, d: dict[str, Any], frame: Any, answer: Any) -> None:
        """Resume the event that pushed ``frame`` with its answer."""
        self.continuations[frame["then"]](d, frame, answer)

    def missing(self, cards: range | list[int]) -> list[int]:
        """The cards of ``cards`` without an event (a test asserts none)."""
        return [c for c in cards if c not in self.events]
