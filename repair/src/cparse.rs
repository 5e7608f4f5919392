//! The repair schemas on C source, through tree-sitter's C grammar: where a
//! hole can go (conditions, right-hand sides, missing guards), which integer
//! variables are in scope there, and the source text with the hole or the
//! patch in place.

use klee_ext::so::Sort;
use std::ops::Range;
mod cpp;
mod instrument;
mod real;
mod sites;
mod stmts;
mod terms;
mod uses;
mod vars;
pub use instrument::{disjoint, instrument, instrument_many, replace_many, HOLE_FN};
pub use sites::sites;
pub use stmts::{statement_edits, StmtEdit};
pub use terms::{constants, enumerators, original_term};
use vars::choose_vars;

use tree_sitter::{Node, Parser, Tree};

/// What a schema replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Schema {
    /// `if (e)`, `while (e)`, `do … while (e)`, `for (…; e; …)` → `rho(…)`.
    Condition,
    /// `x = e;` / `int x = e;` / `x += e;` → `x = rho(…);` / `x += rho(…)`.
    Assignment,
    /// `return e;` → `return rho(…);`.
    Return,
    /// An integer argument of a call: `f(a, e)` → `f(a, rho(…))`.
    Argument,
    /// An integer array index: `a[e]` → `a[rho(…)]`.
    Index,
    /// `i++` / `i--` → `i += rho(…)` (the original step is `1` / `-1`).
    Step,
    /// `s;` → `if (rho(…)) s;`.
    Guard,
    /// `s;` → `if (rho(…)) return E; s;` (`E` a value the function
    /// already returns; none in a `void` function).
    ReturnIf,
    /// `s;` → `if (rho(…)) break; s;` inside a loop.
    BreakIf,
    /// `s;` → `if (rho(…)) continue; s;` inside a loop.
    ContinueIf,
    /// `s;` → `if (rho(…)) { exit(…); } s;`: a call by which the function
    /// already exits or reports an error (`exit`, `error`, `abort`,
    /// `usage`), repeated.
    ExitIf,
    /// A string literal passed to a call (`printf("…")`) → another literal,
    /// from the failing tests' expected output (`fix/literal.rs`; no
    /// second-order hole).
    Literal,
    /// `goto L;` → `goto M;`, another label of the function
    /// (`cparse/stmts.rs`; no second-order hole, as for the next three).
    Jump,
    /// `s;` → `t; s;`: an assignment `t` copied from elsewhere in the file,
    /// as written or with one variable re-bound to one of the same type
    /// in scope.
    Copy,
    /// `s;` → `T saved_v = v; s; v = saved_v;`: a value `s` overwrites,
    /// saved in a new local and restored after it.
    SaveRestore,
    /// `s; t;` → `t; s;`.
    Swap,
    /// `s;` → nothing.
    Delete,
    /// The edit of a compiler warning's fix-it hint (`if (x = 1)` →
    /// `if (x == 1)`; `fix/fixit.rs`).
    FixIt,
}

impl Schema {
    pub fn describe(self) -> &'static str {
        match self {
            Schema::Condition => "replace condition",
            Schema::Assignment => "replace right-hand side",
            Schema::Return => "replace returned value",
            Schema::Argument => "replace call argument",
            Schema::Index => "replace array index",
            Schema::Step => "replace increment",
            Schema::Guard => "add guard",
            Schema::ReturnIf => "add conditional return",
            Schema::BreakIf => "add conditional break",
            Schema::ContinueIf => "add conditional continue",
            Schema::ExitIf => "add conditional exit",
            Schema::Literal => "replace string literal",
            Schema::Jump => "change jump target",
            Schema::Copy => "insert copied statement",
            Schema::SaveRestore => "save and restore a value",
            Schema::Swap => "swap with next statement",
            Schema::Delete => "delete statement",
            Schema::FixIt => "apply the compiler's fix-it",
        }
    }
    /// A new statement before the site's statement, under a condition.
    pub fn inserts(self) -> bool {
        matches!(self, Schema::ReturnIf | Schema::BreakIf | Schema::ContinueIf | Schema::ExitIf)
    }
    /// The result sort of the hole.
    pub fn sort(self) -> Sort {
        if matches!(self, Schema::Condition | Schema::Guard) || self.inserts() {
            Sort::Bool
        } else {
            Sort::Int
        }
    }
    /// The second-order variable's name (`--so-lang NAME=SPEC`).
    pub fn hole_name(self) -> &'static str {
        if self.sort() == Sort::Int {
            "rhs"
        } else {
            "cond"
        }
    }
}

