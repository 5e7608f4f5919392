//! Minimal change: the tree edit distance between an original expression
//! and a candidate term, as `fix` ranks patches (docs/internals/data-flows.md, "Minimal
//! change"). The second-order solver minimizes the same measure with soft
//! constraints (`solver/z3_edit.rs`); this is its statement over terms.
//!
//! * A node kept (same operator, variable or constant) costs 0; a node
//!   relabeled costs 1; a node inserted or deleted costs 1 (a subtree
//!   costs its size).
//! * The original may also sit one level down, as an operand of a new
//!   root (`e` → `e || f`, `e` → `c ? e : f`): the new root and its other
//!   operands count as inserted.
//! * A node of the original may be removed with one of its operands
//!   kept in its place (`!e` → `e`, `a && b` → `a`): one edit; a
//!   comparison written the other way round (`0 <= x` → `x >= 0`) is
//!   the same comparison.
//! * Every constant the program does not contain costs 1 more.

use super::term::{Op, Sort, Term};

/// The label of a term's root (what a relabel changes).
fn same_label(a: &Term, b: &Term) -> bool {
    match (a, b) {
        (Term::App(x, xs), Term::App(y, ys)) => x == y && xs.len() == ys.len(),
        _ => a == b,
    }
}

fn kids(t: &Term) -> &[Term] {
    match t {
        Term::App(_, k) => k,
        _ => &[],
    }
}

/// The sort of a term's value.
pub(crate) fn sort_of(t: &Term) -> Sort {
    match t {
        Term::Int(_) | Term::Var(_) => Sort::Int,
        Term::Bool(_) => Sort::Bool,
        Term::App(op, _) => op.result(),
    }
}

/// The distances already computed within one [`cost`], by the addresses
/// of the two subterms (both borrowed from the terms compared, so an
/// address names one subterm for the whole computation): without it, a
/// chain of `||` under removals and swapped operands is exponential.
type Memo = std::collections::HashMap<(usize, usize), u32>;

/// Position-wise distance: roots compared, children matched by position
/// (either order under a commutative operator of `b`).
fn positional(a: &Term, b: &Term, memo: &mut Memo) -> u32 {
    let key = (a as *const Term as usize, b as *const Term as usize);
    if let Some(&d) = memo.get(&key) {
        return d;
    }
    let kb: Vec<&Term> = kids(b).iter().collect();
    let commutative = matches!(b, Term::App(op, _) if op.commutative());
    let mut best = aligned(a, u32::from(!same_label(a, b)), &kb, commutative, memo);
    // A comparison written the other way round (`0 <= x` as `x >= 0`)
    // is the same comparison: `b` mirrored, its operands swapped.
    if let Term::App(op, k) = b {
        if let (Some(m), false, 2) = (op.mirrored(), op.commutative(), k.len()) {
            let root = u32::from(!matches!(a, Term::App(x, xs) if *x == m && xs.len() == 2));
            best = best.min(aligned(a, root, &[&k[1], &k[0]], false, memo));
        }
    }
    // One node of the original removed, one of its operands kept in its
    // place (`!e` -> `e`, `a && b` -> `a`): one edit.
    for k in kids(a).iter().filter(|k| sort_of(k) == sort_of(a)) {
        best = best.min(1 + positional(k, b, memo));
    }
    memo.insert(key, best);
    best
}

/// Position-wise distance of `a` from a root that costs `root` to reach
/// with children `kb` (either order when `commutative`).
fn aligned(a: &Term, root: u32, kb: &[&Term], commutative: bool, memo: &mut Memo) -> u32 {
    let ka = kids(a);
    if let (true, 2, 2) = (commutative, ka.len(), kb.len()) {
        let straight = positional(&ka[0], kb[0], memo) + positional(&ka[1], kb[1], memo);
        let swapped = positional(&ka[0], kb[1], memo) + positional(&ka[1], kb[0], memo);
        return root + straight.min(swapped);
    }
    let mut d = root;
    for j in 0..ka.len().max(kb.len()) {
        d += match (ka.get(j), kb.get(j)) {
            (Some(x), Some(y)) => positional(x, y, memo),
            (Some(x), None) => x.size() as u32,
            (None, Some(y)) => y.size() as u32,
            (None, None) => 0,
        };
    }
    d
}

