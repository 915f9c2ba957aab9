//! The few draws a determinization makes (`resample`), over either
//! generator: Python's `random.Random` ([`PyRandom`], so a resample from
//! Python deals exactly what the Python engine deals and leaves the
//! caller's generator in the same state), or the crate's SplitMix64 state
//! (a plain `u64`, for the native search, where no Python generator is
//! involved and speed matters).

use crate::pyrandom::PyRandom;
use crate::rng;

/// A source of the draws `resample` makes, with Python's semantics.
pub trait Draw {
    /// A uniform integer in `0..n` for `n > 0` (`random.Random._randbelow`).
    fn below(&mut self, n: usize) -> usize;

    /// 64 random bits (`random.Random.getrandbits(64)`).
    fn bits64(&mut self) -> u64;

    /// Shuffle in place exactly as `random.Random.shuffle`: Fisher-Yates
    /// from the end, one `below(i + 1)` per position.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

impl Draw for PyRandom {
    fn below(&mut self, n: usize) -> usize {
        self.randbelow(n as u64) as usize
    }

    fn bits64(&mut self) -> u64 {
        // 64 bits are always within `getrandbits`'s small form.
        self.getrandbits(64).unwrap_or(0)
    }
}

/// The SplitMix64 state of `crate::rng` as a draw source.
impl Draw for u64 {
    fn below(&mut self, n: usize) -> usize {
        rng::randbelow(self, n)
    }

    fn bits64(&mut self) -> u64 {
        rng::next_u64(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffle_matches_pyrandom() {
        // The trait's shuffle is `PyRandom::shuffle` (checked against CPython).
        let mut a = PyRandom::from_u64(3);
        let mut b = a.clone();
        let mut x: Vec<u32> = (0..40).collect();
        let mut y = x.clone();
        Draw::shuffle(&mut a, &mut x);
        PyRandom::shuffle(&mut b, &mut y);
        assert_eq!(x, y);
        assert_eq!(a, b);
    }
}
