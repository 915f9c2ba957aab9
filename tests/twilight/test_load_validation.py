"""Loading a Twilight Struggle state checks it against the rules.

Every state the engine reaches loads back equal, in the middle of any event.
A file changed by hand is refused with ``StateError`` naming the field when it
breaks a rule of the game: a card in two places or in none, a card of a
period not yet begun, a number off its track, an effect no card creates, a
pending decision its event never asks. ``from_position`` fills in what a
card itself sets for its lasting effect.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.twilight import cards, effect, rules
from brinkmanship.twilight.board import CARD_BY_NAME, INDEX, STAYS_IN_PLAY
from brinkmanship.twilight.events import REGISTRY
from brinkmanship.twilight.game import make_options
from brinkmanship.twilight.validate import (
    AFTER_COUP,
    ASKS,
    EFFECTS,
    FRAMES,
    INFLUENCES,
    MAX_INFLUENCE,
    ROLLS,
    TABLE_CARD,
    TOP,
)
from tests.core.loading import data, refused
from tests.twilight.invariants import check

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


EVENTS_ON = {"events": True}


def loads(d: dict[str, Any]) -> bm.State:
    return bm.load(json.dumps(d))


def position(**fields: Any) -> bm.State:
    return bm.from_position("twilight", {"options": EVENTS_ON, **fields})


def play_random_games(seeds: range, options: dict[str, bool]) -> set[str]:
    """Every state of one random game per seed loads back equal; returns the
    pending decision kinds and continuations met (to show the coverage)."""
    seen: set[str] = set()
    for seed in seeds:
        r = random.Random(seed)
        s = bm.new_game("twilight", seed=seed, options=options)
        while not s.is_terminal:
            s.apply_random(r)
            text = s.to_json()
            t = bm.load(text)
            # The JSON read back, not ``s.data`` (handed out, that would make
            # the native backend keep it in step after every action).
            d = json.loads(text)
            assert t == s, f"game {seed} at ply {d['ply']}"
            for f in d["stack"]:
                seen.update((f["f"], f.get("then") or f["f"]))
    return seen


# ---------------------------------------------------------------------------
# Every state of a game loads
# ---------------------------------------------------------------------------
def test_every_state_of_random_games_loads_back_equal() -> None:
    # (The fuzz in test_fuzz.py loads every state of 1,500 more games.)
    seen = play_random_games(range(3), {})
    assert {"ask", "roll", "ops", "finish", "order"} <= seen
    play_random_games(range(3, 4), {"events": False, "optional_cards": False})


def test_a_state_in_the_middle_of_an_event_loads() -> None:
    s = position(turn=4, hands={"USSR": ["Missile Envy", "Fidel"], "US": ["Nasser", "Duck and Cover", "Containment"]})
    s.apply("event Missile Envy")  # the US picks among its 3-ops cards
    assert s.view(None)["decision_kind"] == "ask"
    t = bm.load(s.to_json())
    assert t == s
    t.apply("pick Containment")
    s.apply("pick Containment")
    assert t == s


# ---------------------------------------------------------------------------
# The validator knows what the code writes
# ---------------------------------------------------------------------------
def _calls(name: str) -> list[ast.Call]:
    """Every call of ``name`` in the rules and the card modules."""
    files = [*Path(rules.__file__).parent.glob("*.py"), *Path(cards.__file__).parent.glob("*.py")]
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == name:
                found.append(node)
    return found


def _literal(node: ast.AST) -> Any:
    """A constant, or an effect's name written as ``effect.NAME`` / ``NAME``."""
    if isinstance(node, ast.Constant):
        return node.value
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return getattr(effect, name, None) if name else None


def test_every_effect_a_card_puts_in_play_is_known_with_its_data() -> None:
    written = {}
    for call in _calls("add_effect"):
        name = _literal(call.args[1])
        until = _literal(call.args[2]) if len(call.args) > 2 else "game"
        written[name] = (until, sorted(k.arg for k in call.keywords if k.arg))
    expected = {name: (e.until, sorted([*e.fields, *(["blocks"] if e.blocks else [])]))
                for name, e in EFFECTS.items()}
    assert written == expected
    # An underlined card's effect records its card while it lies on the table.
    assert {n for n in TABLE_CARD} | {"Shuttle Diplomacy"} == {
        n for n in EFFECTS if n in CARD_BY_NAME and STAYS_IN_PLAY[CARD_BY_NAME[n]]}


