//! Second-order symbolic execution end to end: the paper's Fig. 1 and
//! Fig. 2 programs through `se2repair run`, both encodings, both hole
//! modes, native checks of every decoded interpretation, bad input.

mod common;

use common::{bin, clang};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn so_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/so")
}

struct Run {
    out: PathBuf,
    summary: serde_json::Value,
    status: Option<i32>,
    stderr: String,
    _tmp: tempfile::TempDir,
}

impl Run {
    fn num(&self, key: &str) -> u64 {
        self.summary[key].as_u64().unwrap_or_else(|| panic!("summary has no {key}: {}", self.summary))
    }
    /// Every path's stdout.
    fn outputs(&self) -> Vec<String> {
        self.tests()
            .iter()
            .map(|t| std::fs::read_to_string(self.out.join(format!("{t}.stdout"))).unwrap_or_default())
            .collect()
    }
    fn tests(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.out)
            .unwrap()
            .filter_map(|e| e.unwrap().file_name().to_str().and_then(|n| n.strip_suffix(".ktest")).map(String::from))
            .collect();
        v.sort();
        v
    }
}

fn run(prog: &str, args: &[&str]) -> Run {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = Command::new(bin())
        .arg("run")
        .arg("-q")
        .arg("--output-dir")
        .arg(&out)
        .args(args)
        .arg(so_dir().join(prog))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    let summary = std::fs::read_to_string(out.join("summary.json"))
        .map(|s| serde_json::from_str(&s).unwrap())
        .unwrap_or(serde_json::Value::Null);
    Run { out, summary, status: o.status.code(), stderr, _tmp: tmp }
}

fn linear(depth: u32) -> String {
    format!("rho={}:{depth}", so_dir().join("linear.sy").display())
}

/// Sign patterns with at most one change, as a linear term in `i` gives.
fn monotone_patterns(n: usize) -> BTreeSet<String> {
    let mut s = BTreeSet::new();
    for k in 0..=n {
        s.insert(format!("{}{}\n", "+".repeat(k), "-".repeat(n - k)));
        s.insert(format!("{}{}\n", "-".repeat(k), "+".repeat(n - k)));
    }
    s
}

/// Compiles `prog` natively with every path's `.so.c` and checks that it
/// prints what the path printed: each decoded interpretation takes the
/// path it was decoded from. At most `limit` paths (evenly spread).
fn check_natively(r: &Run, prog: &str, cflags: &[&str], limit: usize) {
    let tests = r.tests();
    assert!(!tests.is_empty());
    let step = tests.len().div_ceil(limit).max(1);
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("klee-ext/include");
    let shim = so_dir().join("native_shim.c");
    for t in tests.iter().step_by(step) {
        let so_c = r.out.join(format!("{t}.so.c"));
        assert!(so_c.exists(), "{t}: no interpretation file");
        let exe = r.out.join(format!("{t}.native"));
        let c = Command::new(clang())
            .args(["-w", "-O0", "-I"])
            .arg(&include)
            .args(cflags)
            .arg(so_dir().join(prog))
            .arg(&so_c)
            .arg(&shim)
            .arg("-o")
            .arg(&exe)
            .output()
            .unwrap();
        assert!(
            c.status.success(),
            "{t}: {}\n{}",
            String::from_utf8_lossy(&c.stderr),
            std::fs::read_to_string(&so_c).unwrap()
        );
        let kt = klee_ext::ktest::KTest::load(&r.out.join(format!("{t}.ktest"))).unwrap();
        let mut cmd = Command::new(&exe);
        for (k, (_, bytes)) in kt.objects.iter().enumerate() {
            cmd.env(format!("SE2_OBJ{k}"), bytes.iter().map(|b| format!("{b:02x}")).collect::<String>());
        }
        let o = cmd.output().unwrap();
        let want = std::fs::read_to_string(r.out.join(format!("{t}.stdout"))).unwrap_or_default();
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            want,
            "{t}: the decoded interpretation takes another path\n{}",
            std::fs::read_to_string(&so_c).unwrap()
        );
    }
}

