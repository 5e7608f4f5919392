//! Real projects (`build:` in `se2repair.yaml`): the project's own
//! configure and make, run in two copies of the project folder kept in a
//! per-machine cache — a coverage build (clang `--coverage`, read with
//! `llvm-cov gcov`) for fault localization, and a work build through
//! `wllvm` whose native program validates patches and whose whole-program
//! bitcode (`extract-bc`) the VM runs. A source is changed in the work
//! copy, `make` rebuilds, and the original text is put back afterwards.

use crate::config::{BuildSpec, Project};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Why a real project's copies cannot be made, built or read.
#[derive(Debug, thiserror::Error)]
pub enum MakeError {
    /// The chosen clang or its LLVM tools are not there.
    #[error(transparent)]
    Clang(#[from] klee_ext::compile::CompileError),
    #[error("missing tool `{tool}`, needed for projects with a `build` section ({install})")]
    MissingTool { tool: String, install: &'static str },
    #[error("{}: {cause}", path.display())]
    Io { path: PathBuf, cause: std::io::Error },
    /// A command that could not be started.
    #[error("cannot run {what}: {cause}")]
    Run { what: String, cause: std::io::Error },
    /// A command that failed: how, where its log is, the log's end.
    #[error("{what} failed ({why}; log in {}):\n{tail}", log.display())]
    Failed { what: &'static str, why: String, log: PathBuf, tail: String },
    /// A failure of one of the two copies' builds.
    #[error("{tree} build: {cause}")]
    Copy { tree: &'static str, cause: Box<MakeError> },
    #[error("{}: every build slot of this project is in use", .0.display())]
    SlotsInUse(PathBuf),
    #[error("cannot copy the project: {0}")]
    Copying(String),
    #[error("cannot compile the coverage flush: {0}")]
    Flush(String),
    #[error("{tree} build: make succeeded but `{program}` does not exist")]
    NoProgram { tree: &'static str, program: String },
    /// The build of a changed copy failed, or what ran on it (in the
    /// caller's words).
    #[error("{0}")]
    Variant(String),
}

impl MakeError {
    fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> MakeError {
        let path = path.into();
        move |cause| MakeError::Io { path, cause }
    }

    fn in_tree(tree: &'static str) -> impl FnOnce(MakeError) -> MakeError {
        move |cause| MakeError::Copy { tree, cause: Box::new(cause) }
    }
}

/// The C compiler of every build (the chosen clang: `--clang`,
/// `SE2REPAIR_CLANG`, the project's `clang:`, else clang-16 or clang-14)
/// and the LLVM tools beside it: wllvm's `LLVM_COMPILER_PATH` and the
/// `llvm-cov` that reads its coverage.
struct Toolchain {
    clang: PathBuf,
    bin: PathBuf,
}

impl Toolchain {
    fn find() -> Result<Toolchain, MakeError> {
        let clang = klee_ext::compile::find_clang()?;
        let bin = klee_ext::compile::llvm_bin_dir(&clang)?;
        Ok(Toolchain { clang, bin })
    }

    fn cov(&self) -> PathBuf {
        self.bin.join("llvm-cov")
    }
}

/// Flags of every build: the code as written, absolute addresses (the
/// VM's segmented address space), old tentative definitions. Old C stays
/// C: clang 16 made implicit declarations, implicit `int` and
/// pointer-integer and function-pointer mismatches errors, which older
/// projects (the DbgBench and CoREBench trees) are full of; they are
/// warnings again, as with clang 14 and gcc.
const BASE_CFLAGS: &str = "-O0 -g -fno-pic -fcommon -Wno-error=implicit-function-declaration -Wno-error=implicit-int -Wno-error=int-conversion -Wno-error=incompatible-function-pointer-types";
/// Time limit of one configure or make command.
const BUILD_TIMEOUT: Duration = Duration::from_secs(1800);

/// Writes coverage data when the program is killed by a signal (a failing
/// test that aborts still has coverage).
const FLUSH_C: &str = r#"
#include <signal.h>
extern void __gcov_dump(void);
static void se2repair_flush(int s) { __gcov_dump(); signal(s, SIG_DFL); raise(s); }
__attribute__((constructor)) static void se2repair_install(void) {
  int sigs[] = { SIGSEGV, SIGFPE, SIGABRT, SIGBUS, SIGILL, SIGTERM };
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], se2repair_flush);
}
"#;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flavor {
    Work,
    Coverage,
}

impl Flavor {
    fn name(self) -> &'static str {
        match self {
            Flavor::Work => "work",
            Flavor::Coverage => "coverage",
        }
    }
}

/// One configured and built copy of the project.
struct Tree {
    dir: PathBuf,
    flavor: Flavor,
    cflags: String,
    ldflags: String,
    /// Held while the copy is in use: another `fix` takes another slot.
    _lock: std::fs::File,
}

/// The two copies of a real project.
pub struct MakeTrees {
    spec: BuildSpec,
    work: Tree,
    cov: Tree,
    /// The patchable sources' original texts (project order).
    originals: Vec<String>,
    sources: Vec<PathBuf>,
}

fn cache_root() -> PathBuf {
    std::env::var_os("SE2REPAIR_CACHE").map(PathBuf::from).unwrap_or_else(|| {
        let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/tmp"));
        home.join(".cache/se2repair")
    })
}

/// What identifies a project's build: every file's path, size and time
/// (not the folder's own path), the build section and the tool's version.
fn fingerprint(p: &Project, spec: &BuildSpec) -> Result<u64, MakeError> {
    let mut files = Vec::new();
    let mut stack = vec![p.dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).map_err(MakeError::io(&d))?.flatten() {
            let path = e.path();
            let rel = path.strip_prefix(&p.dir).unwrap_or(&path).to_path_buf();
            // The project file's tests do not change the build (its build
            // section is hashed below).
            if rel.starts_with("se2repair-out")
                || rel == Path::new(crate::config::PROJECT_FILE)
                || rel == Path::new(crate::config::HELDOUT_FILE)
            {
                continue;
            }
            let Ok(m) = std::fs::symlink_metadata(&path) else { continue };
            if m.is_dir() {
                stack.push(path);
            } else {
                use std::os::unix::fs::MetadataExt;
                files.push((rel, m.len(), m.mtime(), m.mtime_nsec()));
            }
        }
    }
    files.sort();
    let mut h = DefaultHasher::new();
    files.hash(&mut h);
    spec.hash(&mut h);
    env!("CARGO_PKG_VERSION").hash(&mut h);
    BASE_CFLAGS.hash(&mut h);
    // A build by another clang is another build.
    Toolchain::find()?.bin.hash(&mut h);
    Ok(h.finish())
}

