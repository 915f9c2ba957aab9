"""Determinizations carry nothing of the real hidden cards.

A search bot sees the game only through ``Sampler.sample``, i.e.
``State.resample(side, rng)``. These tests check the property that makes
that safe: the redeal is a function of ``side``'s view and the generator
alone. Two states that look the same to ``side`` (the real one, and a
redeal of it) give identical determinizations for the same generator, so
no search can tell which of them is the real game.
"""

from __future__ import annotations

import random

import pytest

import brinkmanship as bm
from brinkmanship.bots.base import Sampler, decide

GAMES = ["twilight", "thirteen"]


def _positions(game: str, seed: int, every: int) -> list[bm.State]:
    state = bm.new_game(game, seed=seed)
    rng = random.Random(seed)
    out = []
    ply = 0
    while not state.is_terminal:
        if ply % every == 0 and not state.is_chance:
            out.append(state.clone())
        state.apply_random(rng)
        ply += 1
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_determinization_depends_only_on_the_view(game: str) -> None:
    checked = 0
    for seed in (1, 2, 3):
        for state in _positions(game, seed, every=17):
            for side in state.game.players:
                twin = state.resample(side, random.Random(seed * 1000 + checked))
                assert twin.view(side) == state.view(side)
                a = state.resample(side, random.Random(99))
                b = twin.resample(side, random.Random(99))
                assert a.data == b.data, f"{game} seed {seed} ply {state.data['ply']} side {side}"
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", GAMES)
def test_a_determinization_does_not_carry_the_seed(game: str) -> None:
    state = bm.new_game(game, seed=12345)
    side = state.current_player
    assert side in state.game.players
    sample = Sampler(state, side).sample(random.Random(1))
    assert sample.data["seed"] is None
    assert sample.view(side) == state.view(side)


@pytest.mark.parametrize("game", GAMES)
def test_decide_gives_plain_bots_a_view_and_search_bots_a_sampler(game: str) -> None:
    state = bm.new_game(game, seed=4)
    side = state.current_player
    assert side is not None
    seen: dict[str, object] = {}

    class Plain:
        name = "plain"

        def choose(self, view: dict[str, object], legal: list[bm.Action]) -> bm.Action:
            seen["view"] = view
            return legal[0]

        def reseed(self, seed: int) -> None:
            pass

    class Searching(Plain):
        def choose_with(self, view: dict[str, object], legal: list[bm.Action], sampler: Sampler) -> bm.Action:
            seen["sampler"] = sampler
            return legal[-1]

    assert decide(Plain(), state, side) == state.legal_actions()[0]
    assert seen["view"] == state.view(side)
    assert decide(Searching(), state, side) == state.legal_actions()[-1]
    sampler = seen["sampler"]
    assert isinstance(sampler, Sampler) and sampler.side == side
