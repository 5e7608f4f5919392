//! The search of a source for the schemas' sites: conditions, right-hand
//! sides and compound assignments, returns, call arguments, array indices,
//! `i++` steps and statements a guard could skip, each with the variables
//! its hole may read.

use super::*;

/// Every site of every schema in `src`, with up to `max_vars` variables.
pub fn sites(src: &str, max_vars: usize) -> Result<Vec<Site>, String> {
    let (tree, view) = parse_view(src)?;
    let src: &str = &view;
    let mut out = Vec::new();
    // How each function uses its variables, read once per function.
    let mut uses_of: std::collections::HashMap<usize, uses::Uses> = std::collections::HashMap::new();
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
        if n.has_error() && n.kind() != "translation_unit" {
            continue;
        }
        if enclosing_function(n).is_none() {
            continue;
        }
        // The statement a node belongs to (its location for localization).
        let mut add = |schema: Schema, expr: Node, stmt: Node, whole_stmt_lines: bool| {
            // A hole cannot redo a call or an assignment the expression
            // makes; a condition that does is passed whole, evaluated
            // once as the original is (`desc != 0 && (original)`).
            // A value with a call (`x = f(y);`, `return g(x);`) is passed
            // whole too: its hole reads the value the original computes.
            let opaque = has_side_effects(expr);
            let statement = schema == Schema::Guard || schema.inserts();
            let whole_value = opaque && matches!(schema, Schema::Assignment | Schema::Return);
            if !statement && schema != Schema::Step && opaque && schema != Schema::Condition && !whole_value {
                return false;
            }
            let opaque = opaque && (schema == Schema::Condition || whole_value);
            let scope = in_scope(expr, src);
            let real = !opaque && schema == Schema::Condition && real::is_real(expr, src, &scope);
            // A guard runs before its statement: it may not read what the
            // statement dereferences.
            let (vars, used) = if opaque {
                // The condition's value, then the integer variables the
                // function's other conditions read, closest first (a
                // sibling's test is the likeliest to be missing here),
                // then the closest declarations.
                let mut vars = vec![Var {
                    name: format!("({})", text(expr, src)),
                    pointer: schema == Schema::Condition,
                    real: false,
                    form: Form::Whole,
                    decl: expr.start_byte(),
                }];
                let mut names: Vec<String> = Vec::new();
                for c in other_conditions(expr) {
                    let mut ids = Vec::new();
                    reads(c, src, &mut ids, &mut Vec::new());
                    names.extend(ids);
                }
                names.extend(scope.iter().map(|d| d.name.clone()));
                for n in names {
                    if let Some(d) = scope.iter().find(|d| d.name == n && d.int_scalar()) {
                        if vars.len() < max_vars.max(1) && !vars.iter().any(|v| v.name == d.name) {
                            vars.push(Var {
                                name: d.name.clone(),
                                pointer: false,
                                real: false,
                                form: Form::Plain,
                                decl: d.at,
                            });
                        }
                    }
                }
                (vars, 1)
            } else if real {
                real::choose_vars(&scope, expr, &context_of(expr), src, real::MAX_ARGS)
            } else {
                let f = enclosing_function(expr).map_or(0, |f| f.start_byte());
                let uses = uses_of.entry(f).or_insert_with(|| uses::Uses::around(expr, src));
                choose_vars(&scope, expr, &context_of(expr), src, max_vars, !statement, uses)
            };
            let lines = if whole_stmt_lines {
                row(stmt.start_byte(), src)..row(stmt.end_byte(), src) + 1
            } else {
                row(expr.start_byte(), src)..row(expr.end_byte(), src) + 1
            };
            out.push(Site {
                schema,
                stmt: stmt.byte_range(),
                lines,
                range: expr.byte_range(),
                original: text(expr, src).to_string(),
                function: function_name(n, src),
                vars,
                used,
                real,
                inserted: String::new(),
                indent: String::new(),
            });
            true
        };
        match n.kind() {
            "if_statement" | "while_statement" | "do_statement" => {
                if let Some(cond) = n.child_by_field_name("condition") {
                    add(Schema::Condition, unparen(cond), n, false);
                }
            }
            "for_statement" => {
                if let Some(cond) = n.child_by_field_name("condition") {
                    add(Schema::Condition, cond, n, false);
                }
            }
            "assignment_expression" => {
                let (l, r) = (n.child_by_field_name("left"), n.child_by_field_name("right"));
                let op = n.child_by_field_name("operator").map(|o| text(o, src)).unwrap_or("=");
                if let (Some(l), Some(r)) = (l, r) {
                    let scope = in_scope(n, src);
                    if int_expr(l, src, &scope)
                        && matches!(op, "=" | "+=" | "-=" | "*=")
                        && n.parent().is_some_and(|p| p.kind() == "expression_statement")
                    {
                        add(Schema::Assignment, r, stmt_of(n), true);
                    }
                }
            }
            "update_expression" => {
                // `i++` in a statement or a for loop's update.
                let arg = n.child_by_field_name("argument");
                let scope = in_scope(n, src);
                let int_var = arg.is_some_and(|a| a.kind() == "identifier" && int_expr(a, src, &scope));
                let standalone = n.parent().is_some_and(|p| {
                    p.kind() == "expression_statement"
                        || p.kind() == "for_statement"
                            && p.child_by_field_name("update").is_some_and(|u| u.id() == n.id())
                });
                if int_var && standalone {
                    add(Schema::Step, n, stmt_of(n), false);
                }
            }
            "return_statement" => {
                if let Some(e) = n.named_child(0).filter(|e| e.kind() != "comment") {
                    if returns_bool(n, src) {
                        // `return false;` in a `bool` function: a condition.
                        add(Schema::Condition, unparen(e), n, true);
                    } else if returns_int(n, src) && (int_expr(e, src, &in_scope(e, src)) || has_side_effects(e)) {
                        add(Schema::Return, e, n, true);
                    }
                }
            }
            "call_expression" => {
                if let Some(args) = n.child_by_field_name("arguments") {
                    let scope = in_scope(n, src);
                    let mut c = args.walk();
                    let list: Vec<Node> = args.named_children(&mut c).collect();
                    for a in list.into_iter().filter(|a| {
                        a.kind() != "number_literal" && a.kind() != "char_literal" && int_expr(*a, src, &scope)
                    }) {
                        add(Schema::Argument, a, stmt_of(n), false);
                    }
                }
            }
            "subscript_expression" => {
                let scope = in_scope(n, src);
                if let Some(i) =
                    n.child_by_field_name("index").filter(|i| i.kind() != "number_literal" && int_expr(*i, src, &scope))
                {
                    add(Schema::Index, i, stmt_of(n), false);
                }
            }
            "declaration" if n.parent().is_some_and(|p| p.kind() == "compound_statement") => {
                let int_ty = n.child_by_field_name("type").is_some_and(|t| int_like(t, src));
                let mut c = n.walk();
                let decls: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
                for d in decls.into_iter().filter(|d| d.kind() == "init_declarator") {
                    let plain = d.child_by_field_name("declarator").is_some_and(|x| x.kind() == "identifier");
                    if let (true, true, Some(v)) =
                        (int_ty, plain, d.child_by_field_name("value").filter(|v| v.kind() != "initializer_list"))
                    {
                        add(Schema::Assignment, v, n, true);
                    }
                }
            }
            _ => {}
        }
        let guardable =
            matches!(n.kind(), "expression_statement" | "return_statement" | "break_statement" | "continue_statement");
        let in_block = n.parent().is_some_and(|p| p.kind() == "compound_statement");
        if guardable && in_block && n.named_child_count() + usize::from(n.kind() != "expression_statement") > 0 {
            add(Schema::Guard, n, n, true);
        }
        let inserts = if in_block { insertions(n, src) } else { Vec::new() };
        let added = inserts.iter().filter(|(schema, _)| add(*schema, n, n, true)).count();
        if added == inserts.len() {
            let before = out.len() - added;
            let line_start = src[..n.start_byte()].rfind('\n').map_or(0, |i| i + 1);
            let indent: String = src[line_start..n.start_byte()].chars().take_while(|c| c.is_whitespace()).collect();
            for (site, (_, stmt)) in out[before..].iter_mut().zip(inserts) {
                site.inserted = stmt;
                site.indent = indent.clone();
            }
        }
    }
    out.sort_by_key(|s| (s.stmt.start, s.schema, s.range.start));
    Ok(out)
}

