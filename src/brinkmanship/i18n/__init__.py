"""Text for players, rendered late from catalogs (English now; made for more).

The engine's log entries and decisions are data (``core.log``). This module
turns them into sentences at the edge, the CLI, the web client and replays,
from message catalogs: one JSON object per file, message code -> template,
in ``i18n/<lang>/*.json``. All files of a language merge into one catalog (a
code defined twice is an error), so each part of the program keeps its own
file. Templates use ``{name}`` placeholders (the plain-argument subset of ICU
MessageFormat, which the web client reads too).

Arguments are rendered by what their name says (a trailing digit is ignored,
so ``card2`` is a card too):

- sides (``side``, ``opp``, ``winner``, ...): the side's name;
- ``card``, ``country``, ``region``, ``arena``, ``track``, ``agenda`` and the
  game's ``vp``/``prestige`` markers: through the game's name table (a
  catalog may translate a name with the key ``<game>.<kind>.<value>``);
  the plural forms (``cards``, ``countries``, ...) take lists;
- ``event``: a card named for its event, as a rule ("NATO no longer
  protects France", "OPEC is blocked"), not a card that is somewhere: it
  reads as the card's name (translated as ``card``), and the hidden
  information scanners do not take it for a card someone shows;
- a nested message (a dict with ``code`` and ``args``) or a list of them:
  rendered recursively;
- anything else: as written.

>>> render({"code": "twilight.setup.place", "args": {"side": "USSR", "country": "Poland"}, "to": "all"})
'USSR places 1 influence in Poland (set-up).'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import Any

from brinkmanship.core.game import get_game

DEFAULT_LANG = "en"
LANGS = ("en",)

SIDE_KEYS = frozenset({"side", "opp", "winner", "loser", "owner", "chooser", "holder", "by",
                       "first", "second", "resolver", "player", "other", "mover"})
NAME_KINDS = frozenset({"card", "country", "region", "arena", "track", "agenda", "vp", "prestige",
                        "space", "effect"})
PLURALS = {"cards": "card", "countries": "country", "regions": "region", "arenas": "arena",
           "tracks": "track", "agendas": "agenda", "sides": "side", "effects": "effect"}

# game -> function(kind, value) giving the English name of a card, country ...
NameTable = Callable[[str, Any], str]
_NAMES: dict[str, NameTable] = {}


def register_names(game: str, table: NameTable) -> None:
    """Called by each game plugin: how its arguments read in English."""
    _NAMES[game] = table


class CatalogError(ValueError):
    """A catalog file is malformed, or a code is missing from it."""


@cache
def catalog(lang: str = DEFAULT_LANG) -> dict[str, str]:
    """Every message of ``lang``, merged from its files."""
    if lang not in LANGS:
        raise CatalogError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
    merged: dict[str, str] = {}
    folder = resources.files(__package__).joinpath(lang)
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if not item.name.endswith(".json"):
            continue
        part = json.loads(item.read_text(encoding="utf-8"))
        if not isinstance(part, dict):
            raise CatalogError(f"{lang}/{item.name}: not a JSON object")
        for code, text in part.items():
            if code in merged:
                raise CatalogError(f"{lang}/{item.name}: message {code!r} is defined twice")
            if not isinstance(text, str):
                raise CatalogError(f"{lang}/{item.name}: message {code!r} is not a string")
            merged[code] = text
    return merged


def _kind(key: str) -> str:
    return key.rstrip("0123456789")


def _game(code: str) -> str:
    return code.partition(".")[0]


def _name(game: str, kind: str, value: Any, lang: str) -> str:
    translated = catalog(lang).get(f"{game}.{kind}.{value}")
    if translated is not None:
        return translated
    try:
        table = _NAMES.get(game)
        if table is None:
            get_game(game)  # importing the plugin registers its names
            table = _NAMES[game]
        return table(kind, value)
    except (LookupError, TypeError, ValueError):
        # No name for it (a log read from a tampered file): shown as written.
        return str(value)


def _arg(game: str, key: str, value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return render(value, lang)
    kind = _kind(key)
    if isinstance(value, list):
        single = PLURALS.get(kind, kind)
        return ", ".join(_arg(game, single, v, lang) for v in value)
    if value is None:
        return ""
    if kind in SIDE_KEYS:
        return catalog(lang).get(f"side.{value}", str(value))
    if kind == "event":
        return _name(game, "card", value, lang)
    if kind in NAME_KINDS:
        return _name(game, kind, value, lang)
    return str(value)


def render(entry: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
    """One log entry (or nested message) as a sentence in ``lang``."""
    code = entry["code"]
    template = catalog(lang).get(code)
    if template is None:
        raise CatalogError(f"no {lang} text for message {code!r}")
    args = entry.get("args") or {}
    game = _game(code)
    try:
        return template.format_map({k: _arg(game, k, v, lang) for k, v in args.items()})
    except KeyError as exc:
        raise CatalogError(f"message {code!r} needs argument {exc.args[0]!r}") from None


def render_all(entries: Iterable[dict[str, Any]], lang: str = DEFAULT_LANG) -> list[str]:
    """Many entries, in order."""
    return [render(e, lang) for e in entries]


__all__ = ["DEFAULT_LANG", "LANGS", "CatalogError", "catalog", "register_names", "render", "render_all"]
