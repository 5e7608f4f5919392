//! Symbolic files as KLEE's POSIX runtime models them: `--sym-files N
//! SIZE` makes files `A`, `B`, ... and `--sym-stdin SIZE` a symbolic
//! standard input, each a symbolic object of SIZE bytes (`A_data`,
//! `stdin`) with a symbolic `struct stat` of its own (`A_data_stat`,
//! `stdin_stat`). The objects come in KLEE's order — the files' in turn,
//! then stdin's, each followed by its stat — so a `.ktest` written by
//! one tool replays in the other.
//!
//! A stat object is constrained as KLEE constrains it (a non-zero inode
//! in the low 31 bits, a block size under 64 KiB) and its test values
//! prefer an ordinary file (a regular file, mode 0644, one link, the
//! owner, device and times of the working directory, 4096-byte blocks).
//! `st_size` and `st_blocks` are the file's, not the object's.
//!
//! The files are writable: a write replaces the path's copy of the bytes
//! it covers, bytes past the file's size are dropped (the offset still
//! moves past them, and the call reports them written), as in KLEE.
//! Opening one checks the stat's permission bits as KLEE's model does.

use super::super::{Executor, StartError, State, Termination};
use super::FileRef;
use crate::expr::{ArrayId, BinOp, CmpOp, ExprId, ExprPool};
use std::rc::Rc;

/// Bytes of an x86-64 `struct stat`.
const STAT_SIZE: u32 = 144;
/// Fields of `struct stat` on x86-64: (offset, bytes).
const ST_DEV: (u32, u32) = (0, 8);
pub(super) const ST_INO: (u32, u32) = (8, 8);
const ST_NLINK: (u32, u32) = (16, 8);
pub(super) const ST_MODE: (u32, u32) = (24, 4);
const ST_UID: (u32, u32) = (28, 4);
const ST_GID: (u32, u32) = (32, 4);
const ST_RDEV: (u32, u32) = (40, 8);
const ST_SIZE: (u32, u32) = (48, 8);
const ST_BLKSIZE: (u32, u32) = (56, 8);
const ST_BLOCKS: (u32, u32) = (64, 8);
const ST_ATIME: (u32, u32) = (72, 8);
const ST_MTIME: (u32, u32) = (88, 8);
const ST_CTIME: (u32, u32) = (104, 8);

/// Bytes of a symbolic file or stat: a fresh object, replayed bytes, or
/// the path's own copy once written.
#[derive(Clone, Debug)]
pub enum SymData {
    Arr(ArrayId),
    /// Replayed from a `.ktest`.
    Bytes(Rc<Vec<u8>>),
    /// Written by the path: each byte concrete or an expression.
    Cells(Rc<Vec<Result<u8, ExprId>>>),
}

impl SymData {
    /// Byte `i` (0 past the end of replayed or written bytes).
    pub fn byte(&self, pool: &mut ExprPool, i: u64) -> Result<u8, ExprId> {
        match self {
            SymData::Arr(arr) => Err(pool.var(*arr, i as u32)),
            SymData::Bytes(b) => Ok(b.get(i as usize).copied().unwrap_or(0)),
            SymData::Cells(c) => c.get(i as usize).copied().unwrap_or(Ok(0)),
        }
    }
}

/// A file of `--sym-files` (`A`, `B`, ...) or the symbolic stdin.
#[derive(Clone, Debug)]
pub struct SymFile {
    pub name: Vec<u8>,
    pub data: SymData,
    pub size: u64,
    /// Its `struct stat` object (`A_data_stat`, `stdin_stat`).
    pub stat: SymData,
}

impl<'p> Executor<'p> {
    /// A symbolic object of `size` bytes named `name`, or its replayed bytes.
    fn sym_object(&mut self, st: &mut State, name: &str, size: u32) -> Result<SymData, StartError> {
        let replayed = self.next_replay(name);
        let arr = self.pool.new_array(name, size.max(1));
        self.add_array(st, arr, name)?;
        Ok(match replayed {
            Some(bytes) => SymData::Bytes(Rc::new(bytes)),
            None => SymData::Arr(arr),
        })
    }

