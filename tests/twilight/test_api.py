"""The public API contract: determinism, copies, serialization, errors, positions."""

from __future__ import annotations

import json
import random

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import INDEX

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def _play(seed: int, steps: int) -> bm.State:
    s = bm.new_game("twilight", seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        s.apply_random(rng)
    return s


def test_same_seed_and_actions_give_identical_states() -> None:
    assert _play(11, 300).to_json() == _play(11, 300).to_json()
    assert _play(11, 300).to_json() != _play(12, 300).to_json()


def test_json_round_trip_in_the_middle_of_operations() -> None:
    s = bm.from_position("twilight", {"hands": {"USSR": ["Socialist Governments"], "US": ["NATO"]}})
    s.apply("ops Socialist Governments")
    s.apply("place Poland")  # two ops still to spend
    t = bm.load(s.to_json())
    assert t == s
    assert [str(a) for a in t.legal_actions()] == [str(a) for a in s.legal_actions()]
    t.apply("place Poland")
    s.apply("place Poland")
    assert t.to_json() == s.to_json()


def test_state_is_plain_json() -> None:
    s = _play(4, 200)
    text = s.to_json()
    assert json.loads(text) == s.data


def test_clone_is_independent() -> None:
    s = _play(5, 120)
    before = s.to_json()
    c = s.clone()
    assert c == s
    rng = random.Random(0)
    for _ in range(200):
        if c.is_terminal:
            break
        c.apply_random(rng)
    assert s.to_json() == before


def test_illegal_action_leaves_state_unchanged_and_lists_legal() -> None:
    s = bm.from_position("twilight", {"hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply("ops NATO")
    assert "#21 NATO is not in USSR's hand" in str(err.value)
    assert "ops Fidel" in err.value.legal
    assert s.to_json() == before


def test_wrong_kind_of_action_is_explained() -> None:
    s = bm.from_position("twilight", {"hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    with pytest.raises(bm.IllegalActionError, match="USSR must now play a card"):
        s.apply("coup Iran")
    s.apply("ops Fidel")
    with pytest.raises(bm.IllegalActionError, match="cannot reach Mexico"):
        s.apply("place Mexico")


def test_roll_only_at_chance_nodes() -> None:
    s = bm.from_position("twilight", {"hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    with pytest.raises(bm.IllegalActionError):
        s.apply("roll 3")
    s.apply("ops Fidel")
    s.apply("coup Iran")
    assert s.current_player == "chance"
    assert [p for _, p in s.chance_outcomes()] == [pytest.approx(1 / 6)] * 6
    with pytest.raises(bm.IllegalActionError, match="a die must be rolled"):
        s.apply("place Poland")


def test_game_over_rejects_actions() -> None:
    s = bm.from_position("twilight", {"defcon": 2, "hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    s.apply_many(["ops Fidel", "coup South Africa", "roll 1"])
    assert s.is_terminal and s.winner == "US" and s.result == "defcon"
    assert s.legal_actions() == []
    with pytest.raises(bm.IllegalActionError, match="the game is over"):
        s.apply("pass")


def test_unknown_game_and_options() -> None:
    with pytest.raises(bm.UnknownGameError):
        bm.new_game("chess")
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        bm.new_game("twilight", options={"speed": True})


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"turnn": 3}, "unknown position field"),
        ({"turn": 11}, "'turn' must be an integer 1-10"),
        ({"defcon": 1}, "'defcon' must be an integer 2-5"),
        ({"influence": {"US": {"Atlantis": 1}}}, "unknown country 'Atlantis'"),
        ({"influence": {"US": {"Iran": -1}}}, "must be a whole number >= 0"),
        ({"hands": {"US": ["NATO"], "USSR": ["NATO"]}}, "card #21 is in both"),
        ({"hands": {"US": ["The China Card"]}}, "set with the 'china' field"),
        ({"hands": {"US": ["Star Wars"]}}, None),
        ({"phase": "lunch"}, "'phase' must be one of"),
        ({"options": {"optional_cards": False}, "hands": {"US": ["NORAD"]}}, "not used in this game"),
    ],
)
def test_bad_positions_are_refused(position: dict[str, object], message: str | None) -> None:
    if message is None:
        # A Late War card in an Early War turn is allowed: puzzles may need it.
        bm.from_position("twilight", position)
        return
    with pytest.raises(bm.PositionError, match=message):
        bm.from_position("twilight", position)


def test_position_defaults_are_the_start_of_game() -> None:
    s = bm.from_position("twilight", {"seed": 3})
    d = s.data
    assert d["turn"] == 1 and d["ar"] == 1 and d["defcon"] == 5 and d["vp"] == 0
    assert sum(d["inf"]["US"]) == 18 and sum(d["inf"]["USSR"]) == 9
    assert len(d["hands"]["USSR"]) == 8 and len(d["hands"]["US"]) == 8
    assert s.current_player == "USSR"


def test_the_view_board_is_the_rules_board_in_random_games() -> None:
    # The view builds influence and control its own fast way: it must say
    # exactly what the rules say, country by country.
    from brinkmanship.twilight import rules
    from brinkmanship.twilight.board import NAMES

    for seed in range(3):
        s = bm.new_game("twilight", seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            s.apply_random(rng)
            v = s.view(None, log=False)
            d = s.data
            for side in ("USSR", "US"):
                assert v["influence"][side] == {NAMES[i]: n for i, n in enumerate(d["inf"][side]) if n}
            assert v["control"] == {NAMES[i]: c for i in range(len(NAMES)) if (c := rules.control(d, i))}


def test_the_view_board_kept_from_the_last_view_is_never_stale() -> None:
    # ``_board`` hands out the last board again while the influence is
    # unchanged. A client scribbling over the board of a view, views of two
    # states taken in turn, and a state changed in place between its views
    # must each leave every view with its own state's board.
    a = bm.from_position("twilight", {"influence": {"USSR": {"Poland": 4}, "US": {"Iran": 2}}})
    b = bm.from_position("twilight", {"influence": {"USSR": {"Poland": 4}, "US": {"Iran": 1}}})
    for _ in range(3):  # the first view builds the board, the next ones get it kept
        v = a.view(None, log=False)
        assert v["influence"]["US"] == {"Iran": 2} and v["control"]["Iran"] == "US"
        v["influence"]["US"]["Iran"] = 9
        v["control"].clear()
    vb = b.view(None, log=False)
    assert vb["influence"]["US"] == {"Iran": 1} and "Iran" not in vb["control"]
    assert a.view(None, log=False)["influence"]["US"] == {"Iran": 2}
    a.data["inf"]["US"][INDEX["Iran"]] = 0
    v = a.view(None, log=False)
    assert v["influence"]["US"] == {} and "Iran" not in v["control"]
    assert b.view(None, log=False)["influence"]["US"] == {"Iran": 1}
