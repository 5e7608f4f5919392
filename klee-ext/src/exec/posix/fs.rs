//! Path operations: access, links, the working directory, and the calls
//! that change the host file system (under the host-write policy).

use super::super::{ErrorKind, Executor, State, Termination};
use super::HostFd;
use crate::ir::PosixFn;
use std::ffi::CString;
use std::rc::Rc;

/// What a run may do to the host's files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum HostWrites {
    /// Allowed for a concrete run, refused (outside the scratch directory)
    /// for a symbolic one.
    #[default]
    Auto,
    Allow,
    Refuse,
}

/// The changes that act on the file a symbolic link names.
fn follows_links(what: &str) -> bool {
    matches!(what, "open" | "chmod" | "chown" | "fchmodat" | "fchownat" | "truncate" | "utimensat")
}

impl<'p> Executor<'p> {
    pub(in super::super) fn writes_allowed(&self) -> bool {
        match self.cfg.host_writes {
            HostWrites::Allow => true,
            HostWrites::Refuse => false,
            HostWrites::Auto => !self.symbolic_run(),
        }
    }

    /// Whether the run has symbolic inputs (test generation or repair).
    pub(crate) fn symbolic_run(&self) -> bool {
        self.cfg.sym_stdin.is_some()
            || !self.cfg.stdin_digits.is_empty()
            || self.cfg.sym_files.is_some()
            || self.cfg.expect_stdout.is_some()
            || self
                .cfg
                .args
                .iter()
                .any(|a| !matches!(a, super::super::ArgSpec::Concrete(_) | super::super::ArgSpec::Bytes(_)))
            || !self.pool.so.vars.is_empty()
    }

    /// The absolute host path of `p` relative to the host descriptor `base`.
    fn absolute(base: i32, p: &CString) -> std::path::PathBuf {
        use std::os::unix::ffi::OsStrExt;
        let rel = std::path::Path::new(std::ffi::OsStr::from_bytes(p.as_bytes()));
        if rel.is_absolute() {
            return rel.to_path_buf();
        }
        super::process::dir_path(base).unwrap_or_default().join(rel)
    }

    /// Refuses a change of `p` (relative to `base`) under the host-write
    /// policy.
    pub(super) fn check_write(&mut self, st: &State, base: i32, p: &CString, what: &str) -> Result<(), Termination> {
        if self.writes_allowed() {
            return Ok(());
        }
        let abs = Self::absolute(base, p);
        if let Some(scratch) = &self.cfg.scratch_dir {
            let scratch = scratch.canonicalize().unwrap_or_else(|_| scratch.clone());
            // What is changed: the file a symbolic link names, for the calls
            // that follow links (a dangling one is refused); otherwise the
            // entry itself, in its parent directory (it may not exist yet).
            let is_link = std::fs::symlink_metadata(&abs).is_ok_and(|m| m.file_type().is_symlink());
            let target = if is_link && follows_links(what) {
                abs.canonicalize().ok()
            } else {
                let parent =
                    abs.parent().map(|d| d.canonicalize().unwrap_or_else(|_| d.to_path_buf())).unwrap_or_default();
                abs.file_name().map(|n| parent.join(n))
            };
            if target.is_some_and(|t| t.starts_with(&scratch) && t != scratch) && !abs.ends_with("..") {
                return Ok(());
            }
        }
        Err(self.error(
            st,
            ErrorKind::Model,
            format!("refused: {what} would change {} on the host during a symbolic run (pass --allow-host-writes to permit it)", abs.display()),
        ))
    }

