//! One test's deviation-ordered exploration ([`TestExplorer`]) and what
//! the explorations of one site share ([`Site`]: its schedule, its
//! budgets of work and the work spent).

use crate::config::TestCase;
use crate::native::judge;
use crate::search::{
    path_example, scheduled_executor, Engine, InferStats, Limits, SearchError, TestSearch, SOLVER_STEPS_PER_RUN,
};
use klee_ext::exec::so::HoleSchedule;
use klee_ext::exec::{Executor, RunEnd, Termination};
use klee_ext::ir::Program;
use klee_ext::so::{LangSpec, Term};
use klee_ext::solver::FirstOrder;
use klee_ext::spec::{Example, Rel};
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Deviation counts kept per test for the report.
const SHOWN_DEVIATIONS: usize = 64;

/// Time limit of the check that a passing path is one some term of the
/// language takes.
const CONSISTENT_TIME: Duration = Duration::from_millis(100);

/// What a test's exploration gave when asked for another passing path.
pub(super) enum Next {
    Found,
    Exhausted,
    OutOfTime,
    /// The runs allowed were made; none passed.
    NotYet,
}

/// One test's deviation-ordered exploration, resumable.
pub(super) struct TestExplorer<'p> {
    pub(super) test: &'p TestCase,
    pub(super) ex: Option<Executor<'p>>,
    pub(super) queue: VecDeque<Vec<u32>>,
    /// Passing paths found: their examples (deduplicated).
    pub(super) passing: Vec<Vec<Example>>,
    /// How many of `passing` the specification has.
    pub(super) used: usize,
    pub(super) info: TestSearch,
    /// A run was cut by a limit (its children are unknown).
    pub(super) cut: bool,
    /// The exploration reached the path bound (`Limits::max_paths`): it
    /// is over, though schedules remain.
    pub(super) bounded: bool,
    /// Decides whether a passing path forces a symbolic deviation's value.
    /// Made at the first deviation left symbolic on a passing path.
    pub(super) fo: Option<FirstOrder>,
    /// The last passing path of the last run.
    pub(super) last: Option<Vec<Example>>,
    /// Passing paths no term takes together with the other passing tests'
    /// original paths: used once the order is exhausted.
    pub(super) deferred: VecDeque<Vec<Example>>,
    /// The current run is a candidate's, not a schedule's (its path is
    /// not part of the deviation order).
    pub(super) candidate_run: bool,
    /// A schedule's run of this test ended at a limit of the VM's work
    /// (instructions, stack, memory): the VM cannot tell whether a term
    /// passes it.
    pub(super) too_long: bool,
    /// The last run (a schedule's or a candidate's) ended so.
    pub(super) last_too_long: bool,
}

/// Everything the explorations of one site share.
pub(super) struct Site<'s, 'p> {
    /// Per passing test, its original path's evaluations: a path of
    /// another test that no term can take together with them comes after
    /// the paths some term can (a repair usually leaves passing tests'
    /// paths alone, but may not).
    pub(super) background: std::cell::RefCell<Vec<(String, Vec<(Rc<[i64]>, Rel)>)>>,
    pub(super) prog: &'p Program,
    pub(super) hole: (&'s str, &'s LangSpec),
    pub(super) schedule: HoleSchedule,
    pub(super) engine: Engine,
    pub(super) limits: &'s Limits,
    /// Runs made so far (every test's, candidates' too; a run that forked
    /// counts each of its paths): the site's work, bounded by
    /// `Limits::max_runs`.
    pub(super) runs: std::cell::Cell<u64>,
    /// VM instructions of those runs, bounded by
    /// `Limits::max_site_instructions`.
    pub(super) instructions: std::cell::Cell<u64>,
    /// Z3 steps of those runs' checks, bounded by [`Site::solver_budget`].
    pub(super) solver_steps: std::cell::Cell<u64>,
    /// Candidates validated natively, bounded by `Limits::max_validations`.
    pub(super) validations: std::cell::Cell<u64>,
    /// The work bound stopped the search.
    pub(super) out_of_work: std::cell::Cell<bool>,
}

impl Site<'_, '_> {
    /// The Z3 steps the site's runs may take in their checks
    /// ([`SOLVER_STEPS_PER_RUN`] a run of its budget; `None`: no bound).
    fn solver_budget(&self) -> Option<u64> {
        let per_run = self.limits.solver_steps.then_some(SOLVER_STEPS_PER_RUN)?;
        self.limits.max_runs.map(|r| r.saturating_mul(per_run))
    }

    /// Whether the site's budget of native validations is spent.
    pub(super) fn validations_spent(&self) -> bool {
        self.limits.max_validations.is_some_and(|m| self.validations.get() >= m)
    }

    /// Whether the site's work budget or its time is spent.
    pub(super) fn spent(&self) -> bool {
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
pub(super) fn validated(
    site: &Site, validate: &mut dyn FnMut(&Term, u32) -> Result<Option<usize>, String>, term: &Term, cost: u32,
) -> Result<Option<Option<usize>>, SearchError> {
    if site.validations_spent() {
        site.out_of_work.set(true);
        return Ok(None);
    }
    let r = validate(term, cost).map_err(SearchError::Validate)?;
    if r != Some(usize::MAX) {
        site.validations.set(site.validations.get() + 1);
    }
    Ok(Some(r))
}

impl<'p> TestExplorer<'p> {
    pub(super) fn new(test: &'p TestCase) -> Self {
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

    pub(super) fn exhausted(&self) -> bool {
        self.queue.is_empty() && self.deferred.is_empty() && !self.cut
    }

    /// Nothing more to explore: every schedule was, or the path bound
    /// was reached.
    pub(super) fn over(&self) -> bool {
        self.exhausted() || self.bounded
    }

    /// Explores schedules until a passing path not found before turns up.
    pub(super) fn next_passing(&mut self, site: &Site<'_, 'p>, stats: &mut InferStats) -> Result<Next, SearchError> {
        self.explore(site, stats, usize::MAX)
    }

    /// As `next_passing`, running at most `runs` schedules (`Next::Found`
    /// only if a passing path turned up).
    pub(super) fn explore(
        &mut self, site: &Site<'_, 'p>, stats: &mut InferStats, runs: usize,
    ) -> Result<Next, SearchError> {
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
    pub(super) fn run_term(
        &mut self, site: &Site<'_, 'p>, term: &Term, stats: &mut InferStats,
    ) -> Result<Option<usize>, SearchError> {
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
    ) -> Result<Option<usize>, SearchError> {
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
    pub(super) fn use_path(&mut self, i: usize) {
        if i >= self.used {
            self.passing.swap(i, self.used);
            self.used += 1;
        }
    }
}

/// Whether a run or path that stopped for `s` stopped at a limit of the
/// VM's work (not for its output, its time or the solver).
fn work_limit(s: &klee_ext::exec::StopReason) -> bool {
    use klee_ext::exec::StopReason::*;
    matches!(s, MaxInstructions | MaxPathInstructions | MaxStack | MaxMemory | MaxDepth)
}
