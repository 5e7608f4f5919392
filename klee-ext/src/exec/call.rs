//! Calls, returns, variadic arguments and LLVM intrinsics.

use super::memory::ObjKind;
use super::state::Frame;
use super::{ErrorKind, Executor, State, Termination};
use crate::expr::{mask, sext64, BinOp, CmpOp, ExprId};
use crate::ir::{BlockId, CallInst, Callee, FuncId, FuncKind, Intrinsic, Operand, Val};
use std::rc::Rc;

/// Size of an x86-64 `va_list` (gp_offset, fp_offset, overflow area, register area).
const VA_LIST_SIZE: u64 = 24;

impl<'p> Executor<'p> {
    pub(super) fn call(&mut self, st: &mut State, ci: &CallInst) -> Result<(), Termination> {
        let regs = st.regs();
        let mut args = self.vec_pool.args.pop().unwrap_or_default();
        args.extend(ci.args.iter().map(|a| self.get(regs, *a)));
        match ci.callee {
            Callee::Intrinsic(x) => {
                let r = self.intrinsic(st, x, ci, &args);
                self.vec_pool.give_args(args);
                r
            }
            Callee::Func(f) => self.call_func(st, f, ci, args),
            Callee::Indirect(op) => {
                let v = self.get(regs, op);
                // A symbolic target: a path per function it may be, as KLEE.
                let a = match v {
                    Val::S(e) => self.pin_value(st, e, super::stats::BranchKind::Call)?,
                    v => self.concrete_of(st, v, "function pointer")?,
                };
                match self.prog.func_at(a) {
                    Some(f) => self.call_func(st, f, ci, args),
                    None => {
                        Err(self.error(st, ErrorKind::Ptr, format!("call through an invalid function pointer {a:#x}")))
                    }
                }
            }
        }
    }

    /// Sets the call's result register, if it has one.
    pub(super) fn set_result(&mut self, st: &mut State, ci: &CallInst, v: Val) {
        if let Some(d) = ci.dst {
            // A constant result fits its type: a model's `-1` as `i32` is
            // 0xffffffff, as the program's own constants are.
            let v = match v {
                Val::C(c) => match self.prog.ty(ci.ret).bits {
                    b @ 1..=63 => Val::C(c & mask(b)),
                    _ => Val::C(c),
                },
                v => v,
            };
            Self::set(st, d, v);
        }
    }

    fn call_func(&mut self, st: &mut State, f: FuncId, ci: &CallInst, args: Vec<Val>) -> Result<(), Termination> {
        let func = self.prog.func(f);
        let r = match func.kind {
            FuncKind::Special(s) => self.special(st, s, ci, &args),
            FuncKind::External => {
                self.stats.klee.external_calls += 1;
                self.external(st, f, ci, &args)
            }
            FuncKind::Defined => return self.call_defined(st, f, ci, args),
        };
        self.vec_pool.give_args(args);
        r
    }

