"""Twilight Struggle rules: playing a card (rule 5).

Action round legality and its application: events (5.2, with who owns an
event, starred and remaining cards 5.4-5.5), operations, the order of an
opponent's event and the operations (5.3), Space Race play (9.0), the UN
Intervention (#32) pairing, the Cuban Missile Crisis (#40) lift, and the
constraints of traps and Missile Envy (#49).
"""

from __future__ import annotations

from brinkmanship.core.actions import Action
from brinkmanship.core.events import Play
from brinkmanship.core.log import PLAYERS, SPECTATORS
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import DISCARD, EVENT, OPS, PASS, REMOVE, SPACE_RACE
from brinkmanship.twilight.board import CARD_SIDE, CHINA, NAMES, OPPONENT, SCORING, STARRED
from brinkmanship.twilight.data.setup import SPACE_BOXES, action_rounds
from brinkmanship.twilight.events import REGISTRY
from brinkmanship.twilight.rules.effects import (
    TRAP_CARDS,
    TRAPS,
    _we_will_bury_you,
    end_effect,
    event_blocked,
    flower_power_check,
)
from brinkmanship.twilight.rules.frames import discard_from_hand, roll_for
from brinkmanship.twilight.rules.kinds import (
    ActionFrame,
    FinishFrame,
    FireEventFrame,
    OrderFrame,
    SpaceRollFrame,
)
from brinkmanship.twilight.rules.ops import begin_ops
from brinkmanship.twilight.rules.state import (
    CHANCE,
    CMC_LIFT,
    CUBAN_MISSILE_CRISIS,
    MISSILE_ENVY,
    RETURN_CARD,
    UN_INTERVENTION,
    US,
    Data,
    flat_ops,
    log,
    push,
    space_ability,
)


def has_event(d: Data, card: int) -> bool:
    """Can ``card``'s event happen in this game at all right now? Scoring
    cards always; other cards when events are on, registered and not blocked."""
    if card not in REGISTRY.events:
        return False
    if not (SCORING[card] or d["options"]["events"]):
        return False
    return not event_blocked(d, card)


def run_event(d: Data, play: Play, finish: FinishFrame) -> None:
    """Carry out ``play.card``'s event for ``play.side``, who makes its
    choices (``play.by`` played the card: the opponent when an opponent's
    event happens during an operations play).

    ``finish`` is the card's finish frame (already on the stack, below
    anything the event pushes); an event that does not take place leaves a
    starred card in the discard pile instead of removing it (7.5).
    """
    card = play.card
    if not has_event(d, card):
        log(d, "twilight.event.off" if not d["options"]["events"] else "twilight.event.blocked", card=card)
        finish["remove"] = False
        return
    if REGISTRY.run(d, play) is False:
        log(d, "twilight.event.fails", card=card)
        finish["remove"] = False


def keep_on_table(d: Data, card: int) -> None:
    """Called by an event whose card stays in front of a player until its
    effect is used (Shuttle Diplomacy...): the card stays in ``in_play``
    instead of being discarded; ``leave_table`` discards it later."""
    for f in reversed(d["stack"]):
        if f["f"] == "finish" and f["card"] == card:
            f["table"] = True
            f["remove"] = False
            return
    raise RuntimeError(f"card #{card} is not being played")


def leave_table(d: Data, card: int, removed: bool = False) -> None:
    """A card kept on the table goes to the discard pile (or is removed)."""
    d["in_play"].remove(card)
    (d["removed"] if removed else d["discard"]).append(card)


def play_event(d: Data, side: str, card: int, headline: bool = False, *, by: str | None = None) -> None:
    """Play ``card`` for its event for ``side`` (the card is already in play).
    ``by`` is the side the card came from when that is not ``side`` (Five
    Year Plan's US card leaves the USSR hand).

    The card's ``finish`` frame goes under anything the event pushes, so it
    leaves play once the event has fully resolved.
    """
    finish: FinishFrame = {"f": "finish", "side": side, "card": card, "remove": STARRED[card]}
    push(d, finish)
    run_event(d, Play(side, card, by or side), finish)


def can_space(d: Data, side: str, card: int) -> bool:
    """May ``side`` play ``card`` to the Space Race now (6.4.2)?"""
    need = space_need(d, side)
    return need is not None and not SCORING[card] and flat_ops(d, side, card) >= need


def space_need(d: Data, side: str) -> int | None:
    """The ops a card must have for ``side`` to play it to the Space Race
    now (6.4.2), or None when it may not try this turn (at the end of the
    track, or out of attempts). Asked once per hand, not once per card."""
    box = d["space"][side] + 1
    if box >= len(SPACE_BOXES):
        return None
    allowed = 2 if space_ability(d, side, 2) else 1
    if d["space_tries"][side] >= allowed:
        return None
    # Region bonuses (the China Card's Asia +1) never count here (9.6).
    need: int = SPACE_BOXES[box][1]
    return need


