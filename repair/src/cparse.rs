//! The repair schemas on C source, through tree-sitter's C grammar: where a
//! hole can go (conditions, right-hand sides, missing guards), which integer
//! variables are in scope there, and the source text with the hole or the
//! patch in place.

use klee_ext::so::{Op, Sort, Term};
use std::ops::Range;
use tree_sitter::{Node, Parser, Tree};

/// What a schema replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Schema {
    /// `if (e)`, `while (e)`, `do … while (e)`, `for (…; e; …)` → `rho(…)`.
    Condition,
    /// `x = e;` / `int x = e;` → `x = rho(…);`.
    Assignment,
    /// `s;` → `if (rho(…)) s;`.
    Guard,
}

impl Schema {
    pub fn describe(self) -> &'static str {
        match self {
            Schema::Condition => "replace condition",
            Schema::Assignment => "replace right-hand side",
            Schema::Guard => "add guard",
        }
    }
    /// The result sort of the hole.
    pub fn sort(self) -> Sort {
        if self == Schema::Assignment {
            Sort::Int
        } else {
            Sort::Bool
        }
    }
    /// The second-order variable's name (`--so-lang NAME=SPEC`).
    pub fn hole_name(self) -> &'static str {
        if self == Schema::Assignment {
            "rhs"
        } else {
            "cond"
        }
    }
}

/// A variable visible at a site, passed to the hole as an `int`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    pub name: String,
    /// Pointers are passed as `p != 0`.
    pub pointer: bool,
    /// Byte offset of its declarator (closeness to the site).
    decl: usize,
}

impl Var {
    /// The C argument passed to the hole.
    pub fn arg(&self) -> String {
        if self.pointer {
            format!("({} != 0)", self.name)
        } else {
            format!("(int)({})", self.name)
        }
    }
    /// How the variable reads inside a patched expression.
    pub fn in_patch(&self) -> String {
        if self.pointer {
            format!("({} != 0)", self.name)
        } else {
            self.name.clone()
        }
    }
}

/// One place a schema applies.
#[derive(Clone, Debug)]
pub struct Site {
    pub schema: Schema,
    /// The statement the site belongs to (its location for localization).
    pub stmt: Range<usize>,
    /// 1-based lines the site spans (condition, or whole statement).
    pub lines: Range<u32>,
    /// Bytes the hole replaces: the expression, or for a guard the statement.
    pub range: Range<usize>,
    pub original: String,
    pub function: String,
    /// Visible variables, most relevant first (those the original text
    /// uses, then the ones declared closest above the site).
    pub vars: Vec<Var>,
    /// How many of `vars` the original text uses (they come first).
    pub used: usize,
}

impl Site {
    pub fn line(&self) -> u32 {
        self.lines.start
    }
}

pub fn parse(src: &str) -> Result<Tree, String> {
    let mut p = Parser::new();
    p.set_language(&tree_sitter_c::LANGUAGE.into()).map_err(|e| format!("tree-sitter C grammar: {e}"))?;
    p.parse(src, None).ok_or_else(|| "the C parser gave no tree".to_string())
}

fn text<'a>(n: Node, src: &'a str) -> &'a str {
    &src[n.byte_range()]
}

fn row(b: usize, src: &str) -> u32 {
    src[..b].bytes().filter(|c| *c == b'\n').count() as u32 + 1
}

/// Integer-like (or pointer) type of a declaration's `type` node.
fn int_like(ty: Node, src: &str) -> bool {
    match ty.kind() {
        "primitive_type" => !matches!(text(ty, src), "float" | "double" | "void"),
        "sized_type_specifier" => !text(ty, src).contains("double"),
        _ => false,
    }
}

/// Scalar variables a declarator introduces: (name, pointer, offset).
fn declared(d: Node, src: &str, out: &mut Vec<(String, bool, usize)>) {
    let mut d = d;
    let mut pointer = false;
    loop {
        match d.kind() {
            "identifier" => {
                out.push((text(d, src).to_string(), pointer, d.start_byte()));
                return;
            }
            "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => {}
            "pointer_declarator" => pointer = true,
            _ => return,
        }
        match d.child_by_field_name("declarator").or_else(|| d.named_child(0)) {
            Some(c) => d = c,
            None => return,
        }
    }
}

/// Variables of a `declaration` or `parameter_declaration` node.
fn decl_vars(decl: Node, src: &str, out: &mut Vec<(String, bool, usize)>) {
    let Some(ty) = decl.child_by_field_name("type") else { return };
    let base_int = int_like(ty, src);
    let mut c = decl.walk();
    for d in decl.children_by_field_name("declarator", &mut c) {
        let mut v = Vec::new();
        declared(d, src, &mut v);
        out.extend(v.into_iter().filter(|(_, ptr, _)| *ptr || base_int));
    }
}

