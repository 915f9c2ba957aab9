//! The 13 Days state as typed data (`thirteen/rules/state.py`,
//! `rules/kinds.py`): the sides, the options, every frame kind of the
//! decision stack, the state struct, and the small helpers every rules
//! module and card event uses (log, stack, cubes, prestige, DEFCON markers,
//! drawing a card).
//!
//! The Python state is a dict; here each field is typed, and `json_io`
//! writes it back in Python's key order. Frames that an event pushes gain a
//! `card` key at the end (`own_frames`), kept as `Option<u8>`.

use std::fmt;

use crate::engine::Cards;
use crate::json::{Text, Value};
use crate::log::Log;
use crate::rng;

use super::data::{category, ARENA_MAX, DEFCON_MAX, DEFCON_MIN, MAX_LEAD, N_ARENAS, START_DEFCON, SUPPLY, TRACKS};

/// A player. The discriminant is the index in Python's `SIDES = (USSR, US)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Ussr = 0,
    Us = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Ussr, Side::Us];

    /// The name Python writes ("USSR", "US").
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::Ussr => "USSR",
            Side::Us => "US",
        }
    }

    /// The other side.
    #[inline]
    pub const fn opp(self) -> Side {
        match self {
            Side::Ussr => Side::Us,
            Side::Us => Side::Ussr,
        }
    }

    /// The index into per-side arrays (USSR 0, US 1).
    #[inline]
    pub const fn ix(self) -> usize {
        self as usize
    }

    /// Parse "USSR" or "US".
    pub fn parse(text: &str) -> Option<Side> {
        match text {
            "USSR" => Some(Side::Ussr),
            "US" => Some(Side::Us),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<Side> for Value {
    fn from(s: Side) -> Value {
        Value::s(s.as_str())
    }
}

/// Option `agenda_push` (Q3): how far DEFCON-track agendas push markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgendaPush {
    Zone,
    Saito,
    None,
}

/// The game options (`thirteen/options.py`), in `OPTION_CHOICES` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub agenda_push: AgendaPush,
    pub agenda_bonus: bool,
    /// `agenda_recycle == "all"` (else "unkept_only").
    pub agenda_recycle_all: bool,
    /// `agenda_cap == "each"` (else "net").
    pub agenda_cap_each: bool,
    /// `initiative_tie == "ussr_first"` (else "ussr_chooses").
    pub initiative_ussr_first: bool,
    pub event_command_modifiers: bool,
    pub containment_offered: bool,
    pub ban_blocks_symbol: bool,
    pub event_command_remove: bool,
    pub fifty_fifty_same_track: bool,
}

impl Default for Options {
    /// Every option at its default (the first allowed value).
    fn default() -> Options {
        Options {
            agenda_push: AgendaPush::Zone,
            agenda_bonus: true,
            agenda_recycle_all: false,
            agenda_cap_each: false,
            initiative_ussr_first: false,
            event_command_modifiers: true,
            containment_offered: true,
            ban_blocks_symbol: true,
            event_command_remove: true,
            fifty_fifty_same_track: false,
        }
    }
}

/// The step the round procedure runs next (`RoundFrame.step`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Escalate,
    Agendas,
    Deal,
    Plays,
    Aftermath,
    Television,
    UnitedNations,
    Alliances,
    Resolve,
    Nuclear,
    End,
}

impl Step {
    pub const ALL: [Step; 11] = [
        Step::Escalate,
        Step::Agendas,
        Step::Deal,
        Step::Plays,
        Step::Aftermath,
        Step::Television,
        Step::UnitedNations,
        Step::Alliances,
        Step::Resolve,
        Step::Nuclear,
        Step::End,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Step::Escalate => "escalate",
            Step::Agendas => "agendas",
            Step::Deal => "deal",
            Step::Plays => "plays",
            Step::Aftermath => "aftermath",
            Step::Television => "television",
            Step::UnitedNations => "united_nations",
            Step::Alliances => "alliances",
            Step::Resolve => "resolve",
            Step::Nuclear => "nuclear",
            Step::End => "end",
        }
    }

    pub fn parse(text: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// A continuation name (`frame["then"]`): the event step a generic frame
/// resumes when answered. `None` is Python's `""`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    None,
    AirStrike,
    AirStrikeTarget,
    BayOfPigs,
    U2Downed,
    FiftyFiftySecond,
    InvasionOfCuba,
    WaveAndSmile,
}

