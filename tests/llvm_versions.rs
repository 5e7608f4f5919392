//! LLVM 16 inside, clang 14 and 16 outside: the intrinsics LLVM 15 and 16
//! emit run exactly (tests/llvm16/*.ll, LLVM 16 text with opaque
//! pointers); the same program compiled by clang-14 and by clang-16 runs
//! alike; bitcode of an LLVM newer than the one linked is refused with
//! one line naming both versions, exit 2, nothing created.

mod common;

use common::bin;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn ll(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/llvm16").join(name)
}

fn se2(dir: &Path, args: &[&str]) -> Output {
    Command::new(bin()).args(args).current_dir(dir).stdin(Stdio::null()).output().unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `run`'s summary line: paths and errors, without the counts that
/// depend on the compiler (instructions, time).
fn paths_and_errors(o: &Output) -> String {
    let err = text(o);
    let line = err.lines().find(|l| l.contains("done:")).unwrap_or_else(|| panic!("no summary:\n{err}"));
    line.split(',').next().unwrap().to_string()
}

#[test]
fn integer_intrinsics_agree_with_their_definitions_on_symbolic_operands() {
    let d = tempfile::tempdir().unwrap();
    let o = se2(d.path(), &["run", "--output-dir", "o", ll("int_intrinsics.ll").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(paths_and_errors(&o).ends_with("1 paths (0 errors)"), "{}", text(&o));
    assert!(!text(&o).contains("concretizing"), "a symbolic operand was made concrete:\n{}", text(&o));
    let o = se2(d.path(), &["run", "--output-dir", "c", ll("int_intrinsics_concrete.ll").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "the intrinsic numbered by the exit code is wrong:\n{}", text(&o));
}

#[test]
fn is_fpclass_classifies_each_class_and_symbolic_bits() {
    let d = tempfile::tempdir().unwrap();
    let f = ll("fpclass.ll");
    let o = se2(d.path(), &["run", "--output-dir", "c", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "the check numbered by the exit code is wrong:\n{}", text(&o));
    let o = se2(d.path(), &["run", "--output-dir", "s", f.to_str().unwrap(), "sym"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(paths_and_errors(&o).ends_with("(0 errors)"), "{}", text(&o));
}

#[test]
fn thread_local_addresses_and_the_rounding_mode() {
    let d = tempfile::tempdir().unwrap();
    let o = se2(d.path(), &["run", "--output-dir", "o", ll("tls_rounding.ll").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(10), "{}", text(&o));
}

/// A program with structs, arrays, globals, a function pointer, strings
/// and symbolic branches: the shapes whose types opaque pointers moved.
const PROGRAM: &str = r#"
#include <klee/klee.h>
#include <string.h>
#include <stdlib.h>
struct item { char name[8]; long weight; struct item *next; };
static struct item items[3] = { {"a", 1, 0}, {"bb", 20, 0}, {"ccc", 300, 0} };
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
  int k[3];
  klee_make_symbolic(k, sizeof k, "k");
  items[0].next = &items[1];
  items[1].next = &items[2];
  long total = 0;
  for (struct item *p = items; p; p = p->next)
    total += p->weight * (long)strlen(p->name);
  int v[3] = { k[0] & 7, k[1] & 7, 3 };
  qsort(v, 3, sizeof v[0], cmp);
  if (v[0] == v[1]) return 1;
  if (abs(k[2]) > 100 && total == 941) return 2;
  return v[2] > 5 ? 3 : 0;
}
"#;

fn runs(clang: &str) -> bool {
    Command::new(clang).arg("--version").output().is_ok_and(|o| o.status.success())
}

#[test]
fn clang_14_and_clang_16_programs_run_alike() {
    let d = tempfile::tempdir().unwrap();
    let c = d.path().join("prog.c");
    std::fs::write(&c, PROGRAM).unwrap();
    let mut seen = Vec::new();
    for clang in ["clang-14", "clang-16"] {
        assert!(runs(clang), "{clang} is not installed (scripts/setup.sh installs both)");
        let out = format!("o-{clang}");
        let o = se2(d.path(), &["--clang", clang, "run", "--output-dir", &out, c.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{clang}:\n{}", text(&o));
        let tests = std::fs::read_dir(d.path().join(&out))
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "ktest"))
            .count();
        seen.push((clang, paths_and_errors(&o), tests));
    }
    assert_eq!(seen[0].1, seen[1].1, "{seen:?}");
    assert_eq!(seen[0].2, seen[1].2, "{seen:?}");
    assert!(seen[0].2 >= 4, "{seen:?}");
}

/// The char6 code of a producer string's character.
fn char6(c: u8) -> u64 {
    u64::from(match c {
        b'a'..=b'z' => c - b'a',
        b'A'..=b'Z' => c - b'A' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'.' => 62,
        _ => 63,
    })
}

/// `bc` with the producer string's `from` (char6-coded, as LLVM writes
/// it) replaced by `to` of the same length.
fn with_producer(bc: &[u8], from: &str, to: &str) -> Vec<u8> {
    let bit = |data: &[u8], i: usize| data[i / 8] >> (i % 8) & 1;
    let code =
        |s: &str| -> Vec<u8> { s.bytes().flat_map(|c| (0..6).map(move |k| (char6(c) >> k & 1) as u8)).collect() };
    let (pat, rep) = (code(from), code(to));
    let n = bc.len() * 8;
    let at = (32..n - pat.len())
        .find(|&i| pat.iter().enumerate().all(|(k, &b)| bit(bc, i + k) == b))
        .unwrap_or_else(|| panic!("no {from} in the bitcode"));
    let mut out = bc.to_vec();
    for (k, &b) in rep.iter().enumerate() {
        let i = at + k;
        out[i / 8] = (out[i / 8] & !(1 << (i % 8))) | (b << (i % 8));
    }
    out
}

#[test]
fn bitcode_of_a_newer_llvm_is_refused_naming_both_versions() {
    let d = tempfile::tempdir().unwrap();
    let c = d.path().join("p.c");
    std::fs::write(&c, "int main(void) { return 0; }\n").unwrap();
    let bc16 = d.path().join("p16.bc");
    let st = Command::new("clang-16").args(["-emit-llvm", "-c", "-O0"]).arg(&c).arg("-o").arg(&bc16).status();
    assert!(st.is_ok_and(|s| s.success()), "clang-16 is not installed (scripts/setup.sh installs it)");
    let bytes = std::fs::read(&bc16).unwrap();
    let newer = d.path().join("p99.bc");
    std::fs::write(&newer, with_producer(&bytes, "LLVM16", "LLVM99")).unwrap();
    let work = d.path().join("work");
    std::fs::create_dir(&work).unwrap();
    for args in [vec!["run", "--output-dir", "out"], vec!["klee"]] {
        let mut a = args.clone();
        a.push(newer.to_str().unwrap());
        let o = se2(&work, &a);
        let err = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("LLVM 99.0") && err.contains("LLVM 16.0"), "{args:?}: {err}");
        assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0, "{args:?} created something");
        let made: Vec<_> = std::fs::read_dir(d.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("klee-"))
            .collect();
        assert!(made.is_empty(), "{args:?} created {made:?}");
    }
    // The file it came from runs, through `klee` too.
    let o = se2(&work, &["klee", bc16.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(work.join("klee-out-0").is_dir() || d.path().join("klee-out-0").is_dir());
}

/// `fix` with a compiler that is not there, asked for by the project's
/// `clang:` or by `--clang`: one line naming it, exit 2, no output folder.
#[test]
fn fix_refuses_a_missing_clang_before_it_creates_anything() {
    let d = tempfile::tempdir().unwrap();
    for by_flag in [false, true] {
        let p = d.path().join(format!("p{by_flag}"));
        std::fs::create_dir(&p).unwrap();
        std::fs::write(p.join("prog.c"), "#include <stdio.h>\nint main(void) { printf(\"1\\n\"); return 0; }\n")
            .unwrap();
        let key = if by_flag { "" } else { "clang: /nonexistent/clang-16\n" };
        std::fs::write(
            p.join("se2repair.yaml"),
            format!("sources: [prog.c]\n{key}tests:\n  - {{name: t, stdout: \"2\\n\"}}\n"),
        )
        .unwrap();
        let mut cmd = Command::new(bin());
        if by_flag {
            cmd.args(["--clang", "/nonexistent/clang-16"]);
        }
        // The project's `clang:` yields to SE2REPAIR_CLANG, which CI sets
        // for its clang-14 pass.
        let o = cmd.arg("fix").arg(&p).env_remove("SE2REPAIR_CLANG").stdin(Stdio::null()).output().unwrap();
        let err = text(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("/nonexistent/clang-16: no such clang"), "{err}");
        assert!(!p.join("se2repair-out").exists(), "an output folder was made");
    }
}
