//! The round (`rules/round.py`, rules.md 3): a procedure frame stepping
//! through the phases: escalation, agendas dealt and kept, strategy cards
//! and the initiative, the card plays, the Aftermath card, the world
//! opinion bonuses (Television, United Nations, Alliances), agenda
//! resolution, the nuclear-war check and the end of the round.

use crate::json::Value;
use crate::rng;

use super::actions::Action;
use super::data::{
    agenda_type, AGENDAS_DEALT, AGENDA_TYPES, ALLIANCES, ALL_TRACKS, ARENAS, DEFCON_MAX, HAND_SIZE, PLAYS_PER_ROUND,
    ROUNDS, TELEVISION, UNITED_NATIONS,
};
use super::frames::push_shift;
use super::play::remove_card;
use super::scoring::{final_scoring, nuclear_check, resolve_agendas};
use super::state::{AgendaList, arg, Frame, Fx, ShiftFrame, Side, State, Step};

/// Every marker of both sides goes up one step; the round starts.
fn escalate_all(s: &mut State) {
    for side in Side::BOTH {
        for t in 0..3 {
            let m = &mut s.defcon[side.ix()][t];
            *m = (*m + 1).min(DEFCON_MAX);
        }
    }
    let (m1, m2) = (s.defcon_markers(Side::Ussr), s.defcon_markers(Side::Us));
    crate::log_kept!(s, log, 
        "thirteen.round.start",
        vec![
            arg("round", s.round),
            arg("side", Side::Ussr),
            arg("markers", m1),
            arg("side2", Side::Us),
            arg("markers2", m2),
        ],
    );
}

/// Shuffle the agenda deck (recycling the kept ones under
/// `agenda_recycle="all"`) and deal three flags to each side.
fn deal_agendas(s: &mut State) {
    if s.options.agenda_recycle_all {
        let out = std::mem::take(&mut s.agenda_out);
        s.agenda_deck.extend(out);
    }
    rng::shuffle(&mut s.rng, &mut s.agenda_deck);
    for side in Side::BOTH {
        let k = AGENDAS_DEALT.min(s.agenda_deck.len());
        let mut dealt = AgendaList::new();
        for _ in 0..k {
            if let Some(a) = s.agenda_deck.pop() {
                dealt.push(a);
            }
        }
        let names: Vec<Value> = dealt
            .iter()
            .map(|&a| Value::s(AGENDA_TYPES[usize::from(agenda_type(a))].0))
            .collect();
        s.offered[side.ix()] = dealt;
        crate::log_kept!(s, log, 
            "thirteen.agenda.dealt",
            vec![arg("side", side), arg("agendas", Value::List(names))],
        );
    }
    s.kept = [0, 0];
    s.agendas_open = false;
    s.reveals += 1;
}

/// Each side draws up to 5 strategy cards.
pub fn deal_strategy(s: &mut State) {
    for side in Side::BOTH {
        while s.hands[side.ix()].len() < HAND_SIZE {
            match s.draw_card() {
                Some(c) => s.hands[side.ix()].push(c),
                None => break,
            }
        }
    }
    crate::log_kept!(s, log, "thirteen.round.deal", vec![]);
}

/// `side` still has a card play this round.
#[inline]
pub fn can_play(s: &State, side: Side) -> bool {
    s.plays[side.ix()] < PLAYS_PER_ROUND && !s.hands[side.ix()].is_empty()
}

/// Run one step of the round procedure (the round frame is at index 0,
/// on top of the stack).
pub fn proc_round(s: &mut State, step: Step) {
    let set = |s: &mut State, next: Step| {
        if let Some(Frame::Round { step }) = s.stack.first_mut() {
            *step = next;
        }
    };
    match step {
        Step::Escalate => {
            escalate_all(s);
            set(s, Step::Agendas);
        }
        Step::Agendas => {
            deal_agendas(s);
            set(s, Step::Deal);
            for side in [Side::Us, Side::Ussr] {
                // USSR on top: it keeps its agenda first.
                if !s.offered[side.ix()].is_empty() {
                    s.push(Frame::Agenda { p: side, card: None });
                }
            }
        }
        Step::Deal => {
            deal_strategy(s);
            set(s, Step::Plays);
            initiative(s);
        }
        Step::Plays => {
            let mut side = s.next;
            if !can_play(s, side) {
                side = side.opp();
                if !can_play(s, side) {
                    set(s, Step::Aftermath);
                    return;
                }
            }
            s.next = side.opp();
            s.push(Frame::Turn { p: side, card: None });
        }
        Step::Aftermath => {
            set(s, Step::Television);
            for side in [Side::Us, Side::Ussr] {
                let n = s.hands[side.ix()].len();
                if n == 1 {
                    if let Some(c) = s.hands[side.ix()].pop() {
                        to_aftermath(s, side, c);
                    }
                } else if n > 1 {
                    s.push(Frame::Aftermath { p: side, card: None });
                }
            }
        }
        Step::Television => {
            set(s, Step::UnitedNations);
            if let Some(side) = s.dominator(TELEVISION) {
                crate::log_kept!(s, log, 
                    "thirteen.bonus.television",
                    vec![arg("side", side), arg("arena", ARENAS[usize::from(TELEVISION)])],
                );
                push_shift(s, ShiftFrame::new(side, side, &ALL_TRACKS, 1));
            }
        }
        Step::UnitedNations => {
            set(s, Step::Alliances);
            if let Some(side) = s.dominator(UNITED_NATIONS) {
                let code = if s.letter != side {
                    s.letter = side;
                    "thirteen.bonus.un_takes"
                } else {
                    "thirteen.bonus.un_keeps"
                };
                crate::log_kept!(s, log, 
                    code,
                    vec![arg("side", side), arg("arena", ARENAS[usize::from(UNITED_NATIONS)])],
                );
            }
        }
        Step::Alliances => {
            set(s, Step::Resolve);
            if let Some(side) = s.dominator(ALLIANCES) {
                if let Some(c) = s.draw_card() {
                    s.held.push(c);
                    crate::log_kept!(s, log, 
                        "thirteen.bonus.alliances",
                        vec![arg("side", side), arg("arena", ARENAS[usize::from(ALLIANCES)])],
                    );
                    s.push(Frame::Alliances { p: side, card: c });
                }
            }
        }
        Step::Resolve => {
            set(s, Step::Nuclear);
            resolve_agendas(s);
        }
        Step::Nuclear => {
            set(s, Step::End);
            nuclear_check(s);
        }
        Step::End => {
            end_round(s);
            set(s, Step::Escalate);
        }
    }
}

