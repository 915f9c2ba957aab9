"""Mid War events, first half: #36, #39, #41, #43, #45-#48, #51-#58."""

from __future__ import annotations

from typing import Any

from brinkmanship.core.events import Play
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import (
    ADJACENT,
    BATTLEGROUND,
    CHINA,
    IN_REGION,
    INDEX,
    N_COUNTRIES,
    NAMES,
    OPPONENT,
    REGIONS,
    SCORING,
    STABILITY,
)
from brinkmanship.twilight.events import event, then
from brinkmanship.twilight.rules import (
    ALL,
    US,
    USSR,
    add_effect,
    add_milops,
    ask,
    begin_ops,
    change_defcon,
    control,
    coup_targets,
    gain_vp,
    log,
    protected,
    push_influence,
    realign_targets,
    region_scores,
    roll_for,
    war,
)

Data = dict[str, Any]
Frame = dict[str, Any]

_DEFCON = [OPTIONS.index(f"DEFCON {n}") for n in range(1, 6)]  # _DEFCON[n - 1] is "DEFCON n"
_COUP = OPTIONS.index("coup")
_REALIGN = OPTIONS.index("realign")
_SOUTH_AFRICA_ONLY = OPTIONS.index("South Africa")
_SOUTH_AFRICA_AND_NEIGHBOURS = OPTIONS.index("adjacent")

_SMALL_COUNTRIES = [i for i in range(N_COUNTRIES) if STABILITY[i] <= 2]
_LATIN_AMERICA = sorted(IN_REGION["Central America"] + IN_REGION["South America"])
_SOUTH_AFRICA = INDEX["South Africa"]
_MUSLIM_COUNTRIES = sorted(INDEX[n] for n in (
    "Sudan", "Iran", "Iraq", "Egypt", "Libya", "Saudi Arabia", "Syria", "Jordan"))


# ---------------------------------------------------------------------------
# #36 Brush War
# ---------------------------------------------------------------------------
@event(36)
def brush_war(d: Data, play: Play) -> bool | None:
    """Brush War: the player attacks any country of stability 1 or 2,
    whatever the DEFCON. The roll loses 1 per adjacent country the enemy
    controls (its superpower space counts); 3-6 wins 1 VP and turns the
    enemy influence there into the player's. +3 Military Ops either way.
    The USSR may not attack a US-controlled European country under NATO
    (unless De Gaulle or Willy Brandt took that country out of NATO)."""
    side = play.side
    # A war is not a coup: of the coup/realignment shields only NATO (with
    # its exemptions) applies, which is what ``protected`` checks for a
    # realignment (The Reformer bans coups only).
    options = [i for i in _SMALL_COUNTRIES if not (d["effects"] and protected(d, side, i, False))]
    return ask(d, side, "target", options, "brush_war") or False


@then("brush_war")
def _brush_war(d: Data, f: Frame, i: int) -> None:
    war(d, f["p"], i, 3, 1, 3, 36)


# ---------------------------------------------------------------------------
# #39 Arms Race, #48 Kitchen Debates
# ---------------------------------------------------------------------------
@event(39)
def arms_race(d: Data, play: Play) -> bool | None:
    """Arms Race: if the player has more Military Operations this turn than
    the opponent, it gains 1 VP, or 3 VP if it has also reached the number
    the current DEFCON requires. The opponent's requirement does not matter."""
    side = play.side
    mine = d["milops"][side]
    if mine <= d["milops"][OPPONENT[side]]:
        log(d, "twilight.card.arms_race.not_ahead", side=side)
        return False
    gain_vp(d, side, 3 if mine >= d["defcon"] else 1, play.card)
    return None


@event(48)
def kitchen_debates(d: Data, play: Play) -> bool | None:
    """Kitchen Debates: if the US controls more battleground countries than
    the USSR, the US gains 2 VP; otherwise nothing happens (and the card is
    discarded, not removed)."""
    count = {US: 0, USSR: 0}
    for i in range(N_COUNTRIES):
        if BATTLEGROUND[i]:
            c = control(d, i)
            if c is not None:
                count[c] += 1
    if count[US] <= count[USSR]:
        log(d, "twilight.card.kitchen_debates.not_ahead", us=count[US], ussr=count[USSR])
        return False
    gain_vp(d, US, 2, play.card)
    return None


# ---------------------------------------------------------------------------
# Turn-long effects: #41 Nuclear Subs, #51 Brezhnev Doctrine, #43 SALT
# ---------------------------------------------------------------------------
@event(41)
def nuclear_subs(d: Data, play: Play) -> None:
    """Nuclear Subs: for the rest of the turn, US coups in battleground
    countries do not lower DEFCON (events still do; no protection from the
    Cuban Missile Crisis)."""
    add_effect(d, effect.NUCLEAR_SUBS, "turn")
    log(d, "twilight.card.nuclear_subs.effect")


