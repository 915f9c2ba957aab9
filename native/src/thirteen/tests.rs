//! Tests of the whole 13 Days core: new games as the Python engine writes
//! them, random playouts that never panic and read back through
//! `from_json` unchanged, and refusals of malformed states. (The
//! differential check against Python is `tests/native/differential.py`.)

use super::actions::Action;
use super::json_io::{from_json, new_game, to_json};
use super::machine;
use super::state::{Frame, Options, Seed, Side, State};
use crate::rng;

/// `bm.new_game("thirteen", 1, {}).to_json()` from the Python engine.
const SEED_1: &str = r#"{"game":"thirteen","version":2,"options":{"agenda_push":"zone","agenda_bonus":true,"agenda_recycle":"unkept_only","agenda_cap":"net","initiative_tie":"ussr_chooses","event_command_modifiers":true,"containment_offered":true,"ban_blocks_symbol":true,"event_command_remove":true,"fifty_fifty_same_track":false},"seed":1,"rng":8018554030188788048,"ply":0,"round":1,"prestige":0,"defcon":{"USSR":[3,2,2],"US":[2,3,2]},"cubes":{"USSR":[1,0,1,0,0,0,0,0,0],"US":[0,0,0,0,1,1,0,0,0]},"letter":"US","hands":{"USSR":[],"US":[]},"deck":[9,30,39,37,25,2,6,15,35,32,36,27,20,26,34,21,12,24,8,1,16,13,38,28,23,18,4,3,11,29,33,22,14,19,10,17,7,31,5],"discard":[],"held":[],"aftermath":[],"agenda_deck":[11,9,12,10,8,2,13],"agenda_out":[],"offered":{"USSR":[3,4,7],"US":[6,1,5]},"kept":{"USSR":0,"US":0},"agendas_open":false,"plays":{"USSR":0,"US":0},"next":"USSR","fx":{"sops":[],"brink":[],"containment":[],"bay_of_pigs":[]},"stack":[{"f":"round","step":"deal"},{"f":"agenda","p":"US"},{"f":"agenda","p":"USSR"}],"log":[{"code":"thirteen.game.new","args":{},"to":"all"},{"code":"thirteen.round.start","args":{"round":1,"side":"USSR","markers":[{"code":"thirteen.defcon.marker","args":{"track":"Military","pos":3}},{"code":"thirteen.defcon.marker","args":{"track":"Political","pos":2}},{"code":"thirteen.defcon.marker","args":{"track":"World Opinion","pos":2}}],"side2":"US","markers2":[{"code":"thirteen.defcon.marker","args":{"track":"Military","pos":2}},{"code":"thirteen.defcon.marker","args":{"track":"Political","pos":3}},{"code":"thirteen.defcon.marker","args":{"track":"World Opinion","pos":2}}]},"to":"all"},{"code":"thirteen.agenda.dealt","args":{"side":"USSR","agendas":["Political Track","Political Track","Turkey"]},"to":"all"},{"code":"thirteen.agenda.dealt","args":{"side":"US","agendas":["World Opinion Track","Military Track","World Opinion Track"]},"to":"all"}],"over":false,"winner":null,"result":null,"reveals":1}"#;

fn game(seed: i64) -> State {
    new_game(Seed::Int(seed), seed as u64, Options::default())
}

#[test]
fn new_game_matches_python() {
    assert_eq!(to_json(&game(1)), SEED_1);
}

