//! What `fix` reports: `report.json` (the patches, the sites tried, the
//! tests, the choice), `patch.diff` and the summary printed on stdout;
//! and the progress callbacks. The patches and attempts themselves are
//! `patch.rs`'s.

use super::error::FixError;
use super::options::Search;
use super::outcome::Status;
use super::patch::{one_line, Attempt, Patch, TestResult};
use std::path::Path;
use std::time::Instant;

/// Everything `fix` found, as written to `report.json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    pub project: String,
    pub engine: String,
    /// `patched`, `no-patch` or `nothing-to-repair` (`searching` while the
    /// search goes on: the best patch so far is in `patches`).
    pub status: Status,
    pub tests: Vec<TestResult>,
    pub patches: Vec<Patch>,
    pub attempts: Vec<Attempt>,
    pub locations_tried: usize,
    pub paths_explored: u64,
    pub paths_pruned: u64,
    pub so_queries: u64,
    /// Median time of the second-order queries of every site, in ms.
    pub so_query_median_ms: f64,
    /// Mean time of the satisfiable and of the unsatisfiable second-order
    /// queries, in ms.
    pub sat_ms: f64,
    pub unsat_ms: f64,
    /// `deviation` or `dfs`.
    pub search: Search,
    /// Seconds from the start to the first validated patch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_patch_s: Option<f64>,
    pub localization_s: f64,
    pub time_s: f64,
    pub applied: bool,
    /// The choice among the validated patches: how sure, the other
    /// behaviours the tests allow, the questions asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<super::verdict::Choice>,
    /// The behaviours of earlier searches that the answers to their
    /// questions ruled out, each search's in the principles' order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ruled_out: Vec<super::verdict::BehaviourInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub output_dir: String,
}

/// Progress callbacks (a terminal display, plain lines, or nothing).
pub trait Progress {
    fn message(&mut self, line: &str);
    fn status(&mut self, _line: &str) {}
    /// Asks the user which output is right on an input the tests leave
    /// open (`fix --ask`); without a way to ask, unanswered.
    fn ask(&mut self, _q: &super::verdict::Ask) -> super::verdict::Answer {
        super::verdict::Answer::Unanswered("no one to ask".into())
    }
}

pub(super) fn write_report(r: &Report, out_dir: &Path) -> Result<(), FixError> {
    let json = serde_json::to_string_pretty(r).map_err(|e| FixError::Output(e.to_string()))?;
    std::fs::write(out_dir.join("report.json"), json)
        .map_err(|e| FixError::Output(format!("cannot write report.json: {e}")))
}

/// The best patch found so far, written while the search goes on:
/// `patch.diff`, and `report.json` with status `searching`.
pub(super) fn write_interim(r: &Report, best: &Patch, out_dir: &Path, start: Instant) -> Result<(), FixError> {
    let patch = out_dir.join("patch.diff");
    std::fs::write(&patch, &best.diff)
        .map_err(|e| FixError::Output(format!("cannot write {}: {e}", patch.display())))?;
    let mut interim = r.clone();
    interim.status = Status::Searching;
    interim.patches = vec![best.clone()];
    interim.time_s = start.elapsed().as_secs_f64();
    write_report(&interim, out_dir)
}

pub(super) fn finish(mut report: Report, start: Instant, out_dir: &Path) -> Result<Report, FixError> {
    report.time_s = start.elapsed().as_secs_f64();
    let patch = out_dir.join("patch.diff");
    match report.patches.first() {
        Some(pt) => std::fs::write(&patch, &pt.diff)
            .map_err(|e| FixError::Output(format!("cannot write {}: {e}", patch.display())))?,
        None => {
            let _ = std::fs::remove_file(&patch);
        }
    }
    if report.patches.len() > 1 {
        for (i, pt) in report.patches.iter().enumerate() {
            let f = out_dir.join(format!("patch-{}.diff", i + 1));
            std::fs::write(&f, &pt.diff).map_err(|e| FixError::Output(format!("cannot write {}: {e}", f.display())))?;
        }
    }
    write_report(&report, out_dir)?;
    Ok(report)
}

/// Where a patch is: `in f()`, or outside every function (a global's
/// initializer).
fn place(function: &str) -> String {
    if function.is_empty() {
        "in a global initializer".into()
    } else {
        format!("in {function}()")
    }
}

/// The short human summary printed on stdout.
pub fn summary(r: &Report) -> String {
    let mut s = String::new();
    let failing = r.tests.iter().filter(|t| !t.passed).count();
    match r.status {
        Status::NothingToRepair => s.push_str(&format!("{}\n", r.reason.as_deref().unwrap_or("nothing to repair"))),
        Status::Patched => {
            for (i, pt) in r.patches.iter().enumerate() {
                if i == 0 {
                    s.push_str(&format!(
                        "patch found ({}): {}:{} {}: {}\n",
                        r.engine,
                        pt.file,
                        pt.line,
                        place(&pt.function),
                        pt.schema.describe()
                    ));
                } else {
                    s.push_str(&format!(
                        "another patch: {}:{} {}: {}\n",
                        pt.file,
                        pt.line,
                        place(&pt.function),
                        pt.schema.describe()
                    ));
                }
                s.push_str(&format!("  - {}\n  + {}\n", one_line(&pt.original), one_line(&pt.replacement)));
                for l in &pt.also {
                    s.push_str(&format!(
                        "  and at {}:{} {}: {}\n  - {}\n  + {}\n",
                        pt.file,
                        l.line,
                        place(&l.function),
                        l.schema.describe(),
                        one_line(&l.original),
                        one_line(&l.replacement)
                    ));
                }
            }
            s.push_str(&format!("validated: all {} tests pass ({} failed before)\n", r.tests.len(), failing));
            if let Some(c) = &r.choice {
                s.push_str(&super::verdict::summary(c, &r.project));
            }
            let where_ = if r.applied { "applied to the sources; diff in" } else { "diff in" };
            s.push_str(&format!("{where_} {}/patch.diff\n", r.output_dir));
        }
        _ => s.push_str(&format!("no patch found ({}): {}\n", r.engine, r.reason.as_deref().unwrap_or(""))),
    }
    s.push_str(&format!(
        "{} statements tried, {} paths explored, {} pruned, {} second-order queries, {:.2} s\n",
        r.locations_tried, r.paths_explored, r.paths_pruned, r.so_queries, r.time_s
    ));
    s
}
