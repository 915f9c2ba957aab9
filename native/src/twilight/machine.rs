//! The frame-stack machine (`core.frames.FrameMachine` with Twilight's
//! tables): legal ids of the pending decision, applying one, running
//! procedures until a decision is pending, and resuming continuations.

use super::actions as act;
use super::events::{self, Answer};
use super::state::{Frame, State};

/// Resume the continuation `then` of a finished frame (`REGISTRY.resume`):
/// the rules' own continuations first, then the card code's.
pub fn resume(s: &mut State, then: &str, frame: Frame, answer: Answer) {
    match then {
        "war" => {
            if let Some(roll) = answer.num() {
                s.war_result(&frame, roll);
            }
        }
        "trap_escape" => {
            if let Some(roll) = answer.num() {
                s.trap_escape(&frame, roll);
            }
        }
        "shuttle_diplomacy" => s.shuttle_diplomacy(&frame, &answer),
        _ => events::resume(s, then, frame, answer),
    }
}

impl State {
    /// Run procedure frames until a decision is pending or the game ends
    /// (then the stack is emptied).
    pub fn advance(&mut self) {
        while !self.over {
            match self.stack.last() {
                Some(Frame::Turn(_)) => self.proc_turn(),
                Some(Frame::Finish { .. }) => self.proc_finish(),
                Some(Frame::FireEvent { .. }) => self.proc_fire_event(),
                _ => return,
            }
        }
        self.stack.clear();
    }

    /// Append the legal ids of the pending decision to `out`, in the Python
    /// engine's order (nothing when the game is over).
    pub fn legal_ids_into(&self, out: &mut Vec<u16>) {
        if self.over {
            return;
        }
        let Some(f) = self.stack.last() else { return };
        match f {
            Frame::Setup { region, .. } => State::legal_setup(*region, out),
            Frame::Headline { p } => self.legal_headline(*p, out),
            Frame::Action { p, extra, only, ret } => self.legal_action_round(*p, *extra, *only, *ret, out),
            Frame::Ops(o) => self.legal_ops(o, out),
            Frame::Roll(_) => out.extend((1..=6).map(act::roll)),
            Frame::Eagle { p } => self.legal_eagle(*p, out),
            Frame::Order { card, .. } => State::legal_order(*card, out),
            Frame::Influence(g) => self.legal_influence(g, out),
            Frame::Ask(a) => State::legal_ask(a, out),
            Frame::Turn(_) | Frame::Finish { .. } | Frame::FireEvent { .. } => {}
        }
    }

    /// The legal ids of the pending decision.
    pub fn legal_ids(&self) -> Vec<u16> {
        let mut out = Vec::with_capacity(64);
        self.legal_ids_into(&mut out);
        out
    }

    /// Apply an id known to be legal, then run on to the next decision.
    pub fn apply_legal(&mut self, id: u16) {
        self.ply += 1;
        match self.stack.last() {
            Some(Frame::Setup { .. }) => self.apply_setup(id),
            Some(Frame::Headline { .. }) => self.apply_headline(id),
            Some(Frame::Action { .. }) => self.apply_action_round(id),
            Some(Frame::Ops(_)) => self.apply_ops(id),
            Some(Frame::Roll(_)) => self.apply_roll(id),
            Some(Frame::Eagle { .. }) => self.apply_eagle(id),
            Some(Frame::Order { .. }) => self.apply_order(id),
            Some(Frame::Influence(_)) => self.apply_influence(id),
            Some(Frame::Ask(_)) => self.apply_ask(id),
            _ => {}
        }
        self.advance();
    }

    /// The roll Python's `chance_action` picks: a peek at the next die of
    /// the state's generator (the roll's apply advances it).
    pub fn chance_roll(&self) -> u8 {
        let mut r = self.rng;
        crate::rng::die(&mut r)
    }
}