    /// A call of a function the program (or the runtime) defines.
    fn call_defined(
        &mut self, st: &mut State, f: FuncId, ci: &CallInst, mut args: Vec<Val>,
    ) -> Result<(), Termination> {
        let func = self.prog.func(f);
        if let Some(ff) = self.fast[f.idx()] {
            if let Some(v) = self.fast_call(st, ff, &args) {
                self.set_result(st, ci, v);
                self.vec_pool.give_args(args);
                return Ok(());
            }
            if ff == super::fast::FastFn::Strchr {
                if let Some(r) = self.strchr_fork(st, ci, &args) {
                    self.vec_pool.give_args(args);
                    return r;
                }
            }
        }
        if st.stack.len() >= self.cfg.max_stack {
            // KLEE's: the path ends early (a test with `.early`).
            crate::log::warning("Maximum stack size reached.");
            return Err(Termination::Early(super::StopReason::MaxStack));
        }
        if func.blocks.is_empty() {
            return Err(self.error(st, ErrorKind::Exec, format!("function {} has no body", func.name)));
        }
        let mut owned = self.vec_pool.owned.pop().unwrap_or_default();
        // byval arguments: the callee gets its own copy.
        for &(idx, size, _) in ci.byval.iter() {
            let src = self.concrete_of(st, args[idx as usize].clone(), "byval argument address")?;
            let copy = self.alloc_object(st, size, ObjKind::Stack, "byval argument")?;
            let s = st.mem.check(src, size, false).map_err(|e| self.fault(st, e))?;
            st.mem.copy((copy >> 32, 0), s, size);
            owned.push(copy >> 32);
            args[idx as usize] = Val::C(copy);
        }
        let mut varargs = 0;
        if func.var_arg {
            varargs = self.build_varargs(st, ci, &args[func.params.len().min(args.len())..], func.params.len())?;
            owned.push(varargs >> 32);
        }
        let mut regs = self.vec_pool.regs.pop().unwrap_or_default();
        regs.resize(func.nregs as usize, Val::C(0));
        // A call through a cast to another function type: integer
        // arguments are cut or widened to the parameters' widths, and the
        // result to the width the caller expects.
        let prog = self.prog;
        let int_w = |t: crate::ir::TyId| match prog.ty(t).ty {
            crate::ir::Ty::Int(w) if w <= 64 => Some(w),
            _ => None,
        };
        for (i, (p, a)) in func.params.iter().zip(args.drain(..)).enumerate() {
            let (from, to) = (ci.arg_tys.get(i).and_then(|t| int_w(*t)), func.param_tys.get(i).and_then(|t| int_w(*t)));
            regs[p.idx()] = match (from, to) {
                (Some(fw), Some(tw)) if fw != tw => self.resize_int(a, fw, tw),
                _ => a,
            };
        }
        let ret_w = match (int_w(ci.ret), int_w(func.ret)) {
            (Some(want), Some(have)) if want != have => want,
            _ => 0,
        };
        self.vec_pool.give_args(args);
        st.stack.push(Frame {
            func: f,
            block: BlockId(0),
            pc: 0,
            regs,
            ret_dst: ci.dst,
            owned,
            varargs,
            call_loc: st.loc,
            ret_w,
        });
        if self.cfg.record_lines {
            std::rc::Rc::make_mut(&mut st.blocks).push((f, BlockId(0)));
        }
        if self.cover(f, BlockId(0)) {
            st.covnew = st.instructions;
            st.covered_new = true;
        }
        Ok(())
    }

    /// Lays the variadic arguments out as the x86-64 overflow area: one
    /// 8-byte-aligned slot per argument, byval aggregates copied inline.
    fn build_varargs(
        &mut self, st: &mut State, ci: &CallInst, extra: &[Val], first: usize,
    ) -> Result<u64, Termination> {
        let mut layout = Vec::new();
        let mut size = 0u64;
        for (k, v) in extra.iter().enumerate() {
            let idx = first + k;
            let found = ci.byval.iter().find(|(i, _, _)| *i as usize == idx);
            let byval = found.map(|(_, s, _)| *s);
            // An aggregate aligned to 16 (a long double inside) starts at
            // a 16-byte boundary of the overflow area, as clang's va_arg
            // reads it.
            if found.is_some_and(|(_, _, a)| *a >= 16) {
                size = size.div_ceil(16) * 16;
            }
            let ty = self.prog.ty(ci.arg_tys[idx]);
            let len = byval.unwrap_or(ty.store_size.max(1));
            // A long double sits at a 16-byte boundary of the overflow
            // area and takes 16 bytes (the x86-64 ABI; clang's va_arg).
            if ty.ty == crate::ir::Ty::LongDouble && byval.is_none() {
                size = size.div_ceil(16) * 16;
            }
            layout.push((size, len, byval.is_some(), v.clone(), ci.arg_tys[idx]));
            size += len.div_ceil(8) * 8;
        }
        let base = self.alloc_object(st, size, ObjKind::Stack, "variadic arguments")?;
        let id = base >> 32;
        for (off, len, byval, v, ty) in layout {
            if byval {
                let src = self.concrete_of(st, v, "byval argument address")?;
                let s = st.mem.check(src, len, false).map_err(|e| self.fault(st, e))?;
                st.mem.copy((id, off), s, len);
            } else {
                match &v {
                    Val::Agg(_) | Val::Wide(_) => self.store_typed(st, id, off, ty, &v)?,
                    _ => st.mem.write_scalar(&mut self.pool, id, off, len.min(8), &v),
                }
            }
        }
        Ok(base)
    }

