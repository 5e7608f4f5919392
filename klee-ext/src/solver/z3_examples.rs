//! Incremental second-order consistency over input/output examples.
//!
//! When every evaluation of a hole on a path has concrete arguments (a
//! test's input is concrete, and the deviation-ordered search keeps the
//! hole's values concrete), the path's second-order condition is a set of
//! examples `rho(args) = v` (or `rho(args) != v` for a value left free).
//! Is some term of the language consistent with all of them?
//!
//! One Z3 solver per variable answers every such question of an
//! exploration: the language's structure (PSE or CBS) is asserted once;
//! each distinct argument tuple gets its node outputs once; each distinct
//! example gets one literal `lit -> (out = v, in range)`. A query is a
//! check under the literals of its examples, so a query on a path with
//! `k` evaluations re-encodes nothing and Z3 keeps what it learnt about
//! the selectors between queries.

use super::z3::{rlimit_for, set_timeout, RLIMIT_PER_MS};
use super::z3_cbs::CbsVar;
use super::z3_pse::PseVar;
use super::z3_terms::{ExactlyOne, Z};
use crate::so::{Encoding, Language, Op, Term};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};
use z3_sys::*;

/// What an example says of the hole's value on its arguments.
pub use crate::so::fit::Rel;

enum Enc {
    Pse(PseVar),
    Cbs(CbsVar),
}

/// Query times with the number of examples each query had and
/// its answer (`None`: unknown).
#[derive(Clone, Debug, Default)]
pub struct ExampleStats {
    pub queries: Vec<(usize, Duration, Option<bool>)>,
    pub inconsistent: u64,
    /// Checks a recent term answered.
    pub cache_hits: u64,
    /// Solver contexts dropped after a check gave up.
    pub resets: u64,
    /// Checks not put to a solver that kept giving up (answered "gave up").
    pub skipped: u64,
}

/// The solver's encoding of the language and of the argument tuples seen
/// so far, in a context of its own. Dropped when a check gives up: Z3
/// 4.8 keeps a context whose check hit its resource limit in a state in
/// which later checks give up at once or answer `sat` for examples that
/// contradict each other, so the next check starts from a fresh one.
struct Encoded {
    z: Z,
    solver: Z3_solver,
    enc: Enc,
    /// Per argument tuple: the hole's value and its range condition.
    outs: FxHashMap<Rc<[i64]>, (Z3_ast, Z3_ast)>,
    lits: FxHashMap<(Rc<[i64]>, Rel), Z3_ast>,
}

impl Encoded {
    fn new(lang: &Language, encoding: Encoding) -> Self {
        let ctx = super::z3::new_context();
        // SAFETY: the solver belongs to `ctx`, which lives until `Drop`.
        let solver = unsafe {
            let s = Z3_mk_solver(ctx);
            Z3_solver_inc_ref(ctx, s);
            super::z3::no_ctrl_c(ctx, s);
            s
        };
        let z = Z::new(ctx);
        let tag = format!("{}#ex", lang.name);
        let (enc, structure) = match encoding {
            Encoding::Pse => {
                let (e, s) = PseVar::declare(&z, lang, &tag, ExactlyOne::default());
                (Enc::Pse(e), s)
            }
            Encoding::Cbs => {
                let (e, s) = CbsVar::declare(&z, lang, &tag);
                (Enc::Cbs(e), s)
            }
        };
        let me = Encoded { z, solver, enc, outs: FxHashMap::default(), lits: FxHashMap::default() };
        for a in structure {
            me.assert(a);
        }
        me
    }

    fn assert(&self, a: Z3_ast) {
        // SAFETY: see `new`.
        unsafe { Z3_solver_assert(self.z.ctx, self.solver, a) }
    }

    fn out(&mut self, lang: &Language, args: &Rc<[i64]>) -> (Z3_ast, Z3_ast) {
        if let Some(&o) = self.outs.get(args) {
            return o;
        }
        let z = self.z;
        let a: Vec<Z3_ast> = args.iter().map(|&v| z.int(v)).collect();
        let tag = format!("x{}", self.outs.len());
        let (out, defs, range) = match &self.enc {
            Enc::Pse(p) => {
                let o = p.occurrence(&z, lang, &a, &tag);
                (o.out, o.defs, o.range)
            }
            Enc::Cbs(c) => {
                let o = c.occurrence(&z, lang, &a, &tag);
                (o.out, o.defs, o.range)
            }
        };
        for d in defs {
            self.assert(d);
        }
        let r = (out, z.and(&range));
        self.outs.insert(args.clone(), r);
        r
    }

