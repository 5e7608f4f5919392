//! The drop-in `klee`'s debugging and optimization options: the
//! instruction trace, escaping functions, and KLEE's array optimizations.

mod common;

use common::klee::{bitcode, err, klee};

const TABLE: &str = r#"#include "klee/klee.h"
#include <stdio.h>
char array[10] = {1, 2, 2, 4, 5, 3, 1, 3, 2, 2};
int main() {
  unsigned char k;
  klee_make_symbolic(&k, sizeof(k), "k");
  klee_assume(k < 10);
  if (array[k] == 2)
    printf("two\n");
  else
    printf("other\n");
  return 0;
}
"#;

fn completed(o: &std::process::Output) -> String {
    err(o).lines().find(|l| l.starts_with("KLEE: done: completed paths")).unwrap_or_default().to_string()
}

#[test]
fn index_optimization_rewrites_a_table_lookup_and_keeps_the_paths() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "t", TABLE, &[]);
    let plain = klee(d.path(), &["--output-dir=a", "--write-kqueries", bc.to_str().unwrap()]);
    let index = klee(d.path(), &["--output-dir=b", "--write-kqueries", "--optimize-array=index", bc.to_str().unwrap()]);
    let value = klee(d.path(), &["--output-dir=c", "--optimize-array=value", bc.to_str().unwrap()]);
    assert!(!err(&plain).contains("OPT_"), "{}", err(&plain));
    assert!(err(&index).contains("KLEE: WARNING: OPT_I: successful"), "{}", err(&index));
    assert!(!err(&index).contains("OPT_V"), "{}", err(&index));
    assert!(err(&value).contains("KLEE: WARNING: OPT_V: successful"), "{}", err(&value));
    assert!(!err(&value).contains("OPT_I"), "{}", err(&value));
    for o in [&index, &value] {
        assert_eq!(completed(o), completed(&plain));
    }
    assert_eq!(completed(&plain), "KLEE: done: completed paths = 2");
    // The branch is a range test of k, not a selection over the table.
    let q: String =
        (1..=2).map(|n| std::fs::read_to_string(d.path().join(format!("b/test00000{n}.kquery"))).unwrap()).collect();
    assert!(!q.contains("Select"), "{q}");
    let bad = klee(d.path(), &["--output-dir=e", "--optimize-array=some", bc.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(err(&bad).contains("--optimize-array: 'some'"), "{}", err(&bad));
}

#[test]
fn a_lookup_at_two_offsets_or_of_written_bytes_is_not_index_optimized() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "m",
        r#"#include "klee/klee.h"
#include <stdio.h>
unsigned array[5] = {1, 2, 3, 4, 5};
int main() {
  unsigned k, x;
  klee_make_symbolic(&k, sizeof(k), "k");
  klee_make_symbolic(&x, sizeof(x), "x");
  klee_assume(k < 5);
  klee_assume(x < 5);
  if (array[k] + array[x] == 7)
    printf("yes\n");
  array[1] = x;
  if (array[k] == 3)
    printf("three\n");
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", "--optimize-array=index", bc.to_str().unwrap()]);
    assert!(!err(&o).contains("OPT_I"), "{}", err(&o));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn debug_print_instructions_traces_each_instruction_to_stderr_or_a_file() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "t", TABLE, &[]);
    let o = klee(d.path(), &["--output-dir=a", "--debug-print-instructions=all:stderr", bc.to_str().unwrap()]);
    let e = err(&o);
    // Source place, instruction number, path id, LLVM text.
    let line = e.lines().find(|l| l.contains("call void @klee_make_symbolic")).expect("traced call");
    assert!(line.starts_with("     "), "{line}");
    assert!(line.contains("t.c:6 3:"), "{line}");
    assert!(!d.path().join("a/instructions.txt").exists());
    let o = klee(d.path(), &["--output-dir=b", "--debug-print-instructions=src:file", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let t = std::fs::read_to_string(d.path().join("b/instructions.txt")).unwrap();
    assert!(t.lines().any(|l| l.contains("t.c:8 ")), "{t}");
    assert!(!t.contains("@klee_make_symbolic"));
    let o = klee(d.path(), &["--output-dir=c", "--debug-print-instructions=compact:file", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let t = std::fs::read_to_string(d.path().join("c/instructions.txt")).unwrap();
    let first = t.lines().next().unwrap();
    assert!(first.split(':').count() == 2 && first.split(':').all(|p| p.parse::<u64>().is_ok()), "{first}");
    assert!(!t.contains("t.c:"));
    // Both paths (ids) appear.
    let ids: std::collections::BTreeSet<&str> = t.lines().filter_map(|l| l.split(':').nth(1)).collect();
    assert!(ids.len() >= 2, "{ids:?}");
}

#[test]
fn escaping_functions_are_those_whose_address_is_taken() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "e",
        r#"int called(void) { return 1; }
int pointed(void) { return 2; }
int passed(void) { return 3; }
short cast(void) { return 4; }
int take(int (*f)(void));
int main(void) {
  int (*p)(void) = pointed;
  int (*q)(void) = (int (*)(void))cast;
  return called() + p() + take(passed) + q();
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", "--debug-print-escaping-functions", bc.to_str().unwrap()]);
    let e = err(&o);
    let line = e.lines().find(|l| l.starts_with("KLEE: escaping functions: [")).expect("the list");
    let mut names: Vec<&str> =
        line.trim_start_matches("KLEE: escaping functions: [").trim_end_matches(']').split(", ").collect();
    names.sort();
    assert_eq!(names, ["cast", "passed", "pointed"], "{line}");
}

#[test]
fn external_call_warnings_report_no_call_the_first_of_each_function_or_every_call() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "x",
        "#include <unistd.h>\nint main(void) { long a = sysconf(_SC_PAGESIZE); long b = sysconf(_SC_CLK_TCK); return (a > 0) + (b > 0); }\n",
        &[],
    );
    let count = |w: &str, out: &str| {
        let o = klee(
            d.path(),
            &[&format!("--output-dir={out}"), &format!("--external-call-warnings={w}"), bc.to_str().unwrap()],
        );
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        err(&o).matches("calling external: sysconf").count()
    };
    assert_eq!(count("none", "a"), 0);
    assert_eq!(count("once-per-function", "b"), 1);
    assert_eq!(count("all", "c"), 2);
    let bad = klee(d.path(), &["--output-dir=e", "--external-call-warnings=some", bc.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn max_static_fork_pct_stops_a_branch_that_made_too_many_of_the_forks() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "s",
        r#"#include "klee/klee.h"
int main() {
  int x[10], i, n = 0;
  klee_make_symbolic(&x, sizeof(x), "x");
  if (x[0]) n++;
  if (x[1]) n++;
  for (i = 2; i < 10; i++)
    if (x[i]) n++;
  return n;
}
"#,
        &[],
    );
    let paths = |opts: &[&str], out: &str| {
        let mut a = vec![format!("--output-dir={out}"), "--max-static-pct-check-delay=1".into()];
        a.extend(opts.iter().map(|s| s.to_string()));
        a.push(bc.to_str().unwrap().into());
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let o = klee(d.path(), &a);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        if !opts.is_empty() {
            assert!(err(&o).contains("skipping fork and concretizing condition (MaxStatic*Pct limit reached) at"));
        }
        completed(&o)
    };
    // The loop's branch forks until it holds more than the share.
    assert_eq!(paths(&["--max-static-fork-pct=0.2"], "a"), "KLEE: done: completed paths = 4");
    assert_eq!(paths(&["--max-static-fork-pct=0.5"], "b"), "KLEE: done: completed paths = 8");
    assert_eq!(paths(&["--max-static-fork-pct=0.8"], "c"), "KLEE: done: completed paths = 17");
    // One call path holds every fork: only the first branch forks.
    assert_eq!(paths(&["--max-static-cpfork-pct=0.5"], "e"), "KLEE: done: completed paths = 2");
    assert_eq!(paths(&[], "f"), "KLEE: done: completed paths = 1024");
    let bad = klee(d.path(), &["--output-dir=g", "--max-static-fork-pct=2", bc.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
}

/// `--const-array-opt` rewrites lookups in a constant 8 KiB table at a
/// symbolic index as ranges of the index (silently, unlike
/// `--optimize-array`), so the 16 chained lookups finish at once.
#[test]
fn const_array_opt_makes_lookups_in_a_constant_table_cheap() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "cao",
        r#"#include "klee/klee.h"
#include <stdio.h>
int main() {
  unsigned char a[8192];
  unsigned i, k[16];
  for (i = 0; i < 8192; i++) a[i] = i % 256;
  klee_make_symbolic(k, sizeof(k), "k");
  for (i = 0; i < 16; i++) {
    if (k[i] >= 8192) klee_silent_exit(0);
    if (a[k[i]] != i) klee_silent_exit(0);
  }
  printf("Finished successfully!\n");
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", "--const-array-opt", "--max-time=60", bc.to_str().unwrap()]);
    let e = err(&o);
    assert!(String::from_utf8_lossy(&o.stdout).contains("Finished successfully!"), "{e}");
    assert!(!e.contains("halting execution"), "{e}");
    assert!(!e.contains("OPT_I"), "{e}");
    assert!(e.contains("Symbolic memory read will send the following array of 8192 bytes"), "{e}");
}

/// `--make-concrete-symbolic=1` turns the program's concrete reads into
/// solver work (KLEE's self-test of the solver path); none without it.
#[test]
fn make_concrete_symbolic_sends_concrete_reads_to_the_solver() {
    let d = tempfile::tempdir().unwrap();
    let bc =
        bitcode(d.path(), "mcs", "#include <assert.h>\nint main() { char a = 10; assert(a == 10); return 0; }\n", &[]);
    let queries = |dir: &str, extra: &[&str]| {
        let mut args = vec![format!("--output-dir={dir}")];
        args.extend(extra.iter().map(|s| s.to_string()));
        args.push(bc.to_str().unwrap().to_string());
        let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let o = klee(d.path(), &a);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        let info = std::fs::read_to_string(d.path().join(dir).join("info")).unwrap();
        info.lines().find_map(|l| l.strip_prefix("KLEE: done: total queries = ")).unwrap().parse::<u64>().unwrap()
    };
    assert_eq!(queries("plain", &[]), 0);
    assert!(queries("mcs", &["--make-concrete-symbolic=1"]) >= 1);
}

/// A variable the program declares and nothing defines, and the host does
/// not have, stops the load with KLEE's error; one of unknown size is
/// left alone.
#[test]
fn an_undefined_global_is_klees_load_error() {
    let d = tempfile::tempdir().unwrap();
    let bc =
        bitcode(d.path(), "ug", "extern int no_such_symbol_here;\nint main() { return no_such_symbol_here; }\n", &[]);
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("ERROR: Unable to load symbol(no_such_symbol_here) while initializing globals"),
        "{}",
        err(&o)
    );
    let bc = bitcode(d.path(), "us", "struct X;\nextern struct X Y;\nvoid *p = &Y;\nint main() { return 0; }\n", &[]);
    let o = klee(d.path(), &["--output-dir=o2", bc.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

/// `__builtin_mul_overflow` on 64-bit symbolic operands tells overflow
/// from no overflow exactly (no wider type to multiply in): the four
/// verdicts are each reached, and the tests' operands, multiplied here in
/// 128 bits, give exactly those verdicts.
#[test]
fn a_64_bit_multiplication_overflow_check_stays_symbolic() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "mul",
        r#"#include "klee/klee.h"
#include <stdio.h>
int main() {
  unsigned long a, b, r;
  long sr;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  int u = __builtin_mul_overflow(a, b, &r);
  int s = __builtin_mul_overflow((long)a, (long)b, &sr);
  if (u) printf("u=1"); else printf("u=0");
  if (s) printf(" s=1\n"); else printf(" s=0\n");
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(!e.contains("silently concretizing"), "{e}");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let printed: std::collections::BTreeSet<&str> = out.lines().filter(|l| l.starts_with("u=")).collect();
    let mut expected = std::collections::BTreeSet::new();
    for f in common::klee::files(&d.path().join("o")).iter().filter(|f| f.ends_with(".ktest")) {
        let kt = klee_ext::ktest::KTest::load(&d.path().join("o").join(f)).unwrap();
        let word = |i: usize| u64::from_le_bytes(kt.objects[i].1[..8].try_into().unwrap());
        let (a, b) = (word(0), word(1));
        let u = a.checked_mul(b).is_none();
        let s = (a as i64).checked_mul(b as i64).is_none();
        expected.insert(format!("u={} s={}", u as u8, s as u8));
    }
    let expected: std::collections::BTreeSet<&str> = expected.iter().map(|s| s.as_str()).collect();
    assert_eq!(printed, expected, "{out}");
    assert_eq!(printed.len(), 4, "{out}");
}

/// KLEE's searchers as KLEE stacks them (several `--search` interleaved,
/// batching, iterative deepening) explore every path, each test once.
#[test]
fn stacked_searchers_explore_every_path_once() {
    let d = tempfile::tempdir().unwrap();
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/symbolic/branches6.c")).unwrap();
    let bc = bitcode(d.path(), "b6", &src, &[]);
    let stacks: &[&[&str]] = &[
        &["--search=random-path", "--search=nurs:covnew", "--use-batching-search", "--batch-instructions=50"],
        &["--search=nurs:rp", "--search=nurs:depth", "--search=random-state"],
        &["--search=random-path", "--use-iterative-deepening-time-search", "--use-batching-search"],
    ];
    for (i, stack) in stacks.iter().enumerate() {
        let out = format!("--output-dir=o{i}");
        let mut args = vec![out.as_str()];
        args.extend_from_slice(stack);
        args.push(bc.to_str().unwrap());
        let o = klee(d.path(), &args);
        let e = err(&o);
        assert_eq!(o.status.code(), Some(0), "{stack:?}: {e}");
        assert!(e.contains("KLEE: done: completed paths = 64\n"), "{stack:?}: {e}");
        // Every test a different path: 64 distinct inputs' branch patterns.
        let mut seen = std::collections::HashSet::new();
        for t in 1..=64 {
            let k = klee_ext::ktest::KTest::load(&d.path().join(format!("o{i}/test{t:06}.ktest"))).unwrap();
            let bits: Vec<bool> = k.objects[0].1.iter().map(|b| *b > 100).collect();
            assert!(seen.insert(bits), "{stack:?}: test {t} repeats a path");
        }
    }
}
