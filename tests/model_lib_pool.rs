//! `model-lib` with tests pooled across programs (`--pool`), tests the
//! VM cannot pass set aside, and every model checked against the C
//! library's own function on random inputs.

mod common;
use common::modellib::{model_lib, project, report, serial, text};

/// Only whether a word is empty: strlen's value is not decided.
const EMPTY_OR_NOT: &str = r#"#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    puts(strlen(argv[i]) > 0 ? "word" : "empty");
  return 0;
}
"#;

/// The lengths themselves, printed.
const LENGTHS: &str = r#"#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    printf("%d\n", (int)strlen(argv[i]));
  return 0;
}
"#;

#[test]
fn pooled_tests_decide_a_model_one_program_alone_does_not() {
    let _g = serial();
    let tmp = tempfile::tempdir().unwrap();
    let a = project(
        tmp.path(),
        "a",
        EMPTY_OR_NOT,
        "  - {name: one, args: [\"ab\", \"\"], stdout: \"word\\nempty\\n\"}\n  - {name: two, args: [\"\", \"xyz\", \"q\"], stdout: \"empty\\nword\\nword\\n\"}\n",
    );
    let b = project(
        tmp.path(),
        "b",
        LENGTHS,
        "  - {name: three, args: [\"abc\"], stdout: \"3\\n\"}\n  - {name: five, args: [\"hello\", \"xy\"], stdout: \"5\\n2\\n\"}\n",
    );
    let m = tmp.path().join("strlen.c");
    let alone = report(&model_lib(&["strlen", a.to_str().unwrap(), "--json", "--out", m.to_str().unwrap()]));
    assert_eq!(alone["status"], "model", "{alone}");
    let ag = &alone["agreement"];
    assert_eq!(ag["inputs"], 1000, "{alone}");
    assert_eq!(ag["compared"], "value", "{alone}");
    // Whatever the tests leave open is measured, and a weak model says
    // on which input it differs.
    let weak = ag["agreeing"].as_u64().unwrap() < 950;
    assert_eq!(ag["weak"], weak, "{alone}");
    if weak {
        assert!(ag["witness"].as_str().is_some_and(|w| w.starts_with("strlen(\"")), "{alone}");
    }
    let pooled = report(&model_lib(&[
        "strlen",
        a.to_str().unwrap(),
        "--pool",
        b.to_str().unwrap(),
        "--json",
        "--out",
        m.to_str().unwrap(),
    ]));
    assert_eq!(pooled["terms"][0], "rho(x1) = x1 + 1", "{pooled}");
    assert_eq!(pooled["tests_used"], 4, "{pooled}");
    assert_eq!(pooled["agreement"]["agreeing"], 1000, "{pooled}");
    assert_eq!(pooled["agreement"]["weak"], false, "{pooled}");
    // A pooled project that is not a project: a clear error, exit 2.
    let o = model_lib(&["strlen", a.to_str().unwrap(), "--pool", tmp.path().join("none").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--pool"), "{}", text(&o));
}

/// A program whose test cannot pass under the VM (it answers that
/// standard output is a terminal), beside tests that can.
const TTY: &str = r#"#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "-t") == 0)
    return isatty(1) ? 0 : 1;
  for (int i = 1; i + 1 < argc; i += 2)
    puts(strcmp(argv[i], argv[i + 1]) == 0 ? "same" : "different");
  return 0;
}
"#;

#[test]
fn a_test_the_vm_cannot_pass_is_set_aside_and_a_comparison_keeps_its_contract() {
    let _g = serial();
    let tmp = tempfile::tempdir().unwrap();
    let a = project(
        tmp.path(),
        "a",
        TTY,
        "  - {name: tty, args: [\"-t\"], stdout: \"\", exit: 1}\n  - {name: pairs, args: [\"ab\", \"ab\", \"ab\", \"ac\"], stdout: \"same\\ndifferent\\n\"}\n  - {name: more, args: [\"x\", \"y\", \"q\", \"q\"], stdout: \"different\\nsame\\n\"}\n",
    );
    let m = tmp.path().join("strcmp.c");
    let r = report(&model_lib(&["strcmp", a.to_str().unwrap(), "--json", "--out", m.to_str().unwrap()]));
    assert_eq!(r["status"], "model", "{r}");
    let unusable = r["unusable"].as_array().unwrap();
    assert_eq!(unusable.len(), 1, "{r}");
    assert!(unusable[0].as_str().unwrap().contains("test tty fails under the VM whatever strcmp returns"), "{r}");
    // Only equal and unequal are tested; of the terms that fit, the one
    // that orders the strings is kept.
    assert_eq!(r["terms"][0], "rho(x1, x2) = x1 - x2", "{r}");
    assert_eq!(r["agreement"]["compared"], "sign", "{r}");
    assert_eq!(r["agreement"]["agreeing"], 1000, "{r}");
    // The model passes the test set aside natively.
    let c = std::fs::read_to_string(&m).unwrap();
    assert!(c.contains("strcmp("), "{c}");
}

/// A number parsed with strtol (its end pointer read), beside a test the
/// VM cannot pass.
const STRTOL_TTY: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  char *end;
  if (argc < 2)
    return 2;
  if (strcmp(argv[1], "-t") == 0)
    return isatty(1) ? 0 : 1;
  long v = strtol(argv[1], &end, 10);
  if (*end != 0) {
    printf("not a number\n");
    return 1;
  }
  printf("%ld\n", 2 * v);
  return 0;
}
"#;

