//! A layer that writes every query passing through it to a file, as
//! KLEE's `--use-query-log` does: at the top of the chain (`all`: every
//! query the executor asks) or above the backend (`solver`: the queries
//! the caches did not answer), in KQuery or SMT-LIB2.
//!
//! A satisfiability check of `C ∧ q` is written as KLEE writes the
//! equivalent validity query: does `¬q` follow from `C`.

use super::{Pool, Sat, SolverCore, SolverStats};
use crate::expr::ExprId;
use std::io::Write;
use std::time::Instant;

/// Where in the chain a log sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogPlace {
    /// Every query asked (`all-queries.*`).
    All,
    /// The queries that reach the backend (`solver-queries.*`).
    Solver,
}

/// The text of a log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Kquery,
    Smt2,
}

/// One `--use-query-log` entry: where, in what form, into which file.
#[derive(Clone, Debug)]
pub struct QueryLogSpec {
    pub place: LogPlace,
    pub format: LogFormat,
    pub path: std::path::PathBuf,
}

impl QueryLogSpec {
    /// KLEE's file name for the log in `dir` (`all-queries.kquery`).
    pub fn in_dir(dir: &std::path::Path, place: LogPlace, format: LogFormat) -> Self {
        let stem = match place {
            LogPlace::All => "all-queries",
            LogPlace::Solver => "solver-queries",
        };
        let ext = match format {
            LogFormat::Kquery => "kquery",
            LogFormat::Smt2 => "smt2",
        };
        QueryLogSpec { place, format, path: dir.join(format!("{stem}.{ext}")) }
    }
}

pub(crate) struct QueryLog {
    inner: Box<dyn SolverCore>,
    format: LogFormat,
    /// `None` once a write has failed (the log stops; solving goes on).
    out: Option<std::io::BufWriter<std::fs::File>>,
    n: u64,
}

impl QueryLog {
    /// Wraps `inner`, appending to the log (the explorations of one run
    /// share it); a log that cannot be opened is reported and not written.
    pub fn new(inner: Box<dyn SolverCore>, spec: &QueryLogSpec) -> Self {
        let out = match std::fs::OpenOptions::new().create(true).append(true).open(&spec.path) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => {
                crate::log::warning(&format!("cannot write the query log {}: {e}", spec.path.display()));
                None
            }
        };
        QueryLog { inner, format: spec.format, out, n: 0 }
    }

    fn write(&mut self, text: &str) {
        if let Some(w) = &mut self.out {
            if w.write_all(text.as_bytes()).and_then(|_| w.flush()).is_err() {
                self.out = None;
            }
        }
    }
}

impl SolverCore for QueryLog {
    fn check(&mut self, pool: &mut Pool, constraints: &[ExprId], query: ExprId) -> Sat {
        let n = self.n;
        self.n += 1;
        if self.out.is_some() {
            let text = match self.format {
                LogFormat::Kquery => {
                    let neg = pool.not(query);
                    format!(
                        "# Query {n} -- Type: Validity\n{}",
                        crate::expr::kquery::validity_text(pool, constraints, neg)
                    )
                }
                LogFormat::Smt2 => {
                    format!("; Query {n} -- Type: Validity\n{}", super::smtlib::render(pool, constraints, query))
                }
            };
            self.write(&text);
        }
        let start = Instant::now();
        let r = self.inner.check(pool, constraints, query);
        if self.out.is_some() {
            let c = if self.format == LogFormat::Kquery { "#" } else { ";" };
            let secs = start.elapsed().as_secs_f64();
            let verdict = match &r {
                Sat::Sat(_) => format!("{c}   OK -- Elapsed: {secs:.6}\n{c}   Is Valid: false\n"),
                Sat::Unsat => format!("{c}   OK -- Elapsed: {secs:.6}\n{c}   Is Valid: true\n"),
                Sat::Unknown(why) => format!("{c}   Failed -- Elapsed: {secs:.6} ({why})\n"),
            };
            self.write(&format!("{verdict}\n"));
        }
        r
    }

    fn collect_stats(&self, stats: &mut SolverStats) {
        self.inner.collect_stats(stats)
    }
}
