//! Fuzzing both native games through the same methods Python calls
//! (`from_json`, `to_json`, `current_player`, `legal_action_ids`,
//! `apply_id`, `chance_action_id`), with proptest:
//!
//! - **action ids**: any `i64` (in and out of range, legal and illegal)
//!   offered to states reached by random play. An illegal id must be
//!   refused with an error and leave the state exactly as it was (same
//!   JSON); a legal one must apply. Nothing may panic.
//! - **mutated JSON**: real states (new games and positions reached by
//!   random play) with numbers changed, types swapped, keys deleted or
//!   duplicated, lists shuffled or cut, the text truncated, fed to
//!   `from_json`. It must answer `Ok` or `Err`, never panic; a state it
//!   accepts must be usable: written back (and read again to the same
//!   text), asked for its player and legal ids, and played on for a while.
//!
//! Case counts are small so `cargo test` stays quick; `PROPTEST_CASES=N`
//! raises them for long runs.

use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::test_runner::Config;

use brinkmanship_native::engine::Engine;
use brinkmanship_native::rng;
use brinkmanship_native::thirteen::engine_impl::ThirteenEngine;
use brinkmanship_native::thirteen::py::ThirteenState;
use brinkmanship_native::twilight::engine_impl::TwilightEngine;
use brinkmanship_native::twilight::py::TwilightState;

// ---------------------------------------------------------------------------
// The two games behind one interface (each implemented by `fuzz_game!`)
// ---------------------------------------------------------------------------

/// What the fuzz needs from a game: the Python class's methods. Errors are
/// only checked for being errors (a `PyErr`'s text needs the interpreter).
trait Game: Sized {
    /// Ids run from 0 to `SIZE - 1`.
    const SIZE: i64;
    /// A new game with the default options, at its first decision.
    fn start(seed: u64) -> Self;
    fn read(text: &str) -> Option<Self>;
    fn json(&self) -> String;
    fn player(&self) -> Option<&'static str>;
    fn legal(&mut self) -> Vec<u16>;
    fn apply(&mut self, id: i64) -> bool;
    /// The roll the state's generator gives at a chance decision.
    fn chance(&self) -> Option<u16>;
    fn over(&self) -> bool;
    /// Real states to mutate ([`bases`]), made once per run.
    fn bases() -> &'static [String];
}

/// One random step: the roll at a chance decision, else a uniformly random
/// legal id. False when the game is over or nothing is legal.
fn random_step<G: Game>(g: &mut G, r: &mut u64) -> bool {
    if g.over() {
        return false;
    }
    if g.player() == Some("chance") {
        let roll = g.chance().expect("a chance decision gives its roll");
        assert!(g.apply(i64::from(roll)), "the chance roll {roll} is refused");
        return true;
    }
    let legal = g.legal();
    if legal.is_empty() {
        return false;
    }
    let id = legal[rng::randbelow(r, legal.len())];
    assert!(g.apply(i64::from(id)), "legal id {id} refused");
    true
}

// ---------------------------------------------------------------------------
// (a) Action ids
// ---------------------------------------------------------------------------

/// An id to offer: any number, or one of the legal ids now.
#[derive(Debug, Clone)]
enum Offer {
    Raw(i64),
    Legal(usize),
}

fn offers(size: i64) -> impl Strategy<Value = Vec<Offer>> {
    let raw = prop_oneof![
        4 => (-3..size + 3).prop_map(Offer::Raw),
        2 => any::<i64>().prop_map(Offer::Raw),
        1 => prop::sample::select(vec![
            i64::MIN, i64::MAX, -1, i64::from(u16::MAX), 1 << 16, (1 << 16) + 1,
            i64::from(u32::MAX), size, size - 1,
        ]).prop_map(Offer::Raw),
        2 => any::<usize>().prop_map(Offer::Legal),
    ];
    prop::collection::vec(raw, 1..8)
}

