"""The farm: game tasks, backends and batches give the same games.

A game's course depends only on its deal (game, options, seed, seats), so
the records of a run must not change with the number of workers, the batch
size or the backend. The Ray backend has its own file (test_ray.py).
"""

from __future__ import annotations

import random
import sys

import pytest

import brinkmanship as bm
from brinkmanship.bots import RandomBot, decide, derive_seed, make_bot
from brinkmanship.farm import (
    Deal,
    FarmError,
    GameRecord,
    LocalFarm,
    Task,
    auto_batch_size,
    open_farm,
    play_game,
    run_games,
    run_task,
    wants_ray,
)

# Fast bots with different code paths: the lean random loop, and decide() for
# the heuristic. (An iteration-budgeted ismcts is added in test_search_bots_*.)
MIXED = [{"USSR": "random", "US": "heuristic"}, {"USSR": "heuristic", "US": "random"},
         {"USSR": "heuristic", "US": "heuristic:noise=0.5"}, {"USSR": "random", "US": "random"}]


def mixed_deals(n: int, seed: int = 50) -> list[Deal]:
    return [Deal(k, seed + k, MIXED[k % len(MIXED)]) for k in range(n)]


def test_random_games_take_the_lean_path_and_are_the_games_decide_would_play() -> None:
    """Two RandomBots asked through decide() play the very game of the lean loop."""
    seats = {"USSR": "random", "US": "random"}
    for game in ("twilight", "thirteen"):
        final, record = play_game(game, 11, {}, seats, keep_actions=True)
        state = bm.new_game(game, seed=11)
        bots = {side: make_bot("random", derive_seed(11, side)) for side in ("USSR", "US")}
        assert all(isinstance(b, RandomBot) for b in bots.values())
        chance = random.Random(0)
        actions = []
        while not state.is_terminal:
            player = state.current_player
            action = state.apply_random(chance) if player == bm.CHANCE else decide(bots[player], state, player)
            if player != bm.CHANCE:
                state.apply(action)
            actions.append(action.text)
        assert actions == record.actions
        assert state.to_json() == final.to_json()
        assert (record.winner, record.result, record.decisions) == (state.winner, state.result, len(actions))
        assert record.rolls == sum(a.startswith("roll ") for a in actions)


def test_a_record_replays_from_its_seed_to_its_result() -> None:
    _state, record = play_game("thirteen", 5, {"agenda_bonus": False}, {"USSR": "heuristic", "US": "random"},
                               keep_actions=True, index=9)
    assert record.index == 9 and record.seed == 5 and record.seats == {"USSR": "heuristic", "US": "random"}
    assert record.actions is not None and record.turns in (1, 2, 3) and record.seconds > 0
    replayed = bm.new_game("thirteen", seed=5, options={"agenda_bonus": False})
    replayed.apply_many(record.actions)
    assert replayed.is_terminal
    assert (replayed.winner, replayed.result) == (record.winner, record.result)


def test_records_compare_without_their_wall_time() -> None:
    a = GameRecord(0, 1, {"USSR": "random", "US": "random"}, "US", "vp", 10, 2, 3, None, seconds=0.5)
    b = GameRecord(0, 1, {"USSR": "random", "US": "random"}, "US", "vp", 10, 2, 3, None, seconds=9.0)
    assert a == b
    assert a != GameRecord(0, 1, {"USSR": "random", "US": "random"}, "USSR", "vp", 10, 2, 3, None)


def test_same_deals_same_records_on_one_worker_two_workers_and_any_batch_size() -> None:
    deals = mixed_deals(12)
    one = run_games("thirteen", {}, deals, workers=1).records
    assert [r.index for r in one] == list(range(12))
    assert [r.seats for r in one] == [d.seats for d in deals]
    with LocalFarm(2) as farm:
        for size in (1, 5, 12):
            run = run_games("thirteen", {}, deals, farm, batch_size=size)
            assert run.records == one, size
            assert run.batch_size == size and run.backend == "2 local processes"
    # The same deals in another order and batch are still the same games.
    shuffled = deals[::-1]
    again = run_games("thirteen", {}, shuffled, workers=2, batch_size=4).records
    assert again == one  # sorted back into index order


