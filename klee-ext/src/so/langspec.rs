//! Languages as the user names them (`int[:D]`, `bool[:D]`, a SyGuS-IF
//! file `PATH.sy[:D]`), before a variable's arity makes them grammars
//! (`lang.rs`; files read by `sygus.rs`).

use super::lang::{Language, DEFAULT_DEPTH, MAX_DEPTH};
use super::sygus;
use super::term::Sort;
use std::path::{Path, PathBuf};

/// Why a language cannot be had as named, or not for a variable's
/// arity.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LangError {
    #[error("language `{spec}`: depth `{depth}` is not a number")]
    Depth { spec: String, depth: String },
    #[error("language `{0}`: the depth must be at least 1")]
    ZeroDepth(String),
    #[error("language `{spec}`: depth {depth} is too large (at most {MAX_DEPTH})")]
    TooDeep { spec: String, depth: usize },
    #[error("language `{spec}`: cannot read {}: {cause}", path.display())]
    Read { spec: String, path: PathBuf, cause: String },
    /// A SyGuS-IF file that does not parse (the parser's message, with
    /// its line).
    #[error("{}:{message}", path.display())]
    Grammar { path: PathBuf, message: String },
    #[error("language `{0}`: expected int[:DEPTH], bool[:DEPTH], real[:DEPTH], arith[:DEPTH], linear[:DEPTH], cond[:DEPTH], count[:DEPTH], class[:DEPTH] or FILE.sy[:DEPTH]")]
    Unknown(String),
    #[error("`{name}` is applied to {arity} argument(s) but {} declares {params} parameter(s)", path.display())]
    Arity { name: String, arity: usize, path: PathBuf, params: usize },
}

/// A language as the user names it (`int[:D]`, `bool[:D]`, `PATH.sy[:D]`),
/// before the variable's arity is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LangSpec {
    Int(usize),
    Bool(usize),
    /// Conditions over floating-point values: comparisons between the
    /// arguments joined by `&&`/`||` ([`Language::comparisons`]).
    Real(usize),
    /// Integer arithmetic with scaling ([`Language::arith`]): the
    /// built-in `int` language plus `k * Int` for k in 2, 8, 10, 16
    /// (library models: `10 * acc + c - 48`).
    Arith(usize),
    /// [`Language::arith`] without conditionals: `Int: x | const | Int +
    /// Int | Int - Int | k * Int` ([`Language::linear`]).
    Linear(usize),
    /// Linear steps under a character-class condition
    /// ([`Language::cond`]): `Int: linear | Class ? Int : Int`, the
    /// condition comparing an argument with a bound (`c >= 'A' && c <=
    /// 'Z'`) or with another argument.
    Cond(usize),
    /// A running count: `x1 + (Class ? 1 : 0)` and `x1 + 1`, the
    /// conditions of [`LangSpec::Cond`] ([`Language::count`]).
    Count(usize),
    /// The conditions of [`LangSpec::Cond`] alone, a Boolean result
    /// ([`Language::class`]): `c >= '0' && c <= '9'`, `c == k`.
    Class(usize),
    /// A grammar read from a file, with its depth.
    File {
        path: PathBuf,
        lang: Box<Language>,
    },
}

