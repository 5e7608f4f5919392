//! Children that end with the tool. Every program se2repair starts (a
//! native test run, a build, a validation run, a program the VM runs for
//! `exec`, a `dbgbench` job) is started through [`spawn`], [`output`] or
//! [`status`], which:
//!
//! * put it in a process group of its own (so that it and whatever it
//!   starts can be ended together), unless the caller keeps it in the
//!   tool's group ([`Group::Shared`], for a child reading the terminal);
//! * record its group in a table the tool's signal handler ends
//!   (SIGTERM, SIGINT, SIGHUP: [`on_signals`]) and in the table of a
//!   small watcher process ([`start_watcher`]) that ends every group left
//!   when the tool is gone however it ended (SIGKILL or a crash too), and
//!   removes the run's temporary folder. The watcher hears of a child
//!   before it is started, so a tool killed between starting a child and
//!   recording it leaves nothing either.
//!
//! A child's group is ended (SIGKILL) when its [`Child`] is dropped, so
//! nothing a finished test left running in the background outlives it.

use std::collections::BTreeSet;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Output};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

mod watcher;
pub(crate) use watcher::remove_temp_root;
pub use watcher::{start_watcher, temp_root};

/// How long a group has between SIGTERM and SIGKILL when the tool stops.
const GRACE: Duration = Duration::from_millis(150);

/// Where a child runs: in a process group of its own (the default), or in
/// the tool's (a child that reads the terminal must stay in its
/// foreground group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Own,
    Shared,
}

/// The `kill(2)` targets of the children alive: `-pgid` for a group of its
/// own, `pid` for a child in the tool's group.
fn live() -> &'static Mutex<BTreeSet<i32>> {
    static LIVE: OnceLock<Mutex<BTreeSet<i32>>> = OnceLock::new();
    LIVE.get_or_init(|| Mutex::new(BTreeSet::new()))
}

fn record(target: i32) {
    if let Ok(mut l) = live().lock() {
        l.insert(target);
    }
    watcher::tell(watcher::Msg::Started(target));
}

fn forget(target: i32) {
    if let Ok(mut l) = live().lock() {
        l.remove(&target);
    }
    watcher::tell(watcher::Msg::Ended(target));
}

/// Prepares `cmd` so that its program can be ended with the tool (see the
/// module documentation): its own process group unless `Shared`.
/// Spawning it through [`spawn`] records it as well.
///
/// No `pre_exec` hook (`PR_SET_PDEATHSIG` would need one): a hook makes
/// the standard library fork the whole tool for every child instead of
/// `posix_spawn`, which tripled `fix`'s time on a small project (system
/// time 2 → 13 s); the watcher ends the groups after SIGKILL instead.
pub fn guard(cmd: &mut Command, group: Group) {
    if group == Group::Own {
        cmd.process_group(0);
    }
}

/// A started child, recorded until it is dropped; dropping it ends what is
/// left of its group (SIGKILL) and reaps the child if it still runs.
pub struct Child {
    pub inner: std::process::Child,
    target: i32,
    waited: bool,
}

impl Child {
    /// The `kill(2)` target of the child's group (`-pgid`), or of the
    /// child alone when it shares the tool's group.
    pub fn target(&self) -> i32 {
        self.target
    }

    /// Sends `sig` to the child's group (or the child).
    pub fn signal(&self, sig: libc::c_int) {
        // SAFETY: signalling a group (or process) this tool started and
        // has not reaped yet, or whose group id nothing else can take
        // while a member of it lives.
        unsafe { libc::kill(self.target, sig) };
    }

    pub fn try_wait(&mut self) -> std::io::Result<Option<ExitStatus>> {
        let r = self.inner.try_wait();
        if matches!(r, Ok(Some(_))) {
            self.waited = true;
        }
        r
    }

    pub fn wait(&mut self) -> std::io::Result<ExitStatus> {
        let r = self.inner.wait();
        self.waited = r.is_ok();
        r
    }

    /// Threads reading the child's captured stdout and stderr, each kept
    /// up to `limit` bytes (the rest is read and dropped, so a runaway
    /// printer neither blocks nor exhausts memory).
    pub fn capture(&mut self, limit: u64) -> (Captured, Captured) {
        let (out, err, _) = self.capture_counted(limit);
        (out, err)
    }

