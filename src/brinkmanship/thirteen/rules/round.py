"""13 Days rules: the round (rules.md 3), a procedure frame stepping
through the eight phases.

Escalation, agendas dealt and kept, strategy cards dealt and the initiative,
the card plays, the Aftermath card, the three world opinion bonuses
(Television, United Nations, Alliances), agenda resolution, the nuclear-war
check and the end of the round.
"""

from __future__ import annotations

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.thirteen.actions import AFTERMATH, DISCARD, FIRST
from brinkmanship.thirteen.board import (
    AGENDA_CARDS,
    AGENDA_NAME,
    ALL_TRACKS,
    ALLIANCES,
    ARENAS,
    OPPONENT,
    TELEVISION,
    UNITED_NATIONS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import AGENDAS_DEALT, DEFCON_MAX, HAND_SIZE, PLAYS_PER_ROUND, ROUNDS
from brinkmanship.thirteen.rules.frames import push_shift
from brinkmanship.thirteen.rules.kinds import AftermathFrame, AlliancesFrame, InitiativeFrame, RoundFrame
from brinkmanship.thirteen.rules.scoring import final_scoring, nuclear_check, resolve_agendas
from brinkmanship.thirteen.rules.state import (
    ROUND_EFFECTS,
    Data,
    defcon_markers,
    dominator,
    draw_card,
    log,
    push,
)


def _escalate_all(d: Data) -> None:
    for side in (USSR, US):
        row = d["defcon"][side]
        for t in ALL_TRACKS:
            row[t] = min(DEFCON_MAX, row[t] + 1)
    log(d, "thirteen.round.start", round=d["round"], side=USSR, markers=defcon_markers(d, USSR),
        side2=US, markers2=defcon_markers(d, US))


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


def _proc_round(d: Data, f: RoundFrame) -> None:
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
            push_shift(d, side, side, ALL_TRACKS, 1, then="", optional=True)
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


def _legal_initiative(d: Data, f: InitiativeFrame) -> list[Action]:
    return [FIRST[USSR], FIRST[US]]


def _apply_initiative(d: Data, f: InitiativeFrame, a: Action) -> None:
    d["stack"].pop()
    first = USSR if a is FIRST[USSR] else US
    d["next"] = first
    log(d, "thirteen.round.initiative", side=f["p"], first=first)


def _legal_aftermath(d: Data, f: AftermathFrame) -> list[Action]:
    return [AFTERMATH[c] for c in sorted(d["hands"][f["p"]])]


def _apply_aftermath(d: Data, f: AftermathFrame, a: Action) -> None:
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


def _legal_alliances(d: Data, f: AlliancesFrame) -> list[Action]:
    return [AFTERMATH[f["card"]], DISCARD[f["card"]]]


def _apply_alliances(d: Data, f: AlliancesFrame, a: Action) -> None:
    d["stack"].pop()
    side = f["p"]
    c = f["card"]
    d["held"].remove(c)
    if a.verb == "aftermath":
        to_aftermath(d, side, c)
    else:
        d["discard"].append(c)
        log(d, "thirteen.bonus.alliances_discard", side=side, card=c, arena=ARENAS[ALLIANCES])
