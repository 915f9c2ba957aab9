"""The server's settings: command-line options, else ``BRINK_*`` variables,
else these defaults (docs/server.md lists them all)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs


def check_backend(value: str) -> str:
    """``value`` as a server backend (lower case), or ``ValueError``: an
    unknown name, or ``native`` when the native core lacks one of the games
    (the message says what is missing)."""
    from brinkmanship import native
    from brinkmanship.core.game import PLUGINS

    chosen = str(value).strip().lower()
    if chosen not in native.BACKEND_CHOICES:
        raise ValueError(f"backend must be one of {', '.join(native.BACKEND_CHOICES)}, not {value!r}")
    if chosen == "native":
        for game in sorted(PLUGINS):
            try:
                native.native_class(game)
            except native.NativeUnavailableError as exc:
                raise ValueError(f"backend native: {exc}") from None
    return chosen


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
    #: The engine games are played on (``BRINK_BACKEND``, ``--backend``):
    #: ``auto`` (the native core for each game it is built for, else the
    #: Python engine), ``python`` or ``native`` (refused at start when it is
    #: not built for every game). Views are computed by the same Python code
    #: either way, so players see exactly the same thing.
    backend: str = "auto"

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
        self.backend = check_backend(self.backend)

    @property
    def workers(self) -> int:
        """Bot worker processes to start."""
        return self.bot_workers or max(1, os.cpu_count() or 1)