impl LangSpec {
    /// Parses `int`, `int:4`, `bool:2`, `grammar.sy`, `grammar.sy:3`.
    /// `var` names the variable (a `.sy` file is searched for a `synth-fun`
    /// of that name when it has several).
    pub fn parse(spec: &str, var: &str) -> Result<LangSpec, LangError> {
        let bad_depth = |d: &str| LangError::Depth { spec: spec.to_string(), depth: d.to_string() };
        let (base, depth) = match spec.rsplit_once(':') {
            Some((b, d)) if !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()) => {
                (b, Some(d.parse::<usize>().map_err(|_| bad_depth(d))?))
            }
            Some((_, d)) if !d.contains('/') && !d.contains('.') => return Err(bad_depth(d)),
            _ => (spec, None),
        };
        let depth = depth.unwrap_or(DEFAULT_DEPTH);
        if depth == 0 {
            return Err(LangError::ZeroDepth(spec.to_string()));
        }
        if depth > MAX_DEPTH {
            return Err(LangError::TooDeep { spec: spec.to_string(), depth });
        }
        match base {
            "int" => Ok(LangSpec::Int(depth)),
            "bool" => Ok(LangSpec::Bool(depth)),
            "real" => Ok(LangSpec::Real(depth)),
            "arith" => Ok(LangSpec::Arith(depth)),
            "linear" => Ok(LangSpec::Linear(depth)),
            "cond" => Ok(LangSpec::Cond(depth)),
            "class" => Ok(LangSpec::Class(depth)),
            "count" => Ok(LangSpec::Count(depth)),
            p if p.ends_with(".sy") => {
                let path = Path::new(p);
                let text = std::fs::read_to_string(path).map_err(|e| LangError::Read {
                    spec: spec.to_string(),
                    path: path.to_path_buf(),
                    cause: e.to_string(),
                })?;
                let mut lang = sygus::parse_synth_fun(&text, Some(var))
                    .map_err(|message| LangError::Grammar { path: path.to_path_buf(), message })?;
                lang.depth = depth;
                Ok(LangSpec::File { path: path.to_path_buf(), lang: Box::new(lang) })
            }
            _ => Err(LangError::Unknown(spec.to_string())),
        }
    }

    /// The language for a variable applied to `arity` arguments.
    pub fn instantiate(&self, name: &str, arity: usize) -> Result<Language, LangError> {
        match self {
            LangSpec::Int(d) => Ok(Language::builtin(name, arity, Sort::Int, *d)),
            LangSpec::Bool(d) => Ok(Language::builtin(name, arity, Sort::Bool, *d)),
            LangSpec::Real(d) => Ok(Language::comparisons(name, arity, *d)),
            LangSpec::Arith(d) => Ok(Language::arith(name, arity, *d)),
            LangSpec::Linear(d) => Ok(Language::linear(name, arity, *d)),
            LangSpec::Cond(d) => Ok(Language::cond(name, arity, Sort::Int, *d)),
            LangSpec::Class(d) => Ok(Language::cond(name, arity, Sort::Bool, *d)),
            LangSpec::Count(d) => Ok(Language::count(name, arity, *d)),
            LangSpec::File { path, lang } => {
                if lang.params.len() != arity {
                    return Err(LangError::Arity {
                        name: name.to_string(),
                        arity,
                        path: path.clone(),
                        params: lang.params.len(),
                    });
                }
                Ok((**lang).clone())
            }
        }
    }

    pub fn describe(&self) -> String {
        match self {
            LangSpec::Int(d) => format!("int:{d}"),
            LangSpec::Bool(d) => format!("bool:{d}"),
            LangSpec::Real(d) => format!("real:{d}"),
            LangSpec::Arith(d) => format!("arith:{d}"),
            LangSpec::Linear(d) => format!("linear:{d}"),
            LangSpec::Cond(d) => format!("cond:{d}"),
            LangSpec::Class(d) => format!("class:{d}"),
            LangSpec::Count(d) => format!("count:{d}"),
            LangSpec::File { path, lang } => format!("{}:{}", path.display(), lang.depth),
        }
    }
}

/// `NAME=SPEC` pairs of `--so-lang`.
pub fn parse_so_langs(items: &[String]) -> Result<Vec<(String, LangSpec)>, String> {
    let mut out: Vec<(String, LangSpec)> = Vec::new();
    for item in items {
        let (name, spec) =
            item.split_once('=').ok_or(format!("--so-lang {item:?}: expected NAME=SPEC (e.g. rho=int:3)"))?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("--so-lang {item:?}: the variable name must be an identifier"));
        }
        if out.iter().any(|(n, _)| n == name) {
            return Err(format!("--so-lang: `{name}` given twice"));
        }
        let lang = LangSpec::parse(spec, name).map_err(|e| format!("--so-lang {name}: {e}"))?;
        out.push((name.to_string(), lang));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_specs_and_rejects_bad_depths() {
        assert_eq!(LangSpec::parse("int", "rho"), Ok(LangSpec::Int(3)));
        assert_eq!(LangSpec::parse("bool:2", "rho"), Ok(LangSpec::Bool(2)));
        assert_eq!(LangSpec::parse("int:0", "rho"), Err(LangError::ZeroDepth("int:0".into())));
        assert_eq!(LangSpec::parse("int:99", "rho"), Err(LangError::TooDeep { spec: "int:99".into(), depth: 99 }));
        let err = |s: &str| LangSpec::parse(s, "rho").unwrap_err().to_string();
        assert!(err("int:99").contains("too large"));
        assert!(err("int:x").contains("not a number"));
        assert!(err("float").contains("expected int"));
        assert!(err("/nonexistent/g.sy").contains("cannot read /nonexistent/g.sy"));
    }
}
