"""Validation of loaded states: what every frame-stack game checks.

A state read from outside (a file, a network peer) is untrusted. Before the
engine touches it, ``load`` checks it here and in the game's own
``validate``; anything wrong raises ``StateError`` naming the field, so that
no KeyError, TypeError or RecursionError escapes, and no tampered state plays
on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, NoReturn

from brinkmanship.core.errors import StateError, quote
from brinkmanship.core.game import CHANCE
from brinkmanship.core.log import audiences

Data = dict[str, Any]
# A check of one value at a path: raises StateError, returns nothing.
Check = Callable[[Any, str], None]

# The version of the state format this engine writes and reads. Version 2:
# log entries are data (``core.log``); version 1 states held log prose.
STATE_VERSION = 2

# Deepest nesting a real state has is about 6; anything far deeper is hostile.
MAX_DEPTH = 32


def _json_type(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "list"
    if isinstance(v, dict):
        return "object"
    return type(v).__name__


def _depth_ok(v: Any, left: int) -> bool:
    if left < 0:
        return False
    t = type(v)
    if t is dict:
        items: Any = v.values()
    elif t is list:
        items = v
    else:
        return True
    for x in items:
        tx = type(x)
        if (tx is dict or tx is list) and not _depth_ok(x, left - 1):
            return False
    return True


def check_depth(v: Any, path: str = "state", depth: int = MAX_DEPTH) -> None:
    """Refuse absurdly deep nesting before any recursive code meets it
    (``json.loads`` itself stops near 1,000 levels, far past this): ``v``,
    found at ``path``, may hold ``depth`` more levels."""
    if _depth_ok(v, depth):
        return
    left = depth
    while left >= 0:  # name the first path that goes too deep
        children = v.items() if isinstance(v, dict) else enumerate(v)
        for k, x in children:
            if isinstance(x, dict | list) and not _depth_ok(x, left - 1):
                path += f".{k}"
                v = x
                left -= 1
                break
        else:
            break
    raise StateError(f"field {path!r}: nested more than {MAX_DEPTH} levels deep")


def fail(path: str, what: str) -> NoReturn:
    """Refuse the state: ``field 'path': what``."""
    raise StateError(f"field {path!r}: {what}")


_PY_TYPE: dict[str, type] = {"integer": int, "boolean": bool, "string": str, "list": list, "object": dict,
                             "number": float}


def expect(value: Any, kind: str, path: str) -> None:
    """``value`` must have JSON type ``kind`` (``"integer"`` excludes booleans)."""
    if type(value) is _PY_TYPE.get(kind):
        return
    got = _json_type(value)
    if got != kind:
        raise StateError(f"field {path!r}: expected {kind}, got {got} {quote(value)}")


def expect_int(value: Any, path: str, lo: int, hi: int) -> int:
    """An integer in ``lo .. hi``."""
    expect(value, "integer", path)
    if not lo <= value <= hi:
        raise StateError(f"field {path!r}: {value} is out of range {lo} to {hi}")
    return int(value)


def expect_in(value: Any, allowed: Any, path: str) -> None:
    """``value`` must be one of ``allowed``."""
    if type(value) not in (str, int, bool) or value not in allowed:
        raise StateError(f"field {path!r}: {quote(value)} is not one of "
                         f"{', '.join(map(repr, allowed))}")


_INT_ONLY = {int}


def expect_ints(value: Any, path: str, lo: int, hi: int, length: int | None = None) -> list[int]:
    """A list of integers in ``lo .. hi`` (of exactly ``length`` items when given)."""
    # Whole-list tests in C: the common case costs a few microseconds.
    if type(value) is list and (length is None or len(value) == length) and (
            not value or (set(map(type, value)) == _INT_ONLY and lo <= min(value) and max(value) <= hi)):
        return value
    expect(value, "list", path)
    if length is not None and len(value) != length:
        fail(path, f"{len(value)} items, expected {length}")
    for k, x in enumerate(value):
        expect_int(x, f"{path}[{k}]", lo, hi)
    return value  # pragma: no cover - one of the checks above failed


def expect_keys(value: Any, path: str, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """An object holding every ``required`` key, and no key but those and ``optional``."""
    expect(value, "object", path)
    for k in required:
        if k not in value:
            fail(f"{path}.{k}" if path else k, "missing")
    allowed = {*required, *optional}
    for k in value:
        if k not in allowed:
            fail(f"{path}.{k}" if path else str(k), "unknown field")


# -- declarative checks: small functions of (value, path) ---------------------
def is_bool(value: Any, path: str) -> None:
    """A JSON boolean."""
    if type(value) is not bool:
        expect(value, "boolean", path)


def is_str(value: Any, path: str) -> None:
    """A JSON string."""
    if type(value) is not str:
        expect(value, "string", path)


def is_int(lo: int, hi: int) -> Check:
    """An integer in ``lo .. hi``."""
    def check(value: Any, path: str) -> None:
        if type(value) is not int or not lo <= value <= hi:
            expect_int(value, path, lo, hi)
    return check


def one_of(*allowed: Any) -> Check:
    """One of ``allowed`` (strings, integers or booleans, compared with their type)."""
    keys = frozenset((type(a), a) for a in allowed)

    def check(value: Any, path: str) -> None:
        if type(value) not in (str, int, bool) or (type(value), value) not in keys:
            raise StateError(f"field {path!r}: {quote(value)} is not one of {', '.join(map(repr, allowed))}")
    return check


def list_of(item: Check, max_len: int, unique: bool = False) -> Check:
    """A list of at most ``max_len`` items, each passing ``item`` (all
    different with ``unique``)."""
    def check(value: Any, path: str) -> None:
        if type(value) is not list:
            expect(value, "list", path)
        if len(value) > max_len:
            fail(path, f"{len(value)} items, at most {max_len} expected")
        for k, x in enumerate(value):
            item(x, f"{path}[{k}]")
        if unique and len(set(value)) != len(value):
            fail(path, "an item appears twice")
    return check


class Record:
    """A check of an object with exactly the keys of ``fields`` (and perhaps
    some of ``optional``), each value passing its check. ``fields`` and
    ``optional`` stay readable (tests compare them with what the code writes)."""

    __slots__ = ("fields", "optional")

    def __init__(self, fields: dict[str, Check], optional: dict[str, Check] | None = None) -> None:
        self.fields = fields
        self.optional = optional or {}

    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not dict:
            expect(value, "object", path)
        fields = self.fields
        n = 0
        for k, v in value.items():
            c = fields.get(k)
            if c is None:
                c = self.optional.get(k)
                if c is None:
                    fail(f"{path}.{k}", "unknown field")
            else:
                n += 1
            c(v, f"{path}.{k}")
        if n != len(fields):
            for k in fields:
                if k not in value:
                    fail(f"{path}.{k}", "missing")


def conserve(places: Sequence[tuple[str, Sequence[int]]], expected: frozenset[int],
             name: Callable[[int], str], what: str) -> None:
    """Every item of ``expected`` (cards) sits in exactly one of ``places``
    (``(path, items)`` pairs, whose items are already known to be integers),
    and nothing else is anywhere. ``what`` says which items exist."""
    total = 0
    seen: set[int] = set()
    for _, items in places:
        total += len(items)
        seen.update(items)
    if total == len(expected) and seen == expected:
        return
    where: dict[int, str] = {}
    for path, items in places:
        for k, c in enumerate(items):
            here = f"{path}[{k}]"
            if c not in expected:
                fail(here, f"{name(c)} is not in this game ({what})")
            if c in where:
                fail(here, f"{name(c)} is also at {where[c]}: a card is in exactly one place")
            where[c] = here
    missing = sorted(expected - set(where))
    fail("cards", f"{', '.join(name(c) for c in missing[:5])} {'is' if len(missing) == 1 else 'are'} missing: "
         f"every card ({what}) is in exactly one place")


_NESTED = frozenset({dict, list})


@cache
def _message_args() -> dict[str, frozenset[str]]:
    """Every message code of the catalog, with the arguments its text needs."""
    from brinkmanship.i18n import catalog, placeholders

    return {code: placeholders(text) for code, text in catalog().items()}


# Levels a log argument may nest (lists, nested messages) below its entry.
_ARGS_DEPTH = MAX_DEPTH - 4


def _value_ok(v: Any, codes: dict[str, frozenset[str]], left: int) -> bool:
    """Does a log argument render? Scalars do; a list does when its items do;
    a dict is a nested message: a known code with the arguments it needs."""
    t = type(v)
    if t is dict:
        if left <= 0 or len(v) != 2:
            return False
        code, args = v.get("code"), v.get("args")
        if type(code) is not str or type(args) is not dict:
            return False
        need = codes.get(code)
        return need is not None and need <= args.keys() and (
            _NESTED.isdisjoint(map(type, args.values())) or all(_value_ok(x, codes, left - 1) for x in args.values()))
    if t is list:
        return left > 0 and (_NESTED.isdisjoint(map(type, v)) or all(_value_ok(x, codes, left - 1) for x in v))
    return True


def _check_value(v: Any, path: str, codes: dict[str, frozenset[str]], left: int) -> None:
    """``_value_ok``, naming the field that is wrong."""
    t = type(v)
    if t is not dict and t is not list:
        return
    if left <= 0:
        fail(path, f"nested more than {MAX_DEPTH} levels deep")
    if t is list:
        for k, x in enumerate(v):
            _check_value(x, f"{path}[{k}]", codes, left - 1)
        return
    if set(v) != {"code", "args"} or type(v["code"]) is not str or type(v["args"]) is not dict:
        fail(path, "a nested message has exactly code and args")
    _check_message(v, path, codes, left - 1)


def _check_message(m: Any, path: str, codes: dict[str, frozenset[str]], left: int = _ARGS_DEPTH) -> None:
    """A message's code and arguments: a known code with every argument its
    text needs, nested messages likewise (so rendering it cannot fail)."""
    need = codes.get(m["code"])
    if need is None:
        fail(f"{path}.code", f"unknown message code {quote(m['code'])}")
    args = m["args"]
    if not need <= args.keys():
        fail(f"{path}.args", f"{m['code']!r} needs {', '.join(sorted(need - args.keys()))}")
    for key, v in args.items():
        _check_value(v, f"{path}.args.{key}", codes, left)


def validate_log(log: Any, players: tuple[str, ...]) -> None:
    """Every log entry is ``{code, args, to}``: a message of the catalog with
    the arguments its text needs (nested messages too), and a known audience."""
    expect(log, "list", "log")
    readers = audiences(players)
    codes = _message_args()
    get = codes.get
    flat = _NESTED.isdisjoint
    for k, e in enumerate(log):
        try:
            # The common case in one expression: an entry of a known code
            # with the arguments its text needs (about a microsecond flat).
            if (type(e) is dict and len(e) == 3 and type(args := e["args"]) is dict and e["to"] in readers
                    and (need := get(e["code"])) is not None and need <= args.keys()
                    and (flat(map(type, args.values()))
                         or all(_value_ok(v, codes, _ARGS_DEPTH) for v in args.values()))):
                continue
        except (KeyError, TypeError):
            pass
        path = f"log[{k}]"
        expect(e, "object", path)
        if set(e) != {"code", "args", "to"}:
            raise StateError(f"field {path!r}: an entry has exactly code, args and to")
        expect(e["code"], "string", f"{path}.code")
        expect(e["args"], "object", f"{path}.args")
        expect_in(e["to"], readers, f"{path}.to")
        _check_message(e, path, codes)


def check_header(d: Data, top: Iterable[str], make_options: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The checks at the head of every game's ``validate``: exactly the
    state keys ``top``, the seed and the generator's state, and options the
    game accepts with every option written out. Returns the options."""
    top = tuple(top)
    if len(d) != len(top) or any(k not in d for k in top):
        expect_keys(d, "", top)
    seed = d["seed"]
    if seed is not None:
        expect(seed, "integer", "seed")
    expect_int(d["rng"], "rng", 0, (1 << 64) - 1)
    opts = d["options"]
    expect(opts, "object", "options")
    try:
        full = make_options(opts)
    except ValueError as exc:
        fail("options", str(exc))
    for name in full:
        if name not in opts:
            fail(f"options.{name}", "missing")
    out: dict[str, Any] = opts
    return out


