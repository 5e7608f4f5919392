//! Test generation with a model (the paper's Table 5): the program runs
//! in the VM on symbolic arguments (and symbolic stdin when its tests
//! give one) in three configurations — `baseline`
//! (FUNC's result a fresh symbolic value at each call), `model` (the
//! synthesized model linked in) and `real` (FUNC as the library has it:
//! the project's `library` sources, or the VM's C library, or the host's)
//! — and each configuration's tests are replayed natively on the program
//! linked with the real FUNC, with gcov line coverage. An error a
//! configuration reports (a division by zero, say) is replayed too: does
//! its input reproduce it natively?

use super::Job;
use crate::native;
use klee_ext::exec::{ArgSpec, Config, Executor, Termination};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Options of test generation.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// Time limit of each configuration's exploration.
    pub max_time: Duration,
    /// Time limit of one native replay.
    pub test_timeout: Duration,
}

/// An error a configuration's exploration found, and its native replay.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Finding {
    /// `div`, `ptr`, `assert`, ... (KLEE's error kinds).
    pub kind: String,
    pub message: String,
    pub args: Vec<String>,
    /// The native program, linked with the real FUNC, fails on these
    /// arguments too.
    pub reproduces: bool,
    /// How the native replay ended.
    pub native: String,
}

/// One configuration's row.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GenRow {
    pub config: String,
    pub tests: usize,
    pub paths: u64,
    pub covered_lines: usize,
    pub total_lines: usize,
    pub coverage: f64,
    pub errors: Vec<Finding>,
    pub time_s: f64,
}

/// The table.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GenReport {
    pub function: String,
    /// Symbolic arguments: how many, of how many characters.
    pub sym_args: (usize, u32),
    /// The characters they may hold (those of the tests' arguments).
    pub alphabet: String,
    /// Bytes of symbolic stdin (0: the tests give none; empty stdin).
    pub sym_stdin: u32,
    pub rows: Vec<GenRow>,
}

/// A generated test: its arguments, its stdin, how its path ended.
type Generated = (Vec<Vec<u8>>, Vec<u8>, Termination);

/// A generated test: the program's arguments.
fn args_of(objects: &[(String, Vec<u8>)]) -> Vec<Vec<u8>> {
    let mut args: Vec<(String, Vec<u8>)> = objects
        .iter()
        .filter(|(n, _)| n.starts_with("arg") && n[3..].chars().all(|c| c.is_ascii_digit()))
        .cloned()
        .collect();
    args.sort_by(|a, b| a.0.cmp(&b.0));
    args.into_iter().map(|(_, b)| b.split(|&c| c == 0).next().unwrap_or(&[]).to_vec()).collect()
}

fn shown(a: &[Vec<u8>]) -> Vec<String> {
    a.iter().map(|b| String::from_utf8_lossy(b).into_owned()).collect()
}

/// Explores the program with FUNC given by `impl_c` (and `extra` C
/// sources), returning each path's arguments and how it ended.
fn explore(
    job: &Job, impl_c: &str, extra: &[PathBuf], sym: (usize, u32), alphabet: &[u8], stdin: u32, time: Duration,
) -> Result<(Vec<Generated>, u64), String> {
    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let prog = job.vm_program_with(impl_c, false, extra, tmp.path())?;
    let cfg = Config {
        warnings: false,
        max_time: Some(time),
        max_forks: Some(100_000),
        program_name: "program".into(),
        args: (0..sym.0).map(|_| ArgSpec::Sym(sym.1)).collect(),
        sym_arg_alphabet: Some(std::rc::Rc::new(alphabet.to_vec())),
        stdin: Some(std::rc::Rc::new(Vec::new())),
        sym_stdin: (stdin > 0).then_some(stdin),
        ..Config::default()
    };
    let mut ex = Executor::new(&prog, cfg).map_err(|e| format!("cannot start the VM: {e}"))?;
    let mut out = Vec::new();
    let mut paths = 0u64;
    ex.run(&mut |_, r| {
        paths += 1;
        // As KLEE at a halt, a path a limit stopped is a test too.
        if matches!(r.termination, Termination::Exit(_) | Termination::Error { .. } | Termination::Early(_)) {
            let input = r.objects.iter().find(|(n, _)| n == "stdin").map(|(_, b)| b.clone()).unwrap_or_default();
            out.push((args_of(&r.objects), input, r.termination));
        }
    });
    Ok((out, paths))
}

