//! The second-order backend: queries whose path conditions mention
//! applications of second-order variables.
//!
//! Each application's value is an integer term of its variable's encoding
//! (PSE or CBS). Path constraints that consume those values are stated in
//! integer arithmetic where they can be ("lifting": comparisons, additions,
//! extensions, `ite`), which keeps Z3 in linear integer arithmetic where
//! monotonicity arguments are cheap (docs/design.md); anything else is
//! bridged (`int2bv` of the application's value inside bit-vector terms,
//! `bv2int` of first-order bit-vector operands).
//!
//! Incremental by default: one solver for the exploration; each variable's
//! structure and each application's definitions are asserted once; path
//! constraints and each application's range constraint are asserted behind
//! guard literals, and a query is a check under the guards of its
//! constraints, so what Z3 learns about the selectors carries over.

use super::z3::{reason_unknown, set_timeout, Translator};
use super::z3_cbs::CbsVar;
use super::z3_pse::PseVar;
use super::z3_terms::{ExactlyOne, Z};
use super::Sat;
use crate::expr::{ArrayId, BinOp, CmpOp, Expr, ExprId, ExprPool};
use crate::so::{Assignment, Pool};
use crate::so::{Encoding, Interp, SoVarId, Term};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;
use std::time::{Duration, Instant};
use z3_sys::*;

/// Settings of the second-order backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoConfig {
    pub encoding: Encoding,
    pub exactly_one: ExactlyOne,
    /// One solver for all queries (assumptions per query) instead of a
    /// fresh one per query.
    pub incremental: bool,
    pub timeout: Option<Duration>,
    /// Z3's resource limit (its step count) of each check: a query's, or
    /// one of a whole-specification solve (`None`: none but the time).
    pub rlimit: Option<u32>,
    /// Z3 steps all the checks of one whole-specification solve may take
    /// together (`None`: no limit but each check's).
    pub budget: Option<u64>,
}

impl Default for SoConfig {
    fn default() -> Self {
        SoConfig {
            encoding: Encoding::Pse,
            exactly_one: ExactlyOne::default(),
            incremental: true,
            timeout: None,
            rlimit: None,
            budget: None,
        }
    }
}

/// Times of second-order queries by outcome (the paper's Table 3 columns).
#[derive(Clone, Debug, Default)]
pub struct SoQueryStats {
    pub sat: Vec<Duration>,
    pub unsat: Vec<Duration>,
    pub unknown: Vec<Duration>,
}

enum VarEnc {
    Pse(PseVar),
    Cbs(CbsVar),
}

struct EncodedVar {
    enc: VarEnc,
    lang: Rc<crate::so::Language>,
    structure: Vec<Z3_ast>,
}

struct EncodedOcc {
    defs: Vec<Z3_ast>,
    range: Z3_ast,
    guard: Z3_ast,
}

pub struct SoSolver {
    z: Z,
    tr: Translator,
    solver: Z3_solver,
    cfg: SoConfig,
    vars: FxHashMap<SoVarId, EncodedVar>,
    occs: FxHashMap<ArrayId, EncodedOcc>,
    /// Integer value of each application.
    outs: FxHashMap<ArrayId, Z3_ast>,
    guards: FxHashMap<ExprId, Z3_ast>,
    lifted_int: FxHashMap<ExprId, Z3_ast>,
    lifted_bool: FxHashMap<ExprId, Z3_ast>,
    mentions: FxHashMap<ExprId, bool>,
    pub stats: SoQueryStats,
    /// Where the steps of its queries are counted (`None`: not counted),
    /// and the context's count already added there.
    steps: Option<super::Steps>,
    counted: u64,
}

