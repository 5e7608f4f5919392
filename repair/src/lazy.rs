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

use crate::config::TestCase;
use crate::infer::{
    median_ms, path_example, scheduled_executor, Engine, InferStats, Inferred, Limits, SiteProblem, TestSearch,
    Unjudged, SOLVER_STEPS_PER_RUN,
};
use crate::native::judge;
use klee_ext::exec::so::HoleSchedule;
use klee_ext::exec::{Executor, RunEnd, Termination};
use klee_ext::ir::Program;
use klee_ext::so::{LangSpec, Term};
use klee_ext::solver::FirstOrder;
use klee_ext::spec::{self, Example, Rel, SpecOptions};
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Deviation counts kept per test for the report.
const SHOWN_DEVIATIONS: usize = 64;

/// Z3 steps a round's solve of the specification may take per run of the
/// site's work budget (`Limits::max_runs`): about 1 s of solving in the
/// full pass.
const SOLVE_STEPS_PER_RUN: u64 = 1_000;

/// Z3 steps all the rounds of one site may take together, per run of its
/// work budget: about 7 s of solving in the full pass, however many
/// candidates the rounds propose and their validation rejects.
const SITE_SOLVE_STEPS_PER_RUN: u64 = 10_000;

/// Runs a failing test without a passing path gets at a time (before
/// the others are solved for, or when a candidate fails it).
const INITIAL_RUNS: usize = 256;

/// Terms per round validated against the failing tests' paths alone.
const RELAXED: usize = 2;

/// Time limit of the check that a passing path is one some term of the
/// language takes.
const CONSISTENT_TIME: Duration = Duration::from_millis(100);

/// What a test's exploration gave when asked for another passing path.
enum Next {
    Found,
    Exhausted,
    OutOfTime,
    /// The runs allowed were made; none passed.
    NotYet,
}

/// One test's deviation-ordered exploration, resumable.
struct TestExplorer<'p> {
    test: &'p TestCase,
    ex: Option<Executor<'p>>,
    queue: VecDeque<Vec<u32>>,
    /// Passing paths found: their examples (deduplicated).
    passing: Vec<Vec<Example>>,
    /// How many of `passing` the specification has.
    used: usize,
    info: TestSearch,
    /// A run was cut by a limit (its children are unknown).
    cut: bool,
    /// The exploration reached the path bound (`Limits::max_paths`): it
    /// is over, though schedules remain.
    bounded: bool,
    /// Decides whether a passing path forces a symbolic deviation's value.
    /// Made at the first deviation left symbolic on a passing path.
    fo: Option<FirstOrder>,
    /// The last passing path of the last run.
    last: Option<Vec<Example>>,
    /// Passing paths no term takes together with the other passing tests'
    /// original paths: used once the order is exhausted.
    deferred: VecDeque<Vec<Example>>,
    /// The current run is a candidate's, not a schedule's (its path is
    /// not part of the deviation order).
    candidate_run: bool,
    /// A schedule's run of this test ended at a limit of the VM's work
    /// (instructions, stack, memory): the VM cannot tell whether a term
    /// passes it.
    too_long: bool,
    /// The last run (a schedule's or a candidate's) ended so.
    last_too_long: bool,
}

/// Everything the explorations of one site share.
struct Site<'s, 'p> {
    /// Per passing test, its original path's evaluations: a path of
    /// another test that no term can take together with them comes after
    /// the paths some term can (a repair usually leaves passing tests'
    /// paths alone, but may not).
    background: std::cell::RefCell<Vec<(String, Vec<(Rc<[i64]>, Rel)>)>>,
    prog: &'p Program,
    hole: (&'s str, &'s LangSpec),
    schedule: HoleSchedule,
    engine: Engine,
    limits: &'s Limits,
    /// Runs made so far (every test's, candidates' too; a run that forked
    /// counts each of its paths): the site's work, bounded by
    /// `Limits::max_runs`.
    runs: std::cell::Cell<u64>,
    /// VM instructions of those runs, bounded by
    /// `Limits::max_site_instructions`.
    instructions: std::cell::Cell<u64>,
    /// Z3 steps of those runs' checks, bounded by [`Site::solver_budget`].
    solver_steps: std::cell::Cell<u64>,
    /// Candidates validated natively, bounded by `Limits::max_validations`.
    validations: std::cell::Cell<u64>,
    /// The work bound stopped the search.
    out_of_work: std::cell::Cell<bool>,
}

