"""The turn sequence (rule 4.5) and the deck (rules 4.1, 4.3, 4.4, 11).

Covered: dealing up to 8 cards (turns 1-3) or 9 (turns 4-10), USSR first and
alternating; The China Card never counts toward the hand; held cards do; when
the draw pile runs out mid-deal its last cards are dealt first and then the
discard pile (not the removed cards) is reshuffled; the Mid War cards join the
draw pile at turn 4 and the Late War cards at turn 8, the discard pile staying
where it is; 6 action rounds in turns 1-3 and 7 from turn 4, USSR then US; a
player with no playable card passes automatically; at the end of the turn the
Military Operations check, the China Card flip, the Military Operations reset
and the turn advance (with DEFCON improving at the start of the next turn);
after turn 10, final scoring.
"""

from __future__ import annotations

import pytest

import brinkmanship as bm
from brinkmanship.twilight.board import CARD, CHINA, OPTIONAL_CARDS, PERIOD_CARDS, SCORING, card_number
from tests.twilight.helpers import OPS_ONLY, ops_only, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")

MID_WAR = set(PERIOD_CARDS["Mid"]) | set(OPTIONAL_CARDS["Mid"])
LATE_WAR = set(PERIOD_CARDS["Late"]) | set(OPTIONAL_CARDS["Late"])


def n(name: str) -> int:
    return card_number(name)


def play_ops(s: bm.State, card: str, country: str) -> None:
    """The phasing player plays ``card`` for operations, all placed in ``country``."""
    side = s.current_player
    s.apply(f"ops {card}")
    while not s.is_terminal and s.current_player == side and s.data["stack"][-1]["f"] == "ops":
        s.apply(f"place {country}")


def autoplay_action_round(s: bm.State) -> None:
    """Play the current action round: a scoring card as its event, otherwise
    the first card in hand for operations placed in the first legal country."""
    side = s.current_player
    legal = texts(s)
    scoring = [t for t in legal if t.startswith("event ") and SCORING[n(t[6:])]]
    s.apply(scoring[0] if scoring else next(t for t in legal if t.startswith("ops ") and "China" not in t))
    while not s.is_terminal and s.current_player == side and s.data["stack"][-1]["f"] == "ops":
        s.apply(next(t for t in texts(s) if t.startswith("place ")))


def test_action_rounds_alternate_six_per_side_then_seven_from_turn_4() -> None:
    s = bm.new_game("twilight", seed=11, options=OPS_ONLY)
    for _ in range(6):
        s.apply("place Poland")
    for _ in range(7):
        s.apply("place West Germany")
    seen: dict[int, list[tuple[int, str]]] = {}
    while not s.is_terminal and s.data["turn"] <= 4:
        top = s.data["stack"][-1]["f"]
        if top == "headline":
            s.apply(texts(s)[0])
        elif top == "action":
            seen.setdefault(s.data["turn"], []).append((s.data["ar"], s.current_player or ""))
            autoplay_action_round(s)
        else:  # pragma: no cover - autoplay never leaves other decisions open
            raise AssertionError(f"unexpected decision {top}")
    assert not s.is_terminal
    assert s.data["turn"] == 5
    for turn in (1, 2, 3):
        assert seen[turn] == [(ar, side) for ar in range(1, 7) for side in ("USSR", "US")]
    assert seen[4] == [(ar, side) for ar in range(1, 8) for side in ("USSR", "US")]


def test_the_last_action_round_of_an_early_war_turn_is_the_sixth() -> None:
    s = ops_only({
        "turn": 3, "action_round": 6, "phasing": "US",
        "hands": {"USSR": ["Fidel"], "US": ["Truman Doctrine"]},
        "deck": list(range(36, 60)),
    })
    assert s.current_player == "US"
    play_ops(s, "Truman Doctrine", "Canada")
    # No seventh round: turn 4 begins with the headline phase.
    assert s.data["turn"] == 4
    assert s.current_player == "USSR"
    assert all(t.startswith("headline ") for t in texts(s))
    with pytest.raises(bm.PositionError):
        ops_only({"turn": 3, "action_round": 7})


def test_a_mid_war_turn_has_a_seventh_action_round() -> None:
    s = ops_only({
        "turn": 5, "action_round": 7, "phasing": "USSR",
        "hands": {"USSR": ["Fidel"], "US": ["Truman Doctrine"]},
    })
    assert s.current_player == "USSR"
    play_ops(s, "Fidel", "Poland")
    assert s.current_player == "US"
    assert s.data["ar"] == 7
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.data["turn"] == 6