impl SoSolver {
    pub fn new(cfg: SoConfig) -> Self {
        let ctx = super::z3::new_context();
        // SAFETY: the solver belongs to `ctx`, which lives until `Drop`.
        let solver = unsafe {
            let s = Z3_mk_solver(ctx);
            Z3_solver_inc_ref(ctx, s);
            super::z3::no_ctrl_c(ctx, s);
            set_timeout(ctx, s, cfg.timeout);
            if let Some(r) = cfg.rlimit {
                super::z3::set_rlimit(ctx, s, r);
            }
            s
        };
        SoSolver {
            z: Z::new(ctx),
            tr: Translator::new(ctx),
            solver,
            cfg,
            vars: FxHashMap::default(),
            occs: FxHashMap::default(),
            outs: FxHashMap::default(),
            guards: FxHashMap::default(),
            lifted_int: FxHashMap::default(),
            lifted_bool: FxHashMap::default(),
            mentions: FxHashMap::default(),
            stats: SoQueryStats::default(),
            steps: None,
            counted: 0,
        }
    }

    /// The same solver, adding the Z3 steps of its queries to `steps`.
    pub fn counting_steps(mut self, steps: super::Steps) -> Self {
        self.steps = Some(steps);
        self
    }

    fn assert(&self, a: Z3_ast) {
        // SAFETY: see `new`.
        unsafe { Z3_solver_assert(self.z.ctx, self.solver, a) }
    }

    /// Encodes variable `v` (once).
    fn ensure_var(&mut self, pool: &Pool, v: SoVarId) {
        if self.vars.contains_key(&v) {
            return;
        }
        let lang = pool.so.lang(v).clone();
        let tag = format!("{}#{}", lang.name, v.0);
        let (enc, structure) = match self.cfg.encoding {
            Encoding::Pse => {
                let (e, s) = PseVar::declare(&self.z, &lang, &tag, self.cfg.exactly_one);
                (VarEnc::Pse(e), s)
            }
            Encoding::Cbs => {
                let (e, s) = CbsVar::declare(&self.z, &lang, &tag);
                (VarEnc::Cbs(e), s)
            }
        };
        if self.cfg.incremental {
            for &a in &structure {
                self.assert(a);
            }
        }
        self.vars.insert(v, EncodedVar { enc, lang, structure });
    }

    /// Encodes application `arr` (once; its arguments' applications first).
    fn ensure_occ(&mut self, pool: &Pool, arr: ArrayId) {
        if self.occs.contains_key(&arr) {
            return;
        }
        let o = pool.so.occurrence(arr).expect("an application").clone();
        self.ensure_var(pool, o.var);
        let args: Vec<Z3_ast> = o.args.iter().map(|&a| self.lift_int(pool, a)).collect();
        let otag = format!("o{}", arr.0);
        let ev = &self.vars[&o.var];
        let (out, defs, range) = match &ev.enc {
            VarEnc::Pse(p) => {
                let e = p.occurrence(&self.z, &ev.lang, &args, &otag);
                (e.out, e.defs, e.range)
            }
            VarEnc::Cbs(c) => {
                let e = c.occurrence(&self.z, &ev.lang, &args, &otag);
                (e.out, e.defs, e.range)
            }
        };
        let range = self.z.and(&range);
        let guard = self.z.bool_var(&format!("range!{otag}"));
        if self.cfg.incremental {
            for &d in &defs {
                self.assert(d);
            }
            self.assert(self.z.implies(guard, range));
        }
        self.outs.insert(arr, out);
        let bv = self.z.int2bv32(out);
        self.tr.overrides.insert(arr, bv);
        self.occs.insert(arr, EncodedOcc { defs, range, guard });
    }

    fn mentions_app(&mut self, pool: &Pool, e: ExprId) -> bool {
        if let Some(&m) = self.mentions.get(&e) {
            return m;
        }
        let m = pool.vars_of(&[e]).iter().any(|(a, _)| self.outs.contains_key(a));
        self.mentions.insert(e, m);
        m
    }

