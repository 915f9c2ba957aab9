//! The native search's guide for Twilight Struggle: the heuristic bot's
//! leaf value (`bots/heuristic/twilight/evaluate.py`) over the typed state.
//!
//! The value weighs VP, the board (region scoring weighted by how many
//! more times each region is likely to be scored, controlled countries,
//! influence margins), the Military Operations shortfall and the rest
//! (The China Card, cards in hand, DEFCON 2 danger) with the weights the
//! Python heuristic fitted to heuristic games, and a logistic turns it into
//! a chance of winning. It reads the USSR's seat (the Python search scores
//! its leaves from the first player's view): the region weights use the
//! USSR's hand, which in a determinization is the one the search dealt.

use super::data::{BATTLEGROUND, N_COUNTRIES, REGION, SCORING, SCORING_REGION, STABILITY, SUPERPOWER};
use super::state::{Side, State};
use crate::ismcts::logistic;

/// A controlled battleground beyond region scoring (VP equivalents).
const BG_FLAT: f64 = 0.6;
/// Any other controlled country.
const NBG_FLAT: f64 = 0.15;
/// Each point of influence margin in a battleground, and elsewhere.
const LOC_BG: f64 = 0.10;
const LOC_NBG: f64 = 0.05;
/// Control of Europe wins when scored: worth far more than domination.
const EUROPE_CONTROL: i32 = 14;
/// Final scoring counts every region once.
const FINAL_WEIGHT: f64 = 1.0;
const MILOPS_VP: f64 = 1.0;
const CHINA_HOLD: f64 = 1.0;
const HAND_CARD: f64 = 0.35;
/// The logistic's scale and the shares of each term (fitted in Python).
const EVAL_K_BASE: f64 = 0.05;
const EVAL_K_STEP: f64 = 0.006;
const BOARD_SHARE_BASE: f64 = 0.40;
const BOARD_SHARE_STEP: f64 = 0.04;
const MILOPS_SHARE: f64 = 0.78;
const OTHER_SHARE: f64 = 2.66;
const VP_TO_WIN: f64 = 20.0;
const TURNS: u8 = 10;
const MID_WAR_TURN: u8 = 4;
/// The row of Southeast Asia in the region counts (its own scoring card).
const SEA: usize = 6;
/// Presence, domination and control VP of the six regions (`REGION_SCORING`
/// with Europe's control written as `EUROPE_CONTROL`).
const REGION_VP: [(i32, i32, i32); 6] = [
    (3, 7, EUROPE_CONTROL),
    (3, 7, 9),
    (3, 5, 7),
    (1, 4, 6),
    (1, 3, 5),
    (2, 5, 6),
];
/// Mid War scoring cards (not yet in the deck before turn 4).
const MID_WAR_SCORING: [u8; 4] = [37, 38, 79, 81];
/// The native region id of Southeast Asia.
const R_SEA: u8 = 8;
const THAILAND: usize = 41;

/// Battlegrounds per region.
fn total_bg(r: usize) -> i32 {
    (0..N_COUNTRIES)
        .filter(|&i| usize::from(REGION[i]) == r && BATTLEGROUND[i])
        .count() as i32
}

/// Scoring VP of a side with `n` countries, `b` battlegrounds and `adj`
/// next to the enemy superpower in region `r`, against `n2` and `b2`.
fn region_vp(r: usize, n: i32, b: i32, adj: i32, n2: i32, b2: i32, total: i32) -> i32 {
    if n == 0 {
        return 0;
    }
    let (pres, dom, ctl) = REGION_VP[r];
    let base = if b == total && n > n2 {
        ctl
    } else if n > n2 && b > b2 && n > b {
        dom
    } else {
        pres
    };
    base + b + adj
}

/// How many more times each region (and Southeast Asia, row 6) is likely
/// to be scored, read from `viewer`'s seat (`region_weights`).
fn region_weights(s: &State, viewer: Side) -> [f64; 7] {
    let turn = f64::from(s.turn);
    let other_hand = s.hands[viewer.opp().ix()].len() as f64;
    let soon = other_hand / (s.deck.len() as f64 + other_hand).max(1.0);
    let reshuffle = 0.04 * (f64::from(TURNS) - turn);
    let late = if s.turn < TURNS { 0.45 } else { 0.0 };
    let unseen = soon + (1.0 - soon) * late + reshuffle;
    let played = 0.15 + reshuffle;
    let early = s.turn < MID_WAR_TURN;
    let mut w = [
        FINAL_WEIGHT,
        FINAL_WEIGHT,
        FINAL_WEIGHT,
        FINAL_WEIGHT,
        FINAL_WEIGHT,
        FINAL_WEIGHT,
        0.0,
    ];
    for card in [1u8, 2, 3, 37, 38, 79, 81] {
        let c = usize::from(card);
        let f = if s.hands[viewer.ix()].contains(&card) {
            1.0
        } else if s.removed.contains(&card) {
            0.0
        } else if s.discard.contains(&card) || s.in_play.contains(&card) {
            played
        } else if early && MID_WAR_SCORING.contains(&card) {
            0.5
        } else {
            unseen
        };
        debug_assert!(SCORING[c]);
        let r = SCORING_REGION[c];
        let row = if r == R_SEA { SEA } else { usize::from(r) };
        w[row] += f;
    }
    w
}

