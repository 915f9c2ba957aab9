//! The Late War events (#82-#102), the optional cards of the Deluxe Edition
//! (#104-#110) and the events that change how rounds, headlines and turns
//! run (`cards/late_war.py`, `cards/optional.py`, `cards/interrupts.py`):
//! each card's event and the continuations it registers with `@then`, step
//! for step as the Python engine does them, so both write the same state.
//!
//! Most interrupt events only leave a lasting effect that the turn sequence
//! reads (`turn`, `play`, `ops`); the functions here start and end those
//! effects and resolve the card swaps (UN Intervention, Missile Envy, Grain
//! Sales to Soviets, Star Wars).

use std::borrow::Cow;

use crate::json::{Text, Value};

use super::super::data::{
    CardSide, ADJACENT, CARD_OPS, CARD_SIDE, IN_REGION, N_COUNTRIES, REGION_NAMES, R_EUROPE, R_MIDDLE_EAST,
    R_SOUTH_AMERICA, R_WESTERN_EUROPE, SCORING, SCORING_REGION,
};
use super::super::events::{Answer, Play};
use super::super::frames::{data_bytes, data_int, data_side};
use super::super::ops::Scope;
use super::super::play::opponents_card;
use super::super::rules::{args, country, remove_item, Why, LATE_WAR_TURN, PLAYERS, SPECTATORS};
use super::super::state::{AskKind, Effect, EffectName, Frame, InfluenceFrame, Roll, Side, SideOrBoth, State, Until};

// Countries the events name (indexes of `data::NAMES`).
const UK: usize = 1;
const EAST_GERMANY: usize = 14;
const POLAND: usize = 15;
const LIBYA: usize = 21;
const LEBANON: usize = 24;
const IRAQ: u8 = 26;
const IRAN: u8 = 27;
const SAUDI_ARABIA: usize = 30;
const SOUTH_KOREA: usize = 37;
const NICARAGUA: usize = 70;
const ARGENTINA: usize = 78;

// Cards the events name.
const SOCIALIST_GOVERNMENTS: u8 = 7;
const UN_INTERVENTION: u8 = 32;
const MISSILE_ENVY: u8 = 49;
const WILLY_BRANDT: u8 = 55;
const MUSLIM_REVOLUTION: u8 = 56;
const FLOWER_POWER: u8 = 59;
const U2_INCIDENT: u8 = 60;
const OPEC: u8 = 61;
const JOHN_PAUL_II_ELECTED_POPE: u8 = 68;
const ASK_NOT: u8 = 77;
const THE_REFORMER: u8 = 87;

/// The index in `OPTIONS` of the first scoring region ("Europe"): the six
/// regions follow in region-id order.
const REGION_OPTION_0: u8 = 6;
/// `choose coup` and `choose realign` (Tear Down This Wall).
const OPTION_COUP: u8 = 17;
const OPTION_REALIGN: u8 = 18;

/// Cards Our Man in Tehran looks at.
const TEHRAN_DRAW: usize = 5;

/// Che's targets: the non-battleground countries of Central America, South
/// America and Africa, sorted.
const CHE_TARGETS: [u8; 26] =
    [47, 48, 49, 50, 51, 53, 57, 58, 59, 60, 61, 62, 63, 65, 66, 67, 68, 70, 72, 73, 74, 75, 76, 79, 80, 81];

/// The cards whose events this module defines.
const CARDS: [u8; 39] = [
    // Late War
    82, 83, 84, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 98, 99, 100, 101, 102,
    // optional cards
    104, 105, 107, 108, 109, 110,
    // interrupts
    32, 40, 42, 44, 49, 50, 59, 60, 67, 77, 85, 86, 97, 103, 106,
];

/// The continuations this module defines.
const CONTINUATIONS: [&str; 17] = [
    "ortega_elected_in_nicaragua",
    "chernobyl",
    "latin_american_debt_crisis",
    "latin_american_debt_crisis_double",
    "tear_down_this_wall",
    "aldrich_ames_remix",
    "wargames",
    "iran_iraq_war",
    "the_cambridge_five",
    "special_relationship",
    "che",
    "che_result",
    "our_man_in_tehran",
    "un_intervention",
    "missile_envy",
    "star_wars",
    "ask_not",
];

/// `CARDS` as a table by card number: `implemented` is asked for every
/// card in hand each time legal actions are listed.
const IMPLEMENTED: [bool; 111] = {
    let mut table = [false; 111];
    let mut k = 0;
    while k < CARDS.len() {
        table[CARDS[k] as usize] = true;
        k += 1;
    }
    table
};

/// Is `card`'s event one of this module's?
#[inline]
pub fn implemented(card: u8) -> bool {
    IMPLEMENTED.get(card as usize).copied().unwrap_or(false)
}

/// Is `name` a continuation of this module?
pub fn is_continuation(name: &str) -> bool {
    CONTINUATIONS.contains(&name)
}

/// Make `play.card`'s event happen: None when the card is not one of this
/// module's, else whether the event took place (Python's `is not False`).
pub fn run(s: &mut State, play: Play) -> Option<bool> {
    let card = play.card;
    let happened = match card {
        82 => iranian_hostage_crisis(s),
        83 => the_iron_lady(s, card),
        84 => reagan_bombs_libya(s, card),
        87 => the_reformer(s),
        88 => marine_barracks_bombing(s),
        89 => soviets_shoot_down_kal_007(s, card),
        90 => glasnost(s, play),
        91 => ortega_elected_in_nicaragua(s),
        92 => terrorism(s, play),
        93 => iran_contra_scandal(s),
        94 => chernobyl(s),
        95 => latin_american_debt_crisis(s),
        96 => tear_down_this_wall(s),
        98 => aldrich_ames_remix(s, card),
        99 => pershing_ii_deployed(s, card),
        100 => wargames(s, play),
        101 => solidarity(s),
        102 => iran_iraq_war(s, play),
        104 => the_cambridge_five(s),
        105 => special_relationship(s),
        107 => che_offer(s, -1),
        108 => our_man_in_tehran(s),
        109 => yuri_and_samantha(s),
        110 => awacs_sale_to_saudis(s),
        32 => un_intervention(s, play),
        103 => defectors(s, card),
        42 => quagmire(s),
        44 => bear_trap(s),
        49 => missile_envy(s, play),
        50 => we_will_bury_you(s),
        60 => u2_incident(s, card),
        59 => flower_power(s),
        97 => an_evil_empire(s, card),
        40 => cuban_missile_crisis(s, play),
        86 => north_sea_oil(s),
        106 => norad(s),
        67 => grain_sales_to_soviets(s, card),
        85 => star_wars(s),
        77 => ask_not(s),
        _ => return None,
    };
    Some(happened)
}

