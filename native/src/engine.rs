//! What batch play and native search need from a game, whatever the game:
//! both native states implement [`Rules`], and the one generic wrapper
//! [`Cached`] turns either into an [`Engine`] (the batch loops and the
//! search are written once, over `Engine`). The Python classes wrap the
//! same [`Cached`], so a state and its legal ids are kept in one place.

use crate::log::Log;

/// A native game state seen as a sequential game with chance nodes.
pub trait Engine: Clone + Send {
    /// The game's name (`"twilight"`, `"thirteen"`).
    const NAME: &'static str;
    /// The two sides in the game's order (`players` in Python).
    const PLAYERS: [&'static str; 2];

    /// A new game from a seed (taken modulo 2**64) with the default options.
    fn new_default(seed: u64) -> Self;
    /// Stop recording the log (batch games and rollouts nobody reads).
    fn mute_log(&mut self);
    /// True once the game has ended.
    fn is_over(&self) -> bool;
    /// True when the pending decision is a die roll.
    fn is_chance(&self) -> bool;
    /// The side to act as an index into `PLAYERS` (meaningless when over or at chance).
    fn mover(&self) -> usize;
    /// The legal action ids in the engine's order (cached until the next apply).
    fn legal(&mut self) -> &[u16];
    /// Apply an id known to be legal now.
    fn apply_legal(&mut self, id: u16);
    /// The die face the state's own generator gives (the chance action's id).
    fn chance_id(&mut self) -> u16;
    /// The winner as an index into `PLAYERS`, or `None` (a draw, or not over).
    fn winner_index(&self) -> Option<usize>;
    /// Why the game ended (`None` while it goes on).
    fn result_name(&self) -> Option<&str>;
    /// Decisions taken so far (`ply`).
    fn ply(&self) -> u32;
    /// The public round or turn number (`Game.stage`).
    fn stage(&self) -> u32;
    /// The first player's chances in [0, 1] judged from the position alone
    /// (a search cut short scores its leaf with it): 0.5 knows nothing.
    fn evaluate(&self) -> f64 {
        0.5
    }
    /// Each side's outcome as Python's `returns()` gives it.
    fn returns(&self) -> [f64; 2] {
        if !self.is_over() {
            return [0.0, 0.0];
        }
        match self.winner_index() {
            Some(0) => [1.0, -1.0],
            Some(_) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }
}

/// A game's state as the rules see it: what [`Cached`] needs to make it an
/// [`Engine`]. Each game implements this once (its `engine_impl.rs`) with
/// what differs between the games; what does not is here or in
/// [`Cached`]: the legal-id cache, checked and unchecked applies, new
/// games with the default options, an ended game's value.
pub trait Rules: Clone + Send {
    /// See [`Engine::NAME`].
    const NAME: &'static str;
    /// See [`Engine::PLAYERS`].
    const PLAYERS: [&'static str; 2];
    /// The game's options (`Default`: the Python engine's defaults).
    type Options: Default;
    /// A new game from a seed (modulo 2**64, stored as [`python_seed`]
    /// gives it) with `options`, at its first decision.
    fn new_game(seed: u64, options: Self::Options) -> Self;
    /// The state's log (muted by batch play).
    fn log_mut(&mut self) -> &mut Log;
    /// True once the game has ended.
    fn is_over(&self) -> bool;
    /// True when the pending decision is a die roll.
    fn is_chance(&self) -> bool;
    /// The side to act as an index into `PLAYERS`.
    fn mover(&self) -> usize;
    /// Append the legal ids, in the Python engine's order, to `out`.
    fn legal_into(&self, out: &mut Vec<u16>);
    /// Apply an id the caller knows to be legal now.
    fn apply_id(&mut self, id: u16);
    /// The die face the state's own generator gives.
    fn chance_id(&mut self) -> u16;
    /// See [`Engine::winner_index`].
    fn winner_index(&self) -> Option<usize>;
    /// See [`Engine::result_name`].
    fn result_name(&self) -> Option<&str>;
    /// See [`Engine::ply`].
    fn ply(&self) -> u32;
    /// See [`Engine::stage`].
    fn stage(&self) -> u32;
    /// See [`Engine::evaluate`]; only asked while the game goes on ([`Cached`]
    /// scores an ended game by its winner).
    fn evaluate(&self) -> f64 {
        0.5
    }
}

/// A new game's seed as the Python engine stores it: the int itself, or
/// (`Err`) its decimal text when it does not fit an `i64`.
pub fn python_seed(seed: u64) -> Result<i64, String> {
    i64::try_from(seed).map_err(|_| seed.to_string())
}

/// The legal ids of a state, kept until the state changes (only [`Cached`]
/// holds one). The buffer is reused: refilling it after each apply
/// allocates nothing once it has grown to the game's widest decision.
#[derive(Default)]
struct LegalCache {
    ids: Vec<u16>,
    fresh: bool,
}

impl Clone for LegalCache {
    /// A copy starts empty: copies are mostly made to be changed (search,
    /// rollouts), and an empty vector costs no allocation.
    fn clone(&self) -> LegalCache {
        LegalCache::default()
    }
}

impl LegalCache {
    /// The legal ids of `state` (generated on the first ask after a change).
    #[inline]
    fn get<R: Rules>(&mut self, state: &R) -> &[u16] {
        if !self.fresh {
            self.ids.clear();
            state.legal_into(&mut self.ids);
            self.fresh = true;
        }
        &self.ids
    }

    /// The state changed: the ids are asked anew next time.
    #[inline]
    fn invalidate(&mut self) {
        self.fresh = false;
    }
}

/// A game state with its legal ids cached: the [`Engine`] that batch play
/// and the search run on (`ThirteenEngine`, `TwilightEngine`), and the
/// inside of the Python classes (`ThirteenState`, `TwilightState`). The
/// ids are generated on the first ask after a change, and every change
/// goes through [`Engine::apply_legal`], which marks them stale.
#[derive(Clone)]
pub struct Cached<R> {
    /// The game state itself.
    pub state: R,
    /// The legal ids of `state`.
    legal: LegalCache,
}

impl<R: Rules> Cached<R> {
    /// Wrap a state (its legal ids are computed on first use).
    pub fn new(state: R) -> Cached<R> {
        Cached {
            state,
            legal: LegalCache::default(),
        }
    }

    /// A new game from a seed (modulo 2**64) with the given options.
    pub fn new_game(seed: u64, options: R::Options) -> Cached<R> {
        Cached::new(R::new_game(seed, options))
    }

    /// Apply `id` if it is legal now, and say whether it was (the state is
    /// unchanged when not): ids from outside, as the Python classes get
    /// them. Legality is checked on the cached ids: no copy of the state is
    /// made for a rollback.
    #[inline]
    pub fn try_apply(&mut self, id: i64) -> bool {
        let legal = self.legal.get(&self.state);
        let Some(id) = u16::try_from(id).ok().filter(|i| legal.contains(i)) else {
            return false;
        };
        self.apply_legal(id);
        true
    }
}

impl<R: Rules> Engine for Cached<R> {
    const NAME: &'static str = R::NAME;
    const PLAYERS: [&'static str; 2] = R::PLAYERS;

    fn new_default(seed: u64) -> Self {
        Cached::new_game(seed, R::Options::default())
    }

    fn mute_log(&mut self) {
        self.state.log_mut().mute();
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    #[inline]
    fn is_chance(&self) -> bool {
        self.state.is_chance()
    }

    fn mover(&self) -> usize {
        self.state.mover()
    }

    #[inline]
    fn legal(&mut self) -> &[u16] {
        self.legal.get(&self.state)
    }

    #[inline]
    fn apply_legal(&mut self, id: u16) {
        self.state.apply_id(id);
        self.legal.invalidate();
    }

    fn chance_id(&mut self) -> u16 {
        self.state.chance_id()
    }

    fn winner_index(&self) -> Option<usize> {
        self.state.winner_index()
    }

    fn result_name(&self) -> Option<&str> {
        self.state.result_name()
    }

    fn ply(&self) -> u32 {
        self.state.ply()
    }

    fn stage(&self) -> u32 {
        self.state.stage()
    }

    fn evaluate(&self) -> f64 {
        if !self.state.is_over() {
            return self.state.evaluate();
        }
        match self.state.winner_index() {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// An ordered list of at most `N` cards (`u8` ids) held inline. A state
/// holds a dozen card lists (hands, decks, piles): as vectors, every clone
/// of a state made a dozen allocations; inline, a clone is one copy. `N` is
/// the game's number of cards, and a card is in at most one list once, so
/// a list never overflows in play (readers of JSON check the length first:
/// [`Cards::from_slice`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Cards<const N: usize> {
    len: u8,
    items: [u8; N],
}

impl<const N: usize> Default for Cards<N> {
    fn default() -> Self {
        Cards { len: 0, items: [0; N] }
    }
}

impl<const N: usize> std::fmt::Debug for Cards<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<const N: usize> std::ops::Deref for Cards<N> {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        &self.items[..usize::from(self.len)]
    }
}

impl<const N: usize> std::ops::DerefMut for Cards<N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<const N: usize> Cards<N> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// The cards of `cards`, or an error when there are more than `N`
    /// (input read from outside).
    pub fn from_slice(cards: &[u8]) -> Result<Self, String> {
        if cards.len() > N {
            return Err(format!("{} cards where at most {N} fit", cards.len()));
        }
        let mut out = Self::default();
        out.items[..cards.len()].copy_from_slice(cards);
        out.len = cards.len() as u8;
        Ok(out)
    }

    /// Add a card at the end.
    ///
    /// # Panics
    /// When the list is full: a card would then be in two places, a bug of
    /// the rules, not of input.
    #[inline]
    pub fn push(&mut self, card: u8) {
        let at = usize::from(self.len);
        assert!(at < N, "a card list holds each of the {N} cards once at most");
        self.items[at] = card;
        self.len += 1;
    }

    /// Take the last card.
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[usize::from(self.len)])
    }

    /// Take the card at `index`, the later ones moving down (as `Vec::remove`).
    ///
    /// # Panics
    /// When `index` is out of range (as `Vec::remove`).
    pub fn remove(&mut self, index: usize) -> u8 {
        let len = usize::from(self.len);
        assert!(index < len, "card index {index} out of range");
        let card = self.items[index];
        self.items.copy_within(index + 1..len, index);
        self.len -= 1;
        card
    }

    /// Put `card` at `index`, the later ones moving up (as `Vec::insert`).
    pub fn insert(&mut self, index: usize, card: u8) {
        let len = usize::from(self.len);
        assert!(index <= len && len < N, "card index {index} out of range or list full");
        self.items.copy_within(index..len, index + 1);
        self.items[index] = card;
        self.len += 1;
    }

    /// Keep the cards `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&u8) -> bool) {
        let items = self.items;
        let mut n = 0;
        for &c in &items[..usize::from(self.len)] {
            if keep(&c) {
                self.items[n] = c;
                n += 1;
            }
        }
        self.len = n as u8;
    }

    /// Empty the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keep the first `len` cards.
    pub fn truncate(&mut self, len: usize) {
        if len < usize::from(self.len) {
            self.len = len as u8;
        }
    }

    /// Add `cards` at the end.
    pub fn extend_from_slice(&mut self, cards: &[u8]) {
        for &c in cards {
            self.push(c);
        }
    }

    /// The cards as a vector.
    pub fn to_vec(&self) -> Vec<u8> {
        self[..].to_vec()
    }
}

impl<const N: usize> Extend<u8> for Cards<N> {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, iter: I) {
        for c in iter {
            self.push(c);
        }
    }
}

impl<'a, const N: usize> Extend<&'a u8> for Cards<N> {
    fn extend<I: IntoIterator<Item = &'a u8>>(&mut self, iter: I) {
        for &c in iter {
            self.push(c);
        }
    }
}

