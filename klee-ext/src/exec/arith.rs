//! Integer and floating-point operations, casts and aggregates.

use super::{ErrorKind, Executor, State, Termination};
use crate::expr::{mask, sext64, BinOp, CmpOp, ExprId};
use crate::ir::{CastOp, FOp, IPred, Operand, RegId, Val};
use std::rc::Rc;

pub(crate) fn extract_value(v: &Val, path: &[u32]) -> Val {
    let mut cur = v.clone();
    for &i in path {
        cur = match cur {
            Val::Agg(items) => items.get(i as usize).cloned().unwrap_or(Val::C(0)),
            other => other,
        };
    }
    cur
}

pub(crate) fn insert_value(agg: &Val, path: &[u32], v: Val) -> Val {
    let Some((&first, rest)) = path.split_first() else { return v };
    let mut items: Vec<Val> = match agg {
        Val::Agg(items) => items.as_ref().clone(),
        _ => Vec::new(),
    };
    if items.len() <= first as usize {
        items.resize(first as usize + 1, Val::C(0));
    }
    items[first as usize] = insert_value(&items[first as usize], rest, v);
    Val::Agg(Rc::new(items))
}

fn f_of(bits: u64, dbl: bool) -> f64 {
    if dbl {
        f64::from_bits(bits)
    } else {
        f32::from_bits(bits as u32) as f64
    }
}

fn bits_of(f: f64, dbl: bool) -> u64 {
    if dbl {
        f.to_bits()
    } else {
        (f as f32).to_bits() as u64
    }
}

impl<'p> Executor<'p> {
    /// Integer operation with at least one symbolic operand.
    pub(super) fn sym_bin(
        &mut self, st: &mut State, op: BinOp, w: u8, dst: RegId, x: Val, y: Val,
    ) -> Result<(), Termination> {
        let a = self.as_expr(&x, w);
        let b = self.as_expr(&y, w);
        if op.is_division() && self.cfg.check_div_zero {
            let zero = self.pool.constant(w, 0);
            let is_zero = self.pool.eq(b, zero);
            self.fork_error_if(st, is_zero, ErrorKind::Div, "divide by zero")?;
        }
        // The program's shifts only: the runtime's are its own business.
        if self.cfg.check_overshift && op.is_shift() && !self.prog.func(st.top().func).runtime {
            let width = self.pool.constant(w, w as u64);
            let over = self.pool.cmp(CmpOp::Ule, width, b);
            self.fork_error_with(st, over, super::stats::BranchKind::Conditional, &|ex: &Self, s: &State| {
                ex.overshift_error(s)
            })?;
        }
        let e = self.pool.bin(op, a, b);
        Self::set(st, dst, Val::S(e));
        Ok(())
    }

    /// Comparison with at least one symbolic operand.
    pub(super) fn sym_icmp(&mut self, p: IPred, w: u8, x: &Val, y: &Val) -> ExprId {
        let a = self.as_expr(x, w);
        let b = self.as_expr(y, w);
        let pool = &mut self.pool;
        match p {
            IPred::Eq => pool.cmp(CmpOp::Eq, a, b),
            IPred::Ne => pool.ne(a, b),
            IPred::Ult => pool.cmp(CmpOp::Ult, a, b),
            IPred::Ule => pool.cmp(CmpOp::Ule, a, b),
            IPred::Ugt => pool.cmp(CmpOp::Ult, b, a),
            IPred::Uge => pool.cmp(CmpOp::Ule, b, a),
            IPred::Slt => pool.cmp(CmpOp::Slt, a, b),
            IPred::Sle => pool.cmp(CmpOp::Sle, a, b),
            IPred::Sgt => pool.cmp(CmpOp::Slt, b, a),
            IPred::Sge => pool.cmp(CmpOp::Sle, b, a),
        }
    }

    pub(super) fn cast(
        &mut self, st: &mut State, op: CastOp, from: u8, to: u8, dst: RegId, a: Operand,
    ) -> Result<(), Termination> {
        let v = self.get(st.regs(), a);
        let v = match v {
            Val::S(e) => match op {
                CastOp::Trunc => Val::S(self.pool.extract(e, 0, to)),
                CastOp::ZExt => Val::S(self.pool.zext(e, to)),
                CastOp::SExt => Val::S(self.pool.sext(e, to)),
                _ => {
                    let c = self.concretize(st, e, "value in a floating-point conversion")?;
                    return self.cast_const(st, op, from, to, dst, c);
                }
            },
            Val::C(c) => return self.cast_const(st, op, from, to, dst, c),
            agg => agg,
        };
        Self::set(st, dst, v);
        Ok(())
    }

