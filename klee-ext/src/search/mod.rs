//! Search heuristics: which state runs next.
//!
//! Each searcher sees states added (with their fork depth and the state
//! they forked from), paused, resumed and ended, and picks one. The
//! executor runs the picked state until it forks, ends, or uses its
//! quantum, then asks again; batching (`combine.rs`) may hand back the
//! same state across its forks.

mod combine;
mod random_path;
mod weighted;

pub(crate) use combine::{Batching, Deepening, Interleaved};
use random_path::RandomPath;
use std::collections::VecDeque;
use weighted::{Weight, Weighted};

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
    /// KLEE's random-path: a random walk down the tree of forks.
    RandomPath,
    /// KLEE's nurs:rp: weight 2^-depth.
    NursRp,
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
            "nurs:rp" => SearchKind::NursRp,
            "nurs:depth" => SearchKind::Deeper,
            // Weights this VM does not keep (distance to uncovered code,
            // instruction counts, query cost): coverage-guided instead.
            "nurs:md2u" | "nurs:icnt" | "nurs:cpicnt" | "nurs:qc" => SearchKind::CovNew,
            _ => return None,
        })
    }
}

pub trait Searcher {
    /// A new state; `parent` is the state it was forked from.
    fn add(&mut self, id: StateId, depth: u32, parent: Option<StateId>);
    /// A state that ended.
    fn remove(&mut self, id: StateId);
    fn select(&mut self) -> Option<StateId>;
    /// A state set aside for a while (a merge waiting for its group,
    /// seeding, iterative deepening): not picked until it resumes.
    fn pause(&mut self, id: StateId) {
        self.remove(id);
    }
    fn resume(&mut self, id: StateId, depth: u32) {
        self.add(id, depth, None);
    }
    /// After a state ran: how many instructions it has run since it last
    /// covered a new block. Only coverage-guided searchers use it.
    fn ran(&mut self, _id: StateId, _insts_since_covnew: u64) {}
    /// After a state ran: how many instructions it ran this turn.
    fn ran_for(&mut self, _id: StateId, _insts: u64) {}
}

/// How states are ordered: KLEE's `--search` (one or more, interleaved),
/// `--use-batching-search` and `--use-iterative-deepening-time-search`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchPlan {
    pub kinds: Vec<SearchKind>,
    pub seed: u64,
    /// A picked state runs this many instructions, across its forks,
    /// before the next pick (`--batch-instructions` with batching on).
    pub batch_instructions: Option<u64>,
    pub deepening: bool,
}

impl SearchPlan {
    pub fn new(kind: SearchKind, seed: u64) -> Self {
        SearchPlan { kinds: vec![kind], seed, batch_instructions: None, deepening: false }
    }
}

/// The searcher of `plan`, stacked as KLEE stacks it: the searchers
/// interleaved, within batching, within iterative deepening.
pub fn build(plan: &SearchPlan) -> Box<dyn Searcher> {
    let mut kinds: Vec<Box<dyn Searcher>> =
        plan.kinds.iter().enumerate().map(|(i, k)| build_kind(*k, plan.seed.wrapping_add(i as u64))).collect();
    let mut s = match kinds.len() {
        0 => build_kind(SearchKind::RandomPath, plan.seed),
        1 => kinds.remove(0),
        _ => Box::new(Interleaved::new(kinds)),
    };
    if let Some(n) = plan.batch_instructions {
        s = Box::new(Batching::new(s, n));
    }
    if plan.deepening {
        s = Box::new(Deepening::new(s));
    }
    s
}

fn build_kind(kind: SearchKind, seed: u64) -> Box<dyn Searcher> {
    match kind {
        SearchKind::Dfs => Box::new(Dfs(Vec::new())),
        SearchKind::Bfs => Box::new(Bfs(VecDeque::new())),
        SearchKind::RandomState => Box::new(Weighted::new(seed, Weight::Uniform)),
        SearchKind::RandomPath => Box::new(RandomPath::new(seed)),
        SearchKind::NursRp => Box::new(Weighted::new(seed, Weight::Depth)),
        SearchKind::CovNew => Box::new(Weighted::new(seed, Weight::CovNew)),
        SearchKind::Deeper => Box::new(Weighted::new(seed, Weight::Deeper)),
    }
}

struct Dfs(Vec<StateId>);

impl Searcher for Dfs {
    fn add(&mut self, id: StateId, _: u32, _: Option<StateId>) {
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
    fn add(&mut self, id: StateId, _: u32, _: Option<StateId>) {
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
