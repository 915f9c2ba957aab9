"""Why an action was refused: specific reasons for the error path only.

Kept apart from the rules so that legal-action generation stays lean; these
checks mirror the rules and run only when a client sends something illegal.
"""

from __future__ import annotations

from typing import cast

from brinkmanship.core.actions import Action
from brinkmanship.twilight import rules
from brinkmanship.twilight.board import (
    CARD_NAME,
    CARD_SIDE,
    CHINA,
    NAMES,
    OPPONENT,
    REGION,
    SCORING,
    STABILITY,
)
from brinkmanship.twilight.data.setup import DEFCON_CLOSED, SPACE_BOXES
from brinkmanship.twilight.rules import CHANCE, Data
from brinkmanship.twilight.rules.kinds import ActionFrame

_EXPECTED = {
    "setup": "place",
    "headline": "headline",
    "action": "event, ops, space, pass, discard, remove or choose",
    "ops": "place, coup or realign",
    "roll": "roll",
    "eagle": "discard or pass",
    "order": "event or ops",
    "place_inf": "place or done",
    "remove_inf": "remove or done",
    "ask": "target pick discard choose event ops yes no pass",
}


def explain(d: Data, a: Action) -> str:
    """A specific reason why ``a`` is not legal in ``d``."""
    f = d["stack"][-1]
    kind = f["f"]
    player = f["p"]
    verb = a.verb
    if player == CHANCE:
        return "a die must be rolled now (roll 1-6)"
    allowed = _EXPECTED[kind]
    if kind == "ops" and f["mode"]:
        allowed = f["mode"]
    if "question" in f:  # an influence frame put as the event's question
        allowed = "target or pass"
    if verb not in allowed.replace(",", " ").split():
        return f"{player} must now {rules_prompt(kind)}: expected {allowed}, not {verb!r}"
    if kind == "ask":
        return f"{a.text!r} is not one of the event's choices"
    if a.arg is None:
        return f"{verb!r} is not possible here"
    if verb in ("headline", "event", "ops", "space", "discard"):
        return _explain_card(d, f, a)
    return _explain_country(d, f, a)


def rules_prompt(kind: str) -> str:
    return {
        "setup": "place set-up influence",
        "headline": "choose a headline card",
        "action": "play a card",
        "ops": "spend operations",
        "roll": "roll",
        "eagle": "choose a card to discard or pass",
        "order": "choose whether the event happens before or after the operations",
        "place_inf": "place influence for an event",
        "remove_inf": "remove influence for an event",
        "ask": "answer the event's question",
    }[kind]


def _explain_card(d: Data, f: dict[str, object], a: Action) -> str:
    side = str(f["p"])
    c = a.arg
    assert c is not None
    name = f"#{c} {CARD_NAME[c]}"
    if c == CHINA:
        if a.verb in ("headline", "event", "discard"):
            return "The China Card cannot be played as an event, headlined or discarded"
        if d["china"] != side:
            return f"{side} does not hold The China Card"
        if not d["china_up"]:
            return "The China Card is face down until the end of the turn"
    elif c not in d["hands"][side]:
        return f"{name} is not in {side}'s hand"
    if a.verb == "event":
        if not d["options"]["events"] and not SCORING[c]:
            return f"events are off in this game: {name} may be played for ops or the Space Race"
        if CARD_SIDE[c] == OPPONENT[side]:
            return f"{name} carries the {CARD_SIDE[c]} event; {side} may only play it for ops or the Space Race"
    if a.verb in ("ops", "space") and SCORING[c]:
        return f"{name} is a scoring card: it can only be played as an event"
    if a.verb == "discard" and SCORING[c]:
        return f"{name} is a scoring card and cannot be discarded"
    if f["f"] == "action":
        hand = d["hands"][side]
        n = sum(1 for x in hand if SCORING[x])
        left = rules.rounds_left(d, cast(ActionFrame, f))
        if n and n >= left and not SCORING[c]:
            return (f"{side} holds {n} scoring card(s) with {left} action round(s) left: "
                    "scoring cards must be played now")
    if a.verb == "space":
        box = d["space"][side] + 1
        if box >= len(SPACE_BOXES):
            return f"{side} has finished the Space Race"
        if d["space_tries"][side] >= (2 if rules.space_ability(d, side, 2) else 1):
            return f"{side} has used its Space Race attempts this turn"
        return f"{SPACE_BOXES[box][0]} needs a card of {SPACE_BOXES[box][1]} ops"
    return f"{name} cannot be played that way now"


def _explain_country(d: Data, f: dict[str, object], a: Action) -> str:
    side = str(f["p"])
    i = a.arg
    assert i is not None
    name = NAMES[i]
    opp = OPPONENT[side]
    if f["f"] == "setup":
        return f"set-up influence goes to {f['region']}; {name} is not there"
    if a.verb in ("coup", "realign"):
        if not d["inf"][opp][i]:
            return f"there is no {opp} influence in {name} to {a.verb}"
        closed = DEFCON_CLOSED[d["defcon"]]
        if REGION[i] in closed:
            return f"at DEFCON {d['defcon']} coups and realignments are forbidden in {REGION[i]}"
        return f"not enough ops left for a {a.verb} in {name}"
    if f["f"] in ("place_inf", "remove_inf"):
        if i not in f["allowed"]:  # type: ignore[operator]
            return f"the event does not allow {name}"
        if "per" in f and i in f["done"]:  # type: ignore[operator]
            return f"{name} was chosen already: the event changes each country once"
        if f["f"] == "remove_inf" and not d["inf"][f["side"]][i]:
            return f"there is no {f['side']} influence in {name} to remove"
        return f"the event allows no more in {name}"
    if a.verb == "place":
        if i not in f.get("access", ()):  # type: ignore[operator]
            return (f"{side} cannot reach {name}: influence goes only where {side} had influence "
                    "at the start of the action round, next to it, or next to its superpower")
        if d["inf"][opp][i] - d["inf"][side][i] >= STABILITY[i]:
            return f"{name} is {opp}-controlled: 1 influence there costs 2 ops, and fewer are left"
        return f"the ops left cannot be spent in {name} (a China Card bonus is only for Asia)"
    return f"{a.verb} {name} is not possible now"
