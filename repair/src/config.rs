//! The project file, `se2repair.yaml`: sources, flags, tests (inline or as
//! a folder of `NAME.in` / `NAME.out` files) and options of `fix`.

use serde::Deserialize;
use std::path::{Path, PathBuf};

mod write;
pub use write::{append_tests, tests_yaml};

pub const PROJECT_FILE: &str = "se2repair.yaml";

/// How a test's expected stdout is compared with the actual one.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MatchKind {
    #[default]
    Exact,
    /// Blank lines and leading/trailing spaces of each line are ignored.
    Trim,
    /// The expected text is a regular expression the whole output matches.
    Regex,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTest {
    name: String,
    #[serde(default)]
    args: Vec<String>,
    stdin: Option<String>,
    stdin_file: Option<String>,
    stdout: Option<String>,
    stdout_file: Option<String>,
    exit: Option<i32>,
    #[serde(rename = "match", default)]
    match_kind: MatchKind,
    stderr: Option<String>,
    #[serde(default)]
    stderr_match: MatchKind,
    setup: Option<String>,
    cwd: Option<String>,
    #[serde(default)]
    env: std::collections::BTreeMap<String, String>,
    check: Option<String>,
}

/// The `build` section of a real project (configure + make).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuild {
    #[serde(default)]
    configure: Vec<String>,
    make: String,
    program: String,
    #[serde(default)]
    cflags: Vec<String>,
    #[serde(default)]
    ldflags: Vec<String>,
}

/// How a real project is built: shell commands run in a copy of the
/// project folder. se2repair sets `CC`, `CFLAGS` and `LDFLAGS` in the
/// environment of `configure` and passes the same to `make` as variable
/// overrides (its native, coverage and bitcode builds differ only there).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct BuildSpec {
    /// Commands run once in a fresh copy (e.g. `./configure ...`).
    pub configure: Vec<String>,
    /// The command that (re)builds the program after a source changed.
    pub make: String,
    /// The built program, relative to the project folder.
    pub program: String,
    /// Extra compiler flags of every build.
    pub cflags: Vec<String>,
    /// Extra linker flags of every build.
    pub ldflags: Vec<String>,
}

