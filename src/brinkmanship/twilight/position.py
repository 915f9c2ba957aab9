"""Build a state from a position dict: any table set-up, for tests and puzzles.

The schema is documented in docs/positions.md. Every field is optional and
defaults to its start-of-game value; errors name the field and the value.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.errors import PositionError, StateError
from brinkmanship.twilight import rules
from brinkmanship.twilight.board import CHINA, INDEX, NAMES, card_number, country_index
from brinkmanship.twilight.data.setup import (
    FIXED_INFLUENCE,
    FREE_INFLUENCE,
    LATE_WAR_TURN,
    MID_WAR_TURN,
    TURNS,
    action_rounds,
    hand_size,
)
from brinkmanship.twilight.options import make_options
from brinkmanship.twilight.rules import US, USSR, Data
from brinkmanship.twilight.rules.kinds import SetupFrame, TurnFrame
from brinkmanship.twilight.validate import (
    EFFECTS,
    EXCLUSIVE,
    MAX_INFLUENCE,
    SHUTTLE_DIPLOMACY,
    TABLE_CARD,
    check_effect,
)

FIELDS = (
    "seed", "options", "turn", "phase", "action_round", "phasing", "defcon", "vp",
    "milops", "space", "space_attempts", "influence", "hands", "deck", "discard",
    "removed", "china", "effects",
)
PHASES = ("setup", "turn_start", "headline", "action")
SIDES = (USSR, US)


def _side_map(pos: dict[str, Any], key: str, lo: int, hi: int) -> dict[str, int]:
    raw = pos.get(key, {})
    if not isinstance(raw, dict):
        raise PositionError(f"{key!r} must be a dict like {{'US': 0, 'USSR': 0}}, got {raw!r}")
    out = {USSR: 0, US: 0}
    for side, v in raw.items():
        if side not in SIDES:
            raise PositionError(f"{key!r}: unknown side {side!r}; sides are USSR, US")
        if not isinstance(v, int) or not lo <= v <= hi:
            raise PositionError(f"{key!r}[{side!r}] must be an integer {lo}-{hi}, got {v!r}")
        out[side] = v
    return out


def _int(pos: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    v = pos.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PositionError(f"{key!r} must be an integer {lo}-{hi}, got {v!r}")
    return v


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards, got {value!r}")
    out = []
    for c in value:
        try:
            n = c if isinstance(c, int) and not isinstance(c, bool) else card_number(str(c))
        except LookupError as exc:
            raise PositionError(f"{where}: {exc.args[0]}") from None
        if not 1 <= n <= 110:
            raise PositionError(f"{where}: no card number {n}")
        if n == CHINA:
            raise PositionError(f"{where}: The China Card is set with the 'china' field")
        out.append(n)
    return out


def _effects(raw: Any, turn: int) -> dict[str, Any]:
    """Lasting effects as their cards put them in play: a known name, the
    data that card writes (a side, a region), and what the card fills in
    itself (its expiry, the cards it blocks, North Sea Oil's turn)."""
    if not isinstance(raw, dict):
        raise PositionError(f"'effects' must be a dict like {{'NATO': {{}}, 'Red Scare/Purge': {{'side': 'US'}}}}, "
                            f"got {raw!r}")
    out: dict[str, Any] = {}
    for name, given in raw.items():
        spec = EFFECTS.get(name) if isinstance(name, str) else None
        if spec is None:
            raise PositionError(f"'effects': unknown effect {name!r}; effects are: {', '.join(sorted(EFFECTS))}")
        where = f"'effects'[{name!r}]"
        if not isinstance(given, dict):
            raise PositionError(f"{where} must be a dict of the effect's data (or {{}}), got {given!r}")
        e: dict[str, Any] = {"until": spec.until}
        e.update({k: v for k, v in given.items() if k in spec.fields})
        if name == "North Sea Oil":
            e.setdefault("turn", turn)  # played this turn: the US has its extra round
        if spec.blocks:
            e["blocks"] = list(spec.blocks)
        for key, value in given.items():
            if key in spec.fields:
                continue
            if key not in e:
                known = ", ".join(["until", *spec.fields, *(["blocks"] if spec.blocks else [])])
                raise PositionError(f"{where}: unknown field {key!r}; {name} has {known}")
            if value != e[key]:
                raise PositionError(f"{where}[{key!r}] must be {e[key]!r} (what {name} sets), got {value!r}")
        try:
            check_effect(name, e, f"effects.{name}", turn)
        except StateError as exc:
            raise PositionError(f"{where}: {exc}") from None
        out[name] = e
    for a, b in EXCLUSIVE:
        if a in out and b in out:
            raise PositionError(f"'effects': {a} ends {b}; they are never in play together")
    return out


def build(pos: dict[str, Any]) -> Data:
    """A state for the position ``pos`` (see docs/positions.md)."""

    if not isinstance(pos, dict):
        raise PositionError(f"a position is a dict, got {type(pos).__name__}")
    unknown = sorted(set(pos) - set(FIELDS))
    if unknown:
        raise PositionError(f"unknown position field(s) {unknown}; fields are: {', '.join(FIELDS)}")
    seed = _int(pos, "seed", 0, -(2**63), 2**63 - 1)
    try:
        options = make_options(pos.get("options"))
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    d = rules.blank_state(seed, options)
    turn = _int(pos, "turn", 1, 1, TURNS)
    d["turn"] = turn
    phase = pos.get("phase", "action")
    if phase not in PHASES:
        raise PositionError(f"'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
    if phase == "setup" and turn != 1:
        raise PositionError(f"'phase' 'setup' is the set-up before turn 1, but 'turn' is {turn}")
    ar = _int(pos, "action_round", 1, 1, action_rounds(turn))
    phasing = pos.get("phasing", USSR)
    if phasing not in SIDES:
        raise PositionError(f"'phasing' must be USSR or US, got {phasing!r}")
    d["defcon"] = _int(pos, "defcon", 5, 2, 5)
    d["vp"] = _int(pos, "vp", 0, -19, 19)
    d["milops"] = _side_map(pos, "milops", 0, 5)
    d["space"] = _side_map(pos, "space", 0, 8)
    d["space_tries"] = _side_map(pos, "space_attempts", 0, 2)

    # Influence: replaces the printed start when given.
    if "influence" in pos:
        inf = pos["influence"]
        if not isinstance(inf, dict):
            raise PositionError(f"'influence' must be {{'US': {{country: n}}, 'USSR': {{...}}}}, got {inf!r}")
        for side, places in inf.items():
            if side not in SIDES:
                raise PositionError(f"'influence': unknown side {side!r}; sides are USSR, US")
            if not isinstance(places, dict):
                raise PositionError(f"'influence'[{side!r}] must map countries to numbers")
            for name, n in places.items():
                try:
                    i = country_index(str(name))
                except LookupError as exc:
                    raise PositionError(f"'influence'[{side!r}]: {exc.args[0]}") from None
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise PositionError(
                        f"'influence'[{side!r}][{NAMES[i]!r}] must be a whole number >= 0, got {n!r}")
                if n > MAX_INFLUENCE:
                    raise PositionError(f"'influence'[{side!r}][{NAMES[i]!r}] must be at most {MAX_INFLUENCE}, got {n}")
                d["inf"][side][i] = n
    else:
        for side, placed in FIXED_INFLUENCE.items():
            for name, n in placed.items():
                d["inf"][side][INDEX[name]] += n

    # The China Card.
    china = pos.get("china", {})
    if not isinstance(china, dict) or set(china) - {"holder", "face_up"}:
        raise PositionError(f"'china' must be {{'holder': side, 'face_up': bool}}, got {china!r}")
    holder = china.get("holder", USSR)
    if holder not in SIDES:
        raise PositionError(f"'china'['holder'] must be USSR or US, got {holder!r}")
    face_up = china.get("face_up", True)
    if not isinstance(face_up, bool):
        raise PositionError(f"'china'['face_up'] must be true or false, got {face_up!r}")
    d["china"] = holder
    d["china_up"] = face_up

    d["effects"] = _effects(pos.get("effects", {}), turn)

    # Cards: every card of the periods in play sits in exactly one place. A
    # turn that starts here shuffles its own period's cards in as it starts.
    begun = turn - 1 if phase == "turn_start" else turn
    periods = ["Early"]
    if begun >= MID_WAR_TURN:
        periods.append("Mid")
    if begun >= LATE_WAR_TURN:
        periods.append("Late")
    in_game = rules.deck_for_periods(d, *periods)
    allowed = set(rules.deck_for_periods(d, "Early", "Mid", "Late"))
    seen: dict[int, str] = {}

    def take(cards: list[int], where: str) -> list[int]:
        for c in cards:
            if c not in allowed:
                raise PositionError(f"{where}: card #{c} is not used in this game (optional cards are off)")
            if c in seen:
                raise PositionError(f"card #{c} is in both {seen[c]} and {where}")
            seen[c] = where
        return cards

    hands_raw = pos.get("hands")
    hands: dict[str, list[int] | None] = {USSR: None, US: None}
    if hands_raw is not None:
        if not isinstance(hands_raw, dict):
            raise PositionError(f"'hands' must be {{'US': [...], 'USSR': [...]}}, got {hands_raw!r}")
        for side, cards in hands_raw.items():
            if side not in SIDES:
                raise PositionError(f"'hands': unknown side {side!r}; sides are USSR, US")
            hands[side] = take(_cards(cards, f"hands[{side!r}]"), f"{side}'s hand")
    d["discard"] = take(_cards(pos.get("discard", []), "'discard'"), "the discard pile")
    d["removed"] = take(_cards(pos.get("removed", []), "'removed'"), "the removed cards")
    if "deck" in pos:
        # Given top card first; internally the top is the end of the list.
        d["deck"] = list(reversed(take(_cards(pos["deck"], "'deck'"), "the deck")))
    # A lasting effect's card that the position does not place lies on the
    # table as its marker, as the card itself leaves it (see twilight.validate).
    for name, e in d["effects"].items():
        card = TABLE_CARD.get(name, SHUTTLE_DIPLOMACY if name == "Shuttle Diplomacy" else 0)
        if card in in_game and card not in seen:
            seen[card] = "the table"
            d["in_play"].append(card)
            if name in TABLE_CARD:
                e["card"] = card
    if "deck" not in pos:
        d["deck"] = [c for c in in_game if c not in seen]
        rng.shuffle(d, d["deck"])
    for side in SIDES:
        given = hands[side]
        if given is None:
            d["hands"][side] = []
        else:
            d["hands"][side] = list(given)
    if any(h is None for h in hands.values()) and phase != "turn_start":
        size = hand_size(turn)
        for side in SIDES:
            if hands[side] is None:
                while len(d["hands"][side]) < size and d["deck"]:
                    d["hands"][side].append(d["deck"].pop())

    rules.log(d, f"twilight.position.{phase}", turn=turn)
    turn_frame: TurnFrame = {"f": "turn", "step": "round"}
    d["stack"] = [turn_frame]
    if phase == "setup":
        turn_frame["step"] = "start"
        setup: list[SetupFrame] = [
            {"f": "setup", "p": US, "left": FREE_INFLUENCE[US][0], "region": FREE_INFLUENCE[US][1]},
            {"f": "setup", "p": USSR, "left": FREE_INFLUENCE[USSR][0], "region": FREE_INFLUENCE[USSR][1]},
        ]
        d["stack"].extend(setup)
    elif phase == "turn_start":
        turn_frame["step"] = "start"
    elif phase == "headline":
        turn_frame["step"] = "headline"
    else:
        d["ar"] = ar
        d["phasing"] = phasing
    rules.advance(d)
    return d