/// Takes the lock of `dir` without waiting.
fn try_lock(dir: &Path) -> Option<std::fs::File> {
    use std::os::unix::io::AsRawFd;
    let f =
        std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.with_extension("lock")).ok()?;
    // SAFETY: flock on a descriptor this function owns.
    let r = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    (r == 0).then_some(f)
}

fn escape_make(v: &str) -> String {
    v.replace('\\', "\\\\").replace(' ', "\\ ")
}

impl Tree {
    /// `make` (the project's command) with this copy's compiler and flags,
    /// and `extra_ld` appended to the linker flags.
    fn make(&self, spec: &BuildSpec, extra_ld: &str) -> Result<(), MakeError> {
        let tc = Toolchain::find()?;
        let clang = tc.clang.display().to_string();
        let cc = if self.flavor == Flavor::Work { "wllvm" } else { clang.as_str() };
        let ld = format!("{} {extra_ld}", self.ldflags);
        let flags = format!("CC={} CFLAGS={} LDFLAGS={}", cc, escape_make(&self.cflags), escape_make(ld.trim()));
        let mut cmd = Command::new("bash");
        cmd.arg("-c").arg(&spec.make).current_dir(&self.dir).env("MAKEFLAGS", flags);
        wllvm_env(&mut cmd, &tc);
        run_logged(cmd, &self.dir.with_extension("make.log"), "make").map_err(MakeError::in_tree(self.flavor.name()))
    }

    fn program(&self, spec: &BuildSpec) -> PathBuf {
        self.dir.join(&spec.program)
    }
}

fn wllvm_env(cmd: &mut Command, tc: &Toolchain) {
    cmd.env("LLVM_COMPILER", "clang").env("LLVM_COMPILER_PATH", &tc.bin).env("WLLVM_OUTPUT_LEVEL", "ERROR");
}

