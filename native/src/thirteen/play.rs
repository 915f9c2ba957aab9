//! Playing a card (`rules/play.py`, rules.md 3, phase 3): the `turn`, the
//! `offer` of the opponent's event, the `command` frame cube by cube, and
//! the hand decisions of Intelligence Reports (`stolen`, `replace`) and
//! Summit Meeting (`summit`).

use super::actions::Action;
use super::data::{category, Faction, ALL_ARENAS, ARENAS, ARENA_MAX, CARDS, SUPPLY};
use super::events;
use super::frames::push_shift;
use super::state::{arg, msg, CommandFrame, Frame, Mode, Play, ShiftFrame, Side, SmallList, State, Why};

/// The side a card's faction names (`None` for UN cards).
#[inline]
pub fn faction_side(card: u8) -> Option<Side> {
    match CARDS[usize::from(card)].faction {
        Faction::Us => Some(Side::Us),
        Faction::Ussr => Some(Side::Ussr),
        Faction::Un => None,
    }
}

/// A side may use the event of its own faction's cards and UN cards.
#[inline]
pub fn may_event(side: Side, card: u8) -> bool {
    faction_side(card).is_none_or(|f| f == side)
}

/// Cubes a Command of `base` handles: SOPs +1, To the Brink -1 but at
/// least 1. Commands granted by events get these too unless the
/// `event_command_modifiers` option is off (Q9).
pub fn command_size(s: &State, side: Side, base: u8, granted: bool) -> u8 {
    if granted && !s.options.event_command_modifiers {
        return base;
    }
    let mut n = base + u8::from(s.fx.sops.contains(&side));
    if s.fx.brink.contains(&side) {
        n = n.saturating_sub(1).max(1);
    }
    n
}

/// How an event grants a Command (`push_command`'s `granted=True` arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The side resolving the event.
    pub resolver: Side,
    /// The side that played the card.
    pub by: Side,
    /// A "Command N in one ... arena" event (U-2 Photographs, National
    /// Liberation), which may remove only if `event_command_remove` is on (Q12).
    pub command_n: bool,
}

/// A Command by `side`: `cubes` (before modifiers) in one arena of
/// `arenas`, placing or removing, cube by cube (`push_command`). `grant`:
/// given by an event (`card` is the event's card); the Letter cannot join
/// it, and a removal lowers DEFCON only if the side may lower it by events
/// (or the `ban_blocks_symbol` option is off, Q11).
pub fn push_command(s: &mut State, side: Side, card: u8, cubes: u8, arenas: &[u8], grant: Option<Grant>) {
    let mut f = CommandFrame {
        p: side,
        card,
        left: command_size(s, side, cubes, grant.is_some()),
        arenas: SmallList::from_slice(arenas).unwrap_or_default(),
        mode: Mode::Unset,
        arena: -1,
        n: 0,
        granted: grant.is_some(),
        low: true,
        letter: false,
        remove: true,
    };
    if let Some(g) = grant {
        f.low = s.may_lower(side, g.resolver, g.by) || !s.options.ban_blocks_symbol;
        f.remove = !g.command_n || s.options.event_command_remove;
    }
    s.push(Frame::Command(f));
}

/// One of `side`'s markers on `tracks` moves 0-2 steps either way (down
/// only if events may lower it), then `side` Commands 1 cube anywhere: The
/// Guns of August, Mathematical Precision, MRBMs & IRBMs. The Command is
/// pushed first so that the move is decided first.
pub fn push_move_then_command(s: &mut State, side: Side, tracks: &[u8], play: Play) {
    push_command(
        s,
        side,
        play.card,
        1,
        &ALL_ARENAS,
        Some(Grant {
            resolver: side,
            by: play.by,
            command_n: false,
        }),
    );
    let mut f = ShiftFrame::new(side, side, tracks, 2);
    f.down = s.may_lower(side, side, play.by);
    push_shift(s, f);
}

