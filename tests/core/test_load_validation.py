"""``bm.load`` refuses whatever is not a state it could have written.

The first tests are the refusals every game shares: text that is not JSON,
JSON that is not a state, a file of the ``brink`` command, an unknown game,
another state version, a broken log, an unknown frame kind, absurd nesting.
The fuzz then takes states from random games of both games and mutates
them the way a corrupted or tampered file would: ``bm.load`` must either
raise ``StateError`` or return a state that plays on to the end keeping the
game's invariants; no other exception, ever.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.cli import savefile
from brinkmanship.native import NativeState
from tests.core import loading
from tests.core.mutations import mutator
from tests.thirteen import invariants as thirteen_invariants
from tests.twilight import invariants as twilight_invariants

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def refused(text: str | bytes, *fragments: str) -> str:
    """``bm.load(text)`` raises StateError whose message holds every fragment."""
    with pytest.raises(bm.StateError) as info:
        bm.load(text)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def saved(game: str, seed: int = 1, steps: int = 30) -> dict[str, Any]:
    s = bm.new_game(game, seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        s.apply_random(r)
    data: dict[str, Any] = json.loads(s.to_json())
    return data


# ---------------------------------------------------------------------------
# Refusals every game shares
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "fragment"), [
    ("", "not JSON"),
    ("{", "not JSON"),
    ("[1, 2]", "a state is a JSON object, got list"),
    ("42", "a state is a JSON object, got int"),
    (b"\xff\xfe", "not UTF-8"),
    ("[" * 100_000, "not JSON"),
    ("1" * 5000, "not JSON"),
])
def test_text_that_is_not_a_state_object_is_refused(text: str | bytes, fragment: str) -> None:
    refused(text, fragment)


def test_a_non_text_argument_is_refused() -> None:
    with pytest.raises(bm.StateError, match="a state is JSON text, got dict"):
        bm.load({"game": "twilight"})  # type: ignore[arg-type]


def test_a_saved_game_of_the_brink_command_says_what_it_is(tmp_path: Any) -> None:
    path = tmp_path / "game.json"
    savefile.save(path, savefile.SavedGame(game="twilight", seed=3, options={}, seats={}, actions=["pass"]))
    message = refused(path.read_text(), "this is a saved game of the brink command")
    assert "brink play --load FILE" in message


def test_a_tournament_file_of_the_brink_command_says_what_it_is() -> None:
    refused(json.dumps({"format": "brinkmanship-tournament", "version": 1}), "a tournament results file")
    refused(json.dumps({"format": "brinkmanship-tournament-summary"}), "a tournament summary, not a game state")


@pytest.mark.parametrize(("game", "fragment"), [
    (None, "field 'game': missing"),
    (7, "field 'game': missing, or not a game name"),
    ("chess", "unknown game 'chess'"),
    ("ts", "'ts' is an alias"),
])
def test_the_game_must_be_named_exactly(game: Any, fragment: str) -> None:
    d = saved("twilight")
    d["game"] = game
    refused(json.dumps(d), fragment)


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_a_state_of_another_version_is_refused(game: str) -> None:
    d = saved(game)
    d["version"] = 1
    refused(json.dumps(d), "field 'version'", "replayed from its actions")


@pytest.mark.parametrize(("entry", "fragment"), [
    ("USSR wins", "field 'log[3]': expected object"),
    ({"code": "x", "args": {}}, "an entry has exactly code, args and to"),
    ({"code": "x", "args": {}, "to": "everyone"}, "field 'log[3].to'"),
    ({"code": 5, "args": {}, "to": "all"}, "field 'log[3].code': expected string"),
])
def test_log_entries_are_data(entry: Any, fragment: str) -> None:
    d = saved("twilight")
    d["log"][3] = entry
    refused(json.dumps(d), fragment)


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_an_entry_for_both_players_loads(game: str) -> None:
    d = saved(game)
    d["log"][0]["to"] = "players"
    assert bm.load(json.dumps(d)).log_entries[0]["to"] == "players"


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_an_unknown_frame_kind_is_refused(game: str) -> None:
    d = saved(game)
    d["stack"][-1]["f"] = "teleport"
    refused(json.dumps(d), f"field 'stack[{len(d['stack']) - 1}].f': unknown frame kind 'teleport'")
    d["stack"][-1]["f"] = ["turn"]
    refused(json.dumps(d), "unknown frame kind")


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_absurd_nesting_is_refused_before_anything_recurses(game: str) -> None:
    d = saved(game)
    deep: Any = 1
    for _ in range(200):
        deep = [deep]
    d["log"][0]["args"]["x"] = deep
    refused(json.dumps(d), "field 'log[0].args.x[0][0]", "nested more than 32 levels deep")
    d = saved(game)
    d["stack"][0]["deep"] = deep
    refused(json.dumps(d), "field 'stack.0.deep.0.0", "nested more than 32 levels deep")


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_a_finished_game_has_no_pending_decision(game: str) -> None:
    d = saved(game)
    d["over"] = True
    refused(json.dumps(d), "field 'stack': a finished game has no pending decision")
    d["stack"] = []
    refused(json.dumps(d), "field 'result': a finished game says why it ended")


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_a_game_going_on_has_a_decision_on_top(game: str) -> None:
    d = saved(game)
    d["winner"] = "US"
    refused(json.dumps(d), "field 'winner': set, but the game is not over")
    d["winner"] = None
    d["stack"] = d["stack"][:1]
    refused(json.dumps(d), "is a procedure; a decision must be on top")


# ---------------------------------------------------------------------------
# The fuzz
# ---------------------------------------------------------------------------
def _twilight_check(d: dict[str, Any]) -> None:
    twilight_invariants.check(d)


def _thirteen_check(d: dict[str, Any]) -> None:
    # Positions may hold short hands; a mutated hand is like one.
    thirteen_invariants.check(d, full_game=False)


def _mutate(game: str) -> Callable[[dict[str, Any], random.Random], str]:
    g = bm.core.game.get_game(game)
    kinds = tuple(sorted(set(g.machine.legal_table) | set(g.machine.procs)))
    if game == "twilight":
        from brinkmanship.twilight.events import REGISTRY
        from brinkmanship.twilight.validate import EFFECTS

        return mutator(kinds, tuple(sorted(REGISTRY.continuations)), tuple(sorted(EFFECTS)))
    from brinkmanship.thirteen.events import REGISTRY as THIRTEEN
    from brinkmanship.thirteen.rules import ROUND_EFFECTS

    return mutator(kinds, tuple(sorted(THIRTEEN.continuations)), ROUND_EFFECTS)


INVARIANTS = {"twilight": _twilight_check, "thirteen": _thirteen_check}


def fuzz(game: str, seeds: range, per_game: int) -> dict[str, int]:
    """Mutate ``per_game`` states taken from one random game per seed; each
    must be refused with StateError or play on to the end keeping the
    invariants. Returns how many were refused and loaded."""
    mutate = _mutate(game)
    check = INVARIANTS[game]
    counts = {"refused": 0, "loaded": 0}
    for seed in seeds:
        r = random.Random(seed)
        s = bm.new_game(game, seed=seed)
        texts = []  # a sample of the game's states (all of them would take much memory)
        while not s.is_terminal:
            s.apply_random(r)
            if r.random() < 0.05:
                texts.append(s.to_json())
        for _ in range(per_game):
            d = json.loads(r.choice(texts))
            what = " + ".join(mutate(d, r) for _ in range(r.choice((1, 1, 1, 2, 3))))
            text = json.dumps(d)
            try:
                t = bm.load(text)
            except bm.StateError:
                counts["refused"] += 1
                continue
            except Exception as exc:  # the point: nothing but StateError
                pytest.fail(f"game {seed}, {what}: load raised {type(exc).__name__}: {exc}")
            counts["loaded"] += 1
            try:
                play_out(t, r, check)
            except Exception as exc:
                pytest.fail(f"game {seed}, {what}: a loaded state failed in play: {type(exc).__name__}: {exc}")
    return counts


def _data(s: bm.State) -> dict[str, Any]:
    """The state's data to read: ``data`` itself on the Python backend (free),
    a copy on the native one, where handing out ``data`` would put the state
    on its slow path (a JSON round trip per action, see ``NativeState``)."""
    return loading.data(s) if isinstance(s, NativeState) else s.data


def play_out(s: bm.State, r: random.Random, check: Callable[[dict[str, Any]], None]) -> None:
    """Use the state through the public API, then play random legal actions
    to the end, checking the invariants after each (see ``_data``)."""
    check(_data(s))
    assert len(s.log) == len(s.log_entries)  # every entry renders
    for side in (*s.game.players, None):
        s.view(side)
    if not s.is_terminal:
        s.resample(s.game.players[0], r).apply_random(r)
        s.clone().legal_action_ids()
        s.view(None)["decision"]
    steps = 0
    while not s.is_terminal:
        s.apply_random(r)
        check(_data(s))
        steps += 1
        assert steps <= s.game.max_game_length, "no end"
    s.returns()


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_mutated_states_are_refused_or_play_on(game: str) -> None:
    counts = fuzz(game, range(2), 150 if game == "twilight" else 300)
    assert counts["refused"] > counts["loaded"]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["twilight", "thirteen"])
@pytest.mark.parametrize("chunk", range(3))
def test_many_mutated_states_are_refused_or_play_on(game: str, chunk: int) -> None:
    fuzz(game, range(1000 + 10 * chunk, 1010 + 10 * chunk), 300)