    /// The value of `e` as a signed integer of its width.
    fn lift_int(&mut self, pool: &Pool, e: ExprId) -> Z3_ast {
        if let Some(&a) = self.lifted_int.get(&e) {
            return a;
        }
        let z = self.z;
        let w = pool.width(e);
        let r = if let Some(v) = pool.as_const(e) {
            z.int(crate::expr::sext64(v, w))
        } else if let Some(arr) = app_value(pool, e).filter(|a| self.outs.contains_key(a)) {
            self.outs[&arr]
        } else if w == 1 {
            let b = self.lift_bool(pool, e);
            z.ite(b, z.int(-1), z.int(0))
        } else if !self.mentions_app(pool, e) {
            let bv = self.tr.bv_ast(pool, e);
            z.sbv2int(bv)
        } else {
            match *pool.get(e) {
                Expr::SExt { a, .. } => self.lift_int(pool, a),
                Expr::ZExt { a, .. } => {
                    let t = self.lift_int(pool, a);
                    let span = z.big(1i128 << pool.width(a));
                    z.ite(z.lt(t, z.int(0)), z.add(t, span), t)
                }
                Expr::Bin { op: op @ (BinOp::Add | BinOp::Sub), a, b, .. } => {
                    let (x, y) = (self.lift_int(pool, a), self.lift_int(pool, b));
                    let s = if op == BinOp::Add { z.add(x, y) } else { z.sub(x, y) };
                    let (min, span) = (z.big(-(1i128 << (w - 1))), z.big(1i128 << w));
                    let max = z.big((1i128 << (w - 1)) - 1);
                    z.ite(z.lt(max, s), z.sub(s, span), z.ite(z.lt(s, min), z.add(s, span), s))
                }
                Expr::Bin { op: BinOp::Mul, a, b, .. } if pool.as_const(a).is_some() || pool.as_const(b).is_some() => {
                    let (x, y) = (self.lift_int(pool, a), self.lift_int(pool, b));
                    wrap(&z, z.mul(x, y), w)
                }
                Expr::Extract { a, lo: 0, .. } => {
                    let x = self.lift_int(pool, a);
                    wrap(&z, x, w)
                }
                // Division by a positive constant (printing a value divides
                // it by 10 digit by digit): linear in integer arithmetic.
                Expr::Bin { op: op @ (BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem), a, b, .. }
                    if pool.as_const(b).is_some_and(|c| {
                        let c =
                            if matches!(op, BinOp::SDiv | BinOp::SRem) { crate::expr::sext64(c, w) } else { c as i64 };
                        c > 0
                    }) =>
                {
                    let cv = pool.as_const(b).unwrap_or(1);
                    let x = self.lift_int(pool, a);
                    let r = if matches!(op, BinOp::UDiv | BinOp::URem) {
                        let c = z.big(cv as i128);
                        let span = z.big(1i128 << w);
                        let u = z.ite(z.lt(x, z.int(0)), z.add(x, span), x);
                        if op == BinOp::UDiv {
                            z.div(u, c)
                        } else {
                            z.modulo(u, c)
                        }
                    } else {
                        // C truncates toward zero; Z3's `div` floors.
                        let c = z.big(crate::expr::sext64(cv, w) as i128);
                        let q = z.ite(z.lt(x, z.int(0)), z.neg(z.div(z.neg(x), c)), z.div(x, c));
                        if op == BinOp::SDiv {
                            q
                        } else {
                            z.sub(x, z.mul(c, q))
                        }
                    };
                    wrap(&z, r, w)
                }
                // One byte of an application's value (`(char) rho(...)`):
                // arithmetic on the value, not a bit-vector bridge.
                Expr::Var { arr, idx } if idx < 4 && self.outs.contains_key(&arr) => {
                    let out = self.outs[&arr];
                    let u = z.ite(z.lt(out, z.int(0)), z.add(out, z.big(1i128 << 32)), out);
                    let byte = z.modulo(z.div(u, z.big(1i128 << (8 * idx))), z.int(256));
                    wrap(&z, byte, w)
                }
                Expr::Ite { c, t, e: f, .. } => {
                    let c = self.lift_bool(pool, c);
                    let (t, f) = (self.lift_int(pool, t), self.lift_int(pool, f));
                    z.ite(c, t, f)
                }
                _ => {
                    let bv = self.tr.bv_ast(pool, e);
                    z.sbv2int(bv)
                }
            }
        };
        self.lifted_int.insert(e, r);
        r
    }

