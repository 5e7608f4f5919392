//! How a function uses its local variables, for the choice of a hole's
//! operands beyond those the original and its context read: a local that
//! nothing mentions after its declarator holds one constant (its
//! initializer, or nothing) and is no operand; one that a `scanf`-family
//! call reads into holds an input of the program, and comes before the
//! function's other locals (a missing check is most often on an input).

use super::*;
use std::collections::HashSet;

/// The uses of the variables of the function around a node.
pub(super) struct Uses {
    /// The function body's byte range (its locals are declared in it).
    body: std::ops::Range<usize>,
    /// Identifiers mentioned anywhere but as a declarator.
    mentioned: HashSet<String>,
    /// Variables a `scanf`-family call reads into (`&x`).
    inputs: HashSet<String>,
}

impl Uses {
    /// The uses in the function `n` lies in (none outside every function).
    pub(super) fn around(n: Node, src: &str) -> Uses {
        let mut u = Uses { body: 0..0, mentioned: HashSet::new(), inputs: HashSet::new() };
        let Some(f) = enclosing_function(n) else { return u };
        let Some(body) = f.child_by_field_name("body") else { return u };
        u.body = body.start_byte()..body.end_byte();
        let mut stack = vec![body];
        while let Some(x) = stack.pop() {
            let mut c = x.walk();
            stack.extend(x.named_children(&mut c));
            match x.kind() {
                "identifier" if !is_declarator(x) => {
                    u.mentioned.insert(text(x, src).to_string());
                }
                "call_expression" => {
                    let callee = x.child_by_field_name("function").map(|f| text(f, src)).unwrap_or_default();
                    if callee.ends_with("scanf") {
                        if let Some(args) = x.child_by_field_name("arguments") {
                            let mut c = args.walk();
                            for a in args.named_children(&mut c).filter(|a| a.kind() == "pointer_expression") {
                                if let Some(v) = a.child_by_field_name("argument").filter(|v| v.kind() == "identifier")
                                {
                                    u.inputs.insert(text(v, src).to_string());
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        u
    }

    /// A local of the function that nothing mentions after its
    /// declarator: one constant over every run.
    pub(super) fn constant(&self, d: &Decl) -> bool {
        self.body.contains(&d.at) && !self.mentioned.contains(&d.name)
    }

    /// A variable a `scanf`-family call of the function reads into.
    pub(super) fn input(&self, d: &Decl) -> bool {
        self.inputs.contains(&d.name)
    }
}

/// Whether identifier `x` is the name a declaration declares (`c` of
/// `int c = 0;`, `p` of `char *p;`, `a` of `int a[3];`), not a use.
fn is_declarator(x: Node) -> bool {
    let mut cur = x;
    while let Some(p) = cur.parent() {
        match p.kind() {
            "pointer_declarator" | "array_declarator" | "parenthesized_declarator" => {
                if p.child_by_field_name("declarator").is_some_and(|d| d.id() == cur.id()) {
                    cur = p;
                    continue;
                }
                return false;
            }
            "init_declarator" => return p.child_by_field_name("declarator").is_some_and(|d| d.id() == cur.id()),
            "declaration" | "parameter_declaration" => {
                return p.children_by_field_name("declarator", &mut p.walk()).any(|d| d.id() == cur.id());
            }
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locals_nothing_reads_are_constants_and_scanf_targets_inputs() {
        let src = "int main(void) {\n  int i, j, a, b, ma = 0, c = 0;\n  int *p;\n  scanf(\"%d%d\", &a, &b);\n  \
                   i = a;\n  while (1) { if (ma == b) break; i++; }\n  return i;\n}\n";
        let (tree, view) = parse_view(src).unwrap();
        let at = view.find("ma == b").unwrap();
        let node = tree.root_node().descendant_for_byte_range(at, at + 2).unwrap();
        let uses = Uses::around(node, &view);
        let scope = in_scope(node, &view);
        let mut constant: Vec<&str> = scope.iter().filter(|d| uses.constant(d)).map(|d| d.name.as_str()).collect();
        constant.sort();
        assert_eq!(constant, ["c", "j", "p"]);
        let inputs: Vec<&str> = scope.iter().filter(|d| uses.input(d)).map(|d| d.name.as_str()).collect();
        assert_eq!(inputs.len(), 2);
        assert!(inputs.contains(&"a") && inputs.contains(&"b"));
    }
}
