"""13 Days observation tensors: ``state.observation_tensor(side)``.

The tensor is a side's view as a vector (``thirteen/observation.py``), so
the tests check it against the view: positions a side cannot tell apart
(a determinization, ``resample``) give the same tensor, and positions whose
views differ give different tensors. Rulebook-like positions then check
named slices (cubes, a DEFCON marker, a card in hand, the kept agenda, the
pending decision) and every option combination the length.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import brinkmanship as bm
from brinkmanship.core.state import State
from brinkmanship.thirteen.board import AGENDA_NAME, ARENAS, TRACKS, card_number
from brinkmanship.thirteen.data.board import ARENA_MAX, SUPPLY
from brinkmanship.thirteen.game import OPTION_CHOICES
from brinkmanship.thirteen.observation import DECISION_KINDS, FLAGS, LAYOUT, MODES, THEN_NAMES
from tests.thirteen.helpers import position

SIDES = ("USSR", "US")
OPP = {"USSR": "US", "US": "USSR"}
GAME = bm.get_game("thirteen")


def _options(r: random.Random) -> dict[str, Any]:
    return {k: r.choice(v) for k, v in OPTION_CHOICES.items()}


def _positions(n_games: int, first_seed: int) -> list[State]:
    """Every state of ``n_games`` random games, options mixed game by game."""
    out = []
    for seed in range(first_seed, first_seed + n_games):
        r = random.Random(seed)
        s = bm.new_game("thirteen", seed=seed, options=_options(r) if seed % 3 else {})
        out.append(s.clone())
        while not s.is_terminal:
            s.apply_random(r)
            out.append(s.clone())
    return out


@pytest.fixture(scope="module")
def positions() -> list[State]:
    return _positions(100, 0)


def _part(t: np.ndarray, name: str) -> np.ndarray:
    sl = LAYOUT[name]
    return t[sl.start:sl.stop]


# ---------------------------------------------------------------------------
# A function of the view: hidden information never reaches the tensor
# ---------------------------------------------------------------------------
def test_equals_the_tensor_of_every_determinization(positions: list[State]) -> None:
    r = random.Random(5)
    checked = 0
    for s in positions[::3]:
        for side in SIDES:
            t = s.observation_tensor(side)
            for k in range(3):
                other = s.resample(side, random.Random(r.random()))
                assert np.array_equal(t, other.observation_tensor(side)), (side, k, s.to_json())
            checked += 1
    assert checked > 1000


def _normal_view(s: State, side: str) -> str:
    """The view as text, without what is a function of the rest (the prompt,
    the prestige in words, the legal actions) and with the lists whose order
    has no meaning in the game read as multisets (the tensor encodes them as
    sets or counts: the discard pile, Aftermath cards, agenda flags, the
    sides under a round effect, the cards looked at)."""
    v = s.view(side, log=False)
    del v["prestige_text"], v["legal_actions"]
    v["discard"].sort()
    v["looking_at"].sort()
    v["aftermath"]["own"].sort()
    v["aftermath"].get("revealed", []).sort()
    for a in v["agendas"].values():
        a["flags"].sort()
    for sides in v["effects"].values():
        sides.sort()
    x = v["decision"]
    if x is not None:
        del x["prompt"]
        for key in ("arenas", "tracks", "options", "agendas"):
            if key in x:
                x[key].sort()
    return json.dumps(v, sort_keys=True)


def test_same_view_same_tensor_and_back(positions: list[State]) -> None:
    """Over every position of the random games, for both sides: two
    positions have the same tensor exactly when their views agree."""
    by_view: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for s in positions:
        for side in SIDES:
            v = _normal_view(s, side)
            t = s.observation_tensor(side).tobytes()
            assert by_view.setdefault(v, t) == t, f"one view, two tensors:\n{v}"
            assert by_tensor.setdefault(t, v) == v, f"two views, one tensor:\n{by_tensor[t]}\n{v}"
    assert len(by_view) > 5000


def test_changes_after_every_action_that_changes_the_view() -> None:
    for seed in range(100, 110):
        r = random.Random(seed)
        s = bm.new_game("thirteen", seed=seed, options=_options(r))
        while not s.is_terminal:
            before = {side: (_normal_view(s, side), s.observation_tensor(side)) for side in SIDES}
            s.apply_random(r)
            for side in SIDES:
                changed = _normal_view(s, side) != before[side][0]
                assert changed == (not np.array_equal(s.observation_tensor(side), before[side][1]))


def _variants(d: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """States one small change away from ``d``, each named: a number or a
    marker moved by one, a card moved between places, an agenda or an
    effect changed, an option changed, a field of the pending decision
    changed. Some are not states a game can reach; ``validate`` sorts them
    out (the test keeps those it accepts)."""

    def copy() -> dict[str, Any]:
        # The view leaves the log out: an empty one keeps validation quick.
        e = GAME.clone(d)
        e["log"] = []
        e["options"] = dict(d["options"])
        return e

    for key in ("prestige", "round"):
        for step in (-1, 1):
            e = copy()
            e[key] += step
            yield key, e
    e = copy()
    e["letter"] = OPP[e["letter"]]
    yield "letter", e
    e = copy()
    e["agendas_open"] = not e["agendas_open"]
    yield "agendas_open", e
    for side in SIDES:
        for key, width in (("cubes", len(ARENAS)), ("defcon", len(TRACKS))):
            for i in range(width):
                for step in (-1, 1):
                    e = copy()
                    e[key][side][i] += step
                    yield key, e
        for step in (-1, 1):
            e = copy()
            e["plays"][side] += step
            yield "plays", e
        for name in e["fx"]:
            e = copy()
            e["fx"][name] = [*e["fx"][name], side]
            yield "fx", e
            if side in d["fx"][name]:
                e = copy()
                e["fx"][name] = [x for x in e["fx"][name] if x != side]
                yield "fx", e
        # Cards between the deck and the other places (the deck is hidden).
        for c in d["hands"][side][:2]:
            e = copy()
            e["hands"][side].remove(c)
            e["deck"].append(c)
            yield "hand", e
        if d["deck"]:
            e = copy()
            e["hands"][side].append(e["deck"].pop())
            yield "hand", e
            e = copy()
            e["aftermath"].append([side, e["deck"].pop()])
            yield "aftermath", e
        for a in d["offered"][side]:
            for b in d["agenda_deck"][:3]:
                e = copy()
                e["offered"][side] = [b if x == a else x for x in e["offered"][side]]
                e["agenda_deck"] = [a if x == b else x for x in e["agenda_deck"]]
                if e["kept"][side] == a:
                    e["kept"][side] = b
                yield "offered", e
            e = copy()
            e["kept"][side] = a
            yield "kept", e
    for k, (side, c) in enumerate(d["aftermath"]):
        e = copy()
        e["aftermath"][k][0] = OPP[side]
        yield "aftermath", e
        e = copy()
        del e["aftermath"][k]
        e["deck"].append(c)
        yield "aftermath", e
    for c in d["discard"][:3]:
        e = copy()
        e["discard"].remove(c)
        e["deck"].append(c)
        yield "discard", e
    if d["deck"]:
        e = copy()
        e["discard"].append(e["deck"].pop())
        yield "discard", e
    for name, values in OPTION_CHOICES.items():
        for value in values:
            if value != d["options"][name]:
                e = copy()
                e["options"][name] = value
                yield "options", e
    if d["over"]:
        return
    top = d["stack"][-1]
    strings = {"p": SIDES, "side": SIDES, "by": SIDES, "verb": ("place", "remove"), "mode": ("", "place", "remove"),
               "kind": ("target", "choose"), "then": ("", *THEN_NAMES)}
    for key, value in top.items():
        options: list[Any] = []
        if type(value) is bool:
            options = [not value]
        elif type(value) is int:
            options = [value - 1, value + 1] + ([1, 5, 15, 30] if key == "card" else [])
        elif key in strings:
            options = [x for x in strings[key] if x != value]
        elif type(value) is list:
            options = [value[:-1], value[1:], [*value, 0], [*value, 1], [*value, 2], [*value, 8]]
        for x in options:
            e = copy()
            e["stack"][-1][key] = x
            yield f"decision.{key}", e


def _some_of_each_decision(positions: list[State], n: int) -> list[State]:
    """Up to ``n`` positions of each kind of pending decision (and of each
    event step it resumes), and of the game's end."""
    groups: dict[Any, list[State]] = {}
    for s in positions:
        top = s.data["stack"][-1] if s.data["stack"] else {}
        group = groups.setdefault((top.get("f"), top.get("then"), s.result), [])
        if len(group) < n:
            group.append(s)
    return [s for group in groups.values() for s in group]