/// Constants of `t` that are not in `known`.
fn novel_constants(t: &Term, known: &[i64]) -> u32 {
    let own = u32::from(matches!(t, Term::Int(v) if !known.contains(v)));
    own + kids(t).iter().map(|k| novel_constants(k, known)).sum::<u32>()
}

/// The cost of turning `orig` into `new` (`None`: no original, the size
/// of `new`), with `known` the program's constants.
pub fn cost(orig: Option<&Term>, new: &Term, known: &[i64]) -> u32 {
    let novel = novel_constants(new, known);
    let Some(orig) = orig else { return new.size() as u32 + novel };
    let memo = &mut Memo::new();
    let mut best = positional(orig, new, memo);
    // The original as one operand of a new root.
    let ks = kids(new);
    for (j, k) in ks.iter().enumerate() {
        if sort_of(k) != sort_of(orig) {
            continue;
        }
        let others: u32 = ks.iter().enumerate().filter(|(i, _)| *i != j).map(|(_, t)| t.size() as u32).sum();
        best = best.min(1 + others + positional(orig, k, memo));
    }
    best + novel
}

/// Integer constants of a term (the original's are the program's too).
pub fn constants(t: &Term, out: &mut Vec<i64>) {
    if let Term::Int(v) = t {
        if !out.contains(v) {
            out.push(*v);
        }
    }
    for k in kids(t) {
        constants(k, out);
    }
}

/// `t` with the operands of commutative operators in a canonical order
/// (the order the encodings' symmetry breaking admits): by `rank`.
pub(crate) fn canonical(t: &Term, rank: &dyn Fn(&Term) -> usize) -> Term {
    match t {
        Term::App(op, args) => {
            let mut args: Vec<Term> = args.iter().map(|a| canonical(a, rank)).collect();
            if op.commutative()
                && args.len() == 2
                && sort_of(&args[0]) == sort_of(&args[1])
                && rank(&args[0]) > rank(&args[1])
            {
                args.swap(0, 1);
            }
            Term::App(*op, args)
        }
        _ => t.clone(),
    }
}

/// The operators of the built-in languages (`Language::builtin`).
const BUILTIN_OPS: [Op; 12] =
    [Op::Add, Op::Sub, Op::Ite, Op::Gt, Op::Ge, Op::Lt, Op::Le, Op::Eq, Op::Ne, Op::And, Op::Or, Op::Not];

/// Whether `t` is a term of the built-in language of `depth` levels over
/// `arity` variables.
pub(crate) fn in_builtin(t: &Term, arity: usize, depth: usize) -> bool {
    if depth == 0 {
        return false;
    }
    match t {
        Term::Var(i) => *i < arity,
        Term::Int(_) | Term::Bool(_) => true,
        Term::App(op, k) => BUILTIN_OPS.contains(op) && k.iter().all(|k| in_builtin(k, arity, depth - 1)),
    }
}

/// Levels of `t` (a leaf is one).
pub fn depth(t: &Term) -> usize {
    match t {
        Term::App(_, k) => 1 + k.iter().map(depth).max().unwrap_or(0),
        _ => 1,
    }
}

/// Membership in the built-in language of `depth` levels over `arity`
/// variables, widened to hold `orig`: its operators (`*`, `/`, `%`) and
/// its depth. An original the grammar cannot write is still what the
/// developer wrote; the terms one edit from it are evaluated, not
/// synthesized, so they need no grammar. For an original inside the
/// language this is [`in_builtin`].
pub fn builtin_near(orig: &Term, arity: usize, depth: usize) -> impl Fn(&Term) -> bool {
    fn ops(t: &Term, out: &mut Vec<Op>) {
        if let Term::App(o, k) = t {
            if !out.contains(o) {
                out.push(*o);
            }
            k.iter().for_each(|k| ops(k, out));
        }
    }
    let mut allowed = BUILTIN_OPS.to_vec();
    ops(orig, &mut allowed);
    let levels = depth.max(self::depth(orig));
    fn member(t: &Term, arity: usize, depth: usize, allowed: &[Op]) -> bool {
        match t {
            _ if depth == 0 => false,
            Term::Var(i) => *i < arity,
            Term::Int(_) | Term::Bool(_) => true,
            Term::App(op, k) => allowed.contains(op) && k.iter().all(|k| member(k, arity, depth - 1, allowed)),
        }
    }
    move |t: &Term| member(t, arity, levels, &allowed)
}

