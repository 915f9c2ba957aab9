"""13 Days in Russian: the catalogs agree with the English ones, every card
and agenda has its text in both languages, and whole games read in Russian.

Random games under the recommended and the other readings are rendered in
Russian, every log entry and every decision prompt either side sees: each
renders, and none leaves an English card, arena, track or agenda name in
the sentence. Then a few positions a Russian player would recognise, with
the plural forms a number asks for («1 кубик», «3 кубика», «5 кубиков»).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import brinkmanship as bm
import brinkmanship.i18n
from brinkmanship.i18n import catalog, check_catalogs, render, text
from brinkmanship.thirteen import decisions
from brinkmanship.thirteen.board import N_CARDS
from brinkmanship.thirteen.data.cards import AGENDA_TYPES
from brinkmanship.thirteen.game import OPTION_CHOICES
from tests.thirteen.helpers import play, position

# Each test runs on both backends (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("on_backend")


SIDES = ("USSR", "US")
EN_NAMES = json.loads((Path(brinkmanship.i18n.__file__).parent / "en" / "thirteen_names.json")
                      .read_text(encoding="utf-8"))
# Every English card, arena, track and agenda name (markers are not names).
ENGLISH = sorted({v for k, v in EN_NAMES.items() if k.startswith("thirteen.name.")}, key=len, reverse=True)
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def english_left(line: str) -> list[str]:
    """The English names still in a Russian line."""
    return [n for n in ENGLISH if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", line)]


def test_i18n_ru_thirteen_catalogs_have_no_problems() -> None:
    assert [p for p in check_catalogs() if "thirteen" in p] == []


def test_i18n_ru_every_card_and_agenda_has_a_text_in_both_languages() -> None:
    codes = [f"thirteen.text.{n}" for n in range(1, N_CARDS + 1)]
    codes += [f"thirteen.text.agenda.{t}" for t in range(len(AGENDA_TYPES))]
    for code in codes:
        en, ru = text(code, "en"), text(code, "ru")
        assert len(en) > 40 and not CYRILLIC.search(en), code
        assert len(ru) > 40 and CYRILLIC.search(ru), code
    for lang in ("en", "ru"):
        cards = bm.cards("thirteen", lang)
        assert len(cards) == N_CARDS + 13
        assert all(c["text"] == text(c_code(c), lang) for c in cards)


def c_code(card: dict[str, Any]) -> str:
    """The text code of one entry of ``bm.cards("thirteen")``."""
    if card["kind"] == "agenda":
        return f"thirteen.text.agenda.{card['agenda_type']}"
    return f"thirteen.text.{card['number']}"


def test_i18n_ru_card_names_and_texts_name_no_english_card() -> None:
    """Names and texts of the Russian cards speak Russian; the names are the
    catalog's («Сдерживание» as in the seed document's Twilight Struggle)."""
    cards = bm.cards("thirteen", "ru")
    by_number = {c["number"]: c for c in cards if c["kind"] == "card"}
    assert by_number[11]["name"] == "Сдерживание"
    assert by_number[11]["english_name"] == "Containment"
    for c in cards:
        assert CYRILLIC.search(c["name"]), c
        assert english_left(c["text"]) == [], (c["english_name"], english_left(c["text"]))


def _russian_game(seed: int, options: dict[str, Any]) -> set[str]:
    """Play a random game, rendering each prompt either side sees and, at
    the end, every log entry in Russian; returns the codes rendered."""
    s = bm.new_game("thirteen", seed=seed, options=options)
    r = random.Random(seed)
    seen: set[str] = set()
    while not s.is_terminal:
        for side in SIDES:
            d = s.view(side)["decision"]
            if d is None:
                continue
            m = decisions.prompt_message(d)
            seen.add(m["code"])
            line = render(m, "ru")
            assert line and english_left(line) == [], line
        s.apply_random(r)
    for e in s.log_entries:
        seen.add(e["code"])
        line = render(e, "ru")
        assert line and CYRILLIC.search(line) and english_left(line) == [], line
    return seen


@pytest.mark.parametrize("options", [{}, {k: v[1] for k, v in OPTION_CHOICES.items()}])
def test_i18n_ru_random_games_read_in_russian(options: dict[str, Any]) -> None:
    seen: set[str] = set()
    for seed in range(12):
        seen |= _russian_game(seed, options)
    # Most of the 13 Days messages are met along the way.
    assert len(seen) > 60


def test_i18n_ru_suez_hungary_counts_its_cubes() -> None:
    """Suez-Hungary fills Italy until the USSR leads by one: 3 cubes over 2 US ones."""
    s = position(hands={"USSR": ["Suez-Hungary", "Scramble"]}, cubes={"US": {"Italy": 2}, "USSR": {}})
    s.apply("event Suez-Hungary")
    ru = [render(e, "ru") for e in s.log_entries]
    assert ru[-2:] == ["Игрок СССР разыгрывает карту «Суэц — Венгрия» как событие.",
                       "«Суэц — Венгрия»: игрок СССР ставит 3 кубика на арену Италия (СССР: 3, США: 2)."]


def test_i18n_ru_command_of_five_cubes_escalates_four_steps() -> None:
    """A Command of 5 cubes in one arena (Excomm, 3, with SOPs and the
    Personal Letter) escalates that arena's track 4 steps."""
    s = position(hands={"US": ["Excomm", "Quarantine"]}, next="US", cubes={"US": {}, "USSR": {}},
                 effects={"SOPs": ["US"]})
    s.apply("command Excomm")
    d = s.view("US")["decision"]
    assert render(decisions.prompt_message(d), "ru") == (
        "США: командование на 4 кубика на одной арене (любая арена): ставить или снимать "
        "(«разместить <арена>» или «убрать <арена>»), «письмо» — ещё +1 кубик, «готово» — закончить")
    play(s, "letter", *["place Berlin"] * 5)
    ru = [render(e, "ru") for e in s.log_entries]
    assert ru[-3:] == [
        "Игрок США добавляет Личное письмо (+1 кубик) и передаёт его игроку СССР.",
        "Игрок США ставит 5 кубиков на арену Берлин (теперь там 5).",
        "США: маркер DEFCON «Военный» поднимается на 4 шага, до 5 (командование).",
    ]


