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

use super::z3::set_timeout;
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

/// Query times with the number of distinct examples each query had and
/// its answer (`None`: unknown).
#[derive(Clone, Debug, Default)]
pub struct ExampleStats {
    pub queries: Vec<(usize, Duration, Option<bool>)>,
    pub inconsistent: u64,
    /// Checks a recent term answered.
    pub cache_hits: u64,
}

pub struct ExampleSolver {
    z: Z,
    solver: Z3_solver,
    enc: Enc,
    lang: Rc<Language>,
    /// Per argument tuple: the hole's value and its range condition.
    outs: FxHashMap<Rc<[i64]>, (Z3_ast, Z3_ast)>,
    lits: FxHashMap<(Rc<[i64]>, Rel), Z3_ast>,
    /// Each check's time limit.
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
    pub stats: ExampleStats,
}

/// Terms kept by the cache of recent models.
const RECENT: usize = 16;

/// Z3's resource steps per millisecond of a check, roughly, on this
/// project's 2-core machine: what converts a check's time budget into
/// work.
pub const RLIMIT_PER_MS: u64 = 1_000;

/// Z3's resource limit of one pruning check (its step count: about
/// 20 ms of work; a check Z3 cannot answer in it gives up in a few ms).
pub const CHECK_RLIMIT: u32 = 20 * RLIMIT_PER_MS as u32;

/// Terms near the hinted original tried by evaluation before the solver.
const NEARBY: usize = 2000;

use crate::so::fit::holds;

impl ExampleSolver {
    pub fn new(lang: Rc<Language>, encoding: Encoding, timeout: Option<Duration>) -> Self {
        let ctx = super::z3::new_context();
        // SAFETY: the solver belongs to `ctx`, which lives until `Drop`.
        let solver = unsafe {
            let s = Z3_mk_solver(ctx);
            Z3_solver_inc_ref(ctx, s);
            set_timeout(ctx, s, timeout);
            // Each check's work is bounded by Z3's own step count, so the
            // answer (and the pruning it decides) is the same under any
            // load; the time limit is only the outer bound.
            super::z3::set_rlimit(ctx, s, CHECK_RLIMIT);
            s
        };
        let z = Z::new(ctx);

        let tag = format!("{}#ex", lang.name);
        let (enc, structure) = match encoding {
            Encoding::Pse => {
                let (e, s) = PseVar::declare(&z, &lang, &tag, ExactlyOne::default());
                (Enc::Pse(e), s)
            }
            Encoding::Cbs => {
                let (e, s) = CbsVar::declare(&z, &lang, &tag);
                (Enc::Cbs(e), s)
            }
        };
        let timeout = timeout.unwrap_or(Duration::from_secs(3600));
        let constants = lang.rules.iter().any(|r| r.op == crate::so::lang::RuleOp::AnyConst);
        let me = ExampleSolver {
            z,
            solver,
            enc,
            lang,
            outs: FxHashMap::default(),
            lits: FxHashMap::default(),
            timeout,
            recent: Vec::new(),
            constants,
            original: None,
            nearby: None,
            stats: ExampleStats::default(),
        };
        for a in structure {
            me.assert(a);
        }
        me
    }

    fn assert(&self, a: Z3_ast) {
        // SAFETY: see `new`.
        unsafe { Z3_solver_assert(self.z.ctx, self.solver, a) }
    }

    fn out(&mut self, args: &Rc<[i64]>) -> (Z3_ast, Z3_ast) {
        if let Some(&o) = self.outs.get(args) {
            return o;
        }
        let z = self.z;
        let a: Vec<Z3_ast> = args.iter().map(|&v| z.int(v)).collect();
        let tag = format!("x{}", self.outs.len());
        let (out, defs, range) = match &self.enc {
            Enc::Pse(p) => {
                let o = p.occurrence(&z, &self.lang, &a, &tag);
                (o.out, o.defs, o.range)
            }
            Enc::Cbs(c) => {
                let o = c.occurrence(&z, &self.lang, &a, &tag);
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

    fn literal(&mut self, args: &Rc<[i64]>, rel: Rel) -> Z3_ast {
        if let Some(&l) = self.lits.get(&(args.clone(), rel)) {
            return l;
        }
        let (out, range) = self.out(args);
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
            crate::so::nearby::candidates(orig, arity, &[], NEARBY)
                .into_iter()
                .filter(|t| crate::so::edit::in_builtin(t, arity, depth))
                .collect()
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
    /// this check.
    pub fn consistent_within(&mut self, examples: &[(Rc<[i64]>, Rel)], timeout: Duration) -> Option<bool> {
        // The work of `timeout` at `RLIMIT_PER_MS`, and four times the
        // time as the outer limit.
        let rlimit = (timeout.as_millis() as u64 * RLIMIT_PER_MS).min(u32::MAX as u64) as u32;
        // SAFETY: see `new`.
        unsafe {
            set_timeout(self.z.ctx, self.solver, Some(timeout * 4));
            super::z3::set_rlimit(self.z.ctx, self.solver, rlimit);
        }
        let r = self.consistent(examples);
        // SAFETY: as above.
        unsafe {
            set_timeout(self.z.ctx, self.solver, Some(self.timeout));
            super::z3::set_rlimit(self.z.ctx, self.solver, CHECK_RLIMIT);
        }
        r
    }

    /// Whether some term of the language satisfies every example:
    /// `Some(true)`, `Some(false)`, or `None` if the solver gave up.
    pub fn consistent(&mut self, examples: &[(Rc<[i64]>, Rel)]) -> Option<bool> {
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
        let mut lits: Vec<Z3_ast> = examples.iter().map(|(a, r)| self.literal(a, *r)).collect();
        lits.sort_unstable();
        lits.dedup();
        let t0 = Instant::now();
        // SAFETY: see `new`; the literals belong to this context.
        let r = unsafe { Z3_solver_check_assumptions(self.z.ctx, self.solver, lits.len() as u32, lits.as_ptr()) };
        let answer = match r {
            Z3_L_TRUE => Some(true),
            Z3_L_FALSE => Some(false),
            _ => None,
        };
        self.stats.queries.push((lits.len(), t0.elapsed(), answer));
        match r {
            Z3_L_TRUE => {
                // SAFETY: the model of the check just made; released below.
                let term = unsafe {
                    let m = Z3_solver_get_model(self.z.ctx, self.solver);
                    Z3_model_inc_ref(self.z.ctx, m);
                    let t = match &self.enc {
                        Enc::Pse(p) => p.decode(&self.z, m, &self.lang),
                        Enc::Cbs(c) => c.decode(&self.z, m, &self.lang),
                    };
                    Z3_model_dec_ref(self.z.ctx, m);
                    t
                };
                if let Some(t) = term.filter(|t| holds(t, examples)) {
                    self.remember(t);
                }
                Some(true)
            }
            Z3_L_FALSE => {
                self.stats.inconsistent += 1;
                Some(false)
            }
            _ => None,
        }
    }
}

impl Drop for ExampleSolver {
    fn drop(&mut self) {
        // SAFETY: created in `new`, not used after this point.
        unsafe {
            Z3_solver_dec_ref(self.z.ctx, self.solver);
            Z3_del_context(self.z.ctx);
        }
    }
}
