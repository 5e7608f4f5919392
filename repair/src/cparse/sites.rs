//! The search of a source for the schemas' sites: conditions, right-hand
//! sides and compound assignments, returns, call arguments, array indices,
//! `i++` steps and statements a guard could skip, each with the variables
//! its hole may read.

use super::*;

/// Every site of every schema in `src`, with up to `max_vars` variables.
pub fn sites(src: &str, max_vars: usize) -> Result<Vec<Site>, String> {
    let (tree, view) = parse_view(src)?;
    let mut f = Finder { src: &view, max_vars, uses_of: std::collections::HashMap::new(), out: Vec::new() };
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
        f.expression_sites(n);
        f.statement_sites(n);
    }
    let mut out = f.out;
    out.sort_by_key(|s| (s.stmt.start, s.schema, s.range.start));
    Ok(out)
}

/// The search of one source for sites.
struct Finder<'s> {
    src: &'s str,
    max_vars: usize,
    /// How each function uses its variables, read once per function (by
    /// the function's start).
    uses_of: std::collections::HashMap<usize, uses::Uses>,
    out: Vec<Site>,
}

/// A hole's variables: the arguments, how many of them the original
/// reads, the statement that captures operands (empty if none), and
/// whether they are `double`s of a floating-point condition.
type HoleVars = (Vec<Var>, usize, String, bool);

