"""Game tasks: batches of whole games with explicit seeds, and what a worker returns.

A :class:`Task` names the game, its options and a list of deals (:class:`Deal`:
game index, seed, the bot spec of each seat). Everything a game's course
depends on is in its deal: bots are built from their spec and seeded with
``derive_seed(seed, side)``, chance is answered from the state's own
generator. So a game played by any worker, in any batch, on any backend is
the same game, and a farm's results do not depend on how it was run.

A task also names the engine its games are played on (``backend``: the
Python engine or the native core, see :mod:`brinkmanship.native`). Both
play the same games move for move, so the records are the same either way;
the native core only plays them faster.

>>> deals = [Deal(0, 7, {"USSR": "random", "US": "random"}), Deal(1, 8, {"USSR": "random", "US": "random"})]
>>> records = run_task(Task("thirteen", {}, deals))
>>> [r.index for r in records], records[0] == play_game("thirteen", 7, {}, deals[0].seats, keep_actions=True)[1]
([0, 1], True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import brinkmanship as bm
from brinkmanship.bots import Bot, RandomBot, decide, derive_seed, make_bot

#: The view field counting each game's length (turns, rounds); read from the
#: public view so that any game registered later works the same way.
LENGTH_KEYS: dict[str, str] = {"twilight": "turn", "thirteen": "round"}


class FarmError(bm.BrinkmanshipError, RuntimeError):
    """A game of the farm failed, or a backend cannot run (e.g. Ray not installed)."""


@dataclass
class Deal:
    """One game to play: its place in the run, its seed and who sits where."""

    index: int
    seed: int
    seats: dict[str, str]  # side -> bot spec


@dataclass
class Task:
    """A batch of whole games of one game with the same options.

    ``keep_actions`` returns each game's action texts (needed to save or
    replay a game; a plain simulation leaves them out to send less back).
    ``backend`` is the engine of every state the worker makes: ``"python"``,
    ``"native"`` or ``"auto"`` (as ``bm.new_game``'s ``backend``; the farm
    resolves ``auto`` before it cuts the tasks, so that every worker plays on
    the engine the run reports).
    """

    game: str
    options: dict[str, Any]
    deals: list[Deal]
    keep_actions: bool = True
    backend: str = "auto"


@dataclass
class GameRecord:
    """One finished game, as a worker reports it.

    ``seconds`` is the game's wall time on the worker that played it; it is
    left out of comparisons, so records of the same deals compare equal
    whatever machine or backend played them.
    """

    index: int
    seed: int
    seats: dict[str, str]
    winner: str | None
    result: str | None
    decisions: int  # every action applied, die rolls included
    rolls: int
    turns: int  # the game's length in its own unit: turns (Twilight), rounds (13 Days)
    actions: list[str] | None = None
    seconds: float = field(default=0.0, compare=False)
    #: Search bots' effort by side: [decisions searched, iterations, seconds].
    #: Iteration counts are exact with an iteration budget; seconds are the
    #: worker's clock, so the field is left out of comparisons.
    search: dict[str, list[float]] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        return {"index": self.index, "seed": self.seed, "seats": dict(self.seats), "winner": self.winner,
                "result": self.result, "decisions": self.decisions, "rolls": self.rolls, "turns": self.turns,
                "actions": None if self.actions is None else list(self.actions), "seconds": self.seconds,
                "search": {side: list(v) for side, v in self.search.items()}}


# Chance is answered from the state's own generator: apply_random needs an rng
# argument but does not draw from it at a chance node.
_CHANCE_RNG = random.Random(0)


def play_game(game: str, seed: int, options: dict[str, Any], seats: dict[str, str],
              keep_actions: bool = False, index: int = 0,
              backend: str | None = "auto") -> tuple[bm.State, GameRecord]:
    """Play one whole game between bots; returns the final state and its record.

    ``backend``: the engine of the state (``"python"``, ``"native"``,
    ``"auto"``: native when built for the game; ``None``: ``BRINK_BACKEND``),
    passed to ``bm.new_game``. The game and its record are the same on both.

    Random bots take the lean path: ``state.apply_random(bot.rng)``, no view
    and no legal-action list. :class:`RandomBot` draws exactly as
    ``apply_random`` does, so this is move for move the game two RandomBots
    play through ``decide``. Every other bot is asked through ``decide``,
    which gives it only its view (and search bots a Sampler).
    """
    start = time.perf_counter()
    state = bm.new_game(game, seed=seed, options=options, backend=backend)
    bots: dict[str, Bot] = {side: make_bot(seats[side], derive_seed(seed, side)) for side in state.game.players}
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
    try:
        while True:
            player = state.current_player
            if player is None:
                break
            if player in slow:
                action = decide(slow[player], state, player)
                state.apply(action)
            else:
                action = apply_random(rngs[player])
                if player == bm.CHANCE:
                    rolls += 1
            decisions += 1
            if actions is not None:
                actions.append(action.text)
    finally:
        search: dict[str, list[float]] = {}
        for side, bot in slow.items():
            searched = getattr(bot, "searched", None)
            if searched is not None:
                search[side] = [searched, getattr(bot, "total_iterations", 0), getattr(bot, "total_seconds", 0.0)]
        for bot in slow.values():
            close = getattr(bot, "close", None)  # search bots may hold worker processes
            if close is not None:
                close()
    turns = int(state.view(None)[LENGTH_KEYS.get(state.game.name, "turn")])
    record = GameRecord(index, seed, dict(seats), state.winner, state.result, decisions, rolls, turns, actions,
                        time.perf_counter() - start, search)
    return state, record


def run_task(task: Task) -> list[GameRecord]:
    """Play every game of ``task`` in order: what a worker does with a batch.

    A game that fails raises :class:`FarmError` naming its index, seed and
    seats, so the deal can be replayed on its own.
    """
    records = []
    for deal in task.deals:
        try:
            _state, record = play_game(task.game, deal.seed, task.options, deal.seats, task.keep_actions, deal.index,
                                       task.backend)
        except Exception as exc:
            raise FarmError(f"game {deal.index} (seed {deal.seed}, USSR {deal.seats.get('USSR')}, "
                            f"US {deal.seats.get('US')}) failed: {type(exc).__name__}: {exc}") from exc
        records.append(record)
    return records


def make_tasks(game: str, options: dict[str, Any], deals: list[Deal], batch_size: int,
               keep_actions: bool = True, backend: str = "auto") -> list[Task]:
    """Cut ``deals`` into tasks of at most ``batch_size`` consecutive games
    (played on the engine ``backend``)."""
    if batch_size < 1:
        raise ValueError(f"batch size must be at least 1, not {batch_size}")
    return [Task(game, dict(options), deals[i:i + batch_size], keep_actions, backend)
            for i in range(0, len(deals), batch_size)]


__all__ = ["LENGTH_KEYS", "Deal", "FarmError", "GameRecord", "Task", "make_tasks", "play_game", "run_task"]
