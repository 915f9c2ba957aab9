"""The Twilight Struggle screens (``cli/render.py``) in English and Russian.

Every screen draws from a view and the catalogs: it renders in both
languages, never shows a catalog code raw, and a Russian screen names no
country, region or card in English. Then what play-testing asked for, as
rulebook examples: the status box names the side deciding, a decision names
its card and what each choice does, realignments show each die and
modifier, scoring each side's level, battlegrounds and adjacency, and the
board shows Western and Eastern Europe and Southeast Asia.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console, RenderableType

import brinkmanship as bm
from brinkmanship.cli import render
from brinkmanship.cli.labels import label
from brinkmanship.i18n import name
from brinkmanship.twilight.board import CARD_NAME, NAMES, REGIONS, SUBREGION_NAMES

LANGS = ("en", "ru")
RAW_CODE = re.compile(r"\b(cli|twilight|side)\.[a-z_]+(\.[\w ]+)*")
# Every English name a Russian screen must not show: cards, countries, regions.
ENGLISH = sorted({*CARD_NAME[1:], *NAMES, *REGIONS, *SUBREGION_NAMES}, key=len, reverse=True)
ENGLISH_NAME = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ENGLISH)) + r")(?![\w-])")


def shown(*items: RenderableType, width: int = 120) -> str:
    """What the terminal shows, as plain text."""
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    for item in items:
        console.print(item)
    return console.export_text()


def one_line(text: str) -> str:
    """The words of ``text`` on one line, without the frame of a panel."""
    return " ".join(text.replace("│", " ").split())


def mid_game(seed: int = 5, plies: int = 150) -> bm.State:
    """A random game some way in (events on): influence all over the map,
    cards in play, effects, a pending decision."""
    s = bm.new_game("twilight", seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        s.apply_random(rng)
    return s


def screens(view: dict[str, Any], lang: str) -> list[RenderableType]:
    """Every screen a player of this view sees."""
    return [render.status(view, lang), render.status_line(view, lang), render.board(view, lang=lang),
            render.board(view, everything=True, lang=lang), render.hand(view, lang),
            render.hand(view, lang, texts=True), render.decision(view, lang), render.card(21, lang),
            render.card(6, lang), render.card(13, lang)]


# -- every screen, both languages -----------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("viewer", ["USSR", "US", None])
def test_every_screen_renders_without_a_raw_code(lang: str, viewer: str | None) -> None:
    s = mid_game()
    view = s.view(viewer)
    out = shown(*screens(view, lang), render.actions(view["legal_actions"], lang),
                render.log_lines(view["log"], numbered=True, lang=lang))
    assert not RAW_CODE.search(out), RAW_CODE.search(out)
    assert str(view["defcon"]) in out and "DEFCON" in out


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_lists_render_without_a_raw_code(lang: str) -> None:
    out = shown(render.cards_table(lang), render.cards_table(lang, status=True), width=200)
    assert not RAW_CODE.search(out)
    for n in (1, 6, 77, 110):
        assert name("twilight", "card", n, lang) in out


def test_russian_screens_name_no_country_region_or_card_in_english() -> None:
    s = mid_game()
    for viewer in ("USSR", "US", None):
        view = s.view(viewer)
        out = shown(*screens(view, "ru"), render.cards_table("ru"), width=200)
        assert not ENGLISH_NAME.search(out), ENGLISH_NAME.search(out)
        # ... and they are there, in Russian.
        assert name("twilight", "country", "West Germany", "ru") in out
        assert name("twilight", "region", "Southeast Asia", "ru") in out
    english = shown(*screens(s.view("US"), "en"))
    assert "West Germany" in english and "Southeast Asia" in english


def test_the_result_says_why_in_words() -> None:
    assert render.result({"winner": "USSR", "result": "final_scoring"}).plain == (
        "Game over: USSR wins (final scoring after turn 10).")
    assert render.result({"winner": "US", "result": "wargames"}).plain == (
        "Game over: US wins (Wargames ended the game).")
    assert render.result({"winner": None, "result": "scoring_card_held"}).plain == (
        "Game over: a draw (a scoring card held at the end of a turn).")
    assert render.result({"winner": "USSR", "result": "final_scoring"}, "ru").plain == (
        "Игра окончена: побеждает СССР (финальный подсчёт очков после 10-го хода).")
    s = bm.new_game("twilight", seed=8)
    rng = random.Random(8)
    while not s.is_terminal:
        s.apply_random(rng)
    assert render.decision(s.view(None), "ru").plain == "Игра окончена."


# -- status: who decides ------------------------------------------------------------------------
def olympic_games() -> bm.State:
    """The USSR plays Olympic Games for its event in action round 2: the US
    decides, participate or boycott, in the USSR's round."""
    s = bm.from_position("twilight", {"turn": 2, "action_round": 2, "phasing": "USSR",
                                      "hands": {"USSR": ["Olympic Games", "Fidel"], "US": ["NATO"]}})
    s.apply("event Olympic Games")
    return s


