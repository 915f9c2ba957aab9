//! The state as JSON: `to_json` writes exactly what Python's
//! `json.dumps(d, separators=(",", ":"))` writes for the same state (keys in
//! the order the Python dicts hold them), `new_game` starts a game as
//! `Thirteen.new`, and `from_json` reads any state the Python engine
//! writes, refusing anything else with an error naming the field.

use std::fmt::Write as _;

use crate::json::{write_str, Text, Value};
use crate::log::{Entry, Log};
use crate::rng;

use super::data::{
    AGENDAS_DEALT, ARENA_MAX, DEFCON_MAX, DEFCON_MIN, HAND_SIZE, MAX_LEAD, N_AGENDA_CARDS, N_ARENAS, N_CARDS,
    PLAYS_PER_ROUND, ROUNDS, SUPPLY,
};
use super::machine;
use super::state::{
    AgendaPush, AskFrame, CommandFrame, CubesFrame, Frame, FrameData, Fx, Mode, Options, Outcome, Seed, ShiftFrame,
    Side, SmallList, State, Step, Then,
};

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

fn int(out: &mut String, n: impl std::fmt::Display) {
    let _ = write!(out, "{n}");
}

fn boolean(out: &mut String, b: bool) {
    out.push_str(if b { "true" } else { "false" });
}

fn side(out: &mut String, s: Side) {
    out.push('"');
    out.push_str(s.as_str());
    out.push('"');
}

fn ints(out: &mut String, items: &[u8]) {
    out.push('[');
    for (k, x) in items.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        int(out, x);
    }
    out.push(']');
}

fn sides(out: &mut String, items: &[Side]) {
    out.push('[');
    for (k, &x) in items.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        side(out, x);
    }
    out.push(']');
}

/// `{"USSR": <ussr>, "US": <us>}` with a writer for each value.
fn per_side<T>(out: &mut String, pair: &[T; 2], mut each: impl FnMut(&mut String, &T)) {
    out.push_str("{\"USSR\":");
    each(out, &pair[0]);
    out.push_str(",\"US\":");
    each(out, &pair[1]);
    out.push('}');
}

/// The options object, in `OPTION_CHOICES` order.
pub fn write_options(out: &mut String, o: &Options) {
    out.push_str("{\"agenda_push\":");
    out.push_str(match o.agenda_push {
        AgendaPush::Zone => "\"zone\"",
        AgendaPush::Saito => "\"saito\"",
        AgendaPush::None => "\"none\"",
    });
    out.push_str(",\"agenda_bonus\":");
    boolean(out, o.agenda_bonus);
    out.push_str(",\"agenda_recycle\":");
    out.push_str(if o.agenda_recycle_all {
        "\"all\""
    } else {
        "\"unkept_only\""
    });
    out.push_str(",\"agenda_cap\":");
    out.push_str(if o.agenda_cap_each { "\"each\"" } else { "\"net\"" });
    out.push_str(",\"initiative_tie\":");
    out.push_str(if o.initiative_ussr_first {
        "\"ussr_first\""
    } else {
        "\"ussr_chooses\""
    });
    out.push_str(",\"event_command_modifiers\":");
    boolean(out, o.event_command_modifiers);
    out.push_str(",\"containment_offered\":");
    boolean(out, o.containment_offered);
    out.push_str(",\"ban_blocks_symbol\":");
    boolean(out, o.ban_blocks_symbol);
    out.push_str(",\"event_command_remove\":");
    boolean(out, o.event_command_remove);
    out.push_str(",\"fifty_fifty_same_track\":");
    boolean(out, o.fifty_fifty_same_track);
    out.push('}');
}

fn write_data(out: &mut String, d: FrameData) {
    match d {
        FrameData::Empty => out.push_str("{}"),
        FrameData::Low(b) => {
            out.push_str("{\"low\":");
            boolean(out, b);
            out.push('}');
        }
        FrameData::By(s) => {
            out.push_str("{\"by\":");
            side(out, s);
            out.push('}');
        }
    }
}

/// `,"card":<c>` when the frame has the key.
fn opt_card(out: &mut String, card: Option<u8>) {
    if let Some(c) = card {
        out.push_str(",\"card\":");
        int(out, c);
    }
}

fn key_side(out: &mut String, key: &str, s: Side) {
    out.push_str(key);
    side(out, s);
}

fn write_then(out: &mut String, t: Then) {
    out.push_str(",\"then\":");
    write_str(t.as_str(), out);
}

/// One frame with Python's keys in Python's order.
pub fn write_frame(out: &mut String, f: &Frame) {
    match f {
        Frame::Round { step } => {
            out.push_str("{\"f\":\"round\",\"step\":");
            write_str(step.as_str(), out);
        }
        Frame::Turn { p, card }
        | Frame::Agenda { p, card }
        | Frame::Initiative { p, card }
        | Frame::Aftermath { p, card } => {
            out.push_str("{\"f\":\"");
            out.push_str(f.kind());
            key_side(out, "\",\"p\":", *p);
            opt_card(out, *card);
        }
        Frame::Offer { p, card, by } => {
            key_side(out, "{\"f\":\"offer\",\"p\":", *p);
            out.push_str(",\"card\":");
            int(out, card);
            key_side(out, ",\"by\":", *by);
        }
        Frame::Alliances { p, card } | Frame::Stolen { p, card } => {
            out.push_str("{\"f\":\"");
            out.push_str(f.kind());
            key_side(out, "\",\"p\":", *p);
            out.push_str(",\"card\":");
            int(out, card);
        }
        Frame::Summit { p, n, card } => {
            key_side(out, "{\"f\":\"summit\",\"p\":", *p);
            out.push_str(",\"n\":");
            int(out, n);
            opt_card(out, *card);
        }
        Frame::Replace { side: s, card } => {
            key_side(out, "{\"f\":\"replace\",\"side\":", *s);
            opt_card(out, *card);
        }
        Frame::Command(c) => write_command(out, c),
        Frame::Cubes(c) => write_cubes(out, c),
        Frame::Shift(c) => write_shift(out, c),
        Frame::Ask(c) => write_ask(out, c),
    }
    out.push('}');
}

