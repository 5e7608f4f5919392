//! `model-lib` from recorded examples: the function's calls are recorded
//! on every test ([`super::examples`]), each built-in sketch that fits the
//! signature is tried in turn ([`super::enumsynth`]), and the first model
//! that also passes every test natively is written.

use super::enumsynth::{self, Budget, Outcome};
use super::examples::{self, NoExamples};
use super::interp::Shape;
use super::sig::Kind;
use super::{describe_term, new_report, write_atomically, Job, ModelOptions, ModelReport};
use crate::config::TestCase;
use crate::infer::Limits;
use klee_ext::so::LangSpec;
use std::time::{Duration, Instant};

/// The built-in sketches to try for the job, in order; `None` when the
/// examples cannot decide (the user's sketch, a signature whose calls
/// cannot be recorded, a sketch not evaluated here).
fn sketches(job: &Job, opts: &ModelOptions) -> Option<Vec<&'static str>> {
    if job.sketch_file.is_some() || !job.sig.recordable() {
        return None;
    }
    let chosen: Vec<&'static str> = if opts.sketch.is_some() {
        vec![*super::sig::SKETCH_NAMES.iter().find(|n| **n == job.sketch_name)?]
    } else {
        ["apply", "comparison", "accumulation", "number", "search"].into_iter().filter(|n| job.sig.fits(n)).collect()
    };
    (!chosen.is_empty() && chosen.iter().all(|n| Shape::of(n).is_some())).then_some(chosen)
}

/// `--lang` items: `NAME=SPEC`, or `SPEC` for the value hole (named "").
fn languages(items: &[String]) -> Result<Vec<(String, LangSpec)>, String> {
    items
        .iter()
        .map(|item| {
            let (n, s) = item.split_once('=').unwrap_or(("", item));
            let spec =
                LangSpec::parse(s, if n.is_empty() { "rho" } else { n }).map_err(|e| format!("--lang {item}: {e}"))?;
            Ok((n.to_string(), spec))
        })
        .collect()
}

/// The limits of the recording runs: the fork budget and instruction
/// counts, under the user's outer time limit.
fn limits(opts: &ModelOptions, start: Instant) -> Limits {
    Limits {
        max_forks: opts.max_forks,
        max_paths: None,
        max_path_instructions: 5_000_000,
        max_instructions: 50_000_000,
        deadline: start + opts.timeout,
        query_timeout: Duration::from_secs(10).min(opts.timeout),
        max_applications: None,
        max_runs: None,
        max_site_instructions: None,
        solver_steps: false,
    }
}

/// The model from recorded examples, or `None` to solve the sketch's
/// specification instead.
pub fn model(job: &Job, opts: &ModelOptions, start: Instant) -> Result<Option<ModelReport>, String> {
    let Some(shapes) = sketches(job, opts) else { return Ok(None) };
    let langs = languages(&opts.lang)?;
    let mut report = new_report(job, opts);
    let project = job.project;
    let (_dirs, owned) = crate::native::in_prepared_dirs(project.tests.iter(), &project.dir, opts.test_timeout, None)?;
    let tests: Vec<&TestCase> = owned.iter().collect();
    let tmp = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
    let prog = job.vm_program(&job.sig.recorder(), false, tmp.path())?;
    let nints = job.sig.params.iter().filter(|k| **k == Kind::Int).count();
    let nstrs = job.sig.params.iter().filter(|k| **k == Kind::Str).count();
    let finish = |mut r: ModelReport, reason: String| {
        r.reason = Some(reason);
        r.time_s = start.elapsed().as_secs_f64();
        Ok(Some(r))
    };
    let ex = match examples::record(&prog, &tests, nints, nstrs, &limits(opts, start))? {
        Ok(ex) => ex,
        Err(NoExamples::Unsupported(why)) => {
            log::debug!(target: "se2repair::model_lib", "examples: {why}; solving the specification instead");
            return Ok(None);
        }
        Err(NoExamples::NotCalled) => return finish(report, format!("no test calls {}", opts.func)),
        Err(NoExamples::NoPassingPath { test, cut: false }) => {
            return finish(report, format!("test {test} fails whatever {} returns: no model can pass it", opts.func))
        }
        Err(NoExamples::NoPassingPath { test, cut: true }) => {
            return finish(
                report,
                format!("test {test}: no path passed it before the exploration's limit (--max-forks)"),
            )
        }
        Err(NoExamples::OutOfTime) => {
            return finish(report, format!("out of time ({:.0} s) recording the calls", opts.timeout.as_secs_f64()))
        }
    };
    report.paths = ex.paths;
    log::debug!(target: "se2repair::model_lib", "examples: {} calls, {} paths", ex.calls.len(), ex.paths);
    let out_file = opts.out.clone().unwrap_or_else(|| project.dir.join("models").join(format!("{}.c", opts.func)));
    let mut reasons = Vec::new();
    let budget = Budget { deadline: Some(start + opts.timeout), ..Budget::default() };
    // Rung by rung, every sketch: the smaller languages of all sketches
    // before the larger of any.
    let rungs = shapes.iter().filter_map(|n| Shape::of(n)).map(|s| enumsynth::rungs(s, &langs)).max().unwrap_or(1);
    for rung in 0..rungs {
        for name in &shapes {
            if start.elapsed() >= opts.timeout {
                reasons.push(format!("out of time ({:.0} s)", opts.timeout.as_secs_f64()));
                return finish(report, reasons.join("; "));
            }
            let Some(shape) = Shape::of(name).filter(|s| rung < enumsynth::rungs(*s, &langs)) else { continue };
            let sjob = job.with_builtin(name)?;
            let (outcome, stats) = enumsynth::synthesize(&ex, shape, nints, nstrs, &langs, rung, budget)?;
            report.candidates += stats.candidates;
            log::debug!(target: "se2repair::model_lib", "{name} rung {rung}: {} candidates, {} steps: {outcome:?}", stats.candidates, stats.steps);
            let found = match outcome {
                Outcome::Found(f) => f,
                Outcome::None { reason } => {
                    reasons.push(format!("{name}: {reason}"));
                    continue;
                }
            };
            let text = sjob.model_text(&found.terms, &tests, &found.language)?;
            let check = tmp.path().join(format!("{}.c", opts.func));
            std::fs::write(&check, &text).map_err(|e| e.to_string())?;
            if let Some(t) = sjob.validate(&check, opts.test_timeout)? {
                reasons.push(format!(
                    "{name}: {} fits the recorded calls but the native build fails test {t}",
                    found.terms.iter().map(|(n, t)| describe_term(n, t)).collect::<Vec<_>>().join("; ")
                ));
                continue;
            }
            write_atomically(&out_file, &text)?;
            report.status = "model".into();
            report.sketch = name.to_string();
            report.language = found.language;
            report.terms = found.terms.iter().map(|(n, t)| describe_term(n, t)).collect();
            report.model_file = Some(out_file);
            report.undecided = found.undecided;
            report.time_s = start.elapsed().as_secs_f64();
            return Ok(Some(report));
        }
    }
    finish(report, reasons.join("; "))
}
