"""Twilight Struggle's observation tensor (``twilight.observation``).

The tensor is one side's view as numbers: it must hold nothing the view
does not (the tensor of a determinization is the same), and it must hold
everything the view does (two positions whose views differ have different
tensors). Both are checked over random games with the options mixed; the
named slices are checked on rulebook-like positions.
"""

from __future__ import annotations

import json
import random
from itertools import product
from typing import Any

import numpy as np
import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import INDEX, REGIONS, card_number
from brinkmanship.twilight.observation import CHOICES, DECISION_KINDS, EFFECT_NAMES, LAYOUT, QUESTION_NAMES
from brinkmanship.twilight.validate import RESULTS, TABLE_CARD

SIDES = ("USSR", "US")
OPTION_SETS = [{"events": e, "optional_cards": o} for e, o in product((True, False), repeat=2)]
# (seed, options) of the random games: every option combination, several seeds.
GAMES = [(seed, OPTION_SETS[seed % len(OPTION_SETS)]) for seed in range(24)]


def positions(seed: int, options: dict[str, Any]) -> list[bm.State]:
    """Every position of one random game, the last (game over) included."""
    s = bm.new_game("twilight", seed=seed, options=options)
    r = random.Random(seed)
    out = [s.clone()]
    while s.current_player is not None:
        s.apply_random(r)
        out.append(s.clone())
    return out


@pytest.fixture(scope="module")
def games() -> list[list[bm.State]]:
    return [positions(seed, options) for seed, options in GAMES]


def entries(t: np.ndarray, name: str) -> np.ndarray:
    sl = LAYOUT[name]
    return t[sl.start:sl.stop]


def view_key(s: bm.State, side: str) -> str:
    """The view as text, without what is a function of the rest: the
    prompt (the decision's data in words) and the legal actions."""
    v = s.view(side, log=False)
    del v["legal_actions"]
    if v["decision"] is not None:
        del v["decision"]["prompt"]
    return json.dumps(v, sort_keys=True)


# The slices that hold each field of the view. A field missing here fails
# the test: a new field of the view needs its place in the tensor.
EFFECT_SLICES = ["effects", "effect_card_on_table", "red_scare_purge_side", "death_squads_side",
                 "cuban_missile_crisis_side", "missile_envy_side", "north_sea_oil_turn", "chernobyl_region"]
DECISION_SLICES = ["current_player", "decision_kind",
                   *(sl.name for sl in LAYOUT.slices if sl.name.startswith(("decision_", "roll_", "question")))]
FIELDS = {
    "game": [], "viewer": ["viewer"], "current_player": ["current_player"], "decision_kind": ["decision_kind"],
    "over": ["over"], "winner": ["winner"], "result": ["result"], "options": ["options"], "turn": ["turn"],
    "action_round": ["action_round"], "phasing": ["phasing"], "defcon": ["defcon"], "vp": ["vp"],
    "milops": ["milops"], "space": ["space"], "space_attempts": ["space_attempts"],
    "influence": ["influence_USSR", "influence_US"], "control": ["control_USSR", "control_US"],
    "hand": ["hand"], "hand_sizes": ["hand_sizes"], "opponent_known": ["opponent_known"],
    "china_card": ["china_holder", "china_face_up"], "deck_size": ["deck_size"], "discard": ["discard"],
    "removed": ["removed"], "in_play": ["in_play"], "headline": ["headline_USSR", "headline_US", "headline_hidden"],
    "effects": EFFECT_SLICES, "decision": DECISION_SLICES,
}
# Decision fields that are functions of the rest of the view: the turn and
# round (an action), a Space Race roll's box and the roll it needs (the
# track), an order's owner (the other side), and what each option means
# (its action with the board and the question's facts).
DERIVED = ("turn", "action_round", "box", "needs", "owner")


