//! The Twilight Struggle state as typed data (`brinkmanship.twilight.rules.state`
//! and `rules.kinds`): the Python dict's fields as struct fields, influence as
//! fixed arrays, card lists as `Vec<u8>`, the decision stack as a `Vec` of
//! [`Frame`]s and the lasting effects as [`Effects`].
//!
//! Every field keeps what the Python state holds, so `to_json` (in `json_io`)
//! writes the same bytes. Frame fields that Python adds to a frame dict only
//! when used are `Option`s here; since each kind gains them in one fixed
//! order, writing the present ones in that order reproduces Python's key order.
//!
//! Event data (`data` of `ask`, influence and event-roll frames) is rare and
//! free-form (each event stores its own keys), so it stays a JSON [`Value`].

use crate::engine::Cards;
use crate::json::{Text, Value};
use crate::log::Log;

use super::data::N_COUNTRIES;

/// A superpower. The discriminant is the index of the side in every
/// per-side array: the USSR first, as the Python dicts list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Ussr = 0,
    Us = 1,
}

impl Side {
    /// Both sides, the USSR first (the order Python iterates them).
    pub const BOTH: [Side; 2] = [Side::Ussr, Side::Us];

    /// The other superpower.
    #[inline]
    pub fn opp(self) -> Side {
        match self {
            Side::Ussr => Side::Us,
            Side::Us => Side::Ussr,
        }
    }

    /// The index into per-side arrays.
    #[inline]
    pub fn ix(self) -> usize {
        self as usize
    }

    /// The side as the state writes it.
    pub fn name(self) -> &'static str {
        match self {
            Side::Ussr => "USSR",
            Side::Us => "US",
        }
    }

    /// Read a side's name.
    pub fn parse(text: &str) -> Option<Side> {
        match text {
            "USSR" => Some(Side::Ussr),
            "US" => Some(Side::Us),
            _ => None,
        }
    }
}

/// A side or both (Red Scare/Purge and Latin American Death Squads played
/// by both sides in one turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideOrBoth {
    One(Side),
    Both,
}

impl SideOrBoth {
    pub fn name(self) -> &'static str {
        match self {
            SideOrBoth::One(s) => s.name(),
            SideOrBoth::Both => "both",
        }
    }

    /// True if `side` is this side, or this is "both".
    pub fn includes(self, side: Side) -> bool {
        match self {
            SideOrBoth::One(s) => s == side,
            SideOrBoth::Both => true,
        }
    }
}

/// Who acts on a decision frame: a side, or chance for a die roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Side(Side),
    Chance,
}

/// Which headlines are public (`hl_open`): none, one side's (Man in Earth
/// Orbit), or both once revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HlOpen {
    None,
    One(Side),
    Both,
}

impl HlOpen {
    pub fn name(self) -> &'static str {
        match self {
            HlOpen::None => "",
            HlOpen::One(s) => s.name(),
            HlOpen::Both => "both",
        }
    }
}

/// The game options (`options`), always written in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Non-scoring card events fire.
    pub events: bool,
    /// The optional cards #104-#110 are in the decks.
    pub optional_cards: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { events: true, optional_cards: true }
    }
}

// ---------------------------------------------------------------------------
// Lasting effects
// ---------------------------------------------------------------------------

macro_rules! effect_names {
    ($($variant:ident = $text:literal,)*) => {
        /// The lasting effects (`brinkmanship.twilight.effect`), by the card
        /// names saved states hold.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum EffectName {
            $($variant,)*
        }

        impl EffectName {
            /// Every effect, in declaration order.
            pub const ALL: &'static [EffectName] = &[$(EffectName::$variant,)*];

            /// The name as stored in `effects`.
            pub fn name(self) -> &'static str {
                match self {
                    $(EffectName::$variant => $text,)*
                }
            }

            /// The effect of a stored name.
            pub fn parse(text: &str) -> Option<EffectName> {
                match text {
                    $($text => Some(EffectName::$variant),)*
                    _ => None,
                }
            }

            /// This effect's bit in [`Effects::mask`].
            #[inline]
            pub fn bit(self) -> u64 {
                1u64 << (self as u8)
            }
        }
    };
}