def test_the_status_box_names_the_side_deciding_not_only_the_phasing_side() -> None:
    s = olympic_games()
    assert s.current_player == "US"
    for viewer in ("USSR", "US", None):
        out = shown(render.status(s.view(viewer)))
        assert "action round 2, USSR phasing" in out
        assert re.search(r"Deciding +US", out)
        assert "US to decide" in render.status_line(s.view(viewer)).plain
    out = shown(render.status(s.view("USSR"), "ru"))
    assert "раунд действий 2, текущий игрок: СССР" in out and re.search(r"Решает +США", out)


def test_the_status_box_names_a_die_roll_when_chance_decides() -> None:
    s = bm.from_position("twilight", {"turn": 1, "action_round": 1, "phasing": "US", "options": {"events": False},
                                      "influence": {"USSR": {"Angola": 2}},
                                      "hands": {"US": ["CIA Created"], "USSR": ["Fidel"]}})
    s.apply_many(["ops CIA Created", "realign Angola"])
    assert s.current_player == "chance"
    assert re.search(r"Deciding +a die roll", shown(render.status(s.view("US"))))
    assert re.search(r"Решает +бросок кубика", shown(render.status(s.view("US"), "ru")))


# -- decisions: the card and what each option means ---------------------------------------------
def test_a_decision_names_its_card_and_what_each_choice_does() -> None:
    s = olympic_games()
    view = s.view("US")
    assert view["legal_actions"] == ["choose participate", "choose boycott"]
    out = shown(render.decision(view)).splitlines()
    assert out == [
        view["decision"]["prompt"],
        "Card: Olympic Games (2 ops, neutral event). `card 20` shows what it does.",
        "What each choice does:",
        "  1. both sides roll, the sponsor with +2: the higher gains 2 VP (a tie rolls again)",
        "  2. DEFCON falls by 1, then the sponsor conducts operations with 4 ops",
    ]
    ru = shown(render.decision(view, "ru"), width=200).splitlines()
    assert ru[1] == (f"Карта: {name('twilight', 'card', 20, 'ru')} (2 очка операций, нейтральное событие). "
                     "`card 20` покажет, что она делает.")
    assert [line[:5] for line in ru[3:]] == ["  1. ", "  2. "]
    # The other side reads what the options mean, unnumbered: they are not its actions.
    assert shown(render.decision(s.view("USSR"))).splitlines()[3].startswith("  - both sides roll")


def test_a_decision_prompt_is_written_in_the_readers_language() -> None:
    s = bm.from_position("twilight", {"turn": 4, "action_round": 3, "phasing": "US",
                                      "hands": {"US": ["NATO"], "USSR": ["Fidel"]}})
    view = s.view("US")
    assert render.decision(view).plain == "US: play a card, turn 4 action round 3"
    ru = render.decision(view, "ru").plain
    assert ru.startswith("США") and "4" in ru and "3" in ru and "USSR" not in ru


def test_actions_name_their_cards_and_countries_in_the_readers_language() -> None:
    legal = ["event NATO", "coup Iran", "choose Europe", "pass", "roll 4"]
    assert shown(render.actions(legal)).split() == ["1.", "event", "NATO", "2.", "coup", "Iran", "3.", "choose",
                                                    "Europe", "4.", "pass", "5.", "roll", "4"]
    # The play loop lists labels in the reader's language (cli.labels); notation
    # with its local names is action_text's.
    labels = [label(bm.get_game("twilight").parse(a), "ru") for a in legal]
    assert labels == ["событие «НАТО»", "переворот Иран", "выбрать Европа", "пас", "бросок 4"]
    ru = shown(render.actions(labels, "ru"))
    assert "1. событие «НАТО»" in ru and "2. переворот Иран" in ru
    for action, kind, value in (("event NATO", "card", 21), ("coup Iran", "country", "Iran"),
                                ("choose Europe", "region", "Europe")):
        assert render.action_text(action, "ru") == f"{action} ({name('twilight', kind, value, 'ru')})"


