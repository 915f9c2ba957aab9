"""Lookup tables derived once from the map and card data.

Everything the hot path needs is a tuple indexed by country index or card
number, so rules code does plain indexing instead of dictionary lookups.
"""

from __future__ import annotations

import difflib

from brinkmanship.core.errors import ParseError
from brinkmanship.twilight.data.cards import CARD_FACTS, CardFact
from brinkmanship.twilight.data.countries import COUNTRY_FACTS

SIDES = ("USSR", "US")
OPPONENT = {"USSR": "US", "US": "USSR"}

# -- countries -------------------------------------------------------------------
N_COUNTRIES = len(COUNTRY_FACTS)
NAMES: tuple[str, ...] = tuple(c.name for c in COUNTRY_FACTS)
INDEX: dict[str, int] = {c.name: i for i, c in enumerate(COUNTRY_FACTS)}
STABILITY: tuple[int, ...] = tuple(c.stability for c in COUNTRY_FACTS)
BATTLEGROUND: tuple[bool, ...] = tuple(c.battleground for c in COUNTRY_FACTS)
REGION: tuple[str, ...] = tuple(c.region for c in COUNTRY_FACTS)
SUBREGIONS: tuple[tuple[str, ...], ...] = tuple(c.subregions for c in COUNTRY_FACTS)
SUPERPOWER: tuple[str | None, ...] = tuple(c.superpower for c in COUNTRY_FACTS)
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(INDEX[n] for n in c.neighbours)) for c in COUNTRY_FACTS
)

REGIONS = ("Europe", "Asia", "Middle East", "Africa", "Central America", "South America")
SUBREGION_NAMES = ("Western Europe", "Eastern Europe", "Southeast Asia")


def _members(pred: object) -> tuple[int, ...]:
    return tuple(i for i in range(N_COUNTRIES) if pred(i))  # type: ignore[operator]


IN_REGION: dict[str, tuple[int, ...]] = {
    r: _members(lambda i, r=r: REGION[i] == r) for r in REGIONS
}
IN_REGION.update({s: _members(lambda i, s=s: s in SUBREGIONS[i]) for s in SUBREGION_NAMES})
IS_ASIA: tuple[bool, ...] = tuple(r == "Asia" for r in REGION)
IS_SEASIA: tuple[bool, ...] = tuple("Southeast Asia" in s for s in SUBREGIONS)

# Countries next to each superpower's own space.
NEXT_TO: dict[str, tuple[int, ...]] = {
    side: _members(lambda i, side=side: SUPERPOWER[i] == side) for side in SIDES
}

_COUNTRY_ALIASES: dict[str, int] = {}
for _i, _c in enumerate(COUNTRY_FACTS):
    for _n in (_c.name, *_c.aliases):
        _COUNTRY_ALIASES[_n.lower()] = _i


def country_index(text: str) -> int:
    """Country index from its printed name or a common spelling.

    >>> NAMES[country_index("west germany")]
    'West Germany'
    """
    key = " ".join(text.split()).lower()
    if key in _COUNTRY_ALIASES:
        return _COUNTRY_ALIASES[key]
    close = difflib.get_close_matches(key, list(_COUNTRY_ALIASES), n=3, cutoff=0.6)
    if close:
        hint = list(dict.fromkeys(NAMES[_COUNTRY_ALIASES[c]] for c in close))
        raise ParseError("twilight.error.unknown_country_hint", given=repr(text), countries=hint)
    raise ParseError("twilight.error.unknown_country", given=repr(text))


# -- cards --------------------------------------------------------------------------
N_CARDS = 110
CHINA = 6
CARD: dict[int, CardFact] = {c.number: c for c in CARD_FACTS}
CARD_NAME: tuple[str, ...] = ("", *tuple(CARD[n].name for n in range(1, N_CARDS + 1)))
CARD_BY_NAME: dict[str, int] = {name: n for n, name in enumerate(CARD_NAME) if name}
CARD_OPS: tuple[int, ...] = (0, *tuple(CARD[n].ops for n in range(1, N_CARDS + 1)))
CARD_SIDE: tuple[str, ...] = ("", *tuple(CARD[n].side for n in range(1, N_CARDS + 1)))
SCORING: tuple[bool, ...] = (False, *tuple(CARD[n].scoring for n in range(1, N_CARDS + 1)))
STARRED: tuple[bool, ...] = (False, *tuple(CARD[n].starred for n in range(1, N_CARDS + 1)))
STAYS_IN_PLAY: tuple[bool, ...] = (False, *tuple(CARD[n].stays_in_play for n in range(1, N_CARDS + 1)))
# The region (or subregion) each scoring card scores, by card number: rules
# read it here rather than from the card's printed name.
SCORING_CARD_REGION: dict[int, str] = {
    1: "Asia", 2: "Europe", 3: "Middle East", 37: "Central America", 38: "Southeast Asia",
    79: "Africa", 81: "South America",
}

PERIOD_CARDS: dict[str, tuple[int, ...]] = {
    p: tuple(c.number for c in CARD_FACTS if c.period == p and c.number != CHINA and not c.optional)
    for p in ("Early", "Mid", "Late")
}
OPTIONAL_CARDS: dict[str, tuple[int, ...]] = {
    p: tuple(c.number for c in CARD_FACTS if c.period == p and c.optional)
    for p in ("Early", "Mid", "Late")
}

_CARD_ALIASES: dict[str, int] = {}
for _c2 in CARD_FACTS:
    for _n in (_c2.name, *_c2.aliases):
        _CARD_ALIASES[_n.lower()] = _c2.number
_CARD_ALIASES.setdefault("china", CHINA)
_CARD_ALIASES.setdefault("china card", CHINA)


def card_number(text: str) -> int:
    """Card number from ``#21``, ``21``, the printed name or an alias.

    >>> card_number("#21"), card_number("nato"), card_number("China")
    (21, 21, 6)
    """
    key = " ".join(text.split()).lower()
    num = key[1:] if key.startswith("#") else key
    if num.isdigit():
        n = int(num)
        if 1 <= n <= N_CARDS:
            return n
        raise ParseError("twilight.error.no_card_number", n=n, last=N_CARDS)
    if key in _CARD_ALIASES:
        return _CARD_ALIASES[key]
    prefix = [n for k, n in _CARD_ALIASES.items() if k.startswith(key)]
    if len(set(prefix)) == 1:
        return prefix[0]
    close = difflib.get_close_matches(key, list(_CARD_ALIASES), n=3, cutoff=0.6)
    if len(set(prefix)) > 1:
        raise ParseError("twilight.error.ambiguous_card", given=repr(text),
                         cards=sorted(set(prefix), key=CARD_NAME.__getitem__))
    if close:
        hint = list(dict.fromkeys(_CARD_ALIASES[c] for c in close))
        raise ParseError("twilight.error.unknown_card_hint", given=repr(text), cards=hint)
    raise ParseError("twilight.error.unknown_card", given=repr(text))
