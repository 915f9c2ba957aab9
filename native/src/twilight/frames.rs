//! The generic event frames card events reuse (`rules/frames.py`): placing
//! or removing influence, a question, a die roll for an event, wars, Space
//! Race moves out of an event, and revealing or discarding from a hand.

use std::borrow::Cow;

use crate::json::{Text, Value};
use crate::log::Entry;

use super::actions as act;
use super::data::{ADJACENT, N_COUNTRIES, SPACE_BOXES, SUPERPOWER};
use super::events::Answer;
use super::rules::{args, country, msg, remove_item, Why, PUBLIC};
use super::state::{AskFrame, AskKind, Frame, InfluenceFrame, Roll, Side, State};

/// `per` of an influence frame that takes all of a side's influence from
/// each chosen country.
pub const ALL: u8 = 0;

impl InfluenceFrame {
    /// A plain influence frame (one point per action, no limit per country,
    /// not optional): set the other fields before `push_influence`.
    pub fn new(place: bool, chooser: Side, side: Side, count: i8, allowed: Vec<u8>) -> InfluenceFrame {
        InfluenceFrame {
            place,
            p: chooser,
            side,
            left: count,
            allowed,
            max: 0,
            done: Vec::new(),
            optional: false,
            per: None,
            then: None,
            question: None,
            log: None,
        }
    }
}

/// Read a side stored in event data.
pub fn data_side(data: &Value, key: &str) -> Option<Side> {
    match data.get(key) {
        Some(Value::Str(s)) => Side::parse(s),
        _ => None,
    }
}

/// Read an integer stored in event data.
pub fn data_int(data: &Value, key: &str) -> Option<i64> {
    match data.get(key) {
        Some(Value::Int(n)) => Some(*n),
        _ => None,
    }
}

/// Read a string stored in event data.
pub fn data_str<'a>(data: &'a Value, key: &str) -> Option<&'a str> {
    match data.get(key) {
        Some(Value::Str(s)) => Some(s),
        _ => None,
    }
}