def test_i18n_ru_air_strike_explains_its_options() -> None:
    s = position(hands={"US": ["Air Strike", "Quarantine"]}, next="US", cubes={"USSR": {"Cuba (Military)": 5}})
    s.apply("event Air Strike")
    d = s.view("US")["decision"]
    assert render(decisions.prompt_message(d), "ru") == (
        "США: «Авиаудар»: «выбрать убрать» — снять половину кубиков СССР (с округлением вверх) на одной из "
        "арен Кубы (какой — выберете следом); «выбрать разместить» — поставить до 2 кубиков США на арену Альянсы")
    play(s, "choose remove", "target Cuba (Military)")
    assert render(s.log_entries[-1], "ru") == \
        "«Авиаудар»: игрок СССР теряет 3 кубика на арене Куба (военная), там осталось 2."


def test_i18n_ru_every_thirteen_message_renders_with_sample_arguments() -> None:
    """Every 13 Days message renders in Russian with arguments of the kinds
    its English twin takes, and names no English card or arena."""
    samples: dict[str, Any] = {"side": "USSR", "opp": "US", "side2": "US", "player": "US", "by": "USSR",
                               "winner": "US", "loser": "USSR", "first": "USSR", "card": 19, "cards": [19, 30],
                               "arena": "Cuba (Military)", "arenas": ["Turkey", "Italy"], "track": "World Opinion",
                               "tracks": ["Military", "Political"], "agenda": "World Opinion Track",
                               "agendas": ["Personal Letter", "Atlantic"], "prestige": -3, "n": 21, "n2": 2,
                               "total": 5, "now": 4, "now2": 1, "pos": 6, "round": 2, "play": 3, "plays": 4,
                               "max": 5, "chars": 90}
    for code in sorted(c for c in catalog("ru") if c.startswith("thirteen.") and not c.startswith("thirteen.text.")):
        names = brinkmanship.i18n.placeholders(catalog("en")[code])
        args = {k: samples.get(k, {"code": "thirteen.why.command", "args": {}}) for k in names}
        line = render({"code": code, "args": args}, "ru")
        assert english_left(line) == [], (code, line)


def test_i18n_ru_the_aftermath_is_revealed_by_faction() -> None:
    """After round 3 the Aftermath shows each faction's cards with their
    Command values; equal totals give no bonus and the Letter breaks the tie."""
    s = position(phase="resolve", round=3, aftermath={"US": ["Excomm"], "USSR": ["Fidel Castro", "SOPs"]},
                 hands={"US": [], "USSR": []})
    assert s.is_terminal
    ru = [render(e, "ru") for e in s.log_entries]
    assert ru[-3:] == [
        "Последствия раскрываются: карты США: «Исполком» 3 = 3; карты СССР: «Фидель Кастро» 3 = 3; "
        "карты ООН (не засчитываются никому): Стандартные процедуры.",
        "Последствия: ничья, 3 против 3; бонуса нет.",
        "Престиж равный: побеждает игрок США, у которого Личное письмо.",
    ]