def fields(s: bm.State, side: str) -> dict[str, Any]:
    """The view's fields as the tensor holds them: the piles and the
    countries chosen so far as sets (no rule reads their order), the
    decision without its prompt, its derived fields and its options'
    meanings."""
    v = s.view(side, log=False)
    del v["legal_actions"]
    for pile in ("discard", "removed", "in_play"):
        v[pile] = sorted(v[pile])
    dec = v["decision"]
    if dec is not None:
        del dec["prompt"]
        for key in DERIVED:
            dec.pop(key, None)
        if "so_far" in dec:
            dec["so_far"] = sorted(dec["so_far"])
        if dec.get("options") is not None:
            dec["options"] = [o["action"] for o in dec["options"]]
    return v


def test_shape_and_dtype_under_every_option_combination() -> None:
    n = bm.game_info("twilight")["observation_shape"]
    assert n == [LAYOUT.size]
    assert bm.get_game("twilight").observation_layout() is LAYOUT
    for options in OPTION_SETS:
        s = bm.new_game("twilight", seed=3, options=options)
        r = random.Random(3)
        for _ in range(40):
            for side in SIDES:
                t = s.observation_tensor(side)
                assert t.shape == (n[0],) and t.dtype == np.float32
            s.apply_random(r)


def test_a_bad_side_is_refused() -> None:
    s = bm.new_game("twilight", seed=1)
    for side in ("ussr", "chance", None):
        with pytest.raises(ValueError, match="unknown side"):
            s.observation_tensor(side)  # type: ignore[arg-type]


def test_a_determinization_looks_the_same(games: list[list[bm.State]]) -> None:
    """No hidden information: redealing what ``side`` cannot see (the
    opponent's hand, the deck, the generator) leaves its tensor unchanged."""
    checked = 0
    for game in games:
        for s in game[::5]:
            for side in SIDES:
                t = s.observation_tensor(side)
                for k in range(3):
                    other = s.resample(side, random.Random(k))
                    np.testing.assert_array_equal(other.observation_tensor(side), t)
                    checked += 1
    assert checked > 2000


def test_equal_views_give_equal_tensors_and_different_views_different_ones(
        games: list[list[bm.State]]) -> None:
    """The tensor is a function of the view (without the prompt and the
    legal actions, which are functions of the rest), and over these games
    no two different views share a tensor. (Most positions differ in many
    fields at once, so the second half has little power alone: the next
    test checks each field on its own.)"""
    by_view: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for game in games:
        for s in game:
            for side in SIDES:
                t = s.observation_tensor(side).tobytes()
                key = view_key(s, side)
                assert by_view.setdefault(key, t) == t, f"one view, two tensors: {key}"
                seen = by_tensor.setdefault(t, key)
                assert seen == key, f"two views, one tensor:\n{seen}\n{key}"
    assert len(by_view) > 10_000


def test_the_tensor_tells_views_apart_field_by_field(games: list[list[bm.State]]) -> None:
    """Completeness: each field of the view is a function of its own slices
    alone (``FIELDS``), so two positions whose views differ in any field
    differ in the slices of that field."""
    first = fields(games[0][0], "USSR")
    assert set(first) == set(FIELDS), "a field of the view has no slices in the tensor"
    spans = {f: [(LAYOUT[n].start, LAYOUT[n].stop) for n in names] for f, names in FIELDS.items()}
    seen: dict[str, dict[bytes, Any]] = {f: {} for f in FIELDS}
    for game in games:
        for s in game:
            for side in SIDES:
                t = s.observation_tensor(side)
                v = fields(s, side)
                for f, parts in spans.items():
                    part = b"".join(t[a:b].tobytes() for a, b in parts)
                    known = seen[f].setdefault(part, v[f])
                    assert known == v[f], f"{f}: {known!r} and {v[f]!r} have the same slices"
    # The decisions met are many and varied (not one repeated kind).
    assert len(seen["decision"]) > 3000 and len(seen["effects"]) > 100


