"""The 13 Days game plugin: the functions ``core.State`` calls.

Rules are in ``rules/`` and the events in ``cards/`` (registered in
``events.py``); this module adds what clients need around them: new games,
options, positions, views, resampling, copying, parsing and explaining why
an action was refused.
"""

from __future__ import annotations

import random
from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.core.frames import FrameGame
from brinkmanship.core.game import register
from brinkmanship.core.log import Message
from brinkmanship.core.observation import Layout
from brinkmanship.i18n import register_names
from brinkmanship.thirteen import cards, decisions, observation, rules  # noqa: F401  (cards register the events)
from brinkmanship.thirteen.actions import SPACE
from brinkmanship.thirteen.board import (
    AGENDA_CARDS,
    AGENDA_NAME,
    AGENDA_TYPES,
    ALL_TRACKS,
    ARENAS,
    CARD_COMMAND,
    CARD_FACTION,
    CARD_NAME,
    CARD_SYMBOL,
    N_CARDS,
    OPPONENT,
    TRACKS,
    US,
    USSR,
)
from brinkmanship.thirteen.data.board import ROUNDS
from brinkmanship.thirteen.options import DEFAULT_OPTIONS, OPTION_CHOICES, make_options
from brinkmanship.thirteen.rules import Data, agenda_type

_ROUND_EFFECT_NAMES = {"sops": "SOPs", "brink": "To the Brink", "containment": "Containment",
                       "bay_of_pigs": "Bay of Pigs"}


