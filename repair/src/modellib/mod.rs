//! `se2repair model-lib`: a model of a library function the program
//! calls but cannot have, synthesized from how the program uses it and
//! from the program's tests (docs/design.md; the paper's §2.4).
//!
//! The function's definition is taken away: every call goes to a sketch
//! chosen from its signature as the program declares it ([`sig`]), or to
//! the user's own (`--sketch`). The sketch's second-order holes are solved
//! as `fix` solves a site ([`synth`]); the model is the sketch with its
//! holes replaced by the terms, a C file that defines the function with
//! the program's signature, checked natively on every test before it is
//! written. [`gen`] uses it for symbolic test generation.

pub mod agree;
pub mod agree_bytes;
pub mod by_examples;
pub mod enumerate;
pub mod enumsynth;
pub mod examples;
pub mod gen;
pub mod interp;
pub mod missing;
pub mod pool;
mod rng;
pub mod sig;
pub mod smallest;
pub mod synth;
pub mod uses;

use crate::config::{Project, TestCase};
use crate::native;
use crate::search::Engine;
use klee_ext::so::{LangSpec, Term};
use sig::Signature;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

include!(concat!(env!("OUT_DIR"), "/sketches.rs"));

/// The bundled example of the paper's Fig. 3: a program that parses
/// `argv[1]` with `atoi`.
pub const ATOI_EXAMPLE: [(&str, &str); 2] = [
    ("prog.c", include_str!("../../../examples/model-lib/atoi/prog.c")),
    ("se2repair.yaml", include_str!("../../../examples/model-lib/atoi/se2repair.yaml")),
];

#[derive(Clone, Debug)]
pub struct ModelOptions {
    pub func: String,
    /// A sketch of the user's: a C definition of the function with
    /// `klee_apply_symbolic` holes.
    pub sketch: Option<PathBuf>,
    /// `SPEC` (every hole) or `NAME=SPEC` items; default: the first of
    /// `linear:2`, `linear:3`, `arith:3`, `arith:4` that has a model.
    pub lang: Vec<String>,
    /// Default `PROJECT/models/FUNC.c`.
    pub out: Option<PathBuf>,
    pub engine: Engine,
    pub timeout: Duration,
    pub max_forks: u64,
    /// Time limit of one native test run.
    pub test_timeout: Duration,
    /// Other projects whose programs call the function: their tests
    /// constrain the model too (the paper's usage context: a function's
    /// calls across programs), each recorded in its own program, and the
    /// model must pass them natively as well.
    pub pool: Vec<PathBuf>,
}

/// What `model-lib` did (`--json` prints it).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct ModelReport {
    pub function: String,
    /// `int atoi(const char *)`, as the program declares it.
    pub signature: String,
    /// `apply`, `accumulation`, `transformation`, or the user's file.
    pub sketch: String,
    /// `model` or `none`.
    pub status: String,
    /// Per hole: `rho(x1, x2) = 10 * x1 + x2 - 48`.
    pub terms: Vec<String>,
    pub language: String,
    pub model_file: Option<PathBuf>,
    /// The project's tests (those of `--pool` projects are counted in
    /// `tests_used`).
    pub tests: Vec<String>,
    /// Tests whose recorded calls the model was checked against, over
    /// every pooled project.
    pub tests_used: usize,
    /// Tests every candidate was run on natively, over every pooled
    /// project (those a candidate failed were then recorded).
    pub tests_checked: usize,
    /// Tests and projects that constrained nothing, one line each: a test
    /// that fails under the VM whatever the function returns, a project
    /// that does not call it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unusable: Vec<String>,
    /// Why there is no model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub paths: u64,
    pub so_queries: u64,
    /// Candidate models checked against the recorded examples.
    pub candidates: u64,
    /// Another model fits the tests but differs from this one beyond
    /// them: the input that tells them apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undecided: Option<String>,
    /// The model against the host C library's function on random inputs
    /// ([`agree`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agreement: Option<agree::Agreement>,
    /// Why it was not compared with the C library.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agreement_note: Option<String>,
    pub time_s: f64,
}