    fn literal(&mut self, lang: &Language, args: &Rc<[i64]>, rel: Rel) -> Z3_ast {
        if let Some(&l) = self.lits.get(&(args.clone(), rel)) {
            return l;
        }
        let (out, range) = self.out(lang, args);
        let z = self.z;
        let lit = z.bool_var(&format!("ex{}", self.lits.len()));
        let holds = match rel {
            Rel::Eq(v) => z.eq(out, z.int(v)),
            Rel::Ne(v) => z.not(z.eq(out, z.int(v))),
        };
        self.assert(z.implies(lit, z.and(&[holds, range])));
        self.lits.insert((args.clone(), rel), lit);
        lit
    }

    /// Checks the examples under the limits: the answer and, if `sat`,
    /// the model's term.
    fn check(
        &mut self, lang: &Language, examples: &[(Rc<[i64]>, Rel)], timeout: Duration, rlimit: u32,
    ) -> (Option<bool>, Option<Term>) {
        let mut lits: Vec<Z3_ast> = examples.iter().map(|(a, r)| self.literal(lang, a, *r)).collect();
        lits.sort_unstable();
        lits.dedup();
        // SAFETY: see `new`; the literals belong to this context; the
        // model is released before returning.
        unsafe {
            set_timeout(self.z.ctx, self.solver, Some(timeout));
            super::z3::set_rlimit(self.z.ctx, self.solver, rlimit);
            match Z3_solver_check_assumptions(self.z.ctx, self.solver, lits.len() as u32, lits.as_ptr()) {
                Z3_L_TRUE => {
                    let m = Z3_solver_get_model(self.z.ctx, self.solver);
                    Z3_model_inc_ref(self.z.ctx, m);
                    let t = match &self.enc {
                        Enc::Pse(p) => p.decode(&self.z, m, lang),
                        Enc::Cbs(c) => c.decode(&self.z, m, lang),
                    };
                    Z3_model_dec_ref(self.z.ctx, m);
                    (Some(true), t)
                }
                Z3_L_FALSE => (Some(false), None),
                _ => (None, None),
            }
        }
    }
}

impl Drop for Encoded {
    fn drop(&mut self) {
        // SAFETY: created in `new`, not used after this point.
        unsafe {
            Z3_solver_dec_ref(self.z.ctx, self.solver);
            Z3_del_context(self.z.ctx);
        }
    }
}

pub struct ExampleSolver {
    encoding: Encoding,
    /// Made at the first check the cheap witnesses do not answer; dropped
    /// when a check gives up.
    encoded: Option<Encoded>,
    lang: Rc<Language>,
    /// Each check's time limit (the outer bound; the work is bounded by
    /// [`CHECK_RLIMIT`]).
    timeout: Duration,
    /// Terms of recent satisfiable checks, tried on a new check before
    /// the solver (as KLEE's counterexample cache): consecutive checks
    /// of an exploration differ by an example or two.
    recent: Vec<Term>,
    /// The language has constants (thresholds can be refitted).
    constants: bool,
    /// The hinted original's nearby terms (`so::nearby`), made at the
    /// first check the recent terms do not answer: a path's evaluations
    /// usually admit a small edit of the original, found by evaluation
    /// for a fraction of a satisfiable solver check.
    original: Option<Term>,
    nearby: Option<Vec<Term>>,
    /// Solver checks in a row that gave up, and checks since the streak
    /// reached [`GIVE_UP_STREAK`].
    streak: u32,
    skipped: u32,
    pub stats: ExampleStats,
}

/// Terms kept by the cache of recent models.
const RECENT: usize = 16;

/// Z3's resource limit of one pruning check (its step count: about
/// 20 ms of work).
pub(crate) const CHECK_RLIMIT: u32 = 20 * RLIMIT_PER_MS as u32;

/// After this many solver checks in a row that gave up (the language is
/// too large for the checks' work bound on these examples), the solver
/// is asked only every [`RETRY_EVERY`]th check, until it answers again:
/// the cheap witnesses and the contradiction test still run on each.
const GIVE_UP_STREAK: u32 = 2;
const RETRY_EVERY: u32 = 32;

/// Terms near the hinted original tried by evaluation before the solver.
const NEARBY: usize = 2000;

use crate::so::fit::holds;

