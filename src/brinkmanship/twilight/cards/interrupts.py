"""Events that change how action rounds, headlines and turns run.

UN Intervention, Defectors, Quagmire, Bear Trap, Missile Envy, We Will Bury
You, U2 Incident, Flower Power, An Evil Empire, Cuban Missile Crisis, North
Sea Oil, NORAD, Grain Sales to Soviets, Star Wars and Ask Not What Your
Country Can Do For You.

Most of them leave a named effect that the turn sequence in ``rules/``
reads (traps, Missile Envy's forced play, We Will Bury You's VP, the North
Sea Oil round, NORAD, Flower Power, the Cuban Missile Crisis lift); the
functions here start and end those effects and resolve the card swaps.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.events import Play
from brinkmanship.core.log import PLAYERS, SPECTATORS
from brinkmanship.twilight import effect
from brinkmanship.twilight.board import CARD_OPS, CARD_SIDE, OPPONENT, SCORING
from brinkmanship.twilight.events import REGISTRY, event, then
from brinkmanship.twilight.rules import (
    US,
    USSR,
    Data,
    add_effect,
    ask,
    begin_ops,
    cancel_headline,
    change_defcon,
    discard_from_hand,
    draw_card,
    end_effect,
    event_blocked,
    flower_power_check,
    gain_vp,
    has_effect,
    keep_on_table,
    log,
    play_event,
    push,
)

Frame = dict[str, Any]

_UN_INTERVENTION = 32
_MISSILE_ENVY = 49
_OPEC = 61
_U2_INCIDENT = 60
_ASK_NOT = 77


def _played_by(d: Data, card: int) -> str | None:
    """The side playing ``card`` right now (from its finish frame), if any."""
    for f in reversed(d["stack"]):
        if f["f"] == "finish" and f["card"] == card:
            side: str = f["side"]
            return side
    return None


@event(32)
def un_intervention(d: Data, play: Play) -> bool | None:
    """UN Intervention: played together with a card from the player's hand
    that carries the opponent's event. That event is cancelled (the card is
    discarded, even if starred) and the player conducts operations with the
    card's ops value. Never in the headline phase. If U2 Incident was played
    this turn, the USSR gains 1 VP."""
    side = play.side
    opp = OPPONENT[side]
    partners = sorted(c for c in d["hands"][side] if CARD_SIDE[c] == opp)
    if d["ar"] == 0 or not partners:
        return False
    if has_effect(d, effect.U2_INCIDENT):
        gain_vp(d, USSR, 1, _U2_INCIDENT)
        end_effect(d, effect.U2_INCIDENT)
        if d["over"]:
            return None
    ask(d, side, "ops", partners, "un_intervention", data={"side": side})
    return None


@then("un_intervention")
def _un_intervention(d: Data, f: Frame, c: int) -> None:
    side = f["data"]["side"]
    d["hands"][side].remove(c)
    d["in_play"].append(c)
    log(d, "twilight.card.un_intervention.play", side=side, card=c, opp=OPPONENT[side])
    push(d, {"f": "finish", "side": side, "card": c, "remove": False})
    flower_power_check(d, side, c)
    if not d["over"]:
        begin_ops(d, side, c)


@event(103)
def defectors(d: Data, play: Play) -> None:
    """Defectors: a US headline of Defectors cancels the USSR headline before
    either resolves (done at the reveal; here too when the event fires in
    the headline phase while the USSR headline is still waiting, as when
    Five Year Plan discards it). The USSR playing it in an action round
    gives the US 1 VP."""
    if d["ar"] == 0:
        if d["headline"][USSR]:
            cancel_headline(d, USSR, play.card)
        return
    if _played_by(d, play.card) == USSR:
        gain_vp(d, US, 1, play.card)


@event(42)
def quagmire(d: Data, play: Play) -> None:
    """Quagmire: the US is trapped. From its next action round on, instead
    of playing a card it discards one worth 2+ ops (after modifiers; not The
    China Card, not a scoring card) and rolls: 1-4 frees it. With no such
    card it may only play scoring cards. Lasts across turns until escaped;
    headlines are unaffected. NORAD's effect ends for good."""
    add_effect(d, effect.QUAGMIRE, "game")
    log(d, "twilight.card.quagmire.effect")
    end_effect(d, effect.NORAD)


