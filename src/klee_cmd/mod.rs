//! `se2repair klee` (and the binary called as `klee`): KLEE's command
//! line, messages, output files and exit status over the same engine as
//! `se2repair run`.
//!
//! Exit status as KLEE's: 0 when the run completes, whatever the program
//! did; 1 for a bad command line (an option KLEE has and this tool does
//! not: "unsupported KLEE option --x"), a program that cannot be loaded,
//! or `--exit-on-error` stopping at an error.

mod args;

use klee_ext::klee_run::{run_klee, KleeOptions};
use klee_ext::log;
use klee_ext::search::SearchKind;
use klee_ext::solver::query_log::{LogFormat, LogPlace};
use klee_ext::{Config, RunOptions};
use std::path::PathBuf;
use std::process::ExitCode;

pub use args::OPTIONS;

/// The KLEE whose regression suite `scripts/klee-suite.sh` checks this
/// tool against (its version and commit).
const KLEE_CHECKED: &str = "3.3-pre (52201696cacc)";

/// Input refused before anything is created (bitcode of a newer LLVM, a
/// missing compiler), as `run` exits for it.
const EXIT_REFUSED: u8 = 2;

/// KLEE's `klee_error`: the message, then exit 1.
fn fail(msg: &str) -> ExitCode {
    log::message(&format!("ERROR: {msg}"));
    ExitCode::from(1)
}

pub fn main(raw: Vec<std::ffi::OsString>) -> ExitCode {
    log::configure(log::Style::Klee, false, false);
    let argv: Vec<String> =
        std::iter::once("klee".to_string()).chain(raw.iter().map(|s| s.to_string_lossy().into_owned())).collect();
    if raw.iter().any(|a| a == "--help" || a == "-help") && !raw.iter().any(|a| !a.to_string_lossy().starts_with('-')) {
        print_help();
        return ExitCode::SUCCESS;
    }
    if raw.iter().any(|a| a == "--version" || a == "-version") {
        println!("se2repair {} (klee)", env!("CARGO_PKG_VERSION"));
        println!("KLEE-compatible: KLEE {KLEE_CHECKED} (its regression suite, docs/klee-compatibility.md)");
        let (major, minor, patch) = klee_ext::ir::llvm_version();
        // KLEE's own line for the LLVM it is built with.
        println!("  LLVM version {major}.{minor}.{patch}");
        return ExitCode::SUCCESS;
    }
    let parsed = match args::parse(raw) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("klee: {e}");
            return ExitCode::from(1);
        }
    };
    log::configure(log::Style::Klee, false, parsed.flag("warnings-only-to-file").unwrap_or(false));
    // A program on stdin is kept in a temporary file for the run.
    let tmp = match tempfile::tempdir() {
        Ok(t) => t,
        Err(e) => return fail(&format!("cannot create a temporary folder: {e}")),
    };
    let (program, display) = if parsed.program == "-" {
        match stdin_program(tmp.path()) {
            Ok(p) => (p, "-".to_string()),
            Err(e) => return fail(&e),
        }
    } else {
        let path = PathBuf::from(&parsed.program);
        // Nothing is created for a program that cannot be loaded.
        if path.is_dir() {
            return fail(&format!("error loading program '{}': is a folder", parsed.program));
        }
        if !path.exists() {
            return fail(&format!("error loading program '{}': no such file", parsed.program));
        }
        if path.extension().is_some_and(|e| e == "c") {
            let cc = klee_ext::compile::compiler().map(|c| c.display().to_string()).unwrap_or_default();
            log::warning(&format!(
                "{}: a C source, compiled with {cc} first (KLEE itself loads only LLVM bitcode)",
                parsed.program
            ));
        }
        (path, parsed.program.clone())
    };
    klee_ext::klee_run::catch_ctrl_c();
    let (mut opts, k) = match build(&parsed, program, display, argv) {
        Ok(x) => x,
        Err(e) => return fail(&e),
    };
    // Bitcode of a newer LLVM, or C without its clang, is refused before
    // anything is created.
    if let Err(e) = klee_ext::refuse_inputs(&opts.inputs) {
        log::message(&format!("ERROR: {e}"));
        return ExitCode::from(EXIT_REFUSED);
    }
    // A program read from stdin has no folder of its own: its results go
    // where KLEE puts them, `klee-out-N` in the current folder.
    if parsed.program == "-" && opts.output_dir.is_none() {
        match klee_ext::output::create_dir(None, std::path::Path::new("-")) {
            Ok(d) => opts.output_dir = Some(d),
            Err(e) => return fail(&e.to_string()),
        }
    }
    let r = run_klee(&opts, &k);
    // The program's output held back as KLEE's own stdout would hold it.
    klee_ext::exec::flush_echo();
    match r {
        Ok(o) => ExitCode::from(o.exit),
        Err(e) => fail(&e.to_string()),
    }
}

