"""Early War events: Five Year Plan, Vietnam Revolts, Blockade, the Early War
wars, the European pacts (Warsaw Pact, De Gaulle, NATO, US/Japan), CIA
Created, East European Unrest, Red Scare/Purge, De-Stalinization and
Formosan Resolution."""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.events import Play
from brinkmanship.core.log import msg
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import CARD_SIDE, IN_REGION, INDEX, N_COUNTRIES, NAMES, OPPONENT, STABILITY
from brinkmanship.twilight.data.setup import LATE_WAR_TURN
from brinkmanship.twilight.events import event, then
from brinkmanship.twilight.rules import (
    ALL,
    US,
    USSR,
    add_effect,
    ask,
    begin_ops,
    control,
    discard_from_hand,
    flat_ops,
    has_effect,
    log,
    play_event,
    push_influence,
    reveal_hand,
    war,
)

Data = dict[str, Any]
Frame = dict[str, Any]

_VIETNAM = INDEX["Vietnam"]
_WEST_GERMANY = INDEX["West Germany"]
_ISRAEL = INDEX["Israel"]
_FRANCE = INDEX["France"]
_JAPAN = INDEX["Japan"]
_INDIA_PAKISTAN = sorted([INDEX["India"], INDEX["Pakistan"]])
_INDEPENDENT_REDS = [INDEX[n] for n in ("Yugoslavia", "Romania", "Bulgaria", "Hungary", "Czechoslovakia")]
_EASTERN_EUROPE = IN_REGION["Eastern Europe"]
_REMOVE = OPTIONS.index("remove")
_ADD = OPTIONS.index("add")
_WARSAW_PACT_FORMED = 16
_NATO = 21
_MARSHALL_PLAN = 23


@event(5)
def five_year_plan(d: Data, play: Play) -> None:
    """Five Year Plan: the USSR discards a card drawn at random from its hand
    (never The China Card, which is not part of a hand). If it is a US card,
    its event happens for the US; any other card is only discarded."""
    hand = d["hands"][USSR]
    if not hand:
        log(d, "twilight.card.five_year_plan.no_card")
        return
    card = hand[rng.randbelow(d, len(hand))]
    if CARD_SIDE[card] != US:
        discard_from_hand(d, USSR, card, msg("twilight.card.five_year_plan.at_random"))
        return
    # A US card: it leaves the hand through play, so a starred card whose
    # event happens is removed like any other played event.
    hand.remove(card)
    d["in_play"].append(card)
    d["reveals"] += 1
    log(d, "twilight.card.five_year_plan.us_event", card=card)
    play_event(d, US, card, by=USSR)


@event(9)
def vietnam_revolts(d: Data, play: Play) -> None:
    """Vietnam Revolts: the USSR adds 2 influence to Vietnam. For the rest of
    the turn a USSR card whose ops all go to Southeast Asia gets +1 op."""
    d["inf"][USSR][_VIETNAM] += 2
    add_effect(d, effect.VIETNAM_REVOLTS, "turn")
    log(d, "twilight.card.vietnam_revolts.effect")


@event(10)
def blockade(d: Data, play: Play) -> None:
    """Blockade: the US may discard a card worth 3 or more ops (after
    modifiers); if it does not, or has none, all US influence leaves West
    Germany."""
    options = [c for c in d["hands"][US] if flat_ops(d, US, c) >= 3]
    if not options:
        log(d, "twilight.card.blockade.no_card")
        _blockade_west_germany(d)
        return
    ask(d, US, "discard", options, "blockade", optional=True)


@then("blockade")
def _blockade(d: Data, f: Frame, card: int | None) -> None:
    if card is None:
        _blockade_west_germany(d)
    else:
        discard_from_hand(d, US, card, 10)


def _blockade_west_germany(d: Data) -> None:
    removed = d["inf"][US][_WEST_GERMANY]
    d["inf"][US][_WEST_GERMANY] = 0
    log(d, "twilight.card.blockade.removed", n=removed)