def test_deal_alternates_one_card_at_a_time_ussr_first() -> None:
    # Turn 2: the USSR holds 3 cards (and The China Card), the US 5.
    deck = ["Duck and Cover", "Five Year Plan", "Socialist Governments", "Fidel", "Vietnam Revolts",
            "Blockade", "Korean War", "Romanian Abdication", "Arab-Israeli War"]
    s = ops_only({
        "turn": 2, "phase": "turn_start",
        "hands": {"USSR": ["COMECON", "Nasser", "Warsaw Pact Formed"],
                  "US": ["NATO", "Marshall Plan", "Containment", "CIA Created", "Defectors"]},
        "deck": deck,
    })
    hands = s.data["hands"]
    assert len(hands["USSR"]) == 8  # The China Card does not count
    assert len(hands["US"]) == 8
    assert s.data["china"] == "USSR"
    # USSR gets the 1st, 3rd, 5th, 7th and then (US full) the 8th card.
    assert hands["USSR"][3:] == [n(c) for c in ("Duck and Cover", "Socialist Governments",
                                                 "Vietnam Revolts", "Korean War", "Romanian Abdication")]
    assert hands["US"][5:] == [n(c) for c in ("Five Year Plan", "Fidel", "Blockade")]
    assert s.data["deck"] == [n("Arab-Israeli War")]
    assert "Deal: USSR draws 5, US draws 3." in s.log


def test_held_cards_count_toward_the_hand_size() -> None:
    s = ops_only({
        "turn": 2, "phase": "turn_start",
        "hands": {"USSR": [], "US": ["NATO", "Marshall Plan", "Containment", "CIA Created",
                                     "Defectors", "Truman Doctrine", "Olympic Games", "Nasser"]},
        "deck": list(range(7, 15)),
    })
    assert len(s.data["hands"]["USSR"]) == 8
    assert len(s.data["hands"]["US"]) == 8  # already full: nothing dealt
    assert "Deal: USSR draws 8, US draws 0." in s.log


def test_hand_size_is_nine_from_turn_4() -> None:
    s = ops_only({
        "turn": 6, "phase": "turn_start",
        "hands": {"USSR": ["Fidel"], "US": []},
        "china": {"holder": "US", "face_up": True},
    })
    assert len(s.data["hands"]["USSR"]) == 9
    assert len(s.data["hands"]["US"]) == 9  # The China Card held by the US is not counted
    assert CHINA not in s.data["hands"]["US"]


def test_draw_pile_runs_out_remaining_cards_first_then_the_discards() -> None:
    s = ops_only({
        "turn": 2, "phase": "turn_start",
        "hands": {"USSR": ["Fidel", "Nasser", "Blockade", "COMECON", "Korean War", "Suez Crisis"],
                  "US": ["NATO", "Marshall Plan", "Containment", "CIA Created", "Defectors",
                         "Truman Doctrine", "Duck and Cover"]},
        "deck": ["Olympic Games"],
        "discard": ["Decolonization", "Red Scare/Purge", "UN Intervention", "De-Stalinization"],
        "removed": ["Vietnam Revolts"],
    })
    d = s.data
    # The last card of the old pile went to the USSR before any reshuffle.
    assert d["hands"]["USSR"][6] == n("Olympic Games")
    assert len(d["hands"]["USSR"]) == 8
    assert len(d["hands"]["US"]) == 8
    assert d["discard"] == []
    assert d["removed"] == [n("Vietnam Revolts")]
    reshuffled = {n(c) for c in ("Decolonization", "Red Scare/Purge", "UN Intervention", "De-Stalinization")}
    drawn = {d["hands"]["USSR"][7], d["hands"]["US"][7]}
    assert drawn <= reshuffled
    assert set(d["deck"]) == reshuffled - drawn
    assert "The discard pile (4 cards) is reshuffled into a new draw pile." in s.log


def test_mid_war_cards_join_the_draw_pile_at_turn_4_not_the_discards() -> None:
    discard = ["Decolonization", "Red Scare/Purge", "UN Intervention", "Olympic Games"]
    s = ops_only({
        "turn": 3, "action_round": 6, "phasing": "US",
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
        "deck": ["Nasser", "Blockade"],
        "discard": discard,
    })
    play_ops(s, "Truman Doctrine", "Canada")
    d = s.data
    assert d["turn"] == 4
    assert "The Mid War cards are shuffled into the draw pile." in s.log
    assert len(d["hands"]["USSR"]) == 9
    assert len(d["hands"]["US"]) == 9
    assert d["discard"] == [n(c) for c in discard] + [n("Truman Doctrine")]
    pool = set(d["deck"]) | set(d["hands"]["USSR"]) | set(d["hands"]["US"])
    assert pool == MID_WAR | {n("Nasser"), n("Blockade")}
    assert len(d["deck"]) == len(MID_WAR) + 2 - 18


def test_late_war_cards_join_the_draw_pile_at_turn_8() -> None:
    s = ops_only({
        "turn": 7, "action_round": 7, "phasing": "US",
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
        "deck": [],
        "discard": ["Fidel", "Arms Race"],
    })
    play_ops(s, "Truman Doctrine", "Canada")
    d = s.data
    assert d["turn"] == 8
    pool = set(d["deck"]) | set(d["hands"]["USSR"]) | set(d["hands"]["US"])
    assert pool == LATE_WAR
    assert all(CARD[c].period == "Late" for c in d["hands"]["USSR"] + d["hands"]["US"])
    assert d["discard"] == [n("Fidel"), n("Arms Race"), n("Truman Doctrine")]