impl Then {
    pub const ALL: [Then; 8] = [
        Then::None,
        Then::AirStrike,
        Then::AirStrikeTarget,
        Then::BayOfPigs,
        Then::U2Downed,
        Then::FiftyFiftySecond,
        Then::InvasionOfCuba,
        Then::WaveAndSmile,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Then::None => "",
            Then::AirStrike => "air_strike",
            Then::AirStrikeTarget => "air_strike_target",
            Then::BayOfPigs => "bay_of_pigs",
            Then::U2Downed => "u_2_downed",
            Then::FiftyFiftySecond => "fifty_fifty_second",
            Then::InvasionOfCuba => "invasion_of_cuba",
            Then::WaveAndSmile => "wave_and_smile",
        }
    }

    pub fn parse(text: &str) -> Option<Then> {
        Then::ALL.into_iter().find(|t| t.as_str() == text)
    }

    pub const fn is_some(self) -> bool {
        !matches!(self, Then::None)
    }
}

/// What an event keeps in a generic frame for its continuation
/// (`frame["data"]`): the only shapes the Python events write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameData {
    /// `{}`
    Empty,
    /// `{"low": bool}` (Fifty-Fifty: may the second step lower a marker).
    Low(bool),
    /// `{"by": side}` (Invasion of Cuba: who played the card).
    By(Side),
}

/// A short ordered list of small integers (arenas, tracks, option
/// indexes) stored inline, so frames copy without allocating. Python keeps
/// these lists in the order the event wrote them, and legal actions follow
/// that order.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SmallList<const N: usize> {
    len: u8,
    items: [u8; N],
}

impl<const N: usize> SmallList<N> {
    pub const fn new() -> Self {
        SmallList { len: 0, items: [0; N] }
    }

    /// A list of `items`; `None` if there are more than `N`.
    pub fn from_slice(items: &[u8]) -> Option<Self> {
        if items.len() > N {
            return None;
        }
        let mut out = Self::new();
        out.items[..items.len()].copy_from_slice(items);
        out.len = items.len() as u8;
        Some(out)
    }

    /// Append; `false` (nothing added) when full.
    pub fn push(&mut self, x: u8) -> bool {
        if usize::from(self.len) >= N {
            return false;
        }
        self.items[usize::from(self.len)] = x;
        self.len += 1;
        true
    }

    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.items[..usize::from(self.len)]
    }

    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn contains(&self, x: u8) -> bool {
        self.as_slice().contains(&x)
    }
}

impl<const N: usize> Default for SmallList<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> fmt::Debug for SmallList<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Arenas of a frame (at most the nine).
pub type Arenas = SmallList<9>;
/// DEFCON tracks of a shift frame.
pub type Tracks = SmallList<3>;

/// What a Command does once its first cube moved (`mode`: "", place, remove).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Unset,
    Place,
    Remove,
}

impl Mode {
    pub const fn as_str(self) -> &'static str {
        match self {
            Mode::Unset => "",
            Mode::Place => "place",
            Mode::Remove => "remove",
        }
    }
}

/// A Command by `p` of `card`, cube by cube in one of `arenas` (`CommandFrame`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandFrame {
    pub p: Side,
    pub card: u8,
    /// Cubes the Command handles (after SOPs, To the Brink and the Letter).
    pub left: u8,
    pub arenas: Arenas,
    pub mode: Mode,
    /// The arena of the first cube; -1 before it.
    pub arena: i8,
    /// Cubes placed or removed so far.
    pub n: u8,
    /// Given by an event (`card` is the event's card).
    pub granted: bool,
    /// Removing 2+ cubes lowers the arena's DEFCON marker.
    pub low: bool,
    /// The Personal Letter may still join this Command.
    pub letter: bool,
    /// This Command may remove cubes.
    pub remove: bool,
}

