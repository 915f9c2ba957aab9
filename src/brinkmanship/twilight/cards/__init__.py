"""Card events, one short definition each, registered by card number.

Each module defines events with ``@event(number)`` and continuations with
``@then(name)`` in ``brinkmanship.twilight.events.REGISTRY``; importing this
package registers them all.
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
from brinkmanship.twilight.events import REGISTRY, event

__all__ = ["REGISTRY", "early", "event", "scoring"]
