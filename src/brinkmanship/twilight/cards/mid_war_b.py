"""Mid War events, second half: #61-#80 (Grain Sales, Ask Not and the
Africa/South America scoring cards live elsewhere).

Shuttle Diplomacy's use at scoring time is in ``cards/scoring.py``; this
module only puts the card in front of the US.
"""

from __future__ import annotations

from brinkmanship.core.events import Play
from brinkmanship.twilight import effect
from brinkmanship.twilight.board import (
    BATTLEGROUND,
    CHINA,
    IN_REGION,
    INDEX,
    N_COUNTRIES,
    OPPONENT,
    REGION,
)
from brinkmanship.twilight.events import event
from brinkmanship.twilight.rules import (
    US,
    USSR,
    Data,
    add_effect,
    advance_space,
    begin_ops,
    control,
    gain_vp,
    keep_on_table,
    log,
    push_influence,
    reveal_hand,
)

_OIL = tuple(INDEX[n] for n in
             ("Egypt", "Iran", "Libya", "Saudi Arabia", "Iraq", "Gulf States", "Venezuela"))
_PANAMA_CANAL = tuple(INDEX[n] for n in ("Panama", "Costa Rica", "Venezuela"))
_CAMP_DAVID = tuple(INDEX[n] for n in ("Israel", "Jordan", "Egypt"))
_POLAND = INDEX["Poland"]
_EGYPT = INDEX["Egypt"]
_ARAB_ISRAELI_WAR = 13
_AFRICA_SE_ASIA = sorted(IN_REGION["Africa"] + IN_REGION["Southeast Asia"])
_AMERICAS = sorted(IN_REGION["Central America"] + IN_REGION["South America"])
_OUTSIDE_EUROPE = [i for i in range(N_COUNTRIES) if REGION[i] != "Europe"]
_AMERICAS_BATTLEGROUNDS = [i for i in _AMERICAS if BATTLEGROUND[i]]


@event(61)
def opec(d: Data, play: Play) -> None:
    """OPEC: the USSR gains 1 VP for each of Egypt, Iran, Libya, Saudi
    Arabia, Iraq, the Gulf States and Venezuela it controls. North Sea Oil
    blocks this event for the rest of the game (its effect's ``blocks``)."""
    n = sum(1 for i in _OIL if control(d, i) == USSR)
    if n:
        gain_vp(d, USSR, n, play.card)
    else:
        log(d, "twilight.card.opec.none")


@event(62)
def lone_gunman(d: Data, play: Play) -> None:
    """Lone Gunman: the US shows its hand to the USSR, then the USSR
    conducts operations as if it had played a 1-ops card (ops modifiers
    apply). Played by the US for ops at DEFCON 2, a USSR battleground coup
    with that op brings DEFCON 1 in the US round: the US loses."""
    reveal_hand(d, US, play.card)
    begin_ops(d, USSR, play.card, ops=1)


@event(63)
def colonial_rear_guards(d: Data, play: Play) -> None:
    """Colonial Rear Guards: the US adds 1 influence to each of 4 different
    countries in Africa and/or Southeast Asia."""
    push_influence(d, "place", US, US, 4, _AFRICA_SE_ASIA, max_per=1)


@event(64)
def panama_canal_returned(d: Data, play: Play) -> None:
    """Panama Canal Returned: 1 US influence each in Panama, Costa Rica and
    Venezuela."""
    for i in _PANAMA_CANAL:
        d["inf"][US][i] += 1
    log(d, "twilight.card.panama_canal_returned.influence")


@event(65)
def camp_david_accords(d: Data, play: Play) -> None:
    """Camp David Accords: the US gains 1 VP and adds 1 influence each to
    Israel, Jordan and Egypt; Arab-Israeli War may no longer be played as an
    event for the rest of the game."""
    gain_vp(d, US, 1, play.card)
    for i in _CAMP_DAVID:
        d["inf"][US][i] += 1
    log(d, "twilight.card.camp_david_accords.influence", event=_ARAB_ISRAELI_WAR)
    add_effect(d, effect.CAMP_DAVID_ACCORDS, "game", blocks=[_ARAB_ISRAELI_WAR])


@event(66)
def puppet_governments(d: Data, play: Play) -> None:
    """Puppet Governments: the US may add 1 influence to each of up to 3
    countries that hold no influence of either side when the event happens."""
    us, ussr = d["inf"][US], d["inf"][USSR]
    empty = [i for i in range(N_COUNTRIES) if not us[i] and not ussr[i]]
    push_influence(d, "place", US, US, 3, empty, max_per=1, optional=True)


