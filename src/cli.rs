//! Argument parsing (clap) and the `run` subcommand.

use crate::posix_args::{parse_program_args, read_env_file};
use crate::timespec::parse_time;
use clap::{Args, Parser, Subcommand};
use klee_ext::exec::{ArgSpec, ReplayObjects};
use klee_ext::ktest::KTest;
use klee_ext::search::SearchKind;
use klee_ext::{Config, ErrorKind, Termination};
use std::path::PathBuf;
use std::process::ExitCode;

/// The tool's own failure (bad input, missing clang, …).
pub const EXIT_TOOL_ERROR: u8 = 125;
/// A limit cut the exploration short.
pub const EXIT_LIMIT: u8 = 124;
/// Input the tool refuses by what it is, before it creates anything:
/// bitcode of an LLVM newer than the one linked, a clang that is not
/// there.
pub const EXIT_REFUSED: u8 = 2;

#[derive(Parser)]
#[command(
    name = "se2repair",
    version,
    about = "Symbolic execution with second-order constraints for C: a KLEE-compatible VM, program repair and library modelling"
)]
struct Cli {
    /// The clang that compiles C for every subcommand (clang-16,
    /// clang-14 or a path; before the subcommand). Default:
    /// $SE2REPAIR_CLANG, a project's `clang:`, else clang-16, else
    /// clang-14.
    #[arg(long, value_name = "CLANG")]
    clang: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

/// Takes `--clang CLANG` (or `--clang=CLANG`) from the front of the
/// arguments (`raw[1..]`) and makes it the clang of the run, so that the
/// subcommands clap does not parse (`klee`, …) have it too.
fn take_clang(raw: &mut Vec<std::ffi::OsString>) {
    let Some(first) = raw.get(1).and_then(|a| a.to_str()).map(str::to_string) else { return };
    let value = if first == "--clang" && raw.len() > 2 {
        raw.remove(1);
        raw.remove(1)
    } else if let Some(v) = first.strip_prefix("--clang=") {
        raw.remove(1);
        v.into()
    } else {
        return;
    };
    klee_ext::compile::set_clang(value.into());
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a C program (or LLVM bitcode) symbolically, like `klee`.
    Run(RunArgs),
    /// Repair a C project: localize, synthesize and validate a patch.
    Fix(crate::fix_cmd::FixArgs),
    /// Add the tests of a file (a question `fix` wrote) to a project's
    /// se2repair.yaml.
    AddTest(crate::fix_cmd::AddTestArgs),
    /// The paper's repair experiment on DbgBench subjects (Table 4).
    Dbgbench(crate::dbgbench_cmd::DbgbenchArgs),
    /// Synthesize a model of a library function the program cannot have,
    /// from how the program uses it and from its tests.
    ModelLib(crate::model_lib_cmd::ModelLibArgs),
    /// Measure the engine on bundled benchmark programs and print a table.
    Bench(crate::bench::BenchArgs),
    /// KLEE's own command line: `se2repair klee [KLEE options] PROGRAM
    /// [ARGS]` (also the binary called as `klee`). `klee --help` lists
    /// the options.
    #[command(disable_help_flag = true)]
    Klee {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "KLEE ARGS")]
        args: Vec<std::ffi::OsString>,
    },
    /// KLEE's statistics table of output folders (also the binary called
    /// as `klee-stats`).
    KleeStats(crate::klee_stats_cmd::KleeStatsArgs),
    /// Run a native program on the inputs of .ktest files, as KLEE's
    /// klee-replay (also the binary called as `klee-replay`).
    #[command(disable_help_flag = true)]
    KleeReplay {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<std::ffi::OsString>,
    },
    /// Make a .ktest from concrete inputs, as KLEE's ktest-gen (also the
    /// binary called as `ktest-gen`).
    #[command(name = "ktest-gen", disable_help_flag = true)]
    KtestGen {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<std::ffi::OsString>,
    },
    /// Explore a program from one concrete run, as KLEE's klee-zesti (also
    /// the binary called as `klee-zesti`).
    #[command(name = "klee-zesti", disable_help_flag = true)]
    KleeZesti {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<std::ffi::OsString>,
    },
    /// Make a .ktest of random inputs, as KLEE's ktest-randgen (also the
    /// binary called as `ktest-randgen`).
    #[command(name = "ktest-randgen", disable_help_flag = true)]
    KtestRandgen {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<std::ffi::OsString>,
    },
    /// Print .ktest files as KLEE's ktest-tool does.
    KtestTool {
        /// Trailing zero bytes left out of each object's data, hex and text
        /// (its size and integer values stay those of all its bytes).
        #[arg(long)]
        trim_zeros: bool,
        /// Write the bytes of the object NAME into FILE.NAME instead of
        /// printing (repeatable).
        #[arg(long, value_name = "NAME")]
        extract: Vec<String>,
        /// The .ktest files.
        #[arg(required = true, value_name = "KTEST")]
        files: Vec<PathBuf>,
    },
}

