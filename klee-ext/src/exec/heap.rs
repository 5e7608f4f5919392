//! The heap functions (`malloc`, `calloc`, `realloc`, `free`) with
//! symbolic operands, resolved as KLEE's handlers resolve them.
//!
//! A symbolic pointer handed to `free` or `realloc` is split into null or
//! not (a `Free` or `Realloc` fork), then resolved exactly: this path takes
//! the start of the object its model points into, and a copy re-executes
//! the call for every other target (`ResolvePointer` forks); a pointer that
//! can only lie inside an object, not at its start, is an invalid pointer.
//! With `Config::klee_heap`, a symbolic size is pinned as KLEE's
//! `executeAlloc` pins it (`alloc_size`).

use super::memory::{split, ObjKind};
use super::stats::BranchKind;
use super::{ErrorKind, Executor, State, Termination};
use crate::expr::{BinOp, CmpOp};
use crate::ir::{CallInst, RegId, Val};

/// Sizes above this one may make a symbolic allocation return null.
const HUGE_ALLOC: u64 = 1 << 31;

/// Examples of a symbolic size are halved down towards this one.
const SMALL_ALLOC: u64 = 128;

impl<'p> Executor<'p> {
    pub(super) fn heap_alloc(&mut self, st: &mut State, n: u64) -> Result<u64, Termination> {
        self.stats.klee.allocations += 1;
        self.warn_large(n);
        if n > self.cfg.max_object_size {
            // As the C library does for absurd sizes: fail the allocation.
            return Ok(0);
        }
        let name = self.heap_name.clone();
        self.alloc_named(st, n, ObjKind::Heap, name)
    }

    /// The heap object `p` points to the start of, or a `free` error.
    fn heap_object(&mut self, st: &State, p: u64, what: &str) -> Result<u64, Termination> {
        let (id, off) = split(p);
        match st.mem.slot(id) {
            // KLEE's words and kinds: a double free or a pointer to no
            // object's start is a pointer error; freeing a global or a
            // local is a `free` error.
            Some(s) if s.freed && what == "free" => Err(self.error(st, ErrorKind::Ptr, "memory error: double free")),
            Some(s) if s.meta.kind == ObjKind::Heap && off == 0 && !s.freed => Ok(id),
            Some(s) if off == 0 && matches!(s.meta.kind, ObjKind::Global | ObjKind::Internal) => {
                Err(self.error(st, ErrorKind::Free, format!("{what} of global")))
            }
            Some(s) if off == 0 && s.meta.kind == ObjKind::Stack => {
                Err(self.error(st, ErrorKind::Free, format!("{what} of alloca")))
            }
            _ => Err(self.error(st, ErrorKind::Ptr, format!("memory error: invalid pointer: {what}"))),
        }
    }

    /// Whether `v` is zero on this path. A symbolic `v` that may be either
    /// takes the side the path's model has, and a copy re-executes the
    /// instruction on the other (a `kind` fork).
    fn split_zero(&mut self, st: &mut State, v: &Val, kind: BranchKind) -> Result<bool, Termination> {
        match v {
            Val::S(e) => {
                let nonzero = self.pool.is_nonzero(*e);
                self.take_model_side(st, nonzero, kind).map(|nz| !nz)
            }
            Val::C(c) => Ok(*c == 0),
            Val::Agg(_) | Val::Wide(_) => Err(self.error(st, ErrorKind::Exec, "aggregate used as a heap operand")),
        }
    }

