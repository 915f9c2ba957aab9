"""Twilight Struggle rules: the turn sequence, operations, space race, DEFCON.

The game state is a plain dict (see docs/architecture.md). Pending decisions are an
explicit stack of small frames; the frame on top either waits for a player
(or chance) to act, or is a procedure (``turn``, ``finish``) that ``advance``
runs until a decision is pending. Rules never call ``random``: shuffles use
the generator stored in the state and dice are chance decisions.

Each rule lives in one function; card events (``brinkmanship.twilight
.cards``) reuse these functions and the generic frames rather than
re-implementing them. The rules are split along the rulebook:

- ``kinds``: the shape of every frame kind on the stack, as ``TypedDict``
  declarations the handlers and push sites are checked against.
- ``state``: the blank state, deal and draw, small helpers (log, control, VP,
  DEFCON, Military Operations, push, card ops, Space Race abilities).
- ``effects``: lasting effects and the hooks the rules call for them.
- ``frames``: the generic event frames (influence, ask, rolls, war, space,
  reveal/discard from hand).
- ``ops``: operations (rule 6): access, placement, coups, realignments,
  die rolls, the Space Race roll.
- ``scoring``: scoring (rule 10).
- ``play``: playing a card (rule 5): action rounds, events, Space Race play.
- ``turn``: the turn sequence (rule 4.5): headlines, extra rounds, NORAD, end of turn.

Each module imports only the ones listed before it. This package builds the
dispatch tables and the frame machine, and re-exports every public name, so
``from brinkmanship.twilight.rules import X`` and ``rules.X`` work for any rule
(the frame shapes are imported from ``rules.kinds`` itself).
"""

from __future__ import annotations

from brinkmanship.core.frames import ApplyTable, FrameMachine, LegalTable, ProcTable, end_game
from brinkmanship.twilight.actions import ROLLS
from brinkmanship.twilight.rules.effects import (
    TRAP_CARDS,
    TRAPS,
    add_effect,
    coup_die_modifier,
    end_effect,
    event_blocked,
    expire_effects,
    flower_power_check,
    has_effect,
    protected,
    realign_modifier,
)
from brinkmanship.twilight.rules.frames import (
    ALL,
    ASK_TABLES,
    _apply_ask,
    _apply_influence,
    _legal_ask,
    _legal_influence,
    advance_space,
    ask,
    discard_from_hand,
    influence_targets,
    push_influence,
    reveal_hand,
    roll_for,
    war,
)
from brinkmanship.twilight.rules.ops import (
    OPEN_FOR_COUPS,
    _apply_ops,
    _apply_roll,
    _legal_ops,
    access,
    begin_ops,
    coup_targets,
    declare_coup,
    realign_targets,
    resolve_coup,
    resolve_realign,
    resolve_space,
)
from brinkmanship.twilight.rules.play import (
    _apply_action_round,
    _apply_order,
    _legal_action_round,
    _legal_order,
    _proc_fire_event,
    can_space,
    has_event,
    keep_on_table,
    leave_table,
    play_event,
    rounds_left,
    run_event,
)
from brinkmanship.twilight.rules.scoring import (
    LEVEL_CODES,
    battleground,
    final_scoring,
    region_scores,
    score_region,
    score_southeast_asia,
)
from brinkmanship.twilight.rules.state import (
    BEAR_TRAP,
    CHANCE,
    CMC_LIFT,
    CUBAN_MISSILE_CRISIS,
    DEFECTORS,
    EAGLE_BEAR_HAS_LANDED,
    FLOWER_POWER,
    MAN_IN_EARTH_ORBIT,
    MISSILE_ENVY,
    NORAD,
    NORAD_CANADA,
    NORTH_SEA_OIL,
    QUAGMIRE,
    REGION_SET,
    RETURN_CARD,
    SPACE_STATION,
    UN_INTERVENTION,
    US,
    USSR,
    WAR_CARDS,
    WE_WILL_BURY_YOU,
    YURI_AND_SAMANTHA,
    Data,
    Frame,
    add_milops,
    blank_state,
    card_ops,
    change_defcon,
    control,
    deal,
    deck_for_periods,
    draw_card,
    flat_ops,
    gain_vp,
    log,
    push,
    reason,
    space_ability,
    vp_text,
)
from brinkmanship.twilight.rules.turn import (
    _apply_eagle,
    _apply_headline,
    _apply_setup,
    _legal_eagle,
    _legal_headline,
    _legal_setup,
    _proc_finish,
    _proc_turn,
    cancel_headline,
)