    /// A width-1 expression as a Boolean, in integer arithmetic where it
    /// consumes application values.
    fn lift_bool(&mut self, pool: &Pool, e: ExprId) -> Z3_ast {
        if let Some(&a) = self.lifted_bool.get(&e) {
            return a;
        }
        let z = self.z;
        let r = if !self.mentions_app(pool, e) {
            self.tr.bool_ast(pool, e)
        } else {
            match *pool.get(e) {
                Expr::Cmp { op, a, b } => {
                    let (x, y) = (self.lift_int(pool, a), self.lift_int(pool, b));
                    let span = z.big(1i128 << pool.width(a));
                    let unsigned = |t| z.ite(z.lt(t, z.int(0)), z.add(t, span), t);
                    match op {
                        CmpOp::Eq => z.eq(x, y),
                        CmpOp::Slt => z.lt(x, y),
                        CmpOp::Sle => z.le(x, y),
                        CmpOp::Ult => z.lt(unsigned(x), unsigned(y)),
                        CmpOp::Ule => z.le(unsigned(x), unsigned(y)),
                    }
                }
                Expr::Bin { w: 1, op: op @ (BinOp::And | BinOp::Or | BinOp::Xor), a, b } => {
                    let (x, y) = (self.lift_bool(pool, a), self.lift_bool(pool, b));
                    match op {
                        BinOp::And => z.and(&[x, y]),
                        BinOp::Or => z.or(&[x, y]),
                        _ => z.xor(x, y),
                    }
                }
                Expr::Not { w: 1, a } => {
                    let x = self.lift_bool(pool, a);
                    z.not(x)
                }
                Expr::Ite { w: 1, c, t, e: f } => {
                    let (c, t, f) = (self.lift_bool(pool, c), self.lift_bool(pool, t), self.lift_bool(pool, f));
                    z.ite(c, t, f)
                }
                _ => self.tr.bool_ast(pool, e),
            }
        };
        self.lifted_bool.insert(e, r);
        r
    }

    /// Encodes the applications `roots` mention and returns them; `None`
    /// when `deadline` passes first (a specification whose tests evaluate
    /// the hole a hundred thousand times takes seconds to encode).
    fn prepare(&mut self, pool: &Pool, roots: &[ExprId], all: bool, deadline: Option<Instant>) -> Option<Vec<ArrayId>> {
        let occs: Vec<ArrayId> = pool
            .so_occurrences_in(roots)
            .into_iter()
            .filter(|&a| all || pool.so.occurrence(a).is_some_and(|o| o.linked))
            .collect();
        for &a in &occs {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            self.ensure_occ(pool, a);
        }
        Some(occs)
    }

    /// Is `constraints ∧ query` satisfiable by some interpretation of the
    /// second-order variables (and first-order values)?
    pub fn check(&mut self, pool: &Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        let start = Instant::now();
        let mut roots = constraints.to_vec();
        if query != ExprPool::TRUE {
            roots.push(query);
        }
        let occs = self.prepare(pool, &roots, false, None).unwrap_or_default();
        let ctx = self.z.ctx;
        let mut assumptions = Vec::new();
        // SAFETY: see `new`.
        unsafe {
            if self.cfg.incremental {
                for &r in &roots {
                    let g = self.guard(pool, r);
                    assumptions.push(g);
                }
                assumptions.extend(occs.iter().map(|a| self.occs[a].guard));
            } else {
                Z3_solver_reset(ctx, self.solver);
                let vars: FxHashSet<SoVarId> =
                    occs.iter().filter_map(|a| pool.so.occurrence(*a)).map(|o| o.var).collect();
                for v in vars {
                    for &a in &self.vars[&v].structure {
                        self.assert(a);
                    }
                }
                for a in &occs {
                    let o = &self.occs[a];
                    for &d in &o.defs {
                        self.assert(d);
                    }
                    self.assert(o.range);
                }
                for &r in &roots {
                    let b = self.lift_bool(pool, r);
                    self.assert(b);
                }
            }
        }
        // SAFETY: see `new`.
        let r =
            unsafe { Z3_solver_check_assumptions(ctx, self.solver, assumptions.len() as u32, assumptions.as_ptr()) };
        if let Some(cell) = &self.steps {
            // SAFETY: see `new`. The context's count goes on over the
            // queries.
            let now = unsafe { super::z3::rlimit_count(ctx, Z3_solver_get_statistics(ctx, self.solver)) };
            cell.set(cell.get() + now.saturating_sub(self.counted));
            self.counted = now;
        }
        let result = if r == Z3_L_TRUE {
            // SAFETY: see `new`; the model is released below.
            let model = unsafe {
                let m = Z3_solver_get_model(ctx, self.solver);
                Z3_model_inc_ref(ctx, m);
                m
            };
            let out = self.read_model(pool, model, &roots, &occs);
            // SAFETY: acquired above.
            unsafe { Z3_model_dec_ref(ctx, model) };
            out
        } else if r == Z3_L_FALSE {
            Sat::Unsat
        } else {
            // SAFETY: see `new`.
            Sat::Unknown(unsafe { reason_unknown(ctx, self.solver) })
        };
        let took = start.elapsed();
        log::debug!(target: "se2repair::so", "so-query roots={} occs={} {:?} {:.1}ms", roots.len(), occs.len(), matches!(result, Sat::Sat(_)), took.as_secs_f64() * 1e3);
        match result {
            Sat::Sat(_) => self.stats.sat.push(took),
            Sat::Unsat => self.stats.unsat.push(took),
            Sat::Unknown(_) => self.stats.unknown.push(took),
        }
        result
    }

