//! The Z3 backend: the only module that names Z3 types.
//!
//! One Z3 context and two solvers serve every query of an exploration
//! (QF_BV for non-linear queries, a light tactic pipeline for the rest):
//! each query is `reset`, assert, `check`.
//! Translations of expressions are cached by id for the life of the
//! context. Width-1 expressions are translated to Z3 Booleans where they
//! are Boolean-valued (comparisons, connectives) and bridged with `ite`
//! where a bit-vector is needed.

use super::{Sat, SolverCore, SolverStats};
use crate::expr::{BinOp, CmpOp, Expr, ExprId, ExprPool};
use crate::so::Assignment;
use rustc_hash::FxHashMap;
use std::ffi::{CStr, CString};
use std::time::{Duration, Instant};
use z3_sys::*;

/// Z3's resource steps per millisecond of a check, roughly, on this
/// project's 2-core machine: what converts a check's time budget into
/// work.
pub(crate) const RLIMIT_PER_MS: u64 = 1_000;

/// Z3's steps for the time `t` at `RLIMIT_PER_MS` (at least one).
pub(crate) fn rlimit_for(t: Duration) -> u32 {
    (t.as_millis() as u64 * RLIMIT_PER_MS).clamp(1, u32::MAX as u64) as u32
}

/// Translation of pool expressions into Z3 terms of one context, cached by
/// id for the life of the context.
pub(crate) struct Translator {
    pub ctx: Z3_context,
    bv: FxHashMap<ExprId, Z3_ast>,
    boolean: FxHashMap<ExprId, Z3_ast>,
    sorts: FxHashMap<u8, Z3_sort>,
    /// Arrays whose bytes are slices of a given 32-bit term (the outputs
    /// of second-order applications); set before the array is translated.
    pub overrides: FxHashMap<crate::expr::ArrayId, Z3_ast>,
    /// A node whose operands' widths disagree with it was met (and stood
    /// in for by a fresh constant of its own width, so that no ill-sorted
    /// term ever reaches Z3); the query it is in is answered unknown.
    pub ill_sorted: Option<String>,
}

pub struct Z3Solver {
    ctx: Z3_context,
    tr: Translator,
    /// Z3's QF_BV strategy: strong preprocessing, best for multiplication
    /// and division.
    full: Z3_solver,
    /// simplify, solve-eqs, bit-blast, sat: 1.6x faster on comparison-heavy
    /// queries (measured on benches/programs/symbolic/sort6.c) but 3x slower
    /// on division chains.
    light: Z3_solver,
    queries: u64,
    unknown: u64,
    time: Duration,
    /// `SE2REPAIR_DUMP_QUERIES=DIR`: write every backend query there as SMT-LIB2.
    dump: Option<std::path::PathBuf>,
    /// Each check's clock limit as configured (`None`: none).
    clock: Option<Duration>,
    /// The run's outer time limit: a check is cut there.
    deadline: super::Deadline,
    /// Z3's steps of every check, counted into this cell when set
    /// (`SolverConfig::steps`): the work a budget bounds.
    steps: Option<super::Steps>,
    /// The context's step count after the last check.
    counted: u64,
    /// Interrupts a check still running at the run's deadline.
    watchdog: super::z3_watchdog::Watchdog,
}

extern "C" fn ignore_errors(_ctx: Z3_context, _code: ErrorCode) {}

/// A new Z3 context whose errors are reported through results, not aborts.
/// The caller deletes it.
pub(crate) fn new_context() -> Z3_context {
    // SAFETY: plain Z3 C API calls on objects created here.
    unsafe {
        let cfg = Z3_mk_config();
        let ctx = Z3_mk_context(cfg);
        Z3_del_config(cfg);
        Z3_set_error_handler(ctx, Some(ignore_errors));
        ctx
    }
}

/// Keeps Z3 from taking SIGINT during `solver`'s checks (its default
/// installs a handler that only cancels the check): the program's own
/// handler decides what Ctrl-C does.
///
/// # Safety
/// `solver` must belong to `ctx`.
pub unsafe fn no_ctrl_c(ctx: Z3_context, solver: Z3_solver) {
    let params = Z3_mk_params(ctx);
    Z3_params_inc_ref(ctx, params);
    Z3_params_set_bool(ctx, params, Z3_mk_string_symbol(ctx, c"ctrl_c".as_ptr()), false);
    Z3_solver_set_params(ctx, solver, params);
    Z3_params_dec_ref(ctx, params);
}

