"""Twilight Struggle in Russian: the names a Russian player knows, and every
sentence of a game rendered in Russian.

The seed document (``/work/shared/reference/seeds/001_*``) fixes the Russian
names of ten cards; the rest of the names are in ``ru/twilight_names.json``
and ``docs/glossary.md``. A lasting effect is shown under the name of the
card that creates it, so an effect's Russian name is its card's.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.i18n import catalog, check_catalogs, placeholders, render

EN, RU = catalog("en"), catalog("ru")
CARD_EN = {int(k.rsplit(".", 1)[1]): v for k, v in EN.items() if k.startswith("twilight.name.card.")}
CARD_RU = {int(k.rsplit(".", 1)[1]): v for k, v in RU.items() if k.startswith("twilight.name.card.")}
CARD_BY_EN = {v: n for n, v in CARD_EN.items()}

#: English names a Russian sentence must not show: cards, countries, regions, space boxes.
ENGLISH_NAMES = sorted({v for k, v in EN.items()
                        if k.startswith(("twilight.name.card.", "twilight.name.country.",
                                         "twilight.name.region.", "twilight.name.space."))},
                       key=len, reverse=True)
_ENGLISH = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ENGLISH_NAMES)) + r")(?![\w-])")


def english_names(text: str) -> list[str]:
    """The English names of cards, countries, regions or space boxes left in ``text``."""
    return _ENGLISH.findall(text)


def test_the_twilight_codes_have_no_catalog_problems() -> None:
    """Both languages hold the same Twilight codes with the same arguments,
    and every Russian template parses."""
    mine = [p for p in check_catalogs() if p.split()[1].startswith(("twilight.", "side."))]
    assert mine == []


def test_the_seed_documents_card_names_are_used_exactly() -> None:
    seed = {
        "Brezhnev Doctrine": "Доктрина Брежнева",
        "CIA Created": "Основание ЦРУ",
        "Bear Trap": "Ловушка для медведя",
        "Containment": "Сдерживание",
        "Korean War": "Корейская война",
        "Arab-Israeli War": "Арабо-Израильская война",
        "Indo-Pakistani War": "Индо-Пакистанская война",
        "Iran-Iraq War": "Ирано-Иракская война",
        "Brush War": "Мелкая война",
        "Olympic Games": "Олимпийские игры",
    }
    assert {en: CARD_RU[CARD_BY_EN[en]] for en in seed} == seed
    assert CARD_RU[6] == "Китайская карта"


def test_every_card_country_and_region_has_its_own_russian_name() -> None:
    for kind in ("card", "country", "region", "space"):
        prefix = f"twilight.name.{kind}."
        names = [v for k, v in RU.items() if k.startswith(prefix)]
        assert len(names) == len(set(names)), f"two {kind}s share a Russian name"
        assert not any(english_names(v) for v in names)
    assert len(CARD_RU) == 110


def test_an_effect_is_named_as_its_card() -> None:
    """Bear Trap the card and Bear Trap the lasting effect read the same:
    «Ловушка для медведя»."""
    effects = {k.removeprefix("twilight.name.effect."): v for k, v in RU.items()
               if k.startswith("twilight.name.effect.")}
    assert effects["Bear Trap"] == "Ловушка для медведя"
    for printed, russian in effects.items():
        assert russian == CARD_RU[CARD_BY_EN[printed]], printed


def test_a_card_messages_heading_is_the_russian_name_of_the_same_card() -> None:
    """``Fidel: ...`` reads «Фидель»: ... in Russian."""
    heading = re.compile(r"^(" + "|".join(map(re.escape, sorted(CARD_BY_EN, key=len, reverse=True))) + r")(: | \()")
    checked = 0
    for code, text in EN.items():
        m = heading.match(text)
        if code.startswith("twilight.card.") and m:
            ru_name = CARD_RU[CARD_BY_EN[m.group(1)]]
            assert RU[code].startswith(f"«{ru_name}»"), (code, RU[code])
            checked += 1
    assert checked > 100


def _play(seed: int, events: bool) -> bm.State:
    s = bm.new_game("twilight", seed=seed, options={"events": events})
    r = random.Random(seed)
    while not s.is_terminal:
        s.apply_random(r)
    return s


@pytest.mark.parametrize(("seed", "events"), [(11, True), (12, True), (13, True), (14, True), (15, False)])
def test_a_random_games_log_reads_in_russian(seed: int, events: bool) -> None:
    s = _play(seed, events)
    for entry in s.log_entries:
        text = render(entry, "ru")
        assert text and "{" not in text, entry
        assert english_names(text) == [], (entry, text)
        assert re.search("[а-яё]", text, re.IGNORECASE), text


# -- decision prompts ----------------------------------------------------------
# Decisions carry their prompt rendered in English for now; the templates are
# checked here with sample arguments of the kinds the decisions pass.
SAMPLE: dict[str, Any] = {
    "player": "USSR", "side": "US", "opp": "USSR", "other": "US", "owner": "USSR", "chooser": "US",
    "card": 26, "card2": 44, "event": 51, "country": "West Germany", "region": "Southeast Asia",
    "effect": "Bear Trap", "option": "Remove",
}


def _sample_args(code: str, n: int) -> dict[str, Any]:
    return {a: SAMPLE.get(a, n) for a in placeholders(EN[code])}


#: The war roll is checked on its own below.
PROMPT_CODES = sorted(c for c in EN if c.startswith(("twilight.decision.", "twilight.ask.", "twilight.roll.",
                                                     "twilight.meaning.")) and c != "twilight.roll.war")


@pytest.mark.parametrize("code", PROMPT_CODES)
def test_a_decision_prompt_renders_in_russian(code: str) -> None:
    for n in (1, 2, 5, 21):
        text = render({"code": code, "args": _sample_args(code, n)}, "ru")
        assert "{" not in text
        assert english_names(text) == [], text


def test_the_war_roll_names_its_country_in_russian() -> None:
    text = render({"code": "twilight.roll.war",
                   "args": {"side": "USSR", "country": "Pakistan", "card": 24, "win": 4, "penalty": 0}}, "ru")
    assert text == ("бросок кубика за нападение игрока СССР на страну Пакистан "
                    "(«Индо-Пакистанская война», нужно 4+ после -0)")


@pytest.mark.parametrize(("left", "words"), [(1, "1 очко влияния"), (3, "3 очка влияния"),
                                             (5, "5 очков влияния"), (21, "21 очко влияния")])
def test_influence_to_place_agrees_with_its_number(left: int, words: str) -> None:
    text = render({"code": "twilight.decision.place_inf", "args": {"player": "USSR", "left": left, "side": "USSR"}},
                  "ru")
    assert text == f"СССР: разместите {words} СССР"


def test_a_coup_reads_like_the_rulebook() -> None:
    """The US couping Iran with a 3-ops card: one roll, its modifiers, and
    what each side's influence becomes."""
    declared = {"code": "twilight.coup.declared", "args": {"side": "US", "country": "Iran", "ops": 3}}
    result = {"code": "twilight.coup.success",
              "args": {"side": "US", "opp": "USSR", "country": "Iran", "roll": 4, "ops": 3, "defense": 4,
                       "total": 3, "n": 2, "n2": 1}}
    assert render(declared, "ru") == "Игрок США устраивает переворот в стране Иран (3 очка операций)."
    assert render(result, "ru") == ("Переворот в стране Иран: бросок 4 + операции 3 - 4 = 3: "
                                    "влияние СССР -2, влияние США +1.")


def test_a_card_played_is_named_in_quotes() -> None:
    entry = {"code": "twilight.play.event", "args": {"side": "USSR", "card": 51}}
    assert render(entry, "ru") == "Игрок СССР разыгрывает «Доктрина Брежнева» как событие."
