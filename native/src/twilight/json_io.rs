//! The state's JSON, byte for byte as Python's `json.dumps(d,
//! separators=(",", ":"))` writes the Python dict (`to_json`), and reading
//! any state the Python engine writes (`from_json`): every frame kind and
//! effect. Malformed input is refused with a message naming the field.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::json::{write_str, Text, Value};
use crate::log::{Entry, Log};

use super::data::{N_CARDS, N_COUNTRIES, REGION_NAMES};
use super::state::{
    AskFrame, AskKind, CardList, Effect, EffectName, Effects, Frame, HlOpen, InfluenceFrame, OpsFrame, OpsMode, Options, Player,
    Roll, Side, SideOrBoth, State, Step, TurnFrame, Until, STATE_VERSION,
};

fn int(out: &mut String, n: impl Into<i64>) {
    let _ = write!(out, "{}", n.into());
}

fn boolean(out: &mut String, b: bool) {
    out.push_str(if b { "true" } else { "false" });
}

fn ints(out: &mut String, items: &[u8]) {
    out.push('[');
    for (k, &x) in items.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        int(out, x);
    }
    out.push(']');
}

fn side(out: &mut String, s: Side) {
    out.push('"');
    out.push_str(s.name());
    out.push('"');
}

/// `{"USSR":a,"US":b}` of two integers.
fn per_side(out: &mut String, v: [u8; 2]) {
    out.push_str("{\"USSR\":");
    int(out, v[0]);
    out.push_str(",\"US\":");
    int(out, v[1]);
    out.push('}');
}

fn key(out: &mut String, k: &str) {
    out.push(',');
    out.push('"');
    out.push_str(k);
    out.push_str("\":");
}

fn write_effect(out: &mut String, e: &Effect) {
    out.push_str("{\"until\":");
    write_str(e.until.name(), out);
    if let Some(s) = e.side {
        key(out, "side");
        write_str(s.name(), out);
    }
    if let Some(r) = e.region {
        key(out, "region");
        write_str(REGION_NAMES[r as usize], out);
    }
    let turn = |out: &mut String| {
        if let Some(t) = e.turn {
            key(out, "turn");
            int(out, t);
        }
    };
    if e.turn_first {
        turn(out);
    }
    if let Some(b) = e.blocks {
        key(out, "blocks");
        ints(out, &[b]);
    }
    if !e.turn_first {
        turn(out);
    }
    if let Some(c) = e.card {
        key(out, "card");
        int(out, c);
    }
    out.push('}');
}

