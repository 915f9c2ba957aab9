"""The 13 Days registry of card events and continuations.

It is kept apart from the card modules (``thirteen/cards/``) so that the
rules can run an event without importing the cards, which import the rules.
An event is ``(d, play) -> None`` (``core.events.Play``: the side resolving
it, the card, the side that played it); a continuation is
``(d, frame, answer) -> None``. The rules resume continuations through
``rules.resume``, which also marks the frames a continuation pushes as the
card's own.
"""

from __future__ import annotations

from brinkmanship.core.events import Play, Registry

REGISTRY = Registry("thirteen")
event = REGISTRY.event  # ``@event(number)``: the event of strategy card ``number``
then = REGISTRY.then    # ``@then(name)``: the continuation ``name``

__all__ = ["REGISTRY", "Play", "event", "then"]