/// Play `steps` random steps from a new game; at every third one (writing
/// the state twice per offer is most of the cost) offer the next id of
/// `ids` and check it is applied if legal and refused (the state
/// unchanged) if not.
fn offer_ids<G: Game>(seed: u64, steps: usize, ids: &[Offer]) {
    let mut g = G::start(seed);
    let mut r = seed ^ 0x5eed;
    for step in 0..steps {
        if step % 3 != 0 {
            if !random_step(&mut g, &mut r) {
                break;
            }
            continue;
        }
        let before = g.json();
        let legal = if g.over() { Vec::new() } else { g.legal() };
        let id = match ids[(step / 3) % ids.len()] {
            Offer::Raw(n) => n,
            Offer::Legal(k) if !legal.is_empty() => i64::from(legal[k % legal.len()]),
            Offer::Legal(k) => k as i64,
        };
        let is_legal = u16::try_from(id).is_ok_and(|x| legal.contains(&x));
        let applied = g.apply(id);
        assert_eq!(applied, is_legal, "id {id} at step {step} (seed {seed}): legal {legal:?}");
        if applied {
            assert_ne!(g.json(), before, "legal id {id} changed nothing");
        } else {
            assert_eq!(g.json(), before, "refused id {id} changed the state");
            if !random_step(&mut g, &mut r) {
                break;
            }
        }
    }
    // The game over: every id is refused.
    if g.over() {
        let before = g.json();
        for n in [0, 1, G::SIZE - 1] {
            assert!(!g.apply(n));
        }
        assert_eq!(g.json(), before);
    }
}

// ---------------------------------------------------------------------------
// (b) Mutated JSON
// ---------------------------------------------------------------------------

/// A JSON tree that, unlike a map, can hold a key twice.
#[derive(Debug, Clone)]
enum J {
    Null,
    Bool(bool),
    /// The number's text, as written.
    Num(String),
    Str(String),
    List(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    fn parse(text: &str) -> J {
        J::from(serde_json::from_str::<serde_json::Value>(text).expect("a state we wrote is JSON"))
    }

    fn write(&self, out: &mut String) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(n),
            J::Str(s) => out.push_str(&serde_json::to_string(s).unwrap_or_default()),
            J::List(xs) => {
                out.push('[');
                for (k, x) in xs.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    x.write(out);
                }
                out.push(']');
            }
            J::Obj(ps) => {
                out.push('{');
                for (k, (key, x)) in ps.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::to_string(key).unwrap_or_default());
                    out.push(':');
                    x.write(out);
                }
                out.push('}');
            }
        }
    }

    fn is_num(&self) -> bool {
        matches!(self, J::Num(_))
    }
    fn is_list(&self) -> bool {
        matches!(self, J::List(xs) if !xs.is_empty())
    }
    fn is_obj(&self) -> bool {
        matches!(self, J::Obj(ps) if !ps.is_empty())
    }
    fn any(&self) -> bool {
        true
    }

    fn count(&self, pred: fn(&J) -> bool) -> usize {
        let below: usize = match self {
            J::List(xs) => xs.iter().map(|x| x.count(pred)).sum(),
            J::Obj(ps) => ps.iter().map(|(_, x)| x.count(pred)).sum(),
            _ => 0,
        };
        below + usize::from(pred(self))
    }

    /// Call `f` on the `k`-th node (preorder) that satisfies `pred`.
    fn visit(&mut self, pred: fn(&J) -> bool, k: &mut usize, f: &mut dyn FnMut(&mut J)) -> bool {
        if pred(self) {
            if *k == 0 {
                f(self);
                return true;
            }
            *k -= 1;
        }
        match self {
            J::List(xs) => xs.iter_mut().any(|x| x.visit(pred, k, f)),
            J::Obj(ps) => ps.iter_mut().any(|(_, x)| x.visit(pred, k, f)),
            _ => false,
        }
    }
}

impl From<serde_json::Value> for J {
    fn from(v: serde_json::Value) -> J {
        match v {
            serde_json::Value::Null => J::Null,
            serde_json::Value::Bool(b) => J::Bool(b),
            serde_json::Value::Number(n) => J::Num(n.to_string()),
            serde_json::Value::String(s) => J::Str(s),
            serde_json::Value::Array(xs) => J::List(xs.into_iter().map(J::from).collect()),
            serde_json::Value::Object(m) => J::Obj(m.into_iter().map(|(k, x)| (k, J::from(x))).collect()),
        }
    }
}

/// Numbers to put in place of others.
const NUMBERS: &[&str] = &[
    "-1", "0", "1", "2", "3", "4", "5", "6", "7", "9", "10", "12", "20", "39", "43", "84", "99", "110",
    "111", "255", "256", "-128", "-129", "65535", "65536", "-65536", "2147483647", "4294967295",
    "4294967296", "9223372036854775807", "-9223372036854775808", "18446744073709551615",
    "18446744073709551616", "123456789012345678901234567890", "-123456789012345678901234567890",
    "1.5", "-0.0", "1e3", "1e400",
];

