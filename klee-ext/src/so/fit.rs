//! Cheap witnesses of second-order consistency: before a solver is
//! asked whether some term of a language agrees with a set of examples,
//! a few terms are tried by evaluation (`solver/z3_examples.rs`).
//!
//! * a term that answered a recent check;
//! * such a term with the constant of its comparison refitted (`e < c`:
//!   each example bounds `c` from one side);
//! * such a term joined with one comparison of an argument and a fitted
//!   constant (`t || x < c`, `t && x != c`): the missing disjunct or
//!   conjunct of a condition.
//!
//! Each is checked against the examples and the language (built-in
//! languages only), so a witness found is a proof of consistency.

use super::edit::in_builtin;
use super::lang::{Language, RuleOp};
use super::term::{Op, Sort, Term};
use std::rc::Rc;

/// What an example says of the hole's value on its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rel {
    Eq(i64),
    Ne(i64),
}

/// Whether `t` satisfies every example.
pub fn holds(t: &Term, examples: &[(Rc<[i64]>, Rel)]) -> bool {
    examples.iter().all(|(a, r)| {
        t.eval(a).is_some_and(|v| match r {
            Rel::Eq(x) => v.as_c() == *x,
            Rel::Ne(x) => v.as_c() != *x,
        })
    })
}

/// The truth value a Boolean example asks for.
fn wanted(r: Rel) -> bool {
    match r {
        Rel::Eq(x) => x != 0,
        Rel::Ne(x) => x == 0,
    }
}

/// A constant `c` with `v op c == want` for every `(v, want)`, if any:
/// of an ordering's feasible range, the one nearest `near` (a refitted
/// constant stays as close to the original's as the examples allow),
/// else the low end.
fn fit(op: Op, pairs: &[(i64, bool)], near: Option<i64>) -> Option<i64> {
    let (mut lo, mut hi) = (i32::MIN as i64, i32::MAX as i64);
    match op {
        Op::Eq | Op::Ne => {
            // The values that must equal `c`, and those that must not.
            let must = |(_, w): &&(i64, bool)| *w == (op == Op::Eq);
            let mut eq = pairs.iter().filter(must).map(|(v, _)| *v);
            let c = match eq.next() {
                Some(c) => c,
                // Nothing must equal it: a value no example has.
                None => (lo..).find(|c| !pairs.iter().any(|(v, _)| v == c))?,
            };
            (eq.all(|v| v == c) && !pairs.iter().any(|(v, w)| *v == c && *w != (op == Op::Eq))).then_some(c)
        }
        _ => {
            for &(v, want) in pairs {
                let (l, h) = match (op, want) {
                    (Op::Lt, true) | (Op::Ge, false) => (v + 1, i64::MAX),
                    (Op::Lt, false) | (Op::Ge, true) => (i64::MIN, v),
                    (Op::Le, true) | (Op::Gt, false) => (v, i64::MAX),
                    (Op::Le, false) | (Op::Gt, true) => (i64::MIN, v - 1),
                    _ => return None,
                };
                lo = lo.max(l);
                hi = hi.min(h);
                if lo > hi {
                    return None;
                }
            }
            Some(match near {
                Some(n) => n.clamp(lo, hi),
                None if lo > i32::MIN as i64 => lo,
                None => hi,
            })
        }
    }
}

/// `t` with the constant of its comparison refitted, if `t` compares an
/// expression with a constant.
fn refit(t: &Term, examples: &[(Rc<[i64]>, Rel)]) -> Option<Term> {
    let Term::App(op, k) = t else { return None };
    if k.len() != 2 || !matches!(op, Op::Lt | Op::Le | Op::Gt | Op::Ge) {
        return None;
    }
    let (e, right, old) = match (&k[0], &k[1]) {
        (e, Term::Int(c)) => (e, true, *c),
        (Term::Int(c), e) => (e, false, *c),
        _ => return None,
    };
    // As `e op' c`.
    let flipped = match op {
        Op::Lt => Op::Gt,
        Op::Le => Op::Ge,
        Op::Gt => Op::Lt,
        _ => Op::Le,
    };
    let eop = if right { *op } else { flipped };
    let pairs: Vec<(i64, bool)> =
        examples.iter().map(|(a, r)| Some((e.eval(a)?.as_c(), wanted(*r)))).collect::<Option<_>>()?;
    let c = Term::Int(fit(eop, &pairs, Some(old))?);
    Some(Term::App(*op, if right { vec![k[0].clone(), c] } else { vec![c, k[1].clone()] }))
}

/// `t`, a comparison of an expression with a constant, with its constant
/// refitted to the examples under each ordering operator (`x > 0` →
/// `x > -2`, `x >= -1`): those that satisfy them.
pub(crate) fn refits(t: &Term, examples: &[(Rc<[i64]>, Rel)]) -> Vec<Term> {
    let Term::App(op, k) = t else { return Vec::new() };
    if k.len() != 2 || !matches!(op, Op::Lt | Op::Le | Op::Gt | Op::Ge) {
        return Vec::new();
    }
    let mut out: Vec<Term> = Vec::new();
    for alt in [*op, Op::Lt, Op::Le, Op::Gt, Op::Ge] {
        if let Some(r) = refit(&Term::App(alt, k.clone()), examples) {
            if holds(&r, examples) && !out.contains(&r) {
                out.push(r);
            }
        }
    }
    out
}

/// `t JOIN (x_i op c)` for a fitted `c`, over every argument, comparison
/// and join, the first that satisfies the examples.
fn extend(t: &Term, examples: &[(Rc<[i64]>, Rel)], arity: usize) -> Option<Term> {
    extensions(t, examples, arity, true).into_iter().next()
}