def test_every_value_is_scaled_to_about_zero_one(games: list[list[bm.State]]) -> None:
    """One-hots, flags and counts over their stated divisors stay in [0, 1];
    only the VP marker is signed, and influence, the ops of an ops decision
    (region bonuses) and VP after final scoring may pass 1."""
    lo = np.zeros(LAYOUT.size, dtype=np.float32)
    hi = np.ones(LAYOUT.size, dtype=np.float32)
    for name in ("vp", "influence_USSR", "influence_US", "decision_ops"):
        hi[LAYOUT[name].start:LAYOUT[name].stop] = 1.5
    lo[LAYOUT["vp"].start] = -1.5
    for game in games:
        for s in game[::2]:
            for side in SIDES:
                t = s.observation_tensor(side)
                assert (t >= lo).all() and (t <= hi).all(), [sl.name for sl in LAYOUT.slices
                                                             if (t[sl.start:sl.stop] > 1).any()]


# -- rulebook-like positions -------------------------------------------------------------
def test_the_board_and_tracks() -> None:
    s = bm.from_position("twilight", {
        "turn": 3, "action_round": 2, "phasing": "USSR", "defcon": 3, "vp": -4,
        "milops": {"USSR": 2, "US": 0}, "space": {"USSR": 3, "US": 1}, "space_attempts": {"USSR": 1, "US": 0},
        "influence": {"USSR": {"East Germany": 4, "Poland": 2, "West Germany": 1},
                      "US": {"West Germany": 4, "Italy": 2}},
        "china": {"holder": "US", "face_up": False},
    })
    for side in SIDES:
        t = s.observation_tensor(side)
        wg = INDEX["West Germany"]
        assert entries(t, "influence_US")[wg] == pytest.approx(0.4)
        assert entries(t, "influence_USSR")[wg] == pytest.approx(0.1)
        # West Germany (stability 4): US 4 - USSR 1 = 3, not control.
        assert entries(t, "control_US")[wg] == 0 and entries(t, "control_USSR")[wg] == 0
        # East Germany (stability 3): USSR 4 - 0, controlled; Poland (3) not.
        assert entries(t, "control_USSR")[INDEX["East Germany"]] == 1
        assert entries(t, "control_USSR")[INDEX["Poland"]] == 0
        assert entries(t, "control_US")[INDEX["Italy"]] == 1  # stability 2
        assert list(entries(t, "defcon")) == [0, 0, 1, 0, 0]
        assert list(entries(t, "turn")).index(1) == 2 and list(entries(t, "action_round")).index(1) == 2
        assert entries(t, "vp")[0] == pytest.approx(-0.2)
        assert list(entries(t, "milops")) == pytest.approx([0.4, 0.0])
        assert list(entries(t, "space")).index(1) == 3 and list(entries(t, "space")[9:]).index(1) == 1
        assert list(entries(t, "space_attempts")) == [0.5, 0.0]
        assert list(entries(t, "china_holder")) == [0, 1] and entries(t, "china_face_up")[0] == 0
        assert list(entries(t, "phasing")) == [1, 0] and list(entries(t, "viewer")) == [side == "USSR", side == "US"]
        assert list(entries(t, "current_player")) == [1, 0, 0]
        assert list(entries(t, "decision_kind")) == [k == "action" for k in DECISION_KINDS]
        assert entries(t, "over")[0] == 0


