//! The turn sequence (rule 4.5, `rules/turn.py`): set-up, the start of a
//! turn, headlines, action rounds and extra rounds, NORAD, and the end of
//! a turn (held scoring cards, Military Operations, the China Card, final
//! scoring). `proc_turn` and `proc_finish` are the procedures `advance` runs.

use super::actions as act;
use super::data::{CARD_NAME, CARD_OPS, CHINA, IN_REGION, N_COUNTRIES, SCORING, STAYS_IN_PLAY};
use super::rules::{
    action_rounds, args, country, msg, remove_item, Period, Why, DEFECTORS, EAGLE_BEAR_HAS_LANDED, LATE_WAR_TURN,
    MAN_IN_EARTH_ORBIT, MID_WAR_TURN, MISSILE_ENVY, NORAD, NORTH_SEA_OIL, SPACE_STATION, TURNS, UN_INTERVENTION,
};
use super::state::{EffectName, Frame, HlOpen, InfluenceFrame, Side, State, Step, Until};

/// Canada, which the US must control for NORAD.
pub const CANADA: usize = 0;

impl State {
    fn turn_start(&mut self) {
        let turn = self.turn;
        crate::log_kept!(self, log, "twilight.turn.start", args!["turn" => turn]);
        self.change_defcon(1, Side::Ussr);
        if turn == MID_WAR_TURN || turn == LATE_WAR_TURN {
            let period = if turn == MID_WAR_TURN { Period::Mid } else { Period::Late };
            let cards = self.deck_for_periods(&[period]);
            self.deck.extend_from_slice(&cards);
            crate::rng::shuffle(&mut self.rng, &mut self.deck);
            let code = if turn == MID_WAR_TURN { "twilight.deck.mid_war" } else { "twilight.deck.late_war" };
            crate::log_kept!(self, log, code, args![]);
        }
        self.deal();
    }

    fn headline_first(&mut self) -> Side {
        if self.space_ability(Side::Us, MAN_IN_EARTH_ORBIT) {
            self.hl_open = HlOpen::One(Side::Ussr);
            return Side::Ussr;
        }
        if self.space_ability(Side::Ussr, MAN_IN_EARTH_ORBIT) {
            self.hl_open = HlOpen::One(Side::Us);
            return Side::Us;
        }
        self.hl_open = HlOpen::None;
        Side::Ussr
    }

    fn reveal_headlines(&mut self) -> Vec<Side> {
        let hl = self.headline;
        self.reveals += 1;
        self.hl_open = HlOpen::Both;
        match (hl[0], hl[1]) {
            (a, b) if a != 0 && b != 0 => crate::log_kept!(self, log, "twilight.headline.revealed", args!["card" => a, "card2" => b]),
            (a, _) if a != 0 => crate::log_kept!(self, log, "twilight.headline.revealed_ussr", args!["card" => a]),
            (_, b) if b != 0 => crate::log_kept!(self, log, "twilight.headline.revealed_us", args!["card" => b]),
            _ => crate::log_kept!(self, log, "twilight.headline.revealed_none", args![]),
        }
        if hl[1] == DEFECTORS && hl[0] != 0 && self.has_event(DEFECTORS) {
            self.cancel_headline(Side::Ussr, Why::Card(DEFECTORS));
        }
        let hl = self.headline;
        let key = |s: Side| {
            let c = hl[s.ix()] as usize;
            (if SCORING[c] { 0 } else { CARD_OPS[c] }, u8::from(s == Side::Us))
        };
        let mut order: Vec<Side> = Side::BOTH.into_iter().filter(|s| hl[s.ix()] != 0).collect();
        order.sort_by_key(|&s| std::cmp::Reverse(key(s)));
        order
    }

    /// `side`'s revealed headline is cancelled before it resolves: the card
    /// is discarded without effect.
    pub fn cancel_headline(&mut self, side: Side, why: Why) {
        let c = self.headline[side.ix()];
        self.headline[side.ix()] = 0;
        self.discard.push(c);
        crate::log_kept!(self, log, "twilight.headline.cancelled", args!["why" => why.to_value(), "side" => side, "card" => c]);
    }

    fn resolve_headline(&mut self, side: Side) {
        let c = self.headline[side.ix()];
        if c == 0 {
            return;
        }
        self.headline[side.ix()] = 0;
        self.in_play.push(c);
        self.phasing = side;
        if !self.effects.is_empty() {
            self.flower_power_check(side, c);
            if self.over {
                return;
            }
        }
        self.play_event(side, c, side);
    }

