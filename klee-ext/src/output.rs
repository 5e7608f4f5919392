//! KLEE-style output folders: `klee-out-N/` with one `testNNNNNN.ktest` per
//! path, `testNNNNNN.<kind>.err` for errors, `testNNNNNN.early` for paths
//! ended by a limit, `testNNNNNN.stdout` (when the path printed anything),
//! `info`, and `summary.json`.

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
pub fn write_path(dir: &Path, n: u64, args: &[String], r: &PathReport) -> Result<Option<ErrorEntry>, OutputError> {
    let base = dir.join(format!("test{n:06}"));
    let io = |e: std::io::Error| OutputError(format!("cannot write to {}: {e}", dir.display()));
    let kt = KTest { args: args.to_vec(), sym_argvs: 0, sym_argv_len: 0, objects: r.objects.clone() };
    let mut f = std::io::BufWriter::new(std::fs::File::create(base.with_extension("ktest")).map_err(io)?);
    kt.write_to(&mut f).map_err(io)?;
    if !r.stdout.is_empty() {
        std::fs::write(base.with_extension("stdout"), &r.stdout).map_err(io)?;
    }
    if !r.stderr.is_empty() {
        std::fs::write(base.with_extension("stderr"), &r.stderr).map_err(io)?;
    }
    let entry = match &r.termination {
        Termination::Error { kind, msg, loc, stack, .. } => {
            let suffix = r.termination.file_suffix().expect("errors have a suffix");
            let mut text = format!("Error: {msg}\n");
            if let Some(l) = loc {
                text.push_str(&format!("File: {}\nLine: {}\n", l.file, l.line));
            }
            text.push_str("Stack:\n");
            for (i, s) in stack.iter().enumerate() {
                text.push_str(&format!("\t#{i} {s}\n"));
            }
            std::fs::write(dir.join(format!("test{n:06}.{suffix}")), text).map_err(io)?;
            Some(ErrorEntry {
                test: format!("test{n:06}"),
                kind: suffix.trim_end_matches(".err").to_string(),
                message: msg.clone(),
                file: loc.as_ref().map(|l| l.file.to_string()),
                line: loc.as_ref().map(|l| l.line),
            })
            .map(|e| {
                let _ = kind;
                e
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

/// The `summary.json` of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub paths_completed: u64,
    pub paths_pruned: u64,
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
}
