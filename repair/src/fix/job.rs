//! The `fix` job: run the tests, localize, try the schemas at the most
//! suspicious statements in passes, keep the closest validated patch, and
//! write the patch and the report (`--apply`: into the sources, atomically).

use super::builds::Builds;
use super::error::FixError;
use super::found::Found;
use super::options::FixOptions;
use super::outcome::Status;
use super::passes::SitePasses;
use super::patch::{Attempt, Patch};
use super::prepare::Prepared;
use super::rank::{rank, Candidate};
use super::report::{finish, write_report, Progress, Report};
use super::site::Repair;
use crate::config::{Project, TestCase};
use crate::cparse::{self, Schema};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// Whether `patch` is correct on held-out tests: the patched project is
/// built natively and every test must pass (a patch that passes the
/// project's tests but not these is plausible, not correct).
pub fn correct_on(p: &Project, patch: &Patch, heldout: &[TestCase], test_timeout: Duration) -> Result<bool, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let builds = Builds::prepare(p, &mut |_| {}).map_err(|e| e.to_string())?;
    let tests: Vec<TestCase> =
        heldout.iter().map(|t| TestCase { fresh_dir: t.fresh_dir || p.build.is_some(), ..t.clone() }).collect();
    let tests: Vec<&TestCase> = tests.iter().collect();
    Ok(builds.validate(p, &tests, test_timeout, (patch.source, &patch.patched_source), dir.path(), None)?.is_none())
}

/// Runs the whole repair of project `p`. When the answers to its
/// questions rule out every patch found, the search runs again with the
/// answers as tests (while questions and time are left); with `--apply`
/// the chosen patch and the answered tests are written into the project.
pub fn fix(p: &Project, opts: &FixOptions, progress: &mut dyn Progress) -> Result<Report, FixError> {
    let start = Instant::now();
    let mut project = p.clone();
    let mut answered: Vec<TestCase> = Vec::new();
    let mut questions = opts.questions;
    let once = FixOptions { apply: false, ..opts.clone() };
    let mut ruled_out = Vec::new();
    let report = loop {
        let left = opts.timeout.saturating_sub(start.elapsed());
        let o = FixOptions { timeout: left, questions, ..once.clone() };
        let (mut report, mut asked) = fix_once(&project, &o, progress)?;
        if asked.none_agrees {
            ruled_out.extend(report.choice.iter().flat_map(|c| c.behaviours.iter().cloned()));
        }
        report.ruled_out = ruled_out.clone();
        questions = questions.saturating_sub(asked.questions);
        for (i, t) in asked.tests.iter_mut().enumerate() {
            t.name = format!("answer-{}", answered.len() + i + 1);
        }
        answered.extend(asked.tests.iter().cloned());
        if !asked.none_agrees {
            break report;
        }
        if questions == 0 || start.elapsed() >= opts.timeout {
            let mut r = report;
            r.patches.clear();
            r.choice = None;
            r.status = Status::NoPatch;
            r.reason = Some("no patch found agrees with the answers to its questions".into());
            break finish(r, start, &out_dir_of(p, opts))?;
        }
        progress.message("no patch found agrees with the answer: searching again with it as a test");
        project.tests.extend(asked.tests);
    };
    let out_dir = out_dir_of(p, opts);
    if !opts.apply {
        // The report of the last search, with what the answers ruled out.
        if !report.ruled_out.is_empty() {
            write_report(&report, &out_dir)?;
        }
        return Ok(report);
    }
    let mut r = report;
    if let Some(pt) = r.patches.first() {
        apply_atomically(&p.dir.join(&p.sources[pt.source]), &pt.patched_source).map_err(FixError::Output)?;
        r.applied = true;
    }
    if !answered.is_empty() {
        let refs: Vec<&TestCase> = answered.iter().collect();
        let names = crate::config::append_tests(&p.dir, &refs).map_err(|e| FixError::Output(e.to_string()))?;
        progress.message(&format!("answered tests added to {}: {}", crate::config::PROJECT_FILE, names.join(", ")));
    }
    write_report(&r, &out_dir)?;
    Ok(r)
}

/// The output folder of a repair.
fn out_dir_of(p: &Project, opts: &FixOptions) -> std::path::PathBuf {
    opts.output_dir.clone().unwrap_or_else(|| p.dir.join("se2repair-out"))
}

/// What the questions of one search gave.
#[derive(Default)]
struct Asked {
    questions: usize,
    tests: Vec<TestCase>,
    none_agrees: bool,
}

