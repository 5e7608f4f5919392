//! How `fix` builds and runs a project: small projects compile their
//! sources directly (`native::build`, `compile::compile_c`); real ones run
//! their own configure and make (`make.rs`). Either way: a coverage run of
//! every test, native validation of a changed source, and the VM program
//! with an instrumented source.

use super::error::FixError;
use super::patch::TestResult;
use crate::config::{Project, TestCase};
use crate::localize::Spectrum;
use crate::make::MakeTrees;
use crate::native::{self, RunResult};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// A program that timed out on this many inputs near the tests is not run
/// on the others (each would take the whole time limit).
pub const MAX_TIMEOUTS: usize = 3;

/// What a run shows of the program's behaviour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    pub stdout: Vec<u8>,
    pub end: End,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A normal exit with this code.
    Exit(i32),
    /// A crash or a time-out, in words (`killed by signal 11 (SIGSEGV)`).
    Abnormal(String),
    /// Not run: the program had timed out on [`MAX_TIMEOUTS`] inputs
    /// before (it is taken to loop; what it would do is not known).
    NotRun,
}

impl End {
    /// The exit code of a normal exit.
    pub fn code(&self) -> Option<i32> {
        match self {
            End::Exit(c) => Some(*c),
            End::Abnormal(_) | End::NotRun => None,
        }
    }
}

#[allow(clippy::large_enum_variant)] // one per repair: a box would buy nothing
pub enum Builds {
    /// The sources compiled directly, in a fresh folder each time.
    Direct,
    Make(MakeTrees),
}

impl Builds {
    pub fn prepare(p: &Project, status: &mut dyn FnMut(&str)) -> Result<Builds, FixError> {
        match &p.build {
            None => Ok(Builds::Direct),
            Some(spec) => Ok(Builds::Make(MakeTrees::prepare(p, spec, status)?)),
        }
    }

    /// The program's `argv[0]` in native and VM runs: a real project's
    /// program by its name (its messages print it).
    pub(crate) fn argv0(p: &Project) -> Option<String> {
        let b = p.build.as_ref()?;
        Path::new(&b.program).file_name().map(|n| n.to_string_lossy().into_owned())
    }

    /// Runs every test natively with coverage: results and the spectrum.
    pub(crate) fn run_tests(
        &self, p: &Project, timeout: Duration, tmp: &Path,
    ) -> Result<(Vec<TestResult>, Spectrum), FixError> {
        let mut results = Vec::new();
        let mut spec = Spectrum::default();
        let srcs: Vec<PathBuf> = p.source_paths();
        let mut direct = None;
        type Take<'a> = Box<dyn Fn() -> Result<Vec<Vec<(u32, u64)>>, FixError> + 'a>;
        let (exe, take, built): (PathBuf, Take, Option<&native::Build>) = match self {
            Builds::Direct => {
                let b: &native::Build = direct.insert(native::build(
                    &srcs,
                    &include_dirs(p),
                    &p.cflags,
                    tmp,
                    native::Instrument::Coverage,
                )?);
                (b.exe.clone(), Box::new(move || Ok(native::take_coverage(b)?)), Some(b))
            }
            Builds::Make(m) => (m.coverage_program(), Box::new(|| Ok(m.take_coverage()?)), None),
        };
        take()?;
        for t in &p.tests {
            let (r, passed) = run_one(&exe, p, t, timeout)?;
            let cov = take()?;
            spec.add(passed, &cov);
            // Where the failure shows (a direct build's program can say).
            if let (false, false, Some(b)) = (passed, r.timed_out, built) {
                if let Some(at) = failure_point(b, p, t, timeout, &srcs)? {
                    spec.add_point(at.at, at.telling);
                }
            }
            let problem = r.abnormal().or_else(|| (!passed).then(|| describe_mismatch(t, &r)));
            results.push(TestResult { name: t.name.clone(), passed, problem });
        }
        Ok((results, spec))
    }

