//! Lowering of LLVM modules into the executable form of `ir/mod.rs`.
//!
//! Several modules are linked with LLVM's linker first (the user's files,
//! then the runtime, whose definitions are weak so that the user's win);
//! lowering then walks the linked module once. Constant expressions are
//! folded here: the address of every global and function is known when
//! lowering (see the module doc of `ir`).

mod alias;
mod consts;
mod insts;
mod intrinsics;
mod load;
mod opcodes;
mod producer;
use opcodes::{bin_op, ipred};
pub use producer::llvm_version;

pub(crate) use load::check_bitcode_version;
pub use load::{load_module_file, load_module_with, LoadOptions};

use super::types::{Ty, TyId, TyInfo, NO_LOC};
use super::*;
use crate::expr::{fold_bin, mask, sext64, BinOp};
use crate::ir::Special;
use intrinsics::{intrinsic, IntrinsicKind};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind, LLVMValueKind};
use std::ffi::{CStr, CString};

/// Why a program could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {msg}")]
    Io { path: String, msg: String },
    #[error("invalid LLVM input {path}: {msg}")]
    Parse { path: String, msg: String },
    /// Bitcode from an LLVM newer than the one linked: its reader would
    /// misread or refuse it.
    #[error("{path}: LLVM bitcode from {producer}, newer than LLVM {reader} that this se2repair reads (it reads bitcode of LLVM {reader} and older)")]
    Newer { path: String, producer: String, reader: String },
    #[error("cannot link {path}: {msg}")]
    Link { path: String, msg: String },
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A `--function-alias` that cannot be carried out (KLEE's words).
    #[error("{0}")]
    Alias(String),
}

unsafe fn take_msg(msg: *mut libc::c_char) -> String {
    if msg.is_null() {
        return "unknown error".into();
    }
    let s = CStr::from_ptr(msg).to_string_lossy().into_owned();
    LLVMDisposeMessage(msg);
    s
}

unsafe fn value_name(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    let p = LLVMGetValueName2(v, &mut len);
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}

/// An instruction's source place (`file:line column`, or `[no debug
/// info]`) and its LLVM text.
unsafe fn inst_text(i: LLVMValueRef) -> (Box<str>, Box<str>) {
    let line = LLVMGetDebugLocLine(i);
    let place = if line == 0 {
        "[no debug info]".to_string()
    } else {
        let mut len = 0u32;
        let p = LLVMGetDebugLocFilename(i, &mut len);
        let file = if p.is_null() {
            String::new()
        } else {
            String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned()
        };
        format!("{file}:{line} {}", LLVMGetDebugLocColumn(i))
    };
    (place.into(), take_msg(LLVMPrintValueToString(i)).into())
}

struct Lowerer {
    module: LLVMModuleRef,
    td: LLVMTargetDataRef,
    prog: Program,
    tys: FxHashMap<LLVMTypeRef, TyId>,
    globals: FxHashMap<LLVMValueRef, u32>,
    funcs: FxHashMap<LLVMValueRef, FuncId>,
    consts: FxHashMap<u64, ConstId>,
    locs: FxHashMap<SrcLoc, LocId>,
    byval_kind: u32,
    /// The program's own function definitions (`None`: no runtime linked).
    own: Option<rustc_hash::FxHashSet<String>>,
    /// Keep each instruction's source place and text (`Block::text`).
    inst_text: bool,
}

/// Per-function lowering state.
struct FnCx {
    regs: FxHashMap<LLVMValueRef, RegId>,
    blocks: FxHashMap<LLVMBasicBlockRef, BlockId>,
    phis: FxHashMap<LLVMBasicBlockRef, Vec<(RegId, LLVMValueRef)>>,
    last_loc: LocId,
}