/// Reads a program (bitcode or LLVM text) from stdin into `dir`.
fn stdin_program(dir: &std::path::Path) -> Result<PathBuf, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("cannot read the program from stdin: {e}"))?;
    let bitcode = bytes.starts_with(b"BC\xc0\xde") || bytes.starts_with(&[0xde, 0xc0, 0x17, 0x0b]);
    let path = dir.join(if bitcode { "stdin.bc" } else { "stdin.ll" });
    std::fs::write(&path, &bytes).map_err(|e| format!("cannot keep the program from stdin: {e}"))?;
    Ok(path)
}

fn number<T: std::str::FromStr>(p: &args::Parsed, name: &str) -> Result<Option<T>, String> {
    p.value(name).map(|v| v.parse::<T>().map_err(|_| format!("--{name}: '{v}' is not a number"))).transpose()
}

/// KLEE's time spans: seconds, or a number with a unit (`1min30s`).
fn time(p: &args::Parsed, name: &str) -> Result<Option<std::time::Duration>, String> {
    match p.value(name) {
        None => Ok(None),
        Some(v) => {
            let d = crate::timespec::parse_time(v).map_err(|e| format!("--{name}: {e}"))?;
            // KLEE: a zero span means no limit.
            Ok((!d.is_zero()).then_some(d))
        }
    }
}

/// The engine's options from KLEE's.
fn build(
    p: &args::Parsed, program: PathBuf, display: String, argv: Vec<String>,
) -> Result<(RunOptions, KleeOptions), String> {
    if p.value("entry-point") == Some("") {
        return Err("entry-point cannot be empty".into());
    }
    let inputs = program_inputs(p)?;
    if let Some(l) = p.value("libc") {
        if !matches!(l, "none" | "klee" | "uclibc") {
            return Err(format!("--libc: '{l}' is not one of none, klee, uclibc"));
        }
    }
    if let Some(b) = p.value("solver-backend") {
        if b != "z3" {
            return Err(format!("unsupported: --solver-backend={b} (this tool solves with Z3 only)"));
        }
    }
    let cfg = exec_config(p, &display, inputs)?;
    let mut files = vec![program];
    for lib in p.list("link-llvm-lib") {
        if lib.ends_with(".a") {
            return Err(format!("unsupported: --link-llvm-lib {lib} (archives; give .bc or .ll files)"));
        }
        files.push(PathBuf::from(lib));
    }
    let replays = ktest_files(p, "replay-ktest-file", "replay-ktest-dir")?;
    let mut command_line = vec![display];
    command_line.extend(p.program_args.iter().map(|s| s.to_string_lossy().into_owned()));
    let opts = RunOptions {
        inputs: files,
        cflags: Vec::new(),
        output_dir: p.value("output-dir").map(PathBuf::from),
        exec: cfg,
        echo: false,
        emit_all_errors: p.flag("emit-all-errors").unwrap_or(false),
        verbose: true,
        command_line,
        tree: None,
    };
    Ok((opts, klee_options(p, argv, replays)?))
}

