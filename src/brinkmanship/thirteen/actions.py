"""The 13 Days action vocabulary (see docs/notation.md).

Ids are positions in this fixed list; new verbs are only ever appended, so
ids stay stable across versions.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action, ActionSpace, Verb
from brinkmanship.core.errors import ParseError
from brinkmanship.thirteen.board import (
    AGENDA_NAME,
    ARENAS,
    CARD_NAME,
    N_ARENAS,
    N_CARDS,
    SIDES,
    TRACKS,
    agenda_index,
    arena_index,
    card_number,
    track_index,
)

_CARDS = range(1, N_CARDS + 1)
_ARENAS = range(N_ARENAS)
MAX_SHIFT = 2  # the most steps any single DEFCON choice moves a marker

# Named options for ``choose <option>``. Only ever append.
OPTIONS: tuple[str, ...] = (
    "remove",   # Air Strike: halve the USSR cubes in a Cuba arena; Bay of Pigs: remove 2 from Alliances
    "place",    # Air Strike: place on Alliances
    "ban",      # Bay of Pigs: no de-escalation by events this round
)
_OPTION_INDEX = {o: k for k, o in enumerate(OPTIONS)}


def _option(text: str) -> int:
    key = " ".join(text.split()).lower()
    if key not in _OPTION_INDEX:
        raise ParseError("error.unknown_option", given=repr(text), options=list(OPTIONS))
    return _OPTION_INDEX[key]


def _side(text: str) -> int:
    key = text.strip().upper()
    if key not in SIDES:
        raise ParseError("thirteen.error.side", given=repr(text))
    return SIDES.index(key)


def _shift_name(arg: int) -> str:
    track, steps = divmod(arg, MAX_SHIFT)
    return f"{TRACKS[track]} {steps + 1}"


def _shift_arg(text: str) -> int:
    words = text.split()
    steps = 1
    if len(words) > 1 and words[-1].isdigit():
        steps = int(words[-1])
        words = words[:-1]
    if not 1 <= steps <= MAX_SHIFT:
        raise ParseError("thirteen.error.shift_steps", max=MAX_SHIFT, n=steps)
    return track_index(" ".join(words)) * MAX_SHIFT + steps - 1


def _card_verb(name: str) -> Verb:
    return Verb(name, _CARDS, CARD_NAME.__getitem__, card_number)


def _arena_verb(name: str) -> Verb:
    return Verb(name, _ARENAS, ARENAS.__getitem__, arena_index)


_SHIFTS = range(len(TRACKS) * MAX_SHIFT)

SPACE = ActionSpace(
    "thirteen",
    [
        _card_verb("command"),
        _card_verb("event"),
        _arena_verb("place"),
        _arena_verb("remove"),
        Verb("letter"),
        Verb("accept"),
        Verb("decline"),
        Verb("agenda", range(len(AGENDA_NAME)), AGENDA_NAME.__getitem__, agenda_index),
        Verb("first", range(len(SIDES)), SIDES.__getitem__, _side),
        Verb("escalate", _SHIFTS, _shift_name, _shift_arg),
        Verb("de-escalate", _SHIFTS, _shift_name, _shift_arg),
        _arena_verb("target"),
        _card_verb("discard"),
        _card_verb("aftermath"),
        Verb("choose", range(len(OPTIONS)), OPTIONS.__getitem__, _option),
        Verb("done"),
        Verb("pass"),
    ],
)


def _by_card(verb: str) -> tuple[Action, ...]:
    # Index 0 is a placeholder so that tables are indexed by card number.
    return (SPACE.get("done"), *(SPACE.get(verb, n) for n in _CARDS))


def _by_arena(verb: str) -> tuple[Action, ...]:
    return tuple(SPACE.get(verb, i) for i in _ARENAS)


def _by_shift(verb: str) -> tuple[tuple[Action, ...], ...]:
    # [track][steps]; index 0 of steps is a placeholder.
    return tuple((SPACE.get("pass"), *(SPACE.get(verb, t * MAX_SHIFT + k) for k in range(MAX_SHIFT)))
                 for t in range(len(TRACKS)))


COMMAND = _by_card("command")
EVENT = _by_card("event")
DISCARD = _by_card("discard")
AFTERMATH = _by_card("aftermath")
PLACE = _by_arena("place")
REMOVE = _by_arena("remove")
TARGET = _by_arena("target")
AGENDA = tuple(SPACE.get("agenda", k) for k in range(len(AGENDA_NAME)))
FIRST = {s: SPACE.get("first", k) for k, s in enumerate(SIDES)}
ESCALATE = _by_shift("escalate")
DEESCALATE = _by_shift("de-escalate")
CHOOSE = tuple(SPACE.get("choose", k) for k in range(len(OPTIONS)))
LETTER = SPACE.get("letter")
ACCEPT = SPACE.get("accept")
DECLINE = SPACE.get("decline")
DONE = SPACE.get("done")
PASS = SPACE.get("pass")


def shift_of(a: Action) -> tuple[int, int]:
    """``(track, signed steps)`` of an escalate/de-escalate action."""
    assert a.arg is not None
    track, k = divmod(a.arg, MAX_SHIFT)
    return track, (k + 1) if a.verb == "escalate" else -(k + 1)
