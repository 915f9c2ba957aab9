"""Twilight Struggle's pending decision as data: ``view(side)["decision"]``.

Bots, the CLI, the web client and RL environments read these fields, never
the prose; ``prompt`` is the same data rendered as one English sentence from
the catalog (``i18n/en/twilight_prompts.json``), and ``prompt_message``
gives that sentence as a message built from the decision's data alone, for a
client to render in its reader's language. The schema, kind by kind, is in
docs/architecture.md ("Decisions").

What a viewer may learn: ``card`` is always public (the card being played,
or the one whose event is resolving: the nearest ``finish`` frame below,
whose card is in play); a card taken from a hand (Grain Sales to Soviets)
and the cards a card question offers (a discard from a hand, Our Man in
Tehran's top cards) appear only to a viewer who may know them.

Views are built at every decision a search bot simulates, so this stays
cheap: small fresh dicts, and each prompt rendered once per distinct
argument tuple (``PROMPTS``; clear it after changing a catalog).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from brinkmanship.core.log import Message, msg
from brinkmanship.i18n import catalog, render
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import CHOOSE, DISCARD, EVENT, NO, OPS, OPTIONS, PASS, PICK, TARGET, YES
from brinkmanship.twilight.board import (
    CARD_BY_NAME,
    CARD_SIDE,
    CHINA,
    IN_REGION,
    NAMES,
    OPPONENT,
    REGIONS,
    SCORING_CARD_REGION,
    SUBREGION_NAMES,
)
from brinkmanship.twilight.data.setup import SPACE_BOXES
from brinkmanship.twilight.rules import CHANCE, CMC_LIFT, MISSILE_ENVY, TRAPS, US, USSR, Data, Frame, influence_targets
from brinkmanship.twilight.rules.kinds import (
    ActionFrame,
    AskFrame,
    EagleFrame,
    EventRollFrame,
    HeadlineFrame,
    InfluenceFrame,
    OpsFrame,
    OrderFrame,
    RollFrame,
    SetupFrame,
)

# The one influence frame pushed outside any card's event: NORAD's placement
# at the end of an action round.
NORAD = 106

# Rendered prompts by (code, argument values...). Prompts repeat a lot (the
# same card, ops and round), so rendering through the catalog happens once.
PROMPTS: dict[tuple[Any, ...], str] = {}
_PROMPTS_MAX = 50_000

# A country set that is exactly a region or subregion is named as such.
_REGION_OF: dict[frozenset[int], str] = {frozenset(IN_REGION[r]): r for r in (*REGIONS, *SUBREGION_NAMES)}
_REGION_SIZES = frozenset(len(IN_REGION[r]) for r in (*REGIONS, *SUBREGION_NAMES))

# Card questions: their options are cards, which may sit in a hidden hand.
_CARD_CHOICES = frozenset({"pick", "discard", "event", "ops"})
_ASK_TABLES = {"target": TARGET, "pick": PICK, "discard": DISCARD, "choose": CHOOSE, "event": EVENT, "ops": OPS}

_OPS_MODES = (("p", "place"), ("c", "coup"), ("r", "realign"))
# ops frame ``kinds`` -> (allowed modes, prompt code)
_OPS_KINDS: dict[str, tuple[tuple[str, ...], str]] = {}


def _ops_kinds(kinds: str) -> tuple[tuple[str, ...], str]:
    got = _OPS_KINDS.get(kinds)
    if got is None:
        letters = "".join(k for k, _ in _OPS_MODES if k in kinds)
        got = _OPS_KINDS[kinds] = (tuple(m for k, m in _OPS_MODES if k in kinds), f"twilight.decision.ops.{letters}")
    return got


def say(code: str, args: dict[str, Any]) -> str:
    """``code`` rendered with ``args`` (hashable values only), cached under
    ``(code, *args.values())``: the hot builders look that key up first and
    build ``args`` only when it is missing."""
    key = (code, *args.values())
    text = PROMPTS.get(key)
    if text is None:
        if len(PROMPTS) >= _PROMPTS_MAX:
            PROMPTS.clear()
        text = PROMPTS[key] = render({"code": code, "args": args})
    return text


def event_card(stack: list[Frame]) -> int | None:
    """The card whose play is resolving: the nearest ``finish`` frame's."""
    for f in reversed(stack):
        if f["f"] == "finish":
            c: int = f["card"]
            return c
    return None


