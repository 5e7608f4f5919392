//! Search heuristics: which state runs next.
//!
//! Each searcher sees states added (with their fork depth) and removed,
//! and picks one. The executor runs the picked state until it forks, ends,
//! or uses its quantum, then asks again.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;

/// Index of a state of an exploration (the executor's table; searchers
/// only order them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateId(pub u32);

/// `--search` values, with KLEE's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    Dfs,
    Bfs,
    RandomState,
    /// KLEE's random-path: a state is chosen with probability 2^-depth, as
    /// a random walk from the root of the fork tree chooses it.
    RandomPath,
    /// Prefers states that recently covered new code.
    CovNew,
    /// KLEE's nurs:depth: weight grows with the state's depth.
    Deeper,
}

impl SearchKind {
    pub fn parse(s: &str) -> Option<SearchKind> {
        Some(match s {
            "dfs" => SearchKind::Dfs,
            "bfs" => SearchKind::Bfs,
            "random-state" => SearchKind::RandomState,
            "random-path" => SearchKind::RandomPath,
            "nurs:covnew" | "covnew" => SearchKind::CovNew,
            // KLEE's nurs:rp weighs a state by 2^-depth, as random-path.
            "nurs:rp" => SearchKind::RandomPath,
            "nurs:depth" => SearchKind::Deeper,
            // Weights this VM does not keep (distance to uncovered code,
            // instruction counts, query cost): coverage-guided instead.
            "nurs:md2u" | "nurs:icnt" | "nurs:cpicnt" | "nurs:qc" => SearchKind::CovNew,
            _ => return None,
        })
    }
}

pub trait Searcher {
    fn add(&mut self, id: StateId, depth: u32);
    fn remove(&mut self, id: StateId);
    fn select(&mut self) -> Option<StateId>;
    /// After a state ran: how many instructions it has run since it last
    /// covered a new block. Only coverage-guided searchers use it.
    fn ran(&mut self, _id: StateId, _insts_since_covnew: u64) {}
    /// After a state ran: how many instructions it ran this turn.
    fn ran_for(&mut self, _id: StateId, _insts: u64) {}
}

/// Instructions a state may run before iterative deepening first sets it
/// aside.
pub const DEEPENING_START: u64 = 100_000;

/// KLEE's iterative deepening (`--use-iterative-deepening-time-search`),
/// with the budget in instructions rather than seconds so that the order
/// does not depend on the machine's load: a state that has run more than
/// the budget since it was admitted is set aside; when no other state is
/// left, the budget doubles and the set-aside states return.
pub struct Deepening {
    inner: Box<dyn Searcher>,
    budget: u64,
    /// Admitted states: depth and instructions run since admitted.
    used: std::collections::HashMap<StateId, (u32, u64)>,
    paused: Vec<(StateId, u32)>,
}

impl Deepening {
    pub fn new(inner: Box<dyn Searcher>) -> Self {
        Deepening { inner, budget: DEEPENING_START, used: Default::default(), paused: Vec::new() }
    }
}

impl Searcher for Deepening {
    fn add(&mut self, id: StateId, depth: u32) {
        self.used.insert(id, (depth, 0));
        self.inner.add(id, depth);
    }
    fn remove(&mut self, id: StateId) {
        if self.used.remove(&id).is_some() {
            self.inner.remove(id);
        }
        self.paused.retain(|(s, _)| *s != id);
    }
    fn select(&mut self) -> Option<StateId> {
        if let Some(s) = self.inner.select() {
            return Some(s);
        }
        if self.paused.is_empty() {
            return None;
        }
        self.budget = self.budget.saturating_mul(2);
        for (id, depth) in std::mem::take(&mut self.paused) {
            self.add(id, depth);
        }
        self.inner.select()
    }
    fn ran(&mut self, id: StateId, insts_since_covnew: u64) {
        self.inner.ran(id, insts_since_covnew);
    }
    fn ran_for(&mut self, id: StateId, insts: u64) {
        let Some((depth, used)) = self.used.get_mut(&id) else { return };
        *used += insts;
        if *used > self.budget {
            let depth = *depth;
            self.used.remove(&id);
            self.inner.remove(id);
            self.paused.push((id, depth));
        }
    }
}

/// The searcher of `kind`, within iterative deepening if `deepening`.
pub fn build(kind: SearchKind, seed: u64, deepening: bool) -> Box<dyn Searcher> {
    let inner = build_kind(kind, seed);
    if deepening {
        Box::new(Deepening::new(inner))
    } else {
        inner
    }
}

