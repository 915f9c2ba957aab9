"""13 Days observation tensors: ``state.observation_tensor(side)``.

The tensor is ``side``'s view (``Thirteen.view``) as a fixed-length float32
vector for learners; every slice of ``LAYOUT`` says what its entries are, in
which order and how they are scaled (docs/observation.md prints the table).
Per-side slices list the USSR first, then the US; arenas follow the board's
order (Cuba (Military), Atlantic, Berlin, Cuba (Political), Turkey, Italy,
Television, United Nations, Alliances), DEFCON tracks Military, Political,
World Opinion, and card slots run by strategy card number 1-39.

The encoder reads the internal state for speed but only the fields the view
shows, exactly as it shows them: the opponent's hand and Aftermath cards,
the deck order, the seed and an unrevealed kept agenda never reach it, so a
determinization (``resample(side)``) has the same tensor. What the view
lists in an order without meaning (the discard pile, Aftermath cards,
agenda flags, the sides under a round effect) is encoded as a set or a
count.

Speed: an observation is taken at every step of an environment, so the
encoder writes into a copy of a zero ``array`` item by item (no numpy call
per entry) and hands numpy the buffer once at the end.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

import numpy as np

from brinkmanship.core.observation import Layout
from brinkmanship.thirteen import cards  # noqa: F401  (registers the events' continuations named below)
from brinkmanship.thirteen.actions import MAX_SHIFT, OPTIONS
from brinkmanship.thirteen.board import (
    AGENDA_CARDS,
    AGENDA_NAME,
    ARENAS,
    CARD_FACTION,
    N_ARENAS,
    N_CARDS,
    TRACKS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import (
    ARENA_MAX,
    DEFCON_MAX,
    HAND_SIZE,
    MAX_LEAD,
    PLAYS_PER_ROUND,
    ROUNDS,
    SUPPLY,
)
from brinkmanship.thirteen.decisions import ANY_NUMBER, CHOICES, HALVES
from brinkmanship.thirteen.events import REGISTRY
from brinkmanship.thirteen.options import OPTION_CHOICES
from brinkmanship.thirteen.rules import LEGAL, ROUND_EFFECTS, Data, Frame, may_add_letter

_N_TRACKS = len(TRACKS)
_N_AGENDAS = len(AGENDA_NAME)
# Scales: the most a count can reach in a game (a position may exceed a few
# of them slightly; the tensor then holds a value a little above 1).
AFTERMATH_MAX = 3 * ROUNDS  # each side's last card and the Alliances bonus, each round
RESULTS: tuple[str, ...] = ("nuclear_war", "prestige", "personal_letter")
EFFECT_NAMES: tuple[str, ...] = ("SOPs", "To the Brink", "Containment", "Bay of Pigs")
DECISION_KINDS: tuple[str, ...] = tuple(LEGAL)
MODES: tuple[str, ...] = ("place", "remove", "both", "escalate", "de-escalate")
FLAGS: tuple[str, ...] = ("letter", "granted", "lowers", "one_arena", "optional", "symbol", "exact", "event",
                          "target", "any_number")
# The continuations a pending event decision resumes, by name (a cubes or
# shift decision's ``then``; an ask's ``question`` names four of them).
THEN_NAMES: tuple[str, ...] = tuple(sorted(REGISTRY.continuations))

_ARENA_LIST = ", ".join(ARENAS)
_TRACK_LIST = ", ".join(TRACKS)
_AGENDA_LIST = ", ".join(AGENDA_NAME)


def _option_meaning() -> str:
    parts = [f"{name} ({', '.join(str(v) for v in values)})" for name, values in OPTION_CHOICES.items()]
    return ("the game's options, one one-hot group per option in this order, one entry per allowed value: "
            + "; ".join(parts))


def _build() -> Layout:
    lay = Layout("thirteen")
    lay.add("viewer", 2, "whose view the tensor is: one-hot USSR, US")
    lay.add("to_move", 3, "who is to move: one-hot USSR, US, chance (13 Days has no chance decisions, so the "
                          "third entry stays 0); all 0 once the game is over")
    lay.add("over", 1, "1 once the game is over, else 0")
    lay.add("winner", 2, "the winner once the game is over: one-hot USSR, US (both 0 while the game goes on, "
                         "and when both sides trigger nuclear war)")
    lay.add("result", 3, f"why the game ended: one-hot {', '.join(RESULTS)}; all 0 while it goes on")
    lay.add("round", ROUNDS, "the round: one-hot 1, 2, 3 (a game has three rounds)")
    lay.add("prestige", 2 * MAX_LEAD + 1, f"the prestige marker: one-hot from USSR +{MAX_LEAD} to US "
                                          f"+{MAX_LEAD} (entry {MAX_LEAD} is even; the US lead counts up)")
    lay.add("defcon", 2 * _N_TRACKS * DEFCON_MAX,
            f"the DEFCON markers: USSR then US, for each side the tracks {_TRACK_LIST}, for each track a one-hot "
            f"of the marker's position 1 to {DEFCON_MAX} (1-3 is DEFCON 3, 4-6 DEFCON 2, 7-8 DEFCON 1)")
    lay.add("cubes", 2 * N_ARENAS, f"influence cubes: USSR then US, one entry per arena ({_ARENA_LIST}), the "
                                   f"side's cubes there / {ARENA_MAX}")
    lay.add("reserve", 2, f"cubes off the board: USSR, US, each / {SUPPLY}")
    lay.add("personal_letter", 2, "the Personal Letter's holder: one-hot USSR, US")
    lay.add("hand", N_CARDS, "the viewer's own hand: entry n-1 is 1 when strategy card n is in it")
    lay.add("hand_size", 2, f"cards in hand: USSR, US, each / {HAND_SIZE}")
    lay.add("plays", 2, f"cards played this round: USSR, US, each / {PLAYS_PER_ROUND}")
    lay.add("agenda_flags", 2 * _N_AGENDAS,
            f"the agendas flagged (dealt face up) this round: USSR then US, one entry per agenda ({_AGENDA_LIST}), "
            "the number of that side's flags on it / 2 (two agenda cards share each track)")
    lay.add("agenda_kept", 2 * _N_AGENDAS,
            "the kept agenda as far as the viewer knows it: USSR then US, a one-hot over the agendas in the order "
            "of agenda_flags; the viewer's own from its choice, the opponent's once agendas are revealed")
    lay.add("agenda_kept_hidden", 2, "USSR, US: 1 when that side has kept an agenda the viewer cannot see yet")
    lay.add("aftermath", 2 * N_CARDS,
            "Aftermath cards the viewer knows: USSR then US, entry n-1 of a side is 1 when that side put strategy "
            "card n face down in the Aftermath; the viewer's own always, the opponent's once the final scoring "
            "reveals them")
    lay.add("aftermath_size", 1, f"cards in the Aftermath pile (both sides) / {AFTERMATH_MAX}")
    lay.add("looking_at", N_CARDS,
            "cards out of every hand that the viewer sees: entry n-1 is 1 for a card Intelligence Reports took "
            "(public) and for the viewer's own Alliances draw")
    lay.add("deck_size", 1, f"cards in the strategy deck / {N_CARDS}")
    lay.add("discard", N_CARDS, "the discard pile: entry n-1 is 1 when strategy card n is in it")
    lay.add("effects", len(ROUND_EFFECTS) * 2,
            f"round effects in play: for each of {', '.join(EFFECT_NAMES)}, USSR then US, how many times it "
            "applies to that side this round (0 or 1 in play)")
    lay.add("options", sum(len(v) for v in OPTION_CHOICES.values()), _option_meaning())
    lay.add("decision_kind", len(DECISION_KINDS),
            f"the pending decision's kind: one-hot {', '.join(DECISION_KINDS)}; all 0 once the game is over")
    lay.add("decision_card", N_CARDS,
            "the card the pending decision belongs to, when the view names one: entry n-1 for card n (an "
            "offered event, a Command's card, the card whose event asks, a card taken by Intelligence Reports, "
            "the viewer's own Alliances draw)")
    lay.add("decision_side", 2, "one-hot USSR, US: whose cubes or DEFCON marker an event's decision moves, or "
                                "the side that played a card whose event is offered")
    lay.add("decision_mode", len(MODES),
            "one-hot: place, remove, both (a Command that may still place or remove; a DEFCON move either way), "
            "escalate, de-escalate")
    lay.add("decision_cubes", 1, f"cubes the decision may still place or remove / {ARENA_MAX} (0 for 'any "
                                 "number': see decision_flags)")
    lay.add("decision_moved", N_ARENAS, f"cubes this Command or event has placed or removed so far, per arena "
                                        f"/ {ARENA_MAX}")
    lay.add("decision_arena", N_ARENAS, "one-hot: the arena this Command or one-arena event is bound to once its "
                                        "first cube has moved")
    lay.add("decision_arenas", N_ARENAS, "the arenas the decision may use: 1 per allowed arena (a Command's or "
                                         "event's arenas, the arenas a target question offers)")
    lay.add("decision_tracks", _N_TRACKS, f"the DEFCON tracks a move may use: 1 per allowed track ({_TRACK_LIST})")
    lay.add("decision_options", len(OPTIONS), f"the named options a question offers: 1 per option "
                                              f"({', '.join(OPTIONS)})")
    lay.add("decision_steps", 1, f"the most steps a DEFCON move may take / {MAX_SHIFT}")
    lay.add("decision_per_arena", 1, f"the most cubes an event may move per arena / {ARENA_MAX} (0: no limit)")
    lay.add("decision_discarded", 1, f"cards discarded so far for Summit Meeting / {HAND_SIZE}")
    lay.add("decision_flags", len(FLAGS),
            "1 when true: letter (the Personal Letter may join this Command), granted (an event gives the "
            "Command), lowers (removing cubes may lower DEFCON), one_arena (every cube in one arena), optional "
            "(the side may stop or pass), symbol (the card's DEFCON symbol moves markers), exact (exactly that "
            "many steps), event (a taken card's event may be played), target (the question asks for an arena), "
            "any_number (any number of cubes)")
    lay.add("decision_then", len(THEN_NAMES),
            f"one-hot: the event step the decision leads to ({', '.join(THEN_NAMES)}); for a question, only "
            "when the question names it")
    return lay


LAYOUT = _build()

# Slice starts, for the encoder.
_VIEWER = LAYOUT["viewer"].start
_TO_MOVE = LAYOUT["to_move"].start
_OVER = LAYOUT["over"].start
_WINNER = LAYOUT["winner"].start
_RESULT = LAYOUT["result"].start
_ROUND = LAYOUT["round"].start - 1
_PRESTIGE = LAYOUT["prestige"].start + MAX_LEAD
_DEFCON = LAYOUT["defcon"].start - 1
_CUBES = LAYOUT["cubes"].start
_RESERVE = LAYOUT["reserve"].start
_LETTER = LAYOUT["personal_letter"].start
_HAND = LAYOUT["hand"].start - 1
_HAND_SIZE = LAYOUT["hand_size"].start
_PLAYS = LAYOUT["plays"].start
_KEPT_HIDDEN = LAYOUT["agenda_kept_hidden"].start
_AFTERMATH = LAYOUT["aftermath"].start - 1
_AFTERMATH_SIZE = LAYOUT["aftermath_size"].start
_LOOKING = LAYOUT["looking_at"].start - 1
_DECK = LAYOUT["deck_size"].start
_DISCARD = LAYOUT["discard"].start - 1
_EFFECTS = LAYOUT["effects"].start
_KIND = LAYOUT["decision_kind"].start
_D_CARD = LAYOUT["decision_card"].start - 1
_D_SIDE = LAYOUT["decision_side"].start
_D_MODE = LAYOUT["decision_mode"].start
_D_CUBES = LAYOUT["decision_cubes"].start
_D_MOVED = LAYOUT["decision_moved"].start
_D_ARENA = LAYOUT["decision_arena"].start
_D_ARENAS = LAYOUT["decision_arenas"].start
_D_TRACKS = LAYOUT["decision_tracks"].start
_D_OPTIONS = LAYOUT["decision_options"].start
_D_STEPS = LAYOUT["decision_steps"].start
_D_PER = LAYOUT["decision_per_arena"].start
_D_DISCARDED = LAYOUT["decision_discarded"].start
_D_FLAGS = LAYOUT["decision_flags"].start
_D_THEN = LAYOUT["decision_then"].start

_F_LETTER, _F_GRANTED, _F_LOWERS, _F_ONE, _F_OPTIONAL, _F_SYMBOL, _F_EXACT, _F_EVENT, _F_TARGET, _F_ANY = (
    _D_FLAGS + k for k in range(len(FLAGS)))
_M_PLACE, _M_REMOVE, _M_BOTH, _M_UP, _M_DOWN = (_D_MODE + k for k in range(len(MODES)))

# Lookup tables: where one fact lands.
_SIDE = {USSR: 0, US: 1}
_MOVER = {USSR: _TO_MOVE, US: _TO_MOVE + 1, "chance": _TO_MOVE + 2}
_RESULT_AT = {r: _RESULT + k for k, r in enumerate(RESULTS)}
_KIND_AT = {k: _KIND + i for i, k in enumerate(DECISION_KINDS)}
_THEN_AT = {t: _D_THEN + i for i, t in enumerate(THEN_NAMES)}
# An ask's question names its continuation only for these (decisions.py).
_ASK_THEN_AT = {t: _THEN_AT[t] for t in (*HALVES, *CHOICES)}
# Agenda card -> its entry in agenda_flags and agenda_kept, per side.
_FLAG_AT = tuple(tuple(LAYOUT["agenda_flags"].start + s * _N_AGENDAS + t for t in (0, *AGENDA_CARDS))
                 for s in range(2))
_KEPT_AT = tuple(tuple(LAYOUT["agenda_kept"].start + s * _N_AGENDAS + t for t in (0, *AGENDA_CARDS))
                 for s in range(2))
_EFFECT_AT = {name: _EFFECTS + 2 * k for k, name in enumerate(ROUND_EFFECTS)}
_OPTION_AT: tuple[tuple[str, dict[Any, int]], ...] = ()
_start = LAYOUT["options"].start
for _name, _values in OPTION_CHOICES.items():
    _OPTION_AT += ((_name, {v: _start + k for k, v in enumerate(_values)}),)
    _start += len(_values)

# Scaled values, precomputed so the encoder only indexes.
_BY_ARENA_MAX = tuple(n / ARENA_MAX for n in range(ANY_NUMBER + 1))
_BY_SUPPLY = tuple(n / SUPPLY for n in range(SUPPLY + 1))
_BY_HAND = 1 / HAND_SIZE
_BY_PLAYS = 1 / PLAYS_PER_ROUND
_BY_AFTERMATH = 1 / AFTERMATH_MAX
_BY_DECK = 1 / N_CARDS
_STEP_CUBE = 1 / ARENA_MAX

_ZERO = array("f", bytes(4 * LAYOUT.size))

# The zero vector with a game's options already set, by the identity of its
# options dict: a game's options never change, and every state of one game
# (its clones, its determinizations) shares the dict, so a call pays one
# lookup instead of ten. The entry keeps the dict alive, so that its id
# cannot be reused by another dict while it is cached.
_TEMPLATES: dict[int, tuple[dict[str, Any], array[float]]] = {}
_TEMPLATES_MAX = 1024


def _template(opts: dict[str, Any]) -> array[float]:
    hit = _TEMPLATES.get(id(opts))
    if hit is not None and hit[0] is opts:
        return hit[1]
    a = _ZERO[:]
    for name, where in _OPTION_AT:
        a[where[opts[name]]] = 1.0
    if len(_TEMPLATES) >= _TEMPLATES_MAX:
        _TEMPLATES.clear()
    _TEMPLATES[id(opts)] = (opts, a)
    return a

Encoder = Callable[["array[float]", Data, Frame, str], None]


# ---------------------------------------------------------------------------
# The pending decision's data (thirteen/decisions.py builds the same facts
# for the view; each encoder mirrors its builder)
# ---------------------------------------------------------------------------
def _offer(a: array[float], d: Data, f: Frame, side: str) -> None:
    a[_D_CARD + f["card"]] = 1.0
    a[_D_SIDE + _SIDE[f["by"]]] = 1.0


def _command(a: array[float], d: Data, f: Frame, side: str) -> None:
    a[_D_CARD + f["card"]] = 1.0
    moved = f["n"]
    a[_D_CUBES] = _BY_ARENA_MAX[f["left"] - moved]
    mode = f["mode"]
    if mode:
        arena = f["arena"]
        a[_M_PLACE if mode == "place" else _M_REMOVE] = 1.0
        a[_D_ARENA + arena] = 1.0
        a[_D_MOVED + arena] = _BY_ARENA_MAX[moved]
    else:
        a[_M_BOTH if f["remove"] else _M_PLACE] = 1.0
    for i in f["arenas"]:
        a[_D_ARENAS + i] = 1.0
    if may_add_letter(d, f):  # type: ignore[arg-type]
        a[_F_LETTER] = 1.0
    if f["granted"]:
        a[_F_GRANTED] = 1.0
    if f["low"]:
        a[_F_LOWERS] = 1.0


def _cubes(a: array[float], d: Data, f: Frame, side: str) -> None:
    card = f.get("card")
    if card:
        a[_D_CARD + card] = 1.0
    a[_D_SIDE + _SIDE[f["side"]]] = 1.0
    a[_M_PLACE if f["verb"] == "place" else _M_REMOVE] = 1.0
    left = f["left"]
    if left > ANY_NUMBER:
        a[_F_ANY] = 1.0
    else:
        a[_D_CUBES] = _BY_ARENA_MAX[left]
    done = f["done"]
    for i in done:
        a[_D_MOVED + i] += _STEP_CUBE
    for i in f["arenas"]:
        a[_D_ARENAS + i] = 1.0
    if f["one"]:
        a[_F_ONE] = 1.0
        if done:
            a[_D_ARENA + done[0]] = 1.0
    per = f["max"]
    if per:
        a[_D_PER] = _BY_ARENA_MAX[per]
    if f["optional"]:
        a[_F_OPTIONAL] = 1.0
    if f["symbol"]:
        a[_F_SYMBOL] = 1.0
    if f["low"]:
        a[_F_LOWERS] = 1.0
    then = f["then"]
    if then:
        a[_THEN_AT[then]] = 1.0


def _shift(a: array[float], d: Data, f: Frame, side: str) -> None:
    card = f.get("card")
    if card:
        a[_D_CARD + card] = 1.0
    a[_D_SIDE + _SIDE[f["side"]]] = 1.0
    for t in f["tracks"]:
        a[_D_TRACKS + t] = 1.0
    up = f["up"]
    down = f["down"]
    a[_M_BOTH if up and down else (_M_UP if up else _M_DOWN)] = 1.0
    a[_D_STEPS] = f["steps"] / MAX_SHIFT
    if f["exact"]:
        a[_F_EXACT] = 1.0
    if f["optional"]:
        a[_F_OPTIONAL] = 1.0
    then = f["then"]
    if then:
        a[_THEN_AT[then]] = 1.0


def _ask(a: array[float], d: Data, f: Frame, side: str) -> None:
    card = f.get("card")
    if card:
        a[_D_CARD + card] = 1.0
    if f["kind"] == "target":
        a[_F_TARGET] = 1.0
        for i in f["options"]:
            a[_D_ARENAS + i] = 1.0
    else:
        for i in f["options"]:
            a[_D_OPTIONS + i] = 1.0
    at = _ASK_THEN_AT.get(f["then"])
    if at is not None:
        a[at] = 1.0


def _alliances(a: array[float], d: Data, f: Frame, side: str) -> None:
    if f["p"] == side:  # the drawn card is seen by the side that drew it only
        a[_D_CARD + f["card"]] = 1.0


def _stolen(a: array[float], d: Data, f: Frame, side: str) -> None:
    card = f["card"]
    a[_D_CARD + card] = 1.0
    fac = CARD_FACTION[card]
    if fac == f["p"] or fac == "UN":  # rules.may_event
        a[_F_EVENT] = 1.0


def _summit(a: array[float], d: Data, f: Frame, side: str) -> None:
    card = f.get("card")
    if card:
        a[_D_CARD + card] = 1.0
    a[_D_DISCARDED] = f["n"] * _BY_HAND


def _nothing(a: array[float], d: Data, f: Frame, side: str) -> None:
    """turn, agenda, initiative, aftermath: their data is elsewhere in the
    tensor (round, plays, the mover's agenda flags)."""


_DECISION: dict[str, Encoder] = {"offer": _offer, "command": _command, "cubes": _cubes, "shift": _shift,
                                 "ask": _ask, "alliances": _alliances, "stolen": _stolen, "summit": _summit}
for _kind in DECISION_KINDS:
    _DECISION.setdefault(_kind, _nothing)


# ---------------------------------------------------------------------------
# The whole tensor
# ---------------------------------------------------------------------------
def observation_tensor(d: Data, side: str) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``side``'s observation of state ``d`` (``LAYOUT``): a fresh float32
    vector, a function of ``view(d, side)`` alone."""
    try:
        s = _SIDE[side]
    except KeyError:
        raise ValueError(f"unknown side {side!r}; sides are USSR, US") from None
    opts = d["options"]
    hit = _TEMPLATES.get(id(opts))
    a = hit[1][:] if hit is not None and hit[0] is opts else _template(opts)[:]
    a[_VIEWER + s] = 1.0
    over = d["over"]
    rnd = d["round"]
    if over:
        a[_OVER] = 1.0
        w = d["winner"]
        if w is not None:
            a[_WINNER + _SIDE[w]] = 1.0
        a[_RESULT_AT[d["result"]]] = 1.0
    a[_ROUND + rnd] = 1.0
    a[_PRESTIGE + d["prestige"]] = 1.0

    row = d["defcon"][USSR]
    a[_DEFCON + row[0]] = 1.0
    a[_DEFCON + 8 + row[1]] = 1.0
    a[_DEFCON + 16 + row[2]] = 1.0
    row = d["defcon"][US]
    a[_DEFCON + 24 + row[0]] = 1.0
    a[_DEFCON + 32 + row[1]] = 1.0
    a[_DEFCON + 40 + row[2]] = 1.0

    by5 = _BY_ARENA_MAX
    cubes = d["cubes"]
    i = _CUBES
    placed = 0
    for n in cubes[USSR]:
        if n:
            a[i] = by5[n]
            placed += n
        i += 1
    a[_RESERVE] = _BY_SUPPLY[SUPPLY - placed]
    placed = 0
    for n in cubes[US]:
        if n:
            a[i] = by5[n]
            placed += n
        i += 1
    a[_RESERVE + 1] = _BY_SUPPLY[SUPPLY - placed]
    a[_LETTER + _SIDE[d["letter"]]] = 1.0

    hands = d["hands"]
    for c in hands[side]:
        a[_HAND + c] = 1.0
    a[_HAND_SIZE] = len(hands[USSR]) * _BY_HAND
    a[_HAND_SIZE + 1] = len(hands[US]) * _BY_HAND
    plays = d["plays"]
    a[_PLAYS] = plays[USSR] * _BY_PLAYS
    a[_PLAYS + 1] = plays[US] * _BY_PLAYS

    offered = d["offered"]
    at = _FLAG_AT[0]
    for x in offered[USSR]:
        a[at[x]] += 0.5
    at = _FLAG_AT[1]
    for x in offered[US]:
        a[at[x]] += 0.5
    kept = d["kept"]
    k = kept[USSR]
    if k:
        if s == 0 or d["agendas_open"]:
            a[_KEPT_AT[0][k]] = 1.0
        else:
            a[_KEPT_HIDDEN] = 1.0
    k = kept[US]
    if k:
        if s == 1 or d["agendas_open"]:
            a[_KEPT_AT[1][k]] = 1.0
        else:
            a[_KEPT_HIDDEN + 1] = 1.0

    after = d["aftermath"]
    if after:
        a[_AFTERMATH_SIZE] = len(after) * _BY_AFTERMATH
        if over and rnd >= ROUNDS and d["result"] != "nuclear_war":
            for owner, c in after:  # revealed by the final scoring
                a[(_AFTERMATH + N_CARDS if owner == US else _AFTERMATH) + c] = 1.0
        else:
            base = _AFTERMATH + N_CARDS * s
            for owner, c in after:
                if owner == side:
                    a[base + c] = 1.0
    a[_DECK] = len(d["deck"]) * _BY_DECK
    for c in d["discard"]:
        a[_DISCARD + c] = 1.0
    for name, sides in d["fx"].items():
        if sides:
            base = _EFFECT_AT[name]
            for x in sides:
                a[base + _SIDE[x]] += 1.0

    if not over:
        stack = d["stack"]
        for g in stack:  # cards out of every hand (view's looking_at)
            kind = g["f"]
            if kind == "stolen" or (kind == "alliances" and g["p"] == side):
                a[_LOOKING + g["card"]] = 1.0
        f = stack[-1]
        kind = f["f"]
        a[_MOVER[f["p"]]] = 1.0
        a[_KIND_AT[kind]] = 1.0
        _DECISION[kind](a, d, f, side)
    return np.frombuffer(a, np.float32)


__all__ = ["DECISION_KINDS", "EFFECT_NAMES", "FLAGS", "LAYOUT", "MODES", "RESULTS", "THEN_NAMES",
           "observation_tensor"]
