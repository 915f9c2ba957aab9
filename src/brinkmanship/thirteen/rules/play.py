"""13 Days rules: playing a card (rules.md 3, phase 3).

A card is played for its Command or its event (``turn``); the opponent may
take the event of its own card used for Command (``offer``); a Command is
resolved cube by cube (``command``). Events run through the registry
(``thirteen.events``); the hand decisions of Intelligence Reports
(``stolen``, ``replace``) and Summit Meeting (``summit``) are here too.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action
from brinkmanship.core.log import msg
from brinkmanship.thirteen.actions import ACCEPT, COMMAND, DECLINE, DISCARD, DONE, EVENT, LETTER, PLACE, REMOVE
from brinkmanship.thirteen.board import ALL_ARENAS, ARENAS, CARD_COMMAND, CARD_FACTION, CATEGORY, OPPONENT
from brinkmanship.thirteen.data.board import ARENA_MAX, SUPPLY
from brinkmanship.thirteen.events import REGISTRY, Play
from brinkmanship.thirteen.rules.frames import push_shift
from brinkmanship.thirteen.rules.kinds import (
    CommandFrame,
    OfferFrame,
    ReplaceFrame,
    StolenFrame,
    SummitFrame,
    TurnFrame,
)
from brinkmanship.thirteen.rules.state import (
    Data,
    draw_card,
    log,
    may_lower,
    own_frames,
    push,
    shift_marker,
)


def may_event(side: str, card: int) -> bool:
    """A side may use the event of its own faction's cards and UN cards."""
    fac = CARD_FACTION[card]
    return fac == side or fac == "UN"


def command_size(d: Data, side: str, base: int, granted: bool) -> int:
    """Cubes a Command of ``base`` handles: SOPs +1, To the Brink -1 but at
    least 1. Commands granted by events get these too unless the
    ``event_command_modifiers`` option is off (Q9). The Letter is added later."""
    if granted and not d["options"]["event_command_modifiers"]:
        return base
    fx = d["fx"]
    n = base + (1 if side in fx["sops"] else 0)
    if side in fx["brink"]:
        n = max(1, n - 1)
    return n


def push_command(d: Data, side: str, card: int, cubes: int, arenas: tuple[int, ...] | list[int] = ALL_ARENAS,
                 granted: bool = False, resolver: str = "", by: str = "", command_n: bool = False) -> None:
    """A Command by ``side``: ``cubes`` (before modifiers) in one arena of
    ``arenas``, placing or removing, cube by cube, stopping with ``done``.
    ``granted``: given by an event (``card`` is the event's card); the
    Letter cannot join it, and a removal lowers DEFCON only if the side may
    lower it by events (or the ``ban_blocks_symbol`` option is off, Q11).
    ``command_n``: a "Command N in one ... arena" event (U-2 Photographs,
    National Liberation), which may remove unless ``event_command_remove``
    is off (Q12)."""
    f: CommandFrame = {"f": "command", "p": side, "card": card, "left": command_size(d, side, cubes, granted),
                "arenas": list(arenas), "mode": "", "arena": -1, "n": 0, "granted": granted,
                "low": True, "letter": False, "remove": True}
    if granted:
        opts = d["options"]
        f["low"] = may_lower(d, side, resolver or side, by or side) or not opts["ban_blocks_symbol"]
        f["remove"] = not command_n or opts["event_command_remove"]
    push(d, f)


def push_move_then_command(d: Data, side: str, tracks: tuple[int, ...] | list[int], play: Play) -> None:
    """One of ``side``'s markers on ``tracks`` moves 0-2 steps either way
    (down only if events may lower it), then ``side`` Commands 1 cube in any
    arena: The Guns of August, Mathematical Precision, MRBMs & IRBMs. The
    Command is pushed first so that the move is decided first."""
    push_command(d, side, play.card, 1, ALL_ARENAS, granted=True, resolver=side, by=play.by)
    push_shift(d, side, side, tracks, 2, down=may_lower(d, side, side, play.by))