def test_no_new_cards_are_added_at_turn_5() -> None:
    s = ops_only({
        "turn": 4, "action_round": 7, "phasing": "US",
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
        "deck": list(range(36, 56)),
    })
    play_ops(s, "Truman Doctrine", "Canada")
    d = s.data
    assert d["turn"] == 5
    assert len(d["deck"]) == 20 - 18
    assert set(d["deck"]) | set(d["hands"]["USSR"]) | set(d["hands"]["US"]) == set(range(36, 56))


def test_a_player_without_cards_passes_automatically() -> None:
    s = ops_only({
        "turn": 2, "action_round": 3, "phasing": "USSR",
        "hands": {"USSR": [], "US": ["NATO", "Truman Doctrine"]},
        "china": {"holder": "USSR", "face_up": False},
    })
    assert s.current_player == "US"
    assert s.data["ar"] == 3
    assert "USSR has no card to play and passes." in s.log
    play_ops(s, "Truman Doctrine", "Canada")
    # Round 4: the USSR passes again, the US plays.
    assert s.current_player == "US"
    assert s.data["ar"] == 4


def test_a_player_holding_only_the_china_card_may_pass() -> None:
    s = ops_only({
        "turn": 2, "action_round": 5, "phasing": "USSR",
        "hands": {"USSR": [], "US": ["NATO", "Truman Doctrine"]},
    })
    assert s.current_player == "USSR"
    assert texts(s) == ["ops The China Card", "space The China Card", "pass"]
    s.apply("pass")
    assert s.current_player == "US"
    assert s.data["china"] == "USSR"


def test_a_player_holding_cards_may_not_pass() -> None:
    s = ops_only({
        "turn": 2, "action_round": 5, "phasing": "US",
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
    })
    assert texts(s) == ["ops Truman Doctrine"]
    with pytest.raises(bm.IllegalActionError):
        s.apply("pass")


def test_end_of_turn_military_operations_reset_and_next_turn() -> None:
    # DEFCON 3 at the end of turn 2: the USSR met its 3, the US conducted 1.
    s = ops_only({
        "turn": 2, "action_round": 6, "phasing": "US", "defcon": 3, "vp": 4,
        "milops": {"USSR": 3, "US": 1},
        "space_attempts": {"USSR": 1, "US": 1},
        "hands": {"USSR": ["Fidel"], "US": ["Truman Doctrine"]},
        "china": {"holder": "US", "face_up": False},
    })
    play_ops(s, "Truman Doctrine", "Canada")
    d = s.data
    assert "US is 2 short of the required 3 Military Operations." in s.log
    assert d["vp"] == 2  # US +4, then USSR gains 2
    assert d["turn"] == 3
    assert d["milops"] == {"USSR": 0, "US": 0}
    assert d["space_tries"] == {"USSR": 0, "US": 0}
    assert s.view(None)["china_card"] == {"holder": "US", "face_up": True}
    assert d["defcon"] == 4  # improved at the start of turn 3
    assert d["hands"]["USSR"][0] == n("Fidel")  # a held card stays for the next turn
    assert len(d["hands"]["USSR"]) == 8
    assert s.current_player == "USSR"  # turn 3 headline


def test_both_sides_short_only_the_difference_moves_vp() -> None:
    s = ops_only({
        "turn": 2, "action_round": 6, "phasing": "US", "defcon": 4,
        "milops": {"USSR": 1, "US": 0},
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
    })
    play_ops(s, "Truman Doctrine", "Canada")
    assert "USSR is 3 short of the required 4 Military Operations." in s.log
    assert "US is 4 short of the required 4 Military Operations." in s.log
    assert s.data["vp"] == -1


def test_turn_1_defcon_improvement_does_nothing() -> None:
    s = ops_only({"phase": "turn_start"})
    assert s.data["defcon"] == 5
    assert s.data["turn"] == 1


def test_defcon_improves_by_one_at_turn_start() -> None:
    s = ops_only({"turn": 6, "phase": "turn_start", "defcon": 2})
    assert s.data["defcon"] == 3
    assert "DEFCON rises to 3." in s.log


def test_after_turn_10_comes_final_scoring() -> None:
    s = ops_only({
        "turn": 10, "action_round": 7, "phasing": "US",
        "influence": {"US": {}, "USSR": {}},
        "milops": {"USSR": 5, "US": 5},
        "hands": {"USSR": [], "US": ["Truman Doctrine"]},
    })
    play_ops(s, "Truman Doctrine", "Canada")
    assert s.is_terminal
    assert s.data["turn"] == 10
    assert "=== Final scoring ===" in s.log
    assert s.result == "final_scoring"
    # Nothing is controlled; the USSR holds The China Card: 1 VP.
    assert s.data["vp"] == -1
    assert s.winner == "USSR"