fn write_frame(out: &mut String, f: &Frame) {
    out.push_str("{\"f\":\"");
    out.push_str(f.kind());
    out.push('"');
    match f {
        Frame::Turn(t) => {
            key(out, "step");
            write_str(t.step.name(), out);
            if let Some(s) = t.first {
                key(out, "first");
                side(out, s);
            }
            if let Some(o) = &t.order {
                key(out, "order");
                out.push('[');
                for (k, &s) in o.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    side(out, s);
                }
                out.push(']');
            }
            if let Some(d) = t.defcon0 {
                key(out, "defcon0");
                int(out, d);
            }
        }
        Frame::Finish { side: s, card, remove, table } => {
            key(out, "side");
            side(out, *s);
            key(out, "card");
            int(out, *card);
            key(out, "remove");
            boolean(out, *remove);
            if let Some(t) = table {
                key(out, "table");
                boolean(out, *t);
            }
        }
        Frame::FireEvent { side: s, card } => {
            key(out, "side");
            side(out, *s);
            key(out, "card");
            int(out, *card);
        }
        Frame::Setup { p, left, region } => {
            key(out, "p");
            side(out, *p);
            key(out, "left");
            int(out, *left);
            key(out, "region");
            write_str(REGION_NAMES[*region as usize], out);
        }
        Frame::Headline { p } | Frame::Eagle { p } => {
            key(out, "p");
            side(out, *p);
        }
        Frame::Action { p, extra, only, ret } => {
            key(out, "p");
            side(out, *p);
            key(out, "extra");
            boolean(out, *extra);
            if let Some(c) = only {
                key(out, "only");
                int(out, *c);
            }
            if let Some(c) = ret {
                key(out, "ret");
                int(out, *c);
            }
        }
        Frame::Ops(o) => {
            key(out, "p");
            side(out, o.p);
            key(out, "card");
            int(out, o.card);
            key(out, "ops");
            int(out, o.ops);
            key(out, "bonus");
            out.push('[');
            for (k, &(r, n)) in o.bonus.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push('[');
                write_str(REGION_NAMES[r as usize], out);
                out.push(',');
                int(out, n);
                out.push(']');
            }
            out.push(']');
            key(out, "mode");
            write_str(o.mode.name(), out);
            key(out, "access");
            ints(out, &o.access);
            if let Some(k) = &o.kinds {
                key(out, "kinds");
                write_str(k, out);
            }
            if let Some(only) = &o.only {
                key(out, "only");
                ints(out, only);
            }
            if let Some(free) = o.free {
                key(out, "free");
                boolean(out, free);
            }
            if let Some(t) = &o.then {
                key(out, "then");
                write_str(t, out);
            }
        }
        Frame::Roll(r) => {
            out.push_str(",\"p\":\"chance\"");
            match r {
                Roll::Realign { side: s, target, first } => {
                    out.push_str(",\"why\":\"realign\"");
                    key(out, "side");
                    side(out, *s);
                    key(out, "target");
                    int(out, *target);
                    key(out, "first");
                    int(out, *first);
                }
                Roll::Coup { side: s, target, ops, free, then } => {
                    out.push_str(",\"why\":\"coup\"");
                    key(out, "side");
                    side(out, *s);
                    key(out, "target");
                    int(out, *target);
                    key(out, "ops");
                    int(out, *ops);
                    key(out, "free");
                    boolean(out, *free);
                    key(out, "then");
                    write_str(then, out);
                }
                Roll::Event { then, data } => {
                    out.push_str(",\"why\":\"event\"");
                    key(out, "then");
                    write_str(then, out);
                    key(out, "data");
                    data.write(out);
                }
                Roll::Space { side: s } => {
                    out.push_str(",\"why\":\"space\"");
                    key(out, "side");
                    side(out, *s);
                }
            }
        }
        Frame::Order { p, card } => {
            key(out, "p");
            side(out, *p);
            key(out, "card");
            int(out, *card);
        }
        Frame::Influence(g) => {
            key(out, "p");
            side(out, g.p);
            key(out, "side");
            side(out, g.side);
            key(out, "left");
            int(out, g.left);
            key(out, "allowed");
            ints(out, &g.allowed);
            key(out, "max");
            int(out, g.max);
            key(out, "done");
            ints(out, &g.done);
            key(out, "optional");
            boolean(out, g.optional);
            if let Some(per) = g.per {
                key(out, "per");
                int(out, per);
            }
            if let Some((then, data)) = &g.then {
                key(out, "then");
                write_str(then, out);
                key(out, "data");
                data.write(out);
            }
            if let Some(q) = &g.question {
                key(out, "question");
                write_str(q, out);
            }
            if let Some(l) = &g.log {
                key(out, "log");
                write_str(l, out);
            }
        }
        Frame::Ask(a) => {
            key(out, "p");
            side(out, a.p);
            key(out, "kind");
            write_str(a.kind.name(), out);
            key(out, "options");
            ints(out, &a.options);
            key(out, "then");
            write_str(&a.then, out);
            key(out, "optional");
            boolean(out, a.optional);
            key(out, "data");
            a.data.write(out);
        }
    }
    out.push('}');
}

impl State {
    /// The state as the Python engine's `to_json` writes it.
    pub fn to_json(&self) -> String {
        self.write_json(true)
    }

    /// The same JSON with `"log":[]` in the log's place: the snapshot a
    /// reader that keeps the log entries itself (`NativeState`) needs,
    /// without writing the whole log again after every action.
    pub fn to_json_nolog(&self) -> String {
        self.write_json(false)
    }

