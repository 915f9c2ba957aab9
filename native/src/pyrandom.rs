//! Python's `random.Random` (the Mersenne Twister MT19937), bit for bit.
//!
//! The games' own shuffles and dice use the state's SplitMix64 (`crate::rng`),
//! but a determinization (`State.resample(side, rng)`) draws from the
//! caller's `random.Random`: to resample natively and still deal exactly
//! the cards the Python engine deals, the native core must draw the same
//! numbers from the same generator state. So this module reproduces
//! CPython's generator (`Modules/_randommodule.c` and `Lib/random.py`):
//! seeding from an int (`init_by_array` over the 32-bit words of its
//! absolute value), `getrandbits`, `random()`, `_randbelow` (by
//! rejection over `getrandbits`), `randrange(n)` and `shuffle`; and
//! [`PyRandom::load`]/[`PyRandom::store`] read and write the tuple of
//! `random.Random.getstate()`, so a Python generator can be handed to the
//! native core and its state given back, advanced by exactly the draws
//! made.

use num_bigint::BigInt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Words of the generator's state.
const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;
/// The version `random.Random.getstate()` writes first in its tuple.
const STATE_VERSION: i64 = 3;

/// A Mersenne Twister in the very state a Python `random.Random` holds.
#[derive(Clone, Debug, PartialEq)]
pub struct PyRandom {
    mt: [u32; N],
    /// The next word of `mt` to temper; `N` means "twist first".
    index: usize,
    /// `random.gauss`'s spare value, kept only to give it back in `store`.
    gauss_next: Option<f64>,
}

