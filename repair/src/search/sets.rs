//! The deviation search at several holes at once (`fix
//! --locations-at-once K`): one program with K holes, one second-order
//! variable each, explored in one run per schedule.
//!
//! The VM counts a path's evaluations across every hole (`HoleSchedule`):
//! a schedule's flips are the evaluations, of whichever hole, that deviate
//! from their original expression, so the order (fewest deviations first)
//! counts deviations across holes. In second-order mode a deviation that
//! no term of its hole's language can take together with the path's
//! earlier evaluations of that hole ends the path; in first-order mode
//! (`fo`, each evaluation a value of its own) nothing does, and the
//! schedules multiply with the holes' evaluations.
//!
//! A passing path gives, per hole, the evaluations it needs. An
//! interpretation is one term per hole such that every test of the
//! specification has a path all of whose evaluations the terms give. The
//! terms are those a developer's edit makes of each original
//! (`spec::neighbours`, `so::nearby`), checked by evaluation: each term's
//! set of paths it admits is a bit set, terms with equal sets are one
//! class, and the classes of the K holes are combined, closest first.
//! A combination that fails a test natively adds that test's next passing
//! path. The work is counted in paths (`MultiProblem::max_paths`); the
//! deadline is the outer limit.

use crate::config::TestCase;
use crate::native::judge;
use crate::search::{path_example, scheduled_executor, Engine, InferStats, Limits, SearchError, TestSearch};
use klee_ext::exec::so::HoleSchedule;
use klee_ext::exec::{Executor, RunEnd, Termination};
use klee_ext::ir::Program;
use klee_ext::so::{LangSpec, Term};
use klee_ext::spec::{self, Example, Rel};
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Terms made per hole per round (work, not time).
const TERMS_PER_HOLE: usize = 20_000;

/// Classes (distinct sets of admitted paths) kept per hole, cheapest
/// first: the combinations are their product.
const CLASSES_PER_HOLE: usize = 400;

/// Time limit of one consistency check of a passing path.
const CONSISTENT_TIME: Duration = Duration::from_millis(100);

/// One hole of the program.
pub struct Hole<'a> {
    /// Its second-order variable's name.
    pub name: String,
    pub lang: &'a LangSpec,
    pub arity: usize,
    /// The original expression as a term of the language.
    pub original: Term,
}

/// A search over several holes.
pub struct MultiProblem<'a> {
    pub prog: &'a Program,
    /// The tests as the VM runs them, failing ones first.
    pub tests: &'a [&'a TestCase],
    /// How many of `tests` (the first ones) fail.
    pub failing: usize,
    pub holes: &'a [Hole<'a>],
    /// The program's integer constants.
    pub constants: &'a [i64],
    pub engine: Engine,
    pub limits: &'a Limits,
    /// Paths the search may explore in all (a run of a schedule counts
    /// its paths, at least one): its work budget.
    pub max_paths: u64,
    /// Interpretations validated per round.
    pub solutions: usize,
}

/// What the search found.
#[derive(Clone, Debug)]
pub enum MultiInferred {
    /// Per interpretation that passed validation: a term per hole, and
    /// the sum of their objectives.
    Terms(Vec<(Vec<Term>, u32)>),
    /// No explored path of this test passes it within the budget.
    NoPassingPath {
        test: String,
    },
    /// No combination of the terms near the originals admits a path of
    /// every test, and no test has another path.
    NoInterpretation,
    /// The budget of paths was spent.
    OutOfWork,
    OutOfTime,
}

/// A passing path's evaluations, per hole.
type Split = Vec<Vec<Example>>;

/// One test's exploration.
struct Explorer<'p> {
    test: &'p TestCase,
    ex: Option<Executor<'p>>,
    queue: VecDeque<Vec<u32>>,
    passing: Vec<Split>,
    /// How many of `passing` the specification has.
    used: usize,
    info: TestSearch,
    /// Decides whether a passing path forces a symbolic deviation's
    /// value; made at the first such deviation, kept across runs.
    fo: Option<klee_ext::solver::FirstOrder>,
}

/// Why a test's exploration stopped.
enum Stop {
    Found,
    Exhausted,
    OutOfWork,
    OutOfTime,
}

struct Ctx<'s, 'p> {
    prog: &'p Program,
    holes: &'s [Hole<'s>],
    engine: Engine,
    limits: &'s Limits,
    originals: Vec<(String, Term)>,
    /// Every hole's name and language, as the VM takes them.
    langs: Vec<(String, LangSpec)>,
    max_paths: u64,
    /// Paths explored so far (runs that found none count one).
    spent: u64,
}

