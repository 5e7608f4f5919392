//! Languages as the user names them (`int[:D]`, `bool[:D]`, a SyGuS-IF
//! file `PATH.sy[:D]`), before a variable's arity makes them grammars
//! (`lang.rs`; files read by `sygus.rs`).

use super::lang::{Language, DEFAULT_DEPTH, MAX_DEPTH};
use super::sygus;
use super::term::Sort;
use std::path::{Path, PathBuf};

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
    pub fn parse(spec: &str, var: &str) -> Result<LangSpec, String> {
        let (base, depth) = match spec.rsplit_once(':') {
            Some((b, d)) if !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()) => {
                let d: usize = d.parse().map_err(|_| format!("language `{spec}`: depth `{d}` is not a number"))?;
                (b, Some(d))
            }
            Some((_, d)) if !d.contains('/') && !d.contains('.') => {
                return Err(format!("language `{spec}`: depth `{d}` is not a number"))
            }
            _ => (spec, None),
        };
        let depth = depth.unwrap_or(DEFAULT_DEPTH);
        if depth == 0 {
            return Err(format!("language `{spec}`: the depth must be at least 1"));
        }
        if depth > MAX_DEPTH {
            return Err(format!("language `{spec}`: depth {depth} is too large (at most {MAX_DEPTH})"));
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
                let text = std::fs::read_to_string(path).map_err(|e| format!("language `{spec}`: cannot read {p}: {e}"))?;
                let mut lang = sygus::parse_synth_fun(&text, Some(var)).map_err(|e| format!("{p}:{e}"))?;
                lang.depth = depth;
                Ok(LangSpec::File { path: path.to_path_buf(), lang: Box::new(lang) })
            }
            _ => Err(format!("language `{spec}`: expected int[:DEPTH], bool[:DEPTH], real[:DEPTH], arith[:DEPTH], linear[:DEPTH], cond[:DEPTH], count[:DEPTH], class[:DEPTH] or FILE.sy[:DEPTH]")),
        }
    }

    /// The language for a variable applied to `arity` arguments.
    pub fn instantiate(&self, name: &str, arity: usize) -> Result<Language, String> {
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
                    return Err(format!(
                        "`{name}` is applied to {arity} argument(s) but {} declares {} parameter(s)",
                        path.display(),
                        lang.params.len()
                    ));
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
        assert!(LangSpec::parse("int:0", "rho").unwrap_err().contains("at least 1"));
        assert!(LangSpec::parse("int:99", "rho").unwrap_err().contains("too large"));
        assert!(LangSpec::parse("int:x", "rho").unwrap_err().contains("not a number"));
        assert!(LangSpec::parse("float", "rho").unwrap_err().contains("expected int"));
        assert!(LangSpec::parse("/nonexistent/g.sy", "rho").unwrap_err().contains("cannot read"));
    }
}