@event(44)
def bear_trap(d: Data, play: Play) -> None:
    """Bear Trap: the USSR is trapped, as the US is by Quagmire."""
    add_effect(d, effect.BEAR_TRAP, "game")
    log(d, "twilight.card.bear_trap.effect")


@event(49)
def missile_envy(d: Data, play: Play) -> bool | None:
    """Missile Envy: the opponent gives the player its highest-ops card
    (printed value; it picks among ties; never The China Card) and takes
    Missile Envy, which it must play for ops in its next action round. The
    card received is played at once: its event if it is the player's or a
    Neutral card, its ops (no event) if it carries the opponent's event."""
    side = play.side
    opp = OPPONENT[side]
    hand = d["hands"][opp]
    if not hand:
        log(d, "twilight.card.missile_envy.no_card", side=opp)
        return False
    best = max(CARD_OPS[c] for c in hand)
    top = sorted(c for c in hand if CARD_OPS[c] == best)
    if len(top) == 1:
        _envy_swap(d, side, top[0])
    else:
        ask(d, opp, "pick", top, "missile_envy", data={"side": side})
    return None


@then("missile_envy")
def _missile_envy(d: Data, f: Frame, c: int) -> None:
    _envy_swap(d, f["data"]["side"], c)


def _envy_swap(d: Data, side: str, c: int) -> None:
    opp = OPPONENT[side]
    d["hands"][opp].remove(c)
    d["reveals"] += 1
    # Missile Envy goes to the opponent's hand instead of the discard pile.
    keep_on_table(d, _MISSILE_ENVY)
    d["in_play"].remove(_MISSILE_ENVY)
    d["hands"][opp].append(_MISSILE_ENVY)
    d["known"][side].append(_MISSILE_ENVY)
    add_effect(d, effect.MISSILE_ENVY, "game", side=opp)
    d["in_play"].append(c)
    log(d, "twilight.card.missile_envy.swap", side=opp, card=c, card2=_MISSILE_ENVY)
    flower_power_check(d, side, c)
    if d["over"]:
        return
    if CARD_SIDE[c] == opp:
        log(d, "twilight.card.missile_envy.ops", side=side, card=c)
        push(d, {"f": "finish", "side": side, "card": c, "remove": False})
        begin_ops(d, side, c)
    else:
        log(d, "twilight.card.missile_envy.event", card=c, side=side)
        play_event(d, side, c)


@event(50)
def we_will_bury_you(d: Data, play: Play) -> None:
    """We Will Bury You: DEFCON falls by 1. As the US starts its next action
    round the USSR gains 3 VP, before anything the US scores, unless the US
    plays UN Intervention as an event in that round."""
    change_defcon(d, -1, d["phasing"])
    if not d["over"]:
        add_effect(d, effect.WE_WILL_BURY_YOU, "game")
        log(d, "twilight.card.we_will_bury_you.effect", event=_UN_INTERVENTION)


@event(60)
def u2_incident(d: Data, play: Play) -> None:
    """U2 Incident: the USSR gains 1 VP, and 1 more if UN Intervention is
    played as an event later this turn (by either side)."""
    add_effect(d, effect.U2_INCIDENT, "turn")
    gain_vp(d, USSR, 1, play.card)


@event(59)
def flower_power(d: Data, play: Play) -> None:
    """Flower Power: from now on the USSR gains 2 VP each time the US plays a
    war card (Arab-Israeli, Korean, Brush, Indo-Pakistani, Iran-Iraq War) as
    an event or for ops, not to the Space Race. An Evil Empire ends it and
    blocks it."""
    add_effect(d, effect.FLOWER_POWER, "game")
    log(d, "twilight.card.flower_power.effect")


@event(97)
def an_evil_empire(d: Data, play: Play) -> None:
    """An Evil Empire: Flower Power ends and may no longer be played as an
    event; the US gains 1 VP."""
    end_effect(d, effect.FLOWER_POWER)
    add_effect(d, effect.AN_EVIL_EMPIRE, "game", blocks=[59])
    gain_vp(d, US, 1, play.card)


@event(40)
def cuban_missile_crisis(d: Data, play: Play) -> None:
    """Cuban Missile Crisis: DEFCON is set to 2. For the rest of the turn a
    coup by the player's opponent loses the game at once, unless that side
    first ends the crisis by removing 2 of its influence from Cuba (USSR) or
    from West Germany or Turkey (US), offered in its action round."""
    change_defcon(d, 2 - d["defcon"], d["phasing"])
    threatened = OPPONENT[play.side]
    add_effect(d, effect.CUBAN_MISSILE_CRISIS, "turn", side=threatened)
    log(d, "twilight.card.cuban_missile_crisis.effect", side=threatened)


