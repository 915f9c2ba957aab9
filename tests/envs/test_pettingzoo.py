"""The PettingZoo environments: PettingZoo's own conformance tests for both
games and both turn modes, then the promises of docs/pettingzoo.md one by
one (rewards, truncation, illegal actions, seeds, masks, hidden
information)."""

from __future__ import annotations

import random
import warnings
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)
from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec

import brinkmanship as bm
from brinkmanship.envs import pettingzoo as pz

GAMES = ["thirteen", "twilight"]


def play(env: pz.BrinkmanshipEnv, rng: random.Random, limit: int = 10_000) -> list[Any]:
    """Play the env to its end with random legal ids chosen from the masks;
    return the ids sent (``None`` for the dead steps)."""
    sent: list[Any] = []
    for _agent in env.agent_iter(limit):
        obs, _reward, term, trunc, _info = env.last()
        action = None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        env.step(action)
        sent.append(action)
    return sent


def quietly(test: Any, *args: Any, **kwargs: Any) -> None:
    """Run a PettingZoo test without its advice warnings, which are about
    conventions we depart from on purpose (agents named USSR/US, not
    player_0; dict observations, which it allows only for its own games)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        test(*args, **kwargs)


# -- PettingZoo's own tests --------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_api_test_natural_turns(game: str) -> None:
    # Decisions, one per iteration: 400 cycles of 2 agents play one game through.
    quietly(api_test, pz.env(game), num_cycles=400)


@pytest.mark.parametrize("game", GAMES)
def test_api_test_cycle_turns(game: str) -> None:
    # One decision per cycle, so as many cycles as a random game has decisions.
    quietly(api_test, pz.env(game, turns="cycle"), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("turns", ["natural", "cycle"])
def test_seed_test(game: str, turns: str) -> None:
    seed_test(lambda: pz.env(game, turns=turns), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles_test(game: str) -> None:
    """``max_cycles_test`` samples actions without masks and needs every
    agent to step exactly ``max_cycles`` times before both are truncated:
    strict alternation, which our games do not have (the USSR places six
    set-up influence in a row). The cycle mode gives it (every cycle, both
    step once, the one not deciding sends ``wait``) and the spaces' unmasked
    ``sample()`` draws legal ids, so it is the mode this test runs."""
    mod = SimpleNamespace(env=partial(pz.env, game, turns="cycle"), parallel_env=partial(pz.parallel_env, game))
    max_cycles_test(mod)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api_test(game: str) -> None:
    quietly(parallel_api_test, pz.parallel_env(game), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_seed_test(game: str) -> None:
    parallel_seed_test(lambda: pz.parallel_env(game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoos_conversions_of_the_cycle_mode(game: str) -> None:
    """The cycle mode is what PettingZoo's wrappers expect: every agent steps
    once a cycle and a game ends only with a cycle, so ``aec_to_parallel``
    of it passes the parallel tests, and ``parallel_to_aec`` of
    ``parallel_env`` the AEC ones."""
    quietly(parallel_api_test, aec_to_parallel(pz.env(game, turns="cycle")), num_cycles=1000)
    quietly(api_test, parallel_to_aec(pz.parallel_env(game)), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_env_is_the_cycle_mode(game: str) -> None:
    """Same seed, same actions: ``parallel_env`` and PettingZoo's own
    conversion of the cycle-mode AEC env give the same observations,
    rewards, terminations and truncations at every step."""
    ours = pz.parallel_env(game)
    theirs = aec_to_parallel(pz.env(game, turns="cycle"))
    a, _ = ours.reset(seed=21)
    b, _ = theirs.reset(seed=21)
    rng = random.Random(21)
    from gymnasium.utils.env_checker import data_equivalence

    assert data_equivalence(a, b)
    while ours.agents:
        actions = {x: rng.choice(np.flatnonzero(a[x]["action_mask"]).tolist()) for x in ours.agents}
        first = ours.step(actions)
        second = theirs.step(actions)
        assert data_equivalence(first[:4], tuple(dict(x) for x in second[:4]))
        a = first[0]
    assert not theirs.agents


# -- rewards and the end of a game --------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("turns", ["natural", "cycle"])
def test_rewards_are_the_returns_at_the_end(game: str, turns: str) -> None:
    env = pz.env(game, turns=turns)
    env.reset(seed=11)
    rng = random.Random(11)
    seen: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            seen[agent] = reward
            env.step(None)
            continue
        # In the cycle mode a decision that ends the game still has the US wait.
        assert reward == 0 and (not env.game_state.is_terminal or (turns == "cycle" and agent == "US"))
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    state = env.game_state
    assert state.is_terminal and not env.agents
    assert seen == state.returns()
    assert sorted(seen.values()) in ([-1.0, 1.0], [0.0, 0.0], [-1.0, -1.0])


def test_thirteen_both_lose() -> None:
    """A nuclear war both sides trigger: both rewards -1 (13 Days is not
    zero-sum). Every marker is in DEFCON 1 with one card left to play."""
    defcon = {"Military": 8, "Political": 8, "World Opinion": 8}
    start = bm.from_position("thirteen", {"round": 1, "phase": "plays", "next": "USSR",
                                          "plays": {"US": 4, "USSR": 3},
                                          "defcon": {"US": defcon, "USSR": defcon}})
    env = pz.env("thirteen")
    env.reset(seed=0, options={"state": start})
    assert env.game_state == start and env.game_state is not start
    play(env, random.Random(0))
    assert env.game_state.result == "nuclear_war"
    assert env.game_state.returns() == {"USSR": -1.0, "US": -1.0}
    env.reset(seed=0, options={"state": start})
    rewards = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term:
            rewards[agent] = reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert rewards == {"USSR": -1.0, "US": -1.0}


# -- truncation -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_natural_turns_truncate_after_max_cycles_decisions(game: str) -> None:
    env = pz.env(game, max_cycles=7)
    env.reset(seed=3)
    movers = []
    rng = random.Random(3)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if trunc:
            assert not term and reward == 0
            env.step(None)
            continue
        movers.append(agent)
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert len(movers) == 7
    if game == "twilight":
        assert movers == ["USSR"] * 6 + ["US"]  # the USSR's six set-up influence, in a row
    assert not env.game_state.is_terminal


def test_default_cap_is_the_games_longest_game() -> None:
    for game in GAMES:
        assert pz.env(game).max_cycles == bm.game_info(game)["max_game_length"]
        assert pz.parallel_env(game, max_cycles=9).max_cycles == 9
    for bad in (0, -3, 2.5, True, "9"):
        with pytest.raises(ValueError, match="max_cycles"):
            pz.env("thirteen", max_cycles=bad)
    env = pz.env("thirteen")
    env.max_cycles = np.int64(12)
    assert env.max_cycles == 12 and type(env.max_cycles) is int
    with pytest.raises(ValueError, match="max_cycles"):
        env.max_cycles = 0


# -- illegal actions --------------------------------------------------------------------------
def snapshot(env: pz.BrinkmanshipEnv) -> tuple[Any, ...]:
    obs = {a: {k: v.copy() for k, v in env.observe(a).items()} for a in pz.AGENTS}
    return (env.agent_selection, env.game_state.to_json(), obs, dict(env.rewards),
            dict(env._cumulative_rewards), dict(env.terminations), dict(env.truncations))


def same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    from gymnasium.utils.env_checker import data_equivalence

    return bool(data_equivalence(a, b))


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_id_raises_and_changes_nothing(game: str) -> None:
    env = pz.env(game)
    env.reset(seed=5)
    before = snapshot(env)
    legal = env.game_state.legal_action_ids()
    illegal = next(i for i in range(env.action_space("USSR").n) if i not in legal)
    size = bm.get_game(game).space.size
    for bad in (illegal, np.int64(illegal), size, -1, 2.0, None, "pass", True):
        with pytest.raises(bm.IllegalActionError) as info:
            env.step(bad)
        text = str(info.value) + "".join(getattr(info.value, "__notes__", []))
        assert "legal now" in text and f"legal ids now: {legal[0]}" in text, text
        assert same(snapshot(env), before)
    env.step(legal[0])  # still playable
    assert env.game_state.to_json() != before[1]


@pytest.mark.parametrize("game", GAMES)
def test_cycle_mode_wait_is_the_waiters_only_action(game: str) -> None:
    env = pz.env(game, turns="cycle")
    env.reset(seed=2)
    size = bm.get_game(game).space.size
    assert env.action_space("US").n == size + 1
    # The USSR decides first in both games, so the US waits in the first cycle.
    assert env.agent_selection == "USSR" and env.game_state.current_player == "USSR"
    before = snapshot(env)
    with pytest.raises(bm.IllegalActionError, match="wait"):
        env.step(size)
    assert same(snapshot(env), before)
    env.step(env.game_state.legal_action_ids()[0])
    assert env.agent_selection == "US"
    mask = env.observe("US")["action_mask"]
    assert np.flatnonzero(mask).tolist() == [size]
    before = snapshot(env)
    with pytest.raises(bm.IllegalActionError, match="only legal action is wait"):
        env.step(0)
    assert same(snapshot(env), before)
    env.step(size)
    assert env.agent_selection == "USSR"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("turns", ["natural", "cycle"])
def test_illegal_lose_ends_the_game_against_the_offender(game: str, turns: str) -> None:
    env = pz.env(game, turns=turns, illegal="lose")
    env.reset(seed=4)
    agent = env.agent_selection
    other = "US" if agent == "USSR" else "USSR"
    position = env.game_state.to_json()
    bad = env.action_space(agent).n + 5
    env.step(bad)
    if turns == "cycle":
        # The game ends with the cycle: the other agent still waits once.
        assert agent == "USSR" and env.agent_selection == "US" and not any(env.terminations.values())
        assert np.flatnonzero(env.observe("US")["action_mask"]).tolist() == [env.action_space("US").n - 1]
        env.step(env.action_space("US").n - 1)
    assert env.terminations == {"USSR": True, "US": True}
    assert env._cumulative_rewards == {agent: -1.0, other: 1.0}
    assert env.infos[agent] == {"illegal_action": bad}
    assert env.game_state.to_json() == position  # the refused action was not applied
    assert not env.observe(agent)["action_mask"].any()
    rewards = {}
    for a in env.agent_iter():
        rewards[a] = env.last()[1]
        env.step(None)
    assert rewards == {agent: -1.0, other: 1.0}


def test_parallel_illegal_raise_and_lose() -> None:
    par = pz.parallel_env("thirteen")
    par.reset(seed=1)
    size = bm.get_game("thirteen").space.size
    position = par.game_state.to_json()
    with pytest.raises(bm.IllegalActionError, match="only legal action is wait"):
        par.step({"USSR": par.game_state.legal_action_ids()[0], "US": 3})
    with pytest.raises(bm.IllegalActionError, match="its action is missing"):
        par.step({"US": size})
    assert par.game_state.to_json() == position
    lose = pz.parallel_env("thirteen", illegal="lose")
    lose.reset(seed=1)
    _, rewards, terms, truncs, infos = lose.step({"USSR": lose.game_state.legal_action_ids()[0], "US": 3})
    assert rewards == {"US": -1.0, "USSR": 1.0} and all(terms.values()) and not any(truncs.values())
    assert infos["US"] == {"illegal_action": 3} and lose.agents == []
    assert lose.game_state.to_json() == position


# -- seeds ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_seeds_reproduce_whole_games(game: str) -> None:
    def run(seed: int | None, first: int) -> tuple[list[Any], str]:
        env = pz.env(game)
        env.reset(seed=first)
        if seed is None:  # a second game: its seed is drawn from the first one
            play(env, random.Random(1))
        env.reset(seed=seed)
        for i, a in enumerate(pz.AGENTS):
            env.action_space(a).seed(100 + i)
        sent = []
        for agent in env.agent_iter():
            _, _, term, trunc, _ = env.last()
            action = None if term or trunc else env.action_space(agent).sample()
            sent.append(action)
            env.step(action)
        return sent, env.game_state.to_json()

    assert run(8, 8) == run(8, 8)
    assert run(None, 8) == run(None, 8)
    assert run(None, 8) != run(None, 9)
    # reset(seed=s) plays bm.new_game(game, s), chance answered from it.
    env = pz.env(game)
    env.reset(seed=123)
    fresh = bm.new_game(game, 123)
    while fresh.is_chance:
        fresh.apply(fresh.game.chance_action(fresh.data))
    assert env.game_state == fresh


# -- masks, sampling, observations -------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_masks_are_the_legal_ids(game: str) -> None:
    for turns in ("natural", "cycle"):
        env = pz.env(game, turns=turns)
        env.reset(seed=6)
        rng = random.Random(6)
        size = bm.get_game(game).space.size
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            state = env.game_state
            other = "US" if agent == "USSR" else "USSR"
            ids = np.flatnonzero(obs["action_mask"]).tolist()
            if agent == state.current_player and (turns == "natural" or ids != [size]):
                assert ids == state.legal_action_ids()
                assert obs["action_mask"].dtype == np.int8
            else:
                assert turns == "cycle" and ids == [size]
            if turns == "natural":
                assert not env.observe(other)["action_mask"].any()
            for _ in range(3):
                assert int(env.action_space(agent).sample()) in ids
            env.step(rng.choice(ids))


@pytest.mark.parametrize("game", GAMES)
def test_observation_is_the_agents_view_only(game: str) -> None:
    """Hidden information stays hidden: each agent's observation equals the
    tensor of a determinization for that agent (hands, deck and agendas
    dealt anew), at every position of a game."""
    env = pz.env(game)
    shape = (bm.game_info(game)["observation_shape"][0],)
    for seed in (9, 10, 11):
        env.reset(seed=seed)
        rng = random.Random(seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            for side in pz.AGENTS:
                tensor = env.observe(side)["observation"]
                assert tensor.dtype == np.float32 and tensor.shape == shape
                np.testing.assert_array_equal(tensor, env.game_state.resample(side, rng).observation_tensor(side))
                assert env.observation_space(side).contains(env.observe(side))
            env.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


# -- options, rendering, the parallel env ------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_game_options_pass_through(game: str) -> None:
    choices = bm.get_game(game).option_choices
    assert not set(pz.ENV_KEYWORDS) & set(choices)
    name, values = next(iter(choices.items()))
    env = pz.env(game, **{name: values[1]})
    env.reset(seed=0)
    assert env.game_state.data["options"][name] == values[1]
    with pytest.raises(ValueError):
        pz.env(game, no_such_option=True)
    with pytest.raises(ValueError, match="turns"):
        pz.env(game, turns="alternate")


@pytest.mark.parametrize("game", GAMES)
def test_render_shows_the_position_in_text(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    env = pz.env(game, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert ("Twilight Struggle" if game == "twilight" else "13 Days") in text
    human = pz.env(game, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert text in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES)
def test_parallel_game_to_the_end(game: str) -> None:
    par = pz.parallel_env(game)
    obs, _ = par.reset(seed=12)
    size = bm.get_game(game).space.size
    steps = 0
    while par.agents:
        mover = par.game_state.current_player
        assert np.flatnonzero(obs[mover]["action_mask"]).tolist() == par.game_state.legal_action_ids()
        waiter = "US" if mover == "USSR" else "USSR"
        assert np.flatnonzero(obs[waiter]["action_mask"]).tolist() == [size]
        actions = {a: par.action_space(a).sample() for a in par.agents}
        assert actions[waiter] == size
        obs, rewards, terms, truncs, _ = par.step(actions)
        steps += 1
    assert all(terms.values()) and not any(truncs.values())
    assert rewards == par.game_state.returns()
    assert steps == par._t.driver.steps  # one decision per step


@pytest.mark.parametrize("game", GAMES)
def test_an_env_pickles_mid_game(game: str) -> None:
    """Worker processes (vectorised training) receive environments by
    pickle: the copy goes on exactly as the original."""
    import pickle

    env = pz.env(game, turns="cycle")
    env.reset(seed=30)
    play(env, random.Random(30), limit=40)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game_state == env.game_state and copy.agent_selection == env.agent_selection
    assert play(copy, random.Random(31)) == play(env, random.Random(31))
    assert copy.game_state == env.game_state