/// The generic event frame placing or removing cubes (`CubesFrame`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubesFrame {
    pub p: Side,
    pub side: Side,
    /// `verb == "place"` (else "remove").
    pub place: bool,
    pub left: u8,
    pub arenas: Arenas,
    /// At most this many in each arena (0: no limit).
    pub max: u8,
    /// All in one arena.
    pub one: bool,
    /// The card's DEFCON symbol moves markers of arenas that gain or lose 2+.
    pub symbol: bool,
    /// The DEFCON symbol may lower markers.
    pub low: bool,
    pub optional: bool,
    /// The arena of each cube moved so far.
    pub done: Vec<u8>,
    pub then: Then,
    pub data: FrameData,
    pub card: Option<u8>,
}

/// The generic event frame moving one DEFCON marker (`ShiftFrame`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShiftFrame {
    pub p: Side,
    pub side: Side,
    pub tracks: Tracks,
    pub steps: u8,
    pub up: bool,
    pub down: bool,
    /// Exactly `steps` (clipped at the track's end), not up to.
    pub exact: bool,
    pub optional: bool,
    pub then: Then,
    pub data: FrameData,
    pub card: Option<u8>,
}

/// The generic question: an arena (`target`) or a named option (`choose`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskFrame {
    pub p: Side,
    /// `kind == "target"` (arenas), else "choose" (indexes of `actions::OPTIONS`).
    pub target: bool,
    pub options: Arenas,
    pub then: Then,
    pub data: FrameData,
    pub card: Option<u8>,
}

/// One frame of the decision stack; `card: Option<u8>` is the key
/// `own_frames` adds (written last) to frames an event pushed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// The round procedure (always at the bottom).
    Round {
        step: Step,
    },
    /// `p` plays a card of its hand.
    Turn {
        p: Side,
        card: Option<u8>,
    },
    /// `p` may take the event of its own `card`, used for Command `by` the opponent.
    Offer {
        p: Side,
        card: u8,
        by: Side,
    },
    Command(CommandFrame),
    Cubes(CubesFrame),
    Shift(ShiftFrame),
    Ask(AskFrame),
    /// `p` keeps one of its three agendas.
    Agenda {
        p: Side,
        card: Option<u8>,
    },
    /// `p` chooses who plays first this round.
    Initiative {
        p: Side,
        card: Option<u8>,
    },
    /// `p` puts one of several cards in the Aftermath.
    Aftermath {
        p: Side,
        card: Option<u8>,
    },
    /// `p` puts the Alliances bonus `card` in the Aftermath or discards it.
    Alliances {
        p: Side,
        card: u8,
    },
    /// `p` plays or discards the `card` Intelligence Reports took.
    Stolen {
        p: Side,
        card: u8,
    },
    /// Summit Meeting: `p` discards cards, `n` so far, then draws as many.
    Summit {
        p: Side,
        n: u8,
        card: Option<u8>,
    },
    /// Intelligence Reports: `side` draws a replacement card (a procedure).
    Replace {
        side: Side,
        card: Option<u8>,
    },
}

