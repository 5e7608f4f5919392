//! Loading: parse the program's files, link them, apply KLEE's function
//! aliases, optimize (`--optimize`), scalarize vector code, keep the
//! program's text, link the runtime, lower.

use super::{alias, take_msg, value_name, LoadError, Lowerer};
use crate::ir::Program;
use llvm_sys::core::*;
use llvm_sys::linker::LLVMLinkModules2;
use llvm_sys::prelude::*;
use std::ffi::CString;
use std::path::Path;

struct Ctx(LLVMContextRef);
impl Drop for Ctx {
    fn drop(&mut self) {
        // SAFETY: the context was created by LLVMContextCreate and every
        // module in it has been disposed before this runs.
        unsafe { LLVMContextDispose(self.0) }
    }
}

/// Parses `.bc`/`.ll` files (and optional runtime bitcode), links them and
/// lowers the result.
pub fn load_module_file(paths: &[&Path], runtime: Option<&[u8]>) -> Result<Program, LoadError> {
    load_module_with(paths, runtime, &LoadOptions::default())
}

/// What loading does beyond linking and lowering.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// KLEE's `--function-alias NAME|PATTERN:REPLACEMENT`, in order.
    pub aliases: Vec<String>,
    /// Keep the linked program's text (`Program::assembly`; KLEE's
    /// `assembly.ll`).
    pub assembly: bool,
    /// Run LLVM's O2 pipeline on the program (KLEE's `--optimize`),
    /// without the vectorizers: the executor runs scalar code.
    pub optimize: bool,
    /// Write the program's module, as run (aliases applied, optimized,
    /// scalarized; before the runtime joins it), as bitcode here (KLEE's
    /// `--output-module`, `final.bc`).
    pub module_out: Option<std::path::PathBuf>,
    /// Keep each instruction's source place and text (`Block::text`;
    /// KLEE's `--debug-print-instructions`).
    pub inst_text: bool,
    /// Find the program's functions whose address is taken
    /// (`Program::escaping`; KLEE's `--debug-print-escaping-functions`).
    pub escaping: bool,
}

/// [`load_module_file`] with options.
pub fn load_module_with(paths: &[&Path], runtime: Option<&[u8]>, opts: &LoadOptions) -> Result<Program, LoadError> {
    // SAFETY: all LLVM objects below are created in `ctx` and disposed
    // before it; raw pointers never escape this function.
    unsafe {
        let ctx = Ctx(LLVMContextCreate());
        // LLVM's default handler exits the process on an error diagnostic;
        // collect them instead and report them as load errors.
        LLVMContextSetDiagnosticHandler(ctx.0, Some(collect_diagnostic), std::ptr::null_mut());
        DIAGNOSTICS.with(|d| d.borrow_mut().clear());
        let mut main: Option<LLVMModuleRef> = None;
        for p in paths {
            let m = parse_file(ctx.0, p)?;
            match main {
                None => main = Some(m),
                Some(dst) => {
                    if LLVMLinkModules2(dst, m) != 0 {
                        LLVMDisposeModule(dst);
                        return Err(LoadError::Link { path: p.display().to_string(), msg: diagnostics() });
                    }
                }
            }
        }
        let module = main.ok_or_else(|| LoadError::Unsupported("no input files".into()))?;
        // The functions the program defines itself (a runtime definition
        // of the same name loses to them when the modules are linked).
        let mut own = rustc_hash::FxHashSet::default();
        let mut f = LLVMGetFirstFunction(module);
        while !f.is_null() {
            if LLVMIsDeclaration(f) == 0 {
                own.insert(value_name(f));
            }
            f = LLVMGetNextFunction(f);
        }
        if let Err(e) = alias::apply(module, &opts.aliases) {
            LLVMDisposeModule(module);
            return Err(e);
        }
        if opts.optimize {
            optimize(module)?;
        }
        if has_vector_code(module) {
            scalarize(module)?;
        }
        if let Some(out) = &opts.module_out {
            let c = CString::new(out.display().to_string())
                .map_err(|_| LoadError::Io { path: out.display().to_string(), msg: "path contains NUL".into() })?;
            if llvm_sys::bit_writer::LLVMWriteBitcodeToFile(module, c.as_ptr()) != 0 {
                LLVMDisposeModule(module);
                return Err(LoadError::Io { path: out.display().to_string(), msg: "cannot write the bitcode".into() });
            }
        }
        let escaping = if opts.escaping { escaping_functions(module) } else { Vec::new() };
        // The program's own text, before the runtime joins it.
        let assembly = if opts.assembly { take_msg(LLVMPrintModuleToString(module)) } else { String::new() };
        if let Some(rt) = runtime {
            let buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(rt.as_ptr() as *const _, rt.len(), c"runtime".as_ptr());
            let mut rm: LLVMModuleRef = std::ptr::null_mut();
            let failed = llvm_sys::bit_reader::LLVMParseBitcodeInContext2(ctx.0, buf, &mut rm) != 0;
            LLVMDisposeMemoryBuffer(buf);
            if failed {
                LLVMDisposeModule(module);
                return Err(LoadError::Parse { path: "<runtime>".into(), msg: "runtime bitcode is invalid".into() });
            }
            if llvm_sys::linker::LLVMLinkModules2(module, rm) != 0 {
                LLVMDisposeModule(module);
                return Err(LoadError::Link {
                    path: "<runtime>".into(),
                    msg: "runtime conflicts with the program".into(),
                });
            }
        }
        let res = Lowerer::new(module).and_then(|mut l| {
            l.own = if runtime.is_some() { Some(own) } else { None };
            l.inst_text = opts.inst_text;
            l.run()
        });
        let res = res.map(|mut p| {
            p.assembly = assembly;
            p.escaping = escaping;
            p
        });
        LLVMDisposeModule(module);
        res
    }
}

