"""A small tournament on a local Ray instance gives the games of the local farm."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brinkmanship.cli import savefile
from brinkmanship.cli.main import app
from brinkmanship.farm import Deal, FarmError, RayFarm, run_games
from brinkmanship.farm.tournament import play_tournament, schedule

try:
    import ray
except ImportError:
    if os.environ.get("CI"):  # CI installs the extra (scripts/bootstrap.sh): never skip there
        raise
    pytest.skip("Ray is the optional extra 'ray' (scripts/bootstrap.sh installs it)", allow_module_level=True)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """Two CPUs, no dashboard; shut down after this file's tests."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_a_tournament_on_ray_matches_the_local_farm(local_ray: None) -> None:
    # With an iteration-budgeted search bot (a tiny budget: strength does not matter here).
    bots = ["random", "heuristic", "ismcts:iters=3,depth=2"]
    on_ray = play_tournament("thirteen", {}, bots, 2, seed=12, ray=True, batch_size=1)
    here = play_tournament("thirteen", {}, bots, 2, seed=12, workers=1)
    pool = play_tournament("thirteen", {}, bots, 2, seed=12, workers=2, batch_size=4)
    assert on_ray.run.backend == "Ray local instance, 2 CPUs"
    assert on_ray.records == here.records == pool.records
    assert on_ray.standings == here.standings
    assert ray.is_initialized()  # a Ray someone else started is left running


def test_ray_results_come_back_in_index_order_with_progress_per_batch(local_ray: None) -> None:
    deals = schedule(["random", "heuristic"], 6, seed=1)
    seen: list[int] = []
    with RayFarm() as farm:
        run = run_games("thirteen", {}, deals, farm, batch_size=4, on_progress=lambda rs: seen.append(len(rs)))
    assert [r.index for r in run.records] == list(range(6))
    assert sorted(seen) == [2, 4]


def test_brink_tournament_with_ray_uses_the_running_instance(local_ray: None, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    result = CliRunner().invoke(app, ["tournament", "thirteen", "--bots", "random,heuristic", "-n", "2", "--ray",
                                      "--seed", "12", "--out", str(out)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "on Ray local instance, 2 CPUs" in result.output
    here = play_tournament("thirteen", {}, ["random", "heuristic"], 2, seed=12, workers=1)
    assert [savefile.load_game(out, r.index).actions for r in here.records] == [r.actions for r in here.records]


def test_a_failing_game_on_ray_names_its_index_and_seed(local_ray: None) -> None:
    deals = [Deal(0, 1, {"USSR": "random", "US": "random"}), Deal(1, 2, {"USSR": "random:x=1", "US": "random"})]
    with pytest.raises(FarmError, match=r"^game 1 \(seed 2, USSR random:x=1, US random\) failed: ValueError"):
        run_games("thirteen", {}, deals, ray=True, batch_size=1)
