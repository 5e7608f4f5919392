//! The POSIX environment of a path: file descriptors, the working
//! directory and child processes, over the host's file system.
//!
//! What is per path (in `State::proc`): the descriptor table (each entry
//! an open file description with its own offset, shared by `dup`), the
//! working directory, and the exit statuses of the path's children. What
//! is shared by all paths: the host file system itself, and the host
//! descriptors behind the table (a descriptor is closed on the host when
//! no path holds it any more). A VM descriptor number is the host's
//! number of the file it opened (so a host function given a descriptor
//! sees the right file), except where `dup2`/`dup3` chose the number.
//! Descriptors 0, 1 and 2 start as the path's standard streams (stdin as
//! configured, stdout and stderr captured per path).
//!
//! Host writes follow one policy (`Config::host_writes`): a concrete run
//! may change the files a native run would; a symbolic run (symbolic
//! arguments, stdin or files, or an expected output) may change only what
//! lies inside the scratch directory, unless writes are allowed.

mod fs;
mod process;
mod symdir;
mod symfile;
mod tty;

pub use fs::HostWrites;
pub(crate) use process::ChildEnd;
pub(in crate::exec) use symfile::dir_stat;
pub use symfile::SymData;
pub use symfile::SymFile;

use super::{ErrorKind, Executor, State, Termination};
use crate::ir::{CallInst, PosixFn, Val};
use std::rc::Rc;

/// A host descriptor, closed when the last path holding it lets go.
#[derive(Debug)]
pub struct HostFd(pub i32);

impl Drop for HostFd {
    fn drop(&mut self) {
        // SAFETY: closing a descriptor this value owns.
        unsafe { libc::close(self.0) };
    }
}

/// What a descriptor refers to.
#[derive(Clone, Debug)]
pub enum FileRef {
    /// The path's standard stream 0, 1 or 2.
    Std(u8),
    Host(Rc<HostFd>),
    /// Symbolic file `k` of `--sym-files`.
    Sym(usize),
}

/// An open file description.
#[derive(Clone, Debug)]
pub struct OpenFile {
    pub file: FileRef,
    /// The path's own offset (regular files and directories).
    pub offset: u64,
    /// Positioned I/O works (a regular file or a directory).
    pub seekable: bool,
    pub flags: i32,
}

#[derive(Clone, Debug)]
pub struct FdEntry {
    pub ofd: usize,
    pub cloexec: bool,
}

/// Descriptor numbers a path may use (the default soft RLIMIT_NOFILE is
/// 1024; the hard one is larger).
pub(crate) const MAX_FDS: usize = 65536;

/// The per-path process state.
#[derive(Clone, Debug)]
pub struct Proc {
    pub fds: Vec<Option<FdEntry>>,
    pub ofds: Vec<Option<(OpenFile, u32)>>,
    /// The working directory (`None`: the tool's own).
    pub cwd: Option<Rc<HostFd>>,
    /// Exit statuses of finished children not yet waited for: (pid, status).
    pub children: Vec<(i32, i32)>,
    /// Inside a forked child (between fork and exec or exit).
    pub in_child: bool,
    pub pid: i32,
    /// `--sym-files`.
    pub sym_files: Rc<Vec<SymFile>>,
    /// `--sym-stdin`'s file, for the stat of descriptor 0 (its bytes are
    /// read through `State::stdin`).
    pub sym_stdin: Option<Rc<SymFile>>,
    /// `--sym-stdout`'s file, for the stat of descriptor 1 (what the path
    /// writes there is still its captured output).
    pub sym_stdout: Option<Rc<SymFile>>,
    /// The locale the path set with `setlocale` (host calls run under it).
    pub locale: Rc<super::locale::ProgLocale>,
}

impl Default for Proc {
    fn default() -> Self {
        let std = |k: u8| {
            (
                OpenFile {
                    file: FileRef::Std(k),
                    offset: 0,
                    seekable: false,
                    flags: if k == 0 { libc::O_RDONLY } else { libc::O_WRONLY },
                },
                1,
            )
        };
        Proc {
            fds: (0..3).map(|k| Some(FdEntry { ofd: k, cloexec: false })).collect(),
            ofds: (0..3u8).map(|k| Some(std(k))).collect(),
            cwd: None,
            children: Vec::new(),
            in_child: false,
            pid: 4242,
            sym_files: Rc::default(),
            sym_stdin: None,
            sym_stdout: None,
            locale: Rc::default(),
        }
    }
}

