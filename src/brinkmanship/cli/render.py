"""Rich renderables for Twilight Struggle, built from a view dict only.

Every function here takes what ``State.view(side)`` returned (or plain
lists taken from it) and nothing else: this module never sees a State, so
the terminal can only show what the viewer is allowed to know. Static map
and card facts (stability, battlegrounds, ops) come from the public tables
in ``twilight.board``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from brinkmanship.i18n import render
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
    elif view["decision_kind"] == "setup":
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
    if view.get("opponent_known"):
        opp = "US" if viewer == "USSR" else "USSR"
        grid.add_row(f"Seen in {opp} hand", ", ".join(CARD_NAME[c] for c in view["opponent_known"]))
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
# The map is drawn as fixed-width text blocks rather than rich Tables: it is
# redrawn at most prompts, and plain Text renders an order of magnitude faster
# while lining up just as well.
_NAME_W = 19
BLOCK_W = _NAME_W + 4 + 5 + 4 + 2 + 4  # name, Stab, USSR, US, gap, Ctrl
_GAP = 3


def region_block(view: View, region: str, everything: bool = True) -> list[Text]:
    """One region as lines of text: each country's stability, influence of
    each side and controller, then how many countries each side controls.

    With ``everything`` false, only battlegrounds and countries holding
    influence are listed (the rest cannot matter for scoring or coups).
    """
    ussr = view["influence"]["USSR"]
    us = view["influence"]["US"]
    control = view["control"]
    lines = [Text(region, style="bold underline"),
             Text(f"{'Country':<{_NAME_W}}{'Stab':>4}{'USSR':>5}{'US':>4}  Ctrl", style="dim")]
    counts = {"USSR": [0, 0], "US": [0, 0]}
    hidden = 0
    for i in IN_REGION[region]:
        name = NAMES[i]
        bg = BATTLEGROUND[i]
        c = control.get(name)
        if c:
            counts[c][0] += 1
            counts[c][1] += bg
        a, b = ussr.get(name, 0), us.get(name, 0)
        if not everything and not (a or b or bg):
            hidden += 1
            continue
        line = Text(f"{name + (' *' if bg else ''):<{_NAME_W}}", style="bold" if bg else "")
        line.append(f"{STABILITY[i]:>4}")
        line.append(f"{a or '':>5}", style="red")
        line.append(f"{b or '':>4}", style="blue")
        line.append("  ")
        if c:
            line.append(c, style=SIDE_STYLE[c])
        lines.append(line)
    if hidden:
        lines.append(Text(f"({hidden} more, empty)", style="dim"))
    lines.append(Text(f"Control: USSR {counts['USSR'][0]} ({counts['USSR'][1]} BG), "
                      f"US {counts['US'][0]} ({counts['US'][1]} BG)", style="italic"))
    return lines


class Board:
    """Region blocks laid out side by side, as many as the width allows."""

    def __init__(self, blocks: list[list[Text]], legend: Text) -> None:
        self.blocks = blocks
        self.legend = legend

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        per_row = max(1, (options.max_width + _GAP) // (BLOCK_W + _GAP))
        for r in range(0, len(self.blocks), per_row):
            row = self.blocks[r:r + per_row]
            for k in range(max(len(b) for b in row)):
                line = Text()
                for j, block in enumerate(row):
                    piece = block[k] if k < len(block) else Text()
                    line.append_text(piece)
                    if j < len(row) - 1:
                        line.append(" " * (BLOCK_W + _GAP - piece.cell_len))
                yield line
            yield Text()
        yield self.legend


def board(view: View, everything: bool = False) -> Board:
    """The map, region by region (``*`` marks battlegrounds)."""
    blocks = [region_block(view, r, everything) for r in REGIONS]
    legend = Text("* battleground.  Ctrl: the side controlling the country.", style="dim")
    if not everything:
        legend.append("  Empty non-battlegrounds hidden (`board` lists all).")
    return Board(blocks, legend)


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
        n = sizes["USSR"]
        return Text(f"Hands are hidden: USSR holds {n} card{'' if n == 1 else 's'}, US {sizes['US']}.")
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
def log_lines(lines: Sequence[str | dict[str, Any]], start: int = 0, numbered: bool = False) -> Text:
    """Log lines, optionally numbered from ``start + 1`` (turn headers bold)."""
    out = Text()
    for k, entry in enumerate(lines):
        line = render(entry) if isinstance(entry, dict) else entry
        if numbered:
            out.append(f"{start + k + 1:4d}  ", style="dim")
        out.append(line + "\n", style="bold" if line.startswith("===") else "")
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


def actions(legal: Sequence[str]) -> NumberedColumns:
    """The legal actions, numbered from 1 in the engine's stable order."""
    return NumberedColumns(legal)


def decision(view: View) -> Text:
    """The pending decision as a prompt line."""
    return Text(view["decision"]["prompt"], style="bold")


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


def cards_table() -> Table:
    """Every card: number, name, ops, event side, period, markers, and whether
    its event is implemented and has a test named after the card."""
    from brinkmanship.cli.cardstatus import statuses

    status = {st.number: st for st in statuses()}
    table = Table(title="Twilight Struggle cards", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("#", justify="right", min_width=3)
    table.add_column("Card", ratio=3)
    table.add_column("Ops", justify="right")
    table.add_column("Side", min_width=7, no_wrap=True)
    table.add_column("Period", min_width=5, no_wrap=True)
    table.add_column("Notes", ratio=1)
    table.add_column("Event", no_wrap=True)
    table.add_column("Test", no_wrap=True)
    for n in sorted(CARD):
        c = CARD[n]
        st = status[n]
        tested = "?" if st.tested is None else ("yes" if st.tested else "no")
        table.add_row(str(n), c.name, str(c.ops) if not c.scoring else "-",
                      side_text(c.side) if c.side != "Neutral" else "Neutral", c.period, card_flags(n),
                      "yes" if st.implemented else "no", tested)
    done = sum(st.implemented for st in status.values())
    tested_n = sum(bool(st.tested) for st in status.values())
    table.caption = (f"Events implemented: {done} of {len(status)}; with a test named after the card: "
                     f"{tested_n} of {len(status)}.\n"
                     "* starred: removed after its event.  Optional: one of the 7 optional Deluxe cards "
                     "(brink play --no-optional-cards leaves them out).")
    return table
