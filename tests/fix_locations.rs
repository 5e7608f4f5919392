//! End-to-end tests of `fix --locations-at-once K`: several holes, one
//! second-order variable each, searched in one run; the first-order
//! baseline on the same holes and the same work budget.

mod common;
use common::{fix_report, project};

fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// The bundled example whose two thresholds are both off by one.
fn two_thresholds() -> tempfile::TempDir {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/repair/two_thresholds");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    project(&[("prog.c", &read("prog.c")), ("se2repair.yaml", &read("se2repair.yaml"))])
}

const AT_THE_THRESHOLDS: [&str; 6] = ["--locations-at-once", "2", "--location", "prog.c:7", "--location", "prog.c:9"];

#[test]
fn two_wrong_thresholds_are_repaired_together_with_second_order_holes() {
    let _l = serial();
    let d = two_thresholds();
    let (o, r) = fix_report(d.path(), &AT_THE_THRESHOLDS);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", String::from_utf8_lossy(&o.stderr));
    let pt = &r["patches"][0];
    // The developer's two edits, each one comparison operator.
    assert_eq!(pt["line"], 7);
    assert_eq!(pt["replacement"], "kg >= 10");
    assert_eq!(pt["also"][0]["line"], 9);
    assert_eq!(pt["also"][0]["replacement"], "kg >= 5");
    assert_eq!(pt["distance"], 2);
    let diff = pt["diff"].as_str().unwrap();
    assert!(diff.contains("+    if (kg >= 10)") && diff.contains("+    if (kg >= 5)"), "{diff}");
    assert!(out.contains("and at prog.c:9"), "{out}");
    // One search over both holes: one attempt naming both lines.
    let a = &r["attempts"][0];
    assert_eq!(r["attempts"].as_array().unwrap().len(), 1);
    assert_eq!(a["also"][0], 9);
    assert!(a["paths_pruned"].as_u64().unwrap() > 0, "{a}");
}

#[test]
fn the_first_order_baseline_runs_out_of_work_on_the_same_holes() {
    let _l = serial();
    let d = two_thresholds();
    let mut args = AT_THE_THRESHOLDS.to_vec();
    args.extend(["--engine", "fo"]);
    let (o, r) = fix_report(d.path(), &args);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let a = &r["attempts"][0];
    assert!(a["result"].as_str().unwrap().starts_with("work limit of the set (3000 paths"), "{a}");
    // Nothing is pruned: every evaluation of a first-order hole is a
    // value of its own.
    assert_eq!(a["paths_pruned"], 0);
    // With a hundred times the paths the baseline finds the same patch:
    // the work, not the patch, differs.
    args.extend(["--max-set-paths", "100000"]);
    let (o, r) = fix_report(d.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(r["patches"][0]["replacement"], "kg >= 10");
    assert_eq!(r["patches"][0]["also"][0]["replacement"], "kg >= 5");
    assert!(r["paths_explored"].as_u64().unwrap() > 10_000, "{}", r["paths_explored"]);
}

#[test]
fn one_location_at_a_time_finds_no_patch_for_two_thresholds() {
    let _l = serial();
    let d = two_thresholds();
    let (o, r) =
        fix_report(d.path(), &["--locations-at-once", "1", "--location", "prog.c:7", "--location", "prog.c:9"]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(r["attempts"].as_array().unwrap().iter().all(|a| a["also"].is_null()), "{r}");
}

#[test]
fn several_locations_need_the_deviation_search_and_at_most_four() {
    let d = two_thresholds();
    for (args, want) in [
        (vec!["--locations-at-once", "2", "--search", "dfs"], "unsupported: --locations-at-once with --search dfs"),
        (vec!["--locations-at-once", "5"], "--locations-at-once must be 1 to 4"),
        (vec!["--locations-at-once", "0"], "--locations-at-once must be 1 to 4"),
    ] {
        let (o, _) = fix_report(d.path(), &args);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains(want), "{}", String::from_utf8_lossy(&o.stderr));
    }
}
