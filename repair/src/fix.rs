//! The `fix` job: run the tests, localize, try the schemas at the most
//! suspicious statements, validate, and write the patch and the report.

use crate::config::{Project, TestCase};
use crate::cparse::{self, Schema};
use crate::builds::Builds;
use crate::rank::{rank, Candidate, Wide};
use crate::infer::{self, Engine, Goal, InferStats, Inferred, Limits};
use crate::native;
use klee_ext::so::{LangSpec, Op, Term};
use klee_ext::so::term::Named;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// How a site's tests are explored (`--search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Search {
    /// Original-first, deviation-ordered, specification on demand
    /// (`lazy.rs`).
    Deviation,
    /// Every path of every test, then one solve (`infer.rs`).
    Dfs,
}

impl Search {
    pub fn parse(s: &str) -> Result<Search, String> {
        match s {
            "deviation" => Ok(Search::Deviation),
            "dfs" => Ok(Search::Dfs),
            _ => Err(format!("unknown search `{s}` (expected deviation or dfs)")),
        }
    }
}

/// Settings of one repair (command line over project file over defaults).
#[derive(Clone, Debug)]
pub struct FixOptions {
    pub engine: Engine,
    pub search: Search,
    pub max_forks: u64,
    /// Paths one test's exploration may take at one site (`None`: no
    /// bound but time): the path bound of the paper's experiment.
    pub max_paths: Option<u64>,
    pub timeout: Duration,
    pub test_timeout: Duration,
    /// Time one site may take (a share of `timeout`).
    pub site_timeout: Duration,
    pub locations: usize,
    /// `--location FILE:LINE`: only sites on these lines.
    pub at: Vec<(PathBuf, u32)>,
    pub vars: usize,
    /// Language of conditions and guards.
    pub cond_lang: LangSpec,
    /// Language of right-hand sides.
    pub rhs_lang: LangSpec,
    pub all: bool,
    pub apply: bool,
    pub output_dir: Option<PathBuf>,
    /// Draw the first failing test's symbolic execution tree at the first
    /// site tried into this SVG file.
    pub tree: Option<PathBuf>,
}

/// Overrides from the command line (`None`: not given).
#[derive(Clone, Debug, Default)]
pub struct CliOverrides {
    pub engine: Option<String>,
    pub search: Option<String>,
    pub max_forks: Option<u64>,
    pub max_paths: Option<u64>,
    pub timeout: Option<Duration>,
    pub test_timeout: Option<Duration>,
    pub locations: Option<usize>,
    /// `FILE:LINE` strings.
    pub at: Vec<String>,
    pub vars: Option<usize>,
    pub so_lang: Vec<String>,
    pub all: bool,
    pub apply: bool,
    pub output_dir: Option<PathBuf>,
    pub tree: Option<PathBuf>,
}

