//! Operations (rule 6, `rules/ops.py`): access and influence placement
//! (6.1), coups (6.3, DEFCON limits 8.1.5, Military Operations 8.2),
//! realignments (6.2), the dice that resolve them, and the Space Race roll.

use std::borrow::Cow;

use crate::json::{Text, Value};

use super::actions as act;
use super::data::{
    ADJACENT, BATTLEGROUND, CHINA, NAMES, NEXT_TO, N_COUNTRIES, REGION, REGION_BITS, R_ASIA, R_EUROPE, R_MIDDLE_EAST,
    SPACE_BOXES, STABILITY, SUPERPOWER,
};
use super::effects::SHIELDS;
use super::events::Answer;
use super::rules::{args, country, msg, Why, CUBAN_MISSILE_CRISIS, YURI_AND_SAMANTHA};
use super::state::{EffectName, Frame, OpsFrame, OpsMode, Roll, Side, State};

/// What limits coup and realignment targets: an ops frame's `only` and
/// `free`, or the same from an event that asks before pushing one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scope<'a> {
    pub only: Option<&'a [u8]>,
    pub free: bool,
}

impl<'a> Scope<'a> {
    /// The scope of an ops frame.
    pub fn of(f: &'a OpsFrame) -> Scope<'a> {
        Scope { only: f.only.as_deref(), free: f.free.unwrap_or(false) }
    }
}

/// Is country `i` in region (or subregion) `r`?
#[inline]
pub fn in_region(i: usize, r: u8) -> bool {
    REGION_BITS[i] & (1 << r) != 0
}

/// The regions closed to coups and realignments at each DEFCON (8.1.5),
/// as bits of region ids (index: DEFCON).
const CLOSED: [u16; 6] = [
    (1 << R_EUROPE) | (1 << R_ASIA) | (1 << R_MIDDLE_EAST),
    (1 << R_EUROPE) | (1 << R_ASIA) | (1 << R_MIDDLE_EAST),
    (1 << R_EUROPE) | (1 << R_ASIA) | (1 << R_MIDDLE_EAST),
    (1 << R_EUROPE) | (1 << R_ASIA),
    1 << R_EUROPE,
    0,
];

/// Is region `r` closed to coups and realignments at `defcon` (8.1.5)?
#[inline]
pub fn closed(defcon: u8, r: u8) -> bool {
    CLOSED[(defcon as usize).min(5)] & (1 << r) != 0
}

/// Ops the frame can still spend in country `i`.
fn usable(f: &OpsFrame, i: usize) -> i8 {
    let mut ops = f.ops;
    for &(r, amount) in &f.bonus {
        if !in_region(i, r) {
            ops -= amount;
        }
    }
    ops
}

/// Spend ops in country `i`, forfeiting bonuses it does not qualify for.
fn spend(f: &mut OpsFrame, i: usize, cost: i8) {
    if !f.bonus.is_empty() {
        let mut lost = 0;
        f.bonus.retain(|&(r, amount)| {
            if in_region(i, r) {
                true
            } else {
                lost += amount;
                false
            }
        });
        f.ops -= lost;
    }
    f.ops -= cost;
}

impl State {
    /// Countries `side` may place influence in with ops (6.1.1), sorted.
    pub fn access(&self, side: Side) -> Vec<u8> {
        let mut acc = [false; N_COUNTRIES];
        for &i in NEXT_TO[side.ix()] {
            acc[i as usize] = true;
        }
        let inf = &self.inf[side.ix()];
        for i in 0..N_COUNTRIES {
            if inf[i] > 0 {
                acc[i] = true;
                for &j in ADJACENT[i] {
                    acc[j as usize] = true;
                }
            }
        }
        (0..N_COUNTRIES as u8).filter(|&i| acc[i as usize]).collect()
    }

    /// Push an operations frame for `card` (`begin_ops`). `ops`: "as if an
    /// N-ops card"; `kinds`: some of "pcr" (None: all); `only`: the allowed
    /// countries; `free`: free coups/realignments.
    pub fn begin_ops(&mut self, side: Side, card: u8, ops: Option<i8>, kinds: Option<Text>, only: Option<Vec<u8>>, free: bool) {
        let (total, bonus) = self.card_ops(side, if ops.is_some() { 0 } else { card }, ops);
        let kinds = kinds.filter(|k| k != "pcr");
        let places = kinds.as_ref().is_none_or(|k| k.contains('p'));
        let f = OpsFrame {
            p: side,
            card,
            ops: total,
            bonus,
            mode: OpsMode::Undecided,
            access: if places { self.access(side) } else { Vec::new() },
            kinds,
            only,
            free: if free { Some(true) } else { None },
            then: None,
        };
        self.push(Frame::Ops(f));
    }

