//! Native builds and test runs: the program compiled by the host compiler,
//! each test run as a process with a time limit, its output judged.

use crate::config::{MatchKind, TestCase};
use std::io::Write;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod error;
mod failure;
pub use error::NativeError;
pub use failure::{failure_point, FailurePoint};

/// How one native run ended.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// The exit code of a normal exit.
    pub exit: Option<i32>,
    /// The signal that killed the program (a crash).
    pub signal: Option<i32>,
    pub timed_out: bool,
}

impl RunResult {
    /// A short description of an abnormal end, if any.
    pub fn abnormal(&self) -> Option<String> {
        if self.timed_out {
            return Some("timed out".into());
        }
        self.signal.map(|s| format!("killed by signal {s} ({})", signal_name(s)))
    }
}

fn signal_name(s: i32) -> &'static str {
    match s {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGFPE => "SIGFPE",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        _ => "signal",
    }
}

fn matches(kind: MatchKind, want: &str, got: &[u8]) -> bool {
    let got = String::from_utf8_lossy(got);
    match kind {
        MatchKind::Exact => got == want,
        MatchKind::Trim => {
            let norm =
                |s: &str| s.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect::<Vec<_>>();
            norm(&got) == norm(want)
        }
        MatchKind::Regex => regex::Regex::new(&format!("^(?:{want})$")).is_ok_and(|re| re.is_match(&got)),
    }
}

/// Time a `check` script may take.
const CHECK_TIMEOUT: Duration = Duration::from_secs(10);

/// Whether a run's `stdout`, `stderr` and `exit` satisfy `t`. A test
/// without an expected exit code accepts any normal exit; a crash or
/// timeout never passes. A `check` script runs in the test's folder.
pub fn judge(t: &TestCase, stdout: &[u8], stderr: &[u8], exit: Option<i32>) -> bool {
    let Some(code) = exit else { return false };
    if t.exit.is_some_and(|e| e != code) {
        return false;
    }
    if t.stdout.as_ref().is_some_and(|want| !matches(t.match_kind, want, stdout)) {
        return false;
    }
    if t.stderr.as_ref().is_some_and(|want| !matches(t.stderr_match, want, stderr)) {
        return false;
    }
    match &t.check {
        Some(script) => run_check(t, script, stdout, stderr, code).unwrap_or(false),
        None => true,
    }
}

fn run_check(t: &TestCase, script: &str, stdout: &[u8], stderr: &[u8], code: i32) -> std::io::Result<bool> {
    let files = tempfile::tempdir()?;
    let (o, e) = (files.path().join("stdout"), files.path().join("stderr"));
    std::fs::write(&o, stdout)?;
    std::fs::write(&e, stderr)?;
    let mut cmd = Command::new("bash");
    cmd.arg("-c")
        .arg(script)
        .env("SE2REPAIR_STDOUT", &o)
        .env("SE2REPAIR_STDERR", &e)
        .env("SE2REPAIR_EXIT", code.to_string());
    cmd.envs(t.env.iter().map(|(k, v)| (k, v)));
    if let Some(d) = &t.run_dir {
        cmd.current_dir(d);
    }
    let r = run_command(cmd, &[], CHECK_TIMEOUT)?;
    Ok(r.exit == Some(0))
}

/// A test's folder for one run: a fresh temporary folder with the setup
/// script done (removed when dropped), or the project folder.
pub struct TestDir {
    _tmp: Option<tempfile::TempDir>,
    pub path: PathBuf,
}

/// Prepares `t`'s folder: for a test that asks for one, a fresh
/// temporary folder in which its `setup` script has run.
pub fn prepare(t: &TestCase, project_dir: &Path, timeout: Duration) -> Result<TestDir, String> {
    if !t.fresh_dir {
        return Ok(TestDir { _tmp: None, path: project_dir.to_path_buf() });
    }
    let tmp = tempfile::Builder::new()
        .prefix("se2repair-test-")
        .tempdir()
        .map_err(|e| format!("test {}: cannot create its folder: {e}", t.name))?;
    if let Some(script) = &t.setup {
        let mut cmd = Command::new("bash");
        cmd.arg("-c").arg(script).current_dir(tmp.path()).envs(t.env.iter().map(|(k, v)| (k, v)));
        let r = run_command(cmd, &[], timeout.max(Duration::from_secs(10)))
            .map_err(|e| format!("test {}: cannot run its setup: {e}", t.name))?;
        if r.exit != Some(0) {
            let why = r.abnormal().unwrap_or_else(|| format!("exit {}", r.exit.unwrap_or(-1)));
            return Err(format!(
                "test {}: its setup script failed ({why}): {}",
                t.name,
                String::from_utf8_lossy(&r.stderr).trim()
            ));
        }
    }
    if let Some(c) = &t.cwd {
        if !tmp.path().join(c).is_dir() {
            return Err(format!("test {}: its working directory `{c}` does not exist after the setup", t.name));
        }
    }
    let path = tmp.path().to_path_buf();
    Ok(TestDir { _tmp: Some(tmp), path })
}

