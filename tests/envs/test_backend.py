"""The environments' ``backend`` (issue 16): every environment takes
``backend="auto"`` (native when built for the game), ``"python"`` or
``"native"``, and gives the same observations, masks and rewards on both
for the same seeds and actions; ``native`` where it is not built is a clear
error (``NativeUnavailableError``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import numpy as np
import pytest

import brinkmanship as bm
from brinkmanship import native
from brinkmanship.envs.driver import Driver
from brinkmanship.envs.gym import BrinkEnv, make_vec
from brinkmanship.envs.pettingzoo import env, parallel_env

NOT_BUILT = [(None, "the extension is hidden by this test")]
GAMES = ["thirteen", "twilight"]


def _needs_native(game: str) -> None:
    if not native.available(game):
        pytest.skip(f"the native core is not built for {game} here")


@pytest.fixture
def no_native() -> Iterator[None]:
    with mock.patch.object(native, "_LOADED", NOT_BUILT):
        yield


def _aec(game: str, backend: str, steps: int) -> list[Any]:
    e = env(game, backend=backend)
    e.reset(seed=11)
    assert isinstance(e.unwrapped.game_state, native.NativeState) == (backend == "native")
    rng = np.random.default_rng(5)
    out: list[Any] = []
    for agent in e.agent_iter(max_iter=steps):
        obs, reward, term, trunc, _info = e.last()
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term, trunc))
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_gives_the_same_observations_and_rewards(game: str) -> None:
    _needs_native(game)
    steps = 2000 if game == "thirteen" else 300
    assert _aec(game, "native", steps) == _aec(game, "python", steps)


def _parallel(game: str, backend: str) -> list[Any]:
    e = parallel_env(game, backend=backend)
    obs, _ = e.reset(seed=3)
    rng = np.random.default_rng(2)
    out: list[Any] = []
    for _ in range(150):
        if not e.agents:
            break
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
        obs, rewards, terms, truncs, _ = e.step(acts)
        out.append(({a: o["observation"].tobytes() for a, o in obs.items()}, rewards, terms, truncs))
    return out


def _gym(game: str, backend: str, opponent: str) -> list[Any]:
    e = BrinkEnv(game, opponent=opponent, backend=backend)
    assert e.spec is not None and e.spec.kwargs["backend"] == backend
    obs, _ = e.reset(seed=4)
    rng = np.random.default_rng(1)
    out: list[Any] = [obs.tobytes()]
    for _ in range(300):
        obs, reward, term, trunc, _ = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        out.append((obs.tobytes(), reward, term, trunc))
        if term or trunc:
            break
    e.close()
    return out


@pytest.mark.parametrize("game", GAMES)
def test_gym_and_parallel_give_the_same_results(game: str) -> None:
    _needs_native(game)
    for opponent in ("random", "heuristic"):
        assert _gym(game, "native", opponent) == _gym(game, "python", opponent)
    assert _parallel(game, "native") == _parallel(game, "python")


def _vector(backend: str) -> list[Any]:
    with make_vec("thirteen", 2, "batched", workers=2, backend=backend) as v:
        assert v.backend == backend
        obs, info = v.reset(seed=8)
        out: list[Any] = [obs.tobytes()]
        rng = np.random.default_rng(3)
        for _ in range(40):
            acts = [int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]]
            obs, rewards, terms, truncs, info = v.step(np.array(acts))
            out.append((obs.tobytes(), rewards.tobytes(), terms.tobytes(), truncs.tobytes()))
    return out


def test_the_batched_vector_env_gives_the_same_results() -> None:
    _needs_native("thirteen")
    assert _vector("native") == _vector("python")


def test_openspiel_game_parameter() -> None:
    _needs_native("thirteen")
    pyspiel = pytest.importorskip("pyspiel")
    from brinkmanship.envs import openspiel as bos

    runs = []
    for backend in ("python", "native"):
        g = pyspiel.load_game(bos.short_name("thirteen"), {"backend": backend})
        assert g.get_parameters()["backend"] == backend
        s = g.new_initial_state()
        rng = np.random.default_rng(4)
        out = []
        while not s.is_terminal():
            if s.is_chance_node():
                a = int(rng.choice([o for o, _ in s.chance_outcomes()]))
            else:
                a = int(rng.choice(s.legal_actions()))
                out.append((s.information_state_string(), s.observation_tensor()))
            s.apply_action(a)
        out.append(s.returns())
        assert isinstance(s.engine_state, native.NativeState) == (backend == "native")
        runs.append(out)
    assert runs[0] == runs[1]


def test_driver_reset_to_keeps_its_engine() -> None:
    _needs_native("thirteen")
    d = Driver("thirteen", backend="native")
    d.reset_to(bm.new_game("thirteen", 2, backend="python"))
    assert isinstance(d.state, native.NativeState)
    p = Driver("thirteen", backend="python")
    p.reset_to(bm.new_game("thirteen", 2, backend="native"))
    assert type(p.state) is bm.State and p.state.to_json() == d.state.to_json() and p.ply == d.ply


def test_native_not_built_is_a_clear_error(no_native: None) -> None:
    with pytest.raises(native.NativeUnavailableError, match="the native backend is not available"):
        env("thirteen", backend="native")
    with pytest.raises(native.NativeUnavailableError, match="the native backend is not available"):
        BrinkEnv("thirteen", backend="native")
    assert Driver("thirteen").backend == "python"  # auto
    with pytest.raises(ValueError, match="unknown backend"):
        Driver("thirteen", backend="rust")