    /// Builds the project with `replaced` (source index, text) natively
    /// (in `dir` when built directly) and runs `tests` in order: the first
    /// failing test (its index) and why, if any. No test runs past
    /// `deadline` (the repair's outer limit): one still running then
    /// fails (a candidate that loops must not hold the repair past it).
    pub(crate) fn validate(
        &self, p: &Project, tests: &[&TestCase], test_timeout: Duration, replaced: (usize, &str), dir: &Path,
        deadline: Option<Instant>,
    ) -> Result<Option<(usize, String)>, String> {
        let run_all = |exe: &Path| -> Result<Option<(usize, String)>, String> {
            for (i, t) in tests.iter().enumerate() {
                let left = deadline.map_or(test_timeout, |d| d.saturating_duration_since(Instant::now()));
                if left.is_zero() {
                    return Ok(Some((i, "the repair's time limit was reached".into())));
                }
                let (r, passed) = run_one(exe, p, t, test_timeout.min(left)).map_err(|e| e.to_string())?;
                if !passed {
                    return Ok(Some((
                        i,
                        format!("test {} fails{}", t.name, r.abnormal().map(|a| format!(" ({a})")).unwrap_or_default()),
                    )));
                }
            }
            Ok(None)
        };
        match self {
            Builds::Direct => {
                let srcs = sources_with(p, replaced, dir)?;
                // clang looks for undefined behaviour while the tests run.
                let check = super::fixit::start_undefined(&p.dir, &srcs[replaced.0], &clang_flags(p));
                match native::build(&srcs, &include_dirs(p), &p.cflags, dir, native::Instrument::Plain) {
                    Ok(b) => match run_all(&b.exe)? {
                        None => Ok(check.and_then(|c| undefined_added(p, replaced.0, c)).map(|w| (0, w))),
                        failed => Ok(failed),
                    },
                    Err(e) => Ok(Some((0, format!("the patched program does not compile: {e}")))),
                }
            }
            Builds::Make(m) => {
                match m.with_source(replaced.0, replaced.1, false, run_all).map_err(|e| e.to_string())? {
                    Ok(r) => Ok(r),
                    Err(e) => Ok(Some((0, format!("the patched program does not build: {}", first_line(&e))))),
                }
            }
        }
    }

    /// Line counts of `tests` run on the project with `replaced` (source
    /// index, text), built with coverage in `dir`: a small project's only
    /// (`None` for a real one, whose coverage copy is not rebuilt per
    /// candidate).
    pub(crate) fn line_counts(
        &self, p: &Project, tests: &[&TestCase], timeout: Duration, replaced: (usize, &str), dir: &Path,
    ) -> Result<Option<Spectrum>, String> {
        let Builds::Direct = self else { return Ok(None) };
        let b = build_replaced(p, replaced, dir, native::Instrument::Coverage)?;
        let take = || native::take_coverage(&b).map_err(|e| e.to_string());
        take()?;
        let mut spec = Spectrum::default();
        for t in tests {
            let (_, passed) = run_one(&b.exe, p, t, timeout).map_err(|e| e.to_string())?;
            spec.add(passed, &take()?);
        }
        Ok(Some(spec))
    }

    /// What `inputs` show of the project with `replaced` (source index,
    /// text), built natively (in `dir` when built directly): per input its
    /// stdout and how it ended. No run goes past `deadline` (the repair's
    /// outer time limit): an error once it is reached.
    pub(crate) fn observe(
        &self, p: &Project, inputs: &[&TestCase], timeout: Duration, replaced: (usize, &str), dir: &Path,
        deadline: Instant,
    ) -> Result<Vec<Observed>, String> {
        let run_all = |exe: &Path| -> Result<Vec<Observed>, String> {
            let runs = run_inputs(exe, p, inputs, None, timeout, deadline)?;
            Ok(runs
                .into_iter()
                .map(|r| match r {
                    None => Observed { stdout: Vec::new(), end: End::NotRun },
                    // What a run cut by its limit printed is where the
                    // limit found it, not a behaviour.
                    Some(r) if r.timed_out => Observed { stdout: Vec::new(), end: End::Abnormal("timed out".into()) },
                    Some(r) => {
                        let end = match r.abnormal() {
                            Some(a) => End::Abnormal(a),
                            None => End::Exit(r.exit.unwrap_or(-1)),
                        };
                        Observed { stdout: r.stdout, end }
                    }
                })
                .collect())
        };
        match self {
            Builds::Direct => {
                let b = build_replaced(p, replaced, dir, native::Instrument::Plain)?;
                run_all(&b.exe)
            }
            Builds::Make(m) => m.with_source(replaced.0, replaced.1, false, run_all).map_err(|e| e.to_string())?,
        }
    }

