//! The watcher: a small process forked first in `main`, out of the tool's
//! session, that learns of every child through a pipe and, when the pipe
//! closes (the tool ended, however: SIGKILL or a crash too), ends the
//! children left and removes the run's temporary folder.
//!
//! A child's process id is known only once it runs (`posix_spawn` returns
//! after the exec), so a tool killed between starting a child and
//! recording it would leave it running. The tool therefore says
//! [`Msg::Starting`] (with the time) before each start; when the tool dies
//! with a start unanswered, the watcher waits until the tool is gone and
//! ends the processes of the tool's session, started since, whose parent
//! is no longer in that session (the orphans the tool left; a program the
//! user's shell started in the meantime still has the shell as parent).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::GRACE;

/// The write end of the pipe to the watcher, when one was started.
static WATCHER: OnceLock<Mutex<std::fs::File>> = OnceLock::new();

/// The run's temporary folder, when [`start_watcher`] made one.
static TEMP_ROOT: OnceLock<PathBuf> = OnceLock::new();

/// What the tool tells the watcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Msg {
    /// A child is about to be started, at this boot time (clock ticks).
    Starting(u64),
    /// The start failed: no child.
    NotStarted,
    /// The child started: its `kill(2)` target (`-pgid` or `pid`).
    Started(i32),
    /// The child's group was ended by the tool.
    Ended(i32),
}

const MSG_LEN: usize = 9;

impl Msg {
    fn encode(self) -> [u8; MSG_LEN] {
        let (op, v) = match self {
            Msg::Starting(t) => (b'*', t as i64),
            Msg::NotStarted => (b'/', 0),
            Msg::Started(t) => (b'+', t as i64),
            Msg::Ended(t) => (b'-', t as i64),
        };
        let mut m = [0u8; MSG_LEN];
        m[0] = op;
        m[1..].copy_from_slice(&v.to_le_bytes());
        m
    }

    fn decode(m: &[u8; MSG_LEN]) -> Option<Msg> {
        let mut v = [0u8; 8];
        v.copy_from_slice(&m[1..]);
        let v = i64::from_le_bytes(v);
        match m[0] {
            b'*' => Some(Msg::Starting(v as u64)),
            b'/' => Some(Msg::NotStarted),
            b'+' => Some(Msg::Started(v as i32)),
            b'-' => Some(Msg::Ended(v as i32)),
            _ => None,
        }
    }
}

/// Tells the watcher `msg` (nothing when no watcher runs).
pub(super) fn tell(msg: Msg) {
    if let Some(w) = WATCHER.get() {
        // One write of 9 bytes: atomic on a pipe (< PIPE_BUF).
        let _ = w.lock().map(|mut f| f.write_all(&msg.encode()));
    }
}

/// The time since boot in clock ticks, as `/proc/PID/stat` gives a
/// process's start.
pub(super) fn boot_ticks() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: reading a clock into a local.
    unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) };
    // SAFETY: a read-only query.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let ns = ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64;
    ns / (1_000_000_000 / hz)
}

/// For the tests of the window between a child's start and its record:
/// `SE2REPAIR_TEST_SPAWN_PAUSE_MS` holds the tool there that long.
pub(super) fn pause_after_spawn() {
    static PAUSE: OnceLock<Option<Duration>> = OnceLock::new();
    let p = PAUSE.get_or_init(|| {
        std::env::var("SE2REPAIR_TEST_SPAWN_PAUSE_MS").ok().and_then(|v| v.parse().ok()).map(Duration::from_millis)
    });
    if let Some(d) = p {
        std::thread::sleep(*d);
    }
}

/// The run's temporary folder, if [`start_watcher`] made one.
pub fn temp_root() -> Option<&'static Path> {
    TEMP_ROOT.get().map(|p| p.as_path())
}

/// Removes the run's temporary folder (at the end of a run, or when it is
/// stopped).
pub(crate) fn remove_temp_root() {
    if let Some(r) = TEMP_ROOT.get() {
        let _ = std::fs::remove_dir_all(r);
    }
}

