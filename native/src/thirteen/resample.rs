//! A determinization of 13 Days (`Thirteen.resample` in
//! `brinkmanship/thirteen/game.py`), draw for draw: the same cards end in
//! the same places and the generator advances by the same draws, so a
//! resample from Python (with [`crate::pyrandom::PyRandom`]) gives the
//! very JSON the Python engine gives, and the native search (with the
//! crate's SplitMix64) draws its determinizations the same way.

use crate::engine::Cards;
use crate::draw::Draw;
use crate::ismcts::Determinize;

use super::data::ROUNDS;
use super::engine_impl::ThirteenEngine;
use super::state::{Frame, Outcome, Seed, Side, State};

/// `state` as `side` imagines it: the opponent's hand, its face-down
/// Aftermath cards, the deck and a card only the opponent is looking at
/// (its Alliances draw) redealt; the opponent's kept agenda redrawn among
/// its three flags until agendas are revealed; the agenda deck reshuffled;
/// the generator reseeded and the seed forgotten. An error only for a
/// state no game reaches (an Alliances card missing from `held`).
pub fn resample<R: Draw>(s: &State, side: Side, r: &mut R) -> Result<State, String> {
    let mut n = s.clone();
    let opp = side.opp();
    let o = opp.ix();
    // Aftermath cards are turned face up by the final scoring.
    let revealed = n.over && n.result != Some(Outcome::NuclearWar) && n.round >= ROUNDS;
    let opp_after: Vec<usize> = if revealed {
        Vec::new()
    } else {
        n.aftermath
            .iter()
            .enumerate()
            .filter(|(_, (who, _))| *who == opp)
            .map(|(k, _)| k)
            .collect()
    };
    let mut pool: Vec<u8> = Vec::with_capacity(n.hands[o].len() + n.deck.len() + opp_after.len() + 1);
    pool.extend_from_slice(&n.hands[o]);
    pool.extend_from_slice(&n.deck);
    pool.extend(opp_after.iter().map(|&k| n.aftermath[k].1));
    // The opponent's Alliances draw: unknown too; `held` follows the card.
    let looking: Vec<usize> = n
        .stack
        .iter()
        .enumerate()
        .filter_map(|(i, f)| matches!(f, Frame::Alliances { p, .. } if *p == opp).then_some(i))
        .collect();
    for &i in &looking {
        if let Frame::Alliances { card, .. } = n.stack[i] {
            pool.push(card);
            let at = n
                .held
                .iter()
                .position(|&c| c == card)
                .ok_or_else(|| format!("held: the Alliances card {card} is not held"))?;
            n.held.remove(at);
        }
    }
    // Sorting first makes the redeal a function of the view alone.
    pool.sort_unstable();
    r.shuffle(&mut pool);
    for &i in &looking {
        let c = pool.pop().ok_or("resample: no card left for the Alliances draw")?;
        if let Frame::Alliances { card, .. } = &mut n.stack[i] {
            *card = c;
        }
        n.held.push(c);
    }
    let k = n.hands[o].len();
    let mut rest = pool.split_off(k.min(pool.len()));
    n.hands[o] = Cards::from_slice(&pool).map_err(|e| format!("resample: hands.{opp}: {e}"))?;
    for &j in &opp_after {
        n.aftermath[j].1 = rest.pop().ok_or("resample: no card left for the Aftermath")?;
    }
    n.deck = Cards::from_slice(&rest).map_err(|e| format!("resample: deck: {e}"))?;
    if n.kept[o] != 0 && !n.agendas_open {
        let offered = &n.offered[o];
        if offered.is_empty() {
            return Err(format!("offered.{opp}: a kept agenda but no flags offered"));
        }
        n.kept[o] = offered[r.below(offered.len())];
    }
    n.agenda_deck.sort_unstable();
    r.shuffle(&mut n.agenda_deck);
    n.rng = r.bits64();
    // The seed and the actions so far would rebuild the real deal.
    n.seed = Seed::None;
    Ok(n)
}

impl Determinize for ThirteenEngine {
    fn determinize(&self, side: usize, rng: &mut u64) -> Self {
        let who = if side == 0 { Side::Ussr } else { Side::Us };
        // A state reached by play always resamples; should it not, the
        // search goes on with the real state reseeded rather than stop.
        let state = resample(&self.state, who, rng).unwrap_or_else(|_| {
            let mut s = self.state.clone();
            s.rng = crate::rng::next_u64(rng);
            s
        });
        ThirteenEngine::new(state)
    }
}