/// What to do at the chosen place.
#[derive(Debug, Clone)]
enum Change {
    /// A number becomes one of `NUMBERS`.
    Number(usize),
    /// A number moves by a small step.
    Nudge(i8),
    /// Any value becomes another type.
    Retype(u8),
    /// An object loses a key.
    DeleteKey(usize),
    /// An object gets one of its keys a second time (with another value).
    DuplicateKey(usize, u8),
    /// A list is shuffled.
    Shuffle(u64),
    /// A list is cut short.
    Truncate(usize),
    /// A list gets one of its items twice.
    Repeat(usize),
}

/// Where: `focus` names a top-level key whose value is changed (the
/// frames and effects, where the rules read the most), else `top` picks a
/// top-level key's value (or, one past the last key, the whole state);
/// `node` picks a node of the right kind inside it.
#[derive(Debug, Clone)]
struct Mutation {
    focus: Option<&'static str>,
    top: usize,
    node: usize,
    change: Change,
}

fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    let change = prop_oneof![
        4 => (0..NUMBERS.len()).prop_map(Change::Number),
        3 => (-3i8..=3).prop_map(Change::Nudge),
        2 => (0u8..10).prop_map(Change::Retype),
        2 => any::<usize>().prop_map(Change::DeleteKey),
        1 => (any::<usize>(), 0u8..10).prop_map(|(k, t)| Change::DuplicateKey(k, t)),
        1 => any::<u64>().prop_map(Change::Shuffle),
        1 => any::<usize>().prop_map(Change::Truncate),
        1 => any::<usize>().prop_map(Change::Repeat),
    ];
    let focus = prop_oneof![
        4 => Just(None),
        2 => Just(Some("stack")),
        1 => Just(Some("effects")),
        1 => Just(Some("fx")),
    ];
    let one = (focus, any::<usize>(), any::<usize>(), change)
        .prop_map(|(focus, top, node, change)| Mutation { focus, top, node, change });
    prop::collection::vec(one, 1..4)
}

/// A value of another type (`t` picks which) built around `x`.
fn retyped(x: &J, t: u8) -> J {
    match t % 10 {
        0 => J::Null,
        1 => J::Bool(true),
        2 => J::Bool(false),
        3 => J::Str("x".into()),
        4 => J::Str(String::new()),
        5 => J::Num("0".into()),
        6 => J::List(Vec::new()),
        7 => J::Obj(Vec::new()),
        8 => J::List(vec![x.clone()]),
        _ => J::Obj(vec![("x".into(), x.clone())]),
    }
}

fn apply_change(x: &mut J, change: &Change) {
    match (change, &mut *x) {
        (Change::Number(k), _) => *x = J::Num(NUMBERS[*k].into()),
        (Change::Nudge(d), J::Num(n)) => {
            let moved = n.parse::<i128>().map_or_else(|_| format!("{d}"), |v| (v + i128::from(*d)).to_string());
            *n = moved;
        }
        (Change::Retype(t), _) => *x = retyped(x, *t),
        (Change::DeleteKey(k), J::Obj(ps)) => {
            let k = k % ps.len();
            ps.remove(k);
        }
        (Change::DuplicateKey(k, t), J::Obj(ps)) => {
            let (key, v) = ps[k % ps.len()].clone();
            ps.push((key, retyped(&v, *t)));
        }
        (Change::Shuffle(seed), J::List(xs)) => {
            let mut r = *seed;
            for i in (1..xs.len()).rev() {
                xs.swap(i, rng::randbelow(&mut r, i + 1));
            }
        }
        (Change::Truncate(k), J::List(xs)) => xs.truncate(k % xs.len()),
        (Change::Repeat(k), J::List(xs)) => {
            let item = xs[k % xs.len()].clone();
            xs.insert(k % xs.len(), item);
        }
        _ => {}
    }
}

/// Apply one mutation to a state's tree (nothing if no node fits).
fn mutate(root: &mut J, m: &Mutation) {
    let pred: fn(&J) -> bool = match m.change {
        Change::Number(_) | Change::Nudge(_) => J::is_num,
        Change::Retype(_) => J::any,
        Change::DeleteKey(_) | Change::DuplicateKey(..) => J::is_obj,
        Change::Shuffle(_) | Change::Truncate(_) | Change::Repeat(_) => J::is_list,
    };
    let keys = match root {
        J::Obj(ps) => ps.len(),
        _ => 0,
    };
    let focused = match (&*root, m.focus) {
        (J::Obj(ps), Some(name)) => ps.iter().position(|(k, _)| k == name),
        _ => None,
    };
    let top = focused.unwrap_or(m.top % (keys + 1));
    let place: &mut J = match root {
        J::Obj(ps) if top < keys => &mut ps[top].1,
        _ => root,
    };
    let n = place.count(pred);
    if n == 0 {
        return;
    }
    let mut k = m.node % n;
    place.visit(pred, &mut k, &mut |x| apply_change(x, &m.change));
}