def test_twilight_games_too_across_workers() -> None:
    deals = [Deal(k, 200 + k, {"USSR": "random", "US": "random"}) for k in range(6)]
    one = run_games("twilight", {"events": False}, deals, workers=1, keep_actions=False).records
    two = run_games("twilight", {"events": False}, deals, workers=2, batch_size=2, keep_actions=False).records
    assert one == two
    assert all(r.actions is None for r in one)
    assert {r.result for r in one} <= {"vp", "defcon", "europe", "final_scoring", "scoring_card_held", "wargames"}


def test_search_bots_with_an_iteration_budget_give_the_same_games_on_any_worker() -> None:
    # A tiny budget (3 iterations, rollouts of 2 decisions) keeps this quick; strength does not matter here.
    seats = {"USSR": "ismcts:iters=3,depth=2", "US": "heuristic"}
    deals = [Deal(0, 7, seats), Deal(1, 7, {"USSR": "heuristic", "US": "ismcts:iters=3,depth=2"})]
    one = run_games("thirteen", {}, deals, workers=1).records
    two = run_games("thirteen", {}, deals, workers=2, batch_size=1).records
    assert one == two
    assert all(r.actions for r in one)
    # Each record carries the search effort of the ismcts seat only:
    # exactly 3 iterations per decision it searched.
    for r, side in zip(one, ("USSR", "US"), strict=True):
        assert set(r.search) == {side}
        searched, iterations, seconds = r.search[side]
        assert searched > 10 and iterations == 3 * searched and seconds > 0
    assert [r.search for r in one] != [] and [
        {k: v[:2] for k, v in r.search.items()} for r in one] == [{k: v[:2] for k, v in r.search.items()} for r in two]


def test_progress_is_reported_per_game_in_process_and_per_batch_on_a_pool() -> None:
    deals = mixed_deals(6)
    seen: list[int] = []
    run_games("thirteen", {}, deals, workers=1, on_progress=lambda rs: seen.append(len(rs)))
    assert seen == [1] * 6
    seen.clear()
    run_games("thirteen", {}, deals, workers=2, batch_size=4, on_progress=lambda rs: seen.append(len(rs)))
    assert sorted(seen) == [2, 4]


def test_a_failing_game_names_its_index_and_seed_from_a_worker_process() -> None:
    deals = [Deal(0, 1, {"USSR": "random", "US": "random"}), Deal(1, 2, {"USSR": "random", "US": "random:x=1"})]
    with pytest.raises(FarmError, match=r"game 1 \(seed 2, USSR random, US random:x=1\) failed: ValueError: "
                                        r"bot 'random' takes no parameters"):
        run_games("thirteen", {}, deals, workers=2, batch_size=1)
    with pytest.raises(FarmError, match="game 1"):
        run_task(Task("thirteen", {}, deals))


def test_batch_sizes_fit_the_bots() -> None:
    randoms = [Deal(k, k, {"USSR": "random", "US": "random"}) for k in range(10_000)]
    assert auto_batch_size(randoms, 2) == 250  # capped: big enough, small enough for progress
    assert auto_batch_size(randoms[:160], 2) == 10  # eight batches per worker
    assert auto_batch_size(randoms[:3], 2) == 1
    heuristic = [Deal(k, k, {"USSR": "random", "US": "heuristic"}) for k in range(1000)]
    assert auto_batch_size(heuristic, 2) == 8
    search = [Deal(k, k, {"USSR": "ismcts:iters=50", "US": "heuristic"}) for k in range(1000)]
    assert auto_batch_size(search, 2) == 1  # each slow game is its own task


def test_backend_choice_follows_ray_flag_and_ray_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert not wants_ray() and wants_ray(True)
    monkeypatch.setenv("RAY_ADDRESS", "ray://head:10001")
    assert wants_ray()
    monkeypatch.delenv("RAY_ADDRESS")
    farm = open_farm(workers=3)
    assert isinstance(farm, LocalFarm) and farm.slots == 3 and farm.describe() == "3 local processes"
    farm.close()
    with pytest.raises(ValueError, match="workers must be at least 1, not 0"):
        LocalFarm(0)


def test_ray_missing_is_explained_with_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(FarmError, match=r"pip install 'brinkmanship\[ray\]'"):
        open_farm(ray=True)
