//! `klee_apply_symbolic`: applications of second-order variables, and what
//! a finished path reports about them.
//!
//! Second-order mode keeps the state's model a model of the encoded path
//! condition: it carries an interpretation of every variable applied on
//! the path, and each new application's bytes are that interpretation
//! evaluated on the application's arguments. A path constraint that
//! merely mentions the application (always true) ties it to the path, so
//! every later query about the variable includes all of the path's
//! applications (and their `int`-range conditions).

use super::{ErrorKind, Executor, State, StopReason, Termination};
use crate::expr::{ArrayId, ExprId};
use crate::ir::Val;
use crate::so::{HoleMode, SoVarId, Sort, Term};
use crate::solver::z3_examples::{ExampleSolver, Rel};
use crate::solver::Sat;
use std::rc::Rc;

/// An integer whose order is the order of the `f64` values (`-0.0` and
/// `0.0` are one key; NaN, which compares with nothing, has none).
pub(crate) fn real_key(d: f64) -> Option<i64> {
    if d.is_nan() {
        return None;
    }
    let d = if d == 0.0 { 0.0 } else { d };
    let b = d.to_bits();
    let u = if b >> 63 == 1 { !b } else { b | 1 << 63 };
    Some((u ^ 1 << 63) as i64)
}

/// Original-first evaluation of holes (`Config::hole_schedule`).
///
/// Every evaluation of a hole with an original term returns the original's
/// value on the evaluation's (concrete) arguments, except the evaluations
/// whose index on the path (0, 1, ...) is in `flips`: those *deviate*. A
/// Boolean hole's deviation is the other truth value; an integer hole's is
/// a fresh value constrained to differ from the original's. A path is one
/// schedule's exactly when it reaches every flip; one that ends before its
/// last flip is the path of a shorter schedule and is not reported.
///
/// In second-order mode a deviation is checked first: if no term of the
/// language agrees with the path's evaluations so far (the deviating one
/// included), the path ends there (pruned). Evaluations that follow the
/// original are checked only against earlier ones with the same arguments.
#[derive(Clone, Debug, Default)]
pub struct HoleSchedule {
    /// Per hole name, the original expression as a term of its language.
    pub originals: Vec<(String, Term)>,
    /// Indices of the deviating evaluations, ascending.
    pub flips: Vec<u32>,
}

/// One evaluation of a scheduled hole.
#[derive(Clone, Debug)]
pub struct HoleEval {
    pub var: SoVarId,
    pub args: Rc<[i64]>,
    /// The original expression's value on `args`.
    pub original: i64,
    /// The value: concrete, or (a deviating integer) a fresh application
    /// whose value differs from `original`.
    pub value: Result<i64, ArrayId>,
    pub deviated: bool,
}

/// The interpretation of one variable on a path.
#[derive(Clone, Debug)]
pub struct Witness {
    pub var: String,
    /// Argument names (the language's parameters).
    pub params: Vec<String>,
    pub term: Term,
}

impl Witness {
    /// `rho(i, x) = x - i`.
    pub fn describe(&self) -> String {
        format!("{}({}) = {}", self.var, self.params.join(", "), self.term.to_c(&self.params))
    }
}

/// One evaluation of `klee_apply_symbolic` on a path, under its model.
#[derive(Clone, Debug)]
pub struct AppRecord {
    pub var: String,
    pub args: Vec<i64>,
    pub value: i64,
    /// A scheduled deviation left symbolic: its application and the
    /// original's value it differs from (`value` is the model's).
    pub free: Option<(ArrayId, i64)>,
}

#[derive(Clone, Debug, Default)]
pub struct SoReport {
    pub mode: HoleMode,
    /// Second-order mode: an interpretation of every declared variable.
    pub witnesses: Vec<Witness>,
    pub apps: Vec<AppRecord>,
}

/// At most this many arguments (a recorded call passes a string's
/// characters one by one).
const MAX_ARGS: u64 = 4096;

/// Outer time limit of one consistency check of a scheduled deviation
/// (the check's work is bounded by `z3_examples::CHECK_RLIMIT`, which
/// binds first on an unloaded machine).
pub const PRUNE_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(250);

