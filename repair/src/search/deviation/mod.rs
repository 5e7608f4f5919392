//! The deviation search (`fix --search deviation`): original-first,
//! deviation-ordered exploration of each test, and a specification that
//! grows on demand (counterexample-guided).
//!
//! Each test is explored by schedules of deviations (`HoleSchedule` in the
//! VM): first the path on which every evaluation of the hole returns what
//! the original expression returns, then paths with one deviating
//! evaluation, then two, and so on. A run of a schedule with flips `F`
//! that evaluates the hole `n` times has the children `F ∪ {j}` for every
//! `j` after the last flip and before `n`; a run that ended at its first
//! wrong output (the expected-output oracle) or was pruned has no children
//! past that point (a path pruned at an evaluation that follows the
//! original still has the child that deviates there). Within one number of deviations, later evaluations
//! deviate first: they are closer to where the output went wrong.
//!
//! The specification starts from the first passing path of every failing
//! test. Each round solves it for the closest terms and validates them
//! natively on every test; a test a candidate fails contributes a path
//! (its first passing one — for a passing test, its original path — or
//! its next). A round with no term grows every test of the specification
//! whose exploration is not exhausted; if all are, the language has no
//! patch, and those tests prove it.

mod explore;

use crate::search::{
    median_ms, Goal, InferStats, Inferred, SearchError, SiteProblem, Unjudged, SITE_SOLVE_STEPS_PER_RUN,
    SOLVE_STEPS_PER_RUN,
};
use explore::{validated, Next, Site, TestExplorer};
use klee_ext::exec::so::HoleSchedule;
use klee_ext::so::Term;
use klee_ext::spec::{self, Example, SpecOptions};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Runs a failing test without a passing path gets at a time (before
/// the others are solved for, or when a candidate fails it).
const INITIAL_RUNS: usize = 256;

/// Terms per round validated against the failing tests' paths alone.
const RELAXED: usize = 2;

/// The deviation search at one site: `tests` in order (failing first;
/// `failing` of them), the hole's original term, and `validate`, which
/// runs a candidate natively on every test and returns the index (in
/// `tests`) of one it fails, or `None` when it passes them all.
pub fn search<'a>(
    problem: &SiteProblem<'a>, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>,
) -> Result<(Inferred, InferStats), SearchError> {
    let SiteProblem { prog, tests, failing, hole, arity, goal, engine, limits } = *problem;
    let Some(original) = goal.original.clone() else {
        return Err(SearchError::NotATerm);
    };
    let site: Site<'_, 'a> = Site {
        background: Default::default(),
        prog,
        hole,
        schedule: HoleSchedule { originals: vec![(hole.0.to_string(), original.clone())], flips: Vec::new() },
        engine,
        limits,
        runs: Default::default(),
        instructions: Default::default(),
        solver_steps: Default::default(),
        validations: Default::default(),
        out_of_work: Default::default(),
    };
    let mut d = Deviation {
        site,
        exps: tests.iter().map(|t| TestExplorer::new(t)).collect(),
        stats: InferStats { search: "deviation".into(), ..InferStats::default() },
        failing: failing.min(tests.len()),
        original,
        goal,
        arity,
        bad: Vec::new(),
        solve_time: Duration::ZERO,
        solve_steps: Default::default(),
    };
    let t0 = Instant::now();
    let result = match d.search(validate) {
        Ok(Inferred::OutOfTime) if d.site.out_of_work.get() => Ok(Inferred::OutOfWork),
        r => r,
    };
    let stats = d.finish(t0.elapsed());
    Ok((result?, stats))
}

/// One site's deviation search under way.
struct Deviation<'s, 'a> {
    site: Site<'s, 'a>,
    exps: Vec<TestExplorer<'a>>,
    stats: InferStats,
    /// How many of `exps` (the first ones) are failing tests.
    failing: usize,
    original: Term,
    goal: &'s Goal,
    arity: usize,
    /// The terms validation refuted.
    bad: Vec<Term>,
    solve_time: Duration,
    /// Z3 steps of the rounds' solves so far.
    solve_steps: Arc<AtomicU64>,
}

