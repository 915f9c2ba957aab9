"""The pending decision of 13 Days as data: ``view(side)["decision"]``.

Bots, the CLI and any other client read what a decision is about from this
dict, never from its prompt: who decides (``player``), the frame ``kind``,
the ``card`` it belongs to (``None`` when there is none or the viewer may
not know it), what is left, the mode, the arenas or tracks it is limited to
and what the options mean. The fields of each kind are documented in
docs/architecture.md ("Decisions"). Every value is JSON-ready: arenas and
tracks by their printed names (as in the rest of the view and in action
texts), cards by number.

``prompt`` is the same data as one English sentence, rendered through the
i18n catalog (``i18n/en/thirteen_prompts.json``) from ``prompt_message``,
which reads the data only, so a client may render it in another language.
Views are built at every decision of a search's rollouts, so rendered
prompts are remembered by the facts they depend on (about a thousand
distinct prompts over a thousand random games).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from brinkmanship.core.log import Message, msg
from brinkmanship.i18n import render
from brinkmanship.thirteen.actions import OPTIONS
from brinkmanship.thirteen.board import (
    AGENDA_NAME,
    ALLIANCES,
    ARENAS,
    N_ARENAS,
    SUMMIT_MEETING,
    TELEVISION,
    TRACKS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import PLAYS_PER_ROUND, SUPPLY
from brinkmanship.thirteen.rules import CommandFrame, Data, Frame, agenda_type, may_add_letter, may_event

# A cube count above every side's supply means "any number" (an event that
# removes all it likes, such as Public Protests, asks for 99).
ANY_NUMBER = SUPPLY

# The questions of ``ask`` frames, by continuation name. A named-option
# question: its message code and what each option does.
CHOICES: dict[str, tuple[str, Callable[[], dict[str, Message]]]] = {
    "air_strike": ("thirteen.question.air_strike", lambda: {
        "remove": msg("thirteen.means.air_strike.remove", side=USSR),
        "place": msg("thirteen.means.air_strike.place", n=2, side=US, arena=ARENAS[ALLIANCES]),
    }),
    "bay_of_pigs": ("thirteen.question.bay_of_pigs", lambda: {
        "remove": msg("thirteen.means.bay_of_pigs.remove", n=2, side=US, arena=ARENAS[ALLIANCES]),
        "ban": msg("thirteen.means.bay_of_pigs.ban", side=US),
    }),
}
# An arena question: its message code and whose cubes are halved in the arena.
HALVES: dict[str, tuple[str, str]] = {
    "air_strike_target": ("thirteen.question.air_strike_target", USSR),
    "u_2_downed": ("thirteen.question.u_2_downed", US),
}
_HALVED = {code: side for code, side in HALVES.values()}
_CHOSEN = {code for code, _ in CHOICES.values()}

Built = tuple[Data, tuple[Any, ...]]


# ---------------------------------------------------------------------------
# The data of each kind: (decision, the facts its prompt depends on)
# ---------------------------------------------------------------------------
def _turn(d: Data, f: Frame, viewer: str | None) -> Built:
    p = f["p"]
    play = d["plays"][p] + 1
    rnd = d["round"]
    return ({"player": p, "kind": "turn", "card": None, "round": rnd, "play": play,
             "plays_per_round": PLAYS_PER_ROUND}, ("turn", p, rnd, play))


def _offer(d: Data, f: Frame, viewer: str | None) -> Built:
    p, card, by = f["p"], f["card"], f["by"]
    return {"player": p, "kind": "offer", "card": card, "by": by}, ("offer", p, card, by)


def _command(d: Data, f: Frame, viewer: str | None) -> Built:
    p = f["p"]
    mode = f["mode"]
    total = f["left"]
    moved = f["n"]
    arenas = f["arenas"]
    chosen = ARENAS[f["arena"]] if mode else None
    letter = may_add_letter(d, cast(CommandFrame, f))
    granted = f["granted"]
    data = {"player": p, "kind": "command", "card": f["card"], "cubes": total - moved, "moved": moved,
            "mode": mode or ("both" if f["remove"] else "place"), "arena": chosen,
            "arenas": [ARENAS[i] for i in arenas], "letter": letter, "granted": granted,
            "lowers": f["low"]}
    # A granted Command's prompt names the card that grants it.
    by = f["card"] if granted else 0
    if mode:
        return data, ("command", p, mode, moved, total, chosen, by)
    return data, ("command", p, total, tuple(arenas), f["remove"], letter, by)


def _cubes(d: Data, f: Frame, viewer: str | None) -> Built:
    p = f["p"]
    side = f["side"]
    verb = f["verb"]
    left = f["left"]
    cubes = None if left > ANY_NUMBER else left
    done = f["done"]
    moved: dict[str, int] = {}
    for i in done:
        name = ARENAS[i]
        moved[name] = moved.get(name, 0) + 1
    one = f["one"]
    chosen = ARENAS[done[0]] if one and done else None
    per = f["max"] or None
    data = {"player": p, "kind": "cubes", "card": f.get("card"), "side": side, "mode": verb, "cubes": cubes,
            "moved": moved, "arenas": [ARENAS[i] for i in f["arenas"]], "arena": chosen, "per_arena": per,
            "one_arena": one, "optional": f["optional"], "symbol": f["symbol"], "lowers": f["low"],
            "then": f["then"] or None}
    return data, ("cubes", p, side, verb, cubes, chosen or tuple(f["arenas"]), per, one, f["optional"])


def _shift(d: Data, f: Frame, viewer: str | None) -> Built:
    p = f["p"]
    side = f["side"]
    up, down = f["up"], f["down"]
    mode = "both" if up and down else ("escalate" if up else "de-escalate")
    tracks = tuple(f["tracks"])
    card = f.get("card")
    # The only DEFCON move that no card asks for is the Television bonus.
    data = {"player": p, "kind": "shift", "card": card, "bonus": None if card else ARENAS[TELEVISION],
            "side": side, "tracks": [TRACKS[t] for t in tracks], "mode": mode, "steps": f["steps"],
            "exact": f["exact"], "optional": f["optional"], "then": f["then"] or None}
    return data, ("shift", p, side, tracks, mode, f["steps"], f["exact"], f["optional"])


def _ask(d: Data, f: Frame, viewer: str | None) -> Built:
    p = f["p"]
    then = f["then"]
    card = f.get("card")
    answer = f["kind"]
    options = f["options"]
    means: dict[str, Message] = {}
    question = "thirteen.question." + answer
    if answer == "target":
        names = [ARENAS[i] for i in options]
        if then in HALVES:
            question, side = HALVES[then]
            means = {a: msg("thirteen.means.halve", side=side, arena=a) for a in names}
    else:
        names = [OPTIONS[i] for i in options]
        if then in CHOICES:
            question, table = CHOICES[then]
            means = table()
    data = {"player": p, "kind": "ask", "card": card, "question": question, "answer": answer,
            "options": names, "means": means}
    return data, ("ask", p, then, card, tuple(options))


def _agenda(d: Data, f: Frame, viewer: str | None) -> Built:
    p = f["p"]
    flags = [AGENDA_NAME[agenda_type(a)] for a in d["offered"][p]]
    return {"player": p, "kind": "agenda", "card": None, "agendas": flags}, ("agenda", p)


def _alliances(d: Data, f: Frame, viewer: str | None) -> Built:
    # The drawn card is seen by the side that drew it only.
    p = f["p"]
    return {"player": p, "kind": "alliances", "card": f["card"] if viewer == p else None}, ("alliances", p)


def _stolen(d: Data, f: Frame, viewer: str | None) -> Built:
    p, card = f["p"], f["card"]
    event = may_event(p, card)
    return {"player": p, "kind": "stolen", "card": card, "event": event}, ("stolen", p, card, event)


def _summit(d: Data, f: Frame, viewer: str | None) -> Built:
    p = f["p"]
    card = f.get("card")
    return {"player": p, "kind": "summit", "card": card, "discarded": f["n"]}, ("summit", p, card)


def _plain(d: Data, f: Frame, viewer: str | None) -> Built:
    """Decisions with nothing more to say (initiative, aftermath, and any
    kind this module does not know yet)."""
    p, kind = f["p"], f["f"]
    return {"player": p, "kind": kind, "card": None}, (kind, p)


BUILDERS: dict[str, Callable[[Data, Frame, str | None], Built]] = {
    "turn": _turn,
    "offer": _offer,
    "command": _command,
    "cubes": _cubes,
    "shift": _shift,
    "ask": _ask,
    "agenda": _agenda,
    "initiative": _plain,
    "aftermath": _plain,
    "alliances": _alliances,
    "stolen": _stolen,
    "summit": _summit,
}

_PROMPTS: dict[tuple[Any, ...], str] = {}
_PROMPTS_MAX = 20000


def decision(d: Data, viewer: str | None) -> Data | None:
    """The pending decision as ``viewer`` may see it (None once the game is over)."""
    if d["over"]:
        return None
    f = d["stack"][-1]
    data, key = BUILDERS.get(f["f"], _plain)(d, f, viewer)
    prompt = _PROMPTS.get(key)
    if prompt is None:
        prompt = render(prompt_message(data))
        if len(_PROMPTS) >= _PROMPTS_MAX:
            _PROMPTS.clear()
        _PROMPTS[key] = prompt
    data["prompt"] = prompt
    return data


# ---------------------------------------------------------------------------
# The prompt: the data as a message of the catalog
# ---------------------------------------------------------------------------
def _n_cubes(n: int) -> Message:
    return msg("thirteen.prompt.cubes", n=n)


def _where(arenas: list[str]) -> Message:
    if len(arenas) == N_ARENAS:
        return msg("thirteen.prompt.any_arena")
    return msg("thirteen.prompt.arenas", arenas=arenas)


def _command_message(x: Data) -> Message:
    p = x["player"]
    moved = x["moved"]
    # A Command an event grants (A Face-Saver...) names its card.
    granted = ".granted" if x["granted"] and x["card"] else ""
    card = {"card": x["card"]} if granted else {}
    if x["arena"] is not None:
        verb = "placing" if x["mode"] == "place" else "removing"
        return msg(f"thirteen.prompt.command{granted}.{verb}", player=p, n=moved, total=moved + x["cubes"],
                   arena=x["arena"], **card)
    how = msg("thirteen.prompt.place_or_remove" if x["mode"] == "both" else "thirteen.prompt.place")
    if granted:
        return msg("thirteen.prompt.command.granted", player=p, cubes=_n_cubes(x["cubes"]),
                   where=_where(x["arenas"]), how=how, card=x["card"])
    return msg("thirteen.prompt.command", player=p, cubes=_n_cubes(x["cubes"]), where=_where(x["arenas"]),
               how=how, letter=msg("thirteen.prompt.letter") if x["letter"] else None)


def _cubes_message(x: Data) -> Message:
    p = x["player"]
    side = x["side"]
    whose = None if side == p else msg("thirteen.prompt.whose", side=side)
    n = x["cubes"]
    if n is None:
        amount = msg("thirteen.prompt.amount.any", whose=whose)
    else:
        amount = msg("thirteen.prompt.amount.up_to", n=n, whose=whose)
    arenas = x["arenas"]
    if x["arena"]:
        where = msg("thirteen.prompt.arenas", arenas=[x["arena"]])
    elif x["one_arena"]:
        where = (msg("thirteen.prompt.one_arena") if len(arenas) == N_ARENAS
                 else msg("thirteen.prompt.one_of", arenas=arenas))
    else:
        where = _where(arenas)
    per = msg("thirteen.prompt.per_arena", n=x["per_arena"]) if x["per_arena"] else None
    stop = msg("thirteen.prompt.may_stop" if x["optional"] else "thirteen.prompt.all_that_fit")
    code = "thirteen.prompt.cubes.place" if x["mode"] == "place" else "thirteen.prompt.cubes.remove"
    return msg(code, player=p, amount=amount, where=where, per_arena=per, stop=stop)


def _shift_message(x: Data) -> Message:
    p = x["player"]
    side = x["side"]
    whose = msg("thirteen.prompt.your") if side == p else msg("thirteen.prompt.a_side", side=side)
    mode = {"both": "thirteen.prompt.up_or_down", "escalate": "thirteen.prompt.up",
            "de-escalate": "thirteen.prompt.down"}[x["mode"]]
    n = x["steps"]
    steps = "thirteen.prompt.steps.exactly" if x["exact"] else "thirteen.prompt.steps.up_to"
    code = "thirteen.prompt.shift" if x["optional"] else "thirteen.prompt.shift.required"
    return msg(code, player=p, whose=whose, tracks=x["tracks"], mode=msg(mode), steps=msg(steps, n=n))


def _ask_message(x: Data) -> Message:
    p = x["player"]
    card = x["card"]
    means = x["means"]
    question = x["question"]
    if x["answer"] == "target":
        if question in _HALVED and card:
            return msg(question, player=p, card=card, side=_HALVED[question], arenas=x["options"])
        return msg("thirteen.question.target", player=p, arenas=x["options"])
    if question in _CHOSEN and card:
        return msg(question, player=p, card=card, **means)
    return msg("thirteen.question.choose", player=p, options=x["options"])


def prompt_message(x: Data) -> Message:
    """The catalog message that renders decision ``x`` (its data only) as a
    one-line prompt."""
    kind = x["kind"]
    p = x["player"]
    if kind == "turn":
        return msg("thirteen.prompt.turn", player=p, round=x["round"], play=x["play"], plays=x["plays_per_round"])
    if kind == "offer":
        return msg("thirteen.prompt.offer", player=p, by=x["by"], card=x["card"])
    if kind == "command":
        return _command_message(x)
    if kind == "cubes":
        return _cubes_message(x)
    if kind == "shift":
        return _shift_message(x)
    if kind == "ask":
        return _ask_message(x)
    if kind == "stolen":
        return msg("thirteen.prompt.stolen" if x["event"] else "thirteen.prompt.stolen.command",
                   player=p, card=x["card"])
    if kind == "summit":
        return msg("thirteen.prompt.summit", player=p, card=x["card"] or SUMMIT_MEETING)
    if kind in ("agenda", "initiative", "aftermath", "alliances"):
        return msg("thirteen.prompt." + kind, player=p)
    return msg("thirteen.prompt.other", player=p, kind=kind)


__all__ = ["ANY_NUMBER", "BUILDERS", "CHOICES", "HALVES", "decision", "prompt_message"]
