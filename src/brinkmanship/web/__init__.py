"""The web client: static files served by the game server, and the data they read.

The browser client (``static/``) is plain HTML, CSS, SVG and JavaScript
modules: no build step and no npm. It reads three things from the server:

- ``board(game)``: the printed facts of a game's board and cards (countries
  with region, stability, battleground and links; arenas; cards with their
  ops or command value, side and flags), the same for every game, cacheable;
- the message catalog of a language (``i18n.catalog``): names, card texts
  and the client's own strings (``web.*``), so every word on screen comes
  from the catalogs the terminal uses too;
- ``texts(...)``: what depends on the position and must be rendered as the
  terminal renders it (log entries, the decision's sentence, what each
  option means, action labels, the result), added by the server to a state
  when the reader names its language.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import brinkmanship as bm
from brinkmanship.i18n import render

STATIC = Path(str(resources.files("brinkmanship.web") / "static"))


@cache
def board(game: str) -> dict[str, Any]:
    """The printed facts of ``game``'s board and cards, for drawing them."""
    name = bm.get_game(game).name
    if name == "twilight":
        return _twilight_board()
    return _thirteen_board()


def _twilight_board() -> dict[str, Any]:
    from brinkmanship.twilight.data.cards import CARD_FACTS
    from brinkmanship.twilight.data.countries import COUNTRY_FACTS

    countries = [{"name": c.name, "region": c.region, "stability": c.stability, "battleground": c.battleground,
                  "subregions": list(c.subregions), "neighbours": list(c.neighbours), "superpower": c.superpower}
                 for c in COUNTRY_FACTS]
    cards = {str(c.number): {"number": c.number, "name": c.name, "ops": c.ops, "side": c.side, "period": c.period,
                             "starred": c.starred, "scoring": c.scoring, "war": c.war, "optional": c.optional,
                             "stays_in_play": c.stays_in_play}
             for c in CARD_FACTS}
    regions = list(dict.fromkeys(c.region for c in COUNTRY_FACTS))
    subregions = list(dict.fromkeys(s for c in COUNTRY_FACTS for s in c.subregions))
    return {"game": "twilight", "players": ["USSR", "US"], "countries": countries, "regions": regions,
            "subregions": subregions, "cards": cards}


def _thirteen_board() -> dict[str, Any]:
    from brinkmanship.thirteen.data import board as b
    from brinkmanship.thirteen.data.cards import AGENDA_CARDS, AGENDA_TYPES, CARDS

    arenas = [{"name": a, "index": i, "track": b.TRACKS[i // 3]} for i, a in enumerate(b.ARENAS)]
    cards = {str(c.number): {"number": c.number, "name": c.name, "faction": c.faction, "command": c.command,
                             "symbol": c.symbol} for c in CARDS}
    agendas = [{"name": a.name, "kind": a.kind, "target": a.target} for a in AGENDA_TYPES]
    return {"game": "thirteen", "players": ["USSR", "US"], "arenas": arenas, "tracks": list(b.TRACKS),
            "cards": cards, "agendas": agendas, "agenda_cards": list(AGENDA_CARDS),
            "defcon": {"min": b.DEFCON_MIN, "max": b.DEFCON_MAX, "zone2_from": b.DEFCON2_FROM,
                       "zone1_from": b.DEFCON1_FROM},
            "limits": {"supply": b.SUPPLY, "arena_max": b.ARENA_MAX, "max_lead": b.MAX_LEAD, "rounds": b.ROUNDS,
                       "plays_per_round": b.PLAYS_PER_ROUND, "hand_size": b.HAND_SIZE}}


def texts(state: bm.State, view: dict[str, Any], entries: Sequence[dict[str, Any]], lang: str) -> dict[str, Any]:
    """What the client shows in words for this position, in ``lang``: the
    log entries it receives (``log[i]`` renders ``entries[i]``), the pending
    decision as a sentence, what each option of it means, a label for each
    legal action of the reader, and the result once the game is over."""
    from brinkmanship.cli.games import ui_for
    from brinkmanship.cli.labels import label

    out: dict[str, Any] = {"lang": lang, "log": [render(e, lang) for e in entries], "prompt": None,
                           "options": {}, "labels": {}, "result": None, "warnings": {}}
    decision = view.get("decision")
    if decision is not None:
        out["prompt"] = render(state.game.prompt_message(decision), lang)
        out["options"] = dict(ui_for(state.game.name).render.meanings(view, lang))
    legal = view.get("legal_actions") or ()
    out["labels"] = {a: label(state.to_action(a), lang) for a in legal}
    viewer = view.get("viewer")
    if legal and viewer is not None:
        # Moves that lose the game at once, with why (the client confirms
        # them), judged on a determinization: the resampled state is a
        # function of the reader's view alone (the opponent's hand, the deck
        # and the generator redealt), so a warning can say nothing the
        # reader may not know.
        known = state.resample(viewer, random.Random(0))
        out["warnings"] = importlib.import_module(f"brinkmanship.web.warn_{state.game.name}").warnings(known, lang)
    if view.get("over"):
        shown = ui_for(state.game.name).render.result(view, lang)
        out["result"] = shown if isinstance(shown, str) else getattr(shown, "plain", str(shown))
    return out


def replay_action(before: bm.State, after: bm.State, action: str, lang: str) -> tuple[str | None, str]:
    """A replay step's action as a spectator may know it: ``(action, words)``,
    or ``(None, words)`` when the action was a secret choice when it was made
    (a kept agenda, a card put face down, a headline not yet revealed), which
    the replay viewer then names only as the choice it was."""
    from brinkmanship.cli.games import hidden_choice
    from brinkmanship.cli.labels import label

    actor = before.current_player
    decision = before.view(None, log=False).get("decision") or {}
    if actor in before.game.players:
        # Seen from outside the actor's seat: what its opponent, and so any
        # spectator, may know of the choice.
        hidden = hidden_choice(before.game.name, decision.get("kind"), actor, "spectator",
                               after.view(None, log=False), lang)
        if hidden is not None:
            return None, hidden
    try:
        return action, label(before.parse(action), lang)
    except (bm.BrinkmanshipError, ValueError, KeyError):
        return action, action
