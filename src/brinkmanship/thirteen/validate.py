"""Validation of a loaded 13 Days state (``bm.load``).

``core.validate.validate_common`` has already checked what every game shares
(the version, the log, the outcome keys, known frame kinds, a decision on top
of the stack). This module checks the rest against what the rules and the
card events write, so that a state read from a file either is one the engine
could have reached, or raises ``StateError`` naming the field:

- the schema: every key of ``rules.blank_state`` with its JSON type, no other;
- the options (names and values, as ``make_options`` accepts them);
- ranges: round, prestige, DEFCON markers, cubes per arena and in all
  (the reserve is never negative), plays;
- each of the 39 strategy cards in exactly one place (hands, deck, discard,
  a card held for a moment, the Aftermath) and each of the 13 agenda cards
  (agenda deck, out of the game, a side's flags); a kept agenda is one of
  its side's flags;
- the round effects (``fx``): the four known names, lists of sides;
- every stack frame: the fields its kind's code reads, with their types and
  ranges, the round step it belongs to, and the continuation it resumes
  (a registered name whose data and options are those its event writes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from brinkmanship.core.validate import (
    Check,
    Record,
    check_header,
    conserve,
    expect,
    expect_in,
    expect_int,
    expect_ints,
    expect_keys,
    fail,
    is_bool,
    is_int,
    is_str,
    list_of,
    one_of,
    per_side,
)
from brinkmanship.thirteen import rules
from brinkmanship.thirteen.actions import MAX_SHIFT, OPTIONS
from brinkmanship.thirteen.board import (
    AGENDA_NAME,
    ALLIANCES,
    CARD_FACTION,
    CARD_NAME,
    CUBA,
    N_AGENDA_CARDS,
    N_ARENAS,
    N_CARDS,
    OPPONENT,
    SIDES,
    TRACKS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import (
    AGENDAS_DEALT,
    ARENA_MAX,
    DEFCON_MAX,
    DEFCON_MIN,
    HAND_SIZE,
    MAX_LEAD,
    PLAYS_PER_ROUND,
    ROUNDS,
    SUPPLY,
)
from brinkmanship.thirteen.events import REGISTRY
from brinkmanship.thirteen.options import make_options
from brinkmanship.thirteen.rules import ROUND_EFFECTS, Data

Frame = dict[str, Any]

RESULTS = ("nuclear_war", "prestige", "personal_letter")
SIDE = one_of(*SIDES)
CARD = is_int(1, N_CARDS)
ARENA = is_int(0, N_ARENAS - 1)
ARENAS = list_of(ARENA, N_ARENAS, unique=True)
TRACK = is_int(0, len(TRACKS) - 1)
_ANY: Check = lambda value, path: None  # noqa: E731  (the frame kind, checked before)
_NO_DATA = Record({})
# The most cubes one Command handles: 3 printed, +1 SOPs, +1 the Letter.
MAX_COMMAND = 6
# Cubes an event moves at most ("any number": Public Protests).
MAX_EVENT_CUBES = 99
ALL_CARDS = frozenset(range(1, N_CARDS + 1))
ALL_AGENDAS = frozenset(range(1, N_AGENDA_CARDS + 1))


def _card(c: int) -> str:
    return f"card {c} ({CARD_NAME[c]})" if type(c) is int and 0 < c <= N_CARDS else f"card {c}"


def _agenda(a: int) -> str:
    if type(a) is int and 0 < a <= N_AGENDA_CARDS:
        return f"agenda card {a} ({AGENDA_NAME[rules.agenda_type(a)]})"
    return f"agenda card {a}"


# ---------------------------------------------------------------------------
# Continuations: what each event stores in the frame it resumes from
# ---------------------------------------------------------------------------
_CUBA = frozenset(CUBA)
_REMOVE = OPTIONS.index("remove")
# ``ask`` continuations: the question's kind, who answers, the allowed options.
ASKS: dict[str, tuple[str, str, frozenset[int]]] = {
    "air_strike": ("choose", US, frozenset((OPTIONS.index("remove"), OPTIONS.index("place")))),
    "air_strike_target": ("target", US, _CUBA),
    "bay_of_pigs": ("choose", US, frozenset((OPTIONS.index("remove"), OPTIONS.index("ban")))),
    "u_2_downed": ("target", USSR, _CUBA),
}
# ``shift`` and ``cubes`` continuations: the data their event stores.
SHIFTS: dict[str, Record] = {
    "": _NO_DATA,
    "fifty_fifty_second": Record({"low": is_bool}),
    "invasion_of_cuba": Record({"by": SIDE}),
}
CUBES: dict[str, Record] = {"": _NO_DATA, "wave_and_smile": _NO_DATA}


# ---------------------------------------------------------------------------
# Frames
# ---------------------------------------------------------------------------
_ROUND = Record({"f": _ANY, "step": _ANY})
# Frames an event pushes carry its card (``rules.own_frames``): the card a
# decision belongs to.
_EVENT_CARD = {"card": CARD}
_JUST_P = Record({"f": _ANY, "p": SIDE}, _EVENT_CARD)
_OFFER = Record({"f": _ANY, "p": SIDE, "card": CARD, "by": SIDE})
_COMMAND = Record({"f": _ANY, "p": SIDE, "card": CARD, "left": is_int(1, MAX_COMMAND), "arenas": ARENAS,
                   "mode": one_of("", "place", "remove"), "arena": is_int(-1, N_ARENAS - 1),
                   "n": is_int(0, MAX_COMMAND), "granted": is_bool, "low": is_bool, "letter": is_bool,
                   "remove": is_bool})
_CUBES = Record({"f": _ANY, "p": SIDE, "side": SIDE, "verb": one_of("place", "remove"),
                 "left": is_int(1, MAX_EVENT_CUBES), "arenas": ARENAS, "max": is_int(0, ARENA_MAX),
                 "one": is_bool, "symbol": is_bool, "low": is_bool, "optional": is_bool,
                 "done": list_of(ARENA, MAX_EVENT_CUBES), "then": is_str, "data": _ANY}, _EVENT_CARD)
_SHIFT = Record({"f": _ANY, "p": SIDE, "side": SIDE, "tracks": list_of(TRACK, len(TRACKS), unique=True),
                 "steps": is_int(1, MAX_SHIFT), "up": is_bool, "down": is_bool, "exact": is_bool,
                 "optional": is_bool, "then": is_str, "data": _ANY}, _EVENT_CARD)
_ASK = Record({"f": _ANY, "p": SIDE, "kind": one_of("target", "choose"), "options": _ANY, "then": is_str,
               "data": _NO_DATA}, _EVENT_CARD)
_CARD_FRAME = Record({"f": _ANY, "p": SIDE, "card": CARD})
_SUMMIT = Record({"f": _ANY, "p": SIDE, "n": is_int(0, N_CARDS)}, _EVENT_CARD)
_REPLACE = Record({"f": _ANY, "side": SIDE}, _EVENT_CARD)


def _check_offer(d: Data, f: Frame, path: str) -> None:
    _OFFER(f, path)
    if f["p"] != OPPONENT[f["by"]] or CARD_FACTION[f["card"]] != f["p"]:
        fail(path, f"the {f['p']} is offered the event of {_card(f['card'])} played by the {f['by']}")


def _check_command(d: Data, f: Frame, path: str) -> None:
    _COMMAND(f, path)
    started = f["mode"] != ""
    if started != (f["n"] > 0) or started != (f["arena"] >= 0):
        fail(path, "a Command's mode, arena and cube count are set together by its first cube")
    if started and f["arena"] not in f["arenas"]:
        fail(f"{path}.arena", f"{f['arena']} is not one of the Command's arenas")
    if f["n"] >= f["left"]:
        fail(f"{path}.n", f"{f['n']} cubes done of {f['left']}: the Command is over")
    if f["mode"] == "remove" and not f["remove"]:
        fail(f"{path}.mode", "this Command may not remove")


def _check_cubes(d: Data, f: Frame, path: str) -> None:
    _CUBES(f, path)
    then = f["then"]
    data = CUBES.get(then)
    if data is None or (then and then not in REGISTRY.continuations):
        fail(f"{path}.then", f"{then!r} is not a continuation of an event's cubes")
    data(f["data"], f"{path}.data")
    done = f["done"]
    for k, i in enumerate(done):
        if i not in f["arenas"]:
            fail(f"{path}.done[{k}]", f"arena {i} is not one this event uses")
        if f["max"] and done.count(i) > f["max"]:
            fail(f"{path}.done[{k}]", f"more than {f['max']} cubes in arena {i}")
    if f["one"] and len(set(done)) > 1:
        fail(f"{path}.done", "this event uses one arena only")


def _check_shift(d: Data, f: Frame, path: str) -> None:
    _SHIFT(f, path)
    then = f["then"]
    data = SHIFTS.get(then)
    if data is None or (then and then not in REGISTRY.continuations):
        fail(f"{path}.then", f"{then!r} is not a continuation of a DEFCON move")
    data(f["data"], f"{path}.data")


def _check_ask(d: Data, f: Frame, path: str) -> None:
    _ASK(f, path)
    then = f["then"]
    spec = ASKS.get(then)
    if spec is None or then not in REGISTRY.continuations:
        fail(f"{path}.then", f"{then!r} is not a continuation of a question")
    kind, chooser, allowed = spec
    if f["kind"] != kind:
        fail(f"{path}.kind", f"{f['kind']!r}; {then} asks for {kind!r}")
    if f["p"] != chooser:
        fail(f"{path}.p", f"{f['p']!r}; {then} is answered by the {chooser}")
    options = f["options"]
    expect_ints(options, f"{path}.options", 0, N_ARENAS - 1 if kind == "target" else len(OPTIONS) - 1)
    if not options or len(set(options)) != len(options):
        fail(f"{path}.options", "empty, or an option appears twice")
    for k, x in enumerate(options):
        if x not in allowed:
            fail(f"{path}.options[{k}]", f"{x} is not an option {then} offers")
    if then == "bay_of_pigs" and _REMOVE in options and d["cubes"][US][ALLIANCES] < 2:
        # Removing 2 cubes from Alliances is offered only with 2 there.
        fail(f"{path}.options", "the US may remove 2 cubes from Alliances, but has fewer there")


def _check_agenda(d: Data, f: Frame, path: str) -> None:
    _JUST_P(f, path)
    side = f["p"]
    if not d["offered"][side] or d["kept"][side]:
        fail(path, f"the {side} keeps an agenda, but it has no flags or has kept one already")


def _check_turn(d: Data, f: Frame, path: str) -> None:
    _JUST_P(f, path)
    side = f["p"]
    if not d["hands"][side] or d["plays"][side] >= PLAYS_PER_ROUND:
        fail(path, f"the {side} plays a card, but has no card or no play left")


def _check_aftermath(d: Data, f: Frame, path: str) -> None:
    _JUST_P(f, path)
    if not d["hands"][f["p"]]:
        fail(path, f"the {f['p']} chooses an Aftermath card from an empty hand")


# The fields of each frame kind (``rules/kinds.py`` types the same ones).
SHAPES: dict[str, Record] = {
    "round": _ROUND, "turn": _JUST_P, "offer": _OFFER, "command": _COMMAND, "cubes": _CUBES, "shift": _SHIFT,
    "ask": _ASK, "agenda": _JUST_P, "initiative": _JUST_P, "aftermath": _JUST_P, "alliances": _CARD_FRAME,
    "stolen": _CARD_FRAME, "summit": _SUMMIT, "replace": _REPLACE,
}
FRAMES: dict[str, Callable[[Data, Frame, str], None]] = {
    "round": lambda d, f, path: _ROUND(f, path),
    "turn": _check_turn,
    "offer": _check_offer,
    "command": _check_command,
    "cubes": _check_cubes,
    "shift": _check_shift,
    "ask": _check_ask,
    "agenda": _check_agenda,
    "initiative": lambda d, f, path: _JUST_P(f, path),
    "aftermath": _check_aftermath,
    "alliances": lambda d, f, path: _CARD_FRAME(f, path),
    "stolen": lambda d, f, path: _CARD_FRAME(f, path),
    "summit": lambda d, f, path: _SUMMIT(f, path),
    "replace": lambda d, f, path: _REPLACE(f, path),
}

# Round steps where the round procedure waits for decisions above it, and
# the frames each such step allows (the steps between run on without one).
_STEP_FRAMES: dict[str, frozenset[str]] = {
    "deal": frozenset({"agenda"}),
    "plays": frozenset({"turn", "offer", "command", "cubes", "shift", "ask", "initiative", "stolen", "summit",
                        "replace"}),
    "television": frozenset({"aftermath"}),
    "united_nations": frozenset({"shift"}),
    "resolve": frozenset({"alliances"}),
}


def _hands_played_out(d: Data, choosing: set[str]) -> None:
    """After the card plays every card has left the hands (a side with
    several cards left chooses its Aftermath card first)."""
    for side in SIDES:
        if d["hands"][side] and side not in choosing:
            fail(f"hands.{side}", "cards in hand after the card plays")


def _check_stack(d: Data) -> None:
    stack = d["stack"]
    if not stack:
        # The game is over: nothing is held out of the piles or in a hand.
        if d["held"]:
            fail("held", "a card out of every pile, but the game is over")
        _hands_played_out(d, set())
        return
    if stack[0].get("f") != "round":
        fail("stack[0].f", f"{stack[0].get('f')!r}; the round procedure is at the bottom of the stack")
    step = stack[0].get("step")
    allowed = _STEP_FRAMES.get(step) if type(step) is str else None
    if allowed is None:
        fail("stack[0].step", f"{step!r}: the round never waits for a decision at this step")
    held = []
    one_each: dict[str, set[str]] = {"agenda": set(), "aftermath": set()}
    for k, f in enumerate(stack):
        path = f"stack[{k}]"
        kind = f["f"]
        if k == 0:
            _ROUND(f, path)
            continue
        check = FRAMES.get(kind)
        if check is None or kind not in allowed:
            fail(f"{path}.f", f"a {kind!r} frame at round step {step!r}")
        check(d, f, path)
        if kind in ("stolen", "alliances"):
            held.append(f["card"])
        elif kind in one_each:
            if f["p"] in one_each[kind]:
                fail(f"{path}.p", f"a second {kind!r} decision for the {f['p']}")
            one_each[kind].add(f["p"])
        elif kind in ("turn", "initiative") and k != len(stack) - 1:
            fail(f"{path}.f", f"a {kind!r} decision is only ever on top")
    if step in ("deal", "television", "united_nations", "resolve"):
        if step == "united_nations" and len(stack) != 2:
            fail("stack", "the Television bonus is a single DEFCON move")
        if step == "resolve" and len(stack) != 2:
            fail("stack", "the Alliances bonus is a single decision")
    if Counter(held) != Counter(d["held"]):
        fail("held", f"{d['held']}, but the pending decisions hold {held}: a card out of every pile "
                     "belongs to a decision")
    if step in ("television", "united_nations", "resolve"):
        _hands_played_out(d, one_each["aftermath"])


# ---------------------------------------------------------------------------
# The whole state
# ---------------------------------------------------------------------------
TOP = ("game", "version", "options", "seed", "rng", "ply", "round", "prestige", "defcon", "cubes", "letter",
       "hands", "deck", "discard", "held", "aftermath", "agenda_deck", "agenda_out", "offered", "kept",
       "agendas_open", "plays", "next", "fx", "stack", "log", "over", "winner", "result", "reveals")


def _sides(value: Any, path: str) -> dict[str, Any]:
    return per_side(value, path, SIDES)


def validate(d: Data) -> None:
    """Check a loaded 13 Days state; see the module docstring. Raises
    ``StateError`` naming the first bad field."""
    check_header(d, TOP, make_options)
    if d["over"] and d["result"] not in RESULTS:
        expect_in(d["result"], RESULTS, "result")
    expect_int(d["round"], "round", 1, ROUNDS)
    expect_int(d["prestige"], "prestige", -MAX_LEAD, MAX_LEAD)
    defcon = _sides(d["defcon"], "defcon")
    cubes = _sides(d["cubes"], "cubes")
    plays = _sides(d["plays"], "plays")
    for side in SIDES:
        expect_ints(defcon[side], f"defcon.{side}", DEFCON_MIN, DEFCON_MAX, len(TRACKS))
        expect_ints(cubes[side], f"cubes.{side}", 0, ARENA_MAX, N_ARENAS)
        if sum(cubes[side]) > SUPPLY:
            fail(f"cubes.{side}", f"{sum(cubes[side])} cubes on the board, but a side has {SUPPLY}")
        expect_int(plays[side], f"plays.{side}", 0, PLAYS_PER_ROUND)
    expect_in(d["letter"], SIDES, "letter")
    expect_in(d["next"], SIDES, "next")

    # Strategy cards.
    hands = _sides(d["hands"], "hands")
    places: list[tuple[str, list[int]]] = [(f"hands.{s}", hands[s]) for s in SIDES]
    places += [(key, d[key]) for key in ("deck", "discard", "held")]
    for path, cards in places:
        expect_ints(cards, path, 1, N_CARDS)
    after = d["aftermath"]
    expect(after, "list", "aftermath")
    for k, e in enumerate(after):
        if type(e) is not list or len(e) != 2 or e[0] not in SIDES:
            fail(f"aftermath[{k}]", f"{e!r} is not [side, card]")
        CARD(e[1], f"aftermath[{k}][1]")
    places.append(("aftermath", [c for _, c in after]))
    playing = bool(d["stack"]) and type(d["stack"][0]) is dict and d["stack"][0].get("step") == "plays"
    for side in SIDES:
        # During the plays a hand holds at most 5 cards less those played
        # (Intelligence Reports and Summit Meeting give back what they take).
        most = HAND_SIZE - (plays[side] if playing else 0)
        if len(hands[side]) > most:
            fail(f"hands.{side}", f"{len(hands[side])} cards; the {side} holds at most {most} now")
    conserve(places, ALL_CARDS, _card, f"the strategy cards 1-{N_CARDS}")

    # Agenda cards.
    offered = _sides(d["offered"], "offered")
    kept = _sides(d["kept"], "kept")
    agendas = [(f"offered.{s}", offered[s]) for s in SIDES]
    agendas += [(key, d[key]) for key in ("agenda_deck", "agenda_out")]
    for path, cards in agendas:
        expect_ints(cards, path, 1, N_AGENDA_CARDS)
    conserve(agendas, ALL_AGENDAS, _agenda, f"the agenda cards 1-{N_AGENDA_CARDS}")
    for side in SIDES:
        if len(offered[side]) > AGENDAS_DEALT:
            fail(f"offered.{side}", f"{len(offered[side])} flags; a side is dealt {AGENDAS_DEALT}")
        expect_int(kept[side], f"kept.{side}", 0, N_AGENDA_CARDS)
        if kept[side] and kept[side] not in offered[side]:
            fail(f"kept.{side}", f"{_agenda(kept[side])} is not one of the {side}'s flags")
    is_bool(d["agendas_open"], "agendas_open")

    # Round effects.
    fx = d["fx"]
    if type(fx) is not dict or len(fx) != len(ROUND_EFFECTS):
        expect_keys(fx, "fx", ROUND_EFFECTS)
    for name in ROUND_EFFECTS:
        if name not in fx:
            fail(f"fx.{name}", "missing")
        sides = fx[name]
        if type(sides) is not list or len(sides) > 2 * PLAYS_PER_ROUND or any(s not in SIDES for s in sides):
            list_of(SIDE, 2 * PLAYS_PER_ROUND)(sides, f"fx.{name}")

    _check_stack(d)
    if not d["over"] and not rules.legal_actions(d):
        fail("stack", "the pending decision has no legal action")