#[derive(Args)]
struct RunArgs {
    /// Stop after this long: seconds, or with a unit (500ms, 10s, 5min, 1h).
    #[arg(long, value_name = "TIME")]
    max_time: Option<String>,
    /// Stop after this many instructions in total.
    #[arg(long, value_name = "N")]
    max_instructions: Option<u64>,
    /// Fork at most this many times; later symbolic branches follow one side.
    #[arg(long, value_name = "N")]
    max_forks: Option<u64>,
    /// Memory limit of a path's heap and stack, in MB.
    #[arg(long, value_name = "MB", default_value_t = 2000)]
    max_memory: u64,
    /// Call-stack depth at which a path ends early (runaway recursion).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max_stack_frames: usize,
    /// Time limit of one solver query (same syntax as --max-time).
    #[arg(long, value_name = "TIME")]
    max_solver_time: Option<String>,
    /// Search heuristic: dfs, bfs, random-state, random-path, nurs:covnew.
    #[arg(long, default_value = "dfs")]
    search: String,
    /// Seed of the random searchers.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output folder (default: a new klee-out-N beside the program).
    #[arg(long)]
    output_dir: Option<PathBuf>,
    /// Extra clang flags for .c inputs (space-separated).
    #[arg(long, allow_hyphen_values = true)]
    cflags: Option<String>,
    /// More .c/.bc/.ll files to link with the program.
    #[arg(long = "link", value_name = "FILE")]
    link: Vec<PathBuf>,
    /// A symbolic command-line argument of up to N characters.
    #[arg(long = "sym-arg", value_name = "N")]
    sym_arg: Vec<u32>,
    /// Symbolic stdin of N bytes.
    #[arg(long = "sym-stdin", value_name = "N")]
    sym_stdin: Option<u32>,
    /// Replay the objects of a .ktest file instead of making them symbolic.
    #[arg(long, value_name = "FILE.ktest")]
    replay: Option<PathBuf>,
    /// Write a test case for every error path (default: one per error
    /// kind and location, as KLEE).
    #[arg(long)]
    emit_all_errors: bool,
    /// Draw the symbolic execution tree into FILE.svg (branches with their
    /// source lines, calls folded, pruned sides, each path's outcome).
    #[arg(long, value_name = "FILE.svg")]
    tree: Option<PathBuf>,
    /// Language of a second-order variable: NAME=SPEC with SPEC int, bool,
    /// real, arith, linear (each [:DEPTH]) or FILE.sy[:DEPTH] (a SyGuS-IF
    /// synth-fun). Variables without one get int:3. Repeatable.
    #[arg(long = "so-lang", value_name = "NAME=SPEC")]
    so_lang: Vec<String>,
    /// Encoding of second-order queries: pse (propositional selectors) or
    /// cbs (component-based, location variables).
    #[arg(long, default_value = "pse", value_name = "ENC")]
    so_encoding: String,
    /// For measurements of the second-order backend: `reset` (a fresh
    /// solver per query instead of one incremental solver), `sortnet` (a
    /// sorting network for exactly-one instead of Z3's pseudo-Boolean
    /// constraint); comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    so_tune: Vec<String>,
    /// Write every first-order solver query as SMT-LIB2 into DIR.
    #[arg(long, value_name = "DIR")]
    dump_queries: Option<PathBuf>,
    /// so: applications of a variable are one unknown function; fo: every
    /// evaluation of klee_apply_symbolic is a fresh symbolic int (Angelix).
    #[arg(long, default_value = "so", value_name = "MODE")]
    hole_mode: String,
    /// Print no progress, warnings or summary on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// N files named A, B, ... with SIZE symbolic bytes each (KLEE's POSIX
    /// runtime); also understood among the program's arguments.
    #[arg(long = "sym-files", num_args = 2, value_names = ["N", "SIZE"])]
    sym_files: Option<Vec<u32>>,
    /// Standard output is a file, not a terminal (KLEE's --sym-stdout; the
    /// output is captured per path either way).
    #[arg(long = "sym-stdout")]
    sym_stdout: bool,
    /// The program's environment: NAME=VALUE lines of this file instead of
    /// the tool's own environment.
    #[arg(long = "env-file", value_name = "FILE")]
    env_file: Option<PathBuf>,
    /// Let a symbolic run change the host's files (by default it may change
    /// only what lies inside --scratch-dir; a concrete run may change what
    /// a native run would).
    #[arg(long = "allow-host-writes")]
    allow_host_writes: bool,
    /// A directory a symbolic run may change.
    #[arg(long = "scratch-dir", value_name = "DIR")]
    scratch_dir: Option<PathBuf>,
    /// Run on through calls of functions nobody provides (not the program,
    /// the VM's C library or the host's): each becomes the model-lib
    /// sketch its signature fits, with a second-order hole named after it.
    #[arg(long = "model-missing")]
    model_missing: bool,
    /// With --model-missing: also treat these functions as missing
    /// (comma-separated).
    #[arg(long, value_name = "F,G", value_delimiter = ',', requires = "model_missing")]
    unavailable: Vec<String>,
    /// The program (.c, .bc or .ll), then its arguments. Among the
    /// arguments, `--sym-arg N`, `--sym-args MIN MAX N`, `--sym-stdin N`,
    /// `--sym-files N SIZE` and `--sym-stdout` are understood as KLEE's
    /// POSIX runtime does.
    #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true, value_name = "PROGRAM [ARGS]")]
    program: Vec<std::ffi::OsString>,
}

