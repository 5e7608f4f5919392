//! KLEE's `--max-static-fork-pct` and `--max-static-cpfork-pct`: once the
//! run has forked `--max-static-pct-check-delay` times, a branch whose
//! instruction (or whose call path: the chain of call sites down to its
//! function) has made more than that share of all forks does not fork;
//! its condition takes the value the path's model gives it.

use super::{Executor, State};
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// Forks made by each branch instruction and each call path.
#[derive(Default)]
pub(super) struct ForkSites {
    by_inst: FxHashMap<(u32, u32, u32), u64>,
    by_path: FxHashMap<u64, u64>,
}

/// The branch instruction `st` is at and its call path.
fn site(st: &State) -> ((u32, u32, u32), u64) {
    let top = st.stack.last().expect("a running path has a frame");
    let inst = (top.func.0, top.block.0, top.pc.saturating_sub(1));
    let mut h = rustc_hash::FxHasher::default();
    for f in &st.stack[..st.stack.len() - 1] {
        (f.func.0, f.block.0, f.pc).hash(&mut h);
    }
    top.func.0.hash(&mut h);
    (inst, h.finish())
}

impl<'p> Executor<'p> {
    fn static_limits_on(&self) -> bool {
        self.cfg.max_static_fork_pct < 1.0 || self.cfg.max_static_cpfork_pct < 1.0
    }

    /// Whether the branch `st` is at may not fork (a limit is reached).
    pub(super) fn static_limit_reached(&self, st: &State) -> bool {
        if !self.static_limits_on() || self.stats.forks < self.cfg.max_static_pct_check_delay {
            return false;
        }
        let (inst, path) = site(st);
        let total = self.stats.forks as f64;
        let at = self.fork_sites.by_inst.get(&inst).copied().unwrap_or(0) as f64;
        let cp = self.fork_sites.by_path.get(&path).copied().unwrap_or(0) as f64;
        (self.cfg.max_static_fork_pct < 1.0 && at > total * self.cfg.max_static_fork_pct)
            || (self.cfg.max_static_cpfork_pct < 1.0 && cp > total * self.cfg.max_static_cpfork_pct)
    }

    /// Counts a fork of the branch `st` is at.
    pub(super) fn count_site_fork(&mut self, st: &State) {
        if !self.static_limits_on() {
            return;
        }
        let (inst, path) = site(st);
        *self.fork_sites.by_inst.entry(inst).or_default() += 1;
        *self.fork_sites.by_path.entry(path).or_default() += 1;
    }

    /// KLEE's words for a branch that did not fork for a limit.
    pub(super) fn warn_static_limit(&mut self, st: &State) {
        let place = match self.user_loc(st) {
            Some(l) => format!(" at {}:{}", l.file, l.line),
            None => String::new(),
        };
        crate::log::warning_once(&format!(
            "skipping fork and concretizing condition (MaxStatic*Pct limit reached){place}"
        ));
    }
}
