//! End-to-end tests of `se2repair dbgbench`: bundled subjects, one real
//! DbgBench subject (built once per machine and cached), bad subjects,
//! the cluster modes; and `fix` on a real project through the harness.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_se2repair"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn subjects() -> PathBuf {
    root().join("dbgbench/subjects")
}

/// The DbgBench data (`../shared/dbgbench` beside the checkout, or
/// `$SE2REPAIR_DBGBENCH`).
fn data() -> PathBuf {
    let d =
        std::env::var_os("SE2REPAIR_DBGBENCH").map(PathBuf::from).unwrap_or_else(|| root().join("../shared/dbgbench"));
    assert!(
        d.join("find.091557f6/buggy.tar.xz").is_file(),
        "the DbgBench data is not at {} (set SE2REPAIR_DBGBENCH)",
        d.display()
    );
    d
}

fn dbgbench(args: &[&str]) -> Output {
    Command::new(bin()).arg("dbgbench").args(args).output().expect("runs se2repair")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn rows(out: &Path) -> Vec<serde_json::Value> {
    let json = std::fs::read_to_string(out.join("results.json")).expect("results.json");
    serde_json::from_str::<Vec<serde_json::Value>>(&json).expect("a list of rows")
}

fn row<'a>(rows: &'a [serde_json::Value], subject: &str, config: &str) -> &'a serde_json::Value {
    rows.iter()
        .find(|r| r["subject"] == subject && r["config"] == config)
        .unwrap_or_else(|| panic!("no row {subject}/{config} in {rows:?}"))
}

/// Two bundled subjects, fo and so-pse: rows, tables and trees.
#[test]
fn bundled_subjects_end_to_end() {
    let _g = serial();
    let out = tempfile::tempdir().unwrap();
    let files: Vec<String> =
        BUNDLED_PAIR.iter().map(|s| subjects().join(format!("{s}.yaml")).display().to_string()).collect();
    let mut args = vec!["--subjects"];
    args.extend(files.iter().map(String::as_str));
    let o = out.path().display().to_string();
    args.extend(["--configs", "fo,so-pse", "--timeout", "120", "--out", &o]);
    let r = dbgbench(&args);
    assert!(r.status.success(), "{}", text(&r));
    let rows = rows(out.path());
    assert_eq!(rows.len(), 4, "{rows:?}");
    for s in BUNDLED_PAIR {
        let so = row(&rows, s, "so-pse");
        assert_eq!(so["outcome"], "correct", "{so}");
        assert!(so["patch"].as_str().unwrap().contains(".c:"), "{so}");
        assert!(so["paths"].as_u64().unwrap() > 0, "{so}");
        let fo = row(&rows, s, "fo");
        assert!(["correct", "plausible", "none"].contains(&fo["outcome"].as_str().unwrap()), "{fo}");
        for c in ["fo", "so-pse"] {
            let tree = std::fs::read_to_string(out.path().join("runs").join(s).join(c).join("tree.svg"))
                .expect("tree.svg of the pair");
            assert!(tree.starts_with("<svg") && tree.contains(".c:"), "{tree}");
        }
    }
    let md = std::fs::read_to_string(out.path().join("results.md")).unwrap();
    assert!(md.contains("| subject | fo | fo (paper) | fo paths | fo time (s) | so-pse |"), "{md}");
    assert!(md.contains(&format!("| {} |", BUNDLED_PAIR[0])), "{md}");
    let csv = std::fs::read_to_string(out.path().join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 5, "{csv}");
    assert!(csv.starts_with("subject,config,outcome,patch,paths,time_s,sat_ms,unsat_ms,reason"), "{csv}");
}

