//! The `fix` job: run the tests, localize, try the schemas at the most
//! suspicious statements in passes, keep the closest validated patch, and
//! write the patch and the report (`--apply`: into the sources, atomically).

use super::builds::Builds;
use super::error::FixError;
use super::options::{FixOptions, Search};
use super::outcome::Status;
use super::rank::{rank, Wide};
use super::report::{finish, one_line, write_interim, write_report, Attempt, Patch, Progress, Report};
use super::site::{try_site, Pass, Repair, SiteOutcome, SiteRun};
use crate::config::{Project, TestCase};
use crate::cparse::{self, Schema};
use crate::infer::Limits;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::time::{Duration, Instant};

/// A patch this close to the original ends the search after the quick
/// pass (sites that ran out of time there are not tried again).
const CLOSE: u32 = 3;

/// With a patch in hand, the quick pass searches at most this many more
/// sites for others (each within its pass's work budget).
const COLLECT_SITES: usize = 8;

/// The share of `--timeout` the search leaves to the choice once it has
/// a patch (running the pool near the tests, the questions).
const CHOICE_SHARE: f64 = 0.15;

/// The collection of patches after the first: the relabel pass goes on
/// to its end and the quick pass for [`COLLECT_SITES`] more sites; the
/// full pass keeps its own share (as much work again as the first patch
/// took). None of them runs into the last [`CHOICE_SHARE`] of the time,
/// which is the choice's.
struct Collect {
    /// Whether a patch is in hand.
    found: bool,
    /// Sites of the quick pass searched since.
    tried: usize,
    /// The end of the search once a patch is in hand.
    reserve: Instant,
}

impl Collect {
    fn new(deadline: Instant, timeout: Duration) -> Collect {
        Collect { found: false, tried: 0, reserve: deadline - timeout.mul_f64(CHOICE_SHARE) }
    }

    /// Notes a site searched in `pass`, and whether the pool has a patch.
    fn note(&mut self, r: &Report, pass: Option<Pass>) {
        if self.found && pass == Some(Pass::Quick) {
            self.tried += 1;
        }
        self.found |= !r.patches.is_empty();
    }

    /// Whether the collection's share is spent for a site of `pass`
    /// (with `--all`, only its time is).
    fn spent(&self, pass: Pass, all: bool) -> bool {
        self.found && (Instant::now() >= self.reserve || (!all && pass == Pass::Quick && self.tried >= COLLECT_SITES))
    }

