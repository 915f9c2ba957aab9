"""The `brink` command end to end, through typer's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from brinkmanship.cli import render, savefile
from brinkmanship.cli.simulate import play_game
from brinkmanship.twilight.board import CARD_NAME
from tests.cli.helpers import brink


def test_help_lists_every_command(runner: CliRunner) -> None:
    code, out = brink(runner, "--help")
    assert code == 0
    for command in ("play", "simulate", "tournament", "replay", "cards"):
        assert command in out
    for command, words in {
        "play": ("--ussr", "--us", "--seed", "--load", "--optional-cards", "undo", "hot seat"),
        "simulate": ("-n", "--seed", "--save-dir", "--ussr", "--workers", "--ray"),
        "tournament": ("--bots", "-n", "--seed", "--out", "--workers", "--ray"),
        "replay": ("--to-end", "--side", "--game", "g N = go to action N"),
        "cards": ("number, name, ops",),
    }.items():
        code, out = brink(runner, command, "--help")
        assert code == 0, command
        for w in words:
            assert w in out, (command, w)
    # Help text must not lose bracketed words to rich markup.
    code, out = brink(runner, "play", "--help")
    flat = " ".join(out.replace("│", " ").split())
    assert "Default: human (heuristic when --us is human)." in flat
    assert "Default: heuristic (human when --ussr is a bot)." in flat


def test_no_arguments_shows_help(runner: CliRunner) -> None:
    code, out = brink(runner)
    assert "play" in out and "simulate" in out
    assert code in (0, 2)


def test_play_a_whole_game_with_mistakes_undo_save_and_resume(runner: CliRunner, tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    again = tmp_path / "again.json"
    script = ["place Narnia", "99", "undo", "1", "undo", "1", "1", f"save {first}"] + ["1"] * 600
    code, out = brink(runner, "play", "twilight", "--seed", "3", input="\n".join(script) + "\n")
    assert code == 0
    assert "Twilight Struggle: USSR human, US heuristic" in out and "The seed of this game was 3." in out
    assert "unknown country 'Narnia'" in out
    assert "there is no action 99" in out
    assert "Nothing to undo" in out
    assert "Took back: place Austria" in out
    assert f"Saved 2 actions to {first}" in out
    assert re.search(r"Game over: (USSR|US) wins|Game over: a draw", out)
    # Piped input is echoed after the prompt, so the transcript reads naturally.
    assert "USSR> place Narnia" in out

    saved = savefile.load(first)
    assert saved.actions == ["place Austria", "place Austria"]
    assert saved.seed == 3 and saved.game == "twilight"

    code, out = brink(runner, "play", "--load", str(first), input=f"save {again}\nquit\n")
    assert code == 0
    assert f"Resumed {first}: 2 actions replayed" in out
    assert "USSR: place 4 more influence in Eastern Europe" in out
    resumed = savefile.load(again)
    assert resumed.actions == saved.actions
    assert savefile.replay(resumed).to_json() == savefile.replay(saved).to_json()


def test_play_options_and_seats(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = brink(runner, "play", "--seed", "9", "--ussr", "random", "--us", "human",
                      "--no-optional-cards", input=f"save {path}\nquit\n")
    assert code == 0
    saved = savefile.load(path)
    assert saved.seats == {"USSR": "random", "US": "human"}
    assert saved.options["optional_cards"] is False
    assert all(a.startswith("place ") for a in saved.actions) and len(saved.actions) == 6  # USSR bot set-up
    assert "US: place 7 more influence in Western Europe" in out
    assert "US hand" in out and "USSR hand" not in out


def test_play_bots_only_runs_to_the_end(runner: CliRunner) -> None:
    code, out = brink(runner, "play", "--seed", "8", "--ussr", "random", "--us", "random")
    assert code == 0
    state, _ = play_game("twilight", 8, {}, {"USSR": "random", "US": "random"})
    assert state.log[-1] in out
    assert render.result(state.view(None)).plain in out


def test_play_refuses_bad_arguments(runner: CliRunner, tmp_path: Path) -> None:
    code, out = brink(runner, "play", "chess")
    assert code == 2 and "unknown game 'chess'" in out
    code, out = brink(runner, "play", "--us", "alien")
    assert code == 2 and "neither 'human' nor a bot" in out
    code, out = brink(runner, "play", "--load", str(tmp_path / "missing.json"))
    assert code == 1 and "Cannot resume" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "brinkmanship-game", "version": 1, "game": "twilight", "seed": 1,
                               "options": {}, "seats": {}, "actions": ["place Poland", "coup Narnia"]}))
    code, out = brink(runner, "play", "--load", str(bad))
    assert code == 1 and "action 2 ('coup Narnia')" in out
    code, out = brink(runner, "play", "--load", str(bad), "--seed", "4")
    assert code == 2


def test_simulate_prints_a_summary_that_matches_the_games(runner: CliRunner, tmp_path: Path) -> None:
    code, out = brink(runner, "simulate", "twilight", "-n", "5", "--seed", "40", "--save-dir", str(tmp_path))
    assert code == 0
    games = [play_game("twilight", s, {}, {"USSR": "random", "US": "random"})[1] for s in range(40, 45)]
    assert "5 games of twilight, seeds 40..44" in out
    for side in ("USSR", "US"):
        k = sum(g.winner == side for g in games)
        assert f"{side} {k} ({100 * k / 5:.1f}%)" in out
    draws = sum(g.winner is None for g in games)
    assert f"draw {draws} ({100 * draws / 5:.1f}%)" in out
    for reason in {g.result for g in games}:
        assert f"{reason} {sum(g.result == reason for g in games)} (" in out
    assert f"{sum(g.turns for g in games) / 5:.2f} turns" in out
    assert "games/s" in out and "decisions/s" in out
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"twilight-seed{s}.json" for s in range(40, 45)]
    # Lengths, counted independently from the saved action lists.
    saved = [savefile.load(f) for f in files]
    decisions = sum(len(g.actions) for g in saved) / 5
    rolls = sum(a.startswith("roll ") for g in saved for a in g.actions) / 5
    assert f"{decisions:.1f} decisions (of which {rolls:.1f} die rolls)" in out
    for g, expected in zip(saved, games, strict=True):
        replayed = savefile.replay(g)
        assert replayed.is_terminal and replayed.winner == expected.winner and replayed.result == expected.result


def test_replay_to_end_prints_the_final_board_and_log(runner: CliRunner, tmp_path: Path) -> None:
    state, result = play_game("twilight", 12, {}, {"USSR": "random", "US": "random"}, keep_actions=True)
    assert result.actions is not None
    path = tmp_path / "g.json"
    savefile.save(path, savefile.SavedGame("twilight", 12, {}, {"USSR": "random", "US": "random"},
                                           result.actions))
    code, out = brink(runner, "replay", str(path), "--to-end")
    assert code == 0
    n = len(result.actions)
    assert f"Action {n} of {n}:" in out
    assert state.log[0] in out and state.log[-1] in out
    assert "Dominican Republic" in out  # the full final map
    assert render.result(state.view(None)).plain in out
    assert "USSR hand" not in out  # a spectator sees no hand ...
    code, out = brink(runner, "replay", str(path), "--to-end", "--side", "us")
    assert code == 0
    assert "US hand" in out or "US holds no cards" in out  # ... unless asked


def test_replay_steps_forward_back_and_jumps(runner: CliRunner, tmp_path: Path) -> None:
    _state, result = play_game("twilight", 12, {}, {"USSR": "random", "US": "random"}, keep_actions=True)
    assert result.actions is not None
    path = tmp_path / "g.json"
    savefile.save(path, savefile.SavedGame("twilight", 12, {}, {"USSR": "random", "US": "random"},
                                           result.actions))
    code, out = brink(runner, "replay", str(path), input="\n\nb\ng 20\nwhat\nq\n")
    assert code == 0
    headings = re.findall(r"Action (\d+) of \d+: (\S+): (.+?) ─", out)
    assert [int(h[0]) for h in headings] == [1, 2, 1, 20]
    assert headings[0][1:] == ("USSR", result.actions[0])
    assert headings[3][2] == result.actions[19]
    assert "Unknown key \"what\"" in out


def test_cards_lists_all_110(runner: CliRunner) -> None:
    code, out = brink(runner, "cards", "twilight")
    assert code == 0
    rows = re.findall(r"^\s*(\d+)\s+(\S.*?)\s{2,}(-|\d)\s+(USSR|US|Neutral)\s+(Early|Mid|Late)", out, re.M)
    assert [int(r[0]) for r in rows] == list(range(1, 111))
    assert [r[1] for r in rows] == list(CARD_NAME[1:])
    assert rows[5][1:] == ("The China Card", "4", "Neutral", "Early")
    assert rows[0][2] == "-"  # Asia Scoring has no ops


def test_simulate_with_and_without_events(runner: CliRunner) -> None:
    code, out = brink(runner, "simulate", "twilight", "-n", "3", "--no-events")
    assert code == 0 and "events=false" in out
    code, out = brink(runner, "simulate", "twilight", "-n", "3")
    assert code == 0 and "events=true" in out


def test_status_shows_cards_seen_in_the_opponents_hand() -> None:
    from rich.console import Console

    import brinkmanship as bm
    from brinkmanship.cli import render

    s = bm.from_position("twilight", {"phasing": "US",
                                      "hands": {"USSR": ["Fidel"], "US": ["CIA Created", "NATO"]}})
    s.apply("event CIA Created")
    console = Console(width=120, record=True)
    console.print(render.status(s.view("US")))
    text = console.export_text()
    assert "Seen in USSR hand" in text and "Fidel" in text
    console = Console(width=120, record=True)
    console.print(render.status(s.view("USSR")))
    assert "Seen in" not in console.export_text()
