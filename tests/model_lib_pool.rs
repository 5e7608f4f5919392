//! `model-lib` with tests pooled across programs (`--pool`), tests the
//! VM cannot pass set aside, and every model checked against the C
//! library's own function on random inputs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The syntheses use both cores; one at a time.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn model_lib(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_se2repair")).arg("model-lib").args(args).output().unwrap()
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn project(root: &Path, name: &str, c: &str, tests: &str) -> PathBuf {
    let d = root.join(name);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("prog.c"), c).unwrap();
    std::fs::write(d.join("se2repair.yaml"), format!("sources: [prog.c]\ntests:\n{tests}")).unwrap();
    d
}

fn report(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", text(o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("not JSON: {}", text(o)))
}

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

/// A number parsed with strtol (its end pointer read: solved from the
/// sketch's specification), beside a test the VM cannot pass.
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

#[test]
fn the_specification_sets_aside_a_test_the_vm_cannot_pass() {
    let _g = serial();
    let tmp = tempfile::tempdir().unwrap();
    let a = project(
        tmp.path(),
        "a",
        STRTOL_TTY,
        "  - {name: tty, args: [\"-t\"], stdout: \"\", exit: 1}\n  - {name: t1, args: [\"4\"], stdout: \"8\\n\"}\n  - {name: t2, args: [\"21\"], stdout: \"42\\n\"}\n  - {name: t3, args: [\"305\"], stdout: \"610\\n\"}\n",
    );
    let m = tmp.path().join("strtol.c");
    let r = report(&model_lib(&["strtol", a.to_str().unwrap(), "--json", "--out", m.to_str().unwrap()]));
    assert_eq!(r["status"], "model", "{r}");
    let unusable = r["unusable"].as_array().unwrap();
    assert_eq!(unusable.len(), 1, "{r}");
    assert!(unusable[0].as_str().unwrap().contains("test tty cannot be met in the VM with any term"), "{r}");
    assert_eq!(r["tests_used"], 3, "{r}");
    assert_eq!(r["agreement"]["compared"], "value_and_end", "{r}");
}
