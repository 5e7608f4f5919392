//! `klee-replay` (also `se2repair klee-replay`): runs a natively compiled
//! program on the inputs of `.ktest` files as KLEE's tool does — the
//! test's command line with its `--sym-arg`/`--sym-args` taken from the
//! `argNN`/`n_args` objects, its symbolic files (`A_data`, …) written
//! into a fresh `/tmp/klee-replay-XXXXXX` folder the program runs in
//! (mode from the file's stat object), its `stdin` object as standard
//! input — and reports each run's end on stderr (`KLEE-REPLAY: NOTE:
//! EXIT STATUS: NORMAL`, `ABNORMAL N`, `CRASHED signal N`, `TIMED OUT`).
//!
//! `KLEE_REPLAY_TIMEOUT` (seconds) bounds each run; `--keep-replay-dir`
//! keeps the folders; `--create-files-only TEST` only writes the files.
//! Symbolic files are created as regular files (a stat object saying
//! directory, link or device is not honoured), and `--chroot-to-dir` is
//! not supported.

use crate::posix_args::parse_program_args;
use klee_ext::exec::ArgSpec;
use klee_ext::ktest::KTest;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What a test gives the program.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// The arguments after the program's name.
    pub args: Vec<Vec<u8>>,
    /// Symbolic files: name (`A`, `B`, …), contents, permission bits.
    pub files: Vec<(String, Vec<u8>, u32)>,
    pub stdin: Option<Vec<u8>>,
    /// `--sym-stdout`: what the program's stdout file holds at the start.
    pub stdout: Option<Vec<u8>>,
}

/// A C string's bytes up to its first NUL.
fn c_string(b: &[u8]) -> Vec<u8> {
    b.split(|&c| c == 0).next().unwrap_or_default().to_vec()
}

/// Permission bits of a stat object (0644 when it has none).
fn mode(stat: Option<&Vec<u8>>) -> u32 {
    let m = stat.and_then(|s| s.get(24..28)).map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])) & 0o777;
    if m == 0 {
        0o644
    } else {
        m
    }
}

/// The inputs of a test, as KLEE's POSIX runtime built them from the
/// test's command line.
pub fn inputs(kt: &KTest) -> Result<Inputs, String> {
    let raw: Vec<OsString> = kt.args.iter().skip(1).map(OsString::from).collect();
    let posix = parse_program_args(&raw)?;
    // KLEE's names, or the older ones with '-' (`stdin-stat`).
    let find = |name: &str| {
        let old = name.replace('_', "-");
        kt.objects.iter().find(|(n, _)| n == name || *n == old).map(|(_, b)| b)
    };
    let mut args_objs =
        kt.objects.iter().filter(|(n, _)| n.starts_with("arg") && n[3..].bytes().all(|c| c.is_ascii_digit()));
    let mut counts = kt.objects.iter().filter(|(n, _)| n == "n_args");
    let mut out = Inputs::default();
    let mut next_arg = |what: &str| -> Result<Vec<u8>, String> {
        args_objs.next().map(|(_, b)| c_string(b)).ok_or(format!("the test has too few argument objects for {what}"))
    };
    for a in &posix.args {
        match a {
            ArgSpec::Concrete(s) => out.args.push(s.clone().into_bytes()),
            ArgSpec::Bytes(b) => out.args.push(b.clone()),
            ArgSpec::Sym(_) => out.args.push(next_arg("--sym-arg")?),
            ArgSpec::SymArgs { .. } => {
                let n = counts
                    .next()
                    .and_then(|(_, b)| b.get(..4))
                    .ok_or("the test has no n_args object for --sym-args")?;
                for _ in 0..u32::from_le_bytes([n[0], n[1], n[2], n[3]]) {
                    out.args.push(next_arg("--sym-args")?);
                }
            }
        }
    }
    if let Some((n, _)) = posix.sym_files {
        for k in 0..n {
            let letter = (b'A' + k as u8) as char;
            let data = find(&format!("{letter}_data"));
            let data = data.ok_or(format!("the test has no {letter}_data object for --sym-files"))?;
            out.files.push((letter.to_string(), data.clone(), mode(find(&format!("{letter}_data_stat")))));
        }
    }
    if posix.sym_stdin.is_some_and(|n| n > 0) {
        out.stdin = Some(find("stdin").ok_or("the test has no stdin object for --sym-stdin")?.clone());
    }
    if posix.sym_stdout {
        out.stdout = Some(find("stdout").ok_or("the test has no stdout object for --sym-stdout")?.clone());
    }
    Ok(out)
}

