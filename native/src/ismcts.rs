//! Information-set Monte Carlo tree search run wholly in native code: the
//! "native" mode of `brinkmanship.bots.ismcts`.
//!
//! The Python search spends most of its time in the heuristic's priors and
//! rollouts; here every iteration (determinization, tree walk, rollout,
//! backup) stays in Rust, so a time budget buys one or two orders of
//! magnitude more iterations. The selection rule is the Python search's
//! PUCT with availability counts (Cowling, Powley and Whitehouse, 2012) and
//! its first-play urgency.
//!
//! What guides it is each game's `Engine::evaluate` (`thirteen::heuristic`,
//! `twilight::heuristic`): a cheap position value in Rust, used twice.
//! A node's prior is a one-step lookahead: every legal action is applied
//! to a copy (dice rolled from the copy's own generator) and valued, and
//! the values, put on a common scale as the Python search does with the
//! heuristic's scores, go through a softmax (`Params::sharpness`; 0 gives
//! uniform priors). Rollouts are short (`Params::until`) and their end is
//! scored with the same value; uniformly random rollout moves would
//! otherwise bury the difference one action makes under noise.

use std::time::{Duration, Instant};

use crate::batch::{random_step, Until};
use crate::engine::Engine;
use crate::rng;

/// A game whose hidden information can be redealt for one side.
pub trait Determinize: Engine {
    /// A state `side` cannot tell from `self`, with the unseen cards dealt
    /// anew and the state's generator reseeded, drawn with `rng`.
    fn determinize(&self, side: usize, rng: &mut u64) -> Self;
}

/// A chance in (0, 1) from a score: the logistic, its argument clamped
/// where `exp` would lose all precision (the games' position values).
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x.clamp(-30.0, 30.0)).exp())
}

/// The search's settings (`IsmctsBot`'s parameters).
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// The PUCT exploration constant.
    pub c: f64,
    /// Where rollouts stop (`Game`: the game's end; `Stage`/`Steps`: scored
    /// by the game's `Engine::evaluate`).
    pub until: Until,
    /// Iteration budget (wins over `seconds`).
    pub iters: Option<u64>,
    /// Time budget in seconds.
    pub seconds: Option<f64>,
    /// How strongly the one-step lookahead shapes the priors (0: uniform).
    pub sharpness: f64,
    /// The share of rollout moves chosen by the one-step lookahead (the
    /// best-valued action for the mover); the rest are uniformly random.
    pub greedy: f64,
}

struct Node {
    /// Who chose the action leading here (0 or 1).
    mover: u8,
    /// The prior of the action leading here (set when the node is made).
    p: f32,
    n: u32,
    w: f64,
    avail: u32,
    /// (action id, node index), in the order first seen.
    children: Vec<(u16, u32)>,
}

impl Node {
    fn new(mover: u8) -> Node {
        Node {
            mover,
            p: 0.0,
            n: 0,
            w: 0.0,
            avail: 0,
            children: Vec::new(),
        }
    }
}

/// The root statistics after a search: per action id, visits and summed reward.
pub struct Report {
    pub stats: Vec<(u16, u32, f64)>,
    pub iterations: u64,
}