/// Resume the continuation `then` of this module with the finished `frame`
/// and its answer; false (nothing done) when `then` is not one of its own.
pub fn resume(s: &mut State, then: &str, frame: Frame, answer: Answer) -> bool {
    match then {
        "ortega_elected_in_nicaragua" => ortega_coup(s, &answer),
        "chernobyl" => chernobyl_region(s, &answer),
        "latin_american_debt_crisis" => debt_crisis_discard(s, &answer),
        "latin_american_debt_crisis_double" => debt_crisis_doubled(s, &frame, &answer),
        "tear_down_this_wall" => tear_down_this_wall_ops(s, &answer),
        "aldrich_ames_remix" => {
            if let Some(c) = card_answer(&answer) {
                s.discard_from_hand(Side::Us, c, Why::Card(98));
            }
        }
        "wargames" => wargames_answer(s, &frame, &answer),
        "iran_iraq_war" => {
            if let (Some(side), Some(i)) = (ask_data_side(&frame, "player"), country_answer(&answer)) {
                s.war(side, i, 4, 2, 2, 102, 0);
            }
        }
        "the_cambridge_five" => {
            if let Some(c) = card_answer(&answer) {
                cambridge_five_place(s, c);
            }
        }
        "special_relationship" => special_relationship_answer(s, &frame, &answer),
        "che" => che_coup(s, &frame, &answer),
        "che_result" => {
            if let (Frame::Roll(Roll::Coup { target, .. }), Some(removed)) = (&frame, answer.num()) {
                if removed > 0 {
                    che_offer(s, *target as i32);
                }
            }
        }
        "our_man_in_tehran" => our_man_in_tehran_answer(s, &frame, &answer),
        "un_intervention" => un_intervention_answer(s, &frame, &answer),
        "missile_envy" => {
            if let (Some(side), Some(c)) = (ask_data_side(&frame, "side"), card_answer(&answer)) {
                envy_swap(s, side, c);
            }
        }
        "star_wars" => star_wars_answer(s, &answer),
        "ask_not" => ask_not_answer(s, &frame, &answer),
        _ => return false,
    }
    true
}

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/// A continuation name as frames store it.
#[inline]
fn name(text: &'static str) -> Text {
    Cow::Borrowed(text)
}

/// The data of an ask frame (Null for any other frame).
fn ask_data(frame: &Frame) -> &Value {
    match frame {
        Frame::Ask(f) => &f.data,
        _ => &Value::Null,
    }
}

/// A side stored in an ask frame's data.
fn ask_data_side(frame: &Frame, key: &str) -> Option<Side> {
    data_side(ask_data(frame), key)
}

/// A list of card numbers stored in an ask frame's data.
fn ask_data_cards(frame: &Frame, key: &str) -> Vec<u8> {
    data_bytes(ask_data(frame), key).unwrap_or_default()
}

/// The card an answer names (a card number 1..=110).
fn card_answer(answer: &Answer) -> Option<u8> {
    answer.num().and_then(|n| u8::try_from(n).ok()).filter(|&c| (1..=110).contains(&c))
}

/// The country an answer names.
fn country_answer(answer: &Answer) -> Option<usize> {
    answer.num().and_then(|n| usize::try_from(n).ok()).filter(|&i| i < N_COUNTRIES)
}

/// An effect with the card it blocks.
fn blocking(name: EffectName, until: Until, blocks: u8) -> Effect {
    Effect { blocks: Some(blocks), ..Effect::new(name, until) }
}

/// The members of a region or subregion, as a list.
fn region(r: u8) -> Vec<u8> {
    IN_REGION[r as usize].to_vec()
}

/// Sorted copy of a card list.
fn sorted(mut cards: Vec<u8>) -> Vec<u8> {
    cards.sort_unstable();
    cards
}

// ---------------------------------------------------------------------------
// Late War
// ---------------------------------------------------------------------------

/// #82 Iranian Hostage Crisis: all US influence leaves Iran, the USSR adds
/// 2 there; later Terrorism by the USSR discards 2 US cards.
fn iranian_hostage_crisis(s: &mut State) -> bool {
    s.inf[Side::Us.ix()][IRAN as usize] = 0;
    s.inf[Side::Ussr.ix()][IRAN as usize] += 2;
    s.add_effect_simple(EffectName::IranianHostageCrisis, Until::Game);
    crate::log_kept!(s, log, "twilight.card.iranian_hostage_crisis.influence", args![]);
    true
}

/// #83 The Iron Lady: USSR +1 in Argentina, out of the UK, US +1 VP;
/// Socialist Governments is blocked.
fn the_iron_lady(s: &mut State, card: u8) -> bool {
    s.inf[Side::Ussr.ix()][ARGENTINA] += 1;
    s.inf[Side::Ussr.ix()][UK] = 0;
    s.add_effect(blocking(EffectName::TheIronLady, Until::Game, SOCIALIST_GOVERNMENTS));
    crate::log_kept!(s, log, "twilight.card.the_iron_lady.influence", args!["event" => SOCIALIST_GOVERNMENTS]);
    s.gain_vp(Side::Us, 1, Some(Why::Card(card)));
    true
}

