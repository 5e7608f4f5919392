//! Correct or plausible: a validated patch is **correct** when the
//! repaired program behaves as the developer-fixed one on every held-out
//! input (same stdout, stderr and exit code) and passes every script
//! (CoREBench's test, DbgBench's stricter tests) that the developer's fix
//! passes; otherwise it is plausible.

use crate::subject::Subject;
use repair::config::{Project, TestCase};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

pub(crate) const TEST_TIMEOUT: Duration = Duration::from_secs(10);
const SCRIPT_TIMEOUT: Duration = Duration::from_secs(60);

/// What one variant of the program did: per held-out input its
/// (stdout, stderr, exit or signal), per script whether it passed.
#[derive(PartialEq, Eq, Debug)]
pub(crate) struct Behaviour {
    pub(crate) outputs: Vec<(String, String, String)>,
    pub(crate) scripts: Vec<bool>,
}

/// Whether the patch in `patch` (a unified diff against `tree`) is
/// correct, with the first difference from the developer's fix if not.
pub fn classify(subject: &Subject, tree: &Path, patch: &Path) -> Result<(bool, String), String> {
    let p = Project::load(tree).map_err(|e| e.to_string())?;
    let dev_files = developer_files(subject, tree)?;
    let gen_files = patched_files(tree, patch)?;
    let tests = heldout_tests(subject);
    let want = behaviour(&p, &dev_files, &tests, &subject.scripts).map_err(|e| format!("the developer's fix: {e}"))?;
    let got = behaviour(&p, &gen_files, &tests, &subject.scripts).map_err(|e| format!("the patch: {e}"))?;
    for (i, (w, g)) in want.outputs.iter().zip(&got.outputs).enumerate() {
        if w != g {
            let what = if w.0 != g.0 {
                "stdout"
            } else if w.1 != g.1 {
                "stderr"
            } else {
                "exit code"
            };
            return Ok((
                false,
                format!("differs from the developer's fix on held-out input {} ({what})", tests[i].name),
            ));
        }
    }
    for (i, (w, g)) in want.scripts.iter().zip(&got.scripts).enumerate() {
        if *w && !*g {
            let name = subject.scripts[i].file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            return Ok((false, format!("fails {name}, which the developer's fix passes")));
        }
    }
    let scripts = want.scripts.iter().filter(|w| **w).count();
    Ok((true, format!("as the developer's fix on {} held-out inputs and {scripts} scripts", tests.len())))
}

/// The files the developer's patch changes, patched.
pub(crate) fn developer_files(subject: &Subject, tree: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let dev = subject.developer_patch.as_ref().ok_or("the subject has no developer patch")?;
    patched_files(tree, dev)
}

/// The held-out inputs as tests without an oracle (each in a fresh folder).
pub(crate) fn heldout_tests(subject: &Subject) -> Vec<TestCase> {
    subject
        .heldout
        .iter()
        .map(|h| TestCase {
            name: h.name.clone(),
            args: h.args.clone(),
            stdin: h.stdin.clone().into_bytes(),
            setup: h.setup.clone(),
            cwd: h.cwd.clone(),
            env: h.env.clone().into_iter().collect(),
            fresh_dir: true,
            ..TestCase::default()
        })
        .collect()
}

