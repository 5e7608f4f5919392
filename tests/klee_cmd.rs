//! The drop-in `klee`: KLEE's command line, messages, files, exit status,
//! options and intrinsics, each on a small program compiled here.

mod common;

use common::klee::{bitcode, err, files, klee};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const OOB: &str = r#"#include "klee/klee.h"
#include <stdlib.h>
int main() {
  int x = klee_int("x");
  int *p = malloc(4);
  if (x > 5)
    p[1] = 3;
  free(p);
  return 0;
}
"#;

#[test]
fn messages_files_and_exit_status_are_klees() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "oob", OOB, &[]);
    let o = klee(d.path(), &["-output-dir=out", bc.to_str().unwrap()]);
    let e = err(&o);
    // The run completed: exit 0 although a path ended in an error.
    assert_eq!(o.status.code(), Some(0), "{e}");
    let out = d.path().join("out");
    assert!(
        e.contains(&format!("KLEE: output directory is \"{}\"", std::fs::canonicalize(&out).unwrap().display())),
        "{e}"
    );
    assert!(e.contains("KLEE: ERROR: ") && e.contains("oob.c:7: memory error: out of bound pointer"), "{e}");
    assert!(e.contains("KLEE: NOTE: now ignoring this error at this location"), "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1\nKLEE: done: partially completed paths = 1\nKLEE: done: generated tests = 2"), "{e}");
    assert!(e.contains("KLEE: done: total instructions = "), "{e}");
    let fs = files(&out);
    for f in [
        "assembly.ll",
        "info",
        "messages.txt",
        "warnings.txt",
        "test000001.ktest",
        "test000002.ktest",
        "test000002.ptr.err",
        "test000002.kquery",
    ] {
        assert!(fs.contains(&f.to_string()), "{f} missing: {fs:?}");
    }
    let info = std::fs::read_to_string(out.join("info")).unwrap();
    assert!(info.starts_with("klee -output-dir=out "), "{info}");
    assert!(info.contains("KLEE: done: explored paths = 2"), "{info}");
    let msgs = std::fs::read_to_string(out.join("messages.txt")).unwrap();
    assert!(msgs.contains("oob.c:7: memory error"), "{msgs}");
    let q = std::fs::read_to_string(out.join("test000002.kquery")).unwrap();
    assert!(q.starts_with("array x[4] : w32 -> w8 = symbolic\n(query ["), "{q}");
    assert!(q.contains("(Read w8 0 x)"), "{q}");
    let errf = std::fs::read_to_string(out.join("test000002.ptr.err")).unwrap();
    assert!(errf.starts_with("Error: memory error: out of bound pointer"), "{errf}");
    assert!(errf.contains("Line: 7\n"), "{errf}");
    assert!(std::fs::read_to_string(out.join("assembly.ll")).unwrap().contains("define dso_local i32 @main()"));
}