    /// The time limit of a site's search.
    fn deadline(&self, deadline: Instant) -> Instant {
        if self.found {
            self.reserve.min(deadline)
        } else {
            deadline
        }
    }
}

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
    let tmp = tempfile::tempdir().map_err(|e| FixError::Output(format!("cannot create a temporary folder: {e}")))?;
    let texts: Vec<String> = p
        .sources
        .iter()
        .map(|s| std::fs::read_to_string(p.dir.join(s)).map_err(FixError::io(s, "")))
        .collect::<Result<_, _>>()?;
    progress.status("building the project");
    let builds = Builds::prepare(p, &mut |m| progress.status(m))?;
    // Building a real project once per machine does not count against the
    // repair's time.
    let deadline = Instant::now() + opts.timeout;
    progress.status("running the tests");
    let (tests, spectrum) = builds.run_tests(p, opts.test_timeout, tmp.path())?;
    let failing: Vec<&TestCase> = p.tests.iter().zip(&tests).filter(|(_, r)| !r.passed).map(|(t, _)| t).collect();
    for r in tests.iter().filter(|r| !r.passed) {
        progress.message(&format!("failing test {}: {}", r.name, r.problem.as_deref().unwrap_or("fails")));
    }
    for &(src, line) in spectrum.points() {
        let first = if spectrum.telling(src, line) { "" } else { " (the first output is wrong)" };
        progress.message(&format!("a failure shows at {}:{line}{first}", p.sources[src].display()));
    }
    let localization_s = start.elapsed().as_secs_f64();
    let mut report = Report {
        project: p.dir.display().to_string(),
        engine: opts.engine.name().into(),
        status: Status::NoPatch,
        tests: tests.clone(),
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
    };
    if failing.is_empty() {
        report.status = Status::NothingToRepair;
        report.reason = Some(format!("all {} tests pass: nothing to repair", p.tests.len()));
        return Ok((finish(report, start, &out_dir)?, Asked::default()));
    }
    // Failing tests first: a site that cannot pass them is dropped early.
    let mut ordered: Vec<&TestCase> = failing.clone();
    ordered.extend(p.tests.iter().zip(&tests).filter(|(_, r)| r.passed).map(|(t, _)| t));
    // What the parser reads: a source split by `#ifdef` branches as one
    // branch of each, decided by the project's own macros.
    let configured = match &builds {
        Builds::Make(m) => Some(m.root()),
        Builds::Direct => None,
    };
    let defined = super::builds::defined_macros(&p.dir, configured);
    let views: Vec<String> = texts.iter().map(|t| cparse::project_view(t, &defined)).collect();
    // String literals printed wrong, from the expected output: cheap (no
    // symbolic search), so before every site.
    let mut seen_patches: HashSet<String> = HashSet::new();
    if opts.at.is_empty() {
        progress.status("editing the literals the failing tests print");
        let printed = super::printed::Printed {
            p,
            builds: &builds,
            texts: &texts,
            spectrum: &spectrum,
            tests: &ordered,
            failing: failing.len(),
            timeout: opts.test_timeout,
            deadline,
            dir: &tmp.path().join("literals"),
            all: opts.all,
        };
        let (patches, attempts) = super::printed::repair(&printed)?;
        for a in &attempts {
            progress.message(&format!("{}:{}: {} `{}`: {}", a.file, a.line, a.schema.describe(), a.original, a.result));
        }
        report.attempts.extend(attempts);
        if !patches.is_empty() {
            report.first_patch_s = Some(start.elapsed().as_secs_f64());
        }
        add_patches(&mut report, patches, &mut seen_patches, &out_dir, start, progress)?;
    }
    // A `goto`'s other labels and the compiler's fix-its: one edit each,
    // few, before any search.
    let fixits = fixit_edits(p, &builds, &texts);
    let statement_pass = |kinds: &[Schema], name: &str| {
        super::stmtedit::repair(
            &super::stmtedit::Statements {
                p,
                builds: &builds,
                texts: &texts,
                views: &views,
                spectrum: &spectrum,
                tests: &ordered,
                timeout: opts.test_timeout,
                deadline,
                dir: &tmp.path().join(name),
                all: opts.all,
                at: &opts.at,
                locations: opts.locations,
                extra: &fixits,
            },
            kinds,
        )
    };
    // Every pass adds its patches to one pool; the choice is made once,
    // over the pool (`pool.rs`).
    let (patches, attempts) = statement_pass(&[Schema::Jump, Schema::FixIt], "jumps")?;
    record_statement_pass(&mut report, patches, attempts, &mut seen_patches, (&out_dir, start), progress)?;
    let candidates = rank(p, &views, &spectrum, opts)?;
    if candidates.is_empty() && report.patches.is_empty() {
        report.reason = Some(if opts.at.is_empty() {
            "no statement executed by a failing test offers a repair site (condition, assignment, or guardable statement)".into()
        } else {
            let at: Vec<String> = opts.at.iter().map(|(f, l)| format!("{}:{l}", f.display())).collect();
            format!("no repair site (condition, assignment, or guardable statement) at {}", at.join(", "))
        });
        return Ok((finish(report, start, &out_dir)?, Asked::default()));
    }
    let mut statements: HashSet<(usize, usize)> = HashSet::new();
    let limits = Limits {
        max_forks: opts.max_forks,
        max_paths: opts.max_paths,
        max_path_instructions: opts.max_path_instructions,
        max_instructions: opts.max_instructions,
        deadline,
        query_timeout: opts.query_timeout,
        max_applications: None,
        max_runs: None,
        max_validations: None,
        max_site_instructions: None,
        solver_steps: true,
        skip_unpassed: false,
        forks_after_pass: None,
        keep_failing: false,
        fork_on_pins: false,
    };
    let mut times = QueryTimes::default();
    let macros = super::builds::macro_constants(&p.dir, &texts);
    let constants = Builds::constants(&texts, &macros);
    // Two passes: every site with a small work budget first, then the
    // sites that ran out of it with the full one, so that one costly site
    // cannot starve the others. Budgets are work (runs, VM instructions,
    // solver steps): the same defect gets the same search on an idle and
    // a busy machine; the clock is only `--timeout`. A patch one edit from the original ends the
    // search; otherwise the closest patch of the pass wins (sites in
    // order of suspiciousness at equal distance).
    // New statements (`if (…) return/break/continue/exit`) are the last
    // resort: their sites get passes of their own when the others give no
    // patch (with `--all`, with the others).
    let (mut queue, inserts): (Vec<usize>, Vec<usize>) =
        (0..candidates.len()).partition(|&k| opts.all || !candidates[k].site.schema.inserts());
    let mut inserts = Some(inserts).filter(|v| !v.is_empty());
    let repair = Repair {
        p,
        opts,
        builds: &builds,
        tests: &ordered,
        failing: failing.len(),
        tmp: tmp.path(),
        constants: &constants,
        macros: &macros,
        programs: RefCell::new(HashMap::new()),
        ahead: Default::default(),
        tree_drawn: Cell::new(false),
        too_long_for_vm: Cell::new(false),
        spectrum: &spectrum,
        failing_output_lines: output_lines(&texts, &spectrum),
        failing_stdout_checked: failing.iter().any(|t| t.stdout.is_some()),
        inputs: super::antipattern::InputValues::of(p.tests.iter()),
    };
    let mut passes = vec![Pass::Quick, Pass::Full];
    if opts.search == Search::Deviation {
        passes.insert(0, Pass::Relabels);
    }
    // Per candidate, the closest term its last round offered: a site cut
    // by its time in one pass is tried again only if it may still beat the
    // best patch.
    let mut bounds: HashMap<usize, u32> = HashMap::new();
    // Per candidate, the test no path of its site passes (every path
    // explored): such a site cannot repair the defect alone.
    let mut blocked: HashMap<usize, String> = HashMap::new();
    // The candidates whose search forked in some pass.
    let mut forked: HashSet<usize> = HashSet::new();
    // The paths explored when the first patch was found: the search for a
    // closer one at sites without a lower bound gets as many again.
    let mut first_work: Option<u64> = None;
    let mut improvement_spent = false;
    let mut collect = Collect::new(deadline, opts.timeout);
    collect.note(&report, None);
    // Several locations at once (`--locations-at-once K`): by default two,
    // after the quick pass, when one location gave no patch; with K >= 2,
    // instead of one location.
    match opts.locations_at_once {
        _ if opts.search != Search::Deviation => {}
        None => passes.insert(passes.len() - 1, Pass::Sets),
        Some(1) => {}
        Some(_) => {
            passes = vec![Pass::Sets];
            inserts = None;
        }
    }
    let mut passes: std::collections::VecDeque<Pass> = passes.into();
    'passes: while let Some(pass) = passes.pop_front() {
        if pass == Pass::Sets {
            if report.patches.is_empty() {
                // By default only sites that cannot repair alone, blocked
                // by different tests; with K given, any.
                let only = opts.locations_at_once.is_none().then_some(&blocked);
                let sets = Sets {
                    candidates: &candidates,
                    only,
                    texts: &texts,
                    views: &views,
                    limits: &limits,
                    deadline,
                    tmp: tmp.path(),
                };
                try_sets(
                    &repair,
                    &sets,
                    &mut report,
                    &mut statements,
                    &mut times,
                    &mut seen_patches,
                    (&out_dir, start),
                    progress,
                )?;
            }
            if !opts.all && report.patches.iter().any(|pt| pt.distance <= CLOSE) {
                break;
            }
            continue;
        }
        let mut retry = Vec::new();
        for (at, &k) in queue.iter().enumerate() {
            let c = &candidates[k];
            // With a patch in hand, the search goes on collecting others
            // for its share of work (`Collect`).
            if collect.spent(pass, opts.all) {
                continue;
            }
            let best = report.patches.iter().map(|pt| pt.distance).min();
            if let (Pass::Full, Some(b), Some(d), false) = (pass, bounds.get(&k), best, opts.all) {
                if *b >= d {
                    continue;
                }
            }
            // The relabel pass tries a site's wide candidate instead of its
            // full one; the other passes, never.
            if c.wide == Wide::Only && pass != Pass::Relabels {
                continue;
            }
            if c.wide == Wide::Twin && pass == Pass::Relabels {
                retry.push(k);
                continue;
            }
            if Instant::now() >= deadline {
                report.reason = Some(format!("time limit ({} s) reached", opts.timeout.as_secs()));
                break 'passes;
            }
            if first_work.is_none() && !report.patches.is_empty() {
                first_work = Some(report.paths_explored.max(1));
            }
            // A site that no round bounded may or may not hold a closer
            // patch: with a patch in hand, such sites share as much work
            // again as the first patch took (a site with a lower bound
            // below the best is searched in full).
            let mut max_runs = pass.runs(opts);
            if let (Pass::Full, Some(w), false, false) = (pass, first_work, opts.all, bounds.contains_key(&k)) {
                let left = (2 * w).saturating_sub(report.paths_explored);
                if left == 0 {
                    if !improvement_spent {
                        improvement_spent = true;
                        progress.message(&format!(
                            "the search for a closer patch at sites without a lower bound has used its work ({w} paths, as many as the first patch took)"
                        ));
                    }
                    continue;
                }
                max_runs = Some(max_runs.map_or(left, |m| m.min(left)));
            }
            statements.insert((c.src, c.site.stmt.start));
            report.locations_tried = statements.len();
            let file = p.sources[c.src].display().to_string();
            progress.status(&format!(
                "[{}/{}] {}:{} {} ({} paths so far, {:.1} s)",
                k + 1,
                candidates.len(),
                file,
                c.site.line(),
                c.site.schema.describe(),
                report.paths_explored,
                start.elapsed().as_secs_f64()
            ));
            let t0 = Instant::now();
            // A hole may run a few times more often than its statement ran
            // natively in any test (a repaired loop runs a similar number
            // of times); beyond that a path ends.
            let most = spectrum.most_runs(c.src, c.site.lines.clone());
            let site_limits = Limits {
                max_applications: Some(2 * most + 16),
                max_runs,
                max_site_instructions: Some(pass.instructions(opts)),
                max_validations: pass.validations(),
                deadline: collect.deadline(deadline),
                ..limits.clone()
            };
            let site = SiteRun { c, k, text: &texts[c.src], view: &views[c.src], limits: site_limits, pass };
            if let Some(&next) = queue.get(at + 1) {
                let n = &candidates[next];
                repair.compile_ahead(next, n, &texts[n.src]);
            }
            let SiteOutcome { result, stats, patches, antipatterns } = try_site(&repair, &site)?;
            if let Some(b) = stats.lower_bound {
                bounds.insert(k, b);
            }
            if stats.forks > 0 {
                forked.insert(k);
            }
            if let Some(test) = result.blocked_by() {
                blocked.insert(k, test.to_string());
            }
            for a in &antipatterns {
                progress.message(&format!("{}:{}: rejected {a}", file, c.site.line()));
            }
            times.absorb(&mut report, &stats);
            if !patches.is_empty() && report.first_patch_s.is_none() {
                report.first_patch_s = Some(start.elapsed().as_secs_f64());
            }
            progress.message(&format!(
                "{}:{}: {} `{}`: {}",
                file,
                c.site.line(),
                c.site.schema.describe(),
                one_line(&c.site.original),
                result
            ));
            if (pass == Pass::Relabels && c.wide != Wide::Only && !c.far)
                || (result.out_of_budget() && pass == Pass::Quick)
            {
                retry.push(k);
            }
            report.attempts.push(Attempt {
                file,
                line: c.site.line(),
                schema: c.site.schema,
                suspiciousness: (c.score * 1000.0).round() / 1000.0,
                original: c.site.original.clone(),
                variables: c.site.vars.iter().map(|v| v.name.clone()).collect(),
                language: c.language(opts).describe(),
                outcome: result.kind(),
                result,
                antipatterns,
                also: Vec::new(),
                stats,
                time_s: t0.elapsed().as_secs_f64(),
            });
            add_patches(&mut report, patches, &mut seen_patches, &out_dir, start, progress)?;
            collect.note(&report, Some(pass));
        }
        // The relabel pass is followed by the quick pass in any case (its
        // patches join the pool within the collection's share); a close
        // patch after the quick pass ends the search.
        if pass != Pass::Relabels && !opts.all && report.patches.iter().any(|pt| pt.distance <= CLOSE) {
            break;
        }
        // The sites whose runs never forked first: a run that forks (the
        // hole's value makes the rest of the test symbolic) costs many
        // paths and solver queries, and such a site spends its whole share.
        retry.sort_by_key(|k| forked.contains(k));
        queue = retry;
        if passes.is_empty() && report.patches.is_empty() {
            if let Some(ks) = inserts.take() {
                queue = ks;
                passes.extend([Pass::Quick, Pass::Full]);
            }
        }
    }
    // No expression edit passed: statements copied from elsewhere, swapped
    // with the next one, deleted.
    if (opts.all || report.patches.is_empty()) && Instant::now() < deadline {
        progress.status("editing whole statements");
        let (patches, attempts) =
            statement_pass(&[Schema::Copy, Schema::SaveRestore, Schema::Swap, Schema::Delete], "statements")?;
        record_statement_pass(&mut report, patches, attempts, &mut seen_patches, (&out_dir, start), progress)?;
    }
    // The choice, once, over every validated patch: by behaviour near the
    // tests, then by the answers to its questions.
    let ctx = super::pool::Ctx {
        p,
        builds: &builds,
        texts: &texts,
        tests: p.tests.iter().collect(),
        failing: tests.iter().map(|r| !r.passed).collect(),
        timeout: opts.test_timeout,
        dir: &tmp.path().join("behaviour"),
        out_dir: &out_dir,
        deadline,
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
        let bounded: u64 = report.attempts.iter().map(|a| a.stats.explorations_bounded).sum();
        let why = if bounded > 0 {
            format!(
                " (the path bound, --max-paths {}, stopped {bounded} test explorations)",
                opts.max_paths.unwrap_or(0)
            )
        } else {
            String::new()
        };
        report.reason =
            Some(format!("no validated patch at the {} most suspicious statements{why}", report.locations_tried));
    }
    Ok((finish(report, start, &out_dir)?, asked))
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