/// A prepared model-lib job: the project, the signature and the sketch.
pub struct Job<'a> {
    pub project: &'a Project,
    pub func: String,
    pub sig: Signature,
    /// The sketch's name (or the user's file name) and its C text.
    pub sketch_name: String,
    pub sketch_text: String,
    /// The built-in sketch's bitcode (`None`: the user's C, compiled).
    pub sketch_bc: Option<&'static [u8]>,
    /// The user's sketch file.
    pub sketch_file: Option<PathBuf>,
    /// The holes' names, in order of first appearance.
    pub holes: Vec<String>,
}

/// A built-in sketch's bitcode and C text.
pub(crate) fn builtin_sketch(name: &str) -> Result<(&'static [u8], &'static str), String> {
    SKETCHES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, bc, text)| (*bc, *text))
        .ok_or_else(|| format!("the built-in sketch `{name}` is missing from this build"))
}

/// The declaration of `func` in the first of `sources` that declares it.
pub(crate) fn declaration_in(
    sources: &[PathBuf], func: &str, cflags: &[String],
) -> Result<Option<klee_ext::compile::Declaration>, String> {
    for s in sources {
        if let Some(d) = klee_ext::compile::declaration(s, func, cflags).map_err(|e| e.to_string())? {
            return Ok(Some(d));
        }
    }
    Ok(None)
}

fn cflags(p: &Project) -> Vec<String> {
    let mut f = p.cflags.clone();
    f.push("-fno-builtin".into());
    f.push(format!("-I{}", p.dir.display()));
    f
}

/// The program's bitcode, when its `sources` are `.bc` files (a real
/// program linked into one module, as wllvm's `extract-bc` gives it);
/// `None` when they are C. A mix is refused.
pub(crate) fn bitcode_sources(p: &Project) -> Result<Option<Vec<PathBuf>>, String> {
    let is_bc = |s: &PathBuf| s.extension().is_some_and(|e| e == "bc");
    match p.sources.iter().filter(|s| is_bc(s)).count() {
        0 => Ok(None),
        n if n == p.sources.len() => Ok(Some(p.source_paths())),
        _ => Err("unsupported: `sources` mixes C files and bitcode; give the program either as C sources or as bitcode (.bc)".into()),
    }
}

/// The standard headers a bitcode program's library function is looked
/// up in (bitcode keeps no prototypes with parameter names and C types).
const STANDARD_HEADERS: &[&str] =
    &["ctype.h", "stdio.h", "stdlib.h", "string.h", "strings.h", "unistd.h", "fcntl.h", "sys/stat.h", "inttypes.h"];

/// FUNC in a bitcode program: called (declared) and not defined by it;
/// its declaration is the standard C headers' one.
fn prepare_bitcode(bcs: &[PathBuf], func: &str) -> Result<klee_ext::compile::Declaration, String> {
    let paths: Vec<&Path> = bcs.iter().map(|b| b.as_path()).collect();
    let prog = klee_ext::ir::load_module_file(&paths, None).map_err(|e| e.to_string())?;
    match prog.funcs.iter().find(|f| f.name == func) {
        None => return Err(format!("{func} is never called by the program ({})", bcs[0].display())),
        Some(f) if matches!(f.kind, klee_ext::ir::FuncKind::Defined) => {
            return Err(format!(
                "{func} is defined by the program's bitcode ({}): model-lib models a function the program cannot have",
                bcs[0].display()
            ))
        }
        Some(_) => {}
    }
    let dir = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
    let file = dir.path().join("se2_headers.c");
    let text: String = STANDARD_HEADERS.iter().map(|h| format!("#include <{h}>\n")).collect();
    std::fs::write(&file, text).map_err(|e| e.to_string())?;
    let flags = vec!["-D_GNU_SOURCE".to_string()];
    declaration_in(&[file], func, &flags)?.ok_or_else(|| {
        format!("unsupported: {func} is not declared by the standard C headers, so a bitcode program's use of it has no known signature; give the program as C sources")
    })
}

