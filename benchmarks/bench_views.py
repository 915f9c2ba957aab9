"""Cost of views on one core (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_views.py [--games N]``

Views are what every client reads: bots and environments at every decision
(usually without the log: ``view(side, log=False)``), the CLI and servers
with it. Two measures, both the median microseconds of one call:

- **along games**: at every decision of random games (every event on), the
  view of the state just stepped, as a bot, an environment or a server takes
  it. Each call is timed alone, the timer's own cost taken off; the lowest
  median of ``--passes`` passes is reported, since a shared machine only
  ever adds time. This is the figure the README quotes.
- **sampled states**: every 7th state of the same games, cloned and viewed in
  turn. A state is then rarely in the processor's caches, so this measures a
  view of a state nobody touched lately (a server holding many idle games).

The side to move's view holds its legal actions: measured both when the view
computes them and when the state has them cached (a bot that asked for
them). ``to_json`` and ``load`` are measured on the sampled states.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import brinkmanship as bm

Measure = Callable[[bm.State], object]


def mover(s: bm.State) -> str | None:
    """The side to move (USSR at a chance node, so a side's view is taken)."""
    p = s.current_player
    return p if p in ("USSR", "US") else "USSR"


def spectator(s: bm.State) -> object:
    return s.view(None, log=False)


def side_computing(s: bm.State) -> object:
    return s.game.view(s.data, mover(s), False)


def side_cached(s: bm.State) -> object:
    return s.view(mover(s), log=False)


def with_log(s: bm.State) -> object:
    return s.view(mover(s))


MEASURES: dict[str, Measure] = {
    "view(None, log=False)": spectator,
    "view(side, log=False)   (legal actions computed)": side_computing,
    "view(side, log=False)   (after legal_actions())": side_cached,
    "view(side)   (legal actions cached)": with_log,
}

# What is done before the timed call (not timed): the bot's own request for
# the legal actions, so the view finds them cached.
_PREPARE: dict[str, Callable[[bm.State], object]] = {
    "view(side, log=False)   (after legal_actions())": lambda s: s.legal_actions(),
}


def timer_cost() -> float:
    """Nanoseconds that timing an empty call costs, taken off every sample."""
    clock = time.perf_counter_ns
    samples = []
    for _ in range(20_000):
        t = clock()
        samples.append(clock() - t)
    return statistics.median(samples)


def along(game: str, games: int, fn: Measure, prepare: Callable[[bm.State], object] | None) -> float:
    """Median µs of ``fn`` at every decision of ``games`` random games.

    One measure per pass over the games, so every timed view is the first
    view taken of its state, as at a bot's decision (a second view of the
    same state would find the board the first one built: ``_board``)."""
    clock = time.perf_counter_ns
    overhead = timer_cost()
    samples: list[int] = []
    for seed in range(games):
        s = bm.new_game(game, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            if prepare is not None:
                prepare(s)
            t = clock()
            fn(s)
            samples.append(clock() - t)
            s.apply_random(rng)
    return (statistics.median(samples) - overhead) / 1000


def sample_states(game: str, games: int) -> list[bm.State]:
    """Every 7th state of ``games`` random games, the finished ones left out."""
    out: list[bm.State] = []
    for seed in range(games):
        s = bm.new_game(game, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal:
            s.apply_random(rng)
            k += 1
            if k % 7 == 0 and not s.is_terminal:
                out.append(s.clone())
    return out


def per_call(fn: Measure, states: list[bm.State], repeat: int = 5) -> float:
    """Median over ``repeat`` passes of the mean µs per call over the sample."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for s in states:
            fn(s)
        times.append((time.perf_counter() - t) / len(states))
    return statistics.median(times) * 1e6


def sampled(states: list[bm.State]) -> dict[str, float]:
    out = {}
    for name, fn in MEASURES.items():
        prepare = _PREPARE.get(name)
        if prepare is not None:
            for s in states:
                prepare(s)
        out[name] = per_call(fn, states)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--passes", type=int, default=3, help="passes along the games per measure (the lowest median)")
    args = ap.parse_args()
    for game in ("twilight", "thirteen"):
        states = sample_states(game, args.games)
        first = {name: min(along(game, args.games, fn, _PREPARE.get(name)) for _ in range(args.passes))
                 for name, fn in MEASURES.items()}
        second = sampled(states)
        print(f"{game}: {args.games} random games, {len(states)} sampled states, one core (median µs per call)")
        print(f"  {'':50s} {'along games':>12s} {'sampled':>10s}")
        for name in MEASURES:
            print(f"  {name:50s} {first[name]:12.1f} {second[name]:10.1f}")
        print(f"  {'to_json()':50s} {'':12s} {per_call(lambda s: s.to_json(), states):10.1f}")
        texts = [s.to_json() for s in states]
        t = time.perf_counter()
        for text in texts:
            bm.load(text)
        print(f"  {'load()':50s} {'':12s} {(time.perf_counter() - t) / len(texts) * 1e6:10.1f}")


if __name__ == "__main__":
    main()