impl FixOptions {
    pub fn resolve(p: &Project, cli: &CliOverrides) -> Result<FixOptions, String> {
        let f = &p.options;
        let secs = |what: &str, v: Option<f64>| -> Result<Option<Duration>, String> {
            match v {
                Some(s) if !(s > 0.0 && s.is_finite()) => Err(format!("{}: `{what}` must be a positive number of seconds", crate::config::PROJECT_FILE)),
                Some(s) => Ok(Some(Duration::from_secs_f64(s))),
                None => Ok(None),
            }
        };
        let engine = Engine::parse(cli.engine.as_deref().or(f.engine.as_deref()).unwrap_or("so-pse"))?;
        let mut cond_lang = LangSpec::parse("bool:3", "cond")?;
        let mut rhs_lang = LangSpec::parse("int:3", "rhs")?;
        let mut langs = f.so_lang.clone();
        langs.extend(cli.so_lang.iter().cloned());
        for (name, spec) in klee_ext::so::parse_so_langs(&langs).or_else(|_| {
            // The file's and the command line's may both name a hole: the
            // command line's wins.
            let mut last: Vec<String> = Vec::new();
            for l in langs.iter().rev() {
                let n = l.split('=').next().unwrap_or("");
                if !last.iter().any(|x| x.split('=').next() == Some(n)) {
                    last.push(l.clone());
                }
            }
            klee_ext::so::parse_so_langs(&last)
        })? {
            match name.as_str() {
                "cond" => cond_lang = spec,
                "rhs" => rhs_lang = spec,
                _ => return Err(format!("--so-lang {name}=…: `fix` has two holes, `cond` (conditions and guards) and `rhs` (right-hand sides)")),
            }
        }
        let locations = cli.locations.or(f.locations).unwrap_or(10);
        let vars = cli.vars.or(f.vars).unwrap_or(4);
        if locations == 0 {
            return Err("--locations must be at least 1".into());
        }
        if vars > 16 {
            return Err("--vars: at most 16 variables".into());
        }
        let timeout = cli.timeout.or(secs("timeout", f.timeout)?).unwrap_or(Duration::from_secs(300));
        let mut at = Vec::new();
        for l in &cli.at {
            let parsed = l.rsplit_once(':').and_then(|(f, n)| Some((PathBuf::from(f), n.parse::<u32>().ok().filter(|n| *n > 0)?)));
            let Some((file, line)) = parsed else { return Err(format!("--location {l}: expected FILE:LINE (e.g. find/ftsfind.c:449)")) };
            if !p.sources.iter().any(|s| *s == file) {
                let known: Vec<String> = p.sources.iter().map(|s| s.display().to_string()).collect();
                return Err(format!("--location {l}: `{}` is not one of the project's sources ({})", file.display(), known.join(", ")));
            }
            at.push((file, line));
        }
        Ok(FixOptions {
            engine,
            search: Search::parse(cli.search.as_deref().or(f.search.as_deref()).unwrap_or("deviation"))?,
            site_timeout: (timeout / 6).max(Duration::from_secs(10)).min(timeout),
            max_forks: cli.max_forks.or(f.max_forks).unwrap_or(500),
            max_paths: cli.max_paths.or(f.max_paths),
            timeout,
            test_timeout: cli.test_timeout.or(secs("test_timeout", f.test_timeout)?).unwrap_or(Duration::from_secs(5)),
            locations,
            at,
            vars,
            cond_lang,
            rhs_lang,
            all: cli.all,
            apply: cli.apply,
            output_dir: cli.output_dir.clone(),
            tree: cli.tree.clone(),
        })
    }
}

impl FixOptions {
    /// The configured language of a schema's hole (`rhs` for integer
    /// holes, `cond` for conditions and guards).
    pub(crate) fn language(&self, schema: Schema) -> &LangSpec {
        if schema.sort() == klee_ext::so::Sort::Int {
            &self.rhs_lang
        } else {
            &self.cond_lang
        }
    }
}

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
    pub diff: String,
    #[serde(skip)]
    pub patched_source: String,
    /// Index of the patched file in the project's sources.
    #[serde(skip)]
    pub source: usize,
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
    pub result: String,
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
    /// `patched`, `no-patch` or `nothing-to-repair`.
    pub status: String,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub output_dir: String,
}

/// Progress callbacks (a terminal display, plain lines, or nothing).
pub trait Progress {
    fn message(&mut self, line: &str);
    fn status(&mut self, _line: &str) {}
}

#[derive(Debug, thiserror::Error)]
pub enum FixError {
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
    #[error("{0}")]
    Msg(String),
}

pub(crate) fn msg(e: impl std::fmt::Display) -> FixError {
    FixError::Msg(e.to_string())
}