def rounds_left(d: Data, f: ActionFrame) -> int:
    """Mandatory action rounds ``f``'s side has left, this one included."""
    if f["extra"]:
        return 1
    return action_rounds(d["turn"]) - d["ar"] + 1


def _legal_action_round(d: Data, f: ActionFrame) -> list[Action]:
    side = f["p"]
    if "only" in f:
        return _legal_card_play(d, f)
    hand = d["hands"][side]
    eff = d["effects"]
    if eff:
        envy = eff.get(effect.MISSILE_ENVY)
        envious = envy is not None and envy["side"] == side and MISSILE_ENVY in hand
        if envious or TRAPS[side] in eff:
            return _cmc_lift(d, side, _legal_constrained_round(d, f, hand, envious))
    n_scoring = 0
    for c in hand:
        if SCORING[c]:
            n_scoring += 1
    forced = n_scoring and n_scoring >= rounds_left(d, f)
    events_on = d["options"]["events"]
    need = space_need(d, side)
    acts: list[Action] = []
    for c in hand:
        if SCORING[c]:
            acts.append(EVENT[c])
            continue
        if forced:
            continue
        if events_on and CARD_SIDE[c] != OPPONENT[side] and has_event(d, c) and (
                c != UN_INTERVENTION or _un_partner(hand, side)):
            acts.append(EVENT[c])
        acts.append(OPS[c])
        if need is not None and flat_ops(d, side, c) >= need:
            acts.append(SPACE_RACE[c])
    if not forced and d["china"] == side and d["china_up"]:
        acts.append(OPS[CHINA])
        if need is not None and flat_ops(d, side, CHINA) >= need:
            acts.append(SPACE_RACE[CHINA])
    if f["extra"] or not acts or (not hand):
        acts.append(PASS)
    return _cmc_lift(d, side, acts) if eff else acts


def _un_partner(hand: list[int], side: str) -> bool:
    """UN Intervention is played as an event only together with a card in
    hand that carries the opponent's event."""
    opp = OPPONENT[side]
    return any(CARD_SIDE[c] == opp for c in hand)


def _cmc_lift(d: Data, side: str, acts: list[Action]) -> list[Action]:
    """The side threatened by the Cuban Missile Crisis may end it in its
    action round by removing 2 of its influence (``remove Cuba``; the US:
    West Germany or Turkey). This is not an action: the round goes on."""
    cmc = d["effects"].get(effect.CUBAN_MISSILE_CRISIS)
    if cmc is not None and cmc["side"] == side:
        own = d["inf"][side]
        acts.extend(REMOVE[i] for i in CMC_LIFT[side] if own[i] >= 2)
    return acts


def _legal_constrained_round(d: Data, f: ActionFrame, hand: list[int], envious: bool) -> list[Action]:
    """A round that is not played normally. Scoring cards that must be played
    now (ruling 9) come first. A side trapped by Quagmire/Bear Trap discards
    a card worth 2+ ops (not The China Card, not a scoring card) and rolls to
    escape; with no such card it may only play scoring cards, else it
    passes. A side handed Missile Envy must play it for ops (trapped, it
    must discard Missile Envy if it qualifies)."""
    side = f["p"]
    scoring = [EVENT[c] for c in hand if SCORING[c]]
    acts: list[Action]
    if scoring and len(scoring) >= rounds_left(d, f):
        acts = scoring
    elif TRAPS[side] in d["effects"]:
        able = [c for c in hand if not SCORING[c] and flat_ops(d, side, c) >= 2]
        if envious and MISSILE_ENVY in able:
            able = [MISSILE_ENVY]
        acts = [DISCARD[c] for c in able] or scoring
    else:
        acts = [OPS[MISSILE_ENVY]]
    if f["extra"] or not acts:
        acts.append(PASS)
    return acts


def _legal_card_play(d: Data, f: ActionFrame) -> list[Action]:
    """A card an event hands a side to play at once (Grain Sales to Soviets):
    the frame's ``only`` card, for its event if the side could play it so,
    for ops unless it is a scoring card; ``ret`` adds ``choose return``
    (give the card back and use the ops of card ``ret`` instead)."""
    side, c = f["p"], f["only"]
    acts: list[Action] = []
    if SCORING[c]:
        acts.append(EVENT[c])
    else:
        if (d["options"]["events"] and CARD_SIDE[c] != OPPONENT[side] and has_event(d, c)
                and (c != UN_INTERVENTION or (d["ar"] and _un_partner(d["hands"][side], side)))):
            acts.append(EVENT[c])
        acts.append(OPS[c])
    if f.get("ret"):
        acts.append(RETURN_CARD)
    return acts