def may_know(d: Data, side: str | None, c: int) -> bool:
    """May ``side`` (``None``: a spectator) know where card ``c`` is: public
    (in play, discarded, removed, The China Card), in its own hand, or seen in
    the opponent's hand and still there."""
    if c == CHINA or c in d["in_play"] or c in d["discard"] or c in d["removed"]:
        return True
    if side is None:
        return False
    return c in d["hands"][side] or (c in d["known"][side] and c in d["hands"][OPPONENT[side]])


def scope(countries: list[int] | tuple[int, ...] | None) -> tuple[str | None, list[str] | None]:
    """``(region, countries)``: the region the set is exactly, else the
    countries' names (``(None, None)``: no limit)."""
    if countries is None:
        return None, None
    if len(countries) in _REGION_SIZES:
        region = _REGION_OF.get(frozenset(countries))
        if region is not None:
            return region, None
    return None, [NAMES[i] for i in countries]


# ---------------------------------------------------------------------------
# Decision kinds
# ---------------------------------------------------------------------------
def _setup(d: Data, f: SetupFrame, side: str | None) -> Data:
    p = f["p"]
    left = f["left"]
    region = f["region"]
    return {"player": p, "kind": "setup", "mode": "place", "left": left, "region": region,
            "prompt": say("twilight.decision.setup", {"player": p, "left": left, "region": region})}


def _headline(d: Data, f: HeadlineFrame, side: str | None) -> Data:
    p = f["p"]
    return {"player": p, "kind": "headline", "shown_first": d["hl_open"] == p,
            "prompt": say("twilight.decision.headline", {"player": p})}


def _action(d: Data, f: ActionFrame, side: str | None) -> Data:
    p = f["p"]
    extra = f["extra"]
    trap = envy = None
    lift: list[str] = []
    eff = d["effects"]
    if eff:
        trap = TRAPS[p] if TRAPS[p] in eff else None
        e = eff.get(effect.MISSILE_ENVY)
        envy = e is not None and e["side"] == p and MISSILE_ENVY in d["hands"][p]
        cmc = eff.get(effect.CUBAN_MISSILE_CRISIS)
        if cmc is not None and cmc["side"] == p:
            own = d["inf"][p]
            lift = [NAMES[i] for i in CMC_LIFT[p] if own[i] >= 2]
    out: Data = {"player": p, "kind": "action", "card": None, "turn": d["turn"], "action_round": d["ar"],
                 "extra": extra, "trap": trap, "missile_envy": bool(envy), "cmc_lift": lift}
    if "only" in f:  # a card handed over by an event (Grain Sales to Soviets)
        card = event_card(d["stack"])
        taken = f["only"]
        known = may_know(d, side, taken)
        out["card"] = card
        out["taken"] = taken if known else None
        out["can_return"] = bool(f.get("ret"))
        if known:
            out["prompt"] = say("twilight.decision.action_taken", {"player": p, "card2": taken, "card": card})
        else:
            out["prompt"] = say("twilight.decision.action_taken_hidden", {"player": p, "card": card})
    elif trap is not None:
        out["prompt"] = say("twilight.decision.action_trap", {"player": p, "effect": trap})
    else:
        code = "twilight.decision.action_extra" if extra else "twilight.decision.action"
        turn, ar = d["turn"], d["ar"]
        out["prompt"] = PROMPTS.get((code, p, turn, ar)) or say(code, {"player": p, "turn": turn, "action_round": ar})
    return out


