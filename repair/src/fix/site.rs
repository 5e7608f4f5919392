//! One site's attempt: the candidate's instrumented program, the tests in
//! the VM by the chosen search, and each term it proposes validated
//! natively into a patch.

use super::antipattern::{self, Rejection, Rule};
use super::builds::Builds;
use super::error::FixError;
use super::options::{FixOptions, Search};
use super::outcome::SiteResult;
use super::patch::{one_line, Patch};
use super::rank::Candidate;
use super::render::{added_constants, Render, Rendered};
use crate::config::{Project, TestCase};
use crate::cparse;
use crate::localize::Spectrum;
use crate::native;
use crate::search::{Goal, InferStats, Inferred, Limits, SiteProblem, Unjudged};
use klee_ext::ir::Program;
use klee_ext::so::Term;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

/// What every site of one repair shares.
pub(super) struct Repair<'a> {
    pub p: &'a Project,
    pub opts: &'a FixOptions,
    pub builds: &'a Builds,
    /// The tests, failing ones first.
    pub tests: &'a [&'a TestCase],
    /// How many of `tests` (the first ones) fail.
    pub failing: usize,
    pub tmp: &'a Path,
    /// The program's integer constants (a term's constants cost less when
    /// the program has them).
    pub constants: &'a [i64],
    /// Constant macros the sources use, by name.
    pub macros: &'a HashMap<String, i64>,
    /// Each candidate's instrumented program, made once for all passes.
    pub programs: RefCell<HashMap<usize, Result<Rc<Program>, String>>>,
    /// The compiles of candidates' programs started ahead of their sites.
    pub ahead: super::ahead::Ahead,
    /// Whether `--tree` has been drawn.
    pub tree_drawn: Cell<bool>,
    /// Whether the failing tests proved too long for the VM to judge the
    /// relabel pass's terms at a site (the original's run stopped at a
    /// limit of the VM's work, or the site's work ran out before every
    /// term was judged): the pass's later sites screen them natively only.
    pub too_long_for_vm: Cell<bool>,
    /// The tests' line counts on the original program.
    pub spectrum: &'a Spectrum,
    /// The lines (source, line) with an output call that a failing test
    /// executed.
    pub failing_output_lines: Vec<(usize, u32)>,
    /// Whether some failing test states its expected stdout.
    pub failing_stdout_checked: bool,
    /// The values the tests' inputs hold (the `test-value` rule).
    pub inputs: antipattern::InputValues,
}

/// What one site's attempt gives.
pub(super) struct SiteOutcome {
    pub result: SiteResult,
    pub stats: InferStats,
    pub patches: Vec<Patch>,
    /// The candidates an anti-pattern rejected, one line each.
    pub antipatterns: Vec<String>,
}

/// One candidate site in one pass.
pub(super) struct SiteRun<'a> {
    pub c: &'a Candidate,
    /// Its index among the candidates.
    pub k: usize,
    /// Its source's text.
    pub text: &'a str,
    /// What the parser reads of it (`cparse::project_view`).
    pub view: &'a str,
    pub limits: Limits,
    pub pass: Pass,
}

/// The passes over the candidate sites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pass {
    /// Deviation search: only the terms one relabel from the original,
    /// run on the failing tests (cheap; every site before any search).
    Relabels,
    /// Every site with a short budget.
    Quick,
    /// The sites that ran out of it, with the full share.
    Full,
    /// Sets of several sites at once (`fix/locations.rs`).
    Sets,
}

impl Pass {
    /// A site's work budget in this pass: runs of its deviation search
    /// (the quick pass gets an eighth of `--max-site-runs`; the relabel
    /// pass runs only the terms one relabel from the original).
    pub fn runs(self, opts: &FixOptions) -> Option<u64> {
        match self {
            Pass::Relabels | Pass::Sets => None,
            Pass::Quick => Some((opts.max_site_runs / 8).max(1)),
            Pass::Full => Some(opts.max_site_runs),
        }
    }

    /// A site's budget of candidates validated natively in this pass
    /// (the quick pass a quarter of the full pass's; the relabel pass
    /// validates the few terms one relabel away; sets bound their own).
    pub fn validations(self) -> Option<u64> {
        match self {
            Pass::Relabels | Pass::Sets => None,
            Pass::Quick => Some(MAX_VALIDATIONS / 4),
            Pass::Full => Some(MAX_VALIDATIONS),
        }
    }

