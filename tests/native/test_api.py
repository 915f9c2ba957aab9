"""The native backend's State API: the same answers, errors and copies as
the Python backend, input by input (``engine``: the stand-in and the real
extension, see conftest)."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import brinkmanship as bm
import brinkmanship.native as nat
from brinkmanship.native import NativeState, NativeUnavailableError
from tests.native.conftest import Engine, skip_unless_native, use_fake

SIDES = ("USSR", "US", None)


def pair(engine: Engine, seed: int = 3, options: dict[str, Any] | None = None) -> tuple[bm.State, bm.State]:
    """The same new game on the Python backend and on the native one."""
    py = bm.new_game(engine.game, seed, options, backend="python")
    native = bm.new_game(engine.game, seed, options, backend="native")
    assert isinstance(native, NativeState) and not isinstance(py, NativeState)
    assert native.to_json() == py.to_json()
    return py, native


def advance(states: tuple[bm.State, ...], plies: int, seed: int = 0) -> None:
    """Play the same random actions on every state (at most ``plies``)."""
    for k in range(plies):
        if states[0].is_terminal:
            return
        draw = random.Random(seed * 1000 + k).random()
        taken = {s.apply_random(random.Random(draw)).id for s in states}
        assert len(taken) == 1


def to_end(states: tuple[bm.State, ...]) -> None:
    advance(states, 100_000)
    assert all(s.is_terminal for s in states)


def outcome(call: Callable[[], Any]) -> tuple[Any, ...]:
    """What a call did, comparable across backends: its result, or the
    exception's type, text, message, legal list and seat fields."""
    try:
        result = call()
    except Exception as exc:
        return (type(exc).__name__, str(exc), getattr(exc, "message", None), getattr(exc, "legal", None),
                getattr(exc, "by", None), getattr(exc, "mover", None), repr(getattr(exc, "action", None)))
    return ("ok", repr(result))


def same_everywhere(py: bm.State, native: bm.State, call: Callable[[bm.State], Any]) -> tuple[Any, ...]:
    """Run ``call`` on a copy of each; the outcomes and the states after must agree."""
    a, b = py.clone(), native.clone()
    got_py, got_native = outcome(lambda: call(a)), outcome(lambda: call(b))
    assert got_native == got_py
    assert b.to_json() == a.to_json()
    return got_py


def bad_inputs(state: bm.State) -> list[Any]:
    """Inputs of every kind `apply` must refuse (or take), as a client may send them."""
    space = state.game.space
    legal = {a.id for a in state.legal_actions()}
    illegal = [a for a in space.actions if a.id not in legal][:3]
    other = bm.new_game("thirteen" if state.game.name == "twilight" else "twilight", 1).legal_actions()[0]
    inputs: list[Any] = [None, 1.5, True, b"place", [1], {"id": 1}, -1, len(space), 10**6, 2**70, -(2**70),
                         "", "   ", "garbage", "x" * 300, "place Narnia", "coup", "\x00\n", other]
    for a in illegal:
        inputs += [a, a.id, a.text, a.text.upper()]
    for a in state.legal_actions()[:2]:
        inputs += [a, a.id, a.text, f"  {a.text.upper()} "]
    return inputs


def test_bad_input_raises_the_same_errors(engine: Engine) -> None:
    py, native = pair(engine)
    for ply in (0, 7, 40):
        advance((py, native), ply - py.data["ply"], seed=ply)
        for given in bad_inputs(py):
            same_everywhere(py, native, lambda s, g=given: s.apply(g))
            same_everywhere(py, native, lambda s, g=given: s.to_action(g))
        same_everywhere(py, native, lambda s: s.parse(123))  # type: ignore[arg-type]
        mover = py.current_player
        legal = py.legal_actions()[0]
        for by in ("USSR", "US", "chance", "nobody", "", 7):
            for given in (legal, legal.id, "garbage", -1):
                same_everywhere(py, native, lambda s, g=given, b=by: s.apply(g, by=b))
        copy = py.clone()
        copy.apply(legal, by=mover)


def test_a_finished_game_refuses_everything_alike(engine: Engine) -> None:
    py, native = pair(engine, seed=11)
    to_end((py, native))
    assert native.to_json() == py.to_json()
    for given in [*bad_inputs(py), 0, "pass"]:
        same_everywhere(py, native, lambda s, g=given: s.apply(g))
        same_everywhere(py, native, lambda s, g=given: s.apply(g, by="USSR"))
    same_everywhere(py, native, lambda s: s.apply_random(random.Random(1)))
    assert native.legal_actions() == py.legal_actions() == []
    assert native.legal_action_ids() == py.legal_action_ids() == []
    assert native.chance_outcomes() == py.chance_outcomes() == []