/// #84 Reagan Bombs Libya: US VP for each 2 USSR influence in Libya.
fn reagan_bombs_libya(s: &mut State, card: u8) -> bool {
    let n = (s.inf[Side::Ussr.ix()][LIBYA] / 2) as i32;
    if n != 0 {
        s.gain_vp(Side::Us, n, Some(Why::Card(card)));
    } else {
        crate::log_kept!(s, log, "twilight.card.reagan_bombs_libya.none", args![]);
    }
    true
}

/// #87 The Reformer: the USSR adds 4 (6 if ahead on VP) in Europe, 2 per
/// country at most; no more USSR coups in Europe.
fn the_reformer(s: &mut State) -> bool {
    let count: i8 = if s.vp < 0 { 6 } else { 4 };
    s.add_effect_simple(EffectName::TheReformer, Until::Game);
    crate::log_kept!(s, log, "twilight.card.the_reformer.effect", args!["n" => count]);
    let mut f = InfluenceFrame::new(true, Side::Ussr, Side::Ussr, count, region(R_EUROPE));
    f.max = 2;
    s.push_influence(f);
    true
}

/// #88 Marine Barracks Bombing: US out of Lebanon, then the USSR removes 2
/// US influence in the Middle East.
fn marine_barracks_bombing(s: &mut State) -> bool {
    s.inf[Side::Us.ix()][LEBANON] = 0;
    crate::log_kept!(s, log, "twilight.card.marine_barracks_bombing.influence", args![]);
    s.push_influence(InfluenceFrame::new(false, Side::Ussr, Side::Us, 2, region(R_MIDDLE_EAST)));
    true
}

/// #89 Soviets Shoot Down KAL-007: DEFCON -1, US +2 VP, then 4 ops of
/// placement or realignment if the US controls South Korea.
fn soviets_shoot_down_kal_007(s: &mut State, card: u8) -> bool {
    let phasing = s.phasing;
    s.change_defcon(-1, phasing);
    if s.over {
        return true;
    }
    s.gain_vp(Side::Us, 2, Some(Why::Card(card)));
    if s.over {
        return true;
    }
    if s.control(SOUTH_KOREA) == Some(Side::Us) {
        crate::log_kept!(s, log, "twilight.card.soviets_shoot_down_kal_007.operations", args![]);
        s.begin_ops(Side::Us, card, Some(4), Some(name("pr")), None, false);
    }
    true
}

/// #90 Glasnost: USSR +2 VP, DEFCON +1, then 4 ops of placement or
/// realignment under The Reformer.
fn glasnost(s: &mut State, play: Play) -> bool {
    s.gain_vp(Side::Ussr, 2, Some(Why::Card(play.card)));
    if s.over {
        return true;
    }
    s.change_defcon(1, play.side);
    if s.has_effect(EffectName::TheReformer) {
        crate::log_kept!(s, log, "twilight.card.glasnost.operations", args!["event" => THE_REFORMER]);
        s.begin_ops(Side::Ussr, play.card, Some(4), Some(name("pr")), None, false);
    }
    true
}

/// #91 Ortega Elected in Nicaragua: US out of Nicaragua, then a free USSR
/// coup next to it, if it wants one.
fn ortega_elected_in_nicaragua(s: &mut State) -> bool {
    s.inf[Side::Us.ix()][NICARAGUA] = 0;
    crate::log_kept!(s, log, "twilight.card.ortega_elected_in_nicaragua.influence", args![]);
    let targets = s.coup_targets(Side::Ussr, Scope { only: Some(ADJACENT[NICARAGUA]), free: true }, true);
    if targets.is_empty() {
        crate::log_kept!(s, log, "twilight.card.ortega_elected_in_nicaragua.no_target", args![]);
        return true;
    }
    s.ask(Side::Ussr, AskKind::Target, targets, name("ortega_elected_in_nicaragua"), true, Value::Null);
    true
}

fn ortega_coup(s: &mut State, answer: &Answer) {
    let Some(i) = country_answer(answer) else {
        crate::log_kept!(s, log, "twilight.card.ortega_elected_in_nicaragua.no_coup", args![]);
        return;
    };
    let ops = s.flat_ops(Side::Ussr, 91);
    s.declare_coup(Side::Ussr, i, ops, true, name(""));
}

/// #92 Terrorism: the opponent discards a random card (2 for the US under
/// Iranian Hostage Crisis when the USSR plays it).
fn terrorism(s: &mut State, play: Play) -> bool {
    let side = play.side;
    let victim = side.opp();
    let n = if side == Side::Ussr && s.has_effect(EffectName::IranianHostageCrisis) { 2 } else { 1 };
    for _ in 0..n {
        let len = s.hands[victim.ix()].len();
        if len == 0 {
            crate::log_kept!(s, log, "twilight.card.terrorism.no_card", args!["side" => victim]);
            return true;
        }
        let k = crate::rng::randbelow(&mut s.rng, len);
        let c = s.hands[victim.ix()][k];
        s.discard_from_hand(victim, c, Why::Card(play.card));
    }
    true
}

/// #93 Iran-Contra Scandal: US realignment rolls -1 this turn.
fn iran_contra_scandal(s: &mut State) -> bool {
    s.add_effect_simple(EffectName::IranContraScandal, Until::Turn);
    crate::log_kept!(s, log, "twilight.card.iran_contra_scandal.effect", args![]);
    true
}

/// #94 Chernobyl: the US names a region closed to USSR placement this turn.
fn chernobyl(s: &mut State) -> bool {
    let options: Vec<u8> = (REGION_OPTION_0..REGION_OPTION_0 + 6).collect();
    s.ask(Side::Us, AskKind::Choose, options, name("chernobyl"), false, Value::Null);
    true
}

