//! UN cards (1-13): either side may use their events (`cards/un.py`).

use crate::thirteen::data::{
    ALL_ARENAS, ALL_TRACKS, ARENAS, A_FACE_SAVER, CLOSE_ALLIES, CONTAINMENT, FIFTY_FIFTY, INTELLIGENCE_REPORTS,
    MILITARY_ARENAS, NUCLEAR_SUBMARINES, POLITICAL_ARENAS, SCRAMBLE, SOPS, SPEECH_TO_THE_NATION, SUMMIT_MEETING,
    TELEVISION, THE_GUNS_OF_AUGUST, TO_THE_BRINK, U_THANT, WORLD_OPINION_ARENAS,
};
use crate::thirteen::events::{place, select};
use crate::thirteen::frames::push_shift;
use crate::thirteen::play::{push_command, push_move_then_command, Grant};
use crate::thirteen::state::{arg, Answer, Frame, FrameData, Play, ShiftFrame, State, Then, Tracks, Why};

/// The event of UN card `play.card` (1-13).
pub fn run(s: &mut State, play: Play) {
    let r = play.side;
    match play.card {
        // Up to 3 cubes on the world opinion arenas, at most 2 in each.
        SPEECH_TO_THE_NATION => {
            place(s, r, 3, &WORLD_OPINION_ARENAS, 2, false);
        }
        // Move one own marker 0-2 steps either way, then Command 1 anywhere.
        THE_GUNS_OF_AUGUST => push_move_then_command(s, r, &ALL_TRACKS, play),
        FIFTY_FIFTY => fifty_fifty(s, play),
        // Every Command of the resolver handles one more cube this round.
        SOPS => {
            s.fx.sops.push(r);
            crate::log_kept!(s, log, "thirteen.event.sops", vec![arg("card", play.card), arg("side", r)]);
        }
        // Up to 2 cubes on the political arenas.
        CLOSE_ALLIES => {
            place(s, r, 2, &POLITICAL_ARENAS, 0, false);
        }
        INTELLIGENCE_REPORTS => intelligence_reports(s, play),
        // Discard any number of the other cards in hand, then draw as many.
        SUMMIT_MEETING if !s.hands[r.ix()].is_empty() => {
            s.push(Frame::Summit { p: r, n: 0, card: None });
        }
        // The opponent's Commands handle one cube fewer (at least 1) this round.
        TO_THE_BRINK => {
            let opp = r.opp();
            s.fx.brink.push(opp);
            crate::log_kept!(s, log, 
                "thirteen.event.to_the_brink",
                vec![arg("card", play.card), arg("side", opp)],
            );
        }
        // Up to 2 cubes on the military arenas.
        NUCLEAR_SUBMARINES => {
            place(s, r, 2, &MILITARY_ARENAS, 0, false);
        }
        U_THANT => u_thant(s, play),
        // The opponent may not de-escalate with events of cards it plays this round.
        CONTAINMENT => {
            let opp = r.opp();
            s.fx.containment.push(opp);
            crate::log_kept!(s, log, 
                "thirteen.event.containment",
                vec![arg("card", play.card), arg("side", opp)],
            );
        }
        A_FACE_SAVER => a_face_saver(s, play),
        // One cube in each of up to 3 different arenas.
        SCRAMBLE => {
            place(s, r, 3, &ALL_ARENAS, 1, false);
        }
        _ => {}
    }
}

/// Fifty-Fifty: the side ahead in Television may move two of its markers
/// one step each, on two different tracks (the `fifty_fifty_same_track`
/// option allows the same track twice, as Saito does). The leader may be
/// the resolver's opponent; whether it may lower a marker is decided once,
/// here, and kept in the frame for the second step.
fn fifty_fifty(s: &mut State, play: Play) {
    let Some(side) = s.dominator(TELEVISION) else {
        crate::log_kept!(s, log, 
            "thirteen.event.fifty_fifty_tied",
            vec![arg("arena", ARENAS[usize::from(TELEVISION)]), arg("card", play.card)],
        );
        return;
    };
    crate::log_kept!(s, log, 
        "thirteen.event.fifty_fifty_leader",
        vec![arg("side", side), arg("arena", ARENAS[usize::from(TELEVISION)])],
    );
    let low = s.may_lower(side, play.side, play.by);
    let mut f = ShiftFrame::new(side, side, &ALL_TRACKS, 1);
    f.then = Then::FiftyFiftySecond;
    f.down = low;
    f.data = FrameData::Low(low);
    push_shift(s, f);
}

/// Fifty-Fifty's second step, after the first moved `answer`'s track (a
/// pass ends the event).
pub fn fifty_fifty_second(s: &mut State, f: &ShiftFrame, answer: Answer) {
    let Answer::Shift { track, .. } = answer else {
        return;
    };
    let low = match f.data {
        FrameData::Low(low) => low,
        _ => f.down,
    };
    let same = s.options.fifty_fifty_same_track;
    let tracks: Tracks = select(&ALL_TRACKS, |t| same || t != track);
    let mut g = ShiftFrame::new(f.side, f.side, tracks.as_slice(), 1);
    g.down = low;
    push_shift(s, g);
}

/// Intelligence Reports: take a random card from the opponent, to play at
/// once or discard (the `stolen` decision); the opponent draws a
/// replacement afterwards. The card taken is public (rulings.md 61).
fn intelligence_reports(s: &mut State, play: Play) {
    let r = play.side;
    let victim = r.opp();
    let n = s.hands[victim.ix()].len();
    if n == 0 {
        crate::log_kept!(s, log, 
            "thirteen.event.intelligence_reports_nothing",
            vec![arg("side", victim), arg("card", play.card)],
        );
        return;
    }
    let k = s.randbelow(n);
    let c = s.hands[victim.ix()].remove(k);
    s.held.push(c);
    s.reveals += 1;
    crate::log_kept!(s, log, 
        "thirteen.event.intelligence_reports_takes",
        vec![arg("side", r), arg("card", c), arg("opp", victim)],
    );
    s.push(Frame::Stolen { p: r, card: c });
}

/// U Thant: all three of the resolver's markers de-escalate one step,
/// unless a ban forbids it.
fn u_thant(s: &mut State, play: Play) {
    let r = play.side;
    if !s.may_lower(r, r, play.by) {
        crate::log_kept!(s, log, 
            "thirteen.event.banned_nothing",
            vec![arg("side", r), arg("card", play.card)],
        );
        return;
    }
    for t in ALL_TRACKS {
        s.shift_marker(r, t, -1, Some(Why::Card(play.card)));
    }
}

/// A Face-Saver: Command 3; afterwards the opponent may Command 1. The
/// opponent gets a Command, not the event: the resolver stays `r` (Q10).
fn a_face_saver(s: &mut State, play: Play) {
    let r = play.side;
    let grant = Grant {
        resolver: r,
        by: play.by,
        command_n: false,
    };
    push_command(s, r.opp(), play.card, 1, &ALL_ARENAS, Some(grant));
    push_command(s, r, play.card, 3, &ALL_ARENAS, Some(grant));
}
