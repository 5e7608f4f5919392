//! The end of a path: its termination counted, and its report (test case,
//! output, coverage, second-order record) built for the run's sink.
//!
//! A run that keeps only the tests of paths covering something new
//! (KLEE's `--only-output-states-covering-new`, [`Config::bare_reports`])
//! gets the other paths' reports bare: their termination and counts, no
//! test case. Building one costs a model search per `klee_prefer_cex`
//! condition, and the states still pending when a run halts are ended
//! this way by the hundred thousand.

use std::rc::Rc;

#[cfg(doc)]
use super::Config;
use super::{stats, Executor, PathReport, State, Termination};
use crate::so::Assignment;

impl<'p> Executor<'p> {
    pub(super) fn finish(&mut self, st: State, t: Termination, sink: &mut dyn FnMut(&mut Executor<'p>, PathReport)) {
        self.tree_leaf(&st, &t);
        self.merge_end(&st);
        let class = self.stats.klee.next_class.take().unwrap_or_else(|| stats::termination_class(&t));
        self.stats.klee.terminations[class] += 1;
        if matches!(t, Termination::Silent) {
            self.stats.silent += 1;
            return;
        }
        if self.schedule_unreached(&st) {
            return;
        }
        self.stats.paths_completed += 1;
        if t.is_error() {
            self.stats.errors += 1;
        }
        if self.cfg.bare_reports && !t.is_error() && !st.covered_new {
            sink(self, PathReport::bare(&st, t));
            return;
        }
        let model = self.preferred_model(&st);
        let objects = st
            .arrays
            .iter()
            .map(|(arr, name)| {
                let size = self.pool.array(*arr).size;
                (name.to_string(), (0..size).map(|i| model.get(*arr, i)).collect())
            })
            .collect();
        let report = PathReport {
            state: st.id,
            stdout: st.stdout.render(&self.pool, &model),
            stderr: st.stderr.render(&self.pool, &model),
            termination: t,
            objects,
            arrays: st.arrays.iter().map(|(a, _)| *a).collect(),
            covered_new: st.covered_new,
            concretized: st.concretized,
            path: st.path.clone(),
            lines: self.covered_lines(&st),
            instructions: st.instructions,
            depth: st.depth,
            so: self.so_report(&st),
            constraints: st.constraints.clone(),
            apps: st.apps.clone(),
            deviations: st.holes.iter().filter(|h| h.deviated).count() as u32,
        };
        sink(self, report);
    }

    /// The path's model, moved to meet its `klee_prefer_cex` conditions
    /// one by one where the path condition allows.
    fn preferred_model(&mut self, st: &State) -> Rc<Assignment> {
        if st.prefs.is_empty() {
            return st.model.clone();
        }
        let mut tmp = st.clone();
        for &c in st.prefs.iter() {
            if let Ok(Some(m)) = self.model_for(&tmp, c) {
                tmp.add_constraint(c, m);
            }
        }
        tmp.model
    }

    /// The source lines of the blocks `st` entered, sorted and unique.
    fn covered_lines(&self, st: &State) -> Vec<(Rc<str>, u32)> {
        let mut out: Vec<(Rc<str>, u32)> = Vec::new();
        for &(f, b) in st.blocks.iter() {
            for l in self.prog.func(f).blocks[b.idx()].locs.iter() {
                let loc = self.prog.loc(*l);
                if loc.line != 0 {
                    out.push((loc.file.clone(), loc.line));
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

impl PathReport {
    /// The report of a path whose test is not written: its termination
    /// and counts, no test case, output or record.
    fn bare(st: &State, termination: Termination) -> PathReport {
        PathReport {
            state: st.id,
            termination,
            stdout: Vec::new(),
            stderr: Vec::new(),
            objects: Vec::new(),
            arrays: Vec::new(),
            covered_new: false,
            concretized: st.concretized,
            path: Rc::default(),
            lines: Vec::new(),
            instructions: st.instructions,
            depth: st.depth,
            so: Default::default(),
            constraints: Rc::default(),
            apps: Rc::default(),
            deviations: 0,
        }
    }
}