    fn write_json(&self, with_log: bool) -> String {
        let mut out = String::with_capacity(8192 + if with_log { 120 * self.log.len() } else { 0 });
        out.push_str("{\"game\":\"twilight\",\"version\":");
        int(&mut out, STATE_VERSION);
        key(&mut out, "seed");
        self.seed.write(&mut out);
        key(&mut out, "rng");
        let _ = write!(out, "{}", self.rng);
        out.push_str(",\"options\":{\"events\":");
        boolean(&mut out, self.options.events);
        out.push_str(",\"optional_cards\":");
        boolean(&mut out, self.options.optional_cards);
        out.push('}');
        key(&mut out, "turn");
        int(&mut out, self.turn);
        key(&mut out, "ar");
        int(&mut out, self.ar);
        key(&mut out, "phasing");
        side(&mut out, self.phasing);
        key(&mut out, "defcon");
        int(&mut out, self.defcon);
        key(&mut out, "vp");
        int(&mut out, self.vp);
        key(&mut out, "milops");
        per_side(&mut out, self.milops);
        key(&mut out, "space");
        per_side(&mut out, self.space);
        key(&mut out, "space_tries");
        per_side(&mut out, self.space_tries);
        out.push_str(",\"inf\":{\"USSR\":");
        ints(&mut out, &self.inf[0]);
        out.push_str(",\"US\":");
        ints(&mut out, &self.inf[1]);
        out.push_str("},\"hands\":{\"USSR\":");
        ints(&mut out, &self.hands[0]);
        out.push_str(",\"US\":");
        ints(&mut out, &self.hands[1]);
        out.push('}');
        key(&mut out, "deck");
        ints(&mut out, &self.deck);
        key(&mut out, "discard");
        ints(&mut out, &self.discard);
        key(&mut out, "removed");
        ints(&mut out, &self.removed);
        key(&mut out, "in_play");
        ints(&mut out, &self.in_play);
        key(&mut out, "china");
        side(&mut out, self.china);
        key(&mut out, "china_up");
        boolean(&mut out, self.china_up);
        key(&mut out, "headline");
        per_side(&mut out, self.headline);
        key(&mut out, "hl_open");
        write_str(self.hl_open.name(), &mut out);
        out.push_str(",\"effects\":{");
        for (k, e) in self.effects.list.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            write_str(e.name.name(), &mut out);
            out.push(':');
            write_effect(&mut out, e);
        }
        out.push_str("},\"known\":{\"USSR\":");
        ints(&mut out, &self.known[0]);
        out.push_str(",\"US\":");
        ints(&mut out, &self.known[1]);
        out.push_str("},\"stack\":[");
        for (k, f) in self.stack.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            write_frame(&mut out, f);
        }
        out.push(']');
        key(&mut out, "log");
        if with_log {
            self.log.write(&mut out);
        } else {
            out.push_str("[]");
        }
        key(&mut out, "reveals");
        int(&mut out, self.reveals);
        key(&mut out, "ply");
        int(&mut out, self.ply);
        key(&mut out, "final");
        boolean(&mut out, self.final_);
        key(&mut out, "over");
        boolean(&mut out, self.over);
        key(&mut out, "winner");
        match self.winner {
            Some(s) => side(&mut out, s),
            None => out.push_str("null"),
        }
        key(&mut out, "result");
        match &self.result {
            Some(r) => write_str(r, &mut out),
            None => out.push_str("null"),
        }
        out.push('}');
        out
    }

    /// Read a state the Python engine wrote. Errors name the field.
    pub fn from_json(text: &str) -> Result<State, String> {
        let v = Value::parse(text)?;
        read_state(&v)
    }
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

type R<T> = Result<T, String>;

fn field<'a>(v: &'a Value, k: &str, path: &str) -> R<&'a Value> {
    match v {
        Value::Obj(_) => v.get(k).ok_or_else(|| format!("{path}.{k}: missing")),
        _ => Err(format!("{path}: not an object")),
    }
}

fn get_int(v: &Value, path: &str, lo: i64, hi: i64) -> R<i64> {
    match v {
        Value::Int(n) if *n >= lo && *n <= hi => Ok(*n),
        Value::Int(n) => Err(format!("{path}: {n} is out of range {lo}..{hi}")),
        _ => Err(format!("{path}: not an integer")),
    }
}

fn int_at(v: &Value, k: &str, path: &str, lo: i64, hi: i64) -> R<i64> {
    get_int(field(v, k, path)?, &format!("{path}.{k}"), lo, hi)
}

fn get_bool(v: &Value, path: &str) -> R<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => Err(format!("{path}: not a boolean")),
    }
}

