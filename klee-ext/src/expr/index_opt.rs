//! Index-based rewriting of conditions over reads at a symbolic offset
//! (KLEE's `--optimize-array=index`).
//!
//! A read at a symbolic offset `x` of an object whose bytes are all
//! concrete is a chain `ite(x == k0, v0, ite(x == k1, v1, … vd))` (the
//! executor's value-based form, its selectors as simplified). A condition
//! whose only symbolic part is such reads, all at the same `x`, holds
//! exactly for the offsets at which it evaluates to true; it is rewritten
//! as those offsets, in ranges (`lo <= x <= hi`). The rewritten condition
//! is equivalent to the original for every `x` (an offset no chain lists
//! takes each chain's last value), so it may replace it in a branch.

use super::{CmpOp, Expr, ExprId, ExprPool};
use rustc_hash::FxHashMap;

/// One read: the value at each listed offset, and at any other.
struct Chain {
    values: FxHashMap<u64, ExprId>,
    default: ExprId,
}

/// Reads with more entries than this are left alone (the rewrite costs one
/// evaluation of the condition per entry).
const MAX_ENTRIES: usize = 1 << 16;

/// The chain rooted at `e` if `e` is an `ite` on `x == k` (`x` the first
/// selector's own), with `x` and the values by offset; every value must be
/// a constant.
fn chain(pool: &ExprPool, e: ExprId, x: &mut Option<ExprId>) -> Option<Option<Chain>> {
    let Expr::Ite { .. } = *pool.get(e) else { return Some(None) };
    let mut values = FxHashMap::default();
    let mut cur = e;
    while let Expr::Ite { c, t, e: rest, .. } = *pool.get(cur) {
        let Expr::Cmp { op: CmpOp::Eq, a, b } = *pool.get(c) else {
            return if values.is_empty() { Some(None) } else { None };
        };
        let (sel, k) = match (pool.as_const(a), pool.as_const(b)) {
            (None, Some(k)) => (a, k),
            (Some(k), None) => (b, k),
            _ => return None,
        };
        if *x.get_or_insert(sel) != sel || values.len() >= MAX_ENTRIES {
            return None;
        }
        pool.as_const(t)?;
        values.entry(k).or_insert(t);
        cur = rest;
    }
    pool.as_const(cur)?;
    Some(Some(Chain { values, default: cur }))
}

/// The chains in `e` (by root), with their common offset; `None` if some
/// read is not over constants or the reads use different offsets.
fn chains(pool: &ExprPool, e: ExprId, x: &mut Option<ExprId>, out: &mut FxHashMap<ExprId, Chain>) -> Option<()> {
    if out.contains_key(&e) {
        return Some(());
    }
    match chain(pool, e, x)? {
        Some(c) => {
            out.insert(e, c);
        }
        None => {
            let kids: Vec<ExprId> = pool.get(e).children().collect();
            for k in kids {
                chains(pool, k, x, out)?;
            }
        }
    }
    Some(())
}

/// `e` with each key of `map` replaced by its value, simplified.
fn subst(
    pool: &mut ExprPool, e: ExprId, map: &FxHashMap<ExprId, ExprId>, memo: &mut FxHashMap<ExprId, ExprId>,
) -> ExprId {
    if let Some(&r) = map.get(&e).or_else(|| memo.get(&e)) {
        return r;
    }
    let r = match *pool.get(e) {
        Expr::Const { .. } | Expr::Var { .. } => e,
        Expr::Bin { op, a, b, .. } => {
            let (a, b) = (subst(pool, a, map, memo), subst(pool, b, map, memo));
            pool.bin(op, a, b)
        }
        Expr::Cmp { op, a, b } => {
            let (a, b) = (subst(pool, a, map, memo), subst(pool, b, map, memo));
            pool.cmp(op, a, b)
        }
        Expr::Not { a, .. } => {
            let a = subst(pool, a, map, memo);
            pool.not(a)
        }
        Expr::Ite { c, t, e: f, .. } => {
            let c = subst(pool, c, map, memo);
            let t = subst(pool, t, map, memo);
            let f = subst(pool, f, map, memo);
            pool.ite(c, t, f)
        }
        Expr::Extract { w, a, lo } => {
            let a = subst(pool, a, map, memo);
            pool.extract(a, lo, w)
        }
        Expr::Concat { hi, lo, .. } => {
            let (hi, lo) = (subst(pool, hi, map, memo), subst(pool, lo, map, memo));
            pool.concat(hi, lo)
        }
        Expr::ZExt { w, a } => {
            let a = subst(pool, a, map, memo);
            pool.zext(a, w)
        }
        Expr::SExt { w, a } => {
            let a = subst(pool, a, map, memo);
            pool.sext(a, w)
        }
    };
    memo.insert(e, r);
    r
}

