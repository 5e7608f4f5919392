//! KLEE's statistics files in an output folder: `run.stats`, an SQLite
//! database with one table `stats` of KLEE's columns (a row every
//! `--stats-write-interval` and one at the end, counters cumulative over
//! the run), and `run.istats`, the per-instruction profile in the
//! callgrind layout KLEE writes and KCachegrind reads (rewritten every
//! `--istats-write-interval` and at the end).
//!
//! Times are in microseconds and memory in bytes, as KLEE writes them.
//! What the columns hold here: `SolverTime`, `QueryTime` and
//! `CexCacheTime` are the time in the solver backend (the caches' own
//! time is not measured); `ResolveTime` and `NumQueryConstructs` are 0
//! (pointers are not resolved by a search over objects; query sizes are
//! not counted); `InhibitedForks` is 0; `ArrayHashTime` is -1, as KLEE
//! writes it when array hashing is not timed. Coverage is that of
//! `exec::stats`, summed over the explorations of a run (replays).

use crate::exec::stats;
use crate::exec::Executor;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// KLEE's columns of `stats`, in its order; the branch and termination
/// columns sit between `States` and `ArrayHashTime`.
const HEAD: [&str; 26] = [
    "Instructions",
    "FullBranches",
    "PartialBranches",
    "NumBranches",
    "UserTime",
    "NumStates",
    "MallocUsage",
    "Queries",
    "SolverQueries",
    "NumQueryConstructs",
    "WallTime",
    "CoveredInstructions",
    "UncoveredInstructions",
    "QueryTime",
    "SolverTime",
    "CexCacheTime",
    "ForkTime",
    "ResolveTime",
    "QueryCacheMisses",
    "QueryCacheHits",
    "QueryCexCacheMisses",
    "QueryCexCacheHits",
    "InhibitedForks",
    "ExternalCalls",
    "Allocations",
    "States",
];

/// Every column of KLEE's `stats` table, in order.
pub fn columns() -> Vec<String> {
    let mut c: Vec<String> = HEAD.iter().map(|s| s.to_string()).collect();
    c.extend(stats::BRANCH_KINDS.iter().map(|k| format!("Branches{k}")));
    c.extend(stats::TERMINATION_CLASSES.iter().map(|k| format!("Termination{k}")));
    c.push("ArrayHashTime".into());
    c
}

/// Counters of the explorations of a run that have ended.
#[derive(Clone, Default)]
struct Ended {
    instructions: u64,
    queries: u64,
    backend_queries: u64,
    cache_hits: u64,
    cex_hits: u64,
    backend_time: Duration,
    states: u64,
    klee: stats::KleeCounters,
    /// Block entry counts and branch sides, by function.
    counts: Vec<Vec<u64>>,
    sides: Vec<Vec<u8>>,
}

impl Ended {
    /// Adds an exploration's counters, block counts and branch sides.
    fn add(&mut self, ex: &Executor) {
        let s = ex.solver_stats();
        self.instructions += ex.stats.instructions;
        self.queries += s.queries;
        self.backend_queries += s.backend_queries;
        self.cache_hits += s.cache_hits;
        self.cex_hits += s.cex_hits;
        self.backend_time += s.backend_time;
        self.states += ex.stats.states_created;
        let k = &ex.stats.klee;
        self.klee.external_calls += k.external_calls;
        self.klee.allocations += k.allocations;
        self.klee.fork_time += k.fork_time;
        for (a, b) in self.klee.branches.iter_mut().zip(k.branches) {
            *a += b;
        }
        for (a, b) in self.klee.terminations.iter_mut().zip(k.terminations) {
            *a += b;
        }
        let (counts, sides) = merged(&self.counts, &self.sides, Some(ex));
        self.counts = counts;
        self.sides = sides;
    }
}

/// When to write.
#[derive(Clone, Copy, Debug)]
pub struct StatsOptions {
    pub stats: bool,
    pub istats: bool,
    pub stats_every: Duration,
    pub istats_every: Duration,
    /// Also write a row after this many instructions (0: never).
    pub stats_every_instructions: u64,
}

impl Default for StatsOptions {
    fn default() -> Self {
        StatsOptions {
            stats: true,
            istats: true,
            stats_every: Duration::from_secs(1),
            istats_every: Duration::from_secs(10),
            stats_every_instructions: 0,
        }
    }
}

/// Writes `run.stats` and `run.istats` of one run.
pub(crate) struct StatsWriter {
    db: Option<Connection>,
    istats: Option<PathBuf>,
    opts: StatsOptions,
    started: Instant,
    next_stats: Instant,
    next_istats: Instant,
    next_instructions: u64,
    ended: Ended,
    cmd: String,
}

fn sql_err(path: &Path) -> impl Fn(rusqlite::Error) -> String + '_ {
    move |e| format!("cannot write {}: {e}", path.display())
}

