"""Learn to play 13 Days against the random bot, with numpy alone.

A small softmax policy reads ``state.observation_tensor(side)`` and scores
every id of the game's fixed action space; the ids that are not legal are
masked out. It plays both sides against the random bot and learns from the
game's return alone (REINFORCE with a learned baseline): 1 for a win, -1 for
a loss or a nuclear war that takes both sides down. Every few updates it
plays a fixed set of evaluation games (the same seeds each time, on both
sides) and the win rates go into ``curve.json`` and ``learning_curve.png`` in
the output folder, with the trained weights in ``policy.npz``.

    python examples/learn_thirteen.py           # 30,000 games: about 5 minutes on 2 cores
    python examples/learn_thirteen.py --quick   # 2,000 games: under half a minute on one core (the tests)

No deep-learning framework is needed: the network, its gradients and the
Adam optimizer are a few lines of numpy each. The plot needs matplotlib (the
``research`` extra). docs/learning.md explains the method and the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import brinkmanship as bm
from brinkmanship.bots import RandomBot, derive_seed
from brinkmanship.envs.driver import Driver

GAME = "thirteen"
SIDES = ("USSR", "US")
Array = npt.NDArray[np.float32]

# Evaluation games use seeds from here up; training games from 0 up, so the
# two sets never share a deal.
EVAL_SEED_BASE = 1_000_000


class Policy:
    """A one-hidden-layer softmax policy over the legal action ids.

    The input is the observation tensor of the side to move. Its first slice
    says whose view it is, so one network serves both sides (13 Days' sides
    differ) and knows which it plays. The output is one score per id of the
    game's fixed action space; a softmax over the legal ids alone gives the
    move's probabilities. The output layer starts at zero, so an untrained
    policy plays uniformly at random among the legal actions, exactly like
    the random bot: the first evaluation is the baseline.

    >>> import numpy as np
    >>> p = Policy(4, 3, hidden=2, seed=0)
    >>> p.probabilities(np.ones(4, np.float32), [0, 2]).tolist()
    [0.5, 0.5]
    """

    def __init__(self, n_obs: int, n_actions: int, hidden: int = 64, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.params: dict[str, Array] = {
            "w1": (rng.standard_normal((hidden, n_obs)) / math.sqrt(n_obs)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": np.zeros((n_actions, hidden), np.float32),
            "b2": np.zeros(n_actions, np.float32),
            # The baseline: a linear estimate of the return from the input.
            "v": np.zeros(n_obs, np.float32),
            "v0": np.zeros(1, np.float32),
        }

    @classmethod
    def for_game(cls, hidden: int = 64, seed: int = 0) -> Policy:
        """An untrained policy sized for 13 Days' tensor and action space."""
        n_obs = bm.game_info(GAME)["observation_shape"][0]
        return cls(n_obs, bm.get_game(GAME).space.size, hidden, seed)

    @property
    def n_obs(self) -> int:
        """The length of the observation tensor the policy reads."""
        return self.params["v"].size

    def probabilities(self, x: Array, legal: Sequence[int]) -> Array:
        """The probability of each id in ``legal`` (in that order), given
        the observation ``x``."""
        p = self.params
        h = np.tanh(p["w1"] @ x + p["b1"])
        logits = p["w2"][legal] @ h + p["b2"][legal]
        e: Array = np.exp(logits - logits.max())
        e /= e.sum()
        return e

    def act(self, state: bm.State, side: str, rng: np.random.Generator, greedy: bool = False) -> int:
        """An action id for ``side`` in ``state``: drawn from the policy, or
        its most likely one with ``greedy``."""
        legal = state.legal_action_ids()
        probs = self.probabilities(state.observation_tensor(side), legal)
        return legal[int(probs.argmax()) if greedy else _draw(probs, rng)]

    def save(self, path: Path) -> None:
        """Write the weights as a ``.npz`` archive."""
        np.savez(path, allow_pickle=False, **self.params)

    @classmethod
    def load(cls, path: Path) -> Policy:
        """A policy with the weights written by :meth:`save`."""
        with np.load(path) as f:
            params = {k: f[k] for k in f.files}
        policy = cls(params["v"].size, params["b2"].size, params["b1"].size)
        policy.params = params
        return policy


def _draw(probs: Array, rng: np.random.Generator) -> int:
    # Inverse-CDF sampling; min() guards the rounding of the last cumulative sum.
    return min(int(np.searchsorted(np.cumsum(probs), rng.random(), side="right")), probs.size - 1)


# -- playing -----------------------------------------------------------------------------------------------