@event(51)
def brezhnev_doctrine(d: Data, play: Play) -> None:
    """Brezhnev Doctrine: for the rest of the turn, cards the USSR plays for
    operations get +1 op (never above 4)."""
    add_effect(d, effect.BREZHNEV_DOCTRINE, "turn")
    log(d, "twilight.card.brezhnev_doctrine.effect")


@event(43)
def salt_negotiations(d: Data, play: Play) -> None:
    """SALT Negotiations: DEFCON improves by 2; for the rest of the turn
    every coup roll gets -1. The player may also take one non-scoring card
    from the discard pile into hand, showing it to the opponent."""
    change_defcon(d, +2, d["phasing"])
    add_effect(d, effect.SALT_NEGOTIATIONS, "turn")
    log(d, "twilight.card.salt_negotiations.effect")
    options = sorted(c for c in d["discard"] if not SCORING[c])
    if options:
        ask(d, play.side, "pick", options, "salt_negotiations", optional=True)


@then("salt_negotiations")
def _salt_negotiations(d: Data, f: Frame, card: int | None) -> None:
    side = f["p"]
    if card is None:
        log(d, "twilight.card.salt_negotiations.no_card", side=side)
        return
    d["discard"].remove(card)
    d["hands"][side].append(card)
    known = d["known"][OPPONENT[side]]
    if card not in known:
        known.append(card)
    log(d, "twilight.card.salt_negotiations.take", side=side, card=card)


# ---------------------------------------------------------------------------
# #45 Summit, #46 How I Learned to Stop Worrying
# ---------------------------------------------------------------------------
def _summit_bonus(d: Data, side: str) -> int:
    """Regions ``side`` dominates or controls now."""
    n = 0
    for region in REGIONS:
        if region_scores(d, region, scoring=False)[1][side] in ("Domination", "Control"):
            n += 1
    return n


@event(45)
def summit(d: Data, play: Play) -> None:
    """Summit: both sides roll a die (USSR first) and add 1 per region they
    dominate or control. The higher total gains 2 VP and may move DEFCON
    one step either way or leave it; a tie does nothing."""
    roll_for(d, "summit_ussr_roll")


@then("summit_ussr_roll")
def _summit_ussr_roll(d: Data, f: Frame, roll: int) -> None:
    roll_for(d, "summit_us_roll", data={"ussr_roll": roll})


@then("summit_us_roll")
def _summit_us_roll(d: Data, f: Frame, roll: int) -> None:
    ussr_roll = f["data"]["ussr_roll"]
    ussr_bonus, us_bonus = _summit_bonus(d, USSR), _summit_bonus(d, US)
    total = {USSR: ussr_roll + ussr_bonus, US: roll + us_bonus}
    log(d, "twilight.card.summit.rolls", ussr_roll=ussr_roll, ussr_bonus=ussr_bonus, ussr_total=total[USSR],
        us_roll=roll, us_bonus=us_bonus, us_total=total[US])
    if total[USSR] == total[US]:
        log(d, "twilight.card.summit.tie")
        return
    winner = USSR if total[USSR] > total[US] else US
    gain_vp(d, winner, 2, 45)
    if d["over"]:
        return
    now = d["defcon"]
    levels = [n for n in (now - 1, now, now + 1) if 1 <= n <= 5]
    ask(d, winner, "choose", [_DEFCON[n - 1] for n in levels], "summit_defcon")


@then("summit_defcon")
def _summit_defcon(d: Data, f: Frame, option: int) -> None:
    _set_defcon(d, _DEFCON.index(option) + 1, "twilight.card.summit.defcon", f["p"])


def _set_defcon(d: Data, level: int, code: str, chooser: str) -> None:
    log(d, code, chooser=chooser, defcon=level)
    change_defcon(d, level - d["defcon"], d["phasing"])


@event(46)
def how_i_learned_to_stop_worrying(d: Data, play: Play) -> None:
    """How I Learned to Stop Worrying: the player sets DEFCON to any level
    from 1 to 5 (1 is nuclear war: the phasing player loses) and is credited
    5 Military Operations for this turn."""
    side = play.side
    add_milops(d, side, 5)
    log(d, "twilight.card.how_i_learned_to_stop_worrying.milops", side=side)
    ask(d, side, "choose", _DEFCON, "how_i_learned")


@then("how_i_learned")
def _how_i_learned(d: Data, f: Frame, option: int) -> None:
    _set_defcon(d, _DEFCON.index(option) + 1, "twilight.card.how_i_learned_to_stop_worrying.defcon", f["p"])


# ---------------------------------------------------------------------------
# #47 Junta
# ---------------------------------------------------------------------------
@event(47)
def junta(d: Data, play: Play) -> None:
    """Junta: the player adds 2 influence to one Central or South American
    country, then may make one free coup, or free realignments, in Central
    or South America with this card's ops (modifiers apply; free: no DEFCON
    region limit and no Military Operations, but a battleground coup still
    lowers DEFCON)."""
    ask(d, play.side, "target", _LATIN_AMERICA, "junta_country")


