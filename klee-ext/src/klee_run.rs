//! The `klee` job: the engine of [`crate::driver`] with KLEE's messages,
//! files and halting rules (the drop-in `klee` front end).
//!
//! What KLEE writes and this job writes alike: `KLEE: output directory is
//! "…"`, `KLEE: ERROR: FILE:LINE: message` with `KLEE: NOTE: now ignoring
//! this error at this location`, the closing `KLEE: done: …` lines; in the
//! output folder `info`, `messages.txt`, `warnings.txt`, `assembly.ll`,
//! `testN.ktest`, `testN.KIND.err` (KLEE's layout), `testN.early`,
//! `testN.kquery` (for errors, and for every test with `--write-kqueries`),
//! `testN.cov`, `testN.path` and Test-Comp's `testN.xml`.

use crate::driver::{load, RunError, RunOptions};
use crate::exec::{Executor, PathReport, StopReason, Termination};
use crate::ktest::KTest;
use crate::log;
use std::path::PathBuf;

/// What the KLEE command line asks beyond [`RunOptions`].
#[derive(Clone, Debug)]
pub struct KleeOptions {
    /// KLEE's own command line, for `info`.
    pub argv: Vec<String>,
    /// `--write-no-tests` clears it: no test files at all.
    pub write_tests: bool,
    /// `--write-ktests` (default on).
    pub write_ktests: bool,
    pub write_kqueries: bool,
    pub write_cov: bool,
    pub write_paths: bool,
    /// `--write-xml-tests`, with the metadata's program file and hash.
    pub write_xml: Option<(String, String)>,
    /// `--only-output-states-covering-new`.
    pub only_new: bool,
    /// `--exit-on-error`: stop the tool at the first error (exit 1).
    pub exit_on_error: bool,
    /// `--exit-on-error-type`: halt the exploration on these KLEE
    /// termination types (`Abort`, `Assert`, `Ptr`, …).
    pub exit_on_types: Vec<String>,
    /// `--dump-states-on-halt` (default on).
    pub dump_states_on_halt: bool,
    /// `--max-tests`: halt after this many tests.
    pub max_tests: Option<u64>,
    /// `--optimize`.
    pub optimize: bool,
    /// `--output-source` (default on): write `assembly.ll`.
    pub output_source: bool,
    /// `--output-module`: write `final.bc`.
    pub output_module: bool,
    /// `--function-alias` values.
    pub aliases: Vec<String>,
    /// `--replay-ktest-file`/`--replay-ktest-dir`: run each of these
    /// tests concretely instead of exploring.
    pub replays: Vec<PathBuf>,
    /// `run.stats` and `run.istats` (`--output-stats`, `--output-istats`
    /// and their intervals).
    pub stats: crate::run_stats::StatsOptions,
    /// `--use-query-log`: the logs written into the output folder.
    pub query_logs: Vec<(crate::solver::query_log::LogPlace, crate::solver::query_log::LogFormat)>,
    /// `--debug-print-instructions`: the form, and whether into
    /// `instructions.txt` (else stderr).
    pub debug_print: Option<(crate::exec::InstForm, bool)>,
    /// `--debug-print-escaping-functions`.
    pub print_escaping: bool,
}

impl Default for KleeOptions {
    fn default() -> Self {
        KleeOptions {
            argv: Vec::new(),
            write_tests: true,
            write_ktests: true,
            write_kqueries: false,
            write_cov: false,
            write_paths: false,
            write_xml: None,
            only_new: false,
            exit_on_error: false,
            exit_on_types: Vec::new(),
            dump_states_on_halt: true,
            max_tests: None,
            aliases: Vec::new(),
            optimize: false,
            output_source: true,
            output_module: false,
            replays: Vec::new(),
            stats: Default::default(),
            query_logs: Vec::new(),
            debug_print: None,
            print_escaping: false,
        }
    }
}

/// KLEE's name of a termination's type (`--exit-on-error-type` values).
pub(crate) fn termination_type(t: &Termination) -> Option<&'static str> {
    use crate::exec::ErrorKind as K;
    Some(match t {
        Termination::Error { kind, suffix, .. } => match (kind, suffix.as_deref()) {
            (K::Report, Some(s)) if s.starts_with("overflow") => "Overflow",
            (K::Report, _) => "ReportError",
            (K::Ptr, _) => "Ptr",
            (K::Free, _) => "Free",
            (K::Div, _) => "ReportError",
            (K::Assert, _) => "Assert",
            (K::Abort, _) => "Abort",
            (K::Exec, _) => "Execution",
            (K::Model, _) => "Model",
            (K::User, _) => "User",
            (K::ReadOnly, _) => "ReadOnly",
        },
        _ => return None,
    })
}

