"""The 13 Days heuristic: each piece of its knowledge shown on a position a
player would recognise (agendas, DEFCON danger, opposing events, prestige),
then its evaluation, its strength against random play and reproducibility."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.bots.base import decide
from brinkmanship.bots.heuristic import HeuristicBot, evaluate, score_actions
from brinkmanship.bots.heuristic import thirteen as knowledge
from brinkmanship.cli.simulate import play_game
from brinkmanship.core.state import State
from brinkmanship.thirteen.rules import triggers_war
from tests.thirteen.helpers import cube, defcon, play, position

# Agendas that leave both sides' DEFCON alone (no track agenda pushes).
QUIET = {"USSR": {"offered": ["Atlantic", "Turkey", "Berlin"], "kept": "Atlantic"},
         "US": {"offered": ["Italy", "Cuba (Military)", "Cuba (Political)"], "kept": "Italy"}}


def bot_turn(s: State, side: str, seed: int = 1) -> list[str]:
    """Let the heuristic play ``side``'s whole turn (its card and every choice
    the card asks of it); returns the actions."""
    bot = HeuristicBot(seed)
    done: list[str] = []
    rnd, plays = s.data["round"], s.data["plays"][side]
    while s.current_player == side and s.data["round"] == rnd:
        v = s.view(side)
        if v["decision_kind"] in ("agenda", "initiative") or (v["decision_kind"] == "turn"
                                                               and s.data["plays"][side] > plays):
            break
        a = bot.choose(v, s.legal_actions())
        done.append(a.text)
        s.apply(a)
    return done


def best(s: State) -> str:
    """The action the heuristic scores highest for the side to move."""
    side = s.current_player
    assert side is not None
    legal = s.legal_actions()
    scores = score_actions(s.view(side), legal)
    return legal[max(range(len(legal)), key=scores.__getitem__)].text


# -- agendas ----------------------------------------------------------------------------
def _opening(us_flags: list[str], kept: str) -> State:
    return position(round=1, phase="plays", next="USSR", letter="USSR",
                    defcon={"USSR": {"Military": 3, "Political": 2, "World Opinion": 2},
                            "US": {"Military": 2, "Political": 3, "World Opinion": 2}},
                    cubes={"USSR": {"Berlin": 1, "Cuba (Military)": 1, "United Nations": 4},
                           "US": {"Italy": 1, "Turkey": 1}},
                    hands={"USSR": ["Fidel Castro", "Summit Meeting", "U Thant", "SOPs", "The Guns of August"],
                           "US": ["Scramble", "Excomm", "Quarantine", "Close Allies", "Speech to the Nation"]},
                    agendas={"USSR": {"offered": [kept, "World Opinion Track", "World Opinion Track"], "kept": kept},
                             "US": {"offered": us_flags, "kept": us_flags[0]}})


@pytest.mark.parametrize("kept", ["Italy", "Atlantic"])
def test_it_places_its_cubes_where_its_kept_agenda_scores(kept: str) -> None:
    s = _opening(["Personal Letter", "Military Track", "Political Track"], kept)
    placed = [a for a in bot_turn(s, "USSR") if a.startswith("place")]
    assert placed and set(placed) == {f"place {kept}"}
    assert cube(s, "USSR", kept) > cube(s, "US", kept)     # it now dominates its agenda


@pytest.mark.parametrize("flagged", ["Italy", "Turkey"])
def test_it_contests_the_arena_the_opponent_flagged(flagged: str) -> None:
    # The USSR's own agenda (the Letter, with 4 cubes in the UN) is safe: its
    # cubes go to the only arena among the US flags, where the US leads 1-0.
    s = _opening(["Military Track", "Political Track", flagged], "Personal Letter")
    bot_turn(s, "USSR")
    assert cube(s, "USSR", flagged) > cube(s, "US", flagged)


def test_it_keeps_the_agenda_it_already_leads() -> None:
    s = position(round=2, phase="agendas", cubes={"USSR": {"Berlin": 3}, "US": {"Italy": 3, "Turkey": 1}},
                 agendas={"USSR": {"offered": ["Berlin", "Italy", "Turkey"]},
                          "US": {"offered": ["Atlantic", "Cuba (Military)", "Cuba (Political)"]}})
    assert s.current_player == "USSR"
    assert best(s) == "agenda Berlin"


# -- DEFCON ---------------------------------------------------------------------------------
def _military_six(hand: list[str]) -> State:
    # Last USSR play of round 2; the US flagged the Military Track agenda, whose
    # push would take a USSR Military marker at 6 to 7: nuclear war.
    return position(round=2, phase="plays", next="USSR", plays={"USSR": 3, "US": 3},
                    defcon={"USSR": {"Military": 6, "Political": 3, "World Opinion": 2},
                            "US": {"Military": 3, "Political": 3, "World Opinion": 3}},
                    cubes={"USSR": {"Berlin": 3, "Italy": 1}, "US": {"Italy": 2, "Turkey": 1}},
                    hands={"USSR": hand, "US": ["Scramble", "SOPs"]},
                    agendas={"USSR": {"offered": ["Italy", "Turkey", "Atlantic"], "kept": "Italy"},
                             "US": {"offered": ["Military Track", "Berlin", "Personal Letter"], "kept": "Berlin"}})


def test_with_military_at_6_on_its_last_play_it_removes_cubes_rather_than_escalate() -> None:
    # Suez-Hungary's event would win its Italy agenda; it de-escalates instead.
    s = _military_six(["Fidel Castro", "Suez-Hungary"])
    actions = bot_turn(s, "USSR")
    assert actions[0].startswith("command") and "remove Berlin" in actions
    assert defcon(s, "USSR")["Military"] <= 5


def test_it_does_not_escalate_into_nuclear_war_to_win_its_agenda() -> None:
    # Two USSR cubes in the Atlantic would win its agenda and take Military to 7.
    s = position(round=3, phase="plays", next="USSR", plays={"USSR": 3, "US": 4},
                 defcon={"USSR": {"Military": 6, "Political": 3, "World Opinion": 3},
                         "US": {"Military": 3, "Political": 3, "World Opinion": 3}},
                 cubes={"USSR": {"Berlin": 1}, "US": {"Atlantic": 1, "Italy": 1}},
                 hands={"USSR": ["Strategic Balance", "Fidel Castro"], "US": ["Scramble"]}, agendas=QUIET)
    bot_turn(s, "USSR")
    assert defcon(s, "USSR")["Military"] == 6
    assert not triggers_war(s.data, "USSR")


def test_the_television_bonus_brings_down_the_marker_in_danger() -> None:
    s = position(round=2, phase="aftermath", cubes={"USSR": {"Berlin": 1}, "US": {"Television": 2}},
                 defcon={"USSR": {"Military": 3, "Political": 3, "World Opinion": 3},
                         "US": {"Military": 5, "Political": 3, "World Opinion": 7}},
                 hands={"USSR": ["Scramble"], "US": ["SOPs"]}, agendas=QUIET)
    assert s.current_player == "US" and s.view("US")["decision_kind"] == "shift"
    assert best(s) == "de-escalate World Opinion 1"


def test_it_pushes_the_opponent_over_the_brink_when_it_may_move_its_marker() -> None:
    # The USSR played Berlin Blockade with its Military marker at 5 and no plays
    # left: the US moves it up 2 steps, into DEFCON 1.
    s = position(round=3, phase="plays", next="USSR", plays={"USSR": 3, "US": 4},
                 defcon={"USSR": {"Military": 5, "Political": 3, "World Opinion": 3},
                         "US": {"Military": 3, "Political": 3, "World Opinion": 3}},
                 hands={"USSR": ["Berlin Blockade", "Scramble"], "US": ["SOPs"]}, agendas=QUIET)
    play(s, "event Berlin Blockade")
    assert s.current_player == "US"
    assert best(s) == "escalate Military 2"


# -- opposing events -----------------------------------------------------------------------------
def _offered(card: str, ussr_military: int) -> State:
    s = position(round=3, phase="plays", next="US", plays={"USSR": 4, "US": 3},
                 defcon={"USSR": {"Military": ussr_military, "Political": 3, "World Opinion": 3},
                         "US": {"Military": 3, "Political": 3, "World Opinion": 3}},
                 hands={"USSR": ["SOPs"], "US": [card, "Scramble"]},
                 agendas={"USSR": {"offered": ["Italy", "Turkey", "Berlin"], "kept": "Italy"},
                          "US": {"offered": ["Atlantic", "Cuba (Military)", "Cuba (Political)"], "kept": "Atlantic"}})
    return play(s, f"command {card}")


def test_offered_a_helpful_event_it_accepts() -> None:
    assert best(_offered("Suez-Hungary", 3)) == "accept"     # wins its Italy agenda
    assert best(_offered("Fidel Castro", 3)) == "accept"


def test_it_declines_an_event_that_lets_the_opponent_start_its_nuclear_war() -> None:
    # Berlin Blockade: +2 prestige, then the US may move a USSR marker up 2 steps.
    assert best(_offered("Berlin Blockade", 3)) == "accept"
    assert best(_offered("Berlin Blockade", 6)) == "decline"


def test_it_uses_its_only_de_escalation_before_offering_the_opponent_a_ban() -> None:
    # US World Opinion at 7 and only U Thant can lower it: commanding with Bay of
    # Pigs first would let the USSR forbid that, so U Thant goes first.
    s = position(round=2, phase="plays", next="US", plays={"USSR": 2, "US": 2},
                 defcon={"USSR": {"Military": 3, "Political": 3, "World Opinion": 3},
                         "US": {"Military": 3, "Political": 5, "World Opinion": 7}},
                 hands={"USSR": ["Scramble", "Close Allies", "Nuclear Submarines"],
                        "US": ["Bay of Pigs", "U Thant", "Quarantine"]}, agendas=QUIET)
    assert bot_turn(s, "US") == ["event U Thant"]
    assert defcon(s, "US")["World Opinion"] == 6


def test_a_dangerous_opposing_card_goes_to_the_aftermath() -> None:
    # Commanding with Excomm would give the US four cubes; kept, it only adds
    # 3 to the US Aftermath total.
    s = position(round=2, phase="plays", next="USSR", plays={"USSR": 3, "US": 4},
                 hands={"USSR": ["Excomm", "Summit Meeting"], "US": ["Scramble"]}, agendas=QUIET)
    actions = bot_turn(s, "USSR")
    assert actions[0] == "command Summit Meeting"
    assert ["USSR", 15] in s.data["aftermath"]


def test_a_granted_command_lowers_defcon_when_the_decision_data_says_so() -> None:
    # U-2 Photographs: Command 3 in one military arena. Removing US cubes
    # from the Atlantic brings the US Military marker down from 6, unless a
    # ban (Bay of Pigs, Containment) stops it: the decision's ``lowers``.
    s = position(round=2, phase="plays", next="US", plays={"USSR": 2, "US": 2},
                 defcon={"USSR": {"Military": 3, "Political": 3, "World Opinion": 3},
                         "US": {"Military": 6, "Political": 3, "World Opinion": 3}},
                 cubes={"US": {"Atlantic": 3, "Italy": 1}, "USSR": {"Atlantic": 1, "Berlin": 2}},
                 hands={"USSR": ["Scramble", "Close Allies"], "US": ["U-2 Photographs", "Quarantine"]},
                 agendas=QUIET)
    play(s, "event U-2 Photographs")
    view = s.view("US")
    assert view["decision"]["granted"] and view["decision"]["lowers"]
    assert best(s) == "remove Atlantic"
    banned = dict(view, decision=dict(view["decision"], lowers=False))
    legal = s.legal_actions()
    scores = score_actions(banned, legal)
    assert legal[max(range(len(legal)), key=scores.__getitem__)].text != "remove Atlantic"


# -- prestige -----------------------------------------------------------------------------------
def test_it_keeps_its_own_strongest_card_for_the_aftermath() -> None:
    s = position(round=2, phase="plays", next="USSR", plays={"USSR": 3, "US": 4},
                 hands={"USSR": ["Nuclear Submarines", "Missile Trade"], "US": ["Scramble"]}, agendas=QUIET)
    bot_turn(s, "USSR")
    assert ["USSR", 29] in s.data["aftermath"]      # Missile Trade, a USSR 3


def test_an_alliances_draw_of_its_own_faction_goes_to_the_aftermath() -> None:
    def drawn(card: str) -> str:
        s = position(round=2, phase="aftermath", cubes={"USSR": {"Alliances": 2}, "US": {"Italy": 1}},
                     hands={"USSR": ["Scramble"], "US": ["SOPs"]}, deck=[card], agendas=QUIET)
        assert s.view("USSR")["decision_kind"] == "alliances"
        return best(s)
    assert drawn("Fidel Castro") == "aftermath Fidel Castro"
    assert drawn("Excomm") == "discard Excomm"


def test_at_the_lead_cap_it_plays_for_the_letter_not_for_more_agenda() -> None:
    # US kept Italy and leads it 3-0. At even prestige more cubes there score
    # more; 5 ahead they would be lost to the cap, so it takes the United
    # Nations (the Letter breaks a tie) instead.
    def placed(prestige: int) -> list[str]:
        s = position(round=3, phase="plays", next="US", plays={"USSR": 4, "US": 3}, prestige=prestige,
                     letter="USSR", cubes={"USSR": {"United Nations": 1, "Berlin": 1},
                                           "US": {"Italy": 3, "United Nations": 1}},
                     hands={"USSR": ["Scramble"], "US": ["Close Allies", "Quarantine"]},
                     agendas={"USSR": {"offered": ["Atlantic", "Turkey", "Berlin"], "kept": "Berlin"},
                              "US": {"offered": ["Italy", "Cuba (Military)", "Cuba (Political)"], "kept": "Italy"}})
        return [a for a in bot_turn(s, "US") if a.startswith("place")]
    assert "place Italy" in placed(0)
    assert set(placed(5)) == {"place United Nations"}


def test_it_lets_the_opponent_play_first() -> None:
    s = position(round=2, phase="agendas", prestige=2,
                 agendas={"USSR": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Berlin"},
                          "US": {"offered": ["Atlantic", "Cuba (Military)", "Cuba (Political)"],
                                 "kept": "Atlantic"}})
    assert s.current_player == "USSR" and s.view("USSR")["decision_kind"] == "initiative"
    assert best(s) == "first US"


# -- robustness and evaluation ---------------------------------------------------------------------
def test_an_unknown_decision_scores_neutral() -> None:
    s = bm.new_game("thirteen", seed=3)
    view = s.view("USSR")
    v: dict[str, Any] = dict(view, decision=dict(view["decision"], kind="something new"))
    assert score_actions(v, s.legal_actions()) == [0.0] * len(s.legal_actions())


def test_an_option_missing_from_the_view_reads_as_its_default() -> None:
    # Containment also bans events a side accepted (the seed's reading, Q10).
    view = bm.new_game("thirteen", seed=3).view("USSR")
    del view["options"]["containment_offered"]
    assert knowledge._Model(view, "USSR").cont_offered


def test_evaluate_reads_the_end_of_the_game() -> None:
    s = position(round=3, phase="resolve", prestige=4,
                 agendas={"USSR": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Berlin"},
                          "US": {"offered": ["Atlantic", "Cuba (Military)", "Cuba (Political)"], "kept": "Atlantic"}})
    assert s.is_terminal and s.winner == "US"
    assert evaluate(s.view("US"), "US") == 1.0 and evaluate(s.view("USSR"), "USSR") == 0.0
    war = position(round=1, phase="resolve", defcon={"USSR": {"Military": 7}, "US": {"Political": 8}})
    assert war.is_terminal and war.winner is None
    assert evaluate(war.view("US"), "US") == 0.5


def test_evaluate_favours_the_side_ahead_and_in_safety() -> None:
    base: dict[str, Any] = dict(round=3, phase="plays", next="USSR", plays={"USSR": 3, "US": 3}, agendas=QUIET,
                                hands={"USSR": ["Scramble", "SOPs"], "US": ["Excomm", "Quarantine"]})
    ahead = position(**base, prestige=4)
    assert 0.5 < evaluate(ahead.view("US"), "US") < 1.0
    assert evaluate(ahead.view("USSR"), "USSR") < 0.5
    doomed = position(**base, defcon={"US": {"Military": 8, "Political": 8, "World Opinion": 8}})
    assert evaluate(doomed.view("US"), "US") < evaluate(position(**base).view("US"), "US")


def test_at_the_start_of_a_round_evaluate_uses_the_fitted_round_start_model() -> None:
    """Round 3 is about to deal its agendas (where search rollouts stop):
    evaluate is the logistic model of ``ROUND_START_W``, which prizes a
    prestige lead more in the last round, the Personal Letter and the arenas
    led; once cards are dealt and played, the plain model again."""
    flags = {"USSR": {"offered": ["Berlin", "Italy", "Turkey"]},
             "US": {"offered": ["Atlantic", "Cuba (Military)", "Cuba (Political)"]}}
    base: dict[str, Any] = dict(round=3, phase="agendas", agendas=flags, letter="USSR",
                                cubes={"US": {"Berlin": 2, "Italy": 1}, "USSR": {"Turkey": 1}})
    start = position(**base, prestige=2)
    view = start.view("US")
    assert knowledge.at_round_start(view)
    plain = knowledge._Model(view, "US").win_probability()
    assert evaluate(view, "US") != plain
    assert evaluate(view, "US") > 0.5 > evaluate(start.view("USSR"), "USSR")
    assert evaluate(position(**base, prestige=4).view("US"), "US") > evaluate(view, "US")
    assert evaluate(position(**{**base, "letter": "US"}, prestige=2).view("US"), "US") > evaluate(view, "US")
    # Leading in the last round counts for more than in round 2.
    earlier = position(**{**base, "round": 2}, prestige=2).view("US")
    assert knowledge.at_round_start(earlier) and evaluate(view, "US") > evaluate(earlier, "US")
    playing = position(round=3, phase="plays", next="USSR", agendas=QUIET, prestige=2,
                       hands={"USSR": ["Scramble", "SOPs"], "US": ["Excomm", "Quarantine"]})
    pv = playing.view("US")
    assert not knowledge.at_round_start(pv)
    assert evaluate(pv, "US") == knowledge._Model(pv, "US").win_probability()


def test_it_beats_random_play() -> None:
    wins = 0
    for seed in range(1, 41):
        me = "USSR" if seed % 2 else "US"
        other = "US" if me == "USSR" else "USSR"
        state, _ = play_game("thirteen", seed, {}, {me: "heuristic", other: "random"})
        wins += state.winner == me
        assert not (state.result == "nuclear_war" and triggers_war(state.data, me))
    assert wins >= 38


def test_games_are_reproducible() -> None:
    def game(bot_seed: int) -> list[str]:
        state = bm.new_game("thirteen", seed=5)
        bots = {"USSR": HeuristicBot(bot_seed, 0.5), "US": HeuristicBot(bot_seed + 1, 0.5)}
        done = []
        while not state.is_terminal:
            side = state.current_player
            assert side is not None
            a = decide(bots[side], state, side)
            done.append(a.text)
            state.apply(a)
        return done
    assert game(1) == game(1)
    assert game(1) != game(2)                      # the noise follows the bot's own seed
    _, res = play_game("thirteen", 9, {}, {"USSR": "heuristic", "US": "random"}, keep_actions=True)
    _, again = play_game("thirteen", 9, {}, {"USSR": "heuristic", "US": "random"}, keep_actions=True)
    assert res.actions == again.actions


def test_it_reads_the_decision_data_never_prompt_or_log_text() -> None:
    """Every prompt and log text replaced by a placeholder: the same moves."""
    def game(seed: int, blank: bool) -> list[str]:
        state = bm.new_game("thirteen", seed=seed)
        bots = {"USSR": HeuristicBot(seed), "US": HeuristicBot(seed + 1)}
        done = []
        while not state.is_terminal:
            side = state.current_player
            assert side is not None
            view = state.view(side)
            if blank:
                view["decision"]["prompt"] = "?"
                del view["decision_kind"]                  # the decision data names the kind
                view["log"] = [{"code": "raw", "args": {"text": "?"}, "to": "all"} for _ in view["log"]]
            a = bots[side].choose(view, state.legal_actions())
            done.append(a.text)
            state.apply(a)
        return done
    for seed in (3, 4):
        assert game(seed, True) == game(seed, False)