    /// Per input, whether the original program, built with every memory
    /// access checked (in `dir`), errs in memory on it; `None` where that
    /// is not known: a project built by its own build (its flags are its
    /// own), a compiler without the checker, or `deadline` reached.
    pub(crate) fn memory_errors(
        &self, p: &Project, inputs: &[&TestCase], timeout: Duration, dir: &Path, deadline: Instant,
    ) -> Option<Vec<bool>> {
        let Builds::Direct = self else { return None };
        // Memory never written (an input read past its end leaves what
        // `scanf` did not fill), checked beside the accesses out of
        // bounds: where it cannot run, the first check stands alone.
        let (out_of_bounds, uninitialized) = std::thread::scope(|s| {
            let [(ui, ud), (ai, ad)] = CHECKED;
            let (d, i) = (dir.join(ud), ui);
            let uninit = s.spawn(move || self.sanitized_errors(p, inputs, timeout, &d, i, deadline));
            let (d, i) = (dir.join(ad), ai);
            let bounds = self.sanitized_errors(p, inputs, timeout, &d, i, deadline);
            (bounds, uninit.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
        });
        let out_of_bounds = out_of_bounds?;
        Some(match uninitialized {
            Some(u) => out_of_bounds.iter().zip(u).map(|(a, b)| *a || b).collect(),
            None => out_of_bounds,
        })
    }

    /// Builds, in `dir`, the original program with its memory accesses
    /// checked, as [`Builds::memory_errors`] will: started beside the
    /// runs it needs not wait for, it then finds them built (a build is
    /// kept by its text). Nothing for a project built by its own build.
    pub(crate) fn build_checked(&self, p: &Project, dir: &Path) {
        let Builds::Direct = self else { return };
        // A build that fails here fails again where its runs are asked
        // for, and is reported there.
        let [(ui, ud), (ai, ad)] = CHECKED;
        std::thread::scope(|s| {
            s.spawn(move || checked_build(p, &dir.join(ud), ui));
            checked_build(p, &dir.join(ad), ai);
        });
    }

    /// Per input, whether the original program built with `instrument`
    /// in `dir` reports a memory error on it (`None` when it cannot be
    /// built or run).
    fn sanitized_errors(
        &self, p: &Project, inputs: &[&TestCase], timeout: Duration, dir: &Path, instrument: native::Instrument,
        deadline: Instant,
    ) -> Option<Vec<bool>> {
        let b = checked_build(p, dir, instrument)?;
        let runs = run_inputs(&b.exe, p, inputs, Some(native::MEMORY_ENV), timeout, deadline).ok()?;
        // No error is known where the program was not run.
        Some(runs.iter().map(|r| r.as_ref().is_some_and(|r| native::memory_error(&r.stderr))).collect())
    }

    /// The project with source `src` replaced by `instrumented`, loaded in
    /// the VM (built in `dir`), or why not (a `skipped: …` result).
    pub(crate) fn instrumented(
        &self, p: &Project, src: usize, instrumented: &str, dir: &Path,
    ) -> Result<Rc<klee_ext::ir::Program>, String> {
        let bc = match self {
            Builds::Direct => Builds::bitcode_job(p, src, instrumented, dir).run()?,
            Builds::Make(m) => {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
                vec![m.bitcode(src, instrumented, dir).map_err(|e| {
                    format!("skipped: the instrumented program does not build: {}", first_line(&e.to_string()))
                })?]
            }
        };
        Builds::load_bitcode(&bc)
    }

    /// A direct build's compile of the project with source `src` replaced
    /// by `instrumented`, to bitcode in `dir`, as a job that may run on
    /// another thread (`ahead.rs`).
    pub(crate) fn bitcode_job(p: &Project, src: usize, instrumented: &str, dir: &Path) -> BitcodeJob {
        BitcodeJob {
            sources: p.source_paths(),
            src,
            text: instrumented.to_string(),
            flags: clang_flags(p),
            dir: dir.to_path_buf(),
        }
    }

    /// The flags clang compiles a source of the project with: those of a
    /// direct build (its headers' folders, its `cflags`); `None` for a
    /// project built by its own `make`, whose flags are the build's.
    pub(crate) fn direct_flags(&self, p: &Project) -> Option<Vec<String>> {
        matches!(self, Builds::Direct).then(|| clang_flags(p))
    }

    /// Bitcode files loaded in the VM, or why not (a `skipped: …` result).
    pub(crate) fn load_bitcode(bc: &[PathBuf]) -> Result<Rc<klee_ext::ir::Program>, String> {
        let paths: Vec<&Path> = bc.iter().map(|b| b.as_path()).collect();
        let prog = klee_ext::ir::load_module_file(&paths, Some(klee_ext::RUNTIME_BC))
            .map_err(|e| format!("skipped: the VM cannot load the program: {e}"))?;
        Ok(Rc::new(prog))
    }

    /// The integer constants a patch may use without cost: the sources'
    /// literals and the values of `macros`.
    pub(crate) fn constants(texts: &[String], macros: &HashMap<String, i64>) -> Vec<i64> {
        let mut out = super::rank::program_constants(texts);
        let mut values: Vec<i64> = macros.values().copied().collect();
        values.sort_unstable();
        for v in values {
            if !out.contains(&v) {
                out.push(v);
            }
        }
        out
    }
}

/// A direct build's compile of an instrumented program to bitcode: the
/// project's sources, one of them replaced by a new text.
pub(crate) struct BitcodeJob {
    sources: Vec<PathBuf>,
    src: usize,
    text: String,
    flags: Vec<String>,
    dir: PathBuf,
}

impl BitcodeJob {
    /// The bitcode files, or why not (a `skipped: …` result).
    pub(crate) fn run(self) -> Result<Vec<PathBuf>, String> {
        std::fs::create_dir_all(&self.dir).map_err(|e| e.to_string())?;
        let name = self.sources[self.src]
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "prog.c".into());
        let inst = self.dir.join(&name);
        std::fs::write(&inst, &self.text).map_err(|e| e.to_string())?;
        let mut c_files = self.sources;
        c_files[self.src] = inst;
        klee_ext::compile::compile_c(&c_files, &self.flags, &self.dir)
            .map_err(|e| format!("skipped: the instrumented program does not compile: {}", first_line(&e.to_string())))
    }
}

