"""The 13 Days screens in English and Russian (``cli/render_thirteen.py``).

Every word on them comes from the catalogs: no raw message code is ever
shown, and a Russian screen names no card, arena or track in English. The
fixes found in play-testing are checked where the player reads them: the
Aftermath by the faction its cards score for, the reason a Command stops
early, "escalates 2 steps, to 5", the card that grants A Face-Saver's
Commands, what each option of a decision means, and the game over screen.
"""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import brinkmanship as bm
from brinkmanship.cli import render_thirteen as rt
from brinkmanship.i18n import name
from brinkmanship.thirteen.board import ARENAS, CARD_NAME, N_CARDS, TRACKS
from tests.cli.helpers import brink
from tests.thirteen.helpers import play, position

LANGS = ("en", "ru")
# A message code left in a screen: ``cli.thirteen.x``, ``thirteen.prompt.y`` ...
RAW_CODE = re.compile(r"\b(?:cli\.thirteen|thirteen|side)\.[a-z_]+")


def text_of(renderable: Any, width: int = 160) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def flat(renderable: Any, width: int = 160) -> str:
    """The screen's words on one line (wrapping and panel borders undone)."""
    return " ".join(text_of(renderable, width).translate(BORDERS).split())


BORDERS = str.maketrans("│╭╮╰╯", "     ")


def english_names_in(out: str) -> list[str]:
    """English card, arena and track names on a Russian screen. A name the
    Russian catalog spells the same way (or does not have yet) is not
    counted: the test only asks that translated names are used."""
    found = []
    for kind, values in (("card", range(1, N_CARDS + 1)), ("arena", ARENAS), ("track", TRACKS)):
        for value in values:
            english = name("thirteen", kind, value, "en")
            if name("thirteen", kind, value, "ru") != english and re.search(rf"\b{re.escape(english)}\b", out):
                found.append(english)
    return found


def card_text(number: int, lang: str = "en") -> str:
    return " ".join(next(c["text"] for c in bm.cards("thirteen", lang) if c["number"] == number).split())


def screens(view: dict[str, Any], lang: str) -> str:
    """Every screen of one view, as the terminal prints them."""
    parts = [rt.status(view, lang), rt.status_line(view, lang), rt.board(view, lang=lang),
             rt.hand(view, lang), rt.hand(view, lang, texts=True), rt.log_lines(view["log"], numbered=True, lang=lang)]
    parts.append(rt.decision(view, lang) if view["decision"] else rt.result(view, lang))
    return "\n".join(text_of(p) for p in parts)


POSITION: dict[str, Any] = {
    "round": 2, "next": "USSR", "letter": "USSR", "prestige": -2,
    "hands": {"USSR": ["Fidel Castro", "SOPs", "U-2 Downed"], "US": ["Quarantine", "Air Strike", "U Thant"]},
    "agendas": {"USSR": {"offered": ["Berlin", "Military Track", "Italy"], "kept": "Berlin"},
                "US": {"offered": ["Turkey", "Atlantic", "Personal Letter"], "kept": "Atlantic"}},
    "aftermath": {"USSR": ["Scramble", "Maskirovka"], "US": ["Excomm"]},
    "cubes": {"US": {"Berlin": 2, "Atlantic": 3, "Television": 1}, "USSR": {"Berlin": 3, "Television": 1}},
    "effects": {"SOPs": ["US"], "To the Brink": ["USSR"]},
    "plays": {"USSR": 1, "US": 1},
}


def _states() -> list[bm.State]:
    """Positions and random games stopped at many kinds of decision, and ended."""
    out = [bm.from_position("thirteen", POSITION)]
    for seed in (3, 6, 17):
        s = bm.new_game("thirteen", seed=seed)
        r = random.Random(seed)
        kinds: set[str] = set()
        while not s.is_terminal:
            kind = s.view(None)["decision_kind"]
            if kind not in kinds:
                kinds.add(kind)
                out.append(s.clone())
            s.apply_random(r)
        out.append(s)
    return out


STATES = _states()


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_renders_in_both_languages_without_a_raw_code(lang: str) -> None:
    kinds = set()
    for s in STATES:
        for viewer in ("USSR", "US", None):
            view = s.view(viewer)
            kinds.add(view["decision_kind"])
            out = screens(view, lang)
            assert not RAW_CODE.search(out), RAW_CODE.search(out)
            if lang == "ru":
                assert english_names_in(out) == [], (view["decision_kind"], english_names_in(out))
    assert {"agenda", "initiative", "turn", "command", None} <= kinds


