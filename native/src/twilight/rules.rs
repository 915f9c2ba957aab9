//! The small helpers every rule and card event uses (`rules/state.py`): the
//! log, control (2.0), victory points (10.1-10.3), DEFCON (8.1), Military
//! Operations (8.2), pushing a frame, drawing and dealing (4.4-4.5), a card's
//! operations value with the modifiers of lasting effects (5.1-5.2) and
//! Space Race abilities (6.4.3). Each is a method of [`State`] named as the
//! Python function, so card code reads like its Python original.

use std::borrow::Cow;

use crate::json::{Text, Value};

use super::data::{
    CARD_OPS, CHINA, N_COUNTRIES, OPTIONAL_EARLY, OPTIONAL_LATE, OPTIONAL_MID, PERIOD_EARLY, PERIOD_LATE, PERIOD_MID,
    R_ASIA, R_SOUTHEAST_ASIA, STABILITY,
};
use super::state::{CardList, EffectName, Frame, Side, State};

/// A log entry's arguments, in the order Python passes them.
pub type Args = Vec<(Text, Value)>;

/// Build [`Args`]: `args!["side" => side, "n" => 2]` (values go through
/// `Value::from`).
#[macro_export]
macro_rules! targs {
    ($($k:literal => $v:expr),* $(,)?) => {
        vec![$((std::borrow::Cow::Borrowed($k), $crate::json::Value::from($v))),*]
    };
}
pub use crate::targs as args;

/// Log audiences (`core.log`).
pub const PUBLIC: &str = "all";
pub const PLAYERS: &str = "players";
pub const SPECTATORS: &str = "spectators";

/// Victory points that win at once (10.3.1).
pub const VP_TO_WIN: i32 = 20;
/// Turns in a game.
pub const TURNS: u8 = 10;
pub const MID_WAR_TURN: u8 = 4;
pub const LATE_WAR_TURN: u8 = 8;

// Cards the rules themselves name.
pub const UN_INTERVENTION: u8 = 32;
pub const CUBAN_MISSILE_CRISIS: u8 = 40;
pub const QUAGMIRE: u8 = 42;
pub const BEAR_TRAP: u8 = 44;
pub const MISSILE_ENVY: u8 = 49;
pub const WE_WILL_BURY_YOU: u8 = 50;
pub const FLOWER_POWER: u8 = 59;
pub const NORTH_SEA_OIL: u8 = 86;
pub const DEFECTORS: u8 = 103;
pub const NORAD: u8 = 106;
pub const YURI_AND_SAMANTHA: u8 = 109;

// Space Race boxes whose abilities the turn sequence applies.
pub const MAN_IN_EARTH_ORBIT: u8 = 4;
pub const EAGLE_BEAR_HAS_LANDED: u8 = 6;
pub const SPACE_STATION: u8 = 8;

/// Cards dealt up to at the start of a turn (4.1).
pub fn hand_size(turn: u8) -> usize {
    if turn < MID_WAR_TURN {
        8
    } else {
        9
    }
}

/// Action rounds per side in a turn (4.1).
pub fn action_rounds(turn: u8) -> u8 {
    if turn < MID_WAR_TURN {
        6
    } else {
        7
    }
}

impl From<Side> for Value {
    fn from(s: Side) -> Value {
        Value::s(s.name())
    }
}

/// A nested message `{"code": ..., "args": {...}}` (`core.log.msg`).
pub fn msg(code: &'static str, args: Args) -> Value {
    Value::Obj(vec![(Cow::Borrowed("code"), Value::s(code)), (Cow::Borrowed("args"), Value::Obj(args))])
}

/// The reason of a log entry: a card (`twilight.why.card`) or a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    Card(u8),
    Msg(Value),
}

impl Why {
    /// As the log stores it (`rules.state.reason`).
    pub fn to_value(&self) -> Value {
        match self {
            Why::Card(c) => msg("twilight.why.card", args!["card" => *c]),
            Why::Msg(m) => m.clone(),
        }
    }
}

/// A country's name as a log argument.
#[inline]
pub fn country(i: usize) -> Value {
    Value::s(super::data::NAMES[i])
}

/// The periods of the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    Early,
    Mid,
    Late,
}

impl State {
    /// Append a public log entry.
    #[inline]
    pub fn log(&mut self, code: &'static str, args: Args) {
        self.log.add(code, Cow::Borrowed(PUBLIC), args);
    }