/// The real subject find.091557f6 with so-pse: the developer's patch,
/// classified correct against DbgBench's tests and held-out inputs.
#[test]
fn real_subject_find_091557f6() {
    let _g = serial();
    let data = data();
    let out = tempfile::tempdir().unwrap();
    let file = subjects().join("find.091557f6.yaml");
    let r = dbgbench(&[
        "--subjects",
        file.to_str().unwrap(),
        "--configs",
        "so-pse",
        "--timeout",
        "300",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", text(&r));
    let rows = rows(out.path());
    let so = row(&rows, "find.091557f6", "so-pse");
    assert_eq!(so["outcome"], "correct", "{so}");
    assert!(so["patch"].as_str().unwrap().contains("FTS_NS"), "{so}");
    assert_eq!(so["paper"], "correct", "{so}");
    assert!(so["reason"].as_str().unwrap().contains("5 scripts"), "the CoREBench test and DbgBench's 4 tests: {so}");
    let diff = std::fs::read_to_string(out.path().join("runs/find.091557f6/so-pse/patch.diff")).unwrap();
    assert!(diff.contains("+  if (ent->fts_info == FTS_NSOK || ent->fts_info == FTS_NS)"), "{diff}");
    let tree = std::fs::read_to_string(out.path().join("runs/find.091557f6/so-pse/tree.svg")).unwrap();
    assert!(
        tree.contains("ftsfind.c:449")
            && tree.contains(">pruned<")
            && tree.contains(">passes<")
            && tree.contains(">fails<"),
        "{tree}"
    );
    // The patch applies to the unpacked tree with `patch -p1`.
    let tree_dir = out.path().join("work/find.091557f6/find.091557f6-buggy");
    let ok = Command::new("patch")
        .args(["-p1", "--dry-run", "-s", "-d"])
        .arg(&tree_dir)
        .arg("-i")
        .arg(out.path().join("runs/find.091557f6/so-pse/patch.diff"))
        .status()
        .unwrap();
    assert!(ok.success());
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Errors in subject files name the file, the key and the line; bad
/// subjects become error rows while the others run.
#[test]
fn bad_subjects() {
    let _g = serial();
    let d = tempfile::tempdir().unwrap();
    let bad = write(d.path(), "bad.yaml", "id: x\nsource: {dir: src}\nproject: {sources: [a.c]}\nlocation: [a.c:3]\nheldout:\n  - name: h\n    argz: [1]\n");
    let r = dbgbench(&["--subjects", bad.to_str().unwrap(), "--out", d.path().join("o").to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2), "{}", text(&r));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("bad.yaml:7") && err.contains("heldout[0]") && err.contains("argz"), "{err}");
    let loc = write(d.path(), "loc.yaml", "id: x\nsource: {dir: src}\nproject: {sources: [a.c]}\nlocation: [a.c]\n");
    let r = dbgbench(&["--subjects", loc.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2), "{}", text(&r));
    assert!(String::from_utf8_lossy(&r.stderr).contains("`a.c` is not FILE:LINE"), "{}", text(&r));

    // A missing tarball and a build that fails: error rows, exit 1.
    let sub = d.path().join("subjects");
    std::fs::create_dir_all(sub.join("broken")).unwrap();
    write(&sub.join("broken"), "a.c", "int main(void) { return 1; }\n");
    write(&sub.join("broken"), "Makefile", "all:\n\tfalse\n");
    write(&sub, "a-missing.yaml", "id: a-missing\nsource: {tarball: nowhere.tar.xz, top: t}\nproject:\n  sources: [a.c]\n  build: {make: make, program: a}\n  tests: [{name: t, exit: 0}]\n");
    write(&sub, "b-broken.yaml", "id: b-broken\nsource: {dir: broken}\nproject:\n  sources: [a.c]\n  build: {make: make, program: a}\n  tests: [{name: t, exit: 0}]\n");
    let out = d.path().join("out");
    let r = dbgbench(&[
        "--subjects",
        sub.to_str().unwrap(),
        "--configs",
        "so-pse,fo",
        "--out",
        out.to_str().unwrap(),
        "--timeout",
        "30",
    ]);
    assert_eq!(r.status.code(), Some(1), "{}", text(&r));
    let rows = rows(&out);
    assert_eq!(rows.len(), 4, "{rows:?}");
    for c in ["so-pse", "fo"] {
        let m = row(&rows, "a-missing", c);
        assert_eq!(m["outcome"], "error");
        assert!(m["reason"].as_str().unwrap().contains("missing tarball"), "{m}");
        let b = row(&rows, "b-broken", c);
        assert_eq!(b["outcome"], "error");
        assert!(b["reason"].as_str().unwrap().contains("build failed"), "{b}");
    }
}

/// `--emit-jobs` writes one command per pair; running two of them and
/// `--collect` gives the same tables as one run.
#[test]
fn emit_jobs_and_collect() {
    let _g = serial();
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let jobs = d.path().join("jobs.txt");
    let file = subjects().join(format!("{}.yaml", BUNDLED_PAIR[0]));
    let r = dbgbench(&[
        "--subjects",
        file.to_str().unwrap(),
        "--configs",
        "fo,so-pse",
        "--timeout",
        "60",
        "--out",
        out.to_str().unwrap(),
        "--emit-jobs",
        jobs.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", text(&r));
    let lines: Vec<String> = std::fs::read_to_string(&jobs).unwrap().lines().map(String::from).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for l in &lines {
        assert!(l.contains(" dbgbench --subjects ") && l.contains("--max-forks 400"), "{l}");
        let st = Command::new("bash").arg("-c").arg(l).status().unwrap();
        assert!(st.success(), "{l}");
    }
    let merged = d.path().join("merged");
    let r = dbgbench(&["--collect", out.join("pairs").to_str().unwrap(), "--out", merged.to_str().unwrap()]);
    assert!(r.status.success(), "{}", text(&r));
    let rows = rows(&merged);
    assert_eq!(rows.len(), 2);
    assert_eq!(row(&rows, BUNDLED_PAIR[0], "so-pse")["outcome"], "correct");
    assert!(std::fs::read_to_string(merged.join("results.md")).unwrap().contains(BUNDLED_PAIR[0]));
}

/// The bundled subjects: at least ten, each with its failing test, fix
/// location, developer patch and held-out inputs; every one loads.
#[test]
fn bundled_subjects_are_complete() {
    let d = tempfile::tempdir().unwrap();
    let small: Vec<PathBuf> = std::fs::read_dir(subjects())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("small."))
        .collect();
    assert!(small.len() >= 10, "{small:?}");
    let loaded = dbgbench::subject::Subject::load_all(&small, &dbgbench::subject::Data::under(d.path())).unwrap();
    for s in &loaded {
        assert_eq!(s.location.len(), 1, "{}", s.id);
        assert!(s.developer_patch.as_ref().is_some_and(|p| p.is_file()), "{}", s.id);
        assert!(s.heldout.len() >= 6, "{}", s.id);
        let tests = s.project["tests"].as_sequence().map_or(0, |t| t.len());
        assert!(tests >= 5, "{}: {tests} tests", s.id);
    }
}

/// The path bound binds first-order exploration first: on word_count
/// (a missing `|| c == '\t'` evaluated once per character) fo runs out
/// of 100 paths on the failing test while so-pse, which prunes schedules
/// no function can take (two tabs that disagree), patches it.
#[test]
fn so_pse_patches_where_fo_exhausts_the_path_bound() {
    let _g = serial();
    let out = tempfile::tempdir().unwrap();
    let file = subjects().join("small.word_count.yaml");
    let o = out.path().display().to_string();
    let r = dbgbench(&[
        "--subjects",
        file.to_str().unwrap(),
        "--configs",
        "fo,so-pse",
        "--max-forks",
        "100",
        "--timeout",
        "120",
        "--out",
        &o,
    ]);
    assert!(r.status.success(), "{}", text(&r));
    let rows = rows(out.path());
    let fo = row(&rows, "small.word_count", "fo");
    assert_eq!(fo["outcome"], "none", "{fo}");
    assert!(fo["reason"].as_str().unwrap().contains("path bound"), "{fo}");
    let so = row(&rows, "small.word_count", "so-pse");
    assert_eq!(so["outcome"], "correct", "{so}");
    // The constants print as the character literals the original compares with.
    let patch = so["patch"].as_str().unwrap();
    assert!(patch.contains("c == ' ' || c == '\\t'") || patch.contains("c == '\\t' || c == ' '"), "{so}");
}

/// `run --tree` on a small program: branches by line, the call folded.
#[test]
fn run_tree_svg() {
    let d = tempfile::tempdir().unwrap();
    let c = write(d.path(), "t.c", "#include <klee/klee.h>\nstatic int sign(int x) {\n  if (x > 0) return 1;\n  if (x < 0) return -1;\n  return 0;\n}\nint main(void) {\n  int x;\n  klee_make_symbolic(&x, sizeof x, \"x\");\n  int s = sign(x);\n  if (x > 100) return 2;\n  return s == 1;\n}\n");
    let svg = d.path().join("t.svg");
    let r = Command::new(bin())
        .args(["run", "-q", "--output-dir"])
        .arg(d.path().join("o"))
        .arg("--tree")
        .arg(&svg)
        .arg(&c)
        .output()
        .unwrap();
    assert!(r.status.code().is_some(), "{}", text(&r));
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.contains(">sign()<") && s.contains("2 branches"), "{s}");
    assert!(s.contains(">t.c:11<") && s.contains(">t.c:3<") && s.contains(">t.c:4<"), "{s}");
    // Four paths end in the tree; the drawing of sign() shows the two that
    // end without another branch after it, and a return for the third.
    assert_eq!(s.matches("<title>exit ").count(), 4 + 2, "{s}");
    assert_eq!(s.matches("<title>the path returns to the caller").count(), 1, "{s}");
}

/// The bundled subjects the end-to-end tests run.
const BUNDLED_PAIR: [&str; 2] = ["small.skip_comments", "small.type_filter"];

/// `--verify` on a bundled subject: fair, with the failing tests named and
/// the held-out inputs that tell buggy from fixed counted. The same
/// subject with only the tests that pass on the buggy program, and with
/// its developer patch given through `${COREBENCH}`: not fair, exit 1.
#[test]
fn verify_subjects() {
    let _g = serial();
    let d = tempfile::tempdir().unwrap();
    let file = subjects().join("small.max_count.yaml");
    let out = d.path().join("out");
    let r = dbgbench(&["--verify", "--subjects", file.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", text(&r));
    let so = String::from_utf8_lossy(&r.stdout);
    assert!(so.contains("small.max_count: ok (buggy fails "), "{so}");
    assert!(so.contains("1 subjects: 1 fair, 0 not"), "{so}");
    assert!(so.contains("held-out inputs tell buggy from fixed") && !so.contains("; 0 of "), "{so}");

    // Only the tests the buggy program passes (t3 and t4 never reach the
    // off-by-one), and the developer's patch named through ${COREBENCH}.
    let small = root().join("dbgbench/small/max_count");
    let data = d.path().join("cb");
    std::fs::create_dir_all(data.join("mc")).unwrap();
    std::fs::copy(small.join("fix.patch"), data.join("mc/fix.patch")).unwrap();
    let yaml = format!(
        "id: cb.mc\nsource: {{dir: {}}}\nproject:\n  sources: [prog.c]\n  tests:\n    - {{name: t3, args: ['3', '0'], stdin: \"1 2\\n\", stdout: \"1\\n2\\n2 read\\n\", exit: 0}}\n    - {{name: t4, args: ['5', '10'], stdin: \"1 2 3\\n\", stdout: \"3 read\\n\", exit: 1}}\nlocation: [prog.c:12]\ndeveloper_patch: ${{COREBENCH}}/mc/fix.patch\nheldout:\n  - {{name: h1, args: ['1', '0'], stdin: \"1 1 1\\n\"}}\n",
        small.display()
    );
    let copy = write(d.path(), "cb.mc.yaml", &yaml);
    let r = dbgbench(&[
        "--verify",
        "--subjects",
        copy.to_str().unwrap(),
        "--corebench",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(1), "{}", text(&r));
    let so = String::from_utf8_lossy(&r.stdout);
    assert!(so.contains("cb.mc: every test passes on the buggy program (buggy fails 0 of 2 tests"), "{so}");
    // Without the data folder the patch is missing: one clear line.
    let r = dbgbench(&[
        "--verify",
        "--subjects",
        copy.to_str().unwrap(),
        "--corebench",
        "/nonexistent",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(1), "{}", text(&r));
    assert!(String::from_utf8_lossy(&r.stdout).contains("cb.mc: /nonexistent/mc/fix.patch"), "{}", text(&r));
}

/// The 30 real subjects (13 DbgBench, 17 CoREBench) load against the
/// data beside the checkout: each names its tarball, developer patch and
/// scripts in the data, a fix location, at least five tests and six
/// held-out inputs, and builds only from the tree.
#[test]
fn real_subjects_name_their_data() {
    let shared = data().parent().unwrap().to_path_buf();
    let cb = std::env::var_os("SE2REPAIR_COREBENCH").map(PathBuf::from).unwrap_or_else(|| shared.join("corebench"));
    let d = dbgbench::subject::Data { dbgbench: data(), corebench: cb };
    let loaded = dbgbench::subject::Subject::load_all(&[subjects()], &d).unwrap();
    let real: Vec<_> = loaded.iter().filter(|s| !s.id.starts_with("small.")).collect();
    let count = |p: &str| real.iter().filter(|s| s.id.starts_with(p)).count();
    assert_eq!((count("find."), count("grep."), count("coreutils.")), (7, 6, 17));
    for s in real {
        let dbgbench::subject::Source::Tarball { path, top } = &s.source else { panic!("{}: not a tarball", s.id) };
        assert!(path.is_file() && top.starts_with(&s.id), "{}: {}", s.id, path.display());
        assert!(s.developer_patch.as_ref().is_some_and(|p| p.is_file()), "{}", s.id);
        assert!(s.scripts.iter().all(|p| p.is_file()), "{}: {:?}", s.id, s.scripts);
        assert!(!s.location.is_empty() && s.heldout.len() >= 6, "{}", s.id);
        let tests = s.project["tests"].as_sequence().map_or(0, |t| t.len());
        assert!(tests >= 5, "{}: {tests} tests", s.id);
        assert!(s.project["build"]["program"].as_str().is_some(), "{}", s.id);
    }
}
