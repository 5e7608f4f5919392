//! The house's size rules, read from the sources: no source file over
//! [`MAX_FILE_LINES`] lines, no function over [`MAX_FN_LINES`] — but the
//! few named in [`LONG_FNS`], each of which must still be long (a stale
//! allowance fails, so the list only shrinks).

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The source folders of the workspace's crates.
const SOURCES: [&str; 6] = ["src", "klee-ext/src", "repair/src", "dbgbench/src", "ktest-format/src", "runtest/src"];

const MAX_FILE_LINES: usize = 800;

const MAX_FN_LINES: usize = 150;

/// Functions allowed over [`MAX_FN_LINES`]: (file, function). Each is a
/// dispatch over one enum whose arms are one call each, or nearly.
const LONG_FNS: [(&str, &str); 5] = [
    ("klee-ext/src/exec/mod.rs", "execute"),
    ("klee-ext/src/exec/special.rs", "special"),
    ("klee-ext/src/exec/posix/process.rs", "exec"),
    ("klee-ext/src/ir/lower/mod.rs", "lower_inst"),
    ("repair/src/modellib/mod.rs", "model"),
];

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("source folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for d in SOURCES {
        rs_files(&Path::new(ROOT).join(d), &mut files);
    }
    files.sort();
    assert!(files.len() > 100, "the sources were not found under {ROOT}");
    files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(ROOT).expect("under the root").to_string_lossy().into_owned();
            (rel, std::fs::read_to_string(&f).expect("source"))
        })
        .collect()
}

/// The name of the function a line declares, if it declares one with a
/// body (`fn name(` after any qualifiers).
fn declared_fn(line: &str) -> Option<&str> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return None;
    }
    let at = code.find("fn ")?;
    let before = &code[..at];
    let qualifiers = ["pub", "pub(crate)", "pub(super)", "const", "async", "unsafe", "extern", "\"C\""];
    if !before.split_whitespace().all(|w| qualifiers.contains(&w)) {
        return None;
    }
    let rest = &code[at + 3..];
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    (end > 0).then(|| &rest[..end])
}

/// Every function with a body in `text`: (name, first line, lines). A
/// body ends at the first line that closes a brace at the declaration's
/// indentation (the sources are formatted by rustfmt).
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = declared_fn(line) else { continue };
        let indent = line.len() - line.trim_start().len();
        // A declaration without a body (a trait's) ends with `;`.
        let Some(open) =
            (i..lines.len()).find(|&k| lines[k].trim_end().ends_with('{') || lines[k].trim_end().ends_with(';'))
        else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        let close = (open + 1..lines.len()).find(|&k| {
            let l = lines[k];
            l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}')
        });
        if let Some(close) = close {
            out.push((name.to_string(), i + 1, close - i + 1));
        }
    }
    out
}

#[test]
fn no_source_file_is_over_the_limit() {
    let long: Vec<String> = sources()
        .into_iter()
        .map(|(f, text)| (f, text.lines().count()))
        .filter(|(_, n)| *n > MAX_FILE_LINES)
        .map(|(f, n)| format!("{f}: {n} lines"))
        .collect();
    assert!(long.is_empty(), "source files over {MAX_FILE_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn no_function_is_over_the_limit_but_the_allowed_and_each_allowance_is_used() {
    let mut long = Vec::new();
    let mut used = vec![false; LONG_FNS.len()];
    for (f, text) in sources() {
        for (name, line, n) in functions(&text) {
            if n <= MAX_FN_LINES {
                continue;
            }
            match LONG_FNS.iter().position(|(af, an)| *af == f && *an == name) {
                Some(k) => used[k] = true,
                None => long.push(format!("{f}:{line}: fn {name}: {n} lines")),
            }
        }
    }
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines:\n{}", long.join("\n"));
    let stale: Vec<String> =
        LONG_FNS.iter().zip(&used).filter(|(_, u)| !**u).map(|((f, n), _)| format!("{f}: fn {n}")).collect();
    assert!(
        stale.is_empty(),
        "allowed long functions that are no longer long (drop them from LONG_FNS):\n{}",
        stale.join("\n")
    );
}

#[test]
fn the_function_reader_finds_bodies_and_skips_declarations() {
    let text = "pub(super) fn a(x: u8) -> u8 {\n    x\n}\ntrait T {\n    fn b(&self);\n    fn c(&self) {\n        let s = \"fn d() {\";\n    }\n}\n// fn e() {\n";
    let got = functions(text);
    assert_eq!(got, vec![("a".to_string(), 1, 3), ("c".to_string(), 6, 3)]);
    assert_eq!(declared_fn("    pub unsafe extern \"C\" fn f_1(x: i32) {"), Some("f_1"));
    assert_eq!(declared_fn("    let g = |x| x; // not fn h("), None);
}
