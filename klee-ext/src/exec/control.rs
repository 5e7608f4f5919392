//! Branches, switches and forking.

use super::stats::BranchKind;
use super::tree::NodeKind;
use super::{ErrorKind, Executor, State, StateId, StopReason, Termination};
use crate::expr::{CmpOp, ExprId};
use crate::ir::{Edge, SwitchInst, Val};
use crate::so::Assignment;
use crate::solver::Sat;
use std::rc::Rc;

/// Values a pinned symbolic value is tried at first, in order, under
/// [`Config::fork_on_pins`](super::Config::fork_on_pins) (field widths,
/// copy lengths, small counts).
pub(crate) const PIN_SMALL: u64 = 16;

impl<'p> Executor<'p> {
    /// Moves `st` along `edge`, performing its phi moves in parallel.
    #[inline]
    pub(super) fn take_edge(&mut self, st: &mut State, edge: &Edge) {
        let fr = st.frame();
        match &edge.moves[..] {
            [] => {}
            // One move cannot clobber another move's source.
            [(r, op)] => fr.regs[r.idx()] = self.get(&fr.regs, *op),
            moves => {
                // Parallel semantics: read every source, then write.
                let mut vals = std::mem::take(&mut self.phi_scratch);
                vals.extend(moves.iter().map(|(_, op)| self.get(&fr.regs, *op)));
                for ((r, _), v) in moves.iter().zip(vals.drain(..)) {
                    fr.regs[r.idx()] = v;
                }
                self.phi_scratch = vals;
            }
        }
        fr.block = edge.target;
        fr.pc = 0;
        let f = fr.func;
        if self.cfg.record_lines {
            Rc::make_mut(&mut st.blocks).push((f, edge.target));
        }
        if self.cover(f, edge.target) {
            st.covnew = st.instructions;
            st.covered_new = true;
        }
    }

    /// A model of `st`'s path with `c`, or `None` if `c` cannot hold. The
    /// state's own model answers when it satisfies `c`; otherwise the
    /// solver's (sliced) model is merged into it, which stays a model of
    /// the other constraints because they are independent of the slice.
    /// A solver timeout ends the path early.
    pub(super) fn model_for(&mut self, st: &State, c: ExprId) -> Result<Option<Rc<Assignment>>, Termination> {
        if let Some(v) = self.pool.as_const(c) {
            return Ok((v != 0).then(|| st.model.clone()));
        }
        if self.pool.eval(c, &st.model) != 0 {
            return Ok(Some(st.model.clone()));
        }
        match self.solver.check(&mut self.pool, &st.constraints, c) {
            Sat::Sat(a) => {
                let mut m = (*st.model).clone();
                m.merge(a);
                Ok(Some(Rc::new(m)))
            }
            Sat::Unsat => Ok(None),
            Sat::Unknown(_) => Err(self.unknown_answer()),
        }
    }

    /// How a path ends when the solver cannot answer: at the run's time
    /// limit if that has passed (the query was cut there), else at the
    /// query's own limit (`--max-solver-time`).
    pub(super) fn unknown_answer(&self) -> Termination {
        Termination::Early(if self.solver.past_deadline() { StopReason::MaxTime } else { StopReason::SolverTimeout })
    }

    /// Adds `c` to the path if it can hold; returns false if it cannot.
    pub(super) fn constrain(&mut self, st: &mut State, c: ExprId) -> Result<bool, Termination> {
        match self.model_for(st, c)? {
            Some(m) => {
                if self.pool.as_const(c).is_none() {
                    st.add_constraint(c, m);
                    // Seeds that do not meet it leave the path.
                    self.keep_consistent_seeds(st);
                }
                Ok(true)
            }
            None => Ok(false),
        }
    }

    pub(super) fn can_fork(&self, st: &State) -> bool {
        // A forked child runs as one path (it follows one feasible side).
        !st.proc.in_child
            && !st.forking_off
            && !self.memory_inhibited()
            && self.cfg.max_forks.is_none_or(|m| self.stats.forks - self.forks_at_start < m)
    }

