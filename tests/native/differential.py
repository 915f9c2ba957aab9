"""The differential harness: the same seeded random games on both backends.

``compare_games(game, n, seed, options_mix)`` plays ``n`` random games of
``game`` on the Python backend and on the native one side by side, each
drawing its players' choices from its own ``random.Random`` seeded alike
(chance comes from the state's own generator), and compares after every
action: the action drawn, the current player, the legal ids (sorted, and
the legal actions in the engine's order), each side's and the
spectator's view (without the log: the log is compared entry by entry
as it grows, and whole views with their logs every ``full_every``
actions and at the end), both sides' observation tensors, the outcome
and ``to_json``. At a few plies of each game it also checks copies:
``clone`` (played on, the original untouched), ``load`` of the Python
JSON into the native core, and ``resample`` of each side (the same
determinization, played on a few actions).

The first difference raises :class:`Difference`, naming the game, seed,
options, ply and last action, and what differs with a short JSON diff.

Run it by hand for long checks::

    PYTHONPATH=src python -m tests.native.differential thirteen 20000 --seed 1
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import brinkmanship as bm
from brinkmanship.native import NativeState

SIDES_AND_SPECTATOR = ("USSR", "US", None)
_SEPARATORS = (",", ":")


class Difference(AssertionError):
    """The backends disagree (the message says where and how)."""


@dataclass
class Report:
    """What a run compared."""

    game: str
    games: int = 0
    actions: int = 0
    copies_checked: int = 0
    seconds: float = 0.0
    results: dict[str, int] = field(default_factory=dict)
    # How often each log code was written: which events, rules and endings
    # the games went through (coverage of what was compared).
    codes: Counter[str] = field(default_factory=Counter)

    def __str__(self) -> str:
        rate = self.actions / self.seconds if self.seconds else 0.0
        return (f"{self.game}: {self.games} games, {self.actions} actions, {self.copies_checked} copies "
                f"checked, 0 differences in {self.seconds:.1f} s ({rate:.0f} actions/s); results {self.results}; "
                f"{len(self.codes)} distinct log codes")


def option_mixes(game: str) -> list[dict[str, Any]]:
    """Every combination of the game's option values (the default first)."""
    choices = bm.get_game(game).option_choices
    names = list(choices)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(choices[n] for n in names))]


def json_diff(a: Any, b: Any, path: str = "$", limit: int = 160) -> str:
    """Where two JSON values first differ, with both values there (cut short)."""
    if type(a) is not type(b):
        return f"{path}: {_short(a, limit)} != {_short(b, limit)}"
    if isinstance(a, dict):
        if list(a) != list(b):
            only_a = [k for k in a if k not in b]
            only_b = [k for k in b if k not in a]
            if only_a or only_b:
                return f"{path}: keys only in the first {only_a}, only in the second {only_b}"
            return f"{path}: key order {list(a)} != {list(b)}"
        for k in a:
            if a[k] != b[k]:
                return json_diff(a[k], b[k], f"{path}.{k}", limit)
    elif isinstance(a, list):
        if len(a) != len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=False)):
                if x != y:
                    return json_diff(x, y, f"{path}[{i}]", limit)
            return f"{path}: length {len(a)} != {len(b)}; extra: {_short(a[len(b):] or b[len(a):], limit)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return json_diff(x, y, f"{path}[{i}]", limit)
    elif a != b:
        return f"{path}: {_short(a, limit)} != {_short(b, limit)}"
    return f"{path}: equal as data (the texts differ in formatting)"


def _short(v: Any, limit: int) -> str:
    text = json.dumps(v, default=repr)
    return text if len(text) <= limit else text[:limit] + "..."


