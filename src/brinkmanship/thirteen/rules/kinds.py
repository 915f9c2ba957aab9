"""13 Days rules: the shape of each frame kind, for the type checker.

A frame is a plain dict on ``d["stack"]`` (so a state stays JSON and can be
saved in the middle of anything); these TypedDicts name its keys and their
types, one per kind, so that mypy checks each push site and each handler of
``LEGAL``/``APPLY``/``PROCS``. They describe the data, they add nothing to
it. ``thirteen/validate.py`` checks the same fields in a loaded state; keep
the two in step.

``card`` is ``NotRequired`` where the frame may be pushed by an event or a
continuation: ``state.own_frames`` then adds the event's card, so that a
view can say which card a decision belongs to.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict


class RoundFrame(TypedDict):
    """The round procedure (always at the bottom of the stack)."""

    f: Literal["round"]
    step: str
    """The phase it runs next: escalate, agendas, deal, plays, aftermath,
    television, united_nations, alliances, resolve, nuclear, end."""


class TurnFrame(TypedDict):
    """``p`` plays a card of its hand."""

    f: Literal["turn"]
    p: str
    card: NotRequired[int]


class OfferFrame(TypedDict):
    """``p`` may take the event of its own ``card``, used for Command ``by``
    the opponent."""

    f: Literal["offer"]
    p: str
    card: int
    by: str


class CommandFrame(TypedDict):
    """A Command by ``p`` of ``card``, cube by cube in one of ``arenas``."""

    f: Literal["command"]
    p: str
    card: int
    left: int
    """Cubes the Command handles (its size after SOPs, To the Brink and the Letter)."""
    arenas: list[int]
    mode: str
    """``""`` until the first cube, then ``"place"`` or ``"remove"``."""
    arena: int
    """The arena chosen by the first cube; -1 before it."""
    n: int
    """Cubes placed or removed so far."""
    granted: bool
    """Given by an event (``card`` is the event's card)."""
    low: bool
    """Removing 2 or more cubes lowers the arena's DEFCON marker."""
    letter: bool
    """The Personal Letter may still join this Command."""
    remove: bool
    """This Command may remove cubes."""


class CubesFrame(TypedDict):
    """The generic event frame: ``p`` places or removes ``side``'s cubes."""

    f: Literal["cubes"]
    p: str
    side: str
    verb: str
    """``"place"`` or ``"remove"``."""
    left: int
    arenas: list[int]
    max: int
    """At most this many in each arena (0: no limit)."""
    one: bool
    """All in one arena."""
    symbol: bool
    """The card's DEFCON symbol moves the markers of arenas that gain or lose 2+."""
    low: bool
    """The DEFCON symbol may lower markers."""
    optional: bool
    done: list[int]
    """The arena of each cube moved so far."""
    then: str
    """The continuation resumed with the cubes moved per arena ("" for none)."""
    data: dict[str, Any]
    card: NotRequired[int]


class ShiftFrame(TypedDict):
    """The generic event frame: ``p`` moves one of ``side``'s DEFCON markers."""

    f: Literal["shift"]
    p: str
    side: str
    tracks: list[int]
    steps: int
    up: bool
    down: bool
    exact: bool
    """Exactly ``steps`` (clipped at the track's end), not up to."""
    optional: bool
    then: str
    """The continuation resumed with ``(track, signed steps)`` or None ("" for none)."""
    data: dict[str, Any]
    card: NotRequired[int]


class AskFrame(TypedDict):
    """The generic question: ``p`` chooses an arena or a named option."""

    f: Literal["ask"]
    p: str
    kind: str
    """``"target"`` (arenas) or ``"choose"`` (indexes of ``actions.OPTIONS``)."""
    options: list[int]
    then: str
    data: dict[str, Any]
    card: NotRequired[int]


class AgendaFrame(TypedDict):
    """``p`` keeps one of its three agendas."""

    f: Literal["agenda"]
    p: str
    card: NotRequired[int]


class InitiativeFrame(TypedDict):
    """``p`` chooses who plays first this round."""

    f: Literal["initiative"]
    p: str
    card: NotRequired[int]


class AftermathFrame(TypedDict):
    """``p`` puts one of several cards in the Aftermath (positions only)."""

    f: Literal["aftermath"]
    p: str
    card: NotRequired[int]


class AlliancesFrame(TypedDict):
    """``p`` puts the Alliances bonus ``card`` in the Aftermath or discards it."""

    f: Literal["alliances"]
    p: str
    card: int


class StolenFrame(TypedDict):
    """``p`` plays or discards the ``card`` Intelligence Reports took."""

    f: Literal["stolen"]
    p: str
    card: int


class SummitFrame(TypedDict):
    """Summit Meeting: ``p`` discards cards, ``n`` so far, then draws as many."""

    f: Literal["summit"]
    p: str
    n: int
    card: NotRequired[int]


class ReplaceFrame(TypedDict):
    """Intelligence Reports: ``side`` draws a replacement card (a procedure)."""

    f: Literal["replace"]
    side: str
    card: NotRequired[int]


AnyFrame = (RoundFrame | TurnFrame | OfferFrame | CommandFrame | CubesFrame | ShiftFrame | AskFrame | AgendaFrame
            | InitiativeFrame | AftermathFrame | AlliancesFrame | StolenFrame | SummitFrame | ReplaceFrame)
"""Any frame of the 13 Days stack."""

EventFrame = CubesFrame | ShiftFrame | AskFrame
"""A generic event frame, resumed by a continuation (``state.resume``)."""

# Each frame kind's shape, by the name in ``frame["f"]`` (a test compares
# them with the fields ``thirteen/validate.py`` checks).
KINDS: dict[str, Any] = {
    "round": RoundFrame,
    "turn": TurnFrame,
    "offer": OfferFrame,
    "command": CommandFrame,
    "cubes": CubesFrame,
    "shift": ShiftFrame,
    "ask": AskFrame,
    "agenda": AgendaFrame,
    "initiative": InitiativeFrame,
    "aftermath": AftermathFrame,
    "alliances": AlliancesFrame,
    "stolen": StolenFrame,
    "summit": SummitFrame,
    "replace": ReplaceFrame,
}
