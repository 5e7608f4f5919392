//! Helpers shared by the end-to-end tests.
#![allow(dead_code)]

pub mod fixes;
pub mod klee;
pub mod modellib;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_se2repair")
}

/// The clang the tool uses in these tests: `$SE2REPAIR_CLANG` (CI runs
/// the LLVM-sensitive tests with clang-14 and clang-16), else the tool's
/// default, clang-16 when it is installed, else clang-14.
pub fn clang() -> String {
    std::env::var("SE2REPAIR_CLANG").unwrap_or_else(|_| {
        let runs = |c: &str| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success());
        if runs("clang-16") { "clang-16" } else { "clang-14" }.into()
    })
}

pub fn corpus_files(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    v.sort();
    v
}

#[derive(Default, Clone, Debug)]
pub struct Directives {
    pub args: Vec<String>,
    /// Every `// ARGS:` line, in order: the program is run once per line.
    pub arg_sets: Vec<Vec<String>>,
    pub stdin: Vec<u8>,
    pub cflags: Vec<String>,
}

pub fn directives(f: &Path) -> Directives {
    let text = std::fs::read_to_string(f).unwrap();
    let mut d = Directives::default();
    for line in text.lines().take(30) {
        let l = line.trim();
        if let Some(a) = l.strip_prefix("// ARGS:") {
            d.args = a.split_whitespace().map(String::from).collect();
            d.arg_sets.push(d.args.clone());
        } else if let Some(s) = l.strip_prefix("// STDIN:") {
            d.stdin = s.trim_start().replace("\\n", "\n").replace("\\t", "\t").into_bytes();
        } else if let Some(c) = l.strip_prefix("// CFLAGS:") {
            d.cflags = c.split_whitespace().map(String::from).collect();
        }
    }
    if d.arg_sets.is_empty() {
        d.arg_sets.push(Vec::new());
    }
    let side = f.with_extension("stdin");
    if side.exists() {
        d.stdin = std::fs::read(side).unwrap();
    }
    d
}

pub struct Output {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub code: Option<i32>,
}

/// Runs `cmd` with `stdin`, killing it after `limit`.
pub fn run_with_input(mut cmd: Command, stdin: &[u8], limit: Duration) -> Output {
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn");
    let mut sin = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let w = std::thread::spawn(move || {
        let _ = sin.write_all(&input);
    });
    let start = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let o = child.wait_with_output().unwrap();
    let _ = w.join();
    use std::os::unix::process::ExitStatusExt;
    let code = o.status.code().or_else(|| o.status.signal().map(|s| 128 + s));
    Output { stdout: o.stdout, stderr: o.stderr, code }
}

pub fn run_native(clang: &str, f: &Path, d: &Directives, tmp: &Path) -> Result<Output, String> {
    // One executable per argument list: runs of one file may be in parallel.
    let tag: String = d.args.join("_").chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let exe = tmp.join(format!("{}-{tag}.native", f.file_stem().unwrap().to_string_lossy()));
    let o = Command::new(clang)
        .args(["-O0", "-w"])
        .args(&d.cflags)
        .arg(f)
        .arg("-lm")
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| e.to_string())?;
    if !o.status.success() {
        return Err(String::from_utf8_lossy(&o.stderr).into_owned());
    }
    let mut cmd = Command::new(&exe);
    cmd.args(&d.args);
    Ok(run_with_input(cmd, &d.stdin, Duration::from_secs(20)))
}

/// `se2repair run` on `f` with its directives; the output folder is a
/// temporary one.
pub fn run_vm(f: &Path, d: &Directives, extra: &[&str]) -> Output {
    let out = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(bin());
    cmd.arg("run").arg("-q").arg("--output-dir").arg(out.path().join("o"));
    if !d.cflags.is_empty() {
        cmd.arg(format!("--cflags={}", d.cflags.join(" ")));
    }
    cmd.args(extra).arg(f).args(&d.args);
    run_with_input(cmd, &d.stdin, Duration::from_secs(120))
}

/// Maps `f` over `items` on two worker threads, keeping order.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let n = items.len();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<R>>> = (0..n).map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= n {
                    break;
                }
                *results[i].lock().unwrap() = Some(f(&items[i]));
            });
        }
    });
    results.into_iter().map(|m| m.into_inner().unwrap().unwrap()).collect()
}

/// A project folder with `files` (name, text) in a fresh temporary folder.
pub fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for (name, body) in files {
        let p = d.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, body).unwrap();
    }
    d
}

/// `se2repair fix DIR EXTRA…` and its report.
pub fn fix_report(dir: &Path, extra: &[&str]) -> (std::process::Output, serde_json::Value) {
    let o = Command::new(bin()).arg("fix").arg(dir).args(extra).output().unwrap();
    let report = std::fs::read_to_string(dir.join("se2repair-out/report.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    (o, report)
}
