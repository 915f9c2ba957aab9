"""Card events, one short definition each, registered by card number.

Each module defines events with ``@event(number)`` (see
``brinkmanship.twilight.events``); importing this package registers them all.
"""

from __future__ import annotations

from brinkmanship.twilight.cards import early, scoring
from brinkmanship.twilight.events import EVENTS, event

__all__ = ["EVENTS", "early", "event", "scoring"]