impl<const N: usize> FromIterator<u8> for Cards<N> {
    /// Collect cards (the rules' own lists; input uses `from_slice`).
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut out = Self::default();
        out.extend(iter);
        out
    }
}

impl<'a, const N: usize> IntoIterator for &'a Cards<N> {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<const N: usize> IntoIterator for Cards<N> {
    type Item = u8;
    type IntoIter = std::iter::Take<std::array::IntoIter<u8, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(usize::from(self.len))
    }
}

impl<const N: usize> From<Cards<N>> for crate::json::Value {
    /// A log argument: the cards as a JSON list.
    fn from(cards: Cards<N>) -> Self {
        crate::json::Value::List(cards.iter().map(|&c| c.into()).collect())
    }
}

impl<const N: usize> PartialEq<Cards<N>> for Vec<u8> {
    fn eq(&self, other: &Cards<N>) -> bool {
        self[..] == other[..]
    }
}

impl<const N: usize> PartialEq<Vec<u8>> for Cards<N> {
    fn eq(&self, other: &Vec<u8>) -> bool {
        self[..] == other[..]
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::Engine;
    use crate::batch;
    use crate::thirteen::engine_impl::ThirteenEngine;
    use crate::twilight::engine_impl::TwilightEngine;

    /// Decisions per second of `games` random games: muted (batch play) and
    /// with the log kept (the per-step API's path), and clones per second.
    fn throughput<E: Engine>(games: usize) {
        let start = Instant::now();
        let out = batch::random_games(games, 1, |i| E::new_default(i as u64));
        let plies: u64 = out.iter().map(|o| u64::from(o.length)).sum();
        let muted = plies as f64 / start.elapsed().as_secs_f64();
        let start = Instant::now();
        let mut plies = 0u64;
        let mut mid = Vec::new();
        for i in 0..games {
            let mut s = E::new_default(i as u64);
            let mut choice = crate::rng::seed_state(i as u64);
            while !s.is_over() {
                batch::random_step(&mut s, &mut choice);
                plies += 1;
                if plies.is_multiple_of(997) {
                    mid.push(s.clone());
                }
            }
        }
        let logged = plies as f64 / start.elapsed().as_secs_f64();
        let start = Instant::now();
        let reps = 200;
        for _ in 0..reps {
            for s in &mid {
                std::hint::black_box(s.clone());
            }
        }
        let clone_ns = start.elapsed().as_secs_f64() * 1e9 / (reps * mid.len().max(1)) as f64;
        println!(
            "{}: {muted:.0} decisions/s muted, {logged:.0} logged, clone {clone_ns:.0} ns",
            E::NAME
        );
    }

    /// `cargo test --release --no-default-features throughput -- --ignored --nocapture`
    /// (`BENCH_GAMES` games per game, 2000 by default).
    #[test]
    #[ignore]
    fn throughput_of_both_games() {
        let games = std::env::var("BENCH_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(2000);
        throughput::<ThirteenEngine>(games);
        throughput::<TwilightEngine>(games / 4);
    }
}