@pytest.mark.parametrize("lang", LANGS)
def test_card_and_the_cards_table_give_every_card_and_agenda_with_its_text(lang: str) -> None:
    table = flat(rt.cards_table(lang), width=200)
    assert not RAW_CODE.search(table)
    for c in bm.cards("thirteen", lang):
        kind = c["kind"]
        panel = flat(rt.card(c["number"], lang, kind=kind))
        assert c["name"] in panel and " ".join(c["text"].split()) in panel
        assert c["name"] in table and " ".join(c["text"].split())[:40] in table
        assert not RAW_CODE.search(panel)
        if lang == "ru":
            assert english_names_in(panel) == []
    if lang == "ru":
        assert english_names_in(table) == []
    narrow = text_of(rt.cards_table(lang), width=80)
    assert max(len(line) for line in narrow.splitlines()) <= 80


def test_one_card_shows_its_facts() -> None:
    excomm = flat(rt.card(15))
    assert excomm.startswith("─ #15 Excomm ─")
    assert "US card, Command 3, DEFCON symbol" in excomm and card_text(15) in excomm
    assert "UN card, Command 1, no DEFCON symbol" in flat(rt.card(10))
    letter = flat(rt.card(13, kind="agenda"))
    assert "a13 Personal Letter" in letter and "Agenda card: scores for the holder of the Personal Letter" in letter
    assert "scores for whoever dominates Berlin" in flat(rt.card(8, kind="agenda"))


def test_brink_cards_thirteen_prints_the_texts(runner: CliRunner) -> None:
    code, out = brink(runner, "cards", "thirteen")
    assert code == 0
    out = " ".join(out.split())
    assert "Speech to the Nation" in out and card_text(1)[:40] in out and card_text(39)[:40] in out


# -- the hand -----------------------------------------------------------------------------
def test_the_hand_with_texts_shows_each_card_and_the_kept_agenda() -> None:
    s = bm.from_position("thirteen", POSITION)
    out = flat(rt.hand(s.view("USSR"), texts=True))
    for number in (30, 4, 38):  # Fidel Castro, SOPs, U-2 Downed
        assert card_text(number)[:50] in out
    berlin = next(c for c in bm.cards("thirteen") if c["kind"] == "agenda" and c["english_name"] == "Berlin")
    assert "Your agenda this round: Berlin " + " ".join(berlin["text"].split())[:30] in out
    # Without texts: the facts only.
    assert card_text(30)[:50] not in flat(rt.hand(s.view("USSR")))
    # Before keeping one, the three flagged agendas.
    s = position(phase="agendas", seed=3)
    assert "Your agendas this round (you keep one):" in flat(rt.hand(s.view("USSR"), texts=True))


def test_the_hand_of_a_spectator_is_a_count_in_both_languages() -> None:
    s = bm.from_position("thirteen", POSITION)
    assert flat(rt.hand(s.view(None))) == "Hands are hidden: USSR holds 3 cards, US 3."
    assert flat(rt.hand(s.view(None), "ru")) == "Карты на руках скрыты: у СССР 3 карты, у США 3."


# -- the Aftermath by faction -----------------------------------------------------------------
def test_the_aftermath_names_the_viewers_cards_with_the_faction_they_score_for() -> None:
    s = bm.from_position("thirteen", POSITION)
    assert "3 cards face down (yours: Scramble (UN), Maskirovka (USSR))" in flat(rt.status(s.view("USSR")))
    assert "(yours: Excomm (US))" in flat(rt.status(s.view("US")))
    ru = flat(rt.status(s.view("USSR"), "ru"))
    assert "3 карты рубашкой вверх (ваши: «" in ru and "» (ООН), «" in ru and "» (СССР))" in ru


def test_the_revealed_aftermath_is_grouped_by_the_faction_each_card_scores_for() -> None:
    """The USSR put Excomm (a US card) in the Aftermath and the US put Fidel
    Castro (a USSR card): each counts for its faction, whoever put it there."""
    s = position(phase="resolve", round=3, aftermath={"USSR": ["Excomm", "Scramble"], "US": ["Fidel Castro", "SOPs"]},
                 hands={"US": [], "USSR": []}, prestige=1)
    assert s.is_terminal
    out = flat(rt.status(s.view("US")))
    assert ("Aftermath revealed: US cards Excomm 3 = 3; USSR cards Fidel Castro 3 = 3; UN cards (count for nobody) "
            "Scramble, SOPs") in out
    assert "Round 3 of 3; the game is over" in out and "to act" not in out


# -- the log: early stops, escalation, A Face-Saver ------------------------------------------------
def _log(s: bm.State, lang: str, n: int) -> list[str]:
    return text_of(rt.log_lines(s.view(None)["log"][-n:], lang=lang)).splitlines()


