"""Hidden information in 13 Days: views, logs and determinizations never leak.

What each side may not know: the opponent's hand, the opponent's kept
agenda until the agendas are resolved (its three flags are public), the
cards the opponent put face down in the Aftermath (until the final
reveal), the card the opponent drew for Alliances, and the deck order.
A spectator (``view(None)``) knows neither hand, no kept agenda and no
Aftermath card. The tests check the views directly, check that a view does
not change when every hidden card is redealt by the test itself, follow the
log action by action for card names that were hidden, and check that
``resample`` keeps everything a side knows and redeals the rest.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.i18n import render_all
from brinkmanship.thirteen.board import AGENDA_CARDS, AGENDA_NAME, CARD_NAME, N_CARDS, card_number
from brinkmanship.thirteen.game import OPTION_CHOICES
from tests.core.loading import data
from tests.thirteen.helpers import position, texts
from tests.thirteen.invariants import check

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


SIDES = ("USSR", "US")
OPP = {"USSR": "US", "US": "USSR"}


def _mixed_options(seed: int) -> dict[str, Any]:
    r = random.Random(seed)
    return {k: r.choice(v) for k, v in OPTION_CHOICES.items()}


OPTIONS = [{}, _mixed_options(1), _mixed_options(2)]


def _games(n: int, options: dict[str, Any], first_seed: int = 0) -> list[list[bm.State]]:
    """Random games, every state kept."""
    out = []
    for seed in range(first_seed, first_seed + n):
        s = bm.new_game("thirteen", seed=seed, options=options)
        rng = random.Random(seed)
        states = [s.clone()]
        while not s.is_terminal:
            s.apply_random(rng)
            states.append(s.clone())
        out.append(states)
    return out


def _revealed(d: dict[str, Any]) -> bool:
    """The Aftermath has been turned face up (final scoring happened)."""
    return bool(d["over"]) and d["result"] != "nuclear_war"


def _drawn_for_alliances(d: dict[str, Any], side: str) -> list[int]:
    return [f["card"] for f in d["stack"] if f["f"] == "alliances" and f["p"] == side]


def _hidden_from(d: dict[str, Any], side: str | None) -> list[int]:
    """The strategy cards ``side`` cannot see (``None``: a spectator)."""
    cards = list(d["deck"])
    for s in SIDES:
        if s == side:
            continue
        cards += d["hands"][s] + _drawn_for_alliances(d, s)
        if not _revealed(d):
            cards += [c for who, c in d["aftermath"] if who == s]
    return cards


def _public(d: dict[str, Any]) -> set[int]:
    """Cards everybody can see: the discards, a stolen card, a revealed Aftermath."""
    out = set(d["discard"]) | {f["card"] for f in d["stack"] if f["f"] == "stolen"}
    if _revealed(d):
        out |= {c for _, c in d["aftermath"]}
    return out


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTIONS)
def test_view_shows_own_cards_and_only_counts_of_hidden_ones(options: dict[str, Any]) -> None:
    for states in _games(3, options):
        for s in states[::3]:
            d = data(s)
            for side in SIDES:
                opp = OPP[side]
                v = s.view(side)
                assert v["viewer"] == side
                assert v["hand"] == sorted(d["hands"][side])
                assert v["hand_sizes"] == {x: len(d["hands"][x]) for x in SIDES}
                assert v["deck_size"] == len(d["deck"])
                assert v["aftermath"]["own"] == [CARD_NAME[c] for who, c in d["aftermath"] if who == side]
                assert v["aftermath"]["size"] == len(d["aftermath"])
                assert v["looking_at"] == [CARD_NAME[c] for c in d["held"] if c not in _drawn_for_alliances(d, opp)]
                for key in ("deck", "hands", "rng", "seed", "kept", "offered", "stack", "held", "agenda_deck"):
                    assert key not in v, f"view carries {key!r}"
                assert "revealed" not in v["aftermath"] or _revealed(d)
                # Agendas: the flags are public, the opponent's kept one is not until resolved.
                for x in SIDES:
                    a = v["agendas"][x]
                    assert a["flags"] == [AGENDA_NAME[AGENDA_CARDS[k - 1]] for k in d["offered"][x]]
                    kept = d["kept"][x]
                    if not kept:
                        assert a["kept"] is None
                    elif x == side or d["agendas_open"]:
                        assert a["kept"] == AGENDA_NAME[AGENDA_CARDS[kept - 1]]
                    else:
                        assert a["kept"] == "hidden"
                if s.current_player != side:
                    assert v["legal_actions"] == []
                else:
                    assert v["legal_actions"] == texts(s)


@pytest.mark.parametrize("options", OPTIONS)
def test_spectator_sees_no_hand_no_kept_agenda_and_no_aftermath_card(options: dict[str, Any]) -> None:
    for states in _games(3, options, first_seed=10):
        for s in states[::2]:
            d = data(s)
            v = s.view(None)
            assert v["viewer"] is None
            assert v["hand"] == [] and v["aftermath"]["own"] == [] and v["legal_actions"] == []
            assert v["hand_sizes"] == {x: len(d["hands"][x]) for x in SIDES}
            assert v["looking_at"] == [CARD_NAME[f["card"]] for f in d["stack"] if f["f"] == "stolen"]
            for x in SIDES:
                assert v["agendas"][x]["kept"] in (None, "hidden") or d["agendas_open"]
            hidden_names = {CARD_NAME[c] for c in d["deck"] + d["hands"]["USSR"] + d["hands"]["US"]}
            text = json.dumps({k: x for k, x in v.items() if k != "log"})
            # Card names are long and distinctive enough to search for.
            assert not [n for n in hidden_names if f'"{n}"' in text], "the spectator view names a hidden card"


def _redeal_hidden(s: bm.State, side: str | None, rng: random.Random) -> bm.State:
    """The test's own determinization: every card ``side`` cannot see is
    redealt among the places it cannot see, with the same counts, and every
    hidden kept agenda is swapped for another of its side's flags."""
    t = s.clone()
    d = t.data
    hidden = _hidden_from(d, side)
    rng.shuffle(hidden)
    d["deck"] = [hidden.pop() for _ in d["deck"]]
    for x in SIDES:
        if x == side:
            continue
        d["hands"][x] = [hidden.pop() for _ in d["hands"][x]]
        for f in d["stack"]:
            if f["f"] == "alliances" and f["p"] == x:
                d["held"].remove(f["card"])
                f["card"] = hidden.pop()
                d["held"].append(f["card"])
        if not _revealed(d):
            for e in d["aftermath"]:
                if e[0] == x:
                    e[1] = hidden.pop()
        if d["kept"][x] and not d["agendas_open"]:
            d["kept"][x] = rng.choice(d["offered"][x])
    assert hidden == []
    d["rng"] = rng.getrandbits(64)
    check(d)
    return t


