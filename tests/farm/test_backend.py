"""The farm's ``backend`` (issue 16): ``auto`` by default (native when built
for the game), ``python`` or ``native``; the same games and records either
way, the engine used recorded in the run, the summaries and the results
file; ``native`` where it is not built is a clear error."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from typer.testing import CliRunner

from brinkmanship import native
from brinkmanship.cli.main import app
from brinkmanship.cli.simulate import simulate
from brinkmanship.farm import Deal, FarmError, run_games
from brinkmanship.farm.tournament import play_tournament

NOT_BUILT = [(None, "the extension is hidden by this test")]
SEATS = {"USSR": "random", "US": "heuristic"}


def _needs_native(game: str) -> None:
    if not native.available(game):
        pytest.skip(f"the native core is not built for {game} here")


@pytest.fixture
def no_native() -> Iterator[None]:
    with mock.patch.object(native, "_LOADED", NOT_BUILT):
        yield


GAMES = ["thirteen", "twilight"]


@pytest.mark.parametrize("game", GAMES)
def test_native_and_python_farms_give_the_same_records(game: str) -> None:
    _needs_native(game)
    n = 6 if game == "thirteen" else 2
    deals = [Deal(k, 50 + k, dict(SEATS) if k % 2 else {"USSR": "heuristic", "US": "random"}) for k in range(n)]
    py = run_games(game, {}, deals, workers=1, backend="python")
    nat = run_games(game, {}, deals, workers=2, batch_size=1, backend="native")
    assert (py.engine, nat.engine) == ("python", "native")
    assert nat.records == py.records
    assert [r.actions for r in nat.records] == [r.actions for r in py.records]


def test_auto_is_native_where_built() -> None:
    run = run_games("thirteen", {}, [Deal(0, 1, {"USSR": "random", "US": "random"})], workers=1)
    assert run.engine == ("native" if native.available("thirteen") else "python")


def test_native_not_built_is_a_clear_error(no_native: None) -> None:
    with pytest.raises(FarmError, match=r"the native backend is not available.*scripts/bootstrap\.sh"):
        run_games("thirteen", {}, [Deal(0, 1, {"USSR": "random", "US": "random"})], workers=1, backend="native")
    assert run_games("thirteen", {}, [Deal(0, 1, {"USSR": "random", "US": "random"})], workers=1).engine == "python"
    with pytest.raises(ValueError, match="unknown backend"):
        run_games("thirteen", {}, [], workers=1, backend="rust")


def test_simulate_and_tournament_record_the_engine(tmp_path: Path) -> None:
    _needs_native("thirteen")
    a = simulate("thirteen", 3, 9, {}, dict(SEATS), backend="python")
    b = simulate("thirteen", 3, 9, {}, dict(SEATS), backend="native")
    assert (a.engine, b.engine) == ("python", "native") and a.games == b.games
    t = play_tournament("thirteen", {}, ["random", "heuristic"], 2, seed=4, workers=1, backend="native")
    assert t.run.engine == "native"
    assert t.records == play_tournament("thirteen", {}, ["random", "heuristic"], 2, seed=4, workers=1,
                                        backend="python").records


def test_the_cli_option(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "t.jsonl"
    r = runner.invoke(app, ["tournament", "thirteen", "-b", "random,heuristic", "-n", "2", "-w", "1",
                            "--backend", "python", "--out", str(out)])
    assert r.exit_code == 0, r.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["engine"] == "python" and lines[-1]["engine"] == "python"
    r = runner.invoke(app, ["simulate", "thirteen", "-n", "2", "-w", "1", "--backend", "python"])
    assert r.exit_code == 0 and "Python engine" in r.output, r.output
    r = runner.invoke(app, ["simulate", "thirteen", "-n", "2", "--backend", "rust"])
    assert r.exit_code == 2 and "unknown backend" in r.output


def test_the_cli_refuses_native_when_not_built(no_native: None) -> None:
    r = CliRunner().invoke(app, ["simulate", "thirteen", "-n", "2", "-w", "1", "--backend", "native"])
    assert r.exit_code == 2 and "native backend is not available" in r.output, r.output