/// `side` plays `card` (already out of its hand and discarded) for its
/// event or its Command (`own_turn`: the Letter may join the Command).
pub fn play_card(s: &mut State, side: Side, card: u8, event: bool, own_turn: bool) {
    if event {
        crate::log_kept!(s, log, "thirteen.play.event", vec![arg("side", side), arg("card", card)]);
        run_event(s, side, card, side);
        return;
    }
    let value = CARDS[usize::from(card)].command;
    crate::log_kept!(s, log, 
        "thirteen.play.command",
        vec![arg("side", side), arg("card", card), arg("n", value)],
    );
    push_command(s, side, card, value, &ALL_ARENAS, None);
    if let Some(Frame::Command(f)) = s.stack.last_mut() {
        f.letter = own_turn;
    }
    let opp = side.opp();
    if faction_side(card) == Some(opp) {
        s.push(Frame::Offer { p: opp, card, by: side });
    }
}

/// Resolve the event of `card` for `resolver` (`by` played it); the frames
/// it pushes are the card's own.
pub fn run_event(s: &mut State, resolver: Side, card: u8, by: Side) {
    let n = s.stack.len();
    events::run(
        s,
        Play {
            side: resolver,
            card,
            by,
        },
    );
    s.own_frames(n, card);
}

/// `side`'s hand, sorted (Python lists decisions over `sorted(hand)`).
fn sorted_hand(s: &State, side: Side) -> SmallList<40> {
    let hand = &s.hands[side.ix()];
    let mut items = [0u8; 40];
    let n = hand.len().min(40);
    items[..n].copy_from_slice(&hand[..n]);
    items[..n].sort_unstable();
    SmallList::from_slice(&items[..n]).unwrap_or_default()
}

/// Legal actions of a turn: a Command of each card, then the events it may use.
pub fn legal_turn(s: &State, side: Side, out: &mut Vec<u16>) {
    let hand = sorted_hand(s, side);
    for &c in hand.as_slice() {
        out.push(Action::Command(c).id());
    }
    for &c in hand.as_slice() {
        if may_event(side, c) {
            out.push(Action::Event(c).id());
        }
    }
}

/// Remove the first `c` from `cards` (Python's `list.remove`).
pub fn remove_card<const N: usize>(cards: &mut crate::engine::Cards<N>, c: u8) -> bool {
    match cards.iter().position(|&x| x == c) {
        Some(k) => {
            cards.remove(k);
            true
        }
        None => false,
    }
}

/// Apply a turn's action (the frame already popped).
pub fn apply_turn(s: &mut State, side: Side, a: Action) {
    let (c, event) = match a {
        Action::Command(c) => (c, false),
        Action::Event(c) => (c, true),
        _ => return,
    };
    remove_card(&mut s.hands[side.ix()], c);
    s.discard.push(c);
    s.plays[side.ix()] += 1;
    play_card(s, side, c, event, true);
}

/// Apply an offer's answer (the frame already popped).
pub fn apply_offer(s: &mut State, side: Side, card: u8, by: Side, a: Action) {
    if a == Action::Accept {
        crate::log_kept!(s, log, "thirteen.offer.accept", vec![arg("side", side), arg("card", card)]);
        run_event(s, side, card, by);
    } else {
        crate::log_kept!(s, log, "thirteen.offer.decline", vec![arg("side", side), arg("card", card)]);
    }
}

impl CommandFrame {
    /// The arenas the next cube may use (the first cube's arena once set).
    fn open_arenas(&self) -> SmallList<9> {
        if self.mode == Mode::Unset {
            self.arenas
        } else {
            let mut one = SmallList::new();
            one.push(self.arena as u8);
            one
        }
    }

    /// Could a cube be placed in `arena` now?
    fn can_place_in(&self, s: &State, full: bool, arena: u8) -> bool {
        !full && self.mode != Mode::Remove && s.cubes_in(self.p, arena) < ARENA_MAX
    }

    /// Could a cube be removed from `arena` now?
    fn can_remove_from(&self, s: &State, arena: u8) -> bool {
        self.mode != Mode::Place && self.remove && s.cubes_in(self.p, arena) > 0
    }

    /// Is any cube move left (`_command_targets` non-empty)?
    fn any_target(&self, s: &State) -> bool {
        let full = s.on_board(self.p) >= SUPPLY;
        self.open_arenas()
            .as_slice()
            .iter()
            .any(|&i| self.can_place_in(s, full, i) || self.can_remove_from(s, i))
    }
}