impl Finder<'_> {
    /// How the function around `expr` uses its variables.
    fn uses(&mut self, expr: Node) -> &uses::Uses {
        let f = enclosing_function(expr).map_or(0, |f| f.start_byte());
        let src = self.src;
        self.uses_of.entry(f).or_insert_with(|| uses::Uses::around(expr, src))
    }

    /// A site of `schema` at expression `expr` of statement `stmt`, found
    /// at node `n` (its lines: the whole statement's, or the expression's);
    /// whether it is one.
    fn add(&mut self, n: Node, schema: Schema, expr: Node, stmt: Node, whole_stmt_lines: bool) -> bool {
        let Some((vars, used, capture, real)) = self.hole_vars(schema, expr) else { return false };
        let src = self.src;
        let lines = if whole_stmt_lines {
            row(stmt.start_byte(), src)..row(stmt.end_byte(), src) + 1
        } else {
            row(expr.start_byte(), src)..row(expr.end_byte(), src) + 1
        };
        self.out.push(Site {
            schema,
            stmt: stmt.byte_range(),
            lines,
            range: expr.byte_range(),
            original: text(expr, src).to_string(),
            function: function_name(n, src),
            used: used.min(vars.len()),
            vars,
            real,
            inserted: String::new(),
            indent: String::new(),
            capture,
        });
        true
    }

    /// The variables the hole at `expr` may read; `None` where a hole
    /// cannot stand. A hole cannot redo a call or an assignment the
    /// expression makes. Such an expression's calls are captured operands;
    /// with too many, or when the call is the whole expression, a
    /// condition is passed whole, evaluated once as the original is
    /// (`desc != 0 && (original)`), and so is a value (`x = f(y);`,
    /// `return g(x);`): its hole reads the value the original computes.
    fn hole_vars(&mut self, schema: Schema, expr: Node) -> Option<HoleVars> {
        let (src, max_vars) = (self.src, self.max_vars);
        let statement = schema == Schema::Guard || schema.inserts();
        let captured = if matches!(schema, Schema::Condition | Schema::Assignment | Schema::Return) {
            self.captured(expr)
        } else {
            None
        };
        let opaque = has_side_effects(expr) && captured.is_none();
        let whole_value = opaque && matches!(schema, Schema::Assignment | Schema::Return);
        if !statement && schema != Schema::Step && opaque && schema != Schema::Condition && !whole_value {
            return None;
        }
        let opaque = opaque && (schema == Schema::Condition || whole_value);
        let scope = in_scope(expr, src);
        let real = captured.is_none() && !opaque && schema == Schema::Condition && real::is_real(expr, src, &scope);
        Some(if let Some((vars, used, capture)) = captured {
            (vars, used, capture, real)
        } else if opaque {
            (whole_vars(expr, src, &scope, schema, max_vars), 1, String::new(), real)
        } else if real {
            let (vars, used) = real::choose_vars(&scope, expr, &context_of(expr), src, real::MAX_ARGS);
            (vars, used, String::new(), real)
        } else {
            // A guard runs before its statement: it may not read what the
            // statement dereferences. A new `if (…) exit/return` may (`if
            // (*i + 1 >= argc) usage ();` before `(*i)++;`): the hole reads
            // it only where readable.
            let uses = self.uses(expr);
            let (mut vars, used) =
                choose_vars(&scope, expr, &context_of(expr), src, max_vars, schema != Schema::Guard, uses);
            if schema.inserts() {
                let body = enclosing_function(expr).map_or("", |f| text(f, src));
                argument_probes(&scope, body, &mut vars, used, max_vars);
            }
            (vars, used, String::new(), real)
        })
    }

    /// Sub-expressions the language cannot write (calls, casts, bit
    /// operations) become operands of their own, captured as the original
    /// evaluates them: the hole keeps the rest of the expression editable
    /// (`a && !f(x)` -> `a && f(x)`).
    fn captured(&mut self, expr: Node) -> Option<(Vec<Var>, usize, String)> {
        let (src, max_vars) = (self.src, self.max_vars);
        let scope = in_scope(expr, src);
        let atoms = captured_atoms(expr, src, &scope)?;
        let uses = self.uses(expr);
        let (rest, n_used) = choose_vars(&scope, expr, &context_of(expr), src, max_vars, true, uses);
        let (mut vars, capture) = capture(expr, &atoms, src);
        let used = vars.len() + n_used;
        let limit = vars.len() + max_vars;
        for v in rest {
            if vars.len() < limit && !vars.iter().any(|x| x.name == v.name) {
                vars.push(v);
            }
        }
        Some((vars, used, capture))
    }

    /// The expression sites at node `n`: conditions, assignments, steps,
    /// returns, call arguments, array indices, initializers.
    fn expression_sites(&mut self, n: Node) {
        let src = self.src;
        match n.kind() {
            "if_statement" | "while_statement" | "do_statement" => {
                if let Some(cond) = n.child_by_field_name("condition") {
                    self.add(n, Schema::Condition, unparen(cond), n, false);
                }
            }
            "for_statement" => {
                if let Some(cond) = n.child_by_field_name("condition") {
                    self.add(n, Schema::Condition, cond, n, false);
                }
            }
            // The condition of `c ? f(x) : y`: its branches keep their
            // calls, evaluated as the program does.
            "conditional_expression" => {
                if let Some(cond) = n.child_by_field_name("condition") {
                    self.add(n, Schema::Condition, unparen(cond), stmt_of(n), false);
                }
            }
            "assignment_expression" => self.assignment(n),
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
                    self.add(n, Schema::Step, n, stmt_of(n), false);
                }
            }
            "return_statement" => {
                if let Some(e) = n.named_child(0).filter(|e| e.kind() != "comment") {
                    if returns_bool(n, src) {
                        // `return false;` in a `bool` function: a condition.
                        self.add(n, Schema::Condition, unparen(e), n, true);
                    } else if returns_int(n, src) && (int_expr(e, src, &in_scope(e, src)) || has_side_effects(e)) {
                        self.add(n, Schema::Return, e, n, true);
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
                        self.add(n, Schema::Argument, a, stmt_of(n), false);
                    }
                }
            }
            "subscript_expression" => {
                let scope = in_scope(n, src);
                if let Some(i) =
                    n.child_by_field_name("index").filter(|i| i.kind() != "number_literal" && int_expr(*i, src, &scope))
                {
                    self.add(n, Schema::Index, i, stmt_of(n), false);
                }
            }
            "declaration" if n.parent().is_some_and(|p| p.kind() == "compound_statement") || in_for_initializer(n) => {
                self.declaration(n)
            }
            _ => {}
        }
    }

    /// An assignment's right-hand side into an integer target.
    fn assignment(&mut self, n: Node) {
        let src = self.src;
        let (l, r) = (n.child_by_field_name("left"), n.child_by_field_name("right"));
        let op = n.child_by_field_name("operator").map(|o| text(o, src)).unwrap_or("=");
        let (Some(l), Some(r)) = (l, r) else { return };
        let scope = in_scope(n, src);
        if int_target(l, src, &scope) && matches!(op, "=" | "+=" | "-=" | "*=") && statement_level(n) {
            self.add(n, Schema::Assignment, r, stmt_of(n), true);
        } else if int_expr(l, src, &scope) && op == "=" && in_for_initializer(n) {
            // `for (i = 1; …)`: an assignment like any other, at the
            // loop's header line.
            self.add(n, Schema::Assignment, r, stmt_of(n), false);
        }
    }

    /// A declaration's initializers of plain integer variables; `for (int
    /// i = 1; …)`: at the loop, its header line.
    fn declaration(&mut self, n: Node) {
        let (stmt, whole) = match n.parent().filter(|p| p.kind() == "for_statement") {
            Some(f) => (f, false),
            None => (n, true),
        };
        let int_ty = n.child_by_field_name("type").is_some_and(|t| int_like(t, self.src));
        let mut c = n.walk();
        let decls: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
        for d in decls.into_iter().filter(|d| d.kind() == "init_declarator") {
            let plain = d.child_by_field_name("declarator").is_some_and(|x| x.kind() == "identifier");
            if let (true, true, Some(v)) =
                (int_ty, plain, d.child_by_field_name("value").filter(|v| v.kind() != "initializer_list"))
            {
                self.add(n, Schema::Assignment, v, stmt, whole);
            }
        }
    }

    /// The statement sites at node `n`: a guard around it, and the
    /// statements a schema may insert before it.
    fn statement_sites(&mut self, n: Node) {
        let src = self.src;
        let guardable =
            matches!(n.kind(), "expression_statement" | "return_statement" | "break_statement" | "continue_statement");
        let in_block = n.parent().is_some_and(|p| p.kind() == "compound_statement");
        if guardable && in_block && n.named_child_count() + usize::from(n.kind() != "expression_statement") > 0 {
            self.add(n, Schema::Guard, n, n, true);
        }
        let inserts = if in_block { insertions(n, src) } else { Vec::new() };
        let added = inserts.iter().filter(|(schema, _)| self.add(n, *schema, n, n, true)).count();
        if added == inserts.len() {
            let before = self.out.len() - added;
            let indent = indent_at(n.start_byte(), src);
            for (site, (_, stmt)) in self.out[before..].iter_mut().zip(inserts) {
                site.inserted = stmt;
                site.indent = indent.clone();
            }
        }
    }
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
/// Whether `n` is a `for` loop's initializer, or one of the expressions
/// of its comma-separated initializer (`for (i = 0, j = n; …)`).
/// Whether `n` is an integer the program stores into: an integer
/// variable, an element of an integer array of any rank, or `*p` of an
/// `int *p`. Its index or pointer may have effects of its own
/// (`a[n++] = x`): they happen once, whatever the value stored, so the
/// value is a site like any other.
fn int_target(n: Node, src: &str, scope: &[Decl]) -> bool {
    match n.kind() {
        "identifier" => scope.iter().any(|d| d.name == text(n, src) && d.int_scalar()),
        "parenthesized_expression" => n.named_child(0).is_some_and(|c| int_target(c, src, scope)),
        "subscript_expression" => {
            let mut base = n;
            let mut rank = 0;
            while base.kind() == "subscript_expression" {
                rank += 1;
                match base.child_by_field_name("argument") {
                    Some(a) => base = a,
                    None => return false,
                }
            }
            base.kind() == "identifier" && scope.iter().any(|d| d.name == text(base, src) && d.int && d.levels == rank)
        }
        "pointer_expression" => {
            let deref = n.child_by_field_name("operator").is_some_and(|o| text(o, src) == "*");
            let mut arg = n.child_by_field_name("argument");
            // `*p++ = x`: the pointer steps after the store.
            if let Some(u) = arg.filter(|a| a.kind() == "update_expression") {
                arg = u.child_by_field_name("argument");
            }
            let base = arg.filter(|a| a.kind() == "identifier").map(|a| text(a, src));
            deref && base.is_some_and(|b| scope.iter().any(|d| d.name == b && d.int_elements() && d.array.is_none()))
        }
        _ => false,
    }
}

