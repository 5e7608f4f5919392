//! Constants: register values of LLVM constants (folding constant
//! expressions, since every global and function address is known) and the
//! bytes of global initializers.

use super::*;

impl Lowerer {
    pub(super) fn intern_const(&mut self, v: Val) -> ConstId {
        if let Val::C(c) = v {
            if let Some(&id) = self.consts.get(&c) {
                return id;
            }
            let id = ConstId(self.prog.consts.len() as u32);
            self.prog.consts.push(v);
            self.consts.insert(c, id);
            return id;
        }
        let id = ConstId(self.prog.consts.len() as u32);
        self.prog.consts.push(v);
        id
    }

    /// The value of a constant as a register would hold it.
    pub(super) unsafe fn const_val(&mut self, v: LLVMValueRef) -> Result<Val, String> {
        let t = LLVMTypeOf(v);
        match LLVMGetValueKind(v) {
            LLVMValueKind::LLVMConstantIntValueKind => {
                let w = LLVMGetIntTypeWidth(t);
                if w > 128 {
                    return Err(format!("i{w} constant"));
                }
                if w > 64 {
                    return wide_constant(v, w as u8);
                }
                Ok(Val::C(LLVMConstIntGetZExtValue(v) & mask(w as u8)))
            }
            LLVMValueKind::LLVMConstantFPValueKind if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMX86_FP80TypeKind => {
                // LLVM prints x87 constants as 0xK followed by 20 hex digits.
                let text = take_msg(LLVMPrintValueToString(v));
                let hex = text.rsplit("0xK").next().unwrap_or("").trim();
                let bits =
                    u128::from_str_radix(hex, 16).map_err(|_| format!("cannot read long double constant {text}"))?;
                Ok(Val::Wide(Box::new(bits)))
            }
            LLVMValueKind::LLVMConstantFPValueKind => {
                let mut loses = 0;
                let d = LLVMConstRealGetDouble(v, &mut loses);
                match LLVMGetTypeKind(t) {
                    LLVMTypeKind::LLVMFloatTypeKind if d.is_nan() => {
                        // LLVMConstRealGetDouble quiets signalling NaNs; the
                        // printed form (`float 0x7FF4000000000000`) keeps them.
                        let text = take_msg(LLVMPrintValueToString(v));
                        let bits = text
                            .rsplit("0x")
                            .next()
                            .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
                            .unwrap_or(d.to_bits());
                        Ok(Val::C(f64_to_f32_bits(f64::from_bits(bits)) as u64))
                    }
                    LLVMTypeKind::LLVMFloatTypeKind => Ok(Val::C(f64_to_f32_bits(d) as u64)),
                    LLVMTypeKind::LLVMDoubleTypeKind => Ok(Val::C(d.to_bits())),
                    _ => Err("long double constant".into()),
                }
            }
            LLVMValueKind::LLVMConstantPointerNullValueKind => Ok(Val::C(0)),
            LLVMValueKind::LLVMUndefValueValueKind
            | LLVMValueKind::LLVMPoisonValueKind
            | LLVMValueKind::LLVMConstantAggregateZeroValueKind => {
                let ty = self.ty(t);
                Ok(self.zero_val(ty))
            }
            LLVMValueKind::LLVMGlobalVariableValueKind | LLVMValueKind::LLVMFunctionValueKind
                if LLVMIsDeclaration(v) != 0 && LLVMGetLinkage(v) == llvm_sys::LLVMLinkage::LLVMExternalWeakLinkage =>
            {
                // An undefined weak symbol has address 0.
                Ok(Val::C(0))
            }
            LLVMValueKind::LLVMGlobalVariableValueKind => {
                let idx = self.globals[&v];
                Ok(Val::C((idx as u64 + 1) << 32))
            }
            LLVMValueKind::LLVMFunctionValueKind => match self.funcs.get(&v) {
                Some(&f) => Ok(Val::C(func_addr(f))),
                None => Err(format!("address of intrinsic {}", value_name(v))),
            },
            LLVMValueKind::LLVMGlobalAliasValueKind => self.const_val(LLVMAliasGetAliasee(v)),
            LLVMValueKind::LLVMConstantExprValueKind => self.const_expr(v),
            LLVMValueKind::LLVMConstantStructValueKind
            | LLVMValueKind::LLVMConstantArrayValueKind
            | LLVMValueKind::LLVMConstantVectorValueKind => {
                let n = LLVMGetNumOperands(v);
                let mut elems = Vec::with_capacity(n as usize);
                for i in 0..n {
                    elems.push(self.const_val(LLVMGetOperand(v, i as u32))?);
                }
                Ok(Val::Agg(Rc::new(elems)))
            }
            LLVMValueKind::LLVMConstantDataArrayValueKind | LLVMValueKind::LLVMConstantDataVectorValueKind => {
                let n = if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMVectorTypeKind {
                    LLVMGetVectorSize(t)
                } else {
                    LLVMGetArrayLength(t)
                };
                let mut elems = Vec::with_capacity(n as usize);
                for i in 0..n {
                    elems.push(self.const_val(LLVMGetAggregateElement(v, i))?);
                }
                Ok(Val::Agg(Rc::new(elems)))
            }
            LLVMValueKind::LLVMBlockAddressValueKind => {
                // Operands: the function and the block.
                let f = LLVMGetOperand(v, 0);
                let bb = LLVMValueAsBasicBlock(LLVMGetOperand(v, 1));
                let fid = *self.funcs.get(&f).ok_or("block address in an unknown function")?;
                let mut idx = 0u64;
                let mut b = LLVMGetFirstBasicBlock(f);
                while !b.is_null() && b != bb {
                    idx += 1;
                    b = LLVMGetNextBasicBlock(b);
                }
                Ok(Val::C(((BLOCK_BASE + fid.0 as u64) << 32) | idx))
            }
            k => Err(format!("constant of kind {k:?}")),
        }
    }

