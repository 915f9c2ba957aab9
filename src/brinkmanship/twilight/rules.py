"""Twilight Struggle rules: the turn sequence, operations, space race, DEFCON.

The game state is a plain dict (see docs/state.md). Pending decisions are an
explicit stack of small frames; the frame on top either waits for a player
(or chance) to act, or is a procedure (``turn``, ``finish``) that ``advance``
runs until a decision is pending. Rules never call ``random``: shuffles use
the generator stored in the state and dice are chance decisions.

Each rule lives in one function here; card events (``brinkmanship.twilight
.cards``) reuse these functions and the generic frames rather than
re-implementing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.core.frames import FrameMachine, add_log, end_game
from brinkmanship.core.log import PUBLIC, Message, msg
from brinkmanship.core.validate import STATE_VERSION
from brinkmanship.twilight.actions import (
    CHOOSE,
    COUP,
    DISCARD,
    DONE,
    EVENT,
    HEADLINE,
    NO,
    OPS,
    OPTIONS,
    PASS,
    PICK,
    PLACE,
    REALIGN,
    REMOVE,
    ROLLS,
    SPACE_RACE,
    TARGET,
    YES,
)
from brinkmanship.twilight.board import (
    ADJACENT,
    BATTLEGROUND,
    CARD,
    CARD_NAME,
    CARD_OPS,
    CARD_SIDE,
    CHINA,
    IN_REGION,
    N_COUNTRIES,
    NAMES,
    NEXT_TO,
    OPPONENT,
    OPTIONAL_CARDS,
    PERIOD_CARDS,
    REGION,
    REGIONS,
    SCORING,
    STABILITY,
    STARRED,
    STAYS_IN_PLAY,
    SUPERPOWER,
)
from brinkmanship.twilight.data.setup import (
    DEFCON_CLOSED,
    LATE_WAR_TURN,
    MID_WAR_TURN,
    REGION_SCORING,
    SPACE_BOXES,
    TURNS,
    VP_TO_WIN,
    action_rounds,
    hand_size,
)
from brinkmanship.twilight.events import CONTINUATIONS, EVENTS

Data = dict[str, Any]
Frame = dict[str, Any]

US = "US"
USSR = "USSR"
CHANCE = "chance"

REGION_SET: dict[str, frozenset[int]] = {r: frozenset(m) for r, m in IN_REGION.items()}

# Countries where coups and realignments are allowed, by DEFCON (8.1.5).
OPEN_FOR_COUPS: dict[int, tuple[int, ...]] = {
    level: tuple(i for i in range(N_COUNTRIES) if REGION[i] not in closed)
    for level, closed in DEFCON_CLOSED.items()
}


# ---------------------------------------------------------------------------
# Small helpers shared by rules and events
# ---------------------------------------------------------------------------
def log(d: Data, code: str, /, to: str = PUBLIC, **args: Any) -> None:
    """Append a log entry: a message code of the catalog, its arguments, and
    who may read it (``"all"``, or the one side that may know what it names)."""
    if args:
        # The entry is built here rather than by ``add_log``: passing the
        # arguments on would pack them into a second dict, on the hot path.
        d["log"].append({"code": code, "args": args, "to": to})
    else:
        add_log(d, code, to)


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


def push(d: Data, frame: Frame) -> None:
    """Put a frame on top of the decision stack."""
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
        if (side == US and "Containment" in eff) or (side == USSR and "Brezhnev Doctrine" in eff):
            ops = min(4, ops + 1) if ops < 4 else ops
        purge = eff.get("Red Scare/Purge")
        if purge is not None and purge["side"] in (side, "both"):
            ops = max(1, ops - 1)
        if side == USSR and "Vietnam Revolts" in eff:
            bonus.append(["Southeast Asia", 1])
    return ops + sum(b[1] for b in bonus), bonus


def flat_ops(d: Data, side: str, card: int) -> int:
    """A card's ops value with modifiers but without region bonuses: the value
    that counts where nothing is spent in a region (Space Race requirement,
    "discard a card worth N ops", traps, an event's single coup outside Asia)."""
    ops, bonus = card_ops(d, side, card)
    return ops - sum(b[1] for b in bonus)


def add_effect(d: Data, name: str, until: str = "game", **data: Any) -> None:
    """Put a lasting effect in play. ``until``: ``"turn"`` (ends at the end
    of the turn), ``"game"`` (until cancelled) or a name events clear."""
    d["effects"][name] = {"until": until, **data}


def has_effect(d: Data, name: str) -> bool:
    """Is the lasting effect ``name`` in play?"""
    return name in d["effects"]


def end_effect(d: Data, name: str) -> None:
    """Cancel a lasting effect, if it is in play (its card leaves the table)."""
    e = d["effects"].pop(name, None)
    if e is not None:
        log(d, "twilight.effect.cancelled", effect=name)
        _effect_card_leaves(d, e)


def _effect_card_leaves(d: Data, e: dict[str, Any]) -> None:
    """A card kept on the table for its effect is removed (starred) or
    discarded once the effect ends."""
    c = e.get("card")
    if c and c in d["in_play"]:
        d["in_play"].remove(c)
        (d["removed"] if STARRED[c] else d["discard"]).append(c)


def _usable(f: Frame, i: int) -> int:
    """Ops the frame can still spend in country ``i``."""
    ops: int = f["ops"]
    for region, amount in f["bonus"]:
        if i not in REGION_SET[region]:
            ops -= amount
    return ops


def _spend(f: Frame, i: int, cost: int) -> None:
    """Spend ops in country ``i``, forfeiting bonuses it does not qualify for."""
    if f["bonus"]:
        keep = []
        for region, amount in f["bonus"]:
            if i in REGION_SET[region]:
                keep.append([region, amount])
            else:
                f["ops"] -= amount
        f["bonus"] = keep
    f["ops"] -= cost


# ---------------------------------------------------------------------------
# New game
# ---------------------------------------------------------------------------
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


# ---------------------------------------------------------------------------
# The turn sequence (rule 4.5)
# ---------------------------------------------------------------------------
def _turn_start(d: Data) -> None:
    turn = d["turn"]
    log(d, "twilight.turn.start", turn=turn)
    change_defcon(d, +1, USSR)  # 4.5 A; never lowers, so no culprit needed
    if turn in (MID_WAR_TURN, LATE_WAR_TURN):
        period = "Mid" if turn == MID_WAR_TURN else "Late"
        d["deck"].extend(deck_for_periods(d, period))
        rng.shuffle(d, d["deck"])
        log(d, "twilight.deck.mid_war" if turn == MID_WAR_TURN else "twilight.deck.late_war")
    deal(d)


def _headline_first(d: Data) -> str:
    """Who commits a headline first: the side facing a Man in Earth Orbit
    holder (box 4) chooses first, and its choice is shown (4.5.C)."""
    if space_ability(d, US, 4):
        d["hl_open"] = USSR
        return USSR
    if space_ability(d, USSR, 4):
        d["hl_open"] = US
        return US
    d["hl_open"] = ""
    return USSR


def _reveal_headlines(d: Data) -> list[str]:
    hl = d["headline"]
    d["reveals"] += 1
    d["hl_open"] = "both"  # both headlines are public until they have resolved
    if hl[USSR] and hl[US]:
        log(d, "twilight.headline.revealed", card=hl[USSR], card2=hl[US])
    elif hl[USSR]:
        log(d, "twilight.headline.revealed_ussr", card=hl[USSR])
    elif hl[US]:
        log(d, "twilight.headline.revealed_us", card=hl[US])
    else:
        log(d, "twilight.headline.revealed_none")
    if hl[US] == DEFECTORS and hl[USSR] and has_event(d, DEFECTORS):
        # A US Defectors headline cancels the USSR's before either resolves.
        cancel_headline(d, USSR, DEFECTORS)

    def key(side: str) -> tuple[int, int]:
        c = hl[side]
        return (0 if SCORING[c] else CARD_OPS[c], 1 if side == US else 0)

    return sorted((s for s in (USSR, US) if hl[s]), key=key, reverse=True)


def cancel_headline(d: Data, side: str, why: Message | int) -> None:
    """``side``'s revealed headline is cancelled before it resolves: the card
    is discarded without effect, even a scoring or starred card (Defectors)."""
    c = d["headline"][side]
    d["headline"][side] = 0
    d["discard"].append(c)
    log(d, "twilight.headline.cancelled", why=reason(why), side=side, card=c)


def _resolve_headline(d: Data, side: str) -> None:
    c = d["headline"][side]
    if not c:  # cancelled after the reveal (Defectors)
        return
    d["headline"][side] = 0
    d["in_play"].append(c)
    d["phasing"] = side
    if d["effects"]:
        flower_power_check(d, side, c)
        if d["over"]:
            return
    play_event(d, side, c, headline=True)


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
# Quagmire traps the US, Bear Trap the USSR (effect names, and their cards).
TRAPS = {US: "Quagmire", USSR: "Bear Trap"}
TRAP_CARDS = {"Quagmire": QUAGMIRE, "Bear Trap": BEAR_TRAP}
# Space Race boxes whose abilities the turn sequence applies (6.4.3-6.4.4).
MAN_IN_EARTH_ORBIT = 4
EAGLE_BEAR_HAS_LANDED = 6
SPACE_STATION = 8
# Where the side threatened by the Cuban Missile Crisis may remove 2 influence to end it.
CMC_LIFT = {USSR: (NAMES.index("Cuba"),), US: (NAMES.index("West Germany"), NAMES.index("Turkey"))}
NORAD_CANADA = NAMES.index("Canada")
RETURN_CARD = CHOOSE[OPTIONS.index("return")]


def flower_power_check(d: Data, side: str, card: int) -> None:
    """Flower Power: while it is in effect the USSR gains 2 VP each time the
    US plays a war card as an event or for ops (never to the Space Race). A
    war whose event may no longer be played (Arab-Israeli War after Camp
    David) does not count. Called wherever the US plays a card."""
    if side == US and card in WAR_CARDS and "Flower Power" in d["effects"] and not event_blocked(d, card):
        gain_vp(d, USSR, 2, FLOWER_POWER)


def _begin_round(d: Data, side: str, extra: bool = False) -> None:
    """Start ``side``'s action round: a decision, or an automatic pass."""
    eff = d["effects"]
    if eff:
        envy = eff.get("Missile Envy")
        if envy is not None and envy["side"] == side and MISSILE_ENVY not in d["hands"][side]:
            del eff["Missile Envy"]  # the card left the hand some other way
    if not d["hands"][side] and not (d["china"] == side and d["china_up"]):
        log(d, "twilight.round.no_card", side=side)
        if side == US and "We Will Bury You" in eff:
            _we_will_bury_you(d, PASS)
        return
    push(d, {"f": "action", "p": side, "extra": extra})


def _extra_round(d: Data, f: Frame, side: str) -> None:
    """An 8th action round after both sides' normal ones: for the Space
    Station holder (box 8), or the US in a turn it played North Sea Oil (the
    two do not add up). The side may pass it."""
    station = space_ability(d, side, SPACE_STATION)
    if not station:
        oil = d["effects"].get("North Sea Oil") if side == US else None
        if oil is None or oil.get("turn") != d["turn"]:
            return
    # Like any round, it may be spent on a face-up China Card alone.
    if not (d["hands"][side] or (d["china"] == side and d["china_up"])):
        return
    d["phasing"] = side
    if station:
        log(d, "twilight.round.extra_space", side=side, space=SPACE_STATION)
    else:
        log(d, "twilight.round.extra_card", side=side, card=NORTH_SEA_OIL)
    if d["options"]["events"]:
        f["defcon0"] = d["defcon"]  # for NORAD, even if it comes into play this round
    _begin_round(d, side, extra=True)


def _norad(d: Data, f: Frame) -> None:
    """NORAD: at the end of an action round in which DEFCON moved to 2, the
    US, if it controls Canada, may add 1 influence to a country already
    holding US influence."""
    before = f.pop("defcon0", None)
    if before is None or before == 2 or d["defcon"] != 2 or d["over"]:
        return
    if "NORAD" not in d["effects"] or control(d, NORAD_CANADA) != US:
        return
    log(d, "twilight.norad.trigger", card=NORAD)
    us = d["inf"][US]
    push_influence(d, "place", US, US, 1, [i for i in range(N_COUNTRIES) if us[i]], optional=True)


def _we_will_bury_you(d: Data, a: Action) -> None:
    """We Will Bury You: as the US starts its next action round, the USSR
    gains 3 VP (before anything the US scores) unless the US plays UN
    Intervention as an event."""
    del d["effects"]["We Will Bury You"]
    if a is EVENT[UN_INTERVENTION]:
        log(d, "twilight.we_will_bury_you.cancelled", card=WE_WILL_BURY_YOU, card2=UN_INTERVENTION)
    else:
        gain_vp(d, USSR, 3, WE_WILL_BURY_YOU)


def _trap_escape(d: Data, f: Frame, roll: int) -> None:
    side, trap = f["data"]["side"], f["data"]["trap"]
    if roll <= 4:
        log(d, "twilight.trap.escapes", card=TRAP_CARDS[trap], side=side, roll=roll)
        end_effect(d, trap)
    else:
        log(d, "twilight.trap.stays", card=TRAP_CARDS[trap], side=side, roll=roll)


CONTINUATIONS["trap_escape"] = _trap_escape


def _turn_end(d: Data) -> None:
    # 4.5 F before E: a held scoring card loses (designer ruling, A #7).
    holders = [s for s in (USSR, US) if any(SCORING[c] for c in d["hands"][s])]
    if len(holders) == 2:
        end_game(d, None, "scoring_card_held", "twilight.end.scoring_card_held_both")
        return
    if holders:
        loser = holders[0]
        end_game(d, OPPONENT[loser], "scoring_card_held", "twilight.end.scoring_card_held", loser=loser,
                 winner=OPPONENT[loser])
        return
    # 4.5 E: Military Operations.
    defcon = d["defcon"]
    net = 0
    for side in (USSR, US):
        short = defcon - d["milops"][side]
        if short > 0:
            log(d, "twilight.milops.short", side=side, n=short, defcon=defcon)
            net += short if side == USSR else -short
    if net:
        gain_vp(d, US, net, msg("twilight.why.milops"))
        if d["over"]:
            return
    # 4.5 G: the China Card turns face up.
    if not d["china_up"]:
        d["china_up"] = True
        log(d, "twilight.china.face_up", card=CHINA, side=d["china"])
    if d["turn"] >= TURNS:
        final_scoring(d)
        return
    # 4.5 H: next turn.
    d["turn"] += 1
    d["ar"] = 0
    d["phasing"] = USSR
    d["milops"] = {USSR: 0, US: 0}
    d["space_tries"] = {USSR: 0, US: 0}
    expire_effects(d, "turn")


def expire_effects(d: Data, when: str) -> None:
    """Drop the lasting effects that end ``when`` (e.g. at the end of turn)."""
    effects = d["effects"]
    for name in [n for n, e in effects.items() if e.get("until") == when]:
        _effect_card_leaves(d, effects.pop(name))
        log(d, "twilight.effect.expires", effect=name)


def _proc_turn(d: Data, f: Frame) -> None:
    step = f["step"]
    if step == "start":
        _turn_start(d)
        f["step"] = "headline"
    elif step == "headline":
        first = _headline_first(d)
        if d["hl_open"]:
            log(d, "twilight.headline.first_shown", side=first, space=MAN_IN_EARTH_ORBIT)
        f["step"] = "headline2"
        f["first"] = first
        push(d, {"f": "headline", "p": first})
    elif step == "headline2":
        f["step"] = "reveal"
        push(d, {"f": "headline", "p": OPPONENT[f["first"]]})
    elif step == "reveal":
        f["order"] = _reveal_headlines(d)
        f["step"] = "resolve"
    elif step == "resolve":
        if f["order"]:
            # Frames are copied shallowly by clone(): replace lists, never mutate them.
            side = f["order"][0]
            f["order"] = f["order"][1:]
            _resolve_headline(d, side)
        else:
            del f["order"]
            f.pop("first", None)
            d["hl_open"] = ""
            d["ar"] = 1
            d["phasing"] = USSR
            f["step"] = "round"
    elif step == "round":
        if d["ar"] > action_rounds(d["turn"]):
            f["step"] = "extra"
            return
        side = d["phasing"]
        if side == USSR:
            log(d, "twilight.round.start", ar=d["ar"])
        f["step"] = "round_done"
        if d["options"]["events"]:
            f["defcon0"] = d["defcon"]  # for NORAD, even if it comes into play this round
        _begin_round(d, side)
    elif step == "round_done":
        if "defcon0" in f:
            _norad(d, f)
        if d["phasing"] == USSR:
            d["phasing"] = US
        else:
            d["phasing"] = USSR
            d["ar"] += 1
        f["step"] = "round"
    elif step == "extra":  # the USSR's 8th round, then the US's
        f["step"] = "extra_us"
        _extra_round(d, f, USSR)
    elif step == "extra_us":
        if "defcon0" in f:
            _norad(d, f)
        f["step"] = "extra_end"
        _extra_round(d, f, US)
    elif step == "extra_end":
        if "defcon0" in f:
            _norad(d, f)
        f["step"] = "eagle"
    elif step == "eagle":
        f["step"] = "end"
        for side in (USSR, US):
            if space_ability(d, side, EAGLE_BEAR_HAS_LANDED) and any(not SCORING[c] for c in d["hands"][side]):
                push(d, {"f": "eagle", "p": side})
    elif step == "end":
        _turn_end(d)
        f["step"] = "start"
    else:  # pragma: no cover - a corrupted state
        raise RuntimeError(f"unknown turn step {step!r}")


def _proc_finish(d: Data, f: Frame) -> None:
    """A played card leaves play: removed if starred and its event happened,
    discarded otherwise; The China Card passes to the opponent face down."""
    d["stack"].pop()
    c = f["card"]
    if c == CHINA:
        opp = OPPONENT[f["side"]]
        d["china"] = opp
        d["china_up"] = False
        log(d, "twilight.china.passes", card=CHINA, side=opp)
        if f["side"] == US and "Formosan Resolution" in d["effects"]:
            end_effect(d, "Formosan Resolution")
        return
    if f.get("table"):
        if c in d["in_play"]:  # (Missile Envy has already gone to the other hand)
            log(d, "twilight.card.stays", card=c)
        return
    if STAYS_IN_PLAY[c] and f["remove"]:
        # An underlined card whose event happened stays on the table, as a
        # marker of its lasting effect, until that effect ends.
        e = d["effects"].get(CARD_NAME[c])
        if e is not None:
            e["card"] = c
            return
    d["in_play"].remove(c)
    if f["remove"]:
        d["removed"].append(c)
    else:
        d["discard"].append(c)


PROCS: dict[str, Callable[[Data, Frame], None]] = {
    "turn": _proc_turn,
    "finish": _proc_finish,
}


# ---------------------------------------------------------------------------
# Playing a card (rule 5)
# ---------------------------------------------------------------------------
def event_blocked(d: Data, card: int) -> bool:
    """True if a lasting effect forbids ``card``'s event (e.g. "may no longer
    be played as an event")."""
    for e in d["effects"].values():
        blocks = e.get("blocks")
        if blocks and card in blocks:
            return True
    return False


def has_event(d: Data, card: int) -> bool:
    """Can ``card``'s event happen in this game at all right now? Scoring
    cards always; other cards when events are on, registered and not blocked."""
    if card not in EVENTS:
        return False
    if not (SCORING[card] or d["options"]["events"]):
        return False
    return not event_blocked(d, card)


def run_event(d: Data, owner: str, card: int, finish: Frame) -> None:
    """Carry out ``card``'s event for ``owner``, who makes its choices.

    ``finish`` is the card's finish frame (already on the stack, below
    anything the event pushes); an event that does not take place leaves a
    starred card in the discard pile instead of removing it (7.5).
    """
    if not has_event(d, card):
        log(d, "twilight.event.off" if not d["options"]["events"] else "twilight.event.blocked", card=card)
        finish["remove"] = False
        return
    if EVENTS[card](d, owner) is False:
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


def play_event(d: Data, side: str, card: int, headline: bool = False) -> None:
    """Play ``card`` for its event for ``side`` (the card is already in play).

    The card's ``finish`` frame goes under anything the event pushes, so it
    leaves play once the event has fully resolved.
    """
    finish: Frame = {"f": "finish", "side": side, "card": card, "remove": STARRED[card]}
    push(d, finish)
    run_event(d, side, card, finish)


def can_space(d: Data, side: str, card: int) -> bool:
    """May ``side`` play ``card`` to the Space Race now (6.4.2)?"""
    if SCORING[card]:
        return False
    box = d["space"][side] + 1
    if box >= len(SPACE_BOXES):
        return False
    allowed = 2 if space_ability(d, side, 2) else 1
    if d["space_tries"][side] >= allowed:
        return False
    # Region bonuses (the China Card's Asia +1) never count here (9.6).
    return flat_ops(d, side, card) >= SPACE_BOXES[box][1]


def rounds_left(d: Data, f: Frame) -> int:
    """Mandatory action rounds ``f``'s side has left, this one included."""
    if f["extra"]:
        return 1
    return action_rounds(d["turn"]) - d["ar"] + 1


def _legal_action_round(d: Data, f: Frame) -> list[Action]:
    side = f["p"]
    if "only" in f:
        return _legal_card_play(d, f)
    hand = d["hands"][side]
    eff = d["effects"]
    if eff:
        envy = eff.get("Missile Envy")
        envious = envy is not None and envy["side"] == side and MISSILE_ENVY in hand
        if envious or TRAPS[side] in eff:
            return _cmc_lift(d, side, _legal_constrained_round(d, f, hand, envious))
    n_scoring = 0
    for c in hand:
        if SCORING[c]:
            n_scoring += 1
    forced = n_scoring and n_scoring >= rounds_left(d, f)
    events_on = d["options"]["events"]
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
        if can_space(d, side, c):
            acts.append(SPACE_RACE[c])
    if not forced and d["china"] == side and d["china_up"]:
        acts.append(OPS[CHINA])
        if can_space(d, side, CHINA):
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
    cmc = d["effects"].get("Cuban Missile Crisis")
    if cmc is not None and cmc["side"] == side:
        own = d["inf"][side]
        acts.extend(REMOVE[i] for i in CMC_LIFT[side] if own[i] >= 2)
    return acts


def _legal_constrained_round(d: Data, f: Frame, hand: list[int], envious: bool) -> list[Action]:
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


def _legal_card_play(d: Data, f: Frame) -> list[Action]:
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


def _apply_action_round(d: Data, f: Frame, a: Action) -> None:
    side = f["p"]
    verb = a.verb
    if verb == "remove":  # lifting the Cuban Missile Crisis: not an action
        i = a.arg
        assert i is not None
        d["inf"][side][i] -= 2
        log(d, "twilight.cmc.lifted", side=side, country=NAMES[i], card=CUBAN_MISSILE_CRISIS)
        end_effect(d, "Cuban Missile Crisis")
        return
    d["stack"].pop()
    eff = d["effects"]
    if eff and side == US and "We Will Bury You" in eff and "only" not in f:
        _we_will_bury_you(d, a)
        if d["over"]:
            return
    if a is PASS:
        log(d, "twilight.round.pass", side=side)
        return
    if a is RETURN_CARD:
        c = f["only"]
        opp = OPPONENT[side]
        d["hands"][side].remove(c)
        d["hands"][opp].append(c)
        d["known"][side].append(c)
        log(d, "twilight.round.return_card", side=side, card=c, opp=opp, card2=f["ret"])
        begin_ops(d, side, f["ret"])
        return
    c = a.arg
    assert c is not None
    if verb == "discard":  # a trap: discard, then roll 1-4 to escape
        trap = TRAPS[side]
        discard_from_hand(d, side, c, TRAP_CARDS[trap])
        if c == MISSILE_ENVY:
            eff.pop("Missile Envy", None)
        roll_for(d, "trap_escape", side=side, trap=trap)
        return
    if c != CHINA:
        d["hands"][side].remove(c)
        d["in_play"].append(c)
    if eff:
        if c == MISSILE_ENVY:
            envy = eff.get("Missile Envy")
            if envy is not None and envy["side"] == side:
                del eff["Missile Envy"]
        if verb != "space":
            flower_power_check(d, side, c)
            if d["over"]:
                return
    if verb == "event":
        log(d, "twilight.play.event", side=side, card=c)
        play_event(d, side, c)
    elif verb == "ops":
        log(d, "twilight.play.ops", side=side, card=c)
        push(d, {"f": "finish", "side": side, "card": c, "remove": STARRED[c]})
        if CARD_SIDE[c] == OPPONENT[side] and has_event(d, c):
            # 5.2: the opponent's event happens too, before or after the ops
            # at the phasing player's choice.
            push(d, {"f": "order", "p": side, "card": c})
        else:
            d["stack"][-1]["remove"] = False
            begin_ops(d, side, c)
    else:  # space
        d["space_tries"][side] += 1
        box = d["space"][side] + 1
        log(d, "twilight.play.space", side=side, card=c, space=box, best=SPACE_BOXES[box][2])
        push(d, {"f": "finish", "side": side, "card": c, "remove": False})
        push(d, {"f": "roll", "p": CHANCE, "why": "space", "side": side})


# ---------------------------------------------------------------------------
# Operations (rule 6)
# ---------------------------------------------------------------------------
def access(d: Data, side: str) -> list[int]:
    """Countries ``side`` may place influence in with ops (6.1.1): those
    holding its influence now, their neighbours, and those next to its
    superpower. Taken when the card is played and kept for the round."""
    own = d["inf"][side]
    acc = set(NEXT_TO[side])
    for i in range(N_COUNTRIES):
        if own[i]:
            acc.add(i)
            acc.update(ADJACENT[i])
    return sorted(acc)


def begin_ops(d: Data, side: str, card: int, *, ops: int | None = None, kinds: str = "pcr",
              only: list[int] | None = None, free: bool = False) -> None:
    """Push an operations frame: the card's ops to spend on influence (``p``
    in ``kinds``), realignments (``r``) or one coup (``c``).

    Events use the keywords: ``ops`` for "as if you played an N-ops card"
    (modifiers still apply), ``only`` to limit the target countries, and
    ``free`` for free coups/realignments (no DEFCON region limit, no
    Military Operations, 6.3.5).
    """
    total, bonus = card_ops(d, side, card if ops is None else 0, ops)
    f: Frame = {"f": "ops", "p": side, "card": card, "ops": total, "bonus": bonus,
                "mode": "", "access": access(d, side) if "p" in kinds else []}
    if kinds != "pcr":
        f["kinds"] = kinds
    if only is not None:
        f["only"] = list(only)
    if free:
        f["free"] = True
    push(d, f)


def _coup_pool(d: Data, side: str, f: Frame | None) -> list[int] | tuple[int, ...]:
    only = f.get("only") if f is not None else None
    if f is not None and f.get("free"):
        return only if only is not None else range(N_COUNTRIES)  # type: ignore[return-value]
    if only is not None:
        closed = DEFCON_CLOSED[d["defcon"]]
        return [i for i in only if REGION[i] not in closed]
    return OPEN_FOR_COUPS[d["defcon"]]


def protected(d: Data, side: str, i: int, coup: bool) -> bool:
    """Is country ``i`` shielded from ``side``'s coups/realignments by an effect?
    NATO (US-controlled Europe, except France after De Gaulle and West
    Germany after Willy Brandt), the US/Japan pact (Japan), and The Reformer
    (no USSR coups in Europe) all protect against the USSR only."""
    if side != USSR:
        return False
    eff = d["effects"]
    if REGION[i] == "Europe":
        if coup and "The Reformer" in eff:
            return True
        if "NATO" in eff and control(d, i) == US:
            name = NAMES[i]
            if not ((name == "France" and "De Gaulle Leads France" in eff)
                    or (name == "West Germany" and "Willy Brandt" in eff)):
                return True
    return NAMES[i] == "Japan" and "US/Japan Mutual Defense Pact" in eff


def coup_targets(d: Data, side: str, f: Frame | None = None, coup: bool = True) -> list[int]:
    """Countries ``side`` may coup (or, ``coup=False``, realign) now: opponent
    influence there, region open at this DEFCON (8.1.5) unless the ops are
    free, within the frame's ``only`` list, not protected by an effect."""
    opp_inf = d["inf"][OPPONENT[side]]
    pool = _coup_pool(d, side, f)
    if d["effects"]:
        return [i for i in pool if opp_inf[i] and not protected(d, side, i, coup)]
    return [i for i in pool if opp_inf[i]]


def realign_targets(d: Data, side: str, f: Frame | None = None) -> list[int]:
    """Countries ``side`` may realign now (see ``coup_targets``)."""
    return coup_targets(d, side, f, coup=False)


def _placements(d: Data, f: Frame) -> list[Action]:
    side = f["p"]
    my = d["inf"][side]
    opp = d["inf"][OPPONENT[side]]
    ops = f["ops"]
    out = []
    access_list = f["access"]
    if "only" in f:
        allowed = set(f["only"])
        access_list = [i for i in access_list if i in allowed]
    chernobyl = d["effects"].get("Chernobyl") if side == USSR else None
    if chernobyl is not None:
        # Chernobyl: no USSR influence placed with ops in the named region.
        banned = REGION_SET[chernobyl["region"]]
        access_list = [i for i in access_list if i not in banned]
    if f["bonus"]:
        for i in access_list:
            cost = 2 if opp[i] - my[i] >= STABILITY[i] else 1
            if cost <= _usable(f, i):
                out.append(PLACE[i])
    elif ops >= 2:
        out = [PLACE[i] for i in access_list]
    else:
        for i in access_list:
            if opp[i] - my[i] < STABILITY[i]:
                out.append(PLACE[i])
    return out


def _legal_ops(d: Data, f: Frame) -> list[Action]:
    """Ops must be spent while any legal use remains (6.0): there is no
    stopping early; ``done`` exists only for a card with no use at all."""
    mode = f["mode"]
    if mode == "place":
        return _placements(d, f)
    side = f["p"]
    if mode == "realign":
        return [REALIGN[i] for i in realign_targets(d, side, f) if _usable(f, i) >= 1]
    kinds = f.get("kinds", "pcr")
    acts = _placements(d, f) if "p" in kinds else []
    if "c" in kinds:
        acts.extend(COUP[i] for i in coup_targets(d, side, f))
    if "r" in kinds:
        acts.extend(REALIGN[i] for i in realign_targets(d, side, f) if _usable(f, i) >= 1)
    return acts or [DONE]


def _ops_exhausted(d: Data, f: Frame) -> bool:
    if f["ops"] <= 0:
        return True
    if f["mode"] == "place":
        return len(_placements(d, f)) == 0
    return not any(_usable(f, i) >= 1 for i in realign_targets(d, f["p"], f))


def _apply_ops(d: Data, f: Frame, a: Action) -> None:
    side = f["p"]
    verb = a.verb
    if a is DONE:
        d["stack"].pop()
        log(d, "twilight.ops.no_use", side=side)
        return
    i = a.arg
    assert i is not None
    if verb == "place":
        opp = OPPONENT[side]
        cost = 2 if control(d, i) == opp else 1
        _spend(f, i, cost)
        d["inf"][side][i] += 1
        f["mode"] = "place"
        log(d, "twilight.ops.place" if cost == 1 else "twilight.ops.place_controlled", side=side, country=NAMES[i])
        if _ops_exhausted(d, f):
            d["stack"].pop()
    elif verb == "coup":
        ops = _usable(f, i)
        d["stack"].pop()
        declare_coup(d, side, i, ops, bool(f.get("free")), f.get("then", ""))
    else:  # realign
        _spend(f, i, 1)
        f["mode"] = "realign"
        log(d, "twilight.realign.declared", side=side, country=NAMES[i])
        push(d, {"f": "roll", "p": CHANCE, "why": "realign", "side": side, "target": i,
                 "first": 0})


def declare_coup(d: Data, side: str, i: int, ops: int, free: bool = False, then: str = "") -> None:
    """``side`` attempts a coup in country ``i`` with ``ops``: effects that
    react to the attempt itself apply, then the die is rolled (a chance
    decision). ``then`` names a continuation run after the coup resolves."""
    eff = d["effects"]
    log(d, "twilight.coup.declared_free" if free else "twilight.coup.declared", side=side, country=NAMES[i],
        ops=ops)
    if eff:
        cmc = eff.get("Cuban Missile Crisis")
        if cmc is not None and cmc["side"] == side:
            end_game(d, OPPONENT[side], "defcon", "twilight.end.cuban_missile_crisis", loser=side,
                     card=CUBAN_MISSILE_CRISIS, winner=OPPONENT[side])
            return
        if side == US and "Yuri and Samantha" in eff:
            gain_vp(d, USSR, 1, YURI_AND_SAMANTHA)
            if d["over"]:
                return
    push(d, {"f": "roll", "p": CHANCE, "why": "coup", "side": side, "target": i,
             "ops": ops, "free": free, "then": then})


def coup_die_modifier(d: Data, side: str, i: int) -> int:
    """Die modifiers of a coup from effects: SALT Negotiations -1 for both
    sides; Latin American Death Squads +1 for its player and -1 for the
    opponent in Central and South America. Military Ops are not affected."""
    eff = d["effects"]
    mod = 0
    if "SALT Negotiations" in eff:
        mod -= 1
    lads = eff.get("Latin American Death Squads")
    if lads is not None and lads["side"] != "both" and REGION[i] in ("Central America", "South America"):
        # Played by both sides in one turn, the two effects cancel out.
        mod += 1 if lads["side"] == side else -1
    return mod


def resolve_coup(d: Data, side: str, i: int, ops: int, roll: int, free: bool) -> None:
    """Coup (6.3): die + ops - 2 x stability; excess over the opponent's
    influence becomes the coup-er's. Battleground coups lower DEFCON (not a
    US coup under Nuclear Subs); coups with ops earn Military Operations,
    free coups do not (6.3.5)."""
    opp = OPPONENT[side]
    if d["effects"]:
        roll += coup_die_modifier(d, side, i)
    total = roll + ops - 2 * STABILITY[i]
    if total > 0:
        removed = min(total, d["inf"][opp][i])
        d["inf"][opp][i] -= removed
        d["inf"][side][i] += total - removed
        log(d, "twilight.coup.success", country=NAMES[i], roll=roll, ops=ops, defense=2 * STABILITY[i],
            total=total, opp=opp, n=removed, side=side, n2=total - removed)
    else:
        log(d, "twilight.coup.fails", country=NAMES[i], roll=roll, ops=ops, defense=2 * STABILITY[i],
            total=total)
    if not free:
        add_milops(d, side, ops)
    if BATTLEGROUND[i] and not (side == US and "Nuclear Subs" in d["effects"]):
        change_defcon(d, -1, d["phasing"])


def realign_modifier(d: Data, side: str, i: int) -> int:
    """Realignment modifiers for ``side`` in country ``i`` (6.2.2)."""
    m = 0
    for j in ADJACENT[i]:
        if control(d, j) == side:
            m += 1
    if d["inf"][side][i] > d["inf"][OPPONENT[side]][i]:
        m += 1
    if SUPERPOWER[i] == side:
        m += 1
    if side == US and "Iran-Contra Scandal" in d["effects"]:
        m -= 1
    return m


def resolve_realign(d: Data, side: str, i: int, roll: int, opp_roll: int) -> None:
    """Realignment (6.2.3): the higher modified roll removes the difference
    from the other side's influence."""
    opp = OPPONENT[side]
    mine = roll + realign_modifier(d, side, i)
    theirs = opp_roll + realign_modifier(d, opp, i)
    if mine > theirs:
        loser = opp
    elif theirs > mine:
        loser = side
    else:
        log(d, "twilight.realign.tie", country=NAMES[i], side=side, roll=mine, opp=opp, roll2=theirs)
        return
    removed = min(abs(mine - theirs), d["inf"][loser][i])
    d["inf"][loser][i] -= removed
    log(d, "twilight.realign.result", country=NAMES[i], side=side, roll=mine, opp=opp, roll2=theirs,
        loser=loser, n=removed)


def resolve_space(d: Data, side: str, roll: int) -> None:
    """A Space Race attempt (6.4): a roll in range advances one box and
    scores that box's VP for the first or second arrival."""
    box = d["space"][side] + 1
    _, _, best, first_vp, second_vp = SPACE_BOXES[box]
    if roll > best:
        log(d, "twilight.space.fails", side=side, roll=roll)
        return
    d["space"][side] = box
    first = d["space"][OPPONENT[side]] < box
    log(d, "twilight.space.success", side=side, roll=roll, space=box, box=box)
    gain_vp(d, side, first_vp if first else second_vp, msg("twilight.why.space_box", box=box))


def _apply_roll(d: Data, f: Frame, a: Action) -> None:
    roll = a.arg
    assert roll is not None
    # Every roll consumes one draw of the state's generator, whether the die
    # came from it (apply_random) or was given explicitly (tests, replays),
    # so a game replayed from its action list is identical byte for byte.
    rng.next_u64(d)
    why = f["why"]
    if why == "realign":
        if not f["first"]:
            f["first"] = roll
            return
        d["stack"].pop()
        resolve_realign(d, f["side"], f["target"], f["first"], roll)
        top = d["stack"][-1]
        if top["f"] == "ops" and _ops_exhausted(d, top):
            d["stack"].pop()
    elif why == "coup":
        d["stack"].pop()
        before = d["inf"][OPPONENT[f["side"]]][f["target"]]
        resolve_coup(d, f["side"], f["target"], f["ops"], roll, f["free"])
        if f.get("then") and not d["over"]:
            removed = before - d["inf"][OPPONENT[f["side"]]][f["target"]]
            CONTINUATIONS[f["then"]](d, f, removed)
    elif why == "event":
        d["stack"].pop()
        CONTINUATIONS[f["then"]](d, f, roll)
    elif why == "space":
        d["stack"].pop()
        resolve_space(d, f["side"], roll)
    else:  # pragma: no cover - a corrupted state
        raise RuntimeError(f"unknown roll {why!r}")


def _legal_order(d: Data, f: Frame) -> list[Action]:
    c = f["card"]
    return [EVENT[c], OPS[c]]


def _apply_order(d: Data, f: Frame, a: Action) -> None:
    """``event <card>``: the opponent's event first; ``ops <card>``: ops first."""
    side = f["p"]
    c = f["card"]
    d["stack"].pop()
    finish = d["stack"][-1]
    owner = OPPONENT[side]
    if a.verb == "event":
        log(d, "twilight.order.event_first", owner=owner, card=c)
        begin_ops(d, side, c)  # access is fixed before the event
        run_event(d, owner, c, finish)
    else:
        log(d, "twilight.order.ops_first", owner=owner, card=c)
        push(d, {"f": "fire_event", "side": owner, "card": c})
        begin_ops(d, side, c)


def _proc_fire_event(d: Data, f: Frame) -> None:
    """The opponent's event of a card played for ops, after the ops."""
    d["stack"].pop()
    finish = d["stack"][-1]
    run_event(d, f["side"], f["card"], finish)


PROCS["fire_event"] = _proc_fire_event


def push_influence(d: Data, verb: str, chooser: str, side: str, count: int,
                   allowed: list[int], max_per: int = 0, optional: bool = False) -> None:
    """Push a generic event frame: ``chooser`` places (``verb="place"``) or
    removes (``"remove"``) ``count`` of ``side``'s influence, one point per
    action, only in ``allowed`` countries, at most ``max_per`` per country (0:
    no limit). ``optional`` lets the chooser stop early with ``done``. The
    frame ends by itself when nothing more can be done."""
    f: Frame = {"f": "place_inf" if verb == "place" else "remove_inf", "p": chooser, "side": side,
                "left": count, "allowed": list(allowed), "max": max_per, "done": [],
                "optional": optional}
    if count > 0 and _influence_targets(d, f):
        push(d, f)


def _influence_targets(d: Data, f: Frame) -> list[int]:
    done = f["done"]
    mx = f["max"]
    if f["f"] == "place_inf":
        return [i for i in f["allowed"] if not mx or done.count(i) < mx]
    inf = d["inf"][f["side"]]
    return [i for i in f["allowed"] if inf[i] and (not mx or done.count(i) < mx)]


def _legal_influence(d: Data, f: Frame) -> list[Action]:
    table = PLACE if f["f"] == "place_inf" else REMOVE
    acts = [table[i] for i in _influence_targets(d, f)]
    if f["optional"] or not acts:
        acts.append(DONE)
    return acts


def _apply_influence(d: Data, f: Frame, a: Action) -> None:
    if a is DONE:
        d["stack"].pop()
        return
    i = a.arg
    assert i is not None
    side = f["side"]
    if f["f"] == "place_inf":
        d["inf"][side][i] += 1
        log(d, "twilight.influence.added", side=side, country=NAMES[i])
    else:
        d["inf"][side][i] -= 1
        log(d, "twilight.influence.removed", side=side, country=NAMES[i])
    f["done"] = [*f["done"], i]
    f["left"] -= 1
    if f["left"] <= 0 or not _influence_targets(d, f):
        d["stack"].pop()


# ---------------------------------------------------------------------------
# Generic event decisions: ask a side to pick a country, card or option
# ---------------------------------------------------------------------------
ASK_TABLES: dict[str, tuple[Action, ...]] = {}  # filled below, after imports resolve


def ask(d: Data, chooser: str, kind: str, options: list[int], then: str,
        optional: bool = False, **data: Any) -> bool:
    """Push a generic decision for an event and resume with continuation
    ``then`` (registered with ``events.then``) once it is answered.

    ``kind``: ``"target"`` (a country), ``"pick"`` (a card), ``"discard"``
    (a card, discarded by the continuation), ``"choose"`` (an option index of
    ``actions.OPTIONS``), ``"event"``/``"ops"`` (play a card that way) or
    ``"yesno"`` (options ignored). ``optional`` adds ``pass``. ``data`` is
    kept in the frame for the continuation. Returns False (and pushes
    nothing) when there is nothing to choose from and passing is not allowed.
    """
    if kind != "yesno" and not options and not optional:
        return False
    push(d, {"f": "ask", "p": chooser, "kind": kind, "options": list(options), "then": then,
             "optional": optional, "data": data})
    return True


def roll_for(d: Data, then: str, **data: Any) -> None:
    """Ask chance for a die roll for an event; continuation ``then`` gets it."""
    push(d, {"f": "roll", "p": CHANCE, "why": "event", "then": then, "data": data})


def _legal_ask(d: Data, f: Frame) -> list[Action]:
    kind = f["kind"]
    if kind == "yesno":
        return [YES, NO]
    table = ASK_TABLES[kind]
    acts = [table[x] for x in f["options"]]
    if f["optional"]:
        acts.append(PASS)
    return acts


def _apply_ask(d: Data, f: Frame, a: Action) -> None:
    d["stack"].pop()
    if a is YES or a is NO:
        answer: Any = a is YES
    elif a is PASS:
        answer = None
    else:
        answer = a.arg
    CONTINUATIONS[f["then"]](d, f, answer)


def war(d: Data, side: str, target: int, win: int, vp: int, milops: int, card: int,
        extra_penalty: int = 0) -> None:
    """A war card (7.6): ``side`` attacks ``target``; the roll is reduced by 1
    per adjacent country the enemy controls (its superpower space counts) and
    by ``extra_penalty``; ``win`` or more wins ``vp`` VP and replaces the
    enemy's influence there with ``side``'s. Military Ops either way. Wars
    are not coups: no DEFCON change and no DEFCON region limit."""
    opp = OPPONENT[side]
    penalty = extra_penalty + sum(1 for j in ADJACENT[target] if control(d, j) == opp)
    if SUPERPOWER[target] == opp:
        penalty += 1
    add_milops(d, side, milops)
    log(d, "twilight.war.attack", card=card, side=side, country=NAMES[target], win=win, penalty=penalty)
    roll_for(d, "war", side=side, target=target, win=win, vp=vp, penalty=penalty, card=card)


def _war_result(d: Data, f: Frame, roll: int) -> None:
    data = f["data"]
    side, i = data["side"], data["target"]
    opp = OPPONENT[side]
    total = roll - data["penalty"]
    if total >= data["win"]:
        moved = d["inf"][opp][i]
        d["inf"][opp][i] = 0
        d["inf"][side][i] += moved
        log(d, "twilight.war.won", card=data["card"], roll=roll, penalty=data["penalty"], total=total,
            side=side, n=moved, opp=opp, country=NAMES[i])
        gain_vp(d, side, data["vp"], data["card"])
    else:
        log(d, "twilight.war.lost", card=data["card"], roll=roll, penalty=data["penalty"], total=total,
            side=side)


CONTINUATIONS["war"] = _war_result


def advance_space(d: Data, side: str, boxes: int, why: Message | int) -> None:
    """Move ``side``'s Space Race marker ``boxes`` boxes at once (events):
    only the VP of the box it lands in are scored, as first or second."""
    box = min(len(SPACE_BOXES) - 1, d["space"][side] + boxes)
    if box == d["space"][side]:
        return
    d["space"][side] = box
    first = d["space"][OPPONENT[side]] < box
    _, _, _, first_vp, second_vp = SPACE_BOXES[box]
    log(d, "twilight.space.advance", why=reason(why), side=side, space=box, box=box)
    gain_vp(d, side, first_vp if first else second_vp, msg("twilight.why.space_box", box=box))


def reveal_hand(d: Data, owner: str, why: Message | int) -> None:
    """``owner`` shows its hand to the opponent (CIA Created, Lone Gunman...).
    The entry naming the cards is for the opponent alone (the owner knows
    its hand; a spectator may not learn it); the opponent's view keeps them
    as known cards."""
    hand = sorted(d["hands"][owner])
    opp = OPPONENT[owner]
    d["known"][opp] = list(hand)
    d["reveals"] += 1
    if hand:
        log(d, "twilight.hand.revealed", to=opp, why=reason(why), side=owner, cards=hand)
    else:
        log(d, "twilight.hand.revealed_empty", to=opp, why=reason(why), side=owner)


def discard_from_hand(d: Data, side: str, card: int, why: Message | int) -> None:
    """``side`` discards ``card`` from its hand (no event)."""
    d["hands"][side].remove(card)
    d["discard"].append(card)
    d["reveals"] += 1
    log(d, "twilight.hand.discard", why=reason(why), side=side, card=card)


# ---------------------------------------------------------------------------
# Other decisions: set-up, headline, end-of-turn discard
# ---------------------------------------------------------------------------
def _legal_setup(d: Data, f: Frame) -> list[Action]:
    return [PLACE[i] for i in IN_REGION[f["region"]]]


def _apply_setup(d: Data, f: Frame, a: Action) -> None:
    i = a.arg
    assert i is not None
    d["inf"][f["p"]][i] += 1
    f["left"] -= 1
    log(d, "twilight.setup.place", side=f["p"], country=NAMES[i])
    if f["left"] <= 0:
        d["stack"].pop()


def _legal_headline(d: Data, f: Frame) -> list[Action]:
    side = f["p"]
    hand = d["hands"][side]
    if d["options"]["events"]:
        # UN Intervention may not be played in the headline phase; a side
        # handed Missile Envy must keep it for its next action round.
        envy = d["effects"].get("Missile Envy")
        skip = (UN_INTERVENTION, MISSILE_ENVY) if envy is not None and envy["side"] == side else (UN_INTERVENTION,)
        # A headline is played for its event: an own or Neutral event that may
        # no longer be played as an event cannot be headlined (ruling 17).
        opp = OPPONENT[side]
        acts = [HEADLINE[c] for c in hand
                if c not in skip and not (CARD_SIDE[c] != opp and d["effects"] and event_blocked(d, c))]
    else:
        acts = [HEADLINE[c] for c in hand]
    return acts or [PASS]


def _apply_headline(d: Data, f: Frame, a: Action) -> None:
    side = f["p"]
    d["stack"].pop()
    if a is PASS:
        d["headline"][side] = 0
        log(d, "twilight.headline.none", side=side)
        return
    c = a.arg
    assert c is not None
    d["hands"][side].remove(c)
    d["headline"][side] = c
    if d["hl_open"] == side:
        log(d, "twilight.headline.shown", side=side, card=c)
    else:
        log(d, "twilight.headline.chosen", side=side)


def _legal_eagle(d: Data, f: Frame) -> list[Action]:
    acts = [DISCARD[c] for c in d["hands"][f["p"]] if not SCORING[c]]
    acts.append(PASS)
    return acts


def _apply_eagle(d: Data, f: Frame, a: Action) -> None:
    side = f["p"]
    d["stack"].pop()
    if a is PASS:
        log(d, "twilight.eagle.keeps", side=side, space=EAGLE_BEAR_HAS_LANDED)
        return
    c = a.arg
    assert c is not None
    d["hands"][side].remove(c)
    d["discard"].append(c)
    d["reveals"] += 1
    log(d, "twilight.eagle.discards", side=side, card=c, space=EAGLE_BEAR_HAS_LANDED)


# ---------------------------------------------------------------------------
# Scoring (rule 10)
# ---------------------------------------------------------------------------
def battleground(d: Data, i: int) -> bool:
    """Is country ``i`` a battleground for scoring? Formosan Resolution adds
    Taiwan while the US controls it (for scoring only: coups there do not
    lower DEFCON)."""
    if BATTLEGROUND[i]:
        return True
    return "Formosan Resolution" in d["effects"] and NAMES[i] == "Taiwan" and control(d, i) == US


def region_scores(d: Data, region: str, exclude: int = -1, scoring: bool = True
                  ) -> tuple[dict[str, int], dict[str, str], str | None]:
    """VP each side earns for ``region`` (10.1.2), the level each reached,
    and the side that Controls it (None if neither). Country ``exclude``
    counts for neither side (Shuttle Diplomacy), though it stays among the
    region's battlegrounds a side needs for Control. ``scoring=False`` uses
    the printed battlegrounds only (Formosan Resolution is for scoring only:
    Summit's domination count ignores it)."""
    countries = {USSR: 0, US: 0}
    bgs = {USSR: 0, US: 0}
    adj = {USSR: 0, US: 0}
    total_bg = 0
    for i in IN_REGION[region]:
        bg = battleground(d, i) if scoring else BATTLEGROUND[i]
        total_bg += bg
        c = control(d, i)
        if c is None or i == exclude:
            continue
        countries[c] += 1
        if bg:
            bgs[c] += 1
        if SUPERPOWER[i] == OPPONENT[c]:
            adj[c] += 1
    presence_vp, domination_vp, control_vp = REGION_SCORING[region]
    vp = {}
    level = {}
    ctrl_side = None
    for side in (USSR, US):
        opp = OPPONENT[side]
        n, b = countries[side], bgs[side]
        if b == total_bg and n > countries[opp]:
            level[side] = "Control"
            ctrl_side = side
            base = control_vp if control_vp is not None else 0
        elif n > countries[opp] and b > bgs[opp] and b >= 1 and n - b >= 1:
            level[side] = "Domination"
            base = domination_vp
        elif n >= 1:
            level[side] = "Presence"
            base = presence_vp
        else:
            level[side] = "none"
            base = 0
        vp[side] = base + b + adj[side]
    return vp, level, ctrl_side


# The level a side reached in a region (``region_scores``) -> its message.
LEVEL_CODES = {"Control": "twilight.level.control", "Domination": "twilight.level.domination",
               "Presence": "twilight.level.presence", "none": "twilight.level.none"}


def score_region(d: Data, region: str, exclude: int = -1) -> None:
    """Score a region as its scoring card does; Europe Control wins at once.
    ``exclude``: a country that counts for neither side (Shuttle Diplomacy)."""
    vp, level, ctrl_side = region_scores(d, region, exclude)
    log(d, "twilight.scoring.region", region=region, ussr_level=msg(LEVEL_CODES[level[USSR]]), ussr_vp=vp[USSR],
        us_level=msg(LEVEL_CODES[level[US]]), us_vp=vp[US])
    if region == "Europe" and ctrl_side is not None:
        end_game(d, ctrl_side, "europe", "twilight.end.europe", winner=ctrl_side, region=region)
        return
    gain_vp(d, US, vp[US] - vp[USSR], msg("twilight.why.region_scoring", region=region))


def score_southeast_asia(d: Data) -> None:
    """Southeast Asia scoring: 1 VP per controlled country, Thailand 2."""
    vp = {USSR: 0, US: 0}
    for i in IN_REGION["Southeast Asia"]:
        c = control(d, i)
        if c is not None:
            vp[c] += 2 if NAMES[i] == "Thailand" else 1
    log(d, "twilight.scoring.southeast_asia", region="Southeast Asia", ussr_vp=vp[USSR], us_vp=vp[US])
    gain_vp(d, US, vp[US] - vp[USSR], msg("twilight.why.region_scoring", region="Southeast Asia"))


def final_scoring(d: Data) -> None:
    """After turn 10 (10.3.2): every region scores, the China Card holder
    gains 1 VP; 20 VP is not an automatic win here, Control of Europe is."""
    log(d, "twilight.final.start")
    d["final"] = True
    for region in REGIONS:
        score_region(d, region)
        if d["over"]:
            return
    gain_vp(d, d["china"], 1, CHINA)
    vp = d["vp"]
    if vp:
        winner = US if vp > 0 else USSR
        end_game(d, winner, "final_scoring", "twilight.end.final", vp=vp, winner=winner)
    else:
        end_game(d, None, "final_scoring", "twilight.end.final_draw", vp=vp)


# ---------------------------------------------------------------------------
# Dispatch
# ---------------------------------------------------------------------------
LEGAL: dict[str, Callable[[Data, Frame], list[Action]]] = {
    "setup": _legal_setup,
    "headline": _legal_headline,
    "action": _legal_action_round,
    "ops": _legal_ops,
    "roll": lambda d, f: ROLLS,
    "eagle": _legal_eagle,
    "order": _legal_order,
    "place_inf": _legal_influence,
    "remove_inf": _legal_influence,
    "ask": _legal_ask,
}

APPLY: dict[str, Callable[[Data, Frame, Action], None]] = {
    "setup": _apply_setup,
    "headline": _apply_headline,
    "action": _apply_action_round,
    "ops": _apply_ops,
    "roll": _apply_roll,
    "eagle": _apply_eagle,
    "order": _apply_order,
    "place_inf": _apply_influence,
    "remove_inf": _apply_influence,
    "ask": _apply_ask,
}

ASK_TABLES.update({"target": TARGET, "pick": PICK, "discard": DISCARD, "choose": CHOOSE,
                   "event": EVENT, "ops": OPS})


# The frame-stack machine (core.frames) over this game's tables.
MACHINE = FrameMachine(LEGAL, APPLY, PROCS)
advance = MACHINE.advance              # run procedures until a decision is pending
legal_actions = MACHINE.legal_actions  # legal actions of the pending decision
apply = MACHINE.apply                  # apply a legal action, then advance
