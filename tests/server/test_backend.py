"""The server's ``backend`` setting (issue 16): ``auto`` by default, from
``BRINK_BACKEND`` or ``brink serve --backend``; ``native`` refused at start
when the native core is not built. A game created on the native backend
plays through the API exactly as on the Python one: the same views, for
each seat and a spectator, after every action of the same seeded game.

The whole-game leak scan on native is in ``test_leaks.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from fastapi.testclient import TestClient

import brinkmanship as bm
from brinkmanship import native
from brinkmanship.server import service as server_service
from brinkmanship.server.app import create_app
from brinkmanship.server.config import Settings
from brinkmanship.server.live import LiveGame
from tests.server.conftest import auth, create, settings_for

SEED = 424242
NOT_BUILT = [(None, "the extension is hidden by this test")]


def _needs_native(game: str) -> None:
    if not native.available(game):
        pytest.skip(f"the native core is not built for {game} here ({bm.backends()['native_missing']})")


@pytest.fixture
def no_native() -> Iterator[None]:
    """The native core as if it were not built."""
    with mock.patch.object(native, "_LOADED", NOT_BUILT):
        yield


def test_the_backend_setting_comes_from_the_environment_and_options() -> None:
    assert Settings.from_env(environ={}).backend == "auto"
    assert Settings.from_env(environ={"BRINK_BACKEND": "Python"}).backend == "python"
    assert Settings.from_env(environ={"BRINK_BACKEND": "native"}, backend="python").backend == "python"
    with pytest.raises(ValueError, match="backend must be one of python, native, auto"):
        Settings.from_env(environ={"BRINK_BACKEND": "rust"})


def test_native_refused_at_start_when_not_built(no_native: None) -> None:
    with pytest.raises(ValueError, match="backend native: the native backend is not available"):
        Settings.from_env(environ={"BRINK_BACKEND": "native"})
    assert Settings.from_env(environ={}).backend == "auto"  # auto: the Python engine


def test_auto_without_the_native_core_plays_on_python(no_native: None, tmp_path: Path) -> None:
    with TestClient(create_app(settings_for(str(tmp_path / "db.sqlite3")))) as client:
        g = create(client, "thirteen")
        live: LiveGame = client.app.state.service.games[g["id"]]  # type: ignore[attr-defined]
        assert type(live.state) is bm.State


def _play(backend: str, game: str, db: Path, moves: int) -> list[dict[str, Any]]:
    """A seeded game through the API on ``backend``: every answer each seat
    and a spectator get, after each of ``moves`` actions (drawn by a fixed
    generator from the mover's own legal list)."""
    out: list[dict[str, Any]] = []
    settings = settings_for(str(db), backend=backend)
    with mock.patch.object(server_service.secrets, "randbelow", lambda n: SEED), \
            TestClient(create_app(settings)) as client:
        g = create(client, game)
        gid, tokens = g["id"], {s: v["token"] for s, v in g["seats"].items()}
        live: LiveGame = client.app.state.service.games[gid]  # type: ignore[attr-defined]
        assert (type(live.state) is not bm.State) == (backend == "native")
        rng = random.Random(7)
        for _ in range(moves):
            views = {}
            for seat in ("USSR", "US", None):
                r = client.get(f"/api/games/{gid}", headers=auth(tokens[seat]) if seat else {})
                assert r.status_code == 200, r.text
                views[seat or "spectator"] = {k: v for k, v in r.json().items() if k != "id"}
            out.append(views)
            st = views["spectator"]
            if st["status"] != "running":
                break
            side = st["to_move"]
            action = rng.choice(views[side]["view"]["legal_actions"])
            r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[side]),
                            json={"action": action, "ply": st["ply"]})
            assert r.status_code == 200, r.text
    return out


@pytest.mark.parametrize("game", ["thirteen", "twilight"])
def test_a_native_game_plays_with_the_python_views(game: str, tmp_path: Path) -> None:
    _needs_native(game)
    moves = 400 if game == "thirteen" else 120
    on_python = _play("python", game, tmp_path / "py.sqlite3", moves)
    on_native = _play("native", game, tmp_path / "native.sqlite3", moves)
    assert len(on_native) == len(on_python)
    for k, (a, b) in enumerate(zip(on_python, on_native, strict=True)):
        assert a == b, f"the views differ after {k} actions"
