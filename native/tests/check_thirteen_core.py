"""Compare the native 13 Days core with the Python engine, rules only.

Plays seeded random games on both engines with random option mixes,
choosing uniformly among the legal actions but never one that plays an
event (``event <card>`` or ``accept``); a game where only event plays are
legal stops there. After every action it compares ``to_json`` byte for
byte, the current player and the legal ids in order. With ``--load`` it
also reads Python states back through ``ThirteenState.from_json`` and
compares the same things, and checks that malformed states are refused
with ``ValueError``.

Run (see BRIEF16.md for building the wheel)::

    PYTHONPATH=src:/tmp/t13core-site python native/tests/check_thirteen_core.py --games 2000
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time

import brinkmanship as bm
from brinkmanship.thirteen.actions import SPACE
from brinkmanship.thirteen.options import OPTION_CHOICES, make_options
from brinkmanship_native import ThirteenState

VERBOSE = "-v" in sys.argv
EVENT_IDS = frozenset(a.id for a in SPACE.actions if a.verb in ("event", "accept"))


def random_options(r: random.Random) -> dict:
    """A random mix: each option at a random allowed value, some left out."""
    out = {}
    for name, values in OPTION_CHOICES.items():
        if r.random() < 0.7:
            out[name] = r.choice(values)
    return out


def random_seed(r: random.Random, k: int) -> int:
    kind = k % 5
    if kind == 0:
        return k
    if kind == 1:
        return r.getrandbits(64)
    if kind == 2:
        return -r.getrandbits(40)
    if kind == 3:
        return r.getrandbits(100) - (1 << 99)
    return r.randrange(1000)


def diff(a: str, b: str) -> str:
    """The first differing top-level keys of two JSON states, shortly."""
    da, db = json.loads(a), json.loads(b)
    out = []
    for k in da:
        if da.get(k) != db.get(k):
            va, vb = json.dumps(da.get(k)), json.dumps(db.get(k))
            if k == "log":
                la, lb = da[k], db.get(k) or []
                n = next((i for i, (x, y) in enumerate(itertools.zip_longest(la, lb)) if x != y), None)
                va = json.dumps(la[n:n + 2] if n is not None else la)
                vb = json.dumps(lb[n:n + 2] if n is not None else lb)
            out.append(f"  {k}:\n    py: {va[:600]}\n    rs: {vb[:600]}")
    if not out and a != b:
        n = next(i for i, (x, y) in enumerate(itertools.zip_longest(a, b)) if x != y)
        out.append(f"  text differs at {n}:\n    py: {a[n - 80:n + 80]}\n    rs: {b[n - 80:n + 80]}")
    return "\n".join(out[:4])


class Mismatch(Exception):
    pass


def compare(py: bm.State, rs: ThirteenState, what: str) -> list[int]:
    pj, rj = py.to_json(), rs.to_json()
    if pj != rj:
        raise Mismatch(f"{what}: to_json differs\n{diff(pj, rj)}")
    if py.current_player != rs.current_player():
        raise Mismatch(f"{what}: current player py {py.current_player} rs {rs.current_player()}")
    ids = [a.id for a in py.legal_actions()]
    rids = rs.legal_action_ids()
    if ids != rids:
        raise Mismatch(f"{what}: legal ids\n    py: {ids}\n    rs: {rids}")
    d = py.data
    if d["over"] != rs.is_over() or d["winner"] != rs.winner() or d["result"] != rs.result():
        raise Mismatch(f"{what}: outcome differs")
    if d["reveals"] != rs.reveals() or d["ply"] != rs.ply() or py.game.stage(d) != rs.stage():
        raise Mismatch(f"{what}: reveals/ply/stage differ")
    return ids


def play(seed: int, options: dict, r: random.Random, load_every: int) -> tuple[int, int]:
    """One game; returns (actions, loads). Raises Mismatch."""
    py = bm.new_game("thirteen", seed, options)
    rs = ThirteenState.new_game(seed, json.dumps(make_options(options)))
    last = "new game"
    actions = loads = 0
    while True:
        ids = compare(py, rs, f"seed {seed} options {options} ply {actions} after {last}")
        if load_every and actions % load_every == 0:
            loaded = ThirteenState.from_json(py.to_json())
            compare(py, loaded, f"seed {seed} ply {actions}: from_json")
            loads += 1
        if not ids:
            return actions, loads
        choices = [i for i in ids if i not in EVENT_IDS]
        if not choices:
            return actions, loads
        a = r.choice(choices)
        last = SPACE.from_id(a).text
        py.apply(a)
        rs.apply_id(a)
        actions += 1


def play_python(seed: int, options: dict, r: random.Random, samples: list[str] | None = None) -> tuple[int, int]:
    """A full random game on the Python engine (events included): at every
    step the state is read with ``from_json`` and compared; when the action
    resumes no event code (no event play, no continuation), it is applied
    to the loaded state too and the results compared. Returns (loads, applies)."""
    py = bm.new_game("thirteen", seed, options)
    loads = applies = 0
    ply = 0
    while True:
        text = py.to_json()
        if samples is not None and r.random() < 0.05:
            samples.append(text)
        rs = ThirteenState.from_json(text)
        ids = compare(py, rs, f"python game seed {seed} options {options} ply {ply}: from_json")
        loads += 1
        if not ids:
            return loads, applies
        a = r.choice(ids)
        top = py.data["stack"][-1]
        text = SPACE.from_id(a).text
        py.apply(a)
        ply += 1
        if a not in EVENT_IDS and not top.get("then"):
            rs.apply_id(a)
            compare(py, rs, f"python game seed {seed} ply {ply}: apply {text} to a loaded {top['f']}")
            applies += 1


def check_refusals(r: random.Random, states: list[str]) -> dict[str, int]:
    """Mutate states at random: ``from_json`` either raises ValueError or
    gives a state that never panics; when Python's ``bm.load`` accepts the
    same text, both engines must agree on it (to_json, player, legal ids)."""
    bad_values = [None, -1, 0, 1, 5, 99, 1 << 70, "x", "", "US", [], {}, True, 1.5, [1, 2], {"a": 1}]
    counts = {"refused": 0, "accepted": 0, "python_refuses": 0, "agreed": 0, "disagreed": 0, "panics": 0}

    def mutate(v, depth=0):
        if isinstance(v, dict) and v and depth < 5:
            k = r.choice(list(v))
            w = dict(v)
            choice = r.random()
            if choice < 0.1:
                del w[k]
            elif choice < 0.15:
                w["bogus"] = 1
            elif choice < 0.4:
                w[k] = r.choice(bad_values)
            else:
                w[k] = mutate(v[k], depth + 1)
            return w
        if isinstance(v, list) and v and depth < 5:
            w = list(v)
            i = r.randrange(len(w))
            choice = r.random()
            if choice < 0.2:
                del w[i]
            elif choice < 0.5:
                w[i] = r.choice(bad_values)
            else:
                w[i] = mutate(w[i], depth + 1)
            return w
        if isinstance(v, bool):
            return not v
        if isinstance(v, int):
            return v + r.choice([-2, -1, 1, 2, 40])
        return r.choice(bad_values)

    for text in states:
        d = json.loads(text)
        for _ in range(30):
            mt = json.dumps(mutate(d), separators=(",", ":"))
            try:
                rs = ThirteenState.from_json(mt)
            except ValueError:
                counts["refused"] += 1
                continue
            except BaseException as exc:  # noqa: BLE001  (a Rust panic)
                counts["panics"] += 1
                print(f"from_json panicked: {exc!r}\n  {mt[:300]}")
                continue
            counts["accepted"] += 1
            try:
                ids = rs.legal_action_ids()
                for a in ids[:6]:
                    c = rs.clone()
                    c.apply_id(a)
                    c.to_json()
                    c.legal_action_ids()
            except BaseException as exc:  # noqa: BLE001
                counts["panics"] += 1
                print(f"a loaded state panicked: {exc!r}\n  {mt[:300]}")
                continue
            try:
                py = bm.load(mt)
            except Exception as exc:  # noqa: BLE001
                counts["python_refuses"] += 1
                if VERBOSE:
                    print(f"python refuses what we accept: {exc}")
                continue
            try:
                compare(py, rs, "mutant")
                counts["agreed"] += 1
            except Mismatch as exc:
                counts["disagreed"] += 1
                print(f"a mutant both engines load differs: {exc}")
    for junk in ["", "[]", "{", "null", '{"game":"thirteen"}', "1e999", "[" * 5000 + "]" * 5000]:
        try:
            ThirteenState.from_json(junk)
            print(f"accepted junk {junk[:20]!r}")
        except ValueError:
            counts["refused"] += 1
    return counts


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-v", action="store_true", help="say why Python refuses mutants we accept")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--load", type=int, default=0, help="from_json every N actions (0: never)")
    ap.add_argument("--python-games", type=int, default=0,
                    help="also load every state of N full Python games (events included)")
    ap.add_argument("--refuse", action="store_true", help="also check malformed states are refused")
    args = ap.parse_args()
    r = random.Random(12345 + args.start)
    t0 = time.time()
    games = actions = loads = diffs = 0
    samples: list[str] = []
    for k in range(args.start, args.start + args.games):
        seed = random_seed(r, k)
        options = random_options(r)
        try:
            n, nl = play(seed, options, random.Random(k), args.load)
            actions += n
            loads += nl
        except Mismatch as exc:
            diffs += 1
            print(f"DIFF game {k}: {exc}")
            if diffs >= 5:
                break
        games += 1
    pyloads = pyapplies = 0
    for k in range(args.python_games):
        seed = random_seed(r, k)
        options = random_options(r)
        try:
            nl, na = play_python(seed, options, random.Random(k), samples if args.refuse else None)
            pyloads += nl
            pyapplies += na
        except Mismatch as exc:
            diffs += 1
            print(f"DIFF python game {k}: {exc}")
            if diffs >= 5:
                break
    if args.python_games:
        print(f"python games {args.python_games} loads {pyloads} applies {pyapplies}")
    if args.refuse:
        print("mutated states:", check_refusals(r, samples))
    print(f"games {games} actions {actions} loads {loads} differences {diffs} "
          f"({time.time() - t0:.1f}s)")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
