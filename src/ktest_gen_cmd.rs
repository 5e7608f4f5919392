//! KLEE's `ktest-gen` and `ktest-randgen`: a `.ktest` made from concrete
//! inputs (a crashing input turned into a seed) or from random ones, in
//! the layout KLEE's POSIX runtime uses, so that `klee-replay` and
//! `--seed-file` take it.
//!
//! * `ktest-gen ARGS… [--sym-file F]… [--sym-stdin F] [--sym-stdout F]
//!   [--bout-file OUT]`: each other argument becomes a `-sym-arg N` object
//!   (`argNN`, its bytes and a NUL); files become `A_data`/`A_data_stat`,
//!   … (all padded with zeros to the longest), `stdin`/`stdin_stat`,
//!   `stdout`/`stdout_stat` (1024 bytes); the stat objects are the files'
//!   own `stat`. Default output: `file.bout`.
//! * `ktest-randgen SEED TYPES…`: the `--sym-arg(s)`, `--sym-files`,
//!   `--sym-stdin`, `--sym-stdout` of a command line, each given random
//!   contents (non-zero bytes, then zeros) from `SEED` (0: the clock).
//!   Default output: `random.bout`.

use klee_ext::ktest::KTest;
use rand::{Rng, SeedableRng};
use std::ffi::OsString;
use std::process::ExitCode;

/// Bytes of `struct stat` on this machine, as stat objects hold it.
fn stat_bytes(s: &libc::stat) -> Vec<u8> {
    // SAFETY: `libc::stat` is plain data; its bytes are read as they are.
    unsafe { std::slice::from_raw_parts(s as *const libc::stat as *const u8, std::mem::size_of::<libc::stat>()) }
        .to_vec()
}

/// The `stat` of an open file.
fn fstat(f: &std::fs::File) -> std::io::Result<libc::stat> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: `s` is written by fstat on an open descriptor before use.
    let mut s: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstat(f.as_raw_fd(), &mut s) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(s)
}

/// A file's contents and stat.
fn read_file(path: &str) -> Result<(Vec<u8>, libc::stat), String> {
    let f = std::fs::File::open(path).map_err(|e| format!("Failure opening {path}: {e}"))?;
    let s = fstat(&f).map_err(|e| format!("Failure opening {path}: {e}"))?;
    let data = std::fs::read(path).map_err(|e| format!("Failure opening {path}: {e}"))?;
    Ok((data, s))
}

const GEN_USAGE: &str = "ktest-gen: Tool for generating a ktest file from concrete input, e.g., for using a concrete crashing input as a ktest seed.\nUsage: ktest-gen <arguments>\n       <arguments> are the command-line arguments of the program, with the following treated as special:\n       --bout-file <filename>      - Specifying the output file name for the ktest file (default: file.bout).\n       --sym-stdin <filename>      - Specifying a file that is the content of stdin (only once).\n       --sym-stdout <filename>     - Specifying a file that is the content of stdout (only once).\n       --sym-file <filename>       - Specifying a file that is the content of a file named A provided for the program (only once).\n   Ex: ktest-gen -o -p -q file1 --sym-stdin file2 --sym-file file3 --sym-stdout file4";

fn strings(raw: &[OsString]) -> Vec<String> {
    raw.iter().map(|a| a.to_string_lossy().into_owned()).collect()
}

/// The tools' exit: 0, or the message and 1.
fn exit(r: Result<(), String>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}

/// `ktest-gen ARGS` (the arguments after the tool's name).
pub fn gen_main(raw: Vec<OsString>) -> ExitCode {
    exit(gen(&strings(&raw)))
}

pub(crate) fn gen(args: &[String]) -> Result<(), String> {
    if args.is_empty() {
        return Err(GEN_USAGE.into());
    }
    let (mut stdin, mut stdout, mut files, mut out) = (None, None, Vec::new(), "file.bout".to_string());
    let mut kt = KTest { args: vec!["ktest-gen".into()], ..KTest::default() };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let special = matches!(a.trim_start_matches('-'), "sym-stdin" | "sym-stdout" | "sym-file" | "bout-file")
            && a.starts_with('-')
            && !a.starts_with("---");
        if !special {
            kt.objects.push((format!("arg{:02}", kt.objects.len()), [a.as_bytes(), &[0]].concat()));
            kt.args.extend(["-sym-arg".into(), a.len().to_string()]);
            i += 1;
            continue;
        }
        let v = args.get(i + 1).filter(|v| a.ends_with("bout-file") || !v.starts_with('-')).ok_or(GEN_USAGE)?;
        match a.trim_start_matches('-') {
            "sym-stdin" if stdin.is_none() => stdin = Some(v.clone()),
            "sym-stdout" if stdout.is_none() => stdout = Some(v.clone()),
            "sym-file" => files.push(v.clone()),
            "bout-file" => out = v.clone(),
            _ => return Err(GEN_USAGE.into()),
        }
        i += 2;
    }
    if !files.is_empty() {
        let read: Vec<(Vec<u8>, libc::stat)> = files.iter().map(|f| read_file(f)).collect::<Result<_, _>>()?;
        let longest = read.iter().map(|(d, _)| d.len()).max().unwrap_or(0);
        for (k, (mut data, st)) in read.into_iter().enumerate() {
            data.resize(longest, 0);
            let letter = (b'A' + k as u8) as char;
            kt.objects.push((format!("{letter}_data"), data));
            kt.objects.push((format!("{letter}_data_stat"), stat_bytes(&st)));
        }
        kt.args.extend(["-sym-files".into(), files.len().to_string(), longest.to_string()]);
    }
    if let Some(f) = &stdin {
        let (data, st) = read_file(f)?;
        kt.args.extend(["-sym-stdin".into(), data.len().to_string()]);
        kt.objects.push(("stdin".into(), data));
        kt.objects.push(("stdin_stat".into(), stat_bytes(&st)));
    }
    if let Some(f) = &stdout {
        let (mut data, st) = read_file(f)?;
        data.resize(1024, 0);
        kt.objects.push(("stdout".into(), data));
        kt.objects.push(("stdout_stat".into(), stat_bytes(&st)));
        kt.args.push("-sym-stdout".into());
    }
    kt.save(std::path::Path::new(&out)).map_err(|e| format!("Error in storing data into {out}: {e}"))
}