def test_answers_and_information_agree(engine: Engine) -> None:
    py, native = pair(engine, seed=5)
    for ply in (0, 1, 12, 60, 200, 100_000):
        advance((py, native), ply - py.data["ply"], seed=ply)
        assert repr(native) == repr(py)
        assert native.current_player == py.current_player and native.is_chance == py.is_chance
        assert native.legal_actions() == py.legal_actions()
        assert native.legal_action_ids() == py.legal_action_ids()
        assert native.chance_outcomes() == py.chance_outcomes()
        assert (native.is_terminal, native.winner, native.result, native.reveals) == \
            (py.is_terminal, py.winner, py.result, py.reveals)
        assert native.returns() == py.returns()
        for side in SIDES:
            assert native.view(side) == py.view(side)
            assert native.view(side, log=False) == py.view(side, log=False)
        for side in ("USSR", "US"):
            assert np.array_equal(native.observation_tensor(side), py.observation_tensor(side))
        assert native.log == py.log
        assert native.log_entries == py.log_entries
        assert native == py and py == native and native == native.clone()
        assert outcome(lambda: native.observation_tensor("nobody")) == outcome(lambda: py.observation_tensor("nobody"))
        assert outcome(lambda: native.view("nobody")) == outcome(lambda: py.view("nobody"))
        for text in ("garbage", py.legal_actions()[0].text if py.legal_actions() else "pass"):
            assert outcome(lambda t=text: native.parse(t)) == outcome(lambda t=text: py.parse(t))


def test_apply_takes_objects_texts_and_ids_and_apply_many(engine: Engine) -> None:
    py, native = pair(engine, seed=8)
    r = random.Random(8)
    for k in range(60):
        if py.is_terminal:
            break
        a = py.legal_actions()[int(r.random() * len(py.legal_actions()))]
        given: Any = (a, a.id, a.text, a.text.upper())[k % 4]
        py.apply(given)
        native.apply(given, by=native.current_player)
        assert native.to_json() == py.to_json()
    py2, native2 = pair(engine, seed=8)
    texts: list[str] = []
    for _ in range(10):
        if py2.is_terminal:
            break
        texts.append(py2.legal_actions()[0].text)
        py2.apply(texts[-1])
    native2.apply_many(texts)
    assert native2.to_json() == py2.to_json()


def test_clones_are_independent(engine: Engine) -> None:
    py, native = pair(engine, seed=4)
    advance((py, native), 20)
    before = native.to_json()
    copy = native.clone()
    assert isinstance(copy, NativeState) and copy == native and copy is not native
    advance((copy,), 15, seed=1)
    assert native.to_json() == before
    advance((native, py), 5, seed=2)
    assert native.to_json() == py.to_json()
    # The copy went on exactly as the same game on the Python backend.
    twin = bm.load(before, backend="python")
    advance((twin,), 15, seed=1)
    assert copy.to_json() == twin.to_json()


def test_views_and_logs_of_clones_stay_their_own(engine: Engine) -> None:
    """The log entries a native state has read are shared with its clones
    until either moves on: each then sees its own log, as on Python."""
    py, native = pair(engine, seed=6)
    advance((py, native), 25)
    assert native.log_entries == py.log_entries  # the entries are read (and cached)
    py_copy, copy = py.clone(), native.clone()
    advance((copy, py_copy), 12, seed=3)
    advance((native, py), 7, seed=4)
    for a, b in ((native, py), (copy, py_copy)):
        assert a.log_entries == b.log_entries
        assert a.log == b.log
        for side in SIDES:
            assert a.view(side) == b.view(side)
    # A view made before an action (by id, the per-step path) is not
    # served after it.
    for _ in range(6):
        if native.is_terminal:
            break
        native.view("USSR")
        ident = native.legal_action_ids()[-1]
        native.apply(ident)
        py.apply(ident)
        assert native.view("USSR") == py.view("USSR") and native.log_entries == py.log_entries
    # Handed out, the entries are a list of the moment: changing it
    # changes no state.
    entries = native.log_entries
    entries.clear()
    assert native.log_entries == py.log_entries and native.to_json() == py.to_json()


def test_resample_deals_as_the_python_backend(engine: Engine) -> None:
    py, native = pair(engine, seed=9)
    for ply in (5, 30, 90):
        advance((py, native), ply - py.data["ply"], seed=ply)
        if py.is_terminal:
            break
        for side in ("USSR", "US"):
            a = py.resample(side, random.Random(ply))
            b = native.resample(side, random.Random(ply))
            assert isinstance(b, NativeState)
            assert b.to_json() == a.to_json()
            assert b.view(side) == native.view(side) == py.view(side)
            advance((a, b), 10, seed=ply)
            assert b.to_json() == a.to_json()
        assert outcome(lambda: native.resample("nobody", random.Random(1))) == \
            outcome(lambda: py.resample("nobody", random.Random(1)))


