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
use super::state::{Answer, CubesFrame, Frame, ShiftFrame, Side, SmallList, State, Then};

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

/// The items of `items` that `keep` accepts, in order, as an inline list
/// (Python's list comprehensions over arenas or tracks, without allocating).
pub fn select<const N: usize>(items: &[u8], keep: impl Fn(u8) -> bool) -> SmallList<N> {
    let mut out = SmallList::new();
    for &x in items {
        if keep(x) {
            out.push(x);
        }
    }
    out
}

/// The arenas moved by a finished cubes frame, as Python's `counts` dict
/// seen by a continuation: `None` when nothing moved (`not counts`).
pub fn moved_cubes(answer: Answer) -> Option<[u8; super::data::N_ARENAS]> {
    match answer {
        Answer::Cubes(counts) if counts.iter().any(|&k| k > 0) => Some(counts),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng;
    use crate::thirteen::data::{
        ALLIANCES, BAY_OF_PIGS, CUBA_MILITARY, EXCOMM, INTELLIGENCE_REPORTS, ITALY, SUEZ_HUNGARY, U_THANT,
    };
    use crate::thirteen::play::run_event;
    use crate::thirteen::state::{Options, Seed};

    fn blank() -> State {
        State::blank(Seed::Int(1), rng::seed_state(1), Options::default())
    }

    fn last_code(s: &State) -> String {
        s.log.last().map(|e| e.code.to_string()).unwrap_or_default()
    }

    #[test]
    fn halving_rounds_the_removal_up() {
        let mut s = blank();
        s.cubes[Side::Ussr.ix()][usize::from(CUBA_MILITARY)] = 3;
        cards::us::halve(&mut s, Side::Ussr, CUBA_MILITARY, 19);
        assert_eq!(s.cubes_in(Side::Ussr, CUBA_MILITARY), 1);
        assert_eq!(last_code(&s), "thirteen.event.halve");
    }

    #[test]
    fn suez_hungary_tops_italy_up_to_one_more_than_the_us() {
        let mut s = blank();
        s.cubes[Side::Us.ix()][usize::from(ITALY)] = 3;
        run_event(&mut s, Side::Ussr, SUEZ_HUNGARY, Side::Ussr);
        assert_eq!(s.cubes_in(Side::Ussr, ITALY), 4);
        assert!(s.stack.is_empty());
    }

    #[test]
    fn u_thant_does_nothing_under_containment() {
        let mut s = blank();
        s.defcon[Side::Us.ix()] = [3, 3, 3];
        s.fx.containment.push(Side::Us);
        run_event(&mut s, Side::Us, U_THANT, Side::Us);
        assert_eq!(s.defcon[Side::Us.ix()], [3, 3, 3]);
        assert_eq!(last_code(&s), "thirteen.event.banned_nothing");
        s.fx.containment.clear();
        run_event(&mut s, Side::Us, U_THANT, Side::Us);
        assert_eq!(s.defcon[Side::Us.ix()], [2, 2, 2]);
    }

    #[test]
    fn excomm_asks_for_empty_arenas_and_owns_its_frame() {
        let mut s = blank();
        run_event(&mut s, Side::Us, EXCOMM, Side::Us);
        let Some(Frame::Cubes(f)) = s.stack.last() else {
            panic!("Excomm pushes a cubes frame");
        };
        assert_eq!(f.arenas.as_slice(), &[0, 1, 2, 3, 6, 7, 8]);
        assert_eq!((f.max, f.symbol, f.card), (2, true, Some(EXCOMM)));
    }

    #[test]
    fn intelligence_reports_on_an_empty_hand_takes_nothing() {
        let mut s = blank();
        run_event(&mut s, Side::Ussr, INTELLIGENCE_REPORTS, Side::Ussr);
        assert!(s.held.is_empty() && s.stack.is_empty());
        s.hands[Side::Us.ix()] = [14, 15].into_iter().collect();
        run_event(&mut s, Side::Ussr, INTELLIGENCE_REPORTS, Side::Ussr);
        assert_eq!(s.held.len(), 1);
        assert_eq!(s.hands[Side::Us.ix()].len(), 1);
        assert!(matches!(s.stack.last(), Some(Frame::Stolen { p: Side::Ussr, .. })));
    }

    #[test]
    fn bay_of_pigs_asks_only_with_two_cubes_on_alliances() {
        let mut s = blank();
        run_event(&mut s, Side::Ussr, BAY_OF_PIGS, Side::Ussr);
        assert_eq!(s.fx.bay_of_pigs, vec![Side::Us]);
        s.cubes[Side::Us.ix()][usize::from(ALLIANCES)] = 2;
        run_event(&mut s, Side::Ussr, BAY_OF_PIGS, Side::Ussr);
        let Some(Frame::Ask(f)) = s.stack.pop() else {
            panic!("Bay of Pigs asks the US");
        };
        crate::thirteen::state::resume(&mut s, &Frame::Ask(f), Answer::Arg(0));
        assert_eq!(s.cubes_in(Side::Us, ALLIANCES), 0);
    }
}
