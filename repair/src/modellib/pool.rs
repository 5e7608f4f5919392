//! The programs whose tests decide a model from recorded examples: the
//! project's own and each `--pool`ed one's, each with its VM program
//! (FUNC replaced by the recorder) built once.
//!
//! Recording every test symbolically costs one exploration per test; a
//! native run of the program with a candidate model costs milliseconds.
//! So each program's first [`FIRST_RECORDED`] tests are recorded, every
//! test of every program is run natively with each candidate, and a test
//! a candidate fails is recorded then (counterexample-guided): the
//! examples grow only by the tests that tell candidates apart.

use super::examples::{self, Examples, NoExamples};
use super::sig::Kind;
use super::{Job, ModelOptions};
use crate::config::{Project, TestCase};
use crate::search::Limits;
use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

/// Tests of each program recorded before any candidate is tried.
pub const FIRST_RECORDED: usize = 24;

/// Failing tests one native check reports (counterexamples per round).
pub const FAILING_PER_CHECK: usize = 4;

/// One program and the tests of it recorded so far.
pub struct Source<'a> {
    pub job: Job<'a>,
    prog: klee_ext::ir::Program,
    _dir: tempfile::TempDir,
    recorded: HashSet<String>,
}

/// The programs of a model-lib job.
pub struct Sources<'a> {
    pub list: Vec<Source<'a>>,
}

impl<'a> Sources<'a> {
    /// The job's program and the pooled projects' (each prepared for
    /// FUNC; one that cannot be is a line of `unusable`).
    pub fn new(
        job: &Job<'a>, pooled: &'a [Project], opts: &ModelOptions, unusable: &mut Vec<String>,
    ) -> Result<Sources<'a>, String> {
        let mut list = vec![Source::new(job.with_builtin(&job.sketch_name)?)?];
        for p in pooled {
            let pj = match super::prepare(p, &opts.func, None) {
                Ok(pj) => pj,
                Err(e) => {
                    unusable.push(format!("{}: {e}", p.dir.display()));
                    continue;
                }
            };
            if pj.sig.describe() != job.sig.describe() {
                return Err(format!(
                    "--pool {}: {} is declared there as `{}`, here as `{}`",
                    p.dir.display(),
                    opts.func,
                    pj.sig.describe(),
                    job.sig.describe()
                ));
            }
            list.push(Source::new(pj)?);
        }
        Ok(Sources { list })
    }

    /// Every test of every program, natively with `model`: up to
    /// [`FAILING_PER_CHECK`] failing ones, each with its program's index.
    pub fn failing(&self, model: &Path, timeout: Duration) -> Result<Vec<(usize, String)>, String> {
        let mut out = Vec::new();
        for (k, s) in self.list.iter().enumerate() {
            let left = FAILING_PER_CHECK - out.len();
            out.extend(s.job.failing_tests(model, timeout, left)?.into_iter().map(|t| (k, t)));
            if out.len() >= FAILING_PER_CHECK {
                break;
            }
        }
        Ok(out)
    }

    /// The tests of every program.
    pub fn test_count(&self) -> usize {
        self.list.iter().map(|s| s.job.project.tests.len()).sum()
    }
}

impl<'a> Source<'a> {
    fn new(job: Job<'a>) -> Result<Source<'a>, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
        let prog = job.vm_program(&job.sig.recorder(), false, dir.path())?;
        Ok(Source { job, prog, _dir: dir, recorded: HashSet::new() })
    }

    pub fn is_recorded(&self, test: &str) -> bool {
        self.recorded.contains(test)
    }

    /// Records FUNC's calls on the tests named (`None`: the first
    /// [`FIRST_RECORDED`] not recorded yet).
    pub fn record(
        &mut self, names: Option<&[String]>, opts: &ModelOptions, limits: &Limits,
    ) -> Result<Result<Examples, NoExamples>, String> {
        let project = self.job.project;
        let chosen: Vec<&TestCase> = match names {
            Some(ns) => project.tests.iter().filter(|t| ns.contains(&t.name)).collect(),
            None => project.tests.iter().filter(|t| !self.recorded.contains(&t.name)).take(FIRST_RECORDED).collect(),
        };
        self.recorded.extend(chosen.iter().map(|t| t.name.clone()));
        let (_dirs, owned) =
            crate::native::in_prepared_dirs(chosen.into_iter(), &project.dir, opts.test_timeout, None)?;
        let tests: Vec<&TestCase> = owned.iter().collect();
        let sig = &self.job.sig;
        let nints = sig.params.iter().filter(|k| **k == Kind::Int).count();
        let nstrs = sig.params.iter().filter(|k| **k == Kind::Str).count();
        examples::record(&self.prog, &tests, nints, nstrs, limits)
    }
}