@event(68)
def john_paul_ii_elected_pope(d: Data, play: Play) -> None:
    """John Paul II Elected Pope: 2 USSR influence leaves Poland (all of it
    if less), then the US adds 1 there; Solidarity may now be played as an
    event (a lasting effect for the rest of the game)."""
    removed = min(2, d["inf"][USSR][_POLAND])
    d["inf"][USSR][_POLAND] -= removed
    d["inf"][US][_POLAND] += 1
    log(d, "twilight.card.john_paul_ii_elected_pope.influence", n=removed)
    add_effect(d, effect.JOHN_PAUL_II_ELECTED_POPE, "game")


@event(69)
def latin_american_death_squads(d: Data, play: Play) -> None:
    """Latin American Death Squads: for the rest of the turn the player's
    coups in Central and South America get +1 on the die and the
    opponent's -1 (Military Operations are not affected)."""
    side = play.side
    current = d["effects"].get(effect.LATIN_AMERICAN_DEATH_SQUADS)
    # Played again by the other side this turn (it is not starred): the two
    # effects cancel out, each side has +1 and -1.
    both = current is not None and current["side"] != side
    add_effect(d, effect.LATIN_AMERICAN_DEATH_SQUADS, "turn", side="both" if both else side)
    log(d, "twilight.card.latin_american_death_squads.effect", side=side, opp=OPPONENT[side])


@event(70)
def oas_founded(d: Data, play: Play) -> None:
    """OAS Founded: the US adds 2 influence in Central and/or South America
    (both may go to the same country)."""
    push_influence(d, "place", US, US, 2, _AMERICAS)


@event(71)
def nixon_plays_the_china_card(d: Data, play: Play) -> None:
    """Nixon Plays the China Card: if the US holds The China Card it gains
    2 VP; otherwise the US takes it from the USSR face down (it turns face up
    at the end of the turn)."""
    if d["china"] == US:
        gain_vp(d, US, 2, play.card)
        return
    d["china"] = US
    d["china_up"] = False
    log(d, "twilight.card.nixon_plays_the_china_card.china", card=CHINA)


@event(72)
def sadat_expels_soviets(d: Data, play: Play) -> None:
    """Sadat Expels Soviets: all USSR influence leaves Egypt, then the US
    adds 1 there."""
    removed = d["inf"][USSR][_EGYPT]
    d["inf"][USSR][_EGYPT] = 0
    d["inf"][US][_EGYPT] += 1
    log(d, "twilight.card.sadat_expels_soviets.influence", n=removed)


@event(73)
def shuttle_diplomacy(d: Data, play: Play) -> None:
    """Shuttle Diplomacy: the card stays in front of the US. At the next
    Middle East or Asia scoring by its scoring card (not Southeast Asia, not
    final scoring), the US picks one USSR-controlled battleground of that
    region that does not count for the USSR; then the card is discarded."""
    keep_on_table(d, play.card)
    add_effect(d, effect.SHUTTLE_DIPLOMACY, "scoring")
    log(d, "twilight.card.shuttle_diplomacy.effect")


@event(74)
def the_voice_of_america(d: Data, play: Play) -> None:
    """The Voice of America: the US removes 4 USSR influence from countries
    outside Europe, at most 2 from any one country."""
    push_influence(d, "remove", US, USSR, 4, _OUTSIDE_EUROPE, max_per=2)


@event(75)
def liberation_theology(d: Data, play: Play) -> None:
    """Liberation Theology: the USSR adds 3 influence in Central America, at
    most 2 per country."""
    push_influence(d, "place", USSR, USSR, 3, list(IN_REGION["Central America"]), max_per=2)


@event(76)
def ussuri_river_skirmish(d: Data, play: Play) -> None:
    """Ussuri River Skirmish: if the USSR holds The China Card, the US takes
    it face up (usable at once); if the US already holds it, the US adds 4
    influence in Asia, at most 2 per country."""
    if d["china"] == USSR:
        d["china"] = US
        d["china_up"] = True
        log(d, "twilight.card.ussuri_river_skirmish.china", card=CHINA)
        return
    push_influence(d, "place", US, US, 4, list(IN_REGION["Asia"]), max_per=2)


@event(78)
def alliance_for_progress(d: Data, play: Play) -> None:
    """Alliance for Progress: the US gains 1 VP per battleground it controls
    in Central and South America."""
    n = sum(1 for i in _AMERICAS_BATTLEGROUNDS if control(d, i) == US)
    if n:
        gain_vp(d, US, n, play.card)
    else:
        log(d, "twilight.card.alliance_for_progress.none")


@event(80)
def one_small_step(d: Data, play: Play) -> bool | None:
    """One Small Step: only if the player is behind on the Space Race, its
    marker advances 2 boxes at once (no roll, no attempt used), scoring only
    the box it lands in. Otherwise the event does not take place."""
    side = play.side
    if d["space"][side] >= d["space"][OPPONENT[side]]:
        return False
    advance_space(d, side, 2, play.card)
    return None
