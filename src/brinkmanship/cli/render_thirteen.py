"""Rich renderables for 13 Days, built from a view dict only.

Like ``render`` for Twilight Struggle, every function takes what
``State.view(side)`` returned and nothing else, so the terminal can only
show what the viewer may know: the opponent's hand is a count, its kept
agenda reads "hidden" until revealed, and of the Aftermath only the
viewer's own cards are named. Static facts (command values, factions,
DEFCON symbols, event summaries) come from the public tables in
``thirteen.board`` and ``thirteen.data``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from brinkmanship.cli.render import SIDE_STYLE, NumberedColumns, side_text
from brinkmanship.i18n import render
from brinkmanship.thirteen.board import (
    AGENDA_CARDS,
    AGENDA_TYPES,
    ARENAS,
    ARENAS_OF_TRACK,
    CARD_COMMAND,
    CARD_FACTION,
    CARD_NAME,
    CARD_SYMBOL,
    CARDS,
    OPPONENT,
    TRACKS,
)
from brinkmanship.thirteen.data.board import (
    CARIBBEAN,
    DEFCON1_FROM,
    DEFCON2_FROM,
    DEFCON_MAX,
    DEFCON_MIN,
    PLAYS_PER_ROUND,
    ROUNDS,
    SUPPLY,
    zone,
)
from brinkmanship.thirteen.defcon import push_top, war_at
from brinkmanship.thirteen.defcon import pushed as pushed_position

View = dict[str, Any]

SIDES = ("USSR", "US")
FACTION_STYLE = {"USSR": "bold red", "US": "bold blue", "UN": "bold"}
ZONE_STYLE = {3: "", 2: "yellow", 1: "bold red"}

# What each round effect does, by the name the view gives it; the sides
# listed under an effect are the sides it applies to.
EFFECT_TEXT = {
    "SOPs": "Commands handle 1 more cube",
    "To the Brink": "Commands handle 1 cube fewer",
    "Containment": "may not de-escalate with events of cards it plays",
    "Bay of Pigs": "may not de-escalate by events",
}


def faction_text(faction: str) -> Text:
    """A card's faction in its colour."""
    return Text(faction, style=FACTION_STYLE.get(faction, ""))


def prestige_text(view: View) -> Text:
    """The prestige marker, coloured for the side ahead."""
    p = view["prestige"]
    style = "bold blue" if p > 0 else "bold red" if p < 0 else ""
    return Text(view["prestige_text"], style=style)


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


def war_warnings(view: View) -> list[Text]:
    """Who would trigger nuclear war if the round ended now, counting the
    end-of-round push of the DEFCON-track agendas the viewer knows about,
    and who might if another side's flagged track agenda is the kept one."""
    over = view["over"]
    defcon = view["defcon"]
    out: list[Text] = []
    if over:
        if view["result"] == "nuclear_war":
            for side in SIDES:
                if war_now(defcon[side]):
                    out.append(Text.assemble(("Nuclear war: ", "bold red"), side_text(side),
                                             (" triggered nuclear war.", "bold red")))
        return out
    mode = view["options"].get("agenda_push", "zone")
    certain, possible = agenda_pushes(view)
    after = pushed(defcon, certain, mode)
    for side in SIDES:
        if war_now(after[side]):
            why = "" if war_now(defcon[side]) else f" (after the {certain[0]} Track agenda pushes its markers)"
            out.append(Text.assemble(("Warning: ", "bold red"), side_text(side),
                                     (f" would trigger nuclear war if the round ended now{why}.", "bold red")))
            continue
        risky = [(who, t) for who, t in possible if war_now(pushed(after, [t], mode)[side])]
        for who, track in risky:
            out.append(Text.assemble(("Careful: ", "bold yellow"), side_text(side),
                                     (f" would trigger nuclear war if {who} kept its {track} Track agenda "
                                      f"(it pushes the markers at {_PUSHED_AT[mode]} on that track one step "
                                      "before the check).", "yellow")))
    return out


# -- status ---------------------------------------------------------------------------
def _agenda_text(view: View, side: str) -> Text:
    a = view["agendas"][side]
    flags = a["flags"]
    out = Text()
    if not flags:
        out.append("no agendas dealt this round yet", style="dim")
        return out
    out.append("flags " + ", ".join(flags) + "; kept: ")
    kept = a["kept"]
    if kept is None:
        out.append("not chosen yet", style="dim")
    elif kept == "hidden":
        out.append("hidden", style="italic")
    else:
        out.append(kept, style="bold")
        if side == view["viewer"]:
            out.append(" (yours)")
    return out