@event(86)
def north_sea_oil(d: Data, play: Play) -> None:
    """North Sea Oil: OPEC may no longer be played as an event, and the US
    may take an 8th action round this turn (the same one Space Station
    would give, not a second)."""
    add_effect(d, effect.NORTH_SEA_OIL, "game", blocks=[_OPEC], turn=d["turn"])
    log(d, "twilight.card.north_sea_oil.effect", event=_OPEC)


@event(106)
def norad(d: Data, play: Play) -> None:
    """NORAD: from now on, at the end of each action round in which DEFCON
    moved to 2, the US, if it controls Canada, may add 1 influence to a
    country that already holds US influence. Quagmire ends it."""
    add_effect(d, effect.NORAD, "game")
    log(d, "twilight.card.norad.effect")


@event(67)
def grain_sales_to_soviets(d: Data, play: Play) -> None:
    """Grain Sales to Soviets: the US takes a card at random from the USSR
    hand (never The China Card) and either plays it as its own (its event if
    US or Neutral; for ops otherwise, a USSR event then happening as usual)
    or returns it. If it returns it, or the USSR has no card, the US
    conducts operations with Grain Sales' own ops."""
    hand = d["hands"][USSR]
    if not hand:
        log(d, "twilight.card.grain_sales_to_soviets.no_card")
        begin_ops(d, US, play.card)
        return
    c = hand[rng.randbelow(d, len(hand))]
    hand.remove(c)
    d["hands"][US].append(c)
    d["known"][USSR].append(c)
    d["reveals"] += 1
    # Taken at random and maybe given back: both players know it (the USSR
    # sees which card left its hand), a spectator may not learn it.
    log(d, "twilight.card.grain_sales_to_soviets.take_unseen", to=SPECTATORS)
    log(d, "twilight.card.grain_sales_to_soviets.take", to=PLAYERS, card=c)
    push(d, {"f": "action", "p": US, "extra": False, "only": c, "ret": play.card})


@event(85)
def star_wars(d: Data, play: Play) -> bool | None:
    """Star Wars: only while the US is ahead on the Space Race. The US picks
    a non-scoring card from the discard pile and plays it for its event at
    once (a USSR card's event happens for the USSR); the card then leaves
    play as any played event does."""
    if d["space"][US] <= d["space"][USSR]:
        return False
    options = sorted(c for c in set(d["discard"])
                     if not SCORING[c] and c in REGISTRY.events and not event_blocked(d, c))
    if not options:
        log(d, "twilight.card.star_wars.none")
        return False
    ask(d, US, "pick", options, "star_wars")
    return None


@then("star_wars")
def _star_wars(d: Data, f: Frame, c: int) -> None:
    d["discard"].remove(c)
    d["in_play"].append(c)
    log(d, "twilight.card.star_wars.take", card=c)
    flower_power_check(d, US, c)
    if not d["over"]:
        play_event(d, USSR if CARD_SIDE[c] == USSR else US, c, by=US)


@event(77)
def ask_not(d: Data, play: Play) -> None:
    """Ask Not What Your Country Can Do For You: the US discards any number
    of cards from its hand (scoring cards too; one at a time, ``pass`` to
    stop), then draws as many from the draw pile."""
    hand = d["hands"][US]
    if not hand:
        log(d, "twilight.card.ask_not_what_your_country_can_do_for_you.no_card")
        return
    ask(d, US, "discard", sorted(hand), "ask_not", optional=True, data={"count": 0})


@then("ask_not")
def _ask_not(d: Data, f: Frame, c: int | None) -> None:
    n = f["data"]["count"]
    hand = d["hands"][US]
    if c is not None:
        discard_from_hand(d, US, c, _ASK_NOT)
        n += 1
        if hand:
            ask(d, US, "discard", sorted(hand), "ask_not", optional=True, data={"count": n})
            return
    drawn = 0
    known = d["known"][USSR]
    for _ in range(n):
        card = draw_card(d)
        if card is None:
            break
        hand.append(card)
        if card in known:
            known.remove(card)
        drawn += 1
    d["reveals"] += 1
    log(d, "twilight.card.ask_not_what_your_country_can_do_for_you.draw", n=n, drawn=drawn)
