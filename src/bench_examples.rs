//! `se2repair bench --so-incremental`: second-order consistency checks as
//! the deviation search makes them on a loop, by the number of hole
//! evaluations on the path.
//!
//! The loop of `examples/repair/loop_sum_le` (`sum += i; if (sum < n) k++;
//! else break;`) with `n` such that the condition is evaluated up to 1,000
//! times: for each evaluation `j` of a test's path, the check the search
//! makes when `j` deviates (the evaluations before it as the original
//! gives them, `j` flipped). One solver per test, as in the VM; checks
//! grouped by how many evaluations they hold.

use klee_ext::so::{Encoding, LangSpec, Op, Term};
use klee_ext::solver::z3_examples::{ExampleSolver, Rel};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The condition's evaluations on the original path for `n`: arguments
/// (sum, n, k, i) and the original's value `sum < n`.
fn sum_loop(n: i64) -> Vec<(Rc<[i64]>, bool)> {
    let (mut sum, mut k) = (0i64, 0i64);
    let mut out = Vec::new();
    for i in 1.. {
        sum += i;
        let v = sum < n;
        out.push((Rc::from(vec![sum, n, k, i].as_slice()), v));
        if !v {
            break;
        }
        k += 1;
    }
    out
}

/// One scenario's checks: for each deviation point `j` (up to `upto`),
/// the examples `make(j)`; the wall time of each check (the recent terms
/// and the solver) by its number of examples.
fn run(
    evals: &[(Rc<[i64]>, bool)], upto: usize, make: &dyn Fn(usize) -> Vec<(Rc<[i64]>, Rel)>,
) -> Result<(Vec<(usize, Duration, bool)>, (u64, u64)), String> {
    let lang = Rc::new(LangSpec::Bool(3).instantiate("cond", 4).map_err(|e| e.to_string())?);
    let mut solver = ExampleSolver::new(lang, Encoding::Pse, Some(klee_ext::exec::so::PRUNE_TIMEOUT));
    // As the VM seeds it: the original `sum < n`.
    solver.hint_original(Term::App(Op::Lt, vec![Term::Var(0), Term::Var(1)]));
    let mut out = Vec::new();
    let (mut inconsistent, mut unknown) = (0, 0);
    for j in 0..evals.len().min(upto) {
        let ex = make(j);
        let hits = solver.stats.cache_hits;
        let t0 = Instant::now();
        match solver.consistent(&ex) {
            Some(false) => inconsistent += 1,
            None => unknown += 1,
            Some(true) => {}
        }
        out.push((ex.len(), t0.elapsed(), solver.stats.cache_hits == hits));
    }
    Ok((out, (inconsistent, unknown)))
}

fn table(name: &str, checks: &[(usize, Duration, bool)]) {
    for (lo, hi, label) in [(1, 10, "1-10"), (11, 100, "11-100"), (101, 1000, "101-1000")] {
        let sel: Vec<&(usize, Duration, bool)> = checks.iter().filter(|(k, _, _)| (lo..=hi).contains(k)).collect();
        if sel.is_empty() {
            continue;
        }
        let mut times: Vec<Duration> = sel.iter().map(|c| c.1).collect();
        let max = times.iter().max().map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        let solver = sel.iter().filter(|c| c.2).count();
        println!(
            "| {name} | {label} | {} | {:.3} | {max:.2} | {solver} |",
            sel.len(),
            repair::search::median_ms(&mut times)
        );
    }
}

pub fn main() -> Result<(), String> {
    println!("Second-order consistency checks of the deviation search (bool:3 over sum, n, k, i; PSE)\n");
    println!("| path | evaluations on the path | checks | median ms | max ms | answered by the solver |");
    println!("|---|---|---|---|---|---|");
    // 1,000 evaluations: the loop runs while 1 + ... + i < n.
    let evals = sum_loop(1000 * 1001 / 2 + 1);
    let orig = |i: usize| (evals[i].0.clone(), Rel::Eq(evals[i].1 as i64));
    let flip = |i: usize| (evals[i].0.clone(), Rel::Eq(!evals[i].1 as i64));
    // One deviation: evaluation j flipped, the ones before as the original.
    let (one, _) = run(&evals, evals.len(), &|j| (0..j).map(orig).chain([flip(j)]).collect())?;
    table("one deviation", &one);
    // Two: evaluations j/2 and j flipped (no threshold explains them).
    let (two, inc) = run(&evals, evals.len(), &|j| {
        (0..j).map(|i| if i == j / 2 && j > 1 { flip(i) } else { orig(i) }).chain([flip(j)]).collect()
    })?;
    table("two deviations", &two);
    println!(
        "\n(wall time of each check: a recent term or a refitted threshold answers first, then the solver, within the VM's limit of {} ms; of the two-deviation checks {} were inconsistent and {} unknown at the limit, which keeps the path)",
        klee_ext::exec::so::PRUNE_TIMEOUT.as_millis(),
        inc.0,
        inc.1
    );
    Ok(())
}