    /// [`Child::capture`], with the bytes read from both streams so far
    /// (kept or dropped) counted in the returned cell: how much a run has
    /// printed is work its caller may bound.
    pub fn capture_counted(&mut self, limit: u64) -> (Captured, Captured, Arc<AtomicU64>) {
        fn reader(r: Option<Box<dyn Read + Send>>, limit: u64, count: Arc<AtomicU64>) -> Captured {
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                let Some(mut r) = r else { return buf };
                let mut chunk = [0u8; 1 << 16];
                loop {
                    match r.read(&mut chunk) {
                        Ok(0) => break,
                        Ok(n) => {
                            count.fetch_add(n as u64, Ordering::Relaxed);
                            let room = limit.saturating_sub(buf.len() as u64).min(n as u64) as usize;
                            buf.extend_from_slice(&chunk[..room]);
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                        Err(_) => break,
                    }
                }
                buf
            })
        }
        let count = Arc::new(AtomicU64::new(0));
        let out = reader(self.inner.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>), limit, count.clone());
        let err = reader(self.inner.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>), limit, count.clone());
        (out, err, count)
    }

    /// Waits for the child with its captured streams, as
    /// [`std::process::Child::wait_with_output`].
    pub fn wait_with_output(mut self) -> std::io::Result<Output> {
        drop(self.inner.stdin.take());
        let (out, err) = self.capture(u64::MAX);
        let status = self.wait()?;
        // What the child left running in its group would hold the
        // streams open.
        if self.target < 0 {
            self.signal(libc::SIGKILL);
        }
        Ok(Output { status, stdout: out.join().unwrap_or_default(), stderr: err.join().unwrap_or_default() })
    }
}

/// A thread reading one captured stream ([`Child::capture`]).
pub type Captured = std::thread::JoinHandle<Vec<u8>>;

impl Drop for Child {
    fn drop(&mut self) {
        if self.target < 0 || !self.waited {
            self.signal(libc::SIGKILL);
        }
        if !self.waited {
            let _ = self.inner.wait();
        }
        forget(self.target);
    }
}

/// Starts `cmd` in a group of its own, ending with the tool.
pub fn spawn(cmd: &mut Command) -> std::io::Result<Child> {
    spawn_in(cmd, Group::Own)
}

/// Starts `cmd` (in a group of its own or the tool's), ending with the
/// tool.
pub(crate) fn spawn_in(cmd: &mut Command, group: Group) -> std::io::Result<Child> {
    if STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(std::io::Error::other("se2repair is stopping"));
    }
    guard(cmd, group);
    // The watcher learns that a child is being started before it runs:
    // should the tool die before the child is recorded, the watcher still
    // finds it (see `watcher`).
    watcher::tell(watcher::Msg::Starting(watcher::boot_ticks()));
    let inner = match spawn_retrying(cmd) {
        Ok(c) => c,
        Err(e) => {
            watcher::tell(watcher::Msg::NotStarted);
            return Err(e);
        }
    };
    watcher::pause_after_spawn();
    let pid = inner.id() as i32;
    let target = if group == Group::Own { -pid } else { pid };
    record(target);
    Ok(Child { inner, target, waited: false })
}

/// How often a start refused with ETXTBSY is tried again.
const TEXT_BUSY_TRIES: u32 = 8;

/// `cmd.spawn()`, tried again while the program to run is busy
/// (ETXTBSY): a child that another thread of the tool forked while a
/// file was open for writing keeps that file's descriptor until it execs,
/// and a program written by the tool (a build copied from the run's cache)
/// cannot be started meanwhile. The wait doubles from 2 ms (about half a
/// second in all).
fn spawn_retrying(cmd: &mut Command) -> std::io::Result<std::process::Child> {
    let mut wait = std::time::Duration::from_millis(2);
    for _ in 1..TEXT_BUSY_TRIES {
        match cmd.spawn() {
            Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) => std::thread::sleep(wait),
            r => return r,
        }
        wait *= 2;
    }
    cmd.spawn()
}

