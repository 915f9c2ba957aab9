"""Agendas: choosing them (phase 2), scoring them (phase 6), the agenda deck.

Rules covered (rules.md 3 phases 2 and 6, Q2, Q3, Q6, Q8; docs/rulings.md 44,
71-75):
- each side is dealt 3 agendas, their targets are flagged publicly, and it
  keeps 1 secretly (the USSR first); the kept agendas are revealed in phase 6;
- each kept agenda scores for whichever side dominates its target, whoever
  kept it; a tie scores nothing; the USSR's agenda is resolved first;
- Turkey, Berlin, Italy: cube difference + 1; Cuba (Political), Cuba
  (Military), Atlantic: cube difference + 1 for each other Caribbean arena
  the same side dominates; DEFCON tracks: step difference + 1 (strictly
  higher = more escalated dominates); the Personal Letter: 2 for its holder;
  option agenda_bonus=False: the plain difference;
- DEFCON-track agendas first push markers of that track in the DEFCON 2
  zone one step up (default "zone": 4-6; "saito": 4-5; "none"), once per
  resolved track agenda, USSR's first;
- the net of both agendas is applied, then the lead is capped at 5;
- between rounds the kept agendas leave the game and the unkept ones go back
  (option agenda_recycle="all": all 13 every round).

Scoring tests use round 3 from phase "resolve", so the game ends right after
(no round-2 escalation blurs the markers); the final prestige is the agenda
result because the Aftermath is empty.
"""

from __future__ import annotations

from typing import Any

import pytest

import brinkmanship as bm
from tests.thirteen.helpers import defcon, play, position, texts

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


MIL_TRACK = ["Military Track"]


def resolve(us: str | None = None, ussr: str | None = None, **fields: Any) -> bm.State:
    """Round 3, phase 6: the US keeps ``us`` and the USSR ``ussr``."""
    agendas: dict[str, Any] = {}
    if ussr:
        agendas["USSR"] = {"kept": ussr}
    if us:
        agendas["US"] = {"kept": us}
    base: dict[str, Any] = {"round": 3, "phase": "resolve", "agendas": agendas}
    base.update(fields)
    return position(**base)


def kept_cards(s: bm.State) -> list[int]:
    """The agenda cards kept this round (after round 3 they stay on show)."""
    return sorted(k for k in s.data["kept"].values() if k)


def arenas(us: dict[str, int], ussr: dict[str, int]) -> dict[str, dict[str, int]]:
    return {"US": us, "USSR": ussr}


# ---------------------------------------------------------------------------
# Choosing agendas (phase 2)
# ---------------------------------------------------------------------------
def test_agenda_phase_deals_three_flags_them_publicly_and_the_ussr_keeps_first() -> None:
    s = bm.new_game("thirteen", seed=11)
    assert s.current_player == "USSR"
    assert [len(s.data["offered"][side]) for side in ("USSR", "US")] == [3, 3]
    assert s.log[2:4] == [
        "USSR is dealt three agendas and flags their targets: Political Track, Cuba (Political), Personal Letter.",
        "US is dealt three agendas and flags their targets: World Opinion Track, Political Track, Atlantic.",
    ]
    # The flags are public: each side sees the other's three targets.
    assert s.view("US")["agendas"]["USSR"] == {
        "flags": ["Political Track", "Cuba (Political)", "Personal Letter"], "kept": None}
    assert texts(s) == ["agenda Political Track", "agenda Cuba (Political)", "agenda Personal Letter"]
    assert s.view("USSR")["decision_kind"] == "agenda"
    # Strategy cards are dealt only after the agendas are kept.
    assert s.view("USSR")["hand_sizes"] == {"USSR": 0, "US": 0}