impl Proc {
    pub fn entry(&self, fd: i64) -> Option<&OpenFile> {
        let e = self.fds.get(usize::try_from(fd).ok()?)?.as_ref()?;
        self.ofds[e.ofd].as_ref().map(|(o, _)| o)
    }

    pub(crate) fn entry_mut(&mut self, fd: i64) -> Option<&mut OpenFile> {
        let e = self.fds.get(usize::try_from(fd).ok()?)?.as_ref()?;
        self.ofds[e.ofd].as_mut().map(|(o, _)| o)
    }

    /// Installs a new open file at descriptor `fd` (closing what was there).
    fn install(&mut self, fd: usize, file: OpenFile, cloexec: bool) {
        self.close(fd as i64);
        let slot = self.ofds.iter().position(|o| o.is_none()).unwrap_or_else(|| {
            self.ofds.push(None);
            self.ofds.len() - 1
        });
        self.ofds[slot] = Some((file, 1));
        self.set(fd, FdEntry { ofd: slot, cloexec });
    }

    fn set(&mut self, fd: usize, e: FdEntry) {
        if self.fds.len() <= fd {
            self.fds.resize(fd + 1, None);
        }
        self.fds[fd] = Some(e);
    }

    /// Closes `fd`; false if it was not open.
    pub fn close(&mut self, fd: i64) -> bool {
        let Some(e) = usize::try_from(fd).ok().and_then(|k| self.fds.get_mut(k)).and_then(|e| e.take()) else {
            return false;
        };
        if let Some((_, refs)) = self.ofds[e.ofd].as_mut() {
            *refs -= 1;
            if *refs == 0 {
                self.ofds[e.ofd] = None;
            }
        }
        true
    }

    /// Makes `to` another descriptor of `from`'s open file.
    fn dup_to(&mut self, from: i64, to: usize, cloexec: bool) -> bool {
        let Some(e) = usize::try_from(from).ok().and_then(|k| self.fds.get(k)).and_then(|e| e.clone()) else {
            return false;
        };
        if from as usize == to {
            return true;
        }
        self.close(to as i64);
        if let Some((_, refs)) = self.ofds[e.ofd].as_mut() {
            *refs += 1;
        }
        self.set(to, FdEntry { ofd: e.ofd, cloexec });
        true
    }

    /// The lowest descriptor number at or above `min` that is free.
    fn lowest_free(&self, min: usize) -> usize {
        (min..).find(|&k| self.fds.get(k).is_none_or(|e| e.is_none())).expect("unbounded")
    }

    /// The host descriptor behind `fd`, if it is a host file.
    pub(crate) fn host_fd(&self, fd: i64) -> Option<i32> {
        match &self.entry(fd)?.file {
            FileRef::Host(h) => Some(h.0),
            FileRef::Std(_) | FileRef::Sym(_) => None,
        }
    }

    /// The `--sym-files` file a path names (`A`, `./A`, or `A` in the
    /// working directory by its full path), if any.
    pub(crate) fn sym_file(&self, path: &[u8]) -> Option<usize> {
        use std::os::unix::ffi::OsStrExt;
        if self.sym_files.is_empty() {
            return None;
        }
        let mut p = path.strip_prefix(b"./").unwrap_or(path);
        let cwd;
        if p.starts_with(b"/") {
            cwd = match &self.cwd {
                Some(h) => std::fs::read_link(format!("/proc/self/fd/{}", h.0)).ok(),
                None => std::env::current_dir().ok(),
            };
            if let Some(rest) = cwd.as_ref().and_then(|c| p.strip_prefix(c.as_os_str().as_bytes())) {
                p = rest.strip_prefix(b"/").unwrap_or(rest);
            }
        }
        self.sym_files.iter().position(|f| f.name == p)
    }

    /// The host descriptor of the path's working directory (`AT_FDCWD`:
    /// the tool's own).
    pub(crate) fn cwd_fd(&self) -> i32 {
        self.cwd.as_ref().map_or(libc::AT_FDCWD, |c| c.0)
    }