/// `Ctx.urgency`: how soon `side`'s Military Operations are checked.
fn urgency(s: &State, side: Side) -> f64 {
    let total: i32 = if s.turn < MID_WAR_TURN { 6 } else { 7 };
    let ar = i32::from(s.ar);
    let left = if ar == 0 {
        total
    } else if side == Side::Ussr {
        total - ar + i32::from(s.phasing == Side::Ussr)
    } else {
        total - ar + 1
    };
    if left <= 1 {
        1.0
    } else if left <= 3 {
        0.85
    } else {
        0.6
    }
}

/// `side`'s position value in VP equivalents (`position_value`), its
/// region weights read from `side`'s seat.
pub fn position_value(s: &State, side: Side) -> f64 {
    let me = side.ix();
    let op = side.opp().ix();
    // Per region: my countries, battlegrounds, next to the enemy
    // superpower, then the same for the opponent (SEA: points).
    let mut counts = [[0i32; 6]; 7];
    let mut margins = 0.0;
    for i in 0..N_COUNTRIES {
        let mine = i32::from(s.inf[me][i]);
        let theirs = i32::from(s.inf[op][i]);
        if mine == 0 && theirs == 0 {
            continue;
        }
        let stab = i32::from(STABILITY[i]);
        let bg = BATTLEGROUND[i];
        let lim = stab + if bg { 2 } else { 1 };
        let locw = if bg { LOC_BG } else { LOC_NBG };
        margins += locw * f64::from((mine - theirs).clamp(-lim, lim));
        let owner = if mine - theirs >= stab {
            0
        } else if theirs - mine >= stab {
            3
        } else {
            continue;
        };
        let r = REGION[i];
        let row = &mut counts[usize::from(r)];
        row[owner] += 1;
        row[owner + 1] += i32::from(bg);
        let next_to_enemy = if owner == 0 { side.opp() } else { side };
        if SUPERPOWER[i] == Some(next_to_enemy) {
            row[owner + 2] += 1;
        }
        if super::data::REGION_BITS[i] & (1 << R_SEA) != 0 {
            counts[SEA][owner] += if i == THAILAND { 2 } else { 1 };
        }
    }
    let w = region_weights(s, Side::Ussr);
    let mut board = margins;
    for (r, c) in counts.iter().enumerate() {
        let net = if r == SEA {
            c[0] - c[3]
        } else {
            let t = total_bg(r);
            region_vp(r, c[0], c[1], c[2], c[3], c[4], t) - region_vp(r, c[3], c[4], c[5], c[0], c[1], t)
        };
        board += w[r] * f64::from(net);
        if r < SEA {
            board += BG_FLAT * f64::from(c[1] - c[4]) + NBG_FLAT * f64::from(c[0] - c[1] - c[3] + c[4]);
        }
    }
    let defcon = i32::from(s.defcon);
    let short = |x: usize| f64::from((defcon - i32::from(s.milops[x])).max(0));
    let mil = -MILOPS_VP * (short(me) * urgency(s, side) - short(op) * urgency(s, side.opp()));
    let china = if s.china == side { CHINA_HOLD } else { -CHINA_HOLD };
    let mut other = china * if s.china_up { 1.0 } else { 0.8 };
    other += HAND_CARD * (s.hands[me].len() as f64 - s.hands[op].len() as f64);
    if s.defcon == 2 {
        other += if s.phasing == side { -0.5 } else { 0.5 };
    }
    let mut vp = f64::from(if side == Side::Us { s.vp } else { -s.vp });
    // Reaching 20 VP ends the game at once: a lead close to it is nearly a win.
    vp *= 1.0 + 2.0 * (vp / VP_TO_WIN).powi(4);
    let turn = f64::from(s.turn.max(1) - 1);
    vp + (BOARD_SHARE_BASE + BOARD_SHARE_STEP * turn) * board + MILOPS_SHARE * mil + OTHER_SHARE * other
}

/// The USSR's chance of winning while the game goes on (the engine scores
/// an ended game by its winner): a logistic of its position value, steeper
/// as turns go by.
pub fn evaluate(s: &State) -> f64 {
    let turn = f64::from(s.turn.max(1) - 1);
    let x = position_value(s, Side::Ussr) * (EVAL_K_BASE + EVAL_K_STEP * turn);
    logistic(x)
}

#[cfg(test)]
mod tests {
    use super::super::engine_impl::TwilightEngine;
    use super::*;
    use crate::engine::Engine;

    #[test]
    fn the_start_is_even_and_vp_counts() {
        let e = TwilightEngine::new_default(3);
        let v = e.evaluate();
        assert!((0.2..=0.8).contains(&v), "{v}");
        let mut s = e.state.clone();
        s.vp = -15;
        assert!(evaluate(&s) > 0.7);
        s.vp = 15;
        assert!(evaluate(&s) < 0.3);
        // Values from both seats agree.
        let a = position_value(&e.state, Side::Ussr);
        let b = position_value(&e.state, Side::Us);
        assert!((a + b).abs() < 1e-9, "{a} {b}");
    }
}
