//! Integers of 65 to 128 bits. clang reads and writes a run of packed
//! bitfields as one integer of the run's width (i72, i104, …); such values
//! are computed concretely on `u128`. A symbolic operand of this width ends
//! the path with an `unsupported` error.

use super::{ErrorKind, Executor, State, Termination};
use crate::expr::{mask128, BinOp};
use crate::ir::{CastOp, Val, WideInst};

/// x87 80-bit `long double` arithmetic, exact (LLVM's APFloat semantics,
/// through the `rustc_apfloat` port): round to nearest even, 64-bit
/// significand, as the x87 unit computes with its precision control at
/// extended (glibc's default).
mod f80 {
    use super::{sext128, wrap};
    use crate::expr::mask128;
    use crate::ir::{F80Conv, FOp, Val};
    use rustc_apfloat::ieee::{Double, Single, X87DoubleExtended as F80};
    use rustc_apfloat::{Float, FloatConvert, Round};
    use std::cmp::Ordering;

    fn get(v: u128) -> F80 {
        F80::from_bits(v & mask128(80))
    }

    fn put(f: F80) -> Val {
        wrap(f.to_bits() & mask128(80), 80)
    }

    pub fn bin(op: FOp, a: u128, b: u128) -> Val {
        let (a, b) = (get(a), get(b));
        put(match op {
            FOp::Add => (a + b).value,
            FOp::Sub => (a - b).value,
            FOp::Mul => (a * b).value,
            FOp::Div => (a / b).value,
            FOp::Rem => (a % b).value,
        })
    }

    pub fn neg(a: u128) -> Val {
        put(-get(a))
    }

    /// LLVM's fcmp predicates 0 (false) to 15 (true).
    pub fn cmp(pred: u8, a: u128, b: u128) -> bool {
        let o = get(a).partial_cmp(&get(b));
        let unordered = o.is_none();
        let ord = |want: &[Ordering]| o.is_some_and(|x| want.contains(&x));
        match pred {
            0 => false,
            1 => ord(&[Ordering::Equal]),
            2 => ord(&[Ordering::Greater]),
            3 => ord(&[Ordering::Greater, Ordering::Equal]),
            4 => ord(&[Ordering::Less]),
            5 => ord(&[Ordering::Less, Ordering::Equal]),
            6 => ord(&[Ordering::Less, Ordering::Greater]),
            7 => !unordered,
            8 => unordered,
            9 => unordered || ord(&[Ordering::Equal]),
            10 => unordered || ord(&[Ordering::Greater]),
            11 => unordered || ord(&[Ordering::Greater, Ordering::Equal]),
            12 => unordered || ord(&[Ordering::Less]),
            13 => unordered || ord(&[Ordering::Less, Ordering::Equal]),
            14 => unordered || !ord(&[Ordering::Equal]),
            _ => true,
        }
    }

    pub(crate) fn conv(c: F80Conv, a: u128) -> Val {
        let mut loses = false;
        match c {
            F80Conv::FromFloat { dbl: true } => put(Double::from_bits(a & mask128(64)).convert(&mut loses).value),
            F80Conv::FromFloat { dbl: false } => put(Single::from_bits(a & mask128(32)).convert(&mut loses).value),
            F80Conv::ToFloat { dbl: true } => {
                Val::C(FloatConvert::<Double>::convert(get(a), &mut loses).value.to_bits() as u64)
            }
            F80Conv::ToFloat { dbl: false } => {
                Val::C(FloatConvert::<Single>::convert(get(a), &mut loses).value.to_bits() as u64)
            }
            F80Conv::FromInt { signed: true, w } => put(F80::from_i128(sext128(a & mask128(w), w)).value),
            F80Conv::FromInt { signed: false, w } => put(F80::from_u128(a & mask128(w)).value),
            F80Conv::ToInt { signed, w } => {
                let mut exact = false;
                let v = if signed {
                    get(a).to_i128_r(w as usize, Round::TowardZero, &mut exact).value as u128
                } else {
                    get(a).to_u128_r(w as usize, Round::TowardZero, &mut exact).value
                };
                wrap(v & mask128(w), w)
            }
        }
    }
}