/// What the rewrite made of a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexRewrite {
    /// The condition holds for no offset (`false`).
    Infeasible,
    /// The condition as ranges of the offset.
    Rewritten(ExprId),
}

/// Rewrites the width-1 condition `c` as ranges of its reads' common
/// offset; `None` where it does not apply (no read at a symbolic offset,
/// a read of symbolic bytes, reads at different offsets, or other
/// symbolic values in the condition).
pub fn rewrite(pool: &mut ExprPool, c: ExprId) -> Option<IndexRewrite> {
    let mut x = None;
    let mut found = FxHashMap::default();
    chains(pool, c, &mut x, &mut found)?;
    let x = x?;
    let xw = pool.width(x);
    let max = super::mask(xw);
    let mut points: Vec<u64> = found.values().flat_map(|ch| ch.values.keys().copied()).collect();
    points.sort_unstable();
    points.dedup();
    let truth = |pool: &mut ExprPool, at: Option<u64>| -> Option<bool> {
        let map: FxHashMap<ExprId, ExprId> = found
            .iter()
            .map(|(root, ch)| (*root, at.and_then(|k| ch.values.get(&k).copied()).unwrap_or(ch.default)))
            .collect();
        let v = subst(pool, c, &map, &mut FxHashMap::default());
        Some(pool.as_const(v)? != 0)
    };
    // The offsets as intervals: each listed offset, and the gaps between
    // them (where every read takes its last value).
    let other = if (points.len() as u64) <= max { truth(pool, None)? } else { false };
    let mut intervals: Vec<(u64, u64, bool)> = Vec::new();
    let mut push = |lo: u64, hi: u64, t: bool| match intervals.last_mut() {
        Some((_, h, lt)) if *lt == t && *h + 1 == lo => *h = hi,
        _ => intervals.push((lo, hi, t)),
    };
    let mut next = 0u64;
    for &k in &points {
        if k > next {
            push(next, k - 1, other);
        }
        let t = truth(pool, Some(k))?;
        push(k, k, t);
        next = k.wrapping_add(1);
    }
    if points.last().is_none_or(|&k| k < max) {
        push(next, max, other);
    }
    let ranges: Vec<(u64, u64)> = intervals.into_iter().filter(|r| r.2).map(|(lo, hi, _)| (lo, hi)).collect();
    let out = pool.in_ranges(x, &ranges);
    Some(if out == ExprPool::FALSE { IndexRewrite::Infeasible } else { IndexRewrite::Rewritten(out) })
}

