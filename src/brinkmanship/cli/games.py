"""What the terminal front end needs to know about each game.

The play loop, the replay browser and the simulator are game-independent;
everything that differs between Twilight Struggle and 13 Days (the title,
the renderer, the help text, which decisions show the hand, how the game's
length is counted, its options) is gathered here in one :class:`GameUI` per
game, so adding a game to the CLI means adding one entry to :data:`UIS`.

>>> ui_for("13").title, ui_for("twilight").length_word
('13 Days', 'turns')
>>> parse_options("thirteen", ["agenda_bonus=false", "agenda_push=saito"])
{'agenda_bonus': False, 'agenda_push': 'saito'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.console import RenderableType
from rich.text import Text

import brinkmanship as bm
from brinkmanship.i18n import text

View = dict[str, Any]


class Renderer(Protocol):
    """The rich renderables a game's view is drawn with (``render`` for
    Twilight Struggle, ``render_thirteen`` for 13 Days). Each takes a view
    dict, never a State, so only what the viewer may know can be drawn, and
    the language to write in (every word comes from the catalogs)."""

    def status(self, view: View, lang: str = "en") -> RenderableType: ...

    def status_line(self, view: View, lang: str = "en") -> RenderableType: ...

    def board(self, view: View, everything: bool = False, lang: str = "en") -> RenderableType: ...

    def hand(self, view: View, lang: str = "en", texts: bool = False) -> RenderableType: ...

    def decision(self, view: View, lang: str = "en") -> RenderableType: ...

    def actions(self, legal: Sequence[str], lang: str = "en") -> RenderableType: ...

    def log_lines(self, lines: Sequence[str | dict[str, Any]], start: int = 0, numbered: bool = False,
                  lang: str = "en") -> Text: ...

    def result(self, view: View, lang: str = "en") -> RenderableType: ...

    def meanings(self, view: View, lang: str = "en") -> list[tuple[str, str]]: ...

    def card(self, number: int, lang: str = "en", kind: str = "card") -> RenderableType: ...

    def cards_table(self, lang: str = "en", status: bool = False) -> RenderableType: ...


@dataclass(frozen=True)
class GameUI:
    """One game as the terminal presents it.

    ``hand_kinds``: decision kinds at which even the compact prompt (the
    same side still deciding) shows the hand, because the choice is about
    its cards; ``board_kinds``: those at which it shows the map (small
    enough to redraw while cubes and markers move). ``length_key``: the view field counting the game's progress
    (``turn``/``round``), named ``length_word`` in summaries.
    """

    name: str
    title: str
    renderer_module: str
    examples: str
    undo_limits: str
    hand_kinds: tuple[str, ...]
    board_kinds: tuple[str, ...]
    length_key: str
    length_word: str
    has_dice: bool
    no_winner: str
    # Decision kinds whose answer the other side may not see, with how
    # ``brink replay --side`` names the choice without giving it away.
    hidden_choices: tuple[tuple[str, str], ...] = ()

    @property
    def render(self) -> Renderer:
        """The renderer module, imported on first use. Callers look its
        functions up at each call, so that tests may patch them."""
        if self.renderer_module == "render_thirteen":
            from brinkmanship.cli import render_thirteen

            return render_thirteen
        from brinkmanship.cli import render

        return render


UIS: dict[str, GameUI] = {
    "twilight": GameUI(
        name="twilight",
        title="Twilight Struggle",
        renderer_module="render",
        examples=("  coup Iran      ops #21      event NATO      place West Germany      realign Cuba\n"
                  "Cards can be written as #number, number or name; countries as printed."),
        undo_limits="until a die is rolled, a hidden card is revealed or the other side acts",
        hand_kinds=("headline", "action", "eagle"),
        board_kinds=(),
        length_key="turn",
        length_word="turns",
        has_dice=True,
        no_winner="draw",
        hidden_choices=(("headline", "{side} chooses its headline card"),),
    ),
    "thirteen": GameUI(
        name="thirteen",
        title="13 Days",
        renderer_module="render_thirteen",
        examples=("  command Excomm      event Fidel Castro      place Berlin      remove tv      done\n"
                  "  agenda Berlin       first USSR              escalate Military 1     accept\n"
                  "Cards can be written as #number, number or name; arenas as printed (or tv, un, cuba mil)."),
        undo_limits="until a card is drawn, a hidden card or agenda is revealed or the other side acts",
        hand_kinds=("turn", "summit", "aftermath", "stolen", "offer"),
        board_kinds=("turn", "command", "cubes", "shift", "ask", "offer"),
        length_key="round",
        length_word="rounds",
        has_dice=False,
        no_winner="nobody (both lose)",
        hidden_choices=(("agenda", "{side} keeps an agenda"),
                        ("aftermath", "{side} puts a card in the Aftermath"),
                        ("alliances", "{side} decides on its Alliances card")),
    ),
}


def ui_for(game: str) -> GameUI:
    """The UI of ``game`` (any name or alias the engine knows)."""
    name = bm.get_game(game).name
    try:
        return UIS[name]
    except KeyError:
        raise bm.UnknownGameError(f"the terminal does not know how to show {name!r} yet") from None


def hidden_choice(game: str, kind: str | None, actor: str | None, viewer: str | None,
                  after: View, lang: str = "en") -> str | None:
    """How ``viewer`` may read an action of ``actor`` taken at a decision of
    ``kind``, when the action itself must stay secret (``None``: show it).

    ``after`` is the viewer's view right after the action: a Twilight
    headline is secret only until both are revealed.

    >>> hidden_choice("thirteen", "agenda", "USSR", "US", {})
    'USSR keeps an agenda'
    >>> hidden_choice("thirteen", "agenda", "USSR", None, {}) is None
    True
    """
    if viewer is None or actor in (None, viewer) or kind is None:
        return None
    ui = ui_for(game)
    if kind not in dict(ui.hidden_choices):
        return None
    if kind == "headline" and after.get("headline", {}).get(actor) != "hidden":
        return None
    return text(f"cli.{ui.name}.hidden.{kind}", lang, side=actor)


# -- options ------------------------------------------------------------------------------
def option_choices(game: str) -> dict[str, tuple[Any, ...]]:
    """Every option of ``game`` with its allowed values, the default first."""
    return dict(bm.get_game(game).option_choices)


def shown_value(value: Any) -> str:
    """An option value as it is typed: ``true``/``false`` for booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_help(game: str, lang: str = "en", described: bool = False) -> str:
    """One line per option: ``name: default|other|...``; ``described``: each
    followed by what it means (from the catalog, in ``lang``)."""
    name = bm.get_game(game).name
    lines = []
    for k, vs in option_choices(game).items():
        lines.append(f"  {k}: {'|'.join(shown_value(v) for v in vs)}")
        if described:
            lines.append(f"      {text(f'cli.option_help.{name}.{k}', lang)}")
    return "\n".join(lines)