/// Whether two examples on the same arguments contradict each other (no
/// function, let alone a term, satisfies both).
fn contradictory(examples: &[(Rc<[i64]>, Rel)]) -> bool {
    let mut seen: FxHashMap<&[i64], Vec<Rel>> = FxHashMap::default();
    for (a, r) in examples {
        let rels = seen.entry(a).or_default();
        let clash = rels.iter().any(|o| match (o, r) {
            (Rel::Eq(x), Rel::Eq(y)) => x != y,
            (Rel::Eq(x), Rel::Ne(y)) | (Rel::Ne(y), Rel::Eq(x)) => x == y,
            (Rel::Ne(_), Rel::Ne(_)) => false,
        });
        if clash {
            return true;
        }
        rels.push(*r);
    }
    false
}

impl ExampleSolver {
    pub fn new(lang: Rc<Language>, encoding: Encoding, timeout: Option<Duration>) -> Self {
        let timeout = timeout.unwrap_or(Duration::from_secs(3600));
        let constants = lang.rules.iter().any(|r| r.op == crate::so::lang::RuleOp::AnyConst);
        ExampleSolver {
            encoding,
            encoded: None,
            lang,
            timeout,
            recent: Vec::new(),
            constants,
            original: None,
            nearby: None,
            streak: 0,
            skipped: 0,
            stats: ExampleStats::default(),
        }
    }

    fn remember(&mut self, t: Term) {
        if self.recent.len() == RECENT {
            self.recent.remove(0);
        }
        self.recent.push(t);
    }

    /// A term near the hinted original (in the language) that satisfies
    /// every example, if one of the first [`NEARBY`] does.
    fn nearby_witness(&mut self, examples: &[(Rc<[i64]>, Rel)]) -> Option<Term> {
        let orig = self.original.as_ref()?;
        let (arity, depth) = (self.lang.arity(), self.lang.depth);
        let builtin = self.constants;
        let pool = self.nearby.get_or_insert_with(|| {
            if !builtin {
                return Vec::new();
            }
            let member = crate::so::edit::builtin_near(orig, arity, depth);
            crate::so::nearby::candidates(orig, arity, &[], NEARBY).into_iter().filter(|t| member(t)).collect()
        });
        pool.iter().find(|t| holds(t, examples)).cloned()
    }

    /// Seeds the terms tried before the solver with the original
    /// expression and, for a comparison, the comparisons of either operand
    /// with a threshold (refitted to each check's examples).
    pub fn hint_original(&mut self, orig: Term) {
        if let Term::App(op, k) = &orig {
            if self.constants && k.len() == 2 && matches!(op, Op::Lt | Op::Le | Op::Gt | Op::Ge) {
                self.remember(Term::App(*op, vec![k[0].clone(), Term::Int(0)]));
                self.remember(Term::App(*op, vec![Term::Int(0), k[1].clone()]));
            }
        }
        self.original = Some(orig.clone());
        self.remember(orig);
    }

    /// As [`consistent`](Self::consistent), with another time limit for
    /// this check: the work of `timeout` at `RLIMIT_PER_MS`, and four
    /// times the time as the outer limit.
    pub(crate) fn consistent_within(&mut self, examples: &[(Rc<[i64]>, Rel)], timeout: Duration) -> Option<bool> {
        self.check(examples, timeout * 4, rlimit_for(timeout))
    }

    /// Whether some term of the language satisfies every example:
    /// `Some(true)`, `Some(false)`, or `None` if the solver gave up.
    pub fn consistent(&mut self, examples: &[(Rc<[i64]>, Rel)]) -> Option<bool> {
        self.check(examples, self.timeout, CHECK_RLIMIT)
    }

