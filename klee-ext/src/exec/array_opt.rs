//! Reads at a symbolic offset: KLEE's `--optimize-array`, reported in
//! KLEE's words, and the selection on one symbolic byte (below).
//!
//! * index (`OPT_I`): a symbolic branch condition whose only symbolic part
//!   is reads of constant objects at one symbolic offset is replaced by the
//!   ranges of that offset for which it holds (`expr::index_opt`), an
//!   equivalent and smaller condition;
//! * value (`OPT_V`): a read at a symbolic offset is a selection over the
//!   object's values. The executor always reads so (`memops.rs`); with the
//!   option each such read is reported, once per distinct read.

use super::config::OptimizeArray;
use super::Executor;
use crate::expr::index_opt::{rewrite, IndexRewrite};
use crate::expr::ExprId;
use rustc_hash::{FxHashMap, FxHashSet};

#[derive(Default)]
pub(super) struct ArrayOptCache {
    /// Conditions seen, with their rewrite (`None`: does not apply).
    conditions: FxHashMap<ExprId, Option<ExprId>>,
    /// Reads reported.
    reads: FxHashSet<ExprId>,
}

impl<'p> Executor<'p> {
    /// The branch condition `c`, rewritten by the index-based optimization
    /// where it applies and the option asks for it.
    pub(super) fn index_optimized(&mut self, c: ExprId) -> ExprId {
        if !self.index_optimizing() {
            return c;
        }
        let report = self.cfg.optimize_array != OptimizeArray::IndexQuiet;
        if let Some(r) = self.array_opt.conditions.get(&c) {
            return r.unwrap_or(c);
        }
        let r = match rewrite(&mut self.pool, c) {
            None => None,
            Some(IndexRewrite::Infeasible) => {
                if report {
                    crate::log::warning("OPT_I: infeasible branch!");
                    crate::log::warning("OPT_I: successful");
                }
                Some(crate::expr::ExprPool::FALSE)
            }
            Some(IndexRewrite::Rewritten(e)) => {
                if report {
                    crate::log::warning("OPT_I: successful");
                }
                Some(e)
            }
        };
        self.array_opt.conditions.insert(c, r);
        r.unwrap_or(c)
    }

    /// Whether KLEE's index optimization is on (`--optimize-array=index|all`,
    /// `--const-array-opt`).
    fn index_optimizing(&self) -> bool {
        matches!(self.cfg.optimize_array, OptimizeArray::Index | OptimizeArray::All | OptimizeArray::IndexQuiet)
    }

    /// Reports a read at a symbolic offset made a value selection `e`.
    pub(super) fn report_value_read(&mut self, e: ExprId) {
        if matches!(self.cfg.optimize_array, OptimizeArray::Value | OptimizeArray::All)
            && self.array_opt.reads.insert(e)
        {
            crate::log::warning("OPT_V: successful");
        }
    }
}

/// Offsets evaluated at most per read by `select_by_byte`.
const BYTE_VALUES: u64 = 256;

impl<'p> Executor<'p> {
    /// A read at an offset computed from one symbolic byte (a table indexed
    /// by a character: the C library's `ctype` tables, a case map) as a
    /// selection on that byte: one entry per distinct value read, on the
    /// byte's values that read it (in ranges), the commonest value last.
    /// The offset form has an entry per byte of the object, each a 64-bit
    /// comparison of the offset, which the solver pays for at every query
    /// of the path. `None` when the offset depends on more than one byte.
    /// Byte values whose offset is out of the object read the last value
    /// (the path's bounds check has excluded them). Under KLEE's index
    /// optimization (`--optimize-array=index|all`, `--const-array-opt`),
    /// which rewrites conditions over the offset form, reads keep that form.
    pub(super) fn select_by_byte(
        &mut self, st: &super::State, id: u64, off: ExprId, len: u64, size: u64,
    ) -> Option<ExprId> {
        if self.index_optimizing() {
            return None;
        }
        let deps = self.pool.deps(off);
        let [(arr, idx)] = deps[..] else { return None };
        let w = (len * 8) as u8;
        let mut asg: FxHashMap<(crate::expr::ArrayId, u32), u8> = FxHashMap::default();
        // Each distinct value with the byte values that read it, in order.
        let mut groups: Vec<(ExprId, Vec<u8>)> = Vec::new();
        let mut group_of: FxHashMap<ExprId, usize> = FxHashMap::default();
        let mut memo = FxHashMap::default();
        for b in 0..BYTE_VALUES {
            asg.insert((arr, idx), b as u8);
            memo.clear();
            let o = self.pool.eval_memo(off, &asg, &mut memo);
            if o.checked_add(len).is_none_or(|end| end > size) {
                continue;
            }
            let v = match st.mem.read_scalar(&mut self.pool, id, o, len) {
                crate::ir::Val::C(c) => self.pool.constant(w, c),
                crate::ir::Val::S(e) => e,
                _ => return None,
            };
            let g = *group_of.entry(v).or_insert_with(|| {
                groups.push((v, Vec::new()));
                groups.len() - 1
            });
            groups[g].1.push(b as u8);
        }
        let commonest = (0..groups.len()).max_by_key(|&g| (groups[g].1.len(), std::cmp::Reverse(g)))?;
        let byte = self.pool.var(arr, idx);
        let mut acc = groups[commonest].0;
        for (g, (v, bytes)) in groups.iter().enumerate().rev() {
            if g == commonest {
                continue;
            }
            let c = self.byte_in(byte, bytes);
            acc = self.pool.ite(c, *v, acc);
        }
        Some(acc)
    }

    /// `byte` is one of `values` (ascending): their runs as ranges.
    fn byte_in(&mut self, byte: ExprId, values: &[u8]) -> ExprId {
        let mut ranges: Vec<(u64, u64)> = Vec::new();
        for &v in values {
            let v = u64::from(v);
            match ranges.last_mut() {
                Some((_, hi)) if *hi + 1 == v => *hi = v,
                _ => ranges.push((v, v)),
            }
        }
        self.pool.in_ranges(byte, &ranges)
    }
}
