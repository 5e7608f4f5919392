//! KLEE's command line as LLVM's option parser reads it: `-opt`,
//! `--opt`, `-opt=v`, `--opt v` for options that take a value, `@file`
//! response files, options up to the first argument that is not one (the
//! program, or `-` for a program on stdin), and the program's own
//! arguments after it.

use std::collections::BTreeMap;

/// How an option is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// `-opt` or `-opt=true|false`.
    Flag,
    /// `-opt=v` or `-opt v`; the last one counts.
    Value,
    /// `-opt=v` or `-opt v`, repeatable.
    List,
}

/// What an option does here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// Carried out by the front end (see `super::build`).
    Real,
    /// Tunes KLEE's internals only; accepted, nothing to do (listed in
    /// docs/klee.md, "Internal-only options").
    Internal,
}

/// KLEE's options this front end accepts.
pub const OPTIONS: &[(&str, Kind, Effect)] = &[
    ("output-dir", Kind::Value, Effect::Real),
    ("max-time", Kind::Value, Effect::Real),
    ("max-instructions", Kind::Value, Effect::Real),
    ("max-forks", Kind::Value, Effect::Real),
    ("max-memory", Kind::Value, Effect::Real),
    ("max-stack-frames", Kind::Value, Effect::Real),
    ("max-solver-time", Kind::Value, Effect::Real),
    ("max-tests", Kind::Value, Effect::Real),
    ("search", Kind::List, Effect::Real),
    ("rng-initial-seed", Kind::Value, Effect::Real),
    ("libc", Kind::Value, Effect::Real),
    ("posix-runtime", Kind::Flag, Effect::Real),
    ("entry-point", Kind::Value, Effect::Real),
    ("external-calls", Kind::Value, Effect::Real),
    ("exit-on-error", Kind::Flag, Effect::Real),
    ("exit-on-error-type", Kind::List, Effect::Real),
    ("emit-all-errors", Kind::Flag, Effect::Real),
    ("write-no-tests", Kind::Flag, Effect::Real),
    ("write-ktests", Kind::Flag, Effect::Real),
    ("write-kqueries", Kind::Flag, Effect::Real),
    ("write-xml-tests", Kind::Flag, Effect::Real),
    ("xml-metadata-programfile", Kind::Value, Effect::Real),
    ("xml-metadata-programhash", Kind::Value, Effect::Real),
    ("only-output-states-covering-new", Kind::Flag, Effect::Real),
    ("dump-states-on-halt", Kind::Flag, Effect::Real),
    ("function-alias", Kind::List, Effect::Real),
    ("replay-ktest-file", Kind::List, Effect::Real),
    ("replay-ktest-dir", Kind::List, Effect::Real),
    ("run-in-dir", Kind::Value, Effect::Real),
    ("link-llvm-lib", Kind::List, Effect::Real),
    ("check-overshift", Kind::Flag, Effect::Real),
    ("warnings-only-to-file", Kind::Flag, Effect::Real),
    ("solver-backend", Kind::Value, Effect::Real),
    ("env-file", Kind::Value, Effect::Real),
    ("optimize", Kind::Flag, Effect::Real),
    ("ubsan-runtime", Kind::Flag, Effect::Real),
    ("check-div-zero", Kind::Flag, Effect::Real),
    ("silent-klee-assume", Kind::Flag, Effect::Real),
    ("use-merge", Kind::Flag, Effect::Real),
    ("write-paths", Kind::Flag, Effect::Real),
    ("write-cov", Kind::Flag, Effect::Real),
    ("switch-type", Kind::Value, Effect::Real),
    ("replay-path", Kind::Value, Effect::Real),
    ("debug-log-merge", Kind::Flag, Effect::Real),
    // KLEE's incomplete merging releases waiting paths early by a
    // heuristic; here merging stays complete (every path of the group is
    // waited for), so the option changes nothing.
    ("use-incomplete-merge", Kind::Flag, Effect::Internal),
    ("debug-log-incomplete-merge", Kind::Flag, Effect::Internal),
    ("output-source", Kind::Flag, Effect::Real),
    ("output-module", Kind::Flag, Effect::Real),
    ("output-stats", Kind::Flag, Effect::Real),
    ("seed-file", Kind::List, Effect::Real),
    ("seed-dir", Kind::List, Effect::Real),
    ("only-seed", Kind::Flag, Effect::Real),
    ("only-replay-seeds", Kind::Flag, Effect::Real),
    ("named-seed-matching", Kind::Flag, Effect::Real),
    ("allow-seed-extension", Kind::Flag, Effect::Real),
    ("zero-seed-extension", Kind::Flag, Effect::Real),
    ("allow-seed-truncation", Kind::Flag, Effect::Real),
    ("output-istats", Kind::Flag, Effect::Real),
    ("single-object-resolution", Kind::Flag, Effect::Real),
    ("use-query-log", Kind::List, Effect::Real),
    ("optimize-array", Kind::Value, Effect::Real),
    ("const-array-opt", Kind::Flag, Effect::Real),
    ("make-concrete-symbolic", Kind::Value, Effect::Real),
    ("debug-print-instructions", Kind::List, Effect::Real),
    ("debug-print-escaping-functions", Kind::Flag, Effect::Real),
    ("use-iterative-deepening-time-search", Kind::Flag, Effect::Real),
    ("external-call-warnings", Kind::Value, Effect::Real),
    ("max-static-fork-pct", Kind::Value, Effect::Real),
    ("max-static-cpfork-pct", Kind::Value, Effect::Real),
    ("max-static-pct-check-delay", Kind::Value, Effect::Real),
    ("stats-write-interval", Kind::Value, Effect::Real),
    ("istats-write-interval", Kind::Value, Effect::Real),
    ("stats-write-after-instructions", Kind::Value, Effect::Real),
    ("use-batching-search", Kind::Flag, Effect::Real),
    ("batch-instructions", Kind::Value, Effect::Real),
    // Internal-only: they change how KLEE's own solver chain, allocator
    // or searcher bookkeeping work, not what a run finds or writes.
    // (Batches are counted in instructions only: a batch's length in
    // seconds would make the order depend on the machine's load.)
    ("batch-time", Kind::Value, Effect::Internal),
    ("use-cex-cache", Kind::Flag, Effect::Internal),
    ("use-branch-cache", Kind::Flag, Effect::Internal),
    ("use-independent-solver", Kind::Flag, Effect::Internal),
    ("use-forked-solver", Kind::Flag, Effect::Internal),
    ("use-cache", Kind::Flag, Effect::Internal),
    ("kdalloc", Kind::Flag, Effect::Internal),
    ("kdalloc-quarantine", Kind::Value, Effect::Internal),
    ("kdalloc-globals-start-address", Kind::Value, Effect::Internal),
    ("kdalloc-constants-start-address", Kind::Value, Effect::Internal),
    ("kdalloc-heap-start-address", Kind::Value, Effect::Internal),
    ("kdalloc-stack-start-address", Kind::Value, Effect::Internal),
    ("kdalloc-heap-size", Kind::Value, Effect::Internal),
    ("kdalloc-stack-size", Kind::Value, Effect::Internal),
    ("rewrite-equalities", Kind::Flag, Effect::Internal),
    ("equality-substitution", Kind::Flag, Effect::Internal),
    ("simplify-sym-indices", Kind::Flag, Effect::Internal),
    ("solver-optimize-divides", Kind::Flag, Effect::Internal),
    ("stp-sat-solver", Kind::Value, Effect::Internal),
    // They measure solver time: applying them would make a run's paths
    // depend on the machine's load.
    ("max-static-solve-pct", Kind::Value, Effect::Internal),
    ("max-static-cpsolve-pct", Kind::Value, Effect::Internal),
    ("klee-call-optimisation", Kind::Flag, Effect::Internal),
    // Every row of run.stats is committed as it is written.
    ("stats-commit-after", Kind::Value, Effect::Internal),
];

