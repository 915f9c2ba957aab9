"""The batched vector environment: the very results of the sync form, step
by step; seeds, autoreset modes, errors from a worker, and shutdown."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from gymnasium.error import ClosedEnvironmentError, ResetNeeded
from gymnasium.vector import AutoresetMode, VectorEnv

from brinkmanship.envs import gym as bgym
from brinkmanship.envs.vector import BatchedVectorEnv


def same(a: Any, b: Any) -> bool:
    """Deep equality of two infos (dicts of arrays, object arrays of
    observations, dicts, strings and numbers), dtypes included."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        if not isinstance(b, np.ndarray) or a.dtype != b.dtype or a.shape != b.shape:
            return False
        if a.dtype == object:
            return all(same(x, y) for x, y in zip(a, b, strict=True))
        return bool(np.array_equal(a, b))
    return type(a) is type(b) and bool(a == b)


def lockstep(game: str, num_envs: int, workers: int, steps: int, seed: int,
             mode: AutoresetMode = AutoresetMode.SAME_STEP, **kwargs: Any) -> int:
    """Step the sync and the batched forms with the same random legal ids;
    every return must be equal. Returns how many games ended."""
    sync = bgym.make_vec(game, num_envs, "sync", autoreset_mode=mode, **kwargs)
    rng = np.random.default_rng(seed)
    with bgym.make_vec(game, num_envs, "batched", workers=workers, autoreset_mode=mode, **kwargs) as batched:
        obs_a, info_a = sync.reset(seed=seed)
        obs_b, info_b = batched.reset(seed=seed)
        assert np.array_equal(obs_a, obs_b) and same(info_a, info_b)
        ended = 0
        for _ in range(steps):
            masks = info_a["action_mask"]
            if mode == AutoresetMode.NEXT_STEP:
                masks = np.where(masks.any(axis=1, keepdims=True), masks, 1)  # any id resets a finished game
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            a = sync.step(actions)
            b = batched.step(actions)
            assert np.array_equal(a[0], b[0]) and a[0].dtype == b[0].dtype
            for x, y in zip(a[1:4], b[1:4], strict=True):
                assert np.array_equal(x, y) and x.dtype == y.dtype
            assert same(a[4], b[4]), (a[4].keys(), b[4].keys())
            info_a = a[4]
            ended += int(np.sum(a[2] | a[3]))
    sync.close()
    assert isinstance(batched, BatchedVectorEnv) and batched.exitcodes == [0] * workers
    return ended


@pytest.mark.parametrize(("game", "steps"), [("thirteen", 150), ("twilight", 400)])
def test_equals_the_sync_form_step_by_step(game: str, steps: int) -> None:
    # 5 games over 2 workers: slices of 3 and 2. Games end and reset on
    # their own steps (final_obs / final_info), sides drawn per episode.
    ended = lockstep(game, 5, 2, steps, seed=11, side="random")
    assert ended >= 2


def test_equals_the_sync_form_with_next_step_autoreset() -> None:
    assert lockstep("thirteen", 3, 2, 120, seed=4, mode=AutoresetMode.NEXT_STEP) >= 1


def test_equals_the_sync_form_with_illegal_lose() -> None:
    # Some ids illegal: the episode ends with -1 and info["illegal_action"].
    sync = bgym.make_vec("thirteen", 4, "sync", illegal="lose")
    with bgym.make_vec("thirteen", 4, "batched", workers=2, illegal="lose") as batched:
        sync.reset(seed=1)
        batched.reset(seed=1)
        actions = np.array([0, 1, 2, 3])
        a, b = sync.step(actions), batched.step(actions)
        assert np.array_equal(a[1], b[1]) and same(a[4], b[4])
        assert (a[1] == -1).any() and "illegal_action" in b[4]["final_info"]
    sync.close()