class Thirteen(FrameGame):
    """13 Days: The Cuban Missile Crisis, 1962."""

    name = "thirteen"
    players: tuple[str, ...] = (USSR, US)
    space = SPACE
    machine = rules.MACHINE
    option_choices = OPTION_CHOICES
    max_game_length = 2000  # justified in docs/architecture.md (The longest game)
    zero_sum = False  # both sides lose when both trigger nuclear war

    def returns(self, d: Data) -> dict[str, float]:
        """1 win, -1 loss; -1 for both when both trigger nuclear war (the only
        way neither side wins: an even prestige goes to the Letter's holder)."""
        if d["over"] and d["winner"] is None and d["result"] == "nuclear_war":
            return {USSR: -1.0, US: -1.0}
        return super().returns(d)

    def stage(self, d: Data) -> int:
        """The round (1-3): agendas and the DEFCON check close each one."""
        n: int = d["round"]
        return n

    # -- creation ------------------------------------------------------------
    def new(self, seed: int, options: dict[str, Any]) -> Data:
        d = rules.blank_state(seed, make_options(options))
        d["deck"] = list(range(1, N_CARDS + 1))
        rng.shuffle(d, d["deck"])
        rules.log(d, "thirteen.game.new")
        d["stack"] = [{"f": "round", "step": "escalate"}]
        rules.advance(d)
        return d

    def from_position(self, position: dict[str, Any]) -> Data:
        from brinkmanship.thirteen.position import build

        return build(position)

    def validate(self, d: Data) -> None:
        """Check a loaded state (``thirteen.validate``), after the common checks."""
        super().validate(d)
        from brinkmanship.thirteen.validate import validate

        validate(d)

    # -- decisions (current_player, legal_actions, apply, parse: FrameGame) -------
    def chance_action(self, d: Data) -> Action:
        raise ValueError("13 Days has no dice: there is never a chance decision")

    def explain(self, d: Data, a: Action) -> Message:
        from brinkmanship.thirteen.explain import explain

        return explain(d, a)

    # -- copies (winner, result, log, reveals: FrameGame) -----------------------
    def clone(self, d: Data) -> Data:
        n = d.copy()
        defcon = d["defcon"]
        n["defcon"] = {USSR: defcon[USSR][:], US: defcon[US][:]}
        cubes = d["cubes"]
        n["cubes"] = {USSR: cubes[USSR][:], US: cubes[US][:]}
        hands = d["hands"]
        n["hands"] = {USSR: hands[USSR][:], US: hands[US][:]}
        n["deck"] = d["deck"][:]
        n["discard"] = d["discard"][:]
        n["held"] = d["held"][:]
        n["aftermath"] = [e[:] for e in d["aftermath"]]
        n["agenda_deck"] = d["agenda_deck"][:]
        n["agenda_out"] = d["agenda_out"][:]
        n["offered"] = {USSR: d["offered"][USSR][:], US: d["offered"][US][:]}
        n["kept"] = d["kept"].copy()
        n["plays"] = d["plays"].copy()
        n["fx"] = d["fx"].copy()  # its lists are replaced, never mutated
        n["log"] = d["log"][:]
        n["stack"] = [_copy_frame(f) for f in d["stack"]]
        return n

    # -- hidden information --------------------------------------------------------------
    def view(self, d: Data, side: str | None, log: bool = True, legal: list[Action] | None = None) -> Data:
        if side not in (USSR, US, None):
            raise ValueError(f"unknown side {side!r}; sides are USSR, US (or None)")
        agendas: dict[str, Any] = {}
        for s in (USSR, US):
            kept = d["kept"][s]
            show = kept and (s == side or d["agendas_open"])
            agendas[s] = {
                "flags": [AGENDA_NAME[agenda_type(a)] for a in d["offered"][s]],
                "kept": AGENDA_NAME[agenda_type(kept)] if show else ("hidden" if kept else None),
            }
        aftermath = d["aftermath"]
        own_aftermath = [CARD_NAME[c] for s, c in aftermath if s == side]
        # Cards out of every hand for a moment: a stolen card (public) and
        # an Alliances draw (seen by the side that drew it).
        held = [CARD_NAME[f["card"]] for f in d["stack"]
                if f["f"] == "stolen" or (f["f"] == "alliances" and f["p"] == side)]
        v: Data = {
            "game": "thirteen",
            "viewer": side,
            "round": d["round"],
            "prestige": d["prestige"],
            "prestige_text": rules.prestige_text(d["prestige"]),
            "defcon": {s: {TRACKS[t]: d["defcon"][s][t] for t in ALL_TRACKS} for s in (USSR, US)},
            "cubes": {s: {ARENAS[i]: n for i, n in enumerate(d["cubes"][s]) if n} for s in (USSR, US)},
            "reserve": {s: rules.reserve(d, s) for s in (USSR, US)},
            "personal_letter": d["letter"],
            "hand": sorted(d["hands"][side]) if side in (USSR, US) else [],
            "hand_sizes": {s: len(d["hands"][s]) for s in (USSR, US)},
            "plays": dict(d["plays"]),
            "agendas": agendas,
            "aftermath": {"own": own_aftermath, "size": len(aftermath)},
            "looking_at": held,
            "deck_size": len(d["deck"]),
            "discard": list(d["discard"]),
            "effects": {_ROUND_EFFECT_NAMES[k]: list(v) for k, v in d["fx"].items() if v},
        }
        # decision_kind: turn, offer, command, cubes, shift, ask, agenda,
        # initiative, aftermath, alliances, stolen, summit; None when over.
        self.add_decision_view(v, d, side, log, legal)
        if d["over"] and d["result"] != "nuclear_war" and d["round"] >= ROUNDS:
            v["aftermath"]["revealed"] = [[s, CARD_NAME[c]] for s, c in aftermath]
        return v

    def observation_tensor(self, d: Data, side: str) -> Any:
        """``side``'s view as a float32 vector (``thirteen.observation``)."""
        return observation.observation_tensor(d, side)

    def observation_layout(self) -> Layout:
        """The tensor's slices (docs/observation.md)."""
        return observation.LAYOUT

    def card_facts(self) -> list[Data]:
        """The 39 strategy cards (faction, Command value, the DEFCON
        symbol: the event's cube changes also move DEFCON) and the 13
        agenda cards (what each scores: a track, an arena or the Personal
        Letter; several cards share one agenda, and so its text)."""
        out: list[Data] = []
        for n in range(1, N_CARDS + 1):
            out.append({"number": n, "kind": "card", "name_code": f"thirteen.name.card.{n}",
                        "text_code": f"thirteen.text.{n}", "english_name": CARD_NAME[n],
                        "faction": CARD_FACTION[n], "command": CARD_COMMAND[n], "defcon_symbol": CARD_SYMBOL[n]})
        for k, type_id in enumerate(AGENDA_CARDS, start=1):
            kind = AGENDA_TYPES[type_id]
            target = (TRACKS[kind.target] if kind.kind == "track" else ARENAS[kind.target] if kind.kind == "arena"
                      else None)
            out.append({"number": k, "kind": "agenda", "name_code": f"thirteen.name.agenda.{kind.name}",
                        "text_code": f"thirteen.text.agenda.{type_id}", "english_name": kind.name,
                        "agenda_type": type_id, "scores": kind.kind, "target": target})
        return out

    def prompt_message(self, decision: Data) -> Data:
        """The catalog message of ``decision``'s prompt, from its data alone."""
        return decisions.prompt_message(decision)

    def decision(self, d: Data, side: str | None) -> Data | None:
        """The pending decision as data for ``side`` (see ``thirteen.decisions``)."""
        return decisions.decision(d, side)

    def describe(self, d: Data) -> str:
        """A one-line prompt for the pending decision (public)."""
        from brinkmanship.thirteen.explain import describe

        return describe(d)

    def resample(self, d: Data, side: str, r: random.Random) -> Data:
        if side not in (USSR, US):
            raise ValueError(f"unknown side {side!r}; sides are USSR, US")
        n = self.clone(d)
        opp = OPPONENT[side]
        # Unknown to ``side``: the opponent's hand, its Aftermath cards (until
        # the final scoring turns them face up, as ``view`` shows) and the
        # deck. Redeal them keeping every count.
        revealed = n["over"] and n["result"] != "nuclear_war" and n["round"] >= ROUNDS
        opp_after = [] if revealed else [k for k, (s, _) in enumerate(n["aftermath"]) if s == opp]
        pool = n["hands"][opp] + n["deck"] + [n["aftermath"][k][1] for k in opp_after]
        # A card only the opponent is looking at (its Alliances draw) is
        # unknown too; the frame and ``held`` follow the redealt card.
        looking = [f for f in n["stack"] if f["f"] == "alliances" and f["p"] == opp]
        for f in looking:
            pool.append(f["card"])
            n["held"].remove(f["card"])
        # Sorting first makes the redeal a function of the view alone (see
        # the Twilight Struggle resample): nothing of the real order leaks.
        pool.sort()
        r.shuffle(pool)
        for f in looking:
            f["card"] = pool.pop()
            n["held"].append(f["card"])
        k = len(n["hands"][opp])
        n["hands"][opp] = pool[:k]
        rest = pool[k:]
        for j in opp_after:
            n["aftermath"][j][1] = rest.pop()
        n["deck"] = rest
        # The opponent's kept agenda, until revealed: one of its three flags.
        if n["kept"][opp] and not n["agendas_open"]:
            n["kept"][opp] = r.choice(n["offered"][opp])
        n["agenda_deck"].sort()
        r.shuffle(n["agenda_deck"])
        n["rng"] = r.getrandbits(64)
        # The seed and the actions so far would rebuild the real deal: a
        # determinization must not carry it.
        n["seed"] = None
        return n


def _copy_frame(f: dict[str, Any]) -> dict[str, Any]:
    g = f.copy()
    done = f.get("done")
    if done is not None:
        g["done"] = done[:]
    return g


def _names(kind: str, value: Any) -> str | Data:
    """How a marker reads (``brinkmanship.i18n``; names of cards, arenas and
    the rest are in the catalogs): the prestige lead as a message."""
    if kind == "prestige":
        if value == 0:
            return {"code": "thirteen.marker.prestige_even", "args": {}}
        return {"code": "thirteen.marker.prestige", "args": {"lead": US if value > 0 else USSR, "n": abs(value)}}
    return str(value)


GAME = register(Thirteen())
register_names("thirteen", _names)

__all__ = ["DEFAULT_OPTIONS", "GAME", "OPTION_CHOICES", "Thirteen", "make_options"]