/// The options given before the program.
#[derive(Default, Debug)]
pub struct Parsed {
    values: BTreeMap<&'static str, Vec<String>>,
    /// Internal-only options that were given.
    pub internal: Vec<String>,
    pub program: String,
    pub program_args: Vec<std::ffi::OsString>,
}

impl Parsed {
    pub fn flag(&self, name: &str) -> Option<bool> {
        self.values.get(name).and_then(|v| v.last()).map(|v| v != "false" && v != "0")
    }
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).and_then(|v| v.last()).map(|s| s.as_str())
    }
    pub fn list(&self, name: &str) -> &[String] {
        self.values.get(name).map(|v| v.as_slice()).unwrap_or(&[])
    }
}

/// Splits a response file's text into arguments: blanks separate them,
/// quotes group, a backslash escapes the next character.
fn split_response(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let (mut quote, mut any) = (None, false);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', _) => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                    any = true;
                }
            }
            (q @ ('"' | '\''), None) => {
                quote = Some(q);
                any = true;
            }
            (q, Some(open)) if q == open => quote = None,
            (c, None) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (c, _) => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// Expands `@file` arguments (recursively, up to a depth).
fn expand(args: Vec<std::ffi::OsString>, depth: u32) -> Result<Vec<std::ffi::OsString>, String> {
    let mut out = Vec::new();
    for a in args {
        match a.to_str().and_then(|s| s.strip_prefix('@')) {
            Some(f) if !f.is_empty() => {
                if depth > 20 {
                    return Err(format!("response file @{f} nests too deeply"));
                }
                let text = std::fs::read_to_string(f).map_err(|e| format!("cannot read response file {f}: {e}"))?;
                out.extend(expand(split_response(&text).into_iter().map(Into::into).collect(), depth + 1)?);
            }
            _ => out.push(a),
        }
    }
    Ok(out)
}

