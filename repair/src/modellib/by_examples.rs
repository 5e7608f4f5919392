//! `model-lib` from recorded examples: the function's calls are recorded
//! on the tests ([`super::examples`]; of many tests, the first of each
//! program and then those a candidate fails natively, [`super::pool`]),
//! each built-in sketch that fits the signature is tried in turn
//! ([`super::enumsynth`]), and the first model that also passes every
//! test natively is written.

use super::enumsynth::{self, Budget, Outcome};
use super::examples::{Examples, NoExamples, SetAside};
use super::interp::Shape;
use super::pool::Sources;
use super::sig::Kind;
use super::{describe_term, new_report, write_atomically, Job, ModelOptions, ModelReport};
use crate::config::{Project, TestCase};
use crate::search::Limits;
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
        // A function that says where it stopped reading (strtol) parses
        // a prefix: the parser's shape is tried before the loop over the
        // whole string.
        let order = if job.sig.has_end_pointer() {
            ["apply", "comparison", "number", "accumulation", "search"]
        } else {
            ["apply", "comparison", "accumulation", "number", "search"]
        };
        order.into_iter().filter(|n| job.sig.fits(n)).collect()
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

/// Forks a test's recording may still make once it has a passing path:
/// its other passing paths widen what the test accepts, but a program
/// that calls FUNC many times (a parser comparing a word with every
/// keyword) has more paths than a test needs.
const RECORD_FORKS_AFTER_PASS: u64 = 100;

/// The limits of the recording runs: the fork budget and instruction
/// counts, under the user's outer time limit.
fn limits(opts: &ModelOptions, start: Instant) -> Limits {
    Limits {
        max_forks: opts.max_forks,
        max_paths: None,
        max_path_instructions: 5_000_000,
        max_instructions: 50_000_000,
        // A quarter of the time is kept for the search over the calls.
        deadline: start + opts.timeout * 3 / 4,
        query_timeout: Duration::from_secs(10).min(opts.timeout),
        max_applications: None,
        max_runs: None,
        max_validations: None,
        max_site_instructions: None,
        solver_steps: false,
        skip_unpassed: true,
        forks_after_pass: Some(RECORD_FORKS_AFTER_PASS),
        keep_failing: true,
        fork_on_pins: false,
    }
}

/// The projects of `--pool`, loaded.
pub(super) fn pooled_projects(opts: &ModelOptions) -> Result<Vec<Project>, String> {
    opts.pool.iter().map(|d| Project::load(d).map_err(|e| format!("--pool {}: {e}", d.display()))).collect()
}

/// Counterexample rounds of one sketch and language: native checks whose
/// failing tests are recorded before the search runs again.
const MAX_ROUNDS: usize = 16;

/// Why a test with no passing path is not known to fail.
const UNDECIDED: &str = "no path passed it, and some of its paths ended where the VM cannot tell (a symbolic value it pinned to one value, such as an allocation size or a field width, or a limit), so it may pass with the right function";

/// One line per test set aside while recording.
fn unpassed_lines(ex: &Examples, func: &str, project: &str) -> Vec<String> {
    ex.set_aside
        .iter()
        .map(|(t, why)| match why {
            SetAside::Fails => format!("{project}: test {t} fails under the VM whatever {func} returns; not used"),
            SetAside::Unsupported(why) => format!("{project}: test {t}: {why}; not used"),
            SetAside::NotReached => format!("{project}: test {t}: not recorded before the time limit; not used"),
            SetAside::NoPassWithinBudget => {
                format!("{project}: test {t}: no path passed it within the fork budget (--max-forks); not used")
            }
            SetAside::Undecided => format!("{project}: test {t}: {UNDECIDED}; not used"),
        })
        .collect()
}

/// Examples when the first tests of every program never call FUNC (a
/// tool whose option that parses a number is used by a few of its
/// hundreds of tests): the tests the sketch with every hole 0 fails
/// natively depend on FUNC, and they are recorded.
fn seed(
    job: &Job, shape: &str, sources: &mut Sources, opts: &ModelOptions, lim: &Limits, dir: &std::path::Path,
    unusable: &mut Vec<String>,
) -> Result<Option<Examples>, String> {
    let sjob = job.with_builtin(shape)?;
    let zero: Vec<(String, klee_ext::so::Term)> =
        sjob.holes.iter().map(|h| (h.clone(), klee_ext::so::Term::Int(0))).collect();
    let text = sjob.model_text(&zero, &[], "the constant 0")?;
    let check = dir.join(format!("{}-zero.c", opts.func));
    std::fs::write(&check, &text).map_err(|e| e.to_string())?;
    let mut ex: Option<Examples> = None;
    for k in 0..sources.list.len() {
        // Each program's own: the first program's would crowd out the others'.
        let names = sources.list[k].job.failing_tests(&check, opts.test_timeout, super::pool::FAILING_PER_CHECK)?;
        if names.is_empty() {
            continue;
        }
        if let Some(e) = record_named(sources, k, &names, opts, lim, unusable)? {
            ex = Some(merged(ex, e));
        }
    }
    Ok(ex)
}

