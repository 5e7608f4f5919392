//! Expression constructors with constant folding and local rewrites.
//!
//! Invariants every constructor keeps:
//! * a node whose operands are all constants is folded to a constant;
//! * constants of commutative operators and of `Eq` stand on the right;
//! * adjacent extracts of one expression are merged by `concat`, so bytes
//!   stored to memory and loaded back give back the original expression;
//! * an unsigned quotient by a constant divides once (`x / a / b` is
//!   `x / (a * b)`), and its comparison with a constant is a bound on the
//!   dividend (`c <= x / d` is `c * d <= x`): a number's digits and width
//!   cost the solver one comparison each, not a chain of divisions.

use super::arith::{fold_bin, fold_cmp, mask, sext64, BinOp, CmpOp};
use super::{Expr, ExprId, ExprPool};

impl ExprPool {
    /// `a op b` at the operands' width. Division by a constant zero is left
    /// unfolded (the executor checks divisors before dividing).
    pub fn bin(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        let w = self.width(a);
        debug_assert_eq!(w, self.width(b), "bin {op:?} width mismatch");
        let (ca, cb) = (self.as_const(a), self.as_const(b));
        if let (Some(x), Some(y)) = (ca, cb) {
            if let Some(r) = fold_bin(op, w, x, y) {
                return self.constant(w, r);
            }
        }
        // Constants to the right for commutative operators.
        let (a, b, ca, cb) =
            if op.is_commutative() && ca.is_some() && cb.is_none() { (b, a, cb, ca) } else { (a, b, ca, cb) };
        let m = mask(w);
        match (op, cb) {
            (BinOp::Add | BinOp::Sub | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::LShr | BinOp::AShr, Some(0)) => {
                return a
            }
            (BinOp::Mul | BinOp::And, Some(0)) => return self.constant(w, 0),
            (BinOp::Mul | BinOp::UDiv | BinOp::SDiv, Some(1)) => return a,
            (BinOp::And, Some(c)) if c == m => return a,
            (BinOp::Or, Some(c)) if c == m => return self.constant(w, m),
            (BinOp::Xor, Some(c)) if c == m => return self.not(a),
            (BinOp::Sub, Some(c)) => {
                let neg = self.constant(w, c.wrapping_neg());
                return self.bin(BinOp::Add, a, neg);
            }
            (BinOp::UDiv, Some(c2)) if c2 != 0 => {
                // (x / c1) / c2 -> x / (c1 * c2), or 0 when c1 * c2 exceeds
                // every value: a number printed digit by digit divides by
                // ten again and again, and one division is what the solver
                // can afford.
                if let Expr::Bin { op: BinOp::UDiv, a: x, b: c1, .. } = *self.get(a) {
                    if let Some(c1) = self.as_const(c1).filter(|&c| c != 0) {
                        return match scaled(c1, c2, w) {
                            Some(d) => {
                                let d = self.constant(w, d);
                                self.bin(BinOp::UDiv, x, d)
                            }
                            None => self.constant(w, 0),
                        };
                    }
                }
            }
            (BinOp::Add, Some(c2)) => {
                // (x + c1) + c2 -> x + (c1 + c2)
                if let Expr::Bin { op: BinOp::Add, a: x, b: c1, .. } = *self.get(a) {
                    if let Some(c1) = self.as_const(c1) {
                        let c = self.constant(w, c1.wrapping_add(c2));
                        return self.bin(BinOp::Add, x, c);
                    }
                }
            }
            _ => {}
        }
        if a == b {
            match op {
                BinOp::And | BinOp::Or => return a,
                BinOp::Xor | BinOp::Sub => return self.constant(w, 0),
                _ => {}
            }
        }
        if ca == Some(0)
            && matches!(
                op,
                BinOp::Shl | BinOp::LShr | BinOp::AShr | BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem
            )
        {
            return a;
        }
        self.intern(Expr::Bin { op, w, a, b })
    }