def _data_keys(call: ast.Call, allowed: set[str]) -> list[str]:
    """The keys of the ``data={...}`` a call gives its frame (none without it);
    any other keyword than ``allowed`` and ``data`` is refused."""
    assert {k.arg for k in call.keywords} <= {*allowed, "data"}, ast.unparse(call)
    data = next((k.value for k in call.keywords if k.arg == "data"), None)
    if data is None:
        return []
    assert isinstance(data, ast.Dict), ast.unparse(call)
    return sorted(_literal(k) for k in data.keys if k is not None)


def test_every_continuation_is_known_with_its_frame_and_data() -> None:
    assert set(ASKS) | set(ROLLS) | set(INFLUENCES) | set(AFTER_COUP) == set(REGISTRY.continuations)
    for call in _calls("ask"):
        kind, then = _literal(call.args[2]), _literal(call.args[4])
        assert ASKS[then].kind == kind, then
        assert sorted(ASKS[then].data.fields) == _data_keys(call, {"optional"}), then
    for call in _calls("roll_for"):
        then = _literal(call.args[1])
        assert sorted(ROLLS[then].data.fields) == _data_keys(call, set()), then
    ends = {}
    for call in _calls("push_influence"):
        words = {k.arg: k.value for k in call.keywords}
        if "then" not in words:
            continue
        then = _literal(words["then"])
        data = words.get("data")
        keys = sorted(_literal(k) for k in data.keys) if isinstance(data, ast.Dict) else []
        ends[then] = (_literal(call.args[1]), keys,
                      _literal(words["question"]) if "question" in words else "",
                      _literal(words["log_code"]) if "log_code" in words else "")
    assert ends == {then: ({"place_inf": "place", "remove_inf": "remove"}[spec.kind], sorted(spec.data.fields),
                           spec.question, spec.log) for then, spec in INFLUENCES.items()}


def test_every_frame_kind_has_a_check() -> None:
    assert set(FRAMES) == set(rules.LEGAL) | set(rules.PROCS)


def test_the_schema_is_the_blank_state() -> None:
    assert sorted(TOP) == sorted(rules.blank_state(0, make_options({})))


# ---------------------------------------------------------------------------
# Cards: each card of the periods in play in exactly one place
# ---------------------------------------------------------------------------
def test_a_card_in_two_places_is_refused() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["discard"].append(21)
    refused(d, "field 'discard[0]': card 21 (NATO) is also at hands.US[0]")


def test_a_missing_card_is_refused() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["hands"]["US"] = []
    refused(d, "card 21 (NATO) is missing")


def test_a_card_that_does_not_exist_is_refused() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["hands"]["USSR"].append(200)
    refused(d, "field 'hands.USSR[1]': 200 is out of range 1 to 110")