/// Every variable visible at `node` (innermost first; shadowed ones left out).
fn in_scope(node: Node, src: &str) -> Vec<(String, bool, usize)> {
    let mut found = Vec::new();
    let at = node.start_byte();
    let mut cur = node;
    while let Some(p) = cur.parent() {
        match p.kind() {
            "compound_statement" | "translation_unit" => {
                let mut c = p.walk();
                for ch in p.named_children(&mut c).filter(|ch| ch.end_byte() <= at && ch.kind() == "declaration") {
                    decl_vars(ch, src, &mut found);
                }
            }
            "for_statement" => {
                if let Some(init) = p.child_by_field_name("initializer").filter(|i| i.kind() == "declaration" && i.id() != cur.id()) {
                    decl_vars(init, src, &mut found);
                }
            }
            "function_definition" => {
                let mut d = p.child_by_field_name("declarator");
                while let Some(n) = d {
                    if n.kind() == "function_declarator" {
                        if let Some(params) = n.child_by_field_name("parameters") {
                            let mut c = params.walk();
                            for prm in params.named_children(&mut c).filter(|x| x.kind() == "parameter_declaration") {
                                decl_vars(prm, src, &mut found);
                            }
                        }
                        break;
                    }
                    d = n.child_by_field_name("declarator");
                }
            }
            _ => {}
        }
        cur = p;
    }
    let mut seen = std::collections::HashSet::new();
    // Innermost scopes come first only within the walk order; sort by
    // closeness so that shadowing keeps the nearest declaration.
    found.sort_by_key(|(_, _, off)| std::cmp::Reverse(*off));
    found.retain(|(n, _, off)| *off < at && seen.insert(n.clone()));
    found
}

/// Identifiers used in `n`, in order of appearance.
fn idents(n: Node, src: &str, out: &mut Vec<String>) {
    if n.kind() == "identifier" {
        let parent_is_call = n.parent().is_some_and(|p| p.kind() == "call_expression" && p.child_by_field_name("function").is_some_and(|f| f.id() == n.id()));
        if !parent_is_call {
            out.push(text(n, src).to_string());
        }
        return;
    }
    let mut c = n.walk();
    for ch in n.named_children(&mut c) {
        idents(ch, src, out);
    }
}

fn choose_vars(scope: &[(String, bool, usize)], used_in: Node, src: &str, max: usize) -> (Vec<Var>, usize) {
    let mut used = Vec::new();
    idents(used_in, src, &mut used);
    let mut out: Vec<Var> = Vec::new();
    let push = |out: &mut Vec<Var>, (n, p, d): &(String, bool, usize)| {
        if out.len() < max && !out.iter().any(|v| &v.name == n) {
            out.push(Var { name: n.clone(), pointer: *p, decl: *d });
        }
    };
    for u in &used {
        if let Some(v) = scope.iter().find(|(n, _, _)| n == u) {
            push(&mut out, v);
        }
    }
    let n_used = out.len();
    // Pointers only where the original uses them (as `p != 0`).
    for v in scope.iter().filter(|v| !v.1) {
        push(&mut out, v);
    }
    (out, n_used)
}

fn function_name(n: Node, src: &str) -> String {
    let mut cur = Some(n);
    while let Some(c) = cur {
        if c.kind() == "function_definition" {
            let mut d = c.child_by_field_name("declarator");
            while let Some(x) = d {
                if x.kind() == "identifier" {
                    return text(x, src).to_string();
                }
                d = x.child_by_field_name("declarator");
            }
        }
        cur = c.parent();
    }
    String::new()
}

/// The expression inside `( … )`.
fn unparen(n: Node) -> Node {
    if n.kind() == "parenthesized_expression" {
        if let Some(i) = n.named_child(0) {
            return i;
        }
    }
    n
}

/// Whether evaluating `n` calls a function or assigns.
fn has_side_effects(n: Node) -> bool {
    if matches!(n.kind(), "call_expression" | "assignment_expression" | "update_expression") {
        return true;
    }
    let mut c = n.walk();
    let kids: Vec<Node> = n.named_children(&mut c).collect();
    kids.into_iter().any(has_side_effects)
}