/// Two tests that give the program the same input and expect what no
/// program can do on both: their names and what differs.
fn contradiction(tests: &[TestCase]) -> Option<(&str, &str, &'static str)> {
    use crate::config::MatchKind;
    for (i, a) in tests.iter().enumerate() {
        for b in &tests[i + 1..] {
            let same_input =
                a.args == b.args && a.stdin == b.stdin && a.setup == b.setup && a.cwd == b.cwd && a.env == b.env;
            if !same_input {
                continue;
            }
            let exits = matches!((a.exit, b.exit), (Some(x), Some(y)) if x != y);
            let exact = a.match_kind == MatchKind::Exact && b.match_kind == MatchKind::Exact;
            let outputs = exact && matches!((&a.stdout, &b.stdout), (Some(x), Some(y)) if x != y);
            if exits || outputs {
                return Some((&a.name, &b.name, if exits { "exit status" } else { "output" }));
            }
        }
    }
    None
}

/// Reads the program: FUNC must be called and declared, not defined in
/// the program's sources; its sketch is the user's or the one its
/// signature fits.
pub fn prepare<'a>(project: &'a Project, func: &str, sketch: Option<&Path>) -> Result<Job<'a>, String> {
    if let Some((a, b, what)) = contradiction(&project.tests) {
        return Err(format!(
            "tests {a} and {b} contradict each other: the same input (arguments, stdin, setup, environment) with a different expected {what}; no model can pass both"
        ));
    }
    let bitcode = bitcode_sources(project)?;
    let srcs: Vec<PathBuf> = match bitcode {
        Some(_) => Vec::new(),
        None => project.sources.iter().map(|s| project.dir.join(s)).collect(),
    };
    let mut called = bitcode.is_some();
    for s in &srcs {
        let text = std::fs::read_to_string(s).map_err(|e| format!("{}: {e}", s.display()))?;
        let uses = uses::function_uses(&text, func);
        if let Some(line) = uses.defined {
            return Err(format!(
                "{func} is defined in {}:{line}: model-lib models a function the program cannot have. Move its definition to a file listed under `library:` in se2repair.yaml (linked natively, never given to the symbolic run)",
                s.display()
            ));
        }
        called |= uses.called;
    }
    if !called {
        return Err(format!(
            "{func} is never called by the program ({})",
            project.sources.iter().map(|s| s.display().to_string()).collect::<Vec<_>>().join(", ")
        ));
    }
    let decl = match &bitcode {
        Some(bcs) => prepare_bitcode(bcs, func)?,
        None => declaration_in(&srcs, func, &cflags(project))?.ok_or_else(|| {
            format!("{func} is called but never declared: include its header or declare its prototype")
        })?,
    };
    let sig = Signature::new(func, decl);
    let builtin = |name: &str| -> Result<(String, String, Option<&'static [u8]>, Option<PathBuf>), String> {
        let (bc, text) = builtin_sketch(name)?;
        Ok((name.to_string(), text.to_string(), Some(bc), None))
    };
    let (sketch_name, sketch_text, sketch_bc, sketch_file) = match sketch {
        // A built-in sketch named on the command line.
        Some(f) if sig::SKETCH_NAMES.contains(&f.to_string_lossy().as_ref()) && !f.exists() => {
            let name = f.to_string_lossy().into_owned();
            if !sig.fits(&name) {
                return Err(format!("the sketch {name} does not fit `{}`", sig.describe()));
            }
            builtin(&name)?
        }
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("--sketch {}: {e}", f.display()))?;
            if ["klee_make_symbolic", "klee_int"].iter().any(|k| text.contains(k)) {
                return Err(format!(
                    "unsupported: {} makes first-order symbolic values; a sketch's unknowns are shared by every test, so write an unknown constant as a hole of no arguments, klee_apply_symbolic(\"k\", 0, 0)",
                    f.display()
                ));
            }
            if uses::function_uses(&text, func).defined.is_none() {
                return Err(format!(
                    "--sketch {}: the sketch must define {func} (with the program's signature, {})",
                    f.display(),
                    sig.describe()
                ));
            }
            (f.display().to_string(), text, None, Some(f.to_path_buf()))
        }
        None => builtin(sig.sketch()?)?,
    };
    let holes = sig::hole_names(&sketch_text);
    if holes.is_empty() {
        return Err(format!("the sketch {sketch_name} has no hole: write each unknown as klee_apply_symbolic(\"NAME\", N, ARGS) with a string literal NAME"));
    }
    Ok(Job { project, func: func.to_string(), sig, sketch_name, sketch_text, sketch_bc, sketch_file, holes })
}

