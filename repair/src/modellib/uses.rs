//! Where a C source calls or defines a function (tree-sitter).

use tree_sitter::{Node, Parser};

/// How a source uses one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Uses {
    pub called: bool,
    /// The line (1-based) of its definition.
    pub defined: Option<usize>,
}

/// How `text` uses the function `name`.
pub fn function_uses(text: &str, name: &str) -> Uses {
    let mut p = Parser::new();
    let mut out = Uses::default();
    if p.set_language(&tree_sitter_c::LANGUAGE.into()).is_err() {
        return out;
    }
    let Some(tree) = p.parse(text, None) else { return out };
    let src = text.as_bytes();
    let is_name =
        |n: Option<Node>| n.is_some_and(|n| n.kind() == "identifier" && n.utf8_text(src).is_ok_and(|t| t == name));
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "call_expression" if is_name(n.child_by_field_name("function")) => out.called = true,
            // `&f` or `f` passed as a value also needs the function.
            "identifier"
                if is_name(Some(n))
                    && n.parent().is_some_and(|p| !matches!(p.kind(), "function_declarator" | "call_expression")) =>
            {
                out.called = true
            }
            "function_definition" => {
                let mut d = n.child_by_field_name("declarator");
                while let Some(x) = d {
                    if x.kind() == "function_declarator" {
                        if is_name(x.child_by_field_name("declarator")) {
                            out.defined = Some(n.start_position().row + 1);
                        }
                        break;
                    }
                    d = x.child_by_field_name("declarator");
                }
            }
            _ => {}
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_and_definitions() {
        let t = "int f(int);\nint g(void) { return f(1); }\n";
        assert_eq!(function_uses(t, "f"), Uses { called: true, defined: None });
        assert_eq!(function_uses(t, "g"), Uses { called: false, defined: Some(2) });
        assert_eq!(function_uses(t, "h"), Uses::default());
        assert!(function_uses("int (*p)(const char *) = atoi;", "atoi").called);
    }
}