impl ExprPool {
    /// `x` lies in one of `ranges` (inclusive, unsigned, at `x`'s width):
    /// a disjunction of `lo <= x <= hi`, a bound left out where it is the
    /// width's own, an equality for a single value.
    pub(crate) fn in_ranges(&mut self, x: ExprId, ranges: &[(u64, u64)]) -> ExprId {
        let xw = self.width(x);
        let max = super::mask(xw);
        let mut out = ExprPool::FALSE;
        for &(lo, hi) in ranges {
            let (lo_c, hi_c) = (self.constant(xw, lo), self.constant(xw, hi));
            let range = match (lo == 0, hi == max, lo == hi) {
                (_, _, true) => self.eq(x, lo_c),
                (true, true, _) => ExprPool::TRUE,
                (true, false, _) => self.cmp(CmpOp::Ule, x, hi_c),
                (false, true, _) => self.cmp(CmpOp::Ule, lo_c, x),
                (false, false, _) => {
                    let ge = self.cmp(CmpOp::Ule, lo_c, x);
                    let le = self.cmp(CmpOp::Ule, x, hi_c);
                    self.and(ge, le)
                }
            };
            out = self.or(out, range);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{ArrayId, Valuation};

    struct Bytes(Vec<(ArrayId, u8)>);
    impl Valuation for Bytes {
        fn byte(&self, arr: ArrayId, _: u32) -> u8 {
            self.0.iter().find(|(a, _)| *a == arr).map_or(0, |(_, v)| *v)
        }
    }

    /// A read of `vals` (one byte each) at the offset `x`.
    fn read(pool: &mut ExprPool, x: ExprId, vals: &[u64]) -> ExprId {
        read_from(pool, x, vals, 0)
    }

    /// As `read`, the first value at `x == first`.
    fn read_from(pool: &mut ExprPool, x: ExprId, vals: &[u64], first: u64) -> ExprId {
        let mut acc = pool.constant(8, *vals.last().unwrap());
        for (j, v) in vals.iter().enumerate().rev().skip(1) {
            let k = pool.constant(8, first + j as u64);
            let c = pool.eq(x, k);
            let v = pool.constant(8, *v);
            acc = pool.ite(c, v, acc);
        }
        acc
    }

    #[test]
    fn a_condition_over_a_constant_table_becomes_ranges_of_the_index() {
        let mut pool = ExprPool::new();
        let arr = pool.new_array("k", 1);
        let k = pool.var(arr, 0);
        let r = read(&mut pool, k, &[1, 2, 2, 4, 5, 3, 1]);
        let two = pool.constant(8, 2);
        let c = pool.cmp(CmpOp::Ule, r, two);
        let Some(IndexRewrite::Rewritten(opt)) = rewrite(&mut pool, c) else { panic!("not rewritten") };
        // Equivalent for every value of k.
        for v in 0..=255u64 {
            let asg = Bytes(vec![(arr, v as u8)]);
            assert_eq!(pool.eval(c, &asg), pool.eval(opt, &asg), "k = {v}");
        }
        // Selectors from 1 (a read at k - 1, simplified).
        let r1 = read_from(&mut pool, k, &[1, 2, 3, 4, 5], 1);
        let one = pool.constant(8, 1);
        let c1 = pool.eq(r1, one);
        let Some(IndexRewrite::Rewritten(opt1)) = rewrite(&mut pool, c1) else { panic!("not rewritten") };
        for v in 0..=255u64 {
            let asg = Bytes(vec![(arr, v as u8)]);
            assert_eq!(pool.eval(c1, &asg), pool.eval(opt1, &asg), "k = {v}");
        }
        let nine = pool.constant(8, 9);
        let never = pool.cmp(CmpOp::Eq, r, nine);
        assert_eq!(rewrite(&mut pool, never), Some(IndexRewrite::Infeasible));
    }

    #[test]
    fn reads_of_symbolic_bytes_or_at_two_offsets_are_left_alone() {
        let mut pool = ExprPool::new();
        let (a, b) = (pool.new_array("k", 1), pool.new_array("y", 1));
        let (k, y) = (pool.var(a, 0), pool.var(b, 0));
        let r1 = read(&mut pool, k, &[1, 2, 3]);
        let r2 = read(&mut pool, y, &[1, 2, 3]);
        let sum = pool.bin(crate::expr::BinOp::Add, r1, r2);
        let seven = pool.constant(8, 7);
        let two_offsets = pool.eq(sum, seven);
        assert_eq!(rewrite(&mut pool, two_offsets), None);
        let other = pool.eq(r1, y);
        assert_eq!(rewrite(&mut pool, other), None);
        let plain = pool.eq(k, seven);
        assert_eq!(rewrite(&mut pool, plain), None);
    }
}