impl<'a> Job<'a> {
    /// The same job with the built-in sketch `name`.
    pub fn with_builtin(&self, name: &str) -> Result<Job<'a>, String> {
        let (bc, text) = builtin_sketch(name)?;
        let holes = sig::hole_names(text);
        Ok(Job {
            project: self.project,
            func: self.func.clone(),
            sig: self.sig.clone(),
            sketch_name: name.to_string(),
            sketch_text: text.to_string(),
            sketch_bc: Some(bc),
            sketch_file: None,
            holes,
        })
    }

    /// The program with FUNC given by `impl_c` (C text defining it) and,
    /// when `sketch`, the sketch linked in, loaded for the VM.
    pub fn vm_program(&self, impl_c: &str, sketch: bool, dir: &Path) -> Result<klee_ext::ir::Program, String> {
        self.vm_program_with(impl_c, sketch, &[], dir)
    }

    /// As [`Job::vm_program`], with `extra` C sources linked in too.
    pub fn vm_program_with(
        &self, impl_c: &str, sketch: bool, extra: &[PathBuf], dir: &Path,
    ) -> Result<klee_ext::ir::Program, String> {
        let p = self.project;
        let bitcode = bitcode_sources(p)?;
        let mut c: Vec<PathBuf> = match bitcode {
            Some(_) => Vec::new(),
            None => p.source_paths(),
        };
        c.extend(extra.iter().cloned());
        let imp = dir.join(format!("se2_impl_{}.c", self.func));
        std::fs::write(&imp, impl_c).map_err(|e| e.to_string())?;
        c.push(imp);
        if sketch {
            if let Some(f) = &self.sketch_file {
                c.push(f.clone());
            }
        }
        // The program's own calls go to FUNC's stand-in; the VM's C
        // library keeps its own FUNC (printf calls strlen).
        // (With no stand-in, the real FUNC: no renaming.)
        let mut flags = cflags(p);
        if !impl_c.is_empty() {
            flags.push(format!("-D{0}=se2_model_{0}", self.func));
        }
        let mut bcs = bitcode.clone().unwrap_or_default();
        bcs.extend(klee_ext::compile::compile_c(&c, &flags, dir).map_err(|e| e.to_string())?);
        if let (true, Some(bc)) = (sketch, self.sketch_bc) {
            let f = dir.join("sketch.bc");
            std::fs::write(&f, bc).map_err(|e| e.to_string())?;
            bcs.push(f);
        }
        let paths: Vec<&Path> = bcs.iter().map(|b| b.as_path()).collect();
        // Bitcode's calls cannot be renamed by the preprocessor: they are
        // aliased to the stand-in before the VM's C library joins.
        let opts = klee_ext::ir::LoadOptions {
            aliases: match (&bitcode, impl_c.is_empty()) {
                (Some(_), false) => vec![format!("{0}:se2_model_{0}", self.func)],
                _ => Vec::new(),
            },
            ..Default::default()
        };
        klee_ext::ir::load_module_with(&paths, Some(klee_ext::RUNTIME_BC), &opts).map_err(|e| e.to_string())
    }

    /// The C that defines FUNC through the sketch in the VM: the adapter
    /// for a built-in sketch, nothing for the user's (it defines FUNC).
    fn sketch_impl(&self) -> String {
        match self.sketch_bc {
            Some(_) => self.sig.adapter(&self.sketch_name),
            None => String::new(),
        }
    }

    /// The model: the sketch with its holes replaced, and the adapter.
    pub fn model_text(&self, terms: &[(String, Term)], tests: &[&TestCase], lang: &str) -> Result<String, String> {
        let body = sig::instantiate(&self.sketch_text, terms)?;
        let mut head = format!(
            "/* A model of {} synthesized by se2repair model-lib.\n *\n *   {}\n *\n * Sketch: {}; language: {lang}.\n",
            self.func,
            self.sig.describe(),
            self.sketch_name
        );
        for (n, t) in terms {
            head.push_str(&format!(" *   {}\n", describe_term(n, t)));
        }
        let names: Vec<&str> = tests.iter().take(20).map(|t| t.name.as_str()).collect();
        let more =
            if tests.len() > names.len() { format!(" and {} more", tests.len() - names.len()) } else { String::new() };
        head.push_str(&format!(" * Inferred from the tests: {}{more}.\n */\n", names.join(", ")));
        let adapter =
            if self.sketch_bc.is_some() { format!("\n{}", self.sig.adapter(&self.sketch_name)) } else { String::new() };
        Ok(format!("{head}{body}{adapter}"))
    }

    /// Whether the program linked with `model` (natively, with no other
    /// definition of FUNC) passes every test; the first failing test.
    pub fn validate(&self, model: &Path, timeout: Duration) -> Result<Option<String>, String> {
        Ok(self.failing_tests(model, timeout, 1)?.into_iter().next())
    }

    /// The tests the program linked with `model` fails natively, in
    /// order, at most `limit` of them.
    pub fn failing_tests(&self, model: &Path, timeout: Duration, limit: usize) -> Result<Vec<String>, String> {
        let p = self.project;
        let out = tempfile::tempdir().map_err(|e| e.to_string())?;
        let built = match bitcode_sources(p)? {
            Some(bcs) => native::build_bitcode_with(&bcs, model, &self.func, out.path()),
            None => {
                let mut srcs: Vec<PathBuf> = p.source_paths();
                srcs.push(model.to_path_buf());
                let mut flags = cflags(p);
                flags.push(native::MODEL_NATIVE_FLAG.to_string());
                native::build(&srcs, std::slice::from_ref(&p.dir), &flags, out.path(), native::Instrument::Plain)
            }
        };
        let b = built.map_err(|e| e.to_string())?;
        let mut failing = Vec::new();
        for t in &p.tests {
            let d = native::prepare(t, &p.dir, timeout)?;
            let r = native::run_test(&b.exe, t, &d.path, timeout)
                .map_err(|e| format!("cannot run test {}: {e}", t.name))?;
            if !native::judge(t, &r.stdout, &r.stderr, r.exit) {
                failing.push(t.name.clone());
                if failing.len() >= limit {
                    break;
                }
            }
        }
        Ok(failing)
    }
}

