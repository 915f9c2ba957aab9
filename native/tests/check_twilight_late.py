"""Differential check of the native Late War, optional and interrupt card
events (native/src/twilight/cards/late.rs) against the Python engine.

Both engines play the same seeded random games with events on, compared
after every action: to_json byte for byte, the current player, the legal
ids in order (chance nodes apply `chance_action_id` on both).

The other card groups are not native yet: their events are taken out of
Python's registry (`brinkmanship.twilight.events.REGISTRY`), so both
engines treat those cards as having no event; the scoring cards, which the
rules run, stay.

Two parts:

- random games from turn 1 (`--games`), optional cards on and off;
- planted positions (`--positions`): `from_position` deals one of this
  group's cards into a hand, on a turn and table (influence, DEFCON, VP,
  Space Race, lasting effects, discard pile) drawn at random, so that every
  event runs often, its prerequisites both met and not; the Python state is
  loaded into the native engine with `from_json`, then both play on.

Random play favours the events of this group (`--bias`), so they happen
often. Each event's runs (and failures) and each continuation's resumes
are counted and printed.

    PYTHONPATH=<worktree>/src:<native site> python native/tests/check_twilight_late.py \
        [--games N] [--positions N] [--first SEED] [--plies N]

On a difference the seed, the ply, the last action and a short diff are
printed and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

import brinkmanship_native as native

from brinkmanship.core import get_game
from brinkmanship.core.errors import PositionError
from brinkmanship.core.options import make_options
from brinkmanship.twilight.board import NAMES
from brinkmanship.twilight.data.setup import FIXED_INFLUENCE, hand_size
from brinkmanship.twilight.events import REGISTRY

SEP = (",", ":")

LATE_WAR = [82, 83, 84, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 98, 99, 100, 101, 102]
OPTIONAL = [104, 105, 107, 108, 109, 110]
INTERRUPTS = [32, 103, 42, 44, 49, 50, 60, 59, 97, 40, 86, 106, 67, 85, 77]
MINE = LATE_WAR + OPTIONAL + INTERRUPTS
SCORING_CARDS = {1, 2, 3, 37, 38, 79, 81}
EARLY = set(range(1, 36)) | {103, 104, 105, 106}
MID = set(range(36, 82)) | {107, 108}
CHINA = 6

# The chance, after each action, of going on with a native state read from
# the Python state's JSON (--reload).
RELOAD = 0.0

RUNS: Counter[int] = Counter()
FAILS: Counter[int] = Counter()
RESUMES: Counter[str] = Counter()


def setup_registry() -> None:
    """Keep only this group's events (and the scoring cards), counting runs."""
    for c in list(REGISTRY.events):
        if c not in MINE and c not in SCORING_CARDS:
            del REGISTRY.events[c]
    missing = [c for c in MINE if c not in REGISTRY.events]
    if missing:
        raise SystemExit(f"cards without a Python event: {missing}")
    for c in MINE:
        fn = REGISTRY.events[c]

        def counted(d: Any, play: Any, fn: Any = fn, c: int = c) -> Any:
            RUNS[c] += 1
            out = fn(d, play)
            if out is False:
                FAILS[c] += 1
            return out

        REGISTRY.events[c] = counted
    for name, fn in list(REGISTRY.continuations.items()):

        def counted_then(d: Any, f: Any, answer: Any, fn: Any = fn, name: str = name) -> None:
            RESUMES[name] += 1
            fn(d, f, answer)

        REGISTRY.continuations[name] = counted_then


def diff(a: str, b: str) -> str:
    """The first differing top-level keys of two state JSONs, shortly."""
    da, db = json.loads(a), json.loads(b)
    out = []
    for k in da:
        if da.get(k) != db.get(k):
            va, vb = json.dumps(da.get(k))[:600], json.dumps(db.get(k))[:600]
            if k == "log":
                la, lb = da[k], db[k]
                n = next((i for i in range(min(len(la), len(lb))) if la[i] != lb[i]), min(len(la), len(lb)))
                va, vb = json.dumps(la[n:n + 3])[:800], json.dumps(lb[n:n + 3])[:800]
            out.append(f"  {k}:\n    python {va}\n    native {vb}")
    if not out:
        out.append(f"  same data, other bytes:\n    python {a[:300]}\n    native {b[:300]}")
    return "\n".join(out[:4])


def favoured(space: Any, legal: list[Any], target: int | None) -> list[Any]:
    """The legal actions random play prefers: the target card's event (or
    headline), else any event or headline of this group's cards."""
    if target is not None:
        hit = [a for a in legal if a.verb in ("event", "headline") and a.arg == target]
        if hit:
            return hit
    return [a for a in legal if a.verb in ("event", "headline") and a.arg in MINE]


