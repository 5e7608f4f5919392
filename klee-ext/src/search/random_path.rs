//! KLEE's random-path searcher: a random walk from the root of the tree of
//! forks, each fork taking either side with probability 1/2, down to a
//! state. A state's chance is 2^-(the forks on its way whose both sides
//! still hold states): when one side of a fork has ended, the other side
//! inherits its share, as in KLEE's process tree, from which ended states
//! are removed.
//!
//! The walk draws its sides as KLEE's does: from a Mersenne twister
//! seeded with `--rng-initial-seed` (KLEE's default 5489), one 32-bit
//! number per pick, its bits from the highest, a set bit taking the side
//! of the copy a fork made (KLEE's left, its false branch). So on small
//! programs the tests come out in KLEE's order.
//!
//! A state set aside (`pause`: iterative deepening, a merge, seeding)
//! keeps its place and is skipped by the walk until it resumes. A walk
//! costs the tree's depth, not the number of states.

use super::{Searcher, StateId};
use std::collections::HashMap;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// Both NONE for a leaf; else the side that went on (KLEE's right)
    /// and the side the fork made (its left).
    kids: [u32; 2],
    /// The leaf's state.
    state: StateId,
    /// Active (not paused) states below, this node included.
    active: u32,
}

pub(super) struct RandomPath {
    nodes: Vec<Node>,
    free: Vec<u32>,
    root: u32,
    leaf: HashMap<StateId, u32>,
    rng: rand_mt::Mt,
}

impl RandomPath {
    pub(super) fn new(seed: u64) -> Self {
        RandomPath {
            nodes: Vec::new(),
            free: Vec::new(),
            root: NONE,
            leaf: HashMap::new(),
            rng: rand_mt::Mt::new(seed as u32),
        }
    }

    fn node(&mut self, n: Node) -> u32 {
        match self.free.pop() {
            Some(i) => {
                self.nodes[i as usize] = n;
                i
            }
            None => {
                self.nodes.push(n);
                (self.nodes.len() - 1) as u32
            }
        }
    }

    fn new_leaf(&mut self, id: StateId, parent: u32, active: bool) -> u32 {
        self.node(Node { parent, kids: [NONE, NONE], state: id, active: active as u32 })
    }

    /// Adds `delta` to the active counts from `n` up to the root.
    fn count(&mut self, mut n: u32, delta: i64) {
        while n != NONE {
            let node = &mut self.nodes[n as usize];
            node.active = (node.active as i64 + delta) as u32;
            n = node.parent;
        }
    }

    fn set_active(&mut self, id: StateId, on: bool) {
        let Some(&n) = self.leaf.get(&id) else { return };
        if (self.nodes[n as usize].active == 1) != on {
            self.count(n, if on { 1 } else { -1 });
        }
    }
}

impl Searcher for RandomPath {
    fn add(&mut self, id: StateId, _depth: u32, parent: Option<StateId>) {
        if self.leaf.contains_key(&id) {
            self.set_active(id, true);
            return;
        }
        let split = parent.and_then(|p| self.leaf.get(&p).copied());
        let at = match split {
            // The parent's leaf becomes the fork: the parent on one side,
            // the new state on the other.
            Some(n) => {
                let p = self.nodes[n as usize].state;
                let was = self.nodes[n as usize].active;
                let a = self.new_leaf(p, n, was == 1);
                let b = self.new_leaf(id, n, true);
                let node = &mut self.nodes[n as usize];
                node.kids = [a, b];
                self.leaf.insert(p, a);
                self.leaf.insert(id, b);
                n
            }
            None if self.root == NONE => {
                let l = self.new_leaf(id, NONE, true);
                self.root = l;
                self.leaf.insert(id, l);
                return;
            }
            // No known parent: a fork above everything there is.
            None => {
                let old = self.root;
                let active = self.nodes[old as usize].active;
                let top = self.node(Node { parent: NONE, kids: [old, NONE], state: StateId(0), active });
                self.nodes[old as usize].parent = top;
                let b = self.new_leaf(id, top, true);
                self.nodes[top as usize].kids[1] = b;
                self.root = top;
                self.leaf.insert(id, b);
                top
            }
        };
        self.count(at, 1);
    }