def parse_value(text: str) -> bool | str:
    """An option value as typed: ``true``/``false`` (any case) are booleans,
    anything else is a string."""
    low = text.strip().lower()
    if low == "true":
        return True
    if low == "false":
        return False
    return text.strip()


def parse_options(game: str, items: Sequence[str], given: dict[str, Any] | None = None) -> dict[str, Any]:
    """``NAME=VALUE`` items checked against the options of ``game``.

    ``given`` holds options already set another way (say ``--no-events``);
    an item contradicting one of them is refused. Raises ``ValueError`` with
    a message naming the option, or the allowed names and values.
    """
    choices = option_choices(game)
    title = ui_for(game).title
    out = dict(given or {})
    for item in items:
        name, eq, raw = item.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or not name or not raw.strip():
            raise ValueError(f"{item!r} is not NAME=VALUE (e.g. agenda_push=saito)")
        if name not in choices:
            raise ValueError(f"unknown {title} option {name!r}; options are:\n{options_help(game)}")
        value = parse_value(raw)
        allowed = choices[name]
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise ValueError(f"{title} option {name!r} must be one of "
                             f"{', '.join(shown_value(a) for a in allowed)}; got {raw.strip()!r}")
        if name in out and out[name] != value:
            raise ValueError(f"option {name!r} is given twice with different values")
        out[name] = value
    return out


__all__ = ["UIS", "GameUI", "Renderer", "hidden_choice", "option_choices", "options_help", "parse_options",
           "parse_value", "shown_value", "ui_for"]