effect_names! {
    AwacsSaleToSaudis = "AWACS Sale to Saudis",
    AldrichAmesRemix = "Aldrich Ames Remix",
    AnEvilEmpire = "An Evil Empire",
    BearTrap = "Bear Trap",
    BrezhnevDoctrine = "Brezhnev Doctrine",
    CampDavidAccords = "Camp David Accords",
    Chernobyl = "Chernobyl",
    Containment = "Containment",
    CubanMissileCrisis = "Cuban Missile Crisis",
    DeGaulleLeadsFrance = "De Gaulle Leads France",
    FlowerPower = "Flower Power",
    FormosanResolution = "Formosan Resolution",
    IranContraScandal = "Iran-Contra Scandal",
    IranianHostageCrisis = "Iranian Hostage Crisis",
    JohnPaulIiElectedPope = "John Paul II Elected Pope",
    LatinAmericanDeathSquads = "Latin American Death Squads",
    MarshallPlan = "Marshall Plan",
    MissileEnvy = "Missile Envy",
    Nato = "NATO",
    Norad = "NORAD",
    NorthSeaOil = "North Sea Oil",
    NuclearSubs = "Nuclear Subs",
    Quagmire = "Quagmire",
    RedScarePurge = "Red Scare/Purge",
    SaltNegotiations = "SALT Negotiations",
    ShuttleDiplomacy = "Shuttle Diplomacy",
    TearDownThisWall = "Tear Down This Wall",
    TheIronLady = "The Iron Lady",
    TheReformer = "The Reformer",
    U2Incident = "U2 Incident",
    UsJapanMutualDefensePact = "US/Japan Mutual Defense Pact",
    VietnamRevolts = "Vietnam Revolts",
    WarsawPactFormed = "Warsaw Pact Formed",
    WeWillBuryYou = "We Will Bury You",
    WillyBrandt = "Willy Brandt",
    YuriAndSamantha = "Yuri and Samantha",
}

/// When a lasting effect ends (`until`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// At the end of the turn.
    Turn,
    /// Until an event cancels it.
    Game,
    /// At the next Asia or Middle East scoring (Shuttle Diplomacy).
    Scoring,
}

impl Until {
    pub fn name(self) -> &'static str {
        match self {
            Until::Turn => "turn",
            Until::Game => "game",
            Until::Scoring => "scoring",
        }
    }

    pub fn parse(text: &str) -> Option<Until> {
        match text {
            "turn" => Some(Until::Turn),
            "game" => Some(Until::Game),
            "scoring" => Some(Until::Scoring),
            _ => None,
        }
    }
}

/// One lasting effect: `{"until": ..., <its data>, "card": ...}`. The data
/// fields are those `add_effect` calls pass (each effect has its own, see
/// `validate.EFFECTS`); JSON writes them in the order `side`, `region`,
/// `blocks`, `turn` (North Sea Oil passes `blocks` before `turn`), then
/// `card`, added once the card's play is finished (a table marker).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    pub name: EffectName,
    pub until: Until,
    pub side: Option<SideOrBoth>,
    /// A region id (Chernobyl).
    pub region: Option<u8>,
    /// The card whose event may no longer be played.
    pub blocks: Option<u8>,
    /// The turn it was played (North Sea Oil).
    pub turn: Option<u8>,
    /// The card kept on the table as the effect's marker.
    pub card: Option<u8>,
    /// `turn` is written before `blocks` (a North Sea Oil set up by a
    /// position holds its keys in that order; the card's event the other).
    pub turn_first: bool,
}

impl Effect {
    /// An effect with no data.
    pub fn new(name: EffectName, until: Until) -> Effect {
        Effect { name, until, side: None, region: None, blocks: None, turn: None, card: None, turn_first: false }
    }
}

/// The lasting effects in play (`effects`), in the order Python's dict
/// holds them (insertion order; re-adding an effect keeps its place), with
/// a bit mask for quick membership tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    pub list: Vec<Effect>,
    pub mask: u64,
}

impl Effects {
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.mask == 0
    }

    #[inline]
    pub fn has(&self, name: EffectName) -> bool {
        self.mask & name.bit() != 0
    }

    pub fn get(&self, name: EffectName) -> Option<&Effect> {
        if !self.has(name) {
            return None;
        }
        self.list.iter().find(|e| e.name == name)
    }

    pub fn get_mut(&mut self, name: EffectName) -> Option<&mut Effect> {
        if !self.has(name) {
            return None;
        }
        self.list.iter_mut().find(|e| e.name == name)
    }

    /// Put `e` in play: replaces an effect of the same name in its place
    /// (as assigning to an existing dict key does), else appends it.
    pub fn set(&mut self, e: Effect) {
        if let Some(old) = self.get_mut(e.name) {
            *old = e;
        } else {
            self.mask |= e.name.bit();
            self.list.push(e);
        }
    }

    /// Take the effect out of play, returning it.
    pub fn remove(&mut self, name: EffectName) -> Option<Effect> {
        if !self.has(name) {
            return None;
        }
        self.mask &= !name.bit();
        let k = self.list.iter().position(|e| e.name == name)?;
        Some(self.list.remove(k))
    }
}