    /// The base for a path relative to `dirfd` (`AT_FDCWD` or a descriptor).
    pub fn base(&self, dirfd: i64) -> Option<i32> {
        if dirfd as i32 == libc::AT_FDCWD {
            return Some(self.cwd_fd());
        }
        self.host_fd(dirfd)
    }
}

/// The host's errno now.
pub(super) fn host_errno() -> i32 {
    // SAFETY: reading the calling thread's errno.
    unsafe { *libc::__errno_location() }
}

impl<'p> Executor<'p> {
    /// Runs one POSIX function; its result goes to the call's destination.
    pub(super) fn posix(&mut self, st: &mut State, f: PosixFn, ci: &CallInst, args: &[Val]) -> Result<(), Termination> {
        if f == PosixFn::Fork {
            return self.fork(st, ci);
        }
        if f == PosixFn::Close {
            if let Some(fd) = args.first() {
                self.inject_failure(st, ci, "close_fail", fd)?;
            }
        }
        let mut a = Vec::with_capacity(args.len());
        for v in args {
            a.push(self.concrete_of(st, v.clone(), "argument of a POSIX call")?);
        }
        let r = self.posix_call(st, f, &a)?;
        self.set_result(st, ci, Val::C(r as u64));
        Ok(())
    }

    /// KLEE's `--max-fail N`: while the path has failed fewer than N
    /// calls, a copy of it is made on which this read, write or close of
    /// a file fails with EIO (the choice is a symbolic object named after
    /// the call, so tests replay it).
    pub(super) fn inject_failure(
        &mut self, st: &mut State, ci: &CallInst, what: &str, fd: &Val,
    ) -> Result<(), Termination> {
        if st.fails >= self.cfg.max_fail {
            return Ok(());
        }
        let Val::C(fd) = fd else { return Ok(()) };
        let fd = *fd as i32 as i64;
        if fd <= 2 || st.proc.entry(fd).is_none() || !self.can_fork(st) {
            return Ok(());
        }
        let Ok(Val::S(e)) = self.symbolic_int_named(st, what, 4) else { return Ok(()) };
        let one = self.pool.constant(32, 1);
        let fails = self.pool.eq(e, one);
        let works = self.pool.not(fails);
        let (Some(mf), Some(mo)) = (self.model_for(st, fails)?, self.model_for(st, works)?) else { return Ok(()) };
        let mut bad = self.clone_state(st);
        bad.add_constraint(fails, mf);
        bad.fails += 1;
        bad.depth += 1;
        let r = self.fail(&mut bad, libc::EIO)?;
        self.set_result(&mut bad, ci, Val::C(r as u64));
        self.count_fork(super::stats::BranchKind::Conditional);
        self.add_state(bad);
        st.add_constraint(works, mo);
        st.depth += 1;
        Ok(())
    }

    /// `Ok(-1)` with the program's errno set to `e`.
    pub(super) fn fail(&mut self, st: &mut State, e: i32) -> Result<i64, Termination> {
        self.set_errno(st, e);
        Ok(-1)
    }

    /// A host result: -1 sets the program's errno from the host's.
    pub(super) fn host_result(&mut self, st: &mut State, r: i64) -> Result<i64, Termination> {
        if r < 0 {
            let e = host_errno();
            return self.fail(st, e);
        }
        Ok(r)
    }