def _effects_text(view: View) -> str:
    parts = []
    for name, sides in view["effects"].items():
        what = EFFECT_TEXT.get(name, "in effect")
        parts.append(f"{name}: {' and '.join(sides)} {what}")
    return "; ".join(parts)


def status(view: View) -> Panel:
    """Round and plays, prestige, the Personal Letter, agendas, Aftermath,
    round effects and the piles."""
    viewer = view["viewer"]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    plays = view["plays"]
    rnd = Text(f"{view['round']} of {ROUNDS}; plays USSR {plays['USSR']} of {PLAYS_PER_ROUND}, "
               f"US {plays['US']} of {PLAYS_PER_ROUND}")
    player = view["current_player"]
    if player in SIDES:
        rnd.append("; to act: ")
        rnd.append_text(side_text(player))
    grid.add_row("Round", rnd)
    grid.add_row("Prestige", prestige_text(view))
    grid.add_row("Personal Letter", side_text(view["personal_letter"]))
    for side in SIDES:
        grid.add_row(f"{side} agenda", _agenda_text(view, side))
    after = view["aftermath"]
    size = after["size"]
    text = f"{size} card{'s' if size != 1 else ''} face down"
    if viewer in SIDES:
        own = after["own"]
        text += f" (yours: {', '.join(own)})" if own else " (none of them yours)"
    if "revealed" in after:
        text = "revealed: " + ", ".join(f"{name} ({s})" for s, name in after["revealed"])
    grid.add_row("Aftermath", text)
    if view["effects"]:
        grid.add_row("This round", _effects_text(view))
    if view["looking_at"]:
        grid.add_row("Looking at", ", ".join(view["looking_at"]))
    sizes = view["hand_sizes"]
    reserve = view["reserve"]
    grid.add_row("Cards", f"hands USSR {sizes['USSR']}, US {sizes['US']}; deck {view['deck_size']}, "
                          f"discards {len(view['discard'])}")
    grid.add_row("Cube supply", f"USSR {reserve['USSR']}, US {reserve['US']} of {SUPPLY}")
    title = f"13 Days - {viewer}'s view" if viewer else "13 Days"
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, expand=False)


def _short_defcon(markers: dict[str, int]) -> str:
    return " ".join(f"{t[0]}{markers[t]}" for t in TRACKS)


def status_line(view: View) -> Text:
    """One line of the essentials, for prompts while the same side decides."""
    plays = view["plays"]
    d = view["defcon"]
    sizes = view["hand_sizes"]
    return Text(
        f"Round {view['round']} | plays USSR {plays['USSR']}/{PLAYS_PER_ROUND} US {plays['US']}/{PLAYS_PER_ROUND}"
        f" | Prestige {view['prestige_text']} | Letter {view['personal_letter']}"
        f" | DEFCON USSR {_short_defcon(d['USSR'])}, US {_short_defcon(d['US'])}"
        f" | Hands USSR {sizes['USSR']} US {sizes['US']}",
        style="dim",
    )


# -- board ----------------------------------------------------------------------------
_NAME_W = 17
_CELL = 2
TRACK_W = (DEFCON_MAX - DEFCON_MIN + 1) * _CELL - 1  # one character per position, one after each but the last
BLOCK_W = 8 + TRACK_W + 14  # side label, track, position and zone
_GAP = 3


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


def category_block(view: View, track: int) -> list[Text]:
    """One DEFCON category: its three arenas (each side's cubes and who
    dominates) and its DEFCON track with both markers."""
    cubes = view["cubes"]
    name = TRACKS[track]
    lines = [Text(name, style="bold underline"),
             Text(f"{'Arena':<{_NAME_W}}{'USSR':>5}{'US':>4}  Dominates", style="dim")]
    for i in ARENAS_OF_TRACK[track]:
        arena = ARENAS[i]
        a, b = cubes["USSR"].get(arena, 0), cubes["US"].get(arena, 0)
        line = Text(f"{arena:<{_NAME_W}}")
        line.append(f"{a or '':>5}", style="red")
        line.append(f"{b or '':>4}", style="blue")
        line.append("  ")
        if a != b:
            dom = "USSR" if a > b else "US"
            line.append(dom, style=SIDE_STYLE[dom])
        elif a:
            line.append("tied", style="dim")
        lines.append(line)
    head = Text(f"{'DEFCON':<8}", style="dim")
    head.append_text(_track_header())
    head.stylize("dim")
    lines.append(head)
    for side in SIDES:
        pos = view["defcon"][side][name]
        z = zone(pos)
        line = Text(f"  {side:<6}", style=SIDE_STYLE[side])
        line.append_text(_track_cells(pos, SIDE_STYLE[side]))
        line.append(f"  {pos} ")
        line.append(f"(DEFCON {z})", style=ZONE_STYLE[z])
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


