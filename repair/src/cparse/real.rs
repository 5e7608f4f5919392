//! Conditions over floating-point values (`if (score >= 90.0)`).
//!
//! Such a hole takes `double` arguments: the `float`/`double` variables
//! (and the integer ones) the condition reads, the floating-point
//! variables around it, and the constants — the condition's own numeric
//! literals and the program's floating-point literals — as arguments too,
//! so that its language needs no constants of its own: comparisons
//! between arguments joined by `&&`/`||` (`LangSpec::Real`). A constant
//! reads as its literal in the patch.

use super::{reads, text, Decl, Var};
use tree_sitter::Node;

/// Arguments of a floating-point hole (variables and constants).
pub(super) const MAX_ARGS: usize = 10;

/// `float` or `double` (not `long double`).
pub(super) fn float_like(ty: Node, src: &str) -> bool {
    ty.kind() == "primitive_type" && matches!(text(ty, src), "float" | "double")
}

fn float_literal(n: Node, src: &str) -> bool {
    let t = text(n, src);
    n.kind() == "number_literal"
        && !t.starts_with("0x")
        && !t.starts_with("0X")
        && (t.contains('.') || t.contains(['e', 'E']))
}

fn literals<'t>(n: Node<'t>, src: &str, only_float: bool, out: &mut Vec<String>) {
    if n.kind() == "number_literal" {
        if !only_float || float_literal(n, src) {
            let t = text(n, src).to_string();
            if !out.contains(&t) {
                out.push(t);
            }
        }
        return;
    }
    let mut c = n.walk();
    for ch in n.named_children(&mut c) {
        literals(ch, src, only_float, out);
    }
}

fn real_scalar(d: &Decl) -> bool {
    d.real && !d.pointer && d.array.is_none()
}

/// Whether the condition `expr` compares floating-point values: it reads
/// a `float`/`double` variable or has a floating-point literal.
pub(super) fn is_real(expr: Node, src: &str, scope: &[Decl]) -> bool {
    let mut ids = Vec::new();
    reads(expr, src, &mut ids, &mut Vec::new());
    if ids.iter().any(|u| scope.iter().find(|d| d.name == *u).is_some_and(real_scalar)) {
        return true;
    }
    let mut lits = Vec::new();
    literals(expr, src, true, &mut lits);
    !lits.is_empty()
}

/// The hole's arguments: what the condition reads (variables, then its
/// literals), then the floating-point variables around it and in scope,
/// then the program's floating-point literals; how many the condition
/// reads.
pub(super) fn choose_vars(scope: &[Decl], expr: Node, context: &[Node], src: &str, max: usize) -> (Vec<Var>, usize) {
    let mut out: Vec<Var> = Vec::new();
    let push = |out: &mut Vec<Var>, name: &str, decl: usize| {
        if out.len() < max && !out.iter().any(|x| x.name == name) {
            out.push(Var { name: name.to_string(), pointer: false, real: true, form: super::Form::Plain, decl });
        }
    };
    let find = |name: &str| scope.iter().find(|d| d.name == name);
    let mut ids = Vec::new();
    reads(expr, src, &mut ids, &mut Vec::new());
    for u in &ids {
        if let Some(d) = find(u).filter(|d| real_scalar(d) || d.int_scalar()) {
            push(&mut out, &d.name, d.at);
        }
    }
    let mut own = Vec::new();
    literals(expr, src, false, &mut own);
    for l in &own {
        push(&mut out, l, usize::MAX);
    }
    let used = out.len();
    for &ctx in context {
        let mut ids = Vec::new();
        reads(ctx, src, &mut ids, &mut Vec::new());
        for u in &ids {
            if let Some(d) = find(u).filter(|d| real_scalar(d)) {
                push(&mut out, &d.name, d.at);
            }
        }
    }
    for d in scope.iter().filter(|d| real_scalar(d)) {
        push(&mut out, &d.name, d.at);
    }
    let mut root = expr;
    while let Some(p) = root.parent() {
        root = p;
    }
    let mut program = Vec::new();
    literals(root, src, true, &mut program);
    for l in &program {
        push(&mut out, l, usize::MAX);
    }
    (out, used)
}