    /// Countries `side` may coup (or, `coup` false, realign) now.
    pub fn coup_targets(&self, side: Side, scope: Scope, coup: bool) -> Vec<u8> {
        let mut out = Vec::new();
        self.each_coup_target(side, scope, coup, |i| out.push(i as u8));
        out
    }

    /// Countries `side` may realign now.
    pub fn realign_targets(&self, side: Side, scope: Scope) -> Vec<u8> {
        self.coup_targets(side, scope, false)
    }

    /// Call `each` for every coup (or realignment) target, in order.
    fn each_coup_target(&self, side: Side, scope: Scope, coup: bool, mut each: impl FnMut(usize)) {
        let opp_inf = &self.inf[side.opp().ix()];
        let shields = side == Side::Ussr && self.effects.mask & SHIELDS != 0;
        let mut visit = |i: usize| {
            if opp_inf[i] > 0 && !(shields && self.protected(side, i, coup)) {
                each(i);
            }
        };
        match (scope.free, scope.only) {
            (_, Some(only)) => {
                for &i in only {
                    let i = i as usize;
                    if scope.free || !closed(self.defcon, REGION[i]) {
                        visit(i);
                    }
                }
            }
            (true, None) => (0..N_COUNTRIES).for_each(&mut visit),
            (false, None) => {
                let closed = CLOSED[(self.defcon as usize).min(5)];
                for (i, &r) in REGION.iter().enumerate() {
                    if closed & (1 << r) == 0 {
                        visit(i);
                    }
                }
            }
        }
    }

    fn placements(&self, f: &OpsFrame, out: &mut Vec<u16>) {
        self.each_placement(f, |i| {
            out.push(act::place(i));
            false
        });
    }

    /// Call `each` for every country where the frame may place influence,
    /// in its order, until `each` returns true.
    fn each_placement(&self, f: &OpsFrame, mut each: impl FnMut(usize) -> bool) {
        let side = f.p;
        let my = &self.inf[side.ix()];
        let opp = &self.inf[side.opp().ix()];
        let banned = if side == Side::Ussr && !self.effects.is_empty() {
            self.effects.get(EffectName::Chernobyl).and_then(|e| e.region)
        } else {
            None
        };
        let bonus = !f.bonus.is_empty();
        for &i in &f.access {
            if let Some(only) = &f.only {
                if !only.contains(&i) {
                    continue;
                }
            }
            let i = i as usize;
            if let Some(r) = banned {
                if in_region(i, r) {
                    continue;
                }
            }
            let controlled = opp[i] as i32 - my[i] as i32 >= STABILITY[i] as i32;
            let ok = if bonus {
                let cost = if controlled { 2 } else { 1 };
                cost <= usable(f, i)
            } else {
                f.ops >= 2 || !controlled
            };
            if ok && each(i) {
                return;
            }
        }
    }

    /// Legal ids of an ops frame: ops must be spent while any use remains.
    pub(crate) fn legal_ops(&self, f: &OpsFrame, out: &mut Vec<u16>) {
        let side = f.p;
        let start = out.len();
        match f.mode {
            OpsMode::Place => {
                self.placements(f, out);
                return;
            }
            OpsMode::Realign => {
                self.each_coup_target(side, Scope::of(f), false, |i| {
                    if usable(f, i) >= 1 {
                        out.push(act::realign(i));
                    }
                });
                return;
            }
            OpsMode::Undecided => {}
        }
        if f.allows('p') {
            self.placements(f, out);
        }
        if f.allows('c') {
            self.each_coup_target(side, Scope::of(f), true, |i| out.push(act::coup(i)));
        }
        if f.allows('r') {
            self.each_coup_target(side, Scope::of(f), false, |i| {
                if usable(f, i) >= 1 {
                    out.push(act::realign(i));
                }
            });
        }
        if out.len() == start {
            out.push(act::ID_DONE);
        }
    }

    fn ops_exhausted(&self, f: &OpsFrame) -> bool {
        if f.ops <= 0 {
            return true;
        }
        if f.mode == OpsMode::Place {
            let mut any = false;
            self.each_placement(f, |_| {
                any = true;
                true
            });
            return !any;
        }
        let mut any = false;
        self.each_coup_target(f.p, Scope::of(f), false, |i| any |= usable(f, i) >= 1);
        !any
    }

