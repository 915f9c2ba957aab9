//! Scoring (rule 10, `rules/scoring.py`) and the seven scoring cards
//! (`cards/scoring.py`), which are events even when other events are off.

use std::borrow::Cow;

use crate::json::Value;

use super::data::{BATTLEGROUND, CHINA, IN_REGION, REGIONS, REGION_NAMES, REGION_SCORING, R_ASIA, R_MIDDLE_EAST, R_SOUTHEAST_ASIA, SUPERPOWER};
use super::events::Answer;
use super::rules::{args, country, msg, remove_item, Why};
use super::state::{AskKind, EffectName, Frame, Side, State};

/// Taiwan, a battleground for scoring under Formosan Resolution.
pub const TAIWAN: usize = 36;
/// Thailand, worth 2 in Southeast Asia scoring.
pub const THAILAND: usize = 41;
/// Shuttle Diplomacy's card.
pub const SHUTTLE_DIPLOMACY: u8 = 73;

/// The level a side reached in a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    None,
    Presence,
    Domination,
    Control,
}

impl Level {
    /// The level's name (`region_scores`).
    pub fn name(self) -> &'static str {
        match self {
            Level::None => "none",
            Level::Presence => "Presence",
            Level::Domination => "Domination",
            Level::Control => "Control",
        }
    }

    fn code(self) -> &'static str {
        match self {
            Level::None => "",
            Level::Presence => "twilight.level.presence",
            Level::Domination => "twilight.level.domination",
            Level::Control => "twilight.level.control",
        }
    }
}

/// What one side scores in a region, part by part (10.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideScore {
    pub level: Level,
    pub base: i32,
    pub battlegrounds: i32,
    pub adjacent: i32,
}

impl SideScore {
    pub fn vp(&self) -> i32 {
        self.base + self.battlegrounds + self.adjacent
    }
}

/// The scoring card of each region id, for its name.
pub fn region_name(r: u8) -> &'static str {
    REGION_NAMES[r as usize]
}

impl State {
    /// Is country `i` a battleground for scoring (Formosan Resolution adds
    /// Taiwan while the US controls it)?
    pub fn battleground(&self, i: usize) -> bool {
        BATTLEGROUND[i]
            || (i == TAIWAN && self.effects.has(EffectName::FormosanResolution) && self.control(i) == Some(Side::Us))
    }

    /// Each side's score of region `r` (USSR, US). `exclude` (-1: none)
    /// counts for neither side; `scoring` false uses printed battlegrounds.
    pub fn region_parts(&self, r: u8, exclude: i32, scoring: bool) -> [SideScore; 2] {
        let mut countries = [0i32; 2];
        let mut bgs = [0i32; 2];
        let mut adj = [0i32; 2];
        let mut total_bg = 0;
        for &i in IN_REGION[r as usize] {
            let i = i as usize;
            let bg = if scoring { self.battleground(i) } else { BATTLEGROUND[i] };
            total_bg += i32::from(bg);
            let Some(c) = self.control(i) else { continue };
            if i as i32 == exclude {
                continue;
            }
            countries[c.ix()] += 1;
            if bg {
                bgs[c.ix()] += 1;
            }
            if SUPERPOWER[i] == Some(c.opp()) {
                adj[c.ix()] += 1;
            }
        }
        let (presence, domination, control) = REGION_SCORING[r as usize];
        let mut out = [SideScore { level: Level::None, base: 0, battlegrounds: 0, adjacent: 0 }; 2];
        for side in Side::BOTH {
            let (s, o) = (side.ix(), side.opp().ix());
            let (n, b) = (countries[s], bgs[s]);
            let (level, base) = if b == total_bg && n > countries[o] {
                (Level::Control, control.max(0))
            } else if n > countries[o] && b > bgs[o] && b >= 1 && n - b >= 1 {
                (Level::Domination, domination)
            } else if n >= 1 {
                (Level::Presence, presence)
            } else {
                (Level::None, 0)
            };
            out[s] = SideScore { level, base, battlegrounds: b, adjacent: adj[s] };
        }
        out
    }

    /// VP each side earns for region `r`, the levels, and who Controls it.
    pub fn region_scores(&self, r: u8, exclude: i32, scoring: bool) -> ([i32; 2], [Level; 2], Option<Side>) {
        let p = self.region_parts(r, exclude, scoring);
        let ctrl = Side::BOTH.into_iter().find(|s| p[s.ix()].level == Level::Control);
        ([p[0].vp(), p[1].vp()], [p[0].level, p[1].level], ctrl)
    }

    /// Score a region as its scoring card does; Control of Europe wins.
    pub fn score_region(&mut self, r: u8, exclude: i32) {
        let parts = self.region_parts(r, exclude, true);
        crate::log_kept!(self, log, 
            "twilight.scoring.parts",
            args!["region" => region_name(r), "ussr" => side_score(Side::Ussr, &parts[0]),
                  "us" => side_score(Side::Us, &parts[1])],
        );
        let ctrl = Side::BOTH.into_iter().find(|s| parts[s.ix()].level == Level::Control);
        if r == super::data::R_EUROPE {
            if let Some(w) = ctrl {
                self.end_game(Some(w), "europe", "twilight.end.europe", args!["winner" => w, "region" => region_name(r)]);
                return;
            }
        }
        self.gain_vp(
            Side::Us,
            parts[1].vp() - parts[0].vp(),
            Some(Why::Msg(msg("twilight.why.region_scoring", args!["region" => region_name(r)]))),
        );
    }

