//! C expressions as terms of the hole's language: the original
//! expression of a site (the preferred interpretation, for minimal
//! change), and the integer constants a source writes or names
//! (literals, enumerators).

use super::{parse, parse_view, step_of, text, Form, Schema, Site, Var};
use klee_ext::so::{Op, Sort, Term};
use std::collections::HashMap;
use tree_sitter::Node;

/// The integer constants written in `src` (number and character literals).
pub fn constants(src: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let Ok(tree) = parse(src) else { return out };
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
        if let Some((Term::Int(v), _)) = term_of(n, src, &Cx { vars: &[], macros: &HashMap::new() })
            .filter(|_| matches!(n.kind(), "number_literal" | "char_literal"))
        {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The enumeration constants defined in `src` with their values (C11
/// 6.7.2.2: the first is 0 unless given, each next one more than the one
/// before). A value that is not a literal or an earlier constant ends its
/// list: the constants after it are left out.
pub fn enumerators(src: &str) -> Vec<(String, i64)> {
    let mut out: Vec<(String, i64)> = Vec::new();
    let Ok(tree) = parse(src) else { return out };
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        if n.kind() != "enumerator_list" {
            stack.extend(n.named_children(&mut c));
            continue;
        }
        let mut next = 0i64;
        for e in n.named_children(&mut c).filter(|e| e.kind() == "enumerator") {
            let Some(name) = e.child_by_field_name("name") else { break };
            let value = match e.child_by_field_name("value") {
                None => Some(next),
                Some(v) => {
                    let known: HashMap<String, i64> = out.iter().cloned().collect();
                    match term_of(v, src, &Cx { vars: &[], macros: &known }) {
                        Some((Term::Int(k), _)) => Some(k),
                        Some((Term::App(Op::Neg, a), _)) => match a.as_slice() {
                            [Term::Int(k)] => Some(-k),
                            _ => None,
                        },
                        _ => None,
                    }
                }
            };
            let Some(v) = value else { break };
            out.push((text(name, src).to_string(), v));
            next = v.wrapping_add(1);
        }
    }
    out
}

/// The original expression as a term over the site's variables, when it
/// is one (used as the preferred interpretation: minimal change). A guard's
/// original is `true` (the statement always runs). `macros` gives the
/// values of the constant macros the expression may name.
pub fn original_term(src: &str, site: &Site, macros: &HashMap<String, i64>) -> Option<Term> {
    match site.schema {
        Schema::Guard => return Some(Term::Bool(true)),
        // The new statement is not there: its condition is false.
        s if s.inserts() => return Some(Term::Bool(false)),
        Schema::Step => return Some(Term::Int(step_of(&site.original))),
        _ => {}
    }
    // A condition passed whole is its own value.
    if site.passed_whole() {
        return Some(match site.schema.sort() {
            Sort::Bool => Term::App(Op::Ne, vec![Term::Var(0), Term::Int(0)]),
            Sort::Int => Term::Var(0),
        });
    }
    let (tree, view) = parse_view(src).ok()?;
    let src: &str = &view;
    let node = tree.root_node().descendant_for_byte_range(site.range.start, site.range.end)?;
    let mut node = node;
    while node.byte_range() != site.range {
        node = node.parent()?;
    }
    let t = to_term(node, src, &Cx { vars: &site.vars, macros }, site.schema.sort())?;
    // A floating-point condition's arguments are order-preserving keys of
    // the values: only comparisons of them mean what the C does
    // (`i / i == 1` over `double i` is no term).
    if site.real && !klee_ext::so::edit::in_comparisons(&t, site.vars.len(), usize::MAX) {
        return None;
    }
    Some(t)
}

fn coerce(t: Term, from: Sort, want: Sort) -> Term {
    match (from, want) {
        (Sort::Int, Sort::Bool) => Term::App(Op::Ne, vec![t, Term::Int(0)]),
        (Sort::Bool, Sort::Int) => Term::App(Op::Ite, vec![t, Term::Int(1), Term::Int(0)]),
        _ => t,
    }
}

/// What a term may name: the site's variables, and macro constants.
struct Cx<'a> {
    vars: &'a [Var],
    macros: &'a HashMap<String, i64>,
}

fn to_term(n: Node, src: &str, cx: &Cx, want: Sort) -> Option<Term> {
    let (t, sort) = term_of(n, src, cx)?;
    Some(coerce(t, sort, want))
}

fn term_of(n: Node, src: &str, cx: &Cx) -> Option<(Term, Sort)> {
    let s = text(n, src);
    // A captured sub-expression is its operand.
    if let Some(i) = cx.vars.iter().position(|v| {
        matches!(v.form, Form::Captured(_))
            && (v.name == s || v.name.len() == s.len() + 2 && v.name[1..v.name.len() - 1] == *s)
    }) {
        return Some((Term::Var(i), Sort::Int));
    }
    if matches!(n.kind(), "subscript_expression" | "field_expression" | "pointer_expression") {
        if let Some(i) = cx.vars.iter().position(|v| v.name == s && !v.pointer) {
            return Some((Term::Var(i), Sort::Int));
        }
    }
    match n.kind() {
        "parenthesized_expression" => term_of(n.named_child(0)?, src, cx),
        // A floating-point condition's constants are its arguments.
        "number_literal" if cx.vars.iter().any(|v| v.real && v.name == s) => {
            Some((Term::Var(cx.vars.iter().position(|v| v.real && v.name == s)?), Sort::Int))
        }
        "number_literal" => {
            let digits = s.trim_end_matches(['u', 'U', 'l', 'L']);
            let v = if let Some(h) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                i64::from_str_radix(h, 16).ok()?
            } else {
                digits.parse::<i64>().ok()?
            };
            Some((Term::Int(v), Sort::Int))
        }
        "char_literal" => {
            let inner = s.strip_prefix('\'')?.strip_suffix('\'')?;
            let mut cs = inner.chars();
            match (cs.next()?, cs.next()) {
                (c, None) if c != '\\' => Some((Term::Int(c as i64), Sort::Int)),
                _ => None,
            }
        }
        "true" => Some((Term::Bool(true), Sort::Bool)),
        "false" => Some((Term::Bool(false), Sort::Bool)),
        // The null pointer constant (`NULL`, `nullptr`).
        "null" => Some((Term::Int(0), Sort::Int)),
        "identifier" if s == "NULL" && !cx.vars.iter().any(|v| v.name == s) => Some((Term::Int(0), Sort::Int)),
        "identifier" if !cx.vars.iter().any(|v| v.name == s) => cx.macros.get(s).map(|v| (Term::Int(*v), Sort::Int)),
        "identifier" => {
            let i = cx.vars.iter().position(|v| v.name == s)?;
            // A pointer arrives as `p != 0` (0 or 1).
            Some((Term::Var(i), Sort::Int))
        }
        "unary_expression" => {
            let op = text(n.child_by_field_name("operator")?, src);
            let a = n.child_by_field_name("argument")?;
            match op {
                "!" => Some((Term::App(Op::Not, vec![to_term(a, src, cx, Sort::Bool)?]), Sort::Bool)),
                "-" => match to_term(a, src, cx, Sort::Int)? {
                    Term::Int(v) => Some((Term::Int(-v), Sort::Int)),
                    t => Some((Term::App(Op::Sub, vec![Term::Int(0), t]), Sort::Int)),
                },
                "+" => term_of(a, src, cx),
                _ => None,
            }
        }
        "binary_expression" => {
            let op = text(n.child_by_field_name("operator")?, src);
            let l = n.child_by_field_name("left")?;
            let r = n.child_by_field_name("right")?;
            let int2 = |o: Op| -> Option<(Term, Sort)> {
                let args = vec![to_term(l, src, cx, Sort::Int)?, to_term(r, src, cx, Sort::Int)?];
                Some((Term::App(o, args), if o.result() == Sort::Int { Sort::Int } else { Sort::Bool }))
            };
            match op {
                "+" => int2(Op::Add),
                "-" => int2(Op::Sub),
                "*" => int2(Op::Mul),
                "/" => int2(Op::Div),
                "%" => int2(Op::Mod),
                ">" => int2(Op::Gt),
                ">=" => int2(Op::Ge),
                "<" => int2(Op::Lt),
                "<=" => int2(Op::Le),
                "==" => int2(Op::Eq),
                "!=" => int2(Op::Ne),
                "&&" | "||" => {
                    let o = if op == "&&" { Op::And } else { Op::Or };
                    Some((
                        Term::App(o, vec![to_term(l, src, cx, Sort::Bool)?, to_term(r, src, cx, Sort::Bool)?]),
                        Sort::Bool,
                    ))
                }
                _ => None,
            }
        }
        "conditional_expression" => {
            let c = to_term(n.child_by_field_name("condition")?, src, cx, Sort::Bool)?;
            let a = to_term(n.child_by_field_name("consequence")?, src, cx, Sort::Int)?;
            let b = to_term(n.child_by_field_name("alternative")?, src, cx, Sort::Int)?;
            Some((Term::App(Op::Ite, vec![c, a, b]), Sort::Int))
        }
        _ => None,
    }
}
