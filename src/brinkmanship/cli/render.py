"""Rich renderables for Twilight Struggle, built from a view dict only, in a language.

Every function here takes what ``State.view(side)`` returned (or plain
lists taken from it) and nothing else: this module never sees a State, so
the terminal can only show what the viewer is allowed to know. Static map
and card facts (stability, battlegrounds, ops) come from the public tables
in ``twilight.board``.

Every word a player reads comes from the message catalogs, in the ``lang``
each function takes: labels and headings are ``cli.twilight.*``
(``i18n/<lang>/cli_twilight.json``); names of cards, countries, regions,
space boxes and effects are ``brinkmanship.i18n.name``; log entries and
prompts render through ``brinkmanship.i18n.render`` (a prompt from
``decisions.prompt_message``, the decision's data, never its English
sentence); card texts come from ``bm.cards``.

>>> vp_text(-3, "ru"), period(8)
('СССР +3', 'Late War')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from brinkmanship.core.cards import cards as card_texts
from brinkmanship.i18n import DEFAULT_LANG, catalog, name, render, text
from brinkmanship.twilight.actions import OPTIONS, SPACE
from brinkmanship.twilight.board import (
    BATTLEGROUND,
    CARD,
    CHINA,
    IN_REGION,
    N_CARDS,
    NAMES,
    REGIONS,
    STABILITY,
    SUBREGIONS,
)
from brinkmanship.twilight.data.setup import LATE_WAR_TURN, MID_WAR_TURN, TURNS
from brinkmanship.twilight.decisions import prompt_message

View = dict[str, Any]

GAME = "twilight"
SIDES = ("USSR", "US")
SIDE_STYLE = {"USSR": "bold red", "US": "bold blue"}


def t(code: str, lang: str = DEFAULT_LANG, /, **args: Any) -> str:
    """A label of these screens: ``cli.twilight.<code>`` in ``lang``."""
    return text("cli.twilight." + code, lang, **args)


def card_name(number: int, lang: str = DEFAULT_LANG) -> str:
    return name(GAME, "card", number, lang)


def country_name(country: str, lang: str = DEFAULT_LANG) -> str:
    return name(GAME, "country", country, lang)


def region_name(region: str, lang: str = DEFAULT_LANG) -> str:
    return name(GAME, "region", region, lang)


def side_name(side: str, lang: str = DEFAULT_LANG) -> str:
    """``USSR``/``US`` in ``lang`` (anything else as written)."""
    return catalog(lang).get(f"side.{side}", side)


def side_text(side: str | None, lang: str = DEFAULT_LANG) -> Text:
    """A side's name in its colour (plain text when colour is off)."""
    if side is None:
        return Text("-")
    return Text(side_name(side, lang), style=SIDE_STYLE.get(side, "bold"))


def period(turn: int, lang: str = DEFAULT_LANG) -> str:
    """The war period a turn belongs to."""
    key = "Late" if turn >= LATE_WAR_TURN else "Mid" if turn >= MID_WAR_TURN else "Early"
    return t("period." + key, lang)


def vp_text(vp: int, lang: str = DEFAULT_LANG) -> str:
    """The VP marker as players read it (positive VP favour the US)."""
    return name(GAME, "vp", vp, lang)


def _side_of_event(side: str, lang: str) -> Text:
    """A card's event side: coloured for a superpower, else "Neutral"."""
    return side_text(side, lang) if side in SIDES else Text(t("neutral", lang))


# -- status ---------------------------------------------------------------------
def _round_text(view: View, lang: str) -> str:
    ar = view["action_round"]
    if ar:
        return t("status.action_round", lang, ar=ar, side=view["phasing"])
    return t("status.setup" if view["decision_kind"] == "setup" else "status.headline", lang)


def deciding_text(view: View, lang: str = DEFAULT_LANG) -> Text:
    """Who decides now: a side (not only the phasing one: the US answers
    questions in a USSR action round), a die roll, or nobody."""
    who = view["current_player"]
    if who in SIDES:
        return side_text(who, lang)
    return Text(t("status.nobody" if who is None else "status.chance", lang))


