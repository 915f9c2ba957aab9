"""The ISMCTS bot's native mode (``ismcts:backend=native``): the search runs
in the compiled core. Legal choices, reproducibility with an iteration
budget and a seed, and a strength sanity check against random play.

Skipped, with the reason, when the extension is not built or lacks the
game or the search.
"""

from __future__ import annotations

import random

import pytest

import brinkmanship as bm
from brinkmanship import native
from brinkmanship.bots import make_bot
from brinkmanship.bots.base import decide
from brinkmanship.bots.ismcts import IsmctsBot
from tests.bots.test_ismcts import _midgame as midgame

OPTIONS: dict[str, dict[str, object]] = {"thirteen": {}, "twilight": {}}


def _need(game: str) -> None:
    if not native.available(game):
        pytest.skip(f"the native backend has no {game} here: {bm.backends()['native_missing']}")
    mod, _ = native._module()
    if not hasattr(mod, "ismcts_search"):
        pytest.skip("the installed brinkmanship_native has no ismcts_search (rebuild it)")


def _midgame(game: str, seed: int, plies: int, backend: str = "python") -> bm.State:
    return midgame(game, seed, plies, OPTIONS[game], backend)


def test_the_spec_names_the_backend_and_refuses_bad_ones() -> None:
    bot = make_bot("ismcts:iters=50,backend=native", seed=1)
    assert isinstance(bot, IsmctsBot) and bot.backend == "native"
    assert bot.name == "ismcts:iters=50,backend=native"
    assert make_bot("ismcts:iters=50").backend == "python"
    with pytest.raises(ValueError, match="backend must be one of python, native, not 'rust'"):
        make_bot("ismcts:backend=rust")
    with pytest.raises(ValueError, match="workers=1"):
        make_bot("ismcts:backend=native,workers=2")
    with pytest.raises(ValueError, match="backend"):
        make_bot("ismcts:speed=3")  # the error lists the parameters, backend among them


@pytest.mark.parametrize("game", ["thirteen", "twilight"])
@pytest.mark.parametrize("backend", ["python", "native"])
def test_native_search_chooses_legal_actions(game: str, backend: str) -> None:
    _need(game)
    for seed in range(3):
        state = _midgame(game, seed, 10 + 7 * seed, backend)
        side = state.current_player
        bot = IsmctsBot(seed=seed, iters=150, backend="native")
        action = decide(bot, state, side)
        assert action in state.legal_actions()
        assert bot.last_iterations == 150


@pytest.mark.parametrize("game", ["thirteen", "twilight"])
def test_native_search_is_reproducible_with_iters_and_a_seed(game: str) -> None:
    _need(game)
    state = _midgame(game, 5, 20)
    side = state.current_player
    choices = set()
    for _ in range(2):
        bot = IsmctsBot(seed=11, iters=300, backend="native")
        choices.add(decide(bot, state, side).id)
    assert len(choices) == 1
    # The search never changes the real state.
    before = state.to_json()
    decide(IsmctsBot(seed=11, iters=50, backend="native"), state, side)
    assert state.to_json() == before


def test_native_search_sees_only_the_information_set() -> None:
    """Two states that look the same to the searching side (the hidden cards
    dealt differently) get the same root statistics."""
    _need("thirteen")
    from brinkmanship.bots.base import Sampler

    state = _midgame("thirteen", 8, 14)
    side = state.current_player
    other = state.resample(side, random.Random(99))
    assert other.view(side) == state.view(side)
    a = Sampler(state, side).native_search(c=0.7, until="stage", iters=200, seconds=None, seed=3)
    b = Sampler(other, side).native_search(c=0.7, until="stage", iters=200, seconds=None, seed=3)
    assert a == b


def test_the_spec_takes_the_native_knobs() -> None:
    bot = make_bot("ismcts:iters=50,backend=native,sharpness=1.5,greedy=0.25", seed=1)
    assert isinstance(bot, IsmctsBot)
    assert bot.params["prior_sharpness"] == 1.5 and bot.greedy == 0.25
    assert bot.name == "ismcts:iters=50,sharpness=1.5,greedy=0.25,backend=native"
    with pytest.raises(ValueError, match="greedy must be a share from 0 to 1"):
        make_bot("ismcts:backend=native,greedy=2")
    with pytest.raises(ValueError, match="sharpness must be 0 or more"):
        make_bot("ismcts:backend=native,sharpness=-1")


@pytest.mark.parametrize("game", ["thirteen", "twilight"])
def test_native_knobs_keep_choices_legal_and_reproducible(game: str) -> None:
    """Uniform priors, lookahead rollouts, no heuristic root: still legal
    choices, the same with the same seed."""
    _need(game)
    state = _midgame(game, 3, 16)
    side = state.current_player
    picks = set()
    for _ in range(2):
        bot = IsmctsBot(seed=4, iters=120, backend="native", prior_sharpness=0.0, greedy=0.5, root_priors=False)
        picks.add(decide(bot, state, side).id)
    assert len(picks) == 1
    assert picks.pop() in {a.id for a in state.legal_actions()}


def test_native_search_refuses_bad_knobs() -> None:
    _need("thirteen")
    from brinkmanship.bots.base import Sampler

    state = _midgame("thirteen", 2, 10)
    sampler = Sampler(state, state.current_player)
    with pytest.raises(ValueError, match="greedy"):
        sampler.native_search(c=0.7, until=4, iters=10, seconds=None, seed=1, greedy=1.5)
    with pytest.raises(ValueError, match="sharpness"):
        sampler.native_search(c=0.7, until=4, iters=10, seconds=None, seed=1, sharpness=-2.0)
    with pytest.raises(ValueError, match="root_priors"):
        sampler.native_search(c=0.7, until=4, iters=10, seconds=None, seed=1, root_priors=[(1, -1.0)])


@pytest.mark.parametrize(("game", "games", "iters"), [("thirteen", 4, 300), ("twilight", 2, 40)])
def test_native_search_beats_random(game: str, games: int, iters: int) -> None:
    _need(game)
    wins = 0
    for seed in range(games):
        state = bm.new_game(game, seed=100 + seed, options=OPTIONS[game])
        searcher = state.game.players[seed % 2]
        bot = IsmctsBot(seed=seed, iters=iters, backend="native")
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            if player == searcher:
                state.apply(decide(bot, state, player))
            else:
                state.apply_random(rng)
        wins += state.winner == searcher
    assert wins >= games - 1, f"native ISMCTS won {wins} of {games} {game} games against random play"
