"""The research API pages stay true: their Python snippets run as written,
and the observation page carries the very layout the code builds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import brinkmanship as bm

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = ["observation.md", "pettingzoo.md", "openspiel.md", "gymnasium.md", "learning.md"]


def _python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("name", PAGES)
def test_snippets_run(name: str) -> None:
    page = DOCS / name
    blocks = _python_blocks(page)
    assert blocks, f"{name} has no runnable snippet"
    namespace: dict[str, object] = {"__name__": f"docs.{name}"}
    for code in blocks:
        exec(compile(code, str(page), "exec"), namespace)  # our own documentation


@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_observation_page_has_the_layout(game: str) -> None:
    """Every slice of the code's layout is in the page, in order, with its
    start, size and meaning: the table is regenerated, never hand-edited
    (``python -m brinkmanship.envs.layout_docs`` prints it)."""
    text = (DOCS / "observation.md").read_text(encoding="utf-8")
    table = bm.get_game(game).observation_layout().markdown()
    assert table in text, f"docs/observation.md is out of date for {game}: regenerate its table"
    assert f"{bm.game_info(game)['observation_shape'][0]} entries" in text