fn write_command(out: &mut String, c: &CommandFrame) {
    key_side(out, "{\"f\":\"command\",\"p\":", c.p);
    out.push_str(",\"card\":");
    int(out, c.card);
    out.push_str(",\"left\":");
    int(out, c.left);
    out.push_str(",\"arenas\":");
    ints(out, c.arenas.as_slice());
    out.push_str(",\"mode\":");
    write_str(c.mode.as_str(), out);
    out.push_str(",\"arena\":");
    int(out, c.arena);
    out.push_str(",\"n\":");
    int(out, c.n);
    out.push_str(",\"granted\":");
    boolean(out, c.granted);
    out.push_str(",\"low\":");
    boolean(out, c.low);
    out.push_str(",\"letter\":");
    boolean(out, c.letter);
    out.push_str(",\"remove\":");
    boolean(out, c.remove);
}

fn write_cubes(out: &mut String, c: &CubesFrame) {
    key_side(out, "{\"f\":\"cubes\",\"p\":", c.p);
    key_side(out, ",\"side\":", c.side);
    out.push_str(if c.place {
        ",\"verb\":\"place\""
    } else {
        ",\"verb\":\"remove\""
    });
    out.push_str(",\"left\":");
    int(out, c.left);
    out.push_str(",\"arenas\":");
    ints(out, c.arenas.as_slice());
    out.push_str(",\"max\":");
    int(out, c.max);
    out.push_str(",\"one\":");
    boolean(out, c.one);
    out.push_str(",\"symbol\":");
    boolean(out, c.symbol);
    out.push_str(",\"low\":");
    boolean(out, c.low);
    out.push_str(",\"optional\":");
    boolean(out, c.optional);
    out.push_str(",\"done\":");
    ints(out, &c.done);
    write_then(out, c.then);
    out.push_str(",\"data\":");
    write_data(out, c.data);
    opt_card(out, c.card);
}

fn write_shift(out: &mut String, c: &ShiftFrame) {
    key_side(out, "{\"f\":\"shift\",\"p\":", c.p);
    key_side(out, ",\"side\":", c.side);
    out.push_str(",\"tracks\":");
    ints(out, c.tracks.as_slice());
    out.push_str(",\"steps\":");
    int(out, c.steps);
    out.push_str(",\"up\":");
    boolean(out, c.up);
    out.push_str(",\"down\":");
    boolean(out, c.down);
    out.push_str(",\"exact\":");
    boolean(out, c.exact);
    out.push_str(",\"optional\":");
    boolean(out, c.optional);
    write_then(out, c.then);
    out.push_str(",\"data\":");
    write_data(out, c.data);
    opt_card(out, c.card);
}

fn write_ask(out: &mut String, c: &AskFrame) {
    key_side(out, "{\"f\":\"ask\",\"p\":", c.p);
    out.push_str(if c.target {
        ",\"kind\":\"target\""
    } else {
        ",\"kind\":\"choose\""
    });
    out.push_str(",\"options\":");
    ints(out, c.options.as_slice());
    write_then(out, c.then);
    out.push_str(",\"data\":");
    write_data(out, c.data);
    opt_card(out, c.card);
}

/// The whole state as Python's `State.to_json` writes it.
pub fn to_json(s: &State) -> String {
    write_json(s, true)
}

/// The same JSON with `"log":[]` in the log's place: the snapshot a reader
/// that keeps the log entries itself (`NativeState`) needs, without
/// writing the whole log again after every action.
pub fn to_json_nolog(s: &State) -> String {
    write_json(s, false)
}

fn write_json(s: &State, with_log: bool) -> String {
    let mut out = String::with_capacity(4096 + if with_log { 96 * s.log.len() } else { 0 });
    out.push_str("{\"game\":\"thirteen\",\"version\":2,\"options\":");
    write_options(&mut out, &s.options);
    out.push_str(",\"seed\":");
    match &s.seed {
        Seed::None => out.push_str("null"),
        Seed::Int(n) => int(&mut out, n),
        Seed::Big(text) => out.push_str(text),
    }
    out.push_str(",\"rng\":");
    int(&mut out, s.rng);
    out.push_str(",\"ply\":");
    int(&mut out, s.ply);
    out.push_str(",\"round\":");
    int(&mut out, s.round);
    out.push_str(",\"prestige\":");
    int(&mut out, s.prestige);
    out.push_str(",\"defcon\":");
    per_side(&mut out, &s.defcon, |o, row| ints(o, row));
    out.push_str(",\"cubes\":");
    per_side(&mut out, &s.cubes, |o, row| ints(o, row));
    key_side(&mut out, ",\"letter\":", s.letter);
    out.push_str(",\"hands\":");
    per_side(&mut out, &s.hands, |o, h| ints(o, h));
    out.push_str(",\"deck\":");
    ints(&mut out, &s.deck);
    out.push_str(",\"discard\":");
    ints(&mut out, &s.discard);
    out.push_str(",\"held\":");
    ints(&mut out, &s.held);
    out.push_str(",\"aftermath\":[");
    for (k, &(sd, c)) in s.aftermath.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push('[');
        side(&mut out, sd);
        out.push(',');
        int(&mut out, c);
        out.push(']');
    }
    out.push_str("],\"agenda_deck\":");
    ints(&mut out, &s.agenda_deck);
    out.push_str(",\"agenda_out\":");
    ints(&mut out, &s.agenda_out);
    out.push_str(",\"offered\":");
    per_side(&mut out, &s.offered, |o, h| ints(o, h));
    out.push_str(",\"kept\":");
    per_side(&mut out, &s.kept, |o, k| int(o, k));
    out.push_str(",\"agendas_open\":");
    boolean(&mut out, s.agendas_open);
    out.push_str(",\"plays\":");
    per_side(&mut out, &s.plays, |o, k| int(o, k));
    key_side(&mut out, ",\"next\":", s.next);
    out.push_str(",\"fx\":{\"sops\":");
    sides(&mut out, &s.fx.sops);
    out.push_str(",\"brink\":");
    sides(&mut out, &s.fx.brink);
    out.push_str(",\"containment\":");
    sides(&mut out, &s.fx.containment);
    out.push_str(",\"bay_of_pigs\":");
    sides(&mut out, &s.fx.bay_of_pigs);
    out.push_str("},\"stack\":[");
    for (k, f) in s.stack.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        write_frame(&mut out, f);
    }
    out.push_str("],\"log\":");
    if with_log {
        s.log.write(&mut out);
    } else {
        out.push_str("[]");
    }
    out.push_str(",\"over\":");
    boolean(&mut out, s.over);
    out.push_str(",\"winner\":");
    match s.winner {
        Some(w) => side(&mut out, w),
        None => out.push_str("null"),
    }
    out.push_str(",\"result\":");
    match s.result {
        Some(r) => write_str(r.as_str(), &mut out),
        None => out.push_str("null"),
    }
    out.push_str(",\"reveals\":");
    int(&mut out, s.reveals);
    out.push('}');
    out
}

