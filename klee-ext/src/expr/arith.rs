//! Concrete bit-vector arithmetic with LLVM's exact semantics, shared by the
//! interpreter's concrete fast path and the expression folder.

/// Binary bit-vector operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
}

impl BinOp {
    pub(crate) fn is_commutative(self) -> bool {
        matches!(self, BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor)
    }
    pub(crate) fn is_division(self) -> bool {
        matches!(self, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem)
    }
    pub(crate) fn is_shift(self) -> bool {
        matches!(self, BinOp::Shl | BinOp::LShr | BinOp::AShr)
    }
}

/// Comparison operators; the others are derived (`a > b` is `b < a`, `!=`
/// is the negation of `==`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CmpOp {
    Eq,
    Ult,
    Ule,
    Slt,
    Sle,
}

/// All-ones mask of width `w` (1..=64).
#[inline]
pub fn mask(w: u8) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// All-ones mask of width `w` (1..=128).
pub(crate) fn mask128(w: u8) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// Sign-extends the low `w` bits of `v` to 64 bits.
#[inline]
pub(crate) fn sext64(v: u64, w: u8) -> i64 {
    if w >= 64 {
        v as i64
    } else {
        let s = 64 - w as u32;
        ((v << s) as i64) >> s
    }
}

/// Folds `a op b` at width `w`. Returns `None` where LLVM's result is
/// undefined behaviour the caller must report or avoid: division by zero,
/// signed division overflow (`INT_MIN / -1`). Shifts by at least the width
/// yield poison in LLVM; they fold to 0 here (a deterministic choice).
#[inline]
pub(crate) fn fold_bin(op: BinOp, w: u8, a: u64, b: u64) -> Option<u64> {
    let m = mask(w);
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::UDiv => {
            if b == 0 {
                return None;
            }
            a / b
        }
        BinOp::URem => {
            if b == 0 {
                return None;
            }
            a % b
        }
        BinOp::SDiv | BinOp::SRem => {
            if b == 0 {
                return None;
            }
            let (x, y) = (sext64(a, w), sext64(b, w));
            let min = if w >= 64 { i64::MIN } else { -(1i64 << (w - 1)) };
            if x == min && y == -1 {
                if op == BinOp::SRem {
                    0
                } else {
                    return None;
                }
            } else if op == BinOp::SDiv {
                (x / y) as u64
            } else {
                (x % y) as u64
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => {
            if b >= w as u64 {
                0
            } else {
                a << b
            }
        }
        BinOp::LShr => {
            if b >= w as u64 {
                0
            } else {
                a >> b
            }
        }
        BinOp::AShr => {
            if b >= w as u64 {
                if sext64(a, w) < 0 {
                    m
                } else {
                    0
                }
            } else {
                (sext64(a, w) >> b) as u64
            }
        }
    };
    Some(r & m)
}

/// Folds a comparison of two `w`-bit values.
#[inline]
pub(crate) fn fold_cmp(op: CmpOp, w: u8, a: u64, b: u64) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ult => a < b,
        CmpOp::Ule => a <= b,
        CmpOp::Slt => sext64(a, w) < sext64(b, w),
        CmpOp::Sle => sext64(a, w) <= sext64(b, w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_division_follows_c() {
        assert_eq!(fold_bin(BinOp::SDiv, 32, (-7i32) as u32 as u64, 2), Some((-3i32) as u32 as u64));
        assert_eq!(fold_bin(BinOp::SRem, 32, (-7i32) as u32 as u64, 2), Some((-1i32) as u32 as u64));
        assert_eq!(fold_bin(BinOp::SDiv, 32, 0x8000_0000, 0xffff_ffff), None);
        assert_eq!(fold_bin(BinOp::UDiv, 8, 5, 0), None);
    }

    #[test]
    fn shifts_and_masks() {
        assert_eq!(fold_bin(BinOp::AShr, 8, 0x80, 7), Some(0xff));
        assert_eq!(fold_bin(BinOp::LShr, 8, 0x80, 7), Some(1));
        assert_eq!(fold_bin(BinOp::Shl, 16, 0xffff, 4), Some(0xfff0));
        assert_eq!(fold_bin(BinOp::Add, 64, u64::MAX, 1), Some(0));
        assert!(fold_cmp(CmpOp::Slt, 8, 0xff, 0));
        assert!(!fold_cmp(CmpOp::Ult, 8, 0xff, 0));
    }
}
