"""13 Days rules: the state and the small helpers every other rules module uses.

The blank state, the decision stack (``push``, resuming a continuation,
marking an event's frames as the card's own), the log, cubes (reserve,
placement limit, who dominates an arena), prestige, DEFCON markers and what
may lower them, and drawing a card.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.log import PUBLIC, Message, msg
from brinkmanship.core.validate import STATE_VERSION
from brinkmanship.thirteen.board import AGENDA_CARDS, ALL_TRACKS, ARENAS, N_ARENAS, TRACKS, US, USSR
from brinkmanship.thirteen.data.board import (
    ARENA_MAX,
    DEFCON_MAX,
    DEFCON_MIN,
    MAX_LEAD,
    START_CUBES,
    START_DEFCON,
    SUPPLY,
)
from brinkmanship.thirteen.events import REGISTRY
from brinkmanship.thirteen.rules.kinds import AnyFrame, EventFrame

Data = dict[str, Any]
Frame = dict[str, Any]
ROUND_EFFECTS = ("sops", "brink", "containment", "bay_of_pigs")


def resume(d: Data, f: EventFrame, answer: Any) -> None:
    """Resume the event that pushed ``f`` with ``answer`` (its registered
    continuation ``f["then"]``). The decisions the continuation pushes
    belong to the card of the frame it resumes."""
    stack = d["stack"]
    n = len(stack)
    REGISTRY.resume(d, f, answer)
    card = f.get("card")
    if card:
        own_frames(stack, n, card)


def own_frames(stack: list[Frame], start: int, card: int) -> None:
    """Mark the frames pushed from ``start`` on as belonging to ``card`` (an
    event's decisions), so that a view can name the card a decision is for.
    A frame that already names a card (a Command, a stolen card) keeps it."""
    for f in stack[start:]:
        if "card" not in f:
            f["card"] = card


def log(d: Data, code: str, /, to: str = PUBLIC, **args: Any) -> None:
    """Append a log entry: a message code of the catalog (``i18n/en/thirteen_*.json``),
    its arguments (language-neutral data), and who may read it (``"all"``, or
    an audience of ``core.log``: the players, the spectators, one side)."""
    d["log"].append({"code": code, "args": args, "to": to})


# A reason given to a rules helper (why prestige is gained, why a marker
# moves): a card number or a nested message, never text.
Why = int | Message


def why_msg(why: Why) -> Message:
    """The reason as a nested message (a card number becomes the card's name)."""
    return msg("thirteen.why.card", card=why) if isinstance(why, int) else why


def push(d: Data, frame: AnyFrame) -> None:
    """Put a frame on top of the decision stack."""
    d["stack"].append(frame)


def reserve(d: Data, side: str) -> int:
    """Cubes ``side`` still has off the board."""
    return SUPPLY - sum(d["cubes"][side])


def can_place(d: Data, side: str, arena: int) -> bool:
    """One more ``side`` cube may go into ``arena`` (supply and 5-cube limit)."""
    return d["cubes"][side][arena] < ARENA_MAX and sum(d["cubes"][side]) < SUPPLY


def dominator(d: Data, arena: int) -> str | None:
    """The side with strictly more cubes in ``arena``, or None on a tie."""
    us = d["cubes"][US][arena]
    su = d["cubes"][USSR][arena]
    if us > su:
        return US
    if su > us:
        return USSR
    return None


def prestige_text(p: int) -> str:
    """The prestige marker as players read it (positive: US ahead)."""
    if p == 0:
        return "even"
    return f"US +{p}" if p > 0 else f"USSR +{-p}"


def gain_prestige(d: Data, side: str, n: int, why: Why) -> None:
    """``side`` gains ``n`` prestige (``why``: a card number or a message);
    the lead never exceeds 5 (Q8)."""
    if n <= 0:
        return
    old = d["prestige"]
    new = old + (n if side == US else -n)
    d["prestige"] = max(-MAX_LEAD, min(MAX_LEAD, new))
    code = "thirteen.prestige.gain_capped" if new != d["prestige"] else "thirteen.prestige.gain"
    log(d, code, side=side, n=n, why=why_msg(why), prestige=d["prestige"])


def shift_marker(d: Data, side: str, track: int, delta: int, why: Why | None = None) -> int:
    """Move ``side``'s marker on ``track`` by ``delta`` steps, stopping at the
    ends of the track (``why``: a card number or a message, shown when given).
    Returns the steps actually moved (signed)."""
    row = d["defcon"][side]
    old = row[track]
    new = max(DEFCON_MIN, min(DEFCON_MAX, old + delta))
    if new != old:
        row[track] = new
        code = "thirteen.defcon.escalates" if new > old else "thirteen.defcon.deescalates"
        if why is None:
            log(d, code, side=side, track=TRACKS[track], n=abs(new - old), pos=new)
        else:
            log(d, code + "_why", side=side, track=TRACKS[track], n=abs(new - old), pos=new, why=why_msg(why))
    return new - old


def defcon_markers(d: Data, side: str) -> list[Message]:
    """``side``'s three markers as messages (read ``Military 2, Political 3,
    World Opinion 2``)."""
    row = d["defcon"][side]
    return [msg("thirteen.defcon.marker", track=TRACKS[t], pos=row[t]) for t in ALL_TRACKS]


def may_lower(d: Data, side: str, resolver: str, by: str) -> bool:
    """May ``side`` lower its own DEFCON markers with this event? Bay of Pigs
    forbids it for any event. Containment forbids it for cards the side
    played itself and for events it accepted off the opponent's card, which
    it resolves "as though it had played it" (the seed; Q10); the option
    ``containment_offered=False`` exempts accepted events (Saito)."""
    fx = d["fx"]
    if side in fx["bay_of_pigs"]:
        return False
    if side in fx["containment"]:
        if by == side:
            return False
        if resolver == side and d["options"]["containment_offered"]:
            return False
    return True


def draw_card(d: Data) -> int | None:
    """The top strategy card; the discards are reshuffled if the deck is
    empty (it cannot run out in a normal game, see rules.md 3)."""
    deck = d["deck"]
    if not deck:
        if not d["discard"]:
            return None
        deck.extend(d["discard"])
        d["discard"] = []
        rng.shuffle(d, deck)
        log(d, "thirteen.deck.reshuffle", n=len(deck))
    d["reveals"] += 1  # someone sees a new card: undo may not take back what led here
    c: int = deck.pop()
    return c


def cards_in_game(d: Data) -> list[int]:
    """Every strategy card wherever it is (for the conservation check)."""
    out = list(d["deck"]) + list(d["discard"]) + list(d["held"])
    for side in (USSR, US):
        out.extend(d["hands"][side])
    out.extend(c for _, c in d["aftermath"])
    return out


def blank_state(seed: int, options: dict[str, Any]) -> Data:
    """A state with the printed start (cubes, DEFCON, Letter), nothing dealt."""
    cubes = {USSR: [0] * N_ARENAS, US: [0] * N_ARENAS}
    for side, placed in START_CUBES.items():
        for name, n in placed.items():
            cubes[side][ARENAS.index(name)] = n
    return {
        "game": "thirteen",
        "version": STATE_VERSION,
        "options": options,
        "seed": seed,
        "rng": rng.seed_state(seed),
        "ply": 0,
        "round": 1,
        "prestige": 0,
        "defcon": {USSR: list(START_DEFCON[USSR]), US: list(START_DEFCON[US])},
        "cubes": cubes,
        "letter": US,
        "hands": {USSR: [], US: []},
        "deck": [],
        "discard": [],
        "held": [],
        "aftermath": [],
        "agenda_deck": list(range(1, len(AGENDA_CARDS) + 1)),
        "agenda_out": [],
        "offered": {USSR: [], US: []},
        "kept": {USSR: 0, US: 0},
        "agendas_open": False,
        "plays": {USSR: 0, US: 0},
        "next": USSR,
        "fx": {k: [] for k in ROUND_EFFECTS},
        "stack": [],
        "log": [],
        "over": False,
        "winner": None,
        "result": None,
        "reveals": 0,
    }