/// The texts of the files `diff` changes, after applying it to copies of
/// them taken from `tree` (`patch -p1`).
fn patched_files(tree: &Path, diff: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let text = std::fs::read_to_string(diff).map_err(|e| format!("{}: {e}", diff.display()))?;
    let mut files: Vec<PathBuf> = Vec::new();
    for l in text.lines() {
        if let Some(rest) = l.strip_prefix("+++ ") {
            let path = rest.split('\t').next().unwrap_or("").trim();
            let rel = path.split_once('/').map(|(_, r)| r).unwrap_or(path);
            if !rel.is_empty() && rel != "/dev/null" && !files.iter().any(|f| f == Path::new(rel)) {
                files.push(PathBuf::from(rel));
            }
        }
    }
    if files.is_empty() {
        return Err(format!("{}: no file in the diff", diff.display()));
    }
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    for f in &files {
        let to = dir.path().join(f);
        std::fs::create_dir_all(to.parent().unwrap_or(dir.path())).map_err(|e| e.to_string())?;
        std::fs::copy(tree.join(f), &to).map_err(|e| format!("{}: {e}", f.display()))?;
    }
    let o = klee_ext::procs::output(
        Command::new("patch")
            .args(["-p1", "-s", "--no-backup-if-mismatch", "-d"])
            .arg(dir.path())
            .arg("-i")
            .arg(std::path::absolute(diff).map_err(|e| e.to_string())?),
    )
    .map_err(|e| format!("cannot run patch (apt-get install patch): {e}"))?;
    if !o.status.success() {
        return Err(format!("{} does not apply: {}", diff.display(), String::from_utf8_lossy(&o.stdout).trim()));
    }
    files
        .into_iter()
        .map(|f| std::fs::read_to_string(dir.path().join(&f)).map(|t| (f, t)).map_err(|e| e.to_string()))
        .collect()
}

/// Test folders' names vary between runs; outputs are compared without them.
fn normalize(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let re = regex_lite(&s);
    re.unwrap_or_else(|| s.into_owned())
}

fn regex_lite(s: &str) -> Option<String> {
    const MARK: &str = "se2repair-test-";
    if !s.contains(MARK) {
        return None;
    }
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(MARK) {
        out.push_str(&rest[..i + MARK.len()]);
        rest = rest[i + MARK.len()..].trim_start_matches(|c: char| c.is_ascii_alphanumeric());
        out.push('X');
    }
    out.push_str(rest);
    Some(out)
}

/// What held-out `tests` and `scripts` show of the project with `files`
/// (none: the buggy program) in place.
pub(crate) fn behaviour(
    p: &Project, files: &[(PathBuf, String)], tests: &[TestCase], scripts: &[PathBuf],
) -> Result<Behaviour, String> {
    let run = |root: &Path, exe: &Path| observe(p, root, exe, tests, scripts);
    repair::fix::builds::with_variant(p, files, run)?.map_err(|e| format!("does not build: {e}"))?
}

/// What `tests` and `scripts` show of the built program `exe` of the tree
/// `root`.
pub(crate) fn observe(
    p: &Project, root: &Path, exe: &Path, tests: &[TestCase], scripts: &[PathBuf],
) -> Result<Behaviour, String> {
    let mut outputs = Vec::new();
    for t in tests {
        let (r, _) = repair::fix::builds::run_project_test(exe, p, t, TEST_TIMEOUT)?;
        let end = match (r.exit, r.abnormal()) {
            (_, Some(a)) => a,
            (Some(c), None) => format!("exit {c}"),
            (None, None) => "no exit".into(),
        };
        outputs.push((normalize(&r.stdout), normalize(&r.stderr), end));
    }
    let mut passed = Vec::new();
    for s in scripts {
        let scratch = tempfile::tempdir().map_err(|e| e.to_string())?;
        let mut cmd = Command::new("bash");
        cmd.arg(s).arg(root).current_dir(scratch.path());
        let r = repair::native::run_command(cmd, &[], SCRIPT_TIMEOUT).map_err(|e| format!("{}: {e}", s.display()))?;
        passed.push(r.exit == Some(0));
    }
    Ok(Behaviour { outputs, scripts: passed })
}

#[cfg(test)]
mod tests {
    #[test]
    fn test_folder_names_are_masked() {
        assert_eq!(
            super::normalize(b"find: /tmp/se2repair-test-a1B2c3/x: loop\n"),
            "find: /tmp/se2repair-test-X/x: loop\n"
        );
        assert_eq!(super::normalize(b"plain"), "plain");
    }
}
