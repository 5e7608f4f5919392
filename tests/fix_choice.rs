//! End-to-end tests of how `fix` chooses among patches that pass the
//! tests: the anti-patterns it rejects (each named in the report), and
//! the sites and statements it may add or change (`return false;`, a
//! value with a call, a new `if (…) return/break/continue/exit`).

mod common;
use common::fixes::{patches, serial, GRADE, GRADE_TESTS};
use common::{fix_report, project};

/// Every anti-pattern line of the report's attempts.
fn antipatterns(report: &serde_json::Value) -> Vec<String> {
    report["attempts"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|a| a["antipatterns"].as_array().cloned().unwrap_or_default())
        .filter_map(|l| l.as_str().map(String::from))
        .collect()
}

const FIRST: &str = "#include <stdio.h>\n#include <stdlib.h>\n\n/* Prints the first number given. */\nint main(int argc, char **argv)\n{\n    int first = 0;\n    int i;\n    for (i = 1; i < argc; i++)\n        first = atoi(argv[i]);\n    printf(\"%d\\n\", first);\n    return 0;\n}\n";

const FIRST_TESTS: &str = "sources: [prog.c]\ntests:\n  - {name: two, args: [\"5\", \"7\"], stdout: \"5\\n\"}\n  - {name: one, args: [\"3\"], stdout: \"3\\n\"}\n  - {name: none, args: [], stdout: \"0\\n\"}\n  - {name: same, args: [\"4\", \"4\", \"4\"], stdout: \"4\\n\"}\n";