    /// Returns from the current function. `Ok(Some(_))` ends the path
    /// (return from `main` without a C-level `exit`).
    pub(super) fn ret(&mut self, st: &mut State, v: Option<Operand>) -> Result<Option<Termination>, Termination> {
        let fr = st.stack.pop().expect("frame");
        let rv = v.map(|op| self.get(&fr.regs, op));
        for id in &fr.owned {
            st.mem.release(*id);
        }
        self.vec_pool.give_frame(fr.regs, fr.owned);
        if st.stack.is_empty() {
            // Returning from main is exit(status): run the C library's exit
            // (atexit handlers) when the program has one; a symbolic
            // status stays symbolic until the path ends when paths fork
            // on it (`Config::fork_on_values`).
            if let Some(&ef) = self.prog.func_by_name.get("exit") {
                let func = self.prog.func(ef);
                if func.kind == FuncKind::Defined && !func.params.is_empty() {
                    let mut regs = vec![Val::C(0); func.nregs as usize];
                    regs[func.params[0].idx()] = match rv {
                        Some(v @ Val::S(_)) if self.cfg.fork_on_values => v,
                        Some(v) => Val::C(self.concrete_of(st, v, "exit status")? as u32 as u64),
                        None => Val::C(0),
                    };
                    st.stack.push(Frame::entry(ef, regs, st.loc));
                    return Ok(None);
                }
            }
            let code = match rv {
                Some(v) => self.concrete_of(st, v, "exit status")? as i32,
                None => 0,
            };
            return Ok(Some(Termination::Exit(code)));
        }
        if let (Some(dst), Some(v)) = (fr.ret_dst, rv) {
            let v = match self.prog.ty(self.prog.func(fr.func).ret).ty {
                crate::ir::Ty::Int(have) if fr.ret_w != 0 && have <= 64 => self.resize_int(v, have, fr.ret_w),
                _ => v,
            };
            Self::set(st, dst, v);
        }
        Ok(None)
    }

    /// Copies `len` bytes between two addresses (memcpy and memmove).
    pub(super) fn mem_copy(&mut self, st: &mut State, dst: &Val, src: &Val, len: &Val) -> Result<(), Termination> {
        let n = self.concrete_of(st, len.clone(), "memcpy length")?;
        if n == 0 {
            return Ok(());
        }
        let d = self.concrete_of(st, dst.clone(), "memcpy destination")?;
        let s = self.concrete_of(st, src.clone(), "memcpy source")?;
        let sd = st.mem.check(d, n, true).map_err(|e| self.fault(st, e))?;
        let ss = st.mem.check(s, n, false).map_err(|e| self.fault(st, e))?;
        if !st.mem.data(ss.0).sym.is_empty() {
            self.symbolic_bytes_fit(st, sd.0)?;
        }
        st.mem.copy(sd, ss, n);
        Ok(())
    }

    pub(super) fn mem_set(&mut self, st: &mut State, dst: &Val, byte: &Val, len: &Val) -> Result<(), Termination> {
        let n = self.concrete_of(st, len.clone(), "memset length")?;
        if n == 0 {
            return Ok(());
        }
        let d = self.concrete_of(st, dst.clone(), "memset destination")?;
        let (id, off) = st.mem.check(d, n, true).map_err(|e| self.fault(st, e))?;
        match byte {
            Val::C(c) => {
                let data = st.mem.data_mut_pub(id);
                data.bytes[off as usize..(off + n) as usize].fill(*c as u8);
                if !data.sym.is_empty() {
                    data.sym[off as usize..(off + n) as usize].fill(None);
                }
            }
            Val::S(e) => {
                let b = self.pool.extract(*e, 0, 8);
                for k in 0..n {
                    st.mem.write_byte(&self.pool, id, off + k, Err(b));
                }
            }
            Val::Agg(_) | Val::Wide(_) => return Err(self.error(st, ErrorKind::Exec, "memset with an aggregate byte")),
        }
        Ok(())
    }

    fn width_of_arg(&self, ci: &CallInst, i: usize) -> u8 {
        self.prog.ty(ci.arg_tys[i]).bits
    }

