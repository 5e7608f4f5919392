//! End-to-end tests of `fix`'s questions: an oracle command or the user
//! answers on an input the tests leave open, the answer decides among
//! the patches and becomes a test.

mod common;
use common::fixes::{patches, serial, GRADE, GRADE_TESTS};
use common::{bin, fix_report, project};
use std::process::{Command, Stdio};

/// A reference by which -1 is a score (a fail): only below -1 is a
/// number no score. The tests cannot tell it from `s < 0`.
const REFERENCE: &str = "s=$1\nif [ \"$s\" -gt 100 ] || [ \"$s\" -lt -1 ]; then echo -1\nelif [ \"$s\" -ge 50 ]; then echo 1\nelse echo 0\nfi\n";

#[test]
fn an_oracle_decides_what_the_tests_leave_open() {
    let _l = serial();
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS), ("reference.sh", REFERENCE)]);
    // The oracle runs in the input's folder (the project's here).
    let oracle = format!("sh {}/reference.sh", d.path().display());
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "60s", "--oracle", &oracle]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(patches(&r), ["s > 100 || s < -1"], "{}", r["choice"]);
    assert_eq!(r["choice"]["certainty"], "answered", "{}", r["choice"]);
    let q = &r["choice"]["questions"][0];
    assert_eq!((q["args"][0].as_str(), q["answer"]["kind"].as_str()), (Some("-1"), Some("output")), "{q}");
    assert_eq!(q["answer"]["text"], "0\n");
    // Before the question, the principles had chosen the other.
    assert_eq!(r["choice"]["behaviours"][0]["replacement"], "s > 100 || s < 0");
    assert!(String::from_utf8_lossy(&o.stdout).contains("the answers decide"));
    // Nothing written into the project without --apply.
    assert_eq!(std::fs::read_to_string(d.path().join("se2repair.yaml")).unwrap(), GRADE_TESTS);
}

/// A reference by which a score below -60 is a fail, not "not a score":
/// the tests (no score below -60) cannot tell it from `s < 0`.
const FLOORED: &str = "s=$1\nif [ \"$s\" -gt 100 ] || { [ \"$s\" -lt 0 ] && [ \"$s\" -ge -60 ]; }; then echo -1\nelif [ \"$s\" -ge 50 ]; then echo 1\nelse echo 0\nfi\n";

#[test]
fn one_behaviour_left_is_confirmed_where_it_departs_from_the_original() {
    let _l = serial();
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS), ("reference.sh", REFERENCE)]);
    let oracle = format!("sh {}/reference.sh", d.path().display());
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "60s", "--oracle", &oracle]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let qs = r["choice"]["questions"].as_array().unwrap();
    assert_eq!(qs[0]["kind"], "tell-apart", "{qs:?}");
    // Then the one left is asked where it departs from the original (a
    // negative score the original calls a fail): the reference agrees.
    let confirm: Vec<_> = qs.iter().filter(|q| q["kind"] == "confirm").collect();
    assert!(!confirm.is_empty() && confirm.len() <= 2, "{qs:?}");
    for q in confirm {
        assert_eq!(q["outputs"][1], "0\n", "the original's output second: {q}");
        assert_eq!((q["answer"]["text"].as_str(), q["behaviours_left"].as_u64()), (Some("-1\n"), Some(1)), "{q}");
    }
    assert_eq!(patches(&r), ["s > 100 || s < -1"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("the chosen patch agrees"));
}

#[test]
fn a_departure_the_oracle_rejects_rules_the_only_behaviour_out() {
    let _l = serial();
    // With -1 a test, every patch that passes behaves as `s < 0`.
    let tests = format!("{GRADE_TESTS}  - {{name: neg1, args: [\"-1\"], stdout: \"-1\\n\"}}\n");
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", &tests), ("reference.sh", FLOORED)]);
    let oracle = format!("sh {}/reference.sh", d.path().display());
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "60s", "--oracle", &oracle]);
    let err = String::from_utf8_lossy(&o.stderr);
    let ruled_out: Vec<&str> =
        r["ruled_out"].as_array().into_iter().flatten().filter_map(|b| b["replacement"].as_str()).collect();
    assert!(ruled_out.contains(&"s > 100 || s < 0"), "{ruled_out:?}\n{err}");
    assert!(err.contains("the chosen behaviour does not agree"), "{err}");
    assert!(!patches(&r).contains(&"s > 100 || s < 0".to_string()), "{}", r["choice"]);
}