impl<'p> Explorer<'p> {
    fn new(test: &'p TestCase) -> Self {
        Explorer {
            test,
            ex: None,
            queue: VecDeque::from([Vec::new()]),
            passing: Vec::new(),
            used: 0,
            info: TestSearch { test: test.name.clone(), ..TestSearch::default() },
            fo: None,
        }
    }

    /// Explores schedules, fewest deviations first, until a passing path
    /// not found before turns up.
    fn next_passing(&mut self, cx: &mut Ctx<'_, 'p>, stats: &mut InferStats) -> Result<Stop, SearchError> {
        let before = self.passing.len();
        while self.passing.len() == before {
            if let Some(stop) = self.step(cx, stats)? {
                return Ok(stop);
            }
        }
        Ok(Stop::Found)
    }

    /// Runs the next schedule of the order and queues its children;
    /// `Some` when nothing was run.
    fn step(&mut self, cx: &mut Ctx<'_, 'p>, stats: &mut InferStats) -> Result<Option<Stop>, SearchError> {
        if Instant::now() >= cx.limits.deadline {
            return Ok(Some(Stop::OutOfTime));
        }
        if cx.spent >= cx.max_paths {
            return Ok(Some(Stop::OutOfWork));
        }
        let Some(flips) = self.queue.pop_front() else {
            self.info.exhausted = true;
            return Ok(Some(Stop::Exhausted));
        };
        let before = self.info.paths;
        let evals = self.run(cx, &flips, stats)?;
        cx.spent += (self.info.paths - before).max(1);
        if let Some(evals) = evals {
            let from = flips.last().map_or(0, |&l| l as usize + 1);
            // Later evaluations deviate first: they are closer to where
            // the output went wrong.
            for j in (from..evals).rev() {
                let mut child = flips.clone();
                child.push(j as u32);
                self.queue.push_back(child);
            }
        }
        Ok(None)
    }

    /// One run under the schedule `flips`: its passing path (if new) is
    /// added to `passing`. The evaluations reached, or `None` if a limit
    /// cut the run (its children are unknown).
    fn run(&mut self, cx: &Ctx<'_, 'p>, flips: &[u32], stats: &mut InferStats) -> Result<Option<usize>, SearchError> {
        let time = cx.limits.deadline.saturating_duration_since(Instant::now());
        let sched = Rc::new(HoleSchedule { originals: cx.originals.clone(), flips: flips.to_vec() });
        let ex =
            scheduled_executor(&mut self.ex, cx.prog, self.test, &cx.langs, cx.engine, cx.limits, time, None, sched)?;
        let (forks, pruned) = (ex.stats.forks, ex.stats.so_pruned);
        let so = cx.engine != Engine::Fo;
        let query_time = cx.limits.query_timeout;
        let (t, info, passing, holes, fo) = (self.test, &mut self.info, &mut self.passing, cx.holes, &mut self.fo);
        let mut evals = 0usize;
        let mut discarded = 0u64;
        let end = ex.run(&mut |ex, r| {
            info.paths += 1;
            evals = evals.max(r.so.apps.len());
            let exit = match r.termination {
                Termination::Exit(c) => Some(c),
                _ => None,
            };
            if !judge(t, &r.stdout, &r.stderr, exit) {
                return;
            }
            let mut split: Split = vec![Vec::new(); holes.len()];
            for a in &r.so.apps {
                let Some(h) = holes.iter().position(|h| h.name == a.var) else { continue };
                let (_, rel) = path_example(fo, &mut ex.pool, &r, a, query_time);
                split[h].push((a.args.clone(), rel));
            }
            for exs in &mut split {
                exs.sort_unstable();
                exs.dedup();
            }
            if passing.contains(&split) {
                return;
            }
            // A path some hole's language cannot take is no alternative
            // (second-order mode).
            if so {
                for (h, exs) in holes.iter().zip(&split) {
                    let all: Vec<(Rc<[i64]>, Rel)> = exs.iter().map(|(a, r)| (Rc::from(a.as_slice()), *r)).collect();
                    if ex.holes_consistent(&h.name, &all, CONSISTENT_TIME) == Some(false) {
                        discarded += 1;
                        return;
                    }
                }
            }
            let deviations =
                r.so.apps
                    .iter()
                    .filter(|a| {
                        holes
                            .iter()
                            .find(|h| h.name == a.var)
                            .is_some_and(|h| h.original.eval(&a.args).is_none_or(|o| o.as_c() != a.value))
                    })
                    .count() as u32;
            info.passing.push(deviations);
            passing.push(split);
        });
        self.info.runs += 1;
        stats.paths_pruned += discarded + (ex.stats.so_pruned - pruned);
        stats.forks += ex.stats.forks - forks;
        if end != RunEnd::Exhausted {
            return Ok(None);
        }
        Ok(Some(evals.max(ex.holes_reached)))
    }
}

