"""13 Days rules: the round sequence, Commands, events, agendas, scoring.

The game state is a plain dict (see docs/positions.md for the fields a
position sets). Pending decisions are an explicit stack of small frames: the
frame on top either waits for a side to act or is the ``round`` procedure,
which ``advance`` runs until a decision is pending. Rules never call
``random``: shuffles and draws use the generator stored in the state.

Reusable decision frames (events build on them, see ``cards/``):

* ``command``: a Command of N cubes, one arena, place or remove, cube by cube;
* ``cubes``: an event places or removes cubes with per-arena limits;
* ``shift``: move a DEFCON marker (which tracks, how far, which ways);
* ``ask``: choose an arena, an option or a card, resumed by a continuation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.core.frames import FrameMachine, end_game
from brinkmanship.core.log import PUBLIC, Message, msg
from brinkmanship.core.validate import STATE_VERSION
from brinkmanship.thirteen.actions import (
    ACCEPT,
    AFTERMATH,
    AGENDA,
    CHOOSE,
    COMMAND,
    DECLINE,
    DEESCALATE,
    DISCARD,
    DONE,
    ESCALATE,
    EVENT,
    FIRST,
    LETTER,
    PASS,
    PLACE,
    REMOVE,
    TARGET,
    shift_of,
)
from brinkmanship.thirteen.board import (
    AGENDA_CARDS,
    AGENDA_NAME,
    AGENDA_TYPES,
    ARENAS,
    CARD_COMMAND,
    CARD_FACTION,
    CATEGORY,
    N_ARENAS,
    OPPONENT,
    TRACKS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import (
    AFTERMATH_BONUS,
    AGENDAS_DEALT,
    ARENA_MAX,
    CARIBBEAN,
    DEFCON2_FROM,
    DEFCON_MAX,
    DEFCON_MIN,
    HAND_SIZE,
    LETTER_AGENDA_PRESTIGE,
    MAX_LEAD,
    PLAYS_PER_ROUND,
    ROUNDS,
    START_CUBES,
    START_DEFCON,
    SUPPLY,
)
from brinkmanship.thirteen.defcon import push_top, war_at
from brinkmanship.thirteen.events import REGISTRY, Play

Data = dict[str, Any]
Frame = dict[str, Any]

ALL_ARENAS: tuple[int, ...] = tuple(range(N_ARENAS))
TELEVISION, UNITED_NATIONS, ALLIANCES = 6, 7, 8
ROUND_EFFECTS = ("sops", "brink", "containment", "bay_of_pigs")

def resume(d: Data, f: Frame, answer: Any) -> None:
    """Resume the event that pushed ``f`` with ``answer`` (its registered
    continuation ``f["then"]``). The decisions the continuation pushes
    belong to the card of the frame it resumes."""
    stack = d["stack"]
    n = len(stack)
    REGISTRY.resume(d, f, answer)
    card = f.get("card")
    if card:
        own_frames(stack, n, card)


def own_frames(stack: list[Frame], start: int, card: int) -> None:
    """Mark the frames pushed from ``start`` on as belonging to ``card`` (an
    event's decisions), so that a view can name the card a decision is for.
    A frame that already names a card (a Command, a stolen card) keeps it."""
    for f in stack[start:]:
        if "card" not in f:
            f["card"] = card


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------
def log(d: Data, code: str, /, to: str = PUBLIC, **args: Any) -> None:
    """Append a log entry: a message code of the catalog (``i18n/en/thirteen_*.json``),
    its arguments (language-neutral data), and who may read it (``"all"``, or
    the one side that may know what it names)."""
    d["log"].append({"code": code, "args": args, "to": to})


# A reason given to a rules helper (why prestige is gained, why a marker
# moves): a card number or a nested message, never text.
Why = int | Message


def why_msg(why: Why) -> Message:
    """The reason as a nested message (a card number becomes the card's name)."""
    return msg("thirteen.why.card", card=why) if isinstance(why, int) else why


def push(d: Data, frame: Frame) -> None:
    """Put a frame on top of the decision stack."""
    d["stack"].append(frame)


def reserve(d: Data, side: str) -> int:
    """Cubes ``side`` still has off the board."""
    return SUPPLY - sum(d["cubes"][side])


def can_place(d: Data, side: str, arena: int) -> bool:
    """One more ``side`` cube may go into ``arena`` (supply and 5-cube limit)."""
    return d["cubes"][side][arena] < ARENA_MAX and sum(d["cubes"][side]) < SUPPLY


def dominator(d: Data, arena: int) -> str | None:
    """The side with strictly more cubes in ``arena``, or None on a tie."""
    us = d["cubes"][US][arena]
    su = d["cubes"][USSR][arena]
    if us > su:
        return US
    if su > us:
        return USSR
    return None


def prestige_text(p: int) -> str:
    """The prestige marker as players read it (positive: US ahead)."""
    if p == 0:
        return "even"
    return f"US +{p}" if p > 0 else f"USSR +{-p}"


def gain_prestige(d: Data, side: str, n: int, why: Why) -> None:
    """``side`` gains ``n`` prestige (``why``: a card number or a message);
    the lead never exceeds 5 (Q8)."""
    if n <= 0:
        return
    old = d["prestige"]
    new = old + (n if side == US else -n)
    d["prestige"] = max(-MAX_LEAD, min(MAX_LEAD, new))
    code = "thirteen.prestige.gain_capped" if new != d["prestige"] else "thirteen.prestige.gain"
    log(d, code, side=side, n=n, why=why_msg(why), prestige=d["prestige"])


def shift_marker(d: Data, side: str, track: int, delta: int, why: Why | None = None) -> int:
    """Move ``side``'s marker on ``track`` by ``delta`` steps, stopping at the
    ends of the track (``why``: a card number or a message, shown when given).
    Returns the steps actually moved (signed)."""
    row = d["defcon"][side]
    old = row[track]
    new = max(DEFCON_MIN, min(DEFCON_MAX, old + delta))
    if new != old:
        row[track] = new
        code = "thirteen.defcon.escalates" if new > old else "thirteen.defcon.deescalates"
        if why is None:
            log(d, code, side=side, track=TRACKS[track], n=abs(new - old), pos=new)
        else:
            log(d, code + "_why", side=side, track=TRACKS[track], n=abs(new - old), pos=new, why=why_msg(why))
    return new - old


def may_lower(d: Data, side: str, resolver: str, by: str) -> bool:
    """May ``side`` lower its own DEFCON markers with this event? Bay of Pigs
    forbids it for any event. Containment forbids it for cards the side
    played itself and for events it accepted off the opponent's card, which
    it resolves "as though it had played it" (the seed; Q10); the option
    ``containment_offered=False`` exempts accepted events (Saito)."""
    fx = d["fx"]
    if side in fx["bay_of_pigs"]:
        return False
    if side in fx["containment"]:
        if by == side:
            return False
        if resolver == side and d["options"]["containment_offered"]:
            return False
    return True


def draw_card(d: Data) -> int | None:
    """The top strategy card; the discards are reshuffled if the deck is
    empty (it cannot run out in a normal game, see rules.md 3)."""
    deck = d["deck"]
    if not deck:
        if not d["discard"]:
            return None
        deck.extend(d["discard"])
        d["discard"] = []
        rng.shuffle(d, deck)
        log(d, "thirteen.deck.reshuffle", n=len(deck))
    d["reveals"] += 1  # someone sees a new card: undo may not take back what led here
    c: int = deck.pop()
    return c


# ---------------------------------------------------------------------------
# State creation
# ---------------------------------------------------------------------------
def blank_state(seed: int, options: dict[str, Any]) -> Data:
    """A state with the printed start (cubes, DEFCON, Letter), nothing dealt."""
    cubes = {USSR: [0] * N_ARENAS, US: [0] * N_ARENAS}
    for side, placed in START_CUBES.items():
        for name, n in placed.items():
            cubes[side][ARENAS.index(name)] = n
    return {
        "game": "thirteen",
        "version": STATE_VERSION,
        "options": options,
        "seed": seed,
        "rng": rng.seed_state(seed),
        "ply": 0,
        "round": 1,
        "prestige": 0,
        "defcon": {USSR: list(START_DEFCON[USSR]), US: list(START_DEFCON[US])},
        "cubes": cubes,
        "letter": US,
        "hands": {USSR: [], US: []},
        "deck": [],
        "discard": [],
        "held": [],
        "aftermath": [],
        "agenda_deck": list(range(1, len(AGENDA_CARDS) + 1)),
        "agenda_out": [],
        "offered": {USSR: [], US: []},
        "kept": {USSR: 0, US: 0},
        "agendas_open": False,
        "plays": {USSR: 0, US: 0},
        "next": USSR,
        "fx": {k: [] for k in ROUND_EFFECTS},
        "stack": [],
        "log": [],
        "over": False,
        "winner": None,
        "result": None,
        "reveals": 0,
    }


# ---------------------------------------------------------------------------
# The round (rules.md 3): a procedure frame stepping through the 8 phases
# ---------------------------------------------------------------------------
def _escalate_all(d: Data) -> None:
    for side in (USSR, US):
        row = d["defcon"][side]
        for t in range(3):
            row[t] = min(DEFCON_MAX, row[t] + 1)
    log(d, "thirteen.round.start", round=d["round"], side=USSR, markers=defcon_markers(d, USSR),
        side2=US, markers2=defcon_markers(d, US))


def defcon_markers(d: Data, side: str) -> list[Message]:
    """``side``'s three markers as messages (read ``Military 2, Political 3,
    World Opinion 2``)."""
    row = d["defcon"][side]
    return [msg("thirteen.defcon.marker", track=TRACKS[t], pos=row[t]) for t in range(3)]


def _deal_agendas(d: Data) -> None:
    deck = d["agenda_deck"]
    if d["options"]["agenda_recycle"] == "all":
        deck.extend(d["agenda_out"])
        d["agenda_out"] = []
    rng.shuffle(d, deck)
    for side in (USSR, US):
        dealt = [deck.pop() for _ in range(min(AGENDAS_DEALT, len(deck)))]
        d["offered"][side] = dealt
        log(d, "thirteen.agenda.dealt", side=side, agendas=[AGENDA_NAME[AGENDA_CARDS[a - 1]] for a in dealt])
    d["kept"] = {USSR: 0, US: 0}
    d["agendas_open"] = False
    d["reveals"] += 1  # new agendas are seen: undo may not reach back past them


def deal_strategy(d: Data) -> None:
    """Each side draws up to 5 strategy cards."""
    for side in (USSR, US):
        hand = d["hands"][side]
        while len(hand) < HAND_SIZE:
            c = draw_card(d)
            if c is None:
                break
            hand.append(c)
    log(d, "thirteen.round.deal")


def can_play(d: Data, side: str) -> bool:
    """``side`` still has a card play this round."""
    return d["plays"][side] < PLAYS_PER_ROUND and bool(d["hands"][side])


def _proc_round(d: Data, f: Frame) -> None:
    step = f["step"]
    if step == "escalate":
        _escalate_all(d)
        f["step"] = "agendas"
    elif step == "agendas":
        _deal_agendas(d)
        f["step"] = "deal"
        for side in (US, USSR):  # USSR on top: it keeps its agenda first
            if d["offered"][side]:
                push(d, {"f": "agenda", "p": side})
    elif step == "deal":
        deal_strategy(d)
        f["step"] = "plays"
        _initiative(d)
    elif step == "plays":
        side = d["next"]
        if not can_play(d, side):
            side = OPPONENT[side]
            if not can_play(d, side):
                f["step"] = "aftermath"
                return
        d["next"] = OPPONENT[side]
        push(d, {"f": "turn", "p": side})
    elif step == "aftermath":
        f["step"] = "television"
        for side in (US, USSR):
            hand = d["hands"][side]
            if len(hand) == 1:
                to_aftermath(d, side, hand.pop())
            elif len(hand) > 1:
                push(d, {"f": "aftermath", "p": side})
    elif step == "television":
        f["step"] = "united_nations"
        dom = dominator(d, TELEVISION)
        if dom is not None:
            side = dom
            log(d, "thirteen.bonus.television", side=side, arena=ARENAS[TELEVISION])
            push_shift(d, side, side, [0, 1, 2], 1, then="", optional=True)
    elif step == "united_nations":
        f["step"] = "alliances"
        dom = dominator(d, UNITED_NATIONS)
        if dom is not None:
            side = dom
            if d["letter"] != side:
                d["letter"] = side
                log(d, "thirteen.bonus.un_takes", side=side, arena=ARENAS[UNITED_NATIONS])
            else:
                log(d, "thirteen.bonus.un_keeps", side=side, arena=ARENAS[UNITED_NATIONS])
    elif step == "alliances":
        f["step"] = "resolve"
        dom = dominator(d, ALLIANCES)
        if dom is not None:
            side = dom
            c = draw_card(d)
            if c is not None:
                d["held"].append(c)
                log(d, "thirteen.bonus.alliances", side=side, arena=ARENAS[ALLIANCES])
                push(d, {"f": "alliances", "p": side, "card": c})
    elif step == "resolve":
        f["step"] = "nuclear"
        resolve_agendas(d)
    elif step == "nuclear":
        f["step"] = "end"
        nuclear_check(d)
    elif step == "end":
        _end_round(d)
        f["step"] = "escalate"


def _initiative(d: Data) -> None:
    """The side behind in prestige chooses who plays first; on a tie the
    USSR chooses (Q7), or simply goes first under ``initiative_tie``."""
    p = d["prestige"]
    if p == 0 and d["options"]["initiative_tie"] == "ussr_first":
        d["next"] = USSR
        log(d, "thirteen.round.ussr_first", side=USSR)
        return
    chooser = USSR if p >= 0 else US
    push(d, {"f": "initiative", "p": chooser})


def _end_round(d: Data) -> None:
    d["fx"] = {k: [] for k in ROUND_EFFECTS}
    d["plays"] = {USSR: 0, US: 0}
    if d["round"] >= ROUNDS:
        final_scoring(d)  # the last round's agendas stay on show
        return
    if d["agendas_open"]:
        # Kept agendas leave the game; unkept ones go back (Q6).
        for side in (USSR, US):
            kept = d["kept"][side]
            for a in d["offered"][side]:
                (d["agenda_out"] if a == kept else d["agenda_deck"]).append(a)
    d["offered"] = {USSR: [], US: []}
    d["kept"] = {USSR: 0, US: 0}
    d["agendas_open"] = False
    d["round"] += 1


def to_aftermath(d: Data, side: str, card: int) -> None:
    """``side`` puts ``card`` face down in the Aftermath pile."""
    d["aftermath"].append([side, card])
    # Public: the card stays face down, so the entry never names it.
    log(d, "thirteen.aftermath.put", side=side)


# ---------------------------------------------------------------------------
# Agendas (phase 6) and the nuclear-war check (phase 7)
# ---------------------------------------------------------------------------
def agenda_type(card: int) -> int:
    """The agenda type id (index into AGENDA_TYPES) of agenda card ``card``."""
    return AGENDA_CARDS[card - 1]


def score_agenda(d: Data, card: int) -> tuple[str | None, int]:
    """Resolve one kept agenda: ``(side scoring, prestige)`` (rules.md 3.6).
    DEFCON-track agendas first push markers in the DEFCON 2 zone up one step
    (Q3, option ``agenda_push``)."""
    kind, target = AGENDA_TYPES[agenda_type(card)][1:]
    opts = d["options"]
    bonus = opts["agenda_bonus"]
    if kind == "letter":
        return d["letter"], LETTER_AGENDA_PRESTIGE
    if kind == "track":
        push_mode = opts["agenda_push"]
        if push_mode != "none":
            top = push_top(push_mode)
            for side in (USSR, US):
                if DEFCON2_FROM <= d["defcon"][side][target] <= top:
                    shift_marker(d, side, target, 1, msg("thirteen.why.track_agenda", track=TRACKS[target]))
        us = d["defcon"][US][target]
        su = d["defcon"][USSR][target]
        if us == su:
            return None, 0
        return (US if us > su else USSR), abs(us - su) + (1 if bonus else 0)
    us = d["cubes"][US][target]
    su = d["cubes"][USSR][target]
    if us == su:
        return None, 0
    side = US if us > su else USSR
    amount = abs(us - su)
    if bonus:
        if target in CARIBBEAN:
            amount += sum(1 for a in CARIBBEAN if a != target and dominator(d, a) == side)
        else:
            amount += 1
    return side, amount


def resolve_agendas(d: Data) -> None:
    """Reveal both kept agendas and score them: USSR's first, then the US's;
    the net change is applied, then the lead is capped at 5 (Q8). Option
    ``agenda_cap="each"``: each agenda's prestige is capped as it is scored."""
    d["agendas_open"] = True
    d["reveals"] += 1
    each = d["options"]["agenda_cap"] == "each"
    net = 0
    for side in (USSR, US):
        card = d["kept"][side]
        if not card:
            continue
        name = AGENDA_NAME[agenda_type(card)]
        scorer, amount = score_agenda(d, card)
        if scorer is None or amount == 0:
            log(d, "thirteen.agenda.reveal_none", side=side, agenda=name)
            continue
        if each:
            log(d, "thirteen.agenda.reveal", side=side, agenda=name)
            gain_prestige(d, scorer, amount, msg("thirteen.why.agenda", agenda=name))
            continue
        log(d, "thirteen.agenda.reveal_scores", side=side, agenda=name, winner=scorer, n=amount)
        net += amount if scorer == US else -amount
    if net:
        new = d["prestige"] + net
        d["prestige"] = max(-MAX_LEAD, min(MAX_LEAD, new))
        log(d, "thirteen.agenda.net_capped" if new != d["prestige"] else "thirteen.agenda.net",
            prestige=d["prestige"])


def triggers_war(d: Data, side: str) -> bool:
    """Any marker in the DEFCON 1 zone, or all three in DEFCON 2 or worse."""
    return war_at(d["defcon"][side])


def nuclear_check(d: Data) -> None:
    """Phase 7: whoever triggered nuclear war loses; both: nobody wins (Q4)."""
    su = triggers_war(d, USSR)
    us = triggers_war(d, US)
    if su and us:
        end_game(d, None, "nuclear_war", "thirteen.end.nuclear_both")
    elif su or us:
        loser = USSR if su else US
        end_game(d, OPPONENT[loser], "nuclear_war", "thirteen.end.nuclear",
                 loser=loser, markers=defcon_markers(d, loser), winner=OPPONENT[loser])


def aftermath_totals(d: Data) -> dict[str, int]:
    """Command values of the US-faction and USSR-faction cards in the Aftermath."""
    totals = {USSR: 0, US: 0}
    for _, c in d["aftermath"]:
        fac = CARD_FACTION[c]
        if fac in totals:
            totals[fac] += CARD_COMMAND[c]
    return totals


def _aftermath_faction(d: Data, side: str, total: int) -> Message:
    """One faction's Aftermath cards with their command values and total
    (read ``US cards Excomm 3 = 3``, or ``USSR cards none = 0``)."""
    cards = [msg("thirteen.aftermath.card", card=c, n=CARD_COMMAND[c]) for _, c in d["aftermath"]
             if CARD_FACTION[c] == side]
    if not cards:
        return msg("thirteen.aftermath.faction_none", side=side, total=total)
    return msg("thirteen.aftermath.faction", side=side, cards=cards, total=total)


def final_scoring(d: Data) -> None:
    """After round 3: the Aftermath (+2), then the winner (rules.md 4)."""
    d["reveals"] += 1
    t = aftermath_totals(d)
    # Public: the Aftermath is turned face up for everyone.
    us, ussr = _aftermath_faction(d, US, t[US]), _aftermath_faction(d, USSR, t[USSR])
    un = [c for _, c in d["aftermath"] if CARD_FACTION[c] == "UN"]
    if un:
        log(d, "thirteen.aftermath.revealed_un", us=us, ussr=ussr, un=msg("thirteen.aftermath.un", cards=un))
    else:
        log(d, "thirteen.aftermath.revealed", us=us, ussr=ussr)
    if t[US] != t[USSR]:
        side = US if t[US] > t[USSR] else USSR
        gain_prestige(d, side, AFTERMATH_BONUS, msg("thirteen.why.aftermath", n=t[side], n2=t[OPPONENT[side]]))
    else:
        log(d, "thirteen.aftermath.tied", n=t[US], n2=t[USSR])
    p = d["prestige"]
    if p:
        w = US if p > 0 else USSR
        end_game(d, w, "prestige", "thirteen.end.prestige", winner=w, prestige=p)
    else:
        w = d["letter"]
        end_game(d, w, "personal_letter", "thirteen.end.letter", winner=w)


# ---------------------------------------------------------------------------
# Playing a card (rules.md 3, phase 3)
# ---------------------------------------------------------------------------
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
    f: Frame = {"f": "command", "p": side, "card": card, "left": command_size(d, side, cubes, granted),
                "arenas": list(arenas), "mode": "", "arena": -1, "n": 0, "granted": granted,
                "low": True, "letter": False, "remove": True}
    if granted:
        opts = d["options"]
        f["low"] = may_lower(d, side, resolver or side, by or side) or not opts["ban_blocks_symbol"]
        f["remove"] = not command_n or opts["event_command_remove"]
    push(d, f)


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


def _legal_turn(d: Data, f: Frame) -> list[Action]:
    side = f["p"]
    hand = sorted(d["hands"][side])
    acts = [COMMAND[c] for c in hand]
    acts.extend(EVENT[c] for c in hand if may_event(side, c))
    return acts


def _apply_turn(d: Data, f: Frame, a: Action) -> None:
    side = f["p"]
    c = a.arg
    assert c is not None
    d["stack"].pop()
    d["hands"][side].remove(c)
    d["discard"].append(c)
    d["plays"][side] += 1
    play_card(d, side, c, a.verb)


def _legal_offer(d: Data, f: Frame) -> list[Action]:
    return [ACCEPT, DECLINE]


def _apply_offer(d: Data, f: Frame, a: Action) -> None:
    d["stack"].pop()
    side = f["p"]
    card = f["card"]
    if a is ACCEPT:
        log(d, "thirteen.offer.accept", side=side, card=card)
        run_event(d, side, card, f["by"])
    else:
        log(d, "thirteen.offer.decline", side=side, card=card)


# -- the Command frame ----------------------------------------------------------
def _command_targets(d: Data, f: Frame, side: str) -> tuple[list[Action], list[Action]]:
    mine = d["cubes"][side]
    full = sum(mine) >= SUPPLY
    arenas = f["arenas"] if f["mode"] == "" else [f["arena"]]
    places = [] if full or f["mode"] == "remove" else [PLACE[i] for i in arenas if mine[i] < ARENA_MAX]
    removes = [] if f["mode"] == "place" or not f["remove"] else [REMOVE[i] for i in arenas if mine[i]]
    return places, removes


def _legal_command(d: Data, f: Frame) -> list[Action]:
    side = f["p"]
    places, removes = _command_targets(d, f, side)
    acts = places + removes
    if f["mode"] == "" and f["letter"] and d["letter"] == side:
        acts.append(LETTER)
    acts.append(DONE)
    return acts


def _apply_command(d: Data, f: Frame, a: Action) -> None:
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
    _finish_command(d, f)


def _finish_command(d: Data, f: Frame) -> None:
    side = f["p"]
    n = f["n"]
    if n == 0:
        log(d, "thirteen.command.none", side=side)
        return
    arena = f["arena"]
    code = "thirteen.command.place" if f["mode"] == "place" else "thirteen.command.remove"
    log(d, code + "_one" if n == 1 else code, side=side, n=n, arena=ARENAS[arena], now=d["cubes"][side][arena])
    if n >= 2:
        if f["mode"] == "place":
            shift_marker(d, side, CATEGORY[arena], n - 1, msg("thirteen.why.command"))
        elif f["low"]:
            shift_marker(d, side, CATEGORY[arena], -(n - 1), msg("thirteen.why.command"))
        else:
            log(d, "thirteen.defcon.banned_stays", side=side)


# -- the generic event cube frame ----------------------------------------------------
def push_cubes(d: Data, chooser: str, side: str, verb: str, count: int, arenas: tuple[int, ...] | list[int],
               *, per_arena: int = 0, one_arena: bool = False, symbol: bool = False, low: bool = True,
               optional: bool = True, then: str = "", data: dict[str, Any] | None = None) -> bool:
    """An event places (``verb="place"``) or removes ``count`` of ``side``'s
    cubes, one per action, in ``arenas``: at most ``per_arena`` in each (0:
    no limit), all in one arena with ``one_arena``. ``optional`` ("up to")
    allows ``done`` at any time. ``symbol``: the card has the DEFCON symbol,
    so each arena that gains (loses) k >= 2 cubes moves ``side``'s marker of
    its category up (down) k-1, down only if ``low``. The 5-cube and
    17-cube limits always hold. ``data`` is kept in the frame for the
    continuation ``then``, which gets the cubes moved per arena. Returns
    False (pushing nothing) when no cube can move; the continuation then
    runs at once with None."""
    f: Frame = {"f": "cubes", "p": chooser, "side": side, "verb": verb, "left": count, "arenas": list(arenas),
                "max": per_arena, "one": one_arena, "symbol": symbol, "low": low, "optional": optional,
                "done": [], "then": then, "data": {} if data is None else data}
    if count > 0 and _cube_targets(d, f):
        push(d, f)
        return True
    if then:
        resume(d, f, None)
    return False


def _cube_targets(d: Data, f: Frame) -> list[int]:
    mine = d["cubes"][f["side"]]
    done = f["done"]
    mx = f["max"]
    arenas = [done[0]] if f["one"] and done else f["arenas"]
    if f["verb"] == "place":
        if sum(mine) >= SUPPLY:
            return []
        return [i for i in arenas if mine[i] < ARENA_MAX and (not mx or done.count(i) < mx)]
    return [i for i in arenas if mine[i] and (not mx or done.count(i) < mx)]


def _legal_cubes(d: Data, f: Frame) -> list[Action]:
    table = PLACE if f["verb"] == "place" else REMOVE
    acts = [table[i] for i in _cube_targets(d, f)]
    if f["optional"] or not acts:
        acts.append(DONE)
    return acts


def _apply_cubes(d: Data, f: Frame, a: Action) -> None:
    if a is not DONE:
        i = a.arg
        assert i is not None
        f["done"].append(i)
        d["cubes"][f["side"]][i] += 1 if f["verb"] == "place" else -1
        f["left"] -= 1
        if f["left"] > 0 and _cube_targets(d, f):
            return
    d["stack"].pop()
    _finish_cubes(d, f)


def _finish_cubes(d: Data, f: Frame) -> None:
    side = f["side"]
    done = f["done"]
    verb = f["verb"]
    counts: dict[int, int] = {}
    for i in done:
        counts[i] = counts.get(i, 0) + 1
    if counts:
        part = "thirteen.cubes.in" if verb == "place" else "thirteen.cubes.from"
        parts = [msg(part, n=k, arena=ARENAS[i]) for i, k in counts.items()]
        code = "thirteen.cubes.place" if verb == "place" else "thirteen.cubes.remove"
        log(d, code + "_one" if len(done) == 1 else code, side=side, n=len(done), parts=parts)
    else:
        log(d, "thirteen.cubes.none_placed" if verb == "place" else "thirteen.cubes.none_removed", side=side)
    if f["symbol"]:
        for i, k in counts.items():
            if k < 2:
                continue
            if verb == "place":
                shift_marker(d, side, CATEGORY[i], k - 1, msg("thirteen.why.symbol"))
            elif f["low"]:
                shift_marker(d, side, CATEGORY[i], -(k - 1), msg("thirteen.why.symbol"))
            else:
                log(d, "thirteen.defcon.banned_stays", side=side)
    if f["then"]:
        resume(d, f, counts)


# -- the generic DEFCON shift frame ----------------------------------------------------
def push_shift(d: Data, chooser: str, side: str, tracks: list[int], steps: int, *, then: str = "",
               up: bool = True, down: bool = True, exact: bool = False, optional: bool = True,
               data: dict[str, Any] | None = None) -> bool:
    """``chooser`` may move one of ``side``'s markers on ``tracks`` up to
    ``steps`` (exactly ``steps`` with ``exact``, clipped at the track's end)
    in the allowed directions; ``pass`` moves nothing when ``optional``.
    The continuation ``then`` gets ``(track, signed steps)`` or None, and
    ``data`` kept in the frame. Returns
    False (running the continuation with None) when no move is possible."""
    f: Frame = {"f": "shift", "p": chooser, "side": side, "tracks": list(tracks), "steps": steps,
                "up": up, "down": down, "exact": exact, "optional": optional, "then": then,
                "data": {} if data is None else data}
    if steps > 0 and _shift_moves(d, f):
        push(d, f)
        return True
    if then:
        resume(d, f, None)
    return False


def _shift_moves(d: Data, f: Frame) -> list[Action]:
    row = d["defcon"][f["side"]]
    steps = f["steps"]
    acts: list[Action] = []
    for t in f["tracks"]:
        pos = row[t]
        if f["up"]:
            room = min(steps, DEFCON_MAX - pos)
            lo = room if f["exact"] else 1
            acts.extend(ESCALATE[t][k] for k in range(lo, room + 1) if k > 0)
        if f["down"]:
            room = min(steps, pos - DEFCON_MIN)
            lo = room if f["exact"] else 1
            acts.extend(DEESCALATE[t][k] for k in range(lo, room + 1) if k > 0)
    return acts


def _legal_shift(d: Data, f: Frame) -> list[Action]:
    acts = _shift_moves(d, f)
    if f["optional"] or not acts:
        acts.append(PASS)
    return acts


def _apply_shift(d: Data, f: Frame, a: Action) -> None:
    d["stack"].pop()
    answer: Any = None
    if a is PASS:
        log(d, "thirteen.shift.pass", side=f["p"])
    else:
        track, delta = shift_of(a)
        moved = shift_marker(d, f["side"], track, delta)
        answer = (track, moved)
    if f["then"]:
        resume(d, f, answer)


# -- the generic question frame -------------------------------------------------------
ASK_TABLES: dict[str, tuple[Action, ...]] = {"target": TARGET, "choose": CHOOSE}


def ask(d: Data, chooser: str, kind: str, options: list[int], then: str,
        data: dict[str, Any] | None = None) -> None:
    """Ask ``chooser`` for an arena (``kind="target"``) or a named option
    (``"choose"``, indexes of ``actions.OPTIONS``); ``then`` resumes, with
    ``data`` kept in the frame."""
    push(d, {"f": "ask", "p": chooser, "kind": kind, "options": list(options), "then": then,
             "data": {} if data is None else data})


def _legal_ask(d: Data, f: Frame) -> list[Action]:
    table = ASK_TABLES[f["kind"]]
    return [table[x] for x in f["options"]]


def _apply_ask(d: Data, f: Frame, a: Action) -> None:
    d["stack"].pop()
    resume(d, f, a.arg)


# -- agendas, initiative, Aftermath, Alliances, card choices -------------------------------
def _legal_agenda(d: Data, f: Frame) -> list[Action]:
    types = sorted({agenda_type(a) for a in d["offered"][f["p"]]})
    return [AGENDA[t] for t in types]


def _apply_agenda(d: Data, f: Frame, a: Action) -> None:
    d["stack"].pop()
    side = f["p"]
    d["kept"][side] = next(c for c in d["offered"][side] if agenda_type(c) == a.arg)
    # Public: it says that a choice was made, never which agenda.
    log(d, "thirteen.agenda.kept", side=side)


def _legal_initiative(d: Data, f: Frame) -> list[Action]:
    return [FIRST[USSR], FIRST[US]]


def _apply_initiative(d: Data, f: Frame, a: Action) -> None:
    d["stack"].pop()
    first = USSR if a is FIRST[USSR] else US
    d["next"] = first
    log(d, "thirteen.round.initiative", side=f["p"], first=first)


def _legal_aftermath(d: Data, f: Frame) -> list[Action]:
    return [AFTERMATH[c] for c in sorted(d["hands"][f["p"]])]


def _apply_aftermath(d: Data, f: Frame, a: Action) -> None:
    # Only reached when a position leaves a side with several cards.
    d["stack"].pop()
    side = f["p"]
    hand = d["hands"][side]
    c = a.arg
    assert c is not None
    hand.remove(c)
    to_aftermath(d, side, c)
    rest = sorted(hand)
    hand.clear()
    d["discard"].extend(rest)
    if rest:
        log(d, "thirteen.aftermath.discards", side=side, cards=rest)


def _legal_alliances(d: Data, f: Frame) -> list[Action]:
    return [AFTERMATH[f["card"]], DISCARD[f["card"]]]


def _apply_alliances(d: Data, f: Frame, a: Action) -> None:
    d["stack"].pop()
    side = f["p"]
    c = f["card"]
    d["held"].remove(c)
    if a.verb == "aftermath":
        to_aftermath(d, side, c)
    else:
        d["discard"].append(c)
        log(d, "thirteen.bonus.alliances_discard", side=side, card=c, arena=ARENAS[ALLIANCES])


def _legal_stolen(d: Data, f: Frame) -> list[Action]:
    c = f["card"]
    acts = [COMMAND[c]]
    if may_event(f["p"], c):
        acts.append(EVENT[c])
    acts.append(DISCARD[c])
    return acts


def _apply_stolen(d: Data, f: Frame, a: Action) -> None:
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


def _legal_summit(d: Data, f: Frame) -> list[Action]:
    return [*(DISCARD[c] for c in sorted(d["hands"][f["p"]])), DONE]


def _apply_summit(d: Data, f: Frame, a: Action) -> None:
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
    log(d, "thirteen.hand.draws_one" if n == 1 else "thirteen.hand.draws", side=side, n=n)


# ---------------------------------------------------------------------------
# Dispatch
# ---------------------------------------------------------------------------
LEGAL: dict[str, Callable[[Data, Frame], list[Action]]] = {
    "turn": _legal_turn,
    "offer": _legal_offer,
    "command": _legal_command,
    "cubes": _legal_cubes,
    "shift": _legal_shift,
    "ask": _legal_ask,
    "agenda": _legal_agenda,
    "initiative": _legal_initiative,
    "aftermath": _legal_aftermath,
    "alliances": _legal_alliances,
    "stolen": _legal_stolen,
    "summit": _legal_summit,
}
APPLY: dict[str, Callable[[Data, Frame, Action], None]] = {
    "turn": _apply_turn,
    "offer": _apply_offer,
    "command": _apply_command,
    "cubes": _apply_cubes,
    "shift": _apply_shift,
    "ask": _apply_ask,
    "agenda": _apply_agenda,
    "initiative": _apply_initiative,
    "aftermath": _apply_aftermath,
    "alliances": _apply_alliances,
    "stolen": _apply_stolen,
    "summit": _apply_summit,
}


def _proc_replace(d: Data, f: Frame) -> None:
    """Intelligence Reports: the victim draws a replacement card."""
    d["stack"].pop()
    side = f["side"]
    c = draw_card(d)
    if c is not None:
        d["hands"][side].append(c)
        log(d, "thirteen.hand.replacement", side=side)


PROCS: dict[str, Callable[[Data, Frame], None]] = {"round": _proc_round, "replace": _proc_replace}


def cards_in_game(d: Data) -> list[int]:
    """Every strategy card wherever it is (for the conservation check)."""
    out = list(d["deck"]) + list(d["discard"]) + list(d["held"])
    for side in (USSR, US):
        out.extend(d["hands"][side])
    out.extend(c for _, c in d["aftermath"])
    return out



# The frame-stack machine (core.frames) over this game's tables.
MACHINE = FrameMachine(LEGAL, APPLY, PROCS)
advance = MACHINE.advance              # run procedures until a decision is pending
legal_actions = MACHINE.legal_actions  # legal actions of the pending decision
apply = MACHINE.apply                  # apply a legal action, then advance