/// Whether the assignment `n` is a statement of its own or one of the
/// assignments a statement joins with commas (`a = x, b = y;`).
fn statement_level(n: Node) -> bool {
    match n.parent() {
        Some(p) if p.kind() == "expression_statement" => true,
        Some(p) if p.kind() == "comma_expression" => statement_level(p),
        _ => false,
    }
}

fn in_for_initializer(n: Node) -> bool {
    let Some(p) = n.parent() else { return false };
    match p.kind() {
        "for_statement" => p.child_by_field_name("initializer").is_some_and(|i| i.id() == n.id()),
        "comma_expression" => in_for_initializer(p),
        _ => false,
    }
}

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
            // `fprintf (stderr, "…"); exit (1);`: the message with the exit.
            let message = m.prev_named_sibling().filter(|p| {
                let call = p.named_child(0).filter(|c| c.kind() == "call_expression");
                let f = call.and_then(|c| c.child_by_field_name("function")).map(|f| text(f, src));
                let args = call.and_then(|c| c.child_by_field_name("arguments")).map(|a| text(a, src));
                p.kind() == "expression_statement"
                    && matches!(f, Some("fprintf" | "fputs"))
                    && args.is_some_and(|a| a.contains("stderr") && !a.contains('%'))
                    && matches!(name, "exit" | "_exit")
            });
            found = Some(match message {
                Some(p) => format!("{} {}", text(p, src), text(m, src)),
                None => text(m, src).to_string(),
            });
        }
    });
    found
}

