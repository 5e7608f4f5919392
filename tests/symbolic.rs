//! Symbolic exploration end to end. Each `tests/symbolic/*.c` states its
//! expectations in comments:
//! `// EXPECT: paths=N errors=M` (paths completed and error paths),
//! `// EXPECT-ERROR: KIND LINE` (an error of that kind at that line),
//! `// RUN: OPTIONS` (program options such as `--sym-arg 2`).
//! Further tests replay every `.ktest` written and check the same output
//! comes back, and check fork limits and searchers.

mod common;

use common::{bin, corpus_files, run_with_input};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

struct Run {
    dir: tempfile::TempDir,
    summary: serde_json::Value,
}

fn run(file: &Path, tool: &[&str], prog: &[String]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(bin());
    cmd.arg("run").arg("--output-dir").arg(dir.path().join("out")).args(tool).arg(file).args(prog);
    let o = run_with_input(cmd, b"", Duration::from_secs(120));
    let text = std::fs::read_to_string(dir.path().join("out/summary.json")).unwrap_or_else(|_| {
        panic!("{}: no summary.json; exit {:?}\n{}", file.display(), o.code, String::from_utf8_lossy(&o.stderr))
    });
    Run { summary: serde_json::from_str(&text).unwrap(), dir }
}

fn expectations(file: &Path) -> (Vec<(String, u64)>, Vec<(String, u64)>, Vec<String>) {
    let text = std::fs::read_to_string(file).unwrap();
    let mut counts = Vec::new();
    let mut errors = Vec::new();
    let mut opts = Vec::new();
    for l in text.lines() {
        if let Some(e) = l.strip_prefix("// EXPECT:") {
            for kv in e.split_whitespace() {
                let (k, v) = kv.split_once('=').unwrap();
                counts.push((k.to_string(), v.parse().unwrap()));
            }
        } else if let Some(e) = l.strip_prefix("// EXPECT-ERROR:") {
            let mut it = e.split_whitespace();
            errors.push((it.next().unwrap().to_string(), it.next().unwrap().parse().unwrap()));
        } else if let Some(r) = l.strip_prefix("// RUN:") {
            opts = r.split_whitespace().map(String::from).collect();
        }
    }
    (counts, errors, opts)
}

fn symbolic_files() -> Vec<PathBuf> {
    corpus_files("tests/symbolic")
}

#[test]
fn symbolic_programs_meet_their_expectations() {
    let files = symbolic_files();
    assert!(files.len() >= 12);
    let mut failures = Vec::new();
    for f in &files {
        let (counts, errors, opts) = expectations(f);
        assert!(!counts.is_empty(), "{}: no EXPECT line", f.display());
        let r = run(f, &["-q"], &opts);
        for (k, want) in &counts {
            let got = match k.as_str() {
                "paths" => r.summary["paths_completed"].as_u64().unwrap(),
                "errors" => r.summary["errors"].as_array().unwrap().len() as u64,
                other => panic!("unknown expectation {other}"),
            };
            if got != *want {
                failures.push(format!("{}: {k} = {got}, expected {want}", f.display()));
            }
        }
        let got_errors: Vec<(String, u64)> = r.summary["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["kind"].as_str().unwrap().to_string(), e["line"].as_u64().unwrap_or(0)))
            .collect();
        for e in &errors {
            if !got_errors.contains(e) {
                failures.push(format!(
                    "{}: expected a {} error at line {}, got {:?}",
                    f.display(),
                    e.0,
                    e.1,
                    got_errors
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every `.ktest` replays to the same stdout as the path that wrote it.
#[test]
fn ktest_files_replay_to_the_same_output() {
    for name in [
        "branches6.c",
        "sym_arg.c",
        "sym_stdin.c",
        "switch_sym.c",
        "strchr_sym.c",
        "sym_file_path.c",
        "table_by_char.c",
        "err_div.c",
    ] {
        let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/symbolic").join(name);
        let (_, _, opts) = expectations(&f);
        let r = run(&f, &["-q"], &opts);
        let out = r.dir.path().join("out");
        let mut ktests: Vec<PathBuf> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ktest"))
            .collect();
        ktests.sort();
        assert_eq!(ktests.len() as u64, r.summary["paths_completed"].as_u64().unwrap(), "{name}: one .ktest per path");
        for k in ktests {
            let parsed = klee_ext::ktest::KTest::load(&k).unwrap();
            assert!(!parsed.objects.is_empty(), "{}: no objects", k.display());
            let expected = std::fs::read(k.with_extension("stdout")).unwrap_or_default();
            let replay = tempfile::tempdir().unwrap();
            let mut cmd = Command::new(bin());
            cmd.arg("run")
                .arg("-q")
                .arg("--replay")
                .arg(&k)
                .arg("--output-dir")
                .arg(replay.path().join("o"))
                .arg(&f)
                .args(&opts);
            let o = run_with_input(cmd, b"", Duration::from_secs(60));
            assert_eq!(
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&expected),
                "{}: replay of {} gives other output",
                name,
                k.display()
            );
            let s: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(replay.path().join("o/summary.json")).unwrap()).unwrap();
            assert_eq!(s["paths_completed"], 1, "{name}: a replay runs one path");
        }
    }
}

#[test]
fn fork_limit_bounds_the_paths() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/symbolic/branches6.c");
    let r = run(&f, &["-q", "--max-forks", "3"], &[]);
    assert_eq!(r.summary["forks"], 3);
    assert_eq!(r.summary["paths_completed"], 4);
}

#[test]
fn every_searcher_explores_all_paths() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/symbolic/branches6.c");
    for s in ["dfs", "bfs", "random-state", "random-path", "nurs:covnew"] {
        let r = run(&f, &["-q", "--search", s], &[]);
        assert_eq!(r.summary["paths_completed"], 64, "--search {s}");
    }
    let mut cmd = Command::new(bin());
    cmd.args(["run", "-q", "--search", "nonsense"]).arg(&f);
    let o = run_with_input(cmd, b"", Duration::from_secs(60));
    assert_eq!(o.code, Some(125));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown --search"));
}

/// A concrete program builds no expression and asks the solver nothing.
#[test]
fn concrete_runs_never_touch_the_solver() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/057_sieve.c");
    let r = run(&f, &["-q"], &[]);
    assert_eq!(r.summary["paths_completed"], 1);
    assert_eq!(r.summary["solver_queries"], 0);
    assert_eq!(r.summary["expressions"], 2, "only the two Boolean constants exist");
}

/// A query the solver cannot finish in time ends its path early, and the
/// run says so (exit 124).
#[test]
fn solver_time_limit_is_honoured() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("factor.c");
    // Inverting three rounds of a 64-bit multiply-xorshift mixer, then a
    // non-linear equation, takes Z3 far longer than 100 ms.
    std::fs::write(
        &f,
        "#include <klee/klee.h>\nint main(void) {\n  unsigned long x;\n  klee_make_symbolic(&x, sizeof x, \"x\");\n  for (int r = 0; r < 3; r++) {\n    x ^= x >> 33; x *= 0xff51afd7ed558ccdUL;\n    x ^= x >> 29; x *= 0xc4ceb9fe1a85ec53UL;\n  }\n  x ^= x >> 32;\n  if (x * (x | 1) == 0x0123456789abcdefUL) return 1;\n  return 0;\n}\n",
    )
    .unwrap();
    let mut cmd = Command::new(bin());
    cmd.arg("run").arg("--max-solver-time").arg("100ms").arg("--output-dir").arg(dir.path().join("o")).arg(&f);
    let o = run_with_input(cmd, b"", Duration::from_secs(120));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.code, Some(124), "{err}");
    assert!(err.contains("solver query timed out"), "{err}");
}

