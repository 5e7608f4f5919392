//! Terminals: `isatty` and `ioctl` on the path's descriptors.
//!
//! With `Config::symbolic_terminals` (klee mode) a symbolic file
//! (`--sym-files`, `--sym-stdin`, `--sym-stdout`) is a terminal when its
//! symbolic stat says it is a character device: where the stat allows
//! both, the path forks, one side a terminal and the other not, as KLEE's
//! POSIX model does (its `ioctl` answers for symbolic files are
//! reproduced here: the same requests, results and errors); otherwise it
//! is never one, as a pipe. The
//! path's other standard streams are terminals when the tool's are and a
//! single path runs (`std_is_tty`); an `ioctl` on a host file goes to the
//! host (`ffi.rs`).

use super::super::{Executor, State, Termination};
use super::{FileRef, SymFile};
use crate::expr::{BinOp, ExprId};
use crate::ir::Val;
use std::rc::Rc;

/// The `ioctl` requests KLEE's model answers for a symbolic file.
const TCGETS: u64 = 0x5401;
const TCSETS: u64 = 0x5402;
const TCSETSW: u64 = 0x5403;
const TCSETSF: u64 = 0x5404;
const TIOCGWINSZ: u64 = 0x5413;
const TIOCSWINSZ: u64 = 0x5414;
const FIONREAD: u64 = 0x541B;
/// `_IOR('m', 2, struct mtget)` (a 48-byte structure).
const MTIOCGET: u64 = 0x8030_6d02;

/// What `TCGETS` reports for a symbolic terminal: a typical terminal's
/// flags (`c_iflag`, `c_oflag`, `c_cflag`, `c_lflag`, then `c_line` and the
/// first 19 control characters of glibc's `struct termios`).
fn termios_bytes() -> Vec<u8> {
    let mut b = Vec::with_capacity(36);
    for flag in [27906u32, 5, 1215, 35287] {
        b.extend_from_slice(&flag.to_le_bytes());
    }
    b.push(0);
    b.extend_from_slice(&[
        0x03, 0x1c, 0x7f, 0x15, 0x04, 0x00, 0x01, 0xff, 0x11, 0x13, 0x1a, 0xff, 0x12, 0x0f, 0x17, 0x16, 0xff, 0x00,
        0x00,
    ]);
    b
}

impl<'p> Executor<'p> {
    /// The symbolic file behind descriptor `fd`: one of `--sym-files`, or
    /// the symbolic stdin or stdout the path's standard stream stands for.
    pub(super) fn sym_file_of(&self, st: &State, fd: i64) -> Option<Rc<SymFile>> {
        match &st.proc.entry(fd)?.file {
            FileRef::Std(0) => st.proc.sym_stdin.clone(),
            FileRef::Std(1) => st.proc.sym_stdout.clone(),
            FileRef::Std(_) | FileRef::Host(_) => None,
            FileRef::Sym(k) => Some(Rc::new(st.proc.sym_files[*k].clone())),
        }
    }

    /// `S_ISCHR` of symbolic file `f`'s mode.
    fn is_chr(&mut self, f: &SymFile) -> ExprId {
        let mode = self.stat_field(f, super::symfile::ST_MODE);
        let fmt = self.pool.constant(32, u64::from(libc::S_IFMT));
        let kind = self.pool.bin(BinOp::And, mode, fmt);
        let chr = self.pool.constant(32, u64::from(libc::S_IFCHR));
        self.pool.eq(kind, chr)
    }

    /// Whether symbolic file `f` is a terminal on this path (a copy of the
    /// path takes the other answer where both are possible).
    fn sym_tty(&mut self, st: &mut State, f: &SymFile) -> Result<bool, Termination> {
        let c = self.is_chr(f);
        self.holds(st, c)
    }

    /// Whether descriptor `fd` of the path is a terminal (`None`: not
    /// open), without forking: the path's standard streams are terminals
    /// when the tool's are (`std_is_tty`); symbolic files never are.
    pub(in super::super) fn fd_is_tty(&self, st: &State, fd: i64) -> Option<bool> {
        Some(match &st.proc.entry(fd)?.file {
            FileRef::Std(k) => self.std_is_tty(*k as u64),
            // SAFETY: isatty on an open host descriptor.
            FileRef::Host(h) => unsafe { libc::isatty(h.0) == 1 },
            FileRef::Sym(_) => false,
        })
    }