def status(view: View, lang: str = DEFAULT_LANG) -> Panel:
    """Turn, who decides, DEFCON, VP, military ops, space race, China Card and piles."""
    turn = view["turn"]
    defcon = view["defcon"]
    milops = view["milops"]
    space = view["space"]
    china = view["china_card"]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row(t("status.turn", lang), t("status.turn_value", lang, turn=turn, turns=TURNS,
                                              period=period(turn, lang), round=_round_text(view, lang)))
    grid.add_row(t("status.deciding", lang), deciding_text(view, lang))
    defcon_style = "bold red" if defcon <= 2 else "bold yellow" if defcon == 3 else ""
    grid.add_row(t("status.defcon", lang), Text(str(defcon), style=defcon_style))
    grid.add_row(t("status.vp", lang), vp_text(view["vp"], lang))
    grid.add_row(t("status.milops", lang), t("status.milops_value", lang, ussr=milops["USSR"], us=milops["US"],
                                             required=defcon))
    grid.add_row(t("status.space", lang), t("status.space_value", lang, ussr=space["USSR"], us=space["US"],
                                            ussr_box=name(GAME, "space", space["USSR"], lang),
                                            us_box=name(GAME, "space", space["US"], lang)))
    grid.add_row(t("status.china", lang), t("status.china_up" if china["face_up"] else "status.china_down", lang,
                                            holder=china["holder"]))
    sizes = view["hand_sizes"]
    grid.add_row(t("status.cards", lang), t("status.cards_value", lang, ussr=sizes["USSR"], us=sizes["US"],
                                            deck=view["deck_size"], discards=len(view["discard"]),
                                            removed=len(view["removed"])))
    headline = view["headline"]
    shown = [_headline_text(s, headline[s], lang) for s in SIDES if headline[s]]
    if shown:
        grid.add_row(t("status.headlines", lang), ", ".join(shown))
    if view["in_play"]:
        grid.add_row(t("status.in_play", lang), ", ".join(card_name(c, lang) for c in view["in_play"]))
    if view["effects"]:
        grid.add_row(t("status.effects", lang), ", ".join(sorted(_effect_text(k, e, lang)
                                                                  for k, e in view["effects"].items())))
    viewer = view["viewer"]
    if view.get("opponent_known"):
        opp = "US" if viewer == "USSR" else "USSR"
        grid.add_row(t("status.seen", lang, side=opp), ", ".join(card_name(c, lang) for c in view["opponent_known"]))
    title = t("title_view", lang, side=viewer) if viewer else t("title", lang)
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, expand=False)


def _headline_text(side: str, card: int | str, lang: str) -> str:
    if card == "hidden":
        return t("status.headline_hidden", lang, side=side)
    return t("status.headline_card", lang, side=side, title=card_name(int(card), lang))


def _effect_text(effect: str, data: dict[str, Any], lang: str) -> str:
    """A lasting effect by its name, with the side or region it concerns."""
    title = name(GAME, "effect", effect, lang)
    who = data.get("side")
    if who in SIDES:
        return t("status.effect_of", lang, title=title, who=side_name(who, lang))
    region = data.get("region")
    if isinstance(region, str):
        return t("status.effect_of", lang, title=title, who=region_name(region, lang))
    return title


def status_line(view: View, lang: str = DEFAULT_LANG) -> Text:
    """One line of the essentials, for prompts within a turn."""
    sizes = view["hand_sizes"]
    who = view["current_player"]
    deciding = t("status_line.deciding", lang, side=who) if who in SIDES else deciding_text(view, lang).plain
    return Text(t("status_line", lang, turn=view["turn"], ar=view["action_round"], defcon=view["defcon"],
                  score=vp_text(view["vp"], lang), milops_ussr=view["milops"]["USSR"],
                  milops_us=view["milops"]["US"], space_ussr=view["space"]["USSR"], space_us=view["space"]["US"],
                  holder=view["china_card"]["holder"], hand_ussr=sizes["USSR"], hand_us=sizes["US"],
                  deciding=deciding),
                style="dim")


# -- board ----------------------------------------------------------------------------
# The map is drawn as fixed-width text blocks rather than rich Tables: it is
# redrawn at most prompts, and plain Text renders an order of magnitude faster
# while lining up just as well. Column widths fit the language's names.
_GAP = 3

