//! A sketch of the user's own, tried first with its holes' smallest
//! terms: each hole one of its arguments or a small constant, every
//! combination (at most [`MAX_SMALLEST`], by the sum of the terms' ranks)
//! checked natively on every test of the project and of each pooled one.
//!
//! A native run costs milliseconds where an exploration of the sketch
//! costs seconds per test, and a sketch whose hole is applied to every
//! byte of a buffer (the kernel's `read`, sketches/kernel/) makes the
//! program fork on each byte in the VM. A model found here is the first
//! combination that passes every test; otherwise the specification
//! search runs as before. The work is counted in combinations.

use super::sig::{self, HoleCall};
use super::{Job, ModelOptions};
use crate::config::{Project, TestCase};
use klee_ext::so::{LangSpec, Term};
use std::path::Path;

/// Combinations of smallest terms checked before the specification
/// search.
pub const MAX_SMALLEST: usize = 32;

/// The constants an integer hole is tried with, after its arguments.
const CONSTANTS: [i64; 3] = [0, 1, -1];

/// The model found, and the tests it passed (every program's).
pub struct Found {
    pub terms: Vec<(String, Term)>,
    pub text: String,
    pub tests_checked: usize,
    /// Pooled projects that could not be prepared, one line each.
    pub unusable: Vec<String>,
}

/// Each hole's argument count, when every call of it writes the same
/// literal count (`None`: a count computed at run time).
fn arities(holes: &[String], calls: &[HoleCall]) -> Option<Vec<usize>> {
    holes
        .iter()
        .map(|h| {
            let mut ns = calls.iter().filter(|c| &c.name == h).map(|c| c.nargs.parse::<usize>().ok());
            let first = ns.next()??;
            ns.all(|n| n == Some(first)).then_some(first)
        })
        .collect()
}

/// A hole's smallest terms: each argument, then 0, 1, -1; a Boolean
/// hole's false and true.
fn smallest_terms(arity: usize, boolean: bool) -> Vec<Term> {
    if boolean {
        return vec![Term::Bool(false), Term::Bool(true)];
    }
    (0..arity).map(Term::Var).chain(CONSTANTS.iter().map(|&c| Term::Int(c))).collect()
}

/// Index vectors over `sizes` in order of their sum, then
/// lexicographically; at most `max`.
fn combinations(sizes: &[usize], max: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if sizes.contains(&0) {
        return out;
    }
    let top: usize = sizes.iter().map(|s| s - 1).sum();
    for sum in 0..=top {
        let mut cur = vec![0; sizes.len()];
        diagonal(sizes, sum, 0, &mut cur, &mut out, max);
        if out.len() >= max {
            break;
        }
    }
    out
}

fn diagonal(sizes: &[usize], left: usize, at: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>, max: usize) {
    if out.len() >= max {
        return;
    }
    if at + 1 == sizes.len() {
        if left < sizes[at] {
            cur[at] = left;
            out.push(cur.clone());
        }
        return;
    }
    for k in 0..sizes[at].min(left + 1) {
        cur[at] = k;
        diagonal(sizes, left - k, at + 1, cur, out, max);
    }
}

/// The smallest combination that passes every test natively, of the
/// job's program and of each pooled project's (prepared with the same
/// sketch; one that cannot be is a line of `unusable`). `None`: the sketch's hole counts are not literals, or
/// no combination passes.
pub fn search(
    job: &Job, opts: &ModelOptions, pooled: &[Project], tests: &[&TestCase], dir: &Path,
) -> Result<Option<Found>, String> {
    let Some(file) = &job.sketch_file else { return Ok(None) };
    let Some(arity) = arities(&job.holes, &sig::hole_calls(&job.sketch_text)) else { return Ok(None) };
    let boolean = |h: &str| {
        opts.lang.iter().any(|l| match l.split_once('=') {
            Some((n, s)) => n == h && matches!(LangSpec::parse(s, n), Ok(LangSpec::Bool(_))),
            None => matches!(LangSpec::parse(l, h), Ok(LangSpec::Bool(_))),
        })
    };
    let per_hole: Vec<Vec<Term>> = job.holes.iter().zip(&arity).map(|(h, &n)| smallest_terms(n, boolean(h))).collect();
    let sizes: Vec<usize> = per_hole.iter().map(|t| t.len()).collect();
    let (mut jobs, mut unusable) = (vec![], vec![]);
    for p in pooled {
        match super::prepare(p, &opts.func, Some(file)) {
            Ok(pj) => jobs.push(pj),
            Err(e) => unusable.push(format!("{}: {e}", p.dir.display())),
        }
    }
    let tests_checked = job.project.tests.len() + jobs.iter().map(|j| j.project.tests.len()).sum::<usize>();
    for combo in combinations(&sizes, MAX_SMALLEST) {
        let terms: Vec<(String, Term)> =
            job.holes.iter().zip(&combo).zip(&per_hole).map(|((h, &k), ts)| (h.clone(), ts[k].clone())).collect();
        let text = job.model_text(&terms, tests, super::SMALLEST)?;
        let check = dir.join(format!("{}.c", opts.func));
        std::fs::write(&check, &text).map_err(|e| e.to_string())?;
        if job.validate(&check, opts.test_timeout)?.is_some() {
            continue;
        }
        let mut all = true;
        for pj in &jobs {
            if pj.validate(&check, opts.test_timeout)?.is_some() {
                all = false;
                break;
            }
        }
        if all {
            return Ok(Some(Found { terms, text, tests_checked, unusable }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_go_by_the_sum_of_ranks_and_stop_at_the_budget() {
        let c = combinations(&[2, 3], 100);
        assert_eq!(c, vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![0, 2], vec![1, 1], vec![1, 2]]);
        assert_eq!(combinations(&[4, 5], 3).len(), 3);
        assert!(combinations(&[3, 0], 10).is_empty());
    }

    #[test]
    fn hole_counts_must_be_literal_and_agree() {
        let calls = sig::hole_calls(
            "int a(int *x) { return klee_apply_symbolic(\"f\", 2, x) + klee_apply_symbolic(\"g\", 1, x); }",
        );
        assert_eq!(arities(&["f".into(), "g".into()], &calls), Some(vec![2, 1]));
        let computed = sig::hole_calls("int a(int *x, int k) { return klee_apply_symbolic(\"f\", k, x); }");
        assert_eq!(arities(&["f".into()], &computed), None);
        assert_eq!(
            smallest_terms(2, false),
            vec![Term::Var(0), Term::Var(1), Term::Int(0), Term::Int(1), Term::Int(-1)]
        );
    }
}