/// Search the information set of `side` behind `state`.
///
/// `root_priors` (action id, weight), when not empty, replaces the root's
/// lookahead priors (the Python heuristic's ranking of the real decision);
/// a root action it does not name gets the smallest weight it gives.
pub fn search<E: Determinize>(state: &E, side: usize, params: Params, seed: u64, root_priors: &[(u16, f64)]) -> Report {
    let mut rng_state = rng::seed_state(seed);
    let mut nodes: Vec<Node> = vec![Node::new(0)];
    let mut iterations: u64 = 0;
    let deadline = params
        .seconds
        .map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut scratch = Scratch::default();
    let mut root_set = false;
    loop {
        if let Some(n) = params.iters {
            if iterations >= n {
                break;
            }
        } else if let Some(d) = deadline {
            // Always at least one iteration, as the Python search.
            if iterations > 0 && Instant::now() >= d {
                break;
            }
        } else if iterations >= 1 {
            break;
        }
        let mut s = state.determinize(side, &mut rng_state);
        s.mute_log();
        path.clear();
        let mut node = 0u32;
        loop {
            if s.is_over() {
                break;
            }
            if s.is_chance() {
                let id = s.chance_id();
                s.apply_legal(id);
                continue;
            }
            let mover = s.mover() as u8;
            let legal = s.legal();
            if legal.len() == 1 {
                let id = legal[0];
                s.apply_legal(id);
                continue;
            }
            scratch.legal.clear();
            scratch.legal.extend_from_slice(legal);
            expand(&mut nodes, node, &s, mover, params.sharpness, &mut scratch);
            if node == 0 && !root_priors.is_empty() && !root_set {
                set_root_priors(&mut nodes, root_priors);
                root_set = true;
            }
            let (child, id) = select(&mut nodes, node, &mut scratch, params.c);
            s.apply_legal(id);
            path.push(child);
            node = child;
            if nodes[child as usize].n == 0 {
                break;
            }
        }
        let value0 = rollout_value(&mut s, params, &mut rng_state, &mut scratch);
        for &k in &path {
            let nd = &mut nodes[k as usize];
            nd.n += 1;
            nd.w += if nd.mover == 0 { value0 } else { 1.0 - value0 };
        }
        nodes[0].n += 1;
        iterations += 1;
    }
    let root = &nodes[0];
    let stats = root
        .children
        .iter()
        .map(|&(id, k)| {
            let nd = &nodes[k as usize];
            (id, nd.n, nd.w)
        })
        .collect();
    Report { stats, iterations }
}

/// Give the root's children the priors given (normalized over them).
fn set_root_priors(nodes: &mut [Node], root_priors: &[(u16, f64)]) {
    let floor = root_priors
        .iter()
        .map(|&(_, p)| p)
        .fold(f64::INFINITY, f64::min)
        .max(0.0);
    let weight = |id: u16| {
        root_priors
            .iter()
            .find(|&&(a, _)| a == id)
            .map_or(floor, |&(_, p)| p.max(0.0))
    };
    let total: f64 = nodes[0].children.iter().map(|&(id, _)| weight(id)).sum();
    if total <= 0.0 {
        return;
    }
    for ci in 0..nodes[0].children.len() {
        let (id, k) = nodes[0].children[ci];
        nodes[k as usize].p = (weight(id) / total) as f32;
    }
}

/// Buffers reused across iterations (no allocation per node).
#[derive(Default)]
struct Scratch {
    legal: Vec<u16>,
    scores: Vec<f64>,
    sorted: Vec<f64>,
    /// Bit sets over action ids: the ids legal now, the ids with a child.
    is_legal: Bits,
    has_child: Bits,
}

/// A set of action ids (cleared by the caller, id by id, after use).
#[derive(Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn set(&mut self, id: u16) {
        let w = usize::from(id / 64);
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        self.0[w] |= 1 << (id % 64);
    }
    fn unset(&mut self, id: u16) {
        if let Some(x) = self.0.get_mut(usize::from(id / 64)) {
            *x &= !(1 << (id % 64));
        }
    }
    fn has(&self, id: u16) -> bool {
        self.0
            .get(usize::from(id / 64))
            .is_some_and(|x| x & (1 << (id % 64)) != 0)
    }
}

/// Give every action legal here a child with its prior. The priors are
/// computed (for all legal actions) only when some action has no child
/// yet, and only the new children take theirs, as the Python search does.
fn expand<E: Determinize>(nodes: &mut Vec<Node>, at: u32, s: &E, mover: u8, sharpness: f64, sc: &mut Scratch) {
    for &(a, _) in &nodes[at as usize].children {
        sc.has_child.set(a);
    }
    let missing = sc.legal.iter().any(|&id| !sc.has_child.has(id));
    if missing {
        priors(s, mover, sharpness, sc);
    }
    for (i, &id) in sc.legal.iter().enumerate() {
        if !missing || sc.has_child.has(id) {
            continue;
        }
        let k = nodes.len() as u32;
        let mut node = Node::new(mover);
        node.p = sc.scores[i] as f32;
        nodes.push(node);
        nodes[at as usize].children.push((id, k));
    }
    for &(a, _) in &nodes[at as usize].children {
        sc.has_child.unset(a);
    }
}