/// The program's arguments, symbolic stdin, symbolic files, whether its
/// stdout is symbolic, and `--max-fail`.
type ProgramInputs = (Vec<klee_ext::exec::ArgSpec>, Option<u32>, Option<(u32, u32)>, bool, u32);

/// The program's inputs: with `--posix-runtime`, KLEE's `--sym-*`
/// arguments among the program's; without, its arguments as given.
fn program_inputs(p: &args::Parsed) -> Result<ProgramInputs, String> {
    if p.flag("posix-runtime").unwrap_or(false) {
        let a = crate::posix_args::parse_program_args(&p.program_args)?;
        return Ok((a.args, a.sym_stdin, a.sym_files, a.sym_stdout, a.max_fail));
    }
    let a =
        p.program_args.iter().map(|s| klee_ext::exec::ArgSpec::Concrete(s.to_string_lossy().into_owned())).collect();
    Ok((a, None, None, false, 0))
}

/// The searchers (`--search`, several interleaved) and the batching of
/// `--use-batching-search`.
fn searchers(p: &args::Parsed) -> Result<(SearchKind, Vec<SearchKind>, Option<u64>), String> {
    let searches = p.list("search");
    let search = match searches.first() {
        None => SearchKind::RandomPath,
        Some(s) => SearchKind::parse(s).ok_or(format!("--search: unknown searcher '{s}'"))?,
    };
    let search_more = searches
        .iter()
        .skip(1)
        .map(|s| SearchKind::parse(s).ok_or(format!("--search: unknown searcher '{s}'")))
        .collect::<Result<Vec<_>, _>>()?;
    // KLEE's default batch is 10 000 instructions.
    let batch_instructions = match p.flag("use-batching-search").unwrap_or(false) {
        true => Some(number::<u64>(p, "batch-instructions")?.unwrap_or(10_000)).filter(|n| *n > 0),
        false => None,
    };
    Ok((search, search_more, batch_instructions))
}

/// A share between 0 and 1 (`--max-static-fork-pct`…), 1 when not given.
fn pct(p: &args::Parsed, name: &str) -> Result<f64, String> {
    match p.value(name) {
        None => Ok(1.0),
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|x| (0.0..=1.0).contains(x))
            .ok_or(format!("--{name}: '{v}' is not a share between 0 and 1")),
    }
}

/// `--optimize-array`; KLEE's `--const-array-opt` speeds up reads of
/// all-constant arrays at a symbolic index: here that is the index
/// rewrite.
fn optimize_array(p: &args::Parsed) -> Result<klee_ext::exec::OptimizeArray, String> {
    use klee_ext::exec::OptimizeArray;
    let o = choice(
        p,
        "optimize-array",
        "none",
        &[
            ("none", OptimizeArray::None),
            ("index", OptimizeArray::Index),
            ("value", OptimizeArray::Value),
            ("all", OptimizeArray::All),
        ],
    )?;
    Ok(match o {
        OptimizeArray::None if p.flag("const-array-opt").unwrap_or(false) => OptimizeArray::IndexQuiet,
        o => o,
    })
}