/// The tests `names` of program `k` recorded; what cannot be is a line
/// of `unusable`.
fn record_named(
    sources: &mut Sources, k: usize, names: &[String], opts: &ModelOptions, lim: &Limits, unusable: &mut Vec<String>,
) -> Result<Option<Examples>, String> {
    let where_ = sources.list[k].job.project.dir.display().to_string();
    Ok(match sources.list[k].record(Some(names), opts, lim)? {
        Ok(e) => {
            unusable.extend(unpassed_lines(&e, &opts.func, &where_));
            Some(e)
        }
        Err(why) => {
            unusable.push(format!("{where_}: {}", no_examples(&why, opts)));
            None
        }
    })
}

fn merged(ex: Option<Examples>, e: Examples) -> Examples {
    match ex {
        Some(x) => x.merge(e),
        None => e,
    }
}

/// Why a project gave no examples, as the report says it.
fn no_examples(why: &NoExamples, opts: &ModelOptions) -> String {
    match why {
        NoExamples::Unsupported(why) => format!("unsupported: {why}"),
        NoExamples::NotCalled => format!("no test calls {}", opts.func),
        NoExamples::NoPassingPath { test, cut: false } => {
            format!("test {test} fails whatever {} returns: no model can pass it", opts.func)
        }
        NoExamples::NoPassingPath { test, cut: true } => {
            format!("test {test}: no path passed it before the exploration's limit (--max-forks)")
        }
        NoExamples::Undecided { test } => format!("test {test}: {UNDECIDED}"),
        NoExamples::OutOfTime => format!("out of time ({:.0} s) recording the calls", opts.timeout.as_secs_f64()),
    }
}

