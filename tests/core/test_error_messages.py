"""Refusals as messages: every error a player can get for a bad action reads
in English and in Russian.

Random games of both games are played to the end; at many of their
decisions the player (or the wrong seat) sends something illegal: an action
of another decision, a name the game does not know or misspelled, an id
out of range, a thing that is no action at all, an action from a seat that
is not to move. Each refusal must leave the state as it was and carry its
reason as a catalog message with plain data arguments, which renders in
both languages without a raw code; the Russian text names cards only by
their Russian names; a seat that is not to move learns nothing of the
mover's hand, in either language.

The Russian checks take the catalogs as they are: a message whose codes
(its nested ones included, such as a 13 Days prompt) have no Russian text
yet is checked in English only; ``i18n.check_catalogs`` (tested apart)
requires every code in both languages, so once the catalogs are complete
every refusal is checked in both.
"""

from __future__ import annotations

import functools
import json
import pickle
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship import i18n
from brinkmanship.core.errors import MAX_QUOTE, ParseError

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


GAMES = ("twilight", "thirteen")
SIDES = ("USSR", "US")
OTHER = {"USSR": "US", "US": "USSR"}
CODE = re.compile(r"\b(?:error|twilight|thirteen)\.[a-z_]+\.")
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
GARBAGE = ("Atlantis", "Narnia", "The", "Cuba", "#0", "#999", "0", "  ", "??", "USSR", "DEFCON 9", "Берлин")
NOT_ACTIONS: tuple[object, ...] = ("", "   ", "frobnicate Iran", "pass now", "roll 0", "choose nothing", "x" * 300,
                                   4.5, None, b"pass", True, ["pass"], -1, 10**9)


def codes(message: dict[str, Any]) -> Iterator[str]:
    """Every code of a message, its nested messages' included."""
    yield message["code"]
    for value in message["args"].values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                yield from codes(item)


def givens(message: dict[str, Any]) -> Iterator[str]:
    """Every piece of client input a message quotes (its ``given``)."""
    for key, value in message["args"].items():
        if key == "given":
            yield value
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                yield from givens(item)


def texts(message: dict[str, Any]) -> Iterator[str]:
    """Every text argument of a message but the client's input: names of
    countries, arenas, sides, words to type."""
    for key, value in message["args"].items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                yield from texts(item)
            elif isinstance(item, str) and key != "given":
                yield item


def is_data(value: object) -> bool:
    """Plain arguments: text, numbers, lists of them, nested messages."""
    if value is None or isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return True
    if isinstance(value, list):
        return all(is_data(v) for v in value)
    if isinstance(value, dict):
        return set(value) == {"code", "args"} and isinstance(value["code"], str) and all(
            is_data(v) for v in value["args"].values())
    return False


@functools.cache
def card_names(game: str, lang: str) -> dict[int, str]:
    size = 110 if game == "twilight" else 39
    return {n: i18n.name(game, "card", n, lang) for n in range(1, size + 1)}


def english_card_names(game: str) -> dict[int, str]:
    """Each card's English name, where its Russian name differs."""
    ru = card_names(game, "ru")
    return {n: name for n, name in card_names(game, "en").items() if ru[n] != name}


def names(text: str, candidates: dict[int, str]) -> list[str]:
    """The names among ``candidates`` that ``text`` contains as words."""
    return _pattern(tuple(sorted(set(candidates.values())))).findall(text)


@functools.cache
def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    if not words:
        return re.compile(r"(?!)")
    either = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{either})(?!\w)")


def without_input(text: str, message: dict[str, Any]) -> str:
    for given in givens(message):
        text = text.replace(given, "")
    return text


