//! KLEE's tools beside `klee`: `klee-stats` on the statistics a run
//! writes (`run.stats`, `run.istats`), `klee-replay` and `libkleeRuntest`
//! replaying its tests on natively compiled programs.

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
    assert!(istats.contains("\npositions: instr line\n") && istats.contains("\nob=assembly.ll\n"), "{istats}");
    assert!(istats.contains("\nfl=") && istats.contains("\nfn=main\n") && istats.contains("\nevents: "), "{istats}");
    // Each cost line: instruction number, source line, I, Icov, Iuncov.
    let costs: Vec<Vec<u64>> = istats
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split(' ').map(|x| x.parse().unwrap()).collect())
        .collect();
    assert!(!costs.is_empty() && costs.iter().all(|c| c.len() == 5 && c[0] > 0 && c[1] > 0 && c[3] + c[4] == 1));
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

/// Reads a symbolic file, stdin and an argument, and says which of the
/// three hold; exits with its argument count.
const NATIVE_INPUTS: &str = r#"#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  char buf[8] = {0};
  int fd = open("A", O_RDONLY);
  if (fd >= 0 && read(fd, buf, 3) == 3 && strncmp(buf, "abc", 3) == 0)
    printf("file abc\n");
  char c;
  if (read(0, &c, 1) == 1 && c == 'z')
    printf("stdin z\n");
  if (argc > 1 && strcmp(argv[1], "hi") == 0)
    printf("arg hi\n");
  return argc;
}
"#;

fn gcc(dir: &Path, src: &str, name: &str, extra: &[&str]) -> std::path::PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, src).unwrap();
    let exe = dir.join(name);
    let o = Command::new("gcc")
        .arg("-I")
        .arg(common::klee::include_dir())
        .arg(&c)
        .args(extra)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", err(&o));
    exe
}