    /// Comparison `a op b`, width 1.
    pub fn cmp(&mut self, op: CmpOp, a: ExprId, b: ExprId) -> ExprId {
        let w = self.width(a);
        debug_assert_eq!(w, self.width(b), "cmp {op:?} width mismatch");
        if a == b {
            return self.bool_const(matches!(op, CmpOp::Eq | CmpOp::Ule | CmpOp::Sle));
        }
        let (ca, cb) = (self.as_const(a), self.as_const(b));
        if let (Some(x), Some(y)) = (ca, cb) {
            return self.bool_const(fold_cmp(op, w, x, y));
        }
        if op == CmpOp::Eq {
            let (a, b, cb) = if ca.is_some() { (b, a, ca) } else { (a, b, cb) };
            if let Some(c) = cb {
                if w == 1 {
                    // (b == 1) -> b, (b == 0) -> !b
                    return if c == 1 { a } else { self.not(a) };
                }
                if let Some((x, d)) = self.udiv_by_const(a) {
                    // x / d == c  ->  c * d <= x < (c + 1) * d
                    let at_least = self.udiv_at_least(x, d, c as u128);
                    let below = self.udiv_at_least(x, d, c as u128 + 1);
                    let below = self.not(below);
                    return self.and(at_least, below);
                }
                match *self.get(a) {
                    Expr::ZExt { a: x, .. } => {
                        let xw = self.width(x);
                        if c > mask(xw) {
                            return Self::FALSE;
                        }
                        let c = self.constant(xw, c);
                        return self.cmp(CmpOp::Eq, x, c);
                    }
                    Expr::SExt { a: x, .. } => {
                        let xw = self.width(x);
                        let sc = sext64(c, w);
                        if sext64(c & mask(xw), xw) != sc {
                            return Self::FALSE;
                        }
                        let c = self.constant(xw, c);
                        return self.cmp(CmpOp::Eq, x, c);
                    }
                    Expr::Bin { op: BinOp::Add, a: x, b: k, .. } => {
                        // x + k == c  ->  x == c - k
                        if let Some(k) = self.as_const(k) {
                            let c = self.constant(w, c.wrapping_sub(k));
                            return self.cmp(CmpOp::Eq, x, c);
                        }
                    }
                    Expr::Ite { c: cond, t, e, .. } => {
                        // ite(p, k1, k2) == c with constant arms folds to p, !p or a constant.
                        if let (Some(k1), Some(k2)) = (self.as_const(t), self.as_const(e)) {
                            return match (k1 == c, k2 == c) {
                                (true, true) => Self::TRUE,
                                (false, false) => Self::FALSE,
                                (true, false) => cond,
                                (false, true) => self.not(cond),
                            };
                        }
                    }
                    _ => {}
                }
                return self.intern(Expr::Cmp { op, a, b });
            }
            return self.intern(Expr::Cmp { op, a, b });
        }
        // A quotient by a constant against a constant: a bound on the
        // dividend (c <= x / d  <->  c * d <= x), linear for the solver.
        if matches!(op, CmpOp::Ule | CmpOp::Ult) {
            if let (Some(c), Some((x, d))) = (ca, self.udiv_by_const(b)) {
                // c <= x / d, or c + 1 <= x / d for c < x / d
                let c = c as u128 + u128::from(op == CmpOp::Ult);
                return self.udiv_at_least(x, d, c);
            }
            if let (Some((x, d)), Some(c)) = (self.udiv_by_const(a), cb) {
                // x / d <= c is !(c + 1 <= x / d); x / d < c is !(c <= x / d)
                let c = c as u128 + u128::from(op == CmpOp::Ule);
                let at_least = self.udiv_at_least(x, d, c);
                return self.not(at_least);
            }
        }
        // Trivial unsigned bounds.
        match (op, ca, cb) {
            (CmpOp::Ult, _, Some(0)) => return Self::FALSE,
            (CmpOp::Ule, Some(0), _) => return Self::TRUE,
            (CmpOp::Ule, _, Some(c)) if c == mask(w) => return Self::TRUE,
            _ => {}
        }
        self.intern(Expr::Cmp { op, a, b })
    }

