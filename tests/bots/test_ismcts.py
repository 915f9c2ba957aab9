"""The ISMCTS bot: budgets, reproducibility, hidden information, tactics.

Strength against the heuristic bot is measured in
``benchmarks/bench_bots.py`` (figures, not tests); here each property is
checked on a position, with a small iteration budget.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import brinkmanship as bm
from brinkmanship.bots import make_bot
from brinkmanship.bots.base import Sampler, decide
from brinkmanship.bots.ismcts import IsmctsBot, Search
from brinkmanship.core.game import get_game


def _midgame(game: str, seed: int, plies: int, options: dict[str, Any] | None = None,
             backend: str = "python") -> bm.State:
    """A position ``plies`` random actions in, at a decision with 3+ choices."""
    state = bm.new_game(game, seed=seed, options=options, backend=backend)
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply_random(rng)
    while state.is_chance or len(state.legal_actions()) < 3:
        state.apply_random(rng)
    return state


def test_specs_build_budgeted_bots_and_refuse_bad_parameters() -> None:
    bot = make_bot("ismcts:0.25", seed=1)
    assert isinstance(bot, IsmctsBot) and bot.seconds == 0.25 and bot.iters is None
    assert bot.name == "ismcts:time=0.25"
    bot = make_bot("ismcts:iters=300,workers=2", seed=1)
    assert isinstance(bot, IsmctsBot) and bot.iters == 300 and bot.workers == 2
    assert make_bot("ismcts").name == "ismcts:time=1"
    assert make_bot("ismcts:iters=9,c=1.5,depth=3").name == "ismcts:iters=9,c=1.5,depth=3"
    assert make_bot("ismcts:iters=9,horizon=depth").name == "ismcts:iters=9,horizon=depth"
    for spec, message in [
        ("ismcts:fast", "ismcts strength must be a number, not 'fast'"),
        ("ismcts:iters=many", "ismcts iters must be a whole number"),
        ("ismcts:iters=0", "iters must be at least 1"),
        ("ismcts:time=-1", "more than 0 seconds"),
        ("ismcts:time=1,iters=5", "either a time or an iteration budget"),
        ("ismcts:workers=0", "workers must be at least 1"),
        ("ismcts:depth=-2", "depth must be 0 or more"),
        ("ismcts:horizon=turn", "horizon must be one of stage, depth, not 'turn'"),
        ("ismcts:speed=3", "unknown ismcts parameter(s) speed"),
        ("ismcts:iters", "ismcts strength must be a number, not 'iters'"),
        ("ismcts:iters=5,iters=6", "given twice"),
        ("ismcts:=5", "expected KEY=VALUE"),
    ]:
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            make_bot(spec)


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_a_single_choice_is_returned_without_search(game: str) -> None:
    state = _midgame(game, 4, 12)
    side = state.current_player
    assert side is not None
    bot = IsmctsBot(seed=1, iters=10_000)
    only = state.legal_actions()[:1]
    assert bot.choose_with(state.view(side), only, Sampler(state, side)) == only[0]
    assert bot.last_iterations == 0 and bot.searched == 0 and bot.total_seconds == 0


def test_forced_decisions_in_a_game_cost_no_search() -> None:
    """Twilight Struggle has real one-action decisions (13 Days never offers
    a single action: ``done`` or ``pass`` always stands beside it)."""
    state = bm.new_game("twilight", seed=3)
    rng = random.Random(3)
    bot = IsmctsBot(seed=1, iters=10_000)
    forced = 0
    while forced < 3 and not state.is_terminal:
        if state.is_chance or len(state.legal_actions()) != 1:
            state.apply_random(rng)
            continue
        side = state.current_player
        assert side is not None
        assert decide(bot, state, side) == state.legal_actions()[0]
        assert bot.last_iterations == 0 and bot.searched == 0
        state.apply_random(rng)
        forced += 1
    assert forced == 3


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_an_iteration_budget_is_reproducible_from_the_seed(game: str) -> None:
    state = _midgame(game, 5, 40)
    side = state.current_player
    assert side is not None

    def pick(seed: int) -> tuple[str, int]:
        bot = IsmctsBot(seed=seed, iters=60)
        action = decide(bot, state, side)
        return action.text, bot.last_iterations

    first = pick(7)
    assert first == pick(7)
    assert first[1] == 60
    assert state.legal_actions() and first[0] in {a.text for a in state.legal_actions()}


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_the_choice_does_not_depend_on_the_hidden_cards(game: str) -> None:
    """Redeal what the bot cannot see: same view, so the same search and move."""
    for seed in (11, 12):
        state = _midgame(game, seed, 30 + seed)
        side = state.current_player
        assert side is not None
        twin = state.resample(side, random.Random(seed))
        assert twin.view(side) == state.view(side)
        bots = [IsmctsBot(seed=1, iters=40), IsmctsBot(seed=1, iters=40)]
        a = bots[0].choose_with(state.view(side), state.legal_actions(), Sampler(state, side))
        b = bots[1].choose_with(twin.view(side), twin.legal_actions(), Sampler(twin, side))
        assert a == b


def test_without_a_sampler_the_bot_asks_to_be_called_through_decide() -> None:
    state = _midgame("thirteen", 2, 10)
    side = state.current_player
    assert side is not None
    with pytest.raises(TypeError, match="decide"):
        IsmctsBot(iters=5).choose(state.view(side), state.legal_actions())


def test_a_time_budget_searches_for_about_that_long_and_counts_iterations() -> None:
    state = _midgame("thirteen", 8, 20)
    side = state.current_player
    assert side is not None
    bot = IsmctsBot(seed=1, seconds=0.05)
    decide(bot, state, side)
    assert bot.searched == 1 and bot.last_iterations >= 1
    assert 0.04 <= bot.total_seconds < 1.0
    assert bot.iterations_per_second > 0


def test_two_workers_search_in_parallel_and_add_their_iterations() -> None:
    state = _midgame("thirteen", 9, 25)
    side = state.current_player
    assert side is not None
    bot = IsmctsBot(seed=4, iters=40, workers=2)
    try:
        first = decide(bot, state, side)
        assert bot.last_iterations == 40
        again = IsmctsBot(seed=4, iters=40, workers=2)
        try:
            assert decide(again, state, side) == first
        finally:
            again.close()
    finally:
        bot.close()


def test_search_avoids_a_suicidal_coup_even_without_the_heuristic_prior() -> None:
    """DEFCON 2, USSR phasing: a coup in Angola (a battleground) ends the game
    at DEFCON 1 with a USSR loss. With a uniform prior the search must still
    learn to avoid it from its simulations."""
    state = bm.from_position("twilight", {
        "turn": 4, "action_round": 3, "phasing": "USSR", "defcon": 2,
        "influence": {"USSR": {"East Germany": 4, "Syria": 2}, "US": {"Angola": 1, "Sudan": 1, "Canada": 2}},
        "hands": {"USSR": ["Decolonization", "Nasser", "Fidel"], "US": ["NATO", "Marshall Plan", "Truman Doctrine"]},
        "options": {"events": False},
    })
    state.apply("ops Decolonization")
    assert any(a.text == "coup Angola" for a in state.legal_actions())
    game = get_game("twilight")
    search = Search(game, "USSR", random.Random(1), prior_sharpness=0.0, depth=4)
    sampler = Sampler(state, "USSR")
    for _ in range(400):
        search.iterate(sampler)
    stats = search.root_stats()
    coup = state.parse("coup Angola").id
    n, w = stats[coup]
    assert n > 0 and w / n == 0.0  # every simulation of it is a loss
    best = max(stats, key=lambda aid: stats[aid][0])
    assert best != coup


@pytest.mark.parametrize(("horizon", "depth", "later"), [("stage", 500, 1), ("depth", 0, 0)])
def test_rollouts_end_with_the_round_when_the_horizon_is_the_stage(horizon: str, depth: int, later: int) -> None:
    """13 Days, early in round 1: with the round as horizon every rollout
    plays on to the start of round 2 (however long ``depth`` allows) and is
    evaluated there; with a depth of 0 and no round horizon, at once."""
    state = bm.new_game("thirteen", seed=3)
    rng = random.Random(3)
    while state.is_chance or len(state.legal_actions()) < 2:
        state.apply_random(rng)
    side = state.current_player
    assert side is not None and state.view(side)["round"] == 1
    game = get_game("thirteen")
    search = Search(game, side, random.Random(1), depth=depth, horizon=horizon)
    rounds: list[int] = []
    evaluate = search.evaluate

    def recording(view: dict[str, object], who: str) -> float:
        rounds.append(int(view["round"]))  # type: ignore[call-overload]
        return evaluate(view, who)

    search.evaluate = recording
    sampler = Sampler(state, side)
    for _ in range(4):
        search.iterate(sampler)
    assert len(rounds) == 4 and set(rounds) == {1 + later}


def test_an_unknown_horizon_is_refused_by_the_search() -> None:
    with pytest.raises(ValueError, match="horizon must be one of stage, depth"):
        Search(get_game("thirteen"), "US", random.Random(1), horizon="round")
