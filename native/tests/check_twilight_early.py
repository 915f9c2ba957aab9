"""Differential check of the native Early War card events (and the scoring
cards) against the Python engine: seeded random games with events on, and
planted positions, compared after every action (to_json byte for byte, the
current player, the legal ids in order).

    PYTHONPATH=<worktree>/src:<native site> python native/tests/check_twilight_early.py \
        [--games N] [--plants N] [--first SEED]

Only the events of ``cards/early.py``, ``cards/early_war.py`` and the
scoring cards are native so far: the other cards' events are taken out of
Python's registry, so both engines treat them as having no event.

Random games alternate the ``optional_cards`` option. Planted positions
take a state of a random game at a random action round or headline, move
one Early War card into the acting side's hand (swapping a hand card to
where it came from), load the state into both engines and play that card
(as an event, or for ops when it is the opponent's, so its event fires
too), then play on at random for a while. Every event and continuation
run is counted (on the Python side) and printed at the end.

Chance nodes apply the id ``chance_action_id`` picks on both. On a
difference the seed, the ply, the last action and a short diff are printed
and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import collections
import copy
import json
import random
import sys
import time

import brinkmanship_native as native

from brinkmanship.core import get_game
from brinkmanship.core.options import make_options
from brinkmanship.twilight.actions import EVENT, HEADLINE, OPS
from brinkmanship.twilight.board import IN_REGION, SCORING
from brinkmanship.twilight.events import REGISTRY
from brinkmanship.twilight.rules import control

SEP = (",", ":")

# The cards whose events are native: cards/early.py and cards/early_war.py.
MINE = [4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        33, 34, 35]
SCORING_CARDS = [c for c in range(1, len(SCORING)) if SCORING[c]]
KEEP = set(MINE) | set(SCORING_CARDS)

EVENTS_RUN: collections.Counter[int] = collections.Counter()
THEN_RUN: collections.Counter[str] = collections.Counter()
# Counting is on only while both engines play (not while a planted
# position's game is played on Python alone).
COUNTING = [True]
PLANTED_TURNS: collections.Counter[int] = collections.Counter()
# The cards' own log entries seen in compared play (rare branches: a tie at
# the Olympic Games, NATO without its prerequisite, nothing to choose...).
CODES: collections.Counter[str] = collections.Counter()


def count_codes(log: list, start: int) -> None:
    for e in log[start:]:
        if e["code"].startswith("twilight.card."):
            CODES[e["code"][len("twilight.card."):]] += 1


def _restrict_registry() -> None:
    """Take the other groups' events out of Python's registry and count the
    events and continuations that run."""
    for c in list(REGISTRY.events):
        if c not in KEEP:
            del REGISTRY.events[c]
    for c, fn in list(REGISTRY.events.items()):
        def counted(d, play, _fn=fn, _c=c):  # type: ignore[no-untyped-def]
            if COUNTING[0]:
                EVENTS_RUN[_c] += 1
            return _fn(d, play)
        REGISTRY.events[c] = counted
    for name, fn in list(REGISTRY.continuations.items()):
        def counted_then(d, f, answer, _fn=fn, _name=name):  # type: ignore[no-untyped-def]
            if COUNTING[0]:
                THEN_RUN[_name] += 1
            return _fn(d, f, answer)
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


# The log's entries already written, by log list: the log only grows, so
# each entry is encoded once (json.dumps of the whole state at every action
# is most of a check's time otherwise).
_LOG_TEXT: dict[int, tuple[list, list[str]]] = {}
_LOG_MARK = "\u0000log"


def dump(d: dict) -> str:
    """``json.dumps(d, separators=SEP)``, the log's entries cached."""
    log = d["log"]
    cached = _LOG_TEXT.get(id(log))
    if cached is None or cached[0] is not log:
        _LOG_TEXT.clear()
        cached = (log, [])
        _LOG_TEXT[id(log)] = cached
    texts = cached[1]
    texts.extend(json.dumps(e, separators=SEP) for e in log[len(texts):])
    body = json.dumps({**d, "log": _LOG_MARK}, separators=SEP)
    return body.replace('"\\u0000log"', "[" + ",".join(texts) + "]", 1)


class Mismatch(Exception):
    """The engines disagree."""


