"""Rich renderables for 13 Days, built from a view dict only, in a language.

Like ``render`` for Twilight Struggle, every function takes what
``State.view(side)`` returned and nothing else, so the terminal can only
show what the viewer may know: the opponent's hand is a count, its kept
agenda reads "hidden" until revealed, and of the Aftermath only the
viewer's own cards are named. Static facts (command values, factions,
DEFCON symbols) come from the public tables in ``thirteen.board``; card and
agenda texts from ``bm.cards("thirteen", lang)``.

Every word a player reads comes from the message catalogs: this screen's
own ``cli.thirteen.*`` codes (``i18n/<lang>/cli_thirteen.json``), names of
cards, arenas, tracks and agendas (``brinkmanship.i18n.name``), log entries
and decision prompts rendered from their data (``i18n.render``). The view
names cards, arenas and agendas by their printed English names; they are
looked up here and shown in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import brinkmanship as bm
from brinkmanship.cli.render import SIDE_STYLE, NumberedColumns
from brinkmanship.i18n import name, render, text
from brinkmanship.thirteen.board import (
    AGENDA_CARDS,
    AGENDA_NAME,
    AGENDA_TYPES,
    ARENAS,
    ARENAS_OF_TRACK,
    CARD_COMMAND,
    CARD_FACTION,
    CARD_NAME,
    CARD_SYMBOL,
    N_CARDS,
    OPPONENT,
    TRACKS,
)
from brinkmanship.thirteen.data.board import (
    AFTERMATH_BONUS,
    DEFCON1_FROM,
    DEFCON2_FROM,
    DEFCON_MAX,
    DEFCON_MIN,
    PLAYS_PER_ROUND,
    ROUNDS,
    SUPPLY,
    zone,
)
from brinkmanship.thirteen.decisions import prompt_message
from brinkmanship.thirteen.defcon import push_top, war_at
from brinkmanship.thirteen.defcon import pushed as pushed_position

View = dict[str, Any]

SIDES = ("USSR", "US")
FACTION_STYLE = {"USSR": "bold red", "US": "bold blue", "UN": "bold"}
ZONE_STYLE = {3: "", 2: "yellow", 1: "bold red"}
GAME = "thirteen"

# The round effects as the view names them (the card that set each up) and
# the code of what each does.
EFFECT_CODES = {"SOPs": "sops", "To the Brink": "brink", "Containment": "containment", "Bay of Pigs": "bay_of_pigs"}
_CARD_BY_NAME = {CARD_NAME[n]: n for n in range(1, N_CARDS + 1)}


# -- words ----------------------------------------------------------------------------
def t(code: str, lang: str, /, **args: Any) -> str:
    """This screen's message ``cli.thirteen.<code>`` in ``lang``."""
    return text(f"cli.thirteen.{code}", lang, **args)


def card_name(card: int | str, lang: str) -> str:
    """A strategy card's name (by number, or by the printed name a view gives)."""
    number = _CARD_BY_NAME[card] if isinstance(card, str) else card
    return name(GAME, "card", number, lang)


def arena_name(arena: str, lang: str) -> str:
    return name(GAME, "arena", arena, lang)


def track_name(track: str, lang: str) -> str:
    return name(GAME, "track", track, lang)


def agenda_name(agenda: str, lang: str) -> str:
    return name(GAME, "agenda", agenda, lang)


def side_name(side: str, lang: str) -> str:
    return text(f"side.{side}", lang)


def side_text(side: str | None, lang: str = "en") -> Text:
    """A side's name in its colour (plain text when colour is off)."""
    if side is None:
        return Text("-")
    return Text(side_name(side, lang), style=SIDE_STYLE.get(side, "bold"))


def faction_name(faction: str, lang: str) -> str:
    """USSR, US (the sides' names) or UN."""
    return t("faction.UN", lang) if faction == "UN" else side_name(faction, lang)


def faction_text(faction: str, lang: str = "en") -> Text:
    """A card's faction in its colour."""
    return Text(faction_name(faction, lang), style=FACTION_STYLE.get(faction, ""))


def listing(items: Sequence[str], lang: str) -> str:
    """Items joined the way the language lists them."""
    return t("list", lang, items=list(items)) if items else ""


def prestige_text(view: View, lang: str = "en") -> Text:
    """The prestige marker, coloured for the side ahead."""
    p = view["prestige"]
    style = "bold blue" if p > 0 else "bold red" if p < 0 else ""
    return Text(name(GAME, "prestige", p, lang), style=style)


# -- card facts and texts (bm.cards) ------------------------------------------------------
@cache
def _catalog_cards(lang: str) -> tuple[dict[int, dict[str, Any]], dict[int, dict[str, Any]]]:
    """The strategy cards by number and the agenda cards by number (1-13),
    with their names and texts in ``lang``."""
    cards: dict[int, dict[str, Any]] = {}
    agendas: dict[int, dict[str, Any]] = {}
    for c in bm.cards(GAME, lang):
        (cards if c["kind"] == "card" else agendas)[c["number"]] = c
    return cards, agendas


