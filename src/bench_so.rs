//! `se2repair bench --so`: the second-order tables.
//!
//! 1. The paper's Fig. 7c: wall time and paths explored against
//!    `--max-forks` for first-order holes (`fo`) and `so-pse` on the Fig. 2
//!    loop (10 iterations) and a 14-iteration loop: `fo` grows with the
//!    bound, `so-pse` stays flat.
//! 2. The paper's Table 3 solver columns: mean and median times of
//!    satisfiable and unsatisfiable second-order queries for PSE and CBS,
//!    collected while exploring the benchmark programs (CBS queries are
//!    cut at a per-query time limit and counted as timeouts).

use klee_ext::so::{Encoding, HoleMode, LangSpec};
use klee_ext::{Config, RunOptions};
use std::path::Path;
use std::time::Duration;

struct Job<'a> {
    prog: &'a Path,
    cflags: Vec<String>,
    langs: Vec<(String, LangSpec)>,
    mode: HoleMode,
    encoding: Encoding,
    max_forks: Option<u64>,
    query_timeout: Option<Duration>,
    max_time: Option<Duration>,
}

fn run(j: &Job) -> Result<klee_ext::output::Summary, String> {
    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut exec = Config {
        warnings: false,
        max_forks: j.max_forks,
        max_time: j.max_time,
        hole_mode: j.mode,
        so_langs: j.langs.clone(),
        ..Config::default()
    };
    exec.solver.so.encoding = j.encoding;
    exec.solver.timeout = j.query_timeout;
    let opts = RunOptions {
        inputs: vec![j.prog.to_path_buf()],
        cflags: j.cflags.clone(),
        output_dir: Some(tmp.path().join("out")),
        exec,
        echo: false,
        emit_all_errors: false,
        verbose: false,
        command_line: vec!["se2repair".into(), "bench".into()],
        tree: None,
    };
    klee_ext::run(&opts).map(|o| o.summary).map_err(|e| e.to_string())
}

fn lang(dir: &Path, name: &str, spec: &str) -> Result<(String, LangSpec), String> {
    let spec = if spec.contains(".sy") { dir.join(spec).display().to_string() } else { spec.to_string() };
    Ok((name.to_string(), LangSpec::parse(&spec, name).map_err(|e| e.to_string())?))
}

pub fn main(dir: &Path, cbs_timeout: Duration) -> Result<(), String> {
    let sign = dir.join("sign_loop.c");
    let linear = lang(dir, "rho", "linear.sy:3")?;
    println!("Fig. 7c: paths and wall time against --max-forks (sign loop, linear language depth 3)");
    println!(
        "{:<6} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "iters", "max-forks", "fo paths", "fo s", "pse paths", "pse s", "pse pruned"
    );
    for iters in [10, 14] {
        for forks in [16u64, 64, 256, 1024, 4096] {
            let base = |mode, langs: Vec<(String, LangSpec)>| Job {
                prog: &sign,
                cflags: vec![format!("-DITERATIONS={iters}")],
                langs,
                mode,
                encoding: Encoding::Pse,
                max_forks: Some(forks),
                query_timeout: None,
                max_time: None,
            };
            let fo = run(&base(HoleMode::Fo, vec![]))?;
            let so = run(&base(HoleMode::So, vec![linear.clone()]))?;
            println!(
                "{:<6} {:>10} {:>10} {:>10.2} {:>10} {:>10.2} {:>10}",
                iters, forks, fo.paths_completed, fo.time_s, so.paths_completed, so.time_s, so.paths_pruned
            );
        }
    }
    println!();
    println!(
        "Table 3 solver columns: second-order queries met during exploration (ms; CBS limit {} s per query)",
        cbs_timeout.as_secs_f64()
    );
    println!(
        "{:<28} {:<4} {:>6} {:>9} {:>9} {:>6} {:>9} {:>9} {:>8} {:>8}",
        "program", "enc", "sat", "mean", "median", "unsat", "mean", "median", "timeout", "paths"
    );
    let rows: Vec<(&str, &str, Vec<String>, (String, LangSpec))> = vec![
        ("sign_loop 4 iters linear:2", "sign_loop.c", vec!["-DITERATIONS=4".into()], lang(dir, "rho", "linear.sy:2")?),
        ("sign_loop 4 iters linear:3", "sign_loop.c", vec!["-DITERATIONS=4".into()], linear.clone()),
        ("sign_loop 10 iters linear:3", "sign_loop.c", vec![], linear.clone()),
        ("sign_loop 6 iters int:3", "sign_loop.c", vec!["-DITERATIONS=6".into()], lang(dir, "rho", "int:3")?),
        ("search_pred bool:3", "search_pred.c", vec![], lang(dir, "pred", "bool:3")?),
    ];
    for (label, file, cflags, l) in rows {
        for enc in [Encoding::Pse, Encoding::Cbs] {
            let prog = dir.join(file);
            let s = run(&Job {
                prog: &prog,
                cflags: cflags.clone(),
                langs: vec![l.clone()],
                mode: HoleMode::So,
                encoding: enc,
                max_forks: None,
                query_timeout: (enc == Encoding::Cbs).then_some(cbs_timeout),
                max_time: Some(Duration::from_secs(120)),
            })?;
            let q = &s.so_queries;
            println!(
                "{:<28} {:<4} {:>6} {:>9.1} {:>9.1} {:>6} {:>9.1} {:>9.1} {:>8} {:>8}",
                label,
                if enc == Encoding::Pse { "pse" } else { "cbs" },
                q.sat,
                q.sat_mean_ms,
                q.sat_median_ms,
                q.unsat,
                q.unsat_mean_ms,
                q.unsat_median_ms,
                q.unknown,
                s.paths_completed
            );
        }
    }
    Ok(())
}