/// Every site of every schema in `src`, with up to `max_vars` variables.
pub fn sites(src: &str, max_vars: usize) -> Result<Vec<Site>, String> {
    let tree = parse(src)?;
    let mut out = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
        if n.has_error() && n.kind() != "translation_unit" {
            continue;
        }
        let in_function = {
            let mut p = n.parent();
            let mut f = false;
            while let Some(x) = p {
                if x.kind() == "function_definition" {
                    f = true;
                    break;
                }
                p = x.parent();
            }
            f
        };
        if !in_function {
            continue;
        }
        let mut add = |schema: Schema, expr: Node, used_in: Node, stmt: Node, whole_stmt_lines: bool| {
            // A hole cannot redo a call or an assignment the expression makes.
            if schema != Schema::Guard && has_side_effects(expr) {
                return;
            }
            let scope = in_scope(expr, src);
            let (vars, used) = choose_vars(&scope, used_in, src, max_vars);
            let lines = if whole_stmt_lines { row(stmt.start_byte(), src)..row(stmt.end_byte(), src) + 1 } else { row(expr.start_byte(), src)..row(expr.end_byte(), src) + 1 };
            out.push(Site {
                schema,
                stmt: stmt.byte_range(),
                lines,
                range: expr.byte_range(),
                original: text(expr, src).to_string(),
                function: function_name(n, src),
                vars,
                used,
            });
        };
        match n.kind() {
            "if_statement" | "while_statement" | "do_statement" => {
                if let Some(cond) = n.child_by_field_name("condition") {
                    let e = unparen(cond);
                    add(Schema::Condition, e, e, n, false);
                }
            }
            "for_statement" => {
                if let Some(cond) = n.child_by_field_name("condition") {
                    add(Schema::Condition, cond, cond, n, false);
                }
            }
            "expression_statement" => {
                if let Some(a) = n.named_child(0).filter(|a| a.kind() == "assignment_expression") {
                    let lhs = a.child_by_field_name("left");
                    let rhs = a.child_by_field_name("right");
                    if let (Some(l), Some(r)) = (lhs, rhs) {
                        let lname = text(l, src);
                        let scope = in_scope(n, src);
                        if l.kind() == "identifier" && scope.iter().any(|(v, p, _)| v == lname && !p) {
                            add(Schema::Assignment, r, r, n, true);
                        }
                    }
                }
            }
            "declaration" => {
                if n.parent().is_some_and(|p| p.kind() == "compound_statement") {
                    let int_ty = n.child_by_field_name("type").is_some_and(|t| int_like(t, src));
                    let mut c = n.walk();
                    let decls: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
                    for d in decls.into_iter().filter(|d| d.kind() == "init_declarator") {
                        let plain = d.child_by_field_name("declarator").is_some_and(|x| x.kind() == "identifier");
                        if let (true, true, Some(v)) = (int_ty, plain, d.child_by_field_name("value").filter(|v| v.kind() != "initializer_list")) {
                            add(Schema::Assignment, v, v, n, true);
                        }
                    }
                }
            }
            _ => {}
        }
        let guardable = matches!(n.kind(), "expression_statement" | "return_statement" | "break_statement" | "continue_statement");
        if guardable && n.parent().is_some_and(|p| p.kind() == "compound_statement") && n.named_child_count() + usize::from(n.kind() != "expression_statement") > 0 {
            add(Schema::Guard, n, n, n, true);
        }
    }
    out.sort_by_key(|s| (s.stmt.start, s.schema));
    Ok(out)
}

/// The call that stands for the hole.
pub const HOLE_FN: &str = "__se2repair_hole";

