//! The card events, by period: each module exposes `implemented`, `run`
//! and `resume`, which `events` calls.

pub mod mid;