/// How the run ended, for the tool's exit status.
pub struct KleeOutcome {
    /// 1 when `--exit-on-error` stopped the tool, else 0.
    pub exit: u8,
    pub output_dir: PathBuf,
}

struct Writer<'a> {
    dir: PathBuf,
    k: &'a KleeOptions,
    emit_all: bool,
    args: Vec<String>,
    tests: u64,
    generated: u64,
    completed: u64,
    partial: u64,
    seen: std::collections::HashSet<(Option<(String, u32)>, String)>,
    exiting: Option<String>,
    io_error: Option<String>,
    said_halting: bool,
}

impl Writer<'_> {
    fn io(&mut self, r: std::io::Result<()>) {
        if let Err(e) = r {
            self.io_error.get_or_insert(format!("cannot write to {}: {e}", self.dir.display()));
        }
    }

    /// One finished path, as KLEE's `processTestCase` and
    /// `terminateStateOnError` handle it.
    fn path(&mut self, ex: &mut Executor, r: PathReport) {
        if self.exiting.is_some() {
            return;
        }
        let t = &r.termination;
        match t {
            Termination::Exit(_) => self.completed += 1,
            Termination::Silent => {
                self.partial += 1;
                return;
            }
            Termination::Early(why) if halting(why) && !self.k.dump_states_on_halt => {
                self.partial += 1;
                return;
            }
            Termination::Early(why) if halting(why) => {
                if !self.said_halting {
                    self.said_halting = true;
                    log::message("halting execution, dumping remaining states");
                }
                self.partial += 1;
            }
            _ => self.partial += 1,
        }
        if let Termination::Error { msg, loc, .. } = t {
            let key = (loc.as_ref().map(|l| (l.file.to_string(), l.line)), msg.clone());
            if !self.emit_all && !self.seen.insert(key) {
                return;
            }
            match loc {
                Some(l) => log::message(&format!("ERROR: {}:{}: {msg}", l.file, l.line)),
                None => log::message(&format!("ERROR: (location information missing) {msg}")),
            }
            if !self.emit_all {
                log::message("NOTE: now ignoring this error at this location");
            }
        }
        if self.k.only_new && !t.is_error() && !r.covered_new {
            return;
        }
        self.tests += 1;
        let n = self.tests;
        if self.k.write_tests {
            self.write_test(ex, &r, n);
        }
        if let Some(kind) = termination_type(t) {
            if self.k.exit_on_error {
                self.exiting = crate::output::error_text(t, true);
                ex.halt();
                return;
            }
            if self.k.exit_on_types.iter().any(|x| x == kind) {
                ex.halt();
            }
        }
        if self.k.max_tests.is_some_and(|m| self.generated >= m) {
            ex.halt();
        }
    }

    fn write_test(&mut self, ex: &Executor, r: &PathReport, n: u64) {
        let base = self.dir.join(format!("test{n:06}"));
        let mut generated = false;
        if self.k.write_ktests {
            let kt = KTest { args: self.args.clone(), sym_argvs: 0, sym_argv_len: 0, objects: r.objects.clone() };
            let res = kt.save(&base.with_extension("ktest"));
            generated |= res.is_ok();
            self.io(res);
        }
        if self.k.write_xml.is_some() {
            let res = std::fs::write(
                base.with_extension("xml"),
                crate::klee_files::xml_test(&r.objects, r.termination.is_error()),
            );
            generated |= res.is_ok();
            self.io(res);
        }
        if generated {
            self.generated += 1;
        }
        let t = &r.termination;
        if let Some(text) = crate::output::error_text(t, true) {
            let suffix = t.file_suffix().unwrap_or_default();
            let res = std::fs::write(self.dir.join(format!("test{n:06}.{suffix}")), text);
            self.io(res);
        }
        if let Termination::Early(why) = t {
            let text = if halting(why) { "Execution halting.".to_string() } else { why.describe().to_string() };
            let res = std::fs::write(base.with_extension("early"), format!("{text}\n"));
            self.io(res);
        }
        if self.k.write_cov {
            let text: String = r.lines.iter().map(|(f, l)| format!("{f}:{l}\n")).collect();
            let res = std::fs::write(base.with_extension("cov"), text);
            self.io(res);
        }
        if self.k.write_paths {
            let text: String = r.path.iter().map(|b| if *b { "1\n" } else { "0\n" }).collect();
            let res = std::fs::write(base.with_extension("path"), text);
            self.io(res);
        }
        if t.is_error() || self.k.write_kqueries {
            let q = crate::expr::kquery::query_text(&ex.pool, &r.arrays, &r.constraints);
            let res = std::fs::write(base.with_extension("kquery"), q);
            self.io(res);
        }
    }
}

