//! `se2repair bench`: the engine's speed table.
//!
//! Concrete programs (`benches/programs/*.c`): instructions per second in
//! the VM and the ratio of VM time to native time (clang -O0, best of 5).
//! Symbolic programs (`benches/programs/symbolic/*.c`): paths per second and
//! solver queries per second. Each VM figure is the best of `--repeat` runs.

use clap::Args;
use klee_ext::{Config, RunOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct BenchArgs {
    /// Folder of benchmark programs.
    #[arg(long, default_value = "benches/programs")]
    programs: PathBuf,
    /// Runs per program (the best is reported).
    #[arg(long, default_value_t = 3)]
    repeat: u32,
    /// The second-order tables instead (Fig. 7c, Table 3 solver columns).
    #[arg(long)]
    so: bool,
    /// Folder of the second-order benchmark programs (with --so).
    #[arg(long, default_value = "tests/so")]
    so_programs: PathBuf,
    /// The repair table instead: every project under the engines.
    #[arg(long)]
    fix: bool,
    /// Folder of repair projects (with --fix).
    #[arg(long, default_value = "examples/repair")]
    fix_projects: PathBuf,
    /// Engines of the repair table, comma-separated.
    #[arg(long, default_value = "fo,so-cbs,so-pse")]
    engines: String,
    /// Time limit of one repair in the table.
    #[arg(long, default_value = "120s", value_name = "TIME")]
    fix_timeout: String,
    /// The real-program table instead: load + lower time of find, grep and
    /// coreutils modules, and typical commands against native (needs
    /// scripts/real-programs/build.sh).
    #[arg(long)]
    real: bool,
    /// The incremental second-order checks of the deviation search, by
    /// the number of hole evaluations on the path.
    #[arg(long)]
    so_incremental: bool,
    /// The library-modelling table instead: every model-lib example's
    /// time to its model and the coverage of generated tests.
    #[arg(long)]
    model_lib: bool,
    /// Folder of model-lib projects (with --model-lib).
    #[arg(long, default_value = "examples/model-lib")]
    model_projects: PathBuf,
    /// Time of each test-generation configuration (with --model-lib).
    #[arg(long, default_value = "10s", value_name = "TIME")]
    gen_time: String,
    /// The klee-mode table instead: every program under `run` and under
    /// `klee`, wall time of each.
    #[arg(long)]
    klee: bool,
    /// Folder of programs for --klee (.c, .bc or .ll; also its
    /// `symbolic/` subfolder).
    #[arg(long, default_value = "benches/programs")]
    klee_programs: PathBuf,
    /// Per-query time limit of CBS in the second-order tables.
    #[arg(long, default_value = "10s", value_name = "TIME")]
    cbs_timeout: String,
}

fn c_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "c")).collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn vm_run(prog: &Path) -> Result<klee_ext::driver::RunOutcome, String> {
    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let opts = RunOptions {
        inputs: vec![prog.to_path_buf()],
        cflags: Vec::new(),
        output_dir: Some(tmp.path().join("out")),
        exec: Config { warnings: false, ..Config::default() },
        echo: false,
        emit_all_errors: false,
        verbose: false,
        command_line: vec!["se2repair".into(), "bench".into()],
        tree: None,
    };
    klee_ext::run(&opts).map_err(|e| e.to_string())
}

fn native_time(prog: &Path) -> Option<Duration> {
    let tmp = tempfile::tempdir().ok()?;
    let exe = tmp.path().join("native");
    let clang = klee_ext::compile::find_clang().ok()?;
    let ok = klee_ext::procs::status(Command::new(clang).args(["-O0", "-w"]).arg(prog).arg("-lm").arg("-o").arg(&exe))
        .ok()?
        .success();
    if !ok {
        return None;
    }
    (0..5)
        .filter_map(|_| {
            let t = Instant::now();
            klee_ext::procs::output(&mut Command::new(&exe)).ok()?;
            Some(t.elapsed())
        })
        .min()
}

/// The exit code of a table's run.
fn done(r: Result<(), String>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("se2repair: error: {e}");
            ExitCode::from(125)
        }
    }
}

pub fn main(a: BenchArgs) -> ExitCode {
    if a.real {
        return done(crate::bench_real::main(a.repeat));
    }
    if a.klee {
        return done(crate::bench_klee::main(&a.klee_programs, a.repeat));
    }
    if a.so_incremental {
        return done(crate::bench_examples::main());
    }
    if a.model_lib {
        return done(
            crate::timespec::parse_time(&a.gen_time).and_then(|t| crate::bench_model::main(&a.model_projects, t)),
        );
    }
    if a.fix {
        let engines: Vec<String> =
            a.engines.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
        return done(
            crate::timespec::parse_time(&a.fix_timeout)
                .and_then(|t| crate::bench_fix::main(&a.fix_projects, t, &engines)),
        );
    }
    if a.so {
        return done(
            crate::timespec::parse_time(&a.cbs_timeout).and_then(|t| crate::bench_so::main(&a.so_programs, t)),
        );
    }
    let concrete = c_files(&a.programs);
    let symbolic = c_files(&a.programs.join("symbolic"));
    if concrete.is_empty() && symbolic.is_empty() {
        eprintln!("se2repair: error: no benchmark programs in {}", a.programs.display());
        return ExitCode::from(125);
    }
    println!("concrete programs (clang -O0 bitcode)");
    println!(
        "{:<16} {:>14} {:>10} {:>12} {:>10} {:>10}",
        "program", "instructions", "vm s", "M instr/s", "native s", "vm/native"
    );
    for p in &concrete {
        let mut best: Option<klee_ext::driver::RunOutcome> = None;
        for _ in 0..a.repeat.max(1) {
            match vm_run(p) {
                Ok(o) => {
                    if best.as_ref().is_none_or(|b| o.summary.time_s < b.summary.time_s) {
                        best = Some(o)
                    }
                }
                Err(e) => {
                    eprintln!("se2repair: {}: {e}", p.display());
                    return ExitCode::from(125);
                }
            }
        }
        let o = best.expect("at least one run");
        let native = native_time(p);
        let name = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let s = &o.summary;
        println!(
            "{:<16} {:>14} {:>10.3} {:>12.1} {:>10} {:>10}",
            name,
            s.instructions,
            s.time_s,
            s.instructions as f64 / s.time_s / 1e6,
            native.map(|n| format!("{:.4}", n.as_secs_f64())).unwrap_or("-".into()),
            native.map(|n| format!("{:.0}x", s.time_s / n.as_secs_f64())).unwrap_or("-".into())
        );
    }
    println!();
    println!("symbolic programs");
    println!(
        "{:<16} {:>8} {:>8} {:>10} {:>10} {:>10} {:>12} {:>12}",
        "program", "paths", "forks", "queries", "z3 calls", "vm s", "paths/s", "queries/s"
    );
    for p in &symbolic {
        let o = match vm_run(p) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("se2repair: {}: {e}", p.display());
                return ExitCode::from(125);
            }
        };
        let s = &o.summary;
        let name = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        println!(
            "{:<16} {:>8} {:>8} {:>10} {:>10} {:>10.3} {:>12.0} {:>12.0}",
            name,
            s.paths_completed,
            s.forks,
            s.solver_queries,
            s.solver_backend_queries,
            s.time_s,
            s.paths_completed as f64 / s.time_s,
            s.solver_queries as f64 / s.time_s
        );
    }
    ExitCode::SUCCESS
}
