"""Early War events built on the generic frames, and rule 5.2 (the
opponent's event of a card played for ops, before or after the ops)."""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.twilight.helpers import inf, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def test_fidel_removes_us_and_gives_the_ussr_control_of_cuba() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["Fidel"], "US": ["NATO"]},
        "influence": {"US": {"Cuba": 2}, "USSR": {"Cuba": 1}},
    })
    s.apply("event Fidel")
    assert inf(s, "US", "Cuba") == 0 and inf(s, "USSR", "Cuba") == 3
    assert 8 in s.data["removed"]  # starred


def test_decolonization_four_different_countries() -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON,
                                      "hands": {"USSR": ["Decolonization"], "US": ["NATO"]}})
    s.apply("event Decolonization")
    assert s.view("USSR")["decision_kind"] == "place_inf"
    s.apply("place Angola")
    assert "place Angola" not in texts(s)  # at most 1 per country
    with pytest.raises(bm.IllegalActionError, match="no more in Angola"):
        s.apply("place Angola")
    with pytest.raises(bm.IllegalActionError, match="does not allow France"):
        s.apply("place France")
    for c in ("Zaire", "Vietnam", "Burma"):
        s.apply(f"place {c}")
    assert [inf(s, "USSR", c) for c in ("Angola", "Zaire", "Vietnam", "Burma")] == [1, 1, 1, 1]
    assert s.current_player == "US"
    assert 30 in s.data["discard"]  # not starred


def test_socialist_governments_at_most_two_per_country() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["Socialist Governments"], "US": ["NATO"]},
        "influence": {"US": {"Italy": 3, "France": 1}, "USSR": {}},
    })
    s.apply("event Socialist Governments")
    s.apply("remove Italy")
    s.apply("remove Italy")
    assert texts(s) == ["remove France"]
    s.apply("remove France")
    assert inf(s, "US", "Italy") == 1 and inf(s, "US", "France") == 0
    assert s.current_player == "US"


def test_suez_crisis_ends_when_nothing_is_left_to_remove() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["Suez Crisis"], "US": ["NATO"]},
        "influence": {"US": {"UK": 1}, "USSR": {}},
    })
    s.apply("event Suez Crisis")
    s.apply("remove UK")
    assert inf(s, "US", "UK") == 0
    assert s.current_player == "US"


def test_duck_and_cover_played_by_the_us() -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON, "defcon": 4, "phasing": "US",
                                      "hands": {"USSR": ["Fidel"], "US": ["Duck and Cover"]}})
    s.apply("event Duck and Cover")
    assert s.data["defcon"] == 3 and s.data["vp"] == 2


def test_duck_and_cover_for_ops_at_defcon_2_loses_for_the_ussr() -> None:
    """5.2: the opponent's event happens even when it hurts the phasing player."""
    s = bm.from_position("twilight", {"options": EVENTS_ON, "defcon": 2,
                                      "hands": {"USSR": ["Duck and Cover"], "US": ["NATO"]}})
    s.apply("ops Duck and Cover")
    assert texts(s) == ["event Duck and Cover", "ops Duck and Cover"]
    s.apply("event Duck and Cover")
    assert s.is_terminal and s.winner == "US" and s.result == "defcon"


def test_opponent_event_after_the_ops_and_starred_card_removed() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US",
        "hands": {"USSR": ["NATO"], "US": ["Fidel"]},
        "influence": {"US": {"Cuba": 1, "Mexico": 2}, "USSR": {}},
    })
    s.apply("ops Fidel")
    s.apply("ops Fidel")  # operations first
    s.apply("place Cuba")
    assert s.log[-1] == "US places 1 influence in Cuba."
    s.apply("place Cuba")  # the US now has 3 in Cuba; then the USSR event clears it
    assert "US places 1 influence in Cuba." in s.log[-3:]
    assert inf(s, "US", "Cuba") == 0 and inf(s, "USSR", "Cuba") == 3
    assert 8 in s.data["removed"]