class Episode:
    """One game from the learner's seat: the input and legal ids of each of
    its decisions that had a choice, the index chosen, the return, the
    result for the learner (win, loss, both lose) and how the game ended
    (``State.result``: nuclear_war, prestige, personal_letter)."""

    __slots__ = ("chosen", "ending", "inputs", "legal", "outcome", "result")

    def __init__(self) -> None:
        self.inputs: list[Array] = []
        self.legal: list[list[int]] = []
        self.chosen: list[int] = []
        self.outcome = 0.0
        self.result = ""
        self.ending = ""


def play(policy: Policy, seed: int, side: str, stream: int, record: bool, greedy: bool = False) -> Episode:
    """One game of ``policy`` as ``side`` against the random bot (``greedy``:
    the policy plays its most likely move instead of drawing one).

    ``seed`` fixes the deal, dice and shuffles (the driver answers chance
    from the state's own generator); the random bot's seed is derived from
    it, and the policy draws its moves from a generator keyed by ``seed``,
    ``side`` and ``stream`` (0 training, 1 evaluation): a game is a function
    of the weights and these numbers alone, whichever process plays it.
    """
    rng = np.random.default_rng([stream, seed, SIDES.index(side)])
    other = SIDES[1 - SIDES.index(side)]
    bot = RandomBot(derive_seed(seed, other))
    driver = Driver(GAME)
    driver.reset(seed)
    state = driver.state
    ep = Episode()
    while (mover := driver.to_move) is not None:
        if mover == other:
            # What every harness gives a bot: its view and the legal actions.
            driver.step(bot.choose(state.view(other, log=False), state.legal_actions()).id)
            continue
        legal = state.legal_action_ids()
        if len(legal) == 1:  # no choice, nothing to learn
            driver.step(legal[0])
            continue
        x = state.observation_tensor(side)
        probs = policy.probabilities(x, legal)
        k = int(probs.argmax()) if greedy else _draw(probs, rng)
        if record:
            ep.inputs.append(x)
            ep.legal.append(legal)
            ep.chosen.append(k)
        driver.step(legal[k])
    returns = driver.returns()
    ep.outcome = returns[side]
    ep.result = "win" if ep.outcome > 0 else "both lose" if returns[other] < 0 else "loss"
    ep.ending = state.result or ""
    return ep


# Each worker process builds its policy once, then plays with the weights
# sent along with each batch.
_worker_policy: Policy | None = None


def _play_batch(job: tuple[dict[str, Array], list[tuple[int, str]], int, bool, bool]) -> list[Episode]:
    global _worker_policy
    params, games, stream, record, greedy = job
    if _worker_policy is None:
        _worker_policy = Policy(params["v"].size, params["b2"].size, params["b1"].size)
    _worker_policy.params = params
    return [play(_worker_policy, seed, side, stream, record, greedy) for seed, side in games]