/// Builds project `p` with `files` (paths relative to the project, new
/// texts) replaced and runs `then(root, program)` on the build: `root` is
/// the built tree of a real project (the project folder otherwise). The
/// outer error is the tool's, the inner one the variant's build.
pub fn with_variant<T>(
    p: &Project, files: &[(PathBuf, String)], then: impl FnOnce(&Path, &Path) -> T,
) -> Result<Result<T, String>, String> {
    match Builds::prepare(p, &mut |_| {}).map_err(|e| e.to_string())? {
        Builds::Direct => {
            let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
            let mut srcs = Vec::new();
            for s in &p.sources {
                match files.iter().find(|(f, _)| f == s) {
                    Some((_, text)) => {
                        let f = dir.path().join("v").join(s.file_name().unwrap_or_default());
                        std::fs::create_dir_all(f.parent().unwrap_or(dir.path())).map_err(|e| e.to_string())?;
                        std::fs::write(&f, text).map_err(|e| e.to_string())?;
                        srcs.push(f);
                    }
                    None => srcs.push(p.dir.join(s)),
                }
            }
            Ok(native::build(&srcs, &include_dirs(p), &p.cflags, dir.path(), native::Instrument::Plain)
                .map(|b| then(&p.dir, &b.exe))
                .map_err(|e| e.to_string()))
        }
        Builds::Make(m) => {
            let root = m.root().to_path_buf();
            m.with_files(files, false, |exe| Ok(then(&root, exe))).map_err(|e| e.to_string())
        }
    }
}

/// Runs test `t` of project `p` natively with program `exe`: its folder
/// prepared, the program run, the result judged.
pub fn run_project_test(exe: &Path, p: &Project, t: &TestCase, timeout: Duration) -> Result<(RunResult, bool), String> {
    run_one(exe, p, t, timeout).map_err(|e| e.to_string())
}