/// The model from recorded examples, or `None` to solve the sketch's
/// specification instead.
pub fn model(job: &Job, opts: &ModelOptions, start: Instant) -> Result<Option<ModelReport>, String> {
    let Some(shapes) = sketches(job, opts) else { return Ok(None) };
    let langs = languages(&opts.lang)?;
    let mut report = new_report(job, opts);
    let project = job.project;
    let pooled = pooled_projects(opts)?;
    let tests: Vec<&TestCase> = project.tests.iter().collect();
    let tmp = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
    let nints = job.sig.params.iter().filter(|k| **k == Kind::Int).count();
    let nstrs = job.sig.params.iter().filter(|k| **k == Kind::Str).count();
    let finish = |mut r: ModelReport, reason: String| {
        r.reason = Some(reason);
        r.time_s = start.elapsed().as_secs_f64();
        Ok(Some(r))
    };
    let mut unusable = Vec::new();
    let mut not_called = Vec::new();
    let mut sources = Sources::new(job, &pooled, opts, &mut unusable)?;
    let single = sources.list.len() == 1 && pooled.is_empty();
    let lim = limits(opts, start);
    let mut ex: Option<Examples> = None;
    for k in 0..sources.list.len() {
        let where_ = sources.list[k].job.project.dir.display().to_string();
        match sources.list[k].record(None, opts, &lim)? {
            Ok(e) => {
                unusable.extend(unpassed_lines(&e, &opts.func, &where_));
                ex = Some(merged(ex, e));
            }
            Err(NoExamples::Unsupported(why)) if single => {
                log::debug!(target: "se2repair::model_lib", "examples: {why}; solving the specification instead");
                return Ok(None);
            }
            Err(NoExamples::NotCalled) => not_called.push(format!(
                "{where_}: none of its first {} tests calls {}",
                super::pool::FIRST_RECORDED,
                opts.func
            )),
            Err(why) if single => return finish(report, no_examples(&why, opts)),
            Err(why) => unusable.push(format!("{where_}: {}", no_examples(&why, opts))),
        }
    }
    if ex.is_none() {
        ex = seed(job, shapes[0], &mut sources, opts, &lim, tmp.path(), &mut unusable)?;
    }
    if ex.is_none() {
        if single {
            return finish(report, no_examples(&NoExamples::NotCalled, opts));
        }
        unusable.append(&mut not_called);
    }
    report.tests_checked = sources.test_count();
    let Some(mut ex) = ex else {
        report.unusable = unusable;
        return finish(report, format!("no test of the pooled projects constrains {}", opts.func));
    };
    let out_file = opts.out.clone().unwrap_or_else(|| project.dir.join("models").join(format!("{}.c", opts.func)));
    let mut reasons = Vec::new();
    let budget = Budget { deadline: Some(start + opts.timeout), ..Budget::default() };
    // Rung by rung, every sketch: the smaller languages of all sketches
    // before the larger of any.
    let rungs = shapes.iter().filter_map(|n| Shape::of(n)).map(|s| enumsynth::rungs(s, &langs)).max().unwrap_or(1);
    for rung in 0..rungs {
        for name in &shapes {
            let Some(shape) = Shape::of(name).filter(|s| rung < enumsynth::rungs(*s, &langs)) else { continue };
            let sjob = job.with_builtin(name)?;
            for round in 0..=MAX_ROUNDS {
                if start.elapsed() >= opts.timeout {
                    reasons.push(format!("out of time ({:.0} s)", opts.timeout.as_secs_f64()));
                    report.unusable = unusable;
                    return finish(report, reasons.join("; "));
                }
                let (outcome, stats) = enumsynth::synthesize(&ex, shape, nints, nstrs, &langs, rung, budget)?;
                report.candidates += stats.candidates;
                log::debug!(target: "se2repair::model_lib", "{name} rung {rung} round {round}: {} candidates, {} steps, {} tests: {outcome:?}", stats.candidates, stats.steps, ex.test_count());
                let found = match outcome {
                    Outcome::Found(f) => f,
                    Outcome::None { reason } => {
                        reasons.push(format!("{name}: {reason}"));
                        break;
                    }
                };
                let text = sjob.model_text(&found.terms, &tests, &found.language)?;
                let check = tmp.path().join(format!("{}.c", opts.func));
                std::fs::write(&check, &text).map_err(|e| e.to_string())?;
                let failing = sources.failing(&check, opts.test_timeout)?;
                if failing.is_empty() {
                    write_atomically(&out_file, &text)?;
                    super::measure_agreement(&mut report, &job.sig, &out_file, &ex.calls, &tests);
                    report.status = "model".into();
                    report.sketch = name.to_string();
                    report.language = found.language;
                    report.terms = found.terms.iter().map(|(n, t)| describe_term(n, t)).collect();
                    report.model_file = Some(out_file);
                    report.undecided = found.undecided;
                    report.paths = ex.paths;
                    report.tests_used = ex.test_count();
                    report.unusable = unusable;
                    report.time_s = start.elapsed().as_secs_f64();
                    return Ok(Some(report));
                }
                // The failing tests not recorded yet are counterexamples.
                let mut learned = false;
                for k in 0..sources.list.len() {
                    let names: Vec<String> = failing
                        .iter()
                        .filter(|(j, t)| *j == k && !sources.list[k].is_recorded(t))
                        .map(|(_, t)| t.clone())
                        .collect();
                    if names.is_empty() || round == MAX_ROUNDS {
                        continue;
                    }
                    if let Some(e) = record_named(&mut sources, k, &names, opts, &lim, &mut unusable)? {
                        learned |= e.test_count() > 0;
                        ex = ex.merge(e);
                    }
                }
                if !learned {
                    // The VM passes what the native program fails with
                    // this model: it is ruled out by name.
                    ex.ban(shape, found.terms.iter().map(|(_, t)| t.clone()).collect());
                    if round == MAX_ROUNDS {
                        let (k, t) = &failing[0];
                        let of = if sources.list.len() > 1 {
                            format!(" of {}", sources.list[*k].job.project.dir.display())
                        } else {
                            String::new()
                        };
                        reasons.push(format!(
                            "{name}: {} fits the recorded calls but the native build fails test {t}{of}",
                            found.terms.iter().map(|(n, t)| describe_term(n, t)).collect::<Vec<_>>().join("; ")
                        ));
                    }
                }
            }
        }
    }
    report.paths = ex.paths;
    report.tests_used = ex.test_count();
    report.unusable = unusable;
    finish(report, reasons.join("; "))
}