def check_refusal(s: bm.State, action: object, by: str | None, seen: set[str], en_names: dict[int, str]) -> None:
    """Send ``action`` (from ``by``), expect a refusal, check everything it says."""
    before = s.clone()
    legal = [a.text for a in s.legal_actions()] if not s.is_terminal else []
    mover = s.current_player
    with pytest.raises(bm.IllegalActionError) as caught:
        s.apply(action, by=by)  # type: ignore[arg-type]
    e = caught.value
    assert s == before
    assert ([a.text for a in s.legal_actions()] if not s.is_terminal else []) == legal

    message = e.message
    assert is_data(message) and json.loads(json.dumps(message)) == message
    assert message["code"].partition(".")[0] in ("error", s.game.name)
    assert message["code"] != "error.text", e.reason
    assert all(code in i18n.catalog("en") for code in codes(message))
    # Cards travel as numbers (``card``, ``cards``...), so each reader gets their names.
    assert not [t for t in texts(message) if names(t, card_names(s.game.name, "en"))], message
    seen.add(message["code"])

    whole = e.refusal
    assert e.reason == e.reason_text("en")
    assert str(e) == e.render("en") or str(e).startswith(e.render("en") + "; legal now: ")
    ru_ready = all(code in i18n.catalog("ru") for code in codes(whole))
    for lang in i18n.LANGS if ru_ready else ("en",):
        text = without_input(e.render(lang), whole)
        assert not CODE.search(text), text
        assert "{" not in text and "}" not in text, text
        assert e.reason_text(lang) in e.render(lang)
        assert len(e.render(lang)) < len(e.reason_text(lang)) + MAX_QUOTE + 60
    if ru_ready:
        assert CYRILLIC.search(e.reason_text("ru")), e.reason_text("ru")
        assert not names(without_input(e.render("ru"), whole), en_names), e.render("ru")

    if isinstance(e, bm.NotYourTurnError):
        assert e.legal == []
        assert set(message["args"]) <= {"by", "mover"}
        # The mover's hand from its view, not ``s.data`` (handed out, that would
        # make the native backend keep it in step after every action).
        hand = set(s.view(mover, log=False)["hand"]) if mover in SIDES else set()
        for lang in i18n.LANGS if ru_ready else ("en",):
            hidden = {n: i18n.name(s.game.name, "card", n, lang) for n in hand}
            assert not names(without_input(e.render(lang), whole), hidden), e.render(lang)
    elif by is None or by == mover:
        assert e.legal == legal


def misspelt(rng: random.Random, name: str) -> str:
    """A name with one letter dropped, doubled or swapped."""
    k = rng.randrange(len(name))
    how = rng.randrange(3)
    if how == 0:
        return name[:k] + name[k + 1:]
    if how == 1:
        return name[:k] + name[k] + name[k:]
    return name[:k] + name[k + 1:k + 2] + name[k:k + 1] + name[k + 2:]


def bad_inputs(s: bm.State, rng: random.Random, pool: list[str]) -> Iterator[tuple[object, str | None]]:
    """What a player might send that is not legal now, and from which seat."""
    game = s.game
    space = game.space
    legal = s.legal_actions()
    mover = s.current_player
    for text in rng.sample(pool, min(3, len(pool))):
        yield text, rng.choice((None, mover))
    a = space.actions[rng.randrange(space.size)]
    if a not in legal:
        yield rng.choice((a, a.id, a.text)), None
    verb = rng.choice([v for v in space.verbs.values() if v.values is not None])
    value = rng.choice(verb.values or [0])
    assert verb.names is not None
    yield f"{verb.name} {rng.choice((misspelt(rng, verb.names(value)), rng.choice(GARBAGE)))}", None
    yield rng.choice(NOT_ACTIONS), None
    yield rng.choice((-1 - rng.randrange(5), space.size + rng.randrange(5))), None
    if mover in SIDES:
        other = OTHER[mover]
        hand = s.view(mover, log=False)["hand"]
        named = [x.text for x in legal if x.arg in hand and x.verb != "roll"]
        yield rng.choice(named or [x.text for x in legal]), other
        yield rng.choice(NOT_ACTIONS), other
    else:
        yield legal[0], rng.choice(SIDES)
    if rng.random() < 0.1:
        yield legal[0], "NATO"


def refusals_in_random_games(game: str, seeds: range, every: int) -> set[str]:
    seen: set[str] = set()
    en_names = english_card_names(game)
    for seed in seeds:
        rng = random.Random(seed)
        s = bm.new_game(game, seed=seed)
        pool: list[str] = []
        step = 0
        while not s.is_terminal:
            if step % every == 0:
                saved = s.to_json()
                for action, by in bad_inputs(s, rng, pool):
                    legal = s.legal_actions()
                    try:
                        if s.to_action(action) in legal and by in (None, s.current_player):  # type: ignore[arg-type]
                            continue  # a misspelling that still names a legal action
                    except bm.IllegalActionError:
                        pass
                    check_refusal(s, action, by, seen, en_names)
                assert s.to_json() == saved
                pool.extend(a.text for a in rng.sample(s.legal_actions(), min(3, len(s.legal_actions()))))
                del pool[:-200]
            s.apply_random(rng)
            step += 1
        for action, by in (("pass", None), (0, None), ("done", "US"), ("nonsense", "USSR"), ("pass", "NATO")):
            check_refusal(s, action, by, seen, en_names)
    return seen


def test_twilight_refusals_are_messages_in_both_languages() -> None:
    seen = refusals_in_random_games("twilight", range(2), every=2)
    assert len(seen) >= 30, sorted(seen)
    assert {"error.unknown_verb", "error.no_argument", "error.bad_argument", "error.empty", "error.too_long",
            "error.not_an_action", "error.id_range", "error.game_over", "error.not_your_turn",
            "error.not_your_turn_over", "error.unknown_seat", "twilight.error.wrong_verb",
            "twilight.error.not_in_hand", "twilight.error.unknown_country", "twilight.error.unknown_card_hint",
            "twilight.error.roll_now", "twilight.error.unreachable"} <= seen, sorted(seen)