def compare(g, d, n, last: str, roundtrip: bool = False) -> str | None:  # type: ignore[no-untyped-def]
    """Compare both engines; return the current player. With ``roundtrip``
    the native engine also reads Python's state and must write it back."""
    pj = dump(d)
    nj = n.to_json()
    if pj != nj:
        raise Mismatch(f"to_json differs after {last}\n{diff(pj, nj)}")
    if roundtrip:
        back = native.TwilightState.from_json(pj).to_json()
        if back != pj:
            raise Mismatch(f"from_json/to_json differs after {last}\n{diff(pj, back)}")
    cp = g.current_player(d)
    if n.current_player() != cp:
        raise Mismatch(f"current player {n.current_player()!r} != {cp!r} after {last}")
    return cp


def step(g, d, n, pick: random.Random, last: str, forced: int | None = None,  # type: ignore[no-untyped-def]
         roundtrip: bool = False) -> str | None:
    """Compare, then apply one action on both (``forced``: that id if legal).
    Returns the applied action's text, or None when the game is over."""
    cp = compare(g, d, n, last, roundtrip)
    if cp is None:
        return None
    if cp == "chance":
        a = g.chance_action(d)
        if n.chance_action_id() != a.id:
            raise Mismatch(f"chance id {n.chance_action_id()} != {a.id}")
    else:
        legal = g.legal_actions(d)
        ids = [x.id for x in legal]
        nids = n.legal_action_ids()
        if nids != ids:
            sp = g.space.actions
            raise Mismatch(f"legal ids differ after {last} (frame {d['stack'][-1]})\n"
                           f"  python {[sp[i].text for i in ids]}\n  native {[sp[i].text for i in nids]}")
        a = None
        if forced is not None:
            a = next((x for x in legal if x.id == forced), None)
        if a is None:
            a = legal[pick.randrange(len(legal))]
    g.apply(d, a)
    n.apply_id(a.id)
    return f"{a.text} (id {a.id})"


def new_pair(g, seed: int, options: dict):  # type: ignore[no-untyped-def]
    full = make_options(g.option_choices, options)
    d = g.new(seed, dict(options))
    n = native.TwilightState.new_game(seed, json.dumps(full, separators=SEP))
    return d, n


def play_game(g, seed: int, options: dict) -> int:  # type: ignore[no-untyped-def]
    """One random game on both engines; returns its plies."""
    d, n = new_pair(g, seed, options)
    pick = random.Random(seed)
    last = "new"
    ply = 0
    while True:
        try:
            nxt = step(g, d, n, pick, last)
        except Mismatch as e:
            raise Mismatch(f"game seed {seed} ply {ply}: {e}") from None
        if nxt is None:
            count_codes(d["log"], 0)
            return ply
        last = nxt
        ply += 1


def plant(d: dict, side: str, card: int) -> None:
    """Move ``card`` into ``side``'s hand: a hand card (not ``card``) goes
    where ``card`` was (the other hand, the draw pile, the discard pile or
    the removed cards); known-card lists forget both cards."""
    hand = d["hands"][side]
    if card in hand:
        return
    swap = next((c for c in hand if c != card), None)
    placed = False
    for where in (d["hands"]["US" if side == "USSR" else "USSR"], d["deck"], d["discard"], d["removed"]):
        if card in where:
            k = where.index(card)
            if swap is None:
                where.pop(k)
            else:
                where[k] = swap
            placed = True
            break
    if not placed:
        raise ValueError(f"card {card} is not available")
    if swap is not None:
        hand[hand.index(swap)] = card
    else:
        hand.append(card)
    for k in d["known"].values():
        for c in (card, swap):
            while c in k:
                k.remove(c)


def rare_branch(d: dict, card: int) -> None:
    """Set up a branch random positions seldom reach: Five Year Plan with
    no other card in the USSR hand, Truman Doctrine with no country to
    choose."""
    if card == 5:
        hand = d["hands"]["USSR"]
        d["discard"].extend(c for c in hand if c != card)
        hand[:] = [c for c in hand if c == card]
    elif card == 19:
        for i in IN_REGION["Europe"]:
            if d["inf"]["USSR"][i] and control(d, i) is None:
                d["inf"]["USSR"][i] = 0