def board(view: View, everything: bool = False) -> Blocks:
    """The nine arenas grouped by DEFCON category, each with its track.

    The 13 Days map is small, so ``everything`` (the full Twilight map)
    changes nothing: every arena is always shown.
    """
    blocks = [category_block(view, t) for t in range(len(TRACKS))]
    footer = [Text("DEFCON zones: 1-3 = DEFCON 3, 4-6 = DEFCON 2, 7-8 = DEFCON 1. At the end of a round, a side "
                   "with a marker in DEFCON 1 or all three in DEFCON 2 triggers nuclear war and loses.",
                   style="dim")]
    footer.extend(war_warnings(view))
    return Blocks(blocks, BLOCK_W, footer)


# -- cards ----------------------------------------------------------------------------
def event_owner(card: int, viewer: str) -> str:
    """Who may use the event when ``viewer`` plays ``card``."""
    fac = CARD_FACTION[card]
    if fac == "UN":
        return "yours (UN)"
    if fac == viewer:
        return "yours"
    return f"{fac} may take it"


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# Below this width a card's summary gets a line of its own under the card
# (beside the other columns it would be squeezed to a few characters).
WIDE_CARDS = 110


class CardList:
    """Strategy cards as a table when the terminal is wide, else one line
    per card with its summary on the next, indented (readable at 80 columns).

    ``event_for``: add the "whose event" column for that viewer; ``extra``:
    more columns per card (``brink cards``' Event/Test), shown only when wide.
    """

    def __init__(self, numbers: Sequence[int], title: str, event_for: str | None = None,
                 caption: str | None = None, extra: dict[str, dict[int, str]] | None = None,
                 wide_from: int = WIDE_CARDS) -> None:
        self.numbers = list(numbers)
        self.title = title
        self.event_for = event_for
        self.caption = caption
        self.extra = extra or {}
        self.wide_from = wide_from

    def table(self) -> Table:
        table = Table(title=self.title, title_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                      show_edge=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("Card", no_wrap=True)
        table.add_column("Faction", no_wrap=True)
        table.add_column("Cmd", justify="right")
        table.add_column("DEFCON", no_wrap=True)
        if self.event_for:
            table.add_column("Event", no_wrap=True)
        table.add_column("Summary", ratio=1)
        for name in self.extra:
            table.add_column(name, no_wrap=True)
        for n in self.numbers:
            cells: list[RenderableType] = [f"#{n}", Text(CARD_NAME[n]), faction_text(CARD_FACTION[n]),
                                           str(CARD_COMMAND[n]), "symbol" if CARD_SYMBOL[n] else ""]
            if self.event_for:
                cells.append(event_owner(n, self.event_for))
            cells.append(Text(CARDS[n - 1].summary))
            cells.extend(col.get(n, "") for col in self.extra.values())
            table.add_row(*cells)
        if self.caption:
            table.caption = self.caption
        return table

    def narrow(self) -> list[RenderableType]:
        w = max([len("Card"), *(len(CARD_NAME[n]) for n in self.numbers)])
        head = f"{'#':>3}  {'Card':<{w}}  {'Faction':<7}  Cmd  DEFCON" + ("  Event" if self.event_for else "")
        out: list[RenderableType] = [Text(self.title, style="bold"), Text(head, style="bold")]
        for n in self.numbers:
            line = Text(f"{'#' + str(n):>3}  {CARD_NAME[n]:<{w}}  ")
            line.append_text(faction_text(CARD_FACTION[n]))
            line.append(" " * (7 - len(CARD_FACTION[n])) + f"  {CARD_COMMAND[n]:>3}  ")
            line.append(f"{'symbol' if CARD_SYMBOL[n] else '':<6}")
            if self.event_for:
                line.append(f"  {event_owner(n, self.event_for)}")
            line.rstrip()
            out.append(line)
            out.append(Padding(Text(CARDS[n - 1].summary, style="italic"), (0, 0, 0, 5)))
        if self.caption:
            out.append(Text(self.caption, style="dim"))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= self.wide_from:
            yield self.table()
        else:
            yield from self.narrow()


def hand(view: View) -> RenderableType:
    """The viewer's own hand: card, faction, command value, DEFCON symbol,
    whose event it is and what it does."""
    viewer = view["viewer"]
    sizes = view["hand_sizes"]
    if viewer is None:
        return Text(f"Hands are hidden: USSR holds {plural(sizes['USSR'], 'card')}, US {sizes['US']}.")
    if not view["hand"]:
        return Text(f"{viewer} holds no cards.")
    opp = OPPONENT[viewer]
    caption = (f"{opp} holds {plural(sizes[opp], 'card')}. Cmd: the cubes a Command moves. "
               "DEFCON symbol: cube changes by the event move DEFCON.")
    return CardList(view["hand"], f"{viewer} hand", event_for=viewer, caption=caption)


# -- log, decision, result -------------------------------------------------------------
# Log entries shown bold: the landmarks of a game.
BOLD_CODES = frozenset({"thirteen.game.new", "thirteen.round.start", "thirteen.aftermath.revealed",
                        "thirteen.aftermath.revealed_un"})


def log_lines(lines: Sequence[str | dict[str, Any]], start: int = 0, numbered: bool = False) -> Text:
    """Log entries (or lines already rendered), optionally numbered from
    ``start + 1``; the start of the game, of each round and the Aftermath
    reveal are bold."""
    out = Text()
    for k, entry in enumerate(lines):
        if isinstance(entry, dict):
            line, bold = render(entry), entry["code"] in BOLD_CODES
        else:
            line, bold = entry, False
        if numbered:
            out.append(f"{start + k + 1:4d}  ", style="dim")
        out.append(line + "\n", style="bold" if bold else "")
    out.rstrip()
    return out


_SEEN_CARD = {"offer": "The card commanded", "stolen": "The stolen card", "alliances": "Drawn for Alliances"}


def decision_card(view: View) -> int | None:
    """The card a decision is about when it is not in the viewer's hand: the
    card the opponent commands with (offer), the stolen card, the Alliances
    draw (the decision names it only to the side that drew it)."""
    dec = view["decision"]
    if dec is None or dec["kind"] not in _SEEN_CARD:
        return None
    card: int | None = dec["card"]
    return card


def decision(view: View) -> RenderableType:
    """The pending decision as a prompt line, with the card it is about (when
    the viewer does not hold it) or what each option of a choice does."""
    dec = view["decision"]
    line = Text(dec["prompt"], style="bold")
    card = decision_card(view)
    parts: list[RenderableType] = []
    if card is not None and view["viewer"] in SIDES:
        parts.append(CardList([card], _SEEN_CARD[dec["kind"]], event_for=view["viewer"]))
    if dec["kind"] == "ask" and dec["answer"] == "choose" and dec["means"] and view["legal_actions"]:
        if dec["card"]:
            parts.append(Text(f"{CARD_NAME[dec['card']]}:", style="bold"))
        parts.extend(Text(f"  choose {o}: {render(dec['means'][o])}") for o in dec["options"])
    if not parts:
        return line
    return Group(*parts, line)


def actions(legal: Sequence[str]) -> NumberedColumns:
    """The legal actions, numbered from 1 in the engine's stable order."""
    return NumberedColumns(legal)


def result(view: View) -> Text:
    """How the game ended: the winner, the engine's result word, and why.

    >>> result({"winner": "US", "result": "prestige", "prestige_text": "US +3"}).plain
    'Game over: US wins (prestige): prestige US +3.'
    """
    winner = view["winner"]
    why = view["result"]
    out = Text("Game over: ", style="bold")
    if winner is None:
        out.append(f"nobody wins ({why}): both sides triggered nuclear war.", style="bold")
        return out
    out.append_text(side_text(winner))
    if why == "nuclear_war":
        reason = f"{OPPONENT[winner]} triggered nuclear war"
    elif why == "personal_letter":
        reason = f"prestige even, {winner} holds the Personal Letter"
    else:
        reason = f"prestige {view['prestige_text']}"
    out.append(f" wins ({why}): {reason}.", style="bold")
    return out


# -- brink cards thirteen ----------------------------------------------------------------
def agenda_summary(type_id: int) -> str:
    """What an agenda scores at the end of a round (our own restatement;
    the +1 is the agenda bonus of option ``agenda_bonus``)."""
    _name, kind, target = AGENDA_TYPES[type_id]
    if kind == "letter":
        return "The holder of the Personal Letter scores 2 prestige."
    if kind == "track":
        return (f"The side more escalated on the {TRACKS[target]} track scores the difference +1 "
                "(markers in DEFCON 2 first escalate one step).")
    if target in CARIBBEAN:
        others = " and ".join(ARENAS[i] for i in CARIBBEAN if i != target)
        return (f"The side dominating {ARENAS[target]} scores its cube lead, +1 for each of {others} "
                "it also dominates.")
    return f"The side dominating {ARENAS[target]} scores its cube lead +1."


class CardsTable:
    """``brink cards thirteen``: wide, the tables with the developer columns
    (event implemented, test named after the card); narrow, each card's
    summary on its own line and no developer columns, so the text stays readable."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield cards_group(wide=options.max_width >= WIDE_CARDS)


def cards_table() -> CardsTable:
    """The 39 strategy cards and the 13 agenda cards, with whether each event
    is implemented and has a test named after the card (on wide terminals)."""
    return CardsTable()


def cards_group(wide: bool = True) -> Group:
    """The card lists of :func:`cards_table` for a wide or a narrow terminal."""
    from brinkmanship.cli.cardstatus import thirteen_statuses

    sts = thirteen_statuses()
    strategy = {s.number: s for s in sts if s.kind == "strategy"}
    agenda = {s.number: s for s in sts if s.kind == "agenda"}

    def tested(t: bool | None) -> str:
        return "?" if t is None else ("yes" if t else "no")

    cards: RenderableType
    if wide:
        table = Table(title="13 Days strategy cards", box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("#", justify="right", min_width=2)
        table.add_column("Card", no_wrap=True)
        table.add_column("Faction", no_wrap=True)
        table.add_column("Cmd", justify="right")
        table.add_column("DEFCON", no_wrap=True)
        table.add_column("Summary", ratio=1)
        table.add_column("Event", no_wrap=True)
        table.add_column("Test", no_wrap=True)
        for c in CARDS:
            st = strategy[c.number]
            table.add_row(str(c.number), Text(c.name), faction_text(c.faction), str(c.command),
                          "symbol" if c.symbol else "-", Text(c.summary), "yes" if st.implemented else "no",
                          tested(st.tested))
        cards = table
    else:
        cards = Group(*CardList([c.number for c in CARDS], "13 Days strategy cards").narrow())
    agendas = Table(title="13 Days agenda cards", box=box.SIMPLE_HEAD, pad_edge=False)
    agendas.add_column("#", no_wrap=True)
    agendas.add_column("Agenda", no_wrap=True)
    agendas.add_column("Kind", no_wrap=True)
    agendas.add_column("Scores", ratio=1)
    if wide:
        agendas.add_column("Test", no_wrap=True)
    for k, type_id in enumerate(AGENDA_CARDS, 1):
        name, kind, _target = AGENDA_TYPES[type_id]
        row: list[RenderableType] = [f"a{k:02d}", Text(name), kind, Text(agenda_summary(type_id))]
        if wide:
            row.append(tested(agenda[k].tested))
        agendas.add_row(*row)
    done = sum(s.implemented for s in strategy.values())
    tested_n = sum(bool(s.tested) for s in sts)
    status = (
        f"Events implemented: {done} of {len(strategy)}; with a test named after the card: {tested_n} of "
        f"{len(sts)} ({sum(bool(s.tested) for s in strategy.values())} of {len(strategy)} strategy cards, "
        f"{sum(bool(s.tested) for s in agenda.values())} of {len(agenda)} agenda cards).\n")
    caption = Text(
        (status if wide else "")
        + "Cmd: the cubes a Command moves. DEFCON symbol: cube changes by the event move the DEFCON track "
        "of the arena's category. A card's event is used by its faction (UN: by whoever plays it); "
        "commanding with the opponent's card offers them its event.",
        style="italic")
    return Group(cards, agendas, caption)


__all__ = [
    "BLOCK_W",
    "WIDE_CARDS",
    "Blocks",
    "CardList",
    "CardsTable",
    "actions",
    "agenda_pushes",
    "agenda_summary",
    "board",
    "cards_group",
    "cards_table",
    "category_block",
    "decision",
    "decision_card",
    "event_owner",
    "hand",
    "log_lines",
    "plural",
    "pushed",
    "result",
    "status",
    "status_line",
    "war_now",
    "war_warnings",
]