/// Runs `exe` on test `t` in its prepared folder `dir`, killing it (and
/// its children) after `timeout`: first SIGTERM (so coverage data can be
/// written), then SIGKILL.
pub fn run_test(exe: &Path, t: &TestCase, dir: &Path, timeout: Duration) -> std::io::Result<RunResult> {
    run_command(test_command(exe, t, dir), &t.stdin, timeout)
}

/// The command that runs `exe` on test `t` in its prepared folder `dir`:
/// its `argv[0]`, arguments, working folder and environment.
fn test_command(exe: &Path, t: &TestCase, dir: &Path) -> Command {
    let mut cmd = Command::new(exe);
    if let Some(a) = &t.argv0 {
        cmd.arg0(a);
    }
    cmd.args(&t.args).current_dir(t.cwd.as_ref().map_or(dir.to_path_buf(), |c| dir.join(c)));
    cmd.envs(t.env.iter().map(|(k, v)| (k, v)));
    cmd
}

/// The work a run may do: CPU time and output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// CPU time (whole seconds, at least 1; the kernel's `RLIMIT_CPU`).
    pub cpu: Duration,
    /// Bytes printed on stdout and stderr together.
    pub output: u64,
}

/// Runs `exe` on test `t` as [`run_test`] does, bounded by `work` rather
/// than by the clock: a run that loops, computing or printing, is cut
/// after the same work on an idle or a busy machine (`timed_out`), and
/// `wall` is only the outer limit (a program that waits rather than
/// computes).
pub fn run_test_within(exe: &Path, t: &TestCase, dir: &Path, work: Work, wall: Duration) -> std::io::Result<RunResult> {
    run_limited(test_command(exe, t, dir), &t.stdin, wall, Some(work))
}

/// Runs `cmd` in its own process group with `input` on stdin, stdout and
/// stderr captured, killed after `timeout`; the group ends with the run
/// and with se2repair ([`klee_ext::procs`]).
pub fn run_command(cmd: Command, input: &[u8], timeout: Duration) -> std::io::Result<RunResult> {
    run_limited(cmd, input, timeout, None)
}