/// One search over the sites and the choice over its patches.
fn fix_once(p: &Project, opts: &FixOptions, progress: &mut dyn Progress) -> Result<(Report, Asked), FixError> {
    let start = Instant::now();
    let out_dir = out_dir_of(p, opts);
    std::fs::create_dir_all(&out_dir).map_err(FixError::io(&out_dir, "cannot create the output folder: "))?;
    let pre = super::prepare::prepare(p, opts, progress)?;
    let mut found = Found::new(new_report(&pre, opts, &out_dir, start.elapsed().as_secs_f64()), &out_dir, start);
    if pre.failing == 0 {
        found.report.status = Status::NothingToRepair;
        found.report.reason = Some(format!("all {} tests pass: nothing to repair", p.tests.len()));
        return Ok((finish(found.report, start, &out_dir)?, Asked::default()));
    }
    // String literals printed wrong, from the expected output: cheap (no
    // symbolic search), so before every site.
    if opts.at.is_empty() {
        literal_pass(&pre, opts, &mut found, progress)?;
    }
    // A `goto`'s other labels and the compiler's fix-its: one edit each,
    // few, before any search.
    let fixits = fixit_edits(p, &pre.builds, &pre.texts);
    found.record(statement_pass(&pre, opts, &fixits, &[Schema::Jump, Schema::FixIt], "jumps")?, progress)?;
    let candidates = rank(p, &pre.views, &pre.spectrum, opts)?;
    if candidates.is_empty() && found.report.patches.is_empty() {
        found.report.reason = Some(no_site(opts));
        return Ok((finish(found.report, start, &out_dir)?, Asked::default()));
    }
    site_passes(&pre, opts, &candidates, &mut found, progress)?;
    // No expression edit passed: statements copied from elsewhere, swapped
    // with the next one, deleted.
    if (opts.all || found.report.patches.is_empty()) && Instant::now() < pre.deadline {
        progress.status("editing whole statements");
        let kinds = [Schema::Copy, Schema::SaveRestore, Schema::Swap, Schema::Delete];
        found.record(statement_pass(&pre, opts, &fixits, &kinds, "statements")?, progress)?;
    }
    let (report, asked) = choose(&pre, opts, found.report, &out_dir, progress);
    Ok((finish(report, start, &out_dir)?, asked))
}

/// The report of a repair before its passes.
fn new_report(pre: &Prepared, opts: &FixOptions, out_dir: &Path, localization_s: f64) -> Report {
    Report {
        project: pre.p.dir.display().to_string(),
        engine: opts.engine.name().into(),
        status: Status::NoPatch,
        tests: pre.results.clone(),
        patches: Vec::new(),
        attempts: Vec::new(),
        locations_tried: 0,
        paths_explored: 0,
        paths_pruned: 0,
        so_queries: 0,
        so_query_median_ms: 0.0,
        sat_ms: 0.0,
        unsat_ms: 0.0,
        search: opts.search,
        first_patch_s: None,
        localization_s,
        time_s: 0.0,
        applied: false,
        choice: None,
        ruled_out: Vec::new(),
        reason: None,
        output_dir: out_dir.display().to_string(),
    }
}

/// Why a repair has no site to search.
fn no_site(opts: &FixOptions) -> String {
    if opts.at.is_empty() {
        "no statement executed by a failing test offers a repair site (condition, assignment, or guardable statement)"
            .into()
    } else {
        let at: Vec<String> = opts.at.iter().map(|(f, l)| format!("{}:{l}", f.display())).collect();
        format!("no repair site (condition, assignment, or guardable statement) at {}", at.join(", "))
    }
}

/// The literal pass (`printed.rs`): its attempts and patches join `found`.
fn literal_pass(
    pre: &Prepared, opts: &FixOptions, found: &mut Found, progress: &mut dyn Progress,
) -> Result<(), FixError> {
    progress.status("editing the literals the failing tests print");
    let printed = super::printed::Printed {
        p: pre.p,
        builds: &pre.builds,
        texts: &pre.texts,
        spectrum: &pre.spectrum,
        tests: &pre.ordered,
        failing: pre.failing,
        timeout: opts.test_timeout,
        deadline: pre.deadline,
        dir: &pre.tmp.path().join("literals"),
        all: opts.all,
    };
    let (patches, attempts) = super::printed::repair(&printed)?;
    for a in &attempts {
        progress.message(&format!("{}:{}: {} `{}`: {}", a.file, a.line, a.schema.describe(), a.original, a.result));
    }
    found.report.attempts.extend(attempts);
    found.note_first(&patches);
    found.add(patches, progress)
}

/// A pass of statement edits of `kinds` (`stmtedit.rs`), in the work
/// folder `name`.
fn statement_pass(
    pre: &Prepared, opts: &FixOptions, fixits: &[Vec<cparse::StmtEdit>], kinds: &[Schema], name: &str,
) -> Result<(Vec<Patch>, Vec<Attempt>), FixError> {
    let statements = super::stmtedit::Statements {
        p: pre.p,
        builds: &pre.builds,
        texts: &pre.texts,
        views: &pre.views,
        spectrum: &pre.spectrum,
        tests: &pre.ordered,
        timeout: opts.test_timeout,
        deadline: pre.deadline,
        dir: &pre.tmp.path().join(name),
        all: opts.all,
        at: &opts.at,
        locations: opts.locations,
        extra: fixits,
    };
    super::stmtedit::repair(&statements, kinds)
}

