"""The database: tables, engines for SQLite and PostgreSQL, migrations.

Truth is the action list. ``games`` holds what a game was started with (game,
options, seed) and where it stands (status, ``ply``: the number of history
rows); ``actions`` is append-only and holds every accepted action, chance
rolls and undos included, keyed by ``(game_id, ply)`` so that the database
itself refuses a second row for one ply; ``seats`` holds each seat's kind
(human or a bot spec) and the SHA-256 of a human seat's token; ``snapshots``
holds the state JSON at some plies and is only a cache: deleting every
snapshot loses nothing.

The schema is owned by Alembic (``migrations/``); :func:`migrate` brings any
database to the newest revision when the server starts.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(16), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # "running" or "over"
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("listed", sa.Boolean, nullable=False),
    sa.Column("winner", sa.String(16)),
    sa.Column("result", sa.String(32)),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("side", sa.String(16), primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # "human" or "bot"
    sa.Column("bot", sa.String(200)),  # the bot spec of a bot seat
    sa.Column("token_hash", sa.String(64), unique=True),  # a human seat's SHA-256(token), hex
)

actions = sa.Table(
    "actions", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),  # 1, 2, ...: the row's place in the history
    sa.Column("seat", sa.String(16), nullable=False),  # a side, or "chance"
    sa.Column("kind", sa.String(8), nullable=False),  # "action" or "undo"
    sa.Column("action_id", sa.Integer),
    sa.Column("text", sa.String(200)),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

snapshots = sa.Table(
    "snapshots", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("state", sa.Text, nullable=False),
)

sa.Index("ix_games_status_updated", games.c.status, games.c.updated_at)


def normalize_url(url: str) -> str:
    """A database URL as SQLAlchemy wants it: ``postgresql://`` and
    ``postgres://`` use psycopg 3, a bare path is a SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return "sqlite:///" + str(Path(url).expanduser())
    return url


def dialect_of(url: str) -> str:
    """``"sqlite"`` or ``"postgresql"`` (what the health check reports)."""
    return sa.engine.make_url(normalize_url(url)).get_backend_name()


def make_engine(url: str, sqlite_synchronous: str = "FULL") -> Engine:
    """An engine for ``url``. SQLite runs in WAL mode (readers never wait
    for the writer) with ``synchronous`` FULL by default, so that a
    committed action survives a crash of the machine, not only of the
    server; writers wait up to 30 s for each other instead of failing."""
    url = normalize_url(url)
    backend = sa.engine.make_url(url).get_backend_name()
    kwargs: dict[str, Any] = {}
    if backend == "sqlite":
        path = sa.engine.make_url(url).database
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
        kwargs["pool_size"] = 8
        kwargs["max_overflow"] = 8
    else:
        kwargs["pool_size"] = 10
        kwargs["max_overflow"] = 20
        kwargs["pool_pre_ping"] = True
    engine = sa.create_engine(url, **kwargs)
    if backend == "sqlite":
        sync = sqlite_synchronous.upper()
        if sync not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"SQLite synchronous must be OFF, NORMAL, FULL or EXTRA, not {sqlite_synchronous!r}")

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

    return engine


MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(engine: Engine | None = None) -> Any:
    """The Alembic configuration of the server's migrations (no ini file:
    the script location is the package's own folder)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if engine is not None:
        cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return cfg


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest revision."""
    from alembic import command

    cfg = alembic_config(engine)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def revision(engine: Engine) -> str | None:
    """The database's current Alembic revision (``None``: no schema yet)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


@contextlib.contextmanager
def scratch_database(admin_url: str, prefix: str = "brink_scratch_") -> Iterator[str]:
    """A new, empty PostgreSQL database beside ``admin_url``'s, dropped
    (connections and all) on leaving: what the tests and the load benchmark
    run on, so that they never touch a real one."""
    name = prefix + uuid.uuid4().hex[:12]
    engine = sa.create_engine(normalize_url(admin_url), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with engine.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()