/// The statements a schema may insert before statement `n` under a new
/// condition: `return E;` for each value the function already returns
/// as a constant (at most two; `return;` in a `void` function), `break;`
/// and `continue;` inside a loop, and the first call by which the
/// function (or else the file) exits or reports an error, when its
/// arguments name no local variable.
fn insertions(n: Node, src: &str) -> Vec<(Schema, String)> {
    const STATEMENTS: [&str; 9] = [
        "expression_statement",
        "return_statement",
        "if_statement",
        "for_statement",
        "while_statement",
        "do_statement",
        "break_statement",
        "continue_statement",
        "switch_statement",
    ];
    let Some(f) = enclosing_function(n) else { return Vec::new() };
    if !STATEMENTS.contains(&n.kind()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let void = f.child_by_field_name("type").is_some_and(|t| text(t, src) == "void")
        && f.child_by_field_name("declarator").is_some_and(|d| d.kind() == "function_declarator");
    if void {
        out.push((Schema::ReturnIf, "return;".to_string()));
    } else {
        let mut values: Vec<(String, usize)> = Vec::new();
        each_node(f, &mut |m| {
            if m.kind() != "return_statement" {
                return;
            }
            if let Some(e) = m.named_child(0).filter(|e| constant_like(*e, src)) {
                let t = text(e, src).to_string();
                match values.iter_mut().find(|(v, _)| *v == t) {
                    Some(e) => e.1 += 1,
                    None => values.push((t, 1)),
                }
            }
        });
        values.sort_by_key(|(_, k)| std::cmp::Reverse(*k));
        out.extend(values.into_iter().take(2).map(|(v, _)| (Schema::ReturnIf, format!("return {v};"))));
    }
    // The innermost loop or switch around `n`, within the function.
    let mut cur = n.parent();
    let mut inner = None;
    while let Some(c) = cur.filter(|c| c.id() != f.id()) {
        if matches!(c.kind(), "for_statement" | "while_statement" | "do_statement" | "switch_statement") {
            inner = Some(c.kind());
            break;
        }
        cur = c.parent();
    }
    if inner.is_some_and(|k| k != "switch_statement") {
        out.push((Schema::BreakIf, "break;".into()));
        out.push((Schema::ContinueIf, "continue;".into()));
    }
    let root = {
        let mut r = f;
        while let Some(p) = r.parent() {
            r = p;
        }
        r
    };
    if let Some(call) = exit_call(f, src).or_else(|| exit_call(root, src)) {
        out.push((Schema::ExitIf, format!("{{ {call} }}")));
    }
    out
}

/// Every node under `n`, in order.
fn each_node<'t>(n: Node<'t>, visit: &mut dyn FnMut(Node<'t>)) {
    visit(n);
    let mut c = n.walk();
    let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
    for k in kids {
        each_node(k, visit);
    }
}

/// A returned value that means the same anywhere in the function: a
/// literal, its negation, or a name in capitals (a macro or an
/// enumerator).
fn constant_like(e: Node, src: &str) -> bool {
    match e.kind() {
        "number_literal" | "char_literal" | "true" | "false" | "null" => true,
        "identifier" => {
            let t = text(e, src);
            t.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        }
        "unary_expression" => e.child_by_field_name("argument").is_some_and(|a| constant_like(a, src)),
        "parenthesized_expression" => e.named_child(0).is_some_and(|a| constant_like(a, src)),
        _ => false,
    }
}

/// The first statement under `n` that calls `exit`, `error`, `abort`,
/// `usage` (or `err`/`errx`) with arguments that name no local variable:
/// literals, strings, names in capitals, `_ (…)` and the standard streams.
fn exit_call(n: Node, src: &str) -> Option<String> {
    const CALLS: [&str; 7] = ["exit", "error", "abort", "usage", "err", "errx", "_exit"];
    let mut found = None;
    each_node(n, &mut |m| {
        if found.is_some() || m.kind() != "expression_statement" {
            return;
        }
        let Some(call) = m.named_child(0).filter(|c| c.kind() == "call_expression") else { return };
        let name = call.child_by_field_name("function").map(|f| text(f, src)).unwrap_or("");
        if !CALLS.contains(&name) {
            return;
        }
        let mut plain = true;
        if let Some(args) = call.child_by_field_name("arguments") {
            each_node(args, &mut |a| {
                if a.kind() == "identifier" {
                    let t = text(a, src);
                    let caps = t.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
                    plain &= caps || matches!(t, "_" | "stderr" | "stdout" | "errno" | "program_name");
                }
            });
        }
        if plain {
            found = Some(text(m, src).to_string());
        }
    });
    found
}
