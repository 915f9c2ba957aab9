"""The warning before a 13 Days move that would bring nuclear war on the mover.

Rules (rules.md 3, phase 7; docs/rulings.md): nuclear war is checked once,
at the end of each round. A side with any marker in the DEFCON 1 zone (7-8),
or with all three markers in the DEFCON 2 zone (4-6) or higher, triggers it
and loses. Before the check, each kept DEFCON-track agenda pushes every
marker of its track standing in the DEFCON 2 zone one step up (Q3). A
Command of k cubes in one arena moves its side's marker on the arena's track
k-1 steps when the Command ends.

``web.warn_thirteen.warnings(state, lang)`` names the moves of the side to
move that would leave it triggering nuclear war if the round ended then, as
that side knows the position (its own kept agenda; the opponent's flagged
ones as a possibility), with the reason in the reader's language.
"""

from __future__ import annotations

import random
import time
from typing import Any

import brinkmanship as bm
from brinkmanship import web
from brinkmanship.web.warn_thirteen import warnings


def position(**fields: Any) -> bm.State:
    """Round 1, the US to play, holding Excomm (US, Command 3) and Quarantine."""
    base: dict[str, Any] = {"round": 1, "phase": "plays", "next": "US",
                            "hands": {"US": ["Excomm", "Quarantine", "SOPs", "U Thant", "Scramble"]}}
    base.update(fields)
    return bm.from_position("thirteen", base)


def warned_after(s: bm.State, *actions: str) -> dict[str, str]:
    for a in actions:
        s.apply(a)
    return warnings(s, "en")


def test_a_command_that_ends_in_the_defcon_1_zone_is_warned_at_its_last_cube() -> None:
    # US Military at 5. Three cubes in Berlin escalate it 2 steps, to 7 (DEFCON 1),
    # when the Command ends: the third cube ends it.
    s = position(defcon={"US": {"Military": 5}})
    assert warned_after(s, "command Excomm") == {}
    assert warned_after(s, "place Berlin") == {}
    w = warned_after(s, "place Berlin")
    # Two cubes and done: 6, still DEFCON 2: no warning for "done".
    assert set(w) == {"place Berlin"}
    reason = w["place Berlin"]
    assert "Military marker at 7, in the DEFCON 1 zone" in reason
    assert "triggers nuclear war and loses" in reason  # the rule, as the rulebook states it
    assert "3 card plays left" in reason  # Excomm was the first play of four


def test_the_same_command_in_another_category_is_safe() -> None:
    # Italy is a Political arena: the Military marker at 5 does not move.
    s = position(defcon={"US": {"Military": 5}})
    s.apply("command Excomm")
    for _ in range(2):
        assert warned_after(s, "place Italy") == {}


def test_all_three_markers_in_the_defcon_2_zone_is_warned() -> None:
    # US at 4, 3, 4: two cubes in Turkey and done put Political at 4 as well (a
    # third cube, at 5).
    s = position(defcon={"US": {"Military": 4, "Political": 3, "World Opinion": 4}})
    w = warned_after(s, "command Excomm", "place Turkey", "place Turkey")
    assert set(w) == {"place Turkey", "done"}
    assert w["done"].startswith("This move leaves all three of your DEFCON markers in the DEFCON 2 zone")


def test_the_push_of_my_own_kept_track_agenda_is_counted() -> None:
    # Military at 4; three cubes in Berlin make it 6, which is still DEFCON 2 ...
    kept = {"US": {"offered": ["Military Track", "Italy", "Turkey"], "kept": "Military Track"}}
    other = {"US": {"offered": ["Military Track", "Italy", "Turkey"], "kept": "Italy"}}
    s = position(defcon={"US": {"Military": 4}}, agendas=other)
    assert warned_after(s, "command Excomm", "place Berlin", "place Berlin") == {}
    # ... unless the US kept the Military Track agenda: it pushes 6 to 7 before the check.
    s = position(defcon={"US": {"Military": 4}}, agendas=kept)
    w = warned_after(s, "command Excomm", "place Berlin", "place Berlin")
    assert set(w) == {"place Berlin"}
    assert "your kept agenda (Military Track) will push it one step up, into the DEFCON 1 zone" in w["place Berlin"]


