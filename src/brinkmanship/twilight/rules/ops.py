"""Twilight Struggle rules: operations (rule 6) and the Space Race roll.

Access and influence placement (6.1), coups (6.3, with DEFCON's restrictions
8.1.5 and Military Operations 8.2), realignments (6.4), the die rolls that
resolve them, and the Space Race attempt (6.4 of the Space Race, 9.0).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from typing import Any

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.core.frames import end_game
from brinkmanship.core.log import Message, msg
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import COUP, DONE, PLACE, REALIGN
from brinkmanship.twilight.board import (
    ADJACENT,
    BATTLEGROUND,
    N_COUNTRIES,
    NAMES,
    NEXT_TO,
    OPPONENT,
    REGION,
    STABILITY,
    SUPERPOWER,
)
from brinkmanship.twilight.data.setup import DEFCON_CLOSED, SPACE_BOXES
from brinkmanship.twilight.events import REGISTRY
from brinkmanship.twilight.rules.effects import SHIELDS, coup_die_modifier, protected
from brinkmanship.twilight.rules.kinds import CoupRollFrame, OpsFrame, RealignRollFrame, RollFrame
from brinkmanship.twilight.rules.state import (
    CHANCE,
    CUBAN_MISSILE_CRISIS,
    REGION_SET,
    US,
    USSR,
    YURI_AND_SAMANTHA,
    Data,
    add_milops,
    card_ops,
    change_defcon,
    control,
    gain_vp,
    log,
    push,
)

COUNTRIES = tuple(range(N_COUNTRIES))

# Countries where coups and realignments are allowed, by DEFCON (8.1.5).
OPEN_FOR_COUPS: dict[int, tuple[int, ...]] = {
    level: tuple(i for i in range(N_COUNTRIES) if REGION[i] not in closed)
    for level, closed in DEFCON_CLOSED.items()
}


def _usable(f: OpsFrame, i: int) -> int:
    """Ops the frame can still spend in country ``i``."""
    ops: int = f["ops"]
    for region, amount in f["bonus"]:
        if i not in REGION_SET[region]:
            ops -= amount
    return ops


def _spend(f: OpsFrame, i: int, cost: int) -> None:
    """Spend ops in country ``i``, forfeiting bonuses it does not qualify for."""
    if f["bonus"]:
        keep = []
        for region, amount in f["bonus"]:
            if i in REGION_SET[region]:
                keep.append([region, amount])
            else:
                f["ops"] -= amount
        f["bonus"] = keep
    f["ops"] -= cost


def access(d: Data, side: str) -> list[int]:
    """Countries ``side`` may place influence in with ops (6.1.1): those
    holding its influence now, their neighbours, and those next to its
    superpower. Taken when the card is played and kept for the round."""
    acc = set(NEXT_TO[side])
    for i in compress(COUNTRIES, d["inf"][side]):
        acc.add(i)
        acc.update(ADJACENT[i])
    return sorted(acc)


def begin_ops(d: Data, side: str, card: int, *, ops: int | None = None, kinds: str = "pcr",
              only: list[int] | None = None, free: bool = False) -> None:
    """Push an operations frame: the card's ops to spend on influence (``p``
    in ``kinds``), realignments (``r``) or one coup (``c``).

    Events use the keywords: ``ops`` for "as if you played an N-ops card"
    (modifiers still apply), ``only`` to limit the target countries, and
    ``free`` for free coups/realignments (no DEFCON region limit, no
    Military Operations, 6.3.5).
    """
    total, bonus = card_ops(d, side, card if ops is None else 0, ops)
    f: OpsFrame = {"f": "ops", "p": side, "card": card, "ops": total, "bonus": bonus,
                   "mode": "", "access": access(d, side) if "p" in kinds else []}
    if kinds != "pcr":
        f["kinds"] = kinds
    if only is not None:
        f["only"] = list(only)
    if free:
        f["free"] = True
    push(d, f)


# What limits coup and realignment targets: an ``ops`` frame, or the same
# keys (``only``, ``free``) from an event that asks before pushing one.
Scope = Mapping[str, Any]


def _coup_pool(d: Data, side: str, f: Scope | None) -> list[int] | tuple[int, ...]:
    only = f.get("only") if f is not None else None
    if f is not None and f.get("free"):
        return only if only is not None else range(N_COUNTRIES)  # type: ignore[return-value]
    if only is not None:
        closed = DEFCON_CLOSED[d["defcon"]]
        return [i for i in only if REGION[i] not in closed]
    return OPEN_FOR_COUPS[d["defcon"]]


def coup_targets(d: Data, side: str, f: Scope | None = None, coup: bool = True) -> list[int]:
    """Countries ``side`` may coup (or, ``coup=False``, realign) now: opponent
    influence there, region open at this DEFCON (8.1.5) unless the ops are
    free, within the frame's ``only`` list, not protected by an effect."""
    opp_inf = d["inf"][OPPONENT[side]]
    pool = _coup_pool(d, side, f)
    if side == USSR and not SHIELDS.isdisjoint(d["effects"]):
        return [i for i in pool if opp_inf[i] and not protected(d, side, i, coup)]
    return [i for i in pool if opp_inf[i]]


