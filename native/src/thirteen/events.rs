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
//! The events themselves live in `cards/` as in Python, one module per
//! faction (`un`, `us`, `ussr`); this module dispatches to them and holds
//! the few builders they share (the usual shapes of `push_cubes` and
//! `push_shift`). Events use the rules' public helpers: `State::{log, push,
//! gain_prestige, shift_marker, may_lower, dominator, can_place,
//! randbelow}`, the generic frames `frames::{push_cubes, push_shift, ask}`
//! and `play::{push_command, push_move_then_command}`. Frames are pushed in
//! reverse order of resolution: the top of the stack resolves first.

// The card modules sit in `thirteen/cards/` like Python's `thirteen/cards/`.
#[path = "cards/mod.rs"]
pub mod cards;

use super::frames::{push_cubes, push_shift};
use super::state::{Answer, CubesFrame, Frame, ShiftFrame, Side, State, Then};

pub use super::state::Play;

/// Make `play.card`'s event happen for `play.side` (`play.by` played the
/// card). Cards 1-13 are UN cards, 14-26 US cards, 27-39 USSR cards; any
/// other number has no event (the rules never ask for one).
pub fn run(s: &mut State, play: Play) {
    match play.card {
        1..=13 => cards::un::run(s, play),
        14..=26 => cards::us::run(s, play),
        27..=39 => cards::ussr::run(s, play),
        _ => {}
    }
}

/// Resume the event that pushed `frame` (already popped) with `answer`;
/// called only when the frame's `then` names a continuation. Frames of
/// other kinds carry no continuation and are ignored.
pub fn resume(s: &mut State, frame: &Frame, answer: Answer) {
    let then = match frame {
        Frame::Cubes(f) => f.then,
        Frame::Shift(f) => f.then,
        Frame::Ask(f) => f.then,
        _ => return,
    };
    match then {
        Then::None => {}
        Then::FiftyFiftySecond => {
            if let Frame::Shift(f) = frame {
                cards::un::fifty_fifty_second(s, f, answer);
            }
        }
        Then::AirStrike => cards::us::air_strike_then(s, answer),
        Then::AirStrikeTarget => cards::us::air_strike_target(s, answer),
        Then::InvasionOfCuba => {
            if let Frame::Shift(f) = frame {
                cards::us::invasion_of_cuba_then(s, f, answer);
            }
        }
        Then::WaveAndSmile => cards::us::wave_and_smile_then(s, answer),
        Then::BayOfPigs => cards::ussr::bay_of_pigs_then(s, answer),
        Then::U2Downed => cards::ussr::u_2_downed_then(s, answer),
    }
}

/// `side` places up to `count` of its own cubes in `arenas`, at most
/// `per_arena` in each (0: no limit); `symbol`: the card's DEFCON symbol
/// escalates each arena that gains 2 or more (`push_cubes(d, r, r, "place",
/// ...)`, the commonest event shape). Returns whether a frame was pushed.
pub fn place(s: &mut State, side: Side, count: u8, arenas: &[u8], per_arena: u8, symbol: bool) -> bool {
    let mut f = CubesFrame::new(side, side, true, count, arenas);
    f.max = per_arena;
    f.symbol = symbol;
    push_cubes(s, f)
}

/// `chooser` removes up to `count` of `side`'s cubes from `arenas`, with
/// `push_cubes`' other defaults. Returns whether a frame was pushed.
pub fn remove(s: &mut State, chooser: Side, side: Side, count: u8, arenas: &[u8]) -> bool {
    push_cubes(s, CubesFrame::new(chooser, side, false, count, arenas))
}

/// `chooser` may move one of `side`'s markers on `tracks` up to `steps`,
/// down only if `down` (`push_shift(..., down=...)`).
pub fn shift(s: &mut State, chooser: Side, side: Side, tracks: &[u8], steps: u8, down: bool) -> bool {
    let mut f = ShiftFrame::new(chooser, side, tracks, steps);
    f.down = down;
    push_shift(s, f)
}

/// The arenas moved by a finished cubes frame, as Python's `counts` dict
/// seen by a continuation: `None` when nothing moved (`not counts`).
pub fn moved_cubes(answer: Answer) -> Option<[u8; super::data::N_ARENAS]> {
    match answer {
        Answer::Cubes(counts) if counts.iter().any(|&k| k > 0) => Some(counts),
        _ => None,
    }
}