/// Searches the holes of `problem` for a combination of terms, one per
/// hole, every one different from its original, that passes every test:
/// `validate` runs one natively and returns the index (in `tests`) of a
/// test it fails (`usize::MAX`: rejected for another reason), or `None`
/// when it passes them all.
pub fn search(
    problem: &MultiProblem, validate: &mut dyn FnMut(&[Term], u32) -> Result<Option<usize>, String>,
) -> Result<(MultiInferred, InferStats), SearchError> {
    let MultiProblem { prog, tests, failing, holes, constants, engine, limits, max_paths, solutions } = *problem;
    let mut cx = Ctx {
        prog,
        holes,
        engine,
        limits,
        originals: holes.iter().map(|h| (h.name.clone(), h.original.clone())).collect(),
        langs: holes.iter().map(|h| (h.name.clone(), h.lang.clone())).collect(),
        max_paths,
        spent: 0,
    };
    let mut stats = InferStats { search: "deviation".into(), ..InferStats::default() };
    let mut exps: Vec<Explorer> = tests.iter().map(|t| Explorer::new(t)).collect();
    let t0 = Instant::now();
    let near = candidates(holes, constants);
    let failing = failing.min(tests.len());
    let result = (|| -> Result<MultiInferred, SearchError> {
        // Every failing test's first passing path, fewest deviations
        // first; the passing tests' original paths.
        for (i, e) in exps.iter_mut().enumerate() {
            if i >= failing {
                // The original schedule only; the others when the test
                // refutes a combination.
                match e.step(&mut cx, &mut stats)? {
                    Some(Stop::OutOfTime) => return Ok(MultiInferred::OutOfTime),
                    Some(Stop::OutOfWork) => return Ok(MultiInferred::OutOfWork),
                    _ => e.used = e.passing.len().min(1),
                }
                continue;
            }
            match e.next_passing(&mut cx, &mut stats)? {
                Stop::Found => e.used = 1,
                Stop::Exhausted => return Ok(MultiInferred::NoPassingPath { test: e.test.name.clone() }),
                Stop::OutOfWork => return Ok(MultiInferred::OutOfWork),
                Stop::OutOfTime => return Ok(MultiInferred::OutOfTime),
            }
        }
        let mut bad: Vec<Vec<Term>> = Vec::new();
        loop {
            if Instant::now() >= limits.deadline {
                return Ok(MultiInferred::OutOfTime);
            }
            let spec: Vec<&[Split]> = exps.iter().filter(|e| e.used > 0).map(|e| &e.passing[..e.used]).collect();
            let combos = combine(holes, &near, &spec, &bad, solutions);
            stats.rounds += 1;
            if let Some((_, c)) = combos.first() {
                stats.lower_bound = stats.lower_bound.max(Some(*c));
            }
            let mut accepted = Vec::new();
            let mut counter: Vec<usize> = Vec::new();
            for (terms, cost) in combos {
                match validate(&terms, cost).map_err(SearchError::Validate)? {
                    None => accepted.push((terms, cost)),
                    Some(i) => {
                        stats.rejected += 1;
                        bad.push(terms);
                        if i < exps.len() && !counter.contains(&i) {
                            counter.push(i);
                        }
                    }
                }
            }
            if !accepted.is_empty() {
                return Ok(MultiInferred::Terms(accepted));
            }
            // The tests that refuted a combination, or with none, every
            // test of the specification, get another path.
            let grow: Vec<usize> =
                if counter.is_empty() { (0..exps.len()).filter(|&i| exps[i].used > 0).collect() } else { counter };
            let mut grown = false;
            let mut out_of_work = false;
            for i in grow {
                let e = &mut exps[i];
                if e.used < e.passing.len() {
                    e.used += 1;
                    grown = true;
                    continue;
                }
                match e.next_passing(&mut cx, &mut stats)? {
                    Stop::Found => {
                        e.used = e.passing.len();
                        grown = true;
                    }
                    Stop::Exhausted => {}
                    Stop::OutOfWork => out_of_work = true,
                    Stop::OutOfTime => return Ok(MultiInferred::OutOfTime),
                }
            }
            if !grown {
                return Ok(if out_of_work { MultiInferred::OutOfWork } else { MultiInferred::NoInterpretation });
            }
        }
    })();
    stats.explore_s = t0.elapsed().as_secs_f64();
    let mut times: Vec<Duration> = Vec::new();
    for e in &exps {
        stats.paths += e.info.paths;
        stats.passing_paths += e.passing.len() as u64;
        for (_, d, answer) in e.ex.iter().flat_map(|ex| ex.example_queries()) {
            times.push(d);
            match answer {
                Some(true) => stats.sat_times.push(d),
                Some(false) => stats.unsat_times.push(d),
                None => {}
            }
        }
    }
    stats.so_queries = times.len() as u64;
    stats.so_query_median_ms = crate::search::median_ms(&mut times);
    stats.query_times = times;
    stats.tests = exps.into_iter().filter(|e| e.info.runs > 0).map(|e| e.info).collect();
    Ok((result?, stats))
}