/// [`run_command`], the program's work also limited to `work` (a run it
/// ends counts as timed out).
fn run_limited(mut cmd: Command, input: &[u8], timeout: Duration, work: Option<Work>) -> std::io::Result<RunResult> {
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = klee_ext::procs::spawn(&mut cmd)?;
    if let Some(w) = work {
        klee_ext::procs::limit_cpu(&child, w.cpu.as_secs_f64().ceil() as u64)?;
    }
    let mut stdin = child.inner.stdin.take();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        if let Some(s) = stdin.as_mut() {
            let _ = s.write_all(&input);
        }
    });
    // Bounded: a runaway printer cannot exhaust memory.
    let (out, err, printed) = child.capture_counted(64 << 20);
    let output_limit = work.map_or(u64::MAX, |w| w.output);
    let start = Instant::now();
    let mut timed_out = false;
    let mut termed: Option<Instant> = None;
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        // A printer without end: cut by what it printed (its CPU time
        // grows slower than the clock while the tool reads the pipe).
        if printed.load(std::sync::atomic::Ordering::Relaxed) > output_limit && !timed_out {
            timed_out = true;
            child.signal(libc::SIGKILL);
        }
        if start.elapsed() >= timeout {
            timed_out = true;
            match termed {
                None => {
                    child.signal(libc::SIGTERM);
                    termed = Some(Instant::now());
                }
                Some(t0) if t0.elapsed() > Duration::from_millis(300) => child.signal(libc::SIGKILL),
                Some(_) => {}
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    // Nothing of the group outlives the test (a program it left running
    // would also hold the streams open).
    child.signal(libc::SIGKILL);
    drop(child);
    let _ = writer.join();
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    // Ended by its CPU limit: SIGXCPU, or SIGKILL a second later if the
    // program handles that (the tool sends SIGKILL only after the clock).
    let mut signal = status.signal();
    if work.is_some() && matches!(signal, Some(libc::SIGXCPU) | Some(libc::SIGKILL)) && !timed_out {
        (timed_out, signal) = (true, None);
    }
    Ok(RunResult { stdout, stderr, exit: status.code(), signal, timed_out })
}

/// A C compiler for native builds: `$CC`, else `gcc`/`cc`/`clang-16`/`clang-14`.
fn native_cc() -> Result<PathBuf, NativeError> {
    if let Ok(c) = std::env::var("CC") {
        return Ok(PathBuf::from(c));
    }
    // Found once: every build (one or two per repair candidate) would
    // otherwise start `--version` runs first.
    static FOUND: std::sync::OnceLock<Option<&str>> = std::sync::OnceLock::new();
    let found = FOUND.get_or_init(|| ["gcc", "cc", "clang-16", "clang-14", "clang"].into_iter().find(|c| runs(c)));
    found.map(PathBuf::from).ok_or(NativeError::NoCompiler(
        "no C compiler found for native builds: install gcc (apt-get install gcc) or set CC",
    ))
}

/// gcc for coverage builds (its `gcov` reads the data).
fn gcc() -> Result<PathBuf, NativeError> {
    static FOUND: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *FOUND.get_or_init(|| runs("gcc") && runs("gcov")) {
        return Ok(PathBuf::from("gcc"));
    }
    Err(NativeError::NoCompiler("gcc and gcov are needed for fault localization: apt-get install gcc"))
}

/// Whether `tool --version` runs and succeeds.
fn runs(tool: &str) -> bool {
    klee_ext::procs::output(Command::new(tool).arg("--version")).is_ok_and(|o| o.status.success())
}

/// A native build of a project's sources (as given, or with replaced text).
pub struct Build {
    pub exe: PathBuf,
    /// With coverage: per source index, its object's `.gcda` path and the
    /// source's file name (as gcov reports it).
    pub gcda: Vec<(PathBuf, String)>,
}

fn run_compiler(cmd: &mut Command, what: &str) -> Result<(), NativeError> {
    let o = klee_ext::procs::output(cmd).map_err(|cause| NativeError::Run { tool: "the C compiler", cause })?;
    if !o.status.success() {
        let messages = String::from_utf8_lossy(&o.stderr).trim_end().to_string();
        return Err(NativeError::Compile { what: what.to_string(), messages });
    }
    Ok(())
}

/// Defined when a model is compiled natively, so that a sketch which
/// reaches the VM's own functions (`__se2_read`, `__se2_write`) can give
/// the system call in their place (sketches/kernel/).
pub const MODEL_NATIVE_FLAG: &str = "-DSE2_NATIVE";

/// `model` (C defining FUNC) compiled natively into `out/model.o`, FUNC
/// renamed `se2_model_FUNC` (with `extra` flags): clang and the object.
fn compile_model(model: &Path, func: &str, out: &Path, extra: &[&str]) -> Result<(PathBuf, PathBuf), NativeError> {
    let clang = klee_ext::compile::find_clang()?;
    let obj = out.join("model.o");
    let mut cmd = Command::new(&clang);
    cmd.args(["-c", "-O0"])
        .args(extra)
        .args(["-w", MODEL_NATIVE_FLAG])
        .arg(format!("-D{func}=se2_model_{func}"))
        .arg(model)
        .arg("-o")
        .arg(&obj);
    run_compiler(&mut cmd, &model.display().to_string())?;
    Ok((clang, obj))
}

/// `harness` (C calling FUNC and `se2_model_FUNC`) linked with `model`
/// (C defining FUNC, compiled with FUNC renamed `se2_model_FUNC`) and
/// the C library into `out/harness`; [`NativeError::Link`] when only the
/// link fails (the C library may have no FUNC).
pub fn build_harness(harness: &Path, model: &Path, func: &str, out: &Path) -> Result<PathBuf, NativeError> {
    let (clang, obj) = compile_model(model, func, out, &[])?;
    let exe = out.join("harness");
    let mut cmd = Command::new(&clang);
    cmd.args(["-O0", "-w", "-fno-builtin"]).arg(harness).arg(&obj).arg("-o").arg(&exe);
    let o = klee_ext::procs::output(&mut cmd).map_err(|cause| NativeError::Run { tool: "the C compiler", cause })?;
    if !o.status.success() {
        let messages = String::from_utf8_lossy(&o.stderr).trim_end().to_string();
        return Err(NativeError::Link { undefined: messages.contains("undefined reference"), messages });
    }
    Ok(exe)
}

/// What a native build adds to the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Instrument {
    /// Nothing: the program as it is.
    Plain,
    /// gcc's coverage counters (fault localization).
    Coverage,
    /// gcc's AddressSanitizer: every memory access checked, an access out
    /// of bounds reported on stderr ([`memory_error`]).
    Memory,
    /// clang's MemorySanitizer: a use of memory never written (a branch
    /// on it, a value printed from it) reported on stderr
    /// ([`memory_error`]).
    Uninitialized,
}

