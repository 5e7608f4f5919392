//! The drop-in `klee`'s memory model with symbolic pointers and sizes: a
//! symbolic pointer handed to `free`, `realloc` or a call resolves to each
//! object or function it may be (a path each), a symbolic allocation size
//! is pinned as KLEE pins it, and `--single-object-resolution` keeps an
//! access in one object.

mod common;

use common::klee::{bitcode, err, files, klee};
use std::path::Path;

/// The number of files in `dir` whose name ends with `suffix`.
fn count(dir: &Path, suffix: &str) -> usize {
    files(dir).iter().filter(|f| f.ends_with(suffix)).count()
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn free_of_a_symbolic_pointer_frees_each_object_it_may_point_to() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "mf",
        r#"#include "klee/klee.h"
#include <stdio.h>
#include <stdlib.h>
int main() {
  int *buf[4];
  for (int i = 0; i < 3; i++) { buf[i] = malloc(sizeof(int)); *buf[i] = i; }
  buf[3] = 0;
  unsigned s = klee_range(0, 4, "s");
  free(buf[s]);
  for (int i = 0; i < 3; i++)
    printf("%d\n", *buf[i]);
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--emit-all-errors", "--output-dir=o", bc.to_str().unwrap()]);
    let e = err(&o);
    // One path frees nothing (s == 3); each of the three others reads the
    // object it freed.
    assert_eq!(e.matches("memory error: use after free").count(), 3, "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1"), "{e}");
    let out = d.path().join("o");
    assert_eq!(count(&out, ".ktest"), 4, "{:?}", files(&out));
    assert_eq!(count(&out, ".ptr.err"), 3);
}

#[test]
fn free_of_a_fully_symbolic_pointer_reports_each_kind_of_target() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "fp",
        r#"#include "klee/klee.h"
#include <stdlib.h>
int g;
int main() {
  int local;
  int *h = malloc(4);
  void *p;
  klee_make_symbolic(&p, sizeof p, "p");
  free(p);
  return g + local + *h;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--emit-all-errors", "--write-no-tests", "--output-dir=o", bc.to_str().unwrap()]);
    let e = err(&o);
    // null, the heap object (then read after its free), globals, locals,
    // and no object at all.
    assert!(e.contains("free of global"), "{e}");
    assert!(e.contains("free of alloca"), "{e}");
    assert!(e.contains("memory error: use after free"), "{e}");
    assert_eq!(e.matches("memory error: invalid pointer: free").count(), 1, "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1\n"), "{e}");
}

#[test]
fn realloc_forks_on_size_pointer_and_object_as_klee() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "mr",
        r#"#include "klee/klee.h"
#include <assert.h>
#include <stdlib.h>
int main() {
  int *buf[4];
  buf[0] = malloc(sizeof(int) * 4);
  buf[1] = malloc(sizeof(int));
  buf[2] = 0;
  buf[3] = (int *)0xdeadbeef;
  buf[0][0] = 10; buf[0][1] = 42; buf[1][0] = 20;
  unsigned i = klee_range(0, 4, "i");
  int n = 2 * sizeof(int) * klee_range(0, 2, "n");
  buf[i] = realloc(buf[i], n);
  if (n == 0) {
    assert(!buf[2]);
    if (i == 0) assert(!buf[0] && buf[1]);
    if (i == 1) assert(buf[0] && !buf[1]);
  } else {
    assert(buf[0][0] == 10 && buf[0][1] == 42 && buf[1][0] == 20);
    if (i == 1) { volatile int x = buf[1][1]; }
    if (i == 2) { volatile int x = buf[2][0]; }
  }
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    let out = d.path().join("o");
    // Only the invalid pointer fails: freed (size 0) or reallocated.
    assert_eq!(count(&out, ".err"), 2, "{:?}\n{}", files(&out), err(&o));
    assert_eq!(count(&out, ".ptr.err"), 2);
    assert!(err(&o).contains("KLEE: done: completed paths = 6"), "{}", err(&o));
}

#[test]
fn a_symbolic_allocation_size_takes_a_small_value_and_the_other_one() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "ms",
        r#"#include "klee/klee.h"
#include <stdio.h>
#include <stdlib.h>
int main() {
  unsigned a = klee_range(0, 2, "a");
  char *p = malloc(a ? 300 : 200);
  printf("%zu\n", klee_get_obj_size(p));
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    let mut sizes: Vec<String> = stdout(&o).lines().map(String::from).collect();
    sizes.sort();
    assert_eq!(sizes, ["200", "300"], "{}", err(&o));
    assert!(err(&o).contains("KLEE: done: completed paths = 2"), "{}", err(&o));
}

#[test]
fn a_symbolic_size_of_many_values_is_a_model_error_beyond_the_pinned_one() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "mm",
        r#"#include "klee/klee.h"
#include <stdlib.h>
int main() {
  unsigned long n;
  klee_make_symbolic(&n, sizeof n, "n");
  char *p = malloc(n);
  return p == 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    let e = err(&o);
    assert!(e.contains("NOTE: found huge malloc, returning 0"), "{e}");
    assert!(e.contains("concretized symbolic size"), "{e}");
    let out = d.path().join("o");
    assert_eq!(count(&out, ".model.err"), 1, "{:?}", files(&out));
    assert!(e.contains("KLEE: done: completed paths = 2"), "{e}");
}