/// Gives `solver` a per-check time limit.
///
/// # Safety
/// `solver` must belong to `ctx`.
pub unsafe fn set_timeout(ctx: Z3_context, solver: Z3_solver, timeout: Option<Duration>) {
    with_timeout_params(ctx, timeout, |p| Z3_solver_set_params(ctx, solver, p));
}

/// Sets `solver`'s resource limit per check (`rlimit`: Z3's count of
/// its own steps, the same on any machine under any load).
///
/// # Safety
/// `solver` must belong to `ctx`.
pub unsafe fn set_rlimit(ctx: Z3_context, solver: Z3_solver, rlimit: u32) {
    with_uint_param(ctx, "rlimit", rlimit, |p| Z3_solver_set_params(ctx, solver, p));
}

/// Calls `apply` with parameters holding `name = value`.
///
/// # Safety
/// `ctx` must be a live context; `apply` must only use the parameters
/// during the call.
pub unsafe fn with_uint_param(ctx: Z3_context, name: &str, value: u32, apply: impl FnOnce(Z3_params)) {
    let params = Z3_mk_params(ctx);
    Z3_params_inc_ref(ctx, params);
    let name = CString::new(name).unwrap_or_default();
    Z3_params_set_uint(ctx, params, Z3_mk_string_symbol(ctx, name.as_ptr()), value);
    apply(params);
    Z3_params_dec_ref(ctx, params);
}

/// Calls `apply` with parameters holding `timeout` (nothing for `None`).
///
/// # Safety
/// `ctx` must be a live context; `apply` must only use the parameters
/// during the call.
pub unsafe fn with_timeout_params(ctx: Z3_context, timeout: Option<Duration>, apply: impl FnOnce(Z3_params)) {
    if let Some(t) = timeout {
        let params = Z3_mk_params(ctx);
        Z3_params_inc_ref(ctx, params);
        let ms = t.as_millis().clamp(1, u32::MAX as u128) as u32;
        Z3_params_set_uint(ctx, params, Z3_mk_string_symbol(ctx, c"timeout".as_ptr()), ms);
        apply(params);
        Z3_params_dec_ref(ctx, params);
    }
}

/// Why the last check of `solver` gave up.
///
/// # Safety
/// `solver` must belong to `ctx`.
pub unsafe fn reason_unknown(ctx: Z3_context, solver: Z3_solver) -> String {
    let why = Z3_solver_get_reason_unknown(ctx, solver);
    if why.is_null() {
        "unknown".to_string()
    } else {
        CStr::from_ptr(why).to_string_lossy().into_owned()
    }
}

impl Z3Solver {
    /// The same solver, writing every query as SMT-LIB2 into `dir`.
    pub(crate) fn dumping_to(mut self, dir: Option<std::path::PathBuf>) -> Self {
        self.dump = dir;
        self
    }

    /// The same solver, its checks cut at the run's `deadline`.
    pub(crate) fn bounded_by(mut self, deadline: super::Deadline) -> Self {
        self.deadline = deadline;
        self
    }

    pub fn new(timeout: Option<Duration>) -> Self {
        Self::limited(timeout, false)
    }

    /// With `steps`, each check's limit is Z3's own work: `rlimit` steps
    /// for `timeout` (at `RLIMIT_PER_MS`), the same on any machine under
    /// any load, and four times `timeout` only as the outer clock.
    pub fn limited(timeout: Option<Duration>, steps: bool) -> Self {
        // SAFETY: plain Z3 C API calls on objects created here; the context
        // outlives every AST, sort, solver and model made from it (dropped in
        // `Drop`).
        unsafe {
            let ctx = new_context();
            let logic = CString::new("QF_BV").expect("no NUL");
            // Each object is referenced before the next API call: Z3 may
            // free an unreferenced one on any call.
            let full = Z3_mk_solver_for_logic(ctx, Z3_mk_string_symbol(ctx, logic.as_ptr()));
            Z3_solver_inc_ref(ctx, full);
            let light = light_solver(ctx);
            let clock = match timeout {
                Some(t) if steps => Some(t * 4),
                _ => timeout,
            };
            for solver in [full, light] {
                no_ctrl_c(ctx, solver);
                if let (Some(t), true) = (timeout, steps) {
                    set_rlimit(ctx, solver, rlimit_for(t));
                }
                set_timeout(ctx, solver, clock);
            }
            Z3Solver {
                ctx,
                tr: Translator::new(ctx),
                full,
                light,
                queries: 0,
                unknown: 0,
                time: Duration::ZERO,
                dump: None,
                clock,
                deadline: super::Deadline::default(),
                steps: None,
                counted: 0,
                watchdog: super::z3_watchdog::Watchdog::new(ctx),
            }
        }
    }