/// Every `t JOIN (x_i op c)` (a fitted `c`) that satisfies the examples
/// (only the first with `first`).
pub(crate) fn extensions(t: &Term, examples: &[(Rc<[i64]>, Rel)], arity: usize, first: bool) -> Vec<Term> {
    let mut out = Vec::new();
    let Some(base) = examples.iter().map(|(a, _)| Some(t.eval(a)?.as_c() != 0)).collect::<Option<Vec<bool>>>() else {
        return out;
    };
    for join in [Op::Or, Op::And] {
        // Or: where `t` holds the example must want true; elsewhere the
        // comparison decides. And: the other way round.
        let decided = join == Op::Or;
        if examples.iter().zip(&base).any(|((_, r), b)| *b == decided && wanted(*r) != decided) {
            continue;
        }
        for i in 0..arity {
            let pairs: Vec<(i64, bool)> = examples
                .iter()
                .zip(&base)
                .filter(|(_, b)| **b != decided)
                .map(|((a, r), _)| (a[i], wanted(*r)))
                .collect();
            for op in [Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne] {
                if let Some(c) = fit(op, &pairs, None) {
                    out.push(Term::App(join, vec![t.clone(), Term::App(op, vec![Term::Var(i), Term::Int(c)])]));
                    if first {
                        return out;
                    }
                }
            }
        }
    }
    out
}

/// A term of `lang` (a built-in language) satisfying `examples`, built
/// from `recent` (latest first), if one of the cheap forms is.
pub fn witness(recent: &[Term], examples: &[(Rc<[i64]>, Rel)], lang: &Language) -> Option<Term> {
    let bool_start = lang.sort_of(lang.start) == Sort::Bool;
    let builtin = lang.rules.iter().any(|r| r.op == RuleOp::AnyConst);
    if !builtin {
        return None;
    }
    let ok = |t: &Term| in_builtin(t, lang.arity(), lang.depth) && holds(t, examples);
    for t in recent.iter().rev() {
        if let Some(r) = refit(t, examples).filter(|r| ok(r)) {
            return Some(r);
        }
    }
    if bool_start {
        for t in recent.iter().rev() {
            if let Some(r) = extend(t, examples, lang.arity()).filter(|r| ok(r)) {
                return Some(r);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::so::lang::Language;
    use Term::*;

    fn ex(args: &[i64], v: bool) -> (Rc<[i64]>, Rel) {
        (Rc::from(args), Rel::Eq(v as i64))
    }

    #[test]
    fn a_threshold_is_refitted_to_the_examples() {
        let t = App(Op::Lt, vec![Var(0), Int(0)]);
        let e = [ex(&[3], true), ex(&[6], true), ex(&[10], false)];
        let r = refit(&t, &e).unwrap();
        assert!(holds(&r, &e), "{r:?}");
        // Of the feasible thresholds, the one nearest the original's.
        let far = App(Op::Lt, vec![Var(0), Int(30)]);
        let e2 = [ex(&[12], true), ex(&[20], false)];
        assert_eq!(refit(&far, &e2), Some(App(Op::Lt, vec![Var(0), Int(20)])));
        assert_eq!(refit(&App(Op::Lt, vec![Var(0), Int(-7)]), &e2), Some(App(Op::Lt, vec![Var(0), Int(13)])));
        assert_eq!(refit(&App(Op::Gt, vec![Int(16), Var(0)]), &e2), Some(App(Op::Gt, vec![Int(16), Var(0)])));
        // No threshold separates 3 < 6 with 6 false and 10 true.
        assert_eq!(refit(&t, &[ex(&[3], true), ex(&[6], false), ex(&[10], true)]), None);
    }

    #[test]
    fn the_original_threshold_is_refitted_under_each_ordering() {
        // t > 0 where t > -2 is meant (the paper's Fig. 2): the values of
        // t of two failing runs.
        let t = App(Op::Gt, vec![Var(0), Int(0)]);
        let mut e: Vec<(Rc<[i64]>, Rel)> = (-4..=5).map(|v| ex(&[v], v >= -1)).collect();
        e.extend((-9..=0).map(|v| ex(&[v], v >= -1)));
        let r = refits(&t, &e);
        assert_eq!(r.first(), Some(&App(Op::Gt, vec![Var(0), Int(-2)])), "{r:?}");
        assert!(r.contains(&App(Op::Ge, vec![Var(0), Int(-1)])), "{r:?}");
        assert!(r.iter().all(|x| holds(x, &e)));
        // A condition that is no threshold has none.
        let odd: Vec<(Rc<[i64]>, Rel)> = (0..6).map(|v| ex(&[v], v % 2 == 1)).collect();
        assert!(refits(&t, &odd).is_empty());
    }

    #[test]
    fn a_missing_disjunct_is_fitted() {
        let lang = Language::builtin("cond", 1, Sort::Bool, 3);
        let orig = App(Op::Gt, vec![Var(0), Int(10)]);
        let e = [ex(&[-11], true), ex(&[-15], true), ex(&[-10], false), ex(&[4], false), ex(&[13], true)];
        let w = witness(std::slice::from_ref(&orig), &e, &lang).unwrap();
        assert!(holds(&w, &e));
        assert!(matches!(&w, App(Op::Or, k) if k[0] == orig), "{w:?}");
        // Depth 2 cannot hold the join: no witness (the solver decides).
        let small = Language::builtin("cond", 1, Sort::Bool, 2);
        assert_eq!(witness(&[orig], &e, &small), None);
    }

    #[test]
    fn equalities_fit_one_value_or_none() {
        assert_eq!(fit(Op::Eq, &[(4, true), (5, false), (4, true)], None), Some(4));
        assert_eq!(fit(Op::Eq, &[(4, true), (5, true)], None), None);
        assert_eq!(fit(Op::Ne, &[(4, false), (5, true)], None), Some(4));
    }
}