def test_agenda_kept_secretly() -> None:
    s = bm.new_game("thirteen", seed=11)
    play(s, "agenda Personal Letter")
    assert s.log[-1] == "USSR secretly keeps one of its agendas."
    assert s.view("USSR")["agendas"]["USSR"]["kept"] == "Personal Letter"
    assert s.view("US")["agendas"]["USSR"]["kept"] == "hidden"
    assert s.view(None)["agendas"]["USSR"]["kept"] == "hidden"
    assert s.current_player == "US"
    assert texts(s) == ["agenda Political Track", "agenda World Opinion Track", "agenda Atlantic"]
    play(s, "agenda Atlantic")
    assert s.view("US")["agendas"]["US"]["kept"] == "Atlantic"
    assert s.view("USSR")["agendas"]["US"]["kept"] == "hidden"
    # Then the strategy cards and the initiative.
    assert s.view("USSR")["hand_sizes"] == {"USSR": 5, "US": 5}
    assert s.view("USSR")["decision_kind"] == "initiative"


def test_agenda_keeping_one_not_offered_is_refused() -> None:
    s = bm.new_game("thirteen", seed=11)
    before = s.to_json()
    with pytest.raises(bm.IllegalActionError) as err:
        s.apply("agenda Berlin")
    assert err.value.reason == ("Berlin is not one of USSR's agendas "
                                "(Political Track, Cuba (Political), Personal Letter)")
    assert err.value.legal == ["agenda Political Track", "agenda Cuba (Political)", "agenda Personal Letter"]
    assert s.to_json() == before


def test_agenda_two_copies_of_a_track_agenda_are_one_choice() -> None:
    s = bm.new_game("thirteen", seed=3)
    assert [a for a in s.data["offered"]["USSR"]] == [1, 9, 2]  # a01, Italy, a02
    assert texts(s) == ["agenda Military Track", "agenda Italy"]
    play(s, "agenda Military Track")
    assert s.data["kept"]["USSR"] in (1, 2)


def test_agenda_revealed_at_resolution() -> None:
    s = position(phase="resolve", agendas={"USSR": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Italy"},
                                           "US": {"offered": ["Atlantic", "Personal Letter", "Cuba (Military)"],
                                                  "kept": "Atlantic"}})
    assert "USSR reveals its agenda: Italy. US scores 2 prestige." in s.log
    assert "US reveals its agenda: Atlantic. Nobody dominates it: no prestige." in s.log
    # Revealed agenda lines come USSR first.
    usr = s.log.index("USSR reveals its agenda: Italy. US scores 2 prestige.")
    us = s.log.index("US reveals its agenda: Atlantic. Nobody dominates it: no prestige.")
    assert usr < us


# ---------------------------------------------------------------------------
# DEFCON-track agendas
# ---------------------------------------------------------------------------
def test_military_track_agenda_a01_scores_step_difference_plus_one() -> None:
    s = resolve(us="Military Track", defcon={"US": {"Military": 3}, "USSR": {"Military": 1}})
    assert "US reveals its agenda: Military Track. US scores 3 prestige." in s.log
    assert s.data["prestige"] == 3
    assert kept_cards(s) == [1]  # a01 was kept


def test_military_track_agenda_a02_scores_the_same_way() -> None:
    # The USSR is dealt a01 as a flag, so the US keeps the second copy, a02.
    s = resolve(agendas={"USSR": {"offered": MIL_TRACK}, "US": {"kept": "Military Track"}},
                defcon={"US": {"Military": 3}, "USSR": {"Military": 1}})
    assert "US reveals its agenda: Military Track. US scores 3 prestige." in s.log
    assert s.data["prestige"] == 3
    assert kept_cards(s) == [2]