    fn intrinsic(&mut self, st: &mut State, x: Intrinsic, ci: &CallInst, args: &[Val]) -> Result<(), Termination> {
        use Intrinsic as I;
        let r = match x {
            I::Memcpy | I::Memmove => {
                self.mem_copy(st, &args[0], &args[1], &args[2])?;
                None
            }
            I::Memset => {
                self.mem_set(st, &args[0], &args[1], &args[2])?;
                None
            }
            I::VaStart => {
                self.va_start(st, &args[0])?;
                None
            }
            I::VaEnd => None,
            I::VaCopy => {
                let len = Val::C(VA_LIST_SIZE);
                self.mem_copy(st, &args[0], &args[1], &len)?;
                None
            }
            I::Overflow(op, signed) => Some(self.overflow(st, op, signed, ci, args)?),
            I::Saturating(op, signed) => {
                let w = self.width_of_arg(ci, 0);
                let a = self.concrete_of(st, args[0].clone(), "saturating operand")?;
                let b = self.concrete_of(st, args[1].clone(), "saturating operand")?;
                Some(Val::C(saturate(op, signed, w, a, b)))
            }
            I::Identity => Some(args[0].clone()),
            I::Trap => return Err(self.error(st, ErrorKind::Abort, "llvm.trap called")),
            // The token is the number of objects the frame owns; restoring
            // releases the ones allocated since (VLAs in a loop).
            I::StackSave => Some(Val::C(st.top().owned.len() as u64)),
            I::StackRestore => {
                let keep = self.concrete_of(st, args[0].clone(), "stack token")? as usize;
                let fr = st.frame();
                let drop: Vec<u64> = if keep < fr.owned.len() { fr.owned.split_off(keep) } else { Vec::new() };
                for id in drop {
                    st.mem.release(id);
                }
                None
            }
            // A constant of the program's text (what the optimizer folds).
            I::IsConstant => Some(Val::C(matches!(ci.args.first(), Some(crate::ir::Operand::Const(_))) as u64)),
            I::FltRounds => Some(Val::C(1)),
            I::IsFpClass => Some(self.is_fpclass(st, ci, args)?),
            I::RoundToInt { rint } => {
                let bits = self.concrete_of(st, args[0].clone(), "floating-point argument")?;
                let x = if self.prog.ty(ci.arg_tys[0]).bits == 64 {
                    f64::from_bits(bits)
                } else {
                    f32::from_bits(bits as u32) as f64
                };
                let r = if rint { crate::exec::MathFn::Rint.eval(&[x]) } else { x.round() };
                Some(Val::C((r as i64 as u64) & mask(self.prog.ty(ci.ret).bits)))
            }
            I::LoadRelative => {
                let p = self.concrete_of(st, args[0].clone(), "relative table address")?;
                let off = self.concrete_of(st, args[1].clone(), "relative table offset")?;
                let at = p.wrapping_add(off);
                let (id, o) = st.mem.check(at, 4, false).map_err(|e| self.fault(st, e))?;
                let entry = st.mem.read_scalar(&mut self.pool, id, o, 4);
                let rel = self.concrete_of(st, entry, "relative table entry")?;
                Some(Val::C(p.wrapping_add(sext64(rel, 32) as u64)))
            }
            I::ObjectSize => {
                let min = matches!(args.get(1), Some(Val::C(1)));
                let w = self.prog.ty(ci.ret).bits;
                // The bytes left in the object the pointer is in, when it
                // is in one; otherwise "unknown" (0 or -1 as asked).
                let known = match args.first() {
                    Some(Val::C(p)) if *p != 0 => {
                        st.mem.slot(p >> 32).filter(|s| !s.freed).and_then(|s| s.meta.size.checked_sub(p & 0xffff_ffff))
                    }
                    _ => None,
                };
                Some(Val::C(known.unwrap_or(if min { 0 } else { mask(w) })))
            }
            I::Math(m) => Some(self.math_call(st, m, ci, args)?.0),
            I::Bswap | I::Bitreverse | I::Ctpop | I::Ctlz | I::Cttz | I::Abs => {
                Some(self.bit_intrinsic(st, x, ci, args)?)
            }
            I::SMax | I::SMin | I::UMax | I::UMin => Some(self.min_max(x, ci, args)),
            I::Fshl | I::Fshr => Some(self.funnel_shift(st, x, ci, args)?),
        };
        if let Some(v) = r {
            self.set_result(st, ci, v);
        }
        Ok(())
    }

