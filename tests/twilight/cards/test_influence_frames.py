"""The generic influence frame's "N different countries" form and its
continuation, as the cards that use them play: Warsaw Pact Formed, Muslim
Revolution, East European Unrest (each chosen country once) and
De-Stalinization (a removal whose continuation places what was taken)."""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight import rules
from brinkmanship.twilight.board import INDEX
from tests.twilight.helpers import inf, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def position(**fields: Any) -> bm.State:
    """A position with events on."""
    return bm.from_position("twilight", {"options": EVENTS_ON, **fields})


def test_a_country_chosen_once_is_not_offered_again() -> None:
    s = position(turn=8, phasing="US", hands={"USSR": ["Fidel"], "US": ["East European Unrest"]},
                 influence={"US": {}, "USSR": {"Poland": 5, "Hungary": 1, "Romania": 2}})
    s.apply_many(["event East European Unrest", "target Poland"])
    assert inf(s, "USSR", "Poland") == 3  # influence left there, but Poland is done
    assert texts(s) == ["target Hungary", "target Romania"]
    with pytest.raises(bm.IllegalActionError, match="Poland was chosen already"):
        s.apply("target Poland")
    s.apply("target Hungary")  # 2 to remove, 1 there: all of it
    assert inf(s, "USSR", "Hungary") == 0
    assert s.log[-1] == "East European Unrest: USSR influence -1 in Hungary."


def test_all_of_a_sides_influence_goes_from_each_country_chosen() -> None:
    s = position(turn=4, hands={"USSR": ["Muslim Revolution"], "US": ["NATO"]},
                 influence={"US": {"Iran": 4, "Iraq": 1}, "USSR": {}})
    s.apply_many(["event Muslim Revolution", "target Iran"])
    assert inf(s, "US", "Iran") == 0
    assert s.log[-1] == "Muslim Revolution: 4 US influence removed from Iran."


def test_the_continuation_runs_when_no_country_is_left() -> None:
    s = position(hands={"USSR": ["Warsaw Pact Formed"], "US": ["NATO"]},
                 influence={"US": {"Poland": 2, "Hungary": 1}, "USSR": {}})
    s.apply_many(["event Warsaw Pact Formed", "choose remove", "target Poland", "target Hungary"])
    assert s.log[-3:] == ["Warsaw Pact Formed: 2 US influence removed from Poland.",
                          "Warsaw Pact Formed: 1 US influence removed from Hungary.",
                          "Warsaw Pact Formed: no US influence is left in Eastern Europe."]
    assert s.current_player == "US"


def test_the_continuation_runs_at_once_when_no_country_is_open() -> None:
    s = position(turn=4, hands={"USSR": ["Muslim Revolution"], "US": ["NATO"]},
                 influence={"US": {"Israel": 3}, "USSR": {}})
    s.apply("event Muslim Revolution")
    assert "Muslim Revolution: no more US influence in the countries it names." in s.log
    assert s.current_player == "US" and all(f["f"] != "remove_inf" for f in s.data["stack"])


def test_no_continuation_entry_when_every_choice_is_made() -> None:
    s = position(turn=4, hands={"USSR": ["Muslim Revolution"], "US": ["NATO"]},
                 influence={"US": {"Iran": 1, "Iraq": 1}, "USSR": {}})
    s.apply_many(["event Muslim Revolution", "target Iran", "target Iraq"])
    assert not any("no more US influence" in line for line in s.log)


def test_de_stalinization_places_what_was_taken_when_nothing_is_left_to_take() -> None:
    s = position(hands={"USSR": ["De-Stalinization"], "US": ["NATO"]},
                 influence={"US": {}, "USSR": {"Poland": 2}})
    s.apply_many(["event De-Stalinization", "target Poland", "target Poland"])
    assert s.log[-1] == "De-Stalinization: the USSR places the 2 influence taken."
    dec = s.view("USSR")["decision"]
    assert (dec["kind"], dec["mode"], dec["left"], dec["max_per_country"]) == ("place_inf", "place", 2, 2)


def test_de_stalinization_with_no_influence_on_the_board_moves_nothing() -> None:
    s = position(hands={"USSR": ["De-Stalinization"], "US": ["NATO"]}, influence={"US": {}, "USSR": {}})
    s.apply("event De-Stalinization")
    assert s.log[-1] == "De-Stalinization: the USSR moves no influence."
    assert s.current_player == "US"


def test_the_decision_is_the_cards_question_with_what_is_left() -> None:
    s = position(hands={"USSR": ["Warsaw Pact Formed"], "US": ["NATO"]},
                 influence={"US": {"Poland": 3, "Hungary": 1, "Romania": 2}, "USSR": {}})
    s.apply_many(["event Warsaw Pact Formed", "choose remove", "target Poland"])
    dec = s.view(None)["decision"]
    assert (dec["kind"], dec["question"], dec["choice"], dec["card"], dec["left"]) == (
        "ask", "twilight.ask.warsaw_pact_remove", "target", 16, 3)
    assert (dec["mode"], dec["side"], dec["per"], dec["so_far"]) == ("remove", "US", "all", ["Poland"])
    assert [o["action"] for o in dec["options"]] == ["target Hungary", "target Romania"]
    assert dec["options"][1]["meaning"] == {"code": "twilight.meaning.remove_all",
                                            "args": {"side": "US", "country": "Romania"}}


def test_de_stalinization_decision_counts_what_was_taken_and_what_is_left() -> None:
    s = position(hands={"USSR": ["De-Stalinization"], "US": ["NATO"]},
                 influence={"US": {}, "USSR": {"Poland": 3}})
    s.apply_many(["event De-Stalinization", "target Poland"])
    dec = s.view("USSR")["decision"]
    assert (dec["kind"], dec["question"], dec["moved"], dec["left"], dec["optional"]) == (
        "ask", "twilight.ask.de_stalinization", 1, 3, True)
    assert [o["action"] for o in dec["options"]] == ["target Poland", "pass"]


@pytest.mark.python_backend("it pushes a frame with the Python rules where no card does yet, "
                             "a state that loading (so the native backend) refuses")
def test_the_countries_form_places_in_different_countries() -> None:
    # No card places in this form yet; the frame supports it.
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]}, influence={"US": {}, "USSR": {}})
    rules.push_influence(s.data, "place", "USSR", "USSR", 2, [INDEX["Cuba"], INDEX["Iraq"]], per=2)
    assert texts(s) == ["place Cuba", "place Iraq"]
    s.apply("place Cuba")
    assert inf(s, "USSR", "Cuba") == 2 and texts(s) == ["place Iraq"]
    s.apply("place Iraq")
    assert inf(s, "USSR", "Iraq") == 2 and s.view("USSR")["decision_kind"] == "action"
