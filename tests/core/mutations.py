"""Random mutations of a saved state, for the load-validation fuzz.

Each mutation changes one thing the way a corrupted or tampered file might:
a key deleted or added, a value of the wrong type, a number out of range or
huge, a card duplicated, moved or dropped, a wrong side name, an unknown frame
kind or continuation, deep nesting, garbage in the lasting effects. It
returns a short description, so a failure names what was done.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

Path = tuple[Any, ...]

GARBAGE: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 3, 7, 2**64, -(2**70), 10**30, 1.5, float("nan"), "", "x", "USSR", "US",
    "both", "chance", "all", [], [1], [None], {}, {"a": 1}, {"code": "x"}, [[[[[]]]]],
)
WORDS = ("us", "Ussr", "X", "", "both", "chance", "all", "turn", "ask", "finish", "round", "game", "NATO")


def nodes(v: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every (path, value) of the tree, the root first."""
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from nodes(x, (*path, k))
    elif isinstance(v, list):
        for k, x in enumerate(v):
            yield from nodes(x, (*path, k))


def at(root: Any, path: Path) -> Any:
    for k in path:
        root = root[k]
    return root


def _pick(d: dict[str, Any], r: random.Random, want: Callable[[Path, Any], bool], log: float = 0.02) -> Path | None:
    # The log is most of a state but only one field of it: visit it rarely.
    skip_log = r.random() >= log
    found = [p for p, v in nodes(d) if p and not (skip_log and p[0] == "log") and want(p, v)]
    return r.choice(found) if found else None


def _set(d: dict[str, Any], path: Path, value: Any) -> None:
    at(d, path[:-1])[path[-1]] = value


def delete_key(d: dict[str, Any], r: random.Random) -> str:
    p = _pick(d, r, lambda p, v: isinstance(v, dict) and bool(v))
    if p is None:
        return "nothing"
    obj = at(d, p)
    k = r.choice(list(obj))
    del obj[k]
    return f"delete {(*p, k)}"


def delete_top_key(d: dict[str, Any], r: random.Random) -> str:
    k = r.choice(list(d))
    del d[k]
    return f"delete {k!r}"


def add_key(d: dict[str, Any], r: random.Random) -> str:
    p = _pick(d, r, lambda p, v: isinstance(v, dict))
    obj = d if p is None or r.random() < 0.2 else at(d, p)
    obj[r.choice(("extra", "zz", "f", "p", "data", "card"))] = copy.deepcopy(r.choice(GARBAGE))
    return f"add a key to {p}"


def retype(d: dict[str, Any], r: random.Random) -> str:
    p = _pick(d, r, lambda p, v: True)
    if p is None:
        return "nothing"
    _set(d, p, copy.deepcopy(r.choice(GARBAGE)))
    return f"retype {p}"


def number(d: dict[str, Any], r: random.Random) -> str:
    p = _pick(d, r, lambda p, v: type(v) is int)
    if p is None:
        return "nothing"
    v = at(d, p)
    new = r.choice((v + 1, v - 1, -1, 0, v + r.randint(2, 12), 2 * v + 5, 10**6, 2**63, -(2**63), 10**100))
    _set(d, p, new)
    return f"number {p} {v} -> {new}"


def string(d: dict[str, Any], r: random.Random) -> str:
    p = _pick(d, r, lambda p, v: type(v) is str)
    if p is None:
        return "nothing"
    v = at(d, p)
    new = r.choice((*WORDS, v + "_", v.lower(), v.upper(), " " + v))
    _set(d, p, new)
    return f"string {p} {v!r} -> {new!r}"


def _card_lists(d: dict[str, Any], r: random.Random) -> list[Path]:
    return [p for p, v in nodes(d) if p and p[0] != "log" and isinstance(v, list)
            and all(type(x) is int for x in v)]


def cards(d: dict[str, Any], r: random.Random) -> str:
    """Duplicate, move or drop one integer of an integer list (mostly cards)."""
    lists = _card_lists(d, r)
    full = [p for p in lists if at(d, p)]
    if not full:
        return "nothing"
    a = r.choice(full)
    b = r.choice(lists)
    la, lb = at(d, a), at(d, b)
    x = r.choice(la)
    how = r.randrange(3)
    if how == 0:
        lb.insert(r.randint(0, len(lb)), x)
        return f"duplicate {x} from {a} into {b}"
    la.remove(x)
    if how == 1:
        lb.insert(r.randint(0, len(lb)), x)
        return f"move {x} from {a} to {b}"
    return f"drop {x} from {a}"