def _ops(d: Data, f: OpsFrame, side: str | None) -> Data:
    p = f["p"]
    mode = f["mode"]
    modes, code = _ops_kinds(f.get("kinds", "pcr") if not mode else mode[0])
    card = f["card"]
    ops = f["ops"]
    stack = d["stack"]
    below = stack[-2] if len(stack) > 1 else None
    region, countries = scope(f.get("only"))
    return {"player": p, "kind": "ops", "card": card, "ops": ops, "mode": mode or None, "modes": list(modes),
            "region": region, "countries": countries, "free": bool(f.get("free")),
            "bonus": [{"region": r, "ops": n} for r, n in f["bonus"]],
            "opponent_event_after": below is not None and below["f"] == "fire_event" and below["card"] == card,
            "prompt": PROMPTS.get((code, p, ops, card)) or say(code, {"player": p, "ops": ops, "card": card})}


def _order(d: Data, f: OrderFrame, side: str | None) -> Data:
    p = f["p"]
    c = f["card"]
    owner = OPPONENT[p]
    return {"player": p, "kind": "order", "card": c, "owner": owner,
            "options": [{"action": EVENT[c].text, "meaning": msg("twilight.meaning.event_first", side=owner, card=c)},
                        {"action": OPS[c].text, "meaning": msg("twilight.meaning.ops_first", side=owner, card=c)}],
            "prompt": say("twilight.decision.order", {"player": p, "card": c, "owner": owner})}


def _influence(d: Data, f: InfluenceFrame, side: str | None) -> Data:
    asked = f.get("question")
    if asked is not None:
        # Put as the event's question: the question's data (bots and clients
        # read it by its code), with what the frame still does.
        out = _question(d, f, side, asked, "target", influence_targets(d, f))
        out["mode"] = "place" if f["f"] == "place_inf" else "remove"
        out["side"] = f["side"]
        out["left"] = f["left"]
        if "per" in f:
            out["per"] = f["per"] or "all"
        out["so_far"] = [NAMES[i] for i in f["done"]]
        return out
    p = f["p"]
    mode = "place" if f["f"] == "place_inf" else "remove"
    card = event_card(d["stack"])
    if card is None and mode == "place" and effect.NORAD in d["effects"]:
        card = NORAD
    region, countries = scope(f["allowed"])
    mx = f["max"] or None
    whose = f["side"]
    left = f["left"]
    code = f"twilight.decision.{mode}_inf_max" if mx else f"twilight.decision.{mode}_inf"
    return {"player": p, "kind": f["f"], "card": card, "mode": mode, "side": whose, "left": left,
            "max_per_country": mx, "region": region, "countries": countries, "optional": f["optional"],
            "so_far": [NAMES[i] for i in f["done"]],
            "prompt": say(code, {"player": p, "left": left, "side": whose, "max": mx})}


def _eagle(d: Data, f: EagleFrame, side: str | None) -> Data:
    p = f["p"]
    return {"player": p, "kind": "eagle", "optional": True, "prompt": say("twilight.decision.eagle", {"player": p})}


def _roll(d: Data, f: RollFrame, side: str | None) -> Data:
    why = f["why"]
    # (Tested on the frame itself, so that the type checker knows its shape.)
    if f["why"] == "coup":
        s, country = f["side"], NAMES[f["target"]]
        return {"player": CHANCE, "kind": "roll", "why": why, "side": s, "target": country,
                "card": event_card(d["stack"]), "ops": f["ops"], "free": f["free"],
                "prompt": say("twilight.decision.roll.coup", {"side": s, "country": country})}
    if f["why"] == "realign":
        by, country = f["side"], NAMES[f["target"]]
        s = OPPONENT[by] if f["first"] else by
        return {"player": CHANCE, "kind": "roll", "why": why, "side": s, "by": by, "target": country,
                "card": event_card(d["stack"]),
                "prompt": say("twilight.decision.roll.realign", {"side": s, "country": country})}
    if f["why"] == "space":
        s = f["side"]
        box = min(d["space"][s] + 1, len(SPACE_BOXES) - 1)
        return {"player": CHANCE, "kind": "roll", "why": why, "side": s, "target": None,
                "card": event_card(d["stack"]), "box": box, "needs": SPACE_BOXES[box][2],
                "prompt": say("twilight.decision.roll.space", {"side": s})}
    then = f["then"]
    purpose = "twilight.roll." + then
    out: Data = {"player": CHANCE, "kind": "roll", "why": why, "purpose": purpose, "side": None, "target": None,
                 "card": event_card(d["stack"])}
    facts = _ROLLS.get(then)
    if facts is not None:
        out.update(facts(d, f, side))
    if purpose not in catalog():
        purpose = "twilight.roll.other"
    out["prompt"] = say(purpose, _roll_args(out))
    return out


