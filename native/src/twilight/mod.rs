//! Twilight Struggle in Rust: the same rules as `brinkmanship.twilight`,
//! state for state. `state` holds the typed state, `data` the map and the
//! deck, the rule modules mirror Python's `rules/` package (each adds
//! methods to `State`), `events` is where card events plug in, `json_io`
//! writes and reads the Python state's JSON and `py` is the Python class.

pub mod data;
pub mod events;
pub mod cards;
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

#[cfg(test)]
mod tests;