#[test]
fn negative_seeds_wrap_like_python() {
    // Python: seed_state(-5) takes -5 modulo 2**64.
    let s = game(-5);
    assert!(to_json(&s).contains(r#""seed":-5,"rng":10350368157480307362,"#));
    assert_eq!(s.deck[..3], [39, 14, 30]);
}

#[test]
fn agendas_are_kept_ussr_first() {
    let s = game(1);
    assert_eq!(machine::current_player(&s), Some(Side::Ussr));
    assert!(matches!(s.stack.last(), Some(Frame::Agenda { p: Side::Ussr, .. })));
    // USSR flags 3, 4, 7: Political Track (type 1) and Turkey (type 3).
    assert_eq!(
        machine::legal_vec(&s),
        vec![Action::Agenda(1).id(), Action::Agenda(3).id()]
    );
}

/// Play `n` random games to the end (events are whatever `events` does),
/// reading every state back through JSON.
fn playouts(n: u64, round_trip: bool) -> (u64, u64) {
    let mut r = 99u64;
    let mut decisions = 0;
    let mut over = 0;
    for g in 0..n {
        let mut s = game(g as i64);
        let mut legal = Vec::new();
        while !s.over && decisions < u64::MAX {
            legal.clear();
            machine::legal_ids(&s, &mut legal);
            assert!(!legal.is_empty(), "a decision without legal actions");
            if round_trip {
                let text = to_json(&s);
                let back = from_json(&text).expect("a state we wrote reads back");
                assert_eq!(to_json(&back), text);
            }
            let id = legal[rng::randbelow(&mut r, legal.len())];
            let a = Action::from_id(id).expect("legal ids decode");
            machine::apply(&mut s, a);
            decisions += 1;
            if s.ply > 2000 {
                break;
            }
        }
        over += u64::from(s.over);
    }
    (decisions, over)
}

#[test]
fn random_games_round_trip() {
    let (decisions, over) = playouts(40, true);
    assert!(decisions > 40 * 30);
    assert_eq!(over, 40);
}

#[test]
fn refuses_malformed_states() {
    let good = to_json(&game(1));
    let cases = [
        (good.replace(r#""round":1"#, r#""round":4"#), "round"),
        (good.replace(r#""letter":"US""#, r#""letter":"UN""#), "letter"),
        (good.replace(r#""p":"US"}"#, r#""p":"US","x":1}"#), "stack[1].x"),
        (good.replace(r#""step":"deal""#, r#""step":"nap""#), "stack[0].step"),
        (good.replace(r#""deck":[9,30,"#, r#""deck":[30,30,"#), "card 9"),
        (
            good.replace(r#""agenda_bonus":true"#, r#""agenda_bonus":1"#),
            "options.agenda_bonus",
        ),
        (good.replace(r#""rng":8018554030188788048"#, r#""rng":-1"#), "rng"),
        ("[]".to_string(), "state"),
        ("{".to_string(), "not JSON"),
    ];
    for (text, field) in cases {
        match from_json(&text) {
            Ok(_) => panic!("accepted a state with a bad {field}"),
            Err(e) => assert!(e.contains(field), "{e:?} does not name {field}"),
        }
    }
}

/// Random play speed (run with `--release -- --ignored --nocapture`).
#[test]
#[ignore]
fn speed() {
    let t = std::time::Instant::now();
    let (decisions, _) = playouts(20_000, false);
    let secs = t.elapsed().as_secs_f64();
    println!("{decisions} decisions in {secs:.2}s: {:.0}/s", decisions as f64 / secs);
    let s = game(3);
    let t = std::time::Instant::now();
    let mut keep = 0;
    for _ in 0..100_000 {
        keep += s.clone().deck.len();
    }
    println!("clone: {:.0} ns ({keep})", t.elapsed().as_nanos() as f64 / 100_000.0);
}

#[test]
fn command_size_follows_sops_and_the_brink() {
    use super::play::command_size;
    let mut s = game(1);
    assert_eq!(command_size(&s, Side::Us, 3, false), 3);
    s.fx.sops.push(Side::Us);
    assert_eq!(command_size(&s, Side::Us, 3, false), 4);
    s.fx.brink.push(Side::Us);
    assert_eq!(command_size(&s, Side::Us, 1, false), 1);
    s.options.event_command_modifiers = false;
    assert_eq!(command_size(&s, Side::Us, 1, true), 1);
    assert_eq!(command_size(&s, Side::Us, 2, true), 2);
}

#[test]
fn the_letter_joins_only_when_its_cube_can_be_used() {
    use super::play::{letter_adds, push_command};
    use super::state::Frame;
    let mut s = game(1);
    push_command(&mut s, Side::Us, 1, 3, &[super::data::ITALY], None);
    let Some(Frame::Command(f)) = s.stack.last().cloned() else {
        panic!("a Command")
    };
    // Italy holds 1 US cube: room for 4 more, so a 4th cube helps.
    assert!(letter_adds(&s, &f));
    s.cubes[Side::Us.ix()][usize::from(super::data::ITALY)] = 2;
    assert!(!letter_adds(&s, &f));
}

#[test]
fn caribbean_agendas_score_the_other_caribbean_arenas() {
    use super::data::{ATLANTIC, CUBA_MILITARY, CUBA_POLITICAL};
    use super::scoring::score_agenda;
    let mut s = game(1);
    s.cubes = [[0; 9]; 2];
    s.cubes[Side::Us.ix()][usize::from(ATLANTIC)] = 3;
    s.cubes[Side::Us.ix()][usize::from(CUBA_MILITARY)] = 1;
    s.cubes[Side::Ussr.ix()][usize::from(CUBA_POLITICAL)] = 1;
    // Agenda card 12 is the Atlantic: lead 3, +1 for Cuba (Military).
    assert_eq!(score_agenda(&mut s, 12), (Some(Side::Us), 4));
    s.options.agenda_bonus = false;
    assert_eq!(score_agenda(&mut s, 12), (Some(Side::Us), 3));
}

#[test]
fn nuclear_war_ends_the_game() {
    use super::scoring::nuclear_check;
    let mut s = game(1);
    s.defcon[Side::Us.ix()] = [7, 1, 1];
    nuclear_check(&mut s);
    assert!(s.over);
    assert_eq!(s.winner, Some(Side::Ussr));
    let mut s = game(1);
    s.defcon = [[4, 5, 6], [8, 1, 1]];
    nuclear_check(&mut s);
    assert_eq!((s.over, s.winner), (true, None));
}

#[test]
fn key_orders_the_engine_never_writes_are_refused() {
    let good = to_json(&game(1));
    let swapped = good.replace(r#""kept":{"USSR":0,"US":0}"#, r#""kept":{"US":0,"USSR":0}"#);
    let e = from_json(&swapped).err().unwrap_or_default();
    assert!(e.contains("kept"), "{e}");
    let swapped = good.replace(r#""f":"agenda","p":"US""#, r#""p":"US","f":"agenda""#);
    let e = from_json(&swapped).err().unwrap_or_default();
    assert!(e.contains("stack[1]"), "{e}");
}
