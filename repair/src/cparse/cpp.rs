//! One preprocessor branch of a source, for a parser that sees no
//! preprocessor. Conditional directives that split a statement
//! (`#ifdef X ... } else { #endif`) leave tree-sitter with one ERROR node
//! for the whole file, so no site is found in it. The view keeps the
//! source's length and line breaks, blanks every conditional directive and
//! the lines of the branches not taken: byte ranges of the view are byte
//! ranges of the source.
//!
//! Which branch is taken is decided from the file alone: `#if 0` and
//! `#if 1`, `defined`/`#ifdef`/`#ifndef` of a macro the file defines or
//! undefines above, and otherwise the first branch (`#ifdef X` is taken
//! for an `X` defined in some header: the configuration a project is
//! usually built in).

use std::collections::HashMap;

/// Whether macro `name` is defined: as the file says above, else as the
/// project says (`project`: its headers' `#define`s and its configured
/// `config.h`; a name it never defines is not defined, unless it is a
/// reserved one such as `__GNUC__`), else (no project known) `unknown`.
fn is_defined(
    name: &str, file: &HashMap<String, bool>, project: Option<&HashMap<String, bool>>, unknown: bool,
) -> bool {
    if let Some(d) = file.get(name) {
        return *d;
    }
    match project {
        Some(p) => p.get(name).copied().unwrap_or(name.starts_with('_')),
        None => unknown,
    }
}

/// What a condition's value is taken to be.
fn condition(kind: &str, rest: &str, defined: &HashMap<String, bool>, project: Option<&HashMap<String, bool>>) -> bool {
    let word = |s: &str| s.trim().trim_start_matches('(').trim_end_matches(')').trim().to_string();
    match kind {
        "ifdef" => is_defined(&word(rest), defined, project, true),
        "ifndef" => !is_defined(&word(rest), defined, project, false),
        _ => {
            let e = rest.split("/*").next().unwrap_or("").split("//").next().unwrap_or("").trim();
            if e == "0" {
                false
            } else if let Some(name) = e.strip_prefix("!defined").or_else(|| e.strip_prefix("! defined")) {
                !is_defined(&word(name), defined, project, false)
            } else if let Some(name) = e.strip_prefix("defined") {
                let n = word(name);
                !n.chars().all(|c| c.is_alphanumeric() || c == '_') || is_defined(&n, defined, project, true)
            } else if e.chars().all(|c| c.is_alphanumeric() || c == '_')
                && project.is_some_and(|p| p.get(e) == Some(&false))
            {
                // `#if HAVE_X` where config.h leaves it undefined.
                false
            } else {
                true
            }
        }
    }
}

/// The view of `src` with one branch of each conditional, or `None` when
/// the source has no conditional directive. `project`: the macros the
/// project defines (`true`) or its configuration leaves undefined
/// (`false`); without it a macro the file does not define takes the first
/// branch.
pub fn active_view(src: &str, project: Option<&HashMap<String, bool>>) -> Option<String> {
    let mut out = String::with_capacity(src.len());
    // Per open conditional: (the enclosing region is active, a branch was
    // taken, the current branch is active).
    let mut stack: Vec<(bool, bool, bool)> = Vec::new();
    let mut defined: HashMap<String, bool> = Default::default();
    let mut any = false;
    // A directive continued on the next line (`\`): whether it is blanked.
    let mut continuation: Option<bool> = None;
    for line in src.split_inclusive('\n') {
        let active = stack.last().is_none_or(|s| s.2);
        let continues = line.trim_end_matches(['\n', '\r']).ends_with('\\');
        let blank = if let Some(b) = continuation {
            b
        } else if let Some(d) = line.trim_start().strip_prefix('#').map(str::trim_start) {
            let kind: String = d.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
            let rest = &d[kind.len()..];
            match kind.as_str() {
                "if" | "ifdef" | "ifndef" => {
                    any = true;
                    let c = active && condition(&kind, rest, &defined, project);
                    stack.push((active, c, c));
                    true
                }
                "elif" => {
                    any = true;
                    if let Some(s) = stack.last_mut() {
                        let c = s.0 && !s.1 && condition("if", rest, &defined, project);
                        s.1 |= c;
                        s.2 = c;
                    }
                    true
                }
                "else" => {
                    any = true;
                    if let Some(s) = stack.last_mut() {
                        s.2 = s.0 && !s.1;
                        s.1 = true;
                    }
                    true
                }
                "endif" => {
                    any = true;
                    stack.pop();
                    true
                }
                "define" | "undef" if active => {
                    let name: String =
                        rest.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    defined.insert(name, kind == "define");
                    false
                }
                _ => !active,
            }
        } else {
            !active
        };
        continuation = continues.then_some(blank);
        if blank {
            // Byte for byte, so that offsets stay.
            out.extend(line.bytes().map(|b| if b == b'\n' || b == b'\r' { b as char } else { ' ' }));
        } else {
            out.push_str(line);
        }
    }
    debug_assert_eq!(out.len(), src.len());
    any.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::active_view;
    use std::collections::HashMap;

    #[test]
    fn keeps_one_branch_and_every_offset() {
        let src = "int f(int b) {\n#ifdef WIDE\n  if (b > 1) {\n    b--;\n  } else {\n#endif\n    b++;\n#ifdef WIDE\n  }\n#endif\n#if 0\n  b = 7;\n#else\n  b += 2;\n#endif\n  return b;\n}\n";
        let v = active_view(src, None).unwrap();
        assert_eq!(v.len(), src.len());
        assert_eq!(v.lines().count(), src.lines().count());
        let kept: Vec<&str> = v.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        assert_eq!(
            kept,
            ["int f(int b) {", "if (b > 1) {", "b--;", "} else {", "b++;", "}", "b += 2;", "return b;", "}"]
        );
        assert!(active_view("int x;\n", None).is_none());
        // A project that never defines WIDE: the other branch.
        let none = HashMap::new();
        let v = active_view(src, Some(&none)).unwrap();
        let kept: Vec<&str> = v.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        assert_eq!(kept, ["int f(int b) {", "b++;", "b += 2;", "return b;", "}"]);
    }

    #[test]
    fn the_file_s_own_definitions_decide() {
        let src = "#define A 1\n#undef B\n#ifdef A\nint a;\n#endif\n#ifdef B\nint b;\n#else\nint nb;\n#endif\n#ifndef C\nint c;\n#endif\n#if defined (B)\nint d;\n#elif defined A\nint e;\n#endif\n";
        let v = active_view(src, None).unwrap();
        let kept: Vec<&str> = v.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        assert_eq!(kept, ["#define A 1", "#undef B", "int a;", "int nb;", "int c;", "int e;"]);
    }
}