impl<'p> Executor<'p> {
    /// The name, and the `n` arguments of `size` bytes each, of a hole's
    /// evaluation.
    fn hole_call(
        &mut self, st: &mut State, name: &Val, nargs: &Val, args: &Val, size: u64,
    ) -> Result<(String, Vec<Val>), Termination> {
        if self.cfg.max_hole_applications.is_some_and(|n| (st.apps.len() + st.holes.len()) as u64 >= n) {
            return Err(Termination::Early(StopReason::MaxPathInstructions));
        }
        let name = self.read_cstr(st, name)?;
        if name.is_empty() {
            return Err(self.error(st, ErrorKind::User, "klee_apply_symbolic: empty second-order variable name"));
        }
        let n = self.concrete_of(st, nargs.clone(), "klee_apply_symbolic argument count")? as u32 as i32;
        if n < 0 || n as u64 > MAX_ARGS {
            return Err(self.error(
                st,
                ErrorKind::User,
                format!("klee_apply_symbolic(\"{name}\"): argument count {n} (0..{MAX_ARGS} allowed)"),
            ));
        }
        let mut vals = Vec::new();
        if n > 0 {
            let addr = self.concrete_of(st, args.clone(), "klee_apply_symbolic arguments")?;
            let (id, off) = st.mem.check(addr, size * n as u64, false).map_err(|e| self.fault(st, e))?;
            for k in 0..n as u64 {
                vals.push(st.mem.read_scalar(&mut self.pool, id, off + size * k, size));
            }
        }
        Ok((name, vals))
    }

    /// `klee_apply_symbolic_f64(name, nargs, args)`: a hole over `double`
    /// values (conditions over floating-point variables and constants).
    /// Only scheduled evaluation supports it: each argument is passed as
    /// its [`real_key`], so comparisons of keys are comparisons of values.
    pub(super) fn apply_symbolic_f64(
        &mut self, st: &mut State, name: &Val, nargs: &Val, args: &Val,
    ) -> Result<Val, Termination> {
        let (name, vals) = self.hole_call(st, name, nargs, args, 8)?;
        let var = self.pool.so_declare(&name, vals.len()).map_err(|m| self.error(st, ErrorKind::User, &m))?;
        let Some((sched, orig)) = self.scheduled(&name) else {
            return Err(self.error(st, ErrorKind::User, format!("unsupported: the floating-point hole `{name}` needs the deviation search (an original term and a schedule)")));
        };
        let mut keys = Vec::with_capacity(vals.len());
        for v in vals {
            let bits = self.concrete_of(st, v, "hole argument")?;
            match real_key(f64::from_bits(bits)) {
                Some(k) => keys.push(k),
                None => {
                    return Err(self.error(
                        st,
                        ErrorKind::User,
                        format!("unsupported: a NaN argument of the floating-point hole `{name}`"),
                    ))
                }
            }
        }
        self.apply_scheduled(st, var, keys.into(), &orig, &sched.flips)
    }

    /// `klee_apply_symbolic(name, nargs, args)`.
    pub(super) fn apply_symbolic(
        &mut self, st: &mut State, name: &Val, nargs: &Val, args: &Val,
    ) -> Result<Val, Termination> {
        let (name, raw) = self.hole_call(st, name, nargs, args, 4)?;
        let mut vals: Vec<ExprId> = Vec::with_capacity(raw.len());
        for v in raw {
            vals.push(match v {
                Val::C(c) => self.pool.constant(32, c),
                Val::S(e) => e,
                _ => return Err(self.error(st, ErrorKind::Exec, "klee_apply_symbolic: unreadable argument")),
            });
        }
        let var = self.pool.so_declare(&name, vals.len()).map_err(|m| self.error(st, ErrorKind::User, &m))?;
        if let Some((sched, orig)) = self.scheduled(&name) {
            let mut args = Vec::with_capacity(vals.len());
            for v in vals {
                let c = match self.pool.as_const(v) {
                    Some(c) => c,
                    None => self.concrete_of(st, Val::S(v), "hole argument")?,
                };
                args.push(c as u32 as i32 as i64);
            }
            return self.apply_scheduled(st, var, args.into(), &orig, &sched.flips);
        }
        let linked = self.cfg.hole_mode == HoleMode::So;
        let (arr, value) = self.pool.so_occurrence(var, vals, linked);
        Rc::make_mut(&mut st.apps).push(arr);
        if !linked {
            st.arrays.push((arr, name.as_str().into()));
            if let Some(bytes) = self.next_replay(&name) {
                let m = Rc::make_mut(&mut st.model);
                for i in 0..4 {
                    m.bytes.insert((arr, i), bytes.get(i as usize).copied().unwrap_or(0));
                }
                return Ok(Val::C(
                    u32::from_le_bytes(std::array::from_fn(|i| bytes.get(i).copied().unwrap_or(0))) as u64
                ));
            }
            return Ok(Val::S(value));
        }
        let tie = self.pool.mention(value);
        let mut m = (*st.model).clone();
        if let std::collections::btree_map::Entry::Vacant(e) = m.terms.entry(var) {
            // The variable is unconstrained on this path: any term will do.
            if let Some(t) = self.pool.so.lang(var).default_term() {
                e.insert(Rc::new(t));
            }
        }
        if m.terms.contains_key(&var) && self.pool.so_complete(&mut m, &[arr]) {
            st.add_constraint(tie, Rc::new(m));
            return Ok(Val::S(value));
        }
        match self.solver.check(&mut self.pool, &st.constraints, tie) {
            Sat::Sat(a) => {
                let mut m = (*st.model).clone();
                m.merge(a);
                st.add_constraint(tie, Rc::new(m));
                Ok(Val::S(value))
            }
            Sat::Unsat => {
                self.stats.so_pruned += 1;
                Err(Termination::Silent)
            }
            Sat::Unknown(_) => Err(self.unknown_answer()),
        }
    }