/// The two checks of the domain, each with the folder of its build:
/// memory never written, and accesses out of bounds.
const CHECKED: [(native::Instrument, &str); 2] =
    [(native::Instrument::Uninitialized, "uninit"), (native::Instrument::Memory, "address")];

/// The original program built with `instrument` in `dir` (`None` when it
/// cannot be built).
fn checked_build(p: &Project, dir: &Path, instrument: native::Instrument) -> Option<native::Build> {
    std::fs::create_dir_all(dir).ok()?;
    native::build(&p.source_paths(), &include_dirs(p), &p.cflags, dir, instrument).ok()
}

/// The project with `replaced` (source index, text) built natively in
/// `dir`, instrumented as `instrument` says.
pub(super) fn build_replaced(
    p: &Project, replaced: (usize, &str), dir: &Path, instrument: native::Instrument,
) -> Result<native::Build, String> {
    native::build(&sources_with(p, replaced, dir)?, &include_dirs(p), &p.cflags, dir, instrument)
        .map_err(|e| e.to_string())
}

/// The project's source paths with source `replaced.0` written, as
/// `replaced.1`, into `dir/v/` under its own name (a direct build's
/// variant).
fn sources_with(p: &Project, replaced: (usize, &str), dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut srcs: Vec<PathBuf> = p.source_paths();
    let f = dir.join("v").join(p.sources[replaced.0].file_name().unwrap_or_default());
    std::fs::create_dir_all(f.parent().unwrap_or(dir)).map_err(|e| e.to_string())?;
    std::fs::write(&f, replaced.1).map_err(|e| e.to_string())?;
    srcs[replaced.0] = f;
    Ok(srcs)
}

/// Failing test `t`'s failure point in coverage build `b` (see
/// [`native::failure_point`]), run in a fresh folder as the test is.
fn failure_point(
    b: &native::Build, p: &Project, t: &TestCase, timeout: Duration, srcs: &[PathBuf],
) -> Result<Option<native::FailurePoint>, FixError> {
    let (dir, t) = prepared(p, t, timeout)?;
    Ok(native::failure_point(b, &t, &dir.path, timeout, srcs))
}

/// Test `t` as the project runs it: in its fresh folder (setup done),
/// under the program's name.
fn prepared(p: &Project, t: &TestCase, timeout: Duration) -> Result<(native::TestDir, TestCase), FixError> {
    let dir = native::prepare(t, &p.dir, timeout).map_err(FixError::Build)?;
    let mut t = t.clone();
    t.argv0 = Builds::argv0(p);
    t.run_dir = Some(dir.path.clone());
    Ok((dir, t))
}

/// Bytes a run near the tests may print (stdout and stderr): more is a
/// printer without end, cut as a time-out.
const NEAR_OUTPUT: u64 = 1 << 20;

/// Runs `exe` on each of `inputs` in order (with `env` added), each
/// within `timeout` of CPU time and [`NEAR_OUTPUT`] bytes of output and,
/// as the outer clock, four times that time or the time left before
/// `deadline` (an error once it is reached).
/// A program that timed out on [`MAX_TIMEOUTS`] inputs
/// is taken to loop on the rest: they are not run (`None`).
fn run_inputs(
    exe: &Path, p: &Project, inputs: &[&TestCase], env: Option<(&str, &str)>, timeout: Duration, deadline: Instant,
) -> Result<Vec<Option<RunResult>>, String> {
    let mut out = Vec::new();
    let mut timeouts = 0;
    for t in inputs {
        if timeouts >= MAX_TIMEOUTS {
            out.push(None);
            continue;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err("the repair's time limit was reached".into());
        }
        let with_env;
        let t = match env {
            Some((k, v)) => {
                let mut c = (*t).clone();
                c.env.push((k.into(), v.into()));
                with_env = c;
                &with_env
            }
            None => *t,
        };
        // Cut by CPU time, not the clock: whether a run near the tests
        // loops (a behaviour, `timed out`) does not depend on the load.
        let (dir, t) = prepared(p, t, timeout).map_err(|e| e.to_string())?;
        let work = native::Work { cpu: timeout, output: NEAR_OUTPUT };
        let r = native::run_test_within(exe, &t, &dir.path, work, (timeout * 4).min(left))
            .map_err(|e| format!("cannot run test {}: {e}", t.name))?;
        timeouts += usize::from(r.timed_out);
        out.push(Some(r));
    }
    Ok(out)
}

