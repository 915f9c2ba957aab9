//! USSR cards (27-39): events only the USSR resolves (`cards/ussr.py`).

use crate::thirteen::actions::{OPTION_BAN, OPTION_REMOVE};
use crate::thirteen::data::{
    ALLIANCES, ALL_ARENAS, ALL_TRACKS, ARENAS, ARENA_MAX, ATLANTIC, BAY_OF_PIGS, BERLIN_BLOCKADE, CUBA, DEFCON2_FROM,
    DEFENSIVE_MISSILES, FIDEL_CASTRO, ITALY, MASKIROVKA, MILITARY_ARENAS, MILITARY_TRACK, MISSILE_TRADE,
    MOSCOW_IS_OUR_BRAIN, MRBMS_AND_IRBMS, NATIONAL_LIBERATION, N_ARENAS, POLITICAL_ARENAS, STRATEGIC_BALANCE,
    SUEZ_HUNGARY, TELEVISION, TURKEY, TURN_BACK_THE_SHIPS, UNITED_NATIONS, U_2_DOWNED,
};
use crate::thirteen::events::{place, select, shift};
use crate::thirteen::frames::{ask, push_cubes, push_shift};
use crate::thirteen::play::{push_command, push_move_then_command, Grant};
use crate::thirteen::state::{
    arg, Answer, Arenas, CubesFrame, FrameData, Play, ShiftFrame, Side, State, Then, Tracks, Why,
};

use super::us::halve;

const US: Side = Side::Us;
const USSR: Side = Side::Ussr;

/// The event of USSR card `play.card` (27-39).
pub fn run(s: &mut State, play: Play) {
    match play.card {
        // Move the USSR military marker 0-2 steps either way, then Command 1.
        MRBMS_AND_IRBMS => push_move_then_command(s, USSR, &[MILITARY_TRACK], play),
        // Up to 4 USSR cubes, at most 2 per arena, in arenas that already hold USSR cubes.
        MOSCOW_IS_OUR_BRAIN => {
            let held: Arenas = select(&ALL_ARENAS, |i| s.cubes_in(USSR, i) > 0);
            place(s, USSR, 4, held.as_slice(), 2, true);
        }
        // Remove up to 3 USSR cubes; each arena losing k >= 2 de-escalates its
        // track by k-1, unless a ban forbids de-escalation (Q11).
        MISSILE_TRADE => {
            let low = s.may_lower(USSR, USSR, play.by) || !s.options.ban_blocks_symbol;
            let mut f = CubesFrame::new(USSR, USSR, false, 3, &ALL_ARENAS);
            f.symbol = true;
            f.low = low;
            push_cubes(s, f);
        }
        // Up to 3 USSR cubes on the Cuba arenas.
        FIDEL_CASTRO => {
            place(s, USSR, 3, &CUBA, 0, false);
        }
        // USSR +2 prestige; then the US may move one USSR marker 0-2 steps.
        BERLIN_BLOCKADE => {
            s.gain_prestige(USSR, 2, Why::Card(play.card));
            shift(s, US, USSR, &ALL_TRACKS, 2, true);
        }
        SUEZ_HUNGARY => suez_hungary(s, play),
        // With the USSR military marker in the DEFCON 3 zone, up to one USSR
        // cube on each military arena.
        MASKIROVKA => {
            if s.defcon[USSR.ix()][usize::from(MILITARY_TRACK)] >= DEFCON2_FROM {
                crate::log_kept!(s, log, 
                    "thirteen.event.maskirovka_nothing",
                    vec![arg("side", USSR), arg("card", play.card)],
                );
                return;
            }
            place(s, USSR, 3, &MILITARY_ARENAS, 1, false);
        }
        // The US removes 2 of its cubes from Alliances (only with 2 there) or
        // may not de-escalate by events for the rest of the round.
        BAY_OF_PIGS => {
            if s.cubes_in(US, ALLIANCES) >= 2 {
                ask(
                    s,
                    US,
                    false,
                    &[OPTION_REMOVE, OPTION_BAN],
                    Then::BayOfPigs,
                    FrameData::Empty,
                );
            } else {
                bay_of_pigs_outcome(s, OPTION_BAN);
            }
        }
        TURN_BACK_THE_SHIPS => turn_back_the_ships(s, play),
        // Up to 3 USSR cubes on the Atlantic; the DEFCON symbol escalates.
        STRATEGIC_BALANCE => {
            place(s, USSR, 3, &[ATLANTIC], 0, true);
        }
        // Command 3 in one political arena.
        NATIONAL_LIBERATION => {
            let grant = Grant {
                resolver: USSR,
                by: play.by,
                command_n: true,
            };
            push_command(s, USSR, play.card, 3, &POLITICAL_ARENAS, Some(grant));
        }
        // Up to 2 USSR cubes on Turkey; then halve (rounded up) the US cubes
        // in one Cuba arena (asked below the cubes: it resolves second).
        U_2_DOWNED => {
            ask(s, USSR, true, &CUBA, Then::U2Downed, FrameData::Empty);
            place(s, USSR, 2, &[TURKEY], 0, false);
        }
        // Up to 2 USSR cubes on Television and/or the United Nations.
        DEFENSIVE_MISSILES => {
            place(s, USSR, 2, &[TELEVISION, UNITED_NATIONS], 0, true);
        }
        _ => {}
    }
}