def card_text(number: int, lang: str) -> str:
    """The event text of strategy card ``number``."""
    return str(_catalog_cards(lang)[0][number]["text"])


def agenda_card(agenda: str, lang: str) -> dict[str, Any]:
    """The first agenda card of the agenda a view names (``Berlin``); the
    copies of a track agenda are identical."""
    type_id = AGENDA_NAME.index(agenda)
    return _catalog_cards(lang)[1][AGENDA_CARDS.index(type_id) + 1]


def agenda_target(type_id: int, lang: str) -> str:
    """What an agenda scores for: a track, an arena or the Letter."""
    kind, target = AGENDA_TYPES[type_id][1:]
    if kind == "track":
        return t("agenda.target.track", lang, track=track_name(TRACKS[target], lang))
    if kind == "arena":
        return t("agenda.target.arena", lang, arena=arena_name(ARENAS[target], lang))
    return t("agenda.target.letter", lang)


# -- the nuclear-war warnings ---------------------------------------------------------------
def war_now(markers: dict[str, int]) -> bool:
    """Would these three markers (by track name) trigger nuclear war at the
    end of a round? (``thirteen.defcon.war_at``)"""
    return war_at(list(markers.values()))


_PUSHED_AT = {mode: f"{DEFCON2_FROM}-{push_top(mode)}" for mode in ("zone", "saito")}
_TRACK_AGENDAS = {t.name: TRACKS[t.target] for t in AGENDA_TYPES if t.kind == "track"}


def pushed(defcon: dict[str, dict[str, int]], tracks: Sequence[str], mode: str) -> dict[str, dict[str, int]]:
    """The DEFCON markers after the agendas of ``tracks`` resolve (one push per
    agenda, in order): each side's marker on the track in the DEFCON 2 zone
    (option ``agenda_push``: "zone" 4-6, "saito" 4-5, "none") escalates one step.

    >>> pushed({"USSR": {"Military": 6}, "US": {"Military": 3}}, ["Military"], "zone")["USSR"]
    {'Military': 7}
    """
    out = {s: dict(m) for s, m in defcon.items()}
    for track in tracks:
        for markers in out.values():
            markers[track] = pushed_position(markers[track], mode)
    return out


def agenda_pushes(view: View) -> tuple[list[str], list[tuple[str, str]]]:
    """The DEFCON-track agendas still to resolve this round: the tracks the
    viewer knows will be pushed (its own kept agenda), and the (side, track)
    pairs an unrevealed kept agenda of another side may push (its flags).
    Once the agendas are revealed they have resolved: nothing is pending."""
    viewer = view["viewer"]
    agendas = view["agendas"]
    others = [s for s in SIDES if s != viewer]
    if view["over"] or any(agendas[s]["kept"] not in (None, "hidden") for s in others):
        return [], []
    certain: list[str] = []
    if viewer in SIDES and agendas[viewer]["kept"] in _TRACK_AGENDAS:
        certain.append(_TRACK_AGENDAS[agendas[viewer]["kept"]])
    possible = []
    for s in others:
        for flag in dict.fromkeys(agendas[s]["flags"]):
            if flag in _TRACK_AGENDAS:
                possible.append((s, _TRACK_AGENDAS[flag]))
    return certain, possible


def _track_agenda(track: str) -> str:
    return next(a for a, tr in _TRACK_AGENDAS.items() if tr == track)


def war_warnings(view: View, lang: str = "en") -> list[Text]:
    """Who would trigger nuclear war if the round ended now, counting the
    end-of-round push of the DEFCON-track agendas the viewer knows about,
    and who might if another side's flagged track agenda is the kept one.
    Once the game is over, nothing: the result says who triggered it."""
    if view["over"]:
        return []
    defcon = view["defcon"]
    out: list[Text] = []
    mode = view["options"].get("agenda_push", "zone")
    certain, possible = agenda_pushes(view)
    after = pushed(defcon, certain, mode)
    for side in SIDES:
        if war_now(after[side]):
            code = "warning.now" if war_now(defcon[side]) else "warning.after_push"
            agenda = agenda_name(_track_agenda(certain[0]), lang) if certain else ""
            out.append(Text(t(code, lang, side=side, agenda=agenda), style="bold red"))
            continue
        for who, track in possible:
            if war_now(pushed(after, [track], mode)[side]):
                out.append(Text(t("warning.careful", lang, side=side, other=who,
                                  agenda=agenda_name(_track_agenda(track), lang),
                                  positions=_PUSHED_AT[mode]), style="yellow"))
    return out


