//! Processes: the fork-then-exec pattern. `fork` runs the child path at
//! once, to its `exec` or exit, before the parent goes on; `exec` runs the
//! program on the host with the path's argv, environment, working
//! directory and standard streams, and waits for it; the parent's
//! `waitpid` returns the child's status. The child's output (its own and
//! the executed program's) joins the parent's captured streams.

use super::super::state::StdinSrc;
use super::super::{ErrorKind, Executor, State, Step, StopReason, Termination};
use super::FileRef;
use crate::ir::{CallInst, PosixFn, Val};
use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long an executed host program may run before it is killed.
const EXEC_TIMEOUT: Duration = Duration::from_secs(60);

/// What a finished child left: its wait status and captured output.
#[derive(Default)]
pub(crate) struct ChildEnd {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl<'p> Executor<'p> {
    /// `fork`/`vfork`: runs the child to its end, then returns its pid in
    /// the parent.
    pub(in super::super) fn fork(&mut self, st: &mut State, ci: &CallInst) -> Result<(), Termination> {
        if st.proc.in_child {
            return Err(self.error(st, ErrorKind::Model, "unsupported: fork in a forked child"));
        }
        let mut child = st.clone();
        child.proc.in_child = true;
        child.proc.children.clear();
        child.stdout = Default::default();
        child.stderr = Default::default();
        let pid = st.proc.pid + 1 + st.proc.children.len() as i32 + self.stats.paths_completed as i32;
        child.proc.pid = pid;
        self.set_result(&mut child, ci, Val::C(0));
        self.child_end = None;
        // The child runs as one path: where it branches on symbolic data it
        // follows one feasible side (`can_fork` is false for a child).
        let end = loop {
            if self.cfg.max_time.is_some_and(|t| self.start.elapsed() >= t) {
                return Err(Termination::Early(StopReason::MaxTime));
            }
            match self.execute(&mut child) {
                Step::Continue => continue,
                Step::Done(t) => break t,
            }
        };
        // Parent and child share their open file descriptions: the parent
        // continues at the offsets the child left.
        for (i, c) in child.proc.ofds.iter().enumerate() {
            if let (Some((cf, _)), Some(Some((pf, _)))) = (c, st.proc.ofds.get_mut(i)) {
                if let (FileRef::Host(a), FileRef::Host(b)) = (&cf.file, &pf.file) {
                    if std::rc::Rc::ptr_eq(a, b) {
                        pf.offset = cf.offset;
                    }
                }
            }
        }
        let mut done = self.child_end.take().unwrap_or_default();
        match end {
            Termination::Exit(code) => done.status = (code & 0xff) << 8,
            Termination::Silent => {}
            Termination::Error { msg, .. } => {
                self.warn_once(format!("a forked child ended with an error: {msg}"));
                done.status = libc::SIGABRT;
            }
            Termination::Early(r) => return Err(Termination::Early(r)),
        }
        // The child's own output comes before the executed program's.
        // The child's symbolic output bytes take the child's model values.
        let mut out = child.stdout.render(&self.pool, &child.model);
        out.extend_from_slice(&done.stdout);
        let mut err = child.stderr.render(&self.pool, &child.model);
        err.extend_from_slice(&done.stderr);
        self.emit(st, 1, out.into_iter().map(Ok).collect())?;
        self.emit(st, 2, err.into_iter().map(Ok).collect())?;
        st.proc.children.push((pid, done.status));
        self.set_result(st, ci, Val::C(pid as u32 as u64));
        Ok(())
    }

    pub(super) fn waitpid(&mut self, st: &mut State, pid: i32, status: u64, _options: i32) -> Result<i64, Termination> {
        let Some(k) = st.proc.children.iter().position(|(p, _)| pid <= 0 || *p == pid) else {
            return self.fail(st, libc::ECHILD);
        };
        let (p, s) = st.proc.children.remove(k);
        if status != 0 {
            let (id, off) = st.mem.check(status, 4, true).map_err(|e| self.fault(st, e))?;
            self.write_host_bytes(st, id, off, &s.to_le_bytes());
        }
        Ok(p as i64)
    }