@pytest.mark.parametrize("options", OPTIONS)
def test_view_does_not_change_when_hidden_cards_are_redealt(options: dict[str, Any]) -> None:
    rng = random.Random(5)
    changed = 0
    for states in _games(8, options, first_seed=20):
        for s in states:
            d = data(s)
            for side in (*SIDES, None):
                t = _redeal_hidden(s, side, rng)
                changed += t.data != d
                assert t.view(side) == s.view(side), f"view({side}) depends on hidden cards"
    assert changed > 100


# ---------------------------------------------------------------------------
# The log
# ---------------------------------------------------------------------------
def _named(text: str, cards: set[int]) -> set[int]:
    """The cards of ``cards`` named in ``text``, after blanking out the
    other card names (longest first) so that a name inside a longer one
    does not count."""
    for c in sorted(set(range(1, N_CARDS + 1)) - cards, key=lambda c: -len(CARD_NAME[c])):
        text = text.replace(CARD_NAME[c], "#")
    return {c for c in cards if CARD_NAME[c] in text}


@pytest.mark.parametrize("options", OPTIONS)
def test_log_never_names_a_hidden_card(options: dict[str, Any]) -> None:
    """Every card named by the log lines an action adds is public right after
    the action (discarded, stolen, the revealed Aftermath) or was public
    before it; in particular never in a hand, the deck, an unrevealed
    Aftermath or an Alliances draw."""
    named_public = Counter[int]()
    for seed in range(30, 70):
        s = bm.new_game("thirteen", seed=seed, options=options)
        rng = random.Random(seed)
        seen = len(s.log_entries)
        after = _public(data(s))
        while not s.is_terminal:
            before = after
            s.apply_random(rng)
            # Only the new entries are rendered (each one renders alone).
            entries = s.log_entries
            new = " ".join(render_all(entries[seen:]))
            seen = len(entries)
            after = _public(data(s))
            allowed = before | after
            hidden = set(range(1, N_CARDS + 1)) - allowed
            leaked = _named(new, hidden)
            assert not leaked, f"log names hidden {[CARD_NAME[c] for c in leaked]} (game {seed}): {new}"
            named_public.update(_named(new, allowed))
    assert len(named_public) > 30  # the check did see card names


