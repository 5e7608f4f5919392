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
//! 4. [`Router`] — queries that mention linked second-order applications go
//!    to [`z3_so::SoSolver`] (PSE or CBS encodings), the rest to
//!    [`z3::Z3Solver`]. Only the `z3*.rs` files name Z3 types.
//!
//! Derived helpers (`may_be_true`, `must_be_true`), defined
//! once on [`Solver`] in terms of `check`, serve the unit tests.

pub mod cache;
pub mod independence;
pub mod query_log;
pub mod smtlib;
pub mod z3;
mod z3_cbs;
mod z3_edit;
pub mod z3_examples;
mod z3_pse;
pub mod z3_so;
pub mod z3_terms;
mod z3_watchdog;
pub use z3_so::SoConfig;
pub use z3_so::SoQueryStats;
pub use z3_terms::ExactlyOne;

use crate::expr::{ExprId, ExprPool};
use crate::so::{Assignment, Pool};
use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

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
    /// Branch sides no interpretation can follow although first-order
    /// values could (second-order pruning).
    pub so_pruned: u64,
    /// Second-order queries answered from a first-order model by a leaf
    /// interpretation, without the second-order solver.
    pub so_guessed: u64,
    /// Second-order queries by outcome.
    pub so: z3_so::SoQueryStats,
}

/// The core interface every layer implements.
pub trait SolverCore {
    /// Is `constraints ∧ query` satisfiable? `query` is a width-1 expression;
    /// `ExprPool::TRUE` asks about the constraints alone.
    fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat;
    /// Adds this layer's counters (and those below it) to `stats`.
    fn collect_stats(&self, stats: &mut SolverStats);
}

impl<S: SolverCore + ?Sized> SolverCore for Box<S> {
    fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        (**self).check(pool, constraints, query)
    }
    fn collect_stats(&self, stats: &mut SolverStats) {
        (**self).collect_stats(stats)
    }
}

/// Which layers to stack, and the backend's limits.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Per-query time limit of the backend; `None` for no limit.
    pub timeout: Option<Duration>,
    /// Count the first-order per-query limit in Z3's steps rather than
    /// time (`timeout` converted at `RLIMIT_PER_MS`; four times it stays
    /// the outer clock): what `fix` uses, so that its answers do not
    /// depend on the machine's load. `klee` keeps KLEE's time limit.
    pub steps: bool,
    pub independence: bool,
    pub query_cache: bool,
    pub cex_cache: bool,
    /// The second-order backend (its `timeout` is set from `timeout`).
    pub so: z3_so::SoConfig,
    /// Write every first-order query as SMT-LIB2 into this folder
    /// (`qNNNNN-MSms-VERDICT.smt2`; `run --dump-queries DIR`).
    pub dump_queries: Option<std::path::PathBuf>,
    /// Query logs (`klee --use-query-log`), each at its place in the chain.
    pub query_logs: Vec<query_log::QueryLogSpec>,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            timeout: None,
            steps: false,
            independence: true,
            query_cache: true,
            cex_cache: true,
            so: z3_so::SoConfig::default(),
            dump_queries: None,
            query_logs: Vec::new(),
        }
    }
}

/// Sends each query to the backend its roots need.
pub(crate) struct Router {
    fo: LazyFo,
    /// Made at the first second-order query (its own Z3 context).
    so: Option<z3_so::SoSolver>,
    so_cfg: z3_so::SoConfig,
    /// Where the second-order queries' Z3 steps are counted
    /// (`SolverConfig::steps`).
    so_steps: Option<Steps>,
    pruned: u64,
    /// Second-order queries answered by [`guess_interpretation`].
    guessed: u64,
}

/// The first-order backend, made at its first query: most runs of a
/// repair's sites never ask one (their branches are concrete or decided
/// by the path's model), and a Z3 context costs about 2 ms to make. A
/// context made later is the same fresh context, so no answer changes.
struct LazyFo {
    spec: FoSpec,
    made: Option<Box<z3::Z3Solver>>,
}

