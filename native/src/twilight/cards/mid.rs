//! The Mid War card events (`cards/mid_war_a.py` and `cards/mid_war_b.py`):
//! #36-#58 and #61-#80, without the scoring cards (the rules run them),
//! Grain Sales to Soviets and Ask Not (elsewhere), and the interrupt cards
//! (Cuban Missile Crisis, Quagmire, Bear Trap, Missile Envy, We Will Bury
//! You, Flower Power, U2 Incident).
//!
//! Each event is a function of the state and its [`Play`], as in Python;
//! the events that wait for a decision or a die push a generic frame whose
//! continuation (a `@then` name in Python) is resumed through [`resume`].
//! Every log entry, lasting effect and frame is the one the Python event
//! makes, in the same order, so both engines write the same state.

use std::borrow::Cow;

use crate::json::{Text, Value};

use super::super::data::{
    ADJACENT, BATTLEGROUND, CHINA, IN_REGION, NAMES, N_COUNTRIES, OPTIONS, REGION, R_AFRICA, R_ASIA,
    R_CENTRAL_AMERICA, R_EUROPE, R_SOUTHEAST_ASIA, R_SOUTH_AMERICA, SCORING, STABILITY,
};
use super::super::events::{Answer, Play};
use super::super::frames::{data_int, ALL};
use super::super::ops::Scope;
use super::super::rules::{args, country, Why};
use super::super::scoring::Level;
use super::super::state::{AskKind, Effect, EffectName, Frame, InfluenceFrame, Roll, Side, SideOrBoth, State, Until};

// ---------------------------------------------------------------------------
// Constant tables (looked up by name at compile time, as Python does with
// `INDEX` and `OPTIONS.index`; a misspelt name fails the build)
// ---------------------------------------------------------------------------

