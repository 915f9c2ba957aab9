"""Actions as a player reads and types them, in the player's language.

The engine's notation (``coup Iran``, ``event CIA Created``) is English and
fixed: saves, replays and the network speak it. A player at the keyboard
sees each legal action as a label in their language (``переворот Иран``,
``событие «Основание ЦРУ»``) and may type the notation, the label, its
number in the list or any unambiguous abbreviation of either: each typed
word the start of a word of the action, in order (``headline Cambridge``
finds ``headline The Cambridge Five``).

>>> from brinkmanship.twilight.actions import SPACE
>>> label(SPACE.parse("coup Iran"), "en")
'coup Iran'
>>> [a.text for a in matches("headline camb", [SPACE.parse("headline The Cambridge Five"),
...                                            SPACE.parse("headline Captured Nazi Scientist")], "en")]
['headline The Cambridge Five']
"""

from __future__ import annotations

from collections.abc import Sequence

from brinkmanship.core.actions import Action
from brinkmanship.i18n import name, text

# verb -> the kind of its argument, per game (how a label names it).
ARG_KINDS: dict[str, dict[str, str]] = {
    "twilight": {
        "headline": "card", "event": "card", "ops": "card", "space": "card", "discard": "card", "pick": "card",
        "place": "country", "coup": "country", "realign": "country", "remove": "country", "target": "country",
        "choose": "option", "roll": "number",
    },
    "thirteen": {
        "command": "card", "event": "card", "discard": "card", "aftermath": "card",
        "place": "arena", "remove": "arena", "target": "arena",
        "agenda": "agenda", "first": "side", "escalate": "shift", "de-escalate": "shift", "choose": "option",
    },
}


def _arg_label(action: Action, lang: str) -> str:
    """The argument of ``action`` as the player reads it in ``lang``."""
    game = action.game
    kind = ARG_KINDS[game].get(action.verb)
    arg_text = action.text.partition(" ")[2]
    if kind is None or action.arg is None:
        return arg_text
    if kind == "card":
        return text("cli.quoted", lang, name=name(game, "card", action.arg, lang))
    if kind in ("country", "arena", "agenda"):
        return name(game, kind, arg_text, lang)
    if kind == "side":
        return text(f"side.{arg_text}", lang)
    if kind == "shift":
        track, _, steps = arg_text.rpartition(" ")
        return text("cli.shift", lang, track=name(game, "track", track, lang), steps=int(steps))
    if kind == "option":
        return text(f"cli.option.{game}.{arg_text}", lang)
    return arg_text


def label(action: Action, lang: str) -> str:
    """``action`` as a player reads it in ``lang`` (English: the notation)."""
    if lang == "en":
        return action.text
    verb = text(f"cli.verb.{action.game}.{action.verb}", lang)
    if action.arg is None:
        return verb
    return f"{verb} {_arg_label(action, lang)}"


def words(s: str) -> list[str]:
    """Lower-case words without quotes and punctuation around them."""
    out = []
    for w in s.lower().replace("«", " ").replace("»", " ").replace('"', " ").split():
        w = w.strip(".,;:()'")
        if w:
            out.append(w)
    return out


def prefixes(typed: list[str], of: list[str]) -> bool:
    """Each typed word starts a word of ``of``, in order (the rule of every
    abbreviation: actions here, card names in ``card NAME``)."""
    k = 0
    for w in typed:
        while k < len(of) and not of[k].startswith(w):
            k += 1
        if k == len(of):
            return False
        k += 1
    return True


def _abbreviates(typed: list[str], of: list[str]) -> bool:
    """``prefixes``, with the first typed word starting the first word (the verb)."""
    return bool(typed and of and of[0].startswith(typed[0]) and prefixes(typed[1:], of[1:]))


def _forms(action: Action, lang: str) -> list[list[str]]:
    """The ways to write ``action``: its notation, and in another language
    its label, the label's verb with the notation's argument and the reverse
    (``event Союз ради прогресса`` is understood as well)."""
    notation = words(action.text)
    if lang == "en":
        return [notation]
    local = words(label(action, lang))
    verb = words(text(f"cli.verb.{action.game}.{action.verb}", lang))
    arg_en, arg_local = notation[1:], local[len(verb):]
    return [notation, local, verb + arg_en, notation[:1] + arg_local]


def matches(typed: str, legal: Sequence[Action], lang: str) -> list[Action]:
    """The legal actions ``typed`` names: its exact notation or label (any
    case), else those it abbreviates, in notation or in ``lang``'s labels."""
    said = words(typed)
    if not said:
        return []
    exact = [a for a in legal if said in _forms(a, lang)]
    if exact:
        return exact
    return [a for a in legal if any(_abbreviates(said, form) for form in _forms(a, lang))]


__all__ = ["ARG_KINDS", "label", "matches", "prefixes", "words"]
