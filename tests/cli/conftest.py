"""Fixtures for driving the terminal front end without a terminal."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from brinkmanship.cli.play import PlaySession, new_session


class Keyboard:
    """Scripted input for a play session, with the output seen at each prompt.

    ``lines`` is consumed one line per prompt; when it runs out the player
    quits (``None``). ``chunks[k]`` is everything printed between prompt
    ``k - 1`` and prompt ``k``, and ``prompts[k]`` the prompt text, so tests
    can check what a player saw right before they typed. ``on_prompt`` runs
    at each prompt with the keyboard itself (e.g. to look at the session).
    """

    def __init__(self, lines: Iterable[str], on_prompt: Callable[[Keyboard], None] | None = None) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.file = io.StringIO()
        self.console = Console(file=self.file, width=120, color_system=None, highlight=False)
        self.chunks: list[str] = []
        self.prompts: list[str] = []
        self.typed: list[str | None] = []
        self.session: PlaySession | None = None
        self.on_prompt = on_prompt
        self._mark = 0

    def read(self, prompt: str) -> str | None:
        text = self.file.getvalue()
        self.chunks.append(text[self._mark:])
        self.prompts.append(prompt)
        if self.on_prompt is not None:
            self.on_prompt(self)
        line = next(self.lines, None)
        self.typed.append(line)
        self.file.write(f"{prompt}{line}\n")
        self._mark = len(self.file.getvalue())
        return line

    @property
    def output(self) -> str:
        return self.file.getvalue()


@pytest.fixture
def keyboard() -> Callable[..., Keyboard]:
    """Make a Keyboard: ``keyboard(lines, on_prompt=None)``."""
    return Keyboard


@pytest.fixture
def session_for() -> Callable[..., PlaySession]:
    """A new session wired to a Keyboard (Twilight Struggle unless ``game`` says otherwise)."""

    def make(kb: Keyboard, seed: int = 3, ussr: str = "human", us: str = "random",
             options: dict[str, Any] | None = None, game: str = "twilight") -> PlaySession:
        s = new_session(game, seed, options or {}, {"USSR": ussr, "US": us}, kb.console, kb.read)
        kb.session = s
        return s

    return make


def ones(n: int = 2000) -> list[str]:
    """Always the first legal action."""
    return ["1"] * n


@pytest.fixture
def first_action() -> Callable[[int], list[str]]:
    """``first_action(n)``: n lines that each pick the first legal action."""
    return ones


@pytest.fixture
def runner() -> CliRunner:
    """A fresh CliRunner for `brink` (see ``tests.cli.helpers.brink``)."""
    return CliRunner()


@pytest.fixture(autouse=True)
def _own_state_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosaves of the games played by a test go to a fresh directory of
    its own, never to the user's (``$XDG_STATE_HOME/brinkmanship``)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
    monkeypatch.delenv("BRINK_LANG", raising=False)