@event(13)
def arab_israeli_war(d: Data, play: Play) -> None:
    """Arab-Israeli War: the Arab states attack Israel. The USSR rolls, -1
    per US-controlled country next to Israel and -1 more if the US controls
    Israel; 4-6 wins 2 VP and all US influence in Israel becomes USSR
    influence. +2 USSR Military Ops either way. (Camp David Accords blocks
    this event.)"""
    penalty = 1 if control(d, _ISRAEL) == US else 0
    war(d, USSR, _ISRAEL, 4, 2, 2, play.card, extra_penalty=penalty)


@event(16)
def warsaw_pact_formed(d: Data, play: Play) -> None:
    """Warsaw Pact Formed: the USSR chooses to remove all US influence from 4
    Eastern European countries, or to add 5 USSR influence to Eastern Europe
    (at most 2 per country). NATO may be played as an event from now on."""
    add_effect(d, effect.WARSAW_PACT_FORMED, "game")
    ask(d, USSR, "choose", [_REMOVE, _ADD], "warsaw_pact_formed")


@then("warsaw_pact_formed")
def _warsaw_pact_choice(d: Data, f: Frame, option: int) -> None:
    if option == _ADD:
        log(d, "twilight.card.warsaw_pact_formed.add")
        push_influence(d, "place", USSR, USSR, 5, list(_EASTERN_EUROPE), max_per=2)
        return
    log(d, "twilight.card.warsaw_pact_formed.remove")
    push_influence(d, "remove", USSR, US, 4, list(_EASTERN_EUROPE), per=ALL, then="warsaw_pact_remove",
                   question="warsaw_pact_remove", log_code="twilight.card.warsaw_pact_formed.removed")


@then("warsaw_pact_remove")
def _warsaw_pact_removed(d: Data, f: Frame, chosen: list[int]) -> None:
    # The removal frame has ended; countries left unchosen had no US influence.
    if f["left"]:
        log(d, "twilight.card.warsaw_pact_formed.none")


@event(17)
def de_gaulle_leads_france(d: Data, play: Play) -> None:
    """De Gaulle Leads France: 2 US influence leaves France and the USSR adds
    1 there. From now on NATO does not protect France."""
    removed = min(2, d["inf"][US][_FRANCE])
    d["inf"][US][_FRANCE] -= removed
    d["inf"][USSR][_FRANCE] += 1
    add_effect(d, effect.DE_GAULLE_LEADS_FRANCE, "game")
    log(d, "twilight.card.de_gaulle_leads_france.effect", n=removed, event=_NATO)


@event(21)
def nato(d: Data, play: Play) -> bool | None:
    """NATO: only once Warsaw Pact Formed or Marshall Plan has happened as an
    event. From then on the USSR may not coup or realign a US-controlled
    European country (see the rules' ``coup_targets``)."""
    if not (has_effect(d, effect.WARSAW_PACT_FORMED) or has_effect(d, effect.MARSHALL_PLAN)):
        log(d, "twilight.card.nato.blocked", event=_WARSAW_PACT_FORMED, event2=_MARSHALL_PLAN)
        return False
    add_effect(d, effect.NATO, "game")
    log(d, "twilight.card.nato.effect")
    return None


@event(22)
def independent_reds(d: Data, play: Play) -> None:
    """Independent Reds: the US chooses one of Yugoslavia, Romania, Bulgaria,
    Hungary or Czechoslovakia and adds influence there until it equals the
    USSR's (only countries where the USSR has more are worth choosing)."""
    options = [i for i in _INDEPENDENT_REDS if d["inf"][USSR][i] > d["inf"][US][i]]
    if not ask(d, US, "target", options, "independent_reds"):
        log(d, "twilight.card.independent_reds.none")


@then("independent_reds")
def _independent_reds(d: Data, f: Frame, i: int) -> None:
    added = d["inf"][USSR][i] - d["inf"][US][i]
    d["inf"][US][i] += added
    log(d, "twilight.card.independent_reds.added", n=added, country=NAMES[i])


@event(24)
def indo_pakistani_war(d: Data, play: Play) -> None:
    """Indo-Pakistani War: the player chooses India or Pakistan to be
    invaded by the other, then rolls, -1 per adjacent country the enemy
    controls; 4-6 wins 2 VP and the enemy's influence there becomes the
    player's. +2 Military Ops for the player either way."""
    side = play.side
    ask(d, side, "target", _INDIA_PAKISTAN, "indo_pakistani_war", data={"side": side})


