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