    fn remove(&mut self, id: StateId) {
        let Some(n) = self.leaf.remove(&id) else { return };
        if self.nodes[n as usize].active == 1 {
            self.count(n, -1);
        }
        let parent = self.nodes[n as usize].parent;
        self.free.push(n);
        if parent == NONE {
            self.root = NONE;
            return;
        }
        // The fork above loses a side: the other side takes its place.
        let p = &self.nodes[parent as usize];
        let sibling = if p.kids[0] == n { p.kids[1] } else { p.kids[0] };
        let grand = p.parent;
        self.nodes[sibling as usize].parent = grand;
        if grand == NONE {
            self.root = sibling;
        } else {
            let g = &mut self.nodes[grand as usize];
            let side = (g.kids[1] == parent) as usize;
            g.kids[side] = sibling;
        }
        self.free.push(parent);
    }

    fn pause(&mut self, id: StateId) {
        self.set_active(id, false);
    }

    fn resume(&mut self, id: StateId, depth: u32) {
        if self.leaf.contains_key(&id) {
            self.set_active(id, true);
        } else {
            self.add(id, depth, None);
        }
    }

    fn select(&mut self) -> Option<StateId> {
        let mut n = self.root;
        if n == NONE || self.nodes[n as usize].active == 0 {
            return None;
        }
        // One draw per pick, taken only when a fork has both sides live.
        let (mut flips, mut bits) = (0u32, 0u32);
        loop {
            let node = self.nodes[n as usize];
            if node.kids[0] == NONE {
                return Some(node.state);
            }
            let live = node.kids.map(|k| self.nodes[k as usize].active > 0);
            n = match live {
                [true, true] => {
                    if bits == 0 {
                        flips = self.rng.next_u32();
                        bits = 32;
                    }
                    bits -= 1;
                    node.kids[((flips >> bits) & 1) as usize]
                }
                [true, false] => node.kids[0],
                _ => node.kids[1],
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(s: &mut RandomPath, id: StateId, n: usize) -> f64 {
        (0..n).filter(|_| s.select() == Some(id)).count() as f64 / n as f64
    }

    #[test]
    fn a_side_that_ended_gives_its_share_to_the_other() {
        let mut s = RandomPath::new(7);
        s.add(StateId(0), 0, None);
        s.add(StateId(1), 1, Some(StateId(0)));
        s.add(StateId(2), 2, Some(StateId(1)));
        // 0 holds one side of the first fork; 1 and 2 share the other.
        assert!((share(&mut s, StateId(0), 20_000) - 0.5).abs() < 0.02);
        assert!((share(&mut s, StateId(2), 20_000) - 0.25).abs() < 0.02);
        s.remove(StateId(1));
        assert!((share(&mut s, StateId(2), 20_000) - 0.5).abs() < 0.02);
        s.remove(StateId(0));
        assert_eq!(s.select(), Some(StateId(2)));
        s.remove(StateId(2));
        assert_eq!(s.select(), None);
    }

    #[test]
    fn a_paused_state_keeps_its_place() {
        let mut s = RandomPath::new(3);
        s.add(StateId(0), 0, None);
        s.add(StateId(1), 1, Some(StateId(0)));
        s.add(StateId(2), 1, Some(StateId(0)));
        s.pause(StateId(0));
        assert!((0..1000).all(|_| s.select() != Some(StateId(0))));
        // 1 holds one side of the first fork; 2 the other, beside paused 0.
        assert!((share(&mut s, StateId(1), 20_000) - 0.5).abs() < 0.02);
        s.resume(StateId(0), 0);
        assert!((share(&mut s, StateId(0), 20_000) - 0.25).abs() < 0.02);
        s.pause(StateId(0));
        s.pause(StateId(1));
        s.pause(StateId(2));
        assert_eq!(s.select(), None);
    }
}