/// Runs test `t` natively: its folder prepared, the program run, the
/// result judged.
pub(super) fn run_one(exe: &Path, p: &Project, t: &TestCase, timeout: Duration) -> Result<(RunResult, bool), FixError> {
    let (dir, t) = prepared(p, t, timeout)?;
    let r = native::run_test(exe, &t, &dir.path, timeout)
        .map_err(|e| FixError::Build(format!("cannot run test {}: {e}", t.name)))?;
    let passed = native::judge(&t, &r.stdout, &r.stderr, r.exit);
    Ok((r, passed))
}

fn describe_mismatch(t: &TestCase, r: &RunResult) -> String {
    match (t.exit, r.exit) {
        (Some(want), Some(got)) if want != got => format!("exit code {got}, expected {want}"),
        _ if t.stdout.is_none() && t.stderr.is_some() => {
            format!("unexpected stderr {:?}", String::from_utf8_lossy(&r.stderr).chars().take(60).collect::<String>())
        }
        _ if t.stdout.is_none() && t.check.is_some() => "its check fails".into(),
        _ => format!("unexpected output {:?}", String::from_utf8_lossy(&r.stdout).chars().take(60).collect::<String>()),
    }
}

/// Why a directly built patch that passes the tests is still no patch:
/// clang warns of undefined behaviour in it (`check`, started on the
/// patched text) that the original source did not have (the tests pass
/// by the grace of one compiler). Nothing is known when clang cannot
/// compile either text.
fn undefined_added(p: &Project, src: usize, check: super::fixit::UndefinedCheck) -> Option<String> {
    let new = check.finish()?;
    if new.is_empty() {
        return None;
    }
    let old = original_undefined(p, src)?;
    super::fixit::added(&old, &new).map(|w| format!("the patched program has undefined behaviour: {w}"))
}

/// The original source's warnings of undefined behaviour, checked once
/// per text (every candidate with a warning compares with them).
fn original_undefined(p: &Project, src: usize) -> Option<Vec<(String, String)>> {
    use std::sync::Mutex;
    type Known = Mutex<Vec<((PathBuf, String), Option<Vec<(String, String)>>)>>;
    static KNOWN: Known = Mutex::new(Vec::new());
    let path = p.dir.join(&p.sources[src]);
    let key = (path.clone(), std::fs::read_to_string(&path).ok()?);
    if let Some((_, w)) = KNOWN.lock().ok()?.iter().find(|(k, _)| *k == key) {
        return w.clone();
    }
    let w = super::fixit::undefined(&p.dir, &path, &clang_flags(p));
    KNOWN.lock().ok()?.push((key, w.clone()));
    w
}

/// `-I` for each folder of the sources, then the project's `cflags`.
fn clang_flags(p: &Project) -> Vec<String> {
    let mut flags: Vec<String> = Vec::new();
    for d in include_dirs(p) {
        flags.push("-I".into());
        flags.push(d.display().to_string());
    }
    flags.extend(p.cflags.iter().cloned());
    flags
}

fn include_dirs(p: &Project) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = p.sources.iter().filter_map(|s| p.dir.join(s).parent().map(Path::to_path_buf)).collect();
    v.dedup();
    v
}

fn first_line(s: &str) -> String {
    s.lines().take(3).collect::<Vec<_>>().join(" ")
}