/// What the first-order backend is made with.
struct FoSpec {
    timeout: Option<Duration>,
    /// Count its checks' Z3 steps here (`SolverConfig::steps`).
    steps: Option<Steps>,
    dump: Option<std::path::PathBuf>,
    deadline: Deadline,
}

impl LazyFo {
    fn get(&mut self) -> &mut z3::Z3Solver {
        let spec = &self.spec;
        self.made.get_or_insert_with(|| {
            let fo = z3::Z3Solver::limited(spec.timeout, spec.steps.is_some())
                .dumping_to(spec.dump.clone())
                .bounded_by(spec.deadline.clone());
            Box::new(match &spec.steps {
                Some(steps) => fo.counting_steps(steps.clone()),
                None => fo,
            })
        })
    }
}

/// `roots` restated: `value == v` for every linked application that
/// `roots` (applications free) allow no other value than `v`, its value in
/// `m`, in place of the roots that mention only such applications; the
/// other roots are kept. `None` when no application is forced (or there
/// are many). The result is implied by `roots`,
/// so its unsatisfiability is theirs. Only tried where a root divides (the
/// digits of a printed value), the costly case for the integer encoding.
fn pin_applications(fo: &mut z3::Z3Solver, pool: &mut Pool, roots: &[ExprId], m: &Assignment) -> Option<Vec<ExprId>> {
    if !divides(pool, roots) {
        return None;
    }
    let occs = pool.so_occurrences_in(roots);
    if occs.len() > 16 {
        return None;
    }
    let mut out = Vec::new();
    let mut pinned = Vec::new();
    for a in occs {
        let Some(o) = pool.so.occurrence(a) else { continue };
        if !o.linked {
            continue;
        }
        let v = pool.eval(o.value, m) as u32;
        if let Some(eq) = forced_value(fo, pool, roots, a, v) {
            out.push(eq);
            pinned.push(a);
        }
    }
    if pinned.is_empty() {
        return None;
    }
    for &r in roots {
        let mentioned = pool.so_occurrences_in(&[r]);
        if mentioned.is_empty() || mentioned.iter().any(|a| !pinned.contains(a)) {
            out.push(r);
        }
    }
    Some(out)
}

/// `value(app) == v` when `roots` (applications free, checked by the
/// first-order solver `fo`) allow application `app` no other value.
pub fn forced_value(
    fo: &mut dyn SolverCore, pool: &mut Pool, roots: &[ExprId], app: crate::expr::ArrayId, v: u32,
) -> Option<ExprId> {
    let value = pool.so.occurrence(app)?.value;
    let c = pool.constant(32, v as u64);
    let eq = pool.cmp(crate::expr::CmpOp::Eq, value, c);
    let ne = pool.not(eq);
    matches!(fo.check(pool, roots, ne), Sat::Unsat).then_some(eq)
}

/// Whether an expression under `roots` is a division or remainder.
fn divides(pool: &Pool, roots: &[ExprId]) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = roots.to_vec();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        let ex = pool.get(e);
        if let crate::expr::Expr::Bin { op, .. } = ex {
            if op.is_division() {
                return true;
            }
        }
        stack.extend(ex.children());
    }
    false
}