impl Site<'_, '_> {
    /// The Z3 steps the site's runs may take in their checks
    /// ([`SOLVER_STEPS_PER_RUN`] a run of its budget; `None`: no bound).
    fn solver_budget(&self) -> Option<u64> {
        let per_run = self.limits.solver_steps.then_some(SOLVER_STEPS_PER_RUN)?;
        self.limits.max_runs.map(|r| r.saturating_mul(per_run))
    }

    /// Whether the site's budget of native validations is spent.
    fn validations_spent(&self) -> bool {
        self.limits.max_validations.is_some_and(|m| self.validations.get() >= m)
    }

    /// Whether the site's work budget or its time is spent.
    fn spent(&self) -> bool {
        if self.limits.max_runs.is_some_and(|m| self.runs.get() >= m)
            || self.limits.max_site_instructions.is_some_and(|m| self.instructions.get() >= m)
            || self.solver_budget().is_some_and(|m| self.solver_steps.get() >= m)
            || self.validations_spent()
        {
            self.out_of_work.set(true);
            return true;
        }
        Instant::now() >= self.limits.deadline
    }
}

/// `validate` of `term` (its cost `cost`), counted against the site's
/// budget of validations: `None` once that is spent (the term is not
/// validated). A term turned down before any build (an anti-pattern, or C
/// that would repeat an effect: `usize::MAX`) costs nothing.
fn validated(
    site: &Site, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>, term: &Term, cost: u32,
) -> Result<Option<Option<usize>>, String> {
    if site.validations_spent() {
        site.out_of_work.set(true);
        return Ok(None);
    }
    let r = validate(term, cost)?;
    if r != Some(usize::MAX) {
        site.validations.set(site.validations.get() + 1);
    }
    Ok(Some(r))
}

impl<'p> TestExplorer<'p> {
    fn new(test: &'p TestCase) -> Self {
        TestExplorer {
            test,
            ex: None,
            queue: VecDeque::from([Vec::new()]),
            passing: Vec::new(),
            used: 0,
            info: TestSearch { test: test.name.clone(), ..TestSearch::default() },
            cut: false,
            too_long: false,
            last_too_long: false,
            bounded: false,
            fo: None,
            last: None,
            deferred: VecDeque::new(),
            candidate_run: false,
        }
    }

    fn exhausted(&self) -> bool {
        self.queue.is_empty() && self.deferred.is_empty() && !self.cut
    }

    /// Nothing more to explore: every schedule was, or the path bound
    /// was reached.
    fn over(&self) -> bool {
        self.exhausted() || self.bounded
    }

    /// Explores schedules until a passing path not found before turns up.
    fn next_passing(&mut self, site: &Site<'_, 'p>, stats: &mut InferStats) -> Result<Next, String> {
        self.explore(site, stats, usize::MAX)
    }

    /// As `next_passing`, running at most `runs` schedules (`Next::Found`
    /// only if a passing path turned up).
    fn explore(&mut self, site: &Site<'_, 'p>, stats: &mut InferStats, runs: usize) -> Result<Next, String> {
        let before = self.passing.len();
        for _ in 0..runs {
            if self.passing.len() > before {
                break;
            }
            if site.spent() {
                return Ok(Next::OutOfTime);
            }
            if site.limits.max_paths.is_some_and(|m| self.info.paths >= m) {
                // The path bound ends this test's exploration like a
                // limit: what was not explored is unknown.
                self.bounded = true;
                self.cut = true;
                return Ok(Next::Exhausted);
            }
            let Some(flips) = self.queue.pop_front() else {
                if let Some(p) = self.deferred.pop_front() {
                    self.passing.push(p);
                    continue;
                }
                self.info.exhausted = !self.cut;
                return Ok(Next::Exhausted);
            };
            let sched = HoleSchedule { originals: site.schedule.originals.clone(), flips: flips.clone() };
            let Some(evals) = self.run(site, sched, stats)? else {
                // Cut by the time limit: its children are unknown.
                self.cut = true;
                continue;
            };
            let from = flips.last().map_or(0, |&l| l as usize + 1);
            for j in (from..evals).rev() {
                let mut child = flips.clone();
                child.push(j as u32);
                self.queue.push_back(child);
            }
        }
        Ok(if self.passing.len() > before { Next::Found } else { Next::NotYet })
    }

