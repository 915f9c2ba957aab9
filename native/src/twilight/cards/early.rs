//! The Early War events (`cards/early.py` and `cards/early_war.py`), card
//! for card as the Python engine does them: the same state changes, the
//! same frames pushed (with the same continuation names and data, so a
//! saved state resumes on either engine) and the same log entries.
//!
//! The scoring cards (`cards/scoring.py`) need nothing here: the rules run
//! them, Shuttle Diplomacy's `shuttle_diplomacy` continuation included
//! (`scoring::scoring_event`).
//!
//! Entry points, called by `events` before the other card groups:
//! [`implemented`], [`run`] (None: not a card of this group) and [`resume`]
//! (false: not a continuation of this group).

use std::borrow::Cow;

use crate::json::Value;

use super::super::data::{
    CardSide, CARD_SIDE, IN_REGION, N_COUNTRIES, R_AFRICA, R_EASTERN_EUROPE, R_EUROPE, R_SOUTHEAST_ASIA,
    R_WESTERN_EUROPE, STABILITY,
};
use super::super::events::{Answer, Play};
use super::super::frames::{data_int, data_side, ALL};
use super::super::rules::{args, country, msg, remove_item, Why, LATE_WAR_TURN};
use super::super::state::{AskKind, Effect, EffectName, Frame, InfluenceFrame, Side, SideOrBoth, State, Until};

// Countries the events name (indexes of `data::NAMES`).
const UK: u8 = 1;
const FRANCE: usize = 6;
const WEST_GERMANY: usize = 13;
const CZECHOSLOVAKIA: u8 = 16;
const HUNGARY: u8 = 17;
const YUGOSLAVIA: u8 = 18;
const ROMANIA: usize = 19;
const BULGARIA: u8 = 20;
const EGYPT: usize = 22;
const ISRAEL: usize = 23;
const PAKISTAN: u8 = 32;
const INDIA: u8 = 33;
const JAPAN: usize = 35;
const SOUTH_KOREA: usize = 37;
const VIETNAM: usize = 42;
const CUBA: usize = 71;

/// Option indexes of `choose` (`actions.OPTIONS`).
const OPT_REMOVE: u8 = 0;
const OPT_ADD: u8 = 1;
const OPT_PARTICIPATE: u8 = 2;
const OPT_BOYCOTT: u8 = 3;

/// Cards named by the events' log entries.
const OLYMPIC_GAMES: u8 = 20;
const INDO_PAKISTANI_WAR: u8 = 24;
const BLOCKADE: u8 = 10;
const WARSAW_PACT_FORMED: u8 = 16;
const NATO: u8 = 21;
const MARSHALL_PLAN: u8 = 23;

/// Suez Crisis' countries, in the Python list's order (France, UK, Israel).
const SUEZ: [u8; 3] = [FRANCE as u8, UK, ISRAEL as u8];
/// Independent Reds' countries, in the Python list's order.
const INDEPENDENT_REDS: [u8; 5] = [YUGOSLAVIA, ROMANIA as u8, BULGARIA, HUNGARY, CZECHOSLOVAKIA];
/// Indo-Pakistani War's targets, sorted as Python sorts them.
const INDIA_PAKISTAN: [u8; 2] = [PAKISTAN, INDIA];

/// Is `card`'s event one of this group's?
pub fn implemented(card: u8) -> bool {
    matches!(card, 4 | 5 | 7..=31 | 33..=35)
}

