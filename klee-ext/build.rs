//! Builds the C runtime (klee-ext/runtime/*.c) into one bitcode file that
//! the executor links after every program. Needs clang and llvm-link of
//! LLVM 16 (preferred) or 14 (Debian: apt-get install clang-16 llvm-16),
//! or `SE2REPAIR_BUILD_CLANG`/`SE2REPAIR_LLVM_LINK`; says so and stops
//! otherwise. The LLVM linked in (16) reads what either writes.

use std::path::PathBuf;
use std::process::Command;

fn tool(candidates: &[&str], env: &str) -> Option<String> {
    if let Ok(p) = std::env::var(env) {
        return Some(p);
    }
    candidates
        .iter()
        .find(|c| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()))
        .map(|c| c.to_string())
}

fn fail(msg: &str) -> ! {
    eprintln!("\nerror: {msg}\n");
    std::process::exit(1);
}

fn main() {
    // The native host-call shim (signal-protected FFI calls).
    println!("cargo:rerun-if-changed=native");
    let mut shim = cc::Build::new();
    shim.file("native/hostcall.c").warnings(true);
    if let Ok(o) = Command::new("pkg-config").args(["--cflags-only-I", "libffi"]).output() {
        for inc in String::from_utf8_lossy(&o.stdout).split_whitespace() {
            if let Some(dir) = inc.strip_prefix("-I") {
                shim.include(dir);
            }
        }
    }
    shim.compile("se2hostcall");
    println!("cargo:rerun-if-changed=runtime");
    println!("cargo:rerun-if-changed=include");
    println!("cargo:rerun-if-env-changed=SE2REPAIR_BUILD_CLANG");
    println!("cargo:rerun-if-env-changed=SE2REPAIR_LLVM_LINK");
    let clang = tool(&["clang-16", "clang-14", "clang"], "SE2REPAIR_BUILD_CLANG")
        .unwrap_or_else(|| fail("clang-16 not found: the C runtime is compiled to LLVM bitcode with it. Install it with `apt-get install clang-16` or set SE2REPAIR_BUILD_CLANG."));
    let link = tool(&["llvm-link-16", "llvm-link-14", "llvm-link"], "SE2REPAIR_LLVM_LINK").unwrap_or_else(|| {
        fail("llvm-link-16 not found. Install it with `apt-get install llvm-16` or set SE2REPAIR_LLVM_LINK.")
    });
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut srcs: Vec<PathBuf> = std::fs::read_dir("runtime")
        .unwrap_or_else(|e| fail(&format!("cannot read klee-ext/runtime: {e}")))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    // The undefined-behaviour sanitizer's handlers (C++ with C linkage),
    // kept under the path their reports name.
    srcs.push(PathBuf::from("runtime/Sanitizer/ubsan/ubsan_handlers.cpp"));
    srcs.sort();
    let mut bcs = Vec::new();
    for s in &srcs {
        let bc = out.join(format!("{}.bc", s.file_stem().expect("file name").to_string_lossy()));
        let cxx: &[&str] = if s.extension().is_some_and(|x| x == "cpp") {
            &["-x", "c++", "-fno-exceptions", "-fno-rtti", "-std=c++14"]
        } else {
            &[]
        };
        let st = Command::new(&clang)
            .args([
                "-emit-llvm",
                "-c",
                "-O1",
                "-fno-builtin",
                "-fno-vectorize",
                "-fno-slp-vectorize",
                "-g0",
                "-Wall",
                "-Iinclude",
                "-Iruntime",
            ])
            .args(cxx)
            .arg(s)
            .arg("-o")
            .arg(&bc)
            .status()
            .unwrap_or_else(|e| fail(&format!("cannot run {clang}: {e}")));
        if !st.success() {
            fail(&format!("compiling the runtime file {} failed", s.display()));
        }
        bcs.push(bc);
    }
    let runtime = out.join("runtime.bc");
    if bcs.is_empty() {
        // An empty module: programs then need no C library beyond the FFI.
        let empty = out.join("empty.c");
        std::fs::write(&empty, "").expect("write to OUT_DIR");
        let st = Command::new(&clang).args(["-emit-llvm", "-c"]).arg(&empty).arg("-o").arg(&runtime).status();
        if !st.is_ok_and(|s| s.success()) {
            fail("cannot build an empty runtime module");
        }
        return;
    }
    let st = Command::new(&link)
        .args(&bcs)
        .arg("-o")
        .arg(&runtime)
        .status()
        .unwrap_or_else(|e| fail(&format!("cannot run {link}: {e}")));
    if !st.success() {
        fail("linking the runtime bitcode failed");
    }
}