def test_thirteen_refusals_are_messages_in_both_languages() -> None:
    seen = refusals_in_random_games("thirteen", range(6), every=1)
    assert len(seen) >= 25, sorted(seen)
    assert {"error.unknown_verb", "error.empty", "error.id_range", "error.game_over", "error.not_your_turn",
            "error.not_your_turn_over", "thirteen.error.not_in_hand", "thirteen.error.not_an_answer",
            "thirteen.error.unknown_arena", "thirteen.error.unknown_card_hint"} <= seen, sorted(seen)


def test_a_refusal_reads_in_russian() -> None:
    s = bm.from_position("twilight", {"hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    with pytest.raises(bm.IllegalActionError) as caught:
        s.apply("ops NATO")
    e = caught.value
    assert e.message == {"code": "twilight.error.not_in_hand", "args": {"num": 21, "card": 21, "side": "USSR"}}
    assert e.reason == e.reason_text("en") == "#21 NATO is not in USSR's hand"
    assert e.render("en") == "illegal action 'ops NATO': #21 NATO is not in USSR's hand"
    nato = i18n.name("twilight", "card", 21, "ru")
    assert e.reason_text("ru") == f"карты «{nato}» (№21) нет на руке у СССР"
    assert e.render("ru") == f"недопустимое действие 'ops NATO': карты «{nato}» (№21) нет на руке у СССР"
    assert "legal now" not in e.render("en") and "ops Fidel" in e.legal


def test_a_seat_out_of_turn_is_told_whose_turn_it_is_in_both_languages() -> None:
    s = bm.new_game("twilight", seed=1)
    with pytest.raises(bm.NotYourTurnError) as caught:
        s.apply("place Poland", by="US")
    e = caught.value
    assert e.message == {"code": "error.not_your_turn", "args": {"by": "US", "mover": "USSR"}}
    assert e.render("en") == "illegal action 'place Poland': it is not US's turn (USSR is to move)"
    assert e.render("ru") == "недопустимое действие 'place Poland': сейчас не очередь США: ходит СССР"


def test_long_input_is_quoted_cut_in_both_languages() -> None:
    s = bm.new_game("thirteen", seed=1)
    sent = "place " + "X" * 150
    with pytest.raises(bm.IllegalActionError) as caught:
        s.apply(sent)
    e = caught.value
    assert e.refusal["args"]["given"] == repr(sent[:MAX_QUOTE]) and e.refusal["args"]["chars"] == len(sent)
    assert e.render("en").startswith(f"illegal action {sent[:MAX_QUOTE]!r}... (156 characters): unknown arena ")
    assert e.render("ru").startswith(f"недопустимое действие {sent[:MAX_QUOTE]!r}… (всего 156 символов): ")


def test_parse_errors_carry_their_message() -> None:
    space = bm.get_game("thirteen").space
    with pytest.raises(ParseError) as caught:
        space.parse("command Exxcomm")
    e = caught.value
    assert isinstance(e, LookupError)
    assert e.message == {"code": "thirteen.error.unknown_card_hint", "args": {"given": "'Exxcomm'", "cards": [15]}}
    assert str(e) == e.args[0] == "unknown card 'Exxcomm'; did you mean Excomm?"
    with pytest.raises(ParseError) as caught:
        bm.get_game("twilight").space.parse("event de")
    assert caught.value.message["code"] == "twilight.error.ambiguous_card"
    assert all(isinstance(c, int) for c in caught.value.message["args"]["cards"])


def test_every_error_message_exists_in_both_languages_with_the_same_arguments() -> None:
    problems = [p for p in i18n.check_catalogs() if re.search(r"\b(?:error|twilight\.error|thirteen\.error)\.", p)]
    assert problems == []
    ru = i18n.catalog("ru")
    for code, template in i18n.catalog("en").items():
        if ".error." in f".{code}":
            assert i18n.placeholders(ru[code]) == i18n.placeholders(template), code


def test_refusals_cross_process_boundaries_whole() -> None:
    s = bm.new_game("twilight", seed=1)
    for action, by in (("coup Iran", None), ("place Poland", "US"), ("place Atlantis", None)):
        with pytest.raises(bm.IllegalActionError) as caught:
            s.apply(action, by=by)
        e = caught.value
        back = pickle.loads(pickle.dumps(e))
        assert type(back) is type(e)
        assert (str(back), back.message, back.legal, back.action) == (str(e), e.message, e.legal, e.action)
        assert back.render("ru") == e.render("ru")
    with pytest.raises(ParseError) as parse:
        s.game.space.parse("place Atlantis")
    back = pickle.loads(pickle.dumps(parse.value))
    assert (str(back), back.message) == (str(parse.value), parse.value.message)