    fn cast_const(
        &mut self, st: &mut State, op: CastOp, from: u8, to: u8, dst: RegId, c: u64,
    ) -> Result<(), Termination> {
        let r = match op {
            CastOp::Trunc | CastOp::ZExt => c & mask(to),
            CastOp::SExt => sext64(c, from) as u64 & mask(to),
            CastOp::FpToSi { dbl } => (f_of(c, dbl) as i64) as u64 & mask(to),
            CastOp::FpToUi { dbl } => {
                let f = f_of(c, dbl);
                (if f < 0.0 { (f as i64) as u64 } else { f as u64 }) & mask(to)
            }
            CastOp::SiToFp { dbl } => {
                // One rounding, straight to the target type.
                if dbl {
                    (sext64(c, from) as f64).to_bits()
                } else {
                    (sext64(c, from) as f32).to_bits() as u64
                }
            }
            CastOp::UiToFp { dbl } => {
                if dbl {
                    (c as f64).to_bits()
                } else {
                    (c as f32).to_bits() as u64
                }
            }
            CastOp::FpExt => (f32::from_bits(c as u32) as f64).to_bits(),
            CastOp::FpTrunc => (f64::from_bits(c) as f32).to_bits() as u64,
        };
        Self::set(st, dst, Val::C(r));
        Ok(())
    }

    pub(super) fn select(
        &mut self, st: &mut State, dst: RegId, w: u8, c: Operand, t: Operand, f: Operand,
    ) -> Result<(), Termination> {
        let regs = st.regs();
        let (cv, tv, fv) = (self.get(regs, c), self.get(regs, t), self.get(regs, f));
        let r = match cv {
            Val::C(x) => {
                if x & 1 != 0 {
                    tv
                } else {
                    fv
                }
            }
            Val::S(ce) => match (&tv, &fv) {
                (Val::Agg(_) | Val::Wide(_), _) | (_, Val::Agg(_) | Val::Wide(_)) => {
                    let x = self.concretize(st, ce, "condition of a select on aggregates")?;
                    if x != 0 {
                        tv
                    } else {
                        fv
                    }
                }
                _ => {
                    let te = self.as_expr(&tv, w);
                    let fe = self.as_expr(&fv, w);
                    Val::S(self.pool.ite(ce, te, fe))
                }
            },
            Val::Agg(_) | Val::Wide(_) => tv,
        };
        Self::set(st, dst, r);
        Ok(())
    }

    fn float_operands(&mut self, st: &mut State, a: Operand, b: Operand) -> Result<(u64, u64), Termination> {
        let regs = st.regs();
        let (x, y) = (self.get(regs, a), self.get(regs, b));
        let x = self.concrete_of(st, x, "floating-point operand")?;
        let y = self.concrete_of(st, y, "floating-point operand")?;
        Ok((x, y))
    }

    /// The concrete value of `v`, concretizing a symbolic one.
    pub(super) fn concrete_of(&mut self, st: &mut State, v: Val, why: &str) -> Result<u64, Termination> {
        match v {
            Val::C(c) => Ok(c),
            Val::S(e) => self.concretize(st, e, why),
            Val::Agg(_) | Val::Wide(_) => {
                Err(self.error(st, ErrorKind::Exec, format!("aggregate or wide integer used as {why}")))
            }
        }
    }

    pub(super) fn fbin(
        &mut self, st: &mut State, op: FOp, dbl: bool, dst: RegId, a: Operand, b: Operand,
    ) -> Result<(), Termination> {
        let (x, y) = self.float_operands(st, a, b)?;
        // Float operations are computed in double and rounded: for + - * /
        // and remainder that is exactly the single-precision result
        // (53 >= 2 * 24 + 2 significand bits, so no double rounding).
        let (x, y) = (f_of(x, dbl), f_of(y, dbl));
        let r = bits_of(
            match op {
                FOp::Add => x + y,
                FOp::Sub => x - y,
                FOp::Mul => x * y,
                FOp::Div => x / y,
                FOp::Rem => x % y,
            },
            dbl,
        );
        Self::set(st, dst, Val::C(r));
        Ok(())
    }

    pub(super) fn fneg(&mut self, st: &mut State, dbl: bool, dst: RegId, a: Operand) -> Result<(), Termination> {
        let v = self.get(st.regs(), a);
        let x = self.concrete_of(st, v, "floating-point operand")?;
        let r = if dbl { x ^ (1 << 63) } else { x ^ (1 << 31) };
        Self::set(st, dst, Val::C(r));
        Ok(())
    }

    pub(super) fn fcmp(
        &mut self, st: &mut State, pred: u8, dbl: bool, dst: RegId, a: Operand, b: Operand,
    ) -> Result<(), Termination> {
        let (x, y) = self.float_operands(st, a, b)?;
        let (x, y) = (f_of(x, dbl), f_of(y, dbl));
        let uno = x.is_nan() || y.is_nan();
        let r = match pred {
            0 => false,
            1 => !uno && x == y,
            2 => !uno && x > y,
            3 => !uno && x >= y,
            4 => !uno && x < y,
            5 => !uno && x <= y,
            6 => !uno && x != y,
            7 => !uno,
            8 => uno,
            9 => uno || x == y,
            10 => uno || x > y,
            11 => uno || x >= y,
            12 => uno || x < y,
            13 => uno || x <= y,
            14 => uno || x != y,
            _ => true,
        };
        Self::set(st, dst, Val::C(r as u64));
        Ok(())
    }
}