class _Game:
    """One game played on both backends, with what the report needs."""

    def __init__(self, game: str, seed: int, options: dict[str, Any], views_every: int, full_every: int) -> None:
        self.where = f"{game} seed {seed} options {options}"
        self.python = bm.new_game(game, seed, options, backend="python")
        native = bm.new_game(game, seed, options, backend="native")
        if not isinstance(native, NativeState):
            raise Difference(f"{self.where}: backend='native' gave {type(native).__name__}")
        self.native: NativeState = native
        self.views_every = views_every
        self.full_every = full_every
        self.last = "the start"
        self.log_seen = 0
        self.log_texts: list[str] = []

    def fail(self, what: str, detail: str = "") -> Difference:
        ply = self.python.data["ply"]
        return Difference(f"{self.where}, ply {ply}, after {self.last}: {what} differs"
                          + (f": {detail}" if detail else ""))

    def same(self, what: str, a: Any, b: Any) -> None:
        if a != b:
            raise self.fail(what, json_diff(_plain(a), _plain(b)))

    def py_text(self) -> str:
        """The Python state's ``to_json``, built without writing the whole
        log again at every action: log entries never change once appended
        (``core.log``), so each is written once. (The whole ``to_json`` is
        compared too wherever the views are.)"""
        d = self.python.data
        log = d["log"]
        texts = self.log_texts
        texts.extend(json.dumps(e, separators=_SEPARATORS) for e in log[len(texts):])
        parts = []
        for k, v in d.items():
            value = "[" + ",".join(texts) + "]" if k == "log" else json.dumps(v, separators=_SEPARATORS)
            parts.append(json.dumps(k) + ":" + value)
        return "{" + ",".join(parts) + "}"

    def compare_json(self, text_py: str, text_native: str) -> None:
        if text_py != text_native:
            raise self.fail("to_json", json_diff(json.loads(text_py), json.loads(text_native)))

    def compare(self, py: bm.State, native: bm.State, *, views: bool, full: bool, text_py: str | None = None) -> None:
        """What a client can ask of the two states: the decision, the
        outcome and ``to_json`` always; with ``views``, every view (with
        the log if ``full``), the observation tensors and the log entries."""
        self.compare_json(py.to_json() if text_py is None else text_py, native.to_json())
        self.same("current player", py.current_player, native.current_player)
        self.same("legal actions (engine order)", [a.id for a in py.legal_actions()],
                  [a.id for a in native.legal_actions()])
        self.same("sorted legal ids", py.legal_action_ids(), native.legal_action_ids())
        self.same("outcome", (py.is_terminal, py.winner, py.result, py.returns(), py.reveals),
                  (native.is_terminal, native.winner, native.result, native.returns(), native.reveals))
        if not views:
            return
        for side in SIDES_AND_SPECTATOR:
            self.same(f"view({side!r}, log={full})", py.view(side, log=full), native.view(side, log=full))
        for side in ("USSR", "US"):
            a, b = py.observation_tensor(side), native.observation_tensor(side)
            if a.dtype != b.dtype or a.shape != b.shape or not np.array_equal(a, b):
                where = np.flatnonzero(a != b)[:10] if a.shape == b.shape else "shape"
                raise self.fail(f"observation_tensor({side!r})", f"at {where}")
        if isinstance(native, NativeState) and native is self.native:
            # The new log entries. The native side's come from its snapshot
            # (what ``log_entries`` returns) without ``log_entries`` itself,
            # which would hand out ``data`` and slow every later action
            # (see ``NativeState``); ``log_entries`` is compared at the copy points.
            entries_py = py.log_entries
            self.same("log entries", entries_py[self.log_seen:], native.game.log(native._snapshot())[self.log_seen:])
            self.log_seen = len(entries_py)

    def step(self, rng_py: random.Random, rng_native: random.Random) -> None:
        a = self.python.apply_random(rng_py)
        b = self.native.apply_random(rng_native)
        self.last = f"{a.text!r} (id {a.id})"
        if a is not b:
            raise self.fail("the action drawn", f"python {a.text!r} (id {a.id}), native {b.text!r} (id {b.id})")

    def check_copies(self, draw: random.Random) -> None:
        """clone, load and resample at this ply."""
        py, native = self.python, self.native
        before = native.to_json()
        self.same("log_entries of a clone", py.log_entries, native.clone().log_entries)
        # clone: played on apart from the original, as a Python clone.
        c_py, c_native = py.clone(), native.clone()
        s = draw.randrange(1 << 30)
        for k in range(8):
            if c_py.is_terminal:
                break
            x = random.Random(s + k).random()
            a, b = c_py.apply_random(random.Random(x)), c_native.apply_random(random.Random(x))
            if a is not b or c_py.to_json() != c_native.to_json():
                raise self.fail(f"a clone after {k + 1} random actions")
        if native.to_json() != before:
            raise self.fail("the original after its clone was played on")
        # load: the Python JSON read by the native core.
        self.compare(py, bm.load(py.to_json(), backend="native"), views=True, full=False)
        # resample: the same determinization for each side.
        if not py.is_terminal:
            for side in ("USSR", "US"):
                r_py, r_native = py.resample(side, random.Random(s)), native.resample(side, random.Random(s))
                if r_py.to_json() != r_native.to_json():
                    raise self.fail(f"resample({side!r})",
                                    json_diff(json.loads(r_py.to_json()), json.loads(r_native.to_json())))
                for k in range(5):
                    if r_py.is_terminal:
                        break
                    x = random.Random(s - k).random()
                    r_py.apply_random(random.Random(x))
                    r_native.apply_random(random.Random(x))
                self.compare(r_py, r_native, views=True, full=False)


