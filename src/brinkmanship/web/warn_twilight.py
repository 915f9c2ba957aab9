"""Moves of Twilight Struggle that lose the game at once, named before they are made.

The web client asks the player to confirm such a move (``web.texts`` puts
these reasons in ``text.warnings``). A move loses at once in two ways:

- **Nuclear war by the mover's own hand** (8.1.5): a coup in a battleground
  at DEFCON 2, a DEFCON-lowering event the mover plays or triggers (its own
  card, or an opponent's card played for operations, whose event happens in
  the mover's round), a coup under the Cuban Missile Crisis; and any move
  every outcome of which ends the game with the mover losing (Wargames at a
  VP deficit, an opponent's event that gives the winning VP). Found by
  trying the move on a copy of the position: die rolls with every outcome at
  the first roll and the first outcome after it; the look-ahead stops at the
  next decision that is not the mover's event-or-operations choice, so it
  costs a few applies per move and runs only for the verbs that can end the
  game (``coup``, ``event``, ``ops``, ``target``, ``choose``, ``pick``,
  ``yes``). A headline is not tried: DEFCON is at least 3 when headlines are
  chosen (it improves at the start of each turn), and the other side's
  headline is unknown.
- **A scoring card held at the end of the turn** (the engine ends the game
  then, ``twilight.end.scoring_card_held``): a card play that leaves more
  scoring cards in hand than action rounds left to play them.

Hidden information stays hidden: the copy is a determinization of the mover's
own view (``State.resample``: the opponent's hand and the deck redealt, the
generator reseeded by a fixed seed), so a warning depends only on what the
mover knows, never on an unseen card or on the server's next die.
"""

from __future__ import annotations

import random
from typing import Any

import brinkmanship as bm
from brinkmanship.core.actions import Action
from brinkmanship.i18n import render
from brinkmanship.twilight.board import SCORING
from brinkmanship.twilight.data.setup import action_rounds

#: Verbs whose move can end the game at once (everything else is not tried).
LOOKAHEAD_VERBS = frozenset({"coup", "event", "ops", "target", "choose", "pick", "yes"})
#: Verbs that spend an action round on a card (or on nothing: ``pass``).
ROUND_VERBS = frozenset({"event", "ops", "space", "discard", "pass", "choose"})
SPACE_STATION = 8
NORTH_SEA_OIL = "North Sea Oil"
#: Effects through which a coup away from DEFCON 2 can still end the game: a
#: coup under the Cuban Missile Crisis is nuclear war; under Yuri and Samantha
#: each US coup gives the USSR a VP.
COUP_ENDERS = frozenset({"Cuban Missile Crisis", "Yuri and Samantha"})
# The determinization's seed: fixed, so that the same view gives the same warnings.
_SEED = 14


def warnings(state: bm.State, lang: str) -> dict[str, str]:
    """Each legal action of the side to move that loses the game at once, with why, in ``lang``."""
    mover = state.current_player
    if mover not in ("USSR", "US") or state.is_terminal:
        return {}
    found: dict[str, dict[str, Any]] = {}
    view = state.view(mover, log=False)
    legal = state.legal_actions()
    found.update(_held_scoring_cards(view, legal))
    # A coup lowers DEFCON by one at most: away from DEFCON 2 it ends the game
    # only through an effect (most positions: no coup is tried).
    coups = view["defcon"] <= 2 or not COUP_ENDERS.isdisjoint(view.get("effects") or ())
    tried = [a for a in legal if a.verb in LOOKAHEAD_VERBS and (coups or a.verb != "coup")]
    if tried:
        base = state.resample(mover, random.Random(_SEED))
        order = (view.get("decision") or {}).get("kind") == "order"
        for a in tried:
            if a.text in found:
                continue
            if order and a.verb == "ops":
                continue  # operations first: judged with the event below
            why = _lookahead(base, mover, a)
            if why is not None:
                found[a.text] = why
        if order:
            # The opponent's event comes either way: before or after the operations.
            event = next((a.text for a in tried if a.verb == "event" and a.text in found), None)
            if event is not None:
                for a in tried:
                    if a.verb == "ops":
                        found.setdefault(a.text, found[event])
    return {action: render(message, lang) for action, message in found.items()}


