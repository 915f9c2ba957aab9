"""Rich renderables for Twilight Struggle, built from a view dict only.

Every function here takes what ``State.view(side)`` returned (or plain
lists taken from it) and nothing else: this module never sees a State, so
the terminal can only show what the viewer is allowed to know. Static map
and card facts (stability, battlegrounds, ops) come from the public tables
in ``twilight.board``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from brinkmanship.twilight.board import (
    BATTLEGROUND,
    CARD,
    CARD_NAME,
    IN_REGION,
    NAMES,
    REGIONS,
    STABILITY,
)
from brinkmanship.twilight.data.setup import LATE_WAR_TURN, MID_WAR_TURN, SPACE_BOXES, TURNS

View = dict[str, Any]

SIDE_STYLE = {"USSR": "bold red", "US": "bold blue"}


def side_text(side: str | None) -> Text:
    """A side's name in its colour (plain text when colour is off)."""
    if side is None:
        return Text("-")
    return Text(side, style=SIDE_STYLE.get(side, "bold"))


def period(turn: int) -> str:
    """The war period a turn belongs to."""
    if turn >= LATE_WAR_TURN:
        return "Late War"
    if turn >= MID_WAR_TURN:
        return "Mid War"
    return "Early War"


def vp_text(vp: int) -> str:
    """The VP marker as players read it (positive VP favour the US)."""
    if vp == 0:
        return "0 (even)"
    return f"US +{vp}" if vp > 0 else f"USSR +{-vp}"


# -- status ---------------------------------------------------------------------
def status(view: View) -> Panel:
    """Turn, DEFCON, VP, military ops, space race, China Card and piles."""
    turn = view["turn"]
    ar = view["action_round"]
    defcon = view["defcon"]
    milops = view["milops"]
    space = view["space"]
    china = view["china_card"]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    if ar:
        round_text = f"action round {ar}"
    elif view["decision"].endswith("(set-up)"):
        round_text = "set-up"
    else:
        round_text = "headline phase"
    phase = Text(f"{turn} of {TURNS} ({period(turn)}), {round_text}, phasing ")
    phase.append_text(side_text(view["phasing"]))
    grid.add_row("Turn", phase)
    defcon_style = "bold red" if defcon <= 2 else "bold yellow" if defcon == 3 else ""
    grid.add_row("DEFCON", Text(str(defcon), style=defcon_style))
    grid.add_row("VP", vp_text(view["vp"]))
    grid.add_row("Military ops", f"USSR {milops['USSR']}, US {milops['US']} (required this turn: {defcon})")
    grid.add_row("Space Race", ", ".join(
        f"{s} {space[s]} ({SPACE_BOXES[min(space[s], len(SPACE_BOXES) - 1)][0]})" for s in ("USSR", "US")))
    face = "face up" if china["face_up"] else "face down"
    grid.add_row("China Card", f"{china['holder']} ({face})")
    sizes = view["hand_sizes"]
    grid.add_row("Cards", f"hands USSR {sizes['USSR']}, US {sizes['US']}; draw pile {view['deck_size']}, "
                          f"discards {len(view['discard'])}, removed {len(view['removed'])}")
    headline = view["headline"]
    shown = [f"{s} {_headline_text(headline[s])}" for s in ("USSR", "US") if headline[s]]
    if shown:
        grid.add_row("Headlines", ", ".join(shown))
    if view["in_play"]:
        grid.add_row("In play", ", ".join(CARD_NAME[c] for c in view["in_play"]))
    if view["effects"]:
        grid.add_row("Effects", ", ".join(sorted(view["effects"])))
    viewer = view["viewer"]
    title = f"Twilight Struggle - {viewer}'s view" if viewer else "Twilight Struggle"
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, expand=False)


def _headline_text(card: int | str) -> str:
    return "(chosen, hidden)" if card == "hidden" else CARD_NAME[int(card)]


def status_line(view: View) -> Text:
    """One line of the essentials, for prompts within a turn."""
    sizes = view["hand_sizes"]
    return Text(
        f"Turn {view['turn']} AR {view['action_round']} | DEFCON {view['defcon']} | VP {vp_text(view['vp'])} | "
        f"MilOps USSR {view['milops']['USSR']} US {view['milops']['US']} | "
        f"Space USSR {view['space']['USSR']} US {view['space']['US']} | "
        f"China {view['china_card']['holder']} | Hands USSR {sizes['USSR']} US {sizes['US']}",
        style="dim",
    )