    /// A site's (or a set's) budget of VM instructions in this pass: an
    /// eighth of `--max-site-instructions` before the full pass.
    pub fn instructions(self, opts: &FixOptions) -> u64 {
        match self {
            Pass::Relabels | Pass::Quick => (opts.max_site_instructions / 8).max(1),
            Pass::Full | Pass::Sets => opts.max_site_instructions,
        }
    }
}

/// Candidates one site's full search validates natively at most (a build
/// and the tests each, about a fifth of a second for a small program):
/// where a site's specification keeps admitting terms the tests refute,
/// the search ends there as out of work.
pub const MAX_VALIDATIONS: u64 = 64;

impl Repair<'_> {
    /// Starts compiling candidate `k`'s instrumented program (`text` its
    /// source's text) while another site runs, when it is built directly
    /// and not yet made.
    pub(super) fn compile_ahead(&self, k: usize, c: &Candidate, text: &str) {
        if !matches!(self.builds, Builds::Direct)
            || c.site.vars.is_empty()
            || self.ahead.started(k)
            || self.programs.borrow().contains_key(&k)
        {
            return;
        }
        let job = Builds::bitcode_job(self.p, c.src, &self.instrumented(c, text), &self.program_dir(k));
        self.ahead.start(k, move || job.run());
    }

    /// Candidate `k`'s instrumented program (compiled ahead or now).
    fn program(&self, k: usize, c: &Candidate, text: &str) -> Result<Rc<Program>, String> {
        match self.ahead.take(k) {
            Some(bc) => bc.and_then(|bc| Builds::load_bitcode(&bc)),
            None => self.builds.instrumented(self.p, c.src, &self.instrumented(c, text), &self.program_dir(k)),
        }
    }

    /// The source of candidate `c` (`text` its source's) with its hole.
    fn instrumented(&self, c: &Candidate, text: &str) -> String {
        cparse::instrument(text, &c.site, &self.p.dir.join(&self.p.sources[c.src]).display().to_string())
    }

    /// Where candidate `k`'s program is built.
    fn program_dir(&self, k: usize) -> std::path::PathBuf {
        self.tmp.join(format!("site{k}"))
    }
}

/// Instruments, infers, synthesizes and validates one site: the closest
/// terms in order, until one passes every test natively (with `--all`,
/// every one that does).
pub(super) fn try_site(r: &Repair, s: &SiteRun) -> Result<SiteOutcome, FixError> {
    let none = InferStats::default();
    let site = &s.c.site;
    if site.vars.is_empty() {
        return Ok(SiteOutcome::without(SiteResult::NoVariables));
    }
    let dir = r.tmp.join(format!("site{}-{}", s.k, s.pass as u8));
    std::fs::create_dir_all(&dir).map_err(FixError::io(&dir, "cannot create: "))?;
    let prog = match r.programs.borrow_mut().entry(s.k).or_insert_with(|| r.program(s.k, s.c, s.text)) {
        Ok(prog) => prog.clone(),
        Err(e) => return Ok(SiteOutcome::without(SiteResult::Build(e.clone()))),
    };
    let render = Render::new(site, s.view, r.macros, r.constants);
    let mut v = Validator {
        r,
        s,
        render: &render,
        dir: &dir,
        found: Vec::new(),
        rejected: Vec::new(),
        antipatterns: Vec::new(),
        tried: 0,
    };
    let (inferred, stats) = match search(r, s, &prog, &mut v)? {
        Ok(searched) => searched,
        Err(result) => {
            return Ok(SiteOutcome { result, stats: none, patches: Vec::new(), antipatterns: v.antipatterns })
        }
    };
    // The terms one edit away that the VM could not judge on the failing
    // tests (a run stopped at a limit of its work): screened natively, in
    // one build, and the closest that pass are validated.
    if s.pass == Pass::Relabels && !matches!(inferred, Inferred::Terms(_)) && stats.unjudged != Unjudged::None {
        r.too_long_for_vm.set(r.too_long_for_vm.get() || stats.unjudged == Unjudged::All);
        let lang = s.c.language(r.opts);
        let at = super::schemata::Screened {
            p: r.p,
            builds: r.builds,
            site: &s.c.site,
            src: s.c.src,
            text: s.text,
            constants: r.constants,
            failing: &r.tests[..r.failing],
            test_timeout: r.opts.test_timeout,
            deadline: s.limits.deadline,
        };
        let passing = super::schemata::passing_terms(&at, &render, lang, &stats.unjudged, &dir.join("schema"))
            .map_err(FixError::Build)?;
        let mut kept = 0;
        for (term, objective) in passing.into_iter().take(super::schemata::MAX_VALIDATED) {
            kept += usize::from(v.check(&term, objective).map_err(FixError::Build)?.is_none());
            if kept >= solutions(r.opts) {
                break;
            }
        }
    }
    let result = match v.found.first() {
        // Terms validated (by the search, or screened natively after it).
        Some(pt) => {
            SiteResult::Patched { replacement: pt.replacement.clone(), tests: r.p.tests.len(), distance: pt.distance }
        }
        None => unpatched(inferred, std::mem::take(&mut v.rejected), &stats, &s.limits, r.opts),
    };
    let patches = if matches!(result, SiteResult::Patched { .. }) { v.found } else { Vec::new() };
    Ok(SiteOutcome { result, stats, patches, antipatterns: v.antipatterns })
}