#[test]
fn a_step_that_makes_the_loop_run_once_is_rejected() {
    let _l = serial();
    // `i += argc` passes every test (each wants the first number, which a
    // single iteration reads) but turns the loop into one iteration.
    let d = project(&[("prog.c", FIRST), ("se2repair.yaml", FIRST_TESTS)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:9", "--timeout", "20s"]);
    let lines = antipatterns(&r);
    assert!(
        lines.iter().any(|l| l.starts_with("`i += argc`") && l.contains("anti-pattern loop-runs-once")),
        "{lines:?}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!patches(&r).contains(&"i += argc".to_string()), "{:?}", patches(&r));
}

const GUARDED: &str = "#include <stdio.h>\n\nint main(int argc, char **argv)\n{\n    int n = argc - 1;\n    int *p = n > 0 ? &n : 0;\n    puts(*p > 0 ? \"some\" : \"none\");\n    return 0;\n}\n";

#[test]
fn a_guard_around_the_only_output_is_rejected_when_no_test_checks_it() {
    let _l = serial();
    // The failing test checks only the exit status: `if (0) puts(…)`
    // would pass it by printing nothing at all.
    let tests =
        "sources: [prog.c]\ntests:\n  - {name: none, args: [], exit: 0}\n  - {name: one, args: [\"1\"], exit: 0}\n";
    let d = project(&[("prog.c", GUARDED), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "20s"]);
    let lines = antipatterns(&r);
    assert!(
        lines.iter().any(|l| l.contains("anti-pattern skips-only-output")),
        "{lines:?}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(patches(&r).iter().all(|p| !p.starts_with("if (0)")), "{:?}", patches(&r));
    // A test that states the output decides instead: no rule applies.
    let tests = "sources: [prog.c]\ntests:\n  - {name: none, args: [], stdout: \"\"}\n  - {name: one, args: [\"1\"], stdout: \"some\\n\"}\n";
    let d = project(&[("prog.c", GUARDED), ("se2repair.yaml", tests)]);
    let (_, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "20s"]);
    assert!(antipatterns(&r).iter().all(|l| !l.contains("skips-only-output")), "{:?}", antipatterns(&r));
    assert_eq!(r["status"], "patched", "{r}");
}

const LOGIC: &str = "#include <stdio.h>\n#include <stdlib.h>\n\n/* Both flags must be set. */\nint main(int argc, char **argv)\n{\n    int a1 = atoi(argv[1]);\n    int a2 = atoi(argv[2]);\n    if (a1 == 1 || a2 == 1)\n        printf(\"both\\n\");\n    else\n        printf(\"not both\\n\");\n    return 0;\n}\n";

#[test]
fn a_repeated_disjunct_is_rejected_and_the_report_says_so() {
    let _l = serial();
    // Tests where a2 alone decides: `a2 == 1 || a2 == 1` passes them.
    let tests = "sources: [prog.c]\ntests:\n  - {name: t1, args: [\"1\", \"0\"], stdout: \"not both\\n\"}\n  - {name: t2, args: [\"1\", \"1\"], stdout: \"both\\n\"}\n  - {name: t3, args: [\"0\", \"0\"], stdout: \"not both\\n\"}\n  - {name: t4, args: [\"5\", \"0\"], stdout: \"not both\\n\"}\n";
    let d = project(&[("prog.c", LOGIC), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:9", "--all", "--timeout", "30s"]);
    let found = patches(&r);
    assert!(!found.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    for p in &found {
        assert!(!p.contains("a2 == 1 || a2 == 1") && !p.contains("a1 == 1 || a1 == 1"), "{found:?}");
    }
}

/// The schemas of the report's patches.
fn schemas(report: &serde_json::Value) -> Vec<String> {
    report["patches"].as_array().into_iter().flatten().filter_map(|p| p["schema"].as_str().map(String::from)).collect()
}

const UNTIL_ZERO: &str = "#include <stdio.h>\n\n/* Prints the numbers of stdin up to the first 0. */\nint main(void)\n{\n    int x;\n    while (scanf(\"%d\", &x) == 1) {\n        printf(\"%d\\n\", x);\n    }\n    printf(\"end\\n\");\n    return 0;\n}\n";

#[test]
fn a_missing_break_is_added() {
    let _l = serial();
    let tests = "sources: [prog.c]\ntests:\n  - {name: t1, stdin: \"1 2 0 5\\n\", stdout: \"1\\n2\\nend\\n\"}\n  - {name: t2, stdin: \"4 0\\n\", stdout: \"4\\nend\\n\"}\n  - {name: t3, stdin: \"7 1\\n\", stdout: \"7\\n1\\nend\\n\"}\n  - {name: t4, stdin: \"0 9 9\\n\", stdout: \"end\\n\"}\n  - {name: t5, stdin: \"3\\n\", stdout: \"3\\nend\\n\"}\n";
    let d = project(&[("prog.c", UNTIL_ZERO), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:8", "--timeout", "60s"]);
    assert_eq!(r["status"], "patched", "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(schemas(&r), ["break-if"]);
    let p = &patches(&r)[0];
    assert!(p.starts_with("if (x == 0) break;") || p.starts_with("if (!x) break;"), "{p}");
}

const SKIP_NEGATIVE: &str = "#include <stdio.h>\n\n/* Sums the numbers of stdin that are not negative. */\nint main(void)\n{\n    int x, sum = 0, n = 0;\n    while (scanf(\"%d\", &x) == 1) {\n        n++;\n        sum += x;\n    }\n    printf(\"%d of %d\\n\", sum, n);\n    return 0;\n}\n";

#[test]
fn a_missing_continue_is_among_the_patches() {
    let _l = serial();
    // `n` counts every number; only the sum skips negative ones: a
    // `continue` before `sum += x` (or a guard around it) repairs it.
    let tests = "sources: [prog.c]\ntests:\n  - {name: t1, stdin: \"1 -2 3\\n\", stdout: \"4 of 3\\n\"}\n  - {name: t2, stdin: \"-5\\n\", stdout: \"0 of 1\\n\"}\n  - {name: t3, stdin: \"7 1\\n\", stdout: \"8 of 2\\n\"}\n  - {name: t4, stdin: \"0 9\\n\", stdout: \"9 of 2\\n\"}\n";
    let d = project(&[("prog.c", SKIP_NEGATIVE), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:9", "--all", "--timeout", "60s"]);
    assert!(
        schemas(&r).contains(&"continue-if".to_string()),
        "{:?}\n{}",
        patches(&r),
        String::from_utf8_lossy(&o.stderr)
    );
    let p = patches(&r).into_iter().find(|p| p.contains("continue;")).unwrap();
    assert!(p.starts_with("if (x < 0) continue;") || p.starts_with("if (0 > x) continue;"), "{p}");
}

const USAGE: &str = "#include <stdio.h>\n#include <stdlib.h>\n\nint main(int argc, char **argv)\n{\n    if (argc < 2) {\n        fprintf(stderr, \"usage: prog N\\n\");\n        exit(2);\n    }\n    int n = atoi(argv[1]);\n    printf(\"%d\\n\", n * 2);\n    return 0;\n}\n";

#[test]
fn a_missing_exit_repeats_the_programs_own() {
    let _l = serial();
    // A negative N must end the program as a missing one does: `exit (2)`.
    let tests = "sources: [prog.c]\ntests:\n  - {name: neg, args: [\"-3\"], stdout: \"\", exit: 2}\n  - {name: pos, args: [\"4\"], stdout: \"8\\n\", exit: 0}\n  - {name: zero, args: [\"0\"], stdout: \"0\\n\", exit: 0}\n  - {name: none, args: [], stdout: \"\", exit: 2}\n  - {name: neg2, args: [\"-1\"], stdout: \"\", exit: 2}\n";
    let d = project(&[("prog.c", USAGE), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--timeout", "60s"]);
    assert_eq!(r["status"], "patched", "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(schemas(&r), ["exit-if"]);
    // With the message the program prints before that exit.
    assert!(
        patches(&r)[0].starts_with("if (n < 0) { fprintf(stderr, \"usage: prog N\\n\"); exit(2); }"),
        "{:?}",
        patches(&r)
    );
}

#[test]
fn a_missing_early_return_is_among_the_patches() {
    let _l = serial();
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--all", "--timeout", "60s"]);
    let found = patches(&r);
    assert!(
        found.iter().any(|p| p.starts_with("if (s < 0) return -1;")),
        "{found:?}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_plainer_patch_wins_and_what_the_tests_leave_open_is_reported() {
    let _l = serial();
    // `s < 0` and `s < -1` both pass (no test has -1); the developer's
    // `s < 0` wins and input -1 is reported as what the tests leave open.
    let d = project(&[("prog.c", GRADE), ("se2repair.yaml", GRADE_TESTS)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "60s"]);
    assert_eq!(patches(&r), ["s > 100 || s < 0"], "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(r["choice"]["certainty"], "open", "{}", r["choice"]);
    let alternatives = r["choice"]["alternatives"].as_array().cloned().unwrap_or_default();
    let open = alternatives
        .iter()
        .find(|a| a["args"][0] == "-1" && a["chosen_output"].as_str().unwrap().starts_with("-1"))
        .unwrap_or_else(|| panic!("{alternatives:?}"));
    assert!(String::from_utf8_lossy(&o.stdout).contains("the tests leave it open"));
    // The input is a test one command away: added, it decides.
    let question = open["test_file"].as_str().unwrap().to_string();
    let added =
        std::process::Command::new(common::bin()).args(["add-test"]).arg(d.path()).arg(&question).output().unwrap();
    assert!(added.status.success(), "{}", String::from_utf8_lossy(&added.stderr));
    let yaml = std::fs::read_to_string(d.path().join("se2repair.yaml")).unwrap();
    assert!(yaml.starts_with(GRADE_TESTS) && yaml.contains("question-"), "{yaml}");
    let (_, again) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "60s"]);
    assert_eq!(patches(&again), ["s > 100 || s < 0"]);
    let left = again["choice"]["alternatives"].as_array().cloned().unwrap_or_default();
    assert!(left.iter().all(|a| a["args"][0] != "-1"), "{left:?}");
}

const RANGE: &str = "#include <stdbool.h>\n#include <stdio.h>\n#include <stdlib.h>\n\nbool out_of_range(int n)\n{\n    if (n > 100)\n        return true;\n    return false;\n}\n\nint main(int argc, char **argv)\n{\n    printf(\"%s\\n\", out_of_range(atoi(argv[1])) ? \"out\" : \"in\");\n    return 0;\n}\n";

#[test]
fn a_bare_return_false_is_a_condition() {
    let _l = serial();
    let tests = "sources: [prog.c]\ntests:\n  - {name: high, args: [\"150\"], stdout: \"out\\n\"}\n  - {name: neg, args: [\"-3\"], stdout: \"out\\n\"}\n  - {name: mid, args: [\"50\"], stdout: \"in\\n\"}\n  - {name: zero, args: [\"0\"], stdout: \"in\\n\"}\n  - {name: neg1, args: [\"-1\"], stdout: \"out\\n\"}\n";
    let d = project(&[("prog.c", RANGE), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:9", "--timeout", "60s"]);
    assert_eq!(r["status"], "patched", "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(schemas(&r), ["condition"]);
    assert_eq!(patches(&r), ["n < 0"]);
}

const LAST: &str = "#include <stdio.h>\n#include <string.h>\n\n/* The index of the last character of the argument. */\nint main(int argc, char **argv)\n{\n    int last = strlen(argv[1]);\n    printf(\"%d\\n\", last);\n    return 0;\n}\n";

#[test]
fn a_value_with_a_call_is_passed_whole() {
    let _l = serial();
    let tests = "sources: [prog.c]\ntests:\n  - {name: abc, args: [\"abc\"], stdout: \"2\\n\"}\n  - {name: a, args: [\"a\"], stdout: \"0\\n\"}\n  - {name: hello, args: [\"hello\"], stdout: \"4\\n\"}\n";
    let d = project(&[("prog.c", LAST), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:7", "--timeout", "60s"]);
    assert_eq!(r["status"], "patched", "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(schemas(&r), ["assignment"]);
    assert_eq!(patches(&r), ["(strlen(argv[1])) - 1"]);
}

/// `=` written for `==`: clang warns, and its fix-it is the repair.
const ASSIGNED: &str = "#include <stdio.h>\n\n/* Prints the number, or 10 for 0. */\nint main(void)\n{\n    int n, r = 0;\n    if (scanf(\"%d\", &n) != 1)\n        return 1;\n    if (n = 0)\n        r = 10;\n    printf(\"%d\\n\", r + n);\n    return 0;\n}\n";

#[test]
fn the_compilers_fixit_is_a_candidate_before_any_search() {
    let _l = serial();
    let tests = "sources: [prog.c]\ntests:\n  - {name: zero, stdin: \"0\\n\", stdout: \"10\\n\"}\n  - {name: five, stdin: \"5\\n\", stdout: \"5\\n\"}\n  - {name: neg, stdin: \"-3\\n\", stdout: \"-3\\n\"}\n";
    let d = project(&[("prog.c", ASSIGNED), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--timeout", "60s"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(r["status"], "patched", "{err}");
    assert_eq!(patches(&r)[0], "if (n == 0)", "{}", r["choice"]);
    assert_eq!(schemas(&r)[0], "fix-it");
    // Found before any symbolic search, and the report says from where.
    assert!(err.contains("apply the compiler's fix-it `if (n = 0)`: patched"), "{err}");
}

/// The second line printed is wrong (`d * 2` for `d`); the first is right.
const TWICE: &str = "#include <stdio.h>\n\nint main(void)\n{\n    int a = 0, b = 0, s, d;\n    if (scanf(\"%d %d\", &a, &b) != 2)\n        return 1;\n    s = a + b;\n    d = a - b;\n    printf(\"%d\\n\", s);\n    printf(\"%d\\n\", d * 2);\n    return 0;\n}\n";

/// Divides by the number of arguments.
const SHARE: &str = "#include <stdio.h>\n\nint main(int argc, char **argv)\n{\n    int n = argc - 1;\n    int k;\n    (void)argv;\n    k = 12 / n;\n    printf(\"%d\\n\", k);\n    return 0;\n}\n";

#[test]
fn the_failure_point_is_the_statement_that_printed_the_first_wrong_byte_or_faulted() {
    let _l = serial();
    // The first line printed is right, the second wrong: the point is the
    // second `printf`, not the first nor the assignments before it.
    let tests = "sources: [prog.c]\ntests:\n  - {name: t1, stdin: \"3 1\\n\", stdout: \"4\\n2\\n\"}\n  - {name: t2, stdin: \"5 5\\n\", stdout: \"10\\n0\\n\"}\n  - {name: t3, stdin: \"2 0\\n\", stdout: \"2\\n2\\n\", match: trim}\n";
    let d = project(&[("prog.c", TWICE), ("se2repair.yaml", tests)]);
    let (o, r) = fix_report(d.path(), &["--timeout", "60s"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("a failure shows at prog.c:11\n"), "right output came first: a telling point\n{err}");
    assert!(!err.contains("a failure shows at prog.c:10"), "{err}");
    assert_eq!(err.matches("a failure shows at").count(), 1, "{err}");
    assert_eq!(r["status"], "patched", "{err}");
    // A fault is a failure point too (SIGFPE at the division); a wrong
    // first byte at the one print tells no more than that the output is
    // wrong, and is reported so.
    let tests = "sources: [prog.c]\ntests:\n  - {name: none, args: [], stdout: \"0\\n\"}\n  - {name: one, args: [\"a\"], stdout: \"12\\n\"}\n  - {name: two, args: [\"a\", \"b\"], stdout: \"6\\n\"}\n  - {name: three, args: [\"a\", \"b\", \"c\"], stdout: \"5\\n\"}\n";
    let d = project(&[("prog.c", SHARE), ("se2repair.yaml", tests)]);
    let (o, _) = fix_report(d.path(), &["--timeout", "30s"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("a failure shows at prog.c:8\n"), "{err}");
    assert!(err.contains("a failure shows at prog.c:9 (the first output is wrong)\n"), "{err}");
}

/// Sums `n` numbers' residues (a loop of `n` turns), then compares the
/// sum with `k`: a failing test of 30 million turns is far past what the
/// VM runs in a site's work, so the relabel pass screens its terms
/// natively (one build, the term chosen at run time).
const HEAVY: &str = "#include <stdio.h>\n\nint main(void)\n{\n    long n, k, i, s = 0;\n    if (scanf(\"%ld %ld\", &n, &k) != 2)\n        return 1;\n    for (i = 0; i < n; i++)\n        s += i % 3;\n    if (s > k)\n        printf(\"big\\n\");\n    else\n        printf(\"small\\n\");\n    return 0;\n}\n";

const HEAVY_TESTS: &str = "sources: [prog.c]\ntests:\n  - {name: long, stdin: \"30000000 30000000\", stdout: \"big\\n\"}\n  - {name: small, stdin: \"3 5\", stdout: \"small\\n\"}\n  - {name: over, stdin: \"6 2\", stdout: \"big\\n\"}\n  - {name: under, stdin: \"9 10\", stdout: \"small\\n\"}\n";

#[test]
fn a_failing_test_too_long_for_the_vm_is_screened_natively() {
    let _l = serial();
    let d = project(&[("prog.c", HEAVY), ("se2repair.yaml", HEAVY_TESTS)]);
    let (o, r) = fix_report(d.path(), &["--location", "prog.c:10", "--timeout", "60s"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(patches(&r).contains(&"s >= k".to_string()), "{:?}\n{err}", patches(&r));
    // Found by the relabel pass, whose VM runs were cut.
    let first = &r["attempts"][0];
    assert_eq!(first["line"], 10, "{first}");
    assert_eq!(first["outcome"], "patched", "{first}");
}

const THRESHOLD: &str = "#include <stdio.h>\n\nint main(void)\n{\n    int x, lo;\n    if (scanf(\"%d %d\", &x, &lo) != 2)\n        return 1;\n    if (x > lo + 100)\n        printf(\"big\\n\");\n    else\n        printf(\"small\\n\");\n    return 0;\n}\n";

const THRESHOLD_TESTS: &str = "sources: [prog.c]\ntests:\n  - {name: t1, stdin: \"5 0\\n\", stdout: \"small\\n\"}\n  - {name: t2, stdin: \"30 0\\n\", stdout: \"big\\n\"}\n  - {name: t3, stdin: \"200 0\\n\", stdout: \"big\\n\"}\n";

#[test]
fn the_vm_finds_inputs_where_patches_at_one_site_and_the_original_differ() {
    let _l = serial();
    // Every threshold between 5 and 29 passes; the inputs near the tests
    // (each number ±1, 0, …) show none of them departing from the
    // original near the passing tests. The VM, given the tests' shape
    // (two numbers, their digits free), finds inputs where a patch and
    // the original take different branches — under both engines
    // (`so-pse` every pair at once, `fo` pair by pair).
    for engine in ["so-pse", "fo"] {
        let d = project(&[("prog.c", THRESHOLD), ("se2repair.yaml", THRESHOLD_TESTS)]);
        // A reference as the oracle: departures are worth finding only
        // where they can be asked.
        let oracle = "awk '{ print ($1 > $2 + 10) ? \"big\" : \"small\" }'";
        let (o, r) = fix_report(
            d.path(),
            &["--location", "prog.c:8", "--timeout", "60s", "--engine", engine, "--oracle", oracle, "--questions", "1"],
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(r["status"], "patched", "{engine}: {err}");
        let found = r["choice"]["found_inputs"].as_u64().unwrap_or(0);
        assert!(found >= 1, "{engine}: {}\n{err}", r["choice"]);
        assert!(r["choice"]["near_inputs"].as_u64().unwrap() > found, "{}", r["choice"]);
    }
}
