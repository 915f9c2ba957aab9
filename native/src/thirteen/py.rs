//! The PyO3 class `ThirteenState`: a 13 Days state behind the contract
//! every native game implements (see `brinkmanship.native`): new games,
//! JSON in and out, legal action ids in the Python engine's order, and
//! applying an id. Legal ids are cached until the next apply, so asking
//! and then applying costs one generation.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use super::actions::Action;
use super::json_io;
use super::machine;
use super::state::{Seed, State};

/// A 13 Days game state.
#[pyclass(module = "brinkmanship_native", name = "ThirteenState")]
#[derive(Clone)]
pub struct ThirteenState {
    pub(crate) state: State,
    /// The legal ids of the current state, once asked for.
    pub(crate) legal: Option<Vec<u16>>,
}

impl ThirteenState {
    fn wrap(state: State) -> ThirteenState {
        ThirteenState { state, legal: None }
    }

    /// The state inside (for Rust callers and tests).
    pub fn state(&self) -> &State {
        &self.state
    }

    fn ensure_legal(&mut self) -> &[u16] {
        let state = &self.state;
        self.legal.get_or_insert_with(|| machine::legal_vec(state))
    }
}

#[pymethods]
impl ThirteenState {
    /// A new game as `bm.new_game("thirteen", seed, options)`: `seed` is
    /// the Python int as given, `options_json` the full options dict.
    #[staticmethod]
    fn new_game(seed: &Bound<'_, PyAny>, options_json: &str) -> PyResult<ThirteenState> {
        if seed.is_none() || seed.is_instance_of::<PyBool>() || !seed.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err("seed: must be an int"));
        }
        let seed_mod: u64 = seed.call_method1("__and__", (u64::MAX,))?.extract()?;
        let stored = match seed.extract::<i64>() {
            Ok(n) => Seed::Int(n),
            Err(_) => Seed::Big(seed.str()?.to_string()),
        };
        let value = crate::json::Value::parse(options_json).map_err(PyValueError::new_err)?;
        let options = json_io::options_from_value(&value, "options").map_err(PyValueError::new_err)?;
        Ok(ThirteenState::wrap(json_io::new_game(stored, seed_mod, options)))
    }

    /// Read a state the Python engine wrote (`ValueError` naming the field
    /// for anything else).
    #[staticmethod]
    pub fn from_json(text: &str) -> PyResult<ThirteenState> {
        json_io::from_json(text)
            .map(ThirteenState::wrap)
            .map_err(PyValueError::new_err)
    }

    /// The exact state as JSON, byte for byte as the Python engine writes it.
    pub fn to_json(&self) -> String {
        json_io::to_json(&self.state)
    }

    /// An independent copy (the log is shared until either side appends).
    fn clone(&self) -> ThirteenState {
        Clone::clone(self)
    }

    /// The side to decide ("USSR", "US"), or None when the game is over.
    pub fn current_player(&self) -> Option<&'static str> {
        machine::current_player(&self.state).map(|s| s.as_str())
    }

    /// The legal action ids in the Python engine's order.
    pub fn legal_action_ids(&mut self) -> Vec<u16> {
        self.ensure_legal().to_vec()
    }

    /// Apply a legal action id; `ValueError` (the state unchanged) if it is
    /// not legal now.
    pub fn apply_id(&mut self, id: i64) -> PyResult<()> {
        let legal = self.ensure_legal();
        let ok = u16::try_from(id).is_ok_and(|x| legal.contains(&x));
        let action = if ok {
            u16::try_from(id).ok().and_then(Action::from_id)
        } else {
            None
        };
        let Some(action) = action else {
            return Err(PyValueError::new_err(format!("action id {id} is not legal now")));
        };
        machine::apply(&mut self.state, action);
        self.legal = None;
        Ok(())
    }

    /// 13 Days has no dice: like Python's `chance_action`, always an error.
    pub fn chance_action_id(&self) -> PyResult<u16> {
        Err(PyValueError::new_err(
            "13 Days has no dice: there is never a chance decision",
        ))
    }

    pub fn is_over(&self) -> bool {
        self.state.over
    }

    fn winner(&self) -> Option<&'static str> {
        self.state.winner.map(|s| s.as_str())
    }

    fn result(&self) -> Option<&'static str> {
        self.state.result.map(|r| r.as_str())
    }

    fn ply(&self) -> i64 {
        self.state.ply
    }

    fn reveals(&self) -> i64 {
        self.state.reveals
    }

    /// The round (1-3), as Python's `Game.stage`.
    fn stage(&self) -> u8 {
        self.state.round
    }
}