# -- board ----------------------------------------------------------------------------
def region_table(view: View, region: str, everything: bool = True) -> Table:
    """One region's countries: stability, influence of each side, control.

    With ``everything`` false, only battlegrounds and countries holding
    influence are listed (the rest cannot matter for scoring or coups).
    """
    ussr = view["influence"]["USSR"]
    us = view["influence"]["US"]
    control = view["control"]
    members = IN_REGION[region]
    counts = {"USSR": [0, 0], "US": [0, 0]}
    for i in members:
        c = control.get(NAMES[i])
        if c:
            counts[c][0] += 1
            counts[c][1] += BATTLEGROUND[i]
    caption = (f"USSR controls {counts['USSR'][0]} ({counts['USSR'][1]} BG), "
               f"US {counts['US'][0]} ({counts['US'][1]} BG)")
    table = Table(title=region, title_style="bold", caption=caption, box=box.SIMPLE_HEAD,
                  padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("Country", no_wrap=True)
    table.add_column("Stab", justify="right")
    table.add_column("USSR", justify="right", style="red")
    table.add_column("US", justify="right", style="blue")
    table.add_column("Ctrl", no_wrap=True)
    hidden = 0
    for i in members:
        name = NAMES[i]
        a, b = ussr.get(name, 0), us.get(name, 0)
        if not everything and not (a or b or BATTLEGROUND[i]):
            hidden += 1
            continue
        bg = BATTLEGROUND[i]
        label = Text(name + (" *" if bg else ""), style="bold" if bg else "")
        c = control.get(name)
        table.add_row(label, str(STABILITY[i]), str(a) if a else "", str(b) if b else "",
                      side_text(c) if c else "")
    if hidden:
        table.add_row(Text(f"({hidden} empty)", style="dim"), "", "", "", "")
    return table


def board(view: View, everything: bool = False) -> RenderableType:
    """The map, region by region (``*`` marks battlegrounds)."""
    tables = [region_table(view, r, everything) for r in REGIONS]
    legend = Text("* battleground.  Ctrl: the side controlling the country.", style="dim")
    if not everything:
        legend.append("  Empty non-battlegrounds are not listed: type `board` for the full map.")
    return Group(Columns(tables, padding=(1, 3)), legend)


# -- cards ------------------------------------------------------------------------------
def card_flags(number: int) -> str:
    """Short markers for a card: scoring, starred (removed after its event),
    optional (Deluxe optional card), stays in play."""
    c = CARD[number]
    flags = []
    if c.scoring:
        flags.append("scoring")
    if c.starred:
        flags.append("*")
    if c.stays_in_play:
        flags.append("stays in play")
    if c.optional:
        flags.append("optional")
    return ", ".join(flags)


def hand(view: View) -> RenderableType:
    """The viewer's own hand (and the China Card when the viewer holds it)."""
    viewer = view["viewer"]
    if viewer is None:
        sizes = view["hand_sizes"]
        return Text(f"Hands are hidden: USSR holds {sizes['USSR']} cards, US {sizes['US']}.")
    table = Table(title=f"{viewer} hand", title_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                  show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("Card", no_wrap=True)
    table.add_column("Ops", justify="right")
    table.add_column("Event")
    table.add_column("Notes")
    for n in view["hand"]:
        c = CARD[n]
        table.add_row(f"#{n}", c.name, str(c.ops) if not c.scoring else "-", side_text(c.side)
                      if c.side != "Neutral" else "Neutral", card_flags(n))
    china = view["china_card"]
    if china["holder"] == viewer:
        c = CARD[6]
        note = "+1 op if all in Asia" + ("" if china["face_up"] else "; face down: not playable this turn")
        table.add_row("#6", c.name, str(c.ops), "Neutral", note)
    if not table.row_count:
        return Text(f"{viewer} holds no cards.")
    return table


# -- log and actions ----------------------------------------------------------------------
def log_lines(lines: Sequence[str], start: int = 0, numbered: bool = False) -> Text:
    """Log lines, optionally numbered from ``start + 1`` (turn headers bold)."""
    out = Text()
    for k, line in enumerate(lines):
        if numbered:
            out.append(f"{start + k + 1:4d}  ", style="dim")
        out.append(line + "\n", style="bold" if line.startswith("===") else "")
    out.rstrip()
    return out


def actions(legal: Iterable[str]) -> Columns:
    """The legal actions, numbered from 1 in the engine's stable order."""
    items = [Text.assemble((f"{k}.", "bold cyan"), " ", a) for k, a in enumerate(legal, 1)]
    return Columns(items, padding=(0, 3), column_first=True)


def decision(view: View) -> Text:
    """The pending decision as a prompt line."""
    return Text(view["decision"], style="bold")


def result(view: View) -> Text:
    """How the game ended."""
    winner = view["winner"]
    why = view["result"]
    if winner is None:
        return Text(f"Game over: a draw ({why}).", style="bold")
    out = Text("Game over: ", style="bold")
    out.append_text(side_text(winner))
    out.append(f" wins ({why}).", style="bold")
    return out


def cards_table(period_filter: str | None = None) -> Table:
    """Every card: number, name, ops, event side, period and markers."""
    table = Table(title="Twilight Struggle cards", box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    table.add_column("Card", no_wrap=True)
    table.add_column("Ops", justify="right")
    table.add_column("Side")
    table.add_column("Period")
    table.add_column("Notes")
    for n in sorted(CARD):
        c = CARD[n]
        if period_filter and c.period.lower() != period_filter.lower():
            continue
        table.add_row(str(n), c.name, str(c.ops) if not c.scoring else "-",
                      side_text(c.side) if c.side != "Neutral" else "Neutral", c.period, card_flags(n))
    return table
