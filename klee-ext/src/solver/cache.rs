//! Caching layers: exact query results, and recent satisfying assignments
//! (the counterexample cache) tried before the backend.

use super::{Sat, SolverCore, SolverStats};
use crate::expr::ExprId;
use crate::so::{Assignment, Pool};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Exact results keyed by the (sorted) constraint set and the query. Ids are
/// hash-consed, so equal queries have equal keys.
pub(crate) struct QueryCache {
    inner: Box<dyn SolverCore>,
    map: FxHashMap<(Vec<ExprId>, ExprId), Sat>,
    hits: u64,
}

const QUERY_CACHE_MAX: usize = 200_000;

impl QueryCache {
    pub fn new(inner: Box<dyn SolverCore>) -> Self {
        QueryCache { inner, map: FxHashMap::default(), hits: 0 }
    }
}

impl SolverCore for QueryCache {
    fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        let mut key_c = constraints.to_vec();
        key_c.sort_unstable();
        key_c.dedup();
        let key = (key_c, query);
        if let Some(r) = self.map.get(&key) {
            self.hits += 1;
            return r.clone();
        }
        let r = self.inner.check(pool, constraints, query);
        if !matches!(r, Sat::Unknown(_)) {
            if self.map.len() >= QUERY_CACHE_MAX {
                self.map.clear();
            }
            self.map.insert(key, r.clone());
        }
        r
    }

    fn collect_stats(&self, stats: &mut SolverStats) {
        stats.cache_hits += self.hits;
        self.inner.collect_stats(stats)
    }
}

/// Tries the most recent satisfying assignments before asking the backend.
pub(crate) struct CexCache {
    inner: Box<dyn SolverCore>,
    recent: VecDeque<Assignment>,
    hits: u64,
}

const CEX_KEEP: usize = 16;

impl CexCache {
    pub fn new(inner: Box<dyn SolverCore>) -> Self {
        CexCache { inner, recent: VecDeque::new(), hits: 0 }
    }
}

/// Does `asg` make every constraint and the query true?
pub fn satisfies(pool: &Pool, asg: &Assignment, constraints: &[ExprId], query: ExprId) -> bool {
    let mut memo = FxHashMap::default();
    pool.eval_memo(query, asg, &mut memo) != 0 && constraints.iter().all(|&c| pool.eval_memo(c, asg, &mut memo) != 0)
}

impl CexCache {
    fn remember(&mut self, r: &Sat) {
        if let Sat::Sat(a) = r {
            if self.recent.len() >= CEX_KEEP {
                self.recent.pop_back();
            }
            self.recent.push_front(a.clone());
        }
    }
}

impl SolverCore for CexCache {
    fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        let mut roots = Vec::new();
        if pool.so.has_occurrences() {
            roots.extend_from_slice(constraints);
            roots.push(query);
        }
        if !roots.is_empty() && pool.so_linked_in(&roots) {
            // An assignment answers a second-order query only together with
            // its interpretations: recompute every application from them.
            let occs = pool.so_occurrences_in(&roots);
            for a in &self.recent {
                let mut a = a.clone();
                if !a.terms.is_empty() && pool.so_complete(&mut a, &occs) && satisfies(pool, &a, constraints, query) {
                    self.hits += 1;
                    return Sat::Sat(a);
                }
            }
            let r = self.inner.check(pool, constraints, query);
            self.remember(&r);
            return r;
        }
        if let Some(i) = self.recent.iter().position(|a| satisfies(pool, a, constraints, query)) {
            self.hits += 1;
            let a = self.recent.remove(i).expect("index from position");
            self.recent.push_front(a.clone());
            return Sat::Sat(a);
        }
        let r = self.inner.check(pool, constraints, query);
        self.remember(&r);
        r
    }

    fn collect_stats(&self, stats: &mut SolverStats) {
        stats.cex_hits += self.hits;
        self.inner.collect_stats(stats)
    }
}
