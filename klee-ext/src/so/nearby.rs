//! Terms near an original, made by the edits a developer makes: a node
//! removed (`!e` -> `e`, `a && b` -> `a`), a comparison's operands
//! swapped, two relabels, an operand added to a subterm (`e + 1`, `e - n`, `0 - e`),
//! a subterm negated or joined with a comparison (`!e`, `e || x < c`), a
//! subterm made one branch of a conditional (`x < y ? e : f`). The
//! cost-bounded search checks them against a specification by evaluation,
//! closest first, before any optimizer runs.

use super::edit::relabels;
use super::term::{Op, Term};
use super::Sort;

const COMPARISONS: [Op; 6] = [Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq, Op::Ne];

fn sort_of(t: &Term) -> Sort {
    super::edit::sort_of(t)
}

/// Every subterm of `t` with its path (child indices from the root).
fn positions(t: &Term, path: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, Term)>) {
    out.push((path.clone(), t.clone()));
    if let Term::App(_, k) = t {
        for (i, c) in k.iter().enumerate() {
            path.push(i);
            positions(c, path, out);
            path.pop();
        }
    }
}

/// `t` with the subterm at `path` replaced by `new`.
fn replace_at(t: &Term, path: &[usize], new: Term) -> Term {
    match (path.split_first(), t) {
        (None, _) => new,
        (Some((&i, rest)), Term::App(op, k)) => {
            let mut k = k.clone();
            k[i] = replace_at(&k[i], rest, new);
            Term::App(*op, k)
        }
        _ => t.clone(),
    }
}

/// The terms one node removal from `orig`: a node replaced by one of its
/// operands of its sort (`!e` -> `e`, `a && b` -> `a`), one edit as a
/// relabel is.
pub(crate) fn removals(orig: &Term) -> Vec<Term> {
    let mut subs = Vec::new();
    positions(orig, &mut Vec::new(), &mut subs);
    let mut out = Vec::new();
    for (path, s) in &subs {
        if let Term::App(_, k) = s {
            for kid in k.iter().filter(|kid| sort_of(kid) == sort_of(s)) {
                out.push(replace_at(orig, path, kid.clone()));
            }
        }
    }
    out
}