# -- the board -------------------------------------------------------------------------------------
def test_the_board_shows_western_and_eastern_europe_and_southeast_asia() -> None:
    s = bm.from_position("twilight", {"turn": 1, "action_round": 1, "phasing": "USSR",
                                      "influence": {"USSR": {"Poland": 3, "Austria": 1, "Vietnam": 2},
                                                    "US": {"Thailand": 2, "Japan": 4}},
                                      "hands": {"USSR": ["Fidel"], "US": ["NATO"]}})
    lines = shown(render.board(s.view("USSR"), everything=True), width=60).splitlines()
    at = {line.split("  ")[0].rstrip(" *"): k for k, line in enumerate(lines)}
    # Each country sits under its part's heading.
    assert at["- Western Europe"] < at["France"] < at["- Eastern Europe"] < at["Poland"] \
        < at["- Western and Eastern Europe"] < at["Austria"] < at["Asia"]
    assert at["Asia"] < at["- rest of Asia"] < at["Japan"] < at["- Southeast Asia"] < at["Thailand"] \
        < at["Vietnam"] < at["Middle East"]
    assert lines[at["Poland"]].split() == ["Poland", "*", "3", "3", "USSR"]
    # Hidden empty countries do not leave an empty heading behind.
    compact = shown(render.board(s.view("USSR")), width=60)
    assert "- Eastern Europe" in compact and "Sweden" not in compact
    ru = shown(render.board(s.view("USSR"), everything=True, lang="ru"), width=60)
    for region in ("Western Europe", "Eastern Europe", "Southeast Asia"):
        assert f"- {name('twilight', 'region', region, 'ru')}" in ru
    assert "- Западная и Восточная Европа" in ru


