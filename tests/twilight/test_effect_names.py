"""Every lasting effect the code looks up is one that some card adds.

An effect is stored under its name (``twilight.effect``); a rule or card that
reads a name no event ever writes (a typo, a renamed card) would silently never
apply. The Twilight sources are scanned for reads (``has_effect``,
``end_effect``, ``name in d["effects"]``, ``.get``/``.pop``/``del`` on the
effects) and writes (``add_effect``, ``d["effects"][name] = ...``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from brinkmanship.twilight import effect

# No state is made here: one run, on Python (tests/conftest.py).
pytestmark = [pytest.mark.usefixtures("on_backend"),
              pytest.mark.python_backend("scans the Python sources; it makes no state")]


SOURCES = Path(effect.__file__).parent
NAMES = {v for k, v in vars(effect).items() if k.isupper() and isinstance(v, str)}


def _is_effects(node: ast.expr) -> bool:
    """``d["effects"]``, or a local alias of it named ``eff``/``effects``."""
    if isinstance(node, ast.Name):
        return node.id in ("eff", "effects")
    return (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
            and node.slice.value == "effects")


def _name(node: ast.expr) -> str | None:
    """The effect name a key expression stands for, if it is a constant."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "effect":
        value = getattr(effect, node.attr)
        assert isinstance(value, str)
        return value
    return None


def _scan() -> tuple[dict[str, list[str]], set[str]]:
    reads: dict[str, list[str]] = {}
    writes: set[str] = set()
    for path in sorted(SOURCES.rglob("*.py")):
        where = str(path.relative_to(SOURCES))
        for node in ast.walk(ast.parse(path.read_text())):
            read: ast.expr | None = None
            if isinstance(node, ast.Call) and len(node.args) >= 2:
                fn = node.func
                fname = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                if fname == "add_effect" and (n := _name(node.args[1])):
                    writes.add(n)
                elif fname in ("has_effect", "end_effect"):
                    read = node.args[1]
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("get", "pop") and _is_effects(node.func.value) and node.args):
                read = node.args[0]
            elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
                if _is_effects(node.comparators[0]):
                    read = node.left
            elif isinstance(node, ast.Subscript) and _is_effects(node.value):
                n = _name(node.slice)
                if n is not None and isinstance(node.ctx, ast.Store):
                    writes.add(n)
                elif n is not None:
                    reads.setdefault(n, []).append(where)
            if read is not None and (n := _name(read)) is not None:
                reads.setdefault(n, []).append(where)
    return reads, writes


def test_every_effect_read_is_written_by_a_card() -> None:
    reads, writes = _scan()
    # The scan must see the code (guards against a pattern that matches nothing).
    assert len(reads) >= 20 and len(writes) >= 30
    unwritten = {n: sorted(set(w)) for n, w in reads.items() if n not in writes}
    assert not unwritten, f"effects read but never added: {unwritten}"


def test_effect_constants_are_the_names_cards_write() -> None:
    _, writes = _scan()
    assert not writes - NAMES, f"effects written without a constant: {sorted(writes - NAMES)}"
    assert not NAMES - writes, f"constants no card writes: {sorted(NAMES - writes)}"
