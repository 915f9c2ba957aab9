//! Module functions of `brinkmanship_native` over the native states:
//! resampling with a Python `random.Random`'s state, whole batches of
//! random games and rollouts, and the native ISMCTS. The Python wrappers
//! are `brinkmanship.native.NativeState.resample` and
//! `brinkmanship.native.batch`.
//!
//! Batches come back as columns of bytes (one entry per game), which
//! `numpy.frombuffer` reads without a Python object per game. Every long
//! loop runs with the GIL released.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};

use crate::batch::{self, Outcome, Until};
use crate::ismcts::{self, Determinize, Params};
use crate::pyrandom::PyRandom;
use crate::thirteen::engine_impl::ThirteenEngine;
use crate::thirteen::py::ThirteenState;
use crate::twilight::engine_impl::TwilightEngine;
use crate::twilight::py::TwilightState;
use crate::{thirteen, twilight};

/// A native state handed in from Python, as an engine. Built once per call
/// and matched at once (never stored or moved about), so the size gap of
/// its variants costs nothing.
#[allow(clippy::large_enum_variant)]
enum AnyEngine {
    Thirteen(ThirteenEngine),
    Twilight(TwilightEngine),
}

/// The engine behind a `ThirteenState` or `TwilightState` (`TypeError` for
/// anything else).
fn engine_of(state: &Bound<'_, PyAny>) -> PyResult<AnyEngine> {
    if let Ok(s) = state.cast::<ThirteenState>() {
        return Ok(AnyEngine::Thirteen(ThirteenEngine::from(&*s.borrow())));
    }
    if let Ok(s) = state.cast::<TwilightState>() {
        return Ok(AnyEngine::Twilight(TwilightEngine::from(&*s.borrow())));
    }
    Err(PyTypeError::new_err(format!(
        "expected a ThirteenState or TwilightState, not {}",
        state.get_type().name()?
    )))
}

/// "USSR" or "US" as the index into `PLAYERS` (both games share them).
fn side_index(side: &str) -> PyResult<usize> {
    match side {
        "USSR" => Ok(0),
        "US" => Ok(1),
        _ => Err(PyValueError::new_err(format!(
            "unknown side {side:?}; sides are USSR, US"
        ))),
    }
}

/// `"game"`, `"stage"` or a number of decisions (0 or more).
fn parse_until(until: &Bound<'_, PyAny>) -> PyResult<Until> {
    if let Ok(text) = until.cast::<PyString>() {
        return match text.to_str()? {
            "game" => Ok(Until::Game),
            "stage" => Ok(Until::Stage),
            other => Err(PyValueError::new_err(format!(
                "until: {other:?} is not \"game\", \"stage\" or a number of decisions"
            ))),
        };
    }
    let steps: i64 = until
        .extract()
        .map_err(|_| PyTypeError::new_err("until: expected \"game\", \"stage\" or an int"))?;
    u32::try_from(steps)
        .map(Until::Steps)
        .map_err(|_| PyValueError::new_err(format!("until: {steps} decisions is out of range")))
}

/// `resample(state, side, rng_state) -> (new_state, new_rng_state)`: the
/// determinization `State.resample(side, rng)` gives, drawn from the
/// `random.Random` whose `getstate()` is `rng_state`; `new_rng_state` is
/// that generator's state after the same draws (for `setstate`).
#[pyfunction]
fn resample<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    side: &str,
    rng_state: &Bound<'py, PyAny>,
) -> PyResult<(Py<PyAny>, Bound<'py, PyTuple>)> {
    let who = side_index(side)?;
    let mut r = PyRandom::load(rng_state)?;
    let out: Py<PyAny> = match engine_of(state)? {
        AnyEngine::Thirteen(e) => {
            let side = if who == 0 {
                thirteen::state::Side::Ussr
            } else {
                thirteen::state::Side::Us
            };
            let n = thirteen::resample::resample(&e.state, side, &mut r).map_err(PyValueError::new_err)?;
            Py::new(py, ThirteenEngine::new(n).into_py())?.into_any()
        }
        AnyEngine::Twilight(e) => {
            let side = if who == 0 {
                twilight::state::Side::Ussr
            } else {
                twilight::state::Side::Us
            };
            let n = twilight::resample::resample(&e.state, side, &mut r);
            Py::new(py, TwilightEngine::new(n).into_py())?.into_any()
        }
    };
    Ok((out, r.store(py)?))
}