/// A condition or value passed whole: its value, then the integer
/// variables the function's other conditions read, closest first (a
/// sibling's test is the likeliest to be missing here), then the closest
/// declarations.
fn whole_vars(expr: Node, src: &str, scope: &[Decl], schema: Schema, max_vars: usize) -> Vec<Var> {
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
                vars.push(Var { name: d.name.clone(), pointer: false, real: false, form: Form::Plain, decl: d.at });
            }
        }
    }
    vars
}

/// At most this many captured sub-expressions per site (more: the
/// expression is passed whole, or not at all).
const MAX_ATOMS: usize = 4;

/// Calls whose value is a floating-point number: an expression with one
/// is not captured (its operands are not `int`s).
const REAL_CALLS: [&str; 14] =
    ["fabs", "sqrt", "pow", "floor", "ceil", "round", "exp", "log", "sin", "cos", "fmod", "atof", "strtod", "hypot"];

/// The sub-expressions of `expr` the language cannot write, outermost,
/// in order of evaluation, when there are 1 to `MAX_ATOMS` of them and
/// they are not the whole expression; `None` otherwise (and for
/// floating-point expressions).
fn captured_atoms<'t>(expr: Node<'t>, src: &str, scope: &[Decl]) -> Option<Vec<Node<'t>>> {
    let mut atoms = Vec::new();
    atoms_of(expr, src, scope, &mut atoms);
    let mut real = false;
    each_node(expr, &mut |m| {
        real |= m.kind() == "number_literal" && !int_literal(text(m, src));
        real |= m.kind() == "identifier" && scope.iter().any(|d| d.name == text(m, src) && d.real);
        real |= m.kind() == "call_expression"
            && m.child_by_field_name("function").is_some_and(|f| REAL_CALLS.contains(&text(f, src)));
    });
    let whole = atoms.len() == 1 && unparen(expr).byte_range() == atoms[0].byte_range();
    (!real && !whole && (1..=MAX_ATOMS).contains(&atoms.len())).then_some(atoms)
}

fn int_literal(t: &str) -> bool {
    !t.contains(['.', 'e', 'E', 'p', 'P']) || t.starts_with("0x") || t.starts_with("0X")
}

