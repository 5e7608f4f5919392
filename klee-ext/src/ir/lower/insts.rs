//! The lowering of casts, aggregate and vector element operations, and
//! atomics: one instruction each, as `Lowerer::lower_inst` dispatches.

use super::*;

impl Lowerer {
    /// A cast: integer widths, pointers, floating point (x87 `long double`
    /// included), and the copies (`bitcast`, `addrspacecast`, `freeze`).
    pub(super) unsafe fn lower_cast(
        &mut self, i: LLVMValueRef, op: LLVMOpcode, dst: Option<RegId>, cx: &mut FnCx,
    ) -> Result<Option<Inst>, String> {
        use LLVMOpcode::*;
        let t = LLVMTypeOf(i);
        let o = |k: u32| LLVMGetOperand(i, k);
        let d = || dst.ok_or_else(|| "instruction without a result register".to_string());
        let inst = match op {
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMPtrToInt | LLVMIntToPtr => {
                let from = self.int_width(LLVMTypeOf(o(0)))?;
                let to = self.int_width(t)?;
                let cop = match op {
                    LLVMSExt => CastOp::SExt,
                    _ if to < from => CastOp::Trunc,
                    _ if to > from => CastOp::ZExt,
                    _ => return Ok(Some(Inst::Copy { dst: d()?, a: self.operand(o(0), cx)? })),
                };
                let (dst, a) = (d()?, self.operand(o(0), cx)?);
                if from > 64 || to > 64 {
                    Inst::Wide(Box::new(WideInst::Cast { op: cop, from, to, dst, a }))
                } else {
                    Inst::Cast { op: cop, from, to, dst, a }
                }
            }
            LLVMFPToUI | LLVMFPToSI if self.is_f80(LLVMTypeOf(o(0))) => {
                let conv = F80Conv::ToInt { signed: op == LLVMFPToSI, w: self.int_width(t)? };
                Inst::Wide(Box::new(WideInst::F80Conv { conv, dst: d()?, a: self.operand(o(0), cx)? }))
            }
            LLVMUIToFP | LLVMSIToFP if self.is_f80(t) => {
                let conv = F80Conv::FromInt { signed: op == LLVMSIToFP, w: self.int_width(LLVMTypeOf(o(0)))? };
                Inst::Wide(Box::new(WideInst::F80Conv { conv, dst: d()?, a: self.operand(o(0), cx)? }))
            }
            LLVMFPExt | LLVMFPTrunc if self.is_f80(t) || self.is_f80(LLVMTypeOf(o(0))) => {
                let (from, to) = (LLVMTypeOf(o(0)), t);
                let conv = match (self.is_f80(from), self.is_f80(to)) {
                    (true, true) => return Ok(Some(Inst::Copy { dst: d()?, a: self.operand(o(0), cx)? })),
                    (false, true) => F80Conv::FromFloat { dbl: self.is_double(from)? },
                    _ => F80Conv::ToFloat { dbl: self.is_double(to)? },
                };
                Inst::Wide(Box::new(WideInst::F80Conv { conv, dst: d()?, a: self.operand(o(0), cx)? }))
            }
            LLVMFPToUI | LLVMFPToSI => {
                let dbl = self.is_double(LLVMTypeOf(o(0)))?;
                let to = self.int_width(t)?;
                let (dst, a) = (d()?, self.operand(o(0), cx)?);
                if to > 64 {
                    return Ok(Some(Inst::Wide(Box::new(WideInst::FpToInt {
                        signed: op == LLVMFPToSI,
                        dbl,
                        to,
                        dst,
                        a,
                    }))));
                }
                let cop = if op == LLVMFPToUI { CastOp::FpToUi { dbl } } else { CastOp::FpToSi { dbl } };
                Inst::Cast { op: cop, from: if dbl { 64 } else { 32 }, to, dst, a }
            }
            LLVMUIToFP | LLVMSIToFP => {
                let dbl = self.is_double(t)?;
                let from = self.int_width(LLVMTypeOf(o(0)))?;
                let (dst, a) = (d()?, self.operand(o(0), cx)?);
                if from > 64 {
                    return Ok(Some(Inst::Wide(Box::new(WideInst::IntToFp {
                        signed: op == LLVMSIToFP,
                        dbl,
                        from,
                        dst,
                        a,
                    }))));
                }
                let cop = if op == LLVMUIToFP { CastOp::UiToFp { dbl } } else { CastOp::SiToFp { dbl } };
                Inst::Cast { op: cop, from, to: if dbl { 64 } else { 32 }, dst, a }
            }
            LLVMFPExt | LLVMFPTrunc => {
                self.is_double(t)?;
                self.is_double(LLVMTypeOf(o(0)))?;
                let cop = if op == LLVMFPExt { CastOp::FpExt } else { CastOp::FpTrunc };
                Inst::Cast { op: cop, from: 0, to: 0, dst: d()?, a: self.operand(o(0), cx)? }
            }
            LLVMBitCast | LLVMAddrSpaceCast | LLVMFreeze => {
                let k = LLVMGetTypeKind(t);
                // A freeze (or a cast to the same type) of a vector is a copy;
                // a bitcast that changes the elements is not supported.
                let vector = k == LLVMTypeKind::LLVMVectorTypeKind
                    || LLVMGetTypeKind(LLVMTypeOf(o(0))) == LLVMTypeKind::LLVMVectorTypeKind;
                if vector && op != LLVMFreeze && t != LLVMTypeOf(o(0)) {
                    return Err("vector bitcasts".into());
                }
                Inst::Copy { dst: d()?, a: self.operand(o(0), cx)? }
            }
            other => return Err(format!("the {other:?} instruction")),
        };
        Ok(Some(inst))
    }

