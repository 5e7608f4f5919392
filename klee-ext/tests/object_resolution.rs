//! Which objects a symbolic address resolves to (`Config::object_resolution`):
//! an index past its array is out of bounds under `Indexed`, while a pointer
//! chosen among two arrays still reaches both.

use klee_ext::compile::compile_c;
use klee_ext::exec::{Config, Executor, ObjectResolution, Termination};
use klee_ext::ir::load_module_file;

/// The ends of every path of `src` (compiled with `flags`) under `how`:
/// (exit codes of the paths that exited, errors).
fn ends(src: &str, flags: &[&str], how: ObjectResolution) -> (Vec<i32>, usize) {
    let d = tempfile::tempdir().expect("temp dir");
    let c = d.path().join("prog.c");
    std::fs::write(&c, src).expect("writes");
    let extra: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    let bc = compile_c(&[c], &extra, d.path()).expect("compiles");
    let prog = load_module_file(&[bc[0].as_path()], None).expect("loads");
    let cfg = Config { object_resolution: how, warnings: false, ..Config::default() };
    let mut ex = Executor::new(&prog, cfg).expect("starts");
    let (mut exits, mut errors) = (Vec::new(), 0);
    ex.run(&mut |_, r| match r.termination {
        Termination::Exit(c) => exits.push(c),
        Termination::Error { .. } => errors += 1,
        Termination::Early(_) | Termination::Silent => {}
    });
    exits.sort();
    (exits, errors)
}

/// Two global arrays, the first read at a symbolic index.
const INDEX: &str = r#"#include "klee/klee.h"
int a[4] = {1, 1, 1, 1};
int b[4] = {2, 2, 2, 2};
int main(void) {
  long x;
  klee_make_symbolic(&x, sizeof x, "x");
  return a[x] + b[0] - 2;
}
"#;

#[test]
fn an_index_past_its_array_is_out_of_bounds_not_a_read_of_the_next_one() {
    let (exits, errors) = ends(INDEX, &[], ObjectResolution::Indexed);
    assert_eq!(exits, [1], "in bounds, a's 1 only");
    assert_eq!(errors, 1, "and one out-of-bound error");
    // Every object the index can reach: b (and others) too.
    let (exits, _) = ends(INDEX, &[], ObjectResolution::Every);
    assert!(exits.contains(&2), "a[x] resolved into b as well: {exits:?}");
}

/// A pointer chosen between two arrays as one value (`select` at -O1),
/// read through a call that keeps the choice an address.
const CHOICE: &str = r#"#include "klee/klee.h"
int a[4] = {1, 1, 1, 1};
int b[4] = {2, 2, 2, 2};
__attribute__((noinline)) int first(int *p) { return p[0]; }
int main(void) {
  int c;
  klee_make_symbolic(&c, sizeof c, "c");
  return first(c > 0 ? a : b);
}
"#;

#[test]
fn a_pointer_chosen_among_objects_reaches_each_of_them() {
    let (exits, errors) = ends(CHOICE, &["-O1"], ObjectResolution::Indexed);
    assert_eq!(exits, [1, 2], "both arrays read, errors {errors}");
    assert_eq!(errors, 0);
    // A single object: the other choice is an out-of-bound error.
    let (exits, errors) = ends(CHOICE, &["-O1"], ObjectResolution::Single);
    assert_eq!((exits.len(), errors), (1, 1), "{exits:?}");
}