/// Collects the outermost sub-expressions of `n` that the language
/// cannot write: what is not a literal, a scalar variable, a constant's
/// name, an lvalue the hole reads, or `! - + * < <= > >= == != && || ?:`
/// over those (pointer arithmetic and comparisons of two pointers
/// included, as the hole sees a pointer as a flag).
fn atoms_of<'t>(n: Node<'t>, src: &str, scope: &[Decl], out: &mut Vec<Node<'t>>) {
    let pointer = |x: Node| {
        let x = unparen(x);
        x.kind() == "identifier" && scope.iter().any(|d| d.name == text(x, src) && (d.pointer || d.array.is_some()))
    };
    let null = |x: Node| {
        let x = unparen(x);
        x.kind() == "null" || matches!(text(x, src), "0" | "NULL")
    };
    match n.kind() {
        "parenthesized_expression" => match n.named_child(0) {
            Some(c) => atoms_of(c, src, scope, out),
            None => out.push(n),
        },
        "number_literal" if int_literal(text(n, src)) => {}
        "char_literal" | "true" | "false" | "null" => {}
        "identifier" => {
            let t = text(n, src);
            let constant = t.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
            let pointer_alone = scope.iter().any(|d| d.name == t && d.pointer && d.array.is_none());
            if !constant && !scope.iter().any(|d| d.name == t && d.int_scalar()) && !pointer_alone {
                out.push(n);
            }
        }
        "unary_expression" => {
            let op = n.child_by_field_name("operator").map(|o| text(o, src)).unwrap_or("");
            match n.child_by_field_name("argument") {
                Some(a) if matches!(op, "!" | "-" | "+") => atoms_of(a, src, scope, out),
                _ => out.push(n),
            }
        }
        "binary_expression" => {
            let op = n.child_by_field_name("operator").map(|o| text(o, src)).unwrap_or("");
            let (Some(l), Some(r)) = (n.child_by_field_name("left"), n.child_by_field_name("right")) else {
                return out.push(n);
            };
            let arith = matches!(op, "+" | "-" | "*");
            let compare = matches!(op, "<" | "<=" | ">" | ">=" | "==" | "!=");
            let on_pointers = (arith || compare) && (pointer(l) || pointer(r)) && !(compare && (null(l) || null(r)));
            if (arith || compare || matches!(op, "&&" | "||")) && !on_pointers {
                atoms_of(l, src, scope, out);
                atoms_of(r, src, scope, out);
            } else {
                out.push(n);
            }
        }
        "conditional_expression" => {
            let mut c = n.walk();
            let kids: Vec<Node> = n.named_children(&mut c).collect();
            for k in kids {
                atoms_of(k, src, scope, out);
            }
        }
        "field_expression" if !has_side_effects(n) => {}
        "subscript_expression" | "pointer_expression" if !has_side_effects(n) && int_lvalue(n, src, scope) => {}
        _ => out.push(n),
    }
}

/// `a[i]` or `*p` whose elements are integers (a hole reads them).
fn int_lvalue(n: Node, src: &str, scope: &[Decl]) -> bool {
    if n.kind() == "pointer_expression" && n.child_by_field_name("operator").is_none_or(|o| text(o, src) != "*") {
        return false;
    }
    let base = n.child_by_field_name("argument").filter(|a| a.kind() == "identifier");
    base.is_some_and(|b| scope.iter().any(|d| d.name == text(b, src) && d.int_elements()))
}

/// The captured operands of `atoms` (one per distinct text) and the code
/// that evaluates `expr` into their temporaries.
fn capture(expr: Node, atoms: &[Node], src: &str) -> (Vec<Var>, String) {
    let mut vars: Vec<Var> = Vec::new();
    let mut texts: Vec<&str> = Vec::new();
    let mut decls = String::new();
    let mut slots = Vec::new();
    for a in atoms {
        let t = text(*a, src);
        let k = match texts.iter().position(|x| *x == t) {
            Some(k) => k,
            None => {
                texts.push(t);
                let k = texts.len() - 1;
                decls.push_str(&format!("__typeof__({t}) __se2_t{k} = 0; "));
                let primary =
                    matches!(a.kind(), "call_expression" | "identifier" | "field_expression" | "subscript_expression");
                vars.push(Var {
                    name: if primary { t.to_string() } else { format!("({t})") },
                    pointer: false,
                    real: false,
                    form: Form::Captured(k as u8),
                    decl: a.start_byte(),
                });
                k
            }
        };
        slots.push((a.byte_range(), k));
    }
    let mut body = String::new();
    let mut at = expr.start_byte();
    for (r, k) in slots {
        body.push_str(&src[at..r.start]);
        body.push_str(&format!("(__se2_t{k} = ({}))", &src[r.clone()]));
        at = r.end;
    }
    body.push_str(&src[at..expr.end_byte()]);
    (vars, format!("{decls}(void)({body});"))
}