impl StatsWriter {
    /// Creates the files in `dir` (`run.stats` with its empty table).
    pub fn create(dir: &Path, opts: StatsOptions, cmd: &str) -> Result<StatsWriter, String> {
        let db = match opts.stats {
            true => {
                let path = dir.join("run.stats");
                let _ = std::fs::remove_file(&path);
                let db = Connection::open(&path).map_err(sql_err(&path))?;
                let cols: Vec<String> = columns()
                    .iter()
                    .map(|c| format!("{c} {}", if c == "UserTime" || c == "WallTime" { "REAL" } else { "INTEGER" }))
                    .collect();
                db.execute_batch(&format!("PRAGMA synchronous = OFF; CREATE TABLE stats ({});", cols.join(", ")))
                    .map_err(sql_err(&path))?;
                Some(db)
            }
            false => None,
        };
        let now = Instant::now();
        Ok(StatsWriter {
            db,
            istats: opts.istats.then(|| dir.join("run.istats")),
            opts,
            started: now,
            // A first row as the exploration starts, as KLEE writes.
            next_stats: now,
            next_istats: now + opts.istats_every,
            next_instructions: opts.stats_every_instructions,
            ended: Ended::default(),
            cmd: cmd.to_string(),
        })
    }

    /// Writes what is due: a row when its interval (or instruction count)
    /// has passed, the profile when its interval has.
    pub(crate) fn tick(&mut self, ex: &Executor) {
        if self.db.is_none() && self.istats.is_none() {
            return;
        }
        let now = Instant::now();
        let instructions = self.ended.instructions + ex.stats.instructions;
        let by_count = self.opts.stats_every_instructions > 0 && instructions >= self.next_instructions;
        if self.db.is_some() && (now >= self.next_stats || by_count) {
            self.write_row(ex.prog, Some(ex));
            self.next_stats = now + self.opts.stats_every;
            self.next_instructions = instructions + self.opts.stats_every_instructions;
        }
        if self.istats.is_some() && now >= self.next_istats {
            self.write_istats(ex.prog, Some(ex));
            self.next_istats = now + self.opts.istats_every;
        }
    }

    /// Adds an ended exploration's counters to the run's.
    pub fn ended(&mut self, ex: &Executor) {
        self.ended.add(ex);
    }

    /// Writes the last row and the profile (after the last exploration
    /// has been added with [`StatsWriter::ended`]).
    pub fn finish(&mut self, prog: &crate::ir::Program) {
        self.write_row(prog, None);
        self.write_istats(prog, None);
    }

    /// Appends a row: the ended explorations' counters plus `ex`'s.
    fn write_row(&mut self, prog: &crate::ir::Program, ex: Option<&Executor>) {
        let Some(db) = &self.db else { return };
        let mut e = self.ended.clone();
        if let Some(ex) = ex {
            e.add(ex);
        }
        let active = ex.map_or(0, |ex| ex.active_states());
        let cov = stats::coverage_of(prog, &e.counts, &e.sides);
        let (instructions, queries, backend, hits, cex, time, states, k) =
            (e.instructions, e.queries, e.backend_queries, e.cache_hits, e.cex_hits, e.backend_time, e.states, e.klee);
        let us = |d: Duration| d.as_micros() as i64;
        let mut row: Vec<rusqlite::types::Value> = Vec::new();
        let int = |v: u64| rusqlite::types::Value::Integer(v as i64);
        row.extend([
            int(instructions),
            int(cov.full_branches),
            int(cov.partial_branches),
            int(cov.branches),
            rusqlite::types::Value::Real(user_time().as_micros() as f64),
            int(active),
            int(malloc_usage()),
            int(queries),
            int(backend),
            int(0),
            rusqlite::types::Value::Real(self.started.elapsed().as_micros() as f64),
            int(cov.covered_instructions),
            int(cov.uncovered_instructions),
            rusqlite::types::Value::Integer(us(time)),
            rusqlite::types::Value::Integer(us(time)),
            rusqlite::types::Value::Integer(us(time)),
            rusqlite::types::Value::Integer(us(k.fork_time)),
            int(0),
            int(queries.saturating_sub(hits)),
            int(hits),
            int(queries.saturating_sub(hits).saturating_sub(cex)),
            int(cex),
            int(0),
            int(k.external_calls),
            int(k.allocations),
            int(states),
        ]);
        row.extend(k.branches.iter().map(|&b| int(b)));
        row.extend(k.terminations.iter().map(|&t| int(t)));
        row.push(rusqlite::types::Value::Integer(-1));
        let marks = vec!["?"; row.len()].join(",");
        // A failed write loses a row, never the run.
        let _ = db.execute(&format!("INSERT INTO stats VALUES ({marks})"), rusqlite::params_from_iter(row));
    }

