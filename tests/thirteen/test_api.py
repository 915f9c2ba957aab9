"""The public API contract for 13 Days: determinism, copies, serialization, options, errors."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core.game import get_game
from brinkmanship.thirteen.game import DEFAULT_OPTIONS, OPTION_CHOICES, Thirteen, make_options
from tests.thirteen.helpers import position, texts
from tests.thirteen.invariants import check_state

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def _play(seed: int, steps: int, options: dict[str, object] | None = None) -> bm.State:
    s = bm.new_game("thirteen", seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        s.apply_random(rng)
    return s


def test_new_game_starts_with_the_ussr_keeping_an_agenda() -> None:
    s = bm.new_game("thirteen", seed=3)
    assert s.current_player == "USSR"
    assert s.view(None)["decision_kind"] == "agenda"
    assert s.data["round"] == 1 and s.data["prestige"] == 0 and s.data["letter"] == "US"
    assert s.data["options"] == DEFAULT_OPTIONS
    assert s.log[0].startswith("New game") and "The US holds the Personal Letter." in s.log[0]
    check_state(s)


def test_same_seed_and_actions_give_identical_states() -> None:
    for seed in (11, 12, 13):
        a, b = _play(seed, 60), _play(seed, 60)
        assert a.to_json() == b.to_json()
    assert _play(11, 60).to_json() != _play(12, 60).to_json()
    # Replaying the action texts of one game reproduces it byte for byte.
    s = bm.new_game("thirteen", seed=21)
    rng = random.Random(4)
    actions = []
    while not s.is_terminal:
        actions.append(s.apply_random(rng).text)
    t = bm.new_game("thirteen", seed=21)
    t.apply_many(actions)
    assert t.to_json() == s.to_json()


def test_options_change_the_state_only_through_the_options_field() -> None:
    a = bm.new_game("thirteen", seed=5)
    b = bm.new_game("thirteen", seed=5, options={"agenda_recycle": "all"})
    assert a.data["options"] != b.data["options"]
    b.data["options"] = a.data["options"]
    assert a.to_json() == b.to_json()


def test_state_is_plain_json() -> None:
    s = _play(4, 40)
    assert json.loads(s.to_json()) == s.data


def test_json_round_trip_in_the_middle_of_a_command() -> None:
    s = position(seed=1, letter="USSR", hands={"USSR": ["Fidel Castro", "U Thant"], "US": ["Excomm", "SOPs"]})
    s.apply("command Fidel Castro")  # a USSR card: no offer; Command 3
    s.apply("letter")
    s.apply("place Berlin")  # three more cubes may follow in Berlin
    t = bm.load(s.to_json())
    assert t == s
    assert texts(t) == texts(s) == ["place Berlin", "done"]
    for u in (s, t):
        u.apply_many(["place Berlin", "done"])
    assert t.to_json() == s.to_json()
    assert t.log[-2:] == ["USSR places 2 cubes in Berlin (now 3).",
                          "USSR Military DEFCON escalates 1 step, to 3 (Command)."]


def test_json_round_trip_in_the_middle_of_an_offered_event() -> None:
    s = position(seed=2, hands={"USSR": ["Excomm", "U Thant"], "US": ["Quarantine", "SOPs"]})
    s.apply("command Excomm")  # a US card: the US is offered its event first
    assert s.current_player == "US" and texts(s) == ["accept", "decline"]
    t = bm.load(s.to_json())
    assert t == s and texts(t) == ["accept", "decline"]
    t.apply("accept")
    s.apply("accept")
    assert t.to_json() == s.to_json()


def test_json_round_trip_at_every_decision_of_a_game() -> None:
    s = bm.new_game("thirteen", seed=9, options={"agenda_push": "saito", "fifty_fifty_same_track": True})
    rng = random.Random(9)
    while not s.is_terminal:
        t = bm.load(s.to_json())
        assert t == s and texts(t) == texts(s)
        a = s.apply_random(rng)
        t.apply(a.text)
        assert t.to_json() == s.to_json()


def test_clone_is_independent() -> None:
    for seed in range(6):
        s = _play(seed, 30)
        before = s.to_json()
        c = s.clone()
        assert c == s
        rng = random.Random(0)
        while not c.is_terminal:
            c.apply_random(rng)
        assert s.to_json() == before
        # ... and the other way round.
        c = s.clone()
        frozen = c.to_json()
        while not s.is_terminal:
            s.apply_random(rng)
        assert c.to_json() == frozen


def test_clone_of_pending_event_frames_is_independent() -> None:
    """Cube frames remember the arenas used so far: a clone must not share them."""
    s = position(seed=3, hands={"USSR": ["Scramble", "U Thant"], "US": ["Excomm", "SOPs"]})
    s.apply("event Scramble")
    s.apply("place Berlin")
    c = s.clone()
    c.apply("place Italy")
    assert s.data["stack"][-1]["done"] == [2]
    assert texts(s) == ["place Cuba (Military)", "place Atlantic", "place Cuba (Political)", "place Turkey",
                        "place Italy", "place Television", "place United Nations", "place Alliances", "done"]


@pytest.mark.parametrize("name", ["thirteen", "13", "13days", "13_days", "thirteen_days"])
def test_game_aliases(name: str) -> None:
    assert get_game(name).name == "thirteen"
    assert isinstance(get_game(name), Thirteen)
    s = bm.new_game(name, seed=1)
    assert s.game.name == "thirteen"
    assert s.to_json() == bm.new_game("thirteen", seed=1).to_json()


def test_unknown_game() -> None:
    with pytest.raises(bm.UnknownGameError, match="unknown game 'fourteen'"):
        bm.new_game("fourteen")


def test_every_option_value_is_accepted() -> None:
    for k, values in OPTION_CHOICES.items():
        for v in values:
            assert make_options({k: v})[k] == v
            assert bm.new_game("thirteen", seed=0, options={k: v}).data["options"][k] == v


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"speed": True}, "unknown option 'speed'"),
        ({"agenda_push": "always"}, "option 'agenda_push' must be one of 'zone', 'saito', 'none'"),
        ({"agenda_bonus": "yes"}, "option 'agenda_bonus' must be one of True, False"),
        ({"agenda_bonus": 1}, "option 'agenda_bonus' must be one of True, False, got 1"),
        ({"agenda_recycle": None}, "option 'agenda_recycle'"),
        ({"events": True}, "unknown option 'events'"),  # a Twilight option
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bm.new_game("thirteen", options=options)
    with pytest.raises(bm.PositionError, match=message):
        bm.from_position("thirteen", {"options": options})


def test_illegal_action_leaves_state_unchanged_and_lists_legal() -> None:
    s = position(hands={"USSR": ["Fidel Castro", "U Thant"], "US": ["Excomm", "SOPs"]})
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply("command Excomm")
    assert "Excomm is not in USSR's hand" in str(err.value)
    assert err.value.legal == texts(s)
    assert s.to_json() == before
    with pytest.raises(bm.IllegalActionError, match="Excomm is not in USSR's hand"):
        s.apply("event Excomm")
    assert s.to_json() == before


def test_opponent_event_is_refused_with_the_reason() -> None:
    s = position(hands={"USSR": ["Excomm", "U Thant"], "US": ["Quarantine", "SOPs"]})
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match="Excomm is a US card: USSR may only command with it"):
        s.apply("event Excomm")
    assert s.to_json() == before


def test_malformed_actions_are_refused() -> None:
    s = position(hands={"USSR": ["Fidel Castro", "U Thant"], "US": ["Excomm", "SOPs"]})
    before = s.to_json()
    for text, message in [("", "empty action text"), ("launch Cuba", "unknown verb 'launch'"),
                          ("command Fidel Castroo", "did you mean Fidel Castro"),
                          ("place Atlantis", "unknown arena 'Atlantis'"), ("done now", "'done' takes no argument"),
                          ("command", "'command' needs an argument"), ("command #40", "no card number 40")]:
        with pytest.raises(bm.IllegalActionError, match=message):
            s.apply(text)
        assert s.to_json() == before


def test_action_of_another_game_is_refused() -> None:
    s = position(hands={"USSR": ["Fidel Castro"], "US": ["Excomm"]})
    ts = bm.new_game("twilight", seed=1)
    with pytest.raises(bm.IllegalActionError, match="not an action of this game"):
        s.apply(ts.legal_actions()[0])


def test_game_over_rejects_actions() -> None:
    s = position(round=2, phase="aftermath", defcon={"US": {"Military": 8}},
                 hands={"US": ["Excomm"], "USSR": ["Fidel Castro"]})
    assert s.is_terminal and s.winner == "USSR" and s.result == "nuclear_war"
    assert s.current_player is None and s.legal_actions() == []
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError, match="the game is over"):
        s.apply("done")
    with pytest.raises(bm.IllegalActionError, match="the game is over"):
        s.apply_random(random.Random(0))
    assert s.to_json() == before
    v = s.view("US")
    assert v["over"] and v["winner"] == "USSR" and v["result"] == "nuclear_war" and v["decision_kind"] is None


def test_no_chance_decisions() -> None:
    s = bm.new_game("thirteen", seed=1)
    assert not s.is_chance and s.chance_outcomes() == []
    with pytest.raises(ValueError, match="no dice"):
        s.game.chance_action(s.data)


def test_legal_actions_are_a_fresh_list_each_call() -> None:
    s = bm.new_game("thirteen", seed=2)
    a = s.legal_actions()
    a.clear()
    assert s.legal_actions()
    assert all(x.game == "thirteen" for x in s.legal_actions())


def test_view_is_plain_json() -> None:
    s = _play(7, 25)
    for side in ("USSR", "US", None):
        v = s.view(side)
        assert json.loads(json.dumps(v)) == v


def test_action_ids_are_stable_and_unique() -> None:
    space = bm.new_game("thirteen").game.space
    assert [a.id for a in space.actions] == list(range(len(space)))
    assert len({a.text for a in space.actions}) == len(space)
    for a in space.actions:
        assert space.parse(a.text) is a and space.from_id(a.id) is a
    assert space.parse("command #15").text == "command Excomm"
    assert space.parse("place cuba mil").text == "place Cuba (Military)"
    assert space.parse("escalate Military 2").text == "escalate Military 2"


def test_undo_within_a_command() -> None:
    s = position(seed=1, hands={"USSR": ["Fidel Castro", "U Thant"], "US": ["Excomm", "SOPs"]})
    h = bm.UndoHistory()
    t = h.apply(s, "command Fidel Castro")
    t = h.apply(t, "place Berlin")
    assert h.can_undo() and len(h) == 2
    back, text = h.undo()
    assert text == "place Berlin" and back.data["cubes"]["USSR"][2] == 1


def test_undo_cannot_take_back_a_move_once_an_alliances_draw_was_seen() -> None:
    """The US makes the last play of the round and then draws for Alliances:
    it must not be able to undo its Command after seeing the card."""
    s = position(seed=1, plays={"USSR": 4, "US": 3}, next="US", cubes={"US": {"Alliances": 2}},
                 hands={"US": ["Scramble", "SOPs"], "USSR": ["U Thant"]})
    h = bm.UndoHistory()
    t = h.apply(s, "command SOPs")
    assert h.can_undo()
    t = h.apply(t, "place Italy")  # the Command ends, the round ends, the US draws for Alliances
    assert t.current_player == "US" and t.data["stack"][-1]["f"] == "alliances"
    assert t.view("US")["looking_at"]
    assert not h.can_undo()


def test_undo_cannot_take_back_an_agenda_once_the_hand_was_dealt() -> None:
    """The US keeps its agenda, the cards are dealt and the US (behind in
    prestige) chooses who plays first: the agenda is final."""
    s = position(seed=2, phase="agendas", prestige=-2)
    h = bm.UndoHistory()
    t = h.apply(s, texts(s)[0])  # USSR agenda
    t = h.apply(t, texts(t)[0])  # US agenda, then the deal
    assert t.current_player == "US" and t.view(None)["decision_kind"] == "initiative"
    assert len(t.view("US")["hand"]) == 5
    assert not h.can_undo()


def _as_position(d: dict[str, Any]) -> dict[str, Any]:
    """A position dict for a state at a card play (round-effect names as positions spell them)."""
    from brinkmanship.thirteen.board import AGENDA_NAME, ARENAS, TRACKS
    from brinkmanship.thirteen.rules import agenda_type

    effect = {"sops": "SOPs", "brink": "To the Brink", "containment": "Containment", "bay_of_pigs": "Bay of Pigs"}
    sides = ("USSR", "US")
    return {
        "seed": 0, "options": d["options"], "round": d["round"], "phase": "plays", "prestige": d["prestige"],
        "defcon": {s: {TRACKS[t]: d["defcon"][s][t] for t in range(3)} for s in sides},
        "cubes": {s: {ARENAS[i]: n for i, n in enumerate(d["cubes"][s]) if n} for s in sides},
        "letter": d["letter"], "hands": {s: list(d["hands"][s]) for s in sides},
        "deck": list(reversed(d["deck"])), "discard": list(d["discard"]),
        "aftermath": {s: [c for w, c in d["aftermath"] if w == s] for s in sides},
        "agendas": {s: {"offered": [AGENDA_NAME[agenda_type(a)] for a in d["offered"][s]],
                        "kept": AGENDA_NAME[agenda_type(d["kept"][s])]} for s in sides},
        "plays": dict(d["plays"]), "next": d["stack"][-1]["p"],
        "effects": {effect[k]: list(v) for k, v in d["fx"].items() if v},
    }


def test_a_mid_game_state_rebuilt_as_a_position_plays_on_the_same() -> None:
    """At every card play of a few games, the position of the state gives the
    same views (log aside), and the same actions give the same board until
    something random happens (Intelligence Reports) or the round ends."""
    checked = 0
    for seed in range(12):
        s = bm.new_game("thirteen", seed=seed, options=_mixed_options(seed))
        rng = random.Random(seed)
        while not s.is_terminal:
            d = s.data
            if d["stack"][-1]["f"] == "turn" and len(d["stack"]) == 2:
                p = bm.from_position("thirteen", _as_position(d))
                for side in ("USSR", "US", None):
                    seen = {k: v for k, v in s.view(side).items() if k != "log"}
                    assert seen == {k: v for k, v in p.view(side).items() if k != "log"}
                c = s.clone()
                while not c.is_terminal and c.data["stack"][0]["step"] == "plays":
                    assert texts(c) == texts(p)
                    a = c.apply_random(rng)
                    p.apply(a)
                    if a.text == "event Intelligence Reports":  # a random card is taken
                        break
                for key in ("cubes", "defcon", "prestige", "letter", "discard", "over", "winner"):
                    assert c.data[key] == p.data[key], key
                checked += 1
            s.apply_random(rng)
    assert checked > 150


def _mixed_options(seed: int) -> dict[str, object]:
    r = random.Random(seed)
    return {k: r.choice(v) for k, v in OPTION_CHOICES.items()}