impl Frame {
    /// The kind as Python names it (`frame["f"]`).
    pub const fn kind(&self) -> &'static str {
        match self {
            Frame::Round { .. } => "round",
            Frame::Turn { .. } => "turn",
            Frame::Offer { .. } => "offer",
            Frame::Command(_) => "command",
            Frame::Cubes(_) => "cubes",
            Frame::Shift(_) => "shift",
            Frame::Ask(_) => "ask",
            Frame::Agenda { .. } => "agenda",
            Frame::Initiative { .. } => "initiative",
            Frame::Aftermath { .. } => "aftermath",
            Frame::Alliances { .. } => "alliances",
            Frame::Stolen { .. } => "stolen",
            Frame::Summit { .. } => "summit",
            Frame::Replace { .. } => "replace",
        }
    }

    /// The side deciding (`frame["p"]`); `None` for procedures.
    pub const fn player(&self) -> Option<Side> {
        match self {
            Frame::Round { .. } | Frame::Replace { .. } => None,
            Frame::Turn { p, .. }
            | Frame::Offer { p, .. }
            | Frame::Agenda { p, .. }
            | Frame::Initiative { p, .. }
            | Frame::Aftermath { p, .. }
            | Frame::Alliances { p, .. }
            | Frame::Stolen { p, .. }
            | Frame::Summit { p, .. } => Some(*p),
            Frame::Command(f) => Some(f.p),
            Frame::Cubes(f) => Some(f.p),
            Frame::Shift(f) => Some(f.p),
            Frame::Ask(f) => Some(f.p),
        }
    }

    /// The frame's card, if it has the key.
    pub const fn card(&self) -> Option<u8> {
        match self {
            Frame::Round { .. } => None,
            Frame::Offer { card, .. } | Frame::Alliances { card, .. } | Frame::Stolen { card, .. } => Some(*card),
            Frame::Command(f) => Some(f.card),
            Frame::Turn { card, .. }
            | Frame::Agenda { card, .. }
            | Frame::Initiative { card, .. }
            | Frame::Aftermath { card, .. }
            | Frame::Summit { card, .. }
            | Frame::Replace { card, .. } => *card,
            Frame::Cubes(f) => f.card,
            Frame::Shift(f) => f.card,
            Frame::Ask(f) => f.card,
        }
    }

    /// Give the frame `card` unless it names one already (`own_frames`).
    /// The round frame never gets one (an event never pushes it).
    pub fn own(&mut self, c: u8) {
        let slot = match self {
            Frame::Turn { card, .. }
            | Frame::Agenda { card, .. }
            | Frame::Initiative { card, .. }
            | Frame::Aftermath { card, .. }
            | Frame::Summit { card, .. }
            | Frame::Replace { card, .. } => card,
            Frame::Cubes(f) => &mut f.card,
            Frame::Shift(f) => &mut f.card,
            Frame::Ask(f) => &mut f.card,
            _ => return,
        };
        if slot.is_none() {
            *slot = Some(c);
        }
    }
}

/// The game's outcome (`d["result"]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    NuclearWar,
    Prestige,
    PersonalLetter,
}

impl Outcome {
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::NuclearWar => "nuclear_war",
            Outcome::Prestige => "prestige",
            Outcome::PersonalLetter => "personal_letter",
        }
    }

    pub fn parse(text: &str) -> Option<Outcome> {
        match text {
            "nuclear_war" => Some(Outcome::NuclearWar),
            "prestige" => Some(Outcome::Prestige),
            "personal_letter" => Some(Outcome::PersonalLetter),
            _ => None,
        }
    }
}

/// The round effects (`d["fx"]`): the sides each applies to, in the order
/// they were added (a side may appear twice).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fx {
    pub sops: Vec<Side>,
    pub brink: Vec<Side>,
    pub containment: Vec<Side>,
    pub bay_of_pigs: Vec<Side>,
}

/// The seed as Python stored it: any int, or null (a resampled state).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seed {
    None,
    Int(i64),
    /// An int outside `i64`, as its decimal text.
    Big(String),
}

/// One event about to happen (`core.events.Play`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The side the event happens for (who resolves it).
    pub side: Side,
    /// The card whose event it is.
    pub card: u8,
    /// The side that played the card.
    pub by: Side,
}

/// The answer a continuation resumes with (Python's `answer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `None`: nothing was possible, or a shift was passed.
    None,
    /// A `cubes` frame finished: cubes moved per arena (all zero is Python's `{}`).
    Cubes([u8; N_ARENAS]),
    /// A `shift` frame moved `track` by `moved` signed steps.
    Shift { track: u8, moved: i8 },
    /// An `ask` frame's answer: the arena or option index.
    Arg(u8),
}

/// A reason given to a rules helper (`Why`): a card number or a nested message.
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    Card(u8),
    Msg(Value),
}

impl Why {
    /// The reason as a nested message (`why_msg`).
    pub fn to_value(&self) -> Value {
        match self {
            Why::Card(c) => msg("thirteen.why.card", vec![arg("card", *c)]),
            Why::Msg(v) => v.clone(),
        }
    }
}