/// Whether `patch` is correct on held-out tests: the patched project is
/// built natively and every test must pass (a patch that passes the
/// project's tests but not these is plausible, not correct).
pub fn correct_on(p: &Project, patch: &Patch, heldout: &[TestCase], test_timeout: Duration) -> Result<bool, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let builds = Builds::prepare(p, &mut |_| {}).map_err(|e| e.to_string())?;
    let tests: Vec<TestCase> = heldout.iter().map(|t| TestCase { fresh_dir: t.fresh_dir || p.build.is_some(), ..t.clone() }).collect();
    let tests: Vec<&TestCase> = tests.iter().collect();
    Ok(builds.validate(p, &tests, test_timeout, (patch.source, &patch.patched_source), dir.path())?.is_none())
}

/// Runs the whole repair of project `p`.
pub fn fix(p: &Project, opts: &FixOptions, progress: &mut dyn Progress) -> Result<Report, FixError> {
    let start = Instant::now();
    let out_dir = opts.output_dir.clone().unwrap_or_else(|| p.dir.join("se2repair-out"));
    std::fs::create_dir_all(&out_dir).map_err(|e| msg(format!("{}: cannot create the output folder: {e}", out_dir.display())))?;
    let tmp = tempfile::tempdir().map_err(|e| msg(format!("cannot create a temporary folder: {e}")))?;
    let texts: Vec<String> = p
        .sources
        .iter()
        .map(|s| std::fs::read_to_string(p.dir.join(s)).map_err(|e| msg(format!("{}: {e}", s.display()))))
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
    let localization_s = start.elapsed().as_secs_f64();
    let mut report = Report {
        project: p.dir.display().to_string(),
        engine: opts.engine.name().into(),
        status: "no-patch".into(),
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
        reason: None,
        output_dir: out_dir.display().to_string(),
    };
    if failing.is_empty() {
        report.status = "nothing-to-repair".into();
        report.reason = Some(format!("all {} tests pass: nothing to repair", p.tests.len()));
        return finish(report, start, &out_dir);
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
    let defined = crate::builds::defined_macros(&p.dir, configured);
    let views: Vec<String> = texts.iter().map(|t| cparse::project_view(t, &defined)).collect();
    let candidates = rank(p, &views, &spectrum, opts)?;
    if candidates.is_empty() {
        report.reason = Some(if opts.at.is_empty() {
            "no statement executed by a failing test offers a repair site (condition, assignment, or guardable statement)".into()
        } else {
            let at: Vec<String> = opts.at.iter().map(|(f, l)| format!("{}:{l}", f.display())).collect();
            format!("no repair site (condition, assignment, or guardable statement) at {}", at.join(", "))
        });
        return finish(report, start, &out_dir);
    }
    let mut statements = std::collections::HashSet::new();
    let limits = Limits { max_forks: opts.max_forks, max_paths: opts.max_paths, max_path_instructions: 20_000_000, max_instructions: 200_000_000, deadline, query_timeout: Duration::from_secs(2), max_applications: None };
    let mut seen_patches = std::collections::HashSet::new();
    let mut query_times: Vec<Duration> = Vec::new();
    let (mut sat_times, mut unsat_times): (Vec<Duration>, Vec<Duration>) = Default::default();
    let macros = crate::builds::macro_constants(&p.dir, &texts);
    let constants = Builds::constants(&texts, &macros);
    // Two passes: every site with a short budget first, then the sites that
    // ran out of it with the full share, so that one costly site cannot
    // starve the others. A patch one edit from the original ends the
    // search; otherwise the closest patch of the pass wins (sites in
    // order of suspiciousness at equal distance).
    let quick = opts.site_timeout.min(Duration::from_secs(6));
    let mut queue: Vec<usize> = (0..candidates.len()).collect();
    let programs = RefCell::new(HashMap::new());
    let tree_drawn = std::cell::Cell::new(false);
    let mut passes = vec![(Pass::Quick, quick), (Pass::Full, opts.site_timeout)];
    if opts.search == Search::Deviation {
        passes.insert(0, (Pass::Relabels, quick));
    }
    'passes: for (pass, budget) in passes {
        let mut retry = Vec::new();
        for &k in &queue {
            let c = &candidates[k];
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
            statements.insert((c.src, c.site.stmt.start));
            report.locations_tried = statements.len();
            let file = p.sources[c.src].display().to_string();
            progress.status(&format!("[{}/{}] {}:{} {} ({} paths so far, {:.1} s)", k + 1, candidates.len(), file, c.site.line(), c.site.schema.describe(), report.paths_explored, start.elapsed().as_secs_f64()));
            let t0 = Instant::now();
            // A hole may run a few times more often than its statement ran
            // natively in any test (a repaired loop runs a similar number
            // of times); beyond that a path ends.
            let most = spectrum.most_runs(c.src, c.site.lines.clone());
            let site_limits = Limits { deadline: deadline.min(t0 + budget), max_applications: Some(2 * most + 16), ..limits.clone() };
            let site = SiteRun { p, opts, c, text: &texts[c.src], view: &views[c.src], tests: &ordered, failing: failing.len(), limits: &site_limits, tmp: tmp.path(), k, budget, pass, constants: &constants, programs: &programs, builds: &builds, macros: &macros, tree_drawn: &tree_drawn };
            let (result, stats, patches) = try_site(&site)?;
            report.paths_explored += stats.paths;
            report.paths_pruned += stats.paths_pruned;
            report.so_queries += stats.so_queries;
            query_times.extend(stats.query_times.iter().copied());
            sat_times.extend(stats.sat_times.iter().copied());
            unsat_times.extend(stats.unsat_times.iter().copied());
            report.sat_ms = crate::infer::mean_ms(&sat_times);
            report.unsat_ms = crate::infer::mean_ms(&unsat_times);
            report.so_query_median_ms = crate::infer::median_ms(&mut query_times);
            if !patches.is_empty() && report.first_patch_s.is_none() {
                report.first_patch_s = Some(start.elapsed().as_secs_f64());
            }
            progress.message(&format!("{}:{}: {} `{}`: {}", file, c.site.line(), c.site.schema.describe(), one_line(&c.site.original), result));
            if (pass == Pass::Relabels && c.wide != Wide::Only) || (result.starts_with(SITE_TIME_LIMIT) && budget < opts.site_timeout) {
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
                result,
                stats,
                time_s: t0.elapsed().as_secs_f64(),
            });
            for pt in patches {
                if seen_patches.insert(pt.diff.clone()) {
                    report.patches.push(pt);
                }
            }
            if !opts.all && report.patches.iter().any(|pt| pt.distance <= 1) {
                break 'passes;
            }
        }
        if !opts.all && report.patches.iter().any(|pt| pt.distance <= CLOSE) {
            break;
        }
        queue = retry;
    }
    // Closest first; at equal distance, the one with fewer operators the
    // original does not use, then in the order found.
    report.patches.sort_by_key(|pt| (pt.distance, pt.objective));
    if !opts.all {
        report.patches.truncate(1);
    }
    if !report.patches.is_empty() {
        report.status = "patched".into();
        report.reason = None;
    } else if report.reason.is_none() {
        let bounded: u64 = report.attempts.iter().map(|a| a.stats.explorations_bounded).sum();
        let why = if bounded > 0 { format!(" (the path bound, --max-paths {}, stopped {bounded} test explorations)", opts.max_paths.unwrap_or(0)) } else { String::new() };
        report.reason = Some(format!("no validated patch at the {} most suspicious statements{why}", report.locations_tried));
    }
    let report = finish(report, start, &out_dir)?;
    if opts.apply {
        if let Some(pt) = report.patches.first() {
            apply_atomically(&p.dir.join(&p.sources[pt.source]), &pt.patched_source).map_err(msg)?;
            let mut r = report;
            r.applied = true;
            write_report(&r, &out_dir)?;
            return Ok(r);
        }
    }
    Ok(report)
}