    pub(super) fn fs_call(&mut self, st: &mut State, f: PosixFn, a: &[u64]) -> Result<i64, Termination> {
        let arg = |i: usize| a.get(i).copied().unwrap_or(0);
        let cwd = libc::AT_FDCWD as i64;
        use PosixFn as P;
        // (dirfd, path) of the operand, the call's name, and how to run it.
        match f {
            P::Access => self.path_op(st, cwd, arg(0), None, |b, p| unsafe {
                libc::faccessat(b, p, arg(1) as i32, libc::AT_EACCESS)
            }),
            P::FaccessAt => self.path_op(st, arg(0) as i32 as i64, arg(1), None, |b, p| unsafe {
                libc::faccessat(b, p, arg(2) as i32, arg(3) as i32)
            }),
            P::Readlink => self.readlink(st, cwd, arg(0), arg(1), arg(2)),
            P::ReadlinkAt => self.readlink(st, arg(0) as i32 as i64, arg(1), arg(2), arg(3)),
            P::Unlink => self.path_op(st, cwd, arg(0), Some("unlink"), |b, p| unsafe { libc::unlinkat(b, p, 0) }),
            P::UnlinkAt => self.path_op(st, arg(0) as i32 as i64, arg(1), Some("unlinkat"), |b, p| unsafe {
                libc::unlinkat(b, p, arg(2) as i32)
            }),
            P::Rmdir => {
                self.path_op(st, cwd, arg(0), Some("rmdir"), |b, p| unsafe { libc::unlinkat(b, p, libc::AT_REMOVEDIR) })
            }
            P::Mkdir => self
                .path_op(st, cwd, arg(0), Some("mkdir"), |b, p| unsafe { libc::mkdirat(b, p, arg(1) as libc::mode_t) }),
            P::MkdirAt => self.path_op(st, arg(0) as i32 as i64, arg(1), Some("mkdirat"), |b, p| unsafe {
                libc::mkdirat(b, p, arg(2) as libc::mode_t)
            }),
            P::Chmod => self.path_op(st, cwd, arg(0), Some("chmod"), |b, p| unsafe {
                libc::fchmodat(b, p, arg(1) as libc::mode_t, 0)
            }),
            P::FchmodAt => self.path_op(st, arg(0) as i32 as i64, arg(1), Some("fchmodat"), |b, p| unsafe {
                libc::fchmodat(b, p, arg(2) as libc::mode_t, arg(3) as i32)
            }),
            P::Chown => self.path_op(st, cwd, arg(0), Some("chown"), |b, p| unsafe {
                libc::fchownat(b, p, arg(1) as u32, arg(2) as u32, 0)
            }),
            P::Lchown => self.path_op(st, cwd, arg(0), Some("lchown"), |b, p| unsafe {
                libc::fchownat(b, p, arg(1) as u32, arg(2) as u32, libc::AT_SYMLINK_NOFOLLOW)
            }),
            P::FchownAt => self.path_op(st, arg(0) as i32 as i64, arg(1), Some("fchownat"), |b, p| unsafe {
                libc::fchownat(b, p, arg(2) as u32, arg(3) as u32, arg(4) as i32)
            }),
            P::Truncate => self.path_op(st, cwd, arg(0), Some("truncate"), |b, p| unsafe {
                let fd = libc::openat(b, p, libc::O_WRONLY | libc::O_CLOEXEC);
                if fd < 0 {
                    return -1;
                }
                let r = libc::ftruncate(fd, arg(1) as i64);
                libc::close(fd);
                r
            }),
            P::UtimensAt => {
                let times = self.read_times(st, arg(2))?;
                let tp = times.as_ref().map_or(std::ptr::null(), |t| t.as_ptr());
                if arg(1) == 0 {
                    // futimens form: the descriptor itself.
                    return self
                        .fd_op(st, arg(0) as i32 as i64, Some("futimens"), |h| unsafe { libc::futimens(h, tp) });
                }
                self.path_op(st, arg(0) as i32 as i64, arg(1), Some("utimensat"), |b, p| unsafe {
                    libc::utimensat(b, p, tp, arg(3) as i32)
                })
            }
            P::Futimens => {
                let times = self.read_times(st, arg(1))?;
                let tp = times.as_ref().map_or(std::ptr::null(), |t| t.as_ptr());
                self.fd_op(st, arg(0) as i32 as i64, Some("futimens"), |h| unsafe { libc::futimens(h, tp) })
            }
            P::Fchmod => self.fd_op(st, arg(0) as i32 as i64, Some("fchmod"), |h| unsafe {
                libc::fchmod(h, arg(1) as libc::mode_t)
            }),
            P::Fchown => self.fd_op(st, arg(0) as i32 as i64, Some("fchown"), |h| unsafe {
                libc::fchown(h, arg(1) as u32, arg(2) as u32)
            }),
            P::Ftruncate => self
                .fd_op(st, arg(0) as i32 as i64, Some("ftruncate"), |h| unsafe { libc::ftruncate(h, arg(1) as i64) }),
            P::Fsync => self.fd_op(st, arg(0) as i32 as i64, None, |h| unsafe { libc::fsync(h) }),
            P::Rename => self.two_paths(st, (cwd, arg(0)), (cwd, arg(1)), "rename", |b1, p1, b2, p2| unsafe {
                libc::renameat(b1, p1, b2, p2)
            }),
            P::RenameAt => self.two_paths(
                st,
                (arg(0) as i32 as i64, arg(1)),
                (arg(2) as i32 as i64, arg(3)),
                "renameat",
                |b1, p1, b2, p2| unsafe { libc::renameat(b1, p1, b2, p2) },
            ),
            P::RenameAt2 => {
                let flags = arg(4) as u32;
                self.two_paths(
                    st,
                    (arg(0) as i32 as i64, arg(1)),
                    (arg(2) as i32 as i64, arg(3)),
                    "renameat2",
                    |b1, p1, b2, p2| unsafe { libc::syscall(libc::SYS_renameat2, b1, p1, b2, p2, flags) as i32 },
                )
            }
            P::Link => self.two_paths(st, (cwd, arg(0)), (cwd, arg(1)), "link", |b1, p1, b2, p2| unsafe {
                libc::linkat(b1, p1, b2, p2, 0)
            }),
            P::LinkAt => self.two_paths(
                st,
                (arg(0) as i32 as i64, arg(1)),
                (arg(2) as i32 as i64, arg(3)),
                "linkat",
                |b1, p1, b2, p2| unsafe { libc::linkat(b1, p1, b2, p2, arg(4) as i32) },
            ),
            P::Symlink | P::SymlinkAt => {
                let target = self.read_path(st, arg(0))?;
                let (dirfd, path) = if f == P::Symlink { (cwd, arg(1)) } else { (arg(1) as i32 as i64, arg(2)) };
                self.path_op(st, dirfd, path, Some("symlink"), |b, p| unsafe { libc::symlinkat(target.as_ptr(), b, p) })
            }
            P::Chdir => {
                let p = self.read_path(st, arg(0))?;
                let Some(base) = st.proc.base(cwd) else { return self.fail(st, libc::EBADF) };
                // SAFETY: openat with a NUL-terminated path.
                let h = unsafe { libc::openat(base, p.as_ptr(), libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC) };
                if h < 0 {
                    return self.host_result(st, -1);
                }
                st.proc.cwd = Some(Rc::new(HostFd(h)));
                Ok(0)
            }
            P::Fchdir => {
                let Some(h) = st.proc.host_fd(arg(0) as i32 as i64) else { return self.fail(st, libc::EBADF) };
                // SAFETY: a new descriptor for the same directory.
                let d = unsafe { libc::openat(h, c".".as_ptr(), libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC) };
                if d < 0 {
                    return self.host_result(st, -1);
                }
                st.proc.cwd = Some(Rc::new(HostFd(d)));
                Ok(0)
            }
            P::Getcwd => self.getcwd(st, arg(0), arg(1)),
            P::Realpath => self.realpath(st, arg(0), arg(1)),
            P::CanonicalizeFileName => self.realpath(st, arg(0), 0),
            _ => Err(self.error(st, ErrorKind::Model, format!("unsupported: {f:?}"))),
        }
    }

