"""``bm.cards(game, lang)``: every card with its facts and its text.

The facts must be the engine's own (ops, sides, periods, marks, Command
values, the DEFCON symbol), every card must have a real text in both
languages, and the two catalogs must hold the same messages with the same
arguments (``i18n.check_catalogs``).
"""

from __future__ import annotations

import re

import pytest

import brinkmanship as bm
from brinkmanship.i18n import LANGS, CatalogError, catalog, check_catalogs, placeholders
from brinkmanship.thirteen import board as tdb
from brinkmanship.twilight import board as tsb

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def test_the_two_catalogs_hold_the_same_messages_with_the_same_arguments() -> None:
    assert check_catalogs() == []
    assert set(catalog("en")) == set(catalog("ru"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_twilight_card_has_its_engine_facts_and_a_text(lang: str) -> None:
    cards = bm.cards("twilight", lang)
    assert [c["number"] for c in cards] == list(range(1, 111))
    for c in cards:
        n = c["number"]
        fact = tsb.CARD[n]
        assert c["english_name"] == tsb.CARD_NAME[n]
        assert c["ops"] == tsb.CARD_OPS[n]
        assert c["side"] == ("neutral" if fact.side == "Neutral" else fact.side)
        assert c["period"] == fact.period
        assert c["removed_after_event"] == tsb.STARRED[n]
        assert c["stays_in_play"] == tsb.STAYS_IN_PLAY[n]
        assert c["scoring"] == tsb.SCORING[n]
        assert c["war"] == fact.war
        assert c["optional"] == fact.optional
        assert c["china_card"] == (n == tsb.CHINA)
        assert len(c["text"]) >= 25, (n, c["text"])  # Allende: "The USSR adds 2 influence to Chile."
        if lang == "ru":
            assert CYRILLIC.search(c["name"]) or c["name"].isupper(), (n, c["name"])
            assert CYRILLIC.search(c["text"]), (n, c["text"])
        else:
            assert c["name"] == c["english_name"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_thirteen_card_and_agenda_has_its_engine_facts_and_a_text(lang: str) -> None:
    cards = bm.cards("thirteen", lang)
    strategy = [c for c in cards if c["kind"] == "card"]
    agendas = [c for c in cards if c["kind"] == "agenda"]
    assert [c["number"] for c in strategy] == list(range(1, 40))
    assert [c["number"] for c in agendas] == list(range(1, 14))
    for c in strategy:
        n = c["number"]
        assert c["english_name"] == tdb.CARD_NAME[n]
        assert c["faction"] == tdb.CARD_FACTION[n]
        assert c["command"] == tdb.CARD_COMMAND[n]
        assert c["defcon_symbol"] == tdb.CARD_SYMBOL[n]
        assert len(c["text"]) >= 30, (n, c["text"])
    for c in agendas:
        kind = tdb.AGENDA_TYPES[tdb.AGENDA_CARDS[c["number"] - 1]]
        assert c["english_name"] == kind.name
        assert c["scores"] == kind.kind
        assert len(c["text"]) >= 30
    if lang == "ru":
        assert all(CYRILLIC.search(c["text"]) for c in cards)


def test_texts_are_plain_prose_without_arguments() -> None:
    for lang in LANGS:
        for code, template in catalog(lang).items():
            if ".text." in code:
                assert placeholders(template) == frozenset(), (lang, code)


def test_a_language_we_do_not_have_is_refused() -> None:
    with pytest.raises(CatalogError, match="unknown language 'de'"):
        bm.cards("twilight", "de")


def test_russian_names_follow_the_seed_document() -> None:
    names = {c["english_name"]: c["name"] for c in bm.cards("twilight", "ru")}
    assert names["Brezhnev Doctrine"] == "Доктрина Брежнева"
    assert names["CIA Created"] == "Основание ЦРУ"
    assert names["Bear Trap"] == "Ловушка для медведя"
    assert names["Containment"] == "Сдерживание"
    assert names["Korean War"] == "Корейская война"
    assert names["Olympic Games"] == "Олимпийские игры"
