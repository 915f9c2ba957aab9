"""13 Days rules: the round sequence, Commands, events, agendas, scoring.

The game state is a plain dict (see docs/positions.md for the fields a
position sets). Pending decisions are an explicit stack of small frames: the
frame on top either waits for a side to act or is the ``round`` procedure,
which ``advance`` runs until a decision is pending. Rules never call
``random``: shuffles and draws use the generator stored in the state.

The rules are split along the rulebook:

- ``kinds``: the shape of each frame kind (a TypedDict), for the type checker.
- ``state``: the blank state and small helpers (the stack, continuations,
  log, cubes, prestige, DEFCON markers, drawing a card).
- ``frames``: the generic event frames that card events reuse: ``cubes``
  (place or remove cubes with per-arena limits), ``shift`` (move a DEFCON
  marker), ``ask`` (an arena or a named option, resumed by a continuation).
- ``scoring``: agendas (phase 6), the nuclear-war check (phase 7) and the
  final scoring.
- ``play``: playing a card (phase 3): the ``turn``, the ``offer`` of the
  opponent's event and the ``command`` frame, cube by cube; the hand
  decisions of Intelligence Reports and Summit Meeting.
- ``round``: the ``round`` procedure through the eight phases, with the
  initiative, Aftermath and Alliances decisions.

Card events (``thirteen/cards/``) are registered in ``thirteen/events.py``
and reuse the generic frames; ``run_event`` runs one, ``resume`` resumes
its continuation.

Each module imports only the ones listed before it. This package builds the
dispatch tables and the frame machine, and re-exports every public name, so
``from brinkmanship.thirteen.rules import X`` and ``rules.X`` work for any rule.
"""

from __future__ import annotations

from brinkmanship.core.frames import ApplyTable, FrameMachine, LegalTable, ProcTable
from brinkmanship.thirteen.rules.frames import (
    ASK_TABLES,
    _apply_ask,
    _apply_cubes,
    _apply_shift,
    _legal_ask,
    _legal_cubes,
    _legal_shift,
    ask,
    push_cubes,
    push_shift,
)
from brinkmanship.thirteen.rules.kinds import (
    AftermathFrame,
    AgendaFrame,
    AlliancesFrame,
    AnyFrame,
    AskFrame,
    CommandFrame,
    CubesFrame,
    EventFrame,
    InitiativeFrame,
    OfferFrame,
    ReplaceFrame,
    RoundFrame,
    ShiftFrame,
    StolenFrame,
    SummitFrame,
    TurnFrame,
)
from brinkmanship.thirteen.rules.play import (
    _apply_command,
    _apply_offer,
    _apply_stolen,
    _apply_summit,
    _apply_turn,
    _legal_command,
    _legal_offer,
    _legal_stolen,
    _legal_summit,
    _legal_turn,
    _proc_replace,
    command_size,
    letter_adds,
    may_add_letter,
    may_event,
    play_card,
    push_command,
    push_move_then_command,
    run_event,
)
from brinkmanship.thirteen.rules.round import (
    _apply_aftermath,
    _apply_alliances,
    _apply_initiative,
    _legal_aftermath,
    _legal_alliances,
    _legal_initiative,
    _proc_round,
    can_play,
    deal_strategy,
    to_aftermath,
)
from brinkmanship.thirteen.rules.scoring import (
    _apply_agenda,
    _legal_agenda,
    aftermath_totals,
    agenda_type,
    final_scoring,
    nuclear_check,
    resolve_agendas,
    score_agenda,
    triggers_war,
)
from brinkmanship.thirteen.rules.state import (
    ROUND_EFFECTS,
    Data,
    Frame,
    Why,
    blank_state,
    can_place,
    cards_in_game,
    defcon_markers,
    dominator,
    draw_card,
    gain_prestige,
    log,
    may_lower,
    own_frames,
    prestige_text,
    push,
    reserve,
    resume,
    shift_marker,
    why_msg,
)

# One handler per frame kind; each annotates its frame with the kind's
# TypedDict (``kinds``).
LEGAL: LegalTable = {
    "turn": _legal_turn,
    "offer": _legal_offer,
    "command": _legal_command,
    "cubes": _legal_cubes,
    "shift": _legal_shift,
    "ask": _legal_ask,
    "agenda": _legal_agenda,
    "initiative": _legal_initiative,
    "aftermath": _legal_aftermath,
    "alliances": _legal_alliances,
    "stolen": _legal_stolen,
    "summit": _legal_summit,
}
APPLY: ApplyTable = {
    "turn": _apply_turn,
    "offer": _apply_offer,
    "command": _apply_command,
    "cubes": _apply_cubes,
    "shift": _apply_shift,
    "ask": _apply_ask,
    "agenda": _apply_agenda,
    "initiative": _apply_initiative,
    "aftermath": _apply_aftermath,
    "alliances": _apply_alliances,
    "stolen": _apply_stolen,
    "summit": _apply_summit,
}

PROCS: ProcTable = {"round": _proc_round, "replace": _proc_replace}

# The frame-stack machine (core.frames) over this game's tables.
MACHINE = FrameMachine(LEGAL, APPLY, PROCS)
advance = MACHINE.advance              # run procedures until a decision is pending
legal_actions = MACHINE.legal_actions  # legal actions of the pending decision
apply = MACHINE.apply                  # apply a legal action, then advance


__all__ = [
    "APPLY",
    "ASK_TABLES",
    "LEGAL",
    "MACHINE",
    "PROCS",
    "ROUND_EFFECTS",
    "AftermathFrame",
    "AgendaFrame",
    "AlliancesFrame",
    "AnyFrame",
    "AskFrame",
    "CommandFrame",
    "CubesFrame",
    "Data",
    "EventFrame",
    "Frame",
    "InitiativeFrame",
    "OfferFrame",
    "ReplaceFrame",
    "RoundFrame",
    "ShiftFrame",
    "StolenFrame",
    "SummitFrame",
    "TurnFrame",
    "Why",
    "advance",
    "aftermath_totals",
    "agenda_type",
    "apply",
    "ask",
    "blank_state",
    "can_place",
    "can_play",
    "cards_in_game",
    "command_size",
    "deal_strategy",
    "defcon_markers",
    "dominator",
    "draw_card",
    "final_scoring",
    "gain_prestige",
    "legal_actions",
    "letter_adds",
    "log",
    "may_add_letter",
    "may_event",
    "may_lower",
    "nuclear_check",
    "own_frames",
    "play_card",
    "prestige_text",
    "push",
    "push_command",
    "push_cubes",
    "push_move_then_command",
    "push_shift",
    "reserve",
    "resolve_agendas",
    "resume",
    "run_event",
    "score_agenda",
    "shift_marker",
    "to_aftermath",
    "triggers_war",
    "why_msg",
]