def test_cards_of_a_period_not_yet_begun_are_refused() -> None:
    d = data(position(turn=3, hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["deck"].append(40)
    refused(d, "card 40 (Cuban Missile Crisis) is not in this game (the Early War cards at turn 3")
    d = data(position(turn=4, hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["deck"].remove(40)
    refused(d, "card 40 (Cuban Missile Crisis) is missing")


def test_optional_cards_exist_only_when_they_are_on() -> None:
    s = bm.from_position("twilight", {"options": {"optional_cards": False},
                                      "hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    d = data(s)
    d["deck"].append(106)
    refused(d, "card 106 (NORAD) is not in this game", "without the optional ones")


def test_the_china_card_is_never_in_a_pile() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["hands"]["USSR"].append(6)
    refused(d, "card 6 (The China Card) is not in this game", "see 'china'")


def test_removed_cards_are_starred() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["deck"].remove(7)
    d["removed"].append(7)
    refused(d, "field 'removed[0]': card 7 (Socialist Governments) is not starred")


def test_a_card_in_play_is_being_played_or_marks_an_effect() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["deck"].remove(7)
    d["in_play"].append(7)
    refused(d, "field 'in_play[0]': card 7 (Socialist Governments) is in play, but neither being played")


# ---------------------------------------------------------------------------
# Numbers on their tracks, sides, options
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(("path", "value", "fragment"), [
    (("defcon",), 1, "field 'defcon': 1 is out of range 2 to 5"),
    (("defcon",), 6, "field 'defcon': 6 is out of range"),
    (("vp",), 20, "field 'vp': 20 is out of range -19 to 19"),
    (("turn",), 11, "field 'turn': 11 is out of range 1 to 10"),
    (("ar",), 9, "field 'ar': 9 is out of range 0 to 8"),
    (("milops", "US"), 6, "field 'milops.US': 6 is out of range 0 to 5"),
    (("space", "USSR"), 9, "field 'space.USSR': 9 is out of range 0 to 8"),
    (("space_tries", "US"), 3, "field 'space_tries.US'"),
    (("inf", "US", 0), -1, "field 'inf.US[0]': -1 is out of range 0 to 999"),
    (("inf", "US", 0), MAX_INFLUENCE + 1, "field 'inf.US[0]': 1000 is out of range"),
    (("inf", "US", 0), True, "field 'inf.US[0]': expected integer, got boolean"),
    (("rng",), -1, "field 'rng': -1 is out of range"),
    (("rng",), 2**64, "field 'rng'"),
    (("phasing",), "us", "field 'phasing': 'us' is not one of 'USSR', 'US'"),
    (("china",), "both", "field 'china': 'both' is not one of"),
    (("hl_open",), "USSR ", "field 'hl_open'"),
    (("options", "events"), 1, "option 'events' must be one of True, False"),
    (("options", "fog_of_war"), True, "unknown option 'fog_of_war'"),
    (("final",), True, "field 'final': final scoring happens as the game ends"),
])
def test_numbers_sides_and_options_are_checked(path: tuple[Any, ...], value: Any, fragment: str) -> None:
    d = data(position(turn=4, action_round=3, hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    target = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(d, fragment)


def test_a_missing_or_unknown_key_is_refused() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    del d["milops"]
    refused(d, "field 'milops': missing")
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["cheats"] = True
    refused(d, "field 'cheats': unknown field")
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["inf"]["us"] = d["inf"].pop("US")
    refused(d, "field 'inf.US': missing")


def test_a_consistent_change_such_as_the_generator_state_loads() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["rng"] = 12345
    d["inf"]["US"][INDEX["Iran"]] = 4
    s = loads(d)
    check(s.data)


# ---------------------------------------------------------------------------
# Lasting effects
# ---------------------------------------------------------------------------
def test_an_effect_no_card_creates_is_refused() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["effects"]["Fog of War"] = {"until": "turn"}
    refused(d, "field 'effects.Fog of War': unknown effect 'Fog of War'")


@pytest.mark.parametrize(("name", "effect", "fragment"), [
    ("Containment", {"until": "game"}, "field 'effects.Containment.until': 'game'; Containment lasts until 'turn'"),
    ("Red Scare/Purge", {"until": "turn"}, "field 'effects.Red Scare/Purge.side': missing"),
    ("Red Scare/Purge", {"until": "turn", "side": "them"}, "field 'effects.Red Scare/Purge.side': 'them'"),
    ("Camp David Accords", {"until": "game", "blocks": [1, 2, 3]}, "Camp David Accords blocks [13]"),
    ("Camp David Accords", {"until": "game"}, "Camp David Accords blocks [13], got None"),
    ("NATO", {"until": "game", "blocks": [13]}, "field 'effects.NATO.blocks': unknown field"),
    ("Chernobyl", {"until": "turn", "region": "Mars"}, "field 'effects.Chernobyl.region'"),
    ("NATO", {"until": "game", "card": 21}, "card 21 (NATO) marks this effect but is not in play"),
    ("NATO", {"until": "game", "card": 23}, "field 'effects.NATO.card': 23 is not the card of NATO"),
])
def test_an_effect_holds_the_data_its_card_writes(name: str, effect: dict[str, Any], fragment: str) -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["Duck and Cover"]}))
    d["effects"][name] = effect
    refused(d, fragment)


def test_effects_that_end_each_other_are_never_both_in_play() -> None:
    d = data(position(turn=8, hands={"USSR": ["Fidel"], "US": ["Duck and Cover"]}))
    d["effects"]["Flower Power"] = {"until": "game"}
    d["effects"]["An Evil Empire"] = {"until": "game", "blocks": [59]}
    refused(d, "An Evil Empire ends Flower Power")


# ---------------------------------------------------------------------------
# Pending decisions
# ---------------------------------------------------------------------------
def blockade() -> bm.State:
    """The US decides whether to discard a 3-ops card to Blockade."""
    s = position(phasing="USSR", hands={"USSR": ["Blockade", "Fidel"], "US": ["Duck and Cover", "NATO"]})
    s.apply("event Blockade")
    assert s.view(None)["decision_kind"] == "ask"
    return s


def test_blockade_asks_for_a_card_of_the_us_hand() -> None:
    d = data(blockade())
    d["stack"][-1]["options"].append(7)  # Socialist Governments, in the deck
    refused(d, "field 'stack[2].options[2]': card 7 (Socialist Governments) is not in the US hand")


def test_blockade_is_answered_by_the_us() -> None:
    d = data(blockade())
    d["stack"][-1]["p"] = "USSR"
    refused(d, "field 'stack[2].p': 'USSR'; blockade is answered by the US")


def test_an_unknown_continuation_is_refused() -> None:
    d = data(blockade())
    d["stack"][-1]["then"] = "teleport"
    refused(d, "field 'stack[2].then': 'teleport' is not a continuation of a question")
    d["stack"][-1]["then"] = "war"  # a die roll's continuation
    refused(d, "'war' is not a continuation of a question")


def test_continuation_data_is_what_its_event_stores() -> None:
    s = position(hands={"USSR": ["Indo-Pakistani War", "Fidel"], "US": ["NATO"]})
    s.apply("event Indo-Pakistani War")
    d = data(s)
    d["stack"][-1]["data"] = {}
    refused(d, "field 'stack[2].data.side': missing")
    d["stack"][-1]["data"] = {"side": "USSR", "extra": 1}
    refused(d, "field 'stack[2].data.extra': unknown field")
    d["stack"][-1]["data"] = {"side": "USSR"}
    d["stack"][-1]["options"] = [INDEX["India"], INDEX["Iran"]]
    refused(d, "country", "(Iran) is not one indo_pakistani_war offers")


def test_de_stalinization_takes_at_most_four() -> None:
    s = position(hands={"USSR": ["De-Stalinization", "Fidel"], "US": ["NATO"]},
                 influence={"USSR": {"Poland": 2, "Cuba": 1}, "US": {}})
    s.apply_many(["event De-Stalinization", "target Poland"])
    d = data(s)
    assert loads(d) == s
    d["stack"][-1]["left"] = 4
    refused(d, "field 'stack[2].left'", "de_stalinization has 4 in all")
    d = data(s)
    d["stack"][-1]["side"] = "US"
    refused(d, "field 'stack[2].side'", "'US'; de_stalinization has 'USSR'")


def test_an_influence_frame_of_different_countries_changes_each_once() -> None:
    s = position(turn=4, hands={"USSR": ["Muslim Revolution", "Fidel"], "US": ["NATO"]},
                 influence={"USSR": {}, "US": {"Iran": 2, "Iraq": 1, "Egypt": 1}})
    s.apply_many(["event Muslim Revolution", "target Iran"])
    d = data(s)
    assert loads(d) == s
    d["stack"][-1]["done"] = [INDEX["Iran"], INDEX["Iran"]]
    refused(d, "field 'stack[2].done'", "chosen twice")
    d = data(s)
    d["stack"][-1]["per"] = 5
    refused(d, "field 'stack[2].per'")
    d = data(s)
    d["stack"][-1]["per"] = 1
    refused(d, "field 'stack[2].per'", "muslim_revolution changes 0 per country")
    d = data(s)
    d["stack"][-1]["then"] = "warsaw_pact_remove"
    refused(d, "field 'stack[2]")
    d = data(s)
    d["stack"][-1]["then"] = "war"
    refused(d, "field 'stack[2].then'", "not a continuation of an influence frame")
    d = data(s)
    del d["stack"][-1]["data"]
    refused(d, "field 'stack[2].data': missing")
    d = data(s)
    d["stack"][-1]["data"] = {"left": 1}
    refused(d, "field 'stack[2].data.left': unknown field")
    d = data(s)
    d["stack"][-1]["question"] = "blockade"
    refused(d, "field 'stack[2].question'")
    d = data(s)
    d["stack"][-1]["log"] = "twilight.influence.removed"
    refused(d, "field 'stack[2].log'")
    d = data(s)
    d["stack"][-1]["allowed"] = [INDEX["Iran"], INDEX["Iraq"], INDEX["Israel"]]
    refused(d, "field 'stack[2].allowed'", "not the countries muslim_revolution allows")


def test_east_european_unrest_removes_two_per_country_only_in_the_late_war() -> None:
    s = position(phasing="US", hands={"USSR": ["Fidel"], "US": ["East European Unrest", "NATO"]},
                 influence={"US": {}, "USSR": {"Poland": 3, "Hungary": 2}})
    s.apply("event East European Unrest")
    d = data(s)
    assert loads(d) == s
    d["stack"][-1]["per"] = 2
    refused(d, "field 'stack[2].per'", "Late War only")


def test_a_die_roll_is_for_a_known_reason() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]}, influence={"USSR": {"Iran": 1}, "US": {"Iraq": 1}})
    s.apply("ops Fidel")
    s.apply("coup Iraq")
    d = data(s)
    assert d["stack"][-1]["f"] == "roll"
    d["stack"][-1]["why"] = "fun"
    refused(d, "field 'stack[2].why': 'fun' is not one of 'realign', 'coup', 'event', 'space'")
    d["stack"][-1]["why"] = "coup"
    d["stack"][-1]["target"] = 84
    refused(d, "field 'stack[2].target': 84 is out of range 0 to 83")


def test_a_space_race_roll_needs_a_box_ahead() -> None:
    s = position(hands={"USSR": ["Fidel", "Nasser"], "US": ["NATO"]}, space={"USSR": 1})
    s.apply("space Fidel")
    d = data(s)
    d["space"]["USSR"] = 8
    refused(d, "field 'space.USSR': at the last box, but a Space Race roll is pending")


def test_a_realignment_roll_sits_on_its_operations() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]}, influence={"USSR": {"Iran": 1}, "US": {"Iraq": 1}})
    s.apply("ops Fidel")
    s.apply("realign Iraq")
    d = data(s)
    del d["stack"][-2]  # the ops frame
    refused(d, "field 'stack[2].why': a realignment roll sits on the ops frame")


