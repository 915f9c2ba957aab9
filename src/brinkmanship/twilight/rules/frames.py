"""Twilight Struggle rules: the generic event frames that card events reuse.

Events place or remove influence (``push_influence``), ask a side to pick a
country, card or option (``ask``), ask chance for a die roll (``roll_for``),
resolve war cards (``war``), advance on the Space Race track out of an event
(``advance_space``), and reveal or discard cards from a hand. Each frame is
plain data; the event resumes through a named continuation (``events.then``).
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core.actions import Action
from brinkmanship.core.log import Message, msg
from brinkmanship.twilight.actions import CHOOSE, DISCARD, DONE, EVENT, NO, OPS, PASS, PICK, PLACE, REMOVE, TARGET, YES
from brinkmanship.twilight.board import ADJACENT, NAMES, OPPONENT, SUPERPOWER
from brinkmanship.twilight.data.setup import SPACE_BOXES
from brinkmanship.twilight.events import REGISTRY
from brinkmanship.twilight.rules.kinds import AskFrame, AskKind, EventRollFrame, InfluenceFrame
from brinkmanship.twilight.rules.state import CHANCE, Data, Frame, add_milops, control, gain_vp, log, push, reason

# ``per`` of an influence frame that takes all of a side's influence from
# each chosen country (Warsaw Pact Formed, Muslim Revolution).
ALL = 0


def push_influence(d: Data, verb: str, chooser: str, side: str, count: int,
                   allowed: list[int], max_per: int = 0, optional: bool = False, *,
                   per: int | None = None, then: str = "", data: Data | None = None,
                   question: str = "", log_code: str = "") -> None:
    """Push a generic event frame: ``chooser`` places (``verb="place"``) or
    removes (``"remove"``) ``side``'s influence, only in ``allowed``
    countries (tried in that order). ``optional`` lets the chooser stop
    early. The frame ends by itself when nothing more can be done.

    Two forms:

    - one point per action (``per=None``): ``count`` points, at most
      ``max_per`` per country (0: no limit);
    - ``count`` different countries (``per`` given): each action changes a
      country not chosen before by ``per`` points (a removal takes what is
      there, at most ``per``; ``per=ALL`` removes all of it).

    ``then`` names a continuation (``events.then``) run once the frame ends,
    whether by count, by stopping or because no country is left (also at
    once, with nothing pushed, when none is open from the start): it gets
    the finished frame (``data`` in ``frame["data"]``, the countries chosen
    in ``frame["done"]``, the choices not made in ``frame["left"]``) and the
    list of countries chosen as its answer.

    ``question`` puts the choice as the event question of that name (its
    decision data is ``decisions.QUESTIONS[question]``'s): the actions are
    ``target X`` and stopping is ``pass``, as recorded games name them.
    ``log_code`` words each change as the event's own entry, with the
    ``country`` (and ``n``, the points, in the countries form) instead of the
    generic ``twilight.influence.added``/``removed``.
    """
    f: InfluenceFrame = {"f": "place_inf" if verb == "place" else "remove_inf", "p": chooser, "side": side,
                "left": count, "allowed": list(allowed), "max": max_per, "done": [],
                "optional": optional}
    # The new fields are stored only when used: frames of the plain form
    # keep their shape (saved games, validation).
    if per is not None:
        f["per"] = per
    if then:
        f["then"] = then
        f["data"] = dict(data or {})
    if question:
        f["question"] = question
    if log_code:
        f["log"] = log_code
    if count > 0 and influence_targets(d, f):
        push(d, f)
    elif then:
        REGISTRY.continuations[then](d, f, [])


def influence_targets(d: Data, f: InfluenceFrame) -> list[int]:
    """The countries an influence frame may still change, in its order."""
    done = f["done"]
    if "per" in f:  # each country once
        if f["f"] == "place_inf":
            return [i for i in f["allowed"] if i not in done]
        inf = d["inf"][f["side"]]
        return [i for i in f["allowed"] if inf[i] and i not in done]
    mx = f["max"]
    if f["f"] == "place_inf":
        return [i for i in f["allowed"] if not mx or done.count(i) < mx]
    inf = d["inf"][f["side"]]
    return [i for i in f["allowed"] if inf[i] and (not mx or done.count(i) < mx)]


def _legal_influence(d: Data, f: InfluenceFrame) -> list[Action]:
    asked = "question" in f
    table = TARGET if asked else PLACE if f["f"] == "place_inf" else REMOVE
    acts = [table[i] for i in influence_targets(d, f)]
    if f["optional"] or not acts:
        acts.append(PASS if asked else DONE)
    return acts


def _apply_influence(d: Data, f: InfluenceFrame, a: Action) -> None:
    if a is DONE or a is PASS:
        _end_influence(d, f)
        return
    i = a.arg
    assert i is not None
    side = f["side"]
    inf = d["inf"][side]
    per = f.get("per")
    n = 1 if per is None else per if f["f"] == "place_inf" else inf[i] if per == ALL else min(per, inf[i])
    if f["f"] == "place_inf":
        inf[i] += n
    else:
        inf[i] -= n
    code = f.get("log")
    if code is None:
        log(d, "twilight.influence.added" if f["f"] == "place_inf" else "twilight.influence.removed",
            side=side, country=NAMES[i])
    elif per is None:
        log(d, code, country=NAMES[i])
    else:
        log(d, code, n=n, country=NAMES[i])
    f["done"] = [*f["done"], i]
    f["left"] -= 1
    if f["left"] <= 0 or not influence_targets(d, f):
        _end_influence(d, f)


def _end_influence(d: Data, f: InfluenceFrame) -> None:
    d["stack"].pop()
    then = f.get("then")
    if then:
        REGISTRY.continuations[then](d, f, f["done"])


# The action tables of the ``ask`` kinds (an option index -> its action).
ASK_TABLES: dict[str, tuple[Action, ...]] = {"target": TARGET, "pick": PICK, "discard": DISCARD, "choose": CHOOSE,
                                             "event": EVENT, "ops": OPS}


def ask(d: Data, chooser: str, kind: AskKind, options: list[int], then: str,
        optional: bool = False, data: dict[str, Any] | None = None) -> bool:
    """Push a generic decision for an event and resume with continuation
    ``then`` (registered with ``events.then``) once it is answered.

    ``kind``: ``"target"`` (a country), ``"pick"`` (a card), ``"discard"``
    (a card, discarded by the continuation), ``"choose"`` (an option index of
    ``actions.OPTIONS``), ``"event"``/``"ops"`` (play a card that way) or
    ``"yesno"`` (options ignored). ``optional`` adds ``pass``. ``data`` is
    kept (as a copy: the frame owns it) in the frame for the continuation,
    ``{}`` when there is none. Returns False (and pushes
    nothing) when there is nothing to choose from and passing is not allowed.
    """
    if kind != "yesno" and not options and not optional:
        return False
    frame: AskFrame = {"f": "ask", "p": chooser, "kind": kind, "options": list(options), "then": then,
                       "optional": optional, "data": dict(data) if data else {}}
    push(d, frame)
    return True


def roll_for(d: Data, then: str, data: dict[str, Any] | None = None) -> None:
    """Ask chance for a die roll for an event; continuation ``then`` gets it
    with ``data`` (copied into the frame, ``{}`` when None)."""
    frame: EventRollFrame = {"f": "roll", "p": CHANCE, "why": "event", "then": then,
                             "data": dict(data) if data else {}}
    push(d, frame)


def _legal_ask(d: Data, f: AskFrame) -> list[Action]:
    kind = f["kind"]
    if kind == "yesno":
        return [YES, NO]
    table = ASK_TABLES[kind]
    acts = [table[x] for x in f["options"]]
    if f["optional"]:
        acts.append(PASS)
    return acts


def _apply_ask(d: Data, f: AskFrame, a: Action) -> None:
    d["stack"].pop()
    if a is YES or a is NO:
        answer: Any = a is YES
    elif a is PASS:
        answer = None
    else:
        answer = a.arg
    REGISTRY.resume(d, f, answer)


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
    roll_for(d, "war", data={"side": side, "target": target, "win": win, "vp": vp, "penalty": penalty,
                             "card": card})


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


REGISTRY.add_continuation("war", _war_result)


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