/// Makes the run's temporary folder (every temporary folder of the run is
/// made inside it) and starts the watcher (see the module documentation).
/// Call it first in `main`, before any thread starts.
pub fn start_watcher() -> Result<(), String> {
    let root = tempfile::Builder::new()
        .prefix("se2repair-")
        .tempdir()
        .map_err(|e| format!("cannot create a temporary folder: {e}"))?
        .keep();
    let _ = tempfile::env::override_temp_dir(&root);
    let _ = TEMP_ROOT.set(root.clone());
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: a pipe whose both ends close on exec, so no program the
    // tool starts keeps the watcher's end of it open.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!("cannot create a pipe: {}", std::io::Error::last_os_error()));
    }
    // SAFETY: called before any thread starts (see above), so the child
    // may allocate and use the standard library.
    let pid = unsafe { libc::fork() };
    match pid {
        -1 => Err(format!("cannot start the watcher: {}", std::io::Error::last_os_error())),
        0 => {
            // SAFETY: closing the write end the watcher must not hold.
            unsafe { libc::close(fds[1]) };
            watch(fds[0], &root)
        }
        _ => {
            // SAFETY: the read end belongs to the watcher; the write end is
            // owned by the File from here on.
            unsafe { libc::close(fds[0]) };
            let f = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fds[1]) };
            let _ = WATCHER.set(Mutex::new(f));
            Ok(())
        }
    }
}

/// The tool as the watcher knows it.
struct Tool {
    pid: i32,
    session: i32,
}

/// The children the watcher follows.
#[derive(Default)]
struct Followed {
    live: std::collections::BTreeSet<i32>,
    /// Starts not answered yet, and the time of the first of them.
    starting: u32,
    since: Option<u64>,
}

impl Followed {
    fn hear(&mut self, msg: Msg) {
        match msg {
            Msg::Starting(t) => {
                self.starting += 1;
                self.since.get_or_insert(t);
            }
            Msg::NotStarted | Msg::Started(_) => {
                self.starting = self.starting.saturating_sub(1);
                if self.starting == 0 {
                    self.since = None;
                }
                if let Msg::Started(t) = msg {
                    self.live.insert(t);
                }
            }
            Msg::Ended(t) => {
                self.live.remove(&t);
            }
        }
    }
}

/// The watcher's loop: follows the tool's children through the pipe `fd`
/// until it closes, then ends what is left and removes `root`.
fn watch(fd: libc::c_int, root: &Path) -> ! {
    // SAFETY: the tool is the watcher's parent, and its session is the
    // watcher's until `setsid` below.
    let tool = unsafe { Tool { pid: libc::getppid(), session: libc::getsid(0) } };
    // SAFETY: the watcher leaves the tool's session (a Ctrl-C or a signal
    // to the tool's group does not reach it), ignores the stop signals,
    // and keeps only the pipe and /dev/null as its files.
    unsafe {
        libc::setsid();
        for s in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGPIPE, libc::SIGQUIT] {
            libc::signal(s, libc::SIG_IGN);
        }
        let name = b"se2repair-watch\0";
        libc::prctl(libc::PR_SET_NAME, name.as_ptr() as libc::c_ulong, 0, 0, 0);
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        for s in 0..3 {
            libc::dup2(null, s);
        }
        let max = libc::sysconf(libc::_SC_OPEN_MAX).clamp(64, 65536) as libc::c_int;
        for other in 3..max {
            if other != fd {
                libc::close(other);
            }
        }
    }
    // SAFETY: the read end is this process's alone.
    let mut pipe = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fd) };
    let mut f = Followed::default();
    let mut msg = [0u8; MSG_LEN];
    while pipe.read_exact(&mut msg).is_ok() {
        if let Some(m) = Msg::decode(&msg) {
            f.hear(m);
        }
    }
    let mut targets = f.live.clone();
    if let Some(since) = f.since.filter(|_| f.starting > 0) {
        targets.extend(orphans(&tool, since));
    }

    for sig in [libc::SIGTERM, libc::SIGKILL] {
        for &t in &targets {
            // SAFETY: signalling the groups the tool started and did not
            // see end.
            unsafe { libc::kill(t, sig) };
        }
        if sig == libc::SIGTERM && !targets.is_empty() {
            std::thread::sleep(GRACE);
        }
    }
    let _ = std::fs::remove_dir_all(root);
    // SAFETY: ending the watcher without running the tool's exit handlers.
    unsafe { libc::_exit(0) }
}