#[test]
fn with_apply_the_answers_become_tests_of_the_project() {
    let _l = serial();
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS), ("reference.sh", REFERENCE)]);
    let oracle = format!("sh {}/reference.sh", d.path().display());
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "60s", "--oracle", &oracle, "--apply"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(r["applied"], true);
    let yaml = std::fs::read_to_string(d.path().join("se2repair.yaml")).unwrap();
    assert!(yaml.starts_with(GRADE_TESTS), "{yaml}");
    assert!(yaml.contains("name: answer-1"), "{yaml}");
    assert!(std::fs::read_to_string(d.path().join("prog.c")).unwrap().contains("s > 100 || s < -1"));
    // The project still loads, and every test passes: nothing to repair.
    let (o2, r2) = fix_report(d.path(), &["--timeout", "30s"]);
    assert_eq!(r2["status"], "nothing-to-repair", "{}", String::from_utf8_lossy(&o2.stderr));
    // The six tests and one per answer (the question that told the two
    // behaviours apart, and those that confirmed the one left).
    let answers =
        r["choice"]["questions"].as_array().unwrap().iter().filter(|q| q["answer"]["kind"] == "output").count();
    assert!(answers >= 2, "{}", r["choice"]);
    assert_eq!(r2["tests"].as_array().unwrap().len(), 6 + answers);
}

#[test]
fn an_oracle_that_fails_leaves_the_question_to_the_principles() {
    let _l = serial();
    for (oracle, why) in
        [("false", "failed (exit 1)"), ("true", "printed nothing"), ("sleep 30; true", "did not answer")]
    {
        let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS)]);
        let t0 = std::time::Instant::now();
        let (o, r) = fix_report(
            d.path(),
            &["--location", "prog.c:7", "--timeout", "60s", "--test-timeout", "1s", "--oracle", oracle],
        );
        assert!(o.status.success(), "{oracle}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(t0.elapsed() < std::time::Duration::from_secs(50), "{oracle} held fix up");
        assert_eq!(patches(&r), ["s > 100 || s < 0"], "{oracle}");
        let q = &r["choice"]["questions"][0];
        assert_eq!(q["answer"]["kind"], "unanswered", "{oracle}: {q}");
        assert!(q["answer"]["text"].as_str().unwrap().contains(why), "{oracle}: {q}");
        assert!(String::from_utf8_lossy(&o.stdout).contains("unanswered"), "{oracle}");
    }
}

#[test]
fn ask_without_a_terminal_is_refused() {
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS)]);
    let o = Command::new(bin()).arg("fix").arg(d.path()).arg("--ask").stdin(Stdio::null()).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--ask needs a terminal") && err.lines().count() == 1, "{err}");
    assert!(!d.path().join("se2repair-out").exists());
    let both = Command::new(bin()).arg("fix").arg(d.path()).args(["--ask", "--oracle", "true"]).output().unwrap();
    assert_eq!(both.status.code(), Some(2));
}

/// `fix --ask` on a terminal (util-linux `script` gives it one), the
/// answer typed on its stdin: a number picks that behaviour's output, `o`
/// then lines ended by `.` types the right one.
#[test]
fn ask_on_a_terminal_takes_a_pick_or_a_typed_output() {
    let _l = serial();
    for (answer, chosen, text) in [
        ("2\n", "s > 100 || s < -1", "0\n"),
        ("o\n-1\n.\n", "s > 100 || s < 0", "-1\n"),
        ("\n", "s > 100 || s < 0", ""),
    ] {
        let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS)]);
        let cmd = format!("{} fix {} --location prog.c:7 --timeout 60s --ask", bin(), d.path().display());
        let mut child = Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("util-linux script");
        use std::io::Write;
        child.stdin.take().unwrap().write_all(answer.as_bytes()).unwrap();
        let o = child.wait_with_output().unwrap();
        let shown = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{answer:?}: {shown}");
        assert!(shown.contains("The tests leave this input open"), "{answer:?}: {shown}");
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.path().join("se2repair-out/report.json")).unwrap())
                .unwrap();
        assert_eq!(patches(&r), [chosen], "{answer:?}: {}", r["choice"]);
        let q = &r["choice"]["questions"][0];
        if text.is_empty() {
            assert_eq!(
                (q["answer"]["kind"].as_str(), q["answer"]["text"].as_str()),
                (Some("unanswered"), Some("skipped"))
            );
        } else {
            assert_eq!((q["answer"]["kind"].as_str(), q["answer"]["text"].as_str()), (Some("output"), Some(text)));
            assert_eq!(r["choice"]["certainty"], "answered");
        }
    }
}

#[test]
fn add_test_refuses_bad_input_and_leaves_the_project_alone() {
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS), ("bad.yaml", "tests: [{name: x}]\n")]);
    for file in ["bad.yaml", "missing.yaml"] {
        let o = Command::new(bin()).arg("add-test").arg(d.path()).arg(d.path().join(file)).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{file}");
        assert!(String::from_utf8_lossy(&o.stderr).starts_with("se2repair: error: "), "{file}");
    }
    assert_eq!(std::fs::read_to_string(d.path().join("se2repair.yaml")).unwrap(), GRADE_TESTS);
}