/// The exploration as a whole was stopped (a limit of the run, or a
/// halt): the states still pending are dumped, as KLEE's halt does.
fn halting(why: &StopReason) -> bool {
    matches!(why, StopReason::Halted | StopReason::MaxTime | StopReason::MaxInstructions | StopReason::MaxSolverSteps)
}

/// KLEE's Ctrl-C: the first SIGINT asks the run to halt (the pending
/// states are dumped, `info` and the statistics written, exit 0); a second
/// one exits at once with status 1. The solver layer turns its backend's
/// own handler off, so a SIGINT during a query reaches this one.
pub fn catch_ctrl_c() {
    extern "C" fn on_sigint(_: libc::c_int) {
        let second = crate::exec::INTERRUPTED.swap(true, std::sync::atomic::Ordering::SeqCst);
        let msg: &[u8] = if second {
            b"KLEE: ctrl-c detected, exiting.\n"
        } else {
            b"KLEE: ctrl-c detected, requesting interpreter to halt.\n"
        };
        // SAFETY: write(2) and _exit(2) are async-signal-safe.
        unsafe {
            libc::write(2, msg.as_ptr().cast(), msg.len());
            if second {
                libc::_exit(1);
            }
        }
    }
    // SAFETY: installs a handler that only touches an atomic and makes
    // async-signal-safe calls.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_sigint as extern "C" fn(libc::c_int) as usize;
        libc::sigemptyset(&mut sa.sa_mask);
        sa.sa_flags = libc::SA_RESTART;
        libc::sigaction(libc::SIGINT, &sa, std::ptr::null_mut());
    }
}

/// KLEE's rule for a variable the program declares and nothing defines:
/// it is the host's (found by name in the running tool, as KLEE's
/// dispatcher does), or the program cannot start.
fn unresolved_globals(prog: &crate::ir::Program) -> Result<(), RunError> {
    for g in prog.globals.iter().filter(|g| g.external && g.size != 0 && g.name != "__dso_handle") {
        let Ok(name) = std::ffi::CString::new(g.name.as_str()) else { continue };
        // SAFETY: dlsym with the default handle and a NUL-terminated name.
        if unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) }.is_null() {
            return Err(RunError::Setup(format!("Unable to load symbol({}) while initializing globals", g.name)));
        }
    }
    Ok(())
}

