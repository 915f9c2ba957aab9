//! Agendas (phase 6), the nuclear-war check (phase 7) and the final
//! scoring (`rules/scoring.py`, rules.md 3.6 and 4).

use crate::json::Value;

use super::actions::Action;
use super::data::{
    agenda_type, war_at, AgendaKind, AFTERMATH_BONUS, AGENDA_TYPES, CARDS, CARIBBEAN, DEFCON1_FROM, DEFCON2_FROM,
    LETTER_AGENDA_PRESTIGE, MAX_LEAD, TRACKS,
};
use super::play::faction_side;
use super::state::{arg, msg, AgendaPush, Outcome, Side, State, Why};

/// Legal actions of keeping an agenda: each type among the side's flags, sorted.
pub fn legal_agenda(s: &State, p: Side, out: &mut Vec<u16>) {
    let mut seen = [false; 10];
    for &a in &s.offered[p.ix()] {
        seen[usize::from(agenda_type(a))] = true;
    }
    for (t, _) in seen.iter().enumerate().filter(|(_, &x)| x) {
        out.push(Action::Agenda(t as u8).id());
    }
}

/// Keep the first flag of the chosen type (the frame already popped).
pub fn apply_agenda(s: &mut State, p: Side, a: Action) {
    if let Action::Agenda(t) = a {
        if let Some(&c) = s.offered[p.ix()].iter().find(|&&c| agenda_type(c) == t) {
            s.kept[p.ix()] = c;
        }
    }
    // Public: it says that a choice was made, never which agenda.
    crate::log_kept!(s, log, "thirteen.agenda.kept", vec![arg("side", p)]);
}

/// The highest position a track agenda pushes (`defcon.push_top`).
fn push_top(mode: AgendaPush) -> u8 {
    match mode {
        AgendaPush::Zone => DEFCON1_FROM - 1,
        AgendaPush::Saito => DEFCON1_FROM - 2,
        AgendaPush::None => 0,
    }
}

/// Resolve one kept agenda: the side scoring and its prestige. DEFCON-track
/// agendas first push markers in the DEFCON 2 zone up one step (Q3).
pub fn score_agenda(s: &mut State, card: u8) -> (Option<Side>, u8) {
    let (_, kind, target) = AGENDA_TYPES[usize::from(agenda_type(card))];
    let bonus = s.options.agenda_bonus;
    match kind {
        AgendaKind::Letter => (Some(s.letter), LETTER_AGENDA_PRESTIGE),
        AgendaKind::Track => {
            let t = usize::from(target);
            let mode = s.options.agenda_push;
            if mode != AgendaPush::None {
                let top = push_top(mode);
                for side in Side::BOTH {
                    let pos = s.defcon[side.ix()][t];
                    if (DEFCON2_FROM..=top).contains(&pos) {
                        let why = msg("thirteen.why.track_agenda", vec![arg("track", TRACKS[t])]);
                        s.shift_marker(side, target, 1, Some(Why::Msg(why)));
                    }
                }
            }
            let us = s.defcon[Side::Us.ix()][t];
            let su = s.defcon[Side::Ussr.ix()][t];
            if us == su {
                return (None, 0);
            }
            let side = if us > su { Side::Us } else { Side::Ussr };
            (Some(side), us.abs_diff(su) + u8::from(bonus))
        }
        AgendaKind::Arena => {
            let us = s.cubes_in(Side::Us, target);
            let su = s.cubes_in(Side::Ussr, target);
            if us == su {
                return (None, 0);
            }
            let side = if us > su { Side::Us } else { Side::Ussr };
            let mut amount = us.abs_diff(su);
            if bonus {
                if CARIBBEAN.contains(&target) {
                    amount += CARIBBEAN
                        .iter()
                        .filter(|&&a| a != target && s.dominator(a) == Some(side))
                        .count() as u8;
                } else {
                    amount += 1;
                }
            }
            (Some(side), amount)
        }
    }
}

/// Reveal both kept agendas and score them, USSR's first; the net change
/// is applied, then the lead capped at 5 (Q8). Option `agenda_cap="each"`:
/// each agenda's prestige is capped as it is scored.
pub fn resolve_agendas(s: &mut State) {
    s.agendas_open = true;
    s.reveals += 1;
    let each = s.options.agenda_cap_each;
    let mut net: i32 = 0;
    for side in Side::BOTH {
        let card = s.kept[side.ix()];
        if card == 0 {
            continue;
        }
        let name = AGENDA_TYPES[usize::from(agenda_type(card))].0;
        let (scorer, amount) = score_agenda(s, card);
        let scorer = match scorer {
            Some(w) if amount != 0 => w,
            _ => {
                crate::log_kept!(s, log, 
                    "thirteen.agenda.reveal_none",
                    vec![arg("side", side), arg("agenda", name)],
                );
                continue;
            }
        };
        if each {
            crate::log_kept!(s, log, "thirteen.agenda.reveal", vec![arg("side", side), arg("agenda", name)]);
            let why = msg("thirteen.why.agenda", vec![arg("agenda", name)]);
            s.gain_prestige(scorer, amount, Why::Msg(why));
            continue;
        }
        crate::log_kept!(s, log, 
            "thirteen.agenda.reveal_scores",
            vec![
                arg("side", side),
                arg("agenda", name),
                arg("winner", scorer),
                arg("n", amount),
            ],
        );
        net += if scorer == Side::Us {
            i32::from(amount)
        } else {
            -i32::from(amount)
        };
    }
    if net != 0 {
        let new = i32::from(s.prestige) + net;
        let capped = new.clamp(-i32::from(MAX_LEAD), i32::from(MAX_LEAD));
        s.prestige = capped as i8;
        let code = if new != capped {
            "thirteen.agenda.net_capped"
        } else {
            "thirteen.agenda.net"
        };
        crate::log_kept!(s, log, code, vec![arg("prestige", s.prestige)]);
    }
}