    /// Runs `op(base, path)` for a path relative to `dirfd`; a change to
    /// the file system (`change` names it) is checked against the policy.
    /// A `--sym-files` file exists (for access) and cannot be changed.
    fn path_op(
        &mut self, st: &mut State, dirfd: i64, path: u64, change: Option<&str>,
        op: impl FnOnce(i32, *const libc::c_char) -> i32,
    ) -> Result<i64, Termination> {
        let p = self.read_path(st, path)?;
        if st.proc.sym_file(p.as_bytes()).is_some() {
            return if change.is_some() { self.fail(st, libc::EACCES) } else { Ok(0) };
        }
        let Some(base) = st.proc.base(dirfd) else { return self.fail(st, libc::EBADF) };
        if let Some(what) = change {
            self.check_write(st, base, &p, what)?;
        }
        let r = op(base, p.as_ptr()) as i64;
        self.host_result(st, r)
    }

    fn two_paths(
        &mut self, st: &mut State, a: (i64, u64), b: (i64, u64), what: &str,
        op: impl FnOnce(i32, *const libc::c_char, i32, *const libc::c_char) -> i32,
    ) -> Result<i64, Termination> {
        let p1 = self.read_path(st, a.1)?;
        let p2 = self.read_path(st, b.1)?;
        let (Some(b1), Some(b2)) = (st.proc.base(a.0), st.proc.base(b.0)) else { return self.fail(st, libc::EBADF) };
        self.check_write(st, b1, &p1, what)?;
        self.check_write(st, b2, &p2, what)?;
        let r = op(b1, p1.as_ptr(), b2, p2.as_ptr()) as i64;
        self.host_result(st, r)
    }

    /// Runs `op(host_fd)` on a descriptor opened from the host; a change
    /// (`change` names it) is checked against the policy on the file the
    /// descriptor refers to.
    fn fd_op(
        &mut self, st: &mut State, fd: i64, change: Option<&str>, op: impl FnOnce(i32) -> i32,
    ) -> Result<i64, Termination> {
        let Some(h) = st.proc.host_fd(fd) else {
            return if st.proc.entry(fd).is_some() { self.fail(st, libc::EINVAL) } else { self.fail(st, libc::EBADF) };
        };
        if let Some(what) = change {
            use std::os::unix::ffi::OsStrExt;
            let path = super::process::dir_path(h).unwrap_or_default();
            let c = CString::new(path.as_os_str().as_bytes()).unwrap_or_default();
            self.check_write(st, libc::AT_FDCWD, &c, what)?;
        }
        let r = op(h) as i64;
        self.host_result(st, r)
    }