impl Lowerer {
    unsafe fn new(module: LLVMModuleRef) -> Result<Self, LoadError> {
        let td = LLVMCreateTargetData(LLVMGetDataLayoutStr(module));
        let byval = "byval";
        let mut l = Lowerer {
            module,
            td,
            prog: Program {
                funcs: Vec::new(),
                globals: Vec::new(),
                consts: Vec::new(),
                types: Vec::new(),
                locs: Vec::new(),
                func_by_name: FxHashMap::default(),
                global_by_name: FxHashMap::default(),
                ctors: Vec::new(),
                dtors: Vec::new(),
                assembly: String::new(),
                escaping: Vec::new(),
            },
            tys: FxHashMap::default(),
            globals: FxHashMap::default(),
            funcs: FxHashMap::default(),
            consts: FxHashMap::default(),
            locs: FxHashMap::default(),
            byval_kind: LLVMGetEnumAttributeKindForName(byval.as_ptr() as *const _, byval.len()),
            own: None,
            inst_text: false,
        };
        l.prog.locs.push(SrcLoc { file: "?".into(), line: 0 });
        l.locs.insert(l.prog.locs[0].clone(), NO_LOC);
        Ok(l)
    }

    unsafe fn run(mut self) -> Result<Program, LoadError> {
        // Number globals and functions first: their addresses are constants.
        let mut g = LLVMGetFirstGlobal(self.module);
        while !g.is_null() {
            let idx = self.prog.globals.len() as u32;
            self.globals.insert(g, idx);
            let name = value_name(g);
            self.prog.global_by_name.insert(name.clone(), idx);
            self.prog.globals.push(Global { name, size: 0, init: Vec::new(), read_only: false, external: false });
            g = LLVMGetNextGlobal(g);
        }
        let mut f = LLVMGetFirstFunction(self.module);
        while !f.is_null() {
            let name = value_name(f);
            if !name.starts_with("llvm.") {
                let id = FuncId(self.prog.funcs.len() as u32);
                self.funcs.insert(f, id);
                self.prog.func_by_name.insert(name.clone(), id);
                let fty = LLVMGlobalGetValueType(f);
                let ret = self.ty(LLVMGetReturnType(fty));
                let n = LLVMCountParamTypes(fty) as usize;
                let mut ptys = vec![std::ptr::null_mut(); n];
                LLVMGetParamTypes(fty, ptys.as_mut_ptr());
                let param_tys = ptys.into_iter().map(|t| self.ty(t)).collect();
                let kind = if LLVMIsDeclaration(f) == 0 {
                    FuncKind::Defined
                } else if let Some(s) = Special::lookup(&name) {
                    FuncKind::Special(s)
                } else {
                    FuncKind::External
                };
                let runtime = kind == FuncKind::Defined && self.own.as_ref().is_some_and(|o| !o.contains(&name));
                self.prog.funcs.push(Function {
                    runtime,
                    name,
                    kind,
                    params: Vec::new(),
                    nregs: 0,
                    blocks: Vec::new(),
                    var_arg: LLVMIsFunctionVarArg(fty) != 0,
                    ret,
                    param_tys,
                    param_names: Vec::new(),
                });
            }
            f = LLVMGetNextFunction(f);
        }
        // Global initializers.
        let globals: Vec<(LLVMValueRef, u32)> = self.globals.iter().map(|(k, v)| (*k, *v)).collect();
        for (gv, idx) in globals {
            let vty = LLVMGlobalGetValueType(gv);
            let size = if self.sized(vty) { LLVMABISizeOfType(self.td, vty) } else { 0 };
            let mut init = vec![0u8; size as usize];
            let iv = LLVMGetInitializer(gv);
            if !iv.is_null() && LLVMIsDeclaration(gv) == 0 {
                self.write_const(iv, &mut init, 0)?;
            }
            let gl = &mut self.prog.globals[idx as usize];
            gl.size = size;
            gl.init = init;
            gl.read_only = LLVMIsGlobalConstant(gv) != 0;
            gl.external = LLVMIsDeclaration(gv) != 0;
        }
        self.prog.ctors = self.structors("llvm.global_ctors");
        self.prog.dtors = self.structors("llvm.global_dtors");
        // Function bodies.
        let funcs: Vec<(LLVMValueRef, FuncId)> = self.funcs.iter().map(|(k, v)| (*k, *v)).collect();
        for (fv, id) in funcs {
            if self.prog.funcs[id.idx()].kind == FuncKind::Defined {
                self.lower_function(fv, id);
            }
        }
        LLVMDisposeTargetData(self.td);
        Ok(self.prog)
    }