/// Any marker in the DEFCON 1 zone, or all three in DEFCON 2 or worse.
pub fn triggers_war(s: &State, side: Side) -> bool {
    war_at(&s.defcon[side.ix()])
}

/// Phase 7: whoever triggered nuclear war loses; both: nobody wins (Q4).
pub fn nuclear_check(s: &mut State) {
    let su = triggers_war(s, Side::Ussr);
    let us = triggers_war(s, Side::Us);
    if su && us {
        s.end_game(None, Outcome::NuclearWar, "thirteen.end.nuclear_both", vec![]);
    } else if su || us {
        let loser = if su { Side::Ussr } else { Side::Us };
        let markers = s.defcon_markers(loser);
        s.end_game(
            Some(loser.opp()),
            Outcome::NuclearWar,
            "thirteen.end.nuclear",
            vec![arg("loser", loser), arg("markers", markers), arg("winner", loser.opp())],
        );
    }
}

/// Command values of the US-faction and USSR-faction cards in the
/// Aftermath, indexed by side.
pub fn aftermath_totals(s: &State) -> [u8; 2] {
    let mut totals = [0u8; 2];
    for &(_, c) in &s.aftermath {
        if let Some(f) = faction_side(c) {
            totals[f.ix()] += CARDS[usize::from(c)].command;
        }
    }
    totals
}

/// One faction's Aftermath cards with their values and total.
fn aftermath_faction(s: &State, side: Side, total: u8) -> Value {
    let cards: Vec<Value> = s
        .aftermath
        .iter()
        .filter(|&&(_, c)| faction_side(c) == Some(side))
        .map(|&(_, c)| {
            msg(
                "thirteen.aftermath.card",
                vec![arg("card", c), arg("n", CARDS[usize::from(c)].command)],
            )
        })
        .collect();
    if cards.is_empty() {
        return msg(
            "thirteen.aftermath.faction_none",
            vec![arg("side", side), arg("total", total)],
        );
    }
    msg(
        "thirteen.aftermath.faction",
        vec![arg("side", side), arg("cards", Value::List(cards)), arg("total", total)],
    )
}

/// After round 3: the Aftermath (+2), then the winner (rules.md 4).
pub fn final_scoring(s: &mut State) {
    s.reveals += 1;
    let t = aftermath_totals(s);
    let (us_t, su_t) = (t[Side::Us.ix()], t[Side::Ussr.ix()]);
    let us = aftermath_faction(s, Side::Us, us_t);
    let ussr = aftermath_faction(s, Side::Ussr, su_t);
    let un: Vec<u8> = s
        .aftermath
        .iter()
        .filter(|&&(_, c)| faction_side(c).is_none())
        .map(|&(_, c)| c)
        .collect();
    if un.is_empty() {
        crate::log_kept!(s, log, "thirteen.aftermath.revealed", vec![arg("us", us), arg("ussr", ussr)]);
    } else {
        let un = msg("thirteen.aftermath.un", vec![arg("cards", un)]);
        crate::log_kept!(s, log, 
            "thirteen.aftermath.revealed_un",
            vec![arg("us", us), arg("ussr", ussr), arg("un", un)],
        );
    }
    if us_t != su_t {
        let side = if us_t > su_t { Side::Us } else { Side::Ussr };
        let (n, n2) = (t[side.ix()], t[side.opp().ix()]);
        let why = msg("thirteen.why.aftermath", vec![arg("n", n), arg("n2", n2)]);
        s.gain_prestige(side, AFTERMATH_BONUS, Why::Msg(why));
    } else {
        crate::log_kept!(s, log, "thirteen.aftermath.tied", vec![arg("n", us_t), arg("n2", su_t)]);
    }
    let p = s.prestige;
    if p != 0 {
        let w = if p > 0 { Side::Us } else { Side::Ussr };
        s.end_game(
            Some(w),
            Outcome::Prestige,
            "thirteen.end.prestige",
            vec![arg("winner", w), arg("prestige", p)],
        );
    } else {
        let w = s.letter;
        s.end_game(
            Some(w),
            Outcome::PersonalLetter,
            "thirteen.end.letter",
            vec![arg("winner", w)],
        );
    }
}
