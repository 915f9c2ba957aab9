//! 13 Days: The Cuban Missile Crisis, 1962, as a native state
//! (`brinkmanship/thirteen/`). The Python engine is the reference: the
//! same action ids, the same legal order, the same log entries and a
//! byte-identical `to_json` after every action.
//!
//! - `data`: the board and card tables;
//! - `state`: the typed state, every frame kind, the shared helpers;
//! - `actions`: the action space (ids as `thirteen/actions.py`);
//! - `frames`: the generic event frames (cubes, shift, ask);
//! - `play`, `round`, `scoring`: the rules, module per module as Python;
//! - `machine`: the frame-stack machine (legal actions, apply, advance);
//! - `events`: the card events (the rules call `events::run`/`resume`);
//! - `json_io`: `to_json`, `from_json`, `new_game`;
//! - `py`: the PyO3 class `ThirteenState`.

pub mod actions;
pub mod data;
pub mod events;
pub mod frames;
pub mod json_io;
pub mod machine;
pub mod play;
pub mod py;
pub mod round;
pub mod scoring;
pub mod state;
pub mod engine_impl;
pub mod resample;
pub mod heuristic;
#[cfg(test)]
mod tests;