    pub(crate) fn apply_ops(&mut self, id: u16) {
        let Some(Frame::Ops(f)) = self.stack.last() else { return };
        let side = f.p;
        if id == act::ID_DONE {
            self.stack.pop();
            crate::log_kept!(self, log, "twilight.ops.no_use", args!["side" => side]);
            return;
        }
        let i = act::country_arg(id);
        match act::verb(id) {
            act::Verb::Place => {
                let cost = if self.control(i) == Some(side.opp()) { 2 } else { 1 };
                self.inf[side.ix()][i] += 1;
                let Some(Frame::Ops(f)) = self.stack.last_mut() else { return };
                spend(f, i, cost);
                f.mode = OpsMode::Place;
                let code = if cost == 1 { "twilight.ops.place" } else { "twilight.ops.place_controlled" };
                crate::log_kept!(self, log, code, args!["side" => side, "country" => country(i)]);
                let exhausted = match self.stack.last() {
                    Some(Frame::Ops(f)) => self.ops_exhausted(f),
                    _ => false,
                };
                if exhausted {
                    self.stack.pop();
                }
            }
            act::Verb::Coup => {
                let ops = usable(f, i);
                let free = f.free.unwrap_or(false);
                let then = f.then.clone().unwrap_or(Cow::Borrowed(""));
                self.stack.pop();
                self.declare_coup(side, i, ops, free, then);
            }
            _ => {
                let Some(Frame::Ops(f)) = self.stack.last_mut() else { return };
                spend(f, i, 1);
                f.mode = OpsMode::Realign;
                crate::log_kept!(self, log, "twilight.realign.declared", args!["side" => side, "country" => country(i)]);
                self.push(Frame::Roll(Roll::Realign { side, target: i as u8, first: 0 }));
            }
        }
    }

    /// `side` attempts a coup in country `i` with `ops`: effects reacting to
    /// the attempt apply, then the die is rolled. `then` ("": none) runs
    /// after the coup resolves, with the influence it removed.
    pub fn declare_coup(&mut self, side: Side, i: usize, ops: i8, free: bool, then: Text) {
        let code = if free { "twilight.coup.declared_free" } else { "twilight.coup.declared" };
        crate::log_kept!(self, log, code, args!["side" => side, "country" => country(i), "ops" => ops]);
        if !self.effects.is_empty() {
            if let Some(cmc) = self.effects.get(EffectName::CubanMissileCrisis) {
                if cmc.side.is_some_and(|s| s.includes(side)) && cmc.side != Some(super::state::SideOrBoth::Both) {
                    let winner = side.opp();
                    self.end_game(
                        Some(winner),
                        "defcon",
                        "twilight.end.cuban_missile_crisis",
                        args!["loser" => side, "card" => CUBAN_MISSILE_CRISIS, "winner" => winner],
                    );
                    return;
                }
            }
            if side == Side::Us && self.effects.has(EffectName::YuriAndSamantha) {
                self.gain_vp(Side::Ussr, 1, Some(Why::Card(YURI_AND_SAMANTHA)));
                if self.over {
                    return;
                }
            }
        }
        self.push(Frame::Roll(Roll::Coup { side, target: i as u8, ops, free, then }));
    }

    /// Resolve a coup (6.3).
    pub fn resolve_coup(&mut self, side: Side, i: usize, ops: i8, mut roll: i32, free: bool) {
        let opp = side.opp();
        if !self.effects.is_empty() {
            roll += self.coup_die_modifier(side, i);
        }
        let defense = 2 * STABILITY[i] as i32;
        let total = roll + ops as i32 - defense;
        if total > 0 {
            let removed = total.min(self.inf[opp.ix()][i] as i32);
            self.inf[opp.ix()][i] -= removed as u8;
            self.inf[side.ix()][i] += (total - removed) as u8;
            crate::log_kept!(self, log, 
                "twilight.coup.success",
                args!["country" => country(i), "roll" => roll, "ops" => ops, "defense" => defense, "total" => total,
                      "opp" => opp, "n" => removed, "side" => side, "n2" => total - removed],
            );
        } else {
            crate::log_kept!(self, log, 
                "twilight.coup.fails",
                args!["country" => country(i), "roll" => roll, "ops" => ops, "defense" => defense, "total" => total],
            );
        }
        if !free {
            self.add_milops(side, ops as i32);
        }
        if BATTLEGROUND[i] && !(side == Side::Us && self.effects.has(EffectName::NuclearSubs)) {
            let p = self.phasing;
            self.change_defcon(-1, p);
        }
    }