/// The value for `mover` of playing `id` in `s`: the guide's value once
/// the dice it calls for have settled what it did (a coup's or a
/// realignment's roll, at most 8 of them).
fn lookahead<E: Determinize>(s: &E, id: u16, mover: usize) -> f64 {
    let mut c = s.clone();
    c.apply_legal(id);
    let mut rolls = 0;
    while c.is_chance() && !c.is_over() && rolls < 8 {
        let die = c.chance_id();
        c.apply_legal(die);
        rolls += 1;
    }
    let v = c.evaluate();
    if mover == 0 {
        v
    } else {
        1.0 - v
    }
}

/// Fill `sc.scores` with the priors of `sc.legal`: a softmax of each
/// action's one-step value for `mover`, scaled so that the best action is
/// at 0 and the median at -1 (what the Python search does with the
/// heuristic's scores), times `sharpness`.
fn priors<E: Determinize>(s: &E, mover: u8, sharpness: f64, sc: &mut Scratch) {
    sc.scores.clear();
    let n = sc.legal.len();
    if sharpness <= 0.0 {
        sc.scores.resize(n, 1.0 / n as f64);
        return;
    }
    for &id in &sc.legal {
        sc.scores.push(lookahead(s, id, usize::from(mover)));
    }
    sc.sorted.clear();
    sc.sorted.extend_from_slice(&sc.scores);
    sc.sorted.sort_by(f64::total_cmp);
    let top = sc.sorted[n - 1];
    let median = sc.sorted[n / 2];
    let mut spread = top - median;
    if spread <= 1e-9 {
        spread = top.abs().max(1.0);
    }
    let mut total = 0.0;
    for x in sc.scores.iter_mut() {
        *x = (sharpness * (*x - top) / spread).max(-50.0).exp();
        total += *x;
    }
    for x in sc.scores.iter_mut() {
        *x /= total;
    }
}

/// PUCT over the actions legal in this determinization (each already has
/// a child holding its prior).
fn select(nodes: &mut [Node], at: u32, sc: &mut Scratch, c: f64) -> (u32, u16) {
    for &id in &sc.legal {
        sc.is_legal.set(id);
    }
    let legal = &sc.is_legal;
    let mut visited_n = 0u64;
    let mut visited_w = 0.0;
    for &(id, k) in &nodes[at as usize].children {
        let nd = &nodes[k as usize];
        if nd.n > 0 && legal.has(id) {
            visited_n += u64::from(nd.n);
            visited_w += nd.w;
        }
    }
    // First-play urgency: an untried action is assumed a little worse than
    // the average of the tried ones.
    let fpu = if visited_n > 0 {
        visited_w / visited_n as f64 - 0.1
    } else {
        0.5
    };
    let sqrt_total = ((visited_n + 1) as f64).sqrt();
    let mut best = f64::NEG_INFINITY;
    let mut best_pick = (0u32, sc.legal[0]);
    for ci in 0..nodes[at as usize].children.len() {
        let (id, k) = nodes[at as usize].children[ci];
        if !legal.has(id) {
            continue;
        }
        let nd = &mut nodes[k as usize];
        nd.avail += 1;
        let q = if nd.n > 0 { nd.w / f64::from(nd.n) } else { fpu };
        let u = q + c * f64::from(nd.p) * sqrt_total / (1.0 + f64::from(nd.n));
        if u > best {
            best = u;
            best_pick = (k, id);
        }
    }
    for &id in &sc.legal {
        sc.is_legal.unset(id);
    }
    best_pick
}

/// The action whose one-step value is best for the mover (the first on ties).
fn greedy_choice<E: Determinize>(s: &mut E, sc: &mut Scratch) -> u16 {
    let mover = s.mover();
    sc.legal.clear();
    sc.legal.extend_from_slice(s.legal());
    let mut best = f64::NEG_INFINITY;
    let mut pick = sc.legal[0];
    for &id in &sc.legal {
        let v = lookahead(s, id, mover);
        if v > best {
            best = v;
            pick = id;
        }
    }
    pick
}

