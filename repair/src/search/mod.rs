//! The searches at a site's second-order hole, and what they share: the
//! problem ([`SiteProblem`]), its work ([`Limits`]), what a search found
//! ([`Inferred`], [`InferStats`]), and the run of every test in the VM
//! with the holes symbolic ([`explore_tests`]).
//!
//! * [`exhaustive`]: every path of every test first, then one solve of
//!   `Phi = AND_i OR_j pi_ij` with a preference for the original
//!   expression (the paper's procedure, `--search dfs`);
//! * [`deviation`]: tests run as the original, then with 1, 2, …
//!   deviating evaluations of the hole, the specification grown on demand
//!   (`--search deviation`, the default);
//! * [`sets`]: the deviation search at several holes at once.

pub mod deviation;
pub mod exhaustive;
pub mod sets;

use crate::config::{MatchKind, TestCase};
use crate::native::judge;
use klee_ext::exec::PathReport;
use klee_ext::exec::{ArgSpec, Config, Executor, ObjectResolution, StopReason, Termination};
use klee_ext::expr::ExprId;
use klee_ext::ir::Program;
use klee_ext::so::Pool;
use klee_ext::so::{Encoding, HoleMode, LangSpec, Term};
use klee_ext::solver::forced_value;
use klee_ext::solver::FirstOrder;
use klee_ext::spec::{self, PathSpec};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// What stops a site search before it has an answer. (A search that
/// finds no term is no error: [`Inferred`] says why.)
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("no hole to explore")]
    NoHole,
    #[error("the deviation search needs the original expression as a term")]
    NotATerm,
    /// The VM could not start on a test (its program or configuration).
    #[error("cannot start the VM on test {test}: {cause}")]
    Start { test: String, cause: klee_ext::exec::StartError },
    /// The solver failed on the specification (not a spent budget, which
    /// is [`Inferred::OutOfWork`]).
    #[error("solving the specification: {0}")]
    Solve(String),
    /// A candidate could not be validated natively (its build or runs,
    /// in the caller's words).
    #[error("{0}")]
    Validate(String),
    /// The VM could not be set up again for the next run of a test.
    #[error("cannot start the VM again: {0}")]
    Restart(klee_ext::exec::StartError),
}

/// The three configurations of the paper's Table 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    SoPse,
    SoCbs,
    /// First-order baseline (Angelix-style): a fresh symbolic value per
    /// evaluation of the hole; the same synthesizer afterwards.
    Fo,
}

impl Engine {
    pub fn parse(s: &str) -> Result<Engine, String> {
        match s {
            "so-pse" => Ok(Engine::SoPse),
            "so-cbs" => Ok(Engine::SoCbs),
            "fo" => Ok(Engine::Fo),
            _ => Err(format!("unknown engine `{s}` (expected so-pse, so-cbs or fo)")),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Engine::SoPse => "so-pse",
            Engine::SoCbs => "so-cbs",
            Engine::Fo => "fo",
        }
    }
    pub(crate) fn encoding(self) -> Encoding {
        if self == Engine::SoCbs {
            Encoding::Cbs
        } else {
            Encoding::Pse
        }
    }
}