impl PyRandom {
    /// The generator of `random.Random(seed)` for a seed given as the
    /// little-endian 32-bit words of its absolute value (CPython seeds
    /// from `abs(seed)`; zero is the single word 0).
    pub fn from_key(key: &[u32]) -> Self {
        let mut r = Self::from_word(19_650_218);
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        let mt = &mut r.mt;
        // Both passes walk `i` over 1..N, wrapping to 1 with word 0 set
        // to the last word.
        let next = |mt: &mut [u32; N], i: usize| -> usize {
            if i + 1 >= N {
                mt[0] = mt[N - 1];
                1
            } else {
                i + 1
            }
        };
        let mut i = 1usize;
        for step in 0..N.max(key.len()) {
            let j = step % key.len();
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_664_525)).wrapping_add(key[j]).wrapping_add(j as u32);
            i = next(mt, i);
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i = next(mt, i);
        }
        mt[0] = 0x8000_0000; // a non-zero state whatever the key
        r
    }

    /// CPython's `init_genrand`: the state from one 32-bit word (the
    /// first step of seeding from a key).
    fn from_word(s: u32) -> Self {
        let mut mt = [0u32; N];
        mt[0] = s;
        for i in 1..N {
            mt[i] = 1_812_433_253u32.wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_add(i as u32);
        }
        PyRandom { mt, index: N, gauss_next: None }
    }

    /// `random.Random(seed)` for a 64-bit seed.
    pub fn from_u64(seed: u64) -> Self {
        let words = [seed as u32, (seed >> 32) as u32];
        Self::from_key(if words[1] == 0 { &words[..1] } else { &words })
    }

    /// `random.Random(seed)` for any Python int (its absolute value seeds).
    pub fn from_int(seed: &BigInt) -> Self {
        Self::from_key(&seed.magnitude().to_u32_digits())
    }

    /// The generator of a state made of `mt`'s 624 words and the index,
    /// as in `getstate()`; `None` when the index is out of range.
    pub fn from_parts(mt: &[u32], index: usize, gauss_next: Option<f64>) -> Option<Self> {
        let words: [u32; N] = mt.try_into().ok()?;
        (index <= N).then_some(PyRandom { mt: words, index, gauss_next })
    }

    /// The words and the index (the inverse of [`PyRandom::from_parts`]).
    pub fn parts(&self) -> (&[u32; N], usize, Option<f64>) {
        (&self.mt, self.index, self.gauss_next)
    }

    /// The next 32 random bits (`genrand_uint32`).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Refill all 624 words at once, as MT19937 does every 624 draws.
    fn twist(&mut self) {
        let mt = &mut self.mt;
        for k in 0..N {
            let y = (mt[k] & UPPER_MASK) | (mt[(k + 1) % N] & LOWER_MASK);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// `random()`: a float in [0, 1) with 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `getrandbits(k)` for `k <= 64` (`None` for more: see
    /// [`PyRandom::getrandbits_words`]). Python draws one 32-bit word per
    /// started 32 bits, the last one shifted down to what is left.
    pub fn getrandbits(&mut self, k: u32) -> Option<u64> {
        match k {
            0 => Some(0),
            1..=32 => Some(u64::from(self.next_u32() >> (32 - k))),
            33..=64 => {
                let low = u64::from(self.next_u32());
                let high = u64::from(self.next_u32() >> (64 - k));
                Some(low | (high << 32))
            }
            _ => None,
        }
    }

    /// `getrandbits(k)` for any `k`, as little-endian 32-bit words.
    pub fn getrandbits_words(&mut self, k: u32) -> Vec<u32> {
        let mut out = Vec::with_capacity(k.div_ceil(32) as usize);
        let mut left = k;
        while left > 0 {
            let r = self.next_u32();
            out.push(if left < 32 { r >> (32 - left) } else { r });
            left = left.saturating_sub(32);
        }
        out
    }

    /// `_randbelow(n)`: uniform in `0..n` by rejection over
    /// `getrandbits(n.bit_length())`; 0 for `n == 0` (Python's contract
    /// is `n > 0`; it answers 0 there too, drawing nothing).
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let k = 64 - n.leading_zeros();
        loop {
            // k is 1..=64, so `getrandbits` always answers.
            let r = self.getrandbits(k).unwrap_or(0);
            if r < n {
                return r;
            }
        }
    }

    /// `randrange(n)` for `n > 0` (`None` for an empty range, where Python
    /// raises `ValueError`).
    pub fn randrange(&mut self, n: u64) -> Option<u64> {
        (n > 0).then(|| self.randbelow(n))
    }

    /// `shuffle(items)`: Fisher-Yates from the end, as `random.shuffle`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.randbelow(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// The generator whose state is `state`, the tuple of
    /// `random.Random.getstate()`: `(3, (624 words..., index), gauss_next)`.
    /// Anything else raises `ValueError` saying what is wrong.
    pub fn load(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bad = |what: &str| PyValueError::new_err(format!("random state: {what}"));
        let tuple = state.cast::<PyTuple>().map_err(|_| bad("not a tuple (random.Random.getstate())"))?;
        if tuple.len() != 3 {
            return Err(bad("a tuple of 3 items is expected"));
        }
        let version = int_item(tuple, 0).ok_or_else(|| bad("the version is not an int"))?;
        if version != STATE_VERSION {
            return Err(bad(&format!("version {version}, only version {STATE_VERSION} is read")));
        }
        let internal = tuple.get_item(1)?;
        let words = internal.cast::<PyTuple>().map_err(|_| bad("item 1 is not a tuple"))?;
        if words.len() != N + 1 {
            return Err(bad(&format!("item 1 holds {} ints, not {}", words.len(), N + 1)));
        }
        // The 624 words, then the index, all checked the same way.
        let mut mt = [0u32; N];
        for (i, slot) in mt.iter_mut().enumerate() {
            *slot = int_item(words, i)
                .and_then(|w| u32::try_from(w).ok())
                .ok_or_else(|| bad(&format!("word {i} is not an int in 0..2**32")))?;
        }
        let index = int_item(words, N).ok_or_else(|| bad("the index is not an int"))?;
        let index = usize::try_from(index)
            .ok()
            .filter(|&i| i <= N)
            .ok_or_else(|| bad(&format!("index {index} is out of range 0..={N}")))?;
        let gauss = tuple.get_item(2)?;
        let gauss_next: Option<f64> =
            if gauss.is_none() { None } else { Some(gauss.extract().map_err(|_| bad("gauss_next is not a float"))?) };
        Ok(PyRandom { mt, index, gauss_next })
    }

    /// The state as `random.Random.getstate()` gives it, for
    /// `random.Random.setstate`.
    pub fn store<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut words: Vec<usize> = self.mt.iter().map(|&w| w as usize).collect();
        words.push(self.index);
        let internal = PyTuple::new(py, words)?;
        let gauss: Bound<'py, PyAny> = match self.gauss_next {
            Some(g) => g.into_pyobject(py)?.into_any(),
            None => py.None().into_bound(py),
        };
        PyTuple::new(py, [STATE_VERSION.into_pyobject(py)?.into_any(), internal.into_any(), gauss])
    }
}

