//! Branches, switches and forking.

use super::{ErrorKind, Executor, State, StateId, StopReason, Termination};
use crate::expr::ExprId;
use crate::ir::{Edge, SwitchInst, Val};
use crate::solver::Validity;

impl<'p> Executor<'p> {
    /// Moves `st` along `edge`, performing its phi moves in parallel.
    #[inline]
    pub(super) fn take_edge(&mut self, st: &mut State, edge: &Edge) {
        let fr = st.stack.last_mut().expect("frame");
        if !edge.moves.is_empty() {
            let vals: Vec<Val> = edge.moves.iter().map(|(_, op)| self.get(&fr.regs, *op)).collect();
            for ((r, _), v) in edge.moves.iter().zip(vals) {
                fr.regs[r.idx()] = v;
            }
        }
        fr.block = edge.target;
        fr.pc = 0;
        let f = fr.func;
        if self.cover(f, edge.target) {
            st.covnew += 1;
        }
    }

    /// Can `c` hold on `st`'s path? A solver timeout ends the path early.
    pub(super) fn may(&mut self, st: &State, c: ExprId) -> Result<bool, Termination> {
        match self.solver.may_be_true(&mut self.pool, &st.constraints, c) {
            Validity::True => Ok(true),
            Validity::False => Ok(false),
            Validity::Unknown => Err(Termination::Early(StopReason::SolverTimeout)),
        }
    }

    fn can_fork(&self) -> bool {
        self.cfg.max_forks.is_none_or(|m| self.stats.forks < m)
    }

    /// A copy of `st` as a new state (not yet scheduled).
    fn clone_state(&mut self, st: &State) -> State {
        let mut s = st.clone();
        s.covnew = 0;
        s
    }

    /// Conditional branch on a symbolic condition.
    pub(super) fn branch(&mut self, st: &mut State, v: &Val, edges: &[Edge; 2]) -> Result<(), Termination> {
        let c = match v {
            Val::S(e) => self.pool.is_nonzero(*e),
            _ => unreachable!("concrete conditions are handled inline"),
        };
        let t_ok = self.may(st, c)?;
        let nc = self.pool.not(c);
        let f_ok = self.may(st, nc)?;
        match (t_ok, f_ok) {
            (true, false) => {
                self.stats.paths_pruned += 1;
                self.take_edge(st, &edges[0]);
            }
            (false, true) => {
                self.stats.paths_pruned += 1;
                self.take_edge(st, &edges[1]);
            }
            (true, true) => {
                if !self.can_fork() {
                    st.add_constraint(c);
                    self.take_edge(st, &edges[0]);
                    return Ok(());
                }
                self.stats.forks += 1;
                let mut other = self.clone_state(st);
                st.depth += 1;
                other.depth += 1;
                st.add_constraint(c);
                other.add_constraint(nc);
                self.take_edge(st, &edges[0]);
                self.take_edge(&mut other, &edges[1]);
                self.add_state(other);
            }
            (false, false) => return Err(self.error(st, ErrorKind::Exec, "infeasible path reached (solver inconsistency)")),
        }
        Ok(())
    }

    pub(super) fn switch(&mut self, st: &mut State, sw: &SwitchInst) -> Result<(), Termination> {
        let v = self.get(&st.stack.last().expect("frame").regs, sw.cond);
        let x = match v {
            Val::C(c) => {
                let e = sw.cases.iter().find(|(k, _)| *k == c).map(|(_, e)| e).unwrap_or(&sw.default);
                self.take_edge(st, e);
                return Ok(());
            }
            Val::S(e) => e,
            Val::Agg(_) => return Err(self.error(st, ErrorKind::Exec, "switch on an aggregate")),
        };
        // Group cases by target block; collect the feasible ones.
        let mut targets: Vec<(ExprId, &Edge)> = Vec::new();
        let mut not_any = crate::expr::ExprPool::TRUE;
        for (k, edge) in sw.cases.iter() {
            let kc = self.pool.constant(sw.w, *k);
            let eq = self.pool.eq(x, kc);
            let ne = self.pool.not(eq);
            not_any = self.pool.and(not_any, ne);
            match targets.iter_mut().find(|(_, e)| e.target == edge.target) {
                Some((cond, _)) => *cond = self.pool.or(*cond, eq),
                None => targets.push((eq, edge)),
            }
        }
        targets.push((not_any, &sw.default));
        let mut feasible = Vec::new();
        for (cond, edge) in targets {
            if self.may(st, cond)? {
                feasible.push((cond, edge));
            } else {
                self.stats.paths_pruned += 1;
            }
        }
        let Some(((first_c, first_e), rest)) = feasible.split_first() else {
            return Err(self.error(st, ErrorKind::Exec, "infeasible path reached (solver inconsistency)"));
        };
        let base = st.clone();
        let single = rest.is_empty();
        for (cond, edge) in rest {
            if !self.can_fork() {
                break;
            }
            self.stats.forks += 1;
            let mut other = self.clone_state(&base);
            other.depth += 1;
            other.add_constraint(*cond);
            self.take_edge(&mut other, edge);
            self.add_state(other);
        }
        if !single {
            st.depth += 1;
            st.add_constraint(*first_c);
        }
        self.take_edge(st, first_e);
        Ok(())
    }

    /// If `bad` may hold, splits off a path on which it does and which ends
    /// with an error of `kind`; `st` continues with `!bad`.
    pub(super) fn fork_error_if(&mut self, st: &mut State, bad: ExprId, kind: ErrorKind, msg: &str) -> Result<(), Termination> {
        if !self.may(st, bad)? {
            return Ok(());
        }
        let good = self.pool.not(bad);
        if !self.may(st, good)? {
            return Err(self.error(st, kind, msg));
        }
        if self.can_fork() {
            self.stats.forks += 1;
            let mut err = self.clone_state(st);
            err.add_constraint(bad);
            err.depth += 1;
            st.depth += 1;
            let t = self.error(&err, kind, msg);
            let id = self.reserve_state_id();
            err.id = id;
            self.pending.push((err, t));
        }
        st.add_constraint(good);
        Ok(())
    }

    pub(super) fn reserve_state_id(&mut self) -> StateId {
        let id = StateId(self.states.len() as u32);
        self.states.push(None);
        self.stats.states_created += 1;
        id
    }
}