    /// A copy of `st` as a new state (not yet scheduled).
    pub(super) fn clone_state(&mut self, st: &State) -> State {
        let t0 = std::time::Instant::now();
        self.merge_fork(st);
        let mut other = st.clone();
        other.covered_new = false;
        self.stats.klee.fork_time += t0.elapsed();
        other
    }

    /// Conditional branch on a symbolic condition.
    pub(super) fn branch(&mut self, st: &mut State, v: &Val, edges: &[Edge; 2]) -> Result<(), Termination> {
        let c = match v {
            Val::S(e) => self.pool.is_nonzero(*e),
            _ => unreachable!("concrete conditions are handled inline"),
        };
        let c = self.index_optimized(c);
        let own = self.cfg.record_branches && !self.prog.func(st.top().func).runtime;
        if own {
            // A recorded decision to follow: this side only, if it can.
            let at = st.path.len();
            if let Some(&want) = self.cfg.replay_path.as_ref().and_then(|p| p.get(at)) {
                let side = if want { c } else { self.pool.not(c) };
                let Some(m) = self.model_for(st, side)? else {
                    return Err(self.error(
                        st,
                        ErrorKind::User,
                        "the replayed path takes a branch side that cannot hold",
                    ));
                };
                st.add_constraint(side, m);
                Rc::make_mut(&mut st.path).push(want);
                self.mark_side(st, !want as usize);
                self.take_edge(st, &edges[!want as usize]);
                return Ok(());
            }
        }
        if !st.seeds.is_empty() {
            return self.seeded_branch(st, c, edges);
        }
        let pruned0 = self.so_pruned_now();
        let t_ok = self.model_for(st, c)?;
        let t_pruned = t_ok.is_none() && self.so_pruned_since(pruned0);
        let pruned1 = self.so_pruned_now();
        let nc = self.pool.not(c);
        let f_ok = self.model_for(st, nc)?;
        let f_pruned = f_ok.is_none() && self.so_pruned_since(pruned1);
        match (t_ok, f_ok) {
            (Some(_), None) => {
                if own {
                    Rc::make_mut(&mut st.path).push(true);
                }
                self.stats.branches_infeasible += 1;
                if f_pruned {
                    self.tree_child(st, NodeKind::Pruned(false));
                    st.tree_node = self.tree_child(st, NodeKind::Side(true));
                }
                self.mark_side(st, 0);
                self.take_edge(st, &edges[0]);
            }
            (None, Some(_)) => {
                if own {
                    Rc::make_mut(&mut st.path).push(false);
                }
                self.stats.branches_infeasible += 1;
                if t_pruned {
                    self.tree_child(st, NodeKind::Pruned(true));
                    st.tree_node = self.tree_child(st, NodeKind::Side(false));
                }
                self.mark_side(st, 1);
                self.take_edge(st, &edges[1]);
            }
            (Some(mt), Some(mf)) => {
                if !self.can_fork(st) {
                    if own {
                        Rc::make_mut(&mut st.path).push(true);
                    }
                    st.add_constraint(c, mt);
                    self.mark_side(st, 0);
                    self.take_edge(st, &edges[0]);
                    return Ok(());
                }
                if self.static_limit_reached(st) {
                    // The side the path's model takes, without a fork.
                    self.warn_static_limit(st);
                    let side = self.pool.eval(c, &st.model) == 0;
                    if own {
                        Rc::make_mut(&mut st.path).push(!side);
                    }
                    let (cond, m) = if side { (nc, mf) } else { (c, mt) };
                    st.add_constraint(cond, m);
                    self.mark_side(st, side as usize);
                    self.take_edge(st, &edges[side as usize]);
                    return Ok(());
                }
                self.count_site_fork(st);
                let mut other = self.split_branch(st, (c, mt), (nc, mf));
                if own {
                    Rc::make_mut(&mut st.path).push(true);
                    Rc::make_mut(&mut other.path).push(false);
                }
                self.take_edge(st, &edges[0]);
                self.take_edge(&mut other, &edges[1]);
                self.add_state(other);
            }
            (None, None) => {
                return Err(self.error(st, ErrorKind::Exec, "infeasible path reached (solver inconsistency)"))
            }
        }
        Ok(())
    }