/// The side behind in prestige chooses who plays first; on a tie the USSR
/// chooses (Q7), or simply goes first under `initiative_tie="ussr_first"`.
fn initiative(s: &mut State) {
    let p = s.prestige;
    if p == 0 && s.options.initiative_ussr_first {
        s.next = Side::Ussr;
        crate::log_kept!(s, log, "thirteen.round.ussr_first", vec![arg("side", Side::Ussr)]);
        return;
    }
    let chooser = if p >= 0 { Side::Ussr } else { Side::Us };
    s.push(Frame::Initiative { p: chooser, card: None });
}

/// Clear the round's effects and plays; after round 3 the final scoring,
/// else kept agendas leave the game, unkept ones go back (Q6).
fn end_round(s: &mut State) {
    s.fx = Fx::default();
    s.plays = [0, 0];
    if s.round >= ROUNDS {
        final_scoring(s); // the last round's agendas stay on show
        return;
    }
    if s.agendas_open {
        for side in Side::BOTH {
            let kept = s.kept[side.ix()];
            let offered = s.offered[side.ix()];
            for a in offered {
                if a == kept {
                    s.agenda_out.push(a);
                } else {
                    s.agenda_deck.push(a);
                }
            }
        }
    }
    s.offered = [AgendaList::new(), AgendaList::new()];
    s.kept = [0, 0];
    s.agendas_open = false;
    s.round += 1;
}

/// `side` puts `card` face down in the Aftermath pile (the public entry
/// never names it).
pub fn to_aftermath(s: &mut State, side: Side, card: u8) {
    s.aftermath.push((side, card));
    crate::log_kept!(s, log, "thirteen.aftermath.put", vec![arg("side", side)]);
}

/// Legal actions of the initiative: USSR first, US first.
pub fn legal_initiative(out: &mut Vec<u16>) {
    out.push(Action::First(Side::Ussr).id());
    out.push(Action::First(Side::Us).id());
}

/// Apply the initiative (the frame already popped).
pub fn apply_initiative(s: &mut State, p: Side, a: Action) {
    let first = if a == Action::First(Side::Ussr) {
        Side::Ussr
    } else {
        Side::Us
    };
    s.next = first;
    crate::log_kept!(s, log, "thirteen.round.initiative", vec![arg("side", p), arg("first", first)]);
}

/// Legal actions of the Aftermath choice: each card of the hand, sorted.
pub fn legal_aftermath(s: &State, p: Side, out: &mut Vec<u16>) {
    let mut hand = s.hands[p.ix()];
    hand.sort_unstable();
    for c in hand {
        out.push(Action::Aftermath(c).id());
    }
}

/// Apply the Aftermath choice: the card goes face down, the rest to the
/// discards (the frame already popped).
pub fn apply_aftermath(s: &mut State, p: Side, a: Action) {
    let c = match a {
        Action::Aftermath(c) => c,
        _ => return,
    };
    remove_card(&mut s.hands[p.ix()], c);
    to_aftermath(s, p, c);
    let mut rest = std::mem::take(&mut s.hands[p.ix()]);
    rest.sort_unstable();
    s.discard.extend_from_slice(&rest);
    if !rest.is_empty() {
        crate::log_kept!(s, log, "thirteen.aftermath.discards", vec![arg("side", p), arg("cards", rest)]);
    }
}

/// Legal actions of the Alliances card: to the Aftermath, or discard it.
pub fn legal_alliances(card: u8, out: &mut Vec<u16>) {
    out.push(Action::Aftermath(card).id());
    out.push(Action::Discard(card).id());
}

/// Apply the Alliances decision (the frame already popped).
pub fn apply_alliances(s: &mut State, p: Side, c: u8, a: Action) {
    remove_card(&mut s.held, c);
    if let Action::Aftermath(_) = a {
        to_aftermath(s, p, c);
    } else {
        s.discard.push(c);
        crate::log_kept!(s, log, 
            "thirteen.bonus.alliances_discard",
            vec![
                arg("side", p),
                arg("card", c),
                arg("arena", ARENAS[usize::from(ALLIANCES)]),
            ],
        );
    }
}