    /// `Config::stdin_digits`: the object `stdin`, as long as the fixed
    /// stdin, its listed bytes digits (`'0'..='9'`, the fixed byte in
    /// the path's model), the others the fixed bytes.
    pub(in crate::exec) fn shaped_stdin(&mut self, st: &mut State) -> Result<(), StartError> {
        let fixed = self.cfg.stdin.clone().unwrap_or_default();
        let digits = self.cfg.stdin_digits.clone();
        let arr = self.pool.new_array("stdin", fixed.len().max(1) as u32);
        self.add_array(st, arr, "stdin")?;
        let mut cells: Vec<Result<u8, ExprId>> = fixed.iter().map(|&b| Ok(b)).collect();
        // The path's model starts at the fixed bytes, digits included.
        let mut model = (*st.model).clone();
        for (i, &b) in fixed.iter().enumerate() {
            model.bytes.insert((arr, i as u32), b);
        }
        let mut all = self.pool.constant(1, 1);
        let (zero, nine) = (self.pool.constant(8, u64::from(b'0')), self.pool.constant(8, u64::from(b'9')));
        for &i in digits.iter().filter(|&&i| (i as usize) < fixed.len()) {
            let b = fixed[i as usize];
            if !b.is_ascii_digit() {
                return Err(StartError::NotADigit { index: i, byte: b });
            }
            let v = self.pool.var(arr, i);
            let lo = self.pool.cmp(CmpOp::Ule, zero, v);
            let hi = self.pool.cmp(CmpOp::Ule, v, nine);
            let both = self.pool.and(lo, hi);
            all = self.pool.and(all, both);
            cells[i as usize] = Err(v);
        }
        st.add_constraint(all, Rc::new(model));
        st.stdin = super::super::state::StdinSrc::Cells(Rc::new(cells));
        Ok(())
    }

    /// A symbolic file's contents (`name`) and stat (`name_stat`), with
    /// the stat's constraints and preferred values; `dir` is the stat of
    /// the working directory the preferences copy.
    pub(in crate::exec) fn sym_dfile(
        &mut self, st: &mut State, name: &str, size: u32, dir: &libc::stat,
    ) -> Result<(SymData, SymData), StartError> {
        let data = self.sym_object(st, name, size)?;
        let stat = self.sym_object(st, &format!("{name}_stat"), STAT_SIZE)?;
        let SymData::Arr(arr) = stat else { return Ok((data, stat)) };
        let field = |pool: &mut ExprPool, (off, len): (u32, u32)| {
            let mut acc = pool.var(arr, off);
            for i in 1..len {
                let b = pool.var(arr, off + i);
                acc = pool.concat(b, acc);
            }
            acc
        };
        let p = &mut self.pool;
        let masked_is = |p: &mut ExprPool, f: (u32, u32), mask: u64, v: u64| {
            let e = field(p, f);
            let w = (f.1 * 8) as u8;
            let (m, v) = (p.constant(w, mask), p.constant(w, v));
            let a = p.bin(BinOp::And, e, m);
            p.cmp(CmpOp::Eq, a, v)
        };
        // Readdir skips entries whose inode is 0; uclibc's opendir uses the
        // block size as its buffer size.
        let ino_zero = masked_is(p, ST_INO, 0x7FFF_FFFF, 0);
        let ino_ok = p.not(ino_zero);
        let blksize_ok = masked_is(p, ST_BLKSIZE, !0xFFFF, 0);
        for c in [ino_ok, blksize_ok] {
            if !self.constrain(st, c).map_err(|_| StartError::Solver(format!("{name}_stat")))? {
                return Err(StartError::Unsatisfiable(format!("{name}_stat")));
            }
        }
        let p = &mut self.pool;
        let fmt = libc::S_IFMT as u64;
        let prefs = [
            masked_is(p, ST_MODE, !(fmt | 0o777) & 0xFFFF_FFFF, 0),
            masked_is(p, ST_DEV, u64::MAX, dir.st_dev),
            masked_is(p, ST_RDEV, u64::MAX, dir.st_rdev),
            masked_is(p, ST_MODE, 0o700, 0o600),
            masked_is(p, ST_MODE, 0o070, 0o040),
            masked_is(p, ST_MODE, 0o007, 0o004),
            masked_is(p, ST_MODE, fmt, libc::S_IFREG as u64),
            masked_is(p, ST_NLINK, u64::MAX, 1),
            masked_is(p, ST_UID, u64::from(u32::MAX), u64::from(dir.st_uid)),
            masked_is(p, ST_GID, u64::from(u32::MAX), u64::from(dir.st_gid)),
            masked_is(p, ST_BLKSIZE, u64::MAX, 4096),
            masked_is(p, ST_ATIME, u64::MAX, dir.st_atime as u64),
            masked_is(p, ST_MTIME, u64::MAX, dir.st_mtime as u64),
            masked_is(p, ST_CTIME, u64::MAX, dir.st_ctime as u64),
        ];
        Rc::make_mut(&mut st.prefs).extend(prefs);
        Ok((data, stat))
    }

