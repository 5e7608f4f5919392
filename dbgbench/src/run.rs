//! Running (subject, configuration) pairs: each is one `se2repair fix`
//! child process with the experiment's bounds and a wall-clock limit, so a
//! crash or a hang of one pair is recorded and the run goes on. A patch is
//! then classified against the developer's fix.

use crate::classify::classify;
use crate::subject::{Data, Subject};
use crate::{Outcome, Row};
use repair::fix::Status;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The experiment's settings.
#[derive(Clone, Debug)]
pub struct Options {
    pub configs: Vec<String>,
    pub max_forks: u64,
    /// Time limit of one repair (`fix --timeout`).
    pub timeout: Duration,
    pub jobs: usize,
    pub out: PathBuf,
    /// The `se2repair` executable that runs `fix`.
    pub exe: PathBuf,
}

/// The configurations of the paper's Table 4.
pub const CONFIGS: [&str; 3] = ["fo", "so-cbs", "so-pse"];

/// A configuration's engine, search and locations at once: `so-pse`
/// (fix's default deviation search), `so-pse/dfs` (every path of every
/// test first, then one solve: the paper's procedure), `fo@2` (two
/// locations at once, `--locations-at-once 2`). `None` for an unknown
/// one.
pub fn parse_config(config: &str) -> Option<(&str, Option<&str>, Option<usize>)> {
    let (config, at_once) = match config.split_once('@') {
        Some((c, k)) => (c, Some(k.parse::<usize>().ok().filter(|k| (1..=4).contains(k))?)),
        None => (config, None),
    };
    let (engine, search) = match config.split_once('/') {
        Some((e, s)) => (e, Some(s)),
        None => (config, None),
    };
    (CONFIGS.contains(&engine) && search.is_none_or(|s| s == "dfs" || s == "deviation"))
        .then_some((engine, search, at_once))
}

/// Time a pair may take beyond the repair's own limit: building the
/// project once per machine, validation and classification.
const SLACK: Duration = Duration::from_secs(1800);

/// Runs every pair, `opts.jobs` at a time; rows in subject and
/// configuration order.
pub fn run_all(subjects: &[Subject], opts: &Options, progress: &(dyn Fn(&str) + Sync)) -> Vec<Row> {
    // Configuration-major: parallel jobs work on different subjects, each
    // of which has one built copy to share.
    let pairs: Vec<(usize, usize)> =
        (0..opts.configs.len()).flat_map(|c| (0..subjects.len()).map(move |s| (s, c))).collect();
    let next = Arc::new(Mutex::new(0usize));
    let rows: Arc<Mutex<Vec<(usize, Row)>>> = Arc::default();
    // A subject's tree is unpacked once, before its pairs run.
    let trees: Vec<Mutex<Option<Result<PathBuf, String>>>> = subjects.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..opts.jobs.max(1) {
            let (next, rows, pairs, trees) = (next.clone(), rows.clone(), &pairs, &trees);
            scope.spawn(move || loop {
                let k = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    let k = *n;
                    *n += 1;
                    k
                };
                let Some(&(s, c)) = pairs.get(k) else { break };
                let subject = &subjects[s];
                let config = &opts.configs[c];
                let tree = {
                    let mut t = trees[s].lock().unwrap_or_else(|e| e.into_inner());
                    t.get_or_insert_with(|| {
                        progress(&format!("{}: unpacking and building (once per machine)", subject.id));
                        subject.materialize(&opts.out.join("work")).and_then(|tree| prebuild(&tree).map(|_| tree))
                    })
                    .clone()
                };
                progress(&format!("{} {config}: running", subject.id));
                let row = run_pair(subject, config, tree, opts);
                progress(&format!(
                    "{} {config}: {}{}",
                    subject.id,
                    row.outcome,
                    if row.reason.is_empty() { String::new() } else { format!(" ({})", row.reason) }
                ));
                rows.lock().unwrap_or_else(|e| e.into_inner()).push((k, row));
            });
        }
    });
    let mut rows = Arc::try_unwrap(rows).map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner())).unwrap_or_default();
    rows.sort_by_key(|(k, _)| (pairs[*k].0, pairs[*k].1));
    rows.into_iter().map(|(_, r)| r).collect()
}

