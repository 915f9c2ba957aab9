"""Throughput of the farm: games per second on 1 worker, 2 workers and Ray (figures, not a test).

Run: ``.venv/bin/python benchmarks/bench_farm.py [--seconds S] [--no-ray] [--only random|heuristic]``

For random and heuristic games of both games, plays the same deals on one
worker (in-process), on a pool of two worker processes and, if Ray is
installed, on a local Ray instance with two CPUs, and prints games per
second and the speedup over one worker. Each measurement is steady state:
the workers are started and warmed up first (that start-up is reported on
its own), and the number of games is chosen so that one worker needs about
``--seconds`` seconds. The runs must give identical records (checked).

Each configuration is measured ``--repeat`` times (default 3), one worker and
two workers taking turns, and the median of each is reported: on a virtual
machine whose host is shared, single runs swing by 10% or more either way.

On a machine shared with other work, wall-clock speedups understate what
the farm does with free cores, so the CPU time of this process and all its
descendants (worker processes, Ray's daemons) is measured too (Linux
``/proc``): ``cpu eff`` is games per CPU-second relative to one worker,
and ``2 x eff`` the speedup two otherwise idle cores would give.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from pathlib import Path

from brinkmanship.farm import Deal, Farm, GameRecord, LocalFarm, play_game, run_games

CONFIGS = [
    ("thirteen", "random", "random"),
    ("twilight", "random", "random"),
    ("thirteen", "heuristic", "random"),
    ("twilight", "heuristic", "random"),
]


@dataclass
class Measure:
    """One backend's figures for one configuration."""

    backend: str
    startup: float
    seconds: float
    games: int
    batch: int
    cpu: float  # CPU seconds of this process and its descendants during the run

    @property
    def rate(self) -> float:
        return self.games / self.seconds

    @property
    def cpu_rate(self) -> float:
        return self.games / self.cpu if self.cpu > 0 else float("nan")


def _ticks(pid: int) -> int:
    """utime + stime of one process, in clock ticks (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def family_cpu() -> float:
    """CPU seconds used so far by this process and every live descendant (Linux only, else 0)."""
    if not Path("/proc/self/stat").exists():
        return 0.0
    parents: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                ppid = int(Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    total, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += _ticks(pid)
        todo.extend(parents.get(pid, ()))
    return total / os.sysconf("SC_CLK_TCK")


def median(runs: list[Measure]) -> Measure:
    """The run with the median rate (of an odd number; the lower middle of an even one)."""
    return sorted(runs, key=lambda m: m.rate)[(len(runs) - 1) // 2]


def deals_for(seats: dict[str, str], n: int, first: int = 1000) -> list[Deal]:
    """``n`` deals with sides alternated, so both bots play both sides."""
    swapped = {"USSR": seats["US"], "US": seats["USSR"]}
    return [Deal(k, first + k // 2, seats if k % 2 == 0 else swapped) for k in range(n)]


def estimate_rate(game: str, seats: dict[str, str], probe_seconds: float = 1.0) -> float:
    """Games per second on one core, from games played until ``probe_seconds`` pass."""
    start = time.perf_counter()
    k = 0
    while time.perf_counter() - start < probe_seconds or k < 2:
        play_game(game, 10_000 + k, {}, seats)
        k += 1
    return k / (time.perf_counter() - start)


def measure(farm: Farm, name: str, startup: float, game: str, deals: list[Deal]) -> tuple[Measure, list[GameRecord]]:
    """Warm the farm with a few games, then time the whole run."""
    warm = deals_for(deals[0].seats, 2 * farm.slots, first=50_000)
    run_games(game, {}, warm, farm, batch_size=1, keep_actions=False)
    cpu = family_cpu()
    run = run_games(game, {}, deals, farm, keep_actions=False)
    cpu = family_cpu() - cpu
    return Measure(name, startup, run.seconds, len(deals), run.batch_size, cpu), run.records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=6.0, help="target time of the one-worker run")
    parser.add_argument("--no-ray", action="store_true", help="skip the local Ray instance")
    parser.add_argument("--only", choices=["random", "heuristic"], help="only these bots")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement (the median is reported)")
    args = parser.parse_args()

    ray_farm: Farm | None = None
    ray_startup = 0.0
    if not args.no_ray:
        try:
            import ray

            t = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
            from brinkmanship.farm import RayFarm

            ray_farm = RayFarm()
            ray_startup = time.perf_counter() - t
        except ImportError:
            print("Ray is not installed: skipping it (pip install 'brinkmanship[ray]').")

    t = time.perf_counter()
    pool = LocalFarm(2)
    run_games("thirteen", {}, deals_for({"USSR": "random", "US": "random"}, 2), pool, batch_size=1)
    pool_startup = time.perf_counter() - t
    one = LocalFarm(1)

    print(f"Start-up: process pool of 2 {pool_startup:.2f} s"
          + (f", local Ray instance {ray_startup:.2f} s" if ray_farm else ""))
    header = (f"{'game':9} {'bots':20} {'games':>6} {'batch':>5}  {'1 worker':>10}  {'2 workers':>10} {'speedup':>7}"
              f" {'cpu eff':>7} {'2 x eff':>7}")
    if ray_farm:
        header += f"  {'Ray (2 CPU)':>11} {'speedup':>7} {'cpu eff':>7}"
    print(f"Load average before: {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "")
    print(header)
    try:
        for game, ussr, us in CONFIGS:
            kind = "heuristic" if "heuristic" in (ussr, us) else "random"
            if args.only and args.only != kind:
                continue
            seats = {"USSR": ussr, "US": us}
            n = max(40, int(estimate_rate(game, seats) * args.seconds) // 2 * 2)
            deals = deals_for(seats, n)
            ones: list[Measure] = []
            twos: list[Measure] = []
            rays: list[Measure] = []
            for _ in range(max(1, args.repeat)):
                m1, r1 = measure(one, "1", 0.0, game, deals)
                m2, r2 = measure(pool, "2", pool_startup, game, deals)
                assert r1 == r2, "two workers gave other games than one"
                ones.append(m1)
                twos.append(m2)
                if ray_farm is not None:
                    mr, rr = measure(ray_farm, "ray", ray_startup, game, deals)
                    assert rr == r1, "Ray gave other games than one worker"
                    rays.append(mr)
            m1, m2 = median(ones), median(twos)
            eff = m2.cpu_rate / m1.cpu_rate
            line = (f"{game:9} {ussr + ' v ' + us:20} {n:6d} {m2.batch:5d}  {m1.rate:8.1f}/s  {m2.rate:8.1f}/s "
                    f"{m2.rate / m1.rate:6.2f}x {eff:7.2f} {2 * eff:6.2f}x")
            if rays:
                mr = median(rays)
                line += f"  {mr.rate:9.1f}/s {mr.rate / m1.rate:6.2f}x {mr.cpu_rate / m1.cpu_rate:7.2f}"
            if len(ones) > 1:
                speedups = sorted(b.rate / a.rate for a, b in zip(ones, twos, strict=True))
                line += f"   (runs: {', '.join(f'{x:.2f}x' for x in speedups)})"
            print(line, flush=True)
    finally:
        pool.close()
        if ray_farm is not None:
            import ray

            ray.shutdown()


if __name__ == "__main__":
    main()
