"""Every decision's prompt is a catalog message built from the decision's
data alone (``Game.prompt_message``), so a client can show it in any
language: ``render(game.prompt_message(decision), "en")`` is the English
``prompt`` the view carries, for both games, every viewer, thousands of
random decisions (events on), and for one built from a saved view (JSON).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import brinkmanship as bm
from brinkmanship.i18n import render

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


VIEWERS = ("USSR", "US", None)


def walk(game: str, seeds: range) -> Counter[str]:
    """Check every decision of random games of ``game``; count them by kind."""
    plugin = bm.get_game(game)
    kinds: Counter[str] = Counter()
    for seed in seeds:
        s = bm.new_game(game, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            for viewer in VIEWERS:
                dec = s.view(viewer, log=False)["decision"]
                data = json.loads(json.dumps({k: v for k, v in dec.items() if k != "prompt"}))
                message = plugin.prompt_message(data)
                assert set(message) == {"code", "args"}
                assert render(message, "en") == dec["prompt"], (dec, message)
            kinds[dec["kind"]] += 1
            s.apply_random(rng)
    return kinds


@pytest.mark.parametrize(("game", "seeds", "kinds"), [
    ("twilight", range(60), {"setup", "headline", "action", "ops", "order", "roll", "ask", "place_inf",
                            "remove_inf", "eagle"}),
    ("thirteen", range(30), {"agenda", "initiative", "turn", "command", "offer", "cubes", "shift"}),
])
def test_every_prompt_is_its_message_rendered(game: str, seeds: range, kinds: set[str]) -> None:
    seen = walk(game, seeds)
    assert sum(seen.values()) > 1000
    assert kinds <= set(seen)


def test_a_twilight_prompt_reads_the_round_from_the_decision() -> None:
    s = bm.from_position("twilight", {"turn": 4, "action_round": 3, "phasing": "US",
                                      "hands": {"US": ["NATO"], "USSR": ["Fidel"]}})
    dec = s.view("US")["decision"]
    message = bm.get_game("twilight").prompt_message(dec)
    assert message == {"code": "twilight.decision.action",
                       "args": {"player": "US", "turn": 4, "action_round": 3}}
    assert render(message) == dec["prompt"] == "US: play a card, turn 4 action round 3"