fn chernobyl_region(s: &mut State, answer: &Answer) {
    let Some(option) = answer.num() else { return };
    let Some(r) = option.checked_sub(REGION_OPTION_0 as i32).filter(|r| (0..6).contains(r)) else { return };
    s.add_effect(Effect { region: Some(r as u8), ..Effect::new(EffectName::Chernobyl, Until::Turn) });
    crate::log_kept!(s, log, "twilight.card.chernobyl.region", args!["region" => REGION_NAMES[r as usize]]);
}

/// #95 Latin American Debt Crisis: the US discards a 3+ ops card, or the
/// USSR doubles its influence in 2 South American countries.
fn latin_american_debt_crisis(s: &mut State) -> bool {
    let cards: Vec<u8> = sorted(
        s.hands[Side::Us.ix()]
            .iter()
            .copied()
            .filter(|&c| !SCORING[c as usize] && s.flat_ops(Side::Us, c) >= 3)
            .collect(),
    );
    if !cards.is_empty() {
        s.ask(Side::Us, AskKind::Discard, cards, name("latin_american_debt_crisis"), true, Value::Null);
    } else {
        crate::log_kept!(s, log, "twilight.card.latin_american_debt_crisis.no_card", args![]);
        debt_crisis_double(s, -1);
    }
    true
}

fn debt_crisis_discard(s: &mut State, answer: &Answer) {
    match card_answer(answer) {
        None => {
            crate::log_kept!(s, log, "twilight.card.latin_american_debt_crisis.no_discard", args![]);
            debt_crisis_double(s, -1);
        }
        Some(c) => s.discard_from_hand(Side::Us, c, Why::Card(95)),
    }
}

/// Ask the USSR for a (further) South American country to double in.
fn debt_crisis_double(s: &mut State, first: i32) {
    let targets: Vec<u8> = IN_REGION[R_SOUTH_AMERICA as usize]
        .iter()
        .copied()
        .filter(|&i| s.inf[Side::Ussr.ix()][i as usize] > 0 && i as i32 != first)
        .collect();
    if targets.is_empty() {
        if first < 0 {
            crate::log_kept!(s, log, "twilight.card.latin_american_debt_crisis.no_influence", args![]);
        }
        return;
    }
    let data = Value::Obj(args!["first" => first]);
    s.ask(Side::Ussr, AskKind::Target, targets, name("latin_american_debt_crisis_double"), false, data);
}

fn debt_crisis_doubled(s: &mut State, frame: &Frame, answer: &Answer) {
    let Some(i) = country_answer(answer) else { return };
    let n = s.inf[Side::Ussr.ix()][i];
    let doubled = n.saturating_mul(2);
    s.inf[Side::Ussr.ix()][i] = doubled;
    crate::log_kept!(s, log, "twilight.card.latin_american_debt_crisis.doubled", args!["country" => country(i), "n" => doubled]);
    if data_int(ask_data(frame), "first").unwrap_or(-1) < 0 {
        debt_crisis_double(s, i as i32);
    }
}

/// #96 Tear Down This Wall: Willy Brandt ends and is blocked, US +3 in
/// East Germany, then a free coup or free realignments in Europe.
fn tear_down_this_wall(s: &mut State) -> bool {
    s.end_effect(EffectName::WillyBrandt);
    s.add_effect(blocking(EffectName::TearDownThisWall, Until::Game, WILLY_BRANDT));
    s.inf[Side::Us.ix()][EAST_GERMANY] += 3;
    crate::log_kept!(s, log, "twilight.card.tear_down_this_wall.influence", args!["event" => WILLY_BRANDT]);
    let europe = region(R_EUROPE);
    if s.coup_targets(Side::Us, Scope { only: Some(&europe), free: true }, true).is_empty() {
        crate::log_kept!(s, log, "twilight.card.tear_down_this_wall.no_target", args![]);
    } else {
        let options = vec![OPTION_COUP, OPTION_REALIGN];
        s.ask(Side::Us, AskKind::Choose, options, name("tear_down_this_wall"), true, Value::Null);
    }
    true
}

fn tear_down_this_wall_ops(s: &mut State, answer: &Answer) {
    let Some(option) = answer.num() else {
        crate::log_kept!(s, log, "twilight.card.tear_down_this_wall.no_operation", args![]);
        return;
    };
    let kinds = if option == OPTION_COUP as i32 { "c" } else { "r" };
    s.begin_ops(Side::Us, 96, None, Some(name(kinds)), Some(region(R_EUROPE)), true);
}

/// #98 Aldrich Ames Remix: the US hand is shown this turn and the USSR
/// discards one card of it.
fn aldrich_ames_remix(s: &mut State, card: u8) -> bool {
    s.add_effect_simple(EffectName::AldrichAmesRemix, Until::Turn);
    s.reveal_hand(Side::Us, Why::Card(card));
    let hand = sorted(s.hands[Side::Us.ix()].to_vec());
    if !s.ask(Side::Ussr, AskKind::Discard, hand, name("aldrich_ames_remix"), false, Value::Null) {
        crate::log_kept!(s, log, "twilight.card.aldrich_ames_remix.no_card", args![]);
    }
    true
}

/// #99 Pershing II Deployed: USSR +1 VP, then 1 US influence out of each of
/// 3 Western European countries.
fn pershing_ii_deployed(s: &mut State, card: u8) -> bool {
    s.gain_vp(Side::Ussr, 1, Some(Why::Card(card)));
    if !s.over {
        let mut f = InfluenceFrame::new(false, Side::Ussr, Side::Us, 3, region(R_WESTERN_EUROPE));
        f.max = 1;
        s.push_influence(f);
    }
    true
}

/// #100 Wargames: at DEFCON 2 only, the player may end the game.
fn wargames(s: &mut State, play: Play) -> bool {
    if s.defcon != 2 {
        crate::log_kept!(s, log, "twilight.card.wargames.not_defcon_2", args![]);
        return false;
    }
    let data = Value::Obj(args!["player" => play.side]);
    s.ask(play.side, AskKind::YesNo, Vec::new(), name("wargames"), false, data);
    true
}

