"""Shared test configuration: the two backends of the rules tests.

A rules test module that uses the fixture ``on_backend`` (``pytestmark =
pytest.mark.usefixtures("on_backend")``) is collected twice, ids ``[python]``
and ``[native]``: every rules module under ``tests/twilight`` (the card
tests in ``tests/twilight/cards`` too), ``tests/thirteen`` (its card tests
in ``tests/thirteen/cards`` too) and ``tests/core``. The fixture sets
``BRINK_BACKEND``, so each ``bm.new_game`` / ``bm.load`` /
``bm.from_position`` of the test (and of its helpers) makes a state of that
backend. A test that walks random games reads the state through the API
(views, ``log_entries``, ``json.loads(state.to_json())``) rather than
``state.data``: handed out, ``data`` puts a native state on its slow path
(a JSON round trip per action, see ``NativeState``).

The ``native`` run is skipped, saying what is missing, when the extension
is not built here, unless ``BRINK_REQUIRE_NATIVE=1`` (CI): then it fails.

A test that makes no state (pure data, helpers, scans of the Python
sources) gains nothing from a second run, and a test of Python-only
internals (a wrapped or spied-on Python rules function, a frame pushed by
the Python rules) cannot have one: the marker ``python_backend("why")`` (on
the test, or ``pytestmark`` on the module beside ``usefixtures``) runs it
once, on the Python backend. The fuzz modules are such too: the
differential harness (``tests/native``) plays native against Python.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

import brinkmanship.native as nat

#: The backends a rules test runs on, as ids.
BACKENDS = ("python", "native")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "python_backend(reason): a rules test run on the Python backend only (it makes no state, "
        "or it checks Python-only internals: the reason says which)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "on_backend" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("python_backend")
    if marker is not None:
        if not (marker.args or marker.kwargs.get("reason")):
            raise pytest.UsageError(f"{metafunc.definition.nodeid}: python_backend needs a reason")
        return  # not parametrized: the fixture's default is python
    metafunc.parametrize("on_backend", BACKENDS, indirect=True)


def native_missing() -> str | None:
    """Why the native backend cannot play both games here (``None``: it can)."""
    if all(nat.available(game) for game in nat.CLASSES):
        return None
    return str(nat.backends()["native_missing"] or "the extension is not built")


@pytest.fixture
def on_backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The backend of this run of a rules test (``BRINK_BACKEND`` is set to it)."""
    name: str = getattr(request, "param", "python")
    if name == "native":
        why = native_missing()
        if why is not None:
            if os.environ.get("BRINK_REQUIRE_NATIVE") == "1":
                pytest.fail(f"the native backend is required (BRINK_REQUIRE_NATIVE=1) but missing: {why}",
                            pytrace=False)
            pytest.skip(f"the native backend is not built here: {why}")
    monkeypatch.setenv(nat.BACKEND_ENV, name)
    yield name