# Regions shown in parts, each part under its own heading: Europe's
# subregions (Austria and Finland belong to both) and Southeast Asia.
_PARTS: dict[str, tuple[tuple[str, tuple[int, ...]], ...]] = {
    "Europe": (
        ("Western Europe", tuple(i for i in IN_REGION["Europe"] if SUBREGIONS[i] == ("Western Europe",))),
        ("Eastern Europe", tuple(i for i in IN_REGION["Europe"] if SUBREGIONS[i] == ("Eastern Europe",))),
        ("both_europe", tuple(i for i in IN_REGION["Europe"] if len(SUBREGIONS[i]) > 1)),
    ),
    "Asia": (
        ("rest_of_asia", tuple(i for i in IN_REGION["Asia"] if "Southeast Asia" not in SUBREGIONS[i])),
        ("Southeast Asia", IN_REGION["Southeast Asia"]),
    ),
}


class BlockColumns:
    """The widths of a region block's columns in one language."""

    def __init__(self, lang: str) -> None:
        self.labels = (t("board.country", lang), t("board.stability", lang), side_name("USSR", lang),
                       side_name("US", lang), t("board.control", lang))
        self.name = max(len(self.labels[0]), *(len(country_name(n, lang)) + 2 for n in NAMES)) + 1
        self.stab = len(self.labels[1]) + 1
        self.ussr = max(len(self.labels[2]), 2) + 1
        self.us = max(len(self.labels[3]), 2) + 1


@cache
def columns(lang: str) -> BlockColumns:
    return BlockColumns(lang)


def _part_heading(part: str, lang: str) -> Text:
    label = t("board." + part, lang) if part in ("both_europe", "rest_of_asia") else region_name(part, lang)
    return Text(f"- {label}", style="italic")


def region_block(view: View, region: str, everything: bool = True, lang: str = DEFAULT_LANG) -> list[Text]:
    """One region as lines of text: each country's stability, influence of
    each side and controller, then how many countries each side controls.
    Europe is shown in its Western and Eastern parts, Asia with Southeast
    Asia apart, each part under its heading.

    With ``everything`` false, only battlegrounds and countries holding
    influence are listed (the rest cannot matter for scoring or coups).
    """
    ussr = view["influence"]["USSR"]
    us = view["influence"]["US"]
    control = view["control"]
    cols = columns(lang)
    country, stab, su, am, ctrl = cols.labels
    lines = [Text(region_name(region, lang), style="bold underline"),
             Text(f"{country:<{cols.name}}{stab:>{cols.stab}}{su:>{cols.ussr}}{am:>{cols.us}}  {ctrl}", style="dim")]
    counts = {"USSR": [0, 0], "US": [0, 0]}
    hidden = 0
    for part, members in _PARTS.get(region, ((None, IN_REGION[region]),)):
        rows = []
        for i in members:
            name_ = NAMES[i]
            bg = BATTLEGROUND[i]
            c = control.get(name_)
            if c:
                counts[c][0] += 1
                counts[c][1] += bg
            a, b = ussr.get(name_, 0), us.get(name_, 0)
            if not everything and not (a or b or bg):
                hidden += 1
                continue
            line = Text(f"{country_name(name_, lang) + (' *' if bg else ''):<{cols.name}}", style="bold" if bg else "")
            line.append(f"{STABILITY[i]:>{cols.stab}}")
            line.append(f"{a or '':>{cols.ussr}}", style="red")
            line.append(f"{b or '':>{cols.us}}", style="blue")
            line.append("  ")
            if c:
                line.append(side_name(c, lang), style=SIDE_STYLE[c])
            rows.append(line)
        if rows and part is not None:
            lines.append(_part_heading(part, lang))
        lines.extend(rows)
    if hidden:
        lines.append(Text(t("board.more_empty", lang, n=hidden), style="dim"))
    lines.append(Text(t("board.controlled", lang, ussr=counts["USSR"][0], ussr_bg=counts["USSR"][1],
                        us=counts["US"][0], us_bg=counts["US"][1]), style="italic"))
    return lines