/// `ktest-tool` prints a test case as KLEE's tool does.
#[test]
fn ktest_tool_prints_test_cases() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/symbolic/assume.c");
    let r = run(&f, &["-q"], &[]);
    let k = r.dir.path().join("out/test000001.ktest");
    let o = Command::new(bin()).arg("ktest-tool").arg(&k).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert!(text.contains("num objects: 1"), "{text}");
    assert!(text.contains("object 0: name: 'x'"), "{text}");
    assert!(text.contains("object 0: size: 4"), "{text}");
    let v: i64 = text.lines().find_map(|l| l.strip_prefix("object 0: int : ")).unwrap().parse().unwrap();
    assert!((1..10).contains(&v), "klee_assume bounds x to 1..9, got {v}");
    assert!(text.contains(&format!("args       : ['{}']", f.display())), "{text}");
}

/// `ktest-tool --trim-zeros` and `--extract NAME`, as KLEE's tool.
#[test]
fn ktest_tool_trims_zeros_and_extracts_objects() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("t.ktest");
    let kt = klee_ext::ktest::KTest {
        args: vec!["p.bc".into()],
        sym_argvs: 0,
        sym_argv_len: 0,
        objects: vec![("buf".into(), b"ab\0\0".to_vec()), ("n".into(), 5i32.to_le_bytes().to_vec())],
    };
    kt.save(&k).unwrap();
    let tool = |args: &[&str]| Command::new(bin()).arg("ktest-tool").args(args).arg(&k).output().unwrap();
    let o = tool(&["--trim-zeros"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    for line in [
        "object 0: size: 4",
        "object 0: data: b'ab'",
        "object 0: hex : 0x6162",
        "object 0: text: ab",
        "object 1: hex : 0x05",
        "object 1: int : 5",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
    }
    let full = String::from_utf8_lossy(&tool(&[]).stdout).into_owned();
    assert!(full.contains("object 0: data: b'ab\\x00\\x00'") && full.contains("object 1: hex : 0x05000000"), "{full}");
    let o = tool(&["--extract", "buf"]);
    assert!(o.status.success() && o.stdout.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(dir.path().join("t.ktest.buf")).unwrap(), b"ab\0\0");
    assert!(!dir.path().join("t.ktest.n").exists());
    assert!(tool(&["--extract", "buf", "--trim-zeros"]).status.success());
    assert_eq!(std::fs::read(dir.path().join("t.ktest.buf")).unwrap(), b"ab");
    let o = tool(&["--extract", "nope", "--extract", "gone"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("could not find objects: gone, nope"));
}