#[test]
fn fig1_search_with_a_second_order_predicate() {
    let r = run("search_pred.c", &["--so-lang", "pred=bool:3"]);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    assert_eq!(r.num("paths_completed"), 4);
    let outs: BTreeSet<String> = r.outputs().into_iter().collect();
    assert_eq!(outs, ["-1\n", "0\n", "1\n", "2\n"].iter().map(|s| s.to_string()).collect());
    // Each path's interpretation behaves as true, x > 1, x > 2 or false on
    // the data: check it through the applications the path recorded.
    for t in r.tests() {
        let out = std::fs::read_to_string(r.out.join(format!("{t}.stdout"))).unwrap();
        let apps = std::fs::read_to_string(r.out.join(format!("{t}.apps"))).unwrap();
        let want = match out.trim() {
            "0" => "pred(1) = 1\n",
            "1" => "pred(1) = 0\npred(2) = 1\n",
            "2" => "pred(1) = 0\npred(2) = 0\npred(3) = 1\n",
            _ => "pred(1) = 0\npred(2) = 0\npred(3) = 0\n",
        };
        assert_eq!(apps, want, "{t}");
    }
    assert_eq!(r.summary["interpretations"].as_array().unwrap().len(), 4);
    check_natively(&r, "search_pred.c", &[], 4);
}

#[test]
fn fig2_first_order_holes_explore_every_sign_pattern() {
    let r = run("sign_loop.c", &["--hole-mode", "fo"]);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    assert_eq!(r.num("paths_completed"), 1024);
    assert_eq!(r.num("paths_pruned"), 0);
    assert_eq!(r.outputs().into_iter().collect::<BTreeSet<_>>().len(), 1024);
    // Holes are test-case objects, so a path replays.
    let t = &r.tests()[5];
    let replay = Command::new(bin())
        .args(["run", "-q", "--hole-mode", "fo", "--output-dir"])
        .arg(r.out.join("replay"))
        .arg("--replay")
        .arg(r.out.join(format!("{t}.ktest")))
        .arg(so_dir().join("sign_loop.c"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&replay.stdout),
        std::fs::read_to_string(r.out.join(format!("{t}.stdout"))).unwrap()
    );
    let apps = std::fs::read_to_string(r.out.join(format!("{t}.apps"))).unwrap();
    assert!(apps.starts_with("rho(0, 4) = ") && apps.lines().count() == 10, "{apps}");
}

#[test]
fn fig2_linear_language_prunes_to_the_twenty_monotone_patterns() {
    let r = run("sign_loop.c", &["--so-lang", &linear(3)]);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    assert_eq!(r.num("paths_completed"), 20);
    let outs: BTreeSet<String> = r.outputs().into_iter().collect();
    assert_eq!(outs, monotone_patterns(10));
    assert!(r.num("paths_pruned") >= 9, "{}", r.summary);
    assert_eq!(r.summary["so_queries"]["unknown"], 0);
    check_natively(&r, "sign_loop.c", &[], 20);
}