/// Limits `child`'s CPU time to `secs` seconds (at least 1): at that much
/// work the kernel sends it SIGXCPU, a second later SIGKILL. Set after
/// the start (a `pre_exec` hook would cost a fork of the whole tool, see
/// [`guard`]); the kernel counts the time the program had already used.
/// A limit in work, where a wall clock would cut a program sooner on a
/// loaded machine.
pub fn limit_cpu(child: &Child, secs: u64) -> std::io::Result<()> {
    let soft = secs.max(1);
    let lim = libc::rlimit { rlim_cur: soft as libc::rlim_t, rlim_max: (soft + 1) as libc::rlim_t };
    // SAFETY: `prlimit` reads `lim` and writes nothing (old limit null);
    // the pid is the child's, not yet reaped (`Child` waits on drop).
    let r = unsafe { libc::prlimit(child.inner.id() as libc::pid_t, libc::RLIMIT_CPU, &lim, std::ptr::null_mut()) };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// [`Command::output`] for a child that ends with the tool.
pub fn output(cmd: &mut Command) -> std::io::Result<Output> {
    cmd.stdin(std::process::Stdio::null()).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    spawn(cmd)?.wait_with_output()
}

/// [`Command::status`] for a child that ends with the tool.
pub fn status(cmd: &mut Command) -> std::io::Result<ExitStatus> {
    spawn(cmd)?.wait()
}

/// Set once the tool is being stopped: no child is started after it.
static STOPPING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Ends every child still recorded: SIGTERM to each group, then SIGKILL
/// to those whose child was not reaped within a short grace.
pub(crate) fn stop_all() {
    let targets: Vec<i32> = live().lock().map(|l| l.iter().copied().collect()).unwrap_or_default();
    if targets.is_empty() {
        return;
    }
    for &t in &targets {
        // SAFETY: signalling the groups (or processes) this tool started.
        unsafe { libc::kill(t, libc::SIGTERM) };
    }
    let start = std::time::Instant::now();
    while start.elapsed() < GRACE {
        let left = live().lock().map(|l| targets.iter().any(|t| l.contains(t))).unwrap_or(false);
        if !left {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    for &t in &targets {
        // SAFETY: as above; a group whose child was reaped may still hold
        // what that child started.
        unsafe { libc::kill(t, libc::SIGKILL) };
    }
}

/// Stops the tool as asked by SIGTERM, SIGHUP and (when `interrupt`)
/// SIGINT: the children's groups are ended, the run's temporary folder
/// removed, and the tool dies of the same signal (so its exit status is
/// the signal's). A thread waits for the signals.
pub fn on_signals(interrupt: bool) -> Result<(), String> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut sigs = vec![SIGTERM, SIGHUP];
    if interrupt {
        sigs.push(SIGINT);
    }
    let mut signals =
        signal_hook::iterator::Signals::new(&sigs).map_err(|e| format!("cannot catch the stop signals: {e}"))?;
    std::thread::Builder::new()
        .name("se2repair-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                STOPPING.store(true, std::sync::atomic::Ordering::SeqCst);
                // What the run's threads print from here on (a test seen
                // killed, a summary) would describe the stop as a result.
                // SAFETY: pointing the standard streams at /dev/null.
                unsafe {
                    let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
                    if null >= 0 {
                        libc::dup2(null, 1);
                        libc::dup2(null, 2);
                    }
                }
                stop_all();
                remove_temp_root();
                let _ = signal_hook::low_level::emulate_default_handler(sig);
                // SAFETY: the default action of a stop signal ends the
                // process; should it not, exit with the shell's status.
                unsafe { libc::_exit(128 + sig) };
            }
        })
        .map_err(|e| format!("cannot start the signal thread: {e}"))?;
    Ok(())
}

/// The end of a run: any child still recorded is ended and the run's
/// temporary folder removed; when a stop signal is being handled, waits
/// for its thread to end the process.
pub fn finish() {
    if STOPPING.load(std::sync::atomic::Ordering::SeqCst) {
        // A stop signal came: its thread ends the process with that
        // signal; the run's own exit status would hide it.
        loop {
            std::thread::park();
        }
    }
    stop_all();
    remove_temp_root();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    /// A program open for writing cannot start (ETXTBSY) however often it
    /// is tried; once closed, it starts.
    #[test]
    fn a_program_busy_being_written_is_tried_again_and_then_refused() {
        let dir = tempfile::tempdir().unwrap();
        let prog = dir.path().join("prog.sh");
        let mut f = std::fs::File::create(&prog).unwrap();
        f.write_all(b"#!/bin/sh\nexit 3\n").unwrap();
        std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
        let busy = spawn_retrying(&mut Command::new(&prog));
        assert_eq!(busy.err().and_then(|e| e.raw_os_error()), Some(libc::ETXTBSY));
        drop(f);
        let status = status(&mut Command::new(&prog)).unwrap();
        assert_eq!(status.code(), Some(3));
    }
}
