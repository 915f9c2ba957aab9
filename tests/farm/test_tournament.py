"""Round robins: the schedule, the tables and the saved results.

The win-rate intervals and ratings are checked against values worked out by
hand (the formulas are in the comments), on made-up records, so that they
do not depend on how strong any bot is.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

import brinkmanship as bm
from brinkmanship.cli import savefile
from brinkmanship.cli.tournament import save_results
from brinkmanship.farm import GameRecord
from brinkmanship.farm.ratings import Game, bradley_terry, openskill_table, wilson
from brinkmanship.farm.tournament import check_bots, pair_stats, pairings, play_tournament, schedule, standings


def record(index: int, ussr: str, us: str, winner: str | None, result: str = "vp") -> GameRecord:
    return GameRecord(index, 100 + index // 2, {"USSR": ussr, "US": us}, winner, result, 10, 0, 3)


# -- the schedule --------------------------------------------------------------------------------------------

def test_every_pair_plays_n_games_with_sides_alternated_on_the_same_deals() -> None:
    deals = schedule(["random", "heuristic", "ismcts:iters=10"], 4, seed=30)
    assert pairings(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert [d.index for d in deals] == list(range(12))
    assert [(d.seed, d.seats["USSR"], d.seats["US"]) for d in deals[:4]] == [
        (30, "random", "heuristic"), (30, "heuristic", "random"),  # one deal, sides swapped
        (31, "random", "heuristic"), (31, "heuristic", "random")]
    # Every pairing plays the same deals.
    assert [d.seed for d in deals] == [30, 30, 31, 31] * 3
    ussr = Counter(d.seats["USSR"] for d in deals)
    assert ussr == {"random": 4, "heuristic": 4, "ismcts:iters=10": 4}  # half of each bot's 8 games


def test_an_odd_number_of_games_gives_the_first_bot_the_extra_ussr_game() -> None:
    deals = schedule(["random", "heuristic"], 3, seed=0)
    assert [(d.seed, d.seats["USSR"]) for d in deals] == [(0, "random"), (0, "heuristic"), (1, "random")]


def test_bad_bot_lists_and_game_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="at least two bots"):
        check_bots(["random"])
    with pytest.raises(ValueError, match="unknown bot 'alien'; bots are: heuristic, ismcts, random"):
        check_bots(["random", "alien"])
    with pytest.raises(ValueError, match="bot 'random' takes no parameters"):
        check_bots(["heuristic", "random:3"])
    with pytest.raises(ValueError, match=r"bot 'RANDOM' is listed twice \(as 'random'\)"):
        check_bots(["random", "heuristic", "RANDOM"])
    assert check_bots([" random", "heuristic:noise=0.2 ", "heuristic"]) == ["random", "heuristic:noise=0.2",
                                                                          "heuristic"]
    with pytest.raises(ValueError, match="games per pairing must be at least 1, not 0"):
        schedule(["random", "heuristic"], 0, seed=0)


# -- the tables ------------------------------------------------------------------------------------------------

def test_wilson_interval_of_seven_wins_in_ten() -> None:
    # p = 0.7, n = 10, z = 1.96: centre (p + z²/2n) / (1 + z²/n) = 0.6445,
    # half-width z sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n) = 0.2477.
    lo, hi = wilson(7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-4) and hi == pytest.approx(0.8922, abs=1e-4)
    # A perfect record still gets an honest interval: 95% sure of at least 72%.
    assert wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_pairing_table_counts_each_bot_by_side() -> None:
    bots = ["random", "heuristic"]
    records = [record(0, "random", "heuristic", "US"), record(1, "heuristic", "random", "USSR"),
               record(2, "random", "heuristic", None, "nuclear_war"), record(3, "heuristic", "random", "US"),
               record(4, "random", "heuristic", "US")]
    [p] = pair_stats(bots, records)
    assert (p.a, p.b) == ("random", "heuristic")
    assert (p.score.wins, p.score.draws, p.score.losses) == (1, 1, 3)
    assert str(p.by_side["USSR"]) == "0-1-2"  # games 0, 2, 4 with random as the USSR
    assert str(p.by_side["US"]) == "1-0-1"  # games 1 and 3
    assert p.interval == wilson(1, 5)
    s = standings(bots, records)
    assert str(s.overall["heuristic"]) == "3-1-1" and str(s.overall["random"]) == "1-1-3"
    assert s.results == {"vp": 4, "nuclear_war": 1}
    assert s.side_wins == {"US": 3, "USSR": 1, "draw": 1}
    assert [row.name for row in s.skills] == ["heuristic", "random"]


def test_openskill_after_one_win_matches_the_plackett_luce_update() -> None:
    # Defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 added to sigma first.
    # sigma² = (25/3)² + (25/300)² = 69.4514; c² = 2 (sigma² + beta²) = 173.625;
    # both win with p = 1/2, so the winner's mu moves by sigma²/c * 1/2 = 2.6354;
    # sigma² shrinks by delta = (sigma/c) * (sigma²/c²) * p(1 - p) = 0.063246.
    [first, second] = openskill_table(["a", "b"], [Game("a", "b", "b")])
    sigma2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * (sigma2 + (25 / 6) ** 2))
    assert first.name == "b" and first.mu == pytest.approx(25 + sigma2 / c / 2, rel=1e-9)
    assert second.mu == pytest.approx(25 - sigma2 / c / 2, rel=1e-9)
    delta = math.sqrt(sigma2) / c * sigma2 / c ** 2 / 4
    assert first.sigma == pytest.approx(math.sqrt(sigma2 * (1 - delta)), rel=1e-9)
    assert first.ordinal == pytest.approx(first.mu - 3 * first.sigma) and first.games == 1
    # A draw moves nobody's mu; it only shrinks both sigmas.
    [x, y] = openskill_table(["a", "b"], [Game("a", "b", None)])
    assert x.mu == pytest.approx(25) and y.mu == pytest.approx(25) and x.sigma < 25 / 3


def test_bradley_terry_of_three_wins_in_four_with_a_virtual_draw() -> None:
    # 3 wins + half the virtual draw = 3.5 of 5: odds 3.5/1.5, so the gap is
    # 400 log10(7/3) = 147.2 Elo, split around a mean of 0.
    games = [Game("a", "b", "a")] * 3 + [Game("a", "b", "b")]
    elo = bradley_terry(["a", "b"], games)
    gap = 400 * math.log10(3.5 / 1.5)
    assert elo["a"] == pytest.approx(gap / 2, abs=1e-6) and elo["b"] == pytest.approx(-gap / 2, abs=1e-6)
    # A perfect record stays finite; nobody who never played moves.
    elo = bradley_terry(["a", "b", "c"], [Game("a", "b", "a")] * 5 + [Game("b", "c", None)])
    assert elo["a"] > elo["b"] and all(math.isfinite(v) for v in elo.values())


# -- a whole tournament -----------------------------------------------------------------------------------------

def test_a_tournament_is_reproducible_and_every_saved_game_replays_to_its_result(tmp_path: Path) -> None:
    bots = ["random", "heuristic", "heuristic:noise=1"]
    t = play_tournament("thirteen", {}, bots, 2, seed=3, workers=2)
    assert [r.index for r in t.records] == list(range(6))
    again = play_tournament("thirteen", {}, bots, 2, seed=3, workers=1)
    assert again.records == t.records and again.standings == t.standings
    path = tmp_path / "t.jsonl"
    save_results(t, path)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 6 + 1  # header, games, summary
    file = savefile.load_tournament(path)
    assert file.header["bots"] == bots and file.header["games_per_pairing"] == 2 and file.header["seed"] == 3
    assert file.summary is not None and [p["bot"] for p in file.summary["pairings"]] == ["random", "random",
                                                                                         "heuristic"]
    for r in t.records:
        saved = savefile.load_game(path, r.index)
        assert (saved.seed, saved.seats, saved.actions) == (r.seed, r.seats, r.actions)
        state = bm.new_game(saved.game, seed=saved.seed, options=saved.options)
        state.apply_many(saved.actions)
        assert state.is_terminal and (state.winner, state.result) == (r.winner, r.result)
    with pytest.raises(savefile.SaveFileError, match=r"there is no game 6 in this tournament file \(games: 0..5\)"):
        savefile.load_game(path, 6)
    with pytest.raises(savefile.SaveFileError, match="tournament file with 6 games: choose one with --game K"):
        savefile.load_game(path)