    /// `(x, d)` when `e` is `x / d` (unsigned) with a constant `d != 0`.
    fn udiv_by_const(&self, e: ExprId) -> Option<(ExprId, u64)> {
        match *self.get(e) {
            Expr::Bin { op: BinOp::UDiv, a: x, b: d, .. } => self.as_const(d).filter(|&d| d != 0).map(|d| (x, d)),
            _ => None,
        }
    }

    /// `c <= x / d` (unsigned, `d != 0`) as a bound on `x`: `c * d <= x`,
    /// false when `c * d` exceeds every value of `x`'s width.
    fn udiv_at_least(&mut self, x: ExprId, d: u64, c: u128) -> ExprId {
        let w = self.width(x);
        match u64::try_from(c).ok().and_then(|c| scaled(c, d, w)) {
            Some(0) => Self::TRUE,
            Some(k) => {
                let k = self.constant(w, k);
                self.cmp(CmpOp::Ule, k, x)
            }
            None => Self::FALSE,
        }
    }

    /// Bitwise complement (Boolean negation at width 1).
    pub fn not(&mut self, a: ExprId) -> ExprId {
        let w = self.width(a);
        match *self.get(a) {
            Expr::Const { v, .. } => self.constant(w, !v),
            Expr::Not { a: x, .. } => x,
            _ => self.intern(Expr::Not { w, a }),
        }
    }

    pub fn ite(&mut self, c: ExprId, t: ExprId, e: ExprId) -> ExprId {
        let w = self.width(t);
        debug_assert_eq!(w, self.width(e));
        if let Some(v) = self.as_const(c) {
            return if v != 0 { t } else { e };
        }
        if t == e {
            return t;
        }
        if w == 1 {
            match (self.as_const(t), self.as_const(e)) {
                (Some(1), Some(0)) => return c,
                (Some(0), Some(1)) => return self.not(c),
                _ => {}
            }
        }
        if let Expr::Not { a: nc, .. } = *self.get(c) {
            return self.ite(nc, e, t);
        }
        self.intern(Expr::Ite { w, c, t, e })
    }

    /// Bits `lo .. lo + w` of `a`.
    pub fn extract(&mut self, a: ExprId, lo: u8, w: u8) -> ExprId {
        let aw = self.width(a);
        debug_assert!(lo as u32 + w as u32 <= aw as u32, "extract out of range");
        if lo == 0 && w == aw {
            return a;
        }
        match *self.get(a) {
            Expr::Const { v, .. } => self.constant(w, v >> lo),
            Expr::Extract { a: x, lo: l2, .. } => self.extract(x, lo + l2, w),
            Expr::Concat { hi, lo: low, .. } => {
                let lw = self.width(low);
                if lo + w <= lw {
                    self.extract(low, lo, w)
                } else if lo >= lw {
                    self.extract(hi, lo - lw, w)
                } else {
                    let l = self.extract(low, lo, lw - lo);
                    let h = self.extract(hi, 0, lo + w - lw);
                    self.concat(h, l)
                }
            }
            Expr::ZExt { a: x, .. } => {
                let xw = self.width(x);
                if lo + w <= xw {
                    self.extract(x, lo, w)
                } else if lo >= xw {
                    self.constant(w, 0)
                } else {
                    let part = self.extract(x, lo, xw - lo);
                    self.zext(part, w)
                }
            }
            Expr::SExt { a: x, .. } if lo + w <= self.width(x) => self.extract(x, lo, w),
            _ => self.intern(Expr::Extract { w, a, lo }),
        }
    }