    /// A scheduled evaluation (see [`HoleSchedule`]) on concrete `args`.
    fn apply_scheduled(
        &mut self, st: &mut State, var: SoVarId, args: Rc<[i64]>, orig: &Term, flips: &[u32],
    ) -> Result<Val, Termination> {
        // The original leaves the `int` range here: the path ends as a
        // path whose hole cannot be evaluated.
        let Some(o) = orig.eval(&args).map(|v| v.as_c()) else {
            self.stats.so_pruned += 1;
            return Err(Termination::Silent);
        };
        let idx = st.holes.len() as u32;
        self.holes_reached = self.holes_reached.max(idx as usize + 1);
        let deviate = flips.binary_search(&idx).is_ok();
        let so = self.cfg.hole_mode == HoleMode::So;
        if !deviate {
            // The same arguments with another value earlier: no function.
            // Only a deviated evaluation can disagree with the original.
            let mut deviated = flips.iter().take_while(|&&f| f < idx).map(|&f| &st.holes[f as usize]);
            if so && deviated.any(|h| h.var == var && h.args == args && h.value.is_ok_and(|v| v != o)) {
                self.stats.so_pruned += 1;
                return Err(Termination::Silent);
            }
            Rc::make_mut(&mut st.holes).push(HoleEval { var, args, original: o, value: Ok(o), deviated: false });
            return Ok(Val::C(o as u32 as u64));
        }
        let boolean = self.pool.so.lang(var).sort_of(self.pool.so.lang(var).start) == Sort::Bool;
        let (value, ret) = if boolean {
            let v = i64::from(o == 0);
            (Ok(v), Val::C(v as u64))
        } else {
            let consts: Vec<ExprId> = args.iter().map(|&a| self.pool.constant(32, a as u32 as u64)).collect();
            let (arr, e) = self.pool.so_occurrence(var, consts, false);
            let oc = self.pool.constant(32, o as u32 as u64);
            let same = self.pool.eq(e, oc);
            let differs = self.pool.not(same);
            if !self.constrain(st, differs)? {
                return Err(Termination::Silent);
            }
            (Err(arr), Val::S(e))
        };
        Rc::make_mut(&mut st.holes).push(HoleEval { var, args, original: o, value, deviated: true });
        if so && !self.scheduled_consistent(st, var) {
            self.stats.so_pruned += 1;
            return Err(Termination::Silent);
        }
        Ok(ret)
    }

    /// Whether some term of `var`'s language agrees with every scheduled
    /// evaluation of it on the path (a solver that gives up says yes).
    fn scheduled_consistent(&mut self, st: &State, var: SoVarId) -> bool {
        let examples: Vec<(Rc<[i64]>, Rel)> = st
            .holes
            .iter()
            .filter(|h| h.var == var)
            .map(|h| {
                (
                    h.args.clone(),
                    match h.value {
                        Ok(v) => Rel::Eq(v),
                        Err(_) => Rel::Ne(h.original),
                    },
                )
            })
            .collect();
        self.example_checker(var).consistent(&examples) != Some(false)
    }