fn bool_at(v: &Value, k: &str, path: &str) -> R<bool> {
    get_bool(field(v, k, path)?, &format!("{path}.{k}"))
}

fn get_str<'a>(v: &'a Value, path: &str) -> R<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        _ => Err(format!("{path}: not a string")),
    }
}

fn str_at<'a>(v: &'a Value, k: &str, path: &str) -> R<&'a str> {
    get_str(field(v, k, path)?, &format!("{path}.{k}"))
}

fn get_side(v: &Value, path: &str) -> R<Side> {
    let s = get_str(v, path)?;
    Side::parse(s).ok_or_else(|| format!("{path}: {s:?} is not a side"))
}

fn side_at(v: &Value, k: &str, path: &str) -> R<Side> {
    get_side(field(v, k, path)?, &format!("{path}.{k}"))
}

fn get_list<'a>(v: &'a Value, path: &str) -> R<&'a [Value]> {
    match v {
        Value::List(items) => Ok(items),
        _ => Err(format!("{path}: not a list")),
    }
}

fn bytes(v: &Value, path: &str, lo: i64, hi: i64) -> R<Vec<u8>> {
    get_list(v, path)?
        .iter()
        .enumerate()
        .map(|(k, x)| get_int(x, &format!("{path}[{k}]"), lo, hi).map(|n| n as u8))
        .collect()
}

fn cards_at(v: &Value, k: &str, path: &str) -> R<Vec<u8>> {
    bytes(field(v, k, path)?, &format!("{path}.{k}"), 1, N_CARDS as i64)
}

/// Check that no card is in two places (or twice in one): `places` are the
/// state's card lists by name, with ids below `n`. The Python validator
/// checks the whole conservation law (which cards each turn has in play)
/// before a state reaches the native core; this is the part the core
/// itself relies on, for a state handed to `from_json` straight: card lists
/// are inline arrays of `N_CARDS`, and play only moves cards between them,
/// so with each card once no list can overflow.
fn each_card_once(places: &[(&str, &[u8])], n: usize) -> Result<(), String> {
    let mut seen: Vec<Option<&str>> = vec![None; n];
    for &(name, cards) in places {
        for &c in cards {
            let slot = seen
                .get_mut(usize::from(c))
                .ok_or_else(|| format!("{name}: card {c} does not exist"))?;
            if let Some(first) = *slot {
                return Err(format!("{name}: card {c} is already in {first}"));
            }
            *slot = Some(name);
        }
    }
    Ok(())
}

/// A card list of the state (at most every card once: longer is refused).
fn card_list_at(v: &Value, k: &str, path: &str) -> R<CardList> {
    CardList::from_slice(&cards_at(v, k, path)?).map_err(|e| format!("{path}.{k}: {e}"))
}

fn countries_at(v: &Value, k: &str, path: &str) -> R<Vec<u8>> {
    bytes(field(v, k, path)?, &format!("{path}.{k}"), 0, N_COUNTRIES as i64 - 1)
}

fn per_side_at(v: &Value, k: &str, path: &str, lo: i64, hi: i64) -> R<[u8; 2]> {
    let o = field(v, k, path)?;
    let p = format!("{path}.{k}");
    Ok([int_at(o, "USSR", &p, lo, hi)? as u8, int_at(o, "US", &p, lo, hi)? as u8])
}

fn text(s: &str) -> Text {
    Cow::Owned(s.to_owned())
}

fn region_id(s: &str, path: &str) -> R<u8> {
    REGION_NAMES.iter().position(|r| *r == s).map(|k| k as u8).ok_or_else(|| format!("{path}: {s:?} is not a region"))
}

fn data_obj(v: &Value, path: &str) -> R<Value> {
    match v {
        Value::Obj(_) => Ok(v.clone()),
        _ => Err(format!("{path}: not an object")),
    }
}

