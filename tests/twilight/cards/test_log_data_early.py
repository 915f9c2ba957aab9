"""The log of the Early War, scoring and interrupt events is data: coded
entries whose English comes from the catalog, never prose in the rules."""

from __future__ import annotations

import ast
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.i18n import render
from brinkmanship.twilight.cards import early, early_war, interrupts, scoring

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


MODULES = (early, early_war, interrupts, scoring)
# Helpers whose reason must be a card number or a message, never a name or prose.
REASON_HELPERS = {"gain_vp", "discard_from_hand", "reveal_hand", "advance_space", "cancel_headline", "war"}
CATALOG = "twilight_cards_early.json"


def _catalog() -> dict[str, str]:
    text = resources.files("brinkmanship.i18n").joinpath("en", CATALOG).read_text(encoding="utf-8")
    out: dict[str, str] = json.loads(text)
    return out


def _calls() -> list[tuple[str, str, ast.Call]]:
    out = []
    for module in MODULES:
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                out.append((f"{module.__name__}:{node.lineno}", node.func.id, node))
    return out


def _literals() -> set[str]:
    out = set()
    for module in MODULES:
        assert module.__file__ is not None
        for node in ast.walk(ast.parse(Path(module.__file__).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


@pytest.mark.python_backend("it scans the Python card sources; it makes no state")
def test_the_modules_log_codes_not_prose() -> None:
    catalog = _catalog()
    for where, name, call in _calls():
        if name in ("log", "end_game", "msg"):
            code = call.args[1] if name == "log" else call.args[-1] if name == "end_game" else call.args[0]
            assert not isinstance(code, ast.JoinedStr), f"{where}: {name} of an f-string"
            if isinstance(code, ast.Constant):
                assert isinstance(code.value, str) and " " not in code.value, f"{where}: prose {code.value!r}"
                assert code.value in catalog, f"{where}: {code.value!r} is not in {CATALOG}"
        elif name in REASON_HELPERS:
            for arg in [*call.args, *(k.value for k in call.keywords)]:
                assert not isinstance(arg, ast.JoinedStr), f"{where}: {name} with an f-string"
                assert not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)), \
                    f"{where}: {name} with the text {arg.value!r}"


@pytest.mark.python_backend("it scans the Python card sources; it makes no state")
def test_every_message_of_the_catalog_is_used() -> None:
    assert set(_catalog()) <= _literals()


def _walk(entry: dict[str, Any]) -> list[dict[str, Any]]:
    out = [entry]
    for v in entry["args"].values():
        if isinstance(v, dict):
            out.extend(_walk(v))
    return out


def test_random_games_log_only_entries_that_render() -> None:
    catalog = _catalog()
    used: set[str] = set()
    for seed in range(40):
        s = bm.new_game("twilight", seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            s.apply_random(rng)
        for entry in s.log_entries:
            render(entry)
            used.update(e["code"] for e in _walk(entry) if e["code"] in catalog)
    assert len(used) > len(catalog) // 2  # the games did play these events


# -- rare entries: the English is the one the rules always wrote ---------------------------------
def position(**fields: Any) -> bm.State:
    return bm.from_position("twilight", {"options": {"events": True}, "turn": 4, **fields})


@pytest.mark.parametrize(("fields", "play", "line"), [
    ({"phasing": "US", "hands": {"USSR": ["Fidel"], "US": ["Ask Not What Your Country Can Do For You"]}},
     ["event Ask Not What Your Country Can Do For You"],
     "Ask Not What Your Country Can Do For You: the US has no card to discard."),
    ({"phasing": "US", "hands": {"USSR": ["Fidel"], "US": ["Truman Doctrine", "NATO"]},
      "influence": {"USSR": {"East Germany": 3}, "US": {}}},  # controlled: no target
     ["event Truman Doctrine"],
     "Truman Doctrine: no uncontrolled European country holds USSR influence."),
    ({"phasing": "US", "hands": {"USSR": ["Fidel"], "US": ["East European Unrest", "NATO"]},
      "influence": {"USSR": {}, "US": {}}},
     ["event East European Unrest"],
     "East European Unrest: no other Eastern European country holds USSR influence."),
    ({"hands": {"USSR": ["Missile Envy"], "US": []}},
     ["event Missile Envy"],
     "Missile Envy: the US has no card to give."),
    ({"turn": 8, "phasing": "US", "space": {"US": 3, "USSR": 1}, "discard": ["Europe Scoring"],
      "hands": {"USSR": ["Fidel"], "US": ["Star Wars", "NATO"]}},
     ["event Star Wars"],
     "Star Wars: no event in the discard pile can be picked."),
])
def test_rare_entries_keep_their_english(fields: dict[str, Any], play: list[str], line: str) -> None:
    s = position(**fields)
    s.apply_many(play)
    assert line in s.log


def test_grain_sales_names_the_card_taken_to_the_players_only() -> None:
    # The USSR sees which card left its hand; a spectator may not learn it,
    # and reads instead that a card was taken. Each reader reads it once.
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Grain Sales to Soviets", "NATO"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply("event Grain Sales to Soviets")
    named = "Grain Sales to Soviets: the US takes Fidel from the USSR hand."
    unseen = "Grain Sales to Soviets: the US takes a card at random from the USSR hand."
    assert s.log[-2:] == [unseen, named]
    for side in ("US", "USSR"):
        assert [render(e) for e in s.view(side)["log"]][-1:] == [named]
        assert unseen not in [render(e) for e in s.view(side)["log"]]
    spectator = [render(e) for e in s.view(None)["log"]]
    assert unseen in spectator and named not in spectator


def test_a_card_returned_by_grain_sales_is_named_to_the_players_only() -> None:
    # Both players know the card returned (its owner, and the US that took
    # it); a spectator reads only that a card went back.
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Grain Sales to Soviets", "NATO"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply_many(["event Grain Sales to Soviets", "choose return"])
    named = "US returns Fidel to the USSR and conducts operations with Grain Sales to Soviets."
    unseen = "US returns the card it took to the USSR and conducts operations with Grain Sales to Soviets."
    assert s.log[-2:] == [unseen, named]
    for side in ("US", "USSR"):
        seen = [render(e) for e in s.view(side)["log"]]
        assert seen[-1] == named and unseen not in seen
    spectator = s.view(None)["log"]
    assert render(spectator[-1]) == unseen
    assert not [e for e in spectator if 8 in e["args"].values()]