/// Runs an LLVM pass pipeline over `module`; `scalar`: with the
/// vectorizers off. `what` names the step in an error.
unsafe fn run_passes(
    module: LLVMModuleRef, pipeline: &std::ffi::CStr, scalar: bool, what: &str,
) -> Result<(), LoadError> {
    use llvm_sys::transforms::pass_builder::*;
    let opts = LLVMCreatePassBuilderOptions();
    if scalar {
        LLVMPassBuilderOptionsSetLoopVectorization(opts, 0);
        LLVMPassBuilderOptionsSetSLPVectorization(opts, 0);
    }
    let err = LLVMRunPasses(module, pipeline.as_ptr(), std::ptr::null_mut(), opts);
    LLVMDisposePassBuilderOptions(opts);
    if err.is_null() {
        return Ok(());
    }
    let msg = llvm_sys::error::LLVMGetErrorMessage(err);
    Err(LoadError::Unsupported(format!("{what}: {}", take_msg(msg))))
}

/// LLVM's scalarizer over `module`: vector arithmetic, comparisons,
/// selects, casts, shuffles and element accesses at a variable index become
/// operations on their elements (vector values stay aggregates at loads,
/// stores, calls and returns, which the executor holds as arrays).
unsafe fn scalarize(module: LLVMModuleRef) -> Result<(), LoadError> {
    run_passes(module, c"function(scalarizer)", false, "vector code")
}

/// LLVM's `default<O2>` pipeline over `module`, vectorizers off.
unsafe fn optimize(module: LLVMModuleRef) -> Result<(), LoadError> {
    run_passes(module, c"default<O2>", true, "--optimize")
}

thread_local! {
    static DIAGNOSTICS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

extern "C" fn collect_diagnostic(info: LLVMDiagnosticInfoRef, _ctx: *mut libc::c_void) {
    // SAFETY: LLVM passes a valid diagnostic; the description is a message we dispose.
    let text = unsafe { take_msg(LLVMGetDiagInfoDescription(info)) };
    DIAGNOSTICS.with(|d| d.borrow_mut().push(text));
}

/// The diagnostics LLVM reported since the context was made, joined.
fn diagnostics() -> String {
    DIAGNOSTICS.with(|d| d.borrow().join("; "))
}

/// Refuses bitcode written by an LLVM newer than the one linked (see
/// `producer`), before LLVM's reader sees it.
fn check_producer(path: &str, data: &[u8]) -> Result<(), LoadError> {
    let Some(producer) = super::producer::producer(data) else { return Ok(()) };
    let (major, minor, patch) = super::producer::llvm_version();
    match super::producer::producer_major(&producer) {
        Some(m) if m > major => Err(LoadError::Newer {
            path: path.to_string(),
            producer: producer.replacen("LLVM", "LLVM ", 1),
            reader: format!("{major}.{minor}.{patch}"),
        }),
        _ => Ok(()),
    }
}

/// Refuses a bitcode file written by an LLVM newer than the one linked
/// (text IR and files that are not bitcode pass: loading judges them).
/// Commands call it on their inputs before they create anything.
pub(crate) fn check_bitcode_version(p: &Path) -> Result<(), LoadError> {
    check_producer(&p.display().to_string(), &file_head(p))
}

/// The first bytes of a file (its identification block is there).
fn file_head(p: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::new();
    if let Ok(f) = std::fs::File::open(p) {
        let _ = f.take(1 << 16).read_to_end(&mut head);
    }
    head
}

unsafe fn parse_file(ctx: LLVMContextRef, p: &Path) -> Result<LLVMModuleRef, LoadError> {
    let path = p.display().to_string();
    check_producer(&path, &file_head(p))?;
    let cpath = CString::new(path.clone())
        .map_err(|_| LoadError::Io { path: path.clone(), msg: "path contains NUL".into() })?;
    let mut buf: LLVMMemoryBufferRef = std::ptr::null_mut();
    let mut msg: *mut libc::c_char = std::ptr::null_mut();
    if LLVMCreateMemoryBufferWithContentsOfFile(cpath.as_ptr(), &mut buf, &mut msg) != 0 {
        return Err(LoadError::Io { path, msg: take_msg(msg) });
    }
    let mut m: LLVMModuleRef = std::ptr::null_mut();
    let is_text = p.extension().is_some_and(|e| e == "ll");
    if is_text {
        // Takes ownership of `buf`.
        if llvm_sys::ir_reader::LLVMParseIRInContext(ctx, buf, &mut m, &mut msg) != 0 {
            return Err(LoadError::Parse { path, msg: take_msg(msg) });
        }
    } else {
        let failed = llvm_sys::bit_reader::LLVMParseBitcodeInContext2(ctx, buf, &mut m) != 0;
        LLVMDisposeMemoryBuffer(buf);
        if failed {
            let d = diagnostics();
            let msg = if d.is_empty() {
                "not valid LLVM bitcode".to_string()
            } else {
                format!("not valid LLVM bitcode: {d}")
            };
            return Err(LoadError::Parse { path, msg });
        }
    }
    Ok(m)
}

/// Whether any instruction of `module` makes or reads a vector (the
/// scalarizer's pass manager is set up only then).
unsafe fn has_vector_code(module: LLVMModuleRef) -> bool {
    use llvm_sys::LLVMTypeKind::LLVMVectorTypeKind;
    let is_vec = |v: LLVMValueRef| LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind;
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                if is_vec(i) || (0..LLVMGetNumOperands(i) as u32).any(|k| is_vec(LLVMGetOperand(i, k))) {
                    return true;
                }
                i = LLVMGetNextInstruction(i);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        f = LLVMGetNextFunction(f);
    }
    false
}