// ---------------------------------------------------------------------------
// Options and new games
// ---------------------------------------------------------------------------

/// Read an options object as `make_options` does: defaults overlaid with
/// the given names; unknown names or values are refused.
pub fn options_from_value(v: &Value, path: &str) -> Result<Options, String> {
    let Value::Obj(pairs) = v else {
        return Err(format!("{path}: must be an object of option names to values"));
    };
    let mut o = Options::default();
    for (k, val) in pairs {
        let bad = || format!("{path}.{k}: {} is not an allowed value", val.dumps());
        let flag = |val: &Value| match val {
            Value::Bool(b) => Ok(*b),
            _ => Err(bad()),
        };
        let text = |val: &Value| match val {
            Value::Str(t) => Ok(t.to_string()),
            _ => Err(bad()),
        };
        match k.as_ref() {
            "agenda_push" => {
                o.agenda_push = match text(val)?.as_str() {
                    "zone" => AgendaPush::Zone,
                    "saito" => AgendaPush::Saito,
                    "none" => AgendaPush::None,
                    _ => return Err(bad()),
                }
            }
            "agenda_bonus" => o.agenda_bonus = flag(val)?,
            "agenda_recycle" => {
                o.agenda_recycle_all = match text(val)?.as_str() {
                    "unkept_only" => false,
                    "all" => true,
                    _ => return Err(bad()),
                }
            }
            "agenda_cap" => {
                o.agenda_cap_each = match text(val)?.as_str() {
                    "net" => false,
                    "each" => true,
                    _ => return Err(bad()),
                }
            }
            "initiative_tie" => {
                o.initiative_ussr_first = match text(val)?.as_str() {
                    "ussr_chooses" => false,
                    "ussr_first" => true,
                    _ => return Err(bad()),
                }
            }
            "event_command_modifiers" => o.event_command_modifiers = flag(val)?,
            "containment_offered" => o.containment_offered = flag(val)?,
            "ban_blocks_symbol" => o.ban_blocks_symbol = flag(val)?,
            "event_command_remove" => o.event_command_remove = flag(val)?,
            "fifty_fifty_same_track" => o.fifty_fifty_same_track = flag(val)?,
            _ => return Err(format!("{path}.{k}: unknown option")),
        }
    }
    Ok(o)
}

/// A new game (`Thirteen.new`): the printed start, the deck shuffled with
/// the state's generator, then the round runs on to its first decision.
/// `seed_mod` is the seed modulo 2**64 (what seeds the generator).
pub fn new_game(seed: Seed, seed_mod: u64, options: Options) -> State {
    let mut s = State::blank(seed, rng::seed_state(seed_mod), options);
    s.deck = (1..=N_CARDS).collect();
    rng::shuffle(&mut s.rng, &mut s.deck);
    crate::log_kept!(s, log, "thirteen.game.new", vec![]);
    s.stack = vec![Frame::Round { step: Step::Escalate }];
    machine::advance(&mut s);
    s
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

type R<T> = Result<T, String>;

/// A card list read from JSON as the state's inline list (an error naming
/// `path` when it is longer than the game has cards).
fn cards<const N: usize>(v: &[u8], path: &str) -> R<crate::engine::Cards<N>> {
    crate::engine::Cards::from_slice(v).map_err(|e| format!("{path}: {e}"))
}

/// An object's pairs, or an error naming `path`.
fn obj<'a>(v: &'a Value, path: &str) -> R<&'a [(Text, Value)]> {
    match v {
        Value::Obj(p) => Ok(p),
        _ => Err(format!("{path}: must be an object")),
    }
}

/// The value under `key` (required).
fn field<'a>(pairs: &'a [(Text, Value)], key: &str, path: &str) -> R<&'a Value> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .ok_or_else(|| format!("{}: missing", join(path, key)))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// Exactly the keys `required` plus any of `optional`, nothing else.
fn keys_exactly(pairs: &[(Text, Value)], required: &[&str], optional: &[&str], path: &str) -> R<()> {
    for k in required {
        if !pairs.iter().any(|(x, _)| x == k) {
            return Err(format!("{}: missing", join(path, k)));
        }
    }
    for (k, _) in pairs {
        if !required.contains(&k.as_ref()) && !optional.contains(&k.as_ref()) {
            return Err(format!("{}: unexpected key", join(path, k)));
        }
    }
    let mut seen: Vec<&str> = Vec::with_capacity(pairs.len());
    for (k, _) in pairs {
        if seen.contains(&k.as_ref()) {
            return Err(format!("{}: duplicate key", join(path, k)));
        }
        seen.push(k);
    }
    Ok(())
}

fn get_int(v: &Value, path: &str, lo: i64, hi: i64) -> R<i64> {
    match v {
        Value::Int(n) if (lo..=hi).contains(n) => Ok(*n),
        Value::Int(n) => Err(format!("{path}: {n} is out of range {lo}..{hi}")),
        _ => Err(format!("{path}: must be an integer")),
    }
}

fn get_u8(v: &Value, path: &str, lo: u8, hi: u8) -> R<u8> {
    get_int(v, path, i64::from(lo), i64::from(hi)).map(|n| n as u8)
}

fn get_bool(v: &Value, path: &str) -> R<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => Err(format!("{path}: must be true or false")),
    }
}

fn get_str<'a>(v: &'a Value, path: &str) -> R<&'a str> {
    match v {
        Value::Str(t) => Ok(t),
        _ => Err(format!("{path}: must be a string")),
    }
}

fn get_side(v: &Value, path: &str) -> R<Side> {
    Side::parse(get_str(v, path)?).ok_or_else(|| format!("{path}: must be \"USSR\" or \"US\""))
}

