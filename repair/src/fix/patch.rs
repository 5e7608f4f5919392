//! What the search finds and tries: a validated patch (its diff, its
//! term), one more location of a patch at several, a site tried, a test's
//! result. Every pass makes these; the report (`report.rs`) gathers them.

use super::outcome::SiteResult;
use crate::cparse::Schema;
use crate::search::InferStats;
use std::path::Path;

/// One validated patch.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Patch {
    pub file: String,
    pub line: u32,
    pub function: String,
    pub schema: Schema,
    pub original: String,
    pub replacement: String,
    /// Tree edit distance from the original expression (minimal change;
    /// constants the program lacks count one more).
    pub distance: u32,
    /// The solver's objective for the term: the distance weighted, plus
    /// its tie-breaks (operators the original does not use). Orders
    /// patches at equal distance.
    #[serde(skip)]
    pub objective: u32,
    /// Whether it edits a value computed with a call, passed to its hole
    /// whole (`(atoi(s)) - 1`): among patches that behave alike, one on
    /// the variables that use the value comes first.
    #[serde(skip)]
    pub whole_value: bool,
    /// The magnitudes of the constants the patch adds, summed: the last
    /// tie-break (`x < 0` before `x <= -1` before `x < -1`).
    #[serde(skip)]
    pub plain: u64,
    pub diff: String,
    #[serde(skip)]
    pub patched_source: String,
    /// Index of the patched file in the project's sources.
    #[serde(skip)]
    pub source: usize,
    /// A patch at several locations at once (`--locations-at-once`): the
    /// locations after the first (which the fields above describe).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Location>,
    /// For a patch a site's search found: the term it puts at the site,
    /// over the site's arguments.
    #[serde(skip)]
    pub term: Option<SiteTerm>,
}

/// A term at a site and the arguments it reads (their C text, and
/// whether each is a pointer passed as `p != 0`).
#[derive(Clone, Debug, PartialEq)]
pub struct SiteTerm {
    pub term: klee_ext::so::Term,
    pub args: Vec<(String, bool)>,
}

impl SiteTerm {
    /// Whether `self` and `other` compute the same value wherever both are
    /// defined, on a grid of samples of the arguments either reads (small
    /// values, the terms' constants and their neighbours): two patches of
    /// one expression that behave alike on every input.
    pub fn alike(&self, other: &SiteTerm) -> bool {
        use klee_ext::so::Term;
        let mut names: Vec<&(String, bool)> = Vec::new();
        fn renamed<'a>(t: &Term, args: &'a [(String, bool)], names: &mut Vec<&'a (String, bool)>) -> Option<Term> {
            Some(match t {
                Term::Var(i) => {
                    let a = args.get(*i)?;
                    let k = names.iter().position(|n| *n == a).unwrap_or_else(|| {
                        names.push(a);
                        names.len() - 1
                    });
                    Term::Var(k)
                }
                Term::App(op, xs) => {
                    Term::App(*op, xs.iter().map(|x| renamed(x, args, names)).collect::<Option<Vec<_>>>()?)
                }
                other => other.clone(),
            })
        }
        let (Some(a), Some(b)) =
            (renamed(&self.term, &self.args, &mut names), renamed(&other.term, &other.args, &mut names))
        else {
            return false;
        };
        super::antipattern::same_on_samples(&a, &b, names.len())
    }
}

/// One more location of a patch at several.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Location {
    pub line: u32,
    pub function: String,
    pub schema: Schema,
    pub original: String,
    pub replacement: String,
}

/// One site tried.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Attempt {
    pub file: String,
    pub line: u32,
    pub schema: Schema,
    pub suspiciousness: f64,
    pub original: String,
    pub variables: Vec<String>,
    pub language: String,
    /// How the site ended, as text; its kind is `outcome`.
    pub result: SiteResult,
    /// The kind of `result` (`patched`, `work-limit`, `no-passing-path`, …).
    pub outcome: &'static str,
    /// The candidates an anti-pattern rejected here (`` `term`: anti-pattern
    /// NAME: why ``).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub antipatterns: Vec<String>,
    /// Several locations tried at once: the lines after the first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<u32>,
    #[serde(flatten)]
    pub stats: InferStats,
    pub time_s: f64,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct TestResult {
    pub name: String,
    pub passed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// The patch of `path` (a project source) from `old` to `new`, as
/// `patch.diff` holds it (`a/` and `b/` prefixes, three lines of context).
pub(super) fn unified_diff(path: &Path, old: &str, new: &str) -> String {
    let file = path.display().to_string().replace('\\', "/");
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{file}"), &format!("b/{file}"))
        .to_string()
}

pub(super) fn one_line(s: &str) -> String {
    let s: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 50 {
        format!("{}…", s.chars().take(50).collect::<String>())
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::SiteTerm;
    use klee_ext::so::{Op, Term};

    fn app(op: Op, a: Term, b: Term) -> Term {
        Term::App(op, vec![a, b])
    }

    fn at(term: Term, args: &[(&str, bool)]) -> SiteTerm {
        SiteTerm { term, args: args.iter().map(|(n, p)| (n.to_string(), *p)).collect() }
    }

    #[test]
    fn terms_alike_are_those_equal_on_every_sample_over_the_same_arguments() {
        let x = || Term::Var(0);
        let ge0 = at(app(Op::Ge, x(), Term::Int(0)), &[("x", false)]);
        // `x > -1` is `x >= 0`; `x > 0` is not (at 0).
        assert!(ge0.alike(&at(app(Op::Gt, x(), Term::Int(-1)), &[("x", false)])));
        assert!(!ge0.alike(&at(app(Op::Gt, x(), Term::Int(0)), &[("x", false)])));
        // Arguments are matched by their C text, not their position.
        let lt = at(app(Op::Lt, Term::Var(0), Term::Var(1)), &[("a", false), ("b", false)]);
        let gt = at(app(Op::Gt, Term::Var(0), Term::Var(1)), &[("b", false), ("a", false)]);
        assert!(lt.alike(&gt), "`a < b` and `b > a`");
        let other = at(app(Op::Gt, Term::Var(0), Term::Var(1)), &[("a", false), ("b", false)]);
        assert!(!lt.alike(&other), "`a < b` and `a > b`");
        // A pointer passed as `p != 0` is another argument than its value.
        assert!(!ge0.alike(&at(app(Op::Ge, x(), Term::Int(0)), &[("x", true)])));
        // A term reading an argument the site does not have is alike nothing.
        assert!(!ge0.alike(&at(app(Op::Ge, Term::Var(3), Term::Int(0)), &[("x", false)])));
    }
}
