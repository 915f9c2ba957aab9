//! The native search's guide for 13 Days: a cheap chance of winning read
//! from the typed state.
//!
//! The Python heuristic's model (`bots/heuristic/thirteen/model.py`) is far
//! richer; this keeps the terms that decide games and cost next to nothing:
//! the prestige lead as it will stand once this round's kept agendas score
//! on the board as it is now (capped at 5, as the rules cap it), the
//! Aftermath's 2 prestige, the Personal Letter's tie-break and each side's
//! DEFCON danger. In a determinization the kept agendas and the Aftermath
//! are the ones the search dealt, so averaging over iterations weighs them
//! by how likely they are.

use super::data::{
    agenda_type, war_at, AgendaKind, AFTERMATH_BONUS, AGENDA_TYPES, CARIBBEAN, DEFCON2_FROM, LETTER_AGENDA_PRESTIGE,
    MAX_LEAD, ROUNDS,
};
use super::scoring::aftermath_totals;
use super::state::{Side, State};
use crate::ismcts::logistic;

/// Prestige (positive for the US) that `card`, kept by a side, would score
/// on the board as it stands (`scoring::score_agenda` without its pushes).
fn agenda_now(s: &State, card: u8) -> i32 {
    let (_, kind, target) = AGENDA_TYPES[usize::from(agenda_type(card))];
    let bonus = i32::from(s.options.agenda_bonus);
    let signed = |us: i32, su: i32, extra: i32| -> i32 {
        match us.cmp(&su) {
            std::cmp::Ordering::Greater => us - su + extra,
            std::cmp::Ordering::Less => -(su - us + extra),
            std::cmp::Ordering::Equal => 0,
        }
    };
    match kind {
        AgendaKind::Letter => {
            let p = i32::from(LETTER_AGENDA_PRESTIGE);
            if s.letter == Side::Us {
                p
            } else {
                -p
            }
        }
        AgendaKind::Track => {
            let t = usize::from(target);
            signed(
                i32::from(s.defcon[Side::Us.ix()][t]),
                i32::from(s.defcon[Side::Ussr.ix()][t]),
                bonus,
            )
        }
        AgendaKind::Arena => {
            let us = i32::from(s.cubes_in(Side::Us, target));
            let su = i32::from(s.cubes_in(Side::Ussr, target));
            let mut extra = bonus;
            if bonus != 0 && CARIBBEAN.contains(&target) {
                let leader = if us > su { Some(Side::Us) } else { Some(Side::Ussr) };
                extra = CARIBBEAN
                    .iter()
                    .filter(|&&a| a != target && s.dominator(a) == leader)
                    .count() as i32;
            }
            signed(us, su, extra)
        }
    }
}

/// How close `markers` stand to nuclear war: steps past the DEFCON 3 zone,
/// and more when they would trigger it at the round's check.
fn danger(markers: &[u8; 3]) -> f64 {
    let deep: u8 = markers.iter().map(|&m| m.saturating_sub(DEFCON2_FROM - 1)).sum();
    f64::from(deep) + if war_at(markers) { 2.0 } else { 0.0 }
}

/// The USSR's chance of winning while the game goes on (the engine scores
/// an ended game by its winner): a logistic of the USSR's expected lead,
/// steeper as rounds go by.
pub fn evaluate(s: &State) -> f64 {
    let mut lead = i32::from(s.prestige);
    if !s.agendas_open {
        for side in Side::BOTH {
            let card = s.kept[side.ix()];
            if card != 0 {
                lead += agenda_now(s, card);
            }
        }
    }
    let cap = i32::from(MAX_LEAD);
    let mut lead = f64::from(lead.clamp(-cap, cap));
    let t = aftermath_totals(s);
    let (us_t, su_t) = (t[Side::Us.ix()], t[Side::Ussr.ix()]);
    let bonus = f64::from(AFTERMATH_BONUS) * 0.5;
    if us_t > su_t {
        lead += bonus;
    } else if su_t > us_t {
        lead -= bonus;
    }
    lead += if s.letter == Side::Us { 0.3 } else { -0.3 };
    // Prestige for the USSR from here on (the marker counts for the US).
    let lead = -lead;
    let round = f64::from(s.round.clamp(1, ROUNDS) - 1);
    let k = 0.3 + 0.15 * round;
    let x = k * lead + 0.5 * (danger(&s.defcon[Side::Us.ix()]) - danger(&s.defcon[Side::Ussr.ix()]));
    logistic(x)
}

#[cfg(test)]
mod tests {
    use super::super::engine_impl::ThirteenEngine;
    use super::*;
    use crate::engine::Engine;

    #[test]
    fn prestige_and_danger_move_the_value() {
        let e = ThirteenEngine::new_default(5);
        let v = e.evaluate();
        assert!((0.2..=0.8).contains(&v), "{v}");
        let mut s = e.state.clone();
        s.prestige = 4;
        assert!(evaluate(&s) < v);
        s.prestige = -4;
        assert!(evaluate(&s) > v);
        let before = evaluate(&s);
        s.defcon[Side::Ussr.ix()] = [7, 1, 1];
        assert!(evaluate(&s) < before);
    }
}