fn get_list<'a>(v: &'a Value, path: &str) -> R<&'a [Value]> {
    match v {
        Value::List(items) => Ok(items),
        _ => Err(format!("{path}: must be a list")),
    }
}

fn get_u8s(v: &Value, path: &str, lo: u8, hi: u8, max_len: usize) -> R<Vec<u8>> {
    let items = get_list(v, path)?;
    if items.len() > max_len {
        return Err(format!("{path}: more than {max_len} items"));
    }
    items
        .iter()
        .enumerate()
        .map(|(k, x)| get_u8(x, &format!("{path}[{k}]"), lo, hi))
        .collect()
}

fn get_sides(v: &Value, path: &str, max_len: usize) -> R<Vec<Side>> {
    let items = get_list(v, path)?;
    if items.len() > max_len {
        return Err(format!("{path}: more than {max_len} items"));
    }
    items
        .iter()
        .enumerate()
        .map(|(k, x)| get_side(x, &format!("{path}[{k}]")))
        .collect()
}

/// A list of distinct small integers as an inline list.
fn get_small<const N: usize>(v: &Value, path: &str, hi: u8) -> R<SmallList<N>> {
    let items = get_u8s(v, path, 0, hi, N)?;
    for (k, x) in items.iter().enumerate() {
        if items[..k].contains(x) {
            return Err(format!("{path}[{k}]: {x} appears twice"));
        }
    }
    SmallList::from_slice(&items).ok_or_else(|| format!("{path}: too many items"))
}

/// `{"USSR": a, "US": b}` read with `each`.
fn get_per_side<T>(v: &Value, path: &str, mut each: impl FnMut(&Value, &str) -> R<T>) -> R<[T; 2]> {
    let o = Fields::of(v, path)?;
    o.keys(&["USSR", "US"], &[], &["USSR", "US"])?;
    Ok([each(o.at("USSR")?, &o.path("USSR"))?, each(o.at("US")?, &o.path("US"))?])
}

/// An object being read and its path: the one set of field readers every
/// part of the state (the top level, `fx`, each frame) goes through. Each
/// reads a key, checks it and names `path.key` in its error.
#[derive(Clone, Copy)]
struct Fields<'a> {
    pairs: &'a [(Text, Value)],
    path: &'a str,
}

impl<'a> Fields<'a> {
    /// `v`, which must be an object, found at `path`.
    fn of(v: &'a Value, path: &'a str) -> R<Fields<'a>> {
        Ok(Fields { pairs: obj(v, path)?, path })
    }

    /// Exactly the keys `required` plus any of `optional`, in `order`.
    fn keys(&self, required: &[&str], optional: &[&str], order: &[&str]) -> R<()> {
        keys_exactly(self.pairs, required, optional, self.path)?;
        in_order(self.pairs, order, self.path)
    }

    /// The value under `key` (required).
    fn at(&self, key: &str) -> R<&'a Value> {
        field(self.pairs, key, self.path)
    }

    /// The path of `key`, for errors.
    fn path(&self, key: &str) -> String {
        join(self.path, key)
    }

    fn int(&self, key: &str, lo: i64, hi: i64) -> R<i64> {
        get_int(self.at(key)?, &self.path(key), lo, hi)
    }

    fn u8(&self, key: &str, lo: u8, hi: u8) -> R<u8> {
        get_u8(self.at(key)?, &self.path(key), lo, hi)
    }

    fn bool(&self, key: &str) -> R<bool> {
        get_bool(self.at(key)?, &self.path(key))
    }

    fn str(&self, key: &str) -> R<&'a str> {
        get_str(self.at(key)?, &self.path(key))
    }

    fn side(&self, key: &str) -> R<Side> {
        get_side(self.at(key)?, &self.path(key))
    }

    fn list(&self, key: &str) -> R<&'a [Value]> {
        get_list(self.at(key)?, &self.path(key))
    }

    fn u8s(&self, key: &str, lo: u8, hi: u8, max_len: usize) -> R<Vec<u8>> {
        get_u8s(self.at(key)?, &self.path(key), lo, hi, max_len)
    }

    fn sides(&self, key: &str, max_len: usize) -> R<Vec<Side>> {
        get_sides(self.at(key)?, &self.path(key), max_len)
    }

    fn small<const N: usize>(&self, key: &str, hi: u8) -> R<SmallList<N>> {
        get_small(self.at(key)?, &self.path(key), hi)
    }

    fn per_side<T>(&self, key: &str, each: impl FnMut(&Value, &str) -> R<T>) -> R<[T; 2]> {
        get_per_side(self.at(key)?, &self.path(key), each)
    }

    /// A frame's `then`: the continuation it resumes.
    fn then(&self) -> R<Then> {
        let t = self.str("then")?;
        Then::parse(t).ok_or_else(|| format!("{}: {t:?} is not a continuation", self.path("then")))
    }

    /// A frame's `data`: what its continuation keeps.
    fn data(&self) -> R<FrameData> {
        let path = self.path("data");
        match obj(self.at("data")?, &path)? {
            [] => Ok(FrameData::Empty),
            [(k, x)] if k == "low" => Ok(FrameData::Low(get_bool(x, &join(&path, "low"))?)),
            [(k, x)] if k == "by" => Ok(FrameData::By(get_side(x, &join(&path, "by"))?)),
            _ => Err(format!("{path}: not the data of a continuation")),
        }
    }

    /// A frame's optional `card`.
    fn card(&self) -> R<Option<u8>> {
        match self.pairs.iter().find(|(k, _)| k == "card") {
            Some((_, v)) => Ok(Some(get_u8(v, &self.path("card"), 1, N_CARDS)?)),
            None => Ok(None),
        }
    }
}

/// Check that the frame's keys come in `order` (the order Python writes).
fn in_order(pairs: &[(Text, Value)], order: &[&str], path: &str) -> R<()> {
    let expected: Vec<&str> = order
        .iter()
        .copied()
        .filter(|o| pairs.iter().any(|(x, _)| x == o))
        .collect();
    let got: Vec<&str> = pairs.iter().map(|(k, _)| k.as_ref()).collect();
    if expected != got {
        return Err(format!(
            "{path}: keys {got:?} are not in the engine's order {expected:?}"
        ));
    }
    Ok(())
}