/// Options of `fix` that may be set in the project file; the command line
/// overrides them.
#[derive(Clone, Debug, Default)]
pub struct FileOptions {
    /// The clang that compiles the project (`clang-14`, `clang-16`, a
    /// path); `--clang` and `SE2REPAIR_CLANG` take precedence.
    pub clang: Option<String>,
    pub engine: Option<String>,
    /// `deviation` or `dfs` (as `--search`).
    pub search: Option<String>,
    pub max_forks: Option<u64>,
    /// Paths of one test's exploration at one site (as `--max-paths`).
    pub max_paths: Option<u64>,
    /// Seconds for the whole repair.
    pub timeout: Option<f64>,
    /// Seconds for one native run of one test.
    pub test_timeout: Option<f64>,
    pub locations: Option<usize>,
    /// Holes of one search (as `--locations-at-once`).
    pub locations_at_once: Option<usize>,
    pub vars: Option<usize>,
    /// `NAME=SPEC` as `--so-lang`: NAME is `cond` (conditions and guards)
    /// or `rhs` (right-hand sides).
    pub so_lang: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProject {
    sources: Vec<String>,
    #[serde(default)]
    cflags: Vec<String>,
    #[serde(default)]
    tests: Vec<RawTest>,
    tests_dir: Option<String>,
    clang: Option<String>,
    engine: Option<String>,
    search: Option<String>,
    max_forks: Option<u64>,
    max_paths: Option<u64>,
    timeout: Option<f64>,
    test_timeout: Option<f64>,
    locations: Option<usize>,
    locations_at_once: Option<usize>,
    vars: Option<usize>,
    #[serde(default)]
    so_lang: Vec<String>,
    build: Option<RawBuild>,
    #[serde(default)]
    library: Vec<String>,
}

/// One test: run with `args` and `stdin`; passes when stdout matches
/// `stdout` (if given), stderr matches `stderr` (if given), the exit code
/// is `exit` (if given; otherwise any normal exit) and the `check` script
/// (if given) exits 0.
#[derive(Clone, Debug, Default)]
pub struct TestCase {
    pub name: String,
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    pub stdout: Option<String>,
    pub exit: Option<i32>,
    pub match_kind: MatchKind,
    pub stderr: Option<String>,
    pub stderr_match: MatchKind,
    /// A bash script run in the test's fresh folder before the program.
    pub setup: Option<String>,
    /// The program's working directory, relative to the test's folder.
    pub cwd: Option<String>,
    /// Variables added to the environment of the program and the scripts.
    pub env: Vec<(String, String)>,
    /// A bash script that judges a run: in the test's folder, with
    /// `SE2REPAIR_STDOUT` / `SE2REPAIR_STDERR` (files) and
    /// `SE2REPAIR_EXIT` (the exit code) set; exit 0 passes.
    pub check: Option<String>,
    /// Runs in a fresh temporary folder (it has a setup, a working
    /// directory, or belongs to a project with a `build`); otherwise in
    /// the project folder.
    pub fresh_dir: bool,
    /// Set while the test runs: its prepared folder (setup done), where
    /// the program starts (plus `cwd`) and where `check` runs.
    pub run_dir: Option<PathBuf>,
    /// Set while the test runs: the program's `argv[0]`.
    pub argv0: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Project {
    /// The folder holding `se2repair.yaml`.
    pub dir: PathBuf,
    /// Source files, relative to `dir`.
    pub sources: Vec<PathBuf>,
    pub cflags: Vec<String>,
    pub tests: Vec<TestCase>,
    pub options: FileOptions,
    /// A real project's configure + make (`None`: the sources are
    /// compiled directly).
    pub build: Option<BuildSpec>,
    /// Sources that implement functions the program calls but that are
    /// not part of it (`model-lib`: linked into native runs only, never
    /// into the VM), relative to `dir`.
    pub library: Vec<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

fn err(msg: impl Into<String>) -> ConfigError {
    ConfigError(msg.into())
}

impl Project {
    /// The paths of its sources (`dir` joined to each).
    pub fn source_paths(&self) -> Vec<PathBuf> {
        self.sources.iter().map(|s| self.dir.join(s)).collect()
    }

    /// Reads `dir/se2repair.yaml` and every file it names.
    pub fn load(dir: &Path) -> Result<Project, ConfigError> {
        let file = dir.join(PROJECT_FILE);
        if !dir.is_dir() {
            return Err(err(format!("{}: no such project folder", dir.display())));
        }
        let text = std::fs::read_to_string(&file).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => err(format!(
                "{}: missing; a project needs a {PROJECT_FILE} (see README, `se2repair fix`)",
                file.display()
            )),
            _ => err(format!("{}: {e}", file.display())),
        })?;
        Self::parse(dir, &file, &text)
    }

    fn parse(dir: &Path, file: &Path, text: &str) -> Result<Project, ConfigError> {
        let de = serde_yaml_ng::Deserializer::from_str(text);
        let raw: RawProject = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let at = inner.location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
            let key = if path == "." { String::new() } else { format!(" at `{path}`") };
            err(format!("{}{at}: invalid project file{key}: {inner}", file.display()))
        })?;
        let at = |what: &str| format!("{}: {what}", file.display());
        if raw.sources.is_empty() {
            return Err(err(at("`sources` is empty: name at least one C file")));
        }
        let inside = |list: &[String], what: &str| -> Result<Vec<PathBuf>, ConfigError> {
            let mut out = Vec::new();
            for s in list {
                let p = PathBuf::from(s);
                if p.is_absolute() || p.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
                    return Err(err(at(&format!("{what} `{s}` must be a path inside the project folder"))));
                }
                if !dir.join(&p).is_file() {
                    return Err(err(at(&format!("{what} `{s}`: no such file"))));
                }
                out.push(p);
            }
            Ok(out)
        };
        let sources = inside(&raw.sources, "source")?;
        let library = inside(&raw.library, "library source")?;
        let build = raw.build.map(|b| BuildSpec {
            configure: b.configure,
            make: b.make,
            program: b.program,
            cflags: b.cflags,
            ldflags: b.ldflags,
        });
        if let Some(b) = &build {
            if b.make.trim().is_empty() || b.program.trim().is_empty() {
                return Err(err(at("`build`: give `make` (the command that builds the program) and `program` (its path in the project)")));
            }
        }
        let mut tests = parse_tests(dir, file, raw.tests)?;
        if build.is_some() {
            for t in &mut tests {
                t.fresh_dir = true;
            }
        }
        if let Some(d) = &raw.tests_dir {
            tests.extend(read_tests_dir(&dir.join(d)).map_err(|e| err(at(&format!("tests_dir `{d}`: {e}"))))?);
        }
        if tests.is_empty() {
            return Err(err(at("no tests: give `tests` or `tests_dir`")));
        }
        let mut names = std::collections::HashSet::new();
        for t in &tests {
            if !names.insert(t.name.clone()) {
                return Err(err(at(&format!("two tests are named `{}`", t.name))));
            }
        }
        let options = FileOptions {
            clang: raw.clang,
            engine: raw.engine,
            search: raw.search,
            max_forks: raw.max_forks,
            max_paths: raw.max_paths,
            timeout: raw.timeout,
            test_timeout: raw.test_timeout,
            locations: raw.locations,
            locations_at_once: raw.locations_at_once,
            vars: raw.vars,
            so_lang: raw.so_lang,
        };
        Ok(Project { dir: dir.to_path_buf(), sources, cflags: raw.cflags, tests, options, build, library })
    }
}