/// `rho(x1, x2) = 10 * x1 + x2 - 48`, folded.
pub fn describe_term(name: &str, t: &Term) -> String {
    let t = &crate::simplify::simplify(t);
    let arity = max_var(t).map_or(0, |m| m + 1);
    let names: Vec<String> = (1..=arity.max(1)).map(|i| format!("x{i}")).collect();
    let params = if arity == 0 { String::new() } else { names[..arity].join(", ") };
    format!("{name}({params}) = {}", t.to_c(&names))
}

fn max_var(t: &Term) -> Option<usize> {
    match t {
        Term::Var(l) => Some(*l),
        Term::App(_, kids) => kids.iter().filter_map(max_var).max(),
        _ => None,
    }
}

/// The languages to try, smallest first: the user's, or linear terms of
/// depth 2 and 3, then with conditionals of depth 3 and 4.
fn languages(job: &Job, given: &[String]) -> Result<Vec<Vec<(String, LangSpec)>>, String> {
    if given.is_empty() {
        let ladder = [LangSpec::Linear(2), LangSpec::Linear(3), LangSpec::Arith(3), LangSpec::Arith(4)];
        return Ok(ladder.iter().map(|l| job.holes.iter().map(|h| (h.clone(), l.clone())).collect()).collect());
    }
    let mut out: Vec<(String, LangSpec)> = Vec::new();
    for item in given {
        match item.split_once('=') {
            Some((n, s)) => {
                if !job.holes.iter().any(|h| h == n) {
                    return Err(format!(
                        "--lang {item}: the sketch has no hole `{n}` (its holes: {})",
                        job.holes.join(", ")
                    ));
                }
                out.retain(|(h, _)| h != n);
                out.push((n.to_string(), LangSpec::parse(s, n).map_err(|e| format!("--lang {item}: {e}"))?));
            }
            None => {
                for h in &job.holes {
                    out.retain(|(x, _)| x != h);
                    out.push((h.clone(), LangSpec::parse(item, h).map_err(|e| format!("--lang {item}: {e}"))?));
                }
            }
        }
    }
    for h in &job.holes {
        if !out.iter().any(|(n, _)| n == h) {
            out.push((h.clone(), LangSpec::Arith(3)));
        }
    }
    Ok(vec![out])
}