/// Make `play.card`'s event happen, if it is one of this group's: Some(false)
/// when the event did not take place (NATO without its prerequisite), None
/// when the card is not this group's.
pub fn run(s: &mut State, play: Play) -> Option<bool> {
    let card = play.card;
    match card {
        4 => duck_and_cover(s, card),
        5 => five_year_plan(s),
        7 => {
            let mut f = influence(false, Side::Ussr, Side::Us, 3, IN_REGION[R_WESTERN_EUROPE as usize].to_vec());
            f.max = 2;
            s.push_influence(f);
        }
        8 => clear_and_control(s, CUBA, "twilight.card.fidel.control"),
        9 => {
            s.inf[Side::Ussr.ix()][VIETNAM] += 2;
            s.add_effect_simple(EffectName::VietnamRevolts, Until::Turn);
            crate::log_kept!(s, log, "twilight.card.vietnam_revolts.effect", args![]);
        }
        10 => blockade(s),
        11 => s.war(Side::Ussr, SOUTH_KOREA, 4, 2, 2, card, 0),
        12 => clear_and_control(s, ROMANIA, "twilight.card.romanian_abdication.control"),
        13 => {
            let penalty = i32::from(s.control(ISRAEL) == Some(Side::Us));
            s.war(Side::Ussr, ISRAEL, 4, 2, 2, card, penalty);
        }
        14 => {
            let allowed = not_controlled_by(s, R_EASTERN_EUROPE, Side::Us);
            let mut f = influence(true, Side::Ussr, Side::Ussr, 4, allowed);
            f.max = 1;
            s.push_influence(f);
        }
        15 => nasser(s),
        16 => {
            s.add_effect_simple(EffectName::WarsawPactFormed, Until::Game);
            s.ask(
                Side::Ussr,
                AskKind::Choose,
                vec![OPT_REMOVE, OPT_ADD],
                Cow::Borrowed("warsaw_pact_formed"),
                false,
                empty(),
            );
        }
        17 => de_gaulle(s),
        18 => s.advance_space(play.side, 1, Why::Card(card)),
        19 => truman_doctrine(s),
        20 => {
            let side = play.side;
            s.ask(
                side.opp(),
                AskKind::Choose,
                vec![OPT_PARTICIPATE, OPT_BOYCOTT],
                Cow::Borrowed("olympic_games"),
                false,
                Value::Obj(args!["sponsor" => side]),
            );
        }
        21 => return Some(nato(s)),
        22 => independent_reds(s),
        23 => {
            let allowed = not_controlled_by(s, R_WESTERN_EUROPE, Side::Ussr);
            s.add_effect_simple(EffectName::MarshallPlan, Until::Game);
            let mut f = influence(true, Side::Us, Side::Us, 7, allowed);
            f.max = 1;
            s.push_influence(f);
        }
        24 => {
            let side = play.side;
            s.ask(
                side,
                AskKind::Target,
                INDIA_PAKISTAN.to_vec(),
                Cow::Borrowed("indo_pakistani_war"),
                false,
                Value::Obj(args!["side" => side]),
            );
        }
        25 => {
            s.add_effect_simple(EffectName::Containment, Until::Turn);
            crate::log_kept!(s, log, "twilight.card.containment.effect", args![]);
        }
        26 => {
            s.reveal_hand(Side::Ussr, Why::Card(card));
            s.begin_ops(Side::Us, card, Some(1), None, None, false);
        }
        27 => us_japan(s),
        28 => {
            let mut f = influence(false, Side::Ussr, Side::Us, 4, SUEZ.to_vec());
            f.max = 2;
            s.push_influence(f);
        }
        29 => {
            let per = if s.turn >= LATE_WAR_TURN { 2 } else { 1 };
            let mut f = influence(false, Side::Us, Side::Ussr, 3, IN_REGION[R_EASTERN_EUROPE as usize].to_vec());
            f.per = Some(per);
            asked(&mut f, "east_european_unrest", "twilight.card.east_european_unrest.removed");
            s.push_influence(f);
        }
        30 => {
            let mut allowed: Vec<u8> = IN_REGION[R_AFRICA as usize].to_vec();
            allowed.extend_from_slice(IN_REGION[R_SOUTHEAST_ASIA as usize]);
            allowed.sort_unstable();
            let mut f = influence(true, Side::Ussr, Side::Ussr, 4, allowed);
            f.max = 1;
            s.push_influence(f);
        }
        31 => red_scare_purge(s, play.side),
        33 => {
            let mut f = influence(false, Side::Ussr, Side::Ussr, 4, (0..N_COUNTRIES as u8).collect());
            f.optional = true;
            asked(&mut f, "de_stalinization", "twilight.card.de_stalinization.removed");
            s.push_influence(f);
        }
        34 => {
            let side = play.side;
            let n = s.defcon as i32 - 2;
            s.gain_vp(side, n, Some(Why::Card(card)));
            s.change_defcon(2, side);
        }
        35 => {
            s.add_effect_simple(EffectName::FormosanResolution, Until::Game);
            crate::log_kept!(s, log, "twilight.card.formosan_resolution.effect", args![]);
        }
        _ => return None,
    }
    Some(true)
}