/// Runs `cmd` with its output in `log`; an error quotes the log's end.
fn run_logged(cmd: Command, log: &Path, what: &'static str) -> Result<(), MakeError> {
    let r = crate::native::run_command(cmd, &[], BUILD_TIMEOUT)
        .map_err(|cause| MakeError::Run { what: what.to_string(), cause })?;
    let mut text = r.stdout.clone();
    text.extend_from_slice(&r.stderr);
    let _ = std::fs::write(log, &text);
    if r.exit != Some(0) {
        let tail: Vec<&str> = std::str::from_utf8(&r.stderr).unwrap_or("").lines().rev().take(6).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        let why = r.abnormal().unwrap_or_else(|| format!("exit {}", r.exit.unwrap_or(-1)));
        return Err(MakeError::Failed { what, why, log: log.to_path_buf(), tail: tail.join("\n") });
    }
    Ok(())
}

fn need(tool: &str, install: &'static str) -> Result<(), MakeError> {
    match klee_ext::procs::output(Command::new(tool).arg("--version")) {
        Ok(_) => Ok(()),
        Err(_) => Err(MakeError::MissingTool { tool: tool.to_string(), install }),
    }
}

impl MakeTrees {
    /// The project's two built copies, from the cache or built now
    /// (`status` reports what happens).
    pub fn prepare(p: &Project, spec: &BuildSpec, status: &mut dyn FnMut(&str)) -> Result<MakeTrees, MakeError> {
        let tc = Toolchain::find()?;
        need("wllvm", "pip install wllvm")?;
        need("extract-bc", "pip install wllvm")?;
        need(&tc.cov().display().to_string(), "apt-get install llvm-16")?;
        let key = fingerprint(p, spec)?;
        let root = cache_root().join("builds");
        std::fs::create_dir_all(&root).map_err(MakeError::io(&root))?;
        let user = spec.cflags.join(" ");
        let ld = format!("-no-pie {}", spec.ldflags.join(" ")).trim().to_string();
        let mut trees = Vec::new();
        for flavor in [Flavor::Work, Flavor::Coverage] {
            let cflags = match flavor {
                Flavor::Work => format!("{BASE_CFLAGS} -Xclang -disable-O0-optnone {user}"),
                Flavor::Coverage => format!("{BASE_CFLAGS} --coverage {user}"),
            };
            let ldflags = if flavor == Flavor::Coverage { format!("{ld} --coverage") } else { ld.clone() };
            let mut slot = 0;
            let (dir, lock) = loop {
                let dir = root.join(format!("{key:016x}-{}-{slot}", flavor.name()));
                if let Some(l) = try_lock(&dir) {
                    break (dir, l);
                }
                slot += 1;
                if slot > 16 {
                    return Err(MakeError::SlotsInUse(root));
                }
            };
            let tree = Tree { dir, flavor, cflags: cflags.trim().to_string(), ldflags, _lock: lock };
            let stamp = tree.dir.join(".se2repair-built");
            if !stamp.exists() {
                status(&format!(
                    "building the project ({} copy, once per machine: {})",
                    flavor.name(),
                    tree.dir.display()
                ));
                build_fresh(p, spec, &tree)?;
                std::fs::write(&stamp, "").map_err(MakeError::io(&stamp))?;
            }
            trees.push(tree);
        }
        let cov = trees.pop().expect("two trees");
        let work = trees.pop().expect("two trees");
        let originals = p
            .sources
            .iter()
            .map(|s| std::fs::read_to_string(p.dir.join(s)).map_err(MakeError::io(s)))
            .collect::<Result<Vec<_>, _>>()?;
        let t = MakeTrees { spec: spec.clone(), work, cov, originals, sources: p.sources.clone() };
        // A copy left changed (an interrupted run) is put back.
        for tree in [&t.work, &t.cov] {
            let mut changed = false;
            for (s, text) in t.sources.iter().zip(&t.originals) {
                if std::fs::read_to_string(tree.dir.join(s)).ok().as_deref() != Some(text.as_str()) {
                    std::fs::write(tree.dir.join(s), text).map_err(MakeError::io(tree.dir.join(s)))?;
                    changed = true;
                }
            }
            if changed || !tree.program(spec).exists() {
                tree.make(spec, &flush_ld(tree))?;
            }
        }
        Ok(t)
    }

    /// The work copy's native program.
    pub fn program(&self) -> PathBuf {
        self.work.program(&self.spec)
    }

    /// The coverage copy's native program.
    pub fn coverage_program(&self) -> PathBuf {
        self.cov.program(&self.spec)
    }

    /// The work copy's folder.
    pub fn root(&self) -> &Path {
        &self.work.dir
    }