def test_the_opponents_flagged_track_agenda_is_a_danger_whatever_it_kept() -> None:
    # The USSR flagged the Military Track agenda: if it kept it, a US marker at 6
    # would be pushed to 7. The US cannot know which agenda the USSR kept, so the
    # warning is the same whether it kept that one or another.
    found = []
    for ussr_kept in ("Military Track", "Berlin"):
        agendas = {"USSR": {"offered": ["Military Track", "Berlin", "Italy"], "kept": ussr_kept}}
        s = position(defcon={"US": {"Military": 4}}, agendas=agendas)
        found.append(warned_after(s, "command Excomm", "place Berlin", "place Berlin"))
    assert found[0] == found[1]
    assert set(found[0]) == {"place Berlin"}
    assert "if USSR kept its flagged agenda Military Track" in found[0]["place Berlin"]


def test_moving_the_opponents_marker_into_defcon_1_is_not_warned() -> None:
    # Operation Mongoose (US): the US gains 1 prestige, then the USSR may move one
    # US marker 1 step. The USSR escalating the US Military marker from 6 to 7
    # endangers the US, not the USSR.
    s = position(defcon={"US": {"Military": 6}},
                 hands={"US": ["Operation Mongoose", "Quarantine", "SOPs", "U Thant", "Scramble"]})
    s.apply("event Operation Mongoose")
    assert s.current_player == "USSR"
    assert "escalate Military 1" in [a.text for a in s.legal_actions()]
    assert warnings(s, "en") == {}


def television_bonus() -> bm.State:
    """The end of round 1: the US dominates Television and may move one of its
    markers a step; its kept Political Track agenda will push Political 6 to 7."""
    return bm.from_position("thirteen", {
        "round": 1, "phase": "plays", "next": "US", "plays": {"US": 4, "USSR": 4},
        "defcon": {"US": {"Military": 2, "Political": 6, "World Opinion": 4}, "USSR": {"Military": 3}},
        "cubes": {"US": {"Television": 2}, "USSR": {"Berlin": 1}},
        "hands": {"US": ["SOPs"], "USSR": ["U Thant"]},
        "agendas": {"US": {"offered": ["Political Track", "Turkey", "Atlantic"], "kept": "Political Track"},
                    "USSR": {"offered": ["Italy", "Berlin", "Cuba (Military)"], "kept": "Italy"}}})


def test_with_no_play_left_every_move_but_the_saving_one_is_warned() -> None:
    s = television_bonus()
    assert s.view("US", log=False)["decision"]["bonus"] == "Television"
    w = warnings(s, "en")
    legal = {a.text for a in s.legal_actions()}
    assert legal - set(w) == {"de-escalate Political 1"}
    assert "no card play left this round" in w["pass"]
    # And the board agrees: passing loses the game at the round's end.
    s.apply("pass")
    assert s.winner == "USSR"


def test_a_lost_position_that_no_move_can_save_is_not_warned_move_by_move() -> None:
    # Military at 8 and a single cube to play: nothing brings it under 7 this round.
    s = position(defcon={"US": {"Military": 8}}, plays={"US": 3, "USSR": 3},
                 hands={"US": ["U Thant", "SOPs"], "USSR": ["Scramble", "Containment"]})
    assert warnings(s, "en") == {}


def test_the_reason_reads_in_russian() -> None:
    s = position(defcon={"US": {"Military": 5}})
    s.apply("command Excomm")
    s.apply("place Berlin")
    s.apply("place Berlin")
    reason = warnings(s, "ru")["place Berlin"]
    assert "«Военный»" in reason and "зоне DEFCON 1" in reason
    assert "развязывает ядерную войну и проигрывает" in reason
    assert "осталось 3 розыгрыша карт" in reason


def test_the_servers_texts_carry_the_warnings() -> None:
    s = position(defcon={"US": {"Military": 5}})
    s.apply_many(["command Excomm", "place Berlin", "place Berlin"])
    out = web.texts(s, s.view("US", log=False), [], "en")
    assert set(out["warnings"]) == {"place Berlin"}


def test_warnings_are_cheap_enough_for_every_state_pushed() -> None:
    """Every position of a few random games: well under a millisecond on average
    (0.06 ms measured); the bound leaves room for a loaded machine."""
    spent, n = 0.0, 0
    for seed in range(6):
        s = bm.new_game("thirteen", seed=seed)
        rng = random.Random(seed)
        while s.current_player is not None:
            t = time.perf_counter()
            warnings(s, "en")
            spent += time.perf_counter() - t
            n += 1
            s.apply(rng.choice(s.legal_actions()))
    assert spent / n < 0.005
