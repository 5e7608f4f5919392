//! KLEE's `--function-alias NAME|PATTERN:REPLACEMENT`: every use of the
//! functions named NAME (or whose whole name the regular expression
//! PATTERN matches) becomes a use of REPLACEMENT, when their types agree.
//! Messages and errors are KLEE's.

use super::LoadError;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;
use std::ffi::CString;

fn fail(msg: String) -> LoadError {
    LoadError::Alias(msg)
}

unsafe fn name_of(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    let p = LLVMGetValueName2(v, &mut len);
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}

/// The function, or the alias of a function, named `name`.
unsafe fn function(module: LLVMModuleRef, name: &str) -> Option<LLVMValueRef> {
    let c = CString::new(name).ok()?;
    let f = LLVMGetNamedFunction(module, c.as_ptr());
    if !f.is_null() {
        return Some(f);
    }
    let a = LLVMGetNamedGlobalAlias(module, c.as_ptr(), name.len());
    (!a.is_null() && LLVMGetTypeKind(LLVMGlobalGetValueType(a)) == LLVMTypeKind::LLVMFunctionTypeKind).then_some(a)
}

/// Why `m` cannot be replaced by `r`, in KLEE's words; `None`: it can.
unsafe fn type_mismatch(m: LLVMValueRef, r: LLVMValueRef) -> Option<&'static str> {
    let (mt, rt) = (LLVMGlobalGetValueType(m), LLVMGlobalGetValueType(r));
    if LLVMGetTypeKind(mt) != LLVMTypeKind::LLVMFunctionTypeKind
        || LLVMGetTypeKind(rt) != LLVMTypeKind::LLVMFunctionTypeKind
    {
        return Some("parameter types differ");
    }
    if LLVMGetReturnType(mt) != LLVMGetReturnType(rt) {
        return Some("return type differs");
    }
    if LLVMIsFunctionVarArg(mt) != LLVMIsFunctionVarArg(rt) {
        return Some("one has varargs while the other does not");
    }
    let n = LLVMCountParamTypes(mt);
    if n != LLVMCountParamTypes(rt) {
        return Some("number of parameters differs");
    }
    let mut a = vec![std::ptr::null_mut(); n as usize];
    let mut b = vec![std::ptr::null_mut(); n as usize];
    LLVMGetParamTypes(mt, a.as_mut_ptr());
    LLVMGetParamTypes(rt, b.as_mut_ptr());
    (a != b).then_some("parameter types differ")
}

unsafe fn try_replace(m: LLVMValueRef, r: LLVMValueRef) -> bool {
    if let Some(why) = type_mismatch(m, r) {
        crate::log::warning(&format!(
            "function-alias: @{} could not be replaced with @{}: {why}",
            name_of(m),
            name_of(r)
        ));
        return false;
    }
    LLVMReplaceAllUsesWith(m, r);
    if !LLVMIsAFunction(m).is_null() {
        LLVMDeleteFunction(m);
    }
    true
}

/// Applies the aliases to `module`, in order.
///
/// # Safety
/// `module` must be a valid module.
pub(super) unsafe fn apply(module: LLVMModuleRef, aliases: &[String]) -> Result<(), LoadError> {
    for pair in aliases {
        let Some(colon) = pair.rfind(':') else {
            return Err(fail("function-alias: no replacement given".into()));
        };
        let (pattern, replacement) = (&pair[..colon], &pair[colon + 1..]);
        if pattern.is_empty() {
            return Err(fail("function-alias: name or pattern cannot be empty".into()));
        }
        if replacement.is_empty() {
            return Err(fail("function-alias: replacement cannot be empty".into()));
        }
        if pattern == replacement {
            return Err(fail(format!("function-alias: @{pattern} cannot replace itself")));
        }
        let Some(r) = function(module, replacement) else {
            return Err(fail(format!("function-alias: replacement function @{replacement} could not be found")));
        };
        if let Some(m) = function(module, pattern) {
            if try_replace(m, r) {
                crate::log::message(&format!("function-alias: replaced @{pattern} with @{replacement}"));
                continue;
            }
            return Err(fail(format!("function-alias: no (replacable) match for '{pattern}' found")));
        }
        let re = regex::Regex::new(&format!("^(?:{pattern})$"))
            .map_err(|e| fail(format!("function-alias: '{pattern}' is not a valid regex: {e}")))?;
        let mut matches = Vec::new();
        let mut f = LLVMGetFirstFunction(module);
        while !f.is_null() {
            let name = name_of(f);
            if re.is_match(&name) {
                if name == replacement {
                    crate::log::warning(&format!("function-alias: do not replace @{name} (matching '{pattern}') with @{replacement}: cannot replace itself"));
                } else {
                    matches.push(f);
                }
            }
            f = LLVMGetNextFunction(f);
        }
        let mut found = false;
        for m in matches {
            let name = name_of(m);
            if try_replace(m, r) {
                found = true;
                crate::log::message(&format!(
                    "function-alias: replaced @{name} (matching '{pattern}') with @{replacement}"
                ));
            }
        }
        if !found {
            return Err(fail(format!("function-alias: no (replacable) match for '{pattern}' found")));
        }
    }
    Ok(())
}