fn wargames_answer(s: &mut State, frame: &Frame, answer: &Answer) {
    let Some(player) = ask_data_side(frame, "player") else { return };
    if *answer != Answer::YesNo(true) {
        crate::log_kept!(s, log, "twilight.card.wargames.declined", args!["player" => player]);
        return;
    }
    let opp = player.opp();
    // Not gain_vp: reaching 20 with the gift is no separate "vp" win.
    s.vp += if opp == Side::Us { 6 } else { -6 };
    let vp = s.vp;
    crate::log_kept!(s, log, "twilight.card.wargames.ends", args!["player" => player, "opp" => opp, "vp" => vp]);
    if vp != 0 {
        let winner = if vp > 0 { Side::Us } else { Side::Ussr };
        s.end_game(Some(winner), "wargames", "twilight.card.wargames.win", args!["winner" => winner]);
    } else {
        s.end_game(None, "wargames", "twilight.card.wargames.draw", args![]);
    }
}

/// #101 Solidarity: with John Paul II Elected Pope in effect, US +3 in Poland.
fn solidarity(s: &mut State) -> bool {
    if !s.has_effect(EffectName::JohnPaulIiElectedPope) {
        crate::log_kept!(s, log, "twilight.card.solidarity.no_pope", args!["event" => JOHN_PAUL_II_ELECTED_POPE]);
        return false;
    }
    s.inf[Side::Us.ix()][POLAND] += 3;
    crate::log_kept!(s, log, "twilight.card.solidarity.influence", args![]);
    true
}

/// #102 Iran-Iraq War: the player invades Iran or Iraq.
fn iran_iraq_war(s: &mut State, play: Play) -> bool {
    let data = Value::Obj(args!["player" => play.side]);
    s.ask(play.side, AskKind::Target, vec![IRAQ, IRAN], name("iran_iraq_war"), false, data);
    true
}

// ---------------------------------------------------------------------------
// Optional cards
// ---------------------------------------------------------------------------

/// #104 The Cambridge Five (not in the Late War): the US shows its scoring
/// cards; the USSR adds 1 influence in a region one of them scores.
fn the_cambridge_five(s: &mut State) -> bool {
    if s.turn >= LATE_WAR_TURN {
        crate::log_kept!(s, log, "twilight.card.the_cambridge_five.late_war", args![]);
        return false;
    }
    let shown: Vec<u8> =
        sorted(s.hands[Side::Us.ix()].iter().copied().filter(|&c| SCORING[c as usize]).collect());
    s.reveals += 1;
    if shown.is_empty() {
        crate::log_kept!(s, log, "twilight.card.the_cambridge_five.no_scoring_card", args![]);
        return true;
    }
    let known = &mut s.known[Side::Ussr.ix()];
    known.extend_from_slice(&shown);
    known.sort_unstable();
    known.dedup();
    crate::log_kept!(s, log_to, "twilight.card.the_cambridge_five.shows", Side::Ussr.name(), args!["cards" => Value::ints(&shown)]);
    if shown.len() == 1 {
        cambridge_five_place(s, shown[0]);
    } else {
        s.ask(Side::Ussr, AskKind::Pick, shown, name("the_cambridge_five"), false, Value::Null);
    }
    true
}

fn cambridge_five_place(s: &mut State, card: u8) {
    let r = SCORING_REGION[card as usize];
    let Some(region_name) = REGION_NAMES.get(r as usize) else { return };
    crate::log_kept!(s, log, "twilight.card.the_cambridge_five.place", args!["region" => *region_name]);
    s.push_influence(InfluenceFrame::new(true, Side::Ussr, Side::Ussr, 1, region(r)));
}

/// #105 Special Relationship: with the UK controlled, US +1 next to the UK,
/// or +2 in Western Europe and 2 VP under NATO.
fn special_relationship(s: &mut State) -> bool {
    if s.control(UK) != Some(Side::Us) {
        crate::log_kept!(s, log, "twilight.card.special_relationship.no_uk", args![]);
        return false;
    }
    let (targets, amount) = if s.has_effect(EffectName::Nato) {
        (region(R_WESTERN_EUROPE), 2)
    } else {
        (ADJACENT[UK].to_vec(), 1)
    };
    let data = Value::Obj(args!["amount" => amount]);
    s.ask(Side::Us, AskKind::Target, targets, name("special_relationship"), false, data);
    true
}

fn special_relationship_answer(s: &mut State, frame: &Frame, answer: &Answer) {
    let (Some(i), Some(amount)) = (country_answer(answer), data_int(ask_data(frame), "amount")) else { return };
    s.inf[Side::Us.ix()][i] += amount as u8;
    crate::log_kept!(s, log, "twilight.card.special_relationship.influence", args!["n" => amount, "country" => country(i)]);
    if amount == 2 {
        s.gain_vp(Side::Us, 2, Some(Why::Card(105)));
    }
}

/// #107 Che: offer the USSR a coup (not in `first`, the country of the
/// first coup, or -1).
fn che_offer(s: &mut State, first: i32) -> bool {
    let targets: Vec<u8> = s
        .coup_targets(Side::Ussr, Scope { only: Some(&CHE_TARGETS), free: false }, true)
        .into_iter()
        .filter(|&i| i as i32 != first)
        .collect();
    if targets.is_empty() {
        crate::log_kept!(s, log, "twilight.card.che.no_target", args![]);
        return true;
    }
    let data = Value::Obj(args!["first" => first]);
    s.ask(Side::Ussr, AskKind::Target, targets, name("che"), true, data);
    true
}

fn che_coup(s: &mut State, frame: &Frame, answer: &Answer) {
    let Some(i) = country_answer(answer) else {
        crate::log_kept!(s, log, "twilight.card.che.no_coup", args![]);
        return;
    };
    let second = data_int(ask_data(frame), "first").unwrap_or(-1) >= 0;
    let ops = s.flat_ops(Side::Ussr, 107);
    s.declare_coup(Side::Ussr, i, ops, false, name(if second { "" } else { "che_result" }));
}