    /// Writes the `struct stat` of symbolic file `f` at `out`: the stat
    /// object's bytes, with the file's size and 8 blocks.
    pub(super) fn put_sym_stat(&mut self, st: &mut State, out: u64, f: &SymFile) -> Result<(), Termination> {
        let (id, off) = st.mem.check(out, u64::from(STAT_SIZE), true).map_err(|e| self.fault(st, e))?;
        let size = f.size.to_le_bytes();
        let blocks = 8u64.to_le_bytes();
        for i in 0..STAT_SIZE {
            let b = match i {
                _ if (ST_SIZE.0..ST_SIZE.0 + 8).contains(&i) => Ok(size[(i - ST_SIZE.0) as usize]),
                _ if (ST_BLOCKS.0..ST_BLOCKS.0 + 8).contains(&i) => Ok(blocks[(i - ST_BLOCKS.0) as usize]),
                _ => f.stat.byte(&mut self.pool, u64::from(i)),
            };
            st.mem.write_byte(&self.pool, id, off + u64::from(i), b);
        }
        Ok(())
    }

    /// `read` or `write` of a symbolic file at `offset`: a read copies
    /// its bytes, a write replaces them (up to the file's size).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sym_rw(
        &mut self, st: &mut State, write: bool, fd: i64, k: usize, offset: u64, buf: u64, n: u64,
    ) -> Result<i64, Termination> {
        let acc = st.proc.entry(fd).map_or(libc::O_RDONLY, |o| o.flags & libc::O_ACCMODE);
        if (write && acc == libc::O_RDONLY) || (!write && acc == libc::O_WRONLY) {
            return self.fail(st, libc::EBADF);
        }
        let size = st.proc.sym_files[k].size;
        let avail = size.saturating_sub(offset).min(n);
        let moved = if write { n } else { avail };
        if moved == 0 {
            return Ok(0);
        }
        // A buffer in the null page is the kernel's EFAULT, not a fault.
        let (id, off) = match st.mem.check(buf, if write { n } else { avail }, !write) {
            Ok(x) => x,
            Err(crate::exec::memory::MemFault::Null) => return self.fail(st, libc::EFAULT),
            Err(e) => return Err(self.fault(st, e)),
        };
        if write {
            let file = &st.proc.sym_files[k];
            let mut cells: Vec<Result<u8, ExprId>> = match &file.data {
                SymData::Cells(c) => c.as_ref().clone(),
                d => (0..size).map(|i| d.byte(&mut self.pool, i)).collect(),
            };
            for i in 0..avail {
                cells[(offset + i) as usize] = st.mem.read_byte(id, off + i);
            }
            Rc::make_mut(&mut st.proc.sym_files)[k].data = SymData::Cells(Rc::new(cells));
        } else {
            let data = st.proc.sym_files[k].data.clone();
            for i in 0..avail {
                let b = data.byte(&mut self.pool, offset + i);
                st.mem.write_byte(&self.pool, id, off + i, b);
            }
        }
        st.proc.entry_mut(fd).expect("open").offset = offset + moved;
        Ok(moved as i64)
    }

    /// `open` of a symbolic file, as KLEE's model: `O_CREAT|O_EXCL` fails
    /// with EEXIST, `O_EXCL` alone with EACCES, and an access the stat's
    /// mode grants no one (read for `O_RDWR`, write for `O_WRONLY` and
    /// `O_RDWR`) with EACCES — a symbolic mode forks on it. The file's
    /// size stays (KLEE does not truncate).
    pub(super) fn sym_open(&mut self, st: &mut State, k: usize, flags: i32) -> Result<i64, Termination> {
        if flags & libc::O_DIRECTORY != 0 {
            return self.fail(st, libc::ENOTDIR);
        }
        if flags & libc::O_EXCL != 0 {
            let e = if flags & libc::O_CREAT != 0 { libc::EEXIST } else { libc::EACCES };
            return self.fail(st, e);
        }
        let acc = flags & libc::O_ACCMODE;
        let (read, write) = (acc == libc::O_RDWR, acc == libc::O_WRONLY || acc == libc::O_RDWR);
        if read || write {
            let f = st.proc.sym_files[k].clone();
            let mode = self.stat_field(&f, ST_MODE);
            let p = &mut self.pool;
            let mut denied = p.bool_const(false);
            for (asked, bits) in [(read, 0o444), (write, 0o222)] {
                if asked {
                    let m = p.constant(32, bits);
                    let got = p.bin(BinOp::And, mode, m);
                    let zero = p.constant(32, 0);
                    let none = p.cmp(CmpOp::Eq, got, zero);
                    denied = p.or(denied, none);
                }
            }
            if self.holds(st, denied)? {
                return self.fail(st, libc::EACCES);
            }
        }
        let fd = st.proc.lowest_free(0);
        st.proc.install(
            fd,
            super::OpenFile { file: FileRef::Sym(k), offset: 0, seekable: true, flags: flags & !libc::O_CLOEXEC },
            flags & libc::O_CLOEXEC != 0,
        );
        Ok(fd as i64)
    }

    /// A field of a symbolic file's stat as an expression.
    pub(super) fn stat_field(&mut self, f: &SymFile, (off, len): (u32, u32)) -> ExprId {
        let byte = |ex: &mut Self, i: u32| match f.stat.byte(&mut ex.pool, u64::from(off + i)) {
            Ok(b) => ex.pool.constant(8, u64::from(b)),
            Err(e) => e,
        };
        let mut acc = byte(self, 0);
        for i in 1..len {
            let b = byte(self, i);
            acc = self.pool.concat(b, acc);
        }
        acc
    }

    /// KLEE's model finds a symbolic file by the path's bytes, so a path
    /// with symbolic bytes (a name from a symbolic argument) forks: a
    /// path per file the bytes may name (they are then the name and its
    /// NUL), and one on which they name none of them. Each copy re-runs
    /// the current call; the caller then reads the path as it reads any.
    pub(super) fn fork_on_sym_path(&mut self, st: &mut State, p: u64) -> Result<(), Termination> {
        if st.proc.sym_files.is_empty() {
            return Ok(());
        }
        let longest = st.proc.sym_files.iter().map(|f| f.name.len()).max().unwrap_or(0) as u64;
        let mut bytes = Vec::new();
        for i in 0..=longest {
            let Ok((id, off)) = st.mem.check(p.wrapping_add(i), 1, false) else { break };
            let b = st.mem.read_byte(id, off);
            bytes.push(b);
            if b == Ok(0) {
                break;
            }
        }
        if bytes.iter().all(Result::is_ok) {
            return Ok(());
        }
        let names: Vec<Vec<u8>> = st.proc.sym_files.iter().map(|f| f.name.clone()).collect();
        for name in names {
            let want: Vec<u8> = name.iter().copied().chain(std::iter::once(0)).collect();
            if bytes.len() < want.len() {
                continue;
            }
            let mut eq = self.pool.bool_const(true);
            for (got, w) in bytes.iter().zip(want) {
                let same = match *got {
                    Ok(b) => self.pool.bool_const(b == w),
                    Err(e) => {
                        let c = self.pool.constant(8, u64::from(w));
                        self.pool.cmp(CmpOp::Eq, e, c)
                    }
                };
                eq = self.pool.and(eq, same);
            }
            if self.holds(st, eq)? {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Whether `c` holds on the path; when both it and its negation can,
    /// a copy of the path re-runs the current call with the negation
    /// (within the fork limit) and this one takes `c`.
    pub(super) fn holds(&mut self, st: &mut State, c: ExprId) -> Result<bool, Termination> {
        if let Some(v) = self.pool.as_const(c) {
            return Ok(v != 0);
        }
        let nc = self.pool.not(c);
        match (self.model_for(st, c)?, self.model_for(st, nc)?) {
            (Some(_), None) => Ok(true),
            (None, Some(_)) => Ok(false),
            (Some(my), Some(mn)) => {
                self.fork_retry(st, super::super::stats::BranchKind::Conditional, nc, mn);
                st.add_constraint(c, my);
                Ok(true)
            }
            (None, None) => {
                Err(self.error(st, super::super::ErrorKind::Exec, "infeasible path reached (solver inconsistency)"))
            }
        }
    }
}

/// The host's `stat(".")`, whose owner, device and times a symbolic
/// file's stat prefers (zeroes if the working directory is gone).
pub(in crate::exec) fn dir_stat() -> libc::stat {
    // SAFETY: stat of a constant path into a zeroed local structure.
    unsafe {
        let mut sb: libc::stat = std::mem::zeroed();
        libc::stat(c".".as_ptr(), &mut sb);
        sb
    }
}