/// A variable visible at a site, passed to the hole as an `int`: a
/// scalar variable, or an lvalue the site's statement reads (`in[0]`,
/// `r1[j]`, `p->x`, `*q`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// The C text that reads it (a constant's literal, for a constant of
    /// a floating-point condition).
    pub name: String,
    /// Pointers are passed as `p != 0`.
    pub pointer: bool,
    /// Passed as a `double` (a floating-point condition's argument).
    pub real: bool,
    /// What kind of C expression `name` is.
    pub form: Form,
    /// Byte offset of its declarator (closeness to the site).
    decl: usize,
}

/// What kind of C expression a hole argument is: how it is read and
/// printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A variable, or an lvalue read directly (`s.f`).
    Plain,
    /// An lvalue read through a pointer or an index (`a[i]`, `*p`,
    /// `p->f`): read only where readable.
    Memory,
    /// A condition with calls or assignments, passed whole: `(original)`.
    Whole,
    /// A pointer comparison passed as a flag: `(p == q)`, 0 or 1 as it is.
    Compare,
    /// A sub-expression of the original the language cannot write (a
    /// call, a cast, a bit operation, an assignment): captured into the
    /// temporary `__se2_tK` as the original evaluates it, once, and passed
    /// as its value (a pointer as `!= 0`; 0 where the original does not
    /// evaluate it).
    Captured(u8),
}