    /// Append a log entry for the audience `to` (`"all"`, `"players"`,
    /// `"spectators"` or a side's name).
    #[inline]
    pub fn log_to(&mut self, code: &'static str, to: &'static str, args: Args) {
        self.log.add(code, Cow::Borrowed(to), args);
    }

    /// End the game at once (`core.frames.end_game`): later calls in the
    /// same action are ignored.
    pub fn end_game(&mut self, winner: Option<Side>, result: &'static str, code: &'static str, args: Args) {
        if self.over {
            return;
        }
        self.over = true;
        self.winner = winner;
        self.result = Some(Cow::Borrowed(result));
        crate::log_kept!(self, log, code, args);
    }

    /// The side controlling country `i` (10.1.1), or None.
    #[inline]
    pub fn control(&self, i: usize) -> Option<Side> {
        let us = self.inf[1][i] as i32;
        let su = self.inf[0][i] as i32;
        let s = STABILITY[i] as i32;
        if us - su >= s {
            Some(Side::Us)
        } else if su - us >= s {
            Some(Side::Ussr)
        } else {
            None
        }
    }

    /// `side` scores `n` VP (negative: loses); 20 VP wins at once unless
    /// final scoring has begun (10.3.1). With `why`, the change is logged.
    pub fn gain_vp(&mut self, side: Side, n: i32, why: Option<Why>) {
        if n == 0 {
            return;
        }
        self.vp += if side == Side::Us { n } else { -n };
        if let Some(why) = why {
            let code = if n > 0 { "twilight.vp.gain" } else { "twilight.vp.loss" };
            let vp = self.vp;
            crate::log_kept!(self, log, code, args!["side" => side, "n" => n.abs(), "why" => why.to_value(), "vp" => vp]);
        }
        let vp = self.vp;
        if !self.final_ && (vp >= VP_TO_WIN || vp <= -VP_TO_WIN) {
            let winner = if vp > 0 { Side::Us } else { Side::Ussr };
            self.end_game(Some(winner), "vp", "twilight.end.vp", args!["winner" => winner, "n" => VP_TO_WIN]);
        }
    }

    /// Move DEFCON by `delta` (capped at 5); reaching 1 ends the game and
    /// `culprit` loses (8.1).
    pub fn change_defcon(&mut self, delta: i32, culprit: Side) {
        let old = self.defcon as i32;
        let new = (old + delta).min(5);
        if new <= 1 {
            self.defcon = 1;
            crate::log_kept!(self, log, "twilight.defcon.war", args![]);
            let winner = culprit.opp();
            self.end_game(
                Some(winner),
                "defcon",
                "twilight.end.defcon",
                args!["loser" => culprit, "winner" => winner],
            );
            return;
        }
        if new != old {
            self.defcon = new as u8;
            let code = if new < old { "twilight.defcon.falls" } else { "twilight.defcon.rises" };
            crate::log_kept!(self, log, code, args!["defcon" => new]);
        }
    }

    /// Credit Military Operations (the track stops at 5).
    pub fn add_milops(&mut self, side: Side, n: i32) {
        let v = (self.milops[side.ix()] as i32 + n).clamp(0, 5);
        self.milops[side.ix()] = v as u8;
    }

    /// Put a frame on top of the decision stack.
    #[inline]
    pub fn push(&mut self, f: Frame) {
        self.stack.push(f);
    }

    /// Does `side` hold the ability of Space Race box `bx` (6.4.3)?
    #[inline]
    pub fn space_ability(&self, side: Side, bx: u8) -> bool {
        self.space[side.ix()] >= bx && self.space[side.opp().ix()] < bx
    }