/// Outcomes as columns: winner (int8, -1 for none), length (uint32,
/// little-endian), result code (uint8, an index into the names; code 0,
/// name None: stopped before the end) and the result names.
type Columns<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Vec<Option<String>>,
);

fn columns<'py>(py: Python<'py>, outcomes: &[Outcome]) -> PyResult<Columns<'py>> {
    let mut names: Vec<Option<String>> = vec![None];
    let mut winner = Vec::with_capacity(outcomes.len());
    let mut length = Vec::with_capacity(outcomes.len() * 4);
    let mut code = Vec::with_capacity(outcomes.len());
    for o in outcomes {
        winner.push(o.winner as u8);
        length.extend_from_slice(&o.length.to_le_bytes());
        let at = match names.iter().position(|n| *n == o.result) {
            Some(at) => at,
            None => {
                names.push(o.result.clone());
                names.len() - 1
            }
        };
        let at = u8::try_from(at).map_err(|_| PyValueError::new_err("more than 255 distinct results"))?;
        code.push(at);
    }
    Ok((
        PyBytes::new(py, &winner),
        PyBytes::new(py, &length),
        PyBytes::new(py, &code),
        names,
    ))
}

/// `random_games(game, n, seed, options_json)`: `n` whole random games of
/// `game` ("thirteen" or "twilight"); game `i` starts from seed `seed + i`
/// (modulo 2**64) with the full options given, and its choices are drawn
/// from a generator seeded with `seed + i`. Returns the outcome columns.
#[pyfunction]
fn random_games<'py>(py: Python<'py>, game: &str, n: usize, seed: u64, options_json: &str) -> PyResult<Columns<'py>> {
    let outcomes = match game {
        "thirteen" => {
            let value = crate::json::Value::parse(options_json).map_err(PyValueError::new_err)?;
            let options = thirteen::json_io::options_from_value(&value, "options").map_err(PyValueError::new_err)?;
            py.detach(|| {
                batch::random_games(n, seed, |i| {
                    ThirteenEngine::new_game(seed.wrapping_add(i as u64), options)
                })
            })
        }
        "twilight" => {
            let options = twilight::game::parse_options(options_json).map_err(PyValueError::new_err)?;
            py.detach(|| {
                batch::random_games(n, seed, |i| {
                    TwilightEngine::new_game(seed.wrapping_add(i as u64), options)
                })
            })
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown game {other:?}; games: thirteen, twilight"
            )))
        }
    };
    columns(py, &outcomes)
}

/// `rollouts(state, n, seed, until)`: `n` random continuations of `state`
/// (rollout `i` draws from a generator seeded with `seed + i`; dice come
/// from each copy's own generator), to the game's end (`"game"`), the
/// round's or turn's end (`"stage"`) or after a number of decisions.
#[pyfunction]
fn rollouts<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    n: usize,
    seed: u64,
    until: &Bound<'py, PyAny>,
) -> PyResult<Columns<'py>> {
    let until = parse_until(until)?;
    let outcomes = match engine_of(state)? {
        AnyEngine::Thirteen(e) => py.detach(|| batch::rollouts(&e, n, seed, until)),
        AnyEngine::Twilight(e) => py.detach(|| batch::rollouts(&e, n, seed, until)),
    };
    columns(py, &outcomes)
}

/// Each root action's (id, visits, reward sum), and the iterations run.
type RootStats = (Vec<(u16, u32, f64)>, u64);

