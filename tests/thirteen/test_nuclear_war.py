"""The nuclear war check (phase 7).

Rules covered (rules.md 3 phase 7, Q4; docs/rulings.md 76):
- checked only in phase 7, once per round: markers may pass through the
  DEFCON 1 zone during the round, and the phase-1 escalation never checks;
- a side triggers nuclear war and loses if any of its markers is in the
  DEFCON 1 zone (7-8) or all three are in the DEFCON 2 zone or worse (4+);
- the opponent wins (result "nuclear_war"); both at once: no winner
  (winner None, result "nuclear_war"); the game ends at once (no further
  round, no final scoring).
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def check(us: dict[str, int], ussr: dict[str, int], **fields: Any) -> bm.State:
    """Round 1 from phase 6 (no agendas kept) with these markers."""
    base: dict[str, Any] = {"phase": "resolve", "defcon": {"US": us, "USSR": ussr}}
    base.update(fields)
    return position(**base)


SAFE = {"Military": 3, "Political": 3, "World Opinion": 3}


@pytest.mark.parametrize("track", ["Military", "Political", "World Opinion"])
@pytest.mark.parametrize("spot", [7, 8])
def test_nuclear_war_any_marker_in_defcon_1_loses(track: str, spot: int) -> None:
    s = check({**SAFE, track: spot}, SAFE)
    assert s.is_terminal
    assert s.winner == "USSR"
    assert s.result == "nuclear_war"
    assert s.log[-1] == (f"US triggers nuclear war ({', '.join(f'{t} {v}' for t, v in {**SAFE, track: spot}.items())}) "
                         "and loses; USSR wins.")
    assert s.legal_actions() == []
    assert s.current_player is None


def test_nuclear_war_all_three_in_defcon_2_or_worse_loses() -> None:
    s = check(SAFE, {"Military": 4, "Political": 6, "World Opinion": 4})
    assert s.winner == "US"
    assert s.result == "nuclear_war"
    assert s.log[-1] == "USSR triggers nuclear war (Military 4, Political 6, World Opinion 4) and loses; US wins."


@pytest.mark.parametrize("markers", [
    {"Military": 6, "Political": 6, "World Opinion": 3},
    {"Military": 3, "Political": 5, "World Opinion": 6},
    {"Military": 6, "Political": 1, "World Opinion": 6},
])
def test_nuclear_war_two_markers_in_defcon_2_is_safe(markers: dict[str, int]) -> None:
    s = check(markers, markers)
    assert not s.is_terminal
    assert s.data["round"] == 2
    assert s.winner is None
    assert s.result is None


def test_nuclear_war_both_sides_trigger_nobody_wins() -> None:
    s = check({**SAFE, "Political": 7}, {"Military": 4, "Political": 4, "World Opinion": 4})
    assert s.is_terminal
    assert s.winner is None
    assert s.result == "nuclear_war"
    assert s.log[-1] == "Both sides trigger nuclear war: everybody loses."


def test_nuclear_war_ends_the_game_at_once() -> None:
    s = check({**SAFE, "Military": 8}, SAFE)
    assert s.data["round"] == 1
    assert not any(line.startswith("Round 2") for line in s.log)
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply("done")
    assert err.value.reason == "the game is over"
    assert s.to_json() == before


def test_nuclear_war_in_round_3_comes_before_final_scoring() -> None:
    s = check({**SAFE, "World Opinion": 7}, SAFE, round=3, prestige=5,
              aftermath={"US": ["Excomm"], "USSR": ["U Thant"]})
    assert s.winner == "USSR"
    assert s.result == "nuclear_war"
    assert s.data["prestige"] == 5
    assert not any("Aftermath is revealed" in line for line in s.log)
    assert "revealed" not in s.view("US")["aftermath"]


def test_nuclear_war_is_checked_after_the_agendas() -> None:
    # The Political Track agenda pushes the US marker 6 -> 7 before phase 7.
    s = check({**SAFE, "Political": 6}, SAFE, agendas={"USSR": {"kept": "Political Track"}})
    assert s.log[-3:] == [
        "USSR reveals its agenda: Political Track. US scores 5 prestige.",
        "Prestige: US +5.",
        "US triggers nuclear war (Military 3, Political 7, World Opinion 3) and loses; USSR wins.",
    ]
    assert s.winner == "USSR"


def test_nuclear_war_markers_may_pass_through_defcon_1_during_the_round() -> None:
    s = position(hands={"US": ["Excomm", "Scramble", "Quarantine"], "USSR": ["U Thant", "Missile Trade", "SOPs"]},
                 plays={"US": 2, "USSR": 2}, next="US", defcon={"US": {"Military": 6}},
                 cubes={"US": {"Berlin": 3}})
    play(s, "command Excomm", "place Atlantic", "place Atlantic", "place Atlantic")
    assert defcon(s, "US")["Military"] == 8
    assert not s.is_terminal
    play(s, "command U Thant", "done")
    play(s, "command Scramble", "remove Berlin", "remove Berlin", "remove Berlin")
    assert defcon(s, "US")["Military"] == 6
    play(s, "command Missile Trade", "done")
    # The round ended with US Military back at 6: no nuclear war; round 2's
    # escalation puts it at 7, but the check waits for round 2's phase 7.
    assert not s.is_terminal
    assert s.data["round"] == 2
    assert defcon(s, "US")["Military"] == 7
    assert s.view("USSR")["decision_kind"] == "agenda"
    assert texts(s)[0].startswith("agenda ")


def test_nuclear_war_escalation_in_phase_1_does_not_check() -> None:
    s = position(phase="round_start", round=2, defcon={"US": {"Military": 8, "Political": 6, "World Opinion": 6}})
    assert defcon(s, "US") == {"Military": 8, "Political": 7, "World Opinion": 7}
    assert not s.is_terminal
    assert s.view("USSR")["decision_kind"] == "agenda"


def test_nuclear_war_doing_nothing_for_three_rounds_is_mutual_destruction() -> None:
    # Every round escalates all markers: US 1/2/1 and USSR 2/1/1 end round 3
    # at 4/5/4 and 5/4/4 if nothing ever lowers them.
    s = bm.new_game("thirteen", seed=2, options={"agenda_push": "none"})
    while not s.is_terminal:
        legal = texts(s)
        # Zero-cube Commands, offers declined, otherwise the first choice.
        s.apply(next((a for a in ("done", "pass", "decline") if a in legal), legal[0]))
    assert s.data["round"] == 3
    assert defcon(s, "US") == {"Military": 4, "Political": 5, "World Opinion": 4}
    assert defcon(s, "USSR") == {"Military": 5, "Political": 4, "World Opinion": 4}
    assert s.winner is None
    assert s.result == "nuclear_war"
