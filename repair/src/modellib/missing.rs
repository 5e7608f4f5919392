//! `se2repair run --model-missing`: a program that calls functions nobody
//! can provide runs on. Each missing function (declared and called, but
//! defined neither by the program, nor by the VM's C library, nor by the
//! host's, or named with `--unavailable`) becomes the built-in sketch its
//! signature fits, with a second-order hole named after the function, so
//! each path's witness says which behaviour of the function it assumed.

use super::sig::{self, Signature};
use klee_ext::ir::FuncKind;
use std::path::{Path, PathBuf};

/// One missing function and the C that stands in for it.
#[derive(Clone, Debug)]
pub struct Missing {
    pub name: String,
    pub signature: String,
    pub sketch: String,
    /// The hole's name (the function's).
    pub hole: String,
    pub file: PathBuf,
}

/// Whether the host process can resolve `name`.
fn on_host(name: &str) -> bool {
    let Ok(c) = std::ffi::CString::new(name) else { return false };
    // SAFETY: dlsym with RTLD_DEFAULT only looks the symbol up.
    !unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) }.is_null()
}

/// The missing functions of the program made of `c_sources` (and
/// `bitcode` inputs), each written as a sketch instance into `dir`.
pub fn sketch_missing(
    c_sources: &[PathBuf], bitcode: &[PathBuf], cflags: &[String], unavailable: &[String], dir: &Path,
) -> Result<Vec<Missing>, String> {
    if c_sources.is_empty() {
        return Err("unsupported: --model-missing reads the missing functions' declarations from C sources; give the program as .c files".into());
    }
    let mut bcs = klee_ext::compile::compile_c(c_sources, cflags, dir).map_err(|e| e.to_string())?;
    bcs.extend(bitcode.iter().cloned());
    let paths: Vec<&Path> = bcs.iter().map(|b| b.as_path()).collect();
    let prog = klee_ext::ir::load_module_file(&paths, Some(klee_ext::RUNTIME_BC)).map_err(|e| e.to_string())?;
    let mut names: Vec<String> = prog
        .funcs
        .iter()
        .filter(|f| matches!(f.kind, FuncKind::External) && !f.name.starts_with("llvm.") && !on_host(&f.name))
        .map(|f| f.name.clone())
        .collect();
    for u in unavailable {
        if prog.funcs.iter().any(|f| f.name == *u && matches!(f.kind, FuncKind::Defined)) {
            // Defined by the program itself (not by the VM's library)?
            for s in c_sources {
                let text = std::fs::read_to_string(s).map_err(|e| format!("{}: {e}", s.display()))?;
                if let Some(line) = super::uses::function_uses(&text, u).defined {
                    return Err(format!("--unavailable {u}: the program defines it ({}:{line})", s.display()));
                }
            }
        }
        if !names.contains(u) {
            names.push(u.clone());
        }
    }
    names.sort();
    names.dedup();
    let mut out = Vec::new();
    for name in names {
        let Some(decl) = super::declaration_in(c_sources, &name, cflags)? else {
            return Err(format!(
                "unsupported: {name} is missing and no C source declares it, so its signature is unknown"
            ));
        };
        let sig = Signature::new(&name, decl);
        let sketch = sig.sketch().map_err(|e| format!("unsupported: {name} is missing and {e}"))?;
        let (_, text) = super::builtin_sketch(sketch)?;
        // One instance per function: its own sketch function and hole.
        let own = format!("se2_sketch_{sketch}_{name}");
        let body = text.replace(&format!("se2_sketch_{sketch}"), &own);
        let holes = sig::hole_calls(&body);
        let mut inst = String::new();
        let mut at = 0;
        for h in holes {
            inst.push_str(&body[at..h.span.start]);
            inst.push_str(&format!(
                "klee_apply_symbolic(\"{name}\", {}, {})",
                &body[h.span.clone()].split(',').nth(1).unwrap_or("0").trim(),
                h.args
            ));
            at = h.span.end;
        }
        inst.push_str(&body[at..]);
        let adapter = sig.adapter(sketch).replace(&format!("se2_sketch_{sketch}("), &format!("{own}("));
        let file = dir.join(format!("se2_missing_{name}.c"));
        std::fs::write(&file, format!("{inst}\n{adapter}")).map_err(|e| e.to_string())?;
        out.push(Missing {
            name: name.clone(),
            signature: sig.describe(),
            sketch: sketch.to_string(),
            hole: name,
            file,
        });
    }
    Ok(out)
}