/// Per hole, the terms near its original (the original first, at 0),
/// with their objective, cheapest first.
fn candidates(holes: &[Hole], constants: &[i64]) -> Vec<Vec<(Term, u32)>> {
    holes
        .iter()
        .map(|h| {
            let depth = match h.lang {
                LangSpec::Int(d) | LangSpec::Bool(d) => Some(*d),
                _ => None,
            };
            let mut out: Vec<(Term, u32)> = vec![(h.original.clone(), 0)];
            out.extend(spec::neighbours(h.lang, &h.original, h.arity, constants).unwrap_or_default());
            if let Some(d) = depth {
                let member = klee_ext::so::edit::builtin_near(&h.original, h.arity, d);
                for t in klee_ext::so::nearby::candidates(&h.original, h.arity, constants, TERMS_PER_HOLE) {
                    if member(&t) {
                        let c = klee_ext::so::edit::objective(&h.original, &t, constants);
                        out.push((t, c));
                    }
                }
            }
            out.sort_by_key(|(_, c)| *c);
            let mut seen = std::collections::HashSet::new();
            out.retain(|(t, _)| seen.insert(t.clone()));
            out
        })
        .collect()
}

/// Whether `t` gives every evaluation of `exs`.
fn fits(t: &Term, exs: &[Example]) -> bool {
    exs.iter().all(|(args, rel)| {
        t.eval(args).is_some_and(|x| match rel {
            Rel::Eq(v) => x.as_c() == *v,
            Rel::Ne(v) => x.as_c() != *v,
        })
    })
}

/// Up to `want` combinations (a term per hole, each not its original)
/// that give every test of `spec` one of its paths, cheapest first by
/// the sum of the terms' objectives; none of `bad`.
fn combine(
    holes: &[Hole], near: &[Vec<(Term, u32)>], spec: &[&[Split]], bad: &[Vec<Term>], want: usize,
) -> Vec<(Vec<Term>, u32)> {
    // Every path of the specification, numbered; per test, its range.
    let mut ranges = Vec::new();
    let mut paths: Vec<&Split> = Vec::new();
    for alts in spec {
        ranges.push(paths.len()..paths.len() + alts.len());
        paths.extend(alts.iter());
    }
    let words = paths.len().div_ceil(64).max(1);
    // Per hole, the classes of terms by the paths they admit: the
    // cheapest terms of each (at most `want` + the excluded ones).
    let classes: Vec<Vec<(Vec<u64>, Vec<(Term, u32)>)>> = holes
        .iter()
        .enumerate()
        .map(|(h, _)| {
            let mut by_mask: HashMap<Vec<u64>, usize> = HashMap::new();
            let mut out: Vec<(Vec<u64>, Vec<(Term, u32)>)> = Vec::new();
            for (t, c) in near[h].iter().skip(1) {
                let mut mask = vec![0u64; words];
                for (k, p) in paths.iter().enumerate() {
                    if fits(t, &p[h]) {
                        mask[k / 64] |= 1 << (k % 64);
                    }
                }
                // A term that admits no path of some test is no part of
                // any answer.
                if ranges.iter().any(|r| !r.clone().any(|k| mask[k / 64] >> (k % 64) & 1 == 1)) {
                    continue;
                }
                match by_mask.get(&mask) {
                    Some(&i) if out[i].1.len() < want + bad.len() => out[i].1.push((t.clone(), *c)),
                    Some(_) => {}
                    None if out.len() < CLASSES_PER_HOLE => {
                        by_mask.insert(mask.clone(), out.len());
                        out.push((mask, vec![(t.clone(), *c)]));
                    }
                    None => {}
                }
            }
            out
        })
        .collect();
    // The product of the classes, each combination checked test by test.
    let mut found: Vec<(Vec<Term>, u32)> = Vec::new();
    let mut pick = vec![0usize; holes.len()];
    if classes.iter().any(|c| c.is_empty()) {
        return found;
    }
    loop {
        let mut joint = classes[0][pick[0]].0.clone();
        for (h, &i) in pick.iter().enumerate().skip(1) {
            for (w, m) in joint.iter_mut().zip(&classes[h][i].0) {
                *w &= m;
            }
        }
        if ranges.iter().all(|r| r.clone().any(|k| joint[k / 64] >> (k % 64) & 1 == 1)) {
            // The terms of the classes, cheapest combinations first.
            expand(&classes, &pick, bad, &mut found);
        }
        // The next combination of classes.
        let mut h = 0;
        loop {
            if h == holes.len() {
                found.sort_by_key(|(_, c)| *c);
                found.truncate(want);
                return found;
            }
            pick[h] += 1;
            if pick[h] < classes[h].len() {
                break;
            }
            pick[h] = 0;
            h += 1;
        }
    }
}

