"""The pending decision as data (``view(side)["decision"]``, ``twilight/decisions.py``).

Random games with every event walk thousands of decisions: each carries the
fields of its kind, is plain JSON, never names a card its viewer may not
know, and renders. A few readable examples show what the fields say.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.i18n import catalog, render
from brinkmanship.twilight.board import CHINA, OPPONENT, card_number
from brinkmanship.twilight.events import REGISTRY

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


COMMON = {"player", "kind", "prompt"}
FIELDS: dict[str, set[str]] = {
    "setup": {"mode", "left", "region"},
    "headline": {"shown_first"},
    "action": {"card", "turn", "action_round", "extra", "trap", "missile_envy", "cmc_lift"},
    "ops": {"card", "ops", "mode", "modes", "region", "countries", "free", "bonus", "opponent_event_after"},
    "order": {"card", "owner", "options"},
    "place_inf": {"card", "mode", "side", "left", "max_per_country", "region", "countries", "optional", "so_far"},
    "remove_inf": {"card", "mode", "side", "left", "max_per_country", "region", "countries", "optional", "so_far"},
    "eagle": {"optional"},
    "roll": {"why", "side", "target", "card"},
    "ask": {"card", "question", "choice", "optional", "options"},
}
CARD_VERBS = ("event ", "ops ", "discard ", "pick ", "headline ", "space ")
# Continuations resumed by a die roll or a coup's result, not by a question.
NOT_QUESTIONS = {"war", "trap_escape", "che_result", "olympic_sponsor_roll", "olympic_guest_roll",
                 "summit_ussr_roll", "summit_us_roll"}


def knowable(d: dict[str, Any], viewer: str | None, c: int) -> bool:
    """Written apart from the module's own check: public, in the viewer's
    hand, or seen in the opponent's hand and still there."""
    if c == CHINA or c in d["in_play"] or c in d["discard"] or c in d["removed"]:
        return True
    if viewer is None:
        return False
    return c in d["hands"][viewer] or (c in d["known"][viewer] and c in d["hands"][OPPONENT[viewer]])


def check(s: bm.State, viewer: str | None, d: dict[str, Any]) -> dict[str, Any]:
    """Every property a decision must have (``d``: the state's data); returns it."""
    dec = s.view(viewer, log=False)["decision"]
    assert json.loads(json.dumps(dec)) == dec  # plain JSON: no tuples, no custom objects
    kind = dec["kind"]
    top = d["stack"][-1]
    # An influence frame put as its event's question decides as that question.
    assert kind == ("ask" if "question" in top else top["f"])
    missing = (COMMON | FIELDS[kind]) - set(dec)
    assert not missing, (kind, missing)
    assert dec["player"] == s.current_player
    assert isinstance(dec["prompt"], str) and dec["prompt"] and "{" not in dec["prompt"]
    for key in ("card", "taken"):
        c = dec.get(key)
        assert c is None or (isinstance(c, int) and knowable(d, viewer, c)), (key, c, viewer, dec)
    options = dec.get("options")
    if options is not None:
        legal = {a.text for a in s.legal_actions()}
        for o in options:
            assert o["action"] in legal, (o, legal)
            assert render(o["meaning"])
            # The chooser's options are its legal actions (Our Man in Tehran's
            # cards come from the draw pile); anyone else may see only known cards.
            if o["action"].startswith(CARD_VERBS) and viewer != dec["player"]:
                assert knowable(d, viewer, card_number(o["action"].split(" ", 1)[1])), (o, viewer)
    if kind == "ask":
        assert dec["question"] == "twilight.ask." + (top.get("question") or top["then"])
        assert dec["question"] in catalog()
        if dec["player"] == viewer:
            assert options is not None
    if kind == "roll" and dec["why"] == "event":
        assert dec["purpose"] in catalog()
    return dec


