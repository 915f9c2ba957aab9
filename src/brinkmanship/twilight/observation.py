"""Twilight Struggle's observation tensor: one side's view as a float32 vector.

``LAYOUT`` declares the vector slice by slice (``core.observation``; its
``markdown()`` is the table in the docs), and ``observation_tensor(d, side)``
fills it.
The tensor is a function of ``view(side)`` alone: every entry mirrors a
field of the view (``Twilight.view`` and ``decisions.decision``), read
from the state's dict directly because building the view itself costs about
as much as the whole budget of an observation. A field of the view that is a
pure function of the others (the prompt, the legal actions, a Space Race
roll's box, an order decision's options) is left out; everything else that
can tell two views apart has an entry, so that two positions a side cannot
tell apart give the same tensor and two it can tell apart do not
(``tests/envs/test_observation_twilight.py`` checks both over random games).

Conventions: cards are indexed by number, card ``c`` at entry ``c - 1`` of a
110-entry card slice; countries follow the map's order (``board.NAMES``,
Canada first); sides are ordered USSR, US. Categorical values are one-hot,
counts are divided by a stated divisor so that ordinary values fall in
[0, 1].

Two things the view holds are not kept: the order of the discard pile, the
removed cards and the cards in play, and the order in which an influence
choice picked its countries so far (no rule reads either); the tensor holds
them as sets and counts.

Speed (at most 20 µs a call, ``benchmarks/bench_observation.py``): an
observation is taken at every step of every environment, so the encoder
copies a zero template, collects the positions of all its ones in one
Python list and writes them with a single ``put``. The board (influence,
then control from it against a stability array) is built in numpy from the
two influence lists passed through ``bytes``, and kept for the next call
while the lists stay equal, as they do at most steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from brinkmanship.core.observation import Layout
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import OPTIONS
from brinkmanship.twilight.board import (
    CARD_BY_NAME,
    N_CARDS,
    N_COUNTRIES,
    NAMES,
    REGIONS,
    STABILITY,
    SUBREGION_NAMES,
)
from brinkmanship.twilight.decisions import NORAD, QUESTIONS, event_card, may_know
from brinkmanship.twilight.rules import CMC_LIFT, MISSILE_ENVY, TRAPS, US, USSR, Data, influence_targets
from brinkmanship.twilight.validate import ASKS, EFFECTS, INFLUENCE_QUESTIONS, RESULTS, ROLLS, TABLE_CARD

SIDES = (USSR, US)
# Regions and subregions, in the order of their one-hot entries.
AREAS: tuple[str, ...] = (*REGIONS, *SUBREGION_NAMES)
EFFECT_NAMES: tuple[str, ...] = tuple(EFFECTS)
TABLE_EFFECTS: tuple[str, ...] = tuple(TABLE_CARD)
DECISION_KINDS = ("setup", "headline", "action", "ops", "order", "place_inf", "remove_inf", "eagle", "roll", "ask")
ROLL_WHY = ("coup", "realign", "space", "event")
ROLL_PURPOSES: tuple[str, ...] = tuple(ROLLS)
QUESTION_NAMES: tuple[str, ...] = tuple(dict.fromkeys((*ASKS, *sorted(INFLUENCE_QUESTIONS), *QUESTIONS)))
CHOICES = ("target", "pick", "discard", "choose", "event", "ops", "yesno")
OPS_MODES = ("place", "coup", "realign")
LIFT_COUNTRIES: tuple[int, ...] = (*CMC_LIFT[USSR], *CMC_LIFT[US])

TURNS = 10
MAX_AR = 8  # the action round counter runs 0 (headline) to 8 (after a 7th round and an extra one)
SPACE_TRACK = 9  # boxes 0 (start) to 8 (Space Station)


def _names(xs: tuple[str, ...] | list[str]) -> str:
    return ", ".join(xs)


def _card_slice(what: str) -> str:
    return f"{what}; card number c at entry c - 1 (cards 1-110, The China Card is 6)."


def _country_slice(what: str) -> str:
    return f"{what}; one entry per country, in the map's order (`twilight.board.NAMES`: Canada, UK, Norway, ...)."


LAYOUT = Layout("twilight")
_a = LAYOUT.add
# -- who looks, who moves, the end -------------------------------------------------
_VIEWER = _a("viewer", 2, "Whose view this is: one-hot USSR, US.").start
_PLAYER = _a("current_player", 3, "Who is to move: one-hot USSR, US, chance (all 0 once the game is over).").start
_KIND = _a("decision_kind", len(DECISION_KINDS),
           f"The pending decision's kind, one-hot: {_names(DECISION_KINDS)} (an influence choice put as an "
           "event's question counts as `ask`; all 0 once the game is over).").start
_OVER = _a("over", 1, "1 once the game is over.").start
_WINNER = _a("winner", 2, "The winner once the game is over: one-hot USSR, US (all 0: a draw or not over).").start
_RESULT = _a("result", len(RESULTS), f"Why the game ended, one-hot: {_names(RESULTS)} (all 0 while it goes on).").start
_OPTIONS = _a("options", 2, "The game's options: `events` on, `optional_cards` on (1 each when on).").start
# -- the tracks ----------------------------------------------------------------
_TURN = _a("turn", TURNS, "The turn, one-hot: turn 1 to 10.").start
_AR = _a("action_round", MAX_AR + 1,
         "The action round, one-hot 0 to 8: 0 before the first round (set-up, headlines), then the round "
         "being played, then one more after the turn's last round (7 in turns 1-3, 8 later: an extra round, "
         "the end of the turn).").start
_PHASING = _a("phasing", 2, "The phasing side: one-hot USSR, US.").start
_DEFCON = _a("defcon", 5, "DEFCON, one-hot: DEFCON 1 to 5.").start
_SPACE = _a("space", 2 * SPACE_TRACK, "Space Race box reached, one-hot over boxes 0 (start) to 8 "
                                      "(Space Station): 9 entries for the USSR, then 9 for the US.").start
_CHINA = _a("china_holder", 2, "Who holds The China Card: one-hot USSR, US.").start
_CHINA_UP = _a("china_face_up", 1, "1 when The China Card is face up (playable).").start
_VP = _a("vp", 1, "The VP marker / 20: positive when the US leads, negative when the USSR leads "
                  "(beyond ±1 only after final scoring).").start
_MILOPS = _a("milops", 2, "Military Operations this turn / 5: USSR, US.").start
_TRIES = _a("space_attempts", 2, "Space Race attempts made this turn / 2: USSR, US.").start
_HAND_SIZES = _a("hand_sizes", 2, "Cards in each hand / 9: USSR, US (a face-down headline still counts in its "
                                  "side's hand).").start
_DECK = _a("deck_size", 1, "Cards in the draw pile / 110.").start
# -- the map -----------------------------------------------------------------------
_INF = _a("influence_USSR", N_COUNTRIES, _country_slice("USSR influence / 10")).start
_INF_US = _a("influence_US", N_COUNTRIES, _country_slice("US influence / 10")).start
_CTRL = _a("control_USSR", N_COUNTRIES, _country_slice("1 where the USSR controls the country")).start
_CTRL_US = _a("control_US", N_COUNTRIES, _country_slice("1 where the US controls the country")).start
assert _INF_US == _INF + N_COUNTRIES and _CTRL == _INF_US + N_COUNTRIES and _CTRL_US == _CTRL + N_COUNTRIES
# -- the cards (each card slice starts one before its entry for card 1) ------------------
_HAND = _a("hand", N_CARDS, _card_slice("The viewer's own hand, 1 per card")).start - 1
_KNOWN = _a("opponent_known", N_CARDS, _card_slice(
    "Cards the viewer knows to be in the opponent's hand, 1 per card (the view's `opponent_known`: seen "
    "there and still there, or the whole US hand to the USSR while Aldrich Ames Remix is in effect)")).start - 1
_DISCARD = _a("discard", N_CARDS, _card_slice("The discard pile, 1 per card (its order is not kept)")).start - 1
_REMOVED = _a("removed", N_CARDS, _card_slice("Cards removed from the game, 1 per card")).start - 1
_IN_PLAY = _a("in_play", N_CARDS, _card_slice(
    "Cards in play, 1 per card: being played now, or on the table as the marker of a lasting effect")).start - 1
_HL = _a("headline_USSR", N_CARDS, _card_slice(
    "The USSR headline card, one-hot, once chosen and while the viewer may see it (its own, or once "
    "revealed); all 0 otherwise")).start - 1
_HL_US = _a("headline_US", N_CARDS, _card_slice(
    "The US headline card, one-hot, as `headline_USSR`")).start - 1
_HL_HIDDEN = _a("headline_hidden", 2, "1 where a side has chosen its headline face down and the viewer may "
                                      "not see it yet: USSR, US.").start
# -- lasting effects -------------------------------------------------------------------
_EFFECT = _a("effects", len(EFFECT_NAMES), f"1 for each lasting effect in play, in this order: "
                                           f"{_names(EFFECT_NAMES)}.").start
_EFFECT_CARD = _a("effect_card_on_table", len(TABLE_EFFECTS),
                  "1 where the effect's card lies on the table as its marker (the effect records it once the "
                  f"card's play is finished), in this order: {_names(TABLE_EFFECTS)}.").start
_RED_SCARE = _a("red_scare_purge_side", 2, "Red Scare/Purge: whose cards lose 1 op, USSR, US (both: 1, 1).").start
_DEATH_SQUADS = _a("death_squads_side", 2, "Latin American Death Squads: whose coups there get +1, USSR, US "
                                           "(both: 1, 1).").start
_CMC = _a("cuban_missile_crisis_side", 2, "Cuban Missile Crisis: whose coup means nuclear war, one-hot USSR, "
                                          "US.").start
_ENVY = _a("missile_envy_side", 2, "Missile Envy: who must play it for ops, one-hot USSR, US.").start
_NSO_TURN = _a("north_sea_oil_turn", 1, "North Sea Oil: the turn it was played / 10 (0 when not in play).").start
_CHERNOBYL = _a("chernobyl_region", len(REGIONS), "Chernobyl: the region where the USSR may not place influence "
                                                 f"by ops, one-hot: {_names(REGIONS)}.").start
# -- the pending decision ----------------------------------------------------------------
_DCARD = _a("decision_card", N_CARDS, _card_slice(
    "The card the decision is about, one-hot (all 0: none): the card whose operations or event are being "
    "resolved (ops, order, influence choice, roll, question, an action with a card handed over), NORAD for "
    "its own placement, a war roll's war card, a trap roll's trap card")).start - 1
_HANDED = _a("decision_handed", 1, "Action: 1 when an event hands the side one card to play at once "
                                   "(Grain Sales to Soviets).").start
_TAKEN = _a("decision_taken", N_CARDS, _card_slice(
    "Action with a card handed over: that card, one-hot, when the viewer may know it (all 0: unknown or "
    "none)")).start - 1
_RETURN = _a("decision_can_return", 1, "Action with a card handed over: 1 when it may be given back.").start
_EXTRA = _a("decision_extra", 1, "Action: 1 for an extra action round (it may be passed).").start
_ENVY_D = _a("decision_missile_envy", 1, "Action: 1 when Missile Envy must be played for ops now.").start
_LIFT = _a("decision_cmc_lift", len(LIFT_COUNTRIES),
           f"Action: 1 where the side may remove 2 influence to end the Cuban Missile Crisis: "
           f"{_names([NAMES[i] for i in LIFT_COUNTRIES])}.").start
_DEFFECT = _a("decision_effect", len(EFFECT_NAMES),
              "The effect the decision names, one-hot in the order of `effects`: the trap an action must "
              "try to escape, a trap roll's trap, Shuttle Diplomacy's question.").start
_OPS = _a("decision_ops", 1, "Ops: the operations left to spend / 4 (region bonuses included); a coup roll: "
                             "the coup's ops / 4.").start
_MODE = _a("decision_mode", 3, "How the decision changes the board, one-hot: place, remove, realign (set-up and "
                               "influence choices: place or remove; ops: place or realign once chosen, "
                               "all 0 before).").start
_MODES = _a("decision_modes", len(OPS_MODES), f"Ops: the kinds of operations allowed now: {_names(OPS_MODES)}.").start
_COUNTRIES = _a("decision_countries", N_COUNTRIES, _country_slice(
    "The countries the decision is limited to or offers, 1 per country: an ops decision's countries when an "
    "event limits them (all 0: no limit), an influence choice's allowed countries, a country question's "
    "options")).start
_FREE = _a("decision_free", 1, "Ops or coup roll: 1 for free coups/realignments (no DEFCON limit, no Military "
                               "Operations).").start
_BONUS = _a("decision_bonus", len(AREAS), f"Ops: 1 for each region whose +1 bonus is still available: "
                                          f"{_names(AREAS)}.").start
_AFTER = _a("decision_event_after", 1, "Ops: 1 when the opponent's event of this card follows the "
                                       "operations.").start
_DSIDE = _a("decision_side", 2, "The side the decision concerns, one-hot USSR, US: whose influence is placed or "
                                "removed, whose die is rolled, a war's attacker, a trap's victim, the Olympic "
                                "sponsor, the receiver of Missile Envy.").start
_BY = _a("decision_by", 2, "Realignment roll: who realigns, one-hot USSR, US.").start
_LEFT = _a("decision_left", 1, "Influence or countries left to choose / 7 (set-up, influence choices, "
                               "questions that count down).").start
_MAX = _a("decision_max_per_country", 1, "Influence choice: at most this many per country / 2 (0: no "
                                         "limit).").start
_PER = _a("decision_per", 3, "A question over different countries: points changed in each, one-hot 1, 2, "
                             "all.").start
_SO_FAR = _a("decision_so_far", N_COUNTRIES, _country_slice(
    "Influence choice: the times each country was chosen so far / 4 (the order of the choices is not "
    "kept)")).start
_OPTIONAL = _a("decision_optional", 1, "1 when the decision may be passed or stopped early.").start
_SHOWN = _a("decision_shown_first", 1, "Headline: 1 when the side's headline choice is shown to the other "
                                       "side first (Man in Earth Orbit).").start
_WHY = _a("roll_why", len(ROLL_WHY), f"Roll: what it is for, one-hot: {_names(ROLL_WHY)}.").start
_PURPOSE = _a("roll_purpose", len(ROLL_PURPOSES),
              f"An event's roll: which one, one-hot: {_names(ROLL_PURPOSES)}.").start
_TARGET = _a("decision_target", N_COUNTRIES, _country_slice(
    "Roll: the country couped, realigned or attacked, one-hot")).start
_WIN = _a("decision_win", 1, "War roll: the roll that wins, at least / 6.").start
_PENALTY = _a("decision_penalty", 1, "War roll: taken off the roll / 6 (adjacent countries the defender "
                                     "controls, and the card's own).").start
_QUESTION = _a("question", len(QUESTION_NAMES),
               f"Event question: which one, one-hot: {_names(QUESTION_NAMES)}.").start
_CHOICE = _a("question_choice", len(CHOICES),
             f"Event question: what it asks for, one-hot: {_names(CHOICES)} (a country, a card to take, to "
             "discard, to play as an event, to play for ops, an option, yes or no).").start
_SECOND = _a("question_second", 1, "Question: 1 for the second choice of two (Che, Latin American Debt "
                                   "Crisis).").start
_AMOUNT = _a("question_amount", 1, "Special Relationship: the influence it adds / 2.").start
_COUNT = _a("question_count", 1, "Question: cards discarded so far (Ask Not What Your Country Can Do For You) "
                                 "or cards looked at (Our Man in Tehran) / 10.").start
_REGION = _a("decision_region", len(AREAS), f"The region the decision names, one-hot: {_names(AREAS)} (set-up "
                                            "placement, Shuttle Diplomacy's scoring).").start
_HIDDEN = _a("question_options_hidden", 1, "Question over cards: 1 when its options are cards the viewer may "
                                           "not see.").start
_CARD_OPTIONS = _a("question_card_options", N_CARDS, _card_slice(
    "Question over cards: the cards offered, 1 per card, when the viewer may see them all")).start - 1
_CHOOSE = _a("question_option_choices", len(OPTIONS),
             f"Question over options: the options offered: {_names(OPTIONS)}.").start
del _a

# -- index tables ------------------------------------------------------------------------
_SIDE = {USSR: 0, US: 1}
_OPP = {USSR: US, US: USSR}
_PLAYERS = {USSR: _PLAYER, US: _PLAYER + 1, "chance": _PLAYER + 2}
_KINDS = {k: _KIND + i for i, k in enumerate(DECISION_KINDS)}
_ASK_KIND = _KIND + DECISION_KINDS.index("ask")
_RESULTS = {r: _RESULT + i for i, r in enumerate(RESULTS)}
_EFFECTS = {name: _EFFECT + i for i, name in enumerate(EFFECT_NAMES)}
_DEFFECTS = {name: _DEFFECT + i for i, name in enumerate(EFFECT_NAMES)}
_EFFECT_CARDS = {name: _EFFECT_CARD + i for i, name in enumerate(TABLE_EFFECTS)}
_BOTH = {USSR: (0,), US: (1,), "both": (0, 1)}
# Effects with a side: (start of its slice, one side or both allowed).
_EFFECT_SIDES = {effect.RED_SCARE_PURGE: _RED_SCARE, effect.LATIN_AMERICAN_DEATH_SQUADS: _DEATH_SQUADS,
                 effect.CUBAN_MISSILE_CRISIS: _CMC, effect.MISSILE_ENVY: _ENVY}
_EFFECT_SIDE_AT = {name: {s: [at + k for k in ks] for s, ks in _BOTH.items()} for name, at in _EFFECT_SIDES.items()}
_DATA_EFFECTS = frozenset({*_EFFECT_SIDES, effect.NORTH_SEA_OIL, effect.CHERNOBYL})
_VIEWER_AT = {USSR: _VIEWER, US: _VIEWER + 1}
_PHASING_AT = {USSR: _PHASING, US: _PHASING + 1}
_CHINA_AT = {USSR: _CHINA, US: _CHINA + 1}
_TURN_AT = _TURN - 1  # turn n at entry n - 1
_DEFCON_AT = _DEFCON - 1
_SPACE_US = _SPACE + SPACE_TRACK
_AREAS = {a: i for i, a in enumerate(AREAS)}
_CHERNOBYL_AT = {r: _CHERNOBYL + i for i, r in enumerate(REGIONS)}
_MODE_AT = {"place": _MODE, "remove": _MODE + 1, "realign": _MODE + 2}
_WHY_AT = {w: _WHY + i for i, w in enumerate(ROLL_WHY)}
_PURPOSE_AT = {p: _PURPOSE + i for i, p in enumerate(ROLL_PURPOSES)}
_QUESTION_AT = {q: _QUESTION + i for i, q in enumerate(QUESTION_NAMES)}
_CHOICE_AT = {c: _CHOICE + i for i, c in enumerate(CHOICES)}
_CARD_CHOICES = frozenset({"pick", "discard", "event", "ops"})
_LIFT_AT = {c: _LIFT + i for i, c in enumerate(LIFT_COUNTRIES)}
_PER_AT = {1: _PER, 2: _PER + 1, 0: _PER + 2}
_TRAP_CARD = {name: CARD_BY_NAME[name] for name in TRAPS.values()}
_MODES_BY_KINDS: dict[str, list[int]] = {}

_STABILITY = np.array(STABILITY, dtype=np.float32)
_TENTH = np.float32(0.1)
_NEG_STABILITY = -_STABILITY
_ZEROS = np.zeros(LAYOUT.size, dtype=np.float32)
# The map's four slices lie next to each other: one block, copied in at once.
_MAP_END = _CTRL_US + N_COUNTRIES

# Consecutive observations mostly share the board (every decision of an
# event, a roll, the other side's view of the same step: four calls in five
# along a random game, observing both sides), and it is public: the last
# block built is kept with copies of the influence lists it came from and
# handed out again while they are equal, as the views keep their board
# (``twilight.game._board``). It is only ever replaced whole, so threads see
# one consistent block or the other; callers get a copy (``out[...] =``).
_last_map: tuple[list[int], list[int], np.ndarray] | None = None


def _map(inf: dict[str, list[int]]) -> np.ndarray:
    """The ``influence_*`` and ``control_*`` slices as one block: influence
    / 10, then control (rule 10.1.1) from it against stability."""
    global _last_map
    su, us = inf[USSR], inf[US]
    last = _last_map
    if last is not None and last[0] == su and last[1] == us:
        return last[2]
    try:
        raw: np.ndarray = np.frombuffer(bytes(su) + bytes(us), dtype=np.uint8)
    except ValueError:  # influence above 255 somewhere: only in a made-up position
        raw = np.array(su + us, dtype=np.int32)
    block = np.empty(4 * N_COUNTRIES, dtype=np.float32)
    n2 = 2 * N_COUNTRIES
    influence = block[:n2]
    influence[:] = raw
    lead = influence[:N_COUNTRIES] - influence[N_COUNTRIES:]  # exact: small whole numbers
    block[n2:n2 + N_COUNTRIES] = lead >= _STABILITY
    block[n2 + N_COUNTRIES:] = lead <= _NEG_STABILITY
    influence *= _TENTH
    _last_map = (su[:], us[:], block)
    return block


def _modes(kinds: str) -> list[int]:
    """The ``decision_modes`` entries of an ops frame's ``kinds`` letters."""
    got = _MODES_BY_KINDS.get(kinds)
    if got is None:
        got = _MODES_BY_KINDS[kinds] = [_MODES + i for i, m in enumerate(OPS_MODES) if m[0] in kinds]
    return got


