"""Twilight Struggle's game options (see ``core.options``).

>>> make_options({"events": False})
{'events': False, 'optional_cards': True}
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import options as core_options

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    # Non-scoring card events fire; False plays every non-scoring card for
    # Operations or the Space Race only.
    "events": (True, False),
    # The seven optional cards #104-#110 are shuffled into their decks.
    "optional_cards": (True, False),
}
DEFAULT_OPTIONS: dict[str, Any] = core_options.defaults(OPTION_CHOICES)


def make_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``options``; unknown names or values are refused."""
    return core_options.make_options(OPTION_CHOICES, options)


__all__ = ["DEFAULT_OPTIONS", "OPTION_CHOICES", "make_options"]