    /// Resolves a non-null pointer given to `free` or `realloc` exactly:
    /// the start of the object the path's model points into (a copy of the
    /// path re-executes the call for the other targets), or an invalid
    /// pointer error where it can only lie inside that object.
    /// `None`: the path must re-execute the call (its pc has been moved
    /// back).
    fn object_start(&mut self, st: &mut State, p: &Val, what: &str) -> Result<Option<u64>, Termination> {
        let e = match p {
            Val::C(c) => return Ok(Some(*c)),
            Val::S(e) => *e,
            Val::Agg(_) | Val::Wide(_) => return Err(self.error(st, ErrorKind::Exec, "aggregate used as a pointer")),
        };
        let (id, _) = split(self.pool.eval(e, &st.model));
        if st.mem.slot(id).is_none_or(|s| s.freed) || id == 0 {
            // The model points to no object: where the pointer can be no
            // object's start it is invalid; elsewhere resolve it again
            // under a model that points to one.
            let start = self.at_some_start(st, e);
            let invalid = self.pool.not(start);
            let msg = format!("memory error: invalid pointer: {what}");
            self.fork_error_with(st, invalid, BranchKind::ResolvePointer, &|ex: &Self, s: &State| {
                ex.error(s, ErrorKind::Ptr, msg.clone())
            })?;
            st.frame().pc -= 1;
            return Ok(None);
        }
        let base = self.pool.constant(64, id << 32);
        let at_start = self.pool.eq(e, base);
        if let Some(m) = self.model_for(st, at_start)? {
            let other = self.pool.not(at_start);
            if let Some(om) = self.model_for(st, other)? {
                self.fork_retry(st, BranchKind::ResolvePointer, other, om);
            }
            st.add_constraint(at_start, m);
            return Ok(Some(id << 32));
        }
        // Never this object's start: where the pointer falls in the
        // object's range (or in no object) it is invalid; elsewhere a copy
        // of the path resolves it again.
        let here = self.in_object_range(e, id);
        self.take_model_side(st, here, BranchKind::ResolvePointer)?;
        Err(self.error(st, ErrorKind::Ptr, format!("memory error: invalid pointer: {what}")))
    }

    /// The size an allocation of `v` bytes takes on this path; `None`: the
    /// allocation returns null. A symbolic size is concretized, or with
    /// `klee_heap` pinned as KLEE does: to the value of the path's model,
    /// halved while it may be, above 128 bytes; a copy of the path takes the
    /// one other value the size may have, or else sizes over 2^31 return
    /// null (`found huge malloc`; `dst` of that copy is set to null) and
    /// any other is a `model` error. `what` names the size (`malloc size`,
    /// `alloca size`).
    pub(super) fn alloc_size(
        &mut self, st: &mut State, dst: Option<RegId>, v: Val, what: &str,
    ) -> Result<Option<u64>, Termination> {
        let e = match v {
            Val::S(e) if self.cfg.klee_heap => e,
            v => return self.concrete_of(st, v, what).map(Some),
        };
        let w = self.pool.width(e);
        let mut example = self.pool.eval(e, &st.model);
        // A seeded path keeps its seed's size.
        while example > SMALL_ALLOC && st.seeds.is_empty() {
            let half = self.pool.constant(w, example >> 1);
            let c = self.pool.eq(e, half);
            if self.model_for(st, c)?.is_none() {
                break;
            }
            example >>= 1;
        }
        let ex = self.pool.constant(w, example);
        let fixed = self.pool.eq(e, ex);
        let Some(fixed_model) = self.model_for(st, fixed)? else {
            return Err(self.error(st, ErrorKind::Exec, "no value of the symbolic allocation size"));
        };
        let other = self.pool.not(fixed);
        if let Some(om) = self.model_for(st, other)? {
            let second = self.pool.eval(e, &om);
            let sc = self.pool.constant(w, second);
            let not_second = self.pool.ne(e, sc);
            let more = self.pool.and(other, not_second);
            if self.model_for(st, more)?.is_none() {
                // Exactly two values: a copy allocates the other one.
                self.fork_retry(st, BranchKind::Alloc, other, om);
            } else {
                let limit = self.pool.constant(w, HUGE_ALLOC);
                let big = self.pool.cmp(CmpOp::Ult, limit, e);
                let huge = self.pool.and(other, big);
                if let Some(hm) = self.model_for(st, huge)? {
                    if self.can_fork(st) {
                        self.count_fork(BranchKind::Alloc);
                        let mut h = self.clone_state(st);
                        h.add_constraint(huge, hm);
                        h.depth += 1;
                        crate::log::message("NOTE: found huge malloc, returning 0");
                        if let Some(d) = dst {
                            Self::set(&mut h, d, Val::C(0));
                        }
                        self.add_state(h);
                    }
                }
                let not_big = self.pool.not(big);
                let rest = self.pool.and(other, not_big);
                let info = format!("  concretization : {example}\n  unbound example: {second}");
                self.fork_error_with(st, rest, BranchKind::Alloc, &|ex: &Self, s: &State| {
                    let mut t = ex.error(s, ErrorKind::Model, "concretized symbolic size");
                    if let Termination::Error { info: i, .. } = &mut t {
                        *i = Some(info.clone());
                    }
                    t
                })?;
            }
        }
        st.add_constraint(fixed, fixed_model);
        Ok(Some(example))
    }