/// Read one frame (any kind the rules or the events push).
pub fn frame_from_value(v: &Value, path: &str) -> R<Frame> {
    let o = Fields::of(v, path)?;
    let kind = o.str("f")?;
    let frame = match kind {
        "round" => {
            o.keys(&["f", "step"], &[], &["f", "step"])?;
            let t = o.str("step")?;
            Frame::Round {
                step: Step::parse(t).ok_or_else(|| format!("{}: unknown step {t:?}", o.path("step")))?,
            }
        }
        "turn" | "agenda" | "initiative" | "aftermath" => {
            o.keys(&["f", "p"], &["card"], &["f", "p", "card"])?;
            let (p, card) = (o.side("p")?, o.card()?);
            match kind {
                "turn" => Frame::Turn { p, card },
                "agenda" => Frame::Agenda { p, card },
                "initiative" => Frame::Initiative { p, card },
                _ => Frame::Aftermath { p, card },
            }
        }
        "offer" => {
            const K: [&str; 4] = ["f", "p", "card", "by"];
            o.keys(&K, &[], &K)?;
            Frame::Offer {
                p: o.side("p")?,
                card: o.u8("card", 1, N_CARDS)?,
                by: o.side("by")?,
            }
        }
        "alliances" | "stolen" => {
            const K: [&str; 3] = ["f", "p", "card"];
            o.keys(&K, &[], &K)?;
            let (p, card) = (o.side("p")?, o.u8("card", 1, N_CARDS)?);
            if kind == "alliances" {
                Frame::Alliances { p, card }
            } else {
                Frame::Stolen { p, card }
            }
        }
        "summit" => {
            o.keys(&["f", "p", "n"], &["card"], &["f", "p", "n", "card"])?;
            Frame::Summit {
                p: o.side("p")?,
                n: o.u8("n", 0, N_CARDS)?,
                card: o.card()?,
            }
        }
        "replace" => {
            o.keys(&["f", "side"], &["card"], &["f", "side", "card"])?;
            Frame::Replace {
                side: o.side("side")?,
                card: o.card()?,
            }
        }
        "command" => command_frame(o)?,
        "cubes" => cubes_frame(o)?,
        "shift" => shift_frame(o)?,
        "ask" => ask_frame(o)?,
        _ => return Err(format!("{}: unknown frame kind {kind:?}", o.path("f"))),
    };
    Ok(frame)
}

/// The highest arena index (arena lists and targets).
const LAST_ARENA: u8 = (N_ARENAS - 1) as u8;

fn command_frame(o: Fields<'_>) -> R<Frame> {
    const K: [&str; 12] = [
        "f", "p", "card", "left", "arenas", "mode", "arena", "n", "granted", "low", "letter", "remove",
    ];
    o.keys(&K, &[], &K)?;
    let mode = match o.str("mode")? {
        "" => Mode::Unset,
        "place" => Mode::Place,
        "remove" => Mode::Remove,
        m => return Err(format!("{}: {m:?} is not a Command's mode", o.path("mode"))),
    };
    let c = CommandFrame {
        p: o.side("p")?,
        card: o.u8("card", 1, N_CARDS)?,
        left: o.u8("left", 1, 6)?,
        arenas: o.small("arenas", LAST_ARENA)?,
        mode,
        arena: o.int("arena", -1, i64::from(LAST_ARENA))? as i8,
        n: o.u8("n", 0, 6)?,
        granted: o.bool("granted")?,
        low: o.bool("low")?,
        letter: o.bool("letter")?,
        remove: o.bool("remove")?,
    };
    let path = o.path;
    let started = c.mode != Mode::Unset;
    if started != (c.n > 0) || started != (c.arena >= 0) {
        return Err(format!("{path}: a Command's mode, arena and cube count are set together"));
    }
    if started && !c.arenas.contains(c.arena as u8) {
        return Err(format!("{}: not one of the Command's arenas", o.path("arena")));
    }
    if c.n >= c.left {
        return Err(format!("{}: the Command is over", o.path("n")));
    }
    if c.mode == Mode::Remove && !c.remove {
        return Err(format!("{}: this Command may not remove", o.path("mode")));
    }
    Ok(Frame::Command(c))
}

fn cubes_frame(o: Fields<'_>) -> R<Frame> {
    const K: [&str; 14] = [
        "f", "p", "side", "verb", "left", "arenas", "max", "one", "symbol", "low", "optional", "done", "then", "data",
    ];
    let mut order = K.to_vec();
    order.push("card");
    o.keys(&K, &["card"], &order)?;
    let place = match o.str("verb")? {
        "place" => true,
        "remove" => false,
        _ => return Err(format!("{}: must be \"place\" or \"remove\"", o.path("verb"))),
    };
    let c = CubesFrame {
        p: o.side("p")?,
        side: o.side("side")?,
        place,
        left: o.u8("left", 1, 99)?,
        arenas: o.small("arenas", LAST_ARENA)?,
        max: o.u8("max", 0, ARENA_MAX)?,
        one: o.bool("one")?,
        symbol: o.bool("symbol")?,
        low: o.bool("low")?,
        optional: o.bool("optional")?,
        done: o.u8s("done", 0, LAST_ARENA, 99)?,
        then: o.then()?,
        data: o.data()?,
        card: o.card()?,
    };
    let path = o.path;
    if !matches!(c.then, Then::None | Then::WaveAndSmile) {
        return Err(format!("{}: not a continuation of an event's cubes", o.path("then")));
    }
    if c.data != FrameData::Empty {
        return Err(format!("{}: must be {{}}", o.path("data")));
    }
    for (k, &i) in c.done.iter().enumerate() {
        if !c.arenas.contains(i) {
            return Err(format!("{path}.done[{k}]: arena {i} is not one this event uses"));
        }
        if c.max > 0 && c.done.iter().filter(|&&x| x == i).count() > usize::from(c.max) {
            return Err(format!("{path}.done[{k}]: more than {} cubes in arena {i}", c.max));
        }
    }
    if c.one && c.done.iter().any(|&x| x != c.done[0]) {
        return Err(format!("{path}.done: this event uses one arena only"));
    }
    Ok(Frame::Cubes(c))
}

