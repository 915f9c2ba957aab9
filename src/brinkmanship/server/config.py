"""The server's settings: command-line options, else ``BRINK_*`` variables,
else these defaults (docs/server.md lists them all)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs


def default_database() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    return str(Path(platformdirs.user_data_dir("brinkmanship")) / "server.sqlite3")


@dataclass
class Settings:
    """Everything an operator may set."""

    host: str = "127.0.0.1"
    port: int = 8000
    #: A SQLAlchemy URL, ``postgresql://...`` or a SQLite file path.
    database_url: str = field(default_factory=default_database)
    #: Processes that run bot moves (0: one per core, at least 1). Several
    #: let a fast bot move while a slow one (a long ISMCTS budget) thinks.
    bot_workers: int = 0
    #: The largest request body and WebSocket message, in bytes.
    max_body: int = 65536
    #: The longest a bot seat may think per decision (an ISMCTS time budget).
    max_bot_seconds: float = 30.0
    #: The most ISMCTS iterations per decision a bot seat may ask for.
    max_bot_iters: int = 200_000
    #: The most search processes one bot seat may use.
    max_bot_workers: int = 2
    #: Keep a state snapshot at most every this many plies (0: never).
    snapshot_every: int = 64
    #: Games kept in memory when no one is connected to them.
    cache_games: int = 2000
    #: SQLite's ``synchronous``: FULL survives a power cut, NORMAL only a crash of the server.
    sqlite_synchronous: str = "FULL"
    #: The address players reach the server at (join links); default: the request's own.
    public_url: str | None = None
    #: Games listed to spectators per page, at most.
    max_page: int = 100
    #: How long the server waits, at shutdown, for transactions in flight.
    shutdown_seconds: float = 10.0
    log_level: str = "info"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Defaults, then ``BRINK_<NAME>`` variables (``BRINK_DATABASE_URL``,
        ``BRINK_BOT_WORKERS`` ...), then ``overrides`` that are not None."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get("BRINK_" + f.name.upper())
            if raw is None or raw == "":
                continue
            kind = type(getattr(cls(), f.name)) if f.name != "public_url" else str
            try:
                values[f.name] = kind(raw)
            except ValueError:
                raise ValueError(f"BRINK_{f.name.upper()}={raw!r} is not a valid {kind.__name__}") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        s = cls(**values)
        s.check()
        return s

    def check(self) -> None:
        """Refuse values that cannot work, naming them."""
        if not 0 < self.port < 65536:
            raise ValueError(f"port must be 1-65535, not {self.port}")
        if self.bot_workers < 0:
            raise ValueError("bot_workers must be 0 (one per core) or more")
        if self.max_body < 1024:
            raise ValueError("max_body must be at least 1024 bytes")
        if self.snapshot_every < 0:
            raise ValueError("snapshot_every must be 0 (never) or more")

    @property
    def workers(self) -> int:
        """Bot worker processes to start."""
        return self.bot_workers or max(1, os.cpu_count() or 1)