/// #108 Our Man in Tehran: with a Middle East country controlled, the US
/// looks at the top 5 cards and discards any of them.
fn our_man_in_tehran(s: &mut State) -> bool {
    if !IN_REGION[R_MIDDLE_EAST as usize].iter().any(|&i| s.control(i as usize) == Some(Side::Us)) {
        crate::log_kept!(s, log, "twilight.card.our_man_in_tehran.no_control", args![]);
        return false;
    }
    if s.deck.len() < TEHRAN_DRAW && !s.discard.is_empty() {
        let mut pile = std::mem::take(&mut s.discard);
        crate::rng::shuffle(&mut s.rng, &mut pile);
        let n = pile.len();
        // The old draw pile stays on top.
        pile.extend_from_slice(&s.deck);
        s.deck = pile;
        crate::log_kept!(s, log, "twilight.card.our_man_in_tehran.reshuffle", args!["n" => n]);
    }
    let from = s.deck.len().saturating_sub(TEHRAN_DRAW);
    let top = sorted(s.deck[from..].to_vec());
    if top.is_empty() {
        crate::log_kept!(s, log, "twilight.card.our_man_in_tehran.no_card", args![]);
        return true;
    }
    s.reveals += 1;
    crate::log_kept!(s, log, "twilight.card.our_man_in_tehran.look", args!["n" => top.len()]);
    let data = Value::Obj(args!["cards" => Value::ints(&top)]);
    s.ask(Side::Us, AskKind::Discard, top, name("our_man_in_tehran"), true, data);
    true
}

fn our_man_in_tehran_answer(s: &mut State, frame: &Frame, answer: &Answer) {
    if let Some(card) = card_answer(answer) {
        remove_item(&mut s.deck, card);
        s.discard.push(card);
        s.reveals += 1;
        crate::log_kept!(s, log, "twilight.card.our_man_in_tehran.discard", args!["card" => card]);
        let rest: Vec<u8> = ask_data_cards(frame, "cards").into_iter().filter(|&c| c != card).collect();
        if !rest.is_empty() {
            let data = Value::Obj(args!["cards" => Value::ints(&rest)]);
            s.ask(Side::Us, AskKind::Discard, rest, name("our_man_in_tehran"), true, data);
            return;
        }
    }
    crate::rng::shuffle(&mut s.rng, &mut s.deck);
    crate::log_kept!(s, log, "twilight.card.our_man_in_tehran.shuffle_back", args![]);
}

/// #109 Yuri and Samantha: the USSR gains 1 VP per US coup this turn.
fn yuri_and_samantha(s: &mut State) -> bool {
    s.add_effect_simple(EffectName::YuriAndSamantha, Until::Turn);
    crate::log_kept!(s, log, "twilight.card.yuri_and_samantha.effect", args![]);
    true
}

/// #110 AWACS Sale to Saudis: US +2 in Saudi Arabia; Muslim Revolution is
/// blocked.
fn awacs_sale_to_saudis(s: &mut State) -> bool {
    s.inf[Side::Us.ix()][SAUDI_ARABIA] += 2;
    s.add_effect(blocking(EffectName::AwacsSaleToSaudis, Until::Game, MUSLIM_REVOLUTION));
    crate::log_kept!(s, log, "twilight.card.awacs_sale_to_saudis.influence", args!["event" => MUSLIM_REVOLUTION]);
    true
}

// ---------------------------------------------------------------------------
// Interrupts
// ---------------------------------------------------------------------------

/// The side playing `card` right now (from its finish frame), if any.
fn played_by(s: &State, card: u8) -> Option<Side> {
    s.stack.iter().rev().find_map(|f| match f {
        Frame::Finish { side, card: c, .. } if *c == card => Some(*side),
        _ => None,
    })
}

/// #32 UN Intervention: played with a card carrying the opponent's event,
/// which is cancelled; its ops are conducted. Never in the headline.
fn un_intervention(s: &mut State, play: Play) -> bool {
    let side = play.side;
    let partners: Vec<u8> =
        sorted(s.hands[side.ix()].iter().copied().filter(|&c| opponents_card(c, side)).collect());
    if s.ar == 0 || partners.is_empty() {
        return false;
    }
    if s.has_effect(EffectName::U2Incident) {
        s.gain_vp(Side::Ussr, 1, Some(Why::Card(U2_INCIDENT)));
        s.end_effect(EffectName::U2Incident);
        if s.over {
            return true;
        }
    }
    let data = Value::Obj(args!["side" => side]);
    s.ask(side, AskKind::Ops, partners, name("un_intervention"), false, data);
    true
}

fn un_intervention_answer(s: &mut State, frame: &Frame, answer: &Answer) {
    let (Some(side), Some(c)) = (ask_data_side(frame, "side"), card_answer(answer)) else { return };
    remove_item(&mut s.hands[side.ix()], c);
    s.in_play.push(c);
    crate::log_kept!(s, log, "twilight.card.un_intervention.play", args!["side" => side, "card" => c, "opp" => side.opp()]);
    s.push(Frame::Finish { side, card: c, remove: false, table: None });
    s.flower_power_check(side, c);
    if !s.over {
        s.begin_ops(side, c, None, None, None, false);
    }
}

/// #103 Defectors: in the headline phase it cancels a waiting USSR
/// headline; played by the USSR in an action round, the US gains 1 VP.
fn defectors(s: &mut State, card: u8) -> bool {
    if s.ar == 0 {
        if s.headline[Side::Ussr.ix()] != 0 {
            s.cancel_headline(Side::Ussr, Why::Card(card));
        }
        return true;
    }
    if played_by(s, card) == Some(Side::Ussr) {
        s.gain_vp(Side::Us, 1, Some(Why::Card(card)));
    }
    true
}