# The procedures ``advance`` runs, by frame name.
PROCS: ProcTable = {
    "turn": _proc_turn,
    "finish": _proc_finish,
    "fire_event": _proc_fire_event,
}


LEGAL: LegalTable = {
    "setup": _legal_setup,
    "headline": _legal_headline,
    "action": _legal_action_round,
    "ops": _legal_ops,
    "roll": lambda d, f: ROLLS,
    "eagle": _legal_eagle,
    "order": _legal_order,
    "place_inf": _legal_influence,
    "remove_inf": _legal_influence,
    "ask": _legal_ask,
}

APPLY: ApplyTable = {
    "setup": _apply_setup,
    "headline": _apply_headline,
    "action": _apply_action_round,
    "ops": _apply_ops,
    "roll": _apply_roll,
    "eagle": _apply_eagle,
    "order": _apply_order,
    "place_inf": _apply_influence,
    "remove_inf": _apply_influence,
    "ask": _apply_ask,
}

# The frame-stack machine (core.frames) over this game's tables.
MACHINE = FrameMachine(LEGAL, APPLY, PROCS)
advance = MACHINE.advance              # run procedures until a decision is pending
legal_actions = MACHINE.legal_actions  # legal actions of the pending decision
apply = MACHINE.apply                  # apply a legal action, then advance


__all__ = [
    "ALL",
    "APPLY",
    "ASK_TABLES",
    "BEAR_TRAP",
    "CHANCE",
    "CMC_LIFT",
    "CUBAN_MISSILE_CRISIS",
    "DEFECTORS",
    "EAGLE_BEAR_HAS_LANDED",
    "FLOWER_POWER",
    "LEGAL",
    "LEVEL_CODES",
    "MACHINE",
    "MAN_IN_EARTH_ORBIT",
    "MISSILE_ENVY",
    "NORAD",
    "NORAD_CANADA",
    "NORTH_SEA_OIL",
    "OPEN_FOR_COUPS",
    "PROCS",
    "QUAGMIRE",
    "REGION_SET",
    "RETURN_CARD",
    "SPACE_STATION",
    "TRAPS",
    "TRAP_CARDS",
    "UN_INTERVENTION",
    "US",
    "USSR",
    "WAR_CARDS",
    "WE_WILL_BURY_YOU",
    "YURI_AND_SAMANTHA",
    "Data",
    "Frame",
    "access",
    "add_effect",
    "add_milops",
    "advance",
    "advance_space",
    "apply",
    "ask",
    "battleground",
    "begin_ops",
    "blank_state",
    "can_space",
    "cancel_headline",
    "card_ops",
    "change_defcon",
    "control",
    "coup_die_modifier",
    "coup_targets",
    "deal",
    "deck_for_periods",
    "declare_coup",
    "discard_from_hand",
    "draw_card",
    "end_effect",
    "end_game",
    "event_blocked",
    "expire_effects",
    "final_scoring",
    "flat_ops",
    "flower_power_check",
    "gain_vp",
    "has_effect",
    "has_event",
    "influence_targets",
    "keep_on_table",
    "leave_table",
    "legal_actions",
    "log",
    "play_event",
    "protected",
    "push",
    "push_influence",
    "realign_modifier",
    "realign_targets",
    "reason",
    "region_scores",
    "resolve_coup",
    "resolve_realign",
    "resolve_space",
    "reveal_hand",
    "roll_for",
    "rounds_left",
    "run_event",
    "score_region",
    "score_southeast_asia",
    "space_ability",
    "vp_text",
    "war",
]
