"""The 39 strategy-card events of 13 Days, one small function per card.

Importing this package registers every event in ``thirteen.events.REGISTRY``.
Each event is ``(d, play) -> None``: ``play.side`` is the side resolving the
event ("you" on the card), ``play.by`` the side that played the card and
``play.card`` the card. Events reuse the generic frames of ``rules``
(``push_cubes``, ``push_shift``, ``push_command``, ``ask``); frames are
pushed in reverse order of resolution because the stack resolves its top
first.
"""

from __future__ import annotations

from brinkmanship.thirteen.cards import un, us, ussr

__all__ = ["un", "us", "ussr"]