    fn guard(&mut self, pool: &Pool, r: ExprId) -> Z3_ast {
        if let Some(&g) = self.guards.get(&r) {
            return g;
        }
        let b = self.lift_bool(pool, r);
        let g = self.z.bool_var(&format!("path!{}", r.0));
        self.assert(self.z.implies(g, b));
        self.guards.insert(r, g);
        g
    }

    /// First-order bytes from `model`, interpretations decoded from it, and
    /// application values recomputed from those interpretations; checked
    /// against the roots, so a decoding error can never pass as a model.
    fn read_model(&mut self, pool: &Pool, model: Z3_model, roots: &[ExprId], occs: &[ArrayId]) -> Sat {
        let mut asg = Assignment::default();
        let mut all_roots = roots.to_vec();
        for a in occs {
            all_roots.extend(pool.so.occurrence(*a).into_iter().flat_map(|o| o.args.iter().copied()));
        }
        let ctx = self.z.ctx;
        for (arr, idx) in pool.vars_of(&all_roots) {
            if self.outs.contains_key(&arr) {
                continue;
            }
            let var = self.tr.bv_ast(pool, super::z3::pool_var(pool, arr, idx));
            let mut out: Z3_ast = std::ptr::null_mut();
            let mut v: u64 = 0;
            // SAFETY: see `new`.
            if unsafe { Z3_model_eval(ctx, model, var, true, &mut out) && Z3_get_numeral_uint64(ctx, out, &mut v) } {
                asg.bytes.insert((arr, idx), v as u8);
            }
        }
        let vars: FxHashSet<SoVarId> = occs.iter().filter_map(|a| pool.so.occurrence(*a)).map(|o| o.var).collect();
        for v in vars {
            match self.decode(model, v) {
                Some(t) => {
                    asg.terms.insert(v, Rc::new(t));
                }
                None => return Sat::Unknown("internal: a second-order model did not decode".into()),
            }
        }
        if !pool.so_complete(&mut asg, occs) || !super::cache::satisfies(pool, &asg, roots, ExprPool::TRUE) {
            return Sat::Unknown("internal: a decoded interpretation does not satisfy its query".into());
        }
        Sat::Sat(asg)
    }

    fn decode(&self, model: Z3_model, v: SoVarId) -> Option<Term> {
        let ev = self.vars.get(&v)?;
        match &ev.enc {
            VarEnc::Pse(p) => p.decode(&self.z, model, &ev.lang),
            VarEnc::Cbs(c) => c.decode(&self.z, model, &ev.lang),
        }
    }

