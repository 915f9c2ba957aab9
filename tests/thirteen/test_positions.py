"""Positions: every field of ``bm.from_position("thirteen", ...)`` and its errors.

Covered (docs/positions.md, 13 Days): seed, options, round, phase, prestige,
defcon, cubes, letter, hands, deck, discard, aftermath, agendas, plays,
next, effects; defaults; every error is a ``bm.PositionError`` naming the
field.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.thirteen.rules import cards_in_game
from tests.thirteen.helpers import cubes, defcon, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


def test_position_defaults_are_the_printed_start_at_the_card_plays() -> None:
    s = position()
    d = s.data
    assert d["round"] == 1
    assert d["prestige"] == 0
    assert d["letter"] == "US"
    assert cubes(s, "US") == {"Turkey": 1, "Italy": 1}
    assert cubes(s, "USSR") == {"Cuba (Military)": 1, "Berlin": 1}
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 1, "World Opinion": 1}
    assert s.view(None)["hand_sizes"] == {"USSR": 5, "US": 5}
    assert len(d["deck"]) == 29
    assert d["options"]["agenda_push"] == "zone"
    assert d["seed"] == 0
    assert s.current_player == "USSR"
    assert s.view("USSR")["decision_kind"] == "turn"
    assert s.log == ["Position set up: round 1, plays."]
    assert sorted(cards_in_game(d)) == list(range(1, 40))


def test_position_seed_fixes_the_shuffle() -> None:
    assert position(seed=4).data["deck"] == position(seed=4).data["deck"]
    assert position(seed=4).data["deck"] != position(seed=5).data["deck"]
    assert position(seed=4).data["seed"] == 4


def test_position_options() -> None:
    s = position(options={"agenda_bonus": False, "initiative_tie": "ussr_first"})
    assert s.data["options"]["agenda_bonus"] is False
    assert s.data["options"]["initiative_tie"] == "ussr_first"
    assert s.data["options"]["agenda_recycle"] == "unkept_only"
    assert s.view("US")["options"] == s.data["options"]


def test_position_round_and_prestige_and_letter() -> None:
    s = position(round=3, prestige=-4, letter="USSR")
    assert s.data["round"] == 3
    assert s.view(None)["prestige_text"] == "USSR +4"
    assert s.view(None)["personal_letter"] == "USSR"


def test_position_defcon_sets_named_tracks_others_keep_their_start() -> None:
    s = position(defcon={"US": {"Military": 5}, "USSR": {"World Opinion": 8, "pol": 3}})
    assert defcon(s, "US") == {"Military": 5, "Political": 2, "World Opinion": 1}
    assert defcon(s, "USSR") == {"Military": 2, "Political": 3, "World Opinion": 8}


def test_position_cubes_replace_all_cubes() -> None:
    s = position(cubes={"US": {"Berlin": 2, "un": 1}})
    assert cubes(s, "US") == {"Berlin": 2, "United Nations": 1}
    assert cubes(s, "USSR") == {}
    assert s.view(None)["reserve"] == {"USSR": 17, "US": 14}


def test_position_hands_given_and_dealt() -> None:
    s = position(hands={"US": ["Excomm", "#4", 13]}, plays={"USSR": 1})
    assert s.data["hands"]["US"] == [15, 4, 13]
    # A side left out is dealt 5 minus its plays.
    assert len(s.data["hands"]["USSR"]) == 4
    assert not set(s.data["hands"]["USSR"]) & {4, 13, 15}


def test_position_deck_top_first_discard_and_aftermath() -> None:
    # ``from_position`` itself (the helper ``position`` completes the deck).
    s = bm.from_position("thirteen", {"hands": {"US": ["Excomm"], "USSR": ["U Thant"]}, "deck": ["SOPs", "Scramble"],
                                      "discard": ["Quarantine"],
                                      "aftermath": {"US": ["Fidel Castro"], "USSR": ["Close Allies"]}},
                         backend="python")
    d = s.data
    assert d["deck"][-1] == 4  # SOPs on top
    assert d["deck"] == [13, 4]
    assert d["discard"] == [23]
    assert d["aftermath"] == [["USSR", 5], ["US", 30]]
    # Cards named nowhere are out of the game when the deck is given.
    assert sorted(cards_in_game(d)) == [4, 5, 10, 13, 15, 23, 30]


def test_position_agendas_offered_and_kept() -> None:
    s = position(agendas={"US": {"offered": ["Berlin", "Italy", "Military Track"], "kept": "Berlin"},
                          "USSR": {"kept": "Personal Letter"}})
    d = s.data
    assert d["offered"] == {"USSR": [13], "US": [8, 9, 1]}
    assert d["kept"] == {"USSR": 13, "US": 8}
    assert sorted(d["agenda_deck"]) == [2, 3, 4, 5, 6, 7, 10, 11, 12]
    assert s.view("USSR")["agendas"]["US"] == {"flags": ["Berlin", "Italy", "Military Track"], "kept": "hidden"}


def test_position_plays_and_next() -> None:
    s = position(plays={"US": 3, "USSR": 2}, next="US")
    assert s.current_player == "US"
    assert s.view(None)["hand_sizes"] == {"USSR": 3, "US": 2}
    assert s.data["plays"] == {"USSR": 2, "US": 3}


def test_position_next_skips_a_side_without_plays() -> None:
    s = position(plays={"US": 4, "USSR": 2}, next="US")
    assert s.current_player == "USSR"


def test_position_effects() -> None:
    s = position(effects={"SOPs": ["US"], "To the Brink": ["USSR"], "containment": ["US"], "Bay of Pigs": ["US"]})
    assert s.data["fx"] == {"sops": ["US"], "brink": ["USSR"], "containment": ["US"], "bay_of_pigs": ["US"]}
    assert s.view(None)["effects"] == {"SOPs": ["US"], "To the Brink": ["USSR"], "Containment": ["US"],
                                       "Bay of Pigs": ["US"]}


def test_position_phase_round_start_runs_the_whole_round_start() -> None:
    s = position(phase="round_start", round=2)
    assert s.log[1].startswith("Round 2: every DEFCON marker escalates one step")
    assert s.view("USSR")["decision_kind"] == "agenda"
    assert [len(s.data["offered"][x]) for x in ("USSR", "US")] == [3, 3]


def test_position_phase_agendas_deals_missing_agendas_and_asks() -> None:
    s = position(phase="agendas", agendas={"US": {"offered": ["Berlin", "Italy", "Turkey"]}})
    # No escalation in this phase: the markers stay at their start.
    assert defcon(s, "US") == {"Military": 1, "Political": 2, "World Opinion": 1}
    assert s.current_player == "USSR"
    assert len(s.data["offered"]["USSR"]) == 3
    s.apply(texts(s)[0])
    assert s.current_player == "US"
    assert texts(s) == ["agenda Turkey", "agenda Berlin", "agenda Italy"]


def test_position_phase_agendas_with_both_kept_goes_to_the_initiative() -> None:
    s = position(phase="agendas", agendas={"US": {"kept": "Berlin"}, "USSR": {"kept": "Italy"}})
    assert s.view("USSR")["decision_kind"] == "initiative"
    assert s.view(None)["hand_sizes"] == {"USSR": 5, "US": 5}


def test_position_phase_aftermath_deals_one_card_each() -> None:
    s = position(phase="aftermath", round=2)
    assert len(s.data["aftermath"]) == 2
    assert s.data["round"] == 3


def test_position_phase_resolve_starts_at_the_agendas() -> None:
    s = position(phase="resolve", agendas={"US": {"kept": "Italy"}}, cubes={"US": {"Italy": 2, "Television": 3}})
    # Television is not scored (phase 5 is past): only the agenda.
    assert not any("Television" in line for line in s.log)
    assert s.log[1] == "US reveals its agenda: Italy. US scores 3 prestige."


def test_position_round_trips_through_json() -> None:
    s = position(round=2, prestige=3, hands={"US": ["Excomm"], "USSR": ["U Thant"]}, plays={"US": 3, "USSR": 3})
    t = bm.load(s.to_json())
    assert t.to_json() == s.to_json()


BAD: list[tuple[Any, str]] = [
    ({"bogus": 1}, "unknown position field(s) ['bogus']"),
    ({"seed": "x"}, "'seed' must be an integer"),
    ({"options": "x"}, "'options' must be a dict"),
    ({"options": {"nope": 1}}, "'options': unknown option 'nope'"),
    ({"options": {"agenda_push": "x"}}, "'options': option 'agenda_push' must be one of 'zone', 'saito', 'none'"),
    ({"options": {"agenda_bonus": 1}}, "'options': option 'agenda_bonus' must be one of True, False, got 1"),
    ({"round": 4}, "'round' must be an integer 1..3, got 4"),
    ({"round": 0}, "'round' must be an integer 1..3, got 0"),
    ({"round": True}, "'round' must be an integer 1..3, got True"),
    ({"phase": "war"}, "'phase' must be one of round_start, agendas, plays, aftermath, resolve, got 'war'"),
    ({"prestige": 6}, "'prestige' must be an integer -5..5, got 6"),
    ({"prestige": -6}, "'prestige' must be an integer -5..5, got -6"),
    ({"defcon": []}, "'defcon' must be a dict"),
    ({"defcon": {"UK": {}}}, "'defcon': a side must be USSR or US, got 'UK'"),
    ({"defcon": {"US": 3}}, "'defcon'['US'] must map tracks to positions, got 3"),
    ({"defcon": {"US": {"Milk": 3}}}, "'defcon'['US']: unknown DEFCON track 'Milk'; did you mean Military?"),
    ({"defcon": {"US": {"Military": 9}}}, "'defcon'['US']['Military'] must be 1..8, got 9"),
    ({"defcon": {"USSR": {"Political": 0}}}, "'defcon'['USSR']['Political'] must be 1..8, got 0"),
    ({"cubes": []}, "'cubes' must be a dict"),
    ({"cubes": {"US": 3}}, "'cubes'['US'] must map arenas to numbers, got 3"),
    ({"cubes": {"US": {"Berln": 1}}}, "'cubes'['US']: unknown arena 'Berln'; did you mean Berlin?"),
    ({"cubes": {"US": {"Berlin": 6}}}, "'cubes'['US']['Berlin'] must be 0..5, got 6"),
    ({"cubes": {"USSR": {"Italy": -1}}}, "'cubes'['USSR']['Italy'] must be 0..5, got -1"),
    ({"cubes": {"US": {"Berlin": 5, "Italy": 5, "Turkey": 5, "Atlantic": 3}}},
     "'cubes'['US']: 18 cubes, but a side has 17"),
    ({"letter": "UK"}, "'letter' must be USSR or US, got 'UK'"),
    ({"next": "x"}, "'next' must be USSR or US, got 'x'"),
    ({"hands": {"US": "Excomm"}}, "'hands'['US'] must be a list of cards, got 'Excomm'"),
    ({"hands": {"US": ["Exxcomm"]}}, "'hands'['US']: unknown card 'Exxcomm'; did you mean Excomm?"),
    ({"hands": {"US": [40]}}, "'hands'['US']: no card number 40; strategy cards are 1-39"),
    ({"hands": {"US": ["Excomm"], "USSR": ["Excomm"]}}, "'hands'['US']: Excomm is in both USSR's hand and US's hand"),
    ({"deck": "x"}, "'deck' must be a list of cards, got 'x'"),
    ({"deck": ["SOPs"], "discard": ["SOPs"]}, "'deck': SOPs is in both the discard pile and the deck"),
    ({"discard": ["Nope"]}, "'discard': unknown card 'Nope'"),
    ({"aftermath": {"US": ["Excomm"]}, "discard": ["Excomm"]},
     "'aftermath'['US']: Excomm is in both the discard pile and the Aftermath"),
    ({"aftermath": []}, "'aftermath' must be a dict"),
    ({"agendas": {"US": []}}, "'agendas'['US'] must be {'offered': [...], 'kept': name}, got []"),
    ({"agendas": {"US": {"foo": 1}}}, "'agendas'['US'] must be {'offered': [...], 'kept': name}"),
    ({"agendas": {"US": {"offered": ["Berlin"], "kept": "Italy"}}},
     "'agendas'['US']['kept'] must be one of the offered agendas"),
    ({"agendas": {"US": {"offered": ["Berlin", "Italy", "Turkey", "Atlantic"]}}},
     "'agendas'['US']['offered'] must be a list of up to 3 agendas"),
    ({"agendas": {"US": {"offered": ["Berlinn"]}}}, "'agendas'['US']: unknown agenda 'Berlinn'; did you mean Berlin?"),
    ({"agendas": {"US": {"kept": "Bern"}}}, "'agendas'['US']: unknown agenda 'Bern'"),
    ({"agendas": {"US": {"kept": "Berlin"}, "USSR": {"kept": "Berlin"}}},
     "'agendas': no Berlin agenda card left for"),
    ({"agendas": {"US": {"offered": ["Military Track", "Military Track"]}, "USSR": {"offered": ["Military Track"]}}},
     "'agendas': no Military Track agenda card left for"),
    ({"phase": "round_start", "agendas": {"US": {"kept": "Berlin"}}},
     "'agendas' cannot be given with phase 'round_start'"),
    ({"plays": {"US": 5}}, "'plays'['US'] must be 0..4, got 5"),
    ({"plays": "x"}, "'plays' must be a dict"),
    ({"plays": {"Cuba": 1}}, "'plays': a side must be USSR or US, got 'Cuba'"),
    ({"effects": []}, "'effects' must be a dict"),
    ({"effects": {"Fog": ["US"]}}, "'effects': unknown effect 'Fog'; effects are SOPs, To the Brink, Containment, "
                                   "Bay of Pigs"),
    ({"effects": {"SOPs": "US"}}, "'effects'['SOPs'] must be a list of sides, got 'US'"),
    ({"effects": {"SOPs": ["UK"]}}, "'effects'['SOPs'] must be USSR or US, got 'UK'"),
    ("notadict", "a position is a dict, got str"),
]


@pytest.mark.parametrize(("pos", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_position_errors_name_the_field(pos: Any, message: str) -> None:
    with pytest.raises(bm.PositionError) as err:
        bm.from_position("thirteen", pos)
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("phase", ["round_start", "agendas"])
def test_position_refuses_plays_and_effects_before_the_card_plays(phase: str) -> None:
    with pytest.raises(bm.PositionError, match="'plays' cannot be given with phase"):
        bm.from_position("thirteen", {"phase": phase, "plays": {"US": 2}})
    with pytest.raises(bm.PositionError, match="'effects' cannot be given with phase"):
        bm.from_position("thirteen", {"phase": phase, "effects": {"SOPs": ["US"]}})

