//! The card events, one module per group of cards (Early War with the
//! scoring cards' own parts, Mid War, Late War with the optional cards and
//! the interrupts). Each exposes `implemented`, `run`, `resume` and
//! `is_continuation`; `events` offers every call to each group in turn.

pub mod early;
pub mod late;
pub mod mid;