def test_military_track_agenda_both_copies_kept_push_twice_ussr_first() -> None:
    s = resolve(us="Military Track", ussr="Military Track", defcon={"US": {"Military": 4}, "USSR": {"Military": 5}})
    # The USSR keeps a01 and the US a02.
    assert s.data["kept"] == {"USSR": 1, "US": 2}
    assert s.log[1:7] == [
        # The USSR's agenda: both markers in the DEFCON 2 zone go up, 6 vs 5.
        "USSR Military DEFCON escalates 1 step, to 6 (Military Track agenda).",
        "US Military DEFCON escalates 1 step, to 5 (Military Track agenda).",
        "USSR reveals its agenda: Military Track. USSR scores 2 prestige.",
        # The US agenda pushes again: 7 (DEFCON 1) vs 6.
        "USSR Military DEFCON escalates 1 step, to 7 (Military Track agenda).",
        "US Military DEFCON escalates 1 step, to 6 (Military Track agenda).",
        "US reveals its agenda: Military Track. USSR scores 2 prestige.",
    ]
    assert s.data["prestige"] == -4
    # The push put the USSR into DEFCON 1: it loses at the nuclear check.
    assert s.winner == "US"
    assert s.result == "nuclear_war"


def test_military_track_agenda_scores_for_the_dominator_whoever_kept_it() -> None:
    s = resolve(us="Military Track", defcon={"US": {"Military": 1}, "USSR": {"Military": 3}})
    assert "US reveals its agenda: Military Track. USSR scores 3 prestige." in s.log
    assert s.data["prestige"] == -3


def test_military_track_agenda_tie_scores_nothing() -> None:
    s = resolve(ussr="Military Track", defcon={"US": {"Military": 3}, "USSR": {"Military": 3}})
    assert "USSR reveals its agenda: Military Track. Nobody dominates it: no prestige." in s.log
    assert s.data["prestige"] == 0


def test_military_track_agenda_push_zone_moves_markers_at_4_to_6_only() -> None:
    s = resolve(us="Military Track", defcon={"US": {"Military": 6}, "USSR": {"Military": 3}})
    # US 6 -> 7 (into DEFCON 1), USSR 3 stays: 4 steps + 1.
    assert defcon(s, "US")["Military"] == 7
    assert defcon(s, "USSR")["Military"] == 3
    assert s.data["prestige"] == 5
    assert s.winner == "USSR"
    assert s.result == "nuclear_war"


def test_military_track_agenda_push_leaves_markers_in_defcon_1_and_3_alone() -> None:
    s = resolve(us="Military Track", defcon={"US": {"Military": 7}, "USSR": {"Military": 3}})
    assert defcon(s, "US")["Military"] == 7
    assert defcon(s, "USSR")["Military"] == 3
    assert not any("agenda)" in line for line in s.log)
    assert s.data["prestige"] == 5


def test_military_track_agenda_push_saito_moves_markers_at_4_and_5_only() -> None:
    s = resolve(us="Military Track", options={"agenda_push": "saito"},
                defcon={"US": {"Military": 6}, "USSR": {"Military": 5}})
    # USSR 5 -> 6; US 6 stays: tie.
    assert defcon(s, "US")["Military"] == 6
    assert defcon(s, "USSR")["Military"] == 6
    assert s.data["prestige"] == 0
    assert "US reveals its agenda: Military Track. Nobody dominates it: no prestige." in s.log
    s = resolve(us="Military Track", options={"agenda_push": "saito"},
                defcon={"US": {"Military": 4}, "USSR": {"Military": 3}})
    assert defcon(s, "US")["Military"] == 5
    assert s.data["prestige"] == 3


def test_military_track_agenda_push_none() -> None:
    s = resolve(us="Military Track", options={"agenda_push": "none"},
                defcon={"US": {"Military": 6}, "USSR": {"Military": 4}})
    assert defcon(s, "US")["Military"] == 6
    assert defcon(s, "USSR")["Military"] == 4
    assert s.data["prestige"] == 3
    assert s.result == "prestige"


def test_military_track_agenda_without_bonus_scores_the_plain_difference() -> None:
    s = resolve(us="Military Track", options={"agenda_bonus": False},
                defcon={"US": {"Military": 3}, "USSR": {"Military": 1}})
    assert s.data["prestige"] == 2


def test_political_track_agenda_scores_step_difference_plus_one() -> None:
    s = resolve(ussr="Political Track", defcon={"US": {"Political": 1}, "USSR": {"Political": 3}})
    assert "USSR reveals its agenda: Political Track. USSR scores 3 prestige." in s.log
    assert s.data["prestige"] == -3
    assert kept_cards(s) == [3]


