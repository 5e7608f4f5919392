//! One repair's project, resolved once for every pass: the sources as
//! written and as the parser reads them, the builds, every test run
//! natively with coverage, the spectrum, the failing tests first.

use super::builds::Builds;
use super::error::FixError;
use super::options::FixOptions;
use super::patch::TestResult;
use super::report::Progress;
use crate::config::{Project, TestCase};
use crate::cparse;
use crate::localize::Spectrum;
use std::time::Instant;

pub(super) struct Prepared<'p> {
    pub p: &'p Project,
    /// The sources as written.
    pub texts: Vec<String>,
    /// What the parser reads of each: one branch of every `#ifdef`,
    /// decided by the project's own macros (`cparse::project_view`).
    pub views: Vec<String>,
    pub builds: Builds,
    /// The repair's work folder, removed with it.
    pub tmp: tempfile::TempDir,
    /// `--timeout` from the end of the build (building a real project once
    /// per machine does not count against the repair's time).
    pub deadline: Instant,
    /// The original program's result on each test, in the project's order.
    pub results: Vec<TestResult>,
    pub spectrum: Spectrum,
    /// The tests, failing ones first: a site that cannot pass them is
    /// dropped early.
    pub ordered: Vec<&'p TestCase>,
    /// How many of `ordered` (the first ones) fail.
    pub failing: usize,
}

/// Builds `p`, runs its tests and localizes, reporting each step and
/// each failing test to `progress`.
pub(super) fn prepare<'p>(
    p: &'p Project, opts: &FixOptions, progress: &mut dyn Progress,
) -> Result<Prepared<'p>, FixError> {
    let tmp = tempfile::tempdir().map_err(|e| FixError::Output(format!("cannot create a temporary folder: {e}")))?;
    let texts: Vec<String> = p
        .sources
        .iter()
        .map(|s| std::fs::read_to_string(p.dir.join(s)).map_err(FixError::io(s, "")))
        .collect::<Result<_, _>>()?;
    progress.status("building the project");
    let builds = Builds::prepare(p, &mut |m| progress.status(m))?;
    let deadline = Instant::now() + opts.timeout;
    progress.status("running the tests");
    let (results, spectrum) = builds.run_tests(p, opts.test_timeout, tmp.path())?;
    for r in results.iter().filter(|r| !r.passed) {
        progress.message(&format!("failing test {}: {}", r.name, r.problem.as_deref().unwrap_or("fails")));
    }
    for &(src, line) in spectrum.points() {
        let first = if spectrum.telling(src, line) { "" } else { " (the first output is wrong)" };
        progress.message(&format!("a failure shows at {}:{line}{first}", p.sources[src].display()));
    }
    let passed = |want: bool| p.tests.iter().zip(&results).filter(move |(_, r)| r.passed == want).map(|(t, _)| t);
    let mut ordered: Vec<&TestCase> = passed(false).collect();
    let failing = ordered.len();
    ordered.extend(passed(true));
    let configured = match &builds {
        Builds::Make(m) => Some(m.root()),
        Builds::Direct => None,
    };
    let defined = super::builds::defined_macros(&p.dir, configured);
    let views = texts.iter().map(|t| cparse::project_view(t, &defined)).collect();
    Ok(Prepared { p, texts, views, builds, tmp, deadline, results, spectrum, ordered, failing })
}
