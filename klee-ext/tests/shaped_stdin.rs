//! A stdin shaped like a test's (`Config::stdin_digits`): the listed
//! bytes are symbolic digits, the others stay as given, and the paths'
//! test cases keep the shape.

use klee_ext::compile::compile_c;
use klee_ext::exec::{Config, Executor, StartError, Termination};
use klee_ext::ir::load_module_file;
use std::rc::Rc;

const PROG: &str = r#"#include <stdio.h>
int main(void) {
  int x, y;
  if (scanf("%d %d", &x, &y) != 2)
    return 9;
  if (x > 42) {
    if (y == 7) {
      puts("seven");
      return 2;
    }
    puts("big");
    return 1;
  }
  puts("small");
  return 0;
}
"#;

/// Per exit code, one path's `stdin` object (the scanner may end
/// several paths alike).
fn paths(stdin: &[u8], digits: &[u32]) -> Vec<(i32, Vec<u8>)> {
    let d = tempfile::tempdir().expect("temp dir");
    let c = d.path().join("prog.c");
    std::fs::write(&c, PROG).expect("writes");
    let bc = compile_c(&[c], &[], d.path()).expect("compiles");
    let prog = load_module_file(&[bc[0].as_path()], Some(klee_ext::RUNTIME_BC)).expect("loads");
    let cfg = Config {
        warnings: false,
        stdin: Some(Rc::new(stdin.to_vec())),
        stdin_digits: Rc::new(digits.to_vec()),
        ..Config::default()
    };
    let mut ex = Executor::new(&prog, cfg).expect("starts");
    let mut out = Vec::new();
    ex.run(&mut |_, r| {
        if let Termination::Exit(code) = r.termination {
            let bytes = r.objects.iter().find(|(n, _)| n == "stdin").map(|(_, b)| b.clone()).unwrap_or_default();
            out.push((code, bytes));
        }
    });
    out.sort();
    out.dedup_by_key(|(c, _)| *c);
    out
}

#[test]
fn the_digits_are_free_in_their_width_and_the_rest_stays() {
    // "10 3\n": x has two free digits, y one; the space and the newline
    // stay, so every path reads two numbers.
    let runs = paths(b"10 3\n", &[0, 1, 3]);
    let codes: Vec<i32> = runs.iter().map(|(c, _)| *c).collect();
    assert_eq!(codes, vec![0, 1, 2], "{runs:?}");
    for (code, bytes) in &runs {
        let x = (bytes[0] - b'0') as i32 * 10 + (bytes[1] - b'0') as i32;
        let y = (bytes[3] - b'0') as i32;
        assert!(bytes[..2].iter().chain(&bytes[3..4]).all(u8::is_ascii_digit), "{bytes:?}");
        match code {
            0 => assert!(x <= 42),
            1 => assert!(x > 42 && y != 7),
            _ => assert!(x > 42 && y == 7),
        }
    }
    // Only x free: y stays 3, so no path returns 2.
    let codes: Vec<i32> = paths(b"10 3\n", &[0, 1]).iter().map(|(c, _)| *c).collect();
    assert_eq!(codes, vec![0, 1]);
    // None free: the one path of the fixed input.
    let codes: Vec<i32> = paths(b"10 3\n", &[]).iter().map(|(c, _)| *c).collect();
    assert_eq!(codes, vec![0]);
}

/// What keeps the exploration from starting is a typed error, with
/// KLEE's text where KLEE has one.
#[test]
fn a_start_that_cannot_be_made_says_why() {
    let d = tempfile::tempdir().expect("temp dir");
    let c = d.path().join("prog.c");
    std::fs::write(&c, PROG).expect("writes");
    let bc = compile_c(&[c], &[], d.path()).expect("compiles");
    let prog = load_module_file(&[bc[0].as_path()], Some(klee_ext::RUNTIME_BC)).expect("loads");
    let start = |cfg: Config| Executor::new(&prog, Config { warnings: false, ..cfg }).err();
    // A listed byte that is not a digit.
    let e = start(Config {
        stdin: Some(Rc::new(b"10 3\n".to_vec())),
        stdin_digits: Rc::new(vec![0, 2]),
        ..Config::default()
    });
    assert_eq!(e, Some(StartError::NotADigit { index: 2, byte: b' ' }));
    assert_eq!(e.unwrap().to_string(), "stdin byte 2 is not a digit (0x20)");
    // An entry the module does not define.
    let e = start(Config { entry: Some("nothere".into()), ..Config::default() });
    assert_eq!(e.unwrap().to_string(), "Entry function 'nothere' not found in module.");
    // A working directory that is not one.
    let missing = d.path().join("missing");
    let e = start(Config { cwd: Some(missing.clone()), ..Config::default() });
    assert!(matches!(&e, Some(StartError::Directory { dir, .. }) if *dir == missing), "{e:?}");
}