/// Builds a real project's copies before its pairs run (a build failure
/// is the subject's error).
fn prebuild(tree: &Path) -> Result<(), String> {
    let p = repair::config::Project::load(tree).map_err(|e| e.to_string())?;
    repair::fix::builds::Builds::prepare(&p, &mut |_| {}).map(|_| ()).map_err(|e| format!("build failed: {e}"))
}

/// One pair: repair, then classification of the patch.
pub fn run_pair(subject: &Subject, config: &str, tree: Result<PathBuf, String>, opts: &Options) -> Row {
    let mut row = Row::new(subject, config);
    if let Some(why) = &subject.unsupported {
        row.outcome = Outcome::Error;
        row.reason = format!("unsupported: {why}");
        return row;
    }
    if let Some(s) = subject.scripts.iter().find(|s| !s.is_file()) {
        row.outcome = Outcome::Error;
        row.reason = format!("missing script {}", s.display());
        return row;
    }
    let tree = match tree {
        Ok(t) => t,
        Err(e) => {
            row.outcome = Outcome::Error;
            row.reason = e;
            return row;
        }
    };
    let out = opts.out.join("runs").join(&subject.id).join(config.replace('/', "-"));
    let (engine, search, at_once) = parse_config(config).unwrap_or((config, None, None));
    let _ = std::fs::remove_dir_all(&out);
    if let Err(e) = std::fs::create_dir_all(&out) {
        row.outcome = Outcome::Error;
        row.reason = format!("{}: {e}", out.display());
        return row;
    }
    let mut cmd = Command::new(&opts.exe);
    // The paper's path bound: forks of a run and paths of a test's
    // exploration at a site.
    cmd.arg("fix").arg(&tree).arg("--engine").arg(engine);
    if let Some(s) = search {
        cmd.arg("--search").arg(s);
    }
    if let Some(k) = at_once {
        cmd.arg("--locations-at-once").arg(k.to_string());
    }
    cmd.arg("--max-forks").arg(opts.max_forks.to_string()).arg("--max-paths").arg(opts.max_forks.to_string());
    cmd.arg("--timeout").arg(format!("{}ms", opts.timeout.as_millis())).arg("--output-dir").arg(&out).arg("--json");
    // The failing test's session with the hole at the (first) location.
    cmd.arg("--tree").arg(out.join("tree.svg"));
    for l in &subject.location {
        cmd.arg("--location").arg(l);
    }
    let t0 = Instant::now();
    let r = repair::native::run_command(cmd, &[], opts.timeout + SLACK);
    row.wall_s = round2(t0.elapsed().as_secs_f64());
    let r = match r {
        Ok(r) => r,
        Err(e) => {
            row.outcome = Outcome::Error;
            row.reason = format!("cannot run se2repair fix: {e}");
            return row;
        }
    };
    let _ = std::fs::write(out.join("fix.stderr"), &r.stderr);
    if let Some(a) = r.abnormal() {
        row.outcome = Outcome::Error;
        row.reason = format!("se2repair fix {a}");
        return row;
    }
    let report: serde_json::Value = match serde_json::from_slice(&r.stdout) {
        Ok(v) => v,
        Err(_) => {
            row.outcome = Outcome::Error;
            let err = String::from_utf8_lossy(&r.stderr);
            row.reason = err
                .lines()
                .rev()
                .find(|l| l.contains("error"))
                .unwrap_or("se2repair fix printed no report")
                .trim()
                .to_string();
            return row;
        }
    };
    fill_stats(&mut row, &report);
    let status = serde_json::from_value::<Status>(report["status"].clone()).ok();
    match status {
        Some(Status::Patched) => {
            let pt = &report["patches"][0];
            row.patch = format!(
                "{}:{}: {}",
                pt["file"].as_str().unwrap_or(""),
                pt["line"],
                pt["replacement"].as_str().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ")
            );
            match classify(subject, &tree, &out.join("patch.diff")) {
                Ok((correct, why)) => {
                    row.outcome = if correct { Outcome::Correct } else { Outcome::Plausible };
                    row.reason = why;
                }
                Err(e) => {
                    row.outcome = Outcome::Plausible;
                    row.reason = format!("not classified: {e}");
                }
            }
        }
        Some(Status::NothingToRepair) => {
            row.outcome = Outcome::Error;
            row.reason = "every test passes on the buggy program".into();
        }
        _ => {
            row.outcome = Outcome::None;
            row.reason = report["reason"].as_str().unwrap_or("").to_string();
            if let Some(n) = &subject.note {
                row.reason = format!("{}; {n}", row.reason);
            }
        }
    }
    row
}