/// A cheap second-order model from a first-order one: per variable, a leaf
/// of its language (an argument, or a constant among the values `m` gives
/// its applications) under which the whole query evaluates true. Typical
/// of one application, or of several where an argument or one constant
/// will do (a hole whose value is printed).
fn guess_interpretation(pool: &Pool, roots: &[ExprId], m: &Assignment) -> Option<Assignment> {
    use crate::so::SoVarId;
    let occs = pool.so_occurrences_in(roots);
    let mut vals: Vec<(SoVarId, i64)> = Vec::new();
    for &a in &occs {
        let Some(o) = pool.so.occurrence(a) else { continue };
        if o.linked {
            let v = (o.var, pool.eval(o.value, m) as u32 as i32 as i64);
            if !vals.contains(&v) {
                vals.push(v);
            }
        }
    }
    let mut vars: Vec<SoVarId> = vals.iter().map(|a| a.0).collect();
    vars.sort_unstable_by_key(|v| v.0);
    vars.dedup();
    // One candidate list per variable; every combination is tried while
    // there are few.
    let cands: Vec<Vec<crate::so::Term>> = vars
        .iter()
        .map(|&v| {
            let lang = pool.so.lang(v);
            let mut c: Vec<crate::so::Term> = Vec::new();
            for &(_, val) in vals.iter().filter(|x| x.0 == v) {
                for t in lang.leaves(val) {
                    if !c.contains(&t) {
                        c.push(t);
                    }
                }
            }
            c
        })
        .collect();
    let combos: usize = cands.iter().map(Vec::len).product();
    if combos == 0 || combos > 64 {
        return None;
    }
    for k in 0..combos {
        let mut asg = m.clone();
        let mut rest = k;
        for (v, c) in vars.iter().zip(&cands) {
            asg.terms.insert(*v, std::rc::Rc::new(c[rest % c.len()].clone()));
            rest /= c.len();
        }
        if pool.so_complete(&mut asg, &occs) && roots.iter().all(|&r| pool.eval(r, &asg) & 1 == 1) {
            return Some(asg);
        }
    }
    None
}

impl SolverCore for Router {
    fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        if !pool.so.has_occurrences() {
            return self.fo.get().check(pool, constraints, query);
        }
        let mut roots = constraints.to_vec();
        roots.push(query);
        if !pool.so_linked_in(&roots) {
            return self.fo.get().check(pool, constraints, query);
        }
        // First with applications as free values: what is infeasible even
        // then (e.g. the digits of a printed value) needs no second-order
        // query, which costs far more on such arithmetic.
        let fo = self.fo.get().check(pool, constraints, query);
        if matches!(fo, Sat::Unsat) {
            return Sat::Unsat;
        }
        if let Sat::Sat(m) = &fo {
            if let Some(asg) = guess_interpretation(pool, &roots, m) {
                self.guessed += 1;
                return Sat::Sat(asg);
            }
        }
        let (cfg, steps) = (&self.so_cfg, &self.so_steps);
        let so = self.so.get_or_insert_with(|| {
            let so = z3_so::SoSolver::new(cfg.clone());
            match steps {
                Some(s) => so.counting_steps(s.clone()),
                None => so,
            }
        });
        // Where the path forces every application to one value (a printed
        // value whose digits are fixed), ask only for those values: the
        // same question without the arithmetic that pinned them.
        if let Sat::Sat(m) = &fo {
            let pinned = pin_applications(self.fo.get(), pool, &roots, m);
            log::debug!(target: "se2repair::so", "so-pin roots={} divides={} pinned={:?}", roots.len(), divides(pool, &roots), pinned.as_ref().map(|e| e.len()));
            if let Some(eqs) = pinned {
                let r = so.check(pool, &eqs, ExprPool::TRUE);
                match r {
                    Sat::Unsat => {
                        self.pruned += 1;
                        return Sat::Unsat;
                    }
                    Sat::Sat(a) => {
                        let mut full = m.clone();
                        full.merge(a);
                        let occs = pool.so_occurrences_in(&roots);
                        if pool.so_complete(&mut full, &occs) && roots.iter().all(|&r| pool.eval(r, &full) & 1 == 1) {
                            return Sat::Sat(full);
                        }
                    }
                    Sat::Unknown(_) => {}
                }
            }
        }
        let r = so.check(pool, constraints, query);
        if matches!(r, Sat::Unsat) && matches!(fo, Sat::Sat(_)) {
            self.pruned += 1;
        }
        r
    }

    fn collect_stats(&self, stats: &mut SolverStats) {
        if let Some(fo) = &self.fo.made {
            fo.collect_stats(stats);
        }
        stats.so_pruned += self.pruned;
        stats.so_guessed += self.guessed;
        let Some(so) = &self.so else { return };
        let s = &so.stats;
        stats.so.sat.extend(&s.sat);
        stats.so.unsat.extend(&s.unsat);
        stats.so.unknown.extend(&s.unknown);
        stats.unknown += s.unknown.len() as u64;
        stats.backend_queries += (s.sat.len() + s.unsat.len() + s.unknown.len()) as u64;
        stats.backend_time += s.sat.iter().chain(&s.unsat).chain(&s.unknown).sum::<Duration>();
    }
}