/// How a patch prints constants: by the name of a macro of the same
/// family (prefix up to the first `_`) as a macro the original expression
/// names, when exactly one such macro has the value (`FTS_NS`, not `10`).
fn constant_names(original: &str, macros: &HashMap<String, i64>) -> HashMap<i64, String> {
    let words: Vec<&str> = original.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| macros.contains_key(*w)).collect();
    let family = |name: &str| name.find('_').map(|i| name[..=i].to_string());
    let families: Vec<String> = words.iter().filter_map(|w| family(w)).collect();
    let mut out: HashMap<i64, String> = HashMap::new();
    let mut ambiguous = std::collections::HashSet::new();
    for (name, v) in macros {
        if !family(name).is_some_and(|f| families.contains(&f)) || ((*v == 0 || *v == 1) && !words.contains(&name.as_str())) {
            continue;
        }
        if words.contains(&name.as_str()) {
            out.insert(*v, name.clone());
            ambiguous.remove(v);
        } else if out.get(v).is_some_and(|n| n != name && !words.contains(&n.as_str())) {
            ambiguous.insert(*v);
        } else {
            out.entry(*v).or_insert_with(|| name.clone());
        }
    }
    out.retain(|v, _| !ambiguous.contains(v));
    out
}

/// Whether `original` compares variable `name` with a character literal
/// (`c == '#'`, `' ' < *p`): then a patch writes its constants so too.
fn compared_with_char(original: &str, name: &str) -> bool {
    let v = regex::escape(name);
    let lit = r"'(?:\\.|[^'\\])+'";
    let re = format!(r"(?:(?:^|[^\w.>]){v}\s*(?:==|!=|<=|>=|<|>)\s*{lit})|(?:{lit}\s*(?:==|!=|<=|>=|<|>)\s*{v}(?:$|[^\w\[(]))");
    regex::Regex::new(&re).is_ok_and(|r| r.is_match(original))
}

