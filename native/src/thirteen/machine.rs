//! The frame-stack machine over 13 Days' frames (`core.frames.FrameMachine`
//! with `rules.LEGAL`, `APPLY` and `PROCS`): the frame on top is either a
//! decision, answered through `legal`/`apply`, or a procedure (`round`,
//! `replace`) that `advance` runs until a decision is on top.

use super::actions::Action;
use super::frames::{apply_ask, apply_cubes, apply_shift, legal_ask, legal_cubes, legal_shift};
use super::play::{
    apply_command, apply_offer, apply_stolen, apply_summit, apply_turn, legal_command, legal_stolen, legal_summit,
    legal_turn, proc_replace,
};
use super::round::{
    apply_aftermath, apply_alliances, apply_initiative, legal_aftermath, legal_alliances, legal_initiative, proc_round,
};
use super::scoring::{apply_agenda, legal_agenda};
use super::state::{Frame, Side, State};

/// Run procedure frames until a decision is pending or the game ends (then
/// the stack is emptied).
pub fn advance(s: &mut State) {
    while !s.over {
        match s.stack.last() {
            Some(Frame::Round { step }) => {
                let step = *step;
                proc_round(s, step);
            }
            Some(Frame::Replace { side, .. }) => {
                let side = *side;
                s.stack.pop();
                proc_replace(s, side);
            }
            _ => return,
        }
    }
    s.stack.clear();
}

/// The side to decide, or `None` when the game is over.
pub fn current_player(s: &State) -> Option<Side> {
    if s.over {
        return None;
    }
    s.stack.last().and_then(Frame::player)
}

/// Append the legal action ids of the pending decision to `out`, in the
/// Python engine's order (nothing when the game is over).
pub fn legal_ids(s: &State, out: &mut Vec<u16>) {
    if s.over {
        return;
    }
    let Some(f) = s.stack.last() else { return };
    match f {
        Frame::Turn { p, .. } => legal_turn(s, *p, out),
        Frame::Offer { .. } => {
            out.push(Action::Accept.id());
            out.push(Action::Decline.id());
        }
        Frame::Command(c) => legal_command(s, c, out),
        Frame::Cubes(c) => legal_cubes(s, c, out),
        Frame::Shift(c) => legal_shift(s, c, out),
        Frame::Ask(c) => legal_ask(c, out),
        Frame::Agenda { p, .. } => legal_agenda(s, *p, out),
        Frame::Initiative { .. } => legal_initiative(out),
        Frame::Aftermath { p, .. } => legal_aftermath(s, *p, out),
        Frame::Alliances { card, .. } => legal_alliances(*card, out),
        Frame::Stolen { p, card } => legal_stolen(*p, *card, out),
        Frame::Summit { p, .. } => legal_summit(s, *p, out),
        Frame::Round { .. } | Frame::Replace { .. } => {}
    }
}

/// The legal action ids as a fresh list.
pub fn legal_vec(s: &State) -> Vec<u16> {
    let mut out = Vec::with_capacity(16);
    legal_ids(s, &mut out);
    out
}

/// Apply an action the caller knows to be legal, then run the game on to
/// the next decision. The frame on top is popped and handed to its
/// handler, which pushes it back when the decision goes on (the same
/// stack as Python's in-place update: nothing is pushed in between).
pub fn apply(s: &mut State, a: Action) {
    let Some(f) = s.stack.pop() else { return };
    s.ply += 1;
    match f {
        Frame::Turn { p, .. } => apply_turn(s, p, a),
        Frame::Offer { p, card, by } => apply_offer(s, p, card, by, a),
        Frame::Command(c) => apply_command(s, c, a),
        Frame::Cubes(c) => apply_cubes(s, c, a),
        Frame::Shift(c) => apply_shift(s, c, a),
        Frame::Ask(c) => apply_ask(s, c, a),
        Frame::Agenda { p, .. } => apply_agenda(s, p, a),
        Frame::Initiative { p, .. } => apply_initiative(s, p, a),
        Frame::Aftermath { p, .. } => apply_aftermath(s, p, a),
        Frame::Alliances { p, card } => apply_alliances(s, p, card, a),
        Frame::Stolen { p, card } => apply_stolen(s, p, card, a),
        Frame::Summit { p, n, card } => apply_summit(s, p, n, card, a),
        frame @ (Frame::Round { .. } | Frame::Replace { .. }) => {
            // Not a decision: nothing to apply (callers check legality first).
            s.stack.push(frame);
            s.ply -= 1;
            return;
        }
    }
    advance(s);
}
