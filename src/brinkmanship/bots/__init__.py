"""Bots: players that see only a view and the legal actions.

``make_bot(spec, seed)`` builds a bot from its spec, ``NAME`` or
``NAME:PARAMS``; the CLI, the server and the farm all seat bots through it,
so adding a bot means adding one entry to :data:`BOTS`. Parameters are
``key=value`` pairs separated by commas, or a single bare value that the
bot reads as its strength (for ``ismcts``: seconds per decision):

>>> make_bot("random", seed=3).name
'random'
>>> make_bot("ismcts:iters=200,workers=2").name
'ismcts:iters=200,workers=2'
>>> parse_spec("ismcts:0.5")
('ismcts', {'strength': '0.5'})
>>> derive_seed(7, "USSR") == derive_seed(7, "USSR") != derive_seed(7, "US")
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from brinkmanship.bots.base import Bot, Sampler, SearchBot, decide
from brinkmanship.bots.random_bot import RandomBot

BotFactory = Callable[[int, dict[str, str]], Bot]


def _random(seed: int, params: dict[str, str]) -> Bot:
    if params:
        raise ValueError(f"bot 'random' takes no parameters (got {', '.join(params)})")
    return RandomBot(seed)


def _heuristic(seed: int, params: dict[str, str]) -> Bot:
    from brinkmanship.bots.heuristic import HeuristicBot

    return HeuristicBot.from_params(seed, params)


def _ismcts(seed: int, params: dict[str, str]) -> Bot:
    from brinkmanship.bots.ismcts import IsmctsBot

    return IsmctsBot.from_params(seed, params)


BOTS: dict[str, BotFactory] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
}

#: What each bot's parameters mean (shown by ``--help`` and in errors).
BOT_HELP: dict[str, str] = {
    "random": "uniformly random legal moves",
    "heuristic": "hand-written knowledge of each game, fast",
    "ismcts": "information-set Monte Carlo tree search; ismcts:SECONDS (per decision, default 1), "
              "or ismcts:time=S, ismcts:iters=N, workers=K (processes), c=EXPLORATION, "
              "depth=N (longest rollout), horizon=stage|depth (rollouts end with the round or turn, or not)",
}


def bot_names() -> list[str]:
    """Registry names of every bot, sorted."""
    return sorted(BOTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``NAME[:k=v,...]`` (or ``NAME:VALUE``) into the name and parameters.

    Malformed specs and unknown names raise ``ValueError`` saying what is
    expected.
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots are: {', '.join(bot_names())}")
    params: dict[str, str] = {}
    rest = rest.strip()
    if not rest:
        return name, params
    items = [i.strip() for i in rest.split(",")]
    if len(items) == 1 and "=" not in items[0]:
        return name, {"strength": items[0]}
    for item in items:
        key, eq, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            raise ValueError(f"bad bot parameter {item!r} in {spec!r}: expected KEY=VALUE, e.g. ismcts:iters=500")
        if key in params:
            raise ValueError(f"bot parameter {key!r} given twice in {spec!r}")
        params[key] = value
    return name, params


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A new bot built from ``spec`` (``"heuristic"``, ``"ismcts:0.5"`` ...) seeded with ``seed``.

    Unknown names and bad parameters raise ``ValueError`` naming what is
    allowed.
    """
    name, params = parse_spec(spec)
    return BOTS[name](seed, params)


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


__all__ = ["BOTS", "BOT_HELP", "Bot", "RandomBot", "Sampler", "SearchBot", "bot_names", "decide",
           "derive_seed", "make_bot", "parse_spec"]