def per_side(value: Any, path: str, sides: tuple[str, str]) -> dict[str, Any]:
    """A dict with exactly one entry per side (``{"USSR": ..., "US": ...}``)."""
    if type(value) is not dict or len(value) != 2 or sides[0] not in value or sides[1] not in value:
        expect_keys(value, path, sides)
    out: dict[str, Any] = value
    return out


# Largest ply counter accepted: far beyond any real game, small enough to be sane.
MAX_PLY = 1 << 31


def validate_common(game: Any, d: Data) -> None:
    """Checks every frame-stack game shares: depth, the version, the log, the
    outcome keys, the stack's frame kinds, and a decision on top of the
    stack while the game goes on (a procedure there would have run)."""
    for key, value in d.items():
        if key != "log":  # validate_log checks the depth of log arguments
            check_depth(value, key, MAX_DEPTH - 1)
    version = d.get("version")
    if version != STATE_VERSION:
        raise StateError(f"field 'version': {quote(version)}; this engine reads states of version "
                         f"{STATE_VERSION} (a state saved by another version must be replayed from its actions)")
    validate_log(d.get("log"), game.players)
    for key in ("over", "winner", "result", "ply", "reveals", "stack"):
        if key not in d:
            raise StateError(f"field {key!r}: missing")
    expect(d["over"], "boolean", "over")
    expect_int(d["ply"], "ply", 0, MAX_PLY)
    expect_int(d["reveals"], "reveals", 0, MAX_PLY)
    if d["winner"] is not None:
        expect_in(d["winner"], game.players, "winner")
    if d["result"] is not None:
        expect(d["result"], "string", "result")
    stack = d["stack"]
    expect(stack, "list", "stack")
    decisions = game.machine.legal_table
    procs = game.machine.procs
    for k, f in enumerate(stack):
        expect(f, "object", f"stack[{k}]")
        kind = f.get("f")
        if type(kind) is not str or (kind not in decisions and kind not in procs):
            raise StateError(f"field 'stack[{k}].f': unknown frame kind {quote(kind)}")
    if d["over"]:
        if stack:
            fail("stack", "a finished game has no pending decision")
        if d["result"] is None:
            fail("result", "a finished game says why it ended")
        return
    if d["winner"] is not None or d["result"] is not None:
        fail("winner" if d["winner"] is not None else "result", "set, but the game is not over")
    if not stack:
        raise StateError("field 'stack': empty, but the game is not over")
    top = stack[-1]
    if top["f"] not in decisions:
        fail(f"stack[{len(stack) - 1}].f", f"{top['f']!r} is a procedure; a decision must be on top")
    movers = (*game.players, CHANCE) if game.max_chance_outcomes else game.players
    if "p" not in top:
        fail(f"stack[{len(stack) - 1}].p", "missing")
    expect_in(top["p"], movers, f"stack[{len(stack) - 1}].p")