// ---------------------------------------------------------------------------
// Frames
// ---------------------------------------------------------------------------

/// The steps of the turn sequence (rule 4.5), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Start,
    Headline,
    Headline2,
    Reveal,
    Resolve,
    Round,
    RoundDone,
    Extra,
    ExtraUs,
    ExtraEnd,
    Eagle,
    End,
}

impl Step {
    pub const ALL: [Step; 12] = [
        Step::Start,
        Step::Headline,
        Step::Headline2,
        Step::Reveal,
        Step::Resolve,
        Step::Round,
        Step::RoundDone,
        Step::Extra,
        Step::ExtraUs,
        Step::ExtraEnd,
        Step::Eagle,
        Step::End,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Step::Start => "start",
            Step::Headline => "headline",
            Step::Headline2 => "headline2",
            Step::Reveal => "reveal",
            Step::Resolve => "resolve",
            Step::Round => "round",
            Step::RoundDone => "round_done",
            Step::Extra => "extra",
            Step::ExtraUs => "extra_us",
            Step::ExtraEnd => "extra_end",
            Step::Eagle => "eagle",
            Step::End => "end",
        }
    }

    pub fn parse(text: &str) -> Option<Step> {
        Step::ALL.iter().copied().find(|s| s.name() == text)
    }
}

/// The turn sequence, always at the bottom of the stack. Python's dict
/// holds its keys as `f, step, first, order, defcon0` (each only while set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnFrame {
    pub step: Step,
    /// The side that chose its headline first (until the headlines resolve).
    pub first: Option<Side>,
    /// The sides whose revealed headlines are still to resolve, in order.
    pub order: Option<Vec<Side>>,
    /// DEFCON as the action round began, for NORAD (#106).
    pub defcon0: Option<u8>,
}

/// How the ops of an `ops` frame are being spent ("" until decided).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpsMode {
    Undecided,
    Place,
    Realign,
}

impl OpsMode {
    pub fn name(self) -> &'static str {
        match self {
            OpsMode::Undecided => "",
            OpsMode::Place => "place",
            OpsMode::Realign => "realign",
        }
    }
}

/// Operations being spent (6.0). Keys: `f, p, card, ops, bonus, mode,
/// access`, then `kinds`, `only`, `free`, `then` when set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpsFrame {
    pub p: Side,
    pub card: u8,
    /// Ops left, region bonuses included.
    pub ops: i8,
    /// `[region id, amount]` bonuses, lost when an op is spent elsewhere.
    pub bonus: Vec<(u8, i8)>,
    pub mode: OpsMode,
    /// Where influence may be placed, fixed as the card is played (6.1.1).
    pub access: Vec<u8>,
    /// The kinds of operations allowed, some of "pcr" (None: all), as given.
    pub kinds: Option<Text>,
    /// The only countries allowed (an event's operations).
    pub only: Option<Vec<u8>>,
    /// Free coups/realignments (no DEFCON limit, no Military Ops).
    pub free: Option<bool>,
    /// A continuation run after a coup made with these ops.
    pub then: Option<Text>,
}

impl OpsFrame {
    /// Is operation kind `k` ('p', 'c' or 'r') allowed?
    pub fn allows(&self, k: char) -> bool {
        match &self.kinds {
            None => true,
            Some(s) => s.contains(k),
        }
    }
}

/// Why chance rolls a die, with what that roll needs.
#[derive(Clone, Debug, PartialEq)]
pub enum Roll {
    /// The two dice of a realignment (6.2): the phasing side's first.
    /// Keys: `f, p, why, side, target, first`.
    Realign { side: Side, target: u8, first: u8 },
    /// The die of a coup (6.3). Keys: `f, p, why, side, target, ops, free, then`.
    Coup { side: Side, target: u8, ops: i8, free: bool, then: Text },
    /// A die an event rolls (`roll_for`). Keys: `f, p, why, then, data`.
    Event { then: Text, data: Value },
    /// A Space Race attempt (6.4). Keys: `f, p, why, side`.
    Space { side: Side },
}