    fn begin_round(&mut self, side: Side, extra: bool) {
        if !self.effects.is_empty() {
            let stale = self
                .effects
                .get(EffectName::MissileEnvy)
                .is_some_and(|e| e.side == Some(super::state::SideOrBoth::One(side)))
                && !self.hands[side.ix()].contains(&MISSILE_ENVY);
            if stale {
                self.effects.remove(EffectName::MissileEnvy);
            }
        }
        if self.hands[side.ix()].is_empty() && !(self.china == side && self.china_up) {
            crate::log_kept!(self, log, "twilight.round.no_card", args!["side" => side]);
            if side == Side::Us && self.effects.has(EffectName::WeWillBuryYou) {
                self.we_will_bury_you(false);
            }
            return;
        }
        self.push(Frame::Action { p: side, extra, only: None, ret: None });
    }

    fn extra_round(&mut self, side: Side) {
        let station = self.space_ability(side, SPACE_STATION);
        if !station {
            let oil = if side == Side::Us { self.effects.get(EffectName::NorthSeaOil) } else { None };
            match oil {
                Some(e) if e.turn == Some(self.turn) => {}
                _ => return,
            }
        }
        if !(!self.hands[side.ix()].is_empty() || (self.china == side && self.china_up)) {
            return;
        }
        self.phasing = side;
        if station {
            crate::log_kept!(self, log, "twilight.round.extra_space", args!["side" => side, "space" => SPACE_STATION]);
        } else {
            crate::log_kept!(self, log, "twilight.round.extra_card", args!["side" => side, "card" => NORTH_SEA_OIL]);
        }
        if self.options.events {
            let d = self.defcon;
            if let Some(Frame::Turn(t)) = self.stack.first_mut() {
                t.defcon0 = Some(d);
            }
        }
        self.begin_round(side, true);
    }

    fn norad(&mut self) {
        let before = match self.stack.first_mut() {
            Some(Frame::Turn(t)) => t.defcon0.take(),
            _ => None,
        };
        let Some(before) = before else { return };
        if before == 2 || self.defcon != 2 || self.over {
            return;
        }
        if !self.effects.has(EffectName::Norad) || self.control(CANADA) != Some(Side::Us) {
            return;
        }
        crate::log_kept!(self, log, "twilight.norad.trigger", args!["card" => NORAD]);
        let us = &self.inf[Side::Us.ix()];
        let allowed: Vec<u8> = (0..N_COUNTRIES as u8).filter(|&i| us[i as usize] > 0).collect();
        let mut f = InfluenceFrame::new(true, Side::Us, Side::Us, 1, allowed);
        f.optional = true;
        self.push_influence(f);
    }