# -- status ---------------------------------------------------------------------------
def _agenda_text(view: View, side: str, lang: str) -> Text:
    a = view["agendas"][side]
    flags = a["flags"]
    out = Text()
    if not flags:
        out.append(t("agenda.none_dealt", lang), style="dim")
        return out
    out.append(t("agenda.flags", lang, agendas=listing([agenda_name(f, lang) for f in flags], lang)))
    kept = a["kept"]
    if kept is None:
        out.append(t("agenda.not_chosen", lang), style="dim")
    elif kept == "hidden":
        out.append(t("agenda.hidden", lang), style="italic")
    else:
        out.append(agenda_name(kept, lang), style="bold")
        if side == view["viewer"]:
            out.append(t("agenda.yours", lang))
    return out


def aftermath_by_faction(cards: Sequence[int], lang: str) -> str:
    """Aftermath cards grouped by the faction they score for, each with its
    command value and each side's total; UN cards count for nobody. Read
    like the final reveal of the log (the same messages)."""
    parts = []
    for side in ("US", "USSR"):
        mine = [c for c in cards if CARD_FACTION[c] == side]
        total = sum(CARD_COMMAND[c] for c in mine)
        if mine:
            entry = {"code": "thirteen.aftermath.faction", "args": {"side": side, "total": total, "cards": [
                {"code": "thirteen.aftermath.card", "args": {"card": c, "n": CARD_COMMAND[c]}} for c in mine]}}
        else:
            entry = {"code": "thirteen.aftermath.faction_none", "args": {"side": side, "total": total}}
        parts.append(render(entry, lang))
    un = [c for c in cards if CARD_FACTION[c] == "UN"]
    if un:
        parts.append(render({"code": "thirteen.aftermath.un", "args": {"cards": un}}, lang))
    return t("separator", lang).join(parts)


def aftermath_totals(cards: Sequence[int]) -> dict[str, int]:
    """Command values of the US-faction and USSR-faction cards among ``cards``."""
    return {side: sum(CARD_COMMAND[c] for c in cards if CARD_FACTION[c] == side) for side in SIDES}


def _aftermath_text(view: View, lang: str) -> str:
    after = view["aftermath"]
    if "revealed" in after:
        return t("aftermath.revealed", lang, cards=aftermath_by_faction(
            [_CARD_BY_NAME[c] for _, c in after["revealed"]], lang))
    if not after["size"]:
        return t("aftermath.empty", lang)
    out = t("aftermath.face_down", lang, n=after["size"])
    if view["viewer"] in SIDES:
        own = [_CARD_BY_NAME[c] for c in after["own"]]
        if own:
            out += t("aftermath.yours", lang, cards=listing(
                [t("aftermath.own_card", lang, card=card_name(c, lang), faction=faction_name(CARD_FACTION[c], lang))
                 for c in own], lang))
        else:
            out += t("aftermath.none_yours", lang)
    return out


def _effects_text(view: View, lang: str) -> str:
    parts = []
    for effect, sides in view["effects"].items():
        code = EFFECT_CODES.get(effect)
        what = t(f"effect.{code}", lang, sides=list(sides)) if code else t("effect.other", lang, sides=list(sides))
        parts.append(t("effect", lang, card=card_name(effect, lang), what=what))
    return t("separator", lang).join(parts)


def status(view: View, lang: str = "en") -> Panel:
    """Round and plays, prestige, the Personal Letter, agendas, Aftermath,
    round effects and the piles. Once the game is over the round row says
    so instead of counting plays, and the Aftermath is shown by faction."""
    viewer = view["viewer"]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    plays = view["plays"]
    if view["over"]:
        rnd = Text(t("round.over", lang, round=view["round"], rounds=ROUNDS))
    else:
        rnd = Text(t("round.plays", lang, round=view["round"], rounds=ROUNDS, ussr=plays["USSR"], us=plays["US"],
                     plays=PLAYS_PER_ROUND))
        player = view["current_player"]
        if player in SIDES:
            rnd.append(t("round.to_act", lang))
            rnd.append_text(side_text(player, lang))
    grid.add_row(t("label.round", lang), rnd)
    grid.add_row(t("label.prestige", lang), prestige_text(view, lang))
    grid.add_row(t("label.letter", lang), side_text(view["personal_letter"], lang))
    for side in SIDES:
        # Once the game is over, a round that never dealt agendas has none to show.
        if view["agendas"][side]["flags"] or not view["over"]:
            grid.add_row(t("label.agenda", lang, side=side), _agenda_text(view, side, lang))
    grid.add_row(t("label.aftermath", lang), _aftermath_text(view, lang))
    if view["effects"]:
        grid.add_row(t("label.effects", lang), _effects_text(view, lang))
    if view["looking_at"]:
        grid.add_row(t("label.looking_at", lang), listing([card_name(c, lang) for c in view["looking_at"]], lang))
    sizes = view["hand_sizes"]
    reserve = view["reserve"]
    grid.add_row(t("label.cards", lang), t("cards", lang, ussr=sizes["USSR"], us=sizes["US"], deck=view["deck_size"],
                                           discards=len(view["discard"])))
    grid.add_row(t("label.supply", lang), t("supply", lang, ussr=reserve["USSR"], us=reserve["US"], supply=SUPPLY))
    title = t("panel.view", lang, player=viewer) if viewer else t("panel", lang)
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, expand=False)


