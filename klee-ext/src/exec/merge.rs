//! State merging at `klee_open_merge` / `klee_close_merge` (KLEE's
//! `--use-merge`).
//!
//! `klee_open_merge` opens a merge group on the path. Every path forked
//! from it belongs to the group until it reaches a `klee_close_merge`.
//! There it waits, and it merges into a path already waiting at the same
//! close when the two can be merged: the same frames at the same
//! instructions, the same objects and symbolic arrays, the same output.
//! The merged path's condition is the common prefix of the two path
//! conditions and the disjunction of their suffixes; each register and
//! memory byte where they differ becomes `ite(suffix_a, a, b)`. When no path
//! of the group is still running (every one has closed or ended), the
//! waiting paths go on.
//!
//! Invariant: a group's `open` counts the live, running paths that have it
//! open; forks (`clone_state`) add to it, ends and closes take from it.

use super::{Executor, State, StateId};
use crate::expr::ExprId;
use crate::ir::Val;
use rustc_hash::FxHashMap;

/// Where a path closed a merge: its function, block and instruction.
type ClosePoint = (u32, u32, u32);

#[derive(Default)]
pub struct Group {
    open: u32,
    waiting: Vec<(ClosePoint, StateId)>,
}

#[derive(Default)]
pub(crate) struct Merges {
    groups: FxHashMap<u32, Group>,
    next: u32,
    /// Set by `klee_close_merge`: the running path waits after this
    /// instruction, in this group at this point.
    pub pause: Option<(u32, ClosePoint)>,
    /// Paths that ended by merging into another.
    pub merged: u64,
}

impl<'p> Executor<'p> {
    /// `klee_open_merge`.
    pub(super) fn open_merge(&mut self, st: &mut State) {
        if !self.cfg.use_merge {
            crate::log::warning_once("klee_open_merge ignored, use '-use-merge'");
            return;
        }
        let g = self.merge.next;
        self.merge.next += 1;
        self.merge.groups.insert(g, Group { open: 1, waiting: Vec::new() });
        st.merges.push(g);
        if self.cfg.debug_log_merge {
            eprintln!("open merge: state {}", st.id.0);
        }
    }

    /// `klee_close_merge`: the path merges into a waiting one (and ends:
    /// `Ok(true)`) or waits itself.
    pub(super) fn close_merge(&mut self, st: &mut State) -> bool {
        if !self.cfg.use_merge {
            crate::log::warning_once("klee_close_merge ignored, use '-use-merge'");
            return false;
        }
        let fr = st.top();
        let point = (fr.func.0, fr.block.0, fr.pc);
        let loc = self.prog.loc(st.loc).clone();
        if self.cfg.debug_log_merge {
            eprintln!("close merge: state {} at [{}:{}]", st.id.0, loc.file, loc.line);
        }
        let Some(g) = st.merges.pop() else {
            crate::log::warning(&format!(
                "state {} ran into a close at {}:{} without a preceding open",
                st.id.0, loc.file, loc.line
            ));
            return false;
        };
        let waiting: Vec<StateId> = self
            .merge
            .groups
            .get(&g)
            .map(|gr| gr.waiting.iter().filter(|(p, _)| *p == point).map(|(_, s)| *s).collect())
            .unwrap_or_default();
        for w in waiting {
            let Some(mut other) = self.states[w.0 as usize].take() else { continue };
            let ok = self.merge_into(&mut other, st);
            self.states[w.0 as usize] = Some(other);
            if ok {
                self.merge.merged += 1;
                self.close_group(g);
                return true;
            }
        }
        self.merge.pause = Some((g, point));
        false
    }

    /// A path of group `g` stopped running (it closed or ended).
    fn close_group(&mut self, g: u32) {
        let Some(gr) = self.merge.groups.get_mut(&g) else { return };
        gr.open = gr.open.saturating_sub(1);
        if gr.open == 0 {
            let gr = self.merge.groups.remove(&g).unwrap_or_default();
            for (_, sid) in gr.waiting {
                if let Some(s) = &self.states[sid.0 as usize] {
                    let depth = s.depth;
                    self.searcher.resume(sid, depth);
                }
            }
        }
    }

    /// After a step: parks the path that closed a merge.
    pub(super) fn park(&mut self, sid: StateId) -> bool {
        let Some((g, point)) = self.merge.pause.take() else { return false };
        self.searcher.pause(sid);
        if let Some(gr) = self.merge.groups.get_mut(&g) {
            gr.waiting.push((point, sid));
        }
        self.close_group(g);
        true
    }

    /// A fork: the copy is open in every group its parent is.
    pub(super) fn merge_fork(&mut self, st: &State) {
        for g in &st.merges {
            if let Some(gr) = self.merge.groups.get_mut(g) {
                gr.open += 1;
            }
        }
    }

