//! The PyO3 class `ThirteenState`: a 13 Days state behind the contract
//! every native game implements (see `brinkmanship.native`): new games,
//! JSON in and out, legal action ids in the Python engine's order, and
//! applying an id. Legal ids are cached until the next apply, so asking
//! and then applying costs one generation. The methods both games share
//! are written once, in `crate::py_common`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::engine::Cached;
use crate::py_common::{native_class, side_name};

use super::json_io;
use super::machine;
use super::state::{Seed, State};

/// A 13 Days game state.
#[pyclass(module = "brinkmanship_native", name = "ThirteenState")]
#[derive(Clone)]
pub struct ThirteenState {
    /// The state with its legal ids, cached until the next apply (a copy
    /// starts with none).
    pub(crate) game: Cached<State>,
}

impl ThirteenState {
    /// The side to decide, or `None` when the game is over (Rust callers).
    pub fn current_player(&self) -> Option<&'static str> {
        machine::current_player(&self.game.state).map(|s| s.as_str())
    }

    /// Whether the game is over: no one is to decide (Python's `is_terminal`).
    pub fn is_over(&self) -> bool {
        machine::current_player(&self.game.state).is_none()
    }
}

native_class!(ThirteenState, State, to_json: json_io::to_json, to_json_nolog: json_io::to_json_nolog, {
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

    /// The side to decide ("USSR", "US"), or None when the game is over.
    #[pyo3(name = "current_player")]
    fn py_current_player<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        machine::current_player(&self.game.state).map(|s| side_name(py, s.ix()))
    }

    /// 13 Days has no dice: like Python's `chance_action`, always an error.
    pub fn chance_action_id(&self) -> PyResult<u16> {
        Err(PyValueError::new_err(
            "13 Days has no dice: there is never a chance decision",
        ))
    }

    fn result(&self) -> Option<&'static str> {
        self.game.state.result.map(|r| r.as_str())
    }

    /// The round (1-3), as Python's `Game.stage`.
    fn stage(&self) -> u8 {
        self.game.state.round
    }
});