fn one_line(s: &str) -> String {
    let s: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 50 {
        format!("{}…", s.chars().take(50).collect::<String>())
    } else {
        s
    }
}

const SITE_TIME_LIMIT: &str = "time limit of the site";

/// A patch this close to the original ends the search after the quick
/// pass (sites that ran out of time there are not tried again).
const CLOSE: u32 = 3;

/// Everything one site's attempt needs.
struct SiteRun<'a> {
    p: &'a Project,
    opts: &'a FixOptions,
    c: &'a Candidate,
    text: &'a str,
    /// What the parser reads of it (`cparse::project_view`).
    view: &'a str,
    tests: &'a [&'a TestCase],
    /// How many of `tests` (the first ones) fail.
    failing: usize,
    limits: &'a Limits,
    tmp: &'a Path,
    k: usize,
    budget: Duration,
    pass: Pass,
    constants: &'a [i64],
    /// Each candidate's instrumented program, made once for all passes.
    programs: &'a RefCell<HashMap<usize, Result<Rc<klee_ext::ir::Program>, String>>>,
    builds: &'a Builds,
    /// Constant macros the sources use, by name.
    macros: &'a HashMap<String, i64>,
    /// Whether `--tree` has been drawn.
    tree_drawn: &'a std::cell::Cell<bool>,
}


/// The passes over the candidate sites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Deviation search: only the terms one relabel from the original,
    /// run on the failing tests (cheap; every site before any search).
    Relabels,
    /// Every site with a short budget.
    Quick,
    /// The sites that ran out of it, with the full share.
    Full,
}