#[test]
fn a_symbolic_function_pointer_calls_each_function_it_may_be() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "fn",
        r#"#include "klee/klee.h"
#include <stdio.h>
void foo(void) { puts("foo"); }
void bar(void) { puts("bar"); }
int main() {
  void (*f)(void);
  klee_make_symbolic(&f, sizeof f, "f");
  klee_assume((f == &foo) | (f == &bar));
  f();
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    let mut lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    lines.sort();
    assert_eq!(lines, ["bar", "foo"], "{}", err(&o));
}

#[test]
fn single_object_resolution_keeps_an_access_in_the_object_its_model_points_into() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "so",
        r#"#include "klee/klee.h"
#include <stdlib.h>
int main() {
  int *a = malloc(4 * sizeof(int));
  int *b = malloc(4 * sizeof(int));
  a[0] = 1; b[0] = 2;
  long x;
  klee_make_symbolic(&x, sizeof x, "x");
  return a[x];
}
"#,
        &[],
    );
    let all = klee(d.path(), &["--emit-all-errors", "--output-dir=m", bc.to_str().unwrap()]);
    let one =
        klee(d.path(), &["--emit-all-errors", "--single-object-resolution", "--output-dir=s", bc.to_str().unwrap()]);
    // Resolved once: in bounds, and one out-of-bound error.
    assert!(err(&one).contains("KLEE: done: completed paths = 1\n"), "{}", err(&one));
    assert_eq!(count(&d.path().join("s"), ".ptr.err"), 1, "{}", err(&one));
    // Resolved to every object: `b` (and others) too.
    let completed = |o: &std::process::Output| -> usize {
        let e = err(o);
        let line = e.lines().find(|l| l.starts_with("KLEE: done: completed paths = ")).unwrap_or_default().to_string();
        line.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap_or(0)
    };
    assert!(completed(&all) > 1, "{}", err(&all));
}

/// An object over 4 GiB is allocated (its pages mapped as written), its
/// last byte written and read back through the addresses past the first
/// 4 GiB; making it symbolic or reading it at a symbolic offset ends the
/// path with KLEE's messages.
#[test]
fn objects_over_4_gib_hold_concrete_bytes_at_their_whole_range() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "huge",
        r#"#include "klee/klee.h"
#include <stdio.h>
#include <stdlib.h>
int main() {
  size_t sz = (size_t)1 + ((size_t)1 << 32);
  char *p = malloc(sz);
  if (!p) return 2;
  p[sz - 1] = 42;
  p[1] = 7;
  if (p[sz - 1] != 42 || p[1] != 7 || p[sz - 2] != 0) return 3;
  int c = klee_range(0, 3, "c");
  if (c == 0) {
    printf("concrete ok\n");
  } else if (c == 1) {
    klee_make_symbolic(p, sz, "p");
  } else {
    unsigned k = klee_range(0, 100, "k");
    if (p[k] == 3) printf("three\n");
  }
  free(p);
  return 0;
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(stdout(&o).contains("concrete ok"), "{}", stdout(&o));
    assert!(e.contains("Large memory allocation (4294967297 bytes). KLEE may run out of memory."), "{e}");
    assert!(e.contains("Symbolic objects larger than 4 GiB are not allowed (requested 4294967297 bytes)."), "{e}");
    assert!(
        e.contains("Symbolic reads from objects larger than 4 GiB are not allowed (object size: 4294967297 bytes)."),
        "{e}"
    );
    assert_eq!(count(&d.path().join("o"), ".exec.err"), 2, "{e}");
}

/// `klee_define_fixed_object` makes an object at a chosen address; the
/// bytes past it stay the null page.
#[test]
fn a_fixed_object_answers_at_its_address() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "fixed",
        r#"#include "klee/klee.h"
#include <stdio.h>
int main() {
  klee_define_fixed_object((void *)0x80, 8);
  int *p = (int *)0x80;
  p[0] = 10;
  p[1] = p[0] + 1;
  printf("%d %d\n", p[0], p[1]);
  return p[2];
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", bc.to_str().unwrap()]);
    let e = err(&o);
    assert!(stdout(&o).contains("10 11"), "{}\n{e}", stdout(&o));
    // Past its 8 bytes lies the null page, as before the definition.
    assert!(e.contains("memory error: null page access"), "{e}");
    assert_eq!(count(&d.path().join("o"), ".ptr.err"), 1, "{e}");
}

/// A variable-length array of symbolic length is allocated as KLEE's
/// executeAlloc does: a small length it may have on this path, the rest a
/// `model` error.
#[test]
fn a_symbolic_vla_length_is_pinned_as_klee_pins_an_allocation() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(
        d.path(),
        "vla",
        r#"#include "klee/klee.h"
int main() {
  int n = klee_range(1, 10, "n");
  volatile int arr[n];
  arr[0] = 1;
  return arr[0];
}
"#,
        &[],
    );
    let o = klee(d.path(), &["--output-dir=o", "--emit-all-errors", bc.to_str().unwrap()]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert_eq!(count(&d.path().join("o"), ".model.err"), 1, "{e}");
    assert_eq!(count(&d.path().join("o"), ".ktest"), 2, "{e}");
    assert!(!e.contains("silently concretizing"), "{e}");
}
