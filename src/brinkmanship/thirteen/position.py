"""Build a 13 Days state from a position dict, for tests and puzzles.

The schema is documented in docs/positions.md. Every field is optional and
defaults to its start-of-game value; errors name the field and the value.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.errors import PositionError
from brinkmanship.core.log import msg
from brinkmanship.thirteen import rules
from brinkmanship.thirteen.board import (
    AGENDA_NAME,
    ARENAS,
    CARD_NAME,
    N_AGENDA_CARDS,
    N_ARENAS,
    N_CARDS,
    SIDES,
    TRACKS,
    US,
    USSR,
    agenda_index,
    arena_index,
    card_number,
    track_index,
)
from brinkmanship.thirteen.data.board import (
    AGENDAS_DEALT,
    ARENA_MAX,
    DEFCON_MAX,
    DEFCON_MIN,
    HAND_SIZE,
    MAX_LEAD,
    PLAYS_PER_ROUND,
    ROUNDS,
    SUPPLY,
)
from brinkmanship.thirteen.options import make_options
from brinkmanship.thirteen.rules import ROUND_EFFECTS, Data, agenda_type

FIELDS = (
    "seed", "options", "round", "phase", "prestige", "defcon", "cubes", "letter", "hands", "deck",
    "discard", "aftermath", "agendas", "plays", "next", "effects",
)
PHASES = ("round_start", "agendas", "plays", "aftermath", "resolve")
# Where the round procedure resumes for each phase.
_STEP = {"round_start": "escalate", "agendas": "deal", "plays": "plays", "aftermath": "aftermath",
         "resolve": "resolve"}
EFFECT_NAMES = {"sops": "sops", "to the brink": "brink", "brink": "brink", "containment": "containment",
                "bay of pigs": "bay_of_pigs", "bay_of_pigs": "bay_of_pigs"}


def _int(pos: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    v = pos.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PositionError(f"{key!r} must be an integer {lo}..{hi}, got {v!r}")
    return v


def _side(v: Any, where: str) -> str:
    if v not in SIDES:
        raise PositionError(f"{where} must be USSR or US, got {v!r}")
    s: str = v
    return s


def _sides_dict(pos: dict[str, Any], key: str, example: str) -> dict[str, Any]:
    raw = pos.get(key, {})
    if not isinstance(raw, dict):
        raise PositionError(f"{key!r} must be a dict like {example}, got {raw!r}")
    for side in raw:
        _side(side, f"{key!r}: a side")
    return raw


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards, got {value!r}")
    out = []
    for c in value:
        try:
            n = c if isinstance(c, int) and not isinstance(c, bool) else card_number(str(c))
        except LookupError as exc:
            raise PositionError(f"{where}: {exc.args[0]}") from None
        if not 1 <= n <= N_CARDS:
            raise PositionError(f"{where}: no card number {n}; strategy cards are 1-{N_CARDS}")
        out.append(n)
    return out


def build(pos: dict[str, Any]) -> Data:
    """A state for the position ``pos`` (see docs/positions.md)."""

    if not isinstance(pos, dict):
        raise PositionError(f"a position is a dict, got {type(pos).__name__}")
    unknown = sorted(set(pos) - set(FIELDS))
    if unknown:
        raise PositionError(f"unknown position field(s) {unknown}; fields are: {', '.join(FIELDS)}")
    seed = _int(pos, "seed", 0, -(2**63), 2**63 - 1)
    raw_options = pos.get("options", {})
    if not isinstance(raw_options, dict):
        raise PositionError(f"'options' must be a dict like {{'agenda_push': 'none'}}, got {raw_options!r}")
    try:
        options = make_options(raw_options)
    except ValueError as exc:
        raise PositionError(f"'options': {exc}") from None
    d = rules.blank_state(seed, options)
    d["round"] = _int(pos, "round", 1, 1, ROUNDS)
    phase = pos.get("phase", "plays")
    if phase not in PHASES:
        raise PositionError(f"'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
    d["prestige"] = _int(pos, "prestige", 0, -MAX_LEAD, MAX_LEAD)
    d["letter"] = _side(pos.get("letter", US), "'letter'")
    d["next"] = _side(pos.get("next", USSR), "'next'")

    for side, marks in _sides_dict(pos, "defcon", "{'US': {'Military': 3}}").items():
        if not isinstance(marks, dict):
            raise PositionError(f"'defcon'[{side!r}] must map tracks to positions, got {marks!r}")
        for name, v in marks.items():
            try:
                t = track_index(str(name))
            except LookupError as exc:
                raise PositionError(f"'defcon'[{side!r}]: {exc.args[0]}") from None
            if not isinstance(v, int) or isinstance(v, bool) or not DEFCON_MIN <= v <= DEFCON_MAX:
                raise PositionError(f"'defcon'[{side!r}][{TRACKS[t]!r}] must be {DEFCON_MIN}..{DEFCON_MAX}, "
                                    f"got {v!r}")
            d["defcon"][side][t] = v

    if "cubes" in pos:
        cubes = _sides_dict(pos, "cubes", "{'US': {'Berlin': 2}}")
        d["cubes"] = {USSR: [0] * N_ARENAS, US: [0] * N_ARENAS}
        for side, places in cubes.items():
            if not isinstance(places, dict):
                raise PositionError(f"'cubes'[{side!r}] must map arenas to numbers, got {places!r}")
            for name, n in places.items():
                try:
                    i = arena_index(str(name))
                except LookupError as exc:
                    raise PositionError(f"'cubes'[{side!r}]: {exc.args[0]}") from None
                if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= ARENA_MAX:
                    raise PositionError(f"'cubes'[{side!r}][{ARENAS[i]!r}] must be 0..{ARENA_MAX}, got {n!r}")
                d["cubes"][side][i] = n
            if sum(d["cubes"][side]) > SUPPLY:
                raise PositionError(f"'cubes'[{side!r}]: {sum(d['cubes'][side])} cubes, but a side has {SUPPLY}")

    # Plays and round effects belong to a round under way: a position that
    # starts before the card plays would carry them into a fresh round.
    for field in ("plays", "effects"):
        if field in pos and phase in ("round_start", "agendas") and pos[field]:
            raise PositionError(f"{field!r} cannot be given with phase {phase!r}: the round has not started its "
                                "card plays")
    plays = _sides_dict(pos, "plays", "{'US': 2, 'USSR': 2}")
    for side, n in plays.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= PLAYS_PER_ROUND:
            raise PositionError(f"'plays'[{side!r}] must be 0..{PLAYS_PER_ROUND}, got {n!r}")
        d["plays"][side] = n

    effects = pos.get("effects", {})
    if not isinstance(effects, dict):
        raise PositionError(f"'effects' must be a dict like {{'SOPs': ['US']}}, got {effects!r}")
    for name, sides in effects.items():
        key = EFFECT_NAMES.get(str(name).lower())
        if key is None:
            raise PositionError(f"'effects': unknown effect {name!r}; effects are SOPs, To the Brink, "
                                "Containment, Bay of Pigs")
        if not isinstance(sides, list):
            raise PositionError(f"'effects'[{name!r}] must be a list of sides, got {sides!r}")
        d["fx"][key] = [_side(s, f"'effects'[{name!r}]") for s in sides]
    assert set(d["fx"]) == set(ROUND_EFFECTS)

    # Agendas: flags (offered) and the kept one per side.
    agendas = _sides_dict(pos, "agendas", "{'US': {'offered': ['Berlin', ...], 'kept': 'Berlin'}}")
    if agendas and phase == "round_start":
        # Phase 2 would deal new agendas over these (and lose their cards).
        raise PositionError("'agendas' cannot be given with phase 'round_start': the round deals them; "
                            "use phase 'agendas' or later")
    pool = list(range(1, N_AGENDA_CARDS + 1))
    for side, a in agendas.items():
        if not isinstance(a, dict) or set(a) - {"offered", "kept"}:
            raise PositionError(f"'agendas'[{side!r}] must be {{'offered': [...], 'kept': name}}, got {a!r}")
        names = a.get("offered", [a["kept"]] if "kept" in a else [])
        if not isinstance(names, list) or len(names) > AGENDAS_DEALT:
            raise PositionError(f"'agendas'[{side!r}]['offered'] must be a list of up to 3 agendas, got {names!r}")
        cards = []
        for nm in names:
            try:
                t = agenda_index(str(nm))
            except LookupError as exc:
                raise PositionError(f"'agendas'[{side!r}]: {exc.args[0]}") from None
            card = next((c for c in pool if agenda_type(c) == t), None)
            if card is None:
                raise PositionError(f"'agendas': no {AGENDA_NAME[t]} agenda card left for {side}")
            pool.remove(card)
            cards.append(card)
        d["offered"][side] = cards
        if "kept" in a:
            try:
                t = agenda_index(str(a["kept"]))
            except LookupError as exc:
                raise PositionError(f"'agendas'[{side!r}]['kept']: {exc.args[0]}") from None
            kept = next((c for c in cards if agenda_type(c) == t), None)
            if kept is None:
                raise PositionError(f"'agendas'[{side!r}]['kept'] must be one of the offered agendas")
            d["kept"][side] = kept
    d["agenda_deck"] = pool

    # Strategy cards: every card sits in exactly one place.
    seen: dict[int, str] = {}

    def take(cards: list[int], field: str, where: str) -> list[int]:
        for c in cards:
            if c in seen:
                raise PositionError(f"{field}: {CARD_NAME[c]} is in both {seen[c]} and {where}")
            seen[c] = where
        return cards

    hands = _sides_dict(pos, "hands", "{'US': ['Excomm', ...]}")
    for side in SIDES:
        if side in hands:
            field = f"'hands'[{side!r}]"
            d["hands"][side] = take(_cards(hands[side], field), field, f"{side}'s hand")
            most = {"plays": HAND_SIZE - d["plays"][side], "resolve": 0}.get(phase, HAND_SIZE)
            if len(d["hands"][side]) > most:
                why = "the card plays are over" if phase == "resolve" else f"{HAND_SIZE} less the cards played"
                raise PositionError(f"{field}: {len(d['hands'][side])} cards, but a hand holds at most {most} "
                                    f"({why})")
    d["discard"] = take(_cards(pos.get("discard", []), "'discard'"), "'discard'", "the discard pile")
    after = _sides_dict(pos, "aftermath", "{'US': ['Excomm'], 'USSR': []}")
    for side in SIDES:
        field = f"'aftermath'[{side!r}]"
        for c in take(_cards(after.get(side, []), field), field, "the Aftermath"):
            d["aftermath"].append([side, c])
    if "deck" in pos:
        d["deck"] = list(reversed(take(_cards(pos["deck"], "'deck'"), "'deck'", "the deck")))
    else:
        d["deck"] = [c for c in range(1, N_CARDS + 1) if c not in seen]
        rng.shuffle(d, d["deck"])
    for side in SIDES:
        if side not in hands:
            size = {"plays": HAND_SIZE - d["plays"][side], "aftermath": 1}.get(phase, 0)
            while len(d["hands"][side]) < size and d["deck"]:
                d["hands"][side].append(d["deck"].pop())

    rules.log(d, "thirteen.game.position", round=d["round"], phase=msg(f"thirteen.phase.{phase}"))
    d["stack"] = [{"f": "round", "step": _STEP[phase]}]
    if phase == "agendas":
        for side in (US, USSR):
            if not d["offered"][side]:
                d["offered"][side] = [d["agenda_deck"].pop(rng.randbelow(d, len(d["agenda_deck"])))
                                      for _ in range(AGENDAS_DEALT)]
            if not d["kept"][side]:
                d["stack"].append({"f": "agenda", "p": side})
    rules.advance(d)
    return d
