//! The clang driver: the only place (besides `build.rs`) that runs clang.

mod flags;
pub use flags::PROGRAM_BITCODE_FLAGS;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `klee/klee.h` header programs include.
pub(crate) const KLEE_H: &str = include_str!("../../include/klee/klee.h");

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error("clang not found: install clang-16 (apt-get install clang-16) or set SE2REPAIR_CLANG to a clang binary")]
    NoClang,
    /// The clang asked for (`--clang`, `SE2REPAIR_CLANG`, a project's
    /// `clang:`) is not there.
    #[error("{0}: no such clang (install it, e.g. apt-get install clang-16, or choose another with --clang)")]
    Missing(String),
    #[error("{path} does not compile:\n{diagnostics}")]
    Failed { path: String, diagnostics: String },
    #[error("{0}")]
    Io(String),
}

/// The clang the tool was told to use (`set_clang`), if any.
static CLANG: std::sync::RwLock<Option<PathBuf>> = std::sync::RwLock::new(None);

/// Makes `path` the clang binary of this process. The binary calls it at
/// start with `$SE2REPAIR_CLANG`, then with `--clang` (which wins); the
/// library reads no environment for it (only `PATH`, to find a clang).
pub fn set_clang(path: PathBuf) {
    if let Ok(mut c) = CLANG.write() {
        *c = Some(path);
    }
}

/// Makes `path` the clang binary unless one was chosen already (a
/// project's `clang:` yields to `--clang` and `SE2REPAIR_CLANG`).
pub fn set_clang_default(path: PathBuf) {
    if let Ok(mut c) = CLANG.write() {
        c.get_or_insert(path);
    }
}

/// The clang binary to use: the one given to [`set_clang`], else
/// `clang-16`, else `clang-14`, else `clang`. A clang given that does not
/// run is [`CompileError::Missing`].
pub fn find_clang() -> Result<PathBuf, CompileError> {
    // The answer for the current choice is kept: every compile (one per
    // repair candidate) would otherwise start `clang --version` first.
    static FOUND: std::sync::Mutex<Option<(Option<PathBuf>, PathBuf)>> = std::sync::Mutex::new(None);
    let chosen = CLANG.read().ok().and_then(|c| c.clone());
    if let Some((for_choice, found)) = FOUND.lock().ok().and_then(|f| f.clone()) {
        if for_choice == chosen {
            return Ok(found);
        }
    }
    let runs = |c: &Path| crate::procs::output(Command::new(c).arg("--version")).is_ok_and(|o| o.status.success());
    let found = match &chosen {
        Some(p) if runs(p) => p.clone(),
        Some(p) => return Err(CompileError::Missing(p.display().to_string())),
        None => ["clang-16", "clang-14", "clang"]
            .iter()
            .map(PathBuf::from)
            .find(|c| runs(c))
            .ok_or(CompileError::NoClang)?,
    };
    if let Ok(mut f) = FOUND.lock() {
        *f = Some((chosen, found.clone()));
    }
    Ok(found)
}

/// The compiler [`compile_c`] runs (for messages and for refusing C
/// inputs up front): [`find_clang`]'s answer.
pub fn compiler() -> Result<PathBuf, CompileError> {
    find_clang()
}

/// The folder of the LLVM tools that go with `clang` (`llvm-link`,
/// `llvm-cov`, …): the folder of the clang binary itself, links resolved
/// (`clang-16` → `/usr/lib/llvm-16/bin`).
pub fn llvm_bin_dir(clang: &Path) -> Result<PathBuf, CompileError> {
    let missing = || CompileError::Missing(clang.display().to_string());
    let path = if clang.components().count() > 1 {
        clang.to_path_buf()
    } else {
        let dirs = std::env::var_os("PATH").ok_or_else(missing)?;
        std::env::split_paths(&dirs).map(|d| d.join(clang)).find(|p| p.is_file()).ok_or_else(missing)?
    };
    let real = std::fs::canonicalize(&path).map_err(|_| missing())?;
    real.parent().map(Path::to_path_buf).ok_or_else(missing)
}

/// A temporary folder with `klee/klee.h`, removed on drop.
pub(crate) struct IncludeDir {
    dir: tempfile::TempDir,
}