    /// Whole-specification solving: interpretations under which, for
    /// every test, at least one of its paths (a list of constraints) holds,
    /// best first. `goal.prefer` gives, per variable, the original term:
    /// the MaxSMT objective is the edit distance from it (`z3_edit.rs`);
    /// up to `goal.max` distinct terms are returned, each found after
    /// blocking the ones before, with its cost (violated soft weight).
    /// Interpretations under which every test has a passing path, closest
    /// to the goal's terms first, with their costs, and the Z3 steps the
    /// checks took.
    pub(crate) fn solve_spec(
        &mut self, pool: &Pool, tests: &[Vec<Vec<ExprId>>], goal: &SpecGoal,
    ) -> Result<(Vec<(Interp, u32)>, u64), String> {
        let all: Vec<ExprId> = tests.iter().flatten().flatten().copied().collect();
        let by = self.cfg.timeout.map(|t| Instant::now() + t);
        let Some(occs) = self.prepare(pool, &all, true, by) else {
            return Err("the time limit was reached while encoding the specification".into());
        };
        let z = self.z;
        let mut hard = Vec::new();
        for v in self.vars.values() {
            hard.extend(v.structure.iter().copied());
        }
        for a in &occs {
            let o = &self.occs[a];
            hard.extend(o.defs.iter().copied());
        }
        for test in tests {
            let mut alts = Vec::new();
            for path in test {
                let conds: Vec<ExprId> = path.iter().copied().filter(|&c| pool.width(c) == 1).collect();
                let mut conj: Vec<Z3_ast> = conds.iter().map(|&c| self.lift_bool(pool, c)).collect();
                for a in pool.so_occurrences_in(path) {
                    conj.push(self.occs[&a].range);
                }
                alts.push(z.and(&conj));
            }
            hard.push(z.or(&alts));
        }
        let mut soft: Vec<(Z3_ast, u32)> = Vec::new();
        for (&v, ev) in &self.vars {
            if let (VarEnc::Pse(p), false) = (&ev.enc, goal.any) {
                let orig = goal.prefer.iter().find(|(w, _)| *w == v).map(|(_, t)| t);
                let obj = p.minimal_change(&z, &ev.lang, orig, goal.known, &format!("{}#{}", ev.lang.name, v.0));
                hard.extend(obj.hard);
                soft.extend(obj.soft);
            }
        }
        let ctx = z.ctx;
        let mut found = Vec::new();
        // SAFETY: see `new`; the optimizer and each model are released below.
        unsafe {
            let opt = Z3_mk_optimize(ctx);
            Z3_optimize_inc_ref(ctx, opt);
            // What the encoding left of the time limit.
            let left = by.map(|d| d.saturating_duration_since(Instant::now()).max(Duration::from_millis(1)));
            super::z3::with_timeout_params(ctx, left, |p| Z3_optimize_set_params(ctx, opt, p));
            if let Some(r) = self.cfg.rlimit {
                super::z3::with_uint_param(ctx, "rlimit", r, |p| Z3_optimize_set_params(ctx, opt, p));
            }
            for h in hard {
                Z3_optimize_assert(ctx, opt, h);
            }
            for &(s, w) in &soft {
                let w = std::ffi::CString::new(w.to_string()).unwrap_or_default();
                Z3_optimize_assert_soft(ctx, opt, s, w.as_ptr(), std::ptr::null_mut());
            }
            let mut err = None;
            // The time limit is the whole solve's, not each check's: every
            // further interpretation gets what is left.
            let deadline = by;
            // So is the step budget: each check may take what the ones
            // before left of it.
            let mut steps = 0u64;
            while found.len() < goal.max.max(1) {
                // This check's step limit, if any.
                let mut limit = self.cfg.rlimit.map(u64::from);
                if let Some(b) = self.cfg.budget {
                    let left = b.saturating_sub(steps);
                    if left == 0 {
                        if found.is_empty() {
                            err = Some("the solver gave up on the specification: its step budget is spent".into());
                        }
                        break;
                    }
                    let each = self.cfg.rlimit.map_or(left, |r| left.min(u64::from(r)));
                    limit = Some(each);
                    let each = u32::try_from(each).unwrap_or(u32::MAX);
                    super::z3::with_uint_param(ctx, "rlimit", each, |p| Z3_optimize_set_params(ctx, opt, p));
                }
                if let (Some(d), false) = (deadline, found.is_empty()) {
                    let left = d.saturating_duration_since(std::time::Instant::now());
                    if left.is_zero() {
                        break;
                    }
                    super::z3::with_timeout_params(ctx, Some(left), |p| Z3_optimize_set_params(ctx, opt, p));
                }
                let r = Z3_optimize_check(ctx, opt, 0, std::ptr::null());
                let before = steps;
                steps = optimize_steps(ctx, opt);
                if r == Z3_L_FALSE {
                    break;
                }
                if r != Z3_L_TRUE {
                    let why = Z3_optimize_get_reason_unknown(ctx, opt);
                    let why = if limit.is_some_and(|l| steps - before >= l) {
                        "its step limit is reached".into()
                    } else if why.is_null() {
                        "unknown".into()
                    } else {
                        std::ffi::CStr::from_ptr(why).to_string_lossy().into_owned()
                    };
                    err = Some(format!("the solver gave up on the specification: {why}"));
                    break;
                }
                let m = Z3_optimize_get_model(ctx, opt);
                Z3_model_inc_ref(ctx, m);
                let mut interp = Interp::new();
                let mut blocks = Vec::new();
                for (&v, ev) in &self.vars {
                    if let Some(t) = self.decode(m, v) {
                        interp.insert(v, Rc::new(t));
                    }
                    if let VarEnc::Pse(p) = &ev.enc {
                        blocks.push(p.block(&z, m, &ev.lang));
                    }
                }
                let cost: u32 = soft.iter().filter(|(s, _)| !z.model_bool(m, *s)).map(|(_, w)| w).sum();
                Z3_model_dec_ref(ctx, m);
                found.push((interp, cost));
                if blocks.is_empty() {
                    break;
                }
                // Another interpretation: some variable's term differs.
                Z3_optimize_assert(ctx, opt, z.or(&blocks));
            }
            Z3_optimize_dec_ref(ctx, opt);
            match err {
                Some(e) if found.is_empty() => Err(e),
                _ => Ok((found, steps)),
            }
        }
    }
}