/// Before a new `if (…) exit/return`: the argument vector's element at
/// each integer the statement reads and the one after it (`argv[*i + 1]`
/// beside `(*i)++;`), read where readable, after what the statement reads
/// (a missing option argument is `argv[*i + 1] == NULL`).
fn argument_probes(scope: &[Decl], body: &str, vars: &mut Vec<Var>, used: usize, max: usize) {
    // A vector the function indexes.
    let Some(vector) = scope
        .iter()
        .find(|d| d.pointer && d.levels == 2 && d.array.is_none() && d.int && body.contains(&format!("{}[", d.name)))
    else {
        return;
    };
    let indices: Vec<String> = vars[..used.min(vars.len())]
        .iter()
        .filter(|v| !v.pointer && !v.real && matches!(v.form, Form::Plain | Form::Memory))
        .map(|v| v.name.clone())
        .collect();
    let mut at = used.min(vars.len());
    for x in indices {
        for probe in [format!("{}[{x} + 1]", vector.name), format!("{}[{x}]", vector.name)] {
            if !vars.iter().any(|v| v.name == probe) {
                vars.insert(at, Var { pointer: true, ..Var::lvalue(&probe, vector.at, true) });
                at += 1;
            }
        }
    }
    vars.truncate(max.max(used + 2));
}

#[cfg(test)]
mod tests {
    use super::*;
    use klee_ext::so::{Op, Term};

    const SRC: &str = "int listed(const char *l, const char *n);\n\
int main(int argc, char **argv) {\n    const char *ex = argv[1];\n    int skip = 0;\n\
    if (ex && !listed(ex, argv[2]))\n        skip = 1;\n    return skip;\n}\n";

    #[test]
    fn a_call_inside_a_condition_is_an_operand_captured_as_the_original_evaluates_it() {
        let all = sites(SRC, 4).unwrap();
        let s = all.iter().find(|s| s.schema == Schema::Condition).unwrap();
        assert_eq!(s.vars[0].name, "listed(ex, argv[2])");
        assert_eq!(s.vars[0].form, Form::Captured(0));
        assert!(s.vars.iter().any(|v| v.name == "ex" && v.pointer));
        // The call runs inside the original, under its short-circuit.
        assert_eq!(
            s.capture,
            "__typeof__(listed(ex, argv[2])) __se2_t0 = 0; (void)(ex && !(__se2_t0 = (listed(ex, argv[2]))));"
        );
        // The original is a term over it: `ex != 0 && !(t0 != 0)`.
        let t = original_term(SRC, s, &Default::default()).unwrap();
        let ex = s.vars.iter().position(|v| v.name == "ex").unwrap();
        let want = Term::App(
            Op::And,
            vec![
                Term::App(Op::Ne, vec![Term::Var(ex), Term::Int(0)]),
                Term::App(Op::Not, vec![Term::App(Op::Ne, vec![Term::Var(0), Term::Int(0)])]),
            ],
        );
        assert_eq!(t, want);
        // The instrumented hole evaluates the capture first.
        let inst = instrument(SRC, s, "p.c");
        assert!(inst.contains(&format!("({{ {} {HOLE_FN}(", s.capture)), "{inst}");
    }

