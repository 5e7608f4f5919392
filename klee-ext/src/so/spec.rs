//! Whole specifications: find one interpretation of the second-order
//! variables under which every test has a passing path,
//! `Phi = AND_i OR_j pi_ij` (DESIGN.md §3), optionally preferring the
//! interpretation closest to given terms (MaxSMT).

use super::{Encoding, Interp, SoVarId, Term};
use crate::expr::{ArrayId, ExprId, ExprPool};
use crate::solver::z3_so::{SoConfig, SoSolver, SpecGoal};
use std::time::Duration;

/// One path of one test: its path condition and the applications
/// evaluated on it (second-order or first-order holes).
#[derive(Clone, Debug, Default)]
pub struct PathSpec {
    pub constraints: Vec<ExprId>,
    pub apps: Vec<ArrayId>,
}

#[derive(Clone, Debug, Default)]
pub struct SpecOptions {
    pub encoding: Encoding,
    pub timeout: Option<Duration>,
    /// The program's integer constants: a term's other constants cost
    /// more (minimal change).
    pub known_constants: Vec<i64>,
    /// How many distinct interpretations to return, best first (at least
    /// one).
    pub solutions: usize,
}

/// One interpretation and its distance from the preferred terms.
#[derive(Clone, Debug)]
pub struct Solution {
    pub interp: Interp,
    pub cost: u32,
}

/// Interpretations satisfying, for every test, one of its paths, closest
/// to `prefer` first (tree edit distance, `so::edit`); empty when there is
/// none in the languages. Every path's applications are
/// encoded (first-order holes too: each is `rho` applied to its recorded
/// arguments), and their values must stay in the `int` range. `prefer`:
/// per variable, the original term.
pub fn solve(pool: &ExprPool, tests: &[Vec<PathSpec>], prefer: &[(SoVarId, Term)], opts: &SpecOptions) -> Result<Vec<Solution>, String> {
    if tests.iter().any(|t| t.is_empty()) {
        return Ok(Vec::new());
    }
    let mut so = SoSolver::new(SoConfig { encoding: opts.encoding, timeout: opts.timeout, ..SoConfig::default() });
    let paths: Vec<Vec<Vec<ExprId>>> = tests
        .iter()
        .map(|t| {
            t.iter()
                .map(|p| {
                    let mut c = p.constraints.clone();
                    c.extend(p.apps.iter().filter_map(|a| pool.so.occurrence(*a)).map(|o| o.value));
                    c
                })
                .collect()
        })
        .collect();
    let goal = SpecGoal { prefer, known: &opts.known_constants, max: opts.solutions };
    Ok(so.solve_spec(pool, &paths, &goal)?.into_iter().map(|(interp, cost)| Solution { interp, cost }).collect())
}