def test_load_round_trips_and_validates_with_python(engine: Engine) -> None:
    py, native = pair(engine, seed=6)
    advance((py, native), 33)
    text = py.to_json()
    loaded = bm.load(text, backend="native")
    assert isinstance(loaded, NativeState) and loaded.to_json() == text
    assert loaded.legal_actions() == py.legal_actions()
    back = bm.load(native.to_json(), backend="python")
    assert type(back) is bm.State and back.to_json() == text
    assert bm.load(text.encode(), backend="native").to_json() == text
    data = json.loads(text)
    data["defcon"] = "high"
    for bad in ("{", "[]", json.dumps(data), json.dumps({"game": "chess"}), "null"):
        assert outcome(lambda b=bad: bm.load(b, backend="native")) == outcome(lambda b=bad: bm.load(b))
    assert pickle.loads(pickle.dumps(native)).to_json() == native.to_json()
    assert isinstance(pickle.loads(pickle.dumps(native)), NativeState)
    assert nat.to_python(native).to_json() == native.to_json()
    assert nat.to_native(py).to_json() == py.to_json()


POSITIONS: dict[str, dict[str, Any]] = {
    "twilight": {"turn": 4, "action_round": 3, "phasing": "USSR", "defcon": 2,
                 "influence": {"USSR": {"East Germany": 4, "Syria": 2}, "US": {"Angola": 1, "Sudan": 1}},
                 "hands": {"USSR": ["Decolonization", "Nasser", "Fidel"], "US": ["NATO", "Marshall Plan"]},
                 "options": {"events": False}},
    "thirteen": {"round": 1, "phase": "plays", "next": "US", "plays": {"US": 4, "USSR": 4},
                 "defcon": {"US": {"Military": 2, "Political": 6, "World Opinion": 4}, "USSR": {"Military": 3}},
                 "cubes": {"US": {"Television": 2}, "USSR": {"Berlin": 1}},
                 "hands": {"US": ["SOPs"], "USSR": ["U Thant"]}},
}


def test_from_position_builds_the_same_state(engine: Engine) -> None:
    py = bm.from_position(engine.game, POSITIONS[engine.game], backend="python")
    native = bm.from_position(engine.game, POSITIONS[engine.game], backend="native")
    assert isinstance(native, NativeState) and native.to_json() == py.to_json()
    to_end((py, native))
    assert native.to_json() == py.to_json()
    assert outcome(lambda: bm.from_position(engine.game, {"nonsense": 1}, backend="native")) == \
        outcome(lambda: bm.from_position(engine.game, {"nonsense": 1}))


def test_new_game_checks_options_and_seeds_alike(engine: Engine) -> None:
    for options in ({"nonsense": True}, {"events": "yes"}, [("events", False)], "events"):
        assert outcome(lambda o=options: bm.new_game(engine.game, 1, o, backend="native")) == \
            outcome(lambda o=options: bm.new_game(engine.game, 1, o))  # type: ignore[arg-type]
    for seed in (0, 1, -5, 2**64 + 3, 2**100, None, 1.0):
        py = outcome(lambda s=seed: bm.new_game(engine.game, s).to_json())
        assert outcome(lambda s=seed: bm.new_game(engine.game, s, backend="native").to_json()) == py
    choices = bm.get_game(engine.game).option_choices
    for name, values in choices.items():
        for value in values:
            py, native = pair(engine, 2, {name: value})
            advance((py, native), 50)
            assert native.to_json() == py.to_json()


def test_data_is_kept_in_step_both_ways(engine: Engine) -> None:
    py, native = pair(engine, seed=7)
    advance((py, native), 25)
    d = native.data
    assert d == py.data
    # A reference held across actions sees the new state, as on the Python backend.
    legal = py.legal_actions()[0]
    py.apply(legal)
    native.apply(legal)
    assert d["ply"] == py.data["ply"] and d == py.data
    # A write to it is validated and taken by the native core.
    for s in (py, native):
        s.data["reveals"] += 5
    assert native.reveals == py.reveals
    advance((py, native), 5)
    assert native.to_json() == py.to_json()
    # An invalid write is refused once, and undone.
    native.data["stack"] = "nonsense"
    with pytest.raises(bm.StateError, match=r"state\.data was changed into an invalid state"):
        native.legal_actions()
    assert native.to_json() == py.to_json() and native.data == py.data
    native.data["hands"] = {"USSR": {1, 2}}
    with pytest.raises(bm.StateError, match="not JSON"):
        native.apply_random(random.Random(1))
    assert native.to_json() == py.to_json() and native.data == py.data
    # Assigning a whole state.
    other = bm.new_game(engine.game, 99)
    native.data = json.loads(other.to_json())
    assert native.to_json() == other.to_json() and native.legal_actions() == other.legal_actions()