    /// `llvm.va_start`: every `va_arg` goes to the overflow area, where
    /// `build_varargs` put the arguments.
    fn va_start(&mut self, st: &mut State, ap: &Val) -> Result<(), Termination> {
        let ap = self.concrete_of(st, ap.clone(), "va_list address")?;
        let (id, off) = st.mem.check(ap, VA_LIST_SIZE, true).map_err(|e| self.fault(st, e))?;
        let area = st.top().varargs;
        // gp_offset = 48 and fp_offset = 304 send every va_arg to the
        // overflow area, where build_varargs put the arguments.
        st.mem.write_scalar(&mut self.pool, id, off, 4, &Val::C(48));
        st.mem.write_scalar(&mut self.pool, id, off + 4, 4, &Val::C(304));
        st.mem.write_scalar(&mut self.pool, id, off + 8, 8, &Val::C(area));
        st.mem.write_scalar(&mut self.pool, id, off + 16, 8, &Val::C(0));
        Ok(())
    }

    /// `llvm.is.fpclass`: exact on a symbolic float.
    fn is_fpclass(&mut self, st: &mut State, ci: &CallInst, args: &[Val]) -> Result<Val, Termination> {
        let w = self.width_of_arg(ci, 0);
        let test = self.concrete_of(st, args[1].clone(), "llvm.is.fpclass mask")?;
        let x = match &args[0] {
            Val::C(c) => self.pool.constant(w, *c),
            Val::S(e) => *e,
            _ => return Err(self.error(st, ErrorKind::Exec, "unsupported: llvm.is.fpclass of this value")),
        };
        let Some(r) = super::math::is_fpclass(&mut self.pool, x, w, test) else {
            return Err(self.error(st, ErrorKind::Exec, format!("unsupported: llvm.is.fpclass of a {w}-bit float")));
        };
        Ok(match self.pool.as_const(r) {
            Some(c) => Val::C(c),
            None => Val::S(r),
        })
    }

    /// `llvm.bswap`, `bitreverse`, `ctpop`, `ctlz`, `cttz` and `abs`
    /// (`abs` and `bswap` exact on symbolic values).
    fn bit_intrinsic(&mut self, st: &mut State, x: Intrinsic, ci: &CallInst, args: &[Val]) -> Result<Val, Termination> {
        use Intrinsic as I;
        let w = self.width_of_arg(ci, 0);
        // abs(INT_MIN) with the poison flag set is undefined: an
        // error, as KLEE reports it.
        if matches!(x, I::Abs)
            && matches!(args.get(1), Some(Val::C(1)))
            && matches!(args[0], Val::C(c) if c == 1u64 << (w - 1))
        {
            return Err(self.error(st, ErrorKind::Exec, "llvm.abs called with poison and INT_MIN"));
        }
        match &args[0] {
            Val::S(e) if matches!(x, I::Abs) => {
                let zero = self.pool.constant(w, 0);
                let neg = self.pool.bin(BinOp::Sub, zero, *e);
                let lt = self.pool.cmp(CmpOp::Slt, *e, zero);
                Ok(Val::S(self.pool.ite(lt, neg, *e)))
            }
            Val::S(e) if matches!(x, I::Bswap) => {
                let mut acc = self.pool.extract(*e, 0, 8);
                for k in 1..(w / 8) {
                    let b = self.pool.extract(*e, k * 8, 8);
                    acc = self.pool.concat(acc, b);
                }
                Ok(Val::S(acc))
            }
            v => {
                let c = self.concrete_of(st, v.clone(), "bit-manipulation operand")?;
                Ok(Val::C(bit_op(x, w, c)))
            }
        }
    }

    /// `llvm.smax`, `smin`, `umax` and `umin`.
    fn min_max(&mut self, x: Intrinsic, ci: &CallInst, args: &[Val]) -> Val {
        use Intrinsic as I;
        let w = self.width_of_arg(ci, 0);
        match (&args[0], &args[1]) {
            (Val::C(a), Val::C(b)) => {
                let (a, b) = (*a, *b);
                let (sa, sb) = (sext64(a, w), sext64(b, w));
                Val::C(match x {
                    I::SMax => {
                        if sa >= sb {
                            a
                        } else {
                            b
                        }
                    }
                    I::SMin => {
                        if sa <= sb {
                            a
                        } else {
                            b
                        }
                    }
                    I::UMax => a.max(b),
                    _ => a.min(b),
                })
            }
            (a, b) => {
                let (ea, eb) = (self.as_expr(a, w), self.as_expr(b, w));
                let (op, pick_a_if) = match x {
                    I::SMax => (CmpOp::Slt, false),
                    I::SMin => (CmpOp::Slt, true),
                    I::UMax => (CmpOp::Ult, false),
                    _ => (CmpOp::Ult, true),
                };
                let lt = self.pool.cmp(op, ea, eb);
                let r = if pick_a_if { self.pool.ite(lt, ea, eb) } else { self.pool.ite(lt, eb, ea) };
                Val::S(r)
            }
        }
    }