    /// `hi ++ lo`.
    pub fn concat(&mut self, hi: ExprId, lo: ExprId) -> ExprId {
        let (hw, lw) = (self.width(hi), self.width(lo));
        let w = hw + lw;
        debug_assert!(w <= 64, "concat wider than 64 bits");
        if let (Some(h), Some(l)) = (self.as_const(hi), self.as_const(lo)) {
            return self.constant(w, (h << lw) | l);
        }
        if self.as_const(hi) == Some(0) {
            return self.zext(lo, w);
        }
        // extract(x, k+lw, hw) ++ extract(x, k, lw) -> extract(x, k, w)
        if let (Expr::Extract { a: x1, lo: l1, .. }, Expr::Extract { a: x2, lo: l2, .. }) =
            (self.get(hi).clone(), self.get(lo).clone())
        {
            if x1 == x2 && l1 == l2 + lw {
                return self.extract(x1, l2, w);
            }
        }
        // extract(x, lw, hw) ++ lo where lo is x's low part (e.g. x = sext(lo)).
        if let Expr::Extract { a: x1, lo: l1, .. } = *self.get(hi) {
            if l1 == lw && self.extract(x1, 0, lw) == lo {
                return self.extract(x1, 0, w);
            }
        }
        // extract(x, k+lw, hw) ++ (extract(x, k, m) ++ rest): regroup to the left.
        if let (Expr::Extract { a: x1, lo: l1, .. }, Expr::Concat { hi: h2, lo: rest, .. }) =
            (self.get(hi).clone(), self.get(lo).clone())
        {
            if let Expr::Extract { a: x2, lo: l2, w: w2 } = *self.get(h2) {
                if x1 == x2 && l1 == l2 + w2 {
                    let merged = self.extract(x1, l2, hw + w2);
                    return self.concat(merged, rest);
                }
            }
        }
        self.intern(Expr::Concat { w, hi, lo })
    }

    pub fn zext(&mut self, a: ExprId, w: u8) -> ExprId {
        let aw = self.width(a);
        if w == aw {
            return a;
        }
        if w < aw {
            return self.extract(a, 0, w);
        }
        match *self.get(a) {
            Expr::Const { v, .. } => self.constant(w, v),
            Expr::ZExt { a: x, .. } => self.zext(x, w),
            _ => self.intern(Expr::ZExt { w, a }),
        }
    }

    pub(crate) fn sext(&mut self, a: ExprId, w: u8) -> ExprId {
        let aw = self.width(a);
        if w == aw {
            return a;
        }
        if w < aw {
            return self.extract(a, 0, w);
        }
        match *self.get(a) {
            Expr::Const { v, .. } => self.constant(w, sext64(v, aw) as u64),
            Expr::SExt { a: x, .. } => self.sext(x, w),
            // The sign bit of a proper zero-extension is 0.
            Expr::ZExt { a: x, .. } => self.zext(x, w),
            _ => self.intern(Expr::SExt { w, a }),
        }
    }

    // ---- Boolean helpers (width 1) ----

    pub fn and(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::And, a, b)
    }

    pub fn or(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::Or, a, b)
    }

    pub fn eq(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Eq, a, b)
    }

    pub(crate) fn ne(&mut self, a: ExprId, b: ExprId) -> ExprId {
        let e = self.cmp(CmpOp::Eq, a, b);
        self.not(e)
    }

    /// `a != 0` as a Boolean.
    pub(crate) fn is_nonzero(&mut self, a: ExprId) -> ExprId {
        let w = self.width(a);
        if w == 1 {
            return a;
        }
        let z = self.constant(w, 0);
        self.ne(a, z)
    }
}

