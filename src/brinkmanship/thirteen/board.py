"""Lookup tables and name parsing for 13 Days, built once from ``data``.

Cards are numbered 1-39 (strategy) and agenda cards 1-13; arenas 0-8 and
DEFCON tracks 0-2. Parsing accepts the printed names, numbers and a few
aliases, and fails with "did you mean" hints.
"""

from __future__ import annotations

import difflib

from brinkmanship.thirteen.data.board import ARENAS, TRACKS
from brinkmanship.thirteen.data.cards import AGENDA_CARDS, AGENDA_TYPES, CARDS

US = "US"
USSR = "USSR"
SIDES: tuple[str, str] = (USSR, US)
OPPONENT: dict[str, str] = {US: USSR, USSR: US}

N_CARDS = len(CARDS)
N_ARENAS = len(ARENAS)
N_AGENDA_CARDS = len(AGENDA_CARDS)

CARD_NAME: tuple[str, ...] = ("", *(c.name for c in CARDS))
CARD_FACTION: tuple[str, ...] = ("", *(c.faction for c in CARDS))
CARD_COMMAND: tuple[int, ...] = (0, *(c.command for c in CARDS))
CARD_SYMBOL: tuple[bool, ...] = (False, *(c.symbol for c in CARDS))
CATEGORY: tuple[int, ...] = tuple(i // 3 for i in range(N_ARENAS))
ARENAS_OF_TRACK: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(N_ARENAS) if CATEGORY[i] == t) for t in range(len(TRACKS)))
AGENDA_NAME: tuple[str, ...] = tuple(a.name for a in AGENDA_TYPES)


def _key(text: str) -> str:
    return " ".join(text.replace("_", " ").split()).lower()


def _lookup(text: str, table: dict[str, int], names: tuple[str, ...], what: str) -> int:
    key = _key(text)
    if key in table:
        return table[key]
    prefix = {n for k, n in table.items() if k.startswith(key)}
    if len(prefix) == 1:
        return prefix.pop()
    if len(prefix) > 1:
        raise LookupError(f"{what} {text!r} is ambiguous: {', '.join(sorted(names[n] for n in prefix))}")
    close = difflib.get_close_matches(key, list(table), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(dict.fromkeys(names[table[c]] for c in close))}?" if close else ""
    raise LookupError(f"unknown {what} {text!r}{hint}")


_CARD_KEYS: dict[str, int] = {}
for _n in range(1, N_CARDS + 1):
    _CARD_KEYS[_key(CARD_NAME[_n])] = _n
    _CARD_KEYS[f"s{_n:02d}"] = _n
_CARD_KEYS.update({"guns of august": 2, "face-saver": 12, "face saver": 12, "u-2 photos": 24,
                   "mrbms": 27, "irbms": 27, "sops": 4, "moscow": 28, "bay of pigs invasion": 34})


def card_number(text: str) -> int:
    """Card number from ``#6``, ``6``, ``s06``, the name or an alias.

    >>> card_number("#6"), card_number("excomm"), card_number("Guns of August")
    (6, 15, 2)
    """
    key = _key(text)
    num = key[1:] if key.startswith("#") else key
    if num.isdigit():
        n = int(num)
        if 1 <= n <= N_CARDS:
            return n
        raise LookupError(f"no card number {n}; strategy cards are #1-#{N_CARDS}")
    return _lookup(text, _CARD_KEYS, CARD_NAME, "card")


_ARENA_KEYS: dict[str, int] = {_key(a): i for i, a in enumerate(ARENAS)}
_ARENA_KEYS.update({
    "cuba military": 0, "cuba mil": 0, "cuba (mil)": 0, "cubamil": 0,
    "cuba political": 3, "cuba pol": 3, "cuba (pol)": 3, "cubapol": 3,
    "un": 7, "tv": 6,
})


def arena_index(text: str) -> int:
    """Arena index from its name or an alias.

    >>> ARENAS[arena_index("cuba mil")], ARENAS[arena_index("un")], ARENAS[arena_index("2")]
    ('Cuba (Military)', 'United Nations', 'Berlin')
    """
    key = _key(text)
    if key.isdigit() and int(key) < N_ARENAS:
        return int(key)
    return _lookup(text, _ARENA_KEYS, ARENAS, "arena")


_TRACK_KEYS: dict[str, int] = {_key(t): i for i, t in enumerate(TRACKS)}
_TRACK_KEYS.update({"mil": 0, "pol": 1, "wo": 2, "world": 2, "opinion": 2})


def track_index(text: str) -> int:
    """DEFCON track index (0 military, 1 political, 2 world opinion)."""
    return _lookup(text, _TRACK_KEYS, TRACKS, "DEFCON track")


_AGENDA_KEYS: dict[str, int] = {_key(a): i for i, a in enumerate(AGENDA_NAME)}
_AGENDA_KEYS.update({"military": 0, "political": 1, "world opinion": 2, "letter": 9,
                     "cuba military": 7, "cuba mil": 7, "cuba political": 6, "cuba pol": 6})


def agenda_index(text: str) -> int:
    """Agenda type id from its name (``Military Track``, ``Berlin``...)."""
    return _lookup(text, _AGENDA_KEYS, AGENDA_NAME, "agenda")


__all__ = [
    "AGENDA_CARDS", "AGENDA_NAME", "AGENDA_TYPES", "ARENAS", "ARENAS_OF_TRACK", "CARDS", "CARD_COMMAND",
    "CARD_FACTION", "CARD_NAME", "CARD_SYMBOL", "CATEGORY", "N_AGENDA_CARDS", "N_ARENAS", "N_CARDS",
    "OPPONENT", "SIDES", "TRACKS", "US", "USSR", "agenda_index", "arena_index", "card_number", "track_index",
]