    #[test]
    fn a_new_exit_may_test_the_next_argument() {
        let src = "void usage(void);\nint value(char **argv, int *i) {\n    (*i)++;\n    return argv[*i][0];\n}\n\
void f(void) { usage(); }\n";
        let all = sites(src, 4).unwrap();
        let s = all.iter().find(|s| s.schema == Schema::ExitIf && s.original == "(*i)++;").unwrap();
        let probe = s.vars.iter().find(|v| v.name == "argv[*i + 1]").expect("argv[*i + 1]");
        assert!(probe.pointer && probe.form == Form::Memory);
        assert!(probe.arg().contains("__se2_read_or_zero"));
    }

    /// A right-hand side that divides is a term (C's `/`, truncating), so
    /// its relabels (`-` -> `+`) are tried like any other's.
    #[test]
    fn a_quotient_is_a_term() {
        let src = "int main(void) {\n    long long n, x;\n    n = 5;\n    x = (n*(n-1))/2;\n    return x % 7;\n}\n";
        let all = sites(src, 4).unwrap();
        let s = all.iter().find(|s| s.schema == Schema::Assignment && s.original == "(n*(n-1))/2").unwrap();
        let n = s.vars.iter().position(|v| v.name == "n").unwrap();
        let t = original_term(src, s, &Default::default()).unwrap();
        let want = Term::App(
            Op::Div,
            vec![
                Term::App(Op::Mul, vec![Term::Var(n), Term::App(Op::Sub, vec![Term::Var(n), Term::Int(1)])]),
                Term::Int(2),
            ],
        );
        assert_eq!(t, want);
        let r = all.iter().find(|s| s.schema == Schema::Return).unwrap();
        let x = r.vars.iter().position(|v| v.name == "x").unwrap();
        let t = original_term(src, r, &Default::default()).unwrap();
        assert_eq!(t, Term::App(Op::Mod, vec![Term::Var(x), Term::Int(7)]));
    }

    /// A `for` loop's initializer is an assignment (`i = 1`, each of
    /// `i = 0, j = n`, `int k = 2`), at the loop: the same statement as
    /// its condition, on the header's line.
    #[test]
    fn a_for_initializer_is_an_assignment() {
        let src = "int main(void) {\n    int n = 3, i, j, s = 0;\n    for (i = 1; i <= n; i++)\n        s += i;\n    for (i = 0, j = n; i < j; i++, j--)\n        s += j;\n    for (int k = 2; k < n; k++)\n        s -= k;\n    return s;\n}\n";
        let all = sites(src, 4).unwrap();
        let at = |line: u32, original: &str| {
            all.iter()
                .find(|s| s.schema == Schema::Assignment && s.line() == line && s.original == original)
                .unwrap_or_else(|| panic!("no site `{original}` at line {line}"))
        };
        for (line, original) in [(3, "1"), (5, "0"), (5, "n"), (7, "2")] {
            let s = at(line, original);
            let cond = all.iter().find(|c| c.schema == Schema::Condition && c.line() == line).unwrap();
            assert_eq!(s.stmt, cond.stmt, "{original}");
            assert_eq!(s.lines, line..line + 1, "{original}");
        }
    }

    /// A value stored into any integer target is a site: an element whose
    /// index steps (`a[n++] = …`), an element of a two-dimensional array,
    /// `*p++`, and each assignment a statement joins with commas. A
    /// field's or a floating-point target's is not.
    #[test]
    fn a_value_stored_into_any_integer_target_is_a_site() {
        let src = "struct t { int n; };\nint main(void) {\n    int a[9], fr[9][2], *p = a, n = 0, i = 1, k = 0, f = 2;\n    struct t s;\n    double d;\n    a[n++] = i + 1;\n    fr[i][0] = f, fr[i][1] = i - k;\n    *p++ = k;\n    s.n = i * 2;\n    d = i * 3;\n    return a[0] + s.n + (int)d;\n}\n";
        let all = sites(src, 4).unwrap();
        let stored: Vec<(u32, &str)> = all
            .iter()
            .filter(|s| s.schema == Schema::Assignment && s.line() > 5)
            .map(|s| (s.line(), s.original.as_str()))
            .collect();
        assert_eq!(stored, [(6, "i + 1"), (7, "f"), (7, "i - k"), (8, "k")]);
    }
}