    /// A side's modified realignment roll and how the log shows it.
    fn realign_die(&self, side: Side, i: usize, roll: i32) -> (i32, Value) {
        let countries: Vec<Value> = ADJACENT[i]
            .iter()
            .filter(|&&j| self.control(j as usize) == Some(side))
            .map(|&j| Value::s(NAMES[j as usize]))
            .collect();
        let more = i32::from(self.inf[side.ix()][i] > self.inf[side.opp().ix()][i]);
        let home = i32::from(SUPERPOWER[i] == Some(side));
        let contra = i32::from(side == Side::Us && self.effects.has(EffectName::IranContraScandal));
        let adj = countries.len() as i32;
        let total = roll + adj + more + home - contra;
        if total == roll && contra == 0 {
            return (roll, msg("twilight.realign.die", args!["side" => side, "roll" => roll]));
        }
        (
            total,
            msg(
                "twilight.realign.die_modified",
                args!["side" => side, "roll" => roll, "adj" => adj, "effect" => EffectName::IranContraScandal.name(),
                      "total" => total, "countries" => Value::List(countries), "more" => more, "home" => home,
                      "contra" => contra],
            ),
        )
    }

    /// Resolve a realignment (6.2.3).
    pub fn resolve_realign(&mut self, side: Side, i: usize, roll: i32, opp_roll: i32) {
        let opp = side.opp();
        let (mine, realigner) = self.realign_die(side, i, roll);
        let (theirs, defender) = self.realign_die(opp, i, opp_roll);
        let loser = if mine > theirs {
            opp
        } else if theirs > mine {
            side
        } else {
            crate::log_kept!(self, log, "twilight.realign.tied", args!["country" => country(i), "realigner" => realigner, "defender" => defender]);
            return;
        };
        let removed = ((mine - theirs).abs()).min(self.inf[loser.ix()][i] as i32);
        self.inf[loser.ix()][i] -= removed as u8;
        crate::log_kept!(self, log, 
            "twilight.realign.won",
            args!["country" => country(i), "realigner" => realigner, "defender" => defender, "loser" => loser,
                  "n" => removed],
        );
    }

    /// A Space Race attempt (6.4).
    pub fn resolve_space(&mut self, side: Side, roll: i32) {
        let bx = self.space[side.ix()] + 1;
        let Some(&(_, best, first_vp, second_vp)) = SPACE_BOXES.get(bx as usize) else { return };
        if roll > best as i32 {
            crate::log_kept!(self, log, "twilight.space.fails", args!["side" => side, "roll" => roll]);
            return;
        }
        self.space[side.ix()] = bx;
        let first = self.space[side.opp().ix()] < bx;
        crate::log_kept!(self, log, "twilight.space.success", args!["side" => side, "roll" => roll, "space" => bx, "box" => bx]);
        self.gain_vp(
            side,
            if first { first_vp } else { second_vp },
            Some(Why::Msg(msg("twilight.why.space_box", args!["box" => bx]))),
        );
    }

    pub(crate) fn apply_roll(&mut self, id: u16) {
        let roll = act::arg(id);
        crate::rng::next_u64(&mut self.rng);
        let Some(Frame::Roll(r)) = self.stack.last_mut() else { return };
        match r {
            Roll::Realign { side, target, first } => {
                if *first == 0 {
                    *first = roll as u8;
                    return;
                }
                let (side, target, first) = (*side, *target as usize, *first as i32);
                self.stack.pop();
                self.resolve_realign(side, target, first, roll);
                let exhausted = match self.stack.last() {
                    Some(Frame::Ops(f)) => self.ops_exhausted(f),
                    _ => false,
                };
                if exhausted {
                    self.stack.pop();
                }
            }
            Roll::Coup { side, target, ops, free, then } => {
                let (side, target, ops, free) = (*side, *target as usize, *ops, *free);
                let has_then = !then.is_empty();
                let frame = self.stack.pop();
                let before = self.inf[side.opp().ix()][target] as i32;
                self.resolve_coup(side, target, ops, roll, free);
                if has_then && !self.over {
                    if let Some(frame) = frame {
                        let removed = before - self.inf[side.opp().ix()][target] as i32;
                        let Frame::Roll(Roll::Coup { then, .. }) = &frame else { return };
                        let then = then.clone();
                        super::machine::resume(self, &then, frame, Answer::Num(removed));
                    }
                }
            }
            Roll::Event { then, .. } => {
                let then = then.clone();
                if let Some(frame) = self.stack.pop() {
                    super::machine::resume(self, &then, frame, Answer::Num(roll));
                }
            }
            Roll::Space { side } => {
                let side = *side;
                self.stack.pop();
                self.resolve_space(side, roll);
            }
        }
    }
}

/// China Card helper for callers: is `card` The China Card?
#[inline]
pub fn is_china(card: u8) -> bool {
    card == CHINA
}
