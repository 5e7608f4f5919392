//! `model-lib` on the kernel's byte functions with the sketches of
//! `sketches/kernel/` (the paper's transformation sketch for `read` and
//! `write`): the model is found from the tests of several programs, runs
//! natively in place of the C library's, and is compared with it on
//! files the tests never used.

use std::path::Path;

mod common;
use common::modellib::{model_lib, project, report, serial};

fn sketch(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sketches/kernel").join(name).display().to_string()
}

/// Lines, bytes and capitals of standard input, read four bytes at a time.
const COUNT: &str = r#"#include <stdio.h>
#include <unistd.h>
int main(void) {
  char buf[4];
  long n, lines = 0, bytes = 0, caps = 0;
  while ((n = read(0, buf, sizeof buf)) > 0)
    for (long i = 0; i < n; i++) {
      bytes++;
      lines += buf[i] == '\n';
      caps += buf[i] >= 'A' && buf[i] <= 'Z';
    }
  if (n < 0)
    return 1;
  printf("%ld %ld %ld\n", lines, bytes, caps);
  return 0;
}
"#;

/// A file named by the argument, copied to standard output.
const SHOW: &str = r#"#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
  char buf[3];
  long n;
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    puts("cannot open");
    return 2;
  }
  while ((n = read(fd, buf, sizeof buf)) > 0)
    fwrite(buf, 1, n, stdout);
  close(fd);
  return n < 0;
}
"#;

#[test]
fn read_is_the_kernels_bytes_and_count_over_two_programs() {
    let _g = serial();
    let tmp = tempfile::tempdir().unwrap();
    let count = project(
        tmp.path(),
        "count",
        COUNT,
        "  - {name: c1, stdin: \"ab\\n\", stdout: \"1 3 0\\n\"}\n  - {name: c2, stdin: \"\", stdout: \"0 0 0\\n\"}\n  - {name: c3, stdin: \"Hi\\nYo\\n\", stdout: \"2 6 2\\n\"}\n",
    );
    let show = project(
        tmp.path(),
        "show",
        SHOW,
        "  - {name: s1, setup: \"printf 'one two\\\\n' > f.txt\", args: [f.txt], stdout: \"one two\\n\"}\n  - {name: s2, args: [nothere], stdout: \"cannot open\\n\", exit: 2}\n",
    );
    let out = tmp.path().join("read.c");
    let o = model_lib(&[
        "read",
        count.to_str().unwrap(),
        "--sketch",
        &sketch("read.c"),
        "--pool",
        show.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    let r = report(&o);
    assert_eq!(r["status"], "model", "{r}");
    let terms: Vec<&str> = r["terms"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert_eq!(terms, ["byte(x1) = x1", "count(x1, x2) = x2"], "{r}");
    // Both programs' tests decided it; none is set aside.
    assert_eq!(r["tests_checked"], 5, "{r}");
    assert_eq!(r["unusable"].as_array().map_or(0, |a| a.len()), 0, "{r}");
    // The C library's read on 1,000 files: the same counts and bytes,
    // through the end of the file and on a closed descriptor.
    assert_eq!(r["agreement"]["compared"], "bytes", "{r}");
    assert_eq!(r["agreement"]["agreeing"], r["agreement"]["inputs"], "{r}");
    let model = std::fs::read_to_string(&out).unwrap();
    assert!(!model.contains("klee_") && model.contains("SE2_NATIVE"), "{model}");
}

/// Each argument on its own line, with write(2).
const ECHO: &str = r#"#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    size_t n = strlen(argv[i]);
    if (write(1, argv[i], n) != (long)n || write(1, "\n", 1) != 1)
      return 1;
  }
  return 0;
}
"#;

#[test]
fn write_is_weak_where_no_test_fails_a_write() {
    let _g = serial();
    let tmp = tempfile::tempdir().unwrap();
    let echo = project(
        tmp.path(),
        "echo",
        ECHO,
        "  - {name: e1, args: [ab], stdout: \"ab\\n\"}\n  - {name: e2, args: [x, Yz], stdout: \"x\\nYz\\n\"}\n",
    );
    let o = model_lib(&["write", echo.to_str().unwrap(), "--sketch", &sketch("write.c"), "--json"]);
    let r = report(&o);
    assert_eq!(r["status"], "model", "{r}");
    assert_eq!(r["terms"][0], "byte(x1) = x1", "{r}");
    // No test makes a write fail, so the count is the length asked for;
    // the comparison with the C library shows where that is wrong.
    let a = &r["agreement"];
    assert_eq!(a["weak"], true, "{r}");
    assert!(a["witness"].as_str().unwrap().contains("closed descriptor"), "{r}");
    assert!(echo.join("models/write.c").exists());
}
