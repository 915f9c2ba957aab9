//! The Python class `brinkmanship_native.TwilightState`: the native game
//! behind `brinkmanship.native`'s contract (see the crate's brief): new
//! games, JSON in and out, legal ids in the Python engine's order, applying
//! ids, chance rolls from the state's own generator.

use num_bigint::BigInt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::json::Value;

use super::actions as act;
use super::game;
use super::state::{Player, State};

/// A Twilight Struggle state in Rust.
#[pyclass(module = "brinkmanship_native")]
#[derive(Clone)]
pub struct TwilightState {
    pub(crate) state: State,
    /// The legal ids, cached until the next apply.
    pub(crate) legal: Option<Vec<u16>>,
}

impl TwilightState {
    fn legal(&mut self) -> &Vec<u16> {
        let state = &self.state;
        self.legal.get_or_insert_with(|| state.legal_ids())
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

#[pymethods]
impl TwilightState {
    /// A new game from a seed (any Python int) and the full options JSON.
    #[staticmethod]
    fn new_game(seed: BigInt, options_json: &str) -> PyResult<TwilightState> {
        let options = game::parse_options(options_json).map_err(PyValueError::new_err)?;
        let (v, low) = seed_value(&seed);
        let mut state = game::new_game(v, low, options);
        state.advance();
        Ok(TwilightState { state, legal: None })
    }

    /// Read a state the Python engine wrote.
    #[staticmethod]
    pub fn from_json(text: &str) -> PyResult<TwilightState> {
        let state = State::from_json(text).map_err(PyValueError::new_err)?;
        Ok(TwilightState { state, legal: None })
    }

    /// The state's JSON, as the Python engine writes it.
    pub fn to_json(&self) -> String {
        self.state.to_json()
    }

    fn clone(&self) -> TwilightState {
        Clone::clone(self)
    }

    /// The side to act, "chance" at a die roll, None when the game is over.
    pub fn current_player(&self) -> Option<&'static str> {
        match self.state.current_player()? {
            Player::Side(s) => Some(s.name()),
            Player::Chance => Some("chance"),
        }
    }

    /// The legal ids in the Python engine's order.
    pub fn legal_action_ids(&mut self) -> Vec<u16> {
        self.legal().clone()
    }

    /// Apply a legal id; a ValueError (the state unchanged) if it is not legal.
    pub fn apply_id(&mut self, id: i64) -> PyResult<()> {
        let ok = u16::try_from(id).is_ok_and(|i| (i as usize) < act::N_ACTIONS && self.legal().contains(&i));
        if !ok {
            return Err(PyValueError::new_err(format!("action id {id} is not legal now")));
        }
        self.legal = None;
        self.state.apply_legal(id as u16);
        Ok(())
    }

    /// The roll Python's `chance_action` would pick from the state's generator.
    pub fn chance_action_id(&self) -> PyResult<u16> {
        if self.state.current_player() != Some(Player::Chance) {
            return Err(PyValueError::new_err("no chance decision is pending"));
        }
        Ok(act::roll(self.state.chance_roll()))
    }

    pub fn is_over(&self) -> bool {
        self.state.over
    }

    fn winner(&self) -> Option<&'static str> {
        self.state.winner.map(|s| s.name())
    }

    fn result(&self) -> Option<String> {
        self.state.result.as_ref().map(|r| r.to_string())
    }

    fn ply(&self) -> u32 {
        self.state.ply
    }

    fn reveals(&self) -> u32 {
        self.state.reveals
    }

    /// The turn (1-10), as Python's `Game.stage`.
    fn stage(&self) -> u8 {
        self.state.turn
    }
}
