//! SMT-LIB2 rendering of queries, for `--dump-queries` and bug reports.
//! The text is produced from our own expressions, independent of Z3.

use crate::expr::{BinOp, CmpOp, Expr, ExprId, ExprPool};
use std::fmt::Write;

/// `(set-logic QF_BV)`, declarations of every symbolic byte, one assert per
/// constraint and for the query, then `(check-sat)`.
pub fn render(pool: &ExprPool, constraints: &[ExprId], query: ExprId) -> String {
    let mut roots = constraints.to_vec();
    if query != ExprPool::TRUE {
        roots.push(query);
    }
    let mut out = String::from("(set-logic QF_BV)\n");
    for (arr, idx) in pool.vars_of(&roots) {
        let _ = writeln!(out, "(declare-fun {} () (_ BitVec 8))", var_name(pool, arr.0, idx));
    }
    for r in roots {
        let _ = writeln!(out, "(assert {})", boolean(pool, r));
    }
    out.push_str("(check-sat)\n");
    out
}

fn var_name(pool: &ExprPool, arr: u32, idx: u32) -> String {
    let name: String = pool
        .array(crate::expr::ArrayId(arr))
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("{name}_{arr}_{idx}")
}

fn boolean(pool: &ExprPool, e: ExprId) -> String {
    match *pool.get(e) {
        Expr::Const { v, .. } => (if v != 0 { "true" } else { "false" }).into(),
        Expr::Cmp { op, a, b } => {
            let f = match op {
                CmpOp::Eq => "=",
                CmpOp::Ult => "bvult",
                CmpOp::Ule => "bvule",
                CmpOp::Slt => "bvslt",
                CmpOp::Sle => "bvsle",
            };
            format!("({f} {} {})", bv(pool, a), bv(pool, b))
        }
        Expr::Bin { w: 1, op: op @ (BinOp::And | BinOp::Or | BinOp::Xor), a, b } => {
            let f = match op {
                BinOp::And => "and",
                BinOp::Or => "or",
                _ => "xor",
            };
            format!("({f} {} {})", boolean(pool, a), boolean(pool, b))
        }
        Expr::Not { w: 1, a } => format!("(not {})", boolean(pool, a)),
        Expr::Ite { w: 1, c, t, e } => format!("(ite {} {} {})", boolean(pool, c), boolean(pool, t), boolean(pool, e)),
        _ => format!("(= {} #b1)", bv(pool, e)),
    }
}

fn bv(pool: &ExprPool, e: ExprId) -> String {
    let node = pool.get(e);
    match *node {
        Expr::Const { w, v } => format!("(_ bv{v} {w})"),
        Expr::Var { arr, idx } => var_name(pool, arr.0, idx),
        Expr::Cmp { .. }
        | Expr::Bin { w: 1, op: BinOp::And | BinOp::Or | BinOp::Xor, .. }
        | Expr::Not { w: 1, .. }
        | Expr::Ite { w: 1, .. } => {
            format!("(ite {} #b1 #b0)", boolean(pool, e))
        }
        Expr::Bin { op, a, b, .. } => {
            let f = match op {
                BinOp::Add => "bvadd",
                BinOp::Sub => "bvsub",
                BinOp::Mul => "bvmul",
                BinOp::UDiv => "bvudiv",
                BinOp::SDiv => "bvsdiv",
                BinOp::URem => "bvurem",
                BinOp::SRem => "bvsrem",
                BinOp::And => "bvand",
                BinOp::Or => "bvor",
                BinOp::Xor => "bvxor",
                BinOp::Shl => "bvshl",
                BinOp::LShr => "bvlshr",
                BinOp::AShr => "bvashr",
            };
            format!("({f} {} {})", bv(pool, a), bv(pool, b))
        }
        Expr::Not { a, .. } => format!("(bvnot {})", bv(pool, a)),
        Expr::Ite { c, t, e, .. } => format!("(ite {} {} {})", boolean(pool, c), bv(pool, t), bv(pool, e)),
        Expr::Extract { w, a, lo } => format!("((_ extract {} {lo}) {})", lo + w - 1, bv(pool, a)),
        Expr::Concat { hi, lo, .. } => format!("(concat {} {})", bv(pool, hi), bv(pool, lo)),
        Expr::ZExt { w, a } => format!("((_ zero_extend {}) {})", w - pool.width(a), bv(pool, a)),
        Expr::SExt { w, a } => format!("((_ sign_extend {}) {})", w - pool.width(a), bv(pool, a)),
    }
}
