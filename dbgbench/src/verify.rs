//! `dbgbench --verify`: whether each subject is a fair repair task, before
//! any repair runs. The buggy program must fail at least one of the
//! project's tests and the developer-fixed one must pass every test and
//! every script; the held-out inputs that tell the two programs apart are
//! counted (a held-out set that never does so cannot catch a wrong patch).
//! It builds the copies that the repair runs reuse (once per machine).

use crate::classify::{developer_files, heldout_tests, observe, Behaviour, TEST_TIMEOUT};
use crate::subject::Subject;
use repair::config::Project;
use repair::fix::builds::{run_project_test, with_variant};
use std::path::{Path, PathBuf};

/// What verifying one subject found.
#[derive(Debug, Default)]
pub struct Verdict {
    pub id: String,
    /// Why the subject is not a fair task (empty: it is).
    pub problems: Vec<String>,
    /// Set instead of everything else for a subject marked unsupported.
    pub unsupported: Option<String>,
    /// The project's tests that fail on the buggy program.
    pub failing: Vec<String>,
    pub tests: usize,
    /// Scripts that fail on the buggy program, of `scripts`.
    pub scripts_failing: usize,
    pub scripts: usize,
    /// Held-out inputs on which the buggy and the fixed program differ.
    pub telling: Vec<String>,
    pub heldout: usize,
}

impl Verdict {
    /// One line for the report.
    pub fn line(&self) -> String {
        if let Some(u) = &self.unsupported {
            return format!("{}: unsupported: {u}", self.id);
        }
        let head = if self.problems.is_empty() { "ok".to_string() } else { self.problems.join("; ") };
        format!(
            "{}: {head} (buggy fails {} of {} tests [{}] and {} of {} scripts; {} of {} held-out inputs tell buggy from fixed)",
            self.id,
            self.failing.len(),
            self.tests,
            self.failing.join(", "),
            self.scripts_failing,
            self.scripts,
            self.telling.len(),
            self.heldout
        )
    }

    pub fn fair(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Verifies `subject`, its tree unpacked under `work`.
pub fn verify(subject: &Subject, work: &Path) -> Verdict {
    let mut v = Verdict { id: subject.id.clone(), ..Verdict::default() };
    if let Some(u) = &subject.unsupported {
        v.unsupported = Some(u.clone());
        return v;
    }
    if let Err(e) = check(subject, work, &mut v) {
        v.problems.push(e);
    }
    v
}

fn check(subject: &Subject, work: &Path, v: &mut Verdict) -> Result<(), String> {
    let tree = subject.materialize(work)?;
    let p = Project::load(&tree).map_err(|e| e.to_string())?;
    let dev = developer_files(subject, &tree)?;
    let held = heldout_tests(subject);
    // One build of each variant: per project test whether it passes, and
    // what the held-out inputs and scripts show.
    let variant = |files: &[(PathBuf, String)], which: &str| -> Result<(Vec<bool>, Behaviour), String> {
        let run = |root: &Path, exe: &Path| -> Result<(Vec<bool>, Behaviour), String> {
            let passed = p
                .tests
                .iter()
                .map(|t| run_project_test(exe, &p, t, TEST_TIMEOUT).map(|(_, ok)| ok))
                .collect::<Result<Vec<bool>, String>>()?;
            Ok((passed, observe(&p, root, exe, &held, &subject.scripts)?))
        };
        with_variant(&p, files, run)?
            .map_err(|e| format!("the {which} program does not build: {e}"))?
            .map_err(|e| format!("the {which} program: {e}"))
    };
    let (buggy, b) = variant(&[], "buggy")?;
    let (fixed, f) = variant(&dev, "developer-fixed")?;
    v.tests = p.tests.len();
    v.failing = failing(&p, &buggy);
    if v.failing.is_empty() {
        v.problems.push("every test passes on the buggy program".into());
    }
    let broken = failing(&p, &fixed);
    if !broken.is_empty() {
        v.problems.push(format!("the developer's fix fails {}", broken.join(", ")));
    }
    v.heldout = held.len();
    v.telling = held
        .iter()
        .zip(b.outputs.iter().zip(&f.outputs))
        .filter(|(_, (x, y))| x != y)
        .map(|(t, _)| t.name.clone())
        .collect();
    v.scripts = subject.scripts.len();
    v.scripts_failing = b.scripts.iter().filter(|ok| !**ok).count();
    for (s, ok) in subject.scripts.iter().zip(&f.scripts) {
        if !ok {
            let name = s.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            v.problems.push(format!("the developer's fix fails {name}"));
        }
    }
    Ok(())
}

/// The names of the tests that did not pass.
fn failing(p: &Project, passed: &[bool]) -> Vec<String> {
    p.tests.iter().zip(passed).filter(|(_, ok)| !**ok).map(|(t, _)| t.name.clone()).collect()
}

/// Verifies every subject, `jobs` at a time; `each` sees every verdict as
/// it comes. Verdicts in subject order.
pub fn verify_all(subjects: &[Subject], work: &Path, jobs: usize, each: &(dyn Fn(&Verdict) + Sync)) -> Vec<Verdict> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(s) = subjects.get(k) else { break };
                let v = verify(s, work);
                each(&v);
                done.lock().unwrap_or_else(|e| e.into_inner()).push((k, v));
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(k, _)| *k);
    done.into_iter().map(|(_, v)| v).collect()
}