class Board:
    """Region blocks laid out side by side, as many as the width allows."""

    def __init__(self, blocks: list[list[Text]], legend: Text) -> None:
        self.blocks = blocks
        self.legend = legend
        # One width for every block, so that the blocks line up in columns.
        self.block_width = max(piece.cell_len for block in blocks for piece in block)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        w = self.block_width
        per_row = max(1, (options.max_width + _GAP) // (w + _GAP))
        for r in range(0, len(self.blocks), per_row):
            row = self.blocks[r:r + per_row]
            for k in range(max(len(b) for b in row)):
                line = Text()
                for j, block in enumerate(row):
                    piece = block[k] if k < len(block) else Text()
                    line.append_text(piece)
                    if j < len(row) - 1:
                        line.append(" " * (w + _GAP - piece.cell_len))
                yield line
            yield Text()
        yield self.legend


def board(view: View, everything: bool = False, lang: str = DEFAULT_LANG) -> Board:
    """The map, region by region (``*`` marks battlegrounds)."""
    blocks = [region_block(view, r, everything, lang) for r in REGIONS]
    legend = Text(t("board.legend", lang), style="dim")
    if not everything:
        legend.append("  " + t("board.legend_hidden", lang))
    return Board(blocks, legend)


# -- cards ------------------------------------------------------------------------------
@cache
def _texts(lang: str) -> dict[int, str]:
    """Every card's event text in ``lang`` (``bm.cards``), by number."""
    return {c["number"]: c["text"] for c in card_texts(GAME, lang)}


def card_flags(number: int, lang: str = DEFAULT_LANG) -> str:
    """Short markers for a card: scoring, starred (removed after its event),
    stays in play, war, optional (Deluxe optional card)."""
    c = CARD[number]
    marks = (("scoring", c.scoring), ("starred", c.starred), ("stays", c.stays_in_play), ("war", c.war),
             ("optional", c.optional))
    return ", ".join(t("flag." + k, lang) for k, on in marks if on)


def _ops(number: int) -> str:
    c = CARD[number]
    return "-" if c.scoring else str(c.ops)


def card_brief(number: int, lang: str = DEFAULT_LANG) -> str:
    """A card's ops and event side in a few words ("4 ops, US event")."""
    c = CARD[number]
    what = (t("card.event_side", lang, side=c.side) if c.side in SIDES else t("card.event_neutral", lang))
    return t("card.brief", lang, ops=0 if c.scoring else c.ops, what=what)


def hand(view: View, lang: str = DEFAULT_LANG, texts: bool = False) -> RenderableType:
    """The viewer's own hand (and the China Card when the viewer holds it);
    ``texts``: with what each card's event does."""
    viewer = view["viewer"]
    if viewer is None:
        sizes = view["hand_sizes"]
        return Text(t("hand.hidden", lang, ussr=sizes["USSR"], us=sizes["US"]))
    table = Table(title=t("hand.title", lang, side=viewer), title_style="bold", box=box.SIMPLE_HEAD,
                  pad_edge=False, show_edge=False, show_lines=texts)
    table.add_column(t("column.number", lang), justify="right")
    table.add_column(t("column.card", lang), no_wrap=not texts, ratio=2 if texts else None)
    table.add_column(t("column.ops", lang), justify="right")
    table.add_column(t("column.event", lang))
    table.add_column(t("column.notes", lang))
    if texts:
        table.add_column(t("column.text", lang), ratio=5)
    rows = [(n, card_flags(n, lang)) for n in view["hand"]]
    china = view["china_card"]
    if china["holder"] == viewer:
        rows.append((CHINA, t("hand.china" if china["face_up"] else "hand.china_down", lang)))
    for n, notes in rows:
        c = CARD[n]
        cells: list[RenderableType] = [text("cli.number", lang, number=n), card_name(n, lang),
                                      _ops(n), _side_of_event(c.side, lang), notes]
        if texts:
            cells.append(_texts(lang)[n])
        table.add_row(*cells)
    if not table.row_count:
        return Text(t("hand.empty", lang, side=viewer))
    return table


def card(number: int, lang: str = DEFAULT_LANG, kind: str = "card") -> Panel:
    """One card, framed: its number and name, its facts (ops, whose event,
    period, what happens to it after its event, scoring, war, optional) and
    what its event does. Raises ``LookupError`` (a sentence in ``lang``)
    for a number that is no card."""
    if kind != "card":
        raise LookupError(t("card.no_kind", lang, kind=kind))
    if number not in CARD:
        raise LookupError(t("card.unknown", lang, number=number, last=N_CARDS))
    c = CARD[number]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    grid.add_row(t("card.ops", lang), t("card.scoring_ops", lang) if c.scoring else str(c.ops))
    if c.side in SIDES:
        event = Text(t("card.event_side", lang, side=c.side), style=SIDE_STYLE[c.side])
    else:
        event = Text(t("card.event_neutral", lang))
    grid.add_row(t("card.event", lang), event)
    grid.add_row(t("card.period", lang), t("period." + c.period, lang))
    after = ("card.china_after" if number == CHINA else "card.stays" if c.stays_in_play else
             "card.removed" if c.starred else "card.discarded")
    grid.add_row(t("card.after", lang), t(after, lang))
    kinds = [t(k, lang) for k, on in (("card.kind_china", number == CHINA), ("card.kind_scoring", c.scoring),
                                       ("card.kind_war", c.war), ("card.kind_optional", c.optional)) if on]
    if kinds:
        grid.add_row(t("card.kind", lang), "; ".join(kinds))
    title = t("card.title", lang, number=number, title=card_name(number, lang))
    style = SIDE_STYLE.get(c.side, "bold")
    return Panel(Group(grid, Rule(style="dim"), Text(_texts(lang)[number])), title=title, title_align="left",
                 border_style=style.replace("bold ", ""), box=box.ROUNDED, expand=False, width=80)


# -- log and actions ----------------------------------------------------------------------
_HEADINGS = frozenset({"twilight.turn.start", "twilight.final.start"})


def log_lines(lines: Sequence[str | dict[str, Any]], start: int = 0, numbered: bool = False,
              lang: str = DEFAULT_LANG) -> Text:
    """Log lines (entries rendered in ``lang``), optionally numbered from
    ``start + 1``; the headings of turns and of final scoring bold."""
    out = Text()
    for k, entry in enumerate(lines):
        if isinstance(entry, dict):
            line = render(entry, lang)
            heading = entry.get("code") in _HEADINGS
        else:
            line = entry
            heading = line.startswith("===")
        if numbered:
            out.append(f"{start + k + 1:4d}  ", style="dim")
        out.append(line + "\n", style="bold" if heading else "")
    out.rstrip()
    return out


class NumberedColumns:
    """Numbered items in columns, filled top to bottom (cheap to render)."""

    def __init__(self, items: Sequence[str]) -> None:
        self.items = [f"{k}. {a}" for k, a in enumerate(items, 1)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.items:
            return
        width = max(len(t) for t in self.items) + 3
        cols = max(1, (options.max_width + 3) // width)
        rows = -(-len(self.items) // cols)
        for r in range(rows):
            line = Text()
            for k in range(r, len(self.items), rows):
                number, _, action = self.items[k].partition(" ")
                line.append(number, style="bold cyan")
                line.append(" " + action.ljust(width - len(number) - 1))
            line.rstrip()
            yield line


_CARD_VERBS = frozenset({"headline", "event", "ops", "space", "discard", "pick"})
_COUNTRY_VERBS = frozenset({"place", "coup", "realign", "remove", "target"})


def action_text(action: str, lang: str = DEFAULT_LANG) -> str:
    """An action as typed (the notation is the same in every language),
    with the card, country or region it names in ``lang`` when that name
    differs: ``event NATO (НАТО)``."""
    a = SPACE.by_text.get(action.lower())
    if a is None or a.arg is None:
        return action
    if a.verb in _CARD_VERBS:
        title = card_name(a.arg, lang)
    elif a.verb in _COUNTRY_VERBS:
        title = country_name(NAMES[a.arg], lang)
    elif a.verb == "choose" and OPTIONS[a.arg] in REGIONS:
        title = region_name(OPTIONS[a.arg], lang)
    else:
        return action
    return action if title == a.text.split(" ", 1)[1] else t("action.named", lang, action=action, title=title)


def actions(legal: Sequence[str], lang: str = DEFAULT_LANG) -> NumberedColumns:
    """The legal actions, numbered from 1 in the engine's stable order, as
    given: the play loop passes each one's label in the player's language
    (``cli.labels``); ``action_text`` adds local names to notation."""
    return NumberedColumns(legal)


def decision(view: View, lang: str = DEFAULT_LANG) -> RenderableType:
    """The pending decision: its prompt in ``lang`` (from the decision's
    data), the card it belongs to, and what each option means, numbered as
    the legal actions are."""
    dec = view["decision"]
    if dec is None:
        return Text(t("decision.over", lang), style="bold")
    parts: list[RenderableType] = [Text(render(prompt_message(dec), lang), style="bold")]
    number = dec.get("card")
    if number:
        parts.append(Text(t("decision.card", lang, title=card_name(number, lang), brief=card_brief(number, lang),
                            number=number)))
    meant = meanings(view, lang)
    if meant:
        legal = view["legal_actions"]
        parts.append(Text(t("decision.options", lang), style="dim"))
        for action, meaning in meant:
            if action in legal:
                line = t("decision.option", lang, n=legal.index(action) + 1, meaning=meaning)
            else:
                line = t("decision.option_other", lang, meaning=meaning)
            parts.append(Text("  " + line))
    return parts[0] if len(parts) == 1 else Group(*parts)


def meanings(view: View, lang: str = DEFAULT_LANG) -> list[tuple[str, str]]:
    """What each option of the pending decision means, as (action, meaning),
    from the decision's data (the terminal and the web client show them)."""
    dec = view["decision"]
    if dec is None:
        return []
    return [(o["action"], render(o["meaning"], lang)) for o in dec.get("options") or ()]


def result(view: View, lang: str = DEFAULT_LANG) -> Text:
    """How the game ended, and why, in words."""
    winner = view["winner"]
    why = view["result"]
    if why == "wargames":
        reason = t("result.why.wargames", lang, title=card_name(100, lang))
    elif f"cli.twilight.result.why.{why}" in catalog(lang):
        reason = t(f"result.why.{why}", lang)
    else:
        reason = t("result.why.other", lang, why=str(why))
    if winner is None:
        return Text(t("result.draw", lang, why=reason), style="bold")
    return Text(t("result.win", lang, winner=winner, why=reason), style="bold")


# -- brink cards twilight ---------------------------------------------------------------
def cards_table(lang: str = DEFAULT_LANG, status: bool = False) -> Table:
    """Every card: number, name, ops, event side, period, markers, and what
    its event does; ``status``: instead of the text, whether its event is
    implemented and has a test named after the card."""
    table = Table(title=t("cards.title", lang), box=box.SIMPLE_HEAD, pad_edge=False, show_lines=not status)
    table.add_column(t("column.number", lang), justify="right", min_width=3)
    table.add_column(t("column.card", lang), no_wrap=not status, ratio=3 if status else None)
    table.add_column(t("column.ops", lang), justify="right")
    table.add_column(t("column.side", lang), min_width=7, no_wrap=True)
    table.add_column(t("column.period", lang), min_width=5, no_wrap=True)
    table.add_column(t("column.notes", lang), ratio=1)
    if status:
        from brinkmanship.cli.cardstatus import statuses

        found = {st.number: st for st in statuses()}
        table.add_column(t("column.implemented", lang), no_wrap=True)
        table.add_column(t("column.tested", lang), no_wrap=True)
    else:
        table.add_column(t("column.text", lang), ratio=4)
    yes, no = t("yes", lang), t("no", lang)
    for n in sorted(CARD):
        c = CARD[n]
        cells: list[RenderableType] = [str(n), card_name(n, lang), _ops(n), _side_of_event(c.side, lang),
                                       t("period." + c.period, lang), card_flags(n, lang)]
        if status:
            st = found[n]
            cells += [yes if st.implemented else no, t("unknown", lang) if st.tested is None else
                      yes if st.tested else no]
        else:
            cells.append(_texts(lang)[n])
        table.add_row(*cells)
    caption = t("cards.legend", lang)
    if status:
        done = sum(st.implemented for st in found.values())
        tested = sum(bool(st.tested) for st in found.values())
        caption = t("cards.status", lang, done=done, tested=tested, total=len(found)) + "\n" + caption
    table.caption = caption
    return table


__all__ = [
    "SIDE_STYLE",
    "Board",
    "NumberedColumns",
    "action_text",
    "actions",
    "board",
    "card",
    "card_brief",
    "card_flags",
    "card_name",
    "cards_table",
    "deciding_text",
    "decision",
    "hand",
    "log_lines",
    "meanings",
    "period",
    "region_block",
    "result",
    "side_text",
    "status",
    "status_line",
    "vp_text",
]