/// `#define NAME NUMBER` and enumeration constants in the project's
/// headers and sources whose NAME occurs in `texts` (a name defined to
/// several values is left out).
pub(crate) fn macro_constants(dir: &Path, texts: &[String]) -> HashMap<String, i64> {
    let re = regex::Regex::new(
        r"(?m)^\s*#\s*define\s+([A-Za-z_]\w*)\s+\(?(-?(?:0[xX][0-9a-fA-F]+|\d+))\)?[uUlL]*\s*(?:/[*/].*)?$",
    )
    .expect("valid regex");
    let ident = regex::Regex::new(r"[A-Za-z_]\w*").expect("valid regex");
    let names: std::collections::HashSet<&str> =
        texts.iter().flat_map(|t| ident.find_iter(t).map(|m| m.as_str())).collect();
    let mut out: HashMap<String, Option<i64>> = HashMap::new();
    for_each_c_file(dir, None, &mut |_, text| {
        let mut define = |name: &str, n: i64| {
            if names.contains(name) {
                let e = out.entry(name.to_string()).or_insert(Some(n));
                if *e != Some(n) {
                    *e = None;
                }
            }
        };
        for c in re.captures_iter(text) {
            let v = &c[2];
            let (neg, digits) = v.strip_prefix('-').map_or((false, v), |d| (true, d));
            let parsed = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                Some(h) => i64::from_str_radix(h, 16).ok(),
                None => digits.parse::<i64>().ok(),
            };
            if let Some(n) = parsed {
                define(&c[1], if neg { -n } else { n });
            }
        }
        // Enumeration constants name values as macros do.
        if text.contains("enum") {
            for (name, n) in crate::cparse::enumerators(text) {
                define(&name, n);
            }
        }
    });
    out.into_iter().filter_map(|(k, v)| Some((k, v?))).collect()
}

/// Calls `f` on every `.c` and `.h` file below `dir` (not the output
/// folder) with its text; with `only`, on the files of that name.
fn for_each_c_file(dir: &Path, only: Option<&str>, f: &mut dyn FnMut(&Path, &str)) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                if !path.ends_with("se2repair-out") {
                    stack.push(path);
                }
                continue;
            }
            if !path.extension().is_some_and(|x| x == "h" || x == "c")
                || only.is_some_and(|o| path.file_name().is_none_or(|n| n != o))
            {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                f(&path, &text);
            }
        }
    }
}