    /// The same solver, adding the steps of its checks to `steps`.
    pub fn counting_steps(mut self, steps: super::Steps) -> Self {
        self.steps = Some(steps);
        self
    }
}

impl Translator {
    pub fn new(ctx: Z3_context) -> Self {
        Translator {
            ctx,
            bv: FxHashMap::default(),
            boolean: FxHashMap::default(),
            sorts: FxHashMap::default(),
            overrides: FxHashMap::default(),
            ill_sorted: None,
        }
    }

    pub fn sort(&mut self, w: u8) -> Z3_sort {
        let ctx = self.ctx;
        // SAFETY: see `new`.
        *self.sorts.entry(w).or_insert_with(|| unsafe { Z3_mk_bv_sort(ctx, w as u32) })
    }

    pub fn num(&mut self, w: u8, v: u64) -> Z3_ast {
        let s = self.sort(w);
        // SAFETY: see `new`.
        unsafe { Z3_mk_unsigned_int64(self.ctx, v, s) }
    }

    fn is_boolean(pool: &ExprPool, e: ExprId) -> bool {
        matches!(
            *pool.get(e),
            Expr::Cmp { .. }
                | Expr::Bin { w: 1, op: BinOp::And | BinOp::Or | BinOp::Xor, .. }
                | Expr::Not { w: 1, .. }
                | Expr::Ite { w: 1, .. }
        )
    }

    /// Whether the operands of `e` have the widths `e` needs.
    fn well_sorted(pool: &ExprPool, e: ExprId) -> bool {
        let w = |x: ExprId| pool.get(x).width();
        match *pool.get(e) {
            Expr::Const { .. } | Expr::Var { .. } => true,
            Expr::Bin { w: n, a, b, .. } => w(a) == n && w(b) == n,
            Expr::Cmp { a, b, .. } => w(a) == w(b),
            Expr::Not { w: n, a } => w(a) == n,
            Expr::Ite { w: n, c, t, e } => w(c) == 1 && w(t) == n && w(e) == n,
            Expr::Extract { w: n, a, lo } => lo as u32 + n as u32 <= w(a) as u32,
            Expr::Concat { w: n, hi, lo } => w(hi) as u32 + w(lo) as u32 == n as u32,
            Expr::ZExt { w: n, a } | Expr::SExt { w: n, a } => w(a) <= n,
        }
    }

    /// Records an ill-sorted node; returns a stand-in of its width.
    fn stand_in(&mut self, pool: &ExprPool, e: ExprId) -> Z3_ast {
        self.ill_sorted.get_or_insert_with(|| format!("{:?}", pool.get(e)));
        self.num(pool.get(e).width().max(1), 0)
    }