/// Parses KLEE's command line (without the tool's name).
pub fn parse(raw: Vec<std::ffi::OsString>) -> Result<Parsed, String> {
    let args = expand(raw, 0)?;
    let mut p = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].to_string_lossy().into_owned();
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a == "-" {
            break;
        }
        let body = a.trim_start_matches('-');
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let Some(&(key, kind, effect)) = OPTIONS.iter().find(|(n, _, _)| *n == name) else {
            return Err(format!("unsupported KLEE option --{name}"));
        };
        i += 1;
        let value = match (kind, inline) {
            (Kind::Flag, None) => "true".to_string(),
            (Kind::Flag, Some(v)) => match v.as_str() {
                "true" | "1" | "TRUE" | "True" => "true".into(),
                "false" | "0" | "FALSE" | "False" => "false".into(),
                _ => return Err(format!("--{name}: '{v}' is not a boolean")),
            },
            (_, Some(v)) => v,
            (_, None) => {
                let v = args.get(i).ok_or(format!("--{name} needs a value"))?;
                i += 1;
                v.to_string_lossy().into_owned()
            }
        };
        if effect == Effect::Internal {
            p.internal.push(key.to_string());
        }
        p.values.entry(key).or_default().push(value);
    }
    // As KLEE's: no program means the program is read from stdin.
    match args.get(i) {
        Some(prog) => {
            p.program = prog.to_string_lossy().into_owned();
            p.program_args = args[i + 1..].to_vec();
        }
        None => p.program = "-".into(),
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(v: &[&str]) -> Vec<std::ffi::OsString> {
        v.iter().map(Into::into).collect()
    }

    #[test]
    fn klee_spellings_parse_alike() {
        let p = parse(os(&[
            "-output-dir=o",
            "--max-time",
            "5",
            "-exit-on-error",
            "--search=dfs",
            "-search",
            "bfs",
            "p.bc",
            "-x",
            "--sym-arg",
        ]))
        .unwrap();
        assert_eq!(p.value("output-dir"), Some("o"));
        assert_eq!(p.value("max-time"), Some("5"));
        assert_eq!(p.flag("exit-on-error"), Some(true));
        assert_eq!(p.list("search"), ["dfs", "bfs"]);
        assert_eq!(p.program, "p.bc");
        assert_eq!(p.program_args, os(&["-x", "--sym-arg"]));
        assert_eq!(parse(os(&["--dump-states-on-halt=false", "-"])).unwrap().flag("dump-states-on-halt"), Some(false));
    }

    #[test]
    fn unknown_options_are_refused_by_name() {
        assert_eq!(parse(os(&["--no-such-thing", "p.bc"])).unwrap_err(), "unsupported KLEE option --no-such-thing");
        assert!(parse(os(&["--exit-on-error=maybe", "p.bc"])).is_err());
        assert!(parse(os(&["--output-dir"])).is_err());
        assert_eq!(parse(os(&["--output-dir=x"])).unwrap().program, "-");
    }

    #[test]
    fn response_files_expand() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("opts");
        std::fs::write(&f, "--output-dir 'a b'\n-write-no-tests\n").unwrap();
        let p = parse(vec![format!("@{}", f.display()).into(), "p.bc".into()]).unwrap();
        assert_eq!(p.value("output-dir"), Some("a b"));
        assert_eq!(p.flag("write-no-tests"), Some(true));
    }
}