@then("junta_country")
def _junta_country(d: Data, f: Frame, i: int) -> None:
    side = f["p"]
    d["inf"][side][i] += 2
    log(d, "twilight.card.junta.influence", side=side, country=NAMES[i])
    scope: Frame = {"only": _LATIN_AMERICA, "free": True}
    options = []
    if coup_targets(d, side, scope):
        options.append(_COUP)
    if realign_targets(d, side, scope):
        options.append(_REALIGN)
    if options:
        ask(d, side, "choose", options, "junta_operation", optional=True)
    else:
        log(d, "twilight.card.junta.no_target", opp=OPPONENT[side])


@then("junta_operation")
def _junta_operation(d: Data, f: Frame, option: int | None) -> None:
    side = f["p"]
    if option is None:
        log(d, "twilight.card.junta.no_operation", side=side)
        return
    begin_ops(d, side, 47, kinds="c" if option == _COUP else "r", only=_LATIN_AMERICA, free=True)


# ---------------------------------------------------------------------------
# Influence events: #52-#56
# ---------------------------------------------------------------------------
def _add(d: Data, side: str, name: str, n: int, code: str) -> None:
    d["inf"][side][INDEX[name]] += n
    log(d, code, side=side, n=n, country=name)


@event(52)
def portuguese_empire_crumbles(d: Data, play: Play) -> None:
    """Portuguese Empire Crumbles: the USSR adds 2 influence to Angola and 2
    to the SE African States."""
    _add(d, USSR, "Angola", 2, "twilight.card.portuguese_empire_crumbles.influence")
    _add(d, USSR, "SE African States", 2, "twilight.card.portuguese_empire_crumbles.influence")


@event(53)
def south_african_unrest(d: Data, play: Play) -> None:
    """South African Unrest: the USSR either adds 2 influence to South
    Africa, or adds 1 there and 2 more among its neighbours (Angola,
    Botswana), split as it likes."""
    ask(d, USSR, "choose", [_SOUTH_AFRICA_ONLY, _SOUTH_AFRICA_AND_NEIGHBOURS], "south_african_unrest")


@then("south_african_unrest")
def _south_african_unrest(d: Data, f: Frame, option: int) -> None:
    if option == _SOUTH_AFRICA_ONLY:
        _add(d, USSR, "South Africa", 2, "twilight.card.south_african_unrest.influence")
        return
    _add(d, USSR, "South Africa", 1, "twilight.card.south_african_unrest.influence")
    push_influence(d, "place", USSR, USSR, 2, list(ADJACENT[_SOUTH_AFRICA]))


@event(54)
def allende(d: Data, play: Play) -> None:
    """Allende: the USSR adds 2 influence to Chile."""
    _add(d, USSR, "Chile", 2, "twilight.card.allende.influence")


@event(55)
def willy_brandt(d: Data, play: Play) -> None:
    """Willy Brandt: the USSR gains 1 VP and adds 1 influence to West
    Germany; from now on NATO does not protect West Germany (until Tear
    Down This Wall cancels this, which also forbids this event)."""
    gain_vp(d, USSR, 1, play.card)
    _add(d, USSR, "West Germany", 1, "twilight.card.willy_brandt.influence")
    add_effect(d, effect.WILLY_BRANDT, "game")


@event(56)
def muslim_revolution(d: Data, play: Play) -> None:
    """Muslim Revolution: the USSR removes all US influence from 2 of Sudan,
    Iran, Iraq, Egypt, Libya, Saudi Arabia, Syria and Jordan."""
    push_influence(d, "remove", USSR, US, 2, _MUSLIM_COUNTRIES, per=ALL, then="muslim_revolution",
                   question="muslim_revolution", log_code="twilight.card.muslim_revolution.removed")


@then("muslim_revolution")
def _muslim_revolution(d: Data, f: Frame, chosen: list[int]) -> None:
    # The removal frame has ended; countries left unchosen had no US influence.
    if f["left"]:
        log(d, "twilight.card.muslim_revolution.none_left")


# ---------------------------------------------------------------------------
# #57 ABM Treaty, #58 Cultural Revolution
# ---------------------------------------------------------------------------
@event(57)
def abm_treaty(d: Data, play: Play) -> None:
    """ABM Treaty: DEFCON improves by 1, then the player conducts operations
    as if it had played a 4-ops card (modifiers apply; no Space Race)."""
    change_defcon(d, +1, d["phasing"])
    begin_ops(d, play.side, play.card, ops=4)


@event(58)
def cultural_revolution(d: Data, play: Play) -> None:
    """Cultural Revolution: if the US holds The China Card, the USSR takes
    it face up; if the USSR holds it, the USSR gains 1 VP."""
    if d["china"] == US:
        d["china"] = USSR
        d["china_up"] = True
        log(d, "twilight.card.cultural_revolution.china", card=CHINA)
    else:
        gain_vp(d, USSR, 1, play.card)
