//! Twilight Struggle in Rust: the same rules as `brinkmanship.twilight`,
//! state for state. `state` holds the typed state, `data` the map and the
//! deck, the rule modules mirror Python's `rules/` package (each adds
//! methods to `State`), `events` is where card events plug in, `json_io`
//! writes and reads the Python state's JSON and `py` is the Python class.
//!
//! Checked against the Python engine by the scripts in `native/tests/`:
//! `check_twilight_core.py` (whole games, events off, compared after every
//! action; `--positions` from positions with lasting effects),
//! `check_twilight_json.py` (every state of games with events on read back;
//! malformed states refused) and `check_twilight_steps.py` (one rules step
//! at a time in games with events on).

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
