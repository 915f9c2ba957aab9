"""The learning example learns: its short run (``--quick``) beats its own
untrained policy against the random bot by a margin chance cannot explain,
saves the weights it reports on, and draws a real PNG (docs/learning.md).

The example lives outside the package, in examples/learn_thirteen.py; it is
loaded here from its file, as a reader would run it.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytest.importorskip("matplotlib")  # the plot needs the research extra; the training does not
from PIL import Image

EXAMPLE = Path(__file__).resolve().parents[2] / "examples/learn_thirteen.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("learn_thirteen", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


learn = _load()


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("learn_thirteen")
    return out, learn.main(["--quick", "--out", str(out)])


def test_quick_run_beats_its_untrained_policy(quick_run: tuple[Path, dict[str, Any]]) -> None:
    _, result = quick_run
    before, after = result["curve"][0], result["curve"][-1]
    assert before["trained_games"] == 0 and after["trained_games"] > 0
    # The same evaluation deals, both sides, before and after.
    n = before["all"]["games"]
    assert n == after["all"]["games"] == 2 * result["settings"]["eval_deals"]
    w0, w1 = before["all"]["wins"], after["all"]["wins"]
    # Two-proportion z-test under "training changed nothing" (both rates equal
    # the pooled one). z > 3.5 happens by chance less than once in 4000 runs
    # (one-sided); sharing the deals only makes the two rates more alike.
    pooled = (w0 + w1) / (2 * n)
    z = (w1 - w0) / n / math.sqrt(2 * pooled * (1 - pooled) / n)
    assert z > 3.5, f"win rate {w0 / n:.3f} -> {w1 / n:.3f} on {n} games: z = {z:.2f}"


def test_saved_weights_are_the_ones_evaluated(quick_run: tuple[Path, dict[str, Any]]) -> None:
    out, result = quick_run
    policy = learn.Policy.load(out / "policy.npz")
    again = learn.evaluate(learn.Players(1), policy, result["settings"]["eval_deals"])
    # Evaluation is a function of the weights and the seeds alone.
    assert again["all"]["wins"] == result["curve"][-1]["all"]["wins"]
    assert again["USSR"] == result["curve"][-1]["USSR"]


def test_curve_and_plot_are_written(quick_run: tuple[Path, dict[str, Any]]) -> None:
    out, result = quick_run
    assert json.loads((out / "curve.json").read_text(encoding="utf-8")) == json.loads(json.dumps(result))
    png = out / "learning_curve.png"
    with Image.open(png) as image:
        image.verify()  # raises on a truncated or corrupt file
    with Image.open(png) as image:
        assert image.format == "PNG"
        assert image.width >= 400 and image.height >= 300


def test_gradients_match_finite_differences() -> None:
    rng = np.random.default_rng(7)
    policy = learn.Policy(5, 6, hidden=3, seed=1)
    for key, value in policy.params.items():
        policy.params[key] = (0.5 * rng.standard_normal(value.shape)).astype(np.float32)
    episodes = []
    for outcome, legals in ((1.0, [[0, 2, 5], [1, 3]]), (-1.0, [[0, 1, 2, 3, 4, 5], [2, 4], [0, 5]])):
        ep = learn.Episode()
        ep.outcome = outcome
        for legal in legals:
            ep.inputs.append(rng.standard_normal(5).astype(np.float32))
            ep.legal.append(legal)
            ep.chosen.append(int(rng.integers(len(legal))))
        episodes.append(ep)
    beta = 0.05
    grads, _ = learn.gradients(policy, episodes, beta)

    fixed = {k: v.astype(np.float64) for k, v in policy.params.items()}
    decisions = [(x.astype(np.float64), legal, k, ep.outcome)
                 for ep in episodes for x, legal, k in zip(ep.inputs, ep.legal, ep.chosen, strict=True)]

    def loss(p: dict[str, np.ndarray]) -> float:
        # The surrogate: the advantage is a constant (from the fixed weights);
        # the baseline's own loss is the squared error of its estimate.
        total = 0.0
        for x, legal, k, g in decisions:
            advantage = g - (fixed["v"] @ x + fixed["v0"][0])
            h = np.tanh(p["w1"] @ x + p["b1"])
            z = p["w2"][legal] @ h + p["b2"][legal]
            logp = z - (z.max() + np.log(np.exp(z - z.max()).sum()))
            entropy = -(np.exp(logp) * logp).sum()
            value = p["v"] @ x + p["v0"][0]
            total += -advantage * logp[k] - beta * entropy + 0.5 * (g - value) ** 2
        return total / len(decisions)

    eps = 1e-6
    for key, analytic in grads.items():
        numeric = np.zeros(analytic.shape)
        for i in np.ndindex(analytic.shape):
            plus = {k: v.copy() for k, v in fixed.items()}
            minus = {k: v.copy() for k, v in fixed.items()}
            plus[key][i] += eps
            minus[key][i] -= eps
            numeric[i] = (loss(plus) - loss(minus)) / (2 * eps)
        np.testing.assert_allclose(analytic, numeric, rtol=1e-3, atol=1e-5, err_msg=key)


def test_a_game_is_a_function_of_its_seeds() -> None:
    policy = learn.Policy.for_game(hidden=8, seed=3)
    policy.params["w2"] += np.float32(0.1)  # not uniform, so the draws matter
    first = learn.play(policy, 12, "US", stream=0, record=True)
    again = learn.play(policy, 12, "US", stream=0, record=True)
    assert first.chosen and first.chosen == again.chosen and first.legal == again.legal
    assert first.outcome == again.outcome and first.result == again.result
    assert all(np.array_equal(a, b) for a, b in zip(first.inputs, again.inputs, strict=True))


def test_untrained_policy_plays_uniformly_and_the_docstrings_hold() -> None:
    import brinkmanship as bm

    policy = learn.Policy.for_game(seed=5)
    state = bm.new_game("thirteen", 4)
    while state.is_chance:
        state.apply(state.game.chance_action(state.data))
    side = state.current_player
    assert side is not None
    legal = state.legal_action_ids()
    probs = policy.probabilities(state.observation_tensor(side), legal)
    np.testing.assert_allclose(probs, np.full(len(legal), 1 / len(legal)), rtol=1e-6)
    assert doctest.testmod(learn).failed == 0