    /// `extractvalue`/`insertvalue`, and vector elements at a constant
    /// index (as aggregate paths) or a variable one.
    pub(super) unsafe fn lower_aggregate(
        &mut self, i: LLVMValueRef, op: LLVMOpcode, dst: Option<RegId>, cx: &mut FnCx,
    ) -> Result<Option<Inst>, String> {
        use LLVMOpcode::*;
        let o = |k: u32| LLVMGetOperand(i, k);
        let d = || dst.ok_or_else(|| "instruction without a result register".to_string());
        let inst = match op {
            LLVMExtractValue | LLVMInsertValue => {
                let n = LLVMGetNumIndices(i) as usize;
                let p = LLVMGetIndices(i);
                let path: Box<[u32]> = std::slice::from_raw_parts(p, n).into();
                if op == LLVMExtractValue {
                    Inst::ExtractValue { dst: d()?, agg: self.operand(o(0), cx)?, path }
                } else {
                    Inst::InsertValue { dst: d()?, agg: self.operand(o(0), cx)?, val: self.operand(o(1), cx)?, path }
                }
            }
            LLVMExtractElement | LLVMInsertElement => {
                let k = if op == LLVMExtractElement { 1 } else { 2 };
                let idx = match self.operand(o(k), cx)? {
                    Operand::Const(c) => match &self.prog.consts[c.idx()] {
                        Val::C(x) => *x as u32,
                        _ => return Err("vector element index".into()),
                    },
                    idx => {
                        let n = LLVMGetVectorSize(LLVMTypeOf(o(0)));
                        let val = if op == LLVMInsertElement { Some(self.operand(o(1), cx)?) } else { None };
                        return Ok(Some(Inst::ElementAt { dst: d()?, agg: self.operand(o(0), cx)?, idx, val, n }));
                    }
                };
                let path: Box<[u32]> = vec![idx].into();
                if op == LLVMExtractElement {
                    Inst::ExtractValue { dst: d()?, agg: self.operand(o(0), cx)?, path }
                } else {
                    Inst::InsertValue { dst: d()?, agg: self.operand(o(0), cx)?, val: self.operand(o(1), cx)?, path }
                }
            }
            other => return Err(format!("the {other:?} instruction")),
        };
        Ok(Some(inst))
    }

    /// An `atomicrmw` or `cmpxchg` on a scalar (one path runs at a time:
    /// atomic as any instruction).
    pub(super) unsafe fn lower_atomic(
        &mut self, i: LLVMValueRef, op: LLVMOpcode, dst: RegId, cx: &mut FnCx,
    ) -> Result<Inst, String> {
        use LLVMOpcode::*;
        let t = LLVMTypeOf(i);
        let o = |k: u32| LLVMGetOperand(i, k);
        let d = || Ok::<RegId, String>(dst);
        Ok(match op {
            LLVMAtomicRMW => {
                use llvm_sys::LLVMAtomicRMWBinOp::*;
                let rop = match LLVMGetAtomicRMWBinOp(i) {
                    LLVMAtomicRMWBinOpXchg => RmwOp::Xchg,
                    LLVMAtomicRMWBinOpAdd => RmwOp::Bin(BinOp::Add),
                    LLVMAtomicRMWBinOpSub => RmwOp::Bin(BinOp::Sub),
                    LLVMAtomicRMWBinOpAnd => RmwOp::Bin(BinOp::And),
                    LLVMAtomicRMWBinOpOr => RmwOp::Bin(BinOp::Or),
                    LLVMAtomicRMWBinOpXor => RmwOp::Bin(BinOp::Xor),
                    LLVMAtomicRMWBinOpNand => RmwOp::Nand,
                    LLVMAtomicRMWBinOpMax => RmwOp::Max,
                    LLVMAtomicRMWBinOpMin => RmwOp::Min,
                    LLVMAtomicRMWBinOpUMax => RmwOp::UMax,
                    LLVMAtomicRMWBinOpUMin => RmwOp::UMin,
                    other => return Err(format!("atomicrmw {other:?}")),
                };
                let ty = self.ty(t);
                if !self.prog.types[ty.idx()].is_scalar() {
                    return Err("atomicrmw on this type".into());
                }
                Inst::AtomicRmw { dst: d()?, op: rop, addr: self.operand(o(0), cx)?, val: self.operand(o(1), cx)?, ty }
            }
            LLVMAtomicCmpXchg => {
                let ty = self.ty(LLVMTypeOf(o(1)));
                if !self.prog.types[ty.idx()].is_scalar() {
                    return Err("cmpxchg on this type".into());
                }
                Inst::CmpXchg {
                    dst: d()?,
                    addr: self.operand(o(0), cx)?,
                    cmp: self.operand(o(1), cx)?,
                    new: self.operand(o(2), cx)?,
                    ty,
                }
            }
            other => return Err(format!("the {other:?} instruction")),
        })
    }
}