def test_one_change_away(positions: list[State]) -> None:
    """The tensor changes exactly when the view does, over every small
    change (that leaves a valid state) of positions of every kind."""
    changed: set[str] = set()
    sample = _some_of_each_decision(positions, 6)
    for s in sample:
        views = {side: _normal_view(s, side) for side in SIDES}
        tensors = {side: s.observation_tensor(side) for side in SIDES}
        for what, e in _variants(s.data):
            try:
                GAME.validate(e)
            except bm.StateError:
                continue
            other = State(GAME, e)
            for side in SIDES:
                differs = _normal_view(other, side) != views[side]
                assert differs == (not np.array_equal(other.observation_tensor(side), tensors[side])), (what, side)
                if differs:
                    changed.add(what)
    assert len(sample) > 60
    assert len(changed) > 25, changed


def test_end_of_game(positions: list[State]) -> None:
    ends = [s for s in positions if s.is_terminal]
    assert ends
    for s in ends:
        for side in SIDES:
            t = s.observation_tensor(side)
            assert _part(t, "over")[0] == 1
            assert not _part(t, "to_move").any() and not _part(t, "decision_kind").any()
            winner = [k for k, x in enumerate(_part(t, "winner")) if x]
            assert winner == ([SIDES.index(s.winner)] if s.winner else [])
            assert _part(t, "result")[["nuclear_war", "prestige", "personal_letter"].index(s.result)] == 1


