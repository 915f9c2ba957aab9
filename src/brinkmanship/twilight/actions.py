"""The Twilight Struggle action vocabulary (see docs/notation.md).

Ids are positions in this fixed list; new verbs are only ever appended, so
ids stay stable across versions.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action, ActionSpace, Verb
from brinkmanship.core.errors import ParseError
from brinkmanship.twilight.board import (
    CARD_NAME,
    N_CARDS,
    N_COUNTRIES,
    NAMES,
    card_number,
    country_index,
)

_CARDS = range(1, N_CARDS + 1)
_COUNTRIES = range(N_COUNTRIES)


def _card_verb(name: str) -> Verb:
    return Verb(name, _CARDS, CARD_NAME.__getitem__, card_number)


def _country_verb(name: str) -> Verb:
    return Verb(name, _COUNTRIES, NAMES.__getitem__, country_index)


# Named options for ``choose <option>`` (event choices that are neither a
# country nor a card). Only ever append: the position is part of the id.
OPTIONS: tuple[str, ...] = (
    "remove", "add",                      # Warsaw Pact Formed
    "participate", "boycott",             # Olympic Games
    "South Africa", "adjacent",           # South African Unrest
    "Europe", "Asia", "Middle East", "Africa", "Central America", "South America",  # Chernobyl
    "DEFCON 1", "DEFCON 2", "DEFCON 3", "DEFCON 4", "DEFCON 5",  # How I Learned..., Summit
    "coup", "realign",                    # Junta, Tear Down This Wall
    "return", "keep",                     # Grain Sales to Soviets
)
_OPTION_INDEX = {o.lower(): k for k, o in enumerate(OPTIONS)}


def _option(text: str) -> int:
    key = " ".join(text.split()).lower()
    if key not in _OPTION_INDEX:
        raise ParseError("error.unknown_option", given=repr(text), options=list(OPTIONS))
    return _OPTION_INDEX[key]


def _roll(text: str) -> int:
    if not text.strip().isdigit():
        raise ParseError("twilight.error.roll", given=repr(text))
    return int(text)


SPACE = ActionSpace(
    "twilight",
    [
        _card_verb("headline"),
        _card_verb("event"),
        _card_verb("ops"),
        _card_verb("space"),
        _card_verb("discard"),
        _country_verb("place"),
        _country_verb("coup"),
        _country_verb("realign"),
        _country_verb("remove"),
        Verb("roll", range(1, 7), str, _roll),
        Verb("pass"),
        Verb("done"),
        Verb("yes"),
        Verb("no"),
        # Appended for card events; ids above stay as they were.
        _country_verb("target"),
        _card_verb("pick"),
        Verb("choose", range(len(OPTIONS)), OPTIONS.__getitem__, _option),
    ],
)



def _by_card(verb: str) -> tuple[Action, ...]:
    # Index 0 is a placeholder so that tables are indexed by card number.
    return (SPACE.get("pass"), *tuple(SPACE.get(verb, n) for n in _CARDS))


def _by_country(verb: str) -> tuple[Action, ...]:
    return tuple(SPACE.get(verb, i) for i in _COUNTRIES)


HEADLINE = _by_card("headline")
EVENT = _by_card("event")
OPS = _by_card("ops")
SPACE_RACE = _by_card("space")
DISCARD = _by_card("discard")
PLACE = _by_country("place")
COUP = _by_country("coup")
REALIGN = _by_country("realign")
REMOVE = _by_country("remove")
ROLL = (SPACE.get("pass"), *tuple(SPACE.get("roll", r) for r in range(1, 7)))
PASS = SPACE.get("pass")
DONE = SPACE.get("done")
YES = SPACE.get("yes")
NO = SPACE.get("no")
ROLLS = list(ROLL[1:])
TARGET = _by_country("target")
PICK = _by_card("pick")
CHOOSE = tuple(SPACE.get("choose", k) for k in range(len(OPTIONS)))