    fn posix_call(&mut self, st: &mut State, f: PosixFn, a: &[u64]) -> Result<i64, Termination> {
        let arg = |i: usize| a.get(i).copied().unwrap_or(0);
        let fd = arg(0) as i32 as i64;
        use PosixFn as P;
        match f {
            P::Open => self.open_at(st, libc::AT_FDCWD as i64, arg(0), arg(1) as i32, arg(2) as u32),
            P::OpenAt => self.open_at(st, fd, arg(1), arg(2) as i32, arg(3) as u32),
            P::Creat => self.open_at(
                st,
                libc::AT_FDCWD as i64,
                arg(0),
                libc::O_CREAT | libc::O_WRONLY | libc::O_TRUNC,
                arg(1) as u32,
            ),
            P::Close => {
                if st.proc.close(fd) {
                    Ok(0)
                } else {
                    self.fail(st, libc::EBADF)
                }
            }
            P::Pread | P::Pwrite => self.positioned(st, f == P::Pwrite, fd, arg(1), arg(2), arg(3) as i64),
            P::Lseek => self.lseek(st, fd, arg(1) as i64, arg(2) as i32),
            P::Dup => {
                let to = st.proc.lowest_free(0);
                if st.proc.dup_to(fd, to, false) {
                    Ok(to as i64)
                } else {
                    self.fail(st, libc::EBADF)
                }
            }
            P::Dup2 | P::Dup3 => {
                let to = arg(1) as i32;
                if !(0..=65535).contains(&to) {
                    return self.fail(st, libc::EBADF);
                }
                if f == P::Dup3 && to as i64 == fd {
                    return self.fail(st, libc::EINVAL);
                }
                let cloexec = f == P::Dup3 && arg(2) as i32 & libc::O_CLOEXEC != 0;
                if st.proc.dup_to(fd, to as usize, cloexec) {
                    Ok(to as i64)
                } else {
                    self.fail(st, libc::EBADF)
                }
            }
            P::Fcntl => self.fcntl(st, fd, arg(1) as i32, arg(2)),
            P::Fstat => self.stat_fd(st, fd, arg(1)),
            P::FstatAt => self.stat_at(st, fd, arg(1), arg(2), arg(3) as i32),
            P::Statx => self.statx(st, fd, arg(1), arg(2) as i32, arg(3) as u32, arg(4)),
            P::Stat => self.stat_at(st, libc::AT_FDCWD as i64, arg(0), arg(1), 0),
            P::Lstat => self.stat_at(st, libc::AT_FDCWD as i64, arg(0), arg(1), libc::AT_SYMLINK_NOFOLLOW),
            P::Isatty => self.isatty_fd(st, fd),
            P::Getdents => self.getdents(st, fd, arg(1), arg(2)),
            P::Fork => unreachable!("handled by posix()"),
            P::Execve | P::Execv | P::Execvp | P::Execvpe => self.exec(st, f, arg(0), arg(1), arg(2)),
            P::Waitpid => self.waitpid(st, arg(0) as i32, arg(1), arg(2) as i32),
            P::Wait => self.waitpid(st, -1, arg(0), 0),
            P::Getpid => Ok(st.proc.pid as i64),
            P::Getppid => Ok(1),
            P::Pipe => Err(self.error(st, ErrorKind::Model, "unsupported: pipe")),
            _ => self.fs_call(st, f, a),
        }
    }

    fn open_at(&mut self, st: &mut State, dirfd: i64, path: u64, flags: i32, mode: u32) -> Result<i64, Termination> {
        let p = self.read_path(st, path)?;
        if let Some(k) = st.proc.sym_file(p.as_bytes()) {
            return self.sym_open(st, k, flags);
        }
        let Some(base) = st.proc.base(dirfd) else { return self.fail(st, libc::EBADF) };
        let writes = flags & (libc::O_WRONLY | libc::O_RDWR | libc::O_CREAT | libc::O_TRUNC | libc::O_APPEND) != 0;
        if writes {
            self.check_write(st, base, &p, "open")?;
        }
        // SAFETY: openat with a NUL-terminated path; the descriptor is
        // owned by the HostFd made below.
        // O_APPEND stays the path's: writes go to the end by pwrite, so the
        // flag can be changed with fcntl and offsets stay the path's own.
        let h = unsafe {
            libc::openat(base, p.as_ptr(), (flags & !libc::O_APPEND) | libc::O_CLOEXEC, mode as libc::c_uint)
        };
        if h < 0 {
            return self.host_result(st, -1);
        }
        let mut sb: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstat on the descriptor just opened.
        unsafe { libc::fstat(h, &mut sb) };
        let kind = sb.st_mode & libc::S_IFMT;
        let seekable = kind == libc::S_IFREG || kind == libc::S_IFDIR || kind == libc::S_IFBLK;
        let file =
            OpenFile { file: FileRef::Host(Rc::new(HostFd(h))), offset: 0, seekable, flags: flags & !libc::O_CLOEXEC };
        // The lowest free descriptor, as POSIX requires (`close(1)` then
        // `open` redirects stdout); host functions given a descriptor get
        // the host's (host_lists.rs, FD_ARGS).
        let fd = st.proc.lowest_free(0);
        st.proc.install(fd, file, flags & libc::O_CLOEXEC != 0);
        Ok(fd as i64)
    }