/// Limits of one site's inference.
#[derive(Clone, Debug)]
pub struct Limits {
    /// `--max-forks` of each test's exploration.
    pub max_forks: u64,
    /// Paths of one test's exploration under the deviation search, over
    /// all its runs (`None`: no bound but time).
    pub max_paths: Option<u64>,
    /// Instructions one path may run (a hole can make a loop endless).
    pub max_path_instructions: u64,
    /// Instructions of one test's exploration.
    pub max_instructions: u64,
    /// The whole repair's deadline.
    pub deadline: Instant,
    /// Per solver query.
    pub query_timeout: Duration,
    /// Applications of the hole one path may make (`None`: no bound).
    pub max_applications: Option<u64>,
    /// Runs (schedules of tests) of one site's deviation search: its work
    /// budget (`None`: none but time).
    pub max_runs: Option<u64>,
    /// VM instructions of one site's runs, summed over its tests: its
    /// work budget beside the runs (`None`: none).
    pub max_site_instructions: Option<u64>,
    /// Candidates of one site's deviation search validated natively (a
    /// build and the tests each): its work budget beside the runs and
    /// instructions (`None`: none).
    pub max_validations: Option<u64>,
    /// Count each first-order query's limit in Z3 steps rather than time
    /// (`SolverConfig::steps`; `fix`).
    pub solver_steps: bool,
    /// A test no explored path passes is set aside (listed in
    /// [`InferStats::unpassed`], no paths) rather than ending the
    /// exploration (`model-lib`'s recording: a test that fails under the
    /// VM whatever the function returns still leaves the others); at the
    /// deadline, the tests recorded stand and the others are listed in
    /// [`InferStats::unreached`].
    pub skip_unpassed: bool,
    /// Once a test has a passing path, its exploration goes on for at
    /// most this many more forks (`None`: for its share of the time
    /// left). A budget in work, so what is recorded does not depend on
    /// the machine's load (`model-lib`'s recording).
    pub forks_after_pass: Option<u64>,
    /// Also keep the failing paths of a test whose exploration was cut
    /// ([`Explored::Paths`]' third field): with only some of its passing
    /// paths known, what a test rules out is the failing paths seen.
    pub keep_failing: bool,
    /// Values the VM would pin fork over their small values
    /// (`Config::fork_on_pins`): model-lib's second recording of the
    /// tests its first left undecided.
    pub fork_on_pins: bool,
}

/// The terms one edit from a site's original that the VM could not judge
/// on the failing tests: a run of the term, or of the original, stopped
/// at a limit of the VM's work (instructions, stack, memory).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Unjudged {
    /// Every term was judged.
    #[default]
    None,
    /// These, closest first.
    Terms(Vec<Term>),
    /// Every term: the original's own run, or the site's work, ran out.
    All,
}

/// Counters of one site's inference.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct InferStats {
    pub paths: u64,
    /// Paths whose output passes their test.
    pub passing_paths: u64,
    pub paths_pruned: u64,
    pub forks: u64,
    /// Z3 steps of the VM's first-order checks (with `Limits::solver_steps`).
    pub solver_steps: u64,
    pub so_queries: u64,
    /// Test explorations cut short by a limit (budget exhausted).
    pub explorations_cut: u64,
    /// Test explorations that stopped at the path bound (`--max-paths`).
    pub explorations_bounded: u64,
    pub explore_s: f64,
    pub solve_s: f64,
    /// `deviation` or `dfs`.
    pub search: String,
    /// Per test, what its exploration did (the deviation search only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tests: Vec<TestSearch>,
    /// Synthesis rounds (the deviation search: one per specification
    /// solved).
    pub rounds: u64,
    /// Candidates the native validation rejected.
    pub rejected: u64,
    /// The terms one edit from the original that the VM could not judge
    /// on the failing tests (the relabel pass).
    #[serde(skip)]
    pub unjudged: Unjudged,
    /// The edit distance of the closest term the last round of the
    /// specification gave (the deviation search): the specification only
    /// grows, so no later term of the site is closer — what a site cut by
    /// its time could still offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u32>,
    /// Median time of a second-order query, in milliseconds.
    pub so_query_median_ms: f64,
    /// Every second-order query's time.
    #[serde(skip)]
    pub query_times: Vec<Duration>,
    /// The times of the satisfiable and of the unsatisfiable ones.
    #[serde(skip)]
    pub sat_times: Vec<Duration>,
    #[serde(skip)]
    pub unsat_times: Vec<Duration>,
    /// Tests set aside because no explored path passed them
    /// ([`Limits::skip_unpassed`]), each with whether its exploration was
    /// cut by a limit.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unpassed: Vec<(String, bool)>,
    /// Tests no explored path passed whose exploration was complete but
    /// some of whose paths ended where the VM cannot tell the outcome (a
    /// symbolic value pinned to one value, a limit): not known to fail
    /// whatever the holes do ([`Limits::skip_unpassed`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub undecided: Vec<String>,
    /// Tests whose exploration the deadline ended before any path passed
    /// or that it did not reach ([`Limits::skip_unpassed`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unreached: Vec<String>,
}

