//! What the two Python classes (`ThirteenState`, `TwilightState`) have in
//! common. [`native_class!`] writes, once for both, the methods that do not
//! depend on the game: legal ids and applying one (the per-step pair),
//! copies, the winner, counters, and the JSON snapshot in parts. Each
//! game's `py.rs` invokes it with its own methods (new games, reading
//! JSON, the player to act, chance, the result and the stage).

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A side's name as a Python string made once (`current_player` and
/// `winner` are asked at every step: no new string each time). `ix` is
/// the side's index in the order both games share: USSR, US.
#[inline]
pub fn side_name(py: Python<'_>, ix: usize) -> Bound<'_, PyString> {
    if ix == 0 {
        intern!(py, "USSR").clone()
    } else {
        intern!(py, "US").clone()
    }
}

/// `native_class!(Class, State, to_json: f, to_json_nolog: g, { ... })`:
/// the methods of the `#[pyclass]` `Class` (one field, `game:
/// Cached<State>`; `State` implements `engine::Rules` and has the fields
/// `winner`, `ply`, `reveals` and `log`), with the game's own methods (the
/// braces) in the same `#[pymethods]` block. `f` and `g` write a state's
/// JSON, with and without its log.
macro_rules! native_class {
    ($class:ident, $state:ty, to_json: $to_json:path, to_json_nolog: $nolog:path, { $($own:tt)* }) => {
        impl $class {
            fn wrap(state: $state) -> $class {
                $class {
                    game: $crate::engine::Cached::new(state),
                }
            }

            /// The state inside (for Rust callers and tests).
            pub fn state(&self) -> &$state {
                &self.game.state
            }

            /// The legal ids in the Python engine's order (Rust callers).
            pub fn legal_action_ids(&mut self) -> Vec<u16> {
                $crate::engine::Engine::legal(&mut self.game).to_vec()
            }

            /// Apply a legal id; a `ValueError` (the state unchanged) if it
            /// is not legal now (`Cached::try_apply`).
            pub fn apply_id(&mut self, id: i64) -> ::pyo3::PyResult<()> {
                if self.game.try_apply(id) {
                    Ok(())
                } else {
                    Err(::pyo3::exceptions::PyValueError::new_err(format!(
                        "action id {id} is not legal now"
                    )))
                }
            }
        }

        impl $crate::engine::Cached<$state> {
            /// The same state as the Python class.
            pub fn into_py(self) -> $class {
                $class { game: self }
            }
        }

        impl From<&$class> for $crate::engine::Cached<$state> {
            /// A copy of the class's state (its legal ids asked anew).
            fn from(py: &$class) -> Self {
                py.game.clone()
            }
        }

        #[::pyo3::pymethods]
        impl $class {
            $($own)*

            /// The exact state as JSON, byte for byte as the Python engine writes it.
            pub fn to_json(&self) -> String {
                $to_json(&self.game.state)
            }

            /// An independent copy (the log is shared until either side appends).
            fn clone(&self) -> $class {
                Clone::clone(self)
            }

            /// The legal action ids in the Python engine's order, or sorted
            /// with `sort=True` (`State.legal_action_ids`): a new list each time.
            #[pyo3(name = "legal_action_ids", signature = (sort = false))]
            fn py_legal_action_ids<'py>(
                &mut self,
                py: ::pyo3::Python<'py>,
                sort: bool,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyList>> {
                let ids = $crate::engine::Engine::legal(&mut self.game);
                if sort {
                    let mut sorted = ids.to_vec();
                    sorted.sort_unstable();
                    ::pyo3::types::PyList::new(py, sorted)
                } else {
                    ::pyo3::types::PyList::new(py, ids)
                }
            }

            /// Apply a legal action id; `ValueError` (the state unchanged)
            /// if it is not legal now.
            #[pyo3(name = "apply_id")]
            fn py_apply_id(&mut self, id: i64) -> ::pyo3::PyResult<()> {
                self.apply_id(id)
            }

            /// Whether no one is to decide any more (`State.is_terminal`).
            #[pyo3(name = "is_over")]
            fn py_is_over(&self) -> bool {
                self.is_over()
            }

            /// The winning side ("USSR", "US"), or None (a draw, or not over).
            fn winner<'py>(&self, py: ::pyo3::Python<'py>) -> Option<::pyo3::Bound<'py, ::pyo3::types::PyString>> {
                self.game.state.winner.map(|s| $crate::py_common::side_name(py, s.ix()))
            }

            /// Decisions taken so far (`State.ply`).
            fn ply(&self) -> i64 {
                i64::from(self.game.state.ply)
            }

            /// A counter that grows whenever hidden information is revealed
            /// (`State.reveals`).
            fn reveals(&self) -> i64 {
                i64::from(self.game.state.reveals)
            }

            /// `to_json` with `"log":[]` in the log's place (`NativeState`'s cheap
            /// snapshot: it reads the log's new entries alone with `log_json`).
            fn to_json_nolog(&self) -> String {
                $nolog(&self.game.state)
            }

            /// How many log entries the state holds.
            fn log_len(&self) -> usize {
                self.game.state.log.len()
            }

            /// The log entries from index `start` on, as a JSON list.
            fn log_json(&self, start: usize) -> String {
                let mut out = String::new();
                self.game.state.log.write_from(start, &mut out);
                out
            }
        }
    };
}

pub(crate) use native_class;