/// `a * b` when it fits in `w` bits.
fn scaled(a: u64, b: u64, w: u8) -> Option<u64> {
    let p = a as u128 * b as u128;
    (p <= mask(w) as u128).then_some(p as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `n` bytes of `arr` as one little-endian value.
    pub(super) fn word(p: &mut ExprPool, arr: crate::expr::ArrayId, n: u32) -> ExprId {
        let mut x = p.var(arr, 0);
        for i in 1..n {
            let b = p.var(arr, i);
            x = p.concat(b, x);
        }
        x
    }

    #[test]
    fn bytes_reassemble_into_the_stored_value() {
        let mut p = ExprPool::new();
        let arr = p.new_array("x", 4);
        let x = word(&mut p, arr, 4);
        // Split into bytes and put back together: the same node.
        let mut y = p.extract(x, 0, 8);
        for i in 1..4 {
            let b = p.extract(x, i * 8, 8);
            y = p.concat(b, y);
        }
        assert_eq!(x, y);
        let second = p.var(arr, 1);
        assert_eq!(p.extract(x, 8, 8), second);
    }

    #[test]
    fn folding_and_identities() {
        let mut p = ExprPool::new();
        let arr = p.new_array("a", 1);
        let v = p.var(arr, 0);
        let z = p.zext(v, 32);
        let one = p.constant(32, 1);
        let zero = p.constant(32, 0);
        assert_eq!(p.bin(BinOp::Add, z, zero), z);
        let s = p.bin(BinOp::Sub, z, one);
        let back = p.bin(BinOp::Add, s, one);
        assert_eq!(back, z);
        let big = p.constant(32, 300);
        assert_eq!(p.eq(z, big), ExprPool::FALSE);
        let c5 = p.constant(32, 5);
        let e = p.eq(z, c5);
        let c5b = p.constant(8, 5);
        assert_eq!(e, p.eq(v, c5b));
        let n = p.not(e);
        assert_eq!(p.not(n), e);
        assert_eq!(p.ite(ExprPool::TRUE, z, one), z);
    }
}

/// Random expression trees built through the simplifying constructors must
/// evaluate exactly as the unsimplified trees do, under random assignments.
#[cfg(test)]
mod property {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// A reference tree, evaluated directly.
    #[derive(Debug, Clone)]
    enum T {
        C(u8, u64),
        V(u32),
        Bin(BinOp, Box<T>, Box<T>),
        Cmp(CmpOp, Box<T>, Box<T>),
        Not(Box<T>),
        Ite(Box<T>, Box<T>, Box<T>),
        Ext(Box<T>, u8, u8),
        Cat(Box<T>, Box<T>),
        Z(Box<T>, u8),
        S(Box<T>, u8),
    }

    fn width(t: &T) -> u8 {
        match t {
            T::C(w, _) => *w,
            T::V(_) => 8,
            T::Bin(_, a, _) | T::Not(a) => width(a),
            T::Cmp(..) => 1,
            T::Ite(_, a, _) => width(a),
            T::Ext(_, _, w) | T::Z(_, w) | T::S(_, w) => *w,
            T::Cat(a, b) => width(a) + width(b),
        }
    }

    fn gen(r: &mut SmallRng, w: u8, depth: u32) -> T {
        if depth == 0 || r.gen_bool(0.25) {
            return if w == 8 && r.gen_bool(0.6) {
                T::V(r.gen_range(0..4))
            } else if r.gen_bool(0.5) {
                T::C(w, [0, 1, mask(w), mask(w) >> 1][r.gen_range(0..4)] & mask(w))
            } else {
                T::C(w, r.gen::<u64>() & mask(w))
            };
        }
        let d = depth - 1;
        match r.gen_range(0..9) {
            0 | 1 => {
                let ops = [
                    BinOp::Add,
                    BinOp::Sub,
                    BinOp::Mul,
                    BinOp::And,
                    BinOp::Or,
                    BinOp::Xor,
                    BinOp::Shl,
                    BinOp::LShr,
                    BinOp::AShr,
                    BinOp::UDiv,
                    BinOp::URem,
                    BinOp::SDiv,
                    BinOp::SRem,
                ];
                T::Bin(ops[r.gen_range(0..ops.len())], Box::new(gen(r, w, d)), Box::new(gen(r, w, d)))
            }
            2 if w == 1 => {
                let ops = [CmpOp::Eq, CmpOp::Ult, CmpOp::Ule, CmpOp::Slt, CmpOp::Sle];
                let cw = [8, 16, 32][r.gen_range(0..3)];
                T::Cmp(ops[r.gen_range(0..ops.len())], Box::new(gen(r, cw, d)), Box::new(gen(r, cw, d)))
            }
            3 => T::Not(Box::new(gen(r, w, d))),
            4 => T::Ite(Box::new(gen(r, 1, d)), Box::new(gen(r, w, d)), Box::new(gen(r, w, d))),
            5 if w < 64 => {
                let src = (w + r.gen_range(0..=(64 - w).min(24))).max(w);
                let lo = r.gen_range(0..=src - w);
                T::Ext(Box::new(gen(r, src, d)), lo, w)
            }
            6 if w >= 2 && w.is_multiple_of(8) => {
                let lw = 8 * r.gen_range(1..=(w / 8).max(1)).min(w / 8);
                if lw >= w {
                    return gen(r, w, d);
                }
                T::Cat(Box::new(gen(r, w - lw, d)), Box::new(gen(r, lw, d)))
            }
            7 if w > 8 => T::Z(Box::new(gen(r, 8, d)), w),
            8 if w > 8 => {
                let from = [8, w / 2][r.gen_range(0..2)].max(8);
                T::S(Box::new(gen(r, from, d)), w)
            }
            _ => T::Bin(BinOp::Add, Box::new(gen(r, w, d)), Box::new(gen(r, w, d))),
        }
    }

    /// Direct evaluation; `None` where a division by zero makes the tree
    /// undefined (those cases are skipped).
    fn eval(t: &T, vars: &[u8; 4]) -> Option<u64> {
        Some(match t {
            T::C(_, v) => *v,
            T::V(i) => vars[*i as usize] as u64,
            T::Bin(op, a, b) => fold_bin(*op, width(a), eval(a, vars)?, eval(b, vars)?)?,
            T::Cmp(op, a, b) => fold_cmp(*op, width(a), eval(a, vars)?, eval(b, vars)?) as u64,
            T::Not(a) => !eval(a, vars)? & mask(width(a)),
            T::Ite(c, a, b) => {
                let (x, y) = (eval(a, vars)?, eval(b, vars)?);
                if eval(c, vars)? != 0 {
                    x
                } else {
                    y
                }
            }
            T::Ext(a, lo, w) => (eval(a, vars)? >> lo) & mask(*w),
            T::Cat(a, b) => (eval(a, vars)? << width(b)) | eval(b, vars)?,
            T::Z(a, _) => eval(a, vars)?,
            T::S(a, w) => sext64(eval(a, vars)?, width(a)) as u64 & mask(*w),
        })
    }

    fn build(p: &mut ExprPool, arr: crate::expr::ArrayId, t: &T) -> ExprId {
        match t {
            T::C(w, v) => p.constant(*w, *v),
            T::V(i) => p.var(arr, *i),
            T::Bin(op, a, b) => {
                let (x, y) = (build(p, arr, a), build(p, arr, b));
                p.bin(*op, x, y)
            }
            T::Cmp(op, a, b) => {
                let (x, y) = (build(p, arr, a), build(p, arr, b));
                p.cmp(*op, x, y)
            }
            T::Not(a) => {
                let x = build(p, arr, a);
                p.not(x)
            }
            T::Ite(c, a, b) => {
                let (c, x, y) = (build(p, arr, c), build(p, arr, a), build(p, arr, b));
                p.ite(c, x, y)
            }
            T::Ext(a, lo, w) => {
                let x = build(p, arr, a);
                p.extract(x, *lo, *w)
            }
            T::Cat(a, b) => {
                let (x, y) = (build(p, arr, a), build(p, arr, b));
                p.concat(x, y)
            }
            T::Z(a, w) => {
                let x = build(p, arr, a);
                p.zext(x, *w)
            }
            T::S(a, w) => {
                let x = build(p, arr, a);
                p.sext(x, *w)
            }
        }
    }

    #[test]
    fn quotients_by_constants_keep_their_meaning_on_every_byte() {
        let mut p = ExprPool::new();
        let arr = p.new_array("x", 1);
        let x = p.var(arr, 0);
        let ops = [CmpOp::Eq, CmpOp::Ult, CmpOp::Ule];
        for d1 in [1u64, 2, 3, 7, 10, 16, 100, 255] {
            for d2 in [1u64, 3, 10, 26, 200] {
                let (k1, k2) = (p.constant(8, d1), p.constant(8, d2));
                let q = p.bin(BinOp::UDiv, x, k1);
                let qq = p.bin(BinOp::UDiv, q, k2);
                for c in [0u64, 1, 2, 9, 10, 25, 26, 254, 255] {
                    let k = p.constant(8, c);
                    let mut preds = vec![];
                    for op in ops {
                        preds.push((op, false, p.cmp(op, q, k)));
                        preds.push((op, true, p.cmp(op, k, qq)));
                    }
                    for v in 0..=255u8 {
                        let asg: rustc_hash::FxHashMap<(crate::expr::ArrayId, u32), u8> =
                            [((arr, 0), v)].into_iter().collect();
                        let (want_q, want_qq) = (v as u64 / d1, v as u64 / d1 / d2);
                        assert_eq!(p.eval(qq, &asg), want_qq, "{v} / {d1} / {d2}");
                        for &(op, swapped, e) in &preds {
                            let want = if swapped { fold_cmp(op, 8, c, want_qq) } else { fold_cmp(op, 8, want_q, c) };
                            assert_eq!(p.eval(e, &asg) != 0, want, "{op:?} on {v}, /{d1} /{d2}, c = {c}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_number_printed_digit_by_digit_is_bounded_without_division() {
        // 10 <= x / 10 / 10 / 10, as a loop over a number's digits asks.
        let mut p = ExprPool::new();
        let arr = p.new_array("size", 8);
        let x = super::tests::word(&mut p, arr, 8);
        let ten = p.constant(64, 10);
        let mut q = x;
        for _ in 0..3 {
            q = p.bin(BinOp::UDiv, q, ten);
        }
        let (thousand, ten_thousand) = (p.constant(64, 1000), p.constant(64, 10_000));
        assert_eq!(*p.get(q), Expr::Bin { op: BinOp::UDiv, w: 64, a: x, b: thousand });
        let bound = p.cmp(CmpOp::Ule, ten, q);
        assert_eq!(*p.get(bound), Expr::Cmp { op: CmpOp::Ule, a: ten_thousand, b: x });
        // Twenty divisions by ten leave nothing of a 64-bit value.
        for _ in 0..17 {
            q = p.bin(BinOp::UDiv, q, ten);
        }
        assert_eq!(p.as_const(q), Some(0));
    }

    #[test]
    fn simplification_preserves_meaning() {
        let mut r = SmallRng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..3000 {
            let w = [1, 8, 16, 32, 64][r.gen_range(0..5)];
            let t = gen(&mut r, w, 4);
            let mut p = ExprPool::new();
            let arr = p.new_array("v", 4);
            let e = build(&mut p, arr, &t);
            assert_eq!(p.width(e), w, "{t:?}");
            for _ in 0..8 {
                let vars: [u8; 4] = [r.gen(), r.gen(), [0, 1, 255][r.gen_range(0..3)], r.gen()];
                let Some(want) = eval(&t, &vars) else { continue };
                let mut asg: rustc_hash::FxHashMap<(crate::expr::ArrayId, u32), u8> = Default::default();
                for (i, v) in vars.iter().enumerate() {
                    asg.insert((arr, i as u32), *v);
                }
                assert_eq!(p.eval(e, &asg), want, "tree {t:?} with {vars:?}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "only {checked} checks ran");
    }
}