# -- the pending decision, kind by kind (mirroring ``decisions.BUILDERS``) ----------------------
def _setup(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    out[_LEFT] = f["left"] / 7
    one.append(_REGION + _AREAS[f["region"]])
    one.append(_MODE)


def _headline(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    if d["hl_open"] == f["p"]:
        one.append(_SHOWN)


def _action(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    p = f["p"]
    if f["extra"]:
        one.append(_EXTRA)
    eff = d["effects"]
    if eff:
        trap = TRAPS[p]
        if trap in eff:
            one.append(_DEFFECTS[trap])
        e = eff.get(effect.MISSILE_ENVY)
        if e is not None and e["side"] == p and MISSILE_ENVY in d["hands"][p]:
            one.append(_ENVY_D)
        cmc = eff.get(effect.CUBAN_MISSILE_CRISIS)
        if cmc is not None and cmc["side"] == p:
            own = d["inf"][p]
            one += [_LIFT_AT[i] for i in CMC_LIFT[p] if own[i] >= 2]
    if "only" in f:
        one.append(_HANDED)
        card = event_card(d["stack"])
        if card is not None:
            one.append(_DCARD + card)
        taken = f["only"]
        if may_know(d, side, taken):
            one.append(_TAKEN + taken)
        if f.get("ret"):
            one.append(_RETURN)


def _ops(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    card = f["card"]
    one.append(_DCARD + card)
    out[_OPS] = f["ops"] / 4
    mode = f["mode"]
    if mode:
        one.append(_MODE_AT[mode])
        one += _modes(mode[0])
    else:
        one += _modes(f.get("kinds", "pcr"))
    only = f.get("only")
    if only is not None:
        one += [_COUNTRIES + i for i in only]
    if f.get("free"):
        one.append(_FREE)
    for region, _ in f["bonus"]:
        one.append(_BONUS + _AREAS[region])
    stack = d["stack"]
    if len(stack) > 1:
        below = stack[-2]
        if below["f"] == "fire_event" and below["card"] == card:
            one.append(_AFTER)


def _order(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    one.append(_DCARD + f["card"])


def _so_far(f: Any, out: np.ndarray) -> None:
    for i in f["done"]:
        out[_SO_FAR + i] += 0.25


def _influence(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    asked = f.get("question")
    place = f["f"] == "place_inf"
    one.append(_MODE if place else _MODE + 1)
    one.append(_DSIDE + _SIDE[f["side"]])
    out[_LEFT] = f["left"] / 7
    _so_far(f, out)
    if f["optional"]:
        one.append(_OPTIONAL)
    if asked is not None:
        # Put as the event's question: the view's kind is ``ask``, with the
        # question's facts and its options (the countries still open).
        one.append(_ASK_KIND)
        one.append(_QUESTION_AT[asked])
        one.append(_CHOICE_AT["target"])
        card = event_card(d["stack"])
        if card is not None:
            one.append(_DCARD + card)
        if "per" in f:
            one.append(_PER_AT[f["per"]])
        one += [_COUNTRIES + i for i in influence_targets(d, f)]
        return
    one.append(_KINDS[f["f"]])
    card = event_card(d["stack"])
    if card is None and place and effect.NORAD in d["effects"]:
        card = NORAD
    if card is not None:
        one.append(_DCARD + card)
    if f["max"]:
        out[_MAX] = f["max"] / 2
    one += [_COUNTRIES + i for i in f["allowed"]]


def _eagle(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    one.append(_OPTIONAL)


def _roll(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    why = f["why"]
    one.append(_WHY_AT[why])
    card = event_card(d["stack"])
    if why == "coup":
        one.append(_DSIDE + _SIDE[f["side"]])
        one.append(_TARGET + f["target"])
        out[_OPS] = f["ops"] / 4
        if f["free"]:
            one.append(_FREE)
    elif why == "realign":
        by = f["side"]
        one.append(_BY + _SIDE[by])
        one.append(_DSIDE + _SIDE[_OPP[by] if f["first"] else by])
        one.append(_TARGET + f["target"])
    elif why == "space":
        one.append(_DSIDE + _SIDE[f["side"]])
    else:
        then = f["then"]
        one.append(_PURPOSE_AT[then])
        data = f["data"]
        if then == "war":
            one.append(_DSIDE + _SIDE[data["side"]])
            one.append(_TARGET + data["target"])
            card = data["card"]
            out[_WIN] = data["win"] / 6
            out[_PENALTY] = data["penalty"] / 6
        elif then == "trap_escape":
            one.append(_DSIDE + _SIDE[data["side"]])
            trap = data["trap"]
            one.append(_DEFFECTS[trap])
            c = _TRAP_CARD[trap]
            card = c if may_know(d, side, c) else None
        elif then == "olympic_sponsor_roll":
            one.append(_DSIDE + _SIDE[data["sponsor"]])
        elif then == "olympic_guest_roll":
            one.append(_DSIDE + _SIDE[_OPP[data["sponsor"]]])
        elif then == "summit_ussr_roll":
            one.append(_DSIDE)
        elif then == "summit_us_roll":
            one.append(_DSIDE + 1)
    if card is not None:
        one.append(_DCARD + card)


def _ask(d: Data, f: Any, side: str, one: list[int], out: np.ndarray) -> None:
    then = f["then"]
    kind = f["kind"]
    one.append(_QUESTION_AT[then])
    one.append(_CHOICE_AT[kind])
    if f["optional"]:
        one.append(_OPTIONAL)
    card = event_card(d["stack"])
    if card is not None:
        one.append(_DCARD + card)
    q = QUESTIONS.get(then)
    if q is not None and q.facts is not None:
        _facts(q.facts(d, f), one, out)
    values = f["options"]
    if kind == "yesno":
        return
    if kind in _CARD_CHOICES:
        if side != f["p"] and not all(may_know(d, side, c) for c in values):
            one.append(_HIDDEN)
        else:
            one += [_CARD_OPTIONS + c for c in values]
    elif kind == "target":
        one += [_COUNTRIES + i for i in values]
    else:
        one += [_CHOOSE + k for k in values]


def _facts(facts: Data, one: list[int], out: np.ndarray) -> None:
    """A question's public numbers (``decisions.Question.facts``)."""
    for key, value in facts.items():
        if key in ("sponsor", "receiver"):
            one.append(_DSIDE + _SIDE[value])
        elif key == "left":
            out[_LEFT] = value / 7
        elif key == "per":
            one.append(_PER_AT[value])
        elif key == "second":
            if value:
                one.append(_SECOND)
        elif key == "amount":
            out[_AMOUNT] = value / 2
        elif key in ("discarded", "looking_at"):
            out[_COUNT] = value / 10
        elif key == "region":
            one.append(_REGION + _AREAS[value])
        elif key == "effect":
            one.append(_DEFFECTS[value])
        # ``moved`` (De-Stalinization) is the length of ``so_far``.


_DECISIONS = {"setup": _setup, "headline": _headline, "action": _action, "ops": _ops, "order": _order,
              "place_inf": _influence, "remove_inf": _influence, "eagle": _eagle, "roll": _roll, "ask": _ask}
# Kinds whose encoder writes the ``decision_kind`` entry itself (an
# influence frame may be put as a question).
_OWN_KIND = frozenset({"place_inf", "remove_inf"})


# -- the whole view -----------------------------------------------------------------------
def observation_tensor(d: Data, side: str) -> np.ndarray:
    """``side``'s observation (``LAYOUT``), from state ``d``: only what
    ``view(side)`` shows."""
    out = _ZEROS.copy()
    opp = _OPP[side]
    space = d["space"]
    one = [_VIEWER_AT[side], _TURN_AT + d["turn"], _AR + d["ar"], _PHASING_AT[d["phasing"]],
           _DEFCON_AT + d["defcon"], _SPACE + space[USSR], _SPACE_US + space[US], _CHINA_AT[d["china"]]]
    options = d["options"]
    if options["events"]:
        one.append(_OPTIONS)
    if options["optional_cards"]:
        one.append(_OPTIONS + 1)
    if d["china_up"]:
        one.append(_CHINA_UP)
    # Headlines: shown to their side, to both once revealed (or the first
    # alone under Man in Earth Orbit); else face down.
    headline = d["headline"]
    shown = d["hl_open"]
    hands = d["hands"]
    hidden_su = hidden_us = 0
    c = headline[USSR]
    if c:
        if side == USSR or shown == USSR or shown == "both":
            one.append(_HL + c)
        else:
            hidden_su = c
            one.append(_HL_HIDDEN)
    c = headline[US]
    if c:
        if side == US or shown == US or shown == "both":
            one.append(_HL_US + c)
        else:
            hidden_us = c
            one.append(_HL_HIDDEN + 1)
    milops = d["milops"]
    tries = d["space_tries"]
    out[_VP] = d["vp"] / 20
    out[_MILOPS] = milops[USSR] / 5
    out[_MILOPS + 1] = milops[US] / 5
    out[_TRIES] = tries[USSR] / 2
    out[_TRIES + 1] = tries[US] / 2
    out[_HAND_SIZES] = (len(hands[USSR]) + (hidden_su != 0)) / 9
    out[_HAND_SIZES + 1] = (len(hands[US]) + (hidden_us != 0)) / 9
    out[_DECK] = len(d["deck"]) / 110

    # Cards: the viewer's hand, what it knows of the other, the piles.
    one += [_HAND + c for c in hands[side]]
    opp_hand = hands[opp]
    hidden = hidden_su or hidden_us  # only the opponent's headline can be hidden from ``side``
    effects = d["effects"]
    if side == USSR and effect.ALDRICH_AMES_REMIX in effects:
        one += [_KNOWN + c for c in opp_hand]
        if hidden:
            one.append(_KNOWN + hidden)
    else:
        one += [_KNOWN + c for c in d["known"][side] if c in opp_hand or c == hidden]
    one += [_DISCARD + c for c in d["discard"]]
    one += [_REMOVED + c for c in d["removed"]]
    one += [_IN_PLAY + c for c in d["in_play"]]

    if effects:
        one += [_EFFECTS[name] for name in effects]
        one += [_EFFECT_CARDS[name] for name, e in effects.items() if "card" in e]
        for name in effects.keys() & _DATA_EFFECTS:
            e = effects[name]
            if name == effect.NORTH_SEA_OIL:
                out[_NSO_TURN] = e["turn"] / 10
            elif name == effect.CHERNOBYL:
                one.append(_CHERNOBYL_AT[e["region"]])
            else:
                one += _EFFECT_SIDE_AT[name][e["side"]]
    if d["over"]:
        one.append(_OVER)
        w = d["winner"]
        if w is not None:
            one.append(_WINNER + _SIDE[w])
        one.append(_RESULTS[d["result"]])
    else:
        f = d["stack"][-1]
        kind = f["f"]
        one.append(_PLAYERS[f["p"]])
        if kind not in _OWN_KIND:
            one.append(_KINDS[kind])
        _DECISIONS[kind](d, f, side, one, out)
    out.put(one, 1.0)

    out[_INF:_MAP_END] = _map(d["inf"])
    return out


__all__ = ["AREAS", "EFFECT_NAMES", "LAYOUT", "QUESTION_NAMES", "observation_tensor"]