def test_a_card_being_played_is_in_play_once() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]}, influence={"USSR": {"Iran": 1}, "US": {"Iraq": 1}})
    s.apply("ops Fidel")
    d = data(s)
    d["stack"].insert(1, dict(d["stack"][1]))
    refused(d, "card 8 (Fidel) is also being played at stack[1]")
    d = data(s)
    d["in_play"].remove(8)
    d["discard"].append(8)
    refused(d, "field 'stack[1].card': card 8 (Fidel) is being played but is not in play")


def test_decisions_belong_to_their_turn_step() -> None:
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["stack"][-1]["p"] = "US"
    refused(d, "field 'stack[1].p': 'US', but the phasing player is the USSR")
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["stack"][-1] = {"f": "headline", "p": "USSR"}
    refused(d, "a 'headline' decision at turn step 'round_done'")
    d = data(position(hands={"USSR": ["Fidel"], "US": ["NATO"]}))
    d["headline"]["US"] = 21
    d["hands"]["US"] = []
    refused(d, "field 'headline.US': card 21 (NATO) waits as a headline, but no headline is pending")


def test_a_decision_with_no_legal_action_is_refused() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]}, influence={"USSR": {"Iran": 1}, "US": {"Iraq": 1}})
    s.apply("ops Fidel")
    s.apply("realign Iraq")
    s.apply_many(["roll 1", "roll 1"])
    d = data(s)  # 1 op left to realign with
    d["stack"][-1]["ops"] = 0
    refused(d, "field 'stack[2].ops': no ops left to spend")
    d = data(s)  # and nowhere left to realign
    d["inf"]["US"] = [0] * len(d["inf"]["US"])
    refused(d, "field 'stack': the pending decision has no legal action")


