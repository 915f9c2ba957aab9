"""Twilight Struggle rules: the state and the small helpers every rule uses.

The game state is a plain dict (see docs/architecture.md): ``blank_state``
builds it, ``deal`` and ``draw_card`` move cards from the deck (4.5 A-B,
reshuffles 4.4). The helpers here are the vocabulary of the other modules and
of card events: the log, control (2.0), victory points (10.1-10.3), DEFCON
(8.1), Military Operations (8.2), pushing a frame, a card's operations value
(5.1-5.2, with the modifiers of lasting effects) and Space Race abilities
(6.4.3). Cards the rules themselves must name are numbered here too.
"""

from __future__ import annotations

from typing import Any, Final

from brinkmanship.core import rng
from brinkmanship.core.frames import end_game
from brinkmanship.core.log import PUBLIC, Message, msg
from brinkmanship.core.validate import STATE_VERSION
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import CHOOSE, OPTIONS
from brinkmanship.twilight.board import (
    CARD,
    CARD_OPS,
    CHINA,
    IN_REGION,
    N_COUNTRIES,
    NAMES,
    OPPONENT,
    OPTIONAL_CARDS,
    PERIOD_CARDS,
    STABILITY,
)
from brinkmanship.twilight.data.setup import VP_TO_WIN, hand_size
from brinkmanship.twilight.rules.kinds import AnyFrame

Data = dict[str, Any]
# A frame read whatever its kind; each kind's shape is in ``rules.kinds``.
Frame = dict[str, Any]

US = "US"
USSR = "USSR"
CHANCE: Final = "chance"  # Final: a literal, as the roll frames declare it

REGION_SET: dict[str, frozenset[int]] = {r: frozenset(m) for r, m in IN_REGION.items()}


def log(d: Data, code: str, /, to: str = PUBLIC, **args: Any) -> None:
    """Append a log entry: a message code of the catalog, its arguments, and
    who may read it (``"all"``; ``"players"``, not spectators; or the one side
    that may know what it names; see ``core.log``)."""
    # Built here rather than by ``core.frames.add_log``: passing the
    # arguments on would pack them into a second dict, on the hot path.
    d["log"].append({"code": code, "args": args, "to": to})


def control(d: Data, i: int) -> str | None:
    """The side controlling country ``i`` (rule 10.1.1), or None."""
    us = d["inf"][US][i]
    su = d["inf"][USSR][i]
    s = STABILITY[i]
    if us - su >= s:
        return US
    if su - us >= s:
        return USSR
    return None


def reason(why: Message | int) -> Message:
    """The reason part of a log entry, as a message: a card number stands for
    the card (``msg("twilight.why.card", card=n)``), a message is kept."""
    if isinstance(why, dict):
        return why
    return msg("twilight.why.card", card=why)


def gain_vp(d: Data, side: str, n: int, why: Message | int | None = None) -> None:
    """``side`` scores ``n`` VP (negative: loses); 20 VP wins at once (10.3.1).
    ``why`` (a card number or a message) is logged with the new VP marker;
    without it nothing is logged (the caller's own entry says it)."""
    if n == 0:
        return
    d["vp"] += n if side == US else -n
    if why is not None:
        log(d, "twilight.vp.gain" if n > 0 else "twilight.vp.loss", side=side, n=abs(n), why=reason(why),
            vp=d["vp"])
    vp = d["vp"]
    if not d["final"] and (vp >= VP_TO_WIN or vp <= -VP_TO_WIN):
        winner = US if vp > 0 else USSR
        end_game(d, winner, "vp", "twilight.end.vp", winner=winner, n=VP_TO_WIN)


def vp_text(vp: int) -> str:
    """VP marker as players read it."""
    if vp == 0:
        return "0"
    return f"US +{vp}" if vp > 0 else f"USSR +{-vp}"


def change_defcon(d: Data, delta: int, culprit: str) -> None:
    """Move DEFCON by ``delta`` (capped at 5). Reaching 1 ends the game and
    ``culprit`` (the phasing player, or the headline's owner) loses (8.1)."""
    old = d["defcon"]
    new = min(5, old + delta)
    if new <= 1:
        d["defcon"] = 1
        log(d, "twilight.defcon.war")
        end_game(d, OPPONENT[culprit], "defcon", "twilight.end.defcon", loser=culprit, winner=OPPONENT[culprit])
        return
    if new != old:
        d["defcon"] = new
        log(d, "twilight.defcon.falls" if new < old else "twilight.defcon.rises", defcon=new)


def add_milops(d: Data, side: str, n: int) -> None:
    """Credit Military Operations (the track stops at 5)."""
    d["milops"][side] = min(5, d["milops"][side] + n)


def push(d: Data, frame: AnyFrame) -> None:
    """Put a frame on top of the decision stack (its shape is checked
    against its kind's, ``rules.kinds``)."""
    d["stack"].append(frame)


def space_ability(d: Data, side: str, box: int) -> bool:
    """True if ``side`` holds the ability of Space Race ``box`` (6.4.3-6.4.4):
    it reached the box first and the other side has not reached it yet."""
    return d["space"][side] >= box and d["space"][OPPONENT[side]] < box


def draw_card(d: Data) -> int | None:
    """Draw the top card, reshuffling the discard pile when the draw pile is
    empty (11). Returns None when no card is left anywhere."""
    deck = d["deck"]
    if not deck:
        if not d["discard"]:
            return None
        deck.extend(d["discard"])
        d["discard"] = []
        rng.shuffle(d, deck)
        log(d, "twilight.deck.reshuffled", n=len(deck))
    return deck.pop()


