"""`brink tournament`, the farm options of `brink simulate`, bot seats in `brink play`,
and `brink replay FILE --game K`, end to end through typer's CliRunner."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from brinkmanship.cli import render_thirteen, savefile
from brinkmanship.cli.main import split_bots
from brinkmanship.cli.play import Outcome, new_session
from brinkmanship.farm.tournament import play_tournament
from tests.cli.helpers import brink

# -- brink tournament ------------------------------------------------------------------------------------------

def test_a_small_tournament_prints_ratings_win_rates_and_end_reasons(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    code, text = brink(runner, "tournament", "thirteen", "--bots", "random,heuristic,heuristic:noise=1", "-n", "4",
                       "--seed", "5", "--workers", "2", "--out", str(out))
    assert code == 0, text
    expected = play_tournament("thirteen", {}, ["random", "heuristic", "heuristic:noise=1"], 4, seed=5, workers=1)
    s = expected.standings
    assert "12 games of thirteen: 3 bots, 3 pairings x 4 games" in text
    assert "openskill" in text and "ordinal" in text and "BT Elo" in text
    best = s.skills[0]
    assert re.search(rf"1\s+{re.escape(best.name)}\s+{best.mu:.2f}\s+{best.sigma:.2f}\s+{best.ordinal:.2f}", text)
    for p in s.pairs:  # each pairing's first row: W-D-L, win rate, Wilson interval, by side
        lo, hi = p.interval
        row = (rf"{re.escape(p.a)}\s+{p.score}\s+{100 * p.score.win_rate:.1f}%\s+"
               rf"{100 * lo:.1f}-{100 * hi:.1f}%\s+{p.by_side['USSR']}\s+{p.by_side['US']}\s*\n\s+{re.escape(p.b)}\s")
        assert re.search(row, text), row
    for reason, k in s.results.items():
        assert f"{reason} {k} (" in text
    assert "games/s on 2 local processes" in text
    assert f"Saved 12 games to {out} (replay one with: brink replay {out} --game K)" in " ".join(text.split())
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["format"] == "brinkmanship-tournament" and lines[-1]["format"] == "brinkmanship-tournament-summary"
    games = lines[1:-1]
    assert [g["index"] for g in games] == list(range(12))
    assert [(g["seed"], g["seats"], g["actions"], g["winner"], g["result"]) for g in games] == [
        (r.seed, r.seats, r.actions, r.winner, r.result) for r in expected.records]


def test_replay_steps_through_one_game_of_a_tournament_file(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    code, _ = brink(runner, "tournament", "thirteen", "--bots", "random,heuristic", "-n", "2", "--out", str(out),
                    "-w", "1")
    assert code == 0
    saved = savefile.load_game(out, 1)
    state = savefile.replay(saved)
    code, text = brink(runner, "replay", str(out), "--game", "1", "--to-end")
    assert code == 0
    n = len(saved.actions)
    assert f"Action {n} of {n}:" in text and state.log[-1] in text
    assert render_thirteen.result(state.view(None)).plain in " ".join(text.split())
    code, text = brink(runner, "replay", str(out), "-g", "0", input="\nq\n")
    assert code == 0 and f"Action 1 of {len(savefile.load_game(out, 0).actions)}" in text


def test_the_default_results_file_is_named_after_game_and_seed(runner: CliRunner, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, text = brink(runner, "tournament", "thirteen", "--bots", "random,heuristic", "-n", "1", "--seed", "8")
    assert code == 0
    assert "Saved 1 game to tournament-thirteen-seed8.jsonl" in text
    assert len(savefile.load_tournament(tmp_path / "tournament-thirteen-seed8.jsonl").games) == 1


def test_bad_tournament_input_gets_clear_errors(runner: CliRunner, tmp_path: Path) -> None:
    cases = [
        (["tournament", "chess"], "unknown game 'chess'"),
        (["tournament", "thirteen", "--bots", "random,alien"], "unknown bot 'alien'; bots are: heuristic, ismcts"),
        (["tournament", "thirteen", "--bots", "random"], "a tournament needs at least two bots (got 1: random)"),
        (["tournament", "thirteen", "--bots", "random,random"], "bot 'random' is listed twice"),
        (["tournament", "thirteen", "--bots", "random,heuristic:noise=x"], "heuristic noise must be a number"),
        (["tournament", "thirteen", "-n", "0"], "'-n' / '--games'"),
        (["tournament", "thirteen", "--workers", "0"], "'--workers' / '-w'"),
        (["tournament", "thirteen", "-o", "fog=true"], "fog"),
    ]
    for args, message in cases:
        code, text = brink(runner, *args)
        assert code == 2, args
        assert message in " ".join(text.replace("│", " ").split()), (args, text)


def test_replay_refuses_missing_files_and_games_that_are_not_there(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    brink(runner, "tournament", "thirteen", "--bots", "random,heuristic", "-n", "2", "--out", str(out), "-w", "1")
    code, text = brink(runner, "replay", str(tmp_path / "none.jsonl"), "--game", "1")
    assert code == 2 and "does not exist" in text
    code, text = brink(runner, "replay", str(out), "--game", "2")
    assert code == 1 and "there is no game 2 in this tournament file (games: 0..1)" in " ".join(text.split())
    code, text = brink(runner, "replay", str(out))
    assert code == 1 and "tournament file with 2 games: choose one with --game K (K = 0..1)" in " ".join(text.split())
    code, text = brink(runner, "play", "--load", str(out))
    assert code == 1 and "this is a tournament file, not a single game" in " ".join(text.split())
    single = tmp_path / "g.json"
    savefile.save(single, savefile.load_game(out, 0))
    code, text = brink(runner, "replay", str(single), "--game", "0")
    assert code == 1 and "this file is a single saved game" in " ".join(text.split())


def test_bot_lists_split_at_commas_but_keep_a_specs_own_parameters() -> None:
    assert split_bots("random,heuristic, ismcts:iters=200,c=0.7") == ["random", "heuristic", "ismcts:iters=200,c=0.7"]
    assert split_bots("heuristic:noise=0.5,heuristic") == ["heuristic:noise=0.5", "heuristic"]


# -- brink simulate on the farm ----------------------------------------------------------------------------------

def _without_speed(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if "games/s" not in line)


def test_simulate_gives_the_same_summary_on_one_and_two_workers(runner: CliRunner) -> None:
    args = ("simulate", "thirteen", "-n", "30", "--seed", "3", "--us", "heuristic")
    code1, one = brink(runner, *args, "--workers", "1")
    code2, two = brink(runner, *args, "--workers", "2")
    assert code1 == code2 == 0
    assert "(USSR random vs US heuristic)" in one
    assert _without_speed(one) == _without_speed(two)
    assert "on 1 process (in-process)" in one and "on 2 local processes" in two


def test_simulate_refuses_a_bad_bot_spec(runner: CliRunner) -> None:
    code, text = brink(runner, "simulate", "thirteen", "--us", "heuristic:noise=-1")
    assert code == 2 and "heuristic noise must be 0 or more, not -1.0" in text
    code, text = brink(runner, "simulate", "thirteen", "--ussr", "human")
    assert code == 2 and "simulate needs a bot in each seat" in text


# -- brink play with bot seats -------------------------------------------------------------------------------------

def test_play_seats_heuristic_and_ismcts_and_records_their_specs(runner: CliRunner, tmp_path: Path) -> None:
    code, text = brink(runner, "play", "thirteen", "--seed", "4", "--ussr", "heuristic", "--us",
                       "ismcts:iters=3,depth=2")
    assert code == 0
    assert "13 Days, seed 4" in text and "USSR heuristic, US ismcts:iters=3,depth=2" in text
    assert re.search(r"Game over: (USSR|US) wins|Game over: nobody wins", text)
    # A human against the heuristic (Twilight Struggle): the bot sets up, the human saves and leaves.
    path = tmp_path / "g.json"
    code, text = brink(runner, "play", "twilight", "--seed", "9", "--ussr", "heuristic", "--us", "human",
                       input=f"save {path}\nquit\n")
    assert code == 0
    saved = savefile.load(path)
    assert saved.seats == {"USSR": "heuristic", "US": "human"}
    assert len(saved.actions) == 6 and all(a.startswith("place ") for a in saved.actions)
    code, text = brink(runner, "play", "--load", str(path), input="quit\n")
    assert code == 0 and "USSR heuristic, US human" in text


def test_play_refuses_bad_bot_specs_with_the_bots_message(runner: CliRunner) -> None:
    code, text = brink(runner, "play", "thirteen", "--us", "ismcts:iters=abc")
    assert code == 2 and "ismcts iters must be a whole number, not 'abc'" in text
    code, text = brink(runner, "play", "--ussr", "heuristic:noise=-1")
    assert code == 2 and "heuristic noise must be 0 or more" in text
    code, text = brink(runner, "play", "--us", "alien")
    assert code == 2 and "neither 'human' nor a bot: unknown bot 'alien'" in text


def test_help_lists_the_bots_and_the_farm_options(runner: CliRunner) -> None:
    for command in ("play", "simulate", "tournament"):
        code, text = brink(runner, command, "--help")
        assert code == 0
        flat = " ".join(text.split())
        assert "heuristic (hand-written knowledge" in flat and "ismcts (information-set" in flat, command
    for command in ("simulate", "tournament"):
        flat = " ".join(brink(runner, command, "--help")[1].split())
        assert "--workers" in flat and "--ray" in flat and "RAY_ADDRESS" in flat
    code, text = brink(runner, "replay", "--help")
    assert "--game" in text


def test_a_thinking_search_bot_shows_only_who_is_thinking() -> None:
    # A terminal console (the spinner only draws on one); a bot-only game.
    file = io.StringIO()
    console = Console(file=file, force_terminal=True, width=100, color_system=None)
    session = new_session("thirteen", 2, {}, {"USSR": "ismcts:iters=2,depth=2", "US": "heuristic"}, console,
                          lambda _prompt: None)
    assert session.run() is Outcome.OVER
    out = file.getvalue()
    assert "USSR (ismcts:iters=2,depth=2) is thinking..." in out
    assert "US (heuristic) is thinking" not in out  # fast bots answer without a spinner