/// #42 Quagmire: the US is trapped; NORAD ends.
fn quagmire(s: &mut State) -> bool {
    s.add_effect_simple(EffectName::Quagmire, Until::Game);
    crate::log_kept!(s, log, "twilight.card.quagmire.effect", args![]);
    s.end_effect(EffectName::Norad);
    true
}

/// #44 Bear Trap: the USSR is trapped.
fn bear_trap(s: &mut State) -> bool {
    s.add_effect_simple(EffectName::BearTrap, Until::Game);
    crate::log_kept!(s, log, "twilight.card.bear_trap.effect", args![]);
    true
}

/// #49 Missile Envy: the opponent gives up its highest-ops card (it picks
/// among ties) and takes Missile Envy.
fn missile_envy(s: &mut State, play: Play) -> bool {
    let side = play.side;
    let opp = side.opp();
    let hand = &s.hands[opp.ix()];
    let Some(best) = hand.iter().map(|&c| CARD_OPS[c as usize]).max() else {
        crate::log_kept!(s, log, "twilight.card.missile_envy.no_card", args!["side" => opp]);
        return false;
    };
    let top: Vec<u8> = sorted(hand.iter().copied().filter(|&c| CARD_OPS[c as usize] == best).collect());
    if top.len() == 1 {
        envy_swap(s, side, top[0]);
    } else {
        let data = Value::Obj(args!["side" => side]);
        s.ask(opp, AskKind::Pick, top, name("missile_envy"), false, data);
    }
    true
}

/// Missile Envy's swap: `side` receives `c` and plays it at once.
fn envy_swap(s: &mut State, side: Side, c: u8) {
    let opp = side.opp();
    remove_item(&mut s.hands[opp.ix()], c);
    s.reveals += 1;
    // Missile Envy goes to the opponent's hand instead of the discard pile.
    s.keep_on_table(MISSILE_ENVY);
    remove_item(&mut s.in_play, MISSILE_ENVY);
    s.hands[opp.ix()].push(MISSILE_ENVY);
    s.known[side.ix()].push(MISSILE_ENVY);
    s.add_effect(Effect { side: Some(SideOrBoth::One(opp)), ..Effect::new(EffectName::MissileEnvy, Until::Game) });
    s.in_play.push(c);
    crate::log_kept!(s, log, "twilight.card.missile_envy.swap", args!["side" => opp, "card" => c, "card2" => MISSILE_ENVY]);
    s.flower_power_check(side, c);
    if s.over {
        return;
    }
    if opponents_card(c, side) {
        crate::log_kept!(s, log, "twilight.card.missile_envy.ops", args!["side" => side, "card" => c]);
        s.push(Frame::Finish { side, card: c, remove: false, table: None });
        s.begin_ops(side, c, None, None, None, false);
    } else {
        crate::log_kept!(s, log, "twilight.card.missile_envy.event", args!["card" => c, "side" => side]);
        s.play_event(side, c, side);
    }
}

/// #50 We Will Bury You: DEFCON -1; the USSR gains 3 VP as the US starts
/// its next round unless it plays UN Intervention.
fn we_will_bury_you(s: &mut State) -> bool {
    let phasing = s.phasing;
    s.change_defcon(-1, phasing);
    if !s.over {
        s.add_effect_simple(EffectName::WeWillBuryYou, Until::Game);
        crate::log_kept!(s, log, "twilight.card.we_will_bury_you.effect", args!["event" => UN_INTERVENTION]);
    }
    true
}

/// #60 U2 Incident: USSR +1 VP, and 1 more if UN Intervention follows.
fn u2_incident(s: &mut State, card: u8) -> bool {
    s.add_effect_simple(EffectName::U2Incident, Until::Turn);
    s.gain_vp(Side::Ussr, 1, Some(Why::Card(card)));
    true
}

/// #59 Flower Power: the USSR gains 2 VP per US war card played.
fn flower_power(s: &mut State) -> bool {
    s.add_effect_simple(EffectName::FlowerPower, Until::Game);
    crate::log_kept!(s, log, "twilight.card.flower_power.effect", args![]);
    true
}

/// #97 An Evil Empire: Flower Power ends and is blocked; US +1 VP.
fn an_evil_empire(s: &mut State, card: u8) -> bool {
    s.end_effect(EffectName::FlowerPower);
    s.add_effect(blocking(EffectName::AnEvilEmpire, Until::Game, FLOWER_POWER));
    s.gain_vp(Side::Us, 1, Some(Why::Card(card)));
    true
}

/// #40 Cuban Missile Crisis: DEFCON 2; a coup by the player's opponent
/// loses the game this turn.
fn cuban_missile_crisis(s: &mut State, play: Play) -> bool {
    let (delta, phasing) = (2 - s.defcon as i32, s.phasing);
    s.change_defcon(delta, phasing);
    let threatened = play.side.opp();
    s.add_effect(Effect {
        side: Some(SideOrBoth::One(threatened)),
        ..Effect::new(EffectName::CubanMissileCrisis, Until::Turn)
    });
    crate::log_kept!(s, log, "twilight.card.cuban_missile_crisis.effect", args!["side" => threatened]);
    true
}

/// #86 North Sea Oil: OPEC is blocked; the US may take an 8th round.
fn north_sea_oil(s: &mut State) -> bool {
    let turn = s.turn;
    s.add_effect(Effect { turn: Some(turn), ..blocking(EffectName::NorthSeaOil, Until::Game, OPEC) });
    crate::log_kept!(s, log, "twilight.card.north_sea_oil.effect", args!["event" => OPEC]);
    true
}

/// #106 NORAD: the US may add influence when DEFCON moves to 2.
fn norad(s: &mut State) -> bool {
    s.add_effect_simple(EffectName::Norad, Until::Game);
    crate::log_kept!(s, log, "twilight.card.norad.effect", args![]);
    true
}

