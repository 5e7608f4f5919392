//! What `fix` reports: the validated patches, the sites tried, the tests,
//! `report.json`, `patch.diff` and the summary printed on stdout.

use super::error::FixError;
use super::options::Search;
use super::outcome::{SiteResult, Status};
use crate::cparse::Schema;
use crate::infer::InferStats;
use std::path::Path;
use std::time::Instant;

/// One validated patch.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Patch {
    pub file: String,
    pub line: u32,
    pub function: String,
    pub schema: Schema,
    pub original: String,
    pub replacement: String,
    /// Tree edit distance from the original expression (minimal change;
    /// constants the program lacks count one more).
    pub distance: u32,
    /// The solver's objective for the term: the distance weighted, plus
    /// its tie-breaks (operators the original does not use). Orders
    /// patches at equal distance.
    #[serde(skip)]
    pub objective: u32,
    /// Whether it edits a value computed with a call, passed to its hole
    /// whole (`(atoi(s)) - 1`): among patches that behave alike, one on
    /// the variables that use the value comes first.
    #[serde(skip)]
    pub whole_value: bool,
    /// The magnitudes of the constants the patch adds, summed: the last
    /// tie-break (`x < 0` before `x <= -1` before `x < -1`).
    #[serde(skip)]
    pub plain: u64,
    pub diff: String,
    #[serde(skip)]
    pub patched_source: String,
    /// Index of the patched file in the project's sources.
    #[serde(skip)]
    pub source: usize,
    /// A patch at several locations at once (`--locations-at-once`): the
    /// locations after the first (which the fields above describe).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Location>,
    /// For a patch a site's search found: the term it puts at the site,
    /// over the site's arguments.
    #[serde(skip)]
    pub term: Option<SiteTerm>,
}

/// A term at a site and the arguments it reads (their C text, and
/// whether each is a pointer passed as `p != 0`).
#[derive(Clone, Debug, PartialEq)]
pub struct SiteTerm {
    pub term: klee_ext::so::Term,
    pub args: Vec<(String, bool)>,
}

impl SiteTerm {
    /// Whether `self` and `other` compute the same value wherever both are
    /// defined, on a grid of samples of the arguments either reads (small
    /// values, the terms' constants and their neighbours): two patches of
    /// one expression that behave alike on every input.
    pub fn alike(&self, other: &SiteTerm) -> bool {
        use klee_ext::so::Term;
        let mut names: Vec<&(String, bool)> = Vec::new();
        fn renamed<'a>(t: &Term, args: &'a [(String, bool)], names: &mut Vec<&'a (String, bool)>) -> Option<Term> {
            Some(match t {
                Term::Var(i) => {
                    let a = args.get(*i)?;
                    let k = names.iter().position(|n| *n == a).unwrap_or_else(|| {
                        names.push(a);
                        names.len() - 1
                    });
                    Term::Var(k)
                }
                Term::App(op, xs) => {
                    Term::App(*op, xs.iter().map(|x| renamed(x, args, names)).collect::<Option<Vec<_>>>()?)
                }
                other => other.clone(),
            })
        }
        let (Some(a), Some(b)) =
            (renamed(&self.term, &self.args, &mut names), renamed(&other.term, &other.args, &mut names))
        else {
            return false;
        };
        super::antipattern::same_on_samples(&a, &b, names.len())
    }
}

/// One more location of a patch at several.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Location {
    pub line: u32,
    pub function: String,
    pub schema: Schema,
    pub original: String,
    pub replacement: String,
}

/// One site tried.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Attempt {
    pub file: String,
    pub line: u32,
    pub schema: Schema,
    pub suspiciousness: f64,
    pub original: String,
    pub variables: Vec<String>,
    pub language: String,
    /// How the site ended, as text; its kind is `outcome`.
    pub result: SiteResult,
    /// The kind of `result` (`patched`, `work-limit`, `no-passing-path`, …).
    pub outcome: &'static str,
    /// The candidates an anti-pattern rejected here (`` `term`: anti-pattern
    /// NAME: why ``).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub antipatterns: Vec<String>,
    /// Several locations tried at once: the lines after the first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<u32>,
    #[serde(flatten)]
    pub stats: InferStats,
    pub time_s: f64,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct TestResult {
    pub name: String,
    pub passed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

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
    pub choice: Option<super::pool::Choice>,
    /// The behaviours of earlier searches that the answers to their
    /// questions ruled out, each search's in the principles' order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ruled_out: Vec<super::pool::BehaviourInfo>,
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
    fn ask(&mut self, _q: &super::pool::Ask) -> super::pool::Answer {
        super::pool::Answer::Unanswered("no one to ask".into())
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

/// The short human summary printed on stdout.
/// The patch of `path` (a project source) from `old` to `new`, as
/// `patch.diff` holds it (`a/` and `b/` prefixes, three lines of context).
pub(super) fn unified_diff(path: &Path, old: &str, new: &str) -> String {
    let file = path.display().to_string().replace('\\', "/");
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{file}"), &format!("b/{file}"))
        .to_string()
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
                s.push_str(&super::pool::summary(c, &r.project));
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

pub(super) fn one_line(s: &str) -> String {
    let s: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 50 {
        format!("{}…", s.chars().take(50).collect::<String>())
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::SiteTerm;
    use klee_ext::so::{Op, Term};

    fn app(op: Op, a: Term, b: Term) -> Term {
        Term::App(op, vec![a, b])
    }

    fn at(term: Term, args: &[(&str, bool)]) -> SiteTerm {
        SiteTerm { term, args: args.iter().map(|(n, p)| (n.to_string(), *p)).collect() }
    }

    #[test]
    fn terms_alike_are_those_equal_on_every_sample_over_the_same_arguments() {
        let x = || Term::Var(0);
        let ge0 = at(app(Op::Ge, x(), Term::Int(0)), &[("x", false)]);
        // `x > -1` is `x >= 0`; `x > 0` is not (at 0).
        assert!(ge0.alike(&at(app(Op::Gt, x(), Term::Int(-1)), &[("x", false)])));
        assert!(!ge0.alike(&at(app(Op::Gt, x(), Term::Int(0)), &[("x", false)])));
        // Arguments are matched by their C text, not their position.
        let lt = at(app(Op::Lt, Term::Var(0), Term::Var(1)), &[("a", false), ("b", false)]);
        let gt = at(app(Op::Gt, Term::Var(0), Term::Var(1)), &[("b", false), ("a", false)]);
        assert!(lt.alike(&gt), "`a < b` and `b > a`");
        let other = at(app(Op::Gt, Term::Var(0), Term::Var(1)), &[("a", false), ("b", false)]);
        assert!(!lt.alike(&other), "`a < b` and `a > b`");
        // A pointer passed as `p != 0` is another argument than its value.
        assert!(!ge0.alike(&at(app(Op::Ge, x(), Term::Int(0)), &[("x", true)])));
        // A term reading an argument the site does not have is alike nothing.
        assert!(!ge0.alike(&at(app(Op::Ge, Term::Var(3), Term::Int(0)), &[("x", false)])));
    }
}