/// The executor's configuration with KLEE's defaults.
fn exec_config(p: &args::Parsed, display: &str, inputs: ProgramInputs) -> Result<Config, String> {
    use klee_ext::exec::{CallWarnings, ExternalCalls, ObjectResolution};
    let (args, sym_stdin, sym_files, sym_stdout, max_fail) = inputs;
    let (search, search_more, batch_instructions) = searchers(p)?;
    let external_calls = choice(
        p,
        "external-calls",
        "concrete",
        &[
            ("none", ExternalCalls::None),
            ("concrete", ExternalCalls::Concrete),
            ("all", ExternalCalls::All),
            ("over-approx", ExternalCalls::All),
        ],
    )?;
    let external_call_warnings = choice(
        p,
        "external-call-warnings",
        "once-per-function",
        &[
            ("none", CallWarnings::None),
            ("once-per-function", CallWarnings::OncePerFunction),
            ("all", CallWarnings::All),
        ],
    )?;
    let optimize_array = optimize_array(p)?;
    let mut cfg = Config {
        max_time: time(p, "max-time")?,
        max_instructions: number(p, "max-instructions")?.filter(|n| *n != 0),
        max_forks: number::<u64>(p, "max-forks")?.filter(|n| *n != u64::from(u32::MAX)),
        // As KLEE, --max-memory caps the whole run (0: no cap), not a path;
        // objects may be as large as the host can map.
        max_memory: u64::MAX,
        max_object_size: 1 << 40,
        max_total_memory: Some(number::<u64>(p, "max-memory")?.unwrap_or(2000))
            .filter(|mb| *mb != 0)
            .map(|mb| mb.saturating_mul(1 << 20)),
        max_stack: number(p, "max-stack-frames")?.unwrap_or(8192).max(1),
        search,
        search_more,
        batch_instructions,
        seed: number(p, "rng-initial-seed")?.unwrap_or(5489),
        program_name: display.to_string(),
        args,
        sym_stdin,
        sym_files,
        sym_stdout,
        max_fail,
        warnings: true,
        env: p.value("env-file").map(|f| crate::posix_args::read_env_file(std::path::Path::new(f))).transpose()?,
        cwd: p.value("run-in-dir").map(PathBuf::from),
        // KLEE runs the program in --run-in-dir and lets it change files
        // there: that folder is where a symbolic run may write.
        scratch_dir: p.value("run-in-dir").map(PathBuf::from),
        entry: p.value("entry-point").map(String::from),
        external_calls,
        check_overshift: p.flag("check-overshift").unwrap_or(true),
        check_div_zero: p.flag("check-div-zero").unwrap_or(true),
        silent_klee_assume: p.flag("silent-klee-assume").unwrap_or(false),
        line_buffered_stdout: true,
        echo_live: true,
        // With no C library, the program's printf is the host's writing into
        // KLEE's stdout, block-buffered unless that is a terminal.
        // SAFETY: isatty on the tool's own stdout.
        echo_block_buffered: p.value("libc").is_none_or(|l| l == "none") && unsafe { libc::isatty(1) } == 0,
        whole_objects: true,
        klee_heap: true,
        sym_read_limit: 8192,
        make_concrete_symbolic: number(p, "make-concrete-symbolic")?.unwrap_or(0),
        symbolic_terminals: true,
        sym_write_limit: 8192,
        optimize_array,
        external_call_warnings,
        max_static_fork_pct: pct(p, "max-static-fork-pct")?,
        max_static_cpfork_pct: pct(p, "max-static-cpfork-pct")?,
        max_static_pct_check_delay: number(p, "max-static-pct-check-delay")?.unwrap_or(1000),
        iterative_deepening: p.flag("use-iterative-deepening-time-search").unwrap_or(false),
        object_resolution: if p.flag("single-object-resolution").unwrap_or(false) {
            ObjectResolution::Single
        } else {
            ObjectResolution::Every
        },
        use_merge: p.flag("use-merge").unwrap_or(false),
        debug_log_merge: p.flag("debug-log-merge").unwrap_or(false),
        ..Config::default()
    };
    cfg.solver.timeout = time(p, "max-solver-time")?;
    cfg.seeding = seeding(p)?;
    cfg.replay_path = replay_path(p)?;
    cfg.record_branches = cfg.replay_path.is_some() || p.flag("write-paths").unwrap_or(false);
    cfg.record_lines = p.flag("write-cov").unwrap_or(false);
    cfg.bare_reports = p.flag("only-output-states-covering-new").unwrap_or(false);
    cfg.switch_by_target =
        choice(p, "switch-type", "internal", &[("simple", false), ("weighted", true), ("internal", true)])?;
    Ok(cfg)
}

/// `--replay-path`: a file of branch decisions, `0` or `1` each.
fn replay_path(p: &args::Parsed) -> Result<Option<std::rc::Rc<Vec<bool>>>, String> {
    let Some(f) = p.value("replay-path") else { return Ok(None) };
    let text = std::fs::read_to_string(f).map_err(|e| format!("--replay-path {f}: {e}"))?;
    let bits: Result<Vec<bool>, String> = text
        .split_whitespace()
        .map(|w| match w {
            "0" => Ok(false),
            "1" => Ok(true),
            other => Err(format!("--replay-path {f}: '{other}' is not a branch decision (0 or 1)")),
        })
        .collect();
    Ok(Some(std::rc::Rc::new(bits?)))
}