    /// `llvm.fshl` and `llvm.fshr`, exact on symbolic operands and amounts
    /// too: fshl = s == 0 ? a : a << s | b >> (w - s), s taken mod w.
    fn funnel_shift(&mut self, st: &mut State, x: Intrinsic, ci: &CallInst, args: &[Val]) -> Result<Val, Termination> {
        use Intrinsic as I;
        let w = self.width_of_arg(ci, 0);
        let mut e = [ExprId(0); 3];
        for (k, v) in args.iter().take(3).enumerate() {
            e[k] = match v {
                Val::C(c) => self.pool.constant(w, *c),
                Val::S(x) => *x,
                _ => return Err(self.error(st, ErrorKind::Exec, "unsupported: a funnel shift of this value")),
            };
        }
        let [a, b, s] = e;
        let (zero, width) = (self.pool.constant(w, 0), self.pool.constant(w, w as u64));
        let p = &mut self.pool;
        let s = p.bin(BinOp::URem, s, width);
        let rest = p.bin(BinOp::Sub, width, s);
        let is_zero = p.cmp(CmpOp::Eq, s, zero);
        let r = if x == I::Fshl {
            let (hi, lo) = (p.bin(BinOp::Shl, a, s), p.bin(BinOp::LShr, b, rest));
            let both = p.bin(BinOp::Or, hi, lo);
            p.ite(is_zero, a, both)
        } else {
            let (lo, hi) = (p.bin(BinOp::LShr, b, s), p.bin(BinOp::Shl, a, rest));
            let both = p.bin(BinOp::Or, hi, lo);
            p.ite(is_zero, b, both)
        };
        Ok(match self.pool.as_const(r) {
            Some(c) => Val::C(c),
            None => Val::S(r),
        })
    }

    /// Evaluates a math function on the call's arguments, in the precision
    /// of its result type; returns the value and the errno it set.
    pub(super) fn math_call(
        &mut self, st: &mut State, m: crate::exec::MathFn, ci: &CallInst, args: &[Val],
    ) -> Result<(Val, i32), Termination> {
        if self.prog.ty(ci.ret).ty == crate::ir::Ty::LongDouble {
            return self.math_call_f80(st, m, args);
        }
        let dbl = self.prog.ty(ci.ret).bits == 64;
        let mut bits = Vec::with_capacity(args.len());
        for a in args {
            bits.push(self.concrete_of(st, a.clone(), "floating-point argument")?);
        }
        let kinds: Vec<crate::ir::Ty> = (0..args.len()).map(|i| self.prog.ty(ci.arg_tys[i]).ty.clone()).collect();
        let num = |i: usize| -> f64 {
            match kinds[i] {
                crate::ir::Ty::Int(w) => sext64(bits[i], w) as f64,
                crate::ir::Ty::Float => f32::from_bits(bits[i] as u32) as f64,
                _ => f64::from_bits(bits[i]),
            }
        };
        let vals: Vec<f64> = (0..args.len()).map(num).collect();
        Ok(if dbl {
            let (r, e) = m.eval_errno(&vals);
            (Val::C(r.to_bits()), e)
        } else {
            let singles: Vec<f32> = vals.iter().map(|v| *v as f32).collect();
            let (r, e) = m.eval_f32_errno(&singles);
            (Val::C(r.to_bits() as u64), e)
        })
    }