    fn readlink(&mut self, st: &mut State, dirfd: i64, path: u64, buf: u64, n: u64) -> Result<i64, Termination> {
        let p = self.read_path(st, path)?;
        let Some(base) = st.proc.base(dirfd) else { return self.fail(st, libc::EBADF) };
        let mut out = vec![0u8; n.min(1 << 20) as usize];
        // SAFETY: readlinkat into a local buffer of its size.
        let r = unsafe { libc::readlinkat(base, p.as_ptr(), out.as_mut_ptr() as *mut libc::c_char, out.len()) } as i64;
        if r < 0 {
            return self.host_result(st, -1);
        }
        let (id, off) = st.mem.check(buf, r as u64, true).map_err(|e| self.fault(st, e))?;
        self.write_host_bytes(st, id, off, &out[..r as usize]);
        Ok(r)
    }

    fn getcwd(&mut self, st: &mut State, buf: u64, n: u64) -> Result<i64, Termination> {
        use std::os::unix::ffi::OsStrExt;
        let Ok(dir) = super::process::dir_path(st.proc.cwd_fd()) else {
            return self.fail(st, libc::ENOENT).map(|_| 0);
        };
        let mut bytes = dir.as_os_str().as_bytes().to_vec();
        bytes.push(0);
        if buf == 0 {
            // glibc's extension: a buffer from malloc.
            let size = if n == 0 { bytes.len() as u64 } else { n };
            if size < bytes.len() as u64 {
                return self.fail(st, libc::ERANGE).map(|_| 0);
            }
            let a = self.alloc_object(st, size, super::super::memory::ObjKind::Heap, "getcwd buffer")?;
            self.write_host_bytes(st, a >> 32, 0, &bytes);
            return Ok(a as i64);
        }
        if (bytes.len() as u64) > n {
            return self.fail(st, libc::ERANGE).map(|_| 0);
        }
        let (id, off) = st.mem.check(buf, bytes.len() as u64, true).map_err(|e| self.fault(st, e))?;
        self.write_host_bytes(st, id, off, &bytes);
        Ok(buf as i64)
    }

    /// `realpath(path, out)`: the host's answer for `path` taken from the
    /// path's working directory, written to `out` (`PATH_MAX` bytes) or,
    /// for a NULL `out`, to a new heap object, as glibc's.
    fn realpath(&mut self, st: &mut State, path: u64, out: u64) -> Result<i64, Termination> {
        use std::os::unix::ffi::OsStrExt;
        let p = self.read_path(st, path)?;
        let full = if p.as_bytes().starts_with(b"/") {
            p
        } else {
            let Ok(dir) = super::process::dir_path(st.proc.cwd_fd()) else {
                return self.fail(st, libc::ENOENT).map(|_| 0);
            };
            let mut b = dir.as_os_str().as_bytes().to_vec();
            b.push(b'/');
            b.extend_from_slice(p.as_bytes());
            std::ffi::CString::new(b).expect("no NUL inside")
        };
        let mut buf = vec![0u8; libc::PATH_MAX as usize];
        // SAFETY: realpath of a NUL-terminated path into a PATH_MAX buffer.
        if unsafe { libc::realpath(full.as_ptr(), buf.as_mut_ptr().cast()) }.is_null() {
            return self.host_result(st, -1).map(|_| 0);
        }
        let len = buf.iter().position(|&b| b == 0).unwrap_or(buf.len() - 1);
        buf.truncate(len + 1);
        let out = match out {
            0 => self.alloc_object(st, buf.len() as u64, super::super::memory::ObjKind::Heap, "realpath result")?,
            o => o,
        };
        self.put_bytes(st, out, &buf)?;
        Ok(out as i64)
    }

    /// Two `struct timespec` from the program, or `None` for NULL.
    fn read_times(&mut self, st: &mut State, p: u64) -> Result<Option<[libc::timespec; 2]>, Termination> {
        if p == 0 {
            return Ok(None);
        }
        let (id, off) = st.mem.check(p, 32, false).map_err(|e| self.fault(st, e))?;
        let b = self.concrete_bytes(st, id, off, 32)?;
        let w = |k: usize| i64::from_le_bytes(b[k * 8..k * 8 + 8].try_into().expect("8 bytes"));
        Ok(Some([libc::timespec { tv_sec: w(0), tv_nsec: w(1) }, libc::timespec { tv_sec: w(2), tv_nsec: w(3) }]))
    }
}