const RANDGEN_USAGE: &str = "Usage: ktest-randgen <random-seed> <argument-types>\n       If <random-seed> is 0, the clock is used as a seed\n       <argument-types> are the ones accepted by KLEE: --sym-args, --sym-files etc. and --bout-file <filename> for the output file (default: random.bout).\n   Ex: ktest-randgen 100 --sym-args 0 2 2 --sym-files 1 8";

/// `ktest-randgen ARGS` (the arguments after the tool's name).
pub fn randgen_main(raw: Vec<OsString>) -> ExitCode {
    exit(randgen(&strings(&raw)))
}

/// `n` random non-zero bytes, then zeros up to `total`.
fn random_object(rng: &mut rand::rngs::SmallRng, n: usize, total: usize) -> Vec<u8> {
    let mut v: Vec<u8> = (0..n).map(|_| rng.gen_range(1..=255u8)).collect();
    v.resize(total, 0);
    v
}

/// The stat of a fresh regular file of `size` bytes.
fn stat_of_size(size: u64) -> Result<Vec<u8>, String> {
    let f = tempfile::tempfile().map_err(|e| format!("cannot create a temporary file: {e}"))?;
    f.set_len(size).map_err(|e| format!("cannot size a temporary file: {e}"))?;
    fstat(&f).map(|s| stat_bytes(&s)).map_err(|e| format!("cannot stat a temporary file: {e}"))
}

fn randgen(args: &[String]) -> Result<(), String> {
    let Some(seed) = args.first() else { return Err(RANDGEN_USAGE.into()) };
    let seed: u64 = seed.parse().map_err(|_| format!("Invalid number: {seed}\n{RANDGEN_USAGE}"))?;
    let seed = if seed == 0 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    } else {
        seed
    };
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut kt = KTest { args: vec!["ktest-randgen".into()], ..KTest::default() };
    let (mut files, mut stdin, mut stdout, mut out) = (Vec::new(), None, false, "random.bout".to_string());
    let mut nargs = 0usize;
    let mut i = 1;
    while i < args.len() {
        let a = args[i].as_str();
        let num = |k: usize, what: &str| -> Result<usize, String> {
            let v = args.get(i + k).ok_or(format!("{a}: ran out of arguments ({what} missing)"))?;
            v.parse().map_err(|_| format!("Invalid number: {v}"))
        };
        let used = match a.trim_start_matches('-') {
            "sym-arg" if a.starts_with('-') => {
                let n = num(1, "N")?;
                let len = rng.gen_range(0..=n);
                kt.objects.push((format!("arg{nargs}"), random_object(&mut rng, len, n + 1)));
                nargs += 1;
                2
            }
            "sym-args" if a.starts_with('-') => {
                let (lo, hi, n) = (num(1, "MIN")?, num(2, "MAX")?, num(3, "N")?);
                if hi < lo {
                    return Err("--sym-args first argument should be no more than its second argument".into());
                }
                let count = rng.gen_range(lo..=hi);
                kt.objects.push(("n_args".into(), (count as u32).to_le_bytes().to_vec()));
                for _ in 0..count {
                    let len = rng.gen_range(0..=n);
                    kt.objects.push((format!("arg{nargs}"), random_object(&mut rng, len, n + 1)));
                    nargs += 1;
                }
                4
            }
            "sym-files" if a.starts_with('-') => {
                let (n, size) = (num(1, "N")?, num(2, "SIZE")?);
                files = vec![size; n];
                3
            }
            "sym-stdin" if a.starts_with('-') => {
                stdin = Some(num(1, "SIZE")?);
                2
            }
            "sym-stdout" if a.starts_with('-') => {
                stdout = true;
                1
            }
            "bout-file" if a.starts_with('-') => {
                out = args.get(i + 1).ok_or("Missing file name for --bout-file")?.clone();
                i += 2;
                continue;
            }
            _ => return Err(format!("Unexpected option <{a}>")),
        };
        kt.args.extend(args[i..i + used].iter().cloned());
        i += used;
    }
    for (k, size) in files.iter().enumerate() {
        let letter = (b'A' + k as u8) as char;
        kt.objects.push((format!("{letter}_data"), random_object(&mut rng, *size, *size)));
        kt.objects.push((format!("{letter}_data_stat"), stat_of_size(*size as u64)?));
    }
    if let Some(size) = stdin {
        kt.objects.push(("stdin".into(), random_object(&mut rng, size, size)));
        kt.objects.push(("stdin_stat".into(), stat_of_size(size as u64)?));
    }
    if stdout {
        kt.objects.push(("stdout".into(), random_object(&mut rng, 1024, 1024)));
        kt.objects.push(("stdout_stat".into(), stat_of_size(1024)?));
    }
    kt.save(std::path::Path::new(&out)).map_err(|e| format!("Error in storing data into {out}: {e}"))
}
