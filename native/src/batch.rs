//! Whole random games and rollouts inside native code, with no Python call
//! per decision: the throughput that research farms run on.

use crate::engine::Engine;
use crate::rng;

/// Where a rollout stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// The end of the game.
    Game,
    /// The end of the current round or turn (`stage` changes) or the game.
    Stage,
    /// After this many decisions (chance rolls not counted), or the game's end.
    Steps(u32),
}

/// What one finished (or stopped) game gives back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Winner index into `PLAYERS`, -1 for none.
    pub winner: i8,
    /// Why it ended, `None` when stopped before the end.
    pub result: Option<String>,
    /// Decisions (plies) played in this game or rollout.
    pub length: u32,
    /// The first player's return (`returns()[PLAYERS[0]]`).
    pub ret0: f64,
}

/// Play one step: chance from the state's generator, a player's choice
/// uniformly with `choice` (SplitMix64 state).
#[inline]
pub fn random_step<E: Engine>(state: &mut E, choice: &mut u64) {
    if state.is_chance() {
        let id = state.chance_id();
        state.apply_legal(id);
        return;
    }
    let legal = state.legal();
    let id = legal[rng::randbelow(choice, legal.len())];
    state.apply_legal(id);
}

/// Play `state` on at random until `until`; returns the outcome.
pub fn rollout<E: Engine>(state: &mut E, until: Until, choice: &mut u64) -> Outcome {
    let start = state.ply();
    let stage = state.stage();
    let mut steps = 0u32;
    while !state.is_over() {
        match until {
            Until::Game => {}
            Until::Stage => {
                if state.stage() != stage {
                    break;
                }
            }
            Until::Steps(n) => {
                if steps >= n && !state.is_chance() {
                    break;
                }
            }
        }
        if !state.is_chance() {
            steps += 1;
        }
        random_step(state, choice);
    }
    outcome(state, start)
}

fn outcome<E: Engine>(state: &E, start: u32) -> Outcome {
    let over = state.is_over();
    Outcome {
        winner: state.winner_index().map_or(-1, |w| w as i8),
        result: if over { state.result_name().map(str::to_owned) } else { None },
        length: state.ply() - start,
        ret0: state.returns()[0],
    }
}

/// `n` whole random games from `make(i)` (game `i`'s starting state), the
/// choices of game `i` drawn from a generator seeded with `seed + i`.
pub fn random_games<E: Engine>(n: usize, seed: u64, mut make: impl FnMut(usize) -> E) -> Vec<Outcome> {
    (0..n)
        .map(|i| {
            let mut state = make(i);
            state.mute_log();
            let mut choice = rng::seed_state(seed.wrapping_add(i as u64));
            rollout(&mut state, Until::Game, &mut choice)
        })
        .collect()
}

/// `n` rollouts from clones of `state`.
pub fn rollouts<E: Engine>(state: &E, n: usize, seed: u64, until: Until) -> Vec<Outcome> {
    (0..n)
        .map(|i| {
            let mut s = state.clone();
            s.mute_log();
            let mut choice = rng::seed_state(seed.wrapping_add(i as u64));
            rollout(&mut s, until, &mut choice)
        })
        .collect()
}
