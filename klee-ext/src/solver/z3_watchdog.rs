//! Ends a Z3 check at the run's deadline. Z3 polls its own timer only
//! between the steps of some tactics (a bit-blast of a query over a large
//! array can run for seconds past it); `Z3_interrupt`, called from this
//! watchdog's thread when the deadline passes during a check, ends the
//! check at once, and it answers unknown.

use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;
use z3_sys::{Z3_context, Z3_interrupt};

/// The context, for the watchdog's thread.
struct Ctx(Z3_context);

// SAFETY: the thread only calls `Z3_interrupt` on it, which Z3 allows from
// another thread, and the context outlives the thread (`Watchdog::stop`
// joins it before the context is deleted).
unsafe impl Send for Ctx {}

#[derive(Default)]
struct Shared {
    /// The deadline of the check running now.
    armed: Option<Instant>,
    stop: bool,
}

/// One context's watchdog; its thread starts at the first check that has
/// a deadline.
pub(crate) struct Watchdog {
    ctx: Z3_context,
    state: Arc<(Mutex<Shared>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    pub fn new(ctx: Z3_context) -> Self {
        Watchdog { ctx, state: Arc::default(), thread: None }
    }

    /// Runs `check` with the interrupt armed for `deadline` (none: as is).
    pub fn guard<T>(&mut self, deadline: Option<Instant>, check: impl FnOnce() -> T) -> T {
        let Some(d) = deadline else { return check() };
        if self.thread.is_none() {
            let (state, ctx) = (self.state.clone(), Ctx(self.ctx));
            self.thread =
                std::thread::Builder::new().name("se2repair-z3-watchdog".into()).spawn(move || watch(ctx, &state)).ok();
        }
        self.set(|s| s.armed = Some(d));
        let out = check();
        self.set(|s| s.armed = None);
        out
    }

    fn set(&self, f: impl FnOnce(&mut Shared)) {
        let (m, cv) = &*self.state;
        if let Ok(mut s) = m.lock() {
            f(&mut s);
            cv.notify_one();
        }
    }

    /// Stops and joins the thread (before the context is deleted).
    pub fn stop(&mut self) {
        self.set(|s| s.stop = true);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop();
    }
}

fn watch(ctx: Ctx, state: &(Mutex<Shared>, Condvar)) {
    let (m, cv) = state;
    let Ok(mut s) = m.lock() else { return };
    while !s.stop {
        let next = match s.armed {
            None => cv.wait(s).map_err(drop),
            Some(d) if Instant::now() >= d => {
                // SAFETY: see `Ctx`.
                unsafe { Z3_interrupt(ctx.0) };
                s.armed = None;
                Ok(s)
            }
            Some(d) => cv.wait_timeout(s, d.saturating_duration_since(Instant::now())).map(|(g, _)| g).map_err(drop),
        };
        match next {
            Ok(g) => s = g,
            Err(()) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use z3_sys::*;

    /// Factoring a 64-bit product of two 32-bit primes by bit-blasting:
    /// far longer than a second, and no timeout of Z3's own is set. The
    /// check ends soon after its deadline, unknown; one with no deadline
    /// arms nothing; the thread ends with the watchdog.
    #[test]
    fn a_check_past_its_deadline_is_interrupted() {
        let ctx = super::super::z3::new_context();
        let mut w = Watchdog::new(ctx);
        assert_eq!(w.guard(None, || 7), 7);
        assert!(w.thread.is_none());
        // SAFETY: Z3 calls on the context made above, deleted below after
        // the watchdog's thread is joined.
        unsafe {
            let bv = Z3_mk_bv_sort(ctx, 64);
            let var = |n: &str| {
                let c = std::ffi::CString::new(n).unwrap();
                Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, c.as_ptr()), bv)
            };
            let (x, y) = (var("x"), var("y"));
            let n = Z3_mk_unsigned_int64(ctx, 4_294_967_291u64 * 4_294_967_279u64, bv);
            let one = Z3_mk_unsigned_int64(ctx, 1, bv);
            let solver = Z3_mk_simple_solver(ctx);
            Z3_solver_inc_ref(ctx, solver);
            Z3_solver_assert(ctx, solver, Z3_mk_eq(ctx, Z3_mk_bvmul(ctx, x, y), n));
            Z3_solver_assert(ctx, solver, Z3_mk_bvmul_no_overflow(ctx, x, y, false));
            Z3_solver_assert(ctx, solver, Z3_mk_bvugt(ctx, x, one));
            Z3_solver_assert(ctx, solver, Z3_mk_bvugt(ctx, y, one));
            Z3_solver_assert(ctx, solver, Z3_mk_bvule(ctx, x, y));
            let t0 = Instant::now();
            let r = w.guard(Some(t0 + Duration::from_millis(300)), || Z3_solver_check(ctx, solver));
            assert_eq!(r, Z3_L_UNDEF, "interrupted, not answered");
            assert!(t0.elapsed() < Duration::from_secs(3), "ended {:?} after its start", t0.elapsed());
            Z3_solver_dec_ref(ctx, solver);
        }
        assert!(w.thread.is_some());
        w.stop();
        assert!(w.thread.is_none());
        // SAFETY: the watchdog's thread is joined; nothing uses the context.
        unsafe { Z3_del_context(ctx) };
    }
}
