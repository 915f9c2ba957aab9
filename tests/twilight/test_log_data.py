"""The log is data: entries the rules write are catalog codes with
language-neutral arguments, and every entry renders.

Random games with every event on (and a few ops-only ones) are played while
``log`` and ``end_game`` are wrapped in every Twilight Struggle module that
holds them (each rules submodule and card module imports its own reference,
so wrapping ``rules.log`` alone would miss most calls). Each entry written is
checked to be a code of the catalog, never transitional prose, and the test
checks that every entry of the games came through a wrapped call.
"""

from __future__ import annotations

import importlib
import json
import random
import re
import sys
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.core import frames
from brinkmanship.i18n import catalog, render
from brinkmanship.twilight.board import CARD_NAME
from brinkmanship.twilight.rules import state

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENT_SEEDS = range(7000, 7036)
OPS_ONLY_SEEDS = range(7100, 7106)


def _is_data(value: Any) -> bool:
    """JSON data as a log argument may hold: numbers, text, booleans, None,
    lists of those, and nested messages (``{"code", "args"}``)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list):
        return all(_is_data(v) for v in value)
    if isinstance(value, dict):
        return (set(value) == {"code", "args"} and isinstance(value["code"], str)
                and isinstance(value["args"], dict) and all(_is_data(v) for v in value["args"].values()))
    return False


def _codes(entry: dict[str, Any]) -> list[str]:
    """The entry's code and those of the messages nested in its arguments."""
    out = [entry["code"]]
    for v in entry["args"].values():
        for item in v if isinstance(v, list) else [v]:
            if isinstance(item, dict):
                out.extend(_codes(item))
    return out


@pytest.fixture
def rules_codes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every code the Twilight Struggle modules log or end a game with, in
    order: one per entry appended."""
    seen: list[str] = []
    log, end_game = state.log, frames.end_game

    def logged(d: dict[str, Any], code: str, /, to: str = "all", **args: Any) -> None:
        n = len(d["log"])
        log(d, code, to, **args)
        seen.extend([code] * (len(d["log"]) - n))

    def ended(d: dict[str, Any], winner: str | None, result: str, code: str, /, **args: Any) -> None:
        n = len(d["log"])
        end_game(d, winner, result, code, **args)
        seen.extend([code] * (len(d["log"]) - n))

    importlib.import_module("brinkmanship.twilight.game")  # loads the rules and every card module
    holders = [m for name, m in sorted(sys.modules.items()) if name.startswith("brinkmanship.twilight")]
    for m in holders:
        if getattr(m, "log", None) is log:
            monkeypatch.setattr(m, "log", logged)
        if getattr(m, "end_game", None) is end_game:
            monkeypatch.setattr(m, "end_game", ended)
    return seen


def _play(seed: int, options: dict[str, bool]) -> bm.State:
    s = bm.new_game("twilight", seed=seed, options=options)
    r = random.Random(seed)
    while not s.is_terminal:
        s.apply_random(r)
    return s


@pytest.mark.python_backend("it wraps the Python rules' log and end_game, which the native core never calls")
def test_rules_entries_are_catalog_codes_with_data_arguments(rules_codes: list[str]) -> None:
    messages = catalog("en")
    games = [_play(seed, {"events": True}) for seed in EVENT_SEEDS]
    games += [_play(seed, {"events": False}) for seed in OPS_ONLY_SEEDS]
    # Every entry of every game came through a wrapped call, in order.
    assert rules_codes == [e["code"] for s in games for e in s.log_entries]
    prose = sorted({c for c in rules_codes if not c.startswith("twilight.") or " " in c})
    assert not prose, f"the rules or cards still log prose: {prose[:5]}"
    undefined = sorted({c for c in rules_codes if c not in messages})
    assert not undefined, f"codes missing from the catalog: {undefined}"
    for s in games:
        entries = s.log_entries
        # A JSON round trip keeps only JSON data: a tuple or an object would change.
        assert json.loads(json.dumps(entries)) == entries
        for e in entries:
            assert e["to"] in ("all", "players", "spectators", "USSR", "US")
            assert all(_is_data(v) for v in e["args"].values()), e
            for code in _codes(e):
                if code.startswith("twilight."):
                    assert code in messages, code
            assert isinstance(render(e), str)
        assert s.log == [render(e) for e in entries]


@pytest.mark.python_backend("it reads the catalog; it makes no state")
def test_templates_name_cards_through_arguments() -> None:
    """A card named in a sentence comes from a ``card`` argument (or an
    ``event`` one, a card named as a rule), so a catalog translates each
    card's name once (``twilight.name.card.<n>``, names of effects and
    space boxes beside them; the texts of the cards, ``twilight.text.<n>``,
    are prose about other cards and are not log templates). Only
    the heading of a card's own messages (``Fidel: ...``, in codes
    ``twilight.card.<card>.*``) is still written out."""
    names = sorted((n for n in CARD_NAME if n), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])")
    heading = re.compile(r"^(" + "|".join(map(re.escape, names)) + r")(: | \()")
    hard_coded = {}
    for code, text in catalog("en").items():
        if not code.startswith("twilight.") or code.startswith(("twilight.name.", "twilight.text.")):
            continue
        body = heading.sub("", text, count=1) if code.startswith("twilight.card.") else text
        if found := pattern.findall(body):
            hard_coded[code] = found
    assert not hard_coded, sorted(hard_coded.items())