def test_event_first_uses_access_from_before_the_event() -> None:
    """Influence placed by the opponent's event gives no access (6.1.1)."""
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US",
        "hands": {"USSR": ["NATO"], "US": ["Decolonization"]},
        "influence": {"US": {}, "USSR": {}},
    })
    s.apply("ops Decolonization")
    s.apply("event Decolonization")
    for c in ("Angola", "Zaire", "Vietnam", "Burma"):
        s.apply(f"place {c}")  # the USSR chooses, though the US is phasing
    assert s.view("US")["decision_kind"] == "ops"
    assert "place Angola" not in texts(s)


def test_events_off_never_fire() -> None:
    s = bm.from_position("twilight", {"options": {"events": False}, "hands": {"USSR": ["Fidel"], "US": ["NATO"]},
                                      "influence": {"US": {"Cuba": 2}, "USSR": {}}})
    assert "event Fidel" not in texts(s)
    s.apply("ops Fidel")
    assert s.view("USSR")["decision_kind"] == "ops"


def test_romanian_abdication() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["Romanian Abdication"], "US": ["NATO"]},
        "influence": {"US": {"Romania": 2}, "USSR": {"Romania": 1}},
    })
    s.apply("event Romanian Abdication")
    assert inf(s, "US", "Romania") == 0 and inf(s, "USSR", "Romania") == 3
    assert 12 in s.data["removed"]


def test_comecon_skips_us_controlled_countries() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["COMECON"], "US": ["NATO"]},
        "influence": {"US": {"Poland": 3, "Austria": 1}, "USSR": {}},
    })
    s.apply("event COMECON")
    offered = {t.removeprefix("place ") for t in texts(s)}
    assert "Poland" not in offered  # US-controlled
    assert {"Austria", "Finland", "Hungary"} <= offered
    for c in ("Austria", "Finland", "Hungary", "Bulgaria"):
        s.apply(f"place {c}")
    assert [inf(s, "USSR", c) for c in ("Austria", "Finland", "Hungary", "Bulgaria")] == [1, 1, 1, 1]
    assert s.current_player == "US"


@pytest.mark.parametrize(("us_before", "us_after"), [(3, 1), (2, 1), (1, 0), (0, 0)])
def test_nasser_removes_half_rounded_up(us_before: int, us_after: int) -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["Nasser"], "US": ["NATO"]},
        "influence": {"US": {"Egypt": us_before}, "USSR": {}},
    })
    s.apply("event Nasser")
    assert inf(s, "USSR", "Egypt") == 2 and inf(s, "US", "Egypt") == us_after


def test_marshall_plan_seven_non_ussr_controlled_countries() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US", "hands": {"USSR": ["Fidel"], "US": ["Marshall Plan"]},
        "influence": {"US": {}, "USSR": {"Italy": 2}},
    })
    s.apply("event Marshall Plan")
    assert "place Italy" not in texts(s)  # USSR-controlled
    for c in ("Canada", "Turkey", "Austria", "Finland", "France", "West Germany", "UK"):
        s.apply(f"place {c}")
    assert sum(s.data["inf"]["US"]) == 7
    assert "Marshall Plan" in s.view("USSR")["effects"]
    assert s.current_player == "USSR"


@pytest.mark.parametrize(("defcon", "vp", "after"), [(4, 2, 5), (3, 1, 5), (2, 0, 4)])
def test_nuclear_test_ban(defcon: int, vp: int, after: int) -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON, "defcon": defcon,
                                      "hands": {"USSR": ["Nuclear Test Ban"], "US": ["NATO"]}})
    s.apply("event Nuclear Test Ban")
    assert s.data["vp"] == -vp and s.data["defcon"] == after