/// Run the continuation `then` of this group with the finished `frame` and
/// its `answer`; false when `then` is not one of this group's. (It takes the
/// frame and answer by reference so that `events::resume` can offer them to
/// each card group in turn.)
pub fn resume(s: &mut State, then: &str, frame: &Frame, answer: &Answer) -> bool {
    match then {
        "truman_doctrine" => {
            if let Some(i) = country_answer(answer) {
                let removed = s.inf[Side::Ussr.ix()][i];
                s.inf[Side::Ussr.ix()][i] = 0;
                crate::log_kept!(s, log, "twilight.card.truman_doctrine.removed", args!["n" => removed, "country" => country(i)]);
            }
        }
        "olympic_games" => olympic_choice(s, frame, answer),
        "olympic_sponsor_roll" => {
            if let (Some(sponsor), Some(roll)) = (frame_side(frame, "sponsor"), answer.num()) {
                s.roll_for(
                    Cow::Borrowed("olympic_guest_roll"),
                    Value::Obj(args!["sponsor" => sponsor, "sponsor_roll" => roll]),
                );
            }
        }
        "olympic_guest_roll" => olympic_guest(s, frame, answer),
        "blockade" => match answer {
            Answer::Num(c) => {
                if let Ok(c) = u8::try_from(*c) {
                    s.discard_from_hand(Side::Us, c, Why::Card(BLOCKADE));
                }
            }
            _ => blockade_west_germany(s),
        },
        "warsaw_pact_formed" => warsaw_pact_choice(s, answer),
        "warsaw_pact_remove" => {
            if influence_left(frame) {
                crate::log_kept!(s, log, "twilight.card.warsaw_pact_formed.none", args![]);
            }
        }
        "independent_reds" => {
            if let Some(i) = country_answer(answer) {
                let added = s.inf[Side::Ussr.ix()][i].saturating_sub(s.inf[Side::Us.ix()][i]);
                s.inf[Side::Us.ix()][i] += added;
                crate::log_kept!(s, log, "twilight.card.independent_reds.added", args!["n" => added, "country" => country(i)]);
            }
        }
        "indo_pakistani_war" => {
            if let (Some(side), Some(i)) = (frame_side(frame, "side"), country_answer(answer)) {
                s.war(side, i, 4, 2, 2, INDO_PAKISTANI_WAR, 0);
            }
        }
        "east_european_unrest" => {
            if influence_left(frame) {
                crate::log_kept!(s, log, "twilight.card.east_european_unrest.none", args![]);
            }
        }
        "de_stalinization" => de_stalinization_place(s, answer),
        _ => return false,
    }
    true
}

/// Is `name` a continuation of this group?
pub fn is_continuation(name: &str) -> bool {
    matches!(
        name,
        "truman_doctrine"
            | "olympic_games"
            | "olympic_sponsor_roll"
            | "olympic_guest_roll"
            | "blockade"
            | "warsaw_pact_formed"
            | "warsaw_pact_remove"
            | "independent_reds"
            | "indo_pakistani_war"
            | "east_european_unrest"
            | "de_stalinization"
    )
}

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/// An empty event data object (Python's `{}`).
fn empty() -> Value {
    Value::Obj(Vec::new())
}