/// What the `klee` job writes and how it ends, from KLEE's options.
fn klee_options(p: &args::Parsed, argv: Vec<String>, replays: Vec<PathBuf>) -> Result<KleeOptions, String> {
    let xml = p.flag("write-xml-tests").unwrap_or(false).then(|| {
        (
            p.value("xml-metadata-programfile").unwrap_or("").to_string(),
            p.value("xml-metadata-programhash").unwrap_or("").to_string(),
        )
    });
    Ok(KleeOptions {
        argv,
        write_tests: !p.flag("write-no-tests").unwrap_or(false),
        write_ktests: p.flag("write-ktests").unwrap_or(true),
        write_kqueries: p.flag("write-kqueries").unwrap_or(false),
        write_cov: p.flag("write-cov").unwrap_or(false),
        write_paths: p.flag("write-paths").unwrap_or(false),
        write_xml: xml,
        only_new: p.flag("only-output-states-covering-new").unwrap_or(false),
        exit_on_error: p.flag("exit-on-error").unwrap_or(false),
        exit_on_types: p.list("exit-on-error-type").to_vec(),
        dump_states_on_halt: p.flag("dump-states-on-halt").unwrap_or(true),
        max_tests: number(p, "max-tests")?,
        aliases: p.list("function-alias").to_vec(),
        optimize: p.flag("optimize").unwrap_or(false),
        output_source: p.flag("output-source").unwrap_or(true),
        output_module: p.flag("output-module").unwrap_or(false),
        replays,
        stats: stats_options(p)?,
        query_logs: query_logs(p)?,
        debug_print: debug_print(p)?,
        print_escaping: p.flag("debug-print-escaping-functions").unwrap_or(false),
    })
}

/// The value of option `name` (`default` when not given) among `table`'s
/// names; another is an error that lists them.
fn choice<T: Copy>(p: &args::Parsed, name: &str, default: &str, table: &[(&str, T)]) -> Result<T, String> {
    let v = p.value(name).unwrap_or(default);
    table.iter().find(|(n, _)| *n == v).map(|(_, t)| *t).ok_or_else(|| {
        let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
        format!("--{name}: '{v}' is not one of {}", names.join(", "))
    })
}

/// `--debug-print-instructions=all|src|compact:stderr|file,…`: the
/// fullest form asked, on stderr if any entry asks for it.
fn debug_print(p: &args::Parsed) -> Result<Option<(klee_ext::exec::InstForm, bool)>, String> {
    use klee_ext::exec::InstForm;
    let mut form: Option<InstForm> = None;
    let mut to_file = true;
    for item in p.list("debug-print-instructions").iter().flat_map(|v| v.split(',')) {
        let bad = || {
            format!("--debug-print-instructions: '{item}' is not one of all, src, compact followed by :stderr or :file")
        };
        let (f, to) = item.split_once(':').ok_or_else(bad)?;
        let f = match f {
            "all" => InstForm::All,
            "src" => InstForm::Src,
            "compact" => InstForm::Compact,
            _ => return Err(bad()),
        };
        match to {
            "stderr" => to_file = false,
            "file" => {}
            _ => return Err(bad()),
        }
        form = Some(match (form, f) {
            (Some(InstForm::All), _) | (_, InstForm::All) => InstForm::All,
            (Some(InstForm::Src), _) | (_, InstForm::Src) => InstForm::Src,
            _ => InstForm::Compact,
        });
    }
    Ok(form.map(|f| (f, to_file)))
}