impl<'a> Deviation<'_, 'a> {
    /// Round after round until a term passes every test natively, the
    /// language is proved to hold none, or the site's work is spent.
    fn search(
        &mut self, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>,
    ) -> Result<Inferred, SearchError> {
        if let Some(r) = self.start()? {
            return Ok(r);
        }
        loop {
            if self.site.spent() {
                return Ok(Inferred::OutOfTime);
            }
            // The closest terms near the original that the failing tests'
            // paths admit, validated before the passing tests' original
            // paths constrain them (a repair may change a passing test's
            // path and still pass it; native validation decides).
            if !self.goal.relabels_only {
                if let Some(r) = self.nearby(validate)? {
                    return Ok(r);
                }
            }
            let terms = match self.solve()? {
                Ok(terms) => terms,
                Err(r) => return Ok(r),
            };
            if terms.is_empty() && self.goal.relabels_only {
                return Ok(Inferred::NoRelabel);
            }
            if terms.is_empty() {
                if let Some(r) = self.grow()? {
                    return Ok(r);
                }
                continue;
            }
            if let Some(r) = self.validate_round(terms, validate)? {
                return Ok(r);
            }
        }
    }

    /// Every failing test's original path first (the deviation order's
    /// first schedule); then the terms one relabel from the original, run
    /// on the failing tests; then the passing tests' original paths; then,
    /// for a failing test that none of them passes, the deviation order up
    /// to its first passing path. `Some` ends the search.
    fn start(&mut self) -> Result<Option<Inferred>, SearchError> {
        let failing = self.failing;
        for e in &mut self.exps[..failing] {
            match e.explore(&self.site, &mut self.stats, 1)? {
                Next::Found => e.use_path(0),
                Next::OutOfTime => return Ok(Some(Inferred::OutOfTime)),
                Next::Exhausted | Next::NotYet => {}
            }
        }
        // The relabel pass screens every neighbour (each that passes joins
        // the specification, so the solve returns the closest few of them
        // for the choice, not only the first); the other passes stop at
        // the first that passes.
        self.screen(Screen::Failing(failing), self.goal.relabels_only)?;
        if self.goal.relabels_only && self.exps[..failing].iter().any(|e| e.used == 0) {
            // Out of work (a failing test too long for the VM to judge
            // the terms: a run of the original cut at a limit, or the
            // site's instructions spent) is no proof that no term
            // passes: the caller may screen them natively.
            let too_long = self.site.out_of_work.get() || self.exps[..failing].iter().any(|e| e.too_long);
            if too_long {
                self.stats.unjudged = Unjudged::All;
            }
            return Ok(Some(if too_long { Inferred::OutOfWork } else { Inferred::NoRelabel }));
        }
        // The passing tests' original paths join the specification (a
        // repair usually leaves them alone) and constrain the failing
        // tests' alternatives.
        if !self.goal.relabels_only {
            for e in &mut self.exps[failing..] {
                if let Next::Found = e.explore(&self.site, &mut self.stats, 1)? {
                    e.use_path(0);
                    let own = e.passing[0].iter().map(|(a, r)| (Rc::from(a.as_slice()), *r)).collect();
                    self.site.background.borrow_mut().push((e.test.name.clone(), own));
                }
            }
        }
        // A bounded effort per failing test, round after round, until one
        // test has a path: a test whose passing paths lie deep in the
        // order (many deviations) does not hold up the others, and the
        // others join when a candidate fails them.
        while failing > 0 && self.exps[..failing].iter().all(|e| e.used == 0) {
            for e in self.exps[..failing].iter_mut() {
                if let Some(r) = add_path(e, &self.site, &mut self.stats, INITIAL_RUNS)? {
                    return Ok(Some(r));
                }
                if e.used > 0 {
                    break;
                }
            }
        }
        Ok(None)
    }

    /// Candidate-directed paths for the tests `screen` names
    /// ([`screen_neighbours`]).
    fn screen(&mut self, screen: Screen, every: bool) -> Result<(), SearchError> {
        let (original, known) = (&self.original, &self.goal.constants);
        screen_neighbours(
            &mut self.exps,
            &self.site,
            original,
            &self.bad,
            known,
            self.arity,
            screen,
            every,
            &mut self.stats,
        )
    }

    /// The specification of the failing tests, and of the passing ones
    /// whose alternatives grew when they refuted a candidate.
    fn failing_spec(&self) -> Vec<Vec<Vec<Example>>> {
        let failing = self.failing;
        self.exps
            .iter()
            .enumerate()
            .filter(|(i, e)| e.used > 0 && (*i < failing || e.used > 1))
            .map(|(_, e)| e.passing[..e.used].to_vec())
            .collect()
    }

    /// A bound on what the site can still give: the cost of the closest
    /// term offered.
    fn note_bound(&mut self, closest: Option<&Term>) {
        let cost = closest.map(|t| klee_ext::so::edit::cost(Some(&self.original), t, &self.goal.constants));
        self.stats.lower_bound = self.stats.lower_bound.max(cost);
    }

    /// The closest terms near the original that the failing tests' paths
    /// admit ([`RELAXED`] of them), validated natively. `Some` ends the
    /// search.
    fn nearby(
        &mut self, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>,
    ) -> Result<Option<Inferred>, SearchError> {
        let spec = self.failing_spec();
        let (lang, known) = (self.site.hole.1, &self.goal.constants);
        let near = spec::nearby(lang, &self.original, self.arity, &spec, known, &self.bad, RELAXED).unwrap_or_default();
        self.note_bound(near.first().map(|(t, _)| t));
        let (accepted, _) = self.validate_each(near, validate)?;
        if !accepted.is_empty() {
            return Ok(Some(Inferred::Terms(accepted)));
        }
        Ok(self.site.spent().then_some(Inferred::OutOfTime))
    }

    /// One round's solve of the specification for the closest terms
    /// (`Err`: the search ends so).
    fn solve(&mut self) -> Result<Result<Vec<(Term, u32)>, Inferred>, SearchError> {
        self.screen(Screen::InSpec, false)?;
        let spec_tests: Vec<Vec<Vec<Example>>> =
            self.exps.iter().filter(|e| e.used > 0).map(|e| e.passing[..e.used].to_vec()).collect();
        let (goal, limits) = (self.goal, self.site.limits);
        let remaining = limits.deadline.saturating_duration_since(Instant::now());
        let opts = SpecOptions {
            encoding: self.site.engine.encoding(),
            timeout: Some(remaining),
            known_constants: goal.constants.clone(),
            solutions: goal.solutions,
            relabels_only: goal.relabels_only,
            any: false,
            // A round's solve is work too: Z3 steps in proportion to the
            // site's budget of runs, per check and, for all the site's
            // rounds together, what the rounds before left.
            rlimit: limits.max_runs.map(|r| (r.saturating_mul(SOLVE_STEPS_PER_RUN)).min(u32::MAX as u64) as u32),
            budget: limits.max_runs.map(|r| {
                r.saturating_mul(SITE_SOLVE_STEPS_PER_RUN).saturating_sub(self.solve_steps.load(Ordering::Relaxed))
            }),
            steps: self.solve_steps.clone(),
        };
        let (name, lang) = self.site.hole;
        let t1 = Instant::now();
        let solved = spec::solve_examples(name, lang, self.arity, &spec_tests, Some(&self.original), &self.bad, &opts);
        self.solve_time += t1.elapsed();
        self.stats.rounds += 1;
        Ok(match solved {
            Ok(t) => Ok(t),
            Err(_) if Instant::now() >= limits.deadline => Err(Inferred::OutOfTime),
            Err(_) if limits.max_runs.is_some() => {
                self.site.out_of_work.set(true);
                Err(Inferred::OutOfTime)
            }
            Err(e) => return Err(SearchError::Solve(e.to_string())),
        })
    }

    /// A round without a term: every test of the specification gets
    /// another path, if it has one — first the failing tests and the
    /// passing ones that refuted a candidate; the other passing tests only
    /// when none of those has one (a repair usually leaves their paths
    /// alone, and their deviation orders are long). `Some` ends the
    /// search: no test grew, or the site's time is up.
    fn grow(&mut self) -> Result<Option<Inferred>, SearchError> {
        let failing = self.failing;
        let mut grown = false;
        for group in [true, false] {
            let first = |i: usize, e: &TestExplorer| i < failing || e.used > 1;
            for (i, e) in self.exps.iter_mut().enumerate() {
                if e.used == 0 || first(i, e) != group {
                    continue;
                }
                if e.used < e.passing.len() {
                    e.used += 1;
                    grown = true;
                    continue;
                }
                if e.over() {
                    continue;
                }
                match e.next_passing(&self.site, &mut self.stats)? {
                    Next::Found => {
                        let k = e.passing.len() - 1;
                        e.use_path(k);
                        grown = true;
                    }
                    Next::Exhausted | Next::NotYet => {}
                    Next::OutOfTime => return Ok(Some(Inferred::OutOfTime)),
                }
            }
            if grown {
                return Ok(None);
            }
        }
        // A proof only if no run of these tests was cut short.
        let spec: Vec<&TestExplorer> = self.exps.iter().filter(|e| e.used > 0).collect();
        let proof =
            if spec.iter().any(|e| e.cut) { Vec::new() } else { spec.iter().map(|e| e.test.name.clone()).collect() };
        Ok(Some(Inferred::NoInterpretation { proof }))
    }

    /// Every term of a round validated natively: those that pass are
    /// alternatives the choice among patches compares; each test that
    /// refuted one contributes a path. `Some` ends the search.
    fn validate_round(
        &mut self, terms: Vec<(Term, u32)>, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>,
    ) -> Result<Option<Inferred>, SearchError> {
        // The round's terms are the closest the specification admits.
        let closest = terms
            .iter()
            .map(|(t, _)| t)
            .min_by_key(|t| klee_ext::so::edit::cost(Some(&self.original), t, &self.goal.constants));
        self.note_bound(closest);
        let (accepted, counter) = self.validate_each(terms, validate)?;
        if !accepted.is_empty() {
            return Ok(Some(Inferred::Terms(accepted)));
        }
        for i in counter {
            let Some(e) = self.exps.get_mut(i) else { continue };
            if e.used < e.passing.len() {
                e.used += 1;
            } else if !e.over() {
                let runs = if e.used == 0 { INITIAL_RUNS } else { usize::MAX };
                if let Some(r) = add_path(e, &self.site, &mut self.stats, runs)? {
                    return Ok(Some(r));
                }
            }
        }
        Ok(None)
    }

    /// Validates `terms` natively in order, within the site's budget of
    /// validations: those that pass, and the tests that refuted the others
    /// (each once, in the order they did); a refuted term is never
    /// proposed again.
    fn validate_each(
        &mut self, terms: Vec<(Term, u32)>, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>,
    ) -> Result<(Vec<(Term, u32)>, Vec<usize>), SearchError> {
        let mut accepted = Vec::new();
        let mut counter: Vec<usize> = Vec::new();
        for (term, cost) in terms {
            let Some(judged) = validated(&self.site, validate, &term, cost)? else { break };
            match judged {
                None => accepted.push((term, cost)),
                Some(i) => {
                    self.stats.rejected += 1;
                    self.bad.push(term);
                    if !counter.contains(&i) {
                        counter.push(i);
                    }
                }
            }
        }
        Ok((accepted, counter))
    }

    /// The site's statistics, over `elapsed` in all.
    fn finish(self, elapsed: Duration) -> InferStats {
        let mut stats = self.stats;
        stats.explore_s = (elapsed - self.solve_time).as_secs_f64();
        stats.solve_s = self.solve_time.as_secs_f64();
        let mut times: Vec<Duration> = Vec::new();
        let mut exps = self.exps;
        for e in &mut exps {
            e.info.in_spec = e.used > 0;
            e.info.exhausted = e.exhausted();
            e.info.bounded = e.bounded;
            stats.explorations_bounded += e.bounded as u64;
            stats.paths += e.info.paths;
            stats.passing_paths += e.passing.len() as u64;
            if let Some(ex) = &e.ex {
                for (_, d, answer) in ex.example_queries() {
                    times.push(d);
                    match answer {
                        Some(true) => stats.sat_times.push(d),
                        Some(false) => stats.unsat_times.push(d),
                        None => {}
                    }
                }
            }
            if e.cut {
                stats.explorations_cut += 1;
            }
        }
        stats.so_queries = times.len() as u64;
        stats.so_query_median_ms = median_ms(&mut times);
        stats.query_times = times;
        stats.tests = exps.into_iter().filter(|e| e.info.runs > 0).map(|e| e.info).collect();
        stats
    }
}

