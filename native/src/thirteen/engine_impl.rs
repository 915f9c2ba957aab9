//! 13 Days behind the generic [`Engine`]: its [`State`] implements
//! [`Rules`], and [`ThirteenEngine`] is the shared wrapper
//! [`Cached`] over it (batch play in `crate::batch`, the search in
//! `crate::ismcts`).

use crate::engine::{python_seed, Cached, Rules};
use crate::log::Log;

use super::actions::Action;
use super::json_io;
use super::machine;
use super::state::{Options, Outcome, Seed, State};

/// A 13 Days state for native loops (batch games, rollouts, search).
pub type ThirteenEngine = Cached<State>;

impl Rules for State {
    const NAME: &'static str = "thirteen";
    const PLAYERS: [&'static str; 2] = ["USSR", "US"];

    type Options = Options;

    fn new_game(seed: u64, options: Options) -> Self {
        let stored = python_seed(seed).map_or_else(Seed::Big, Seed::Int);
        json_io::new_game(stored, seed, options)
    }

    fn log_mut(&mut self) -> &mut Log {
        &mut self.log
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.over
    }

    /// 13 Days has no dice.
    #[inline]
    fn is_chance(&self) -> bool {
        false
    }

    fn mover(&self) -> usize {
        machine::current_player(self).map_or(0, |s| s.ix())
    }

    #[inline]
    fn legal_into(&self, out: &mut Vec<u16>) {
        machine::legal_ids(self, out);
    }

    #[inline]
    fn apply_id(&mut self, id: u16) {
        // Ids come from `legal_into`: an unknown one is ignored rather
        // than trusted (the Python class checks ids from outside).
        if let Some(action) = Action::from_id(id) {
            machine::apply(self, action);
        }
    }

    /// Never asked (no chance decisions); 0 for completeness.
    fn chance_id(&mut self) -> u16 {
        0
    }

    fn winner_index(&self) -> Option<usize> {
        self.winner.map(|s| s.ix())
    }

    fn result_name(&self) -> Option<&str> {
        self.result.map(Outcome::as_str)
    }

    fn ply(&self) -> u32 {
        u32::try_from(self.ply).unwrap_or(u32::MAX)
    }

    fn stage(&self) -> u32 {
        u32::from(self.round)
    }

    /// The search guide's position value (`heuristic::evaluate`).
    fn evaluate(&self) -> f64 {
        super::heuristic::evaluate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{random_games, rollouts, Until};
    use crate::engine::Engine;

    #[test]
    fn random_games_end() {
        let outcomes = random_games(20, 1, |i| ThirteenEngine::new_default(i as u64));
        for o in &outcomes {
            assert!(o.result.is_some());
            assert!(o.length > 10);
        }
        let start = ThirteenEngine::new_default(5);
        let stage = rollouts(&start, 5, 2, Until::Stage);
        assert!(stage.iter().all(|o| o.length > 0));
        assert!((0.0..=1.0).contains(&start.evaluate()));
    }
}