def play_card(d: Data, side: str, card: int, how: str, own_turn: bool = True) -> None:
    """``side`` plays ``card`` (already out of its hand and discarded) for
    ``how`` = ``"command"`` or ``"event"``."""
    if how == "event":
        log(d, "thirteen.play.event", side=side, card=card)
        run_event(d, side, card, side)
        return
    log(d, "thirteen.play.command", side=side, card=card, n=CARD_COMMAND[card])
    push_command(d, side, card, CARD_COMMAND[card])
    d["stack"][-1]["letter"] = own_turn
    opp = OPPONENT[side]
    if CARD_FACTION[card] == opp:
        push(d, {"f": "offer", "p": opp, "card": card, "by": side})


def run_event(d: Data, resolver: str, card: int, by: str) -> None:
    """Resolve the event of ``card`` for ``resolver`` (``by`` played it)."""
    stack = d["stack"]
    n = len(stack)
    REGISTRY.run(d, Play(resolver, card, by))
    own_frames(stack, n, card)


def _legal_turn(d: Data, f: TurnFrame) -> list[Action]:
    side = f["p"]
    hand = sorted(d["hands"][side])
    acts = [COMMAND[c] for c in hand]
    acts.extend(EVENT[c] for c in hand if may_event(side, c))
    return acts


def _apply_turn(d: Data, f: TurnFrame, a: Action) -> None:
    side = f["p"]
    c = a.arg
    assert c is not None
    d["stack"].pop()
    d["hands"][side].remove(c)
    d["discard"].append(c)
    d["plays"][side] += 1
    play_card(d, side, c, a.verb)


def _legal_offer(d: Data, f: OfferFrame) -> list[Action]:
    return [ACCEPT, DECLINE]


def _apply_offer(d: Data, f: OfferFrame, a: Action) -> None:
    d["stack"].pop()
    side = f["p"]
    card = f["card"]
    if a is ACCEPT:
        log(d, "thirteen.offer.accept", side=side, card=card)
        run_event(d, side, card, f["by"])
    else:
        log(d, "thirteen.offer.decline", side=side, card=card)


def _command_targets(d: Data, f: CommandFrame, side: str) -> tuple[list[Action], list[Action]]:
    mine = d["cubes"][side]
    full = sum(mine) >= SUPPLY
    arenas = f["arenas"] if f["mode"] == "" else [f["arena"]]
    places = [] if full or f["mode"] == "remove" else [PLACE[i] for i in arenas if mine[i] < ARENA_MAX]
    removes = [] if f["mode"] == "place" or not f["remove"] else [REMOVE[i] for i in arenas if mine[i]]
    return places, removes


def letter_adds(d: Data, f: CommandFrame) -> bool:
    """Could the Personal Letter's extra cube be used in this Command? Only
    if some arena it may use takes more cubes than the Command already
    handles: room under the 5-cube limit and in the supply to place them, or
    that many of the side's cubes to remove (the seed: "the usual reserve,
    arena and DEFCON limits still apply"; docs/rulings.md 79)."""
    mine = d["cubes"][f["p"]]
    left = f["left"] - f["n"]
    room = SUPPLY - sum(mine)
    return any(min(ARENA_MAX - mine[i], room) > left or (f["remove"] and mine[i] > left) for i in f["arenas"])


def may_add_letter(d: Data, f: CommandFrame) -> bool:
    """The Command's side may add the Personal Letter now: it holds it, the
    Command was made with a card from its hand on its turn, no cube has
    moved yet, and the extra cube could be used."""
    return f["mode"] == "" and f["letter"] and d["letter"] == f["p"] and letter_adds(d, f)


def _legal_command(d: Data, f: CommandFrame) -> list[Action]:
    side = f["p"]
    places, removes = _command_targets(d, f, side)
    acts = places + removes
    if may_add_letter(d, f):
        acts.append(LETTER)
    acts.append(DONE)
    return acts


def _apply_command(d: Data, f: CommandFrame, a: Action) -> None:
    side = f["p"]
    if a is LETTER:
        f["left"] += 1
        f["letter"] = False
        d["letter"] = OPPONENT[side]
        log(d, "thirteen.command.letter", side=side, opp=OPPONENT[side])
        return
    if a is not DONE:
        i = a.arg
        assert i is not None
        f["mode"] = a.verb
        f["arena"] = i
        d["cubes"][side][i] += 1 if a.verb == "place" else -1
        f["n"] += 1
        if f["n"] < f["left"]:
            places, removes = _command_targets(d, f, side)
            if places or removes:
                return
            d["stack"].pop()
            _finish_command(d, f, stopped=True)
            return
    d["stack"].pop()
    _finish_command(d, f)