/// A plain influence frame (see `InfluenceFrame::new`).
fn influence(place: bool, chooser: Side, side: Side, count: i8, allowed: Vec<u8>) -> InfluenceFrame {
    InfluenceFrame::new(place, chooser, side, count, allowed)
}

/// Give an influence frame a continuation of the same name as its
/// question (with empty data) and its own log code, as the removals of
/// Warsaw Pact Formed, East European Unrest and De-Stalinization do.
fn asked(f: &mut InfluenceFrame, name: &'static str, log_code: &'static str) {
    f.then = Some((Cow::Borrowed(name), empty()));
    f.question = Some(Cow::Borrowed(name));
    f.log = Some(Cow::Borrowed(log_code));
}

/// The countries of region `r` that `side` does not control, in order.
fn not_controlled_by(s: &State, r: u8, side: Side) -> Vec<u8> {
    IN_REGION[r as usize].iter().copied().filter(|&i| s.control(i as usize) != Some(side)).collect()
}

/// A country index answered to a `target` question (None if out of range).
fn country_answer(answer: &Answer) -> Option<usize> {
    answer.num().and_then(|n| usize::try_from(n).ok()).filter(|&i| i < N_COUNTRIES)
}

/// A side stored in the data of an `ask` or event-roll frame.
fn frame_side(frame: &Frame, key: &str) -> Option<Side> {
    frame_data(frame).and_then(|d| data_side(d, key))
}

/// The event data of an `ask`, influence or event-roll frame.
fn frame_data(frame: &Frame) -> Option<&Value> {
    match frame {
        Frame::Ask(f) => Some(&f.data),
        Frame::Roll(super::super::state::Roll::Event { data, .. }) => Some(data),
        Frame::Influence(f) => f.then.as_ref().map(|(_, d)| d),
        _ => None,
    }
}

/// Did a finished influence frame end with choices left (`f["left"]`)?
fn influence_left(frame: &Frame) -> bool {
    matches!(frame, Frame::Influence(f) if f.left != 0)
}

// ---------------------------------------------------------------------------
// The events
// ---------------------------------------------------------------------------

/// Fidel, Romanian Abdication: all US influence leaves the country, then
/// the USSR tops its influence up to the country's stability.
fn clear_and_control(s: &mut State, i: usize, code: &'static str) {
    s.inf[Side::Us.ix()][i] = 0;
    let ussr = &mut s.inf[Side::Ussr.ix()][i];
    *ussr = (*ussr).max(STABILITY[i]);
    crate::log_kept!(s, log, code, args!["country" => country(i)]);
}

/// Duck and Cover: DEFCON falls by 1 (the phasing side loses at DEFCON 1),
/// then the US gains 5 minus DEFCON.
fn duck_and_cover(s: &mut State, card: u8) {
    let phasing = s.phasing;
    s.change_defcon(-1, phasing);
    if !s.over {
        let n = 5 - s.defcon as i32;
        s.gain_vp(Side::Us, n, Some(Why::Card(card)));
    }
}

/// Five Year Plan: a random card of the USSR hand is discarded; a US card's
/// event happens for the US (the card leaves the hand through play).
fn five_year_plan(s: &mut State) {
    let n = s.hands[Side::Ussr.ix()].len();
    if n == 0 {
        crate::log_kept!(s, log, "twilight.card.five_year_plan.no_card", args![]);
        return;
    }
    let k = crate::rng::randbelow(&mut s.rng, n);
    let card = s.hands[Side::Ussr.ix()][k];
    if CARD_SIDE[card as usize] != CardSide::Us {
        let why = Why::Msg(msg("twilight.card.five_year_plan.at_random", args![]));
        s.discard_from_hand(Side::Ussr, card, why);
        return;
    }
    remove_item(&mut s.hands[Side::Ussr.ix()], card);
    s.in_play.push(card);
    s.reveals += 1;
    crate::log_kept!(s, log, "twilight.card.five_year_plan.us_event", args!["card" => card]);
    s.play_event(Side::Us, card, Side::Ussr);
}

