"""Twilight Struggle's registry of card events and continuations.

It is the Twilight instance of the shared ``core.events.Registry``, kept apart
from the card modules so that the rules can run an event without importing
the cards (which import the rules). Card modules register with
``@event(number)`` and ``@then(name)``; rules that resume an event through a
continuation they define themselves (a war's outcome, a trap's escape roll)
use ``REGISTRY.add_continuation``.

An event is ``(d, play) -> bool | None`` with ``play`` a ``core.events.Play``
(``play.side`` resolves it, ``play.by`` played the card). It changes the
state directly or pushes the generic decision frames of
``brinkmanship.twilight.rules.frames``. Returning ``False`` means the event
did not take place (a prerequisite was missing), so a starred card goes to
the discard pile instead of being removed.
"""

from __future__ import annotations

from brinkmanship.core.events import Continuation, Event, Play, Registry

__all__ = ["REGISTRY", "Continuation", "Event", "Play", "event", "then"]

REGISTRY = Registry("twilight")

event = REGISTRY.event
then = REGISTRY.then
