"""Print the observation layout tables that docs/observation.md carries.

``python -m brinkmanship.envs.layout_docs`` prints, for each game, its
length and the Markdown table of its slices (``core.observation.Layout``);
a test fails when the page and the code disagree.
"""

from __future__ import annotations

import brinkmanship as bm


def tables() -> str:
    """Both games' tables, each under its heading."""
    parts = []
    for game, title in (("twilight", "Twilight Struggle"), ("thirteen", "13 Days")):
        size = bm.game_info(game)["observation_shape"][0]
        parts.append(f"## {title}: {size} entries\n\n{bm.get_game(game).observation_layout().markdown()}\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(tables())