/// What an `ask` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AskKind {
    Target,
    Pick,
    Discard,
    Choose,
    Event,
    Ops,
    YesNo,
}

impl AskKind {
    pub const ALL: [AskKind; 7] =
        [AskKind::Target, AskKind::Pick, AskKind::Discard, AskKind::Choose, AskKind::Event, AskKind::Ops, AskKind::YesNo];

    pub fn name(self) -> &'static str {
        match self {
            AskKind::Target => "target",
            AskKind::Pick => "pick",
            AskKind::Discard => "discard",
            AskKind::Choose => "choose",
            AskKind::Event => "event",
            AskKind::Ops => "ops",
            AskKind::YesNo => "yesno",
        }
    }

    pub fn parse(text: &str) -> Option<AskKind> {
        AskKind::ALL.iter().copied().find(|k| k.name() == text)
    }
}

/// The generic event frame placing (`place_inf`) or removing (`remove_inf`)
/// influence (`push_influence`). Keys: `f, p, side, left, allowed, max, done,
/// optional`, then `per`, `then` + `data`, `question`, `log` when set.
#[derive(Clone, Debug, PartialEq)]
pub struct InfluenceFrame {
    /// True for `place_inf`, false for `remove_inf`.
    pub place: bool,
    /// The side choosing the countries.
    pub p: Side,
    /// The side whose influence changes.
    pub side: Side,
    pub left: i8,
    pub allowed: Vec<u8>,
    /// At most this many per country (0: no limit).
    pub max: u8,
    /// The countries chosen so far, one entry per choice.
    pub done: Vec<u8>,
    /// The chooser may stop early.
    pub optional: bool,
    /// The countries form: each chosen country changes by this many points
    /// (0 = `frames::ALL`: all of the influence there).
    pub per: Option<u8>,
    /// The continuation run when the frame ends, and its data.
    pub then: Option<(Text, Value)>,
    /// The choice is put as this event question (`target`/`pass`).
    pub question: Option<Text>,
    /// The log code of each change.
    pub log: Option<Text>,
}

/// A generic event question (`ask`). Keys: `f, p, kind, options, then,
/// optional, data`.
#[derive(Clone, Debug, PartialEq)]
pub struct AskFrame {
    pub p: Side,
    pub kind: AskKind,
    /// Country indexes, card numbers or option indexes, by `kind`.
    pub options: Vec<u8>,
    pub then: Text,
    pub optional: bool,
    pub data: Value,
}

/// One frame of the decision stack (`rules.kinds`): procedures run by
/// `advance`, decisions answered by an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Frame {
    /// `turn`: the turn sequence.
    Turn(TurnFrame),
    /// `finish`: a played card leaves play once what it pushed is done.
    /// Keys: `f, side, card, remove`, then `table` when set.
    Finish { side: Side, card: u8, remove: bool, table: Option<bool> },
    /// `fire_event`: the opponent's event of a card played for ops, after them.
    FireEvent { side: Side, card: u8 },
    /// `setup`: free set-up influence (3.0) in a subregion (region id).
    Setup { p: Side, left: u8, region: u8 },
    /// `headline`: a side chooses its headline.
    Headline { p: Side },
    /// `action`: an action round. Keys: `f, p, extra`, then `only`, `ret`.
    Action { p: Side, extra: bool, only: Option<u8>, ret: Option<u8> },
    /// `ops`: operations being spent.
    Ops(OpsFrame),
    /// `roll`: chance rolls a die.
    Roll(Roll),
    /// `eagle`: Eagle/Bear Has Landed's discard at the end of the turn.
    Eagle { p: Side },
    /// `order`: the opponent's event or the ops first (5.2).
    Order { p: Side, card: u8 },
    /// `place_inf` / `remove_inf`.
    Influence(InfluenceFrame),
    /// `ask`: an event question.
    Ask(AskFrame),
}

