"""The Twilight Struggle game plugin: the functions ``core.State`` calls.

Rules are in ``rules/``; this module adds what clients need around them:
new games, positions, views, resampling, copying, parsing and explaining
why an action was refused.
"""

from __future__ import annotations

import random
from itertools import compress
from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.core.errors import PositionError
from brinkmanship.core.frames import FrameGame
from brinkmanship.core.game import register
from brinkmanship.core.log import Message
from brinkmanship.i18n import register_names
from brinkmanship.twilight import cards, decisions, effect, rules  # noqa: F401  (importing cards registers the events)
from brinkmanship.twilight.actions import ROLL, SPACE
from brinkmanship.twilight.board import CARD, CHINA, INDEX, N_CARDS, NAMES, OPPONENT, STABILITY
from brinkmanship.twilight.data.setup import FIXED_INFLUENCE, FREE_INFLUENCE
from brinkmanship.twilight.options import DEFAULT_OPTIONS, OPTION_CHOICES, make_options
from brinkmanship.twilight.rules import CHANCE, US, USSR, Data
from brinkmanship.twilight.rules.kinds import AnyFrame, AskFrame


def _board(d: Data) -> tuple[dict[str, int], dict[str, int], dict[str, str]]:
    """Each side's influence by country name (countries without any left
    out) and who controls each controlled country (rule 10.1.1).

    One pass per side over the countries where it has influence (only
    there can it have control), rather than ``rules.control`` 84 times:
    views are built at every decision of a search bot's simulations. The
    board is a pure function of the two influence lists, and about half of
    a game's consecutive decisions leave them unchanged (a headline, a
    roll, an event question), so the last board is kept with copies of the
    lists it came from and handed out again, copied, when they are equal.
    """
    global _last_board
    us, su = d["inf"][US], d["inf"][USSR]
    last = _last_board
    if last is not None and last[0] == us and last[1] == su:
        return last[2].copy(), last[3].copy(), last[4].copy()
    inf_us: dict[str, int] = {}
    inf_su: dict[str, int] = {}
    control: dict[str, str] = {}
    for mine, theirs, inf, side in ((us, su, inf_us, US), (su, us, inf_su, USSR)):
        for i in compress(_INDEXES, mine):
            n = mine[i]
            name = NAMES[i]
            inf[name] = n
            if n - theirs[i] >= STABILITY[i]:
                control[name] = side
    # Copies are kept: the caller's dicts go into a view a client may change.
    _last_board = (us[:], su[:], inf_su.copy(), inf_us.copy(), control.copy())
    return inf_su, inf_us, control


# The last board built: (US influence, USSR influence, then ``_board``'s
# three dicts). Only ever replaced whole, never changed, so threads that
# read it while another replaces it see one consistent board or the other.
_last_board: tuple[list[int], list[int], dict[str, int], dict[str, int], dict[str, str]] | None = None
_INDEXES = tuple(range(len(NAMES)))


