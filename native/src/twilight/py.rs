//! The Python class `brinkmanship_native.TwilightState`: the native game
//! behind `brinkmanship.native`'s class contract (docs/native.md): new
//! games, JSON in and out, legal ids in the Python engine's order, applying
//! ids, chance rolls from the state's own generator. The methods both games
//! share are written once, in `crate::py_common`.

use num_bigint::BigInt;
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::engine::Cached;
use crate::json::Value;
use crate::py_common::{native_class, side_name};

use super::actions as act;
use super::game;
use super::state::{Player, State};

/// A Twilight Struggle state in Rust.
#[pyclass(module = "brinkmanship_native")]
#[derive(Clone)]
pub struct TwilightState {
    /// The state with its legal ids, cached until the next apply (a copy
    /// starts with none).
    pub(crate) game: Cached<State>,
}

impl TwilightState {
    /// The side to act, "chance" at a die roll, `None` when the game is
    /// over (Rust callers).
    pub fn current_player(&self) -> Option<&'static str> {
        match self.game.state.current_player()? {
            Player::Side(s) => Some(s.name()),
            Player::Chance => Some("chance"),
        }
    }

    /// Whether the game is over: no one is to decide (Python's `is_terminal`).
    pub fn is_over(&self) -> bool {
        self.game.state.current_player().is_none()
    }
}

/// A seed as the state stores it, and modulo 2**64 for the generator.
fn seed_value(seed: &BigInt) -> (Value, u64) {
    let modulus = BigInt::from(1u8) << 64;
    let mut m: BigInt = seed % &modulus;
    if m < BigInt::from(0u8) {
        m += &modulus;
    }
    let low: u64 = m.try_into().unwrap_or(0);
    let v = match i64::try_from(seed) {
        Ok(n) => Value::Int(n),
        Err(_) => Value::Big(seed.to_string()),
    };
    (v, low)
}

native_class!(TwilightState, State, to_json: State::to_json, to_json_nolog: State::to_json_nolog, {
    /// A new game from a seed (any Python int) and the full options JSON.
    #[staticmethod]
    fn new_game(seed: BigInt, options_json: &str) -> PyResult<TwilightState> {
        let options = game::parse_options(options_json).map_err(PyValueError::new_err)?;
        let (v, low) = seed_value(&seed);
        let mut state = game::new_game(v, low, options);
        state.advance();
        Ok(TwilightState::wrap(state))
    }

    /// Read a state the Python engine wrote.
    #[staticmethod]
    pub fn from_json(text: &str) -> PyResult<TwilightState> {
        let state = State::from_json(text).map_err(PyValueError::new_err)?;
        Ok(TwilightState::wrap(state))
    }

    /// The side to act, "chance" at a die roll, None when the game is over.
    #[pyo3(name = "current_player")]
    fn py_current_player<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        match self.game.state.current_player()? {
            Player::Side(s) => Some(side_name(py, s.ix())),
            Player::Chance => Some(intern!(py, "chance").clone()),
        }
    }

    /// The roll Python's `chance_action` would pick from the state's generator.
    pub fn chance_action_id(&self) -> PyResult<u16> {
        if self.game.state.current_player() != Some(Player::Chance) {
            return Err(PyValueError::new_err("no chance decision is pending"));
        }
        Ok(act::roll(self.game.state.chance_roll()))
    }

    fn result(&self) -> Option<String> {
        self.game.state.result.as_ref().map(|r| r.to_string())
    }

    /// The turn (1-10), as Python's `Game.stage`.
    fn stage(&self) -> u8 {
        self.game.state.turn
    }
});