impl Var {
    /// The C argument passed to the hole.
    pub fn arg(&self) -> String {
        if let Form::Captured(k) = self.form {
            let t = format!("__se2_t{k}");
            return format!("(int)(__builtin_classify_type({t}) == 5 ? ({t}) != 0 : (long long)({t}))");
        }
        if self.pointer && self.form == Form::Memory {
            // A pointer read through memory, as a flag, only where readable.
            format!("(__se2_read_or_zero(&({0}), sizeof({0}), 2) != 0)", self.name)
        } else if self.pointer {
            format!("({} != 0)", self.name)
        } else if self.real {
            format!("(double)({})", self.name)
        } else if self.form == Form::Memory {
            // Read only where readable: the original may not read it here
            // (`n && a[n - 1]`, a NULL buffer); then the hole sees 0.
            let v = &self.name;
            format!("(int)__se2_read_or_zero(&({v}), sizeof({v}), __builtin_classify_type({v}) == 5 ? 2 : (__typeof__({v}))-1 < 0)")
        } else {
            format!("(int)({})", self.name)
        }
    }
    /// The value of a whole condition or of a pointer comparison: a flag
    /// that prints as itself (no `name`'s variables are arguments).
    pub fn opaque(&self) -> bool {
        matches!(self.form, Form::Whole | Form::Compare | Form::Captured(_))
    }
    /// How the variable reads inside a patched expression.
    pub fn in_patch(&self) -> String {
        if self.form == Form::Compare {
            self.name.clone()
        } else if self.pointer {
            format!("({} != 0)", self.name)
        } else {
            self.name.clone()
        }
    }
    fn lvalue(text: &str, decl: usize, memory: bool) -> Var {
        Var {
            name: text.to_string(),
            pointer: false,
            real: false,
            form: if memory { Form::Memory } else { Form::Plain },
            decl,
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
    /// A condition over floating-point values: its arguments are passed
    /// as `double` and its language is `real` (`cparse/real.rs`).
    pub real: bool,
    /// For a schema that inserts a statement: the statement (`return -1;`)
    /// and the indentation of the site's statement.
    pub inserted: String,
    pub indent: String,
    /// For a site with captured sub-expressions (`Form::Captured`): the
    /// temporaries' declarations and the original evaluated into them
    /// (`__typeof__(f(x)) __se2_t0 = 0; (void)(a && !(__se2_t0 = (f(x))));`),
    /// run before the hole.
    pub capture: String,
}

impl Site {
    /// A condition the language cannot write, passed to its hole whole.
    pub fn passed_whole(&self) -> bool {
        self.vars.first().is_some_and(|v| v.form == Form::Whole)
    }

    pub fn line(&self) -> u32 {
        self.lines.start
    }
}

pub fn parse(src: &str) -> Result<Tree, String> {
    let mut p = Parser::new();
    p.set_language(&tree_sitter_c::LANGUAGE.into()).map_err(|e| format!("tree-sitter C grammar: {e}"))?;
    p.parse(src, None).ok_or_else(|| "the C parser gave no tree".to_string())
}

/// The tree of `src`, and the text it was parsed from: `src` itself, or
/// when `src` does not parse, one preprocessor branch of it
/// (`cpp::active_view`, with the same byte offsets).
pub fn parse_view(src: &str) -> Result<(Tree, std::borrow::Cow<'_, str>), String> {
    let tree = parse(src)?;
    if !tree.root_node().has_error() {
        return Ok((tree, std::borrow::Cow::Borrowed(src)));
    }
    match cpp::active_view(src, None) {
        Some(view) => Ok((parse(&view)?, std::borrow::Cow::Owned(view))),
        None => Ok((tree, std::borrow::Cow::Borrowed(src))),
    }
}

/// What the parser should read of `src` in a project whose macros are
/// `defined` (see `cpp::active_view`): `src` itself when it parses, else
/// one branch of each conditional, at the same offsets.
pub fn project_view(src: &str, defined: &std::collections::HashMap<String, bool>) -> String {
    if parse(src).is_ok_and(|t| !t.root_node().has_error()) {
        return src.to_string();
    }
    cpp::active_view(src, Some(defined)).unwrap_or_else(|| src.to_string())
}

fn text<'a>(n: Node, src: &'a str) -> &'a str {
    &src[n.byte_range()]
}

/// The whitespace before byte `at` on its line.
pub(super) fn indent_at(at: usize, src: &str) -> String {
    let line_start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    src[line_start..at].chars().take_while(|c| c.is_whitespace()).collect()
}

fn row(b: usize, src: &str) -> u32 {
    src[..b].bytes().filter(|c| *c == b'\n').count() as u32 + 1
}

/// Integer types of the C library by their typedef names.
const INT_TYPEDEFS: &[&str] = &[
    "size_t",
    "ssize_t",
    "ptrdiff_t",
    "intmax_t",
    "uintmax_t",
    "intptr_t",
    "uintptr_t",
    "wint_t",
    "wchar_t",
    "off_t",
    "time_t",
    "mode_t",
    "pid_t",
    "uid_t",
    "gid_t",
    "dev_t",
    "ino_t",
    "nlink_t",
    "bool",
    "_Bool",
    "boolean",
];

/// Integer-like (or pointer) type of a declaration's `type` node.
fn int_like(ty: Node, src: &str) -> bool {
    match ty.kind() {
        "primitive_type" => !matches!(text(ty, src), "float" | "double" | "void"),
        "sized_type_specifier" => !text(ty, src).contains("double"),
        // An enumeration's values are `int`s (C11 6.4.4.3).
        "enum_specifier" => true,
        // The C library's integer typedefs.
        "type_identifier" => {
            INT_TYPEDEFS.contains(&text(ty, src))
                || text(ty, src).ends_with("int_t") && text(ty, src).starts_with(['i', 'u'])
        }
        _ => false,
    }
}