@pytest.mark.parametrize("options", OPTIONS)
def test_kept_agenda_is_not_logged_until_the_agendas_are_resolved(options: dict[str, Any]) -> None:
    for seed in range(50, 60):
        s = bm.new_game("thirteen", seed=seed, options=options)
        rng = random.Random(seed)
        kept: dict[str, str] = {}
        while not s.is_terminal:
            seen = len(s.log)
            a = s.apply_random(rng)
            new = s.log[seen:]
            if a.verb == "agenda":
                assert new[0] in ("USSR secretly keeps one of its agendas.", "US secretly keeps one of its agendas.")
                assert not any(name in new[0] for name in AGENDA_NAME)
                side = new[0].split()[0]
                kept[side] = AGENDA_NAME[a.arg]  # type: ignore[index]
            for line in new:
                for side in SIDES:
                    if line.startswith(f"{side} reveals its agenda: "):
                        assert line.startswith(f"{side} reveals its agenda: {kept.pop(side)}.")
        assert kept == {}  # every kept agenda was revealed (the check comes before any nuclear war)


# ---------------------------------------------------------------------------
# Determinizations
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTIONS)
def test_resample_keeps_what_the_side_knows_and_redeals_the_rest(options: dict[str, Any]) -> None:
    rng = random.Random(0)
    hand_changed = aftermath_changed = agenda_changed = 0
    for states in _games(8, options, first_seed=60):
        for s in states[::2]:
            if s.is_terminal:
                continue
            d = data(s)
            for side in SIDES:
                opp = OPP[side]
                r = s.resample(side, rng)
                e = r.data
                check(e)
                assert r.view(side) == s.view(side)
                # Everything public or the side's own is untouched.
                for key in ("cubes", "defcon", "prestige", "letter", "discard", "plays", "fx", "round", "log",
                            "offered", "agenda_out", "options", "next", "over", "ply"):
                    assert e[key] == d[key], key
                assert e["hands"][side] == d["hands"][side]
                assert e["kept"][side] == d["kept"][side]
                assert [x for x in e["aftermath"] if x[0] == side] == [x for x in d["aftermath"] if x[0] == side]
                assert [x[0] for x in e["aftermath"]] == [x[0] for x in d["aftermath"]]
                assert _drawn_for_alliances(e, side) == _drawn_for_alliances(d, side)
                assert [f for f in e["stack"] if f["f"] != "alliances"] == \
                    [f for f in d["stack"] if f["f"] != "alliances"]
                # The unseen cards are the same cards, in the same counts per place.
                assert sorted(_hidden_from(e, side)) == sorted(_hidden_from(d, side))
                assert len(e["hands"][opp]) == len(d["hands"][opp]) and len(e["deck"]) == len(d["deck"])
                assert e["rng"] != d["rng"]
                assert sorted(e["agenda_deck"]) == sorted(d["agenda_deck"])
                if d["kept"][opp]:
                    assert e["kept"][opp] in d["offered"][opp]
                hand_changed += sorted(e["hands"][opp]) != sorted(d["hands"][opp])
                aftermath_changed += e["aftermath"] != d["aftermath"]
                agenda_changed += e["kept"][opp] != d["kept"][opp]
    assert hand_changed > 100 and aftermath_changed > 20 and agenda_changed > 10