def test_own_hand_only_and_what_is_known_of_the_other() -> None:
    s = bm.from_position("twilight", {
        "turn": 1, "action_round": 1, "phasing": "USSR",
        "hands": {"USSR": ["Asia Scoring", "Fidel"], "US": ["NATO", "Marshall Plan"]},
        "discard": ["Duck and Cover"], "removed": ["Captured Nazi Scientist"],
    })
    ussr, us = s.observation_tensor("USSR"), s.observation_tensor("US")
    assert entries(ussr, "hand")[0] == 1  # card 1, Asia Scoring
    assert sorted(np.flatnonzero(entries(ussr, "hand")) + 1) == [1, 8]
    assert sorted(np.flatnonzero(entries(us, "hand")) + 1) == [21, 23]
    assert not entries(ussr, "opponent_known").any() and not entries(us, "opponent_known").any()
    assert list(entries(ussr, "hand_sizes")) == pytest.approx([2 / 9, 2 / 9])
    for t in (ussr, us):
        assert list(np.flatnonzero(entries(t, "discard")) + 1) == [card_number("Duck and Cover")]
        assert list(np.flatnonzero(entries(t, "removed")) + 1) == [card_number("Captured Nazi Scientist")]
    # The USSR cannot tell the US hand from another with the same size.
    other = bm.from_position("twilight", {
        "turn": 1, "action_round": 1, "phasing": "USSR",
        "hands": {"USSR": ["Asia Scoring", "Fidel"], "US": ["De Gaulle Leads France", "Marshall Plan"]},
        "discard": ["Duck and Cover"], "removed": ["Captured Nazi Scientist"],
    })
    assert np.array_equal(other.observation_tensor("USSR"), ussr)
    assert not np.array_equal(other.observation_tensor("US"), us)


def test_a_headline_is_hidden_from_the_other_side_until_revealed() -> None:
    s = bm.from_position("twilight", {
        "turn": 2, "phase": "headline",
        "hands": {"USSR": ["Fidel", "Vietnam Revolts"], "US": ["NATO", "Marshall Plan"]},
    })
    first = s.current_player
    assert first in SIDES
    s.apply("headline Fidel" if first == "USSR" else "headline NATO")
    card = card_number("Fidel" if first == "USSR" else "NATO")
    other = "US" if first == "USSR" else "USSR"
    mine, theirs = s.observation_tensor(first), s.observation_tensor(other)
    assert entries(mine, f"headline_{first}")[card - 1] == 1
    assert not entries(theirs, f"headline_{first}").any()
    assert entries(theirs, "headline_hidden")[SIDES.index(first)] == 1
    # Still a card of its hand, to the other side.
    assert entries(theirs, "hand_sizes")[SIDES.index(first)] == pytest.approx(2 / 9)


def test_ops_and_the_coup_roll() -> None:
    """A card played for ops, then a coup: the decision slices name the
    card, the ops, the kinds of operations, then the roll's target."""
    s = bm.from_position("twilight", {
        "turn": 3, "action_round": 2, "phasing": "USSR", "defcon": 3,
        "influence": {"USSR": {"Iran": 2, "Iraq": 1}, "US": {"Israel": 1, "Mexico": 1}},
        "hands": {"USSR": ["Decolonization", "#7"], "US": ["NATO"]},
    })
    t = s.observation_tensor("US")
    assert list(entries(t, "decision_kind")) == [k == "action" for k in DECISION_KINDS]
    s.apply("ops Decolonization")
    dec = card_number("Decolonization")
    for side in SIDES:
        t = s.observation_tensor(side)
        assert list(entries(t, "decision_kind")) == [k == "ops" for k in DECISION_KINDS]
        assert list(np.flatnonzero(entries(t, "decision_card")) + 1) == [dec]
        assert entries(t, "decision_ops")[0] == pytest.approx(2 / 4)
        assert entries(t, "in_play")[dec - 1] == 1
        assert list(entries(t, "decision_modes")) == [1, 1, 1]  # place, coup, realign
        assert not entries(t, "decision_countries").any()  # anywhere the rules allow
    s.apply("coup Mexico")
    t = s.observation_tensor("USSR")
    assert list(entries(t, "current_player")) == [0, 0, 1]
    assert list(entries(t, "roll_why")) == [1, 0, 0, 0]  # coup
    assert list(np.flatnonzero(entries(t, "decision_target"))) == [INDEX["Mexico"]]
    assert list(entries(t, "decision_side")) == [1, 0]
    assert entries(t, "decision_ops")[0] == pytest.approx(2 / 4)
    # A coup in a battleground at DEFCON 2 would end the game; at 3 it falls to 2.
    s.apply("roll 6")
    t = s.observation_tensor("US")
    assert list(entries(t, "defcon")) == [0, 1, 0, 0, 0]
    assert entries(t, "milops")[0] == pytest.approx(2 / 5)


