"""13 Days rules: agendas (phase 6), the nuclear-war check (phase 7) and
the final scoring (rules.md 4).

Keeping an agenda (the ``agenda`` decision), scoring kept agendas, the
check that ends the game in nuclear war, and the Aftermath at the end.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action
from brinkmanship.core.frames import end_game
from brinkmanship.core.log import Message, msg
from brinkmanship.thirteen.actions import AGENDA
from brinkmanship.thirteen.board import (
    AGENDA_CARDS,
    AGENDA_NAME,
    AGENDA_TYPES,
    CARD_COMMAND,
    CARD_FACTION,
    OPPONENT,
    TRACKS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import AFTERMATH_BONUS, CARIBBEAN, DEFCON2_FROM, LETTER_AGENDA_PRESTIGE, MAX_LEAD
from brinkmanship.thirteen.defcon import push_top, war_at
from brinkmanship.thirteen.rules.kinds import AgendaFrame
from brinkmanship.thirteen.rules.state import Data, defcon_markers, dominator, gain_prestige, log, shift_marker


def agenda_type(card: int) -> int:
    """The agenda type id (index into AGENDA_TYPES) of agenda card ``card``."""
    return AGENDA_CARDS[card - 1]


def _legal_agenda(d: Data, f: AgendaFrame) -> list[Action]:
    types = sorted({agenda_type(a) for a in d["offered"][f["p"]]})
    return [AGENDA[t] for t in types]


def _apply_agenda(d: Data, f: AgendaFrame, a: Action) -> None:
    d["stack"].pop()
    side = f["p"]
    d["kept"][side] = next(c for c in d["offered"][side] if agenda_type(c) == a.arg)
    # Public: it says that a choice was made, never which agenda.
    log(d, "thirteen.agenda.kept", side=side)


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