def _roll_war(d: Data, f: EventRollFrame, side: str | None) -> Data:
    data = f["data"]
    return {"side": data["side"], "target": NAMES[data["target"]], "card": data["card"], "win": data["win"],
            "penalty": data["penalty"]}


def _roll_trap(d: Data, f: EventRollFrame, side: str | None) -> Data:
    trap = f["data"]["trap"]
    c = CARD_BY_NAME.get(trap)
    return {"side": f["data"]["side"], "effect": trap, "card": c if c is not None and may_know(d, side, c) else None}


_ROLLS: dict[str, Callable[[Data, EventRollFrame, str | None], Data]] = {
    "war": _roll_war,
    "trap_escape": _roll_trap,
    "olympic_sponsor_roll": lambda d, f, side: {"side": f["data"]["sponsor"]},
    "olympic_guest_roll": lambda d, f, side: {"side": OPPONENT[f["data"]["sponsor"]]},
    "summit_ussr_roll": lambda d, f, side: {"side": USSR},
    "summit_us_roll": lambda d, f, side: {"side": US},
}


# ---------------------------------------------------------------------------
# Event questions (``ask`` frames), by continuation name
# ---------------------------------------------------------------------------
# A question's frame is an ``ask`` frame, or an influence frame put as an
# event's question (``push_influence(question=...)``): either shape.
Meaning = Callable[[Data, Any, Any], Message]
Facts = Callable[[Data, Any], Data]


class Question:
    """What the answers of one continuation's question mean.

    ``meaning(d, frame, value)`` explains an option (a country index, card
    number, option index, or True/False for yes/no); ``on_pass`` what
    ``pass`` does; ``facts`` the public numbers of the question (influence
    left to remove, cards discarded so far...), added to the decision and
    to its prompt's arguments.
    """

    __slots__ = ("facts", "meaning", "on_pass")

    def __init__(self, meaning: Meaning, on_pass: Message | None = None, facts: Facts | None = None) -> None:
        self.meaning = meaning
        self.on_pass = on_pass
        self.facts = facts


def _remove_all(whose: str) -> Meaning:
    return lambda d, f, i: msg("twilight.meaning.remove_all", side=whose, country=NAMES[i])


def _attack(d: Data, f: AskFrame, i: int) -> Message:
    return msg("twilight.meaning.attack", side=f["p"], country=NAMES[i])


def _option(d: Data, f: AskFrame, k: int) -> Message:
    return msg("twilight.meaning.option." + OPTIONS[k].lower().replace(" ", "_"))


def _discard(d: Data, f: AskFrame, c: int) -> Message:
    return msg("twilight.meaning.discard", card=c)


def _defcon(d: Data, f: AskFrame, k: int) -> Message:
    return msg("twilight.meaning.defcon", defcon=int(OPTIONS[k].split()[1]))


def _free_ops(d: Data, f: AskFrame, k: int) -> Message:
    return msg("twilight.meaning.free_" + OPTIONS[k])


def _add(n: int) -> Meaning:
    return lambda d, f, i: msg("twilight.meaning.add", n=n, side=f["p"], country=NAMES[i])


def _independent_reds(d: Data, f: AskFrame, i: int) -> Message:
    return msg("twilight.meaning.add", n=d["inf"][USSR][i] - d["inf"][US][i], side=US, country=NAMES[i])


def _eeu(d: Data, f: Frame, i: int) -> Message:
    return msg("twilight.meaning.remove", n=min(f["per"], d["inf"][USSR][i]), side=USSR, country=NAMES[i])