    pub(super) fn zero_val(&self, ty: TyId) -> Val {
        match &self.prog.types[ty.idx()].ty {
            Ty::Struct(fields) => Val::Agg(Rc::new(fields.iter().map(|(_, t)| self.zero_val(*t)).collect())),
            Ty::Array { elem, n, .. } => Val::Agg(Rc::new((0..*n).map(|_| self.zero_val(*elem)).collect())),
            _ => Val::C(0),
        }
    }

    pub(super) unsafe fn const_u64(&mut self, v: LLVMValueRef) -> Result<u64, String> {
        match self.const_val(v)? {
            Val::C(c) => Ok(c),
            _ => Err("aggregate where a scalar constant was expected".into()),
        }
    }

    pub(super) unsafe fn const_expr(&mut self, v: LLVMValueRef) -> Result<Val, String> {
        let op = LLVMGetConstOpcode(v);
        let t = LLVMTypeOf(v);
        let width = |t: LLVMTypeRef| -> u8 {
            match LLVMGetTypeKind(t) {
                LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(t) as u8,
                _ => 64,
            }
        };
        use LLVMOpcode::*;
        let r = match op {
            LLVMBitCast | LLVMAddrSpaceCast | LLVMIntToPtr | LLVMPtrToInt | LLVMTrunc | LLVMZExt => {
                let a = self.const_u64(LLVMGetOperand(v, 0))?;
                a & mask(width(t))
            }
            LLVMSExt => {
                let o = LLVMGetOperand(v, 0);
                let a = self.const_u64(o)?;
                sext64(a, width(LLVMTypeOf(o))) as u64 & mask(width(t))
            }
            LLVMGetElementPtr => {
                let base = self.const_u64(LLVMGetOperand(v, 0))?;
                let src = LLVMGetGEPSourceElementType(v);
                let n = LLVMGetNumOperands(v) as u32;
                let mut idx = Vec::new();
                for i in 1..n {
                    let o = LLVMGetOperand(v, i);
                    let c = self.const_u64(o)?;
                    idx.push((c, width(LLVMTypeOf(o))));
                }
                let off = self.gep_const_offset(src, &idx);
                base.wrapping_add(off as u64)
            }
            LLVMAdd | LLVMSub | LLVMMul | LLVMAnd | LLVMOr | LLVMXor | LLVMShl | LLVMLShr | LLVMAShr | LLVMUDiv
            | LLVMSDiv | LLVMURem | LLVMSRem => {
                let a = self.const_u64(LLVMGetOperand(v, 0))?;
                let b = self.const_u64(LLVMGetOperand(v, 1))?;
                let bop = bin_op(op).ok_or("constant binary operator")?;
                fold_bin(bop, width(t), a, b).ok_or("constant division by zero")?
            }
            LLVMICmp => {
                let o0 = LLVMGetOperand(v, 0);
                let a = self.const_u64(o0)?;
                let b = self.const_u64(LLVMGetOperand(v, 1))?;
                let p = ipred(LLVMGetICmpPredicate(v));
                p.eval(width(LLVMTypeOf(o0)), a, b) as u64
            }
            LLVMUIToFP | LLVMSIToFP | LLVMFPToUI | LLVMFPToSI | LLVMFPExt | LLVMFPTrunc => {
                let o = LLVMGetOperand(v, 0);
                let a = self.const_u64(o)?;
                let (ft, tt) = (LLVMGetTypeKind(LLVMTypeOf(o)), LLVMGetTypeKind(t));
                let as_f64 = |bits: u64, k: LLVMTypeKind| {
                    if k == LLVMTypeKind::LLVMFloatTypeKind {
                        f32::from_bits(bits as u32) as f64
                    } else {
                        f64::from_bits(bits)
                    }
                };
                let to_bits = |f: f64, k: LLVMTypeKind| {
                    if k == LLVMTypeKind::LLVMFloatTypeKind {
                        (f as f32).to_bits() as u64
                    } else {
                        f.to_bits()
                    }
                };
                let fw = width(LLVMTypeOf(o));
                match op {
                    LLVMUIToFP => to_bits(a as f64, tt),
                    LLVMSIToFP => to_bits(sext64(a, fw) as f64, tt),
                    LLVMFPToUI => (as_f64(a, ft) as u64) & mask(width(t)),
                    LLVMFPToSI => (as_f64(a, ft) as i64 as u64) & mask(width(t)),
                    _ => to_bits(as_f64(a, ft), tt),
                }
            }
            LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem => {
                let k = LLVMGetTypeKind(t);
                let f = |bits: u64| {
                    if k == LLVMTypeKind::LLVMFloatTypeKind {
                        f32::from_bits(bits as u32) as f64
                    } else {
                        f64::from_bits(bits)
                    }
                };
                let a = f(self.const_u64(LLVMGetOperand(v, 0))?);
                let b = f(self.const_u64(LLVMGetOperand(v, 1))?);
                let r = match op {
                    LLVMFAdd => a + b,
                    LLVMFSub => a - b,
                    LLVMFMul => a * b,
                    LLVMFDiv => a / b,
                    _ => a % b,
                };
                if k == LLVMTypeKind::LLVMFloatTypeKind {
                    (r as f32).to_bits() as u64
                } else {
                    r.to_bits()
                }
            }
            LLVMFNeg => {
                let a = self.const_u64(LLVMGetOperand(v, 0))?;
                if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMFloatTypeKind {
                    a ^ (1 << 31)
                } else {
                    a ^ (1 << 63)
                }
            }
            LLVMSelect => {
                let c = self.const_u64(LLVMGetOperand(v, 0))?;
                return self.const_val(LLVMGetOperand(v, if c != 0 { 1 } else { 2 }));
            }
            other => return Err(format!("constant expression {other:?}")),
        };
        Ok(Val::C(r))
    }