impl SiteOutcome {
    /// A site that ended before any search.
    fn without(result: SiteResult) -> SiteOutcome {
        SiteOutcome { result, stats: InferStats::default(), patches: Vec::new(), antipatterns: Vec::new() }
    }
}

/// How many validated terms a site keeps.
fn solutions(opts: &FixOptions) -> usize {
    if opts.all {
        5
    } else {
        3
    }
}

/// The site's search in the VM by the chosen search, each term it
/// proposes validated by `v` (`Err`: a site the search cannot take).
fn search(
    r: &Repair, s: &SiteRun, prog: &Program, v: &mut Validator,
) -> Result<Result<(Inferred, InferStats), SiteResult>, FixError> {
    let (p, opts, site) = (r.p, r.opts, &s.c.site);
    let original = v.render.original.clone();
    let goal = Goal {
        original: original.clone(),
        constants: r.constants.to_vec(),
        solutions: solutions(opts),
        relabels_only: s.pass == Pass::Relabels,
    };
    // The VM runs each test in its own prepared folder, as natively.
    let argv0 = Builds::argv0(p);
    let (_dirs, owned) =
        native::in_prepared_dirs(r.tests.iter().copied(), &p.dir, opts.test_timeout, argv0).map_err(FixError::Build)?;
    let vm_tests: Vec<&TestCase> = owned.iter().collect();
    let hole = (site.schema.hole_name(), s.c.language(opts));
    if let Some(file) = opts.tree.as_ref().filter(|_| !r.tree_drawn.replace(true)) {
        let at = format!("{}:{}", p.sources[s.c.src].display(), site.line());
        super::tree::draw(prog, vm_tests[0], hole, opts.engine, &s.limits, &at, file).map_err(FixError::Tree)?;
    }
    let problem = SiteProblem {
        prog,
        tests: &vm_tests,
        failing: r.failing,
        hole,
        arity: site.vars.len(),
        goal: &goal,
        engine: opts.engine,
        limits: &s.limits,
    };
    Ok(Ok(match (opts.search, &original) {
        (Search::Dfs, _) | (Search::Deviation, None) if site.real => {
            return Ok(Err(SiteResult::Unsupported("a floating-point condition needs the deviation search and its original as a term (comparisons of variables and constants)")))
        }
        (Search::Deviation, None) if s.pass == Pass::Relabels => return Ok(Err(SiteResult::OriginalNotATerm)),
        (Search::Deviation, Some(_)) if s.pass == Pass::Relabels && r.too_long_for_vm.get() => {
            (Inferred::OutOfWork, InferStats { unjudged: Unjudged::All, ..InferStats::default() })
        }
        (Search::Deviation, Some(_)) => {
            crate::search::deviation::search(&problem, &mut |t, o| v.check(t, o)).map_err(FixError::Search)?
        }
        _ => {
            let (inferred, stats) = crate::search::exhaustive::search(&problem).map_err(FixError::Search)?;
            if let Inferred::Terms(terms) = &inferred {
                for (term, objective) in terms {
                    v.check(term, *objective).map_err(FixError::Build)?;
                }
            }
            (inferred, stats)
        }
    }))
}