    /// Whether `e` is the start of some live object.
    fn at_some_start(&mut self, st: &State, e: crate::expr::ExprId) -> crate::expr::ExprId {
        let (obj, off) = self.split_expr(e);
        let zero = self.pool.constant(64, 0);
        let aligned = self.pool.eq(off, zero);
        // Runs of consecutive live ids, one range test each.
        let mut runs: Vec<(u64, u64)> = Vec::new();
        for (id, _) in st.mem.live() {
            match runs.last_mut() {
                Some((_, hi)) if *hi + 1 == id => *hi = id,
                _ => runs.push((id, id)),
            }
        }
        let mut any = self.pool.constant(1, 0);
        for (lo, hi) in runs {
            let (l, h) = (self.pool.constant(64, lo), self.pool.constant(64, hi));
            let ge = self.pool.cmp(CmpOp::Ule, l, obj);
            let le = self.pool.cmp(CmpOp::Ule, obj, h);
            let both = self.pool.and(ge, le);
            any = self.pool.or(any, both);
        }
        self.pool.and(aligned, any)
    }

    /// `malloc(n)`.
    pub(super) fn malloc(&mut self, st: &mut State, ci: &CallInst, n: Val) -> Result<Val, Termination> {
        Ok(match self.alloc_size(st, ci.dst, n, "malloc size")? {
            Some(n) => Val::C(self.heap_alloc(st, n)?),
            None => Val::C(0),
        })
    }

    /// `calloc(n, m)`: with `klee_heap` the product's size, as KLEE;
    /// otherwise both concretized and an overflowing product fails.
    pub(super) fn calloc(&mut self, st: &mut State, ci: &CallInst, n: Val, m: Val) -> Result<Val, Termination> {
        if self.cfg.klee_heap && (matches!(n, Val::S(_)) || matches!(m, Val::S(_))) {
            let (a, b) = (self.as_expr(&n, 64), self.as_expr(&m, 64));
            let prod = self.pool.bin(BinOp::Mul, a, b);
            return self.malloc(st, ci, Val::S(prod));
        }
        let n = self.concrete_of(st, n, "calloc count")?;
        let m = self.concrete_of(st, m, "calloc size")?;
        match n.checked_mul(m) {
            Some(t) => Ok(Val::C(self.heap_alloc(st, t)?)),
            None => Ok(Val::C(0)),
        }
    }

    /// `free(p)`; false: the call is re-executed (its pc moved back).
    pub(super) fn free(&mut self, st: &mut State, p: Val) -> Result<bool, Termination> {
        if self.split_zero(st, &p, BranchKind::Free)? {
            return Ok(true);
        }
        let Some(p) = self.object_start(st, &p, "free")? else { return Ok(false) };
        let id = self.heap_object(st, p, "free")?;
        st.mem.release(id);
        Ok(true)
    }

    /// `realloc(p, n)`: KLEE's order of forks with `klee_heap` (size zero
    /// or not, then null or not, then the object), glibc's result for a
    /// null `p` and zero size otherwise.
    /// `None`: the call is re-executed.
    pub(super) fn realloc(
        &mut self, st: &mut State, ci: &CallInst, p: Val, n: Val,
    ) -> Result<Option<Val>, Termination> {
        if self.cfg.klee_heap {
            if self.split_zero(st, &n, BranchKind::Realloc)? {
                return Ok(self.free(st, p)?.then_some(Val::C(0)));
            }
            if self.split_zero(st, &p, BranchKind::Realloc)? {
                return self.malloc(st, ci, n).map(Some);
            }
        } else if self.split_zero(st, &p, BranchKind::Realloc)? {
            return self.malloc(st, ci, n).map(Some);
        }
        let Some(p) = self.object_start(st, &p, "realloc")? else { return Ok(None) };
        let old = self.heap_object(st, p, "realloc")?;
        let Some(n) = self.alloc_size(st, ci.dst, n, "malloc size")? else { return Ok(Some(Val::C(0))) };
        if n == 0 {
            // glibc: realloc(p, 0) frees p and returns NULL.
            st.mem.release(old);
            return Ok(Some(Val::C(0)));
        }
        let new = self.heap_alloc(st, n)?;
        // On failure the old block stays valid.
        if new != 0 {
            let size = st.mem.slot(old).map_or(0, |s| s.meta.size);
            st.mem.copy((new >> 32, 0), (old, 0), size.min(n));
            st.mem.release(old);
        }
        Ok(Some(Val::C(new)))
    }
}