impl Frame {
    /// The frame's kind (`f`).
    pub fn kind(&self) -> &'static str {
        match self {
            Frame::Turn(_) => "turn",
            Frame::Finish { .. } => "finish",
            Frame::FireEvent { .. } => "fire_event",
            Frame::Setup { .. } => "setup",
            Frame::Headline { .. } => "headline",
            Frame::Action { .. } => "action",
            Frame::Ops(_) => "ops",
            Frame::Roll(_) => "roll",
            Frame::Eagle { .. } => "eagle",
            Frame::Order { .. } => "order",
            Frame::Influence(f) => {
                if f.place {
                    "place_inf"
                } else {
                    "remove_inf"
                }
            }
            Frame::Ask(_) => "ask",
        }
    }

    /// Who acts on this frame (None for a procedure).
    pub fn player(&self) -> Option<Player> {
        match self {
            Frame::Turn(_) | Frame::Finish { .. } | Frame::FireEvent { .. } => None,
            Frame::Setup { p, .. }
            | Frame::Headline { p }
            | Frame::Action { p, .. }
            | Frame::Eagle { p }
            | Frame::Order { p, .. } => Some(Player::Side(*p)),
            Frame::Ops(f) => Some(Player::Side(f.p)),
            Frame::Roll(_) => Some(Player::Chance),
            Frame::Influence(f) => Some(Player::Side(f.p)),
            Frame::Ask(f) => Some(Player::Side(f.p)),
        }
    }
}

// ---------------------------------------------------------------------------
// The state
// ---------------------------------------------------------------------------

/// A Twilight Struggle game state: the fields of the Python dict, in its
/// key order (`game` and `version` are constants).
#[derive(Clone)]
pub struct State {
    /// The seed as given (any Python int, or None): written back as read.
    pub seed: Value,
    /// The generator's state (`rng`).
    pub rng: u64,
    pub options: Options,
    pub turn: u8,
    /// The action round (0 before the first).
    pub ar: u8,
    pub phasing: Side,
    pub defcon: u8,
    /// VP marker: positive for the US.
    pub vp: i32,
    pub milops: [u8; 2],
    pub space: [u8; 2],
    pub space_tries: [u8; 2],
    pub inf: [[u8; N_COUNTRIES]; 2],
    pub hands: [CardList; 2],
    pub deck: CardList,
    pub discard: CardList,
    pub removed: CardList,
    pub in_play: CardList,
    pub china: Side,
    pub china_up: bool,
    /// Each side's headline card (0: none).
    pub headline: [u8; 2],
    pub hl_open: HlOpen,
    pub effects: Effects,
    /// Cards each side has seen in the other's hand.
    pub known: [Vec<u8>; 2],
    pub stack: Vec<Frame>,
    pub log: Log,
    pub reveals: u32,
    pub ply: u32,
    /// Final scoring has begun (20 VP no longer wins at once).
    pub final_: bool,
    pub over: bool,
    pub winner: Option<Side>,
    pub result: Option<Text>,
}

/// A list of cards (a hand, the deck, the discard pile...): inline, so a
/// clone of the state copies it without an allocation. Each card is in one
/// list at most, once, so `N_CARDS` always fit.
pub type CardList = Cards<{ super::data::N_CARDS }>;

/// The state format's version (`core.validate.STATE_VERSION`).
pub const STATE_VERSION: i64 = 2;

impl State {
    /// A state with every field at its start-of-game value, nothing dealt
    /// (`blank_state`). `seed_mod` is the seed modulo 2**64.
    pub fn blank(seed: Value, seed_mod: u64, options: Options) -> State {
        State {
            seed,
            rng: crate::rng::seed_state(seed_mod),
            options,
            turn: 1,
            ar: 0,
            phasing: Side::Ussr,
            defcon: 5,
            vp: 0,
            milops: [0; 2],
            space: [0; 2],
            space_tries: [0; 2],
            inf: [[0; N_COUNTRIES]; 2],
            hands: [CardList::new(), CardList::new()],
            deck: CardList::new(),
            discard: CardList::new(),
            removed: CardList::new(),
            in_play: CardList::new(),
            china: Side::Ussr,
            china_up: true,
            headline: [0; 2],
            hl_open: HlOpen::None,
            effects: Effects::default(),
            known: [Vec::new(), Vec::new()],
            stack: Vec::new(),
            log: Log::new(),
            reveals: 0,
            ply: 0,
            final_: false,
            over: false,
            winner: None,
            result: None,
        }
    }

    /// The frame on top of the stack.
    #[inline]
    pub fn top(&self) -> Option<&Frame> {
        self.stack.last()
    }

    /// The frame on top of the stack, to change it.
    #[inline]
    pub fn top_mut(&mut self) -> Option<&mut Frame> {
        self.stack.last_mut()
    }

    /// Who acts now: None when the game is over.
    pub fn current_player(&self) -> Option<Player> {
        if self.over {
            return None;
        }
        self.top().and_then(Frame::player)
    }
}