def play(g: Any, d: dict, n: Any, pick: random.Random, bias: float, max_plies: int,
         target: int | None = None) -> tuple[int, str | None]:
    """Play on both engines from equal states, comparing after every action."""
    last = "start"
    ply = 0
    while True:
        pj = json.dumps(d, separators=SEP)
        nj = n.to_json()
        if pj != nj:
            return ply, f"to_json differs after {last}\n{diff(pj, nj)}"
        if RELOAD and pick.random() < RELOAD:
            # Go on from the Python state read back: continuations resume
            # from frames the native engine did not push itself.
            n = native.TwilightState.from_json(pj)
            back = n.to_json()
            if back != pj:
                return ply, f"from_json/to_json differs after {last}\n{diff(pj, back)}"
        cp = g.current_player(d)
        if n.current_player() != cp:
            return ply, f"current player {n.current_player()!r} != {cp!r} after {last}"
        if cp is None or ply >= max_plies:
            return ply, None
        if cp == "chance":
            a = g.chance_action(d)
            if n.chance_action_id() != a.id:
                return ply, f"chance id {n.chance_action_id()} != {a.id}"
        else:
            legal = g.legal_actions(d)
            ids = [x.id for x in legal]
            nids = n.legal_action_ids()
            if nids != ids:
                sp = g.space.actions
                return ply, (f"legal ids differ after {last} (frame {d['stack'][-1]})\n"
                             f"  python {[sp[i].text for i in ids]}\n  native {[sp[i].text for i in nids]}")
            pref = favoured(g.space, legal, target) if bias else []
            if pref and pick.random() < bias:
                a = pref[pick.randrange(len(pref))]
            else:
                a = legal[pick.randrange(len(legal))]
        last = f"{a.text} (id {a.id})"
        g.apply(d, a)
        n.apply_id(a.id)
        ply += 1


def random_game(g: Any, seed: int, bias: float) -> tuple[int, str | None]:
    options = {"events": True, "optional_cards": seed % 2 == 0}
    full = make_options(g.option_choices, options)
    d = g.new(seed, dict(options))
    n = native.TwilightState.new_game(seed, json.dumps(full, separators=SEP))
    return play(g, d, n, random.Random(seed), bias, 10**9)