/// One test's deviation-ordered exploration at a site.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct TestSearch {
    pub test: String,
    /// Runs (one per schedule of deviations).
    pub runs: u64,
    pub paths: u64,
    /// Deviations from the original of each path the deviation order
    /// explored, in order (the first 64; candidates' runs are not in it).
    pub deviations: Vec<u32>,
    /// Deviations of each passing path found.
    pub passing: Vec<u32>,
    /// Every schedule was explored (the test's paths are all known).
    pub exhausted: bool,
    /// The exploration stopped at the path bound (`--max-paths`).
    pub bounded: bool,
    /// Whether the test's paths entered the specification.
    pub in_spec: bool,
}

/// What inference found at a site.
#[derive(Clone, Debug)]
pub enum Inferred {
    /// Interpretations of the hole satisfying every test's specification,
    /// closest to the original first, with their edit distance.
    Terms(Vec<(Term, u32)>),
    /// No explored path of this test passes it.
    NoPassingPath { test: String, cut: bool, bounded: bool },
    /// The specification has no solution in the language; with the tests
    /// whose paths were all explored when the specification proves it.
    NoInterpretation { proof: Vec<String> },
    /// The program never evaluated the hole.
    NotReached,
    /// No term one relabel from the original passes the tests (the
    /// relabel pass, which tries nothing else).
    NoRelabel,
    /// The deadline passed.
    OutOfTime,
    /// The site's work budget (`Limits::max_runs` or
    /// `Limits::max_site_instructions`) was spent.
    OutOfWork,
}

/// What the synthesizer prefers: the original expression, the program's
/// constants, and how many ranked terms to return.
#[derive(Clone, Debug, Default)]
pub struct Goal {
    pub original: Option<Term>,
    pub constants: Vec<i64>,
    pub solutions: usize,
    /// The deviation search's first pass: only terms one relabel from the
    /// original (no deviation search, no optimizer).
    pub relabels_only: bool,
}

/// One site's search problem, as both site searches ([`exhaustive`] and
/// [`deviation`]) take it.
pub struct SiteProblem<'a> {
    /// The program with the site's hole.
    pub prog: &'a Program,
    /// The tests as the VM runs them, failing ones first.
    pub tests: &'a [&'a TestCase],
    /// How many of `tests` (the first ones) fail.
    pub failing: usize,
    /// The hole's name and language.
    pub hole: (&'a str, &'a LangSpec),
    /// The hole's number of arguments.
    pub arity: usize,
    pub goal: &'a Goal,
    pub engine: Engine,
    pub limits: &'a Limits,
}

/// What running every test with the holes found.
#[allow(clippy::large_enum_variant)] // one per site search, moved once
pub(crate) enum Explored {
    /// The pool of the runs and, per test in order, its passing paths
    /// and, when [`Limits::keep_failing`] and its exploration was cut,
    /// the paths that ended failing it (a wrong exit status or output).
    Paths(Pool, Vec<Vec<PathSpec>>, Vec<Option<Vec<PathSpec>>>),
    OutOfTime,
    /// No explored path of this test passes it (`cut`: its exploration
    /// stopped at a limit).
    NoPassingPath {
        test: String,
        cut: bool,
    },
}

