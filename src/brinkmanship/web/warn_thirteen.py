"""13 Days moves that would bring nuclear war on the mover, with why.

Nuclear war is checked once, at the end of each round (rules.md 3, phase 7):
a side with a marker in the DEFCON 1 zone, or with all three markers in the
DEFCON 2 zone or higher, triggers it and loses. Before the check, each kept
DEFCON-track agenda pushes every marker of its track that stands in the
DEFCON 2 zone one step up (option ``agenda_push``, ``thirteen.defcon``).

A move is warned when it takes the mover from a position that would pass
that check, if the round ended now, to one that would not: its own markers
as the move leaves them, pushed by its own kept track agenda (certain) and,
one at a time, by each track agenda the opponent has flagged (possible: the
opponent's kept agenda is secret). Once the mover has no card play left, a
move that leaves it triggering nuclear war is warned too when another legal
move would avoid it (a Television bonus that could de-escalate). Only what the mover knows goes into a
warning, so a warning never tells which agenda the opponent kept.

Each legal action is tried on a copy of the game's data, run only until the
current play is over (the round's own procedure is not run: the Aftermath,
the bonuses and the agendas' resolution would look at hidden cards), so a
warning costs a copy and one action per legal action.
"""

from __future__ import annotations

from collections.abc import Sequence

import brinkmanship as bm
from brinkmanship.core.actions import Action
from brinkmanship.i18n import name, text
from brinkmanship.thirteen.board import AGENDA_TYPES, OPPONENT, SIDES, TRACKS
from brinkmanship.thirteen.data.board import DEFCON1_FROM, PLAYS_PER_ROUND
from brinkmanship.thirteen.defcon import pushed, war_at
from brinkmanship.thirteen.rules import MACHINE, Data, agenda_type

# Verbs that never move a DEFCON marker by themselves: starting a Command
# (its cubes move the marker, cube by cube, later), the initiative, the
# Personal Letter, and putting cards away. Not tried, to keep warnings cheap.
_QUIET = frozenset({"command", "first", "letter", "discard", "aftermath"})
# The procedure that runs the round: reaching it means the current play is over.
_ROUND = "round"
GAME = "thirteen"

# (code, arguments) of the reason a position would trigger nuclear war.
Why = tuple[str, dict[str, object]]


def _track_agenda(agenda_card: int) -> int | None:
    """The DEFCON track an agenda card pushes, or None (arena or Letter agenda)."""
    kind = AGENDA_TYPES[agenda_type(agenda_card)]
    return kind.target if kind.kind == "track" else None


def _push(markers: Sequence[int], tracks: Sequence[int], mode: str) -> list[int]:
    out = list(markers)
    for t in tracks:
        out[t] = pushed(out[t], mode)
    return out


def _high(markers: Sequence[int]) -> int:
    """The track of the highest marker (the first one, on a tie)."""
    return max(range(len(markers)), key=lambda t: (markers[t], -t))


def outlook(d: Data, side: str) -> tuple[int, Why | None]:
    """How close ``side`` stands to nuclear war if the round ended now, as
    ``side`` knows it: 2 (it triggers it, counting its own kept agenda's
    push), 1 (it would if the opponent kept one of its flagged track
    agendas), 0 (safe), with the reason as a message."""
    markers = d["defcon"][side]
    mode = d["options"]["agenda_push"]
    opp = OPPONENT[side]
    pending = not d["agendas_open"]
    own = _track_agenda(d["kept"][side]) if pending and d["kept"][side] else None
    after = _push(markers, [own] if own is not None else [], mode)
    if war_at(after):
        if war_at(markers):
            if max(markers) >= DEFCON1_FROM:
                t = _high(markers)
                return 2, ("web.thirteen.warn.defcon1", {"track": TRACKS[t], "pos": markers[t]})
            return 2, ("web.thirteen.warn.all_three", {})
        assert own is not None
        return 2, ("web.thirteen.warn.own_push", {"track": TRACKS[own], "pos": markers[own],
                                                  "agenda": AGENDA_TYPES[agenda_type(d["kept"][side])].name})
    if pending:
        for card in dict.fromkeys(d["offered"][opp]):
            theirs = _track_agenda(card)
            if theirs is not None and war_at(_push(after, [theirs], mode)):
                return 1, ("web.thirteen.warn.their_push", {"other": opp, "track": TRACKS[theirs], "pos": after[theirs],
                                                            "agenda": AGENDA_TYPES[agenda_type(card)].name})
    return 0, None


def play_out(state: bm.State, action: Action) -> Data:
    """A copy of the game's data after ``action``, run on until the current
    play is over or another decision is pending, but never into the round's
    procedure (the end-of-round steps look at what the mover may not know)."""
    d = state.game.clone(state.data)
    f = d["stack"][-1]
    MACHINE.apply_table[f["f"]](d, f, action)
    procs = MACHINE.procs
    while not d["over"] and d["stack"]:
        top = d["stack"][-1]
        proc = procs.get(top["f"])
        if proc is None or top["f"] == _ROUND:
            break
        proc(d, top)
    return d


def reason(why: Why, left: int, lang: str) -> str:
    """The warning in ``lang``: what the move does, the rule, and the card
    plays the mover has left this round to undo it. Names are looked up
    here (a ``web.*`` message belongs to no game, so its arguments are
    shown as given)."""
    code, args = why
    shown = {"pos": args.get("pos"), "other": args.get("other")}
    if "track" in args:
        shown["trackname"] = name(GAME, "track", args["track"], lang)
    if "agenda" in args:
        shown["agendaname"] = name(GAME, "agenda", args["agenda"], lang)
    return " ".join((text(code, lang, **{k: v for k, v in shown.items() if v is not None}),
                     text("web.thirteen.warn.rule", lang), text("web.thirteen.warn.left", lang, n=left)))


def warnings(state: bm.State, lang: str) -> dict[str, str]:
    """Each legal action of the side to move that would bring it nuclear war
    at the end of the round (see the module's docstring), with why, in
    ``lang``: an action that makes its outlook worse, and, once the mover
    has no card play left this round, an action that leaves it triggering
    nuclear war when another legal action would avoid it (the Television
    bonus, the last cube of a Command)."""
    side = state.current_player
    if side not in SIDES:
        return {}
    d = state.data
    level, _ = outlook(d, side)
    tried: list[tuple[Action, int, Why | None, int]] = []
    for a in state.legal_actions():
        if a.verb in _QUIET:
            continue
        n = play_out(state, a)
        if n["over"]:
            continue
        after, why = outlook(n, side)
        tried.append((a, after, why, max(0, PLAYS_PER_ROUND - n["plays"][side])))
    escape = any(after < 2 for _, after, _, _ in tried)
    out: dict[str, str] = {}
    for a, after, why, left in tried:
        if why is None:
            continue
        if after > level or (after == 2 and left == 0 and escape):
            out[a.text] = reason(why, left, lang)
    return out
