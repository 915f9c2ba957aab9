//! The generic event frames that card events reuse (`rules/frames.py`):
//!
//! - `cubes`: an event places or removes cubes with per-arena limits;
//! - `shift`: move a DEFCON marker (which tracks, how far, which ways);
//! - `ask`: choose an arena or a named option.
//!
//! Each resumes its event through its continuation (`state::resume`).

use crate::json::Value;

use super::actions::Action;
use super::data::{category, ARENAS, ARENA_MAX, DEFCON_MAX, DEFCON_MIN, N_ARENAS, SUPPLY};
use super::state::{
    arg, msg, resume, Answer, AskFrame, CubesFrame, Frame, FrameData, ShiftFrame, Side, SmallList, State, Then, Why,
};

impl CubesFrame {
    /// `chooser` places (`place`) or removes up to `count` of `side`'s cubes
    /// in `arenas`, with `push_cubes`' defaults: no per-arena limit, any
    /// arenas, no DEFCON symbol, may lower, optional, no continuation.
    pub fn new(chooser: Side, side: Side, place: bool, count: u8, arenas: &[u8]) -> CubesFrame {
        CubesFrame {
            p: chooser,
            side,
            place,
            left: count,
            arenas: SmallList::from_slice(arenas).unwrap_or_default(),
            max: 0,
            one: false,
            symbol: false,
            low: true,
            optional: true,
            done: Vec::new(),
            then: Then::None,
            data: FrameData::Empty,
            card: None,
        }
    }

    /// How many cubes of the frame went into (or out of) `arena` so far.
    fn done_in(&self, arena: u8) -> u8 {
        self.done.iter().filter(|&&i| i == arena).count() as u8
    }

    /// May the next cube go to (or come from) `arena` (`_cube_targets`)?
    /// For placing, the caller has checked the supply.
    fn target_ok(&self, s: &State, arena: u8) -> bool {
        let mine = s.cubes_in(self.side, arena);
        let room = self.max == 0 || self.done_in(arena) < self.max;
        if self.place {
            mine < ARENA_MAX && room
        } else {
            mine > 0 && room
        }
    }

    /// The arenas the next cube may use, in the frame's order, into `out`.
    fn targets(&self, s: &State, out: &mut Vec<u8>) {
        if self.place && s.on_board(self.side) >= SUPPLY {
            return;
        }
        if self.one && !self.done.is_empty() {
            let a = self.done[0];
            if self.target_ok(s, a) {
                out.push(a);
            }
            return;
        }
        out.extend(self.arenas.as_slice().iter().copied().filter(|&i| self.target_ok(s, i)));
    }

    /// Could any cube move now?
    fn any_target(&self, s: &State) -> bool {
        if self.place && s.on_board(self.side) >= SUPPLY {
            return false;
        }
        if self.one && !self.done.is_empty() {
            return self.target_ok(s, self.done[0]);
        }
        self.arenas.as_slice().iter().any(|&i| self.target_ok(s, i))
    }
}

/// Push an event's cubes frame (`push_cubes`). Returns `false` (pushing
/// nothing) when no cube can move; the continuation then runs at once with
/// `Answer::None`.
pub fn push_cubes(s: &mut State, f: CubesFrame) -> bool {
    if f.left > 0 && f.any_target(s) {
        s.push(Frame::Cubes(f));
        return true;
    }
    if f.then.is_some() {
        resume(s, &Frame::Cubes(f), Answer::None);
    }
    false
}

/// Legal actions of a cubes frame.
pub fn legal_cubes(s: &State, f: &CubesFrame, out: &mut Vec<u16>) {
    let start = out.len();
    let mut arenas = Vec::with_capacity(N_ARENAS);
    f.targets(s, &mut arenas);
    for i in arenas {
        out.push(if f.place { Action::Place(i) } else { Action::Remove(i) }.id());
    }
    if f.optional || out.len() == start {
        out.push(Action::Done.id());
    }
}

/// Apply a legal action to the cubes frame on top (popped into `f`).
pub fn apply_cubes(s: &mut State, mut f: CubesFrame, a: Action) {
    if let Action::Place(i) | Action::Remove(i) = a {
        f.done.push(i);
        s.add_cubes(f.side, i, if f.place { 1 } else { -1 });
        f.left = f.left.saturating_sub(1);
        if f.left > 0 && f.any_target(s) {
            s.push(Frame::Cubes(f));
            return;
        }
    }
    finish_cubes(s, f);
}

