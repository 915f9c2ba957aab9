"""Bots: players that see only a view and the legal actions.

``make_bot("random", seed)`` builds a bot by its registry name; the CLI,
the server and the simulation farm all seat bots through it, so adding a bot
means adding one entry to :data:`BOTS`.

>>> bot = make_bot("random", seed=3)
>>> bot.name
'random'
>>> derive_seed(7, "USSR") == derive_seed(7, "USSR") != derive_seed(7, "US")
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from brinkmanship.bots.base import Bot
from brinkmanship.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}


def bot_names() -> list[str]:
    """Registry names of every bot, sorted."""
    return sorted(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of kind ``name`` seeded with ``seed``.

    Unknown names raise ``ValueError`` listing the known ones.
    """
    factory = BOTS.get(name.lower())
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; bots are: {', '.join(bot_names())}")
    return factory(seed)


def derive_seed(game_seed: int, side: str, ply: int = 0) -> int:
    """A bot's seed for ``side`` in the game seeded ``game_seed``.

    Hashing (rather than, say, ``game_seed + 1``) keeps the two sides' streams
    and neighbouring games' streams unrelated, and is the same on every
    machine and Python version. ``ply`` is the number of actions already
    played when the bot is seated, so that a resumed game is reproducible
    from its saved file alone.
    """
    digest = hashlib.blake2b(f"{game_seed}/{side}/{ply}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


__all__ = ["BOTS", "Bot", "RandomBot", "bot_names", "derive_seed", "make_bot"]
