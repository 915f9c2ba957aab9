//! US cards (14-26): events only the US resolves (`cards/us.py`).

use crate::thirteen::actions::{OPTION_PLACE, OPTION_REMOVE};
use crate::thirteen::data::{
    AIR_STRIKE, ALLIANCES, ALL_ARENAS, ALL_TRACKS, ARENAS, ATLANTIC, BERLIN, CUBA, DEFCON2_FROM, EXCOMM,
    EYEBALL_TO_EYEBALL, INVASION_OF_CUBA, ITALY, LESSONS_OF_MUNICH, MATHEMATICAL_PRECISION, MILITARY_ARENAS,
    MILITARY_TRACK, NON_INVASION_PLEDGE, N_ARENAS, OFFENSIVE_MISSILES, OPERATION_MONGOOSE, POLITICAL_ARENAS,
    POLITICAL_TRACK, PUBLIC_PROTESTS, QUARANTINE, TURKEY, U_2_PHOTOGRAPHS, WAVE_AND_SMILE, WORLD_OPINION_TRACK,
};
use crate::thirteen::events::{moved_cubes, place, remove, select, shift};
use crate::thirteen::frames::{ask, push_cubes, push_shift};
use crate::thirteen::play::{push_command, push_move_then_command, Grant};
use crate::thirteen::state::{arg, Answer, Arenas, CubesFrame, FrameData, Play, ShiftFrame, Side, State, Then, Why};

const US: Side = Side::Us;
const USSR: Side = Side::Ussr;

/// The event of US card `play.card` (14-26).
pub fn run(s: &mut State, play: Play) {
    match play.card {
        // Move the US political marker 0-2 steps either way, then Command 1.
        MATHEMATICAL_PRECISION => push_move_then_command(s, US, &[POLITICAL_TRACK], play),
        // Up to 4 US cubes, at most 2 per arena, in arenas without US cubes.
        EXCOMM => {
            let empty: Arenas = select(&ALL_ARENAS, |i| s.cubes_in(US, i) == 0);
            place(s, US, 4, empty.as_slice(), 2, true);
        }
        // Remove any number of US cubes from one arena; no DEFCON change.
        PUBLIC_PROTESTS => {
            let mut f = CubesFrame::new(US, US, false, 99, &ALL_ARENAS);
            f.one = true;
            push_cubes(s, f);
        }
        // Up to 4 US cubes in Berlin, Italy and Turkey, at most 2 in each.
        LESSONS_OF_MUNICH => {
            place(s, US, 4, &[BERLIN, TURKEY, ITALY], 2, false);
        }
        // US +1 prestige; then the USSR may move one US marker one step.
        OPERATION_MONGOOSE => {
            s.gain_prestige(US, 1, Why::Card(play.card));
            shift(s, USSR, US, &ALL_TRACKS, 1, true);
        }
        // Halve the USSR cubes in one Cuba arena, or place up to 2 US cubes
        // on Alliances: the choice first.
        AIR_STRIKE => ask(
            s,
            US,
            false,
            &[OPTION_REMOVE, OPTION_PLACE],
            Then::AirStrike,
            FrameData::Empty,
        ),
        // Remove up to 2 USSR cubes from Turkey, then move the US political
        // marker 0-2 steps either way (pushed first: it resolves second).
        NON_INVASION_PLEDGE => {
            let down = s.may_lower(US, US, play.by);
            shift(s, US, US, &[POLITICAL_TRACK], 2, down);
            remove(s, US, USSR, 2, &[TURKEY]);
        }
        // With the US political marker in the DEFCON 3 zone, up to one US
        // cube on each political arena.
        OFFENSIVE_MISSILES => {
            if s.defcon[US.ix()][usize::from(POLITICAL_TRACK)] >= DEFCON2_FROM {
                crate::log_kept!(s, log, 
                    "thirteen.event.offensive_missiles_nothing",
                    vec![arg("side", US), arg("card", play.card)],
                );
                return;
            }
            place(s, US, 3, &POLITICAL_ARENAS, 1, false);
        }
        // Escalate US military 0-2; the continuation de-escalates another marker.
        INVASION_OF_CUBA => {
            let mut f = ShiftFrame::new(US, US, &[MILITARY_TRACK], 2);
            f.down = false;
            f.then = Then::InvasionOfCuba;
            f.data = FrameData::By(play.by);
            push_shift(s, f);
        }
        // Up to 2 US cubes on the Atlantic.
        QUARANTINE => {
            place(s, US, 2, &[ATLANTIC], 0, false);
        }
        // Command 3 in one military arena.
        U_2_PHOTOGRAPHS => {
            let grant = Grant {
                resolver: US,
                by: play.by,
                command_n: true,
            };
            push_command(s, US, play.card, 3, &MILITARY_ARENAS, Some(grant));
        }
        // Take up to 2 US cubes off the board; the continuation puts them back.
        WAVE_AND_SMILE => {
            let mut f = CubesFrame::new(US, US, false, 2, &ALL_ARENAS);
            f.then = Then::WaveAndSmile;
            push_cubes(s, f);
        }
        // If US military is above USSR military, up to 3 US cubes on the Cuba
        // arenas (the DEFCON symbol escalates each arena's own track).
        EYEBALL_TO_EYEBALL => {
            let m = usize::from(MILITARY_TRACK);
            if s.defcon[US.ix()][m] <= s.defcon[USSR.ix()][m] {
                crate::log_kept!(s, log, 
                    "thirteen.event.eyeball_to_eyeball_nothing",
                    vec![arg("side", US), arg("opp", USSR), arg("card", play.card)],
                );
                return;
            }
            place(s, US, 3, &CUBA, 0, true);
        }
        _ => {}
    }
}