/// `long double` arithmetic for the math functions (`call.rs`).
pub(super) fn f80_bin(op: crate::ir::FOp, a: u128, b: u128) -> Val {
    f80::bin(op, a, b)
}

fn sext128(v: u128, w: u8) -> i128 {
    if w >= 128 {
        v as i128
    } else {
        let s = 128 - w as u32;
        ((v << s) as i128) >> s
    }
}

/// The value as a wide integer, if concrete (a `long double` or an
/// integer of 65–128 bits; a zero-initialized one may be a plain `C`).
pub(super) fn wide(v: &Val) -> Option<u128> {
    match v {
        Val::C(c) => Some(*c as u128),
        Val::Wide(b) => Some(**b),
        _ => None,
    }
}

/// A register value for a `w`-bit result.
pub(super) fn wrap(v: u128, w: u8) -> Val {
    if w <= 64 {
        Val::C(v as u64)
    } else {
        Val::Wide(Box::new(v & mask128(w)))
    }
}

impl<'p> Executor<'p> {
    pub(super) fn wide(&mut self, st: &mut State, inst: &WideInst) -> Result<(), Termination> {
        let regs = st.regs();
        let (dst, vals): (_, Vec<Val>) = match inst {
            WideInst::Bin { dst, a, b, .. } | WideInst::ICmp { dst, a, b, .. } => {
                (*dst, vec![self.get(regs, *a), self.get(regs, *b)])
            }
            WideInst::F80Bin { dst, a, b, .. } | WideInst::F80Cmp { dst, a, b, .. } => {
                (*dst, vec![self.get(regs, *a), self.get(regs, *b)])
            }
            WideInst::Cast { dst, a, .. }
            | WideInst::FpToInt { dst, a, .. }
            | WideInst::IntToFp { dst, a, .. }
            | WideInst::F80Neg { dst, a }
            | WideInst::F80Conv { dst, a, .. } => (*dst, vec![self.get(regs, *a)]),
        };
        let Some(xs) = vals.iter().map(wide).collect::<Option<Vec<u128>>>() else {
            let what = match inst {
                WideInst::F80Bin { .. }
                | WideInst::F80Cmp { .. }
                | WideInst::F80Neg { .. }
                | WideInst::F80Conv { .. } => "symbolic long double values",
                _ => "symbolic integers wider than 64 bits",
            };
            return Err(self.error(st, ErrorKind::Exec, format!("unsupported: {what}")));
        };
        let r = match *inst {
            WideInst::Bin { op, w, .. } => {
                let (a, b) = (xs[0] & mask128(w), xs[1] & mask128(w));
                let (sa, sb) = (sext128(a, w), sext128(b, w));
                let v = match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::And => a & b,
                    BinOp::Or => a | b,
                    BinOp::Xor => a ^ b,
                    BinOp::Shl => {
                        if b >= w as u128 {
                            0
                        } else {
                            a << b
                        }
                    }
                    BinOp::LShr => {
                        if b >= w as u128 {
                            0
                        } else {
                            a >> b
                        }
                    }
                    BinOp::AShr => (sa >> (b.min(w as u128 - 1))) as u128,
                    _ if b == 0 => return Err(self.error(st, ErrorKind::Div, "divide by zero")),
                    BinOp::UDiv => a / b,
                    BinOp::URem => a % b,
                    BinOp::SDiv => sa.wrapping_div(sb) as u128,
                    BinOp::SRem => sa.wrapping_rem(sb) as u128,
                };
                wrap(v, w)
            }
            WideInst::ICmp { pred, w, .. } => {
                let (a, b) = (xs[0] & mask128(w), xs[1] & mask128(w));
                Val::C(pred.holds(a, b, sext128(a, w), sext128(b, w)) as u64)
            }
            WideInst::Cast { op, from, to, .. } => {
                let a = xs[0] & mask128(from);
                match op {
                    CastOp::SExt => wrap(sext128(a, from) as u128 & mask128(to), to),
                    _ => wrap(a & mask128(to), to),
                }
            }
            WideInst::FpToInt { signed, dbl, to, .. } => {
                let f = if dbl { f64::from_bits(xs[0] as u64) } else { f32::from_bits(xs[0] as u32) as f64 };
                wrap(if signed { f as i128 as u128 } else { f as u128 } & mask128(to), to)
            }
            WideInst::IntToFp { signed, dbl, from, .. } => {
                let a = xs[0] & mask128(from);
                // Converted straight to the target type: one rounding.
                Val::C(match (signed, dbl) {
                    (true, true) => (sext128(a, from) as f64).to_bits(),
                    (false, true) => (a as f64).to_bits(),
                    (true, false) => (sext128(a, from) as f32).to_bits() as u64,
                    (false, false) => (a as f32).to_bits() as u64,
                })
            }
            WideInst::F80Bin { op, .. } => f80::bin(op, xs[0], xs[1]),
            WideInst::F80Cmp { pred, .. } => Val::C(f80::cmp(pred, xs[0], xs[1]) as u64),
            WideInst::F80Neg { .. } => f80::neg(xs[0]),
            WideInst::F80Conv { conv, .. } => f80::conv(conv, xs[0]),
        };
        Self::set(st, dst, r);
        Ok(())
    }

    /// Reads a concrete integer of 9 to 16 bytes.
    pub(super) fn read_wide(&mut self, st: &State, id: u64, off: u64, len: u64, bits: u8) -> Result<Val, Termination> {
        let mut buf = [0u8; 16];
        for k in 0..len.min(16) {
            buf[k as usize] = st
                .mem
                .read_byte(id, off + k)
                .map_err(|_| self.error(st, ErrorKind::Exec, "unsupported: symbolic integers wider than 64 bits"))?;
        }
        Ok(wrap(u128::from_le_bytes(buf) & mask128(bits), bits.max(65)))
    }

    /// Writes a concrete integer of 9 to 16 bytes.
    pub(super) fn write_wide(
        &mut self, st: &mut State, id: u64, off: u64, len: u64, v: &Val,
    ) -> Result<(), Termination> {
        let Some(x) = wide(v) else {
            return Err(self.error(st, ErrorKind::Exec, "unsupported: symbolic integers wider than 64 bits"));
        };
        let bytes = x.to_le_bytes();
        for k in 0..len.min(16) {
            st.mem.write_byte(&self.pool, id, off + k, Ok(bytes[k as usize]));
        }
        Ok(())
    }
}

/// `a op b` at `w` (65..=128) bits and whether it overflowed.
pub(super) fn overflow128(op: BinOp, signed: bool, w: u8, a: u128, b: u128) -> (u128, bool) {
    let m = mask128(w);
    let (a, b) = (a & m, b & m);
    if signed {
        let (sa, sb) = (sext128(a, w), sext128(b, w));
        let exact = match op {
            BinOp::Add => sa.checked_add(sb),
            BinOp::Sub => sa.checked_sub(sb),
            _ => sa.checked_mul(sb),
        };
        let r = match op {
            BinOp::Add => sa.wrapping_add(sb),
            BinOp::Sub => sa.wrapping_sub(sb),
            _ => sa.wrapping_mul(sb),
        } as u128
            & m;
        let fits = exact.is_some_and(|e| e == sext128(r, w));
        (r, !fits)
    } else {
        let exact = match op {
            BinOp::Add => a.checked_add(b),
            BinOp::Sub => a.checked_sub(b),
            _ => a.checked_mul(b),
        };
        let r = match op {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            _ => a.wrapping_mul(b),
        } & m;
        (r, exact.is_none_or(|e| e > m))
    }
}
