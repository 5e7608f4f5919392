//! The `run` job: compile if needed, load, explore, and write a KLEE-style
//! output folder.

use crate::exec::{Config, Executor, PathReport, RunEnd, Termination};
use crate::output::{self, ErrorEntry, Summary};
use std::io::Write;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct RunOptions {
    /// `.c`, `.bc` or `.ll` files, linked into one program.
    pub inputs: Vec<PathBuf>,
    pub cflags: Vec<String>,
    /// `None`: a new `klee-out-N` beside the first input.
    pub output_dir: Option<PathBuf>,
    pub exec: Config,
    /// Copy each finished path's stdout/stderr to the tool's own.
    pub echo: bool,
    /// Write a test case for every error path; by default (as KLEE) only
    /// the first error of each kind at each source location gets one.
    pub emit_all_errors: bool,
    /// Print progress and the final summary on stderr.
    pub verbose: bool,
    /// The program and its arguments, recorded in `.ktest` files and `info`.
    pub command_line: Vec<String>,
    /// Draw the symbolic execution tree into this SVG file.
    pub tree: Option<PathBuf>,
}

#[derive(Clone, Debug)]
pub struct RunOutcome {
    pub summary: Summary,
    pub output_dir: PathBuf,
    pub end: RunEnd,
    /// The termination of each finished path, in order.
    pub terminations: Vec<Termination>,
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Compile(#[from] crate::compile::CompileError),
    #[error(transparent)]
    Load(#[from] crate::ir::LoadError),
    #[error(transparent)]
    Output(#[from] output::OutputError),
    #[error(transparent)]
    Start(#[from] crate::exec::StartError),
    #[error("{0}")]
    Setup(String),
}

/// What a run refuses before it creates anything: bitcode of an LLVM
/// newer than the one linked among `inputs` ([`crate::ir::LoadError::Newer`]),
/// or, for C inputs, a compiler that is not there
/// ([`crate::compile::CompileError::Missing`]).
pub fn refuse_inputs(inputs: &[PathBuf]) -> Result<(), RunError> {
    for i in inputs {
        if i.extension().is_some_and(|e| e == "c") {
            crate::compile::compiler()?;
        } else {
            crate::ir::check_bitcode_version(i)?;
        }
    }
    Ok(())
}

/// Compiles the `.c` inputs, links everything with the runtime and lowers
/// it; the temporary folder holds the compiled bitcode.
pub fn load(
    opts: &RunOptions, load: &crate::ir::LoadOptions,
) -> Result<(tempfile::TempDir, crate::ir::Program), RunError> {
    for p in &opts.inputs {
        if !p.exists() {
            return Err(RunError::Setup(format!("{}: no such file", p.display())));
        }
        match p.extension().and_then(|e| e.to_str()) {
            Some("c" | "bc" | "ll") => {}
            _ => return Err(RunError::Setup(format!("{}: expected a .c, .bc or .ll file", p.display()))),
        }
    }
    let tmp = tempfile::tempdir().map_err(|e| RunError::Setup(format!("cannot create a temporary folder: {e}")))?;
    let c_files: Vec<PathBuf> =
        opts.inputs.iter().filter(|p| p.extension().is_some_and(|e| e == "c")).cloned().collect();
    let mut bitcode = crate::compile::compile_c(&c_files, &opts.cflags, tmp.path())?;
    bitcode.extend(opts.inputs.iter().filter(|p| p.extension().is_some_and(|e| e != "c")).cloned());
    let paths: Vec<&std::path::Path> = bitcode.iter().map(|p| p.as_path()).collect();
    let prog = crate::ir::load_module_with(&paths, Some(crate::RUNTIME_BC), load)?;
    let problems = crate::ir::verify::verify(&prog);
    if !problems.is_empty() {
        return Err(RunError::Setup(format!("internal error: lowered program is malformed:\n{}", problems.join("\n"))));
    }
    Ok((tmp, prog))
}

pub fn run(opts: &RunOptions) -> Result<RunOutcome, RunError> {
    let first = opts.inputs.first().ok_or_else(|| RunError::Setup("no input program".into()))?;
    let (_tmp, prog) = load(opts, &crate::ir::LoadOptions::default())?;
    let out_dir = output::create_dir(opts.output_dir.as_deref(), first)?;
    let mut cfg = opts.exec.clone();
    cfg.record_tree |= opts.tree.is_some();
    let mut ex = Executor::new(&prog, cfg)?;
    let mut n = 0u64;
    let mut errors: Vec<ErrorEntry> = Vec::new();
    let mut exit_codes = Vec::new();
    let mut terminations = Vec::new();
    let mut write_err: Option<output::OutputError> = None;
    let verbose = opts.verbose;
    let echo = opts.echo;
    let args = opts.command_line.clone();
    let mut seen_errors = std::collections::HashSet::new();
    let mut duplicate_errors = 0u64;
    let mut interpretations = Vec::new();
    let emit_all = opts.emit_all_errors;
    let end = ex.run(&mut |_ex, r: PathReport| {
        if let (Termination::Error { loc, msg, .. }, false) = (&r.termination, emit_all) {
            let key =
                (r.termination.file_suffix(), loc.clone(), if loc.is_none() { msg.clone() } else { String::new() });
            if !seen_errors.insert(key) {
                duplicate_errors += 1;
                terminations.push(r.termination);
                return;
            }
        }
        n += 1;
        if echo {
            let _ = std::io::stdout().write_all(&r.stdout);
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().write_all(&r.stderr);
        }
        if let Termination::Exit(c) = r.termination {
            exit_codes.push(c);
        }
        if verbose {
            if let Termination::Early(why) = &r.termination {
                eprintln!("se2repair: path {n} stopped: {}", why.describe());
            }
            if let Termination::Error { msg, loc, info, .. } = &r.termination {
                let msg = match info {
                    Some(i) => format!("{msg} ({i})"),
                    None => msg.clone(),
                };
                match loc {
                    Some(l) => eprintln!("se2repair: ERROR: {}:{}: {msg}", l.file, l.line),
                    None => eprintln!("se2repair: ERROR: {msg}"),
                }
            }
        }
        for w in &r.so.witnesses {
            interpretations.push(output::InterpEntry {
                test: format!("test{n:06}"),
                var: w.var.clone(),
                term: w.term.to_c(&w.params),
            });
        }
        match output::write_path(&out_dir, n, &args, &r) {
            Ok(Some(e)) => errors.push(e),
            Ok(None) => {}
            Err(e) => write_err = Some(e),
        }
        terminations.push(r.termination);
    });
    if let Some(e) = write_err {
        return Err(e.into());
    }
    let ss = ex.solver_stats();
    let summary = Summary {
        paths_completed: ex.stats.paths_completed,
        paths_pruned: ss.so_pruned + ex.stats.so_pruned,
        branches_infeasible: ex.stats.branches_infeasible,
        forks: ex.stats.forks,
        instructions: ex.stats.instructions,
        solver_queries: ss.queries,
        solver_backend_queries: ss.backend_queries,
        solver_time_s: ss.backend_time.as_secs_f64(),
        expressions: ex.pool.len() as u64,
        time_s: ex.elapsed().as_secs_f64(),
        covered_blocks: ex.stats.covered_blocks,
        total_blocks: ex.stats.total_blocks,
        stopped_by: match &end {
            RunEnd::Exhausted => None,
            RunEnd::Limit(r) => Some(r.describe().to_string()),
        },
        exit_codes,
        errors,
        duplicate_errors,
        hole_mode: if ex.cfg.hole_mode == crate::so::HoleMode::Fo { "fo" } else { "so" }.into(),
        so_variables: ex
            .pool
            .so
            .vars
            .iter()
            .map(|v| output::SoVarEntry { name: v.name.clone(), language: v.spec.describe(), arity: v.lang.arity() })
            .collect(),
        so_queries: output::SoQueryTimes::from_stats(&ss.so),
        so_unknown: ss.so.unknown.len() as u64,
        interpretations,
    };
    let json = serde_json::to_string_pretty(&summary).map_err(|e| RunError::Setup(e.to_string()))?;
    std::fs::write(out_dir.join("summary.json"), json)
        .map_err(|e| RunError::Setup(format!("cannot write summary.json: {e}")))?;
    if let (Some(file), Some(tree)) = (&opts.tree, ex.tree()) {
        let svg = crate::tree_svg::render(tree, &format!("symbolic execution tree: {}", opts.command_line.join(" ")));
        std::fs::write(file, svg).map_err(|e| RunError::Setup(format!("{}: {e}", file.display())))?;
    }
    let info = format!("{}\n", opts.command_line.join(" "));
    let _ = std::fs::write(out_dir.join("info"), info);
    if verbose {
        for (name, _) in &opts.exec.so_langs {
            if ex.pool.so.find(name).is_none() {
                eprintln!("se2repair: WARNING: --so-lang names `{name}`, but `{name}` was never applied (klee_apply_symbolic)");
            }
        }
    }
    if verbose {
        eprintln!(
            "se2repair: done: {} paths ({} errors), {} instructions, {} forks, {} solver queries, {:.2} s; output in {}",
            summary.paths_completed,
            summary.errors.len(),
            summary.instructions,
            summary.forks,
            summary.solver_queries,
            summary.time_s,
            out_dir.display()
        );
        if let Some(s) = &summary.stopped_by {
            eprintln!("se2repair: stopped early: {s}");
        }
    }
    Ok(RunOutcome { summary, output_dir: out_dir, end, terminations })
}