/// How a native replay ended, and whether it is the error `kind`.
fn replay_matches(kind: &str, r: &native::RunResult) -> (bool, String) {
    let how = match (r.exit, r.signal) {
        (Some(c), _) => format!("exit {c}"),
        (_, Some(s)) => r.abnormal().unwrap_or_else(|| format!("signal {s}")),
        _ => "timed out".into(),
    };
    let want = match kind {
        "div" => Some(libc::SIGFPE),
        "ptr" | "free" | "read_only" => Some(libc::SIGSEGV),
        "assert" | "abort" => Some(libc::SIGABRT),
        _ => None,
    };
    (r.signal.is_some() && (want.is_none() || r.signal == want), how)
}

/// Runs the three configurations and replays their tests natively.
pub fn generate(job: &Job, model_file: &Path, opts: &GenOptions) -> Result<GenReport, String> {
    if super::bitcode_sources(job.project)?.is_some() {
        return Err("unsupported: --generate-tests on a program given as bitcode (its native coverage build needs C sources); scripts/table5.sh generates tests for the coreutils bitcode with `klee` and replays them on a coverage build".into());
    }
    let p = job.project;
    // As many symbolic arguments as the tests give (none when they give
    // none), each as long as the longest test argument (2 to 8 characters).
    let n = p.tests.iter().map(|t| t.args.len()).max().unwrap_or(0);
    let len = p.tests.iter().flat_map(|t| t.args.iter().map(|a| a.len())).max().unwrap_or(2).clamp(2, 8) as u32;
    // The character classes of the tests' arguments (digits, lower-case,
    // upper-case letters; any other character itself): the model was
    // inferred from them only, and every configuration gets the same
    // input domain.
    let mut alphabet: Vec<u8> = Vec::new();
    for c in p.tests.iter().flat_map(|t| t.args.iter().flat_map(|a| a.bytes().collect::<Vec<_>>())) {
        match c {
            b'0'..=b'9' => alphabet.extend(b'0'..=b'9'),
            b'a'..=b'z' => alphabet.extend(b'a'..=b'z'),
            b'A'..=b'Z' => alphabet.extend(b'A'..=b'Z'),
            _ => alphabet.push(c),
        }
    }
    alphabet.sort_unstable();
    alphabet.dedup();
    // Symbolic stdin as long as the longest test's (at most 64 bytes).
    let stdin_len = p.tests.iter().map(|t| t.stdin.len()).max().unwrap_or(0).min(64) as u32;
    let model = std::fs::read_to_string(model_file).map_err(|e| format!("{}: {e}", model_file.display()))?;
    let library: Vec<PathBuf> = p.library.iter().map(|l| p.dir.join(l)).collect();
    let configs: [(&str, String, Vec<PathBuf>); 3] = [
        ("baseline", job.sig.baseline(), Vec::new()),
        ("model", model, Vec::new()),
        ("real", String::new(), library.clone()),
    ];
    // The native program with the real FUNC, with coverage.
    let build_dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut srcs: Vec<PathBuf> = p.source_paths();
    srcs.extend(library);
    let b =
        native::build(&srcs, std::slice::from_ref(&p.dir), &p.cflags, build_dir.path(), native::Instrument::Coverage)
            .map_err(|e| e.to_string())?;
    let own = p.sources.len();
    let mut rows = Vec::new();
    for (name, impl_c, extra) in configs {
        let t0 = std::time::Instant::now();
        let (tests, paths) = explore(job, &impl_c, &extra, (n, len), &alphabet, stdin_len, opts.max_time)?;
        let mut errors = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (args, input, end) in &tests {
            let mut cmd = std::process::Command::new(&b.exe);
            {
                use std::os::unix::ffi::OsStrExt;
                cmd.args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)));
            }
            cmd.current_dir(build_dir.path());
            let r =
                native::run_command(cmd, input, opts.test_timeout).map_err(|e| format!("cannot replay a test: {e}"))?;
            if let Termination::Error { msg, .. } = end {
                let kind = end.file_suffix().unwrap_or_default().trim_end_matches(".err").to_string();
                if seen.insert((kind.clone(), msg.clone())) {
                    let (reproduces, native) = replay_matches(&kind, &r);
                    errors.push(Finding { kind, message: msg.clone(), args: shown(args), reproduces, native });
                }
            }
        }
        let totals = native::line_totals(&b).map_err(|e| e.to_string())?;
        let (covered, total) = totals.iter().take(own).fold((0, 0), |(c, t), (_, h, a)| (c + h, t + a));
        rows.push(GenRow {
            config: name.to_string(),
            tests: tests.len(),
            paths,
            covered_lines: covered,
            total_lines: total,
            coverage: if total == 0 { 0.0 } else { 100.0 * covered as f64 / total as f64 },
            errors,
            time_s: t0.elapsed().as_secs_f64(),
        });
    }
    // A configuration with no test left no counts: the executable lines
    // are the same for all.
    let total = rows.iter().map(|r| r.total_lines).max().unwrap_or(0);
    for r in &mut rows {
        r.total_lines = total;
        r.coverage = if total == 0 { 0.0 } else { 100.0 * r.covered_lines as f64 / total as f64 };
    }
    Ok(GenReport {
        function: job.func.clone(),
        sym_args: (n, len),
        alphabet: String::from_utf8_lossy(&alphabet).into_owned(),
        sym_stdin: stdin_len,
        rows,
    })
}