/// `--use-query-log=all:kquery,solver:smt2,…`.
fn query_logs(p: &args::Parsed) -> Result<Vec<(LogPlace, LogFormat)>, String> {
    let mut logs = Vec::new();
    for item in p.list("use-query-log").iter().flat_map(|v| v.split(',')) {
        let (place, format) = match item.split_once(':') {
            Some(("all", "kquery")) => (LogPlace::All, LogFormat::Kquery),
            Some(("all", "smt2")) => (LogPlace::All, LogFormat::Smt2),
            Some(("solver", "kquery")) => (LogPlace::Solver, LogFormat::Kquery),
            Some(("solver", "smt2")) => (LogPlace::Solver, LogFormat::Smt2),
            _ => {
                return Err(format!(
                    "--use-query-log: '{item}' is not one of all:kquery, all:smt2, solver:kquery, solver:smt2"
                ))
            }
        };
        if !logs.contains(&(place, format)) {
            logs.push((place, format));
        }
    }
    Ok(logs)
}

/// The tests of a file option and a folder option (every `.ktest` of
/// each folder, in name order), in the order given.
fn ktest_files(p: &args::Parsed, file_opt: &str, dir_opt: &str) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = p.list(file_opt).iter().map(PathBuf::from).collect();
    for d in p.list(dir_opt) {
        let mut found: Vec<PathBuf> = std::fs::read_dir(d)
            .map_err(|e| format!("--{dir_opt} {d}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|f| f.extension().is_some_and(|x| x == "ktest"))
            .collect();
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// `--seed-file`/`--seed-dir` and the options of seeding.
fn seeding(p: &args::Parsed) -> Result<klee_ext::exec::SeedConfig, String> {
    let files = ktest_files(p, "seed-file", "seed-dir")?;
    let mut seeds = Vec::new();
    for f in &files {
        let kt =
            klee_ext::ktest::KTest::load(f).map_err(|e| format!("unable to read seed file: {} ({e})", f.display()))?;
        seeds.push(std::rc::Rc::new(kt.objects));
    }
    let flag = |n: &str| p.flag(n).unwrap_or(false);
    if seeds.is_empty() && (flag("only-seed") || flag("only-replay-seeds")) {
        return Err("--only-seed and --only-replay-seeds need seeds (--seed-file or --seed-dir)".into());
    }
    Ok(klee_ext::exec::SeedConfig {
        seeds,
        named: flag("named-seed-matching"),
        extend: flag("allow-seed-extension"),
        zero_extend: flag("zero-seed-extension"),
        truncate: flag("allow-seed-truncation"),
        only_seed: flag("only-seed"),
        only_replay: flag("only-replay-seeds"),
    })
}

/// `run.stats`/`run.istats` options; an interval of 0 writes only at the end.
fn stats_options(p: &args::Parsed) -> Result<klee_ext::run_stats::StatsOptions, String> {
    let d = klee_ext::run_stats::StatsOptions::default();
    let never = |t: std::time::Duration| if t.is_zero() { std::time::Duration::from_secs(u64::MAX / 4) } else { t };
    Ok(klee_ext::run_stats::StatsOptions {
        stats: p.flag("output-stats").unwrap_or(true),
        istats: p.flag("output-istats").unwrap_or(true),
        stats_every: never(time(p, "stats-write-interval")?.unwrap_or(d.stats_every)),
        istats_every: never(time(p, "istats-write-interval")?.unwrap_or(d.istats_every)),
        stats_every_instructions: number(p, "stats-write-after-instructions")?.unwrap_or(0),
    })
}

fn print_help() {
    println!("OVERVIEW: se2repair's drop-in klee: KLEE's command line over the se2repair VM\n");
    println!("USAGE: klee [options] <input bytecode> <program arguments>...\n");
    println!("OPTIONS (KLEE's names; -opt, --opt, -opt=v, --opt v and @file all work):");
    for (name, kind, effect) in OPTIONS {
        let v = match kind {
            args::Kind::Flag => "",
            _ => "=<value>",
        };
        let note = if *effect == args::Effect::Internal { "  (accepted; tunes KLEE's internals only)" } else { "" };
        println!("  --{name}{v}{note}");
    }
}
