//! The hole's arguments at a site: what the original reads, the
//! lvalues and pointer-comparison flags beside it, then what its context
//! reads, then the function's inputs and the closest declarations.

use super::*;

/// The hole's arguments: what the expression reads (its integer variables
/// and lvalues; for `r2[j]` also `r1[j]` of every array declared alike),
/// then the integer variables the enclosing statement and the conditions
/// around it read, then the closest declarations, up to `max`.
pub(super) fn choose_vars(
    scope: &[Decl], used_in: Node, context: &[Node], src: &str, max: usize, lvalues_ok: bool, uses: &uses::Uses,
) -> (Vec<Var>, usize) {
    let mut out: Vec<Var> = Vec::new();
    let push = |out: &mut Vec<Var>, v: Var| {
        if out.len() < max && !out.iter().any(|x| x.name == v.name) {
            out.push(v);
        }
    };
    let find = |name: &str| scope.iter().find(|d| d.name == name);
    let mut ids = Vec::new();
    let mut lvalues = Vec::new();
    reads(used_in, src, &mut ids, &mut lvalues);
    for u in &ids {
        if let Some(d) = find(u).filter(|d| d.scalar()) {
            push(
                &mut out,
                Var { name: d.name.clone(), pointer: d.pointer, real: false, form: Form::Plain, decl: d.at },
            );
        }
    }
    // The base variable of an lvalue (`a` of `a[i]`, `p` of `*p`).
    let base = |lv: Node| {
        let b = lv.child_by_field_name("argument").filter(|a| a.kind() == "identifier");
        b.and_then(|b| find(text(b, src)))
    };
    for lv in lvalues.iter().filter(|_| lvalues_ok) {
        // Integer elements only (fields: their type is the expression's).
        let int = match lv.kind() {
            "field_expression" => true,
            _ => base(*lv).is_some_and(|d| d.int_elements()),
        };
        if !int {
            continue;
        }
        push(&mut out, Var::lvalue(text(*lv, src), lv.start_byte(), through_memory(*lv, src)));
        // The same element of the other arrays declared alike.
        if lv.kind() == "subscript_expression" {
            let arr = lv.child_by_field_name("argument").filter(|a| a.kind() == "identifier").map(|a| text(a, src));
            let idx = lv.child_by_field_name("index").map(|i| text(i, src));
            if let (Some(d), Some(idx)) = (arr.and_then(find), idx) {
                // Arrays of the same dimensions, or pointers to the same
                // kind of element (`dir[n]` beside `path[n]`), in the
                // order they were declared.
                let alike = |o: &&Decl| {
                    o.name != d.name
                        && o.int == d.int
                        && o.array == d.array
                        && o.pointer == d.pointer
                        && (o.array.is_some() || o.pointer && o.levels == d.levels)
                };
                let mut others: Vec<&Decl> = scope.iter().filter(alike).collect();
                others.sort_by_key(|o| o.at);
                for other in others {
                    push(&mut out, Var::lvalue(&format!("{}[{idx}]", other.name), other.at, true));
                }
            }
        }
    }
    let n_used = out.len();
    // A pointer the original reads, compared with a pointer of the same
    // kind that the context reads (`next_beg == buflim`): a flag.
    // What each context node reads, once.
    let ctx_reads: Vec<(Vec<String>, Vec<Node>)> = context
        .iter()
        .map(|ctx| {
            let (mut ids, mut lvs) = (Vec::new(), Vec::new());
            reads(*ctx, src, &mut ids, &mut lvs);
            (ids, lvs)
        })
        .collect();
    let ptrs: Vec<&Decl> = ids
        .iter()
        .filter_map(|u| find(u))
        .filter(|d| d.pointer && d.array.is_none() && compared_as_pointer(used_in, src, &d.name))
        .collect();
    for (cids, _) in &ctx_reads {
        for q in cids.iter().filter_map(|u| find(u)) {
            for p in ptrs.iter().filter(|p| {
                p.name != q.name && q.pointer && q.array.is_none() && q.int == p.int && q.levels == p.levels
            }) {
                let name = format!("({} == {})", p.name, q.name);
                if !out.iter().any(|v| v.name == name || v.name == format!("({} == {})", q.name, p.name)) {
                    push(&mut out, Var { name, pointer: true, real: false, form: Form::Compare, decl: q.at });
                }
            }
        }
    }
    let mut fields = Vec::new();
    for (ids, lvs) in ctx_reads {
        for u in &ids {
            if let Some(d) = find(u).filter(|d| d.scalar() && !d.pointer) {
                push(
                    &mut out,
                    Var { name: d.name.clone(), pointer: false, real: false, form: Form::Plain, decl: d.at },
                );
            }
        }
        // Fields the context tests as scalars (`!e->todo`, `p->n > 0`),
        // after its variables.
        fields
            .extend(lvs.into_iter().filter(|lv| lvalues_ok && lv.kind() == "field_expression" && scalar_use(*lv, src)));
    }
    for f in fields {
        push(&mut out, Var::lvalue(text(f, src), f.start_byte(), through_memory(f, src)));
    }
    // Pointers only where the original uses them (as `p != 0`). The
    // function's inputs first, then the closest declarations; no local
    // that holds one constant.
    let mut rest: Vec<&Decl> = scope.iter().filter(|d| d.scalar() && !d.pointer && !uses.constant(d)).collect();
    rest.sort_by_key(|d| !uses.input(d));
    for d in rest {
        push(&mut out, Var { name: d.name.clone(), pointer: false, real: false, form: Form::Plain, decl: d.at });
    }
    (out, n_used)
}

/// Whether lvalue `n` reads through a pointer or an index (`a[i]`,
/// `*p`, `p->f`, `a[i].f`), not only a variable (`s.f`).
fn through_memory(n: Node, src: &str) -> bool {
    match n.kind() {
        "subscript_expression" | "pointer_expression" => true,
        "field_expression" => {
            n.child_by_field_name("operator").is_some_and(|o| text(o, src) == "->")
                || n.child_by_field_name("argument").is_some_and(|a| through_memory(a, src))
        }
        "parenthesized_expression" => n.named_child(0).is_some_and(|c| through_memory(c, src)),
        _ => false,
    }
}

/// Whether identifier `name` is an operand of `==` or `!=` in `n`.
fn compared_as_pointer(n: Node, src: &str, name: &str) -> bool {
    if n.kind() == "identifier" && text(n, src) == name {
        return n.parent().is_some_and(|p| {
            p.kind() == "binary_expression"
                && p.child_by_field_name("operator").is_some_and(|o| matches!(text(o, src), "==" | "!="))
        });
    }
    let mut c = n.walk();
    let kids: Vec<Node> = n.named_children(&mut c).collect();
    kids.into_iter().any(|k| compared_as_pointer(k, src, name))
}

/// Whether `n` is used as a scalar: an operand of `!`, of a comparison or
/// of arithmetic, or a whole condition.
fn scalar_use(n: Node, src: &str) -> bool {
    let Some(p) = n.parent() else { return false };
    match p.kind() {
        "unary_expression" => p.child_by_field_name("operator").is_some_and(|o| text(o, src) == "!"),
        "binary_expression" => p.child_by_field_name("operator").is_some_and(|o| {
            matches!(text(o, src), "==" | "!=" | "<" | "<=" | ">" | ">=" | "&&" | "||" | "+" | "-" | "*" | "/" | "%")
        }),
        "parenthesized_expression" => {
            p.parent().is_some_and(|g| matches!(g.kind(), "if_statement" | "while_statement" | "do_statement"))
                || scalar_use(p, src)
        }
        _ => false,
    }
}