    /// The functions listed in `llvm.global_ctors`/`llvm.global_dtors`
    /// (entries `{ i32 priority, void ()* fn, i8* data }`), by priority.
    unsafe fn structors(&mut self, name: &str) -> Vec<FuncId> {
        let cname = CString::new(name).expect("no NUL");
        let g = LLVMGetNamedGlobal(self.module, cname.as_ptr());
        if g.is_null() || LLVMGetInitializer(g).is_null() {
            return Vec::new();
        }
        let arr = LLVMGetInitializer(g);
        let mut out = Vec::new();
        for i in 0..LLVMGetNumOperands(arr).max(0) as u32 {
            let e = LLVMGetOperand(arr, i);
            if LLVMGetNumOperands(e) < 2 {
                continue;
            }
            let prio = LLVMConstIntGetZExtValue(LLVMGetOperand(e, 0));
            let mut f = LLVMGetOperand(e, 1);
            while LLVMGetValueKind(f) == LLVMValueKind::LLVMConstantExprValueKind {
                f = LLVMGetOperand(f, 0);
            }
            if let Some(&id) = self.funcs.get(&f) {
                out.push((prio, id));
            }
        }
        out.sort_by_key(|(p, _)| *p);
        out.into_iter().map(|(_, f)| f).collect()
    }

    unsafe fn sized(&self, t: LLVMTypeRef) -> bool {
        LLVMTypeIsSized(t) != 0
    }

    // ---------------------------------------------------------------- types

