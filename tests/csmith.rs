//! csmith differential test: a fixed batch of random C programs generated
//! by csmith (the same options as `scripts/csmith-diff.sh`) is compiled
//! natively with clang (-O0) and run, then run through `se2repair run`;
//! stdout (csmith's "checksum = ...") and the exit code must be identical
//! for every program. The seeds are ones that agree today, so a failure
//! is a regression in the VM (or its C runtime). Programs whose native
//! build or run fails are reported as failures too, since the seeds were
//! chosen to run natively in well under a second.
//!
//! Needs csmith on PATH and its runtime headers (csmith.h), which Debian
//! ships in a separate package: `apt-get install csmith libcsmith-dev`.
//! The header folder is `$CSMITH_INCLUDE`, else /usr/include/csmith or
//! /usr/local/include/csmith. Without them the test fails and says so.

mod common;

use common::{clang, parallel_map, run_with_input};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Keep in sync with CSMITH_OPTS in scripts/csmith-diff.sh.
const CSMITH_OPTS: &[&str] = &[
    "--no-argc",
    "--concise",
    "--max-funcs",
    "4",
    "--max-block-depth",
    "3",
    "--max-block-size",
    "4",
    "--max-expr-complexity",
    "6",
    "--max-array-dim",
    "2",
    "--max-array-len-per-dim",
    "6",
    "--max-struct-fields",
    "6",
    "--max-union-fields",
    "4",
    "--max-pointer-depth",
    "2",
];

/// Seeds whose programs (csmith 2.3.0) agree with native execution.
/// Seeds 10, 26 and 46 use packed bitfield runs wider than 64 bits.
const SEEDS: &[u32] = &[1, 4, 6, 10, 13, 15, 23, 26, 27, 32, 46];

fn csmith_include() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Ok(d) = std::env::var("CSMITH_INCLUDE") {
        dirs.push(d.into());
    }
    dirs.push("/usr/include/csmith".into());
    dirs.push("/usr/local/include/csmith".into());
    dirs.into_iter().find(|d| d.join("csmith.h").is_file())
}

/// Generates, runs natively and runs in the VM the program of `seed`;
/// `None` when both agree, else a description of the difference.
fn check_seed(seed: u32, inc: &Path, tmp: &Path) -> Option<String> {
    let src = tmp.join(format!("seed-{seed}.c"));
    let o = Command::new("csmith")
        .args(CSMITH_OPTS)
        .arg("--seed")
        .arg(seed.to_string())
        .arg("--output")
        .arg(&src)
        .output()
        .expect("run csmith");
    if !o.status.success() {
        return Some(format!("seed {seed}: csmith failed: {}", String::from_utf8_lossy(&o.stderr)));
    }
    let exe = tmp.join(format!("seed-{seed}.native"));
    let o = Command::new(clang())
        .args(["-O0", "-w"])
        .arg(format!("-I{}", inc.display()))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run clang");
    if !o.status.success() {
        return Some(format!("seed {seed}: native build failed: {}", String::from_utf8_lossy(&o.stderr)));
    }
    let native = run_with_input(Command::new(&exe), b"", Duration::from_secs(10));
    if native.code != Some(0) {
        return Some(format!("seed {seed}: native run failed (exit {:?}); pick another seed", native.code));
    }
    let out_dir = tmp.join(format!("seed-{seed}.vm-out"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_se2repair"));
    cmd.args(["run", "-q", "--max-time", "60", "--output-dir"])
        .arg(&out_dir)
        .arg(format!("--cflags=-I{} -w", inc.display()))
        .arg(&src);
    let vm = run_with_input(cmd, b"", Duration::from_secs(120));
    if vm.stdout != native.stdout || vm.code != native.code {
        // With -q a failed path's error is only in the output folder.
        let mut err = String::from_utf8_lossy(&vm.stderr).into_owned();
        if err.trim().is_empty() {
            let mut errs: Vec<PathBuf> = std::fs::read_dir(&out_dir)
                .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.to_string_lossy().ends_with(".err")).collect())
                .unwrap_or_default();
            errs.sort();
            err = errs.first().and_then(|p| std::fs::read_to_string(p).ok()).unwrap_or_default();
        }
        return Some(format!(
            "seed {seed}: native exit {:?} vs vm exit {:?}\n  native stdout: {:?}\n  vm stdout:     {:?}\n  vm stderr: {}",
            native.code,
            vm.code,
            String::from_utf8_lossy(&native.stdout),
            String::from_utf8_lossy(&vm.stdout),
            err.lines().take(6).collect::<Vec<_>>().join("\n    ")
        ));
    }
    None
}

#[test]
fn csmith_programs_match_native_execution() {
    let found = Command::new("csmith").arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(found, "csmith is not on PATH: install the csmith package (Debian: apt-get install csmith libcsmith-dev)");
    let inc = csmith_include().unwrap_or_else(|| {
        panic!("csmith.h not found in $CSMITH_INCLUDE, /usr/include/csmith or /usr/local/include/csmith: install the libcsmith-dev package (Debian ships csmith's runtime headers there, not in the csmith package)")
    });
    let tmp = tempfile::tempdir().unwrap();
    let failures: Vec<String> =
        parallel_map(SEEDS, |&seed| check_seed(seed, &inc, tmp.path())).into_iter().flatten().collect();
    assert!(
        failures.is_empty(),
        "{} of {} csmith programs differ from native execution:\n{}",
        failures.len(),
        SEEDS.len(),
        failures.join("\n")
    );
}