/// One log or message argument.
#[inline]
pub fn arg(key: &'static str, value: impl Into<Value>) -> (Text, Value) {
    (Text::Borrowed(key), value.into())
}

/// A nested message `{"code": code, "args": {...}}` (`core.log.msg`).
pub fn msg(code: &'static str, args: Vec<(Text, Value)>) -> Value {
    Value::Obj(vec![
        (Text::Borrowed("code"), Value::s(code)),
        (Text::Borrowed("args"), Value::Obj(args)),
    ])
}

/// A list of strategy cards, inline (a state clones without allocating).
pub type CardList = Cards<{ super::data::N_CARDS as usize }>;
/// A list of agenda cards, inline.
pub type AgendaList = Cards<{ super::data::N_AGENDA_CARDS as usize }>;

/// The 13 Days game state (`rules.blank_state`'s keys, typed).
#[derive(Clone)]
pub struct State {
    pub options: Options,
    pub seed: Seed,
    pub rng: u64,
    pub ply: i64,
    pub round: u8,
    /// Positive: US ahead.
    pub prestige: i8,
    /// Marker positions per side (USSR, US) per track.
    pub defcon: [[u8; 3]; 2],
    /// Cubes per side per arena.
    pub cubes: [[u8; N_ARENAS]; 2],
    pub letter: Side,
    pub hands: [CardList; 2],
    pub deck: CardList,
    pub discard: CardList,
    pub held: CardList,
    pub aftermath: Vec<(Side, u8)>,
    pub agenda_deck: AgendaList,
    pub agenda_out: AgendaList,
    pub offered: [AgendaList; 2],
    /// The kept agenda card per side (0: none).
    pub kept: [u8; 2],
    pub agendas_open: bool,
    pub plays: [u8; 2],
    pub next: Side,
    pub fx: Fx,
    pub stack: Vec<Frame>,
    pub log: Log,
    pub over: bool,
    pub winner: Option<Side>,
    pub result: Option<Outcome>,
    pub reveals: i64,
}

impl State {
    /// A state with the printed start (cubes, DEFCON, Letter), nothing dealt
    /// (`blank_state`). `rng` is the generator state made from the seed.
    pub fn blank(seed: Seed, rng_state: u64, options: Options) -> State {
        let mut cubes = [[0u8; N_ARENAS]; 2];
        // USSR: Berlin 1, Cuba (Military) 1; US: Italy 1, Turkey 1.
        cubes[Side::Ussr.ix()][usize::from(super::data::BERLIN)] = 1;
        cubes[Side::Ussr.ix()][usize::from(super::data::CUBA_MILITARY)] = 1;
        cubes[Side::Us.ix()][usize::from(super::data::ITALY)] = 1;
        cubes[Side::Us.ix()][usize::from(super::data::TURKEY)] = 1;
        State {
            options,
            seed,
            rng: rng_state,
            ply: 0,
            round: 1,
            prestige: 0,
            defcon: START_DEFCON,
            cubes,
            letter: Side::Us,
            hands: [CardList::new(), CardList::new()],
            deck: CardList::new(),
            discard: CardList::new(),
            held: CardList::new(),
            aftermath: Vec::new(),
            agenda_deck: (1..=super::data::N_AGENDA_CARDS).collect(),
            agenda_out: AgendaList::new(),
            offered: [AgendaList::new(), AgendaList::new()],
            kept: [0, 0],
            agendas_open: false,
            plays: [0, 0],
            next: Side::Ussr,
            fx: Fx::default(),
            stack: Vec::new(),
            log: Log::new(),
            over: false,
            winner: None,
            result: None,
            reveals: 0,
        }
    }

    /// Append a public log entry (`log(d, code, **args)`).
    #[inline]
    pub fn log(&mut self, code: &'static str, args: Vec<(Text, Value)>) {
        self.log.add(code, Text::Borrowed("all"), args);
    }

    /// Put a frame on top of the decision stack.
    #[inline]
    pub fn push(&mut self, frame: Frame) {
        self.stack.push(frame);
    }