def test_the_envs_driver_loop_on_data_works(engine: Engine) -> None:
    """Client code that reads ``state.data`` between actions (envs, server)."""
    py, native = pair(engine, seed=12)
    for s in (py, native):
        d = s.data
        game = s.game
        for _ in range(40):
            if game.current_player(d) is None:
                break
            s.apply(game.legal_actions(d)[0])
    assert native.to_json() == py.to_json()


# -- choosing the backend -----------------------------------------------------------------------


def test_backends_and_the_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake(monkeypatch, "twilight")
    info = bm.backends()
    assert info["python"] == ["thirteen", "twilight"] and info["native"] == ["twilight"]
    assert "ThirteenState" in str(info["native_missing"]) or "thirteen" in str(info["native_missing"])
    assert nat.available() and nat.available("ts") and not nat.available("thirteen")
    monkeypatch.delenv(nat.BACKEND_ENV, raising=False)
    assert type(bm.new_game("twilight", 1)) is bm.State
    monkeypatch.setenv(nat.BACKEND_ENV, "native")
    assert isinstance(bm.new_game("twilight", 1), NativeState)
    assert isinstance(bm.load(bm.new_game("twilight", 2, backend="python").to_json()), NativeState)
    with pytest.raises(NativeUnavailableError, match=r"no thirteen.*ThirteenState"):
        bm.new_game("thirteen", 1)
    monkeypatch.setenv(nat.BACKEND_ENV, "auto")
    assert isinstance(bm.new_game("twilight", 1), NativeState)
    assert type(bm.new_game("thirteen", 1)) is bm.State
    monkeypatch.setenv(nat.BACKEND_ENV, "rust")
    with pytest.raises(ValueError, match="BRINK_BACKEND='rust'"):
        bm.new_game("twilight", 1)
    assert bm.backends()["default"].startswith("invalid")
    monkeypatch.setenv(nat.BACKEND_ENV, "python")
    assert type(bm.new_game("twilight", 1)) is bm.State
    assert isinstance(bm.new_game("twilight", 1, backend="native"), NativeState)
    with pytest.raises(ValueError, match="unknown backend 'fast'"):
        bm.new_game("twilight", 1, backend="fast")


def test_without_the_extension_native_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nat, "_LOADED", [(None, "the extension module brinkmanship_native is not installed")])
    assert not nat.available() and not nat.available("twilight")
    assert bm.backends()["native"] == [] and bm.backends()["native_version"] is None
    with pytest.raises(NativeUnavailableError, match=r"brinkmanship_native is not installed.*bootstrap"):
        bm.new_game("twilight", 1, backend="native")
    with pytest.raises(ImportError):
        bm.from_position("thirteen", {}, backend="native")
    assert type(bm.new_game("twilight", 1, backend="auto")) is bm.State


def test_brink_version_names_the_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    from brinkmanship.cli.main import app

    use_fake(monkeypatch, "twilight")
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == f"brinkmanship {bm.__version__}"
    assert "backend python: thirteen, twilight" in lines
    assert "backend native 0.0.0-fake: twilight" in lines
    assert any(line.startswith("backend native: not available") and "thirteen" in line for line in lines)
    assert lines[-1].startswith("default backend: ")


@pytest.mark.parametrize(("game", "key"), [("thirteen", "fx"), ("twilight", "options")])
def test_a_valid_state_in_a_key_order_the_engines_never_write(game: str, key: str) -> None:
    """The Python engine reads any key order and writes back the order it
    was given; the native core writes the engines' order only, so it refuses
    such a state (hand-edited) with ``StateError`` saying why, and ``auto``
    loads it on Python. A native state's ``data`` cannot be changed into it."""
    skip_unless_native(game)
    py = bm.new_game(game, seed=4, backend="python")
    d = json.loads(py.to_json())
    d[key] = dict(reversed(list(d[key].items())))
    text = json.dumps(d, separators=(",", ":"))
    assert bm.load(text, backend="python").to_json() == text  # valid, its order kept
    with pytest.raises(bm.StateError, match=r"native core cannot hold this .* backend='python'"):
        bm.load(text, backend="native")
    fallback = bm.load(text, backend="auto")
    assert not isinstance(fallback, NativeState) and fallback.to_json() == text
    native = bm.new_game(game, seed=4, backend="native")
    before = native.to_json()
    with pytest.raises(bm.StateError, match="native core cannot hold"):
        native.data = d
    assert native.to_json() == before
    changed = native.data
    changed[key] = dict(reversed(list(changed[key].items())))
    with pytest.raises(bm.StateError, match="the change is undone: the native core cannot hold"):
        native.legal_action_ids()
    assert native.to_json() == before and native.legal_action_ids() == py.legal_action_ids()
