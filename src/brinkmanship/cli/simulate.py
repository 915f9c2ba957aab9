"""Random games as fast as the engine goes: ``brink simulate``.

The inner loop is deliberately lean (it doubles as the speed demonstration):
no views, no legal-action copies, just ``State.apply_random`` with each
random bot's own generator. Because :class:`RandomBot` draws exactly as
``apply_random`` does, each simulated game is the very game two RandomBots
would play through ``brink play --ussr random --us random`` with the same
seed. Other bots take the ordinary path: view, legal actions, ``choose``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import brinkmanship as bm
from brinkmanship.bots import Bot, RandomBot, derive_seed, make_bot
from brinkmanship.cli import savefile
from brinkmanship.cli.games import ui_for
from brinkmanship.cli.savefile import SavedGame

DRAW = "draw"


@dataclass
class GameResult:
    """One finished game."""

    seed: int
    winner: str | None
    result: str | None
    decisions: int  # every action applied, die rolls included
    rolls: int
    turns: int  # the game's length in its own unit: turns (Twilight), rounds (13 Days)
    actions: list[str] | None = None


@dataclass
class Summary:
    """Results of a batch of games and how long they took."""

    game: str
    options: dict[str, Any]
    seats: dict[str, str]
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def winners(self) -> Counter[str]:
        """Games won by each side (``"draw"`` for drawn games)."""
        return Counter(g.winner or DRAW for g in self.games)

    @property
    def results(self) -> Counter[str]:
        """Games per end reason (``state.result``)."""
        return Counter(g.result or "unfinished" for g in self.games)

    @property
    def decisions(self) -> int:
        """Actions applied over all games, die rolls included."""
        return sum(g.decisions for g in self.games)


_CHANCE_RNG = random.Random(0)  # never drawn from: chance uses the state's PRNG


def play_game(game: str, seed: int, options: dict[str, Any], seats: dict[str, str],
              keep_actions: bool = False) -> tuple[bm.State, GameResult]:
    """Play one game between bots, seeded by ``seed`` (bots too)."""
    state = bm.new_game(game, seed=seed, options=options)
    bots: dict[str, Bot] = {side: make_bot(seats[side], derive_seed(seed, side))
                            for side in state.game.players}
    rngs: dict[str | None, random.Random] = {bm.CHANCE: _CHANCE_RNG}
    slow: dict[str, Bot] = {}
    for side, bot in bots.items():
        if isinstance(bot, RandomBot):
            rngs[side] = bot.rng
        else:
            slow[side] = bot
    actions: list[str] | None = [] if keep_actions else None
    apply_random = state.apply_random
    decisions = rolls = 0
    while True:
        player = state.current_player
        if player is None:
            break
        if player in slow:
            action = slow[player].choose(state.view(player), state.legal_actions())
            state.apply(action)
        else:
            action = apply_random(rngs[player])
            if player == bm.CHANCE:
                rolls += 1
        decisions += 1
        if actions is not None:
            actions.append(action.text)
    turns = state.view(None)[ui_for(state.game.name).length_key]
    return state, GameResult(seed, state.winner, state.result, decisions, rolls, turns, actions)


def simulate(game: str, n: int, seed: int, options: dict[str, Any], seats: dict[str, str],
             save_dir: Path | None = None,
             on_game: Callable[[GameResult], None] | None = None) -> Summary:
    """Play ``n`` games with seeds ``seed`` .. ``seed + n - 1``.

    With ``save_dir``, each game is written there in the saved-game format
    (``<game>-seed<S>.json``). ``on_game`` is called after every game (the
    CLI advances its progress bar with it).
    """
    probe = bm.new_game(game, seed=seed, options=options)
    summary = Summary(probe.game.name, probe.view(None)["options"], dict(seats))
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    saving_time = 0.0
    for s in range(seed, seed + n):
        _state, res = play_game(game, s, options, seats, keep_actions=save_dir is not None)
        if save_dir is not None and res.actions is not None:
            t = time.perf_counter()
            saved = SavedGame(summary.game, s, summary.options, dict(seats), res.actions)
            savefile.save(save_dir / f"{summary.game}-seed{s}.json", saved)
            saving_time += time.perf_counter() - t
        summary.games.append(res)
        if on_game is not None:
            on_game(res)
    # Speed is the engine's: file writes are not counted.
    summary.seconds = time.perf_counter() - start - saving_time
    return summary