/// #67 Grain Sales to Soviets: the US takes a random USSR card and plays it
/// or returns it (then uses Grain Sales' ops).
fn grain_sales_to_soviets(s: &mut State, card: u8) -> bool {
    let len = s.hands[Side::Ussr.ix()].len();
    if len == 0 {
        crate::log_kept!(s, log, "twilight.card.grain_sales_to_soviets.no_card", args![]);
        s.begin_ops(Side::Us, card, None, None, None, false);
        return true;
    }
    let k = crate::rng::randbelow(&mut s.rng, len);
    let c = s.hands[Side::Ussr.ix()].remove(k);
    s.hands[Side::Us.ix()].push(c);
    s.known[Side::Ussr.ix()].push(c);
    s.reveals += 1;
    crate::log_kept!(s, log_to, "twilight.card.grain_sales_to_soviets.take_unseen", SPECTATORS, args![]);
    crate::log_kept!(s, log_to, "twilight.card.grain_sales_to_soviets.take", PLAYERS, args!["card" => c]);
    s.push(Frame::Action { p: Side::Us, extra: false, only: Some(c), ret: Some(card) });
    true
}

/// #85 Star Wars: ahead on the Space Race, the US plays a discarded
/// card's event.
fn star_wars(s: &mut State) -> bool {
    if s.space[Side::Us.ix()] <= s.space[Side::Ussr.ix()] {
        return false;
    }
    let mut options: Vec<u8> = s
        .discard
        .iter()
        .copied()
        .filter(|&c| !SCORING[c as usize] && super::super::events::implemented(c) && !s.event_blocked(c))
        .collect();
    options.sort_unstable();
    options.dedup();
    if options.is_empty() {
        crate::log_kept!(s, log, "twilight.card.star_wars.none", args![]);
        return false;
    }
    s.ask(Side::Us, AskKind::Pick, options, name("star_wars"), false, Value::Null);
    true
}

fn star_wars_answer(s: &mut State, answer: &Answer) {
    let Some(c) = card_answer(answer) else { return };
    remove_item(&mut s.discard, c);
    s.in_play.push(c);
    crate::log_kept!(s, log, "twilight.card.star_wars.take", args!["card" => c]);
    s.flower_power_check(Side::Us, c);
    if !s.over {
        let side = if CARD_SIDE[c as usize] == CardSide::Ussr { Side::Ussr } else { Side::Us };
        s.play_event(side, c, Side::Us);
    }
}

/// #77 Ask Not What Your Country Can Do For You: the US discards any
/// number of cards, then draws as many.
fn ask_not(s: &mut State) -> bool {
    if s.hands[Side::Us.ix()].is_empty() {
        crate::log_kept!(s, log, "twilight.card.ask_not_what_your_country_can_do_for_you.no_card", args![]);
        return true;
    }
    let hand = sorted(s.hands[Side::Us.ix()].to_vec());
    let data = Value::Obj(args!["count" => 0]);
    s.ask(Side::Us, AskKind::Discard, hand, name("ask_not"), true, data);
    true
}

fn ask_not_answer(s: &mut State, frame: &Frame, answer: &Answer) {
    let mut n = data_int(ask_data(frame), "count").unwrap_or(0);
    if let Some(c) = card_answer(answer) {
        s.discard_from_hand(Side::Us, c, Why::Card(ASK_NOT));
        n += 1;
        if !s.hands[Side::Us.ix()].is_empty() {
            let hand = sorted(s.hands[Side::Us.ix()].to_vec());
            let data = Value::Obj(args!["count" => n]);
            s.ask(Side::Us, AskKind::Discard, hand, name("ask_not"), true, data);
            return;
        }
    }
    let mut drawn = 0;
    for _ in 0..n {
        if s.draw_into_hand(Side::Us).is_none() {
            break;
        }
        drawn += 1;
    }
    s.reveals += 1;
    crate::log_kept!(s, log, "twilight.card.ask_not_what_your_country_can_do_for_you.draw", args!["n" => n, "drawn" => drawn]);
}

#[cfg(test)]
mod tests {
    use super::super::super::data::{BATTLEGROUND, NAMES, OPTIONS, REGION, R_AFRICA, R_CENTRAL_AMERICA};
    use super::*;

    #[test]
    fn country_constants_match_the_map() {
        assert_eq!(NAMES[UK], "UK");
        assert_eq!(NAMES[EAST_GERMANY], "East Germany");
        assert_eq!(NAMES[POLAND], "Poland");
        assert_eq!(NAMES[LIBYA], "Libya");
        assert_eq!(NAMES[LEBANON], "Lebanon");
        assert_eq!(NAMES[IRAQ as usize], "Iraq");
        assert_eq!(NAMES[IRAN as usize], "Iran");
        assert_eq!(NAMES[SAUDI_ARABIA], "Saudi Arabia");
        assert_eq!(NAMES[SOUTH_KOREA], "South Korea");
        assert_eq!(NAMES[NICARAGUA], "Nicaragua");
        assert_eq!(NAMES[ARGENTINA], "Argentina");
    }

    #[test]
    fn implemented_is_the_card_list() {
        for c in 0..=255u8 {
            assert_eq!(implemented(c), CARDS.contains(&c));
        }
        assert!(!implemented(1) && implemented(82) && implemented(110) && !implemented(111));
    }

    #[test]
    fn option_constants_match_the_table() {
        for k in 0..6u8 {
            assert_eq!(OPTIONS[(REGION_OPTION_0 + k) as usize], REGION_NAMES[k as usize]);
        }
        assert_eq!(OPTIONS[OPTION_COUP as usize], "coup");
        assert_eq!(OPTIONS[OPTION_REALIGN as usize], "realign");
    }

    #[test]
    fn che_targets_are_the_non_battlegrounds_of_three_regions() {
        let expected: Vec<u8> = (0..N_COUNTRIES as u8)
            .filter(|&i| {
                let r = REGION[i as usize];
                (r == R_CENTRAL_AMERICA || r == R_SOUTH_AMERICA || r == R_AFRICA) && !BATTLEGROUND[i as usize]
            })
            .collect();
        assert_eq!(CHE_TARGETS.to_vec(), expected);
    }
}
