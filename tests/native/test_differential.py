"""The differential harness (``tests/native/differential.py``) in the suite:
seeded random games on both backends, compared after every action.

On the real extension it plays ``BRINK_DIFF_GAMES`` games per game
(default: 300 Twilight Struggle, 1,000 13 Days, every option mix), split
in parts so ``pytest -n`` spreads them over the workers; it skips, saying
what is missing, where the extension or the game is not built. On the
Python stand-in of the extension it checks the harness itself: that it
passes where the backends agree and names the seed and ply where they do
not.

Cost: ``to_json`` in two parts (the state without its log, and the new
log entries; see ``differential._Game.compare_text_fast``), the decision
and the outcome after every action cost a fraction of a millisecond; the
three views, both tensors, the whole ``to_json`` and the log a few
milliseconds more in a long Twilight Struggle game. So Twilight Struggle compares views every
``BRINK_DIFF_VIEWS_EVERY`` actions (default 4) and 13 Days after every
action; ``python -m tests.native.differential`` compares views after
every action by default, for the long runs outside CI.
"""

from __future__ import annotations

import os

import pytest

import brinkmanship.native as nat
from brinkmanship.native import NativeState
from tests.native import differential, fake_native
from tests.native.conftest import skip_unless_native, use_fake

DEFAULT_GAMES = {"twilight": 300, "thirteen": 1000}
VIEWS_EVERY = {"twilight": 4, "thirteen": 1}
PARTS = 4


def games_for(game: str) -> int:
    value = os.environ.get("BRINK_DIFF_GAMES")
    return int(value) if value else DEFAULT_GAMES[game]


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("game", ["twilight", "thirteen"])
def test_native_plays_the_same_games_as_python(game: str, part: int) -> None:
    skip_unless_native(game)
    n = games_for(game)
    first, last = n * part // PARTS, n * (part + 1) // PARTS
    views_every = int(os.environ.get("BRINK_DIFF_VIEWS_EVERY") or VIEWS_EVERY[game])
    report = differential.compare_games(game, last - first, seed=first, views_every=views_every)
    assert report.games == last - first
    print(report)


@pytest.mark.parametrize(("game", "n"), [("twilight", 1), ("thirteen", 6)])
def test_the_harness_passes_where_the_backends_agree(game: str, n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake(monkeypatch, "twilight", "thirteen")
    report = differential.compare_games(game, n, seed=100, copy_points=2)
    assert report.games == n and report.actions > 50 * n and report.copies_checked >= 1
    assert "0 differences" in str(report)


class _Drifting(fake_native.ThirteenState):
    """A 13 Days core with a bug: from ply 30 on, each action also bumps
    the reveals counter."""

    def apply_id(self, ident: int) -> None:
        super().apply_id(ident)
        if self.d["ply"] >= 30:
            self.d["reveals"] += 1

    def clone(self) -> _Drifting:
        return _Drifting(self.game.clone(self.d))


class _Mislogged(fake_native.ThirteenState):
    """A 13 Days core with a bug in its log: from ply 30 on, the entry an
    action writes last carries an extra argument."""

    def apply_id(self, ident: int) -> None:
        super().apply_id(ident)
        log = self.d["log"]
        if self.d["ply"] >= 30 and log:
            log[-1] = {**log[-1], "args": {**log[-1]["args"], "extra": 1}}

    def clone(self) -> _Mislogged:
        return _Mislogged(self.game.clone(self.d))


class _Reordered(fake_native.ThirteenState):
    """A 13 Days core listing the legal ids in another order than the engine."""

    def legal_action_ids(self) -> list[int]:
        return sorted(super().legal_action_ids(), reverse=True)


@pytest.mark.parametrize(("cls", "views_every", "what"), [
    (_Drifting, 1, "to_json differs: $.reveals: "),
    (_Reordered, 1, "legal actions (engine order) differs"),
    # Between the views, to_json is compared in two parts (the state
    # without its log, and the log's new entries): each part catches its bug.
    (_Drifting, 50, "to_json (without the log) differs: $.reveals: "),
    (_Mislogged, 50, "to_json (the log's new entries) differs: "),
])
def test_the_harness_names_where_the_backends_differ(cls: type, views_every: int, what: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nat, "_LOADED", [(fake_native.module_with(ThirteenState=cls), "")])
    with pytest.raises(differential.Difference) as caught:
        differential.compare_games("thirteen", 3, seed=5, views_every=views_every)
    text = str(caught.value)
    assert text.startswith("thirteen seed 5 options ") and what in text, text
    if cls in (_Drifting, _Mislogged):
        assert ", ply 30, after " in text, text
    assert isinstance(differential.bm.new_game("thirteen", 1, backend="native"), NativeState)
