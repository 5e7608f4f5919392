//! Specification inference and synthesis for a sketch's holes, as `fix`
//! does at one site (`search::exhaustive`), with every hole of the sketch solved
//! together: each test runs in the VM with the holes symbolic, the paths
//! whose output passes it make up `Phi = AND_i OR_j pi_ij`, and the
//! specification is solved for the smallest terms.

use crate::config::TestCase;
use crate::search::{explore_tests, Engine, Explored, InferStats, Limits};
use klee_ext::exec::PathReport;
use klee_ext::expr::ExprId;
use klee_ext::ir::Program;
use klee_ext::so::Pool;
use klee_ext::so::{LangSpec, Term};
use klee_ext::solver::FirstOrder;
use klee_ext::spec::{self, PathSpec, SpecOptions};
use std::time::{Duration, Instant};

/// What synthesis found.
#[derive(Clone, Debug)]
pub enum Synthesized {
    /// Interpretations of every hole, best first.
    Terms(Vec<Vec<(String, Term)>>),
    /// No path of the program with the sketch passes this test (`cut`:
    /// its exploration stopped at a limit).
    NoPassingPath {
        test: String,
        cut: bool,
    },
    /// The tests have no solution in the language; `test` is the first
    /// (in order) that no term meeting the tests before it also meets.
    NoInterpretation {
        test: Option<String>,
    },
    /// The program never called the function on any test.
    NotReached,
    OutOfTime,
}

/// How long the optimizer may look for the smallest terms before any
/// term will do.
const MINIMAL_BUDGET: Duration = Duration::from_secs(2);

/// Runs every test on `prog` with the sketch's `holes`, then solves;
/// `explain`: when there is no solution, find the test that cannot be met.
pub fn synthesize(
    prog: &Program, tests: &[&TestCase], holes: &[(String, LangSpec)], engine: Engine, limits: &Limits,
    solutions: usize, explain: bool,
) -> Result<(Synthesized, InferStats), String> {
    let mut stats = InferStats { search: "dfs".into(), ..InferStats::default() };
    let explored = explore_tests(prog, tests, holes, engine, limits, &mut stats, pin_some);
    let (pool, spec_paths) = match explored.map_err(|e| e.to_string())? {
        Explored::Paths(pool, paths, _) => (pool, paths),
        Explored::OutOfTime => return Ok((Synthesized::OutOfTime, stats)),
        Explored::NoPassingPath { test, cut } => return Ok((Synthesized::NoPassingPath { test, cut }, stats)),
    };
    let vars: Vec<(String, klee_ext::so::SoVarId)> =
        holes.iter().filter_map(|(n, _)| pool.so.find(n).map(|v| (n.clone(), v))).collect();
    if vars.is_empty() {
        return Ok((Synthesized::NotReached, stats));
    }
    let t1 = Instant::now();
    let solve =
        |paths: &[Vec<PathSpec>], want: usize, any: bool, cap: Duration| -> Result<Vec<spec::Solution>, String> {
            let remaining = limits.deadline.saturating_duration_since(Instant::now()).min(cap);
            if remaining.is_zero() {
                return Err("out of time".into());
            }
            let opts = SpecOptions {
                encoding: engine.encoding(),
                timeout: Some(remaining),
                known_constants: Vec::new(),
                solutions: want,
                relabels_only: false,
                any,
                rlimit: None,
                ..SpecOptions::default()
            };
            spec::solve(&pool, paths, &[], &opts)
        };
    // The smallest terms (the minimal-change objective) when the
    // optimizer finds them quickly; else any term (the caller tries the
    // smaller languages first).
    // A language without conditionals has few ways to fit the tests by
    // accident: any term will do there.
    let conditional = holes.iter().any(|(_, l)| !matches!(l, LangSpec::Linear(_)));
    let solved = match conditional {
        true => solve(&spec_paths, solutions.max(1), false, MINIMAL_BUDGET)
            .or_else(|_| solve(&spec_paths, solutions.max(1), true, Duration::MAX)),
        false => solve(&spec_paths, solutions.max(1), true, Duration::MAX),
    };
    stats.solve_s = t1.elapsed().as_secs_f64();
    let sols = match solved {
        Ok(s) => s,
        Err(_) if Instant::now() >= limits.deadline => return Ok((Synthesized::OutOfTime, stats)),
        Err(e) => return Err(format!("solving the specification: {e}")),
    };
    if sols.is_empty() {
        // The first test whose paths, with those before it, have no
        // solution: the one that cannot be met.
        let mut culprit = None;
        for k in (1..=spec_paths.len()).take_while(|_| explain) {
            match solve(&spec_paths[..k], 1, true, Duration::MAX) {
                Ok(s) if s.is_empty() => {
                    culprit = Some(tests[k - 1].name.clone());
                    break;
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
        stats.solve_s = t1.elapsed().as_secs_f64();
        return Ok((Synthesized::NoInterpretation { test: culprit }, stats));
    }
    let terms = sols
        .iter()
        .map(|s| {
            vars.iter().filter_map(|(n, v)| s.interp.get(v).map(|t| (n.clone(), (**t).clone()))).collect::<Vec<_>>()
        })
        .filter(|ts: &Vec<(String, Term)>| ts.len() == vars.len())
        .collect::<Vec<_>>();
    Ok((Synthesized::Terms(terms), stats))
}

/// The limits of one synthesis within `time`.
pub fn limits(time: Duration, max_forks: u64) -> Limits {
    Limits {
        max_forks,
        max_paths: None,
        max_path_instructions: 5_000_000,
        max_instructions: 50_000_000,
        deadline: Instant::now() + time,
        query_timeout: Duration::from_secs(10).min(time),
        max_applications: Some(256),
        max_runs: None,
        max_validations: None,
        max_site_instructions: None,
        solver_steps: false,
        skip_unpassed: false,
        forks_after_pass: None,
        keep_failing: false,
        fork_on_pins: false,
    }
}

/// A passing path's condition with every application whose value the
/// condition forces pinned to it, and only the constraints that mention
/// some other application kept. In a test run every input is concrete,
/// so a constraint over pinned applications only is a closed formula
/// the path already satisfies; dropping it removes the digit chains of
/// printing a folded value (an accumulation's last `acc`).
fn pin_some(fo: &mut FirstOrder, pool: &mut Pool, r: &PathReport) -> Vec<ExprId> {
    let mut out = Vec::new();
    let mut pinned = std::collections::HashSet::new();
    for (arr, rec) in r.apps.iter().zip(&r.so.apps) {
        if let Some(eq) = klee_ext::solver::forced_value(fo, pool, &r.constraints, *arr, rec.value as u32) {
            out.push(eq);
            pinned.insert(*arr);
        }
    }
    for &c in r.constraints.iter() {
        // The applications the constraint reads directly (an argument's
        // own applications are tied by the occurrence's definition).
        let direct: Vec<_> =
            pool.vars_of(&[c]).into_iter().map(|(a, _)| a).filter(|a| pool.so.occurrence(*a).is_some()).collect();
        if direct.is_empty() || direct.iter().any(|a| !pinned.contains(a)) {
            out.push(c);
        }
    }
    out
}