    /// A math function on `long double`: sign operations and the
    /// compiler's multiply-add and powi exactly, the library functions by
    /// the host's own `long double` variant (`sqrtl`).
    fn math_call_f80(
        &mut self, st: &mut State, m: crate::exec::MathFn, args: &[Val],
    ) -> Result<(Val, i32), Termination> {
        use crate::exec::MathFn as M;
        use crate::expr::mask;
        let mut xs = Vec::with_capacity(args.len().max(3));
        for a in args {
            match super::wide::wide(a) {
                Some(x) => xs.push(x),
                None => return Err(self.error(st, ErrorKind::Exec, "unsupported: symbolic long double values")),
            }
        }
        // A call without a prototype may pass fewer arguments.
        xs.resize(xs.len().max(3), 0);
        const SIGN: u128 = 1 << 79;
        let f80 = |v: u128| Val::Wide(Box::new(v & crate::expr::mask128(80)));
        let bin = |op, a: u128, b: u128| match super::wide::f80_bin(op, a, b) {
            Val::Wide(w) => *w,
            Val::C(c) => c as u128,
            _ => 0,
        };
        Ok(match m {
            M::Fabs => (f80(xs[0] & !SIGN), 0),
            M::Copysign => (f80((xs[0] & !SIGN) | (xs[1] & SIGN)), 0),
            M::FMulAdd => (f80(bin(crate::ir::FOp::Add, bin(crate::ir::FOp::Mul, xs[0], xs[1]), xs[2])), 0),
            M::Powi => {
                // compiler-rt's __powixf2: square and multiply, then the
                // reciprocal for a negative exponent.
                let n = (xs[1] as u64 & mask(32)) as u32 as i32;
                let one: u128 = 0x3fff_8000_0000_0000_0000;
                let (mut r, mut base, mut e) = (one, xs[0], n.unsigned_abs());
                loop {
                    if e & 1 == 1 {
                        r = bin(crate::ir::FOp::Mul, r, base);
                    }
                    e >>= 1;
                    if e == 0 {
                        break;
                    }
                    base = bin(crate::ir::FOp::Mul, base, base);
                }
                (f80(if n < 0 { bin(crate::ir::FOp::Div, one, r) } else { r }), 0)
            }
            _ => {
                let name = format!("{}l", m.c_name());
                match super::host::call_long_double(&name, &xs) {
                    Some((v, e)) => (f80(v), e),
                    None => return Err(self.error(st, ErrorKind::Model, format!("unsupported: {name} on the host"))),
                }
            }
        })
    }

    fn overflow(
        &mut self, st: &mut State, op: BinOp, signed: bool, ci: &CallInst, args: &[Val],
    ) -> Result<Val, Termination> {
        let w = self.width_of_arg(ci, 0);
        if w > 64 {
            let wide = |v: &Val| match v {
                Val::C(c) => Some(*c as u128),
                Val::Wide(b) => Some(**b),
                _ => None,
            };
            let (Some(a), Some(b)) = (wide(&args[0]), wide(&args[1])) else {
                return Err(self.error(st, ErrorKind::Exec, "unsupported: symbolic integers wider than 64 bits"));
            };
            let (r, of) = super::wide::overflow128(op, signed, w, a, b);
            return Ok(Val::Agg(Rc::new(vec![super::wide::wrap(r, w), Val::C(of as u64)])));
        }
        if let (Val::C(a), Val::C(b)) = (&args[0], &args[1]) {
            let (r, of) = overflow_const(op, signed, w, *a, *b);
            return Ok(Val::Agg(Rc::new(vec![Val::C(r), Val::C(of as u64)])));
        }
        let (a, b) = (self.as_expr(&args[0], w), self.as_expr(&args[1], w));
        let r = self.pool.bin(op, a, b);
        let p = &mut self.pool;
        let of: ExprId = match (op, signed) {
            (BinOp::Add, false) => p.cmp(CmpOp::Ult, r, a),
            (BinOp::Sub, false) => p.cmp(CmpOp::Ult, a, b),
            (BinOp::Add, true) => {
                let x = p.bin(BinOp::Xor, a, r);
                let y = p.bin(BinOp::Xor, b, r);
                let both = p.bin(BinOp::And, x, y);
                p.extract(both, w - 1, 1)
            }
            (BinOp::Sub, true) => {
                let x = p.bin(BinOp::Xor, a, b);
                let y = p.bin(BinOp::Xor, a, r);
                let both = p.bin(BinOp::And, x, y);
                p.extract(both, w - 1, 1)
            }
            _ if w <= 32 => {
                let ww = w * 2;
                let (xa, xb) = if signed { (p.sext(a, ww), p.sext(b, ww)) } else { (p.zext(a, ww), p.zext(b, ww)) };
                let full = p.bin(BinOp::Mul, xa, xb);
                let back = if signed { p.sext(r, ww) } else { p.zext(r, ww) };
                p.ne(full, back)
            }
            _ if w <= 64 => {
                // No wider type to multiply in: the product overflowed iff
                // dividing it by a non-zero `a` does not give back `b`
                // (signed: or it is MIN / -1, which division cannot tell).
                let zero = p.constant(w, 0);
                let a_nonzero = p.ne(a, zero);
                let div = if signed { BinOp::SDiv } else { BinOp::UDiv };
                let q = p.bin(div, r, a);
                let mut wrong = p.ne(q, b);
                if signed {
                    let (m1, min) = (p.constant(w, mask(w)), p.constant(w, 1u64 << (w - 1)));
                    let (a_m1, b_min) = (p.eq(a, m1), p.eq(b, min));
                    let edge = p.and(a_m1, b_min);
                    wrong = p.or(wrong, edge);
                }
                p.and(a_nonzero, wrong)
            }
            _ => {
                let a = self.concrete_of(st, args[0].clone(), "wide multiplication operand")?;
                let b = self.concrete_of(st, args[1].clone(), "wide multiplication operand")?;
                let (r, of) = overflow_const(op, signed, w, a, b);
                return Ok(Val::Agg(Rc::new(vec![Val::C(r), Val::C(of as u64)])));
            }
        };
        Ok(Val::Agg(Rc::new(vec![Val::S(r), Val::S(of)])))
    }
}