    /// `isatty`: a symbolic file asks its stat (KLEE's `TCGETS`).
    pub(super) fn isatty_fd(&mut self, st: &mut State, fd: i64) -> Result<i64, Termination> {
        if let Some(f) = self.sym_file_of(st, fd).filter(|_| self.cfg.symbolic_terminals) {
            self.warn_once("(TCGETS) symbolic file, incomplete model".into());
            return if self.sym_tty(st, &f)? { Ok(1) } else { self.fail(st, libc::ENOTTY).map(|_| 0) };
        }
        match self.fd_is_tty(st, fd) {
            None => self.fail(st, libc::EBADF).map(|_| 0),
            Some(true) => Ok(1),
            Some(false) => self.fail(st, libc::ENOTTY).map(|_| 0),
        }
    }

    /// `ioctl(fd, request, arg)` where the model answers it: a descriptor
    /// that is not open (EBADF) or, with `symbolic_terminals`, a symbolic
    /// file (KLEE's answers). `None`: the host's descriptor answers, or
    /// the path's own stream answers as a pipe (`ffi.rs`).
    pub(in crate::exec) fn ioctl_model(&mut self, st: &mut State, args: &[Val]) -> Result<Option<i64>, Termination> {
        let word = |i: usize| match args.get(i) {
            Some(Val::C(v)) => Some(*v),
            _ => None,
        };
        let (Some(fd), Some(req)) = (word(0), word(1)) else { return Ok(None) };
        let (fd, req, arg) = (fd as i32 as i64, req & 0xffff_ffff, word(2).unwrap_or(0));
        let Some(offset) = st.proc.entry(fd).map(|o| o.offset) else { return self.fail(st, libc::EBADF).map(Some) };
        let Some(f) = self.sym_file_of(st, fd).filter(|_| self.cfg.symbolic_terminals) else { return Ok(None) };
        let tty_or = |ex: &mut Self, st: &mut State, ok: i64, err: i32| -> Result<i64, Termination> {
            if ex.sym_tty(st, &f)? {
                if ok < 0 {
                    return ex.fail(st, libc::EINVAL);
                }
                Ok(ok)
            } else {
                ex.fail(st, err)
            }
        };
        let r = match req {
            TCGETS => {
                self.warn_once("(TCGETS) symbolic file, incomplete model".into());
                let r = tty_or(self, st, 0, libc::ENOTTY)?;
                if r == 0 {
                    self.put_bytes(st, arg, &termios_bytes())?;
                }
                r
            }
            TCSETS | TCSETSF => {
                let name = if req == TCSETS { "TCSETS" } else { "TCSETSF" };
                self.warn_once(format!("({name}) symbolic file, silently ignoring"));
                tty_or(self, st, 0, libc::ENOTTY)?
            }
            TCSETSW => {
                self.warn_once("(TCSETSW) symbolic file, silently ignoring".into());
                if fd == 0 {
                    0
                } else {
                    self.fail(st, libc::ENOTTY)?
                }
            }
            TIOCGWINSZ => {
                let mut ws = Vec::with_capacity(4);
                ws.extend_from_slice(&24u16.to_le_bytes());
                ws.extend_from_slice(&80u16.to_le_bytes());
                self.put_bytes(st, arg, &ws)?;
                self.warn_once("(TIOCGWINSZ) symbolic file, incomplete model".into());
                tty_or(self, st, 0, libc::ENOTTY)?
            }
            TIOCSWINSZ => {
                self.warn_once("(TIOCSWINSZ) symbolic file, ignoring (EINVAL)".into());
                tty_or(self, st, -1, libc::ENOTTY)?
            }
            FIONREAD => {
                self.warn_once("(FIONREAD) symbolic file, incomplete model".into());
                let r = tty_or(self, st, 0, libc::ENOTTY)?;
                if r == 0 {
                    let left = f.size.saturating_sub(offset) as u32;
                    self.put_bytes(st, arg, &left.to_le_bytes())?;
                }
                r
            }
            MTIOCGET => {
                crate::log::warning("(MTIOCGET) symbolic file, ignoring (EINVAL)");
                self.fail(st, libc::EINVAL)?
            }
            _ => {
                crate::log::warning("symbolic file, ignoring (EINVAL)");
                self.fail(st, libc::EINVAL)?
            }
        };
        Ok(Some(r))
    }
}