/// The combinations of the terms of the classes `pick` names (the first
/// few of each), not in `bad`, into `found`.
fn expand(
    classes: &[Vec<(Vec<u64>, Vec<(Term, u32)>)>], pick: &[usize], bad: &[Vec<Term>], found: &mut Vec<(Vec<Term>, u32)>,
) {
    let lists: Vec<&Vec<(Term, u32)>> = pick.iter().enumerate().map(|(h, &i)| &classes[h][i].1).collect();
    let mut idx = vec![0usize; lists.len()];
    loop {
        let terms: Vec<Term> = idx.iter().enumerate().map(|(h, &i)| lists[h][i].0.clone()).collect();
        let cost = idx.iter().enumerate().map(|(h, &i)| lists[h][i].1).sum();
        if !bad.contains(&terms) {
            found.push((terms, cost));
        }
        let mut h = 0;
        loop {
            if h == lists.len() {
                return;
            }
            idx[h] += 1;
            if idx[h] < lists[h].len() {
                break;
            }
            idx[h] = 0;
            h += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use klee_ext::so::Op;

    fn gt(c: i64) -> Term {
        Term::App(Op::Gt, vec![Term::Var(0), Term::Int(c)])
    }

    #[test]
    fn combinations_need_every_hole_and_every_test() {
        let lang = LangSpec::Bool(2);
        let holes: Vec<Hole> = (0..2)
            .map(|i| Hole { name: format!("cond{i}"), lang: &lang, arity: 1, original: gt(10 - 5 * i as i64) })
            .collect();
        // Hole 0 must be true on 10, hole 1 true on 5 (each as `>=`).
        let near = vec![vec![(gt(10), 0), (gt(9), 1), (gt(11), 1)], vec![(gt(5), 0), (gt(4), 1), (gt(6), 1)]];
        let path: Split = vec![vec![(vec![10], Rel::Eq(1))], vec![(vec![5], Rel::Eq(1))]];
        let other: Split = vec![vec![(vec![3], Rel::Eq(0))], vec![(vec![3], Rel::Eq(0))]];
        let spec: Vec<&[Split]> = vec![std::slice::from_ref(&path), std::slice::from_ref(&other)];
        let found = combine(&holes, &near, &spec, &[], 3);
        assert_eq!(found, vec![(vec![gt(9), gt(4)], 2)]);
        // Excluded: nothing else fits.
        assert!(combine(&holes, &near, &spec, &[vec![gt(9), gt(4)]], 3).is_empty());
        // A test whose only path hole 0 cannot take: no combination.
        let never: Split = vec![vec![(vec![100], Rel::Eq(0))], vec![]];
        let spec: Vec<&[Split]> = vec![std::slice::from_ref(&path), std::slice::from_ref(&never)];
        assert!(combine(&holes, &near, &spec, &[], 3).is_empty());
    }
}