class Players:
    """Plays lists of games in this process or split across a pool of
    worker processes; the episodes come back in the order asked for."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        # "spawn" starts clean interpreters, the same on every platform.
        self.pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None

    def run(self, policy: Policy, games: list[tuple[int, str]], stream: int, record: bool,
            greedy: bool = False) -> list[Episode]:
        if self.pool is None:
            return [play(policy, seed, side, stream, record, greedy) for seed, side in games]
        chunks = [games[i :: self.workers] for i in range(self.workers)]
        parts = self.pool.map(_play_batch, [(policy.params, c, stream, record, greedy) for c in chunks])
        # Undo the interleaving of the chunks.
        out: list[Episode] = [Episode()] * len(games)
        for i, part in enumerate(parts):
            out[i :: self.workers] = part
        return out

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


# -- learning ----------------------------------------------------------------------------------------------


class Adam:
    """The Adam optimizer over a dict of arrays (updates them in place)."""

    def __init__(self, params: dict[str, Array], lr: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.lr, self.beta1, self.beta2, self.t = lr, beta1, beta2, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.s = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.t += 1
        c1, c2 = 1 - self.beta1**self.t, 1 - self.beta2**self.t
        for k, g in grads.items():
            self.m[k] = self.beta1 * self.m[k] + (1 - self.beta1) * g
            self.s[k] = self.beta2 * self.s[k] + (1 - self.beta2) * g * g
            params[k] -= (self.lr * (self.m[k] / c1) / (np.sqrt(self.s[k] / c2) + 1e-8)).astype(np.float32)


def gradients(policy: Policy, episodes: list[Episode], entropy: float) -> tuple[dict[str, Array], dict[str, float]]:
    """The gradients of the REINFORCE loss with a baseline, over a batch.

    Every decision of a game shares the game's return G. The baseline V(x)
    (linear in the input) is fitted to G by least squares; the policy's loss
    is -(G - V(x)) log pi(a | x), minus a small entropy bonus that keeps it
    from settling too early on one move. Losses are averaged per decision.
    """
    p = policy.params
    x = np.stack([xi for ep in episodes for xi in ep.inputs])
    g = np.array([ep.outcome for ep in episodes for _ in ep.chosen], np.float32)
    n = len(g)
    rows = np.repeat(np.arange(n), [len(legal) for ep in episodes for legal in ep.legal])
    cols = np.concatenate([legal for ep in episodes for legal in ep.legal])
    chosen = np.array([legal[k] for ep in episodes for legal, k in zip(ep.legal, ep.chosen, strict=True)])

    value = x @ p["v"] + p["v0"][0]
    advantage = g - value
    h = np.tanh(x @ p["w1"].T + p["b1"])
    logits = np.full((n, p["b2"].size), -np.inf, np.float32)
    logits[rows, cols] = (h @ p["w2"].T + p["b2"])[rows, cols]
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    logp = np.where(probs > 0, np.log(np.maximum(probs, 1e-30)), 0.0)
    ent = -(probs * logp).sum(axis=1)

    # d(loss)/d(logits): the policy gradient plus the entropy bonus's.
    dz = probs * advantage[:, None]
    dz[np.arange(n), chosen] -= advantage
    dz += entropy * probs * (logp + ent[:, None])
    dz /= n
    dh = (dz @ p["w2"]) * (1 - h * h)
    grads = {
        "w2": dz.T @ h,
        "b2": dz.sum(axis=0),
        "w1": dh.T @ x,
        "b1": dh.sum(axis=0),
        "v": -(advantage @ x) / n,
        "v0": np.array([-advantage.mean()], np.float32),
    }
    stats = {"entropy": float(ent.mean()), "value_error": float((advantage**2).mean())}
    return {k: v.astype(np.float32) for k, v in grads.items()}, stats


# -- evaluation --------------------------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% with the default z).

    >>> [round(v, 3) for v in wilson(50, 100)]
    [0.404, 0.596]
    """
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(players: Players, policy: Policy, seeds: int, greedy: bool = False) -> dict[str, Any]:
    """The policy's results against the random bot on the fixed evaluation
    games: ``seeds`` deals, each played once as the USSR and once as the US."""
    games = [(EVAL_SEED_BASE + i, side) for i in range(seeds) for side in SIDES]
    episodes = players.run(policy, games, stream=1, record=False, greedy=greedy)
    out: dict[str, Any] = {"games": len(games)}
    for side in (*SIDES, "all"):
        mine = [ep for ep, (_, s) in zip(episodes, games, strict=True) if side in ("all", s)]
        wins = sum(ep.result == "win" for ep in mine)
        low, high = wilson(wins, len(mine))
        out[side] = {
            "games": len(mine),
            "wins": wins,
            "win_rate": wins / len(mine),
            "ci95": [low, high],
            "both_lose": sum(ep.result == "both lose" for ep in mine) / len(mine),
            # How the games ended: "win by nuclear_war" is the opponent's war.
            "endings": dict(sorted(Counter(f"{ep.result} by {ep.ending}" for ep in mine).items())),
        }
    return out


# -- the run -----------------------------------------------------------------------------------------------