/// Whether a run of a [`Instrument::Memory`] or
/// [`Instrument::Uninitialized`] build reported a memory error.
pub fn memory_error(stderr: &[u8]) -> bool {
    const MARKS: [&[u8]; 2] = [b"ERROR: AddressSanitizer", b"WARNING: MemorySanitizer"];
    MARKS.iter().any(|m| stderr.windows(m.len()).any(|w| w == *m))
}

/// The compiler flags of an instrumented build.
fn sanitizer(instrument: Instrument) -> &'static [&'static str] {
    match instrument {
        Instrument::Memory => &["-fsanitize=address"],
        Instrument::Uninitialized => &["-fsanitize=memory", "-fno-omit-frame-pointer"],
        Instrument::Plain | Instrument::Coverage => &[],
    }
}

/// The environment a [`Instrument::Memory`] build runs in: no leak check
/// (a leak is no error of an input, and the checker needs `ptrace`).
pub const MEMORY_ENV: (&str, &str) = ("ASAN_OPTIONS", "detect_leaks=0");

/// Compiles `sources` (absolute paths; `include_dirs` for their local
/// headers) into `out`, instrumented as `instrument` says.
pub fn build(
    sources: &[PathBuf], include_dirs: &[PathBuf], cflags: &[String], out: &Path, instrument: Instrument,
) -> Result<Build, NativeError> {
    let coverage = instrument == Instrument::Coverage;
    let cc = match instrument {
        Instrument::Plain => native_cc()?,
        // MemorySanitizer is clang's alone.
        Instrument::Uninitialized => klee_ext::compile::find_clang()?,
        Instrument::Coverage | Instrument::Memory => gcc()?,
    };
    let exe = out.join("program");
    // A text built before (a patch validated, then run near the tests;
    // the original checked for memory errors on each round of inputs) is
    // copied, not compiled again. A coverage build is never: its counters
    // live beside its objects.
    let known = (!coverage).then(|| built_before(sources, include_dirs, cflags, instrument)).flatten();
    if let Some((_, Some(before))) = &known {
        if std::fs::create_dir_all(out).and_then(|_| link_or_copy(before, &exe)).is_ok() {
            return Ok(Build { exe, gcda: Vec::new() });
        }
    }
    let mut objs = Vec::new();
    let mut gcda = Vec::new();
    let mut all: Vec<PathBuf> = sources.to_vec();
    if coverage {
        let f = out.join("se2repair_flush.c");
        std::fs::write(&f, failure::FLUSH_C).map_err(NativeError::io(&f))?;
        all.push(f);
    }
    for (i, src) in all.iter().enumerate() {
        let obj = out.join(format!("o{i}.o"));
        let mut cmd = Command::new(&cc);
        cmd.args(["-c", "-O0", "-g", "-w"]);
        if coverage && i < sources.len() {
            cmd.arg("--coverage");
        }
        cmd.args(sanitizer(instrument));
        for d in include_dirs {
            cmd.arg("-I").arg(d);
        }
        cmd.args(cflags).arg(src).arg("-o").arg(&obj);
        run_compiler(&mut cmd, &src.display().to_string())?;
        if coverage && i < sources.len() {
            let name = src.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            gcda.push((out.join(format!("o{i}.gcda")), name));
        }
        objs.push(obj);
    }
    let mut cmd = Command::new(&cc);
    cmd.args(&objs).arg("-o").arg(&exe).arg("-lm");
    if coverage {
        cmd.arg("--coverage");
    }
    cmd.args(sanitizer(instrument));
    run_compiler(&mut cmd, "the program (linking)")?;
    if let Some((kept, None)) = known {
        let _ = link_or_copy(&exe, &kept);
    }
    Ok(Build { exe, gcda })
}

