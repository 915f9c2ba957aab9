"""The README's Python examples run as written (docs must stay true)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    for code in blocks:
        exec(compile(code, str(README), "exec"), namespace)  # our own documentation


def test_bots_guide_example_runs() -> None:
    guide = README.parent / "docs" / "bots.md"
    blocks = re.findall(r"```python\n(.*?)```", guide.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], str(guide), "exec"), namespace)  # our own documentation
    state = namespace["state"]
    assert getattr(state, "is_terminal", False)