def test_resample_rejects_a_spectator() -> None:
    s = bm.new_game("thirteen", seed=1)
    with pytest.raises(ValueError, match="unknown side"):
        s.resample(None, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown side"):
        s.view("NATO")


# ---------------------------------------------------------------------------
# Cards that move hidden cards around
# ---------------------------------------------------------------------------
def test_intelligence_reports_shows_the_stolen_card_to_both_but_not_the_replacement() -> None:
    hands = {"USSR": ["Intelligence Reports", "Fidel Castro"], "US": ["Excomm", "Quarantine", "SOPs"]}
    s = position(seed=4, hands=hands, deck=_full_deck(hands, "Scramble", "U Thant"))
    s.apply("event Intelligence Reports")
    stolen = s.data["held"][0]
    assert stolen in (15, 23, 4)
    assert sorted(s.data["hands"]["US"]) == sorted({15, 23, 4} - {stolen})
    check(s.data, full_game=False)
    line = s.log[-1]
    assert line == (f"USSR takes {CARD_NAME[stolen]} at random from the US hand; US will draw a replacement "
                    "once it is resolved.")
    for side in (*SIDES, None):
        assert s.view(side)["looking_at"] == [CARD_NAME[stolen]]
    # A USSR determinization keeps the stolen card and its decision.
    for k in range(10):
        r = s.resample("USSR", random.Random(k))
        assert r.data["held"] == [stolen] and texts(r) == texts(s)
        assert r.view("USSR") == s.view("USSR")
    # The replacement is the top of the deck: Scramble, seen by the US only.
    s.apply(f"discard {CARD_NAME[stolen]}")
    assert sorted(s.data["hands"]["US"]) == sorted(({15, 23, 4} - {stolen}) | {13})
    assert "Scramble" not in " ".join(s.log)
    assert 13 not in s.view("USSR")["hand"] and 13 in s.view("US")["hand"]


def _full_deck(hands: dict[str, list[str]], *top: str) -> list[str | int]:
    """A deck with ``top`` first, then every card not in ``hands``: all 39
    cards stay in the game, so the invariants hold."""
    placed = {card_number(c) for cards in hands.values() for c in cards} | {card_number(c) for c in top}
    return [*top, *(c for c in range(1, N_CARDS + 1) if c not in placed)]


def _alliances_position(seed: int = 2) -> bm.State:
    """Round 1 ends: the US dominates Alliances and draws the top card (Excomm)."""
    hands = {"US": ["Quarantine"], "USSR": ["Fidel Castro"]}
    s = position(seed=seed, phase="aftermath", cubes={"US": {"Alliances": 2}}, hands=hands,
                 deck=_full_deck(hands, "Excomm", "Scramble"))
    check(s.data)
    assert s.current_player == "US" and s.data["stack"][-1]["f"] == "alliances"
    return s


def test_alliances_draw_is_seen_only_by_the_side_that_drew_it() -> None:
    s = _alliances_position()
    assert s.view("US")["looking_at"] == ["Excomm"]
    assert texts(s) == ["aftermath Excomm", "discard Excomm"]
    for side in ("USSR", None):
        v = s.view(side)
        assert v["looking_at"] == [] and v["legal_actions"] == []
        assert "Excomm" not in json.dumps(v)
    # The two Aftermath cards of the round were not named either.
    log = " ".join(s.log)
    assert "Quarantine" not in log and "Fidel Castro" not in log
    s.apply("aftermath Excomm")
    assert "US puts a card face down in the Aftermath." in s.log
    assert "Excomm" not in " ".join(s.log)
    assert s.view("US")["aftermath"]["own"] == ["Quarantine", "Excomm"]
    assert s.view("USSR")["aftermath"] == {"own": ["Fidel Castro"], "size": 3}


def test_alliances_discard_is_public() -> None:
    s = _alliances_position()
    s.apply("discard Excomm")
    assert "US discards Excomm (Alliances)." in s.log
    assert 15 in s.view("USSR")["discard"]


def test_resample_during_the_opponents_alliances_draw() -> None:
    s = _alliances_position()
    drawn = Counter[int]()
    rng = random.Random(7)
    for k in range(40):
        r = s.resample("USSR", rng)
        check(r.data)
        assert r.view("USSR") == s.view("USSR")
        card = r.data["stack"][-1]["card"]
        drawn[card] += 1
        assert r.data["held"] == [card]
        assert texts(r) == [f"aftermath {CARD_NAME[card]}", f"discard {CARD_NAME[card]}"]
        r.apply(texts(r)[k % 2])
        while not r.is_terminal:
            r.apply_random(rng)
    assert len(drawn) > 5  # the US card is redealt among the unseen cards
    # The US determinization keeps its own draw.
    for k in range(10):
        assert s.resample("US", random.Random(k)).data["stack"][-1]["card"] == 15


def test_summit_meeting_names_the_discards_but_not_the_draws() -> None:
    hands = {"USSR": ["Summit Meeting", "Fidel Castro", "U Thant"], "US": ["Excomm"]}
    s = position(seed=3, hands=hands, deck=_full_deck(hands, "Scramble", "SOPs", "Containment"))
    s.apply("event Summit Meeting")
    s.apply("discard Fidel Castro")
    assert s.log[-1] == "USSR discards Fidel Castro."
    s.apply("done")
    assert s.log[-1] == "USSR draws 1 card."
    assert sorted(s.data["hands"]["USSR"]) == [10, 13]
    assert "Scramble" not in " ".join(s.log)
    assert s.view("US")["hand_sizes"]["USSR"] == 2 and 13 not in s.view("US")["hand"]


def test_aftermath_is_revealed_to_everybody_at_final_scoring() -> None:
    s = position(round=3, phase="aftermath", hands={"US": ["Excomm"], "USSR": ["Fidel Castro"]},
                 aftermath={"US": ["Quarantine"], "USSR": ["Missile Trade", "SOPs"]}, cubes={})
    assert s.is_terminal and s.result in ("prestige", "personal_letter")
    expected = [["USSR", "Missile Trade"], ["USSR", "SOPs"], ["US", "Quarantine"], ["US", "Excomm"],
                ["USSR", "Fidel Castro"]]
    for side in (*SIDES, None):
        assert s.view(side)["aftermath"]["revealed"] == expected
    assert ("The Aftermath is revealed: US cards Quarantine 1, Excomm 3 = 4; USSR cards Missile Trade 3, "
            "Fidel Castro 3 = 6; UN cards (count for nobody) SOPs.") in s.log


def test_aftermath_stays_hidden_after_a_nuclear_war() -> None:
    s = position(round=2, phase="aftermath", defcon={"US": {"Military": 8}},
                 hands={"US": ["Excomm"], "USSR": ["Fidel Castro"]})
    assert s.is_terminal and s.result == "nuclear_war" and s.winner == "USSR"
    for side in (*SIDES, None):
        assert "revealed" not in s.view(side)["aftermath"]
    assert "Excomm" not in " ".join(s.log) and "Fidel Castro" not in " ".join(s.log)
    assert s.view("US")["aftermath"]["own"] == ["Excomm"]


def test_kept_agendas_are_shown_once_resolved() -> None:
    """A nuclear war ends the game right after the agendas are resolved: both
    kept agendas are then visible to everybody (the log names them too)."""
    s = position(phase="resolve", defcon={"USSR": {"Military": 8}},
                 agendas={"US": {"offered": ["Berlin", "Italy", "Turkey"], "kept": "Italy"},
                          "USSR": {"offered": ["Atlantic", "Military Track", "Personal Letter"],
                                   "kept": "Personal Letter"}})
    assert s.is_terminal and s.result == "nuclear_war" and s.winner == "US"
    for side in (*SIDES, None):
        v = s.view(side)
        assert v["agendas"]["US"]["kept"] == "Italy"
        assert v["agendas"]["USSR"]["kept"] == "Personal Letter"
    assert "USSR reveals its agenda: Personal Letter. US scores 2 prestige." in s.log


def test_kept_agenda_is_hidden_from_the_opponent_until_resolution() -> None:
    s = position(phase="agendas", seed=8,
                 agendas={"US": {"offered": ["Berlin", "Italy", "Turkey"]},
                          "USSR": {"offered": ["Atlantic", "Military Track", "Personal Letter"]}})
    assert s.current_player == "USSR"
    s.apply("agenda Atlantic")
    assert s.view("USSR")["agendas"]["USSR"] == {"flags": ["Atlantic", "Military Track", "Personal Letter"],
                                                 "kept": "Atlantic"}
    assert s.view("US")["agendas"]["USSR"]["kept"] == "hidden"
    assert s.view(None)["agendas"]["USSR"]["kept"] == "hidden"
    assert s.log[-1] == "USSR secretly keeps one of its agendas."
    kept = Counter(AGENDA_NAME[AGENDA_CARDS[s.resample("US", random.Random(k)).data["kept"]["USSR"] - 1]]
                   for k in range(60))
    assert set(kept) == {"Atlantic", "Military Track", "Personal Letter"}