fn read_effect(name: &str, v: &Value, path: &str) -> R<Effect> {
    let en = EffectName::parse(name).ok_or_else(|| format!("{path}: unknown effect {name:?}"))?;
    let Value::Obj(pairs) = v else { return Err(format!("{path}: not an object")) };
    let u = str_at(v, "until", path)?;
    let until = Until::parse(u).ok_or_else(|| format!("{path}.until: {u:?}"))?;
    let mut e = Effect::new(en, until);
    for (k, x) in pairs {
        let p = format!("{path}.{k}");
        match k.as_ref() {
            "until" => {}
            "side" => {
                let s = get_str(x, &p)?;
                e.side = Some(match s {
                    "both" => SideOrBoth::Both,
                    _ => SideOrBoth::One(Side::parse(s).ok_or_else(|| format!("{p}: {s:?} is not a side"))?),
                });
            }
            "region" => e.region = Some(region_id(get_str(x, &p)?, &p)?),
            "blocks" => {
                let b = bytes(x, &p, 1, N_CARDS as i64)?;
                if b.len() != 1 {
                    return Err(format!("{p}: an effect blocks one card"));
                }
                e.blocks = Some(b[0]);
            }
            "turn" => {
                e.turn = Some(get_int(x, &p, 1, 10)? as u8);
                e.turn_first = e.blocks.is_none();
            }
            "card" => e.card = Some(get_int(x, &p, 1, N_CARDS as i64)? as u8),
            _ => return Err(format!("{p}: unknown field")),
        }
    }
    Ok(e)
}

fn opt<'a>(v: &'a Value, k: &str) -> Option<&'a Value> {
    v.get(k)
}

