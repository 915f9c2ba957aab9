//! Twilight Struggle in Rust: the same rules as `brinkmanship.twilight`,
//! state for state. `state` holds the typed state, `data` the map and the
//! deck, the rule modules mirror Python's `rules/` package (each adds
//! methods to `State`), `events` is where card events plug in, `json_io`
//! writes and reads the Python state's JSON and `py` is the Python class.
//!
//! Checked against the Python engine by the differential harness
//! (`tests/native/differential.py`: whole games compared after every
//! action, with options for planted positions, reloads and resamples) and
//! fuzzed by `native/tests/fuzz.rs` (action ids and malformed states).

pub mod cards;
pub mod data;
pub mod events;
pub mod state;
pub mod actions;
pub mod effects;
pub mod frames;
pub mod machine;
pub mod ops;
pub mod play;
pub mod rules;
pub mod scoring;
pub mod turn;
pub mod game;
pub mod json_io;
pub mod py;
pub mod engine_impl;
pub mod resample;
pub mod heuristic;

#[cfg(test)]
mod tests;