def realign_targets(d: Data, side: str, f: Scope | None = None) -> list[int]:
    """Countries ``side`` may realign now (see ``coup_targets``)."""
    return coup_targets(d, side, f, coup=False)


def _placements(d: Data, f: OpsFrame) -> list[Action]:
    side = f["p"]
    my = d["inf"][side]
    opp = d["inf"][OPPONENT[side]]
    ops = f["ops"]
    out = []
    access_list = f["access"]
    if "only" in f:
        allowed = set(f["only"])
        access_list = [i for i in access_list if i in allowed]
    chernobyl = d["effects"].get(effect.CHERNOBYL) if side == USSR else None
    if chernobyl is not None:
        # Chernobyl: no USSR influence placed with ops in the named region.
        banned = REGION_SET[chernobyl["region"]]
        access_list = [i for i in access_list if i not in banned]
    if f["bonus"]:
        for i in access_list:
            cost = 2 if opp[i] - my[i] >= STABILITY[i] else 1
            if cost <= _usable(f, i):
                out.append(PLACE[i])
    elif ops >= 2:
        out = [PLACE[i] for i in access_list]
    else:
        for i in access_list:
            if opp[i] - my[i] < STABILITY[i]:
                out.append(PLACE[i])
    return out


def _legal_ops(d: Data, f: OpsFrame) -> list[Action]:
    """Ops must be spent while any legal use remains (6.0): there is no
    stopping early; ``done`` exists only for a card with no use at all."""
    mode = f["mode"]
    if mode == "place":
        return _placements(d, f)
    side = f["p"]
    if mode == "realign":
        return [REALIGN[i] for i in realign_targets(d, side, f) if _usable(f, i) >= 1]
    kinds = f.get("kinds", "pcr")
    acts = _placements(d, f) if "p" in kinds else []
    if "c" in kinds:
        acts.extend(COUP[i] for i in coup_targets(d, side, f))
    if "r" in kinds:
        acts.extend(REALIGN[i] for i in realign_targets(d, side, f) if _usable(f, i) >= 1)
    return acts or [DONE]


def _ops_exhausted(d: Data, f: OpsFrame) -> bool:
    if f["ops"] <= 0:
        return True
    if f["mode"] == "place":
        return len(_placements(d, f)) == 0
    return not any(_usable(f, i) >= 1 for i in realign_targets(d, f["p"], f))