    /// Forks a symbolic branch: `st` takes condition `c` (with model
    /// `mt`), the copy returned takes `nc` (with `mf`); both sides marked
    /// taken, the tree and depths updated. The caller moves each along
    /// its edge.
    pub(super) fn split_branch(
        &mut self, st: &mut State, (c, mt): (ExprId, Rc<Assignment>), (nc, mf): (ExprId, Rc<Assignment>),
    ) -> State {
        self.count_fork(BranchKind::Conditional);
        self.mark_side(st, 0);
        self.mark_side(st, 1);
        let mut other = self.clone_state(st);
        other.tree_node = self.tree_child(st, NodeKind::Side(false));
        st.tree_node = self.tree_child(st, NodeKind::Side(true));
        st.depth += 1;
        other.depth += 1;
        st.add_constraint(c, mt);
        other.add_constraint(nc, mf);
        other
    }

    pub(super) fn switch(&mut self, st: &mut State, sw: &SwitchInst) -> Result<(), Termination> {
        let v = self.get(st.regs(), sw.cond);
        let x = match v {
            Val::C(c) => {
                let e = sw.cases.iter().find(|(k, _)| *k == c).map(|(_, e)| e).unwrap_or(&sw.default);
                self.take_edge(st, e);
                return Ok(());
            }
            Val::S(e) => e,
            Val::Agg(_) | Val::Wide(_) => {
                return Err(self.error(st, ErrorKind::Exec, "unsupported: switch on an integer wider than 64 bits"))
            }
        };
        // Group cases by target block; collect the feasible ones.
        let mut targets: Vec<(ExprId, &Edge)> = Vec::new();
        let mut not_any = crate::expr::ExprPool::TRUE;
        for (k, edge) in sw.cases.iter() {
            let kc = self.pool.constant(sw.w, *k);
            let eq = self.pool.eq(x, kc);
            let ne = self.pool.not(eq);
            not_any = self.pool.and(not_any, ne);
            let by_target = self.cfg.switch_by_target;
            match targets.iter_mut().find(|(_, e)| by_target && e.target == edge.target) {
                Some((cond, _)) => *cond = self.pool.or(*cond, eq),
                None => targets.push((eq, edge)),
            }
        }
        // The default joins the cases that go where it goes.
        match targets.iter_mut().find(|(_, e)| self.cfg.switch_by_target && e.target == sw.default.target) {
            Some((cond, _)) => *cond = self.pool.or(*cond, not_any),
            None => targets.push((not_any, &sw.default)),
        }
        self.fork_cases(st, targets, BranchKind::Switch, &|ex: &mut Self, s: &mut State, e: &&Edge| ex.take_edge(s, e))
    }

    /// Forks `st` once per feasible case, each path with the case's
    /// condition and `apply`ed to the case (a switch's edge, a call's
    /// result); `st` takes the first feasible case.
    pub(super) fn fork_cases<T>(
        &mut self, st: &mut State, cases: Vec<(ExprId, T)>, kind: BranchKind, apply: &dyn Fn(&mut Self, &mut State, &T),
    ) -> Result<(), Termination> {
        let mut feasible = Vec::new();
        for (cond, x) in cases {
            match self.model_for(st, cond)? {
                Some(m) => feasible.push((cond, x, m)),
                None => self.stats.branches_infeasible += 1,
            }
        }
        let Some(((first_c, first_x, first_m), rest)) = feasible.split_first() else {
            return Err(self.error(st, ErrorKind::Exec, "infeasible path reached (solver inconsistency)"));
        };
        let base = st.clone();
        for (cond, x, m) in rest {
            if !self.can_fork(st) {
                break;
            }
            self.count_fork(kind);
            let mut other = self.clone_state(&base);
            other.depth += 1;
            other.add_constraint(*cond, m.clone());
            apply(self, &mut other, x);
            self.add_state(other);
        }
        if !rest.is_empty() {
            st.depth += 1;
            st.add_constraint(*first_c, first_m.clone());
        }
        apply(self, st, first_x);
        Ok(())
    }