    /// The frame on top of the stack.
    #[inline]
    pub fn top(&self) -> Option<&Frame> {
        self.stack.last()
    }

    /// Mark the frames pushed from `start` on as belonging to `card` (an
    /// event's decisions); frames that name a card already keep it.
    pub fn own_frames(&mut self, start: usize, card: u8) {
        if let Some(frames) = self.stack.get_mut(start..) {
            for f in frames {
                f.own(card);
            }
        }
    }

    /// Cubes `side` has on the board.
    #[inline]
    pub fn on_board(&self, side: Side) -> u8 {
        self.cubes[side.ix()].iter().sum()
    }

    /// Cubes `side` still has off the board.
    #[inline]
    pub fn reserve(&self, side: Side) -> u8 {
        SUPPLY.saturating_sub(self.on_board(side))
    }

    /// One more `side` cube may go into `arena` (5-cube and supply limits).
    #[inline]
    pub fn can_place(&self, side: Side, arena: u8) -> bool {
        self.cubes[side.ix()][usize::from(arena)] < ARENA_MAX && self.on_board(side) < SUPPLY
    }

    /// Cubes of `side` in `arena`.
    #[inline]
    pub fn cubes_in(&self, side: Side, arena: u8) -> u8 {
        self.cubes[side.ix()][usize::from(arena)]
    }