def walk(seeds: range) -> tuple[int, set[str]]:
    """Check the decisions of random games (events on) for all three viewers."""
    n = 0
    seen: set[str] = set()
    for seed in seeds:
        s = bm.new_game("twilight", seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            # A copy, not ``s.data``: handed out, that would make the native
            # backend keep it in step after every action.
            d = json.loads(s.to_json())
            for viewer in ("USSR", "US", None):
                dec = check(s, viewer, d)
            n += 1
            seen.update((dec["kind"], dec.get("question"), dec.get("purpose")))
            s.apply_random(rng)
        assert s.view("US")["decision"] is None
    return n, seen


def test_random_decisions_carry_their_data() -> None:
    n, seen = walk(range(14))
    assert n > 4000
    assert set(FIELDS) - {"eagle", "remove_inf"} <= seen


@pytest.mark.slow
def test_many_random_decisions_carry_their_data() -> None:
    n, seen = walk(range(100, 180))
    assert n > 25_000
    assert set(FIELDS) <= seen
    assert len({q for q in seen if q and q.startswith("twilight.ask.")}) >= 32


def test_every_question_and_roll_has_its_text() -> None:
    bm.new_game("twilight")  # registers the card events and their continuations
    texts = catalog()
    for name in REGISTRY.continuations:
        if name == "che_result":  # resumes after a coup: the decision is that coup's roll
            continue
        code = ("twilight.roll." if name in NOT_QUESTIONS else "twilight.ask.") + name
        assert code in texts, code


# ---------------------------------------------------------------------------
# Examples
# ---------------------------------------------------------------------------
def position(**fields: Any) -> bm.State:
    return bm.from_position("twilight", {"options": {"events": True}, **fields})


def test_indo_pakistani_war_options_name_the_country_attacked() -> None:
    s = position(hands={"USSR": ["Indo-Pakistani War"], "US": ["NATO"]},
                 influence={"USSR": {}, "US": {"India": 2}})
    s.apply("event Indo-Pakistani War")
    dec = s.view("US")["decision"]  # the other side reads the same question
    assert dec["kind"] == "ask" and dec["player"] == "USSR" and dec["card"] == 24
    assert dec["question"] == "twilight.ask.indo_pakistani_war" and dec["choice"] == "target"
    assert dec["options"] == [
        {"action": "target Pakistan", "meaning": {"code": "twilight.meaning.attack",
                                                  "args": {"side": "USSR", "country": "Pakistan"}}},
        {"action": "target India", "meaning": {"code": "twilight.meaning.attack",
                                               "args": {"side": "USSR", "country": "India"}}},
    ]
    assert render(dec["options"][1]["meaning"]) == "USSR attacks India"
    assert dec["prompt"] == "USSR: choose the country to attack, India or Pakistan (Indo-Pakistani War)"
    s.apply("target India")
    roll = s.view(None)["decision"]
    assert (roll["why"], roll["purpose"], roll["side"], roll["target"], roll["card"]) == (
        "event", "twilight.roll.war", "USSR", "India", 24)
    assert roll["prompt"] == "roll a die for USSR's attack on India (Indo-Pakistani War, needs 4+ after -0)"


def test_china_card_ops_carry_the_asia_bonus() -> None:
    s = position(china={"holder": "USSR", "face_up": True}, hands={"USSR": ["NATO"], "US": ["Fidel"]},
                 influence={"USSR": {"North Korea": 3}, "US": {"South Korea": 1}})
    s.apply("ops The China Card")
    dec = s.view("USSR")["decision"]
    assert dec == {
        "player": "USSR", "kind": "ops", "card": CHINA, "ops": 5, "mode": None,
        "modes": ["place", "coup", "realign"], "region": None, "countries": None, "free": False,
        "bonus": [{"region": "Asia", "ops": 1}], "opponent_event_after": False,
        "prompt": "USSR: 5 ops of The China Card left: place influence, coup or realign",
    }
    s.apply("place North Korea")  # in Asia: the bonus stays
    dec = s.view(None)["decision"]
    assert (dec["ops"], dec["mode"], dec["modes"]) == (4, "place", ["place"])
    assert dec["bonus"] == [{"region": "Asia", "ops": 1}]
    s.apply("place Poland")  # outside Asia: the bonus is lost
    dec = s.view(None)["decision"]
    assert (dec["ops"], dec["bonus"]) == (2, [])


def test_realignment_rolls_say_whose_die() -> None:
    s = position(hands={"USSR": ["Fidel", "Warsaw Pact Formed"], "US": ["Duck and Cover"]},
                 influence={"USSR": {"Cuba": 1}, "US": {"Mexico": 2}})
    s.apply_many(["ops Warsaw Pact Formed", "realign Mexico"])
    dec = s.view(None)["decision"]
    assert {k: dec[k] for k in ("player", "kind", "why", "side", "by", "target", "card", "prompt")} == {
        "player": "chance", "kind": "roll", "why": "realign", "side": "USSR", "by": "USSR", "target": "Mexico",
        "card": 16, "prompt": "roll USSR's die for the realignment in Mexico"}
    s.apply("roll 3")
    dec = s.view(None)["decision"]
    assert (dec["side"], dec["by"], dec["prompt"]) == ("US", "USSR", "roll US's die for the realignment in Mexico")
    s.apply("roll 1")
    dec = s.view("USSR")["decision"]
    assert (dec["kind"], dec["mode"], dec["modes"], dec["ops"]) == ("ops", "realign", ["realign"], 2)


def test_an_opposing_event_after_the_operations_is_announced() -> None:
    s = position(phasing="US", hands={"USSR": ["NATO"], "US": ["Fidel", "Duck and Cover"]},
                 influence={"USSR": {}, "US": {"Mexico": 1}})
    s.apply("ops Fidel")
    dec = s.view("US")["decision"]
    assert dec["kind"] == "order" and dec["card"] == 8 and dec["owner"] == "USSR"
    assert [o["action"] for o in dec["options"]] == ["event Fidel", "ops Fidel"]
    assert render(dec["options"][1]["meaning"]) == "the operations first, then the USSR event of Fidel"
    s.apply("ops Fidel")
    dec = s.view("US")["decision"]
    assert dec["kind"] == "ops" and dec["card"] == 8 and dec["opponent_event_after"] is True


def test_a_card_taken_from_a_hand_is_shown_only_to_the_two_sides() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Grain Sales to Soviets", "NATO"]},
                 influence={"USSR": {}, "US": {"Canada": 1}})
    s.apply("event Grain Sales to Soviets")
    us, ussr, spectator = (s.view(v)["decision"] for v in ("US", "USSR", None))
    assert us["card"] == 67 and us["taken"] == 8 and us["can_return"] is True
    assert us["prompt"] == "US: play Fidel (taken by Grain Sales to Soviets) or 'choose return' to give it back"
    assert ussr["taken"] == 8  # its own card: it knows which one went
    assert spectator["taken"] is None and "Fidel" not in spectator["prompt"]


