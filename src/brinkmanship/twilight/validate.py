"""Validation of a loaded Twilight Struggle state (``bm.load``).

``core.validate.validate_common`` has already checked what every game shares
(the version, the log, the outcome keys, known frame kinds, a decision on top
of the stack). This module checks the rest against what the rules and the
card events write, so that a state read from a file either is one the engine
could have reached, or raises ``StateError`` naming the field:

- the schema: every key of ``rules.blank_state`` with its JSON type, no other;
- the options (names and values, as ``make_options`` accepts them);
- ranges: turn, action round, DEFCON, VP, military ops, Space Race, influence;
- every card of the periods in play (by turn, with the optional cards when
  they are on) in exactly one place, and nothing else anywhere;
- lasting effects: known names with the data their card writes (``EFFECTS``);
- every stack frame: the fields its kind's code reads, with their types and
  ranges, the frames it needs beneath it, and the continuation it resumes
  (a registered name whose data and options are those its event writes).

Checks that look at a whole list first test the common case in one pass and
only walk item by item to name the bad field: ``bm.load`` runs after every
action in the fuzz tests.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any, NamedTuple

from brinkmanship.core.validate import (
    Check,
    Record,
    check_header,
    conserve,
    expect,
    expect_in,
    expect_int,
    expect_ints,
    fail,
    is_bool,
    is_int,
    is_str,
    list_of,
    one_of,
    per_side,
)
from brinkmanship.twilight import rules
from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import (
    ADJACENT,
    BATTLEGROUND,
    CARD_BY_NAME,
    CARD_NAME,
    CARD_SIDE,
    CHINA,
    IN_REGION,
    INDEX,
    N_CARDS,
    N_COUNTRIES,
    NAMES,
    OPPONENT,
    REGIONS,
    SCORING,
    STABILITY,
    STARRED,
    STAYS_IN_PLAY,
)
from brinkmanship.twilight.data.setup import (
    FREE_INFLUENCE,
    LATE_WAR_TURN,
    MID_WAR_TURN,
    SPACE_BOXES,
    TURNS,
    VP_TO_WIN,
    action_rounds,
)
from brinkmanship.twilight.events import REGISTRY
from brinkmanship.twilight.options import make_options
from brinkmanship.twilight.rules import CHANCE, US, USSR, Data

Frame = dict[str, Any]

SIDES = (USSR, US)
# Influence a country may hold in a loaded state or a position: no rule
# caps it, but no game comes near this.
MAX_INFLUENCE = 999
# VP once the game is over (final scoring and Wargames go past 20).
MAX_FINAL_VP = 999
RESULTS = ("vp", "defcon", "europe", "final_scoring", "scoring_card_held", "wargames")
TURN_STEPS = ("start", "headline", "headline2", "reveal", "resolve", "round", "round_done",
              "extra", "extra_us", "extra_end", "eagle", "end")
HL_OPEN = ("", USSR, US, "both")

SIDE = one_of(*SIDES)
COUNTRY = is_int(0, N_COUNTRIES - 1)
COUNTRIES = list_of(COUNTRY, N_COUNTRIES, unique=True)
CARD = is_int(1, N_CARDS)
DIE = is_int(1, 6)
OPS = is_int(0, 10)
_ANY: Check = lambda value, path: None  # noqa: E731  (the frame kind, checked before)


def _names(*names: str) -> frozenset[int]:
    return frozenset(INDEX[n] for n in names)


def _card(c: int) -> str:
    name = CARD_NAME[c] if type(c) is int and 0 < c < len(CARD_NAME) else ""
    return f"card {c} ({name})" if name else f"card {c}"


# ---------------------------------------------------------------------------
# Lasting effects: every name a card puts in play, with the data it writes
# ---------------------------------------------------------------------------
class Effect(NamedTuple):
    """What a card's ``add_effect`` call writes: the expiry, the extra data
    fields and, for effects that forbid events, the cards they block."""

    until: str
    fields: dict[str, Check]
    blocks: tuple[int, ...] = ()


_SIDE_OR_BOTH = one_of(USSR, US, "both")

EFFECTS: dict[str, Effect] = {
    "Vietnam Revolts": Effect("turn", {}),
    "Warsaw Pact Formed": Effect("game", {}),
    "De Gaulle Leads France": Effect("game", {}),
    "NATO": Effect("game", {}),
    "US/Japan Mutual Defense Pact": Effect("game", {}),
    "Red Scare/Purge": Effect("turn", {"side": _SIDE_OR_BOTH}),
    "Formosan Resolution": Effect("game", {}),
    "Marshall Plan": Effect("game", {}),
    "Containment": Effect("turn", {}),
    "Quagmire": Effect("game", {}),
    "Bear Trap": Effect("game", {}),
    "Cuban Missile Crisis": Effect("turn", {"side": SIDE}),
    "Nuclear Subs": Effect("turn", {}),
    "SALT Negotiations": Effect("turn", {}),
    "Missile Envy": Effect("game", {"side": SIDE}),
    "We Will Bury You": Effect("game", {}),
    "Brezhnev Doctrine": Effect("turn", {}),
    "Willy Brandt": Effect("game", {}),
    "Flower Power": Effect("game", {}),
    "U2 Incident": Effect("turn", {}),
    "Camp David Accords": Effect("game", {}, (13,)),
    "John Paul II Elected Pope": Effect("game", {}),
    "Latin American Death Squads": Effect("turn", {"side": _SIDE_OR_BOTH}),
    "Shuttle Diplomacy": Effect("scoring", {}),
    "Iranian Hostage Crisis": Effect("game", {}),
    "The Iron Lady": Effect("game", {}, (7,)),
    "North Sea Oil": Effect("game", {"turn": is_int(1, TURNS)}, (61,)),
    "The Reformer": Effect("game", {}),
    "Iran-Contra Scandal": Effect("turn", {}),
    "Chernobyl": Effect("turn", {"region": one_of(*REGIONS)}),
    "Tear Down This Wall": Effect("game", {}, (55,)),
    "An Evil Empire": Effect("game", {}, (59,)),
    "Aldrich Ames Remix": Effect("turn", {}),
    "NORAD": Effect("game", {}),
    "Yuri and Samantha": Effect("turn", {}),
    "AWACS Sale to Saudis": Effect("game", {}, (56,)),
}

# Effects whose card stays on the table as their marker (an underlined
# title): once the card's play is finished the effect records the card
# (``card``), which stays in ``in_play`` until the effect ends. Shuttle
# Diplomacy is kept on the table by its event instead, without that field.
TABLE_CARD: dict[str, int] = {
    name: CARD_BY_NAME[name] for name in EFFECTS
    if name in CARD_BY_NAME and STAYS_IN_PLAY[CARD_BY_NAME[name]] and name != "Shuttle Diplomacy"
}
SHUTTLE_DIPLOMACY = CARD_BY_NAME["Shuttle Diplomacy"]
# Effects that end the other and block its card: never both in play.
EXCLUSIVE = (("Tear Down This Wall", "Willy Brandt"), ("An Evil Empire", "Flower Power"))


def check_effect(name: Any, e: Any, path: str, turn: int) -> None:
    """One lasting effect: a known name with exactly the data its card writes."""
    spec = EFFECTS.get(name) if type(name) is str else None
    if spec is None:
        fail(path, f"unknown effect {name!r}; effects are the names the cards put in play "
                   f"({', '.join(sorted(EFFECTS)[:4])}, ...)")
    expect(e, "object", path)
    if e.get("until") != spec.until:
        fail(f"{path}.until", f"{e.get('until')!r}; {name} lasts until {spec.until!r}")
    for key, check in spec.fields.items():
        if key not in e:
            fail(f"{path}.{key}", "missing")
        check(e[key], f"{path}.{key}")
    if spec.blocks and e.get("blocks") != list(spec.blocks):
        fail(f"{path}.blocks", f"{name} blocks {list(spec.blocks)}, got {e.get('blocks')!r}")
    table = TABLE_CARD.get(name)
    if "card" in e and e["card"] != table:
        fail(f"{path}.card", f"{e['card']!r} is not the card of {name}")
    known = {"until", *spec.fields, *(("blocks",) if spec.blocks else ()), *(("card",) if table else ())}
    for key in e:
        if key not in known:
            fail(f"{path}.{key}", "unknown field")
    if name == "North Sea Oil" and e["turn"] > turn:
        fail(f"{path}.turn", f"{e['turn']} is after the current turn {turn}")


# ---------------------------------------------------------------------------
# Continuations: what each event stores in the frame it resumes from
# ---------------------------------------------------------------------------
Extra = Callable[[Data, Frame, str], None]
Where = tuple[Callable[[Data, Frame], Container[int]], str]


class Ask(NamedTuple):
    """An ``ask`` frame an event pushes: the question's kind, its data, the
    side that always answers it (None: either), where its options come from
    (a fixed set, or a place in the state), whether it may be passed, and
    any further check."""

    kind: str
    data: Record
    chooser: str | None = None
    options: frozenset[int] | Where | None = None
    optional: bool | None = False
    extra: Extra | None = None


def _hand_of(side: str) -> Where:
    return (lambda d, f: d["hands"][side], f"in the {side} hand")


_CHOOSER_HAND: Where = (lambda d, f: d["hands"][f["p"]], "in the chooser's hand")
_DISCARD: Where = (lambda d, f: d["discard"], "in the discard pile")
_US_SCORING: Where = (lambda d, f: [c for c in d["hands"][US] if SCORING[c]], "a scoring card in the US hand")


def _option_set(*names: str) -> frozenset[int]:
    return frozenset(OPTIONS.index(n) for n in names)


def _un_intervention(d: Data, f: Frame, path: str) -> None:
    side = f["data"]["side"]
    if f["p"] != side:
        fail(f"{path}.p", f"{f['p']!r}; UN Intervention's partner is chosen by its player {side}")
    _subset(f["options"], d["hands"][side], f"{path}.options", f"in the {side} hand")


def _missile_envy(d: Data, f: Frame, path: str) -> None:
    side = f["data"]["side"]
    if f["p"] != OPPONENT[side]:
        fail(f"{path}.p", f"{f['p']!r}; the card given to {side} is chosen by {OPPONENT[side]}")
    if MISSILE_ENVY not in d["in_play"] or not any(
            g.get("f") == "finish" and g.get("card") == MISSILE_ENVY for g in d["stack"]):
        fail(f"{path}.then", "Missile Envy is not being played")


def _our_man_in_tehran(d: Data, f: Frame, path: str) -> None:
    cards = f["data"]["cards"]
    _subset(cards, d["deck"], f"{path}.data.cards", "in the draw pile")
    _subset(f["options"], cards, f"{path}.options", "among the cards looked at")


def _shuttle_diplomacy(d: Data, f: Frame, path: str) -> None:
    region = IN_REGION[f["data"]["region"]]
    for k, x in enumerate(f["options"]):
        if x not in region:
            fail(f"{path}.options[{k}]", f"country {x} ({NAMES[x]}) is not in {f['data']['region']}")


def _subset(values: list[int], allowed: Container[int], path: str, what: str) -> None:
    for k, x in enumerate(values):
        if x not in allowed:
            fail(f"{path}[{k}]", f"{_card(x)} is not {what}")


MISSILE_ENVY = 49
GRAIN_SALES = 67
_NO_DATA = Record({})
_LATIN_AMERICA = frozenset(IN_REGION["Central America"] + IN_REGION["South America"])
_SOUTH_AMERICA = frozenset(IN_REGION["South America"])
_EASTERN_EUROPE = frozenset(IN_REGION["Eastern Europe"])
_MUSLIM = _names("Sudan", "Iran", "Iraq", "Egypt", "Libya", "Saudi Arabia", "Syria", "Jordan")
_CHE = frozenset(i for r in ("Central America", "South America", "Africa") for i in IN_REGION[r]
                 if not BATTLEGROUND[i])
_DEFCON_OPTIONS = _option_set(*(f"DEFCON {n}" for n in range(1, 6)))
_COUP_OR_REALIGN = _option_set("coup", "realign")
_FIRST = one_of(-1, *range(N_COUNTRIES))

ASKS: dict[str, Ask] = {
    "blockade": Ask("discard", _NO_DATA, US, _hand_of(US), True),
    "warsaw_pact_formed": Ask("choose", _NO_DATA, USSR, _option_set("remove", "add")),
    "independent_reds": Ask("target", _NO_DATA, US,
                            _names("Yugoslavia", "Romania", "Bulgaria", "Hungary", "Czechoslovakia")),
    "indo_pakistani_war": Ask("target", Record({"side": SIDE}), None, _names("India", "Pakistan")),
    "truman_doctrine": Ask("target", _NO_DATA, US, frozenset(IN_REGION["Europe"])),
    "olympic_games": Ask("choose", Record({"sponsor": SIDE}), None, _option_set("participate", "boycott")),
    "brush_war": Ask("target", _NO_DATA, None, frozenset(i for i in range(N_COUNTRIES) if STABILITY[i] <= 2)),
    "salt_negotiations": Ask("pick", _NO_DATA, None, _DISCARD, True),
    "summit_defcon": Ask("choose", _NO_DATA, None, _DEFCON_OPTIONS),
    "how_i_learned": Ask("choose", _NO_DATA, None, _DEFCON_OPTIONS),
    "junta_country": Ask("target", _NO_DATA, None, _LATIN_AMERICA),
    "junta_operation": Ask("choose", _NO_DATA, None, _COUP_OR_REALIGN, True),
    "south_african_unrest": Ask("choose", _NO_DATA, USSR, _option_set("South Africa", "adjacent")),
    "chernobyl": Ask("choose", _NO_DATA, US, _option_set(*REGIONS)),
    "latin_american_debt_crisis": Ask("discard", _NO_DATA, US, _hand_of(US), True),
    "latin_american_debt_crisis_double": Ask("target", Record({"first": _FIRST}), USSR, _SOUTH_AMERICA),
    "tear_down_this_wall": Ask("choose", _NO_DATA, US, _COUP_OR_REALIGN, True),
    "aldrich_ames_remix": Ask("discard", _NO_DATA, USSR, _hand_of(US)),
    "iran_iraq_war": Ask("target", Record({"player": SIDE}), None, _names("Iran", "Iraq")),
    "un_intervention": Ask("ops", Record({"side": SIDE}), None, None, False, _un_intervention),
    "missile_envy": Ask("pick", Record({"side": SIDE}), None, _CHOOSER_HAND, False, _missile_envy),
    "star_wars": Ask("pick", _NO_DATA, US, _DISCARD),
    "ask_not": Ask("discard", Record({"count": is_int(0, N_CARDS)}), US, _hand_of(US), True),
    "the_cambridge_five": Ask("pick", _NO_DATA, USSR, _US_SCORING),
    "special_relationship": Ask("target", Record({"amount": is_int(1, 2)}), US,
                                frozenset(IN_REGION["Western Europe"]) | frozenset(ADJACENT[INDEX["UK"]])),
    "che": Ask("target", Record({"first": _FIRST}), USSR, _CHE, True),
    "our_man_in_tehran": Ask("discard", Record({"cards": list_of(CARD, 5, unique=True)}), US, None, True,
                             _our_man_in_tehran),
    "wargames": Ask("yesno", Record({"player": SIDE}), None),
    "shuttle_diplomacy": Ask("target", Record({"region": one_of("Asia", "Middle East")}), US, None, False,
                             _shuttle_diplomacy),
    "ortega_elected_in_nicaragua": Ask("target", _NO_DATA, USSR, frozenset(ADJACENT[INDEX["Nicaragua"]]), True),
}




class Influence(NamedTuple):
    """An influence frame an event pushes with a continuation
    (``push_influence(then=...)``): its kind, its data, who chooses, whose
    influence, how many choices in all (made and left), the countries it
    offers (None: any), the points per country (None: one point per
    action; ``rules.ALL``: all there), whether it may be stopped early, the
    question it is put as and the log code of each change."""

    kind: str
    data: Record
    chooser: str
    side: str
    total: int
    allowed: frozenset[int] | None
    per: int | tuple[int, ...] | None
    optional: bool
    question: str
    log: str


INFLUENCES: dict[str, Influence] = {
    "warsaw_pact_remove": Influence("remove_inf", _NO_DATA, USSR, US, 4, _EASTERN_EUROPE, rules.ALL, False,
                                    "warsaw_pact_remove", "twilight.card.warsaw_pact_formed.removed"),
    "east_european_unrest": Influence("remove_inf", _NO_DATA, US, USSR, 3, _EASTERN_EUROPE, (1, 2), False,
                                      "east_european_unrest", "twilight.card.east_european_unrest.removed"),
    "muslim_revolution": Influence("remove_inf", _NO_DATA, USSR, US, 2, _MUSLIM, rules.ALL, False,
                                   "muslim_revolution", "twilight.card.muslim_revolution.removed"),
    "de_stalinization": Influence("remove_inf", _NO_DATA, USSR, USSR, 4, None, None, True,
                                  "de_stalinization", "twilight.card.de_stalinization.removed"),
}
# The questions influence frames are put as.
INFLUENCE_QUESTIONS = frozenset(spec.question for spec in INFLUENCES.values())
INFLUENCE_LOGS = frozenset(spec.log for spec in INFLUENCES.values())


def _trap(d: Data, f: Frame, path: str) -> None:
    data = f["data"]
    if data["trap"] != rules.TRAPS[data["side"]]:
        fail(f"{path}.data.trap", f"{data['trap']!r} does not trap the {data['side']}")


class Roll(NamedTuple):
    """A die an event rolls (``roll_for``): its data and any further check."""

    data: Record
    extra: Extra | None = None


ROLLS: dict[str, Roll] = {
    "trap_escape": Roll(Record({"side": SIDE, "trap": one_of(*rules.TRAPS.values())}), _trap),
    "war": Roll(Record({"side": SIDE, "target": COUNTRY, "win": DIE, "vp": is_int(0, 2),
                        "penalty": is_int(0, 10), "card": one_of(*sorted(rules.WAR_CARDS))})),
    "olympic_sponsor_roll": Roll(Record({"sponsor": SIDE})),
    "olympic_guest_roll": Roll(Record({"sponsor": SIDE, "sponsor_roll": DIE})),
    "summit_ussr_roll": Roll(_NO_DATA),
    "summit_us_roll": Roll(Record({"ussr_roll": DIE})),
}
# Continuations run after a coup (``declare_coup(..., then=)``): they read
# the coup's roll frame, not event data.
AFTER_COUP = ("che_result",)

# The ask kinds and the range of their options (country index, card number,
# option index).
ASK_RANGE = {"target": (0, N_COUNTRIES - 1), "pick": (1, N_CARDS), "discard": (1, N_CARDS),
             "event": (1, N_CARDS), "ops": (1, N_CARDS), "choose": (0, len(OPTIONS) - 1), "yesno": (0, -1)}


# ---------------------------------------------------------------------------
# Frames
# ---------------------------------------------------------------------------
def _bonus(value: Any, path: str) -> None:
    expect(value, "list", path)
    if len(value) != 2 or type(value[0]) is not str or value[0] not in IN_REGION:
        fail(path, f"{value!r} is not [region, amount]")
    is_int(1, 1)(value[1], f"{path}[1]")


def _kinds(value: Any, path: str) -> None:
    is_str(value, path)
    if not value or len(set(value)) != len(value) or set(value) - set("pcr"):
        fail(path, f"{value!r}: the kinds of operations are some of 'p', 'c' and 'r'")


_TURN = Record({"f": _ANY, "step": one_of(*TURN_STEPS)},
               {"first": SIDE, "order": list_of(SIDE, 2, unique=True), "defcon0": is_int(1, 5)})
_SETUP = Record({"f": _ANY, "p": SIDE, "left": is_int(1, max(n for n, _ in FREE_INFLUENCE.values())),
                 "region": one_of(*(r for _, r in FREE_INFLUENCE.values()))})
_JUST_P = Record({"f": _ANY, "p": SIDE})
_ACTION = Record({"f": _ANY, "p": SIDE, "extra": is_bool}, {"only": CARD, "ret": one_of(GRAIN_SALES)})
_OPS = Record({"f": _ANY, "p": SIDE, "card": CARD, "ops": OPS, "bonus": list_of(_bonus, 2),
               "mode": one_of("", "place", "realign"), "access": COUNTRIES},
              {"kinds": _kinds, "only": COUNTRIES, "free": is_bool, "then": one_of(*AFTER_COUP)})
_ORDER = Record({"f": _ANY, "p": SIDE, "card": CARD})
_FIRE = Record({"f": _ANY, "side": SIDE, "card": CARD})
_FINISH = Record({"f": _ANY, "side": SIDE, "card": CARD, "remove": is_bool}, {"table": is_bool})
_INFLUENCE = Record({"f": _ANY, "p": SIDE, "side": SIDE, "left": is_int(1, 7), "allowed": COUNTRIES,
                     "max": is_int(0, 2), "done": list_of(COUNTRY, 7), "optional": is_bool},
                    {"per": is_int(0, 2), "then": is_str, "data": _ANY,
                     "question": one_of(*sorted(INFLUENCE_QUESTIONS)), "log": one_of(*sorted(INFLUENCE_LOGS))})
_ASK = Record({"f": _ANY, "p": SIDE, "kind": one_of(*ASK_RANGE), "options": list_of(_ANY, N_CARDS),
               "then": is_str, "optional": is_bool, "data": _ANY})
_CHANCE = one_of(CHANCE)
_ROLL = {
    "realign": Record({"f": _ANY, "p": _CHANCE, "why": _ANY, "side": SIDE, "target": COUNTRY,
                       "first": is_int(0, 6)}),
    "coup": Record({"f": _ANY, "p": _CHANCE, "why": _ANY, "side": SIDE, "target": COUNTRY, "ops": is_int(1, 10),
                    "free": is_bool, "then": one_of("", *AFTER_COUP)}),
    "event": Record({"f": _ANY, "p": _CHANCE, "why": _ANY, "then": is_str, "data": _ANY}),
    "space": Record({"f": _ANY, "p": _CHANCE, "why": _ANY, "side": SIDE}),
}


def _check_turn(d: Data, f: Frame, path: str) -> None:
    _TURN(f, path)
    step = f["step"]
    if step == "headline2" and "first" not in f:
        fail(f"{path}.first", "missing (the side that chose its headline first)")
    if step == "resolve" and "order" not in f:
        fail(f"{path}.order", "missing (the headlines left to resolve)")
    # Headlines are shown (hl_open) only as the rules show them: the first
    # choice under Man in Earth Orbit, both once revealed until resolved.
    shown = d["hl_open"]
    first = f.get("first")
    if shown not in {"resolve": ("both",), "headline2": ("", first), "reveal": ("", first)}.get(step, ("",)):
        fail("hl_open", f"{shown!r} at turn step {step!r}")
    # A headline card waits in its slot only between its choice and its event.
    hl = d["headline"]
    for side in SIDES:
        if not hl[side]:
            continue
        pending = (step == "reveal" and f.get("first") == side) or (step == "resolve" and side in f["order"])
        if not pending:
            fail(f"headline.{side}", f"{_card(hl[side])} waits as a headline, but no headline is pending")


def _check_action(d: Data, f: Frame, path: str) -> None:
    _ACTION(f, path)
    if ("only" in f) != ("ret" in f):
        fail(f"{path}.{'ret' if 'only' in f else 'only'}", "missing: a card handed to play at once has both")
    if "only" in f and f["only"] not in d["hands"][f["p"]]:
        fail(f"{path}.only", f"{_card(f['only'])} is not in the {f['p']} hand")


def _check_setup(d: Data, f: Frame, path: str) -> None:
    _SETUP(f, path)
    count, region = FREE_INFLUENCE[f["p"]]
    if f["region"] != region or f["left"] > count:
        fail(path, f"the {f['p']} places {count} set-up influence in {region}")


def _check_roll(d: Data, f: Frame, path: str) -> None:
    why = f.get("why")
    check = _ROLL.get(why) if type(why) is str else None
    if check is None:
        fail(f"{path}.why", f"{why!r} is not one of {', '.join(map(repr, _ROLL))}")
    check(f, path)
    if why == "space" and d["space"][f["side"]] >= len(SPACE_BOXES) - 1:
        fail(f"space.{f['side']}", "at the last box, but a Space Race roll is pending")
    if why != "event":
        return
    then = f["then"]
    spec = ROLLS.get(then)
    if spec is None or then not in REGISTRY.continuations:
        fail(f"{path}.then", f"{then!r} is not a continuation of a die roll")
    spec.data(f["data"], f"{path}.data")
    if spec.extra is not None:
        spec.extra(d, f, path)


def _check_ask(d: Data, f: Frame, path: str) -> None:
    _ASK(f, path)
    then = f["then"]
    spec = ASKS.get(then)
    if spec is None or then not in REGISTRY.continuations:
        fail(f"{path}.then", f"{then!r} is not a continuation of a question")
    if f["kind"] != spec.kind:
        fail(f"{path}.kind", f"{f['kind']!r}; {then} asks for {spec.kind!r}")
    spec.data(f["data"], f"{path}.data")
    if spec.chooser is not None and f["p"] != spec.chooser:
        fail(f"{path}.p", f"{f['p']!r}; {then} is answered by the {spec.chooser}")
    if spec.optional is not None and f["optional"] != spec.optional:
        fail(f"{path}.optional", f"{f['optional']!r}; {then} may{'' if spec.optional else ' not'} be passed")
    options = f["options"]
    lo, hi = ASK_RANGE[spec.kind]
    if spec.kind == "yesno":
        if options:
            fail(f"{path}.options", "a yes/no question has no options")
    else:
        expect_ints(options, f"{path}.options", lo, hi)
        if len(set(options)) != len(options):
            fail(f"{path}.options", "an option appears twice")
        if not options and not f["optional"]:
            fail(f"{path}.options", "empty: the question could not be answered")
        allowed = spec.options
        if isinstance(allowed, frozenset):
            for k, x in enumerate(options):
                if x not in allowed:
                    what = f"country {x} ({NAMES[x]})" if spec.kind == "target" else f"option {x} ({OPTIONS[x]})"
                    fail(f"{path}.options[{k}]", f"{what} is not one {then} offers")
        elif allowed is not None:
            where, what = allowed
            _subset(options, where(d, f), f"{path}.options", what)
    if spec.extra is not None:
        spec.extra(d, f, path)


def _check_ops(d: Data, f: Frame, path: str) -> None:
    _OPS(f, path)


def _check_influence(d: Data, f: Frame, path: str) -> None:
    _INFLUENCE(f, path)
    allowed, done = f["allowed"], f["done"]
    for k, x in enumerate(done):
        if x not in allowed:
            fail(f"{path}.done[{k}]", f"country {x} ({NAMES[x]}) is not one the frame allows")
    if "per" in f:  # the countries form: each country once, no other limit
        if len(set(done)) != len(done):
            fail(f"{path}.done", "a country is chosen twice; each is changed once")
        if f["max"]:
            fail(f"{path}.max", f"{f['max']}; a frame of different countries changes each once")
        if f["per"] == rules.ALL and f["f"] != "remove_inf":
            fail(f"{path}.per", "0 (all of a side's influence) is only for removing")
    elif f["max"]:
        for x in set(done):
            if done.count(x) > f["max"]:
                fail(f"{path}.done", f"country {x} ({NAMES[x]}) is chosen more than {f['max']} times")
    if ("then" in f) != ("data" in f):
        fail(f"{path}.{'data' if 'then' in f else 'then'}", "missing: a continuation and its data go together")
    then = f.get("then")
    if then is None:
        return
    spec = INFLUENCES.get(then)
    if spec is None or then not in REGISTRY.continuations:
        fail(f"{path}.then", f"{then!r} is not a continuation of an influence frame")
    spec.data(f["data"], f"{path}.data")
    for key, want in (("f", spec.kind), ("p", spec.chooser), ("side", spec.side), ("optional", spec.optional),
                      ("question", spec.question), ("log", spec.log)):
        if f.get(key) != want:
            fail(f"{path}.{key}", f"{f.get(key)!r}; {then} has {want!r}")
    per = spec.per
    if per is None:
        if "per" in f:
            fail(f"{path}.per", f"{then} changes one point per action")
    elif f.get("per") not in (per if isinstance(per, tuple) else (per,)):
        fail(f"{path}.per", f"{f.get('per')!r}; {then} changes {per!r} per country")
    if then == "east_european_unrest" and f["per"] != (2 if d["turn"] >= LATE_WAR_TURN else 1):
        fail(f"{path}.per", f"{f['per']}; East European Unrest removes 2 per country in the Late War only")
    if len(done) + f["left"] != spec.total:
        fail(f"{path}.left", f"{f['left']} with {len(done)} done; {then} has {spec.total} in all")
    if spec.allowed is None:
        if len(allowed) != N_COUNTRIES:
            fail(f"{path}.allowed", f"{then} allows every country")
    elif set(allowed) != spec.allowed:
        fail(f"{path}.allowed", f"not the countries {then} allows")


def _check_order(d: Data, f: Frame, path: str) -> None:
    _ORDER(f, path)
    if CARD_SIDE[f["card"]] != OPPONENT[f["p"]]:
        fail(f"{path}.card", f"{_card(f['card'])} does not carry the {OPPONENT[f['p']]} event")


def _check_finish(d: Data, f: Frame, path: str) -> None:
    _FINISH(f, path)
    if f["remove"] and not STARRED[f["card"]]:
        fail(f"{path}.remove", f"{_card(f['card'])} is not starred: it is never removed")


FRAMES: dict[str, Callable[[Data, Frame, str], None]] = {
    "turn": _check_turn,
    "setup": _check_setup,
    "headline": lambda d, f, path: _JUST_P(f, path),
    "action": _check_action,
    "ops": _check_ops,
    "roll": _check_roll,
    "eagle": lambda d, f, path: _JUST_P(f, path),
    "order": _check_order,
    "place_inf": _check_influence,
    "remove_inf": _check_influence,
    "ask": _check_ask,
    "finish": _check_finish,
    "fire_event": lambda d, f, path: _FIRE(f, path),
}


# Decisions that nothing is ever pushed above while they wait: their checks
# (cards in a hand, options) hold only for the state as it is now.
ON_TOP = frozenset({"ask", "roll", "order", "headline", "action", "eagle"})


def _check_stack(d: Data) -> None:
    stack = d["stack"]
    if not stack:
        return
    if stack[0].get("f") != "turn":
        fail("stack[0].f", f"{stack[0].get('f')!r}; the turn sequence is at the bottom of the stack")
    for k, f in enumerate(stack):
        path = f"stack[{k}]"
        kind = f["f"]
        check = FRAMES.get(kind)
        if check is None:  # pragma: no cover - a kind added to the rules without a check here
            fail(f"{path}.f", f"no validation for frame kind {kind!r}")
        if kind == "turn" and k:
            fail(f"{path}.f", "the turn sequence is only at the bottom of the stack")
        check(d, f, path)
    # Every frame is well formed: now how they sit on each other.
    finishing: dict[int, int] = {}
    top = stack[-1]
    for k, f in enumerate(stack):
        path = f"stack[{k}]"
        kind = f["f"]
        if kind in ON_TOP and f is not top and not (kind == "eagle" and stack[k + 1]["f"] == "eagle"):
            fail(f"{path}.f", f"a {kind!r} decision is only ever the pending one, on top of the stack")
        if kind == "finish":
            # A card kept on the table by its event (Missile Envy, given
            # away and perhaps played again) may have a second finish frame.
            c = f["card"]
            if c in finishing and not stack[finishing[c]].get("table"):
                fail(f"{path}.card", f"{_card(c)} is also being played at stack[{finishing[c]}]")
            finishing[c] = k
            if c != CHINA and not f.get("table") and c not in d["in_play"]:
                fail(f"{path}.card", f"{_card(c)} is being played but is not in play")
            if c == CHINA and f["side"] != d["china"]:
                fail(f"{path}.side", f"{f['side']!r} plays The China Card, held by the {d['china']}")
        elif kind == "ops":
            # Ops being spent are on top, but for the realignment rolled now;
            # only then may none be left (the roll's outcome ends the frame).
            rolling = f is not top and stack[k + 1]["f"] == "roll" and stack[k + 1]["why"] == "realign"
            if f["mode"] and f is not top and not (f["mode"] == "realign" and rolling):
                fail(f"{path}.mode", f"{f['mode']!r}: ops being spent are the pending decision")
            if f["ops"] < 1 and not rolling:
                fail(f"{path}.ops", "no ops left to spend")
        elif kind == "roll" and f["why"] == "realign":
            below = stack[k - 1]
            if below["f"] != "ops" or below["mode"] != "realign" or below["p"] != f["side"]:
                fail(f"{path}.why", "a realignment roll sits on the ops frame that spent the op")
        elif kind in ("order", "fire_event"):
            below = stack[k - 1]
            if below["f"] != "finish" or below["card"] != f["card"]:
                fail(f"{path}.f", f"{kind!r} must sit on the finish frame of {_card(f['card'])}")
            side = f["p"] if kind == "order" else OPPONENT[f["side"]]
            if below["side"] != side:
                fail(f"{path}.card", f"{_card(f['card'])} is played by {below['side']}")
    _check_turn_steps(d, stack)
    # Cards in play: each is being played (a finish frame), or lies on the
    # table as the marker of a lasting effect.
    effects = d["effects"]
    table = {e["card"] for e in effects.values() if "card" in e}
    if "Shuttle Diplomacy" in effects:
        table.add(SHUTTLE_DIPLOMACY)
    for k, c in enumerate(d["in_play"]):
        if c not in finishing and c not in table:
            fail(f"in_play[{k}]", f"{_card(c)} is in play, but neither being played nor the marker of an effect")


# Where the turn sequence may wait for a decision above it, the action round
# it is in (0: before the action rounds, "last": after them), and the frames
# that belong to that step only.
_STEP_AR = {"start": 0, "headline2": 0, "reveal": 0, "resolve": 0, "round": "rounds+", "round_done": "rounds",
            "extra_us": "last", "extra_end": "last", "eagle": "last", "end": "last"}
_STEP_FRAMES = {"setup": ("start",), "headline": ("headline2", "reveal"), "eagle": ("end",)}
_ROUND_STEPS = ("round_done", "extra_us", "extra_end")


def _check_turn_steps(d: Data, stack: list[Frame]) -> None:
    """The frames above the turn sequence belong to the step it waits at."""
    turn = stack[0]
    step = turn["step"]
    if step not in _STEP_AR:
        fail("stack[0].step", f"{step!r}: the turn sequence never waits at this step")
    rounds = action_rounds(d["turn"])
    ar = d["ar"]
    want = _STEP_AR[step]
    # (At step "round" NORAD may be pending after the last US round.)
    lo, hi = {0: (0, 0), "rounds": (1, rounds), "rounds+": (1, rounds + 1), "last": (rounds + 1, rounds + 1)}[want]
    if not lo <= ar <= hi:
        fail("ar", f"{ar} at turn step {step!r}")
    above = stack[1:]
    if step in ("start", "headline2", "reveal", "end"):
        kind = {"start": "setup", "end": "eagle"}.get(step, "headline")
        sides = [f.get("p") for f in above]
        if step == "start":
            ok = d["turn"] == 1 and sides in ([US, USSR], [US])
        elif step == "end":
            ok = len(set(sides)) == len(sides)
        else:
            first: str = turn.get("first", "")
            second = OPPONENT.get(first)
            ok = sides == [first if step == "headline2" else second]
        if not ok or any(f["f"] != kind for f in above):
            fail("stack", f"turn step {step!r} waits for {kind} decisions only")
    normal = 0
    for k, f in enumerate(above, 1):
        kind = f["f"]
        if kind in _STEP_FRAMES and step not in _STEP_FRAMES[kind]:
            fail(f"stack[{k}].f", f"a {kind!r} decision at turn step {step!r}")
        if kind == "action" and "only" not in f:
            normal += 1
            if step not in _ROUND_STEPS or normal > 1:
                fail(f"stack[{k}].f", f"an action round at turn step {step!r}")
            if f["p"] != d["phasing"]:
                fail(f"stack[{k}].p", f"{f['p']!r}, but the phasing player is the {d['phasing']}")
            if f["extra"] != (step != "round_done"):
                fail(f"stack[{k}].extra", f"{f['extra']!r} at turn step {step!r}")


# ---------------------------------------------------------------------------
# The whole state
# ---------------------------------------------------------------------------
TOP = ("game", "version", "seed", "rng", "options", "turn", "ar", "phasing", "defcon", "vp", "milops",
       "space", "space_tries", "inf", "hands", "deck", "discard", "removed", "in_play", "china",
       "china_up", "headline", "hl_open", "effects", "known", "stack", "log", "reveals", "ply",
       "final", "over", "winner", "result")


def _sides(value: Any, path: str) -> dict[str, Any]:
    return per_side(value, path, SIDES)


def cards_in_game(turn: int, optional: bool) -> frozenset[int]:
    """The cards that exist at ``turn``: the decks of the periods begun,
    with the optional cards when they are on (never The China Card)."""
    return _IN_GAME[(min(2, (turn >= MID_WAR_TURN) + (turn >= LATE_WAR_TURN)), optional)]


_IN_GAME = {
    (n, opt): frozenset(rules.deck_for_periods({"options": {"optional_cards": opt}}, *("Early", "Mid", "Late")[:n + 1]))
    for n in range(3) for opt in (False, True)
}


def validate(d: Data) -> None:
    """Check a loaded Twilight Struggle state; see the module docstring.
    Raises ``StateError`` naming the first bad field."""
    opts = check_header(d, TOP, make_options)
    over = d["over"]
    is_bool(d["final"], "final")
    if d["final"] and not over:
        fail("final", "final scoring happens as the game ends")
    if over and d["result"] not in RESULTS:
        expect_in(d["result"], RESULTS, "result")
    turn = expect_int(d["turn"], "turn", 1, TURNS)
    expect_int(d["ar"], "ar", 0, action_rounds(turn) + 1)
    expect_in(d["phasing"], SIDES, "phasing")
    expect_int(d["defcon"], "defcon", 1 if over else 2, 5)
    vp_cap = MAX_FINAL_VP if over else VP_TO_WIN - 1
    expect_int(d["vp"], "vp", -vp_cap, vp_cap)
    for key, hi in (("milops", 5), ("space", len(SPACE_BOXES) - 1), ("space_tries", 2)):
        m = _sides(d[key], key)
        for side in SIDES:
            expect_int(m[side], f"{key}.{side}", 0, hi)
    inf = _sides(d["inf"], "inf")
    for side in SIDES:
        expect_ints(inf[side], f"inf.{side}", 0, MAX_INFLUENCE, N_COUNTRIES)

    # Cards.
    hands = _sides(d["hands"], "hands")
    headline = _sides(d["headline"], "headline")
    places: list[tuple[str, list[int]]] = [(f"hands.{s}", hands[s]) for s in SIDES]
    places += [(key, d[key]) for key in ("deck", "discard", "removed", "in_play")]
    for path, cards in places:
        expect_ints(cards, path, 1, N_CARDS)
    for side in SIDES:
        expect_int(headline[side], f"headline.{side}", 0, N_CARDS)
        if headline[side]:
            places.append((f"headline.{side}", [headline[side]]))
    expect_in(d["china"], SIDES, "china")
    is_bool(d["china_up"], "china_up")
    expect_in(d["hl_open"], HL_OPEN, "hl_open")
    optional = opts["optional_cards"]
    periods = ("Early", "Early and Mid", "Early, Mid and Late")[(turn >= MID_WAR_TURN) + (turn >= LATE_WAR_TURN)]
    conserve(places, cards_in_game(turn, optional), _card,
             f"the {periods} War cards{'' if optional else ' without the optional ones'} at turn {turn}; "
             "The China Card is not in any pile: see 'china'")
    for k, c in enumerate(d["removed"]):
        if not STARRED[c]:
            fail(f"removed[{k}]", f"{_card(c)} is not starred: it is never removed from the game")
    known = _sides(d["known"], "known")
    for side in SIDES:
        expect_ints(known[side], f"known.{side}", 1, N_CARDS)
        if len(known[side]) > 2 * N_CARDS:
            fail(f"known.{side}", "too long")

    # Effects.
    effects = d["effects"]
    expect(effects, "object", "effects")
    for name, e in effects.items():
        check_effect(name, e, f"effects.{name}", turn)
        if "card" in e and e["card"] not in d["in_play"]:
            fail(f"effects.{name}.card", f"{_card(e['card'])} marks this effect but is not in play")
    for a, b in EXCLUSIVE:
        if a in effects and b in effects:
            fail(f"effects.{b}", f"{a} ends {b}: never both in play")

    _check_stack(d)
    if not over and not rules.legal_actions(d):
        fail("stack", "the pending decision has no legal action")