def _short_defcon(markers: dict[str, int], lang: str) -> str:
    return " ".join(f"{t('track_initial.' + tr, lang)}{markers[tr]}" for tr in TRACKS)


def status_line(view: View, lang: str = "en") -> Text:
    """One line of the essentials, for prompts while the same side decides."""
    plays = view["plays"]
    d = view["defcon"]
    sizes = view["hand_sizes"]
    return Text(t("status_line", lang, round=view["round"], ussr=plays["USSR"], us=plays["US"], plays=PLAYS_PER_ROUND,
                  prestige=name(GAME, "prestige", view["prestige"], lang),
                  letter=side_name(view["personal_letter"], lang),
                  defcon_ussr=_short_defcon(d["USSR"], lang), defcon_us=_short_defcon(d["US"], lang),
                  hand_ussr=sizes["USSR"], hand_us=sizes["US"]), style="dim")


# -- board ----------------------------------------------------------------------------
_CELL = 2
TRACK_W = (DEFCON_MAX - DEFCON_MIN + 1) * _CELL - 1  # one character per position, one after each but the last
_GAP = 3


def _name_w(lang: str) -> int:
    """The arena column: the longest arena name in ``lang``, and a space."""
    return max(16, *(len(arena_name(a, lang)) for a in ARENAS)) + 1


def block_width(lang: str = "en") -> int:
    """One category's block: the arena column, then side label, track,
    position and zone under it."""
    return max(8 + TRACK_W + 14, _name_w(lang) + 5 + 4 + 2 + len(t("board.dominates", lang)))


BLOCK_W = block_width()


def _track_cells(position: int | None, style: str) -> Text:
    """Positions 1-8 as cells, zone bars after 3 and 6, the marker filled."""
    out = Text()
    for p in range(DEFCON_MIN, DEFCON_MAX + 1):
        if p == position:
            out.append("■", style=style)
        else:
            out.append("·", style="dim")
        if p in (DEFCON2_FROM - 1, DEFCON1_FROM - 1):
            out.append("|", style="dim")
        elif p < DEFCON_MAX:
            out.append(" ")
    return out


def _track_header() -> Text:
    out = Text()
    for p in range(DEFCON_MIN, DEFCON_MAX + 1):
        out.append(str(p))
        if p in (DEFCON2_FROM - 1, DEFCON1_FROM - 1):
            out.append("|")
        elif p < DEFCON_MAX:
            out.append(" ")
    return out


def category_block(view: View, track: int, lang: str = "en") -> list[Text]:
    """One DEFCON category: its three arenas (each side's cubes and who
    dominates) and its DEFCON track with both markers."""
    cubes = view["cubes"]
    track_key = TRACKS[track]
    w = _name_w(lang)
    lines = [Text(track_name(track_key, lang), style="bold underline"),
             Text(f"{t('board.arena', lang):<{w}}{side_name('USSR', lang):>5}{side_name('US', lang):>4}  "
                  f"{t('board.dominates', lang)}", style="dim")]
    for i in ARENAS_OF_TRACK[track]:
        arena = ARENAS[i]
        a, b = cubes["USSR"].get(arena, 0), cubes["US"].get(arena, 0)
        line = Text(f"{arena_name(arena, lang):<{w}}")
        line.append(f"{a or '':>5}", style="red")
        line.append(f"{b or '':>4}", style="blue")
        line.append("  ")
        if a != b:
            dom = "USSR" if a > b else "US"
            line.append(side_name(dom, lang), style=SIDE_STYLE[dom])
        elif a:
            line.append(t("board.tied", lang), style="dim")
        lines.append(line)
    head = Text(f"{t('board.defcon', lang):<8}", style="dim")
    head.append_text(_track_header())
    head.stylize("dim")
    lines.append(head)
    for side in SIDES:
        pos = view["defcon"][side][track_key]
        z = zone(pos)
        line = Text(f"  {side_name(side, lang):<6}", style=SIDE_STYLE[side])
        line.append_text(_track_cells(pos, SIDE_STYLE[side]))
        line.append(f"  {pos} ")
        line.append(t("board.zone", lang, zone=z), style=ZONE_STYLE[z])
        lines.append(line)
    return lines


