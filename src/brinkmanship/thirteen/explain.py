"""Words for players: the prompt of each decision and why an action is refused.

Only the error path calls ``explain``, so it may be slow and thorough; the
hot path (legal actions) never builds these strings.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action
from brinkmanship.thirteen.board import (
    AGENDA_NAME,
    ARENAS,
    CARD_FACTION,
    CARD_NAME,
    OPPONENT,
    TRACKS,
)
from brinkmanship.thirteen.data.board import ARENA_MAX, DEFCON_MAX, DEFCON_MIN, SUPPLY
from brinkmanship.thirteen.decisions import decision
from brinkmanship.thirteen.rules import Data, agenda_type, reserve


def describe(d: Data) -> str:
    """A one-line public prompt for the pending decision (the prompt of
    ``decisions.decision`` for a spectator)."""
    x = decision(d, None)
    return "game over" if x is None else str(x["prompt"])


def explain(d: Data, a: Action) -> str:
    """Why ``a`` is not legal now."""
    if d["over"]:
        return "the game is over"
    f = d["stack"][-1]
    kind = f["f"]
    p = f["p"]
    verb = a.verb
    arg = a.arg
    here = f"the pending decision is: {describe(d)}"
    if kind == "turn" and verb in ("command", "event"):
        assert arg is not None
        if arg not in d["hands"][p]:
            return f"{CARD_NAME[arg]} is not in {p}'s hand"
        fac = CARD_FACTION[arg]
        return (f"{CARD_NAME[arg]} is a {fac} card: {p} may only command with it "
                f"(its event is offered to {OPPONENT[p]})")
    if kind == "turn" and verb == "letter":
        if d["letter"] != p:
            return f"{p} does not hold the Personal Letter ({d['letter']} does)"
        return "the Personal Letter is added during a Command: play 'command <card>' first"
    if kind == "command":
        if verb == "letter":
            if d["letter"] != p:
                return f"{p} does not hold the Personal Letter ({d['letter']} does)"
            if f["granted"]:
                return "the Personal Letter only strengthens a Command made with a played card, never an event"
            return "the Personal Letter must be added before the first cube"
        if verb in ("place", "remove"):
            assert arg is not None
            mine = d["cubes"][p][arg]
            if arg not in f["arenas"]:
                return f"this Command may only use {', '.join(ARENAS[i] for i in f['arenas'])}"
            if f["mode"] and arg != f["arena"]:
                return f"a Command uses one arena: this one is {ARENAS[f['arena']]}"
            if f["mode"] and verb != f["mode"]:
                return f"a Command never both places and removes: this one {f['mode']}s"
            if verb == "place" and mine >= ARENA_MAX:
                return f"{p} already has {ARENA_MAX} cubes in {ARENAS[arg]}, the most allowed"
            if verb == "place" and reserve(d, p) <= 0:
                return f"{p} has no cubes left in its supply ({SUPPLY} are all on the board)"
            if verb == "remove" and not mine:
                return f"{p} has no cubes in {ARENAS[arg]}"
            if verb == "remove" and not f["remove"]:
                return "this event's Command may only place cubes (option event_command_remove is off)"
    if kind == "cubes" and verb in ("place", "remove"):
        assert arg is not None
        if verb != f["verb"]:
            return f"this event {f['verb']}s cubes"
        if arg not in f["arenas"]:
            return f"this event may only use {', '.join(ARENAS[i] for i in f['arenas'])}"
        if f["max"] and f["done"].count(arg) >= f["max"]:
            return f"at most {f['max']} per arena for this event"
        if f["one"] and f["done"] and arg != f["done"][0]:
            return f"this event uses one arena: {ARENAS[f['done'][0]]}"
        side = f["side"]
        if verb == "place":
            if d["cubes"][side][arg] >= ARENA_MAX:
                return f"{side} already has {ARENA_MAX} cubes in {ARENAS[arg]}; events never break that limit"
            return f"{side} has no cubes left in its supply"
        return f"{side} has no cubes in {ARENAS[arg]}"
    if kind == "shift" and verb in ("escalate", "de-escalate"):
        assert arg is not None
        track, k = divmod(arg, 2)
        pos = d["defcon"][f["side"]][track]
        if track not in f["tracks"]:
            return f"this may only move the {', '.join(TRACKS[t] for t in f['tracks'])} marker"
        if verb == "escalate" and not f["up"]:
            return "this may only de-escalate"
        if verb == "de-escalate" and not f["down"]:
            return (f"{f['side']} may not de-escalate here (a ban such as Containment or Bay of Pigs, "
                    "or the card only escalates)")
        if k + 1 > f["steps"]:
            return f"at most {f['steps']} step{'' if f['steps'] == 1 else 's'}"
        if verb == "escalate" and pos + k + 1 > DEFCON_MAX:
            return f"the marker is at {pos}; the track ends at {DEFCON_MAX}"
        if verb == "de-escalate" and pos - k - 1 < DEFCON_MIN:
            return f"the marker is at {pos}; the track ends at {DEFCON_MIN}"
        if f["exact"]:
            return (f"the marker moves exactly {f['steps']} step{'' if f['steps'] == 1 else 's'} "
                    "(or as far as the track allows)")
    if kind == "agenda" and verb == "agenda":
        assert arg is not None
        offered = ", ".join(AGENDA_NAME[agenda_type(x)] for x in d["offered"][p])
        return f"{AGENDA_NAME[arg]} is not one of {p}'s agendas ({offered})"
    if kind == "stolen" and verb in ("command", "event", "discard"):
        assert arg is not None
        card = f["card"]
        if arg != card:
            return f"the card taken by Intelligence Reports is {CARD_NAME[card]}: play it now or discard it"
        return (f"{CARD_NAME[card]} is a {CARD_FACTION[card]} card: {p} may command with it or discard it, "
                "never use its event")
    if kind == "summit" and verb == "discard":
        assert arg is not None
        return f"{CARD_NAME[arg]} is not in {p}'s hand"
    if kind in ("alliances", "aftermath") and verb in ("aftermath", "discard"):
        assert arg is not None
        if kind == "alliances":
            return f"the Alliances card is {CARD_NAME[f['card']]}: 'aftermath' or 'discard' it"
        return f"{CARD_NAME[arg]} is not in {p}'s hand"
    if kind == "offer" and verb in ("command", "event"):
        return f"{p} must first 'accept' or 'decline' the offered event"
    return f"{a.text!r} does not answer this decision; {here}"