/// Play on to the horizon (a share `params.greedy` of the moves by the
/// one-step lookahead, the rest at random); the first player's value in
/// [0, 1], from the game's end or the guide's value at the horizon.
fn rollout_value<E: Determinize>(s: &mut E, params: Params, rng_state: &mut u64, sc: &mut Scratch) -> f64 {
    let until = params.until;
    let stage = s.stage();
    let mut steps = 0u32;
    while !s.is_over() {
        if !s.is_chance() {
            match until {
                Until::Game => {}
                Until::Stage => {
                    if s.stage() != stage {
                        return s.evaluate();
                    }
                }
                Until::Steps(n) => {
                    if steps >= n {
                        return s.evaluate();
                    }
                }
            }
            steps += 1;
            let n = s.legal().len();
            if n > 1
                && params.greedy > 0.0
                && (rng::next_u64(rng_state) >> 11) as f64 * (1.0 / (1u64 << 53) as f64) < params.greedy
            {
                let id = greedy_choice(s, sc);
                s.apply_legal(id);
                continue;
            }
        }
        random_step(s, rng_state);
    }
    match s.winner_index() {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One-heap Nim (take 1 to 3; who takes the last stone wins): perfect
    /// information, so a determinization is a copy.
    #[derive(Clone)]
    struct Nim {
        heap: u8,
        mover: usize,
        ply: u32,
        legal: Vec<u16>,
    }

    impl Nim {
        fn new(heap: u8) -> Nim {
            Nim {
                heap,
                mover: 0,
                ply: 0,
                legal: Vec::new(),
            }
        }
    }

    impl Engine for Nim {
        const NAME: &'static str = "nim";
        const PLAYERS: [&'static str; 2] = ["A", "B"];
        fn new_default(_seed: u64) -> Nim {
            Nim::new(10)
        }
        fn mute_log(&mut self) {}
        fn is_over(&self) -> bool {
            self.heap == 0
        }
        fn is_chance(&self) -> bool {
            false
        }
        fn mover(&self) -> usize {
            self.mover
        }
        fn legal(&mut self) -> &[u16] {
            self.legal = (1..=u16::from(self.heap.min(3))).collect();
            &self.legal
        }
        fn apply_legal(&mut self, id: u16) {
            self.heap -= id as u8;
            self.ply += 1;
            if self.heap > 0 {
                self.mover = 1 - self.mover;
            }
        }
        fn chance_id(&mut self) -> u16 {
            0
        }
        fn winner_index(&self) -> Option<usize> {
            (self.heap == 0).then_some(self.mover)
        }
        fn result_name(&self) -> Option<&str> {
            (self.heap == 0).then_some("last_stone")
        }
        fn ply(&self) -> u32 {
            self.ply
        }
        fn stage(&self) -> u32 {
            0
        }
    }

    impl Determinize for Nim {
        fn determinize(&self, _side: usize, _rng: &mut u64) -> Nim {
            self.clone()
        }
    }

    #[test]
    fn finds_the_winning_move() {
        // From 5 stones the only winning move leaves 4: take 1.
        let params = Params {
            c: 0.7,
            until: Until::Game,
            iters: Some(3000),
            seconds: None,
            sharpness: 0.0,
            greedy: 0.0,
        };
        let report = search(&Nim::new(5), 0, params, 7, &[]);
        assert_eq!(report.iterations, 3000);
        let best = report.stats.iter().max_by_key(|&&(_, n, _)| n).map(|&(id, _, _)| id);
        assert_eq!(best, Some(1));
    }

    #[test]
    fn a_time_budget_runs_at_least_once() {
        let params = Params {
            c: 0.7,
            until: Until::Steps(2),
            iters: None,
            seconds: Some(0.0),
            sharpness: 2.0,
            greedy: 0.5,
        };
        let report = search(&Nim::new(9), 0, params, 1, &[(1, 0.9), (2, 0.1)]);
        assert!(report.iterations >= 1);
    }

    #[test]
    fn batch_games_end_and_count_plies() {
        let outcomes = crate::batch::random_games(50, 3, |_| Nim::new(12));
        assert_eq!(outcomes.len(), 50);
        for o in &outcomes {
            assert!(o.winner == 0 || o.winner == 1);
            assert_eq!(o.result.as_deref(), Some("last_stone"));
            assert!((4..=12).contains(&o.length));
        }
        let stage = crate::batch::rollouts(&Nim::new(12), 5, 1, Until::Steps(2));
        assert!(stage.iter().all(|o| o.length == 2 && o.result.is_none()));
    }
}
