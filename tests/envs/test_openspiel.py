"""Both games as OpenSpiel games (brinkmanship.envs.openspiel, docs/openspiel.md).

OpenSpiel's own conformance test (``random_sim_test``, with serialization)
plays each game; the rest checks what it cannot: the declared facts against
the engine's, chance nodes as real distributions, tensors and strings
against the engine's views, that no information-state string names a card
its player may not know, exact serialization and replay, determinizations,
and OpenSpiel's Python ISMCTS playing with our resampler.
"""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import observation as spiel_observation
from open_spiel.python.algorithms import ismcts, mcts

import brinkmanship as bm
from brinkmanship.core.log import may_read
from brinkmanship.envs import openspiel as bos
from brinkmanship.envs.openspiel import DEAL_BYTES, BrinkmanshipState, resampler
from brinkmanship.native import NativeState
from brinkmanship.native import available as native_available
from brinkmanship.thirteen.board import CARD_NAME as TD_NAME
from brinkmanship.twilight.board import CARD_NAME as TS_NAME
from tests.test_hidden_info_scan import _all_names, _numbers, _secret_thirteen, _secret_twilight

GAMES = ("twilight", "thirteen")
SIDES = ("USSR", "US")


def load(game: str, params: dict[str, Any] | None = None) -> pyspiel.Game:
    return pyspiel.load_game(bos.short_name(game), params or {})


def random_states(game: pyspiel.Game, seed: int) -> Iterator[pyspiel.State]:
    """Every state of one random game (the same object, advanced in place)."""
    r = random.Random(seed)
    s = game.new_initial_state()
    yield s
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(r.choices(outcomes, probs)[0])
        else:
            s.apply_action(r.choice(s.legal_actions()))
        yield s


def engine(s: pyspiel.State) -> bm.State:
    e = s.engine_state
    assert e is not None
    return e


# -- registration and facts ---------------------------------------------------------------------

def test_importing_the_module_registers_both_games() -> None:
    fresh = subprocess.run([sys.executable, "-c", (
        "import pyspiel; before = set(pyspiel.registered_names()); import brinkmanship.envs.openspiel; "
        "print(sorted(set(pyspiel.registered_names()) - before))")], capture_output=True, text=True, check=True)
    assert fresh.stdout.split() == ["['python_brinkmanship_thirteen',", "'python_brinkmanship_twilight']"]
    names = pyspiel.registered_names()
    assert "python_brinkmanship_twilight" in names and "python_brinkmanship_thirteen" in names
    for game in GAMES:
        g = pyspiel.load_game(f"python_brinkmanship_{game}")
        assert isinstance(g, bos.BrinkmanshipGame) and g.get_type().short_name == f"python_brinkmanship_{game}"


@pytest.mark.parametrize("game", GAMES)
def test_game_facts_are_the_engines(game: str) -> None:
    info = bm.game_info(game)
    g = load(game)
    t = g.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.utility == (pyspiel.GameType.Utility.ZERO_SUM if info["zero_sum"]
                         else pyspiel.GameType.Utility.GENERAL_SUM)
    assert (t.utility == pyspiel.GameType.Utility.ZERO_SUM) == (game == "twilight")  # 13 Days: both may lose
    assert g.utility_sum() == (0.0 if info["zero_sum"] else None)
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert not t.provides_factored_observation_string
    assert t.min_num_players == t.max_num_players == g.num_players() == info["num_players"] == 2
    assert g.num_distinct_actions() == info["num_distinct_actions"] == bm.get_game(game).space.size
    assert g.max_game_length() == info["max_game_length"]
    assert (g.min_utility(), g.max_utility()) == (info["min_utility"], info["max_utility"]) == (-1.0, 1.0)
    assert g.max_chance_outcomes() == info["max_chance_outcomes"] + 256  # the dice, then a byte of the deal
    assert g.observation_tensor_shape() == g.information_state_tensor_shape() == info["observation_shape"]
    assert set(t.parameter_specification) == {"seed", "backend", *bm.get_game(game).option_choices}


