//! Independent-constraint slicing: a query only needs the constraints that
//! share symbolic arrays with it, directly or through other constraints.

use super::{Sat, SolverCore, SolverStats};
use crate::expr::{ArrayId, ExprId, ExprPool};
use rustc_hash::FxHashSet;

pub struct Independent {
    inner: Box<dyn SolverCore>,
}

impl Independent {
    pub fn new(inner: Box<dyn SolverCore>) -> Self {
        Independent { inner }
    }
}

/// The constraints `query` depends on, in their original order.
pub fn slice(pool: &mut ExprPool, constraints: &[ExprId], query: ExprId) -> Vec<ExprId> {
    let mut live: FxHashSet<ArrayId> = pool.arrays_of(query).iter().copied().collect();
    let sets: Vec<_> = constraints.iter().map(|&c| pool.arrays_of(c)).collect();
    let mut taken = vec![false; constraints.len()];
    loop {
        let mut grew = false;
        for (i, s) in sets.iter().enumerate() {
            if !taken[i] && s.iter().any(|a| live.contains(a)) {
                taken[i] = true;
                for a in s.iter() {
                    grew |= live.insert(*a);
                }
            }
        }
        if !grew {
            break;
        }
    }
    constraints.iter().zip(taken).filter(|(_, t)| *t).map(|(c, _)| *c).collect()
}

impl SolverCore for Independent {
    fn check(&mut self, pool: &mut ExprPool, constraints: &[ExprId], query: ExprId) -> Sat {
        if query == ExprPool::TRUE {
            return self.inner.check(pool, constraints, query);
        }
        let sliced = slice(pool, constraints, query);
        self.inner.check(pool, &sliced, query)
    }

    fn collect_stats(&self, stats: &mut SolverStats) {
        self.inner.collect_stats(stats)
    }
}