    /// Runs the test with the hole interpreted by `term` (a candidate):
    /// the index in `passing` of the path it takes, if that path passes.
    fn run_term(&mut self, site: &Site<'_, 'p>, term: &Term, stats: &mut InferStats) -> Result<Option<usize>, String> {
        let before = self.passing.len();
        let sched = HoleSchedule { originals: vec![(site.hole.0.to_string(), term.clone())], flips: Vec::new() };
        self.candidate_run = true;
        let r = self.run(site, sched, stats);
        self.candidate_run = false;
        r?;
        if self.passing.len() > before {
            return Ok(Some(before));
        }
        // A path found before (by the schedules) is passing too.
        let Some(last) = &self.last else { return Ok(None) };
        Ok(self.passing.iter().position(|p| p == last))
    }

    /// One run of the test under `sched`: the passing paths it finds are
    /// added to `passing`. The evaluations of the hole it reached, or
    /// `None` if the time limit cut it.
    fn run(
        &mut self, site: &Site<'_, 'p>, sched: HoleSchedule, stats: &mut InferStats,
    ) -> Result<Option<usize>, String> {
        // Each run is bounded in instructions (`RUN_INSTRUCTIONS`); the
        // clock is only the repair's outer limit.
        let time = site.limits.deadline.saturating_duration_since(Instant::now());
        site.runs.set(site.runs.get() + 1);
        let paths_before = self.info.paths;
        let sched = Rc::new(sched);
        let holes = [(site.hole.0.to_string(), site.hole.1.clone())];
        // The run may take what the site's Z3 steps left.
        let steps_left = site.solver_budget().map(|b| b.saturating_sub(site.solver_steps.get()));
        let ex = scheduled_executor(
            &mut self.ex,
            site.prog,
            self.test,
            &holes,
            site.engine,
            site.limits,
            time,
            steps_left,
            sched,
        )?;
        let forks = ex.stats.forks;
        let solver_steps = ex.solver_steps();
        let pruned = ex.stats.so_pruned;
        let instructions = ex.stats.instructions;
        let mut evals = 0usize;
        let orig = &site.schedule.originals[0].1;
        let query_time = site.limits.query_timeout;
        let (t, info, passing, fo, last, deferred) =
            (self.test, &mut self.info, &mut self.passing, &mut self.fo, &mut self.last, &mut self.deferred);
        let so = site.engine != Engine::Fo;
        let candidate_run = self.candidate_run;
        let name = site.hole.0;
        let mut discarded = 0u64;
        let discarded = &mut discarded;
        let mut too_long = false;
        *last = None;
        let end = ex.run(&mut |ex, r| {
            info.paths += 1;
            too_long |= matches!(&r.termination, Termination::Early(s) if work_limit(s));
            // Deviations from the original expression (a candidate's run
            // deviates where the candidate differs from it).
            let deviations =
                r.so.apps.iter().filter(|a| orig.eval(&a.args).is_none_or(|o| o.as_c() != a.value)).count() as u32;
            if !candidate_run && info.deviations.len() < SHOWN_DEVIATIONS {
                info.deviations.push(deviations);
            }
            evals = evals.max(r.so.apps.len());
            let exit = match r.termination {
                Termination::Exit(c) => Some(c),
                _ => None,
            };
            if judge(t, &r.stdout, &r.stderr, exit) {
                let mut exs: Vec<Example> =
                    r.so.apps.iter().map(|a| path_example(fo, &mut ex.pool, &r, a, query_time)).collect();
                exs.sort_unstable();
                exs.dedup();
                // A path no term of the language can take is no
                // alternative; one no term can take with the other
                // passing tests' original paths waits (second-order mode).
                // A candidate's path is one a term of the language takes.
                if so && !candidate_run && !passing.contains(&exs) && !deferred.contains(&exs) {
                    let mut all: Vec<(Rc<[i64]>, Rel)> =
                        exs.iter().map(|(a, r)| (Rc::from(a.as_slice()), *r)).collect();
                    if ex.holes_consistent(name, &all, CONSISTENT_TIME) == Some(false) {
                        *discarded += 1;
                        return;
                    }
                    let before = all.len();
                    for (owner, bg) in site.background.borrow().iter() {
                        if *owner != t.name {
                            all.extend(bg.iter().cloned());
                        }
                    }
                    if all.len() > before && ex.holes_consistent(name, &all, CONSISTENT_TIME) == Some(false) {
                        deferred.push_back(exs);
                        return;
                    }
                }
                if !passing.contains(&exs) {
                    info.passing.push(deviations);
                    passing.push(exs.clone());
                }
                *last = Some(exs);
            }
        });
        self.info.runs += 1;
        self.last_too_long = too_long || matches!(&end, RunEnd::Limit(s) if work_limit(s));
        self.too_long |= !candidate_run && self.last_too_long;
        // A run that forked did the work of each of its paths.
        site.runs.set(site.runs.get() + (self.info.paths - paths_before).saturating_sub(1));
        stats.paths_pruned += *discarded;
        stats.forks += ex.stats.forks - forks;
        site.instructions.set(site.instructions.get() + (ex.stats.instructions - instructions));
        let steps = ex.solver_steps() - solver_steps;
        site.solver_steps.set(site.solver_steps.get() + steps);
        stats.solver_steps += steps;
        stats.paths_pruned += ex.stats.so_pruned - pruned;
        if end != RunEnd::Exhausted {
            return Ok(None);
        }
        Ok(Some(evals.max(ex.holes_reached)))
    }