fn read_frame(v: &Value, path: &str) -> R<Frame> {
    let kind = str_at(v, "f", path)?;
    let card_max = N_CARDS as i64;
    Ok(match kind {
        "turn" => {
            let s = str_at(v, "step", path)?;
            let step = Step::parse(s).ok_or_else(|| format!("{path}.step: {s:?} is not a turn step"))?;
            let first = match opt(v, "first") {
                Some(x) => Some(get_side(x, &format!("{path}.first"))?),
                None => None,
            };
            let order = match opt(v, "order") {
                Some(x) => {
                    let p = format!("{path}.order");
                    let items = get_list(x, &p)?;
                    if items.len() > 2 {
                        return Err(format!("{p}: more than two sides"));
                    }
                    Some(items.iter().enumerate().map(|(k, s)| get_side(s, &format!("{p}[{k}]"))).collect::<R<Vec<_>>>()?)
                }
                None => None,
            };
            let defcon0 = match opt(v, "defcon0") {
                Some(x) => Some(get_int(x, &format!("{path}.defcon0"), 1, 5)? as u8),
                None => None,
            };
            Frame::Turn(TurnFrame { step, first, order, defcon0 })
        }
        "finish" => Frame::Finish {
            side: side_at(v, "side", path)?,
            card: int_at(v, "card", path, 1, card_max)? as u8,
            remove: bool_at(v, "remove", path)?,
            table: match opt(v, "table") {
                Some(x) => Some(get_bool(x, &format!("{path}.table"))?),
                None => None,
            },
        },
        "fire_event" => {
            Frame::FireEvent { side: side_at(v, "side", path)?, card: int_at(v, "card", path, 1, card_max)? as u8 }
        }
        "setup" => Frame::Setup {
            p: side_at(v, "p", path)?,
            left: int_at(v, "left", path, 1, 7)? as u8,
            region: {
                let r = region_id(str_at(v, "region", path)?, &format!("{path}.region"))?;
                if r < 6 {
                    return Err(format!("{path}.region: set-up influence goes to a subregion"));
                }
                r
            },
        },
        "headline" => Frame::Headline { p: side_at(v, "p", path)? },
        "eagle" => Frame::Eagle { p: side_at(v, "p", path)? },
        "action" => Frame::Action {
            p: side_at(v, "p", path)?,
            extra: bool_at(v, "extra", path)?,
            only: match opt(v, "only") {
                Some(x) => Some(get_int(x, &format!("{path}.only"), 1, card_max)? as u8),
                None => None,
            },
            ret: match opt(v, "ret") {
                Some(x) => Some(get_int(x, &format!("{path}.ret"), 1, card_max)? as u8),
                None => None,
            },
        },
        "order" => Frame::Order { p: side_at(v, "p", path)?, card: int_at(v, "card", path, 1, card_max)? as u8 },
        "ops" => {
            let p = side_at(v, "p", path)?;
            let bp = format!("{path}.bonus");
            let bonus = get_list(field(v, "bonus", path)?, &bp)?
                .iter()
                .enumerate()
                .map(|(k, b)| {
                    let q = format!("{bp}[{k}]");
                    let items = get_list(b, &q)?;
                    if items.len() != 2 {
                        return Err(format!("{q}: not [region, amount]"));
                    }
                    Ok((region_id(get_str(&items[0], &q)?, &q)?, get_int(&items[1], &q, -10, 10)? as i8))
                })
                .collect::<R<Vec<_>>>()?;
            let m = str_at(v, "mode", path)?;
            let mode = match m {
                "" => OpsMode::Undecided,
                "place" => OpsMode::Place,
                "realign" => OpsMode::Realign,
                _ => return Err(format!("{path}.mode: {m:?}")),
            };
            let kinds = match opt(v, "kinds") {
                Some(x) => {
                    let s = get_str(x, &format!("{path}.kinds"))?;
                    if s.is_empty() || s.chars().any(|c| !"pcr".contains(c)) {
                        return Err(format!("{path}.kinds: {s:?} is not some of 'pcr'"));
                    }
                    Some(text(s))
                }
                None => None,
            };
            Frame::Ops(OpsFrame {
                p,
                card: int_at(v, "card", path, 0, card_max)? as u8,
                ops: int_at(v, "ops", path, -10, 20)? as i8,
                bonus,
                mode,
                access: countries_at(v, "access", path)?,
                kinds,
                only: match opt(v, "only") {
                    Some(_) => Some(countries_at(v, "only", path)?),
                    None => None,
                },
                free: match opt(v, "free") {
                    Some(x) => Some(get_bool(x, &format!("{path}.free"))?),
                    None => None,
                },
                then: match opt(v, "then") {
                    Some(x) => Some(text(get_str(x, &format!("{path}.then"))?)),
                    None => None,
                },
            })
        }
        "roll" => {
            let why = str_at(v, "why", path)?;
            if str_at(v, "p", path)? != "chance" {
                return Err(format!("{path}.p: a roll is chance's"));
            }
            Frame::Roll(match why {
                "realign" => Roll::Realign {
                    side: side_at(v, "side", path)?,
                    target: int_at(v, "target", path, 0, N_COUNTRIES as i64 - 1)? as u8,
                    first: int_at(v, "first", path, 0, 6)? as u8,
                },
                "coup" => Roll::Coup {
                    side: side_at(v, "side", path)?,
                    target: int_at(v, "target", path, 0, N_COUNTRIES as i64 - 1)? as u8,
                    ops: int_at(v, "ops", path, -10, 20)? as i8,
                    free: bool_at(v, "free", path)?,
                    then: text(str_at(v, "then", path)?),
                },
                "event" => Roll::Event {
                    then: text(str_at(v, "then", path)?),
                    data: data_obj(field(v, "data", path)?, &format!("{path}.data"))?,
                },
                "space" => Roll::Space { side: side_at(v, "side", path)? },
                _ => return Err(format!("{path}.why: {why:?} is not a roll")),
            })
        }
        "place_inf" | "remove_inf" => {
            let then = match opt(v, "then") {
                Some(x) => {
                    let t = text(get_str(x, &format!("{path}.then"))?);
                    let d = data_obj(field(v, "data", path)?, &format!("{path}.data"))?;
                    Some((t, d))
                }
                None => None,
            };
            Frame::Influence(InfluenceFrame {
                place: kind == "place_inf",
                p: side_at(v, "p", path)?,
                side: side_at(v, "side", path)?,
                left: int_at(v, "left", path, -10, 100)? as i8,
                allowed: countries_at(v, "allowed", path)?,
                max: int_at(v, "max", path, 0, 100)? as u8,
                done: countries_at(v, "done", path)?,
                optional: bool_at(v, "optional", path)?,
                per: match opt(v, "per") {
                    Some(x) => Some(get_int(x, &format!("{path}.per"), 0, 100)? as u8),
                    None => None,
                },
                then,
                question: match opt(v, "question") {
                    Some(x) => Some(text(get_str(x, &format!("{path}.question"))?)),
                    None => None,
                },
                log: match opt(v, "log") {
                    Some(x) => Some(text(get_str(x, &format!("{path}.log"))?)),
                    None => None,
                },
            })
        }
        "ask" => {
            let k = str_at(v, "kind", path)?;
            let kind = AskKind::parse(k).ok_or_else(|| format!("{path}.kind: {k:?}"))?;
            let hi = match kind {
                AskKind::Target => N_COUNTRIES as i64 - 1,
                AskKind::Choose => super::data::OPTIONS.len() as i64 - 1,
                AskKind::YesNo => 0,
                _ => card_max,
            };
            let lo = if matches!(kind, AskKind::Pick | AskKind::Discard | AskKind::Event | AskKind::Ops) { 1 } else { 0 };
            Frame::Ask(AskFrame {
                p: side_at(v, "p", path)?,
                kind,
                options: bytes(field(v, "options", path)?, &format!("{path}.options"), lo, hi)?,
                then: text(str_at(v, "then", path)?),
                optional: bool_at(v, "optional", path)?,
                data: data_obj(field(v, "data", path)?, &format!("{path}.data"))?,
            })
        }
        _ => return Err(format!("{path}.f: {kind:?} is not a frame kind")),
    })
}