def test_political_track_agenda_second_copy_a04() -> None:
    s = resolve(agendas={"USSR": {"offered": ["Political Track"]}, "US": {"kept": "Political Track"}},
                defcon={"US": {"Political": 2}, "USSR": {"Political": 1}})
    assert kept_cards(s) == [4]
    assert s.data["prestige"] == 2


def test_political_track_agenda_push_before_comparing() -> None:
    s = resolve(ussr="Political Track", defcon={"US": {"Political": 4}, "USSR": {"Political": 3}})
    # US 4 -> 5 before the comparison: the US dominates by 2 and scores 3.
    assert s.log[1:3] == ["US Political DEFCON escalates 1 step, to 5 (Political Track agenda).",
                          "USSR reveals its agenda: Political Track. US scores 3 prestige."]
    assert defcon(s, "US")["Political"] == 5
    assert s.data["prestige"] == 3


def test_political_track_agenda_tie_and_no_bonus() -> None:
    s = resolve(us="Political Track", defcon={"US": {"Political": 2}, "USSR": {"Political": 2}})
    assert s.data["prestige"] == 0
    s = resolve(us="Political Track", options={"agenda_bonus": False},
                defcon={"US": {"Political": 1}, "USSR": {"Political": 3}})
    assert s.data["prestige"] == -2


def test_world_opinion_track_agenda_scores_step_difference_plus_one() -> None:
    s = resolve(us="World Opinion Track", defcon={"US": {"World Opinion": 3}, "USSR": {"World Opinion": 1}})
    assert "US reveals its agenda: World Opinion Track. US scores 3 prestige." in s.log
    assert s.data["prestige"] == 3
    assert kept_cards(s) == [5]


def test_world_opinion_track_agenda_second_copy_a06_pushes_both_sides() -> None:
    # Saito's a05 skipped the US half of the push (a typo); here both copies
    # push both sides.
    for first in ("USSR", "US"):
        other = "US" if first == "USSR" else "USSR"
        s = resolve(agendas={first: {"offered": ["World Opinion Track"]}, other: {"kept": "World Opinion Track"}},
                    defcon={"US": {"World Opinion": 5}, "USSR": {"World Opinion": 4}})
        assert defcon(s, "US")["World Opinion"] == 6
        assert defcon(s, "USSR")["World Opinion"] == 5
        assert s.data["prestige"] == 2
        assert kept_cards(s) == [6]


def test_world_opinion_track_agenda_tie_scores_nothing() -> None:
    s = resolve(us="World Opinion Track", defcon={"US": {"World Opinion": 8}, "USSR": {"World Opinion": 8}})
    assert s.data["prestige"] == 0
    assert s.winner is None
    assert s.result == "nuclear_war"


# ---------------------------------------------------------------------------
# Arena agendas with a flat bonus
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("us", "ussr", "prestige"), [(3, 1, 3), (1, 4, -4), (2, 2, 0), (0, 0, 0), (5, 0, 6)])
def test_turkey_agenda_scores_cube_difference_plus_one(us: int, ussr: int, prestige: int) -> None:
    s = resolve(us="Turkey", cubes=arenas({"Turkey": us}, {"Turkey": ussr}))
    assert s.data["prestige"] == min(5, prestige)
    assert kept_cards(s) == [7]


def test_turkey_agenda_without_bonus() -> None:
    s = resolve(ussr="Turkey", options={"agenda_bonus": False}, cubes=arenas({"Turkey": 3}, {"Turkey": 1}))
    assert s.data["prestige"] == 2


@pytest.mark.parametrize(("us", "ussr", "prestige"), [(3, 1, 3), (0, 2, -3), (4, 4, 0)])
def test_berlin_agenda_scores_cube_difference_plus_one(us: int, ussr: int, prestige: int) -> None:
    s = resolve(ussr="Berlin", cubes=arenas({"Berlin": us}, {"Berlin": ussr}))
    assert s.data["prestige"] == prestige
    assert kept_cards(s) == [8]


