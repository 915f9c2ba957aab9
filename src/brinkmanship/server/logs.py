"""Structured logs: one JSON object per line, one line per request and per game event.

Lines go to standard error through the standard ``logging`` module (logger
``brinkmanship.server``), so any log shipper reads them. A line never holds
a token, an action's text or anything else a seat must not learn: the log
of a running game is read by operators, not by the seats.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import sys
from typing import Any

logger = logging.getLogger("brinkmanship.server")


class JsonFormatter(logging.Formatter):
    """``{"ts", "level", "event", ...fields}`` on one line."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        out.update(getattr(record, "fields", {}))
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str, ensure_ascii=False)


def setup(level: str = "info") -> None:
    """Send the server's lines (and uvicorn's own) to standard error as JSON."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name in ("brinkmanship.server", "uvicorn", "uvicorn.error"):
        lg = logging.getLogger(name)
        lg.handlers[:] = [handler]
        lg.setLevel(level.upper())
        lg.propagate = False


def event(name: str, level: int = logging.INFO, **fields: Any) -> None:
    """Log one event with its fields."""
    if logger.isEnabledFor(level):
        logger.log(level, name, extra={"fields": fields})


def error(name: str, **fields: Any) -> None:
    """Log an unexpected failure with its traceback."""
    logger.error(name, exc_info=True, extra={"fields": fields})