def _log_stop(d: Data, f: CommandFrame) -> None:
    """Why a Command ended before its size: the side's supply is empty, the
    arena holds the most cubes a side may have there, or none of the side's
    cubes are left there to remove."""
    side = f["p"]
    unused = f["left"] - f["n"]
    arena = ARENAS[f["arena"]]
    if f["mode"] == "remove":
        log(d, "thirteen.command.stop.empty", side=side, arena=arena, n=unused)
    elif sum(d["cubes"][side]) >= SUPPLY:
        log(d, "thirteen.command.stop.supply", side=side, n=unused)
    else:
        log(d, "thirteen.command.stop.full", side=side, arena=arena, max=ARENA_MAX, n=unused)


def _finish_command(d: Data, f: CommandFrame, stopped: bool = False) -> None:
    """Log the Command (naming the card of one an event granted, and why it
    stopped early), then move the DEFCON marker of the arena's track."""
    side = f["p"]
    n = f["n"]
    granted = f["granted"]
    if n == 0:
        if granted:
            log(d, "thirteen.command.granted.none", side=side, card=f["card"])
        else:
            log(d, "thirteen.command.none", side=side)
        return
    arena = f["arena"]
    verb = "place" if f["mode"] == "place" else "remove"
    if granted:
        log(d, "thirteen.command.granted." + verb, side=side, n=n, arena=ARENAS[arena],
            now=d["cubes"][side][arena], card=f["card"])
    else:
        log(d, "thirteen.command." + verb, side=side, n=n, arena=ARENAS[arena], now=d["cubes"][side][arena])
    if stopped:
        _log_stop(d, f)
    if n >= 2:
        if f["mode"] == "place":
            shift_marker(d, side, CATEGORY[arena], n - 1, msg("thirteen.why.command"))
        elif f["low"]:
            shift_marker(d, side, CATEGORY[arena], -(n - 1), msg("thirteen.why.command"))
        else:
            log(d, "thirteen.defcon.banned_stays", side=side)


def _legal_stolen(d: Data, f: StolenFrame) -> list[Action]:
    c = f["card"]
    acts = [COMMAND[c]]
    if may_event(f["p"], c):
        acts.append(EVENT[c])
    acts.append(DISCARD[c])
    return acts


def _apply_stolen(d: Data, f: StolenFrame, a: Action) -> None:
    d["stack"].pop()
    side = f["p"]
    c = f["card"]
    d["held"].remove(c)
    d["discard"].append(c)
    # The victim draws its replacement once the taken card is resolved.
    push(d, {"f": "replace", "side": OPPONENT[side]})
    if a.verb == "discard":
        log(d, "thirteen.hand.discard", side=side, card=c)
        return
    play_card(d, side, c, a.verb)


def _proc_replace(d: Data, f: ReplaceFrame) -> None:
    """Intelligence Reports: the victim draws a replacement card."""
    d["stack"].pop()
    side = f["side"]
    c = draw_card(d)
    if c is not None:
        d["hands"][side].append(c)
        log(d, "thirteen.hand.replacement", side=side)


def _legal_summit(d: Data, f: SummitFrame) -> list[Action]:
    return [*(DISCARD[c] for c in sorted(d["hands"][f["p"]])), DONE]


def _apply_summit(d: Data, f: SummitFrame, a: Action) -> None:
    side = f["p"]
    hand = d["hands"][side]
    if a is not DONE:
        c = a.arg
        assert c is not None
        hand.remove(c)
        d["discard"].append(c)
        f["n"] += 1
        log(d, "thirteen.hand.discard", side=side, card=c)
        if hand:
            return
    d["stack"].pop()
    n = 0
    for _ in range(f["n"]):
        c = draw_card(d)
        if c is None:
            break
        hand.append(c)
        n += 1
    log(d, "thirteen.hand.draws", side=side, n=n)