def test_berlin_agenda_ignores_other_arenas() -> None:
    s = resolve(us="Berlin", cubes=arenas({"Berlin": 2, "Atlantic": 5, "Italy": 5}, {"Berlin": 1}))
    assert s.data["prestige"] == 2
    s = resolve(us="Berlin", options={"agenda_bonus": False}, cubes=arenas({"Berlin": 2}, {"Berlin": 1}))
    assert s.data["prestige"] == 1


@pytest.mark.parametrize(("us", "ussr", "prestige"), [(2, 1, 2), (1, 3, -3), (1, 1, 0)])
def test_italy_agenda_scores_cube_difference_plus_one(us: int, ussr: int, prestige: int) -> None:
    # Saito compared Italy with the US count of Turkey: the Turkey cubes here
    # must not matter.
    s = resolve(us="Italy", cubes=arenas({"Italy": us, "Turkey": 5}, {"Italy": ussr}))
    assert s.data["prestige"] == prestige
    assert kept_cards(s) == [9]


def test_italy_agenda_without_bonus() -> None:
    s = resolve(us="Italy", options={"agenda_bonus": False}, cubes=arenas({"Italy": 1}, {"Italy": 4}))
    assert s.data["prestige"] == -3


# ---------------------------------------------------------------------------
# Caribbean agendas with the linked bonus
# ---------------------------------------------------------------------------
def test_cuba_political_agenda_scores_difference_plus_linked_caribbean_arenas() -> None:
    # US: Cuba (Pol) 3-1 (+2), dominates Cuba (Mil) (+1), Atlantic tied (+0).
    s = resolve(us="Cuba (Political)", cubes=arenas({"Cuba (Political)": 3, "Cuba (Military)": 2, "Atlantic": 1},
                                                    {"Cuba (Political)": 1, "Atlantic": 1}))
    assert "US reveals its agenda: Cuba (Political). US scores 3 prestige." in s.log
    assert s.data["prestige"] == 3
    assert kept_cards(s) == [10]


def test_cuba_political_agenda_has_no_flat_bonus() -> None:
    s = resolve(ussr="Cuba (Political)", cubes=arenas({"Cuba (Military)": 2}, {"Cuba (Political)": 2}))
    # The USSR dominates Cuba (Pol) by 2; Cuba (Mil) is the US's: no link.
    assert s.data["prestige"] == -2


def test_cuba_political_agenda_without_bonus() -> None:
    s = resolve(us="Cuba (Political)", options={"agenda_bonus": False},
                cubes=arenas({"Cuba (Political)": 3, "Cuba (Military)": 2, "Atlantic": 2}, {}))
    assert s.data["prestige"] == 3


def test_cuba_military_agenda_scores_difference_plus_both_links() -> None:
    s = resolve(ussr="Cuba (Military)",
                cubes=arenas({"Cuba (Military)": 1}, {"Cuba (Military)": 2, "Atlantic": 1, "Cuba (Political)": 1}))
    # 1 + 2 linked arenas = 3 for the USSR.
    assert "USSR reveals its agenda: Cuba (Military). USSR scores 3 prestige." in s.log
    assert s.data["prestige"] == -3
    assert kept_cards(s) == [11]


def test_cuba_military_agenda_tie_scores_nothing_even_with_links() -> None:
    s = resolve(us="Cuba (Military)", cubes=arenas({"Cuba (Military)": 2, "Atlantic": 3, "Cuba (Political)": 3},
                                                   {"Cuba (Military)": 2}))
    assert s.data["prestige"] == 0
    s = resolve(us="Cuba (Military)", options={"agenda_bonus": False},
                cubes=arenas({"Cuba (Military)": 3, "Atlantic": 3, "Cuba (Political)": 3}, {"Cuba (Military)": 2}))
    assert s.data["prestige"] == 1