/// The terms near `orig` over `arity` variables and the program's
/// constants `known`, at most `limit` of them (cheaper edits first; the
/// caller orders them by distance).
pub fn candidates(orig: &Term, arity: usize, known: &[i64], limit: usize) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    let push = |t: Term, out: &mut Vec<Term>| {
        if out.len() < limit && t != *orig {
            out.push(t);
        }
    };
    let vars: Vec<Term> = (0..arity).map(Term::Var).collect();
    let leaves: Vec<Term> = vars.iter().cloned().chain(known.iter().map(|&c| Term::Int(c))).collect();
    let mut atoms: Vec<Term> = Vec::new();
    for (i, x) in vars.iter().enumerate() {
        for (j, y) in leaves.iter().enumerate() {
            if j < arity && j <= i {
                continue;
            }
            for op in COMPARISONS {
                atoms.push(Term::App(op, vec![x.clone(), y.clone()]));
            }
        }
    }
    let mut subs = Vec::new();
    positions(orig, &mut Vec::new(), &mut subs);
    // One node removed, an operand kept in its place (`!e` -> `e`,
    // `a && b` -> `a`), or a comparison's operands swapped.
    for (path, s) in &subs {
        if let Term::App(op, k) = s {
            for kid in k.iter().filter(|kid| sort_of(kid) == sort_of(s)) {
                push(replace_at(orig, path, kid.clone()), &mut out);
            }
            if COMPARISONS.contains(op) && k[0] != k[1] {
                push(replace_at(orig, path, Term::App(*op, vec![k[1].clone(), k[0].clone()])), &mut out);
            }
        }
    }
    // One added operand, or a negation.
    for (path, s) in &subs {
        match sort_of(s) {
            Sort::Int => {
                for k in &leaves {
                    push(replace_at(orig, path, Term::App(Op::Add, vec![s.clone(), k.clone()])), &mut out);
                    push(replace_at(orig, path, Term::App(Op::Sub, vec![s.clone(), k.clone()])), &mut out);
                }
                push(replace_at(orig, path, Term::App(Op::Sub, vec![Term::Int(0), s.clone()])), &mut out);
            }
            Sort::Bool => push(replace_at(orig, path, Term::App(Op::Not, vec![s.clone()])), &mut out),
        }
    }
    // Two relabels.
    for r in relabels(orig, arity, known) {
        for rr in relabels(&r, arity, known) {
            push(rr, &mut out);
        }
        if out.len() >= limit {
            return out;
        }
    }
    // A comparison joined to a condition.
    for (path, s) in subs.iter().filter(|(_, s)| sort_of(s) == Sort::Bool) {
        for a in &atoms {
            for op in [Op::Or, Op::And] {
                push(replace_at(orig, path, Term::App(op, vec![s.clone(), a.clone()])), &mut out);
            }
        }
    }
    // A value made one branch of a conditional.
    for (path, s) in subs.iter().filter(|(_, s)| sort_of(s) == Sort::Int) {
        let mut other: Vec<Term> = leaves.clone();
        other.push(Term::App(Op::Sub, vec![Term::Int(0), s.clone()]));
        for x in &vars {
            other.push(Term::App(Op::Sub, vec![Term::Int(0), x.clone()]));
            for y in vars.iter().filter(|y| *y != x) {
                other.push(Term::App(Op::Sub, vec![x.clone(), y.clone()]));
            }
        }
        other.retain(|f| f != s);
        for c in &atoms {
            for f in &other {
                push(replace_at(orig, path, Term::App(Op::Ite, vec![c.clone(), s.clone(), f.clone()])), &mut out);
                push(replace_at(orig, path, Term::App(Op::Ite, vec![c.clone(), f.clone(), s.clone()])), &mut out);
            }
            if out.len() >= limit {
                return out;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Term::*;

    fn app(op: Op, a: Vec<Term>) -> Term {
        Term::App(op, a)
    }

    #[test]
    fn the_edits_developers_make_are_near() {
        // a - b, with a and b the arguments 0 and 1.
        let d = app(Op::Sub, vec![Var(0), Var(1)]);
        let near = candidates(&d, 2, &[0, 1], 1_000_000);
        // hi - lo + 1
        assert!(near.contains(&app(Op::Add, vec![d.clone(), Int(1)])));
        // a <= b ? b - a : a - b
        let abs = app(Op::Ite, vec![app(Op::Le, vec![Var(0), Var(1)]), app(Op::Sub, vec![Var(1), Var(0)]), d.clone()]);
        assert!(near.contains(&abs));
        // a condition with a joined comparison, a negated one
        let c = app(Op::Eq, vec![Var(0), Int(6)]);
        let near = candidates(&c, 1, &[0, 6], 1_000_000);
        assert!(near.contains(&app(Op::Or, vec![c.clone(), app(Op::Eq, vec![Var(0), Int(0)])])));
        assert!(near.contains(&app(Op::Not, vec![c.clone()])));
        // a negation dropped, a conjunct dropped, operands swapped
        let (p, q) = (app(Op::Ne, vec![Var(0), Int(0)]), app(Op::Ne, vec![Var(1), Int(0)]));
        let both = app(Op::And, vec![p.clone(), app(Op::Not, vec![q.clone()])]);
        let dropped = candidates(&both, 2, &[0], 1_000_000);
        assert!(dropped.contains(&app(Op::And, vec![p.clone(), q.clone()])));
        assert!(dropped.contains(&p));
        let le = app(Op::Le, vec![Int(0), Var(0)]);
        assert!(candidates(&le, 1, &[0], 1_000_000).contains(&app(Op::Le, vec![Var(0), Int(0)])));
        // two relabels: x == 6 -> x >= 0
        assert!(near.contains(&app(Op::Ge, vec![Var(0), Int(0)])));
        assert!(!near.contains(&c));
        // The limit is the work budget.
        assert_eq!(candidates(&d, 2, &[0, 1], 10).len(), 10);
    }
}