/// Real states to mutate: new games and positions reached by random play
/// (a few plies in, mid-game, late, and over), a few seeds per game.
fn bases<G: Game>() -> Vec<String> {
    let mut out = Vec::new();
    for seed in 1..=3u64 {
        let mut g = G::start(seed);
        let mut r = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        out.push(g.json());
        let marks = [7, 40, 150, 400];
        let mut step = 0;
        while random_step(&mut g, &mut r) {
            step += 1;
            if marks.contains(&step) {
                out.push(g.json());
            }
            if step > 5000 {
                break;
            }
        }
        out.push(g.json());
    }
    out
}

/// Feed a mutated state to `from_json`; if accepted, use it.
fn read_mutated<G: Game>(base: &str, ms: &[Mutation], cut: Option<usize>, seed: u64) {
    let mut tree = J::parse(base);
    for m in ms {
        mutate(&mut tree, m);
    }
    let mut text = String::new();
    tree.write(&mut text);
    if let Some(cut) = cut {
        let mut at = cut % text.len().max(1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        text.truncate(at);
    }
    let Some(mut g) = G::read(&text) else { return };
    let written = g.json();
    let again = G::read(&written).unwrap_or_else(|| panic!("a state it wrote is refused: {written}"));
    assert_eq!(again.json(), written, "reading back what it wrote changes it");
    let _ = g.player();
    let mut r = seed;
    for n in [-1, 0, G::SIZE - 1, G::SIZE, i64::MAX] {
        let before = g.json();
        let legal = if g.over() { Vec::new() } else { g.legal() };
        if !u16::try_from(n).is_ok_and(|x| legal.contains(&x)) {
            assert!(!g.apply(n));
            assert_eq!(g.json(), before);
        }
    }
    for _ in 0..25 {
        if !random_step(&mut g, &mut r) {
            break;
        }
    }
    let _ = g.json();
}

// ---------------------------------------------------------------------------
// The properties, for both games
// ---------------------------------------------------------------------------

/// `PROPTEST_CASES` if set, else `default`.
fn cases(default: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// One game's fuzz: its [`Game`] (the class's own methods) and, in a
/// module named after the game, its two properties (`action_ids`,
/// `mutated_json`). `steps` bounds the random play before ids are offered.
macro_rules! fuzz_game {
    ($game:ident, $class:ident, $engine:ident, size: $size:expr, steps: $steps:literal) => {
        impl Game for $class {
            const SIZE: i64 = $size as i64;
            fn start(seed: u64) -> Self {
                $engine::new_default(seed).into_py()
            }
            fn read(text: &str) -> Option<Self> {
                $class::from_json(text).ok()
            }
            fn json(&self) -> String {
                self.to_json()
            }
            fn player(&self) -> Option<&'static str> {
                self.current_player()
            }
            fn legal(&mut self) -> Vec<u16> {
                self.legal_action_ids()
            }
            fn apply(&mut self, id: i64) -> bool {
                self.apply_id(id).is_ok()
            }
            fn chance(&self) -> Option<u16> {
                self.chance_action_id().ok()
            }
            fn over(&self) -> bool {
                self.is_over()
            }
            fn bases() -> &'static [String] {
                static B: OnceLock<Vec<String>> = OnceLock::new();
                B.get_or_init(bases::<$class>)
            }
        }

        mod $game {
            use super::*;

            proptest! {
                #![proptest_config(cases(40))]

                #[test]
                fn action_ids(seed in any::<u64>(), steps in 0usize..$steps, ids in offers($class::SIZE)) {
                    offer_ids::<$class>(seed, steps, &ids);
                }
            }

            proptest! {
                #![proptest_config(cases(128))]

                #[test]
                fn mutated_json(base in any::<usize>(), ms in mutations(), cut in prop::option::weighted(0.1, any::<usize>()), seed in any::<u64>()) {
                    let bases = $class::bases();
                    read_mutated::<$class>(&bases[base % bases.len()], &ms, cut, seed);
                }
            }
        }
    };
}

fuzz_game!(thirteen, ThirteenState, ThirteenEngine, size: brinkmanship_native::thirteen::actions::SIZE, steps: 250);
fuzz_game!(twilight, TwilightState, TwilightEngine, size: brinkmanship_native::twilight::actions::N_ACTIONS, steps: 400);
