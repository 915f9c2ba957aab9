//! The 39 strategy-card events of 13 Days (`thirteen/cards/*.py`) and their
//! continuations. The rules call exactly two functions here, as the Python
//! rules call `REGISTRY.run` and `REGISTRY.resume`:
//!
//! - [`run`] makes a card's event happen (`rules.play.run_event` calls it,
//!   then marks every frame the event pushed as the card's own);
//! - [`resume`] resumes the event that pushed a generic frame (`cubes`,
//!   `shift`, `ask`) once that frame is answered, dispatching on its
//!   `then` (`rules.state.resume` calls it, then marks the frames the
//!   continuation pushed with the frame's card).
//!
//! Events use the rules' public helpers: `State::{log, push, gain_prestige,
//! shift_marker, may_lower, dominator, can_place, randbelow, ...}` and the
//! generic frames `frames::{push_cubes, push_shift, ask}`,
//! `play::{push_command, push_move_then_command}`.
//!
//! This file is a stub owned by the card-events work: it compiles and does
//! nothing.

use super::state::{Answer, Frame, Play, State};

/// Make `play.card`'s event happen for `play.side` (`play.by` played the
/// card). Frames are pushed in reverse order of resolution (the top
/// resolves first).
pub fn run(s: &mut State, play: Play) {
    let _ = (s, play);
}

/// Resume the event that pushed `frame` (already popped) with `answer`;
/// called only when the frame's `then` names a continuation.
pub fn resume(s: &mut State, frame: &Frame, answer: Answer) {
    let _ = (s, frame, answer);
}
