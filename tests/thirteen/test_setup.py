"""Setup (rules.md 2) and the start of round 1.

Rules covered (rules.md 1-2, Q1; docs/rulings.md 41-43):
- starting cubes: US 1 in Italy and 1 in Turkey; USSR 1 in Berlin and 1 in
  Cuba (Military); 17 cubes per side;
- DEFCON markers start at US Military 1, Political 2, World Opinion 1 and
  USSR Military 2, Political 1, World Opinion 1, then round 1's phase 1
  escalates every marker one step;
- the US holds the Personal Letter; prestige is even (zero); round 1;
- 39 strategy cards and 13 agenda cards are shuffled separately; the game
  opens on the USSR's agenda choice, with no strategy card dealt yet.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from brinkmanship.thirteen.rules import cards_in_game
from tests.thirteen.helpers import cubes, defcon, position

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


START_US = {"Military": 1, "Political": 2, "World Opinion": 1}
START_USSR = {"Military": 2, "Political": 1, "World Opinion": 1}


def test_setup_starting_cubes() -> None:
    s = bm.new_game("thirteen", seed=1)
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1}
    assert s.view("US")["reserve"] == {"USSR": 15, "US": 15}


def test_setup_defcon_markers_printed_start() -> None:
    # A position starting at the card plays has not escalated: the printed start.
    s = position()
    assert defcon(s, "US") == START_US
    assert defcon(s, "USSR") == START_USSR


def test_setup_round_1_escalates_every_marker_once() -> None:
    s = bm.new_game("thirteen", seed=1)
    assert defcon(s, "US") == {"Military": 2, "Political": 3, "World Opinion": 2}
    assert defcon(s, "USSR") == {"Military": 3, "Political": 2, "World Opinion": 2}
    assert s.log[1] == ("Round 1: every DEFCON marker escalates one step (USSR Military 3, Political 2, "
                        "World Opinion 2; US Military 2, Political 3, World Opinion 2).")


def test_setup_personal_letter_with_the_us_and_prestige_at_zero() -> None:
    s = bm.new_game("thirteen", seed=1)
    v = s.view(None)
    assert v["personal_letter"] == "US"
    assert v["prestige"] == 0
    assert v["prestige_text"] == "even"
    assert v["round"] == 1
    assert s.log[0] == "New game. The US holds the Personal Letter."


def test_setup_decks_and_first_decision() -> None:
    s = bm.new_game("thirteen", seed=1)
    d = s.data
    assert sorted(d["deck"]) == list(range(1, 40))
    assert d["hands"] == {"USSR": [], "US": []}
    assert d["aftermath"] == [] and d["discard"] == []
    # 13 agenda cards: 3 dealt to each side, 7 left.
    assert len(d["agenda_deck"]) == 7
    assert sorted(d["agenda_deck"] + d["offered"]["USSR"] + d["offered"]["US"]) == list(range(1, 14))
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "agenda"
    assert d["plays"] == {"USSR": 0, "US": 0}
    assert d["fx"] == {"sops": [], "brink": [], "containment": [], "bay_of_pigs": []}


def test_setup_five_cards_each_after_the_agendas() -> None:
    s = bm.new_game("thirteen", seed=1)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.view("US")["hand_sizes"] == {"USSR": 5, "US": 5}
    assert len(s.data["deck"]) == 29
    assert sorted(cards_in_game(s.data)) == list(range(1, 40))
    assert s.log[-1] == "Both sides are dealt five strategy cards."


def test_setup_is_deterministic_per_seed() -> None:
    a = bm.new_game("thirteen", seed=7)
    b = bm.new_game("thirteen", seed=7)
    c = bm.new_game("thirteen", seed=8)
    assert a.to_json() == b.to_json()
    assert a.data["deck"] != c.data["deck"]


def test_setup_reloads_from_json() -> None:
    s = bm.new_game("thirteen", seed=4)
    t = bm.load(s.to_json())
    assert t.to_json() == s.to_json()
    assert [a.text for a in t.legal_actions()] == [a.text for a in s.legal_actions()]
