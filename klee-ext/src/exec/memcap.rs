//! The whole run's memory cap (KLEE's `--max-memory`): the tool's heap
//! in use (glibc's `mallinfo2`, the solver's included) is checked every
//! few hundred scheduling steps, and sooner when object contents have
//! grown by `CHECK_GROWTH` (a step that forks at each write into a large
//! buffer copies it per fork): between steps and at each fork. Over the
//! cap, no path forks; well over it (100 MB more, as KLEE), a share of
//! the paths proportional to the excess ends early, spread evenly over
//! the live ones.

use super::{memory, Executor, StateId, StopReason, Termination};

/// Scheduling steps between two checks.
const CHECK_EVERY: u64 = 256;
/// Bytes of object contents allocated (`memory::grown`) that bring the
/// next check forward.
const CHECK_GROWTH: u64 = 32 << 20;

impl<'p> Executor<'p> {
    /// Whether the cap forbids forking: as the last check found, looked at
    /// again when object contents have grown by `CHECK_GROWTH` since.
    pub(super) fn memory_inhibited(&self) -> bool {
        if let Some(cap) = self.cfg.max_total_memory {
            let grown = memory::grown();
            if grown >= self.grown_at_fork_check.get() + CHECK_GROWTH {
                self.grown_at_fork_check.set(grown);
                self.memory_inhibit.set(memory::heap_in_use() > cap);
            }
        }
        self.memory_inhibit.get()
    }

    /// Checks the cap (every `CHECK_EVERY` calls): sets whether forking is
    /// inhibited, and ends paths over the cap's margin.
    pub(super) fn check_memory(&mut self, sink: &mut dyn FnMut(&mut Executor<'p>, super::PathReport)) {
        let Some(cap) = self.cfg.max_total_memory else { return };
        self.steps_since_memcheck += 1;
        if self.steps_since_memcheck < CHECK_EVERY && memory::grown() < self.grown_at_memcheck + CHECK_GROWTH {
            return;
        }
        self.steps_since_memcheck = 0;
        self.grown_at_memcheck = memory::grown();
        let used = memory::heap_in_use();
        self.memory_inhibit.set(used > cap);
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
