"""Why an action was refused: specific reasons for the error path only.

Kept apart from the rules so that legal-action generation stays lean; these
checks mirror the rules and run only when a client sends something illegal.
Each reason is a message of the catalogs (``twilight.error.*`` in
``i18n/<lang>/errors.json``), rendered in the reader's language.
"""

from __future__ import annotations

from typing import cast

from brinkmanship.core.actions import Action
from brinkmanship.core.log import Message, msg
from brinkmanship.twilight import rules
from brinkmanship.twilight.board import (
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

# The verbs that answer each kind of decision, in the order a player reads them.
_EXPECTED: dict[str, tuple[str, ...]] = {
    "setup": ("place",),
    "headline": ("headline",),
    "action": ("event", "ops", "space", "pass", "discard", "remove", "choose"),
    "ops": ("place", "coup", "realign"),
    "roll": ("roll",),
    "eagle": ("discard", "pass"),
    "order": ("event", "ops"),
    "place_inf": ("place", "done"),
    "remove_inf": ("remove", "done"),
    "ask": ("target", "pick", "discard", "choose", "event", "ops", "yes", "no", "pass"),
}


def explain(d: Data, a: Action) -> Message:
    """A specific reason why ``a`` is not legal in ``d``, as a message."""
    f = d["stack"][-1]
    kind = f["f"]
    player = f["p"]
    verb = a.verb
    if player == CHANCE:
        return msg("twilight.error.roll_now")
    allowed = _EXPECTED[kind]
    if kind == "ops" and f["mode"]:
        allowed = (f["mode"],)
    if "question" in f:  # an influence frame put as the event's question
        allowed = ("target", "pass")
    if verb not in allowed:
        return msg("twilight.error.wrong_verb", player=player, task=msg(f"twilight.error.task.{kind}"),
                   allowed=_one_of(allowed), verb=verb)
    if kind == "ask":
        return msg("twilight.error.not_a_choice", given=repr(a.text))
    if a.arg is None:
        return msg("twilight.error.not_possible", verb=verb)
    if verb in ("headline", "event", "ops", "space", "discard"):
        return _explain_card(d, f, a)
    return _explain_country(d, f, a)


def _one_of(verbs: tuple[str, ...]) -> str | Message:
    """``place``, or ``place, coup or realign``."""
    if len(verbs) == 1:
        return verbs[0]
    return msg("error.verbs_or", verbs=list(verbs[:-1]), last=verbs[-1])


def _explain_card(d: Data, f: dict[str, object], a: Action) -> Message:
    side = str(f["p"])
    c = a.arg
    assert c is not None
    if c == CHINA:
        if a.verb in ("headline", "event", "discard"):
            return msg("twilight.error.china_not_event", card=c)
        if d["china"] != side:
            return msg("twilight.error.china_not_held", side=side, card=c)
        if not d["china_up"]:
            return msg("twilight.error.china_face_down", card=c)
    elif c not in d["hands"][side]:
        return msg("twilight.error.not_in_hand", num=c, card=c, side=side)
    if a.verb == "event":
        if not d["options"]["events"] and not SCORING[c]:
            return msg("twilight.error.events_off", num=c, card=c)
        if CARD_SIDE[c] == OPPONENT[side]:
            return msg("twilight.error.opponent_event", num=c, card=c, owner=CARD_SIDE[c], side=side)
    if a.verb in ("ops", "space") and SCORING[c]:
        return msg("twilight.error.scoring_only_event", num=c, card=c)
    if a.verb == "discard" and SCORING[c]:
        return msg("twilight.error.scoring_no_discard", num=c, card=c)
    if f["f"] == "action":
        hand = d["hands"][side]
        n = sum(1 for x in hand if SCORING[x])
        left = rules.rounds_left(d, cast(ActionFrame, f))
        if n and n >= left and not SCORING[c]:
            return msg("twilight.error.scoring_due", side=side, n=n, left=left)
    if a.verb == "space":
        box = d["space"][side] + 1
        if box >= len(SPACE_BOXES):
            return msg("twilight.error.space_finished", side=side)
        if d["space_tries"][side] >= (2 if rules.space_ability(d, side, 2) else 1):
            return msg("twilight.error.space_tried", side=side)
        return msg("twilight.error.space_ops", space=box, ops=SPACE_BOXES[box][1])
    return msg("twilight.error.card_not_now", num=c, card=c)


def _explain_country(d: Data, f: dict[str, object], a: Action) -> Message:
    side = str(f["p"])
    i = a.arg
    assert i is not None
    country = NAMES[i]
    opp = OPPONENT[side]
    if f["f"] == "setup":
        return msg("twilight.error.setup_region", region=f["region"], country=country)
    if a.verb in ("coup", "realign"):
        if not d["inf"][opp][i]:
            return msg("twilight.error.no_target", opp=opp, country=country, verb=a.verb)
        closed = DEFCON_CLOSED[d["defcon"]]
        if REGION[i] in closed:
            return msg("twilight.error.defcon_closed", defcon=d["defcon"], region=REGION[i])
        return msg("twilight.error.ops_short", verb=a.verb, country=country)
    if f["f"] in ("place_inf", "remove_inf"):
        if i not in f["allowed"]:  # type: ignore[operator]
            return msg("twilight.error.event_disallows", country=country)
        if "per" in f and i in f["done"]:  # type: ignore[operator]
            return msg("twilight.error.chosen_already", country=country)
        if f["f"] == "remove_inf" and not d["inf"][f["side"]][i]:
            return msg("twilight.error.nothing_to_remove", side=f["side"], country=country)
        return msg("twilight.error.event_full", country=country)
    if a.verb == "place":
        if i not in f.get("access", ()):  # type: ignore[operator]
            return msg("twilight.error.unreachable", side=side, country=country)
        if d["inf"][opp][i] - d["inf"][side][i] >= STABILITY[i]:
            return msg("twilight.error.controlled", country=country, opp=opp)
        return msg("twilight.error.ops_unspendable", country=country)
    return msg("twilight.error.country_not_now", verb=a.verb, country=country)
