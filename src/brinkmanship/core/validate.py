"""Validation of loaded states: what every frame-stack game checks.

A state read from outside (a file, a network peer) is untrusted. Before the
engine touches it, ``load`` checks it here and in the game's own
``validate``; anything wrong raises ``StateError`` naming the field, so that
no KeyError, TypeError or RecursionError escapes, and no tampered state plays
on.
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core.errors import StateError, quote

Data = dict[str, Any]

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


def check_depth(v: Any) -> None:
    """Refuse absurdly deep nesting before any recursive code meets it
    (``json.loads`` itself stops near 1,000 levels, far past this)."""
    if _depth_ok(v, MAX_DEPTH):
        return
    path = "state"
    while True:  # name the first path that goes too deep
        children = v.items() if isinstance(v, dict) else enumerate(v)
        for k, x in children:
            if isinstance(x, dict | list) and not _depth_ok(x, MAX_DEPTH - 1 - path.count(".")):
                path += f".{k}"
                v = x
                break
        else:
            break
        if path.count(".") > MAX_DEPTH:
            break
    raise StateError(f"field {path!r}: nested more than {MAX_DEPTH} levels deep")


def expect(value: Any, kind: str, path: str) -> None:
    """``value`` must have JSON type ``kind`` (``"integer"`` excludes booleans)."""
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
    if value not in allowed:
        raise StateError(f"field {path!r}: {quote(value)} is not one of "
                         f"{', '.join(map(repr, allowed))}")


def same_shape(value: Any, template: Any, path: str) -> None:
    """``value`` has the keys and JSON types of ``template`` (a blank state):
    every key present, no unknown ones, lists where lists are, and so on."""
    if isinstance(template, dict):
        expect(value, "object", path)
        for k, t in template.items():
            if k not in value:
                raise StateError(f"field {path}.{k}: missing")
            same_shape(value[k], t, f"{path}.{k}")
        for k in value:
            if k not in template:
                raise StateError(f"field {path}.{k}: unknown field")
    elif isinstance(template, list):
        expect(value, "list", path)
    elif template is None or (isinstance(template, str) and path.endswith(("winner", "result"))):
        if value is not None and not isinstance(value, str):
            raise StateError(f"field {path!r}: expected a string or null, got {_json_type(value)}")
    else:
        expect(value, _json_type(template), path)


def validate_log(log: Any, players: tuple[str, ...]) -> None:
    """Every log entry is ``{code, args, to}`` with a known audience."""
    expect(log, "list", "log")
    audiences = ("all", *players)
    for k, e in enumerate(log):
        if (type(e) is dict and len(e) == 3 and type(e.get("code")) is str
                and type(e.get("args")) is dict and e.get("to") in audiences):
            continue
        path = f"log[{k}]"
        expect(e, "object", path)
        if set(e) != {"code", "args", "to"}:
            raise StateError(f"field {path!r}: an entry has exactly code, args and to")
        expect(e["code"], "string", f"{path}.code")
        expect(e["args"], "object", f"{path}.args")
        expect_in(e["to"], audiences, f"{path}.to")


def validate_common(game: Any, d: Data) -> None:
    """Checks every frame-stack game shares: depth, the log, the outcome keys,
    the stack's frame kinds."""
    check_depth(d)
    version = d.get("version")
    if version != STATE_VERSION:
        raise StateError(f"field 'version': {quote(version)}; this engine reads states of version "
                         f"{STATE_VERSION} (a state saved by another version must be replayed from its actions)")
    validate_log(d.get("log"), game.players)
    for key in ("over", "winner", "result", "ply", "stack"):
        if key not in d:
            raise StateError(f"field {key!r}: missing")
    expect(d["over"], "boolean", "over")
    expect(d["ply"], "integer", "ply")
    if d["winner"] is not None:
        expect_in(d["winner"], game.players, "winner")
    expect(d["stack"], "list", "stack")
    known = set(game.machine.legal_table) | set(game.machine.procs)
    for k, f in enumerate(d["stack"]):
        expect(f, "object", f"stack[{k}]")
        kind = f.get("f")
        if kind not in known:
            raise StateError(f"field 'stack[{k}].f': unknown frame kind {quote(kind)}")
    if not d["over"] and not d["stack"]:
        raise StateError("field 'stack': empty, but the game is not over")