/// A first-order backend on its own: applications of second-order
/// variables are free values. For asking what a path allows an
/// application ([`forced_value`]) without naming the backend.
pub type FirstOrder = Box<dyn SolverCore>;

/// The first-order backend with a per-query time limit.
pub fn first_order(timeout: Option<Duration>) -> FirstOrder {
    Box::new(z3::Z3Solver::new(timeout))
}

/// The first-order backend whose per-query limit is Z3's steps for
/// `timeout` (see [`SolverConfig::steps`]).
pub fn first_order_steps(timeout: Option<Duration>) -> FirstOrder {
    Box::new(z3::Z3Solver::limited(timeout, true))
}

/// Assembles the chain described by `cfg`.
pub fn build(cfg: &SolverConfig) -> Solver {
    let deadline = Deadline::default();
    let steps = Steps::default();
    // Counted in steps, a second-order query is bounded as a first-order
    // one: Z3's steps for the time, four times the time the outer clock.
    let so_cfg = match cfg.timeout {
        Some(t) if cfg.steps => {
            z3_so::SoConfig { timeout: Some(t * 4), rlimit: Some(z3::rlimit_for(t)), ..cfg.so.clone() }
        }
        _ => z3_so::SoConfig { timeout: cfg.timeout, ..cfg.so.clone() },
    };
    let spec = FoSpec {
        timeout: cfg.timeout,
        steps: cfg.steps.then(|| steps.clone()),
        dump: cfg.dump_queries.clone(),
        deadline: deadline.clone(),
    };
    let fo = LazyFo { spec, made: None };
    let so_steps = cfg.steps.then(|| steps.clone());
    let mut s: Box<dyn SolverCore> = Box::new(Router { fo, so: None, so_cfg, so_steps, pruned: 0, guessed: 0 });
    let logs = |s: Box<dyn SolverCore>, place: query_log::LogPlace| -> Box<dyn SolverCore> {
        let mut s = s;
        for spec in cfg.query_logs.iter().filter(|l| l.place == place) {
            s = Box::new(query_log::QueryLog::new(s, spec));
        }
        s
    };
    s = logs(s, query_log::LogPlace::Solver);
    if cfg.cex_cache {
        s = Box::new(cache::CexCache::new(s));
    }
    if cfg.query_cache {
        s = Box::new(cache::QueryCache::new(s));
    }
    if cfg.independence {
        s = Box::new(independence::Independent::new(s));
    }
    s = logs(s, query_log::LogPlace::All);
    Solver { inner: s, queries: 0, deadline, steps }
}

#[cfg(test)]
/// Three-valued answer of the derived helpers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Validity {
    True,
    False,
    Unknown,
}

/// The assembled chain plus derived helpers.
pub struct Solver {
    inner: Box<dyn SolverCore>,
    queries: u64,
    /// The run's outer time limit, shared with the first-order backend:
    /// a query asked after it answers unknown at once, and one asked
    /// before it is cut there (a step of many symbolic accesses, or one
    /// slow query, cannot run the exploration past the user's limit).
    deadline: Deadline,
    steps: Steps,
}

/// The instant a run must end by (`None`: no limit), one cell shared by
/// the chain's front and its backend.
pub(crate) type Deadline = Rc<Cell<Option<Instant>>>;

/// Z3's steps of the first-order backend's checks so far, one cell shared
/// by the chain's front and its backend (counted with
/// `SolverConfig::steps`).
pub type Steps = Rc<Cell<u64>>;

/// Whether `deadline` has passed.
pub fn past(deadline: &Deadline) -> bool {
    deadline.get().is_some_and(|d| Instant::now() >= d)
}

