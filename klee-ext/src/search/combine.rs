//! Searchers made of searchers, as KLEE stacks them: several `--search`
//! interleaved, batching (`--use-batching-search`), and iterative
//! deepening outside both.

use super::{Searcher, StateId};

/// KLEE's interleaved searcher: each pick asks the next searcher in turn;
/// every searcher sees every state.
pub(crate) struct Interleaved {
    inner: Vec<Box<dyn Searcher>>,
    next: usize,
}

impl Interleaved {
    pub fn new(inner: Vec<Box<dyn Searcher>>) -> Self {
        Interleaved { inner, next: 0 }
    }
}

impl Searcher for Interleaved {
    fn add(&mut self, id: StateId, depth: u32, parent: Option<StateId>) {
        self.inner.iter_mut().for_each(|s| s.add(id, depth, parent));
    }
    fn remove(&mut self, id: StateId) {
        self.inner.iter_mut().for_each(|s| s.remove(id));
    }
    fn pause(&mut self, id: StateId) {
        self.inner.iter_mut().for_each(|s| s.pause(id));
    }
    fn resume(&mut self, id: StateId, depth: u32) {
        self.inner.iter_mut().for_each(|s| s.resume(id, depth));
    }
    fn select(&mut self) -> Option<StateId> {
        // KLEE counts down from the last searcher.
        self.next = if self.next == 0 { self.inner.len() } else { self.next } - 1;
        self.inner.get_mut(self.next)?.select()
    }
    fn ran(&mut self, id: StateId, since: u64) {
        self.inner.iter_mut().for_each(|s| s.ran(id, since));
    }
    fn ran_for(&mut self, id: StateId, insts: u64) {
        self.inner.iter_mut().for_each(|s| s.ran_for(id, insts));
    }
}

/// KLEE's batching searcher: the picked state keeps running across its
/// forks until it has run `budget` instructions (KLEE's
/// `--batch-instructions`) or ends; then the inner searcher picks again.
/// KLEE also ends a batch after `--batch-time`; here the budget is work
/// only, so that the order does not depend on the machine's load.
pub(crate) struct Batching {
    inner: Box<dyn Searcher>,
    budget: u64,
    current: Option<(StateId, u64)>,
}

impl Batching {
    pub fn new(inner: Box<dyn Searcher>, budget: u64) -> Self {
        Batching { inner, budget, current: None }
    }

    fn drop_current(&mut self, id: StateId) {
        if self.current.is_some_and(|(c, _)| c == id) {
            self.current = None;
        }
    }
}

impl Searcher for Batching {
    fn add(&mut self, id: StateId, depth: u32, parent: Option<StateId>) {
        self.inner.add(id, depth, parent);
    }
    fn remove(&mut self, id: StateId) {
        self.drop_current(id);
        self.inner.remove(id);
    }
    fn pause(&mut self, id: StateId) {
        self.drop_current(id);
        self.inner.pause(id);
    }
    fn resume(&mut self, id: StateId, depth: u32) {
        self.inner.resume(id, depth);
    }
    fn select(&mut self) -> Option<StateId> {
        match self.current {
            Some((id, used)) if used < self.budget => Some(id),
            _ => {
                let id = self.inner.select()?;
                self.current = Some((id, 0));
                Some(id)
            }
        }
    }
    fn ran(&mut self, id: StateId, since: u64) {
        self.inner.ran(id, since);
    }
    fn ran_for(&mut self, id: StateId, insts: u64) {
        if let Some((c, used)) = &mut self.current {
            if *c == id {
                *used += insts;
            }
        }
        self.inner.ran_for(id, insts);
    }
}

/// Instructions a state may run before iterative deepening first sets it
/// aside.
pub(crate) const DEEPENING_START: u64 = 100_000;

/// KLEE's iterative deepening (`--use-iterative-deepening-time-search`),
/// with the budget in instructions rather than seconds so that the order
/// does not depend on the machine's load: a state that has run more than
/// the budget since it was admitted is set aside; when no other state is
/// left, the budget doubles and the set-aside states return.
pub(crate) struct Deepening {
    inner: Box<dyn Searcher>,
    budget: u64,
    /// Admitted states: depth and instructions run since admitted.
    used: std::collections::HashMap<StateId, (u32, u64)>,
    paused: Vec<(StateId, u32)>,
}