    /// Byte offset of a GEP with constant indices.
    pub(super) unsafe fn gep_const_offset(&mut self, src: LLVMTypeRef, idx: &[(u64, u8)]) -> i64 {
        let mut off: i64 = 0;
        let mut cur = src;
        for (k, &(c, w)) in idx.iter().enumerate() {
            let c = sext64(c, w);
            if k == 0 {
                off = off.wrapping_add(c.wrapping_mul(LLVMABISizeOfType(self.td, cur) as i64));
                continue;
            }
            match LLVMGetTypeKind(cur) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    off = off.wrapping_add(LLVMOffsetOfElement(self.td, cur, c as u32) as i64);
                    cur = LLVMStructGetTypeAtIndex(cur, c as u32);
                }
                _ => {
                    cur = LLVMGetElementType(cur);
                    off = off.wrapping_add(c.wrapping_mul(LLVMABISizeOfType(self.td, cur) as i64));
                }
            }
        }
        off
    }

    /// Writes the bytes of constant `v` at `buf[at..]`.
    pub(super) unsafe fn write_const(&mut self, v: LLVMValueRef, buf: &mut [u8], at: usize) -> Result<(), LoadError> {
        let t = LLVMTypeOf(v);
        let err = |m: String| LoadError::Unsupported(format!("global initializer: {m}"));
        match LLVMGetValueKind(v) {
            LLVMValueKind::LLVMConstantAggregateZeroValueKind
            | LLVMValueKind::LLVMUndefValueValueKind
            | LLVMValueKind::LLVMPoisonValueKind => Ok(()),
            LLVMValueKind::LLVMConstantStructValueKind => {
                let n = LLVMGetNumOperands(v) as u32;
                for i in 0..n {
                    let off = LLVMOffsetOfElement(self.td, t, i) as usize;
                    self.write_const(LLVMGetOperand(v, i), buf, at + off)?;
                }
                Ok(())
            }
            LLVMValueKind::LLVMConstantArrayValueKind => {
                let stride = LLVMABISizeOfType(self.td, LLVMGetElementType(t)) as usize;
                let n = LLVMGetNumOperands(v) as u32;
                for i in 0..n {
                    self.write_const(LLVMGetOperand(v, i), buf, at + i as usize * stride)?;
                }
                Ok(())
            }
            LLVMValueKind::LLVMConstantDataArrayValueKind | LLVMValueKind::LLVMConstantDataVectorValueKind => {
                let et = LLVMGetElementType(t);
                let stride = LLVMABISizeOfType(self.td, et) as usize;
                let n = if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMArrayTypeKind {
                    LLVMGetArrayLength(t)
                } else {
                    LLVMGetVectorSize(t)
                };
                if LLVMGetTypeKind(et) == LLVMTypeKind::LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 8 {
                    let mut len = 0usize;
                    let p = LLVMGetAsString(v, &mut len);
                    let bytes = std::slice::from_raw_parts(p as *const u8, len);
                    let end = (at + len).min(buf.len());
                    buf[at..end].copy_from_slice(&bytes[..end - at]);
                    return Ok(());
                }
                for i in 0..n {
                    self.write_const(LLVMGetAggregateElement(v, i), buf, at + i as usize * stride)?;
                }
                Ok(())
            }
            _ => {
                let size = LLVMStoreSizeOfType(self.td, t) as usize;
                let bytes: [u8; 16] = match self.const_val(v).map_err(err)? {
                    Val::C(c) => (c as u128).to_le_bytes(),
                    Val::Wide(w) => w.to_le_bytes(),
                    _ => {
                        return Err(LoadError::Unsupported(
                            "global initializer: aggregate where a scalar was expected".into(),
                        ))
                    }
                };
                let n = size.min(16);
                if at + n <= buf.len() {
                    buf[at..at + n].copy_from_slice(&bytes[..n]);
                }
                Ok(())
            }
        }
    }
}

/// A constant of 65 to 128 bits, read from LLVM's text of it (the C API
/// of LLVM 14 gives only the low 64 bits).
unsafe fn wide_constant(v: LLVMValueRef, w: u8) -> Result<Val, String> {
    let text = take_msg(LLVMPrintValueToString(v));
    let num = text.rsplit(' ').next().unwrap_or("");
    let value: u128 = match num {
        "true" => 1,
        "false" => 0,
        n if n.starts_with('-') => n.parse::<i128>().map_err(|_| format!("cannot read constant {text}"))? as u128,
        n => n.parse::<u128>().map_err(|_| format!("cannot read constant {text}"))?,
    };
    Ok(Val::Wide(Box::new(value & crate::expr::mask128(w))))
}

/// The single-precision bits of a float constant that LLVM handed over as
/// a double: NaNs keep their sign and payload (an `as f32` conversion would
/// quiet a signalling NaN).
fn f64_to_f32_bits(d: f64) -> u32 {
    if d.is_nan() {
        let b = d.to_bits();
        let sign = ((b >> 63) as u32) << 31;
        let payload = ((b >> 29) & 0x7f_ffff) as u32;
        sign | 0x7f80_0000 | payload.max(1)
    } else {
        (d as f32).to_bits()
    }
}
