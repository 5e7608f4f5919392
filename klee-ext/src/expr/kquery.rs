//! KLEE's KQuery text format: a path condition as `array` declarations
//! and one `(query [constraints] false)`, as `testN.kquery` holds it.
//!
//! The printer writes each node in KQuery's full form (`(Add w32 a b)`,
//! `(Read w8 3 arr)`, `(Extract w8 0 e)`); a constant operand whose width
//! the operator fixes is written as a bare number, as KLEE's printer does.
//! Shared subterms are written out each time (no `N0:` labels).

use super::{ArrayId, BinOp, CmpOp, Expr, ExprId, ExprPool};
use std::fmt::Write;

fn bin_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "Add",
        BinOp::Sub => "Sub",
        BinOp::Mul => "Mul",
        BinOp::UDiv => "UDiv",
        BinOp::SDiv => "SDiv",
        BinOp::URem => "URem",
        BinOp::SRem => "SRem",
        BinOp::And => "And",
        BinOp::Or => "Or",
        BinOp::Xor => "Xor",
        BinOp::Shl => "Shl",
        BinOp::LShr => "LShr",
        BinOp::AShr => "AShr",
    }
}

fn cmp_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "Eq",
        CmpOp::Ult => "Ult",
        CmpOp::Ule => "Ule",
        CmpOp::Slt => "Slt",
        CmpOp::Sle => "Sle",
    }
}

/// Writes `e`; `typed`: a constant must carry its width.
fn write_expr(pool: &ExprPool, e: ExprId, typed: bool, out: &mut String) {
    match *pool.get(e) {
        Expr::Const { w: 1, v } => out.push_str(if v != 0 { "true" } else { "false" }),
        Expr::Const { w, v } if typed => {
            let _ = write!(out, "(w{w} {v})");
        }
        Expr::Const { v, .. } => {
            let _ = write!(out, "{v}");
        }
        Expr::Var { arr, idx } => {
            let _ = write!(out, "(Read w8 {idx} {})", array_name(pool, arr));
        }
        Expr::Bin { op, w, a, b } => {
            let _ = write!(out, "({} w{w} ", bin_name(op));
            write_expr(pool, a, false, out);
            out.push(' ');
            write_expr(pool, b, false, out);
            out.push(')');
        }
        Expr::Cmp { op, a, b } => {
            // The first operand carries the width when both are constants.
            let both_const = matches!(pool.get(a), Expr::Const { .. }) && matches!(pool.get(b), Expr::Const { .. });
            let _ = write!(out, "({} ", cmp_name(op));
            write_expr(pool, a, both_const, out);
            out.push(' ');
            write_expr(pool, b, false, out);
            out.push(')');
        }
        Expr::Not { w: 1, a } => {
            out.push_str("(Eq false ");
            write_expr(pool, a, false, out);
            out.push(')');
        }
        Expr::Not { w, a } => {
            let _ = write!(out, "(Not w{w} ");
            write_expr(pool, a, false, out);
            out.push(')');
        }
        Expr::Ite { w, c, t, e } => {
            let _ = write!(out, "(Select w{w} ");
            write_expr(pool, c, false, out);
            out.push(' ');
            write_expr(pool, t, false, out);
            out.push(' ');
            write_expr(pool, e, false, out);
            out.push(')');
        }
        Expr::Extract { w, a, lo } => {
            let _ = write!(out, "(Extract w{w} {lo} ");
            write_expr(pool, a, true, out);
            out.push(')');
        }
        Expr::Concat { w, hi, lo } => {
            let _ = write!(out, "(Concat w{w} ");
            write_expr(pool, hi, true, out);
            out.push(' ');
            write_expr(pool, lo, true, out);
            out.push(')');
        }
        Expr::ZExt { w, a } | Expr::SExt { w, a } => {
            let name = if matches!(pool.get(e), Expr::ZExt { .. }) { "ZExt" } else { "SExt" };
            let _ = write!(out, "({name} w{w} ");
            write_expr(pool, a, true, out);
            out.push(')');
        }
    }
}

/// The KQuery name of an array: its object name where that is an
/// identifier KQuery can read, else `arrN`.
pub(crate) fn array_name(pool: &ExprPool, a: ArrayId) -> String {
    let name = &pool.array(a).name;
    let ok = !name.is_empty()
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    if ok {
        name.clone()
    } else {
        format!("arr{}", a.0)
    }
}

/// One expression in KQuery's syntax.
pub(crate) fn expr_text(pool: &ExprPool, e: ExprId) -> String {
    let mut s = String::new();
    write_expr(pool, e, true, &mut s);
    s
}

/// A query over the constraints `cs` asking whether `false` follows
/// (KLEE's form of a path condition), with the declarations of `arrays`.
pub(crate) fn query_text(pool: &ExprPool, arrays: &[ArrayId], cs: &[ExprId]) -> String {
    valid_text(pool, arrays, cs, ExprPool::FALSE)
}

/// A query asking whether `q` follows from the constraints `cs`, with the
/// declarations of the arrays they mention.
pub(crate) fn validity_text(pool: &ExprPool, cs: &[ExprId], q: ExprId) -> String {
    let mut roots = cs.to_vec();
    roots.push(q);
    let mut arrays: Vec<ArrayId> = pool.vars_of(&roots).into_iter().map(|(a, _)| a).collect();
    arrays.dedup();
    valid_text(pool, &arrays, cs, q)
}

fn valid_text(pool: &ExprPool, arrays: &[ArrayId], cs: &[ExprId], q: ExprId) -> String {
    let mut out = String::new();
    for &a in arrays {
        let info = pool.array(a);
        let _ = writeln!(out, "array {}[{}] : w32 -> w8 = symbolic", array_name(pool, a), info.size);
    }
    out.push_str("(query [");
    for (i, &c) in cs.iter().enumerate() {
        if i > 0 {
            out.push_str("\n         ");
        }
        write_expr(pool, c, false, &mut out);
    }
    out.push_str("]\n        ");
    write_expr(pool, q, false, &mut out);
    out.push_str(")\n");
    out
}