/// Item `k` of a tuple as an int, `None` if it is not one (or too big for
/// an `i64`): every int of `getstate()`'s tuple is read through here.
fn int_item(tuple: &Bound<'_, PyTuple>, k: usize) -> Option<i64> {
    tuple.get_item(k).ok()?.extract().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `words(v)`: the little-endian 32-bit words of a u128.
    fn to_u128(words: &[u32]) -> u128 {
        words.iter().rev().fold(0u128, |acc, &w| (acc << 32) | u128::from(w))
    }

    /// The values below were printed by CPython 3.11 (`random.Random(seed)`).
    struct Expected {
        seed: i128,
        u32s: [u32; 3],
        random: [f64; 3],
        bits64: u64,
        bits7: u64,
        bits100: u128,
        shuffle20: [u32; 20],
        randrange: [u64; 7],
        index: usize,
        mt0: [u32; 3],
    }

    const RANGES: [u64; 7] = [1, 2, 3, 6, 7, 100, 1_000_003];

    fn expected() -> Vec<Expected> {
        vec![
            Expected {
                seed: 0,
                u32s: [3626764237, 1654615998, 3255389356],
                random: [0.8444218515250481, 0.7579544029403025, 0.420571580830845],
                bits64: 7106521602475165645,
                bits7: 97,
                bits100: 320120153174708524685608814210,
                shuffle20: [10, 18, 16, 14, 0, 17, 11, 2, 3, 9, 5, 7, 4, 19, 6, 15, 8, 1, 13, 12],
                randrange: [0, 0, 2, 0, 6, 87, 346236],
                index: 48,
                mt0: [1372342863, 3221959423, 4180954279],
            },
            Expected {
                seed: 1,
                u32s: [577090037, 2444712010, 3639700191],
                random: [0.13436424411240122, 0.8474337369372327, 0.763774618976614],
                bits64: 10499958131665514997,
                bits7: 108,
                bits100: 321912487774453150805552873008,
                shuffle20: [11, 5, 17, 19, 9, 0, 16, 1, 15, 6, 10, 13, 14, 12, 7, 3, 8, 2, 18, 4],
                randrange: [0, 1, 2, 1, 4, 13, 945215],
                index: 37,
                mt0: [2145931878, 2812664348, 2124062512],
            },
            Expected {
                seed: 42,
                u32s: [2746317213, 478163327, 107420369],
                random: [0.6394267984578837, 0.025010755222666936, 0.27502931836911926],
                bits64: 2053695854357871005,
                bits7: 3,
                bits100: 257086819302815227845767741691,
                shuffle20: [19, 5, 14, 4, 9, 13, 15, 18, 6, 12, 17, 10, 1, 11, 2, 16, 7, 8, 0, 3],
                randrange: [0, 1, 0, 3, 4, 35, 848749],
                index: 37,
                mt0: [2468570525, 44967195, 2667364560],
            },
            Expected {
                seed: 1 << 32,
                u32s: [485306839, 1508871100, 1794561286],
                random: [0.11299430095636409, 0.41782886486292836, 0.0166763664992291],
                bits64: 6480552028864852439,
                bits7: 53,
                bits100: 714861595604020845928788911314,
                shuffle20: [6, 18, 1, 14, 4, 19, 10, 2, 15, 7, 8, 5, 17, 12, 9, 16, 0, 13, 11, 3],
                randrange: [0, 1, 0, 5, 0, 84, 931679],
                index: 37,
                mt0: [2459513802, 119634792, 2021600],
            },
            Expected {
                seed: -7,
                u32s: [1390851128, 4071050724, 647892279],
                random: [0.32383276483316237, 0.15084917392450192, 0.6509344730398537],
                bits64: 17485029721327973432,
                bits7: 19,
                bits100: 83053807396998737775543133966,
                shuffle20: [17, 15, 11, 18, 7, 6, 19, 3, 14, 0, 9, 5, 16, 8, 13, 2, 1, 12, 4, 10],
                randrange: [0, 1, 0, 4, 0, 28, 661259],
                index: 32,
                mt0: [2209797851, 1310782419, 3119086015],
            },
            Expected {
                seed: (1 << 70) + 12345,
                u32s: [4124372728, 1880144277, 4058479540],
                random: [0.9602803546023011, 0.944938405487643, 0.11774044269768646],
                bits64: 8075158185600937720,
                bits7: 120,
                bits100: 927967592018273902013272962553,
                shuffle20: [1, 7, 8, 16, 13, 19, 18, 11, 10, 0, 9, 17, 5, 4, 6, 15, 2, 12, 3, 14],
                randrange: [0, 1, 1, 5, 6, 20, 237569],
                index: 38,
                mt0: [20640339, 987234286, 1376452653],
            },
            Expected {
                seed: u64::MAX as i128,
                u32s: [93740670, 1068495656, 1452108352],
                random: [0.021825695401270107, 0.3380953268613758, 0.21196748656082065],
                bits64: 4589153898531806846,
                bits7: 43,
                bits100: 749186566286002561074585828115,
                shuffle20: [16, 4, 13, 15, 2, 17, 12, 18, 8, 3, 19, 11, 5, 1, 9, 14, 6, 10, 7, 0],
                randrange: [0, 1, 1, 2, 6, 73, 304754],
                index: 38,
                mt0: [2802514628, 3503941503, 1835320315],
            },
        ]
    }

    fn seeded(seed: i128) -> PyRandom {
        PyRandom::from_int(&BigInt::from(seed))
    }

    #[test]
    fn draws_as_cpython() {
        for e in expected() {
            let mut r = seeded(e.seed);
            let u: Vec<u32> = (0..3).map(|_| r.next_u32()).collect();
            assert_eq!(u, e.u32s, "seed {}", e.seed);

            let mut r = seeded(e.seed);
            let f: Vec<f64> = (0..3).map(|_| r.random()).collect();
            assert_eq!(f, e.random, "seed {}", e.seed);

            let mut r = seeded(e.seed);
            assert_eq!(r.getrandbits(64), Some(e.bits64), "seed {}", e.seed);
            assert_eq!(r.getrandbits(7), Some(e.bits7));
            assert_eq!(r.getrandbits(0), Some(0));
            assert_eq!(to_u128(&r.getrandbits_words(100)), e.bits100);

            let mut r = seeded(e.seed);
            let mut items: Vec<u32> = (0..20).collect();
            r.shuffle(&mut items);
            assert_eq!(items, e.shuffle20, "seed {}", e.seed);
            let drawn: Vec<u64> = RANGES.iter().map(|&n| r.randrange(n).unwrap_or(u64::MAX)).collect();
            assert_eq!(drawn, e.randrange, "seed {}", e.seed);
            let (mt, index, gauss) = r.parts();
            assert_eq!((index, &mt[..3], gauss), (e.index, &e.mt0[..], None), "seed {}", e.seed);
        }
    }

    #[test]
    fn seeds_agree() {
        // A u64 seed is the same generator as the same int; the sign is ignored.
        for s in [0u64, 1, 42, 1 << 32, u64::MAX] {
            assert_eq!(PyRandom::from_u64(s), seeded(i128::from(s)));
        }
        assert_eq!(seeded(-7), seeded(7));
    }

    #[test]
    fn getrandbits_words_matches_the_small_form() {
        let mut a = PyRandom::from_u64(9);
        let mut b = a.clone();
        for k in [1u32, 5, 31, 32, 33, 63, 64] {
            let words = b.getrandbits_words(k);
            assert_eq!(a.getrandbits(k), Some(to_u128(&words) as u64), "k {k}");
        }
        assert_eq!(a.getrandbits(65), None);
        assert_eq!(a.randrange(0), None);
    }

    #[test]
    fn parts_round_trip() {
        let mut r = PyRandom::from_u64(5);
        r.random();
        let (mt, index, gauss) = r.parts();
        let back = PyRandom::from_parts(mt, index, gauss);
        assert_eq!(back.as_ref(), Some(&r));
        assert_eq!(PyRandom::from_parts(&mt[..10], 0, None), None);
        assert_eq!(PyRandom::from_parts(mt, N + 1, None), None);
    }

    #[test]
    fn load_and_store_speak_getstate() {
        Python::initialize();
        Python::attach(|py| -> PyResult<()> {
            let random = py.import("random")?;
            let generator = random.getattr("Random")?.call1((1234,))?;
            generator.call_method1("random", ())?;
            let state = generator.call_method0("getstate")?;
            let mut r = PyRandom::load(&state)?;
            assert_eq!(r, PyRandom::from_u64(1234).tap_random());
            // The same draws on both sides, then the states agree again.
            let ours: Vec<f64> = (0..700).map(|_| r.random()).collect();
            let theirs: Vec<f64> =
                (0..700).map(|_| generator.call_method0("random")?.extract()).collect::<PyResult<_>>()?;
            assert_eq!(ours, theirs);
            let stored = r.store(py)?;
            assert!(stored.eq(generator.call_method0("getstate")?)?);
            generator.call_method1("setstate", (stored,))?;
            assert_eq!(generator.call_method0("random")?.extract::<f64>()?, r.random());
            // Malformed states are refused with ValueError.
            for bad in ["None", "(3, (1, 2), None)", "(2, tuple(range(625)), None)", "(3, (0,) * 624 + (625,), None)"] {
                let value = py.eval(&std::ffi::CString::new(bad)?, None, None)?;
                let err = PyRandom::load(&value).expect_err(bad);
                assert!(err.is_instance_of::<PyValueError>(py), "{bad}");
            }
            Ok(())
        })
        .expect("load and store");
    }

    impl PyRandom {
        /// This generator after one `random()` (test helper).
        fn tap_random(mut self) -> Self {
            self.random();
            self
        }
    }
}