/// Writes the files (and stdin's and stdout's, as `fd0` and `fd1`) into
/// a fresh replay folder.
fn create_files(inp: &Inputs) -> Result<PathBuf, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = tempfile::Builder::new()
        .prefix("klee-replay-")
        .tempdir_in("/tmp")
        .map_err(|e| format!("mkdtemp: could not create temporary directory: {e}"))?
        .keep();
    eprintln!("KLEE-REPLAY: NOTE: Storing KLEE replay files in {}", dir.display());
    let mut all: Vec<(String, &Vec<u8>, u32)> = inp.files.iter().map(|(n, d, m)| (n.clone(), d, *m)).collect();
    if let Some(s) = &inp.stdin {
        all.push(("fd0".into(), s, 0o644));
    }
    if let Some(s) = &inp.stdout {
        all.push(("fd1".into(), s, 0o644));
    }
    for (name, data, mode) in all {
        let path = dir.join(&name);
        eprintln!("KLEE-REPLAY: NOTE: Creating file {} of length {}", path.display(), data.len());
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .truncate(true)
            .write(true)
            .mode(mode)
            .open(&path)
            .map_err(|_| format!("Cannot create file {}", path.display()))?;
        std::io::Write::write_all(&mut f, data).map_err(|_| format!("Cannot write file {}", path.display()))?;
        // The mode exactly, whatever the umask.
        let _ = std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(mode));
    }
    Ok(dir)
}

/// Runs `exe` on one test's inputs in `dir`; the status line.
fn run_one(exe: &Path, argv0: &OsString, inp: &Inputs, dir: &Path, timeout: Option<Duration>) -> Result<(), String> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let mut cmd = std::process::Command::new(exe);
    cmd.arg0(argv0).args(inp.args.iter().map(|a| OsString::from_vec(a.clone()))).current_dir(dir);
    if inp.stdin.is_some() {
        cmd.stdin(std::fs::File::open(dir.join("fd0")).map_err(|e| format!("cannot open the replayed stdin: {e}"))?);
    }
    if inp.stdout.is_some() {
        let f = std::fs::OpenOptions::new().read(true).write(true).open(dir.join("fd1"));
        cmd.stdout(f.map_err(|e| format!("cannot open the replayed stdout: {e}"))?);
    }
    let start = Instant::now();
    let mut child = klee_ext::procs::spawn(&mut cmd).map_err(|e| format!("execv: {e}"))?;
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| format!("waitpid: {e}"))? {
            break Some(s);
        }
        if timeout.is_some_and(|t| start.elapsed() >= t) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    // The program's whole process group goes with it.
    child.signal(libc::SIGKILL);
    let secs = start.elapsed().as_secs();
    match status {
        None => {
            let _ = child.wait();
            eprintln!("KLEE-REPLAY: NOTE: EXIT STATUS: TIMED OUT ({} seconds)", timeout.unwrap_or_default().as_secs())
        }
        Some(s) => match (s.code(), s.signal()) {
            (Some(0), _) => eprintln!("KLEE-REPLAY: NOTE: EXIT STATUS: NORMAL ({secs} seconds)"),
            (Some(rc), _) => eprintln!("KLEE-REPLAY: NOTE: EXIT STATUS: ABNORMAL {rc} ({secs} seconds)"),
            (None, Some(sig)) => eprintln!("KLEE-REPLAY: NOTE: EXIT STATUS: CRASHED signal {sig} ({secs} seconds)"),
            (None, None) => eprintln!("KLEE-REPLAY: NOTE: EXIT STATUS: NONE ({secs} seconds)"),
        },
    }
    Ok(())
}

