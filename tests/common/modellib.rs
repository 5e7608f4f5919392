//! Helpers of the `model-lib` tests that write their own small projects.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The syntheses use both cores; one at a time.
pub fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn model_lib(args: &[&str]) -> Output {
    Command::new(super::bin()).arg("model-lib").args(args).output().unwrap()
}

pub fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// `root/name` with `prog.c` and a `se2repair.yaml` of the given tests
/// (YAML list items).
pub fn project(root: &Path, name: &str, c: &str, tests: &str) -> PathBuf {
    let d = root.join(name);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("prog.c"), c).unwrap();
    std::fs::write(d.join("se2repair.yaml"), format!("sources: [prog.c]\ntests:\n{tests}")).unwrap();
    d
}

/// The `--json` report of a run that succeeded.
pub fn report(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", text(o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|_| panic!("not JSON: {}", text(o)))
}
