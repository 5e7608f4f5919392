//! The next site's instrumented program, compiled while the VM runs this
//! one's. Compiling takes about as long as a short site's runs (clang,
//! 40 ms for a small program) and uses one core; the VM uses another.
//! Only a direct build (a project of C files) is compiled ahead: a make
//! build shares one tree. What is compiled is the same either way, so the
//! results are too.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::thread::JoinHandle;

/// A candidate's compiled program: its bitcode files, or why not (a
/// `skipped: …` result).
pub(super) type Compiled = Result<Vec<PathBuf>, String>;

/// Compiles started ahead, by candidate.
#[derive(Default)]
pub(super) struct Ahead {
    started: RefCell<HashMap<usize, JoinHandle<Compiled>>>,
}

impl Ahead {
    /// Whether candidate `k`'s compile was started and not yet taken.
    pub fn started(&self, k: usize) -> bool {
        self.started.borrow().contains_key(&k)
    }

    /// Starts `compile`, candidate `k`'s, on a thread of its own (unless
    /// one was started; a thread that cannot be made leaves the compile
    /// to the site).
    pub fn start(&self, k: usize, compile: impl FnOnce() -> Compiled + Send + 'static) {
        let mut started = self.started.borrow_mut();
        if started.contains_key(&k) {
            return;
        }
        if let Ok(h) = std::thread::Builder::new().name(format!("compile-{k}")).spawn(compile) {
            started.insert(k, h);
        }
    }

    /// Candidate `k`'s bitcode if its compile was started ahead (waiting
    /// for it to end).
    pub fn take(&self, k: usize) -> Option<Compiled> {
        let h = self.started.borrow_mut().remove(&k)?;
        Some(h.join().unwrap_or_else(|_| Err("skipped: the compile of the instrumented program failed".into())))
    }
}

impl Drop for Ahead {
    /// No compile outlives the repair (its folder is about to go).
    fn drop(&mut self) {
        for (_, h) in self.started.get_mut().drain() {
            let _ = h.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    #[test]
    fn a_compile_started_ahead_is_taken_once_and_none_outlives_the_repair() {
        let ahead = Ahead::default();
        assert!(ahead.take(3).is_none(), "nothing started");
        ahead.start(3, || Ok(vec![PathBuf::from("3.bc")]));
        // A second start of the same candidate is not run.
        ahead.start(3, || Err("second".into()));
        assert!(ahead.started(3));
        assert_eq!(ahead.take(3), Some(Ok(vec![PathBuf::from("3.bc")])));
        assert!(ahead.take(3).is_none(), "taken once");
        // A failed compile is the site's result, as if compiled there.
        ahead.start(4, || Err("skipped: the instrumented program does not compile: x".into()));
        assert_eq!(ahead.take(4), Some(Err("skipped: the instrumented program does not compile: x".into())));
        // One never taken is waited for when the repair ends.
        let done = Arc::new(AtomicBool::new(false));
        let d = done.clone();
        ahead.start(5, move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            d.store(true, Ordering::SeqCst);
            Ok(Vec::new())
        });
        drop(ahead);
        assert!(done.load(Ordering::SeqCst));
    }
}
