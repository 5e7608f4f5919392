//! `se2repair bench --real`: the engine on real GNU programs (built by
//! `scripts/real-programs/build.sh` into the cache): load + lower time of
//! each module, and typical commands in the VM against the native binary
//! of the same build (instructions per second, VM time / native time).

use klee_ext::exec::ArgSpec;
use klee_ext::{Config, RunOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The cache folder of build.sh.
pub fn cache_dir() -> PathBuf {
    let base = std::env::var_os("SE2REPAIR_CACHE").map(PathBuf::from).unwrap_or_else(|| {
        let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/tmp"));
        home.join(".cache/se2repair")
    });
    base.join("real")
}

/// (package, program) of the modules measured.
const MODULES: &[(&str, &str)] = &[("findutils", "find"), ("grep", "grep"), ("coreutils", "ls"), ("coreutils", "sort")];

fn best<T>(repeat: u32, mut f: impl FnMut() -> Result<(Duration, T), String>) -> Result<(Duration, T), String> {
    let mut out: Option<(Duration, T)> = None;
    for _ in 0..repeat.max(1) {
        let r = f()?;
        if out.as_ref().is_none_or(|b| r.0 < b.0) {
            out = Some(r);
        }
    }
    Ok(out.expect("one run"))
}

fn vm_run(bc: &Path, args: &[String], out: &Path) -> Result<(Duration, klee_ext::driver::RunOutcome), String> {
    let opts = RunOptions {
        inputs: vec![bc.to_path_buf()],
        cflags: Vec::new(),
        output_dir: Some(out.to_path_buf()),
        exec: Config {
            warnings: false,
            program_name: bc.display().to_string(),
            args: args.iter().cloned().map(ArgSpec::Concrete).collect(),
            ..Config::default()
        },
        echo: false,
        emit_all_errors: false,
        verbose: false,
        command_line: vec!["se2repair".into(), "bench".into()],
        tree: None,
    };
    let _ = std::fs::remove_dir_all(out);
    let t = Instant::now();
    let o = klee_ext::run(&opts).map_err(|e| e.to_string())?;
    Ok((t.elapsed(), o))
}

fn native_run(exe: &Path, args: &[String]) -> Result<(Duration, ()), String> {
    let t = Instant::now();
    let o = klee_ext::procs::output(Command::new(exe).args(args)).map_err(|e| format!("{}: {e}", exe.display()))?;
    let el = t.elapsed();
    if o.status.code().is_none() {
        return Err(format!("{} died natively", exe.display()));
    }
    Ok((el, ()))
}

/// A text file of about `mb` megabytes (C headers, repeated).
fn text_file(dir: &Path, mb: usize) -> Result<PathBuf, String> {
    let mut text = Vec::new();
    for h in ["/usr/include/stdio.h", "/usr/include/stdlib.h", "/usr/include/string.h", "/usr/include/unistd.h"] {
        text.extend(std::fs::read(h).unwrap_or_default());
    }
    if text.is_empty() {
        text = b"static int example(void) { return 42; }\n".to_vec();
    }
    let mut out = Vec::with_capacity(mb << 20);
    while out.len() < mb << 20 {
        out.extend_from_slice(&text);
    }
    out.truncate(mb << 20);
    let p = dir.join("input.txt");
    std::fs::write(&p, out).map_err(|e| e.to_string())?;
    Ok(p)
}

pub fn main(repeat: u32) -> Result<(), String> {
    let cache = cache_dir();
    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    println!("real modules (scripts/real-programs/build.sh, cache {})", cache.display());
    println!("{:<10} {:>8} {:>14} {:>14}", "module", "MB", "instructions", "load+lower s");
    let mut any = false;
    for (pkg, prog) in MODULES {
        let bc = cache.join(pkg).join("bc").join(format!("{prog}.bc"));
        if !bc.exists() {
            println!("{prog:<10} (not built)");
            continue;
        }
        any = true;
        let mb = std::fs::metadata(&bc).map(|m| m.len() as f64 / (1 << 20) as f64).unwrap_or(0.0);
        let (t, n) = best(repeat, || {
            let t = Instant::now();
            let p = klee_ext::ir::load_module_file(&[bc.as_path()], Some(klee_ext::RUNTIME_BC))
                .map_err(|e| e.to_string())?;
            Ok((t.elapsed(), p.num_insts()))
        })?;
        println!("{prog:<10} {mb:>8.2} {n:>14} {:>14.3}", t.as_secs_f64());
    }
    if !any {
        return Err(format!("no real programs in {} (run scripts/real-programs/build.sh)", cache.display()));
    }
    let input = text_file(tmp.path(), 4)?;
    let input_s = input.display().to_string();
    let commands: Vec<(&str, &str, Vec<String>)> = vec![
        ("findutils", "find", vec!["/usr/include".into()]),
        ("findutils", "find", vec!["/usr/include".into(), "-name".into(), "*.h".into(), "-type".into(), "f".into()]),
        ("grep", "grep", vec!["-c".into(), "return".into(), input_s.clone()]),
        ("grep", "grep", vec!["-c".into(), "-E".into(), "int|char".into(), input_s.clone()]),
        ("coreutils", "wc", vec!["-l".into(), input_s.clone()]),
        ("coreutils", "cat", vec![input_s.clone()]),
    ];
    println!();
    println!("commands (best of {repeat})");
    println!(
        "{:<34} {:>14} {:>9} {:>9} {:>11} {:>10} {:>10}",
        "command", "instructions", "vm s", "run s", "M instr/s", "native s", "vm/native"
    );
    for (pkg, prog, args) in commands {
        let bc = cache.join(pkg).join("bc").join(format!("{prog}.bc"));
        let exe = cache.join(pkg).join("bin").join(prog);
        if !bc.exists() || !exe.exists() {
            continue;
        }
        let label: String = std::iter::once(prog.to_string())
            .chain(args.iter().map(|a| if a == &input_s { "4MB.txt".into() } else { a.clone() }))
            .collect::<Vec<_>>()
            .join(" ");
        let (vt, o) = best(repeat, || vm_run(&bc, &args, &tmp.path().join("out")))?;
        let (nt, ()) = best(repeat.max(3), || native_run(&exe, &args))?;
        // "vm s" is the whole command (load, lower, run); instructions per
        // second count the run alone ("run s").
        let n = o.summary.instructions;
        println!(
            "{:<34} {:>14} {:>9.3} {:>9.3} {:>11.1} {:>10.4} {:>9.0}x",
            label,
            n,
            vt.as_secs_f64(),
            o.summary.time_s,
            n as f64 / o.summary.time_s / 1e6,
            nt.as_secs_f64(),
            vt.as_secs_f64() / nt.as_secs_f64()
        );
    }
    Ok(())
}
