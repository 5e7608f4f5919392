//! Minimal change in the propositional selector encoding: soft constraints
//! over a variable's selectors and constants whose violated weight is the
//! tree edit distance of the selected term from the original expression
//! (`so/edit.rs` states the measure; docs/internals/data-flows.md, "Minimal change").
//!
//! An *embedding* places the original's nodes on tree nodes: at the root,
//! or one level down under a new root (a wrap: `e` → `e || f`). One
//! Boolean per embedding, exactly one of them true; under embedding `e`,
//! each node of the original costs 1 unless its node selects the same rule
//! (and the same constant), and each node outside the image costs 1 unless
//! it is off. Independently, a node that selects a constant the program
//! does not contain costs 1. Each unit of distance weighs `EDIT`; below
//! that, a tie-break: a node whose operator the original does not use
//! weighs 1 (`day == 6` → `day == 6 || day == 0`, not `0 >= day`).

use super::z3_pse::PseVar;
use super::z3_terms::{ExactlyOne, Z};
use crate::so::edit::{canonical, sort_of};
use crate::so::lang::{Language, RuleOp};
use crate::so::term::{Op, Term};
use z3_sys::{Z3_ast, Z3_model};

/// Hard constraints (the embedding choice) and weighted soft constraints.
#[derive(Default)]
pub(crate) struct Objective {
    pub hard: Vec<Z3_ast>,
    pub soft: Vec<(Z3_ast, u32)>,
}

/// What the original puts on one tree node: a rule, and its constant.
type Label = (usize, Option<i64>);

pub(crate) use crate::so::edit::EDIT;

impl PseVar {
    /// The minimal-change objective for this variable: distance from
    /// `orig` (the smallest term when `None`), constants outside `known`
    /// penalized.
    pub(crate) fn minimal_change(
        &self, z: &Z, lang: &Language, orig: Option<&Term>, known: &[i64], tag: &str,
    ) -> Objective {
        let mut obj = Objective::default();
        let const_rules: Vec<usize> =
            lang.rules.iter().enumerate().filter(|(_, r)| r.op == RuleOp::AnyConst).map(|(k, _)| k).collect();
        if !const_rules.is_empty() {
            for n in &self.nodes {
                let is_const = z.or(&const_rules.iter().map(|&k| n.sel[k]).collect::<Vec<_>>());
                let in_program = z.or(&known.iter().map(|&c| z.eq(n.konst, z.int(c))).collect::<Vec<_>>());
                obj.soft.push((z.implies(is_const, in_program), EDIT));
            }
        }
        if let Some(t) = orig {
            let mut ops = Vec::new();
            collect_ops(t, &mut ops);
            let novel: Vec<usize> = lang
                .rules
                .iter()
                .enumerate()
                .filter(|(_, r)| matches!(r.op, RuleOp::Op(o) if !ops.contains(&o)))
                .map(|(k, _)| k)
                .collect();
            for n in &self.nodes {
                let uses = z.or(&novel.iter().map(|&k| n.sel[k]).collect::<Vec<_>>());
                obj.soft.push((z.not(uses), 1));
            }
        }
        let embeddings = orig.map(|t| self.embeddings(lang, t)).unwrap_or_default();
        if embeddings.is_empty() {
            // No original (or one the grammar cannot write): smallest term.
            for n in self.nodes.iter().skip(1) {
                obj.soft.push((n.off, EDIT));
            }
            return obj;
        }
        let flags: Vec<Z3_ast> = (0..embeddings.len()).map(|e| z.bool_var(&format!("{tag}!emb{e}"))).collect();
        obj.hard.push(z.exactly_one(&flags, ExactlyOne::PbEq));
        for (image, &flag) in embeddings.iter().zip(&flags) {
            for (i, node) in self.nodes.iter().enumerate() {
                let keep = match image[i] {
                    Some((k, Some(c))) => z.and(&[node.sel[k], z.eq(node.konst, z.int(c))]),
                    Some((k, None)) => node.sel[k],
                    None => node.off,
                };
                obj.soft.push((z.implies(flag, keep), EDIT));
            }
        }
        obj
    }

    /// Placements of `orig` on the tree: at the root, then under each
    /// child of the root (with the nonterminals of its sort).
    fn embeddings(&self, lang: &Language, orig: &Term) -> Vec<Vec<Option<Label>>> {
        // The original with commutative operands in the order the symmetry
        // breaking admits (rule index of each operand's root).
        let rank = |t: &Term| Self::rule_for(lang, t, None).map_or(usize::MAX, |r| r.0);
        let orig = canonical(orig, &|t: &Term| rank(t));
        let mut out = Vec::new();
        let mut image = vec![None; self.nodes.len()];
        if self.place(lang, &orig, 0, lang.start, &mut image) {
            out.push(image);
        }
        for c in self.children(0) {
            for nt in (0..lang.nts.len()).filter(|&nt| lang.sort_of(nt) == sort_of(&orig)) {
                let mut image = vec![None; self.nodes.len()];
                if self.place(lang, &orig, c, nt, &mut image) {
                    out.push(image);
                    break;
                }
            }
        }
        out
    }

    /// The rule of nonterminal `nt` (any, when `None`) that writes `t`'s
    /// root, with its constant.
    fn rule_for(lang: &Language, t: &Term, nt: Option<usize>) -> Option<(usize, Option<i64>)> {
        let mut any_const = None;
        for (k, r) in lang.rules.iter().enumerate().filter(|(_, r)| nt.is_none_or(|n| r.nt == n)) {
            match (&r.op, t) {
                (RuleOp::Var(l), Term::Var(m)) if l == m => return Some((k, None)),
                (RuleOp::Lit(v), Term::Int(w)) if v == w => return Some((k, None)),
                (RuleOp::AnyConst, Term::Int(w)) => any_const = any_const.or(Some((k, Some(*w)))),
                (RuleOp::BoolLit(b), Term::Bool(c)) if b == c => return Some((k, None)),
                (RuleOp::Op(op), Term::App(o, args)) if op == o && args.len() == r.args.len() => {
                    return Some((k, None))
                }
                _ => {}
            }
        }
        any_const
    }

    fn place(&self, lang: &Language, t: &Term, i: usize, nt: usize, image: &mut [Option<Label>]) -> bool {
        let Some((k, c)) = Self::rule_for(lang, t, Some(nt)) else { return false };
        image[i] = Some((k, c));
        let args: &[Term] = match t {
            Term::App(_, a) => a,
            _ => &[],
        };
        let kids = self.children(i);
        if kids.len() < args.len() {
            return false;
        }
        let rule_args = lang.rules[k].args.clone();
        args.iter().enumerate().all(|(j, a)| self.place(lang, a, kids[j], rule_args[j], image))
    }

    /// A constraint that excludes the term `model` selects (to ask for the
    /// next best one).
    pub fn block(&self, z: &Z, model: Z3_model, lang: &Language) -> Z3_ast {
        let mut same = Vec::new();
        for node in &self.nodes {
            if let Some(k) = node.sel.iter().position(|&s| z.model_bool(model, s)) {
                same.push(node.sel[k]);
                if lang.rules[k].op == RuleOp::AnyConst {
                    same.push(z.eq(node.konst, z.int(z.model_int(model, node.konst))));
                }
            }
        }
        z.not(z.and(&same))
    }
}

/// The operators of a term.
fn collect_ops(t: &Term, out: &mut Vec<Op>) {
    if let Term::App(op, args) = t {
        if !out.contains(op) {
            out.push(*op);
        }
        for a in args {
            collect_ops(a, out);
        }
    }
}