/// Instruments, infers, synthesizes and validates one site: the closest
/// terms in order, until one passes every test natively (with `--all`,
/// every one that does).
fn try_site(r: &SiteRun) -> Result<(String, InferStats, Vec<Patch>), FixError> {
    let (p, opts, c, text) = (r.p, r.opts, r.c, r.text);
    let site = &c.site;
    let none = InferStats::default();
    if site.vars.is_empty() {
        return Ok(("skipped: no usable variables (no int or pointer variable in scope)".into(), none, Vec::new()));
    }
    let dir = r.tmp.join(format!("site{}-{}", r.k, r.pass as u8));
    std::fs::create_dir_all(&dir).map_err(msg)?;
    let src_rel = &p.sources[c.src];
    let make_program = || {
        let inst = cparse::instrument(text, &c.site, &p.dir.join(src_rel).display().to_string());
        r.builds.instrumented(p, c.src, &inst, &r.tmp.join(format!("site{}", r.k)))
    };
    let prog = match r.programs.borrow_mut().entry(r.k).or_insert_with(make_program) {
        Ok(prog) => prog.clone(),
        Err(e) => return Ok((e.clone(), none, Vec::new())),
    };
    // The VM runs each test in its own prepared folder, as natively.
    let argv0 = Builds::argv0(p);
    let dirs = r.tests.iter().map(|t| native::prepare(t, &p.dir, opts.test_timeout)).collect::<Result<Vec<_>, _>>().map_err(msg)?;
    let owned: Vec<TestCase> = r.tests.iter().zip(&dirs).map(|(t, d)| TestCase { run_dir: t.fresh_dir.then(|| d.path.clone()), argv0: argv0.clone(), ..(*t).clone() }).collect();
    let vm_tests: Vec<&TestCase> = owned.iter().collect();
    let lang = c.language(opts);
    let original = cparse::original_term(r.view, site, r.macros);
    let goal = Goal { original: original.clone(), constants: r.constants.to_vec(), solutions: if opts.all { 5 } else { 3 }, keep_going: opts.all, relabels_only: r.pass == Pass::Relabels };
    let flags: Vec<bool> = site.vars.iter().map(|v| v.pointer).collect();
    let const_names = constant_names(&site.original, r.macros);
    let char_vars: Vec<bool> = site.vars.iter().map(|v| compared_with_char(&site.original, &v.name)).collect();
    // Constants print by name next to what the original reads; 0 only
    // there; never next to a flag (`p != 0`) or a condition's value.
    let named: Vec<Named> = site.vars.iter().enumerate().map(|(i, v)| if v.pointer { Named::None } else if i < site.used { Named::All } else { Named::NonZero }).collect();
    let bare: Vec<bool> = site.vars.iter().map(|v| v.opaque()).collect();
    let style = klee_ext::so::term::CStyle { consts: &const_names, char_vars: &char_vars, named: &named, bare: &bare };
    // The original as candidates print: to put it first in a join.
    let orig_form = original.as_ref().map(|o| crate::simplify::flag_tests(&crate::simplify::simplify(o), &flags));
    let mut found: Vec<Patch> = Vec::new();
    let mut rejected: Vec<String> = Vec::new();
    let mut tried = 0usize;
    // Validates one candidate natively on every test: `None` if it passes
    // them all (the patch is kept), else the index of a test it fails.
    let mut check = |term: &Term, objective: u32| -> Result<Option<usize>, String> {
        let folded = crate::simplify::simplify(term);
        let t = crate::simplify::flag_tests(&folded, &flags);
        // The original operand first where the patch joins it with a new
        // one (`orig || new`), as a developer extends a condition.
        let t = match (&t, &orig_form) {
            (Term::App(op @ (Op::Or | Op::And), a), Some(o)) if a.len() == 2 && a[1] == *o && a[0] != *o => Term::App(*op, vec![a[1].clone(), a[0].clone()]),
            _ => t,
        };
        // A pointer tested only against 0 reads as itself (`p != 0`);
        // anywhere else as its flag `(p != 0)`.
        let names: Vec<String> = site.vars.iter().enumerate().map(|(i, v)| if v.pointer && crate::simplify::only_zero_tests(&t, i) { v.name.clone() } else { v.in_patch() }).collect();
        let expr = t.to_c_styled(&names, &style);
        let patched = cparse::replace(text, site, &expr);
        if patched == text {
            rejected.push(format!("`{expr}` is the original"));
            return Ok(Some(0));
        }
        tried += 1;
        let vdir = dir.join(format!("validate{tried}"));
        std::fs::create_dir_all(&vdir).map_err(|e| e.to_string())?;
        if let Some((i, why)) = r.builds.validate(p, r.tests, opts.test_timeout, (c.src, &patched), &vdir)? {
            rejected.push(format!("`{expr}`: {why}"));
            return Ok(Some(i));
        }
        let file = src_rel.display().to_string().replace('\\', "/");
        let diff = similar::TextDiff::from_lines(text, &patched).unified_diff().context_radius(3).header(&format!("a/{file}"), &format!("b/{file}")).to_string();
        // A tautology (`x != x`) costs as the constant it folds to, not
        // as a one-node change: the larger of the term's two measures.
        let mut distance = klee_ext::so::edit::cost(original.as_ref(), term, r.constants).max(klee_ext::so::edit::cost(original.as_ref(), &folded, r.constants));
        // An expression made constant (`argv[3]` for `argv[*arg_ptr]`)
        // drops the data dependence the program had: 2 more, so that a
        // patch that still reads a variable wins at a small extra edit.
        if original.as_ref().is_some_and(crate::simplify::has_var) && !crate::simplify::has_var(&folded) {
            distance += 2;
        }
        let replacement = cparse::replacement_text(site, &expr);
        found.push(Patch { file: src_rel.display().to_string(), line: site.line(), function: site.function.clone(), schema: site.schema, original: site.original.clone(), replacement, distance, objective, diff, patched_source: patched, source: c.src });
        Ok(None)
    };
    let hole = (site.schema.hole_name(), lang);
    if let Some(file) = opts.tree.as_ref().filter(|_| !r.tree_drawn.replace(true)) {
        let at = format!("{}:{}", src_rel.display(), site.line());
        crate::tree::draw(&prog, vm_tests[0], hole, opts.engine, r.limits, &at, file).map_err(|e| msg(format!("--tree: {e}")))?;
    }
    let (inferred, stats) = match (opts.search, &original) {
        (Search::Dfs, _) | (Search::Deviation, None) if site.real => {
            return Ok(("unsupported: a floating-point condition needs the deviation search and its original as a term (comparisons of variables and constants)".into(), none, Vec::new()))
        }
        (Search::Deviation, None) if r.pass == Pass::Relabels => return Ok(("skipped in this pass: the original is not a term of the language".into(), none, Vec::new())),
        (Search::Deviation, Some(_)) => crate::lazy::infer_lazy(&prog, &vm_tests, r.failing, hole, site.vars.len(), &goal, opts.engine, r.limits, &mut check).map_err(msg)?,
        _ => {
            let (inferred, stats) = infer::infer(&prog, &vm_tests, hole, &goal, opts.engine, r.limits).map_err(msg)?;
            if let Inferred::Terms(terms) = &inferred {
                for (term, objective) in terms {
                    if check(term, *objective).map_err(msg)?.is_none() && !opts.all {
                        break;
                    }
                }
            }
            (inferred, stats)
        }
    };
    match inferred {
        Inferred::Terms(_) => {}
        Inferred::NoPassingPath { test, bounded: true, .. } => {
            return Ok((format!("no path passes test {test} within the path bound (--max-paths {})", r.limits.max_paths.unwrap_or(0)), stats, Vec::new()));
        }
        Inferred::NoPassingPath { test, cut, .. } => {
            let why = if cut { " within the budget (exploration cut by --max-forks or a limit)" } else { "" };
            return Ok((format!("no path passes test {test}{why}"), stats, Vec::new()));
        }
        Inferred::NoInterpretation { proof } if !proof.is_empty() => {
            return Ok((format!("no interpretation in the language satisfies every test (every path of test {} explored)", proof.join(", ")), stats, Vec::new()));
        }
        Inferred::NoInterpretation { .. } if stats.explorations_bounded > 0 => {
            let bound = r.limits.max_paths.unwrap_or(0);
            return Ok((format!("no interpretation in the language satisfies the paths found within the path bound (--max-paths {bound}, reached by {} tests)", stats.explorations_bounded), stats, Vec::new()));
        }
        Inferred::NoInterpretation { .. } => return Ok(("no interpretation in the language satisfies every test".into(), stats, Vec::new())),
        Inferred::NotReached => return Ok(("the hole is never evaluated".into(), stats, Vec::new())),
        Inferred::NoRelabel => return Ok(("no term one relabel from the original passes the tests".into(), stats, Vec::new())),
        Inferred::OutOfTime if found.is_empty() => return Ok((format!("{SITE_TIME_LIMIT} ({:.0} s) reached", r.budget.as_secs_f64()), stats, Vec::new())),
        Inferred::OutOfTime => {}
    }
    let result = match found.first() {
        Some(pt) => format!("patched: `{}` passes all {} tests (distance {})", pt.replacement, p.tests.len(), pt.distance),
        None => format!("no candidate passes every test natively: {}", rejected.join("; ")),
    };
    Ok((result, stats, found))
}