fn read_log(v: &Value) -> R<Log> {
    let mut log = Log::new();
    for (k, e) in get_list(v, "log")?.iter().enumerate() {
        let p = format!("log[{k}]");
        let code = text(str_at(e, "code", &p)?);
        let to = text(str_at(e, "to", &p)?);
        let Value::Obj(args) = field(e, "args", &p)? else { return Err(format!("{p}.args: not an object")) };
        log.push(Entry { code, args: args.clone(), to });
    }
    Ok(log)
}

/// Largest `ply` and `reveals` read (`core.validate.MAX_PLY`).
const MAX_PLY: i64 = 1 << 31;

/// The turn sequence as the rules can leave it (Python's `_check_stack` and
/// `_check_turn_steps`): at the bottom of a non-empty stack and nowhere
/// else, waiting at a step it waits at, in an action round that step
/// allows. The rules run the sequence in a loop that relies on these (a
/// round counter past the turn's rounds would never end it).
fn check_turn_sequence(s: &State) -> R<()> {
    let Some(bottom) = s.stack.first() else { return Ok(()) };
    let Frame::Turn(t) = bottom else {
        return Err(format!("stack[0].f: {:?}; the turn sequence is at the bottom of the stack", bottom.kind()));
    };
    if let Some(k) = s.stack.iter().skip(1).position(|f| matches!(f, Frame::Turn(_))) {
        return Err(format!("stack[{}].f: the turn sequence is only at the bottom of the stack", k + 1));
    }
    let rounds = super::rules::action_rounds(s.turn);
    let (lo, hi) = match t.step {
        Step::Start | Step::Headline2 | Step::Reveal | Step::Resolve => (0, 0),
        Step::Round => (1, rounds + 1),
        Step::RoundDone => (1, rounds),
        Step::ExtraUs | Step::ExtraEnd | Step::Eagle | Step::End => (rounds + 1, rounds + 1),
        Step::Headline | Step::Extra => {
            return Err(format!("stack[0].step: {:?}: the turn sequence never waits at this step", t.step.name()))
        }
    };
    if !(lo..=hi).contains(&s.ar) {
        return Err(format!("ar: {} at turn step {:?}", s.ar, t.step.name()));
    }
    Ok(())
}

