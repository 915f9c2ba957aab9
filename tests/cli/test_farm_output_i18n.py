"""`brink simulate` and `brink tournament` speak English and Russian: every
label, end reason and message of their reports comes from the catalogs
(``cli.farm.*``), numbers read the same in both, and the English reports
keep the words scripts and the results files use."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

import brinkmanship.cli.main as cli_main
from brinkmanship.cli.simulate import backend_text, play_game, result_text
from brinkmanship.farm import FarmError, LocalFarm, RayFarm
from brinkmanship.farm.tournament import play_tournament
from brinkmanship.i18n import catalog, text
from tests.cli.helpers import brink

SRC = Path(__file__).resolve().parents[2] / "src" / "brinkmanship"
RANDOM = {"USSR": "random", "US": "random"}

#: Words of the English reports that must not be left in the Russian ones.
ENGLISH = ("Winners", "Winning side", "End reasons", "Average length", "Speed", "Time", "Search", "Options",
           "Ratings", "Pairings", "Bot", "Win rate", "interval", "as USSR", "as US", "games", "game of",
           "decisions", "rounds", "turns", "die rolls", "nobody", "draw", "process", "Saved", "seeds",
           "sides alternated", "batches", "iterations")


def flat(output: str) -> str:
    """The output as one line of words (tables and boxes wrap long lines)."""
    return " ".join(output.replace("│", " ").split())


def english_left(output: str) -> list[str]:
    # Option names and values (agenda_push=zone, events=true) are identifiers, not labels.
    words = re.sub(r"\S+=\S+", "", output)
    return [w for w in ENGLISH if w in words]


def _games(game: str, seeds: range) -> list:
    return [play_game(game, s, {}, RANDOM)[1] for s in seeds]


# -- brink simulate ----------------------------------------------------------------------------------------------

def test_a_13_days_simulation_reads_in_russian(runner: CliRunner) -> None:
    code, out = brink(runner, "--lang", "ru", "simulate", "thirteen", "-n", "4", "-w", "1")
    assert code == 0, out
    games = _games("thirteen", range(4))
    words = flat(out)
    assert "«13 дней»: 4 партии, зёрна 0..3 (СССР: random, США: random)" in words
    wins = Counter(g.winner for g in games)
    assert (f"Победители СССР {wins['USSR']} ({25.0 * wins['USSR']:.1f}%), США {wins['US']} "
            f"({25.0 * wins['US']:.1f}%), никто (проигрывают обе) {wins[None]} ({25.0 * wins[None]:.1f}%)") in words
    for reason, k in Counter(g.result for g in games).items():
        assert f"{result_text(reason, 'ru')} {k} ({25.0 * k:.1f}%)" in words
    assert "ядерная война" in result_text("nuclear_war", "ru")
    decisions = sum(g.decisions for g in games) / 4
    assert f"Средняя длина {decisions:.1f} решения, {sum(g.turns for g in games) / 4:.2f} раунда" in words
    assert "Скорость" in words and "партий/с" in words and "1 процесс, без пула" in words
    assert "Настройки agenda_push=zone" in words
    assert english_left(out) == []


def test_a_twilight_simulation_in_russian_counts_dice_turns_and_saved_games(runner: CliRunner,
                                                                              tmp_path: Path) -> None:
    code, out = brink(runner, "--lang", "ru", "simulate", "twilight", "-n", "2", "--seed", "40", "-w", "1",
                      "--save-dir", str(tmp_path))
    assert code == 0, out
    games = _games("twilight", range(40, 42))
    words = flat(out)
    assert "«Сумеречная борьба»: 2 партии, зёрна 40..41" in words
    rolls = sum(g.rolls for g in games) / 2
    turns = sum(g.turns for g in games) / 2
    assert f"(из них {rolls:.1f} броска кубика), {turns:.2f} хода" in words
    assert f"ничья {sum(g.winner is None for g in games)} (" in words
    assert f"2 партии сохранены в папке {tmp_path}/" in words
    assert english_left(out) == []


def test_the_english_simulation_report_is_unchanged(runner: CliRunner, tmp_path: Path) -> None:
    code, out = brink(runner, "simulate", "twilight", "-n", "2", "--seed", "40", "-w", "1", "--save-dir", str(tmp_path))
    assert code == 0, out
    games = _games("twilight", range(40, 42))
    words = flat(out)
    wins = Counter(g.winner for g in games)
    reasons = Counter(g.result for g in games).most_common()
    for line in (
        "2 games of twilight, seeds 40..41 (USSR random vs US random)",
        f"Winners USSR {wins['USSR']} ({50.0 * wins['USSR']:.1f}%), US {wins['US']} ({50.0 * wins['US']:.1f}%), "
        f"draw {wins[None]} ({50.0 * wins[None]:.1f}%)",
        "End reasons " + ", ".join(f"{r} {k} ({50.0 * k:.1f}%)" for r, k in reasons),
        f"Average length {sum(g.decisions for g in games) / 2:.1f} decisions (of which "
        f"{sum(g.rolls for g in games) / 2:.1f} die rolls), {sum(g.turns for g in games) / 2:.2f} turns",
        "s on 1 process (in-process))",
        "Options events=true, optional_cards=true",
        f"Saved 2 games in {tmp_path}/",
    ):
        assert line in words, line
    assert re.search(r"Speed [\d,]+\.\d games/s, [\d,]+ decisions/s \(\d+\.\d\d s on", words)
    code, out = brink(runner, "simulate", "thirteen", "-n", "1", "-w", "1", "--save-dir", str(tmp_path))
    assert "1 game of thirteen, seeds 0..0" in out and "nobody (both lose)" in out
    assert f"Saved 1 game in {tmp_path}/" in flat(out)


def test_simulate_refuses_a_human_seat_in_the_chosen_language(runner: CliRunner) -> None:
    code, out = brink(runner, "--lang", "ru", "simulate", "thirteen", "--ussr", "human")
    assert code == 2 and "для симуляции за каждую сторону должен играть бот" in flat(out)
    code, out = brink(runner, "simulate", "thirteen", "--us", "human", "--lang", "en")
    assert code == 2 and "simulate needs a bot in each seat" in flat(out)


def test_a_farm_that_fails_is_reported_in_the_chosen_language(runner: CliRunner,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise FarmError("game 0 (seed 0) failed")

    monkeypatch.setattr(cli_main, "simulate", broken)
    monkeypatch.setattr(cli_main, "play_tournament", broken)
    code, out = brink(runner, "--lang", "ru", "simulate", "thirteen", "-n", "1", "-w", "1")
    assert code == 1 and "Сбой фермы: game 0 (seed 0) failed" in out
    code, out = brink(runner, "tournament", "thirteen", "-n", "1", "-w", "1")
    assert code == 1 and "The farm failed: game 0 (seed 0) failed" in out


# -- brink tournament ----------------------------------------------------------------------------------------------

def _number_rows(output: str, bots: list[str]) -> list[str]:
    """The table rows that start with a bot or a rank: numbers only, whatever the language."""
    rows = [line.split() for line in output.splitlines()]
    return [" ".join(row) for row in rows if set(row[:2]) & set(bots)]


def test_a_tournament_reads_in_russian_with_the_same_numbers(runner: CliRunner, tmp_path: Path) -> None:
    bots = ["random", "heuristic"]
    args = ("tournament", "thirteen", "--bots", ",".join(bots), "-n", "2", "-w", "1")
    code, ru = brink(runner, "--lang", "ru", *args, "--out", str(tmp_path / "ru.jsonl"))
    assert code == 0, ru
    code, en = brink(runner, *args, "--out", str(tmp_path / "en.jsonl"))
    assert code == 0, en
    expected = play_tournament("thirteen", {}, bots, 2, seed=0, workers=1)
    words = flat(ru)
    assert "«13 дней»: 2 партии; 2 бота, 1 пара по 2 партии, стороны меняются на парных раскладах, зёрна 0..0" in words
    assert "Рейтинги: openskill" in words and "модель Брэдли — Терри (шкала Эло)" in words
    assert "№ Бот μ σ ординал Эло (БТ) П-Н-П Доля побед" in words
    assert "Бот П-Н-П Доля побед Интервал 95% за СССР за США" in words
    s = expected.standings
    wins = s.side_wins
    assert (f"Победившая сторона СССР {wins['USSR']} ({50.0 * wins['USSR']:.1f}%), США {wins['US']} "
            f"({50.0 * wins['US']:.1f}%), никто (проигрывают обе) {wins['draw']} ") in words
    for reason, k in s.results.items():
        assert f"{result_text(reason, 'ru')} {k} ({50.0 * k:.1f}%)" in words
    assert "решения," in words and "раунда" in words and "партий/с; 1 процесс, без пула (партии пакетами по" in words
    assert f"2 партии сохранены в {tmp_path / 'ru.jsonl'} (показать одну из них: brink replay" in words
    assert english_left(ru) == []
    # The same tables, number for number; the English report keeps its words.
    assert _number_rows(ru, bots) == _number_rows(en, bots) != []
    for line in ("2 games of thirteen: 2 bots, 1 pairing x 2 games, sides alternated on paired deals, seeds 0..0",
                 "# Bot mu sigma ordinal BT Elo W-D-L Win rate",
                 "Bot W-D-L Win rate 95% interval as USSR as US",
                 f"Winning side USSR {wins['USSR']} ({50.0 * wins['USSR']:.1f}%)",
                 "End reasons " + ", ".join(f"{r} {k} (" for r, k in s.results.most_common()[:1]),
                 "decisions,", "rounds", "games/s on 1 process (in-process) (batches of",
                 f"Saved 2 games to {tmp_path / 'en.jsonl'} (replay one with: brink replay"):
        assert line in flat(en), line
    # The results file keeps the engine's words whatever the language.
    summary = json.loads((tmp_path / "ru.jsonl").read_text().splitlines()[-1])
    assert summary["results"] == dict(s.results.most_common())


def test_a_search_bot_effort_and_a_failed_save_in_russian(runner: CliRunner, tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    out_path = blocked / "t.jsonl"
    code, out = brink(runner, "--lang", "ru", "tournament", "thirteen", "--bots", "random,ismcts:iters=2,depth=2",
                      "-n", "1", "-w", "1", "--out", str(out_path))
    assert code == 1
    words = flat(out)
    assert re.search(r"Поиск ismcts:iters=2,depth=2: [\d,]+ итераций/с, [\d,]+ на решение с поиском "
                     r"\(решений с поиском: [\d,]+\)", words)
    assert f"Не удалось сохранить результаты в {out_path}:" in words
    assert "1 партия" in words


# -- the words themselves --------------------------------------------------------------------------------------------

def test_every_end_reason_of_both_engines_has_its_words() -> None:
    ends = set()
    for path in (*SRC.joinpath("twilight").rglob("*.py"), *SRC.joinpath("thirteen").rglob("*.py")):
        ends |= set(re.findall(r'end_game\(d, [^,]+, "(\w+)"', path.read_text(encoding="utf-8")))
    assert {"final_scoring", "wargames", "nuclear_war", "personal_letter"} <= ends
    for reason in (*ends, "unfinished"):
        assert f"cli.farm.result.{reason}" in catalog("ru"), reason
        assert result_text(reason, "en") == reason  # as the results files write it
    assert result_text("final_scoring", "ru") == "финальный подсчёт очков"
    assert result_text("a_new_reason", "ru") == "a_new_reason"


def test_where_the_games_ran_is_said_in_russian() -> None:
    assert backend_text(LocalFarm(1).describe(), "ru") == "1 процесс, без пула"
    assert backend_text(LocalFarm(2).describe(), "ru") == "2 локальных процесса"
    assert backend_text(LocalFarm(5).describe(), "ru") == "5 локальных процессов"
    assert backend_text(LocalFarm(21).describe(), "ru") == "21 локальный процесс"
    ray = object.__new__(RayFarm)  # no Ray needed to ask how it describes itself
    ray._ray = SimpleNamespace(cluster_resources=lambda: {"CPU": 8})
    ray.address = None
    assert backend_text(ray.describe(), "ru") == "Ray, локальный экземпляр, 8 ЦП"
    ray.address = "ray://head:10001"
    assert backend_text(ray.describe(), "ru") == "Ray, кластер ray://head:10001, 8 ЦП"
    assert backend_text(ray.describe(), "en") == ray.describe()
    assert backend_text("a farm of the future", "ru") == "a farm of the future"


def test_counts_of_saved_games_agree_with_their_number_in_russian() -> None:
    said = {n: text("cli.farm.saved_games", "ru", n=n, dir="d") for n in (1, 3, 5, 21)}
    assert said == {1: "1 партия сохранена в папке d/", 3: "3 партии сохранены в папке d/",
                    5: "5 партий сохранено в папке d/", 21: "21 партия сохранена в папке d/"}
