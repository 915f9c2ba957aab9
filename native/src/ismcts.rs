//! Information-set Monte Carlo tree search run wholly in native code: the
//! "native" mode of `brinkmanship.bots.ismcts`.
//!
//! The Python search spends most of its time in the heuristic's priors and
//! rollouts; here every iteration (determinization, tree walk, rollout,
//! backup) stays in Rust, so a time budget buys one or two orders of
//! magnitude more iterations, with uniform priors and random rollouts in
//! place of the heuristic. The selection rule is the Python search's PUCT
//! with availability counts (Cowling, Powley and Whitehouse, 2012) and its
//! first-play urgency, so the two modes differ only in what guides them.

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
}

struct Node {
    /// Who chose the action leading here (0 or 1).
    mover: u8,
    n: u32,
    w: f64,
    avail: u32,
    /// (action id, node index), in the order first seen.
    children: Vec<(u16, u32)>,
}

impl Node {
    fn new(mover: u8) -> Node {
        Node { mover, n: 0, w: 0.0, avail: 0, children: Vec::new() }
    }
}

/// The root statistics after a search: per action id, visits and summed reward.
pub struct Report {
    pub stats: Vec<(u16, u32, f64)>,
    pub iterations: u64,
}

/// Search the information set of `side` behind `state`.
pub fn search<E: Determinize>(state: &E, side: usize, params: Params, seed: u64) -> Report {
    let mut rng_state = rng::seed_state(seed);
    let mut nodes: Vec<Node> = vec![Node::new(0)];
    let mut iterations: u64 = 0;
    let deadline = params.seconds.map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let mut path: Vec<u32> = Vec::with_capacity(64);
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
            let (child, id) = select(&mut nodes, node, legal, mover, params.c);
            s.apply_legal(id);
            path.push(child);
            node = child;
            if nodes[child as usize].n == 0 {
                break;
            }
        }
        let value0 = rollout_value(&mut s, params.until, &mut rng_state);
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

/// PUCT with a uniform prior over the actions legal in this determinization.
fn select(nodes: &mut Vec<Node>, at: u32, legal: &[u16], mover: u8, c: f64) -> (u32, u16) {
    let prior = 1.0 / legal.len() as f64;
    // Make sure every legal action has a child, and count the visited ones.
    let mut visited_n = 0u64;
    let mut visited_w = 0.0;
    let mut ids: Vec<u32> = Vec::with_capacity(legal.len());
    for &id in legal {
        let found = nodes[at as usize].children.iter().find(|&&(a, _)| a == id).map(|&(_, k)| k);
        let k = match found {
            Some(k) => k,
            None => {
                let k = nodes.len() as u32;
                nodes.push(Node::new(mover));
                nodes[at as usize].children.push((id, k));
                k
            }
        };
        let nd = &nodes[k as usize];
        if nd.n > 0 {
            visited_n += u64::from(nd.n);
            visited_w += nd.w;
        }
        ids.push(k);
    }
    let fpu = if visited_n > 0 { visited_w / visited_n as f64 - 0.1 } else { 0.5 };
    let sqrt_total = ((visited_n + 1) as f64).sqrt();
    let mut best = f64::NEG_INFINITY;
    let mut best_i = 0usize;
    for (i, &k) in ids.iter().enumerate() {
        let nd = &mut nodes[k as usize];
        nd.avail += 1;
        let q = if nd.n > 0 { nd.w / f64::from(nd.n) } else { fpu };
        let u = q + c * prior * sqrt_total / (1.0 + f64::from(nd.n));
        if u > best {
            best = u;
            best_i = i;
        }
    }
    (ids[best_i], legal[best_i])
}

/// Play on at random to the horizon; the first player's value in [0, 1].
fn rollout_value<E: Engine>(s: &mut E, until: Until, rng_state: &mut u64) -> f64 {
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
            Nim { heap, mover: 0, ply: 0, legal: Vec::new() }
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
        let params = Params { c: 0.7, until: Until::Game, iters: Some(3000), seconds: None };
        let report = search(&Nim::new(5), 0, params, 7);
        assert_eq!(report.iterations, 3000);
        let best = report.stats.iter().max_by_key(|&&(_, n, _)| n).map(|&(id, _, _)| id);
        assert_eq!(best, Some(1));
    }

    #[test]
    fn a_time_budget_runs_at_least_once() {
        let params = Params { c: 0.7, until: Until::Steps(2), iters: None, seconds: Some(0.0) };
        let report = search(&Nim::new(9), 0, params, 1);
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
