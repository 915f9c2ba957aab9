"""Twilight Struggle rules: the shape of every frame kind on the stack.

A frame is a plain dict, not an object: the whole state is JSON, saved,
cloned (frames are copied shallowly) and sent as it is, and a frame's keys
are what a saved game holds. These ``TypedDict`` declarations give the type
checker those same dicts' shapes, so a handler that reads a field its kind
lacks, or a push site that forgets or misspells one, fails ``mypy`` instead
of a game. They cost nothing at run time: a ``TypedDict`` value is an
ordinary dict.

One declaration per kind (``f``); ``place_inf`` and ``remove_inf`` share
one shape and one handler, and a ``roll`` has one shape per reason
(``why``). Keys marked ``NotRequired`` are absent unless set. Sides are
``"USSR"`` or ``"US"`` (plain ``str`` here, as everywhere in the rules).

``twilight/validate.py`` checks the same fields, with their ranges, in a
loaded state; ``tests/twilight/test_frame_kinds.py`` keeps the two in step.
Code that reads any frame (``d["stack"][-1]["f"]``) keeps plain dict access.

This module alone has no ``from __future__ import annotations``: a
``TypedDict`` tells its required keys from its ``NotRequired`` ones by
reading its annotations as the class is made, and strings would hide that
(``__required_keys__`` would list every key).
"""

from typing import Any, Literal, NotRequired, TypedDict

# The steps of the turn sequence (rule 4.5), in order.
TurnStep = Literal["start", "headline", "headline2", "reveal", "resolve", "round", "round_done",
                   "extra", "extra_us", "extra_end", "eagle", "end"]
# What an ``ask`` asks for: a country, a card (to take, discard, play as an
# event or for ops), an option index of ``actions.OPTIONS``, or yes/no.
AskKind = Literal["target", "pick", "discard", "choose", "event", "ops", "yesno"]
# How the ops of an ``ops`` frame are being spent ("": not decided yet).
OpsMode = Literal["", "place", "realign"]


# ---------------------------------------------------------------------------
# Procedures (``rules.PROCS``): run by ``advance``, never waiting for a side
# ---------------------------------------------------------------------------
class TurnFrame(TypedDict):
    """The turn sequence, always at the bottom of the stack."""

    f: Literal["turn"]
    step: TurnStep
    first: NotRequired[str]
    """The side that chose its headline first (until the headlines resolve)."""
    order: NotRequired[list[str]]
    """The sides whose revealed headlines are still to resolve, in order."""
    defcon0: NotRequired[int]
    """DEFCON as the action round began, for NORAD (#106)."""


class FinishFrame(TypedDict):
    """A played card, under everything its play pushes: it leaves play
    (discarded, removed, or The China Card passed on) once they are done."""

    f: Literal["finish"]
    side: str
    """Who played the card."""
    card: int
    remove: bool
    """Removed from the game when done (a starred event that took place)."""
    table: NotRequired[bool]
    """The card stays on the table for its effect (``keep_on_table``)."""


class FireEventFrame(TypedDict):
    """The opponent's event of a card played for ops, run after the ops."""

    f: Literal["fire_event"]
    side: str
    """The side the event happens for."""
    card: int


# ---------------------------------------------------------------------------
# Decisions (``rules.LEGAL`` / ``rules.APPLY``): ``p`` is the side to act
# ---------------------------------------------------------------------------
class SetupFrame(TypedDict):
    """Free set-up influence (3.0)."""

    f: Literal["setup"]
    p: str
    left: int
    region: str


class HeadlineFrame(TypedDict):
    """A side chooses its headline card (4.5 C)."""

    f: Literal["headline"]
    p: str


class ActionFrame(TypedDict):
    """An action round: play a card (or pass)."""

    f: Literal["action"]
    p: str
    extra: bool
    """An extra round (Space Station, North Sea Oil): it may be passed."""
    only: NotRequired[int]
    """A card an event hands the side to play at once (Grain Sales)."""
    ret: NotRequired[int]
    """With ``only``: the card whose ops are used if ``only`` is given back."""