#[test]
fn exit_on_error_stops_with_status_1_and_write_no_tests_writes_none() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "oob", OOB, &[]);
    let o = klee(d.path(), &["--output-dir", "a", "--exit-on-error", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        err(&o).contains("KLEE: ERROR: EXITING ON ERROR:\nError: memory error: out of bound pointer"),
        "{}",
        err(&o)
    );
    assert!(!err(&o).contains("KLEE: done:"));
    let o = klee(d.path(), &["--output-dir=b", "--write-no-tests", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert!(err(&o).contains("KLEE: done: generated tests = 0"), "{}", err(&o));
    assert!(!files(&d.path().join("b")).iter().any(|f| f.starts_with("test")));
    // --write-kqueries: every test has its query.
    let o = klee(d.path(), &["--output-dir=c", "--write-kqueries", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert!(files(&d.path().join("c")).contains(&"test000001.kquery".to_string()));
}

#[test]
fn unsupported_options_are_named_and_refused() {
    let d = tempfile::tempdir().unwrap();
    let o = klee(d.path(), &["--compress-query-log", "x.bc"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("unsupported KLEE option --compress-query-log"), "{}", err(&o));
    // Internal-only options are accepted.
    let bc = bitcode(d.path(), "oob", OOB, &[]);
    let o = klee(
        d.path(),
        &["--output-dir=o", "--optimize-array=all", "--use-cex-cache", "--kdalloc", bc.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

#[test]
fn response_file_program_on_stdin_and_called_as_klee() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "oob", OOB, &[]);
    std::fs::write(d.path().join("opts"), "--output-dir=r --write-no-tests\n").unwrap();
    let child = Command::new(common::bin())
        .args(["klee", "@opts", "-"])
        .current_dir(d.path())
        .stdin(std::fs::File::open(&bc).unwrap())
        .output()
        .unwrap();
    assert_eq!(child.status.code(), Some(0), "{}", err(&child));
    assert!(err(&child).contains("KLEE: done: completed paths = 1"), "{}", err(&child));
    let link = d.path().join("klee");
    std::os::unix::fs::symlink(common::bin(), &link).unwrap();
    let o = Command::new(&link).args(["-output-dir=s", bc.to_str().unwrap()]).current_dir(d.path()).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("KLEE: output directory is"));
}

#[test]
fn double_free_is_a_pointer_error_and_freeing_a_global_a_free_error() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "df",
        "#include <stdlib.h>\nint main() { int *x = malloc(4); free(x); free(x); return 0; }\n",
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    assert!(err(&o).contains("memory error: double free"), "{}", err(&o));
    assert!(d.path().join("o/test000001.ptr.err").exists(), "{:?}", files(&d.path().join("o")));
    let bc = bitcode(d.path(), "fg", "#include <stdlib.h>\nint g;\nint main() { free(&g); return 0; }\n", &[]);
    let o = klee(d.path(), &["--output-dir=p", bc.to_str().unwrap()]);
    assert!(err(&o).contains("free of global"), "{}", err(&o));
    assert!(d.path().join("p/test000001.free.err").exists());
}

#[test]
fn fortified_copies_report_overflows_as_memory_errors() {
    let d = tempfile::tempdir().unwrap();
    let src = "#include <string.h>\nint main() { char d[5]; const char *s = \"1234567890\"; memcpy(d, s, 10); return d[0]; }\n";
    let c = d.path().join("chk.c");
    std::fs::write(&c, src).unwrap();
    let bc = d.path().join("chk.bc");
    assert!(Command::new(common::clang())
        .args(["-emit-llvm", "-c", "-O2", "-g", "-D_FORTIFY_SOURCE=1"])
        .arg(&c)
        .arg("-o")
        .arg(&bc)
        .status()
        .unwrap()
        .success());
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let e = std::fs::read_to_string(d.path().join("o/test000001.ptr.err")).unwrap();
    assert!(e.contains("memcpy overflow"), "{e}");
}

#[test]
fn a_call_through_a_cast_to_narrower_parameters_runs() {
    // i32 arguments passed to i8 parameters and an i16 result read as i32
    // (a K&R call): LLVM cuts the arguments; no ill-sorted term reaches
    // the solver.
    let d = tempfile::tempdir().unwrap();
    let ll = d.path().join("cast.ll");
    std::fs::write(
        &ll,
        r#"target triple = "x86_64-pc-linux-gnu"
declare void @klee_make_symbolic(i8*, i64, i8*)
@n = private constant [2 x i8] c"a\00"
define i16 @concat(i8 %a, i8 %b) {
  %x = zext i8 %a to i16
  %y = zext i8 %b to i16
  %s = shl i16 %x, 8
  %r = or i16 %s, %y
  ret i16 %r
}
define i32 @main() {
  %p = alloca i8
  call void @klee_make_symbolic(i8* %p, i64 1, i8* getelementptr ([2 x i8], [2 x i8]* @n, i64 0, i64 0))
  %v = load i8, i8* %p
  %w = zext i8 %v to i32
  %a = add i32 %w, 205
  %r = call i32 bitcast (i16 (i8, i8)* @concat to i32 (i32, i32)*)(i32 %a, i32 205)
  %c = icmp eq i32 %r, 43981
  br i1 %c, label %yes, label %no
yes:
  ret i32 1
no:
  ret i32 0
}
"#,
    )
    .unwrap();
    let o = klee(d.path(), &["--output-dir=o", ll.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // (a + 205) mod 256 == 0xAB has a solution: both sides are explored.
    assert!(err(&o).contains("KLEE: done: completed paths = 2"), "{}", err(&o));
}

#[test]
fn ubsan_runtime_reports_each_check_as_klee() {
    let d = tempfile::tempdir().unwrap();
    let src = "#include \"klee/klee.h\"\nint main() { int x = klee_int(\"x\"), y = klee_int(\"y\"); volatile int r = x + y; return 0; }\n";
    let bc = bitcode(d.path(), "ub", src, &["-fsanitize=signed-integer-overflow"]);
    let o = klee(d.path(), &["--output-dir=o", "--ubsan-runtime", bc.to_str().unwrap()]);
    assert!(
        err(&o).contains("runtime/Sanitizer/ubsan/ubsan_handlers.cpp:")
            && err(&o).contains(": signed-integer-overflow"),
        "{}",
        err(&o)
    );
    assert!(files(&d.path().join("o")).iter().any(|f| f.ends_with(".overflow.err")));
}

#[test]
fn entry_point_alias_external_calls_and_overshift() {
    let d = tempfile::tempdir().unwrap();
    let src = r#"#include "klee/klee.h"
#include <stdio.h>
int twice(int x) { return 2 * x; }
int thrice(int x) { return 3 * x; }
int start(void) { return twice(2) == 6 ? 0 : 1; }
int shift(void) { int s = klee_range(0, 40, "s"); return 1 << s; }
int main(void) { return 0; }
"#;
    let bc = bitcode(d.path(), "ep", src, &[]);
    let b = bc.to_str().unwrap();
    let o = klee(d.path(), &["--output-dir=a", "--entry-point=start", "--function-alias=twice:thrice", b]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("KLEE: function-alias: replaced @twice with @thrice"), "{}", err(&o));
    let o = klee(d.path(), &["--output-dir=b", "--entry-point=nothere", b]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("Entry function 'nothere' not found in module."), "{}", err(&o));
    // A shift by 32 or more is an overshift error, unless the check is off.
    let o = klee(d.path(), &["--output-dir=c", "--entry-point=shift", b]);
    assert!(files(&d.path().join("c")).iter().any(|f| f.ends_with(".overshift.err")), "{}", err(&o));
    let o = klee(d.path(), &["--output-dir=e", "--entry-point=shift", "--check-overshift=false", b]);
    assert!(!files(&d.path().join("e")).iter().any(|f| f.ends_with(".err")), "{}", err(&o));
    let ext = "#include <sys/resource.h>\nint main() { struct rlimit r; return getrlimit(RLIMIT_NOFILE, &r) == 0 ? 0 : 1; }\n";
    let bc = bitcode(d.path(), "ext", ext, &[]);
    let o = klee(d.path(), &["--output-dir=f", "--external-calls=none", bc.to_str().unwrap()]);
    assert!(err(&o).contains("KLEE: WARNING: Disallowed call to external function: getrlimit"), "{}", err(&o));
    assert!(d.path().join("f/test000001.user.err").exists(), "{:?}", files(&d.path().join("f")));
}

#[test]
fn xml_tests_and_replay_of_a_test_folder() {
    let d = tempfile::tempdir().unwrap();
    let src = "#include \"klee/klee.h\"\n#include <stdio.h>\nint main() { if (klee_range(0, 2, \"int\")) printf(\"A\\n\"); else printf(\"B\\n\"); return 0; }\n";
    let bc = bitcode(d.path(), "x", src, &[]);
    let b = bc.to_str().unwrap();
    let o = klee(
        d.path(),
        &["--output-dir=o", "--write-xml-tests", "--xml-metadata-programfile=x.c", "--xml-metadata-programhash=0", b],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let out = d.path().join("o");
    let x = std::fs::read_to_string(out.join("test000001.xml")).unwrap();
    assert!(x.contains("<testcase>") && x.contains("<input variable=\"int\" type =\"int\">"), "{x}");
    assert!(std::fs::read_to_string(out.join("metadata.xml")).unwrap().contains("<programfile>x.c</programfile>"));
    let o = klee(d.path(), &["--output-dir=r", "--replay-ktest-dir", "o", b]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains('A') && stdout.contains('B'), "{stdout}");
    assert!(err(&o).contains("KLEE: replaying: "), "{}", err(&o));
}

#[test]
fn vector_arithmetic_and_elements_at_a_variable_index() {
    let d = tempfile::tempdir().unwrap();
    let src = r#"#include "klee/klee.h"
typedef unsigned v4 __attribute__((vector_size(16)));
int main() {
  v4 a = {1, 2, 3, 4}, b;
  klee_make_symbolic(&b, sizeof b, "b");
  v4 c = a + b;
  int tens = 0;
  for (int i = 0; i < 4; i++)
    if (c[i] == 10)
      tens++;
  return tens;
}
"#;
    let bc = bitcode(d.path(), "vec", src, &[]);
    let o = klee(d.path(), &["--output-dir=o", "--exit-on-error", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // Each element can be 10 or not.
    assert!(err(&o).contains("KLEE: done: completed paths = 16"), "{}", err(&o));
}

#[test]
fn merging_joins_the_paths_of_a_merge_group() {
    let d = tempfile::tempdir().unwrap();
    let src = r#"#include "klee/klee.h"
int main() {
  int x = klee_int("x"), p;
  klee_open_merge();
  if (x > 10)
    p = 1;
  else
    p = 2;
  klee_close_merge();
  return p;
}
"#;
    let bc = bitcode(d.path(), "m", src, &[]);
    let b = bc.to_str().unwrap();
    let o = klee(d.path(), &["--output-dir=a", b]);
    assert!(err(&o).contains("KLEE: done: generated tests = 2"), "{}", err(&o));
    assert!(err(&o).contains("klee_open_merge ignored, use '-use-merge'"), "{}", err(&o));
    let o = klee(d.path(), &["--output-dir=b", "--use-merge", "--debug-log-merge", b]);
    assert!(err(&o).contains("open merge:") && err(&o).contains("close merge:"), "{}", err(&o));
    assert!(err(&o).contains("KLEE: done: generated tests = 1"), "{}", err(&o));
}

#[test]
fn max_fail_paths_and_write_paths_replay() {
    let d = tempfile::tempdir().unwrap();
    let src = r#"#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main() {
  char buf[4];
  int fd = open("A", O_RDONLY);
  if (fd < 0) return 2;
  if (read(fd, buf, 4) < 0) printf("read failed\n"); else printf("read ok\n");
  return 0;
}
"#;
    let bc = bitcode(d.path(), "f", src, &[]);
    let b = bc.to_str().unwrap();
    let o = klee(
        d.path(),
        &["--output-dir=a", "--posix-runtime", "--write-paths", b, "--sym-files", "1", "4", "--max-fail", "1"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("read failed") && out.contains("read ok"), "{out}");
    let fs = files(&d.path().join("a"));
    assert!(fs.contains(&"test000001.path".to_string()), "{fs:?}");
    // The recorded decisions replay one path.
    let first = d.path().join("a/test000001.path");
    let o = klee(
        d.path(),
        &["--output-dir=r", "--posix-runtime", "--replay-path", first.to_str().unwrap(), b, "--sym-files", "1", "4"],
    );
    assert!(err(&o).contains("KLEE: done: completed paths = 1"), "{}", err(&o));
}

/// KLEE's `coveredNew` is reset in the state a fork makes: with
/// `--only-output-states-covering-new`, paths that only repeat covered
/// code write no test.
#[test]
fn only_output_states_covering_new_drops_paths_that_cover_nothing_new() {
    let tmp = tempfile::tempdir().unwrap();
    let src = r#"#include "klee/klee.h"
int main() {
  char s[6];
  int i, n = 0;
  klee_make_symbolic(s, sizeof s, "s");
  for (i = 0; i < 6; i++)
    if (s[i] == 'a')
      n++;
  return n > 2;
}
"#;
    let bc = bitcode(tmp.path(), "count", src, &[]);
    let count = |dir: &str, extra: &[&str]| {
        let mut args: Vec<&str> = vec!["--output-dir", dir];
        args.extend_from_slice(extra);
        args.push(bc.to_str().unwrap());
        let o = klee(tmp.path(), &args);
        assert!(o.status.success(), "{}", err(&o));
        files(&tmp.path().join(dir)).iter().filter(|f| f.ends_with(".ktest")).count()
    };
    let all = count("all", &[]);
    let new = count("new", &["--only-output-states-covering-new"]);
    assert_eq!(all, 64, "every path is a test without the option");
    assert!((1..=8).contains(&new), "{new} tests with --only-output-states-covering-new (of {all} paths)");
}

/// As KLEE, `--max-memory` caps the whole run, not one path: with many
/// live paths each holding its own memory, paths stop forking over the
/// cap (and some end early well over it), and the run ends normally. Each
/// path alone holds 4 MB, far below the cap.
#[test]
fn max_memory_caps_the_whole_run() {
    let tmp = tempfile::tempdir().unwrap();
    let src = r#"#include "klee/klee.h"
#include <stdlib.h>
#include <string.h>
int main() {
  char s[16];
  int i, n = 0;
  klee_make_symbolic(s, sizeof s, "s");
  for (i = 0; i < 16; i++) {
    char *p = malloc(256 << 10);
    memset(p, i, 256 << 10);
    if (s[i] == 'a')
      n++;
  }
  return n;
}
"#;
    let bc = bitcode(tmp.path(), "grow", src, &[]);
    let o = klee(tmp.path(), &["--output-dir", "out", "--search=bfs", "--max-memory=100", bc.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    let tests = files(&tmp.path().join("out")).iter().filter(|f| f.ends_with(".ktest")).count();
    assert!(tests < 1 << 16, "{tests} tests: every path ran to its end");
}

#[test]
fn version_names_the_tool_and_the_klee_it_is_checked_against() {
    let d = tempfile::tempdir().unwrap();
    let o = klee(d.path(), &["--version"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.first().is_some_and(|l| l.starts_with("se2repair ") && l.contains(env!("CARGO_PKG_VERSION"))),
        "{out}"
    );
    assert!(lines.get(1).is_some_and(|l| l.starts_with("KLEE-compatible: KLEE 3.")), "{out}");
    assert!(lines.get(2).is_some_and(|l| l.trim().starts_with("LLVM version 16.")), "{out}");
    assert!(files(d.path()).is_empty(), "{:?}", files(d.path()));
}

#[test]
fn max_time_takes_klees_units_one_after_another() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "oob", OOB, &[]);
    for (i, t) in ["1min30s", "1h", "2.5", "500ms"].iter().enumerate() {
        let o = klee(d.path(), &[&format!("--output-dir=t{i}"), &format!("--max-time={t}"), bc.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{t}: {}", err(&o));
        assert!(err(&o).contains("KLEE: done: generated tests = 2"), "{t}: {}", err(&o));
    }
    let o = klee(d.path(), &["--output-dir=u", "--max-time=5x", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("--max-time: invalid time \"5x\""), "{}", err(&o));
}

#[test]
fn a_program_on_stdin_keeps_its_results_and_a_folder_or_missing_program_creates_nothing() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "oob", OOB, &[]);
    let run = std::fs::create_dir(d.path().join("run")).map(|_| d.path().join("run")).unwrap();
    let o = Command::new(common::bin())
        .args(["klee", "-"])
        .current_dir(&run)
        .stdin(std::fs::File::open(&bc).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(files(&run), ["klee-last", "klee-out-0"]);
    let out = files(&run.join("klee-out-0"));
    assert!(out.iter().any(|f| f.ends_with(".ktest")) && out.contains(&"info".to_string()), "{out:?}");
    // A C source is compiled, and the tool says so.
    let o = klee(d.path(), &["--output-dir=c", "oob.c"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let compiled = format!("KLEE: WARNING: oob.c: a C source, compiled with {} first", common::clang());
    assert!(err(&o).contains(&compiled), "{}", err(&o));
    assert!(err(&o).contains("KLEE: done: generated tests = 2"), "{}", err(&o));
    // The final module is written into the output folder made after loading.
    let o = klee(d.path(), &["--output-dir=m", "--output-module", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(std::fs::read(d.path().join("m/final.bc")).unwrap().starts_with(b"BC\xc0\xde"));
    std::fs::write(d.path().join("bad.bc"), "not bitcode\n").unwrap();
    for (program, what) in [
        ("run", "error loading program 'run': is a folder"),
        ("none.bc", "error loading program 'none.bc': no such file"),
        ("bad.bc", "invalid LLVM input bad.bc"),
    ] {
        let before = files(d.path());
        let o = klee(d.path(), &[program]);
        assert_eq!(o.status.code(), Some(1));
        assert!(err(&o).contains(what), "{}", err(&o));
        assert_eq!(files(d.path()), before);
        assert_eq!(files(&run), ["klee-last", "klee-out-0"]);
    }
}

/// Paths without end: each of 24 symbolic bytes doubles them.
const ENDLESS: &str = r#"#include "klee/klee.h"
int main() {
  unsigned char buf[24];
  klee_make_symbolic(buf, sizeof buf, "buf");
  int n = 0;
  for (int i = 0; i < 24; i++)
    if (buf[i] > 100)
      n++;
  return n;
}
"#;

/// Starts `klee ARGS` in `dir`, sends it SIGINT `times` times (after
/// `first`, then 200 ms apart) and waits for it.
fn interrupted(dir: &Path, args: &[&str], first: std::time::Duration, times: usize) -> Output {
    let child = Command::new(common::bin())
        .arg("klee")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(first);
    for i in 0..times {
        if i > 0 {
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        let st = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        assert!(st.success());
    }
    let start = std::time::Instant::now();
    let out = std::sync::Arc::new(std::sync::Mutex::new(None));
    let o2 = out.clone();
    std::thread::spawn(move || *o2.lock().unwrap() = Some(child.wait_with_output().unwrap()));
    loop {
        if let Some(o) = out.lock().unwrap().take() {
            return o;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "klee did not stop after Ctrl-C");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn ctrl_c_halts_dumps_the_states_and_writes_info_and_a_second_one_exits_at_once() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "endless", ENDLESS, &[]);
    let o =
        interrupted(d.path(), &["--output-dir=once", bc.to_str().unwrap()], std::time::Duration::from_millis(1500), 1);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(e.contains("KLEE: ctrl-c detected, requesting interpreter to halt."), "{e}");
    assert!(e.contains("KLEE: halting execution, dumping remaining states"), "{e}");
    assert!(e.contains("KLEE: done: generated tests = "), "{e}");
    let out = d.path().join("once");
    let info = std::fs::read_to_string(out.join("info")).unwrap();
    assert!(info.contains("KLEE: done: explored paths = "), "{info}");
    assert!(files(&out).iter().filter(|f| f.ends_with(".ktest")).count() > 1);
    // The statistics of the halted run: rows of run.stats (one a second)
    // and the profile.
    let stats = Command::new(common::bin()).args(["klee-stats", "--to-csv", out.to_str().unwrap()]).output().unwrap();
    let rows = String::from_utf8_lossy(&stats.stdout).lines().count();
    assert!(rows >= 3, "{}", String::from_utf8_lossy(&stats.stdout));
    assert!(std::fs::read_to_string(out.join("run.istats")).unwrap().contains("fn=main"));
    // Breadth first, thousands of states are pending at the halt: the
    // second Ctrl-C comes while they are being dumped.
    let o = interrupted(
        d.path(),
        &["--output-dir=twice", "--search=bfs", bc.to_str().unwrap()],
        std::time::Duration::from_millis(3000),
        2,
    );
    let e = err(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("KLEE: ctrl-c detected, exiting."), "{e}");
}

#[test]
fn replaying_a_test_with_symbolic_arguments_a_file_and_stdin_runs_one_path() {
    let d = tempfile::tempdir().unwrap();
    let src = r#"#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
  char c;
  int n = 0;
  if (argc > 2 && argv[2][0] == 'x')
    n++;
  int fd = open("A", O_RDONLY);
  if (fd >= 0 && read(fd, &c, 1) == 1 && c == 'y')
    n += 2;
  if (read(0, &c, 1) == 1 && c == 'z')
    n += 4;
  printf("n=%d argc=%d\n", n, argc);
  return 0;
}
"#;
    let bc = bitcode(d.path(), "mix", src, &[]);
    let b = bc.to_str().unwrap();
    let sym = ["--sym-args", "0", "2", "4", "--sym-files", "1", "8", "--sym-stdin", "8"];
    let mut args = vec!["--output-dir=o", "--posix-runtime", b];
    args.extend(sym);
    let o = klee(d.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut tests: Vec<String> = files(&d.path().join("o")).into_iter().filter(|f| f.ends_with(".ktest")).collect();
    tests.sort();
    assert!(tests.len() > 6, "{tests:?}");
    let mut counts = std::collections::BTreeSet::new();
    for (i, t) in tests.iter().enumerate() {
        let dir = format!("--output-dir=r{i}");
        let file = d.path().join("o").join(t);
        let mut args = vec![dir.as_str(), "--posix-runtime", "--replay-ktest-file", file.to_str().unwrap(), b];
        args.extend(sym);
        let o = klee(d.path(), &args);
        let e = err(&o);
        assert_eq!(o.status.code(), Some(0), "{t}: {e}");
        assert!(!e.contains("replay object"), "{t}: {e}");
        assert!(e.contains("KLEE: done: completed paths = 1\n"), "{t}: {e}");
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        let argc = out.lines().last().and_then(|l| l.split("argc=").nth(1)).unwrap_or_default().to_string();
        counts.insert(argc);
    }
    // Tests of every argument count replayed, each as one path.
    assert_eq!(counts.into_iter().collect::<Vec<_>>(), ["1", "2", "3"]);
}

#[test]
fn query_logs_hold_every_query_and_those_the_caches_do_not_answer() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "oob", OOB, &[]);
    let o = klee(
        d.path(),
        &[
            "--output-dir=o",
            "--use-query-log=all:kquery,solver:kquery",
            "--use-query-log=all:smt2",
            bc.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let read = |f: &str| std::fs::read_to_string(d.path().join("o").join(f)).unwrap();
    let (all, solver, smt) = (read("all-queries.kquery"), read("solver-queries.kquery"), read("all-queries.smt2"));
    let n = |t: &str, c: &str| t.lines().filter(|l| l.starts_with(&format!("{c} Query "))).count();
    // The branch on x asks whether its other side is feasible.
    assert!(n(&all, "#") >= 1, "{all}");
    assert!(n(&solver, "#") <= n(&all, "#"));
    assert_eq!(n(&smt, ";"), n(&all, "#"));
    assert!(all.contains("array x[4] : w32 -> w8 = symbolic"), "{all}");
    assert!(all.contains("(query [") && all.contains("#   Is Valid: "), "{all}");
    assert!(smt.contains("(check-sat)"), "{smt}");
    let bad = klee(d.path(), &["--output-dir=p", "--use-query-log=all:json", bc.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(err(&bad).contains("--use-query-log: 'all:json'"), "{}", err(&bad));
    assert!(!d.path().join("p").exists());
}

/// With no C library the program's printf is, under KLEE, the host's,
/// writing into KLEE's own stdout: block-buffered when that is a pipe, so
/// it comes out after KLEE's closing lines; with a C library the program
/// writes its output itself, before them.
#[test]
fn program_output_without_a_c_library_is_held_as_klees_stdout_holds_it() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "hello", "#include <stdio.h>\nint main() { printf(\"hello\\n\"); return 0; }\n", &[]);
    let merged = |libc: &str, dir: &str| {
        let o = Command::new(common::bin())
            .args(["klee", &format!("--libc={libc}"), &format!("--output-dir={dir}"), bc.to_str().unwrap()])
            .current_dir(d.path())
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(out, "hello\n");
        o
    };
    // Both streams into one pipe: the order they reach it.
    let order = |libc: &str, dir: &str| {
        let script =
            format!("exec {} klee --libc={libc} --output-dir={dir} {} 2>&1", common::bin(), bc.to_str().unwrap());
        let o = Command::new("sh").args(["-c", &script]).current_dir(d.path()).stdin(Stdio::null()).output().unwrap();
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        let (hello, done) = (text.find("hello\n").unwrap(), text.find("KLEE: done: generated tests").unwrap());
        (hello < done, text)
    };
    merged("none", "a");
    merged("uclibc", "b");
    let (before, text) = order("none", "c");
    assert!(!before, "{text}");
    let (before, text) = order("uclibc", "e");
    assert!(before, "{text}");
}
