//! Whole specifications: find one interpretation of the second-order
//! variables under which every test has a passing path,
//! `Phi = AND_i OR_j pi_ij` (docs/design.md), optionally preferring the
//! interpretation closest to given terms (MaxSMT).

use crate::expr::{ArrayId, ExprId};
use crate::so::{self, Encoding, Interp, Pool, SoVarId, Term};
use crate::solver::z3_so::{SoConfig, SoSolver, SpecGoal};
use std::time::Duration;

/// One path of one test: its path condition and the applications
/// evaluated on it (second-order or first-order holes).
#[derive(Clone, Debug, Default)]
pub struct PathSpec {
    pub constraints: Vec<ExprId>,
    pub apps: Vec<ArrayId>,
}

#[derive(Clone, Debug, Default)]
pub struct SpecOptions {
    pub encoding: Encoding,
    pub timeout: Option<Duration>,
    /// The program's integer constants: a term's other constants cost
    /// more (minimal change).
    pub known_constants: Vec<i64>,
    /// How many distinct interpretations to return, best first (at least
    /// one).
    pub solutions: usize,
    /// `solve_examples`: only the terms one relabel from the preferred
    /// term (no optimizer).
    pub relabels_only: bool,
    /// Any interpretation, without the minimal-change objective (a plain
    /// satisfiability check: much faster where applications nest).
    pub any: bool,
    /// Z3's resource limit of each check (`None`: none but the time): a
    /// solve that reaches it gives up like one out of time.
    pub rlimit: Option<u32>,
    /// Z3 steps the checks of one solve may take together.
    pub budget: Option<u64>,
    /// Z3 steps taken by the solves with these options (added to, shared
    /// by the options' clones).
    pub steps: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// One interpretation and its distance from the preferred terms.
#[derive(Clone, Debug)]
pub struct Solution {
    pub interp: Interp,
    pub cost: u32,
}

/// Interpretations satisfying, for every test, one of its paths, closest
/// to `prefer` first (tree edit distance, `so::edit`); empty when there is
/// none in the languages. Every path's applications are
/// encoded (first-order holes too: each is `rho` applied to its recorded
/// arguments), and their values must stay in the `int` range. `prefer`:
/// per variable, the original term.
pub fn solve(
    pool: &Pool, tests: &[Vec<PathSpec>], prefer: &[(SoVarId, Term)], opts: &SpecOptions,
) -> Result<Vec<Solution>, String> {
    if tests.iter().any(|t| t.is_empty()) {
        return Ok(Vec::new());
    }
    let mut so = SoSolver::new(SoConfig {
        encoding: opts.encoding,
        timeout: opts.timeout,
        rlimit: opts.rlimit,
        budget: opts.budget,
        ..SoConfig::default()
    });
    let paths: Vec<Vec<Vec<ExprId>>> = tests
        .iter()
        .map(|t| {
            t.iter()
                .map(|p| {
                    let mut c = p.constraints.clone();
                    c.extend(p.apps.iter().filter_map(|a| pool.so.occurrence(*a)).map(|o| o.value));
                    c
                })
                .collect()
        })
        .collect();
    let goal = SpecGoal { prefer, known: &opts.known_constants, max: opts.solutions, any: opts.any };
    let (found, steps) = so.solve_spec(pool, &paths, &goal)?;
    opts.steps.fetch_add(steps, std::sync::atomic::Ordering::Relaxed);
    Ok(found.into_iter().map(|(interp, cost)| Solution { interp, cost }).collect())
}

pub use crate::so::fit::Rel;

/// One evaluation of a hole a path needs: its arguments and its value
/// (or, for a value the path leaves free, the one value it must not be).
pub type Example = (Vec<i64>, Rel);

/// As [`solve`], for a specification over examples: per test, the
/// alternatives (paths), each a set of evaluations of the hole `name`
/// (language `lang`, `arity` arguments) with concrete arguments and
/// values. Each distinct argument tuple is encoded once. Terms closest to
/// `prefer` first, with their cost; none of `exclude`.
///
/// In the built-in languages the terms one relabel from `prefer` are
/// checked first by evaluation: if some satisfy the specification, they
/// are the closest (the original itself is excluded or fails), and no
/// solver is needed.
pub fn solve_examples(
    name: &str, lang: &so::LangSpec, arity: usize, tests: &[Vec<Vec<Example>>], prefer: Option<&Term>,
    exclude: &[Term], opts: &SpecOptions,
) -> Result<Vec<(Term, u32)>, String> {
    if tests.iter().any(|t| t.is_empty()) {
        return Ok(Vec::new());
    }
    // The time limit counts from here: the evaluations below and the
    // encoding of a large specification take part of it.
    let until = opts.timeout.map(|t| std::time::Instant::now() + t);
    let want = opts.solutions.max(1);
    if let Some((orig, near)) = prefer.and_then(|o| Some((o, neighbours(lang, o, arity, &opts.known_constants)?))) {
        let near: Vec<(Term, u32)> =
            near.into_iter().filter(|(t, _)| !exclude.contains(t) && satisfies(t, tests)).collect();
        if !near.is_empty() {
            return Ok(each_kind_first(orig, near, want));
        }
    }
    if opts.relabels_only {
        return Ok(Vec::new());
    }
    // A missing disjunct or conjunct with a fitted constant, found by
    // evaluation: the answer if the optimizer finds nothing closer soon.
    let joined = prefer.map(|o| joins(lang, o, arity, tests, &opts.known_constants, exclude)).unwrap_or_default();
    // The cost-bounded search: the terms a developer's edit makes of the
    // original, checked by evaluation, closest first; the optimizer only
    // when none fits.
    if let Some(near) = prefer.and_then(|o| nearby(lang, o, arity, tests, &opts.known_constants, exclude, want)) {
        if !near.is_empty() {
            return Ok(closest_distinct(joined.into_iter().chain(near).collect(), want));
        }
    }
    let mut more = SpecOptions { solutions: want + exclude.len(), ..opts.clone() };
    if !joined.is_empty() {
        more.timeout = Some(opts.timeout.map_or(JOIN_RACE, |t| t.min(JOIN_RACE)));
    }
    let mut out = match solve_examples_smt(name, lang, arity, tests, prefer, &more, until) {
        Ok(v) => v,
        Err(_) if !joined.is_empty() => Vec::new(),
        Err(e) => return Err(e),
    };
    out.retain(|(t, _)| !exclude.contains(t));
    if let Some(&(_, best)) = joined.first() {
        if out.first().is_none_or(|(_, c)| *c > best) {
            out.retain(|(t, _)| !joined.iter().any(|(j, _)| j == t));
            out.splice(0..0, joined);
        }
    }
    out.truncate(want);
    Ok(out)
}

/// The terms of `lang` one edit from `orig` — a relabel (with the
/// program's constants `known`) or a node removed — closest first by the
/// minimal-change objective, with it; `None` for a grammar file's
/// language.
pub fn neighbours(lang: &so::LangSpec, orig: &Term, arity: usize, known: &[i64]) -> Option<Vec<(Term, u32)>> {
    use so::edit;
    let (known, member): (&[i64], Box<dyn Fn(&Term) -> bool>) = match lang {
        // In the language widened to the original: a term the grammar
        // cannot write (`a*8 + h1 >= h2` at depth 3) is still one edit
        // from the code; an original the language writes keeps to it.
        so::LangSpec::Int(d) | so::LangSpec::Bool(d) => (known, Box::new(edit::builtin_near(orig, arity, *d))),
        so::LangSpec::Real(d) => (&[], Box::new(move |t| edit::in_comparisons(t, arity, *d))),
        so::LangSpec::File { .. }
        | so::LangSpec::Arith(_)
        | so::LangSpec::Linear(_)
        | so::LangSpec::Cond(_)
        | so::LangSpec::Class(_)
        | so::LangSpec::Count(_) => return None,
    };
    let mut near: Vec<(Term, u32)> = edit::relabels(orig, arity, known)
        .into_iter()
        .chain(so::nearby::removals(orig))
        .filter(|t| member(t))
        .map(|t| {
            let c = edit::objective(orig, &t, known);
            (t, c)
        })
        .collect();
    // At equal cost the smaller term first (a `!` dropped before a
    // constant relabeled under it).
    near.sort_by_key(|(t, c)| (*c, t.size()));
    near.dedup_by(|a, b| a.0 == b.0);
    Some(near)
}

/// Up to `want` of the one-edit terms `near` (closest first): the
/// closest of each [`so::edit::EditKind`] — an operand removed, an
/// operator replaced, a leaf replaced — before a second of any kind, then
/// by closeness; the result closest first. Equal-cost replacements of one
/// leaf (variables of a type the tests cannot tell apart) would otherwise
/// take every place and keep an operator change the tests admit as well
/// (`a && b` → `a || b`) from the choice by behaviour.
fn each_kind_first(orig: &Term, near: Vec<(Term, u32)>, want: usize) -> Vec<(Term, u32)> {
    let mut kinds = Vec::new();
    let (mut out, rest): (Vec<_>, Vec<_>) = near.into_iter().partition(|(t, _)| {
        let k = so::edit::edit_kind(orig, t);
        let first = !kinds.contains(&k);
        kinds.push(k);
        first
    });
    out.extend(rest);
    out.truncate(want);
    out.sort_by_key(|(t, c)| (*c, t.size()));
    out
}

/// The work budget of the cost-bounded search: terms made per round.
pub(crate) const NEARBY_TERMS: usize = 200_000;

/// The closest terms of [`so::nearby::candidates`] (up to `want`, with
/// their objective) in a built-in language that satisfy the
/// specification; `None` for the other languages.
pub fn nearby(
    lang: &so::LangSpec, orig: &Term, arity: usize, tests: &[Vec<Vec<Example>>], known: &[i64], exclude: &[Term],
    want: usize,
) -> Option<Vec<(Term, u32)>> {
    let (so::LangSpec::Int(d) | so::LangSpec::Bool(d)) = lang else { return None };
    let member = so::edit::builtin_near(orig, arity, *d);
    let mut fits: Vec<(Term, u32)> = so::nearby::candidates(orig, arity, known, NEARBY_TERMS)
        .into_iter()
        .filter(|t| member(t) && !exclude.contains(t) && satisfies(t, tests))
        .map(|t| {
            let c = so::edit::objective(orig, &t, known);
            (t, c)
        })
        .collect();
    // With the fitted joins (`orig || x < c`, a constant the program may lack).
    fits.extend(joins(lang, orig, arity, tests, known, exclude));
    Some(closest_distinct(fits, want))
}

/// The `want` distinct terms of lowest objective in `terms`.
fn closest_distinct(mut terms: Vec<(Term, u32)>, want: usize) -> Vec<(Term, u32)> {
    terms.sort_by_key(|(_, c)| *c);
    let mut out: Vec<(Term, u32)> = Vec::new();
    for t in terms {
        if out.len() == want {
            break;
        }
        if !out.iter().any(|o| o.0 == t.0) {
            out.push(t);
        }
    }
    out
}

/// How long the optimizer may look for a term closer than a fitted join.
const JOIN_RACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Terms of a Boolean built-in language with a fitted constant — the
/// original's own refitted, or `orig JOIN (x op c)` — satisfying the
/// specification when each test takes its first (or each its last) path,
/// closest first, with their objective.
fn joins(
    lang: &so::LangSpec, orig: &Term, arity: usize, tests: &[Vec<Vec<Example>>], known: &[i64], exclude: &[Term],
) -> Vec<(Term, u32)> {
    let so::LangSpec::Bool(depth) = lang else { return Vec::new() };
    let mut out: Vec<(Term, u32)> = Vec::new();
    for pick in [0usize, 1] {
        let examples: Vec<(std::rc::Rc<[i64]>, Rel)> = tests
            .iter()
            .filter_map(|paths| if pick == 0 { paths.first() } else { paths.last() })
            .flatten()
            .map(|(a, r)| (std::rc::Rc::from(a.as_slice()), *r))
            .collect();
        // The original's constant refitted (`x > 0` → `x > -2`), and the
        // original joined with a fitted comparison.
        let mut made = so::fit::refits(orig, &examples);
        made.extend(so::fit::extensions(orig, &examples, arity, false));
        let member = so::edit::builtin_near(orig, arity, *depth);
        for t in made {
            if member(&t) && !exclude.contains(&t) && satisfies(&t, tests) && !out.iter().any(|(x, _)| *x == t) {
                let c = so::edit::objective(orig, &t, known);
                out.push((t, c));
            }
        }
    }
    out.sort_by_key(|(_, c)| *c);
    out
}

/// Whether `t` gives, for every test, the values of one of its paths.
pub fn satisfies(t: &Term, tests: &[Vec<Vec<Example>>]) -> bool {
    tests.iter().all(|paths| {
        paths.iter().any(|p| {
            p.iter().all(|(args, rel)| {
                t.eval(args).is_some_and(|x| match rel {
                    Rel::Eq(v) => x.as_c() == *v,
                    Rel::Ne(v) => x.as_c() != *v,
                })
            })
        })
    })
}

fn solve_examples_smt(
    name: &str, lang: &so::LangSpec, arity: usize, tests: &[Vec<Vec<Example>>], prefer: Option<&Term>,
    opts: &SpecOptions, until: Option<std::time::Instant>,
) -> Result<Vec<(Term, u32)>, String> {
    let mut pool = Pool::new();
    pool.so.specs.insert(name.to_string(), lang.clone());
    let var = pool.so_declare(name, arity)?;
    let mut occs: rustc_hash::FxHashMap<Vec<i64>, (ArrayId, ExprId)> = Default::default();
    let mut specs = Vec::with_capacity(tests.len());
    for t in tests {
        let mut paths = Vec::with_capacity(t.len());
        for p in t {
            let mut path = PathSpec::default();
            for (args, rel) in p {
                let (arr, val) = match occs.get(args) {
                    Some(&o) => o,
                    None => {
                        // 64 bits: a floating-point hole's arguments are
                        // wider than `int` (`exec::so::real_key`).
                        let a = args.iter().map(|&x| pool.constant(64, x as u64)).collect();
                        let o = pool.so_occurrence(var, a, true);
                        occs.insert(args.clone(), o);
                        o
                    }
                };
                let (Rel::Eq(v) | Rel::Ne(v)) = *rel;
                let want = pool.constant(32, v as u32 as u64);
                let eq = pool.eq(val, want);
                path.constraints.push(if matches!(rel, Rel::Eq(_)) { eq } else { pool.not(eq) });
                if !path.apps.contains(&arr) {
                    path.apps.push(arr);
                }
            }
            path.constraints.sort_unstable();
            path.constraints.dedup();
            paths.push(path);
        }
        specs.push(paths);
    }
    let prefer: Vec<(SoVarId, Term)> = prefer.map(|t| (var, t.clone())).into_iter().collect();
    // What building the specification left of the time limit (and of the
    // limit the caller set for this solve, if shorter).
    let left = until.map(|u| u.saturating_duration_since(std::time::Instant::now()));
    let timeout = match (opts.timeout, left) {
        (Some(t), Some(l)) => Some(t.min(l)),
        (t, l) => t.or(l),
    };
    if timeout.is_some_and(|t| t.is_zero()) {
        return Err("the time limit was reached while building the specification".into());
    }
    let opts = &SpecOptions { timeout, ..opts.clone() };
    Ok(solve(&pool, &specs, &prefer, opts)?
        .into_iter()
        .filter_map(|s| s.interp.get(&var).map(|t| ((**t).clone(), s.cost)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use so::{Op, Term::*};

    #[test]
    fn each_kind_of_edit_is_kept_before_a_second_of_any_kind() {
        let ne = |v| Term::App(Op::Ne, vec![Var(v), Int(0)]);
        let orig = Term::App(Op::And, vec![ne(0), ne(1)]);
        let leaf = |v| (Term::App(Op::And, vec![ne(v), ne(1)]), 32);
        let removal = (ne(1), 32);
        let or = (Term::App(Op::Or, vec![ne(0), ne(1)]), 33);
        let near = vec![removal.clone(), leaf(2), leaf(3), leaf(4), or.clone()];
        // Three places: the removal, the closest leaf, the operator; not
        // a second leaf of equal cost.
        assert_eq!(each_kind_first(&orig, near.clone(), 3), vec![removal.clone(), leaf(2), or.clone()]);
        // One place: the closest.
        assert_eq!(each_kind_first(&orig, near.clone(), 1), vec![removal.clone()]);
        // Room for all: closest first.
        assert_eq!(each_kind_first(&orig, near, 9), vec![removal, leaf(2), leaf(3), leaf(4), or]);
    }
}
