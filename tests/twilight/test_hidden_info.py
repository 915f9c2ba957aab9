"""Hidden information: views, logs and resampling never leak what a side may not know."""

from __future__ import annotations

import json
import random

import pytest

import brinkmanship as bm
from brinkmanship.core.game import Data
from brinkmanship.i18n import render_all
from brinkmanship.twilight.board import CARD_NAME
from tests.core.loading import data

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


SIDES = ("USSR", "US")


OPTIONS = [{"events": False}, {"events": True}]


def _games(n: int, options: dict[str, bool], steps: int = 10_000) -> list[list[bm.State]]:
    """A few random games, every state kept."""
    out = []
    for seed in range(n):
        s = bm.new_game("twilight", seed=seed, options=options)
        rng = random.Random(seed)
        states = [s.clone()]
        while not s.is_terminal and len(states) < steps:
            s.apply_random(rng)
            states.append(s.clone())
        out.append(states)
    return out


@pytest.mark.parametrize("options", OPTIONS)
def test_view_shows_own_hand_and_only_opponent_hand_size(options: dict[str, bool]) -> None:
    for states in _games(3, options):
        for s in states[::7]:
            d = data(s)
            for side in SIDES:
                opp = "US" if side == "USSR" else "USSR"
                v = s.view(side)
                assert v["hand"] == sorted(d["hands"][side])
                # A face-down headline still counts as in the hand.
                face_down = d["headline"][opp] and d["hl_open"] not in (opp, "both")
                assert v["hand_sizes"][opp] == len(d["hands"][opp]) + (1 if face_down else 0)
                assert "deck" not in v and "rng" not in v
                text = json.dumps(v)
                assert '"hands"' not in text
            assert s.view(None)["hand"] == []


@pytest.mark.parametrize("options", OPTIONS)
def test_resampled_state_looks_the_same_to_the_player(options: dict[str, bool]) -> None:
    """OpenSpiel-style: a determinization is indistinguishable from the truth."""
    rng = random.Random(0)
    changed = 0
    for states in _games(3, options):
        for s in states[::5]:
            if s.is_terminal:
                continue
            d = data(s)
            for side in SIDES:
                r = s.resample(side, rng)
                assert r.view(side) == s.view(side)
                opp = "US" if side == "USSR" else "USSR"
                e = data(r)
                assert sorted(_unseen(r, e, side)) == sorted(_unseen(s, d, side))
                if e["hands"][opp] != d["hands"][opp]:
                    changed += 1
                assert e["rng"] != d["rng"]
    assert changed > 50


def _unseen(s: bm.State, d: Data, side: str) -> list[int]:
    """The cards ``side`` cannot see in ``s`` (whose data is ``d``):
    opponent hand, deck, hidden headline."""
    opp = "US" if side == "USSR" else "USSR"
    cards = d["hands"][opp] + d["deck"]
    if s.view(side, log=False)["headline"][opp] == "hidden":
        cards.append(d["headline"][opp])
    return cards


@pytest.mark.parametrize("options", OPTIONS)
def test_resampled_state_plays_on(options: dict[str, bool]) -> None:
    rng = random.Random(1)
    for states in _games(2, options, steps=400):
        s = states[-1]
        for side in SIDES:
            if s.is_terminal:
                continue
            r = s.resample(side, rng)
            for _ in range(300):
                if r.is_terminal:
                    break
                r.apply_random(rng)


def test_hidden_headline_choice() -> None:
    s = bm.from_position("twilight", {
        "phase": "headline",
        "hands": {"USSR": ["Fidel", "Decolonization"], "US": ["NATO", "Duck and Cover"]},
    })
    assert s.current_player == "USSR"
    s.apply("headline Fidel")
    assert s.view("US")["headline"]["USSR"] == "hidden"
    assert s.view("USSR")["headline"]["USSR"] == 8
    assert all("Fidel" not in line for line in s.view("US")["log"])
    r = s.resample("US", random.Random(3))
    assert r.view("US") == s.view("US")