/// Of `/proc/PID/stat`: the state, parent, group, session and start time.
struct Stat {
    state: char,
    ppid: i32,
    pgrp: i32,
    session: i32,
    start: u64,
}

fn stat(pid: i32) -> Option<Stat> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields follow the command name's closing parenthesis.
    let f: Vec<&str> = s.rsplit_once(')')?.1.split_whitespace().collect();
    Some(Stat {
        state: f.first()?.chars().next()?,
        ppid: f.get(1)?.parse().ok()?,
        pgrp: f.get(2)?.parse().ok()?,
        session: f.get(3)?.parse().ok()?,
        start: f.get(19)?.parse().ok()?,
    })
}

/// The process a thread `tid` belongs to (`Tgid` of its status).
fn thread_group(tid: i32) -> Option<i32> {
    let s = std::fs::read_to_string(format!("/proc/{tid}/status")).ok()?;
    s.lines().find_map(|l| l.strip_prefix("Tgid:")).and_then(|v| v.trim().parse().ok())
}

/// The `kill(2)` targets of the processes the dead `tool` left while
/// starting a child (see the module documentation), once the tool is gone
/// (its children then have their new parent).
fn orphans(tool: &Tool, since: u64) -> Vec<i32> {
    for _ in 0..1000 {
        if stat(tool.pid).is_none_or(|s| matches!(s.state, 'Z' | 'X')) {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let me = std::process::id() as i32;
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    let mut found = Vec::new();
    for e in dir.flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else { continue };
        let Some(s) = stat(pid) else { continue };
        if pid == me || pid == tool.pid || s.session != tool.session || s.start < since || matches!(s.state, 'Z' | 'X')
        {
            continue;
        }
        // A child of the dying tool has a thread of it as parent until the
        // last thread is gone.
        let parent_is_tool = s.ppid == tool.pid || thread_group(s.ppid) == Some(tool.pid);
        let parent_elsewhere = s.ppid <= 1 || stat(s.ppid).is_none_or(|p| p.session != tool.session);
        if parent_is_tool || parent_elsewhere {
            found.push(if s.pgrp == pid { -pid } else { pid });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_survive_the_pipe_encoding() {
        for m in [Msg::Starting(123_456_789), Msg::NotStarted, Msg::Started(-4242), Msg::Ended(17)] {
            assert_eq!(Msg::decode(&m.encode()), Some(m));
        }
    }

    #[test]
    fn an_unanswered_start_keeps_the_time_of_the_first() {
        let mut f = Followed::default();
        f.hear(Msg::Starting(10));
        f.hear(Msg::Starting(20));
        f.hear(Msg::Started(-5));
        assert_eq!((f.starting, f.since), (1, Some(10)));
        f.hear(Msg::NotStarted);
        assert_eq!((f.starting, f.since), (0, None));
        f.hear(Msg::Ended(-5));
        assert!(f.live.is_empty());
    }

    #[test]
    fn a_process_started_now_is_seen_after_the_boot_time_taken_before() {
        let before = boot_ticks();
        let child = super::super::spawn(std::process::Command::new("sleep").arg("5")).unwrap();
        let s = stat(child.inner.id() as i32).unwrap();
        drop(child);
        assert!(s.start >= before, "start {} before {}", s.start, before);
        // SAFETY: a read-only query.
        assert_eq!(s.session, unsafe { libc::getsid(0) });
    }
}
