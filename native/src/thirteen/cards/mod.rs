//! The 39 strategy-card events of 13 Days, one small function per card
//! (`thirteen/cards/`): `un` (cards 1-13, either side), `us` (14-26) and
//! `ussr` (27-39). Each module's `run` dispatches on the card number; the
//! continuations (`@then` in Python) are public so that
//! `events::resume` can reach them.

pub mod un;
pub mod us;
pub mod ussr;