fn build_kind(kind: SearchKind, seed: u64) -> Box<dyn Searcher> {
    match kind {
        SearchKind::Dfs => Box::new(Dfs(Vec::new())),
        SearchKind::Bfs => Box::new(Bfs(VecDeque::new())),
        SearchKind::RandomState => Box::new(Weighted::new(seed, Weight::Uniform)),
        SearchKind::RandomPath => Box::new(Weighted::new(seed, Weight::Depth)),
        SearchKind::CovNew => Box::new(Weighted::new(seed, Weight::CovNew)),
        SearchKind::Deeper => Box::new(Weighted::new(seed, Weight::Deeper)),
    }
}

struct Dfs(Vec<StateId>);

impl Searcher for Dfs {
    fn add(&mut self, id: StateId, _: u32) {
        self.0.push(id);
    }
    fn remove(&mut self, id: StateId) {
        if let Some(p) = self.0.iter().rposition(|s| *s == id) {
            self.0.remove(p);
        }
    }
    fn select(&mut self) -> Option<StateId> {
        self.0.last().copied()
    }
}

/// Breadth-first: the state at the front runs; after each turn it moves
/// to the back, so states advance level by level.
struct Bfs(VecDeque<StateId>);

impl Searcher for Bfs {
    fn add(&mut self, id: StateId, _: u32) {
        self.0.push_back(id);
    }
    fn remove(&mut self, id: StateId) {
        if let Some(p) = self.0.iter().position(|s| *s == id) {
            self.0.remove(p);
        }
    }
    fn select(&mut self) -> Option<StateId> {
        let s = self.0.pop_front()?;
        self.0.push_back(s);
        Some(s)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Weight {
    Uniform,
    /// 2^-depth (relative to the shallowest state).
    Depth,
    /// 1 / (instructions since the state last covered new code), as
    /// KLEE's nurs:covnew.
    CovNew,
    /// depth + 1.
    Deeper,
}

/// A state is picked at random with probability proportional to its weight.
struct Weighted {
    /// (state, depth, instructions since new coverage)
    states: Vec<(StateId, u32, u64)>,
    rng: SmallRng,
    kind: Weight,
}

impl Weighted {
    fn new(seed: u64, kind: Weight) -> Self {
        Weighted { states: Vec::new(), rng: SmallRng::seed_from_u64(seed), kind }
    }
}

impl Searcher for Weighted {
    fn add(&mut self, id: StateId, depth: u32) {
        self.states.push((id, depth, 0));
    }
    fn remove(&mut self, id: StateId) {
        if let Some(p) = self.states.iter().position(|(s, _, _)| *s == id) {
            self.states.swap_remove(p);
        }
    }
    fn ran(&mut self, id: StateId, since: u64) {
        if let Some(e) = self.states.iter_mut().find(|(s, _, _)| *s == id) {
            e.2 = since;
        }
    }
    fn select(&mut self) -> Option<StateId> {
        if self.states.is_empty() {
            return None;
        }
        if self.kind == Weight::Uniform {
            let i = self.rng.gen_range(0..self.states.len());
            return Some(self.states[i].0);
        }
        let min = self.states.iter().map(|(_, d, _)| *d).min().unwrap_or(0);
        let weights: Vec<f64> = self
            .states
            .iter()
            .map(|(_, d, since)| match self.kind {
                Weight::Depth => 0.5f64.powi((d - min).min(60) as i32),
                Weight::Deeper => *d as f64 + 1.0,
                _ => 1.0 / (*since).max(1) as f64,
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = self.rng.gen::<f64>() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return Some(self.states[i].0);
            }
            x -= w;
        }
        self.states.last().map(|s| s.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deepening_sets_aside_a_state_over_budget_until_the_others_end() {
        let mut s = build(SearchKind::Dfs, 1, true);
        s.add(StateId(0), 0);
        s.add(StateId(1), 0);
        assert_eq!(s.select(), Some(StateId(1)));
        s.ran_for(StateId(1), DEEPENING_START + 1);
        // Over budget: the other state runs.
        assert_eq!(s.select(), Some(StateId(0)));
        s.ran_for(StateId(0), 10);
        assert_eq!(s.select(), Some(StateId(0)));
        s.remove(StateId(0));
        // Nothing else left: the budget doubles and the state returns.
        assert_eq!(s.select(), Some(StateId(1)));
        s.ran_for(StateId(1), DEEPENING_START);
        assert_eq!(s.select(), Some(StateId(1)));
        s.remove(StateId(1));
        assert_eq!(s.select(), None);
    }
}