/// Tests the specification's search may set aside in its largest
/// language before it gives up: each costs the ladder again, and more
/// tests that no term lets pass say the sketch or the VM cannot pass this
/// program's calls at all.
const MAX_SPEC_SET_ASIDE: usize = 8;

/// The language a model of [`smallest::search`] is reported in.
pub(crate) const SMALLEST: &str = "smallest terms (an argument, 0, 1 or -1), checked natively";

/// Synthesizes the model of a prepared job's function, checks it
/// natively and writes it; `start` is when the job began. From recorded
/// examples by enumeration when the function's calls can be recorded and
/// a built-in sketch is evaluated here ([`by_examples`]); else by solving
/// the sketch's specification.
pub fn model(job: &Job, opts: &ModelOptions, start: Instant) -> Result<ModelReport, String> {
    if let Some(r) = by_examples::model(job, opts, start)? {
        return Ok(r);
    }
    let project = job.project;
    let mut report = new_report(job, opts);
    report.tests_used = project.tests.len();
    report.tests_checked = project.tests.len();
    // Pooled tests are recorded calls; the specification is one
    // program's, so the pooled projects are listed, not used.
    report.unusable = opts
        .pool
        .iter()
        .map(|d| format!("{}: not used: pooling needs the synthesis from recorded calls, and `{}` is solved from its specification", d.display(), job.sig.describe()))
        .collect();
    let tmp = tempfile::tempdir().map_err(|e| format!("cannot create a temporary folder: {e}"))?;
    let prog = job.vm_program(&job.sketch_impl(), true, tmp.path())?;
    let (_dirs, owned) = native::in_prepared_dirs(project.tests.iter(), &project.dir, opts.test_timeout, None)?;
    let mut tests: Vec<&TestCase> = owned.iter().collect();
    let deadline = start + opts.timeout;
    let out_file = opts.out.clone().unwrap_or_else(|| project.dir.join("models").join(format!("{}.c", opts.func)));
    // The user's sketch with its holes' smallest terms first, checked
    // natively on every program's tests (pooled ones too).
    if let Some(f) = smallest::search(job, opts, &by_examples::pooled_projects(opts)?, &tests, tmp.path())? {
        write_atomically(&out_file, &f.text)?;
        report.status = "model".into();
        report.language = SMALLEST.into();
        report.terms = f.terms.iter().map(|(n, t)| describe_term(n, t)).collect();
        report.tests_checked = f.tests_checked;
        report.unusable = f.unusable;
        measure_agreement(&mut report, &job.sig, &out_file, &[], &tests);
        report.model_file = Some(out_file);
        report.time_s = start.elapsed().as_secs_f64();
        return Ok(report);
    }
    let mut last_reason = None;
    let ladder = languages(job, &opts.lang)?;
    let rungs = ladder.len();
    let mut set_aside = 0;
    let mut rung = 0;
    while let Some(langs) = ladder.get(rung).cloned() {
        let i = rung;
        rung += 1;
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        // A rung before the last may take a third of the time left, so a
        // language whose proof of no solution is hard cannot starve the
        // larger ones.
        let last = i + 1 == rungs;
        let left = if last { left } else { left / 3 };
        let lang_desc = langs.iter().map(|(n, l)| format!("{n}={}", l.describe())).collect::<Vec<_>>().join(",");
        report.language = lang_desc.clone();
        let limits = synth::limits(left, opts.max_forks);
        let (found, stats) = synth::synthesize(&prog, &tests, &langs, opts.engine, &limits, 1, last)?;
        log::debug!(
            target: "se2repair::model_lib",
            "{lang_desc}: paths {}, passing {}, pruned {}, so queries {}, explore {:.2} s, solve {:.2} s: {found:?}",
            stats.paths,
            stats.passing_paths,
            stats.paths_pruned,
            stats.so_queries,
            stats.explore_s,
            stats.solve_s
        );
        report.paths += stats.paths;
        report.so_queries += stats.so_queries;
        match found {
            synth::Synthesized::Terms(cands) => {
                for terms in cands {
                    // A transformation keeps the low byte of each value.
                    let terms: Vec<(String, Term)> =
                        match job.sketch_bc.is_some() && job.sketch_name == "transformation" {
                            true => terms.into_iter().map(|(n, t)| (n, sig::reduce_bytes(&t))).collect(),
                            false => terms,
                        };
                    let text = job.model_text(&terms, &tests, &lang_desc)?;
                    let check = tmp.path().join(format!("{}.c", opts.func));
                    std::fs::write(&check, &text).map_err(|e| e.to_string())?;
                    match job.validate(&check, opts.test_timeout)? {
                        None => {
                            write_atomically(&out_file, &text)?;
                            report.status = "model".into();
                            report.terms = terms.iter().map(|(n, t)| describe_term(n, t)).collect();
                            report.reason = None;
                            report.tests_used = tests.len();
                            measure_agreement(&mut report, &job.sig, &out_file, &[], &tests);
                            report.model_file = Some(out_file);
                            report.time_s = start.elapsed().as_secs_f64();
                            return Ok(report);
                        }
                        Some(t) => {
                            last_reason = Some(format!(
                                "the term(s) {} pass every test in the VM but the native build fails test {t}",
                                terms.iter().map(|(n, t)| describe_term(n, t)).collect::<Vec<_>>().join("; ")
                            ))
                        }
                    }
                }
            }
            // Second-order pruning removes the paths no term of the
            // language allows: a larger language may still pass.
            // In the largest language, a test no term lets the program
            // pass fails in the VM for another reason (the VM's model of
            // the environment, a sketch that cannot express it): it is
            // set aside, as the recording sets aside a test that fails
            // whatever the function returns, and the languages are tried
            // again without it, smallest first.
            synth::Synthesized::NoPassingPath { test, cut: false }
                if last && set_aside < MAX_SPEC_SET_ASIDE && tests.len() > 1 =>
            {
                report.unusable.push(format!(
                    "{}: test {test} cannot be met in the VM with any term of {lang_desc}; not used",
                    project.dir.display()
                ));
                tests.retain(|t| t.name != test);
                set_aside += 1;
                rung = 0;
            }
            // A test no smaller term lets pass may fail in the VM
            // whatever the function does: the largest language decides.
            synth::Synthesized::NoPassingPath { test, cut: false } if !last => {
                last_reason =
                    Some(format!("test {test} cannot be met: with no term in {lang_desc} does the program pass it"));
                rung = rungs - 1;
            }
            synth::Synthesized::NoPassingPath { test, cut } => {
                last_reason = Some(if cut {
                    format!(
                        "test {test}: no path of the program with the sketch passed it before the exploration's limit"
                    )
                } else {
                    format!("test {test} cannot be met: with no term in {lang_desc} does the program pass it")
                });
            }
            synth::Synthesized::NoInterpretation { test } => {
                last_reason = Some(match test {
                    Some(t) => format!("no term in {lang_desc} satisfies the tests: test {t} cannot be met together with the tests before it"),
                    None => format!("no term in {lang_desc} satisfies the tests"),
                });
            }
            synth::Synthesized::NotReached => {
                last_reason = Some(format!("no test calls {}", opts.func));
                break;
            }
            synth::Synthesized::OutOfTime => {
                last_reason = Some(format!("out of time ({:.0} s)", opts.timeout.as_secs_f64()));
                if last {
                    break;
                }
            }
        }
    }
    report.reason = last_reason;
    report.tests_used = tests.len();
    report.time_s = start.elapsed().as_secs_f64();
    Ok(report)
}