/// A declaration visible at a site.
#[derive(Clone, Debug)]
struct Decl {
    name: String,
    pointer: bool,
    /// Pointer declarators and array dimensions: how many times it can be
    /// dereferenced.
    levels: usize,
    /// An array: its dimensions as written (`[10]`).
    array: Option<String>,
    /// The base type is integer-like.
    int: bool,
    /// The base type is `float` or `double`.
    real: bool,
    /// Byte offset of the declarator (closeness to the site).
    at: usize,
    /// The type as declared, qualifiers and specifier without the
    /// declarator's `*`s and dimensions (`const char`).
    ty: String,
}

impl Decl {
    /// A scalar the hole can take: an integer, or a pointer (as `p != 0`).
    fn scalar(&self) -> bool {
        self.array.is_none() && (self.pointer || self.int)
    }
    /// An integer variable (not a pointer, not an array).
    fn int_scalar(&self) -> bool {
        self.int && !self.pointer && self.array.is_none()
    }
    /// Dereferencing it once gives an integer (`a[i]`, `*p`).
    fn int_elements(&self) -> bool {
        self.int && self.levels == 1
    }
}

/// Variables a declarator introduces.
fn declared(d: Node, src: &str, (int, real): (bool, bool), ty: &str, out: &mut Vec<Decl>) {
    let mut d = d;
    let mut pointer = false;
    let mut dims = String::new();
    let mut levels = 0;
    loop {
        match d.kind() {
            "identifier" => {
                let array = (!dims.is_empty()).then_some(dims);
                out.push(Decl {
                    name: text(d, src).to_string(),
                    pointer,
                    levels,
                    array,
                    int,
                    real,
                    at: d.start_byte(),
                    ty: ty.to_string(),
                });
                return;
            }
            "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => {}
            "pointer_declarator" => {
                pointer = true;
                levels += 1;
            }
            "array_declarator" => {
                levels += 1;
                let size = d.child_by_field_name("size").map(|x| text(x, src)).unwrap_or("");
                dims = format!("[{size}]{dims}");
            }
            _ => return,
        }
        match d.child_by_field_name("declarator").or_else(|| d.named_child(0)) {
            Some(c) => d = c,
            None => return,
        }
    }
}

/// Variables of a `declaration` or `parameter_declaration` node.
fn decl_vars(decl: Node, src: &str, out: &mut Vec<Decl>) {
    let Some(ty) = decl.child_by_field_name("type") else { return };
    let base = (int_like(ty, src), real::float_like(ty, src));
    let mut c = decl.walk();
    let qualifiers: Vec<&str> =
        decl.named_children(&mut c).filter(|q| q.kind() == "type_qualifier").map(|q| text(q, src)).collect();
    let written = qualifiers.into_iter().chain([text(ty, src)]).collect::<Vec<_>>().join(" ");
    let mut c = decl.walk();
    for d in decl.children_by_field_name("declarator", &mut c) {
        declared(d, src, base, &written, out);
    }
}

