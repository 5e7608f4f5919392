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
use crate::so::{HoleMode, Term};
use crate::solver::Sat;
use std::rc::Rc;

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
}

#[derive(Clone, Debug, Default)]
pub struct SoReport {
    pub mode: HoleMode,
    /// Second-order mode: an interpretation of every declared variable.
    pub witnesses: Vec<Witness>,
    pub apps: Vec<AppRecord>,
}

const MAX_ARGS: u64 = 64;

impl<'p> Executor<'p> {
    /// `klee_apply_symbolic(name, nargs, args)`.
    pub(super) fn apply_symbolic(&mut self, st: &mut State, name: &Val, nargs: &Val, args: &Val) -> Result<Val, Termination> {
        if self.cfg.max_hole_applications.is_some_and(|n| st.apps.len() as u64 >= n) {
            return Err(Termination::Early(StopReason::MaxPathInstructions));
        }
        let name = self.read_cstr(st, name)?;
        if name.is_empty() {
            return Err(self.error(st, ErrorKind::User, "klee_apply_symbolic: empty second-order variable name"));
        }
        let n = self.concrete_of(st, nargs.clone(), "klee_apply_symbolic argument count")? as u32 as i32;
        if n < 0 || n as u64 > MAX_ARGS {
            return Err(self.error(st, ErrorKind::User, &format!("klee_apply_symbolic(\"{name}\"): argument count {n} (0..{MAX_ARGS} allowed)")));
        }
        let mut vals: Vec<ExprId> = Vec::new();
        if n > 0 {
            let addr = self.concrete_of(st, args.clone(), "klee_apply_symbolic arguments")?;
            let (id, off) = st.mem.check(addr, 4 * n as u64, false).map_err(|e| self.fault(st, e))?;
            for k in 0..n as u64 {
                let v = match st.mem.read_scalar(&mut self.pool, id, off + 4 * k, 4) {
                    Val::C(c) => self.pool.constant(32, c),
                    Val::S(e) => e,
                    _ => return Err(self.error(st, ErrorKind::Exec, "klee_apply_symbolic: unreadable argument")),
                };
                vals.push(v);
            }
        }
        let var = self.pool.so_declare(&name, n as usize).map_err(|m| self.error(st, ErrorKind::User, &m))?;
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
                return Ok(Val::C(u32::from_le_bytes(std::array::from_fn(|i| bytes.get(i).copied().unwrap_or(0))) as u64));
            }
            return Ok(Val::S(value));
        }
        let tie = self.pool.mention(value);
        let mut m = (*st.model).clone();
        if !m.terms.contains_key(&var) {
            // The variable is unconstrained on this path: any term will do.
            if let Some(t) = self.pool.so.lang(var).default_term() {
                m.terms.insert(var, Rc::new(t));
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
            Sat::Unknown(_) => Err(Termination::Early(StopReason::SolverTimeout)),
        }
    }

    /// Witnesses and applications of a finished path.
    pub(super) fn so_report(&self, st: &State) -> super::so::SoReport {
        let reg = &self.pool.so;
        if reg.vars.is_empty() {
            return SoReport::default();
        }
        let apps = st
            .apps
            .iter()
            .map(|&arr: &ArrayId| {
                let o = reg.occurrence(arr).expect("an application");
                let args = o.args.iter().map(|&a| self.pool.eval(a, &st.model) as u32 as i32 as i64).collect();
                let value = self.pool.eval(o.value, &st.model) as u32 as i32 as i64;
                AppRecord { var: reg.var(o.var).name.clone(), args, value }
            })
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