# The settings of the full run and of the short one (``--quick``) where they differ.
FULL = {"games": 30000, "batch": 200, "eval_every": 10, "eval_deals": 1000, "lr_final": 1e-3, "workers": 2}
QUICK = {"games": 2000, "batch": 100, "eval_every": 10, "eval_deals": 200, "lr_final": 3e-3, "workers": 1}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    def default(key: str) -> str:
        return f"(default {FULL[key]}; {QUICK[key]} with --quick)"

    ap = argparse.ArgumentParser(description="Train a numpy policy for 13 Days against the random bot.")
    ap.add_argument("--quick", action="store_true", help="the short run of the tests (seconds, not minutes)")
    ap.add_argument("--out", type=Path, default=Path("artifacts/learn_thirteen"), help="output folder")
    ap.add_argument("--seed", type=int, default=0, help="seeds the initial weights (games are seeded by number)")
    ap.add_argument("--games", type=int, help="training games " + default("games"))
    ap.add_argument("--batch", type=int, help="games per update " + default("batch"))
    ap.add_argument("--eval-every", type=int, help="updates between evaluations " + default("eval_every"))
    ap.add_argument("--eval-deals", type=int,
                    help="evaluation deals, each played on both sides " + default("eval_deals"))
    ap.add_argument("--lr", type=float, default=3e-3, help="Adam's learning rate at the start (default 3e-3)")
    ap.add_argument("--lr-final", type=float,
                    help="the learning rate at the end, reached linearly " + default("lr_final"))
    ap.add_argument("--hidden", type=int, default=64, help="hidden units (default 64)")
    ap.add_argument("--entropy", type=float, default=0.001, help="weight of the entropy bonus (default 0.001)")
    ap.add_argument("--workers", type=int, help="processes playing the games " + default("workers"))
    args = ap.parse_args(argv)
    for key, value in (QUICK if args.quick else FULL).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    return args


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, evaluating every ``eval_every`` updates; write the weights, the
    curve and its plot into ``args.out``; return what ``curve.json`` holds."""
    policy = Policy.for_game(args.hidden, args.seed)
    adam = Adam(policy.params, args.lr)
    players = Players(args.workers)
    curve: list[dict[str, Any]] = []
    start = time.perf_counter()

    def checkpoint(trained: int) -> None:
        ev = evaluate(players, policy, args.eval_deals)
        ev["trained_games"] = trained
        ev["seconds"] = round(time.perf_counter() - start, 1)
        curve.append(ev)
        a = ev["all"]
        print(f"{trained:6d} games {ev['seconds']:6.1f} s   win rate vs random {a['win_rate']:.3f} "
              f"[{a['ci95'][0]:.3f}, {a['ci95'][1]:.3f}]   as USSR {ev['USSR']['win_rate']:.3f}  "
              f"as US {ev['US']['win_rate']:.3f}   both lose {a['both_lose']:.3f}", flush=True)

    try:
        checkpoint(0)
        updates = args.games // args.batch
        for u in range(updates):
            # Training deals are numbered from 0; consecutive games alternate sides.
            games = [(u * args.batch + i, SIDES[i % 2]) for i in range(args.batch)]
            episodes = players.run(policy, games, stream=0, record=True)
            grads, _ = gradients(policy, episodes, args.entropy)
            adam.lr = args.lr + (args.lr_final - args.lr) * u / max(updates - 1, 1)
            adam.step(policy.params, grads)
            if (u + 1) % args.eval_every == 0 or u + 1 == updates:
                checkpoint((u + 1) * args.batch)
        greedy = evaluate(players, policy, args.eval_deals, greedy=True)
    finally:
        players.close()

    args.out.mkdir(parents=True, exist_ok=True)
    policy.save(args.out / "policy.npz")
    result = {
        "game": GAME,
        "opponent": "random",
        "settings": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
        "observation_size": policy.n_obs,
        "seconds": round(time.perf_counter() - start, 1),
        "curve": curve,
        "greedy": greedy,
    }
    (args.out / "curve.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    plot(result, args.out / "learning_curve.png")
    return result


def plot(result: dict[str, Any], path: Path) -> None:
    """The win rate against random over the games trained, with 95% bands."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = result["curve"]
    x = [c["trained_games"] for c in curve]
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for key, colour, label in (("all", "black", "both sides"), ("USSR", "tab:red", "as USSR"),
                               ("US", "tab:blue", "as US")):
        rate = [c[key]["win_rate"] for c in curve]
        low = [c[key]["ci95"][0] for c in curve]
        high = [c[key]["ci95"][1] for c in curve]
        ax.plot(x, rate, color=colour, label=label, lw=2 if key == "all" else 1.2)
        ax.fill_between(x, low, high, color=colour, alpha=0.15, lw=0)
    both = [c["all"]["both_lose"] for c in curve]
    ax.plot(x, both, color="tab:gray", ls="--", lw=1.2, label="nuclear war (both lose)")
    ax.set_xlabel("games trained")
    ax.set_ylabel("share of evaluation games")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    deals = curve[0]["games"] // 2
    ax.set_title(f"13 Days, numpy policy vs the random bot\nwin rate on {deals} deals x 2 sides, 95% bands")
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Run from the command line (``argv`` as ``sys.argv[1:]``)."""
    args = parse_args(argv)
    print(f"13 Days vs the random bot: {args.games} training games in batches of {args.batch} "
          f"({args.workers} process{'es' if args.workers > 1 else ''}), evaluated every {args.eval_every} updates "
          f"on {args.eval_deals} deals x 2 sides", flush=True)
    result = train(args)
    first, last = result["curve"][0]["all"], result["curve"][-1]["all"]
    print(f"win rate vs random: {first['win_rate']:.3f} untrained, {last['win_rate']:.3f} trained "
          f"({result['greedy']['all']['win_rate']:.3f} playing its most likely moves); {result['seconds']} s")
    print(f"wrote {args.out / 'learning_curve.png'}, {args.out / 'curve.json'} and {args.out / 'policy.npz'}")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
