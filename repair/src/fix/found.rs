//! What the passes of one repair have found so far: the report they
//! fill (attempts, counters, the time of the first patch) and the pool
//! of validated patches, each diff once, the closest so far written at
//! once so that a user who stops the search has it.

use super::error::FixError;
use super::patch::{one_line, Attempt, Patch};
use super::report::{write_interim, Progress, Report};
use crate::search::InferStats;
use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

/// The report of a repair under way, with the pool it collects.
pub(super) struct Found<'a> {
    pub report: Report,
    /// The diffs of the patches in the pool.
    seen: HashSet<String>,
    out_dir: &'a Path,
    start: Instant,
    times: QueryTimes,
}

impl<'a> Found<'a> {
    pub fn new(report: Report, out_dir: &'a Path, start: Instant) -> Found<'a> {
        Found { report, seen: HashSet::new(), out_dir, start, times: QueryTimes::default() }
    }

    /// The seconds since the repair started.
    pub fn elapsed_s(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    /// Whether the pool holds a patch at most `distance` from the original.
    pub fn has_within(&self, distance: u32) -> bool {
        self.report.patches.iter().any(|pt| pt.distance <= distance)
    }

    /// Notes the time of the first patch when `patches` holds one.
    pub fn note_first(&mut self, patches: &[Patch]) {
        if !patches.is_empty() && self.report.first_patch_s.is_none() {
            self.report.first_patch_s = Some(self.elapsed_s());
        }
    }

    /// Adds a site's or a set's counters to the report.
    pub fn absorb(&mut self, stats: &InferStats) {
        self.times.absorb(&mut self.report, stats);
    }

    /// Adds `patches` not found before to the pool; a closer patch than
    /// any before is written at once.
    pub fn add(&mut self, patches: Vec<Patch>, progress: &mut dyn Progress) -> Result<(), FixError> {
        let report = &mut self.report;
        let closest_before = report.patches.iter().map(|pt| (pt.distance, pt.objective)).min();
        for pt in patches {
            if self.seen.insert(pt.diff.clone()) {
                report.patches.push(pt);
            }
        }
        let closest = report.patches.iter().min_by_key(|pt| (pt.distance, pt.objective));
        if let Some(pt) = closest.filter(|pt| closest_before.is_none_or(|b| (pt.distance, pt.objective) < b)) {
            write_interim(report, pt, self.out_dir, self.start)?;
            let more =
                if pt.also.is_empty() { String::new() } else { format!(" and {} more locations", pt.also.len()) };
            progress.message(&format!(
                "patch so far: {}:{}: `{}`{more} (distance {}), in {}; searching for a closer one",
                pt.file,
                pt.line,
                one_line(&pt.replacement),
                pt.distance,
                self.out_dir.join("patch.diff").display()
            ));
        }
        Ok(())
    }

    /// Adds a statement pass's attempts (one line each) and patches.
    pub fn record(
        &mut self, (patches, attempts): (Vec<Patch>, Vec<Attempt>), progress: &mut dyn Progress,
    ) -> Result<(), FixError> {
        for a in &attempts {
            progress.message(&format!(
                "{}:{}: {} `{}`: {}",
                a.file,
                a.line,
                a.schema.describe(),
                one_line(&a.original),
                a.result
            ));
        }
        self.report.attempts.extend(attempts);
        self.note_first(&patches);
        self.add(patches, progress)
    }
}

/// The second-order query times of every site, for the report's
/// medians and means.
#[derive(Default)]
struct QueryTimes {
    all: Vec<Duration>,
    sat: Vec<Duration>,
    unsat: Vec<Duration>,
}

impl QueryTimes {
    /// Adds one site's counters to the report.
    fn absorb(&mut self, report: &mut Report, stats: &InferStats) {
        report.paths_explored += stats.paths;
        report.paths_pruned += stats.paths_pruned;
        report.so_queries += stats.so_queries;
        self.all.extend(stats.query_times.iter().copied());
        self.sat.extend(stats.sat_times.iter().copied());
        self.unsat.extend(stats.unsat_times.iter().copied());
        report.sat_ms = crate::search::mean_ms(&self.sat);
        report.unsat_ms = crate::search::mean_ms(&self.unsat);
        report.so_query_median_ms = crate::search::median_ms(&mut self.all);
    }
}