    /// Puts path `i` of `passing` into the specification.
    fn use_path(&mut self, i: usize) {
        if i >= self.used {
            self.passing.swap(i, self.used);
            self.used += 1;
        }
    }
}

/// The deviation search at one site: `tests` in order (failing first;
/// `failing` of them), the hole's original term, and `validate`, which
/// runs a candidate natively on every test and returns the index (in
/// `tests`) of one it fails, or `None` when it passes them all.
pub fn infer_lazy<'a>(
    problem: &SiteProblem<'a>, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>,
) -> Result<(Inferred, InferStats), String> {
    let SiteProblem { prog, tests, failing, hole, arity, goal, engine, limits } = *problem;
    let Some(original) = goal.original.clone() else {
        return Err("the deviation search needs the original expression as a term".into());
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
    let mut stats = InferStats { search: "deviation".into(), ..InferStats::default() };
    let mut exps: Vec<TestExplorer<'a>> = tests.iter().map(|t| TestExplorer::new(t)).collect();
    let t0 = Instant::now();
    let mut solve_time = Duration::ZERO;
    let solve_steps = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let result = (|| -> Result<Inferred, String> {
        let failing = failing.min(tests.len());
        // Every failing test's original path first (the deviation order's
        // first schedule); then the terms one relabel from the original,
        // run on the failing tests; then, for a failing test that none of
        // them passes, the deviation order up to its first passing path.
        for e in &mut exps[..failing] {
            match e.explore(&site, &mut stats, 1)? {
                Next::Found => e.use_path(0),
                Next::OutOfTime => return Ok(Inferred::OutOfTime),
                Next::Exhausted | Next::NotYet => {}
            }
        }
        // The relabel pass screens every neighbour (each that passes joins
        // the specification, so the solve returns the closest few of them
        // for the choice, not only the first); the other passes stop at
        // the first that passes.
        let screen = Screen::Failing(failing);
        screen_neighbours(
            &mut exps,
            &site,
            &original,
            &[],
            &goal.constants,
            arity,
            screen,
            goal.relabels_only,
            &mut stats,
        )?;
        if goal.relabels_only && exps[..failing].iter().any(|e| e.used == 0) {
            // Out of work (a failing test too long for the VM to judge
            // the terms: a run of the original cut at a limit, or the
            // site's instructions spent) is no proof that no term
            // passes: the caller may screen them natively.
            let too_long = site.out_of_work.get() || exps[..failing].iter().any(|e| e.too_long);
            if too_long {
                stats.unjudged = Unjudged::All;
            }
            return Ok(if too_long { Inferred::OutOfWork } else { Inferred::NoRelabel });
        }
        // The passing tests' original paths join the specification (a
        // repair usually leaves them alone) and constrain the failing
        // tests' alternatives.
        if !goal.relabels_only {
            for e in &mut exps[failing..] {
                if let Next::Found = e.explore(&site, &mut stats, 1)? {
                    e.use_path(0);
                    let own = e.passing[0].iter().map(|(a, r)| (Rc::from(a.as_slice()), *r)).collect();
                    site.background.borrow_mut().push((e.test.name.clone(), own));
                }
            }
        }
        // A bounded effort per failing test, round after round, until one
        // test has a path: a test whose passing paths lie deep in the
        // order (many deviations) does not hold up the others, and the
        // others join when a candidate fails them.
        while failing > 0 && exps[..failing].iter().all(|e| e.used == 0) {
            for e in exps[..failing].iter_mut() {
                if let Some(r) = add_path(e, &site, &mut stats, INITIAL_RUNS)? {
                    return Ok(r);
                }
                if e.used > 0 {
                    break;
                }
            }
        }
        let mut bad: Vec<Term> = Vec::new();
        loop {
            if site.spent() {
                return Ok(Inferred::OutOfTime);
            }
            // The closest terms near the original that the failing tests'
            // paths admit, validated before the passing tests' original
            // paths constrain them (a repair may change a passing test's
            // path and still pass it; native validation decides).
            if !goal.relabels_only {
                // The failing tests, and the passing ones whose alternatives
                // grew when they refuted a candidate.
                let failing_spec: Vec<Vec<Vec<Example>>> = exps
                    .iter()
                    .enumerate()
                    .filter(|(i, e)| e.used > 0 && (*i < failing || e.used > 1))
                    .map(|(_, e)| e.passing[..e.used].to_vec())
                    .collect();
                let near = spec::nearby(hole.1, &original, arity, &failing_spec, &goal.constants, &bad, RELAXED)
                    .unwrap_or_default();
                let closest = near.first().map(|(t, _)| klee_ext::so::edit::cost(Some(&original), t, &goal.constants));
                stats.lower_bound = stats.lower_bound.max(closest);
                let mut accepted = Vec::new();
                for (term, cost) in near {
                    let Some(judged) = validated(&site, validate, &term, cost)? else { break };
                    match judged {
                        None => accepted.push((term, cost)),
                        Some(_) => {
                            stats.rejected += 1;
                            bad.push(term);
                        }
                    }
                }
                if !accepted.is_empty() {
                    return Ok(Inferred::Terms(accepted));
                }
                if site.spent() {
                    return Ok(Inferred::OutOfTime);
                }
            }
            screen_neighbours(
                &mut exps,
                &site,
                &original,
                &bad,
                &goal.constants,
                arity,
                Screen::InSpec,
                false,
                &mut stats,
            )?;
            let spec_tests: Vec<Vec<Vec<Example>>> =
                exps.iter().filter(|e| e.used > 0).map(|e| e.passing[..e.used].to_vec()).collect();
            let remaining = limits.deadline.saturating_duration_since(Instant::now());
            let opts = SpecOptions {
                encoding: engine.encoding(),
                timeout: Some(remaining),
                known_constants: goal.constants.clone(),
                solutions: goal.solutions,
                relabels_only: goal.relabels_only,
                any: false,
                // A round's solve is work too: Z3 steps in proportion to
                // the site's budget of runs, per check and, for all the
                // site's rounds together, what the rounds before left.
                rlimit: limits.max_runs.map(|r| (r.saturating_mul(SOLVE_STEPS_PER_RUN)).min(u32::MAX as u64) as u32),
                budget: limits.max_runs.map(|r| {
                    r.saturating_mul(SITE_SOLVE_STEPS_PER_RUN).saturating_sub(solve_steps.load(Ordering::Relaxed))
                }),
                steps: solve_steps.clone(),
            };
            let t1 = Instant::now();
            let solved = spec::solve_examples(hole.0, hole.1, arity, &spec_tests, Some(&original), &bad, &opts);
            solve_time += t1.elapsed();
            stats.rounds += 1;
            let terms = match solved {
                Ok(t) => t,
                Err(_) if Instant::now() >= limits.deadline => return Ok(Inferred::OutOfTime),
                Err(_) if limits.max_runs.is_some() => {
                    site.out_of_work.set(true);
                    return Ok(Inferred::OutOfTime);
                }
                Err(e) => return Err(format!("solving the specification: {e}")),
            };
            if terms.is_empty() && goal.relabels_only {
                return Ok(Inferred::NoRelabel);
            }
            if terms.is_empty() {
                // Every test of the specification gets another path, if it
                // has one: first the failing tests and the passing ones
                // that refuted a candidate; the other passing tests only
                // when none of those has one (a repair usually leaves
                // their paths alone, and their deviation orders are long).
                let mut grown = false;
                for group in [true, false] {
                    let first = |i: usize, e: &TestExplorer| i < failing || e.used > 1;
                    for (i, e) in exps.iter_mut().enumerate() {
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
                        match e.next_passing(&site, &mut stats)? {
                            Next::Found => {
                                let k = e.passing.len() - 1;
                                e.use_path(k);
                                grown = true;
                            }
                            Next::Exhausted | Next::NotYet => {}
                            Next::OutOfTime => return Ok(Inferred::OutOfTime),
                        }
                    }
                    if grown {
                        break;
                    }
                }
                if !grown {
                    // A proof only if no run of these tests was cut short.
                    let spec: Vec<&TestExplorer> = exps.iter().filter(|e| e.used > 0).collect();
                    let proof = if spec.iter().any(|e| e.cut) {
                        Vec::new()
                    } else {
                        spec.iter().map(|e| e.test.name.clone()).collect()
                    };
                    return Ok(Inferred::NoInterpretation { proof });
                }
                continue;
            }
            // The round's terms are the closest the specification admits:
            // a bound on what the site can still give.
            let closest =
                terms.iter().map(|(t, _)| klee_ext::so::edit::cost(Some(&original), t, &goal.constants)).min();
            stats.lower_bound = stats.lower_bound.max(closest);
            // Every term of the round is validated: those that pass are
            // alternatives the choice among patches compares.
            let mut accepted = Vec::new();
            let mut counter: Vec<usize> = Vec::new();
            for (term, cost) in terms {
                let Some(judged) = validated(&site, validate, &term, cost)? else { break };
                match judged {
                    None => {
                        accepted.push((term, cost));
                    }
                    Some(i) => {
                        stats.rejected += 1;
                        bad.push(term);
                        if !counter.contains(&i) {
                            counter.push(i);
                        }
                    }
                }
            }
            if !accepted.is_empty() {
                return Ok(Inferred::Terms(accepted));
            }
            // The tests that refuted a candidate contribute a path.
            for i in counter {
                let Some(e) = exps.get_mut(i) else { continue };
                if e.used < e.passing.len() {
                    e.used += 1;
                } else if !e.over() {
                    let runs = if e.used == 0 { INITIAL_RUNS } else { usize::MAX };
                    if let Some(r) = add_path(e, &site, &mut stats, runs)? {
                        return Ok(r);
                    }
                }
            }
        }
    })();
    let result = match result {
        Ok(Inferred::OutOfTime) if site.out_of_work.get() => Ok(Inferred::OutOfWork),
        r => r,
    };
    stats.explore_s = (t0.elapsed() - solve_time).as_secs_f64();
    stats.solve_s = solve_time.as_secs_f64();
    let mut times: Vec<Duration> = Vec::new();
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
    Ok((result?, stats))
}

/// Adds the next passing path of `e` (found within `runs` runs) to the
/// specification; `Some` ends the site (no passing path at all, or out of
/// time).
fn add_path<'p>(
    e: &mut TestExplorer<'p>, site: &Site<'_, 'p>, stats: &mut InferStats, runs: usize,
) -> Result<Option<Inferred>, String> {
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

/// Whether a run or path that stopped for `s` stopped at a limit of the
/// VM's work (not for its output, its time or the solver).
fn work_limit(s: &klee_ext::exec::StopReason) -> bool {
    use klee_ext::exec::StopReason::*;
    matches!(s, MaxInstructions | MaxPathInstructions | MaxStack | MaxMemory | MaxDepth)
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
) -> Result<(), String> {
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
