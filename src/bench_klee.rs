//! `se2repair bench --klee`: the same programs under `run` and under the
//! drop-in `klee`, wall time of each (best of `--repeat`), so that klee
//! mode's cost shows, and `klee` without its statistics files
//! (`--output-stats=false --output-istats=false`), so that theirs shows. Optionally a folder of KLEE's lit suite programs'
//! bitcode (`--klee-programs`); by default the bundled benchmark programs.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Compiles `c` to bitcode (as KLEE's tests do) in `dir`.
fn bitcode(c: &Path, dir: &Path) -> Result<PathBuf, String> {
    let clang = klee_ext::compile::find_clang().map_err(|e| e.to_string())?;
    let bc = dir.join(format!("{}.bc", c.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()));
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("klee-ext/include");
    let st = klee_ext::procs::status(
        Command::new(clang)
            .args(["-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-w", "-I"])
            .arg(include)
            .arg(c)
            .arg("-o")
            .arg(&bc),
    )
    .map_err(|e| e.to_string())?;
    if !st.success() {
        return Err(format!("{}: does not compile", c.display()));
    }
    Ok(bc)
}

/// Best wall time of the tool run with `args` then an output folder.
fn timed(args: &[&str], bc: &Path, repeat: u32) -> Result<Duration, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut best: Option<Duration> = None;
    for _ in 0..repeat.max(1) {
        let out = tempfile::tempdir().map_err(|e| e.to_string())?;
        let t = Instant::now();
        let o = klee_ext::procs::output(Command::new(&exe).args(args).arg(out.path().join("o")).arg(bc))
            .map_err(|e| e.to_string())?;
        let took = t.elapsed();
        if o.status.code().is_none() || o.status.code() == Some(125) {
            return Err(format!("{} {}: {}", args.join(" "), bc.display(), String::from_utf8_lossy(&o.stderr)));
        }
        best = Some(best.map_or(took, |b| b.min(took)));
    }
    best.ok_or_else(|| "no run".into())
}

/// One line of the table.
fn row(name: &str, run: Duration, klee: Duration, bare: Duration) {
    let (r, k, b) = (run.as_secs_f64(), klee.as_secs_f64(), bare.as_secs_f64());
    println!("{:<20} {:>10.3} {:>10.3} {:>10.2} {:>14.3} {:>8.1}", name, r, k, k / r, b, 100.0 * (k - b) / b);
}

pub fn main(programs: &Path, repeat: u32) -> Result<(), String> {
    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut sources: Vec<PathBuf> = Vec::new();
    for dir in [programs.to_path_buf(), programs.join("symbolic")] {
        if let Ok(r) = std::fs::read_dir(&dir) {
            let mut v: Vec<PathBuf> = r
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "c" || e == "bc" || e == "ll"))
                .collect();
            v.sort();
            sources.extend(v);
        }
    }
    if sources.is_empty() {
        return Err(format!("no programs in {}", programs.display()));
    }
    println!("the same programs under run and under klee (wall time, best of {repeat}; dfs, no limits)");
    println!(
        "{:<20} {:>10} {:>10} {:>10} {:>14} {:>8}",
        "program", "run s", "klee s", "klee/run", "no-stats s", "stats %"
    );
    let (mut total_run, mut total_klee, mut total_bare) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for src in &sources {
        let bc = if src.extension().is_some_and(|e| e == "c") { bitcode(src, tmp.path())? } else { src.clone() };
        let run = timed(&["run", "--quiet", "--search", "dfs", "--output-dir"], &bc, repeat)?;
        let klee = timed(&["klee", "--search=dfs", "--output-dir"], &bc, repeat)?;
        let bare = timed(
            &["klee", "--search=dfs", "--output-stats=false", "--output-istats=false", "--output-dir"],
            &bc,
            repeat,
        )?;
        total_run += run;
        total_klee += klee;
        total_bare += bare;
        let name = src.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        row(&name, run, klee, bare);
    }
    row("total", total_run, total_klee, total_bare);
    Ok(())
}
