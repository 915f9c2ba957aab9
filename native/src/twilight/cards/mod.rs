//! The card events, one module per group of cards (Early, Mid and Late
//! War), each exposing `implemented`, `run`, `resume` and
//! `is_continuation`; `events` offers every call to each group in turn.

pub mod early;
