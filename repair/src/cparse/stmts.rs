//! Edits of whole statements, as the C source: a `goto`'s label changed to
//! another label of its function, a statement copied from elsewhere in the
//! file in front of another (as written, or with one variable re-bound), a
//! value the statement overwrites saved in a new local and restored after
//! it, a statement swapped with the next one, a statement deleted. They have no second-order hole: `fix` validates each
//! natively (`fix/stmtedit.rs`).

use super::{enclosing_function, function_name, in_scope, indent_at, reads, row, text, Decl, Schema};
use std::ops::Range;
use tree_sitter::Node;

/// One edit of a statement.
#[derive(Clone, Debug)]
pub struct StmtEdit {
    pub schema: Schema,
    /// The statement edited (its location for localization).
    pub stmt: Range<usize>,
    /// 1-based lines of the statement.
    pub lines: Range<u32>,
    /// Bytes replaced, and their replacement.
    pub range: Range<usize>,
    pub replacement: String,
    /// What a report shows: the statement before and after.
    pub original: String,
    pub shown: String,
    pub function: String,
}

impl StmtEdit {
    /// `src` with the edit made.
    pub fn apply(&self, src: &str) -> String {
        format!("{}{}{}", &src[..self.range.start], self.replacement, &src[self.range.end..])
    }
}

/// Calls whose statement prints, reads the input or ends the program:
/// never deleted (a test's output is what a deletion would most cheaply
/// change; a skipped read shifts all the input after it).
const KEPT_CALLS: [&str; 23] = [
    "printf", "fprintf", "puts", "fputs", "putchar", "putc", "fputc", "fwrite", "write", "exit", "error", "abort",
    "usage", "perror", "scanf", "fscanf", "sscanf", "getchar", "getc", "fgetc", "fgets", "fread", "read",
];

/// The statement edits of `src` at the statements whose lines `wanted`
/// accepts, in the order of the file; at most `copies` copied statements
/// per statement.
pub fn statement_edits(src: &str, wanted: &dyn Fn(Range<u32>) -> bool, copies: usize) -> Vec<StmtEdit> {
    let Ok((tree, view)) = super::parse_view(src) else { return Vec::new() };
    let src: &str = &view;
    let root = tree.root_node();
    // Every assignment statement of the file, once per text: what a copy
    // may insert.
    let mut assignments: Vec<Node> = Vec::new();
    let mut stack = vec![root];
    let mut statements = Vec::new();
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
        if n.has_error() || enclosing_function(n).is_none() {
            continue;
        }
        if n.kind() == "expression_statement"
            && n.named_child(0).is_some_and(|e| e.kind() == "assignment_expression")
            && !assignments.iter().any(|a| text(*a, src) == text(n, src))
        {
            assignments.push(n);
        }
        let in_block = n.parent().is_some_and(|p| p.kind() == "compound_statement");
        let statement = n.kind().ends_with("_statement") && n.kind() != "compound_statement";
        if statement && (in_block || n.kind() == "goto_statement") {
            statements.push(n);
        }
    }
    assignments.sort_by_key(|a| a.start_byte());
    // The functions of the file by name: a copy may assign what a callee
    // reads.
    let mut functions: Vec<(String, &str)> = Vec::new();
    let mut c = root.walk();
    for f in root.named_children(&mut c).filter(|f| f.kind() == "function_definition") {
        if let Some(body) = f.child_by_field_name("body") {
            functions.push((function_name(body, src), text(body, src)));
        }
    }
    statements.sort_by_key(|s| s.start_byte());
    let mut out = Vec::new();
    for s in statements {
        let lines = row(s.start_byte(), src)..row(s.end_byte(), src) + 1;
        if !wanted(lines.clone()) {
            continue;
        }
        let edit = |schema: Schema, range: Range<usize>, replacement: String, shown: String| StmtEdit {
            schema,
            stmt: s.byte_range(),
            lines: lines.clone(),
            range,
            replacement,
            original: text(s, src).to_string(),
            shown,
            function: function_name(s, src),
        };
        if s.kind() == "goto_statement" {
            for l in labels(s, src) {
                let new = format!("goto {l};");
                if new != text(s, src) && !text(s, src).ends_with(&format!(" {l};")) {
                    out.push(edit(Schema::Jump, s.byte_range(), new.clone(), new));
                }
            }
        }
        let in_block = s.parent().is_some_and(|p| p.kind() == "compound_statement");
        let indent = indent_at(s.start_byte(), src);
        // What is visible at `s`: what a copy may name, what a save may keep.
        let scope = if in_block { in_scope(s, src) } else { Vec::new() };
        for t in copied(s, &scope, &assignments, &functions, src, copies).into_iter().filter(|_| in_block) {
            out.push(edit(Schema::Copy, s.start_byte()..s.start_byte(), format!("{t}\n{indent}"), t));
        }
        if in_block && s.kind() != "labeled_statement" {
            for v in saved(s, &scope, src) {
                let (decl, restore) = (format!("{} {}{} = {};", v.ty, v.star, v.local, v.name), v.restore());
                let replacement = format!("{decl}\n{indent}{}\n{indent}{restore}", text(s, src));
                out.push(edit(Schema::SaveRestore, s.byte_range(), replacement, format!("{decl} … {restore}")));
            }
        }
        if let Some(next) = s.next_named_sibling().filter(|n| n.kind() == "expression_statement" && in_block) {
            if s.kind() == "expression_statement" && text(s, src) != text(next, src) {
                let between = &src[s.end_byte()..next.start_byte()];
                let swapped = format!("{}{between}{}", text(next, src), text(s, src));
                out.push(edit(Schema::Swap, s.start_byte()..next.end_byte(), swapped.clone(), swapped));
            }
        }
        if in_block && deletable(s, src) {
            out.push(edit(Schema::Delete, whole_lines(s, src), String::new(), String::new()));
        }
    }
    out
}

