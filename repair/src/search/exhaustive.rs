//! The exhaustive site search (`fix --search dfs`, and a site whose
//! original is not a term of its language): every path of every test in
//! the VM with the hole symbolic, then one solve of the specification
//! `Phi = AND_i OR_j pi_ij` for the terms closest to the original.

use super::{
    explore_tests, Explored, InferStats, Inferred, SearchError, SiteProblem, SITE_SOLVE_STEPS_PER_RUN,
    SOLVE_STEPS_PER_RUN,
};
use klee_ext::exec::PathReport;
use klee_ext::expr::ExprId;
use klee_ext::so::{Pool, Term};
use klee_ext::solver::{forced_value, FirstOrder};
use klee_ext::spec::{self, SpecOptions};
use std::time::Instant;

/// Runs every test (in the given order) on the program with the hole in
/// the engine's mode, then solves the specification.
pub fn search(problem: &SiteProblem) -> Result<(Inferred, InferStats), SearchError> {
    let SiteProblem { prog, tests, hole, goal, engine, limits, .. } = *problem;
    let mut stats = InferStats { search: "dfs".into(), ..InferStats::default() };
    let holes = [(hole.0.to_string(), hole.1.clone())];
    let (pool, spec_paths) = match explore_tests(prog, tests, &holes, engine, limits, &mut stats, |fo, pool, r| {
        pin(fo, pool, r).unwrap_or_else(|| r.constraints.to_vec())
    })? {
        Explored::Paths(pool, paths, _) => (pool, paths),
        Explored::OutOfTime => return Ok((Inferred::OutOfTime, stats)),
        Explored::NoPassingPath { test, cut } => {
            return Ok((Inferred::NoPassingPath { test, cut, bounded: false }, stats))
        }
    };
    let Some(var) = pool.so.find(hole.0) else {
        return Ok((Inferred::NotReached, stats));
    };
    let t1 = Instant::now();
    let remaining = limits.deadline.saturating_duration_since(t1);
    if remaining.is_zero() {
        return Ok((Inferred::OutOfTime, stats));
    }
    let prefer: Vec<(klee_ext::so::SoVarId, Term)> = goal.original.iter().map(|t| (var, t.clone())).collect();
    // The solve is the site's work too, bounded as the deviation search's
    // rounds are: Z3 steps per check and in all, in proportion to the
    // site's budget of runs.
    let opts = SpecOptions {
        encoding: engine.encoding(),
        timeout: Some(remaining),
        known_constants: goal.constants.clone(),
        solutions: goal.solutions,
        relabels_only: false,
        any: false,
        rlimit: limits.max_runs.map(|r| r.saturating_mul(SOLVE_STEPS_PER_RUN).min(u32::MAX as u64) as u32),
        budget: limits.max_runs.map(|r| r.saturating_mul(SITE_SOLVE_STEPS_PER_RUN)),
        ..SpecOptions::default()
    };
    let solved = spec::solve(&pool, &spec_paths, &prefer, &opts);
    stats.solve_s = t1.elapsed().as_secs_f64();
    match solved {
        Ok(sols) if sols.is_empty() => Ok((Inferred::NoInterpretation { proof: Vec::new() }, stats)),
        Ok(sols) => {
            let terms: Vec<(Term, u32)> =
                sols.iter().filter_map(|s| s.interp.get(&var).map(|t| ((**t).clone(), s.cost))).collect();
            Ok((if terms.is_empty() { Inferred::NotReached } else { Inferred::Terms(terms) }, stats))
        }
        Err(_) if Instant::now() >= limits.deadline => Ok((Inferred::OutOfTime, stats)),
        // The solve's steps are spent (or a check's): the site's work.
        Err(_) if limits.max_runs.is_some() => Ok((Inferred::OutOfWork, stats)),
        Err(e) => Err(SearchError::Solve(e.to_string())),
    }
}

/// A passing path's condition as "each application has the value it had",
/// when the condition forces exactly these values (checked first-order,
/// applications free). Printing a value constrains its digits through a
/// chain of divisions, which the solver of the specification then needs
/// not see again.
fn pin(fo: &mut FirstOrder, pool: &mut Pool, r: &PathReport) -> Option<Vec<ExprId>> {
    let mut out = Vec::with_capacity(r.apps.len());
    for (arr, rec) in r.apps.iter().zip(&r.so.apps) {
        out.push(forced_value(fo, pool, &r.constraints, *arr, rec.value as u32)?);
    }
    Some(out)
}
