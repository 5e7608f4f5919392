//! Where a failing test's failure shows: the statement that printed the
//! first byte of output the test does not expect, or the one the program
//! faulted at. A coverage build carries the code that finds it
//! ([`FLUSH_C`]); a run with [`failure_point`] stops the program there and
//! maps its call stack back to a source line with `addr2line`.
//!
//! `fix` reports the points; they do not order the statements (measured
//! twice: docs/benchmarks.md, issue 57's seventh and eighth parts).

use super::{run_test, Build};
use crate::config::{MatchKind, TestCase};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Linked into every coverage build. It flushes the coverage counters
/// when a fatal signal ends the program. With `SE2REPAIR_POINT` (a file)
/// in the environment it also writes there how much expected output came
/// first (`right N`: the bytes printed as expected, -1 at a fault), then
/// the call stack, one frame of the program per line (its address and
/// the program's load address, in hex): at a fault, or, with
/// `SE2REPAIR_EXPECT` (a file holding the expected stdout), at the first
/// byte written to `stdout` that departs from it, after which the program
/// ends. `SE2REPAIR_TRIM` compares the output without whitespace.
/// Written in C89 so that a project's `-std` does not refuse it, and
/// without static data: a program that writes past its arrays must meet
/// the same neighbours as in the build that validates patches.
pub(super) const FLUSH_C: &str = r#"
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>
#include <dlfcn.h>
#include <execinfo.h>
extern void __gcov_dump(void);
struct se2_expect { char *want; size_t len, pos, right; int trim; };
static void se2_where(long right) {
  void *frames[64];
  Dl_info self, d;
  const char *point = getenv("SE2REPAIR_POINT");
  int n = backtrace(frames, 64), i, fd;
  if (!point || !dladdr((void *)se2_where, &self)) return;
  fd = open(point, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) return;
  dprintf(fd, "right %ld\n", right);
  for (i = 0; i < n; i++)
    if (dladdr(frames[i], &d) && d.dli_fbase == self.dli_fbase)
      dprintf(fd, "%lx %lx\n", (unsigned long)frames[i], (unsigned long)self.dli_fbase);
  close(fd);
}
static int se2_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static ssize_t se2_write(void *cookie, const char *buf, size_t n) {
  struct se2_expect *e = cookie;
  size_t i;
  for (i = 0; i < n; i++) {
    if (e->trim) {
      if (se2_space(buf[i])) continue;
      while (e->pos < e->len && se2_space(e->want[e->pos])) e->pos++;
    }
    if (e->pos >= e->len || buf[i] != e->want[e->pos]) { se2_where((long)e->right); _exit(0); }
    e->pos++;
    e->right++;
  }
  return (ssize_t)n;
}
static void se2repair_flush(int s) {
  if (s != SIGTERM) se2_where(-1L);
  __gcov_dump(); signal(s, SIG_DFL); raise(s);
}
static void se2_expect(const char *path) {
  FILE *f = fopen(path, "rb"), *s;
  struct se2_expect *e = calloc(1, sizeof *e);
  cookie_io_functions_t io = { 0, 0, 0, 0 };
  long len;
  if (!f || !e) { if (f) fclose(f); return; }
  fseek(f, 0, SEEK_END); len = ftell(f); fseek(f, 0, SEEK_SET);
  e->want = malloc((size_t)len + 1);
  if (len < 0 || !e->want || fread(e->want, 1, (size_t)len, f) != (size_t)len) { fclose(f); return; }
  fclose(f);
  e->len = (size_t)len;
  e->trim = getenv("SE2REPAIR_TRIM") != 0;
  io.write = se2_write;
  s = fopencookie(e, "w", io);
  if (s) { setvbuf(s, 0, _IONBF, 0); stdout = s; }
}
__attribute__((constructor)) static void se2repair_install(void) {
  int sigs[] = { SIGSEGV, SIGFPE, SIGABRT, SIGBUS, SIGILL, SIGTERM };
  unsigned i;
  for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], se2repair_flush);
  if (getenv("SE2REPAIR_POINT")) {
    void *f[1];
    const char *want = getenv("SE2REPAIR_EXPECT");
    backtrace(f, 1);
    if (want) se2_expect(want);
  }
}
"#;

/// Where a failing test's failure shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailurePoint {
    /// The source (index) and its 1-based line.
    pub at: (usize, u32),
    /// Whether it tells more than that the output is wrong: the program
    /// faulted there, or printed expected output before the first byte
    /// it should not print (a wrong first byte at the program's one
    /// print names that print whatever the fault).
    pub telling: bool,
}