def _debt_double(d: Data, f: AskFrame, i: int) -> Message:
    return msg("twilight.meaning.double", side=USSR, country=NAMES[i], n=2 * d["inf"][USSR][i])


def _special_relationship(d: Data, f: AskFrame, i: int) -> Message:
    return msg("twilight.meaning.add", n=f["data"]["amount"], side=US, country=NAMES[i])


def _cambridge_five(d: Data, f: AskFrame, c: int) -> Message:
    return msg("twilight.meaning.add_in_region", n=1, side=USSR, region=SCORING_CARD_REGION[c])


def _un_partner(d: Data, f: AskFrame, c: int) -> Message:
    return msg("twilight.meaning.un_partner", card=c, side=CARD_SIDE[c])


def _star_wars(d: Data, f: AskFrame, c: int) -> Message:
    return msg("twilight.meaning.play_event", card=c, side=USSR if CARD_SIDE[c] == USSR else US)


def _wargames(d: Data, f: AskFrame, yes: bool) -> Message:
    if yes:
        return msg("twilight.meaning.wargames_end", side=OPPONENT[f["p"]])
    return msg("twilight.meaning.wargames_play_on")


QUESTIONS: dict[str, Question] = {
    "truman_doctrine": Question(_remove_all(USSR)),
    "olympic_games": Question(_option, facts=lambda d, f: {"sponsor": f["data"]["sponsor"]}),
    "warsaw_pact_formed": Question(_option),
    "warsaw_pact_remove": Question(_remove_all(US), facts=lambda d, f: {"left": f["left"]}),
    "independent_reds": Question(_independent_reds),
    "indo_pakistani_war": Question(_attack),
    "east_european_unrest": Question(_eeu, facts=lambda d, f: {"left": f["left"], "per": f["per"]}),
    "de_stalinization": Question(lambda d, f, i: msg("twilight.meaning.remove", n=1, side=USSR, country=NAMES[i]),
                                 msg("twilight.meaning.de_stalinization_stop"),
                                 facts=lambda d, f: {"moved": len(f["done"]), "left": f["left"]}),
    "blockade": Question(_discard, msg("twilight.meaning.remove_all", side=US, country="West Germany")),
    "brush_war": Question(_attack),
    "salt_negotiations": Question(lambda d, f, c: msg("twilight.meaning.take", card=c),
                                  msg("twilight.meaning.take_nothing")),
    "summit_defcon": Question(_defcon),
    "how_i_learned": Question(_defcon),
    "junta_country": Question(_add(2)),
    "junta_operation": Question(_free_ops, msg("twilight.meaning.no_coup_or_realign")),
    "south_african_unrest": Question(_option),
    "muslim_revolution": Question(_remove_all(US), facts=lambda d, f: {"left": f["left"]}),
    "special_relationship": Question(_special_relationship, facts=lambda d, f: {"amount": f["data"]["amount"]}),
    "che": Question(lambda d, f, i: msg("twilight.meaning.coup", side=USSR, country=NAMES[i]),
                    msg("twilight.meaning.no_coup"), facts=lambda d, f: {"second": f["data"]["first"] >= 0}),
    "ortega_elected_in_nicaragua": Question(
        lambda d, f, i: msg("twilight.meaning.free_coup_in", side=USSR, country=NAMES[i]),
        msg("twilight.meaning.no_coup")),
    "chernobyl": Question(lambda d, f, k: msg("twilight.meaning.chernobyl", region=OPTIONS[k])),
    "latin_american_debt_crisis": Question(_discard, msg("twilight.meaning.debt_crisis_double")),
    "latin_american_debt_crisis_double": Question(_debt_double, facts=lambda d, f: {"second": f["data"]["first"] >= 0}),
    "tear_down_this_wall": Question(_free_ops, msg("twilight.meaning.no_coup_or_realign")),
    "aldrich_ames_remix": Question(_discard),
    "wargames": Question(_wargames),
    "iran_iraq_war": Question(_attack),
    "missile_envy": Question(lambda d, f, c: msg("twilight.meaning.give", card=c, side=f["data"]["side"]),
                             facts=lambda d, f: {"receiver": f["data"]["side"]}),
    "un_intervention": Question(_un_partner),
    "star_wars": Question(_star_wars),
    "ask_not": Question(_discard, msg("twilight.meaning.ask_not_stop"),
                        facts=lambda d, f: {"discarded": f["data"]["count"]}),
    "the_cambridge_five": Question(_cambridge_five),
    "shuttle_diplomacy": Question(lambda d, f, i: msg("twilight.meaning.not_counted", side=USSR, country=NAMES[i]),
                                  facts=lambda d, f: {"region": f["data"]["region"],
                                                     "effect": effect.SHUTTLE_DIPLOMACY}),
    "our_man_in_tehran": Question(lambda d, f, c: msg("twilight.meaning.discard_shown", card=c),
                                  msg("twilight.meaning.tehran_stop"),
                                  facts=lambda d, f: {"looking_at": len(f["data"]["cards"])}),
}