/// The passes over the candidate sites (`passes.rs`), with what every
/// site shares.
fn site_passes(
    pre: &Prepared, opts: &FixOptions, candidates: &[Candidate], found: &mut Found, progress: &mut dyn Progress,
) -> Result<(), FixError> {
    let macros = super::builds::macro_constants(&pre.p.dir, &pre.texts);
    let constants = Builds::constants(&pre.texts, &macros);
    let failing = &pre.ordered[..pre.failing];
    let repair = Repair {
        p: pre.p,
        opts,
        builds: &pre.builds,
        tests: &pre.ordered,
        failing: pre.failing,
        tmp: pre.tmp.path(),
        constants: &constants,
        macros: &macros,
        programs: RefCell::new(HashMap::new()),
        ahead: Default::default(),
        tree_drawn: Cell::new(false),
        too_long_for_vm: Cell::new(false),
        spectrum: &pre.spectrum,
        failing_output_lines: output_lines(&pre.texts, &pre.spectrum),
        failing_stdout_checked: failing.iter().any(|t| t.stdout.is_some()),
        inputs: super::antipattern::InputValues::of(pre.p.tests.iter()),
    };
    SitePasses::new(&repair, pre, candidates, found).run(found, progress)
}

/// The choice, once, over every validated patch of `report`: by
/// behaviour near the tests, then by the answers to its questions; the
/// report's status and reason follow from it.
fn choose(
    pre: &Prepared, opts: &FixOptions, mut report: Report, out_dir: &Path, progress: &mut dyn Progress,
) -> (Report, Asked) {
    let ctx = super::pool::Ctx {
        p: pre.p,
        builds: &pre.builds,
        texts: &pre.texts,
        tests: pre.p.tests.iter().collect(),
        failing: pre.results.iter().map(|r| !r.passed).collect(),
        timeout: opts.test_timeout,
        dir: &pre.tmp.path().join("behaviour"),
        out_dir,
        deadline: pre.deadline,
        engine: opts.engine,
        asker: opts.asker.as_ref(),
        questions: opts.questions,
    };
    let chosen = super::pool::choose(&ctx, std::mem::take(&mut report.patches), progress);
    report.patches = chosen.patches;
    let asked =
        Asked { questions: chosen.choice.questions.len(), tests: chosen.answered, none_agrees: chosen.none_agrees };
    if !report.patches.is_empty() {
        report.choice = Some(chosen.choice);
    }
    if !opts.all {
        report.patches.truncate(1);
    }
    if !report.patches.is_empty() {
        report.status = Status::Patched;
        report.reason = None;
    } else if report.reason.is_none() {
        report.reason = Some(no_patch(&report, opts));
    }
    (report, asked)
}

/// Why the sites searched gave no patch.
fn no_patch(report: &Report, opts: &FixOptions) -> String {
    let bounded: u64 = report.attempts.iter().map(|a| a.stats.explorations_bounded).sum();
    let why = if bounded > 0 {
        format!(" (the path bound, --max-paths {}, stopped {bounded} test explorations)", opts.max_paths.unwrap_or(0))
    } else {
        String::new()
    };
    format!("no validated patch at the {} most suspicious statements{why}", report.locations_tried)
}

/// The lines with an output call (`printf`, `puts`, …) that a failing
/// test executed, per source.
fn output_lines(texts: &[String], spectrum: &crate::localize::Spectrum) -> Vec<(usize, u32)> {
    let mut out = Vec::new();
    for (src, t) in texts.iter().enumerate() {
        for (i, line) in t.lines().enumerate() {
            let l = i as u32 + 1;
            if super::antipattern::output_call(line) && spectrum.failing_cover(src, l..l + 1) {
                out.push((src, l));
            }
        }
    }
    out
}

/// Replaces `path` by `text` through a temporary file in the same folder
/// and a rename, keeping the file's permissions.
fn apply_atomically(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut f = tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    f.write_all(text.as_bytes())
        .and_then(|_| f.as_file().sync_all())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if let Ok(m) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(f.path(), m.permissions());
    }
    f.persist(path).map_err(|e| format!("{}: cannot replace: {e}", path.display()))?;
    Ok(())
}

/// The edits clang's fix-its suggest, per source: for a project built by
/// its own `make`, none (its flags and headers are the build's).
fn fixit_edits(p: &Project, builds: &Builds, texts: &[String]) -> Vec<Vec<cparse::StmtEdit>> {
    let Some(flags) = builds.direct_flags(p) else { return Vec::new() };
    p.sources.iter().zip(texts).map(|(src, text)| super::fixit::edits(&p.dir, &p.dir.join(src), text, &flags)).collect()
}