impl Deepening {
    pub fn new(inner: Box<dyn Searcher>) -> Self {
        Deepening { inner, budget: DEEPENING_START, used: Default::default(), paused: Vec::new() }
    }
}

impl Searcher for Deepening {
    fn add(&mut self, id: StateId, depth: u32, parent: Option<StateId>) {
        self.used.insert(id, (depth, 0));
        self.inner.add(id, depth, parent);
    }
    fn remove(&mut self, id: StateId) {
        self.used.remove(&id);
        self.paused.retain(|(s, _)| *s != id);
        self.inner.remove(id);
    }
    fn pause(&mut self, id: StateId) {
        self.inner.pause(id);
    }
    fn resume(&mut self, id: StateId, depth: u32) {
        if !self.paused.iter().any(|(s, _)| *s == id) {
            self.inner.resume(id, depth);
        }
    }
    fn select(&mut self) -> Option<StateId> {
        if let Some(s) = self.inner.select() {
            return Some(s);
        }
        if self.paused.is_empty() {
            return None;
        }
        self.budget = self.budget.saturating_mul(2);
        for (id, depth) in std::mem::take(&mut self.paused) {
            self.used.insert(id, (depth, 0));
            self.inner.resume(id, depth);
        }
        self.inner.select()
    }
    fn ran(&mut self, id: StateId, insts_since_covnew: u64) {
        self.inner.ran(id, insts_since_covnew);
    }
    fn ran_for(&mut self, id: StateId, insts: u64) {
        let Some((depth, used)) = self.used.get_mut(&id) else { return };
        *used += insts;
        if *used > self.budget {
            let depth = *depth;
            self.used.remove(&id);
            self.inner.pause(id);
            self.paused.push((id, depth));
        }
        self.inner.ran_for(id, insts);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{build, SearchKind, SearchPlan};
    use super::*;

    fn plan(kinds: &[SearchKind], batch: Option<u64>, deepening: bool) -> SearchPlan {
        SearchPlan { kinds: kinds.to_vec(), seed: 1, batch_instructions: batch, deepening }
    }

    #[test]
    fn deepening_sets_aside_a_state_over_budget_until_the_others_end() {
        let mut s = build(&plan(&[SearchKind::Dfs], None, true));
        s.add(StateId(0), 0, None);
        s.add(StateId(1), 0, None);
        assert_eq!(s.select(), Some(StateId(1)));
        s.ran_for(StateId(1), DEEPENING_START + 1);
        // Over budget: the other state runs.
        assert_eq!(s.select(), Some(StateId(0)));
        s.ran_for(StateId(0), 10);
        assert_eq!(s.select(), Some(StateId(0)));
        s.remove(StateId(0));
        // Nothing else left: the budget doubles and the state returns.
        assert_eq!(s.select(), Some(StateId(1)));
        s.ran_for(StateId(1), DEEPENING_START);
        assert_eq!(s.select(), Some(StateId(1)));
        s.remove(StateId(1));
        assert_eq!(s.select(), None);
    }

    #[test]
    fn a_batch_keeps_its_state_across_forks_until_its_budget_is_used() {
        let mut s = build(&plan(&[SearchKind::Dfs], Some(100), false));
        s.add(StateId(0), 0, None);
        assert_eq!(s.select(), Some(StateId(0)));
        s.ran_for(StateId(0), 40);
        s.add(StateId(1), 1, Some(StateId(0)));
        assert_eq!(s.select(), Some(StateId(0)));
        s.ran_for(StateId(0), 60);
        // Budget used: depth-first moves on to the copy.
        assert_eq!(s.select(), Some(StateId(1)));
        s.remove(StateId(1));
        assert_eq!(s.select(), Some(StateId(0)));
    }

    #[test]
    fn interleaved_searchers_take_turns() {
        let mut s = build(&plan(&[SearchKind::Dfs, SearchKind::Bfs], None, false));
        for i in 0..3 {
            s.add(StateId(i), 0, None);
        }
        // KLEE asks the last searcher first: breadth-first, then depth-first.
        let picks: Vec<_> = (0..4).map(|_| s.select().map(|x| x.0)).collect();
        assert_eq!(picks, vec![Some(0), Some(2), Some(1), Some(2)]);
    }
}