/// strtol as a user writes the accumulation sketch: solved from its
/// specification once its smallest terms fail.
const STRTOL_SKETCH: &str = r#"#include "klee/klee.h"
long strtol(const char *s, char **end, int base) {
  int acc = 0;
  long i;
  (void)base;
  for (i = 0; s[i] != 0; i++) {
    int a[2] = {acc, (unsigned char)s[i]};
    acc = klee_apply_symbolic("rho", 2, a);
  }
  if (end)
    *end = (char *)s + i;
  return acc;
}
"#;

#[test]
fn a_test_the_vm_cannot_pass_is_set_aside_by_the_recording_and_by_the_specification() {
    let _g = serial();
    let tmp = tempfile::tempdir().unwrap();
    let a = project(
        tmp.path(),
        "a",
        STRTOL_TTY,
        "  - {name: tty, args: [\"-t\"], stdout: \"\", exit: 1}\n  - {name: t1, args: [\"4\"], stdout: \"8\\n\"}\n  - {name: t2, args: [\"21\"], stdout: \"42\\n\"}\n  - {name: t3, args: [\"305\"], stdout: \"610\\n\"}\n",
    );
    // The end pointer is recorded at the string's end; a function with
    // one is tried with the number sketch first, its digits the whole
    // class of the tests' digits.
    let m = tmp.path().join("strtol.c");
    let r = report(&model_lib(&["strtol", a.to_str().unwrap(), "--json", "--out", m.to_str().unwrap()]));
    assert_eq!(r["status"], "model", "{r}");
    assert_eq!(r["sketch"], "number", "{r}");
    assert_eq!(r["terms"][0], "digit(x1) = x1 >= 48 && x1 <= 57", "{r}");
    assert_eq!(r["terms"][1], "rho(x1, x2) = 10 * x1 + x2 - 48", "{r}");
    let unusable = r["unusable"].as_array().unwrap();
    assert_eq!(unusable.len(), 1, "{r}");
    assert!(unusable[0].as_str().unwrap().contains("test tty fails under the VM whatever strtol returns"), "{r}");
    assert_eq!(r["tests_used"], 3, "{r}");
    // It stops where strtol stops, and says so on strings of every class.
    assert_eq!(r["agreement"]["compared"], "value_and_end", "{r}");
    assert_eq!(r["agreement"]["agreeing"], 1000, "{r}");
    assert_eq!(r["agreement"]["weak"], false, "{r}");
    // The user's sketch: no smallest term passes, the specification's
    // search sets the test aside in its largest language.
    let sk = tmp.path().join("my_strtol.c");
    std::fs::write(&sk, STRTOL_SKETCH).unwrap();
    let m2 = tmp.path().join("strtol2.c");
    let r = report(&model_lib(&[
        "strtol",
        a.to_str().unwrap(),
        "--sketch",
        sk.to_str().unwrap(),
        "--json",
        "--out",
        m2.to_str().unwrap(),
    ]));
    assert_eq!(r["status"], "model", "{r}");
    assert!(r["language"].as_str().unwrap().starts_with("rho="), "{r}");
    let unusable = r["unusable"].as_array().unwrap();
    assert_eq!(unusable.len(), 1, "{r}");
    assert!(unusable[0].as_str().unwrap().contains("test tty cannot be met in the VM with any term"), "{r}");
    assert_eq!(r["tests_used"], 3, "{r}");
}

/// strtol's value as a printf field width, which the VM pins to one value.
const STRTOL_WIDTH: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  char *end;
  if (argc < 2)
    return 2;
  long w = strtol(argv[1], &end, 10);
  if (*end != 0 || w < 0 || w > 40)
    return 1;
  printf("[%*d]\n", (int)w, 7);
  return 0;
}
"#;

#[test]
fn a_field_width_the_vm_pins_is_recorded_at_its_small_values() {
    let _g = serial();
    let tmp = tempfile::tempdir().unwrap();
    let a = project(
        tmp.path(),
        "a",
        STRTOL_WIDTH,
        "  - {name: w3, args: [\"3\"], stdout: \"[  7]\\n\"}\n  - {name: w12, args: [\"12\"], stdout: \"[           7]\\n\"}\n  - {name: w5, args: [\"5\"], stdout: \"[    7]\\n\"}\n",
    );
    // The recording forks the width over its small values, so a path of
    // each test passes with the width it prints; the model is strtol's.
    let m = tmp.path().join("strtol.c");
    let r = report(&model_lib(&["strtol", a.to_str().unwrap(), "--json", "--out", m.to_str().unwrap()]));
    assert_eq!(r["status"], "model", "{r}");
    assert_eq!(r["sketch"], "number", "{r}");
    assert_eq!(r["tests_used"], 3, "{r}");
    assert_eq!(r["terms"][0], "digit(x1) = x1 >= 48 && x1 <= 57", "{r}");
    assert_eq!(r["terms"][1], "rho(x1, x2) = 10 * x1 + x2 - 48", "{r}");
    assert_eq!(r["agreement"]["agreeing"], 1000, "{r}");
}
