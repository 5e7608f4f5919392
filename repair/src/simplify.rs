//! Readable patches: a synthesized term with its constant parts folded and
//! its sums flattened (`(0 ? 1601 : -847) - (-875 - x)` reads `x + 28`).
//! The simplified term is what gets validated.

use klee_ext::so::{Op, Term};

/// The term with constant subterms evaluated, conditionals over constant
/// conditions resolved, and sums and differences written as one sum.
pub fn simplify(t: &Term) -> Term {
    let t = match t {
        Term::App(op, args) => Term::App(*op, args.iter().map(simplify).collect()),
        other => other.clone(),
    };
    if let Term::App(op, args) = &t {
        if !has_var(&t) {
            if let Some(v) = t.eval(&[]) {
                return match v {
                    klee_ext::so::Value::Int(i) => Term::Int(i),
                    klee_ext::so::Value::Bool(b) => Term::Bool(b),
                };
            }
        }
        if *op == Op::Ite {
            if let Term::Bool(b) = args[0] {
                return if b { args[1].clone() } else { args[2].clone() };
            }
        }
        // A comparison of a term with itself (`x == x`) is a constant.
        if let [a, b] = &args[..] {
            if a == b && matches!(op, Op::Eq | Op::Le | Op::Ge | Op::Ne | Op::Lt | Op::Gt) {
                return Term::Bool(matches!(op, Op::Eq | Op::Le | Op::Ge));
            }
        }
        // A connective with a constant operand.
        if let (Op::And | Op::Or, [a, b]) = (op, &args[..]) {
            let unit = *op == Op::And;
            match (a, b) {
                (Term::Bool(x), other) | (other, Term::Bool(x)) => {
                    return if *x == unit { other.clone() } else { Term::Bool(*x) }
                }
                _ => {}
            }
        }
        if matches!(op, Op::Add | Op::Sub | Op::Neg) {
            return flatten(&t);
        }
    }
    t
}

/// Whether `t` reads an argument.
pub fn has_var(t: &Term) -> bool {
    match t {
        Term::Var(_) => true,
        Term::App(_, a) => a.iter().any(has_var),
        _ => false,
    }
}

/// Adds `sign * t` to the atoms and constant of a sum.
fn collect(t: &Term, sign: i64, atoms: &mut Vec<(i64, Term)>, k: &mut i64) {
    match t {
        Term::Int(v) => *k += sign * v,
        Term::App(Op::Add, a) => {
            collect(&a[0], sign, atoms, k);
            collect(&a[1], sign, atoms, k);
        }
        Term::App(Op::Sub, a) => {
            collect(&a[0], sign, atoms, k);
            collect(&a[1], -sign, atoms, k);
        }
        Term::App(Op::Neg, a) => collect(&a[0], -sign, atoms, k),
        other => match atoms.iter_mut().find(|(_, x)| x == other) {
            Some(e) => e.0 += sign,
            None => atoms.push((sign, other.clone())),
        },
    }
}

fn flatten(t: &Term) -> Term {
    let mut atoms = Vec::new();
    let mut k = 0i64;
    collect(t, 1, &mut atoms, &mut k);
    if i32::try_from(k).is_err() {
        return t.clone();
    }
    atoms.retain(|(c, _)| *c != 0);
    // Positive atoms first, so the sum starts without a minus.
    atoms.sort_by_key(|(c, _)| *c < 0);
    let mut out: Option<Term> = None;
    for (c, a) in atoms {
        for _ in 0..c.unsigned_abs() {
            out = Some(match out {
                None if c > 0 => a.clone(),
                None => Term::App(Op::Neg, vec![a.clone()]),
                Some(s) => Term::App(if c > 0 { Op::Add } else { Op::Sub }, vec![s, a.clone()]),
            });
        }
    }
    match out {
        None => Term::Int(k),
        Some(s) if k > 0 => Term::App(Op::Add, vec![s, Term::Int(k)]),
        Some(s) if k < 0 => Term::App(Op::Sub, vec![s, Term::Int(-k)]),
        Some(s) => s,
    }
}

/// `t` with every comparison of a 0/1 flag (`flags[i]`: argument `i` is a
/// pointer passed as `p != 0`) against 0 or 1 written as `flag != 0` or
/// `flag == 0` (`(p != 0) == 1` is `p != 0`).
pub fn flag_tests(t: &Term, flags: &[bool]) -> Term {
    let Term::App(op, args) = t else { return t.clone() };
    let args: Vec<Term> = args.iter().map(|a| flag_tests(a, flags)).collect();
    let flag = |x: &Term| matches!(x, Term::Var(i) if flags.get(*i).copied().unwrap_or(false));
    // Two flags ordered (`x >= y`) are a Boolean connective
    // (`x != 0 || y == 0`).
    if let ([x, y], true) = (&args[..], flag(&args[0]) && args.len() == 2 && flag(&args[1])) {
        let set = |v: &Term| Term::App(Op::Ne, vec![v.clone(), Term::Int(0)]);
        let unset = |v: &Term| Term::App(Op::Eq, vec![v.clone(), Term::Int(0)]);
        match op {
            Op::Ge => return Term::App(Op::Or, vec![set(x), unset(y)]),
            Op::Le => return Term::App(Op::Or, vec![unset(x), set(y)]),
            Op::Gt => return Term::App(Op::And, vec![set(x), unset(y)]),
            Op::Lt => return Term::App(Op::And, vec![unset(x), set(y)]),
            _ => {}
        }
    }
    // The comparison as `flag OP c`.
    let (f, c, op) = match (&args[..], op) {
        ([a, Term::Int(c)], _) if flag(a) => (a, *c, *op),
        ([Term::Int(c), b], Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq | Op::Ne) if flag(b) => {
            let mirrored = match op {
                Op::Lt => Op::Gt,
                Op::Le => Op::Ge,
                Op::Gt => Op::Lt,
                Op::Ge => Op::Le,
                o => *o,
            };
            (b, *c, mirrored)
        }
        _ => return Term::App(*op, args),
    };
    let set = match (op, c) {
        (Op::Eq, 1) | (Op::Ne, 0) | (Op::Gt, 0) | (Op::Ge, 1) => true,
        (Op::Eq, 0) | (Op::Ne, 1) | (Op::Lt, 1) | (Op::Le, 0) => false,
        _ => return Term::App(op, args.clone()),
    };
    Term::App(if set { Op::Ne } else { Op::Eq }, vec![f.clone(), Term::Int(0)])
}