#[test]
fn klee_replay_runs_the_native_program_on_each_tests_arguments_files_and_stdin() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "inputs", NATIVE_INPUTS, &[]);
    let exe = gcc(d.path(), NATIVE_INPUTS, "inputs_native", &[]);
    let args = ["--output-dir=o", "--posix-runtime", bc.to_str().unwrap(), "--sym-args", "0", "1", "2"];
    let o = klee(d.path(), &[&args[..], &["--sym-files", "1", "3", "--sym-stdin", "1"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut tests: Vec<_> = std::fs::read_dir(d.path().join("o"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ktest"))
        .collect();
    tests.sort();
    assert!(tests.len() >= 8, "{tests:?}");
    let mut seen = std::collections::BTreeSet::new();
    for t in &tests {
        // What the test's objects say the native run prints.
        let kt = klee_ext::ktest::KTest::load(t).unwrap();
        let obj = |n: &str| kt.objects.iter().find(|(m, _)| m == n).map(|(_, b)| b.clone());
        let mut want = String::new();
        if obj("A_data").unwrap() == b"abc" {
            want.push_str("file abc\n");
        }
        if obj("stdin").unwrap() == b"z" {
            want.push_str("stdin z\n");
        }
        let argc = 1 + u32::from_le_bytes(obj("n_args").unwrap()[..4].try_into().unwrap());
        if argc > 1 && obj("arg00").unwrap().split(|&c| c == 0).next() == Some(b"hi") {
            want.push_str("arg hi\n");
        }
        let o = tool("klee-replay", d.path(), &[exe.to_str().unwrap(), t.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        assert_eq!(out(&o), want, "{}: {}", t.display(), err(&o));
        let e = err(&o);
        assert!(e.contains(&format!("KLEE-REPLAY: NOTE: EXIT STATUS: ABNORMAL {argc} (")), "{e}");
        assert!(e.contains("KLEE-REPLAY: NOTE: removing /tmp/klee-replay-"), "{e}");
        seen.insert(want);
    }
    // The tests reach every output the three conditions allow.
    assert_eq!(seen.len(), 8, "{seen:?}");
    // A file that is not a test, a missing program: one line, status 1.
    let o = tool("klee-replay", d.path(), &[exe.to_str().unwrap(), "inputs.c"]);
    assert_eq!((o.status.code(), err(&o).trim()), (Some(1), "KLEE-REPLAY: ERROR: input file inputs.c not valid."));
    let o = tool("klee-replay", d.path(), &["./missing", tests[0].to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).starts_with("KLEE-REPLAY: ERROR: executable ./missing:"), "{}", err(&o));
}

/// The folder of the built `libkleeRuntest`, built first if it is not.
fn runtest_dir() -> std::path::PathBuf {
    let dir = Path::new(common::bin()).parent().unwrap().to_path_buf();
    if !dir.join("libkleeRuntest.so").exists() || !dir.join("libkleeRuntest.a").exists() {
        let st = Command::new(env!("CARGO")).args(["build", "--release", "-p", "kleeruntest"]).status().unwrap();
        assert!(st.success());
    }
    dir
}

const GET_SIGN: &str = r#"#include "klee/klee.h"
int get_sign(int x) {
  if (x == 0)
    return 0;
  if (x < 0)
    return -1;
  else
    return 1;
}
int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof(a), "a");
  return get_sign(a);
}
"#;

#[test]
fn lib_klee_runtest_replays_tests_into_a_native_build_as_in_klees_tutorial() {
    let d = tempfile::tempdir().unwrap();
    let lib = runtest_dir();
    let bc = bitcode(d.path(), "get_sign", GET_SIGN, &[]);
    let o = klee(d.path(), &["--output-dir=klee-out", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let libdir = format!("-L{}", lib.display());
    let shared = gcc(d.path(), GET_SIGN, "get_sign", &[&libdir, "-lkleeRuntest"]);
    let archive = lib.join("libkleeRuntest.a");
    let fixed = gcc(d.path(), GET_SIGN, "get_sign_static", &[archive.to_str().unwrap()]);
    let mut statuses = Vec::new();
    for k in 1..=3 {
        let t = d.path().join(format!("klee-out/test{k:06}.ktest"));
        let run = |exe: &Path| {
            Command::new(exe).env("KTEST_FILE", &t).env("LD_LIBRARY_PATH", &lib).output().unwrap().status.code()
        };
        let (a, b) = (run(&shared), run(&fixed));
        assert_eq!(a, b);
        statuses.push(a.unwrap());
    }
    statuses.sort();
    // get_sign's three results: 0, 1 and -1 (255 as an exit status).
    assert_eq!(statuses, [0, 1, 255]);
    // A test for another object: KLEE's error, fatal unless asked not to be.
    let other = gcc(d.path(), &GET_SIGN.replace("\"a\"", "\"b\""), "get_sign_b", &[&libdir, "-lkleeRuntest"]);
    let t = d.path().join("klee-out/test000001.ktest");
    let o = Command::new(&other).env("KTEST_FILE", &t).env("LD_LIBRARY_PATH", &lib).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("KLEE_RUN_TEST_ERROR: object name mismatch. Requesting \"b\" but returning \"a\""));
    let o = Command::new(&other)
        .env("KTEST_FILE", &t)
        .env("LD_LIBRARY_PATH", &lib)
        .env("KLEE_RUN_TEST_ERRORS_NON_FATAL", "1")
        .output()
        .unwrap();
    assert!(err(&o).contains("KLEE_RUN_TEST_ERROR: Forcing execution to continue"), "{}", err(&o));
    // It carried on with the test's value: get_sign's result for it.
    let same = Command::new(&shared).env("KTEST_FILE", &t).env("LD_LIBRARY_PATH", &lib).output().unwrap();
    assert_eq!(o.status.code(), same.status.code());
}

const CHECKS_INPUTS: &str = r#"#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
static long size_of(int fd) { struct stat s; return fstat(fd, &s) ? -1 : (long)s.st_size; }
int main(int argc, char **argv) {
  if (argc != 3 || strcmp(argv[1], "-v") || strcmp(argv[2], "file1")) return 1;
  FILE *a = fopen("A", "r");
  char buf[8] = {0};
  if (!a || fread(buf, 1, 7, a) != 6 || strcmp(buf, "bbbbbb")) return 2;
  if (size_of(0) != 4 || size_of(1) != 1024) return 3;
  if (read(0, buf, 4) != 4 || memcmp(buf, "aaaa", 4)) return 4;
  printf("ok\n");
  return 0;
}
"#;

#[test]
fn ktest_gen_makes_a_test_of_concrete_inputs_that_klee_replay_replays() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    std::fs::write(p.join("in.txt"), "aaaa").unwrap();
    std::fs::write(p.join("file.txt"), "bbbbbb").unwrap();
    std::fs::write(p.join("out.txt"), "cc").unwrap();
    let o = tool(
        "ktest-gen",
        p,
        &[
            "-v",
            "file1",
            "--bout-file",
            "t.ktest",
            "--sym-stdin",
            "in.txt",
            "--sym-file",
            "file.txt",
            "--sym-stdout",
            "out.txt",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let kt = klee_ext::ktest::KTest::load(&p.join("t.ktest")).unwrap();
    let names: Vec<&str> = kt.objects.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["arg00", "arg01", "A_data", "A_data_stat", "stdin", "stdin_stat", "stdout", "stdout_stat"]);
    assert_eq!(kt.objects[0].1, b"-v\0");
    let exe = gcc(p, CHECKS_INPUTS, "checks", &[]);
    let o = tool("klee-replay", p, &[exe.to_str().unwrap(), "t.ktest"]);
    let e = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(e.contains("KLEE-REPLAY: NOTE: EXIT STATUS: NORMAL"), "{e}");
    // Bad input: no arguments, a missing file.
    assert_eq!(tool("ktest-gen", p, &[]).status.code(), Some(1));
    let o = tool("ktest-gen", p, &["--sym-file", "nope.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("Failure opening nope.txt"));
}

#[test]
fn ktest_randgen_makes_random_inputs_of_the_given_shapes() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let args = [
        "7",
        "--sym-arg",
        "4",
        "--sym-args",
        "1",
        "3",
        "2",
        "--sym-files",
        "2",
        "5",
        "--sym-stdin",
        "8",
        "--bout-file",
        "r.ktest",
    ];
    let o = tool("ktest-randgen", p, &args);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let kt = klee_ext::ktest::KTest::load(&p.join("r.ktest")).unwrap();
    let get = |n: &str| kt.objects.iter().find(|(k, _)| k == n).map(|(_, b)| b.clone()).unwrap();
    assert_eq!(get("arg0").len(), 5);
    assert_eq!(*get("arg0").last().unwrap(), 0);
    let n = u32::from_le_bytes(get("n_args")[..4].try_into().unwrap());
    assert!((1..=3).contains(&n));
    assert_eq!(get("A_data").len(), 5);
    assert_eq!(get("B_data_stat").len(), 144);
    assert_eq!(get("stdin").len(), 8);
    assert!(!kt.args.iter().any(|a| a.contains("bout")), "{:?}", kt.args);
    // The same seed, the same inputs (the stat objects are of fresh files).
    tool("ktest-randgen", p, &[&args[..13], &["r2.ktest"]].concat());
    let data = |f: &str| -> Vec<(String, Vec<u8>)> {
        let k = klee_ext::ktest::KTest::load(&p.join(f)).unwrap();
        k.objects.into_iter().filter(|(n, _)| !n.ends_with("_stat")).collect()
    };
    assert_eq!(data("r.ktest"), data("r2.ktest"));
    for (bad, says) in [
        (&[][..], "Usage"),
        (&["0", "--unexpected"][..], "Unexpected"),
        (&["1", "--sym-args", "5", "3"][..], "ran out of"),
        (&["1", "--sym-args", "5", "3", "10"][..], "should be no more"),
    ] {
        let o = tool("ktest-randgen", p, bad);
        assert_eq!(o.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&o.stderr).contains(says), "{bad:?}");
    }
}

/// `klee-zesti` explores from one concrete run: an argument naming a file
/// becomes symbolic file `A`, the others symbolic arguments of their
/// length, the line on stdin a symbolic stdin; with
/// `-only-replay-seeds` only the concrete run's path is followed.
#[test]
fn klee_zesti_follows_the_concrete_run_of_its_arguments_files_and_stdin() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "zesti",
        r#"#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  char buf[8] = {0};
  if (argc != 3) return 1;
  if (strcmp(argv[1], "-o") == 0) printf("flag\n");
  if (strcmp(argv[2], "A") == 0) printf("named A\n");
  int fd = open(argv[2], O_RDONLY);
  if (fd >= 0 && read(fd, buf, 4) == 4 && memcmp(buf, "bbbb", 4) == 0) printf("file\n");
  memset(buf, 0, sizeof buf);
  if (read(0, buf, 4) == 4 && memcmp(buf, "aaaa", 4) == 0) printf("stdin\n");
  return 0;
}
"#,
        &[],
    );
    std::fs::write(d.path().join("data.txt"), "bbbb").unwrap();
    std::fs::write(d.path().join("in.txt"), "aaaa").unwrap();
    let stdin = std::fs::File::open(d.path().join("in.txt")).unwrap();
    let o = Command::new(common::bin())
        .args(["klee-zesti", "-only-replay-seeds", "-libc=uclibc", "-posix-runtime", "--output-dir=o"])
        .arg(&bc)
        .args(["-o", "data.txt"])
        .current_dir(d.path())
        .stdin(stdin)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let text = out(&o);
    for want in ["flag\n", "named A\n", "file\n", "stdin\n"] {
        assert!(text.contains(want), "{want:?} missing: {text}\n{}", err(&o));
    }
    assert!(err(&o).contains("KLEE: done: completed paths = 1\n"), "{}", err(&o));
    // No program: the usage, status 0.
    let o = tool("klee-zesti", d.path(), &[]);
    assert_eq!(o.status.code(), Some(0));
    assert!(out(&o).contains("Usage: klee-zesti"), "{}", out(&o));
}