    unsafe fn ty(&mut self, t: LLVMTypeRef) -> TyId {
        if let Some(&id) = self.tys.get(&t) {
            return id;
        }
        let sized = LLVMTypeIsSized(t) != 0;
        let (size, store_size) =
            if sized { (LLVMABISizeOfType(self.td, t), LLVMStoreSizeOfType(self.td, t)) } else { (0, 0) };
        let (ty, bits) = match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMVoidTypeKind => (Ty::Void, 0),
            LLVMTypeKind::LLVMIntegerTypeKind => {
                let w = LLVMGetIntTypeWidth(t);
                if w > 128 {
                    (Ty::Unsupported(format!("i{w} (integers wider than 128 bits)")), 0)
                } else {
                    (Ty::Int(w as u8), w as u8)
                }
            }
            LLVMTypeKind::LLVMFloatTypeKind => (Ty::Float, 32),
            LLVMTypeKind::LLVMDoubleTypeKind => (Ty::Double, 64),
            LLVMTypeKind::LLVMPointerTypeKind => (Ty::Ptr, 64),
            LLVMTypeKind::LLVMStructTypeKind => {
                let n = LLVMCountStructElementTypes(t) as usize;
                let mut elems = vec![std::ptr::null_mut(); n];
                LLVMGetStructElementTypes(t, elems.as_mut_ptr());
                let mut fields = Vec::with_capacity(n);
                for (i, e) in elems.into_iter().enumerate() {
                    let off = if sized { LLVMOffsetOfElement(self.td, t, i as u32) } else { 0 };
                    fields.push((off, self.ty(e)));
                }
                (Ty::Struct(fields.into()), 0)
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                let e = LLVMGetElementType(t);
                let stride = LLVMABISizeOfType(self.td, e);
                (Ty::Array { elem: self.ty(e), n: LLVMGetArrayLength(t) as u64, stride }, 0)
            }
            LLVMTypeKind::LLVMX86_FP80TypeKind => (Ty::LongDouble, 80),
            // Fixed vectors are laid out (and held in registers) as arrays:
            // clang passes small float structs as <2 x float>. Vector
            // arithmetic is refused where it is lowered.
            LLVMTypeKind::LLVMVectorTypeKind => {
                let e = LLVMGetElementType(t);
                let stride = LLVMABISizeOfType(self.td, e);
                (Ty::Array { elem: self.ty(e), n: LLVMGetVectorSize(t) as u64, stride }, 0)
            }
            LLVMTypeKind::LLVMScalableVectorTypeKind => (Ty::Unsupported("scalable vector types".into()), 0),
            k => (Ty::Unsupported(format!("type kind {k:?}")), 0),
        };
        let id = TyId(self.prog.types.len() as u32);
        self.prog.types.push(TyInfo { ty, size, store_size, bits });
        self.tys.insert(t, id);
        id
    }

    // ------------------------------------------------------------ functions

    fn loc(&mut self, file: &str, line: u32) -> LocId {
        let key = SrcLoc { file: file.into(), line };
        if let Some(&id) = self.locs.get(&key) {
            return id;
        }
        let id = LocId(self.prog.locs.len() as u32);
        self.prog.locs.push(key.clone());
        self.locs.insert(key, id);
        id
    }

    unsafe fn inst_loc(&mut self, i: LLVMValueRef, cx: &mut FnCx) -> LocId {
        let line = LLVMGetDebugLocLine(i);
        if line == 0 {
            return cx.last_loc;
        }
        let mut len = 0u32;
        let p = LLVMGetDebugLocFilename(i, &mut len);
        let file = if p.is_null() {
            "?".to_string()
        } else {
            String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned()
        };
        let id = self.loc(&file, line);
        cx.last_loc = id;
        id
    }

    unsafe fn lower_function(&mut self, f: LLVMValueRef, id: FuncId) {
        let mut cx = FnCx {
            regs: FxHashMap::default(),
            blocks: FxHashMap::default(),
            phis: FxHashMap::default(),
            last_loc: NO_LOC,
        };
        let nparams = LLVMCountParams(f);
        let mut params = Vec::new();
        let mut names = Vec::new();
        for i in 0..nparams {
            let r = RegId(i);
            let p = LLVMGetParam(f, i);
            cx.regs.insert(p, r);
            params.push(r);
            names.push(value_name(p));
        }
        let mut nregs = nparams;
        let mut bbs = Vec::new();
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            cx.blocks.insert(bb, BlockId(bbs.len() as u32));
            bbs.push(bb);
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                if LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMTypeKind::LLVMVoidTypeKind {
                    cx.regs.insert(i, RegId(nregs));
                    nregs += 1;
                }
                if LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI {
                    cx.phis.entry(bb).or_default().push((cx.regs[&i], i));
                }
                i = LLVMGetNextInstruction(i);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        let mut blocks = Vec::with_capacity(bbs.len());
        for &bb in &bbs {
            let mut block = Block { insts: Vec::new(), locs: Vec::new(), text: Vec::new() };
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                let loc = self.inst_loc(i, &mut cx);
                let lowered = match self.lower_inst(i, bb, &mut cx) {
                    Ok(x) => x,
                    Err(msg) => Some(Inst::Unsupported(msg.into())),
                };
                if let Some(inst) = lowered {
                    block.insts.push(inst);
                    block.locs.push(loc);
                    if self.inst_text {
                        block.text.push(inst_text(i));
                    }
                }
                i = LLVMGetNextInstruction(i);
            }
            blocks.push(block);
        }
        let func = &mut self.prog.funcs[id.idx()];
        func.params = params;
        func.param_names = names;
        func.nregs = nregs;
        func.blocks = blocks;
    }

    unsafe fn operand(&mut self, v: LLVMValueRef, cx: &FnCx) -> Result<Operand, String> {
        if let Some(&r) = cx.regs.get(&v) {
            return Ok(Operand::Reg(r));
        }
        match LLVMGetValueKind(v) {
            LLVMValueKind::LLVMInstructionValueKind | LLVMValueKind::LLVMArgumentValueKind => {
                Err("use of a value with no register".into())
            }
            LLVMValueKind::LLVMInlineAsmValueKind => Err("inline assembly".into()),
            LLVMValueKind::LLVMMetadataAsValueValueKind => Ok(Operand::Const(self.intern_const(Val::C(0)))),
            _ => {
                let c = self.const_val(v)?;
                Ok(Operand::Const(self.intern_const(c)))
            }
        }
    }

    unsafe fn edge(&mut self, from: LLVMBasicBlockRef, to: LLVMBasicBlockRef, cx: &FnCx) -> Result<Edge, String> {
        let mut moves = Vec::new();
        if let Some(phis) = cx.phis.get(&to) {
            for &(reg, phi) in phis {
                let n = LLVMCountIncoming(phi);
                let mut found = None;
                for k in 0..n {
                    if LLVMGetIncomingBlock(phi, k) == from {
                        found = Some(LLVMGetIncomingValue(phi, k));
                        break;
                    }
                }
                let v = found.ok_or("phi without an incoming value for a predecessor")?;
                moves.push((reg, self.operand(v, cx)?));
            }
        }
        Ok(Edge { target: cx.blocks[&to], moves: moves.into() })
    }

    unsafe fn int_width(&self, t: LLVMTypeRef) -> Result<u8, String> {
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMIntegerTypeKind => {
                let w = LLVMGetIntTypeWidth(t);
                if w > 128 {
                    Err(format!("i{w} arithmetic (integers wider than 128 bits)"))
                } else {
                    Ok(w as u8)
                }
            }
            LLVMTypeKind::LLVMPointerTypeKind => Ok(64),
            LLVMTypeKind::LLVMVectorTypeKind => Err("vector operations".into()),
            k => Err(format!("integer operation on {k:?}")),
        }
    }

    unsafe fn is_f80(&self, t: LLVMTypeRef) -> bool {
        LLVMGetTypeKind(t) == LLVMTypeKind::LLVMX86_FP80TypeKind
    }

    unsafe fn is_double(&self, t: LLVMTypeRef) -> Result<bool, String> {
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMDoubleTypeKind => Ok(true),
            LLVMTypeKind::LLVMFloatTypeKind => Ok(false),
            LLVMTypeKind::LLVMX86_FP80TypeKind => Err("long double (x86_fp80) arithmetic".into()),
            LLVMTypeKind::LLVMVectorTypeKind => Err("vector operations".into()),
            k => Err(format!("floating-point operation on {k:?}")),
        }
    }

    unsafe fn lower_inst(
        &mut self, i: LLVMValueRef, bb: LLVMBasicBlockRef, cx: &mut FnCx,
    ) -> Result<Option<Inst>, String> {
        use LLVMOpcode::*;
        let op = LLVMGetInstructionOpcode(i);
        let dst = cx.regs.get(&i).copied();
        let t = LLVMTypeOf(i);
        let o = |k: u32| LLVMGetOperand(i, k);
        let d = || dst.ok_or_else(|| "instruction without a result register".to_string());
        let inst = match op {
            LLVMPHI => return Ok(None),
            LLVMRet => {
                if LLVMGetNumOperands(i) == 0 {
                    Inst::Ret(None)
                } else {
                    Inst::Ret(Some(self.operand(o(0), cx)?))
                }
            }
            LLVMBr => {
                if LLVMIsConditional(i) != 0 {
                    let c = self.operand(LLVMGetCondition(i), cx)?;
                    let t = self.edge(bb, LLVMGetSuccessor(i, 0), cx)?;
                    let f = self.edge(bb, LLVMGetSuccessor(i, 1), cx)?;
                    Inst::CondBr { c, edges: Box::new([t, f]) }
                } else {
                    Inst::Br(Box::new(self.edge(bb, LLVMGetSuccessor(i, 0), cx)?))
                }
            }
            LLVMSwitch => {
                let cond = self.operand(o(0), cx)?;
                let w = self.int_width(LLVMTypeOf(o(0)))?;
                if w > 64 {
                    return Err("switch on an integer wider than 64 bits".into());
                }
                let default = self.edge(bb, LLVMGetSwitchDefaultDest(i), cx)?;
                let n = LLVMGetNumSuccessors(i);
                let mut cases = Vec::new();
                for k in 1..n {
                    let v = self.const_u64(o(2 * k))?;
                    cases.push((v, self.edge(bb, LLVMGetSuccessor(i, k), cx)?));
                }
                Inst::Switch(Box::new(SwitchInst { w, cond, cases: cases.into(), default }))
            }
            LLVMUnreachable => Inst::Unreachable,
            LLVMIndirectBr => {
                let addr = self.operand(o(0), cx)?;
                let n = LLVMGetNumSuccessors(i);
                let mut edges = Vec::with_capacity(n as usize);
                for k in 0..n {
                    edges.push(self.edge(bb, LLVMGetSuccessor(i, k), cx)?);
                }
                Inst::IndirectBr { addr, edges: edges.into() }
            }
            LLVMAdd | LLVMSub | LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem | LLVMShl | LLVMLShr | LLVMAShr
            | LLVMAnd | LLVMOr | LLVMXor => {
                let (op, w, dst) = (bin_op(op).expect("integer binary opcode"), self.int_width(t)?, d()?);
                let (a, b) = (self.operand(o(0), cx)?, self.operand(o(1), cx)?);
                if w > 64 {
                    Inst::Wide(Box::new(WideInst::Bin { op, w, dst, a, b }))
                } else {
                    Inst::Bin { op, w, dst, a, b }
                }
            }
            LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem => {
                let fop = match op {
                    LLVMFAdd => FOp::Add,
                    LLVMFSub => FOp::Sub,
                    LLVMFMul => FOp::Mul,
                    LLVMFDiv => FOp::Div,
                    _ => FOp::Rem,
                };
                let (dst, a, b) = (d()?, self.operand(o(0), cx)?, self.operand(o(1), cx)?);
                if self.is_f80(t) {
                    Inst::Wide(Box::new(WideInst::F80Bin { op: fop, dst, a, b }))
                } else {
                    Inst::FBin { op: fop, dbl: self.is_double(t)?, dst, a, b }
                }
            }
            LLVMFNeg if self.is_f80(t) => {
                Inst::Wide(Box::new(WideInst::F80Neg { dst: d()?, a: self.operand(o(0), cx)? }))
            }
            LLVMFNeg => Inst::FNeg { dbl: self.is_double(t)?, dst: d()?, a: self.operand(o(0), cx)? },
            LLVMFCmp if self.is_f80(LLVMTypeOf(o(0))) => Inst::Wide(Box::new(WideInst::F80Cmp {
                pred: LLVMGetFCmpPredicate(i) as u8,
                dst: d()?,
                a: self.operand(o(0), cx)?,
                b: self.operand(o(1), cx)?,
            })),
            LLVMICmp => {
                let (pred, w, dst) = (ipred(LLVMGetICmpPredicate(i)), self.int_width(LLVMTypeOf(o(0)))?, d()?);
                let (a, b) = (self.operand(o(0), cx)?, self.operand(o(1), cx)?);
                if w > 64 {
                    Inst::Wide(Box::new(WideInst::ICmp { pred, w, dst, a, b }))
                } else {
                    Inst::ICmp { pred, w, dst, a, b }
                }
            }
            LLVMFCmp => Inst::FCmp {
                pred: LLVMGetFCmpPredicate(i) as u8,
                dbl: self.is_double(LLVMTypeOf(o(0)))?,
                dst: d()?,
                a: self.operand(o(0), cx)?,
                b: self.operand(o(1), cx)?,
            },
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMPtrToInt | LLVMIntToPtr | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP
            | LLVMSIToFP | LLVMFPExt | LLVMFPTrunc | LLVMBitCast | LLVMAddrSpaceCast | LLVMFreeze => {
                return self.lower_cast(i, op, dst, cx)
            }
            LLVMSelect => Inst::Select {
                dst: d()?,
                w: {
                    let ty = self.ty(t);
                    self.prog.types[ty.idx()].bits
                },
                c: self.operand(o(0), cx)?,
                t: self.operand(o(1), cx)?,
                f: self.operand(o(2), cx)?,
            },
            LLVMAlloca => {
                let at = LLVMGetAllocatedType(i);
                let ty = self.ty(at);
                if let Ty::Unsupported(m) = &self.prog.types[ty.idx()].ty {
                    return Err(m.clone());
                }
                let cnt = o(0);
                Inst::Alloca {
                    dst: d()?,
                    size: LLVMABISizeOfType(self.td, at),
                    count: self.operand(cnt, cx)?,
                    count_w: self.int_width(LLVMTypeOf(cnt))?,
                    align: LLVMGetAlignment(i) as u64,
                }
            }
            LLVMLoad => {
                let ty = self.ty(t);
                self.check_ty(ty)?;
                Inst::Load { dst: d()?, addr: self.operand(o(0), cx)?, ty }
            }
            LLVMStore => {
                let ty = self.ty(LLVMTypeOf(o(0)));
                self.check_ty(ty)?;
                Inst::Store { val: self.operand(o(0), cx)?, addr: self.operand(o(1), cx)?, ty }
            }
            LLVMGetElementPtr => self.lower_gep(i, d()?, cx)?,
            LLVMExtractValue | LLVMInsertValue | LLVMExtractElement | LLVMInsertElement => {
                return self.lower_aggregate(i, op, dst, cx)
            }
            LLVMCall => return self.lower_call(i, dst, cx),
            LLVMFence => return Ok(None),
            LLVMAtomicRMW | LLVMAtomicCmpXchg => self.lower_atomic(i, op, d()?, cx)?,
            other => return Err(format!("the {other:?} instruction")),
        };
        Ok(Some(inst))
    }

    fn check_ty(&self, ty: TyId) -> Result<(), String> {
        match &self.prog.types[ty.idx()].ty {
            Ty::Unsupported(m) => Err(m.clone()),
            Ty::Struct(fields) => fields.iter().try_for_each(|(_, t)| self.check_ty(*t)),
            Ty::Array { elem, .. } => self.check_ty(*elem),
            _ => Ok(()),
        }
    }

    unsafe fn lower_gep(&mut self, i: LLVMValueRef, dst: RegId, cx: &FnCx) -> Result<Inst, String> {
        if LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMTypeKind::LLVMVectorTypeKind {
            return Err("vector GEP".into());
        }
        let base = self.operand(LLVMGetOperand(i, 0), cx)?;
        let mut cur = LLVMGetGEPSourceElementType(i);
        let n = LLVMGetNumOperands(i) as u32;
        let mut offset: i64 = 0;
        let mut idx = Vec::new();
        for k in 1..n {
            let v = LLVMGetOperand(i, k);
            let w = self.int_width(LLVMTypeOf(v))?;
            let (scale, next) = if k == 1 {
                (LLVMABISizeOfType(self.td, cur) as i64, cur)
            } else if LLVMGetTypeKind(cur) == LLVMTypeKind::LLVMStructTypeKind {
                let field = self.const_u64(v)? as u32;
                offset = offset.wrapping_add(LLVMOffsetOfElement(self.td, cur, field) as i64);
                cur = LLVMStructGetTypeAtIndex(cur, field);
                continue;
            } else {
                let e = LLVMGetElementType(cur);
                (LLVMABISizeOfType(self.td, e) as i64, e)
            };
            cur = next;
            match self.operand(v, cx)? {
                Operand::Const(c) => match &self.prog.consts[c.idx()] {
                    Val::C(x) => offset = offset.wrapping_add(sext64(*x, w).wrapping_mul(scale)),
                    _ => return Err("aggregate GEP index".into()),
                },
                r => idx.push((r, w, scale)),
            }
        }
        Ok(Inst::Gep(Box::new(GepInst { dst, base, offset, idx: idx.into() })))
    }

    unsafe fn lower_call(&mut self, i: LLVMValueRef, dst: Option<RegId>, cx: &FnCx) -> Result<Option<Inst>, String> {
        let mut callee_v = LLVMGetCalledValue(i);
        while LLVMGetValueKind(callee_v) == LLVMValueKind::LLVMConstantExprValueKind
            && matches!(LLVMGetConstOpcode(callee_v), LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast)
        {
            callee_v = LLVMGetOperand(callee_v, 0);
        }
        if LLVMGetValueKind(callee_v) == LLVMValueKind::LLVMGlobalAliasValueKind {
            callee_v = LLVMAliasGetAliasee(callee_v);
        }
        let callee = match LLVMGetValueKind(callee_v) {
            LLVMValueKind::LLVMFunctionValueKind => {
                let name = value_name(callee_v);
                if name.starts_with("llvm.") {
                    match intrinsic(&name) {
                        IntrinsicKind::Skip => return Ok(None),
                        IntrinsicKind::Known(x) => Callee::Intrinsic(x),
                        IntrinsicKind::Unknown => return Err(format!("the intrinsic {name}")),
                    }
                } else {
                    Callee::Func(self.funcs[&callee_v])
                }
            }
            LLVMValueKind::LLVMInlineAsmValueKind => {
                // `cpuid` (gcc's <cpuid.h>, used to pick SIMD code paths)
                // answers as a processor with no optional features: every
                // output 0, so leaf 0 reports no further leaves.
                let text = take_msg(LLVMPrintValueToString(callee_v));
                if text.contains("cpuid") {
                    let Some(dst) = dst else { return Ok(None) };
                    let rty = self.ty(LLVMGetReturnType(LLVMGetCalledFunctionType(i)));
                    let zero = self.zero_val(rty);
                    return Ok(Some(Inst::Copy { dst, a: Operand::Const(self.intern_const(zero)) }));
                }
                return Err("inline assembly".into());
            }
            _ => Callee::Indirect(self.operand(callee_v, cx)?),
        };
        let fty = LLVMGetCalledFunctionType(i);
        let nargs = LLVMGetNumArgOperands(i);
        let mut args = Vec::with_capacity(nargs as usize);
        let mut arg_tys = Vec::with_capacity(nargs as usize);
        let mut byval = Vec::new();
        for k in 0..nargs {
            let a = LLVMGetOperand(i, k);
            args.push(self.operand(a, cx)?);
            arg_tys.push(self.ty(LLVMTypeOf(a)));
            let attr = LLVMGetCallSiteEnumAttribute(i, k + 1, self.byval_kind);
            if !attr.is_null() {
                let bt = LLVMGetTypeAttributeValue(attr);
                if !bt.is_null() {
                    byval.push((k, LLVMABISizeOfType(self.td, bt), LLVMABIAlignmentOfType(self.td, bt) as u64));
                }
            }
        }
        let ret = self.ty(LLVMGetReturnType(fty));
        Ok(Some(Inst::Call(Box::new(CallInst {
            dst,
            callee,
            args: args.into(),
            arg_tys: arg_tys.into(),
            fixed: LLVMCountParamTypes(fty),
            ret,
            byval: byval.into(),
        }))))
    }
}