fn shift_frame(o: Fields<'_>) -> R<Frame> {
    const K: [&str; 11] = [
        "f", "p", "side", "tracks", "steps", "up", "down", "exact", "optional", "then", "data",
    ];
    let mut order = K.to_vec();
    order.push("card");
    o.keys(&K, &["card"], &order)?;
    let c = ShiftFrame {
        p: o.side("p")?,
        side: o.side("side")?,
        tracks: o.small("tracks", 2)?,
        steps: o.u8("steps", 1, super::actions::MAX_SHIFT)?,
        up: o.bool("up")?,
        down: o.bool("down")?,
        exact: o.bool("exact")?,
        optional: o.bool("optional")?,
        then: o.then()?,
        data: o.data()?,
        card: o.card()?,
    };
    let ok = match c.then {
        Then::None => c.data == FrameData::Empty,
        Then::FiftyFiftySecond => matches!(c.data, FrameData::Low(_)),
        Then::InvasionOfCuba => matches!(c.data, FrameData::By(_)),
        _ => return Err(format!("{}: not a continuation of a DEFCON move", o.path("then"))),
    };
    if !ok {
        return Err(format!("{}: not the data {} keeps", o.path("data"), c.then.as_str()));
    }
    Ok(Frame::Shift(c))
}

fn ask_frame(o: Fields<'_>) -> R<Frame> {
    const K: [&str; 6] = ["f", "p", "kind", "options", "then", "data"];
    o.keys(&K, &["card"], &["f", "p", "kind", "options", "then", "data", "card"])?;
    let target = match o.str("kind")? {
        "target" => true,
        "choose" => false,
        _ => return Err(format!("{}: must be \"target\" or \"choose\"", o.path("kind"))),
    };
    let hi = if target { LAST_ARENA } else { super::actions::N_OPTIONS - 1 };
    let c = AskFrame {
        p: o.side("p")?,
        target,
        options: o.small("options", hi)?,
        then: o.then()?,
        data: o.data()?,
        card: o.card()?,
    };
    let (want_target, chooser) = match c.then {
        Then::AirStrike => (false, Side::Us),
        Then::AirStrikeTarget => (true, Side::Us),
        Then::BayOfPigs => (false, Side::Us),
        Then::U2Downed => (true, Side::Ussr),
        _ => return Err(format!("{}: not a continuation of a question", o.path("then"))),
    };
    if want_target != c.target {
        return Err(format!("{}: {} asks for another kind", o.path("kind"), c.then.as_str()));
    }
    if chooser != c.p {
        return Err(format!("{}: {} is answered by the {chooser}", o.path("p"), c.then.as_str()));
    }
    if c.options.is_empty() || c.data != FrameData::Empty {
        return Err(format!("{}: empty options or data", o.path));
    }
    Ok(Frame::Ask(c))
}

/// Read a log entry as data (its arguments are kept as they are).
fn entry_from_value(v: &Value, path: &str) -> R<Entry> {
    let o = Fields::of(v, path)?;
    o.keys(&["code", "args", "to"], &[], &["code", "args", "to"])?;
    let code = o.str("code")?.to_string();
    let args = obj(o.at("args")?, &o.path("args"))?.to_vec();
    let to = o.str("to")?.to_string();
    if !["all", "players", "spectators", "USSR", "US"].contains(&to.as_str()) {
        return Err(format!("{}: {to:?} is not an audience", o.path("to")));
    }
    if code.is_empty() || !code.starts_with("thirteen.") {
        return Err(format!("{}: {code:?} is not a 13 Days message code", o.path("code")));
    }
    Ok(Entry {
        code: code.into(),
        args,
        to: to.into(),
    })
}

/// The option names, in `OPTION_CHOICES` order.
const OPTION_NAMES: [&str; 10] = [
    "agenda_push",
    "agenda_bonus",
    "agenda_recycle",
    "agenda_cap",
    "initiative_tie",
    "event_command_modifiers",
    "containment_offered",
    "ban_blocks_symbol",
    "event_command_remove",
    "fifty_fifty_same_track",
];

/// The top-level keys, in the order Python writes them.
const TOP: [&str; 30] = [
    "game",
    "version",
    "options",
    "seed",
    "rng",
    "ply",
    "round",
    "prestige",
    "defcon",
    "cubes",
    "letter",
    "hands",
    "deck",
    "discard",
    "held",
    "aftermath",
    "agenda_deck",
    "agenda_out",
    "offered",
    "kept",
    "agendas_open",
    "plays",
    "next",
    "fx",
    "stack",
    "log",
    "over",
    "winner",
    "result",
    "reveals",
];

/// Read a state the Python engine wrote; anything else is an error naming
/// the field.
pub fn from_json(text: &str) -> R<State> {
    let v = Value::parse(text)?;
    from_value(&v)
}

