"""Fixtures of the native-backend tests.

Each test that takes ``engine`` runs twice per game: on ``fake`` (the
Python stand-in of the extension, ``fake_native``: it tests the wrapper
``brinkmanship.native`` wherever the extension is not built) and on
``real`` (the compiled extension; skipped, saying what is missing, when
it or the game's class is not built).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

import brinkmanship.native as nat
from tests.native import fake_native

GAMES = ("twilight", "thirteen")


@dataclass(frozen=True)
class Engine:
    """Which native classes a test plays on, and the game."""

    kind: str  # "fake" or "real"
    game: str


def skip_unless_native(game: str) -> None:
    """Skip the test, saying what is missing, unless the real extension plays ``game``."""
    if not nat.available(game):
        info = nat.backends()
        why = f"the native backend has no {game} here: {info['native_missing'] or 'not built'}"
        if os.environ.get("BRINK_REQUIRE_NATIVE") == "1":  # CI: a missing build is a failure, not a skip
            pytest.fail(f"{why} (BRINK_REQUIRE_NATIVE=1)", pytrace=False)
        pytest.skip(why)


def use_fake(monkeypatch: pytest.MonkeyPatch, *games: str) -> None:
    """Make ``brinkmanship.native`` load the Python stand-in holding ``games``."""
    monkeypatch.setattr(nat, "_LOADED", [(fake_native.module(*games), "")])


@pytest.fixture(params=[(k, g) for k in ("fake", "real") for g in GAMES], ids=lambda p: f"{p[0]}-{p[1]}")
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    kind, game = request.param
    if kind == "fake":
        use_fake(monkeypatch, *GAMES)
    else:
        skip_unless_native(game)
    yield Engine(kind, game)
