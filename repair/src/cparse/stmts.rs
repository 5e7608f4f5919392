//! Edits of whole statements, as the C source: a `goto`'s label changed to
//! another label of its function, a statement copied from elsewhere in the
//! file in front of another, a statement swapped with the next one, a
//! statement deleted. They have no second-order hole: `fix` validates each
//! natively (`fix/stmtedit.rs`).

use super::{enclosing_function, function_name, in_scope, indent_at, reads, row, text, Schema};
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

/// Calls whose statement prints or ends the program: never deleted (a
/// test's output is what a deletion would most cheaply change).
const KEPT_CALLS: [&str; 14] = [
    "printf", "fprintf", "puts", "fputs", "putchar", "putc", "fputc", "fwrite", "write", "exit", "error", "abort",
    "usage", "perror",
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
        for a in copied(s, &assignments, &functions, src, copies).into_iter().filter(|_| in_block) {
            let indent = indent_at(s.start_byte(), src);
            let t = text(a, src);
            out.push(edit(Schema::Copy, s.start_byte()..s.start_byte(), format!("{t}\n{indent}"), t.to_string()));
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
/// file, every variable they name visible at `s`, assigning what `s` or a
/// statement after it in its block reads, and not the statement just
/// before `s`. Those of other functions first (a forgotten statement
/// that exists elsewhere), closest first.
fn copied<'t>(
    s: Node<'t>, assignments: &[Node<'t>], functions: &[(String, &str)], src: &str, most: usize,
) -> Vec<Node<'t>> {
    let Some(f) = enclosing_function(s) else { return Vec::new() };
    let scope: Vec<String> = in_scope(s, src).into_iter().map(|d| d.name).collect();
    let after = &src[s.start_byte()..s.parent().map_or(s.end_byte(), |p| p.end_byte())];
    // The bodies of the functions called from there, once per statement.
    let callees: Vec<&str> = functions.iter().filter(|(name, _)| calls(after, name)).map(|(_, body)| *body).collect();
    let mut fits: Vec<Node> = assignments
        .iter()
        .copied()
        .filter(|a| {
            let Some(e) = a.named_child(0) else { return false };
            let Some(lhs) = e.child_by_field_name("left") else { return false };
            let target = text(lhs, src);
            let before = s.prev_named_sibling().is_some_and(|b| text(b, src) == text(*a, src));
            let inside = a.start_byte() >= s.start_byte() && a.end_byte() <= s.end_byte();
            !before
                && !inside
                && (reads_text(after, target) || callees.iter().any(|body| reads_text(body, target)))
                && {
                    let mut names = Vec::new();
                    reads(*a, src, &mut names, &mut Vec::new());
                    names.iter().all(|n| scope.contains(n) || n.chars().all(|c| !c.is_ascii_lowercase()))
                }
        })
        .collect();
    fits.sort_by_key(|a| {
        (a.start_byte() >= f.start_byte() && a.end_byte() <= f.end_byte(), a.start_byte().abs_diff(s.start_byte()))
    });
    fits.truncate(most);
    fits
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
    fn neighbours_swap_and_assignments_delete() {
        let e = statement_edits(SRC, &at(10), 2);
        let swap = e.iter().find(|e| e.schema == Schema::Swap).expect("a swap");
        assert!(swap.apply(SRC).contains("n = n + 1;\n    k = n * 2;"));
        let del = e.iter().find(|e| e.schema == Schema::Delete).expect("a deletion");
        assert!(!del.apply(SRC).contains("k = n * 2;"));
        assert!(del.apply(SRC).contains("    int k = 0;\n    if (n < 0)\n        goto fail;\n    n = n + 1;"));
    }
}
