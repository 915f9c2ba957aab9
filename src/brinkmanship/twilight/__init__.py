"""Twilight Struggle (GMT, Deluxe Edition) on the Brinkmanship core.

``data/`` holds the printed facts, ``rules/`` the turn sequence and
operations, ``cards/`` one definition per event, ``game.py`` the plugin.
"""

from __future__ import annotations

from brinkmanship.twilight.game import GAME, Twilight

__all__ = ["GAME", "Twilight"]