/// Are two strings equal (usable in constants)?
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut k = 0;
    while k < a.len() {
        if a[k] != b[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// The index of the country named `name` (`board.INDEX`).
const fn ix(name: &str) -> u8 {
    let mut i = 0;
    while i < NAMES.len() {
        if same(NAMES[i], name) {
            return i as u8;
        }
        i += 1;
    }
    panic!("no such country")
}

/// The index of the named option of `choose` (`OPTIONS.index`).
const fn opt(name: &str) -> u8 {
    let mut i = 0;
    while i < OPTIONS.len() {
        if same(OPTIONS[i], name) {
            return i as u8;
        }
        i += 1;
    }
    panic!("no such option")
}

/// `DEFCON_1 + n - 1` is the option "DEFCON n" (the five are consecutive).
const DEFCON_1: u8 = opt("DEFCON 1");
const _: () = assert!(opt("DEFCON 5") == DEFCON_1 + 4);
const COUP: u8 = opt("coup");
const REALIGN: u8 = opt("realign");
const SOUTH_AFRICA_ONLY: u8 = opt("South Africa");
const SOUTH_AFRICA_AND_NEIGHBOURS: u8 = opt("adjacent");

const SOUTH_AFRICA: u8 = ix("South Africa");
const POLAND: usize = ix("Poland") as usize;
const EGYPT: usize = ix("Egypt") as usize;
const ANGOLA: u8 = ix("Angola");
const SE_AFRICAN_STATES: u8 = ix("SE African States");
const CHILE: u8 = ix("Chile");
const WEST_GERMANY: u8 = ix("West Germany");

/// Muslim Revolution's countries, sorted.
const MUSLIM_COUNTRIES: [u8; 8] = sort8([
    ix("Sudan"),
    ix("Iran"),
    ix("Iraq"),
    ix("Egypt"),
    ix("Libya"),
    ix("Saudi Arabia"),
    ix("Syria"),
    ix("Jordan"),
]);
/// OPEC's countries, in the card's order.
const OIL: [u8; 7] = [
    ix("Egypt"),
    ix("Iran"),
    ix("Libya"),
    ix("Saudi Arabia"),
    ix("Iraq"),
    ix("Gulf States"),
    ix("Venezuela"),
];
const PANAMA_CANAL: [u8; 3] = [ix("Panama"), ix("Costa Rica"), ix("Venezuela")];
const CAMP_DAVID: [u8; 3] = [ix("Israel"), ix("Jordan"), ix("Egypt")];
const ARAB_ISRAELI_WAR: u8 = 13;

/// Sort eight country indexes (in a constant).
const fn sort8(mut v: [u8; 8]) -> [u8; 8] {
    let mut i = 0;
    while i < v.len() {
        let mut j = i + 1;
        while j < v.len() {
            if v[j] < v[i] {
                let t = v[i];
                v[i] = v[j];
                v[j] = t;
            }
            j += 1;
        }
        i += 1;
    }
    v
}

/// Countries of stability 1 or 2 (Brush War's targets), in index order.
fn small_countries() -> impl Iterator<Item = u8> {
    (0..N_COUNTRIES as u8).filter(|&i| STABILITY[i as usize] <= 2)
}

/// Central and South America, sorted (Junta, OAS Founded, Alliance for
/// Progress).
fn latin_america() -> Vec<u8> {
    let mut v: Vec<u8> = IN_REGION[R_CENTRAL_AMERICA as usize]
        .iter()
        .chain(IN_REGION[R_SOUTH_AMERICA as usize])
        .copied()
        .collect();
    v.sort_unstable();
    v
}

/// Africa and Southeast Asia, sorted (Colonial Rear Guards).
fn africa_se_asia() -> Vec<u8> {
    let mut v: Vec<u8> =
        IN_REGION[R_AFRICA as usize].iter().chain(IN_REGION[R_SOUTHEAST_ASIA as usize]).copied().collect();
    v.sort_unstable();
    v
}

/// Is there an event for `card` in this module?
pub fn implemented(card: u8) -> bool {
    matches!(
        card,
        36 | 39 | 41 | 43 | 45 | 46 | 47 | 48 | 51 | 52 | 53 | 54 | 55 | 56 | 57 | 58 | 61 | 62 | 63 | 64 | 65
            | 66 | 68 | 69 | 70 | 71 | 72 | 73 | 74 | 75 | 76 | 78 | 80
    )
}

/// The continuations this module defines (the `@then` names).
const CONTINUATIONS: [&str; 10] = [
    "brush_war",
    "salt_negotiations",
    "summit_ussr_roll",
    "summit_us_roll",
    "summit_defcon",
    "how_i_learned",
    "junta_country",
    "junta_operation",
    "south_african_unrest",
    "muslim_revolution",
];

/// Is `name` one of this module's continuations?
pub fn is_continuation(name: &str) -> bool {
    CONTINUATIONS.contains(&name)
}

/// Make `play.card`'s event happen. None: not a card of this module;
/// otherwise whether the event took place.
pub fn run(s: &mut State, play: Play) -> Option<bool> {
    let side = play.side;
    let card = play.card;
    let happened = match card {
        36 => brush_war(s, side),
        39 => arms_race(s, side, card),
        41 => turn_effect(s, EffectName::NuclearSubs, "twilight.card.nuclear_subs.effect"),
        43 => salt_negotiations(s, side),
        45 => {
            s.roll_for(Cow::Borrowed("summit_ussr_roll"), empty());
            true
        }
        46 => how_i_learned(s, side),
        47 => {
            s.ask(side, AskKind::Target, latin_america(), Cow::Borrowed("junta_country"), false, empty());
            true
        }
        48 => kitchen_debates(s, card),
        51 => turn_effect(s, EffectName::BrezhnevDoctrine, "twilight.card.brezhnev_doctrine.effect"),
        52 => {
            const CODE: &str = "twilight.card.portuguese_empire_crumbles.influence";
            add(s, Side::Ussr, ANGOLA, 2, CODE);
            add(s, Side::Ussr, SE_AFRICAN_STATES, 2, CODE);
            true
        }
        53 => {
            let options = vec![SOUTH_AFRICA_ONLY, SOUTH_AFRICA_AND_NEIGHBOURS];
            s.ask(Side::Ussr, AskKind::Choose, options, Cow::Borrowed("south_african_unrest"), false, empty());
            true
        }
        54 => {
            add(s, Side::Ussr, CHILE, 2, "twilight.card.allende.influence");
            true
        }
        55 => {
            s.gain_vp(Side::Ussr, 1, Some(Why::Card(card)));
            add(s, Side::Ussr, WEST_GERMANY, 1, "twilight.card.willy_brandt.influence");
            s.add_effect_simple(EffectName::WillyBrandt, Until::Game);
            true
        }
        56 => {
            let mut f = InfluenceFrame::new(false, Side::Ussr, Side::Us, 2, MUSLIM_COUNTRIES.to_vec());
            f.per = Some(ALL);
            f.then = Some((Cow::Borrowed("muslim_revolution"), empty()));
            f.question = Some(Cow::Borrowed("muslim_revolution"));
            f.log = Some(Cow::Borrowed("twilight.card.muslim_revolution.removed"));
            s.push_influence(f);
            true
        }
        57 => {
            let p = s.phasing;
            s.change_defcon(1, p);
            s.begin_ops(side, card, Some(4), None, None, false);
            true
        }
        58 => {
            if s.china == Side::Us {
                s.china = Side::Ussr;
                s.china_up = true;
                crate::log_kept!(s, log, "twilight.card.cultural_revolution.china", args!["card" => CHINA]);
            } else {
                s.gain_vp(Side::Ussr, 1, Some(Why::Card(card)));
            }
            true
        }
        61 => {
            let n = OIL.iter().filter(|&&i| s.control(i as usize) == Some(Side::Ussr)).count() as i32;
            if n > 0 {
                s.gain_vp(Side::Ussr, n, Some(Why::Card(card)));
            } else {
                crate::log_kept!(s, log, "twilight.card.opec.none", args![]);
            }
            true
        }
        62 => {
            s.reveal_hand(Side::Us, Why::Card(card));
            s.begin_ops(Side::Ussr, card, Some(1), None, None, false);
            true
        }
        63 => {
            place(s, Side::Us, 4, africa_se_asia(), 1, false);
            true
        }
        64 => {
            for i in PANAMA_CANAL {
                s.inf[Side::Us.ix()][i as usize] += 1;
            }
            crate::log_kept!(s, log, "twilight.card.panama_canal_returned.influence", args![]);
            true
        }
        65 => {
            s.gain_vp(Side::Us, 1, Some(Why::Card(card)));
            for i in CAMP_DAVID {
                s.inf[Side::Us.ix()][i as usize] += 1;
            }
            crate::log_kept!(s, log, "twilight.card.camp_david_accords.influence", args!["event" => ARAB_ISRAELI_WAR]);
            let mut e = Effect::new(EffectName::CampDavidAccords, Until::Game);
            e.blocks = Some(ARAB_ISRAELI_WAR);
            s.add_effect(e);
            true
        }
        66 => {
            let (us, ussr) = (&s.inf[Side::Us.ix()], &s.inf[Side::Ussr.ix()]);
            let empty: Vec<u8> = (0..N_COUNTRIES).filter(|&i| us[i] == 0 && ussr[i] == 0).map(|i| i as u8).collect();
            place(s, Side::Us, 3, empty, 1, true);
            true
        }
        68 => {
            let removed = s.inf[Side::Ussr.ix()][POLAND].min(2);
            s.inf[Side::Ussr.ix()][POLAND] -= removed;
            s.inf[Side::Us.ix()][POLAND] += 1;
            crate::log_kept!(s, log, "twilight.card.john_paul_ii_elected_pope.influence", args!["n" => removed]);
            s.add_effect_simple(EffectName::JohnPaulIiElectedPope, Until::Game);
            true
        }
        69 => {
            latin_american_death_squads(s, side);
            true
        }
        70 => {
            place(s, Side::Us, 2, latin_america(), 0, false);
            true
        }
        71 => {
            if s.china == Side::Us {
                s.gain_vp(Side::Us, 2, Some(Why::Card(card)));
            } else {
                s.china = Side::Us;
                s.china_up = false;
                crate::log_kept!(s, log, "twilight.card.nixon_plays_the_china_card.china", args!["card" => CHINA]);
            }
            true
        }
        72 => {
            let removed = s.inf[Side::Ussr.ix()][EGYPT];
            s.inf[Side::Ussr.ix()][EGYPT] = 0;
            s.inf[Side::Us.ix()][EGYPT] += 1;
            crate::log_kept!(s, log, "twilight.card.sadat_expels_soviets.influence", args!["n" => removed]);
            true
        }
        73 => {
            s.keep_on_table(card);
            s.add_effect_simple(EffectName::ShuttleDiplomacy, Until::Scoring);
            crate::log_kept!(s, log, "twilight.card.shuttle_diplomacy.effect", args![]);
            true
        }
        74 => {
            let outside: Vec<u8> = (0..N_COUNTRIES as u8).filter(|&i| REGION[i as usize] != R_EUROPE).collect();
            let mut f = InfluenceFrame::new(false, Side::Us, Side::Ussr, 4, outside);
            f.max = 2;
            s.push_influence(f);
            true
        }
        75 => {
            place(s, Side::Ussr, 3, IN_REGION[R_CENTRAL_AMERICA as usize].to_vec(), 2, false);
            true
        }
        76 => {
            if s.china == Side::Ussr {
                s.china = Side::Us;
                s.china_up = true;
                crate::log_kept!(s, log, "twilight.card.ussuri_river_skirmish.china", args!["card" => CHINA]);
            } else {
                place(s, Side::Us, 4, IN_REGION[R_ASIA as usize].to_vec(), 2, false);
            }
            true
        }
        78 => {
            let n = latin_america()
                .into_iter()
                .filter(|&i| BATTLEGROUND[i as usize] && s.control(i as usize) == Some(Side::Us))
                .count() as i32;
            if n > 0 {
                s.gain_vp(Side::Us, n, Some(Why::Card(card)));
            } else {
                crate::log_kept!(s, log, "twilight.card.alliance_for_progress.none", args![]);
            }
            true
        }
        80 => {
            if s.space[side.ix()] >= s.space[side.opp().ix()] {
                false
            } else {
                s.advance_space(side, 2, Why::Card(card));
                true
            }
        }
        _ => return None,
    };
    Some(happened)
}

/// Resume the continuation `then` of this module with the finished `frame`
/// and its `answer`; false (nothing done) when `then` is not one of ours
/// (ask [`is_continuation`] first to keep the frame for another module).
pub fn resume(s: &mut State, then: &str, frame: Frame, answer: Answer) -> bool {
    match then {
        "brush_war" => {
            if let (Frame::Ask(f), Some(i)) = (&frame, answer.num()) {
                s.war(f.p, country_ix(i), 3, 1, 3, 36, 0);
            }
        }
        "salt_negotiations" => {
            if let Frame::Ask(f) = &frame {
                salt_take(s, f.p, answer.num());
            }
        }
        "summit_ussr_roll" => {
            if let Some(roll) = answer.num() {
                s.roll_for(Cow::Borrowed("summit_us_roll"), Value::Obj(args!["ussr_roll" => roll]));
            }
        }
        "summit_us_roll" => {
            if let (Frame::Roll(Roll::Event { data, .. }), Some(roll)) = (&frame, answer.num()) {
                let ussr_roll = data_int(data, "ussr_roll").unwrap_or(0) as i32;
                summit_result(s, ussr_roll, roll);
            }
        }
        "summit_defcon" => {
            if let (Frame::Ask(f), Some(option)) = (&frame, answer.num()) {
                set_defcon(s, option - DEFCON_1 as i32 + 1, "twilight.card.summit.defcon", f.p);
            }
        }
        "how_i_learned" => {
            if let (Frame::Ask(f), Some(option)) = (&frame, answer.num()) {
                let code = "twilight.card.how_i_learned_to_stop_worrying.defcon";
                set_defcon(s, option - DEFCON_1 as i32 + 1, code, f.p);
            }
        }
        "junta_country" => {
            if let (Frame::Ask(f), Some(i)) = (&frame, answer.num()) {
                junta_country(s, f.p, country_ix(i));
            }
        }
        "junta_operation" => {
            if let Frame::Ask(f) = &frame {
                let side = f.p;
                match answer.num() {
                    None => crate::log_kept!(s, log, "twilight.card.junta.no_operation", args!["side" => side]),
                    Some(option) => {
                        let kinds: Text = Cow::Borrowed(if option == COUP as i32 { "c" } else { "r" });
                        s.begin_ops(side, 47, None, Some(kinds), Some(latin_america()), true);
                    }
                }
            }
        }
        "south_african_unrest" => {
            const CODE: &str = "twilight.card.south_african_unrest.influence";
            if answer.num() == Some(SOUTH_AFRICA_ONLY as i32) {
                add(s, Side::Ussr, SOUTH_AFRICA, 2, CODE);
            } else {
                add(s, Side::Ussr, SOUTH_AFRICA, 1, CODE);
                place(s, Side::Ussr, 2, ADJACENT[SOUTH_AFRICA as usize].to_vec(), 0, false);
            }
        }
        "muslim_revolution" => {
            // The removal frame has ended; countries left unchosen had no US
            // influence.
            if let Frame::Influence(f) = &frame {
                if f.left != 0 {
                    crate::log_kept!(s, log, "twilight.card.muslim_revolution.none_left", args![]);
                }
            }
        }
        _ => return false,
    }
    true
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// An empty data dict (`{}`).
fn empty() -> Value {
    Value::Obj(Vec::new())
}

/// A country index answered by a frame, kept on the map.
fn country_ix(i: i32) -> usize {
    (i.max(0) as usize).min(N_COUNTRIES - 1)
}

/// Add `n` of `side`'s influence to country `i`, logged with `code`
/// (`_add`).
fn add(s: &mut State, side: Side, i: u8, n: u8, code: &'static str) {
    s.inf[side.ix()][i as usize] += n;
    crate::log_kept!(s, log, code, args!["side" => side, "n" => n, "country" => NAMES[i as usize]]);
}

/// `side` places `count` of its own influence among `allowed`, at most
/// `max_per` per country (0: no limit).
fn place(s: &mut State, side: Side, count: i8, allowed: Vec<u8>, max_per: u8, optional: bool) {
    let mut f = InfluenceFrame::new(true, side, side, count, allowed);
    f.max = max_per;
    f.optional = optional;
    s.push_influence(f);
}

/// A data-less effect for the rest of the turn, logged.
fn turn_effect(s: &mut State, name: EffectName, code: &'static str) -> bool {
    s.add_effect_simple(name, Until::Turn);
    crate::log_kept!(s, log, code, args![]);
    true
}

/// Log the new DEFCON `level` chosen by `chooser`, then move there
/// (`_set_defcon`; level 1 is nuclear war, the phasing side's loss).
fn set_defcon(s: &mut State, level: i32, code: &'static str, chooser: Side) {
    crate::log_kept!(s, log, code, args!["chooser" => chooser, "defcon" => level]);
    let (delta, p) = (level - s.defcon as i32, s.phasing);
    s.change_defcon(delta, p);
}

// ---------------------------------------------------------------------------
// The events with more to them
// ---------------------------------------------------------------------------

/// #36 Brush War: any country of stability 1 or 2, whatever the DEFCON;
/// of the shields only NATO (as for a realignment) applies.
fn brush_war(s: &mut State, side: Side) -> bool {
    let shields = !s.effects.is_empty();
    let options: Vec<u8> = small_countries().filter(|&i| !(shields && s.protected(side, i as usize, false))).collect();
    s.ask(side, AskKind::Target, options, Cow::Borrowed("brush_war"), false, empty())
}

/// #39 Arms Race: 1 VP for more Military Ops than the opponent, 3 if the
/// DEFCON requirement is met too.
fn arms_race(s: &mut State, side: Side, card: u8) -> bool {
    let mine = s.milops[side.ix()];
    if mine <= s.milops[side.opp().ix()] {
        crate::log_kept!(s, log, "twilight.card.arms_race.not_ahead", args!["side" => side]);
        return false;
    }
    let n = if mine >= s.defcon { 3 } else { 1 };
    s.gain_vp(side, n, Some(Why::Card(card)));
    true
}

/// #48 Kitchen Debates: 2 VP to the US if it controls more battlegrounds.
fn kitchen_debates(s: &mut State, card: u8) -> bool {
    let mut count = [0i32; 2];
    for (i, _) in BATTLEGROUND.iter().enumerate().filter(|(_, &bg)| bg) {
        if let Some(c) = s.control(i) {
            count[c.ix()] += 1;
        }
    }
    let (us, ussr) = (count[Side::Us.ix()], count[Side::Ussr.ix()]);
    if us <= ussr {
        crate::log_kept!(s, log, "twilight.card.kitchen_debates.not_ahead", args!["us" => us, "ussr" => ussr]);
        return false;
    }
    s.gain_vp(Side::Us, 2, Some(Why::Card(card)));
    true
}

/// #43 SALT Negotiations: DEFCON +2, coups -1 this turn, and an optional
/// non-scoring card from the discard pile.
fn salt_negotiations(s: &mut State, side: Side) -> bool {
    let p = s.phasing;
    s.change_defcon(2, p);
    s.add_effect_simple(EffectName::SaltNegotiations, Until::Turn);
    crate::log_kept!(s, log, "twilight.card.salt_negotiations.effect", args![]);
    let mut options: Vec<u8> = s.discard.iter().copied().filter(|&c| !SCORING[c as usize]).collect();
    options.sort_unstable();
    if !options.is_empty() {
        s.ask(side, AskKind::Pick, options, Cow::Borrowed("salt_negotiations"), true, empty());
    }
    true
}

/// SALT's pick: the card goes from the discard pile to the hand, shown.
fn salt_take(s: &mut State, side: Side, card: Option<i32>) {
    let Some(card) = card.and_then(|c| u8::try_from(c).ok()) else {
        crate::log_kept!(s, log, "twilight.card.salt_negotiations.no_card", args!["side" => side]);
        return;
    };
    super::super::rules::remove_item(&mut s.discard, card);
    s.hands[side.ix()].push(card);
    let known = &mut s.known[side.opp().ix()];
    if !known.contains(&card) {
        known.push(card);
    }
    crate::log_kept!(s, log, "twilight.card.salt_negotiations.take", args!["side" => side, "card" => card]);
}

/// Regions `side` dominates or controls now (printed battlegrounds).
fn summit_bonus(s: &State, side: Side) -> i32 {
    (0..6u8)
        .filter(|&r| {
            let level = s.region_scores(r, -1, false).1[side.ix()];
            level == Level::Domination || level == Level::Control
        })
        .count() as i32
}

/// #45 Summit's outcome once both dice are rolled.
fn summit_result(s: &mut State, ussr_roll: i32, us_roll: i32) {
    let (ussr_bonus, us_bonus) = (summit_bonus(s, Side::Ussr), summit_bonus(s, Side::Us));
    let (ussr_total, us_total) = (ussr_roll + ussr_bonus, us_roll + us_bonus);
    crate::log_kept!(s, log, 
        "twilight.card.summit.rolls",
        args!["ussr_roll" => ussr_roll, "ussr_bonus" => ussr_bonus, "ussr_total" => ussr_total,
              "us_roll" => us_roll, "us_bonus" => us_bonus, "us_total" => us_total],
    );
    if ussr_total == us_total {
        crate::log_kept!(s, log, "twilight.card.summit.tie", args![]);
        return;
    }
    let winner = if ussr_total > us_total { Side::Ussr } else { Side::Us };
    s.gain_vp(winner, 2, Some(Why::Card(45)));
    if s.over {
        return;
    }
    let now = s.defcon as i32;
    let options: Vec<u8> = [now - 1, now, now + 1]
        .into_iter()
        .filter(|n| (1..=5).contains(n))
        .map(|n| DEFCON_1 + n as u8 - 1)
        .collect();
    s.ask(winner, AskKind::Choose, options, Cow::Borrowed("summit_defcon"), false, empty());
}

/// #46 How I Learned to Stop Worrying: 5 Military Ops, then DEFCON at will.
fn how_i_learned(s: &mut State, side: Side) -> bool {
    s.add_milops(side, 5);
    crate::log_kept!(s, log, "twilight.card.how_i_learned_to_stop_worrying.milops", args!["side" => side]);
    let options: Vec<u8> = (0..5).map(|k| DEFCON_1 + k).collect();
    s.ask(side, AskKind::Choose, options, Cow::Borrowed("how_i_learned"), false, empty());
    true
}

/// #47 Junta after its country: 2 influence there, then an optional free
/// coup or free realignments in Central or South America.
fn junta_country(s: &mut State, side: Side, i: usize) {
    s.inf[side.ix()][i] += 2;
    crate::log_kept!(s, log, "twilight.card.junta.influence", args!["side" => side, "country" => country(i)]);
    let only = latin_america();
    let scope = Scope { only: Some(&only), free: true };
    let mut options = Vec::new();
    if !s.coup_targets(side, scope, true).is_empty() {
        options.push(COUP);
    }
    if !s.realign_targets(side, scope).is_empty() {
        options.push(REALIGN);
    }
    if options.is_empty() {
        crate::log_kept!(s, log, "twilight.card.junta.no_target", args!["opp" => side.opp()]);
    } else {
        s.ask(side, AskKind::Choose, options, Cow::Borrowed("junta_operation"), true, empty());
    }
}

/// #69 Latin American Death Squads: the player's coups there +1, the
/// opponent's -1 this turn; played by both sides in one turn, they cancel.
fn latin_american_death_squads(s: &mut State, side: Side) {
    let both = s
        .effects
        .get(EffectName::LatinAmericanDeathSquads)
        .is_some_and(|e| e.side != Some(SideOrBoth::One(side)));
    let mut e = Effect::new(EffectName::LatinAmericanDeathSquads, Until::Turn);
    e.side = Some(if both { SideOrBoth::Both } else { SideOrBoth::One(side) });
    s.add_effect(e);
    crate::log_kept!(s, log, "twilight.card.latin_american_death_squads.effect", args!["side" => side, "opp" => side.opp()]);
}
