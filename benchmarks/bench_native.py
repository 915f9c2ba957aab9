"""The native core against the Python engine, side by side in one run on
one core (figures printed, not asserted; issue 16's targets: Twilight batch
random play 1M decisions/s, 13 Days 2M/s, clone under 1 µs).

Per game:

* batch random play: whole random games; native: ``brinkmanship.native.batch.random_games``
  (no Python call per decision), Python: ``State.apply_random`` to the end;
* the per-step Python API: ``legal_action_ids()`` then ``apply(id)`` (chance
  by ``apply_random``) through ``State`` on each backend, and straight on
  the extension's class (``legal_action_ids``/``apply_id``);
* clone: ``State.clone()`` of mid-game positions on each backend, and the
  extension class's ``clone()``.

Decisions count every ply, die rolls included::

    PYTHONPATH=src:<native site> python benchmarks/bench_native.py [--games N] [--core K]

Twilight Struggle is played with ``events=False`` (every non-scoring card
played for Operations or the Space Race only) unless ``--events`` is
given, which plays it with its card events: the full rules, the game's
default.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import brinkmanship as bm
from brinkmanship.native import batch


def _pin(core: int | None) -> str:
    if core is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {core})
    return f"core {core}" if core is not None else "unpinned"


def batch_native(game: str, options: dict, games: int) -> tuple[float, float]:
    """Decisions per second of wall time and of this process's CPU time
    (the latter tells the core's speed on a machine busy with other work).
    A few games first load what the first call loads once (the game's
    Python module, its options), which is not the core's speed."""
    batch.random_games(game, 4, seed=1, options=options)
    start, cpu = time.perf_counter(), time.process_time()
    r = batch.random_games(game, games, seed=1, options=options)
    dt, dcpu = time.perf_counter() - start, time.process_time() - cpu
    plies = int(r.length.sum())
    return plies / dt, plies / max(dcpu, 1e-9)


def batch_python(game: str, options: dict, seconds: float) -> tuple[float, int]:
    plies = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = bm.new_game(game, seed=games + 1, options=options, backend="python")
        rng = random.Random(games)
        while not s.is_terminal:
            s.apply_random(rng)
            plies += 1
        games += 1
    return plies / (time.perf_counter() - start), games


def per_step(game: str, options: dict, backend: str, seconds: float) -> tuple[float, float]:
    """Decisions per second of wall time and of CPU time."""
    plies = 0
    seed = 1
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        s = bm.new_game(game, seed=seed, options=options, backend=backend)
        rng = random.Random(seed)
        while not s.is_terminal:
            if s.is_chance:
                s.apply_random(rng)
            else:
                ids = s.legal_action_ids()
                s.apply(ids[rng.randrange(len(ids))])
            plies += 1
        seed += 1
    return plies / (time.perf_counter() - start), plies / max(time.process_time() - cpu, 1e-9)


def per_step_class(game: str, options: dict, seconds: float) -> tuple[float, float]:
    """Decisions per second of wall time and of CPU time."""
    plies = 0
    seed = 1
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        n = bm.new_game(game, seed=seed, options=options, backend="native").native
        rng = random.Random(seed)
        while not n.is_over():
            if n.current_player() == "chance":
                n.apply_id(n.chance_action_id())
            else:
                ids = n.legal_action_ids()
                n.apply_id(ids[rng.randrange(len(ids))])
            plies += 1
        seed += 1
    return plies / (time.perf_counter() - start), plies / max(time.process_time() - cpu, 1e-9)


def positions(game: str, options: dict, backend: str, count: int) -> list[bm.State]:
    out = []
    for seed in range(count):
        s = bm.new_game(game, seed=seed, options=options, backend=backend)
        rng = random.Random(seed)
        for _ in range(30 + seed * 7):
            if s.is_terminal:
                break
            s.apply_random(rng)
        out.append(s)
    return out


def clone_us(states: list, reps: int, method: str = "clone") -> float:
    start = time.perf_counter()
    for _ in range(reps):
        for s in states:
            getattr(s, method)()
    return (time.perf_counter() - start) / (reps * len(states)) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="native batch games per game (default 2000)")
    ap.add_argument("--seconds", type=float, default=3.0, help="time per Python-side measure (default 3)")
    ap.add_argument("--core", type=int, default=0, help="pin to this core (default 0; -1: do not pin)")
    ap.add_argument("--events", action="store_true", help="Twilight Struggle with its card events")
    args = ap.parse_args()
    where = _pin(None if args.core < 0 else args.core)
    print(f"bench_native: {where}, native {bm.backends()['native_version']}")
    for game in ("thirteen", "twilight"):
        options = {} if game == "thirteen" or args.events else {"events": False}
        print(f"\n{game} {options or ''}")
        nat, nat_cpu = batch_native(game, options, args.games)
        py, p_games = batch_python(game, options, args.seconds)
        print(f"  batch random play     native {nat:>12,.0f} decisions/s ({args.games} games; {nat_cpu:,.0f}/s of CPU "
              f"time)   python {py:>9,.0f} decisions/s ({p_games} games)   x{nat / py:,.0f}")
        step_nat, step_nat_cpu = per_step(game, options, "native", args.seconds)
        step_py, _ = per_step(game, options, "python", args.seconds)
        step_cls, step_cls_cpu = per_step_class(game, options, args.seconds)
        print(f"  per-step API (State)  native {step_nat:>12,.0f} decisions/s   python {step_py:>9,.0f} decisions/s   "
              f"x{step_nat / step_py:,.1f}")
        print(f"  per-step, the class   native {step_cls:>12,.0f} decisions/s (legal_action_ids + apply_id)")
        print(f"  per-step, CPU time    native {step_nat_cpu:>12,.0f} decisions/s (State), "
              f"{step_cls_cpu:,.0f}/s (class)")
        nat_states = positions(game, options, "native", 20)
        py_states = positions(game, options, "python", 20)
        raw = [s.native for s in nat_states]
        c_nat = clone_us(nat_states, 2000)
        c_raw = clone_us(raw, 5000)
        c_py = clone_us(py_states, 200)
        print(f"  clone                 native {c_nat:>9.2f} µs (State), {c_raw:.2f} µs (class)   python {c_py:.1f} µs")


if __name__ == "__main__":
    main()
