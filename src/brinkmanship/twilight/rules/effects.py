"""Twilight Struggle rules: lasting effects and the hooks the rules call.

A lasting effect is an entry of ``d["effects"]`` under its name, added by a
card's event and read wherever a rule depends on it: add/has/end/expire, the
events it blocks, Flower Power (#59), We Will Bury You (#50), Quagmire and
Bear Trap (#42, #44), coup protections (e.g. NATO, US/Japan Mutual Defense
Pact) and the coup and realignment die modifiers (6.3-6.4, Latin American
Death Squads, SALT Negotiations, Iran-Contra Scandal...).
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core.actions import Action
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import EVENT
from brinkmanship.twilight.board import ADJACENT, NAMES, OPPONENT, REGION, STARRED, SUPERPOWER
from brinkmanship.twilight.events import REGISTRY
from brinkmanship.twilight.rules.state import (
    BEAR_TRAP,
    FLOWER_POWER,
    QUAGMIRE,
    UN_INTERVENTION,
    US,
    USSR,
    WAR_CARDS,
    WE_WILL_BURY_YOU,
    Data,
    Frame,
    control,
    gain_vp,
    log,
)


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


# Quagmire traps the US, Bear Trap the USSR (effect names, and their cards).
TRAPS = {US: effect.QUAGMIRE, USSR: effect.BEAR_TRAP}
TRAP_CARDS = {effect.QUAGMIRE: QUAGMIRE, effect.BEAR_TRAP: BEAR_TRAP}


def flower_power_check(d: Data, side: str, card: int) -> None:
    """Flower Power: while it is in effect the USSR gains 2 VP each time the
    US plays a war card as an event or for ops (never to the Space Race). A
    war whose event may no longer be played (Arab-Israeli War after Camp
    David) does not count. Called wherever the US plays a card."""
    if side == US and card in WAR_CARDS and effect.FLOWER_POWER in d["effects"] and not event_blocked(d, card):
        gain_vp(d, USSR, 2, FLOWER_POWER)


def _we_will_bury_you(d: Data, a: Action) -> None:
    """We Will Bury You: as the US starts its next action round, the USSR
    gains 3 VP (before anything the US scores) unless the US plays UN
    Intervention as an event."""
    del d["effects"][effect.WE_WILL_BURY_YOU]
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


REGISTRY.add_continuation("trap_escape", _trap_escape)


def expire_effects(d: Data, when: str) -> None:
    """Drop the lasting effects that end ``when`` (e.g. at the end of turn)."""
    effects = d["effects"]
    for name in [n for n, e in effects.items() if e.get("until") == when]:
        _effect_card_leaves(d, effects.pop(name))
        log(d, "twilight.effect.expires", effect=name)


def event_blocked(d: Data, card: int) -> bool:
    """True if a lasting effect forbids ``card``'s event (e.g. "may no longer
    be played as an event")."""
    for e in d["effects"].values():
        blocks = e.get("blocks")
        if blocks and card in blocks:
            return True
    return False


# The effects that can shield a country from the USSR's coups and
# realignments (``protected``): without them no check is needed.
SHIELDS = frozenset((effect.THE_REFORMER, effect.NATO, effect.US_JAPAN_MUTUAL_DEFENSE_PACT))


def protected(d: Data, side: str, i: int, coup: bool) -> bool:
    """Is country ``i`` shielded from ``side``'s coups/realignments by an effect?
    NATO (US-controlled Europe, except France after De Gaulle and West
    Germany after Willy Brandt), the US/Japan pact (Japan), and The Reformer
    (no USSR coups in Europe) all protect against the USSR only."""
    if side != USSR:
        return False
    eff = d["effects"]
    if REGION[i] == "Europe":
        if coup and effect.THE_REFORMER in eff:
            return True
        if effect.NATO in eff and control(d, i) == US:
            name = NAMES[i]
            if not ((name == "France" and effect.DE_GAULLE_LEADS_FRANCE in eff)
                    or (name == "West Germany" and effect.WILLY_BRANDT in eff)):
                return True
    return NAMES[i] == "Japan" and effect.US_JAPAN_MUTUAL_DEFENSE_PACT in eff


def coup_die_modifier(d: Data, side: str, i: int) -> int:
    """Die modifiers of a coup from effects: SALT Negotiations -1 for both
    sides; Latin American Death Squads +1 for its player and -1 for the
    opponent in Central and South America. Military Ops are not affected."""
    eff = d["effects"]
    mod = 0
    if effect.SALT_NEGOTIATIONS in eff:
        mod -= 1
    lads = eff.get(effect.LATIN_AMERICAN_DEATH_SQUADS)
    if lads is not None and lads["side"] != "both" and REGION[i] in ("Central America", "South America"):
        # Played by both sides in one turn, the two effects cancel out.
        mod += 1 if lads["side"] == side else -1
    return mod


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
    if side == US and effect.IRAN_CONTRA_SCANDAL in d["effects"]:
        m -= 1
    return m