/// The labels of the function `n` lies in.
fn labels(n: Node, src: &str) -> Vec<String> {
    let Some(f) = enclosing_function(n) else { return Vec::new() };
    let mut out = Vec::new();
    let mut stack = vec![f];
    while let Some(x) = stack.pop() {
        let mut c = x.walk();
        stack.extend(x.named_children(&mut c));
        if x.kind() == "labeled_statement" {
            if let Some(l) = x.child_by_field_name("label") {
                out.push(text(l, src).to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The assignments a copy may insert before `s`: from elsewhere in the
/// file, every variable they name visible at `s` (or one of them re-bound
/// to a variable of its declared type in scope), assigning what `s` or a
/// statement after it in its block reads, and not the statement just
/// before `s`. Copies as written first, then those of other functions (a
/// forgotten statement that exists elsewhere), closest first.
fn copied<'t>(
    s: Node<'t>, scope: &[Decl], assignments: &[Node<'t>], functions: &[(String, &str)], src: &str, most: usize,
) -> Vec<String> {
    let Some(f) = enclosing_function(s) else { return Vec::new() };
    let after = &src[s.start_byte()..s.parent().map_or(s.end_byte(), |p| p.end_byte())];
    // The bodies of the functions called from there, once per statement.
    let callees: Vec<&str> = functions.iter().filter(|(name, _)| calls(after, name)).map(|(_, body)| *body).collect();
    let read_later = |target: &str| reads_text(after, target) || callees.iter().any(|body| reads_text(body, target));
    let before = s.prev_named_sibling().map(|b| text(b, src));
    let mut fits: Vec<((bool, bool, usize), String)> = Vec::new();
    for a in assignments {
        let Some(lhs) = a.named_child(0).and_then(|e| e.child_by_field_name("left")) else { continue };
        if a.start_byte() >= s.start_byte() && a.end_byte() <= s.end_byte() {
            continue;
        }
        let mut names = Vec::new();
        reads(*a, src, &mut names, &mut Vec::new());
        names.dedup();
        // Upper-case names are the file's macros and constants.
        let mut missing =
            names.iter().filter(|n| !scope.iter().any(|d| d.name == **n) && n.chars().any(|c| c.is_ascii_lowercase()));
        let here = a.start_byte() >= f.start_byte() && a.end_byte() <= f.end_byte();
        let distance = a.start_byte().abs_diff(s.start_byte());
        match (missing.next(), missing.next()) {
            (None, _) if read_later(text(lhs, src)) => fits.push(((false, here, distance), text(*a, src).to_string())),
            (Some(from), None) => {
                let Some(was) = in_scope(*a, src).into_iter().find(|d| d.name == *from) else { continue };
                let same = |d: &&Decl| {
                    d.ty == was.ty && d.levels == was.levels && d.array == was.array && !names.contains(&d.name)
                };
                for to in scope.iter().filter(same).take(2) {
                    if read_later(&rebind(lhs, src, from, &to.name)) {
                        fits.push(((true, here, distance), rebind(*a, src, from, &to.name)));
                    }
                }
            }
            _ => {}
        }
    }
    fits.sort();
    let mut out: Vec<String> = Vec::new();
    for (_, t) in fits {
        if Some(t.as_str()) != before && !out.contains(&t) && out.len() < most {
            out.push(t);
        }
    }
    out
}

/// `n`'s text with every variable `from` (not a called function) named
/// `to`.
fn rebind(n: Node, src: &str, from: &str, to: &str) -> String {
    fn walk(n: Node, src: &str, from: &str, at: &mut Vec<std::ops::Range<usize>>) {
        if n.kind() == "identifier" && text(n, src) == from {
            at.push(n.byte_range());
        }
        let mut c = n.walk();
        for ch in n.named_children(&mut c) {
            let called = n.kind() == "call_expression" && n.child_by_field_name("function") == Some(ch);
            if !called {
                walk(ch, src, from, at);
            }
        }
    }
    let mut at = Vec::new();
    walk(n, src, from, &mut at);
    let mut out = String::new();
    let mut from_byte = n.start_byte();
    for r in at {
        out.push_str(&src[from_byte..r.start]);
        out.push_str(to);
        from_byte = r.end;
    }
    out.push_str(&src[from_byte..n.end_byte()]);
    out
}

/// A value a statement overwrites, to save before it and restore after.
struct Saved {
    name: String,
    ty: String,
    star: &'static str,
    local: String,
}

impl Saved {
    fn restore(&self) -> String {
        format!("{} = {};", self.name, self.local)
    }
}

/// Values saved before one statement at most.
const SAVED: usize = 2;

/// The variables declared before `s` that `s` overwrites (assigns,
/// increments or passes by address) and that are read after it: later in
/// the function, or by its loop's next turn. Scalars and pointers, in the
/// order `s` writes them.
fn saved(s: Node, scope: &[Decl], src: &str) -> Vec<Saved> {
    fn writes(n: Node, src: &str, out: &mut Vec<String>) {
        let target = match n.kind() {
            "assignment_expression" => n.child_by_field_name("left"),
            "update_expression" => n.child_by_field_name("argument"),
            "pointer_expression"
                if n.child_by_field_name("operator").is_some_and(|o| text(o, src) == "&")
                    && n.parent().is_some_and(|p| p.kind() == "argument_list") =>
            {
                n.child_by_field_name("argument")
            }
            _ => None,
        };
        if let Some(t) = target.filter(|t| t.kind() == "identifier") {
            if !out.iter().any(|w| w == text(t, src)) {
                out.push(text(t, src).to_string());
            }
        }
        let mut c = n.walk();
        for ch in n.named_children(&mut c) {
            writes(ch, src, out);
        }
    }
    let Some(f) = enclosing_function(s) else { return Vec::new() };
    let mut written = Vec::new();
    writes(s, src, &mut written);
    let later = &src[s.end_byte()..f.end_byte()];
    // What the enclosing loop reads before `s` on its next turn.
    let mut looped = "";
    let mut up = s.parent();
    while let Some(p) = up.filter(|p| p.id() != f.id()) {
        if matches!(p.kind(), "for_statement" | "while_statement" | "do_statement") {
            looped = &src[p.start_byte()..s.start_byte()];
            break;
        }
        up = p.parent();
    }
    let body = text(f, src);
    let mut out = Vec::new();
    for v in written {
        let Some(d) = scope.iter().find(|d| d.name == v) else { continue };
        if d.array.is_some() || d.levels > 1 || !(reads_text(later, &v) || reads_text(looped, &v)) {
            continue;
        }
        let mut local = format!("saved_{v}");
        for k in 2.. {
            if !reads_text(body, &local) && !scope.iter().any(|d| d.name == local) {
                break;
            }
            local = format!("saved_{v}{k}");
        }
        out.push(Saved { name: v, ty: d.ty.clone(), star: if d.pointer { "*" } else { "" }, local });
        if out.len() >= SAVED {
            break;
        }
    }
    out
}

/// Whether `text` names `target` as a whole word (`st.depth` in
/// `if (st.depth > 1)`, not in `st.depths`).
fn reads_text(text: &str, target: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(target).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + target.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Whether `text` calls function `name` (`name (` or `name(`).
fn calls(text: &str, name: &str) -> bool {
    !name.is_empty()
        && text.match_indices(name).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
            !before.is_some_and(word) && text[i + name.len()..].trim_start().starts_with('(')
        })
}

/// An assignment or a call that neither prints nor ends the program.
fn deletable(s: Node, src: &str) -> bool {
    if s.kind() != "expression_statement" {
        return false;
    }
    let Some(e) = s.named_child(0) else { return false };
    match e.kind() {
        "assignment_expression" | "update_expression" => true,
        "call_expression" => e.child_by_field_name("function").is_some_and(|f| !KEPT_CALLS.contains(&text(f, src))),
        _ => false,
    }
}

/// `s`'s bytes, with its whole line when nothing else is on it.
fn whole_lines(s: Node, src: &str) -> Range<usize> {
    let line_start = src[..s.start_byte()].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[s.end_byte()..].find('\n').map_or(src.len(), |i| s.end_byte() + i + 1);
    let alone = src[line_start..s.start_byte()].trim().is_empty() && src[s.end_byte()..line_end].trim().is_empty();
    if alone {
        line_start..line_end
    } else {
        s.byte_range()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "struct st { int depth; } st;\n\
int level;\n\
void reset(void) {\n    st.depth = level;\n}\n\
int walk(int n) {\n    int k = 0;\n    if (n < 0)\n        goto fail;\n    k = n * 2;\n    n = n + 1;\n    if (st.depth > k)\n        return 1;\n    return k;\nfail:\n    return -1;\ndone:\n    return 0;\n}\n";

    fn at(line: u32) -> impl Fn(Range<u32>) -> bool {
        move |r: Range<u32>| r.contains(&line)
    }

    #[test]
    fn a_goto_gets_the_other_labels_of_its_function() {
        let e = statement_edits(SRC, &at(9), 2);
        let jumps: Vec<&str> = e.iter().filter(|e| e.schema == Schema::Jump).map(|e| e.shown.as_str()).collect();
        assert_eq!(jumps, ["goto done;"]);
    }

    #[test]
    fn a_forgotten_assignment_is_copied_from_another_function() {
        // Before `if (st.depth > k)`, which reads `st.depth`.
        let e = statement_edits(SRC, &at(12), 2);
        let copy = e.iter().find(|e| e.schema == Schema::Copy).expect("a copy");
        assert_eq!(copy.shown, "st.depth = level;");
        let patched = copy.apply(SRC);
        assert!(patched.contains("    st.depth = level;\n    if (st.depth > k)"), "{patched}");
        // Nothing after `return k;` reads `st.depth`: no copy of it there
        // (`k = n * 2;`, which assigns what it returns, is one).
        let late = statement_edits(SRC, &at(14), 2);
        let copies: Vec<&str> = late.iter().filter(|e| e.schema == Schema::Copy).map(|e| e.shown.as_str()).collect();
        assert_eq!(copies, ["k = n * 2;"]);
    }

    #[test]
    fn a_copy_re_binds_a_variable_to_one_of_its_type_in_scope() {
        let src = "struct ent { int level; };\nint depth;\n\
void enter(struct ent *e) {\n    depth = e->level;\n}\n\
int visit(struct ent *cur, int n) {\n    if (depth > n)\n        return 1;\n    return 0;\n}\n";
        let e = statement_edits(src, &at(7), 2);
        let copies: Vec<&str> = e.iter().filter(|e| e.schema == Schema::Copy).map(|e| e.shown.as_str()).collect();
        assert_eq!(copies, ["depth = cur->level;"]);
        // `n` is an `int`, not a `struct ent *`: never `n->level`.
        assert!(e.iter().all(|e| !e.shown.contains("n->")));
    }

    #[test]
    fn a_value_a_loop_overwrites_is_saved_and_restored() {
        let src = "int digits(const char *s, int n) {\n    int sum = 0;\n    while (n > 0) {\n        sum += n % 10;\n        n /= 10;\n    }\n    return sum * 100 + n;\n}\n";
        let e = statement_edits(src, &at(3), 2);
        let saves: Vec<&StmtEdit> = e.iter().filter(|e| e.schema == Schema::SaveRestore).collect();
        // `sum` is assigned too, and read after the loop: both, in order.
        let shown: Vec<&str> = saves.iter().map(|e| e.shown.as_str()).collect();
        assert_eq!(shown, ["int saved_sum = sum; … sum = saved_sum;", "int saved_n = n; … n = saved_n;"]);
        let patched = saves[1].apply(src);
        assert!(patched.contains("    int saved_n = n;\n    while (n > 0) {"), "{patched}");
        assert!(patched.contains("        n /= 10;\n    }\n    n = saved_n;\n    return"), "{patched}");
        // Inside the loop, the next turn's condition reads `n`.
        let inner = statement_edits(src, &at(5), 2);
        assert!(inner.iter().any(|e| e.schema == Schema::SaveRestore && e.shown.starts_with("int saved_n = n;")));
        // Nothing after `return` reads anything.
        assert!(statement_edits(src, &at(7), 2).iter().all(|e| e.schema != Schema::SaveRestore));
        // A pointer keeps its declared type.
        let src = "int f(const char *p, int k) {\n    for (; *p; p++)\n        k++;\n    return *p + k;\n}\n";
        let e = statement_edits(src, &at(2), 2);
        let first = e.iter().find(|e| e.schema == Schema::SaveRestore).expect("a save");
        assert_eq!(first.shown, "const char *saved_p = p; … p = saved_p;");
    }

    #[test]
    fn neighbours_swap_and_assignments_delete() {
        let e = statement_edits(SRC, &at(10), 2);
        let swap = e.iter().find(|e| e.schema == Schema::Swap).expect("a swap");
        assert!(swap.apply(SRC).contains("n = n + 1;\n    k = n * 2;"));
        let del = e.iter().find(|e| e.schema == Schema::Delete).expect("a deletion");
        assert!(!del.apply(SRC).contains("k = n * 2;"));
        assert!(del.apply(SRC).contains("    int k = 0;\n    if (n < 0)\n        goto fail;\n    n = n + 1;"));
    }
}
