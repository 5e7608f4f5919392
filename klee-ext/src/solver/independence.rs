//! Independent-constraint slicing: a query only needs the constraints that
//! share symbolic bytes with it, directly or through other constraints.

use super::{Sat, SolverCore, SolverStats};
use crate::expr::{ArrayId, ExprId, ExprPool};
use crate::so::Pool;

type Dep = (ArrayId, u32);
use rustc_hash::FxHashSet;

pub(crate) struct Independent {
    inner: Box<dyn SolverCore>,
}

impl Independent {
    pub fn new(inner: Box<dyn SolverCore>) -> Self {
        Independent { inner }
    }
}

/// The constraints `query` depends on, in their original order.
pub fn slice(pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Vec<ExprId> {
    let mut live: FxHashSet<Dep> = pool.deps(query).iter().copied().collect();
    let sets: Vec<_> = constraints.iter().map(|&c| pool.deps(c)).collect();
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
    fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        if query == ExprPool::TRUE {
            return self.inner.check(pool, constraints, query);
        }
        let sliced = slice(pool, constraints, query);
        match self.inner.check(pool, &sliced, query) {
            // Lower layers may answer with an assignment made for another
            // query (the counterexample cache): keep only this slice's
            // variables, so callers can merge it into a model of the rest.
            Sat::Sat(mut a) => {
                let mut roots = sliced;
                roots.push(query);
                let vars: FxHashSet<Dep> = roots.iter().flat_map(|&r| pool.deps(r).to_vec()).collect();
                a.bytes.retain(|k, _| vars.contains(k));
                a.terms.retain(|v, _| vars.contains(&(pool.so.var(*v).sentinel, 0)));
                Sat::Sat(a)
            }
            other => other,
        }
    }

    fn collect_stats(&self, stats: &mut SolverStats) {
        self.inner.collect_stats(stats)
    }
}