/// Log the cubes moved, apply the DEFCON symbol, resume the event.
fn finish_cubes(s: &mut State, f: CubesFrame) {
    let side = f.side;
    // Cubes per arena, in the order the arenas were first used (a dict in Python).
    let mut order: SmallList<N_ARENAS> = SmallList::new();
    let mut counts = [0u8; N_ARENAS];
    for &i in &f.done {
        if counts[usize::from(i)] == 0 {
            order.push(i);
        }
        counts[usize::from(i)] += 1;
    }
    if order.is_empty() {
        let code = if f.place {
            "thirteen.cubes.none_placed"
        } else {
            "thirteen.cubes.none_removed"
        };
        crate::log_kept!(s, log, code, vec![arg("side", side)]);
    } else {
        let part = if f.place {
            "thirteen.cubes.in"
        } else {
            "thirteen.cubes.from"
        };
        let parts: Vec<Value> = order
            .as_slice()
            .iter()
            .map(|&i| {
                msg(
                    part,
                    vec![arg("n", counts[usize::from(i)]), arg("arena", ARENAS[usize::from(i)])],
                )
            })
            .collect();
        let code = if f.place {
            "thirteen.cubes.place"
        } else {
            "thirteen.cubes.remove"
        };
        crate::log_kept!(s, log, 
            code,
            vec![
                arg("side", side),
                arg("n", f.done.len()),
                arg("parts", Value::List(parts)),
            ],
        );
    }
    if f.symbol {
        for &i in order.as_slice() {
            let k = counts[usize::from(i)] as i8;
            if k < 2 {
                continue;
            }
            let why = Some(Why::Msg(msg("thirteen.why.symbol", vec![])));
            if f.place {
                s.shift_marker(side, category(i), k - 1, why);
            } else if f.low {
                s.shift_marker(side, category(i), -(k - 1), why);
            } else {
                crate::log_kept!(s, log, "thirteen.defcon.banned_stays", vec![arg("side", side)]);
            }
        }
    }
    if f.then.is_some() {
        resume(s, &Frame::Cubes(f), Answer::Cubes(counts));
    }
}

impl ShiftFrame {
    /// `chooser` may move one of `side`'s markers on `tracks` up to `steps`,
    /// with `push_shift`'s defaults: either way, up to, optional, no
    /// continuation.
    pub fn new(chooser: Side, side: Side, tracks: &[u8], steps: u8) -> ShiftFrame {
        ShiftFrame {
            p: chooser,
            side,
            tracks: SmallList::from_slice(tracks).unwrap_or_default(),
            steps,
            up: true,
            down: true,
            exact: false,
            optional: true,
            then: Then::None,
            data: FrameData::Empty,
            card: None,
        }
    }

    /// The marker moves this frame allows, in Python's order (`_shift_moves`).
    fn moves(&self, s: &State, out: &mut Vec<u16>) {
        let row = s.defcon[self.side.ix()];
        for &t in self.tracks.as_slice() {
            let pos = row[usize::from(t)];
            if self.up {
                let room = self.steps.min(DEFCON_MAX - pos);
                let lo = if self.exact { room } else { 1 };
                for k in lo.max(1)..=room {
                    out.push(Action::Escalate(t, k).id());
                }
            }
            if self.down {
                let room = self.steps.min(pos - DEFCON_MIN);
                let lo = if self.exact { room } else { 1 };
                for k in lo.max(1)..=room {
                    out.push(Action::DeEscalate(t, k).id());
                }
            }
        }
    }

    /// Is any move possible?
    fn any_move(&self, s: &State) -> bool {
        let row = s.defcon[self.side.ix()];
        self.tracks.as_slice().iter().any(|&t| {
            let pos = row[usize::from(t)];
            (self.up && pos < DEFCON_MAX) || (self.down && pos > DEFCON_MIN)
        })
    }
}

/// Push an event's DEFCON move (`push_shift`). Returns `false` (running
/// the continuation with `Answer::None`) when no move is possible.
pub fn push_shift(s: &mut State, f: ShiftFrame) -> bool {
    if f.steps > 0 && f.any_move(s) {
        s.push(Frame::Shift(f));
        return true;
    }
    if f.then.is_some() {
        resume(s, &Frame::Shift(f), Answer::None);
    }
    false
}

/// Legal actions of a shift frame.
pub fn legal_shift(s: &State, f: &ShiftFrame, out: &mut Vec<u16>) {
    let start = out.len();
    f.moves(s, out);
    if f.optional || out.len() == start {
        out.push(Action::Pass.id());
    }
}

/// Apply a legal action to the shift frame (already popped).
pub fn apply_shift(s: &mut State, f: ShiftFrame, a: Action) {
    let answer = match a {
        Action::Escalate(t, k) => Answer::Shift {
            track: t,
            moved: s.shift_marker(f.side, t, k as i8, None),
        },
        Action::DeEscalate(t, k) => Answer::Shift {
            track: t,
            moved: s.shift_marker(f.side, t, -(k as i8), None),
        },
        _ => {
            crate::log_kept!(s, log, "thirteen.shift.pass", vec![arg("side", f.p)]);
            Answer::None
        }
    };
    if f.then.is_some() {
        resume(s, &Frame::Shift(f), answer);
    }
}

/// Ask `chooser` for an arena (`target`) or a named option (`choose`:
/// indexes of `actions::OPTIONS`); `then` resumes with the answer.
pub fn ask(s: &mut State, chooser: Side, target: bool, options: &[u8], then: Then, data: FrameData) {
    s.push(Frame::Ask(AskFrame {
        p: chooser,
        target,
        options: SmallList::from_slice(options).unwrap_or_default(),
        then,
        data,
        card: None,
    }));
}

/// Legal actions of an ask frame.
pub fn legal_ask(f: &AskFrame, out: &mut Vec<u16>) {
    for &x in f.options.as_slice() {
        out.push(if f.target { Action::Target(x) } else { Action::Choose(x) }.id());
    }
}

/// Apply a legal action to the ask frame (already popped).
pub fn apply_ask(s: &mut State, f: AskFrame, a: Action) {
    let x = match a {
        Action::Target(x) | Action::Choose(x) => x,
        _ => return,
    };
    resume(s, &Frame::Ask(f), Answer::Arg(x));
}