    /// The consistency checker of `var` (one per variable and exploration,
    /// shared by the per-deviation and the whole-path checks), hinted with
    /// the scheduled original term.
    fn example_checker(&mut self, var: SoVarId) -> &mut ExampleSolver {
        let lang = self.pool.so.lang(var).clone();
        // Pruning is an optimization: a check that takes long is given up
        // (and the path kept).
        let timeout = Some(self.cfg.solver.timeout.map_or(PRUNE_TIMEOUT, |t| t.min(PRUNE_TIMEOUT)));
        let enc = self.cfg.solver.so.encoding;
        let orig = self.scheduled(&self.pool.so.var(var).name).map(|(_, t)| t);
        self.examples.entry(var).or_insert_with(|| {
            let mut c = ExampleSolver::new(lang, enc, timeout);
            if let Some(o) = orig {
                c.hint_original(o);
            }
            c
        })
    }

    /// Whether some term of the language of the hole `name` agrees with
    /// `examples` (`None`: no such hole yet, or the solver gave up). A
    /// passing path's evaluations, checked as a whole.
    pub fn holes_consistent(
        &mut self, name: &str, examples: &[(Rc<[i64]>, Rel)], timeout: std::time::Duration,
    ) -> Option<bool> {
        let var = self.pool.so.find(name)?;
        self.example_checker(var).consistent_within(examples, timeout)
    }

    /// The schedule, and the original term of hole `name` in it, when
    /// holes are scheduled and `name` has one.
    fn scheduled(&self, name: &str) -> Option<(Rc<HoleSchedule>, Term)> {
        let s = self.cfg.hole_schedule.as_ref()?;
        let (_, t) = s.originals.iter().find(|(h, _)| h == name)?;
        Some((s.clone(), t.clone()))
    }

    /// A scheduled path that ended before its schedule's last flip (it is
    /// the path of a shorter schedule).
    pub(super) fn schedule_unreached(&self, st: &State) -> bool {
        match &self.cfg.hole_schedule {
            Some(s) => s.flips.last().is_some_and(|&l| st.holes.len() as u32 <= l),
            None => false,
        }
    }

    /// Witnesses and applications of a finished path.
    pub(super) fn so_report(&self, st: &State) -> super::so::SoReport {
        let reg = &self.pool.so;
        if reg.vars.is_empty() {
            return SoReport::default();
        }
        let scheduled = st.holes.iter().map(|h| {
            let (value, free) = match h.value {
                Ok(v) => (v, None),
                Err(arr) => (
                    self.pool.eval(reg.occurrence(arr).expect("an application").value, &st.model) as u32 as i32 as i64,
                    Some((arr, h.original)),
                ),
            };
            AppRecord { var: reg.var(h.var).name.clone(), args: h.args.to_vec(), value, free }
        });
        let apps: Vec<AppRecord> = scheduled
            .chain(st.apps.iter().map(|&arr: &ArrayId| {
                let o = reg.occurrence(arr).expect("an application");
                let args = o.args.iter().map(|&a| self.pool.eval(a, &st.model) as u32 as i32 as i64).collect();
                let value = self.pool.eval(o.value, &st.model) as u32 as i32 as i64;
                AppRecord { var: reg.var(o.var).name.clone(), args, value, free: None }
            }))
            .collect();
        let mut witnesses = Vec::new();
        if self.cfg.hole_mode == HoleMode::So {
            for (i, v) in reg.vars.iter().enumerate() {
                let id = crate::so::SoVarId(i as u32);
                let lang = reg.lang(id);
                let term = st.model.terms.get(&id).map(|t| (**t).clone()).or_else(|| lang.default_term());
                if let Some(term) = term {
                    witnesses.push(Witness { var: v.name.clone(), params: lang.params.clone(), term });
                }
            }
        }
        SoReport { mode: self.cfg.hole_mode, witnesses, apps }
    }
}

#[cfg(test)]
mod tests {
    use super::real_key;

    #[test]
    fn real_keys_order_as_the_values() {
        let vals = [
            f64::NEG_INFINITY,
            -1e300,
            -80.5,
            -1.0,
            -f64::MIN_POSITIVE,
            0.0,
            5e-324,
            0.1,
            79.99999999999999,
            80.0,
            80.00000000000001,
            1e308,
            f64::INFINITY,
        ];
        for w in vals.windows(2) {
            assert!(real_key(w[0]).unwrap() < real_key(w[1]).unwrap(), "{} < {}", w[0], w[1]);
        }
        assert_eq!(real_key(-0.0), real_key(0.0));
        assert_eq!(real_key(f64::NAN), None);
        assert_eq!(real_key(0.0), Some(0));
    }
}