pub use klee_ext::so::parse_so_langs;

pub fn main() -> ExitCode {
    // Called as `klee` (a link to this binary) or as `se2repair klee`:
    // KLEE's own command line, which clap does not parse.
    let mut raw: Vec<std::ffi::OsString> = std::env::args_os().collect();
    take_clang(&mut raw);
    let name = raw
        .first()
        .map(|a| std::path::Path::new(a).file_name().map(|f| f.to_os_string()).unwrap_or_default())
        .unwrap_or_default();
    if name == "klee" {
        return crate::klee_cmd::main(raw.split_off(1));
    }
    if raw.get(1).is_some_and(|a| a == "klee") {
        return crate::klee_cmd::main(raw.split_off(2));
    }
    if name == "klee-replay" {
        return crate::klee_replay_cmd::main(raw.split_off(1));
    }
    if raw.get(1).is_some_and(|a| a == "klee-replay") {
        return crate::klee_replay_cmd::main(raw.split_off(2));
    }
    for (tool, main) in [
        ("ktest-gen", crate::ktest_gen_cmd::gen_main as fn(Vec<std::ffi::OsString>) -> ExitCode),
        ("ktest-randgen", crate::ktest_gen_cmd::randgen_main),
        ("klee-zesti", crate::klee_zesti_cmd::main),
    ] {
        if name == tool {
            return main(raw.split_off(1));
        }
        if raw.get(1).is_some_and(|a| a == tool) {
            return main(raw.split_off(2));
        }
    }
    // KLEE's other tools by their names: the subcommands of that name.
    if name == "klee-stats" || name == "ktest-tool" {
        raw.insert(1, name);
    }
    let cli = Cli::parse_from(raw);
    match cli.cmd {
        Cmd::Run(a) => match run(a) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("se2repair: error: {e}");
                ExitCode::from(EXIT_TOOL_ERROR)
            }
        },
        Cmd::Fix(a) => crate::fix_cmd::main(a),
        Cmd::AddTest(a) => crate::fix_cmd::add_test(a),
        Cmd::Dbgbench(a) => crate::dbgbench_cmd::main(a),
        Cmd::ModelLib(a) => crate::model_lib_cmd::main(a),
        Cmd::Bench(b) => crate::bench::main(b),
        Cmd::Klee { args } => crate::klee_cmd::main(args),
        Cmd::KleeStats(a) => crate::klee_stats_cmd::main(a),
        Cmd::KleeReplay { args } => crate::klee_replay_cmd::main(args),
        Cmd::KtestGen { args } => crate::ktest_gen_cmd::gen_main(args),
        Cmd::KtestRandgen { args } => crate::ktest_gen_cmd::randgen_main(args),
        Cmd::KleeZesti { args } => crate::klee_zesti_cmd::main(args),
        Cmd::KtestTool { trim_zeros, extract, files } => {
            for f in &files {
                let k = match KTest::load(f) {
                    Ok(k) => k,
                    Err(e) => {
                        eprintln!("se2repair: error: cannot read {}: {e}", f.display());
                        return ExitCode::from(EXIT_TOOL_ERROR);
                    }
                };
                if extract.is_empty() {
                    print!("{}", render_ktest(&f.display().to_string(), &k, trim_zeros));
                } else if let Err(e) = extract_objects(f, &k, &extract, trim_zeros) {
                    eprintln!("se2repair: error: {e}");
                    return ExitCode::from(EXIT_TOOL_ERROR);
                }
            }
            ExitCode::SUCCESS
        }
    }
}