    /// Builds the work copy with source `i` replaced by `text` and runs
    /// `then` on it; the original text is put back afterwards (and rebuilt
    /// lazily by the next change).
    pub fn with_source<T>(
        &self, i: usize, text: &str, unresolved_ok: bool, then: impl FnOnce(&Path) -> Result<T, String>,
    ) -> Result<Result<T, String>, MakeError> {
        self.with_files(&[(self.sources[i].clone(), text.to_string())], unresolved_ok, then)
    }

    /// Builds the work copy with the files `files` (paths relative to the
    /// project) replaced and runs `then` on its program; every file is put
    /// back afterwards. The outer error is the copy's, the inner one the
    /// build's.
    pub fn with_files<T>(
        &self, files: &[(PathBuf, String)], unresolved_ok: bool, then: impl FnOnce(&Path) -> Result<T, String>,
    ) -> Result<Result<T, String>, MakeError> {
        let mut saved = Vec::new();
        for (rel, text) in files {
            let path = self.work.dir.join(rel);
            let old = std::fs::read(&path).map_err(MakeError::io(&path))?;
            std::fs::write(&path, text).map_err(MakeError::io(&path))?;
            saved.push((path, old));
        }
        let extra = if unresolved_ok { "-Wl,--unresolved-symbols=ignore-all" } else { "" };
        let r = match self.work.make(&self.spec, extra) {
            Ok(()) => Ok(then(&self.program())),
            Err(e) => Ok(Err(e.to_string())),
        };
        for (path, old) in saved {
            std::fs::write(&path, old).map_err(MakeError::io(&path))?;
        }
        r
    }

    /// Whole-program bitcode of the work copy with source `i` replaced by
    /// `text` (an instrumented source: its hole functions exist only in
    /// the VM, so the native link may leave them unresolved), in `out`.
    pub fn bitcode(&self, i: usize, text: &str, out: &Path) -> Result<PathBuf, MakeError> {
        let bc = out.join("program.bc");
        let extract = |exe: &Path| -> Result<PathBuf, MakeError> {
            let mut cmd = Command::new("extract-bc");
            cmd.arg("-o").arg(&bc).arg(exe);
            wllvm_env(&mut cmd, &Toolchain::find()?);
            run_logged(cmd, &out.join("extract-bc.log"), "extract-bc")?;
            Ok(bc.clone())
        };
        self.with_source(i, text, true, |exe| extract(exe).map_err(|e| e.to_string()))?.map_err(MakeError::Variant)
    }

    /// Executed lines with counts per patchable source, from the coverage
    /// copy's `.gcda` files (removed afterwards, for the next test).
    pub fn take_coverage(&self) -> Result<Vec<Vec<(u32, u64)>>, MakeError> {
        let mut per = Vec::new();
        for s in &self.sources {
            let file = self.cov.dir.join(s);
            let dir = file.parent().unwrap_or(&self.cov.dir).to_path_buf();
            let stem = s.file_stem().map(|x| x.to_string_lossy().into_owned()).unwrap_or_default();
            let name = s.file_name().map(|x| x.to_string_lossy().into_owned()).unwrap_or_default();
            let mut counts: std::collections::BTreeMap<u32, u64> = Default::default();
            for e in std::fs::read_dir(&dir).map_err(MakeError::io(&dir))?.flatten() {
                let f = e.file_name().to_string_lossy().into_owned();
                let Some(base) = f.strip_suffix(".gcda") else { continue };
                if base != stem && !base.ends_with(&format!("-{stem}")) {
                    continue;
                }
                let cov = Toolchain::find()?.cov();
                let o = klee_ext::procs::output(Command::new(&cov).args(["gcov", "-t"]).arg(&f).current_dir(&dir))
                    .map_err(|cause| MakeError::Run { what: cov.display().to_string(), cause })?;
                parse_gcov(&String::from_utf8_lossy(&o.stdout), &name, &mut counts);
                let _ = std::fs::remove_file(e.path());
            }
            per.push(counts.into_iter().collect());
        }
        Ok(per)
    }
}

/// The linker flag that adds the coverage flush object (coverage copy).
fn flush_ld(tree: &Tree) -> String {
    if tree.flavor == Flavor::Coverage {
        tree.dir.with_extension("flush.o").display().to_string()
    } else {
        String::new()
    }
}

