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
            let opaque = has_side_effects(expr);
            if schema != Schema::Guard && schema != Schema::Step && opaque && schema != Schema::Condition {
                return;
            }
            let opaque = opaque && schema == Schema::Condition;
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
                    pointer: true,
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
                choose_vars(&scope, expr, &context_of(expr), src, max_vars, schema != Schema::Guard)
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
            });
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
                    if returns_int(n, src) && int_expr(e, src, &in_scope(e, src)) {
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
        if guardable
            && n.parent().is_some_and(|p| p.kind() == "compound_statement")
            && n.named_child_count() + usize::from(n.kind() != "expression_statement") > 0
        {
            add(Schema::Guard, n, n, true);
        }
    }
    out.sort_by_key(|s| (s.stmt.start, s.schema, s.range.start));
    Ok(out)
}