def test_a_fixed_seed_has_no_deal_and_13_days_then_no_chance_at_all() -> None:
    ts, td = load("twilight", {"seed": 5}), load("thirteen", {"seed": 5})
    assert ts.max_chance_outcomes() == 6 and td.max_chance_outcomes() == 0
    assert ts.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert td.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    for g, name in ((ts, "twilight"), (td, "thirteen")):
        s = g.new_initial_state()
        assert not s.is_chance_node()
        assert engine(s) == bm.new_game(name, 5)
        assert g.new_initial_state().engine_state == engine(s)  # every game deals the same cards


def test_parameters_are_the_games_options() -> None:
    g = pyspiel.load_game("python_brinkmanship_thirteen(agenda_push=saito,agenda_bonus=false,seed=4)")
    assert g.get_parameters()["agenda_push"] == "saito"
    s = g.new_initial_state()
    assert engine(s) == bm.new_game("thirteen", 4, {"agenda_push": "saito", "agenda_bonus": False})
    g = load("twilight", {"events": False})
    s = g.new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    assert engine(s).data["options"] == {"events": False, "optional_cards": True}
    with pytest.raises(ValueError, match="agenda_cap"):
        load("thirteen", {"agenda_cap": "bogus"})
    with pytest.raises(ValueError, match="seed"):
        load("thirteen", {"seed": -2})
    with pytest.raises(pyspiel.SpielError, match="bogus"):
        load("twilight", {"bogus": 1})


# -- OpenSpiel's conformance test --------------------------------------------------------------

