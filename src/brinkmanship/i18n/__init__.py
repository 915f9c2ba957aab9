"""Text for players, rendered late from catalogs, in English and Russian.

The engine's log entries and decisions are data (``core.log``). This module
turns them into sentences at the edge, the CLI, the web client and replays,
from message catalogs: one JSON object per file, message code -> template,
in ``i18n/<lang>/*.json``. All files of a language merge into one catalog (a
code defined twice is an error), so each part of the program keeps its own
file, and every language holds exactly the same codes.

Templates are ICU MessageFormat, the standard the web client reads too:
``{name}`` arguments, ``{n, plural, one {# card} other {# cards}}`` (the
plural categories of each language come from the CLDR data of Babel: Russian
has ``one``/``few``/``many``/``other``; ``=0`` matches an exact number, ``#``
is the number) and ``{side, select, USSR {...} other {...}}``. An apostrophe
quotes only before ``{``, ``}`` or ``#`` (``''`` is one apostrophe), so
``{side}'s`` needs no escape.

Arguments are rendered by what their name says (a trailing digit is ignored,
so ``card2`` is a card too):

- sides (``side``, ``opp``, ``winner``, ...): the side's name (``side.US``);
- ``card``, ``country``, ``region``, ``arena``, ``track``, ``agenda``,
  ``effect``: their name in the catalog, ``<game>.name.<kind>.<value>``;
  the game's markers (``vp``, ``prestige``, ``space``) through the game's
  name table, which may answer with a message; the plural forms (``cards``,
  ``countries``, ...) take lists;
- ``event``: a card named for its event, as a rule ("NATO no longer
  protects France"): it reads as the card's name, and the hidden
  information scanners do not take it for a card someone shows;
- a nested message (a dict with ``code`` and ``args``) or a list of them:
  rendered recursively;
- anything else: as written.

A ``plural`` or ``select`` looks at the raw value (a number, a side), not
its rendering.

>>> render({"code": "twilight.setup.place", "args": {"side": "USSR", "country": "Poland"}, "to": "all"})
'USSR places 1 influence in Poland (set-up).'
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale
from pyicumessageformat import Parser

DEFAULT_LANG = "en"
LANGS = ("en", "ru")
#: Each language's own name, as a menu lists it.
LANG_NAMES = {"en": "English", "ru": "Русский"}
#: The environment variable that picks the language (after ``--lang``).
LANG_ENV = "BRINK_LANG"

SIDE_KEYS = frozenset({"side", "opp", "winner", "loser", "owner", "chooser", "holder", "by",
                       "first", "second", "resolver", "player", "other", "mover", "lead"})
NAME_KINDS = frozenset({"card", "country", "region", "arena", "track", "agenda", "vp", "prestige",
                        "space", "effect"})
PLURALS = {"cards": "card", "countries": "country", "regions": "region", "arenas": "arena",
           "tracks": "track", "agendas": "agenda", "sides": "side", "effects": "effect"}

# game -> function(kind, value) giving what the catalog does not hold: a
# marker's reading (``US +3``) as text or as a message to render.
NameTable = Callable[[str, Any], "str | dict[str, Any]"]
_NAMES: dict[str, NameTable] = {}
_GAME_LOADERS: dict[str, Callable[[], object]] = {}


def register_names(game: str, table: NameTable) -> None:
    """Called by each game plugin: how its markers read."""
    _NAMES[game] = table


class CatalogError(ValueError):
    """A catalog file is malformed, or a code is missing from it."""


def resolve_lang(value: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``value`` (``--lang``), else ``BRINK_LANG``,
    else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.

    A language we do not have is an error when asked for by name, and
    ignored when it only comes from the locale (``de_DE`` reads English).

    >>> resolve_lang(None, {"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> resolve_lang("EN", {"BRINK_LANG": "ru"})
    'en'
    """
    env = os.environ if environ is None else environ
    for asked in (value, env.get(LANG_ENV)):
        if asked:
            code = asked.strip().lower().replace("-", "_").partition("_")[0]
            if code not in LANGS:
                raise CatalogError(f"unknown language {asked!r}; languages: {', '.join(LANGS)}")
            return code
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        got = env.get(var)
        if got:
            code = got.lower().partition("_")[0].partition(".")[0]
            return code if code in LANGS else DEFAULT_LANG
    return DEFAULT_LANG


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
        for code, template in part.items():
            if code in merged:
                raise CatalogError(f"{lang}/{item.name}: message {code!r} is defined twice")
            if not isinstance(template, str):
                raise CatalogError(f"{lang}/{item.name}: message {code!r} is not a string")
            merged[code] = template
    return merged


# -- ICU MessageFormat ------------------------------------------------------------
_PARSER = Parser()
Ast = list[Any]


@cache
def compiled(lang: str, code: str) -> Ast:
    """The parsed template of ``code`` in ``lang`` (parsed once)."""
    template = catalog(lang).get(code)
    if template is None:
        raise CatalogError(f"no {lang} text for message {code!r}")
    try:
        ast: Ast = _PARSER.parse(template)
    except SyntaxError as exc:
        raise CatalogError(f"{lang} message {code!r} is not ICU MessageFormat: {exc}") from None
    return ast


def placeholders(template: str) -> frozenset[str]:
    """The argument names a template uses, at any depth (for checks)."""
    out: set[str] = set()

    def walk(nodes: Ast) -> None:
        for node in nodes:
            if isinstance(node, dict):
                if "name" in node and not node.get("hash"):
                    out.add(node["name"])
                for branch in node.get("options", {}).values():
                    walk(branch)

    walk(_PARSER.parse(template))
    return frozenset(out)


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(lang: str, n: float) -> str:
    """CLDR plural category of ``n`` in ``lang`` (``one``, ``few``, ``many``, ``other`` ...).

    >>> [plural_category("ru", n) for n in (1, 3, 5, 21)]
    ['one', 'few', 'many', 'one']
    """
    category: str = _locale(lang).plural_form(n)
    return category


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a plural needs a number, not {value!r}")
    return value


