"""World opinion bonuses (phase 5).

Rules covered (rules.md 3 phase 5, Q5; docs/rulings.md 48):
- resolved in the order Television, United Nations, Alliances, each for
  the side that dominates the arena (strictly more cubes); a tie gives
  nothing;
- Television: the dominating side may move one of its own markers one step
  up or down, or pass; it is not an event, so de-escalation bans do not apply;
- United Nations: the dominating side takes the Personal Letter;
- Alliances: the dominating side draws the top card, sees it alone, and puts
  it face down in the Aftermath or discards it.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


HANDS = {"US": ["Excomm"], "USSR": ["Fidel Castro"]}


def wo_phase(us: dict[str, int], ussr: dict[str, int], **fields: object) -> bm.State:
    """Round 1 at the Aftermath phase with these world opinion cubes (other
    arenas empty); the top of the deck is SOPs, then Scramble."""
    base: dict[str, object] = {"phase": "aftermath", "cubes": {"US": us, "USSR": ussr}, "hands": HANDS,
                               "deck": ["SOPs", "Scramble", "U Thant", "Close Allies"]}
    base.update(fields)
    return position(**base)


def test_world_opinion_ties_give_no_bonus() -> None:
    s = wo_phase({"Television": 2, "United Nations": 1, "Alliances": 3},
                 {"Television": 2, "United Nations": 1, "Alliances": 3})
    # Nothing to decide: the round ends and round 2 starts with the agendas.
    assert s.data["round"] == 2
    assert s.data["letter"] == "US"
    assert not any("dominates" in line for line in s.log)
    assert len(s.data["aftermath"]) == 2
    assert s.data["held"] == []


def test_television_dominator_may_move_one_own_marker_one_step_either_way() -> None:
    s = wo_phase({"Television": 1}, {}, defcon={"US": {"Military": 3}})
    assert s.current_player == "US"
    assert s.log[-1] == "US dominates Television and may move one of its DEFCON markers one step."
    assert texts(s) == ["escalate Military 1", "de-escalate Military 1", "escalate Political 1",
                        "de-escalate Political 1", "escalate World Opinion 1", "pass"]
    play(s, "de-escalate Military 1")
    assert "US Military DEFCON de-escalates 1 step, to 2." in s.log
    assert s.data["round"] == 2


def test_television_bonus_is_optional() -> None:
    s = wo_phase({}, {"Television": 3})
    assert s.current_player == "USSR"
    assert "pass" in texts(s)
    play(s, "pass")
    assert "USSR moves no DEFCON marker." in s.log
    # Round 2 escalation from the untouched start.
    assert defcon(s, "USSR") == {"Military": 3, "Political": 2, "World Opinion": 2}


def test_television_bonus_moves_only_the_dominators_markers() -> None:
    s = wo_phase({}, {"Television": 1}, defcon={"USSR": {"World Opinion": 5}, "US": {"World Opinion": 5}})
    play(s, "de-escalate World Opinion 1")
    assert "USSR World Opinion DEFCON de-escalates 1 step, to 4." in s.log
    # Round 2 escalated both: the US marker went 5 -> 6, the USSR's 4 -> 5.
    assert defcon(s, "US")["World Opinion"] == 6
    assert defcon(s, "USSR")["World Opinion"] == 5


def test_television_bonus_stops_at_the_track_ends() -> None:
    s = wo_phase({"Television": 1}, {}, defcon={"US": {"Military": 8, "Political": 1, "World Opinion": 1}})
    assert texts(s) == ["de-escalate Military 1", "escalate Political 1", "escalate World Opinion 1", "pass"]


def test_television_bonus_is_not_an_event_so_bans_do_not_apply() -> None:
    s = wo_phase({"Television": 1}, {}, defcon={"US": {"Military": 3}},
                 effects={"Bay of Pigs": ["US"], "Containment": ["US"]})
    assert "de-escalate Military 1" in texts(s)


def test_united_nations_dominator_takes_the_personal_letter() -> None:
    s = wo_phase({}, {"United Nations": 1})
    assert s.data["letter"] == "USSR"
    assert "USSR dominates the United Nations and takes the Personal Letter." in s.log


def test_united_nations_dominator_keeps_the_letter_it_holds() -> None:
    s = wo_phase({"United Nations": 2}, {"United Nations": 1})
    assert s.data["letter"] == "US"
    assert "US dominates the United Nations and keeps the Personal Letter." in s.log


def test_united_nations_tie_leaves_the_letter_where_it_is() -> None:
    s = wo_phase({"United Nations": 2}, {"United Nations": 2}, letter="USSR")
    assert s.data["letter"] == "USSR"


def test_alliances_dominator_draws_the_top_card_and_may_put_it_in_the_aftermath() -> None:
    s = wo_phase({"Alliances": 2}, {"Alliances": 1}, round=3)
    assert s.current_player == "US"
    assert s.log[-1] == "US dominates Alliances and draws the top strategy card."
    assert texts(s) == ["aftermath SOPs", "discard SOPs"]
    # Only the drawing side sees the card.
    assert s.view("US")["looking_at"] == ["SOPs"]
    assert s.view("USSR")["looking_at"] == []
    assert s.view("USSR")["legal_actions"] == []
    play(s, "aftermath SOPs")
    assert s.data["aftermath"] == [["US", 15], ["USSR", 30], ["US", 4]]
    assert "US puts a card face down in the Aftermath." in s.log[-8:]
    # Round 3: the game ends; the card was never named before the reveal.
    reveal = s.log.index("The Aftermath is revealed: US cards Excomm 3 = 3; USSR cards Fidel Castro 3 = 3; "
                         "UN cards (count for nobody) SOPs.")
    assert "SOPs" not in " ".join(s.log[:reveal])
    assert s.is_terminal


def test_alliances_dominator_may_discard_the_drawn_card() -> None:
    s = wo_phase({}, {"Alliances": 1}, round=3)
    play(s, "discard SOPs")
    assert "USSR discards SOPs (Alliances)." in s.log
    assert s.data["aftermath"] == [["US", 15], ["USSR", 30]]
    assert s.data["discard"] == [4]
    assert s.is_terminal


def test_world_opinion_bonuses_come_in_order_television_united_nations_alliances() -> None:
    s = wo_phase({"Television": 1, "Alliances": 1}, {"United Nations": 1})
    # Television first: the United Nations has not moved the Letter yet.
    assert s.current_player == "US"
    assert s.view("US")["decision_kind"] == "shift"
    assert s.data["letter"] == "US"
    play(s, "pass")
    # Then the United Nations (the Letter goes to the USSR), then Alliances.
    assert s.data["letter"] == "USSR"
    assert s.view("US")["decision_kind"] == "alliances"
    play(s, "discard SOPs")
    lines = [line for line in s.log if "dominates" in line]
    assert lines == [
        "US dominates Television and may move one of its DEFCON markers one step.",
        "USSR dominates the United Nations and takes the Personal Letter.",
        "US dominates Alliances and draws the top strategy card.",
    ]


def test_world_opinion_bonuses_follow_the_aftermath_cards_and_precede_agendas() -> None:
    s = wo_phase({}, {"United Nations": 1},
                 agendas={"US": {"kept": "Personal Letter"}})
    log = s.log
    put = [k for k, line in enumerate(log) if "face down in the Aftermath" in line]
    un = log.index("USSR dominates the United Nations and takes the Personal Letter.")
    agenda = log.index("US reveals its agenda: Personal Letter. USSR scores 2 prestige.")
    assert put and max(put) < un < agenda
    assert s.data["prestige"] == -2
