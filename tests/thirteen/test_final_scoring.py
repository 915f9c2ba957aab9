"""Final scoring after round 3.

Rules covered (rules.md 4, Q8, Q13; docs/rulings.md 74, 77):
- after round 3's nuclear check the Aftermath is revealed; the command values
  of the US-faction and of the USSR-faction cards in it are added up, whoever
  put them there; UN cards count for nobody; the larger total gains 2
  prestige (capped at a lead of 5); a tie gives nothing;
- the side ahead in prestige wins (result "prestige"); if even, the holder
  of the Personal Letter wins (result "personal_letter");
- reaching a lead of 5 earlier does not end the game.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import play, position

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def final(aftermath: dict[str, list[str]], **fields: Any) -> bm.State:
    """Round 3 from phase 6 (no agendas kept): straight to final scoring."""
    base: dict[str, Any] = {"round": 3, "phase": "resolve", "aftermath": aftermath}
    base.update(fields)
    return position(**base)


def test_final_scoring_aftermath_counts_cards_by_faction_not_by_who_put_them() -> None:
    # US-faction: Excomm 3 + Quarantine 1 = 4 (both put there by the USSR);
    # USSR-faction: Fidel Castro 3 (put there by the US).
    s = final({"US": ["Fidel Castro"], "USSR": ["Excomm", "Quarantine"]})
    assert s.log[-3:] == [
        "The Aftermath is revealed: US cards Excomm 3, Quarantine 1 = 4; USSR cards Fidel Castro 3 = 3.",
        "US gains 2 prestige (Aftermath 4 to 3). Prestige: US +2.",
        "US wins on prestige (US +2).",
    ]
    assert s.winner == "US"
    assert s.result == "prestige"


def test_final_scoring_un_cards_count_for_nobody() -> None:
    # UN cards: Speech to the Nation 3, SOPs 1; USSR-faction: Turn Back the Ships 1.
    s = final({"US": ["Speech to the Nation", "SOPs"], "USSR": ["Turn Back the Ships"]})
    assert "USSR gains 2 prestige (Aftermath 1 to 0). Prestige: USSR +2." in s.log
    assert s.data["prestige"] == -2
    assert s.winner == "USSR"


def test_final_scoring_aftermath_tie_gives_nothing() -> None:
    s = final({"US": ["Excomm", "Scramble"], "USSR": ["Missile Trade"]}, prestige=1)
    assert "The Aftermath is tied 3 to 3: no bonus." in s.log
    assert s.data["prestige"] == 1
    assert s.winner == "US"


def test_final_scoring_empty_aftermath_is_a_tie() -> None:
    s = final({}, prestige=-1)
    assert s.log[-3:] == ["The Aftermath is revealed: US cards none = 0; USSR cards none = 0.",
                          "The Aftermath is tied 0 to 0: no bonus.",
                          "USSR wins on prestige (USSR +1)."]
    assert s.winner == "USSR"


def test_final_scoring_aftermath_bonus_is_capped_at_a_lead_of_five() -> None:
    s = final({"US": ["Excomm"]}, prestige=4)
    assert s.log[-2] == "US gains 2 prestige (Aftermath 3 to 0) (capped at a lead of 5). Prestige: US +5."
    assert s.data["prestige"] == 5


def test_final_scoring_aftermath_bonus_can_turn_the_game() -> None:
    s = final({"USSR": ["Moscow is our Brain"]}, prestige=1)
    assert s.data["prestige"] == -1
    assert s.winner == "USSR"
    assert s.result == "prestige"


@pytest.mark.parametrize("holder", ["US", "USSR"])
def test_final_scoring_prestige_tie_goes_to_the_personal_letter_holder(holder: str) -> None:
    s = final({"US": ["Excomm"], "USSR": ["Fidel Castro"]}, letter=holder)
    assert s.data["prestige"] == 0
    assert s.winner == holder
    assert s.result == "personal_letter"
    assert s.log[-1] == f"Prestige is even: {holder} holds the Personal Letter and wins."


def test_final_scoring_letter_holder_counts_after_the_round_3_bonuses() -> None:
    # The USSR takes the Letter at the United Nations in round 3, then wins
    # the tie.
    s = position(round=3, phase="aftermath", hands={"US": ["Excomm"], "USSR": ["Fidel Castro"]},
                 cubes={"US": {}, "USSR": {"United Nations": 1}})
    assert s.data["letter"] == "USSR"
    assert s.winner == "USSR"
    assert s.result == "personal_letter"


def test_final_scoring_view_reveals_the_aftermath() -> None:
    s = final({"US": ["Excomm"], "USSR": ["SOPs"]})
    v = s.view("USSR")
    # A position lists the USSR's Aftermath cards first.
    assert v["aftermath"]["revealed"] == [["USSR", "SOPs"], ["US", "Excomm"]]
    assert v["over"] is True
    assert v["winner"] == "US"
    assert v["result"] == "prestige"


def test_final_scoring_aftermath_stays_hidden_before_the_end() -> None:
    s = position(aftermath={"US": ["Excomm"], "USSR": ["SOPs"]}, round=2)
    assert s.view("US")["aftermath"] == {"own": ["Excomm"], "size": 2}
    assert s.view("USSR")["aftermath"] == {"own": ["SOPs"], "size": 2}


def test_final_scoring_a_lead_of_five_does_not_end_the_game_early() -> None:
    s = position(phase="resolve", prestige=5)
    assert not s.is_terminal
    assert s.data["round"] == 2


def test_final_scoring_after_a_full_round_3() -> None:
    # Round 3, last plays: each side commands, the fifth cards go to the
    # Aftermath (US: Excomm 3; USSR: U Thant, UN), agendas, check, scoring.
    s = position(round=3, prestige=-1, hands={"US": ["Excomm", "Close Allies"], "USSR": ["U Thant", "SOPs"]},
                 plays={"US": 3, "USSR": 3}, next="USSR", agendas={"US": {"kept": "Italy"}})
    play(s, "command SOPs", "done", "command Close Allies", "place Italy", "place Italy")
    # Italy US 3 - 0: +4 for the US; Aftermath US 3 - 0: +2. From USSR +1: US +5.
    assert s.is_terminal
    assert s.data["prestige"] == 5
    assert s.winner == "US"
    assert s.result == "prestige"
    assert s.data["aftermath"] == [["US", 15], ["USSR", 10]]
