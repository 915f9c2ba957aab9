//! Twilight Struggle behind the generic [`Engine`] trait, so that batch
//! play (`crate::batch`) and the native search (`crate::ismcts`) run on it.
//!
//! [`TwilightEngine`] wraps a [`State`] with a reusable buffer of legal ids:
//! asking for them after each apply refills the same vector, so a random
//! game allocates nothing per decision for its action lists.

use crate::engine::Engine;
use crate::json::Value;

use super::actions as act;
use super::game;
use super::py::TwilightState;
use super::state::{Options, Player, State};

/// A Twilight Struggle state for native loops (batch games, rollouts, search).
#[derive(Clone)]
pub struct TwilightEngine {
    /// The game state itself.
    pub state: State,
    /// The legal ids of `state` while `fresh`.
    legal: Vec<u16>,
    /// Whether `legal` holds the ids of the current state.
    fresh: bool,
}

impl TwilightEngine {
    /// Wrap a state (its legal ids are computed on first use).
    pub fn new(state: State) -> TwilightEngine {
        TwilightEngine {
            state,
            legal: Vec::with_capacity(64),
            fresh: false,
        }
    }

    /// A new game from a seed (modulo 2**64) with the given options, run on
    /// to its first decision (as `TwilightState.new_game`).
    pub fn new_game(seed: u64, options: Options) -> TwilightEngine {
        let stored = match i64::try_from(seed) {
            Ok(n) => Value::Int(n),
            Err(_) => Value::Big(seed.to_string()),
        };
        let mut state = game::new_game(stored, seed, options);
        state.advance();
        TwilightEngine::new(state)
    }

    /// The same state as the Python class (its legal ids asked anew).
    pub fn into_py(self) -> TwilightState {
        TwilightState {
            state: self.state,
            legal: None,
        }
    }
}

impl From<&TwilightState> for TwilightEngine {
    fn from(py: &TwilightState) -> TwilightEngine {
        TwilightEngine::new(py.state.clone())
    }
}

impl Engine for TwilightEngine {
    const NAME: &'static str = "twilight";
    const PLAYERS: [&'static str; 2] = ["USSR", "US"];

    fn new_default(seed: u64) -> Self {
        TwilightEngine::new_game(seed, Options::default())
    }

    fn mute_log(&mut self) {
        self.state.log.mute();
    }

    fn is_over(&self) -> bool {
        self.state.over
    }

    fn is_chance(&self) -> bool {
        self.state.current_player() == Some(Player::Chance)
    }

    fn mover(&self) -> usize {
        match self.state.current_player() {
            Some(Player::Side(s)) => s.ix(),
            _ => 0,
        }
    }

    fn legal(&mut self) -> &[u16] {
        if !self.fresh {
            self.legal.clear();
            self.state.legal_ids_into(&mut self.legal);
            self.fresh = true;
        }
        &self.legal
    }

    fn apply_legal(&mut self, id: u16) {
        self.state.apply_legal(id);
        self.fresh = false;
    }

    fn chance_id(&mut self) -> u16 {
        act::roll(self.state.chance_roll())
    }

    fn winner_index(&self) -> Option<usize> {
        self.state.winner.map(|s| s.ix())
    }

    fn result_name(&self) -> Option<&str> {
        self.state.result.as_deref()
    }

    fn ply(&self) -> u32 {
        self.state.ply
    }

    fn stage(&self) -> u32 {
        u32::from(self.state.turn)
    }

    /// The USSR's chances from the VP track alone: a logistic of the USSR's
    /// lead (`-vp`, the marker counts for the US) that makes a 20 VP lead
    /// (an automatic win) about 98%, a little steeper in later turns.
    /// Influence, DEFCON and hands are ignored: this only has to rank
    /// cut-off rollouts cheaply.
    fn evaluate(&self) -> f64 {
        let s = &self.state;
        if s.over {
            return match s.winner {
                Some(w) => f64::from(u8::from(w.ix() == 0)),
                None => 0.5,
            };
        }
        let lead = -f64::from(s.vp);
        let k = 0.15 + 0.01 * f64::from(s.turn.saturating_sub(1));
        1.0 / (1.0 + (-k * lead).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{random_games, rollouts, Until};

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
