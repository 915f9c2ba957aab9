"""A stand-in for the extension module, written in Python on the Python engine.

It implements the class contract of the native games (``new_game``,
``from_json``, ``to_json``, ``clone``, ``current_player``,
``legal_action_ids``, ``apply_id``, ``chance_action_id``...) exactly as
the Rust classes must, so the tests of ``brinkmanship.native`` (the
wrapper, the backend choice, the differential harness itself) run where
the extension or one of its games is not built yet, and a failure there
is the wrapper's, not a game's.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from brinkmanship.core import get_game
from brinkmanship.core.game import CHANCE


class _FakeState:
    game_name = ""

    def __init__(self, d: dict[str, Any]) -> None:
        self.d = d
        self.game = get_game(self.game_name)
        self._legal: list[int] | None = None

    @classmethod
    def new_game(cls, seed: Any, options_json: str) -> _FakeState:
        return cls(get_game(cls.game_name).new(seed, json.loads(options_json)))

    @classmethod
    def from_json(cls, text: str) -> _FakeState:
        d = json.loads(text)
        if not isinstance(d, dict) or d.get("game") != cls.game_name:
            raise ValueError("field 'game': not a state of this game")
        return cls(d)

    def to_json(self) -> str:
        return json.dumps(self.d, separators=(",", ":"))

    def to_json_nolog(self) -> str:
        return json.dumps({**self.d, "log": []}, separators=(",", ":"))

    def log_len(self) -> int:
        return len(self.d["log"])

    def log_json(self, start: int) -> str:
        return json.dumps(self.d["log"][start:], separators=(",", ":"))

    def clone(self) -> _FakeState:
        c = type(self)(self.game.clone(self.d))
        c._legal = self._legal
        return c

    def current_player(self) -> str | None:
        return self.game.current_player(self.d)

    def legal_action_ids(self, sort: bool = False) -> list[int]:
        if self._legal is None:
            self._legal = [a.id for a in self.game.legal_actions(self.d)]
        return sorted(self._legal) if sort else list(self._legal)

    def apply_id(self, ident: int) -> None:
        if type(ident) is not int:
            raise TypeError("an id is an int")
        if ident < 0:
            raise OverflowError("can't convert negative int to unsigned")
        if ident not in self.legal_action_ids():
            raise ValueError(f"action id {ident} is not legal now")
        self._legal = None
        self.game.apply(self.d, self.game.space.actions[ident])

    def chance_action_id(self) -> int:
        if self.current_player() != CHANCE:
            raise ValueError("no chance decision is pending")
        return self.game.chance_action(self.d).id

    def is_over(self) -> bool:
        return self.current_player() is None

    def winner(self) -> str | None:
        return self.game.winner(self.d)

    def result(self) -> str | None:
        return self.game.result(self.d)

    def ply(self) -> int:
        n: int = self.d["ply"]
        return n

    def reveals(self) -> int:
        return self.game.reveals(self.d)

    def stage(self) -> int:
        return self.game.stage(self.d)


class TwilightState(_FakeState):
    game_name = "twilight"


class ThirteenState(_FakeState):
    game_name = "thirteen"


def module(*games: str) -> SimpleNamespace:
    """A fake ``brinkmanship_native`` holding the classes of ``games``."""
    classes = {"twilight": TwilightState, "thirteen": ThirteenState}
    return SimpleNamespace(__version__="0.0.0-fake", **{classes[g].__name__: classes[g] for g in games})


def module_with(**classes: type) -> SimpleNamespace:
    """A fake ``brinkmanship_native`` with the given classes (a test's own)."""
    return SimpleNamespace(__version__="0.0.0-fake", **classes)