/// Blockade: the US may discard a card of 3+ ops (after modifiers), else
/// loses all its influence in West Germany.
fn blockade(s: &mut State) {
    let options: Vec<u8> = s.hands[Side::Us.ix()].iter().copied().filter(|&c| s.flat_ops(Side::Us, c) >= 3).collect();
    if options.is_empty() {
        crate::log_kept!(s, log, "twilight.card.blockade.no_card", args![]);
        blockade_west_germany(s);
        return;
    }
    s.ask(Side::Us, AskKind::Discard, options, Cow::Borrowed("blockade"), true, empty());
}

fn blockade_west_germany(s: &mut State) {
    let removed = s.inf[Side::Us.ix()][WEST_GERMANY];
    s.inf[Side::Us.ix()][WEST_GERMANY] = 0;
    crate::log_kept!(s, log, "twilight.card.blockade.removed", args!["n" => removed]);
}

/// Nasser: +2 USSR influence in Egypt, half the US influence there (rounded
/// up) removed.
fn nasser(s: &mut State) {
    s.inf[Side::Ussr.ix()][EGYPT] += 2;
    let us = &mut s.inf[Side::Us.ix()][EGYPT];
    let removed = us.div_ceil(2);
    *us -= removed;
    crate::log_kept!(s, log, "twilight.card.nasser.influence", args!["n" => removed]);
}

/// De Gaulle Leads France: up to 2 US influence leaves France, the USSR
/// adds 1; NATO no longer protects France.
fn de_gaulle(s: &mut State) {
    let removed = s.inf[Side::Us.ix()][FRANCE].min(2);
    s.inf[Side::Us.ix()][FRANCE] -= removed;
    s.inf[Side::Ussr.ix()][FRANCE] += 1;
    s.add_effect_simple(EffectName::DeGaulleLeadsFrance, Until::Game);
    crate::log_kept!(s, log, "twilight.card.de_gaulle_leads_france.effect", args!["n" => removed, "event" => NATO]);
}

/// Truman Doctrine: the US picks an uncontrolled European country with
/// USSR influence, which all leaves it.
fn truman_doctrine(s: &mut State) {
    let options: Vec<u8> = IN_REGION[R_EUROPE as usize]
        .iter()
        .copied()
        .filter(|&i| s.inf[Side::Ussr.ix()][i as usize] > 0 && s.control(i as usize).is_none())
        .collect();
    if !s.ask(Side::Us, AskKind::Target, options, Cow::Borrowed("truman_doctrine"), false, empty()) {
        crate::log_kept!(s, log, "twilight.card.truman_doctrine.none", args![]);
    }
}

/// NATO: only after Warsaw Pact Formed or Marshall Plan (false otherwise).
fn nato(s: &mut State) -> bool {
    if !(s.has_effect(EffectName::WarsawPactFormed) || s.has_effect(EffectName::MarshallPlan)) {
        crate::log_kept!(s, log, "twilight.card.nato.blocked", args!["event" => WARSAW_PACT_FORMED, "event2" => MARSHALL_PLAN]);
        return false;
    }
    s.add_effect_simple(EffectName::Nato, Until::Game);
    crate::log_kept!(s, log, "twilight.card.nato.effect", args![]);
    true
}

/// Independent Reds: the US picks a country where the USSR has more
/// influence and matches it.
fn independent_reds(s: &mut State) {
    let options: Vec<u8> = INDEPENDENT_REDS
        .iter()
        .copied()
        .filter(|&i| s.inf[Side::Ussr.ix()][i as usize] > s.inf[Side::Us.ix()][i as usize])
        .collect();
    if !s.ask(Side::Us, AskKind::Target, options, Cow::Borrowed("independent_reds"), false, empty()) {
        crate::log_kept!(s, log, "twilight.card.independent_reds.none", args![]);
    }
}

