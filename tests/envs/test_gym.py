"""The Gymnasium environments: Gymnasium's own checker, seeds, rewards, who
moves when, illegal ids, truncation, the vectorised forms and the docs' page."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import brinkmanship as bm
from brinkmanship.bots import RandomBot, derive_seed
from brinkmanship.envs import gym as bgym
from brinkmanship.envs.driver import Driver
from brinkmanship.farm.tasks import play_game

GAMES = ("thirteen", "twilight")
DOC = Path(__file__).resolve().parents[2] / "docs" / "gymnasium.md"


def pick(rng: np.random.Generator, mask: np.ndarray) -> int:
    """A uniformly random legal id: the agent sees only the mask."""
    legal = np.flatnonzero(mask)
    assert len(legal) > 0
    return int(legal[rng.integers(len(legal))])


def episode(env: gymnasium.Env[Any, Any], seed: int | None, rng: np.random.Generator) -> list[Any]:
    """One whole episode with a masked random agent: every observation, mask and reward."""
    obs, info = env.reset(seed=seed)
    trace: list[Any] = [info["side"], obs.tobytes(), info["action_mask"].tobytes()]
    while True:
        obs, reward, terminated, truncated, info = env.step(pick(rng, info["action_mask"]))
        trace += [obs.tobytes(), info["action_mask"].tobytes(), reward]
        if terminated or truncated:
            return trace


# -- Gymnasium's checker ------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes(game: str) -> None:
    # check_env steps with unmasked samples of the action space, nearly all
    # illegal, so it runs with illegal="lose" (illegal="raise" would stop it
    # at its first step, which is that option's point). Its only remarks
    # are on the unbounded observation Box, which is on purpose.
    for env in (gymnasium.make(bgym.ENV_IDS[game], illegal="lose").unwrapped,
                bgym.make(game, side="random", illegal="lose")):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env)
        remarks = sorted(str(w.message) for w in caught)
        assert len(remarks) == 2, remarks
        assert "maximum value is infinity" in remarks[0] and "minimum value is -infinity" in remarks[1]


@pytest.mark.parametrize("game", GAMES)
def test_spaces_fit_the_game(game: str) -> None:
    env = bgym.make(game)
    info = bm.game_info(game)
    assert env.action_space == gymnasium.spaces.Discrete(info["num_distinct_actions"])
    assert env.observation_space.shape == tuple(info["observation_shape"])
    assert env.observation_space.dtype == np.float32
    obs, first = env.reset(seed=1)
    assert obs in env.observation_space and first["action_mask"].dtype == np.int8
    assert np.array_equal(first["action_mask"], env.action_masks())


# -- seeds ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_seed_repeats_the_episode_and_the_ones_after_it(game: str) -> None:
    def run(seed: int) -> list[Any]:
        env = bgym.make(game, side="random", opponent="heuristic")
        rng = np.random.default_rng(5)
        return [episode(env, seed, rng), episode(env, None, rng), episode(env, None, rng)]

    first = run(3)
    assert run(3) == first
    assert run(4) != first
    assert first[1] != first[2]  # unseeded resets draw new games


def test_side_random_is_drawn_per_episode_from_the_seed() -> None:
    env = bgym.make("thirteen", side="random")
    sides = [env.reset(seed=s)[1]["side"] for s in range(12)]
    assert set(sides) == {"USSR", "US"}
    assert sides == [env.reset(seed=s)[1]["side"] for s in range(12)]
    assert env.reset(seed=0, options={"side": "US"})[1]["side"] == "US"
    for bad in ({"side": "NATO"}, {"seat": "US"}):
        with pytest.raises(ValueError):
            env.reset(seed=0, options=bad)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_a_seeded_reset_plays_the_farms_game_for_that_seed(game: str, opponent: str) -> None:
    # The agent plays as RandomBot would with the farm's seed for its side:
    # the whole game is the one the farm plays for that seed and those seats.
    seed = 11
    env = bgym.make(game, side="US", opponent=opponent)
    agent = RandomBot(derive_seed(seed, "US"))
    env.reset(seed=seed)
    terminated = False
    while not terminated:
        action = agent.choose({}, env.state.legal_actions())
        _obs, _r, terminated, truncated, _info = env.step(action.id)
        assert not truncated
    final, _record = play_game(game, seed, {}, {"USSR": opponent, "US": "random"})
    assert env.state.to_json() == final.to_json()


# -- rewards and turns --------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_reward_is_zero_until_the_end_then_the_sides_return(game: str) -> None:
    env = bgym.make(game, side="random")
    rng = np.random.default_rng(0)
    finals = set()
    for seed in range(6):
        _obs, info = env.reset(seed=seed)
        while True:
            _obs, reward, terminated, truncated, info = env.step(pick(rng, info["action_mask"]))
            assert not truncated
            if terminated:
                break
            assert reward == 0.0
        assert env.state.is_terminal
        assert reward == env.state.returns()[env.side] == info["returns"][env.side]
        assert info["result"] == env.state.result
        assert not info["action_mask"].any() and not env.action_masks().any()
        finals.add(reward)
    assert finals - {0.0}  # a decided game among them


@pytest.mark.parametrize("game", GAMES)
def test_the_opponent_moves_on_its_turns_the_agent_on_its_own(game: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    env = bgym.make(game, side="US", opponent="heuristic")
    movers: list[str | None] = []
    step = Driver.step

    def recording_step(driver: Driver, action: int) -> None:
        movers.append(driver.to_move)
        step(driver, action)

    asked: list[str] = []
    decide = bgym.decide

    def recording_decide(bot: Any, state: bm.State, side: str) -> Any:
        assert state.current_player == side
        asked.append(side)
        return decide(bot, state, side)

    monkeypatch.setattr(Driver, "step", recording_step)
    monkeypatch.setattr(bgym, "decide", recording_decide)
    rng = np.random.default_rng(2)
    obs, info = env.reset(seed=9)
    agent_steps = 0
    while True:
        # Every agent decision is the US's, observed from the US's side only.
        assert env.state.current_player == "US"
        assert np.array_equal(obs, env.state.observation_tensor("US"))
        assert np.flatnonzero(info["action_mask"]).tolist() == env.state.legal_action_ids()
        obs, _r, terminated, truncated, info = env.step(pick(rng, info["action_mask"]))
        agent_steps += 1
        if terminated or truncated:
            break
    assert set(asked) == {"USSR"}
    assert movers.count("US") == agent_steps
    assert movers.count("USSR") == len(asked) > 0
    assert "chance" not in movers and None not in movers


# -- illegal ids and truncation -------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_id_raises_and_changes_nothing(game: str) -> None:
    env = bgym.make(game)
    _obs, info = env.reset(seed=4)
    before = env.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for bad in (illegal, env.action_space.n, -1, 1.5, "pass", True, None):
        with pytest.raises(bm.IllegalActionError):
            env.step(bad)
        assert env.state.to_json() == before
    _obs, reward, terminated, _t, _i = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.state.to_json() != before and reward == 0.0 and not terminated


def test_the_illegal_error_names_the_legal_actions() -> None:
    env = bgym.make("thirteen")
    env.reset(seed=4)
    with pytest.raises(bm.IllegalActionError) as caught:
        env.step(int(np.flatnonzero(env.action_masks() == 0)[0]))
    assert caught.value.legal == [a.text for a in env.state.legal_actions()]
    assert "legal now: agenda" in str(caught.value)


@pytest.mark.parametrize("game", GAMES)
def test_illegal_lose_ends_the_episode_with_minus_one(game: str) -> None:
    env = bgym.make(game, illegal="lose")
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    _obs, info = env.reset(seed=4)
    before = env.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    assert env.state.to_json() == before and not info["action_mask"].any()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(illegal)
    env.reset(seed=4)
    assert env.state.to_json() == before


@pytest.mark.parametrize(("game", "cap"), [("thirteen", 40), ("twilight", 60)])
def test_truncated_at_max_game_length(game: str, cap: int) -> None:
    env = bgym.make(game, max_game_length=cap)
    rng = np.random.default_rng(0)
    _obs, info = env.reset(seed=1)
    steps = 0
    while True:
        _obs, reward, terminated, truncated, info = env.step(pick(rng, info["action_mask"]))
        steps += 1
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert not env.state.is_terminal and env.state.data["ply"] >= cap > steps
    assert bgym.make(game).max_game_length == bm.game_info(game)["max_game_length"]


def test_bad_arguments_fail_at_construction() -> None:
    for kwargs in ({"side": "NATO"}, {"illegal": "ignore"}, {"opponent": "nobody"}, {"max_game_length": 0},
                   {"no_such_option": True}, {"render_mode": "human"}):
        with pytest.raises(ValueError):
            bgym.make("thirteen", **kwargs)


# -- opponents --------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_gymnasium_make_with_an_opponent_spec_plays_a_game(game: str, opponent: str) -> None:
    env = gymnasium.make(bgym.ENV_IDS[game], opponent=opponent, side="random")
    assert env.unwrapped.opponent.name == opponent
    trace = episode(env, 21, np.random.default_rng(1))
    assert env.unwrapped.state.is_terminal
    assert trace[-1] == env.unwrapped.state.returns()[trace[0]]
    env.close()


# -- vectorised ------------------------------------------------------------------------------
def run_vector(envs: gymnasium.vector.VectorEnv, steps: int, same_step: bool) -> int:
    """Step ``envs`` with masked random actions; return the episodes ended."""
    rng = np.random.default_rng(0)
    _obs, info = envs.reset(seed=0)
    ended = 0
    for _ in range(steps):
        masks = info["action_mask"]
        assert np.array_equal(masks.astype(bool), np.stack(envs.call("action_masks")))
        actions = np.array([pick(rng, m) if m.any() else 0 for m in masks])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert obs.shape == (envs.num_envs, *envs.single_observation_space.shape)
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            ended += 1
            # Same step: the finished game's last info is beside the new game's
            # mask; next step: it is the info, and the next step resets.
            last = info["final_info"] if same_step else info
            assert rewards[i] == last["returns"][last["side"][i]][i]
            assert info["action_mask"][i].any() == same_step
        assert (rewards[~terminated] == 0).all()
    return ended


@pytest.mark.parametrize("game", GAMES)
def test_sync_vector_steps_and_autoresets(game: str) -> None:
    envs = bgym.make_vec(game, 3, "sync")
    assert run_vector(envs, 300, same_step=True) >= 3
    envs.close()


def test_gymnasium_make_vec_with_the_registered_id() -> None:
    envs = gymnasium.make_vec(bgym.ENV_IDS["thirteen"], num_envs=2, vectorization_mode="sync",
                              opponent="heuristic")
    assert run_vector(envs, 200, same_step=False) >= 2
    envs.close()


@pytest.mark.parametrize("context", ["fork", "spawn"])
def test_async_vector_steps_autoresets_and_shuts_down(context: str) -> None:
    envs = bgym.make_vec("thirteen", 2, "async", context=context)
    assert isinstance(envs, gymnasium.vector.AsyncVectorEnv)
    assert run_vector(envs, 200, same_step=True) >= 2
    processes = list(envs.processes)
    envs.close()
    for p in processes:
        p.join(timeout=10)
    assert [(p.is_alive(), p.exitcode) for p in processes] == [(False, 0)] * 2


def test_an_illegal_id_in_a_worker_raises_the_engines_error_here() -> None:
    envs = bgym.make_vec("thirteen", 2, "async", context="fork")
    _obs, info = envs.reset(seed=0)
    bad = [int(np.flatnonzero(m == 0)[0]) for m in info["action_mask"]]
    level = gymnasium.logger.min_level
    gymnasium.logger.min_level = gymnasium.logger.ERROR + 1  # the worker's traceback, logged as it stops
    try:
        with pytest.raises(bm.IllegalActionError, match="legal now: agenda") as caught:
            envs.step(np.array(bad))
    finally:
        gymnasium.logger.min_level = level
        envs.close(terminate=True)
    assert caught.value.legal and caught.value.action.game == "thirteen"


# -- the page ------------------------------------------------------------------------------------
def test_the_docs_snippets_play_an_episode_then_a_vector() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 3
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], str(DOC), "exec"), namespace)  # our own documentation
    state = namespace["env"].unwrapped.state
    assert namespace["terminated"] and state.is_terminal
    assert namespace["reward"] == state.returns()[namespace["info"]["side"]]
    exec(compile(blocks[1], str(DOC), "exec"), namespace)
    assert namespace["obs"].shape == (4, *namespace["envs"].single_observation_space.shape)
    assert namespace["envs"].closed
    exec(compile(blocks[2], str(DOC), "exec"), namespace)  # the batched form
    assert namespace["obs"].shape == (8, *namespace["envs"].single_observation_space.shape)
    assert namespace["envs"].closed and namespace["envs"].exitcodes == [0, 0]