def _generic(d: Data, f: AskFrame, x: Any) -> Message:
    kind = f["kind"]
    if kind == "target":
        return msg("twilight.meaning.country", country=NAMES[x])
    if kind == "choose":
        return msg("twilight.meaning.option", option=OPTIONS[x])
    if kind == "yesno":
        return msg("twilight.meaning.yes" if x else "twilight.meaning.no")
    return msg("twilight.meaning.card", card=x)


_GENERIC_PASS = msg("twilight.meaning.pass")
_GENERIC = Question(_generic, _GENERIC_PASS)


def _ask(d: Data, f: AskFrame, side: str | None) -> Data:
    return _question(d, f, side, f["then"], f["kind"], f["options"])


def _question(d: Data, f: AskFrame | InfluenceFrame, side: str | None, then: str, kind: str,
              values: list[int]) -> Data:
    """An event question: an ``ask`` frame, or an influence frame put as
    the question ``then`` (``push_influence(question=...)``)."""
    p = f["p"]
    q = QUESTIONS.get(then, _GENERIC)
    card = event_card(d["stack"])
    question = "twilight.ask." + then
    out: Data = {"player": p, "kind": "ask", "card": card, "question": question, "choice": kind,
                 "optional": f["optional"]}
    facts = q.facts(d, f) if q.facts is not None else {}
    out.update(facts)
    options: list[Data] | None
    if kind == "yesno":
        options = [{"action": YES.text, "meaning": q.meaning(d, f, True)},
                   {"action": NO.text, "meaning": q.meaning(d, f, False)}]
    elif kind in _CARD_CHOICES and side != p and not all(may_know(d, side, c) for c in values):
        options = None  # cards of a hand (or the draw pile) the viewer may not see
    else:
        table = _ASK_TABLES[kind]
        options = [{"action": table[x].text, "meaning": q.meaning(d, f, x)} for x in values]
        if f["optional"]:
            m = q.on_pass or _GENERIC_PASS
            # A fresh copy: a client may keep or change what a view gives it.
            options.append({"action": PASS.text, "meaning": {"code": m["code"], "args": dict(m["args"])}})
    out["options"] = options
    if question not in catalog():
        question = "twilight.ask.other"
    out["prompt"] = say(question, {"player": p, "card": card, "other": OPPONENT[p], **facts})
    return out


# Each builder takes the frame kind it serves (``rules.kinds``).
BUILDERS: dict[str, Callable[[Data, Any, str | None], Data]] = {
    "setup": _setup,
    "headline": _headline,
    "action": _action,
    "ops": _ops,
    "order": _order,
    "place_inf": _influence,
    "remove_inf": _influence,
    "eagle": _eagle,
    "roll": _roll,
    "ask": _ask,
}