    /// `read`/`write` on a descriptor that is not a standard stream.
    pub(super) fn host_rw(
        &mut self, st: &mut State, write: bool, fd: i64, buf: u64, n: u64,
    ) -> Result<i64, Termination> {
        let Some(of) = st.proc.entry(fd).cloned() else { return self.fail(st, libc::EBADF) };
        if let FileRef::Sym(k) = of.file {
            return self.sym_rw(st, write, fd, k, of.offset, buf, n);
        }
        let FileRef::Host(h) = &of.file else { return self.fail(st, libc::EBADF) };
        let acc = of.flags & libc::O_ACCMODE;
        if (write && acc == libc::O_RDONLY) || (!write && acc == libc::O_WRONLY) {
            return self.fail(st, libc::EBADF);
        }
        let n = n.min(1 << 30);
        // A buffer in the null page is the kernel's EFAULT, not a fault.
        let (id, off) = match st.mem.check(buf, n, !write) {
            Ok(x) => x,
            Err(crate::exec::memory::MemFault::Null) => return self.fail(st, libc::EFAULT),
            Err(e) => return Err(self.fault(st, e)),
        };
        let r = if write {
            let bytes = self.concrete_bytes(st, id, off, n)?;
            // SAFETY: writing from a buffer of n bytes.
            unsafe {
                if of.seekable {
                    let at = if of.flags & libc::O_APPEND != 0 {
                        let mut sb: libc::stat = std::mem::zeroed();
                        libc::fstat(h.0, &mut sb);
                        sb.st_size as u64
                    } else {
                        of.offset
                    };
                    let r = libc::pwrite(h.0, bytes.as_ptr() as *const libc::c_void, bytes.len(), at as i64) as i64;
                    if r >= 0 {
                        st.proc.entry_mut(fd).expect("open").offset = at;
                    }
                    r
                } else {
                    libc::write(h.0, bytes.as_ptr() as *const libc::c_void, bytes.len()) as i64
                }
            }
        } else {
            let mut bytes = vec![0u8; n as usize];
            // SAFETY: reading into a buffer of n bytes.
            let r = unsafe {
                if of.seekable {
                    libc::pread(h.0, bytes.as_mut_ptr() as *mut libc::c_void, bytes.len(), of.offset as i64) as i64
                } else {
                    libc::read(h.0, bytes.as_mut_ptr() as *mut libc::c_void, bytes.len()) as i64
                }
            };
            if r > 0 {
                self.write_host_bytes(st, id, off, &bytes[..r as usize]);
            }
            r
        };
        if r < 0 {
            return self.host_result(st, -1);
        }
        if of.seekable {
            let e = st.proc.entry_mut(fd).expect("open");
            e.offset += r as u64;
        }
        Ok(r)
    }

    fn positioned(
        &mut self, st: &mut State, write: bool, fd: i64, buf: u64, n: u64, at: i64,
    ) -> Result<i64, Termination> {
        if at < 0 {
            return self.fail(st, libc::EINVAL);
        }
        let Some(of) = st.proc.entry(fd) else { return self.fail(st, libc::EBADF) };
        if !of.seekable {
            return self.fail(st, libc::ESPIPE);
        }
        let saved = of.offset;
        st.proc.entry_mut(fd).expect("open").offset = at as u64;
        let r = self.host_rw(st, write, fd, buf, n);
        if let Some(e) = st.proc.entry_mut(fd) {
            e.offset = saved;
        }
        r
    }

