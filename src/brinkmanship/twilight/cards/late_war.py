"""Late War events: #82-#102 (Star Wars, North Sea Oil and An Evil Empire
live elsewhere)."""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.events import Play
from brinkmanship.core.frames import end_game
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import (
    ADJACENT,
    IN_REGION,
    INDEX,
    NAMES,
    OPPONENT,
    REGIONS,
    SCORING,
)
from brinkmanship.twilight.events import event, then
from brinkmanship.twilight.rules import (
    US,
    USSR,
    Data,
    add_effect,
    ask,
    begin_ops,
    change_defcon,
    control,
    coup_targets,
    declare_coup,
    discard_from_hand,
    end_effect,
    flat_ops,
    gain_vp,
    has_effect,
    log,
    push_influence,
    reveal_hand,
    war,
)

Frame = dict[str, Any]

_IRAN = INDEX["Iran"]
_IRAQ = INDEX["Iraq"]
_UK = INDEX["UK"]
_ARGENTINA = INDEX["Argentina"]
_LIBYA = INDEX["Libya"]
_LEBANON = INDEX["Lebanon"]
_SOUTH_KOREA = INDEX["South Korea"]
_NICARAGUA = INDEX["Nicaragua"]
_EAST_GERMANY = INDEX["East Germany"]
_POLAND = INDEX["Poland"]
_SOCIALIST_GOVERNMENTS = 7
_JOHN_PAUL_II_ELECTED_POPE = 68
_THE_REFORMER = 87
_WILLY_BRANDT = 55
_EUROPE = list(IN_REGION["Europe"])
_WESTERN_EUROPE = list(IN_REGION["Western Europe"])
_MIDDLE_EAST = list(IN_REGION["Middle East"])
_SOUTH_AMERICA = list(IN_REGION["South America"])
_REGION_OPTIONS = [OPTIONS.index(r) for r in REGIONS]
_COUP = OPTIONS.index("coup")
_REALIGN = OPTIONS.index("realign")


@event(82)
def iranian_hostage_crisis(d: Data, play: Play) -> None:
    """Iranian Hostage Crisis: all US influence leaves Iran and the USSR
    adds 2 there. For the rest of the game, Terrorism played by the USSR
    makes the US discard 2 random cards instead of 1."""
    d["inf"][US][_IRAN] = 0
    d["inf"][USSR][_IRAN] += 2
    add_effect(d, effect.IRANIAN_HOSTAGE_CRISIS, "game")
    log(d, "twilight.card.iranian_hostage_crisis.influence")


@event(83)
def the_iron_lady(d: Data, play: Play) -> None:
    """The Iron Lady: the USSR gets 1 influence in Argentina, all USSR
    influence leaves the UK, and the US gains 1 VP. Socialist Governments
    may no longer be played as an event."""
    d["inf"][USSR][_ARGENTINA] += 1
    d["inf"][USSR][_UK] = 0
    add_effect(d, effect.THE_IRON_LADY, "game", blocks=[_SOCIALIST_GOVERNMENTS])
    log(d, "twilight.card.the_iron_lady.influence", event=_SOCIALIST_GOVERNMENTS)
    gain_vp(d, US, 1, play.card)


@event(84)
def reagan_bombs_libya(d: Data, play: Play) -> None:
    """Reagan Bombs Libya: the US gains 1 VP per 2 USSR influence in Libya
    (rounded down)."""
    n = d["inf"][USSR][_LIBYA] // 2
    if n:
        gain_vp(d, US, n, play.card)
    else:
        log(d, "twilight.card.reagan_bombs_libya.none")


@event(87)
def the_reformer(d: Data, play: Play) -> None:
    """The Reformer: the USSR adds 4 influence in Europe, at most 2 per
    country, or 6 if it leads on VP as the event happens. For the rest of
    the game the USSR may not coup in Europe (realignments stay allowed),
    and Glasnost grants its extra operations."""
    count = 6 if d["vp"] < 0 else 4
    add_effect(d, effect.THE_REFORMER, "game")
    log(d, "twilight.card.the_reformer.effect", n=count)
    push_influence(d, "place", USSR, USSR, count, _EUROPE, max_per=2)


@event(88)
def marine_barracks_bombing(d: Data, play: Play) -> None:
    """Marine Barracks Bombing: all US influence leaves Lebanon, then the
    USSR removes 2 more US influence anywhere in the Middle East."""
    d["inf"][US][_LEBANON] = 0
    log(d, "twilight.card.marine_barracks_bombing.influence")
    push_influence(d, "remove", USSR, US, 2, _MIDDLE_EAST)


@event(89)
def soviets_shoot_down_kal_007(d: Data, play: Play) -> None:
    """Soviets Shoot Down KAL-007: DEFCON falls by 1 and the US gains 2 VP;
    then, if the US controls South Korea, it places influence or realigns
    (no coup) as if it had played a 4-ops card."""
    change_defcon(d, -1, d["phasing"])
    if d["over"]:
        return
    gain_vp(d, US, 2, play.card)
    if d["over"]:
        return
    if control(d, _SOUTH_KOREA) == US:
        log(d, "twilight.card.soviets_shoot_down_kal_007.operations")
        begin_ops(d, US, play.card, ops=4, kinds="pr")