def test_atlantic_agenda_scores_difference_plus_linked_caribbean_arenas() -> None:
    s = resolve(us="Atlantic", cubes=arenas({"Atlantic": 4, "Cuba (Political)": 1},
                                            {"Atlantic": 1, "Cuba (Military)": 1}))
    # US: 3 + Cuba (Pol) dominated; Cuba (Mil) is the USSR's.
    assert s.data["prestige"] == 4
    assert kept_cards(s) == [12]


def test_atlantic_agenda_links_count_only_for_the_dominator() -> None:
    s = resolve(ussr="Atlantic", cubes=arenas({"Atlantic": 2, "Cuba (Political)": 1, "Cuba (Military)": 1}, {}))
    assert s.data["prestige"] == 4
    s = resolve(ussr="Atlantic", options={"agenda_bonus": False},
                cubes=arenas({"Atlantic": 2, "Cuba (Political)": 1, "Cuba (Military)": 1}, {}))
    assert s.data["prestige"] == 2


# ---------------------------------------------------------------------------
# The Personal Letter agenda
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("holder", ["US", "USSR"])
@pytest.mark.parametrize("keeper", ["US", "USSR"])
def test_personal_letter_agenda_scores_two_for_the_holder(holder: str, keeper: str) -> None:
    s = resolve(**{keeper.lower(): "Personal Letter"}, letter=holder)
    assert f"{keeper} reveals its agenda: Personal Letter. {holder} scores 2 prestige." in s.log
    assert s.data["prestige"] == (2 if holder == "US" else -2)
    assert kept_cards(s) == [13]


def test_personal_letter_agenda_counts_the_holder_after_the_united_nations_bonus() -> None:
    s = position(round=3, phase="aftermath", agendas={"US": {"kept": "Personal Letter"}},
                 hands={"US": ["Excomm"], "USSR": ["Fidel Castro"]}, cubes=arenas({}, {"United Nations": 1}))
    assert s.data["letter"] == "USSR"
    # The USSR took the Letter at the United Nations, then scored it; the
    # Aftermath is tied 3 to 3 (Excomm, Fidel Castro).
    assert s.data["prestige"] == -2


def test_personal_letter_agenda_is_two_without_the_bonus_too() -> None:
    s = resolve(us="Personal Letter", options={"agenda_bonus": False})
    assert s.data["prestige"] == 2


# ---------------------------------------------------------------------------
# Netting, capping
# ---------------------------------------------------------------------------
def test_agendas_net_then_cap_the_lead_at_five() -> None:
    # USSR's Berlin: US 5-0 -> US 6; US's Turkey: US 4-0 -> US 5. Net 11 from
    # USSR +3: 8, capped at 5.
    s = resolve(us="Turkey", ussr="Berlin", prestige=-3, cubes=arenas({"Berlin": 5, "Turkey": 4}, {}))
    assert s.data["prestige"] == 5
    assert "Prestige: US +5 (capped at a lead of 5)." in s.log


def test_agendas_net_before_capping() -> None:
    # Starting at US +4: US +6 then USSR -3: the net is +3, so 5 (not 5-3=2).
    s = resolve(us="Turkey", ussr="Berlin", prestige=4, cubes=arenas({"Turkey": 5}, {"Berlin": 2}))
    assert s.data["prestige"] == 5
    s = resolve(us="Turkey", ussr="Berlin", prestige=-4, cubes=arenas({"Turkey": 1}, {"Berlin": 5}))
    assert s.data["prestige"] == -5


def test_agendas_option_agenda_cap_each_caps_each_agenda_in_turn() -> None:
    # USSR +4: the USSR's Berlin (5-0, USSR +6) caps at USSR +5, then the US's
    # Turkey (1-0, US +2) brings it to USSR +3; netted it would stay USSR +5.
    s = resolve(us="Turkey", ussr="Berlin", prestige=-4, cubes=arenas({"Turkey": 1}, {"Berlin": 5}),
                options={"agenda_cap": "each"})
    assert s.data["prestige"] == -3
    assert "USSR gains 6 prestige (Berlin agenda) (capped at a lead of 5). Prestige: USSR +5." in s.log
    assert "US gains 2 prestige (Turkey agenda). Prestige: USSR +3." in s.log