fn search<E: Determinize>(
    py: Python<'_>,
    e: E,
    side: usize,
    params: Params,
    seed: u64,
    root_priors: &[(u16, f64)],
) -> ismcts::Report {
    py.detach(move || ismcts::search(&e, side, params, seed, root_priors))
}

/// `ismcts_search(state, side, c, until, iters, seconds, seed, sharpness)`:
/// the native ISMCTS over `side`'s information set behind `state` (every
/// iteration redeals what `side` cannot see, so the real hidden cards never
/// steer it). Returns `([(action id, visits, reward sum), ...], iterations)`
/// for the root's actions; `iters` wins over `seconds`. `sharpness` shapes
/// the priors from the one-step lookahead (0: uniform priors); `greedy` is
/// the share of rollout moves the lookahead picks (the rest are random);
/// `root_priors`, `[(action id, weight), ...]`, replaces the root's priors.
#[pyfunction]
#[pyo3(signature = (state, side, c, until, iters=None, seconds=None, seed=0, sharpness=3.0, greedy=0.0, root_priors=None))]
#[allow(clippy::too_many_arguments)]
fn ismcts_search<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    side: &str,
    c: f64,
    until: &Bound<'py, PyAny>,
    iters: Option<u64>,
    seconds: Option<f64>,
    seed: u64,
    sharpness: f64,
    greedy: f64,
    root_priors: Option<Vec<(u16, f64)>>,
) -> PyResult<RootStats> {
    let who = side_index(side)?;
    if !c.is_finite() || c < 0.0 {
        return Err(PyValueError::new_err(format!("c: {c} is not a number of 0 or more")));
    }
    if let Some(s) = seconds {
        if !s.is_finite() || s < 0.0 {
            return Err(PyValueError::new_err(format!(
                "seconds: {s} is not a number of 0 or more"
            )));
        }
    }
    if !sharpness.is_finite() || sharpness < 0.0 {
        return Err(PyValueError::new_err(format!(
            "sharpness: {sharpness} is not a number of 0 or more"
        )));
    }
    let root_priors = root_priors.unwrap_or_default();
    if root_priors.iter().any(|&(_, p)| !p.is_finite() || p < 0.0) {
        return Err(PyValueError::new_err(
            "root_priors: weights must be numbers of 0 or more",
        ));
    }
    if !(0.0..=1.0).contains(&greedy) {
        return Err(PyValueError::new_err(format!(
            "greedy: {greedy} is not a share from 0 to 1"
        )));
    }
    let params = Params {
        c,
        until: parse_until(until)?,
        iters,
        seconds,
        sharpness,
        greedy,
    };
    let report = match engine_of(state)? {
        AnyEngine::Thirteen(e) => search(py, e, who, params, seed, &root_priors),
        AnyEngine::Twilight(e) => search(py, e, who, params, seed, &root_priors),
    };
    Ok((report.stats, report.iterations))
}

/// Add the module functions to `brinkmanship_native`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(resample, m)?)?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add_function(wrap_pyfunction!(rollouts, m)?)?;
    m.add_function(wrap_pyfunction!(ismcts_search, m)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;

    #[test]
    fn native_search_picks_a_legal_action() {
        for seed in 0..3u64 {
            let mut e = ThirteenEngine::new_default(seed);
            let side = e.mover();
            let legal = e.legal().to_vec();
            let params = Params {
                c: 0.7,
                until: Until::Stage,
                iters: Some(200),
                seconds: None,
                sharpness: 3.0,
                greedy: 0.5,
            };
            let report = ismcts::search(&e, side, params, seed, &[]);
            assert_eq!(report.iterations, 200);
            assert!(report.stats.iter().all(|(id, _, _)| legal.contains(id)));
            let opts = twilight::state::Options {
                events: false,
                optional_cards: true,
            };
            let t = TwilightEngine::new_game(seed, opts);
            let report = ismcts::search(
                &t,
                t.mover(),
                Params {
                    until: Until::Steps(20),
                    ..params
                },
                seed,
                &[],
            );
            assert_eq!(report.iterations, 200);
        }
    }
}
