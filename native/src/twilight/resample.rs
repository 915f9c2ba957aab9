//! A determinization of Twilight Struggle (`Twilight.resample` in
//! `brinkmanship/twilight/game.py`), draw for draw: the same cards end in
//! the same places and the generator advances by the same draws, so a
//! resample from Python (with [`crate::pyrandom::PyRandom`]) gives the
//! very JSON the Python engine gives, and the native search (with the
//! crate's SplitMix64) draws its determinizations the same way.

use crate::draw::Draw;
use crate::ismcts::Determinize;
use crate::json::Value;

use super::engine_impl::TwilightEngine;
use super::state::{AskKind, EffectName, Frame, HlOpen, Side, State};

/// The questions whose options are cards (`_CARD_QUESTIONS`).
const CARD_QUESTIONS: [AskKind; 4] = [AskKind::Pick, AskKind::Discard, AskKind::Event, AskKind::Ops];

/// A set of card numbers (cards are 1..=110; anything up to 255 fits).
type CardSet = [bool; 256];

/// `side`'s headline card while it is face down to the opponent, else 0
/// (`_hidden_headline`).
fn hidden_headline(s: &State, side: Side) -> u8 {
    let c = s.headline[side.ix()];
    let open = match s.hl_open {
        HlOpen::Both => true,
        HlOpen::One(x) => x == side,
        HlOpen::None => false,
    };
    if c != 0 && !open {
        c
    } else {
        0
    }
}

/// Cards in the opponent's hand (or face-down headline) that `side` has
/// seen and knows are still there, sorted (`Twilight.known_cards`): all of
/// them while Aldrich Ames Remix shows the US hand to the USSR.
pub fn known_cards(s: &State, side: Side) -> Vec<u8> {
    let opp = side.opp();
    let mut opp_hand = s.hands[opp.ix()];
    let hidden = hidden_headline(s, opp);
    if hidden != 0 {
        opp_hand.push(hidden);
    }
    if side == Side::Ussr && s.effects.has(EffectName::AldrichAmesRemix) {
        opp_hand.sort_unstable();
        return opp_hand.to_vec();
    }
    let mut out: Vec<u8> = s.known[side.ix()]
        .iter()
        .copied()
        .filter(|c| opp_hand.contains(c))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The card numbers of an ask's `data["cards"]` (none when absent).
fn data_cards(data: &Value) -> impl Iterator<Item = u8> + '_ {
    let items: &[Value] = match data.get("cards") {
        Some(Value::List(items)) => items,
        _ => &[],
    };
    items.iter().filter_map(|v| match v {
        Value::Int(i) => u8::try_from(*i).ok(),
        _ => None,
    })
}

/// `state` as `side` imagines it: the opponent's unknown cards (hand,
/// face-down headline) and the deck redealt, except cards a pending
/// decision of `side` names; the opponent's pending card questions renamed
/// after the redeal; the generator reseeded and the seed forgotten.
pub fn resample<R: Draw>(s: &State, side: Side, r: &mut R) -> State {
    let mut n = s.clone();
    let opp = side.opp();
    let o = opp.ix();
    // Cards a pending decision of `side` refers to stay where they are.
    let mut fixed: CardSet = [false; 256];
    for f in &n.stack {
        if let Frame::Ask(a) = f {
            if a.p != opp {
                for c in data_cards(&a.data) {
                    fixed[usize::from(c)] = true;
                }
                if CARD_QUESTIONS.contains(&a.kind) {
                    for &c in &a.options {
                        fixed[usize::from(c)] = true;
                    }
                }
            }
        }
    }
    let known = known_cards(s, side);
    let hidden_hl = hidden_headline(&n, opp);
    // A face-down headline is a card of the hand until it is revealed.
    let mut held = n.hands[o];
    if hidden_hl != 0 {
        held.push(hidden_hl);
    }
    let mut extra: Vec<u8> = held
        .iter()
        .copied()
        .filter(|&c| fixed[usize::from(c)] && !known.contains(&c))
        .collect();
    extra.sort_unstable();
    let mut kept = known.clone();
    kept.extend(extra);
    let mut rest = held;
    for c in &kept {
        if let Some(at) = rest.iter().position(|x| x == c) {
            rest.remove(at);
        }
    }
    let deck_fixed: Vec<u8> = n.deck.iter().copied().filter(|&c| fixed[usize::from(c)]).collect();
    let k = rest.len();
    let mut slots = rest;
    slots.extend(n.deck.iter().copied().filter(|&c| !fixed[usize::from(c)]));
    // Sorting first makes the redeal a function of the view alone.
    let mut pool = slots;
    pool.sort_unstable();
    r.shuffle(&mut pool);
    let mut new_held = kept;
    new_held.extend_from_slice(&pool[..k]);
    let mut deck = pool[k..].to_vec();
    deck.extend(deck_fixed);
    n.deck = deck.into_iter().collect();
    if hidden_hl != 0 {
        // Which held card became the headline is unknown: any of them.
        let free: Vec<u8> = new_held.iter().copied().filter(|&c| !fixed[usize::from(c)]).collect();
        let choices = if free.is_empty() { new_held.clone() } else { free };
        let hl = choices[r.below(choices.len())];
        if let Some(at) = new_held.iter().position(|&c| c == hl) {
            new_held.remove(at);
        }
        n.headline[o] = hl;
    }
    n.hands[o] = new_held.into_iter().collect();
    // The opponent's card questions name the cards dealt into their places.
    let mut moved: [u8; 256] = std::array::from_fn(|i| i as u8);
    let mut any = false;
    for (&old, &new) in slots.iter().zip(&pool) {
        if old != new {
            moved[usize::from(old)] = new;
            any = true;
        }
    }
    if any {
        for f in &mut n.stack {
            if let Frame::Ask(a) = f {
                if a.p == opp {
                    if CARD_QUESTIONS.contains(&a.kind) {
                        for c in &mut a.options {
                            *c = moved[usize::from(*c)];
                        }
                    }
                    if let Value::Obj(pairs) = &mut a.data {
                        for (key, v) in pairs.iter_mut() {
                            if key == "cards" {
                                if let Value::List(items) = v {
                                    for item in items.iter_mut() {
                                        if let Value::Int(i) = item {
                                            if let Ok(c) = u8::try_from(*i) {
                                                *i = i64::from(moved[usize::from(c)]);
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // Forget stale entries: they could match a redealt card.
    n.known[side.ix()] = known;
    // The future is hidden too: reseed so shuffles and rolls differ.
    n.rng = r.bits64();
    n.seed = Value::Null;
    n
}

impl Determinize for TwilightEngine {
    fn determinize(&self, side: usize, rng: &mut u64) -> Self {
        let who = if side == 0 { Side::Ussr } else { Side::Us };
        TwilightEngine::new(resample(&self.state, who, rng))
    }
}