/// Runs every test (in the given order) on `prog` with `holes` in
/// `engine`'s mode, on one shared pool, keeping each passing path's
/// condition as `condition` states it; counts into `stats`.
pub(crate) fn explore_tests(
    prog: &Program, tests: &[&TestCase], holes: &[(String, LangSpec)], engine: Engine, limits: &Limits,
    stats: &mut InferStats, condition: impl Fn(&mut FirstOrder, &mut Pool, &PathReport) -> Vec<ExprId>,
) -> Result<Explored, SearchError> {
    let mut query_times: Vec<Duration> = Vec::new();
    let mut pool = Pool::new();
    let mut spec_paths: Vec<Vec<PathSpec>> = Vec::new();
    let mut cut_failing: Vec<Option<Vec<PathSpec>>> = Vec::new();
    let t0 = Instant::now();
    let mut fo = first_order(limits.solver_steps, limits.query_timeout);
    let Some((first, first_lang)) = holes.first() else { return Err(SearchError::NoHole) };
    // The VM's checks at the site, counted in Z3 steps, are its work as
    // the deviation search's are: the tests' explorations together take
    // at most this many (`None`: no bound but each query's).
    let mut steps_left =
        limits.max_runs.filter(|_| limits.solver_steps).map(|r| r.saturating_mul(SOLVER_STEPS_PER_RUN));
    for t in tests {
        let now = Instant::now();
        if now >= limits.deadline {
            if !limits.skip_unpassed {
                return Ok(Explored::OutOfTime);
            }
            // What was recorded stands; the tests left are listed.
            unreached(t, stats, &mut spec_paths, &mut cut_failing);
            continue;
        }
        let mut cfg = test_config(t, (first, first_lang), engine, limits, limits.deadline - now);
        cfg.so_langs = holes.to_vec();
        cfg.max_solver_steps = steps_left;
        let mut ex =
            Executor::with_pool(prog, cfg, pool).map_err(|cause| SearchError::Start { test: t.name.clone(), cause })?;
        let mut passing = Vec::new();
        let mut failing = Vec::new();
        let mut unknown = false;
        let mut paths = 0u64;
        // Once a test has a passing path, its exploration goes on for at
        // most its share of the time left: the specification needs one
        // passing path per test, and a hole in a loop can make many.
        let left = tests.len().saturating_sub(spec_paths.len()).max(1) as u32;
        let share = limits.deadline.saturating_duration_since(now) / left;
        let end = ex.run(&mut |ex, r| {
            paths += 1;
            // A concretized value: the values it left out were not run.
            unknown |= r.concretized;
            let exit = match r.termination {
                Termination::Exit(c) => Some(c),
                _ => None,
            };
            if judge(t, &r.stdout, &r.stderr, exit) {
                if passing.is_empty() {
                    match limits.forks_after_pass {
                        Some(n) => ex.limit_forks(n),
                        None => ex.limit_time(share),
                    }
                }
                let constraints = condition(&mut fo, &mut ex.pool, &r);
                passing.push(PathSpec { constraints, apps: r.apps.to_vec() });
            } else if limits.keep_failing && fails_for_sure(&r.termination) {
                let constraints = condition(&mut fo, &mut ex.pool, &r);
                failing.push(PathSpec { constraints, apps: r.apps.to_vec() });
            } else {
                // A limit, or a model of the executor's (a symbolic
                // allocation size concretized to one value, the others
                // ended as a model error): what the program does there is
                // not known.
                unknown = true;
            }
        });
        let ss = ex.solver_stats();
        stats.solver_steps += ex.solver_steps();
        steps_left = steps_left.map(|n| n.saturating_sub(ex.solver_steps()));
        stats.paths += paths;
        stats.passing_paths += passing.len() as u64;
        stats.paths_pruned += ss.so_pruned + ex.stats.so_pruned;
        stats.forks += ex.stats.forks;
        stats.so_queries += (ss.so.sat.len() + ss.so.unsat.len() + ss.so.unknown.len()) as u64;
        query_times.extend(ss.so.sat.iter().chain(&ss.so.unsat).chain(&ss.so.unknown).copied());
        stats.sat_times.extend(ss.so.sat.iter().copied());
        stats.unsat_times.extend(ss.so.unsat.iter().copied());
        stats.so_query_median_ms = median_ms(&mut query_times);
        stats.query_times = query_times.clone();
        let cut = end != klee_ext::exec::RunEnd::Exhausted || ex.stats.forks >= limits.max_forks || ex.forks_spent();
        log::debug!(
            target: "se2repair::explore",
            "test {}: {paths} paths ({} passing), {} forks{}, {:.2} s",
            t.name,
            passing.len(),
            ex.stats.forks,
            if cut { ", cut" } else { "" },
            now.elapsed().as_secs_f64()
        );
        stats.explorations_cut += cut as u64;
        pool = ex.into_pool();
        stats.explore_s = t0.elapsed().as_secs_f64();
        if passing.is_empty() {
            if Instant::now() >= limits.deadline {
                if !limits.skip_unpassed {
                    return Ok(Explored::OutOfTime);
                }
                unreached(t, stats, &mut spec_paths, &mut cut_failing);
                continue;
            }
            if !limits.skip_unpassed {
                return Ok(Explored::NoPassingPath { test: t.name.clone(), cut });
            }
            if !cut && unknown {
                stats.undecided.push(t.name.clone());
            } else if !cut {
                stats.unpassed.push((t.name.clone(), cut));
            }
        }
        spec_paths.push(passing);
        // With paths of unknown outcome, the paths seen are not all of
        // them either: the test keeps its failing paths as a cut one does.
        cut_failing.push(((cut || unknown) && limits.keep_failing).then_some(failing));
    }
    Ok(Explored::Paths(pool, spec_paths, cut_failing))
}

