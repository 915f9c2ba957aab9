"""Card events, one short definition each, registered by card number.

Each module defines events with ``@event(number)`` (see
``brinkmanship.twilight.events``); importing this package registers them all.
"""

from __future__ import annotations

from brinkmanship.twilight.cards import (
    early,
    early_war,  # noqa: F401
    interrupts,  # noqa: F401
    late_war,  # noqa: F401
    mid_war_a,  # noqa: F401
    mid_war_b,  # noqa: F401
    optional,  # noqa: F401
    scoring,
)
from brinkmanship.twilight.events import EVENTS, event

__all__ = ["EVENTS", "early", "event", "scoring"]
