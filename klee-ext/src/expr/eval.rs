//! Evaluation of expressions under a concrete assignment of symbolic bytes.

use super::arith::{fold_bin, fold_cmp, mask, sext64};
use super::{ArrayId, Expr, ExprId, ExprPool};
use rustc_hash::FxHashMap;

/// Values of symbolic bytes, as evaluation reads them: a model's bytes
/// (`so::Assignment`) or a plain map. A byte not given reads as 0.
pub trait Valuation {
    fn byte(&self, arr: ArrayId, idx: u32) -> u8;
}

impl<V: Valuation + ?Sized> Valuation for std::rc::Rc<V> {
    fn byte(&self, arr: ArrayId, idx: u32) -> u8 {
        (**self).byte(arr, idx)
    }
}

impl Valuation for FxHashMap<(ArrayId, u32), u8> {
    fn byte(&self, arr: ArrayId, idx: u32) -> u8 {
        self.get(&(arr, idx)).copied().unwrap_or(0)
    }
}

impl ExprPool {
    /// The value of `root` under `asg`. Division by zero evaluates to 0 (it
    /// never happens on a feasible path: divisors are checked first).
    pub fn eval<V: Valuation + ?Sized>(&self, root: ExprId, asg: &V) -> u64 {
        let mut memo: FxHashMap<ExprId, u64> = FxHashMap::default();
        self.eval_memo(root, asg, &mut memo)
    }

    /// Like [`eval`](Self::eval), sharing `memo` across several roots.
    pub fn eval_memo<V: Valuation + ?Sized>(&self, root: ExprId, asg: &V, memo: &mut FxHashMap<ExprId, u64>) -> u64 {
        if let Some(v) = self.as_const(root) {
            return v;
        }
        let mut stack = vec![(root, false)];
        while let Some((n, ready)) = stack.pop() {
            if memo.contains_key(&n) {
                continue;
            }
            let node = self.get(n);
            if !ready {
                stack.push((n, true));
                for c in node.children() {
                    if !memo.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let g = |id: ExprId| -> u64 { memo.get(&id).copied().or_else(|| self.as_const(id)).unwrap_or(0) };
            let v = match *node {
                Expr::Const { v, .. } => v,
                Expr::Var { arr, idx } => asg.byte(arr, idx) as u64,
                Expr::Bin { op, w, a, b } => fold_bin(op, w, g(a), g(b)).unwrap_or(0),
                Expr::Cmp { op, a, b } => fold_cmp(op, self.width(a), g(a), g(b)) as u64,
                Expr::Not { w, a } => !g(a) & mask(w),
                Expr::Ite { c, t, e, .. } => {
                    if g(c) != 0 {
                        g(t)
                    } else {
                        g(e)
                    }
                }
                Expr::Extract { w, a, lo } => (g(a) >> lo) & mask(w),
                Expr::Concat { hi, lo, .. } => (g(hi) << self.width(lo)) | g(lo),
                Expr::ZExt { a, .. } => g(a),
                Expr::SExt { w, a } => (sext64(g(a), self.width(a)) as u64) & mask(w),
            };
            memo.insert(n, v);
        }
        memo[&root]
    }
}