/// US/Japan Mutual Defense Pact: the US adds just enough to control Japan.
fn us_japan(s: &mut State) {
    let need = s.inf[Side::Ussr.ix()][JAPAN] + STABILITY[JAPAN];
    let added = need.saturating_sub(s.inf[Side::Us.ix()][JAPAN]);
    s.inf[Side::Us.ix()][JAPAN] += added;
    s.add_effect_simple(EffectName::UsJapanMutualDefensePact, Until::Game);
    crate::log_kept!(s, log, "twilight.card.us_japan_mutual_defense_pact.effect", args!["n" => added]);
}

/// Red Scare/Purge: the opponent's ops cards are 1 op less this turn; both
/// sides suffer once each has played it in the same turn.
fn red_scare_purge(s: &mut State, side: Side) {
    let opp = side.opp();
    let victim = match s.effects.get(EffectName::RedScarePurge) {
        Some(current) if current.side != Some(SideOrBoth::One(opp)) => SideOrBoth::Both,
        _ => SideOrBoth::One(opp),
    };
    let mut e = Effect::new(EffectName::RedScarePurge, Until::Turn);
    e.side = Some(victim);
    s.add_effect(e);
    crate::log_kept!(s, log, "twilight.card.red_scare_purge.effect", args!["side" => opp]);
}

/// Olympic Games, the opponent's choice: boycott (DEFCON -1, then the
/// sponsor's 4 ops) or participate (the sponsor rolls first).
fn olympic_choice(s: &mut State, frame: &Frame, answer: &Answer) {
    let Some(sponsor) = frame_side(frame, "sponsor") else { return };
    if answer.num() == Some(i32::from(OPT_BOYCOTT)) {
        crate::log_kept!(s, log, "twilight.card.olympic_games.boycott", args!["side" => sponsor.opp()]);
        let phasing = s.phasing;
        s.change_defcon(-1, phasing);
        if !s.over {
            s.begin_ops(sponsor, OLYMPIC_GAMES, Some(4), None, None, false);
        }
        return;
    }
    crate::log_kept!(s, log, "twilight.card.olympic_games.participate", args!["side" => sponsor.opp()]);
    s.roll_for(Cow::Borrowed("olympic_sponsor_roll"), Value::Obj(args!["sponsor" => sponsor]));
}

/// Olympic Games, the guest's roll: the sponsor's +2 against it; a tie
/// rolls again, else the higher gains 2 VP.
fn olympic_guest(s: &mut State, frame: &Frame, answer: &Answer) {
    let (Some(sponsor), Some(first), Some(roll)) =
        (frame_side(frame, "sponsor"), frame_data(frame).and_then(|d| data_int(d, "sponsor_roll")), answer.num())
    else {
        return;
    };
    let mine = first + 2;
    let roll = i64::from(roll);
    crate::log_kept!(s, log, 
        "twilight.card.olympic_games.rolls",
        args!["side" => sponsor, "total" => mine, "opp" => sponsor.opp(), "roll" => roll],
    );
    if mine == roll {
        crate::log_kept!(s, log, "twilight.card.olympic_games.tie", args![]);
        s.roll_for(Cow::Borrowed("olympic_sponsor_roll"), Value::Obj(args!["sponsor" => sponsor]));
        return;
    }
    let winner = if mine > roll { sponsor } else { sponsor.opp() };
    s.gain_vp(winner, 2, Some(Why::Card(OLYMPIC_GAMES)));
}