/// `to` as another name of `from` (a hard link: no file of the tool's is
/// open for writing, so a child another thread forks meanwhile cannot
/// hold a program busy), or a copy where the two cannot share a file.
fn link_or_copy(from: &Path, to: &Path) -> std::io::Result<()> {
    let _ = std::fs::remove_file(to);
    std::fs::hard_link(from, to).or_else(|_| std::fs::copy(from, to).map(|_| ()))
}

/// Where the run keeps the program built from these sources' texts (and
/// headers' folders, flags and instrumentation), and whether it is there: `None` when the
/// run has no temporary folder or a source cannot be read.
fn built_before(
    sources: &[PathBuf], include_dirs: &[PathBuf], cflags: &[String], instrument: Instrument,
) -> Option<(PathBuf, Option<PathBuf>)> {
    use std::hash::{Hash, Hasher};
    let root = klee_ext::procs::temp_root()?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for s in sources {
        s.file_name().hash(&mut h);
        std::fs::read(s).ok()?.hash(&mut h);
    }
    (include_dirs, cflags, instrument).hash(&mut h);
    let dir = root.join("built");
    std::fs::create_dir_all(&dir).ok()?;
    let kept = dir.join(format!("{:016x}", h.finish()));
    let there = kept.is_file().then(|| kept.clone());
    Some((kept, there))
}

/// The tests as the VM runs them: each one with a setup or a working
/// folder runs in its prepared folder (kept while the returned folders
/// live), as natively; `argv0` is the program's name when given.
pub fn in_prepared_dirs<'t>(
    tests: impl Iterator<Item = &'t TestCase>, project_dir: &Path, timeout: Duration, argv0: Option<String>,
) -> Result<(Vec<TestDir>, Vec<TestCase>), String> {
    let mut dirs = Vec::new();
    let mut out = Vec::new();
    for t in tests {
        let d = prepare(t, project_dir, timeout)?;
        let argv0 = argv0.clone().or_else(|| t.argv0.clone());
        out.push(TestCase { run_dir: t.fresh_dir.then(|| d.path.clone()), argv0, ..t.clone() });
        dirs.push(d);
    }
    Ok((dirs, out))
}

/// A native build of a whole-program bitcode with FUNC taken from `model`
/// (C that defines FUNC): the model's FUNC is renamed `se2_model_FUNC`,
/// and the program's references to FUNC are bound to it at link time
/// (`--defsym`), so the C library keeps its own FUNC for its internal
/// calls, as in the VM.
pub fn build_bitcode_with(bitcode: &[PathBuf], model: &Path, func: &str, out: &Path) -> Result<Build, NativeError> {
    let (clang, obj) = compile_model(model, func, out, &["-g"])?;
    let exe = out.join("program");
    let mut cmd = Command::new(&clang);
    cmd.args(["-O0", "-w", "-no-pie"])
        .args(bitcode)
        .arg(&obj)
        .arg(format!("-Wl,--defsym={func}=se2_model_{func}"))
        .arg("-o")
        .arg(&exe)
        .arg("-lm");
    run_compiler(&mut cmd, "the program's bitcode with the model (linking)")?;
    Ok(Build { exe, gcda: Vec::new() })
}

/// Every line gcov reports for source `name` of coverage data `g`, with
/// its count (a line of several blocks appears once, with the largest).
fn gcov_lines(g: &Path, name: &str) -> Result<Vec<(u32, u64)>, NativeError> {
    let o = klee_ext::procs::output(
        Command::new("gcov")
            .args(["--json-format", "--stdout"])
            .arg(g)
            .current_dir(g.parent().unwrap_or(Path::new("."))),
    )
    .map_err(|cause| NativeError::Run { tool: "gcov", cause })?;
    if !o.status.success() {
        return Err(NativeError::Gcov(format!("failed: {}", String::from_utf8_lossy(&o.stderr))));
    }
    let mut lines = Vec::new();
    for doc in String::from_utf8_lossy(&o.stdout).lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(doc).map_err(|e| NativeError::Gcov(format!("output: {e}")))?;
        let own = |f: &&serde_json::Value| {
            f["file"].as_str().is_some_and(|p| Path::new(p).file_name().is_some_and(|n| n.to_string_lossy() == *name))
        };
        for f in v["files"].as_array().into_iter().flatten().filter(own) {
            for l in f["lines"].as_array().into_iter().flatten() {
                if let Some(n) = l["line_number"].as_u64() {
                    lines.push((n as u32, l["count"].as_u64().unwrap_or(0)));
                }
            }
        }
    }
    lines.sort_unstable();
    lines.dedup_by(|b, a| {
        let same = a.0 == b.0;
        if same {
            a.1 = a.1.max(b.1);
        }
        same
    });
    Ok(lines)
}