/// Could the Personal Letter's extra cube be used in this Command: some
/// arena it may use takes more cubes than the Command already handles?
pub fn letter_adds(s: &State, f: &CommandFrame) -> bool {
    let mine = &s.cubes[f.p.ix()];
    let left = i32::from(f.left) - i32::from(f.n);
    let room = i32::from(SUPPLY) - i32::from(s.on_board(f.p));
    f.arenas.as_slice().iter().any(|&i| {
        let m = i32::from(mine[usize::from(i)]);
        (i32::from(ARENA_MAX) - m).min(room) > left || (f.remove && m > left)
    })
}

/// The Command's side may add the Personal Letter now: it holds it, the
/// Command was made with a card from its hand on its turn, no cube has
/// moved yet, and the extra cube could be used.
pub fn may_add_letter(s: &State, f: &CommandFrame) -> bool {
    f.mode == Mode::Unset && f.letter && s.letter == f.p && letter_adds(s, f)
}

/// Legal actions of a Command: places, removes, the Letter, done.
pub fn legal_command(s: &State, f: &CommandFrame, out: &mut Vec<u16>) {
    let full = s.on_board(f.p) >= SUPPLY;
    let arenas = f.open_arenas();
    for &i in arenas.as_slice() {
        if f.can_place_in(s, full, i) {
            out.push(Action::Place(i).id());
        }
    }
    for &i in arenas.as_slice() {
        if f.can_remove_from(s, i) {
            out.push(Action::Remove(i).id());
        }
    }
    if may_add_letter(s, f) {
        out.push(Action::Letter.id());
    }
    out.push(Action::Done.id());
}

/// Apply an action to the Command frame (popped into `f`; pushed back
/// while the Command goes on).
pub fn apply_command(s: &mut State, mut f: CommandFrame, a: Action) {
    let side = f.p;
    match a {
        Action::Letter => {
            f.left += 1;
            f.letter = false;
            s.letter = side.opp();
            crate::log_kept!(s, log, 
                "thirteen.command.letter",
                vec![arg("side", side), arg("opp", side.opp())],
            );
            s.push(Frame::Command(f));
        }
        Action::Place(i) | Action::Remove(i) => {
            let place = matches!(a, Action::Place(_));
            f.mode = if place { Mode::Place } else { Mode::Remove };
            f.arena = i as i8;
            s.add_cubes(side, i, if place { 1 } else { -1 });
            f.n += 1;
            if f.n < f.left {
                if f.any_target(s) {
                    s.push(Frame::Command(f));
                    return;
                }
                finish_command(s, &f, true);
                return;
            }
            finish_command(s, &f, false);
        }
        _ => finish_command(s, &f, false),
    }
}

/// Why a Command ended before its size: the supply is empty, the arena
/// is full, or none of the side's cubes are left there to remove.
fn log_stop(s: &mut State, f: &CommandFrame) {
    let side = f.p;
    let unused = i32::from(f.left) - i32::from(f.n);
    let arena = ARENAS[f.arena as usize];
    if f.mode == Mode::Remove {
        crate::log_kept!(s, log, 
            "thirteen.command.stop.empty",
            vec![arg("side", side), arg("arena", arena), arg("n", unused)],
        );
    } else if s.on_board(side) >= SUPPLY {
        crate::log_kept!(s, log, 
            "thirteen.command.stop.supply",
            vec![arg("side", side), arg("n", unused)],
        );
    } else {
        crate::log_kept!(s, log, 
            "thirteen.command.stop.full",
            vec![
                arg("side", side),
                arg("arena", arena),
                arg("max", ARENA_MAX),
                arg("n", unused),
            ],
        );
    }
}

