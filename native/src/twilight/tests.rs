//! Unit tests of the native Twilight Struggle core. The byte-for-byte
//! comparison with the Python engine is `tests/native/differential.py`;
//! these check what holds on the Rust side alone: determinism, JSON round
//! trips, legal ids in range, and whole random games without a panic.

use crate::json::Value;

use super::actions as act;
use super::game::{new_game, parse_options};
use super::state::{Options, Player, State};

fn game(seed: u64, events: bool) -> State {
    new_game(Value::Int(seed as i64), seed, Options { events, optional_cards: seed.is_multiple_of(2) })
}

/// Play a random game to its end (chance from the state's own generator),
/// checking every state; returns the number of decisions.
fn playout(mut s: State, pick_seed: u64, roundtrip_every: u32) -> (State, u32) {
    let mut pick = pick_seed;
    let mut n: u32 = 0;
    let mut legal = Vec::with_capacity(128);
    while let Some(p) = s.current_player() {
        let id = match p {
            Player::Chance => act::roll(s.chance_roll()),
            Player::Side(_) => {
                legal.clear();
                s.legal_ids_into(&mut legal);
                assert!(!legal.is_empty(), "no legal id at ply {}", s.ply);
                assert!(legal.iter().all(|&i| (i as usize) < act::N_ACTIONS));
                legal[crate::rng::randbelow(&mut pick, legal.len())]
            }
        };
        s.apply_legal(id);
        n += 1;
        if roundtrip_every > 0 && n.is_multiple_of(roundtrip_every) {
            let text = s.to_json();
            let back = State::from_json(&text).expect("a state it wrote");
            assert_eq!(back.to_json(), text);
        }
        assert!(n < 30_000, "the game does not end");
    }
    (s, n)
}

#[test]
fn new_games_are_deterministic_and_read_back() {
    for seed in 0..5 {
        let a = game(seed, false).to_json();
        let b = game(seed, false).to_json();
        assert_eq!(a, b);
        assert_eq!(State::from_json(&a).expect("read").to_json(), a);
    }
    assert_ne!(game(1, true).to_json(), game(2, true).to_json());
}

#[test]
fn random_games_end_with_events_off() {
    for seed in 0..20 {
        let (s, n) = playout(game(seed, false), seed + 100, 37);
        assert!(s.over && s.result.is_some() && n > 100);
        assert!(s.stack.is_empty());
    }
}

#[test]
fn random_games_end_with_events_on() {
    // Whatever the card modules implement, the rules never get stuck.
    for seed in 0..10 {
        let (s, _) = playout(game(seed, true), seed, 53);
        assert!(s.over);
    }
}

#[test]
fn clones_are_independent() {
    let s = game(7, false);
    let mut c = s.clone();
    let id = c.legal_ids()[0];
    c.apply_legal(id);
    assert_ne!(c.to_json(), s.to_json());
    assert_eq!(s.ply, 0);
}

#[test]
fn malformed_states_are_refused() {
    let text = game(3, false).to_json();
    assert!(State::from_json("[]").is_err());
    assert!(State::from_json("{").is_err());
    for (from, to) in [
        ("\"defcon\":5", "\"defcon\":9"),
        ("\"f\":\"setup\"", "\"f\":\"nope\""),
        ("\"phasing\":\"USSR\"", "\"phasing\":1"),
        ("\"game\":\"twilight\"", "\"game\":\"thirteen\""),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from} not found");
        let err = State::from_json(&bad).err().expect("refused");
        assert!(!err.is_empty());
    }
    // A card in two places: refused, so that no card list can overflow in play.
    let s = game(3, false);
    let first = s.deck[0];
    let bad = text.replacen("\"discard\":[]", &format!("\"discard\":[{first}]"), 1);
    assert_ne!(bad, text, "no empty discard pile");
    let err = State::from_json(&bad).err().expect("refused");
    assert!(err.contains(&format!("card {first} is already in")), "{err}");
    assert!(parse_options("{\"events\":1}").is_err());
    assert_eq!(parse_options("{\"events\":false,\"optional_cards\":true}"), Ok(Options { events: false, optional_cards: true }));
}

/// Decisions per second of random play (run with `--ignored --nocapture`
/// in release to measure).
#[test]
#[ignore]
fn speed() {
    let t = std::time::Instant::now();
    let mut total = 0u64;
    for seed in 0..2000 {
        total += u64::from(playout(game(seed, false), seed, 0).1);
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{total} decisions in {secs:.2}s: {:.0}/s", total as f64 / secs);
    let s = game(1, false);
    let t = std::time::Instant::now();
    let mut keep = 0usize;
    for _ in 0..100_000 {
        keep += s.clone().hands[0].len();
    }
    println!("clone: {:.0} ns ({keep})", t.elapsed().as_nanos() as f64 / 100_000.0);
}
