//! The PyO3 class `ThirteenState`: a 13 Days state behind the contract
//! every native game implements (see `brinkmanship.native`): new games,
//! JSON in and out, legal action ids in the Python engine's order, and
//! applying an id. Legal ids are cached until the next apply, so asking
//! and then applying costs one generation.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString};

use crate::engine::LegalCache;

use super::actions::Action;
use super::json_io;
use super::machine;
use super::state::{Seed, Side, State};

/// A 13 Days game state.
#[pyclass(module = "brinkmanship_native", name = "ThirteenState")]
#[derive(Clone)]
pub struct ThirteenState {
    pub(crate) state: State,
    /// The legal ids of the current state, once asked for (a copy starts
    /// with none).
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

impl ThirteenState {
    fn wrap(state: State) -> ThirteenState {
        ThirteenState {
            state,
            legal: LegalCache::default(),
        }
    }

    /// The state inside (for Rust callers and tests).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The side to decide, or `None` when the game is over (Rust callers).
    pub fn current_player(&self) -> Option<&'static str> {
        machine::current_player(&self.state).map(|s| s.as_str())
    }

    /// The legal ids in the Python engine's order (Rust callers).
    pub fn legal_action_ids(&mut self) -> Vec<u16> {
        self.legal.get(&self.state).to_vec()
    }

    /// Whether the game is over: no one is to decide (Python's `is_terminal`).
    pub fn is_over(&self) -> bool {
        machine::current_player(&self.state).is_none()
    }

    /// Apply a legal id; `ValueError` (the state unchanged) if it is not
    /// legal now. Legality is checked on the cached ids: no copy of the
    /// state is made for a rollback.
    pub fn apply_id(&mut self, id: i64) -> PyResult<()> {
        let legal = self.legal.get(&self.state);
        let action = u16::try_from(id)
            .ok()
            .filter(|x| legal.contains(x))
            .and_then(Action::from_id);
        let Some(action) = action else {
            return Err(PyValueError::new_err(format!("action id {id} is not legal now")));
        };
        machine::apply(&mut self.state, action);
        self.legal.invalidate();
        Ok(())
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
    #[pyo3(name = "current_player")]
    fn py_current_player<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        machine::current_player(&self.state).map(|s| side_name(py, s))
    }

    /// The legal action ids in the Python engine's order, or sorted with
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

    /// Apply a legal action id; `ValueError` (the state unchanged) if it is
    /// not legal now.
    #[pyo3(name = "apply_id")]
    fn py_apply_id(&mut self, id: i64) -> PyResult<()> {
        self.apply_id(id)
    }

    /// 13 Days has no dice: like Python's `chance_action`, always an error.
    pub fn chance_action_id(&self) -> PyResult<u16> {
        Err(PyValueError::new_err(
            "13 Days has no dice: there is never a chance decision",
        ))
    }

    /// Whether no one is to decide any more (`State.is_terminal`).
    #[pyo3(name = "is_over")]
    fn py_is_over(&self) -> bool {
        self.is_over()
    }

    fn winner<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.state.winner.map(|s| side_name(py, s))
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

    /// `to_json` with `"log":[]` in the log's place (`NativeState`'s cheap
    /// snapshot: it reads the log's new entries alone with `log_json`).
    fn to_json_nolog(&self) -> String {
        json_io::to_json_nolog(&self.state)
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
