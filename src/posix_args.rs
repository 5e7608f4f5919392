//! The program's arguments and environment as KLEE's POSIX runtime and
//! `--env-file` give them, shared by `run` and `klee`: `--sym-arg`,
//! `--sym-args`, `--sym-stdin`, `--sym-files`, `--sym-stdout` and
//! `--max-fail` among the arguments; NAME=VALUE lines of an environment file.

use klee_ext::exec::ArgSpec;

/// An environment file: one NAME=VALUE a line (blank lines and lines
/// starting with # are skipped).
pub fn read_env_file(p: &std::path::Path) -> Result<Vec<Vec<u8>>, String> {
    let bytes = std::fs::read(p).map_err(|e| format!("cannot read --env-file {}: {e}", p.display()))?;
    let mut out = Vec::new();
    for (n, line) in bytes.split(|&c| c == b'\n').enumerate() {
        if line.is_empty() || line[0] == b'#' {
            continue;
        }
        if !line.contains(&b'=') || line[0] == b'=' {
            return Err(format!("{}:{}: expected NAME=VALUE", p.display(), n + 1));
        }
        out.push(line.to_vec());
    }
    Ok(out)
}

/// What KLEE's POSIX runtime reads among the program's arguments.
#[derive(Default)]
pub struct PosixArgs {
    pub args: Vec<ArgSpec>,
    pub sym_stdin: Option<u32>,
    pub sym_files: Option<(u32, u32)>,
    pub sym_stdout: bool,
    /// `--max-fail N`.
    pub max_fail: u32,
}

pub fn parse_program_args(raw_os: &[std::ffi::OsString]) -> Result<PosixArgs, String> {
    use std::os::unix::ffi::OsStrExt;
    let raw: Vec<String> = raw_os.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    let mut out = Vec::new();
    let mut stdin = None;
    let mut files = None;
    let mut sym_stdout = false;
    let mut max_fail = 0;
    let mut i = 0;
    let num = |v: Option<&String>, what: &str| -> Result<u32, String> {
        v.ok_or(format!("{what} needs a number"))?.parse::<u32>().map_err(|_| format!("{what} needs a number"))
    };
    while i < raw.len() {
        let a = raw[i].trim_start_matches('-');
        let dashed = raw[i].starts_with('-');
        match (dashed, a) {
            (true, "sym-arg") => {
                out.push(ArgSpec::Sym(num(raw.get(i + 1), "--sym-arg")?));
                i += 2;
            }
            (true, "sym-args") => {
                let min = num(raw.get(i + 1), "--sym-args")?;
                let max = num(raw.get(i + 2), "--sym-args")?;
                let len = num(raw.get(i + 3), "--sym-args")?;
                // KLEE's POSIX runtime's words.
                if min > max || max == 0 {
                    return Err("Invalid range to --sym-args (MIN MAX N needs MIN <= MAX and MAX > 0)".into());
                }
                out.push(ArgSpec::SymArgs { min, max, len });
                i += 4;
            }
            (true, "sym-stdin") => {
                stdin = Some(num(raw.get(i + 1), "--sym-stdin")?);
                i += 2;
            }
            (true, "sym-files") => {
                let n = num(raw.get(i + 1), "--sym-files")?;
                let size = num(raw.get(i + 2), "--sym-files")?;
                if files.is_some() {
                    return Err("Multiple --sym-files are not allowed".into());
                }
                if n == 0 {
                    return Err("The first argument to --sym-files (number of files) cannot be 0".into());
                }
                if size == 0 {
                    return Err("The second argument to --sym-files (file size) cannot be 0".into());
                }
                if n > 26 {
                    return Err("--sym-files N SIZE: at most 26 files (A to Z)".into());
                }
                files = Some((n, size));
                i += 3;
            }
            (true, "sym-stdout") => {
                sym_stdout = true;
                i += 1;
            }
            (true, "max-fail") => {
                max_fail = num(raw.get(i + 1), "--max-fail")?;
                i += 2;
            }
            _ => {
                // C programs take any bytes as arguments.
                out.push(match raw_os[i].to_str() {
                    Some(u) => ArgSpec::Concrete(u.to_string()),
                    None => ArgSpec::Bytes(raw_os[i].as_bytes().to_vec()),
                });
                i += 1;
            }
        }
    }
    let most: u32 = out
        .iter()
        .map(|a| match a {
            ArgSpec::Sym(_) => 1,
            ArgSpec::SymArgs { max, .. } => *max,
            _ => 0,
        })
        .sum();
    if most > 100 {
        return Err("No more than 100 symbolic arguments allowed.".into());
    }
    Ok(PosixArgs { args: out, sym_stdin: stdin, sym_files: files, sym_stdout, max_fail })
}