def _apply_ops(d: Data, f: OpsFrame, a: Action) -> None:
    side = f["p"]
    verb = a.verb
    if a is DONE:
        d["stack"].pop()
        log(d, "twilight.ops.no_use", side=side)
        return
    i = a.arg
    assert i is not None
    if verb == "place":
        opp = OPPONENT[side]
        cost = 2 if control(d, i) == opp else 1
        _spend(f, i, cost)
        d["inf"][side][i] += 1
        f["mode"] = "place"
        log(d, "twilight.ops.place" if cost == 1 else "twilight.ops.place_controlled", side=side, country=NAMES[i])
        if _ops_exhausted(d, f):
            d["stack"].pop()
    elif verb == "coup":
        ops = _usable(f, i)
        d["stack"].pop()
        declare_coup(d, side, i, ops, bool(f.get("free")), f.get("then", ""))
    else:  # realign
        _spend(f, i, 1)
        f["mode"] = "realign"
        log(d, "twilight.realign.declared", side=side, country=NAMES[i])
        roll: RealignRollFrame = {"f": "roll", "p": CHANCE, "why": "realign", "side": side, "target": i,
                                  "first": 0}
        push(d, roll)


def declare_coup(d: Data, side: str, i: int, ops: int, free: bool = False, then: str = "") -> None:
    """``side`` attempts a coup in country ``i`` with ``ops``: effects that
    react to the attempt itself apply, then the die is rolled (a chance
    decision). ``then`` names a continuation run after the coup resolves."""
    eff = d["effects"]
    log(d, "twilight.coup.declared_free" if free else "twilight.coup.declared", side=side, country=NAMES[i],
        ops=ops)
    if eff:
        cmc = eff.get(effect.CUBAN_MISSILE_CRISIS)
        if cmc is not None and cmc["side"] == side:
            end_game(d, OPPONENT[side], "defcon", "twilight.end.cuban_missile_crisis", loser=side,
                     card=CUBAN_MISSILE_CRISIS, winner=OPPONENT[side])
            return
        if side == US and effect.YURI_AND_SAMANTHA in eff:
            gain_vp(d, USSR, 1, YURI_AND_SAMANTHA)
            if d["over"]:
                return
    roll: CoupRollFrame = {"f": "roll", "p": CHANCE, "why": "coup", "side": side, "target": i,
                           "ops": ops, "free": free, "then": then}
    push(d, roll)


def resolve_coup(d: Data, side: str, i: int, ops: int, roll: int, free: bool) -> None:
    """Coup (6.3): die + ops - 2 x stability; excess over the opponent's
    influence becomes the coup-er's. Battleground coups lower DEFCON (not a
    US coup under Nuclear Subs); coups with ops earn Military Operations,
    free coups do not (6.3.5)."""
    opp = OPPONENT[side]
    if d["effects"]:
        roll += coup_die_modifier(d, side, i)
    total = roll + ops - 2 * STABILITY[i]
    if total > 0:
        removed = min(total, d["inf"][opp][i])
        d["inf"][opp][i] -= removed
        d["inf"][side][i] += total - removed
        log(d, "twilight.coup.success", country=NAMES[i], roll=roll, ops=ops, defense=2 * STABILITY[i],
            total=total, opp=opp, n=removed, side=side, n2=total - removed)
    else:
        log(d, "twilight.coup.fails", country=NAMES[i], roll=roll, ops=ops, defense=2 * STABILITY[i],
            total=total)
    if not free:
        add_milops(d, side, ops)
    if BATTLEGROUND[i] and not (side == US and effect.NUCLEAR_SUBS in d["effects"]):
        change_defcon(d, -1, d["phasing"])


def realign_modifiers(d: Data, side: str, i: int) -> dict[str, Any]:
    """``side``'s realignment modifiers in country ``i`` (6.2.2), each
    apart (the log shows every one): ``countries``, the adjacent countries
    it controls (+1 each); ``more``, 1 for more influence in the target;
    ``home``, 1 when the target is next to its own superpower; ``contra``,
    1 for the US under Iran-Contra Scandal (-1)."""
    return {"countries": [NAMES[j] for j in ADJACENT[i] if control(d, j) == side],
            "more": int(d["inf"][side][i] > d["inf"][OPPONENT[side]][i]),
            "home": int(SUPERPOWER[i] == side),
            "contra": int(side == US and effect.IRAN_CONTRA_SCANDAL in d["effects"])}