def test_a_command_that_stops_early_says_why_in_the_log() -> None:
    s = position(hands={"US": ["Excomm", "Quarantine"], "USSR": ["Fidel Castro", "Maskirovka"]}, next="US",
                 plays={"US": 2, "USSR": 3}, cubes={"US": {"Turkey": 4, "Berlin": 5}})
    play(s, "command Excomm", "place Turkey")
    assert _log(s, "en", 2) == [
        "US places 1 cube in Turkey (now 5).",
        "The Command stops early: US has 5 cubes in Turkey, the most a side may have there (2 cubes unused)."]
    assert _log(s, "ru", 1)[0].startswith("Командование прерывается: у игрока США на арене ")
    assert "уже предельное число кубиков, 5: больше там быть не может" in _log(s, "ru", 1)[0]
    assert _log(s, "ru", 1)[0].endswith("(2 кубика не использованы).")


def test_escalation_says_how_many_steps_and_to_where() -> None:
    s = position(hands={"US": ["Excomm", "Quarantine"], "USSR": ["Fidel Castro", "Maskirovka"]}, next="US",
                 plays={"US": 2, "USSR": 3}, defcon={"US": {"Military": 2}})
    play(s, "command Excomm", "place Berlin", "place Berlin", "place Berlin")
    assert _log(s, "en", 1) == ["US Military DEFCON escalates 2 steps, to 4 (Command)."]
    assert not RAW_CODE.search(_log(s, "ru", 1)[0])


def test_a_face_saver_names_itself_in_the_decision_and_the_log() -> None:
    s = position(hands={"USSR": ["A Face-Saver", "Scramble"], "US": ["Excomm", "Quarantine"]})
    play(s, "event A Face-Saver", "place Berlin", "done")
    view = s.view("US")
    out = flat(rt.decision(view))
    assert out == ("US: A Face-Saver grants a Command of 1 cube in one arena (any arena): place or remove, "
                   "'done' to stop A Command granted by the event of A Face-Saver")
    ru = flat(rt.decision(view, "ru"))
    assert f"Командование, которое даёт событие карты «{name('thirteen', 'card', 12, 'ru')}»" in ru
    play(s, "place Italy")
    assert _log(s, "en", 1) == ["US places 1 cube in Italy with the Command of A Face-Saver (now 2)."]
    assert f"командованием карты «{name('thirteen', 'card', 12, 'ru')}»" in _log(s, "ru", 1)[0]


# -- decisions: the card and what each option means ---------------------------------------------------
def test_the_offer_shows_the_commanded_card_and_what_accepting_means() -> None:
    s = position(next="US", hands={"US": ["Fidel Castro", "Excomm"], "USSR": ["SOPs", "Scramble"]})
    s.apply("command Fidel Castro")
    out = flat(rt.decision(s.view("USSR")))
    assert out.startswith("USSR: US commands with Fidel Castro: 'accept' its event or 'decline' The card commanded")
    assert card_text(30)[:40] in out
    # Numbered as the legal actions are: 1. accept, 2. decline.
    assert s.view("USSR")["legal_actions"] == ["accept", "decline"]
    assert out.endswith("What each choice does: 1. resolve the event of Fidel Castro now, as if you had played it; "
                        "then US commands 2. leave the event unused; US commands with Fidel Castro")
    ru = flat(rt.decision(s.view("USSR"), "ru"))
    assert "Карта, которой командуют" in ru and "1. применить событие карты «" in ru


def test_the_choices_of_an_event_say_what_each_does_in_both_languages() -> None:
    s = position(next="US", hands={"US": ["Air Strike", "Excomm"]})
    s.apply("event Air Strike")
    out = flat(rt.decision(s.view("US")))
    assert "Event of Air Strike" in out
    assert ("1. halve (rounded up) the USSR cubes in one Cuba arena (you choose which next) "
            "2. place up to 2 US cubes on Alliances") in out
    ru = flat(rt.decision(s.view("US"), "ru"))
    assert "Что означает каждый вариант: 1. " in ru and " 2. " in ru and english_names_in(ru) == []
    s.apply("choose remove")
    assert s.view("US")["legal_actions"] == ["target Cuba (Military)", "target Cuba (Political)"]
    out = flat(rt.decision(s.view("US")))
    assert ("1. halve (rounded up) the USSR cubes in Cuba (Military) "
            "2. halve (rounded up) the USSR cubes in Cuba (Political)") in out


