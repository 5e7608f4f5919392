//! KLEE's weighted random searchers (`random-state`, `nurs:*`): a state is
//! picked with probability proportional to its weight. The weights sit in
//! a sum tree, so a pick and a weight's update cost the logarithm of the
//! number of states rather than a pass over all of them.

use super::{Searcher, StateId};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Weight {
    /// Every state alike (`random-state`).
    Uniform,
    /// 2^-depth (`nurs:rp`).
    Depth,
    /// KLEE's `nurs:covnew`: (1 / max(1, n - 1000))^2 for a state that
    /// covered new code n instructions ago, plus KLEE's term for its
    /// distance to uncovered code at the distance KLEE assumes when it has
    /// none (10 000), which this VM does not measure.
    CovNew,
    /// depth + 1 (`nurs:depth`).
    Deeper,
}

impl Weight {
    fn of(self, depth: u32, since_covnew: u64) -> f64 {
        match self {
            Weight::Uniform => 1.0,
            Weight::Depth => 0.5f64.powi(depth.min(1100) as i32),
            Weight::Deeper => depth as f64 + 1.0,
            Weight::CovNew => {
                // KLEE counts from 1 at the instruction that covered.
                let n = (since_covnew + 1).saturating_sub(1000).max(1) as f64;
                let md2u = 1.0 / 10_000.0;
                1.0 / (n * n) + md2u * md2u
            }
        }
    }
}

/// Weights of the slots; the sums of their subtrees above them (a binary
/// heap layout: node i has children 2i and 2i+1, leaves from `cap`).
struct SumTree {
    sums: Vec<f64>,
    cap: usize,
}

impl SumTree {
    fn new() -> Self {
        SumTree { sums: vec![0.0; 2], cap: 1 }
    }

    fn set(&mut self, slot: usize, w: f64) {
        while slot >= self.cap {
            // Double: the old tree becomes the new one's left half.
            let old = std::mem::take(&mut self.sums);
            self.cap *= 2;
            self.sums = vec![0.0; 2 * self.cap];
            let half = self.cap / 2;
            self.sums[self.cap..self.cap + half].copy_from_slice(&old[half..2 * half]);
            for i in (1..self.cap).rev() {
                self.sums[i] = self.sums[2 * i] + self.sums[2 * i + 1];
            }
        }
        let mut i = self.cap + slot;
        self.sums[i] = w;
        while i > 1 {
            i /= 2;
            self.sums[i] = self.sums[2 * i] + self.sums[2 * i + 1];
        }
    }

    fn total(&self) -> f64 {
        self.sums[1]
    }

    /// The slot in which `x` (in `0..total`) falls.
    fn find(&self, mut x: f64) -> usize {
        let mut i = 1;
        while i < self.cap {
            let (l, r) = (self.sums[2 * i], self.sums[2 * i + 1]);
            i = if r <= 0.0 || (x < l && l > 0.0) {
                2 * i
            } else {
                x -= l;
                2 * i + 1
            };
        }
        i - self.cap
    }
}

pub(super) struct Weighted {
    kind: Weight,
    tree: SumTree,
    /// Each state's slot, depth and weight; paused states keep theirs.
    slots: HashMap<StateId, (usize, u32, f64)>,
    ids: Vec<Option<StateId>>,
    free: Vec<usize>,
    /// Active states in slot order of arrival (uniform picks, and the
    /// fallback when every weight is too small to sum).
    active: Vec<StateId>,
    pos: HashMap<StateId, usize>,
    rng: SmallRng,
}