/// Warsaw Pact Formed, the USSR's choice: add 5 (at most 2 per country) or
/// remove all US influence from 4 Eastern European countries.
fn warsaw_pact_choice(s: &mut State, answer: &Answer) {
    let eastern = IN_REGION[R_EASTERN_EUROPE as usize].to_vec();
    if answer.num() == Some(i32::from(OPT_ADD)) {
        crate::log_kept!(s, log, "twilight.card.warsaw_pact_formed.add", args![]);
        let mut f = influence(true, Side::Ussr, Side::Ussr, 5, eastern);
        f.max = 2;
        s.push_influence(f);
        return;
    }
    crate::log_kept!(s, log, "twilight.card.warsaw_pact_formed.remove", args![]);
    let mut f = influence(false, Side::Ussr, Side::Us, 4, eastern);
    f.per = Some(ALL);
    asked(&mut f, "warsaw_pact_remove", "twilight.card.warsaw_pact_formed.removed");
    s.push_influence(f);
}

/// De-Stalinization, once the removals are over: the points taken go to
/// countries the US does not control, at most 2 per country.
fn de_stalinization_place(s: &mut State, answer: &Answer) {
    let moved = match answer {
        Answer::Countries(taken) => taken.len(),
        _ => 0,
    };
    if moved == 0 {
        crate::log_kept!(s, log, "twilight.card.de_stalinization.none", args![]);
        return;
    }
    crate::log_kept!(s, log, "twilight.card.de_stalinization.place", args!["n" => moved]);
    let allowed: Vec<u8> = (0..N_COUNTRIES as u8).filter(|&i| s.control(i as usize) != Some(Side::Us)).collect();
    let mut f = influence(true, Side::Ussr, Side::Ussr, moved as i8, allowed);
    f.max = 2;
    s.push_influence(f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twilight::data::{PERIOD_EARLY, SCORING};
    use crate::twilight::state::Options;

    fn blank() -> State {
        State::blank(Value::Int(1), 1, Options::default())
    }

    /// Every Early War card with an event of its own, except those of
    /// `cards/interrupts.py` (UN Intervention, Defectors).
    #[test]
    fn implements_the_early_war_cards() {
        let mine: Vec<u8> =
            PERIOD_EARLY.iter().copied().filter(|&c| !SCORING[c as usize] && c != 32 && c != 103).collect();
        assert_eq!(mine.len(), 30);
        assert!(mine.iter().all(|&c| implemented(c)));
        assert!((36..=110).chain([1, 2, 3, 6, 32]).all(|c| !implemented(c)));
    }

    #[test]
    fn nasser_halves_us_influence_rounding_up() {
        let mut s = blank();
        s.inf[Side::Us.ix()][EGYPT] = 3;
        let play = Play { side: Side::Ussr, card: 15, by: Side::Ussr };
        assert_eq!(run(&mut s, play), Some(true));
        assert_eq!((s.inf[Side::Ussr.ix()][EGYPT], s.inf[Side::Us.ix()][EGYPT]), (2, 1));
    }

    #[test]
    fn nato_needs_warsaw_pact_or_marshall_plan() {
        let mut s = blank();
        let play = Play { side: Side::Us, card: 21, by: Side::Us };
        assert_eq!(run(&mut s, play), Some(false));
        assert!(!s.has_effect(EffectName::Nato));
        s.add_effect_simple(EffectName::MarshallPlan, Until::Game);
        assert_eq!(run(&mut s, play), Some(true));
        assert!(s.has_effect(EffectName::Nato));
    }

    #[test]
    fn red_scare_played_by_both_sides_hits_both() {
        let mut s = blank();
        run(&mut s, Play { side: Side::Us, card: 31, by: Side::Us });
        assert_eq!(s.effects.get(EffectName::RedScarePurge).and_then(|e| e.side), Some(SideOrBoth::One(Side::Ussr)));
        run(&mut s, Play { side: Side::Ussr, card: 31, by: Side::Ussr });
        assert_eq!(s.effects.get(EffectName::RedScarePurge).and_then(|e| e.side), Some(SideOrBoth::Both));
    }
}