/// Whether argument `i` occurs in `t` only as `x != 0` or `x == 0`.
pub fn only_zero_tests(t: &Term, i: usize) -> bool {
    match t {
        Term::Var(j) => *j != i,
        Term::App(Op::Ne | Op::Eq, a) if a[0] == Term::Var(i) && a[1] == Term::Int(0) => true,
        Term::App(_, a) => a.iter().all(|x| only_zero_tests(x, i)),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &Term) -> String {
        simplify(t).to_c(&["x".into(), "y".into()])
    }

    #[test]
    fn tautologies_fold() {
        let x = Term::Var(0);
        let same = Term::App(Op::Eq, vec![Term::Var(1), Term::Var(1)]);
        let t = Term::App(Op::And, vec![Term::App(Op::Eq, vec![Term::Int(0), x.clone()]), same.clone()]);
        assert_eq!(c(&t), "0 == x");
        let never = Term::App(Op::Not, vec![Term::App(Op::Ne, vec![x.clone(), x.clone()])]);
        assert_eq!(simplify(&never), Term::Bool(true));
        assert_eq!(simplify(&Term::App(Op::Or, vec![same, x.clone()])), Term::Bool(true));
    }

    #[test]
    fn ordered_flags_are_connectives() {
        let ge = Term::App(Op::Ge, vec![Term::Var(1), Term::Var(0)]);
        assert_eq!(flag_tests(&ge, &[true, true]).to_c(&["p".into(), "q".into()]), "q != 0 || p == 0");
        let lt = Term::App(Op::Lt, vec![Term::Var(0), Term::Var(1)]);
        assert_eq!(flag_tests(&lt, &[true, true]).to_c(&["p".into(), "q".into()]), "p == 0 && q != 0");
        // Integers are left alone.
        assert_eq!(flag_tests(&ge, &[false, true]), ge);
    }

    #[test]
    fn folds_constants_and_flattens_sums() {
        let ite = Term::App(Op::Ite, vec![Term::Bool(false), Term::Int(1601), Term::Int(-847)]);
        let t = Term::App(Op::Sub, vec![ite, Term::App(Op::Sub, vec![Term::Int(-875), Term::Var(0)])]);
        assert_eq!(c(&t), "x + 28");
        let t = Term::App(Op::Sub, vec![Term::Var(1), Term::App(Op::Sub, vec![Term::Var(0), Term::Int(1)])]);
        assert_eq!(c(&t), "y - x + 1");
        let t = Term::App(Op::Sub, vec![Term::Var(0), Term::Var(0)]);
        assert_eq!(c(&t), "0");
        let g = Term::App(Op::Gt, vec![Term::App(Op::Add, vec![Term::Int(2), Term::Int(3)]), Term::Var(1)]);
        assert_eq!(c(&g), "5 > y");
        // Overflow is not folded away.
        let big = Term::App(Op::Add, vec![Term::Int(i32::MAX as i64), Term::Int(1)]);
        assert_eq!(c(&big), "2147483647 + 1");
    }

    #[test]
    fn a_pointer_flag_compared_with_0_or_1_reads_as_the_test() {
        let flags = [true, false];
        let eq1 = Term::App(Op::Eq, vec![Term::Var(0), Term::Int(1)]);
        let t = flag_tests(&eq1, &flags);
        assert_eq!(t, Term::App(Op::Ne, vec![Term::Var(0), Term::Int(0)]));
        assert!(only_zero_tests(&t, 0));
        assert_eq!(t.to_c(&["p".into(), "y".into()]), "p != 0");
        let lt = Term::App(Op::Gt, vec![Term::Int(1), Term::Var(0)]);
        assert_eq!(flag_tests(&lt, &flags), Term::App(Op::Eq, vec![Term::Var(0), Term::Int(0)]));
        // Not a flag, or not against 0/1: unchanged.
        let y = Term::App(Op::Eq, vec![Term::Var(1), Term::Int(1)]);
        assert_eq!(flag_tests(&y, &flags), y);
        let sum = Term::App(Op::Add, vec![Term::Var(0), Term::Int(1)]);
        assert!(!only_zero_tests(&flag_tests(&sum, &flags), 0));
    }
}