fn overflow_const(op: BinOp, signed: bool, w: u8, a: u64, b: u64) -> (u64, bool) {
    let m = mask(w);
    let r = crate::expr::fold_bin(op, w, a, b).unwrap_or(0);
    let of = if signed {
        let (sa, sb) = (sext64(a, w) as i128, sext64(b, w) as i128);
        let exact = match op {
            BinOp::Add => sa + sb,
            BinOp::Sub => sa - sb,
            _ => sa * sb,
        };
        exact != sext64(r, w) as i128
    } else {
        let (ua, ub) = (a as u128, b as u128);
        let exact = match op {
            BinOp::Add => ua + ub,
            BinOp::Sub => ua.wrapping_sub(ub),
            _ => ua * ub,
        };
        exact > m as u128
    };
    (r, of)
}

fn saturate(op: BinOp, signed: bool, w: u8, a: u64, b: u64) -> u64 {
    let m = mask(w);
    if signed {
        let (sa, sb) = (sext64(a, w) as i128, sext64(b, w) as i128);
        let exact = if op == BinOp::Add { sa + sb } else { sa - sb };
        let max = (m >> 1) as i128;
        let min = -max - 1;
        (exact.clamp(min, max) as i64 as u64) & m
    } else {
        let exact = if op == BinOp::Add { a as i128 + b as i128 } else { a as i128 - b as i128 };
        exact.clamp(0, m as i128) as u64
    }
}

fn bit_op(x: Intrinsic, w: u8, c: u64) -> u64 {
    let m = mask(w);
    match x {
        Intrinsic::Bswap => c.swap_bytes() >> (64 - w as u32),
        Intrinsic::Bitreverse => c.reverse_bits() >> (64 - w as u32),
        Intrinsic::Ctpop => c.count_ones() as u64,
        Intrinsic::Ctlz => (c.leading_zeros() - (64 - w as u32)) as u64,
        Intrinsic::Cttz => (c.trailing_zeros().min(w as u32)) as u64,
        Intrinsic::Abs => (sext64(c, w).unsigned_abs()) & m,
        _ => c,
    }
}

impl Executor<'_> {
    /// An integer of width `from` as one of width `to` (cut, or widened
    /// with zeros).
    fn resize_int(&mut self, v: Val, from: u8, to: u8) -> Val {
        match v {
            Val::C(c) => Val::C(c & crate::expr::mask(to.min(from))),
            Val::S(e) if to < from => Val::S(self.pool.extract(e, 0, to)),
            Val::S(e) => Val::S(self.pool.zext(e, to)),
            other => other,
        }
    }
}