def _hidden_places(s: bm.State) -> dict[int, str]:
    """Where each hidden card is: a hand (unless the opponent knows it), the
    deck, or an unrevealed headline."""
    d = data(s)
    where: dict[int, str] = {}
    for c in d["deck"]:
        where[c] = "deck"
    for side in SIDES:
        opp = "US" if side == "USSR" else "USSR"
        known = set(s.view(opp, log=False)["opponent_known"])
        for c in d["hands"][side]:
            if c not in known:
                where[c] = side
        c = d["headline"][side]
        if c and d["hl_open"] not in (side, "both"):
            where[c] = "headline " + side
    return where


def _named_by_other_cards() -> set[int]:
    """Cards whose name other cards' events use as a rule term ("NATO no
    longer protects France", "Socialist Governments may no longer be played"):
    such a mention says nothing about where the card is."""
    from brinkmanship.twilight.events import REGISTRY

    out = set()
    for c in range(1, 111):
        for n, fn in REGISTRY.events.items():
            if n != c and CARD_NAME[c] in " ".join((fn.__doc__ or "").split()):
                out.add(c)
    return out


@pytest.mark.parametrize("options", OPTIONS)
def test_log_never_names_a_hidden_card(options: dict[str, bool]) -> None:
    """New log lines never name a card that stayed hidden through the action
    (still in the same hand or headline, or drawn from the deck into a hand)."""
    rule_terms = _named_by_other_cards() if options["events"] else set()
    for seed in range(4):
        s = bm.new_game("twilight", seed=seed, options=options)
        rng = random.Random(seed)
        seen = len(s.log_entries)
        after = _hidden_places(s)
        while not s.is_terminal:
            before = after
            s.apply_random(rng)
            after = _hidden_places(s)
            hidden = {c for c, w in after.items()
                      if c in before and (before[c] == w or before[c] == "deck")} - rule_terms
            # Only the new entries are rendered (each one renders alone).
            entries = s.log_entries
            new = " ".join(render_all(entries[seen:]))
            seen = len(entries)
            # Blank out the other card names first (longest first), so that
            # "Southeast Asia Scoring" is not read as "Asia Scoring".
            for c in sorted(set(range(1, 111)) - hidden, key=lambda c: -len(CARD_NAME[c])):
                new = new.replace(CARD_NAME[c], "#")
            for c in hidden:
                assert CARD_NAME[c] not in new, f"log names hidden card {CARD_NAME[c]}: {new}"


def test_resample_keeps_cards_revealed_by_cia_created() -> None:
    s = bm.from_position("twilight", {
        "phasing": "US", "seed": 3,
        "hands": {"USSR": ["Fidel", "Nasser"], "US": ["CIA Created", "NATO"]},
    })
    s.apply("event CIA Created")
    assert s.view("US")["opponent_known"] == [8, 15]
    for k in range(20):
        r = s.resample("US", random.Random(k))
        assert sorted(r.data["hands"]["USSR"]) == [8, 15]
        assert r.view("US") == s.view("US")


def test_resample_keeps_the_us_hand_shown_by_aldrich_ames() -> None:
    s = bm.from_position("twilight", {
        "turn": 8, "seed": 4,
        "hands": {"USSR": ["Aldrich Ames Remix", "Fidel"], "US": ["NATO", "Duck and Cover", "Nasser"]},
    })
    s.apply("event Aldrich Ames Remix")
    assert s.view("USSR")["opponent_known"] == [4, 15, 21]
    s.apply("discard NATO")  # the USSR picks the card the US discards
    for k in range(20):
        r = s.resample("USSR", random.Random(k))
        assert sorted(r.data["hands"]["US"]) == [4, 15]
        assert r.view("USSR") == s.view("USSR")
    # The US does not see the USSR hand.
    assert s.view("US")["opponent_known"] == []