/// `t` not recorded before the deadline: no paths, listed.
fn unreached(
    t: &TestCase, stats: &mut InferStats, spec_paths: &mut Vec<Vec<PathSpec>>,
    cut_failing: &mut Vec<Option<Vec<PathSpec>>>,
) {
    stats.unreached.push(t.name.clone());
    spec_paths.push(Vec::new());
    cut_failing.push(None);
}

/// Whether a path that does not pass its test fails it as the program
/// would natively: a wrong exit status or output, or a fault of the
/// program's own (not a limit, nor a model of the executor's).
fn fails_for_sure(t: &Termination) -> bool {
    use klee_ext::exec::ErrorKind as K;
    match t {
        Termination::Exit(_) | Termination::Early(StopReason::OutputMismatch) => true,
        Termination::Error { kind, .. } => {
            matches!(kind, K::Ptr | K::Free | K::Div | K::Assert | K::Abort | K::ReadOnly)
        }
        _ => false,
    }
}

/// The median of `times` in milliseconds (0 for none).
pub fn mean_ms(times: &[Duration]) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.iter().sum::<Duration>().as_secs_f64() * 1000.0 / times.len() as f64
}

pub fn median_ms(times: &mut [Duration]) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.sort_unstable();
    times[times.len() / 2].as_secs_f64() * 1000.0
}

/// The VM's configuration for running test `t` with the hole `hole`.
pub(crate) fn test_config(
    t: &TestCase, hole: (&str, &LangSpec), engine: Engine, limits: &Limits, time: Duration,
) -> Config {
    let mut cfg = Config {
        warnings: false,
        max_forks: Some(limits.max_forks),
        max_time: Some(time),
        max_instructions: Some(limits.max_instructions),
        max_path_instructions: Some(limits.max_path_instructions),
        max_hole_applications: limits.max_applications,
        program_name: t.argv0.clone().unwrap_or_else(|| "program".into()),
        args: t.args.iter().cloned().map(ArgSpec::Concrete).collect(),
        stdin: Some(Rc::new(t.stdin.clone())),
        expect_stdout: match (&t.stdout, t.match_kind) {
            (Some(s), MatchKind::Exact) => Some(Rc::new(s.clone().into_bytes())),
            _ => None,
        },
        hole_mode: if engine == Engine::Fo { HoleMode::Fo } else { HoleMode::So },
        fork_on_values: true,
        fork_on_pins: limits.fork_on_pins,
        object_resolution: ObjectResolution::Indexed,
        so_langs: vec![(hole.0.to_string(), hole.1.clone())],
        ..Config::default()
    };
    cfg.solver.timeout = Some(limits.query_timeout);
    cfg.solver.steps = limits.solver_steps;
    cfg.solver.so.encoding = engine.encoding();
    place(&mut cfg, t);
    cfg
}

/// Test `t`'s folder and environment in the VM's configuration: its
/// prepared folder (and working folder in it), the tool's environment
/// with the test's variables over it.
pub(crate) fn place(cfg: &mut Config, t: &TestCase) {
    if let Some(d) = &t.run_dir {
        cfg.cwd = Some(t.cwd.as_ref().map_or(d.clone(), |c| d.join(c)));
        // The run may change its own test folder, as the native one does.
        cfg.scratch_dir = Some(d.clone());
    }
    if !t.env.is_empty() {
        let mut env: Vec<Vec<u8>> = std::env::vars_os()
            .filter(|(k, _)| !t.env.iter().any(|(n, _)| k.as_os_str() == n.as_str()))
            .map(|(k, v)| {
                use std::os::unix::ffi::OsStrExt;
                [k.as_bytes(), b"=", v.as_bytes()].concat()
            })
            .collect();
        env.extend(t.env.iter().map(|(k, v)| format!("{k}={v}").into_bytes()));
        cfg.env = Some(env);
    }
}

/// Z3 steps a round's solve of the specification may take per run of the
/// site's work budget (`Limits::max_runs`): about 1 s of solving in the
/// full pass.
pub(crate) const SOLVE_STEPS_PER_RUN: u64 = 1_000;