def test_seeds_lists_none_and_the_reset_mask() -> None:
    with bgym.make_vec("thirteen", 3, "batched", workers=2) as envs:
        sync = bgym.make_vec("thirteen", 3, "sync")
        assert np.array_equal(envs.reset(seed=[5, 9, 2])[0], sync.reset(seed=[5, 9, 2])[0])
        obs, info = envs.reset()  # unseeded: each game draws its own
        assert obs.shape == envs.observation_space.shape and info["_action_mask"].all()
        envs.reset(seed=3)
        sync.reset(seed=3)
        mask = np.array([False, True, False])
        obs_a, info_a = sync.reset(seed=[None, 40, None], options={"reset_mask": mask})
        obs_b, info_b = envs.reset(seed=[None, 40, None], options={"reset_mask": mask})
        assert np.array_equal(obs_a, obs_b) and same(info_a, info_b)
        with pytest.raises(ValueError, match="2 seeds for 3"):
            envs.reset(seed=[1, 2])
        sync.close()


def test_an_illegal_id_raises_the_engines_error_then_reset_recovers() -> None:
    single = bgym.make("thirteen")
    _obs, info = single.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(bgym.IllegalStepError) as expected:
        single.step(illegal)
    envs = bgym.make_vec("thirteen", 4, "batched", workers=2)
    _obs, info = envs.reset(seed=0)  # game 0 is the single env's game
    actions = info["action_mask"].argmax(axis=1)
    actions[0] = illegal
    with pytest.raises(bgym.IllegalStepError) as raised:
        envs.step(actions)
    assert str(raised.value) == str(expected.value)
    assert raised.value.__dict__ == expected.value.__dict__
    with pytest.raises(ResetNeeded):
        envs.step(actions)
    _obs, info = envs.reset(seed=0)
    envs.step(info["action_mask"].argmax(axis=1))  # steps again
    envs.close()
    assert isinstance(envs, BatchedVectorEnv) and envs.exitcodes == [0, 0]
    with pytest.raises(ClosedEnvironmentError):
        envs.step(actions)
    envs.close()  # again: nothing to do


def test_non_integer_actions_raise_before_any_game_moves() -> None:
    with bgym.make_vec("thirteen", 2, "batched", workers=2) as envs:
        obs, info = envs.reset(seed=2)
        with pytest.raises(bgym.IllegalStepError, match="integer"):
            envs.step(np.array([0.0, 1.0]))
        with pytest.raises(ValueError, match="shape"):
            envs.step(np.array([0, 1, 2]))
        again = envs.step(info["action_mask"].argmax(axis=1))  # nothing was stepped: no reset needed
        assert again[0].shape == obs.shape


def test_a_gymnasium_vector_env_with_the_sync_forms_spaces() -> None:
    sync = bgym.make_vec("twilight", 3, "sync")
    made = bgym.make_vec("twilight", 3, "batched", workers=1)
    assert isinstance(made, BatchedVectorEnv) and made.num_workers == 1
    made.close()
    with BatchedVectorEnv("twilight", 3) as envs:
        assert isinstance(envs, VectorEnv)
        assert envs.num_workers == min(os.cpu_count() or 1, 3)
        for name in ("single_observation_space", "single_action_space", "observation_space", "action_space"):
            assert getattr(envs, name) == getattr(sync, name), name
        assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        _obs, info = envs.reset(seed=0)
        masks = envs.call("action_masks")
        assert np.array_equal(np.stack(masks), info["action_mask"].astype(bool))
        assert envs.get_attr("game") == ("twilight",) * 3
        envs.set_attr("illegal", "lose")
        assert envs.get_attr("illegal") == ("lose",) * 3
    sync.close()


def test_bad_arguments_fail_in_this_process() -> None:
    with pytest.raises(ValueError, match="side"):
        bgym.make_vec("thirteen", 2, "batched", side="neither")
    with pytest.raises(ValueError, match="workers"):
        bgym.make_vec("thirteen", 2, "batched", workers=3)
    with pytest.raises(ValueError, match="workers"):
        bgym.make_vec("thirteen", 2, "sync", workers=1)


def test_spawned_workers_work_and_exit_cleanly() -> None:
    envs = BatchedVectorEnv("thirteen", 2, workers=2, context="spawn")
    _obs, info = envs.reset(seed=0)
    _obs, rewards, _t, _u, _info = envs.step(info["action_mask"].argmax(axis=1))
    assert rewards.shape == (2,)
    envs.close()
    assert envs.exitcodes == [0, 0]
