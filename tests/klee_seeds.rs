//! Seeding as KLEE's: `--seed-file`/`--seed-dir` tests steer the
//! exploration first (concretized values are the seed's), then the run
//! goes its own way unless `--only-seed`; `--only-replay-seeds` follows
//! the seeds alone; `--named-seed-matching` binds objects by name.

mod common;

use common::klee::{bitcode, err, files, klee};

/// `SeedGen` makes the seed (a=3, b=4, c=5, and a second "a" 6); `main`
/// makes the same objects in another order and tells which hold.
const NAMED: &str = r#"#include "klee/klee.h"
#include <stdio.h>
void SeedGen(void) {
  int a, b, c, x;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&c, sizeof c, "c");
  klee_make_symbolic(&x, sizeof x, "a");
  klee_assume(a == 3);
  klee_assume(b == 4);
  klee_assume(c == 5);
  klee_assume(x == 6);
}
int main(void) {
  int a, b, c, x;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&c, sizeof c, "c");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&x, sizeof x, "a");
  if (a == 3) printf("a==3\n");
  if (b == 4) printf("b==4\n");
  if (c == 5) printf("c==5\n");
  if (x == 6) printf("x==6\n");
  return 0;
}
"#;

/// A malloc of a symbolic size: the seed's size is the one concretized.
const MALLOC: &str = r#"#include "klee/klee.h"
#include <stdio.h>
#include <stdlib.h>
void SeedGen(void) {
  size_t x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x == 100);
}
int main(void) {
  size_t s;
  klee_make_symbolic(&s, sizeof s, "size");
  char *p = malloc(s);
  if (!p)
    return 0;
  if (s != 100)
    printf("Error\n");
  return 0;
}
"#;

fn seed(dir: &std::path::Path, bc: &str) -> String {
    let o = klee(dir, &["--output-dir=seed", "--entry-point=SeedGen", bc]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    dir.join("seed/test000001.ktest").to_string_lossy().into_owned()
}

#[test]
fn only_replay_seeds_with_named_matching_follows_the_seed_alone() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "named", NAMED, &[]);
    let b = bc.to_str().unwrap();
    let s = seed(d.path(), b);
    let o = klee(d.path(), &["--output-dir=o", "--only-replay-seeds", "--named-seed-matching", "--seed-file", &s, b]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(e.contains("KLEE: using 1 seeds\n"), "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1\n"), "{e}");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "a==3\nb==4\nc==5\nx==6\n");
    // By position the seed's objects land on other names: c gets 4, b 5.
    let o = klee(d.path(), &["--output-dir=p", "--only-replay-seeds", "--seed-file", &s, b]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "a==3\nx==6\n", "{}", err(&o));
}

#[test]
fn a_seeded_run_concretizes_to_the_seed_and_only_seed_stops_after_it() {
    let d = tempfile::tempdir().unwrap();
    let bc = bitcode(d.path(), "malloc", MALLOC, &[]);
    let b = bc.to_str().unwrap();
    let s = seed(d.path(), b);
    let o = klee(d.path(), &["--output-dir=o", "--seed-file", &s, b]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(!String::from_utf8_lossy(&o.stdout).contains("Error"), "{e}");
    assert!(e.contains("KLEE: seeding done (0 states remain)"), "{e}");

    // Three branches: the seed takes one way; the seven others wait for
    // the end of seeding, and --only-seed dumps them instead.
    let d = tempfile::tempdir().unwrap();
    let src = r#"#include "klee/klee.h"
void SeedGen(void) { int x; klee_make_symbolic(&x, sizeof x, "x"); klee_assume(x == 5); }
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int n = 0;
  if (x & 1) n++;
  if (x & 2) n++;
  if (x & 4) n++;
  return n;
}
"#;
    let bc = bitcode(d.path(), "three", src, &[]);
    let b = bc.to_str().unwrap();
    let s = seed(d.path(), b);
    let o = klee(d.path(), &["--output-dir=all", "--seed-file", &s, b]);
    let e = err(&o);
    assert!(e.contains("KLEE: done: completed paths = 8\n"), "{e}");
    // The seed's path is the first test.
    let first = klee_ext::ktest::KTest::load(&d.path().join("all/test000001.ktest")).unwrap();
    assert_eq!(first.objects[0].1, 5i32.to_le_bytes());
    let o = klee(d.path(), &["--output-dir=only", "--only-seed", "--seed-file", &s, b]);
    let e = err(&o);
    assert!(e.contains("KLEE: seeding done (3 states remain)"), "{e}");
    assert!(e.contains("KLEE: done: completed paths = 1\n"), "{e}");
    let early = files(&d.path().join("only")).iter().filter(|f| f.ends_with(".early")).count();
    assert_eq!(early, 3, "{e}");
    // A seed file that is not a test: one line, exit 1, no output folder.
    let o = klee(d.path(), &["--output-dir=bad", "--seed-file", "three.c", b]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("unable to read seed file: three.c"), "{}", err(&o));
    assert!(!d.path().join("bad").exists());
}
