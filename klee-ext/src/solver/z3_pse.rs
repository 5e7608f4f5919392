//! The propositional selector encoding (docs/design.md), node values over
//! mathematical integers.
//!
//! A tree of abstract nodes (every inner node has as many children as the
//! largest rule arity; the last level takes leaf rules only). Node `i` has
//! one Boolean selector per rule plus `off` (the node is not part of the
//! term) and one integer constant; these are shared by all applications of
//! the variable. Every application `o` gets its own node outputs (one per
//! sort) defined by `sel_i_r -> out_i^o = f_r(children)`.
//!
//! Symmetry breaking: children a rule does not use are `off`, a node whose
//! rule is not `(Constant Int)` has constant 0, so each term has one model.

use super::z3_terms::{ExactlyOne, Z};
use crate::so::lang::{Language, RuleOp};
use crate::so::term::{Op, Sort, Term};
use z3_sys::{Z3_ast, Z3_model};

pub(super) struct Node {
    pub(super) sel: Vec<Z3_ast>,
    pub(super) off: Z3_ast,
    pub(super) konst: Z3_ast,
    last: bool,
}

/// The shared part of one variable's encoding.
pub(crate) struct PseVar {
    arity: usize,
    pub(super) nodes: Vec<Node>,
}

/// One application's outputs and constraints.
pub(crate) struct PseOcc {
    /// The application's value as C sees it (Int; 0/1 for Bool languages).
    pub out: Z3_ast,
    /// Definitions of the node outputs (always satisfiable).
    pub defs: Vec<Z3_ast>,
    /// Every Int node value stays in the `int` range.
    pub range: Vec<Z3_ast>,
}

fn node_count(a: usize, depth: usize) -> usize {
    if a == 0 {
        return 1;
    }
    (0..depth).map(|l| a.pow(l as u32)).sum()
}

