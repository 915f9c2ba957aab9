"""Alembic's environment: runs the migrations on the connection the server
hands over (``config.attributes["connection"]``), or on ``sqlalchemy.url``."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from brinkmanship.server.db import metadata

config = context.config


def _run(conn: sa.Connection) -> None:
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


conn = config.attributes.get("connection")
if conn is not None:
    _run(conn)
else:
    engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as c:
        _run(c)
