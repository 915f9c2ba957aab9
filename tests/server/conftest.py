"""Fixtures of the server tests: real databases, in-process apps, real server processes.

Every persistence test runs twice, on a SQLite file and on a fresh database
of a real PostgreSQL server (``BRINK_TEST_POSTGRES_URL``, which ``./test``
gets from ``scripts/postgres.sh``). Without that variable the PostgreSQL
runs are skipped, unless ``BRINK_REQUIRE_POSTGRES=1`` (set by ``./test``, so
CI), which makes them fail instead: CI never passes without PostgreSQL.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from brinkmanship.server.app import create_app
from brinkmanship.server.config import Settings
from brinkmanship.server.db import scratch_database

ROOT = Path(__file__).resolve().parents[2]
DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def postgres_admin_url() -> str:
    url = os.environ.get("BRINK_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("BRINK_REQUIRE_POSTGRES") == "1":
            pytest.fail("BRINK_TEST_POSTGRES_URL is not set: run ./test, or scripts/postgres.sh")
        pytest.skip("no PostgreSQL server: set BRINK_TEST_POSTGRES_URL (scripts/postgres.sh prints one)")
    return url


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "server.sqlite3")
        return
    with scratch_database(postgres_admin_url(), "brink_test_") as url:
        yield url


def settings_for(db: str, **kw: Any) -> Settings:
    """Test settings: small worker pool; SQLite still syncs in full."""
    kw.setdefault("bot_workers", 1)
    return Settings.from_env(environ={}, database_url=db, **kw)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app in this process, started (migrations run) on ``db_url``."""
    with TestClient(create_app(settings_for(db_url))) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``brink serve`` in a process of its own, on a free port."""

    def __init__(self, db: str, log: Path, **env: str) -> None:
        self.db = db
        self.log_path = log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "BRINK_DATABASE_URL": db, "BRINK_PORT": str(self.port),
                    "BRINK_BOT_WORKERS": "1", **env}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> ServerProcess:
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "brinkmanship.cli.main", "serve"], env=self.env,
                                     stdout=log, stderr=log, cwd=str(ROOT))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = self.log_path.read_text()[-3000:]
                raise RuntimeError(f"the server exited with {self.proc.returncode}: {log}")
            try:
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer in {timeout} s: {self.log_path.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(30)

    def stop(self) -> int:
        """SIGTERM (a graceful shutdown); the exit code."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        return self.proc.returncode


@pytest.fixture
def server_process(db_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    """A started ``brink serve`` on ``db_url``; stopped afterwards."""
    srv = ServerProcess(db_url, tmp_path / "server.log").start()
    try:
        yield srv
    finally:
        srv.stop()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: Any, game: str = "thirteen", ussr: str = "human", us: str = "human", **body: Any) -> dict[str, Any]:
    """Create a game and return the answer (ids and tokens)."""
    r = client.post("/api/games", json={"game": game, "seats": {"USSR": ussr, "US": us}, **body})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]