def _message(code: str, **args: Any) -> dict[str, Any]:
    return {"code": f"web.twilight.warn.{code}", "args": args}


def _lookahead(base: bm.State, mover: str, action: Action) -> dict[str, Any] | None:
    """Why ``action`` loses at once from ``base`` (a copy of the position the
    mover may know), or None: its outcomes, each ``"defcon"`` (nuclear war
    caused by the mover), ``"lost"`` (the game over, lost otherwise) or
    ``"open"`` (the game goes on, or a decision not the mover's comes)."""
    s = base.clone()
    s.apply(action)
    outcomes: list[str] = []
    ends: list[dict[str, Any]] = []
    pending = [s]
    branched = False
    while pending:
        cur = pending.pop()
        while True:
            if cur.is_terminal:
                if cur.winner is not None and cur.winner != mover:
                    outcomes.append("defcon" if cur.result == "defcon" else "lost")
                    ends.append(_end_entry(cur))
                else:
                    outcomes.append("open")
                break
            player = cur.current_player
            if player == "chance":
                rolls = [a for a, _ in cur.chance_outcomes()]
                if not branched:
                    branched = True
                    for roll in rolls[1:]:
                        other = cur.clone()
                        other.apply(roll)
                        pending.append(other)
                cur.apply(rolls[0])
                continue
            if player == mover:
                decision = cur.view(mover, log=False).get("decision") or {}
                if decision.get("kind") == "order":
                    event = next(o["action"] for o in decision["options"] if o["action"].startswith("event "))
                    cur.apply(event)
                    continue
            outcomes.append("open")
            break
    if "defcon" in outcomes:
        return _message("defcon" if all(o == "defcon" for o in outcomes) else "defcon_maybe")
    if outcomes and all(o == "lost" for o in outcomes):
        return _message("loses", why=ends[0])
    return None


def _end_entry(s: bm.State) -> dict[str, Any]:
    """The log entry that ended the game (the last one: nothing happens after
    the end), which says why it was lost."""
    entry = s.log_entries[-1]
    return {"code": entry["code"], "args": entry["args"]}


def _held_scoring_cards(view: dict[str, Any], legal: list[Action]) -> dict[str, dict[str, Any]]:
    """Card plays of an action round that leave more scoring cards in hand
    than rounds left to play them: the turn would end with one held."""
    decision = view.get("decision") or {}
    if decision.get("kind") != "action":
        return {}
    hand = view.get("hand") or []
    scoring = [c for c in hand if SCORING[c]]
    if not scoring:
        return {}
    side = view["viewer"]
    left = 0 if decision.get("extra") else action_rounds(view["turn"]) - view["action_round"] + _extra_round(view, side)
    out: dict[str, dict[str, Any]] = {}
    for a in legal:
        if a.verb not in ROUND_VERBS:
            continue
        played = a.arg if a.verb in ("event", "ops", "space", "discard") else None
        held = [c for c in scoring if c != played]
        if len(held) > left:
            # Names as nested messages: a ``web.`` message has no cards of its own.
            out[a.text] = _message("scoring", cards=[{"code": f"twilight.name.card.{c}", "args": {}} for c in held])
    return out


def _extra_round(view: dict[str, Any], side: str) -> int:
    """1 when ``side`` will have an extra action round this turn (the Space
    Station, or North Sea Oil for the US in the turn it was played)."""
    space = view["space"]
    other = "US" if side == "USSR" else "USSR"
    if space[side] >= SPACE_STATION > space[other]:
        return 1
    oil = (view.get("effects") or {}).get(NORTH_SEA_OIL)
    return int(side == "US" and oil is not None and oil.get("turn") == view["turn"])