fn round2(x: f64) -> f64 {
    // `+ 0.0`: an empty sum is -0.0, which would print as "-0.0".
    (x * 100.0).round() / 100.0 + 0.0
}

/// Paths and times of the sessions at the fix location (every site when
/// no location is given).
fn fill_stats(row: &mut Row, report: &serde_json::Value) {
    let attempts = report["attempts"].as_array().cloned().unwrap_or_default();
    row.paths = attempts.iter().filter_map(|a| a["paths"].as_u64()).sum();
    row.time_s = round2(attempts.iter().filter_map(|a| Some(a["explore_s"].as_f64()? + a["solve_s"].as_f64()?)).sum());
    row.sat_ms = round2(report["sat_ms"].as_f64().unwrap_or(0.0));
    row.unsat_ms = round2(report["unsat_ms"].as_f64().unwrap_or(0.0));
    row.locations = report["locations_tried"].as_u64().unwrap_or(0);
}

/// One shell line per pair for a workload manager: each runs this tool on
/// one subject file and one configuration into its own folder under
/// `out/pairs/`; `--collect out/pairs` merges them.
pub fn emit_jobs(subjects: &[Subject], opts: &Options, data: &Data) -> Vec<String> {
    let q = |p: &Path| shell_quote(&std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()).display().to_string());
    let mut lines = Vec::new();
    for s in subjects {
        for c in &opts.configs {
            let out = opts.out.join("pairs").join(format!("{}.{c}", s.id));
            lines.push(format!(
                "{} dbgbench --subjects {} --configs {c} --max-forks {} --timeout {}ms --data {} --corebench {} --out {}",
                q(&opts.exe),
                q(&s.file),
                opts.max_forks,
                opts.timeout.as_millis(),
                q(&data.dbgbench),
                q(&data.corebench),
                shell_quote(&std::path::absolute(&out).unwrap_or(out.clone()).display().to_string())
            ));
        }
    }
    lines
}

fn shell_quote(s: &str) -> String {
    if s.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:=".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_config;

    #[test]
    fn configurations_with_a_search() {
        assert_eq!(parse_config("so-pse"), Some(("so-pse", None, None)));
        assert_eq!(parse_config("fo/dfs"), Some(("fo", Some("dfs"), None)));
        assert_eq!(parse_config("so-cbs/deviation"), Some(("so-cbs", Some("deviation"), None)));
        assert_eq!(parse_config("so-pse@2"), Some(("so-pse", None, Some(2))));
        assert_eq!(parse_config("fo/deviation@3"), Some(("fo", Some("deviation"), Some(3))));
        assert_eq!(parse_config("fo@0"), None);
        assert_eq!(parse_config("fo@x"), None);
        assert_eq!(parse_config("fo/bfs"), None);
        assert_eq!(parse_config("angelix"), None);
    }
}
