//! Playing a card (rule 5, `rules/play.py`): action round legality and its
//! application, events (who owns them, starred cards), operations, the
//! order of an opponent's event and the ops, the Space Race, the UN
//! Intervention pairing, the Cuban Missile Crisis lift, traps and Missile
//! Envy.

use std::borrow::Cow;

use crate::json::Value;

use super::actions as act;
use super::data::{CardSide, CARD_SIDE, CHINA, SCORING, SPACE_BOXES, STARRED};
use super::effects::{trap_card, trap_of};
use super::events::{self, Play};
use super::rules::{action_rounds, args, country, remove_item, Why, CUBAN_MISSILE_CRISIS, MISSILE_ENVY, PLAYERS, SPECTATORS, UN_INTERVENTION};
use super::state::{EffectName, Frame, Roll, Side, State};

/// Countries where the side threatened by the Cuban Missile Crisis may
/// remove 2 influence to end it: Cuba for the USSR, West Germany or
/// Turkey for the US.
pub fn cmc_lift(side: Side) -> &'static [usize] {
    match side {
        Side::Ussr => &[71],
        Side::Us => &[13, 10],
    }
}

/// Grain Sales to Soviets, the only card whose ops `choose return` uses.
pub const RETURN_CARD: u16 = act::ID_CHOOSE + 19;

/// Does `card` carry `side`'s opponent's event?
#[inline]
pub fn opponents_card(card: u8, side: Side) -> bool {
    matches!((CARD_SIDE[card as usize], side), (CardSide::Us, Side::Ussr) | (CardSide::Ussr, Side::Us))
}

/// UN Intervention is played as an event only with a card in hand that
/// carries the opponent's event.
fn un_partner(hand: &[u8], side: Side) -> bool {
    hand.iter().any(|&c| opponents_card(c, side))
}

impl State {
    /// Can `card`'s event happen at all right now (scoring cards always;
    /// others with events on, implemented and not blocked)?
    pub fn has_event(&self, card: u8) -> bool {
        let scoring = SCORING[card as usize];
        if !scoring && !events::implemented(card) {
            return false;
        }
        if !(scoring || self.options.events) {
            return false;
        }
        !self.event_blocked(card)
    }

    /// Carry out `play.card`'s event; `finish_at` is the index of the
    /// card's finish frame (an event that does not take place leaves a
    /// starred card in the discard pile).
    pub fn run_event(&mut self, play: Play, finish_at: usize) {
        let card = play.card;
        if !self.has_event(card) {
            let code = if !self.options.events { "twilight.event.off" } else { "twilight.event.blocked" };
            crate::log_kept!(self, log, code, args!["card" => card]);
            self.set_finish_remove(finish_at, false);
            return;
        }
        let happened = if SCORING[card as usize] {
            self.scoring_event(card);
            true
        } else {
            events::run(self, play)
        };
        if !happened {
            crate::log_kept!(self, log, "twilight.event.fails", args!["card" => card]);
            self.set_finish_remove(finish_at, false);
        }
    }

    fn set_finish_remove(&mut self, at: usize, remove_it: bool) {
        if let Some(Frame::Finish { remove, .. }) = self.stack.get_mut(at) {
            *remove = remove_it;
        }
    }

    /// Called by an event whose card stays on the table until its effect is
    /// used: the card stays in `in_play`. False if the card is not being played.
    pub fn keep_on_table(&mut self, card: u8) -> bool {
        for f in self.stack.iter_mut().rev() {
            if let Frame::Finish { card: c, remove, table, .. } = f {
                if *c == card {
                    *table = Some(true);
                    *remove = false;
                    return true;
                }
            }
        }
        false
    }

    /// A card kept on the table goes to the discard pile (or is removed).
    pub fn leave_table(&mut self, card: u8, removed: bool) {
        remove_item(&mut self.in_play, card);
        if removed {
            self.removed.push(card);
        } else {
            self.discard.push(card);
        }
    }

    /// Play `card` for its event for `side` (the card is already in play);
    /// `by` is the side it came from. Its finish frame goes under anything
    /// the event pushes.
    pub fn play_event(&mut self, side: Side, card: u8, by: Side) {
        let at = self.stack.len();
        self.push(Frame::Finish { side, card, remove: STARRED[card as usize], table: None });
        self.run_event(Play { side, card, by }, at);
    }

    /// The ops a card needs for `side` to play it to the Space Race now, or
    /// None when it may not try this turn.
    pub fn space_need(&self, side: Side) -> Option<i8> {
        let bx = self.space[side.ix()] as usize + 1;
        if bx >= SPACE_BOXES.len() {
            return None;
        }
        let allowed = if self.space_ability(side, 2) { 2 } else { 1 };
        if self.space_tries[side.ix()] >= allowed {
            return None;
        }
        Some(SPACE_BOXES[bx].0 as i8)
    }