/// The tests of a `tests:` list, with the files they name read.
fn parse_tests(dir: &Path, file: &Path, raw: Vec<RawTest>) -> Result<Vec<TestCase>, ConfigError> {
    let at = |what: &str| format!("{}: {what}", file.display());
    let mut tests = Vec::new();
    for (i, t) in raw.into_iter().enumerate() {
        let where_ = format!("tests[{i}] ({})", t.name);
        let stdin = match (t.stdin, t.stdin_file) {
            (Some(_), Some(_)) => return Err(err(at(&format!("{where_}: give `stdin` or `stdin_file`, not both")))),
            (Some(s), None) => s.into_bytes(),
            (None, Some(f)) => {
                std::fs::read(dir.join(&f)).map_err(|e| err(at(&format!("{where_}: stdin_file `{f}`: {e}"))))?
            }
            (None, None) => Vec::new(),
        };
        let stdout = match (t.stdout, t.stdout_file) {
            (Some(_), Some(_)) => return Err(err(at(&format!("{where_}: give `stdout` or `stdout_file`, not both")))),
            (Some(s), None) => Some(s),
            (None, Some(f)) => Some(
                std::fs::read_to_string(dir.join(&f))
                    .map_err(|e| err(at(&format!("{where_}: stdout_file `{f}`: {e}"))))?,
            ),
            (None, None) => None,
        };
        if stdout.is_none() && t.exit.is_none() && t.stderr.is_none() && t.check.is_none() {
            return Err(err(at(&format!(
                "{where_}: expects nothing: give `stdout`, `stdout_file`, `stderr`, `exit` or `check`"
            ))));
        }
        for (text, kind, key) in [(&stdout, t.match_kind, "stdout"), (&t.stderr, t.stderr_match, "stderr")] {
            if let (Some(re), MatchKind::Regex) = (text, kind) {
                regex::Regex::new(re).map_err(|e| err(at(&format!("{where_}: bad regex in `{key}`: {e}"))))?;
            }
        }
        if let Some(c) = &t.cwd {
            if Path::new(c).is_absolute()
                || Path::new(c).components().any(|c| matches!(c, std::path::Component::ParentDir))
            {
                return Err(err(at(&format!("{where_}: `cwd` must be a folder inside the test's folder"))));
            }
        }
        let fresh_dir = t.setup.is_some() || t.cwd.is_some();
        tests.push(TestCase {
            name: t.name,
            args: t.args,
            stdin,
            stdout,
            exit: t.exit,
            match_kind: t.match_kind,
            stderr: t.stderr,
            stderr_match: t.stderr_match,
            setup: t.setup,
            cwd: t.cwd,
            env: t.env.into_iter().collect(),
            check: t.check,
            fresh_dir,
            run_dir: None,
            argv0: None,
        });
    }
    Ok(tests)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeldout {
    tests: Vec<RawTest>,
}

/// The tests of a file that holds only a `tests:` list (a question `fix`
/// wrote, `question-N.yaml`), files it names relative to `dir`.
pub fn load_tests_file(dir: &Path, file: &Path) -> Result<Vec<TestCase>, ConfigError> {
    let text = std::fs::read_to_string(file).map_err(|e| err(format!("{}: {e}", file.display())))?;
    let de = serde_yaml_ng::Deserializer::from_str(&text);
    let raw: RawHeldout = serde_path_to_error::deserialize(de).map_err(|e| {
        let at = e.inner().location().map(|l| format!(":{}:{}", l.line(), l.column())).unwrap_or_default();
        err(format!("{}{at}: not a list of tests (`tests:`): {}", file.display(), e.into_inner()))
    })?;
    parse_tests(dir, file, raw.tests)
}

/// The file of held-out tests of a project (never read by `fix`).
pub const HELDOUT_FILE: &str = "heldout.yaml";

/// `dir/heldout.yaml`'s tests, when the project has that file: inputs
/// with the intended fix's output, to judge whether a patch is correct
/// rather than plausible.
pub fn load_heldout(dir: &Path) -> Result<Option<Vec<TestCase>>, ConfigError> {
    let file = dir.join(HELDOUT_FILE);
    let Ok(text) = std::fs::read_to_string(&file) else { return Ok(None) };
    let raw: RawHeldout = serde_yaml_ng::from_str(&text).map_err(|e| err(format!("{}: {e}", file.display())))?;
    parse_tests(dir, &file, raw.tests).map(Some)
}

/// `NAME.in` (stdin) and `NAME.out` (expected stdout) pairs, by name.
fn read_tests_dir(dir: &Path) -> Result<Vec<TestCase>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| e.to_string())?;
    let mut names: Vec<String> = Vec::new();
    for e in entries.flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "out") {
            if let Some(s) = p.file_stem().and_then(|s| s.to_str()) {
                names.push(s.to_string());
            }
        }
    }
    names.sort();
    if names.is_empty() {
        return Err("no NAME.out files".into());
    }
    names
        .into_iter()
        .map(|n| {
            let out = std::fs::read_to_string(dir.join(format!("{n}.out"))).map_err(|e| format!("{n}.out: {e}"))?;
            let inp = dir.join(format!("{n}.in"));
            let stdin =
                if inp.exists() { std::fs::read(&inp).map_err(|e| format!("{n}.in: {e}"))? } else { Vec::new() };
            Ok(TestCase { name: n, stdin, stdout: Some(out), ..TestCase::default() })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Project, ConfigError> {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("p.c"), "int main(){return 0;}").unwrap();
        Project::parse(d.path(), &d.path().join(PROJECT_FILE), text)
    }

    #[test]
    fn inline_tests_and_options() {
        let p = parse("sources: [p.c]\nmax_forks: 7\ntests:\n  - name: a\n    args: [\"1\"]\n    stdout: \"x\\n\"\n    match: trim\n").unwrap();
        assert_eq!(p.tests.len(), 1);
        assert_eq!(p.tests[0].match_kind, MatchKind::Trim);
        assert_eq!(p.options.max_forks, Some(7));
    }

    #[test]
    fn errors_name_the_key_and_line() {
        let e = parse("sources: [p.c]\ntests:\n  - name: a\n    stdout: x\n    argz: [1]\n").unwrap_err().0;
        assert!(e.contains(":5:") && e.contains("argz"), "{e}");
        let e = parse("sources: [p.c]\ntests:\n  - name: a\n    stdout: x\n    exit: zero\n").unwrap_err().0;
        assert!(e.contains("tests[0].exit") && e.contains(":5:"), "{e}");
        let e = parse("sources: [q.c]\ntests: []\n").unwrap_err().0;
        assert!(e.contains("q.c"), "{e}");
        let e = parse("sources: [p.c]\ntests:\n  - name: a\n").unwrap_err().0;
        assert!(e.contains("expects nothing"), "{e}");
        let e = parse("sources: [p.c\n").unwrap_err().0;
        assert!(e.contains("invalid project file"), "{e}");
    }
}