/// The functions of `module` whose address is taken, as LLVM's
/// `hasAddressTaken` finds them: a use that is not the callee of a call of
/// the used value's own type (a call through a cast, a function handed as
/// an argument or stored). A use through an alias is a use of its aliasee;
/// the cast in an alias's own definition is not a use; block addresses are
/// not.
unsafe fn escaping_functions(module: LLVMModuleRef) -> Vec<String> {
    let mut out = Vec::new();
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        if !value_name(f).starts_with("llvm.") && address_taken(module, f) {
            out.push(value_name(f));
        }
        f = LLVMGetNextFunction(f);
    }
    out
}

/// Whether a use of `f`, or of an alias of it, takes its address.
unsafe fn address_taken(module: LLVMModuleRef, f: LLVMValueRef) -> bool {
    if takes_address(f) {
        return true;
    }
    let mut a = LLVMGetFirstGlobalAlias(module);
    while !a.is_null() {
        if strip_casts(LLVMAliasGetAliasee(a)) == f && takes_address(a) {
            return true;
        }
        a = LLVMGetNextGlobalAlias(a);
    }
    false
}

unsafe fn strip_casts(mut v: LLVMValueRef) -> LLVMValueRef {
    while !LLVMIsAConstantExpr(v).is_null()
        && matches!(LLVMGetConstOpcode(v), llvm_sys::LLVMOpcode::LLVMBitCast | llvm_sys::LLVMOpcode::LLVMAddrSpaceCast)
    {
        v = LLVMGetOperand(v, 0);
    }
    v
}

/// Whether some use of `v` (a function or an alias) is not a call of it.
unsafe fn takes_address(v: LLVMValueRef) -> bool {
    let own_type = LLVMGlobalGetValueType(v);
    let mut u = LLVMGetFirstUse(v);
    while !u.is_null() {
        let user = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        if !LLVMIsABlockAddress(user).is_null() || !LLVMIsAGlobalAlias(user).is_null() {
            continue;
        }
        let is_call = !LLVMIsACallInst(user).is_null() || !LLVMIsAInvokeInst(user).is_null();
        if is_call {
            let callee = LLVMGetCalledValue(user);
            let args = LLVMGetNumArgOperands(user);
            let as_arg = (0..args).any(|k| LLVMGetOperand(user, k) == v);
            if callee == v && !as_arg && LLVMGetCalledFunctionType(user) == own_type {
                continue;
            }
            return true;
        }
        // A cast used only to define aliases is not a use.
        if !LLVMIsAConstantExpr(user).is_null() && only_alias_users(user) {
            continue;
        }
        return true;
    }
    false
}

unsafe fn only_alias_users(v: LLVMValueRef) -> bool {
    let mut u = LLVMGetFirstUse(v);
    let mut any = false;
    while !u.is_null() {
        if LLVMIsAGlobalAlias(LLVMGetUser(u)).is_null() {
            return false;
        }
        any = true;
        u = LLVMGetNextUse(u);
    }
    any
}
