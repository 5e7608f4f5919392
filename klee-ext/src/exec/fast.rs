//! Native fast paths for the runtime's string and memory scans.
//!
//! `memchr`, `strlen`, `strcmp` and their kin are C loops in the runtime
//! (`runtime/string.c`), executed instruction by instruction; a program
//! such as grep spends most of its instructions in them. When a call's
//! arguments are concrete and every byte the loop would read is concrete
//! and inside its object, the executor computes the same result natively
//! and returns it at once. Otherwise (a symbolic byte, a read that would
//! leave the object) the runtime's body runs as before, so symbolic
//! behaviour and memory errors are exactly the body's. Only the runtime's
//! own definitions are replaced, never a program's (`Function::runtime`).
//!
//! `strchr` of a concrete string and a symbolic character forks at once,
//! one path per result (`strchr_fork`), where the loop would fork once per
//! character: the same paths and constraints, each one fork deep instead
//! of as deep as its character's place. getopt looks a symbolic option
//! letter up this way, so every letter of a tool's option string is as
//! near the root as the first (for a searcher that weighs states by depth,
//! as random-path does, the twentieth letter is no longer a million times
//! less likely than the first).

use super::memory::split;
use super::stats::BranchKind;
use super::{Executor, State, Termination};
use crate::expr::{ExprId, ExprPool};
use crate::ir::{CallInst, Program, Val};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FastFn {
    Memchr,
    Memrchr,
    Rawmemchr,
    Strlen,
    Strnlen,
    Strchr,
    Memcmp,
    Strcmp,
    Strncmp,
}

/// The fast path of each function of `prog`, by `FuncId`.
pub(super) fn table(prog: &Program) -> Vec<Option<FastFn>> {
    prog.funcs
        .iter()
        .map(|f| {
            if !f.runtime {
                return None;
            }
            Some(match f.name.as_str() {
                "memchr" => FastFn::Memchr,
                "memrchr" => FastFn::Memrchr,
                "rawmemchr" => FastFn::Rawmemchr,
                "strlen" => FastFn::Strlen,
                "strnlen" => FastFn::Strnlen,
                "strchr" => FastFn::Strchr,
                "memcmp" | "bcmp" => FastFn::Memcmp,
                "strcmp" => FastFn::Strcmp,
                "strncmp" => FastFn::Strncmp,
                _ => return None,
            })
        })
        .collect()
}