fn usage() -> ExitCode {
    eprintln!(
        "Usage: klee-replay [option]... <executable> <ktest-file>...\n   or: klee-replay --create-files-only <ktest-file>\n\n-k, --keep-replay-dir    do not delete replay directory\n-h, --help               display this help and exit\n\nUse KLEE_REPLAY_TIMEOUT environment variable to set a timeout (in seconds)."
    );
    ExitCode::from(1)
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("KLEE-REPLAY: ERROR: {msg}");
    ExitCode::from(1)
}

fn load(p: &str) -> Result<KTest, ExitCode> {
    KTest::load(Path::new(p)).map_err(|_| fail(&format!("input file {p} not valid.")))
}

/// `klee-replay ARGS` (the arguments after the tool's name).
pub fn main(raw: Vec<OsString>) -> ExitCode {
    let args: Vec<String> = raw.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let mut keep = false;
    let mut i = 0;
    while i < args.len() && args[i].starts_with('-') {
        match args[i].as_str() {
            "-k" | "--keep-replay-dir" => keep = true,
            "-h" | "--help" => return usage(),
            "-f" | "--create-files-only" => {
                let (Some(t), 2) = (args.get(i + 1), args.len()) else { return usage() };
                let kt = match load(t) {
                    Ok(k) => k,
                    Err(c) => return c,
                };
                return match inputs(&kt).and_then(|inp| create_files(&inp)) {
                    Ok(_) => ExitCode::SUCCESS,
                    Err(e) => fail(&e),
                };
            }
            a if a.starts_with("--create-files-only=") => {
                return usage();
            }
            a if a == "-r" || a.starts_with("--chroot-to-dir") => {
                return fail("unsupported: --chroot-to-dir (the program runs in the replay folder without chroot)")
            }
            other => return fail(&format!("unknown option {other}")),
        }
        i += 1;
    }
    if args.len() < i + 2 {
        return usage();
    }
    let exe = match std::fs::canonicalize(&args[i]) {
        Ok(p) => p,
        Err(e) => return fail(&format!("executable {}: {e}", args[i])),
    };
    let timeout = match std::env::var("KLEE_REPLAY_TIMEOUT") {
        Err(_) => None,
        Ok(t) => match t.trim().parse::<u64>() {
            Ok(s) if s > 0 => Some(Duration::from_secs(s)),
            _ => return fail(&format!("invalid timeout ({t})")),
        },
    };
    for (n, t) in args[i + 1..].iter().enumerate() {
        let kt = match load(t) {
            Ok(k) => k,
            Err(c) => return c,
        };
        let inp = match inputs(&kt) {
            Ok(x) => x,
            Err(e) => return fail(&format!("{t}: {e}")),
        };
        if n > 0 {
            eprintln!();
        }
        let shown: Vec<String> = std::iter::once(args[i].clone())
            .chain(inp.args.iter().map(|a| String::from_utf8_lossy(a).into_owned()))
            .map(|a| format!("\"{a}\" "))
            .collect();
        eprintln!("KLEE-REPLAY: NOTE: Test file: {t}\nKLEE-REPLAY: NOTE: Arguments: {}", shown.concat());
        let dir = match create_files(&inp) {
            Ok(d) => d,
            Err(e) => return fail(&e),
        };
        let r = run_one(&exe, &raw[i], &inp, &dir, timeout);
        if !keep {
            eprintln!("KLEE-REPLAY: NOTE: removing {}", dir.display());
            let _ = std::fs::remove_dir_all(&dir);
        }
        if let Err(e) = r {
            return fail(&e);
        }
    }
    ExitCode::SUCCESS
}