@event(90)
def glasnost(d: Data, play: Play) -> None:
    """Glasnost: the USSR gains 2 VP and DEFCON improves by 1; then, if The
    Reformer is in effect, the USSR places influence or realigns (no coup) as
    if it had played a 4-ops card."""
    gain_vp(d, USSR, 2, play.card)
    if d["over"]:
        return
    change_defcon(d, +1, play.side)
    if has_effect(d, effect.THE_REFORMER):
        log(d, "twilight.card.glasnost.operations", event=_THE_REFORMER)
        begin_ops(d, USSR, play.card, ops=4, kinds="pr")


@event(91)
def ortega_elected_in_nicaragua(d: Data, play: Play) -> None:
    """Ortega Elected in Nicaragua: all US influence leaves Nicaragua; then
    the USSR may make one free coup (no DEFCON region limit, no Military
    Ops) with this card's ops in Honduras, Costa Rica or Cuba. A coup in
    Cuba (a battleground) lowers DEFCON, at the phasing player's risk."""
    d["inf"][US][_NICARAGUA] = 0
    log(d, "twilight.card.ortega_elected_in_nicaragua.influence")
    targets = coup_targets(d, USSR, {"only": list(ADJACENT[_NICARAGUA]), "free": True})
    if not targets:
        log(d, "twilight.card.ortega_elected_in_nicaragua.no_target")
        return
    ask(d, USSR, "target", targets, "ortega_elected_in_nicaragua", optional=True)


@then("ortega_elected_in_nicaragua")
def _ortega_coup(d: Data, f: Frame, i: int | None) -> None:
    if i is None:
        log(d, "twilight.card.ortega_elected_in_nicaragua.no_coup")
        return
    declare_coup(d, USSR, i, flat_ops(d, USSR, 91), free=True)


@event(92)
def terrorism(d: Data, play: Play) -> None:
    """Terrorism: the player's opponent discards 1 card drawn at random from
    its hand (never The China Card), with no event; 2 cards when the USSR
    plays it against the US while Iranian Hostage Crisis is in effect."""
    side = play.side
    victim = OPPONENT[side]
    n = 2 if side == USSR and has_effect(d, effect.IRANIAN_HOSTAGE_CRISIS) else 1
    for _ in range(n):
        hand = d["hands"][victim]
        if not hand:
            log(d, "twilight.card.terrorism.no_card", side=victim)
            return
        discard_from_hand(d, victim, hand[rng.randbelow(d, len(hand))], play.card)


@event(93)
def iran_contra_scandal(d: Data, play: Play) -> None:
    """Iran-Contra Scandal: for the rest of the turn US realignment rolls
    get -1."""
    add_effect(d, effect.IRAN_CONTRA_SCANDAL, "turn")
    log(d, "twilight.card.iran_contra_scandal.effect")


@event(94)
def chernobyl(d: Data, play: Play) -> None:
    """Chernobyl: the US names a region; for the rest of the turn the USSR
    may not place influence there with operations (events, coups and
    realignments are not affected)."""
    ask(d, US, "choose", _REGION_OPTIONS, "chernobyl")


@then("chernobyl")
def _chernobyl_region(d: Data, f: Frame, option: int) -> None:
    region = OPTIONS[option]
    add_effect(d, effect.CHERNOBYL, "turn", region=region)
    log(d, "twilight.card.chernobyl.region", region=region)


@event(95)
def latin_american_debt_crisis(d: Data, play: Play) -> None:
    """Latin American Debt Crisis: the US may discard a card worth at least
    3 ops (after ops modifiers); if it does not, the USSR doubles its
    influence in 2 South American countries of its choice."""
    cards = sorted(c for c in d["hands"][US] if not SCORING[c] and flat_ops(d, US, c) >= 3)
    if cards:
        ask(d, US, "discard", cards, "latin_american_debt_crisis", optional=True)
    else:
        log(d, "twilight.card.latin_american_debt_crisis.no_card")
        _debt_crisis_double(d, -1)


@then("latin_american_debt_crisis")
def _debt_crisis_discard(d: Data, f: Frame, card: int | None) -> None:
    if card is None:
        log(d, "twilight.card.latin_american_debt_crisis.no_discard")
        _debt_crisis_double(d, -1)
        return
    discard_from_hand(d, US, card, 95)


def _debt_crisis_double(d: Data, first: int) -> None:
    """Ask the USSR for a (further) South American country to double in."""
    targets = [i for i in _SOUTH_AMERICA if d["inf"][USSR][i] and i != first]
    if not targets:
        if first < 0:
            log(d, "twilight.card.latin_american_debt_crisis.no_influence")
        return
    ask(d, USSR, "target", targets, "latin_american_debt_crisis_double", data={"first": first})