/// Runs the program as `klee` does. The program's output reaches the
/// tool's stdout as it is written (`Config::echo_live`); `opts.echo` is
/// not used.
pub fn run_klee(opts: &RunOptions, k: &KleeOptions) -> Result<KleeOutcome, RunError> {
    let first = opts.inputs.first().ok_or_else(|| RunError::Setup("no input program".into()))?;
    // The program is loaded before the output folder is made, as KLEE
    // does: a program that cannot be loaded leaves nothing behind. The
    // final module (`--output-module`) waits in a temporary folder.
    let staged = match k.output_module {
        true => {
            Some(tempfile::tempdir().map_err(|e| RunError::Setup(format!("cannot create a temporary folder: {e}")))?)
        }
        false => None,
    };
    let load_opts = crate::ir::LoadOptions {
        aliases: k.aliases.clone(),
        assembly: k.output_source,
        optimize: k.optimize,
        module_out: staged.as_ref().map(|d| d.path().join("final.bc")),
        inst_text: k.debug_print.is_some(),
        escaping: k.print_escaping,
    };
    let (_tmp, prog) = load(opts, &load_opts)?;
    unresolved_globals(&prog)?;
    let out_dir = crate::output::create_dir(opts.output_dir.as_deref(), first)?;
    let out_dir = std::fs::canonicalize(&out_dir).unwrap_or(out_dir);
    log::open_files(&out_dir);
    log::message(&format!("output directory is \"{}\"", out_dir.display()));
    if let Some(d) = &staged {
        let _ = std::fs::copy(d.path().join("final.bc"), out_dir.join("final.bc"));
    }
    if k.output_source {
        let _ = std::fs::write(out_dir.join("assembly.ll"), &prog.assembly);
    }
    if k.print_escaping {
        log::message(&format!("escaping functions: [{}]", prog.escaping.join(", ")));
    }
    if !opts.exec.seeding.seeds.is_empty() {
        log::message(&format!("using {} seeds", opts.exec.seeding.seeds.len()));
    }
    let started = std::time::SystemTime::now();
    let mut info = format!(
        "{}\nPID: {}\nStarted: {}\n",
        k.argv.join(" "),
        std::process::id(),
        crate::klee_files::local_time(started)
    );
    // `info` is written at the start too, as KLEE does, so a run that
    // stops early still has one.
    let _ = std::fs::write(out_dir.join("info"), &info);
    let mut w = Writer {
        dir: out_dir.clone(),
        k,
        emit_all: opts.emit_all_errors,
        args: opts.command_line.clone(),
        tests: 0,
        generated: 0,
        completed: 0,
        partial: 0,
        seen: Default::default(),
        exiting: None,
        io_error: None,
        said_halting: false,
    };
    if let Some((file, hash)) = &k.write_xml {
        let meta = crate::klee_files::xml_metadata(file, hash, k.exit_on_error, started);
        w.io(std::fs::write(out_dir.join("metadata.xml"), meta));
    }
    let mut sw = crate::run_stats::StatsWriter::create(&out_dir, k.stats, &opts.command_line.join(" "))
        .map_err(RunError::Setup)?;
    let (mut instructions, mut forks, mut queries) = (0u64, 0u64, 0u64);
    let runs: Vec<Option<PathBuf>> =
        if k.replays.is_empty() { vec![None] } else { k.replays.iter().cloned().map(Some).collect() };
    for (i, replay) in runs.iter().enumerate() {
        let mut cfg = opts.exec.clone();
        for &(place, format) in &k.query_logs {
            cfg.solver.query_logs.push(crate::solver::query_log::QueryLogSpec::in_dir(&out_dir, place, format));
        }
        if let Some(p) = replay {
            let kt = match KTest::load(p) {
                Ok(kt) => kt,
                Err(e) => {
                    log::warning(&format!("unable to open: {} ({e})", p.display()));
                    continue;
                }
            };
            let bytes: usize = kt.objects.iter().map(|(_, d)| d.len()).sum();
            log::raw(&format!("KLEE: replaying: {} ({bytes} bytes) ({}/{})", p.display(), i + 1, runs.len()));
            cfg.replay = Some(crate::exec::ReplayObjects { objects: kt.objects.into_iter().collect() });
        }
        let mut ex = Executor::new(&prog, cfg)?;
        if let Some((form, to_file)) = k.debug_print {
            let out: Box<dyn std::io::Write> = match to_file {
                true => {
                    let path = out_dir.join("instructions.txt");
                    match std::fs::OpenOptions::new().create(true).append(true).open(&path) {
                        Ok(f) => Box::new(std::io::BufWriter::new(f)),
                        Err(e) => return Err(RunError::Setup(format!("cannot write {}: {e}", path.display()))),
                    }
                }
                false => Box::new(std::io::stderr()),
            };
            ex.log_instructions(form, out);
        }
        ex.run_observed(&mut |ex, r| w.path(ex, r), &mut |ex| sw.tick(ex));
        ex.flush_instruction_log();
        sw.ended(&ex);
        instructions += ex.stats.instructions;
        w.partial += ex.stats.silent;
        forks += ex.stats.forks;
        queries += ex.solver_stats().queries;
        if w.exiting.is_some() {
            break;
        }
    }
    sw.finish(&prog);
    if let Some(e) = w.io_error.take() {
        return Err(RunError::Setup(e));
    }
    if let Some(text) = w.exiting.take() {
        log::message(&format!("ERROR: EXITING ON ERROR:\n{text}"));
        log::close_files();
        return Ok(KleeOutcome { exit: 1, output_dir: out_dir });
    }
    let finished = std::time::SystemTime::now();
    let secs = finished.duration_since(started).map(|d| d.as_secs()).unwrap_or(0);
    info.push_str(&format!(
        "Finished: {}\nElapsed: {:02}:{:02}:{:02}\n",
        crate::klee_files::local_time(finished),
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    ));
    info.push_str(&format!("KLEE: done: explored paths = {}\n", 1 + forks));
    info.push_str(&format!("KLEE: done: total queries = {queries}\n"));
    let stats = format!(
        "\nKLEE: done: total instructions = {instructions}\nKLEE: done: completed paths = {}\nKLEE: done: partially completed paths = {}\nKLEE: done: generated tests = {}\n",
        w.completed, w.partial, w.generated
    );
    if !opts.exec.warnings {
        // --quiet of the front end: the closing lines still go to `info`.
    } else {
        eprint!("{stats}");
    }
    info.push_str(&stats);
    let _ = std::fs::write(out_dir.join("info"), info);
    log::close_files();
    Ok(KleeOutcome { exit: 0, output_dir: out_dir })
}