def test_resample_during_the_opponents_event_decision_deals_its_cards_anew() -> None:
    """At the US's Blockade discard, the USSR has not seen which US cards are
    offered: a USSR determinization deals them anew, and the pending decision
    names the cards dealt into their places, so it stays playable."""
    s = bm.from_position("twilight", {
        "seed": 9, "hands": {"USSR": ["Blockade", "Fidel"], "US": ["NATO", "Duck and Cover", "Nasser"]},
    })
    s.apply("event Blockade")
    assert s.current_player == "US"
    offered = [a.text for a in s.legal_actions()]
    assert offered == ["discard NATO", "discard Duck and Cover", "pass"]
    rng = random.Random(2)
    seen = set()
    for _ in range(20):
        r = s.resample("USSR", rng)
        legal = [a for a in r.legal_actions()]
        assert len(legal) == len(offered) and legal[-1].text == "pass"
        assert all(a.arg in r.data["hands"]["US"] for a in legal[:-1])
        seen.add(tuple(a.text for a in legal))
        assert r.view("USSR") == s.view("USSR")
        r.apply(legal[0])
        for _ in range(50):
            if r.is_terminal:
                break
            r.apply_random(rng)
    assert len(seen) > 1, "the offered cards must not follow the real US hand"
    # The US's own determinization keeps its own choices.
    for _ in range(5):
        assert [a.text for a in s.resample("US", rng).legal_actions()] == offered


def test_resample_during_our_man_in_tehran_deals_the_five_cards_anew() -> None:
    """The US looks at the top five cards: the USSR has not seen them, so its
    determinizations must not keep them on top of the deck."""
    s = bm.from_position("twilight", {
        "turn": 8, "seed": 3,
        "influence": {"US": {"Iran": 2}},
        "hands": {"US": ["Our Man in Tehran", "NATO"], "USSR": ["Fidel"]},
        "phasing": "US",
    })
    s.apply("event Our Man in Tehran")
    assert s.current_player == "US"
    top = sorted(s.data["stack"][-1]["options"])
    assert sorted(s.data["deck"][-5:]) == top
    rng = random.Random(4)
    tops = set()
    for _ in range(20):
        r = s.resample("USSR", rng)
        frame = r.data["stack"][-1]
        assert sorted(r.data["deck"][-5:]) == sorted(frame["options"]) == sorted(frame["data"]["cards"])
        tops.add(tuple(sorted(frame["options"])))
        assert r.view("USSR") == s.view("USSR")
        r.apply(r.legal_actions()[0])
    assert len(tops) > 1 and any(t != tuple(top) for t in tops)


def test_a_face_down_headline_does_not_change_what_the_opponent_sees() -> None:
    """The US has seen CIA Created in the USSR hand; the USSR headlines it face
    down. Until the reveal, the US view still counts it in the USSR hand."""
    s = bm.from_position("twilight", {
        "seed": 5, "phase": "headline",
        "hands": {"USSR": ["CIA Created", "Fidel", "Nasser"], "US": ["NATO", "Duck and Cover"]},
    })
    s.data["known"]["US"] = [26]  # the US saw CIA Created (e.g. by Aldrich Ames / an event)
    before = s.view("US")
    assert before["opponent_known"] == [26] and before["hand_sizes"]["USSR"] == 3
    s.apply("headline CIA Created")
    after = s.view("US")
    assert after["opponent_known"] == [26]
    assert after["hand_sizes"] == before["hand_sizes"]
    assert after["headline"]["USSR"] == "hidden"
    # A US determinization may put CIA Created in the headline or keep it in hand.
    rng = random.Random(1)
    places = set()
    for _ in range(30):
        r = s.resample("US", rng)
        assert r.view("US") == after
        held = r.data["hands"]["USSR"] + [r.data["headline"]["USSR"]]
        assert 26 in held
        places.add(r.data["headline"]["USSR"] == 26)
    assert places == {True, False}