    /// Computed goto: jumps to the label whose address the operand holds.
    pub(super) fn indirect_br(
        &mut self, st: &mut State, addr: crate::ir::Operand, edges: &[Edge],
    ) -> Result<(), Termination> {
        let v = self.get(st.regs(), addr);
        let f = st.top().func;
        if let Val::S(e) = v {
            // As KLEE: one path per label the address may be, and an
            // error for any other address.
            let base = (crate::ir::BLOCK_BASE + f.0 as u64) << 32;
            let mut none = crate::expr::ExprPool::TRUE;
            let mut sides = Vec::new();
            for edge in edges {
                let lbl = self.pool.constant(64, base | edge.target.0 as u64);
                let eq = self.pool.eq(e, lbl);
                let ne = self.pool.not(eq);
                none = self.pool.and(none, ne);
                if let Some(m) = self.model_for(st, eq)? {
                    sides.push((eq, edge, m));
                }
            }
            self.fork_error_with(st, none, BranchKind::Indirect, &|ex: &Self, s: &State| {
                ex.error(s, ErrorKind::Exec, "indirectbr: illegal label address")
            })?;
            let Some(((c0, e0, m0), rest)) = sides.split_first() else {
                return Err(self.error(st, ErrorKind::Exec, "indirectbr: illegal label address"));
            };
            for (c, edge, m) in rest {
                self.count_fork(BranchKind::Indirect);
                let mut other = self.clone_state(st);
                other.depth += 1;
                other.add_constraint(*c, m.clone());
                self.take_edge(&mut other, edge);
                self.add_state(other);
            }
            st.add_constraint(*c0, m0.clone());
            self.take_edge(st, e0);
            return Ok(());
        }
        let a = self.concrete_of(st, v, "label address")?;
        let target = ((a >> 32) == crate::ir::BLOCK_BASE + f.0 as u64).then_some(a & 0xffff_ffff);
        match edges.iter().find(|e| Some(e.target.0 as u64) == target) {
            Some(e) => {
                self.take_edge(st, e);
                Ok(())
            }
            None => Err(self.error(st, ErrorKind::Ptr, format!("computed goto to an invalid label address {a:#x}"))),
        }
    }

    /// If `bad` may hold, splits off a path on which it does and which ends
    /// with an error of `kind`; `st` continues with `!bad`.
    pub(super) fn fork_error_if(
        &mut self, st: &mut State, bad: ExprId, kind: ErrorKind, msg: &str,
    ) -> Result<(), Termination> {
        let fork = if kind == ErrorKind::Ptr { BranchKind::MemOp } else { BranchKind::Conditional };
        self.fork_error_with(st, bad, fork, &|ex: &Self, s: &State| ex.error(s, kind, msg))
    }

    /// As `fork_error_if`, with the error `make` builds for the path on
    /// which `bad` holds.
    pub(super) fn fork_error_with(
        &mut self, st: &mut State, bad: ExprId, fork: BranchKind, make: &dyn Fn(&Self, &State) -> Termination,
    ) -> Result<(), Termination> {
        let Some(bad_model) = self.model_for(st, bad)? else {
            return Ok(());
        };
        let good = self.pool.not(bad);
        let Some(good_model) = self.model_for(st, good)? else {
            return Err(make(self, st));
        };
        if self.can_fork(st) {
            self.count_fork(fork);
            let mut err = self.clone_state(st);
            err.tree_node = self.tree_child(st, NodeKind::Side(true));
            st.tree_node = self.tree_child(st, NodeKind::Side(false));
            err.add_constraint(bad, bad_model);
            err.depth += 1;
            st.depth += 1;
            let t = make(self, &err);
            let id = self.reserve_state_id();
            err.id = id;
            self.pending.push((err, t));
        }
        st.add_constraint(good, good_model);
        Ok(())
    }