def test_agendas_cancelling_out_leave_prestige_unchanged() -> None:
    s = resolve(us="Turkey", ussr="Berlin", prestige=1, cubes=arenas({"Turkey": 2}, {"Berlin": 2}))
    assert s.data["prestige"] == 1
    assert not any(line.startswith("Prestige:") for line in s.log)


# ---------------------------------------------------------------------------
# The agenda deck between rounds (Q6)
# ---------------------------------------------------------------------------
ROUND1_AGENDAS = {"USSR": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Italy"},
                  "US": {"offered": ["Atlantic", "Personal Letter", "Military Track"], "kept": "Atlantic"}}


def test_agenda_deck_kept_agendas_leave_the_game_unkept_return() -> None:
    s = position(phase="resolve", agendas=ROUND1_AGENDAS)
    assert s.data["round"] == 2
    # Italy (a09) and Atlantic (a12) are out; 11 cards were shuffled and 6 dealt.
    assert sorted(s.data["agenda_out"]) == [9, 12]
    assert len(s.data["agenda_deck"]) == 5
    dealt = s.data["offered"]["USSR"] + s.data["offered"]["US"]
    assert sorted(dealt + s.data["agenda_deck"]) == [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13]


def test_agenda_deck_option_all_reshuffles_all_thirteen() -> None:
    s = position(phase="resolve", agendas=ROUND1_AGENDAS, options={"agenda_recycle": "all"})
    assert s.data["agenda_out"] == []
    assert len(s.data["agenda_deck"]) == 7
    dealt = s.data["offered"]["USSR"] + s.data["offered"]["US"]
    assert sorted(dealt + s.data["agenda_deck"]) == list(range(1, 14))


def _pass_round(s: bm.State) -> None:
    """Play until the next round's agenda choice (or the end): everything
    declined, zero-cube Commands, first choices otherwise."""
    start = s.data["round"]
    while not s.is_terminal and not (s.data["round"] > start and s.view(None)["decision_kind"] == "agenda"):
        legal = texts(s)
        for pick in ("done", "pass", "decline"):
            if pick in legal:
                s.apply(pick)
                break
        else:
            s.apply(legal[0])


def test_agenda_deck_kept_agendas_never_come_back_in_a_game() -> None:
    s = bm.new_game("thirteen", seed=21)
    out: list[int] = []
    for rnd in (1, 2, 3):
        assert s.data["round"] == rnd
        offered = s.data["offered"]["USSR"] + s.data["offered"]["US"]
        assert not set(offered) & set(out)
        _pass_round(s)
        if rnd < 3:
            assert len(s.data["agenda_out"]) == 2 * rnd
            out = list(s.data["agenda_out"])


def test_agenda_deck_option_all_may_deal_a_kept_agenda_again() -> None:
    seen = False
    for seed in range(12):
        s = bm.new_game("thirteen", seed=seed, options={"agenda_recycle": "all"})
        play(s, texts(s)[0])
        play(s, texts(s)[0])
        kept = set(s.data["kept"].values())
        _pass_round(s)
        assert s.data["agenda_out"] == []
        assert len(s.data["agenda_deck"]) == 7
        if kept & set(s.data["offered"]["USSR"] + s.data["offered"]["US"]):
            seen = True
    assert seen


def test_military_track_agenda_kept_in_round_3_stays_on_show_after_the_game() -> None:
    s = resolve(us="Military Track", ussr="Berlin", defcon={"US": {"Military": 3}, "USSR": {"Military": 1}})
    assert s.is_terminal
    for side in ("USSR", "US", None):
        agendas = s.view(side)["agendas"]
        assert agendas["US"]["kept"] == "Military Track" and agendas["USSR"]["kept"] == "Berlin"