def swap(d: dict[str, Any], r: random.Random) -> str:
    """Swap two leaves of the same type (a consistent-looking change)."""
    p = _pick(d, r, lambda p, v: not isinstance(v, dict | list))
    if p is None:
        return "nothing"
    kind = type(at(d, p))
    q = _pick(d, r, lambda p, v: type(v) is kind)
    if q is None or q == p:
        return "nothing"
    a, b = at(d, p), at(d, q)
    _set(d, p, b)
    _set(d, q, a)
    return f"swap {p} and {q}"


def frame(d: dict[str, Any], r: random.Random, kinds: tuple[str, ...], conts: tuple[str, ...]) -> str:
    """Change a field of a pending frame: its kind, its continuation, or any field."""
    stack = d.get("stack")
    frames = [f for f in stack if isinstance(f, dict) and f] if isinstance(stack, list) else []
    if not frames:
        return "nothing"
    f = r.choice(frames)
    key = r.choice((*f, "f", "then", "p"))
    if key == "f":
        f[key] = r.choice((*kinds, "nope", "Turn", ""))
    elif key == "then":
        f[key] = r.choice((*conts, "nope", ""))
    elif key == "p":
        f[key] = r.choice(("USSR", "US", "chance", "both", "x"))
    else:
        f[key] = copy.deepcopy(r.choice(GARBAGE))
    return f"frame {f.get('f')!r} field {key!r}"


def frame_order(d: dict[str, Any], r: random.Random) -> str:
    stack = d.get("stack")
    if not isinstance(stack, list) or len(stack) < 2:
        return "nothing"
    how = r.randrange(3)
    if how == 0:
        stack.pop(r.randrange(len(stack)))
        return "drop a frame"
    if how == 1:
        k = r.randrange(len(stack))
        stack.insert(r.randint(0, len(stack)), copy.deepcopy(stack[k]))
        return "duplicate a frame"
    i, j = r.sample(range(len(stack)), 2)
    stack[i], stack[j] = stack[j], stack[i]
    return "swap two frames"


def deep(d: dict[str, Any], r: random.Random) -> str:
    p = _pick(d, r, lambda p, v: True)
    if p is None:
        return "nothing"
    v = at(d, p)
    for _ in range(r.choice((3, 40, 400))):
        v = [v] if r.random() < 0.5 else {"x": v}
    _set(d, p, v)
    return f"deep {p}"


def effects(d: dict[str, Any], r: random.Random, names: tuple[str, ...]) -> str:
    """Twilight's lasting effects (``effects``) or 13 Days' round effects (``fx``)."""
    key = "effects" if "effects" in d else "fx"
    eff = d.get(key)
    if not isinstance(eff, dict):
        return "nothing"
    name = r.choice((*names, "Fog", "nope"))
    how = r.randrange(4)
    if how == 0 or not eff:
        eff[name] = copy.deepcopy(r.choice(({"until": "game"}, {"until": "turn"}, ["US"], ["x"], [], {}, None)))
        return f"add effect {name!r}"
    old = r.choice(list(eff))
    if how == 1:
        eff[old] = copy.deepcopy(r.choice(GARBAGE))
        return f"garbage effect {old!r}"
    if how == 2 and isinstance(eff[old], dict):
        eff[old][r.choice(("until", "side", "blocks", "card", "turn", "region", "zz"))] = copy.deepcopy(
            r.choice((*GARBAGE, [13], [1], "US", "both", "Europe", 5)))
        return f"change effect {old!r}"
    eff[name] = eff.pop(old)
    return f"rename effect {old!r} to {name!r}"


def log_entry(d: dict[str, Any], r: random.Random) -> str:
    log = d.get("log")
    if not isinstance(log, list) or not log:
        return "nothing"
    k = r.randrange(len(log))
    log[k] = copy.deepcopy(r.choice((*GARBAGE, {"code": "x", "args": {}, "to": "nobody"},
                                     {"code": 1, "args": {}, "to": "all"}, {"code": "x", "args": [], "to": "US"})))
    return f"log[{k}]"


def mutator(kinds: tuple[str, ...], conts: tuple[str, ...], effect_names: tuple[str, ...]
            ) -> Callable[[dict[str, Any], random.Random], str]:
    """A function applying one random mutation (of a game with these frame
    kinds, continuation names and effect names) and describing it."""
    ops: list[Callable[[dict[str, Any], random.Random], str]] = [
        delete_key, delete_top_key, add_key, retype, number, number, string, cards, cards, cards, swap, swap,
        lambda d, r: frame(d, r, kinds, conts), lambda d, r: frame(d, r, kinds, conts), frame_order, deep,
        lambda d, r: effects(d, r, effect_names), log_entry,
    ]

    def mutate(d: dict[str, Any], r: random.Random) -> str:
        return r.choice(ops)(d, r)
    return mutate