# ---------------------------------------------------------------------------
# Positions: effects as their cards set them, influence bounded
# ---------------------------------------------------------------------------
def test_a_position_fills_in_what_the_card_sets() -> None:
    s = position(turn=8, hands={"USSR": ["Fidel"], "US": ["NATO"]},
                 effects={"Camp David Accords": {}, "North Sea Oil": {}, "Red Scare/Purge": {"side": "US"}})
    eff = s.data["effects"]
    assert eff["Camp David Accords"] == {"until": "game", "blocks": [13], "card": 65}
    assert eff["North Sea Oil"] == {"until": "game", "blocks": [61], "turn": 8, "card": 86}
    assert eff["Red Scare/Purge"] == {"until": "turn", "side": "US"}
    # The underlined cards lie on the table as markers of their effects.
    assert sorted(s.data["in_play"]) == [65, 86]
    assert bm.load(s.to_json()) == s
    check(s.data)


def test_a_position_may_keep_an_effect_card_where_it_puts_it() -> None:
    s = position(hands={"USSR": ["Fidel"], "US": ["NATO"]}, effects={"NATO": {"until": "game"}})
    assert s.data["effects"]["NATO"] == {"until": "game"}
    assert 21 in s.data["hands"]["US"] and s.data["in_play"] == []
    assert bm.load(s.to_json()) == s