def _plain(v: Any) -> Any:
    """JSON-ready data for a diff (actions as their text)."""
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, bm.Action):
        return v.text
    return v


def compare_game(game: str, seed: int, options: dict[str, Any], *, views_every: int = 1,
                 full_every: int = 25, copy_points: int = 3,
                 codes: Counter[str] | None = None) -> tuple[int, int, str | None]:
    """Play one game on both backends, comparing after every action (the
    views, tensors and log every ``views_every`` actions, with the whole
    log in the views every ``full_every``); returns (actions, copies
    checked, result)."""
    g = _Game(game, seed, options, views_every, full_every)
    rng_py, rng_native = random.Random(seed), random.Random(seed)
    draw = random.Random(~seed)
    # A few plies of each game where the copies are checked too.
    points = {draw.randrange(1, 400) for _ in range(copy_points)}
    g.compare(g.python, g.native, views=True, full=True)
    actions = copies = 0
    while not g.python.is_terminal:
        g.step(rng_py, rng_native)
        actions += 1
        views = actions % views_every == 0
        # Wherever the views are compared, so is the whole to_json as written
        # by the Python engine (the incremental text everywhere else).
        g.compare(g.python, g.native, views=views, full=actions % full_every == 0,
                  text_py=None if views else g.py_text())
        if actions in points:
            g.check_copies(draw)
            copies += 1
    if not g.native.is_terminal:
        raise g.fail("is_terminal at the end")
    g.compare(g.python, g.native, views=True, full=True)
    g.same("log (rendered)", g.python.log, g.native.log)
    if codes is not None:
        codes.update(e["code"] for e in g.python.log_entries)
    return actions, copies, g.python.result


def compare_games(game: str, n: int, seed: int = 0, options_mix: list[dict[str, Any]] | None = None, *,
                  views_every: int = 1, full_every: int = 25, copy_points: int = 3) -> Report:
    """Play ``n`` seeded random games of ``game`` on both backends (seeds
    ``seed``, ``seed + 1``...; options cycling through ``options_mix``,
    every combination of the game's options by default), comparing after
    every action (see :func:`compare_game`). Raises :class:`Difference`
    at the first difference."""
    mixes = options_mix if options_mix is not None else option_mixes(game)
    report = Report(game)
    start = time.perf_counter()
    for k in range(n):
        actions, copies, result = compare_game(game, seed + k, mixes[k % len(mixes)], views_every=views_every,
                                               full_every=full_every, copy_points=copy_points,
                                               codes=report.codes)
        report.games += 1
        report.actions += actions
        report.copies_checked += copies
        report.results[str(result)] = report.results.get(str(result), 0) + 1
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    """Run the harness from the command line (long checks outside CI)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=("twilight", "thirteen"))
    parser.add_argument("n", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--views-every", type=int, default=1)
    parser.add_argument("--full-every", type=int, default=25)
    parser.add_argument("--codes", action="store_true", help="also list how often each log code was written")
    args = parser.parse_args(argv)
    try:
        report = compare_games(args.game, args.n, args.seed, views_every=args.views_every,
                               full_every=args.full_every)
        print(report)
        if args.codes:
            for code, count in sorted(report.codes.items()):
                print(f"{count:8d} {code}")
    except Difference as exc:
        print(f"DIFFERENCE: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