def test_a_fresh_vector_every_call() -> None:
    s = bm.new_game("thirteen", seed=1)
    t = s.observation_tensor("US")
    t[:] = 7
    assert s.observation_tensor("US").max() <= 1


def test_refuses_an_unknown_side() -> None:
    with pytest.raises(ValueError, match="unknown side"):
        bm.new_game("thirteen").observation_tensor("UN")


# ---------------------------------------------------------------------------
# Rulebook-like positions, read slice by slice
# ---------------------------------------------------------------------------
def _arena(side: str, arena: str) -> int:
    return LAYOUT["cubes"].start + SIDES.index(side) * len(ARENAS) + ARENAS.index(arena)


def _marker(side: str, track: str, pos: int) -> int:
    return LAYOUT["defcon"].start + (SIDES.index(side) * len(TRACKS) + TRACKS.index(track)) * 8 + pos - 1


def _opening() -> State:
    return position(round=2, phase="plays", next="US", prestige=-2,
                    defcon={"US": {"Military": 4}, "USSR": {"Political": 5}},
                    cubes={"US": {"Berlin": 2, "Italy": 1}, "USSR": {"Cuba (Military)": 3}},
                    letter="USSR",
                    hands={"US": ["Excomm", "Quarantine", "SOPs"], "USSR": ["Fidel Castro", "U Thant", "Scramble"]},
                    plays={"US": 2, "USSR": 2},
                    agendas={"US": {"offered": ["Berlin", "Italy", "Military Track"], "kept": "Berlin"},
                             "USSR": {"offered": ["Atlantic", "Turkey", "Personal Letter"], "kept": "Turkey"}},
                    effects={"To the Brink": ["US"]})


def test_cubes_and_reserve_in_an_arena() -> None:
    t = _opening().observation_tensor("USSR")
    assert t[_arena("US", "Berlin")] == np.float32(2 / ARENA_MAX)
    assert t[_arena("US", "Italy")] == np.float32(1 / ARENA_MAX)
    assert t[_arena("USSR", "Cuba (Military)")] == np.float32(3 / ARENA_MAX)
    assert t[_arena("USSR", "Berlin")] == 0
    assert list(_part(t, "reserve")) == [np.float32((SUPPLY - 3) / SUPPLY), np.float32((SUPPLY - 3) / SUPPLY)]


def test_a_defcon_marker() -> None:
    t = _opening().observation_tensor("US")
    assert t[_marker("US", "Military", 4)] == 1
    assert t[_marker("USSR", "Political", 5)] == 1
    # Each of the six markers is at exactly one position.
    assert _part(t, "defcon").reshape(6, 8).sum(axis=1).tolist() == [1] * 6


def test_round_prestige_letter_plays() -> None:
    t = _opening().observation_tensor("US")
    assert _part(t, "round").tolist() == [0, 1, 0]
    assert _part(t, "prestige").argmax() == 5 - 2  # USSR +2
    assert _part(t, "personal_letter").tolist() == [1, 0]
    assert _part(t, "plays").tolist() == [0.5, 0.5]
    assert _part(t, "to_move").tolist() == [0, 1, 0]
    assert _part(t, "viewer").tolist() == [0, 1]
    assert _part(t, "decision_kind")[DECISION_KINDS.index("turn")] == 1
    assert _part(t, "effects").tolist() == [0, 0, 0, 1, 0, 0, 0, 0]  # To the Brink on the US


def test_a_card_in_hand_is_seen_by_its_holder_only() -> None:
    s = _opening()
    excomm = card_number("Excomm") - 1
    assert _part(s.observation_tensor("US"), "hand")[excomm] == 1
    assert _part(s.observation_tensor("USSR"), "hand")[excomm] == 0
    assert _part(s.observation_tensor("USSR"), "hand").sum() == 3
    assert _part(s.observation_tensor("USSR"), "hand_size").tolist() == [np.float32(3 / 5)] * 2