@then("latin_american_debt_crisis_double")
def _debt_crisis_doubled(d: Data, f: Frame, i: int) -> None:
    n = d["inf"][USSR][i]
    d["inf"][USSR][i] = 2 * n
    log(d, "twilight.card.latin_american_debt_crisis.doubled", country=NAMES[i], n=2 * n)
    if f["data"]["first"] < 0:
        _debt_crisis_double(d, i)


@event(96)
def tear_down_this_wall(d: Data, play: Play) -> None:
    """Tear Down This Wall: Willy Brandt ends and may no longer be played
    as an event; the US adds 3 influence in East Germany. Then the US may
    make one free coup or free realignments in Europe with this card's ops
    (no DEFCON region limit, no Military Ops; a battleground coup still
    lowers DEFCON)."""
    end_effect(d, effect.WILLY_BRANDT)
    add_effect(d, effect.TEAR_DOWN_THIS_WALL, "game", blocks=[_WILLY_BRANDT])
    d["inf"][US][_EAST_GERMANY] += 3
    log(d, "twilight.card.tear_down_this_wall.influence", event=_WILLY_BRANDT)
    if coup_targets(d, US, {"only": _EUROPE, "free": True}):
        ask(d, US, "choose", [_COUP, _REALIGN], "tear_down_this_wall", optional=True)
    else:
        log(d, "twilight.card.tear_down_this_wall.no_target")


@then("tear_down_this_wall")
def _tear_down_this_wall_ops(d: Data, f: Frame, option: int | None) -> None:
    if option is None:
        log(d, "twilight.card.tear_down_this_wall.no_operation")
        return
    begin_ops(d, US, 96, kinds="c" if option == _COUP else "r", only=_EUROPE, free=True)


@event(98)
def aldrich_ames_remix(d: Data, play: Play) -> None:
    """Aldrich Ames Remix: the US plays with its hand shown to the USSR for
    the rest of the turn; the USSR picks one card of the US hand, which is
    discarded with no event."""
    add_effect(d, effect.ALDRICH_AMES_REMIX, "turn")
    reveal_hand(d, US, play.card)
    if not ask(d, USSR, "discard", sorted(d["hands"][US]), "aldrich_ames_remix"):
        log(d, "twilight.card.aldrich_ames_remix.no_card")


@then("aldrich_ames_remix")
def _aldrich_ames_discard(d: Data, f: Frame, card: int) -> None:
    discard_from_hand(d, US, card, 98)


@event(99)
def pershing_ii_deployed(d: Data, play: Play) -> None:
    """Pershing II Deployed: the USSR gains 1 VP, then removes 1 US
    influence from each of 3 different Western European countries (fewer if
    fewer hold US influence)."""
    gain_vp(d, USSR, 1, play.card)
    if not d["over"]:
        push_influence(d, "remove", USSR, US, 3, _WESTERN_EUROPE, max_per=1)


@event(100)
def wargames(d: Data, play: Play) -> bool | None:
    """Wargames: only at DEFCON 2. The player may end the game at once: the
    opponent first gains 6 VP, then the VP marker decides (no final
    scoring; 0 is a draw). The player may also decline (the card is still
    removed)."""
    side = play.side
    if d["defcon"] != 2:
        log(d, "twilight.card.wargames.not_defcon_2")
        return False
    ask(d, side, "yesno", [], "wargames", data={"player": side})
    return None


@then("wargames")
def _wargames(d: Data, f: Frame, yes: bool) -> None:
    player = f["data"]["player"]
    if not yes:
        log(d, "twilight.card.wargames.declined", player=player)
        return
    opp = OPPONENT[player]
    # Not gain_vp: reaching 20 with the gift is no separate "vp" win, the
    # game ends by Wargames either way.
    d["vp"] += 6 if opp == US else -6
    vp = d["vp"]
    log(d, "twilight.card.wargames.ends", player=player, opp=opp, vp=vp)
    if vp:
        winner = US if vp > 0 else USSR
        end_game(d, winner, "wargames", "twilight.card.wargames.win", winner=winner)
    else:
        end_game(d, None, "wargames", "twilight.card.wargames.draw")


@event(101)
def solidarity(d: Data, play: Play) -> bool | None:
    """Solidarity: only while John Paul II Elected Pope is in effect, the US
    adds 3 influence in Poland."""
    if not has_effect(d, effect.JOHN_PAUL_II_ELECTED_POPE):
        log(d, "twilight.card.solidarity.no_pope", event=_JOHN_PAUL_II_ELECTED_POPE)
        return False
    d["inf"][US][_POLAND] += 3
    log(d, "twilight.card.solidarity.influence")
    return None


@event(102)
def iran_iraq_war(d: Data, play: Play) -> None:
    """Iran-Iraq War: the player invades Iran or Iraq. Roll, -1 per
    adjacent country the opponent controls; 4-6 wins 2 VP and all opponent
    influence there becomes the player's. +2 Military Ops either way."""
    side = play.side
    ask(d, side, "target", [_IRAQ, _IRAN], "iran_iraq_war", data={"player": side})


@then("iran_iraq_war")
def _iran_iraq_war(d: Data, f: Frame, i: int) -> None:
    war(d, f["data"]["player"], i, 4, 2, 2, 102)