/// The second-order query times of every site, for the report's
/// medians and means.
#[derive(Default)]
struct QueryTimes {
    all: Vec<Duration>,
    sat: Vec<Duration>,
    unsat: Vec<Duration>,
}

impl QueryTimes {
    /// Adds one site's counters to the report.
    fn absorb(&mut self, report: &mut Report, stats: &crate::infer::InferStats) {
        report.paths_explored += stats.paths;
        report.paths_pruned += stats.paths_pruned;
        report.so_queries += stats.so_queries;
        self.all.extend(stats.query_times.iter().copied());
        self.sat.extend(stats.sat_times.iter().copied());
        self.unsat.extend(stats.unsat_times.iter().copied());
        report.sat_ms = crate::infer::mean_ms(&self.sat);
        report.unsat_ms = crate::infer::mean_ms(&self.unsat);
        report.so_query_median_ms = crate::infer::median_ms(&mut self.all);
    }
}

/// Adds a site's patches (those not found before) to the report; the
/// best patch so far is written at once: a user who stops the search
/// has it.
fn add_patches(
    report: &mut Report, patches: Vec<Patch>, seen: &mut std::collections::HashSet<String>, out_dir: &Path,
    start: Instant, progress: &mut dyn Progress,
) -> Result<(), FixError> {
    let closest_before = report.patches.iter().map(|pt| (pt.distance, pt.objective)).min();
    for pt in patches {
        if seen.insert(pt.diff.clone()) {
            report.patches.push(pt);
        }
    }
    let closest = report.patches.iter().min_by_key(|pt| (pt.distance, pt.objective));
    if let Some(pt) = closest.filter(|pt| closest_before.is_none_or(|b| (pt.distance, pt.objective) < b)) {
        write_interim(report, pt, out_dir, start)?;
        let more = if pt.also.is_empty() { String::new() } else { format!(" and {} more locations", pt.also.len()) };
        progress.message(&format!(
            "patch so far: {}:{}: `{}`{more} (distance {}), in {}; searching for a closer one",
            pt.file,
            pt.line,
            one_line(&pt.replacement),
            pt.distance,
            out_dir.join("patch.diff").display()
        ));
    }
    Ok(())
}