    /// May `side` play `card` to the Space Race now?
    pub fn can_space(&self, side: Side, card: u8) -> bool {
        self.space_need(side).is_some_and(|need| !SCORING[card as usize] && self.flat_ops(side, card) >= need)
    }

    /// Mandatory action rounds left, this one included.
    pub fn rounds_left(&self, extra: bool) -> i32 {
        if extra {
            return 1;
        }
        action_rounds(self.turn) as i32 - self.ar as i32 + 1
    }

    pub(crate) fn legal_action_round(&self, p: Side, extra: bool, only: Option<u8>, ret: Option<u8>, out: &mut Vec<u16>) {
        let side = p;
        if let Some(c) = only {
            self.legal_card_play(side, c, ret, out);
            return;
        }
        let hand = &self.hands[side.ix()];
        let has_eff = !self.effects.is_empty();
        if has_eff {
            let envious = self
                .effects
                .get(EffectName::MissileEnvy)
                .is_some_and(|e| e.side == Some(super::state::SideOrBoth::One(side)))
                && hand.contains(&MISSILE_ENVY);
            if envious || self.effects.has(trap_of(side)) {
                self.legal_constrained_round(side, extra, envious, out);
                self.cmc_lift_ids(side, out);
                return;
            }
        }
        let n_scoring = hand.iter().filter(|&&c| SCORING[c as usize]).count() as i32;
        let forced = n_scoring > 0 && n_scoring >= self.rounds_left(extra);
        let events_on = self.options.events;
        let need = self.space_need(side);
        let start = out.len();
        for &c in hand {
            if SCORING[c as usize] {
                out.push(act::event(c));
                continue;
            }
            if forced {
                continue;
            }
            if events_on
                && !opponents_card(c, side)
                && self.has_event(c)
                && (c != UN_INTERVENTION || un_partner(hand, side))
            {
                out.push(act::event(c));
            }
            out.push(act::ops(c));
            if let Some(need) = need {
                if self.flat_ops(side, c) >= need {
                    out.push(act::space(c));
                }
            }
        }
        if !forced && self.china == side && self.china_up {
            out.push(act::ops(CHINA));
            if let Some(need) = need {
                if self.flat_ops(side, CHINA) >= need {
                    out.push(act::space(CHINA));
                }
            }
        }
        if extra || out.len() == start || hand.is_empty() {
            out.push(act::ID_PASS);
        }
        if has_eff {
            self.cmc_lift_ids(side, out);
        }
    }

    fn cmc_lift_ids(&self, side: Side, out: &mut Vec<u16>) {
        if let Some(cmc) = self.effects.get(EffectName::CubanMissileCrisis) {
            if cmc.side == Some(super::state::SideOrBoth::One(side)) {
                for &i in cmc_lift(side) {
                    if self.inf[side.ix()][i] >= 2 {
                        out.push(act::remove(i));
                    }
                }
            }
        }
    }

    fn legal_constrained_round(&self, side: Side, extra: bool, envious: bool, out: &mut Vec<u16>) {
        let hand = &self.hands[side.ix()];
        let start = out.len();
        let scoring: Vec<u16> = hand.iter().filter(|&&c| SCORING[c as usize]).map(|&c| act::event(c)).collect();
        if !scoring.is_empty() && scoring.len() as i32 >= self.rounds_left(extra) {
            out.extend(scoring);
        } else if self.effects.has(trap_of(side)) {
            let mut able: Vec<u8> =
                hand.iter().copied().filter(|&c| !SCORING[c as usize] && self.flat_ops(side, c) >= 2).collect();
            if envious && able.contains(&MISSILE_ENVY) {
                able = vec![MISSILE_ENVY];
            }
            if able.is_empty() {
                out.extend(scoring);
            } else {
                out.extend(able.iter().map(|&c| act::discard(c)));
            }
        } else {
            out.push(act::ops(MISSILE_ENVY));
        }
        if extra || out.len() == start {
            out.push(act::ID_PASS);
        }
    }

    fn legal_card_play(&self, side: Side, c: u8, ret: Option<u8>, out: &mut Vec<u16>) {
        if SCORING[c as usize] {
            out.push(act::event(c));
        } else {
            if self.options.events
                && !opponents_card(c, side)
                && self.has_event(c)
                && (c != UN_INTERVENTION || (self.ar != 0 && un_partner(&self.hands[side.ix()], side)))
            {
                out.push(act::event(c));
            }
            out.push(act::ops(c));
        }
        if ret.is_some_and(|r| r != 0) {
            out.push(RETURN_CARD);
        }
    }