def test_korean_war_win_with_a_penalty() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["Korean War"], "US": ["NATO"]},
        "influence": {"US": {"South Korea": 2, "Japan": 4}, "USSR": {}},
    })
    s.apply("event Korean War")
    assert s.data["milops"]["USSR"] == 2  # either way
    s.apply("roll 5")  # 5 - 1 (Japan is US-controlled) = 4: a win
    assert inf(s, "US", "South Korea") == 0 and inf(s, "USSR", "South Korea") == 2
    assert s.data["vp"] == -2 and s.data["defcon"] == 5


def test_korean_war_loss() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "hands": {"USSR": ["Korean War"], "US": ["NATO"]},
        "influence": {"US": {"South Korea": 2, "Japan": 4}, "USSR": {}},
    })
    s.apply("event Korean War")
    s.apply("roll 4")  # 4 - 1 = 3: lost
    assert inf(s, "US", "South Korea") == 2 and s.data["vp"] == 0
    assert s.data["milops"]["USSR"] == 2


def test_truman_doctrine_only_uncontrolled_europe() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US", "hands": {"USSR": ["Fidel"], "US": ["Truman Doctrine"]},
        "influence": {"US": {}, "USSR": {"Poland": 4, "Italy": 1, "Iran": 1}},
    })
    s.apply("event Truman Doctrine")
    assert texts(s) == ["target Italy"]
    s.apply("target Italy")
    assert inf(s, "USSR", "Italy") == 0 and inf(s, "USSR", "Poland") == 4


def test_captured_nazi_scientist_second_to_earth_satellite() -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON, "space": {"US": 1},
                                      "hands": {"USSR": ["Captured Nazi Scientist"], "US": ["NATO"]}})
    s.apply("event Captured Nazi Scientist")
    assert s.data["space"]["USSR"] == 1 and s.data["vp"] == -1
    assert s.data["space_tries"]["USSR"] == 0


def test_olympic_games_participate_with_a_reroll() -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON,
                                      "hands": {"USSR": ["Olympic Games"], "US": ["NATO"]}})
    s.apply("event Olympic Games")
    assert s.current_player == "US"
    assert texts(s) == ["choose participate", "choose boycott"]
    s.apply("choose participate")
    s.apply_many(["roll 2", "roll 4"])  # 2 + 2 = 4 vs 4: tie, roll again
    assert s.current_player == "chance"
    s.apply_many(["roll 1", "roll 5"])  # 3 vs 5: the US wins
    assert s.data["vp"] == 2


def test_olympic_games_boycott_gives_four_ops() -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON,
                                      "hands": {"USSR": ["Olympic Games"], "US": ["NATO"]}})
    s.apply_many(["event Olympic Games", "choose boycott"])
    assert s.data["defcon"] == 4
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 4 ops")
    for _ in range(4):
        s.apply("place Poland")
    assert inf(s, "USSR", "Poland") == 4 and s.current_player == "US"


def test_olympic_boycott_at_defcon_2_loses_for_the_sponsor() -> None:
    s = bm.from_position("twilight", {"options": EVENTS_ON, "defcon": 2,
                                      "hands": {"USSR": ["Olympic Games"], "US": ["NATO"]}})
    s.apply_many(["event Olympic Games", "choose boycott"])
    assert s.winner == "US" and s.result == "defcon"


def test_containment_adds_one_op_up_to_four() -> None:
    s = bm.from_position("twilight", {
        "options": EVENTS_ON, "phasing": "US",
        "hands": {"USSR": ["Fidel", "Nasser"], "US": ["Containment", "Truman Doctrine", "NATO"]},
    })
    s.apply("event Containment")
    s.apply("ops Fidel")  # the USSR is not affected
    assert s.view("USSR")["decision"]["prompt"].startswith("USSR: 2 ops")
    s.apply_many(["place Poland", "place Poland"])
    s.apply("ops Truman Doctrine")
    assert s.view("US")["decision"]["prompt"].startswith("US: 2 ops")