/// Replaces `path` by `text` through a temporary file in the same folder
/// and a rename, keeping the file's permissions.
fn apply_atomically(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut f = tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    f.write_all(text.as_bytes()).and_then(|_| f.as_file().sync_all()).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Ok(m) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(f.path(), m.permissions());
    }
    f.persist(path).map_err(|e| format!("{}: cannot replace: {e}", path.display()))?;
    Ok(())
}

fn write_report(r: &Report, out_dir: &Path) -> Result<(), FixError> {
    let json = serde_json::to_string_pretty(r).map_err(msg)?;
    std::fs::write(out_dir.join("report.json"), json).map_err(|e| msg(format!("cannot write report.json: {e}")))
}

fn finish(mut report: Report, start: Instant, out_dir: &Path) -> Result<Report, FixError> {
    report.time_s = start.elapsed().as_secs_f64();
    let patch = out_dir.join("patch.diff");
    match report.patches.first() {
        Some(pt) => std::fs::write(&patch, &pt.diff).map_err(|e| msg(format!("cannot write {}: {e}", patch.display())))?,
        None => {
            let _ = std::fs::remove_file(&patch);
        }
    }
    if report.patches.len() > 1 {
        for (i, pt) in report.patches.iter().enumerate() {
            let f = out_dir.join(format!("patch-{}.diff", i + 1));
            std::fs::write(&f, &pt.diff).map_err(|e| msg(format!("cannot write {}: {e}", f.display())))?;
        }
    }
    write_report(&report, out_dir)?;
    Ok(report)
}

