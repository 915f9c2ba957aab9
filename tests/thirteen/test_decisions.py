"""The pending decision as data (``view(side)["decision"]``, ``thirteen/decisions.py``).

Every decision of thousands of random games, seen by both sides and a
spectator, carries the fields of its kind, agrees with the legal actions,
is JSON-ready, names no card its viewer may not know, and its prompt is
its data rendered through the catalog. Then a few decisions a player would
recognise, field by field, and the DEFCON functions the rules, the bot and
the CLI share.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.i18n import catalog, render
from brinkmanship.thirteen import defcon
from brinkmanship.thirteen.actions import MAX_SHIFT, shift_of
from brinkmanship.thirteen.board import AGENDA_CARDS, AGENDA_TYPES, ARENAS, CARD_NAME, MILITARY_TRACK, TRACKS
from brinkmanship.thirteen.decisions import CHOICES, HALVES, prompt_message
from brinkmanship.thirteen.events import REGISTRY
from brinkmanship.thirteen.game import OPTION_CHOICES
from brinkmanship.thirteen.rules import agenda_type, score_agenda, triggers_war
from tests.thirteen.helpers import play, position

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


VIEWERS = ("USSR", "US", None)
COMMON = {"player", "kind", "card", "prompt"}
FIELDS: dict[str, set[str]] = {
    "turn": {"round", "play", "plays_per_round"},
    "offer": {"by"},
    "command": {"cubes", "moved", "mode", "arena", "arenas", "letter", "granted", "lowers"},
    "cubes": {"side", "mode", "cubes", "moved", "arenas", "arena", "per_arena", "one_arena", "optional", "symbol",
              "lowers", "then"},
    "shift": {"bonus", "side", "tracks", "mode", "steps", "exact", "optional", "then"},
    "ask": {"question", "answer", "options", "means"},
    "agenda": {"agendas"},
    "initiative": set(),
    "aftermath": set(),
    "alliances": set(),
    "stolen": {"event"},
    "summit": {"discarded"},
}


def _other_readings() -> dict[str, Any]:
    return {k: v[1] for k, v in OPTION_CHOICES.items()}


def _mixed(seed: int) -> dict[str, Any]:
    r = random.Random(seed)
    return {k: r.choice(v) for k, v in OPTION_CHOICES.items()}


OPTION_SETS = [{}, _other_readings(), _mixed(7), {"agenda_push": "none"}]


def check_decision(s: bm.State, viewer: str | None, d: dict[str, Any]) -> dict[str, Any]:
    """Check the decision of ``viewer``'s view against the state (whose data
    is ``d``); returns it."""
    f = d["stack"][-1]
    v = s.view(viewer, log=False)
    x = v["decision"]
    kind = f["f"]
    assert x["kind"] == kind == v["decision_kind"]
    assert x["player"] == f["p"] == s.current_player
    assert set(x) == COMMON | FIELDS[kind], kind
    assert json.loads(json.dumps(x)) == x
    # The prompt is the data rendered through the catalog (and remembered right).
    data = {k: val for k, val in x.items() if k != "prompt"}
    assert x["prompt"] == render(prompt_message(data))
    assert x["prompt"].startswith(f"{x['player']}: ")
    _check_card(d, f, x, viewer)
    legal = s.legal_actions()
    if kind == "command":
        _check_command(d, f, x, legal)
    elif kind == "cubes":
        _check_cubes(f, x, legal)
    elif kind == "shift":
        _check_shift(d, f, x, legal)
    elif kind == "ask":
        _check_ask(f, x, legal)
    elif kind == "turn":
        assert x["play"] == d["plays"][x["player"]] + 1 and x["round"] == d["round"]
    elif kind == "offer":
        assert x["by"] != x["player"]
    elif kind == "stolen":
        assert x["event"] == any(a.verb == "event" for a in legal)
    return x


def _check_card(d: dict[str, Any], f: dict[str, Any], x: dict[str, Any], viewer: str | None) -> None:
    card = x["card"]
    kind = x["kind"]
    if kind == "alliances":
        # Only the side that drew it knows the card.
        assert card == (f["card"] if viewer == f["p"] else None)
        return
    if kind in ("turn", "agenda", "initiative", "aftermath"):
        assert card is None
        return
    if kind in ("offer", "command", "stolen", "summit"):
        assert card == f["card"] and card is not None
    elif kind == "shift" and card is None:
        assert x["bonus"] == "Television"
    elif kind != "shift":
        assert card is not None, kind
    # Public: a played card is in the discards while it resolves; a stolen one is shown face up.
    if card is not None:
        assert card in d["discard"] or (kind == "stolen" and card in d["held"])


def _check_command(d: dict[str, Any], f: dict[str, Any], x: dict[str, Any], legal: list[Any]) -> None:
    verbs = {a.verb for a in legal}
    targets = {ARENAS[a.arg] for a in legal if a.verb in ("place", "remove")}
    assert targets <= set(x["arenas"])
    assert x["cubes"] + x["moved"] == f["left"] and x["cubes"] > 0
    assert ("letter" in verbs) == x["letter"]
    if x["arena"] is None:
        assert x["moved"] == 0 and x["mode"] in ("place", "both")
        assert x["mode"] == "both" or "remove" not in verbs
    else:
        assert x["mode"] in ("place", "remove") and targets <= {x["arena"]} and verbs <= {x["mode"], "done"}


def _check_cubes(f: dict[str, Any], x: dict[str, Any], legal: list[Any]) -> None:
    targets = [ARENAS[a.arg] for a in legal if a.arg is not None]
    assert set(targets) <= set(x["arenas"]) and {a.verb for a in legal} <= {x["mode"], "done"}
    assert sum(x["moved"].values()) == len(f["done"])
    assert x["cubes"] is None or 0 < x["cubes"] <= 4
    if x["per_arena"]:
        assert all(x["moved"].get(a, 0) < x["per_arena"] for a in targets)
    if x["one_arena"] and x["moved"]:
        assert [x["arena"]] == list(x["moved"]) and set(targets) <= {x["arena"]}
    assert x["then"] is None or x["then"] in REGISTRY.continuations


def _check_shift(d: dict[str, Any], f: dict[str, Any], x: dict[str, Any], legal: list[Any]) -> None:
    moves = [shift_of(a) for a in legal if a.verb != "pass"]
    assert moves
    assert {TRACKS[t] for t, _ in moves} <= set(x["tracks"])
    assert all(abs(k) <= x["steps"] <= MAX_SHIFT for _, k in moves)
    ups = any(k > 0 for _, k in moves)
    downs = any(k < 0 for _, k in moves)
    assert (x["mode"] in ("escalate", "both")) >= ups and (x["mode"] in ("de-escalate", "both")) >= downs
    assert x["then"] is None or x["then"] in REGISTRY.continuations


def _check_ask(f: dict[str, Any], x: dict[str, Any], legal: list[Any]) -> None:
    assert [a.verb for a in legal] == [x["answer"]] * len(legal)
    assert [a.text.split(" ", 1)[1] for a in legal] == x["options"]
    # Every question the cards ask is known, with what each of its options means.
    assert f["then"] in CHOICES or f["then"] in HALVES
    assert x["question"] in catalog()
    assert list(x["means"]) == x["options"]
    for m in x["means"].values():
        render(m)


def walk(games: int, first_seed: int = 0) -> Counter[str]:
    """Check every decision of ``games`` random games per option set; count the kinds."""
    seen: Counter[str] = Counter()
    for options in OPTION_SETS:
        for seed in range(first_seed, first_seed + games):
            s = bm.new_game("thirteen", seed=seed, options=options)
            r = random.Random(seed)
            while not s.is_terminal:
                # A copy, not ``s.data``: handed out, that would make the
                # native backend keep it in step after every action.
                d = json.loads(s.to_json())
                for viewer in VIEWERS:
                    x = check_decision(s, viewer, d)
                seen[x["kind"]] += 1
                if x["kind"] == "ask":
                    seen["ask " + d["stack"][-1]["then"]] += 1
                s.apply_random(r)
            assert s.view("US")["decision"] is None
    return seen


def test_thousands_of_random_decisions_carry_the_data_of_their_kind() -> None:
    seen = walk(12)
    assert sum(seen[k] for k in FIELDS) > 3000
    # Every kind a game reaches (the Aftermath choice needs a position).
    assert set(FIELDS) - {"aftermath"} <= set(seen), seen


@pytest.mark.slow
def test_many_more_random_decisions() -> None:
    seen = walk(150, first_seed=1000)
    assert {"ask air_strike", "ask air_strike_target", "ask bay_of_pigs", "ask u_2_downed"} <= set(seen)


# -- decisions a player would recognise ----------------------------------------------------------
def test_a_turn_says_which_play_of_the_round_it_is() -> None:
    s = position(round=2, phase="plays", next="US", plays={"USSR": 2, "US": 1},
                 hands={"US": ["Excomm", "SOPs"], "USSR": ["Scramble", "Fidel Castro"]})
    x = s.view("USSR")["decision"]
    assert x == {"player": "US", "kind": "turn", "card": None, "round": 2, "play": 2, "plays_per_round": 4,
                 "prompt": "US: play a card (round 2, play 2 of 4): 'command <card>' or 'event <card>'"}


def test_an_offer_names_the_commanded_card_and_who_commands() -> None:
    s = position(next="US", hands={"US": ["Fidel Castro", "Excomm"], "USSR": ["SOPs", "Scramble"]})
    play(s, "command Fidel Castro")
    x = s.view(None)["decision"]
    assert (x["kind"], x["player"], x["by"], x["card"]) == ("offer", "USSR", "US", 30)
    assert x["prompt"] == "USSR: US commands with Fidel Castro: 'accept' its event or 'decline'"


def test_a_command_says_what_is_left_where_and_how() -> None:
    s = position(next="US", letter="US", hands={"US": ["Excomm", "Quarantine"], "USSR": ["SOPs", "Scramble"]})
    play(s, "command Excomm")
    x = s.view("US")["decision"]
    assert {k: x[k] for k in ("card", "cubes", "moved", "mode", "arena", "letter", "granted", "lowers")} == \
        {"card": 15, "cubes": 3, "moved": 0, "mode": "both", "arena": None, "letter": True, "granted": False,
         "lowers": True}
    assert x["arenas"] == list(ARENAS)
    assert x["prompt"] == ("US: Command 3 cubes in one arena (any arena): place or remove, 'letter' for +1, "
                           "'done' to stop")
    play(s, "letter", "place Berlin")
    x = s.view("USSR")["decision"]
    assert (x["cubes"], x["moved"], x["mode"], x["arena"], x["letter"]) == (3, 1, "place", "Berlin", False)
    assert x["prompt"] == "US: Command, 1 of 4 cubes placed in Berlin: place more or 'done'"


def test_an_event_command_limited_to_an_arena_kind() -> None:
    s = position(next="USSR", hands={"USSR": ["National Liberation", "SOPs"], "US": ["Scramble"]},
                 effects={"Bay of Pigs": ["USSR"]})
    play(s, "event National Liberation")
    x = s.view("USSR")["decision"]
    assert x["arenas"] == ["Cuba (Political)", "Turkey", "Italy"]
    assert (x["card"], x["granted"], x["lowers"], x["cubes"]) == (37, True, False, 3)
    assert x["prompt"] == ("USSR: National Liberation grants a Command of 3 cubes in one arena (Cuba (Political), "
                           "Turkey, Italy): place or remove, 'done' to stop")


def test_event_cubes_say_whose_where_how_many_and_what_is_moved() -> None:
    s = position(next="US", hands={"US": ["Excomm", "SOPs"], "USSR": ["Scramble"]},
                 cubes={"US": {"Italy": 1, "Turkey": 1}})
    play(s, "event Excomm", "place Berlin")
    x = s.view("US")["decision"]
    assert {k: x[k] for k in ("card", "side", "mode", "cubes", "moved", "per_arena", "one_arena", "symbol",
                                "optional")} == \
        {"card": 15, "side": "US", "mode": "place", "cubes": 3, "moved": {"Berlin": 1}, "per_arena": 2,
         "one_arena": False, "symbol": True, "optional": True}
    assert "Italy" not in x["arenas"] and "Turkey" not in x["arenas"]
    assert x["prompt"] == ("US: place up to 3 cubes in Cuba (Military), Atlantic, Berlin, Cuba (Political), "
                           "Television, United Nations, Alliances, at most 2 per arena; 'done' to stop")


def test_removing_the_opponents_cubes_names_whose_they_are() -> None:
    s = position(next="US", hands={"US": ["Non-Invasion Pledge", "SOPs"], "USSR": ["Scramble"]},
                 cubes={"USSR": {"Turkey": 3}})
    play(s, "event Non-Invasion Pledge")
    x = s.view("US")["decision"]
    assert (x["player"], x["side"], x["mode"], x["arenas"]) == ("US", "USSR", "remove", ["Turkey"])
    assert x["prompt"] == "US: remove up to 2 USSR cubes from Turkey; 'done' to stop"
    play(s, "remove Turkey")
    assert s.view("US")["decision"]["prompt"] == "US: remove up to 1 USSR cube from Turkey; 'done' to stop"


def test_public_protests_removes_any_number_from_one_arena() -> None:
    s = position(next="US", hands={"US": ["Public Protests", "SOPs"], "USSR": ["Scramble"]},
                 cubes={"US": {"Italy": 3, "Turkey": 1}})
    play(s, "event Public Protests")
    x = s.view("US")["decision"]
    assert (x["cubes"], x["one_arena"], x["arena"]) == (None, True, None)
    assert x["prompt"] == "US: remove any number of cubes from one arena; 'done' to stop"
    play(s, "remove Italy")
    x = s.view("US")["decision"]
    assert (x["cubes"], x["arena"], x["moved"]) == (None, "Italy", {"Italy": 1})
    assert x["prompt"] == "US: remove any number of cubes from Italy; 'done' to stop"


def test_a_shift_says_whose_marker_which_tracks_and_how_far() -> None:
    s = position(next="USSR", hands={"USSR": ["Berlin Blockade", "SOPs"], "US": ["Scramble"]},
                 defcon={"USSR": {"Military": 5}})
    play(s, "event Berlin Blockade")
    x = s.view("US")["decision"]
    assert {k: x[k] for k in ("player", "card", "side", "tracks", "mode", "steps", "exact", "bonus")} == \
        {"player": "US", "card": 31, "side": "USSR", "tracks": list(TRACKS), "mode": "both", "steps": 2,
         "exact": False, "bonus": None}
    assert x["prompt"] == ("US: move a USSR DEFCON marker (Military, Political, World Opinion) up or down, "
                           "up to 2 steps; 'pass' for none")


def test_invasion_of_cuba_then_lowers_another_marker_exactly() -> None:
    s = position(next="US", hands={"US": ["Invasion of Cuba", "SOPs"], "USSR": ["Scramble"]},
                 defcon={"US": {"Military": 2, "Political": 5, "World Opinion": 5}})
    play(s, "event Invasion of Cuba")
    x = s.view("US")["decision"]
    assert (x["card"], x["tracks"], x["mode"], x["then"]) == (22, ["Military"], "escalate", "invasion_of_cuba")
    play(s, "escalate Military 2")
    x = s.view("US")["decision"]
    assert (x["card"], x["tracks"], x["mode"], x["exact"], x["steps"]) == \
        (22, ["Political", "World Opinion"], "de-escalate", True, 2)
    assert x["prompt"] == ("US: move your DEFCON marker (Political, World Opinion) down, exactly 2 steps; "
                           "'pass' for none")


def test_the_television_bonus_is_a_shift_of_no_card() -> None:
    s = position(round=2, phase="aftermath", cubes={"US": {"Television": 2}},
                 hands={"USSR": ["Scramble"], "US": ["SOPs"]})
    x = s.view("US")["decision"]
    assert (x["kind"], x["card"], x["bonus"], x["steps"]) == ("shift", None, "Television", 1)


def test_air_strike_says_what_each_option_does() -> None:
    s = position(next="US", hands={"US": ["Air Strike", "Excomm"]}, cubes={"USSR": {"Cuba (Military)": 3}})
    play(s, "event Air Strike")
    x = s.view("US")["decision"]
    assert (x["card"], x["question"], x["answer"], x["options"]) == \
        (19, "thirteen.question.air_strike", "choose", ["remove", "place"])
    assert render(x["means"]["place"]) == "place up to 2 US cubes on Alliances"
    assert x["prompt"] == ("US: Air Strike: 'choose remove' to halve (rounded up) the USSR cubes in one Cuba arena "
                           "(you choose which next), or 'choose place' to place up to 2 US cubes on Alliances")
    play(s, "choose remove")
    x = s.view("US")["decision"]
    assert (x["card"], x["question"], x["answer"]) == (19, "thirteen.question.air_strike_target", "target")
    assert render(x["means"]["Cuba (Military)"]) == "halve (rounded up) the USSR cubes in Cuba (Military)"
    assert x["prompt"] == ("US: Air Strike: choose the Cuba arena whose USSR cubes are halved (rounded up): "
                           "Cuba (Military), Cuba (Political)")


def test_bay_of_pigs_asks_the_us() -> None:
    s = position(next="USSR", hands={"USSR": ["Bay of Pigs", "SOPs"]}, cubes={"US": {"Alliances": 2}})
    play(s, "event Bay of Pigs")
    x = s.view("USSR")["decision"]
    assert (x["player"], x["card"], x["options"]) == ("US", 34, ["remove", "ban"])
    assert x["prompt"] == ("US: Bay of Pigs: 'choose remove' to remove 2 US cubes from Alliances, or 'choose ban': "
                           "the US may not de-escalate DEFCON by events for the rest of the round")


def test_an_alliances_draw_is_named_to_its_drawer_only() -> None:
    s = position(phase="aftermath", cubes={"USSR": {"Alliances": 3}},
                 aftermath={"USSR": ["Scramble"], "US": ["Excomm"]})
    card = s.data["stack"][-1]["card"]
    assert s.view("USSR")["decision"]["card"] == card
    assert s.view("US")["decision"]["card"] is None and s.view(None)["decision"]["card"] is None
    assert s.view("US")["decision"]["prompt"] == s.view("USSR")["decision"]["prompt"]


def test_a_stolen_card_says_whether_its_event_may_be_used() -> None:
    s = position(next="USSR", hands={"USSR": ["Intelligence Reports", "Excomm"], "US": ["Air Strike"]})
    play(s, "event Intelligence Reports")
    x = s.view("US")["decision"]
    assert (x["kind"], x["card"], x["event"]) == ("stolen", 19, False)
    assert x["prompt"] == "USSR: play Air Strike now (command only: its event is not yours) or discard it"


def test_the_aftermath_choice_of_a_position() -> None:
    s = position(phase="aftermath", hands={"USSR": ["Scramble", "SOPs"], "US": []})
    x = s.view("US")["decision"]
    assert x == {"player": "USSR", "kind": "aftermath", "card": None,
                 "prompt": "USSR: choose the card to put in the Aftermath (the others are discarded)"}


def test_summit_meeting_counts_the_discards() -> None:
    s = position(next="US", hands={"US": ["Summit Meeting", "SOPs", "Excomm"], "USSR": ["Scramble"]})
    play(s, "event Summit Meeting", "discard SOPs")
    x = s.view("US")["decision"]
    assert (x["card"], x["discarded"]) == (7, 1)
    assert x["prompt"] == "US: Summit Meeting: discard any cards, then 'done' to draw as many"


def test_the_card_names_in_prompts_are_the_printed_names() -> None:
    s = position(next="US", hands={"US": ["Fidel Castro", "Excomm"], "USSR": ["SOPs"]})
    play(s, "command Fidel Castro")
    assert CARD_NAME[s.view("US")["decision"]["card"]] in s.view("US")["decision"]["prompt"]


# -- the DEFCON tests, once in the engine ------------------------------------------------------------
MARKERS = [(a, b, c) for a in range(1, 9) for b in range(1, 9) for c in range(1, 9)]


def test_war_at_is_the_rules_nuclear_check() -> None:
    for m in MARKERS:
        d = {"defcon": {"USSR": list(m)}}
        assert defcon.war_at(m) == triggers_war(d, "USSR") == (defcon.steps_to_safety(m)[0] > 0)


# The first agenda card that is the Military Track agenda.
MILITARY_AGENDA = next(c for c in range(1, len(AGENDA_CARDS) + 1)
                       if AGENDA_TYPES[agenda_type(c)][1:] == ("track", MILITARY_TRACK))


@pytest.mark.parametrize("mode", ["zone", "saito", "none"])
def test_pushed_is_the_track_agenda_push_of_the_rules(mode: str) -> None:
    for pos in range(1, 9):
        s = position(defcon={"USSR": {"Military": pos}, "US": {"Military": 1}}, options={"agenda_push": mode})
        score_agenda(s.data, MILITARY_AGENDA)
        assert s.data["defcon"]["USSR"][MILITARY_TRACK] == defcon.pushed(pos, mode)


@pytest.mark.parametrize("mode", ["zone", "saito", "none"])
def test_safe_limit_is_where_pushes_stop_short_of_defcon_1(mode: str) -> None:
    for pushes in range(5):
        lim = defcon.safe_limit(pushes, mode)
        for pos in range(1, 9):
            end = pos
            for _ in range(pushes):
                end = defcon.pushed(end, mode)
            assert (end <= defcon.SAFE_MAX) == (pos <= lim)