    /// `e` (width 1) as a Z3 Boolean.
    pub(crate) fn bool_ast(&mut self, pool: &ExprPool, e: ExprId) -> Z3_ast {
        if let Some(&a) = self.boolean.get(&e) {
            return a;
        }
        let ctx = self.ctx;
        if !Self::well_sorted(pool, e) || pool.get(e).width() != 1 {
            let x = self.stand_in(pool, e);
            let one = self.num(x_width(pool, e), 1);
            // SAFETY: `x` and `one` have the same sort.
            return unsafe { Z3_mk_eq(ctx, x, one) };
        }
        // SAFETY: see `new`; every AST passed in was made from `ctx`.
        let r = unsafe {
            match *pool.get(e) {
                Expr::Const { v, .. } => {
                    if v != 0 {
                        Z3_mk_true(ctx)
                    } else {
                        Z3_mk_false(ctx)
                    }
                }
                Expr::Cmp { op, a, b } => {
                    let (x, y) = (self.bv_ast(pool, a), self.bv_ast(pool, b));
                    match op {
                        CmpOp::Eq => Z3_mk_eq(ctx, x, y),
                        CmpOp::Ult => Z3_mk_bvult(ctx, x, y),
                        CmpOp::Ule => Z3_mk_bvule(ctx, x, y),
                        CmpOp::Slt => Z3_mk_bvslt(ctx, x, y),
                        CmpOp::Sle => Z3_mk_bvsle(ctx, x, y),
                    }
                }
                Expr::Bin { w: 1, op: op @ (BinOp::And | BinOp::Or | BinOp::Xor), a, b } => {
                    let args = [self.bool_ast(pool, a), self.bool_ast(pool, b)];
                    match op {
                        BinOp::And => Z3_mk_and(ctx, 2, args.as_ptr()),
                        BinOp::Or => Z3_mk_or(ctx, 2, args.as_ptr()),
                        _ => Z3_mk_xor(ctx, args[0], args[1]),
                    }
                }
                Expr::Not { w: 1, a } => {
                    let x = self.bool_ast(pool, a);
                    Z3_mk_not(ctx, x)
                }
                Expr::Ite { w: 1, c, t, e: f } => {
                    let (c, t, f) = (self.bool_ast(pool, c), self.bool_ast(pool, t), self.bool_ast(pool, f));
                    Z3_mk_ite(ctx, c, t, f)
                }
                _ => {
                    let x = self.bv_ast(pool, e);
                    let one = self.num(1, 1);
                    Z3_mk_eq(ctx, x, one)
                }
            }
        };
        self.boolean.insert(e, r);
        r
    }

    /// `e` as a Z3 bit-vector.
    pub(crate) fn bv_ast(&mut self, pool: &ExprPool, e: ExprId) -> Z3_ast {
        if let Some(&a) = self.bv.get(&e) {
            return a;
        }
        let ctx = self.ctx;
        if Self::is_boolean(pool, e) {
            let b = self.bool_ast(pool, e);
            let (one, zero) = (self.num(1, 1), self.num(1, 0));
            // SAFETY: see `new`.
            let r = unsafe { Z3_mk_ite(ctx, b, one, zero) };
            self.bv.insert(e, r);
            return r;
        }
        if !Self::well_sorted(pool, e) {
            return self.stand_in(pool, e);
        }
        // SAFETY: see `new`; every AST passed in was made from `ctx`.
        let r = unsafe {
            match *pool.get(e) {
                Expr::Const { w, v } => self.num(w, v),
                Expr::Var { arr, idx } if self.overrides.contains_key(&arr) => {
                    let whole = self.overrides[&arr];
                    Z3_mk_extract(ctx, idx * 8 + 7, idx * 8, whole)
                }
                Expr::Var { arr, idx } => {
                    let name =
                        CString::new(format!("{}_{}_{}", sanitize(&pool.array(arr).name), arr.0, idx)).expect("no NUL");
                    let s = self.sort(8);
                    Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name.as_ptr()), s)
                }
                Expr::Bin { op, a, b, .. } => {
                    let (x, y) = (self.bv_ast(pool, a), self.bv_ast(pool, b));
                    match op {
                        BinOp::Add => Z3_mk_bvadd(ctx, x, y),
                        BinOp::Sub => Z3_mk_bvsub(ctx, x, y),
                        BinOp::Mul => Z3_mk_bvmul(ctx, x, y),
                        BinOp::UDiv => Z3_mk_bvudiv(ctx, x, y),
                        BinOp::SDiv => Z3_mk_bvsdiv(ctx, x, y),
                        BinOp::URem => Z3_mk_bvurem(ctx, x, y),
                        BinOp::SRem => Z3_mk_bvsrem(ctx, x, y),
                        BinOp::And => Z3_mk_bvand(ctx, x, y),
                        BinOp::Or => Z3_mk_bvor(ctx, x, y),
                        BinOp::Xor => Z3_mk_bvxor(ctx, x, y),
                        BinOp::Shl => Z3_mk_bvshl(ctx, x, y),
                        BinOp::LShr => Z3_mk_bvlshr(ctx, x, y),
                        BinOp::AShr => Z3_mk_bvashr(ctx, x, y),
                    }
                }
                Expr::Not { a, .. } => {
                    let x = self.bv_ast(pool, a);
                    Z3_mk_bvnot(ctx, x)
                }
                Expr::Ite { c, t, e: f, .. } => {
                    let c = self.bool_ast(pool, c);
                    let (t, f) = (self.bv_ast(pool, t), self.bv_ast(pool, f));
                    Z3_mk_ite(ctx, c, t, f)
                }
                Expr::Extract { w, a, lo } => {
                    let x = self.bv_ast(pool, a);
                    Z3_mk_extract(ctx, (lo + w - 1) as u32, lo as u32, x)
                }
                Expr::Concat { hi, lo, .. } => {
                    let (h, l) = (self.bv_ast(pool, hi), self.bv_ast(pool, lo));
                    Z3_mk_concat(ctx, h, l)
                }
                Expr::ZExt { w, a } => {
                    let x = self.bv_ast(pool, a);
                    Z3_mk_zero_ext(ctx, (w - pool.width(a)) as u32, x)
                }
                Expr::SExt { w, a } => {
                    let x = self.bv_ast(pool, a);
                    Z3_mk_sign_ext(ctx, (w - pool.width(a)) as u32, x)
                }
                Expr::Cmp { .. } => unreachable!("comparisons are Boolean"),
            }
        };
        self.bv.insert(e, r);
        r
    }
}