    fn check(&mut self, examples: &[(Rc<[i64]>, Rel)], timeout: Duration, rlimit: u32) -> Option<bool> {
        if contradictory(examples) {
            self.stats.inconsistent += 1;
            return Some(false);
        }
        if let Some(k) = self.recent.iter().rposition(|t| holds(t, examples)) {
            let t = self.recent.remove(k);
            self.recent.push(t);
            self.stats.cache_hits += 1;
            return Some(true);
        }
        if self.constants {
            if let Some(t) = crate::so::fit::witness(&self.recent, examples, &self.lang) {
                self.remember(t);
                self.stats.cache_hits += 1;
                return Some(true);
            }
        }
        if let Some(t) = self.nearby_witness(examples) {
            self.remember(t);
            self.stats.cache_hits += 1;
            return Some(true);
        }
        // A solver that keeps giving up is asked only now and then: each
        // check it cannot answer costs a fresh context's encoding.
        if self.streak >= GIVE_UP_STREAK {
            self.skipped += 1;
            if !self.skipped.is_multiple_of(RETRY_EVERY) {
                self.stats.skipped += 1;
                return None;
            }
        }
        let (lang, encoding) = (&self.lang, self.encoding);
        let encoded = self.encoded.get_or_insert_with(|| Encoded::new(lang, encoding));
        let t0 = Instant::now();
        let (answer, term) = encoded.check(lang, examples, timeout, rlimit);
        let elapsed = t0.elapsed();
        // A model whose term does not satisfy the examples (which the
        // encoding rules out) means the context is unsound: given up on.
        let answer = match (answer, &term) {
            (Some(true), Some(t)) if !holds(t, examples) => None,
            _ => answer,
        };
        self.stats.queries.push((examples.len(), elapsed, answer));
        match answer {
            Some(true) => {
                self.streak = 0;
                if let Some(t) = term {
                    self.remember(t);
                }
            }
            Some(false) => {
                self.streak = 0;
                self.stats.inconsistent += 1;
            }
            None => {
                self.streak += 1;
                self.encoded = None;
                self.stats.resets += 1;
            }
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::so::LangSpec;

    fn ex(v: i64, want: Rel) -> (Rc<[i64]>, Rel) {
        (Rc::from(vec![v].as_slice()), want)
    }

    fn solver(depth: usize) -> ExampleSolver {
        let lang = Rc::new(LangSpec::Bool(depth).instantiate("cond", 1).expect("a built-in language"));
        ExampleSolver::new(lang, Encoding::Pse, Some(Duration::from_secs(10)))
    }

    #[test]
    fn examples_that_contradict_each_other_are_inconsistent_without_a_solver() {
        let mut s = solver(3);
        assert_eq!(s.consistent(&[ex(1, Rel::Eq(1)), ex(4, Rel::Eq(0)), ex(1, Rel::Eq(0))]), Some(false));
        assert_eq!(s.consistent(&[ex(2, Rel::Ne(0)), ex(2, Rel::Eq(0))]), Some(false));
        assert!(s.stats.queries.is_empty(), "{:?}", s.stats.queries);
        // Two values it must not take are no contradiction.
        assert_ne!(s.consistent(&[ex(2, Rel::Ne(0)), ex(2, Rel::Ne(1))]), Some(false));
    }

    /// Five alternating points: no comparison of `x` with a constant (depth
    /// 2) separates them.
    fn alternating() -> Vec<(Rc<[i64]>, Rel)> {
        [0, 5, 10, 15, 20].iter().enumerate().map(|(i, &v)| ex(v, Rel::Eq((i % 2 == 0) as i64))).collect()
    }

    #[test]
    fn a_check_that_gives_up_leaves_later_checks_sound() {
        let mut s = solver(2);
        // Far too little work for the first check (the encoding of twenty
        // argument tuples): it gives up, and the context is dropped.
        let many: Vec<_> = (0..20).map(|v| ex(v * 3, Rel::Eq((v > 7) as i64))).collect();
        assert_eq!(s.consistent_within(&many, Duration::from_millis(1)), None);
        assert_eq!(s.stats.resets, 1);
        assert!(s.encoded.is_none());
        // A fresh context answers the next checks: unsatisfiable, then
        // satisfiable with a model that holds.
        assert_eq!(s.consistent_within(&alternating(), Duration::from_secs(2)), Some(false));
        let ok = [ex(0, Rel::Eq(0)), ex(5, Rel::Eq(1)), ex(10, Rel::Eq(1))];
        assert_eq!(s.consistent_within(&ok, Duration::from_secs(2)), Some(true));
    }

    #[test]
    fn a_solver_that_keeps_giving_up_is_asked_only_now_and_then() {
        let mut s = solver(2);
        let many: Vec<_> = (0..20).map(|v| ex(v * 3, Rel::Eq((v > 7) as i64))).collect();
        for _ in 0..GIVE_UP_STREAK {
            assert_eq!(s.consistent_within(&many, Duration::from_millis(1)), None);
        }
        let asked = s.stats.queries.len();
        for _ in 0..RETRY_EVERY - 1 {
            assert_eq!(s.consistent_within(&alternating(), Duration::from_secs(2)), None);
        }
        assert_eq!(s.stats.queries.len(), asked, "the solver was asked during the pause");
        // The next check goes to the solver again, which answers, and the
        // pause ends.
        assert_eq!(s.consistent_within(&alternating(), Duration::from_secs(2)), Some(false));
        assert_eq!(s.consistent_within(&alternating(), Duration::from_secs(2)), Some(false));
        assert_eq!(s.stats.queries.len(), asked + 2);
    }
}