    /// Schedules a copy of `st` constrained by `alt` (with `alt_model`, a
    /// model of the path and `alt`) that re-executes the current
    /// instruction. Within the fork limit only.
    pub(super) fn fork_retry(&mut self, st: &mut State, kind: BranchKind, alt: ExprId, alt_model: Rc<Assignment>) {
        if self.can_fork(st) {
            self.count_fork(kind);
            let mut other = self.clone_state(st);
            other.add_constraint(alt, alt_model);
            other.depth += 1;
            st.depth += 1;
            other.frame().pc -= 1;
            self.add_state(other);
        }
    }

    /// A symbolic exit status: this path exits with one value the path
    /// allows, and (within the fork limit) a copy of it re-executes the
    /// exit with the others, so a test's expected status is met wherever
    /// a path can meet it (a status computed from symbolic data, as
    /// `return ok ? 0 : 1;`).
    pub(super) fn exit_status(&mut self, st: &mut State, e: ExprId) -> Result<u64, Termination> {
        self.pin_value(st, e, BranchKind::Conditional)
    }

    /// [`Config::fork_on_pins`]: this path takes the smallest value of `e`
    /// below [`PIN_SMALL`] it allows, and a copy re-executes the
    /// instruction with `e` above it (which again takes its smallest); with
    /// no such value, the model's value alone.
    pub(super) fn pin_smallest(&mut self, st: &mut State, e: ExprId) -> Result<u64, Termination> {
        let w = self.pool.width(e);
        let v = self.pool.eval(e, &st.model);
        let cv = self.pool.constant(w, v);
        let not_v = self.pool.ne(e, cv);
        if self.model_for(st, not_v)?.is_none() {
            // The path allows this value alone.
            return Ok(v);
        }
        let limit = self.pool.constant(w, PIN_SMALL);
        let small = self.pool.cmp(CmpOp::Ult, e, limit);
        if w > 1 && self.model_for(st, small)?.is_some() {
            for c in 0..PIN_SMALL {
                let cc = self.pool.constant(w, c);
                let is = self.pool.eq(e, cc);
                if let Some(m) = self.model_for(st, is)? {
                    let above = self.pool.cmp(CmpOp::Ult, cc, e);
                    if let Some(am) = self.model_for(st, above)? {
                        self.fork_retry(st, BranchKind::GetVal, above, am);
                    }
                    st.add_constraint(is, m);
                    return Ok(c);
                }
            }
        }
        // Beyond the small values, one value as KLEE pins it: a chain
        // over large ones (a width of a billion) would spend the fork
        // budget on copies of huge objects.
        Ok(self.pin_to_model(st, e))
    }

    /// This path takes the value its model gives `e`; within the fork
    /// limit a copy of it re-executes the instruction with the other
    /// values (a `kind` fork).
    pub(super) fn pin_value(&mut self, st: &mut State, e: ExprId, kind: BranchKind) -> Result<u64, Termination> {
        let v = self.pool.eval(e, &st.model);
        let w = self.pool.width(e);
        let c = self.pool.constant(w, v);
        let is = self.pool.eq(e, c);
        self.take_model_side(st, is, kind)?;
        Ok(v)
    }

    /// This path takes the side of `cond` its model has (returned); within
    /// the fork limit a copy of it re-executes the instruction on the
    /// other side (a `kind` fork).
    pub(super) fn take_model_side(
        &mut self, st: &mut State, cond: ExprId, kind: BranchKind,
    ) -> Result<bool, Termination> {
        let holds = self.pool.eval(cond, &st.model) != 0;
        let here = if holds { cond } else { self.pool.not(cond) };
        let other = self.pool.not(here);
        if let Some(m) = self.model_for(st, other)? {
            self.fork_retry(st, kind, other, m);
        }
        let model = st.model.clone();
        st.add_constraint(here, model);
        Ok(holds)
    }

    pub(super) fn reserve_state_id(&mut self) -> StateId {
        let id = StateId(self.states.len() as u32);
        self.states.push(None);
        self.stats.states_created += 1;
        id
    }
}
