//! Bad input gets a clear message and a non-zero exit, never a panic:
//! 125 for the tool's own failures, 124 when a limit ends the run, and the
//! native-like code of an error path otherwise (see `src/main.rs`).

mod common;

use common::{bin, run_with_input};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

fn bad(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad").join(name)
}

fn se2(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(bin());
    cmd.arg("run").arg("--output-dir").arg(dir.path().join("o")).args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = run_with_input(cmd, b"", Duration::from_secs(120));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE") && !err.contains("internal error"),
        "panic in stderr:\n{err}"
    );
    (o.code, err)
}

#[test]
fn missing_file_is_reported() {
    let (code, err) = se2(&["/nonexistent/prog.c"], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("no such file"), "{err}");
}

#[test]
fn compile_errors_show_clang_diagnostics() {
    let (code, err) = se2(&[bad("no_compile.c").to_str().unwrap()], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("does not compile") && err.contains("undefined_variable"), "{err}");
}

/// A clang that is not there (asked for by `SE2REPAIR_CLANG` or
/// `--clang`): one line naming it, exit 2, no output folder.
#[test]
fn missing_clang_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o");
    let forever = bad("forever.c");
    for (args, env) in [
        (vec!["run"], vec![("SE2REPAIR_CLANG", "/nonexistent/clang-16")]),
        (vec!["--clang", "/nonexistent/clang-16", "run"], vec![]),
    ] {
        let mut cmd = Command::new(bin());
        cmd.args(&args).arg("--output-dir").arg(&out).arg(&forever).envs(env);
        let o = run_with_input(cmd, b"", Duration::from_secs(60));
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.code, Some(2), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("/nonexistent/clang-16: no such clang"), "{err}");
        assert!(!out.exists(), "an output folder was made");
    }
}

#[test]
fn invalid_bitcode_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let bc = dir.path().join("garbage.bc");
    std::fs::write(&bc, b"this is not bitcode").unwrap();
    let (code, err) = se2(&[bc.to_str().unwrap()], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("not valid LLVM bitcode"), "{err}");
    let ll = dir.path().join("broken.ll");
    std::fs::write(&ll, b"define i32 @main( {").unwrap();
    let (code, err) = se2(&[ll.to_str().unwrap()], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("invalid LLVM input"), "{err}");
    let txt = dir.path().join("prog.txt");
    std::fs::write(&txt, b"hello").unwrap();
    let (code, err) = se2(&[txt.to_str().unwrap()], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("expected a .c, .bc or .ll file"), "{err}");
}

#[test]
fn endless_programs_are_stopped_by_limits() {
    let f = bad("forever.c");
    let (code, err) = se2(&["--max-time", "1s", f.to_str().unwrap()], &[]);
    assert_eq!(code, Some(124));
    assert!(err.contains("time limit"), "{err}");
    let (code, err) = se2(&["--max-instructions", "100000", f.to_str().unwrap()], &[]);
    assert_eq!(code, Some(124));
    assert!(err.contains("instruction limit"), "{err}");
}

#[test]
fn unbounded_allocation_hits_the_memory_limit() {
    let (code, err) = se2(&["--max-memory", "64", bad("hog.c").to_str().unwrap()], &[]);
    assert_eq!(code, Some(124));
    assert!(err.contains("memory limit"), "{err}");
}

#[test]
fn a_large_objects_symbolic_bytes_are_held_to_the_memory_limit() {
    // The shadow is refused before it is made, not found over the cap
    // after the host has given it.
    let (code, err) = se2(&["--max-memory", "256", bad("wide_shadow.c").to_str().unwrap()], &[]);
    assert_eq!(code, Some(124), "{err}");
    assert!(err.contains("the symbolic bytes of a large object would exceed the memory limit"), "{err}");
    assert!(!err.contains("over memory cap"), "{err}");
}

#[test]
fn runaway_recursion_is_a_limit_not_a_crash() {
    // The path ends early at --max-stack-frames, as KLEE's does.
    let (code, err) = se2(&[bad("recurse.c").to_str().unwrap()], &[]);
    assert_eq!(code, Some(124));
    assert!(err.contains("Maximum stack size reached"), "{err}");
}

#[test]
fn unsupported_features_are_named() {
    let (code, err) = se2(&[bad("asm.c").to_str().unwrap()], &[]);
    assert_eq!(code, Some(1));
    assert!(err.contains("unsupported: inline assembly"), "{err}");
    let (code, err) = se2(&[bad("vector.c").to_str().unwrap()], &[]);
    assert_eq!(code, Some(1));
    assert!(err.contains("unsupported: vector"), "{err}");
}

#[test]
fn bad_options_are_refused() {
    let f = bad("forever.c");
    let (code, err) = se2(&["--max-time", "soon", f.to_str().unwrap()], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("invalid time"), "{err}");
    let (code, err) = se2(&[f.to_str().unwrap(), "--sym-arg"], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("--sym-arg needs a number"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("x.ktest");
    std::fs::write(&k, b"garbage").unwrap();
    let (code, err) = se2(&["--replay", k.to_str().unwrap(), f.to_str().unwrap()], &[]);
    assert_eq!(code, Some(125));
    assert!(err.contains("cannot read"), "{err}");
}