impl PseVar {
    /// Declares the selectors of `lang` and returns the structural
    /// constraints (well-formed trees of the language within its depth).
    pub fn declare(z: &Z, lang: &Language, tag: &str, one: ExactlyOne) -> (PseVar, Vec<Z3_ast>) {
        let a = lang.max_arity();
        let n = node_count(a, lang.depth);
        let first_last = if a == 0 { 0 } else { node_count(a, lang.depth - 1) };
        let nodes: Vec<Node> = (0..n)
            .map(|i| Node {
                sel: (0..lang.rules.len()).map(|r| z.bool_var(&format!("{tag}!s{i}_{r}"))).collect(),
                off: z.bool_var(&format!("{tag}!off{i}")),
                konst: z.int_var(&format!("{tag}!c{i}")),
                last: i >= first_last,
            })
            .collect();
        let v = PseVar { arity: a, nodes };
        let mut out = Vec::new();
        let start: Vec<Z3_ast> =
            lang.rules.iter().enumerate().filter(|(_, r)| r.nt == lang.start).map(|(k, _)| v.nodes[0].sel[k]).collect();
        out.push(z.or(&start));
        out.push(z.not(v.nodes[0].off));
        let has_const = lang.rules.iter().any(|r| r.op == RuleOp::AnyConst);
        for (i, node) in v.nodes.iter().enumerate() {
            let mut choices = node.sel.clone();
            choices.push(node.off);
            out.push(z.exactly_one(&choices, one));
            let kids = v.children(i);
            for (k, r) in lang.rules.iter().enumerate() {
                let s = node.sel[k];
                if node.last && !r.args.is_empty() {
                    out.push(z.not(s));
                    continue;
                }
                let mut then = Vec::new();
                for (j, &c) in kids.iter().enumerate() {
                    match r.args.get(j) {
                        Some(&nt) => {
                            let ok: Vec<Z3_ast> = lang
                                .rules
                                .iter()
                                .enumerate()
                                .filter(|(_, q)| q.nt == nt)
                                .map(|(q, _)| v.nodes[c].sel[q])
                                .collect();
                            then.push(z.or(&ok));
                        }
                        None => then.push(v.nodes[c].off),
                    }
                }
                if !then.is_empty() {
                    out.push(z.implies(s, z.and(&then)));
                }
            }
            out.extend(v.symmetry(z, lang, i));
            if !kids.is_empty() {
                let offs: Vec<Z3_ast> = kids.iter().map(|&c| v.nodes[c].off).collect();
                out.push(z.implies(node.off, z.and(&offs)));
            }
            if has_const {
                let is_const: Vec<Z3_ast> = lang
                    .rules
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.op == RuleOp::AnyConst)
                    .map(|(k, _)| node.sel[k])
                    .collect();
                out.push(z.implies(z.not(z.or(&is_const)), z.eq(node.konst, z.int(0))));
                out.push(z.in_int_range(node.konst));
            }
        }
        (v, out)
    }

    /// Symmetry breaking at node `i`: a commutative operator's first child
    /// selects a rule no later than its second's; an operator whose value
    /// is a constant when both operands are constants does not take two
    /// constants where the node's nonterminal has constants itself.
    fn symmetry(&self, z: &Z, lang: &Language, i: usize) -> Vec<Z3_ast> {
        let kids = self.children(i);
        let mut out = Vec::new();
        if kids.len() < 2 {
            return out;
        }
        let (c1, c2) = (&self.nodes[kids[0]], &self.nodes[kids[1]]);
        for (k, r) in lang.rules.iter().enumerate() {
            let RuleOp::Op(op) = r.op else { continue };
            if r.args.len() != 2 {
                continue;
            }
            let s = self.nodes[i].sel[k];
            if op.commutative() && r.args[0] == r.args[1] {
                for k1 in 0..lang.rules.len() {
                    for k2 in 0..k1 {
                        out.push(z.implies(s, z.not(z.and(&[c1.sel[k1], c2.sel[k2]]))));
                    }
                }
            }
            let nt_has = |p: &dyn Fn(&RuleOp) -> bool| lang.rules.iter().any(|q| q.nt == r.nt && p(&q.op));
            let folds = match op.result() {
                Sort::Int => nt_has(&|o| *o == RuleOp::AnyConst),
                Sort::Bool => nt_has(&|o| *o == RuleOp::BoolLit(true)) && nt_has(&|o| *o == RuleOp::BoolLit(false)),
            };
            if folds && op != Op::Ite {
                let is_const = |n: &Node| {
                    let c: Vec<Z3_ast> = lang
                        .rules
                        .iter()
                        .enumerate()
                        .filter(|(_, q)| matches!(q.op, RuleOp::AnyConst | RuleOp::Lit(_) | RuleOp::BoolLit(_)))
                        .map(|(q, _)| n.sel[q])
                        .collect();
                    z.or(&c)
                };
                out.push(z.implies(s, z.not(z.and(&[is_const(c1), is_const(c2)]))));
            }
        }
        out
    }

    pub(super) fn children(&self, i: usize) -> Vec<usize> {
        if self.nodes[i].last || self.arity == 0 {
            return Vec::new();
        }
        (1..=self.arity).map(|j| self.arity * i + j).collect()
    }

    /// The encoding of one application to `args` (integer terms). Node
    /// outputs are terms, not variables: `out_i = ite(sel_i_r1, f_r1(..),
    /// ite(sel_i_r2, ..))` built bottom-up, so Z3 sees no equations to
    /// solve away.
    pub fn occurrence(&self, z: &Z, lang: &Language, args: &[Z3_ast], _otag: &str) -> PseOcc {
        let n = self.nodes.len();
        // Nonterminals of fixed literals only (`arith`'s scales).
        let literal_nts: Vec<bool> = (0..lang.nts.len()).map(|k| lang.literals_only(k)).collect();
        let mut iout: Vec<Z3_ast> = vec![z.int(0); n];
        let mut bout: Vec<Z3_ast> = vec![z.ff(); n];
        for i in (0..n).rev() {
            let node = &self.nodes[i];
            let kids = self.children(i);
            let (mut ival, mut bval) = (z.int(0), z.ff());
            for (k, r) in lang.rules.iter().enumerate().rev() {
                if node.last && !r.args.is_empty() {
                    continue;
                }
                let kid = |j: usize| if lang.sort_of(r.args[j]) == Sort::Int { iout[kids[j]] } else { bout[kids[j]] };
                let val = match &r.op {
                    RuleOp::Var(l) => args[*l],
                    RuleOp::AnyConst => node.konst,
                    RuleOp::Lit(v) => z.int(*v),
                    RuleOp::BoolLit(b) => z.boolean(*b),
                    RuleOp::Chain => kid(0),
                    // A product whose first factor is one of fixed
                    // literals is a choice of linear terms.
                    RuleOp::Op(Op::Mul) if literal_nts[r.args[0]] => {
                        let c = &self.nodes[kids[0]];
                        let x = kid(1);
                        lang.rules.iter().enumerate().filter(|(_, q)| q.nt == r.args[0]).fold(
                            z.int(0),
                            |acc, (q, rule)| match rule.op {
                                RuleOp::Lit(v) => z.ite(c.sel[q], z.mul(z.int(v), x), acc),
                                _ => acc,
                            },
                        )
                    }
                    RuleOp::Op(op) => apply(z, *op, &(0..r.args.len()).map(kid).collect::<Vec<_>>()),
                };
                if lang.sort_of(r.nt) == Sort::Int {
                    ival = z.ite(node.sel[k], val, ival);
                } else {
                    bval = z.ite(node.sel[k], val, bval);
                }
            }
            iout[i] = ival;
            bout[i] = bval;
        }
        let has_int = lang.computes_ints();
        let range = if has_int {
            (0..n).filter(|&i| !self.nodes[i].sel.is_empty()).map(|i| z.in_int_range(iout[i])).collect()
        } else {
            Vec::new()
        };
        let out = if lang.sort_of(lang.start) == Sort::Int { iout[0] } else { z.b2i(bout[0]) };
        PseOcc { out, defs: Vec::new(), range }
    }

    /// The term a model selects.
    pub fn decode(&self, z: &Z, model: Z3_model, lang: &Language) -> Option<Term> {
        self.decode_node(z, model, lang, 0)
    }

    fn decode_node(&self, z: &Z, model: Z3_model, lang: &Language, i: usize) -> Option<Term> {
        let node = &self.nodes[i];
        let k = node.sel.iter().position(|&s| z.model_bool(model, s))?;
        let r = &lang.rules[k];
        let kids = self.children(i);
        let mut sub = Vec::new();
        for j in 0..r.args.len() {
            sub.push(self.decode_node(z, model, lang, *kids.get(j)?)?);
        }
        Some(lang.build(r, z.model_int(model, node.konst), sub))
    }
}

