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

Options of a run (:class:`Extras`, ``--help``) steer it to what plain
random games seldom reach: ``--events-off`` (Twilight without card events;
13 Days never playing an event when something else is legal),
``--favour GROUP`` (random play prefers the events of a card group),
``--plant N`` (N more games from planted positions: a Twilight table dealt
by ``from_position`` around a card of the group, or a 13 Days board
rewritten at a turn decision), ``--resample K`` (both sides' resample at
every K-th decision, the generators' states compared after) and
``--reload P`` (the native game goes on, with chance P after each action,
from the Python state's JSON read back).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
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
    # Planted positions refused (by ``from_position`` or the validator) or already over.
    skipped: int = 0
    seconds: float = 0.0
    results: dict[str, int] = field(default_factory=dict)
    # How often each log code was written: which events, rules and endings
    # the games went through (coverage of what was compared).
    codes: Counter[str] = field(default_factory=Counter)

    def __str__(self) -> str:
        rate = self.actions / self.seconds if self.seconds else 0.0
        return (f"{self.game}: {self.games} games, {self.actions} actions, {self.copies_checked} copies "
                f"checked, 0 differences in {self.seconds:.1f} s ({rate:.0f} actions/s); results {self.results}; "
                f"{len(self.codes)} distinct log codes" + (f"; {self.skipped} planted positions skipped"
                                                          if self.skipped else ""))


@dataclass
class Extras:
    """What a run adds to plain random games (all off by default)."""

    # Twilight: card events off; 13 Days: events played only when nothing else is legal.
    events_off: bool = False
    # A card group whose events random play prefers (see ``GROUPS``), with this chance.
    favour: str | None = None
    bias: float = 0.5
    # Games from planted positions (after the random games), each played for at most ``plies`` actions.
    plant: int = 0
    plies: int = 300
    # Resample both sides at every K-th decision (0: only at the copy points).
    resample_every: int = 0
    # The chance, after each action, of going on with a native state loaded from the Python JSON.
    reload: float = 0.0


def _twilight_groups() -> dict[str, frozenset[int]]:
    from brinkmanship.twilight.board import CHINA, OPTIONAL_CARDS, PERIOD_CARDS

    groups = {p.lower(): frozenset(PERIOD_CARDS[p]) | frozenset(OPTIONAL_CARDS[p]) for p in PERIOD_CARDS}
    groups["optional"] = frozenset(c for cards in OPTIONAL_CARDS.values() for c in cards)
    groups["all"] = frozenset(range(1, 111)) - {CHINA}
    return groups


def groups(game: str) -> dict[str, frozenset[int]]:
    """The card groups ``--favour`` and ``--plant`` know, by name: Twilight's
    periods (``early``, ``mid``, ``late``, each with its optional cards),
    ``optional`` and ``all``; 13 Days' ``all``."""
    if game == "twilight":
        return _twilight_groups()
    return {"all": frozenset(range(1, 40))}


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

    def __init__(self, where: str, python: bm.State, native: bm.State, views_every: int, full_every: int,
                 extras: Extras | None = None) -> None:
        self.where = where
        self.python = python
        if not isinstance(native, NativeState):
            raise Difference(f"{self.where}: backend='native' gave {type(native).__name__}")
        self.native: NativeState = native
        self.views_every = views_every
        self.full_every = full_every
        self.extras = extras or Extras()
        self.prefer = _preference(python.game.name, self.extras)
        # 13 Days without events takes a non-event action whenever there is one.
        self.bias = 1.0 if self.extras.events_off else self.extras.bias
        self.last = "the start"
        self.log_seen = 0
        self.log_texts: list[str] = []
        # Log entries before the comparison started (a planted position's) are not counted.
        self.log_start = len(python.log_entries)

    @classmethod
    def new(cls, game: str, seed: int, options: dict[str, Any], views_every: int, full_every: int,
            extras: Extras | None = None) -> _Game:
        """A new game on both backends."""
        return cls(f"{game} seed {seed} options {options}", bm.new_game(game, seed, options, backend="python"),
                   bm.new_game(game, seed, options, backend="native"), views_every, full_every, extras)

    def fail(self, what: str, detail: str = "") -> Difference:
        ply = self.python.data["ply"]
        return Difference(f"{self.where}, ply {ply}, after {self.last}: {what} differs"
                          + (f": {detail}" if detail else ""))

    def same(self, what: str, a: Any, b: Any) -> None:
        if a != b:
            raise self.fail(what, json_diff(_plain(a), _plain(b)))

    def compare_text_fast(self) -> None:
        """``to_json`` compared in two parts that together are the whole
        text: the state without its log (the Python data written with an
        empty log against the native ``to_json_nolog``), and the log entries
        added since the last comparison (each Python entry written once
        against the native ``log_json`` of that tail). Log entries never
        change once appended (``core.log``), so this pins every byte of
        ``to_json`` without writing the whole log at every action; the
        whole text is compared as well wherever the views are."""
        d = self.python.data
        log = d["log"]
        nat = self.native.native
        head_py = json.dumps({**d, "log": []}, separators=_SEPARATORS)
        head_native = nat.to_json_nolog()
        if head_py != head_native:
            raise self.fail("to_json (without the log)", json_diff(json.loads(head_py), json.loads(head_native)))
        have = self.log_texts
        if nat.log_len() != len(log):
            raise self.fail("log length", f"{len(log)} != {nat.log_len()}")
        if len(have) < len(log):
            tail_py = [json.dumps(e, separators=_SEPARATORS) for e in log[len(have):]]
            tail_native = nat.log_json(len(have))
            if "[" + ",".join(tail_py) + "]" != tail_native:
                raise self.fail("to_json (the log's new entries)",
                                json_diff(log[len(have):], json.loads(tail_native)))
            have.extend(tail_py)

    def compare_json(self, text_py: str, text_native: str) -> None:
        if text_py != text_native:
            raise self.fail("to_json", json_diff(json.loads(text_py), json.loads(text_native)))

    def compare(self, py: bm.State, native: bm.State, *, views: bool, full: bool, fast: bool = False) -> None:
        """What a client can ask of the two states: the decision, the
        outcome and ``to_json`` always (in two parts with ``fast``: see
        ``compare_text_fast``); with ``views``, every view (with the log if
        ``full``), the observation tensors and the log entries."""
        if fast:
            self.compare_text_fast()
        else:
            self.compare_json(py.to_json(), native.to_json())
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
        py, native = self.python, self.native
        if self.prefer is None or py.current_player == "chance":
            a = py.apply_random(rng_py)
            b = native.apply_random(rng_native)
        else:
            # Steered play: the Python side chooses (preferring the
            # actions ``prefer`` picks), both apply the same action.
            legal = py.legal_actions()
            liked = [x for x in legal if self.prefer(x)]
            if liked and rng_py.random() < self.bias:
                a = liked[int(rng_py.random() * len(liked))]
            else:
                a = legal[int(rng_py.random() * len(legal))]
            py.apply(a)
            native.apply(a)
            b = a
        self.last = f"{a.text!r} (id {a.id})"
        if a is not b:
            raise self.fail("the action drawn", f"python {a.text!r} (id {a.id}), native {b.text!r} (id {b.id})")

    def check_resample(self, s: int) -> None:
        """Both sides' determinization from generators seeded ``s``: the same
        JSON, the generators left in the same state, the original untouched."""
        py, native = self.python, self.native
        before = py.to_json()
        for side in py.game.players:
            g_py, g_native = random.Random(s), random.Random(s)
            r_py, r_native = py.resample(side, g_py), native.resample(side, g_native)
            if r_py.to_json() != r_native.to_json():
                raise self.fail(f"resample({side!r})",
                                json_diff(json.loads(r_py.to_json()), json.loads(r_native.to_json())))
            if g_py.getstate() != g_native.getstate():
                raise self.fail(f"the generator's state after resample({side!r})")
        if py.to_json() != before or native.to_json() != before:
            raise self.fail("the state after its resample")

    def reload(self) -> None:
        """Go on with a native state read from the Python JSON (continuation
        frames the native core did not push itself)."""
        self.native = _native(bm.load(self.python.to_json(), backend="native"))
        self.last += " (reloaded)"

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
            self.check_resample(s)
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


def _native(state: bm.State) -> NativeState:
    if not isinstance(state, NativeState):
        raise Difference(f"backend='native' gave {type(state).__name__}")
    return state


def _preference(game: str, extras: Extras) -> Callable[[bm.Action], bool] | None:
    """Which actions steered play prefers, or None for plain random play."""
    if game == "thirteen" and extras.events_off:
        return lambda a: a.verb not in ("event", "accept")
    if extras.favour is None:
        return None
    cards = groups(game)[extras.favour]
    verbs = ("event", "headline") if game == "twilight" else ("event", "accept")
    return lambda a: a.verb in verbs and a.arg in cards


def _play(g: _Game, seed: int, copy_points: int, codes: Counter[str] | None,
          max_actions: int | None = None) -> tuple[int, int, str | None]:
    """Play ``g`` on (to the end, or ``max_actions``), comparing after every
    action; returns (actions, copies checked, result)."""
    extras = g.extras
    rng_py, rng_native = random.Random(seed), random.Random(seed)
    draw = random.Random(~seed)
    # A few plies of each game where the copies are checked too.
    points = {draw.randrange(1, 400) for _ in range(copy_points)}
    g.compare(g.python, g.native, views=True, full=True)
    actions = copies = 0
    while not g.python.is_terminal and (max_actions is None or actions < max_actions):
        if extras.resample_every and actions % extras.resample_every == 0 and g.python.current_player != "chance":
            g.check_resample(draw.randrange(1 << 30))
        g.step(rng_py, rng_native)
        actions += 1
        if extras.reload and draw.random() < extras.reload:
            g.reload()
        views = actions % g.views_every == 0
        # Wherever the views are compared, so is the whole to_json as written
        # by the Python engine (in its two parts everywhere else).
        g.compare(g.python, g.native, views=views, full=actions % g.full_every == 0, fast=not views)
        if actions in points:
            g.check_copies(draw)
            copies += 1
    if g.python.is_terminal and not g.native.is_terminal:
        raise g.fail("is_terminal at the end")
    g.compare(g.python, g.native, views=True, full=True)
    g.same("log (rendered)", g.python.log, g.native.log)
    if codes is not None:
        codes.update(e["code"] for e in g.python.log_entries[g.log_start:])
    return actions, copies, g.python.result


def compare_game(game: str, seed: int, options: dict[str, Any], *, views_every: int = 1,
                 full_every: int = 25, copy_points: int = 3,
                 codes: Counter[str] | None = None, extras: Extras | None = None) -> tuple[int, int, str | None]:
    """Play one game on both backends, comparing after every action (the
    views, tensors and log every ``views_every`` actions, with the whole
    log in the views every ``full_every``); returns (actions, copies
    checked, result)."""
    g = _Game.new(game, seed, options, views_every, full_every, extras)
    return _play(g, seed, copy_points, codes)


# ---------------------------------------------------------------------------------------------
# Planted positions
# ---------------------------------------------------------------------------------------------

# Lasting effects a planted Twilight table may hold (with their data), each
# drawn with some chance: those the events read, and a few others.
_EFFECT_POOL: list[tuple[str, Any]] = [
    ("NATO", {}), ("John Paul II Elected Pope", {}), ("Willy Brandt", {}), ("Flower Power", {}),
    ("The Reformer", {}), ("Iranian Hostage Crisis", {}), ("U2 Incident", {}), ("NORAD", {}),
    ("Yuri and Samantha", {}), ("Iran-Contra Scandal", {}), ("De Gaulle Leads France", {}),
    ("Containment", {}), ("Brezhnev Doctrine", {}), ("Vietnam Revolts", {}), ("Nuclear Subs", {}),
    ("SALT Negotiations", {}), ("US/Japan Mutual Defense Pact", {}), ("We Will Bury You", {}),
    ("Chernobyl", lambda r: {"region": r.choice(["Europe", "Asia", "Middle East", "Africa",
                                                  "Central America", "South America"])}),
    ("Red Scare/Purge", lambda r: {"side": r.choice(["USSR", "US"])}),
    ("Cuban Missile Crisis", lambda r: {"side": r.choice(["USSR", "US"])}),
    ("Latin American Death Squads", lambda r: {"side": r.choice(["USSR", "US"])}),
    ("Quagmire", {}), ("Bear Trap", {}), ("Tear Down This Wall", {}), ("An Evil Empire", {}),
]

# Per card: what makes its event's prerequisite hold (influence to add, an
# effect, fields of the position), applied to three quarters of its tables.
_NEEDS: dict[int, Any] = {
    100: {"defcon": 2}, 101: "John Paul II Elected Pope", 105: ("US", "UK", 5), 108: ("US", "Iran", 5),
    85: {"space": {"USSR": 1, "US": 6}}, 90: "The Reformer", 96: "Willy Brandt", 97: "Flower Power",
    92: "Iranian Hostage Crisis", 42: "NORAD", 32: "U2 Incident", 89: ("US", "South Korea", 5),
    84: ("USSR", "Libya", 4), 91: ("US", "Cuba", 2), 95: ("USSR", "Argentina", 2), 107: ("US", "Zaire", 2),
}


def twilight_position(k: int, target: int) -> dict[str, Any]:
    """A Twilight position (``docs/positions.md``) dealing ``target`` into a
    hand, on a turn of its period and a random table: influence, DEFCON, VP,
    the Space Race, lasting effects, discard pile and removed cards."""
    from brinkmanship.twilight.board import CHINA, NAMES, OPTIONAL_CARDS, PERIOD_CARDS, SCORING, STARRED
    from brinkmanship.twilight.data.setup import FIXED_INFLUENCE, hand_size

    r = random.Random(1_000_003 * k + target)
    period = next(p for p in PERIOD_CARDS if target in PERIOD_CARDS[p] or target in OPTIONAL_CARDS[p])
    turn = {"Early": r.randint(1, 10), "Mid": r.randint(4, 10), "Late": r.randint(8, 10)}[period]
    optional = any(target in c for c in OPTIONAL_CARDS.values()) or r.random() < 0.6
    phasing = r.choice(["USSR", "US"])
    holder = phasing if r.random() < 0.7 else ("US" if phasing == "USSR" else "USSR")
    pos: dict[str, Any] = {
        "seed": k, "options": {"events": True, "optional_cards": optional}, "turn": turn,
        "phase": "headline" if r.random() < 0.3 else "action",
        "action_round": r.randint(1, 6 if turn < 4 else 7), "phasing": phasing,
        "defcon": r.choice([2, 2, 3, 4, 5]), "vp": r.randint(-12, 12),
        "milops": {"USSR": r.randint(0, 5), "US": r.randint(0, 5)},
        "space": {"USSR": r.randint(0, 8), "US": r.randint(0, 8)},
    }
    inf: dict[str, dict[str, int]] = {"USSR": {}, "US": {}}
    for side, placed in FIXED_INFLUENCE.items():
        inf[side].update(placed)
    for _ in range(r.randint(5, 40)):
        side, name = r.choice(["USSR", "US"]), NAMES[r.randrange(len(NAMES))]
        inf[side][name] = inf[side].get(name, 0) + r.randint(1, 4)
    effects: dict[str, Any] = {}
    for name, data in _EFFECT_POOL:
        if r.random() < 0.12:
            effects[name] = data(r) if callable(data) else dict(data)
    for a, b in (("Tear Down This Wall", "Willy Brandt"), ("An Evil Empire", "Flower Power")):
        if a in effects and b in effects:
            del effects[r.choice([a, b])]
    need = _NEEDS.get(target)
    if need is not None and r.random() < 0.75:
        if isinstance(need, str):
            effects[need] = {}
        elif isinstance(need, tuple):
            side, name, n = need
            inf[side][name] = inf[side].get(name, 0) + n
        else:
            pos.update(need)
    pos["influence"], pos["effects"] = inf, effects
    cards = set(PERIOD_CARDS["Early"]) | (set(PERIOD_CARDS["Mid"]) if turn >= 4 else set())
    cards |= set(PERIOD_CARDS["Late"]) if turn >= 8 else set()
    if optional:
        cards |= {c for p, c_ in OPTIONAL_CARDS.items() for c in c_
                  if p == "Early" or (p == "Mid" and turn >= 4) or (p == "Late" and turn >= 8)}
    pool = sorted(cards - {target, CHINA})
    r.shuffle(pool)
    size = hand_size(turn)
    hand = [target, *pool[:size - 1]]
    r.shuffle(hand)
    rest = pool[size - 1:]
    pos["hands"] = {holder: hand}
    if r.random() < 0.3:
        # The opponent holds scoring cards now and then (The Cambridge Five shows them).
        other = "US" if holder == "USSR" else "USSR"
        scoring = [c for c in rest if SCORING[c]][:r.randint(1, 3)]
        rest = [c for c in rest if c not in scoring]
        pos["hands"][other] = scoring + rest[:size - len(scoring)]
        rest = rest[size - len(scoring):]
    n_discard = r.randint(0, 12)
    pos["discard"] = rest[:n_discard]
    # Only starred cards are ever removed from the game.
    pos["removed"] = [c for c in rest[n_discard:n_discard + r.randint(0, 6)] if STARRED[c]]
    return pos


def _thirteen_perturbed(k: int) -> str | None:
    """A 13 Days game played at random (Python alone) to a turn decision
    whose board is then rewritten (cubes anywhere up to the limits, any
    DEFCON markers, prestige, round effects, sometimes an empty hand for
    the opponent): full arenas, an empty supply, markers at the tracks'
    ends, bans in force. Its JSON, or None if the validator refuses it."""
    from brinkmanship.core import StateError
    from brinkmanship.thirteen.board import SIDES
    from brinkmanship.thirteen.data.board import ARENA_MAX, DEFCON_MAX, DEFCON_MIN, MAX_LEAD, SUPPLY
    from brinkmanship.thirteen.rules import ROUND_EFFECTS

    r = random.Random(k)
    state = bm.new_game("thirteen", k, backend="python")
    stop = r.randrange(1, 60)
    while not state.is_terminal and (stop > 0 or state.data["stack"][-1]["f"] != "turn"):
        state.apply_random(r)
        stop -= 1
    if state.is_terminal:
        return None
    d = json.loads(state.to_json())
    for side in SIDES:
        row = [r.choice((0, 0, 1, 2, 3, 4, 5, ARENA_MAX)) for _ in d["cubes"][side]]
        while sum(row) > SUPPLY:
            i = r.randrange(len(row))
            row[i] = max(0, row[i] - 1)
        d["cubes"][side] = row
        d["defcon"][side] = [r.choice((DEFCON_MIN, DEFCON_MIN, 2, 3, 4, 5, DEFCON_MAX - 2)) for _ in d["defcon"][side]]
    d["prestige"] = r.randint(-MAX_LEAD, MAX_LEAD)
    d["fx"] = {name: [s for s in SIDES if r.random() < 0.3] for name in ROUND_EFFECTS}
    if r.random() < 0.3:
        victim = SIDES[1 - SIDES.index(d["stack"][-1]["p"])]
        d["discard"].extend(d["hands"][victim])
        d["hands"][victim] = []
    text = json.dumps(d, separators=_SEPARATORS)
    try:
        bm.load(text, backend="python")
    except StateError:
        return None
    return text


def planted_game(game: str, k: int, views_every: int, full_every: int, extras: Extras) -> _Game | None:
    """Planted position ``k`` on both backends (None when the position is
    refused or already over). Twilight cycles through the cards of the
    favoured group (every card by default)."""
    from brinkmanship.core import PositionError

    if game == "twilight":
        cards = sorted(groups(game)[extras.favour or "all"])
        target = cards[k % len(cards)]
        pos = twilight_position(k, target)
        try:
            python = bm.from_position(game, pos, backend="python")
        except PositionError:
            return None
        where = f"twilight planted position {k} (card #{target})"
        native = bm.from_position(game, pos, backend="native")
    else:
        perturbed = _thirteen_perturbed(k)
        if perturbed is None:
            return None
        python = bm.load(perturbed, backend="python")
        native = bm.load(perturbed, backend="native")
        where = f"thirteen perturbed position {k}"
    if python.is_terminal:
        return None
    return _Game(where, python, native, views_every, full_every, extras)


def compare_games(game: str, n: int, seed: int = 0, options_mix: list[dict[str, Any]] | None = None, *,
                  views_every: int = 1, full_every: int = 25, copy_points: int = 3,
                  extras: Extras | None = None) -> Report:
    """Play ``n`` seeded random games of ``game`` on both backends (seeds
    ``seed``, ``seed + 1``...; options cycling through ``options_mix``,
    every combination of the game's options by default), comparing after
    every action (see :func:`compare_game`), then ``extras.plant`` games
    from planted positions. Raises :class:`Difference` at the first
    difference."""
    extras = extras or Extras()
    mixes = options_mix if options_mix is not None else option_mixes(game)
    if extras.events_off and game == "twilight":
        mixes = [m for m in mixes if not m.get("events", True)]
    report = Report(game)
    start = time.perf_counter()

    def count(actions: int, copies: int, result: str | None) -> None:
        report.games += 1
        report.actions += actions
        report.copies_checked += copies
        report.results[str(result)] = report.results.get(str(result), 0) + 1

    for k in range(n):
        count(*compare_game(game, seed + k, mixes[k % len(mixes)], views_every=views_every,
                            full_every=full_every, copy_points=copy_points, codes=report.codes, extras=extras))
    for k in range(seed, seed + extras.plant):
        g = planted_game(game, k, views_every, full_every, extras)
        if g is None:
            report.skipped += 1
            continue
        count(*_play(g, k, copy_points, report.codes, extras.plies))
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
    parser.add_argument("--copy-points", type=int, default=3, help="plies per game where copies are checked")
    parser.add_argument("--codes", action="store_true", help="also list how often each log code was written")
    parser.add_argument("--events-off", action="store_true",
                        help="Twilight without card events; 13 Days plays an event only when nothing else is legal")
    parser.add_argument("--favour", metavar="GROUP", help="random play prefers this card group's events "
                        "(Twilight: early, mid, late, optional, all; 13 Days: all)")
    parser.add_argument("--bias", type=float, default=0.5, help="the chance a favoured event is taken when legal")
    parser.add_argument("--plant", type=int, default=0, metavar="N", help="N more games from planted positions")
    parser.add_argument("--plies", type=int, default=300, help="actions played from a planted position")
    parser.add_argument("--resample", type=int, default=0, metavar="K",
                        help="resample both sides at every K-th action (generators compared too)")
    parser.add_argument("--reload", type=float, default=0.0, metavar="P",
                        help="the chance per action of going on from the Python JSON read by the native core")
    args = parser.parse_args(argv)
    if args.favour is not None and args.favour not in groups(args.game):
        parser.error(f"--favour: one of {sorted(groups(args.game))}")
    extras = Extras(events_off=args.events_off, favour=args.favour, bias=args.bias, plant=args.plant,
                    plies=args.plies, resample_every=args.resample, reload=args.reload)
    try:
        report = compare_games(args.game, args.n, args.seed, views_every=args.views_every,
                               full_every=args.full_every, copy_points=args.copy_points, extras=extras)
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