def _realign_die(d: Data, side: str, i: int, roll: int) -> tuple[int, Message]:
    """A side's modified realignment roll, and how the log shows it: the
    die, each modifier, the total."""
    mods = realign_modifiers(d, side, i)
    total = roll + len(mods["countries"]) + mods["more"] + mods["home"] - mods["contra"]
    if total == roll and not mods["contra"]:
        return roll, msg("twilight.realign.die", side=side, roll=roll)
    return total, msg("twilight.realign.die_modified", side=side, roll=roll, adj=len(mods["countries"]),
                      effect=effect.IRAN_CONTRA_SCANDAL, total=total, **mods)


def resolve_realign(d: Data, side: str, i: int, roll: int, opp_roll: int) -> None:
    """Realignment (6.2.3): the higher modified roll removes the difference
    from the other side's influence."""
    opp = OPPONENT[side]
    mine, realigner = _realign_die(d, side, i, roll)
    theirs, defender = _realign_die(d, opp, i, opp_roll)
    if mine > theirs:
        loser = opp
    elif theirs > mine:
        loser = side
    else:
        log(d, "twilight.realign.tied", country=NAMES[i], realigner=realigner, defender=defender)
        return
    removed = min(abs(mine - theirs), d["inf"][loser][i])
    d["inf"][loser][i] -= removed
    log(d, "twilight.realign.won", country=NAMES[i], realigner=realigner, defender=defender, loser=loser,
        n=removed)


def resolve_space(d: Data, side: str, roll: int) -> None:
    """A Space Race attempt (6.4): a roll in range advances one box and
    scores that box's VP for the first or second arrival."""
    box = d["space"][side] + 1
    _, _, best, first_vp, second_vp = SPACE_BOXES[box]
    if roll > best:
        log(d, "twilight.space.fails", side=side, roll=roll)
        return
    d["space"][side] = box
    first = d["space"][OPPONENT[side]] < box
    log(d, "twilight.space.success", side=side, roll=roll, space=box, box=box)
    gain_vp(d, side, first_vp if first else second_vp, msg("twilight.why.space_box", box=box))


def _apply_roll(d: Data, f: RollFrame, a: Action) -> None:
    roll = a.arg
    assert roll is not None
    # Every roll consumes one draw of the state's generator, whether the die
    # came from it (apply_random) or was given explicitly (tests, replays),
    # so a game replayed from its action list is identical byte for byte.
    rng.next_u64(d)
    # (Tested on the frame itself, so that the type checker knows its shape.)
    if f["why"] == "realign":
        if not f["first"]:
            f["first"] = roll
            return
        d["stack"].pop()
        resolve_realign(d, f["side"], f["target"], f["first"], roll)
        top = d["stack"][-1]
        if top["f"] == "ops" and _ops_exhausted(d, top):
            d["stack"].pop()
    elif f["why"] == "coup":
        d["stack"].pop()
        before = d["inf"][OPPONENT[f["side"]]][f["target"]]
        resolve_coup(d, f["side"], f["target"], f["ops"], roll, f["free"])
        if f.get("then") and not d["over"]:
            removed = before - d["inf"][OPPONENT[f["side"]]][f["target"]]
            REGISTRY.resume(d, f, removed)
    elif f["why"] == "event":
        d["stack"].pop()
        REGISTRY.resume(d, f, roll)
    elif f["why"] == "space":
        d["stack"].pop()
        resolve_space(d, f["side"], roll)
    else:  # pragma: no cover - a corrupted state
        raise RuntimeError(f"unknown roll {f['why']!r}")