    /// Southeast Asia scoring: 1 VP per controlled country, Thailand 2.
    pub fn score_southeast_asia(&mut self) {
        let mut vp = [0i32; 2];
        let mut scored: [Vec<Value>; 2] = [Vec::new(), Vec::new()];
        for &i in IN_REGION[R_SOUTHEAST_ASIA as usize] {
            let i = i as usize;
            if let Some(c) = self.control(i) {
                let n = if i == THAILAND { 2 } else { 1 };
                vp[c.ix()] += n;
                scored[c.ix()].push(msg("twilight.scoring.country_vp", args!["country" => country(i), "n" => n]));
            }
        }
        let [s_ussr, s_us] = scored;
        let one = |side: Side, points: i32, list: Vec<Value>| {
            if list.is_empty() {
                msg("twilight.scoring.side_none", args!["side" => side])
            } else {
                msg("twilight.scoring.countries", args!["side" => side, "points" => points, "scored" => Value::List(list)])
            }
        };
        let ussr = one(Side::Ussr, vp[0], s_ussr);
        let us = one(Side::Us, vp[1], s_us);
        crate::log_kept!(self, log, "twilight.scoring.parts", args!["region" => "Southeast Asia", "ussr" => ussr, "us" => us]);
        self.gain_vp(
            Side::Us,
            vp[1] - vp[0],
            Some(Why::Msg(msg("twilight.why.region_scoring", args!["region" => "Southeast Asia"]))),
        );
    }

    /// Final scoring after turn 10 (10.3.2).
    pub fn final_scoring(&mut self) {
        crate::log_kept!(self, log, "twilight.final.start", args![]);
        self.final_ = true;
        for r in REGIONS {
            self.score_region(r, -1);
            if self.over {
                return;
            }
        }
        let holder = self.china;
        self.gain_vp(holder, 1, Some(Why::Card(CHINA)));
        let vp = self.vp;
        if vp != 0 {
            let w = if vp > 0 { Side::Us } else { Side::Ussr };
            self.end_game(Some(w), "final_scoring", "twilight.end.final", args!["vp" => vp, "winner" => w]);
        } else {
            self.end_game(None, "final_scoring", "twilight.end.final_draw", args!["vp" => vp]);
        }
    }

    /// A scoring card's event (`cards/scoring.py`).
    pub fn scoring_event(&mut self, card: u8) {
        match card {
            1 => self.score_with_shuttle(R_ASIA),
            3 => self.score_with_shuttle(R_MIDDLE_EAST),
            38 => self.score_southeast_asia(),
            _ => {
                let r = super::data::SCORING_REGION[card as usize];
                if (r as usize) < REGION_NAMES.len() {
                    self.score_region(r, -1);
                }
            }
        }
    }

    /// Asia or the Middle East, with Shuttle Diplomacy's US pick first.
    fn score_with_shuttle(&mut self, r: u8) {
        if !self.has_effect(EffectName::ShuttleDiplomacy) {
            self.score_region(r, -1);
            return;
        }
        let options: Vec<u8> = IN_REGION[r as usize]
            .iter()
            .copied()
            .filter(|&i| self.battleground(i as usize) && self.control(i as usize) == Some(Side::Ussr))
            .collect();
        let data = Value::Obj(args!["region" => region_name(r)]);
        if !self.ask(Side::Us, AskKind::Target, options, Cow::Borrowed("shuttle_diplomacy"), false, data) {
            self.shuttle_diplomacy_scores(r, -1);
        }
    }

    /// The `shuttle_diplomacy` continuation.
    pub fn shuttle_diplomacy(&mut self, frame: &Frame, answer: &Answer) {
        let Frame::Ask(f) = frame else { return };
        let r = match f.data.get("region") {
            Some(Value::Str(s)) if s == "Asia" => R_ASIA,
            _ => R_MIDDLE_EAST,
        };
        self.shuttle_diplomacy_scores(r, answer.num().unwrap_or(-1));
    }

    fn shuttle_diplomacy_scores(&mut self, r: u8, i: i32) {
        if i >= 0 {
            crate::log_kept!(self, log, "twilight.card.shuttle_diplomacy.excluded", args!["country" => country(i as usize)]);
        } else {
            crate::log_kept!(self, log, "twilight.card.shuttle_diplomacy.none", args![]);
        }
        self.score_region(r, i);
        self.end_effect(EffectName::ShuttleDiplomacy);
        if self.in_play.contains(&SHUTTLE_DIPLOMACY) {
            remove_item(&mut self.in_play, SHUTTLE_DIPLOMACY);
            self.discard.push(SHUTTLE_DIPLOMACY);
        }
    }
}

/// How the log shows one side's score.
fn side_score(side: Side, part: &SideScore) -> Value {
    if part.level == Level::None {
        return msg("twilight.scoring.side_none", args!["side" => side]);
    }
    let level = msg(part.level.code(), args![]);
    if part.battlegrounds == 0 && part.adjacent == 0 {
        return msg("twilight.scoring.side_level", args!["side" => side, "level" => level, "points" => part.vp()]);
    }
    msg(
        "twilight.scoring.side",
        args!["side" => side, "level" => level, "base" => part.base, "bg" => part.battlegrounds,
              "adj" => part.adjacent, "opp" => side.opp(), "points" => part.vp()],
    )
}
