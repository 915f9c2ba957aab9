"""One-step differential of the native Twilight Struggle rules in games
with events on (every lasting effect and event frame in play), before the
card events are ported: the Python engine plays random games; at each
state the native class reads the state, and must list the same legal ids
(in action rounds, without the events of non-scoring cards, which the
ported events offer) and,
after the same action, write the same JSON, unless the step ran card code
(an event or a card's continuation), which the native side may not have.

    PYTHONPATH=<worktree>/src:<native site> python native/tests/check_twilight_steps.py [--games N] [--first SEED]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import brinkmanship_native as native

from brinkmanship.core import get_game
from brinkmanship.twilight.board import CARD_SIDE, SCORING

SEP = (",", ":")
# Continuations the rules run themselves (not card code).
RULES_THEN = {"war", "trap_escape", "shuttle_diplomacy"}


def runs_card_code(d: dict, before_log: int, native_log: list) -> bool:
    """Did this step run (or should it have run) card code?"""
    top = d["stack"][-1] if d["stack"] else None
    for e in native_log[before_log:]:
        if e["code"] in ("twilight.event.blocked", "twilight.event.off", "twilight.play.event",
                         "twilight.order.event_first", "twilight.order.ops_first", "twilight.headline.revealed",
                         "twilight.headline.revealed_ussr", "twilight.headline.revealed_us"):
            return True
    return top is not None and top.get("then") not in (None, "", *RULES_THEN)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    args = ap.parse_args()
    g = get_game("twilight")
    t0 = time.time()
    compared = skipped = legal_checked = 0
    for seed in range(args.first, args.first + args.games):
        d = g.new(seed, {"events": True, "optional_cards": True})
        pick = random.Random(seed)
        while not d["over"]:
            text = json.dumps(d, separators=SEP)
            n = native.TwilightState.from_json(text)
            top = d["stack"][-1]
            if g.current_player(d) == "chance":
                a = g.chance_action(d)
            else:
                legal = g.legal_actions(d)
                # In an action round the events of non-scoring cards are
                # the ported events' to offer: compared without them.
                want = [x.id for x in legal
                        if not (top["f"] == "action" and x.verb == "event" and not SCORING[x.arg])]
                got = [i for i in n.legal_action_ids()
                       if not (top["f"] == "action" and g.space.actions[i].verb == "event"
                               and not SCORING[g.space.actions[i].arg])]
                legal_checked += 1
                if got != want:
                    sp = g.space.actions
                    print(f"seed {seed} ply {d['ply']}: legal ids differ at {top}\n"
                          f"  python {[x.text for x in legal]}\n"
                          f"  native {[sp[i].text for i in n.legal_action_ids()]}")
                    return 1
                a = legal[pick.randrange(len(legal))]
            before = len(d["log"])
            # An opponent's card played for ops carries its event (5.2): card code.
            opp_event = a.verb == "ops" and CARD_SIDE[a.arg] not in ("Neutral", top.get("p"))
            g.apply(d, a)
            try:
                n.apply_id(a.id)
            except ValueError:
                skipped += 1  # an event id the native side does not offer yet
                continue
            nd = json.loads(n.to_json())
            if opp_event or runs_card_code(json.loads(text), before, nd["log"]):
                skipped += 1
                continue
            pj = json.dumps(d, separators=SEP)
            if n.to_json() != pj:
                print(f"seed {seed} ply {d['ply']}: after {a.text} from {top}")
                for k in d:
                    if d[k] != nd.get(k):
                        if k == "log":
                            print(f"  log python {d[k][before:before + 4]}\n      native {nd[k][before:before + 4]}")
                        else:
                            print(f"  {k}: python {json.dumps(d[k])[:400]}\n      native {json.dumps(nd.get(k))[:400]}")
                return 1
            compared += 1
        done = seed - args.first + 1
        if done % 5 == 0:
            print(f"  {done} games: {compared} steps identical, {skipped} skipped, {legal_checked} legal lists "
                  f"identical so far ({time.time() - t0:.0f}s)", flush=True)
    print(f"{args.games} games: {compared} steps identical, {skipped} skipped (card code), "
          f"{legal_checked} legal lists identical ({time.time() - t0:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