    fn lseek(&mut self, st: &mut State, fd: i64, off: i64, whence: i32) -> Result<i64, Termination> {
        let Some(of) = st.proc.entry(fd).cloned() else { return self.fail(st, libc::EBADF) };
        let end = match &of.file {
            FileRef::Sym(k) => st.proc.sym_files[*k].size as i64,
            _ => 0,
        };
        let FileRef::Host(h) = &of.file else {
            if !matches!(of.file, FileRef::Sym(_)) {
                return self.fail(st, libc::ESPIPE);
            }
            let new = match whence {
                libc::SEEK_SET => Some(off),
                libc::SEEK_CUR => (of.offset as i64).checked_add(off),
                libc::SEEK_END => end.checked_add(off),
                _ => return self.fail(st, libc::EINVAL),
            };
            let Some(new) = new else { return self.fail(st, libc::EOVERFLOW) };
            if new < 0 {
                return self.fail(st, libc::EINVAL);
            }
            st.proc.entry_mut(fd).expect("open").offset = new as u64;
            return Ok(new);
        };
        if !of.seekable {
            // Pipes fail with ESPIPE; devices answer as the host's do.
            // SAFETY: lseek on an open host descriptor.
            let r = unsafe { libc::lseek(h.0, off, whence) };
            return self.host_result(st, r);
        }
        let new = match whence {
            libc::SEEK_SET => off,
            libc::SEEK_CUR => match (of.offset as i64).checked_add(off) {
                Some(v) => v,
                None => return self.fail(st, libc::EOVERFLOW),
            },
            libc::SEEK_END | libc::SEEK_DATA | libc::SEEK_HOLE => {
                // SAFETY: lseek on an open descriptor; the path keeps its
                // own offset, so the host's is only a scratch value.
                let r = unsafe { libc::lseek(h.0, off, whence) };
                if r < 0 {
                    return self.host_result(st, -1);
                }
                r
            }
            _ => return self.fail(st, libc::EINVAL),
        };
        if new < 0 {
            return self.fail(st, libc::EINVAL);
        }
        st.proc.entry_mut(fd).expect("open").offset = new as u64;
        Ok(new)
    }

    fn fcntl(&mut self, st: &mut State, fd: i64, cmd: i32, arg: u64) -> Result<i64, Termination> {
        if st.proc.entry(fd).is_none() {
            return self.fail(st, libc::EBADF);
        }
        match cmd {
            libc::F_DUPFD | libc::F_DUPFD_CLOEXEC => {
                if arg as i64 >= MAX_FDS as i64 || (arg as i64) < 0 {
                    return self.fail(st, libc::EINVAL);
                }
                let to = st.proc.lowest_free(arg as usize);
                st.proc.dup_to(fd, to, cmd == libc::F_DUPFD_CLOEXEC);
                Ok(to as i64)
            }
            libc::F_GETFD => Ok(st.proc.fds[fd as usize].as_ref().is_some_and(|e| e.cloexec) as i64),
            libc::F_SETFD => {
                st.proc.fds[fd as usize].as_mut().expect("open").cloexec = arg as i32 & libc::FD_CLOEXEC != 0;
                Ok(0)
            }
            libc::F_GETFL => Ok((st.proc.entry(fd).expect("open").flags
                & !(libc::O_CREAT | libc::O_EXCL | libc::O_TRUNC | libc::O_NOCTTY))
                as i64),
            libc::F_SETFL => {
                let e = st.proc.entry_mut(fd).expect("open");
                let keep = e.flags & (libc::O_ACCMODE | libc::O_CREAT | libc::O_EXCL | libc::O_TRUNC);
                e.flags = keep | (arg as i32 & (libc::O_APPEND | libc::O_NONBLOCK));
                Ok(0)
            }
            // Queries and settings with an integer argument go to the host
            // descriptor; commands with a pointer argument (locks, owner
            // structures, hints) are not passed on.
            libc::F_GETOWN
            | libc::F_SETOWN
            | libc::F_GETLEASE
            | libc::F_SETLEASE
            | libc::F_NOTIFY
            | libc::F_GETPIPE_SZ
            | libc::F_SETPIPE_SZ
            | libc::F_ADD_SEALS
            | libc::F_GET_SEALS => match st.proc.host_fd(fd) {
                Some(h) => {
                    // SAFETY: fcntl with an integer argument on an open
                    // host descriptor.
                    let r = unsafe { libc::fcntl(h, cmd, arg as libc::c_long) } as i64;
                    self.host_result(st, r)
                }
                None => self.fail(st, libc::EINVAL),
            },
            // Record locks: the program is the only process, so every lock
            // is granted and none is held by another (F_GETLK reports
            // F_UNLCK in the structure's `l_type`).
            libc::F_GETLK | libc::F_OFD_GETLK => {
                let (id, off) = st.mem.check(arg, 2, true).map_err(|f| self.fault(st, f))?;
                st.mem.write_scalar(&mut self.pool, id, off, 2, &Val::C(libc::F_UNLCK as u64));
                Ok(0)
            }
            libc::F_SETLK | libc::F_SETLKW | libc::F_OFD_SETLK | libc::F_OFD_SETLKW => {
                st.mem.check(arg, 2, false).map_err(|f| self.fault(st, f))?;
                Ok(0)
            }
            _ => Err(self.error(st, ErrorKind::Model, format!("unsupported: fcntl command {cmd}"))),
        }
    }

