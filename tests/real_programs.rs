//! Real GNU programs: findutils 4.9.0, grep 3.8 and coreutils 9.1, built
//! once per machine into whole-program bitcode by
//! `scripts/real-programs/build.sh` (cached outside the checkout), run in
//! the VM and natively on the CI subset of `scripts/real-programs/corpus.py`
//! (the script without `--subset` runs every command).

mod common;

use std::path::Path;
use std::process::Command;

fn script(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/real-programs").join(name)
}

#[test]
fn real_programs_agree_with_native_runs() {
    let build = Command::new("bash").arg(script("build.sh")).output().expect("bash runs");
    assert!(
        build.status.success(),
        "building the real programs failed (see the README's set-up command):\n{}{}",
        String::from_utf8_lossy(&build.stdout),
        String::from_utf8_lossy(&build.stderr)
    );
    let o = Command::new("python3")
        .arg(script("corpus.py"))
        .args(["--subset", "ci", "-v", "--se2repair", common::bin()])
        .output()
        .expect("python3 runs");
    let out = String::from_utf8_lossy(&o.stdout);
    let last = out.lines().last().unwrap_or_default().to_string();
    assert!(o.status.success(), "{out}\n{}", String::from_utf8_lossy(&o.stderr));
    // Every program of the subset ran: find, grep and the coreutils.
    for p in ["find ", "grep ", "cat ", "sort ", "ls "] {
        assert!(out.lines().any(|l| l.starts_with("agree") && l.contains(p)), "no {p}command agreed:\n{out}");
    }
    assert!(last.starts_with("real-programs: ") && last.ends_with(" agree"), "{last}");
}

/// The paper's Table 5 on one tool, briefly (`scripts/table5.sh` runs all
/// ten for 120 s each): model-lib learns wc's strlen and strcmp from its
/// example runs (`examples/table5/wc.yaml`) and its imported tests, and
/// read from the kernel sketch, `klee` generates tests in the three
/// configurations (stat and lseek unconstrained in two, read in
/// `baseline`), and every test is replayed on the coverage build.
#[test]
fn table5_on_wc() {
    let build = Command::new("bash").arg(script("build.sh")).args(["coreutils", "coreutils-cov"]).output().unwrap();
    assert!(
        build.status.success(),
        "building coreutils failed:\n{}{}",
        String::from_utf8_lossy(&build.stdout),
        String::from_utf8_lossy(&build.stderr)
    );
    let out = tempfile::tempdir().unwrap();
    let o = Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/table5.py"))
        .args(["--tools", "wc", "--time", "15", "--se2repair", common::bin(), "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.path().join("table5.json")).unwrap()).unwrap();
    let wc = &doc["details"]["wc"];
    // The string functions and read synthesized; the kernel's other
    // functions taken away as the paper did (stat, lseek unconstrained,
    // malloc in its size).
    assert_eq!(
        wc["functions"],
        serde_json::json!(["strlen", "strcmp", "read", "stat", "fstat", "lseek", "malloc"]),
        "{wc}"
    );
    for f in ["strlen", "strcmp", "read"] {
        assert_eq!(wc["models"][f]["status"], "model", "{wc}");
    }
    // read's model moves the kernel's bytes and count as the C library's
    // read does, on files the tests never used.
    let a = &wc["models"]["read"]["agreement"];
    assert_eq!(a["compared"], "bytes", "{wc}");
    assert!(a["agreeing"].as_u64().unwrap() * 100 >= a["inputs"].as_u64().unwrap() * 95, "{wc}");
    for c in ["baseline", "model", "real"] {
        assert!(wc[c]["tests"].as_u64().unwrap() > 0, "{c}: {wc}");
        // wc.c has about 400 lines; any generated suite runs its main path.
        assert!(wc[c]["coverage"].as_f64().unwrap() > 20.0, "{c}: {wc}");
    }
    let md = std::fs::read_to_string(out.path().join("table5.md")).unwrap();
    assert!(md.contains("| wc | strlen, strcmp, read, stat, fstat, lseek, malloc |") && md.contains("paper"), "{md}");
    assert!(std::fs::read_to_string(out.path().join("table5.svg")).unwrap().starts_with("<svg"));
}
