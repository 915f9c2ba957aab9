"""The plugin interface every game implements, and the registry of games.

A game is a set of pure functions over a plain-data state (a JSON-ready dict).
:class:`~brinkmanship.core.state.State` wraps such a dict and calls these
functions; nothing in ``core`` knows the rules of any game.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from brinkmanship.core.actions import Action, ActionSpace
from brinkmanship.core.errors import UnknownGameError
from brinkmanship.core.log import Message

Data = dict[str, Any]

CHANCE = "chance"


class Game(Protocol):
    """What a game plugin provides (see ``brinkmanship.twilight.game``)."""

    name: str
    players: tuple[str, ...]
    space: ActionSpace
    max_game_length: int
    option_choices: dict[str, tuple[Any, ...]]

    def new(self, seed: int, options: dict[str, Any]) -> Data:
        """A fresh game, ready for its first decision."""

    def from_position(self, position: dict[str, Any]) -> Data:
        """A state built from a documented position dict."""

    def current_player(self, d: Data) -> str | None:
        """The side to act, ``"chance"``, or ``None`` when the game is over."""

    def legal_actions(self, d: Data) -> list[Action]:
        """Every action legal now (chance: the die faces)."""

    def apply(self, d: Data, action: Action) -> None:
        """Apply an already validated action, mutating ``d``."""

    def explain(self, d: Data, action: Action) -> Message:
        """Why ``action`` is not legal now (error path only), as a message
        of the catalogs (``core.log.msg``; a plain string is shown as written)."""

    def parse(self, text: str) -> Action:
        """Parse action text; raise ``LookupError`` saying what is wrong
        (``core.errors.ParseError``, with its catalog message)."""

    def apply_random(self, d: Data, rng: random.Random) -> Action:
        """Apply a random legal action (chance from the state's generator,
        choices uniformly with ``rng``) and return it; ``IllegalActionError``
        when the game is over."""

    def chance_action(self, d: Data) -> Action:
        """Answer the pending chance node from the state's own generator."""

    def clone(self, d: Data) -> Data:
        """An independent copy of ``d`` (faster than a deep copy)."""

    def view(self, d: Data, side: str | None, log: bool = True, legal: list[Action] | None = None) -> Data:
        """What ``side`` may know (``None``: a spectator); ``log=False``
        leaves the log out. ``legal``: the pending decision's legal actions
        when the caller has them already (they are computed otherwise)."""

    def resample(self, d: Data, side: str, rng: random.Random) -> Data:
        """A state consistent with ``side``'s view, hidden cards dealt anew."""

    def winner(self, d: Data) -> str | None:
        """The winning side, or ``None`` (draw or not over)."""

    def result(self, d: Data) -> str | None:
        """Why the game ended, or ``None``."""

    def returns(self, d: Data) -> dict[str, float]:
        """Each player's outcome in [-1, 1] (all 0 while the game goes on)."""

    def card_facts(self) -> list[Data]:
        """Every card (13 Days: and agenda) as language-neutral facts, with
        ``name_code`` and ``text_code``: the catalog messages of its name
        and event text (``bm.cards`` renders them)."""

    def prompt_message(self, decision: Data) -> Data:
        """The catalog message (``{"code", "args"}``) that renders as
        ``decision["prompt"]``, built from the decision's data alone (a
        view's ``decision``), so a client can show it in any language."""

    def validate(self, d: Data) -> None:
        """Check a loaded state (schema, types, ranges, card conservation);
        raise ``StateError`` naming the field that is wrong."""

    def info(self) -> dict[str, Any]:
        """The game's facts for programs (``bm.game_info``)."""

    def log(self, d: Data) -> list[dict[str, Any]]:
        """The log entries (``core.log``)."""

    def reveals(self, d: Data) -> int:
        """A counter that grows whenever hidden information is revealed."""

    def observation_tensor(self, d: Data, side: str) -> Any:
        """``side``'s observation as a float32 numpy vector of the game's
        fixed length, a function of ``side``'s view alone (``core.observation``)."""

    def observation_layout(self) -> Any:
        """The tensor's layout (a ``core.observation.Layout``)."""

    def stage(self, d: Data) -> int:
        """The public number of the current round or turn (search bots end
        their rollouts where it changes, at a scoring point)."""


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make a game available under its name."""
    _GAMES[game.name] = game
    return game


# Built-in plugins, imported on first use so that ``import brinkmanship``
# stays cheap: name -> (module, aliases).
PLUGINS: dict[str, tuple[str, tuple[str, ...]]] = {
    "twilight": ("brinkmanship.twilight", ("ts", "twilight_struggle")),
    "thirteen": ("brinkmanship.thirteen", ("13", "13days", "13_days", "thirteen_days")),
}


def get_game(name: str) -> Game:
    """The registered game called ``name`` (plugins load on first use)."""
    for canonical, (module, aliases) in PLUGINS.items():
        if name == canonical or name in aliases:
            if canonical not in _GAMES:
                importlib.import_module(module)
            name = canonical
            break
    if name not in _GAMES:
        known = ", ".join(sorted(set(_GAMES) | set(PLUGINS)))
        raise UnknownGameError(f"unknown game {name!r}; games: {known}")
    return _GAMES[name]