/// What the sets of several locations are made of.
struct Sets<'a> {
    candidates: &'a [super::rank::Candidate],
    /// Only these candidates (each with the test that blocks it alone),
    /// in sets of sites blocked by different tests.
    only: Option<&'a HashMap<usize, String>>,
    texts: &'a [String],
    views: &'a [String],
    limits: &'a Limits,
    deadline: Instant,
    tmp: &'a Path,
}

/// The pass over sets of several locations at once: each set's search
/// with the work budget `--max-set-paths` (the site's time share is the
/// outer limit); a patch of one edit per location ends it (with `--all`,
/// every set is tried).
#[allow(clippy::too_many_arguments)]
fn try_sets(
    repair: &Repair, s: &Sets, report: &mut Report, statements: &mut HashSet<(usize, usize)>, times: &mut QueryTimes,
    seen_patches: &mut HashSet<String>, (out_dir, start): (&Path, Instant), progress: &mut dyn Progress,
) -> Result<(), FixError> {
    let (p, opts, deadline) = (repair.p, repair.opts, s.deadline);
    let at_once = opts.locations_at_once.unwrap_or(2);
    for set in super::locations::sets(s.candidates, at_once, s.only) {
        if Instant::now() >= deadline {
            report.reason = Some(format!("time limit ({} s) reached", opts.timeout.as_secs()));
            break;
        }
        let mut cs: Vec<&super::rank::Candidate> = set.iter().map(|&k| &s.candidates[k]).collect();
        // In the order of the source: the patch lists them so.
        cs.sort_by_key(|c| c.site.range.start);
        let file = p.sources[cs[0].src].display().to_string();
        let lines: Vec<String> = cs.iter().map(|c| c.site.line().to_string()).collect();
        progress.status(&format!("{} locations at once: {}:{}", cs.len(), file, lines.join(",")));
        for c in &cs {
            statements.insert((c.src, c.site.stmt.start));
        }
        report.locations_tried = statements.len();
        let t0 = Instant::now();
        let set_limits = Limits { max_site_instructions: Some(Pass::Sets.instructions(opts)), ..s.limits.clone() };
        let dir = s.tmp.join(format!("set{}", set.iter().map(|k| k.to_string()).collect::<Vec<_>>().join("-")));
        let out = super::locations::try_set(repair, &cs, &s.texts[cs[0].src], &s.views[cs[0].src], &set_limits, &dir)?;
        for a in &out.antipatterns {
            progress.message(&format!("{file}: rejected {a}"));
        }
        times.absorb(report, &out.stats);
        progress.message(&format!("{}:{}: {} locations at once: {}", file, lines.join(","), cs.len(), out.result));
        if !out.patches.is_empty() && report.first_patch_s.is_none() {
            report.first_patch_s = Some(start.elapsed().as_secs_f64());
        }
        let c = cs[0];
        report.attempts.push(Attempt {
            file: file.clone(),
            line: c.site.line(),
            schema: c.site.schema,
            suspiciousness: (c.score * 1000.0).round() / 1000.0,
            original: cs.iter().map(|c| c.site.original.as_str()).collect::<Vec<_>>().join(" | "),
            variables: c.site.vars.iter().map(|v| v.name.clone()).collect(),
            language: c.language(opts).describe(),
            outcome: out.result.kind(),
            result: out.result,
            antipatterns: out.antipatterns,
            also: cs[1..].iter().map(|c| c.site.line()).collect(),
            stats: out.stats,
            time_s: t0.elapsed().as_secs_f64(),
        });
        add_patches(report, out.patches, seen_patches, out_dir, start, progress)?;
        // A patch of one edit per location ends the pass; a farther one,
        // only once every set was tried.
        if !opts.all && report.patches.iter().any(|pt| pt.distance as usize <= at_once) {
            break;
        }
    }
    Ok(())
}

/// The edits clang's fix-its suggest, per source: for a project built by
/// its own `make`, none (its flags and headers are the build's).
fn fixit_edits(p: &Project, builds: &Builds, texts: &[String]) -> Vec<Vec<cparse::StmtEdit>> {
    let Some(flags) = builds.direct_flags(p) else { return Vec::new() };
    p.sources.iter().zip(texts).map(|(src, text)| super::fixit::edits(&p.dir, &p.dir.join(src), text, &flags)).collect()
}

/// Adds a statement pass's attempts and patches to the report.
fn record_statement_pass(
    report: &mut Report, patches: Vec<Patch>, attempts: Vec<Attempt>, seen: &mut HashSet<String>,
    (out_dir, start): (&Path, Instant), progress: &mut dyn Progress,
) -> Result<(), FixError> {
    for a in &attempts {
        progress.message(&format!(
            "{}:{}: {} `{}`: {}",
            a.file,
            a.line,
            a.schema.describe(),
            one_line(&a.original),
            a.result
        ));
    }
    report.attempts.extend(attempts);
    if !patches.is_empty() && report.first_patch_s.is_none() {
        report.first_patch_s = Some(start.elapsed().as_secs_f64());
    }
    add_patches(report, patches, seen, out_dir, start, progress)
}