    pub(crate) fn apply_action_round(&mut self, id: u16) {
        let Some(Frame::Action { p: side, only, ret, .. }) = self.stack.last().cloned() else { return };
        let verb = act::verb(id);
        if verb == act::Verb::Remove {
            let i = act::country_arg(id);
            self.inf[side.ix()][i] -= 2;
            crate::log_kept!(self, log, "twilight.cmc.lifted", args!["side" => side, "country" => country(i), "card" => CUBAN_MISSILE_CRISIS]);
            self.end_effect(EffectName::CubanMissileCrisis);
            return;
        }
        self.stack.pop();
        let un_event = id == act::event(UN_INTERVENTION);
        let bury = !self.effects.is_empty()
            && side == Side::Us
            && self.effects.has(EffectName::WeWillBuryYou)
            && only.is_none();
        if bury && !un_event {
            self.we_will_bury_you(false);
            if self.over {
                return;
            }
        }
        if id == act::ID_PASS {
            crate::log_kept!(self, log, "twilight.round.pass", args!["side" => side]);
            return;
        }
        if id == RETURN_CARD {
            let (Some(given), Some(ret)) = (only, ret) else { return };
            let opp = side.opp();
            remove_item(&mut self.hands[side.ix()], given);
            self.hands[opp.ix()].push(given);
            self.known[side.ix()].push(given);
            crate::log_kept!(self, log_to, 
                "twilight.round.return_unseen",
                SPECTATORS,
                args!["side" => side, "opp" => opp, "card2" => ret],
            );
            crate::log_kept!(self, log_to, 
                "twilight.round.return_card",
                PLAYERS,
                args!["side" => side, "card" => given, "opp" => opp, "card2" => ret],
            );
            self.begin_ops(side, ret, None, None, None, false);
            return;
        }
        let c = act::card_arg(id);
        if verb == act::Verb::Discard {
            let trap = trap_of(side);
            self.discard_from_hand(side, c, Why::Card(trap_card(trap)));
            if c == MISSILE_ENVY {
                self.effects.remove(EffectName::MissileEnvy);
            }
            let data = Value::Obj(args!["side" => side, "trap" => trap.name()]);
            self.roll_for(Cow::Borrowed("trap_escape"), data);
            return;
        }
        if c != CHINA {
            remove_item(&mut self.hands[side.ix()], c);
            self.in_play.push(c);
        }
        if !self.effects.is_empty() {
            if c == MISSILE_ENVY
                && self
                    .effects
                    .get(EffectName::MissileEnvy)
                    .is_some_and(|e| e.side == Some(super::state::SideOrBoth::One(side)))
            {
                self.effects.remove(EffectName::MissileEnvy);
            }
            if verb != act::Verb::Space {
                self.flower_power_check(side, c);
                if self.over {
                    return;
                }
            }
        }
        match verb {
            act::Verb::Event => {
                crate::log_kept!(self, log, "twilight.play.event", args!["side" => side, "card" => c]);
                if bury && c == UN_INTERVENTION {
                    self.we_will_bury_you(true);
                }
                self.play_event(side, c, side);
            }
            act::Verb::Ops => {
                crate::log_kept!(self, log, "twilight.play.ops", args!["side" => side, "card" => c]);
                let at = self.stack.len();
                self.push(Frame::Finish { side, card: c, remove: STARRED[c as usize], table: None });
                if opponents_card(c, side) && self.has_event(c) {
                    self.push(Frame::Order { p: side, card: c });
                } else {
                    self.set_finish_remove(at, false);
                    self.begin_ops(side, c, None, None, None, false);
                }
            }
            _ => {
                self.space_tries[side.ix()] += 1;
                let bx = self.space[side.ix()] + 1;
                let best = SPACE_BOXES.get(bx as usize).map_or(0, |b| b.1);
                crate::log_kept!(self, log, "twilight.play.space", args!["side" => side, "card" => c, "space" => bx, "best" => best]);
                self.push(Frame::Finish { side, card: c, remove: false, table: None });
                self.push(Frame::Roll(Roll::Space { side }));
            }
        }
    }

    pub(crate) fn legal_order(c: u8, out: &mut Vec<u16>) {
        out.push(act::event(c));
        out.push(act::ops(c));
    }

    pub(crate) fn apply_order(&mut self, id: u16) {
        let Some(Frame::Order { p: side, card: c }) = self.stack.last().cloned() else { return };
        self.stack.pop();
        let finish_at = self.stack.len().saturating_sub(1);
        let owner = side.opp();
        if act::verb(id) == act::Verb::Event {
            crate::log_kept!(self, log, "twilight.order.event_first", args!["owner" => owner, "card" => c]);
            self.begin_ops(side, c, None, None, None, false);
            self.run_event(Play { side: owner, card: c, by: side }, finish_at);
        } else {
            crate::log_kept!(self, log, "twilight.order.ops_first", args!["owner" => owner, "card" => c]);
            self.push(Frame::FireEvent { side: owner, card: c });
            self.begin_ops(side, c, None, None, None, false);
        }
    }

    pub(crate) fn proc_fire_event(&mut self) {
        let Some(Frame::FireEvent { side, card }) = self.stack.pop() else { return };
        let finish_at = self.stack.len().saturating_sub(1);
        self.run_event(Play { side, card, by: side.opp() }, finish_at);
    }
}