/// Where failing test `t` shows its failure in coverage build `b`: the
/// innermost frame in a project source when the program printed its
/// first unexpected byte or faulted. `None` when it did neither (a wrong
/// exit code, output cut short, a test matched by a regular expression),
/// or when `addr2line` cannot say. The run's coverage counters are
/// discarded.
pub fn failure_point(
    b: &Build, t: &TestCase, dir: &Path, timeout: Duration, sources: &[PathBuf],
) -> Option<FailurePoint> {
    let work = b.exe.parent()?.join("failure-point");
    std::fs::create_dir_all(&work).ok()?;
    let (point, expect) = (work.join("point"), work.join("expected"));
    let _ = std::fs::remove_file(&point);
    let mut t = t.clone();
    if let (Some(want), MatchKind::Exact | MatchKind::Trim) = (&t.stdout, t.match_kind) {
        std::fs::write(&expect, want).ok()?;
        t.env.push(("SE2REPAIR_EXPECT".into(), expect.display().to_string()));
        if t.match_kind == MatchKind::Trim {
            t.env.push(("SE2REPAIR_TRIM".into(), "1".into()));
        }
    }
    t.env.push(("SE2REPAIR_POINT".into(), point.display().to_string()));
    let ran = run_test(&b.exe, &t, dir, timeout);
    let _ = super::take_coverage(b);
    ran.ok()?;
    let written = std::fs::read_to_string(&point).ok()?;
    let (right, frames) = written.split_once('\n')?;
    let right: i64 = right.strip_prefix("right ")?.trim().parse().ok()?;
    let lines = source_lines(&b.exe, &addresses(frames, position_independent(&b.exe)?))?;
    let at = lines.iter().find_map(|(file, line)| Some((which_source(file, sources)?, *line)))?;
    Some(FailurePoint { at, telling: right != 0 })
}

/// The frames' addresses as `addr2line` reads them: offsets in the file
/// of a position-independent program, else the addresses themselves;
/// each one byte back, into the call rather than after it.
fn addresses(frames: &str, pie: bool) -> Vec<u64> {
    frames
        .lines()
        .filter_map(|l| {
            let (a, base) = l.split_once(' ')?;
            let (a, base) = (u64::from_str_radix(a, 16).ok()?, u64::from_str_radix(base, 16).ok()?);
            let at = if pie { a.checked_sub(base)? } else { a };
            at.checked_sub(1)
        })
        .collect()
}

/// Whether the ELF file `exe` is position-independent (`ET_DYN`).
fn position_independent(exe: &Path) -> Option<bool> {
    let head = std::fs::read(exe).ok()?;
    (head.get(..4)? == b"\x7fELF").then_some(())?;
    Some(*head.get(16)? == 3)
}

/// `addr2line`'s file and line for each address (`??` ones dropped).
fn source_lines(exe: &Path, addrs: &[u64]) -> Option<Vec<(String, u32)>> {
    if addrs.is_empty() {
        return None;
    }
    let mut c = Command::new("addr2line");
    c.arg("-e").arg(exe).args(addrs.iter().map(|a| format!("{a:#x}")));
    let o = klee_ext::procs::output(&mut c).ok()?;
    Some(String::from_utf8_lossy(&o.stdout).lines().filter_map(file_line).collect())
}

/// `FILE:LINE` or `FILE:LINE (discriminator N)`.
fn file_line(l: &str) -> Option<(String, u32)> {
    let (file, rest) = l.rsplit_once(':')?;
    let line: u32 = rest.split_whitespace().next()?.parse().ok()?;
    (line > 0 && file != "??").then(|| (file.to_string(), line))
}

/// The index of the source `file` names (as the compiler was given it, or
/// by the same file name when only one source has it).
fn which_source(file: &str, sources: &[PathBuf]) -> Option<usize> {
    let f = Path::new(file);
    if let Some(i) = sources.iter().position(|s| s == f) {
        return Some(i);
    }
    let named: Vec<usize> = (0..sources.len()).filter(|&i| sources[i].file_name() == f.file_name()).collect();
    (named.len() == 1).then(|| named[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_as_offsets_of_a_position_independent_program() {
        let frames = "55d0a1201234 55d0a1200000\n55d0a1200f00 55d0a1200000\n";
        assert_eq!(addresses(frames, true), [0x1233, 0xeff]);
        assert_eq!(addresses("401234 400000\n", false), [0x401233]);
        assert_eq!(addresses("zz 1\n", true), Vec::<u64>::new());
    }

    #[test]
    fn addr2line_output_names_a_source_line() {
        assert_eq!(file_line("/p/prog.c:20"), Some(("/p/prog.c".into(), 20)));
        assert_eq!(file_line("/p/prog.c:7 (discriminator 3)"), Some(("/p/prog.c".into(), 7)));
        assert_eq!(file_line("??:0"), None);
        let srcs = [PathBuf::from("/p/a.c"), PathBuf::from("/p/sub/b.c")];
        assert_eq!(which_source("/p/sub/b.c", &srcs), Some(1));
        assert_eq!(which_source("/elsewhere/a.c", &srcs), Some(0));
        assert_eq!(which_source("/usr/include/stdio.h", &srcs), None);
    }
}