/// Suez-Hungary: add USSR cubes to Italy until the USSR has one more than
/// the US there (or 5 there, or an empty reserve). No choices.
fn suez_hungary(s: &mut State, play: Play) {
    let mut n = 0u8;
    while s.cubes_in(USSR, ITALY) <= s.cubes_in(US, ITALY)
        && s.cubes_in(USSR, ITALY) < ARENA_MAX
        && s.can_place(USSR, ITALY)
    {
        s.cubes[USSR.ix()][usize::from(ITALY)] += 1;
        n += 1;
    }
    crate::log_kept!(s, log, 
        "thirteen.event.suez_hungary",
        vec![
            arg("card", play.card),
            arg("side", USSR),
            arg("n", n),
            arg("arena", ARENAS[usize::from(ITALY)]),
            arg("now", s.cubes_in(USSR, ITALY)),
            arg("opp", US),
            arg("now2", s.cubes_in(US, ITALY)),
        ],
    );
}

/// Bay of Pigs after the US chose (asked only with 2 US cubes on Alliances).
pub fn bay_of_pigs_then(s: &mut State, answer: Answer) {
    if let Answer::Arg(choice) = answer {
        bay_of_pigs_outcome(s, choice);
    }
}

/// The US's choice: `OPTION_REMOVE` 2 cubes from Alliances, or the ban
/// (any other option).
fn bay_of_pigs_outcome(s: &mut State, choice: u8) {
    if choice == OPTION_REMOVE {
        let a = usize::from(ALLIANCES);
        s.cubes[US.ix()][a] = s.cubes[US.ix()][a].saturating_sub(2);
        crate::log_kept!(s, log, 
            "thirteen.event.bay_of_pigs_remove",
            vec![
                arg("card", BAY_OF_PIGS),
                arg("side", US),
                arg("n", 2u8),
                arg("arena", ARENAS[a]),
                arg("now", s.cubes[US.ix()][a]),
            ],
        );
    } else {
        s.fx.bay_of_pigs.push(US);
        crate::log_kept!(s, log, 
            "thirteen.event.bay_of_pigs_ban",
            vec![arg("card", BAY_OF_PIGS), arg("side", US)],
        );
    }
}

/// Turn Back the Ships: de-escalate the most escalated USSR marker 0-2
/// steps (the USSR picks among tied markers), unless a ban forbids it.
fn turn_back_the_ships(s: &mut State, play: Play) {
    if !s.may_lower(USSR, USSR, play.by) {
        crate::log_kept!(s, log, 
            "thirteen.event.turn_back_the_ships_banned",
            vec![arg("side", USSR), arg("card", play.card)],
        );
        return;
    }
    let row = s.defcon[USSR.ix()];
    let top = row.iter().copied().max().unwrap_or_default();
    let tracks: Tracks = select(&ALL_TRACKS, |t| row[usize::from(t)] == top);
    let mut f = ShiftFrame::new(USSR, USSR, tracks.as_slice(), 2);
    f.up = false;
    push_shift(s, f);
}

/// U-2 Downed: halve the US cubes in the Cuba arena chosen.
pub fn u_2_downed_then(s: &mut State, answer: Answer) {
    if let Answer::Arg(arena) = answer {
        if usize::from(arena) < N_ARENAS {
            halve(s, US, arena, U_2_DOWNED);
        }
    }
}
