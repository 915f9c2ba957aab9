"""Optional cards of the Deluxe Edition: #104-#110 (NORAD lives elsewhere)."""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.events import Play
from brinkmanship.twilight import effect
from brinkmanship.twilight.board import (
    ADJACENT,
    BATTLEGROUND,
    IN_REGION,
    INDEX,
    NAMES,
    SCORING,
    SCORING_CARD_REGION,
)
from brinkmanship.twilight.data.setup import LATE_WAR_TURN
from brinkmanship.twilight.events import event, then
from brinkmanship.twilight.rules import (
    US,
    USSR,
    Data,
    add_effect,
    ask,
    control,
    coup_targets,
    declare_coup,
    flat_ops,
    gain_vp,
    has_effect,
    log,
    push_influence,
)

Frame = dict[str, Any]

_UK = INDEX["UK"]
_SAUDI_ARABIA = INDEX["Saudi Arabia"]
_MUSLIM_REVOLUTION = 56
_WESTERN_EUROPE = list(IN_REGION["Western Europe"])
_MIDDLE_EAST = IN_REGION["Middle East"]
_CHE_TARGETS = sorted(i for r in ("Central America", "South America", "Africa")
                      for i in IN_REGION[r] if not BATTLEGROUND[i])
_TEHRAN_DRAW = 5


def _scoring_region(card: int) -> str:
    """The region a scoring card scores (#38 Southeast Asia Scoring -> "Southeast Asia")."""
    return SCORING_CARD_REGION[card]


@event(104)
def the_cambridge_five(d: Data, play: Play) -> bool | None:
    """The Cambridge Five (not during the Late War): the US shows the
    scoring cards in its hand; if there are any, the USSR picks one and adds
    1 influence to a country of the region it scores."""
    if d["turn"] >= LATE_WAR_TURN:
        log(d, "twilight.card.the_cambridge_five.late_war")
        return False
    shown = sorted(c for c in d["hands"][US] if SCORING[c])
    d["reveals"] += 1
    if not shown:
        log(d, "twilight.card.the_cambridge_five.no_scoring_card")
        return None
    d["known"][USSR] = sorted(set(d["known"][USSR]) | set(shown))
    # Shown to the USSR only: a spectator learns just the region it scores.
    log(d, "twilight.card.the_cambridge_five.shows", to=USSR, cards=shown)
    if len(shown) == 1:
        _cambridge_five_place(d, shown[0])
    else:
        ask(d, USSR, "pick", shown, "the_cambridge_five")
    return None


@then("the_cambridge_five")
def _cambridge_five_pick(d: Data, f: Frame, card: int) -> None:
    _cambridge_five_place(d, card)


def _cambridge_five_place(d: Data, card: int) -> None:
    region = _scoring_region(card)
    log(d, "twilight.card.the_cambridge_five.place", region=region)
    push_influence(d, "place", USSR, USSR, 1, list(IN_REGION[region]))


@event(105)
def special_relationship(d: Data, play: Play) -> bool | None:
    """Special Relationship: only if the US controls the UK. With NATO in
    effect the US adds 2 influence to one Western European country and gains
    2 VP; without NATO it adds 1 influence to one country next to the UK."""
    if control(d, _UK) != US:
        log(d, "twilight.card.special_relationship.no_uk")
        return False
    if has_effect(d, effect.NATO):
        ask(d, US, "target", _WESTERN_EUROPE, "special_relationship", data={"amount": 2})
    else:
        ask(d, US, "target", list(ADJACENT[_UK]), "special_relationship", data={"amount": 1})
    return None


@then("special_relationship")
def _special_relationship(d: Data, f: Frame, i: int) -> None:
    amount = f["data"]["amount"]
    d["inf"][US][i] += amount
    log(d, "twilight.card.special_relationship.influence", n=amount, country=NAMES[i])
    if amount == 2:
        gain_vp(d, US, 2, 105)