    fn turn_end(&mut self) {
        let holders: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| self.hands[s.ix()].iter().any(|&c| SCORING[c as usize]))
            .collect();
        if holders.len() == 2 {
            self.end_game(None, "scoring_card_held", "twilight.end.scoring_card_held_both", args![]);
            return;
        }
        if let Some(&loser) = holders.first() {
            let w = loser.opp();
            self.end_game(
                Some(w),
                "scoring_card_held",
                "twilight.end.scoring_card_held",
                args!["loser" => loser, "winner" => w],
            );
            return;
        }
        let defcon = self.defcon as i32;
        let mut net = 0;
        for side in Side::BOTH {
            let short = defcon - self.milops[side.ix()] as i32;
            if short > 0 {
                crate::log_kept!(self, log, "twilight.milops.short", args!["side" => side, "n" => short, "defcon" => defcon]);
                net += if side == Side::Ussr { short } else { -short };
            }
        }
        if net != 0 {
            self.gain_vp(Side::Us, net, Some(Why::Msg(msg("twilight.why.milops", args![]))));
            if self.over {
                return;
            }
        }
        if !self.china_up {
            self.china_up = true;
            let holder = self.china;
            crate::log_kept!(self, log, "twilight.china.face_up", args!["card" => CHINA, "side" => holder]);
        }
        if self.turn >= TURNS {
            self.final_scoring();
            return;
        }
        self.turn += 1;
        self.ar = 0;
        self.phasing = Side::Ussr;
        self.milops = [0; 2];
        self.space_tries = [0; 2];
        self.expire_effects(Until::Turn);
    }

    fn turn_mut(&mut self) -> Option<&mut super::state::TurnFrame> {
        match self.stack.last_mut() {
            Some(Frame::Turn(t)) => Some(t),
            _ => None,
        }
    }

    /// One step of the turn sequence (the turn frame is on top).
    pub(crate) fn proc_turn(&mut self) {
        let Some(Frame::Turn(t)) = self.stack.last() else { return };
        let step = t.step;
        match step {
            Step::Start => {
                self.turn_start();
                if let Some(t) = self.turn_mut() {
                    t.step = Step::Headline;
                }
            }
            Step::Headline => {
                let first = self.headline_first();
                if self.hl_open != HlOpen::None {
                    crate::log_kept!(self, log, "twilight.headline.first_shown", args!["side" => first, "space" => MAN_IN_EARTH_ORBIT]);
                }
                if let Some(t) = self.turn_mut() {
                    t.step = Step::Headline2;
                    t.first = Some(first);
                }
                self.push(Frame::Headline { p: first });
            }
            Step::Headline2 => {
                let first = t.first.unwrap_or(Side::Ussr);
                if let Some(t) = self.turn_mut() {
                    t.step = Step::Reveal;
                }
                self.push(Frame::Headline { p: first.opp() });
            }
            Step::Reveal => {
                let order = self.reveal_headlines();
                if let Some(t) = self.turn_mut() {
                    t.order = Some(order);
                    t.step = Step::Resolve;
                }
            }
            Step::Resolve => {
                let next = t.order.as_ref().and_then(|o| o.first().copied());
                if let Some(side) = next {
                    if let Some(t) = self.turn_mut() {
                        if let Some(o) = t.order.as_mut() {
                            o.remove(0);
                        }
                    }
                    self.resolve_headline(side);
                } else {
                    if let Some(t) = self.turn_mut() {
                        t.order = None;
                        t.first = None;
                        t.step = Step::Round;
                    }
                    self.hl_open = HlOpen::None;
                    self.ar = 1;
                    self.phasing = Side::Ussr;
                }
            }
            Step::Round => {
                if self.ar > action_rounds(self.turn) {
                    if let Some(t) = self.turn_mut() {
                        t.step = Step::Extra;
                    }
                    return;
                }
                let side = self.phasing;
                if side == Side::Ussr {
                    let ar = self.ar;
                    crate::log_kept!(self, log, "twilight.round.start", args!["ar" => ar]);
                }
                let d = self.defcon;
                let events = self.options.events;
                if let Some(t) = self.turn_mut() {
                    t.step = Step::RoundDone;
                    if events {
                        t.defcon0 = Some(d);
                    }
                }
                self.begin_round(side, false);
            }
            Step::RoundDone => {
                if t.defcon0.is_some() {
                    self.norad();
                }
                if self.phasing == Side::Ussr {
                    self.phasing = Side::Us;
                } else {
                    self.phasing = Side::Ussr;
                    self.ar += 1;
                }
                if let Some(Frame::Turn(t)) = self.stack.first_mut() {
                    t.step = Step::Round;
                }
            }
            Step::Extra => {
                if let Some(t) = self.turn_mut() {
                    t.step = Step::ExtraUs;
                }
                self.extra_round(Side::Ussr);
            }
            Step::ExtraUs => {
                if t.defcon0.is_some() {
                    self.norad();
                }
                if let Some(Frame::Turn(t)) = self.stack.first_mut() {
                    t.step = Step::ExtraEnd;
                }
                self.extra_round(Side::Us);
            }
            Step::ExtraEnd => {
                if t.defcon0.is_some() {
                    self.norad();
                }
                if let Some(Frame::Turn(t)) = self.stack.first_mut() {
                    t.step = Step::Eagle;
                }
            }
            Step::Eagle => {
                if let Some(t) = self.turn_mut() {
                    t.step = Step::End;
                }
                for side in Side::BOTH {
                    if self.space_ability(side, EAGLE_BEAR_HAS_LANDED)
                        && self.hands[side.ix()].iter().any(|&c| !SCORING[c as usize])
                    {
                        self.push(Frame::Eagle { p: side });
                    }
                }
            }
            Step::End => {
                self.turn_end();
                if let Some(Frame::Turn(t)) = self.stack.first_mut() {
                    t.step = Step::Start;
                }
            }
        }
    }

    /// A played card leaves play (the finish frame is on top).
    pub(crate) fn proc_finish(&mut self) {
        let Some(Frame::Finish { side, card: c, remove, table }) = self.stack.pop() else { return };
        if c == CHINA {
            let opp = side.opp();
            self.china = opp;
            self.china_up = false;
            crate::log_kept!(self, log, "twilight.china.passes", args!["card" => CHINA, "side" => opp]);
            if side == Side::Us && self.effects.has(EffectName::FormosanResolution) {
                self.end_effect(EffectName::FormosanResolution);
            }
            return;
        }
        if table == Some(true) {
            if self.in_play.contains(&c) {
                crate::log_kept!(self, log, "twilight.card.stays", args!["card" => c]);
            }
            return;
        }
        if STAYS_IN_PLAY[c as usize] && remove {
            if let Some(name) = EffectName::parse(CARD_NAME[c as usize]) {
                if let Some(e) = self.effects.get_mut(name) {
                    e.card = Some(c);
                    return;
                }
            }
        }
        remove_item(&mut self.in_play, c);
        if remove {
            self.removed.push(c);
        } else {
            self.discard.push(c);
        }
    }

    pub(crate) fn legal_setup(region: u8, out: &mut Vec<u16>) {
        out.extend(IN_REGION[region as usize].iter().map(|&i| act::place(i as usize)));
    }

    pub(crate) fn apply_setup(&mut self, id: u16) {
        let Some(Frame::Setup { p, left, .. }) = self.stack.last_mut() else { return };
        let p = *p;
        *left = left.saturating_sub(1);
        let done = *left == 0;
        let i = act::country_arg(id);
        self.inf[p.ix()][i] += 1;
        crate::log_kept!(self, log, "twilight.setup.place", args!["side" => p, "country" => country(i)]);
        if done {
            self.stack.pop();
        }
    }

    pub(crate) fn legal_headline(&self, side: Side, out: &mut Vec<u16>) {
        let hand = &self.hands[side.ix()];
        let start = out.len();
        if self.options.events {
            let envy = self
                .effects
                .get(EffectName::MissileEnvy)
                .is_some_and(|e| e.side == Some(super::state::SideOrBoth::One(side)));
            let has_eff = !self.effects.is_empty();
            for &c in hand {
                if c == UN_INTERVENTION || (envy && c == MISSILE_ENVY) {
                    continue;
                }
                if !super::play::opponents_card(c, side) && has_eff && self.event_blocked(c) {
                    continue;
                }
                out.push(act::headline(c));
            }
        } else {
            out.extend(hand.iter().map(|&c| act::headline(c)));
        }
        if out.len() == start {
            out.push(act::ID_PASS);
        }
    }

    pub(crate) fn apply_headline(&mut self, id: u16) {
        let Some(Frame::Headline { p: side }) = self.stack.pop() else { return };
        if id == act::ID_PASS {
            self.headline[side.ix()] = 0;
            crate::log_kept!(self, log, "twilight.headline.none", args!["side" => side]);
            return;
        }
        let c = act::card_arg(id);
        remove_item(&mut self.hands[side.ix()], c);
        self.headline[side.ix()] = c;
        if self.hl_open == HlOpen::One(side) {
            crate::log_kept!(self, log, "twilight.headline.shown", args!["side" => side, "card" => c]);
        } else {
            crate::log_kept!(self, log, "twilight.headline.chosen", args!["side" => side]);
        }
    }

    pub(crate) fn legal_eagle(&self, side: Side, out: &mut Vec<u16>) {
        out.extend(self.hands[side.ix()].iter().filter(|&&c| !SCORING[c as usize]).map(|&c| act::discard(c)));
        out.push(act::ID_PASS);
    }

    pub(crate) fn apply_eagle(&mut self, id: u16) {
        let Some(Frame::Eagle { p: side }) = self.stack.pop() else { return };
        if id == act::ID_PASS {
            crate::log_kept!(self, log, "twilight.eagle.keeps", args!["side" => side, "space" => EAGLE_BEAR_HAS_LANDED]);
            return;
        }
        let c = act::card_arg(id);
        remove_item(&mut self.hands[side.ix()], c);
        self.discard.push(c);
        self.reveals += 1;
        crate::log_kept!(self, log, "twilight.eagle.discards", args!["side" => side, "card" => c, "space" => EAGLE_BEAR_HAS_LANDED]);
    }
}