/// How a site's search that validated no term ended.
fn unpatched(
    inferred: Inferred, rejected: Vec<String>, stats: &InferStats, limits: &Limits, opts: &FixOptions,
) -> SiteResult {
    match inferred {
        Inferred::Terms(_) => SiteResult::NoCandidatePasses { rejected, set: false },
        Inferred::NoPassingPath { test, bounded: true, .. } => {
            SiteResult::NoPassingPath { test, bound: Some(limits.max_paths.unwrap_or(0)), cut: false }
        }
        Inferred::NoPassingPath { test, cut, .. } => SiteResult::NoPassingPath { test, bound: None, cut },
        Inferred::NoInterpretation { proof } if !proof.is_empty() => SiteResult::NoInterpretation { proof },
        Inferred::NoInterpretation { .. } if stats.explorations_bounded > 0 => SiteResult::NoInterpretationBounded {
            bound: limits.max_paths.unwrap_or(0),
            bounded: stats.explorations_bounded,
        },
        Inferred::NoInterpretation { .. } => SiteResult::NoInterpretation { proof: Vec::new() },
        Inferred::NotReached => SiteResult::NotReached,
        Inferred::NoRelabel => SiteResult::NoRelabel,
        Inferred::OutOfTime => SiteResult::TimeLimit { secs: opts.timeout.as_secs() },
        Inferred::OutOfWork => SiteResult::WorkLimit {
            runs: limits.max_runs,
            instructions: limits.max_site_instructions.unwrap_or(0),
            validations: limits.max_validations,
        },
    }
}

/// The native validation of the terms one site's search proposes.
struct Validator<'v> {
    r: &'v Repair<'v>,
    s: &'v SiteRun<'v>,
    render: &'v Render<'v>,
    /// The site's work folder.
    dir: &'v Path,
    /// The terms that passed every test, as patches.
    found: Vec<Patch>,
    /// One line per term turned down, with why.
    rejected: Vec<String>,
    /// Those an anti-pattern turned down.
    antipatterns: Vec<String>,
    /// Terms built and run so far.
    tried: usize,
}

impl Validator<'_> {
    /// Validates one candidate natively on every test: `None` if it passes
    /// them all (the patch is kept), else the index of a test it fails
    /// (`usize::MAX`: turned down before any build).
    fn check(&mut self, term: &Term, objective: u32) -> Result<Option<usize>, String> {
        let (r, s, site, text) = (self.r, self.s, &self.s.c.site, self.s.text);
        let original = self.render.original.as_ref();
        let Rendered { expr, folded, distance } = self.render.render(term);
        if let Some(why) = super::render::repeated_effect(site, original, &folded)
            .or_else(|| super::render::pointer_as_number(site, original, &folded))
        {
            self.rejected.push(format!("`{expr}`: {why}"));
            return Ok(Some(usize::MAX));
        }
        let patched = cparse::replace(text, site, &expr);
        if patched == text {
            self.rejected.push(format!("`{expr}` is the original"));
            return Ok(Some(0));
        }
        if let Some(why) = antipattern::check_term(original, &folded, site.schema, site.vars.len(), distance)
            .or_else(|| {
                let reads = if site.passed_whole() { 0 } else { site.used };
                antipattern::check_constants(original, reads, &folded, site.schema, r.constants, &r.inputs)
            })
            .or_else(|| skips_only_output(r, s.c, &folded))
        {
            return Ok(self.reject(&expr, why));
        }
        self.tried += 1;
        let vdir = self.dir.join(format!("validate{}", self.tried));
        std::fs::create_dir_all(&vdir).map_err(|e| e.to_string())?;
        let (p, opts) = (r.p, r.opts);
        if let Some((i, why)) =
            r.builds.validate(p, r.tests, opts.test_timeout, (s.c.src, &patched), &vdir, Some(s.limits.deadline))?
        {
            self.rejected.push(format!("`{expr}`: {why}"));
            return Ok(Some(i));
        }
        if let Some(why) = loop_runs_once(r, s.c, text, &patched, &vdir)? {
            return Ok(self.reject(&expr, why));
        }
        let patch = self.patch(term, &expr, &folded, distance, objective, patched);
        self.found.push(patch);
        Ok(None)
    }

    /// A term an anti-pattern turns down.
    fn reject(&mut self, expr: &str, why: Rejection) -> Option<usize> {
        let shown = one_line(&cparse::replacement_text(&self.s.c.site, expr));
        self.antipatterns.push(format!("`{shown}`: {why}"));
        self.rejected.push(format!("`{shown}`: {why}"));
        Some(usize::MAX)
    }

    /// The patch of a term that passed every test.
    fn patch(&self, term: &Term, expr: &str, folded: &Term, distance: u32, objective: u32, patched: String) -> Patch {
        let (c, site, text) = (self.s.c, &self.s.c.site, self.s.text);
        let src_rel = &self.r.p.sources[c.src];
        // At equal distance, a patch on a value the program computes with
        // a call (`(atoi(s)) - 1`) after one on the variables that use it.
        let whole_value = site.passed_whole() && site.schema.sort() == klee_ext::so::Sort::Int;
        Patch {
            file: src_rel.display().to_string(),
            line: site.line(),
            function: site.function.clone(),
            schema: site.schema,
            original: site.original.clone(),
            replacement: cparse::replacement_text(site, expr),
            distance,
            objective: objective + u32::from(whole_value),
            whole_value,
            plain: added_constants(self.render.original.as_ref(), folded),
            diff: super::patch::unified_diff(src_rel, text, &patched),
            patched_source: patched,
            source: c.src,
            also: Vec::new(),
            // A real condition's arguments are doubles: no term of integers.
            term: (!site.real).then(|| super::patch::SiteTerm {
                term: term.clone(),
                args: site.vars.iter().map(|v| (v.name.clone(), v.pointer)).collect(),
            }),
        }
    }
}

