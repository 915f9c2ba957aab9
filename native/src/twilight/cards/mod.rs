//! The card events, by group: each module exposes `implemented`, `run` and
//! `resume`, which `events` calls.

pub mod late;