    fn write_istats(&mut self, prog: &crate::ir::Program, ex: Option<&Executor>) {
        let Some(path) = &self.istats else { return };
        let (counts, _) = merged(&self.ended.counts, &self.ended.sides, ex);
        let _ = std::fs::write(path, istats_text(&self.cmd, &stats::profile_of(prog, &counts)));
    }
}

/// Block counts and branch sides of the ended explorations plus `ex`'s.
fn merged(counts: &[Vec<u64>], sides: &[Vec<u8>], ex: Option<&Executor>) -> (Vec<Vec<u64>>, Vec<Vec<u8>>) {
    let Some(ex) = ex else { return (counts.to_vec(), sides.to_vec()) };
    let (c2, s2) = ex.block_profile();
    if counts.is_empty() {
        return (c2.to_vec(), s2.to_vec());
    }
    let c = counts.iter().zip(c2).map(|(a, b)| a.iter().zip(b).map(|(x, y)| x + y).collect()).collect();
    let s = sides.iter().zip(s2).map(|(a, b)| a.iter().zip(b).map(|(x, y)| x | y).collect()).collect();
    (c, s)
}

/// `run.istats` in the layout KLEE writes: `positions: instr line`, the
/// object `assembly.ll`, per function `fl=`/`fn=` and a cost line per
/// instruction (`instr line I Icov Iuncov`: times run, covered or not),
/// and for a call of a program function `cfn=`, `calls=COUNT TARGET` and
/// the call's own line.
fn istats_text(cmd: &str, funcs: &[stats::FuncProfile]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = write!(
        out,
        "version: 1\ncreator: klee\npid: {}\ncmd: {cmd}\n\n\npositions: instr line\nevents: I Icov Iuncov\nob=assembly.ll\n",
        std::process::id()
    );
    let mut totals = [0u64; 3];
    let mut fl = "";
    for f in funcs {
        if f.file != fl {
            fl = &f.file;
            let _ = writeln!(out, "fl={fl}");
        }
        let _ = writeln!(out, "fn={}", f.name);
        for i in &f.instrs {
            let cov = u64::from(i.runs > 0);
            let _ = writeln!(out, "{} {} {} {} {}", i.instr, i.line, i.runs, cov, 1 - cov);
            if let Some((callee, target)) = &i.calls {
                let _ = writeln!(out, "cfn={callee}\ncalls={} {target}\n{} {} {} 0 0", i.runs, i.instr, i.line, i.runs);
            }
            totals[0] += i.runs;
            totals[1] += cov;
            totals[2] += 1 - cov;
        }
    }
    let _ = writeln!(out, "totals: {} {} {}", totals[0], totals[1], totals[2]);
    out
}

/// The process's user time.
fn user_time() -> Duration {
    // SAFETY: getrusage into a zeroed local structure.
    let ru = unsafe {
        let mut ru: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut ru);
        ru
    };
    Duration::from_secs(ru.ru_utime.tv_sec as u64) + Duration::from_micros(ru.ru_utime.tv_usec as u64)
}

/// Bytes the process has allocated (as KLEE's `GetTotalMallocUsage`).
fn malloc_usage() -> u64 {
    // SAFETY: mallinfo2 only reads the allocator's counters.
    let mi = unsafe { libc::mallinfo2() };
    (mi.uordblks + mi.hblkhd) as u64
}

/// A cell of a `run.stats` table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
}

/// The column names and rows of a `run.stats` (KLEE's or ours).
pub(crate) fn read_table(path: &Path) -> Result<(Vec<String>, Vec<Vec<Cell>>), String> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let db = Connection::open_with_flags(path, flags).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let bad = |e: rusqlite::Error| format!("{}: not a KLEE statistics database ({e})", path.display());
    let mut q = db.prepare("SELECT * FROM stats").map_err(bad)?;
    let names: Vec<String> = q.column_names().iter().map(|s| s.to_string()).collect();
    let n = names.len();
    let rows = q
        .query_map([], |r| {
            (0..n)
                .map(|i| {
                    Ok(match r.get_ref(i)? {
                        rusqlite::types::ValueRef::Null => Cell::Null,
                        rusqlite::types::ValueRef::Integer(v) => Cell::Int(v),
                        rusqlite::types::ValueRef::Real(v) => Cell::Real(v),
                        rusqlite::types::ValueRef::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                        rusqlite::types::ValueRef::Blob(b) => Cell::Text(format!("<{} bytes>", b.len())),
                    })
                })
                .collect::<Result<Vec<Cell>, rusqlite::Error>>()
        })
        .map_err(bad)?
        .collect::<Result<Vec<Vec<Cell>>, rusqlite::Error>>()
        .map_err(bad)?;
    Ok((names, rows))
}