def test_the_personal_letter_and_the_initiative_say_what_they_do() -> None:
    s = position(hands={"US": ["Close Allies", "Excomm"], "USSR": ["U Thant", "Missile Trade"]},
                 plays={"US": 3, "USSR": 3}, next="US")
    s.apply("command Close Allies")
    view = s.view("US")
    out = flat(rt.decision(view))
    assert "'done' to stop Command with Close Allies" in out
    k = view["legal_actions"].index("letter") + 1
    assert f"{k}. +1 cube for this Command; the Personal Letter then passes to USSR" in out
    s = position(phase="agendas", seed=3)
    while s.view(None)["decision_kind"] != "initiative":
        s.apply(s.legal_actions()[0])
    who = s.current_player
    out = flat(rt.decision(s.view(who)))
    assert s.view(who)["legal_actions"] == ["first USSR", "first US"]
    assert "1. USSR plays first this round 2. US plays first this round" in out


def test_the_agenda_decision_shows_the_three_agendas_with_their_texts() -> None:
    s = position(phase="agendas", seed=3)
    view = s.view("USSR")
    assert view["decision_kind"] == "agenda"
    out = flat(rt.decision(view))
    texts = [" ".join(c["text"].split())[:30] for c in bm.cards("thirteen")
             if c["kind"] == "agenda" and c["english_name"] in view["decision"]["agendas"]]
    assert texts and all(text in out for text in texts)
    assert out.startswith("USSR: keep one of your agendas secretly ('agenda <name>')")
    # The US waits: it is shown the prompt only.
    assert flat(rt.decision(s.view("US"))) == "USSR: keep one of your agendas secretly ('agenda <name>')"


# -- the game over screen -------------------------------------------------------------------------------
def test_the_game_over_screen_says_who_won_and_why_in_words() -> None:
    ends = {s.result: s for s in STATES if s.is_terminal}
    s = position(phase="resolve", round=3, aftermath={"USSR": ["Fidel Castro"], "US": ["Excomm", "SOPs"]},
                 hands={"US": [], "USSR": []}, prestige=0, letter="USSR")
    assert s.result == "personal_letter"
    assert flat(rt.result(s.view("US"))) == ("Game over: prestige is even: USSR wins as the holder of the Personal "
                                             "Letter. The Aftermath was tied (3 to 3): no bonus.")
    s = position(phase="resolve", round=3, aftermath={"USSR": ["Fidel Castro"], "US": ["Maskirovka"]},
                 hands={"US": [], "USSR": []}, prestige=-1)
    assert flat(rt.result(s.view(None))) == ("Game over: USSR wins on prestige (USSR +3). The Aftermath gave USSR 2 "
                                             "prestige (5 to 0 in command value).")
    assert "Партия окончена: победа по престижу: СССР (" in flat(rt.result(s.view(None), "ru"))
    war = ends.get("nuclear_war")
    assert war is not None and war.winner is not None
    out = flat(rt.result(war.view(None)))
    assert re.fullmatch(r"Game over: (USSR|US) wins: (USSR|US) triggered nuclear war \(Military \d, Political \d, "
                        r"World Opinion \d\)\.", out)
    # No warning about a nuclear war that has already ended the game.
    assert "would trigger" not in flat(rt.board(war.view(None)))


# -- hidden information, in either language -----------------------------------------------------------
def _hidden_from(s: bm.State, viewer: str) -> set[int]:
    """The cards ``viewer`` may not know now: all but its hand, the discards,
    its own Aftermath cards and a card it is looking at."""
    d = s.data
    known = set(d["hands"][viewer]) | set(d["discard"]) | {c for side, c in d["aftermath"] if side == viewer}
    known |= {CARD_NAME.index(c) for c in s.view(viewer)["looking_at"]}
    return set(range(1, N_CARDS + 1)) - known


@pytest.mark.parametrize("lang", LANGS)
def test_no_screen_names_a_card_hidden_from_its_viewer(lang: str) -> None:
    checked = 0
    for seed in (4, 21):
        s = bm.new_game("thirteen", seed=seed)
        r = random.Random(seed)
        while not s.is_terminal:
            viewer = s.current_player
            view = s.view(viewer)
            out = "\n".join(text_of(p) for p in (rt.status(view, lang), rt.hand(view, lang), rt.board(view, lang=lang),
                                                  rt.decision(view, lang), rt.log_lines(view["log"], lang=lang)))
            # A card's text shown whole may name other cards as rules: that shows no card.
            out = " ".join(out.split())
            for c in bm.cards("thirteen", lang):
                out = out.replace(" ".join(c["text"].split()), " ")
            hidden = [name("thirteen", "card", c, lang) for c in _hidden_from(s, viewer)]
            assert [n for n in hidden if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", out)] == [], view["decision_kind"]
            checked += 1
            s.apply_random(r)
    assert checked > 100
