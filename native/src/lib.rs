//! Brinkmanship's native core: Twilight Struggle and 13 Days in Rust, behind
//! the Python engine's API (`brinkmanship.native` wraps this module). The
//! Python engine is the reference; every state here writes the same JSON,
//! so the two are compared byte for byte after every action.

pub mod api_py;
pub mod batch;
pub mod draw;
pub mod engine;
pub mod ismcts;
pub mod json;
pub mod log;
pub mod py_common;
pub mod pyrandom;
pub mod rng;
pub mod thirteen;
pub mod twilight;

use pyo3::prelude::*;

/// The extension module `brinkmanship_native`.
#[pymodule]
fn brinkmanship_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<thirteen::py::ThirteenState>()?;
    m.add_class::<twilight::py::TwilightState>()?;
    api_py::register(m)?;
    Ok(())
}