def test_random_sim_test_thirteen() -> None:
    pyspiel.random_sim_test(load("thirteen"), num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(load("thirteen", {"seed": 2, "agenda_push": "none"}), num_sims=1,
                            serialize=True, verbose=False)


def test_random_sim_test_twilight() -> None:
    # Twilight Struggle's games are long and every step serializes JSON
    # several times: one game dealt by chance, one with a fixed seed.
    pyspiel.random_sim_test(load("twilight"), num_sims=1, serialize=True, verbose=False)
    pyspiel.random_sim_test(load("twilight", {"seed": 9, "events": False}), num_sims=1,
                            serialize=True, verbose=False)


# -- chance -----------------------------------------------------------------------------------------

def test_the_deal_is_four_uniform_chance_nodes_drawing_the_seeds_bytes() -> None:
    for game in GAMES:
        g = load(game)
        dice = bm.game_info(game)["max_chance_outcomes"]
        s = g.new_initial_state()
        strings = set()
        for k, byte in enumerate((0x12, 0x34, 0x56, 0x78)):
            assert s.current_player() == pyspiel.PlayerId.CHANCE and s.engine_state is None
            outcomes = s.chance_outcomes()
            assert outcomes == [(dice + b, 1 / 256) for b in range(256)]
            assert s.legal_actions() == [a for a, _ in outcomes]
            assert s.information_state_string(0) == s.information_state_string(1) == "deal"  # chance's secret
            assert s.observation_tensor(1) == [0.0] * g.observation_tensor_size()
            strings.add(str(s))
            assert s.action_to_string(pyspiel.PlayerId.CHANCE, dice + byte) == f"deal byte {byte}"
            s.apply_action(dice + byte)
            assert len(s.history()) == k + 1
        assert len(strings) == DEAL_BYTES == 4  # each partial deal is its own state
        assert engine(s) == bm.new_game(game, 0x78563412)
        assert s.current_player() == 0  # the USSR sets up (Twilight) or chooses its agenda (13 Days)
        with pytest.raises(ValueError, match="out of range"):
            g.new_initial_state().apply_action(dice + 256)


def test_every_die_is_a_chance_node_with_six_equally_likely_faces() -> None:
    g = load("twilight")
    rolls = 0
    for seed in range(3):
        for s in random_states(g, seed):
            if s.is_chance_node() and s.engine_state is not None:
                rolls += 1
                outcomes = s.chance_outcomes()
                assert outcomes == [(k, 1 / 6) for k in range(6)]
                assert [s.action_to_string(pyspiel.PlayerId.CHANCE, k) for k in range(6)] == \
                    [f"roll {k}" for k in range(1, 7)]
                # Any face may be applied, and it is the face the engine rolls.
                for k in range(6):
                    c = s.clone()
                    c.apply_action(k)
                    e = engine(s).clone()
                    e.apply(f"roll {k + 1}")
                    assert engine(c) == e
    assert rolls > 20


# -- tensors and strings ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_tensors_are_the_engines_observation_tensor(game: str) -> None:
    g = load(game)
    shape = bm.game_info(game)["observation_shape"]
    n = 0
    for s in random_states(g, 3):
        if s.engine_state is None:
            assert s.observation_tensor(0) == [0.0] * shape[0]  # nothing is known before the deal
            continue
        if s.is_terminal() or random.Random(len(s.history())).random() < 0.2:
            for p, side in enumerate(SIDES):
                want = engine(s).observation_tensor(side)
                assert want.shape == tuple(shape)
                assert np.array_equal(np.asarray(s.observation_tensor(p), np.float32), want)
                assert np.array_equal(np.asarray(s.information_state_tensor(p), np.float32), want)
                n += 1
    assert n > 20


def _view_text(s: pyspiel.State, side: str | None, log: bool) -> dict[str, Any]:
    v = engine(s).view(side, log=log)
    v.pop("legal_actions")
    if isinstance(v.get("decision"), dict):
        v["decision"].pop("prompt", None)
    return v


@pytest.mark.parametrize("game", GAMES)
def test_strings_are_the_views(game: str) -> None:
    g = load(game)
    public = spiel_observation.make_observation(
        g, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.NONE))
    assert public.tensor is None
    for s in random_states(g, 4):
        if s.engine_state is None or random.Random(len(s.history())).random() > 0.1:
            continue
        for p, side in enumerate(SIDES):
            assert json.loads(s.observation_string(p)) == _view_text(s, side, log=False)
            assert json.loads(s.information_state_string(p)) == _view_text(s, side, log=True)
        assert json.loads(public.string_from(s, 0)) == _view_text(s, None, log=False)
    with pytest.raises(ValueError, match="supported"):
        spiel_observation.make_observation(
            g, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


class _CheckedLog(list):  # type: ignore[type-arg]
    """An engine state's log that checks each entry as the rules append it,
    against the cards secret at that moment to the sides that may read it
    (one action may play a card and reshuffle it into the draw pile: naming
    it as it is played is fine, naming it later is not)."""

    def __init__(self, state: bm.State, secret_of: Any) -> None:
        super().__init__(state.data["log"])
        self.state = state
        self.secret_of = secret_of
        self.checked = 0

    def append(self, entry: dict[str, Any]) -> None:
        d = self.state.data
        for side in SIDES:
            if may_read(entry["to"], side):
                secret = self.secret_of(self.state, side)
                if entry["to"] == side:
                    secret -= set(d["deck"])  # a side's own entries name the draw pile's cards it was shown
                leaked = set(_numbers(entry)) & secret
                assert not leaked, f"ply {d['ply']}: {side} may read {entry}, naming its secret cards {leaked}"
                self.checked += 1
        super().append(entry)


def _scan(game: str, seeds: tuple[int, ...], twin: bool = False) -> None:
    """A scanner over random games. After every action, each side's
    information-state string: no card number under a card key, and no card
    name in the decision, is a card secret to it (the draw pile, the
    opponent's hand and face-down cards); its log is exactly the entries the
    side may read (checked every tenth ply and at the end); 13 Days: the opponent's kept agenda stays hidden until it
    is revealed. Every log entry is checked as it is appended (the string
    only ever carries entries checked so).

    The appends are watched in the Python engine's log list, so the scan
    plays the Python backend; with ``twin`` the same game is played on the
    native backend beside it, whose strings must equal the scanned ones
    character for character at every step (so they leak nothing either)."""
    g = load(game, {"backend": "python"})
    twins = load(game, {"backend": "native"}) if twin else None
    secret_of = _secret_twilight if game == "twilight" else _secret_thirteen
    names = TS_NAME if game == "twilight" else TD_NAME
    pattern = _all_names(names)
    by_name = {n: c for c, n in enumerate(names) if n}
    secrets = entries = 0
    for seed in seeds:
        watched: _CheckedLog | None = None
        native = random_states(twins, seed) if twins is not None else None
        for s in random_states(g, seed):
            if native is not None:
                n = next(native)
                assert n.history() == s.history()
                for p in range(2):
                    assert n.information_state_string(p) == s.information_state_string(p), \
                        f"{game} seed {seed} after {len(s.history())} actions: player {p}'s string differs on native"
                assert isinstance(n.engine_state, NativeState) or n.engine_state is None
            e = s.engine_state
            if e is None:
                continue
            d = e.data
            if watched is None:
                watched = d["log"] = _CheckedLog(e, secret_of)
            for p, side in enumerate(SIDES):
                secret = secret_of(e, side)
                # The string is the view, then the log: the view is decoded
                # at every step, the whole log now and then (decoding it at
                # every step would make the scan quadratic).
                text = s.information_state_string(p)
                info = json.loads(text[:text.index(',"log":[')] + "}")
                where = f"{game} seed {seed} ply {d['ply']}: {side}"
                leaked = set(_numbers(info)) & secret
                assert not leaked, f"{where} reads its secret cards {leaked}"
                named = {by_name[m] for m in pattern.findall(json.dumps(info.get("decision")))}
                assert not named & secret, f"{where} reads the names of its secret cards {named & secret}"
                assert sorted(info["hand"]) == sorted(d["hands"][side])
                if d["ply"] % 10 == 0 or s.is_terminal():
                    assert json.loads(text)["log"] == [x for x in d["log"] if may_read(x["to"], side)]
                if game == "thirteen" and not d["agendas_open"]:
                    assert info["agendas"][SIDES[1 - p]]["kept"] in (None, "hidden")
                secrets += bool(secret)
        assert watched is not None
        entries += watched.checked
    assert secrets > 100 and entries > 100  # there were secrets to leak and entries to leak them


@pytest.mark.parametrize("game", GAMES)
def test_no_information_state_names_a_card_its_player_may_not_know(game: str) -> None:
    _scan(game, (5, 6))


@pytest.mark.parametrize("game", GAMES)
def test_native_information_states_are_the_scanned_ones(game: str) -> None:
    if not native_available(game):
        pytest.skip("the native core is not built here")
    _scan(game, (7,), twin=True)


def test_the_scanner_finds_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The opponent's hand slipped into a side's string is caught."""
    honest = bos.BrinkmanshipObserver.string_from

    def leaky(self: bos.BrinkmanshipObserver, state: BrinkmanshipState, player: int) -> str:
        text = honest(self, state, player)
        e = state.engine_state
        if e is None or not self.log:
            return text
        v = {"hand2": e.data["hands"][SIDES[1 - player]], **json.loads(text)}
        return json.dumps(v, separators=(",", ":"))

    monkeypatch.setattr(bos.BrinkmanshipObserver, "string_from", leaky)
    with pytest.raises(AssertionError, match="reads its secret cards"):
        _scan("thirteen", (5,))


# -- determinizations --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_determinization_looks_the_same_to_its_player(game: str) -> None:
    g = load(game)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    redealt = 0
    for s in random_states(g, 7):
        if s.engine_state is None or s.is_chance_node() or s.is_terminal():
            continue
        if random.Random(len(s.history())).random() > 0.15:
            continue
        p = s.current_player()
        mine, theirs = s.information_state_string(p), s.information_state_string(1 - p)
        r = s.resample_from_infostate(p, sampler)
        assert isinstance(r, BrinkmanshipState) and r.history() == []
        assert r.information_state_string(p) == mine
        # Its strings are its own views (the encoded log it took over included).
        for q, side in enumerate(SIDES):
            assert json.loads(r.information_state_string(q)) == _view_text(r, side, log=True)
        assert json.loads(s.information_state_string(1 - p)) == json.loads(theirs)
        assert r.observation_string(p) == s.observation_string(p)
        assert r.observation_tensor(p) == s.observation_tensor(p)
        assert r.legal_actions() == s.legal_actions()
        opp = SIDES[1 - p]
        redealt += engine(r).data["hands"][opp] != engine(s).data["hands"][opp]
        # The determinization plays on to an end of its own.
        rng = random.Random(1)
        while not r.is_terminal():
            r.apply_action(rng.choice(r.legal_actions()))  # a chance node's: its outcomes
    assert redealt >= 3  # the opponent's hidden hand was dealt anew


def test_resampling_with_a_seeded_resampler_is_reproducible() -> None:
    g = load("thirteen", {"seed": 3})
    s = next(s for s in random_states(g, 3) if all(engine(s).data["hands"][side] for side in SIDES))
    one, two, other = resampler(11)(s, 0), resampler(11)(s, 0), resampler(12)(s, 0)
    assert str(one) == str(two) != str(other)
    with pytest.raises(ValueError, match="player"):
        s.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0.0, 1.0))


# -- serialization, clones, replay -----------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_serialization_round_trips_and_the_history_replays_exactly(game: str) -> None:
    g = load(game)
    n = 0
    for s in random_states(g, 8):
        if not (s.engine_state is None or s.is_terminal() or len(s.history()) % 37 == 0):
            continue
        game_again, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, s))
        assert str(game_again) == str(g)
        assert str(again) == str(s) and again.history() == s.history()
        assert again.engine_state == s.engine_state
        assert pickle.loads(pickle.dumps(s)).engine_state == s.engine_state
        # Every random event is in the history or follows from it.
        replay = g.new_initial_state()
        for a in s.history():
            replay.apply_action(a)
        assert str(replay) == str(s)
        # A restored state and the original go on alike.
        if not s.is_terminal():
            a = s.legal_actions()[-1]
            c = s.clone()
            c.apply_action(a)
            again.apply_action(a)
            assert str(again) == str(c) and s.history() != c.history()
        n += 1
    assert n >= 3


def test_a_clone_is_independent_and_an_illegal_action_changes_nothing() -> None:
    g = load("twilight", {"seed": 1})
    s = g.new_initial_state()
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert engine(s) == bm.new_game("twilight", 1) and engine(c) != engine(s)
    legal = set(s.legal_actions())
    bad = next(a for a in range(g.num_distinct_actions()) if a not in legal)
    before = str(s)
    with pytest.raises(bm.IllegalActionError, match="legal now"):
        s.apply_action(bad)
    assert str(s) == before and s.history() == []


# -- ISMCTS with our resampler -------------------------------------------------------------------------

def _bot(g: pyspiel.Game, seed: int, sims: int) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return ismcts.ISMCTSBot(g, evaluator, uct_c=2.0, max_simulations=sims,
                            random_state=np.random.RandomState(seed))


def test_ismcts_plays_a_whole_13_days_game_with_our_resampler() -> None:
    g = load("thirteen")
    calls = [0, 0]
    bots = []
    for p in (0, 1):
        bot = _bot(g, p, sims=4)
        ours = resampler(p)

        def counted(state: pyspiel.State, player: int, ours: Any = ours, p: int = p) -> BrinkmanshipState:
            calls[p] += 1
            return ours(state, player)

        bot.set_resampler(counted)
        bots.append(bot)
    s = g.new_initial_state()
    rng = np.random.RandomState(0)
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        legal = s.legal_actions()
        action = int(bots[s.current_player()].step(s))
        assert action in legal
        s.apply_action(action)
        decisions += 1
    assert decisions > 20 and s.returns() in ([1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0])
    assert calls[0] > 20 and calls[1] > 20


def test_ismcts_decides_in_twilight_through_resample_from_infostate(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel's default path: the bot calls the state's
    ``resample_from_infostate`` with its own sampler for each simulation."""
    calls = []
    original = BrinkmanshipState.resample_from_infostate

    def counted(self: BrinkmanshipState, player: int, sampler: Any) -> BrinkmanshipState:
        calls.append(player)
        return original(self, player, sampler)

    monkeypatch.setattr(BrinkmanshipState, "resample_from_infostate", counted)
    g = load("twilight")
    bot = _bot(g, 0, sims=5)
    decided = 0
    for k, s in enumerate(random_states(g, 10)):
        if s.is_terminal() or s.is_chance_node() or decided >= 4 or k % 10 != 9:
            continue
        if len(s.legal_actions()) < 2:
            continue
        before = str(s)
        action = int(bot.step(s))
        assert action in s.legal_actions() and str(s) == before
        decided += 1
    assert decided == 4 and len(calls) == 4 * 5