impl Solver {
    /// The run's outer time limit (`None`: none).
    pub(crate) fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
    }

    /// Whether the run's outer time limit has passed: an unknown answer
    /// now is the limit's, not the query's.
    pub(crate) fn past_deadline(&self) -> bool {
        past(&self.deadline)
    }

    /// Z3's steps of the first-order checks so far (counted only with
    /// `SolverConfig::steps`; 0 otherwise).
    pub fn steps(&self) -> u64 {
        self.steps.get()
    }

    /// Raw satisfiability of `constraints ∧ query`.
    pub fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        if query == ExprPool::FALSE {
            return Sat::Unsat;
        }
        if self.past_deadline() {
            return Sat::Unknown("the run's time limit was reached".into());
        }
        self.queries += 1;
        self.inner.check(pool, constraints, query)
    }

    #[cfg(test)]
    /// Can `cond` hold under `constraints`?
    pub(crate) fn may_be_true(&mut self, pool: &mut Pool, constraints: &[ExprId], cond: ExprId) -> Validity {
        if let Some(v) = pool.as_const(cond) {
            return if v != 0 { Validity::True } else { Validity::False };
        }
        match self.check(pool, constraints, cond) {
            Sat::Sat(_) => Validity::True,
            Sat::Unsat => Validity::False,
            Sat::Unknown(_) => Validity::Unknown,
        }
    }

    #[cfg(test)]
    /// Must `cond` hold under `constraints`?
    pub(crate) fn must_be_true(&mut self, pool: &mut Pool, constraints: &[ExprId], cond: ExprId) -> Validity {
        let neg = pool.not(cond);
        match self.may_be_true(pool, constraints, neg) {
            Validity::True => Validity::False,
            Validity::False => Validity::True,
            Validity::Unknown => Validity::Unknown,
        }
    }

    pub fn stats(&self) -> SolverStats {
        let mut s = SolverStats::default();
        self.inner.collect_stats(&mut s);
        s.queries = self.queries;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{BinOp, CmpOp};

    fn int(pool: &mut Pool, name: &str) -> ExprId {
        let arr = pool.new_array(name, 4);
        let mut acc = pool.var(arr, 0);
        for i in 1..4 {
            let b = pool.var(arr, i);
            acc = pool.concat(b, acc);
        }
        acc
    }

    #[test]
    fn z3_steps_are_counted_only_when_asked_and_grow_with_the_work() {
        let mut pool = Pool::new();
        let x = int(&mut pool, "x");
        let y = int(&mut pool, "y");
        let p = pool.bin(BinOp::Mul, x, y);
        let c = pool.constant(32, 1_000_003 * 7);
        let q = pool.cmp(CmpOp::Eq, p, c);
        let mut plain = build(&SolverConfig::default());
        assert!(matches!(plain.check(&mut pool, &[], q), Sat::Sat(_)));
        assert_eq!(plain.steps(), 0, "not counted without `steps`");
        let mut counted =
            build(&SolverConfig { steps: true, timeout: Some(Duration::from_secs(5)), ..Default::default() });
        assert!(matches!(counted.check(&mut pool, &[], q), Sat::Sat(_)));
        let one = counted.steps();
        assert!(one > 0, "a product to factor takes Z3 steps");
        // A second query adds its own steps to the count.
        let z = int(&mut pool, "z");
        let r = pool.bin(BinOp::Mul, z, z);
        let c2 = pool.constant(32, 49);
        let q2 = pool.cmp(CmpOp::Eq, r, c2);
        assert!(matches!(counted.check(&mut pool, &[], q2), Sat::Sat(_)));
        assert!(counted.steps() > one);
    }

    #[test]
    fn answers_sat_and_unsat_with_models() {
        let mut pool = Pool::new();
        let mut s = build(&SolverConfig::default());
        let x = int(&mut pool, "x");
        let c10 = pool.constant(32, 10);
        let c20 = pool.constant(32, 20);
        let gt10 = pool.cmp(CmpOp::Slt, c10, x);
        let lt20 = pool.cmp(CmpOp::Slt, x, c20);
        let c = [gt10];
        match s.check(&mut pool, &c, lt20) {
            Sat::Sat(m) => {
                let v = pool.eval(x, &m) as i32;
                assert!(v > 10 && v < 20, "model {v} violates the query");
            }
            other => panic!("expected sat, got {other:?}"),
        }
        let ge20 = pool.not(lt20);
        let both = [gt10, lt20];
        assert!(matches!(s.check(&mut pool, &both, ge20), Sat::Unsat));
        assert_eq!(s.must_be_true(&mut pool, &both, gt10), Validity::True);
        assert_eq!(s.may_be_true(&mut pool, &both, ge20), Validity::False);
        // x * 3 == 7 has no 32-bit solution with x < 20 and x > 10.
        let three = pool.constant(32, 3);
        let x3 = pool.bin(BinOp::Mul, x, three);
        let seven = pool.constant(32, 7);
        let eq = pool.eq(x3, seven);
        assert_eq!(s.may_be_true(&mut pool, &both, eq), Validity::False);
    }

    #[test]
    fn a_query_in_flight_at_the_runs_deadline_is_cut_there() {
        // Factoring a product of two 32-bit primes whose bits look random
        // (primes near 2^32 are all ones, which a solver guesses at once):
        // far beyond any deadline below, so only the cut can answer in time.
        let mut pool = Pool::new();
        let mut s = build(&SolverConfig { timeout: Some(Duration::from_secs(600)), ..SolverConfig::default() });
        let (x, y) = (int(&mut pool, "x"), int(&mut pool, "y"));
        let (x, y) = (pool.zext(x, 64), pool.zext(y, 64));
        let product = pool.bin(BinOp::Mul, x, y);
        let n = pool.constant(64, 2_654_435_761 * 2_246_822_519);
        let one = pool.constant(64, 1);
        let factors = [pool.cmp(CmpOp::Ult, one, x), pool.cmp(CmpOp::Ult, one, y)];
        let query = pool.eq(product, n);
        let asked = Instant::now();
        s.set_deadline(Some(asked + Duration::from_millis(300)));
        assert!(!s.past_deadline());
        let first = s.check(&mut pool, &factors, query);
        assert!(matches!(first, Sat::Unknown(_)), "{first:?} after {:?}", asked.elapsed());
        assert!(s.past_deadline());
        // Cut at the deadline, not at the query's own limit.
        assert!(asked.elapsed() < Duration::from_secs(60), "{:?}", asked.elapsed());
        // Asked after it, a query is not sent at all.
        let queries = s.stats().backend_queries;
        assert!(matches!(s.check(&mut pool, &factors, query), Sat::Unknown(_)));
        assert_eq!(s.stats().backend_queries, queries);
        // A later limit lets the same solver answer again.
        s.set_deadline(None);
        let ten = pool.constant(64, 10);
        let small = pool.eq(x, ten);
        assert!(matches!(s.check(&mut pool, &factors, small), Sat::Sat(_)));
    }

    #[test]
    fn slices_keep_only_related_constraints_and_variables() {
        let mut pool = Pool::new();
        let mut s = build(&SolverConfig::default());
        let x = int(&mut pool, "x");
        let y = int(&mut pool, "y");
        let c5 = pool.constant(32, 5);
        let xeq = pool.eq(x, c5);
        let yne = pool.ne(y, c5);
        let sliced = independence::slice(&mut pool, &[xeq, yne], yne);
        assert_eq!(sliced, vec![yne]);
        match s.check(&mut pool, &[xeq, yne], yne) {
            Sat::Sat(m) => {
                assert!(
                    m.bytes.keys().all(|(arr, _)| pool.array(*arr).name == "y"),
                    "model mentions variables outside the slice"
                );
            }
            other => panic!("expected sat, got {other:?}"),
        }
    }

    #[test]
    fn caches_answer_repeated_queries() {
        let mut pool = Pool::new();
        let mut s = build(&SolverConfig::default());
        let x = int(&mut pool, "x");
        let c = pool.constant(32, 1000);
        let q = pool.cmp(CmpOp::Ult, c, x);
        for _ in 0..5 {
            assert!(matches!(s.check(&mut pool, &[], q), Sat::Sat(_)));
        }
        let st = s.stats();
        assert_eq!(st.backend_queries, 1, "{st:?}");
        assert_eq!(st.cache_hits + st.cex_hits, 4, "{st:?}");
    }
}