impl IncludeDir {
    pub fn new() -> Result<Self, CompileError> {
        let dir =
            tempfile::tempdir().map_err(|e| CompileError::Io(format!("cannot create a temporary folder: {e}")))?;
        std::fs::create_dir_all(dir.path().join("klee")).map_err(|e| CompileError::Io(e.to_string()))?;
        std::fs::write(dir.path().join("klee/klee.h"), KLEE_H).map_err(|e| CompileError::Io(e.to_string()))?;
        Ok(IncludeDir { dir })
    }
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// Compiles C sources to bitcode files in `out_dir`, as KLEE users do:
/// `-emit-llvm -c -g -O0 -Xclang -disable-O0-optnone`, plus `extra` flags.
pub fn compile_c(sources: &[PathBuf], extra: &[String], out_dir: &Path) -> Result<Vec<PathBuf>, CompileError> {
    let clang = find_clang()?;
    let inc = IncludeDir::new()?;
    let mut outs = Vec::new();
    for (i, src) in sources.iter().enumerate() {
        if !src.exists() {
            return Err(CompileError::Io(format!("{}: no such file", src.display())));
        }
        let stem = src.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "input".into());
        let out = out_dir.join(format!("{i}-{stem}.bc"));
        let mut cmd = Command::new(&clang);
        cmd.args(PROGRAM_BITCODE_FLAGS).args(["-fno-discard-value-names", "-Wno-everything"]);
        cmd.arg("-I").arg(inc.path());
        cmd.args(extra);
        cmd.arg(src).arg("-o").arg(&out);
        run_clang(&mut cmd, &clang, src)?;
        outs.push(out);
    }
    Ok(outs)
}

/// Runs a clang command on `src`; its diagnostics when it fails.
fn run_clang(cmd: &mut Command, clang: &Path, src: &Path) -> Result<std::process::Output, CompileError> {
    let o = crate::procs::output(cmd).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => CompileError::NoClang,
        _ => CompileError::Io(format!("cannot run {}: {e}", clang.display())),
    })?;
    if !o.status.success() {
        return Err(CompileError::Failed {
            path: src.display().to_string(),
            diagnostics: String::from_utf8_lossy(&o.stderr).into_owned(),
        });
    }
    Ok(o)
}

/// A function's declaration as a C source sees it (after its headers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The return type, typedefs resolved (`unsigned long`, `char *`).
    pub ret: String,
    /// Each parameter's name (empty when the declaration gives none) and
    /// type, typedefs resolved.
    pub params: Vec<(String, String)>,
    pub variadic: bool,
}

/// The declaration of function `name` in `source` (compiled with `extra`
/// flags), read from clang's JSON AST; `None` when the source declares no
/// such function.
pub fn declaration(source: &Path, name: &str, extra: &[String]) -> Result<Option<Declaration>, CompileError> {
    let clang = find_clang()?;
    let inc = IncludeDir::new()?;
    let mut cmd = Command::new(&clang);
    cmd.args(["-fsyntax-only", "-Wno-everything", "-Xclang", "-ast-dump=json", "-Xclang"])
        .arg(format!("-ast-dump-filter={name}"));
    cmd.arg("-I").arg(inc.path()).args(extra).arg(source);
    let o = run_clang(&mut cmd, &clang, source)?;
    // The filter prints one JSON document per matching declaration.
    let text = String::from_utf8_lossy(&o.stdout);
    for v in serde_json::Deserializer::from_str(&text).into_iter::<serde_json::Value>() {
        let Ok(v) = v else { break };
        if v["kind"] != "FunctionDecl" || v["name"] != name {
            continue;
        }
        let ty = |t: &serde_json::Value| {
            t["desugaredQualType"].as_str().or(t["qualType"].as_str()).unwrap_or("").to_string()
        };
        let whole = ty(&v["type"]);
        let Some(open) = whole.find('(') else { continue };
        let ret = whole[..open].trim().to_string();
        let params: Vec<(String, String)> = v["inner"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|n| n["kind"] == "ParmVarDecl")
            .map(|n| (n["name"].as_str().unwrap_or("").to_string(), ty(&n["type"])))
            .collect();
        let variadic = v["variadic"].as_bool().unwrap_or(false);
        return Ok(Some(Declaration { ret, params, variadic }));
    }
    Ok(None)
}