/// Remove half of `side`'s cubes in `arena`, rounded up (the event of
/// `card`: Air Strike, U-2 Downed).
pub fn halve(s: &mut State, side: Side, arena: u8, card: u8) {
    let n = s.cubes_in(side, arena);
    let k = n.div_ceil(2);
    s.cubes[side.ix()][usize::from(arena)] = n - k;
    crate::log_kept!(s, log, 
        "thirteen.event.halve",
        vec![
            arg("card", card),
            arg("n", k),
            arg("side", side),
            arg("arena", ARENAS[usize::from(arena)]),
            arg("now", n - k),
        ],
    );
}

/// Air Strike after the choice: place on Alliances, or ask which Cuba arena
/// to halve.
pub fn air_strike_then(s: &mut State, answer: Answer) {
    if answer == Answer::Arg(OPTION_PLACE) {
        place(s, US, 2, &[ALLIANCES], 0, false);
    } else {
        ask(s, US, true, &CUBA, Then::AirStrikeTarget, FrameData::Empty);
    }
}

/// Air Strike: halve the USSR cubes in the Cuba arena chosen.
pub fn air_strike_target(s: &mut State, answer: Answer) {
    if let Answer::Arg(arena) = answer {
        if usize::from(arena) < N_ARENAS {
            halve(s, USSR, arena, AIR_STRIKE);
        }
    }
}

/// Invasion of Cuba after the escalation: de-escalate exactly as many
/// steps one other US marker (political or world opinion), unless a ban
/// forbids de-escalation by events. `f.data` keeps who played the card.
pub fn invasion_of_cuba_then(s: &mut State, f: &ShiftFrame, answer: Answer) {
    let Answer::Shift { moved, .. } = answer else {
        return;
    };
    if moved <= 0 {
        return;
    }
    // Only Invasion of Cuba writes this continuation, always with `{"by": ...}`;
    // a frame without it is read as played by the US (the event's side).
    let by = match f.data {
        FrameData::By(by) => by,
        _ => US,
    };
    if !s.may_lower(US, US, by) {
        crate::log_kept!(s, log, "thirteen.event.invasion_of_cuba_banned", vec![arg("side", US)]);
        return;
    }
    let mut g = ShiftFrame::new(US, US, &[POLITICAL_TRACK, WORLD_OPINION_TRACK], moved.unsigned_abs());
    g.up = false;
    g.exact = true;
    push_shift(s, g);
}

/// Wave and Smile after the removal: the cubes taken off must go back on
/// other arenas (all of them, as far as the limits allow).
pub fn wave_and_smile_then(s: &mut State, answer: Answer) {
    let Some(counts) = moved_cubes(answer) else {
        return;
    };
    let n: u8 = counts.iter().sum();
    let others: Arenas = select(&ALL_ARENAS, |i| counts[usize::from(i)] == 0);
    let mut f = CubesFrame::new(US, US, true, n, others.as_slice());
    f.optional = false;
    if !push_cubes(s, f) {
        crate::log_kept!(s, log, "thirteen.event.wave_and_smile_stay", vec![arg("side", US)]);
    }
}