fn new_report(job: &Job, opts: &ModelOptions) -> ModelReport {
    ModelReport {
        function: opts.func.clone(),
        signature: job.sig.describe(),
        sketch: job.sketch_name.clone(),
        status: "none".into(),
        tests: job.project.tests.iter().map(|t| t.name.clone()).collect(),
        ..ModelReport::default()
    }
}

/// The written model against the C library's function, into the report.
fn measure_agreement(
    report: &mut ModelReport, sig: &Signature, model: &Path, calls: &[interp::Call], tests: &[&TestCase],
) {
    match agree::check(sig, model, calls, tests) {
        Ok(Ok(a)) => report.agreement = Some(a),
        Ok(Err(why)) => report.agreement_note = Some(why.describe(&sig.name)),
        Err(e) => report.agreement_note = Some(format!("not compared with the C library: {e}")),
    }
}

/// Writes `text` to `path` through a temporary file in the same folder.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut tmp =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("cannot write in {}: {e}", dir.display()))?;
    std::io::Write::write_all(&mut tmp, text.as_bytes()).map_err(|e| e.to_string())?;
    tmp.persist(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(())
}

/// The human summary of a report.
pub fn summary(r: &ModelReport) -> String {
    let mut s = format!("function: {}\nsketch:   {}\n", r.signature, r.sketch);
    match r.status.as_str() {
        "model" => {
            for t in &r.terms {
                s.push_str(&format!("term:     {t}\n"));
            }
            if let Some(f) = &r.model_file {
                s.push_str(&format!("model:    {}\n", f.display()));
            }
        }
        _ => s.push_str(&format!("no model: {}\n", r.reason.as_deref().unwrap_or("unknown"))),
    }
    if let Some(u) = &r.undecided {
        s.push_str(&format!("note:     {u}\n"));
    }
    if let Some(a) = &r.agreement {
        s.push_str(&format!("check:    {}\n", a.describe()));
    } else if let Some(n) = &r.agreement_note {
        s.push_str(&format!("check:    {n}\n"));
    }
    for u in &r.unusable {
        s.push_str(&format!("unused:   {u}\n"));
    }
    let mut tests = r.tests.join(", ");
    if r.tests_checked > r.tests.len() || (r.tests_used > 0 && r.tests_used < r.tests_checked) {
        tests.push_str(&format!(
            " ({} tests checked natively, the pooled projects' too; {} recorded)",
            r.tests_checked, r.tests_used
        ));
    }
    s.push_str(&format!(
        "tests:    {}\npaths:    {}, second-order queries {}, candidates {}, {:.1} s\n",
        tests, r.paths, r.so_queries, r.candidates, r.time_s
    ));
    s
}
