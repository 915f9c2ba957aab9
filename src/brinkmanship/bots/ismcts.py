"""Information-set Monte Carlo tree search (single-observer ISMCTS).

The bot cannot see the opponent's hand or the deck, so it searches over
*determinizations*: every iteration draws a fresh game state consistent
with its own view (``Sampler.sample``, i.e. ``State.resample``), walks one
shared tree with it, and backs the outcome up. Tree nodes are sequences of
decisions; a node's children are only those actions legal in the current
determinization, and each child counts how often it was *available*, which
replaces the parent's visit count in the exploration term (Cowling,
Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

Two things make it strong on a small budget, both taken from the heuristic
bot (``brinkmanship.bots.heuristic``):

* a prior: every node ranks its actions with ``score_actions`` and the
  selection rule is PUCT, so the search starts from the heuristic's choice
  and moves away from it only when simulations say so;
* short rollouts: after the tree, the heuristic (with a little noise) plays
  on to the end of the round or turn (``horizon="stage"``, where the
  position has just been scored and ``evaluate`` reads it best) or for
  ``depth`` decisions, whichever comes first, and ``evaluate`` scores the
  position (games that end sooner score 1, 0 or 1/2).

Chance (dice, draws) is sampled inside each determinization from its own
generator, which ``resample`` reseeds. Decisions with a single legal
action are played at once, without search, at the root and in the tree.

``workers=K`` runs K independent searches in parallel processes (root
parallelization) and adds up their root statistics.

``backend="native"`` (spec ``ismcts:backend=native``) runs the whole search
in the compiled core instead (``brinkmanship.native.batch.ismcts_search``):
the same tree, PUCT with availability counts and first-play urgency, and
the same choice (most visits, then the best mean). What guides it is
native too: each game's position value ported to Rust (the Twilight
heuristic's fitted ``evaluate``; for 13 Days the prestige lead once the kept
agendas score, the Aftermath, the Letter and DEFCON danger) scores the
rollouts, which stop after ``NATIVE_UNTIL`` decisions, and ranks every
node's actions by a one-step lookahead for the priors. Only the real
decision's priors come from the Python heuristic (``score_actions``, once
per decision, its time taken out of the budget). ``greedy`` sets the share
of rollout moves picked by the lookahead instead of at random. Each
iteration is one to two orders of magnitude cheaper, so a time budget buys
far more of them. The sampler converts its real state to the native core
once per decision and the search redeals every unseen card in each
iteration: the bot still learns nothing but root statistics. With an iteration
budget (``iters=N``) the bot is fully reproducible from its seed, with any
number of workers; a time budget (``time=S``) depends on the machine.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from brinkmanship.bots.base import Sampler
from brinkmanship.bots.heuristic import knowledge
from brinkmanship.core.actions import Action
from brinkmanship.core.game import CHANCE, Data, Game, get_game

#: Rollout lengths (decisions after the tree, before ``evaluate``), per game.
DEFAULT_DEPTH = {"twilight": 24, "thirteen": 40}
#: Where rollouts also stop, per game: ``"stage"`` at the end of the round or
#: turn (``Game.stage`` changes), ``"depth"`` only after ``depth`` decisions.
#: In 13 Days a round's end is where agendas and the DEFCON check settle what
#: the position is worth, and stopping there nearly triples the iterations
#: a time budget buys (see docs/bots.md).
DEFAULT_HORIZON = {"twilight": "depth", "thirteen": "stage"}
HORIZONS = ("stage", "depth")
#: Where the native search's rollouts stop by default, per game: a number of
#: decisions (then the game's native position value scores the leaf) or
#: ``"stage"`` (the end of the round or turn). Chosen by matches against the
#: Python search at equal time (``benchmarks/bench_ismcts_native.py``).
NATIVE_UNTIL: dict[str, str | int] = {"twilight": 8, "thirteen": 4}
#: The share of the native rollouts' moves picked by the one-step lookahead
#: (the rest are uniformly random), per game.
NATIVE_GREEDY: dict[str, float] = {"twilight": 0.5, "thirteen": 0.0}
#: The native search's PUCT constant, per game. In 13 Days a larger one
#: (more weight on the heuristic's root priors) won 8 of 12 games where
#: 0.7 won 6 of 12 (see docs/bots.md).
NATIVE_C: dict[str, float] = {"twilight": 0.7, "thirteen": 2.0}
#: Where the search runs: ``python`` (this module) or ``native`` (the compiled core).
BACKENDS = ("python", "native")


def _check_horizon(horizon: str) -> str:
    if horizon not in HORIZONS:
        raise ValueError(f"ismcts horizon must be one of {', '.join(HORIZONS)}, not {horizon!r}")
    return horizon

DEFAULT_TIME = 1.0


def softmax_priors(scores: list[float], sharpness: float) -> list[float]:
    """Scores on a common scale (the best at 0, the median at -1) through a
    softmax of the given sharpness, so that an action the heuristic finds
    disastrous gets next to no exploration and near-equal actions share it."""
    top = max(scores)
    ordered = sorted(scores)
    median = ordered[len(ordered) // 2]
    spread = top - median
    if spread <= 1e-9:
        spread = max(abs(top), 1.0)
    weights = [math.exp(max(-50.0, sharpness * (s - top) / spread)) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


class _Node:
    """One decision point: edge statistics of the action that led here.

    ``w`` sums the rewards of ``mover`` (who chose the action), ``n`` counts
    visits, ``avail`` counts the iterations in which the action was legal
    at its parent. ``prior`` holds the normalized heuristic scores of this
    node's actions, filled the first time each action is seen.
    """

    __slots__ = ("avail", "children", "mover", "n", "prior", "w")

    def __init__(self, mover: str | None) -> None:
        self.mover = mover
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[int, _Node] = {}
        self.prior: dict[int, float] = {}


class Search:
    """The search itself, separate from the bot so that worker processes can run it.

    ``c`` is the PUCT exploration constant, ``prior_sharpness`` how strongly
    the heuristic's ranking shapes the prior (0 = uniform), ``noise`` the
    rollout policy's score noise, ``depth`` the longest rollout and
    ``horizon`` whether rollouts also end with the round or turn (``"stage"``)
    or not (``"depth"``).
    """

    def __init__(self, game: Game, side: str, rng: random.Random, c: float = 0.7,
                 prior_sharpness: float = 3.0, noise: float = 0.15, depth: int | None = None,
                 horizon: str | None = None) -> None:
        self.game = game
        self.side = side
        self.rng = rng
        self.c = c
        self.sharpness = prior_sharpness
        self.noise = noise
        self.depth = DEFAULT_DEPTH.get(game.name, 30) if depth is None else depth
        horizon = DEFAULT_HORIZON.get(game.name, "depth") if horizon is None else horizon
        self.stage_end = _check_horizon(horizon) == "stage"
        mod = knowledge(game.name)
        self.score_actions = mod.score_actions
        self.evaluate = mod.evaluate
        self.players = game.players
        self.root = _Node(None)
        self.iterations = 0

    # -- one iteration --------------------------------------------------------
    def iterate(self, sampler: Sampler) -> None:
        """Draw a determinization, walk the tree, roll out, back up."""
        state = sampler.sample(self.rng)
        game = self.game
        d = state.data
        node = self.root
        path: list[_Node] = []
        while True:
            player = game.current_player(d)
            if player is None:
                break
            if player == CHANCE:
                game.apply(d, game.chance_action(d))
                continue
            legal = game.legal_actions(d)
            if len(legal) == 1:
                game.apply(d, legal[0])
                continue
            child, action = self._select(node, d, player, legal)
            game.apply(d, action)
            path.append(child)
            node = child
            if child.n == 0:
                break
        rewards = self._rollout(d)
        for n in path:
            n.n += 1
            n.w += rewards[n.mover]  # type: ignore[index]
        self.root.n += 1
        self.iterations += 1

    def _priors(self, node: _Node, d: Data, player: str, legal: list[Action]) -> None:
        """Fill ``node.prior`` for the actions of ``legal`` it lacks.

        Scores are put on a common scale (the best at 0, the median at -1)
        and turned into a softmax, so that an action the heuristic finds
        disastrous gets next to no exploration and near-equal actions share it.
        """
        # Views without the log: the heuristics read only the decision's data.
        scores = self.score_actions(self.game.view(d, player, False), legal)
        prior = node.prior
        for a, p in zip(legal, softmax_priors(scores, self.sharpness), strict=True):
            if a.id not in prior:
                prior[a.id] = p

    def _select(self, node: _Node, d: Data, player: str, legal: list[Action]) -> tuple[_Node, Action]:
        """PUCT over the actions legal in this determinization."""
        prior = node.prior
        for a in legal:
            if a.id not in prior:
                self._priors(node, d, player, legal)
                break
        children = node.children
        visited_n = 0
        visited_w = 0.0
        for a in legal:
            ch = children.get(a.id)
            if ch is not None and ch.n:
                visited_n += ch.n
                visited_w += ch.w
        # First-play urgency: an untried action is assumed a little worse
        # than the average of the tried ones.
        fpu = (visited_w / visited_n - 0.1) if visited_n else 0.5
        sqrt_total = math.sqrt(visited_n + 1)
        c = self.c
        best = -1e18
        best_a = legal[0]
        for a in legal:
            ch = children.get(a.id)
            if ch is None:
                ch = children[a.id] = _Node(player)
            ch.avail += 1
            q = ch.w / ch.n if ch.n else fpu
            u = q + c * prior[a.id] * sqrt_total / (1 + ch.n)
            if u > best:
                best, best_a = u, a
        return children[best_a.id], best_a

    def _rollout(self, d: Data) -> dict[str, float]:
        """Play on with the noisy heuristic to the horizon, then evaluate."""
        game = self.game
        score = self.score_actions
        gauss = self.rng.gauss
        noise = self.noise
        steps = 0
        stage = game.stage(d) if self.stage_end else None
        while True:
            player = game.current_player(d)
            if player is None:
                return self._terminal(d)
            if player == CHANCE:
                game.apply(d, game.chance_action(d))
                continue
            if steps >= self.depth or (stage is not None and game.stage(d) != stage):
                break
            legal = game.legal_actions(d)
            if len(legal) == 1:
                action = legal[0]
            else:
                scores = score(game.view(d, player, False), legal)
                best = -1e18
                action = legal[0]
                for a, s in zip(legal, scores, strict=True):
                    v = s + gauss(0.0, noise) if noise else s
                    if v > best:
                        best, action = v, a
            game.apply(d, action)
            steps += 1
        p0, p1 = self.players
        v0 = float(self.evaluate(game.view(d, p0, False), p0))
        v0 = min(1.0, max(0.0, v0))
        return {p0: v0, p1: 1.0 - v0}

    def _terminal(self, d: Data) -> dict[str, float]:
        winner = self.game.winner(d)
        p0, p1 = self.players
        if winner is None:
            return {p0: 0.5, p1: 0.5}
        return {p0: 1.0 if winner == p0 else 0.0, p1: 1.0 if winner == p1 else 0.0}

    # -- results -----------------------------------------------------------------
    def root_stats(self) -> dict[int, tuple[int, float]]:
        """Visits and summed reward of each root action (by action id)."""
        return {aid: (ch.n, ch.w) for aid, ch in self.root.children.items()}


def _run(search: Search, sampler: Sampler, iters: int | None, seconds: float | None) -> None:
    if iters is not None:
        for _ in range(iters):
            search.iterate(sampler)
        return
    assert seconds is not None
    deadline = time.perf_counter() + seconds
    search.iterate(sampler)  # always at least one
    while time.perf_counter() < deadline:
        search.iterate(sampler)


def _worker_job(sampler: Sampler, seed: int, iters: int | None, seconds: float | None,
                params: dict[str, Any]) -> tuple[dict[int, tuple[int, float]], int]:
    """One root-parallel search in a worker process."""
    search = Search(get_game(sampler.game_name), sampler.side, random.Random(seed), **params)
    _run(search, sampler, iters, seconds)
    return search.root_stats(), search.iterations


class IsmctsBot:
    """The ISMCTS player (see the module docstring).

    ``seconds`` or ``iters`` sets the budget per decision (``iters`` wins
    when both are given); ``workers`` the number of parallel searches.

    >>> import brinkmanship as bm
    >>> s = bm.new_game("thirteen", seed=1)
    >>> bot = IsmctsBot(seed=1, iters=20)
    >>> from brinkmanship.bots.base import decide
    >>> decide(bot, s, s.current_player) in s.legal_actions()
    True
    """

    def __init__(self, seed: int = 0, seconds: float | None = None, iters: int | None = None,
                 workers: int = 1, c: float | None = None, depth: int | None = None,
                 prior_sharpness: float = 3.0, noise: float = 0.15, horizon: str | None = None,
                 name: str | None = None, backend: str = "python", greedy: float | None = None,
                 root_priors: bool = True) -> None:
        if iters is not None and iters < 1:
            raise ValueError(f"ismcts iters must be at least 1, not {iters}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"ismcts time must be more than 0 seconds, not {seconds}")
        if workers < 1:
            raise ValueError(f"ismcts workers must be at least 1, not {workers}")
        if horizon is not None:
            _check_horizon(horizon)  # refused now, not at the first search
        if backend not in BACKENDS:
            raise ValueError(f"ismcts backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
        if backend == "native" and workers != 1:
            raise ValueError("ismcts backend=native runs one search: give workers=1")
        if greedy is not None and not 0 <= greedy <= 1:
            raise ValueError(f"ismcts greedy must be a share from 0 to 1, not {greedy}")
        self.backend = backend
        #: The native rollouts' share of lookahead moves (None: ``NATIVE_GREEDY``).
        self.greedy = greedy
        #: Native mode: the root's priors come from the Python heuristic.
        self.root_priors = root_priors
        if iters is None and seconds is None:
            seconds = DEFAULT_TIME
        self.seed = seed
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iters = iters
        self.workers = workers
        #: The exploration constant as given (None: 0.7, or ``NATIVE_C`` natively).
        self.c_given = c
        self.params: dict[str, Any] = {"c": 0.7 if c is None else c, "depth": depth, "prior_sharpness": prior_sharpness,
                                       "noise": noise, "horizon": horizon}
        self.name = name or self._spec()
        self._pool: Executor | None = None
        #: Totals over every searched decision (for reports and benchmarks).
        self.searched = 0
        self.total_iterations = 0
        self.total_seconds = 0.0
        self.last_iterations = 0

    def _spec(self) -> str:
        parts = [f"iters={self.iters}"] if self.iters is not None else [f"time={self.seconds:g}"]
        if self.workers != 1:
            parts.append(f"workers={self.workers}")
        if self.c_given is not None and self.c_given != 0.7:
            parts.append(f"c={self.params['c']:g}")
        if self.params["depth"] is not None:
            parts.append(f"depth={self.params['depth']}")
        if self.params["horizon"] is not None:
            parts.append(f"horizon={self.params['horizon']}")
        if self.params["prior_sharpness"] != 3.0:
            parts.append(f"sharpness={self.params['prior_sharpness']:g}")
        if self.greedy is not None:
            parts.append(f"greedy={self.greedy:g}")
        if self.backend != "python":
            parts.append(f"backend={self.backend}")
        return "ismcts:" + ",".join(parts)

    @classmethod
    def from_params(cls, seed: int, params: dict[str, str]) -> IsmctsBot:
        """Build from spec parameters: ``time``/``strength`` (seconds per decision), ``iters``,
        ``workers``, ``c``, ``depth``, ``horizon``, ``backend``."""
        params = dict(params)
        known = {"time", "strength", "iters", "workers", "c", "depth", "horizon", "backend", "sharpness", "greedy"}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ValueError(f"unknown ismcts parameter(s) {', '.join(unknown)}; "
                             f"known: time (or a bare number: seconds per decision), iters, workers, c, depth, "
                             f"horizon, backend (python or native: the search in the compiled core), "
                             f"sharpness (how strongly the priors follow the heuristic; 0: uniform), "
                             f"greedy (native: the share of rollout moves picked by lookahead)")

        def num(key: str, kind: type[float] | type[int]) -> Any:
            raw = params[key]
            try:
                return kind(raw)
            except ValueError:
                what = "a whole number" if kind is int else "a number"
                raise ValueError(f"ismcts {key} must be {what}, not {raw!r}") from None

        seconds = num("time", float) if "time" in params else None
        if "strength" in params:
            if seconds is not None:
                raise ValueError("give the ismcts time once: ismcts:SECONDS or ismcts:time=SECONDS")
            seconds = num("strength", float)
        iters = num("iters", int) if "iters" in params else None
        if iters is not None and seconds is not None:
            raise ValueError("give ismcts either a time or an iteration budget, not both")
        workers = num("workers", int) if "workers" in params else 1
        c = num("c", float) if "c" in params else None
        depth = num("depth", int) if "depth" in params else None
        if depth is not None and depth < 0:
            raise ValueError(f"ismcts depth must be 0 or more, not {depth}")
        horizon = params.get("horizon")
        backend = params.get("backend", "python")
        sharpness = num("sharpness", float) if "sharpness" in params else 3.0
        if not sharpness >= 0:
            raise ValueError(f"ismcts sharpness must be 0 or more, not {sharpness}")
        greedy = num("greedy", float) if "greedy" in params else None
        bot = cls(seed, seconds=seconds, iters=iters, workers=workers, c=c, depth=depth, horizon=horizon,
                  backend=backend, prior_sharpness=sharpness, greedy=greedy)
        return bot

    # -- the Bot protocol ----------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Without a sampler there is nothing to search: refuse clearly."""
        if len(legal) == 1:
            return legal[0]
        raise TypeError("IsmctsBot searches over determinizations: ask it through "
                        "brinkmanship.bots.base.decide(bot, state, side)")

    def choose_with(self, view: dict[str, Any], legal: list[Action], sampler: Sampler) -> Action:
        """Search the information set behind ``view`` and play the most visited action."""
        if not legal:
            raise ValueError("IsmctsBot needs at least one legal action")
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        stats, iterations = self._search(sampler, view, legal)
        self.searched += 1
        self.last_iterations = iterations
        self.total_iterations += iterations
        self.total_seconds += time.perf_counter() - start
        best = legal[0]
        best_key = (-1, -1.0)
        for a in legal:
            n, w = stats.get(a.id, (0, 0.0))
            key = (n, w / n if n else 0.0)
            if key > best_key:
                best_key, best = key, a
        return best

    def _search(self, sampler: Sampler, view: dict[str, Any],
                legal: list[Action]) -> tuple[dict[int, tuple[int, float]], int]:
        if self.backend == "native":
            return self._search_native(sampler, view, legal)
        seeds = [self.rng.getrandbits(63) for _ in range(self.workers)]
        share = None if self.iters is None else max(1, -(-self.iters // self.workers))
        game = get_game(sampler.game_name)
        if self.workers == 1:
            search = Search(game, sampler.side, random.Random(seeds[0]), **self.params)
            _run(search, sampler, share, self.seconds)
            return search.root_stats(), search.iterations
        pool = self._executor()
        futures = [pool.submit(_worker_job, sampler, s, share, self.seconds, self.params)
                   for s in seeds[1:]]
        search = Search(game, sampler.side, random.Random(seeds[0]), **self.params)
        _run(search, sampler, share, self.seconds)
        merged = search.root_stats()
        total = search.iterations
        for f in futures:
            stats, iterations = f.result()
            total += iterations
            for aid, (n, w) in stats.items():
                n0, w0 = merged.get(aid, (0, 0.0))
                merged[aid] = (n0 + n, w0 + w)
        return merged, total

    def _root_priors(self, game: str, view: dict[str, Any], legal: list[Action]) -> list[tuple[int, float]] | None:
        """The heuristic's priors for the real decision (``Search._priors``
        on the bot's own view): one Python call per decision, which gives
        the native search the heuristic's judgement of card play where its
        one-step lookahead sees nothing yet."""
        if not self.root_priors or self.params["prior_sharpness"] <= 0:
            return None
        scores = knowledge(game).score_actions(view, legal)
        return [(a.id, p) for a, p in zip(legal, softmax_priors(scores, self.params["prior_sharpness"]), strict=True)]

    def _search_native(self, sampler: Sampler, view: dict[str, Any],
                       legal: list[Action]) -> tuple[dict[int, tuple[int, float]], int]:
        """One search in the compiled core. Rollouts stop where ``NATIVE_UNTIL``
        says for the game unless ``horizon`` or ``depth`` is given (then as
        the Python search's would: the end of the round or turn with
        ``horizon="stage"``, else after ``depth`` decisions)."""
        name = sampler.game_name
        horizon = self.params["horizon"]
        depth = self.params["depth"]
        until: str | int
        if horizon is None and depth is None:
            until = NATIVE_UNTIL.get(name, 4)
        elif (horizon or DEFAULT_HORIZON.get(name, "depth")) == "stage":
            until = "stage"
        else:
            until = DEFAULT_DEPTH.get(name, 30) if depth is None else depth
        greedy = NATIVE_GREEDY.get(name, 0.0) if self.greedy is None else self.greedy
        start = time.perf_counter()
        root_priors = self._root_priors(name, view, legal)
        seconds = None
        if self.iters is None and self.seconds is not None:
            # The heuristic's time comes out of the budget.
            seconds = max(0.0, self.seconds - (time.perf_counter() - start))
        c = NATIVE_C.get(name, 0.7) if self.c_given is None else self.c_given
        stats, iterations = sampler.native_search(c=c, until=until, iters=self.iters,
                                                  seconds=seconds, seed=self.rng.getrandbits(63),
                                                  sharpness=self.params["prior_sharpness"], greedy=greedy,
                                                  root_priors=root_priors)
        return {aid: (n, w) for aid, n, w in stats}, iterations

    def _executor(self) -> Executor:
        if self._pool is None:
            # forkserver: a fork while the CLI's spinner thread runs could
            # copy a held lock into the child.
            self._pool = ProcessPoolExecutor(max_workers=self.workers - 1,
                                             mp_context=multiprocessing.get_context("forkserver"))
        return self._pool

    def close(self) -> None:
        """Stop the worker processes (also done at exit)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def reseed(self, seed: int) -> None:
        """Restart from ``seed``."""
        self.seed = seed
        self.rng.seed(seed)

    @property
    def iterations_per_second(self) -> float:
        """Average search speed over the decisions searched so far."""
        return self.total_iterations / self.total_seconds if self.total_seconds else 0.0

    def __repr__(self) -> str:
        return f"IsmctsBot(seed={self.seed}, {self.name})"

    def __del__(self) -> None:
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def cpu_count() -> int:
    """Cores this process may use (for ``workers``)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


__all__ = ["BACKENDS", "DEFAULT_DEPTH", "IsmctsBot", "Search", "cpu_count"]
