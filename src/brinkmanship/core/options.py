"""Game options: each game declares its choices once; one checker for all.

A game's ``options.py`` holds ``OPTION_CHOICES`` (option name -> the allowed
values, the default first); the plugin exposes them as ``option_choices`` so
that clients (the CLI, a server's lobby) list and check options without
knowing which game they talk to.
"""

from __future__ import annotations

from typing import Any


def defaults(choices: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    """Every option at its default (the first allowed value)."""
    return {k: v[0] for k, v in choices.items()}


def make_options(choices: dict[str, tuple[Any, ...]], options: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``options``; unknown names or values raise
    ``ValueError`` naming the option and what is allowed."""
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option names to values, got {options!r}")
    out = defaults(choices)
    for k, v in (options or {}).items():
        if k not in choices:
            raise ValueError(f"unknown option {k!r}; options are: {', '.join(choices)}")
        allowed = choices[k]
        if v not in allowed or type(v) is not type(allowed[0]):
            raise ValueError(f"option {k!r} must be one of {', '.join(map(repr, allowed))}, got {v!r}")
        out[k] = v
    return out
