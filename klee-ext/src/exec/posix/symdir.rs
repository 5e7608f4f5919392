//! Listing the working directory with the `--sym-files` in it.
//!
//! The symbolic files `A`, `B`, … can be opened by name from the path's
//! working directory, so a listing of that directory shows them, as KLEE's
//! model does: first the symbolic files (inode and type from each file's
//! symbolic stat), then the host's entries. Positions (`d_off`,
//! `lseek`, `telldir`/`seekdir`) below `HOST_BASE` count symbolic entries;
//! from `HOST_BASE` on they are the host directory's cookies shifted by
//! `HOST_BASE` (KLEE's scheme). Other directories list as the host's.

use super::super::{Executor, State, Termination};
use super::symfile::{ST_INO, ST_MODE};
use crate::expr::BinOp;

/// The first position of the host's entries.
pub(super) const HOST_BASE: u64 = 4096;

/// Bytes of a `linux_dirent64` for a one-letter name: inode, offset,
/// record length, type, the name and its NUL, padded to 8.
const SYM_RECLEN: u64 = 24;

impl<'p> Executor<'p> {
    /// Whether host directory `h` is the path's working directory and
    /// symbolic files exist to list in it.
    pub(super) fn lists_sym_files(&self, st: &State, h: i32) -> bool {
        if st.proc.sym_files.is_empty() {
            return false;
        }
        let cwd = st.proc.cwd_fd();
        // SAFETY: fstat/fstatat into zeroed local structures.
        unsafe {
            let (mut a, mut b): (libc::stat, libc::stat) = (std::mem::zeroed(), std::mem::zeroed());
            libc::fstat(h, &mut a) == 0
                && libc::fstatat(cwd, c".".as_ptr(), &mut b, 0) == 0
                && (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)
        }
    }

    /// Writes the entries of the symbolic files from position `pos`
    /// (below `HOST_BASE`) into `n` bytes at the program's `buf`; returns
    /// the bytes written and the next position (`HOST_BASE` once all are
    /// listed). No bytes and a position below `HOST_BASE`: not one entry
    /// fits.
    pub(super) fn sym_dirents(
        &mut self, st: &mut State, pos: u64, buf: u64, n: u64,
    ) -> Result<(i64, u64), Termination> {
        let files = st.proc.sym_files.clone();
        let count = files.len() as u64;
        let mut at = pos.min(count);
        let mut written = 0u64;
        while at < count && written + SYM_RECLEN <= n {
            let f = &files[at as usize];
            let next = if at + 1 == count { HOST_BASE } else { at + 1 };
            let (id, off) = st.mem.check(buf + written, SYM_RECLEN, true).map_err(|e| self.fault(st, e))?;
            let mut fixed = [0u8; SYM_RECLEN as usize];
            fixed[8..16].copy_from_slice(&next.to_le_bytes());
            fixed[16..18].copy_from_slice(&(SYM_RECLEN as u16).to_le_bytes());
            fixed[19] = f.name[0];
            self.write_host_bytes(st, id, off, &fixed);
            for i in 0..ST_INO.1 {
                let b = f.stat.byte(&mut self.pool, u64::from(ST_INO.0 + i));
                st.mem.write_byte(&self.pool, id, off + u64::from(i), b);
            }
            // d_type is the file type bits of the mode (IFTODT).
            let mode = self.stat_field(f, ST_MODE);
            let twelve = self.pool.constant(32, 12);
            let kind = self.pool.bin(BinOp::LShr, mode, twelve);
            let nibble = self.pool.constant(32, 0xF);
            let kind = self.pool.bin(BinOp::And, kind, nibble);
            let kind = self.pool.extract(kind, 0, 8);
            let b = match self.pool.as_const(kind) {
                Some(c) => Ok(c as u8),
                None => Err(kind),
            };
            st.mem.write_byte(&self.pool, id, off + 18, b);
            written += SYM_RECLEN;
            at = next;
        }
        if at >= count {
            at = HOST_BASE;
        }
        Ok((written as i64, at))
    }
}