/// Every variable visible at `node` (closest first; shadowed ones left out).
fn in_scope(node: Node, src: &str) -> Vec<Decl> {
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
                if let Some(init) =
                    p.child_by_field_name("initializer").filter(|i| i.kind() == "declaration" && i.id() != cur.id())
                {
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
    found.sort_by_key(|d| std::cmp::Reverse(d.at));
    found.retain(|d| d.at < at && seen.insert(d.name.clone()));
    found
}

/// What an expression reads: identifiers (not called functions) and
/// lvalues (`a[i]`, `s.f`, `p->f`, `*p`), in order of appearance.
pub(super) fn reads<'t>(n: Node<'t>, src: &str, ids: &mut Vec<String>, lvalues: &mut Vec<Node<'t>>) {
    match n.kind() {
        "identifier" => {
            let called = n.parent().is_some_and(|p| {
                p.kind() == "call_expression" && p.child_by_field_name("function").is_some_and(|f| f.id() == n.id())
            });
            if !called {
                ids.push(text(n, src).to_string());
            }
            return;
        }
        "subscript_expression" | "field_expression" if !has_side_effects(n) => {
            lvalues.push(n);
        }
        "pointer_expression"
            if n.child_by_field_name("operator").is_some_and(|o| text(o, src) == "*") && !has_side_effects(n) =>
        {
            lvalues.push(n);
        }
        _ => {}
    }
    let mut c = n.walk();
    for ch in n.named_children(&mut c) {
        reads(ch, src, ids, lvalues);
    }
}

/// The statement around `n` and the conditions of the `if`s and loops
/// that enclose it (what the developer's fix most likely reads).
fn context_of<'t>(n: Node<'t>) -> Vec<Node<'t>> {
    let mut out = Vec::new();
    let mut cur = n;
    let mut stmt_seen = false;
    while let Some(p) = cur.parent() {
        if p.kind() == "function_definition" {
            break;
        }
        if !stmt_seen && (p.kind().ends_with("_statement") || p.kind() == "declaration") {
            out.push(p);
            stmt_seen = true;
        }
        if matches!(p.kind(), "if_statement" | "while_statement" | "do_statement" | "for_statement") {
            if let Some(c) = p.child_by_field_name("condition") {
                out.push(c);
            }
        }
        cur = p;
    }
    out
}

/// The conditions of the other `if`s and loops of the function `n` lies
/// in, closest to `n` first.
fn other_conditions(n: Node) -> Vec<Node> {
    let Some(f) = enclosing_function(n) else { return Vec::new() };
    let mut out = Vec::new();
    let mut stack = vec![f];
    while let Some(x) = stack.pop() {
        let mut c = x.walk();
        stack.extend(x.named_children(&mut c));
        if matches!(x.kind(), "if_statement" | "while_statement" | "do_statement" | "for_statement") {
            if let Some(cond) = x
                .child_by_field_name("condition")
                .filter(|c| c.byte_range() != n.byte_range() && !c.byte_range().contains(&n.start_byte()))
            {
                out.push(cond);
            }
        }
    }
    out.sort_by_key(|c| c.start_byte().abs_diff(n.start_byte()));
    out
}

/// The function definition `n` lies in (strictly inside).
fn enclosing_function(n: Node) -> Option<Node> {
    let mut cur = n.parent();
    while let Some(c) = cur {
        if c.kind() == "function_definition" {
            return Some(c);
        }
        cur = c.parent();
    }
    None
}

/// The name of the function whose body holds byte `at` of `src` (empty
/// outside every function).
pub fn function_at(src: &str, at: usize) -> String {
    let Ok((tree, view)) = parse_view(src) else { return String::new() };
    let Some(n) = tree.root_node().descendant_for_byte_range(at, at) else { return String::new() };
    function_name(n, &view)
}

