//! Twilight Struggle behind the generic [`Engine`]: its [`State`]
//! implements [`Rules`], and [`TwilightEngine`] is the shared wrapper
//! [`Cached`] over it (batch play in `crate::batch`, the search in
//! `crate::ismcts`).

use crate::engine::{python_seed, Cached, Rules};
use crate::json::Value;
use crate::log::Log;

use super::actions as act;
use super::game;
use super::state::{Options, Player, State};

/// A Twilight Struggle state for native loops (batch games, rollouts, search).
pub type TwilightEngine = Cached<State>;

impl Rules for State {
    const NAME: &'static str = "twilight";
    const PLAYERS: [&'static str; 2] = ["USSR", "US"];

    type Options = Options;

    /// Run on to the first decision (as `TwilightState.new_game`).
    fn new_game(seed: u64, options: Options) -> Self {
        let stored = python_seed(seed).map_or_else(Value::Big, Value::Int);
        let mut state = game::new_game(stored, seed, options);
        state.advance();
        state
    }

    fn log_mut(&mut self) -> &mut Log {
        &mut self.log
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.over
    }

    #[inline]
    fn is_chance(&self) -> bool {
        self.current_player() == Some(Player::Chance)
    }

    fn mover(&self) -> usize {
        match self.current_player() {
            Some(Player::Side(s)) => s.ix(),
            _ => 0,
        }
    }

    #[inline]
    fn legal_into(&self, out: &mut Vec<u16>) {
        self.legal_ids_into(out);
    }

    #[inline]
    fn apply_id(&mut self, id: u16) {
        self.apply_legal(id);
    }

    fn chance_id(&mut self) -> u16 {
        act::roll(self.chance_roll())
    }

    fn winner_index(&self) -> Option<usize> {
        self.winner.map(|s| s.ix())
    }

    fn result_name(&self) -> Option<&str> {
        self.result.as_deref()
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn stage(&self) -> u32 {
        u32::from(self.turn)
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

    fn no_events() -> Options {
        Options {
            events: false,
            ..Options::default()
        }
    }

    #[test]
    fn random_games_end() {
        let outcomes = random_games(10, 1, |i| TwilightEngine::new_game(i as u64, no_events()));
        for o in &outcomes {
            assert!(o.result.is_some());
            assert!(o.length > 10);
        }
        let start = TwilightEngine::new_game(3, no_events());
        let cut = rollouts(&start, 5, 2, Until::Steps(30));
        assert!(cut.iter().all(|o| o.length >= 30 || o.result.is_some()));
        assert!((0.0..=1.0).contains(&start.evaluate()));
    }
}