    /// A NULL-terminated array of strings from the program.
    pub(in super::super) fn string_array(&mut self, st: &mut State, p: u64) -> Result<Vec<Vec<u8>>, Termination> {
        let mut out = Vec::new();
        if p == 0 {
            return Ok(out);
        }
        for k in 0.. {
            let (id, off) = st.mem.check(p + 8 * k, 8, false).map_err(|e| self.fault(st, e))?;
            let v = st.mem.read_scalar(&mut self.pool, id, off, 8);
            let s = self.concrete_of(st, v, "exec argument")?;
            if s == 0 {
                break;
            }
            out.push(self.read_cbytes(st, &Val::C(s))?);
            if k > 1 << 16 {
                return Err(self.error(st, ErrorKind::Model, "exec: argument vector without its NULL"));
            }
        }
        Ok(out)
    }

    pub(super) fn exec(
        &mut self, st: &mut State, f: PosixFn, path: u64, argv: u64, envp: u64,
    ) -> Result<i64, Termination> {
        let file = self.read_cbytes(st, &Val::C(path))?;
        let args = self.string_array(st, argv)?;
        let env = match f {
            PosixFn::Execve | PosixFn::Execvpe => self.string_array(st, envp)?,
            _ => self.environ_strings(st)?,
        };
        if !self.writes_allowed() && !self.cwd_in_scratch(st) {
            return Err(self.error(st, ErrorKind::Model, format!("refused: running {} on the host during a symbolic run outside --scratch-dir (pass --allow-host-writes to permit it)", String::from_utf8_lossy(&file))));
        }
        let search = matches!(f, PosixFn::Execvp | PosixFn::Execvpe) && !file.contains(&b'/');
        let prog = if search {
            let path_var = env
                .iter()
                .find_map(|e| e.strip_prefix(b"PATH="))
                .map(|p| p.to_vec())
                .unwrap_or_else(|| b"/bin:/usr/bin".to_vec());
            let found = path_var
                .split(|&c| c == b':')
                .map(|d| if d.is_empty() { b".".to_vec() } else { d.to_vec() })
                .map(|mut d| {
                    d.push(b'/');
                    d.extend_from_slice(&file);
                    d
                });
            let cwd = self.cwd_path(st);
            let hit = found.into_iter().find(|c| {
                let p = std::path::Path::new(OsStr::from_bytes(c));
                let p = if p.is_absolute() { p.to_path_buf() } else { cwd.join(p) };
                std::fs::metadata(&p).is_ok_and(|m| m.is_file())
            });
            match hit {
                Some(h) => h,
                None => return self.fail(st, libc::ENOENT),
            }
        } else {
            file.clone()
        };
        let cwd = self.cwd_path(st);
        let prog_path = std::path::Path::new(OsStr::from_bytes(&prog));
        let prog_path = if prog_path.is_absolute() { prog_path.to_path_buf() } else { cwd.join(prog_path) };
        let mut cmd = Command::new(&prog_path);
        if let Some(a0) = args.first() {
            cmd.arg0(OsStr::from_bytes(a0));
        }
        cmd.args(args.iter().skip(1).map(|a| OsStr::from_bytes(a)));
        cmd.env_clear();
        for e in &env {
            if let Some(eq) = e.iter().position(|&c| c == b'=') {
                cmd.env(OsStr::from_bytes(&e[..eq]), OsStr::from_bytes(&e[eq + 1..]));
            }
        }
        cmd.current_dir(&cwd);
        // Standard streams: the path's own (captured), or host files.
        let mut stdin_bytes: Option<Vec<u8>> = None;
        let mut group = crate::procs::Group::Own;
        match st.proc.entry(0).map(|o| o.file.clone()) {
            Some(FileRef::Host(h)) => {
                cmd.stdin(dup_stdio(h.0));
            }
            Some(FileRef::Sym(_)) => {
                return Err(self.error(
                    st,
                    ErrorKind::Model,
                    "unsupported: a symbolic file as the standard input of an executed program",
                ));
            }
            Some(FileRef::Std(_)) => match &st.stdin {
                StdinSrc::Bytes(b) => {
                    stdin_bytes = Some(b.get(st.stdin_pos as usize..).unwrap_or_default().to_vec());
                    cmd.stdin(Stdio::piped());
                }
                StdinSrc::Host => {
                    // A program reading the tool's terminal stays in its
                    // foreground group.
                    group = crate::procs::Group::Shared;
                    cmd.stdin(Stdio::inherit());
                }
                StdinSrc::Symbolic { .. } | StdinSrc::Cells(_) => {
                    cmd.stdin(Stdio::null());
                }
            },
            None => {
                cmd.stdin(Stdio::null());
            }
        }
        for k in 1..=2 {
            let s = match st.proc.entry(k).map(|o| o.file.clone()) {
                Some(FileRef::Host(h)) => dup_stdio(h.0),
                Some(FileRef::Std(_)) => Stdio::piped(),
                Some(FileRef::Sym(_)) | None => Stdio::null(),
            };
            if k == 1 {
                cmd.stdout(s);
            } else {
                cmd.stderr(s);
            }
        }
        // Host files as standard streams: the executed program starts at
        // the path's offsets and the path continues after what it wrote.
        let shared: Vec<(i64, i32)> = (0..=2)
            .filter_map(|k| match st.proc.entry(k) {
                Some(of) if of.seekable => match &of.file {
                    FileRef::Host(h) => {
                        // SAFETY: positioning an open host descriptor.
                        unsafe { libc::lseek(h.0, of.offset as i64, libc::SEEK_SET) };
                        Some((k, h.0))
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let mut child = match crate::procs::spawn_in(&mut cmd, group) {
            Ok(c) => c,
            Err(e) => return self.fail(st, e.raw_os_error().unwrap_or(libc::ENOENT)),
        };
        self.warn_once(format!("running {} on the host", prog_path.display()));
        if let (Some(bytes), Some(mut sin)) = (stdin_bytes, child.inner.stdin.take()) {
            std::thread::spawn(move || {
                let _ = sin.write_all(&bytes);
            });
        }
        let target = child.target();
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let watchdog = std::thread::spawn(move || {
            if rx.recv_timeout(EXEC_TIMEOUT).is_err() {
                // SAFETY: killing the child (its group) this call started,
                // not reaped before the reply below.
                unsafe { libc::kill(target, libc::SIGKILL) };
            }
        });
        let out = child.wait_with_output();
        let _ = tx.send(());
        let _ = watchdog.join();
        let out = match out {
            Ok(o) => o,
            Err(e) => {
                return Err(self.error(
                    st,
                    ErrorKind::Exec,
                    format!("exec: waiting for {} failed: {e}", prog_path.display()),
                ))
            }
        };
        for (k, h) in shared {
            // SAFETY: reading the position the executed program left.
            let pos = unsafe { libc::lseek(h, 0, libc::SEEK_CUR) };
            if let (Some(e), true) = (st.proc.entry_mut(k), pos >= 0) {
                e.offset = pos as u64;
            }
        }
        let end = ChildEnd { status: out.status.into_raw(), stdout: out.stdout, stderr: out.stderr };
        if st.proc.in_child {
            self.child_end = Some(end);
            return Err(Termination::Silent);
        }
        // exec in the main process: the path becomes the executed program.
        self.emit(st, 1, end.stdout.into_iter().map(Ok).collect())?;
        self.emit(st, 2, end.stderr.into_iter().map(Ok).collect())?;
        let code =
            if libc::WIFEXITED(end.status) { libc::WEXITSTATUS(end.status) } else { 128 + libc::WTERMSIG(end.status) };
        Err(Termination::Exit(code))
    }

    /// Whether the path's working directory lies inside `--scratch-dir`:
    /// there a symbolic run may run host programs, as the native test
    /// run in that folder does (`fix` gives each test a fresh one).
    fn cwd_in_scratch(&self, st: &State) -> bool {
        let Some(scratch) = &self.cfg.scratch_dir else { return false };
        let scratch = scratch.canonicalize().unwrap_or_else(|_| scratch.clone());
        let cwd = self.cwd_path(st);
        let cwd = cwd.canonicalize().unwrap_or(cwd);
        cwd.starts_with(&scratch)
    }

    /// The path's working directory as a host path.
    pub(super) fn cwd_path(&self, st: &State) -> std::path::PathBuf {
        dir_path(st.proc.cwd_fd()).unwrap_or_default()
    }
}

/// The path of the directory (or file) behind host descriptor `fd`; the
/// tool's working directory for `AT_FDCWD`.
pub(super) fn dir_path(fd: i32) -> std::io::Result<std::path::PathBuf> {
    if fd == libc::AT_FDCWD {
        std::env::current_dir()
    } else {
        std::fs::read_link(format!("/proc/self/fd/{fd}"))
    }
}

/// A standard stream of a child made from a duplicate of host descriptor `h`.
fn dup_stdio(h: i32) -> Stdio {
    use std::os::fd::FromRawFd;
    // SAFETY: a fresh duplicate, owned by the Stdio made from it.
    let d = unsafe { libc::fcntl(h, libc::F_DUPFD_CLOEXEC, 3) };
    if d < 0 {
        return Stdio::null();
    }
    // SAFETY: `d` is a new descriptor nobody else owns.
    unsafe { Stdio::from(std::fs::File::from_raw_fd(d)) }
}