/// The macros a project defines somewhere (`#define NAME`), and those its
/// configured `config.h` leaves undefined (`/* #undef NAME */`): what
/// decides the branches of a source the parser reads through
/// `cparse::project_view`. `configured`: the project's configured build
/// copy, whose `config.h` files are all it adds to the project's sources.
pub(crate) fn defined_macros(project: &Path, configured: Option<&Path>) -> HashMap<String, bool> {
    let def = regex::Regex::new(r"(?m)^\s*#\s*define\s+([A-Za-z_]\w*)").expect("valid regex");
    let undef = regex::Regex::new(r"(?m)^\s*/\*\s*#\s*undef\s+([A-Za-z_]\w*)\s*\*/").expect("valid regex");
    let mut out: HashMap<String, bool> = HashMap::new();
    for (d, only) in std::iter::once((project, None)).chain(configured.map(|c| (c, Some("config.h")))) {
        for_each_c_file(d, only, &mut |path, text| {
            for c in def.captures_iter(text) {
                out.insert(c[1].to_string(), true);
            }
            if path.file_name().is_some_and(|n| n == "config.h") {
                for c in undef.captures_iter(text) {
                    out.entry(c[1].to_string()).or_insert(false);
                }
            }
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program that loops on every input.
    const LOOPS: &str = "int main(void) { for (;;) { } }\n";

    /// A project of `prog.c` with `src` and the project file `yaml`.
    fn project_of(src: &str, yaml: &str) -> (tempfile::TempDir, Project) {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("prog.c"), src).unwrap();
        std::fs::write(d.path().join(crate::config::PROJECT_FILE), yaml).unwrap();
        let p = Project::load(d.path()).unwrap();
        (d, p)
    }

    /// A project of [`LOOPS`] with one test.
    fn looping_project() -> (tempfile::TempDir, Project) {
        project_of(LOOPS, "sources: [prog.c]\ntests:\n  - name: t\n    stdout: \"\"\n")
    }

    /// An input that takes the program out of bounds is told from one
    /// that does not, though both print: the first `n` of `n` numbers,
    /// then the last, with `n` negative reading before the array.
    #[test]
    fn memory_errors_tell_an_input_outside_the_domain() {
        let src = "#include <stdio.h>\nint main(void) { int n, a[4] = {1, 2, 3, 4};\n\
                   if (scanf(\"%d\", &n) != 1) return 1; printf(\"%d\\n\", a[n - 1]); return 0; }\n";
        let (d, p) =
            project_of(src, "sources: [prog.c]\ntests:\n  - name: t\n    stdin: \"2\"\n    stdout: \"2\\n\"\n");
        let inside = p.tests[0].clone();
        let outside = TestCase { stdin: b"-2".to_vec(), ..inside.clone() };
        let deadline = Instant::now() + Duration::from_secs(60);
        let errs = Builds::Direct.memory_errors(
            &p,
            &[&inside, &outside],
            Duration::from_secs(10),
            &d.path().join("m"),
            deadline,
        );
        assert_eq!(errs, Some(vec![false, true]));
        // A count past the numbers given leaves memory never written: its
        // sum is whatever the stack held.
        let src = "#include <stdio.h>\nint main(void) { int n, s = 0, a[8];\n\
                   if (scanf(\"%d\", &n) != 1 || n > 8) return 1;\n\
                   for (int i = 0; i < n; i++) scanf(\"%d\", &a[i]);\n\
                   for (int i = 0; i < n; i++) s += a[i];\n\
                   if (s > 10) puts(\"big\"); else puts(\"small\"); return 0; }\n";
        let (d2, p2) =
            project_of(src, "sources: [prog.c]\ntests:\n  - name: t\n    stdin: \"2 5 7\"\n    stdout: \"big\\n\"\n");
        let full = p2.tests[0].clone();
        let short = TestCase { stdin: b"3 5 7".to_vec(), ..full.clone() };
        let errs = Builds::Direct.memory_errors(
            &p2,
            &[&full, &short],
            Duration::from_secs(10),
            &d2.path().join("m"),
            deadline,
        );
        assert_eq!(errs, Some(vec![false, true]));
        // Near the test: 3 and 1 are kept; 0, -1 and -2 read before the array.
        let near = super::super::behaviour::inputs_near_split(&[&inside], &[false], 100);
        let kept = super::super::behaviour::in_domain(
            &p,
            &Builds::Direct,
            &[&inside],
            near.clone(),
            Duration::from_secs(10),
            &d.path().join("n"),
            deadline,
        );
        let stdin = |n: &[super::super::behaviour::Near]| {
            n.iter().map(|n| String::from_utf8_lossy(&n.test.stdin).into_owned()).collect::<Vec<_>>()
        };
        assert!(stdin(&near).contains(&"-2".to_string()) && stdin(&near).contains(&"0".to_string()));
        assert_eq!(stdin(&kept), ["3", "1"].map(String::from).to_vec(), "{:?}", stdin(&near));
    }

    /// Native observations stop at the deadline: a program that loops on
    /// every input costs the time left, not one test timeout per input.
    #[test]
    fn observing_stops_at_the_deadline() {
        let (d, p) = looping_project();
        let src = LOOPS;
        let t = p.tests[0].clone();
        let inputs = vec![&t, &t, &t, &t];
        let start = Instant::now();
        let deadline = start + Duration::from_millis(1500);
        let r = Builds::Direct.observe(&p, &inputs, Duration::from_secs(5), (0, src), &d.path().join("o"), deadline);
        assert!(r.is_err_and(|e| e.contains("time limit")));
        // Four inputs at 5 s each would take 20 s.
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    }

    /// A candidate that loops is validated no further than the deadline:
    /// its test fails there, not at its own (longer) time limit.
    #[test]
    fn validating_stops_at_the_deadline() {
        let (d, p) = looping_project();
        let src = LOOPS;
        let tests: Vec<&TestCase> = p.tests.iter().collect();
        let start = Instant::now();
        let deadline = Some(start + Duration::from_millis(1500));
        let r = Builds::Direct.validate(&p, &tests, Duration::from_secs(30), (0, src), &d.path().join("v"), deadline);
        assert!(matches!(r, Ok(Some((0, _)))), "{r:?}");
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
        // Past the deadline no test runs at all.
        let r = Builds::Direct.validate(&p, &tests, Duration::from_secs(30), (0, src), &d.path().join("w"), deadline);
        assert!(matches!(&r, Ok(Some((0, why))) if why.contains("time limit")), "{r:?}");
    }
}