/// Sign patterns (over i = 0..n, x fixed) of every term of the built-in
/// `int:3` language, enumerated by value vectors (constants in -25..=25
/// suffice: beyond that a constant compares as any larger one).
fn int3_patterns(n: usize, x: i64) -> BTreeSet<String> {
    type V = Vec<i64>;
    let consts = -25..=25i64;
    let mut leaves: BTreeSet<V> = consts.clone().map(|c| vec![c; n]).collect();
    leaves.insert((0..n as i64).collect());
    leaves.insert(vec![x; n]);
    let bool_leaves: BTreeSet<Vec<bool>> = [vec![true; n], vec![false; n]].into_iter().collect();
    // Depth 2.
    let mut int2 = leaves.clone();
    for a in &leaves {
        for b in &leaves {
            int2.insert(a.iter().zip(b).map(|(p, q)| p + q).collect());
            int2.insert(a.iter().zip(b).map(|(p, q)| p - q).collect());
        }
    }
    for c in &bool_leaves {
        for a in &leaves {
            for b in &leaves {
                int2.insert((0..n).map(|k| if c[k] { a[k] } else { b[k] }).collect());
            }
        }
    }
    let mut bool2 = bool_leaves.clone();
    for a in &leaves {
        for b in &leaves {
            bool2.insert(a.iter().zip(b).map(|(p, q)| p > q).collect());
            bool2.insert(a.iter().zip(b).map(|(p, q)| p >= q).collect());
            bool2.insert(a.iter().zip(b).map(|(p, q)| p == q).collect());
            bool2.insert(a.iter().zip(b).map(|(p, q)| p != q).collect());
        }
    }
    // Depth 3: only the signs matter.
    let sign =
        |v: &[bool]| -> String { v.iter().map(|&p| if p { '+' } else { '-' }).chain(std::iter::once('\n')).collect() };
    let mut pats = BTreeSet::new();
    let int2: Vec<V> = int2.into_iter().collect();
    for a in &int2 {
        for b in &int2 {
            pats.insert(sign(&a.iter().zip(b).map(|(p, q)| p + q > 0).collect::<Vec<_>>()));
            pats.insert(sign(&a.iter().zip(b).map(|(p, q)| p - q > 0).collect::<Vec<_>>()));
        }
    }
    let signs: BTreeSet<Vec<bool>> = int2.iter().map(|v| v.iter().map(|&p| p > 0).collect()).collect();
    for c in &bool2 {
        for a in &signs {
            for b in &signs {
                pats.insert(sign(&(0..n).map(|k| if c[k] { a[k] } else { b[k] }).collect::<Vec<_>>()));
            }
        }
    }
    pats
}

#[test]
fn fig2_full_int3_language_explores_exactly_its_feasible_patterns() {
    let want = int3_patterns(10, 4);
    let r = run("sign_loop.c", &["--so-lang", "rho=int:3"]);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let outs: BTreeSet<String> = r.outputs().into_iter().collect();
    assert_eq!(r.num("paths_completed") as usize, outs.len(), "one path per pattern");
    let missing: Vec<_> = want.difference(&outs).collect();
    let extra: Vec<_> = outs.difference(&want).collect();
    assert!(missing.is_empty() && extra.is_empty(), "missing {missing:?}\nextra {extra:?}");
    assert!(want.len() > 100, "{}", want.len());
    check_natively(&r, "sign_loop.c", &[], 12);
}

#[test]
fn cbs_agrees_with_pse_on_a_short_loop_and_reports_timeouts_as_unknown() {
    let short = ["--cflags", "-DITERATIONS=4"];
    let mut outs = Vec::new();
    for enc in ["pse", "cbs"] {
        let mut args = vec!["--so-encoding", enc, "--so-lang"];
        let l = linear(2);
        args.push(&l);
        args.extend(short);
        let r = run("sign_loop.c", &args);
        assert_eq!(r.status, Some(0), "{enc}: {}", r.stderr);
        assert_eq!(r.summary["so_queries"]["unknown"], 0, "{enc}");
        assert!(r.num("paths_pruned") > 0, "{enc}");
        outs.push(r.outputs().into_iter().collect::<BTreeSet<_>>());
    }
    assert_eq!(outs[0], monotone_patterns(4));
    assert_eq!(outs[0], outs[1], "cbs and pse disagree on feasibility");
    // At depth 3 CBS cannot prove the unsatisfiable patterns in time:
    // those queries are unknown, their paths end early, none is pruned.
    let l = linear(3);
    let r = run(
        "sign_loop.c",
        &["--so-encoding", "cbs", "--max-solver-time", "500ms", "--so-lang", &l, "--cflags", "-DITERATIONS=4"],
    );
    let unknown = r.summary["so_queries"]["unknown"].as_u64().unwrap();
    assert!(unknown > 0, "{}", r.summary);
    assert_eq!(r.num("so_unknown"), unknown);
    let early = std::fs::read_dir(&r.out)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "early"))
        .count();
    assert_eq!(early as u64, unknown, "each unknown query ends one path early");
    assert_eq!(r.status, Some(124), "a run with paths stopped by a limit exits 124");
}