fn read_state(v: &Value) -> R<State> {
    let p = "state";
    if str_at(v, "game", p)? != "twilight" {
        return Err("game: not a Twilight Struggle state".into());
    }
    if int_at(v, "version", p, i64::MIN, i64::MAX)? != STATE_VERSION {
        return Err(format!("version: this engine reads version {STATE_VERSION}"));
    }
    let seed = match field(v, "seed", p)? {
        s @ (Value::Null | Value::Int(_) | Value::Big(_)) => s.clone(),
        _ => return Err("seed: not an integer or null".into()),
    };
    let rng = match field(v, "rng", p)? {
        Value::Int(n) if *n >= 0 => *n as u64,
        Value::Big(s) => s.parse::<u64>().map_err(|_| "rng: not a 64-bit unsigned integer".to_string())?,
        _ => return Err("rng: not a 64-bit unsigned integer".into()),
    };
    let o = field(v, "options", p)?;
    let options = Options { events: bool_at(o, "events", "options")?, optional_cards: bool_at(o, "optional_cards", "options")? };
    let mut s = State::blank(seed, 0, options);
    s.rng = rng;
    s.turn = int_at(v, "turn", p, 1, 10)? as u8;
    s.ar = int_at(v, "ar", p, 0, 8)? as u8;
    s.phasing = side_at(v, "phasing", p)?;
    s.defcon = int_at(v, "defcon", p, 1, 5)? as u8;
    s.vp = int_at(v, "vp", p, -200, 200)? as i32;
    s.milops = per_side_at(v, "milops", p, 0, 5)?;
    s.space = per_side_at(v, "space", p, 0, 8)?;
    s.space_tries = per_side_at(v, "space_tries", p, 0, 2)?;
    let inf = field(v, "inf", p)?;
    for side in Side::BOTH {
        let q = format!("inf.{}", side.name());
        let list = bytes(field(inf, side.name(), "inf")?, &q, 0, 99)?;
        if list.len() != N_COUNTRIES {
            return Err(format!("{q}: {} countries, not {N_COUNTRIES}", list.len()));
        }
        s.inf[side.ix()].copy_from_slice(&list);
    }
    let hands = field(v, "hands", p)?;
    let known = field(v, "known", p)?;
    for side in Side::BOTH {
        s.hands[side.ix()] = card_list_at(hands, side.name(), "hands")?;
        s.known[side.ix()] = cards_at(known, side.name(), "known")?;
    }
    s.deck = card_list_at(v, "deck", p)?;
    s.discard = card_list_at(v, "discard", p)?;
    s.removed = card_list_at(v, "removed", p)?;
    s.in_play = card_list_at(v, "in_play", p)?;
    s.china = side_at(v, "china", p)?;
    s.china_up = bool_at(v, "china_up", p)?;
    s.headline = per_side_at(v, "headline", p, 0, N_CARDS as i64)?;
    let headlines: Vec<u8> = s.headline.iter().copied().filter(|&c| c != 0).collect();
    each_card_once(
        &[
            ("hands.USSR", &s.hands[0]),
            ("hands.US", &s.hands[1]),
            ("deck", &s.deck),
            ("discard", &s.discard),
            ("removed", &s.removed),
            ("in_play", &s.in_play),
            ("headline", &headlines),
        ],
        N_CARDS + 1,
    )?;
    s.hl_open = match str_at(v, "hl_open", p)? {
        "" => HlOpen::None,
        "both" => HlOpen::Both,
        x => HlOpen::One(Side::parse(x).ok_or_else(|| format!("hl_open: {x:?}"))?),
    };
    let Value::Obj(effects) = field(v, "effects", p)? else { return Err("effects: not an object".into()) };
    let mut eff = Effects::default();
    for (name, e) in effects {
        let ef = read_effect(name, e, &format!("effects.{name}"))?;
        if eff.has(ef.name) {
            return Err(format!("effects.{name}: twice"));
        }
        eff.set(ef);
    }
    s.effects = eff;
    let stack = get_list(field(v, "stack", p)?, "stack")?;
    s.stack = stack.iter().enumerate().map(|(k, f)| read_frame(f, &format!("stack[{k}]"))).collect::<R<Vec<_>>>()?;
    s.log = read_log(field(v, "log", p)?)?;
    // Python's `MAX_PLY` for both counters (far beyond any game, and far
    // below where incrementing a u32 overflows).
    s.reveals = int_at(v, "reveals", p, 0, MAX_PLY)? as u32;
    s.ply = int_at(v, "ply", p, 0, MAX_PLY)? as u32;
    s.final_ = bool_at(v, "final", p)?;
    s.over = bool_at(v, "over", p)?;
    s.winner = match field(v, "winner", p)? {
        Value::Null => None,
        w => Some(get_side(w, "winner")?),
    };
    s.result = match field(v, "result", p)? {
        Value::Null => None,
        r => Some(text(get_str(r, "result")?)),
    };
    check_turn_sequence(&s)?;
    if !s.over {
        match s.stack.last().and_then(Frame::player) {
            Some(Player::Side(_)) | Some(Player::Chance) => {}
            None => return Err("stack: no decision is pending in a game that is not over".into()),
        }
    }
    Ok(s)
}
