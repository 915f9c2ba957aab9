"""13 Days rules: the generic event frames that card events reuse.

* ``cubes``: an event places or removes cubes with per-arena limits;
* ``shift``: move a DEFCON marker (which tracks, how far, which ways);
* ``ask``: choose an arena or a named option.

Each resumes its event through a named continuation (``state.resume``),
with the data the event kept in the frame (``data=``).
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core.actions import Action
from brinkmanship.core.log import msg
from brinkmanship.thirteen.actions import CHOOSE, DEESCALATE, DONE, ESCALATE, PASS, PLACE, REMOVE, TARGET, shift_of
from brinkmanship.thirteen.board import ARENAS, CATEGORY
from brinkmanship.thirteen.data.board import ARENA_MAX, DEFCON_MAX, DEFCON_MIN, SUPPLY
from brinkmanship.thirteen.rules.kinds import AskFrame, CubesFrame, ShiftFrame
from brinkmanship.thirteen.rules.state import Data, log, push, resume, shift_marker


def push_cubes(d: Data, chooser: str, side: str, verb: str, count: int, arenas: tuple[int, ...] | list[int],
               *, per_arena: int = 0, one_arena: bool = False, symbol: bool = False, low: bool = True,
               optional: bool = True, then: str = "", data: dict[str, Any] | None = None) -> bool:
    """An event places (``verb="place"``) or removes ``count`` of ``side``'s
    cubes, one per action, in ``arenas``: at most ``per_arena`` in each (0:
    no limit), all in one arena with ``one_arena``. ``optional`` ("up to")
    allows ``done`` at any time. ``symbol``: the card has the DEFCON symbol,
    so each arena that gains (loses) k >= 2 cubes moves ``side``'s marker of
    its category up (down) k-1, down only if ``low``. The 5-cube and
    17-cube limits always hold. ``data`` is kept in the frame for the
    continuation ``then``, which gets the cubes moved per arena. Returns
    False (pushing nothing) when no cube can move; the continuation then
    runs at once with None."""
    f: CubesFrame = {"f": "cubes", "p": chooser, "side": side, "verb": verb, "left": count, "arenas": list(arenas),
                "max": per_arena, "one": one_arena, "symbol": symbol, "low": low, "optional": optional,
                "done": [], "then": then, "data": {} if data is None else data}
    if count > 0 and _cube_targets(d, f):
        push(d, f)
        return True
    if then:
        resume(d, f, None)
    return False


def _cube_targets(d: Data, f: CubesFrame) -> list[int]:
    mine = d["cubes"][f["side"]]
    done = f["done"]
    mx = f["max"]
    arenas = [done[0]] if f["one"] and done else f["arenas"]
    if f["verb"] == "place":
        if sum(mine) >= SUPPLY:
            return []
        return [i for i in arenas if mine[i] < ARENA_MAX and (not mx or done.count(i) < mx)]
    return [i for i in arenas if mine[i] and (not mx or done.count(i) < mx)]


def _legal_cubes(d: Data, f: CubesFrame) -> list[Action]:
    table = PLACE if f["verb"] == "place" else REMOVE
    acts = [table[i] for i in _cube_targets(d, f)]
    if f["optional"] or not acts:
        acts.append(DONE)
    return acts


def _apply_cubes(d: Data, f: CubesFrame, a: Action) -> None:
    if a is not DONE:
        i = a.arg
        assert i is not None
        f["done"].append(i)
        d["cubes"][f["side"]][i] += 1 if f["verb"] == "place" else -1
        f["left"] -= 1
        if f["left"] > 0 and _cube_targets(d, f):
            return
    d["stack"].pop()
    _finish_cubes(d, f)


def _finish_cubes(d: Data, f: CubesFrame) -> None:
    side = f["side"]
    done = f["done"]
    verb = f["verb"]
    counts: dict[int, int] = {}
    for i in done:
        counts[i] = counts.get(i, 0) + 1
    if counts:
        part = "thirteen.cubes.in" if verb == "place" else "thirteen.cubes.from"
        parts = [msg(part, n=k, arena=ARENAS[i]) for i, k in counts.items()]
        code = "thirteen.cubes.place" if verb == "place" else "thirteen.cubes.remove"
        log(d, code, side=side, n=len(done), parts=parts)
    else:
        log(d, "thirteen.cubes.none_placed" if verb == "place" else "thirteen.cubes.none_removed", side=side)
    if f["symbol"]:
        for i, k in counts.items():
            if k < 2:
                continue
            if verb == "place":
                shift_marker(d, side, CATEGORY[i], k - 1, msg("thirteen.why.symbol"))
            elif f["low"]:
                shift_marker(d, side, CATEGORY[i], -(k - 1), msg("thirteen.why.symbol"))
            else:
                log(d, "thirteen.defcon.banned_stays", side=side)
    if f["then"]:
        resume(d, f, counts)


def push_shift(d: Data, chooser: str, side: str, tracks: tuple[int, ...] | list[int], steps: int, *, then: str = "",
               up: bool = True, down: bool = True, exact: bool = False, optional: bool = True,
               data: dict[str, Any] | None = None) -> bool:
    """``chooser`` may move one of ``side``'s markers on ``tracks`` up to
    ``steps`` (exactly ``steps`` with ``exact``, clipped at the track's end)
    in the allowed directions; ``pass`` moves nothing when ``optional``.
    The continuation ``then`` gets ``(track, signed steps)`` or None, and
    ``data`` kept in the frame. Returns
    False (running the continuation with None) when no move is possible."""
    f: ShiftFrame = {"f": "shift", "p": chooser, "side": side, "tracks": list(tracks), "steps": steps,
                "up": up, "down": down, "exact": exact, "optional": optional, "then": then,
                "data": {} if data is None else data}
    if steps > 0 and _shift_moves(d, f):
        push(d, f)
        return True
    if then:
        resume(d, f, None)
    return False


def _shift_moves(d: Data, f: ShiftFrame) -> list[Action]:
    row = d["defcon"][f["side"]]
    steps = f["steps"]
    acts: list[Action] = []
    for t in f["tracks"]:
        pos = row[t]
        if f["up"]:
            room = min(steps, DEFCON_MAX - pos)
            lo = room if f["exact"] else 1
            acts.extend(ESCALATE[t][k] for k in range(lo, room + 1) if k > 0)
        if f["down"]:
            room = min(steps, pos - DEFCON_MIN)
            lo = room if f["exact"] else 1
            acts.extend(DEESCALATE[t][k] for k in range(lo, room + 1) if k > 0)
    return acts


def _legal_shift(d: Data, f: ShiftFrame) -> list[Action]:
    acts = _shift_moves(d, f)
    if f["optional"] or not acts:
        acts.append(PASS)
    return acts


def _apply_shift(d: Data, f: ShiftFrame, a: Action) -> None:
    d["stack"].pop()
    answer: Any = None
    if a is PASS:
        log(d, "thirteen.shift.pass", side=f["p"])
    else:
        track, delta = shift_of(a)
        moved = shift_marker(d, f["side"], track, delta)
        answer = (track, moved)
    if f["then"]:
        resume(d, f, answer)


ASK_TABLES: dict[str, tuple[Action, ...]] = {"target": TARGET, "choose": CHOOSE}


def ask(d: Data, chooser: str, kind: str, options: list[int], then: str,
        data: dict[str, Any] | None = None) -> None:
    """Ask ``chooser`` for an arena (``kind="target"``) or a named option
    (``"choose"``, indexes of ``actions.OPTIONS``); ``then`` resumes, with
    ``data`` kept in the frame."""
    f: AskFrame = {"f": "ask", "p": chooser, "kind": kind, "options": list(options), "then": then,
                   "data": {} if data is None else data}
    push(d, f)


def _legal_ask(d: Data, f: AskFrame) -> list[Action]:
    table = ASK_TABLES[f["kind"]]
    return [table[x] for x in f["options"]]


def _apply_ask(d: Data, f: AskFrame, a: Action) -> None:
    d["stack"].pop()
    resume(d, f, a.arg)
