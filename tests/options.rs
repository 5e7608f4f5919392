//! Settings that used to be environment switches inside the libraries and
//! are now options: `run --so-tune`, `run --dump-queries`, debug traces
//! through `SE2REPAIR_LOG`, and `fix`'s work budgets.

mod common;

use common::bin;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn so_prog(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/so").join(name)
}

fn run(args: &[&str], env: &[(&str, &str)]) -> (Output, tempfile::TempDir) {
    let tmp = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(bin());
    cmd.arg("run").arg("-q").arg("--output-dir").arg(tmp.path().join("out")).args(args);
    cmd.env_remove("SE2REPAIR_LOG");
    for (k, v) in env {
        cmd.env(k, v);
    }
    (cmd.output().unwrap(), tmp)
}

fn paths(tmp: &tempfile::TempDir) -> u64 {
    let s = std::fs::read_to_string(tmp.path().join("out/summary.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&s).unwrap()["paths_completed"].as_u64().unwrap()
}

#[test]
fn so_tune_changes_the_solver_not_the_paths() {
    let prog = so_prog("sign_loop.c");
    let prog = prog.to_str().unwrap();
    let (o, plain) = run(&["--so-lang", "rho=int:2", prog], &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (o, tuned) = run(&["--so-lang", "rho=int:2", "--so-tune", "reset,sortnet", prog], &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(paths(&plain) > 1);
    assert_eq!(paths(&plain), paths(&tuned));
    let (o, _t) = run(&["--so-tune", "fast", prog], &[]);
    assert_eq!(o.status.code(), Some(125));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown --so-tune \"fast\""), "{o:?}");
}

#[test]
fn second_order_queries_are_traced_only_when_asked() {
    let prog = so_prog("sign_loop.c");
    let prog = prog.to_str().unwrap();
    let (quiet, _a) = run(&["--so-lang", "rho=int:2", prog], &[]);
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("so-query"));
    let (traced, _b) = run(&["--so-lang", "rho=int:2", prog], &[("SE2REPAIR_LOG", "se2repair::so=debug")]);
    let err = String::from_utf8_lossy(&traced.stderr);
    assert!(err.lines().any(|l| l.contains("so-query roots=")), "{err}");
}

#[test]
fn dump_queries_writes_each_query_as_smtlib() {
    let tmp = tempfile::tempdir().unwrap();
    let dump = tmp.path().join("queries");
    let prog = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/run/password.c");
    let (o, _t) = run(&["--dump-queries", dump.to_str().unwrap(), prog.to_str().unwrap()], &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let files: Vec<PathBuf> = std::fs::read_dir(&dump).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(!files.is_empty());
    for f in &files {
        assert!(f.extension().is_some_and(|e| e == "smt2"), "{}", f.display());
        assert!(std::fs::read_to_string(f).unwrap().contains("(check-sat)"), "{}", f.display());
    }
}

#[test]
fn fix_budgets_are_options() {
    let tmp = tempfile::tempdir().unwrap();
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/repair/abs_diff");
    let out = tmp.path().join("out");
    let o = Command::new(bin())
        .args(["fix", "--max-instructions", "0", "--output-dir"])
        .arg(&out)
        .arg(&project)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("--max-instructions must be at least 1"), "{o:?}");
    // One instruction per test exploration leaves no path to pass a test;
    // the report says the budget cut the exploration.
    let o = Command::new(bin())
        .args(["fix", "--search", "dfs", "--max-instructions", "1", "--timeout", "20s", "--json", "--output-dir"])
        .arg(&out)
        .arg(&project)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let attempts = r["attempts"].as_array().unwrap();
    assert!(attempts.iter().any(|a| a["result"].as_str().unwrap().contains("within the budget")), "{r}");
    assert_eq!(r["status"], "no-patch", "{r}");
}