/// Z3's count of the steps `opt` has taken so far (its statistic
/// `rlimit count`, summed over its checks).
///
/// # Safety
/// `opt` belongs to `ctx` and is alive.
unsafe fn optimize_steps(ctx: Z3_context, opt: Z3_optimize) -> u64 {
    super::z3::rlimit_count(ctx, Z3_optimize_get_statistics(ctx, opt))
}

/// What a whole-specification solve looks for.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SpecGoal<'a> {
    /// Per variable, the original term (minimal change from it).
    pub prefer: &'a [(SoVarId, Term)],
    /// The program's integer constants (others cost more).
    pub known: &'a [i64],
    /// How many distinct interpretations, best first.
    pub max: usize,
    /// No minimal-change objective: any interpretations.
    pub any: bool,
}

/// `x` reduced to a signed `w`-bit value (two's complement wrap-around).
fn wrap(z: &Z, x: Z3_ast, w: u8) -> Z3_ast {
    let half = z.big(1i128 << (w - 1));
    z.sub(z.modulo(z.add(x, half), z.big(1i128 << w)), half)
}

/// The application whose whole 32-bit value `e` is (its four bytes
/// concatenated in order), if any.
fn app_value(pool: &Pool, e: ExprId) -> Option<ArrayId> {
    if pool.width(e) != 32 {
        return None;
    }
    let mut bytes = Vec::new();
    let mut stack = vec![e];
    while let Some(n) = stack.pop() {
        match *pool.get(n) {
            Expr::Concat { hi, lo, .. } => {
                stack.push(lo);
                stack.push(hi);
            }
            Expr::Var { arr, idx } => bytes.push((arr, idx)),
            _ => return None,
        }
    }
    let arr = bytes.first()?.0;
    let want: Vec<(ArrayId, u32)> = (0..4).rev().map(|i| (arr, i)).collect();
    (bytes == want && pool.so.occurrence(arr).is_some()).then_some(arr)
}

impl Drop for SoSolver {
    fn drop(&mut self) {
        // SAFETY: created in `new`, not used after this point.
        unsafe {
            Z3_solver_dec_ref(self.z.ctx, self.solver);
            Z3_del_context(self.z.ctx);
        }
    }
}