/// The name of the function `n` lies in (empty outside every function).
pub(crate) fn function_name(n: Node, src: &str) -> String {
    let mut d = enclosing_function(n).and_then(|f| f.child_by_field_name("declarator"));
    while let Some(x) = d {
        if x.kind() == "identifier" {
            return text(x, src).to_string();
        }
        d = x.child_by_field_name("declarator");
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

/// Whether `n` is an integer expression: integer literals, integer
/// variables of `scope`, elements of integer arrays, and arithmetic on
/// them (what a hole returning `int` may stand for).
fn int_expr(n: Node, src: &str, scope: &[Decl]) -> bool {
    match n.kind() {
        "number_literal" => !text(n, src).contains(['.', 'e', 'E', 'p', 'P']) || text(n, src).starts_with("0x"),
        "char_literal" => true,
        "identifier" => scope.iter().any(|d| d.name == text(n, src) && d.int_scalar()),
        "subscript_expression" => {
            let arr = n.child_by_field_name("argument").filter(|a| a.kind() == "identifier").map(|a| text(a, src));
            let one_dim = |d: &Decl| d.array.as_deref().is_some_and(|a| a.matches('[').count() == 1) && !d.pointer;
            arr.is_some_and(|a| scope.iter().any(|d| d.name == a && d.int && one_dim(d)))
                && n.child_by_field_name("index").is_some_and(|i| int_expr(i, src, scope))
        }
        // `*p` of an `int *p` (not an array of pointers).
        "pointer_expression" => {
            let deref = n.child_by_field_name("operator").is_some_and(|o| text(o, src) == "*");
            let base = n.child_by_field_name("argument").filter(|a| a.kind() == "identifier").map(|a| text(a, src));
            deref && base.is_some_and(|b| scope.iter().any(|d| d.name == b && d.int_elements() && d.array.is_none()))
        }
        "parenthesized_expression" => n.named_child(0).is_some_and(|c| int_expr(c, src, scope)),
        "unary_expression" => n.child_by_field_name("argument").is_some_and(|c| int_expr(c, src, scope)),
        "binary_expression" => {
            let op = n.child_by_field_name("operator").map(|o| text(o, src)).unwrap_or("");
            matches!(op, "+" | "-" | "*" | "/" | "%")
                && [n.child_by_field_name("left"), n.child_by_field_name("right")]
                    .iter()
                    .all(|c| c.is_some_and(|c| int_expr(c, src, scope)))
        }
        _ => false,
    }
}

/// The statement a node belongs to (its location for localization).
fn stmt_of(x: Node) -> Node {
    let mut cur = x;
    while let Some(p) = cur.parent() {
        if cur.kind().ends_with("_statement") || cur.kind() == "declaration" {
            break;
        }
        cur = p;
    }
    cur
}

/// The function `n` is in returns `bool` (`_Bool`), not a pointer.
fn returns_bool(n: Node, src: &str) -> bool {
    enclosing_function(n).is_some_and(|f| {
        f.child_by_field_name("type").is_some_and(|t| matches!(text(t, src), "bool" | "_Bool" | "boolean"))
            && f.child_by_field_name("declarator").is_some_and(|d| d.kind() == "function_declarator")
    })
}

/// The function `n` is in returns an integer (not a pointer).
fn returns_int(n: Node, src: &str) -> bool {
    enclosing_function(n).is_some_and(|f| {
        let int = f.child_by_field_name("type").is_some_and(|t| int_like(t, src));
        int && f.child_by_field_name("declarator").is_some_and(|d| d.kind() == "function_declarator")
    })
}

/// What the site's text becomes with `expr` in the hole.
pub fn replacement_text(site: &Site, expr: &str) -> String {
    match site.schema {
        Schema::Guard => format!("if ({expr}) {}", site.original),
        _ if site.schema.inserts() => format!("if ({expr}) {}\n{}{}", site.inserted, site.indent, site.original),
        Schema::Step => format!("{} += {expr}", step_target(&site.original)),
        _ => expr.to_string(),
    }
}

/// The variable of `i++` / `--i`.
fn step_target(original: &str) -> &str {
    original.trim_matches(|c: char| c == '+' || c == '-' || c.is_whitespace())
}

/// The step `i++` / `i--` adds.
fn step_of(original: &str) -> i64 {
    if original.contains("--") {
        -1
    } else {
        1
    }
}

/// `src` with the site's range replaced: the expression by `expr`, a
/// guarded statement wrapped in `if (expr)`, an increment by `i += expr`.
pub fn replace(src: &str, site: &Site, expr: &str) -> String {
    format!("{}{}{}", &src[..site.range.start], replacement_text(site, expr), &src[site.range.end..])
}