def decision(d: Data, side: str | None) -> Data | None:
    """The pending decision as ``side`` may see it (``None``: a spectator);
    ``None`` when the game is over."""
    if d["over"]:
        return None
    f = d["stack"][-1]
    build = BUILDERS.get(f["f"])
    if build is None:  # pragma: no cover - a frame kind without data (a corrupted state)
        p = f.get("p")
        return {"player": p, "kind": f["f"], "prompt": say("twilight.decision.other", {"player": p, "kind": f["f"]})}
    return build(d, f, side)


# ---------------------------------------------------------------------------
# The prompt as a message, from the decision's data alone
# ---------------------------------------------------------------------------
# The public numbers an event question may add to its prompt (``Question.facts``).
_FACTS = ("sponsor", "left", "per", "moved", "second", "amount", "receiver", "discarded", "region", "effect",
          "looking_at")
# The facts an event roll's prompt may name (``_ROLLS``).
_ROLL_FACTS = ("side", "card", "target", "win", "penalty", "effect")


def _roll_args(x: Data) -> dict[str, Any]:
    """An event roll's prompt arguments; its ``target`` is a country, named
    ``country`` so that catalogs translate it."""
    return {("country" if k == "target" else k): x[k] for k in _ROLL_FACTS if k in x}


_ROLL_CODES = {"coup": "twilight.decision.roll.coup", "realign": "twilight.decision.roll.realign",
               "space": "twilight.decision.roll.space"}


def _known(code: str, fallback: str) -> str:
    """``code`` if the catalog has it, else ``fallback`` (as the builders choose)."""
    return code if code in catalog() else fallback


def prompt_message(x: Data) -> Message:
    """The catalog message whose rendering is decision ``x``'s ``prompt``,
    built from the decision's data alone (not the state), so that a client
    renders the prompt in its reader's language:
    ``render(prompt_message(x), "ru")``.

    >>> prompt_message({"player": "US", "kind": "headline", "shown_first": False})
    {'code': 'twilight.decision.headline', 'args': {'player': 'US'}}
    """
    kind = x["kind"]
    p = x["player"]
    if kind == "setup":
        return msg("twilight.decision.setup", player=p, left=x["left"], region=x["region"])
    if kind == "headline":
        return msg("twilight.decision.headline", player=p)
    if kind == "action":
        if "taken" in x:
            if x["taken"] is not None:
                return msg("twilight.decision.action_taken", player=p, card2=x["taken"], card=x["card"])
            return msg("twilight.decision.action_taken_hidden", player=p, card=x["card"])
        if x["trap"] is not None:
            return msg("twilight.decision.action_trap", player=p, effect=x["trap"])
        code = "twilight.decision.action_extra" if x["extra"] else "twilight.decision.action"
        return msg(code, player=p, turn=x["turn"], action_round=x["action_round"])
    if kind == "ops":
        letters = "".join(m[0] for m in x["modes"])
        return msg(f"twilight.decision.ops.{letters}", player=p, ops=x["ops"], card=x["card"])
    if kind == "order":
        return msg("twilight.decision.order", player=p, card=x["card"], owner=x["owner"])
    if kind in ("place_inf", "remove_inf"):
        mx = x["max_per_country"]
        code = f"twilight.decision.{x['mode']}_inf_max" if mx else f"twilight.decision.{x['mode']}_inf"
        return msg(code, player=p, left=x["left"], side=x["side"], max=mx)
    if kind == "eagle":
        return msg("twilight.decision.eagle", player=p)
    if kind == "roll":
        why = x["why"]
        if why in _ROLL_CODES:
            return msg(_ROLL_CODES[why], side=x["side"], **({"country": x["target"]} if why != "space" else {}))
        code = _known(x["purpose"], "twilight.roll.other")
        return msg(code, **_roll_args(x))
    if kind == "ask":
        code = _known(x["question"], "twilight.ask.other")
        return msg(code, player=p, card=x["card"], other=OPPONENT[p], **{k: x[k] for k in _FACTS if k in x})
    return msg("twilight.decision.other", player=p, kind=kind)


__all__ = ["BUILDERS", "NORAD", "PROMPTS", "QUESTIONS", "Question", "decision", "event_card", "may_know",
           "prompt_message", "say", "scope"]
