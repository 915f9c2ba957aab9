"""The round sequence: 3 rounds of 8 phases.

Rules covered (rules.md 3, Q6, Q7; docs/rulings.md 43-50):
- phase 1: all six DEFCON markers escalate one step, stopping at 8, every
  round;
- phase 2: agendas (test_agendas.py has the details);
- phase 3: 5 strategy cards each; the side behind in prestige chooses who
  plays first, the USSR on a tie (option initiative_tie="ussr_first": the
  USSR simply plays first on a tie); 4 plays each, alternating;
- phase 4: the fifth card goes face down to the Aftermath;
- phases 5-7: world opinion bonuses, agendas, nuclear check (own files);
- phase 8: round effects expire, the plays reset, the next round; after
  round 3 final scoring;
- the strategy deck is never reshuffled: played cards stay in the discards.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from brinkmanship.thirteen.rules import cards_in_game
from tests.thirteen.helpers import defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def keep_agendas(s: bm.State) -> None:
    """Both sides keep their first agenda."""
    play(s, texts(s)[0])
    play(s, texts(s)[0])


def zero_plays(s: bm.State) -> list[str]:
    """Play zero-cube Commands (declining offers) until no turn is pending;
    returns who played, in order."""
    order: list[str] = []
    while not s.is_terminal and s.view(None)["decision_kind"] in ("turn", "command", "offer"):
        kind = s.view(None)["decision_kind"]
        if kind == "turn":
            order.append(str(s.current_player))
            s.apply(texts(s)[0])
        elif kind == "offer":
            s.apply("decline")
        else:
            s.apply("done")
    return order


# ---------------------------------------------------------------------------
# Phase 1
# ---------------------------------------------------------------------------
def test_round_escalates_all_six_markers_one_step() -> None:
    s = position(phase="round_start", round=2,
                 defcon={"US": {"Military": 3, "Political": 4, "World Opinion": 1},
                         "USSR": {"Military": 5, "Political": 2, "World Opinion": 6}})
    assert defcon(s, "US") == {"Military": 4, "Political": 5, "World Opinion": 2}
    assert defcon(s, "USSR") == {"Military": 6, "Political": 3, "World Opinion": 7}
    assert s.log[1].startswith("Round 2: every DEFCON marker escalates one step")


def test_round_escalation_stops_at_8() -> None:
    s = position(phase="round_start", defcon={"US": {"Military": 8, "Political": 7}, "USSR": {"World Opinion": 8}})
    assert defcon(s, "US") == {"Military": 8, "Political": 8, "World Opinion": 2}
    assert defcon(s, "USSR") == {"Military": 3, "Political": 2, "World Opinion": 8}


def test_round_escalation_comes_before_the_agendas() -> None:
    s = position(phase="round_start")
    assert s.log[1].startswith("Round 1: every DEFCON marker escalates")
    assert s.log[2].startswith("USSR is dealt three agendas")
    assert s.log[3].startswith("US is dealt three agendas")


# ---------------------------------------------------------------------------
# Phase 3: deal, initiative, plays
# ---------------------------------------------------------------------------
def test_round_deals_five_strategy_cards_after_the_agendas() -> None:
    s = position(phase="round_start")
    assert s.view(None)["hand_sizes"] == {"USSR": 0, "US": 0}
    keep_agendas(s)
    assert s.view(None)["hand_sizes"] == {"USSR": 5, "US": 5}


@pytest.mark.parametrize(("prestige", "chooser"), [(0, "USSR"), (2, "USSR"), (5, "USSR"), (-1, "US"), (-5, "US")])
def test_round_initiative_the_side_behind_chooses_ussr_on_a_tie(prestige: int, chooser: str) -> None:
    s = position(phase="agendas", prestige=prestige)
    keep_agendas(s)
    assert s.current_player == chooser
    assert texts(s) == ["first USSR", "first US"]
    assert s.view(chooser)["decision"]["prompt"] == (
        f"{chooser}: choose who plays first this round ('first USSR' or 'first US')")


@pytest.mark.parametrize("first", ["USSR", "US"])
def test_round_initiative_chosen_side_plays_first(first: str) -> None:
    s = position(phase="agendas")
    keep_agendas(s)
    play(s, f"first {first}")
    assert s.log[-1] == f"USSR chooses who plays first: {first}."
    assert s.current_player == first
    assert s.view(first)["decision_kind"] == "turn"


def test_round_initiative_option_ussr_first_on_a_tie() -> None:
    s = position(phase="agendas", options={"initiative_tie": "ussr_first"})
    keep_agendas(s)
    assert s.log[-1] == "Prestige is even: the USSR plays first."
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "turn"


def test_round_initiative_option_ussr_first_still_lets_the_side_behind_choose() -> None:
    s = position(phase="agendas", prestige=-2, options={"initiative_tie": "ussr_first"})
    keep_agendas(s)
    assert s.current_player == "US"
    assert texts(s) == ["first USSR", "first US"]


@pytest.mark.parametrize("first", ["USSR", "US"])
def test_round_four_plays_each_alternating(first: str) -> None:
    s = position(phase="agendas")
    keep_agendas(s)
    play(s, f"first {first}")
    order = zero_plays(s)
    second = "US" if first == "USSR" else "USSR"
    assert order == [first, second] * 4


def test_round_plays_counted_and_alternate_from_next() -> None:
    s = position(plays={"US": 2, "USSR": 3}, next="US")
    assert zero_plays(s) == ["US", "USSR", "US"]


def test_round_a_side_out_of_cards_skips_its_plays() -> None:
    s = position(hands={"US": ["Excomm", "Quarantine", "SOPs"], "USSR": ["U Thant"]}, plays={"US": 1, "USSR": 1},
                 next="USSR")
    # The USSR's only card is played; the US then plays its three in a row.
    assert zero_plays(s) == ["USSR", "US", "US", "US"]
    assert s.data["aftermath"] == []


# ---------------------------------------------------------------------------
# Phase 4: the Aftermath card
# ---------------------------------------------------------------------------
def test_round_fifth_card_goes_face_down_to_the_aftermath() -> None:
    s = position(hands={"US": ["Excomm", "Quarantine"], "USSR": ["U Thant", "Fidel Castro"]},
                 plays={"US": 3, "USSR": 3}, next="USSR")
    play(s, "command U Thant", "done", "command Quarantine", "done")
    assert s.data["aftermath"] == [["US", 15], ["USSR", 30]]
    # Round 2 is waiting for the agendas; its cards are not dealt yet.
    assert s.data["round"] == 2
    assert s.data["hands"] == {"USSR": [], "US": []}
    lines = ["US puts a card face down in the Aftermath.", "USSR puts a card face down in the Aftermath."]
    assert all(line in s.log for line in lines)
    # Face down: neither card is named in the log, and each side sees only its own.
    assert not any("Excomm" in line or "Fidel Castro" in line for line in s.log)
    assert s.view("US")["aftermath"] == {"own": ["Excomm"], "size": 2}
    assert s.view("USSR")["aftermath"] == {"own": ["Fidel Castro"], "size": 2}


def test_round_aftermath_choice_when_a_position_leaves_several_cards() -> None:
    s = position(phase="aftermath", hands={"US": ["Excomm", "Quarantine", "SOPs"], "USSR": ["U Thant"]})
    assert s.current_player == "US"
    assert texts(s) == ["aftermath SOPs", "aftermath Excomm", "aftermath Quarantine"]
    play(s, "aftermath Quarantine")
    assert ["US", 23] in s.data["aftermath"]
    assert "US discards the rest of its hand: SOPs, Excomm." in s.log


# ---------------------------------------------------------------------------
# Phase 8 and the whole game
# ---------------------------------------------------------------------------
def test_round_end_clears_round_effects_and_plays() -> None:
    s = position(phase="resolve", effects={"SOPs": ["US"], "To the Brink": ["USSR"], "Containment": ["US"],
                                           "Bay of Pigs": ["US"]}, plays={"US": 4, "USSR": 4})
    assert s.data["round"] == 2
    assert s.data["fx"] == {"sops": [], "brink": [], "containment": [], "bay_of_pigs": []}
    assert s.data["plays"] == {"USSR": 0, "US": 0}
    assert s.view("US")["effects"] == {}


def test_round_sequence_of_a_whole_round_in_the_log() -> None:
    s = bm.new_game("thirteen", seed=5, options={"initiative_tie": "ussr_first"})
    keep_agendas(s)
    zero_plays(s)
    log = s.log
    marks = [
        "Round 1: every DEFCON marker escalates",
        "USSR is dealt three agendas",
        "USSR secretly keeps one of its agendas.",
        "Both sides are dealt five strategy cards.",
        "Prestige is even: the USSR plays first.",
        "USSR plays ",
        "US puts a card face down in the Aftermath.",
        "USSR reveals its agenda",
        "US reveals its agenda",
        "Round 2: every DEFCON marker escalates",
    ]
    at = [next(k for k, line in enumerate(log) if line.startswith(m)) for m in marks]
    assert at == sorted(at)
    assert s.data["round"] == 2


def test_round_discards_are_never_reshuffled_between_rounds() -> None:
    s = bm.new_game("thirteen", seed=5)
    keep_agendas(s)
    play(s, "first USSR")
    zero_plays(s)
    assert s.data["round"] == 2
    assert len(s.data["discard"]) == 8
    assert len(s.data["aftermath"]) == 2
    keep_agendas(s)
    # Round 2 dealt 10 more cards from the remaining 29.
    assert len(s.data["deck"]) == 19
    assert s.view(None)["hand_sizes"] == {"USSR": 5, "US": 5}
    assert sorted(cards_in_game(s.data)) == list(range(1, 40))


def test_round_three_ends_with_final_scoring() -> None:
    # From the end of round 2 on an empty board with every marker at 1:
    # round 3 escalates them to 2, nobody dominates anything, and the
    # Aftermath decides (Excomm, US 3, against Summit Meeting, UN).
    s = position(round=2, phase="resolve", cubes={}, defcon={
        "US": {"Military": 1, "Political": 1, "World Opinion": 1},
        "USSR": {"Military": 1, "Political": 1, "World Opinion": 1}},
        deck=["SOPs", "The Guns of August", "Fifty-Fifty", "Intelligence Reports", "Summit Meeting",
              "Speech to the Nation", "Close Allies", "U Thant", "Scramble", "Excomm"])
    assert s.data["round"] == 3
    assert defcon(s, "US") == {"Military": 2, "Political": 2, "World Opinion": 2}
    for _ in range(2):
        s.apply(next(a for a in texts(s) if a != "agenda Personal Letter"))
    play(s, "first US")
    assert zero_plays(s) == ["US", "USSR"] * 4
    assert s.is_terminal
    assert s.data["aftermath"] == [["US", 15], ["USSR", 7]]
    assert s.data["prestige"] == 2
    assert s.winner == "US"
    assert s.result == "prestige"
    assert s.log[-2:] == ["US gains 2 prestige (Aftermath 3 to 0). Prestige: US +2.", "US wins on prestige (US +2)."]