impl<'p> Executor<'p> {
    /// The bytes from concrete address `a` to the end of its live object,
    /// if none of them is symbolic up to `limit` bytes (with `to_nul`, up
    /// to the first NUL: a string scan reads no further, so a concrete
    /// string in a partly symbolic buffer still qualifies).
    fn span<'s>(&self, st: &'s State, a: &Val, limit: u64, to_nul: bool) -> Option<&'s [u8]> {
        let Val::C(a) = *a else { return None };
        let (id, off) = split(a);
        let slot = st.mem.slot(id).filter(|s| id != 0 && !s.freed && off <= s.meta.size)?;
        let data = st.mem.data(id);
        let mut end = slot.meta.size.min(off.saturating_add(limit)) as usize;
        if to_nul {
            // A symbolic byte's placeholder may be 0: the check below still
            // covers it, as it lies at or before this NUL.
            if let Some(n) = data.bytes[off as usize..end].iter().position(|&b| b == 0) {
                end = off as usize + n + 1;
            }
        }
        if !data.sym.is_empty() && data.sym[off as usize..end].iter().any(|s| s.is_some()) {
            return None;
        }
        Some(&data.bytes[off as usize..slot.meta.size as usize])
    }

    /// The result of `f` on `args`, when it can be computed natively.
    pub(super) fn fast_call(&self, st: &State, f: FastFn, args: &[Val]) -> Option<Val> {
        let int = |i: usize| match args.get(i) {
            Some(Val::C(c)) => Some(*c),
            _ => None,
        };
        let addr = |i: usize| int(i).unwrap_or(0);
        // A NUL-terminated string of concrete bytes, without its NUL.
        let cstr = |i: usize| -> Option<&[u8]> {
            let s = self.span(st, args.get(i)?, u64::MAX, true)?;
            let n = s.iter().position(|&b| b == 0)?;
            Some(&s[..n])
        };
        let r = match f {
            FastFn::Memchr => {
                let (c, n) = (int(1)? as u8, int(2)?);
                let s = self.span(st, args.first()?, n, false)?;
                let lim = n.min(s.len() as u64) as usize;
                match s[..lim].iter().position(|&b| b == c) {
                    Some(k) => addr(0) + k as u64,
                    None if n <= s.len() as u64 => 0,
                    // The loop would read past the object: the body says so.
                    None => return None,
                }
            }
            FastFn::Memrchr => {
                let (c, n) = (int(1)? as u8, int(2)?);
                let s = self.span(st, args.first()?, n, false)?;
                if n > s.len() as u64 {
                    return None;
                }
                s[..n as usize].iter().rposition(|&b| b == c).map_or(0, |k| addr(0) + k as u64)
            }
            FastFn::Rawmemchr => {
                let c = int(1)? as u8;
                let s = self.span(st, args.first()?, u64::MAX, false)?;
                addr(0) + s.iter().position(|&b| b == c)? as u64
            }
            FastFn::Strlen => cstr(0)?.len() as u64,
            FastFn::Strnlen => {
                let max = int(1)?;
                let s = self.span(st, args.first()?, max, false)?;
                match s.iter().take(max.min(s.len() as u64) as usize).position(|&b| b == 0) {
                    Some(k) => k as u64,
                    None if max <= s.len() as u64 => max,
                    None => return None,
                }
            }
            FastFn::Strchr => {
                let c = int(1)? as u8;
                let s = cstr(0)?;
                match s.iter().position(|&b| b == c) {
                    Some(k) => addr(0) + k as u64,
                    // strchr finds the terminating NUL itself for c == 0.
                    None if c == 0 => addr(0) + s.len() as u64,
                    None => 0,
                }
            }
            FastFn::Memcmp => {
                let n = int(2)?;
                let (a, b) = (self.span(st, args.first()?, n, false)?, self.span(st, args.get(1)?, n, false)?);
                if n > a.len() as u64 || n > b.len() as u64 {
                    return None;
                }
                let k = a[..n as usize].iter().zip(&b[..n as usize]).position(|(x, y)| x != y);
                k.map_or(0, |k| (a[k] as i32 - b[k] as i32) as u32 as u64)
            }
            FastFn::Strcmp | FastFn::Strncmp => {
                let n = if f == FastFn::Strncmp { int(2)? } else { u64::MAX };
                let (a, b) = (self.span(st, args.first()?, n, true)?, self.span(st, args.get(1)?, n, true)?);
                let mut k = 0usize;
                loop {
                    if k as u64 == n {
                        break 0;
                    }
                    // A read past either object: the body reports it.
                    let (x, y) = (*a.get(k)?, *b.get(k)?);
                    if x != y || x == 0 {
                        break (x as i32 - y as i32) as u32 as u64;
                    }
                    k += 1;
                }
            }
        };
        Some(Val::C(r))
    }

    /// `strchr(s, c)` with `s` a concrete string and `c` symbolic: a path
    /// per distinct character of `s` (its first place), one for NUL (the
    /// terminator's place) and one for any other character (null), each
    /// with its result set, as the runtime's loop would end them. `None`
    /// when the call is not of that kind (the body runs).
    pub(super) fn strchr_fork(
        &mut self, st: &mut State, ci: &CallInst, args: &[Val],
    ) -> Option<Result<(), Termination>> {
        let (Some(&Val::C(base)), Some(&Val::S(c))) = (args.first(), args.get(1)) else { return None };
        let s = {
            let span = self.span(st, &args[0], u64::MAX, true)?;
            span[..span.iter().position(|&b| b == 0)?].to_vec()
        };
        // The loop compares each byte with `(char) c`.
        let c8 = if self.pool.width(c) > 8 { self.pool.extract(c, 0, 8) } else { c };
        let mut seen = [false; 256];
        let mut none = ExprPool::TRUE;
        let mut cases: Vec<(ExprId, u64)> = Vec::new();
        for (k, b) in s.iter().copied().chain(std::iter::once(0)).enumerate() {
            if std::mem::replace(&mut seen[b as usize], true) {
                continue;
            }
            let bc = self.pool.constant(8, u64::from(b));
            let eq = self.pool.eq(c8, bc);
            let ne = self.pool.not(eq);
            none = self.pool.and(none, ne);
            cases.push((eq, base + k as u64));
        }
        cases.push((none, 0));
        Some(self.fork_cases(st, cases, BranchKind::Switch, &|ex: &mut Self, s: &mut State, v: &u64| {
            ex.set_result(s, ci, Val::C(*v))
        }))
    }
}