def test_a_discard_from_a_hand_offers_its_cards_to_the_chooser_only() -> None:
    s = position(hands={"USSR": ["Blockade"], "US": ["Containment", "NATO", "Fidel"]},
                 influence={"US": {"West Germany": 4}, "USSR": {}})
    s.apply("event Blockade")
    us, ussr = s.view("US")["decision"], s.view("USSR")["decision"]
    assert [o["action"] for o in us["options"]] == ["discard Containment", "discard NATO", "pass"]
    assert render(us["options"][-1]["meaning"]) == "remove all US influence from West Germany"
    assert ussr["options"] is None and ussr["question"] == "twilight.ask.blockade"
    assert ussr["prompt"] == us["prompt"]


def test_ask_not_counts_the_cards_discarded() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["Ask Not What Your Country Can Do For You",
                                                             "NATO", "Containment", "Duck and Cover"]})
    s.apply("event Ask Not What Your Country Can Do For You")
    assert s.view("US")["decision"]["discarded"] == 0
    s.apply("discard NATO")
    dec = s.view("US")["decision"]
    assert dec["discarded"] == 1 and "(1 discarded so far)" in dec["prompt"]


def test_influence_frames_name_their_region_and_limit() -> None:
    s = position(hands={"USSR": ["Socialist Governments"], "US": ["NATO"]},
                 influence={"USSR": {}, "US": {"Italy": 3, "France": 1}})
    s.apply("event Socialist Governments")
    dec = s.view(None)["decision"]
    assert {k: dec[k] for k in ("kind", "card", "mode", "side", "left", "max_per_country", "region", "countries")} == {
        "kind": "remove_inf", "card": 7, "mode": "remove", "side": "US", "left": 3, "max_per_country": 2,
        "region": "Western Europe", "countries": None}
    assert dec["prompt"] == "USSR: remove 3 US influence, at most 2 per country"
    s.apply("remove Italy")
    assert s.view(None)["decision"]["so_far"] == ["Italy"]


def test_the_game_over_has_no_decision() -> None:
    s = position(defcon=2, phasing="US", hands={"USSR": ["NATO"], "US": ["Duck and Cover"]})
    s.apply("event Duck and Cover")
    assert s.is_terminal and s.view("USSR")["decision"] is None
    assert s.game.describe(s.data) == "game over"  # type: ignore[attr-defined]