# -- cards ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_card_shows_its_facts_and_what_it_does(lang: str) -> None:
    facts = {c["number"]: c for c in bm.cards("twilight", lang)}
    out = one_line(shown(render.card(11, lang)))
    assert f"{facts[11]['name']}" in out and one_line(facts[11]["text"]) in out
    if lang == "en":
        for fact in ("#11 Korean War", "Ops 2", "Event USSR event", "Period Early War",
                     "After its event removed from the game (*)", "Kind war card"):
            assert fact in out, fact
        assert "Kind scoring card: must be played in the turn it is drawn" in one_line(shown(render.card(1)))
        assert "After its event stays in play" in one_line(shown(render.card(21)))
    with pytest.raises(LookupError, match="111"):
        render.card(111, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_shows_what_each_card_does_when_asked(lang: str) -> None:
    s = bm.from_position("twilight", {"turn": 1, "action_round": 1, "phasing": "US",
                                      "hands": {"US": ["NATO", "Duck and Cover"], "USSR": ["Fidel"]}})
    texts = {c["number"]: one_line(c["text"]) for c in bm.cards("twilight", lang)}
    plain = one_line(shown(render.hand(s.view("US"), lang)))
    with_texts = one_line(shown(render.hand(s.view("US"), lang, texts=True), width=200))
    for n in (21, 4):
        assert name("twilight", "card", n, lang) in plain
        assert texts[n] not in plain and texts[n] in with_texts
    assert "Fidel" not in plain and name("twilight", "card", 8, lang) not in with_texts
    assert render.hand(s.view(None), lang).plain == {
        "en": "Hands are hidden: USSR holds 1 card, US 2.",
        "ru": "Руки скрыты: у СССР 1 карта, у США 2."}[lang]


def test_the_card_list_shows_texts_and_on_request_the_status_columns() -> None:
    texts = one_line(shown(render.cards_table(), width=200))
    status = one_line(shown(render.cards_table(status=True), width=200))
    nato = one_line(bm.cards("twilight")[20]["text"])
    assert nato in texts and nato not in status
    assert "Events implemented: 110 of 110" in status and "Events implemented" not in texts


# -- the log: realignments and scoring ------------------------------------------------------------
def realignment(rolls: tuple[int, int], **extra: Any) -> bm.State:
    """Rulebook 6.2 example: the US realigns Cuba (next to the US), where it
    has 3 influence against the USSR's 2 and controls Nicaragua and Haiti."""
    position: dict[str, Any] = {
        "turn": 1, "action_round": 1, "phasing": "US", "options": {"events": False},
        "influence": {"USSR": {"Cuba": 2}, "US": {"Cuba": 3, "Nicaragua": 1, "Haiti": 1}},
        "hands": {"US": ["CIA Created"], "USSR": ["Fidel"]}, **extra}
    s = bm.from_position("twilight", position)
    s.apply_many(["ops CIA Created", "realign Cuba", f"roll {rolls[0]}", f"roll {rolls[1]}"])
    return s


def entry(s: bm.State, code: str) -> dict[str, Any]:
    return next(e for e in reversed(s.log_entries) if e["code"] == code)


def test_a_realignment_shows_each_die_and_each_modifier() -> None:
    # US: 1 + 2 (Nicaragua, Haiti) + 1 (more influence) + 1 (next to the US) = 5;
    # USSR 6, no modifier: the US loses 1.
    s = realignment((1, 6))
    e = entry(s, "twilight.realign.won")
    assert render.log_lines([e]).plain == (
        "Realignment in Cuba: US rolls 1 + 2 (controls Nicaragua, Haiti) + 1 (more influence) "
        "+ 1 (next to the US) = 5; USSR rolls 6. US loses 1 influence.")
    assert render.log_lines([e], lang="ru").plain == (
        "Уравнивание влияния в стране Куба: США: бросок 1 + 2 (под контролем соседние страны: Никарагуа, Гаити) "
        "+ 1 (перевес влияния) + 1 (соседство с США) = 5; СССР: бросок 6. США теряет 1 очко влияния.")


def test_a_realignment_shows_the_iran_contra_penalty_and_a_tie() -> None:
    s = realignment((3, 6), effects={"Iran-Contra Scandal": {}})
    e = entry(s, "twilight.realign.tied")
    assert render.log_lines([e]).plain == (
        "Realignment in Cuba: US rolls 3 + 2 (controls Nicaragua, Haiti) + 1 (more influence) "
        "+ 1 (next to the US) - 1 (Iran-Contra Scandal) = 6; USSR rolls 6. A tie: no change.")
    ru = render.log_lines([e], lang="ru").plain
    assert f"− 1 («{name('twilight', 'effect', 'Iran-Contra Scandal', 'ru')}») = 6" in ru
    assert ru.endswith("Ничья: ничего не меняется.")


def test_scoring_shows_each_sides_level_battlegrounds_and_adjacency() -> None:
    # Europe: US UK, France, West Germany, Italy, Finland (Domination 7, 3
    # battlegrounds, Finland next to the USSR); USSR East Germany, Poland
    # (Presence 3, 2 battlegrounds).
    s = bm.from_position("twilight", {
        "turn": 5, "action_round": 1, "phasing": "USSR", "options": {"events": False},
        "influence": {"US": {"UK": 5, "France": 3, "West Germany": 4, "Italy": 2, "Finland": 4},
                      "USSR": {"East Germany": 3, "Poland": 3}},
        "hands": {"USSR": ["Europe Scoring", "Fidel"], "US": ["NATO"]}})
    s.apply("event Europe Scoring")
    e = entry(s, "twilight.scoring.parts")
    assert render.log_lines([e]).plain == (
        "Europe scoring: USSR Presence 3 + 2 battlegrounds = 5 VP; "
        "US Domination 7 + 3 battlegrounds + 1 next to the USSR = 11 VP.")
    ru = render.log_lines([e], lang="ru").plain
    assert ru.startswith("Подсчёт очков в регионе Европа: СССР: ")
    assert "3 + 2 за ключевые страны = 5 ПО; США: " in ru
    assert "7 + 3 за ключевые страны + 1 за соседство с СССР = 11 ПО." in ru


def test_southeast_asia_scoring_shows_each_controlled_country() -> None:
    s = bm.from_position("twilight", {
        "turn": 5, "action_round": 1, "phasing": "USSR", "options": {"events": False},
        "influence": {"USSR": {"Vietnam": 3, "Thailand": 4}, "US": {"Malaysia": 2}},
        "hands": {"USSR": ["Southeast Asia Scoring", "Fidel"], "US": ["NATO"]}})
    s.apply("event Southeast Asia Scoring")
    e = entry(s, "twilight.scoring.parts")
    assert render.log_lines([e]).plain == (
        "Southeast Asia scoring: USSR 3 VP (Thailand 2, Vietnam 1); US 1 VP (Malaysia 1).")
    assert render.log_lines([e], lang="ru").plain == (
        "Подсчёт очков в регионе Юго-Восточная Азия: СССР: 3 ПО (Таиланд 2, Вьетнам 1); США: 1 ПО (Малайзия 1).")