class OpsFrame(TypedDict):
    """Operations being spent (6.0)."""

    f: Literal["ops"]
    p: str
    card: int
    ops: int
    """Ops left, region bonuses included."""
    bonus: list[list[Any]]
    """``[region, amount]`` bonuses, lost when an op is spent elsewhere."""
    mode: OpsMode
    access: list[int]
    """Where influence may be placed, fixed as the card is played (6.1.1)."""
    kinds: NotRequired[str]
    """The kinds of operations allowed, some of ``"pcr"`` (absent: all)."""
    only: NotRequired[list[int]]
    """The only countries allowed (an event's operations)."""
    free: NotRequired[bool]
    """Free coups/realignments: no DEFCON limit, no Military Operations."""
    then: NotRequired[str]
    """A continuation run after the coup."""


class RealignRollFrame(TypedDict):
    """The two dice of a realignment (6.2): the phasing side's roll first."""

    f: Literal["roll"]
    p: Literal["chance"]
    why: Literal["realign"]
    side: str
    target: int
    first: int
    """The first die (0 until it is rolled)."""


class CoupRollFrame(TypedDict):
    """The die of a coup (6.3)."""

    f: Literal["roll"]
    p: Literal["chance"]
    why: Literal["coup"]
    side: str
    target: int
    ops: int
    free: bool
    then: str
    """A continuation run after the coup ("": none)."""


class EventRollFrame(TypedDict):
    """A die an event rolls (``roll_for``)."""

    f: Literal["roll"]
    p: Literal["chance"]
    why: Literal["event"]
    then: str
    """The continuation that gets the roll."""
    data: dict[str, Any]
    """What the event stored for its continuation."""


class SpaceRollFrame(TypedDict):
    """The die of a Space Race attempt (6.4)."""

    f: Literal["roll"]
    p: Literal["chance"]
    why: Literal["space"]
    side: str


RollFrame = RealignRollFrame | CoupRollFrame | EventRollFrame | SpaceRollFrame


class EagleFrame(TypedDict):
    """Eagle/Bear Has Landed: discard a card at the end of the turn, or not."""

    f: Literal["eagle"]
    p: str


class OrderFrame(TypedDict):
    """A card played for ops carries the opponent's event: event or ops first (5.2)."""

    f: Literal["order"]
    p: str
    card: int


class InfluenceFrame(TypedDict):
    """The generic event frame that places (``place_inf``) or removes
    (``remove_inf``) influence, one point per action or one country per
    action (``push_influence``)."""

    f: Literal["place_inf", "remove_inf"]
    p: str
    """The side choosing the countries."""
    side: str
    """The side whose influence is placed or removed."""
    left: int
    allowed: list[int]
    max: int
    """At most this many per country (0: no limit)."""
    done: list[int]
    """The countries chosen so far, one entry per point."""
    optional: bool
    """The chooser may stop early (``done``)."""
    then: NotRequired[str]
    """A continuation run when the frame ends."""
    data: NotRequired[dict[str, Any]]
    """What the event stored for that continuation."""
    per: NotRequired[int]
    """The countries form: ``left`` different countries, each changed by
    this many points (0, ``frames.ALL``: all the influence there)."""
    question: NotRequired[str]
    """The choice is put as this event question (``target``/``pass``)."""
    log: NotRequired[str]
    """The log code each change is recorded with (the event's own)."""


class AskFrame(TypedDict):
    """A generic event question (``ask``), resumed by a named continuation."""

    f: Literal["ask"]
    p: str
    kind: AskKind
    options: list[int]
    """Country indexes, card numbers or option indexes, by ``kind``."""
    then: str
    """The continuation that gets the answer."""
    optional: bool
    """The question may be passed."""
    data: dict[str, Any]
    """What the event stored for its continuation."""


DecisionFrame = (SetupFrame | HeadlineFrame | ActionFrame | OpsFrame | RollFrame | EagleFrame | OrderFrame
                 | InfluenceFrame | AskFrame)
AnyFrame = TurnFrame | FinishFrame | FireEventFrame | DecisionFrame
