//! Helpers of the tests of the drop-in `klee`: bitcode compiled as KLEE's
//! tests compile it, and the tool run in klee mode.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn include_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("klee-ext/include")
}

/// Compiles `src` (C) to bitcode in `dir` as KLEE's tests do.
pub fn bitcode(dir: &Path, name: &str, src: &str, flags: &[&str]) -> PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, src).unwrap();
    let bc = dir.join(format!("{name}.bc"));
    let st = Command::new(super::clang())
        .args(["-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-I"])
        .arg(include_dir())
        .args(flags)
        .arg(&c)
        .arg("-o")
        .arg(&bc)
        .status()
        .expect("clang");
    assert!(st.success());
    bc
}

/// `se2repair klee ARGS` in `dir`, with no standard input.
pub fn klee(dir: &Path, args: &[&str]) -> Output {
    Command::new(super::bin()).arg("klee").args(args).current_dir(dir).stdin(Stdio::null()).output().unwrap()
}

pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The names in a folder, sorted.
pub fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}