    fn getdents(&mut self, st: &mut State, fd: i64, buf: u64, n: u64) -> Result<i64, Termination> {
        let Some(of) = st.proc.entry(fd).cloned() else { return self.fail(st, libc::EBADF) };
        let FileRef::Host(h) = &of.file else { return self.fail(st, libc::ENOTDIR) };
        let n = n.min(1 << 20);
        // The working directory lists the symbolic files first (symdir.rs).
        let base = if self.lists_sym_files(st, h.0) { symdir::HOST_BASE } else { 0 };
        if of.offset < base {
            let (written, next) = self.sym_dirents(st, of.offset, buf, n)?;
            if written == 0 && next < base {
                return self.fail(st, libc::EINVAL);
            }
            st.proc.entry_mut(fd).expect("open").offset = next;
            if written > 0 {
                return Ok(written);
            }
        }
        let from = st.proc.entry(fd).expect("open").offset - base;
        let (id, off) = st.mem.check(buf, n, true).map_err(|e| self.fault(st, e))?;
        let mut bytes = vec![0u8; n as usize];
        // SAFETY: the directory's position is the path's own offset (a
        // cookie the kernel gave), set before and read after the call.
        let (r, pos) = unsafe {
            libc::lseek(h.0, from as i64, libc::SEEK_SET);
            let r = libc::syscall(libc::SYS_getdents64, h.0, bytes.as_mut_ptr(), bytes.len()) as i64;
            (r, libc::lseek(h.0, 0, libc::SEEK_CUR))
        };
        if r < 0 {
            return self.host_result(st, -1);
        }
        let bytes = &mut bytes[..r as usize];
        if base > 0 {
            // Each record's d_off (bytes 8..16) is a position of the path's.
            let mut at = 0;
            while at + 19 <= bytes.len() {
                let d_off = u64::from_le_bytes(bytes[at + 8..at + 16].try_into().expect("8 bytes"));
                bytes[at + 8..at + 16].copy_from_slice(&(d_off + base).to_le_bytes());
                let reclen = u16::from_le_bytes([bytes[at + 16], bytes[at + 17]]) as usize;
                at += reclen.max(1);
            }
        }
        self.write_host_bytes(st, id, off, bytes);
        st.proc.entry_mut(fd).expect("open").offset = pos.max(0) as u64 + base;
        Ok(r)
    }

    fn stat_fd(&mut self, st: &mut State, fd: i64, out: u64) -> Result<i64, Termination> {
        let mut sb: libc::stat = unsafe { std::mem::zeroed() };
        // A symbolic file, stdin or stdout answers with its stat object.
        if let Some(f) = self.sym_file_of(st, fd) {
            self.put_sym_stat(st, out, &f)?;
            return Ok(0);
        }
        let file = st.proc.entry(fd).map(|o| o.file.clone());
        let r = match file {
            None => return self.fail(st, libc::EBADF),
            // The tool's own standard streams stand for the path's.
            // SAFETY: fstat into a local structure.
            Some(FileRef::Std(k)) => unsafe { libc::fstat(k as i32, &mut sb) },
            Some(FileRef::Host(h)) => unsafe { libc::fstat(h.0, &mut sb) },
            Some(FileRef::Sym(_)) => unreachable!("answered by its stat above"),
        };
        if r < 0 {
            return self.host_result(st, -1);
        }
        self.put_struct(st, out, &sb)?;
        Ok(0)
    }

    fn stat_at(&mut self, st: &mut State, dirfd: i64, path: u64, out: u64, flags: i32) -> Result<i64, Termination> {
        let p = self.read_path(st, path)?;
        if let Some(k) = st.proc.sym_file(p.as_bytes()) {
            let f = st.proc.sym_files[k].clone();
            self.put_sym_stat(st, out, &f)?;
            return Ok(0);
        }
        let Some(base) = st.proc.base(dirfd) else { return self.fail(st, libc::EBADF) };
        let mut sb: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstatat with a NUL-terminated path into a local structure.
        let r = unsafe { libc::fstatat(base, p.as_ptr(), &mut sb, flags) };
        if r < 0 {
            return self.host_result(st, -1);
        }
        self.put_struct(st, out, &sb)?;
        Ok(0)
    }