/// Adds the next passing path of `e` (found within `runs` runs) to the
/// specification; `Some` ends the site (no passing path at all, or out of
/// time).
fn add_path<'p>(
    e: &mut TestExplorer<'p>, site: &Site<'_, 'p>, stats: &mut InferStats, runs: usize,
) -> Result<Option<Inferred>, SearchError> {
    if e.used < e.passing.len() {
        e.used += 1;
        return Ok(None);
    }
    match e.explore(site, stats, runs)? {
        Next::Found => {
            let k = e.passing.len() - 1;
            e.use_path(k);
            Ok(None)
        }
        Next::Exhausted if e.passing.is_empty() => {
            Ok(Some(Inferred::NoPassingPath { test: e.test.name.clone(), cut: e.cut, bounded: e.bounded }))
        }
        Next::Exhausted | Next::NotYet => Ok(None),
        Next::OutOfTime => Ok(Some(Inferred::OutOfTime)),
    }
}

/// The tests a neighbour is screened on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    /// The first `n` tests (the failing ones), whether or not they have a
    /// path in the specification yet.
    Failing(usize),
    /// The tests with a path in the specification.
    InSpec,
}

/// The tests `screen` names, given how many paths of each test the
/// specification uses.
fn screened(used: &[usize], screen: Screen) -> Vec<usize> {
    match screen {
        Screen::Failing(n) => (0..n.min(used.len())).collect(),
        Screen::InSpec => (0..used.len()).filter(|&i| used[i] > 0).collect(),
    }
}