/// Read a list of small integers (cards, countries) stored in event data.
pub fn data_bytes(data: &Value, key: &str) -> Option<Vec<u8>> {
    match data.get(key) {
        Some(Value::List(items)) => items
            .iter()
            .map(|x| match x {
                Value::Int(n) => u8::try_from(*n).ok(),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

impl State {
    /// Push an influence frame (`push_influence`); with nothing to do it is
    /// not pushed and its continuation, if any, runs at once with no
    /// countries.
    pub fn push_influence(&mut self, f: InfluenceFrame) {
        if f.left > 0 && self.influence_has_target(&f) {
            self.push(Frame::Influence(f));
        } else if let Some((then, _)) = f.then.clone() {
            super::machine::resume(self, &then, Frame::Influence(f), Answer::Countries(Vec::new()));
        }
    }

    fn influence_ok(&self, f: &InfluenceFrame, i: u8) -> bool {
        let done = &f.done;
        if f.per.is_some() {
            if f.place {
                return !done.contains(&i);
            }
            return self.inf[f.side.ix()][i as usize] > 0 && !done.contains(&i);
        }
        let mx = f.max as usize;
        let under = mx == 0 || done.iter().filter(|&&x| x == i).count() < mx;
        if f.place {
            under
        } else {
            self.inf[f.side.ix()][i as usize] > 0 && under
        }
    }

    fn influence_has_target(&self, f: &InfluenceFrame) -> bool {
        f.allowed.iter().any(|&i| self.influence_ok(f, i))
    }

    /// The countries an influence frame may still change, in its order.
    pub fn influence_targets(&self, f: &InfluenceFrame) -> Vec<u8> {
        f.allowed.iter().copied().filter(|&i| self.influence_ok(f, i)).collect()
    }

    pub(crate) fn legal_influence(&self, f: &InfluenceFrame, out: &mut Vec<u16>) {
        let asked = f.question.is_some();
        let base = if asked {
            act::ID_TARGET
        } else if f.place {
            act::ID_PLACE
        } else {
            act::ID_REMOVE
        };
        let start = out.len();
        for &i in &f.allowed {
            if self.influence_ok(f, i) {
                out.push(base + i as u16);
            }
        }
        if f.optional || out.len() == start {
            out.push(if asked { act::ID_PASS } else { act::ID_DONE });
        }
    }

    pub(crate) fn apply_influence(&mut self, id: u16) {
        if id == act::ID_DONE || id == act::ID_PASS {
            self.end_influence();
            return;
        }
        let i = act::country_arg(id);
        let Some(Frame::Influence(f)) = self.stack.last() else { return };
        let (place, side, per, code) = (f.place, f.side, f.per, f.log.clone());
        let have = self.inf[side.ix()][i];
        let n = match per {
            None => 1,
            Some(p) if place => p,
            Some(ALL) => have,
            Some(p) => p.min(have),
        };
        if place {
            self.inf[side.ix()][i] += n;
        } else {
            self.inf[side.ix()][i] -= n;
        }
        match code {
            None => {
                let c = if place { "twilight.influence.added" } else { "twilight.influence.removed" };
                crate::log_kept!(self, log, c, args!["side" => side, "country" => country(i)]);
            }
            Some(code) => {
                let a = if per.is_none() {
                    args!["country" => country(i)]
                } else {
                    args!["n" => n, "country" => country(i)]
                };
                self.log.push(Entry { code, args: a, to: Cow::Borrowed(PUBLIC) });
            }
        }
        let Some(Frame::Influence(f)) = self.stack.last_mut() else { return };
        f.done.push(i as u8);
        f.left -= 1;
        let finished = f.left <= 0;
        let f = f.clone();
        if finished || !self.influence_has_target(&f) {
            self.end_influence();
        }
    }

    fn end_influence(&mut self) {
        let Some(frame) = self.stack.pop() else { return };
        if let Frame::Influence(f) = &frame {
            if let Some((then, _)) = &f.then {
                let then = then.clone();
                let done = f.done.clone();
                super::machine::resume(self, &then, frame, Answer::Countries(done));
            }
        }
    }

    /// Push an event question (`ask`); false (nothing pushed) when there is
    /// nothing to choose and passing is not allowed.
    pub fn ask(&mut self, chooser: Side, kind: AskKind, options: Vec<u8>, then: Text, optional: bool, data: Value) -> bool {
        if kind != AskKind::YesNo && options.is_empty() && !optional {
            return false;
        }
        let data = if matches!(data, Value::Obj(_)) { data } else { Value::Obj(Vec::new()) };
        self.push(Frame::Ask(AskFrame { p: chooser, kind, options, then, optional, data }));
        true
    }

    /// Ask chance for a die roll for an event; continuation `then` gets it.
    pub fn roll_for(&mut self, then: Text, data: Value) {
        let data = if matches!(data, Value::Obj(_)) { data } else { Value::Obj(Vec::new()) };
        self.push(Frame::Roll(Roll::Event { then, data }));
    }

    pub(crate) fn legal_ask(f: &AskFrame, out: &mut Vec<u16>) {
        let base = match f.kind {
            AskKind::YesNo => {
                out.push(act::ID_YES);
                out.push(act::ID_NO);
                return;
            }
            AskKind::Target => act::ID_TARGET,
            AskKind::Pick => act::ID_PICK - 1,
            AskKind::Discard => act::ID_DISCARD - 1,
            AskKind::Choose => act::ID_CHOOSE,
            AskKind::Event => act::ID_EVENT - 1,
            AskKind::Ops => act::ID_OPS - 1,
        };
        out.extend(f.options.iter().map(|&x| base + x as u16));
        if f.optional {
            out.push(act::ID_PASS);
        }
    }

    pub(crate) fn apply_ask(&mut self, id: u16) {
        let Some(frame) = self.stack.pop() else { return };
        let Frame::Ask(f) = &frame else { return };
        let answer = if id == act::ID_YES {
            Answer::YesNo(true)
        } else if id == act::ID_NO {
            Answer::YesNo(false)
        } else if id == act::ID_PASS {
            Answer::Pass
        } else {
            Answer::Num(act::arg(id))
        };
        let then = f.then.clone();
        super::machine::resume(self, &then, frame, answer);
    }

    /// A war card (7.6): `side` attacks `target`, needing `win` or more
    /// after a penalty of 1 per adjacent enemy-controlled country (its
    /// superpower space counts) plus `extra_penalty`.
    #[allow(clippy::too_many_arguments)]
    pub fn war(&mut self, side: Side, target: usize, win: i32, vp: i32, milops: i32, card: u8, extra_penalty: i32) {
        let opp = side.opp();
        let mut penalty =
            extra_penalty + ADJACENT[target].iter().filter(|&&j| self.control(j as usize) == Some(opp)).count() as i32;
        if SUPERPOWER[target] == Some(opp) {
            penalty += 1;
        }
        self.add_milops(side, milops);
        crate::log_kept!(self, log, 
            "twilight.war.attack",
            args!["card" => card, "side" => side, "country" => country(target), "win" => win, "penalty" => penalty],
        );
        let data = Value::Obj(args![
            "side" => side, "target" => target, "win" => win, "vp" => vp, "penalty" => penalty, "card" => card
        ]);
        self.roll_for(Cow::Borrowed("war"), data);
    }

    /// A war's roll (continuation `war`).
    pub fn war_result(&mut self, frame: &Frame, roll: i32) {
        let Frame::Roll(Roll::Event { data, .. }) = frame else { return };
        let (Some(side), Some(i), Some(win), Some(vp), Some(penalty), Some(card)) = (
            data_side(data, "side"),
            data_int(data, "target"),
            data_int(data, "win"),
            data_int(data, "vp"),
            data_int(data, "penalty"),
            data_int(data, "card"),
        ) else {
            return;
        };
        let i = (i as usize).min(N_COUNTRIES - 1);
        let opp = side.opp();
        let total = roll as i64 - penalty;
        if total >= win {
            let moved = self.inf[opp.ix()][i];
            self.inf[opp.ix()][i] = 0;
            self.inf[side.ix()][i] += moved;
            crate::log_kept!(self, log, 
                "twilight.war.won",
                args!["card" => card, "roll" => roll, "penalty" => penalty, "total" => total, "side" => side,
                      "n" => moved, "opp" => opp, "country" => country(i)],
            );
            self.gain_vp(side, vp as i32, Some(Why::Card(card as u8)));
        } else {
            crate::log_kept!(self, log, 
                "twilight.war.lost",
                args!["card" => card, "roll" => roll, "penalty" => penalty, "total" => total, "side" => side],
            );
        }
    }

    /// Move `side`'s Space Race marker `boxes` boxes at once (events): only
    /// the VP of the box it lands in are scored.
    pub fn advance_space(&mut self, side: Side, boxes: u8, why: Why) {
        let bx = (self.space[side.ix()] + boxes).min(SPACE_BOXES.len() as u8 - 1);
        if bx == self.space[side.ix()] {
            return;
        }
        self.space[side.ix()] = bx;
        let first = self.space[side.opp().ix()] < bx;
        let (_, _, first_vp, second_vp) = SPACE_BOXES[bx as usize];
        crate::log_kept!(self, log, "twilight.space.advance", args!["why" => why.to_value(), "side" => side, "space" => bx, "box" => bx]);
        self.gain_vp(
            side,
            if first { first_vp } else { second_vp },
            Some(Why::Msg(msg("twilight.why.space_box", args!["box" => bx]))),
        );
    }

    /// `owner` shows its hand to the opponent (the entry is for the
    /// opponent alone).
    pub fn reveal_hand(&mut self, owner: Side, why: Why) {
        let mut hand = self.hands[owner.ix()];
        hand.sort_unstable();
        let opp = owner.opp();
        self.known[opp.ix()] = hand.to_vec();
        self.reveals += 1;
        if hand.is_empty() {
            crate::log_kept!(self, log_to, "twilight.hand.revealed_empty", opp.name(), args!["why" => why.to_value(), "side" => owner]);
        } else {
            crate::log_kept!(self, log_to, 
                "twilight.hand.revealed",
                opp.name(),
                args!["why" => why.to_value(), "side" => owner, "cards" => Value::ints(&hand)],
            );
        }
    }

    /// `side` discards `card` from its hand (no event).
    pub fn discard_from_hand(&mut self, side: Side, card: u8, why: Why) {
        remove_item(&mut self.hands[side.ix()], card);
        self.discard.push(card);
        self.reveals += 1;
        crate::log_kept!(self, log, "twilight.hand.discard", args!["why" => why.to_value(), "side" => side, "card" => card]);
    }
}