#[test]
fn first_and_second_order_variables_together() {
    let r = run("mixed_fo_so.c", &["--so-lang", "f=int:3"]);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let outs: BTreeSet<String> = r.outputs().into_iter().collect();
    assert_eq!(outs, ["down\n", "up-down\n", "up-up\n"].iter().map(|s| s.to_string()).collect());
    check_natively(&r, "mixed_fo_so.c", &[], 3);
}

#[test]
fn bad_second_order_input_is_reported_clearly() {
    // Arity mismatch: an error on the path, at the second application.
    let r = run("arity_mismatch.c", &[]);
    let errs = r.summary["errors"].as_array().unwrap();
    assert_eq!(errs.len(), 1, "{}", r.summary);
    assert_eq!(errs[0]["kind"], "user");
    assert_eq!(errs[0]["line"], 4);
    assert!(errs[0]["message"].as_str().unwrap().contains("applied to 2 argument(s), earlier to 1"));
    // Unreadable argument array.
    let r = run("bad_args_ptr.c", &[]);
    let errs = r.summary["errors"].as_array().unwrap();
    assert_eq!((errs.len(), errs[0]["kind"].as_str()), (1, Some("ptr")), "{}", r.summary);
    // Grammar whose parameters do not match the application.
    let g = so_dir().join("linear.sy");
    let r = run("search_pred.c", &["--so-lang", &format!("pred={}", g.display())]);
    assert!(r.summary["errors"][0]["message"].as_str().unwrap().contains("declares 2 parameter(s)"), "{}", r.summary);
    // Start-up errors: malformed specs, depths, unknown names.
    for (spec, want) in [
        ("rho=int:0", "at least 1"),
        ("rho=int:50", "too large"),
        ("rho=float", "expected int"),
        ("rho", "expected NAME=SPEC"),
        ("rho=missing.sy", "cannot read"),
    ] {
        let r = run("sign_loop.c", &["--so-lang", spec]);
        assert_eq!(r.status, Some(125), "{spec}");
        assert!(
            r.stderr.contains(want) && !r.stderr.contains("panicked") && !r.stderr.contains("internal error"),
            "{spec}: {}",
            r.stderr
        );
    }
    let r = run("sign_loop.c", &["--so-encoding", "smt"]);
    assert!(r.status == Some(125) && r.stderr.contains("unknown --so-encoding"), "{}", r.stderr);
    // A --so-lang for a variable the program never applies is reported.
    let r = run("search_pred.c", &["--so-lang", "pred=bool:2", "--so-lang", "prde=bool:2"]);
    let warn = Command::new(bin())
        .args(["run", "--output-dir"])
        .arg(r.out.join("w"))
        .args(["--so-lang", "prde=bool:2"])
        .arg(so_dir().join("search_pred.c"))
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&warn.stderr).contains("`prde` was never applied"),
        "{}",
        String::from_utf8_lossy(&warn.stderr)
    );
}

#[test]
fn sygus_grammar_errors_name_the_line() {
    let tmp = tempfile::tempdir().unwrap();
    let g = tmp.path().join("g.sy");
    std::fs::write(
        &g,
        "(set-logic LIA)\n(synth-fun rho ((i Int) (x Int)) Int\n  ((Start Int (i x (div Start Start)))))\n",
    )
    .unwrap();
    let r = run("sign_loop.c", &["--so-lang", &format!("rho={}", g.display())]);
    assert_eq!(r.status, Some(125));
    assert!(r.stderr.contains("g.sy:3: unsupported operator `div`"), "{}", r.stderr);
}
