//! The card events' entry points: what the rules call into card code
//! (`brinkmanship.twilight.events.REGISTRY` in Python).
//!
//! The rules know cards only through these three hooks, as Python's rules
//! know them only through the registry:
//!
//! - [`implemented`]: is there an event for this card (`card in
//!   REGISTRY.events`)? `play::has_event` adds the option and the lasting
//!   effects that block events (`event_blocked`).
//! - [`run`]: make a card's event happen (`REGISTRY.run`): it changes the
//!   state through the rules' helpers (methods of `State`: `log`, `gain_vp`,
//!   `change_defcon`, `add_milops`, `add_effect`, `push_influence`, `ask`,
//!   `roll_for`, `war`, `begin_ops`, `declare_coup`, ...) and returns false
//!   when the event did not take place (a starred card is then discarded).
//! - [`resume`]: a continuation (`REGISTRY.resume`): a frame an event
//!   pushed is answered; the frame (popped, or ended) comes back with the
//!   answer. Continuations the rules define themselves (`war`,
//!   `trap_escape`, and the scoring cards' `shuttle_diplomacy`) are run by
//!   the rules before this hook is asked.
//!
//! The helpers card code uses, by the Python name they port (all methods of
//! `State` unless marked):
//!
//! - `rules.rs`: `log(code, args![..])`, `log_to(code, to, args)`,
//!   `end_game`, `control(i)`, `gain_vp(side, n, Some(Why::Card(c)))`,
//!   `change_defcon(delta, culprit)`, `add_milops`, `push(frame)`,
//!   `space_ability`, `draw_card`, `card_ops`, `flat_ops`, `deal`; free
//!   functions `msg`, `country(i)`, `remove_item`, the `args!` macro, the
//!   card constants (`UN_INTERVENTION`...).
//! - `effects.rs`: `add_effect(Effect { .. })` (`Effect::new(name, until)`
//!   then set `side`/`region`/`blocks`/`turn`), `add_effect_simple`,
//!   `has_effect`, `end_effect`, `event_blocked`, `flower_power_check`,
//!   `protected`; `trap_of(side)`.
//! - `frames.rs`: `push_influence(InfluenceFrame::new(place, chooser, side,
//!   count, allowed))` (set `max`, `optional`, `per`, `then: Some((name,
//!   data))`, `question`, `log` before pushing), `influence_targets`,
//!   `ask(chooser, kind, options, then, optional, data) -> bool`,
//!   `roll_for(then, data)`, `war(..)`, `advance_space`, `reveal_hand`,
//!   `discard_from_hand`; free `data_side`/`data_int` read event data.
//! - `ops.rs`: `access`, `begin_ops(side, card, ops, kinds, only, free)`,
//!   `coup_targets(side, Scope { only, free }, coup)`, `realign_targets`,
//!   `declare_coup(side, i, ops, free, then)`, `resolve_coup`.
//! - `play.rs`: `has_event`, `play_event(side, card, by)`,
//!   `keep_on_table`, `leave_table`, `can_space`; free `opponents_card`.
//! - `scoring.rs`: `battleground`, `region_parts`, `region_scores`,
//!   `score_region(region id, exclude)`, `score_southeast_asia`.
//! - `turn.rs`: `cancel_headline(side, why)`.
//! - `machine.rs`: free `resume(state, then, frame, answer)` to run a
//!   continuation at once (as Python calls one directly).
//!
//! Event data (`data` of frames) is a `Value::Obj` built with `args!`; its
//! keys keep the order the Python event writes them in.
//!
//! The scoring cards (#1, #2, #3, #37, #38, #79, #81) are events even with
//! events switched off; the rules run them (`scoring::scoring_event`) and
//! never call [`run`] for them.
//!
//! Event-specific legality lives where Python keeps it: a prerequisite is
//! checked inside the event (return false), cancellations and blocks are
//! lasting effects (`Effect::blocks`), and modifiers (ops, coup and
//! realignment dice) are read by the rules from the effects in play.

use super::state::{Frame, Side, State};

/// One event about to happen (`core.events.Play`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The side the event happens for (who resolves it).
    pub side: Side,
    /// The card whose event it is.
    pub card: u8,
    /// The side that played the card.
    pub by: Side,
}

/// The answer a continuation gets (Python passes any value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `pass` on an optional question (Python's `None`).
    Pass,
    /// `yes` / `no` on a yes/no question.
    YesNo(bool),
    /// A country index, card number or option index (by the ask's kind),
    /// a die roll (event rolls), or the influence a coup removed
    /// (continuations after a coup).
    Num(i32),
    /// The countries an influence frame changed, one entry per choice (its
    /// `done` list).
    Countries(Vec<u8>),
}

impl Answer {
    /// The number answered, if any.
    pub fn num(&self) -> Option<i32> {
        match self {
            Answer::Num(n) => Some(*n),
            _ => None,
        }
    }
}

/// Is card `card`'s (non-scoring) event implemented? Python registers all
/// of them; until the card modules are ported, none is, and a card whose
/// event is missing is logged as "event off" like an unregistered one.
pub fn implemented(card: u8) -> bool {
    super::cards::late::implemented(card)
}

/// Make `play.card`'s event happen for `play.side` (the card is in play and
/// its `finish` frame is on the stack below anything the event pushes).
/// Returns false when the event did not take place.
pub fn run(s: &mut State, play: Play) -> bool {
    if let Some(happened) = super::cards::late::run(s, play) {
        return happened;
    }
    true
}

/// Resume the event that pushed `frame` (its continuation is `then`) with
/// `answer`. `frame` is the finished frame: an `Ask`, an `Influence`, a
/// `Roll(Roll::Event)` or a `Roll(Roll::Coup)` (after a coup with `then`).
pub fn resume(s: &mut State, then: &str, frame: Frame, answer: Answer) {
    if super::cards::late::is_continuation(then) {
        super::cards::late::resume(s, then, frame, answer);
    }
}

/// Is `name` a continuation the card code defines (used when reading a
/// state: any name Python wrote is accepted, this tells which will run)?
pub fn is_continuation(name: &str) -> bool {
    super::cards::late::is_continuation(name)
}