def play_planted(g, seed: int, options: dict, card: int, extra: int, roundtrip: bool) -> int:  # type: ignore[no-untyped-def]
    """Plant ``card`` in a position of a random game played on Python alone
    (half of the time with events off, so that it reaches the Mid and Late
    War more often; events are switched on for the planted play), chosen
    uniformly among its action rounds and headlines, then play it and
    ``extra`` more random plies on both engines."""
    pick = random.Random(seed * 7919 + card)
    pre = dict(options)
    if pick.random() < 0.5:
        pre["events"] = False
    COUNTING[0] = False
    d = g.new(seed, pre)
    kept = None
    seen = 0
    while not d["over"]:
        f = d["stack"][-1]
        if f["f"] in ("action", "headline") and f.get("only") is None:
            where = [d["hands"]["US"], d["hands"]["USSR"], d["deck"], d["discard"], d["removed"]]
            if any(card in w for w in where):
                seen += 1
                if pick.randrange(seen) == 0:
                    kept = copy.deepcopy(d)
        cp = g.current_player(d)
        a = g.chance_action(d) if cp == "chance" else pick.choice(g.legal_actions(d))
        g.apply(d, a)
    COUNTING[0] = True
    if kept is None:
        return 0
    d = kept
    d["options"]["events"] = True
    side = d["stack"][-1]["p"]
    plant(d, side, card)
    if pick.random() < 0.25:
        rare_branch(d, card)
    n = native.TwilightState.from_json(json.dumps(d, separators=SEP))
    start = len(d["log"])
    # The forced play: a headline, else the event when it is the side's own
    # or neutral, else ops (the opponent's event fires too).
    legal = {a.id for a in g.legal_actions(d)}
    forced = next((a.id for a in (HEADLINE[card], EVENT[card], OPS[card]) if a.id in legal), None)
    last = f"planted #{card} for {side} on turn {d['turn']}"
    plies = 0
    try:
        nxt = step(g, d, n, pick, last, forced, roundtrip)
        while nxt is not None and plies < extra:
            last = nxt
            nxt = step(g, d, n, pick, last, None, roundtrip)
            plies += 1
        if nxt is not None:
            compare(g, d, n, last, roundtrip)
    except Mismatch as e:
        raise Mismatch(f"planted #{card} seed {seed} +{plies}: {e}") from None
    PLANTED_TURNS[d["turn"]] += 1
    count_codes(d["log"], start)
    return plies


def summary(games: int, planted: int, plies: int, t0: float) -> None:
    """Print the figures so far (flushed: long runs report as they go)."""
    print(f"{games} games, {planted} planted positions, {plies} actions, 0 differences ({time.time() - t0:.0f}s)")
    print("planted positions by turn:", " ".join(f"{k}:{v}" for k, v in sorted(PLANTED_TURNS.items())))
    print("events run:", " ".join(f"#{c}:{EVENTS_RUN[c]}" for c in MINE + SCORING_CARDS))
    print("continuations run:", " ".join(f"{k}:{v}" for k, v in sorted(THEN_RUN.items())))
    print("card log entries:", " ".join(f"{k}:{v}" for k, v in sorted(CODES.items())))
    never = [c for c in MINE if not EVENTS_RUN[c]]
    if never:
        print("never run:", never)
    print(flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plants", type=int, default=2, help="planted positions per Early War card")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--extra", type=int, default=120, help="random plies after a planted play")
    ap.add_argument("--roundtrip", action="store_true", help="planted plays: native from_json of every state too")
    ap.add_argument("--cards", type=int, nargs="*", help="plant only these cards")
    ap.add_argument("--progress", type=int, default=0, help="print the figures every N games or rounds of plants")
    args = ap.parse_args()
    _restrict_registry()
    g = get_game("twilight")
    t0 = time.time()
    plies = 0
    games = 0
    planted = 0
    for k in range(args.plants):
        seed = args.first + k
        options = {"events": True, "optional_cards": k % 2 == 0}
        for card in args.cards or MINE + SCORING_CARDS:
            try:
                plies += play_planted(g, seed, options, card, args.extra, args.roundtrip)
            except Mismatch as e:
                print(e)
                return 1
            planted += 1
        if args.progress and (k + 1) % args.progress == 0:
            summary(games, planted, plies, t0)
    for seed in range(args.first, args.first + args.games):
        options = {"events": True, "optional_cards": seed % 2 == 0}
        try:
            plies += play_game(g, seed, options)
        except Mismatch as e:
            print(e)
            return 1
        games += 1
        if args.progress and games % args.progress == 0:
            summary(games, planted, plies, t0)
    summary(games, planted, plies, t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