/// The light tactic pipeline as a solver.
/// The solver is returned referenced (the caller releases it); the
/// tactics are released once the solver holds them.
unsafe fn light_solver(ctx: Z3_context) -> Z3_solver {
    let mk = |n: &str| {
        let name = CString::new(n).expect("no NUL");
        let t = Z3_mk_tactic(ctx, name.as_ptr());
        Z3_tactic_inc_ref(ctx, t);
        t
    };
    let mut t = mk("simplify");
    for n in ["solve-eqs", "bit-blast", "sat"] {
        let next = mk(n);
        let both = Z3_tactic_and_then(ctx, t, next);
        Z3_tactic_inc_ref(ctx, both);
        Z3_tactic_dec_ref(ctx, t);
        Z3_tactic_dec_ref(ctx, next);
        t = both;
    }
    let s = Z3_mk_solver_from_tactic(ctx, t);
    Z3_solver_inc_ref(ctx, s);
    Z3_tactic_dec_ref(ctx, t);
    s
}

/// Does any root multiply two non-constants, or divide a non-constant?
fn has_nonlinear(pool: &ExprPool, roots: &[ExprId]) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = roots.to_vec();
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        let node = pool.get(n);
        if let Expr::Bin { op: BinOp::Mul | BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem, a, b, .. } = *node {
            // Division circuits are heavy even by a constant (printf of a
            // symbolic number divides by 10 repeatedly).
            if pool.as_const(a).is_none() && (pool.as_const(b).is_none() || op_divides(node)) {
                return true;
            }
        }
        stack.extend(node.children());
    }
    false
}

/// Z3's statistic `rlimit count` of `st` (the steps its context has
/// taken so far); releases `st`.
///
/// # Safety
/// `st` was just returned by one of `ctx`'s statistics calls.
pub(super) unsafe fn rlimit_count(ctx: Z3_context, st: Z3_stats) -> u64 {
    Z3_stats_inc_ref(ctx, st);
    let mut steps = 0;
    for i in 0..Z3_stats_size(ctx, st) {
        let key = Z3_stats_get_key(ctx, st, i);
        if !key.is_null() && Z3_stats_is_uint(ctx, st, i) && CStr::from_ptr(key).to_bytes() == b"rlimit count" {
            steps = u64::from(Z3_stats_get_uint_value(ctx, st, i));
        }
    }
    Z3_stats_dec_ref(ctx, st);
    steps
}

fn op_divides(e: &Expr) -> bool {
    matches!(e, Expr::Bin { op: BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem, .. })
}

fn sanitize(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect()
}

