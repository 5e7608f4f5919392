//! The solver chain.
//!
//! A tiny core interface ([`SolverCore::check`]: is `constraints ∧ query`
//! satisfiable, and with which assignment?) and one decorator per concern,
//! stacked by [`build`] from a [`SolverConfig`]:
//!
//! 1. [`independence::Independent`] — keeps only the constraints that share
//!    symbolic arrays (transitively) with the query;
//! 2. [`cache::QueryCache`] — exact results of earlier (sliced) queries;
//! 3. [`cache::CexCache`] — tries recent satisfying assignments before
//!    calling the solver;
//! 4. [`z3::Z3Solver`] — the only file that names Z3 types.
//!
//! Derived helpers (`may_be_true`, `must_be_true`, `get_value`) are defined
//! once on [`Solver`] in terms of `check`.

pub mod cache;
pub mod independence;
pub mod smtlib;
pub mod z3;

use crate::expr::{Assignment, ExprId, ExprPool};
use std::time::Duration;

/// The answer to a satisfiability query.
#[derive(Clone, Debug)]
pub enum Sat {
    /// Satisfiable; the assignment covers every symbolic byte the sliced
    /// query mentions.
    Sat(Assignment),
    Unsat,
    /// The solver gave up (time limit or incompleteness), with its reason.
    Unknown(String),
}

/// Counters kept by the chain.
#[derive(Clone, Debug, Default)]
pub struct SolverStats {
    /// Queries that reached the chain (after constant folding).
    pub queries: u64,
    /// Queries answered by the backend solver.
    pub backend_queries: u64,
    pub cache_hits: u64,
    pub cex_hits: u64,
    pub unknown: u64,
    pub backend_time: Duration,
}

/// The core interface every layer implements.
pub trait SolverCore {
    /// Is `constraints ∧ query` satisfiable? `query` is a width-1 expression;
    /// `ExprPool::TRUE` asks about the constraints alone.
    fn check(&mut self, pool: &mut ExprPool, constraints: &[ExprId], query: ExprId) -> Sat;
    /// Adds this layer's counters (and those below it) to `stats`.
    fn collect_stats(&self, stats: &mut SolverStats);
}

/// Which layers to stack, and the backend's limits.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Per-query time limit of the backend; `None` for no limit.
    pub timeout: Option<Duration>,
    pub independence: bool,
    pub query_cache: bool,
    pub cex_cache: bool,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig { timeout: None, independence: true, query_cache: true, cex_cache: true }
    }
}

/// Assembles the chain described by `cfg`.
pub fn build(cfg: &SolverConfig) -> Solver {
    let mut s: Box<dyn SolverCore> = Box::new(z3::Z3Solver::new(cfg.timeout));
    if cfg.cex_cache {
        s = Box::new(cache::CexCache::new(s));
    }
    if cfg.query_cache {
        s = Box::new(cache::QueryCache::new(s));
    }
    if cfg.independence {
        s = Box::new(independence::Independent::new(s));
    }
    Solver { inner: s, queries: 0 }
}

/// Three-valued answer of the derived helpers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validity {
    True,
    False,
    Unknown,
}

/// The assembled chain plus derived helpers.
pub struct Solver {
    inner: Box<dyn SolverCore>,
    queries: u64,
}

impl Solver {
    /// Raw satisfiability of `constraints ∧ query`.
    pub fn check(&mut self, pool: &mut ExprPool, constraints: &[ExprId], query: ExprId) -> Sat {
        if query == ExprPool::FALSE {
            return Sat::Unsat;
        }
        self.queries += 1;
        self.inner.check(pool, constraints, query)
    }

    /// Can `cond` hold under `constraints`?
    pub fn may_be_true(&mut self, pool: &mut ExprPool, constraints: &[ExprId], cond: ExprId) -> Validity {
        if let Some(v) = pool.as_const(cond) {
            return if v != 0 { Validity::True } else { Validity::False };
        }
        match self.check(pool, constraints, cond) {
            Sat::Sat(_) => Validity::True,
            Sat::Unsat => Validity::False,
            Sat::Unknown(_) => Validity::Unknown,
        }
    }

    /// Must `cond` hold under `constraints`?
    pub fn must_be_true(&mut self, pool: &mut ExprPool, constraints: &[ExprId], cond: ExprId) -> Validity {
        let neg = pool.not(cond);
        match self.may_be_true(pool, constraints, neg) {
            Validity::True => Validity::False,
            Validity::False => Validity::True,
            Validity::Unknown => Validity::Unknown,
        }
    }

    /// One value `e` can take under `constraints` (from a model of all of
    /// them; the counterexample cache usually answers without the solver).
    pub fn get_value(&mut self, pool: &mut ExprPool, constraints: &[ExprId], e: ExprId) -> Option<u64> {
        if let Some(v) = pool.as_const(e) {
            return Some(v);
        }
        self.get_model(pool, constraints).map(|asg| pool.eval(e, &asg))
    }

    /// A model of all `constraints` (every array they mention).
    pub fn get_model(&mut self, pool: &mut ExprPool, constraints: &[ExprId]) -> Option<Assignment> {
        self.queries += 1;
        match self.inner.check(pool, constraints, ExprPool::TRUE) {
            Sat::Sat(a) => Some(a),
            _ => None,
        }
    }

    pub fn stats(&self) -> SolverStats {
        let mut s = SolverStats::default();
        self.inner.collect_stats(&mut s);
        s.queries = self.queries;
        s
    }
}