/// `src` with the site's hole in place, and the hole's definition (a
/// wrapper around `klee_apply_symbolic`) prepended on one line, followed by
/// a `#line` directive so that lines keep their numbers.
pub fn instrument(src: &str, site: &Site, file_name: &str) -> String {
    let n = site.vars.len();
    let params: Vec<String> = (0..n).map(|i| format!("int a{i}")).collect();
    let args: Vec<String> = (0..n).map(|i| format!("a{i}")).collect();
    let body = if n == 0 {
        format!("return klee_apply_symbolic(\"{}\", 0, 0);", site.schema.hole_name())
    } else {
        format!("int args[{n}] = {{{}}}; return klee_apply_symbolic(\"{}\", {n}, args);", args.join(", "), site.schema.hole_name())
    };
    let header = format!(
        "int klee_apply_symbolic(const char *name, int nargs, int *args); static int {HOLE_FN}({}) {{ {body} }}\n#line 1 \"{}\"\n",
        if n == 0 { "void".to_string() } else { params.join(", ") },
        file_name.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let call = format!("{HOLE_FN}({})", site.vars.iter().map(Var::arg).collect::<Vec<_>>().join(", "));
    header + &replace(src, site, &call)
}

/// `src` with the site's range replaced: the expression by `expr`, or for
/// a guard the statement wrapped in `if (expr)`.
pub fn replace(src: &str, site: &Site, expr: &str) -> String {
    let new = match site.schema {
        Schema::Guard => format!("if ({expr}) {}", site.original),
        _ => expr.to_string(),
    };
    format!("{}{}{}", &src[..site.range.start], new, &src[site.range.end..])
}

/// The original expression as a term over the site's variables, when it
/// is one (used as the preferred interpretation: minimal change). A guard's
/// original is `true` (the statement always runs).
pub fn original_term(src: &str, site: &Site) -> Option<Term> {
    if site.schema == Schema::Guard {
        return Some(Term::Bool(true));
    }
    let tree = parse(src).ok()?;
    let node = tree.root_node().descendant_for_byte_range(site.range.start, site.range.end)?;
    let mut node = node;
    while node.byte_range() != site.range {
        node = node.parent()?;
    }
    to_term(node, src, &site.vars, site.schema.sort())
}

fn coerce(t: Term, from: Sort, want: Sort) -> Term {
    match (from, want) {
        (Sort::Int, Sort::Bool) => Term::App(Op::Ne, vec![t, Term::Int(0)]),
        (Sort::Bool, Sort::Int) => Term::App(Op::Ite, vec![t, Term::Int(1), Term::Int(0)]),
        _ => t,
    }
}

fn to_term(n: Node, src: &str, vars: &[Var], want: Sort) -> Option<Term> {
    let (t, sort) = term_of(n, src, vars)?;
    Some(coerce(t, sort, want))
}

fn term_of(n: Node, src: &str, vars: &[Var]) -> Option<(Term, Sort)> {
    let s = text(n, src);
    match n.kind() {
        "parenthesized_expression" => term_of(n.named_child(0)?, src, vars),
        "number_literal" => {
            let digits = s.trim_end_matches(['u', 'U', 'l', 'L']);
            let v = if let Some(h) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) { i64::from_str_radix(h, 16).ok()? } else { digits.parse::<i64>().ok()? };
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
        "identifier" => {
            let i = vars.iter().position(|v| v.name == s)?;
            // A pointer arrives as `p != 0` (0 or 1).
            Some((Term::Var(i), Sort::Int))
        }
        "unary_expression" => {
            let op = text(n.child_by_field_name("operator")?, src);
            let a = n.child_by_field_name("argument")?;
            match op {
                "!" => Some((Term::App(Op::Not, vec![to_term(a, src, vars, Sort::Bool)?]), Sort::Bool)),
                "-" => match to_term(a, src, vars, Sort::Int)? {
                    Term::Int(v) => Some((Term::Int(-v), Sort::Int)),
                    t => Some((Term::App(Op::Sub, vec![Term::Int(0), t]), Sort::Int)),
                },
                "+" => term_of(a, src, vars),
                _ => None,
            }
        }
        "binary_expression" => {
            let op = text(n.child_by_field_name("operator")?, src);
            let l = n.child_by_field_name("left")?;
            let r = n.child_by_field_name("right")?;
            let int2 = |o: Op| -> Option<(Term, Sort)> {
                let args = vec![to_term(l, src, vars, Sort::Int)?, to_term(r, src, vars, Sort::Int)?];
                Some((Term::App(o, args), if matches!(o, Op::Add | Op::Sub | Op::Mul) { Sort::Int } else { Sort::Bool }))
            };
            match op {
                "+" => int2(Op::Add),
                "-" => int2(Op::Sub),
                "*" => int2(Op::Mul),
                ">" => int2(Op::Gt),
                ">=" => int2(Op::Ge),
                "<" => int2(Op::Lt),
                "<=" => int2(Op::Le),
                "==" => int2(Op::Eq),
                "!=" => int2(Op::Ne),
                "&&" | "||" => {
                    let o = if op == "&&" { Op::And } else { Op::Or };
                    Some((Term::App(o, vec![to_term(l, src, vars, Sort::Bool)?, to_term(r, src, vars, Sort::Bool)?]), Sort::Bool))
                }
                _ => None,
            }
        }
        "conditional_expression" => {
            let c = to_term(n.child_by_field_name("condition")?, src, vars, Sort::Bool)?;
            let a = to_term(n.child_by_field_name("consequence")?, src, vars, Sort::Int)?;
            let b = to_term(n.child_by_field_name("alternative")?, src, vars, Sort::Int)?;
            Some((Term::App(Op::Ite, vec![c, a, b]), Sort::Int))
        }
        _ => None,
    }
}