/// Log the Command (naming the card of one an event granted, and why it
/// stopped early), then move the DEFCON marker of the arena's track.
fn finish_command(s: &mut State, f: &CommandFrame, stopped: bool) {
    let side = f.p;
    let n = f.n;
    if n == 0 {
        if f.granted {
            crate::log_kept!(s, log, 
                "thirteen.command.granted.none",
                vec![arg("side", side), arg("card", f.card)],
            );
        } else {
            crate::log_kept!(s, log, "thirteen.command.none", vec![arg("side", side)]);
        }
        return;
    }
    let arena = f.arena as u8;
    let place = f.mode == Mode::Place;
    let now = s.cubes_in(side, arena);
    let name = ARENAS[usize::from(arena)];
    if f.granted {
        let code = if place {
            "thirteen.command.granted.place"
        } else {
            "thirteen.command.granted.remove"
        };
        crate::log_kept!(s, log, 
            code,
            vec![
                arg("side", side),
                arg("n", n),
                arg("arena", name),
                arg("now", now),
                arg("card", f.card),
            ],
        );
    } else {
        let code = if place {
            "thirteen.command.place"
        } else {
            "thirteen.command.remove"
        };
        crate::log_kept!(s, log, 
            code,
            vec![arg("side", side), arg("n", n), arg("arena", name), arg("now", now)],
        );
    }
    if stopped {
        log_stop(s, f);
    }
    if n >= 2 {
        let why = || Some(Why::Msg(msg("thirteen.why.command", vec![])));
        if place {
            s.shift_marker(side, category(arena), (n - 1) as i8, why());
        } else if f.low {
            s.shift_marker(side, category(arena), -((n - 1) as i8), why());
        } else {
            crate::log_kept!(s, log, "thirteen.defcon.banned_stays", vec![arg("side", side)]);
        }
    }
}

/// Legal actions for the card Intelligence Reports took: its Command, its
/// event if the side may use it, or discard it.
pub fn legal_stolen(p: Side, c: u8, out: &mut Vec<u16>) {
    out.push(Action::Command(c).id());
    if may_event(p, c) {
        out.push(Action::Event(c).id());
    }
    out.push(Action::Discard(c).id());
}

/// Apply the stolen card's decision (the frame already popped).
pub fn apply_stolen(s: &mut State, side: Side, c: u8, a: Action) {
    remove_card(&mut s.held, c);
    s.discard.push(c);
    // The victim draws its replacement once the taken card is resolved.
    s.push(Frame::Replace {
        side: side.opp(),
        card: None,
    });
    match a {
        Action::Command(_) => play_card(s, side, c, false, true),
        Action::Event(_) => play_card(s, side, c, true, true),
        _ => crate::log_kept!(s, log, "thirteen.hand.discard", vec![arg("side", side), arg("card", c)]),
    }
}

/// Intelligence Reports: the victim draws a replacement card (a procedure;
/// the frame already popped).
pub fn proc_replace(s: &mut State, side: Side) {
    if let Some(c) = s.draw_card() {
        s.hands[side.ix()].push(c);
        crate::log_kept!(s, log, "thirteen.hand.replacement", vec![arg("side", side)]);
    }
}

/// Legal actions of Summit Meeting: discard any card of the hand, or done.
pub fn legal_summit(s: &State, p: Side, out: &mut Vec<u16>) {
    for &c in sorted_hand(s, p).as_slice() {
        out.push(Action::Discard(c).id());
    }
    out.push(Action::Done.id());
}

/// Apply Summit Meeting's decision (popped; pushed back while it goes on).
pub fn apply_summit(s: &mut State, p: Side, mut n: u8, card: Option<u8>, a: Action) {
    if let Action::Discard(c) = a {
        remove_card(&mut s.hands[p.ix()], c);
        s.discard.push(c);
        n += 1;
        crate::log_kept!(s, log, "thirteen.hand.discard", vec![arg("side", p), arg("card", c)]);
        if !s.hands[p.ix()].is_empty() {
            s.push(Frame::Summit { p, n, card });
            return;
        }
    }
    let mut drawn = 0u8;
    for _ in 0..n {
        match s.draw_card() {
            Some(c) => {
                s.hands[p.ix()].push(c);
                drawn += 1;
            }
            None => break,
        }
    }
    crate::log_kept!(s, log, "thirteen.hand.draws", vec![arg("side", p), arg("n", drawn)]);
}
