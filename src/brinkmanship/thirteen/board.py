"""Lookup tables and name parsing for 13 Days, built once from ``data``.

Cards are numbered 1-39 (strategy) and agenda cards 1-13; arenas 0-8 and
DEFCON tracks 0-2. Parsing accepts the printed names, numbers and a few
aliases, and fails with "did you mean" hints.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from brinkmanship.core.errors import ParseError
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

# Arena indexes and DEFCON tracks for the rules and bots that name them
# (looked up by printed name, so a reordered table cannot mislabel them).
CUBA_MILITARY = ARENAS.index("Cuba (Military)")
ATLANTIC = ARENAS.index("Atlantic")
BERLIN = ARENAS.index("Berlin")
CUBA_POLITICAL = ARENAS.index("Cuba (Political)")
TURKEY = ARENAS.index("Turkey")
ITALY = ARENAS.index("Italy")
TELEVISION = ARENAS.index("Television")
UNITED_NATIONS = ARENAS.index("United Nations")
ALLIANCES = ARENAS.index("Alliances")
CUBA: tuple[int, int] = (CUBA_MILITARY, CUBA_POLITICAL)
MILITARY_TRACK = TRACKS.index("Military")
POLITICAL_TRACK = TRACKS.index("Political")
WORLD_OPINION_TRACK = TRACKS.index("World Opinion")
ALL_TRACKS: tuple[int, ...] = tuple(range(len(TRACKS)))
ALL_ARENAS: tuple[int, ...] = tuple(range(N_ARENAS))
MILITARY_ARENAS = ARENAS_OF_TRACK[MILITARY_TRACK]
POLITICAL_ARENAS = ARENAS_OF_TRACK[POLITICAL_TRACK]
WORLD_OPINION_ARENAS = ARENAS_OF_TRACK[WORLD_OPINION_TRACK]

# Strategy card numbers for the code that singles a card out (events are
# registered by number in ``cards/``; these name the same numbers).
SPEECH_TO_THE_NATION = CARD_NAME.index("Speech to the Nation")
THE_GUNS_OF_AUGUST = CARD_NAME.index("The Guns of August")
FIFTY_FIFTY = CARD_NAME.index("Fifty-Fifty")
SOPS = CARD_NAME.index("SOPs")
CLOSE_ALLIES = CARD_NAME.index("Close Allies")
INTELLIGENCE_REPORTS = CARD_NAME.index("Intelligence Reports")
SUMMIT_MEETING = CARD_NAME.index("Summit Meeting")
TO_THE_BRINK = CARD_NAME.index("To the Brink")
NUCLEAR_SUBMARINES = CARD_NAME.index("Nuclear Submarines")
U_THANT = CARD_NAME.index("U Thant")
CONTAINMENT = CARD_NAME.index("Containment")
A_FACE_SAVER = CARD_NAME.index("A Face-Saver")
SCRAMBLE = CARD_NAME.index("Scramble")
MATHEMATICAL_PRECISION = CARD_NAME.index("Mathematical Precision")
EXCOMM = CARD_NAME.index("Excomm")
PUBLIC_PROTESTS = CARD_NAME.index("Public Protests")
LESSONS_OF_MUNICH = CARD_NAME.index("Lessons of Munich")
OPERATION_MONGOOSE = CARD_NAME.index("Operation Mongoose")
AIR_STRIKE = CARD_NAME.index("Air Strike")
NON_INVASION_PLEDGE = CARD_NAME.index("Non-Invasion Pledge")
OFFENSIVE_MISSILES = CARD_NAME.index("Offensive Missiles")
INVASION_OF_CUBA = CARD_NAME.index("Invasion of Cuba")
QUARANTINE = CARD_NAME.index("Quarantine")
U_2_PHOTOGRAPHS = CARD_NAME.index("U-2 Photographs")
WAVE_AND_SMILE = CARD_NAME.index("Wave and Smile")
EYEBALL_TO_EYEBALL = CARD_NAME.index("Eyeball to Eyeball")
MRBMS_AND_IRBMS = CARD_NAME.index("MRBMs & IRBMs")
MOSCOW_IS_OUR_BRAIN = CARD_NAME.index("Moscow is our Brain")
MISSILE_TRADE = CARD_NAME.index("Missile Trade")
FIDEL_CASTRO = CARD_NAME.index("Fidel Castro")
BERLIN_BLOCKADE = CARD_NAME.index("Berlin Blockade")
SUEZ_HUNGARY = CARD_NAME.index("Suez-Hungary")
MASKIROVKA = CARD_NAME.index("Maskirovka")
BAY_OF_PIGS = CARD_NAME.index("Bay of Pigs")
TURN_BACK_THE_SHIPS = CARD_NAME.index("Turn Back the Ships")
STRATEGIC_BALANCE = CARD_NAME.index("Strategic Balance")
NATIONAL_LIBERATION = CARD_NAME.index("National Liberation")
U_2_DOWNED = CARD_NAME.index("U-2 Downed")
DEFENSIVE_MISSILES = CARD_NAME.index("Defensive Missiles")


def _key(text: str) -> str:
    return " ".join(text.replace("_", " ").split()).lower()


def _lookup(text: str, table: dict[str, int], names: tuple[str, ...], kind: str) -> int:
    """The index ``text`` names; else ``ParseError`` with the message
    ``thirteen.error.{unknown,ambiguous}_<kind>``, which lists the
    candidates as ``<kind>s`` (cards by number, the rest by printed name)."""
    key = _key(text)
    if key in table:
        return table[key]
    prefix = {n for k, n in table.items() if k.startswith(key)}
    if len(prefix) == 1:
        return prefix.pop()

    def named(found: Iterable[int]) -> list[int] | list[str]:
        return list(found) if kind == "card" else [names[n] for n in found]

    if len(prefix) > 1:
        raise ParseError(f"thirteen.error.ambiguous_{kind}", given=repr(text),
                         **{f"{kind}s": named(sorted(prefix, key=names.__getitem__))})
    close = difflib.get_close_matches(key, list(table), n=3, cutoff=0.6)
    if close:
        raise ParseError(f"thirteen.error.unknown_{kind}_hint", given=repr(text),
                         **{f"{kind}s": named(dict.fromkeys(table[c] for c in close))})
    raise ParseError(f"thirteen.error.unknown_{kind}", given=repr(text))


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
        raise ParseError("thirteen.error.no_card_number", n=n, last=N_CARDS)
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
    return _lookup(text, _TRACK_KEYS, TRACKS, "track")


_AGENDA_KEYS: dict[str, int] = {_key(a): i for i, a in enumerate(AGENDA_NAME)}
_AGENDA_KEYS.update({"military": 0, "political": 1, "world opinion": 2, "letter": 9,
                     "cuba military": 7, "cuba mil": 7, "cuba political": 6, "cuba pol": 6})


def agenda_index(text: str) -> int:
    """Agenda type id from its name (``Military Track``, ``Berlin``...)."""
    return _lookup(text, _AGENDA_KEYS, AGENDA_NAME, "agenda")


__all__ = [
    "AGENDA_CARDS", "AGENDA_NAME", "AGENDA_TYPES", "AIR_STRIKE", "ALLIANCES", "ALL_ARENAS", "ALL_TRACKS", "ARENAS",
    "ARENAS_OF_TRACK", "ATLANTIC", "A_FACE_SAVER", "BAY_OF_PIGS", "BERLIN", "BERLIN_BLOCKADE", "CARDS",
    "CARD_COMMAND", "CARD_FACTION", "CARD_NAME", "CARD_SYMBOL", "CATEGORY", "CLOSE_ALLIES", "CONTAINMENT", "CUBA",
    "CUBA_MILITARY", "CUBA_POLITICAL", "DEFENSIVE_MISSILES", "EXCOMM", "EYEBALL_TO_EYEBALL", "FIDEL_CASTRO",
    "FIFTY_FIFTY", "INTELLIGENCE_REPORTS", "INVASION_OF_CUBA", "ITALY", "LESSONS_OF_MUNICH", "MASKIROVKA",
    "MATHEMATICAL_PRECISION", "MILITARY_ARENAS", "MILITARY_TRACK", "MISSILE_TRADE", "MOSCOW_IS_OUR_BRAIN",
    "MRBMS_AND_IRBMS", "NATIONAL_LIBERATION", "NON_INVASION_PLEDGE", "NUCLEAR_SUBMARINES", "N_AGENDA_CARDS",
    "N_ARENAS", "N_CARDS", "OFFENSIVE_MISSILES", "OPERATION_MONGOOSE", "OPPONENT", "POLITICAL_ARENAS",
    "POLITICAL_TRACK", "PUBLIC_PROTESTS", "QUARANTINE", "SCRAMBLE", "SIDES", "SOPS", "SPEECH_TO_THE_NATION",
    "STRATEGIC_BALANCE", "SUEZ_HUNGARY", "SUMMIT_MEETING", "TELEVISION", "THE_GUNS_OF_AUGUST", "TO_THE_BRINK",
    "TRACKS", "TURKEY", "TURN_BACK_THE_SHIPS", "UNITED_NATIONS", "US", "USSR", "U_2_DOWNED", "U_2_PHOTOGRAPHS",
    "U_THANT", "WAVE_AND_SMILE", "WORLD_OPINION_ARENAS", "WORLD_OPINION_TRACK", "agenda_index", "arena_index",
    "card_number", "track_index",
]