fn run(a: RunArgs) -> Result<ExitCode, String> {
    let mut items = a.program.clone();
    if items.first().is_some_and(|s| s == "--") {
        items.remove(0);
    }
    let program = PathBuf::from(items.first().ok_or("no program given")?);
    let mut rest: Vec<std::ffi::OsString> = items[1..].to_vec();
    if rest.first().is_some_and(|s| s == "--") {
        rest.remove(0);
    }
    let posix = parse_program_args(&rest)?;
    let (mut args, mut sym_stdin) = (posix.args, posix.sym_stdin);
    for n in &a.sym_arg {
        args.push(ArgSpec::Sym(*n));
    }
    if a.sym_stdin.is_some() {
        sym_stdin = a.sym_stdin;
    }
    let search = SearchKind::parse(&a.search)
        .ok_or(format!("unknown --search {:?} (dfs, bfs, random-state, random-path, nurs:covnew)", a.search))?;
    let replay = match &a.replay {
        Some(p) => {
            let k = KTest::load(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            Some(ReplayObjects { objects: k.objects.into_iter().collect() })
        }
        None => None,
    };
    let mut cfg = Config {
        max_time: a.max_time.as_deref().map(parse_time).transpose()?,
        max_instructions: a.max_instructions,
        max_forks: a.max_forks,
        max_memory: a.max_memory.saturating_mul(1 << 20),
        max_stack: a.max_stack_frames.max(1),
        search,
        seed: a.seed,
        program_name: program.display().to_string(),
        args,
        sym_stdin,
        sym_files: posix.sym_files.or(a.sym_files.as_deref().map(|v| (v[0], v[1]))),
        sym_stdout: posix.sym_stdout || a.sym_stdout,
        max_fail: posix.max_fail,
        replay,
        warnings: !a.quiet,
        env: a.env_file.as_deref().map(read_env_file).transpose()?,
        host_writes: if a.allow_host_writes {
            klee_ext::exec::posix::HostWrites::Allow
        } else {
            klee_ext::exec::posix::HostWrites::Auto
        },
        scratch_dir: a.scratch_dir.clone(),
        ..Config::default()
    };
    cfg.solver.timeout = a.max_solver_time.as_deref().map(parse_time).transpose()?;
    cfg.solver.so.encoding = match a.so_encoding.as_str() {
        "pse" => klee_ext::so::Encoding::Pse,
        "cbs" => klee_ext::so::Encoding::Cbs,
        other => return Err(format!("unknown --so-encoding {other:?} (pse, cbs)")),
    };
    for t in &a.so_tune {
        match t.as_str() {
            "reset" => cfg.solver.so.incremental = false,
            "sortnet" => cfg.solver.so.exactly_one = klee_ext::solver::ExactlyOne::SortingNetwork,
            other => return Err(format!("unknown --so-tune {other:?} (reset, sortnet)")),
        }
    }
    if let Some(d) = &a.dump_queries {
        std::fs::create_dir_all(d).map_err(|e| format!("--dump-queries {}: {e}", d.display()))?;
        cfg.solver.dump_queries = Some(d.clone());
    }
    cfg.hole_mode = match a.hole_mode.as_str() {
        "so" => klee_ext::so::HoleMode::So,
        "fo" => klee_ext::so::HoleMode::Fo,
        other => return Err(format!("unknown --hole-mode {other:?} (so, fo)")),
    };
    cfg.so_langs = parse_so_langs(&a.so_lang)?;
    // Like KLEE, test cases record the program and its arguments.
    let command_line: Vec<String> = std::iter::once(program.display().to_string())
        .chain(rest.iter().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    let mut inputs = vec![program];
    inputs.extend(a.link.iter().cloned());
    if let Err(e) = klee_ext::refuse_inputs(&inputs) {
        eprintln!("se2repair: error: {e}");
        return Ok(ExitCode::from(EXIT_REFUSED));
    }
    let sketches_dir = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
    if a.model_missing {
        let is = |p: &PathBuf, e: &str| p.extension().is_some_and(|x| x == e);
        let c: Vec<PathBuf> = inputs.iter().filter(|p| is(p, "c")).cloned().collect();
        let bc: Vec<PathBuf> = inputs.iter().filter(|p| !is(p, "c")).cloned().collect();
        let cflags: Vec<String> =
            a.cflags.as_deref().map(|s| s.split_whitespace().map(String::from).collect()).unwrap_or_default();
        for m in repair::modellib::missing::sketch_missing(&c, &bc, &cflags, &a.unavailable, sketches_dir.path())? {
            if !a.quiet {
                eprintln!(
                    "se2repair: {} is missing: the {} sketch stands in for `{}`, with the hole `{}`",
                    m.name, m.sketch, m.signature, m.hole
                );
            }
            if !cfg.so_langs.iter().any(|(n, _)| *n == m.hole) {
                cfg.so_langs.push((m.hole.clone(), klee_ext::so::LangSpec::Arith(3)));
            }
            inputs.push(m.file);
        }
    }
    let opts = klee_ext::RunOptions {
        inputs,
        cflags: a.cflags.as_deref().map(|s| s.split_whitespace().map(String::from).collect()).unwrap_or_default(),
        output_dir: a.output_dir.clone(),
        exec: cfg,
        echo: true,
        emit_all_errors: a.emit_all_errors,
        verbose: !a.quiet,
        command_line,
        tree: a.tree.clone(),
    };
    let out = klee_ext::run(&opts).map_err(|e| e.to_string())?;
    Ok(exit_code(&out))
}

fn exit_code(out: &klee_ext::RunOutcome) -> ExitCode {
    if out.summary.stopped_by.is_some() || out.terminations.iter().any(|t| matches!(t, Termination::Early(_))) {
        return ExitCode::from(EXIT_LIMIT);
    }
    if out.terminations.len() != 1 {
        return ExitCode::SUCCESS;
    }
    match &out.terminations[0] {
        Termination::Exit(c) => ExitCode::from(*c as u8),
        Termination::Error { kind, .. } => ExitCode::from(match kind {
            ErrorKind::Assert | ErrorKind::Abort => 134,
            ErrorKind::Div => 136,
            ErrorKind::Ptr | ErrorKind::Free | ErrorKind::ReadOnly => 139,
            _ => 1,
        }),
        _ => ExitCode::SUCCESS,
    }
}

/// `ktest-tool --extract`: the bytes of each object named in `names` into
/// `FILE.NAME` (without trailing zeros with `trim`); an error names the
/// objects the test does not have.
fn extract_objects(f: &std::path::Path, k: &KTest, names: &[String], trim: bool) -> Result<(), String> {
    for (name, data) in k.objects.iter().filter(|(n, _)| names.contains(n)) {
        let out = PathBuf::from(format!("{}.{name}", f.display()));
        let bytes = if trim { trimmed(data) } else { data };
        std::fs::write(&out, bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    let mut missing: Vec<&str> =
        names.iter().filter(|n| !k.objects.iter().any(|(o, _)| o == *n)).map(|n| n.as_str()).collect();
    missing.sort_unstable();
    missing.dedup();
    if missing.is_empty() {
        Ok(())
    } else {
        let s = if missing.len() == 1 { "" } else { "s" };
        Err(format!("{}: could not find object{s}: {}", f.display(), missing.join(", ")))
    }
}

/// `data` without its trailing zero bytes.
fn trimmed(data: &[u8]) -> &[u8] {
    &data[..data.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1)]
}

/// A test case in the text layout of KLEE's `ktest-tool` (`trim`:
/// `--trim-zeros`).
pub fn render_ktest(path: &str, k: &KTest, trim: bool) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let quote = |s: &str| format!("'{s}'");
    let _ = writeln!(out, "ktest file : {}", quote(path));
    let _ = writeln!(out, "args       : [{}]", k.args.iter().map(|a| quote(a)).collect::<Vec<_>>().join(", "));
    let _ = writeln!(out, "num objects: {}", k.objects.len());
    for (i, (name, data)) in k.objects.iter().enumerate() {
        let _ = writeln!(out, "object {i}: name: {}", quote(name));
        let _ = writeln!(out, "object {i}: size: {}", data.len());
        let blob = if trim { trimmed(data) } else { data };
        let bytes: String = blob
            .iter()
            .map(|b| match *b {
                b'\\' => "\\\\".to_string(),
                b'\'' => "\\'".to_string(),
                0x20..=0x7e => (*b as char).to_string(),
                _ => format!("\\x{b:02x}"),
            })
            .collect();
        let _ = writeln!(out, "object {i}: data: b'{bytes}'");
        let _ = writeln!(out, "object {i}: hex : 0x{}", blob.iter().map(|b| format!("{b:02x}")).collect::<String>());
        if matches!(data.len(), 1 | 2 | 4 | 8) {
            let mut buf = [0u8; 8];
            buf[..data.len()].copy_from_slice(data);
            let u = u64::from_le_bytes(buf);
            let bits = data.len() as u32 * 8;
            let sv = if bits == 64 { u as i64 } else { ((u << (64 - bits)) as i64) >> (64 - bits) };
            let _ = writeln!(out, "object {i}: int : {sv}");
            let _ = writeln!(out, "object {i}: uint: {u}");
        }
        let text: String = blob.iter().map(|b| if (0x20..0x7f).contains(b) { *b as char } else { '.' }).collect();
        let _ = writeln!(out, "object {i}: text: {text}");
    }
    out
}
