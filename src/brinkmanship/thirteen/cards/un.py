"""UN cards (1-13): either side may use their events (cards.md)."""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.thirteen.board import (
    A_FACE_SAVER,
    ALL_ARENAS,
    ALL_TRACKS,
    ARENAS,
    CLOSE_ALLIES,
    CONTAINMENT,
    FIFTY_FIFTY,
    INTELLIGENCE_REPORTS,
    MILITARY_ARENAS,
    NUCLEAR_SUBMARINES,
    OPPONENT,
    POLITICAL_ARENAS,
    SCRAMBLE,
    SOPS,
    SPEECH_TO_THE_NATION,
    SUMMIT_MEETING,
    TELEVISION,
    THE_GUNS_OF_AUGUST,
    TO_THE_BRINK,
    U_THANT,
    WORLD_OPINION_ARENAS,
)
from brinkmanship.thirteen.events import Play, event, then
from brinkmanship.thirteen.rules import (
    Data,
    ShiftFrame,
    dominator,
    log,
    may_lower,
    push,
    push_command,
    push_cubes,
    push_move_then_command,
    push_shift,
    shift_marker,
)


@event(SPEECH_TO_THE_NATION)
def speech_to_the_nation(d: Data, play: Play) -> None:
    """Up to 3 cubes on the world opinion arenas, at most 2 in each."""
    r = play.side
    push_cubes(d, r, r, "place", 3, WORLD_OPINION_ARENAS, per_arena=2)


@event(THE_GUNS_OF_AUGUST)
def the_guns_of_august(d: Data, play: Play) -> None:
    """Move one own marker 0-2 steps either way, then Command 1 anywhere."""
    push_move_then_command(d, play.side, ALL_TRACKS, play)


@event(FIFTY_FIFTY)
def fifty_fifty(d: Data, play: Play) -> None:
    """The side ahead in Television may move two of its markers one step
    each, on two different tracks (the ``fifty_fifty_same_track`` option
    allows the same track twice, as Saito does)."""
    side = dominator(d, TELEVISION)
    if side is None:
        log(d, "thirteen.event.fifty_fifty_tied", arena=ARENAS[TELEVISION], card=play.card)
        return
    log(d, "thirteen.event.fifty_fifty_leader", side=side, arena=ARENAS[TELEVISION])
    low = may_lower(d, side, play.side, play.by)
    push_shift(d, side, side, ALL_TRACKS, 1, then="fifty_fifty_second", down=low, data={"low": low})


@then("fifty_fifty_second")
def _fifty_fifty_second(d: Data, f: ShiftFrame, answer: Any) -> None:
    if answer is None:
        return
    track = answer[0]
    tracks = ALL_TRACKS if d["options"]["fifty_fifty_same_track"] else [t for t in ALL_TRACKS if t != track]
    push_shift(d, f["side"], f["side"], tracks, 1, down=f["data"]["low"])


@event(SOPS)
def sops(d: Data, play: Play) -> None:
    """Every Command of the resolver handles one more cube this round."""
    r = play.side
    d["fx"]["sops"] = [*d["fx"]["sops"], r]
    log(d, "thirteen.event.sops", card=play.card, side=r)


@event(CLOSE_ALLIES)
def close_allies(d: Data, play: Play) -> None:
    """Up to 2 cubes on the political arenas."""
    r = play.side
    push_cubes(d, r, r, "place", 2, POLITICAL_ARENAS)


@event(INTELLIGENCE_REPORTS)
def intelligence_reports(d: Data, play: Play) -> None:
    """Take a random card from the opponent: play it at once or discard it;
    the opponent draws a replacement."""
    r = play.side
    victim = OPPONENT[r]
    hand = d["hands"][victim]
    if not hand:
        log(d, "thirteen.event.intelligence_reports_nothing", side=victim, card=play.card)
        return
    c = hand.pop(rng.randbelow(d, len(hand)))
    d["held"].append(c)
    d["reveals"] += 1
    # Public: the taken card is played or discarded at once (rulings.md 61).
    log(d, "thirteen.event.intelligence_reports_takes", side=r, card=c, opp=victim)
    push(d, {"f": "stolen", "p": r, "card": c})


@event(SUMMIT_MEETING)
def summit_meeting(d: Data, play: Play) -> None:
    """Discard any number of the other cards in hand, then draw as many."""
    r = play.side
    if d["hands"][r]:
        push(d, {"f": "summit", "p": r, "n": 0})


@event(TO_THE_BRINK)
def to_the_brink(d: Data, play: Play) -> None:
    """The opponent's Commands handle one cube fewer (at least 1) this round."""
    opp = OPPONENT[play.side]
    d["fx"]["brink"] = [*d["fx"]["brink"], opp]
    log(d, "thirteen.event.to_the_brink", card=play.card, side=opp)


@event(NUCLEAR_SUBMARINES)
def nuclear_submarines(d: Data, play: Play) -> None:
    """Up to 2 cubes on the military arenas."""
    r = play.side
    push_cubes(d, r, r, "place", 2, MILITARY_ARENAS)


@event(U_THANT)
def u_thant(d: Data, play: Play) -> None:
    """All three of the resolver's markers de-escalate one step."""
    r = play.side
    if not may_lower(d, r, r, play.by):
        log(d, "thirteen.event.banned_nothing", side=r, card=play.card)
        return
    for t in ALL_TRACKS:
        shift_marker(d, r, t, -1, play.card)


@event(CONTAINMENT)
def containment(d: Data, play: Play) -> None:
    """The opponent may not de-escalate with events of cards it plays this round."""
    opp = OPPONENT[play.side]
    d["fx"]["containment"] = [*d["fx"]["containment"], opp]
    log(d, "thirteen.event.containment", card=play.card, side=opp)


@event(A_FACE_SAVER)
def a_face_saver(d: Data, play: Play) -> None:
    """Command 3; afterwards the opponent may Command 1."""
    r = play.side
    opp = OPPONENT[r]
    # The opponent gets a Command, not the event: the resolver stays r (Q10).
    push_command(d, opp, play.card, 1, ALL_ARENAS, granted=True, resolver=r, by=play.by)
    push_command(d, r, play.card, 3, ALL_ARENAS, granted=True, resolver=r, by=play.by)


@event(SCRAMBLE)
def scramble(d: Data, play: Play) -> None:
    """One cube in each of up to 3 different arenas."""
    r = play.side
    push_cubes(d, r, r, "place", 3, ALL_ARENAS, per_arena=1)