# Lasting effects a planted table may hold (with their data), each drawn
# with some chance: those this group's events read, and a few others.
EFFECT_POOL: list[tuple[str, Any]] = [
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


def _control(side: str, country: str, n: int = 5):
    def put(r: random.Random, pos: dict, effects: dict, inf: dict) -> None:
        inf[side][country] = inf[side].get(country, 0) + n
    return put


def _effect(name: str, data: dict | None = None):
    def put(r: random.Random, pos: dict, effects: dict, inf: dict) -> None:
        effects[name] = dict(data or {})
    return put


def _set(**fields: Any):
    def put(r: random.Random, pos: dict, effects: dict, inf: dict) -> None:
        pos.update(fields)
    return put


def _star_wars(r: random.Random, pos: dict, effects: dict, inf: dict) -> None:
    pos["space"] = {"USSR": r.randint(0, 3), "US": r.randint(4, 8)}


def _debt_crisis(r: random.Random, pos: dict, effects: dict, inf: dict) -> None:
    for name in r.sample(["Argentina", "Chile", "Brazil", "Venezuela", "Peru", "Uruguay"], 3):
        inf["USSR"][name] = inf["USSR"].get(name, 0) + r.randint(1, 3)


def _che(r: random.Random, pos: dict, effects: dict, inf: dict) -> None:
    for name in r.sample(["Guatemala", "Honduras", "Costa Rica", "Bolivia", "Paraguay", "Zaire",
                          "Sudan", "Ethiopia", "Kenya", "Cameroon", "Botswana"], 4):
        inf["US"][name] = inf["US"].get(name, 0) + r.randint(1, 2)


# Per card: a set-up that makes its event's prerequisite hold.
NEEDS: dict[int, Any] = {
    100: _set(defcon=2), 101: _effect("John Paul II Elected Pope"), 105: _control("US", "UK"),
    108: _control("US", "Iran"), 85: _star_wars, 90: _effect("The Reformer"), 96: _effect("Willy Brandt"),
    97: _effect("Flower Power"), 92: _effect("Iranian Hostage Crisis"), 42: _effect("NORAD"),
    32: _effect("U2 Incident"), 89: _control("US", "South Korea"), 95: _debt_crisis, 107: _che,
    84: _control("USSR", "Libya", 4), 91: _control("US", "Cuba", 2),
}


def plant(k: int, target: int) -> dict[str, Any]:
    """A position dealing `target` into a hand, on a random table."""
    r = random.Random(1_000_003 * k + target)
    if target == 104:  # The Cambridge Five fails in the Late War
        turn = r.randint(1, 7) if r.random() < 0.8 else r.randint(8, 10)
    elif target in EARLY:
        turn = r.randint(1, 10)
    elif target in MID:
        turn = r.randint(4, 10)
    else:
        turn = r.randint(8, 10)
    optional = target >= 104 or r.random() < 0.6
    phase = "headline" if r.random() < 0.3 else "action"
    rounds = 6 if turn < 4 else 7
    phasing = r.choice(["USSR", "US"])
    holder = phasing if r.random() < 0.7 else ("US" if phasing == "USSR" else "USSR")
    pos: dict[str, Any] = {
        "seed": k, "options": {"events": True, "optional_cards": optional}, "turn": turn, "phase": phase,
        "action_round": r.randint(1, rounds), "phasing": phasing,
        "defcon": r.choice([2, 2, 3, 4, 5]), "vp": r.randint(-12, 12),
        "milops": {"USSR": r.randint(0, 5), "US": r.randint(0, 5)},
        "space": {"USSR": r.randint(0, 8), "US": r.randint(0, 8)},
    }
    inf: dict[str, dict[str, int]] = {"USSR": {}, "US": {}}
    for side, placed in FIXED_INFLUENCE.items():
        inf[side].update(placed)
    for _ in range(r.randint(5, 40)):
        side = r.choice(["USSR", "US"])
        name = NAMES[r.randrange(len(NAMES))]
        inf[side][name] = inf[side].get(name, 0) + r.randint(1, 4)
    pos["influence"] = inf
    effects: dict[str, Any] = {}
    for name, data in EFFECT_POOL:
        if r.random() < 0.12:
            effects[name] = data(r) if callable(data) else dict(data)
    for a, b in (("Tear Down This Wall", "Willy Brandt"), ("An Evil Empire", "Flower Power")):
        if a in effects and b in effects:
            del effects[r.choice([a, b])]
    # Each event's prerequisites, met more often than chance would.
    need = NEEDS.get(target)
    if need and r.random() < 0.75:
        need(r, pos, effects, inf)
    pos["effects"] = effects
    periods = set(EARLY)
    if turn >= 4:
        periods |= MID
    if turn >= 8:
        periods |= set(range(82, 103)) | {109, 110}
    if not optional:
        periods -= set(range(104, 111))
    pool = sorted(periods - {target, CHINA})
    r.shuffle(pool)
    size = hand_size(turn)
    hand = [target, *pool[:size - 1]]
    r.shuffle(hand)
    rest = pool[size - 1:]
    pos["hands"] = {holder: hand}
    if target == 104 and r.random() < 0.7:
        # The Cambridge Five shows the US scoring cards: give it some.
        scoring = [c for c in rest if c in SCORING_CARDS][:r.randint(1, 3)]
        rest = [c for c in rest if c not in scoring]
        if holder == "US":
            others = [c for c in hand if c != target][:size - 1 - len(scoring)]
            hand[:] = [target, *scoring, *others]
            rest = [c for c in pool[size - 1:] if c not in scoring]
        else:
            pos["hands"]["US"] = scoring + rest[:size - len(scoring)]
            rest = rest[size - len(scoring):]
    n_discard = r.randint(0, 12)
    pos["discard"] = rest[:n_discard]
    pos["removed"] = rest[n_discard:n_discard + r.randint(0, 4)]
    return pos


def planted(g: Any, k: int, target: int, bias: float, plies: int) -> tuple[int, str | None] | None:
    pos = plant(k, target)
    try:
        d = g.from_position(pos)
    except PositionError:
        return None
    if d["over"]:
        return None
    n = native.TwilightState.from_json(json.dumps(d, separators=SEP))
    return play(g, d, n, random.Random(k), bias, plies, target)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--plies", type=int, default=300, help="actions played after a planted position")
    ap.add_argument("--bias", type=float, default=0.3, help="chance random play takes a favoured event")
    ap.add_argument("--cards", type=str, default="", help="plant only these cards (comma-separated)")
    ap.add_argument("--reload", type=float, default=0.02,
                    help="chance per action of reloading the native state from Python's JSON")
    args = ap.parse_args()
    global RELOAD
    RELOAD = args.reload
    setup_registry()
    g = get_game("twilight")
    t0 = time.time()
    plies = 0
    for seed in range(args.first, args.first + args.games):
        ply, err = random_game(g, seed, args.bias)
        plies += ply
        if err is not None:
            print(f"game seed {seed} ply {ply}: {err}")
            return 1
        if (seed - args.first + 1) % 100 == 0:
            print(f"  {seed - args.first + 1} games, {plies} actions ({time.time() - t0:.0f}s)", flush=True)
    t1 = time.time()
    print(f"{args.games} random games, {plies} actions, 0 differences ({t1 - t0:.1f}s)")
    plies = done = skipped = 0
    targets = [int(c) for c in args.cards.split(",")] if args.cards else MINE
    for k in range(args.first, args.first + args.positions):
        target = targets[k % len(targets)]
        out = planted(g, k, target, 0.6, args.plies)
        if out is None:
            skipped += 1
            continue
        ply, err = out
        plies += ply
        done += 1
        if err is not None:
            print(f"position k={k} card #{target} ply {ply}: {err}")
            return 1
    print(f"{done} planted positions ({skipped} invalid skipped), {plies} actions, 0 differences "
          f"({time.time() - t1:.1f}s)")
    print("event runs (failed):", " ".join(f"#{c}:{RUNS[c]}({FAILS[c]})" for c in MINE))
    print("continuations:", " ".join(f"{k}:{v}" for k, v in sorted(RESUMES.items())))
    never = [c for c in MINE if not RUNS[c]]
    if never:
        print("never ran:", never)
    return 0


if __name__ == "__main__":
    sys.exit(main())