/// Candidate-directed paths: when no term one relabel from the original
/// satisfies the specification, the first such term (closest first) that
/// passes every test `screen` names when run in the VM adds the paths it
/// takes to those tests' alternatives; with `every`, each such term does
/// (the ones the specification already admits are not run). These are
/// passing paths of the tests like any other; the deviation order may
/// just reach them late
/// (the first passing path of a test need not be the one a minimal term
/// takes). Built-in languages only (their terms are known without a
/// grammar).
#[allow(clippy::too_many_arguments)]
fn screen_neighbours<'p>(
    exps: &mut [TestExplorer<'p>], site: &Site<'_, 'p>, original: &Term, bad: &[Term], known: &[i64], arity: usize,
    screen: Screen, every: bool, stats: &mut InferStats,
) -> Result<(), SearchError> {
    let Some(near) = spec::neighbours(site.hole.1, original, arity, known) else { return Ok(()) };
    let spec_of = |e: &TestExplorer| e.passing[..e.used].to_vec();
    let near: Vec<(u32, Term)> = near.into_iter().filter(|(t, _)| !bad.contains(t)).map(|(t, c)| (c, t)).collect();
    let in_spec = screened(&exps.iter().map(|e| e.used).collect::<Vec<_>>(), screen);
    if in_spec.is_empty() {
        return Ok(());
    }
    let admitted =
        |exps: &[TestExplorer<'p>], t: &Term| in_spec.iter().all(|&i| spec::satisfies(t, &[spec_of(&exps[i])]));
    if !every && near.iter().any(|(_, t)| admitted(exps, t)) {
        return Ok(());
    }
    'terms: for (_, t) in &near {
        if site.spent() {
            return Ok(());
        }
        if every && admitted(exps, t) {
            continue;
        }
        let mut found = Vec::new();
        for &i in &in_spec {
            if spec::satisfies(t, &[spec_of(&exps[i])]) {
                continue;
            }
            match exps[i].run_term(site, t, stats)? {
                Some(k) => found.push((i, k)),
                None => {
                    // Cut at a limit of the VM's work: not judged here.
                    if exps[i].last_too_long {
                        match &mut stats.unjudged {
                            Unjudged::None => stats.unjudged = Unjudged::Terms(vec![t.clone()]),
                            Unjudged::Terms(ts) if !ts.contains(t) => ts.push(t.clone()),
                            Unjudged::Terms(_) | Unjudged::All => {}
                        }
                    }
                    continue 'terms;
                }
            }
        }
        for (i, k) in found {
            exps[i].use_path(k);
        }
        if !every {
            return Ok(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_failing_test_is_screened_even_when_no_test_passes() {
        // All four tests fail and none has a path yet: the neighbours are
        // run on all four (the specification's tests would be none).
        assert_eq!(screened(&[0, 0, 0, 0], Screen::Failing(4)), vec![0, 1, 2, 3]);
        assert_eq!(screened(&[0, 0, 0], Screen::Failing(1)), vec![0]);
        assert_eq!(screened(&[0, 2, 0, 1], Screen::InSpec), vec![1, 3]);
        assert!(screened(&[0, 0], Screen::InSpec).is_empty());
    }
}
