//! The Python class `brinkmanship_native.TwilightState`: the native game
//! behind `brinkmanship.native`'s contract (see the crate's brief): new
//! games, JSON in and out, legal ids in the Python engine's order, applying
//! ids, chance rolls from the state's own generator.

use num_bigint::BigInt;
use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::engine::LegalCache;
use crate::json::Value;

use super::actions as act;
use super::game;
use super::state::{Player, Side, State};

/// A Twilight Struggle state in Rust.
#[pyclass(module = "brinkmanship_native")]
#[derive(Clone)]
pub struct TwilightState {
    pub(crate) state: State,
    /// The legal ids, cached until the next apply (a copy starts with none).
    pub(crate) legal: LegalCache,
}

/// A side's name as a Python string made once (`current_player` and
/// `winner` are asked at every step: no new string each time).
fn side_name<'py>(py: Python<'py>, side: Side) -> Bound<'py, PyString> {
    match side {
        Side::Ussr => intern!(py, "USSR").clone(),
        Side::Us => intern!(py, "US").clone(),
    }
}

impl TwilightState {
    fn wrap(state: State) -> TwilightState {
        TwilightState {
            state,
            legal: LegalCache::default(),
        }
    }

    /// The side to act, "chance" at a die roll, `None` when the game is
    /// over (Rust callers).
    pub fn current_player(&self) -> Option<&'static str> {
        match self.state.current_player()? {
            Player::Side(s) => Some(s.name()),
            Player::Chance => Some("chance"),
        }
    }

    /// The legal ids in the Python engine's order (Rust callers).
    pub fn legal_action_ids(&mut self) -> Vec<u16> {
        self.legal.get(&self.state).to_vec()
    }

    /// Whether the game is over: no one is to decide (Python's `is_terminal`).
    pub fn is_over(&self) -> bool {
        self.state.current_player().is_none()
    }

    /// Apply a legal id; a `ValueError` (the state unchanged) if it is not
    /// legal now. Legality is checked on the cached ids: no copy of the
    /// state is made for a rollback.
    pub fn apply_id(&mut self, id: i64) -> PyResult<()> {
        let legal = self.legal.get(&self.state);
        let Some(id) = u16::try_from(id)
            .ok()
            .filter(|i| usize::from(*i) < act::N_ACTIONS && legal.contains(i))
        else {
            return Err(PyValueError::new_err(format!("action id {id} is not legal now")));
        };
        self.state.apply_legal(id);
        self.legal.invalidate();
        Ok(())
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
        Ok(TwilightState::wrap(state))
    }

    /// Read a state the Python engine wrote.
    #[staticmethod]
    pub fn from_json(text: &str) -> PyResult<TwilightState> {
        let state = State::from_json(text).map_err(PyValueError::new_err)?;
        Ok(TwilightState::wrap(state))
    }

    /// The state's JSON, as the Python engine writes it.
    pub fn to_json(&self) -> String {
        self.state.to_json()
    }

    fn clone(&self) -> TwilightState {
        Clone::clone(self)
    }

    /// The side to act, "chance" at a die roll, None when the game is over.
    #[pyo3(name = "current_player")]
    fn py_current_player<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        match self.state.current_player()? {
            Player::Side(s) => Some(side_name(py, s)),
            Player::Chance => Some(intern!(py, "chance").clone()),
        }
    }

    /// The legal ids in the Python engine's order, or sorted with
    /// `sort=True` (`State.legal_action_ids`): a new list each time.
    #[pyo3(name = "legal_action_ids", signature = (sort = false))]
    fn py_legal_action_ids<'py>(&mut self, py: Python<'py>, sort: bool) -> PyResult<Bound<'py, PyList>> {
        let ids = self.legal.get(&self.state);
        if sort {
            let mut sorted = ids.to_vec();
            sorted.sort_unstable();
            PyList::new(py, sorted)
        } else {
            PyList::new(py, ids)
        }
    }

    /// Apply a legal id; a ValueError (the state unchanged) if it is not legal.
    #[pyo3(name = "apply_id")]
    fn py_apply_id(&mut self, id: i64) -> PyResult<()> {
        self.apply_id(id)
    }

    /// The roll Python's `chance_action` would pick from the state's generator.
    pub fn chance_action_id(&self) -> PyResult<u16> {
        if self.state.current_player() != Some(Player::Chance) {
            return Err(PyValueError::new_err("no chance decision is pending"));
        }
        Ok(act::roll(self.state.chance_roll()))
    }

    /// Whether no one is to decide any more (`State.is_terminal`).
    #[pyo3(name = "is_over")]
    fn py_is_over(&self) -> bool {
        self.is_over()
    }

    fn winner<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.state.winner.map(|s| side_name(py, s))
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

    /// `to_json` with `"log":[]` in the log's place (`NativeState`'s cheap
    /// snapshot: it reads the log's new entries alone with `log_json`).
    fn to_json_nolog(&self) -> String {
        self.state.to_json_nolog()
    }

    /// How many log entries the state holds.
    fn log_len(&self) -> usize {
        self.state.log.len()
    }

    /// The log entries from index `start` on, as a JSON list.
    fn log_json(&self, start: usize) -> String {
        let mut out = String::new();
        self.state.log.write_from(start, &mut out);
        out
    }
}
