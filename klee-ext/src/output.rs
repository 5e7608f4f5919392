//! KLEE-style output folders: `klee-out-N/` with one `testNNNNNN.ktest` per
//! path, `testNNNNNN.<kind>.err` for errors, `testNNNNNN.early` for paths
//! ended by a limit, `testNNNNNN.stdout` (when the path printed anything),
//! `info`, and `summary.json`. Programs with second-order variables also
//! get `testNNNNNN.so.c` (the path's interpretations as a C definition of
//! `klee_apply_symbolic`, to link natively instead of the engine) and
//! `testNNNNNN.apps` (each application with its arguments and value).

use crate::exec::so::Witness;
use crate::exec::{PathReport, Termination};
use crate::ktest::KTest;
use serde::Serialize;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OutputError(pub String);

/// Creates the output folder: `dir` if given (it must not exist or be
/// empty), else the first free `klee-out-N` beside `near`, with a
/// `klee-last` link to it.
pub fn create_dir(dir: Option<&Path>, near: &Path) -> Result<PathBuf, OutputError> {
    if let Some(d) = dir {
        if d.exists() && std::fs::read_dir(d).map(|mut r| r.next().is_some()).unwrap_or(true) {
            return Err(OutputError(format!("output folder {} already exists and is not empty", d.display())));
        }
        std::fs::create_dir_all(d).map_err(|e| OutputError(format!("cannot create {}: {e}", d.display())))?;
        return Ok(d.to_path_buf());
    }
    let parent = near.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    for n in 0..100_000 {
        let d = parent.join(format!("klee-out-{n}"));
        match std::fs::create_dir(&d) {
            Ok(()) => {
                let last = parent.join("klee-last");
                let _ = std::fs::remove_file(&last);
                #[cfg(unix)]
                let _ = std::os::unix::fs::symlink(format!("klee-out-{n}"), &last);
                return Ok(d);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(OutputError(format!("cannot create {}: {e}", d.display()))),
        }
    }
    Err(OutputError("no free klee-out-N name".into()))
}

#[derive(Clone, Debug, Serialize)]
pub struct ErrorEntry {
    pub test: String,
    pub kind: String,
    pub message: String,
    pub file: Option<String>,
    pub line: Option<u32>,
}

/// Writes the files of one finished path; returns its error entry, if any.
pub(crate) fn write_path(
    dir: &Path, n: u64, args: &[String], r: &PathReport,
) -> Result<Option<ErrorEntry>, OutputError> {
    let base = dir.join(format!("test{n:06}"));
    let io = |e: std::io::Error| OutputError(format!("cannot write to {}: {e}", dir.display()));
    let kt = KTest { args: args.to_vec(), sym_argvs: 0, sym_argv_len: 0, objects: r.objects.clone() };
    kt.save(&base.with_extension("ktest")).map_err(io)?;
    if !r.stdout.is_empty() {
        std::fs::write(base.with_extension("stdout"), &r.stdout).map_err(io)?;
    }
    if !r.stderr.is_empty() {
        std::fs::write(base.with_extension("stderr"), &r.stderr).map_err(io)?;
    }
    if !r.so.witnesses.is_empty() {
        std::fs::write(dir.join(format!("test{n:06}.so.c")), so_c_file(&format!("test{n:06}"), &r.so.witnesses))
            .map_err(io)?;
    }
    if !r.so.apps.is_empty() {
        let text: String = r.so.apps.iter().map(|a| format!("{}({}) = {}\n", a.var, join(&a.args), a.value)).collect();
        std::fs::write(base.with_extension("apps"), text).map_err(io)?;
    }
    let entry = match &r.termination {
        Termination::Error { msg, loc, .. } => {
            let suffix = r.termination.file_suffix().unwrap_or_default();
            let text = error_text(&r.termination, false).unwrap_or_default();
            std::fs::write(dir.join(format!("test{n:06}.{suffix}")), text).map_err(io)?;
            Some(ErrorEntry {
                test: format!("test{n:06}"),
                kind: suffix.trim_end_matches(".err").to_string(),
                message: msg.clone(),
                file: loc.as_ref().map(|l| l.file.to_string()),
                line: loc.as_ref().map(|l| l.line),
            })
        }
        Termination::Early(why) => {
            std::fs::write(base.with_extension("early"), format!("{}\n", why.describe())).map_err(io)?;
            None
        }
        _ => None,
    };
    Ok(entry)
}

/// The text of an error path's `.err` file: `Error:`, `File:`, `Line:`,
/// the stack and `Info:`, in KLEE's layout (`klee`: `#000000001 in f(…)`)
/// or `run`'s (`#1 f(…)`); `None` for a path that did not end in an error.
pub(crate) fn error_text(t: &Termination, klee: bool) -> Option<String> {
    let Termination::Error { msg, loc, stack, info, .. } = t else { return None };
    let mut s = format!("Error: {msg}\n");
    if let Some(l) = loc {
        s.push_str(&format!("File: {}\nLine: {}\n", l.file, l.line));
    }
    s.push_str(if klee { "Stack: \n" } else { "Stack:\n" });
    for (i, f) in stack.iter().enumerate() {
        s.push_str(&if klee { format!("\t#{i:09} in {f}\n") } else { format!("\t#{i} {f}\n") });
    }
    if let Some(i) = info {
        s.push_str(&format!("{}\t{i}\n", if klee { "Info: \n" } else { "Info:\n" }));
    }
    Some(s)
}

fn join(v: &[i64]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

/// A C identifier made from `s`.
fn c_ident(s: &str) -> String {
    let mut out: String = s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// A C file defining `klee_apply_symbolic` by the witnesses, so that the
/// program can be compiled natively and run down the same path.
pub(crate) fn so_c_file(test: &str, ws: &[Witness]) -> String {
    let mut s = format!("/* Interpretations of the second-order variables on path {test} (se2repair):\n");
    for w in ws {
        s.push_str(&format!(" *   {}\n", w.describe()));
    }
    s.push_str(" * Compile the program with this file instead of running it in the engine. */\n");
    s.push_str("#include <stdlib.h>\n#include <string.h>\n\n");
    for w in ws {
        let names: Vec<String> = w.params.iter().map(|p| format!("p_{}", c_ident(p))).collect();
        let params = if names.is_empty() {
            "void".to_string()
        } else {
            names.iter().map(|n| format!("int {n}")).collect::<Vec<_>>().join(", ")
        };
        s.push_str(&format!(
            "static int se2_{}({params}) {{\n    return {};\n}}\n\n",
            c_ident(&w.var),
            w.term.to_c(&names)
        ));
    }
    s.push_str("int klee_apply_symbolic(const char *name, int nargs, int *args) {\n");
    for w in ws {
        let call: Vec<String> = (0..w.params.len()).map(|i| format!("args[{i}]")).collect();
        s.push_str(&format!(
            "    if (strcmp(name, \"{}\") == 0 && nargs == {})\n        return se2_{}({});\n",
            w.var.escape_default(),
            w.params.len(),
            c_ident(&w.var),
            call.join(", ")
        ));
    }
    s.push_str("    (void)args;\n    abort();\n}\n");
    s
}

/// One second-order variable of a run.
#[derive(Clone, Debug, Serialize)]
pub struct SoVarEntry {
    pub name: String,
    pub language: String,
    pub arity: usize,
}

/// A path's interpretation of one variable.
#[derive(Clone, Debug, Serialize)]
pub struct InterpEntry {
    pub test: String,
    pub var: String,
    pub term: String,
}

/// Second-order query times (milliseconds) by outcome.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SoQueryTimes {
    pub sat: usize,
    pub unsat: usize,
    pub unknown: usize,
    pub sat_mean_ms: f64,
    pub sat_median_ms: f64,
    pub unsat_mean_ms: f64,
    pub unsat_median_ms: f64,
}

impl SoQueryTimes {
    pub(crate) fn from_stats(s: &crate::solver::SoQueryStats) -> Self {
        let (sm, sd) = mean_median(&s.sat);
        let (um, ud) = mean_median(&s.unsat);
        SoQueryTimes {
            sat: s.sat.len(),
            unsat: s.unsat.len(),
            unknown: s.unknown.len(),
            sat_mean_ms: sm,
            sat_median_ms: sd,
            unsat_mean_ms: um,
            unsat_median_ms: ud,
        }
    }
}

/// Mean and median of durations, in milliseconds (0 for none).
pub(crate) fn mean_median(v: &[std::time::Duration]) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    let mut ms: Vec<f64> = v.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    ms.sort_by(|a, b| a.total_cmp(b));
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    let mid = ms.len() / 2;
    let median = if ms.len() % 2 == 1 { ms[mid] } else { (ms[mid - 1] + ms[mid]) / 2.0 };
    (mean, median)
}

/// The `summary.json` of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub paths_completed: u64,
    /// Branch sides (and applications) no interpretation of the
    /// second-order variables can follow, although first-order values
    /// could: second-order infeasible paths.
    pub paths_pruned: u64,
    /// Branch sides infeasible for any reason.
    pub branches_infeasible: u64,
    pub forks: u64,
    pub instructions: u64,
    pub solver_queries: u64,
    pub solver_backend_queries: u64,
    pub solver_time_s: f64,
    /// Expression nodes built (2 when the run was fully concrete).
    pub expressions: u64,
    pub time_s: f64,
    pub covered_blocks: u64,
    pub total_blocks: u64,
    pub stopped_by: Option<String>,
    pub exit_codes: Vec<i32>,
    pub errors: Vec<ErrorEntry>,
    /// Error paths not written because an error of the same kind at the
    /// same location already was (see `--emit-all-errors`).
    pub duplicate_errors: u64,
    /// `so` or `fo`.
    pub hole_mode: String,
    pub so_variables: Vec<SoVarEntry>,
    pub so_queries: SoQueryTimes,
    /// Second-order queries the solver gave up on (their paths ended early).
    pub so_unknown: u64,
    pub interpretations: Vec<InterpEntry>,
}
