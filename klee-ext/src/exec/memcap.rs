//! The whole run's memory cap (KLEE's `--max-memory`): the tool's heap
//! in use (glibc's `mallinfo2`, the solver's included) is checked every
//! few hundred scheduling steps. Over the cap, no path forks; well over it
//! (100 MB more, as KLEE), a share of the paths proportional to the
//! excess ends early, spread evenly over the live ones.

use super::{Executor, StateId, StopReason, Termination};

/// Scheduling steps between two checks.
const CHECK_EVERY: u64 = 256;

/// Bytes of the process's heap in use.
fn heap_in_use() -> u64 {
    // SAFETY: mallinfo2 only reads the allocator's statistics.
    let m = unsafe { libc::mallinfo2() };
    (m.uordblks + m.hblkhd) as u64
}

impl<'p> Executor<'p> {
    /// Checks the cap (every `CHECK_EVERY` calls): sets whether forking is
    /// inhibited, and ends paths over the cap's margin.
    pub(super) fn check_memory(&mut self, sink: &mut dyn FnMut(&mut Executor<'p>, super::PathReport)) {
        let Some(cap) = self.cfg.max_total_memory else { return };
        self.steps_since_memcheck += 1;
        if self.steps_since_memcheck < CHECK_EVERY {
            return;
        }
        self.steps_since_memcheck = 0;
        let used = heap_in_use();
        self.memory_inhibit = used > cap;
        if used <= cap + (100 << 20) {
            return;
        }
        let live: Vec<StateId> =
            (0..self.states.len() as u32).map(StateId).filter(|s| self.states[s.0 as usize].is_some()).collect();
        let kill = ((live.len() as u64 * (used - cap)) / used).max(1) as usize;
        crate::log::warning(&format!("killing {kill} states (over memory cap: {}MB)", used >> 20));
        let stride = (live.len() / kill).max(1);
        for sid in live.into_iter().step_by(stride).take(kill) {
            if let Some(st) = self.states[sid.0 as usize].take() {
                self.searcher.remove(sid);
                self.finish(st, Termination::Early(StopReason::MaxMemory), sink);
            }
        }
    }
}