/// Copies the project, runs `configure` and `make` in the copy.
fn build_fresh(p: &Project, spec: &BuildSpec, tree: &Tree) -> Result<(), MakeError> {
    let _ = std::fs::remove_dir_all(&tree.dir);
    std::fs::create_dir_all(&tree.dir).map_err(MakeError::io(&tree.dir))?;
    let o = klee_ext::procs::output(Command::new("cp").arg("-a").arg(format!("{}/.", p.dir.display())).arg(&tree.dir))
        .map_err(|cause| MakeError::Run { what: "cp".into(), cause })?;
    if !o.status.success() {
        return Err(MakeError::Copying(String::from_utf8_lossy(&o.stderr).trim().to_string()));
    }
    let _ = std::fs::remove_dir_all(tree.dir.join("se2repair-out"));
    let tc = Toolchain::find()?;
    if tree.flavor == Flavor::Coverage {
        let c = tree.dir.with_extension("flush.c");
        std::fs::write(&c, FLUSH_C).map_err(MakeError::io(&c))?;
        let o = klee_ext::procs::output(
            Command::new(&tc.clang).arg("-c").arg(&c).arg("-o").arg(tree.dir.with_extension("flush.o")),
        )
        .map_err(|cause| MakeError::Run { what: tc.clang.display().to_string(), cause })?;
        if !o.status.success() {
            return Err(MakeError::Flush(String::from_utf8_lossy(&o.stderr).into_owned()));
        }
    }
    for (i, c) in spec.configure.iter().enumerate() {
        let mut cmd = Command::new("bash");
        cmd.arg("-c")
            .arg(c)
            .current_dir(&tree.dir)
            .env("CC", &tc.clang)
            .env("CFLAGS", &tree.cflags)
            .env("LDFLAGS", &tree.ldflags);
        run_logged(cmd, &tree.dir.with_extension(format!("configure{i}.log")), "configure")
            .map_err(MakeError::in_tree(tree.flavor.name()))?;
    }
    tree.make(spec, &flush_ld(tree))?;
    if !tree.program(spec).is_file() {
        return Err(MakeError::NoProgram { tree: tree.flavor.name(), program: spec.program.clone() });
    }
    Ok(())
}

/// Adds the counts of `llvm-cov gcov -t` output's section for `name`.
fn parse_gcov(text: &str, name: &str, counts: &mut std::collections::BTreeMap<u32, u64>) {
    let mut mine = false;
    for l in text.lines() {
        let mut parts = l.splitn(3, ':');
        let (Some(c), Some(n), rest) = (parts.next(), parts.next(), parts.next()) else { continue };
        let (c, n) = (c.trim(), n.trim());
        if n == "0" {
            if let Some(src) = rest.and_then(|r| r.strip_prefix("Source:")) {
                mine = Path::new(src).file_name().is_some_and(|f| f.to_string_lossy() == name);
            }
            continue;
        }
        if !mine {
            continue;
        }
        let (Ok(line), Ok(count)) = (n.parse::<u32>(), c.trim_end_matches('*').parse::<u64>()) else { continue };
        if count > 0 {
            *counts.entry(line).or_default() += count;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command that fails says which, how, where its log is and the
    /// log's end; a failure in a copy says which copy.
    #[test]
    fn a_failed_command_and_a_missing_tool_are_typed() {
        let d = tempfile::tempdir().expect("temp dir");
        let log = d.path().join("make.log");
        let mut cmd = Command::new("bash");
        cmd.arg("-c").arg("echo building; echo 'no rule to make x' >&2; exit 2");
        let e = run_logged(cmd, &log, "make").map_err(MakeError::in_tree("work")).unwrap_err();
        let MakeError::Copy { tree: "work", cause } = &e else { panic!("{e:?}") };
        assert!(
            matches!(&**cause, MakeError::Failed { what: "make", why, tail, .. } if why == "exit 2" && tail == "no rule to make x"),
            "{cause:?}"
        );
        assert!(e.to_string().starts_with("work build: make failed (exit 2; log in "), "{e}");
        assert!(std::fs::read_to_string(&log).expect("the log").contains("building"));
        let e = need("se2repair-no-such-tool", "pip install it").unwrap_err();
        assert!(matches!(&e, MakeError::MissingTool { tool, .. } if tool == "se2repair-no-such-tool"), "{e:?}");
    }

    #[test]
    fn gcov_text_sections() {
        let text = "        -:    0:Source:x.h\n        9:    3:int h;\n        -:    0:Source:x.c\n        -:    1:#include \"x.h\"\n        5:    2:int main(){\n    #####:    3:  dead();\n       2*:    4:  y;\n";
        let mut c = Default::default();
        super::parse_gcov(text, "x.c", &mut c);
        assert_eq!(c.into_iter().collect::<Vec<_>>(), vec![(2, 5), (4, 2)]);
    }
}