    /// Draw the top card, reshuffling the discard pile into an empty draw
    /// pile (11). None when no card is left anywhere.
    pub fn draw_card(&mut self) -> Option<u8> {
        if self.deck.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            let pile = std::mem::take(&mut self.discard);
            self.deck.extend_from_slice(&pile);
            crate::rng::shuffle(&mut self.rng, &mut self.deck);
            let n = self.deck.len();
            crate::log_kept!(self, log, "twilight.deck.reshuffled", args!["n" => n]);
        }
        self.deck.pop()
    }

    /// Draw a card into `side`'s hand (`draw_card`), which its opponent no
    /// longer knows to be out of the draw pile: a card it had seen there
    /// is now in a hand it cannot see. None when no card is left anywhere.
    pub fn draw_into_hand(&mut self, side: Side) -> Option<u8> {
        let c = self.draw_card()?;
        self.hands[side.ix()].push(c);
        let known = &mut self.known[side.opp().ix()];
        if let Some(k) = known.iter().position(|&x| x == c) {
            known.remove(k);
        }
        Some(c)
    }

    /// Ops value of `card` played by `side` with every modifier in force
    /// (7.4), and its region bonuses (`[region id, amount]`, lost when an
    /// op is spent outside the region: The China Card's Asia +1, Vietnam
    /// Revolts' Southeast Asia +1 for the USSR). `base` replaces the printed
    /// value ("as if an N-ops card": `card` is then 0). The total includes
    /// the bonuses.
    pub fn card_ops(&self, side: Side, card: u8, base: Option<i8>) -> (i8, Vec<(u8, i8)>) {
        let mut ops = base.unwrap_or(CARD_OPS[card as usize] as i8);
        let mut bonus: Vec<(u8, i8)> = if card == CHINA { vec![(R_ASIA, 1)] } else { Vec::new() };
        let eff = &self.effects;
        if !eff.is_empty() {
            if ((side == Side::Us && eff.has(EffectName::Containment))
                || (side == Side::Ussr && eff.has(EffectName::BrezhnevDoctrine)))
                && ops < 4
            {
                ops = (ops + 1).min(4);
            }
            if let Some(purge) = eff.get(EffectName::RedScarePurge) {
                if purge.side.is_some_and(|s| s.includes(side)) {
                    ops = (ops - 1).max(1);
                }
            }
            if side == Side::Ussr && eff.has(EffectName::VietnamRevolts) {
                bonus.push((R_SOUTHEAST_ASIA, 1));
            }
        }
        let total = ops + bonus.iter().map(|b| b.1).sum::<i8>();
        (total, bonus)
    }

    /// A card's ops value with modifiers but without region bonuses.
    pub fn flat_ops(&self, side: Side, card: u8) -> i8 {
        let (ops, bonus) = self.card_ops(side, card, None);
        ops - bonus.iter().map(|b| b.1).sum::<i8>()
    }

    /// Cards of the given periods that go into the draw pile (no China Card).
    pub fn deck_for_periods(&self, periods: &[Period]) -> CardList {
        let mut cards = CardList::new();
        for p in periods {
            let (base, optional) = match p {
                Period::Early => (PERIOD_EARLY, OPTIONAL_EARLY),
                Period::Mid => (PERIOD_MID, OPTIONAL_MID),
                Period::Late => (PERIOD_LATE, OPTIONAL_LATE),
            };
            cards.extend_from_slice(base);
            if self.options.optional_cards {
                cards.extend_from_slice(optional);
            }
        }
        cards
    }

    /// Deal each side up to the turn's hand size, one card at a time, USSR
    /// first, reshuffling when the draw pile runs out.
    pub fn deal(&mut self) {
        let size = hand_size(self.turn);
        let mut dealt = [0usize; 2];
        'outer: loop {
            let mut moved = false;
            for side in Side::BOTH {
                if self.hands[side.ix()].len() < size {
                    if self.draw_into_hand(side).is_none() {
                        break 'outer;
                    }
                    dealt[side.ix()] += 1;
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
        if dealt[0] > 0 || dealt[1] > 0 {
            self.reveals += 1;
            crate::log_kept!(self, log, "twilight.deal.drawn", args!["ussr" => dealt[0], "us" => dealt[1]]);
        }
        for side in Side::BOTH {
            let n = self.hands[side.ix()].len();
            if n < size {
                crate::log_kept!(self, log, "twilight.deal.short", args!["side" => side, "n" => n]);
            }
        }
    }
}

/// Remove the first `x` from `v` (Python's `list.remove`); false if absent.
#[inline]
pub fn remove_item(v: &mut CardList, x: u8) -> bool {
    if let Some(k) = v.iter().position(|&y| y == x) {
        v.remove(k);
        true
    } else {
        false
    }
}

/// All country indexes.
pub const COUNTRIES: std::ops::Range<usize> = 0..N_COUNTRIES;