def _apply_action_round(d: Data, f: ActionFrame, a: Action) -> None:
    side = f["p"]
    verb = a.verb
    if verb == "remove":  # lifting the Cuban Missile Crisis: not an action
        i = a.arg
        assert i is not None
        d["inf"][side][i] -= 2
        log(d, "twilight.cmc.lifted", side=side, country=NAMES[i], card=CUBAN_MISSILE_CRISIS)
        end_effect(d, effect.CUBAN_MISSILE_CRISIS)
        return
    d["stack"].pop()
    eff = d["effects"]
    # We Will Bury You resolves as the US starts its round, before anything
    # it scores; UN Intervention played for its event cancels it only once
    # the card is on the table and its play logged (an entry to all never
    # names a card still in a hand).
    bury = bool(eff) and side == US and effect.WE_WILL_BURY_YOU in eff and "only" not in f
    if bury and a is not EVENT[UN_INTERVENTION]:
        _we_will_bury_you(d, a)
        if d["over"]:
            return
    if a is PASS:
        log(d, "twilight.round.pass", side=side)
        return
    if a is RETURN_CARD:
        given = f["only"]
        opp = OPPONENT[side]
        d["hands"][side].remove(given)
        d["hands"][opp].append(given)
        d["known"][side].append(given)
        # Both players know the card (its owner and the side that took it);
        # a spectator learns only that a card went back.
        log(d, "twilight.round.return_unseen", to=SPECTATORS, side=side, opp=opp, card2=f["ret"])
        log(d, "twilight.round.return_card", to=PLAYERS, side=side, card=given, opp=opp, card2=f["ret"])
        begin_ops(d, side, f["ret"])
        return
    c = a.arg
    assert c is not None
    if verb == "discard":  # a trap: discard, then roll 1-4 to escape
        trap = TRAPS[side]
        discard_from_hand(d, side, c, TRAP_CARDS[trap])
        if c == MISSILE_ENVY:
            eff.pop(effect.MISSILE_ENVY, None)
        roll_for(d, "trap_escape", data={"side": side, "trap": trap})
        return
    if c != CHINA:
        d["hands"][side].remove(c)
        d["in_play"].append(c)
    if eff:
        if c == MISSILE_ENVY:
            envy = eff.get(effect.MISSILE_ENVY)
            if envy is not None and envy["side"] == side:
                del eff[effect.MISSILE_ENVY]
        if verb != "space":
            flower_power_check(d, side, c)
            if d["over"]:
                return
    if verb == "event":
        log(d, "twilight.play.event", side=side, card=c)
        if bury and c == UN_INTERVENTION:
            _we_will_bury_you(d, a)
        play_event(d, side, c)
    elif verb == "ops":
        log(d, "twilight.play.ops", side=side, card=c)
        finish: FinishFrame = {"f": "finish", "side": side, "card": c, "remove": STARRED[c]}
        push(d, finish)
        if CARD_SIDE[c] == OPPONENT[side] and has_event(d, c):
            # 5.2: the opponent's event happens too, before or after the ops
            # at the phasing player's choice.
            order: OrderFrame = {"f": "order", "p": side, "card": c}
            push(d, order)
        else:
            finish["remove"] = False
            begin_ops(d, side, c)
    else:  # space
        d["space_tries"][side] += 1
        box = d["space"][side] + 1
        log(d, "twilight.play.space", side=side, card=c, space=box, best=SPACE_BOXES[box][2])
        finish = {"f": "finish", "side": side, "card": c, "remove": False}
        push(d, finish)
        roll: SpaceRollFrame = {"f": "roll", "p": CHANCE, "why": "space", "side": side}
        push(d, roll)


def _legal_order(d: Data, f: OrderFrame) -> list[Action]:
    c = f["card"]
    return [EVENT[c], OPS[c]]


def _apply_order(d: Data, f: OrderFrame, a: Action) -> None:
    """``event <card>``: the opponent's event first; ``ops <card>``: ops first."""
    side = f["p"]
    c = f["card"]
    d["stack"].pop()
    finish = d["stack"][-1]
    owner = OPPONENT[side]
    if a.verb == "event":
        log(d, "twilight.order.event_first", owner=owner, card=c)
        begin_ops(d, side, c)  # access is fixed before the event
        run_event(d, Play(owner, c, side), finish)
    else:
        log(d, "twilight.order.ops_first", owner=owner, card=c)
        fire: FireEventFrame = {"f": "fire_event", "side": owner, "card": c}
        push(d, fire)
        begin_ops(d, side, c)


def _proc_fire_event(d: Data, f: FireEventFrame) -> None:
    """The opponent's event of a card played for ops, after the ops."""
    d["stack"].pop()
    finish = d["stack"][-1]
    # Only an operations play defers the opponent's event: the phasing
    # player, the owner's opponent, played the card.
    run_event(d, Play(f["side"], f["card"], OPPONENT[f["side"]]), finish)