/// The table as text.
pub fn table(g: &GenReport) -> String {
    let stdin = if g.sym_stdin > 0 { format!(", {} bytes of symbolic stdin", g.sym_stdin) } else { String::new() };
    let mut s = format!(
        "test generation for {} ({} symbolic argument(s) of up to {} characters from {:?}{stdin}; replayed natively with the real {}):\n",
        g.function, g.sym_args.0, g.sym_args.1, g.alphabet, g.function
    );
    s.push_str(&format!(
        "{:<10} {:>6} {:>6} {:>9} {:>7}  errors (native replay)\n",
        "config", "tests", "paths", "coverage", "time"
    ));
    for r in &g.rows {
        let errs: Vec<String> = r
            .errors
            .iter()
            .map(|e| {
                format!(
                    "{} on {:?}: {}",
                    e.kind,
                    e.args,
                    if e.reproduces { "reproduces".to_string() } else { format!("does not reproduce ({})", e.native) }
                )
            })
            .collect();
        s.push_str(&format!(
            "{:<10} {:>6} {:>6} {:>8.1}% {:>6.1}s  {}\n",
            r.config,
            r.tests,
            r.paths,
            r.coverage,
            r.time_s,
            if errs.is_empty() { "-".into() } else { errs.join("; ") }
        ));
    }
    s
}

/// The coverage per configuration as an SVG bar chart.
pub fn chart(g: &GenReport, file: &Path) -> Result<(), String> {
    use plotters::prelude::*;
    let root = SVGBackend::new(file, (480, 320)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let names: Vec<String> = g.rows.iter().map(|r| r.config.clone()).collect();
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("{}: line coverage of generated tests", g.function), ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(32)
        .y_label_area_size(44)
        .build_cartesian_2d((0..names.len()).into_segmented(), 0f64..100f64)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("coverage (%)")
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => names.get(*i).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(g.rows.iter().enumerate().map(|(i, r)| {
            let color = Palette99::pick(i).filled();
            Rectangle::new([(SegmentValue::Exact(i), 0.0), (SegmentValue::Exact(i + 1), r.coverage)], color)
        }))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}