class Blocks:
    """Equal-width text blocks side by side, as many as the width allows
    (plain Text lines: cheap to redraw at every prompt)."""

    def __init__(self, blocks: list[list[Text]], width: int, footer: list[Text]) -> None:
        self.blocks = blocks
        self.width = width
        self.footer = footer

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        per_row = max(1, (options.max_width + _GAP) // (self.width + _GAP))
        for r in range(0, len(self.blocks), per_row):
            row = self.blocks[r:r + per_row]
            for k in range(max(len(b) for b in row)):
                line = Text()
                for j, block in enumerate(row):
                    piece = block[k] if k < len(block) else Text()
                    line.append_text(piece)
                    if j < len(row) - 1:
                        line.append(" " * max(1, self.width + _GAP - piece.cell_len))
                yield line
            yield Text()
        yield from self.footer


def board(view: View, everything: bool = False, lang: str = "en") -> Blocks:
    """The nine arenas grouped by DEFCON category, each with its track.

    The 13 Days map is small, so ``everything`` (the full Twilight map)
    changes nothing: every arena is always shown.
    """
    blocks = [category_block(view, k, lang) for k in range(len(TRACKS))]
    footer = [Text(t("board.zones", lang), style="dim")]
    footer.extend(war_warnings(view, lang))
    return Blocks(blocks, block_width(lang), footer)


# -- cards ----------------------------------------------------------------------------
def event_owner(card: int, viewer: str, lang: str = "en") -> str:
    """Who may use the event when ``viewer`` plays ``card``."""
    fac = CARD_FACTION[card]
    if fac == "UN":
        return t("event.yours_un", lang)
    if fac == viewer:
        return t("event.yours", lang)
    return t("event.theirs", lang, side=fac)


def _symbol(card: int, lang: str) -> str:
    return t("symbol", lang) if CARD_SYMBOL[card] else ""


# Below this width a card's text gets a line of its own under the card
# (beside the other columns it would be squeezed to a few characters).
WIDE_CARDS = 110


class CardList:
    """Strategy cards as a table when the terminal is wide, else one line
    per card with its text on the next, indented (readable at 80 columns).

    ``event_for``: add the "whose event" column for that viewer; ``texts``:
    add each card's event text; ``extra``: more columns per card (the
    developer columns of ``brink cards --status``), shown only when wide.
    """

    def __init__(self, numbers: Sequence[int], title: str, lang: str = "en", event_for: str | None = None,
                 texts: bool = True, caption: str | None = None, extra: dict[str, dict[int, str]] | None = None,
                 wide_from: int = WIDE_CARDS) -> None:
        self.numbers = list(numbers)
        self.title = title
        self.lang = lang
        self.event_for = event_for
        self.texts = texts
        self.caption = caption
        self.extra = extra or {}
        self.wide_from = wide_from

    def _head(self, code: str) -> str:
        return t(f"column.{code}", self.lang)

    def table(self) -> Table:
        lang = self.lang
        table = Table(title=self.title or None, title_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                      show_edge=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column(self._head("card"), no_wrap=True)
        table.add_column(self._head("faction"), no_wrap=True)
        table.add_column(self._head("command"), justify="right")
        table.add_column(self._head("defcon"), no_wrap=True)
        if self.event_for:
            table.add_column(self._head("event"), no_wrap=True)
        if self.texts:
            table.add_column(self._head("text"), ratio=1)
        for head in self.extra:
            table.add_column(head, no_wrap=True)
        for n in self.numbers:
            cells: list[RenderableType] = [text("cli.number", lang, number=n), Text(card_name(n, lang)),
                                      faction_text(CARD_FACTION[n], lang),
                                           str(CARD_COMMAND[n]), _symbol(n, lang)]
            if self.event_for:
                cells.append(event_owner(n, self.event_for, lang))
            if self.texts:
                cells.append(Text(card_text(n, lang)))
            cells.extend(col.get(n, "") for col in self.extra.values())
            table.add_row(*cells)
        if self.caption:
            table.caption = self.caption
        return table

    def narrow(self) -> list[RenderableType]:
        lang = self.lang
        names = {n: card_name(n, lang) for n in self.numbers}
        w = max([len(self._head("card")), *(len(v) for v in names.values())])
        fw = max(len(faction_name(f, lang)) for f in ("UN", "US", "USSR"))
        fw = max(fw, len(self._head("faction")))
        cw = max(3, len(self._head("command")))
        head = (f"{'#':>3}  {self._head('card'):<{w}}  {self._head('faction'):<{fw}}  {self._head('command'):>{cw}}"
                f"  {self._head('defcon')}" + (f"  {self._head('event')}" if self.event_for else ""))
        dw = max(len(self._head("defcon")), len(t("symbol", lang)))
        out: list[RenderableType] = [Text(self.title, style="bold")] if self.title else []
        out.append(Text(head.rstrip(), style="bold"))
        for n in self.numbers:
            line = Text(f"{'#' + str(n):>3}  {names[n]:<{w}}  ")
            fac = CARD_FACTION[n]
            line.append_text(faction_text(fac, lang))
            line.append(" " * (fw - len(faction_name(fac, lang))) + f"  {CARD_COMMAND[n]:>{cw}}  ")
            line.append(f"{_symbol(n, lang):<{dw}}")
            if self.event_for:
                line.append(f"  {event_owner(n, self.event_for, lang)}")
            line.rstrip()
            out.append(line)
            if self.texts:
                out.append(Padding(Text(card_text(n, lang), style="italic"), (0, 0, 0, 5)))
        if self.caption:
            out.append(Text(self.caption, style="dim"))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= self.wide_from:
            yield self.table()
        else:
            yield from self.narrow()


def _agenda_lines(agendas: Sequence[str], lang: str) -> list[RenderableType]:
    """Each agenda with its text."""
    out: list[RenderableType] = []
    for agenda in dict.fromkeys(agendas):
        c = agenda_card(agenda, lang)
        out.append(Text(str(c["name"]), style="bold"))
        out.append(Padding(Text(str(c["text"]), style="italic"), (0, 0, 0, 2)))
    return out


def hand(view: View, lang: str = "en", texts: bool = False) -> RenderableType:
    """The viewer's own hand: card, faction, command value, DEFCON symbol and
    whose event it is; with ``texts``, each card's event text and the
    viewer's agenda (the kept one, or the three flagged before it keeps one)
    with its text."""
    viewer = view["viewer"]
    sizes = view["hand_sizes"]
    if viewer is None:
        return Text(t("hand.hidden", lang, ussr=sizes["USSR"], us=sizes["US"]))
    parts: list[RenderableType] = []
    if not view["hand"]:
        parts.append(Text(t("hand.empty", lang, side=viewer)))
    else:
        opp = OPPONENT[viewer]
        caption = t("hand.caption", lang, side=opp, n=sizes[opp])
        parts.append(CardList(view["hand"], t("hand.title", lang, side=viewer), lang, event_for=viewer,
                              texts=texts, caption=caption))
    if texts:
        mine = view["agendas"][viewer]
        kept = mine["kept"]
        if kept not in (None, "hidden"):
            parts.append(Text(t("hand.agenda", lang), style="bold"))
            parts.extend(_agenda_lines([kept], lang))
        elif mine["flags"]:
            parts.append(Text(t("hand.agendas", lang), style="bold"))
            parts.extend(_agenda_lines(mine["flags"], lang))
    return parts[0] if len(parts) == 1 else Group(*parts)


def card(number: int, lang: str = "en", kind: str = "card") -> Panel:
    """One card, all its facts and its whole text: a strategy card (number
    1-39: faction, Command value, DEFCON symbol) or, with ``kind="agenda"``,
    an agenda card (a01-a13: what it scores for)."""
    if kind == "agenda":
        c = _catalog_cards(lang)[1][number]
        facts = Text(t("card.agenda_facts", lang, target=agenda_target(c["agenda_type"], lang)))
        title = t("card.agenda_title", lang, number=f"a{number:02d}", name=c["name"])
    else:
        c = _catalog_cards(lang)[0][number]
        facts = Text(t("card.facts", lang, faction=faction_name(c["faction"], lang), command=c["command"]))
        facts.append(t("card.symbol" if c["defcon_symbol"] else "card.no_symbol", lang))
        title = t("card.title", lang, number=number, name=c["name"])
    return Panel(Group(facts, Text(), Text(str(c["text"]))), title=title, title_align="left", box=box.ROUNDED,
                 expand=False)


# -- log, decision, result -------------------------------------------------------------
# Log entries shown bold: the landmarks of a game.
BOLD_CODES = frozenset({"thirteen.game.new", "thirteen.round.start", "thirteen.aftermath.revealed",
                        "thirteen.aftermath.revealed_un"})


def log_lines(lines: Sequence[str | dict[str, Any]], start: int = 0, numbered: bool = False,
              lang: str = "en") -> Text:
    """Log entries (or lines already rendered), optionally numbered from
    ``start + 1``; the start of the game, of each round and the Aftermath
    reveal are bold."""
    out = Text()
    for k, entry in enumerate(lines):
        if isinstance(entry, dict):
            line, bold = render(entry, lang), entry["code"] in BOLD_CODES
        else:
            line, bold = entry, False
        if numbered:
            out.append(f"{start + k + 1:4d}  ", style="dim")
        out.append(line + "\n", style="bold" if bold else "")
    out.rstrip()
    return out


# The decisions about a card the viewer does not hold, by the heading that shows it.
_SEEN_CARD = {"offer": "seen.offer", "stolen": "seen.stolen", "alliances": "seen.alliances"}


def decision_card(view: View) -> int | None:
    """The card a decision is about when it is not in the viewer's hand: the
    card the opponent commands with (offer), the stolen card, the Alliances
    draw (the decision names it only to the side that drew it)."""
    dec = view["decision"]
    if dec is None or dec["kind"] not in _SEEN_CARD:
        return None
    number: int | None = dec["card"]
    return number


def _belongs_to(dec: View, lang: str) -> str | None:
    """The line naming the card a decision belongs to (None: no card)."""
    number = dec.get("card")
    if not number or dec["kind"] in ("turn", "agenda", "initiative", "aftermath"):
        return None
    kind = dec["kind"]
    if kind == "command":
        code = "for.granted" if dec["granted"] else "for.command"
    elif kind in ("stolen", "alliances", "offer"):
        return None  # shown whole, as a card panel
    else:
        code = "for.event"
    return t(code, lang, card=card_name(number, lang))


def _bonus(dec: View, lang: str) -> str | None:
    """The line naming the world opinion bonus a decision belongs to."""
    arena = dec.get("bonus")
    return t("for.bonus", lang, arena=arena_name(arena, lang)) if arena else None


def meanings(view: View, lang: str = "en") -> list[tuple[str, str]]:
    """What each option of the decision means, as (what to type, meaning),
    from the decision's data: the meanings an event gives its options
    (``means``), and those of the offer, the stolen card, the Alliances
    draw, the initiative and the Personal Letter."""
    dec = view["decision"]
    legal = view["legal_actions"]
    if not legal:
        return []
    kind = dec["kind"]
    number = dec.get("card")
    out: list[tuple[str, str]] = []
    if kind == "ask" and dec["means"]:
        verb = "choose" if dec["answer"] == "choose" else "target"
        out = [(f"{verb} {option}", render(dec["means"][option], lang)) for option in dec["options"]]
    elif kind == "offer":
        cname = card_name(number, lang)
        out = [("accept", t("means.accept", lang, card=cname, by=dec["by"])),
               ("decline", t("means.decline", lang, card=cname, by=dec["by"]))]
    elif kind == "stolen":
        cname = card_name(number, lang)
        out = [("command", t("means.stolen.command", lang, card=cname, n=CARD_COMMAND[number]))]
        if dec["event"]:
            out.append(("event", t("means.stolen.event", lang, card=cname)))
        out.append(("discard", t("means.stolen.discard", lang, card=cname)))
    elif kind == "alliances" and number:
        cname = card_name(number, lang)
        out = [("aftermath", t("means.alliances.aftermath", lang, card=cname)),
               ("discard", t("means.alliances.discard", lang, card=cname))]
    elif kind == "initiative":
        out = [(f"first {s}", t("means.first", lang, side=s)) for s in SIDES]
    elif kind == "command" and dec["letter"]:
        out = [("letter", t("means.letter", lang, side=OPPONENT[dec["player"]]))]
    return out


def _option_number(legal: Sequence[str], typed: str) -> int | None:
    """The number (from 1) of the legal action ``typed`` names (a whole
    action, or its verb)."""
    for k, action in enumerate(legal, 1):
        if action == typed or action.startswith(typed + " "):
            return k
    return None


def decision(view: View, lang: str = "en") -> RenderableType:
    """The pending decision: its prompt in ``lang`` (rendered from the
    decision's data), the card it belongs to (the whole card when the viewer
    does not hold it), and what each option means, numbered as the legal
    actions are."""
    dec = view["decision"]
    if dec is None:
        return Text(t("no_decision", lang), style="bold")
    parts: list[RenderableType] = [Text(render(prompt_message(dec), lang), style="bold")]
    seen = decision_card(view)
    if seen is not None and view["viewer"] in SIDES:
        parts.append(Text(t(_SEEN_CARD[dec["kind"]], lang, arena=arena_name("Alliances", lang)), style="bold"))
        parts.append(CardList([seen], "", lang, event_for=view["viewer"]))
    belongs = _belongs_to(dec, lang) or _bonus(dec, lang)
    if belongs:
        parts.append(Text(belongs, style="bold"))
    if dec["kind"] == "agenda" and view["viewer"] == dec["player"]:
        parts.extend(_agenda_lines(dec["agendas"], lang))
    meant = meanings(view, lang)
    if meant:
        parts.append(Text(t("options", lang), style="dim"))
    for typed, meaning in meant:
        n = _option_number(view["legal_actions"], typed)
        parts.append(Text("  " + (t("option", lang, n=n, meaning=meaning) if n else
                                  t("option_other", lang, meaning=meaning))))
    return parts[0] if len(parts) == 1 else Group(*parts)


def actions(legal: Sequence[str], lang: str = "en") -> NumberedColumns:
    """The legal actions, numbered from 1 in the engine's stable order, as
    given: the play loop passes each one's label in the player's language
    (``cli.labels``)."""
    return NumberedColumns(legal)


def _markers(view: View, side: str, lang: str) -> str:
    return listing([f"{track_name(tr, lang)} {pos}" for tr, pos in view["defcon"][side].items()], lang)


def result(view: View, lang: str = "en") -> Text:
    """How the game ended, in words: who triggered nuclear war (and with
    which markers), or the final prestige after the Aftermath's bonus, or the
    Personal Letter breaking a tie.

    >>> result({"winner": "US", "result": "prestige", "prestige": 3, "aftermath": {}}).plain
    'Game over: US wins on prestige (US +3).'
    """
    winner = view["winner"]
    why = view["result"]
    out = Text(t("result.game_over", lang), style="bold")
    if why == "nuclear_war":
        if winner is None:
            out.append(t("result.nuclear_both", lang), style="bold")
            return out
        loser = OPPONENT[winner]
        out.append(t("result.nuclear", lang, winner=winner, loser=loser, markers=_markers(view, loser, lang)),
                   style="bold")
        return out
    if why == "personal_letter":
        out.append(t("result.letter", lang, winner=winner), style="bold")
    else:
        out.append(t("result.prestige", lang, winner=winner, prestige=name(GAME, "prestige", view["prestige"], lang)),
                   style="bold")
    revealed = view.get("aftermath", {}).get("revealed")
    if revealed is not None:
        totals = aftermath_totals([_CARD_BY_NAME[c] for _, c in revealed])
        if totals["US"] == totals["USSR"]:
            out.append(t("result.aftermath_tied", lang, n=totals["US"]))
        else:
            side = "US" if totals["US"] > totals["USSR"] else "USSR"
            out.append(t("result.aftermath", lang, side=side, n=totals[side], n2=totals[OPPONENT[side]],
                         bonus=AFTERMATH_BONUS))
    return out


# -- brink cards thirteen ----------------------------------------------------------------
class CardsTable:
    """``brink cards thirteen``: every strategy card and agenda card with its
    facts and text; with ``status``, the developer table instead (event
    implemented, test named after the card: wide terminals only)."""

    def __init__(self, lang: str = "en", status: bool = False) -> None:
        self.lang = lang
        self.status = status

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        wide = options.max_width >= WIDE_CARDS
        yield status_group(self.lang, wide) if self.status else texts_group(self.lang, wide)


def cards_table(lang: str = "en", status: bool = False) -> CardsTable:
    """The 39 strategy cards and the 13 agenda cards with their texts; with
    ``status``, whether each event is implemented and has a test named after
    the card (``cli/cardstatus.py``)."""
    return CardsTable(lang, status)


def _agenda_table(lang: str, test: dict[int, str] | None = None) -> Table:
    agendas = Table(title=t("cards.agendas_title", lang), box=box.SIMPLE_HEAD, pad_edge=False)
    agendas.add_column("#", no_wrap=True)
    agendas.add_column(t("column.agenda", lang), no_wrap=True)
    agendas.add_column(t("column.scores", lang), no_wrap=True)
    agendas.add_column(t("column.text", lang), ratio=1)
    if test is not None:
        agendas.add_column(t("column.test", lang), no_wrap=True)
    for k, c in sorted(_catalog_cards(lang)[1].items()):
        row: list[RenderableType] = [f"a{k:02d}", Text(str(c["name"])), agenda_target(c["agenda_type"], lang),
                                     Text(str(c["text"]))]
        if test is not None:
            row.append(test[k])
        agendas.add_row(*row)
    return agendas


def texts_group(lang: str = "en", wide: bool = True) -> Group:
    """Every card with its facts and event text, then every agenda card."""
    strategy = CardList(range(1, N_CARDS + 1), t("cards.title", lang), lang, wide_from=0 if wide else 10**6)
    caption = Text(t("cards.caption", lang), style="italic")
    return Group(strategy, _agenda_table(lang), caption)


def status_group(lang: str = "en", wide: bool = True) -> Group:
    """``brink cards thirteen --status``: the card lists with, on a wide
    terminal, whether each event is implemented and has a test named after
    the card (narrow: the texts only, so that they stay readable)."""
    from brinkmanship.cli.cardstatus import thirteen_statuses

    sts = thirteen_statuses()
    strategy = {s.number: s for s in sts if s.kind == "strategy"}
    agenda = {s.number: s for s in sts if s.kind == "agenda"}

    def tested(value: bool | None) -> str:
        return t("status.unknown", lang) if value is None else t("status.yes" if value else "status.no", lang)

    if not wide:
        return texts_group(lang, wide=False)
    extra = {t("column.implemented", lang): {n: tested(s.implemented) for n, s in strategy.items()},
             t("column.test", lang): {n: tested(s.tested) for n, s in strategy.items()}}
    cards = CardList(range(1, N_CARDS + 1), t("cards.title", lang), lang, texts=False, extra=extra, wide_from=0)
    agendas = _agenda_table(lang, {k: tested(s.tested) for k, s in agenda.items()})
    done = sum(s.implemented for s in strategy.values())
    summary = t("status.summary", lang, done=done, cards=len(strategy), tested=sum(bool(s.tested) for s in sts),
                all=len(sts), tested_cards=sum(bool(s.tested) for s in strategy.values()),
                tested_agendas=sum(bool(s.tested) for s in agenda.values()), agendas=len(agenda))
    caption = Text(summary + "\n" + t("cards.caption", lang), style="italic")
    return Group(cards, agendas, caption)


__all__ = [
    "BLOCK_W",
    "WIDE_CARDS",
    "Blocks",
    "CardList",
    "CardsTable",
    "actions",
    "aftermath_by_faction",
    "aftermath_totals",
    "agenda_pushes",
    "board",
    "card",
    "cards_table",
    "category_block",
    "decision",
    "decision_card",
    "event_owner",
    "hand",
    "log_lines",
    "meanings",
    "pushed",
    "result",
    "side_text",
    "status",
    "status_group",
    "status_line",
    "texts_group",
    "war_now",
    "war_warnings",
]