/// The short human summary printed on stdout.
pub fn summary(r: &Report) -> String {
    let mut s = String::new();
    let failing = r.tests.iter().filter(|t| !t.passed).count();
    match r.status.as_str() {
        "nothing-to-repair" => s.push_str(&format!("{}\n", r.reason.as_deref().unwrap_or("nothing to repair"))),
        "patched" => {
            for (i, pt) in r.patches.iter().enumerate() {
                if i == 0 {
                    s.push_str(&format!("patch found ({}): {}:{} in {}(): {}\n", r.engine, pt.file, pt.line, pt.function, pt.schema.describe()));
                } else {
                    s.push_str(&format!("another patch: {}:{} in {}(): {}\n", pt.file, pt.line, pt.function, pt.schema.describe()));
                }
                s.push_str(&format!("  - {}\n  + {}\n", one_line(&pt.original), one_line(&pt.replacement)));
            }
            s.push_str(&format!("validated: all {} tests pass ({} failed before)\n", r.tests.len(), failing));
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

#[cfg(test)]
mod char_tests {
    #[test]
    fn variables_compared_with_character_literals() {
        use super::compared_with_char as f;
        assert!(f("c == '#'", "c"));
        assert!(f("' ' < *p", "*p"));
        assert!(f("ch != '\\n' && n > 0", "ch"));
        assert!(!f("ch != '\\n' && n > 0", "n"));
        assert!(!f("cc == 'x'", "c"));
        assert!(!f("c == 35", "c"));
    }
}