/// Lines executed (count > 0) per source index, read from the `.gcda`
/// files of a coverage build, which are then removed for the next run.
pub fn take_coverage(b: &Build) -> Result<Vec<Vec<(u32, u64)>>, NativeError> {
    let mut per = Vec::new();
    for (g, name) in &b.gcda {
        if !g.exists() {
            per.push(Vec::new());
            continue;
        }
        per.push(gcov_lines(g, name)?.into_iter().filter(|(_, c)| *c > 0).collect());
        let _ = std::fs::remove_file(g);
    }
    Ok(per)
}

/// Per source of a coverage build: its file name, the lines executed so
/// far and its executable lines; the `.gcda` files are then removed.
pub fn line_totals(b: &Build) -> Result<Vec<(String, usize, usize)>, NativeError> {
    let mut out = Vec::new();
    for (g, name) in &b.gcda {
        let lines = if g.exists() { gcov_lines(g, name)? } else { Vec::new() };
        let _ = std::fs::remove_file(g);
        out.push((name.clone(), lines.iter().filter(|(_, c)| *c > 0).count(), lines.len()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORK: Work = Work { cpu: Duration::from_secs(1), output: 1 << 20 };

    /// A shell as the program, `script` its command.
    fn shell(script: &str) -> TestCase {
        TestCase { name: "t".into(), args: vec!["-c".into(), script.into()], ..TestCase::default() }
    }

    #[test]
    fn a_run_bounded_by_cpu_time_is_cut_by_its_work_not_the_clock() {
        let dir = std::env::temp_dir();
        let sh = Path::new("/bin/sh");
        // A loop that computes: ended by the kernel after 1 s of CPU time,
        // well before the clock's outer limit, and reported as a time-out.
        let t0 = Instant::now();
        let r = run_test_within(sh, &shell("echo start; while :; do :; done"), &dir, WORK, Duration::from_secs(60))
            .expect("runs");
        assert!(r.timed_out && r.signal.is_none() && r.exit.is_none(), "{r:?}");
        assert_eq!(r.abnormal().as_deref(), Some("timed out"));
        assert!(t0.elapsed() < Duration::from_secs(30), "cut by its CPU time: {:?}", t0.elapsed());
        // A program that waits rather than computes takes no CPU time: the
        // clock is its outer limit.
        let r = run_test_within(sh, &shell("sleep 30"), &dir, WORK, Duration::from_millis(300)).expect("runs");
        assert!(r.timed_out, "{r:?}");
        // A run within its limit ends as it ends.
        let r = run_test_within(sh, &shell("echo done; exit 3"), &dir, WORK, Duration::from_secs(60)).expect("runs");
        assert_eq!((r.stdout.as_slice(), r.exit, r.timed_out), (&b"done\n"[..], Some(3), false));
        // A printer without end is cut by what it printed, whatever its
        // CPU time.
        let r = run_test_within(sh, &shell("yes"), &dir, WORK, Duration::from_secs(60)).expect("runs");
        assert!(r.timed_out && r.stdout.len() as u64 > WORK.output, "{:?}", r.abnormal());
    }

    /// A source the compiler rejects and a harness that does not link are
    /// told apart by type, and a missing symbol from other link errors.
    #[test]
    fn build_errors_say_which_step_failed() {
        let d = tempfile::tempdir().expect("temp dir");
        let bad = d.path().join("bad.c");
        std::fs::write(&bad, "int main(void) { return x; }\n").expect("writes");
        let e = build(std::slice::from_ref(&bad), &[], &[], d.path(), Instrument::Plain).err();
        assert!(
            matches!(&e, Some(NativeError::Compile { what, messages }) if what.ends_with("bad.c") && messages.contains('x')),
            "{e:?}"
        );
        // A model of a function the C library lacks: its harness calls the
        // library's too, and the link names the missing symbol.
        let model = d.path().join("model.c");
        std::fs::write(&model, "int se2_nowhere(int a) { return a; }\n").expect("writes");
        let harness = d.path().join("harness.c");
        let main = "int se2_nowhere(int); int se2_model_se2_nowhere(int);\nint main(void) { return se2_nowhere(1) - se2_model_se2_nowhere(1); }\n";
        std::fs::write(&harness, main).expect("writes");
        let e = build_harness(&harness, &model, "se2_nowhere", d.path()).err();
        assert!(matches!(e, Some(NativeError::Link { undefined: true, .. })), "{e:?}");
    }
}