    /// `statx`: the host's answer for a path relative to the path's own
    /// directory or descriptor (a `--sym-files` file answers with the
    /// fields of its `stat`).
    fn statx(
        &mut self, st: &mut State, dirfd: i64, path: u64, flags: i32, mask: u32, out: u64,
    ) -> Result<i64, Termination> {
        const STATX_SIZE: usize = 256;
        let p = self.read_path(st, path)?;
        if st.proc.sym_file(p.as_bytes()).is_some() {
            // Programs fall back to fstatat when statx is not there.
            return self.fail(st, libc::ENOSYS);
        }
        let base = if p.as_bytes().is_empty() && flags & libc::AT_EMPTY_PATH != 0 {
            st.proc.host_fd(dirfd)
        } else {
            st.proc.base(dirfd)
        };
        let Some(base) = base else { return self.fail(st, libc::EBADF) };
        let mut buf = [0u8; STATX_SIZE];
        // SAFETY: the statx system call writing a struct statx (256 bytes)
        // into a local buffer.
        let r = unsafe { libc::syscall(libc::SYS_statx, base, p.as_ptr(), flags, mask, buf.as_mut_ptr()) } as i64;
        if r < 0 {
            return self.host_result(st, -1);
        }
        let (id, off) = st.mem.check(out, STATX_SIZE as u64, true).map_err(|e| self.fault(st, e))?;
        self.write_host_bytes(st, id, off, &buf);
        Ok(0)
    }

    /// Copies a host structure into the program's memory at `out`.
    pub(super) fn put_struct<T>(&mut self, st: &mut State, out: u64, v: &T) -> Result<(), Termination> {
        let n = std::mem::size_of::<T>();
        // SAFETY: viewing a plain C structure as its bytes.
        let bytes = unsafe { std::slice::from_raw_parts(v as *const T as *const u8, n) };
        self.put_bytes(st, out, bytes)
    }

    /// Writes concrete bytes at the program's address `out`.
    pub(super) fn put_bytes(&mut self, st: &mut State, out: u64, bytes: &[u8]) -> Result<(), Termination> {
        let (id, off) = st.mem.check(out, bytes.len() as u64, true).map_err(|e| self.fault(st, e))?;
        self.write_host_bytes(st, id, off, bytes);
        Ok(())
    }

    /// Writes concrete bytes at a checked location.
    pub(super) fn write_host_bytes(&mut self, st: &mut State, id: u64, off: u64, bytes: &[u8]) {
        let d = st.mem.data_mut_pub(id);
        d.bytes[off as usize..off as usize + bytes.len()].copy_from_slice(bytes);
        if !d.sym.is_empty() {
            d.sym[off as usize..off as usize + bytes.len()].iter_mut().for_each(|s| *s = None);
        }
    }

    /// `n` bytes at a checked location, symbolic ones concretized.
    pub(super) fn concrete_bytes(&mut self, st: &mut State, id: u64, off: u64, n: u64) -> Result<Vec<u8>, Termination> {
        let mut out = Vec::with_capacity(n as usize);
        for k in 0..n {
            match st.mem.read_byte(id, off + k) {
                Ok(b) => out.push(b),
                Err(e) => {
                    let c = self.concretize(st, e, "byte written to a file")? as u8;
                    out.push(c);
                }
            }
        }
        Ok(out)
    }

    /// A NUL-terminated path (any bytes but NUL) from the program. One
    /// with symbolic bytes first forks on the symbolic files it
    /// may name (`fork_on_sym_path`); its bytes are then concretized.
    pub(super) fn read_path(&mut self, st: &mut State, p: u64) -> Result<std::ffi::CString, Termination> {
        self.fork_on_sym_path(st, p)?;
        let bytes = self.read_cbytes(st, &Val::C(p))?;
        Ok(std::ffi::CString::new(bytes).expect("no NUL inside"))
    }
}