/// Whether `t` is a term of `Language::comparisons` of `depth` levels
/// over `arity` arguments.
pub fn in_comparisons(t: &Term, arity: usize, depth: usize) -> bool {
    if depth == 0 {
        return false;
    }
    match t {
        Term::Var(_) | Term::Int(_) => false,
        Term::Bool(_) => true,
        Term::App(Op::And | Op::Or | Op::Not, k) => k.iter().all(|k| in_comparisons(k, arity, depth - 1)),
        Term::App(Op::Gt | Op::Ge | Op::Lt | Op::Le | Op::Eq | Op::Ne, k) => {
            depth >= 2 && k.iter().all(|k| matches!(k, Term::Var(i) if *i < arity))
        }
        Term::App(..) => false,
    }
}

/// Relabels of `t`'s root: another operator of the same signature,
/// another variable, or another of the `known` constants.
fn root_relabels(t: &Term, arity: usize, known: &[i64]) -> Vec<Term> {
    const GROUPS: [&[Op]; 3] = [
        &[Op::Gt, Op::Ge, Op::Lt, Op::Le, Op::Eq, Op::Ne],
        &[Op::And, Op::Or],
        &[Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod],
    ];
    let leaves = |skip: &Term| -> Vec<Term> {
        (0..arity).map(Term::Var).chain(known.iter().map(|&c| Term::Int(c))).filter(|x| x != skip).collect()
    };
    match t {
        Term::Var(_) | Term::Int(_) => leaves(t),
        Term::Bool(b) => vec![Term::Bool(!b)],
        Term::App(op, k) => GROUPS
            .iter()
            .filter(|g| g.contains(op))
            .flat_map(|g| g.iter())
            .filter(|o| *o != op)
            .map(|o| Term::App(*o, k.clone()))
            .collect(),
    }
}

/// Every term one relabel from `orig` (edit distance 1 with no novel
/// constant): one node gets another operator of its signature, another
/// variable or another of the program's constants.
pub fn relabels(orig: &Term, arity: usize, known: &[i64]) -> Vec<Term> {
    let mut out = root_relabels(orig, arity, known);
    if let Term::App(op, kids) = orig {
        for (i, k) in kids.iter().enumerate() {
            for alt in relabels(k, arity, known) {
                let mut ks = kids.clone();
                ks[i] = alt;
                out.push(Term::App(*op, ks));
            }
        }
    }
    out
}

/// What a term one edit from an original changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EditKind {
    /// A node removed, one of its operands in its place (`a && b` → `b`).
    Removal,
    /// An operator replaced by another of its signature (`&&` → `||`).
    Operator,
    /// A variable, constant or truth value replaced.
    Leaf,
}

/// The kind of the one edit that makes `new` of `orig` (a term of
/// [`relabels`] or `nearby.rs`'s `removals`).
pub(crate) fn edit_kind(orig: &Term, new: &Term) -> EditKind {
    if new.size() < orig.size() {
        return EditKind::Removal;
    }
    match (orig, new) {
        (Term::App(a, xs), Term::App(b, ys)) if a == b && xs.len() == ys.len() => {
            xs.iter().zip(ys).find(|(x, y)| x != y).map_or(EditKind::Leaf, |(x, y)| edit_kind(x, y))
        }
        (Term::App(..), Term::App(..)) => EditKind::Operator,
        _ => EditKind::Leaf,
    }
}