def test_the_end_of_the_game() -> None:
    """Nuclear war: the phasing side's coup in a battleground at DEFCON 2."""
    s = bm.from_position("twilight", {
        "turn": 3, "action_round": 2, "phasing": "USSR", "defcon": 2,
        "influence": {"US": {"Mexico": 1}}, "hands": {"USSR": ["Decolonization"], "US": ["NATO"]},
    })
    s.apply_many(["ops Decolonization", "coup Mexico", "roll 1"])
    assert s.current_player is None and s.winner == "US"
    for side in SIDES:
        t = s.observation_tensor(side)
        assert entries(t, "over")[0] == 1
        assert list(entries(t, "winner")) == [0, 1]
        assert entries(t, "result")[list(RESULTS).index("defcon")] == 1
        assert list(entries(t, "defcon")) == [1, 0, 0, 0, 0]
        assert not entries(t, "current_player").any() and not entries(t, "decision_kind").any()


def test_lasting_effects_and_their_data() -> None:
    s = bm.from_position("twilight", {
        "turn": 8, "action_round": 1, "phasing": "USSR",
        "effects": {"NATO": {}, "Red Scare/Purge": {"side": "both"}, "Chernobyl": {"region": "Asia"},
                    "Cuban Missile Crisis": {"side": "US"}, "North Sea Oil": {"turn": 8}},
    })
    for side in SIDES:
        t = s.observation_tensor(side)
        on = [EFFECT_NAMES[i] for i in np.flatnonzero(entries(t, "effects"))]
        assert sorted(on) == ["Chernobyl", "Cuban Missile Crisis", "NATO", "North Sea Oil", "Red Scare/Purge"]
        # NATO's card lies on the table as the effect's marker.
        assert entries(t, "effect_card_on_table")[list(TABLE_CARD).index("NATO")] == 1
        assert entries(t, "in_play")[card_number("NATO") - 1] == 1
        assert list(entries(t, "red_scare_purge_side")) == [1, 1]
        assert list(entries(t, "cuban_missile_crisis_side")) == [0, 1]
        assert list(entries(t, "chernobyl_region")) == [r == "Asia" for r in REGIONS]
        assert entries(t, "north_sea_oil_turn")[0] == pytest.approx(0.8)
        assert not entries(t, "death_squads_side").any() and not entries(t, "missile_envy_side").any()


def test_a_question_over_cards_shows_them_only_to_who_may_see_them() -> None:
    """Blockade: the US discards a card worth 3 ops or more, or loses West
    Germany; the USSR does not see which cards the US could discard."""
    s = bm.from_position("twilight", {
        "turn": 1, "action_round": 1, "phasing": "USSR",
        "hands": {"USSR": ["Blockade", "Fidel"], "US": ["NATO", "Duck and Cover", "Truman Doctrine"]},
        "influence": {"US": {"West Germany": 2}},
    })
    s.apply("event Blockade")
    us, ussr = s.observation_tensor("US"), s.observation_tensor("USSR")
    for t in (us, ussr):
        assert list(entries(t, "decision_kind")) == [k == "ask" for k in DECISION_KINDS]
        assert list(entries(t, "question")) == [q == "blockade" for q in QUESTION_NAMES]
        assert list(entries(t, "question_choice")) == [c == "discard" for c in CHOICES]
        assert entries(t, "decision_optional")[0] == 1  # passing loses West Germany
        assert list(np.flatnonzero(entries(t, "decision_card")) + 1) == [card_number("Blockade")]
    offered = sorted(np.flatnonzero(entries(us, "question_card_options")) + 1)
    assert offered == sorted(card_number(c) for c in ("NATO", "Duck and Cover"))
    assert entries(us, "question_options_hidden")[0] == 0
    assert entries(ussr, "question_options_hidden")[0] == 1 and not entries(ussr, "question_card_options").any()
