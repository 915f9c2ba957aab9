"""The game server: online play over HTTP and WebSocket, with real persistence.

``brink serve`` runs :func:`brinkmanship.server.app.create_app` with uvicorn;
docs/server.md describes the API, the configuration and how to run it.
"""

from __future__ import annotations

from brinkmanship.server.app import create_app
from brinkmanship.server.config import Settings

__all__ = ["Settings", "create_app"]