@then("indo_pakistani_war")
def _indo_pakistani_war(d: Data, f: Frame, i: int) -> None:
    war(d, f["data"]["side"], i, 4, 2, 2, 24)


@event(26)
def cia_created(d: Data, play: Play) -> None:
    """CIA Created: the USSR shows its hand to the US, then the US conducts
    operations as if it played a 1-op card (modifiers apply; not for the
    Space Race)."""
    reveal_hand(d, USSR, play.card)
    begin_ops(d, US, play.card, ops=1)


@event(27)
def us_japan_mutual_defense_pact(d: Data, play: Play) -> None:
    """US/Japan Mutual Defense Pact: the US adds just enough influence to
    control Japan. From now on the USSR may not coup or realign in Japan."""
    need = d["inf"][USSR][_JAPAN] + STABILITY[_JAPAN]
    added = max(0, need - d["inf"][US][_JAPAN])
    d["inf"][US][_JAPAN] += added
    add_effect(d, effect.US_JAPAN_MUTUAL_DEFENSE_PACT, "game")
    log(d, "twilight.card.us_japan_mutual_defense_pact.effect", n=added)


@event(29)
def east_european_unrest(d: Data, play: Play) -> None:
    """East European Unrest: the US removes 1 USSR influence from each of 3
    different Eastern European countries; 2 from each in the Late War."""
    per = 2 if d["turn"] >= LATE_WAR_TURN else 1
    push_influence(d, "remove", US, USSR, 3, list(_EASTERN_EUROPE), per=per, then="east_european_unrest",
                   question="east_european_unrest", log_code="twilight.card.east_european_unrest.removed")


@then("east_european_unrest")
def _east_european_unrest(d: Data, f: Frame, chosen: list[int]) -> None:
    # The removal frame has ended; countries left unchosen had no USSR influence.
    if f["left"]:
        log(d, "twilight.card.east_european_unrest.none")


@event(31)
def red_scare_purge(d: Data, play: Play) -> None:
    """Red Scare/Purge: for the rest of the turn every card the player's
    opponent plays for operations is worth 1 op less (never below 1)."""
    opp = OPPONENT[play.side]
    current = d["effects"].get(effect.RED_SCARE_PURGE)
    # Played by both sides in one turn (SALT can bring it back): both suffer.
    victim = "both" if current is not None and current["side"] != opp else opp
    add_effect(d, effect.RED_SCARE_PURGE, "turn", side=victim)
    log(d, "twilight.card.red_scare_purge.effect", side=opp)


@event(33)
def de_stalinization(d: Data, play: Play) -> None:
    """De-Stalinization: the USSR may take up to 4 of its influence off the
    board, one point at a time from any countries, then puts every point taken
    into countries the US does not control, at most 2 per country."""
    push_influence(d, "remove", USSR, USSR, 4, list(range(N_COUNTRIES)), optional=True, then="de_stalinization",
                   question="de_stalinization", log_code="twilight.card.de_stalinization.removed")


@then("de_stalinization")
def _de_stalinization_place(d: Data, f: Frame, taken: list[int]) -> None:
    # The removal frame has ended (4 taken, a pass, or none left): place them.
    moved = len(taken)
    if not moved:
        log(d, "twilight.card.de_stalinization.none")
        return
    log(d, "twilight.card.de_stalinization.place", n=moved)
    allowed = [i for i in range(N_COUNTRIES) if control(d, i) != US]
    push_influence(d, "place", USSR, USSR, moved, allowed, max_per=2)


@event(35)
def formosan_resolution(d: Data, play: Play) -> None:
    """Formosan Resolution: while in effect, Taiwan counts as a battleground
    when Asia is scored (scoring card or final scoring) if the US controls
    it; nowhere else. It ends when the US plays The China Card (see the
    rules' ``battleground`` and ``_proc_finish``)."""
    add_effect(d, effect.FORMOSAN_RESOLUTION, "game")
    log(d, "twilight.card.formosan_resolution.effect")