    /// A path ended: it no longer runs in its groups.
    pub(super) fn merge_end(&mut self, st: &State) {
        for g in st.merges.clone() {
            self.close_group(g);
        }
    }

    /// Merges `b` into `a` when they agree on everything but values.
    fn merge_into(&mut self, a: &mut State, b: &State) -> bool {
        if a.stack.len() != b.stack.len()
            || a.arrays != b.arrays
            || a.stdin_pos != b.stdin_pos
            || a.stdout.bytes != b.stdout.bytes
            || a.stdout.sym != b.stdout.sym
            || a.stderr.bytes != b.stderr.bytes
            || a.merges != b.merges
            || a.mem.num_slots() != b.mem.num_slots()
        {
            return false;
        }
        for (fa, fb) in a.stack.iter().zip(&b.stack) {
            if fa.func != fb.func
                || fa.block != fb.block
                || fa.pc != fb.pc
                || fa.regs.len() != fb.regs.len()
                || fa.owned != fb.owned
                || fa.varargs != fb.varargs
                || fa.ret_dst != fb.ret_dst
            {
                return false;
            }
        }
        for id in 0..a.mem.num_slots() as u64 {
            match (a.mem.slot(id), b.mem.slot(id)) {
                (None, None) => {}
                (Some(x), Some(y))
                    if x.meta.size == y.meta.size && x.freed == y.freed && x.meta.kind == y.meta.kind => {}
                _ => return false,
            }
        }
        let prefix = a.constraints.iter().zip(b.constraints.iter()).take_while(|(x, y)| x == y).count();
        let suffix = |pool: &mut crate::expr::ExprPool, cs: &[ExprId]| {
            cs.iter().fold(crate::expr::ExprPool::TRUE, |acc, c| pool.and(acc, *c))
        };
        let ca = suffix(&mut self.pool, &a.constraints[prefix..]);
        let cb = suffix(&mut self.pool, &b.constraints[prefix..]);
        // Registers first, all or nothing: two different concrete values
        // have no width to build a choice with.
        let mut regs = Vec::new();
        for (k, (fa, fb)) in a.stack.iter().zip(&b.stack).enumerate() {
            // Registers the path can no longer read keep a's value.
            let live = self.prog.func(fa.func).live_from(fa.block, fa.pc);
            for (r, (va, vb)) in fa.regs.iter().zip(&fb.regs).enumerate() {
                if va == vb || !live.get(r).copied().unwrap_or(true) {
                    continue;
                }
                let w = match (va, vb) {
                    (Val::S(e), _) | (_, Val::S(e)) => self.pool.get(*e).width(),
                    _ => return false,
                };
                let (Some(x), Some(y)) = (self.as_width(va, w), self.as_width(vb, w)) else { return false };
                regs.push((k, r, self.pool.ite(ca, x, y)));
            }
        }
        let mut bytes = Vec::new();
        for id in 0..a.mem.num_slots() as u64 {
            let (Some(s), Some(t)) = (a.mem.slot(id), b.mem.slot(id)) else { continue };
            if s.freed || std::rc::Rc::ptr_eq(&s.data, &t.data) {
                continue;
            }
            for off in 0..s.meta.size {
                let (x, y) = (a.mem.read_byte(id, off), b.mem.read_byte(id, off));
                if x == y {
                    continue;
                }
                let ex = match x {
                    Ok(c) => self.pool.constant(8, c as u64),
                    Err(e) => e,
                };
                let ey = match y {
                    Ok(c) => self.pool.constant(8, c as u64),
                    Err(e) => e,
                };
                bytes.push((id, off, self.pool.ite(ca, ex, ey)));
            }
        }
        for (k, r, e) in regs {
            a.stack[k].regs[r] = Val::S(e);
        }
        for (id, off, e) in bytes {
            a.mem.write_byte(&self.pool, id, off, Err(e));
        }
        let either = self.pool.or(ca, cb);
        let mut cs: Vec<ExprId> = a.constraints[..prefix].to_vec();
        cs.push(either);
        a.constraints = std::rc::Rc::new(cs);
        a.depth = a.depth.max(b.depth);
        a.instructions = a.instructions.max(b.instructions);
        true
    }

    /// `v` as an expression of width `w` (`None`: not an integer).
    fn as_width(&mut self, v: &Val, w: u8) -> Option<ExprId> {
        match v {
            Val::C(c) => Some(self.pool.constant(w, *c & crate::expr::mask(w))),
            Val::S(e) if self.pool.get(*e).width() == w => Some(*e),
            _ => None,
        }
    }
}
