"""Words for players: the prompt of each decision and why an action is refused.

Only the error path calls ``explain``, so it may be slow and thorough; the
hot path (legal actions) never builds these messages. Each reason is a
message of the catalogs (``thirteen.error.*`` in ``i18n/<lang>/errors.json``),
rendered in the reader's language.
"""

from __future__ import annotations

from brinkmanship.core.actions import Action
from brinkmanship.core.log import Message, msg
from brinkmanship.thirteen.board import (
    AGENDA_NAME,
    ALLIANCES,
    ARENAS,
    BAY_OF_PIGS,
    CARD_FACTION,
    CONTAINMENT,
    INTELLIGENCE_REPORTS,
    OPPONENT,
    TRACKS,
)
from brinkmanship.thirteen.data.board import ARENA_MAX, DEFCON_MAX, DEFCON_MIN, SUPPLY
from brinkmanship.thirteen.decisions import decision, prompt_message
from brinkmanship.thirteen.rules import Data, agenda_type, reserve
from brinkmanship.thirteen.rules.play import letter_adds


def describe(d: Data) -> str:
    """A one-line public prompt for the pending decision (the prompt of
    ``decisions.decision`` for a spectator)."""
    x = decision(d, None)
    return "game over" if x is None else str(x["prompt"])


def explain(d: Data, a: Action) -> Message:
    """Why ``a`` is not legal now, as a message."""
    if d["over"]:
        return msg("error.game_over")
    f = d["stack"][-1]
    kind = f["f"]
    p = f["p"]
    verb = a.verb
    arg = a.arg
    if kind == "turn" and verb in ("command", "event"):
        assert arg is not None
        if arg not in d["hands"][p]:
            return msg("thirteen.error.not_in_hand", card=arg, side=p)
        return msg("thirteen.error.opponent_card", card=arg, owner=CARD_FACTION[arg], side=p, opp=OPPONENT[p])
    if kind == "turn" and verb == "letter":
        if d["letter"] != p:
            return msg("thirteen.error.letter_not_held", side=p, holder=d["letter"])
        return msg("thirteen.error.letter_outside_command")
    if kind == "command":
        if verb == "letter":
            if d["letter"] != p:
                return msg("thirteen.error.letter_not_held", side=p, holder=d["letter"])
            if f["granted"]:
                return msg("thirteen.error.letter_event_command")
            if f["mode"] == "" and not letter_adds(d, f):
                return msg("thirteen.error.letter_adds_nothing")
            return msg("thirteen.error.letter_late")
        if verb in ("place", "remove"):
            assert arg is not None
            mine = d["cubes"][p][arg]
            if arg not in f["arenas"]:
                return msg("thirteen.error.command_arenas", arenas=[ARENAS[i] for i in f["arenas"]])
            if f["mode"] and arg != f["arena"]:
                return msg("thirteen.error.command_one_arena", arena=ARENAS[f["arena"]])
            if f["mode"] and verb != f["mode"]:
                return msg("thirteen.error.command_mode", mode=f["mode"])
            if verb == "place" and mine >= ARENA_MAX:
                return msg("thirteen.error.arena_full", side=p, max=ARENA_MAX, arena=ARENAS[arg])
            if verb == "place" and reserve(d, p) <= 0:
                return msg("thirteen.error.supply_empty", side=p, supply=SUPPLY)
            if verb == "remove" and not mine:
                return msg("thirteen.error.no_cubes", side=p, arena=ARENAS[arg])
            if verb == "remove" and not f["remove"]:
                return msg("thirteen.error.event_command_place_only")
    if kind == "cubes" and verb in ("place", "remove"):
        assert arg is not None
        if verb != f["verb"]:
            return msg("thirteen.error.event_verb", verb=f["verb"])
        if arg not in f["arenas"]:
            return msg("thirteen.error.event_arenas", arenas=[ARENAS[i] for i in f["arenas"]])
        if f["max"] and f["done"].count(arg) >= f["max"]:
            return msg("thirteen.error.event_per_arena", max=f["max"])
        if f["one"] and f["done"] and arg != f["done"][0]:
            return msg("thirteen.error.event_one_arena", arena=ARENAS[f["done"][0]])
        side = f["side"]
        if verb == "place":
            if d["cubes"][side][arg] >= ARENA_MAX:
                return msg("thirteen.error.event_arena_full", side=side, max=ARENA_MAX, arena=ARENAS[arg])
            return msg("thirteen.error.event_supply_empty", side=side)
        return msg("thirteen.error.no_cubes", side=side, arena=ARENAS[arg])
    if kind == "shift" and verb in ("escalate", "de-escalate"):
        assert arg is not None
        track, k = divmod(arg, 2)
        pos = d["defcon"][f["side"]][track]
        if track not in f["tracks"]:
            return msg("thirteen.error.shift_track", tracks=[TRACKS[t] for t in f["tracks"]])
        if verb == "escalate" and not f["up"]:
            return msg("thirteen.error.shift_down_only")
        if verb == "de-escalate" and not f["down"]:
            return msg("thirteen.error.shift_no_down", side=f["side"], event=CONTAINMENT, event2=BAY_OF_PIGS)
        if k + 1 > f["steps"]:
            return msg("thirteen.error.shift_too_far", n=f["steps"])
        if verb == "escalate" and pos + k + 1 > DEFCON_MAX:
            return msg("thirteen.error.track_end", pos=pos, end=DEFCON_MAX)
        if verb == "de-escalate" and pos - k - 1 < DEFCON_MIN:
            return msg("thirteen.error.track_end", pos=pos, end=DEFCON_MIN)
        if f["exact"]:
            return msg("thirteen.error.shift_exact", n=f["steps"])
    if kind == "agenda" and verb == "agenda":
        assert arg is not None
        return msg("thirteen.error.not_offered", agenda=AGENDA_NAME[arg], side=p,
                   agendas=[AGENDA_NAME[agenda_type(x)] for x in d["offered"][p]])
    if kind == "stolen" and verb in ("command", "event", "discard"):
        assert arg is not None
        card = f["card"]
        if arg != card:
            return msg("thirteen.error.stolen_card", event=INTELLIGENCE_REPORTS, card=card)
        return msg("thirteen.error.stolen_no_event", card=card, owner=CARD_FACTION[card], side=p)
    if kind == "summit" and verb == "discard":
        assert arg is not None
        return msg("thirteen.error.not_in_hand", card=arg, side=p)
    if kind in ("alliances", "aftermath") and verb in ("aftermath", "discard"):
        assert arg is not None
        if kind == "alliances":
            return msg("thirteen.error.alliances_card", arena=ARENAS[ALLIANCES], card=f["card"])
        return msg("thirteen.error.not_in_hand", card=arg, side=p)
    if kind == "offer" and verb in ("command", "event"):
        return msg("thirteen.error.offer_pending", side=p)
    x = decision(d, None)
    assert x is not None  # the game is not over
    return msg("thirteen.error.not_an_answer", given=repr(a.text), decision=prompt_message(x))