/// The minimal-change objective of `new` as the solver weighs it: the
/// edit distance times `EDIT`, plus one per node whose operator the
/// original does not use.
pub fn objective(orig: &Term, new: &Term, known: &[i64]) -> u32 {
    fn ops(t: &Term, out: &mut Vec<Op>) {
        if let Term::App(o, k) = t {
            out.push(*o);
            k.iter().for_each(|k| ops(k, out));
        }
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    ops(orig, &mut a);
    ops(new, &mut b);
    EDIT * cost(Some(orig), new, known) + b.iter().filter(|o| !a.contains(o)).count() as u32
}

/// The weight of one unit of edit distance in [`objective`] (above every
/// tie-break; the solver's soft constraints weigh the same).
pub(crate) const EDIT: u32 = 32;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::so::Op;
    use Term::*;

    fn app(op: Op, a: Vec<Term>) -> Term {
        Term::App(op, a)
    }

    #[test]
    fn edit_kinds_name_what_one_edit_changes() {
        let ne = |v| app(Op::Ne, vec![Var(v), Int(0)]);
        let orig = app(Op::And, vec![ne(0), ne(1)]);
        assert_eq!(edit_kind(&orig, &ne(1)), EditKind::Removal);
        assert_eq!(edit_kind(&orig, &app(Op::Or, vec![ne(0), ne(1)])), EditKind::Operator);
        assert_eq!(edit_kind(&orig, &app(Op::And, vec![ne(2), ne(1)])), EditKind::Leaf);
        assert_eq!(edit_kind(&orig, &app(Op::And, vec![ne(0), app(Op::Gt, vec![Var(1), Int(0)])])), EditKind::Operator);
        assert_eq!(edit_kind(&Bool(true), &Bool(false)), EditKind::Leaf);
        // Every relabel is an operator or a leaf change, every removal a removal.
        for t in relabels(&orig, 3, &[0, 1]) {
            assert_ne!(edit_kind(&orig, &t), EditKind::Removal, "{t:?}");
        }
        for t in crate::so::nearby::removals(&orig) {
            assert_eq!(edit_kind(&orig, &t), EditKind::Removal, "{t:?}");
        }
    }

    #[test]
    fn relabels_cost_one_and_wraps_cost_the_new_operands() {
        let orig = app(Op::Ge, vec![Var(0), Int(17)]);
        assert_eq!(cost(Some(&orig), &orig, &[17]), 0);
        assert_eq!(cost(Some(&orig), &app(Op::Gt, vec![Var(0), Int(17)]), &[17]), 1);
        // A constant the program lacks costs one more.
        assert_eq!(cost(Some(&orig), &app(Op::Ge, vec![Var(0), Int(18)]), &[17]), 2);
        assert_eq!(cost(Some(&orig), &app(Op::Ge, vec![Var(1), Int(17)]), &[17]), 1);
        // `e == 3` -> `e == 3 || e == 5`: the new root and `e == 5`.
        let eq = |c| app(Op::Eq, vec![Var(0), Int(c)]);
        assert_eq!(cost(Some(&eq(3)), &app(Op::Or, vec![eq(3), eq(5)]), &[3, 5]), 4);
        // `hi - lo` -> `hi - lo + 1`.
        let d = app(Op::Sub, vec![Var(0), Var(1)]);
        assert_eq!(cost(Some(&d), &app(Op::Add, vec![d.clone(), Int(1)]), &[1]), 2);
        // Operands of a commutative operator in either order.
        let and = app(Op::And, vec![app(Op::Lt, vec![Var(0), Var(1)]), app(Op::Gt, vec![Var(0), Var(2)])]);
        let or = app(Op::Or, vec![app(Op::Gt, vec![Var(0), Var(2)]), app(Op::Lt, vec![Var(0), Var(1)])]);
        assert_eq!(cost(Some(&and), &or, &[]), 1);
        // Far from the original: a conditional over constants.
        let far = app(Op::Ite, vec![app(Op::Eq, vec![Var(0), Int(17)]), Var(1), Int(11)]);
        assert!(cost(Some(&orig), &far, &[17]) >= 5);
        // A negation or a conjunct dropped, a comparison turned round:
        // one edit each.
        let call = app(Op::Ne, vec![Var(1), Int(0)]);
        let neg = app(Op::And, vec![app(Op::Ne, vec![Var(0), Int(0)]), app(Op::Not, vec![call.clone()])]);
        let kept = app(Op::And, vec![app(Op::Ne, vec![Var(0), Int(0)]), call.clone()]);
        assert_eq!(cost(Some(&neg), &kept, &[0]), 1);
        assert_eq!(cost(Some(&neg), &app(Op::Ne, vec![Var(0), Int(0)]), &[0]), 1);
        let le = app(Op::Le, vec![Int(0), Var(0)]);
        assert_eq!(cost(Some(&le), &app(Op::Ge, vec![Var(0), Int(0)]), &[0]), 0);
        assert_eq!(cost(Some(&le), &app(Op::Le, vec![Var(0), Int(0)]), &[0]), 1);
    }

    /// `h * 60 + m > start`: four levels and a `*`, outside `bool:3`; its
    /// relabels are still one edit from the code (`>=`), and an arithmetic
    /// operator becomes any other (`*` -> `+`, `-` -> `/`).
    #[test]
    fn an_original_the_language_cannot_write_has_its_relabels() {
        let (h, m, start) = (Var(0), Var(1), Var(2));
        let minutes = app(Op::Add, vec![app(Op::Mul, vec![h.clone(), Int(60)]), m.clone()]);
        let orig = app(Op::Gt, vec![minutes.clone(), start.clone()]);
        assert!(!in_builtin(&orig, 3, 3));
        let near = relabels(&orig, 3, &[60]);
        let ge = app(Op::Ge, vec![minutes.clone(), start.clone()]);
        assert!(near.contains(&ge));
        let plus = app(Op::Add, vec![app(Op::Add, vec![h.clone(), Int(60)]), m.clone()]);
        assert!(near.contains(&app(Op::Gt, vec![plus, start.clone()])));
        let div = app(Op::Gt, vec![app(Op::Add, vec![app(Op::Div, vec![h.clone(), Int(60)]), m]), start]);
        assert!(near.contains(&div));
        // The language widened to the original: its operators (`*`, not
        // `/`), its depth.
        let member = builtin_near(&orig, 3, 3);
        assert!(member(&ge) && member(&orig) && !member(&div));
        assert!(!member(&app(Op::Gt, vec![app(Op::Add, vec![orig.clone(), h.clone()]), h.clone()])));
        assert!(!member(&app(Op::Lt, vec![app(Op::Mod, vec![h.clone(), Int(2)]), Int(1)])));
        // An original in the language: the language as it is.
        let plain = app(Op::Ge, vec![Var(0), Int(17)]);
        let member = builtin_near(&plain, 1, 3);
        assert!(member(&app(Op::And, vec![plain.clone(), app(Op::Lt, vec![Var(0), Int(65)])])));
        assert!(!member(&app(Op::Ge, vec![app(Op::Mul, vec![Var(0), Int(2)]), Int(17)])));
        assert_eq!(depth(&orig), 4);
    }

    /// Fifteen disjuncts `n % c != 0 || …` (depth 16): one relabel is one
    /// edit, computed in polynomial time (each pair of subterms once).
    #[test]
    fn a_long_chain_of_disjuncts_costs_its_edits_quickly() {
        let test = |c: i64, op: Op| app(op, vec![app(Op::Mod, vec![Var(0), Int(c)]), Int(0)]);
        let chain = |last: Op| {
            (1..15).fold(test(4, Op::Ne), |acc, c| {
                app(Op::Or, vec![acc, test(c + 4, if c == 14 { last } else { Op::Ne })])
            })
        };
        let (orig, fixed) = (chain(Op::Ne), chain(Op::Eq));
        let known: Vec<i64> = (0..=18).collect();
        assert_eq!(depth(&orig), 17);
        assert_eq!(cost(Some(&orig), &fixed, &known), 1);
        assert_eq!(cost(Some(&orig), &orig, &known), 0);
        let near = relabels(&orig, 1, &[0]);
        assert!(near.contains(&fixed));
        for t in &near {
            assert!(cost(Some(&orig), t, &known) <= 1);
        }
    }
}
