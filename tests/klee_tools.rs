//! KLEE's tools beside `klee`: `klee-stats` on the statistics a run
//! writes (`run.stats`, `run.istats`).

mod common;

use common::klee::{bitcode, err, klee};
use std::path::Path;
use std::process::{Command, Output};

fn tool(name: &str, dir: &Path, args: &[&str]) -> Output {
    Command::new(common::bin()).arg(name).args(args).current_dir(dir).output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const ABORT_OR_NOT: &str = r#"#include "klee/klee.h"
#include <stdlib.h>
int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof a, "a");
  if (a)
    abort();
  return 0;
}
"#;

const STRAIGHT: &str = "int main(void) { int a = 42; a -= 42; return a; }\n";

#[test]
fn klee_stats_prints_klees_columns_of_a_run() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "abort", ABORT_OR_NOT, &[]);
    let o = klee(d.path(), &["--output-dir=a.klee-out", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = tool("klee-stats", d.path(), &["--print-more", "--table-format=csv", "a.klee-out"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Path,Instrs,Time(s),ICov(%),BCov(%),ICount,TSolver(%),ActiveStates,MaxActiveStates,Mem(MiB),MaxMem(MiB)"
    );
    let row: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(row[0], "a.klee-out");
    assert!(row[1].parse::<u64>().unwrap() > 10, "{text}");
    // Both sides of main's one branch: all of main is covered.
    assert_eq!((row[3], row[4]), ("100.00", "100.00"), "{text}");
    // A state was active when the first row was written.
    assert_eq!(row[8], "1", "{text}");
    let o = tool(
        "klee-stats",
        d.path(),
        &[
            "--print-columns",
            "Branches,FullBranches,BrConditional,TermExit,TermProgrErr",
            "--table-format=csv",
            "a.klee-out",
        ],
    );
    assert_eq!(out(&o), "Branches,FullBranches,BrConditional,TermExit,TermProgrErr\n1,1,1,1,1\n");
    // The profile: main's lines, in the callgrind format.
    let istats = std::fs::read_to_string(d.path().join("a.klee-out/run.istats")).unwrap();
    assert!(istats.starts_with("version: 1\n"), "{istats}");
    assert!(istats.contains("\nfl=") && istats.contains("\nfn=main\n") && istats.contains("\nevents: "), "{istats}");
}

#[test]
fn klee_stats_tables_several_runs_with_a_total() {
    let d = tempfile::tempdir().unwrap();
    let a = bitcode(d.path(), "abort", ABORT_OR_NOT, &[]);
    let s = bitcode(d.path(), "straight", STRAIGHT, &[]);
    for (dir, bc) in [("runs/one", &a), ("runs/two", &s)] {
        let o = klee(d.path(), &[&format!("--output-dir={dir}"), bc.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    }
    // Given the folder that holds them, both runs are found.
    let o = tool("klee-stats", d.path(), &["runs"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("|  Path   |  Instrs|  Time(s)|"), "{text}");
    assert!(lines[3].starts_with("|   one   |") && lines[4].starts_with("|   two   |"), "{text}");
    assert!(lines[6].starts_with("|Total (2)|"), "{text}");
    assert!(lines.iter().all(|l| l.len() == lines[0].len()), "{text}");
    // No branches: full branch coverage.
    let o = tool(
        "klee-stats",
        d.path(),
        &["--print-columns", "BCov(%),Branches,FullBranches,PartialBranches", "--table-format=csv", "runs/two"],
    );
    assert_eq!(out(&o), "BCov(%),Branches,FullBranches,PartialBranches\n100.00,0,0,0\n");
    let o = tool("klee-stats", d.path(), &["--table-format=json", "runs/one"]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v[0]["ICov(%)"], 100.0, "{v}");
}

#[test]
fn klee_stats_refuses_unknown_columns_and_folders_without_statistics() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "straight", STRAIGHT, &[]);
    let o = klee(d.path(), &["--output-dir=k", "--output-istats=false", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(!d.path().join("k/run.istats").exists());
    let o = tool("klee-stats", d.path(), &["--print-columns", "Path,Foo,ICov(%)", "k"]);
    assert_eq!((o.status.code(), err(&o).trim()), (Some(1), "Column(s) not found: Foo"));
    let o = tool("klee-stats", d.path(), &["--print-columns", "", "k"]);
    assert_eq!(o.status.code(), Some(1), "{}", out(&o));
    std::fs::create_dir(d.path().join("empty")).unwrap();
    let o = tool("klee-stats", d.path(), &["empty"]);
    assert_eq!((o.status.code(), err(&o).trim()), (Some(1), "No KLEE output directory found"));
    // Not a database: one line, no table.
    std::fs::write(d.path().join("k/run.stats"), "not sqlite").unwrap();
    let o = tool("klee-stats", d.path(), &["--to-csv", "k"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not a KLEE statistics database"), "{}", err(&o));
}