def _copy_effects(effects: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A copy of the lasting effects a client may change freely. An effect's
    data is flat but for the list of cards it blocks (the only list an
    effect holds: ``validate.EFFECTS``), so a copy per effect does."""
    out: dict[str, dict[str, Any]] = {}
    for name, e in effects.items():
        c = e.copy()
        if "blocks" in c:
            c["blocks"] = c["blocks"][:]
        out[name] = c
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
    option_choices = OPTION_CHOICES
    max_game_length = 30_000  # justified in docs/architecture.md (The longest game)
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
        stack: list[AnyFrame] = [
            {"f": "turn", "step": "start"},
            {"f": "setup", "p": US, "left": FREE_INFLUENCE[US][0], "region": FREE_INFLUENCE[US][1]},
            {"f": "setup", "p": USSR, "left": FREE_INFLUENCE[USSR][0],
             "region": FREE_INFLUENCE[USSR][1]},
        ]
        d["stack"] = stack
        return d

    def from_position(self, position: dict[str, Any]) -> Data:
        from brinkmanship.twilight.position import build

        return build(position)

    def validate(self, d: Data) -> None:
        """Check a loaded state (``twilight.validate``), after the common checks."""
        super().validate(d)
        from brinkmanship.twilight.validate import validate

        validate(d)

    # -- decisions (current_player, legal_actions, apply, parse: FrameGame) -------
    def chance_action(self, d: Data) -> Action:
        # Peek: the roll's own apply advances the generator (see rules.ops._apply_roll).
        return ROLL[rng.die({"rng": d["rng"]})]

    def explain(self, d: Data, a: Action) -> Message:
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
    def view(self, d: Data, side: str | None, log: bool = True, legal: list[Action] | None = None) -> Data:
        if side not in (USSR, US, None):
            raise ValueError(f"unknown side {side!r}; sides are USSR, US (or None)")
        inf_su, inf_us, control = _board(d)
        # A headline card is shown to its side, and to all once revealed
        # (the first one alone under Man in Earth Orbit); else "hidden".
        headline = d["headline"]
        shown = d["hl_open"]
        hl_su = headline[USSR] or None
        if hl_su is not None and side != USSR and shown != USSR and shown != "both":
            hl_su = "hidden"
        hl_us = headline[US] or None
        if hl_us is not None and side != US and shown != US and shown != "both":
            hl_us = "hidden"
        hands = d["hands"]
        v: Data = {
            "game": "twilight",
            "viewer": side,
            "turn": d["turn"],
            "action_round": d["ar"],
            "phasing": d["phasing"],
            "defcon": d["defcon"],
            "vp": d["vp"],
            "milops": d["milops"].copy(),
            "space": d["space"].copy(),
            "space_attempts": d["space_tries"].copy(),
            "influence": {USSR: inf_su, US: inf_us},
            "control": control,
            "hand": sorted(hands[side]) if side is not None else [],
            # A face-down headline is still a card of its side's hand.
            "hand_sizes": {USSR: len(hands[USSR]) + (hl_su == "hidden"), US: len(hands[US]) + (hl_us == "hidden")},
            "opponent_known": self.known_cards(d, side) if side is not None else [],
            "china_card": {"holder": d["china"], "face_up": d["china_up"]},
            "deck_size": len(d["deck"]),
            "discard": d["discard"][:],
            "removed": d["removed"][:],
            "in_play": d["in_play"][:],
            "headline": {USSR: hl_su, US: hl_us},
            "effects": _copy_effects(d["effects"]),
        }
        # decision_kind: setup, headline, action, ops, roll, eagle, order,
        # place_inf, remove_inf, ask; None when the game is over.
        self.add_decision_view(v, d, side, log, legal)
        if v["decision_kind"] is not None and "question" in d["stack"][-1]:
            v["decision_kind"] = "ask"  # an influence frame put as its event's question decides as one
        return v

    def known_cards(self, d: Data, side: str) -> list[int]:
        """Cards in the opponent's hand that ``side`` has seen and knows are
        still there (all of them while Aldrich Ames Remix shows the US hand).

        A headline chosen face down still counts as in the hand: until the
        reveal, ``side`` must not learn which of the known cards it was.
        """
        opp = OPPONENT[side]
        opp_hand = d["hands"][opp]
        hidden = _hidden_headline(d, opp)
        if hidden:
            opp_hand = [*opp_hand, hidden]
        if side == USSR and effect.ALDRICH_AMES_REMIX in d["effects"]:
            return sorted(opp_hand)
        return sorted({c for c in d["known"][side] if c in opp_hand})

    def describe(self, d: Data) -> str:
        """The pending decision as one sentence, as a spectator reads it."""
        dec = decisions.decision(d, None)
        if dec is None:
            return decisions.say("twilight.decision.over", {})
        prompt: str = dec["prompt"]
        return prompt

    def card_facts(self) -> list[Data]:
        """The 110 cards (The China Card is #6) as printed: ops, the side
        whose event it is (``neutral`` for both or none), period, and the
        marks that change how it is played."""
        out: list[Data] = []
        for n in range(1, N_CARDS + 1):
            c = CARD[n]
            out.append({"number": n, "kind": "card", "name_code": f"twilight.name.card.{n}",
                        "text_code": f"twilight.text.{n}", "english_name": c.name, "ops": c.ops,
                        "side": c.side if c.side != "Neutral" else "neutral", "period": c.period,
                        "optional": c.optional, "scoring": c.scoring, "war": c.war,
                        "removed_after_event": c.starred, "stays_in_play": c.stays_in_play,
                        "china_card": n == CHINA})
        return out

    def observation_tensor(self, d: Data, side: str) -> Any:
        """``side``'s view as a float32 vector (``twilight.observation``).
        The encoder needs numpy, so it is imported on first use (``import
        brinkmanship`` stays cheap); the instance then calls it directly,
        without this method's import on every step of an environment."""
        from brinkmanship.twilight.observation import observation_tensor

        self.observation_tensor = observation_tensor  # type: ignore[method-assign]
        return observation_tensor(d, side)

    def observation_layout(self) -> Any:
        """The slices of ``observation_tensor`` (``twilight.observation.LAYOUT``)."""
        from brinkmanship.twilight.observation import LAYOUT

        return LAYOUT

    def decision(self, d: Data, side: str | None) -> Data | None:
        """The pending decision as data for ``side``'s view (see ``twilight.decisions``)."""
        return decisions.decision(d, side)

    def prompt_message(self, decision: Data) -> Data:
        """The catalog message of ``decision``'s prompt, from its data alone."""
        return decisions.prompt_message(decision)

    def resample(self, d: Data, side: str, r: random.Random) -> Data:
        if side not in (USSR, US):
            raise ValueError(f"unknown side {side!r}; sides are USSR, US")
        n = self.clone(d)
        opp = OPPONENT[side]
        hand = n["hands"][opp]
        # Cards a pending decision of ``side`` refers to (the choices of a
        # Blockade discard, ...) are known to it and stay where they are, or
        # the decision would name cards that are no longer there. Cards the
        # opponent is deciding over unseen by ``side`` (Our Man in Tehran's
        # top five) are dealt anew like every hidden card, and the
        # opponent's decision then names the cards dealt into their places.
        fixed: set[int] = set()
        for f in n["stack"]:
            if f["f"] == "ask" and f["p"] != opp:
                fixed.update(f["data"].get("cards", ()))
                if f["kind"] in _CARD_QUESTIONS:
                    fixed.update(f["options"])
        known = self.known_cards(d, side)
        hidden_hl = _hidden_headline(n, opp)
        # A face-down headline is a card of the hand until it is revealed.
        held = [*hand, hidden_hl] if hidden_hl else list(hand)
        kept = known + sorted(c for c in held if c in fixed and c not in known)
        rest = list(held)
        for c in kept:
            rest.remove(c)
        deck_fixed = [c for c in n["deck"] if c in fixed]
        deck_rest = [c for c in n["deck"] if c not in fixed]
        slots = rest + deck_rest
        # Sorting first makes the redeal a function of the view alone: two
        # states that look the same to ``side`` give the same determinization,
        # so nothing of the real hidden order can reach a search bot.
        pool = sorted(slots)
        r.shuffle(pool)
        k = len(rest)
        new_held = kept + pool[:k]
        n["deck"] = pool[k:] + deck_fixed  # the top of the deck is the end of the list
        if hidden_hl:
            # Which held card became the headline is unknown: any of them.
            choices = [c for c in new_held if c not in fixed] or new_held
            hl = choices[r.randrange(len(choices))]
            new_held.remove(hl)
            n["headline"][opp] = hl
        n["hands"][opp] = new_held
        moved = {old: new for old, new in zip(slots, pool, strict=True) if old != new}
        if moved:
            n["stack"] = [_redealt_choices(f, moved) if f["f"] == "ask" and f["p"] == opp else f
                          for f in n["stack"]]
        n["known"][side] = known  # forget stale entries: they could match a redealt card
        # The future is hidden too: reseed so shuffles and rolls differ.
        n["rng"] = r.getrandbits(64)
        # The seed and the actions so far would rebuild the real deal: a
        # determinization must not carry it.
        n["seed"] = None
        return n


def _hidden_headline(d: Data, side: str) -> int:
    """``side``'s headline card while it is face down to the opponent, else 0."""
    c: int = d["headline"][side]
    return c if c and d["hl_open"] not in (side, "both") else 0


def _redealt_choices(f: AskFrame, moved: dict[int, int]) -> AskFrame:
    """An opponent's card decision after a redeal: the cards it names are
    replaced by the cards dealt into their places (a new frame: clones share
    frames' lists)."""
    g = f.copy()
    if g["kind"] in _CARD_QUESTIONS:
        g["options"] = [moved.get(c, c) for c in f["options"]]
    named = f["data"].get("cards")
    if named is not None:
        g["data"] = {**f["data"], "cards": [moved.get(c, c) for c in named]}
    return g



def _names(kind: str, value: Any) -> str | Data:
    """How a marker reads (``brinkmanship.i18n``; names of cards, countries
    and the rest are in the catalogs): the VP lead as a message."""
    if kind == "vp":
        if value == 0:
            return {"code": "twilight.marker.vp_even", "args": {}}
        return {"code": "twilight.marker.vp", "args": {"lead": US if value > 0 else USSR, "n": abs(value)}}
    return str(value)


GAME = register(Twilight())
register_names("twilight", _names)


__all__ = ["CHANCE", "DEFAULT_OPTIONS", "GAME", "PositionError", "Twilight", "make_options"]