/// Z3 steps all the rounds of one site may take together, per run of its
/// work budget: about 7 s of solving in the full pass, however many
/// candidates the rounds propose and their validation rejects.
pub(crate) const SITE_SOLVE_STEPS_PER_RUN: u64 = 10_000;

/// Time limit of one first-order query in a scheduled run.
pub(crate) const RUN_QUERY_TIME: Duration = Duration::from_millis(250);

/// VM instructions of one scheduled run (one schedule of one test): a run
/// whose deviating integer makes the rest of the test symbolic may fork
/// without end; it is cut, and the search goes on with other schedules.
/// About a second of the VM.
pub(crate) const RUN_INSTRUCTIONS: u64 = 25_000_000;

/// Z3 steps of the VM's checks in one scheduled run, per run of the
/// site's work budget (`Limits::max_runs`), the site's runs together
/// bounded alike: a run whose paths each cost long queries (a loop on a
/// symbolic bound that ends in a printed number) does its work in the
/// solver, not in instructions. About 20 ms of Z3 a run of the budget.
pub(crate) const SOLVER_STEPS_PER_RUN: u64 = 20_000;

/// The executor of test `t`'s scheduled runs (the deviation searches):
/// made at the first run with every hole of `holes` and `sched`,
/// restarted under `sched` for each later one; `time` is the run's limit,
/// `solver_steps` its Z3 steps (`None`: no bound).
/// A test's runs share no instruction budget (each path has its own
/// limit), and a query that takes long ends its path rather than the
/// site's budget.
#[allow(clippy::too_many_arguments)]
pub(crate) fn scheduled_executor<'e, 'p>(
    slot: &'e mut Option<Executor<'p>>, prog: &'p Program, t: &TestCase, holes: &[(String, LangSpec)], engine: Engine,
    limits: &Limits, time: Duration, solver_steps: Option<u64>, sched: Rc<klee_ext::exec::so::HoleSchedule>,
) -> Result<&'e mut Executor<'p>, SearchError> {
    if let Some(ex) = slot {
        // The run's instructions, as work: the executor's count goes on
        // over its runs.
        let cap = ex.stats.instructions + RUN_INSTRUCTIONS;
        let steps = solver_steps.map(|n| ex.solver_steps() + n);
        ex.restart(Some(time), |c| {
            c.hole_schedule = Some(sched);
            c.max_instructions = Some(cap);
            c.max_solver_steps = steps;
        })
        .map_err(SearchError::Restart)?;
        return Ok(ex);
    }
    let Some((first, lang)) = holes.first() else { return Err(SearchError::NoHole) };
    let mut cfg = test_config(t, (first, lang), engine, limits, time);
    cfg.so_langs = holes.to_vec();
    cfg.max_instructions = Some(RUN_INSTRUCTIONS);
    cfg.max_solver_steps = solver_steps;
    cfg.hole_schedule = Some(sched);
    cfg.solver.timeout = Some(limits.query_timeout.min(RUN_QUERY_TIME));
    let ex = Executor::new(prog, cfg).map_err(|cause| SearchError::Start { test: t.name.clone(), cause })?;
    Ok(slot.insert(ex))
}

/// The first-order backend of a search: limited per query by Z3's steps
/// (`steps`) or by time.
fn first_order(steps: bool, query_time: Duration) -> FirstOrder {
    if steps {
        klee_ext::solver::first_order_steps(Some(query_time))
    } else {
        klee_ext::solver::first_order(Some(query_time))
    }
}

/// A scheduled evaluation of a passing path as an example: a deviation
/// left symbolic is exact where the path forces its value; elsewhere
/// only `!= original` is known (`fo`: the first-order backend, made at
/// the first use).
pub(crate) fn path_example(
    fo: &mut Option<FirstOrder>, pool: &mut Pool, r: &PathReport, a: &klee_ext::exec::so::AppRecord,
    query_time: Duration,
) -> spec::Example {
    match a.free {
        Some((arr, o))
            if forced_value(
                fo.get_or_insert_with(|| first_order(true, query_time)),
                pool,
                &r.constraints,
                arr,
                a.value as u32,
            )
            .is_none() =>
        {
            (a.args.clone(), spec::Rel::Ne(o))
        }
        _ => (a.args.clone(), spec::Rel::Eq(a.value)),
    }
}