@event(107)
def che(d: Data, play: Play) -> None:
    """Che: the USSR may coup a non-battleground country of Central America,
    South America or Africa with this card's ops (a normal coup: Military
    Ops count). If that coup removes US influence, the USSR may coup a
    second, different such country the same way."""
    _che_offer(d, -1)


def _che_offer(d: Data, first: int) -> None:
    targets = [i for i in coup_targets(d, USSR, {"only": _CHE_TARGETS}) if i != first]
    if not targets:
        log(d, "twilight.card.che.no_target")
        return
    ask(d, USSR, "target", targets, "che", optional=True, data={"first": first})


@then("che")
def _che_coup(d: Data, f: Frame, i: int | None) -> None:
    if i is None:
        log(d, "twilight.card.che.no_coup")
        return
    second = f["data"]["first"] >= 0
    declare_coup(d, USSR, i, flat_ops(d, USSR, 107), free=False, then="" if second else "che_result")


@then("che_result")
def _che_result(d: Data, f: Frame, removed: int) -> None:
    if removed > 0:
        _che_offer(d, f["target"])


@event(108)
def our_man_in_tehran(d: Data, play: Play) -> bool | None:
    """Our Man in Tehran: only if the US controls a Middle East country. The
    US looks at the top 5 cards of the draw pile (the discard pile is
    reshuffled under them first if fewer are left), discards any of them,
    shown, with no event, and the rest are shuffled back into the draw
    pile."""
    if not any(control(d, i) == US for i in _MIDDLE_EAST):
        log(d, "twilight.card.our_man_in_tehran.no_control")
        return False
    deck = d["deck"]
    if len(deck) < _TEHRAN_DRAW and d["discard"]:
        pile = d["discard"]
        d["discard"] = []
        rng.shuffle(d, pile)
        d["deck"] = deck = pile + deck  # the old draw pile stays on top
        log(d, "twilight.card.our_man_in_tehran.reshuffle", n=len(pile))
    top = sorted(deck[-_TEHRAN_DRAW:])
    if not top:
        log(d, "twilight.card.our_man_in_tehran.no_card")
        return None
    d["reveals"] += 1
    log(d, "twilight.card.our_man_in_tehran.look", n=len(top))
    ask(d, US, "discard", top, "our_man_in_tehran", optional=True, data={"cards": top})
    return None


@then("our_man_in_tehran")
def _our_man_in_tehran(d: Data, f: Frame, card: int | None) -> None:
    rest = f["data"]["cards"]
    if card is not None:
        d["deck"].remove(card)
        d["discard"].append(card)
        d["reveals"] += 1
        log(d, "twilight.card.our_man_in_tehran.discard", card=card)
        rest = [c for c in rest if c != card]
        if rest:
            ask(d, US, "discard", rest, "our_man_in_tehran", optional=True, data={"cards": rest})
            return
    rng.shuffle(d, d["deck"])
    log(d, "twilight.card.our_man_in_tehran.shuffle_back")


@event(109)
def yuri_and_samantha(d: Data, play: Play) -> None:
    """Yuri and Samantha: for the rest of the turn the USSR gains 1 VP each
    time the US attempts a coup."""
    add_effect(d, effect.YURI_AND_SAMANTHA, "turn")
    log(d, "twilight.card.yuri_and_samantha.effect")


@event(110)
def awacs_sale_to_saudis(d: Data, play: Play) -> None:
    """AWACS Sale to Saudis: the US adds 2 influence in Saudi Arabia; Muslim
    Revolution may no longer be played as an event."""
    d["inf"][US][_SAUDI_ARABIA] += 2
    add_effect(d, effect.AWACS_SALE_TO_SAUDIS, "game", blocks=[_MUSLIM_REVOLUTION])
    log(d, "twilight.card.awacs_sale_to_saudis.influence", event=_MUSLIM_REVOLUTION)