impl SolverCore for Z3Solver {
    fn check(&mut self, pool: &mut crate::so::Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        let start = Instant::now();
        self.queries += 1;
        let ctx = self.ctx;
        let mut roots: Vec<ExprId> = constraints.to_vec();
        if query != ExprPool::TRUE {
            roots.push(query);
        }
        let asts: Vec<Z3_ast> = roots.iter().map(|&c| self.tr.bool_ast(pool, c)).collect();
        if let Some(node) = self.tr.ill_sorted.take() {
            crate::log::warning_once(&format!(
                "internal: an ill-sorted term was kept from the solver ({node}); the query is unknown"
            ));
            self.unknown += 1;
            return Sat::Unknown("ill-sorted term".into());
        }
        let solver = if has_nonlinear(pool, &roots) { self.full } else { self.light };
        // The check ends by the run's deadline: its clock is the time left
        // when that is shorter than the configured limit.
        let left = self.deadline.get().map(|d| d.saturating_duration_since(start));
        if left.is_some_and(|l| l.is_zero()) {
            self.unknown += 1;
            return Sat::Unknown("the run's time limit was reached".into());
        }
        let cut = left.filter(|l| self.clock.is_none_or(|c| *l < c));
        // SAFETY: see `new`.
        let result = unsafe {
            // A reset solver runs Z3's non-incremental bit-vector strategy
            // (simplify, bit-blast, SAT), far faster than the incremental
            // core that push/pop selects.
            Z3_solver_reset(ctx, solver);
            for a in &asts {
                Z3_solver_assert(ctx, solver, *a);
            }
            if cut.is_some() {
                set_timeout(ctx, solver, cut);
            }
            // Z3 may overrun its own timer; the watchdog ends the check
            // at the deadline.
            let r = self.watchdog.guard(self.deadline.get(), || Z3_solver_check(ctx, solver));
            if cut.is_some() {
                set_timeout(ctx, solver, Some(self.clock.unwrap_or(Duration::from_millis(u32::MAX as u64))));
            }
            if let Some(cell) = &self.steps {
                // The context's count goes on over the checks.
                let now = rlimit_count(ctx, Z3_solver_get_statistics(ctx, solver));
                cell.set(cell.get() + now.saturating_sub(self.counted));
                self.counted = now;
            }

            if r == Z3_L_TRUE {
                let model = Z3_solver_get_model(ctx, solver);
                Z3_model_inc_ref(ctx, model);
                let mut asg = Assignment::default();
                for (arr, idx) in pool.vars_of(&roots) {
                    let var = self.tr.bv_ast(pool, pool_var(pool, arr, idx));
                    let mut out: Z3_ast = std::ptr::null_mut();
                    let mut v: u64 = 0;
                    if Z3_model_eval(ctx, model, var, true, &mut out) && Z3_get_numeral_uint64(ctx, out, &mut v) {
                        asg.bytes.insert((arr, idx), v as u8);
                    }
                }
                Z3_model_dec_ref(ctx, model);
                Sat::Sat(asg)
            } else if r == Z3_L_FALSE {
                Sat::Unsat
            } else {
                self.unknown += 1;
                Sat::Unknown(reason_unknown(ctx, solver))
            }
        };
        let took = start.elapsed();
        self.time += took;
        if let Some(dir) = &self.dump {
            let text = super::smtlib::render(pool, constraints, query);
            let verdict = match &result {
                Sat::Sat(_) => "sat",
                Sat::Unsat => "unsat",
                Sat::Unknown(_) => "unknown",
            };
            let _ =
                std::fs::write(dir.join(format!("q{:05}-{}ms-{verdict}.smt2", self.queries, took.as_millis())), text);
        }
        result
    }

    fn collect_stats(&self, stats: &mut SolverStats) {
        stats.backend_queries += self.queries;
        stats.unknown += self.unknown;
        stats.backend_time += self.time;
    }
}

/// The pool's id of byte `idx` of `arr` (already interned: it occurs in a root).
pub(crate) fn pool_var(pool: &ExprPool, arr: crate::expr::ArrayId, idx: u32) -> ExprId {
    pool.find(&Expr::Var { arr, idx }).expect("variable occurs in the query")
}

impl Drop for Z3Solver {
    fn drop(&mut self) {
        // SAFETY: the solver and context were created in `new` and are not
        // used after this point.
        self.watchdog.stop();
        unsafe {
            Z3_solver_dec_ref(self.ctx, self.full);
            Z3_solver_dec_ref(self.ctx, self.light);
            Z3_del_context(self.ctx);
        }
    }
}

/// The width `bool_ast`'s stand-in for `e` has.
fn x_width(pool: &ExprPool, e: ExprId) -> u8 {
    pool.get(e).width().max(1)
}