impl Weighted {
    pub(super) fn new(seed: u64, kind: Weight) -> Self {
        Weighted {
            kind,
            tree: SumTree::new(),
            slots: HashMap::new(),
            ids: Vec::new(),
            free: Vec::new(),
            active: Vec::new(),
            pos: HashMap::new(),
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    fn activate(&mut self, id: StateId) {
        if self.pos.contains_key(&id) {
            return;
        }
        let Some(&(slot, _, w)) = self.slots.get(&id) else { return };
        self.pos.insert(id, self.active.len());
        self.active.push(id);
        self.tree.set(slot, w);
    }

    fn deactivate(&mut self, id: StateId) {
        let Some(p) = self.pos.remove(&id) else { return };
        self.active.swap_remove(p);
        if let Some(moved) = self.active.get(p) {
            self.pos.insert(*moved, p);
        }
        if let Some(&(slot, _, _)) = self.slots.get(&id) {
            self.tree.set(slot, 0.0);
        }
    }
}

impl Searcher for Weighted {
    fn add(&mut self, id: StateId, depth: u32, parent: Option<StateId>) {
        if !self.slots.contains_key(&id) {
            let slot = self.free.pop().unwrap_or_else(|| {
                self.ids.push(None);
                self.ids.len() - 1
            });
            self.ids[slot] = Some(id);
            // A fork's copy has run as long since new coverage as its
            // parent: it weighs what the parent weighed.
            let inherited =
                parent.filter(|_| self.kind == Weight::CovNew).and_then(|p| self.slots.get(&p)).map(|e| e.2);
            let w = inherited.unwrap_or_else(|| self.kind.of(depth, 0));
            self.slots.insert(id, (slot, depth, w));
        }
        self.activate(id);
    }

    fn remove(&mut self, id: StateId) {
        self.deactivate(id);
        if let Some((slot, _, _)) = self.slots.remove(&id) {
            self.ids[slot] = None;
            self.free.push(slot);
        }
    }

    fn pause(&mut self, id: StateId) {
        self.deactivate(id);
    }

    fn resume(&mut self, id: StateId, depth: u32) {
        self.add(id, depth, None);
    }

    fn ran(&mut self, id: StateId, since: u64) {
        if self.kind != Weight::CovNew {
            return;
        }
        let Some(e) = self.slots.get_mut(&id) else { return };
        e.2 = self.kind.of(e.1, since);
        let (slot, w) = (e.0, e.2);
        if self.pos.contains_key(&id) {
            self.tree.set(slot, w);
        }
    }

    fn select(&mut self) -> Option<StateId> {
        if self.active.is_empty() {
            return None;
        }
        let total = self.tree.total();
        if self.kind == Weight::Uniform || !(total > 0.0 && total.is_finite()) {
            let i = self.rng.gen_range(0..self.active.len());
            return Some(self.active[i]);
        }
        let slot = self.tree.find(self.rng.gen::<f64>() * total);
        self.ids.get(slot).copied().flatten().filter(|id| self.pos.contains_key(id)).or(self.active.last().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_follow_the_weights_through_growth_and_removal() {
        let mut s = Weighted::new(11, Weight::Deeper);
        for i in 0..100u32 {
            s.add(StateId(i), if i == 5 { 99 } else { 0 }, None);
        }
        // State 5 weighs 100, the 99 others 1 each.
        let n = 40_000;
        let hits = (0..n).filter(|_| s.select() == Some(StateId(5))).count() as f64 / n as f64;
        assert!((hits - 100.0 / 199.0).abs() < 0.02, "{hits}");
        s.remove(StateId(5));
        assert!((0..1000).all(|_| s.select() != Some(StateId(5))));
        s.pause(StateId(7));
        assert!((0..1000).all(|_| s.select() != Some(StateId(7))));
        for i in 0..100u32 {
            s.remove(StateId(i));
        }
        assert_eq!(s.select(), None);
    }

    #[test]
    fn covnew_prefers_a_state_that_just_covered() {
        let mut s = Weighted::new(5, Weight::CovNew);
        s.add(StateId(0), 0, None);
        s.add(StateId(1), 0, None);
        s.ran(StateId(0), 50_000);
        s.ran(StateId(1), 10);
        assert!((0..1000).filter(|_| s.select() == Some(StateId(1))).count() > 990);
    }
}
