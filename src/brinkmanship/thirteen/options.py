"""13 Days' game options (see ``core.options``).

>>> make_options({"agenda_recycle": "all"})["agenda_recycle"]
'all'
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import options as core_options

# Every open question of the reference rules.md, section 7, that has two readings is an
# option: the default is the recommended reading (docs/rulings.md).
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "agenda_push": ("zone", "saito", "none"),           # Q3
    "agenda_bonus": (True, False),                      # Q2
    "agenda_recycle": ("unkept_only", "all"),           # Q6
    "agenda_cap": ("net", "each"),                      # Q8
    "initiative_tie": ("ussr_chooses", "ussr_first"),   # Q7
    "event_command_modifiers": (True, False),           # Q9
    "containment_offered": (True, False),               # Q10 (the seed: accepted events count)
    "ban_blocks_symbol": (True, False),                 # Q11
    "event_command_remove": (True, False),              # Q12
    "fifty_fifty_same_track": (False, True),            # Fifty-Fifty doubt
}
DEFAULT_OPTIONS: dict[str, Any] = core_options.defaults(OPTION_CHOICES)


def make_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``options``; unknown names or values are refused."""
    return core_options.make_options(OPTION_CHOICES, options)


__all__ = ["DEFAULT_OPTIONS", "OPTION_CHOICES", "make_options"]