    /// The side with strictly more cubes in `arena`, or `None` on a tie.
    pub fn dominator(&self, arena: u8) -> Option<Side> {
        let us = self.cubes_in(Side::Us, arena);
        let su = self.cubes_in(Side::Ussr, arena);
        match us.cmp(&su) {
            std::cmp::Ordering::Greater => Some(Side::Us),
            std::cmp::Ordering::Less => Some(Side::Ussr),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// `side` gains `n` prestige (`why`: a card or a message); the lead
    /// never exceeds 5.
    pub fn gain_prestige(&mut self, side: Side, n: u8, why: Why) {
        if n == 0 {
            return;
        }
        let old = i32::from(self.prestige);
        let new = if side == Side::Us {
            old + i32::from(n)
        } else {
            old - i32::from(n)
        };
        let capped = new.clamp(-i32::from(MAX_LEAD), i32::from(MAX_LEAD));
        self.prestige = capped as i8;
        let code = if new != capped {
            "thirteen.prestige.gain_capped"
        } else {
            "thirteen.prestige.gain"
        };
        crate::log_kept!(self, log, 
            code,
            vec![
                arg("side", side),
                arg("n", n),
                arg("why", why.to_value()),
                arg("prestige", self.prestige),
            ],
        );
    }

    /// Move `side`'s marker on `track` by `delta` steps, stopping at the
    /// track's ends (`why` shown when given). Returns the signed steps moved.
    pub fn shift_marker(&mut self, side: Side, track: u8, delta: i8, why: Option<Why>) -> i8 {
        let old = self.defcon[side.ix()][usize::from(track)] as i8;
        let new = (old + delta).clamp(DEFCON_MIN as i8, DEFCON_MAX as i8);
        if new != old {
            self.defcon[side.ix()][usize::from(track)] = new as u8;
            let up = new > old;
            let mut args = vec![
                arg("side", side),
                arg("track", TRACKS[usize::from(track)]),
                arg("n", (new - old).abs()),
                arg("pos", new),
            ];
            let code = match why {
                None => {
                    if up {
                        "thirteen.defcon.escalates"
                    } else {
                        "thirteen.defcon.deescalates"
                    }
                }
                Some(w) => {
                    args.push(arg("why", w.to_value()));
                    if up {
                        "thirteen.defcon.escalates_why"
                    } else {
                        "thirteen.defcon.deescalates_why"
                    }
                }
            };
            crate::log_kept!(self, log, code, args);
        }
        new - old
    }

    /// `side`'s three markers as messages (`defcon_markers`).
    pub fn defcon_markers(&self, side: Side) -> Value {
        let row = self.defcon[side.ix()];
        Value::List(
            (0..3)
                .map(|t| {
                    msg(
                        "thirteen.defcon.marker",
                        vec![arg("track", TRACKS[t]), arg("pos", row[t])],
                    )
                })
                .collect(),
        )
    }

    /// May `side` lower its own DEFCON markers with this event (`resolver`
    /// resolves it, `by` played the card)? Bay of Pigs forbids any event;
    /// Containment forbids the side's own cards and, unless the
    /// `containment_offered` option is off, events it accepted.
    pub fn may_lower(&self, side: Side, resolver: Side, by: Side) -> bool {
        if self.fx.bay_of_pigs.contains(&side) {
            return false;
        }
        if self.fx.containment.contains(&side) {
            if by == side {
                return false;
            }
            if resolver == side && self.options.containment_offered {
                return false;
            }
        }
        true
    }

    /// A uniform integer in `0..n` from the state's generator.
    #[inline]
    pub fn randbelow(&mut self, n: usize) -> usize {
        rng::randbelow(&mut self.rng, n)
    }

    /// The top strategy card; the discards are reshuffled into the deck
    /// when it is empty. `None` when both are empty.
    pub fn draw_card(&mut self) -> Option<u8> {
        if self.deck.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            self.deck = std::mem::take(&mut self.discard);
            rng::shuffle(&mut self.rng, &mut self.deck);
            let n = self.deck.len();
            crate::log_kept!(self, log, "thirteen.deck.reshuffle", vec![arg("n", n)]);
        }
        self.reveals += 1;
        self.deck.pop()
    }

    /// End the game at once with a public entry `code`; later calls in the
    /// same action are ignored (`core.frames.end_game`).
    pub fn end_game(&mut self, winner: Option<Side>, result: Outcome, code: &'static str, args: Vec<(Text, Value)>) {
        if self.over {
            return;
        }
        self.over = true;
        self.winner = winner;
        self.result = Some(result);
        crate::log_kept!(self, log, code, args);
    }

    /// Change `side`'s cubes in `arena` by `delta` (the caller checks the limits).
    #[inline]
    pub fn add_cubes(&mut self, side: Side, arena: u8, delta: i8) {
        let c = &mut self.cubes[side.ix()][usize::from(arena)];
        *c = (*c as i8 + delta) as u8;
    }

    /// The DEFCON track of `arena`.
    #[inline]
    pub const fn track_of(arena: u8) -> u8 {
        category(arena)
    }
}

/// Resume the event that pushed `frame` with `answer` (`state.resume`): its
/// continuation `frame.then`. The decisions the continuation pushes belong
/// to the card of the frame it resumes.
pub fn resume(s: &mut State, frame: &Frame, answer: Answer) {
    let n = s.stack.len();
    super::events::resume(s, frame, answer);
    if let Some(card) = frame.card() {
        if card != 0 {
            s.own_frames(n, card);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank() -> State {
        State::blank(Seed::Int(1), rng::seed_state(1), Options::default())
    }

    #[test]
    fn markers_stop_at_the_ends() {
        let mut s = blank();
        assert_eq!(s.shift_marker(Side::Us, 0, -3, None), 0);
        assert_eq!(s.shift_marker(Side::Us, 0, 9, None), 7);
        assert_eq!(s.defcon[1][0], 8);
        assert_eq!(s.log.len(), 1);
    }

    #[test]
    fn prestige_is_capped() {
        let mut s = blank();
        s.gain_prestige(Side::Ussr, 7, Why::Card(3));
        assert_eq!(s.prestige, -5);
        assert_eq!(
            s.log.last().map(|e| e.code.as_ref()),
            Some("thirteen.prestige.gain_capped")
        );
    }

    #[test]
    fn own_frames_keep_cards() {
        let mut s = blank();
        s.push(Frame::Summit {
            p: Side::Us,
            n: 0,
            card: None,
        });
        s.push(Frame::Stolen { p: Side::Us, card: 4 });
        s.own_frames(0, 7);
        assert_eq!(s.stack[0].card(), Some(7));
        assert_eq!(s.stack[1].card(), Some(4));
    }
}