def test_the_kept_agenda_is_the_keepers_until_revealed() -> None:
    s = _opening()
    berlin = AGENDA_NAME.index("Berlin")
    us_kept = LAYOUT["agenda_kept"].start + len(AGENDA_NAME)
    us = s.observation_tensor("US")
    assert us[us_kept + berlin] == 1
    assert _part(us, "agenda_kept_hidden").tolist() == [1, 0]  # the USSR kept one: which, the US cannot see
    ussr = s.observation_tensor("USSR")
    assert not ussr[us_kept:us_kept + len(AGENDA_NAME)].any()
    assert _part(ussr, "agenda_kept_hidden").tolist() == [0, 1]
    # The flags are public: one per flagged agenda, for both viewers.
    flags = _part(ussr, "agenda_flags").reshape(2, len(AGENDA_NAME))
    assert flags[1, berlin] == 0.5 and flags[0, AGENDA_NAME.index("Turkey")] == 0.5
    assert flags.sum() == 3


def test_a_command_cut_by_to_the_brink() -> None:
    """The US Commands with Excomm (3) under To the Brink: 2 cubes, in any arena."""
    s = _opening()
    s.apply("command Excomm")
    for side in SIDES:
        t = s.observation_tensor(side)
        assert _part(t, "decision_kind")[DECISION_KINDS.index("command")] == 1
        assert _part(t, "decision_card").argmax() == card_number("Excomm") - 1
        assert _part(t, "decision_cubes")[0] == np.float32(2 / ARENA_MAX)
        assert _part(t, "decision_arenas").tolist() == [1] * len(ARENAS)
        assert _part(t, "decision_mode")[MODES.index("both")] == 1
        assert _part(t, "decision_flags")[FLAGS.index("letter")] == 0  # the USSR holds the Letter
    s.apply("place Berlin")
    t = s.observation_tensor("USSR")
    assert _part(t, "decision_mode")[MODES.index("place")] == 1
    assert _part(t, "decision_arena").argmax() == ARENAS.index("Berlin")
    assert _part(t, "decision_moved")[ARENAS.index("Berlin")] == np.float32(1 / ARENA_MAX)
    assert _part(t, "decision_cubes")[0] == np.float32(1 / ARENA_MAX)


def test_the_personal_letter_may_join_a_command() -> None:
    s = position(phase="plays", next="US", letter="US", hands={"US": ["Quarantine"], "USSR": ["U Thant"]})
    s.apply("command Quarantine")
    assert _part(s.observation_tensor("US"), "decision_flags")[FLAGS.index("letter")] == 1


def test_an_offered_event() -> None:
    """The US Commands with Fidel Castro: the USSR may take its event first."""
    s = position(phase="plays", next="US", hands={"US": ["Fidel Castro"], "USSR": ["U Thant"]})
    s.apply("command Fidel Castro")
    t = s.observation_tensor("US")
    assert _part(t, "decision_kind")[DECISION_KINDS.index("offer")] == 1
    assert _part(t, "to_move").tolist() == [1, 0, 0]
    assert _part(t, "decision_card").argmax() == card_number("Fidel Castro") - 1
    assert _part(t, "decision_side").tolist() == [0, 1]  # played by the US
    assert _part(t, "discard")[card_number("Fidel Castro") - 1] == 1


# ---------------------------------------------------------------------------
# The length: fixed whatever the options
# ---------------------------------------------------------------------------
def test_shape_under_every_option_combination() -> None:
    shape = bm.game_info("thirteen")["observation_shape"]
    assert shape == [LAYOUT.size] and GAME.observation_layout() is LAYOUT
    names = list(OPTION_CHOICES)
    starts = dict(zip(names, itertools.accumulate([0] + [len(OPTION_CHOICES[n]) for n in names]), strict=False))
    combos = 0
    for values in itertools.product(*OPTION_CHOICES.values()):
        options = dict(zip(names, values, strict=True))
        s = bm.new_game("thirteen", seed=combos, options=options)
        t = s.observation_tensor(SIDES[combos % 2])
        assert t.dtype == np.float32 and t.shape == tuple(shape)
        opts = _part(t, "options")
        assert opts.sum() == len(names)
        for n in names:
            assert opts[starts[n] + OPTION_CHOICES[n].index(options[n])] == 1
        combos += 1
    assert combos == 1536


def test_every_slice_is_documented() -> None:
    assert LAYOUT.slices[-1].stop == LAYOUT.size
    for sl in LAYOUT.slices:
        assert len(sl.meaning) > 30, sl.name
    assert "| `decision_then` |" in LAYOUT.markdown()