def _format(nodes: Ast, raw: Mapping[str, Any], shown: Callable[[str], str], lang: str,
            hash_value: Any = None) -> str:
    parts: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            parts.append(node)
            continue
        name = node["name"]
        if node.get("hash"):
            parts.append(str(hash_value if hash_value is not None else raw[name]))
            continue
        kind = node.get("type")
        if kind is None:
            parts.append(shown(name))
        elif kind in ("plural", "selectordinal"):
            n = _number(raw[name])
            options = node["options"]
            branch = options.get(f"={n}")
            if branch is None:
                branch = options.get(plural_category(lang, n - node.get("offset", 0)), options["other"])
            parts.append(_format(branch, raw, shown, lang, n - node.get("offset", 0)))
        elif kind == "select":
            options = node["options"]
            branch = options.get(str(raw[name]), options.get("other"))
            if branch is None:
                raise CatalogError(f"select on {name!r} has no case {raw[name]!r} and no 'other'")
            parts.append(_format(branch, raw, shown, lang, hash_value))
        else:  # number and other simple types: as written
            parts.append(shown(name))
    return "".join(parts)


# -- arguments --------------------------------------------------------------------
def _kind(key: str) -> str:
    return key.rstrip("0123456789")


def _game(code: str) -> str:
    return code.partition(".")[0]


def name(game: str, kind: str, value: Any, lang: str = DEFAULT_LANG) -> str:
    """The name of a card, country, arena ... in ``lang`` (from the
    catalog: ``<game>.name.<kind>.<value>``), or a marker's reading.

    >>> name("twilight", "country", "Poland"), name("twilight", "vp", -3, "ru")
    ('Poland', 'СССР +3')
    """
    found = catalog(lang).get(f"{game}.name.{kind}.{value}")
    if found is not None:
        return found
    table = _NAMES.get(game)
    if table is None:
        _load_game(game)
        table = _NAMES.get(game)
    if table is None:
        return str(value)
    try:
        got = table(kind, value)
    except (LookupError, TypeError, ValueError):
        # No name for it (a log read from a tampered file): shown as written.
        return str(value)
    return render(got, lang) if isinstance(got, dict) else got


def _load_game(game: str) -> None:
    """Import a game plugin (it registers its names) without importing
    ``core.game`` here: the engine imports this module, not the reverse."""
    with contextlib.suppress(ImportError):
        importlib.import_module(f"brinkmanship.{game}.game")


def _arg(game: str, key: str, value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return render(value, lang)
    kind = _kind(key)
    if isinstance(value, list):
        single = PLURALS.get(kind, kind)
        return catalog(lang).get("list.separator", ", ").join(_arg(game, single, v, lang) for v in value)
    if value is None:
        return ""
    if kind in SIDE_KEYS:
        return catalog(lang).get(f"side.{value}", str(value))
    if kind == "event":
        return name(game, "card", value, lang)
    if kind in NAME_KINDS:
        return name(game, kind, value, lang)
    return str(value)


def render(entry: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    """One log entry (or nested message) as a sentence in ``lang``."""
    code = entry["code"]
    ast = compiled(lang, code)
    args = entry.get("args") or {}
    game = _game(code)
    try:
        return _format(ast, args, lambda k: _arg(game, k, args[k], lang), lang)
    except KeyError as exc:
        raise CatalogError(f"message {code!r} needs argument {exc.args[0]!r}") from None


def render_all(entries: Iterable[Mapping[str, Any]], lang: str = DEFAULT_LANG) -> list[str]:
    """Many entries, in order."""
    return [render(e, lang) for e in entries]


def text(code: str, lang: str = DEFAULT_LANG, /, **args: Any) -> str:
    """A message of the user interface in ``lang``: ``text("cli.saved", "ru", n=3)``."""
    return render({"code": code, "args": args}, lang)


def msg(code: str, /, **args: Any) -> dict[str, Any]:
    """A message as data, to render later in the reader's language."""
    return {"code": code, "args": args}


def check_catalogs() -> list[str]:
    """Every problem of the catalogs: a code missing from a language, a
    template that does not parse, or a translation whose arguments differ
    from the English one's. Empty when all is well (a test checks it)."""
    problems: list[str] = []
    base = catalog(DEFAULT_LANG)
    for lang in LANGS:
        cat = catalog(lang)
        for code in sorted(set(base) - set(cat)):
            problems.append(f"{lang}: {code} is missing")
        for code in sorted(set(cat) - set(base)):
            problems.append(f"{lang}: {code} is not in {DEFAULT_LANG}")
        for code, template in cat.items():
            try:
                mine = placeholders(template)
            except SyntaxError as exc:
                problems.append(f"{lang}: {code} does not parse: {exc}")
                continue
            if lang != DEFAULT_LANG and code in base:
                try:
                    theirs = placeholders(base[code])
                except SyntaxError:
                    continue
                if mine != theirs:
                    problems.append(f"{lang}: {code} uses {sorted(mine)}, {DEFAULT_LANG} uses {sorted(theirs)}")
    return problems


__all__ = ["DEFAULT_LANG", "LANGS", "LANG_ENV", "LANG_NAMES", "CatalogError", "catalog", "check_catalogs",
           "compiled", "msg", "name", "placeholders", "plural_category", "register_names", "render",
           "render_all", "resolve_lang", "text"]