def card_ops(d: Data, side: str, card: int, base: int | None = None) -> tuple[int, list[list[Any]]]:
    """Ops value of ``card`` played by ``side`` and its conditional bonuses,
    with every modifier in force applied together (7.4).

    ``base`` replaces the printed value for "as if you played an N-ops card"
    events (``card`` is then 0). Returns ``(ops, bonuses)``: ``ops`` includes
    every bonus; each bonus is ``[region, amount]`` and is lost as soon as an
    op is spent outside that region (The China Card: +1 if all its ops go to
    Asia, rule 9; Vietnam Revolts: +1 for USSR ops all in Southeast Asia).
    Containment and Brezhnev Doctrine add 1 up to 4; an opposing Red
    Scare/Purge takes 1 away, never below 1.
    """
    ops = CARD_OPS[card] if base is None else base
    bonus: list[list[Any]] = [["Asia", 1]] if card == CHINA else []
    eff = d["effects"]
    if eff:
        if (side == US and effect.CONTAINMENT in eff) or (side == USSR and effect.BREZHNEV_DOCTRINE in eff):
            ops = min(4, ops + 1) if ops < 4 else ops
        purge = eff.get(effect.RED_SCARE_PURGE)
        if purge is not None and purge["side"] in (side, "both"):
            ops = max(1, ops - 1)
        if side == USSR and effect.VIETNAM_REVOLTS in eff:
            bonus.append(["Southeast Asia", 1])
    return ops + sum(b[1] for b in bonus), bonus


def flat_ops(d: Data, side: str, card: int) -> int:
    """A card's ops value with modifiers but without region bonuses: the value
    that counts where nothing is spent in a region (Space Race requirement,
    "discard a card worth N ops", traps, an event's single coup outside Asia)."""
    ops, bonus = card_ops(d, side, card)
    return ops - sum(b[1] for b in bonus)


def deck_for_periods(d: Data, *periods: str) -> list[int]:
    """Cards of the given periods that go into the draw pile (no China Card)."""
    cards: list[int] = []
    for p in periods:
        cards.extend(PERIOD_CARDS[p])
        if d["options"]["optional_cards"]:
            cards.extend(OPTIONAL_CARDS[p])
    return cards


def blank_state(seed: int, options: dict[str, Any]) -> Data:
    """A state with every field at its start-of-game value, nothing dealt."""
    return {
        "game": "twilight",
        "version": STATE_VERSION,
        "seed": seed,
        "rng": rng.seed_state(seed),
        "options": options,
        "turn": 1,
        "ar": 0,
        "phasing": USSR,
        "defcon": 5,
        "vp": 0,
        "milops": {USSR: 0, US: 0},
        "space": {USSR: 0, US: 0},
        "space_tries": {USSR: 0, US: 0},
        "inf": {USSR: [0] * N_COUNTRIES, US: [0] * N_COUNTRIES},
        "hands": {USSR: [], US: []},
        "deck": [],
        "discard": [],
        "removed": [],
        "in_play": [],
        "china": USSR,
        "china_up": True,
        "headline": {USSR: 0, US: 0},
        "hl_open": "",
        "effects": {},
        "known": {USSR: [], US: []},
        "stack": [],
        "log": [],
        "reveals": 0,
        "ply": 0,
        "final": False,
        "over": False,
        "winner": None,
        "result": None,
    }


def deal(d: Data) -> None:
    """Deal each side up to the turn's hand size, one card at a time, USSR
    first; when the draw pile runs out the discard pile is reshuffled."""
    size = hand_size(d["turn"])
    hands = d["hands"]
    dealt = {USSR: 0, US: 0}
    while True:
        moved = False
        for side in (USSR, US):
            if len(hands[side]) < size:
                c = draw_card(d)
                if c is None:
                    break
                hands[side].append(c)
                dealt[side] += 1
                known = d["known"][OPPONENT[side]]
                if c in known:  # a card seen earlier, reshuffled, is unknown again
                    known.remove(c)
                moved = True
        else:
            if moved:
                continue
        break
    if dealt[USSR] or dealt[US]:
        d["reveals"] += 1
        log(d, "twilight.deal.drawn", ussr=dealt[USSR], us=dealt[US])
    for side in (USSR, US):
        if len(hands[side]) < size:
            log(d, "twilight.deal.short", side=side, n=len(hands[side]))


# Cards whose play the turn sequence itself must know about (or names in the log).
UN_INTERVENTION = 32
CUBAN_MISSILE_CRISIS = 40
QUAGMIRE = 42
BEAR_TRAP = 44
MISSILE_ENVY = 49
WE_WILL_BURY_YOU = 50
FLOWER_POWER = 59
NORTH_SEA_OIL = 86
DEFECTORS = 103
NORAD = 106
YURI_AND_SAMANTHA = 109
WAR_CARDS = frozenset(n for n, fact in CARD.items() if fact.war)


# Space Race boxes whose abilities the turn sequence applies (6.4.3-6.4.4).
MAN_IN_EARTH_ORBIT = 4
EAGLE_BEAR_HAS_LANDED = 6
SPACE_STATION = 8
# Where the side threatened by the Cuban Missile Crisis may remove 2 influence to end it.
CMC_LIFT = {USSR: (NAMES.index("Cuba"),), US: (NAMES.index("West Germany"), NAMES.index("Turkey"))}
NORAD_CANADA = NAMES.index("Canada")
RETURN_CARD = CHOOSE[OPTIONS.index("return")]