def test_shuttle_diplomacy_lies_on_the_table_until_the_scoring() -> None:
    s = position(turn=4, hands={"USSR": ["Middle East Scoring", "Fidel"], "US": ["NATO"]},
                 effects={"Shuttle Diplomacy": {}})
    assert s.data["in_play"] == [73] and s.data["effects"]["Shuttle Diplomacy"] == {"until": "scoring"}
    s.apply("event Middle East Scoring")
    assert 73 in s.data["discard"] and "Shuttle Diplomacy" not in s.data["effects"]


@pytest.mark.parametrize(("effects", "fragment"), [
    ({"Fog of War": {}}, "'effects': unknown effect 'Fog of War'; effects are: AWACS Sale to Saudis"),
    ({"NATO": True}, "'effects'['NATO'] must be a dict of the effect's data"),
    ({"NATO": {"until": "turn"}}, "'effects'['NATO']['until'] must be 'game' (what NATO sets), got 'turn'"),
    ({"Camp David Accords": {"blocks": [7]}}, "['blocks'] must be [13] (what Camp David Accords sets)"),
    ({"NATO": {"side": "US"}}, "'effects'['NATO']: unknown field 'side'; NATO has until"),
    ({"Red Scare/Purge": {}}, "field 'effects.Red Scare/Purge.side': missing"),
    ({"Cuban Missile Crisis": {"side": "both"}}, "field 'effects.Cuban Missile Crisis.side': 'both'"),
    ({"Chernobyl": {"region": "Antarctica"}}, "'Antarctica' is not one of 'Europe'"),
    ({"North Sea Oil": {"turn": 9}}, "9 is after the current turn 8"),
    ({"Willy Brandt": {}, "Tear Down This Wall": {}}, "Tear Down This Wall ends Willy Brandt"),
    ([], "'effects' must be a dict like"),
])
def test_position_effects_are_checked(effects: Any, fragment: str) -> None:
    with pytest.raises(bm.PositionError) as info:
        position(turn=8, hands={"USSR": ["Fidel"], "US": ["NATO"]}, effects=effects)
    assert fragment in str(info.value), str(info.value)


def test_position_influence_is_bounded() -> None:
    with pytest.raises(bm.PositionError, match="must be at most 999, got 1000"):
        position(influence={"US": {"Iran": 1000}})


def test_position_set_up_is_before_turn_1() -> None:
    with pytest.raises(bm.PositionError, match="'setup' is the set-up before turn 1"):
        position(phase="setup", turn=2)


def test_a_turn_starting_in_a_position_adds_its_period_once() -> None:
    for turn in (4, 8):
        s = position(turn=turn, phase="turn_start", hands={"USSR": [], "US": []})
        check(s.data)
        assert bm.load(s.to_json()) == s