/// Read a state from parsed JSON (see `from_json`).
pub fn from_value(v: &Value) -> R<State> {
    let d = obj(v, "state")?;
    keys_exactly(d, &TOP, &[], "")?;
    // Key orders are checked too: Python keeps a loaded file's order, so
    // only the order the engine writes reads back byte for byte.
    in_order(d, &TOP, "state")?;
    let top = Fields { pairs: d, path: "" };
    if top.str("game")? != "thirteen" {
        return Err("game: must be \"thirteen\"".into());
    }
    top.int("version", 2, 2)?;
    let options = options_from_value(top.at("options")?, "options")?;
    Fields::of(top.at("options")?, "options")?.keys(&OPTION_NAMES, &[], &OPTION_NAMES)?;
    let seed = match top.at("seed")? {
        Value::Null => Seed::None,
        Value::Int(n) => Seed::Int(*n),
        Value::Big(t) => Seed::Big(t.clone()),
        _ => return Err("seed: must be an integer or null".into()),
    };
    let rng_state = match top.at("rng")? {
        Value::Int(n) if *n >= 0 => *n as u64,
        Value::Big(t) => t
            .parse::<u64>()
            .map_err(|_| "rng: must be an integer in 0..2**64-1".to_string())?,
        _ => return Err("rng: must be an integer in 0..2**64-1".into()),
    };
    let ply = top.int("ply", 0, 1 << 31)?;
    let round = top.u8("round", 1, ROUNDS)?;
    let prestige = top.int("prestige", -i64::from(MAX_LEAD), i64::from(MAX_LEAD))? as i8;
    let defcon = top.per_side("defcon", |x, p| {
        let row = get_u8s(x, p, DEFCON_MIN, DEFCON_MAX, 3)?;
        <[u8; 3]>::try_from(row.as_slice()).map_err(|_| format!("{p}: must hold 3 markers"))
    })?;
    let cubes = top.per_side("cubes", |x, p| {
        let row = get_u8s(x, p, 0, ARENA_MAX, N_ARENAS)?;
        let row = <[u8; N_ARENAS]>::try_from(row.as_slice()).map_err(|_| format!("{p}: must hold 9 arenas"))?;
        if row.iter().map(|&c| u32::from(c)).sum::<u32>() > u32::from(SUPPLY) {
            return Err(format!("{p}: more cubes on the board than a side has"));
        }
        Ok(row)
    })?;
    let letter = top.side("letter")?;
    let n = usize::from(N_CARDS);
    let hands = top.per_side("hands", |x, p| get_u8s(x, p, 1, N_CARDS, n))?;
    let deck = top.u8s("deck", 1, N_CARDS, n)?;
    let discard = top.u8s("discard", 1, N_CARDS, n)?;
    let held = top.u8s("held", 1, N_CARDS, n)?;
    let mut aftermath = Vec::new();
    for (k, e) in top.list("aftermath")?.iter().enumerate() {
        let path = format!("aftermath[{k}]");
        match get_list(e, &path)? {
            [s, c] => aftermath.push((
                get_side(s, &format!("{path}[0]"))?,
                get_u8(c, &format!("{path}[1]"), 1, N_CARDS)?,
            )),
            _ => return Err(format!("{path}: must be [side, card]")),
        }
    }
    // Each strategy card in exactly one place.
    let mut seen = [0u8; 40];
    let all = hands[0]
        .iter()
        .chain(&hands[1])
        .chain(&deck)
        .chain(&discard)
        .chain(&held)
        .chain(aftermath.iter().map(|(_, c)| c));
    for &c in all {
        seen[usize::from(c)] += 1;
    }
    if let Some(c) = (1..=usize::from(N_CARDS)).find(|&c| seen[c] != 1) {
        return Err(format!(
            "deck: card {c} is in {} places; each strategy card is in exactly one",
            seen[c]
        ));
    }
    let na = usize::from(N_AGENDA_CARDS);
    let agenda_deck = top.u8s("agenda_deck", 1, N_AGENDA_CARDS, na)?;
    let agenda_out = top.u8s("agenda_out", 1, N_AGENDA_CARDS, na)?;
    let offered = top.per_side("offered", |x, p| get_u8s(x, p, 1, N_AGENDA_CARDS, 3))?;
    let mut seen = [0u8; 14];
    for &a in agenda_deck
        .iter()
        .chain(&agenda_out)
        .chain(&offered[0])
        .chain(&offered[1])
    {
        seen[usize::from(a)] += 1;
    }
    if let Some(a) = (1..=na).find(|&a| seen[a] != 1) {
        return Err(format!(
            "agenda_deck: agenda card {a} is in {} places; each is in exactly one",
            seen[a]
        ));
    }
    let kept = top.per_side("kept", |x, p| get_u8(x, p, 0, N_AGENDA_CARDS))?;
    for side in Side::BOTH {
        let k = kept[side.ix()];
        if k != 0 && !offered[side.ix()].contains(&k) {
            return Err(format!("kept.{side}: agenda card {k} is not one of the {side}'s flags"));
        }
    }
    let agendas_open = top.bool("agendas_open")?;
    let plays = top.per_side("plays", |x, p| get_u8(x, p, 0, PLAYS_PER_ROUND))?;
    let next = top.side("next")?;
    const FX: [&str; 4] = ["sops", "brink", "containment", "bay_of_pigs"];
    let fxo = Fields::of(top.at("fx")?, "fx")?;
    fxo.keys(&FX, &[], &FX)?;
    let most = 2 * usize::from(PLAYS_PER_ROUND);
    let fx = Fx {
        sops: fxo.sides("sops", most)?,
        brink: fxo.sides("brink", most)?,
        containment: fxo.sides("containment", most)?,
        bay_of_pigs: fxo.sides("bay_of_pigs", most)?,
    };
    let mut stack = Vec::new();
    for (k, fr) in top.list("stack")?.iter().enumerate() {
        stack.push(frame_from_value(fr, &format!("stack[{k}]"))?);
    }
    let mut log = Log::new();
    for (k, e) in top.list("log")?.iter().enumerate() {
        log.push(entry_from_value(e, &format!("log[{k}]"))?);
    }
    let over = top.bool("over")?;
    let winner = match top.at("winner")? {
        Value::Null => None,
        w => Some(get_side(w, "winner")?),
    };
    let result = match top.at("result")? {
        Value::Null => None,
        r => {
            let t = get_str(r, "result")?;
            Some(Outcome::parse(t).ok_or_else(|| format!("result: {t:?} is not an outcome"))?)
        }
    };
    let reveals = top.int("reveals", 0, 1 << 31)?;
    let s = State {
        options,
        seed,
        rng: rng_state,
        ply,
        round,
        prestige,
        defcon,
        cubes,
        letter,
        hands: [cards(&hands[0], "hands.USSR")?, cards(&hands[1], "hands.US")?],
        deck: cards(&deck, "deck")?,
        discard: cards(&discard, "discard")?,
        held: cards(&held, "held")?,
        aftermath,
        agenda_deck: cards(&agenda_deck, "agenda_deck")?,
        agenda_out: cards(&agenda_out, "agenda_out")?,
        offered: [cards(&offered[0], "offered.USSR")?, cards(&offered[1], "offered.US")?],
        kept,
        agendas_open,
        plays,
        next,
        fx,
        stack,
        log,
        over,
        winner,
        result,
        reveals,
    };
    let playing = matches!(s.stack.first(), Some(Frame::Round { step: Step::Plays }));
    for side in Side::BOTH {
        // During the plays a hand holds at most 5 cards less those played.
        let most = HAND_SIZE - if playing { usize::from(s.plays[side.ix()]) } else { 0 };
        if s.hands[side.ix()].len() > most {
            return Err(format!(
                "hands.{side}: {} cards; the {side} holds at most {most} now",
                s.hands[side.ix()].len()
            ));
        }
        if s.offered[side.ix()].len() > AGENDAS_DEALT {
            return Err(format!("offered.{side}: a side is dealt {AGENDAS_DEALT} agendas"));
        }
    }
    check_stack(&s)?;
    Ok(s)
}

