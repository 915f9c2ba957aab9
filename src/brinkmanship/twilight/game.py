"""The Twilight Struggle game plugin: the functions ``core.State`` calls.

Rules are in ``rules.py``; this module adds what clients need around them:
new games, positions, views, resampling, copying, parsing and explaining
why an action was refused.
"""

from __future__ import annotations

import random
from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.core.errors import PositionError
from brinkmanship.core.frames import FrameGame
from brinkmanship.core.game import register
from brinkmanship.i18n import register_names
from brinkmanship.twilight import cards, rules  # noqa: F401  (importing cards registers the events)
from brinkmanship.twilight.actions import ROLL, SPACE
from brinkmanship.twilight.board import CARD_NAME, INDEX, NAMES, OPPONENT, STABILITY
from brinkmanship.twilight.data.setup import FIXED_INFLUENCE, FREE_INFLUENCE, SPACE_BOXES
from brinkmanship.twilight.rules import CHANCE, US, USSR, Data

DEFAULT_OPTIONS: dict[str, Any] = {
    # Non-scoring events fire (the events issue turns this on by default).
    "events": True,
    # The seven optional cards #104-#110 are shuffled into their decks.
    "optional_cards": True,
}


def make_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``options``; unknown names are refused."""
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option names to values, got {options!r}")
    out = dict(DEFAULT_OPTIONS)
    for k, v in (options or {}).items():
        if k not in DEFAULT_OPTIONS:
            raise ValueError(f"unknown option {k!r}; options are: {', '.join(DEFAULT_OPTIONS)}")
        if not isinstance(v, bool):
            raise ValueError(f"option {k!r} must be true or false, got {v!r}")
        out[k] = v
    return out


def _control(d: Data) -> dict[str, str]:
    """Who controls each controlled country (rule 10.1.1), by name.

    Written out rather than calling ``rules.control`` 86 times: views are
    built at every decision of a search bot's simulations.
    """
    out: dict[str, str] = {}
    for name, us, su, stab in zip(NAMES, d["inf"][US], d["inf"][USSR], STABILITY, strict=True):
        if us - su >= stab:
            out[name] = US
        elif su - us >= stab:
            out[name] = USSR
    return out


def _deep(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_deep(x) for x in v]
    return v


_CARD_QUESTIONS = ("pick", "discard", "event", "ops")


class Twilight(FrameGame):
    """Twilight Struggle, Deluxe Edition."""

    name = "twilight"
    players: tuple[str, ...] = (USSR, US)
    space = SPACE
    machine = rules.MACHINE
    max_game_length = 6000
    max_chance_outcomes = 6

    def stage(self, d: Data) -> int:
        """The turn (1-10): the military operations check and the hand refill close each one."""
        n: int = d["turn"]
        return n

    # -- creation ------------------------------------------------------------
    def new(self, seed: int, options: dict[str, Any]) -> Data:
        d = rules.blank_state(seed, make_options(options))
        for side, placed in FIXED_INFLUENCE.items():
            for name, n in placed.items():
                d["inf"][side][INDEX[name]] += n
        d["deck"] = rules.deck_for_periods(d, "Early")
        rng.shuffle(d, d["deck"])
        rules.log(d, "twilight.setup.new")
        rules.deal(d)
        d["stack"] = [
            {"f": "turn", "step": "start"},
            {"f": "setup", "p": US, "left": FREE_INFLUENCE[US][0], "region": FREE_INFLUENCE[US][1]},
            {"f": "setup", "p": USSR, "left": FREE_INFLUENCE[USSR][0],
             "region": FREE_INFLUENCE[USSR][1]},
        ]
        return d

    def from_position(self, position: dict[str, Any]) -> Data:
        from brinkmanship.twilight.position import build

        return build(position)

    # -- decisions (current_player, legal_actions, apply, parse: FrameGame) -------
    def chance_action(self, d: Data) -> Action:
        # Peek: the roll's own apply advances the generator (see rules._apply_roll).
        return ROLL[rng.die({"rng": d["rng"]})]

    def explain(self, d: Data, a: Action) -> str:
        from brinkmanship.twilight.explain import explain

        return explain(d, a)

    # -- copies (winner, result, log, reveals: FrameGame) -----------------------
    def clone(self, d: Data) -> Data:
        n = d.copy()
        n["milops"] = d["milops"].copy()
        n["space"] = d["space"].copy()
        n["space_tries"] = d["space_tries"].copy()
        n["headline"] = d["headline"].copy()
        inf = d["inf"]
        n["inf"] = {USSR: inf[USSR][:], US: inf[US][:]}
        hands = d["hands"]
        n["hands"] = {USSR: hands[USSR][:], US: hands[US][:]}
        n["deck"] = d["deck"][:]
        n["discard"] = d["discard"][:]
        n["removed"] = d["removed"][:]
        n["in_play"] = d["in_play"][:]
        n["log"] = d["log"][:]
        n["stack"] = [f.copy() for f in d["stack"]]
        known = d["known"]
        n["known"] = {USSR: known[USSR][:], US: known[US][:]}
        if d["effects"]:
            n["effects"] = _deep(d["effects"])
        else:
            n["effects"] = {}
        return n

    # -- hidden information --------------------------------------------------------------
    def view(self, d: Data, side: str | None, log: bool = True) -> Data:
        if side not in (USSR, US, None):
            raise ValueError(f"unknown side {side!r}; sides are USSR, US (or None)")
        hl: dict[str, Any] = {}
        for s in (USSR, US):
            c = d["headline"][s]
            if not c:
                hl[s] = None
            elif s == side or d["hl_open"] in (s, "both"):
                hl[s] = c
            else:
                hl[s] = "hidden"
        v: Data = {
            "game": "twilight",
            "viewer": side,
            "turn": d["turn"],
            "action_round": d["ar"],
            "phasing": d["phasing"],
            "defcon": d["defcon"],
            "vp": d["vp"],
            "milops": dict(d["milops"]),
            "space": dict(d["space"]),
            "space_attempts": dict(d["space_tries"]),
            "influence": {
                s: {NAMES[i]: n for i, n in enumerate(d["inf"][s]) if n} for s in (USSR, US)
            },
            "control": _control(d),
            "hand": sorted(d["hands"][side]) if side in (USSR, US) else [],
            "hand_sizes": {s: len(d["hands"][s]) for s in (USSR, US)},
            "opponent_known": self.known_cards(d, side) if side in (USSR, US) else [],
            "china_card": {"holder": d["china"], "face_up": d["china_up"]},
            "deck_size": len(d["deck"]),
            "discard": list(d["discard"]),
            "removed": list(d["removed"]),
            "in_play": list(d["in_play"]),
            "headline": hl,
            "effects": _deep(d["effects"]),
        }
        # decision_kind: setup, headline, action, ops, roll, eagle, order,
        # place_inf, remove_inf, ask; None when the game is over.
        v.update(self.decision_view(d, side, log))
        return v

    def known_cards(self, d: Data, side: str) -> list[int]:
        """Cards in the opponent's hand that ``side`` has seen and knows are
        still there (all of them while Aldrich Ames Remix shows the US hand)."""
        opp_hand = d["hands"][OPPONENT[side]]
        if side == USSR and "Aldrich Ames Remix" in d["effects"]:
            return sorted(opp_hand)
        return sorted({c for c in d["known"][side] if c in opp_hand})

    def describe(self, d: Data) -> str:
        """A one-line prompt for the pending decision (public)."""
        if d["over"]:
            return "game over"
        f = d["stack"][-1]
        kind = f["f"]
        p = f["p"]
        if kind == "setup":
            return f"{p}: place {f['left']} more influence in {f['region']} (set-up)"
        if kind == "headline":
            return f"{p}: choose a headline card"
        if kind == "action" and "only" in f:
            return (f"{p}: play {CARD_NAME[f['only']]} (taken by {CARD_NAME[f['ret']]}) "
                    "or 'choose return' to give it back")
        if kind == "action":
            eff = d["effects"]
            trap = (eff.get("Quagmire") if p == US else eff.get("Bear Trap"))
            if trap is not None:
                return (f"{p}: trapped by {'Quagmire' if p == US else 'Bear Trap'}: discard a card worth "
                        "2+ ops and roll 1-4 to escape")
            extra = " (extra round)" if f["extra"] else ""
            return f"{p}: play a card, turn {d['turn']} action round {d['ar']}{extra}"
        if kind == "ops":
            kinds = f.get("kinds", "pcr") if not f["mode"] else {"place": "p", "realign": "r"}[f["mode"]]
            words = [w for k, w in (("p", "place influence"), ("c", "coup"), ("r", "realign")) if k in kinds]
            what = " or ".join(words) if len(words) < 3 else f"{words[0]}, {words[1]} or {words[2]}"
            return f"{p}: {f['ops']} ops of {CARD_NAME[f['card']]} left: {what}"
        if kind == "order":
            return (f"{p}: {CARD_NAME[f['card']]} carries the {OPPONENT[p]} event: "
                    "'event' to resolve it first, 'ops' to conduct operations first")
        if kind in ("place_inf", "remove_inf"):
            verb = "place" if kind == "place_inf" else "remove"
            limit = f", at most {f['max']} per country" if f["max"] else ""
            return f"{p}: {verb} {f['left']} {f['side']} influence{limit}"
        if kind == "ask":
            what = {"target": "choose a country", "pick": "pick a card", "discard": "choose a card to discard",
                    "choose": "choose an option", "event": "choose a card for its event",
                    "ops": "choose a card for operations", "yesno": "answer yes or no"}[f["kind"]]
            return f"{p}: {what} ({f['then'].replace('_', ' ')})"
        if kind == "eagle":
            return f"{p}: you may discard a held card (Eagle/Bear Has Landed)"
        if kind == "roll":
            why = f["why"]
            if why == "event":
                return f"roll a die ({f['then'].replace('_', ' ')})"
            if why == "space":
                return f"roll a die for {f['side']}'s Space Race attempt"
            if why == "coup":
                return f"roll a die for {f['side']}'s coup in {NAMES[f['target']]}"
            who = f["side"] if not f["first"] else OPPONENT[f["side"]]
            return f"roll {who}'s die for the realignment in {NAMES[f['target']]}"
        return f"{p}: {kind}"

    def resample(self, d: Data, side: str, r: random.Random) -> Data:
        if side not in (USSR, US):
            raise ValueError(f"unknown side {side!r}; sides are USSR, US")
        n = self.clone(d)
        opp = OPPONENT[side]
        hand = n["hands"][opp]
        # Cards a pending event decision refers to (the choices of a Blockade
        # discard, Our Man in Tehran's top five) stay where they are, or the
        # decision would name cards that are no longer there. This can tell a
        # determinization of the side not choosing which cards are offered.
        fixed = set()
        for f in n["stack"]:
            if f["f"] == "ask":
                fixed.update(f["data"].get("cards", ()))
                if f["kind"] in _CARD_QUESTIONS:
                    fixed.update(f["options"])
        known = self.known_cards(d, side)
        kept = known + sorted(c for c in hand if c in fixed and c not in known)
        rest = list(hand)
        for c in kept:
            rest.remove(c)
        deck_fixed = [c for c in n["deck"] if c in fixed]
        pool = rest + [c for c in n["deck"] if c not in fixed]
        hidden_hl = n["headline"][opp] and n["hl_open"] not in (opp, "both")
        if hidden_hl:
            pool.append(n["headline"][opp])
        # Sorting first makes the redeal a function of the view alone: two
        # states that look the same to ``side`` give the same determinization,
        # so nothing of the real hidden order can reach a search bot.
        pool.sort()
        r.shuffle(pool)
        if hidden_hl:
            n["headline"][opp] = pool.pop()
        k = len(rest)
        n["hands"][opp] = kept + pool[:k]
        n["deck"] = pool[k:] + deck_fixed  # the top of the deck is the end of the list
        n["known"][side] = known  # forget stale entries: they could match a redealt card
        # The future is hidden too: reseed so shuffles and rolls differ.
        n["rng"] = r.getrandbits(64)
        # The seed and the actions so far would rebuild the real deal: a
        # determinization must not carry it.
        n["seed"] = None
        return n


def _names(kind: str, value: Any) -> str:
    """How a log argument reads in English (``brinkmanship.i18n``)."""
    if kind == "card":
        return CARD_NAME[value]
    if kind == "vp":
        return rules.vp_text(value)
    if kind == "space":
        return str(SPACE_BOXES[value][0])
    return str(value)


GAME = register(Twilight())
register_names("twilight", _names)


__all__ = ["CHANCE", "GAME", "PositionError", "Twilight", "make_options"]