/// C's quotient, truncated toward zero: the quotient of the magnitudes
/// with the sign of the operands' product (SMT-LIB's `div` rounds so that
/// the remainder is never negative).
fn c_div(z: &Z, a: Z3_ast, b: Z3_ast) -> Z3_ast {
    let zero = z.int(0);
    let abs = |x: Z3_ast| z.ite(z.lt(x, zero), z.neg(x), x);
    let q = z.div(abs(a), abs(b));
    let negative = z.not(z.eq(z.lt(a, zero), z.lt(b, zero)));
    z.ite(negative, z.neg(q), q)
}

/// The integer/Boolean semantics of an operator.
pub fn apply(z: &Z, op: Op, a: &[Z3_ast]) -> Z3_ast {
    match op {
        Op::Add => z.add(a[0], a[1]),
        Op::Sub => z.sub(a[0], a[1]),
        Op::Mul => z.mul(a[0], a[1]),
        Op::Div => c_div(z, a[0], a[1]),
        // C's remainder: a - (a / b) * b.
        Op::Mod => z.sub(a[0], z.mul(c_div(z, a[0], a[1]), a[1])),
        Op::Neg => z.neg(a[0]),
        Op::Ite => z.ite(a[0], a[1], a[2]),
        Op::Lt => z.lt(a[0], a[1]),
        Op::Le => z.le(a[0], a[1]),
        Op::Gt => z.lt(a[1], a[0]),
        Op::Ge => z.le(a[1], a[0]),
        Op::Eq => z.eq(a[0], a[1]),
        Op::Ne => z.not(z.eq(a[0], a[1])),
        Op::And => z.and(&[a[0], a[1]]),
        Op::Or => z.or(&[a[0], a[1]]),
        Op::Not => z.not(a[0]),
        Op::Implies => z.implies(a[0], a[1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The encoded `/` and `%` are C's on every sign of the operands
    /// (SMT-LIB's `div` would give -4 for -7 / 2).
    #[test]
    fn division_and_remainder_truncate_as_c_does() {
        let ctx = super::super::z3::new_context();
        let z = Z::new(ctx);
        for (a, b) in [(7i64, 2i64), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, 3), (0, 5), (1, 7)] {
            for (op, want) in [(Op::Div, a / b), (Op::Mod, a % b)] {
                let e = apply(&z, op, &[z.int(a), z.int(b)]);
                let mut got = 0i64;
                // SAFETY: Z3 calls on the context made above, deleted below.
                let ok = unsafe { z3_sys::Z3_get_numeral_int64(ctx, z3_sys::Z3_simplify(ctx, e), &mut got) };
                assert!(ok, "{op:?} of {a} and {b} is a numeral");
                assert_eq!(got, want, "{op:?} of {a} and {b}");
            }
        }
        // SAFETY: the context is not used after this.
        unsafe { z3_sys::Z3_del_context(ctx) };
    }
}
