//! `klee-zesti`: KLEE's ZESTI-like front end (KLEE's `klee-zesti` script,
//! here in the tool). A program run with concrete inputs is explored from
//! that run: each concrete argument naming an existing file becomes a
//! symbolic file (`A`, `B`, … of the longest file's size), every other
//! argument a symbolic argument of its length, and a line waiting on
//! stdin a symbolic stdin; the concrete inputs become a seed (`ktest-gen`'s
//! `.ktest`) and `klee` runs with `--seed-file` and the symbolic inputs.
//!
//! `klee-zesti [KLEE-OPTIONS] PROGRAM.bc [ARGS]`: the options are those
//! before the first word that does not start with `-`.

use std::ffi::OsString;
use std::process::ExitCode;

const USAGE: &str = "klee-zesti: explores a program from one concrete run (its arguments, files and stdin as a seed)\n\
Usage: klee-zesti [klee-options] <program.bc> <concrete program arguments>";

/// KLEE's options, the program, and the program's arguments.
fn split(args: &[String]) -> (Vec<String>, Option<String>, Vec<String>) {
    match args.iter().position(|a| !a.starts_with('-')) {
        Some(p) => (args[..p].to_vec(), Some(args[p].clone()), args[p + 1..].to_vec()),
        None => (args.to_vec(), None, Vec::new()),
    }
}

/// The line waiting on stdin (up to and including its newline), if one is
/// there without waiting.
fn waiting_stdin_line() -> Option<Vec<u8>> {
    let mut p = libc::pollfd { fd: 0, events: libc::POLLIN, revents: 0 };
    // SAFETY: poll of one descriptor with no wait.
    if unsafe { libc::poll(&mut p, 1, 0) } != 1 || p.revents & libc::POLLIN == 0 {
        return None;
    }
    let mut line = Vec::new();
    let mut b = [0u8; 1];
    // SAFETY: reads of one byte into a local buffer.
    while unsafe { libc::read(0, b.as_mut_ptr().cast(), 1) } == 1 {
        line.push(b[0]);
        if b[0] == b'\n' {
            break;
        }
    }
    (!line.is_empty()).then_some(line)
}

/// `klee-zesti ARGS` (the arguments after the tool's name).
pub fn main(raw: Vec<OsString>) -> ExitCode {
    let args: Vec<String> = raw.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let (mut klee_args, prog, prog_args) = split(&args);
    let Some(prog) = prog else {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    };
    let tmp = match tempfile::tempdir() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("klee-zesti: cannot create a temporary folder: {e}");
            return ExitCode::from(1);
        }
    };
    let (mut posix, mut gen) = (Vec::new(), Vec::new());
    let mut sizes = Vec::new();
    for a in &prog_args {
        match std::fs::metadata(a) {
            Ok(m) => {
                posix.push(((b'A' + sizes.len() as u8) as char).to_string());
                sizes.push(m.len());
                gen.extend(["--sym-file".to_string(), a.clone()]);
            }
            Err(_) => {
                posix.extend(["--sym-arg".to_string(), a.len().to_string()]);
                gen.push(a.clone());
            }
        }
    }
    if let Some(max) = sizes.iter().max() {
        posix.extend(["--sym-files".to_string(), sizes.len().to_string(), max.to_string()]);
    }
    if let Some(line) = waiting_stdin_line() {
        let f = tmp.path().join("stdin.file");
        if let Err(e) = std::fs::write(&f, &line) {
            eprintln!("klee-zesti: cannot write {}: {e}", f.display());
            return ExitCode::from(1);
        }
        gen.extend(["--sym-stdin".to_string(), f.display().to_string()]);
        posix.extend(["--sym-stdin".to_string(), line.len().to_string()]);
    }
    let seed = tmp.path().join("test.ktest");
    let mut gen_args = vec!["--bout-file".to_string(), seed.display().to_string()];
    gen_args.extend(gen);
    if let Err(e) = crate::ktest_gen_cmd::gen(&gen_args) {
        eprintln!("{e}");
        return ExitCode::from(1);
    }
    klee_args.push(format!("-seed-file={}", seed.display()));
    klee_args.push(prog);
    klee_args.extend(posix);
    crate::klee_cmd::main(klee_args.into_iter().map(OsString::from).collect())
}