/// The rule `skips-only-output`: a guard (not the constant `true`)
/// around the only statement with an output call that the failing tests
/// execute, when no failing test states the stdout it expects (nothing
/// would show that the output is gone).
fn skips_only_output(r: &Repair, c: &Candidate, patch: &Term) -> Option<Rejection> {
    let site = &c.site;
    if site.schema != cparse::Schema::Guard || *patch == Term::Bool(true) || r.failing_stdout_checked {
        return None;
    }
    let inside = |&(src, l): &(usize, u32)| src == c.src && site.lines.contains(&l);
    let only = antipattern::output_call(&site.original)
        && !r.failing_output_lines.is_empty()
        && r.failing_output_lines.iter().all(inside);
    only.then(|| Rejection {
        rule: Rule::SkipsOnlyOutput,
        why: "it guards the only statement that prints in the failing tests, which check no stdout".into(),
    })
}

/// The rule `loop-runs-once`: at a loop's condition or the step of its
/// header (`for (…; …; i++)`), a patch after which
/// the loop's body runs at most once in every test, where the original
/// ran it more often in some test (line counts of a coverage build of the
/// patched program; small projects only).
fn loop_runs_once(
    r: &Repair, c: &Candidate, text: &str, patched: &str, dir: &Path,
) -> Result<Option<Rejection>, String> {
    let site = &c.site;
    let head = text[site.stmt.start..].trim_start();
    let is_loop = ["while", "for", "do"].iter().any(|k| {
        head.strip_prefix(k).is_some_and(|rest| rest.starts_with(|ch: char| !ch.is_alphanumeric() && ch != '_'))
    });
    if !matches!(site.schema, cparse::Schema::Condition | cparse::Schema::Step) || !is_loop {
        return Ok(None);
    }
    let row = |b: usize| text[..b].matches('\n').count() as u32 + 1;
    let body: Vec<u32> = (row(site.stmt.start)..row(site.stmt.end) + 1).filter(|l| !site.lines.contains(l)).collect();
    let most = |sp: &Spectrum| body.iter().map(|&l| sp.most_runs(c.src, l..l + 1)).max().unwrap_or(0);
    if body.is_empty() || most(r.spectrum) <= 1 {
        return Ok(None);
    }
    let Some(after) = r.builds.line_counts(r.p, r.tests, r.opts.test_timeout, (c.src, patched), &dir.join("cov"))?
    else {
        return Ok(None);
    };
    let n = most(&after);
    Ok((n <= 1).then(|| Rejection {
        rule: Rule::LoopRunsOnce,
        why: format!(
            "the loop's body runs at most {n} time{} per test, {} times in the original",
            if n == 1 { "" } else { "s" },
            most(r.spectrum)
        ),
    }))
}
