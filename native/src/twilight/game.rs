//! A new game (`Twilight.new`): the printed influence, the Early War deck
//! shuffled by the state's generator, the first deal, and the set-up frames
//! over the turn sequence.

use crate::json::Value;

use super::data::{FIXED_INFLUENCE, R_EASTERN_EUROPE, R_WESTERN_EUROPE};
use super::rules::{args, Period};
use super::state::{Frame, Options, Side, State, Step, TurnFrame};

/// Read the options JSON Python filled in (`make_options`).
pub fn parse_options(text: &str) -> Result<Options, String> {
    let v = Value::parse(text)?;
    let Value::Obj(pairs) = &v else { return Err("options: not an object".into()) };
    let mut o = Options::default();
    for (k, x) in pairs {
        let Value::Bool(b) = x else { return Err(format!("options.{k}: not a boolean")) };
        match k.as_ref() {
            "events" => o.events = *b,
            "optional_cards" => o.optional_cards = *b,
            _ => return Err(format!("options.{k}: unknown option")),
        }
    }
    Ok(o)
}

/// A new game. `seed` is written back as given; `seed_mod` is it modulo 2**64.
pub fn new_game(seed: Value, seed_mod: u64, options: Options) -> State {
    let mut s = State::blank(seed, seed_mod, options);
    for (side, i, n) in FIXED_INFLUENCE {
        s.inf[side.ix()][i as usize] += n;
    }
    s.deck = s.deck_for_periods(&[Period::Early]);
    crate::rng::shuffle(&mut s.rng, &mut s.deck);
    crate::log_kept!(s, log, "twilight.setup.new", args![]);
    s.deal();
    s.stack = vec![
        Frame::Turn(TurnFrame { step: Step::Start, first: None, order: None, defcon0: None }),
        Frame::Setup { p: Side::Us, left: 7, region: R_WESTERN_EUROPE },
        Frame::Setup { p: Side::Ussr, left: 6, region: R_EASTERN_EUROPE },
    ];
    s
}
