"""Every test here runs on both backends (see ``tests/conftest.py``)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _on_each_backend(backend: str) -> str:
    """Makes ``backend`` (parametrized: python, native) apply to every test here."""
    return backend