/// The stack as the engine can leave it: empty when (and only when) the
/// game is over; else the round procedure at the bottom, at a step that
/// waits, and a decision with a legal action on top.
fn check_stack(s: &State) -> R<()> {
    if s.over {
        if s.result.is_none() {
            return Err("result: a finished game has an outcome".into());
        }
        if !s.stack.is_empty() {
            return Err("stack: must be empty once the game is over".into());
        }
        if !s.held.is_empty() {
            return Err("held: a card out of every pile, but the game is over".into());
        }
        for side in Side::BOTH {
            if !s.hands[side.ix()].is_empty() {
                return Err(format!("hands.{side}: cards in hand after the card plays"));
            }
        }
        return Ok(());
    }
    if s.winner.is_some() || s.result.is_some() {
        return Err("winner: set, but the game is not over".into());
    }
    let Some(Frame::Round { step }) = s.stack.first() else {
        return Err("stack[0].f: the round procedure is at the bottom of the stack".into());
    };
    if !matches!(
        step,
        Step::Deal | Step::Plays | Step::Television | Step::UnitedNations | Step::Resolve
    ) {
        return Err(format!(
            "stack[0].step: {:?}: the round never waits for a decision at this step",
            step.as_str()
        ));
    }
    // The frames each waiting step allows (`validate._STEP_FRAMES`).
    let allowed: &[&str] = match step {
        Step::Deal => &["agenda"],
        Step::Plays => &[
            "turn",
            "offer",
            "command",
            "cubes",
            "shift",
            "ask",
            "initiative",
            "stolen",
            "summit",
            "replace",
        ],
        Step::Television => &["aftermath"],
        Step::UnitedNations => &["shift"],
        _ => &["alliances"],
    };
    let mut held: Vec<u8> = Vec::new();
    let mut one_each = [[false; 2]; 2]; // agenda, aftermath per side
    let top = s.stack.len() - 1;
    for (k, f) in s.stack.iter().enumerate().skip(1) {
        let path = format!("stack[{k}]");
        if !allowed.contains(&f.kind()) {
            return Err(format!(
                "{path}.f: a {:?} frame at round step {:?}",
                f.kind(),
                step.as_str()
            ));
        }
        let bad = match f {
            Frame::Turn { p, .. } if s.hands[p.ix()].is_empty() || s.plays[p.ix()] >= PLAYS_PER_ROUND => {
                Some(format!("the {p} plays a card, but has no card or no play left"))
            }
            Frame::Offer { p, card, by } if *p != by.opp() || super::play::faction_side(*card) != Some(*p) => Some(
                format!("the {p} is offered the event of card {card} played by the {by}"),
            ),
            Frame::Agenda { p, .. } if s.offered[p.ix()].is_empty() || s.kept[p.ix()] != 0 => {
                Some(format!("the {p} keeps an agenda, but it has no flags or has kept one"))
            }
            Frame::Aftermath { p, .. } if s.hands[p.ix()].is_empty() => {
                Some(format!("the {p} chooses an Aftermath card from an empty hand"))
            }
            _ => None,
        };
        if let Some(why) = bad {
            return Err(format!("{path}: {why}"));
        }
        if let Frame::Ask(a) = f {
            if a.then == Then::BayOfPigs
                && a.options.contains(super::actions::OPTION_REMOVE)
                && s.cubes[Side::Us.ix()][usize::from(super::data::ALLIANCES)] < 2
            {
                return Err(format!(
                    "{path}.options: the US may remove 2 cubes from Alliances, but has fewer there"
                ));
            }
            let cuba = [super::data::CUBA_MILITARY, super::data::CUBA_POLITICAL];
            let ok = |x: &u8| match a.then {
                Then::AirStrike => [super::actions::OPTION_REMOVE, super::actions::OPTION_PLACE].contains(x),
                Then::BayOfPigs => [super::actions::OPTION_REMOVE, super::actions::OPTION_BAN].contains(x),
                _ => cuba.contains(x),
            };
            if let Some(x) = a.options.as_slice().iter().find(|x| !ok(x)) {
                return Err(format!(
                    "{path}.options: {x} is not an option {} offers",
                    a.then.as_str()
                ));
            }
        }
        match f {
            Frame::Stolen { card, .. } | Frame::Alliances { card, .. } => held.push(*card),
            Frame::Agenda { p, .. } | Frame::Aftermath { p, .. } => {
                let which = usize::from(matches!(f, Frame::Aftermath { .. }));
                if one_each[which][p.ix()] {
                    return Err(format!("{path}.p: a second {:?} decision for the {p}", f.kind()));
                }
                one_each[which][p.ix()] = true;
            }
            Frame::Turn { .. } | Frame::Initiative { .. } if k != top => {
                return Err(format!("{path}.f: a {:?} decision is only ever on top", f.kind()));
            }
            _ => {}
        }
    }
    if matches!(step, Step::UnitedNations | Step::Resolve) && s.stack.len() != 2 {
        return Err("stack: the Television and Alliances bonuses are single decisions".into());
    }
    let (mut a, mut b) = (held.clone(), s.held);
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return Err(format!("held: {:?}, but the pending decisions hold {:?}", s.held, held));
    }
    if matches!(step, Step::Television | Step::UnitedNations | Step::Resolve) {
        for side in Side::BOTH {
            if !s.hands[side.ix()].is_empty() && !one_each[1][side.ix()] {
                return Err(format!("hands.{side}: cards in hand after the card plays"));
            }
        }
    }
    match s.stack.last() {
        Some(f) if f.player().is_some() => {}
        _ => return Err("stack: a decision is on top of the stack".into()),
    }
    let mut legal = Vec::new();
    machine::legal_ids(s, &mut legal);
    if legal.is_empty() {
        return Err("stack: the pending decision has no legal action".into());
    }
    Ok(())
}
